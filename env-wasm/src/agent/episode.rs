//! One model episode as a machine without I/O ([`Player`]): after the
//! reset, it writes each request, reads each completion into an act to
//! play, takes the environment's answer, and ends with the episode's
//! [`Finished`] record and its trajectories line. The caller sends the
//! requests (with its own retries and clock) and plays the acts (in-process
//! or on a server), so `deskbench inference` and the page's "Run a model"
//! play a model's turns alike and write the same line.

use serde_json::Value;

use super::chat::{ChatTool, Completion, Message, Usage};
use super::conversation::{Act, Conversation, HISTORY_CHARS, MAX_BAD_REPLIES, Move, Window};
use super::prompt::{Briefing, Protocol, system_prompt};
use super::trajectory::{Outcome, Step, ToolCallRecord, Trajectory};
use crate::registry::EnvInfo;
use crate::{Observation, StepResult};

/// pass^k of each k = 1..=trials: the chance that k trials of one seed all
/// succeed, averaged over seeds. With c successes in n trials of a seed the
/// estimate is C(c, k) / C(n, k) (the unbiased estimator of τ-bench), which
/// uses every trial for every k; pass^1 is the success rate and pass^n the
/// fraction of seeds whose trials all succeed.
///
/// `seeds[s]` is `(c, n)` of seed `s`: its successful trials and its scored
/// ones (an error is no trial). A seed with fewer than k scored trials
/// cannot say whether k trials all succeed, and is left out of pass^k;
/// pass^k is 0 when no seed has k.
pub fn pass_k(seeds: &[(u32, u32)], trials: u32) -> Vec<f64> {
    (1..=trials)
        .map(|k| {
            let (total, counted) = seeds.iter().filter(|(_, n)| *n >= k).fold(
                (0.0, 0usize),
                |(total, counted), &(c, n)| {
                    let chance = (0..k)
                        .map(|i| f64::from(c.saturating_sub(i)) / f64::from(n - i))
                        .product::<f64>();
                    (total + chance, counted + 1)
                },
            );
            if counted == 0 {
                0.0
            } else {
                total / counted as f64
            }
        })
        .collect()
}

/// Scores and rewards leave the core as integer basis points divided once
/// ([`crate::Points`]), so rounding to 1/10,000 is lossless; it also
/// absorbs the last-bit difference a float may pick up in a JSON round trip,
/// so in-process, server and page runs compare bit for bit.
pub fn to_points(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

/// The task score an environment puts on its final observation
/// (`terminal_grader`, in [0, 1]); `None` before the end.
pub fn terminal_grader(observation: &Value) -> Option<f64> {
    observation
        .get("terminal_grader")
        .and_then(Value::as_f64)
        .map(to_points)
}

/// Whether the step limit ended the episode (`truncated: true` on its last
/// observation, see [`crate::episode::TRUNCATED`]) rather than its own end.
pub fn truncated(observation: &Value) -> bool {
    observation.get(crate::episode::TRUNCATED) == Some(&Value::Bool(true))
}

/// OpenEnv's `call_tool` action of a call of tool `name` (native: the
/// tools are, the page's model plays the text protocol).
#[cfg(not(target_arch = "wasm32"))]
pub fn call_action(name: &str, arguments: &Value) -> Value {
    serde_json::json!({"type": crate::tools::CALL_TOOL, "tool_name": name, "arguments": arguments})
}

/// The environment's answer to an act.
#[derive(Debug, Clone)]
pub enum Stepped {
    /// The step was played: the environment's result.
    Accepted(StepResult),
    /// The step was refused or failed: the reason, as the model is told it.
    Refused(String),
}

impl Stepped {
    /// The answer to a [`call_action`] step: OpenEnv's tool result
    /// (`{tool_name, result, error}`) unwrapped into the step it was, or
    /// the tool's error as a refusal.
    pub fn of_call(answer: Stepped) -> Stepped {
        let wrapped = match answer {
            Stepped::Refused(why) => return Stepped::Refused(why),
            Stepped::Accepted(wrapped) => wrapped,
        };
        let mut outcome = wrapped.observation.to_value();
        match outcome.get("error") {
            Some(error) if !error.is_null() => Stepped::Refused(
                error
                    .get("message")
                    .and_then(Value::as_str)
                    .map_or_else(|| error.to_string(), str::to_owned),
            ),
            _ => Stepped::Accepted(StepResult {
                observation: Observation::from_value(
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
}

/// The tools of OpenEnv's `list_tools` answer (the same list as MCP
/// `tools/list`); `Err` when it lists none.
pub fn listed_tools(listed: &Value) -> Result<Vec<ChatTool>, String> {
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

/// One model turn as the log shows it (`[STEP]`): the action played (none
/// when the reply had none), its reward, whether it ended the episode, and
/// the refusal or failure.
#[derive(Debug, Clone, PartialEq)]
pub struct Logged {
    /// The action played; `None` when the reply held none.
    pub action: Option<Value>,
    /// The reward the step paid (0 when no step was played).
    pub reward: f64,
    /// The step ended the episode.
    pub done: bool,
    /// The refusal or failure, as the log prints it; `None` when the step went through.
    pub error: Option<String>,
}

/// A request to send: `POST {base}/chat/completions` with `body`.
#[derive(Debug, Clone)]
pub struct Request {
    /// The context window the body was cut to fit.
    pub window: Window,
    /// The chat-completions request body, as JSON text.
    pub body: String,
}

/// The sampling settings of every request.
#[derive(Debug, Clone, Copy)]
pub struct Sampling<'a> {
    /// The model name sent with every request.
    pub model: &'a str,
    /// The sampling temperature.
    pub temperature: f64,
    /// The cap on tokens the model may write per reply.
    pub max_tokens: u32,
}

/// A turn waiting for the environment's answer: what was sent and
/// replied, and the action to play.
struct Pending {
    turn: Step,
    action: Option<Value>,
}

/// One episode's model turns, from the reset's result on.
pub struct Player<'e> {
    /// Reads a tool call's action (native only, as the tools are).
    #[cfg_attr(
        target_arch = "wasm32",
        allow(dead_code, reason = "only native tool calls read it")
    )]
    env: &'e EnvInfo,
    chat: Conversation,
    tools: Vec<ChatTool>,
    max_turns: u32,
    record: Finished,
    pending: Option<Pending>,
    last: Option<StepResult>,
    gave_up: bool,
}

/// A played episode: what the log, the summary and the trajectories line
/// are made of.
#[derive(Debug, Clone)]
pub struct Finished {
    /// One per model turn.
    pub logged: Vec<Logged>,
    /// The `steps` of the trajectories line: the reset's entry, then one
    /// per model turn.
    pub turns: Vec<Step>,
    /// Tokens spent over the whole episode.
    pub usage: Usage,
    /// How the episode ended.
    pub outcome: Outcome,
    /// `None` for an [`Outcome::Error`].
    pub score: Option<f64>,
    /// The grader's breakdown of the score (`null` when there was none).
    pub breakdown: Value,
    /// The step limit ended the episode.
    pub truncated: bool,
    /// Why the episode ended in error; `None` when it did not.
    pub failure: Option<String>,
    /// The whole chat, every message sent and received.
    pub messages: Vec<Message>,
}

/// Who played what, as a trajectories line names it.
#[derive(Debug, Clone, Copy)]
pub struct LineHeader<'a> {
    /// The environment's id.
    pub env: &'a str,
    /// The task's name.
    pub task: &'a str,
    /// The difficulty level, 1 to 5.
    pub difficulty: u8,
    /// The declared split holding the seed (`""` outside them).
    pub split: &'a str,
    /// The seed the scenario was generated from.
    pub seed: u64,
    /// Which run of the same seed this is, from 0.
    pub trial: u32,
    /// The model that played.
    pub model: &'a str,
    /// How step rewards were paid (`shaped` or `score`).
    pub reward_mode: &'a str,
    /// How actions reached the environment (plain actions or tool calls).
    pub protocol: Protocol,
    /// The score at or above which the episode counts as a success.
    pub success_threshold: f64,
}

impl Finished {
    /// An episode that could not be started: an error, with its cause.
    pub fn error(cause: String) -> Finished {
        Finished {
            logged: Vec::new(),
            turns: Vec::new(),
            usage: Usage::default(),
            outcome: Outcome::Error,
            score: None,
            breakdown: Value::Null,
            truncated: false,
            failure: Some(cause),
            messages: Vec::new(),
        }
    }

    /// Each model turn's reward, in turn order.
    pub fn rewards(&self) -> impl Iterator<Item = f64> + '_ {
        self.logged.iter().map(|l| l.reward)
    }

    /// The sum of the step rewards, rounded to points.
    pub fn total_reward(&self) -> f64 {
        to_points(self.rewards().sum())
    }

    /// Whether the episode was scored at `threshold` or higher (never when it had no score).
    pub fn succeeded(&self, threshold: f64) -> bool {
        self.score.is_some_and(|s| s >= threshold)
    }

    fn fail(&mut self, cause: String) {
        self.outcome = Outcome::Error;
        self.score = None;
        self.failure = Some(cause);
    }

    fn log(&mut self, action: Option<&Value>, reward: f64, done: bool, error: Option<&str>) {
        self.logged.push(Logged {
            action: action.cloned(),
            reward,
            done,
            error: error.map(str::to_owned),
        });
    }

    /// The episode as a trajectories line (README "Trajectories").
    pub fn trajectory(&self, header: &LineHeader<'_>, deskbench_version: &str) -> Trajectory {
        Trajectory {
            env: header.env.to_owned(),
            task: header.task.to_owned(),
            difficulty: Some(header.difficulty),
            split: Some(header.split.to_owned()),
            seed: header.seed,
            trial: Some(header.trial),
            model: Some(header.model.to_owned()),
            reward_mode: Some(header.reward_mode.to_owned()),
            protocol: Some(header.protocol.name().to_owned()),
            messages: Some(self.messages.clone()),
            steps: self.turns.clone(),
            score: self.score,
            score_breakdown: Some(self.breakdown.clone()),
            outcome: Some(self.outcome),
            success: Some(self.succeeded(header.success_threshold)),
            truncated: Some(self.truncated),
            total_reward: Some(self.total_reward()),
            failure: Some(self.failure.clone().unwrap_or_default()),
            usage: Some(self.usage),
            deskbench_version: Some(deskbench_version.to_owned()),
            task_set_version: Some(crate::golden::task_set_version().to_owned()),
            ..Trajectory::default()
        }
    }

    /// The episode as one line of a trajectories file, without its newline.
    pub fn line(&self, header: &LineHeader<'_>, deskbench_version: &str) -> String {
        self.trajectory(header, deskbench_version).to_line()
    }
}

impl<'e> Player<'e> {
    /// The episode after its reset (`first`), with `tools` offered (tool
    /// protocol) and at most `max_turns` model turns (default: the step
    /// limit plus [`MAX_BAD_REPLIES`]).
    pub fn new(
        briefing: &Briefing<'e>,
        protocol: Protocol,
        first: &StepResult,
        tools: Vec<ChatTool>,
        max_turns: Option<u32>,
    ) -> Player<'e> {
        let mut record = Finished::error(String::new());
        record.failure = None;
        record.turns.push(Step::reset(
            first.observation.to_value(),
            first.reward,
            first.done,
        ));
        let chat = Conversation::new(
            protocol,
            system_prompt(briefing, protocol),
            first.observation.json(),
            &tools,
        );
        let max_turns =
            max_turns.unwrap_or_else(|| briefing.max_steps.saturating_add(MAX_BAD_REPLIES));
        Player {
            env: briefing.env,
            chat,
            tools,
            max_turns,
            record,
            pending: None,
            last: None,
            gave_up: false,
        }
    }

    /// Model turns taken so far.
    pub fn turns_taken(&self) -> usize {
        self.record.logged.len()
    }

    /// The latest entry of the trajectory's `steps` (the reset's before any
    /// turn), for a front end that shows each turn as it happens.
    pub fn last_turn(&self) -> Option<&Step> {
        self.record.turns.last()
    }

    /// The next request, or `None` once the episode is over: it ended,
    /// failed, the model gave up, or the turns ran out.
    pub fn request(&mut self, sampling: &Sampling<'_>) -> Option<Request> {
        let over = self.record.failure.is_some()
            || self.last.is_some()
            || self.gave_up
            || self.pending.is_some()
            || self.record.logged.len() as u64 >= u64::from(self.max_turns);
        if over {
            return None;
        }
        let window = self.chat.window(HISTORY_CHARS);
        let body = super::chat::request_body(
            sampling.model,
            self.chat.sent(window),
            &self.tools,
            sampling.temperature,
            sampling.max_tokens,
        );
        Some(Request { window, body })
    }

    /// The request sent with `window` failed for good (after the caller's
    /// retries): the episode ends in error.
    pub fn call_failed(&mut self, window: Window, err: String) {
        self.record.turns.push(Step {
            messages_sent: Some(window.end),
            messages_dropped: Some(window.dropped),
            reply: Some(None),
            error: Some(err.clone()),
            ..Step::default()
        });
        self.record.log(None, 0.0, true, Some(&err));
        self.record.fail(err);
    }

    /// The model's answer to the request sent with `window`: the act to
    /// play, or `None` when it had none (the model is told why, and the
    /// next [`Player::request`] asks again unless that ended the episode).
    /// An [`Act::Call`] is played as [`call_action`], its answer read with
    /// [`Stepped::of_call`].
    pub fn reply(&mut self, window: Window, completion: &Completion) -> Option<Act> {
        let usage = completion.usage.unwrap_or_default();
        self.record.usage += usage;
        let mut turn = Step {
            messages_sent: Some(window.end),
            messages_dropped: Some(window.dropped),
            reply: Some(Some(completion.content.clone().unwrap_or_default())),
            usage: Some(usage),
            ..Step::default()
        };
        match self.chat.reply(completion) {
            Move::Nothing(reason) => {
                self.pending = Some(Pending { turn, action: None });
                self.refused(reason);
                None
            }
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
                        turn.tool_call = Some(ToolCallRecord {
                            arguments: arguments.to_string(),
                            id: id.clone(),
                            name: name.clone(),
                        });
                        self.call_as_action(name, arguments)
                    }
                };
                self.pending = Some(Pending { turn, action });
                Some(act)
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn call_as_action(&self, name: &str, arguments: &Value) -> Option<Value> {
        arguments
            .as_object()
            .and_then(|a| self.env.tool_action(name, a.clone()).ok())
    }

    /// The page offers no tools, so no call can come.
    #[cfg(target_arch = "wasm32")]
    fn call_as_action(&self, _name: &str, _arguments: &Value) -> Option<Value> {
        None
    }

    /// Record the pending turn as no step, with `why` put on it.
    fn take_pending(&mut self, why: impl FnOnce(&mut Step)) -> Option<Value> {
        let Pending { mut turn, action } = self.pending.take()?;
        turn.action = Some(action.clone().unwrap_or(Value::Null));
        why(&mut turn);
        self.record.turns.push(turn);
        Some(action.unwrap_or(Value::Null))
    }

    /// The environment refused the act (or the reply had none): the model
    /// is told why; [`MAX_BAD_REPLIES`] in a row end the episode.
    pub fn refused(&mut self, reason: String) {
        let action = self
            .take_pending(|turn| turn.refused = Some(reason.clone()))
            .filter(|a| !a.is_null());
        self.gave_up = self.chat.refuse(&reason);
        let error = if self.gave_up {
            format!(
                "{reason} ({MAX_BAD_REPLIES} replies in a row were not accepted: the episode ends)"
            )
        } else {
            reason
        };
        self.record
            .log(action.as_ref(), 0.0, self.gave_up, Some(&error));
    }

    /// Playing the act failed outside the model (a lost connection, a
    /// timeout): the episode ends in error.
    pub fn lost(&mut self, err: String) {
        let action = self
            .take_pending(|turn| turn.error = Some(err.clone()))
            .filter(|a| !a.is_null());
        self.record.log(action.as_ref(), 0.0, true, Some(&err));
        self.record.fail(err);
    }

    /// The environment played the act.
    pub fn accepted(&mut self, result: StepResult) {
        let observation = result.observation.to_value();
        if result.done {
            self.record.truncated = truncated(&observation);
            self.record.breakdown = observation
                .get("score_breakdown")
                .cloned()
                .unwrap_or(Value::Null);
        }
        self.chat
            .observe(result.reward, result.observation.json(), result.done);
        let reward = to_points(result.reward.unwrap_or(0.0));
        let Some(Pending { mut turn, action }) = self.pending.take() else {
            return;
        };
        turn.action = Some(action.clone().unwrap_or(Value::Null));
        turn.observation = Some(observation);
        turn.reward = Some(result.reward);
        turn.done = Some(result.done);
        turn.truncated = Some(self.record.truncated);
        self.record.turns.push(turn);
        self.record.log(action.as_ref(), reward, result.done, None);
        if result.done {
            self.last = Some(result);
        }
    }

    /// The episode's record; `score` reads the task score off the final
    /// result (the seam's `terminal_score`, or the observation's
    /// [`terminal_grader`]).
    pub fn finish(self, score: impl FnOnce(&StepResult) -> Option<f64>) -> Finished {
        let mut record = self.record;
        if record.failure.is_none() {
            match &self.last {
                Some(last) => match score(last) {
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
                    record.outcome = if self.gave_up {
                        Outcome::Refused
                    } else {
                        Outcome::StepLimit
                    };
                }
            }
        }
        record.messages = self.chat.into_messages();
        record
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn pass_k_is_the_unbiased_all_k_succeed_estimate() {
        // One seed, 2 of 3 trials succeed: pass^1 = 2/3, pass^2 = 1/3, pass^3 = 0.
        let p = pass_k(&[(2, 3)], 3);
        assert!((p[0] - 2.0 / 3.0).abs() < 1e-12 && (p[1] - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(p[2], 0.0);
        // All succeed on one seed, none on the other: 0.5 for every k.
        assert_eq!(pass_k(&[(3, 3), (0, 3)], 3), vec![0.5, 0.5, 0.5]);
        assert_eq!(pass_k(&[], 2), vec![0.0, 0.0]);
        // A seed with one scored trial of two (the other an error) counts
        // for pass^1 only.
        assert_eq!(pass_k(&[(2, 2), (1, 1)], 2), vec![1.0, 1.0]);
        assert_eq!(pass_k(&[(1, 2), (0, 1)], 2), vec![0.25, 0.0]);
    }

    #[test]
    fn points_round_to_basis_points() {
        assert_eq!(to_points(0.123_449_999_999_9), 0.1234);
        assert_eq!(to_points(0.7 + 1e-15), 0.7);
        assert_eq!(terminal_grader(&json!({"terminal_grader": 0.5})), Some(0.5));
        assert_eq!(terminal_grader(&json!({"terminal_grader": null})), None);
    }
}
