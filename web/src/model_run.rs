//! "Run a model": the visitor's OpenAI-compatible chat API plays the
//! page's environment in the browser, as `deskbench inference` plays it
//! in-process. The episodes are the same (task and level, then seed, then
//! trial), every turn goes through the core's [`agent::Player`] (the same
//! prompt, history window, reply reading and trajectories line as the
//! CLI), the requests go straight from the browser to the API through
//! `gloo-net`, and the run ends with the pass^k table and the trajectories
//! file, which opens in Runs.
//!
//! The key lives in this module's signal only; it is written to local
//! storage when the visitor ticks "remember" (and removed when they untick
//! it), and sent nowhere but the API's `Authorization` header. The page
//! plays the text protocol: the tools and their schema checks are native
//! only (`env_wasm::tools`).

use env_wasm::agent::{self, Briefing, Finished, LineHeader, Player, Protocol, Sampling, Step};
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, RewardMode, TaskInfo, decimal, splits};
use gloo_net::http::Request;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::{Value, json};

use crate::format::number;
use crate::html::{Html, escape};
use crate::run_files::{self, RunFile};

/// The CLI's defaults (`deskbench inference --help`), so a run here and
/// one there send the same requests.
const DEFAULT_BASE: &str = "https://router.huggingface.co/v1";
const DEFAULT_MODEL: &str = "Qwen/Qwen2.5-72B-Instruct";
const TEMPERATURE: f64 = 0.0;
const MAX_TOKENS: u32 = 2048;
const SUCCESS_THRESHOLD: f64 = 0.5;
/// Retries of a call after a transient failure (no answer, 429, 5xx), the
/// first after `BACKOFF_MS`, each further one after twice as long.
const RETRIES: u32 = 3;
const BACKOFF_MS: i32 = 1000;
/// Most episodes one run plays: each is many paid calls.
const MAX_EPISODES: u64 = 200;

/// Where "remember" keeps the settings (base URL, model, key).
const KEPT_KEY: &str = "deskbench.model-api";

/// One episode of a run, in report order.
#[derive(Debug, Clone, Copy)]
struct Job {
    task: &'static TaskInfo,
    difficulty: u8,
    seed: u64,
    trial: u32,
}

/// What the form asks for.
#[derive(Debug, Clone)]
struct Plan {
    base: String,
    model: String,
    key: String,
    reward_mode: RewardMode,
    jobs: Vec<Job>,
    trials: u32,
}

/// A played episode with its job.
struct Played {
    job: Job,
    finished: Finished,
    line: String,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The remembered `(base, model, key)`, if the visitor asked for it.
fn remembered() -> Option<(String, String, String)> {
    let text = storage()?.get_item(KEPT_KEY).ok()??;
    let kept: Value = serde_json::from_str(&text).ok()?;
    let field = |k: &str| kept.get(k).and_then(Value::as_str).map(str::to_owned);
    Some((field("base")?, field("model")?, field("key")?))
}

fn remember(base: &str, model: &str, key: Option<&str>) {
    let Some(storage) = storage() else { return };
    let _ = match key {
        Some(key) => storage.set_item(
            KEPT_KEY,
            &json!({"base": base, "model": model, "key": key}).to_string(),
        ),
        None => storage.remove_item(KEPT_KEY),
    };
}

/// A list of levels (`2` or `1,3`) the environment serves.
fn levels_of(env: &EnvInfo, text: &str) -> Result<Vec<u8>, String> {
    let mut levels = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match part.parse::<u8>() {
            Ok(level) if env.levels.contains(&level) => {
                if !levels.contains(&level) {
                    levels.push(level);
                }
            }
            _ => {
                return Err(format!(
                    "`{part}` is not a level of {} (it serves {:?})",
                    env.id, env.levels
                ));
            }
        }
    }
    if levels.is_empty() {
        return Err("name at least one level".to_owned());
    }
    Ok(levels)
}

/// The form's plan, or what is wrong with it.
#[allow(
    clippy::too_many_arguments,
    reason = "each of the form's fields is one argument, checked together"
)]
fn plan(
    env: &'static EnvInfo,
    base: &str,
    model: &str,
    key: &str,
    tasks: &[String],
    levels: &str,
    first_seed: &str,
    seeds: &str,
    trials: &str,
    reward_mode: &str,
) -> Result<Plan, String> {
    let base = base.trim().trim_end_matches('/');
    if !(base.starts_with("https://") || base.starts_with("http://")) {
        return Err("the API base URL must start with https:// (or http://)".to_owned());
    }
    if model.trim().is_empty() {
        return Err("name the model".to_owned());
    }
    let tasks: Vec<&'static TaskInfo> = env
        .tasks
        .iter()
        .filter(|t| tasks.iter().any(|c| c == t.id))
        .collect();
    if tasks.is_empty() {
        return Err("tick at least one task".to_owned());
    }
    let levels = levels_of(env, levels)?;
    let number = |text: &str, what: &str| {
        text.trim()
            .parse::<u64>()
            .map_err(|_| format!("{what} must be a whole number"))
    };
    let first_seed = number(first_seed, "the first seed")?;
    let seeds = number(seeds, "the number of seeds")?;
    let trials = u32::try_from(number(trials, "the number of trials")?).unwrap_or(u32::MAX);
    if seeds == 0 || trials == 0 {
        return Err("play at least one seed and one trial".to_owned());
    }
    let count = (tasks.len() * levels.len()) as u64 * seeds * u64::from(trials);
    if count > MAX_EPISODES {
        return Err(format!(
            "that is {count} episodes; the page plays at most {MAX_EPISODES} in one run \
             (deskbench inference plays any number)"
        ));
    }
    if first_seed.saturating_add(seeds) > env_wasm::seam::MAX_SEED {
        return Err("the seeds run past the largest seed".to_owned());
    }
    let reward_mode = RewardMode::parse(reward_mode).unwrap_or(RewardMode::Shaped);
    let mut jobs = Vec::new();
    for &task in &tasks {
        for &difficulty in &levels {
            for seed in first_seed..first_seed + seeds {
                for trial in 0..trials {
                    jobs.push(Job {
                        task,
                        difficulty,
                        seed,
                        trial,
                    });
                }
            }
        }
    }
    Ok(Plan {
        base: base.to_owned(),
        model: model.trim().to_owned(),
        key: key.trim().to_owned(),
        reward_mode,
        jobs,
        trials,
    })
}

/// Wait `ms` milliseconds.
async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// One chat completions call, with the CLI's retries: the completion's
/// JSON, or why there is none.
async fn call(plan: &Plan, body: &str) -> Result<Value, String> {
    let url = format!("{}/chat/completions", plan.base);
    let mut wait = BACKOFF_MS;
    let mut attempt = 0;
    loop {
        let mut request = Request::post(&url).header("Content-Type", "application/json");
        if !plan.key.is_empty() {
            request = request.header("Authorization", &format!("Bearer {}", plan.key));
        }
        let sent = request
            .body(body.to_owned())
            .map_err(|e| e.to_string())?
            .send()
            .await;
        let (transient, problem) = match sent {
            Err(e) => (true, format!("the model API did not answer: {e}")),
            Ok(response) => {
                let status = response.status();
                let text = response.text().await.unwrap_or_default();
                let body: Result<Value, _> = serde_json::from_str(&text);
                match (status, body) {
                    (200..=299, Ok(body)) => return Ok(body),
                    (200..=299, Err(e)) => (false, format!("the reply is not JSON: {e}")),
                    (status, body) => {
                        let message = body
                            .ok()
                            .and_then(|b| b["error"]["message"].as_str().map(str::to_owned))
                            .unwrap_or_default();
                        (
                            status == 429 || status >= 500,
                            format!("HTTP {status} from the model API {message}")
                                .trim_end()
                                .to_owned(),
                        )
                    }
                }
            }
        };
        if !transient || attempt >= RETRIES {
            return Err(problem);
        }
        attempt += 1;
        sleep(wait).await;
        wait = wait.saturating_mul(2);
    }
}

/// A turn as the live list shows it.
fn turn_text(job: &Job, n: usize, turn: &Step) -> String {
    let action = turn
        .action
        .as_ref()
        .filter(|a| !a.is_null())
        .map(Value::to_string)
        .unwrap_or_else(|| "(no action)".to_owned());
    let action: String = if action.chars().count() > 160 {
        action.chars().take(160).chain(['…']).collect()
    } else {
        action
    };
    let what = if let Some(reason) = &turn.refused {
        format!("refused: {reason}")
    } else if let Some(error) = &turn.error {
        format!("error: {error}")
    } else {
        let reward = turn
            .reward()
            .map_or_else(|| "none".to_owned(), |r| decimal::fixed(r, 4));
        let done = if turn.done == Some(true) {
            ", done"
        } else {
            ""
        };
        format!("reward {reward}{done}")
    };
    format!(
        "{} L{} seed {} trial {} · turn {n}: {action} → {what}",
        job.task.id, job.difficulty, job.seed, job.trial
    )
}

/// Play one episode in the page.
async fn play(
    env: &'static EnvInfo,
    plan: &Plan,
    job: Job,
    schema: &Value,
    turns: RwSignal<Vec<String>>,
) -> Played {
    let mut session = AnyEnv::of(env);
    let options = json!({
        "task": job.task.id,
        "seed": job.seed,
        "reward_mode": plan.reward_mode.name(),
        splits::DIFFICULTY: job.difficulty,
    });
    let started = session
        .reset(&options, ResetDefaults::default())
        .and_then(|first| Ok((first, env.max_steps(job.task, job.difficulty)?)));
    let finished = match started {
        Err(e) => Finished::error(e.to_string()),
        Ok((first, max_steps)) => {
            let briefing = Briefing {
                env,
                task: job.task,
                difficulty: job.difficulty,
                max_steps,
                action_schema: schema,
                hint: env.prompt_hint,
            };
            let mut player = Player::new(&briefing, Protocol::Text, &first, Vec::new(), None);
            let sampling = Sampling {
                model: &plan.model,
                temperature: TEMPERATURE,
                max_tokens: MAX_TOKENS,
            };
            while let Some(request) = player.request(&sampling) {
                let completion = call(plan, &request.body)
                    .await
                    .and_then(|body| agent::read_completion(&body));
                match completion {
                    Err(e) => player.call_failed(request.window, e),
                    Ok(completion) => {
                        if let Some(agent::Act::Action(action)) =
                            player.reply(request.window, &completion)
                        {
                            match session.step(&action) {
                                Ok(result) => player.accepted(result),
                                Err(e) => player.refused(e.to_string()),
                            }
                        }
                    }
                }
                if let Some(turn) = player.last_turn() {
                    let line = turn_text(&job, player.turns_taken(), turn);
                    turns.update(|t| t.push(line));
                }
            }
            player.finish(|_| session.terminal_score().map(agent::to_points))
        }
    };
    let line = finished.line(
        &LineHeader {
            env: env.id,
            task: job.task.id,
            difficulty: job.difficulty,
            split: env.split_of(job.seed).map_or("", |s| s.name),
            seed: job.seed,
            trial: job.trial,
            model: &plan.model,
            reward_mode: plan.reward_mode.name(),
            protocol: Protocol::Text,
            success_threshold: SUCCESS_THRESHOLD,
        },
        env!("CARGO_PKG_VERSION"),
    );
    Played {
        job,
        finished,
        line,
    }
}

/// The pass^k table of a run: one row per task and level, as `deskbench
/// inference` prints it (errors left out of the means and of pass^k).
fn table(played: &[Played], trials: u32) -> String {
    // Groups in the run's order (task and level), found by a walk: no
    // sort, which would cost the bundle a sort routine of its own.
    let mut groups: Vec<Vec<&Played>> = Vec::new();
    for p in played {
        let same = |g: &&mut Vec<&Played>| {
            std::ptr::eq(g[0].job.task, p.job.task) && g[0].job.difficulty == p.job.difficulty
        };
        match groups.iter_mut().find(same) {
            Some(group) => group.push(p),
            None => groups.push(vec![p]),
        }
    }
    let mut html = Html::new();
    // In a box of its own that scrolls on a narrow screen (one column per k).
    html.open("div", &[("class", "grid-scroll")]);
    html.open("table", &[("id", "model-table"), ("class", "runs-table")]);
    html.open("thead", &[]).open("tr", &[]);
    let mut header = vec![
        "task".to_owned(),
        "level".to_owned(),
        "episodes".to_owned(),
        "errors".to_owned(),
        "mean".to_owned(),
    ];
    header.extend((1..=trials).map(|k| format!("pass^{k}")));
    for h in &header {
        html.element("th", &[("scope", "col")], h);
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for group in &groups {
        let scores: Vec<f64> = group.iter().filter_map(|p| p.finished.score).collect();
        let errors = group.len() - scores.len();
        let mean = (!scores.is_empty()).then(|| scores.iter().sum::<f64>() / scores.len() as f64);
        let mut seeds: Vec<(u64, u32, u32)> = Vec::new();
        for p in group {
            if p.finished.outcome == agent::Outcome::Error {
                continue;
            }
            let success = u32::from(p.finished.succeeded(SUCCESS_THRESHOLD));
            match seeds.iter_mut().find(|(s, _, _)| *s == p.job.seed) {
                Some(seed) => {
                    seed.1 += success;
                    seed.2 += 1;
                }
                None => seeds.push((p.job.seed, success, 1)),
            }
        }
        let counts: Vec<(u32, u32)> = seeds.iter().map(|&(_, c, n)| (c, n)).collect();
        let first = group[0].job;
        html.open("tr", &[("data-task", first.task.id)]);
        html.element("td", &[], first.task.id);
        html.element("td", &[], &first.difficulty.to_string());
        html.element("td", &[], &group.len().to_string());
        html.element("td", &[], &errors.to_string());
        let mean_text = mean.map_or_else(|| "–".to_owned(), |m| decimal::fixed(m, 3));
        html.element("td", &[("data-mean", &mean_text)], &mean_text);
        for p in agent::pass_k(&counts, trials) {
            html.element("td", &[], &decimal::fixed(p, 3));
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
    html.into_string()
}

/// The panel, above the run viewer; a finished run's file goes to `files`.
pub(crate) fn panel(env: Signal<&'static EnvInfo>, files: RwSignal<Vec<RunFile>>) -> impl IntoView {
    let kept = remembered();
    let remembering = RwSignal::new(kept.is_some());
    let (base, model, key) = kept.unwrap_or_else(|| {
        (
            DEFAULT_BASE.to_owned(),
            DEFAULT_MODEL.to_owned(),
            String::new(),
        )
    });
    let base = RwSignal::new(base);
    let model = RwSignal::new(model);
    let key = RwSignal::new(key);
    let tasks = RwSignal::new(vec![env.get_untracked().default_task().id.to_owned()]);
    let levels = RwSignal::new(splits::DEFAULT_LEVEL.to_string());
    let first_seed = RwSignal::new("0".to_owned());
    let seeds = RwSignal::new("1".to_owned());
    let trials = RwSignal::new("1".to_owned());
    let reward_mode = RwSignal::new("shaped".to_owned());
    let running = RwSignal::new(false);
    let stop = RwSignal::new(false);
    let status = RwSignal::new(None::<String>);
    let turns = RwSignal::new(Vec::<String>::new());
    let result = RwSignal::new(None::<(String, String, String)>);

    let keep = move || {
        if remembering.get_untracked() {
            remember(
                &base.get_untracked(),
                &model.get_untracked(),
                Some(&key.get_untracked()),
            );
        }
    };
    let on_remember = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        remembering.set(on);
        if on {
            keep();
        } else {
            remember("", "", None);
        }
    };
    let run = move |_| {
        let env = env.get_untracked();
        let plan = plan(
            env,
            &base.get_untracked(),
            &model.get_untracked(),
            &key.get_untracked(),
            &tasks.get_untracked(),
            &levels.get_untracked(),
            &first_seed.get_untracked(),
            &seeds.get_untracked(),
            &trials.get_untracked(),
            &reward_mode.get_untracked(),
        );
        let plan = match plan {
            Ok(plan) => plan,
            Err(problem) => {
                status.set(Some(format!("Cannot run: {problem}.")));
                return;
            }
        };
        keep();
        running.set(true);
        stop.set(false);
        turns.set(Vec::new());
        result.set(None);
        spawn_local(async move {
            let schema = AnyEnv::of(env).schemas()["action"].clone();
            let mut played = Vec::new();
            let total = plan.jobs.len();
            for (i, job) in plan.jobs.iter().enumerate() {
                if stop.get_untracked() {
                    break;
                }
                status.set(Some(format!(
                    "Playing episode {} of {total}: {} level {} seed {} trial {}…",
                    i + 1,
                    job.task.id,
                    job.difficulty,
                    job.seed,
                    job.trial
                )));
                let p = play(env, &plan, *job, &schema, turns).await;
                let score = p
                    .finished
                    .score
                    .map_or_else(|| "no score".to_owned(), |s| format!("score {}", number(s)));
                turns.update(|t| {
                    t.push(format!(
                        "{} L{} seed {} trial {}: {} ({score})",
                        job.task.id,
                        job.difficulty,
                        job.seed,
                        job.trial,
                        p.finished.outcome.name()
                    ))
                });
                played.push(p);
            }
            let mut text = String::new();
            for p in &played {
                text.push_str(&p.line);
                text.push('\n');
            }
            let name = format!(
                "model-run-{}.jsonl",
                plan.model
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "-")
            );
            if let Ok(file) = run_files::parse(&name, &text) {
                files.update(|f| f.push(file));
            }
            let href = format!(
                "data:application/x-ndjson;charset=utf-8,{}",
                js_sys::encode_uri_component(&text)
            );
            result.set(Some((table(&played, plan.trials), href, name)));
            status.set(Some(format!(
                "Played {} of {total} episodes. The trajectories file is open in Runs below.",
                played.len()
            )));
            running.set(false);
        });
    };
    let task_boxes = move || {
        env.get()
            .tasks
            .iter()
            .map(|t| {
                let id = t.id;
                view! {
                    <label class="check">
                        <input type="checkbox" name="model-task" value=id
                            prop:checked=move || tasks.with(|c| c.iter().any(|x| x == id))
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                tasks.update(|c| {
                                    c.retain(|x| x != id);
                                    if on { c.push(id.to_owned()); }
                                });
                            } />
                        {id}
                    </label>
                }
            })
            .collect_view()
    };
    let field = move |id: &'static str, label: &'static str, value: RwSignal<String>| {
        view! {
            <label class="field"><span>{label}</span>
                <input id=id prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
            </label>
        }
    };
    view! {
        <details class="panel" id="model-run">
            <summary><h2>"Run a model"</h2></summary>
            <p class="hint">"Your OpenAI-compatible chat API plays this page's environment here, with the prompts and reply reading of "
                <code>"deskbench inference"</code>" (text protocol). Requests go from this browser straight to the API; the key is sent to it alone and is kept only in this page's memory unless you tick Remember. The API must allow requests from this page (CORS)."</p>
            <div class="controls">
                {field("model-base", "API base URL", base)}
                {field("model-name", "Model", model)}
                <label class="field"><span>"API key"</span>
                    <input id="model-key" type="password" autocomplete="off" prop:value=move || key.get() on:input=move |ev| key.set(event_target_value(&ev)) />
                </label>
                <label class="check">
                    <input id="model-remember" type="checkbox" prop:checked=move || remembering.get() on:change=on_remember />
                    "Remember in this browser"
                </label>
            </div>
            <fieldset class="controls" id="model-tasks"><legend>"Tasks"</legend>{task_boxes}</fieldset>
            <div class="controls">
                {field("model-levels", "Levels", levels)}
                {field("model-first-seed", "First seed", first_seed)}
                {field("model-seeds", "Seeds", seeds)}
                {field("model-trials", "Trials", trials)}
                <label class="field"><span>"Rewards"</span>
                    <select id="model-reward-mode" on:change=move |ev| reward_mode.set(event_target_value(&ev))>
                        <option value="shaped">"shaped"</option>
                        <option value="score">"score"</option>
                    </select>
                </label>
            </div>
            <div class="actions">
                <button id="model-run-btn" class="primary" on:click=run disabled=move || running.get()>"Run"</button>
                <button id="model-stop-btn" on:click=move |_| stop.set(true) disabled=move || !running.get()>"Stop after this episode"</button>
            </div>
            <p id="model-status" class="hint" aria-live="polite">{move || status.get()}</p>
            <ol id="model-turns" class="timeline" inner_html=move || {
                turns.with(|t| t.iter().map(|line| format!("<li>{}</li>", escape(line))).collect::<String>())
            }></ol>
            {move || result.get().map(|(table, href, name)| view! {
                <div id="model-result">
                    <div inner_html=table></div>
                    <a id="model-download" class="button" href=href download=name>"Download trajectories"</a>
                </div>
            })}
        </details>
    }
}
