//! For people who build on DeskBench: the raw observation and state as
//! JSON, each with a copy button; this very episode through the API as
//! curl commands and as a Python script with the `openenv-core` client;
//! and links to the README, the schemas and `/openapi.json`.

use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;

use crate::episode::EpisodeView;
use crate::link;

/// Where the snippets send requests: this page's server, or the address
/// `deskbench serve` listens on by default when no server serves the page.
fn base_url(server: bool) -> String {
    let origin = web_sys::window().and_then(|w| w.location().origin().ok());
    match origin {
        Some(origin) if server && origin.starts_with("http") => origin,
        _ => "http://127.0.0.1:7860".to_owned(),
    }
}

/// A JSON value as a Python literal (`true` is `True`, `null` is `None`;
/// JSON strings are valid Python strings).
pub(crate) fn python(value: &Value) -> String {
    match value {
        Value::Null => "None".to_owned(),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        Value::Number(_) | Value::String(_) => value.to_string(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(python).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", Value::String(k.clone()), python(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A shell word in single quotes.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The actions the snippets replay: this episode's, or one example.
fn actions_of(view: &EpisodeView, example: &Value) -> Vec<Value> {
    let actions = view.accepted_actions();
    if actions.is_empty() {
        vec![example.clone()]
    } else {
        actions
    }
}

/// What the page's reset sent: task, seed, level and reward mode.
fn reset_options(view: &EpisodeView) -> Value {
    view.variant().reset_options(&view.task, view.seed)
}

pub(crate) fn curl(view: &EpisodeView, base: &str, example: &Value) -> String {
    let mut lines = vec![
        format!("BASE={base}/envs/{}", view.env_id),
        "SESSION=my-episode  # any id; the server keeps this episode under it".to_owned(),
        format!(
            "curl -s -XPOST $BASE/reset -H 'content-type: application/json' -H \"X-Session-Id: $SESSION\" -d {}",
            quoted(&reset_options(view).to_string())
        ),
    ];
    for action in actions_of(view, example) {
        lines.push(format!(
            "curl -s -XPOST $BASE/step -H 'content-type: application/json' -H \"X-Session-Id: $SESSION\" -d {}",
            quoted(&serde_json::json!({ "action": action }).to_string())
        ));
    }
    lines.push("curl -s $BASE/state -H \"X-Session-Id: $SESSION\"".to_owned());
    lines.join("\n")
}

pub(crate) fn python_client(view: &EpisodeView, base: &str, example: &Value) -> String {
    let actions = actions_of(view, example)
        .iter()
        .map(|a| format!("    {},", python(a)))
        .collect::<Vec<_>>()
        .join("\n");
    let options = match reset_options(view) {
        Value::Object(options) => options
            .iter()
            .map(|(key, value)| format!("{key}={}", python(value)))
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    };
    format!(
        "# pip install openenv-core\nfrom openenv.core import GenericEnvClient\n\nACTIONS = [\n{actions}\n]\n\n\
         with GenericEnvClient(base_url=\"{base}/envs/{env}\").sync() as env:\n    \
         result = env.reset({options})\n    \
         for action in ACTIONS:\n        result = env.step(action)\n        \
         print(result.reward, result.done)\n    \
         print(result.observation.get(\"terminal_grader\"))",
        env = view.env_id,
    )
}

/// A block of text with a copy button.
fn copyable(id: &'static str, title: &'static str, text: Signal<String>) -> impl IntoView {
    let said = RwSignal::new("");
    let copy = move |_| {
        let text = text.get_untracked();
        spawn_local(async move {
            said.set(match link::copy(&text).await {
                Ok(()) => "Copied.",
                Err(()) => "The browser refused to copy: select the text and copy it.",
            });
        });
    };
    view! {
        <div class="copyable">
            <div class="copy-head"><b>{title}</b>
                <button id=format!("{id}-copy") aria-label=format!("Copy {title}") on:click=copy>"Copy"</button>
                <span class="hint" aria-live="polite">{move || said.get()}</span>
            </div>
            <pre class="json" id=id>{move || text.get()}</pre>
        </div>
    }
}

/// The developer panel of the episode on show. `example` is an action of
/// the environment for snippets of an episode with no step yet.
pub(crate) fn panel(
    episode: Signal<Option<EpisodeView>>,
    server: Signal<bool>,
    example: Signal<Value>,
) -> impl IntoView {
    let pretty = crate::format::pretty_json;
    let observation = Signal::derive(move || {
        episode.with(|e| {
            e.as_ref()
                .map(|v| pretty(&v.observation))
                .unwrap_or_default()
        })
    });
    let state = Signal::derive(move || {
        episode.with(|e| e.as_ref().map(|v| pretty(&v.state)).unwrap_or_default())
    });
    let snippet = move |write: fn(&EpisodeView, &str, &Value) -> String| {
        Signal::derive(move || {
            let base = base_url(server.get());
            episode.with(|e| {
                e.as_ref()
                    .map(|v| example.with(|x| write(v, &base, x)))
                    .unwrap_or_default()
            })
        })
    };
    let env = move || episode.with(|e| e.as_ref().map(|v| v.env_id.clone()).unwrap_or_default());
    let api_links = move || {
        server.get().then(|| {
            let env = env();
            view! {
                " · "<a href="/openapi.json" target="_blank" rel="noopener">"/openapi.json"</a>
                " · "<a href=format!("/envs/{env}/schema") target="_blank" rel="noopener">{format!("/envs/{env}/schema")}</a>
            }
        })
    };
    view! {
        <details class="panel developer" id="developer-panel">
            <summary><h2>"For developers"</h2></summary>
            <p class="hint">
                <a href="./README.md" target="_blank" rel="noopener">"README"</a>
                {api_links}
                {move || (!server.get()).then_some(" · No API serves this page: the snippets assume `deskbench serve` (make run) on its default address.")}
            </p>
            <div class="developer-grid">
                {copyable("raw-observation", "Observation (JSON)", observation)}
                {copyable("raw-state", "State (JSON)", state)}
                {copyable("api-curl", "This episode with curl", snippet(curl))}
                {copyable("api-python", "This episode with the Python client (openenv-core)", snippet(python_client))}
            </div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn json_becomes_python_that_means_the_same() {
        let value =
            json!({"raw": "final: {\"a\": true}", "n": [1, 2.5, null, false], "it's": "o'k"});
        assert_eq!(
            python(&value),
            r#"{"it's": "o'k", "n": [1, 2.5, None, False], "raw": "final: {\"a\": true}"}"#
        );
        assert_eq!(quoted("it's"), r"'it'\''s'");
    }

    #[test]
    fn the_snippets_replay_this_episode() {
        let played = crate::episode::play_policy(
            "productivity",
            "easy",
            4,
            "reference",
            0,
            Default::default(),
        )
        .expect("plays");
        let example = json!({"raw": "inspect"});
        let curl = curl(&played.view, "http://host:1", &example);
        assert!(curl.contains("BASE=http://host:1/envs/productivity"));
        assert!(
            curl.contains(r#"{"difficulty":2,"seed":4,"task":"easy"}"#),
            "{curl}"
        );
        assert!(curl.contains("final:"), "{curl}");
        let script = python_client(&played.view, "http://host:1", &example);
        assert!(
            script.contains("env.reset(difficulty=2, seed=4, task=\"easy\")"),
            "{script}"
        );
        assert!(script.contains("{\"raw\": \"final:"));
    }
}
