//! DeskBench core: every scenario generator, simulator and grader, behind one
//! JSON seam that the native server and the browser share.
//!
//! The pipeline of an episode:
//! 1. [`registry::ENVIRONMENTS`] lists every environment and its tasks.
//! 2. [`AnyEnv::new`] opens a session of one environment; [`AnyEnv::reset`]
//!    parses the options ([`ResetOptions`]) and asks the environment's
//!    generator for the scenario of that task and seed, drawn from a
//!    [`rng::SeededRng`].
//! 3. [`AnyEnv::step`] parses the action JSON into the environment's typed
//!    action and runs its [`Environment::step`]: the simulator updates the
//!    scenario, the grader scores in integer [`Points`] by the task's
//!    [`rubric::Rubric`] (criteria with weights and gates, as data).
//! 4. Results leave as [`StepResult`] JSON (`observation`, `reward`, `done`),
//!    the reward as the reset's [`RewardMode`] pays it;
//!    [`AnyEnv::state`] reports the [`episode::EpisodeState`].
//! 5. Natively, `tools` lists each environment's verbs as tools, and
//!    `AnyEnv::call_tool` plays a call as the step its action is.
//! 6. A language model plays through [`agent`]: its prompts, the chat
//!    messages of each turn, and its replies read into actions or tool
//!    calls, the same in every front end that runs one.
//!
//! The crate never touches clocks, threads, files or the network, so the
//! same seed gives byte-identical JSON natively and under wasm32.

// Every public item says what it is: the published JSON Schemas take their
// descriptions from these docs, and clippy's -D warnings keeps the count at zero.
#![warn(missing_docs)]

pub mod agent;
#[cfg(feature = "bench")]
pub mod bench;
pub mod dates;
pub mod decimal;
pub mod episode;
pub mod error;
pub mod golden;
pub mod grading;
#[cfg(feature = "it_mental_health")]
pub mod it_mental_health;
pub mod order;
pub mod points;
#[cfg(feature = "productivity")]
pub mod productivity;
pub mod registry;
pub mod reset;
pub mod rng;
pub mod rubric;
pub mod seam;
pub mod splits;
#[cfg(feature = "support_triage")]
pub mod support_triage;
pub mod task;
pub mod text;
#[cfg(not(target_arch = "wasm32"))]
pub mod tools;
pub mod zones;

#[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "js"))]
pub mod wasm;

pub use episode::{
    Environment, FrozenJson, Observation, RewardMode, StepLimit, StepResult, Transition,
};
pub use error::{EnvError, ErrorBody};
pub use points::Points;
pub use registry::{Difficulty, EnvInfo, TaskInfo};
pub use seam::{AnyEnv, Progress, ResetDefaults, ResetOptions};
