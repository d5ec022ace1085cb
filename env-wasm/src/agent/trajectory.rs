//! One line of a trajectories file (README "Trajectories") as a type:
//! [`Trajectory`], with its [`Step`]s and how it ended ([`Outcome`]).
//! `deskbench eval`, `deskbench inference` and `deskbench regrade` write
//! it, `--resume` and `regrade` read it back, and the page reads it in its
//! run viewer, writes it from "Run a model" and exports its episode as one,
//! so a file of either side opens on the other.
//!
//! Every field a writer may leave out is an `Option` skipped when `None`,
//! so each writer's lines keep exactly the fields they always had, and
//! lines of older or hand-made files (without versions, outcome or reward
//! mode) still read; fields neither type names are kept in their `extra`
//! and written back in their sorted place. The free-form parts (actions,
//! observations, the score breakdown) are JSON values in memory and JSON
//! text on the line: their keys differ between environments, and a table
//! (Hugging Face `datasets`, Arrow) needs one type per column. Read back,
//! JSON text becomes its value again, and a hand-made file may hold the
//! value itself.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::chat::{Message, Usage};

/// How one episode ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// It ended by itself (a final answer, a submit, the last case) and
    /// was graded.
    Done,
    /// The task's step limit ended it (`truncated` in its last
    /// observation); graded as it stood.
    Truncated,
    /// The policy had no action left before the end (scored 0).
    PolicyStopped,
    /// The environment refused the policy's action (scored 0).
    Refused,
    /// The environment had not ended after many more steps than the task
    /// allows (scored 0).
    StepLimit,
    /// A model's episode only: it could not be played to an end (a missing
    /// key, a model API failure after its retries, a timeout, a lost server
    /// connection); not the agent's doing, so it has no score and is left
    /// out of means and pass^k.
    Error,
}

impl Outcome {
    /// Whether the episode was graded: it ended by itself or at the limit.
    pub fn graded(self) -> bool {
        matches!(self, Outcome::Done | Outcome::Truncated)
    }

    /// The outcome's name in a trajectories line (`done`, `step_limit`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Done => "done",
            Outcome::Truncated => "truncated",
            Outcome::PolicyStopped => "policy_stopped",
            Outcome::Refused => "refused",
            Outcome::StepLimit => "step_limit",
            Outcome::Error => "error",
        }
    }

    /// The outcome a trajectories line names; `None` for an unknown name.
    pub fn parse(name: &str) -> Option<Outcome> {
        [
            Outcome::Done,
            Outcome::Truncated,
            Outcome::PolicyStopped,
            Outcome::Refused,
            Outcome::StepLimit,
            Outcome::Error,
        ]
        .into_iter()
        .find(|o| o.name() == name)
    }
}

/// One episode: who played what, every step, and what it scored. Fields
/// are declared in the order a line writes its keys (sorted).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trajectory {
    /// The DeskBench release that wrote the line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deskbench_version: Option<String>,
    /// The level, 1 to 5 (`level` in hand-made files; absent: the default).
    #[serde(default, alias = "level", skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<u8>,
    /// The environment's id.
    pub env: String,
    /// A model run's cause of an error (`""` when there was none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// A model run's chat, every message of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messages: Option<Vec<Message>>,
    /// The model that played (`deskbench inference`, the page's "Run a
    /// model").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The noisy reference's error rate (`deskbench eval`: 0 for a policy
    /// that adds none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise: Option<f64>,
    /// How the episode ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The built-in policy that played (`deskbench eval`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    /// `deskbench regrade`: the score the line had before (null when it
    /// had none).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub previous_score: Option<Option<f64>>,
    /// `deskbench regrade`: the task set the line was graded on before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous_task_set_version: Option<String>,
    /// `text` or `tool_calls` ([`super::Protocol`]), for a model run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// `deskbench regrade`: what the replay found (`""`: nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regrade_note: Option<String>,
    /// `shaped` or `score` (absent: shaped).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward_mode: Option<String>,
    /// `deskbench regrade`: the first observation is no longer the stored one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_changed: Option<bool>,
    /// The task score in [0, 1]; null for an episode that could not be
    /// played (`final_score` in the page's exports before this type).
    #[serde(default, alias = "final_score")]
    pub score: Option<f64>,
    /// The final `score_breakdown` (criterion -> score), as JSON text.
    #[serde(
        default,
        serialize_with = "text",
        deserialize_with = "decoded",
        skip_serializing_if = "Option::is_none"
    )]
    pub score_breakdown: Option<Value>,
    /// The seed the scenario was generated from.
    pub seed: u64,
    /// The declared split holding the seed (`""` outside every split).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<String>,
    /// The reset's entry first (a null action), then one per step or model
    /// turn.
    pub steps: Vec<Step>,
    /// A model run's score reached its success threshold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success: Option<bool>,
    /// The task's name.
    pub task: String,
    /// The task set it was graded on (the determinism digest).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_set_version: Option<String>,
    /// The sum of the step rewards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_reward: Option<f64>,
    /// Which run of the same seed this is, from 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trial: Option<u32>,
    /// The step limit ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truncated: Option<bool>,
    /// A model run's tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Every field of the line this type does not name (an older or newer
    /// release's, another tool's): kept so that a line read and written
    /// again (`deskbench regrade`) loses none, each in its sorted place.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One entry of a trajectory's `steps`: the reset's (a null action and the
/// first observation), a step a policy took, or a model turn (what was
/// sent and replied, then the step, or why there was none: `refused`, or
/// `error`). A field that is `None` is absent from the line; the ones that
/// may also be null are `Option<Option<_>>` (or a null [`Value`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The action played, as JSON text (null: none, as the reset's).
    #[serde(
        default,
        serialize_with = "text_or_null",
        deserialize_with = "decoded",
        skip_serializing_if = "Option::is_none"
    )]
    pub action: Option<Value>,
    /// The step ended the episode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done: Option<bool>,
    /// The model API call, or playing the act, failed for good.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Older turns left out of the request to fit the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messages_dropped: Option<usize>,
    /// Messages of the chat the request held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messages_sent: Option<usize>,
    /// The observation after the step, as JSON text.
    #[serde(
        default,
        serialize_with = "text_or_null",
        deserialize_with = "decoded",
        skip_serializing_if = "Option::is_none"
    )]
    pub observation: Option<Value>,
    /// Why the reply was no step: the model is told so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// The model's reply text (null: the call failed).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub reply: Option<Option<String>>,
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    /// The step's reward: absent when not recorded, null when no step was played.
    pub reward: Option<Option<f64>>,
    /// The tool the model called (tool protocol).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call: Option<ToolCallRecord>,
    /// The step limit ended the episode at this step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub truncated: Option<bool>,
    /// The reply's tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Every field of the entry this type does not name, kept as
    /// [`Trajectory::extra`] is.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A model's tool call as a turn records it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCallRecord {
    /// Its arguments as JSON text.
    pub arguments: String,
    /// The tool call's id, as the model gave it.
    pub id: String,
    /// The tool's name.
    pub name: String,
}

impl Step {
    /// The reset's entry: no action, the first observation.
    pub fn reset(observation: Value, reward: Option<f64>, done: bool) -> Step {
        Step {
            action: Some(Value::Null),
            observation: Some(observation),
            reward: Some(reward),
            done: Some(done),
            truncated: Some(false),
            ..Step::default()
        }
    }

    /// A model turn that was no step (`refused` or `error`).
    pub fn was_no_step(&self) -> bool {
        self.refused.is_some() || self.error.is_some()
    }

    /// The reward it was paid, if any.
    pub fn reward(&self) -> Option<f64> {
        self.reward.flatten()
    }
}

impl Trajectory {
    /// The line as a trajectories file holds it, without its newline:
    /// every object's keys sorted, as the writers have always written them
    /// (which the declaration order of nested types, such as [`Usage`],
    /// would not give).
    pub fn to_line(&self) -> String {
        // Serialising these types cannot fail: every map key is a string.
        serde_json::to_value(self)
            .map(|value| value.to_string())
            .unwrap_or_default()
    }

    /// Read one line (or a whole exported episode).
    pub fn parse(text: &str) -> Result<Trajectory, String> {
        serde_json::from_str(text).map_err(|err| err.to_string())
    }

    /// Who played: the model, else the policy.
    pub fn player(&self) -> Option<&str> {
        self.model.as_deref().or(self.policy.as_deref())
    }

    /// Whether its first entry is the reset's (a null action), as every
    /// writer records it; hand-made files may start with the first step.
    pub fn starts_with_reset(&self) -> bool {
        self.steps
            .first()
            .is_some_and(|s| s.action.as_ref().is_some_and(Value::is_null))
    }

    /// The steps that were played, in order, with their index in `steps`:
    /// every entry after the reset's but the model turns that were no step.
    pub fn played(&self) -> impl Iterator<Item = (usize, &Step)> {
        self.steps
            .iter()
            .enumerate()
            .skip(usize::from(self.starts_with_reset()))
            .filter(|(_, s)| !s.was_no_step())
    }
}

/// A field present in the line, null or not (absent stays `None`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// A value as JSON text.
fn text<S: Serializer>(value: &Option<Value>, serializer: S) -> Result<S::Ok, S::Error> {
    value
        .as_ref()
        .unwrap_or(&Value::Null)
        .to_string()
        .serialize(serializer)
}

/// A value as JSON text, a null as null (the reset's action).
fn text_or_null<S: Serializer>(value: &Option<Value>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(Value::Null) | None => serializer.serialize_none(),
        Some(value) => value.to_string().serialize(serializer),
    }
}

/// JSON text read back into its value; a string that is no JSON (or a
/// hand-made file's value itself) is kept as it is.
fn decoded<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Ok(Some(match Value::deserialize(deserializer)? {
        Value::String(text) => serde_json::from_str(&text).unwrap_or(Value::String(text)),
        other => other,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_line_reads_and_writes_back_byte_for_byte() {
        let line = json!({
            "deskbench_version": "1", "difficulty": 2, "env": "productivity",
            "failure": "", "messages": [{"role": "user", "content": "hi"}], "model": "m",
            "outcome": "done", "protocol": "text", "reward_mode": "shaped", "score": 1.0,
            "score_breakdown": r#"{"a":1}"#, "seed": 3, "split": "", "success": true,
            "steps": [
                {"action": null, "done": false, "observation": r#"{"x":1}"#, "reward": null,
                 "truncated": false},
                {"action": r#"{"raw":"a"}"#, "done": true, "messages_dropped": 0,
                 "messages_sent": 2, "observation": "{}", "reply": "r", "reward": 0.5,
                 "truncated": false, "usage": {"completion_tokens": 1, "prompt_tokens": 2}},
                {"messages_dropped": 0, "messages_sent": 4, "reply": null, "error": "HTTP 500"},
            ],
            "task": "easy", "task_set_version": "v", "total_reward": 0.5, "trial": 0,
            "truncated": false, "usage": {"completion_tokens": 1, "prompt_tokens": 2},
        })
        .to_string();
        let read = Trajectory::parse(&line).expect("a trajectory");
        assert_eq!(read.to_line(), line);
        assert_eq!(read.steps[1].action, Some(json!({"raw": "a"})));
        assert_eq!(
            (read.steps[0].reward, read.steps[2].reward),
            (Some(None), None)
        );
        assert_eq!(read.steps[2].reply, Some(None));
        assert_eq!(read.played().count(), 1, "the failed call was no step");
    }

    #[test]
    fn fields_no_type_names_are_written_back_in_their_place() {
        let line = json!({
            "annotator": "someone", "env": "productivity", "score": 0.5, "seed": 3,
            "steps": [
                {"action": null, "observation": "{}", "truncated": false},
                {"action": r#"{"raw":"a"}"#, "latency_ms": 12, "reward": 0.5,
                 "zz_tool": {"name": "x"}},
            ],
            "task": "easy", "zz_notes": ["kept", 1],
        })
        .to_string();
        let read = Trajectory::parse(&line).expect("a trajectory");
        assert_eq!(read.extra.get("annotator"), Some(&json!("someone")));
        assert_eq!(read.steps[1].extra.get("latency_ms"), Some(&json!(12)));
        assert_eq!(read.to_line(), line);
    }

    #[test]
    fn hand_made_lines_hold_values_and_leave_fields_out() {
        let read = Trajectory::parse(
            r#"{"env": "e", "task": "t", "seed": 1, "level": 3, "final_score": 0.5,
                "steps": [{"action": {"raw": "x"}, "reward": 0.1}, {"action": "inspect"}]}"#,
        )
        .expect("a trajectory");
        assert_eq!((read.difficulty, read.score), (Some(3), Some(0.5)));
        assert!(!read.starts_with_reset());
        let actions: Vec<_> = read
            .played()
            .filter_map(|(_, s)| s.action.clone())
            .collect();
        assert_eq!(actions, [json!({"raw": "x"}), json!("inspect")]);
        assert!(Trajectory::parse(r#"{"env": "e", "task": "t", "seed": 1}"#).is_err());
        for outcome in [Outcome::Done, Outcome::Error, Outcome::StepLimit] {
            assert_eq!(Outcome::parse(outcome.name()), Some(outcome));
        }
    }
}
