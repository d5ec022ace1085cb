//! The page: pickers, the scenario, the composer, the step timeline, the
//! score card, server verification, export/import, the developer panel and
//! the run viewer. Display only: every reset, step and validation goes
//! through `env_wasm::AnyEnv`.

use env_wasm::registry::{self, ENVIRONMENTS};
use env_wasm::seam::MAX_SEED;
use env_wasm::splits::DEFAULT_LEVEL;
use env_wasm::{AnyEnv, EnvInfo};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::Value;
use wasm_bindgen::JsCast;

use crate::compose::{Composing, Draft, step_button};
use crate::episode::{self, EpisodeView, Played};
use crate::format::{exact, number, signed};
use crate::html::{self, Html, clicked_data};
use crate::link::View;
use crate::record::EpisodeRecord;
use crate::reference::compact;
use crate::runs::{self, Opened};
use crate::{developer, link, result, saved, tasks, verify, views};

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

/// The panel on show below 900 px, where the three do not fit side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tab {
    Scenario,
    Act,
    Timeline,
}

impl Tab {
    const ALL: [(Tab, &'static str, &'static str); 3] = [
        (Tab::Scenario, "tab-scenario", "Scenario"),
        (Tab::Act, "tab-act", "Act"),
        (Tab::Timeline, "tab-timeline", "Timeline"),
    ];

    fn name(self) -> &'static str {
        match self {
            Tab::Scenario => "scenario",
            Tab::Act => "act",
            Tab::Timeline => "timeline",
        }
    }
}

/// A seed of up to nine digits (short enough to read out and type again),
/// from the browser's cryptographic random source (`crypto.getRandomValues`
/// through getrandom's `wasm_js` backend). The modulo's bias is below one
/// part in 10^10.
fn random_seed() -> Result<u64, String> {
    getrandom::u64()
        .map(|n| n % 1_000_000_000)
        .map_err(|e| format!("The browser gave no random seed ({e}); type one."))
}

fn score_text(score: Option<f64>) -> String {
    score.map(exact).unwrap_or_else(|| "-".to_owned())
}

/// A score in the page's one precision (the exact figure goes in a title).
fn shown_score(score: Option<f64>) -> String {
    score
        .map(crate::format::number)
        .unwrap_or_else(|| "-".to_owned())
}

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

/// Whether `view` is an episode with work in it that a new one would
/// replace: steps taken and no end yet.
fn in_progress(view: &EpisodeView) -> bool {
    !view.done && view.accepted().next().is_some()
}

/// What a screen reader hears when an episode ends.
fn announcement(view: &EpisodeView) -> String {
    match view.final_score() {
        Some(score) => format!(
            "Episode over after {} steps. Score {} of 1.",
            view.accepted().count(),
            number(score)
        ),
        None => "Episode over.".to_owned(),
    }
}

/// The steps of an episode as HTML text (see [`crate::html`]): each
/// accepted step's number is a button that shows the scenario after it.
fn timeline_html(view: &EpisodeView, shown: Option<usize>) -> String {
    let mut html = Html::new();
    let mut n = 0;
    for step in &view.steps {
        let differs = step.reward_differs();
        match &step.outcome {
            Ok(result) => {
                n += 1;
                let observation = result.observation.to_value();
                let feedback = ["last_feedback", "feedback"]
                    .iter()
                    .find_map(|k| observation.get(*k))
                    .map(views::text_of)
                    .unwrap_or_default();
                let mut class = "step".to_owned();
                if differs {
                    class.push_str(" differs");
                }
                if shown == Some(n) {
                    class.push_str(" shown");
                }
                let mut reward = result.reward.map(signed).unwrap_or_default();
                if let Some(recorded) = step.recorded_reward.filter(|_| differs) {
                    reward.push_str(&format!(" (file: {})", signed(recorded)));
                }
                let exact_reward = result.reward.map(exact).unwrap_or_default();
                html.open("li", &[("class", &class)])
                    .open("div", &[("class", "step-head")])
                    .element(
                        "button",
                        &[
                            ("class", "step-no"),
                            ("data-step", &n.to_string()),
                            ("title", "Show the scenario after this step"),
                        ],
                        &format!("#{n}"),
                    )
                    .element("code", &[], &compact(&step.action))
                    .element(
                        "span",
                        &[("class", "reward"), ("title", &exact_reward)],
                        &reward,
                    )
                    .close("div")
                    .element("div", &[("class", "feedback")], &feedback)
                    .close("li");
            }
            Err(error) => {
                let class = if differs {
                    "step refused differs"
                } else {
                    "step refused"
                };
                html.open("li", &[("class", class)])
                    .open("div", &[("class", "step-head")])
                    .element("b", &[], "refused")
                    .element("code", &[], &compact(&step.action))
                    .close("div")
                    .element(
                        "div",
                        &[("class", "feedback")],
                        &format!("{}: {}", error.code, error.message),
                    )
                    .close("li");
            }
        }
    }
    html.into_string()
}

#[allow(
    unreachable_pub,
    reason = "leptos's component macro writes the function it wraps as `pub`"
)]
#[component]
pub(crate) fn App() -> impl IntoView {
    let env_id = RwSignal::new(ENVIRONMENTS[0].id.to_owned());
    let task_id = RwSignal::new(ENVIRONMENTS[0].default_task().id.to_owned());
    let seed_text = RwSignal::new("42".to_owned());
    let level = RwSignal::new(DEFAULT_LEVEL);
    let session = StoredValue::new_local(AnyEnv::of(ENVIRONMENTS[0]));
    let episode = RwSignal::new(None::<EpisodeView>);
    // Bumped on every start so the composer is rebuilt per episode, not per step.
    let started = RwSignal::new(0u64);
    // The accepted step whose scenario is on show (`None`: the latest).
    let shown_step = RwSignal::new(None::<usize>);
    // Where a replayed episode came from (a run file, an import).
    let source = RwSignal::new(None::<String>);
    let raw_mode = RwSignal::new(false);
    let raw_text = RwSignal::new(String::new());
    let notice = RwSignal::new(None::<String>);
    let announced = RwSignal::new(String::new());
    let server_up = RwSignal::new(false);
    let verify_state = RwSignal::new(Verify::Idle);
    let tab = RwSignal::new(Tab::Scenario);
    // Play, the task explorer or the run viewer, as the address's hash says.
    let page_view = RwSignal::new(View::Play);
    let run_files = RwSignal::new(saved::kept_runs());
    let link_note = RwSignal::new(None::<String>);
    // The episode Start would begin, while the page asks whether to
    // replace the one in progress.
    let confirm_start = RwSignal::new(None::<(&'static EnvInfo, String, u64, u8)>);
    // While the address already names the episode going on show (the
    // first one, or one Back or Forward moved to), it is written in place
    // instead of as a new history entry, which would cut off Forward.
    let address_given = StoredValue::new(true);

    spawn_local(async move { server_up.set(verify::server_available().await) });

    let picked =
        move || -> &'static EnvInfo { registry::find(&env_id.get()).unwrap_or(ENVIRONMENTS[0]) };

    // Show a played episode: its session goes on from where it stands.
    let install = move |played: Played, from: Option<String>| {
        let Played { env, view } = played;
        link::show_in_address_bar(
            &view.env_id,
            &view.task,
            view.seed,
            view.level(),
            !address_given.get_value(),
        );
        env_id.set(view.env_id.clone());
        task_id.set(view.task.clone());
        seed_text.set(view.seed.to_string());
        level.set(view.level());
        let over = view.done;
        if over {
            announced.set(announcement(&view));
        }
        session.set_value(env);
        raw_text.set(String::new());
        episode.set(Some(view));
        started.update(|n| *n += 1);
        shown_step.set(None);
        source.set(from);
        verify_state.set(Verify::Idle);
        notice.set(None);
        page_view.set(View::Play);
        confirm_start.set(None);
        tab.set(if over { Tab::Act } else { Tab::Scenario });
    };

    // A new episode at `difficulty`, rewards paid in the seam's default mode.
    let begin = move |env: &'static EnvInfo, task: String, seed: u64, difficulty: u8| {
        let variant = episode::Variant {
            reward_mode: None,
            difficulty: Some(difficulty),
        };
        match episode::replay(env.id, &task, seed, variant, Vec::new()) {
            Ok(played) => install(played, None),
            Err(e) => notice.set(Some(e)),
        }
    };

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
                install(played, Some(note));
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
        begin(
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

    // A new episode, after asking when it would replace one in progress.
    let start_or_ask = move |env: &'static EnvInfo, task: String, seed: u64, difficulty: u8| {
        if episode.with_untracked(|e| e.as_ref().is_some_and(in_progress)) {
            confirm_start.set(Some((env, task, seed, difficulty)));
        } else {
            begin(env, task, seed, difficulty);
        }
    };

    let start = move |_| {
        let seed = match seed_text.get().trim() {
            "" => match random_seed() {
                Ok(seed) => seed,
                Err(problem) => {
                    notice.set(Some(problem));
                    return;
                }
            },
            text => match text.parse::<u64>() {
                Ok(seed) if seed <= MAX_SEED => seed,
                _ => {
                    notice.set(Some(format!(
                        "The seed must be a whole number from 0 to {MAX_SEED} (or empty for a random one)."
                    )));
                    return;
                }
            },
        };
        start_or_ask(picked(), task_id.get(), seed, level.get());
    };
    let draw_seed = move |_| match random_seed() {
        Ok(seed) => seed_text.set(seed.to_string()),
        Err(problem) => notice.set(Some(problem)),
    };
    // A task the explorer picked, played in the play view.
    let play_task = Callback::new(move |chosen: tasks::Chosen| {
        page_view.set(View::Play);
        let tasks::Chosen {
            task,
            seed,
            difficulty,
        } = chosen;
        start_or_ask(picked(), task.to_owned(), seed, difficulty);
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
            begin(env, task, seed, difficulty);
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

    let on_env_change = move |ev| {
        let chosen = event_target_value(&ev);
        if registry::find(&chosen).is_none() {
            // Its own page, at the episode kept there if there is one.
            let kept = saved::kept_episode(&chosen).map(|r| {
                link::query(
                    &r.env,
                    &r.task,
                    r.seed,
                    r.difficulty.unwrap_or(DEFAULT_LEVEL),
                )
            });
            link::open_page_of(&chosen, kept);
            return;
        }
        env_id.set(chosen);
        task_id.set(picked().default_task().id.to_owned());
        if !picked().levels.contains(&level.get_untracked()) {
            level.set(DEFAULT_LEVEL);
        }
    };

    // An exported episode: replayed in full before anything on the page
    // changes, so a bad file leaves the episode, the pickers and the link
    // as they were.
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
        // Choosing the same file again must read it again.
        input.set_value("");
        spawn_local(async move {
            let name = file.name();
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let text = text.ok().and_then(|t| t.as_string()).unwrap_or_default();
            let outcome = EpisodeRecord::parse(&text).and_then(|record| {
                if registry::find(&record.env).is_none()
                    && registry::LISTED.iter().any(|e| e.id == record.env)
                {
                    // Another environment's episode: kept for its page,
                    // which replays it on opening.
                    saved::keep_record(&record);
                    let difficulty = record.difficulty.unwrap_or(DEFAULT_LEVEL);
                    let query = link::query(&record.env, &record.task, record.seed, difficulty);
                    let from = js_sys::encode_uri_component(&name);
                    link::open_page_of(
                        &record.env,
                        Some(format!("{query}&{}={from}", link::IMPORTED)),
                    );
                    return Ok(None);
                }
                let played = episode::replay(
                    &record.env,
                    &record.task,
                    record.seed,
                    record.variant(),
                    record.actions.iter().map(|a| (a.clone(), None)),
                )?;
                match played.view.steps.iter().position(|s| s.outcome.is_err()) {
                    Some(at) => {
                        let reason = played.view.steps[at]
                            .outcome
                            .as_ref()
                            .err()
                            .map(|e| e.message.clone())
                            .unwrap_or_default();
                        Err(format!("its action {} is refused: {reason}", at + 1))
                    }
                    None => Ok(Some(played)),
                }
            });
            match outcome {
                Ok(Some(played)) => install(played, Some(format!("Imported from {name}."))),
                // Its environment's page replays it.
                Ok(None) => {}
                Err(e) => notice.set(Some(format!(
                    "{name} was not imported ({e}); the episode on show is unchanged."
                ))),
            }
        });
    };

    let open_run = Callback::new(move |opened: Opened| install(opened.played, Some(opened.source)));

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

    let copy_link = move |_| {
        spawn_local(async move {
            let href = link::current();
            link_note.set(Some(match link::copy(&href).await {
                Ok(()) => "Link copied.".to_owned(),
                Err(()) => format!("Copy refused by the browser; the link: {href}"),
            }));
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

    // Each task with its step limit at the picked level.
    let task_options = move || {
        let env = picked();
        let difficulty = level.get();
        let labels: Vec<String> = env
            .tasks
            .iter()
            .map(|t| {
                let steps = env.max_steps(t, difficulty);
                match t.aliases.first() {
                    Some(alias) => format!("{} · {alias} ({steps} steps)", t.id),
                    None => format!("{} ({steps} steps)", t.id),
                }
            })
            .collect();
        let ids = env.tasks.iter().map(|t| t.id);
        html::options(ids.zip(labels.iter().map(String::as_str)), &task_id.get())
    };
    let level_options = move || {
        let levels: Vec<(String, String)> = picked()
            .levels
            .iter()
            .map(|&n| {
                let label = if n == DEFAULT_LEVEL {
                    format!("{n} (default)")
                } else {
                    n.to_string()
                };
                (n.to_string(), label)
            })
            .collect();
        let items = levels.iter().map(|(n, label)| (n.as_str(), label.as_str()));
        html::options(items, &level.get().to_string())
    };

    // A field of the running episode, for display ("" before the first).
    let running = move |field: fn(&EpisodeView) -> String| -> String {
        episode.with(|e| e.as_ref().map(field).unwrap_or_default())
    };
    let running_task = move || {
        episode.with(|e| {
            e.as_ref()
                .and_then(|v| registry::find(&v.env_id).and_then(|env| env.task(&v.task)))
        })
    };
    let summary = move || running_task().map(|t| t.summary).unwrap_or("");
    // The pickers may already name another episode; say so until Start.
    let pending = move || {
        let (env, task, seed, difficulty) =
            (env_id.get(), task_id.get(), seed_text.get(), level.get());
        let same = episode.with(|e| {
            e.as_ref().is_some_and(|v| {
                v.env_id == env
                    && v.task == task
                    && v.seed.to_string() == seed.trim()
                    && v.level() == difficulty
            })
        });
        (!same).then(|| format!("Start episode to play {env} / {task} at level {difficulty} with seed {}; the episode below is unchanged.", if seed.trim().is_empty() { "random" } else { seed.trim() }))
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
    let over = move || episode.with(|e| e.as_ref().is_some_and(|v| v.done));
    let card = move || {
        episode.with(|e| {
            e.as_ref()
                .filter(|v| v.done)
                .map(move |v| result::card(v, restart))
        })
    };

    let timeline = move || {
        let shown = shown_step.get();
        episode.with(|view| {
            view.as_ref()
                .map(|v| timeline_html(v, shown))
                .unwrap_or_default()
        })
    };
    let on_timeline_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(step) = clicked_data(&ev, "step").and_then(|s| s.parse().ok()) {
            shown_step.set(Some(step));
            tab.set(Tab::Scenario);
        }
    };
    let stepper = move || {
        let total = episode.with(|e| e.as_ref().map_or(0, |v| v.accepted().count()));
        (total > 0).then(|| {
            let at = move || shown_step.get().unwrap_or(total);
            view! {
                <div class="stepper" aria-label="Step through the episode">
                    <button id="step-prev" aria-label="Previous step" disabled=move || at() == 0 on:click=move |_| shown_step.set(Some(at().saturating_sub(1)))>"◀"</button>
                    <span>{move || if at() == 0 { "the start".to_owned() } else { format!("after step {} of {total}", at()) }}</span>
                    <button id="step-next" aria-label="Next step" disabled=move || total <= at() on:click=move |_| { let next = at() + 1; shown_step.set((next < total).then_some(next)); }>"▶"</button>
                </div>
            }
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
            <section class="controls" aria-label="Episode set-up">
                <label class="field">
                    <span>"Environment"</span>
                    <select id="env-select" on:change=on_env_change inner_html=move || html::options(registry::LISTED.iter().map(|e| (e.id, e.name)), &env_id.get())></select>
                </label>
                <label class="field">
                    <span>"Task"</span>
                    <select id="task-select" on:change=move |ev| task_id.set(event_target_value(&ev)) inner_html=task_options></select>
                </label>
                <label class="field">
                    <span>"Level"</span>
                    <select id="level-select" on:change=move |ev| level.set(event_target_value(&ev).parse().unwrap_or(DEFAULT_LEVEL)) inner_html=level_options></select>
                </label>
                <label class="field">
                    <span>"Seed"</span>
                    <input id="seed-input" inputmode="numeric" prop:value=move || seed_text.get()
                        on:input=move |ev| seed_text.set(event_target_value(&ev)) />
                </label>
                <button id="random-seed" on:click=draw_seed>"Random seed"</button>
                <button id="start-btn" class="primary" on:click=start>"Start episode"</button>
            </section>
            <p class="summary">{summary}</p>
            {move || pending().map(|p| view! { <p class="pending hint" id="pending-note">{p}</p> })}
            {move || confirm_start.get().map(|(env, task, seed, difficulty)| {
                let steps = episode.with_untracked(|e| e.as_ref().map_or(0, |v| v.accepted().count()));
                let question = format!(
                    "Replace the episode in progress ({} taken, not finished) with {} / {task} at level {difficulty}, seed {seed}? Export episode keeps a copy of it first.",
                    crate::format::steps(steps),
                    env.id
                );
                view! {
                    <div class="confirm" role="alertdialog" id="start-confirm" aria-labelledby="start-confirm-text">
                        <p id="start-confirm-text">{question}</p>
                        <button id="start-confirm-yes" class="primary" on:click=move |_| begin(env, task.clone(), seed, difficulty)>"Start the new episode"</button>
                        <button id="start-confirm-no" on:click=move |_| confirm_start.set(None)>"Keep playing"</button>
                    </div>
                }
            })}
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
                            <Show when=move || server_up.get() && over()>
                                <button id="verify-btn" on:click=run_verify>"Verify on server"</button>
                            </Show>
                            {move || export_href().map(|href| view! { <a id="export-link" class="button" href=href download="deskbench-episode.json">"Export episode"</a> })}
                            <label class="button">"Import episode"<input id="import-file" type="file" accept="application/json,.json" class="visually-hidden" on:change=import /></label>
                        </div>
                        {move || match verify_state.get() {
                            Verify::Idle => None,
                            Verify::Running => Some(view! { <p id="verify-result" class="muted">"Replaying on the server…"</p> }.into_any()),
                            Verify::Done { local, server, matched } => Some(view! {
                                <p id="verify-result" class=if matched { "match" } else { "mismatch" } data-server-score=score_text(server)
                                    title=format!("exactly {} in the browser, {} on the server", score_text(local), score_text(server))>
                                    {if matched { "✔ match" } else { "✘ mismatch" }}
                                    {format!(": browser {} · server {}", shown_score(local), shown_score(server))}
                                </p>
                            }.into_any()),
                            Verify::Failed(e) => Some(view! { <p id="verify-result" class="mismatch">{format!("Could not verify: {e}")}</p> }.into_any()),
                        }}
                    </section>
                    <section class="panel" id="timeline-panel" aria-label="Timeline">
                        <h2>"Timeline"</h2>
                        {stepper}
                        <ol id="timeline" class="timeline" on:click=on_timeline_click inner_html=timeline></ol>
                    </section>
                </main>
                {developer::panel(on_show, server_up.into(), example)}
            </Show>
        </div>
    }
}
