//! `deskbench eval`: play built-in policies (`reference` and each
//! environment's baselines, see [`env_wasm::EnvInfo::policy_names`]) over
//! many seeds and trials, and report the numbers ([`super::report`]).
//!
//! Policies are computed in-process from the seam in both modes. With
//! `--url`, a local [`AnyEnv`] is kept in lock-step with the server's
//! session: the policy reads the local episode, its action goes to the
//! server over `/ws`, and reward, `done` and the task score are the
//! server's. Each server reply is checked against the local one, so a
//! server that plays a different scenario or grades differently is an
//! error rather than a silently different number.
//!
//! Policy randomness is per trial: trial `t` of seed `s` draws from
//! `SeededRng::new(s, 1000 + t)`, so trials differ and reruns do not.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use env_wasm::registry::ALL_POLICIES;
use env_wasm::rng::SeededRng;
use env_wasm::seam::MAX_SEED;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, RewardMode, StepResult, TaskInfo};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use serde_json::{Value, json};

use super::report::{self, Episode, Outcome, Summary};
use super::select;
use super::to_points;
use super::ws_client::{Reply, WsError, WsSession};

/// The stream of trial `t`'s policy randomness is `POLICY_STREAM + t`.
pub const POLICY_STREAM: u64 = 1000;
/// An episode still running this many steps past its task's `max_steps` is
/// cut off (every environment ends its episodes by `max_steps`).
const STEP_SLACK: u32 = 10;

#[derive(Debug, Clone, clap::Args)]
pub struct EvalArgs {
    /// Environments to evaluate (repeat the flag or separate with commas; default: all).
    #[arg(long = "env", value_name = "ENV")]
    pub envs: Vec<String>,
    /// Tasks, by id or alias (repeatable, comma lists; default: every task of each environment).
    #[arg(long = "task", value_name = "TASK")]
    pub tasks: Vec<String>,
    /// Policies: `reference`, a baseline (e.g. `random`, `constant`), `exploits` for every
    /// exploit policy (`exploit_*`: ways of gaming a grader, which must score low) or `all` for
    /// every policy each environment offers (repeatable, comma lists).
    #[arg(long = "policy", value_name = "POLICY", default_value = "reference")]
    pub policies: Vec<String>,
    /// Number of seeds, from --seed-start.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub seeds: u64,
    /// First seed.
    #[arg(long, default_value_t = 0)]
    pub seed_start: u64,
    /// Trials per seed (different policy randomness); pass^k is reported for k = 1..trials.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub trials: u32,
    /// An episode succeeds when its task score is at least this.
    #[arg(long, default_value_t = 0.5, value_parser = parse_threshold)]
    pub success_threshold: f64,
    /// Play against the server at this root URL (http://, https://, ws:// or wss://) over
    /// /envs/{env}/ws instead of in-process.
    #[arg(long, value_name = "BASE")]
    pub url: Option<String>,
    /// Parallel /ws sessions with --url.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: u32,
    /// Also write the summaries and every episode as JSON to this file.
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
    /// Also write the summaries as CSV to this file.
    #[arg(long, value_name = "PATH")]
    pub csv: Option<PathBuf>,
    /// Also write every episode as one JSON line to this file: env, task, difficulty, split,
    /// seed, policy, every step's action, observation, reward, done and truncated, the score
    /// and its breakdown (README "Trajectories").
    #[arg(long, value_name = "FILE.jsonl")]
    pub trajectories: Option<PathBuf>,
    /// Never draw the progress bar (it is drawn on stderr only when that is a terminal).
    #[arg(long)]
    pub quiet: bool,
    /// How step rewards are paid: `shaped` (each environment's shaping) or `score` (the
    /// task score on the last step, so an episode's total reward is its score).
    #[arg(long, default_value = "shaped", value_parser = super::parse_reward_mode)]
    pub reward_mode: RewardMode,
}

fn parse_threshold(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(t) if (0.0..=1.0).contains(&t) => Ok(t),
        _ => Err(format!("`{text}` is not a number from 0 to 1")),
    }
}

/// One environment, task and policy: a row of the report.
#[derive(Debug, Clone, Copy)]
pub struct Group {
    pub env: &'static EnvInfo,
    pub task: &'static TaskInfo,
    pub policy: &'static str,
}

/// Everything `eval` will play, in report order.
#[derive(Debug, Clone)]
pub struct Plan {
    pub groups: Vec<Group>,
    pub reward_mode: RewardMode,
    pub seed_start: u64,
    pub seeds: u64,
    pub trials: u32,
}

impl Plan {
    pub fn episodes(&self) -> usize {
        self.groups.len() * self.seeds as usize * self.trials as usize
    }

    /// Job `i` in report order: group, then seed, then trial.
    fn job(&self, i: usize) -> (Group, u64, u32) {
        let per_group = self.seeds as usize * self.trials as usize;
        let within = i % per_group;
        (
            self.groups[i / per_group],
            self.seed_start + (within / self.trials as usize) as u64,
            (within % self.trials as usize) as u32,
        )
    }
}

/// The policies of `env` that `wanted` selects (names, or the families
/// `all` and `exploits`, see [`EnvInfo::policies_named`]), in the order the
/// environment lists them, each once.
fn policies_of(env: &EnvInfo, wanted: &[String]) -> Vec<&'static str> {
    let selected: Vec<&'static str> = wanted.iter().flat_map(|w| env.policies_named(w)).collect();
    env.policy_names()
        .into_iter()
        .filter(|p| selected.contains(p))
        .collect()
}

/// Resolve the arguments into a plan; `Err` is a usage error.
pub fn plan(args: &EvalArgs) -> Result<Plan, String> {
    let env_names = select::names(&args.envs);
    let envs = select::envs(&env_names)?;
    let tasks = select::tasks(&envs, &select::names(&args.tasks))?;
    let wanted = select::names(&args.policies);
    if wanted.is_empty() {
        return Err("no policy named; try --policy reference or --policy all".to_owned());
    }
    let last_seed = args
        .seed_start
        .checked_add(args.seeds - 1)
        .filter(|s| *s <= MAX_SEED);
    if last_seed.is_none() {
        return Err(format!("seeds must stay at most {MAX_SEED}"));
    }
    let chosen_envs: Vec<&EnvInfo> = {
        let mut seen: Vec<&EnvInfo> = Vec::new();
        for (env, _) in &tasks {
            if !seen.iter().any(|e| e.id == env.id) {
                seen.push(env);
            }
        }
        seen
    };
    let explicit_envs = !env_names.is_empty() && !env_names.iter().any(|n| n == "all");
    for name in wanted
        .iter()
        .filter(|w| !w.eq_ignore_ascii_case(ALL_POLICIES))
    {
        let missing: Vec<&str> = chosen_envs
            .iter()
            .filter(|e| e.policies_named(name).is_empty())
            .map(|e| e.id)
            .collect();
        if missing.len() == chosen_envs.len() || (explicit_envs && !missing.is_empty()) {
            let offered: Vec<String> = chosen_envs
                .iter()
                .map(|e| format!("{}: {}", e.id, e.policy_names().join(", ")))
                .collect();
            return Err(format!(
                "policy `{name}` is not offered by {}; available: {}",
                missing.join(", "),
                offered.join("; ")
            ));
        }
        if !missing.is_empty() {
            eprintln!(
                "deskbench eval: policy `{name}` is not offered by {}; skipped there",
                missing.join(", ")
            );
        }
    }
    let groups = tasks
        .iter()
        .flat_map(|(env, task)| {
            policies_of(env, &wanted)
                .into_iter()
                .map(|policy| Group { env, task, policy })
        })
        .collect();
    Ok(Plan {
        groups,
        reward_mode: args.reward_mode,
        seed_start: args.seed_start,
        seeds: args.seeds,
        trials: args.trials,
    })
}

/// A failure that makes the whole evaluation meaningless: the server could
/// not be reached, broke the protocol, or disagreed with the seam.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error(transparent)]
    Ws(#[from] WsError),
    #[error("{0}")]
    Mismatch(String),
}

/// Numbers equal up to float noise, objects and arrays equal element-wise.
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0),
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_json(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}

fn same_result(local: &StepResult, server: &StepResult) -> bool {
    local.done == server.done
        && local.reward.map(to_points) == server.reward.map(to_points)
        && same_json(
            &local.observation.to_value(),
            &server.observation.to_value(),
        )
}

/// Play one episode: in-process when `server` is `None`, else in lock-step
/// with the server's session (which is reset here).
pub async fn play(
    group: Group,
    seed: u64,
    trial: u32,
    reward_mode: RewardMode,
    mut server: Option<&mut WsSession>,
) -> Result<Episode, EvalError> {
    let where_ = || {
        format!(
            "{}/{} policy {} seed {seed} trial {trial}",
            group.env.id, group.task.id, group.policy
        )
    };
    let options = json!({"task": group.task.id, "seed": seed, "reward_mode": reward_mode.name()});
    let mut local = AnyEnv::of(group.env);
    let first = local
        .reset(&options, ResetDefaults::default())
        .map_err(|err| EvalError::Mismatch(format!("{}: reset refused: {err}", where_())))?;
    if let Some(ws) = server.as_deref_mut() {
        match ws.reset(&options).await? {
            Reply::Result(result) if same_result(&first, &result) => {}
            Reply::Result(_) => {
                return Err(EvalError::Mismatch(format!(
                    "{}: the server's first observation differs from the seam's \
                     (is it running another version of DeskBench?)",
                    where_()
                )));
            }
            Reply::Refused { code, message } => {
                return Err(EvalError::Mismatch(format!(
                    "{}: the server refused the reset ({code}): {message}",
                    where_()
                )));
            }
        }
    }
    let mut rng = SeededRng::new(seed, POLICY_STREAM + u64::from(trial));
    let limit = group.task.max_steps.saturating_add(STEP_SLACK);
    let mut episode = Episode {
        env: group.env.id,
        task: group.task.id,
        policy: group.policy,
        seed,
        trial,
        score: 0.0,
        steps: 0,
        total_reward: 0.0,
        outcome: Outcome::PolicyStopped,
        note: None,
        steps_taken: vec![json!({
            "action": null,
            "observation": first.observation.to_value(),
            "reward": first.reward,
            "done": first.done,
            "truncated": false,
        })],
        breakdown: Value::Null,
    };
    loop {
        let Some(action) = local.policy_action(group.policy, &mut rng) else {
            episode.note = Some(format!(
                "the policy had no action after {} steps",
                episode.steps
            ));
            break;
        };
        if episode.steps >= limit {
            episode.outcome = Outcome::StepLimit;
            episode.note = Some(format!("not done after {} steps", episode.steps));
            break;
        }
        let local_result = local.step(&action);
        let result = match server.as_deref_mut() {
            None => local_result.map_err(|err| err.to_string()),
            Some(ws) => match (local_result, ws.step(&action).await?) {
                (Ok(mine), Reply::Result(theirs)) if same_result(&mine, &theirs) => Ok(theirs),
                (Err(_), Reply::Refused { message, .. }) => Err(message),
                (mine, theirs) => {
                    return Err(EvalError::Mismatch(format!(
                        "{}: at step {} the server answered {theirs:?} where the seam gave {mine:?}",
                        where_(),
                        episode.steps + 1
                    )));
                }
            },
        };
        let result = match result {
            Ok(result) => result,
            Err(message) => {
                episode.outcome = Outcome::Refused;
                episode.note = Some(message);
                break;
            }
        };
        episode.steps += 1;
        episode.total_reward = to_points(episode.total_reward + result.reward.unwrap_or(0.0));
        let observation = result.observation.to_value();
        if result.done {
            episode.breakdown = observation
                .get("score_breakdown")
                .cloned()
                .unwrap_or(Value::Null);
        }
        episode.steps_taken.push(json!({
            "action": action,
            "truncated": super::truncated(&observation),
            "observation": observation,
            "reward": result.reward,
            "done": result.done,
        }));
        if result.done {
            // The score is the player's: the seam's own in-process, the
            // server's final observation otherwise.
            let score = match server {
                None => local.terminal_score().map(to_points),
                Some(_) => super::terminal_grader(&result.observation.to_value()),
            };
            match score {
                Some(score) => {
                    episode.score = score;
                    episode.outcome = if super::truncated(&result.observation.to_value()) {
                        Outcome::Truncated
                    } else {
                        Outcome::Done
                    };
                }
                None => {
                    return Err(EvalError::Mismatch(format!(
                        "{}: the episode ended without a task score (`terminal_grader`)",
                        where_()
                    )));
                }
            }
            break;
        }
    }
    Ok(episode)
}

/// Play the whole plan, in-process or against `url`, ticking `progress` once
/// per episode; episodes come back in report order.
pub async fn run_plan(
    plan: &Plan,
    url: Option<&str>,
    concurrency: usize,
    progress: &ProgressBar,
) -> Result<Vec<Episode>, EvalError> {
    let total = plan.episodes();
    let Some(url) = url else {
        let mut episodes = Vec::with_capacity(total);
        for i in 0..total {
            let (group, seed, trial) = plan.job(i);
            episodes.push(play(group, seed, trial, plan.reward_mode, None).await?);
            progress.inc(1);
        }
        return Ok(episodes);
    };
    // Workers take jobs in order; each keeps one session open per
    // environment in turn, so a session is reset many times and opened
    // once per environment.
    let next = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(AtomicBool::new(false));
    let results: Arc<Mutex<Vec<Option<Episode>>>> = Arc::new(Mutex::new(vec![None; total]));
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..concurrency.clamp(1, total.max(1)) {
        let (plan, url, next, failed, results, progress) = (
            plan.clone(),
            url.to_owned(),
            next.clone(),
            failed.clone(),
            results.clone(),
            progress.clone(),
        );
        workers.spawn(async move {
            let mut session: Option<(&'static str, WsSession)> = None;
            let outcome = loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= total || failed.load(Ordering::Relaxed) {
                    break Ok(());
                }
                let (group, seed, trial) = plan.job(i);
                if let Some((env, old)) = session.take() {
                    if env == group.env.id {
                        session = Some((env, old));
                    } else {
                        old.close().await;
                    }
                }
                let ws = match &mut session {
                    Some((_, ws)) => ws,
                    None => match WsSession::connect(&url, group.env.id).await {
                        Ok(opened) => &mut session.insert((group.env.id, opened)).1,
                        Err(err) => break Err(EvalError::from(err)),
                    },
                };
                match play(group, seed, trial, plan.reward_mode, Some(ws)).await {
                    Ok(episode) => {
                        if let Ok(mut slots) = results.lock() {
                            slots[i] = Some(episode);
                        }
                        progress.inc(1);
                    }
                    Err(err) => break Err(err),
                }
            };
            if outcome.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            if let Some((_, open)) = session {
                open.close().await;
            }
            outcome
        });
    }
    let mut first_error = None;
    while let Some(joined) = workers.join_next().await {
        let outcome = joined.unwrap_or_else(|err| {
            Err(EvalError::Mismatch(format!(
                "an evaluation worker failed: {err}"
            )))
        });
        if let (Err(err), None) = (outcome, first_error.as_ref()) {
            first_error = Some(err);
        }
    }
    if let Some(err) = first_error {
        return Err(err);
    }
    let slots = std::mem::take(&mut *results.lock().map_err(|_| {
        EvalError::Mismatch("an evaluation worker failed while recording".to_owned())
    })?);
    slots
        .into_iter()
        .collect::<Option<Vec<Episode>>>()
        .ok_or_else(|| EvalError::Mismatch("an episode was not played".to_owned()))
}

/// Summaries of every group, in plan order.
pub fn summarise(plan: &Plan, episodes: &[Episode], threshold: f64) -> Vec<Summary> {
    let per_group = plan.seeds as usize * plan.trials as usize;
    episodes
        .chunks(per_group)
        .filter_map(|group| report::summarise(group, plan.trials, threshold))
        .collect()
}

/// The JSON report: the settings, one summary per group, every episode.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    pub deskbench_version: &'static str,
    pub reward_mode: &'static str,
    /// `in-process`, or the server root URL.
    pub source: &'a str,
    pub seed_start: u64,
    pub seeds: u64,
    pub trials: u32,
    pub success_threshold: f64,
    pub summaries: &'a [Summary],
    pub episodes: &'a [Episode],
}

/// Run `deskbench eval`: the table on stdout, files on request, exit 2 on a
/// usage error, 1 on a protocol or I/O error.
pub async fn run(args: EvalArgs) -> ExitCode {
    let plan = match plan(&args) {
        Ok(plan) => plan,
        Err(message) => {
            eprintln!("deskbench eval: {message}");
            return ExitCode::from(2);
        }
    };
    let target = if args.quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let progress = ProgressBar::with_draw_target(Some(plan.episodes() as u64), target);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} episodes  {elapsed} (eta {eta})")
    {
        progress.set_style(style);
    }
    let played = run_plan(
        &plan,
        args.url.as_deref(),
        args.concurrency as usize,
        &progress,
    )
    .await;
    progress.finish_and_clear();
    let episodes = match played {
        Ok(episodes) => episodes,
        Err(err) => {
            eprintln!("deskbench eval: {err}");
            return ExitCode::FAILURE;
        }
    };
    let summaries = summarise(&plan, &episodes, args.success_threshold);
    print!("{}", report::table(&summaries, plan.trials));
    let ungraded: Vec<&Episode> = episodes.iter().filter(|e| !e.outcome.graded()).collect();
    if let Some(first) = ungraded.first() {
        eprintln!(
            "deskbench eval: {} episode(s) were not graded and score 0; first: {}/{} {} seed {} trial {}: {}",
            ungraded.len(),
            first.env,
            first.task,
            first.policy,
            first.seed,
            first.trial,
            first.note.as_deref().unwrap_or("")
        );
    }
    let mut status = ExitCode::SUCCESS;
    if let Some(path) = &args.json {
        let report = JsonReport {
            deskbench_version: env!("CARGO_PKG_VERSION"),
            reward_mode: plan.reward_mode.name(),
            source: args.url.as_deref().unwrap_or("in-process"),
            seed_start: plan.seed_start,
            seeds: plan.seeds,
            trials: plan.trials,
            success_threshold: args.success_threshold,
            summaries: &summaries,
            episodes: &episodes,
        };
        let written = serde_json::to_vec_pretty(&report)
            .map_err(|e| e.to_string())
            .and_then(|mut bytes| {
                bytes.push(b'\n');
                std::fs::write(path, bytes).map_err(|e| e.to_string())
            });
        if let Err(err) = written {
            eprintln!("deskbench eval: cannot write {}: {err}", path.display());
            status = ExitCode::FAILURE;
        }
    }
    if let Some(path) = &args.trajectories {
        let mut lines = String::new();
        for episode in &episodes {
            let info = env_wasm::registry::find(episode.env);
            if let Some(info) = info {
                lines.push_str(
                    &episode
                        .trajectory(info, plan.reward_mode.name())
                        .to_string(),
                );
                lines.push('\n');
            }
        }
        if let Err(err) = std::fs::write(path, lines) {
            eprintln!("deskbench eval: cannot write {}: {err}", path.display());
            status = ExitCode::FAILURE;
        }
    }
    if let Some(path) = &args.csv {
        let written = report::csv(&summaries, plan.trials)
            .map_err(|e| e.to_string())
            .and_then(|bytes| std::fs::write(path, bytes).map_err(|e| e.to_string()));
        if let Err(err) = written {
            eprintln!("deskbench eval: cannot write {}: {err}", path.display());
            status = ExitCode::FAILURE;
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use env_wasm::registry::ENVIRONMENTS;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: EvalArgs,
    }

    fn args(line: &[&str]) -> EvalArgs {
        let mut argv = vec!["eval"];
        argv.extend(line);
        Cli::parse_from(argv).args
    }

    #[test]
    fn plans_follow_registry_order_and_refuse_unknown_policies() {
        let env = ENVIRONMENTS[0];
        let plan = plan(&args(&[
            "--env", env.id, "--policy", "all", "--seeds", "3", "--trials", "2",
        ]))
        .expect("plan");
        assert_eq!(
            plan.groups.len(),
            env.tasks.len() * env.policy_names().len()
        );
        assert_eq!(plan.episodes(), plan.groups.len() * 6);
        let (group, seed, trial) = plan.job(3);
        assert_eq!((group.policy, seed, trial), ("reference", 1, 1));
        let err = super::plan(&args(&["--env", env.id, "--policy", "no-such"])).err();
        assert!(err.is_some_and(|e| e.contains("policy `no-such`")));
        let err = super::plan(&args(&[
            "--seed-start",
            &MAX_SEED.to_string(),
            "--seeds",
            "2",
        ]))
        .err();
        assert!(err.is_some_and(|e| e.contains("seeds")));
    }

    #[test]
    fn json_comparison_ignores_float_noise_only() {
        assert!(same_json(
            &json!({"a": [0.1, "x"]}),
            &json!({"a": [0.1 + 1e-17, "x"]})
        ));
        assert!(!same_json(&json!({"a": 0.1}), &json!({"a": 0.1001})));
        assert!(!same_json(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    }

    #[test]
    fn truncated_episodes_are_graded_and_counted_apart() {
        let episode = |outcome| Episode {
            env: "productivity",
            task: "easy",
            policy: "p",
            seed: 0,
            trial: 0,
            score: 0.5,
            steps: 5,
            total_reward: 0.5,
            outcome,
            note: None,
            steps_taken: Vec::new(),
            breakdown: Value::Null,
        };
        let episodes = [episode(Outcome::Done), episode(Outcome::Truncated)];
        let summary = report::summarise(&episodes, 1, 0.5).expect("summary");
        assert_eq!((summary.truncated, summary.ungraded), (1, 0));
        assert!(!Outcome::StepLimit.graded() && Outcome::Truncated.graded());
        assert!(super::super::truncated(&json!({"truncated": true})));
        assert!(!super::super::truncated(&json!({"terminal_grader": 1.0})));
    }

    #[tokio::test]
    async fn the_reference_policy_scores_one_on_every_task() {
        for env in ENVIRONMENTS {
            for task in env.tasks {
                let group = Group {
                    env,
                    task,
                    policy: "reference",
                };
                let episode = play(group, 7, 0, RewardMode::Shaped, None)
                    .await
                    .expect("in-process play");
                assert_eq!(episode.outcome, Outcome::Done, "{episode:?}");
                assert_eq!(episode.score, 1.0, "{episode:?}");
                let scored = play(group, 7, 0, RewardMode::Score, None)
                    .await
                    .expect("in-process play");
                assert_eq!(scored.total_reward, scored.score, "{scored:?}");
            }
        }
    }
}
