//! The [`Environment`] trait every environment implements, and the generic
//! episode bookkeeping (ids, step counts, done, action parsing, JSON) that
//! wraps it, so no environment re-implements the protocol rules.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
#[cfg(not(target_arch = "wasm32"))]
use serde_json::Map;
use serde_json::Value;
use serde_json::value::{RawValue, to_raw_value};
use std::sync::{Arc, OnceLock};

use crate::error::EnvError;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::task::{Listed, TaskInfo};

/// What one step of an environment produced.
pub struct Transition<O> {
    pub observation: O,
    pub reward: Points,
    /// The action ended the episode by itself (a final answer, a submit,
    /// the last case). At [`StepLimit::Reached`] the episode ends either
    /// way; it is then *truncated* unless this is set.
    pub done: bool,
}

/// Where a step stands against its task's `max_steps`. The episode counts
/// steps and enforces the limit for every environment, so each is told
/// here rather than counting for itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepLimit {
    /// Steps remain after this one.
    Within,
    /// This is the last step the task allows: the episode ends with it
    /// whatever the action, so the environment grades what stands (and
    /// says, in [`Transition::done`], whether the action ended it anyway).
    Reached,
}

impl StepLimit {
    /// The limit of step number `step` (1-based) of a task of `max_steps`.
    pub fn of(step: u32, max_steps: u32) -> StepLimit {
        if step >= max_steps {
            StepLimit::Reached
        } else {
            StepLimit::Within
        }
    }

    pub fn reached(self) -> bool {
        self == StepLimit::Reached
    }
}

/// One environment: a scenario generator, a simulator and a grader behind a
/// typed action and observation.
pub trait Environment: Sized + Send + 'static {
    /// Parsed from the client's JSON; unknown keys are refused.
    type Action: DeserializeOwned + Serialize + JsonSchema;
    type Observation: Serialize + JsonSchema;
    /// Environment-specific state, flattened into [`EpisodeState`].
    type State: Serialize + JsonSchema;

    /// The environment's id and name ([`crate::task::LISTED`] holds it).
    const LISTED: Listed;
    /// One paragraph: what the environment simulates and what it grades.
    const DESCRIPTION: &'static str;
    /// Its tasks, the one `reset` plays when none is named first.
    const TASKS: &'static [TaskInfo];

    /// The action field a bare JSON string stands for, where the seed's
    /// clients sent the action as a string (`productivity`'s `"inspect"`
    /// is `{"raw": "inspect"}`); `None` refuses a bare string. Read here,
    /// in the seam, so HTTP, `/ws`, MCP and the browser all accept it.
    const TEXT_ACTION_FIELD: Option<&'static str> = None;

    /// What a front end tells a language model of the action format, in a
    /// few examples (`deskbench inference`'s prompt); the schema says what
    /// is valid, this what an episode looks like.
    const PROMPT_HINT: Option<&'static str> = None;

    /// The difficulty levels [`Environment::reset`] takes, ascending, from
    /// 1 to 5 ([`crate::task::DEFAULT_LEVEL`] among them).
    const LEVELS: &'static [u8] = &[crate::task::DEFAULT_LEVEL];

    /// The step limit of `task` at level `difficulty`: the task's
    /// `max_steps` unless larger scenarios need more steps.
    fn max_steps(task: &TaskInfo, difficulty: u8) -> u32 {
        let _ = difficulty;
        task.max_steps
    }

    /// What `task` at level `difficulty` is graded on: the criteria, weights
    /// and gates its grader applies ([`crate::rubric`]), published in
    /// `/metadata`.
    fn rubric(task: &TaskInfo, difficulty: u8) -> crate::rubric::TaskRubric;

    /// Generate the scenario of `task` at difficulty level `difficulty` (one
    /// of [`Environment::LEVELS`]) for `seed` and return the first
    /// observation. Same task, level and seed, same scenario, on every
    /// platform. Levels change the scenario, never the grading rules.
    fn reset(task: &'static TaskInfo, difficulty: u8, seed: u64) -> (Self, Self::Observation);

    /// Refuse an action its type admits but the protocol does not (a
    /// length bound, a number out of range, another task's id). The seam
    /// asks before every [`Environment::step`] and in
    /// [`crate::AnyEnv::validate_action`], so a front end that checks an
    /// action first (the page's Step button) never sends one `step` would
    /// refuse. A wrong answer is not a refusal: it is a scored step.
    fn admit(&self, action: &Self::Action) -> Result<(), EnvError> {
        let _ = action;
        Ok(())
    }

    /// What the environment's own check of form finds wrong in the answer
    /// `action` carries, read as the grader reads it (a date that does not
    /// exist, a time that is no time): `None` when nothing is, or when the
    /// action carries no answer. Fields missing or left blank are not
    /// reported (a front end asks about those itself). Not a refusal (an ill-formed answer is a
    /// scored step): the page shows it before a step that would be graded.
    fn answer_form_problem(&self, action: &Self::Action) -> Option<String> {
        let _ = action;
        None
    }

    /// Apply one action that [`Environment::admit`] accepted, the step
    /// `limit` says how near the step limit ([`StepLimit::Reached`]: grade
    /// what stands, the episode ends). A wrong answer is a scored
    /// transition; `Err` is left for refusals that only the step itself can
    /// find (it is not counted as a step).
    fn step(
        &mut self,
        action: Self::Action,
        limit: StepLimit,
    ) -> Result<Transition<Self::Observation>, EnvError>;

    fn state(&self) -> Self::State;

    /// The observation as it stands: what the last reset or step returned,
    /// rendered again, for front ends that show it on demand (a seed's
    /// `GET /state` returned its observation).
    fn current_observation(&self) -> Self::Observation;

    /// `observation` as JSON text, with `"truncated": true` last when
    /// `truncated` ([`TRUNCATED`]): the bytes serde_json writes for it. An
    /// environment whose observations are large and alike may write them
    /// itself ([`JsonText`]: field names as text, frozen parts copied),
    /// pinned to these bytes by a test.
    fn observation_json(observation: &Self::Observation, truncated: bool) -> String {
        serialized_observation(observation, truncated)
    }

    /// The task score in [0, 1] once the episode has ended.
    fn terminal_score(&self) -> Option<Points>;

    /// The next action of the reference policy (built from the hidden ground
    /// truth), or `None` when it has nothing left to do. Used by tests and
    /// the baseline runner, never served to agents.
    fn reference_action(&self) -> Option<Self::Action>;

    /// An action that submits an empty answer; the conformance tests check
    /// that playing it scores about 0.
    fn empty_answer(&self) -> Self::Action;

    /// Names of the baseline policies this environment offers besides
    /// `reference`: blind, constant or random strategies that its grader
    /// must score low (`deskbench eval` runs them; tests bound them).
    fn baseline_names() -> &'static [&'static str] {
        &[]
    }

    /// The agent's verbs: one tool per command of the action type, with the
    /// action fields it takes ([`crate::tools`]). Cheap; [`Self::tools`]
    /// adds the descriptions and schemas.
    #[cfg(not(target_arch = "wasm32"))]
    fn tool_specs() -> Vec<crate::tools::ToolSpec>;

    /// The tools as `tools/list` shows them, cut from the action schema:
    /// the list of no episode in particular (a manifest, a session not yet
    /// reset).
    #[cfg(not(target_arch = "wasm32"))]
    fn tools() -> Vec<crate::tools::Tool>;

    /// The tools of an episode of `task` at level `difficulty`, for an
    /// environment whose tools follow the task (productivity's answer,
    /// typed by the task's fields) or the level (support_triage's records
    /// desk); [`Self::tools`] by default.
    #[cfg(not(target_arch = "wasm32"))]
    fn task_tools(task: &'static TaskInfo, difficulty: u8) -> Vec<crate::tools::Tool> {
        let _ = (task, difficulty);
        Self::tools()
    }

    /// The action (as JSON, for the step's own parser) that a call of tool
    /// `name` stands for; `arguments` already fit its [`crate::tools::ToolSpec`].
    #[cfg(not(target_arch = "wasm32"))]
    fn tool_action(name: &str, arguments: Map<String, Value>) -> Value;

    /// The tool call that plays `action`, where one does (clients, tests).
    #[cfg(not(target_arch = "wasm32"))]
    fn tool_call(action: &Self::Action) -> Option<crate::tools::ToolCall>;

    /// An action that does what `action` plausibly meant, for an action the
    /// environment cannot read (a language model's near miss: a field named
    /// as another environment names it, the answer in the wrong place); the
    /// refusal then says exactly what to send. `None` when there is no
    /// such reading.
    #[cfg(not(target_arch = "wasm32"))]
    fn suggest(action: &Value) -> Option<Value> {
        let _ = action;
        None
    }

    /// The next action of baseline `name`, drawing from `rng` (the policy's
    /// own stream, seeded per trial); `None` for an unknown name.
    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<Self::Action> {
        let _ = (name, rng);
        None
    }

    /// The next action of the noisy reference: the reference action with
    /// each of its graded decisions (a label, a field of an answer, a chosen
    /// slot, a kept row...) made wrong, independently, with probability
    /// `error_per_mille` / 1000, drawing from `rng`. Played at several
    /// levels with the same rate it draws the difficulty curve (a harder
    /// level has more decisions, so the same rate costs more). `None` when
    /// the reference has nothing left to do, or the environment has no
    /// noisy reference yet.
    fn noisy_reference_action(
        &self,
        error_per_mille: u32,
        rng: &mut SeededRng,
    ) -> Option<Self::Action> {
        let _ = (error_per_mille, rng);
        None
    }
}

/// How an episode's step rewards are paid, chosen at reset (`reward_mode`).
///
/// `Shaped` is each environment's own per-step shaping (process rewards,
/// step costs, the grade on the graded step): dense, but its sum is not the
/// task score. `Score` pays nothing before the end and the task score on the
/// step that ends the episode (a final answer, a submit or the step limit),
/// so an episode's rewards add up to its score exactly, whatever the
/// actions: the return a trainer maximises is the benchmark's score. Both
/// are decided here, once, for every environment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RewardMode {
    /// The environment's per-step shaping (the default).
    #[default]
    Shaped,
    /// 0 before the end, the task score on the last step: the return is the score.
    Score,
}

impl RewardMode {
    pub const ALL: [RewardMode; 2] = [RewardMode::Shaped, RewardMode::Score];

    pub fn name(self) -> &'static str {
        match self {
            RewardMode::Shaped => "shaped",
            RewardMode::Score => "score",
        }
    }

    /// One line for the documents that declare the modes.
    pub fn summary(self) -> &'static str {
        match self {
            RewardMode::Shaped => {
                "the environment's per-step shaping (process rewards, step costs, the grade on \
                 the graded step); dense, but the rewards do not add up to the task score"
            }
            RewardMode::Score => {
                "0 on every step but the last, which pays the task score: the rewards of any \
                 episode add up exactly to its task score (terminal_grader)"
            }
        }
    }

    pub fn parse(name: &str) -> Option<RewardMode> {
        let wanted = name.trim();
        Self::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(wanted))
    }

    fn is_shaped(&self) -> bool {
        *self == RewardMode::Shaped
    }

    /// The reward of a step that the environment shaped as `shaped`, ending
    /// the episode with task score `terminal` when `done`.
    fn pay(self, shaped: Points, done: bool, terminal: Option<Points>) -> Points {
        match self {
            RewardMode::Shaped => shaped,
            RewardMode::Score if done => terminal.unwrap_or(Points::ZERO),
            RewardMode::Score => Points::ZERO,
        }
    }
}

/// Reply to reset and step: the OpenEnv result shape. Its schema (the
/// OpenAPI document's `StepResult`) is derived here; the reply is written
/// by [`StepResult::into_json_within`], which a test holds to `Serialize`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(
    description = "The reply to reset and step (OpenEnv's result): the observation, the step's reward and whether the episode is over."
)]
pub struct StepResult {
    pub observation: Observation,
    /// The step's reward; null after reset.
    pub reward: Option<f64>,
    /// The episode is over (its own end or the step limit).
    pub done: bool,
}

impl StepResult {
    /// This result as JSON between `prefix` and `suffix` (an envelope, such
    /// as `/ws`'s `{"type":"observation","data":` and `}`): the bytes
    /// serde_json writes for it. The observation is JSON text already, so
    /// it is neither re-serialised nor checked again as UTF-8 (a `Vec<u8>`
    /// made into a `String` is, byte by byte); the reply is written around
    /// it in its own buffer, which has room to spare (observation writers
    /// size theirs with some), so a step's few KB are neither allocated
    /// nor freed a second time.
    pub fn into_json_within(self, prefix: &str, suffix: &str) -> String {
        const OPEN: &str = "{\"observation\":";
        let mut out = self.observation.0;
        let mut head = String::with_capacity(prefix.len() + OPEN.len());
        head.push_str(prefix);
        head.push_str(OPEN);
        out.reserve(head.len() + 48 + suffix.len());
        out.insert_str(0, &head);
        out.push_str(",\"reward\":");
        match self.reward {
            // serde_json's own number format (and `null` for a non-finite one).
            Some(reward) => {
                let mut digits = [0u8; 32];
                let mut cursor = &mut digits[..];
                let written =
                    serde_json::to_writer(&mut cursor, &reward).map(|()| 32 - cursor.len());
                let text = written
                    .ok()
                    .and_then(|n| std::str::from_utf8(&digits[..n]).ok());
                out.push_str(text.unwrap_or("null"));
            }
            None => out.push_str("null"),
        }
        out.push_str(match self.done {
            true => ",\"done\":true}",
            false => ",\"done\":false}",
        });
        out.push_str(suffix);
        out
    }
}

/// An observation, serialised once, straight from the environment's typed
/// observation ([`Environment::observation_json`]). The server writes these
/// bytes into its replies as they are: building a [`Value`] tree first and
/// serialising that would cost about as much again as the step itself.
/// Readers (the browser's views, tests, the runners) take a [`Value`] with
/// [`Observation::to_value`]. Keys come in the observation type's field
/// order; equality and the determinism transcript compare parsed values,
/// so order never matters.
#[derive(Debug, Clone)]
pub struct Observation(String);

/// The schema of an observation is the environment's: this names it
/// (`Observation`, a definition of its own) for the document that embeds
/// a [`StepResult`] to fill in with the environment's observation schema.
impl JsonSchema for Observation {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Observation".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "description": "The environment's observation (its /schema `observation`).",
        })
    }
}

impl Observation {
    pub(crate) fn of<T: Serialize>(observation: &T) -> Self {
        // Serialising our own plain data types cannot fail; `null` is unreachable.
        Observation(serde_json::to_string(observation).unwrap_or_else(|_| "null".to_owned()))
    }

    /// The observation as a JSON value tree.
    pub fn to_value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }

    /// An observation from a value tree (a reply read back from a server,
    /// or one the server annotated, such as the judge's verdict).
    pub fn from_value(value: &Value) -> Self {
        Observation::of(value)
    }

    /// The serialised JSON text.
    pub fn json(&self) -> &str {
        &self.0
    }

    /// An observation from JSON text as a server wrote it, its keys in the
    /// order written (a client that reads it through a [`Value`] would sort
    /// them); `Err` when the text is not JSON.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        let raw: &RawValue = serde_json::from_str(text)?;
        Ok(Observation(raw.get().to_owned()))
    }
}

impl PartialEq for Observation {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0 || self.to_value() == other.to_value()
    }
}

impl Serialize for Observation {
    /// The text as it is. It is JSON serde_json wrote (or an environment's
    /// writer its tests pin to serde_json's bytes); reading it as a raw
    /// value only finds where it ends. Replies on the step path skip this
    /// and write around [`Observation::json`] ([`StepResult::into_json_within`]).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw: &RawValue = serde_json::from_str(&self.0).map_err(serde::ser::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Observation {
    /// Through a [`Value`], so any deserializer works (`from_value`
    /// included, which cannot hand out raw JSON text).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Value::deserialize(deserializer).map(|value| Observation::from_value(&value))
    }
}

/// A part of an observation that stays the same for a whole episode (the
/// instruction, the scenario), serialised once at reset and shared by every
/// step's observation, so a step serialises only what changed. Text fields
/// of a scenario are most of an observation's bytes, and escaping them
/// again on every step was the largest cost of a step. A field of this type
/// names its real type with `#[schemars(with = "...")]`, so the schema is
/// the same as if it held the value.
#[derive(Debug, Clone)]
pub struct FrozenJson(Arc<RawValue>);

impl FrozenJson {
    /// The frozen JSON text, for writers that copy it ([`JsonText::raw`]).
    pub fn json(&self) -> &str {
        self.0.get()
    }

    pub fn of<T: Serialize>(value: &T) -> Self {
        // As in [`Observation::of`]: our own data types always serialise.
        FrozenJson(Arc::from(to_raw_value(value).unwrap_or_default()))
    }

    /// The JSON string of `pieces` joined, the same bytes as
    /// `FrozenJson::of(&joined)`. A [`Piece::Static`] is copied already
    /// escaped: serde_json escapes a byte at a time, and a policy written
    /// into every scenario's instruction was most of what a reset escaped.
    pub fn text(pieces: &[Piece]) -> Self {
        // The page freezes one scenario at a time, and its bundle is at its
        // size budget: it escapes the joined text, the same bytes, without
        // the raw-value parser this needs.
        if cfg!(target_arch = "wasm32") {
            return FrozenJson::of(&Piece::join(pieces));
        }
        let size = pieces.iter().map(|p| p.text().len()).sum::<usize>();
        let mut json = JsonText::with_capacity(size + size / 16 + 2);
        json.raw("\"");
        for piece in pieces {
            match piece {
                Piece::Text(text) => json.escaped(text),
                Piece::Static(text) => json.raw(text.escaped()),
            };
        }
        json.raw("\"");
        // The parse only checks what was just written; it cannot fail.
        let raw = RawValue::from_string(json.finish()).unwrap_or_default();
        FrozenJson(Arc::from(raw))
    }
}

/// JSON text written in pieces: text that is JSON already (a field name
/// with its quotes and colon, a [`FrozenJson`]) copied, values written by
/// serde_json. An observation written this way has the bytes of its
/// derived `Serialize`, without serde_json escaping the same field names
/// again on every step ([`Environment::observation_json`]).
pub struct JsonText {
    out: String,
    scratch: Vec<u8>,
}

impl JsonText {
    pub fn with_capacity(capacity: usize) -> Self {
        JsonText {
            out: String::with_capacity(capacity),
            // Room for the values of an observation (a feedback line is the
            // longest), so the scratch is not regrown value by value.
            scratch: Vec::with_capacity(256),
        }
    }

    /// Copy `json`, which must be JSON text (or a piece of it) already.
    pub fn raw(&mut self, json: &str) -> &mut Self {
        self.out.push_str(json);
        self
    }

    /// Write `value` as serde_json does.
    pub fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> &mut Self {
        self.scratch.clear();
        // Our own plain data into a `Vec` cannot fail, and serde_json
        // writes UTF-8; `null` is unreachable.
        let written = serde_json::to_writer(&mut self.scratch, value).ok();
        let text = written.and_then(|()| std::str::from_utf8(&self.scratch).ok());
        self.out.push_str(text.unwrap_or("null"));
        self
    }

    /// Write `text` escaped as in a JSON string, without its quotes.
    pub fn escaped(&mut self, text: &str) -> &mut Self {
        self.scratch.clear();
        let _ = serde_json::to_writer(&mut self.scratch, text);
        // Between the quotes serde_json adds, one byte each; escaping never
        // splits a character, so what lies between is UTF-8.
        let inner = self.scratch.get(1..self.scratch.len().saturating_sub(1));
        let text = inner.and_then(|bytes| std::str::from_utf8(bytes).ok());
        self.out.push_str(text.unwrap_or_default());
        self
    }

    pub fn finish(self) -> String {
        self.out
    }
}

/// Text fixed when the crate is built (a written policy, how the commands
/// work), whose JSON escaping is done once per process and reused by every
/// scenario that shows it ([`FrozenJson::text`], [`StaticText::frozen`]).
pub struct StaticText {
    text: &'static str,
    escaped: OnceLock<String>,
    frozen: OnceLock<FrozenJson>,
}

impl StaticText {
    pub const fn new(text: &'static str) -> Self {
        StaticText {
            text,
            escaped: OnceLock::new(),
            frozen: OnceLock::new(),
        }
    }

    pub fn text(&self) -> &'static str {
        self.text
    }

    /// The text as JSON escapes it, without the quotes.
    fn escaped(&self) -> &str {
        self.escaped.get_or_init(|| {
            let quoted = serde_json::to_string(self.text).unwrap_or_default();
            quoted
                .get(1..quoted.len().saturating_sub(1))
                .unwrap_or_default()
                .to_owned()
        })
    }

    /// The text as a JSON string of its own.
    pub fn frozen(&self) -> FrozenJson {
        self.frozen
            .get_or_init(|| FrozenJson::text(&[Piece::Static(self)]))
            .clone()
    }
}

/// One piece of a text that [`FrozenJson::text`] joins.
#[derive(Clone, Copy)]
pub enum Piece<'a> {
    /// Escaped as it is written.
    Text(&'a str),
    /// Escaped once per process.
    Static(&'a StaticText),
}

impl Piece<'_> {
    pub fn text(&self) -> &str {
        match self {
            Piece::Text(text) => text,
            Piece::Static(text) => text.text(),
        }
    }

    /// The pieces joined as plain text.
    pub fn join(pieces: &[Piece]) -> String {
        pieces.iter().map(Piece::text).collect()
    }
}

impl Serialize for FrozenJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The state every environment reports, plus its own fields.
#[derive(Serialize, JsonSchema)]
pub struct EpisodeState<S> {
    /// Set by `reset`; `null` before the first reset.
    pub episode_id: Option<String>,
    /// Accepted steps since reset (refused actions do not count).
    pub step_count: u32,
    pub env: &'static str,
    pub task: Option<&'static str>,
    /// The difficulty level the scenario was generated at (1 to 5).
    pub difficulty: Option<u8>,
    pub seed: Option<u64>,
    pub max_steps: Option<u32>,
    /// Steps left before the step limit; 0 once the episode is over.
    pub steps_remaining: Option<u32>,
    pub done: bool,
    /// The step limit ended the episode, not its own end (a final answer,
    /// a submit, the last case); only shown, as `true`, when it did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// How step rewards are paid; only shown when it is `score`, the
    /// non-default mode (see [`RewardMode`]).
    #[serde(default, skip_serializing_if = "RewardMode::is_shaped")]
    pub reward_mode: RewardMode,
    #[serde(flatten)]
    pub details: Option<S>,
}

/// An episode of any environment, driven with JSON. Implemented once, for
/// [`Episode<E>`]; the seam in [`crate::AnyEnv`] holds it boxed.
pub(crate) trait DynEpisode: Send {
    fn step(&mut self, action: &Value) -> Result<StepResult, EnvError>;
    fn state(&self) -> Value;
    /// Native only: the page never shows an observation again, and the
    /// bundle is at its size budget.
    #[cfg(not(target_arch = "wasm32"))]
    fn current_observation(&self) -> Observation;
    fn is_done(&self) -> bool;
    fn terminal_score(&self) -> Option<Points>;
    fn reference_action(&self) -> Option<Value>;
    fn empty_answer(&self) -> Value;
    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<Value>;
    fn noisy_reference_action(&self, error_per_mille: u32, rng: &mut SeededRng) -> Option<Value>;
    fn validate_action(&self, action: &Value) -> Result<(), EnvError>;
    fn answer_form_problem(&self, action: &Value) -> Option<String>;
    /// The episode's task (the tools may follow it).
    #[cfg(not(target_arch = "wasm32"))]
    fn task(&self) -> &'static TaskInfo;
    /// The episode's level (the tools may follow it too).
    #[cfg(not(target_arch = "wasm32"))]
    fn difficulty(&self) -> u8;
}

pub(crate) type StepLimitFn = fn(&TaskInfo, u8) -> u32;

/// Start an episode of a task at a level (`difficulty`) for a seed.
pub(crate) type EpisodeFactory =
    fn(&'static TaskInfo, u8, u64, Option<String>, RewardMode) -> (Box<dyn DynEpisode>, StepResult);
#[cfg(not(target_arch = "wasm32"))]
pub(crate) type SchemaFactory = fn() -> Value;
pub(crate) type BaselineNames = fn() -> &'static [&'static str];

struct Episode<E: Environment> {
    env: E,
    task: &'static TaskInfo,
    difficulty: u8,
    seed: u64,
    /// [`Environment::max_steps`] of the task at its level.
    max_steps: u32,
    episode_id: Option<String>,
    step_count: u32,
    done: bool,
    /// The step limit ended the episode ([`StepLimit::Reached`] and the
    /// action did not end it by itself).
    truncated: bool,
    reward_mode: RewardMode,
}

/// The observation field that marks a truncated episode's last
/// observation; absent on every other one.
pub const TRUNCATED: &str = "truncated";

/// An observation with `"truncated": true` added, for the observation of an
/// episode the step limit ended; serialised in one pass with the
/// observation's own fields (a round trip through a value tree cost more
/// than the rest of the step, and a policy that never ends its episodes,
/// such as the HTTP bench's `inspect` loop, meets the limit every few steps).
#[derive(Serialize)]
struct Truncated<'a, O: Serialize> {
    #[serde(flatten)]
    observation: &'a O,
    truncated: bool,
}

/// `observation` as serde_json writes it, marked truncated when `truncated`:
/// what [`Environment::observation_json`] returns unless overridden.
pub(crate) fn serialized_observation<O: Serialize>(observation: &O, truncated: bool) -> String {
    let json = match truncated {
        true => serde_json::to_string(&Truncated {
            observation,
            truncated: true,
        }),
        false => serde_json::to_string(observation),
    };
    // Serialising our own plain data types cannot fail; `null` is unreachable.
    json.unwrap_or_else(|_| "null".to_owned())
}

/// `observation` of `E` as JSON, marked truncated when `truncated`.
fn observation_of<E: Environment>(observation: &E::Observation, truncated: bool) -> Observation {
    Observation(E::observation_json(observation, truncated))
}

fn to_json<T: Serialize>(value: &T) -> Value {
    // Serialising our own plain data types cannot fail; `Null` is unreachable.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Parse an action of `E`, naming the offending field (`action.raw`) on
/// failure; a bare string is first read as [`Environment::TEXT_ACTION_FIELD`].
/// A refusal of an action that plausibly meant another says what to send.
fn parse_action_of<E: Environment>(action: &Value) -> Result<E::Action, EnvError> {
    let parsed = read_action_of::<E>(action);
    #[cfg(not(target_arch = "wasm32"))]
    let parsed = parsed.map_err(|err| with_suggestion::<E>(err, action));
    parsed
}

fn read_action_of<E: Environment>(action: &Value) -> Result<E::Action, EnvError> {
    match (action, E::TEXT_ACTION_FIELD) {
        (Value::String(text), Some(field)) => {
            let mut wrapped = serde_json::Map::new();
            wrapped.insert(field.to_owned(), Value::String(text.clone()));
            parse_action(&Value::Object(wrapped))
        }
        _ => {
            check_action_shape(action, E::TEXT_ACTION_FIELD)?;
            parse_action(action)
        }
    }
}

/// `err`, refusing `action`, with the action it plausibly meant (the
/// environment's [`Environment::suggest`], else a tool call written as a
/// bare object: `{"name": "view_ticket", "arguments": {...}}`), when that
/// action is one the environment reads.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn with_suggestion<E: Environment>(err: EnvError, action: &Value) -> EnvError {
    let EnvError::Validation { field, message } = err else {
        return err;
    };
    let suggestion = E::suggest(action)
        .or_else(|| tool_shaped::<E>(action))
        .filter(|s| s != action && read_action_of::<E>(s).is_ok());
    let message = match suggestion {
        Some(s) => format!("{message}; send {} instead", sketch(&s)),
        None => message,
    };
    EnvError::Validation { field, message }
}

/// An action written as a tool call (`name`/`tool`/`tool_name` and
/// `arguments`/`args`/`parameters`), as the action it stands for.
#[cfg(not(target_arch = "wasm32"))]
fn tool_shaped<E: Environment>(action: &Value) -> Option<Value> {
    let map = action.as_object()?;
    let name = ["tool_name", "tool", "name", "function"]
        .iter()
        .find_map(|k| map.get(*k)?.as_str())?;
    let arguments = ["arguments", "args", "parameters", "input"]
        .iter()
        .find_map(|k| map.get(*k)?.as_object())
        .cloned()
        .unwrap_or_default();
    tool_action_of::<E>(name, arguments).ok()
}

/// `value` as JSON text with long strings cut (`"Dear Ana, ..."`): the
/// shape to send, short enough for a refusal's message.
#[cfg(not(target_arch = "wasm32"))]
fn sketch(value: &Value) -> String {
    fn cut(value: &Value) -> Value {
        match value {
            Value::String(text) if text.chars().count() > 60 => {
                Value::String(format!("{}...", text.chars().take(40).collect::<String>()))
            }
            Value::Array(items) => Value::Array(items.iter().map(cut).collect()),
            Value::Object(map) => {
                Value::Object(map.iter().map(|(k, v)| (k.clone(), cut(v))).collect())
            }
            other => other.clone(),
        }
    }
    cut(value).to_string()
}

/// The action a call of tool `name` with `arguments` stands for, after the
/// checks every tool shares: a tool of `E` (never a reserved control),
/// taking exactly these arguments.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn tool_action_of<E: Environment>(
    name: &str,
    arguments: Map<String, Value>,
) -> Result<Value, EnvError> {
    let specs = E::tool_specs();
    let spec = specs
        .iter()
        .find(|s| s.name == name && !crate::tools::RESERVED.contains(&name))
        .ok_or_else(|| EnvError::UnknownTool {
            tool: name.to_owned(),
            available: crate::tools::names(&specs),
            elsewhere: false,
        })?;
    spec.check(&arguments)?;
    Ok(E::tool_action(name, arguments))
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn tool_call_of<E: Environment>(action: &Value) -> Option<crate::tools::ToolCall> {
    read_action_of::<E>(action)
        .ok()
        .and_then(|a| E::tool_call(&a))
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn tools_of<E: Environment>() -> Vec<crate::tools::Tool> {
    E::tools().into_iter().map(crate::tools::finished).collect()
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn task_tools_of<E: Environment>(
    task: &'static TaskInfo,
    difficulty: u8,
) -> Vec<crate::tools::Tool> {
    E::task_tools(task, difficulty)
        .into_iter()
        .map(crate::tools::finished)
        .collect()
}

/// The JSON Schema of `E`'s action, the source every tool's input schema
/// is cut from.
#[cfg(not(target_arch = "wasm32"))]
pub fn action_schema<E: Environment>() -> Value {
    to_json(&schemars::schema_for!(E::Action))
}

/// Refuse a value no action can be: anything but an object, or a string
/// where the environment reads one as its `text_field`.
pub(crate) fn check_action_shape(action: &Value, text_field: Option<&str>) -> Result<(), EnvError> {
    match (action, text_field) {
        (Value::Object(_), _) | (Value::String(_), Some(_)) => Ok(()),
        (other, text_field) => Err(EnvError::validation(
            "action",
            format!(
                "must be a JSON object{}, got {}",
                text_field.map_or_else(String::new, |f| format!(" or a string (its `{f}`)")),
                crate::text::json_kind(other)
            ),
        )),
    }
}

/// Parse an action, naming the offending field (`action.raw`) on failure.
pub(crate) fn parse_action<A: DeserializeOwned>(action: &Value) -> Result<A, EnvError> {
    // Tracking the path costs as much as the parse; only a refusal needs
    // it, so it reads the action again then. Native only: a second reader
    // of every action type is bundle size the page, one click a step, would
    // not get back.
    #[cfg(not(target_arch = "wasm32"))]
    if let Ok(parsed) = A::deserialize(action) {
        return Ok(parsed);
    }
    serde_path_to_error::deserialize(action).map_err(|err| {
        let path = err.path().to_string();
        let field = if path == "." {
            "action".to_owned()
        } else {
            format!("action.{path}")
        };
        EnvError::validation(field, err.into_inner().to_string())
    })
}

pub(crate) fn start<E: Environment>(
    task: &'static TaskInfo,
    difficulty: u8,
    seed: u64,
    episode_id: Option<String>,
    reward_mode: RewardMode,
) -> (Box<dyn DynEpisode>, StepResult) {
    let (env, observation) = E::reset(task, difficulty, seed);
    let result = StepResult {
        observation: observation_of::<E>(&observation, false),
        reward: None,
        done: false,
    };
    let episode = Episode {
        env,
        task,
        difficulty,
        seed,
        max_steps: E::max_steps(task, difficulty),
        episode_id,
        step_count: 0,
        done: false,
        truncated: false,
        reward_mode,
    };
    (Box::new(episode), result)
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn schemas<E: Environment>() -> Value {
    let mut observation = to_json(&schemars::schema_for!(E::Observation));
    if let Some(Value::Object(properties)) = observation.get_mut("properties") {
        properties.insert(
            TRUNCATED.to_owned(),
            serde_json::json!({
                "type": "boolean",
                "const": true,
                "description": "Present, true, only on the last observation of an episode the \
                                step limit ended (max_steps reached before the episode ended by \
                                itself); the state shows it too.",
            }),
        );
    }
    serde_json::json!({
        "action": schemars::schema_for!(E::Action),
        "observation": observation,
        "state": schemars::schema_for!(EpisodeState<E::State>),
    })
}

/// The state of an environment that has not been reset yet.
pub(crate) fn blank_state(env_id: &'static str) -> Value {
    to_json(&EpisodeState::<()> {
        episode_id: None,
        step_count: 0,
        env: env_id,
        task: None,
        difficulty: None,
        seed: None,
        max_steps: None,
        steps_remaining: None,
        done: false,
        truncated: false,
        reward_mode: RewardMode::Shaped,
        details: None,
    })
}

impl<E: Environment> DynEpisode for Episode<E> {
    fn step(&mut self, action: &Value) -> Result<StepResult, EnvError> {
        if self.done {
            return Err(EnvError::EpisodeDone);
        }
        let action = parse_action_of::<E>(&crate::text::fold_json(action))?;
        self.env.admit(&action)?;
        let limit = StepLimit::of(self.step_count + 1, self.max_steps);
        let transition = self.env.step(action, limit)?;
        self.step_count += 1;
        // The one place the step limit is enforced: at it the episode ends,
        // truncated unless the action ended it by itself.
        self.truncated = limit.reached() && !transition.done;
        self.done = transition.done || self.truncated;
        let terminal = if self.done {
            self.env.terminal_score()
        } else {
            None
        };
        let reward = self.reward_mode.pay(transition.reward, self.done, terminal);
        Ok(StepResult {
            observation: observation_of::<E>(&transition.observation, self.truncated),
            reward: Some(reward.to_f64()),
            done: self.done,
        })
    }

    fn state(&self) -> Value {
        to_json(&EpisodeState {
            episode_id: self.episode_id.clone(),
            step_count: self.step_count,
            env: E::LISTED.id,
            task: Some(self.task.id),
            difficulty: Some(self.difficulty),
            seed: Some(self.seed),
            max_steps: Some(self.max_steps),
            // 0 once the episode is over, whatever ended it.
            steps_remaining: Some(match self.done {
                true => 0,
                false => self.max_steps.saturating_sub(self.step_count),
            }),
            done: self.done,
            truncated: self.truncated,
            reward_mode: self.reward_mode,
            details: Some(self.env.state()),
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn current_observation(&self) -> Observation {
        observation_of::<E>(&self.env.current_observation(), self.truncated)
    }

    fn is_done(&self) -> bool {
        self.done
    }

    fn terminal_score(&self) -> Option<Points> {
        self.env.terminal_score()
    }

    fn reference_action(&self) -> Option<Value> {
        if self.done || !cfg!(feature = "reference") {
            return None;
        }
        self.env.reference_action().map(|a| to_json(&a))
    }

    fn empty_answer(&self) -> Value {
        to_json(&self.env.empty_answer())
    }

    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<Value> {
        if self.done {
            return None;
        }
        if !cfg!(feature = "policies") {
            let _ = (name, rng);
            return None;
        }
        self.env.baseline_action(name, rng).map(|a| to_json(&a))
    }

    fn noisy_reference_action(&self, error_per_mille: u32, rng: &mut SeededRng) -> Option<Value> {
        if self.done || !cfg!(feature = "policies") {
            return None;
        }
        self.env
            .noisy_reference_action(error_per_mille, rng)
            .map(|a| to_json(&a))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn task(&self) -> &'static TaskInfo {
        self.task
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn difficulty(&self) -> u8 {
        self.difficulty
    }

    fn validate_action(&self, action: &Value) -> Result<(), EnvError> {
        // The refusals of `step`, in its order.
        if self.done {
            return Err(EnvError::EpisodeDone);
        }
        self.env
            .admit(&parse_action_of::<E>(&crate::text::fold_json(action))?)
    }

    fn answer_form_problem(&self, action: &Value) -> Option<String> {
        let action = read_action_of::<E>(&crate::text::fold_json(action)).ok()?;
        self.env.answer_form_problem(&action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_written_within_an_envelope_is_what_serde_json_writes() {
        let observation = Observation::of(&serde_json::json!({"text": "a \"b\"\n", "n": [1.5]}));
        for reward in [
            None,
            Some(-0.02),
            Some(1.0),
            Some(0.0),
            Some(-1e-7),
            Some(f64::NAN),
        ] {
            for done in [false, true] {
                let result = StepResult {
                    observation: observation.clone(),
                    reward,
                    done,
                };
                let plain = serde_json::to_string(&result).unwrap();
                assert_eq!(result.clone().into_json_within("", ""), plain);
                #[derive(Serialize)]
                struct Envelope<'a> {
                    #[serde(rename = "type")]
                    kind: &'static str,
                    data: &'a StepResult,
                }
                let enveloped = Envelope {
                    kind: "observation",
                    data: &result,
                };
                let expected = serde_json::to_string(&enveloped).unwrap();
                assert_eq!(
                    result.into_json_within("{\"type\":\"observation\",\"data\":", "}"),
                    expected
                );
            }
        }
    }

    #[test]
    fn frozen_text_is_the_json_string_of_the_joined_pieces() {
        static FIXED: StaticText = StaticText::new("Policy:\n- \"quoted\" \\ tab\t \u{1} é ✓");
        let pieces = [
            Piece::Text("Owner \"Zoë\"\r\n"),
            Piece::Static(&FIXED),
            Piece::Text(""),
            Piece::Text("\u{7f} end"),
        ];
        let joined = Piece::join(&pieces);
        let expected = serde_json::to_string(&joined).unwrap();
        let frozen = serde_json::to_string(&FrozenJson::text(&pieces)).unwrap();
        assert_eq!(frozen, expected);
        let whole = serde_json::to_string(&FIXED.frozen()).unwrap();
        assert_eq!(whole, serde_json::to_string(FIXED.text()).unwrap());
    }

    #[derive(Serialize)]
    struct Shown {
        text: &'static str,
        frozen: FrozenJson,
        nested: Option<Vec<u8>>,
    }

    #[test]
    fn a_truncated_observation_is_the_observation_with_the_flag() {
        let shown = Shown {
            text: "a \"quoted\" }",
            frozen: FrozenJson::of(&serde_json::json!({"x": [1, {}]})),
            nested: None,
        };
        let plain = Observation(serialized_observation(&shown, false)).to_value();
        assert_eq!(plain.get(TRUNCATED), None);
        let mut marked = plain;
        if let Value::Object(map) = &mut marked {
            map.insert(TRUNCATED.to_owned(), Value::Bool(true));
        }
        let truncated = Observation(serialized_observation(&shown, true));
        assert_eq!(truncated.to_value(), marked);
    }
}
