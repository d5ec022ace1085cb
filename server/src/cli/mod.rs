//! The `deskbench` runners besides `serve`: [`eval`] plays built-in policies
//! over many seeds and reports mean, spread and pass^k; [`inference`] plays
//! an LLM agent over an OpenAI-compatible chat API, many episodes at once,
//! and prints the `[START]`/`[STEP]`/`[END]` log; [`regrade`] replays the
//! episodes of a trajectories file on the current task set.
//!
//! How a runner plays one episode:
//! 1. It picks environments, tasks, difficulty levels and seeds (a range, or
//!    offsets within a declared split) from [`env_wasm::registry`] by name
//!    ([`select`], the same for both runners).
//! 2. It plays either in-process through the [`env_wasm::AnyEnv`] seam, or
//!    against a running server over the OpenEnv `/ws` protocol
//!    ([`ws_client::WsSession`]), connecting to `{base}/envs/{env_id}/ws`.
//! 3. `eval` asks the seam for the policy's next action even in server mode
//!    (a local `AnyEnv` kept in lock-step, see [`eval`]); `inference` asks
//!    the model ([`play`]: [`crate::llm::ChatClient`], with the prompts and
//!    reply reading of [`env_wasm::agent`]).
//! 4. Rewards, `done` and the task score come from whoever plays the
//!    episode: the seam in-process, the server's replies otherwise
//!    ([`terminal_grader`]).
//! 5. Both aggregate into the same pass^k table, JSON and CSV ([`report`]);
//!    `inference` also prints one line per event ([`log`]) on stdout, so its
//!    table goes to stderr, and keeps its trajectories file valid and
//!    resumable ([`trajectories`]).

pub mod eval;
pub mod inference;
pub mod log;
pub mod play;
pub mod regrade;
pub mod report;
pub mod select;
pub mod trajectories;
pub mod ws_client;

use serde_json::Value;

/// A `--reward-mode` value: `shaped` or `score` ([`env_wasm::RewardMode`]).
pub fn parse_reward_mode(text: &str) -> Result<env_wasm::RewardMode, String> {
    env_wasm::RewardMode::parse(text).ok_or_else(|| {
        format!(
            "`{text}` is not a reward mode; use one of: {}",
            env_wasm::seam::reward_mode_names()
        )
    })
}

/// Scores and rewards leave the core as integer basis points divided once
/// ([`env_wasm::Points`]), so rounding to 1/10,000 is lossless; it also
/// absorbs the last-bit difference a float may pick up in a JSON round trip,
/// so in-process and server runs compare bit for bit.
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
/// observation, see [`env_wasm::episode::TRUNCATED`]) rather than its own end.
pub fn truncated(observation: &Value) -> bool {
    observation.get(env_wasm::episode::TRUNCATED) == Some(&Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn points_round_to_basis_points() {
        assert_eq!(to_points(0.123_449_999_999_9), 0.1234);
        assert_eq!(to_points(0.7 + 1e-15), 0.7);
        assert_eq!(to_points(1.0), 1.0);
        assert_eq!(terminal_grader(&json!({"terminal_grader": 0.5})), Some(0.5));
        assert_eq!(terminal_grader(&json!({"terminal_grader": null})), None);
        assert_eq!(terminal_grader(&json!({})), None);
    }
}
