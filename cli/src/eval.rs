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
//!
//! Besides the environments' own policies, `noisy_reference` plays the
//! reference with each graded decision wrong with a chosen probability
//! (`--noise`, one row per rate); played with `--difficulty all` it draws
//! the difficulty curve (README "Difficulty levels").

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use env_wasm::registry::{ALL_POLICIES, NOISY_REFERENCE_POLICY};
use env_wasm::rng::SeededRng;
use env_wasm::splits::{self, Split};
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, RewardMode, StepResult, TaskInfo};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};

use super::report::{self, Episode, Outcome, Step, Summary, Trajectory};
use super::select;
use super::to_points;
use super::ws_client::{Reply, WsError, WsSession};

/// The stream of trial `t`'s policy randomness is `POLICY_STREAM + t`.
pub const POLICY_STREAM: u64 = 1000;
/// An episode still running this many steps past its task's `max_steps` is
/// cut off (every environment ends its episodes by `max_steps`).
const STEP_SLACK: u32 = 10;
/// The noisy reference's error rate when `--noise` is not given.
pub const DEFAULT_NOISE_PER_MILLE: u32 = 200;

#[derive(Debug, Clone, clap::Args)]
pub struct EvalArgs {
    /// Environments to evaluate (repeat the flag or separate with commas; default: all).
    #[arg(long = "env", value_name = "ENV")]
    pub envs: Vec<String>,
    /// Tasks, by id or alias (repeatable, comma lists; default: every task of each environment).
    #[arg(long = "task", value_name = "TASK")]
    pub tasks: Vec<String>,
    /// Policies: `reference`, a baseline (e.g. `random`, `constant`), `exploits` for every
    /// exploit policy (`exploit_*`: ways of gaming a grader, which must score low), `all` for
    /// every policy each environment offers, or `noisy_reference` (the reference with each
    /// graded decision wrong with probability --noise; not part of `all`) (repeatable, comma
    /// lists).
    #[arg(long = "policy", value_name = "POLICY", default_value = "reference")]
    pub policies: Vec<String>,
    /// Error rates of `noisy_reference`: probabilities from 0 to 1 in steps of 0.001, one row
    /// each (repeatable, comma lists; default 0.2).
    #[arg(long = "noise", value_name = "RATES")]
    pub noise: Vec<String>,
    /// Difficulty levels, 1 to 5, or `all` for every level each environment serves
    /// (repeatable, comma lists; default: the default level, 2).
    #[arg(long = "difficulty", value_name = "LEVELS")]
    pub difficulty: Vec<String>,
    /// Play the seeds of this declared split (train, validation, test): --seed-start is then
    /// the offset within it, and the range must stay inside it.
    #[arg(long, value_name = "NAME")]
    pub split: Option<String>,
    /// Number of seeds, from --seed-start.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub seeds: u64,
    /// First seed (with --split, the offset within the split).
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

/// Parse `--noise` values: probabilities from 0 to 1 in steps of 0.001 (the
/// noisy reference takes a rate per mille), ascending, each once; none
/// given is [`DEFAULT_NOISE_PER_MILLE`].
pub fn noise_rates(values: &[String]) -> Result<Vec<u32>, String> {
    let names = select::names(values);
    if names.is_empty() {
        return Ok(vec![DEFAULT_NOISE_PER_MILLE]);
    }
    let mut rates = Vec::new();
    for name in &names {
        let rate = name
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| format!("--noise `{name}` is not a probability from 0 to 1"))?;
        let per_mille = (rate * 1000.0).round();
        if (per_mille / 1000.0 - rate).abs() > 1e-9 {
            return Err(format!(
                "--noise `{name}` is finer than 0.001, the noisy reference's step"
            ));
        }
        // In 0..=1000 by the filter above.
        let per_mille = per_mille as u32;
        if !rates.contains(&per_mille) {
            rates.push(per_mille);
        }
    }
    rates.sort_unstable();
    Ok(rates)
}

/// One environment, task, policy (with its noise rate) and level: a row of
/// the report, and its seeds.
#[derive(Debug, Clone, Copy)]
pub struct Group {
    pub env: &'static EnvInfo,
    pub task: &'static TaskInfo,
    pub policy: &'static str,
    /// The noisy reference's error rate per mille; `None` for other policies.
    pub noise_per_mille: Option<u32>,
    pub difficulty: u8,
    /// The split named with `--split`, sent with each reset.
    pub split: Option<&'static Split>,
    pub first_seed: u64,
}

/// Everything `eval` will play, in report order.
#[derive(Debug, Clone)]
pub struct Plan {
    pub groups: Vec<Group>,
    pub reward_mode: RewardMode,
    /// `--seed-start` as given (an offset when `split` is named).
    pub seed_start: u64,
    pub split: Option<&'static str>,
    pub seeds: u64,
    pub trials: u32,
    /// What was skipped where (a policy or level an environment lacks).
    pub warnings: Vec<String>,
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
            self.groups[i / per_group].first_seed + (within / self.trials as usize) as u64,
            (within % self.trials as usize) as u32,
        )
    }
}

/// Whether every task of `env` has a noisy reference (an environment
/// without one answers `None`), probed on seed 0 at its first level.
fn has_noisy_reference(env: &'static EnvInfo) -> bool {
    let Some(level) = env.levels.first() else {
        return false;
    };
    env.tasks.iter().all(|task| {
        let mut probe = AnyEnv::of(env);
        let options = json!({"task": task.id, "seed": 0, splits::DIFFICULTY: level});
        probe.reset(&options, ResetDefaults::default()).is_ok()
            && probe
                .noisy_reference_action(0, &mut SeededRng::new(0, POLICY_STREAM))
                .is_some()
    })
}

/// The policies of `env` that `name` selects (a name, or the families `all`
/// and `exploits`, see [`EnvInfo::policies_named`]; `noisy_reference` when
/// the environment has one).
fn policies_named(env: &'static EnvInfo, name: &str, noisy: bool) -> Vec<&'static str> {
    if name == NOISY_REFERENCE_POLICY {
        return if noisy {
            vec![NOISY_REFERENCE_POLICY]
        } else {
            Vec::new()
        };
    }
    env.policies_named(name)
}

/// The policies of `env` that `wanted` selects, in the order the
/// environment lists them (the noisy reference last), each once.
fn policies_of(env: &'static EnvInfo, wanted: &[String], noisy: bool) -> Vec<&'static str> {
    let selected: Vec<&'static str> = wanted
        .iter()
        .flat_map(|w| policies_named(env, w, noisy))
        .collect();
    let mut offered = env.policy_names();
    if noisy {
        offered.push(NOISY_REFERENCE_POLICY);
    }
    offered
        .into_iter()
        .filter(|p| selected.contains(p))
        .collect()
}

/// Resolve the arguments into a plan; `Err` is a usage error.
pub fn plan(args: &EvalArgs) -> Result<Plan, String> {
    let selection = select::select(select::Request {
        envs: &args.envs,
        tasks: &args.tasks,
        difficulty: &args.difficulty,
        split: args.split.as_deref(),
        seed_start: args.seed_start,
        seeds: args.seeds,
    })?;
    let wanted = select::names(&args.policies);
    if wanted.is_empty() {
        return Err("no policy named; try --policy reference or --policy all".to_owned());
    }
    let wants_noisy = wanted.iter().any(|w| w == NOISY_REFERENCE_POLICY);
    if !args.noise.is_empty() && !wants_noisy {
        return Err(format!(
            "--noise sets the error rate of --policy {NOISY_REFERENCE_POLICY}, which is not chosen"
        ));
    }
    let noise = noise_rates(&args.noise)?;
    // Probed only when asked for: a reset and an action per task.
    let noisy: Vec<(&str, bool)> = selection
        .envs
        .iter()
        .map(|c| (c.env.id, wants_noisy && has_noisy_reference(c.env)))
        .collect();
    let noisy_of = |env: &EnvInfo| noisy.iter().any(|(id, has)| *id == env.id && *has);
    let mut warnings = selection.warnings.clone();
    for name in wanted
        .iter()
        .filter(|w| !w.eq_ignore_ascii_case(ALL_POLICIES))
    {
        let lacking: Vec<&'static EnvInfo> = selection
            .scope
            .envs
            .iter()
            .copied()
            .filter(|e| selection.choice(e).is_some())
            .filter(|e| policies_named(e, name, noisy_of(e)).is_empty())
            .collect();
        let available = |e: &EnvInfo| {
            let mut names = e.policy_names();
            if noisy_of(e) {
                names.push(NOISY_REFERENCE_POLICY);
            }
            names.join(", ")
        };
        warnings.extend(selection.scope.check(
            &format!("policy `{name}`"),
            "offered",
            &lacking,
            available,
        )?);
    }
    let mut groups = Vec::new();
    for (env, task) in &selection.tasks {
        let Some(choice) = selection.choice(env) else {
            continue;
        };
        for policy in policies_of(env, &wanted, noisy_of(env)) {
            let rates: Vec<Option<u32>> = if policy == NOISY_REFERENCE_POLICY {
                noise.iter().copied().map(Some).collect()
            } else {
                vec![None]
            };
            for noise_per_mille in rates {
                for &difficulty in &choice.levels {
                    groups.push(Group {
                        env,
                        task,
                        policy,
                        noise_per_mille,
                        difficulty,
                        split: choice.split,
                        first_seed: choice.first_seed,
                    });
                }
            }
        }
    }
    if groups.is_empty() {
        return Err(
            "nothing to play: no chosen environment offers the policies at the levels \
                    asked for"
                .to_owned(),
        );
    }
    Ok(Plan {
        groups,
        reward_mode: args.reward_mode,
        seed_start: args.seed_start,
        split: selection.envs.iter().find_map(|c| c.split).map(|s| s.name),
        seeds: args.seeds,
        trials: args.trials,
        warnings,
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
            "{}/{} level {} policy {}{} seed {seed} trial {trial}",
            group.env.id,
            group.task.id,
            group.difficulty,
            group.policy,
            group
                .noise_per_mille
                .map(|n| format!(" noise {}", f64::from(n) / 1000.0))
                .unwrap_or_default()
        )
    };
    let mut options = json!({
        "task": group.task.id,
        "seed": seed,
        "reward_mode": reward_mode.name(),
        splits::DIFFICULTY: group.difficulty,
    });
    if let Some(split) = group.split {
        // The server checks the seed is the split's, as the seam does here.
        options[splits::SPLIT] = json!(split.name);
    }
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
    let limit = group
        .env
        .max_steps(group.task, group.difficulty)
        .map_err(|err| EvalError::Mismatch(format!("{}: {err}", where_())))?
        .saturating_add(STEP_SLACK);
    let mut episode = Episode {
        env: group.env.id,
        task: group.task.id,
        difficulty: group.difficulty,
        split: group.env.split_of(seed).map(|s| s.name),
        policy: group.policy.to_owned(),
        noise: group.noise_per_mille.map(|n| f64::from(n) / 1000.0),
        seed,
        trial,
        score: Some(0.0),
        steps: 0,
        total_reward: 0.0,
        outcome: Outcome::PolicyStopped,
        note: None,
        usage: None,
        steps_taken: vec![Step::reset(
            first.observation.to_value(),
            first.reward,
            first.done,
        )],
        breakdown: Value::Null,
    };
    loop {
        let next = match group.noise_per_mille {
            Some(per_mille) => local.noisy_reference_action(per_mille, &mut rng),
            None => local.policy_action(group.policy, &mut rng),
        };
        let Some(action) = next else {
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
        episode.steps_taken.push(Step {
            action: Some(action),
            truncated: Some(super::truncated(&observation)),
            observation: Some(observation),
            reward: Some(result.reward),
            done: Some(result.done),
            ..Step::default()
        });
        if result.done {
            // The score is the player's: the seam's own in-process, the
            // server's final observation otherwise.
            let score = match server {
                None => local.terminal_score().map(to_points),
                Some(_) => super::terminal_grader(&result.observation.to_value()),
            };
            match score {
                Some(score) => {
                    episode.score = Some(score);
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
    for warning in &plan.warnings {
        eprintln!("deskbench eval: {warning}");
    }
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
    let report = report::JsonReport {
        deskbench_version: report::DESKBENCH_VERSION,
        task_set_version: report::task_set_version(),
        reward_mode: plan.reward_mode.name(),
        source: args.url.as_deref().unwrap_or("in-process"),
        seed_start: plan.seed_start,
        split: plan.split,
        seeds: plan.seeds,
        trials: plan.trials,
        success_threshold: args.success_threshold,
        summaries: &summaries,
        episodes: &episodes,
        model_run: None,
    };
    let files = report::Files {
        json: args.json.as_deref(),
        csv: args.csv.as_deref(),
        trajectories: args.trajectories.as_deref(),
    };
    let lines: Vec<Trajectory> = episodes
        .iter()
        .map(|e| e.trajectory(plan.reward_mode.name()))
        .collect();
    let mut status = ExitCode::SUCCESS;
    for err in files.write(&report, &lines) {
        eprintln!("deskbench eval: {err}");
        status = ExitCode::FAILURE;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use env_wasm::registry::ENVIRONMENTS;
    use env_wasm::seam::MAX_SEED;

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
    fn noise_rates_are_probabilities_in_steps_of_a_thousandth() {
        let strings = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(noise_rates(&[]), Ok(vec![DEFAULT_NOISE_PER_MILLE]));
        assert_eq!(
            noise_rates(&strings(&["0.3,0", "1", "0.30"])),
            Ok(vec![0, 300, 1000])
        );
        for (bad, says) in [
            ("1.5", "not a probability"),
            ("-0.1", "not a probability"),
            ("NaN", "not a probability"),
            ("lots", "not a probability"),
            ("0.0005", "finer than 0.001"),
        ] {
            let err = noise_rates(&strings(&[bad])).err().unwrap_or_default();
            assert!(err.contains(says), "{bad}: {err}");
        }
        // --noise belongs to the noisy reference, and a rate out of range is a usage error.
        let err = plan(&args(&["--noise", "0.1"])).err().unwrap_or_default();
        assert!(err.contains("--noise sets the error rate"), "{err}");
        let err = plan(&args(&["--policy", "noisy_reference", "--noise", "2"]))
            .err()
            .unwrap_or_default();
        assert!(err.contains("not a probability"), "{err}");
    }

    #[test]
    fn plans_play_every_level_and_split_offsets() {
        let env = ENVIRONMENTS[0];
        let plan = plan(&args(&[
            "--env",
            env.id,
            "--difficulty",
            "all",
            "--split",
            "validation",
            "--seed-start",
            "4",
            "--seeds",
            "2",
        ]))
        .expect("plan");
        assert_eq!(plan.groups.len(), env.tasks.len() * env.levels.len());
        assert_eq!(plan.split, Some("validation"));
        let start = splits::SPLITS[1].start;
        let (group, seed, _) = plan.job(1);
        assert_eq!((group.difficulty, seed), (env.levels[0], start + 5));
        assert!(group.split.is_some_and(|s| s.name == "validation"));
        let err = super::plan(&args(&[
            "--split",
            "validation",
            "--seed-start",
            "999",
            "--seeds",
            "2",
        ]))
        .err()
        .unwrap_or_default();
        assert!(err.contains("leave split"), "{err}");
        let err = super::plan(&args(&["--difficulty", "0"]))
            .err()
            .unwrap_or_default();
        assert!(err.contains("not a difficulty level"), "{err}");
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
            difficulty: 2,
            split: Some("train"),
            policy: "p".to_owned(),
            noise: None,
            seed: 0,
            trial: 0,
            score: Some(0.5),
            steps: 5,
            total_reward: 0.5,
            outcome,
            note: None,
            usage: None,
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
                    noise_per_mille: None,
                    difficulty: splits::DEFAULT_LEVEL,
                    split: None,
                    first_seed: 7,
                };
                let episode = play(group, 7, 0, RewardMode::Shaped, None)
                    .await
                    .expect("in-process play");
                assert_eq!(episode.outcome, Outcome::Done, "{episode:?}");
                assert_eq!(episode.score, Some(1.0), "{episode:?}");
                let scored = play(group, 7, 0, RewardMode::Score, None)
                    .await
                    .expect("in-process play");
                assert_eq!(Some(scored.total_reward), scored.score, "{scored:?}");
            }
        }
    }
}
