//! One small module per environment decides how its scenario looks and how
//! its actions are composed; `generic` serves any environment without one,
//! so a newly registered environment appears in the UI at once.

mod generic;
mod it_mental_health;
mod productivity;
mod support_triage;

use leptos::prelude::*;
use serde_json::Value;

/// The scenario panel for the latest observation of `env_id`.
pub fn scenario(env_id: &str, observation: &Value) -> AnyView {
    match env_id {
        "productivity" => productivity::scenario(observation),
        "it_mental_health" => it_mental_health::scenario(observation),
        "support_triage" => support_triage::scenario(observation),
        _ => generic::scenario(observation),
    }
}

/// The structured action composer; `submit` steps the episode.
pub fn composer(
    env_id: &str,
    observation: &Value,
    action_schema: &Value,
    submit: Callback<Value>,
) -> AnyView {
    match env_id {
        "productivity" => productivity::composer(observation, submit),
        "it_mental_health" => it_mental_health::composer(observation, submit),
        "support_triage" => support_triage::composer(observation, submit),
        _ => generic::composer(action_schema, submit),
    }
}

/// A folded block of long text (instructions, policies).
pub fn folded(title: &'static str, text: String) -> impl IntoView {
    view! {
        <details class="folded">
            <summary>{title}</summary>
            <pre class="prose">{text}</pre>
        </details>
    }
}

pub fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
