//! The one error type of the core. A wrong answer is never an error (it is a
//! scored observation); `EnvError` is only for calls the protocol forbids.

use serde::Serialize;

/// A refused call, with a stable machine-readable [`EnvError::code`] and a
/// message that says what to do instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvError {
    /// `env` names no registered environment.
    #[error("unknown environment `{env}`; available: {available}")]
    UnknownEnv {
        /// The environment id as the client wrote it.
        env: String,
        /// The registered environment ids, comma-separated.
        available: String,
    },

    /// `task` names no task of environment `env`.
    #[error("unknown task `{task}` for environment `{env}`; available: {available}")]
    UnknownTask {
        /// The environment whose tasks were searched.
        env: String,
        /// The task as the client wrote it.
        task: String,
        /// The environment's task ids, comma-separated.
        available: String,
    },

    /// The request or action does not fit its schema; `field` is a dotted
    /// path such as `action.raw` or `seed`.
    #[error("invalid `{field}`: {message}")]
    Validation {
        /// The dotted path of the refused value.
        field: String,
        /// What is wrong with it and what would be accepted.
        message: String,
    },

    /// A tool call names no tool of this episode: none of this
    /// environment's (or one of OpenEnv's reserved simulation controls,
    /// which are the trainer's, not tools), or, when `elsewhere`, one that
    /// another task or level offers but this episode's does not.
    #[error("{}", unknown_tool(tool, available, *elsewhere))]
    UnknownTool {
        /// The tool name as the call wrote it.
        tool: String,
        /// This episode's tool names, comma-separated.
        available: String,
        /// Another task or level of the environment offers the tool.
        elsewhere: bool,
    },

    /// `step` (or a tool call) came before any `reset`.
    #[error("no episode in progress: call reset before step")]
    NotStarted,

    /// `step` (or a tool call) came after the episode ended.
    #[error("the episode is over: call reset to start a new one")]
    EpisodeDone,
}

impl EnvError {
    /// A [`EnvError::Validation`] of `field` with `message`.
    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        EnvError::Validation {
            field: field.into(),
            message: message.into(),
        }
    }

    /// Stable code for clients; the server maps it to an HTTP status.
    pub fn code(&self) -> &'static str {
        match self {
            EnvError::UnknownEnv { .. } => "UNKNOWN_ENV",
            EnvError::UnknownTask { .. } => "UNKNOWN_TASK",
            EnvError::Validation { .. } => "VALIDATION_ERROR",
            EnvError::UnknownTool { .. } => "UNKNOWN_TOOL",
            EnvError::NotStarted => "EPISODE_NOT_STARTED",
            EnvError::EpisodeDone => "EPISODE_DONE",
        }
    }

    /// The offending field, where there is one.
    pub fn field(&self) -> Option<&str> {
        match self {
            EnvError::Validation { field, .. } => Some(field),
            EnvError::UnknownTask { .. } => Some("task"),
            EnvError::UnknownTool { .. } => Some("name"),
            _ => None,
        }
    }

    /// The JSON body both front ends show: `{"code", "message", "field"?}`.
    pub fn to_body(&self) -> ErrorBody {
        ErrorBody {
            code: self.code(),
            message: self.to_string(),
            field: self.field().map(str::to_owned),
        }
    }
}

fn unknown_tool(tool: &str, available: &str, elsewhere: bool) -> String {
    let shown: String = tool.chars().take(40).collect();
    if elsewhere {
        format!(
            "`{shown}` is not a tool of this episode: the tools follow the episode's task and \
             level (tools/list shows them), and this one's are: {available}. Nothing was played: \
             no step is counted."
        )
    } else if ["reset", "step", "state", "close"].contains(&tool) {
        format!(
            "`{shown}` is a simulation control, not a tool: the trainer starts and ends episodes \
             (reset over HTTP or /ws); call one of this environment's tools: {available}"
        )
    } else {
        format!("unknown tool `{shown}`; this environment's tools: {available}")
    }
}

/// An [`EnvError`] as the wire shows it: `{"code", "message", "field"?}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ErrorBody {
    /// The stable machine-readable code ([`EnvError::code`]).
    pub code: &'static str,
    /// What went wrong and what to do instead.
    pub message: String,
    /// The refused field of a validation error; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}
