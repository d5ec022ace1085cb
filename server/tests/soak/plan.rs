//! What each soak session sends and what every reply must be.
//!
//! [`plan`] writes a session's script in-process: an environment and task
//! from the registry (spread over every one), a seed, and messages chosen by
//! the environment's own policies through [`AnyEnv::policy_action`], mixed
//! with invalid actions, steps after the end, `state` requests and broken
//! JSON. [`replay`] then plays a script sequentially in a fresh [`AnyEnv`]
//! and says what the server must have answered to each message, and
//! [`check`] compares one reply with that.

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, EnvError, EnvInfo, ResetDefaults, TaskInfo};
use serde_json::{Value, json};
use server::error::{ApiError, Transport};

/// The one text frame sent for [`Op::BadJson`]: a step cut off mid-object.
pub(crate) const BAD_JSON: &str = r#"{"type": "step", "data": {"#;

/// Why a message is in the script; the replay checks the seam agrees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Intent {
    /// A policy's action or the empty answer: must be accepted.
    Valid,
    /// A valid action with an unknown key: must be refused as invalid.
    Invalid,
    /// An action after the episode ended: must be refused as too late.
    AfterDone,
}

#[derive(Debug, Clone)]
pub(crate) enum Op {
    Reset(Value),
    Step { action: Value, intent: Intent },
    State,
    BadJson,
}

impl Op {
    /// The text frame that carries this message.
    pub(crate) fn text(&self) -> String {
        match self {
            Op::Reset(options) => json!({ "type": "reset", "data": options }).to_string(),
            Op::Step { action, .. } => json!({ "type": "step", "data": action }).to_string(),
            Op::State => r#"{"type": "state"}"#.to_owned(),
            Op::BadJson => BAD_JSON.to_owned(),
        }
    }
}

/// One session: where it connects and everything it sends, in order.
#[derive(Debug, Clone)]
pub(crate) struct Script {
    pub index: usize,
    pub env: &'static EnvInfo,
    pub task: &'static TaskInfo,
    /// `/ws` of the root mount (the default environment) or `/envs/{id}/ws`.
    pub path: String,
    pub seed: u64,
    pub ops: Vec<Op>,
}

/// What one reply must be.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expected {
    /// These exact bytes: an `observation` or `state` frame.
    Frame(String),
    /// An error frame with this code and message (and `reason`, if any).
    Error {
        code: &'static str,
        message: String,
        reason: Option<&'static str>,
    },
}

/// Counts over a whole run, for the report.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tally {
    pub messages: usize,
    pub resets: usize,
    pub steps: usize,
    pub states: usize,
    /// Accepted steps that ended their episode.
    pub episodes_done: usize,
    pub invalid: usize,
    pub after_done: usize,
    pub bad_json: usize,
}

impl Tally {
    pub(crate) fn add(&mut self, other: Tally) {
        self.messages += other.messages;
        self.resets += other.resets;
        self.steps += other.steps;
        self.states += other.states;
        self.episodes_done += other.episodes_done;
        self.invalid += other.invalid;
        self.after_done += other.after_done;
        self.bad_json += other.bad_json;
    }

    /// Error frames the script asks for: every other reply must succeed.
    pub(crate) fn expected_errors(&self) -> usize {
        self.invalid + self.after_done + self.bad_json
    }
}

/// The script of session `index`: `steps` step messages (accepted or
/// refused), plus the resets, `state` requests and broken frames between
/// them. Session `index` plays environment `index % n`, so any `n * 4`
/// consecutive sessions cover every task of every environment.
pub(crate) fn plan(index: usize, steps: usize) -> Script {
    let env = ENVIRONMENTS[index % ENVIRONMENTS.len()];
    let task = &env.tasks[(index / ENVIRONMENTS.len()) % env.tasks.len()];
    // Both mounts of the default environment are exercised.
    let path = if std::ptr::eq(env, ENVIRONMENTS[0]) && (index / ENVIRONMENTS.len()) % 2 == 1 {
        "/ws".to_owned()
    } else {
        format!("/envs/{}/ws", env.id)
    };
    let seed = 0x5eed_0000 + 1_000 * index as u64;
    let policies = env.policy_names();
    let mut mixer = SeededRng::new(seed, 0xd1ce);
    let mut planner = AnyEnv::of(env);
    let mut policy_rng = SeededRng::new(seed, 1_000);
    let mut policy = policies[0];
    let mut episodes = 0u64;
    let mut stepped_after_done = false;
    let mut ops = Vec::new();
    let mut sent_steps = 0;
    while sent_steps < steps {
        let reset_now = !planner.is_started()
            || (planner.is_done() && (stepped_after_done || !mixer.chance(1, 3)));
        if reset_now {
            let options = json!({
                "seed": seed + episodes,
                "task": task.id,
                "episode_id": format!("soak-{index}-{episodes}"),
            });
            planner
                .reset(&options, ResetDefaults::default())
                .unwrap_or_else(|err| panic!("session {index}: reset refused: {err}"));
            policy = policies[(index + episodes as usize) % policies.len()];
            policy_rng = SeededRng::new(seed + episodes, 1_000);
            episodes += 1;
            stepped_after_done = false;
            ops.push(Op::Reset(options));
            continue;
        }
        let fallback = || planner.empty_answer().expect("a started episode");
        let op = if planner.is_done() {
            stepped_after_done = true;
            Op::Step {
                action: fallback(),
                intent: Intent::AfterDone,
            }
        } else {
            match mixer.below(16) {
                0 => {
                    let mut action = fallback();
                    if let Value::Object(fields) = &mut action {
                        fields.insert("soak_unknown_key".to_owned(), json!(true));
                    }
                    Op::Step {
                        action,
                        intent: Intent::Invalid,
                    }
                }
                1 => Op::State,
                2 => Op::BadJson,
                3 => Op::Step {
                    action: fallback(),
                    intent: Intent::Valid,
                },
                _ => Op::Step {
                    action: planner
                        .policy_action(policy, &mut policy_rng)
                        .unwrap_or_else(fallback),
                    intent: Intent::Valid,
                },
            }
        };
        if let Op::Step { action, .. } = &op {
            // Advance the planner; the replay checks each outcome.
            let _ = planner.step(action);
            sent_steps += 1;
        }
        ops.push(op);
    }
    Script {
        index,
        env,
        task,
        path,
        seed,
        ops,
    }
}

/// The frame the server sends for a successful reset or step, byte for
/// byte: `{"type":"observation","data":<StepResult>}` (or `state`).
fn frame(kind: &str, data: &impl serde::Serialize) -> String {
    let data = serde_json::to_string(data).expect("the seam's JSON encodes");
    format!(r#"{{"type":"{kind}","data":{data}}}"#)
}

/// The error frame a refusal of the seam must produce.
fn refusal(err: &EnvError) -> Expected {
    let (code, reason) = match err {
        EnvError::Validation { .. } => ("VALIDATION_ERROR", None),
        EnvError::UnknownTask { .. }
        | EnvError::UnknownEnv { .. }
        | EnvError::UnknownTool { .. } => ("VALIDATION_ERROR", Some(err.code())),
        EnvError::NotStarted | EnvError::EpisodeDone => ("EXECUTION_ERROR", Some(err.code())),
    };
    Expected::Error {
        code,
        message: err.to_string(),
        reason,
    }
}

/// Play `script` sequentially in a fresh [`AnyEnv`]: the reply each message
/// must get, and the counts. Panics where the seam disagrees with the
/// script's intent (a policy action refused, an invalid one accepted), so a
/// broken script cannot pass as a soak.
pub(crate) fn replay(script: &Script) -> (Vec<Expected>, Tally) {
    let mut env = AnyEnv::of(script.env);
    let mut tally = Tally::default();
    let mut expected = Vec::with_capacity(script.ops.len());
    for (at, op) in script.ops.iter().enumerate() {
        tally.messages += 1;
        let reply = match op {
            Op::Reset(options) => {
                tally.resets += 1;
                match env.reset(options, ResetDefaults::default()) {
                    Ok(result) => Expected::Frame(frame("observation", &result)),
                    Err(err) => panic!("session {}: reset refused: {err}", script.index),
                }
            }
            Op::State => {
                tally.states += 1;
                Expected::Frame(frame("state", &env.state()))
            }
            Op::BadJson => {
                tally.bad_json += 1;
                let err = serde_json::from_str::<Value>(BAD_JSON).expect_err("broken JSON");
                Expected::Error {
                    code: "INVALID_JSON",
                    // The wording is the server's own, as a socket says it.
                    message: ApiError::InvalidJson(err.to_string()).message_on(Transport::Ws),
                    reason: None,
                }
            }
            Op::Step { action, intent } => {
                tally.steps += 1;
                let outcome = env.step(action);
                let agrees = match (intent, &outcome) {
                    (Intent::Valid, Ok(_)) => true,
                    (Intent::Invalid, Err(EnvError::Validation { .. })) => {
                        tally.invalid += 1;
                        true
                    }
                    (Intent::AfterDone, Err(EnvError::EpisodeDone)) => {
                        tally.after_done += 1;
                        true
                    }
                    _ => false,
                };
                assert!(
                    agrees,
                    "session {} ({}/{}) message {at}: a {intent:?} action gave {outcome:?}: {action}",
                    script.index, script.env.id, script.task.id
                );
                match outcome {
                    Ok(result) => {
                        tally.episodes_done += usize::from(result.done);
                        Expected::Frame(frame("observation", &result))
                    }
                    Err(err) => refusal(&err),
                }
            }
        };
        expected.push(reply);
    }
    (expected, tally)
}

/// How a reply compares with what the replay expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The same bytes (observation and state frames).
    Identical,
    /// The expected error code, message and reason.
    ExpectedError,
}

/// Compare one reply with its expectation; `Err` describes the difference.
pub(crate) fn check(reply: &str, expected: &Expected) -> Result<Verdict, String> {
    match expected {
        Expected::Frame(bytes) if reply == bytes => Ok(Verdict::Identical),
        Expected::Frame(bytes) => {
            let same_json = serde_json::from_str::<Value>(reply).ok()
                == serde_json::from_str::<Value>(bytes).ok();
            let at = reply
                .bytes()
                .zip(bytes.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(reply.len().min(bytes.len()));
            Err(format!(
                "{} from byte {at}:\n  got      ...{}\n  expected ...{}",
                if same_json {
                    "same JSON, different bytes (key order or number format)"
                } else {
                    "different reply"
                },
                around(reply, at),
                around(bytes, at)
            ))
        }
        Expected::Error {
            code,
            message,
            reason,
        } => {
            let got: Value = serde_json::from_str(reply)
                .map_err(|err| format!("reply is not JSON ({err}): {reply}"))?;
            let data = &got["data"];
            let matches = got["type"] == "error"
                && data["code"] == *code
                && data["message"] == message.as_str()
                && reason.is_none_or(|reason| data["reason"] == reason);
            if matches {
                Ok(Verdict::ExpectedError)
            } else {
                Err(format!(
                    "expected error {code} ({message}, reason {reason:?}), got {reply}"
                ))
            }
        }
    }
}

/// Up to 120 bytes of `text` from a little before byte `at`.
fn around(text: &str, at: usize) -> &str {
    let mut start = at.saturating_sub(40);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (at + 80).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    &text[start..end]
}
