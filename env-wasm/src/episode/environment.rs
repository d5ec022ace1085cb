//! The [`Environment`] trait every environment implements, and what a step
//! tells it ([`StepLimit`]) and gets back ([`Transition`]).

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
#[cfg(not(target_arch = "wasm32"))]
use serde_json::{Map, Value};

use super::json::serialized_observation;
#[cfg(not(target_arch = "wasm32"))]
use super::json::to_json;
use crate::error::EnvError;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::task::{Listed, TaskEnum};

/// What one step of an environment produced.
pub struct Transition<O> {
    /// What the agent sees after the step.
    pub observation: O,
    /// The step's reward as the environment's shaping pays it.
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

    /// Whether this step is the task's last allowed one.
    pub fn reached(self) -> bool {
        self == StepLimit::Reached
    }
}

/// One environment: a scenario generator, a simulator and a grader behind a
/// typed action and observation.
pub trait Environment: Sized + Send + 'static {
    /// Parsed from the client's JSON; unknown keys are refused.
    type Action: DeserializeOwned + Serialize + JsonSchema;
    /// What the agent sees after reset and each step; serialised as `observation`.
    type Observation: Serialize + JsonSchema;
    /// Environment-specific state, flattened into [`EpisodeState`](crate::episode::EpisodeState).
    type State: Serialize + JsonSchema;
    /// Its tasks: one variant per row of their table ([`TaskEnum::TABLE`],
    /// whose first row `reset` plays when none is named). Every method here
    /// that takes a task takes this enum; the registry reads a row as it
    /// once ([`TaskEnum::from_id`]), refusing a row of another table as
    /// [`EnvError::UnknownTask`].
    type Task: TaskEnum;

    /// The environment's id and name ([`crate::task::LISTED`] holds it).
    const LISTED: Listed;
    /// One paragraph: what the environment simulates and what it grades.
    const DESCRIPTION: &'static str;

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
    fn max_steps(task: Self::Task, difficulty: u8) -> u32 {
        let _ = difficulty;
        task.info().max_steps
    }

    /// What `task` at level `difficulty` is graded on: the criteria, weights
    /// and gates its grader applies ([`crate::rubric`]), published in
    /// `/metadata`.
    fn rubric(task: Self::Task, difficulty: u8) -> crate::rubric::TaskRubric;

    /// Generate the scenario of `task` at difficulty level `difficulty` (one
    /// of [`Environment::LEVELS`]) for `seed` and return the first
    /// observation. Same task, level and seed, same scenario, on every
    /// platform. Levels change the scenario, never the grading rules.
    fn reset(task: Self::Task, difficulty: u8, seed: u64) -> (Self, Self::Observation);

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

    /// The environment's own fields of `state`, flattened into [`EpisodeState`](crate::episode::EpisodeState).
    fn state(&self) -> Self::State;

    /// The observation as it stands: what the last reset or step returned,
    /// rendered again, for front ends that show it on demand (a seed's
    /// `GET /state` returned its observation).
    fn current_observation(&self) -> Self::Observation;

    /// `observation` as JSON text, with `"truncated": true` last when
    /// `truncated` ([`TRUNCATED`](crate::episode::TRUNCATED)): the bytes serde_json writes for it. An
    /// environment whose observations are large and alike may write them
    /// itself ([`JsonText`](crate::episode::JsonText): field names as text, frozen parts copied),
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

    /// The agent's verbs: one tool per command of the action type, with
    /// what it does and the action fields it takes ([`crate::tools`]).
    /// Cheap; [`Self::tools`] adds the schemas.
    #[cfg(not(target_arch = "wasm32"))]
    fn tool_specs() -> Vec<crate::tools::ToolSpec>;

    /// The tools as `tools/list` shows them, cut from the action schema:
    /// the list of no episode in particular (a manifest, a session not yet
    /// reset). By default each of [`Self::tool_specs`] as it describes
    /// itself, taking the action fields it names; an environment whose
    /// tools take arguments that are no action field (productivity's
    /// answer object) writes its own.
    #[cfg(not(target_arch = "wasm32"))]
    fn tools() -> Vec<crate::tools::Tool> {
        let schema = action_schema::<Self>();
        Self::tool_specs()
            .iter()
            .map(|spec| spec.tool(&schema, &[]))
            .collect()
    }

    /// The tools of an episode of `task` at level `difficulty`, for an
    /// environment whose tools follow the task (productivity's answer,
    /// typed by the task's fields) or the level (support_triage's records
    /// desk); [`Self::tools`] by default.
    #[cfg(not(target_arch = "wasm32"))]
    fn task_tools(task: Self::Task, difficulty: u8) -> Vec<crate::tools::Tool> {
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

/// The JSON Schema of `E`'s action, the source every tool's input schema
/// is cut from.
#[cfg(not(target_arch = "wasm32"))]
pub fn action_schema<E: Environment>() -> Value {
    to_json(&schemars::schema_for!(E::Action))
}
