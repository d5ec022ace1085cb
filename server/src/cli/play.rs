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
//! How it ends ([`Outcome`]): `done`/`truncated` (graded), `refused` (three
//! replies in a row not accepted, scored 0), `step_limit` (out of turns,
//! scored 0), or `error`: the model API failed after its retries, the
//! episode ran out of time, the server was lost or refused the reset, or
//! there is no key. An error has no score: it is not the model's doing.

use std::sync::Arc;
use std::time::Duration;

use env_wasm::agent::{self, Act, ChatTool, Conversation, Move, Protocol, Usage, Window};
use env_wasm::splits::{self, Split};
use env_wasm::tools::{CALL_TOOL, LIST_TOOLS};
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, StepResult, TaskInfo};
use serde_json::{Value, json};
use tokio::time::Instant;

use super::report::{self, Episode, Outcome};
use super::ws_client::{Reply, WsSession};
use super::{log, terminal_grader, to_points};
use crate::llm::{ChatClient, ChatError, RateLimiter};

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

/// The environment's answer to an act.
enum Stepped {
    Accepted(StepResult),
    Refused(String),
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
        let listed = match self.step(&json!({"type": LIST_TOOLS})).await? {
            Stepped::Accepted(result) => result.observation.to_value(),
            Stepped::Refused(why) => return Err(format!("the tools could not be listed: {why}")),
        };
        let tools: Vec<ChatTool> = listed
            .get("tools")
            .and_then(Value::as_array)
            .map(|tools| tools.iter().filter_map(ChatTool::from_listing).collect())
            .unwrap_or_default();
        if tools.is_empty() {
            return Err(format!("the environment listed no tools: {listed}"));
        }
        Ok(tools)
    }

    /// A call of tool `name`: one step when it is accepted. It is OpenEnv's
    /// `call_tool` action both in-process and on a server (the seam plays
    /// it as `AnyEnv::call_tool`), so both give the same bytes.
    async fn call(&mut self, name: &str, arguments: &Value) -> Result<Stepped, String> {
        let action = json!({"type": CALL_TOOL, "tool_name": name, "arguments": arguments});
        Ok(match self.step(&action).await? {
            Stepped::Refused(why) => Stepped::Refused(why),
            // OpenEnv's tool result: `{tool_name, result, error}`.
            Stepped::Accepted(wrapped) => {
                let mut outcome = wrapped.observation.to_value();
                match outcome.get("error") {
                    Some(error) if !error.is_null() => Stepped::Refused(
                        error
                            .get("message")
                            .and_then(Value::as_str)
                            .map_or_else(|| error.to_string(), str::to_owned),
                    ),
                    _ => Stepped::Accepted(StepResult {
                        observation: env_wasm::Observation::from_value(
                            &outcome
                                .get_mut("result")
                                .map(Value::take)
                                .unwrap_or(Value::Null),
                        ),
                        reward: wrapped.reward,
                        done: wrapped.done,
                    }),
                }
            }
        })
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

/// An episode as it is played.
struct Record {
    log: Vec<String>,
    /// The reset's entry, then one per model turn.
    turns: Vec<Value>,
    rewards: Vec<f64>,
    usage: Usage,
    outcome: Outcome,
    score: Option<f64>,
    breakdown: Value,
    truncated: bool,
    failure: Option<String>,
}

impl Record {
    /// A `[STEP]` line: one model turn.
    fn step(&mut self, action: Option<&Value>, reward: f64, done: bool, error: Option<&str>) {
        self.rewards.push(reward);
        let n = u32::try_from(self.rewards.len()).unwrap_or(u32::MAX);
        self.log.push(log::step(n, action, reward, done, error));
    }

    /// The episode could not be played on: an error, with its cause.
    fn fail(&mut self, cause: String) {
        self.outcome = Outcome::Error;
        self.score = None;
        self.failure = Some(cause);
    }
}

/// Play `job`.
pub async fn play(job: &Job, settings: &Settings, action_schema: &Value) -> Played {
    let mut record = Record {
        log: vec![log::start(job.task.id, job.env.id, &settings.model)],
        turns: Vec::new(),
        rewards: Vec::new(),
        usage: Usage::default(),
        outcome: Outcome::Error,
        score: None,
        breakdown: Value::Null,
        truncated: false,
        failure: None,
    };
    let deadline = settings.episode_timeout.map(|t| Instant::now() + t);
    let conversation = match &settings.client {
        None => {
            record.fail(format!(
                "missing API key: set one of {}",
                KEY_VARS.join(", ")
            ));
            None
        }
        Some(client) => {
            play_turns(job, settings, client, action_schema, deadline, &mut record).await
        }
    };
    finish(job, settings, record, conversation)
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

/// The turns of an episode; the conversation, once one was started.
async fn play_turns(
    job: &Job,
    settings: &Settings,
    client: &Arc<ChatClient>,
    action_schema: &Value,
    deadline: Option<Instant>,
    record: &mut Record,
) -> Option<Conversation> {
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
        Err(err) => {
            record.fail(err);
            return None;
        }
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
            record.fail(err);
            backend.close().await;
            return None;
        }
    };
    record.turns.push(json!({
        "action": null,
        "observation": first.observation.to_value(),
        "reward": first.reward,
        "done": first.done,
        "truncated": false,
    }));
    let briefing = agent::Briefing {
        env: job.env,
        task: job.task,
        difficulty: job.difficulty,
        action_schema,
        hint: job.env.serving.prompt_hint,
    };
    let mut chat = Conversation::new(
        settings.protocol,
        agent::system_prompt(&briefing, settings.protocol),
        first.observation.json(),
        &tools,
    );
    let (temperature, max_tokens) = (client.config().temperature, client.config().max_tokens);
    let turns = settings.max_turns.unwrap_or_else(|| {
        job.env
            .max_steps(job.task, job.difficulty)
            .saturating_add(agent::MAX_BAD_REPLIES)
    });
    let mut last: Option<StepResult> = None;
    let mut gave_up = false;
    while (record.rewards.len() as u64) < u64::from(turns) {
        let window = chat.window(agent::HISTORY_CHARS);
        let body: Arc<str> = agent::request_body(
            &settings.model,
            chat.sent(window),
            &tools,
            temperature,
            max_tokens,
        )
        .into();
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
            client.call(body, &settings.limiter, on_retry),
        )
        .await
        .and_then(|called| called.map_err(|err: ChatError| err.to_string()));
        let completion = match called {
            Ok(completion) => completion,
            Err(err) => {
                record.turns.push(json!({
                    "messages_sent": window.end,
                    "messages_dropped": window.dropped,
                    "reply": null,
                    "error": err,
                }));
                record.step(None, 0.0, true, Some(&err));
                record.fail(err);
                break;
            }
        };
        let usage = completion.usage.unwrap_or_default();
        record.usage += usage;
        let mut turn = Turn::new(window, &completion, usage);
        let refusal = match chat.reply(&completion) {
            Move::Nothing(reason) => Some((None, reason)),
            Move::Act(act) => {
                // The environment's action: the tool call's, for a call (a
                // trajectory replays actions).
                let action = match &act {
                    Act::Action(action) => Some(action.clone()),
                    Act::Call {
                        id,
                        name,
                        arguments,
                    } => {
                        turn.tool_call(id, name, arguments);
                        arguments
                            .as_object()
                            .and_then(|a| job.env.tool_action(name, a.clone()).ok())
                    }
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
                    Err(err) => {
                        record
                            .turns
                            .push(turn.ended(action.as_ref(), "error", json!(err)));
                        record.step(action.as_ref(), 0.0, true, Some(&err));
                        record.fail(err);
                        break;
                    }
                    Ok(Stepped::Refused(reason)) => Some((action, reason)),
                    Ok(Stepped::Accepted(result)) => {
                        let observation = result.observation.to_value();
                        if result.done {
                            record.truncated = super::truncated(&observation);
                            record.breakdown = observation
                                .get("score_breakdown")
                                .cloned()
                                .unwrap_or(Value::Null);
                        }
                        chat.observe(result.reward, result.observation.json(), result.done);
                        let reward = to_points(result.reward.unwrap_or(0.0));
                        record.turns.push(turn.stepped(
                            action.as_ref(),
                            observation,
                            &result,
                            record.truncated,
                        ));
                        record.step(action.as_ref(), reward, result.done, None);
                        if result.done {
                            last = Some(result);
                            break;
                        }
                        None
                    }
                }
            }
        };
        if let Some((action, reason)) = refusal {
            record
                .turns
                .push(turn.ended(action.as_ref(), "refused", json!(reason)));
            gave_up = chat.refuse(&reason);
            let error = if gave_up {
                format!(
                    "{reason} ({} replies in a row were not accepted: the episode ends)",
                    agent::MAX_BAD_REPLIES
                )
            } else {
                reason
            };
            record.step(action.as_ref(), 0.0, gave_up, Some(&error));
            if gave_up {
                break;
            }
        }
    }
    if record.failure.is_none() {
        match &last {
            Some(last) => match backend.score(last) {
                Some(score) => {
                    record.score = Some(score);
                    record.outcome = if record.truncated {
                        Outcome::Truncated
                    } else {
                        Outcome::Done
                    };
                }
                None => record.fail("the final observation carries no task score".to_owned()),
            },
            None => {
                record.score = Some(0.0);
                record.outcome = if gave_up {
                    Outcome::Refused
                } else {
                    Outcome::StepLimit
                };
            }
        }
    }
    backend.close().await;
    Some(chat)
}

/// One model turn's entry in `steps`.
struct Turn {
    fields: serde_json::Map<String, Value>,
}

impl Turn {
    fn new(window: Window, completion: &agent::Completion, usage: Usage) -> Self {
        let mut fields = serde_json::Map::new();
        fields.insert("messages_sent".into(), json!(window.end));
        fields.insert("messages_dropped".into(), json!(window.dropped));
        fields.insert(
            "reply".into(),
            json!(completion.content.as_deref().unwrap_or_default()),
        );
        fields.insert("usage".into(), json!(usage));
        Turn { fields }
    }

    fn tool_call(&mut self, id: &str, name: &str, arguments: &Value) {
        self.fields.insert(
            "tool_call".into(),
            json!({"id": id, "name": name, "arguments": arguments.to_string()}),
        );
    }

    /// A turn that was no step: `refused` or `error`, with the reason.
    fn ended(&mut self, action: Option<&Value>, key: &str, reason: Value) -> Value {
        self.fields
            .insert("action".into(), action.cloned().unwrap_or(Value::Null));
        self.fields.insert(key.into(), reason);
        Value::Object(std::mem::take(&mut self.fields))
    }

    fn stepped(
        &mut self,
        action: Option<&Value>,
        observation: Value,
        result: &StepResult,
        truncated: bool,
    ) -> Value {
        self.fields
            .insert("action".into(), action.cloned().unwrap_or(Value::Null));
        self.fields.insert("observation".into(), observation);
        self.fields.insert("reward".into(), json!(result.reward));
        self.fields.insert("done".into(), json!(result.done));
        self.fields.insert("truncated".into(), json!(truncated));
        Value::Object(std::mem::take(&mut self.fields))
    }
}

/// The `[END]` line, the summary entry and the trajectory line of a record.
fn finish(
    job: &Job,
    settings: &Settings,
    mut record: Record,
    conversation: Option<Conversation>,
) -> Played {
    let success = record
        .score
        .is_some_and(|s| s >= settings.success_threshold);
    // The log keeps the seeds' format: an episode with no score ends with 0.
    record.log.push(log::end(
        success,
        u32::try_from(record.rewards.len()).unwrap_or(u32::MAX),
        record.score.unwrap_or(0.0),
        &record.rewards,
    ));
    let total_reward = to_points(record.rewards.iter().sum());
    let messages = conversation
        .map(Conversation::into_messages)
        .unwrap_or_default();
    let line = json!({
        "env": job.env.id,
        "task": job.task.id,
        "difficulty": job.difficulty,
        "split": job.split_name(),
        "seed": job.seed,
        "trial": job.trial,
        "model": settings.model,
        "reward_mode": settings.reward_mode.name(),
        "protocol": settings.protocol.name(),
        "messages": messages,
        "steps": record.turns.iter().map(report::dataset_step).collect::<Vec<_>>(),
        "score": record.score,
        "score_breakdown": report::json_text(&record.breakdown),
        "outcome": record.outcome,
        "success": success,
        "truncated": record.truncated,
        "total_reward": total_reward,
        "failure": record.failure.as_deref().unwrap_or(""),
        "usage": record.usage,
        "deskbench_version": report::DESKBENCH_VERSION,
        "task_set_version": report::task_set_version(),
    })
    .to_string();
    let episode = Episode {
        env: job.env.id,
        task: job.task.id,
        difficulty: job.difficulty,
        split: job.env.split_of(job.seed).map(|s| s.name),
        policy: settings.model.clone(),
        noise: None,
        seed: job.seed,
        trial: job.trial,
        score: record.score,
        steps: u32::try_from(record.rewards.len()).unwrap_or(u32::MAX),
        total_reward,
        outcome: record.outcome,
        note: record.failure,
        usage: Some(record.usage),
        steps_taken: Vec::new(),
        breakdown: Value::Null,
    };
    Played {
        log: record.log,
        episode,
        line,
    }
}
