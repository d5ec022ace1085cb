//! The `deskbench` runners besides `serve`: [`eval`] plays built-in policies
//! over many seeds and reports mean, spread and pass^k; [`inference`] plays
//! an LLM agent over an OpenAI-compatible chat API, many episodes at once,
//! and prints the `[START]`/`[STEP]`/`[END]` log; [`regrade`] replays the
//! episodes of a trajectories file on the current task set.
//!
//! A crate of its own beside the server library, which it never uses: it
//! needs the core ([`env_wasm`]), the chat-completions client of
//! [`judge::llm`] and the OpenEnv `/ws` protocol on the wire. The
//! `deskbench` binary (package `server`) dispatches its subcommands here.
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
//!    the model ([`play`]: [`judge::llm::ChatClient`], with the prompts and
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

/// A `--reward-mode` value: `shaped` or `score` ([`env_wasm::RewardMode`]).
pub fn parse_reward_mode(text: &str) -> Result<env_wasm::RewardMode, String> {
    env_wasm::RewardMode::parse(text).ok_or_else(|| {
        format!(
            "`{text}` is not a reward mode; use one of: {}",
            env_wasm::seam::reward_mode_names()
        )
    })
}

pub use env_wasm::agent::{terminal_grader, to_points, truncated};
