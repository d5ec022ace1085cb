//! [`ApiError`], the one error type of the HTTP API, and its one
//! [`IntoResponse`]: every error is JSON
//! `{"error": {"code", "message", "field"?}, "detail": ...}`, where `detail`
//! is a FastAPI-style list for 422 (OpenEnv tools read `detail`) and the
//! message otherwise. No internal detail ever reaches a client.

use std::any::Any;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use env_wasm::EnvError;
use serde_json::{Value, json};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ApiError {
    /// Refused by the core: unknown env or task, invalid field, episode state.
    #[error(transparent)]
    Env(#[from] EnvError),

    /// A required field is absent; `hint` says what to send.
    #[error("missing `{field}`: {hint}")]
    Missing {
        field: &'static str,
        hint: &'static str,
    },

    #[error("the request body is not valid JSON ({0}); send one JSON object")]
    InvalidJson(String),

    #[error(
        "no route for {path}; GET /openapi.json lists this mount's routes and GET /envs the environments"
    )]
    NotFound { path: String },

    #[error(
        "{method} is not allowed on {path}; the Allow header lists the methods it accepts, and GET /openapi.json describes every route"
    )]
    MethodNotAllowed { method: String, path: String },

    #[error("the request body exceeds the {limit}-byte limit; send a smaller body")]
    PayloadTooLarge { limit: usize },

    #[error(
        "server at capacity: {active}/{max} sessions active; retry later or close idle sessions"
    )]
    CapacityReached { active: usize, max: usize },

    #[error("{0}")]
    UpgradeRequired(String),

    /// A refusal whose `detail` string an original project's HTTP contract
    /// fixes: its compatibility mount answers it word for word (its
    /// clients match on it), with our stable `code` beside it.
    #[error("{detail}")]
    Contract {
        status: StatusCode,
        code: &'static str,
        detail: String,
    },

    #[error("the request body could not be read; send it again")]
    BodyUnreadable,

    #[error(
        "internal server error: the request was not completed; retry, and report it if it persists"
    )]
    Internal,
}

impl ApiError {
    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError::Env(EnvError::validation(field, message))
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Env(err) => err.code(),
            ApiError::Missing { .. } => "VALIDATION_ERROR",
            ApiError::InvalidJson(_) => "INVALID_JSON",
            ApiError::NotFound { .. } => "NOT_FOUND",
            ApiError::MethodNotAllowed { .. } => "METHOD_NOT_ALLOWED",
            ApiError::PayloadTooLarge { .. } => "PAYLOAD_TOO_LARGE",
            ApiError::CapacityReached { .. } => "CAPACITY_REACHED",
            ApiError::UpgradeRequired(_) => "UPGRADE_REQUIRED",
            ApiError::Contract { code, .. } => code,
            ApiError::BodyUnreadable => "BAD_REQUEST",
            ApiError::Internal => "INTERNAL_ERROR",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Env(err) => match err {
                EnvError::UnknownEnv { .. } | EnvError::UnknownTask { .. } => StatusCode::NOT_FOUND,
                EnvError::Validation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
                EnvError::NotStarted | EnvError::EpisodeDone => StatusCode::CONFLICT,
            },
            ApiError::Missing { .. } | ApiError::InvalidJson(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::CapacityReached { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::UpgradeRequired(_) => StatusCode::UPGRADE_REQUIRED,
            ApiError::Contract { status, .. } => *status,
            ApiError::BodyUnreadable => StatusCode::BAD_REQUEST,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn field(&self) -> Option<&str> {
        match self {
            ApiError::Env(err) => err.field(),
            ApiError::Missing { field, .. } => Some(field),
            ApiError::InvalidJson(_) => Some("body"),
            _ => None,
        }
    }

    /// What to tell the client. The core's episode messages speak of calls;
    /// over HTTP they name the route and how the session is carried.
    pub fn message(&self) -> String {
        match self {
            ApiError::Env(EnvError::NotStarted) => {
                "no episode in progress in this session: POST /reset first, \
                 then step with the same session (X-Session-Id header, `session_id` field or \
                 deskbench_session cookie; requests with none share the anonymous session)"
                    .to_owned()
            }
            ApiError::Env(EnvError::EpisodeDone) => {
                "the episode is over: POST /reset to start a new one".to_owned()
            }
            other => other.to_string(),
        }
    }

    /// FastAPI's `type` for a validation error entry.
    fn detail_type(&self) -> &'static str {
        match self {
            ApiError::Missing { .. } => "missing",
            ApiError::InvalidJson(_) => "json_invalid",
            _ => "value_error",
        }
    }

    /// The JSON body of this error.
    pub fn body(&self) -> Value {
        let message = self.message();
        let mut error = json!({ "code": self.code(), "message": message });
        if let Some(field) = self.field() {
            error["field"] = json!(field);
        }
        if let ApiError::CapacityReached { active, max } = self {
            error["active_sessions"] = json!(active);
            error["max_sessions"] = json!(max);
        }
        let detail = if self.status() == StatusCode::UNPROCESSABLE_ENTITY {
            json!([{
                "type": self.detail_type(),
                "loc": body_loc(self.field().unwrap_or("body")),
                "msg": message,
            }])
        } else {
            Value::String(message)
        };
        json!({ "error": error, "detail": detail })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status().is_server_error() {
            tracing::warn!(code = self.code(), "{}", self.message());
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        if let ApiError::CapacityReached { .. } = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// A dotted field path (`action.raw`, `action.items[2].id`) as a FastAPI
/// `loc`: `["body", "action", "items", 2, "id"]`.
pub fn body_loc(field: &str) -> Vec<Value> {
    let mut loc = vec![json!("body")];
    if field == "body" {
        return loc;
    }
    loc.extend(field_path(field));
    loc
}

/// The parts of a dotted field path, array indices as numbers.
pub fn field_path(field: &str) -> Vec<Value> {
    let mut parts = Vec::new();
    for segment in field.split('.').filter(|s| !s.is_empty()) {
        let mut rest = segment;
        if let Some(open) = rest.find('[') {
            if open > 0 {
                parts.push(json!(&rest[..open]));
            }
            rest = &rest[open..];
            while let Some(inner) = rest.strip_prefix('[') {
                let Some(close) = inner.find(']') else { break };
                let index = &inner[..close];
                parts.push(match index.parse::<u64>() {
                    Ok(n) => json!(n),
                    Err(_) => json!(index),
                });
                rest = &inner[close + 1..];
            }
        } else {
            parts.push(json!(rest));
        }
    }
    parts
}

/// [`tower_http::catch_panic::CatchPanicLayer`]'s response: a JSON 500 that
/// tells the client nothing about the panic; the log gets the message.
pub fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-string panic payload".to_owned());
    tracing::error!(panic = %message, "handler panicked");
    ApiError::Internal.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_paths_become_fastapi_locs() {
        assert_eq!(body_loc("body"), vec![json!("body")]);
        assert_eq!(body_loc("seed"), vec![json!("body"), json!("seed")]);
        assert_eq!(
            body_loc("action.items[2].id"),
            vec![
                json!("body"),
                json!("action"),
                json!("items"),
                json!(2),
                json!("id")
            ]
        );
        assert_eq!(field_path("a[x]"), vec![json!("a"), json!("x")]);
    }

    #[test]
    fn statuses_follow_the_codes() {
        assert_eq!(
            ApiError::from(EnvError::NotStarted).status(),
            StatusCode::CONFLICT
        );
        assert_eq!(ApiError::validation("seed", "bad").status().as_u16(), 422);
        assert_eq!(
            ApiError::PayloadTooLarge { limit: 1 }.status().as_u16(),
            413
        );
        let body = ApiError::CapacityReached { active: 2, max: 2 }.body();
        assert_eq!(body["error"]["code"], "CAPACITY_REACHED");
        assert_eq!(body["detail"], body["error"]["message"]);
    }
}
