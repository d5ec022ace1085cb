//! One small module per environment decides how its scenario looks and how
//! its actions are composed; `generic` serves any environment without one,
//! so a newly registered environment appears in the UI at once. Every
//! composer sends through [`crate::compose::step_button`].

mod generic;
#[cfg(feature = "it_mental_health")]
mod it_mental_health;
#[cfg(feature = "productivity")]
mod productivity;
#[cfg(feature = "support_triage")]
mod support_triage;

use leptos::prelude::*;
use serde_json::Value;

use crate::compose::Composing;
use crate::html::Html;

/// The scenario panel for an observation of `env_id`, as HTML text (see
/// [`crate::html`]); [`on_scenario_click`] and [`on_scenario_change`] take
/// what a person does on it. `before` holds the episode's observations
/// before this one (productivity's calendar lists the lookups in them).
pub(crate) fn scenario(env_id: &str, observation: &Value, before: &[Value]) -> String {
    let mut html = Html::new();
    #[cfg(not(feature = "productivity"))]
    let _ = before;
    match env_id {
        #[cfg(feature = "productivity")]
        "productivity" => productivity::scenario(&mut html, observation, before),
        #[cfg(feature = "it_mental_health")]
        "it_mental_health" => it_mental_health::scenario(&mut html, observation),
        #[cfg(feature = "support_triage")]
        "support_triage" => support_triage::scenario(&mut html, observation),
        _ => generic::scenario(&mut html, observation),
    }
    html.into_string()
}

/// A click on the scenario (productivity's calendar grid picks a slot).
pub(crate) fn on_scenario_click(env_id: &str, event: &web_sys::MouseEvent) {
    #[cfg(feature = "productivity")]
    if env_id == "productivity" {
        productivity::on_click(event);
    }
    #[cfg(not(feature = "productivity"))]
    let _ = (env_id, event);
}

/// A changed control on the scenario (productivity's cleaning ticks).
pub(crate) fn on_scenario_change(env_id: &str, event: &web_sys::Event) {
    #[cfg(feature = "productivity")]
    if env_id == "productivity" {
        productivity::on_change(event);
    }
    #[cfg(not(feature = "productivity"))]
    let _ = (env_id, event);
}

/// The structured action composer of a new episode.
pub(crate) fn composer(env_id: &str, action_schema: &Value, ctx: Composing) -> AnyView {
    match env_id {
        #[cfg(feature = "productivity")]
        "productivity" => productivity::composer(ctx),
        #[cfg(feature = "it_mental_health")]
        "it_mental_health" => it_mental_health::composer(ctx),
        #[cfg(feature = "support_triage")]
        "support_triage" => support_triage::composer(action_schema, ctx),
        _ => generic::composer(action_schema, ctx),
    }
}

/// A folded block of long text (instructions, policies).
pub(crate) fn folded(html: &mut Html, title: &str, text: &str) {
    html.open("details", &[("class", "folded")])
        .element("summary", &[], title)
        .element("pre", &[("class", "prose")], text)
        .close("details");
}

pub(crate) fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The items of a JSON array as text (empty for anything else).
pub(crate) fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| a.iter().map(text_of).collect())
        .unwrap_or_default()
}

/// A one-line text input bound to `value`; `wide` spans the form's width.
/// (Support's records desk has the only ones, so far.)
#[cfg(feature = "support_triage")]
pub(crate) fn text_field(
    label: &'static str,
    id: &'static str,
    placeholder: &'static str,
    wide: bool,
    value: RwSignal<String>,
) -> AnyView {
    view! {
        <label class="field" class:wide=wide>
            <span>{label}</span>
            <input id=id placeholder=placeholder
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev)) />
        </label>
    }
    .into_any()
}

/// A select over `options` with an optional empty first choice (the forms
/// of productivity's email and calendar lookups and support's desk).
#[cfg(any(feature = "productivity", feature = "support_triage"))]
pub(crate) fn choice(
    label: &'static str,
    id: &'static str,
    options: Vec<String>,
    blank: Option<&'static str>,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <select id=id on:change=move |ev| value.set(event_target_value(&ev)) prop:value=move || value.get()>
                {blank.map(|b| view! { <option value="">{b}</option> })}
                {options.into_iter().map(|o| view! { <option value=o.clone()>{o.clone()}</option> }).collect_view()}
            </select>
        </label>
    }
}
