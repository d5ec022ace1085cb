//! The page: pickers, the scenario, the composer, the step timeline, the
//! score, server verification and export/import. Display only: every
//! reset, step and validation goes through `env_wasm::AnyEnv`.

use env_wasm::registry::{self, ENVIRONMENTS};
use env_wasm::{AnyEnv, EnvInfo};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use wasm_bindgen::JsCast;

use crate::episode::{self, EpisodeView, StepView};
use crate::record::EpisodeRecord;
use crate::verify;
use crate::views;

#[derive(Debug, Clone, PartialEq)]
enum Verify {
    Idle,
    Running,
    Done {
        local: Option<f64>,
        server: Option<f64>,
        matched: bool,
    },
    Failed(String),
}

/// An episode named in the page's query string, so a link can share one.
#[derive(Debug, Default)]
struct LinkedEpisode {
    env: Option<String>,
    task: Option<String>,
    seed: Option<u64>,
}

impl LinkedEpisode {
    fn from_location() -> Self {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let mut linked = LinkedEpisode::default();
        for pair in search.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = js_sys::decode_uri_component(value)
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            match key {
                "env" => linked.env = Some(value),
                "task" => linked.task = Some(value),
                "seed" => linked.seed = value.parse().ok(),
                _ => {}
            }
        }
        linked
    }
}

/// Put the episode in the address bar so the page's link replays it.
fn share_link(env: &str, task: &str, seed: u64) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let query = format!("?env={env}&task={task}&seed={seed}");
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&query));
    }
}

fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000_000.0) as u64
}

fn score_text(score: Option<f64>) -> String {
    score
        .map(|s| format!("{s:.4}"))
        .unwrap_or_else(|| "-".to_owned())
}

fn compact(action: &Value) -> String {
    let text = action.to_string();
    if text.chars().count() > 160 {
        format!("{}…", text.chars().take(160).collect::<String>())
    } else {
        text
    }
}

#[component]
pub fn App() -> impl IntoView {
    let env_id = RwSignal::new(ENVIRONMENTS[0].id.to_owned());
    let task_id = RwSignal::new(ENVIRONMENTS[0].default_task().id.to_owned());
    let seed_text = RwSignal::new("42".to_owned());
    let session = StoredValue::new_local(AnyEnv::of(ENVIRONMENTS[0]));
    let episode = RwSignal::new(None::<EpisodeView>);
    // Bumped on every start so the composer is rebuilt per episode, not per step.
    let started = RwSignal::new(0u64);
    let raw_mode = RwSignal::new(false);
    let raw_text = RwSignal::new(String::new());
    let notice = RwSignal::new(None::<String>);
    let server_up = RwSignal::new(false);
    let verify_state = RwSignal::new(Verify::Idle);

    spawn_local(async move { server_up.set(verify::server_available().await) });

    let info =
        move || -> &'static EnvInfo { registry::find(&env_id.get()).unwrap_or(ENVIRONMENTS[0]) };

    let begin = move |env: &'static EnvInfo, task: String, seed: u64| -> bool {
        let mut fresh = AnyEnv::of(env);
        match episode::start(&mut fresh, &task, seed) {
            Ok(view) => {
                share_link(env.id, &task, seed);
                session.set_value(fresh);
                raw_text.set(String::new());
                episode.set(Some(view));
                started.update(|n| *n += 1);
                verify_state.set(Verify::Idle);
                notice.set(None);
                true
            }
            Err(e) => {
                notice.set(Some(e.message));
                false
            }
        }
    };

    // Show a scenario at once: the one the link names (`?env=&task=&seed=`),
    // else the first task of the first environment with seed 42.
    let linked = LinkedEpisode::from_location();
    let first_env = linked
        .env
        .as_deref()
        .and_then(registry::find)
        .unwrap_or(ENVIRONMENTS[0]);
    let first_task = linked
        .task
        .as_deref()
        .and_then(|t| first_env.task(t))
        .unwrap_or(first_env.default_task());
    let first_seed = linked.seed.unwrap_or(42);
    env_id.set(first_env.id.to_owned());
    task_id.set(first_task.id.to_owned());
    seed_text.set(first_seed.to_string());
    begin(first_env, first_task.id.to_owned(), first_seed);

    let start = move |_| {
        let seed = match seed_text.get().trim() {
            "" => random_seed(),
            text => match text.parse::<u64>() {
                Ok(seed) => seed,
                Err(_) => {
                    notice.set(Some(
                        "The seed must be a whole number (or empty for a random one).".to_owned(),
                    ));
                    return;
                }
            },
        };
        seed_text.set(seed.to_string());
        begin(info(), task_id.get(), seed);
    };

    let submit = Callback::new(move |action: Value| {
        session.update_value(|env| {
            episode.update(|view| {
                if let Some(view) = view {
                    episode::step(env, view, action);
                }
            })
        });
    });

    let raw_check = move || -> Result<Value, String> {
        let value: Value =
            serde_json::from_str(&raw_text.get()).map_err(|e| format!("not JSON: {e}"))?;
        session
            .with_value(|env| env.validate_action(&value))
            .map_err(|e| e.to_body().message)?;
        Ok(value)
    };
    let raw_send = move || {
        if let Ok(action) = raw_check() {
            submit.run(action);
        }
    };

    let on_env_change = move |ev| {
        env_id.set(event_target_value(&ev));
        task_id.set(info().default_task().id.to_owned());
    };

    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let text = text.ok().and_then(|t| t.as_string()).unwrap_or_default();
            let record = match EpisodeRecord::parse(&text) {
                Ok(record) => record,
                Err(e) => {
                    notice.set(Some(e));
                    return;
                }
            };
            let Some(env) = registry::find(&record.env) else {
                notice.set(Some(format!(
                    "unknown environment `{}` in the file",
                    record.env
                )));
                return;
            };
            env_id.set(env.id.to_owned());
            task_id.set(record.task.clone());
            seed_text.set(record.seed.to_string());
            if begin(env, record.task.clone(), record.seed) {
                for action in record.actions {
                    submit.run(action);
                }
            }
        });
    };

    let run_verify = move |_| {
        let Some(view) = episode.get_untracked() else {
            return;
        };
        let record = EpisodeRecord::of(&view);
        verify_state.set(Verify::Running);
        spawn_local(async move {
            verify_state.set(match verify::replay(&record).await {
                Ok(server) => Verify::Done {
                    local: record.final_score,
                    server: server.final_score,
                    matched: server.final_score == record.final_score
                        && server.rewards == record.rewards,
                },
                Err(e) => Verify::Failed(e),
            });
        });
    };

    let export_href = move || {
        episode.with(|view| {
            view.as_ref().map(|v| {
                let json = EpisodeRecord::of(v).to_json();
                format!(
                    "data:application/json;charset=utf-8,{}",
                    js_sys::encode_uri_component(&json)
                )
            })
        })
    };

    let task_options = move || {
        info()
            .tasks
            .iter()
            .map(|t| {
                let label = match t.aliases.first() {
                    Some(alias) => format!("{} · {alias} ({} steps)", t.id, t.max_steps),
                    None => format!("{} ({} steps)", t.id, t.max_steps),
                };
                view! { <option value=t.id selected=move || task_id.get() == t.id>{label}</option> }
            })
            .collect_view()
    };
    let summary = move || info().task(&task_id.get()).map(|t| t.summary).unwrap_or("");

    // A field of the running episode, for display ("" before the first).
    let running = move |field: fn(&EpisodeView) -> String| -> String {
        episode.with(|e| e.as_ref().map(field).unwrap_or_default())
    };

    let scenario = move || {
        episode.with(|view| {
            view.as_ref()
                .map(|v| views::scenario(&v.env_id, &v.observation))
        })
    };
    let composer = move || {
        started.get();
        let view = episode.get_untracked()?;
        let schema = session.with_value(|env| env.schemas())["action"].clone();
        Some(views::composer(
            &view.env_id,
            &view.observation,
            &schema,
            submit,
        ))
    };

    let timeline = move || {
        episode.with(|view| {
            let Some(view) = view else { return Vec::new() };
            let mut n = 0;
            view.steps
                .iter()
                .map(|StepView { action, outcome }| match outcome {
                    Ok(result) => {
                        n += 1;
                        let observation = result.observation.to_value();
                        let feedback = ["last_feedback", "feedback"]
                            .iter()
                            .find_map(|k| observation.get(*k))
                            .map(views::text_of)
                            .unwrap_or_default();
                        let reward = result.reward.map(|r| format!("{r:+.2}")).unwrap_or_default();
                        view! {
                            <li class="step">
                                <div class="step-head"><b>{format!("#{n}")}</b><code>{compact(action)}</code><span class="reward">{reward}</span></div>
                                <div class="feedback">{feedback}</div>
                            </li>
                        }
                        .into_any()
                    }
                    Err(error) => view! {
                        <li class="step refused">
                            <div class="step-head"><b>"refused"</b><code>{compact(action)}</code></div>
                            <div class="feedback">{format!("{}: {}", error.code, error.message)}</div>
                        </li>
                    }
                    .into_any(),
                })
                .collect::<Vec<_>>()
        })
    };

    let breakdown = move || {
        episode.with(|view| {
            let view = view.as_ref()?;
            let criteria = view.observation.get("score_breakdown")?.as_object()?.clone();
            Some(
                criteria
                    .into_iter()
                    .map(|(name, score)| {
                        let value = score.as_f64().unwrap_or(0.0);
                        view! {
                            <div class="bar">
                                <span class="bar-label">{name}</span>
                                <span class="bar-track"><span class="bar-fill" style:width=format!("{:.1}%", value * 100.0)></span></span>
                                <span class="bar-value">{format!("{value:.2}")}</span>
                            </div>
                        }
                    })
                    .collect_view(),
            )
        })
    };

    view! {
        <header>
            <h1>"DeskBench"</h1>
            <p class="muted">"Workplace-operations environments for AI agents, running in your browser. Same seed, same actions, same score as the API."</p>
        </header>
        <section class="controls" aria-label="Episode set-up">
            <label class="field">
                <span>"Environment"</span>
                <select id="env-select" on:change=on_env_change prop:value=move || env_id.get()>
                    {ENVIRONMENTS.iter().map(|e| view! { <option value=e.id>{e.name}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>"Task"</span>
                <select id="task-select" on:change=move |ev| task_id.set(event_target_value(&ev)) prop:value=move || task_id.get()>
                    {task_options}
                </select>
            </label>
            <label class="field">
                <span>"Seed"</span>
                <input id="seed-input" inputmode="numeric" prop:value=move || seed_text.get()
                    on:input=move |ev| seed_text.set(event_target_value(&ev)) />
            </label>
            <button id="random-seed" on:click=move |_| seed_text.set(random_seed().to_string())>"Random seed"</button>
            <button id="start-btn" class="primary" on:click=start>"Start episode"</button>
        </section>
        <p class="summary">{summary}</p>
        {move || notice.get().map(|n| view! { <p class="error" role="alert">{n}</p> })}
        <Show when=move || episode.with(|e| e.is_some())>
            <main class="layout">
                <section class="panel" aria-label="Scenario">
                    <h2>"Scenario"</h2>
                    {scenario}
                </section>
                <section class="panel" aria-label="Act">
                    <h2>"Act"</h2>
                    <div class="status">
                        "Step "
                        <span
                            id="step-count"
                            data-env=move || running(|v| v.env_id.clone())
                            data-task=move || running(|v| v.task.clone())
                            data-seed=move || running(|v| v.seed.to_string())
                        >
                            {move || running(|v| v.step_count().to_string())}
                        </span>
                        // The running episode's limit, not the picker's (which may
                        // already name the next task).
                        {move || format!(" of {}", running(|v| {
                            registry::find(&v.env_id)
                                .and_then(|env| env.task(&v.task))
                                .map(|t| t.max_steps.to_string())
                                .unwrap_or_default()
                        }))}
                        {move || episode.with(|e| e.as_ref().is_some_and(|v| v.done)).then(|| view! { <span class="done">" · episode over"</span> })}
                    </div>
                    <label class="check">
                        <input id="mode-raw" type="checkbox" on:change=move |ev| raw_mode.set(event_target_checked(&ev)) />
                        "Raw JSON action"
                    </label>
                    <Show when=move || raw_mode.get() fallback=composer>
                        <div class="form">
                            <textarea id="raw-action" rows="6" spellcheck="false" placeholder="{\"raw\": \"inspect\"}"
                                prop:value=move || raw_text.get()
                                on:input=move |ev| raw_text.set(event_target_value(&ev))
                                on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.ctrl_key() && ev.key() == "Enter" { raw_send() }></textarea>
                            <p class="hint">{move || match raw_check() {
                                Ok(_) => "Valid action (Ctrl+Enter to step).".to_owned(),
                                Err(e) => e,
                            }}</p>
                            <button id="raw-step-btn" class="primary" on:click=move |_| raw_send()
                                disabled=move || raw_check().is_err()>"Step"</button>
                        </div>
                    </Show>
                    <h3>"Timeline"</h3>
                    <ol id="timeline" class="timeline">{timeline}</ol>
                    {move || episode.with(|e| e.as_ref().and_then(|v| v.final_score())).map(|score| view! {
                        <div class="final">
                            <div id="final-score" data-score=format!("{score:.4}")>"Final score "<b>{format!("{score:.3}")}</b></div>
                            <div class="bars">{breakdown}</div>
                        </div>
                    })}
                    <div class="actions">
                        <Show when=move || server_up.get() && episode.with(|e| e.as_ref().is_some_and(|v| v.done))>
                            <button id="verify-btn" on:click=run_verify>"Verify on server"</button>
                        </Show>
                        {move || export_href().map(|href| view! { <a id="export-link" class="button" href=href download="deskbench-episode.json">"Export episode"</a> })}
                        <label class="button">"Import episode"<input id="import-file" type="file" accept="application/json" class="visually-hidden" on:change=import /></label>
                    </div>
                    {move || match verify_state.get() {
                        Verify::Idle => None,
                        Verify::Running => Some(view! { <p id="verify-result" class="muted">"Replaying on the server…"</p> }.into_any()),
                        Verify::Done { local, server, matched } => Some(view! {
                            <p id="verify-result" class=if matched { "match" } else { "mismatch" } data-server-score=score_text(server)>
                                {if matched { "✔ match" } else { "✘ mismatch" }}
                                {format!(": browser {} · server {}", score_text(local), score_text(server))}
                            </p>
                        }.into_any()),
                        Verify::Failed(e) => Some(view! { <p id="verify-result" class="mismatch">{format!("Could not verify: {e}")}</p> }.into_any()),
                    }}
                </section>
            </main>
        </Show>
    }
}
