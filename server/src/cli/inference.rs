//! `deskbench inference`: an LLM agent over any OpenAI-compatible chat
//! completions API, playing DeskBench tasks and printing the
//! `[START]`/`[STEP]`/`[END]` log ([`super::log`]) on stdout, nothing else
//! (diagnostics go to stderr).
//!
//! It plays what `eval` plays ([`super::select`]): every chosen task at
//! every chosen level (`--difficulty`), for `--seeds` seeds from
//! `--seed-start` (or offsets within `--split`), `--trials` times each;
//! each episode in-process through the seam, or, when `ENV_BASE_URL` is
//! set, on that server over `/ws`. The score is the environment's own:
//! [`AnyEnv::terminal_score`] in-process, the final observation's
//! `terminal_grader` on a server. After the last episode the pass^k table
//! of `eval` ([`super::report`]), the model in the policy column, goes to
//! stderr (stdout carries the log only), and to `--json` and `--csv`.
//!
//! Turns and failures:
//! - The model's reply is read with [`crate::llm::extract_action`]; any JSON
//!   object found is sent as the action, and the environment judges it.
//! - A reply without a JSON object, or an action the environment refuses,
//!   is a `[STEP]` with `action=null` (or the refused action), reward 0,
//!   `done=false` and the reason in `error`; the model is told why and the
//!   episode goes on. Three such replies in a row end it.
//! - A model API failure (after retries) or a lost server connection is a
//!   `[STEP]` with the error and `done=true`, and ends the episode.
//! - A missing API key, or a server that cannot be reached at the start,
//!   prints `[START]` and `[END]` with no step.
//!
//! `[END]` is printed for every task whatever happened: `steps` counts the
//! `[STEP]` lines, `rewards` lists their rewards, and an episode the
//! environment did not end scores 0 and is not a success. The exit status
//! is 1 when any task met an API, key or connection failure, 2 on bad
//! arguments, 0 otherwise (whatever the scores).

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use env_wasm::splits::{self, Split};
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, StepResult, TaskInfo};
use serde_json::{Value, json};

use super::report::{self, Episode, Outcome};
use super::ws_client::{Reply, WsSession};
use super::{log, prompt, select, terminal_grader, to_points};
use crate::llm::{ChatClient, ChatConfig, ChatError, Message, extract_action};

/// Replies in a row that are not actions, or are refused, before giving up.
pub const MAX_BAD_REPLIES: u32 = 3;
/// The conversation is trimmed (oldest turns first, the system prompt and
/// the first observation kept) to stay under this many characters.
const HISTORY_CHARS: usize = 80_000;
/// Where the API key is looked for, in order.
pub const KEY_VARS: [&str; 3] = ["HF_TOKEN", "API_KEY", "OPENAI_API_KEY"];
/// The first seed when neither `--seed-start` nor `--split` is given.
pub const DEFAULT_SEED: u64 = 42;

#[derive(Debug, Clone, clap::Args)]
pub struct InferenceArgs {
    /// Environments to play (comma list or `all`; default: the first registered).
    #[arg(long = "env", env = "ENV_NAME", value_name = "ENV")]
    pub env: Option<String>,
    /// Tasks by id or alias (comma list; default: all tasks of each environment).
    #[arg(long = "task", env = "TASK_NAME", value_name = "TASK")]
    pub task: Option<String>,
    /// First seed (`--seed` is the same flag); with --split, the offset within the split
    /// (default: 42, or 0 with --split).
    #[arg(long = "seed-start", visible_alias = "seed", env = "SEED")]
    pub seed_start: Option<u64>,
    /// Number of seeds, from --seed-start.
    #[arg(long, env = "SEEDS", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub seeds: u64,
    /// Play the seeds of this declared split (train, validation, test): --seed-start is then
    /// the offset within it, and the range must stay inside it.
    #[arg(long, env = "SPLIT", value_name = "NAME")]
    pub split: Option<String>,
    /// Difficulty levels, 1 to 5, or `all` for every level each environment serves (comma
    /// lists; default: the default level, 2).
    #[arg(long = "difficulty", env = "DIFFICULTY", value_name = "LEVELS")]
    pub difficulty: Option<String>,
    /// Episodes per seed and level; pass^k is reported for k = 1..trials.
    #[arg(long, env = "TRIALS", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub trials: u32,
    /// Most model turns per task (default: the task's max_steps plus 3 for refused replies).
    #[arg(long, env = "MAX_STEPS", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_steps: Option<u32>,
    /// Sampling temperature.
    #[arg(long, env = "TEMPERATURE", default_value_t = 0.0)]
    pub temperature: f64,
    /// Most tokens per reply.
    #[arg(long, env = "MAX_TOKENS", default_value_t = 2048)]
    pub max_tokens: u32,
    /// Limit on one model API call, in seconds (fractions allowed).
    #[arg(long, env = "TIMEOUT_SECS", default_value_t = 60.0, value_parser = parse_secs)]
    pub timeout_secs: f64,
    /// Retries of a model API call after a transient failure (connection, timeout, 429, 5xx).
    #[arg(long, env = "RETRIES", default_value_t = 3)]
    pub retries: u32,
    /// Wait before the first retry, in milliseconds; doubled for each further one.
    #[arg(long, env = "BACKOFF_MS", default_value_t = 1000)]
    pub backoff_ms: u64,
    /// A task succeeds when the environment ended it with a score at least this.
    #[arg(long, env = "SUCCESS_THRESHOLD", default_value_t = 0.5)]
    pub success_threshold: f64,
    /// OpenAI-compatible API root (`/chat/completions` is appended).
    #[arg(
        long,
        env = "API_BASE_URL",
        default_value = "https://router.huggingface.co/v1"
    )]
    pub api_base_url: String,
    /// Model name sent to the API.
    #[arg(
        long = "model",
        env = "MODEL_NAME",
        default_value = "Qwen/Qwen2.5-72B-Instruct"
    )]
    pub model: String,
    /// How step rewards are paid: `shaped` (each environment's shaping) or `score` (the task
    /// score on the last step, so the rewards add up to the score).
    #[arg(long, env = "REWARD_MODE", default_value = "shaped", value_parser = super::parse_reward_mode)]
    pub reward_mode: env_wasm::RewardMode,
    /// Root URL of a DeskBench server to play on over /ws (unset: in-process).
    #[arg(long = "env-url", env = "ENV_BASE_URL", value_name = "BASE")]
    pub env_url: Option<String>,
    /// Also write every episode to this file as one JSON line (README
    /// "Trajectories"), each turn with the chat messages the model was sent.
    #[arg(long, value_name = "PATH")]
    pub trajectories: Option<std::path::PathBuf>,
    /// Also write the summaries and every episode as JSON to this file (as `eval --json`).
    #[arg(long, value_name = "PATH")]
    pub json: Option<std::path::PathBuf>,
    /// Also write the summaries as CSV to this file (as `eval --csv`).
    #[arg(long, value_name = "PATH")]
    pub csv: Option<std::path::PathBuf>,
}

fn parse_secs(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds above 0")),
    }
}

/// The API key from `HF_TOKEN`, `API_KEY` or `OPENAI_API_KEY` (first set, non-empty).
pub fn api_key_from_env() -> Option<String> {
    KEY_VARS.iter().find_map(|name| {
        std::env::var(name)
            .ok()
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    })
}

/// Where the episode is played.
enum Backend {
    Local(AnyEnv),
    Remote(Box<WsSession>),
}

/// The environment's answer to an action.
enum Stepped {
    Accepted(StepResult),
    Refused(String),
}

impl Backend {
    async fn open(env: &'static EnvInfo, base: Option<&str>) -> Result<Self, String> {
        match base {
            None => Ok(Backend::Local(AnyEnv::of(env))),
            Some(base) => WsSession::connect(base, env.id)
                .await
                .map(|ws| Backend::Remote(Box::new(ws)))
                .map_err(|e| e.to_string()),
        }
    }

    async fn reset(
        &mut self,
        job: &Job,
        reward_mode: env_wasm::RewardMode,
    ) -> Result<StepResult, String> {
        let mut options = json!({
            "task": job.task.id,
            "seed": job.seed,
            "reward_mode": reward_mode.name(),
            splits::DIFFICULTY: job.difficulty,
        });
        if let Some(split) = job.split {
            options[splits::SPLIT] = json!(split.name);
        }
        match self {
            Backend::Local(env) => env
                .reset(&options, ResetDefaults::default())
                .map_err(|e| e.to_string()),
            Backend::Remote(ws) => match ws.reset(&options).await {
                Ok(Reply::Result(result)) => Ok(result),
                Ok(Reply::Refused { code, message }) => {
                    Err(format!("the server refused the reset ({code}): {message}"))
                }
                Err(err) => Err(err.to_string()),
            },
        }
    }

    /// `Err` is a failure of the connection, not a refusal.
    async fn step(&mut self, action: &Value) -> Result<Stepped, String> {
        match self {
            Backend::Local(env) => Ok(match env.step(action) {
                Ok(result) => Stepped::Accepted(result),
                Err(err) => Stepped::Refused(err.to_string()),
            }),
            Backend::Remote(ws) => match ws.step(action).await {
                Ok(Reply::Result(result)) => Ok(Stepped::Accepted(result)),
                Ok(Reply::Refused { message, .. }) => Ok(Stepped::Refused(message)),
                Err(err) => Err(err.to_string()),
            },
        }
    }

    /// The task score once `last` (the final result) has ended the episode.
    fn score(&self, last: &StepResult) -> Option<f64> {
        match self {
            Backend::Local(env) => env.terminal_score().map(to_points),
            Backend::Remote(_) => terminal_grader(&last.observation.to_value()),
        }
    }

    async fn close(self) {
        if let Backend::Remote(ws) = self {
            ws.close().await;
        }
    }
}

/// One episode to play: a task at a level, a seed, a trial.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    pub env: &'static EnvInfo,
    pub task: &'static TaskInfo,
    pub difficulty: u8,
    /// The split named with `--split`, sent with the reset.
    pub split: Option<&'static Split>,
    pub seed: u64,
    pub trial: u32,
}

impl Job {
    /// Every episode of a selection in report order: task and level, then
    /// seed, then trial.
    pub fn all(selection: &select::Selection, trials: u32) -> Vec<Job> {
        let mut jobs = Vec::new();
        for cell in selection.cells() {
            for seed in cell.first_seed..cell.first_seed + selection.seeds {
                for trial in 0..trials {
                    jobs.push(Job {
                        env: cell.env,
                        task: cell.task,
                        difficulty: cell.difficulty,
                        split: cell.split,
                        seed,
                        trial,
                    });
                }
            }
        }
        jobs
    }
}

/// Settings shared by every task of a run.
pub struct Runner {
    pub client: Option<ChatClient>,
    pub model: String,
    pub max_steps: Option<u32>,
    pub success_threshold: f64,
    pub env_url: Option<String>,
    pub reward_mode: env_wasm::RewardMode,
}

/// How one task went.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskReport {
    pub success: bool,
    pub steps: u32,
    pub score: f64,
    pub rewards: Vec<f64>,
    /// A key, API or connection failure (not the agent's doing).
    pub failure: Option<String>,
    /// The reset, then every turn: the messages the model was sent, its
    /// reply, and the action with the environment's answer (or the reason
    /// it was refused); the trajectories file writes them.
    pub turns: Vec<Value>,
    /// The final `score_breakdown` (criterion -> score), once done.
    pub breakdown: Value,
    /// Whether the step limit ended the episode.
    pub truncated: bool,
    /// How it ended: graded (`done`, `truncated`), three replies in a row
    /// not accepted (`refused`), out of turns (`step_limit`), or `failed`.
    pub outcome: Outcome,
}

fn emit(out: &mut impl Write, line: &str) {
    // A closed stdout (say, `| head`) must not stop the run: the remaining
    // tasks still produce their results.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Keep the system prompt and the first observation; drop the oldest
/// turns after them until the conversation fits.
fn trim_history(messages: &mut Vec<Message>) {
    let size = |m: &[Message]| m.iter().map(|m| m.content.len()).sum::<usize>();
    while size(messages) > HISTORY_CHARS && messages.len() > 4 {
        messages.drain(2..4);
    }
}

impl Runner {
    /// Play `job`, printing its lines to `out`.
    pub async fn run_task(&self, job: &Job, out: &mut impl Write) -> TaskReport {
        let (env, task) = (job.env, job.task);
        emit(out, &log::start(task.id, env.id, &self.model));
        let mut report = TaskReport {
            success: false,
            steps: 0,
            score: 0.0,
            rewards: Vec::new(),
            failure: None,
            turns: Vec::new(),
            breakdown: Value::Null,
            truncated: false,
            outcome: Outcome::Failed,
        };
        let Some(client) = self.client.clone() else {
            report.failure = Some(format!(
                "missing API key: set one of {}",
                KEY_VARS.join(", ")
            ));
            return self.finish(out, env, task, report);
        };
        let mut backend = match Backend::open(env, self.env_url.as_deref()).await {
            Ok(backend) => backend,
            Err(err) => {
                report.failure = Some(err);
                return self.finish(out, env, task, report);
            }
        };
        let first = match backend.reset(job, self.reward_mode).await {
            Ok(first) => first,
            Err(err) => {
                report.failure = Some(err);
                backend.close().await;
                return self.finish(out, env, task, report);
            }
        };
        report.turns.push(json!({
            "action": null,
            "observation": first.observation.to_value(),
            "reward": first.reward,
            "done": first.done,
            "truncated": false,
        }));
        let schema = AnyEnv::of(env).schemas()["action"].clone();
        let mut messages = vec![
            Message::system(prompt::system(env, task, &schema)),
            Message::user(prompt::first(&first.observation.to_value())),
        ];
        let turns = self.max_steps.unwrap_or(
            env.max_steps(task, job.difficulty)
                .saturating_add(MAX_BAD_REPLIES),
        );
        let mut bad_in_a_row = 0;
        let mut last: Option<StepResult> = None;
        while report.steps < turns {
            trim_history(&mut messages);
            let asked = messages.clone();
            let sent = serde_json::to_value(&asked).unwrap_or(Value::Null);
            let chat = client.clone();
            let reply = tokio::task::spawn_blocking(move || chat.complete(&asked))
                .await
                .unwrap_or_else(|err| Err(ChatError::Final(format!("model call failed: {err}"))));
            let reply = match reply {
                Ok(reply) => reply,
                Err(err) => {
                    let message = err.to_string();
                    report
                        .turns
                        .push(json!({"messages": sent, "reply": null, "error": message}));
                    self.record(out, &mut report, None, 0.0, true, Some(&message));
                    report.failure = Some(message);
                    break;
                }
            };
            messages.push(Message::assistant(reply.clone()));
            let refusal = match extract_action(&reply) {
                Err(reason) => Some((None, reason)),
                Ok(action) => match backend.step(&action).await {
                    Err(err) => {
                        report.turns.push(json!({
                            "messages": sent, "reply": reply, "action": action, "error": err,
                        }));
                        self.record(out, &mut report, Some(&action), 0.0, true, Some(&err));
                        report.failure = Some(err);
                        break;
                    }
                    Ok(Stepped::Refused(reason)) => Some((Some(action), reason)),
                    Ok(Stepped::Accepted(result)) => {
                        bad_in_a_row = 0;
                        let observation = result.observation.to_value();
                        if result.done {
                            report.truncated = super::truncated(&observation);
                            report.breakdown = observation
                                .get("score_breakdown")
                                .cloned()
                                .unwrap_or(Value::Null);
                        }
                        report.turns.push(json!({
                            "messages": sent,
                            "reply": reply,
                            "action": action,
                            "observation": observation,
                            "reward": result.reward,
                            "done": result.done,
                            "truncated": report.truncated,
                        }));
                        let reward = to_points(result.reward.unwrap_or(0.0));
                        self.record(out, &mut report, Some(&action), reward, result.done, None);
                        if result.done {
                            last = Some(result);
                            break;
                        }
                        messages.push(Message::user(prompt::after_step(
                            result.reward,
                            &result.observation.to_value(),
                        )));
                        None
                    }
                },
            };
            if let Some((action, reason)) = refusal {
                report.turns.push(json!({
                    "messages": sent, "reply": reply, "action": action, "refused": reason,
                }));
                bad_in_a_row += 1;
                let giving_up = bad_in_a_row >= MAX_BAD_REPLIES;
                let error = if giving_up {
                    format!(
                        "{reason} ({MAX_BAD_REPLIES} replies in a row were not accepted: the episode ends)"
                    )
                } else {
                    reason.clone()
                };
                self.record(
                    out,
                    &mut report,
                    action.as_ref(),
                    0.0,
                    giving_up,
                    Some(&error),
                );
                if giving_up {
                    break;
                }
                messages.push(Message::user(prompt::after_refusal(&reason)));
            }
        }
        if let Some(last) = &last {
            match backend.score(last) {
                Some(score) => {
                    report.score = score;
                    report.outcome = if report.truncated {
                        Outcome::Truncated
                    } else {
                        Outcome::Done
                    };
                }
                None => {
                    report.failure = Some("the final observation carries no task score".to_owned())
                }
            }
            report.success = report.failure.is_none() && report.score >= self.success_threshold;
        } else if report.failure.is_none() && bad_in_a_row >= MAX_BAD_REPLIES {
            report.outcome = Outcome::Refused;
        } else if report.failure.is_none() {
            report.outcome = Outcome::StepLimit;
            eprintln!(
                "deskbench inference: {}/{}: not done after {turns} turns; scored 0",
                env.id, task.id
            );
        }
        backend.close().await;
        self.finish(out, env, task, report)
    }

    fn record(
        &self,
        out: &mut impl Write,
        report: &mut TaskReport,
        action: Option<&Value>,
        reward: f64,
        done: bool,
        error: Option<&str>,
    ) {
        report.steps += 1;
        report.rewards.push(reward);
        emit(out, &log::step(report.steps, action, reward, done, error));
    }

    fn finish(
        &self,
        out: &mut impl Write,
        env: &EnvInfo,
        task: &TaskInfo,
        report: TaskReport,
    ) -> TaskReport {
        if let Some(failure) = &report.failure {
            eprintln!("deskbench inference: {}/{}: {failure}", env.id, task.id);
        }
        emit(
            out,
            &log::end(report.success, report.steps, report.score, &report.rewards),
        );
        report
    }
}

impl Runner {
    /// `report` as one line of a trajectories file (README "Trajectories"):
    /// the eval line's fields with `model` for `policy`, every turn with the
    /// messages the model was sent; each field present, with one JSON type
    /// in every line (`split` and `failure` are `""` when there is none).
    pub fn trajectory(&self, job: &Job, report: &TaskReport) -> Value {
        json!({
            "env": job.env.id,
            "task": job.task.id,
            "difficulty": job.difficulty,
            "split": job.env.split_of(job.seed).map_or("", |s| s.name),
            "seed": job.seed,
            "trial": job.trial,
            "model": self.model,
            "reward_mode": self.reward_mode.name(),
            "steps": report.turns.iter().map(report::dataset_step).collect::<Vec<_>>(),
            "score": report.score,
            "score_breakdown": report::json_text(&report.breakdown),
            "outcome": report.outcome,
            "success": report.success,
            "truncated": report.truncated,
            "total_reward": to_points(report.rewards.iter().sum()),
            "failure": report.failure.as_deref().unwrap_or(""),
        })
    }

    /// `report` as an episode of the pass^k table, the model its policy.
    pub fn episode(&self, job: &Job, report: &TaskReport) -> Episode {
        Episode {
            env: job.env.id,
            task: job.task.id,
            difficulty: job.difficulty,
            split: job.env.split_of(job.seed).map(|s| s.name),
            policy: self.model.clone(),
            noise: None,
            seed: job.seed,
            trial: job.trial,
            score: report.score,
            steps: report.steps,
            total_reward: to_points(report.rewards.iter().sum()),
            outcome: report.outcome,
            note: report.failure.clone(),
            steps_taken: Vec::new(),
            breakdown: Value::Null,
        }
    }
}

/// Run `deskbench inference` with the API key found in the environment.
pub async fn run(args: InferenceArgs) -> ExitCode {
    let env_names: Vec<String> = args
        .env
        .as_deref()
        .map(|e| select::names(&[e.to_owned()]))
        .filter(|names| !names.is_empty())
        .unwrap_or_else(|| vec![env_wasm::registry::ENVIRONMENTS[0].id.to_owned()]);
    let task_names: Vec<String> = args.task.iter().cloned().collect();
    let difficulty: Vec<String> = args.difficulty.iter().cloned().collect();
    let seed_start = args.seed_start.unwrap_or(if args.split.is_some() {
        0
    } else {
        DEFAULT_SEED
    });
    let selection = match select::select(select::Request {
        envs: &env_names,
        tasks: &task_names,
        difficulty: &difficulty,
        split: args.split.as_deref(),
        seed_start,
        seeds: args.seeds,
    }) {
        Ok(selection) => selection,
        Err(message) => {
            eprintln!("deskbench inference: {message}");
            return ExitCode::from(2);
        }
    };
    for warning in &selection.warnings {
        eprintln!("deskbench inference: {warning}");
    }
    let client = api_key_from_env().map(|api_key| {
        ChatClient::new(ChatConfig {
            base_url: args.api_base_url.clone(),
            model: args.model.clone(),
            api_key,
            temperature: args.temperature,
            max_tokens: args.max_tokens,
            timeout: Duration::from_secs_f64(args.timeout_secs),
            retries: args.retries,
            backoff: Duration::from_millis(args.backoff_ms),
        })
    });
    let env_url = args
        .env_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .map(str::to_owned);
    let runner = Runner {
        client,
        model: args.model.clone(),
        max_steps: args.max_steps,
        success_threshold: args.success_threshold,
        reward_mode: args.reward_mode,
        env_url: env_url.clone(),
    };
    let mut stdout = std::io::stdout();
    let mut failed = false;
    let mut lines = Vec::new();
    let mut episodes = Vec::new();
    for job in Job::all(&selection, args.trials) {
        let report = runner.run_task(&job, &mut stdout).await;
        failed |= report.failure.is_some();
        lines.push(runner.trajectory(&job, &report));
        episodes.push(runner.episode(&job, &report));
    }
    let per_row = (selection.seeds as usize).saturating_mul(args.trials as usize);
    let summaries: Vec<report::Summary> = episodes
        .chunks(per_row.max(1))
        .filter_map(|row| report::summarise(row, args.trials, args.success_threshold))
        .collect();
    // stdout is the log's alone: the table goes to stderr.
    eprint!("{}", report::table(&summaries, args.trials));
    let json_report = report::JsonReport {
        deskbench_version: env!("CARGO_PKG_VERSION"),
        reward_mode: args.reward_mode.name(),
        source: env_url.as_deref().unwrap_or("in-process"),
        seed_start,
        split: selection.envs.iter().find_map(|c| c.split).map(|s| s.name),
        seeds: selection.seeds,
        trials: args.trials,
        success_threshold: args.success_threshold,
        summaries: &summaries,
        episodes: &episodes,
    };
    let files = report::Files {
        json: args.json.as_deref(),
        csv: args.csv.as_deref(),
        trajectories: args.trajectories.as_deref(),
    };
    for err in files.write(&json_report, &lines) {
        eprintln!("deskbench inference: {err}");
        failed = true;
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
