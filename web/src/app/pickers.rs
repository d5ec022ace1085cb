//! The episode set-up: the environment, task, level and seed pickers with
//! Random seed and Start episode, the running task's summary, the note
//! while the pickers name another episode than the one on show, and the
//! question before Start replaces an episode in progress.

use env_wasm::registry;
use env_wasm::seam::MAX_SEED;
use env_wasm::splits::DEFAULT_LEVEL;
use leptos::prelude::*;

use super::state::AppState;
use crate::{html, link, saved};

/// A seed of up to nine digits (short enough to read out and type again),
/// from the browser's cryptographic random source (`crypto.getRandomValues`
/// through getrandom's `wasm_js` backend). The modulo's bias is below one
/// part in 10^10.
fn random_seed() -> Result<u64, String> {
    getrandom::u64()
        .map(|n| n % 1_000_000_000)
        .map_err(|e| format!("The browser gave no random seed ({e}); type one."))
}

/// The set-up section and the notes below it.
pub(super) fn pickers(state: AppState) -> impl IntoView {
    let AppState {
        env_id,
        task_id,
        seed_text,
        level,
        episode,
        notice,
        confirm_start,
        ..
    } = state;
    let picked = move || state.picked();

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
        state.start_or_ask(picked(), task_id.get(), seed, level.get());
    };
    let draw_seed = move |_| match random_seed() {
        Ok(seed) => seed_text.set(seed.to_string()),
        Err(problem) => notice.set(Some(problem)),
    };

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

    // Each task with its step limit at the picked level.
    let task_options = move || {
        let env = picked();
        let difficulty = level.get();
        let labels: Vec<String> = env
            .tasks
            .iter()
            .map(|t| {
                let named = match t.aliases.first() {
                    Some(alias) => format!("{} · {alias}", t.id),
                    None => t.id.to_owned(),
                };
                match env.max_steps(t, difficulty) {
                    Ok(steps) => format!("{named} ({steps} steps)"),
                    Err(_) => named,
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

    view! {
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
                    <button id="start-confirm-yes" class="primary" on:click=move |_| state.begin(env, task.clone(), seed, difficulty)>"Start the new episode"</button>
                    <button id="start-confirm-no" on:click=move |_| confirm_start.set(None)>"Keep playing"</button>
                </div>
            }
        })}
    }
}
