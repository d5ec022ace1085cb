//! One episode of a model ([`play`]): reset, then model turns until the
//! environment ends it, the model has no playable reply three times in a
//! row, the turns run out, or something outside the model fails. What the
//! model is told and how its replies are read is the core's
//! ([`env_wasm::agent`]); the calls go through [`ChatClient::call`] under
//! the run's [`RateLimiter`].
//!
//! The episode is played in-process through the seam, or on a server over
//! `/ws`. With the tool-call protocol the model gets the tools the seam's
//! `list_tools` lists (the `tools/list` of the server's MCP, from the same
//! `EnvInfo::tools`), and a call is played as OpenEnv's `call_tool` action,
//! which the seam plays as `AnyEnv::call_tool`, in-process and on a server
//! alike.
//!
//! How it ends: `done`/`truncated` (graded), `refused` (three
//! replies in a row not accepted, scored 0), `step_limit` (out of turns,
//! scored 0), or `error`: the model API failed after its retries, the
//! episode ran out of time, the server was lost or refused the reset, or
//! there is no key. An error has no score: it is not the model's doing.

use std::sync::Arc;
use std::time::Duration;

use env_wasm::agent::{
    self, Act, ChatTool, Finished, LineHeader, Player, Protocol, Sampling, Stepped,
};
use env_wasm::splits::{self, Split};
use env_wasm::tools::LIST_TOOLS;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, StepResult, TaskInfo};
use judge::llm::{ChatClient, ChatError, RateLimiter};
use serde_json::{Value, json};
use tokio::time::Instant;

use super::report::{self, Episode};
use super::ws_client::{Reply, WsSession};
use super::{log, terminal_grader, to_points};

/// Where the API key is looked for, in order.
pub const KEY_VARS: [&str; 3] = ["HF_TOKEN", "API_KEY", "OPENAI_API_KEY"];

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
    pub fn all(selection: &super::select::Selection, trials: u32) -> Vec<Job> {
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

    /// The declared split holding the seed (`""` outside them).
    pub fn split_name(&self) -> &'static str {
        self.env.split_of(self.seed).map_or("", |s| s.name)
    }
}

/// What every episode of a run shares.
pub struct Settings {
    /// `None` without an API key: every episode is an error.
    pub client: Option<Arc<ChatClient>>,
    pub limiter: RateLimiter,
    pub model: String,
    pub protocol: Protocol,
    /// Most model turns per episode (default: the step limit plus
    /// [`agent::MAX_BAD_REPLIES`]).
    pub max_turns: Option<u32>,
    pub episode_timeout: Option<Duration>,
    pub success_threshold: f64,
    pub env_url: Option<String>,
    pub reward_mode: env_wasm::RewardMode,
    /// Hears of each retried model call (the progress bar prints it).
    pub on_retry: Box<dyn Fn(&str) + Send + Sync>,
}

/// A played episode: its log lines, its summary entry, its trajectory line.
pub struct Played {
    /// `[START]`, `[STEP]`..., `[END]`.
    pub log: Vec<String>,
    pub episode: Episode,
    /// One JSON line of the trajectories file (README "Trajectories"),
    /// without its newline.
    pub line: String,
}

/// Where the episode is played.
enum Backend {
    Local(Box<AnyEnv>),
    Remote(Box<WsSession>),
}

impl Backend {
    async fn open(env: &'static EnvInfo, base: Option<&str>) -> Result<Self, String> {
        match base {
            None => Ok(Backend::Local(Box::new(AnyEnv::of(env)))),
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

    /// A step. `Err` is a failure of the connection, not a refusal.
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

    /// The episode's tools, as OpenEnv's `list_tools` action lists them
    /// (the same list as MCP `tools/list`).
    async fn tools(&mut self) -> Result<Vec<ChatTool>, String> {
        match self.step(&json!({"type": LIST_TOOLS})).await? {
            Stepped::Accepted(result) => agent::listed_tools(&result.observation.to_value()),
            Stepped::Refused(why) => Err(format!("the tools could not be listed: {why}")),
        }
    }

    /// A call of tool `name`: one step when it is accepted. It is OpenEnv's
    /// `call_tool` action both in-process and on a server (the seam plays
    /// it as `AnyEnv::call_tool`), so both give the same bytes.
    async fn call(&mut self, name: &str, arguments: &Value) -> Result<Stepped, String> {
        let answer = self.step(&agent::call_action(name, arguments)).await?;
        Ok(Stepped::of_call(answer))
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

/// Play `job`.
pub async fn play(job: &Job, settings: &Settings, action_schema: &Value) -> Played {
    let deadline = settings.episode_timeout.map(|t| Instant::now() + t);
    let finished = match &settings.client {
        None => Finished::error(format!(
            "missing API key: set one of {}",
            KEY_VARS.join(", ")
        )),
        Some(client) => play_turns(job, settings, client, action_schema, deadline).await,
    };
    finish(job, settings, finished)
}

/// Run `future` by the episode's deadline; `Err` names the limit.
async fn by<T>(
    deadline: Option<Instant>,
    limit: Option<Duration>,
    future: impl Future<Output = T>,
) -> Result<T, String> {
    match deadline {
        None => Ok(future.await),
        Some(deadline) => tokio::time::timeout_at(deadline, future)
            .await
            .map_err(|_| {
                format!(
                    "the episode ran out of time (--episode-timeout {} s)",
                    limit.unwrap_or_default().as_secs_f64()
                )
            }),
    }
}

/// The turns of an episode, driven by the core's [`Player`].
async fn play_turns(
    job: &Job,
    settings: &Settings,
    client: &Arc<ChatClient>,
    action_schema: &Value,
    deadline: Option<Instant>,
) -> Finished {
    let max_steps = match job.env.max_steps(job.task, job.difficulty) {
        Ok(max_steps) => max_steps,
        Err(err) => return Finished::error(err.to_string()),
    };
    let limit = settings.episode_timeout;
    let opened = by(
        deadline,
        limit,
        Backend::open(job.env, settings.env_url.as_deref()),
    )
    .await
    .and_then(|opened| opened);
    let mut backend = match opened {
        Ok(backend) => backend,
        Err(err) => return Finished::error(err),
    };
    let started = by(deadline, limit, async {
        let first = backend.reset(job, settings.reward_mode).await?;
        let tools = match settings.protocol {
            Protocol::Text => Vec::new(),
            Protocol::ToolCalls => backend.tools().await?,
        };
        Ok::<_, String>((first, tools))
    })
    .await
    .and_then(|started| started);
    let (first, tools) = match started {
        Ok(started) => started,
        Err(err) => {
            backend.close().await;
            return Finished::error(err);
        }
    };
    let briefing = agent::Briefing {
        env: job.env,
        task: job.task,
        difficulty: job.difficulty,
        max_steps,
        action_schema,
        hint: job.env.prompt_hint,
    };
    let mut player = Player::new(
        &briefing,
        settings.protocol,
        &first,
        tools,
        settings.max_turns,
    );
    let sampling = Sampling {
        model: &settings.model,
        temperature: client.config().temperature,
        max_tokens: client.config().max_tokens,
    };
    while let Some(request) = player.request(&sampling) {
        let on_retry = |message: &str, attempt: u32, wait: Duration| {
            (settings.on_retry)(&format!(
                "{}/{} seed {} trial {}: {message}; retry {attempt}/{} in {:.2} s",
                job.env.id,
                job.task.id,
                job.seed,
                job.trial,
                client.config().retries,
                wait.as_secs_f64()
            ));
        };
        let called = by(
            deadline,
            limit,
            client.call(request.body.into(), &settings.limiter, on_retry),
        )
        .await
        .and_then(|called| called.map_err(|err: ChatError| err.to_string()));
        let completion = match called {
            Ok(completion) => completion,
            Err(err) => {
                player.call_failed(request.window, err);
                break;
            }
        };
        let Some(act) = player.reply(request.window, &completion) else {
            continue;
        };
        let played = async {
            match &act {
                Act::Action(action) => backend.step(action).await,
                Act::Call {
                    name, arguments, ..
                } => backend.call(name, arguments).await,
            }
        };
        match by(deadline, limit, played).await.and_then(|p| p) {
            Err(err) => player.lost(err),
            Ok(Stepped::Refused(reason)) => player.refused(reason),
            Ok(Stepped::Accepted(result)) => player.accepted(result),
        }
    }
    let finished = player.finish(|last| backend.score(last));
    backend.close().await;
    finished
}

/// The `[START]`..`[END]` log, the summary entry and the trajectory line of
/// a played episode.
fn finish(job: &Job, settings: &Settings, finished: Finished) -> Played {
    let success = finished.succeeded(settings.success_threshold);
    let mut lines = vec![log::start(job.task.id, job.env.id, &settings.model)];
    for (n, logged) in (1u32..).zip(&finished.logged) {
        lines.push(log::step(
            n,
            logged.action.as_ref(),
            logged.reward,
            logged.done,
            logged.error.as_deref(),
        ));
    }
    let rewards: Vec<f64> = finished.rewards().collect();
    let steps = u32::try_from(rewards.len()).unwrap_or(u32::MAX);
    // The log keeps the seeds' format: an episode with no score ends with 0.
    lines.push(log::end(
        success,
        steps,
        finished.score.unwrap_or(0.0),
        &rewards,
    ));
    let line = finished.line(
        &LineHeader {
            env: job.env.id,
            task: job.task.id,
            difficulty: job.difficulty,
            split: job.split_name(),
            seed: job.seed,
            trial: job.trial,
            model: &settings.model,
            reward_mode: settings.reward_mode.name(),
            protocol: settings.protocol,
            success_threshold: settings.success_threshold,
        },
        report::DESKBENCH_VERSION,
    );
    let episode = Episode {
        env: job.env.id,
        task: job.task.id,
        difficulty: job.difficulty,
        split: job.env.split_of(job.seed).map(|s| s.name),
        policy: settings.model.clone(),
        noise: None,
        seed: job.seed,
        trial: job.trial,
        score: finished.score,
        steps,
        total_reward: finished.total_reward(),
        outcome: finished.outcome,
        note: finished.failure,
        usage: Some(finished.usage),
        steps_taken: Vec::new(),
        breakdown: Value::Null,
    };
    Played {
        log: lines,
        episode,
        line,
    }
}
