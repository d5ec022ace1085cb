//! How a language model plays an episode, in any front end that runs one
//! (`deskbench inference`, a page): what it is told, the chat messages of
//! every turn, the body of an OpenAI-compatible chat completions request,
//! and how its reply becomes an action. Pure: sending the request, retries,
//! rate limits and clocks are the caller's.
//!
//! One episode:
//! 1. [`system_prompt`] tells the model its environment and task from a
//!    [`Briefing`], in one of two [`Protocol`]s: an action as a JSON object
//!    in the reply's text, or a function call of one of the environment's
//!    tools ([`ChatTool`], as MCP `tools/list` lists them).
//! 2. [`Conversation::new`] starts the chat with the first observation.
//! 3. [`Conversation::window`] fits the history into the request (oldest
//!    turns left out first); [`request_body`] writes the request.
//! 4. [`read_completion`] reads the API's answer; [`Conversation::reply`]
//!    records it and says what it asks for ([`Move`]): an action or a tool
//!    call to play ([`Act`]), or nothing playable and why.
//! 5. The caller plays the act; [`Conversation::observe`] adds the
//!    environment's answer, [`Conversation::refuse`] a refusal (the model is
//!    told why; [`MAX_BAD_REPLIES`] in a row end the episode).
//!
//! [`Player`] runs those steps for one episode without doing any I/O and
//! ends with its [`Finished`] record and its [`Trajectory`], the
//! trajectories line every writer and reader shares: `deskbench inference`
//! and the page's "Run a model" both drive it, so they play and record a
//! model's turns alike.

mod chat;
mod conversation;
mod episode;
mod json_in_text;
mod prompt;
mod trajectory;

pub use chat::{
    ChatTool, Completion, FunctionCall, Message, Role, ToolCall, Usage, read_completion,
    request_body,
};
pub use conversation::{Act, Conversation, HISTORY_CHARS, MAX_BAD_REPLIES, Move, Window};
#[cfg(not(target_arch = "wasm32"))]
pub use episode::call_action;
pub use episode::{
    Finished, LineHeader, Logged, Player, Request, Sampling, Stepped, listed_tools, pass_k,
    terminal_grader, to_points, truncated,
};
pub use json_in_text::extract_json_object;
pub use prompt::{Briefing, Protocol, system_prompt};
pub use trajectory::{Outcome, Step, ToolCallRecord, Trajectory};
