//! The [`Environment`] trait every environment implements, and the generic
//! episode bookkeeping (ids, step counts, done, action parsing, JSON) that
//! wraps it, so no environment re-implements the protocol rules.
//!
//! Read bottom-up: `json` writes observations and replies, `environment`
//! declares the trait, `actions` reads a client's JSON into its action (and
//! suggests one when it cannot), and `running` plays an episode of it. This
//! module only re-exports, so every `crate::episode::` path names the item
//! wherever it lives.

mod actions;
mod environment;
mod json;
mod running;

pub(crate) use actions::check_action_shape;
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use actions::{task_tools_of, tool_action_of, tool_call_of, tools_of, with_suggestion};
#[cfg(not(target_arch = "wasm32"))]
pub use environment::action_schema;
pub use environment::{Environment, StepLimit, Transition};
#[cfg(test)]
pub(crate) use json::serialized_observation;
pub use json::{FrozenJson, JsonText, Observation, Piece, StaticText, StepResult, TRUNCATED};
pub(crate) use running::{BaselineNames, DynEpisode, EpisodeFactory, blank_state, start};
pub use running::{EpisodeState, RewardMode};
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use running::{SchemaFactory, schemas};
