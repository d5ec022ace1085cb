//! What the compatibility adapters share: where each lives, and how the
//! seam's refusals and numbers read in the originals' shapes. Beside the
//! adapters rather than in their parent, which routes to them.

use env_wasm::EnvError;
use serde_json::Value;

use crate::error::ApiError;

/// The environments with a compatibility mount.
pub const ENV_IDS: [&str; 2] = ["it_mental_health", "productivity"];

/// Where the compatibility mount of `env_id` lives, if it has one.
pub fn path(env_id: &str) -> Option<String> {
    ENV_IDS
        .contains(&env_id)
        .then(|| format!("/compat/{env_id}"))
}

/// A refusal from the seam with its field named as the original's body
/// names it (`rename` maps the seam's `action.response` to `response`).
pub(super) fn refusal(err: EnvError, rename: impl Fn(&str) -> String) -> ApiError {
    match err {
        EnvError::Validation { field, message } => ApiError::validation(rename(&field), message),
        other => ApiError::Env(other),
    }
}

/// A number of the seam's JSON as a float, 0 when absent (the originals'
/// numeric fields were never null where these are read).
pub(super) fn number(value: &Value) -> f64 {
    value.as_f64().unwrap_or(0.0)
}
