//! MCP over JSON-RPC 2.0: `POST /mcp` (streamable HTTP, JSON replies,
//! HTTP 200 for every request) and the `/ws` `mcp` message (the
//! connection's session).
//!
//! The tools are the environment's own verbs ([`env_wasm::tools`]), never
//! OpenEnv's reserved simulation controls: `tools/call` plays one step of
//! the session's episode ([`AnyEnv::call_tool`]) and returns the result as
//! MCP content (the JSON as text, and `structuredContent` with
//! `observation`, `reward` and `done`). Episodes are the trainer's: `/reset`,
//! a `/ws` reset, and `openenv/session/create` / `openenv/session/close`.
//!
//! Sessions: `initialize` over HTTP opens one of the server's sessions (an
//! episode of the default task, so an agent alone can play at once) and
//! names it in `Mcp-Session-Id`; the same id is an `X-Session-Id` for
//! `/reset` and `/step` and a `?session_id=` for `/ws`. A call names its
//! session by `params.session_id` (OpenEnv's clients), else
//! `Mcp-Session-Id`, else `X-Session-Id`, else the anonymous session.
//! `DELETE /mcp` with `Mcp-Session-Id` ends it.
//!
//! The protocol layer is written here rather than taken from `rmcp`: its
//! streamable HTTP service refuses requests that do not accept
//! `text/event-stream` (406; OpenEnv's clients send `Accept: */*`) or are
//! not `application/json` (415), keeps sessions of its own apart from the
//! server's table, answers `POST /mcp {}` with an HTTP error where
//! `openenv validate` wants a 200 JSON-RPC error, and cannot serve the
//! `/ws` `mcp` message; what would remain, its model types, is a handful of
//! JSON objects.

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue};
use axum::response::{IntoResponse, Response};
use env_wasm::{AnyEnv, EnvError};
use serde_json::{Map, Value, json};

use crate::body::read_limited;
use crate::error::{ApiError, Transport};
use crate::ids;
use crate::mount::Mount;
use crate::sessions::Session;

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;
pub const SERVER_ERROR: i64 = -32000;

/// The MCP revisions of the `initialize` handshake this server speaks; a
/// client asking for another is answered with the newest.
const PROTOCOL_VERSIONS: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
const METHODS: &str =
    "initialize, ping, tools/list, tools/call, openenv/session/create, openenv/session/close";

/// Where a request runs.
pub enum Target<'a> {
    /// `POST /mcp`: the HTTP session table; `headers` may name the session.
    Http(&'a Mount, &'a HeaderMap),
    /// A `/ws` connection: its own environment (or the session it attached).
    Connection(&'a Mount, &'a mut AnyEnv),
}

impl Target<'_> {
    fn mount(&self) -> &Mount {
        match self {
            Target::Http(mount, _) | Target::Connection(mount, _) => mount,
        }
    }
}

/// An answer: the JSON-RPC response and the session `initialize` opened,
/// which the HTTP reply names.
pub struct Answer {
    pub response: Value,
    pub session: Option<String>,
}

fn rpc(code: i64, message: impl Into<String>) -> ApiError {
    ApiError::Rpc {
        code,
        message: message.into(),
    }
}

/// A request refused before its id could be read.
fn refused(err: ApiError) -> Answer {
    Answer {
        response: response(Value::Null, Err(err)),
        session: None,
    }
}

fn response(id: Value, outcome: Result<Value, ApiError>) -> Value {
    match outcome {
        Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
        Err(err) => json!({ "jsonrpc": "2.0", "id": id, "error": err.rpc_error() }),
    }
}

/// `POST /mcp`. Every request gets HTTP 200 and a JSON-RPC response (a
/// notification too: clients ignore it, and the API answers JSON always).
pub async fn http(State(mount): State<Mount>, request: Request) -> Response {
    let headers = request.headers().clone();
    let answer = match read_limited(request, mount.app.config.max_body_bytes).await {
        Err(err @ ApiError::PayloadTooLarge { .. }) => refused(rpc(INVALID_REQUEST, err.message())),
        Err(err) => refused(rpc(PARSE_ERROR, err.message())),
        Ok(bytes) => match serde_json::from_slice::<Value>(&bytes) {
            Err(err) => refused(rpc(
                PARSE_ERROR,
                format!("Parse error: {err}; send one JSON-RPC 2.0 object"),
            )),
            Ok(request) => handle(Target::Http(&mount, &headers), request),
        },
    };
    let mut reply = Json(answer.response).into_response();
    if let Some(id) = answer
        .session
        .as_deref()
        .and_then(|id| HeaderValue::from_str(id).ok())
    {
        reply
            .headers_mut()
            .insert(HeaderName::from_static(ids::MCP_HEADER), id);
    }
    reply
}

/// `DELETE /mcp`: end the session `Mcp-Session-Id` names.
pub async fn end_session(State(mount): State<Mount>, headers: HeaderMap) -> Response {
    let id = headers
        .get(ids::MCP_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    match id {
        Some(id) if mount.app.sessions.remove(mount.info, &id) => {
            Json(json!({ "session_id": id, "closed": true })).into_response()
        }
        Some(id) => unknown_session(&id).into_response(),
        None => ApiError::Missing {
            field: ids::MCP_HEADER,
            hint: "DELETE /mcp ends the MCP session its Mcp-Session-Id header names",
        }
        .into_response(),
    }
}

/// Answer one JSON-RPC request.
pub fn handle(mut target: Target<'_>, request: Value) -> Answer {
    let plain = |response| Answer {
        response,
        session: None,
    };
    let Value::Object(request) = request else {
        return refused(rpc(
            INVALID_REQUEST,
            "Invalid Request: send one JSON-RPC 2.0 object (batches are not supported)",
        ));
    };
    let id = match request.get("id") {
        None => None,
        Some(id @ (Value::Null | Value::String(_) | Value::Number(_))) => Some(id.clone()),
        Some(_) => {
            return plain(response(
                Value::Null,
                Err(rpc(
                    INVALID_REQUEST,
                    "Invalid Request: `id` must be a string, a number or null",
                )),
            ));
        }
    };
    let mut problems = Vec::new();
    if request.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        problems.push("`jsonrpc` must be \"2.0\"");
    }
    let method = request.get("method").and_then(Value::as_str);
    if method.is_none() {
        problems.push("`method` (a string) is required");
    }
    let (Some(method), true) = (method, problems.is_empty()) else {
        let message = format!("Invalid Request: {}", problems.join("; "));
        return plain(response(
            id.unwrap_or(Value::Null),
            Err(rpc(INVALID_REQUEST, message)),
        ));
    };
    let id = id.unwrap_or(Value::Null);
    let empty = Map::new();
    let params = match request.get("params") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(params)) => params,
        Some(_) => {
            return plain(response(
                id,
                Err(rpc(INVALID_PARAMS, "`params` must be an object")),
            ));
        }
    };
    let mut session = None;
    let outcome = match method {
        "initialize" => initialize(&target, params).map(|(result, opened)| {
            session = opened;
            result
        }),
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({ "tools": target.mount().docs.tools })),
        "tools/call" => call_tool(&mut target, params),
        "openenv/session/create" => create_session(&target),
        "openenv/session/close" => close_session(&target, params),
        m if m.starts_with("notifications/") => Ok(json!({})),
        other => Err(rpc(
            METHOD_NOT_FOUND,
            format!(
                "Method not found: {}; available: {METHODS}",
                other.chars().take(60).collect::<String>()
            ),
        )),
    };
    Answer {
        response: response(id, outcome),
        session,
    }
}

/// The handshake; over HTTP it also opens the session the client's later
/// requests name in `Mcp-Session-Id` (or continues the one it names).
fn initialize(
    target: &Target<'_>,
    params: &Map<String, Value>,
) -> Result<(Value, Option<String>), ApiError> {
    let mount = target.mount();
    let asked = params.get("protocolVersion").and_then(Value::as_str);
    let version = asked
        .filter(|v| PROTOCOL_VERSIONS.contains(v))
        .unwrap_or(PROTOCOL_VERSIONS[PROTOCOL_VERSIONS.len() - 1]);
    let opened = match target {
        Target::Http(mount, headers) => {
            let session = match header_session(headers)? {
                Some(id) => mount
                    .app
                    .sessions
                    .get(mount.info, Some(&id))
                    .ok_or_else(|| unknown_session(&id))?,
                None => {
                    let session = mount.app.sessions.create(mount.info)?;
                    let options = default_options(mount);
                    let defaults = ids::reset_defaults(&options)?;
                    session.env().reset_with(options, defaults);
                    session
                }
            };
            Some(session.id().to_owned())
        }
        Target::Connection(..) => None,
    };
    let result = json!({
        "protocolVersion": version,
        "serverInfo": { "name": format!("deskbench/{}", mount.info.id), "version": env!("CARGO_PKG_VERSION") },
        "capabilities": { "tools": { "listChanged": false } },
        "instructions": format!(
            "{} Each tool ({}) plays one step of this session's episode and returns its \
             observation, reward and done. The session opens on the default task with a \
             fresh seed; the trainer picks another with POST /reset (X-Session-Id: this \
             session's Mcp-Session-Id) or a reset over /ws?session_id=<id>.",
            mount.info.description, mount.docs.tool_names
        ),
    });
    Ok((result, opened))
}

fn default_options(mount: &Mount) -> env_wasm::ResetOptions {
    env_wasm::ResetOptions::default_for(mount.info)
}

/// The session id `Mcp-Session-Id` (else `X-Session-Id`) names.
fn header_session(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    for name in [ids::MCP_HEADER, ids::HEADER] {
        if let Some(value) = headers.get(name) {
            let id = value.to_str().map_err(|_| {
                ApiError::validation(
                    ids::FIELD,
                    format!("the {name} header is not visible ASCII"),
                )
            })?;
            ids::validate(id)?;
            return Ok(Some(id.to_owned()));
        }
    }
    Ok(None)
}

fn session_param(params: &Map<String, Value>) -> Result<Option<String>, ApiError> {
    match params.get("session_id") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(id)) => {
            ids::validate(id)?;
            Ok(Some(id.clone()))
        }
        Some(_) => Err(ApiError::validation(
            "params.session_id",
            "must be a string (the id openenv/session/create returned)",
        )),
    }
}

fn unknown_session(id: &str) -> ApiError {
    ApiError::validation(
        ids::FIELD,
        format!(
            "unknown session `{id}` (never opened, closed or expired): open one with \
             initialize, openenv/session/create or POST /reset"
        ),
    )
}

/// The HTTP session a call plays in: named by `params.session_id`, else a
/// session header, else the anonymous one (`None` when there is none yet).
fn http_session(
    mount: &Mount,
    headers: &HeaderMap,
    params: &Map<String, Value>,
) -> Result<Option<std::sync::Arc<Session>>, ApiError> {
    let named = match session_param(params)? {
        Some(id) => Some(id),
        None => header_session(headers)?,
    };
    match named {
        Some(id) => mount
            .app
            .sessions
            .get(mount.info, Some(&id))
            .map(Some)
            .ok_or_else(|| unknown_session(&id)),
        None => Ok(mount.app.sessions.get(mount.info, None)),
    }
}

fn call_tool(target: &mut Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let tools = target.mount().docs.tool_names.clone();
    let name = params.get("name").and_then(Value::as_str).ok_or_else(|| {
        ApiError::validation(
            "params.name",
            format!("`params.name` (a string) is required: one of {tools}"),
        )
    })?;
    let arguments = params.get("arguments").unwrap_or(&Value::Null);
    let outcome = match target {
        Target::Connection(_, env) => env.call_tool(name, arguments),
        Target::Http(mount, headers) => match http_session(mount, headers, params)? {
            Some(session) => session.env().call_tool(name, arguments),
            // No session: the tool is still checked, so a wrong name says so.
            None => AnyEnv::of(mount.info)
                .call_tool(name, arguments)
                .and(Err(EnvError::NotStarted)),
        },
    };
    match outcome {
        Ok(result) => {
            let structured = json!({
                "observation": result.observation,
                "reward": result.reward,
                "done": result.done,
            });
            Ok(json!({
                "content": [{ "type": "text", "text": structured.to_string() }],
                "structuredContent": structured,
                "isError": false,
            }))
        }
        // A name that is no tool is a protocol error in MCP; anything else
        // the agent can correct is a tool result with `isError`.
        Err(err @ EnvError::UnknownTool { .. }) => Err(ApiError::Env(err)),
        Err(err) => {
            let err = ApiError::Env(err);
            let message = err.message_on(Transport::Mcp);
            let mut error = err.body()["error"].clone();
            error["message"] = json!(message);
            Ok(json!({
                "content": [{ "type": "text", "text": message }],
                "structuredContent": { "error": error },
                "isError": true,
            }))
        }
    }
}

fn create_session(target: &Target<'_>) -> Result<Value, ApiError> {
    let Target::Http(mount, _) = target else {
        return Err(on_connection());
    };
    let session = mount.app.sessions.create(mount.info)?;
    Ok(json!({ "session_id": session.id() }))
}

/// End the session; a `/ws` connection attached to it keeps playing its
/// episode until it closes.
fn close_session(target: &Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let Target::Http(mount, _) = target else {
        return Err(on_connection());
    };
    let id = session_param(params)?.ok_or(ApiError::Missing {
        field: "params.session_id",
        hint: "name the session to close (the id openenv/session/create returned)",
    })?;
    if !mount.app.sessions.remove(mount.info, &id) {
        return Err(unknown_session(&id));
    }
    Ok(json!({ "session_id": id, "closed": true }))
}

fn on_connection() -> ApiError {
    rpc(
        METHOD_NOT_FOUND,
        "openenv/session/* is for POST /mcp; on /ws the connection itself is the session",
    )
}
