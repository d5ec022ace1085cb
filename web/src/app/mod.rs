//! The page: `App` composes its parts, each in a file of its own (the
//! set-up pickers in `pickers.rs`, the step timeline in `timeline.rs`,
//! server verification in `verify_bar.rs`, export/import in
//! `import_export.rs`, the signals they share in `state.rs`), with the
//! scenario, the composer, the score card, the developer panel, the task
//! explorer and the run viewer. Display only: every reset, step and
//! validation goes through `env_wasm::AnyEnv`.

mod import_export;
mod pickers;
mod state;
mod timeline;
mod verify_bar;

use env_wasm::registry;
use env_wasm::splits::DEFAULT_LEVEL;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use wasm_bindgen::JsCast;

use self::import_export::import_export;
use self::pickers::pickers;
use self::state::{AppState, Tab, announcement};
use self::timeline::timeline_panel;
use self::verify_bar::{verify_button, verify_result};
use crate::compose::{Composing, Draft, step_button};
use crate::episode::{self, EpisodeView};
use crate::link::View;
use crate::runs::{self, Opened};
use crate::{developer, link, result, saved, tasks, verify, views};

/// Bring the score card into view once the DOM has it, and move the
/// keyboard focus there.
fn show_result_card() {
    request_animation_frame(|| {
        let card = document()
            .get_element_by_id("result-card")
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(card) = card {
            card.scroll_into_view_with_bool(true);
            let _ = card.focus();
        }
    });
}

/// Put the kept draft of the episode at `key` back into the Act panel,
/// over a few frames: a restored box may bring up more fields.
fn put_back_draft(key: String, frames_left: u8) {
    request_animation_frame(move || {
        saved::restore_draft(&key);
        if frames_left > 1 {
            put_back_draft(key, frames_left - 1);
        }
    });
}

#[allow(
    unreachable_pub,
    reason = "leptos's component macro writes the function it wraps as `pub`"
)]
#[component]
pub(crate) fn App() -> impl IntoView {
    let state = AppState::new();
    let AppState {
        session,
        episode,
        started,
        shown_step,
        source,
        raw_text,
        notice,
        announced,
        verify_state,
        tab,
        page_view,
        confirm_start,
        address_given,
        ..
    } = state;
    let raw_mode = RwSignal::new(false);
    let server_up = RwSignal::new(false);
    let run_files = RwSignal::new(saved::kept_runs());
    let link_note = RwSignal::new(None::<String>);

    spawn_local(async move { server_up.set(verify::server_available().await) });

    let picked = move || state.picked();

    // The episode kept in this browser, played again from its actions, if
    // it is the one `linked` names (a reload, Back to it): nothing typed
    // or stepped is lost. `false` when it is not, or no longer replays.
    let resume = move |linked: &link::Linked| -> bool {
        let Some(record) = saved::kept_episode(linked.env.id) else {
            return false;
        };
        let named = record.task == linked.task.id
            && record.seed == linked.seed
            && record.difficulty.unwrap_or(DEFAULT_LEVEL) == linked.difficulty;
        if !named {
            return false;
        }
        let replayed = episode::replay(
            &record.env,
            &record.task,
            record.seed,
            record.variant(),
            record.actions.iter().map(|a| (a.clone(), None)),
        );
        match replayed {
            Ok(played) if played.view.steps.iter().all(|s| s.outcome.is_ok()) => {
                let steps = played.view.accepted().count();
                let key = saved::draft_key(&played.view);
                let note = match &linked.imported {
                    Some(file) => format!("Imported from {file}."),
                    None => format!(
                        "Your episode in progress is back as you left it in this browser ({} taken).",
                        crate::format::steps(steps)
                    ),
                };
                state.install(played, Some(note));
                put_back_draft(key, 3);
                true
            }
            _ => false,
        }
    };
    // The episode an address names: the kept one if it is that, else a new one.
    let open_linked = move |linked: link::Linked| {
        if linked.problems.is_empty() && resume(&linked) {
            return;
        }
        state.begin(
            linked.env,
            linked.task.id.to_owned(),
            linked.seed,
            linked.difficulty,
        );
        if !linked.problems.is_empty() {
            notice.set(Some(linked.problems.join(" ")));
        }
    };

    // Show a scenario at once: the one the link names
    // (`?env=&task=&seed=&difficulty=`), else the first task of the first
    // environment with seed 42 at level 2; say what in the link named nothing.
    let search = window().location().search().unwrap_or_default();
    open_linked(link::parse(&search));
    page_view.set(link::view_in_address());
    address_given.set_value(false);

    // Back and Forward: the address names an episode (and `#tasks` the
    // task explorer, `#runs` the run viewer); show it, the kept one if it
    // is that.
    let on_history = move |_: web_sys::Event| {
        let search = window().location().search().unwrap_or_default();
        let linked = link::parse(&search);
        let same = episode.with_untracked(|e| {
            e.as_ref().is_some_and(|v| {
                v.env_id == linked.env.id
                    && v.task == linked.task.id
                    && v.seed == linked.seed
                    && v.level() == linked.difficulty
            })
        });
        if !same {
            address_given.set_value(true);
            open_linked(linked);
            address_given.set_value(false);
        }
        // Set only on a change: a view built anew would lose its own state,
        // which it restores from the address itself (the explorer's task).
        let view = link::view_in_address();
        if page_view.get_untracked() != view {
            page_view.set(view);
        }
    };
    // The page lives as long as the window: the listener is never removed.
    let _ = window_event_listener_untyped("popstate", on_history);

    // Every change to the episode is kept for the next visit.
    Effect::new(move |_| {
        episode.with(|e| {
            if let Some(view) = e {
                saved::keep_episode(view);
            }
        })
    });
    // What the Act panel's fields hold, kept on every edit.
    let keep_draft = move |_: leptos::ev::Event| {
        let key = episode.with_untracked(|e| e.as_ref().filter(|v| !v.done).map(saved::draft_key));
        if let Some(key) = key {
            saved::keep_draft(&key);
        }
    };

    // A task the explorer picked, played in the play view.
    let play_task = Callback::new(move |chosen: tasks::Chosen| {
        page_view.set(View::Play);
        let tasks::Chosen {
            task,
            seed,
            difficulty,
        } = chosen;
        state.start_or_ask(picked(), task.to_owned(), seed, difficulty);
        // When the page asks first, the address shows the play view with
        // the question; else the new episode's address is the entry.
        if confirm_start.with_untracked(Option::is_some) {
            link::show_view(View::Play);
        }
    });
    // The same or the next seed of the running episode, at its level.
    let restart = Callback::new(move |seed: u64| {
        let running = episode.with_untracked(|e| {
            e.as_ref()
                .map(|v| (v.env_id.clone(), v.task.clone(), v.level()))
        });
        if let Some((env, task, difficulty)) = running
            && let Some(env) = registry::find(&env)
        {
            state.begin(env, task, seed, difficulty);
        }
    });

    let submit = Callback::new(move |action: Value| {
        if episode.with_untracked(|e| e.as_ref().is_none_or(|v| v.done)) {
            return;
        }
        session.update_value(|env| {
            episode.update(|view| {
                if let Some(view) = view {
                    episode::step(env, view, action);
                }
            })
        });
        shown_step.set(None);
        // The fields after the step are the draft of the next one.
        if let Some(key) = episode.with_untracked(|e| e.as_ref().map(saved::draft_key)) {
            request_animation_frame(move || saved::keep_draft(&key));
        }
        if let Some(text) =
            episode.with_untracked(|e| e.as_ref().filter(|v| v.done).map(announcement))
        {
            announced.set(text);
            tab.set(Tab::Act);
            show_result_card();
        }
    });
    let check = Callback::new(move |action: Value| {
        session
            .with_value(|env| env.validate_action(&action))
            .map_err(|e| {
                let body = e.to_body();
                match body.field {
                    Some(field) => format!("Not accepted: {field} {}", body.message),
                    None => format!("Not accepted: {}", body.message),
                }
            })
    });
    let form = Callback::new(move |action: Value| {
        session.with_value(|env| env.answer_form_problem(&action))
    });
    let observation = Signal::derive(move || {
        episode.with(|e| {
            e.as_ref()
                .map(|v| v.observation.clone())
                .unwrap_or_default()
        })
    });
    let last_step =
        Signal::derive(move || episode.with(|e| e.as_ref().is_some_and(EpisodeView::on_last_step)));
    let composing = Composing {
        submit,
        check,
        form,
        observation,
        last_step,
    };

    let raw_draft = Signal::derive(move || Draft {
        action: serde_json::from_str::<Value>(&raw_text.get())
            .map_err(|e| format!("Not JSON: {e}")),
        blanks: Vec::new(),
        ends: false,
    });

    let open_run =
        Callback::new(move |opened: Opened| state.install(opened.played, Some(opened.source)));

    let copy_link = move |_| {
        spawn_local(async move {
            let href = link::current();
            link_note.set(Some(match link::copy(&href).await {
                Ok(()) => "Link copied.".to_owned(),
                Err(()) => format!("Copy refused by the browser; the link: {href}"),
            }));
        });
    };

    // A field of the running episode, for display ("" before the first).
    let running = move |field: fn(&EpisodeView) -> String| -> String {
        episode.with(|e| e.as_ref().map(field).unwrap_or_default())
    };
    let scenario = move || {
        episode.with(|view| {
            view.as_ref()
                .map(|v| {
                    let shown = shown_step.get();
                    let observation = match shown {
                        Some(step) => v.observation_after(step),
                        None => v.observation.clone(),
                    };
                    let at = shown.unwrap_or_else(|| v.accepted().count());
                    views::scenario(&v.env_id, &observation, &v.observations_before(at))
                })
                .unwrap_or_default()
        })
    };
    let on_scenario_click = move |ev: leptos::ev::MouseEvent| {
        views::on_scenario_click(&running(|v| v.env_id.clone()), &ev)
    };
    let on_scenario_change =
        move |ev: leptos::ev::Event| views::on_scenario_change(&running(|v| v.env_id.clone()), &ev);
    let browsing = move || {
        let step = shown_step.get()?;
        let total = episode.with(|e| e.as_ref().map_or(0, |v| v.accepted().count()));
        Some(view! {
            <p class="browsing" id="browsing-note">
                {format!("Showing the scenario after step {step} of {total}. ")}
                <button on:click=move |_| shown_step.set(None)>"Show the latest"</button>
            </p>
        })
    };
    let composer = move || {
        started.get();
        let view = episode.get_untracked()?;
        let schema = session.with_value(|env| env.schemas())["action"].clone();
        Some(views::composer(&view.env_id, &schema, composing))
    };
    let over = move || state.over();
    let card = move || {
        episode.with(|e| {
            e.as_ref()
                .filter(|v| v.done)
                .map(move |v| result::card(v, restart))
        })
    };

    let example = Signal::derive(move || {
        started.get();
        session
            .with_value(|env| env.empty_answer())
            .unwrap_or_default()
    });
    let on_show = Signal::derive(move || episode.get());

    let tab_bar = move || {
        Tab::ALL
            .iter()
            .map(|&(which, id, label)| {
                view! {
                    <button id=id role="tab" aria-selected=move || (tab.get() == which).to_string()
                        class:active=move || tab.get() == which on:click=move |_| tab.set(which)>{label}</button>
                }
            })
            .collect_view()
    };

    view! {
        <header class="top">
            <div>
                <h1>"DeskBench"</h1>
                <p class="muted">"Workplace-operations environments for AI agents, running in your browser. Same seed, same actions, same score as the API."</p>
            </div>
            <nav class="modes" aria-label="Views">
                {[(View::Play, "mode-play", "Play"), (View::Tasks, "mode-tasks", "Tasks"), (View::Runs, "mode-runs", "Runs")].into_iter().map(|(which, id, label)| view! {
                    <button id=id class:active=move || page_view.get() == which aria-current=move || (page_view.get() == which).then_some("page")
                        on:click=move |_| { page_view.set(which); link::show_view(which); }>{label}</button>
                }).collect_view()}
                <button id="copy-link" on:click=copy_link title="Copy a link to this episode">"Copy link"</button>
            </nav>
        </header>
        <p id="announcer" class="visually-hidden" aria-live="polite">{move || announced.get()}</p>
        {move || link_note.get().map(|n| view! { <p class="hint" id="link-note" role="status">{n}</p> })}
        <div class:hidden=move || page_view.get() != View::Runs>{runs::viewer(Signal::derive(picked), run_files, open_run)}</div>
        // Built only while on show: its scenario is a second one in the page.
        {move || (page_view.get() == View::Tasks).then(|| tasks::explorer(Signal::derive(picked), play_task))}
        <div class:hidden=move || page_view.get() != View::Play>
            {pickers(state)}
            {move || notice.get().map(|n| view! { <p class="error" role="alert" id="notice">{n}</p> })}
            {move || source.get().map(|s| view! { <p class="source hint" id="source-note">{s}</p> })}
            <Show when=move || episode.with(|e| e.is_some())>
                <div class="tabs" role="tablist" aria-label="Panels">{tab_bar}</div>
                <main class="layout" data-tab=move || tab.get().name()>
                    <section class="panel" id="scenario-panel" aria-label="Scenario">
                        <h2>"Scenario"</h2>
                        {browsing}
                        <div on:click=on_scenario_click on:change=on_scenario_change inner_html=scenario></div>
                    </section>
                    <section class="panel" id="act-panel" aria-label="Act" on:input=keep_draft on:change=keep_draft>
                        <h2>"Act"</h2>
                        <div class="status">
                            "Step "
                            <span
                                id="step-count"
                                data-env=move || running(|v| v.env_id.clone())
                                data-task=move || running(|v| v.task.clone())
                                data-seed=move || running(|v| v.seed.to_string())
                                data-difficulty=move || running(|v| v.level().to_string())
                            >
                                {move || running(|v| v.step_count().to_string())}
                            </span>
                            // The running episode's limit at its level, not the
                            // pickers' (which may already name the next task).
                            {move || format!(" of {}", running(|v| v.max_steps().map(|n| n.to_string()).unwrap_or_default()))}
                            {move || over().then(|| view! { <span class="done">" · episode over"</span> })}
                        </div>
                        <Show when=move || !over() fallback=card>
                            <label class="check">
                                <input id="mode-raw" type="checkbox" prop:checked=move || raw_mode.get() on:change=move |ev| raw_mode.set(event_target_checked(&ev)) />
                                "Raw JSON action"
                            </label>
                            <Show when=move || raw_mode.get() fallback=composer>
                                <div class="form">
                                    <textarea id="raw-action" rows="6" spellcheck="false" placeholder=move || example.get().to_string()
                                        prop:value=move || raw_text.get()
                                        on:input=move |ev| raw_text.set(event_target_value(&ev))
                                        on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                                            if ev.ctrl_key() && ev.key() == "Enter"
                                                && let Some(button) = document().get_element_by_id("raw-step-btn").and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
                                            {
                                                button.click();
                                            }
                                        }></textarea>
                                    {step_button("raw-step-btn", "Step", raw_draft, composing)}
                                </div>
                            </Show>
                        </Show>
                        <div class="actions">
                            {verify_button(episode, verify_state, server_up, over)}
                            {import_export(state)}
                        </div>
                        {verify_result(verify_state)}
                    </section>
                    {timeline_panel(state)}
                </main>
                {developer::panel(on_show, server_up.into(), example)}
            </Show>
        </div>
    }
}
