//! `deskbench inference`: a model over any OpenAI-compatible chat
//! completions API, playing DeskBench tasks and printing the
//! `[START]`/`[STEP]`/`[END]` log ([`super::log`]) on stdout, nothing else.
//!
//! It plays what `eval` plays ([`super::select`]): every chosen task at
//! every chosen level, for `--seeds` seeds from `--seed-start` (or offsets
//! within `--split`), `--trials` times each; each episode in-process
//! through the seam, or, with `ENV_BASE_URL`, on that server over `/ws`
//! ([`super::play`]).
//!
//! A run over a whole split:
//! 1. `--concurrency N` episodes are in flight on one async runtime, each
//!    with its own session; workers take the episodes in report order, and
//!    a slow or failing one holds up no other. `--max-rpm` and `--max-tpm`
//!    limit the calls ([`RateLimiter`]; a 429's `Retry-After` pauses them
//!    all); `--episode-timeout` bounds an episode.
//! 2. Each episode's log lines are printed together, in report order; each
//!    is appended to `--trajectories` as it ends, and the file is put in
//!    report order at the end ([`trajectories`]), so the output is the same
//!    whatever order the episodes ended in.
//! 3. `--resume` skips the episodes the file already holds, so the same
//!    command continues after a crash or a Ctrl-C; the report covers them
//!    all. A first Ctrl-C (or SIGTERM) starts no more episodes and lets
//!    those in flight end; a second abandons them. The file is valid
//!    either way.
//! 4. An episode that could not be played (the API failed after its
//!    retries, a timeout, a lost server) is an error: kept in the
//!    trajectories with its cause, counted and listed, left out of the
//!    means and pass^k. When more than `--max-errors` of the episodes end
//!    so (after at least [`MIN_ERRORS_TO_STOP`]), the run stops.
//! 5. Tokens are counted from each reply's `usage`, per turn, episode and
//!    row, and priced with `--price-in`/`--price-out`.
//! 6. A progress bar (episodes, running mean, errors, tokens, ETA) is
//!    drawn on stderr when it is a terminal; after the last episode the
//!    pass^k table goes to stderr too, and to `--json` and `--csv`.
//!
//! Exit status: 2 on bad arguments, 130 after Ctrl-C, 1 when an episode
//! ended in error, the run stopped on errors or a file could not be
//! written, else 0 (whatever the scores).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use env_wasm::agent::{Protocol, Usage};
use env_wasm::{AnyEnv, RewardMode};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use judge::llm::{ChatClient, ChatConfig, RateLimiter};
use serde_json::Value;
use tokio::sync::{mpsc, watch};

use super::play::{self, Job, KEY_VARS, Played, Settings};
use super::report::{self, Episode, Prices};
use super::{select, trajectories};

/// The first seed when neither `--seed-start` nor `--split` is given.
pub const DEFAULT_SEED: u64 = 42;
/// Errors a run must have seen before `--max-errors` can stop it.
pub const MIN_ERRORS_TO_STOP: usize = 10;
/// How many errors the closing summary lists (the JSON report has all).
const ERRORS_LISTED: usize = 10;

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
    /// Most model turns per task (default: the task's step limit at its level plus 3 for
    /// refused replies).
    #[arg(long, env = "MAX_STEPS", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_steps: Option<u32>,
    /// Episodes in flight at once, each with its own session.
    #[arg(long, env = "CONCURRENCY", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub concurrency: u32,
    /// Most model API requests a minute, over all episodes (default: no limit).
    #[arg(long, env = "MAX_RPM", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_rpm: Option<u32>,
    /// Most tokens (prompt and completion) a minute, over all episodes, as the replies'
    /// `usage` reports them (default: no limit).
    #[arg(long, env = "MAX_TPM", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tpm: Option<u64>,
    /// An episode still running after this many seconds ends in error (default: no limit).
    #[arg(long, env = "EPISODE_TIMEOUT_SECS", value_name = "SECS", value_parser = parse_secs)]
    pub episode_timeout: Option<f64>,
    /// Act by function calls: the model gets the environment's tools (as MCP `tools/list`
    /// lists them) and each call is a step; without it, the action is a JSON object in the
    /// reply's text.
    #[arg(long, env = "TOOL_CALLS")]
    pub tool_calls: bool,
    /// Skip the episodes --trajectories already holds (same model, environment, task, level,
    /// split, seed and trial) and play the rest; episodes that ended in error are played
    /// again.
    #[arg(long, requires = "trajectories")]
    pub resume: bool,
    /// Stop the run (no new episodes) once more than this fraction of its episodes ended in
    /// error, after at least 10 errors; 1 never stops.
    #[arg(long, env = "MAX_ERRORS", default_value_t = 0.5, value_parser = parse_fraction)]
    pub max_errors: f64,
    /// Price of a million prompt tokens, for the cost in the report.
    #[arg(long, value_name = "PRICE", value_parser = parse_price)]
    pub price_in: Option<f64>,
    /// Price of a million completion tokens, for the cost in the report.
    #[arg(long, value_name = "PRICE", value_parser = parse_price)]
    pub price_out: Option<f64>,
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
    /// Wait before the first retry, in milliseconds; doubled for each further one (a
    /// `Retry-After` from the API is waited instead).
    #[arg(long, env = "BACKOFF_MS", default_value_t = 1000)]
    pub backoff_ms: u64,
    /// A task succeeds when the environment ended it with a score at least this.
    #[arg(long, env = "SUCCESS_THRESHOLD", default_value_t = 0.5, value_parser = parse_fraction)]
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
    pub reward_mode: RewardMode,
    /// Root URL of a DeskBench server to play on over /ws (unset: in-process).
    #[arg(long = "env-url", env = "ENV_BASE_URL", value_name = "BASE")]
    pub env_url: Option<String>,
    /// Write every episode to this file as one JSON line as it ends (README
    /// "Trajectories"); the file is put in report order at the end.
    #[arg(long, value_name = "FILE.jsonl")]
    pub trajectories: Option<PathBuf>,
    /// Also write the summaries and every episode as JSON to this file (as `eval --json`).
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
    /// Also write the summaries as CSV to this file (as `eval --csv`).
    #[arg(long, value_name = "PATH")]
    pub csv: Option<PathBuf>,
    /// Never draw the progress bar (it is drawn on stderr only when that is a terminal).
    #[arg(long)]
    pub quiet: bool,
}

fn parse_secs(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(format!("`{text}` is not a number of seconds above 0")),
    }
}

fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err(format!("`{text}` is not a number from 0 to 1")),
    }
}

fn parse_price(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if p.is_finite() && p >= 0.0 => Ok(p),
        _ => Err(format!("`{text}` is not a price (a number, 0 or more)")),
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

fn say(message: &str) {
    eprintln!("deskbench inference: {message}");
}

/// Log blocks printed in report order as their episodes end.
struct InOrder<'a> {
    next: usize,
    /// Jobs with nothing to print (resumed).
    skip: &'a [bool],
    pending: BTreeMap<usize, Vec<String>>,
}

impl InOrder<'_> {
    fn add(&mut self, job: usize, lines: Vec<String>) {
        self.pending.insert(job, lines);
        loop {
            while self.skip.get(self.next) == Some(&true) {
                self.next += 1;
            }
            match self.pending.remove(&self.next) {
                Some(lines) => {
                    print_lines(&lines);
                    self.next += 1;
                }
                None => break,
            }
        }
    }

    /// Print what is left (the run stopped before the episodes between).
    fn drain(&mut self) {
        for lines in std::mem::take(&mut self.pending).into_values() {
            print_lines(&lines);
        }
    }
}

fn print_lines(lines: &[String]) {
    // A closed stdout (say, `| head`) must not stop the run.
    let mut out = std::io::stdout().lock();
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}

/// Running figures for the progress bar.
#[derive(Default)]
struct Tally {
    played: usize,
    errors: usize,
    score_sum: f64,
    scored: usize,
    usage: Usage,
}

impl Tally {
    fn add(&mut self, episode: &Episode) {
        self.played += 1;
        match episode.score {
            Some(score) if episode.scored() => {
                self.score_sum += score;
                self.scored += 1;
            }
            _ => self.errors += 1,
        }
        if let Some(usage) = episode.usage {
            self.usage += usage;
        }
    }

    fn message(&self) -> String {
        let mean = if self.scored == 0 {
            "-".to_owned()
        } else {
            format!("{:.3}", self.score_sum / self.scored as f64)
        };
        format!(
            "mean {mean}  errors {}  tokens {}",
            self.errors,
            tokens(self.usage.total())
        )
    }
}

/// `1.2M`, `35.0k`, `812`.
fn tokens(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// Why the run stopped early.
enum Stop {
    Errors(String),
    Interrupted,
    Abandoned,
}

/// Run `deskbench inference` with the API key found in the environment.
/// It returns only on a usage error (2): a run that started ends the
/// process itself once everything is written (see the end).
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
            say(&message);
            return ExitCode::from(2);
        }
    };
    for warning in &selection.warnings {
        say(warning);
    }
    let protocol = if args.tool_calls {
        Protocol::ToolCalls
    } else {
        Protocol::Text
    };
    let jobs: Arc<Vec<Job>> = Arc::new(Job::all(&selection, args.trials));

    // Episodes already played (`--resume`), and the file new ones go to.
    let mut done: Vec<Option<Episode>> = vec![None; jobs.len()];
    if args.resume
        && let Some(path) = &args.trajectories
    {
        let run = trajectories::RunSettings {
            model: &args.model,
            protocol,
            reward_mode: args.reward_mode.name(),
        };
        match trajectories::resume(path, &jobs, &run) {
            Ok(resumed) => {
                let kept = resumed.done.iter().flatten().count();
                say(&format!(
                    "resuming: {kept} of {} episodes are in {}{}; playing the other {}",
                    jobs.len(),
                    path.display(),
                    if resumed.errors > 0 {
                        format!(" ({} errors are played again)", resumed.errors)
                    } else {
                        String::new()
                    },
                    jobs.len() - kept
                ));
                done = resumed.done;
            }
            Err(message) => {
                say(&message);
                return ExitCode::from(2);
            }
        }
    }
    let mut appender = match &args.trajectories {
        Some(path) => match trajectories::Appender::open(path, args.resume) {
            Ok(appender) => Some(appender),
            Err(message) => {
                say(&message);
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let resumed = done.iter().flatten().count();
    let skip: Arc<Vec<bool>> = Arc::new(done.iter().map(Option::is_some).collect());

    let target = if args.quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let progress = ProgressBar::with_draw_target(Some((jobs.len() - resumed) as u64), target);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} episodes  {msg}  {elapsed} (eta {eta})")
    {
        progress.set_style(style);
    }
    let concurrency = (args.concurrency as usize).clamp(1, (jobs.len() - resumed).max(1));
    let client = api_key_from_env().map(|api_key| {
        Arc::new(ChatClient::with_connections(
            ChatConfig {
                base_url: args.api_base_url.clone(),
                model: args.model.clone(),
                api_key,
                temperature: args.temperature,
                max_tokens: args.max_tokens,
                timeout: Duration::from_secs_f64(args.timeout_secs),
                retries: args.retries,
                backoff: Duration::from_millis(args.backoff_ms),
            },
            concurrency,
        ))
    });
    let env_url = args
        .env_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .map(str::to_owned);
    let retry_bar = progress.clone();
    let settings = Arc::new(Settings {
        client,
        limiter: RateLimiter::new(args.max_rpm, args.max_tpm),
        model: args.model.clone(),
        protocol,
        max_turns: args.max_steps,
        episode_timeout: args.episode_timeout.map(Duration::from_secs_f64),
        success_threshold: args.success_threshold,
        env_url: env_url.clone(),
        reward_mode: args.reward_mode,
        on_retry: Box::new(move |message| retry_bar.suspend(|| say(message))),
    });
    // The action schema of each environment, generated once.
    let schemas: Arc<BTreeMap<&'static str, Value>> = Arc::new(
        selection
            .envs
            .iter()
            .map(|cell| {
                (
                    cell.env.id,
                    AnyEnv::of(cell.env).schemas()["action"].clone(),
                )
            })
            .collect(),
    );

    // Workers take the jobs in order and hand each played episode over.
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (abandon, abandoned) = watch::channel(false);
    let (sender, mut receiver) = mpsc::channel::<(usize, Played)>(concurrency * 2);
    for _ in 0..concurrency {
        let (jobs, skip, next, stop, settings, schemas, sender) = (
            Arc::clone(&jobs),
            Arc::clone(&skip),
            Arc::clone(&next),
            Arc::clone(&stop),
            Arc::clone(&settings),
            Arc::clone(&schemas),
            sender.clone(),
        );
        let mut abandoned = abandoned.clone();
        tokio::spawn(async move {
            loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                if skip[i] {
                    continue;
                }
                let schema = schemas.get(job.env.id).unwrap_or(&Value::Null);
                let played = tokio::select! {
                    played = play::play(job, &settings, schema) => played,
                    _ = abandoned.wait_for(|gone| *gone) => break,
                };
                if sender.send((i, played)).await.is_err() {
                    break;
                }
            }
        });
    }
    drop(sender);

    let mut interrupts = signals();
    let mut in_order = InOrder {
        next: 0,
        skip: &skip,
        pending: BTreeMap::new(),
    };
    let mut tally = Tally::default();
    let mut stopped: Option<Stop> = None;
    let mut file_errors = Vec::new();
    loop {
        tokio::select! {
            received = receiver.recv() => {
                let Some((i, played)) = received else { break };
                if let Some(appender) = appender.as_mut()
                    && let Err(err) = appender.append(&played.line)
                    && file_errors.is_empty()
                {
                    file_errors.push(err);
                }
                tally.add(&played.episode);
                progress.inc(1);
                progress.set_message(tally.message());
                progress.suspend(|| in_order.add(i, played.log));
                done[i] = Some(played.episode);
                if stopped.is_none()
                    && tally.errors >= MIN_ERRORS_TO_STOP
                    && tally.errors as f64 > args.max_errors * tally.played as f64
                {
                    let why = format!(
                        "stopped: {} of {} episodes ended in error (more than --max-errors {}); \
                         the last: {}",
                        tally.errors,
                        tally.played,
                        args.max_errors,
                        done[i].as_ref().and_then(|e| e.note.as_deref()).unwrap_or("")
                    );
                    progress.suspend(|| say(&why));
                    stop.store(true, Ordering::Relaxed);
                    stopped = Some(Stop::Errors(why));
                }
            }
            Some(()) = interrupts.recv() => {
                if matches!(stopped, Some(Stop::Interrupted)) {
                    progress.suspend(|| say("abandoning the episodes in flight"));
                    let _ = abandon.send(true);
                    stopped = Some(Stop::Abandoned);
                } else if !matches!(stopped, Some(Stop::Abandoned)) {
                    progress.suspend(|| say(
                        "interrupted: finishing the episodes in flight (Ctrl-C again abandons them)",
                    ));
                    stop.store(true, Ordering::Relaxed);
                    stopped = Some(Stop::Interrupted);
                }
            }
        }
    }
    progress.finish_and_clear();
    in_order.drain();
    drop(appender);
    if let Some(path) = &args.trajectories
        && let Err(err) = trajectories::put_in_order(path, &jobs, &args.model)
    {
        file_errors.push(err);
    }

    let episodes: Vec<Episode> = done.into_iter().flatten().collect();
    let mut summaries = summarise(&episodes, args.trials, args.success_threshold);
    let prices = match (args.price_in, args.price_out) {
        (None, None) => None,
        (input, output) => Some(Prices {
            input: input.unwrap_or(0.0),
            output: output.unwrap_or(0.0),
        }),
    };
    if let Some(prices) = prices {
        report::price(&mut summaries, prices);
    }
    // stdout is the log's alone: the table and the totals go to stderr.
    eprint!("{}", report::table(&summaries, args.trials));
    let usage = episodes
        .iter()
        .filter_map(|e| e.usage)
        .fold(Usage::default(), |mut sum, u| {
            sum += u;
            sum
        });
    let cost = prices.map(|p| p.cost(usage));
    let errors: Vec<&Episode> = episodes.iter().filter(|e| !e.scored()).collect();
    eprintln!(
        "\n{} episodes ({} resumed from the trajectories, {} played now), {} errors; tokens: \
         {} prompt, {} completion{}",
        episodes.len(),
        resumed,
        episodes.len() - resumed,
        errors.len(),
        usage.prompt_tokens,
        usage.completion_tokens,
        cost.map(|c| format!(", cost {c:.4}")).unwrap_or_default()
    );
    if !errors.is_empty() {
        eprintln!("episodes that could not be played (left out of the means and pass^k):");
        for e in errors.iter().take(ERRORS_LISTED) {
            eprintln!(
                "  {}/{} level {} seed {} trial {}: {}",
                e.env,
                e.task,
                e.difficulty,
                e.seed,
                e.trial,
                e.note.as_deref().unwrap_or("")
            );
        }
        if errors.len() > ERRORS_LISTED {
            eprintln!(
                "  ... and {} more (every one is in --json and --trajectories)",
                errors.len() - ERRORS_LISTED
            );
        }
    }
    let stop_reason = match &stopped {
        Some(Stop::Errors(why)) => Some(why.as_str()),
        Some(Stop::Interrupted) => Some("interrupted (Ctrl-C): the episodes in flight ended"),
        Some(Stop::Abandoned) => {
            Some("interrupted (Ctrl-C twice): the episodes in flight were abandoned")
        }
        None => None,
    };
    let json_report = report::JsonReport {
        deskbench_version: report::DESKBENCH_VERSION,
        task_set_version: report::task_set_version(),
        reward_mode: args.reward_mode.name(),
        source: env_url.as_deref().unwrap_or("in-process"),
        seed_start,
        split: selection.envs.iter().find_map(|c| c.split).map(|s| s.name),
        seeds: selection.seeds,
        trials: args.trials,
        success_threshold: args.success_threshold,
        summaries: &summaries,
        episodes: &episodes,
        model_run: Some(report::ModelRun {
            model: &args.model,
            protocol: protocol.name(),
            usage,
            prices,
            cost,
            errors: errors.len(),
            resumed,
            stopped: stop_reason,
        }),
    };
    let files = report::Files {
        json: args.json.as_deref(),
        csv: args.csv.as_deref(),
        trajectories: None,
    };
    file_errors.extend(files.write(&json_report, &[]));
    for err in &file_errors {
        say(err);
    }
    if let Some(reason) = stop_reason {
        say(reason);
    }
    let status = match stopped {
        Some(Stop::Interrupted | Stop::Abandoned) => 130,
        Some(Stop::Errors(_)) => 1,
        None if !errors.is_empty() || !file_errors.is_empty() => 1,
        None => 0,
    };
    // A call given up on (an episode out of time, or abandoned) may still
    // hold a blocking thread until its own timeout, and the runtime would
    // wait for it on the way out: everything is written, so leave now.
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    std::process::exit(status)
}

/// Summaries of the episodes (in report order), one per environment, task
/// and level.
fn summarise(episodes: &[Episode], trials: u32, threshold: f64) -> Vec<report::Summary> {
    episodes
        .chunk_by(|a, b| (a.env, a.task, a.difficulty) == (b.env, b.task, b.difficulty))
        .filter_map(|row| report::summarise(row, trials, threshold))
        .collect()
}

/// Ctrl-C and SIGTERM, once each time they come. The handlers are in
/// place when this returns: from then on neither kills the process.
fn signals() -> mpsc::Receiver<()> {
    let (sender, receiver) = mpsc::channel(4);
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let (Ok(mut interrupt), Ok(mut terminate)) = (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        ) {
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        _ = interrupt.recv() => {}
                        _ = terminate.recv() => {}
                    }
                    if sender.send(()).await.is_err() {
                        return;
                    }
                }
            });
        }
    }
    #[cfg(not(unix))]
    tokio::spawn(async move {
        while tokio::signal::ctrl_c().await.is_ok() {
            if sender.send(()).await.is_err() {
                return;
            }
        }
    });
    receiver
}
