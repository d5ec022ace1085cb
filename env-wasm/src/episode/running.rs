//! An episode of any environment: [`Episode`] runs one [`Environment`]
//! behind the type-erased [`DynEpisode`] the seam holds, counting steps,
//! enforcing the step limit and paying rewards as the [`RewardMode`] says;
//! [`start`], [`schemas`] and the factory types are what the registry's
//! table holds of each environment.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::actions::{parse_action_of, read_action_of};
use super::environment::{Environment, StepLimit};
#[cfg(not(target_arch = "wasm32"))]
use super::json::TRUNCATED;
use super::json::{Observation, StepResult, to_json};
use crate::error::EnvError;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::task::{TaskEnum, TaskInfo};

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
    /// Every reward mode, the default (`shaped`) first.
    pub const ALL: [RewardMode; 2] = [RewardMode::Shaped, RewardMode::Score];

    /// The mode's name in reset options (`shaped`, `score`).
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

    /// The mode of `name`, ignoring case and surrounding space; `None` for any other name.
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

/// The state every environment reports, plus its own fields.
#[derive(Serialize, JsonSchema)]
pub struct EpisodeState<S> {
    /// Set by `reset`; `null` before the first reset.
    pub episode_id: Option<String>,
    /// Accepted steps since reset (refused actions do not count).
    pub step_count: u32,
    /// The environment's id.
    pub env: &'static str,
    /// The task's name; `null` before the first reset.
    pub task: Option<&'static str>,
    /// The difficulty level the scenario was generated at (1 to 5).
    pub difficulty: Option<u8>,
    /// The seed the scenario was generated from; `null` before the first reset.
    pub seed: Option<u64>,
    /// The step limit of the episode; `null` before the first reset.
    pub max_steps: Option<u32>,
    /// Steps left before the step limit; 0 once the episode is over.
    pub steps_remaining: Option<u32>,
    /// The episode is over; further steps are refused.
    pub done: bool,
    /// The step limit ended the episode, not its own end (a final answer,
    /// a submit, the last case); only shown, as `true`, when it did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// How step rewards are paid; only shown when it is `score`, the
    /// non-default mode (see [`RewardMode`]).
    #[serde(default, skip_serializing_if = "RewardMode::is_shaped")]
    pub reward_mode: RewardMode,
    /// The environment's own state fields, flattened into this object.
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
    /// The tools of the episode's task at its level.
    #[cfg(not(target_arch = "wasm32"))]
    fn tools(&self) -> Vec<crate::tools::Tool>;
}

/// Start an episode of a task at a level (`difficulty`) for a seed.
pub(crate) type EpisodeFactory = fn(
    &TaskInfo,
    u8,
    u64,
    Option<String>,
    RewardMode,
) -> Result<(Box<dyn DynEpisode>, StepResult), EnvError>;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) type SchemaFactory = fn() -> Value;
pub(crate) type BaselineNames = fn() -> &'static [&'static str];

struct Episode<E: Environment> {
    env: E,
    task: E::Task,
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

/// `observation` of `E` as JSON, marked truncated when `truncated`.
fn observation_of<E: Environment>(observation: &E::Observation, truncated: bool) -> Observation {
    Observation(E::observation_json(observation, truncated))
}

/// Start an episode of `E`'s task `task` (a row of its table, as the
/// registry lists it), refused as [`EnvError::UnknownTask`] when it is none.
pub(crate) fn start<E: Environment>(
    task: &TaskInfo,
    difficulty: u8,
    seed: u64,
    episode_id: Option<String>,
    reward_mode: RewardMode,
) -> Result<(Box<dyn DynEpisode>, StepResult), EnvError> {
    let task = E::Task::from_id(task.id)?;
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
    Ok((Box::new(episode), result))
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
            task: Some(self.task.as_str()),
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
        self.task.info()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn difficulty(&self) -> u8 {
        self.difficulty
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tools(&self) -> Vec<crate::tools::Tool> {
        super::actions::finished_task_tools::<E>(self.task, self.difficulty)
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
