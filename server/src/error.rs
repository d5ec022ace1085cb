//! [`ApiError`], the one error type of every transport, and the one place
//! each is rendered: the HTTP body ([`ApiError::body`], through its one
//! [`IntoResponse`]): JSON `{"error": {"code", "message", "field"?},
//! "detail": ...}`, where `detail` is a FastAPI-style list for 422 (OpenEnv
//! tools read `detail`) and the message otherwise; the `/ws` error frame
//! ([`ApiError::ws_frame`], OpenEnv's codes); and the JSON-RPC error object
//! of `/mcp` ([`ApiError::rpc_error`]). No internal detail ever reaches a
//! client.

use std::any::Any;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use env_wasm::EnvError;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
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

    /// The server is shutting down: it finishes the episodes it holds and
    /// starts none. Through a load balancer the retry reaches a replica
    /// that is not draining.
    #[error(
        "this replica is draining (shutting down): it finishes the episodes in progress and starts \
         no new session or episode; retry elsewhere (through the load balancer a retry lands on \
         another replica; an episode is deterministic, so reset the same task and seed there)"
    )]
    Draining,

    #[error("{0}")]
    UpgradeRequired(String),

    /// A browser request to `/mcp` from an origin the server does not
    /// allow: the MCP transport's guard against DNS rebinding.
    #[error(
        "Origin `{origin}` may not call /mcp: only loopback origins and those the server allows \
         are served (start it with --mcp-allowed-origins {origin}, or DESKBENCH_MCP_ALLOWED_ORIGINS, \
         to allow this one); a client that is no browser sends no Origin header"
    )]
    OriginNotAllowed { origin: String },

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

    /// A `/ws` message whose `type` is missing or unknown.
    #[error("{0}")]
    UnknownMessageType(String),

    /// A `/ws` envelope that breaks its shape: `loc` locates the problem as
    /// the reference's validation errors do, `kind` is their `type`.
    #[error("{message}")]
    Envelope {
        message: String,
        field: Option<String>,
        loc: Vec<Value>,
        kind: &'static str,
    },

    /// The `/ws` connection cannot go on (OpenEnv's `SESSION_ERROR`): a
    /// binary frame, a session that cannot be attached.
    #[error("{0}")]
    Session(String),

    /// A JSON-RPC request `/mcp` cannot take: its standard `code` (parse
    /// error, invalid request, method not found) and what to send.
    #[error("{message}")]
    Rpc { code: i64, message: String },

    #[error(
        "internal server error: the request was not completed; retry, and report it if it persists"
    )]
    Internal,
}

impl ApiError {
    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        ApiError::Env(EnvError::validation(field, message))
    }

    /// Every code [`ApiError::code`] gives on an OpenEnv mount (the OpenAPI
    /// document's enum; a unit test checks each variant's). A
    /// [`ApiError::Contract`] code is a compatibility mount's, whose
    /// contract is its original project's.
    pub const CODES: [&'static str; 19] = [
        "UNKNOWN_ENV",
        "UNKNOWN_TASK",
        "VALIDATION_ERROR",
        "UNKNOWN_TOOL",
        "EPISODE_NOT_STARTED",
        "EPISODE_DONE",
        "INVALID_JSON",
        "NOT_FOUND",
        "METHOD_NOT_ALLOWED",
        "PAYLOAD_TOO_LARGE",
        "CAPACITY_REACHED",
        "DRAINING",
        "UPGRADE_REQUIRED",
        "ORIGIN_NOT_ALLOWED",
        "BAD_REQUEST",
        "INTERNAL_ERROR",
        "UNKNOWN_TYPE",
        "SESSION_ERROR",
        "INVALID_REQUEST",
    ];

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Env(err) => err.code(),
            ApiError::Missing { .. } => "VALIDATION_ERROR",
            ApiError::InvalidJson(_) => "INVALID_JSON",
            ApiError::NotFound { .. } => "NOT_FOUND",
            ApiError::MethodNotAllowed { .. } => "METHOD_NOT_ALLOWED",
            ApiError::PayloadTooLarge { .. } => "PAYLOAD_TOO_LARGE",
            ApiError::CapacityReached { .. } => "CAPACITY_REACHED",
            ApiError::Draining => "DRAINING",
            ApiError::UpgradeRequired(_) => "UPGRADE_REQUIRED",
            ApiError::OriginNotAllowed { .. } => "ORIGIN_NOT_ALLOWED",
            ApiError::Contract { code, .. } => code,
            ApiError::BodyUnreadable => "BAD_REQUEST",
            ApiError::Internal => "INTERNAL_ERROR",
            ApiError::UnknownMessageType(_) => "UNKNOWN_TYPE",
            ApiError::Envelope { .. } => "VALIDATION_ERROR",
            ApiError::Session(_) => "SESSION_ERROR",
            ApiError::Rpc { .. } => "INVALID_REQUEST",
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Env(err) => match err {
                EnvError::UnknownEnv { .. } | EnvError::UnknownTask { .. } => StatusCode::NOT_FOUND,
                EnvError::Validation { .. } | EnvError::UnknownTool { .. } => {
                    StatusCode::UNPROCESSABLE_ENTITY
                }
                EnvError::NotStarted | EnvError::EpisodeDone => StatusCode::CONFLICT,
            },
            ApiError::Missing { .. } | ApiError::InvalidJson(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::CapacityReached { .. } | ApiError::Draining => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::UpgradeRequired(_) => StatusCode::UPGRADE_REQUIRED,
            ApiError::OriginNotAllowed { .. } => StatusCode::FORBIDDEN,
            ApiError::Contract { status, .. } => *status,
            ApiError::BodyUnreadable | ApiError::Rpc { .. } => StatusCode::BAD_REQUEST,
            ApiError::UnknownMessageType(_) | ApiError::Envelope { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::Session(_) => StatusCode::CONFLICT,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    pub fn field(&self) -> Option<&str> {
        match self {
            ApiError::Env(err) => err.field(),
            ApiError::Missing { field, .. } => Some(field),
            ApiError::InvalidJson(_) => Some("body"),
            ApiError::Envelope { field, .. } => field.as_deref(),
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
        serde_json::to_value(self.error_body()).unwrap_or(Value::Null)
    }

    /// The JSON body of this error, as its type (whose schema the OpenAPI
    /// document carries).
    pub fn error_body(&self) -> ErrorBody {
        let message = self.message();
        let (active_sessions, max_sessions) = match self {
            ApiError::CapacityReached { active, max } => (Some(*active), Some(*max)),
            _ => (None, None),
        };
        let detail = if self.status() == StatusCode::UNPROCESSABLE_ENTITY {
            ErrorDetail::Validation(vec![ValidationDetail {
                kind: self.detail_type(),
                loc: body_loc(self.field().unwrap_or("body"))
                    .into_iter()
                    .map(|part| match part {
                        Value::Number(n) => LocPart::Index(n.as_u64().unwrap_or_default()),
                        Value::String(s) => LocPart::Field(s),
                        other => LocPart::Field(other.to_string()),
                    })
                    .collect(),
                msg: message.clone(),
            }])
        } else {
            ErrorDetail::Message(message.clone())
        };
        ErrorBody {
            error: ErrorObject {
                code: self.code(),
                message,
                field: self.field().map(str::to_owned),
                active_sessions,
                max_sessions,
            },
            detail,
        }
    }
}

/// How an episode's session is reached, for messages that say where to
/// reset: each transport names its own way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Http,
    Ws,
    Mcp,
}

impl ApiError {
    /// [`ApiError::message`] as `transport` says it.
    pub fn message_on(&self, transport: Transport) -> String {
        match (self, transport) {
            (ApiError::Env(EnvError::NotStarted), Transport::Mcp) => {
                "no episode in progress in this session: the trainer starts one (POST /reset with \
                 the session's id in X-Session-Id, or a reset over /ws?session_id=<id>); tools \
                 play steps, never resets"
                    .to_owned()
            }
            (ApiError::InvalidJson(detail), Transport::Ws) => {
                format!("Invalid JSON: {detail}; send one JSON object per text frame")
            }
            (ApiError::CapacityReached { active, max }, Transport::Ws) => format!(
                "Server at capacity: {active}/{max} sessions active; retry later or close idle sessions"
            ),
            (ApiError::Env(EnvError::EpisodeDone), Transport::Mcp) => {
                "the episode is over: the trainer resets to start a new one".to_owned()
            }
            // The core's own words on /ws: no route to name there.
            (ApiError::Env(err), Transport::Ws) => err.to_string(),
            _ => self.message(),
        }
    }

    /// The `/ws` error frame, `{"type":"error","data":{"message","code",...}}`,
    /// with OpenEnv's codes; the connection is kept unless the code is
    /// `SESSION_ERROR`, `CAPACITY_REACHED` or `DRAINING`.
    pub fn ws_frame(&self) -> String {
        let message = self.message_on(Transport::Ws);
        let (code, extra) = match self {
            ApiError::Env(EnvError::Validation { field, .. }) => {
                // An action field is located as the reference does: from
                // the action itself (`["raw"]`), the full path in `field`.
                let mut loc = field_path(field);
                if loc.first().is_some_and(|p| p == "action" || p == "body") {
                    loc.remove(0);
                }
                (
                    "VALIDATION_ERROR",
                    validation_extra(&message, Some(field), loc, "value_error"),
                )
            }
            ApiError::Env(
                err @ (EnvError::UnknownTask { .. }
                | EnvError::UnknownEnv { .. }
                | EnvError::UnknownTool { .. }),
            ) => {
                let field = err.field().unwrap_or("task");
                let mut extra =
                    validation_extra(&message, Some(field), vec![json!(field)], "value_error");
                extra["reason"] = json!(err.code());
                ("VALIDATION_ERROR", extra)
            }
            ApiError::Env(err @ (EnvError::NotStarted | EnvError::EpisodeDone)) => {
                ("EXECUTION_ERROR", json!({ "reason": err.code() }))
            }
            ApiError::Envelope {
                field, loc, kind, ..
            } => (
                "VALIDATION_ERROR",
                validation_extra(&message, field.as_deref(), loc.clone(), kind),
            ),
            ApiError::CapacityReached { active, max } => (
                "CAPACITY_REACHED",
                json!({ "active_sessions": active, "max_sessions": max }),
            ),
            ApiError::Draining => ("DRAINING", json!({})),
            ApiError::InvalidJson(_) => ("INVALID_JSON", json!({})),
            ApiError::UnknownMessageType(_) => ("UNKNOWN_TYPE", json!({})),
            ApiError::Session(_) => ("SESSION_ERROR", json!({})),
            _ => ("EXECUTION_ERROR", json!({})),
        };
        let mut data = json!({ "message": message, "code": code });
        if let (Value::Object(data), Value::Object(extra)) = (&mut data, extra) {
            data.extend(extra);
        }
        json!({ "type": "error", "data": data }).to_string()
    }

    /// The JSON-RPC error object, `{"code", "message", "data"?}`: our JSON
    /// body's `error` as `data`, a standard code by kind.
    pub fn rpc_error(&self) -> RpcError {
        let code = match self {
            ApiError::Rpc { code, .. } => *code,
            ApiError::InvalidJson(_) => crate::rpc::PARSE_ERROR,
            ApiError::PayloadTooLarge { .. } | ApiError::OriginNotAllowed { .. } => {
                crate::rpc::INVALID_REQUEST
            }
            ApiError::CapacityReached { .. } | ApiError::Draining => crate::rpc::SERVER_ERROR,
            ApiError::Internal => crate::rpc::INTERNAL_ERROR,
            _ => crate::rpc::INVALID_PARAMS,
        };
        let message = self.message_on(Transport::Mcp);
        let data = match self {
            ApiError::Rpc { .. } | ApiError::InvalidJson(_) => None,
            _ => {
                let mut data = self.error_body().error;
                data.message = message.clone();
                Some(data)
            }
        };
        RpcError {
            code,
            message,
            data,
        }
    }
}

/// A reference-style `errors` list for a `VALIDATION_ERROR` frame.
fn validation_extra(message: &str, field: Option<&str>, loc: Vec<Value>, kind: &str) -> Value {
    let mut extra = json!({ "errors": [{ "loc": loc, "msg": message, "type": kind }] });
    if let Some(field) = field {
        extra["field"] = json!(field);
    }
    extra
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status().is_server_error() {
            tracing::warn!(code = self.code(), "{}", self.message());
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        response.extensions_mut().insert(ErrorCode(self.code()));
        if let ApiError::CapacityReached { .. } | ApiError::Draining = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// The stable code of the error a response carries, for the error
/// counter of `/metrics` ([`crate::http::count_errors`]).
#[derive(Debug, Clone, Copy)]
pub struct ErrorCode(pub &'static str);

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

/// Every error reply of the JSON API (not `/mcp`'s, which are JSON-RPC).
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Error")]
pub struct ErrorBody {
    pub error: ErrorObject,
    pub detail: ErrorDetail,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ErrorObject {
    #[schemars(schema_with = "error_code_schema")]
    pub code: &'static str,
    /// What went wrong and what to do.
    pub message: String,
    /// Dotted path of the offending field, e.g. `action.raw`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// `CAPACITY_REACHED` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_sessions: Option<usize>,
    /// `CAPACITY_REACHED` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_sessions: Option<usize>,
}

/// For 422, FastAPI-style entries (OpenEnv's tools read `detail`);
/// otherwise the message.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ErrorDetail {
    Message(String),
    Validation(Vec<ValidationDetail>),
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ValidationDetail {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub loc: Vec<LocPart>,
    pub msg: String,
}

/// A step of a FastAPI `loc`: a field name or an array index.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum LocPart {
    Field(String),
    Index(u64),
}

/// A JSON-RPC error object: a standard code by kind, and our JSON error
/// (its stable `code`, the message) as `data` where there is one.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<ErrorObject>,
}

fn error_code_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "enum": ApiError::CODES })
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

    /// One error of each kind (a new variant fails to compile here until
    /// it is added, and then must have its code in [`ApiError::CODES`]).
    fn one_of_each() -> Vec<ApiError> {
        let all = vec![
            ApiError::Env(EnvError::UnknownEnv {
                env: "x".into(),
                available: String::new(),
            }),
            ApiError::Env(EnvError::UnknownTask {
                env: "x".into(),
                task: "y".into(),
                available: String::new(),
            }),
            ApiError::validation("seed", "bad"),
            ApiError::Env(EnvError::UnknownTool {
                tool: "x".into(),
                available: String::new(),
                elsewhere: false,
            }),
            ApiError::Env(EnvError::NotStarted),
            ApiError::Env(EnvError::EpisodeDone),
            ApiError::Missing {
                field: "index",
                hint: "send it",
            },
            ApiError::InvalidJson("x".into()),
            ApiError::NotFound { path: "/x".into() },
            ApiError::MethodNotAllowed {
                method: "PUT".into(),
                path: "/x".into(),
            },
            ApiError::PayloadTooLarge { limit: 1 },
            ApiError::CapacityReached { active: 1, max: 1 },
            ApiError::Draining,
            ApiError::UpgradeRequired("x".into()),
            ApiError::OriginNotAllowed { origin: "x".into() },
            ApiError::BodyUnreadable,
            ApiError::UnknownMessageType("x".into()),
            ApiError::Envelope {
                message: "x".into(),
                field: None,
                loc: vec![],
                kind: "missing",
            },
            ApiError::Session("x".into()),
            ApiError::Rpc {
                code: -32600,
                message: "x".into(),
            },
            ApiError::Internal,
        ];
        for err in &all {
            match err {
                ApiError::Env(
                    EnvError::UnknownEnv { .. }
                    | EnvError::UnknownTask { .. }
                    | EnvError::Validation { .. }
                    | EnvError::UnknownTool { .. }
                    | EnvError::NotStarted
                    | EnvError::EpisodeDone,
                )
                | ApiError::Missing { .. }
                | ApiError::InvalidJson(_)
                | ApiError::NotFound { .. }
                | ApiError::MethodNotAllowed { .. }
                | ApiError::PayloadTooLarge { .. }
                | ApiError::CapacityReached { .. }
                | ApiError::Draining
                | ApiError::UpgradeRequired(_)
                | ApiError::OriginNotAllowed { .. }
                | ApiError::Contract { .. }
                | ApiError::BodyUnreadable
                | ApiError::UnknownMessageType(_)
                | ApiError::Envelope { .. }
                | ApiError::Session(_)
                | ApiError::Rpc { .. }
                | ApiError::Internal => {}
            }
        }
        all
    }

    #[test]
    fn every_code_is_documented() {
        let all = one_of_each();
        for err in &all {
            assert!(ApiError::CODES.contains(&err.code()), "{err:?}");
        }
        let codes: std::collections::BTreeSet<&str> = all.iter().map(ApiError::code).collect();
        assert_eq!(codes.len(), ApiError::CODES.len(), "a code no error has");
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
