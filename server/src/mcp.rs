//! MCP over JSON-RPC 2.0: `POST /mcp` (HTTP 200 always, sessions from the
//! HTTP table) and the `/ws` `mcp` message (the connection's own
//! environment). Tools `reset`, `step` and `state` drive the same
//! [`AnyEnv`] seam as every other route; `openenv/session/create` and
//! `openenv/session/close` manage HTTP sessions as OpenEnv's client expects.

use axum::Json;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use env_wasm::{AnyEnv, EnvError, ResetDefaults};
use serde_json::{Map, Value, json};

use crate::body::read_limited;
use crate::error::ApiError;
use crate::ids;
use crate::mount::Mount;

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;
pub const METHOD_NOT_FOUND: i64 = -32601;
pub const INVALID_PARAMS: i64 = -32602;
pub const INTERNAL_ERROR: i64 = -32603;
pub const SERVER_ERROR: i64 = -32000;

/// The MCP revision announced when the client names none.
const PROTOCOL_VERSION: &str = "2025-06-18";
const METHODS: &str =
    "initialize, ping, tools/list, tools/call, openenv/session/create, openenv/session/close";

/// Where tool calls run.
pub enum Target<'a> {
    /// `POST /mcp`: the HTTP session table (the anonymous session when the
    /// call names none).
    Http(&'a Mount),
    /// A `/ws` connection: its own environment.
    Connection(&'a Mount, &'a mut AnyEnv),
}

impl Target<'_> {
    fn mount(&self) -> &Mount {
        match self {
            Target::Http(mount) | Target::Connection(mount, _) => mount,
        }
    }
}

/// A JSON-RPC error, before the id is attached.
struct RpcError {
    code: i64,
    message: String,
    data: Option<Value>,
}

fn rpc_error(code: i64, message: impl Into<String>) -> RpcError {
    RpcError {
        code,
        message: message.into(),
        data: None,
    }
}

impl From<ApiError> for RpcError {
    fn from(err: ApiError) -> Self {
        let code = match err {
            ApiError::CapacityReached { .. } => SERVER_ERROR,
            ApiError::Internal => INTERNAL_ERROR,
            _ => INVALID_PARAMS,
        };
        RpcError {
            code,
            message: err.message(),
            data: Some(err.body()["error"].clone()),
        }
    }
}

fn response(id: Value, outcome: Result<Value, RpcError>) -> Value {
    match outcome {
        Ok(result) => json!({ "jsonrpc": "2.0", "id": id, "result": result }),
        Err(err) => {
            let mut error = json!({ "code": err.code, "message": err.message });
            if let Some(data) = err.data {
                error["data"] = data;
            }
            json!({ "jsonrpc": "2.0", "id": id, "error": error })
        }
    }
}

/// `POST /mcp`. Always HTTP 200: every problem is a JSON-RPC error.
pub async fn http(State(mount): State<Mount>, request: Request) -> Response {
    let reply = match read_limited(request, mount.app.config.max_body_bytes).await {
        Err(err @ ApiError::PayloadTooLarge { .. }) => {
            response(Value::Null, Err(rpc_error(INVALID_REQUEST, err.message())))
        }
        Err(err) => response(Value::Null, Err(rpc_error(PARSE_ERROR, err.message()))),
        Ok(bytes) => match serde_json::from_slice::<Value>(&bytes) {
            Err(err) => response(
                Value::Null,
                Err(rpc_error(PARSE_ERROR, format!("Parse error: {err}"))),
            ),
            Ok(request) => handle(Target::Http(&mount), request),
        },
    };
    Json(reply).into_response()
}

/// Answer one JSON-RPC request.
pub fn handle(mut target: Target<'_>, request: Value) -> Value {
    let Value::Object(request) = request else {
        return response(
            Value::Null,
            Err(rpc_error(
                INVALID_REQUEST,
                "Invalid Request: send one JSON-RPC 2.0 object (batches are not supported)",
            )),
        );
    };
    let id = match request.get("id") {
        None => Value::Null,
        Some(id @ (Value::Null | Value::String(_) | Value::Number(_))) => id.clone(),
        Some(_) => {
            return response(
                Value::Null,
                Err(rpc_error(
                    INVALID_REQUEST,
                    "Invalid Request: `id` must be a string, a number or null",
                )),
            );
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
        return response(id, Err(rpc_error(INVALID_REQUEST, message)));
    };
    let empty = Map::new();
    let params = match request.get("params") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(params)) => params,
        Some(_) => {
            return response(
                id,
                Err(rpc_error(INVALID_PARAMS, "`params` must be an object")),
            );
        }
    };
    let outcome = match method {
        "initialize" => Ok(initialize(target.mount(), params)),
        "ping" => Ok(json!({})),
        "tools/list" => Ok(json!({ "tools": tools(target.mount()) })),
        "tools/call" => call_tool(&mut target, params),
        "openenv/session/create" => create_session(&target),
        "openenv/session/close" => close_session(&target, params),
        m if m.starts_with("notifications/") => Ok(json!({})),
        other => Err(rpc_error(
            METHOD_NOT_FOUND,
            format!("Method not found: {other}; available: {METHODS}"),
        )),
    };
    response(id, outcome)
}

fn initialize(mount: &Mount, params: &Map<String, Value>) -> Value {
    let version = params
        .get("protocolVersion")
        .and_then(Value::as_str)
        .unwrap_or(PROTOCOL_VERSION);
    json!({
        "protocolVersion": version,
        "serverInfo": { "name": format!("deskbench/{}", mount.info.id), "version": env!("CARGO_PKG_VERSION") },
        "capabilities": { "tools": { "listChanged": false } },
        "instructions": format!(
            "{} Call `reset` (optionally with seed and task), then `step` with an action, and read `state`.",
            mount.info.description
        ),
    })
}

fn tools(mount: &Mount) -> Value {
    json!([
        {
            "name": "reset",
            "description": "Start a new episode. Arguments are the reset options (seed, episode_id, task); returns {observation, reward, done}.",
            "inputSchema": mount.docs.reset_schema,
        },
        {
            "name": "step",
            "description": "Apply one action (the bare action object); returns {observation, reward, done}.",
            "inputSchema": mount.docs.action_schema,
        },
        {
            "name": "state",
            "description": "The full state of the episode.",
            "inputSchema": { "type": "object", "properties": {}, "additionalProperties": false },
        },
    ])
}

fn session_param(params: &Map<String, Value>) -> Result<Option<String>, RpcError> {
    match params.get("session_id") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(id)) => {
            ids::validate(id)?;
            Ok(Some(id.clone()))
        }
        Some(_) => Err(rpc_error(
            INVALID_PARAMS,
            "`params.session_id` must be a string",
        )),
    }
}

fn unknown_session(id: &str) -> RpcError {
    rpc_error(
        INVALID_PARAMS,
        format!(
            "unknown session `{id}`: create one with openenv/session/create (or POST /reset) first"
        ),
    )
}

fn call_tool(target: &mut Target<'_>, params: &Map<String, Value>) -> Result<Value, RpcError> {
    let name = params.get("name").and_then(Value::as_str).ok_or_else(|| {
        rpc_error(
            INVALID_PARAMS,
            "`params.name` is required: one of reset, step, state",
        )
    })?;
    if !matches!(name, "reset" | "step" | "state") {
        return Err(rpc_error(
            INVALID_PARAMS,
            format!("unknown tool `{name}`; tools: reset, step, state"),
        ));
    }
    let arguments = match params.get("arguments") {
        None | Some(Value::Null) => Value::Object(Map::new()),
        Some(args @ Value::Object(_)) => args.clone(),
        // `step`'s arguments are the action, which the seam reads: a bare
        // string is `productivity`'s `raw`, as its seed sent it.
        Some(text @ Value::String(_)) if name == "step" => text.clone(),
        Some(_) => {
            return Err(rpc_error(
                INVALID_PARAMS,
                "`params.arguments` must be an object",
            ));
        }
    };
    let defaults = if name == "reset" {
        ResetDefaults {
            seed: ids::generate_seed()?,
            episode_id: Some(ids::generate_episode_id()?),
        }
    } else {
        ResetDefaults::default()
    };
    let outcome = match target {
        Target::Connection(_, env) => run_tool(env, name, &arguments, defaults),
        Target::Http(mount) => {
            let sessions = &mount.app.sessions;
            let session = match session_param(params)? {
                Some(id) => Some(
                    sessions
                        .get(mount.info, Some(&id))
                        .ok_or_else(|| unknown_session(&id))?,
                ),
                None if name == "reset" => Some(sessions.get_or_create(mount.info, None)?),
                None => sessions.get(mount.info, None),
            };
            match session {
                Some(session) => run_tool(&mut session.env(), name, &arguments, defaults),
                None if name == "state" => Ok(AnyEnv::of(mount.info).state()),
                None => Err(EnvError::NotStarted),
            }
        }
    };
    Ok(tool_result(outcome))
}

fn run_tool(
    env: &mut AnyEnv,
    name: &str,
    arguments: &Value,
    defaults: ResetDefaults,
) -> Result<Value, EnvError> {
    let result = match name {
        "reset" => env.reset(arguments, defaults)?,
        "step" => env.step(arguments)?,
        _ => return Ok(env.state()),
    };
    Ok(serde_json::to_value(result).unwrap_or(Value::Null))
}

/// An MCP tool result; a refused call is a result with `isError`, as MCP
/// asks, so the agent sees the message.
fn tool_result(outcome: Result<Value, EnvError>) -> Value {
    let (value, is_error) = match outcome {
        Ok(value) => (value, false),
        Err(err) => (
            serde_json::to_value(err.to_body()).unwrap_or(Value::Null),
            true,
        ),
    };
    json!({
        "content": [{ "type": "text", "text": value.to_string() }],
        "structuredContent": value,
        "isError": is_error,
    })
}

fn create_session(target: &Target<'_>) -> Result<Value, RpcError> {
    let Target::Http(mount) = target else {
        return Err(on_connection());
    };
    let session = mount.app.sessions.create(mount.info)?;
    Ok(json!({ "session_id": session.id() }))
}

fn close_session(target: &Target<'_>, params: &Map<String, Value>) -> Result<Value, RpcError> {
    let Target::Http(mount) = target else {
        return Err(on_connection());
    };
    let id = session_param(params)?
        .ok_or_else(|| rpc_error(INVALID_PARAMS, "`params.session_id` is required"))?;
    if !mount.app.sessions.remove(mount.info, &id) {
        return Err(unknown_session(&id));
    }
    Ok(json!({ "session_id": id, "closed": true }))
}

fn on_connection() -> RpcError {
    rpc_error(
        METHOD_NOT_FOUND,
        "openenv/session/* is for POST /mcp; on /ws the connection itself is the session",
    )
}
