//! MCP over JSON-RPC 2.0: `POST /mcp` (streamable HTTP, JSON replies; the
//! statuses of the transport's rules, see [`http`]) and the `/ws` `mcp`
//! message (the connection's session).
//!
//! The tools are the free `read_task` (the episode as it stands, no step)
//! and the environment's own verbs ([`env_wasm::tools`]), never OpenEnv's
//! reserved simulation controls: a verb's `tools/call` plays one step of
//! the session's episode ([`AnyEnv::call_tool`]) and returns it compactly
//! (`structuredContent` with the reward, done and the observation fields
//! that changed; a short text summary). Episodes are the trainer's:
//! `/reset`, a `/ws` reset, and `openenv/session/create` / `close`.
//!
//! Sessions: `initialize` over HTTP opens one of the server's sessions (an
//! episode of what the endpoint's query names, else the default task, so
//! an agent alone can play at once) and
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
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use env_wasm::{AnyEnv, EnvError};
use serde_json::{Map, Value, json};

use crate::body::read_limited;
use crate::error::{ApiError, Transport};
use crate::ids;
use crate::mount::{Mount, READ_TASK};
use crate::rpc::{INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR};
use crate::sessions::Session;
use crate::wire;

pub mod notices;
mod renderings;
mod resources;

use notices::Notices;

/// The MCP revisions of the `initialize` handshake this server speaks; a
/// client asking for another is answered with the newest.
const PROTOCOL_VERSIONS: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
/// The header a client names its negotiated protocol revision in.
const PROTOCOL_VERSION_HEADER: &str = "mcp-protocol-version";

/// Where a request runs.
pub enum Target<'a> {
    /// `POST /mcp`: the HTTP session table; `headers` may name the session,
    /// and the endpoint's query (`?task=medium&difficulty=3`) is the reset
    /// options of the session `initialize` opens.
    Http(&'a Mount, &'a HeaderMap, Option<&'a str>),
    /// A `/ws` connection: its own environment (or the session it attached).
    Connection(&'a Mount, &'a mut AnyEnv),
}

impl Target<'_> {
    fn mount(&self) -> &Mount {
        match self {
            Target::Http(mount, ..) | Target::Connection(mount, _) => mount,
        }
    }
}

/// An answer: the JSON-RPC response, the session `initialize` opened
/// (which the HTTP reply names), and the HTTP status: 200, or 503 when the
/// replica cannot open a session (draining, or full), so a proxy retries
/// elsewhere.
pub struct Answer {
    pub response: Value,
    pub session: Option<String>,
    pub status: StatusCode,
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
        status: StatusCode::OK,
    }
}

/// The JSON-RPC response ([`wire::JsonRpcResponse`]) to the request `id`.
fn response(id: Value, outcome: Result<Value, ApiError>) -> Value {
    let outcome = match outcome {
        Ok(result) => wire::RpcOutcome::Result(result),
        Err(err) => wire::RpcOutcome::Error(err.rpc_error()),
    };
    let response = wire::JsonRpcResponse {
        jsonrpc: wire::JsonRpcVersion,
        id,
        outcome,
    };
    serde_json::to_value(response).unwrap_or(Value::Null)
}

/// `POST /mcp`. A request gets HTTP 200 and a JSON-RPC response, a
/// notification or a response (client to server) 202 and no body, as the
/// streamable HTTP transport says; a browser origin that is not allowed
/// 403; a request naming a session that is not (or no longer) open 404
/// (the client's cue to initialize again); a malformed session id, an
/// unsupported `MCP-Protocol-Version`, or an MCP client's request without
/// its session 400; a session the replica cannot open (draining, full) 503
/// with `Retry-After`; each error with a JSON-RPC error body.
pub async fn http(State(mount): State<Mount>, request: Request) -> Response {
    let headers = request.headers().clone();
    if let Err(err) = origin_check(&mount, &headers) {
        return refusal(&mount, Value::Null, (err.status(), err));
    }
    let query = request.uri().query().map(str::to_owned);
    let answer = match read_limited(request, mount.app.config.max_body_bytes).await {
        Err(err @ ApiError::PayloadTooLarge { .. }) => refused(rpc(INVALID_REQUEST, err.message())),
        Err(err) => refused(rpc(PARSE_ERROR, err.message())),
        Ok(bytes) => match serde_json::from_slice::<Value>(&bytes) {
            Err(err) => refused(rpc(
                PARSE_ERROR,
                format!("Parse error: {err}; send one JSON-RPC 2.0 object"),
            )),
            Ok(request) => {
                if let Err(refused) = transport_check(&mount, &headers, &request) {
                    return refusal(&mount, request_id(&request), refused);
                }
                if is_notification(&request) || is_response(&request) {
                    return StatusCode::ACCEPTED.into_response();
                }
                handle(Target::Http(&mount, &headers, query.as_deref()), request)
            }
        },
    };
    if let Some(code) = answer
        .response
        .pointer("/error/data/code")
        .and_then(Value::as_str)
    {
        count_error(&mount, code);
    } else if answer.response.get("error").is_some() {
        count_error(&mount, "INVALID_REQUEST");
    }
    let mut reply = (answer.status, Json(answer.response)).into_response();
    if answer.status == StatusCode::SERVICE_UNAVAILABLE {
        reply.headers_mut().insert(
            axum::http::header::RETRY_AFTER,
            HeaderValue::from_static("1"),
        );
    }
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

/// A transport refusal: `err`'s status with a JSON-RPC error body,
/// counted in `/metrics` by its code.
fn refusal(mount: &Mount, id: Value, (status, err): (StatusCode, ApiError)) -> Response {
    count_error(mount, err.code());
    (status, Json(response(id, Err(err)))).into_response()
}

/// `/metrics` counts MCP refusals by their stable code, as HTTP ones.
fn count_error(mount: &Mount, code: &str) {
    // The counter's label is static: a code outside ours is counted as
    // one whose kind it is.
    let code = ERROR_CODES
        .iter()
        .find(|known| **known == code)
        .copied()
        .unwrap_or("INVALID_REQUEST");
    mount.app.metrics.error(code);
}

/// The codes an MCP error can carry in `error.data.code`
/// ([`ApiError::code`], [`EnvError::code`]).
const ERROR_CODES: [&str; 14] = [
    "VALIDATION_ERROR",
    "INVALID_JSON",
    "UNKNOWN_ENV",
    "UNKNOWN_TASK",
    "UNKNOWN_TOOL",
    "EPISODE_NOT_STARTED",
    "EPISODE_DONE",
    "PAYLOAD_TOO_LARGE",
    "CAPACITY_REACHED",
    "DRAINING",
    "ORIGIN_NOT_ALLOWED",
    "INVALID_REQUEST",
    "INTERNAL_ERROR",
    "NOT_FOUND",
];

/// The DNS-rebinding guard of the streamable HTTP transport: a request
/// with an `Origin` header (a browser's) is served only from a loopback
/// origin or one [`crate::Config::mcp_allowed_origins`] lists (`*`: any).
/// The request's own `Host` is no proof: a rebound name makes the
/// attacker's page and this server share it.
fn origin_check(mount: &Mount, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(axum::http::header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or_default().trim_end_matches('/');
    let allowed = &mount.app.config.mcp_allowed_origins;
    if is_loopback_origin(origin) || allowed.iter().any(|a| a == "*" || a == origin) {
        return Ok(());
    }
    Err(ApiError::OriginNotAllowed {
        origin: origin.chars().take(100).collect(),
    })
}

/// `http://localhost:3000`, `https://127.0.0.1`, `http://[::1]:8080`.
fn is_loopback_origin(origin: &str) -> bool {
    let Some(rest) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return false;
    };
    let host = match rest.strip_prefix("[::1]") {
        Some(port) => return port.is_empty() || is_port(port),
        None => rest.split_once(':').map_or(rest, |(host, _)| host),
    };
    let port = &rest[host.len()..];
    (port.is_empty() || is_port(port))
        && (host.eq_ignore_ascii_case("localhost") || host == "127.0.0.1")
}

/// `:8080`.
fn is_port(text: &str) -> bool {
    text.strip_prefix(':')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// The id of a request, for the error that refuses it (null when it has
/// none a response may echo).
fn request_id(request: &Value) -> Value {
    match request.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    }
}

/// A well-formed JSON-RPC notification (`notifications/...`, no `id`):
/// accepted with 202 and no body over HTTP. Other id-less messages are
/// answered as before, so a malformed one still hears why.
fn is_notification(request: &Value) -> bool {
    request.get("id").is_none()
        && request.get("jsonrpc").and_then(Value::as_str) == Some("2.0")
        && request
            .get("method")
            .and_then(Value::as_str)
            .is_some_and(|m| m.starts_with("notifications/"))
}

/// A JSON-RPC response a client posts (to a server request; this server
/// sends none, but the transport says to accept it): 202, no body.
fn is_response(message: &Value) -> bool {
    message.get("jsonrpc").and_then(Value::as_str) == Some("2.0")
        && message.get("id").is_some()
        && message.get("method").is_none()
        && (message.get("result").is_some() || message.get("error").is_some())
}

/// The streamable HTTP transport's refusals, before any method runs: an
/// `MCP-Protocol-Version` this server does not speak (400), a session
/// header that is no session id (400) or names no open session (404), and
/// a request after `initialize` that names no session (400).
///
/// That last rule: a client that negotiated a protocol revision sends it
/// in `MCP-Protocol-Version` on every later request, with the session
/// `initialize` gave it; such a request naming no session (no
/// `Mcp-Session-Id`, `X-Session-Id` or `params.session_id`) is refused, as
/// the transport says of a server that issues session ids. OpenEnv's
/// plain JSON-RPC clients send no protocol header and keep the anonymous
/// session ([`http_session`]).
fn transport_check(
    mount: &Mount,
    headers: &HeaderMap,
    request: &Value,
) -> Result<(), (StatusCode, ApiError)> {
    let bad = |err| (StatusCode::BAD_REQUEST, err);
    version_check(headers)?;
    match header_session(headers).map_err(bad)? {
        Some(id) if mount.app.sessions.get(mount.info, Some(&id)).is_none() => {
            Err((StatusCode::NOT_FOUND, unknown_session(&id)))
        }
        Some(_) => Ok(()),
        None => {
            let method = request.get("method").and_then(Value::as_str);
            let names_session = request
                .pointer("/params/session_id")
                .is_some_and(|id| !id.is_null());
            if headers.contains_key(PROTOCOL_VERSION_HEADER)
                && method.is_some_and(|m| m != "initialize" && !m.starts_with("notifications/"))
                && !names_session
            {
                return Err(bad(rpc(
                    INVALID_REQUEST,
                    "no Mcp-Session-Id: after initialize, send the Mcp-Session-Id header it \
                     returned on every request (or initialize again)",
                )));
            }
            Ok(())
        }
    }
}

/// An `MCP-Protocol-Version` this server does not speak: 400.
fn version_check(headers: &HeaderMap) -> Result<(), (StatusCode, ApiError)> {
    let Some(version) = headers.get(PROTOCOL_VERSION_HEADER) else {
        return Ok(());
    };
    let version = version.to_str().unwrap_or_default();
    if PROTOCOL_VERSIONS.contains(&version) {
        return Ok(());
    }
    Err((
        StatusCode::BAD_REQUEST,
        rpc(
            INVALID_REQUEST,
            format!(
                "unsupported MCP-Protocol-Version `{}`: send one of {} (the version initialize \
                 answered)",
                version.chars().take(40).collect::<String>(),
                PROTOCOL_VERSIONS.join(", ")
            ),
        ),
    ))
}

/// `GET /mcp`: the notification stream of the session `Mcp-Session-Id`
/// names ([`notices`]), server-sent events of one JSON-RPC notification
/// each, open until the session ends or the client opens a newer one. As
/// the streamable HTTP transport says: without a session header 405 (no
/// stream to offer: nothing is announced to no session), a malformed
/// session id or unsupported protocol version 400, a session that is not
/// open 404, a client that does not accept `text/event-stream` 406, a
/// browser origin not allowed 403; each with a JSON-RPC error body.
pub async fn listen(State(mount): State<Mount>, headers: HeaderMap) -> Response {
    if let Err(err) = origin_check(&mount, &headers) {
        return refusal(&mount, Value::Null, (err.status(), err));
    }
    if let Err(refused) = version_check(&headers) {
        return refusal(&mount, Value::Null, refused);
    }
    let id = match header_session(&headers) {
        Err(err) => return refusal(&mount, Value::Null, (StatusCode::BAD_REQUEST, err)),
        Ok(Some(id)) => id,
        Ok(None) => {
            let err = rpc(
                INVALID_REQUEST,
                "GET /mcp opens the notification stream of an MCP session: send the \
                 Mcp-Session-Id header initialize returned",
            );
            let mut reply = refusal(&mount, Value::Null, (StatusCode::METHOD_NOT_ALLOWED, err));
            reply.headers_mut().insert(
                axum::http::header::ALLOW,
                HeaderValue::from_static("GET, POST, DELETE"),
            );
            return reply;
        }
    };
    let Some(session) = mount.app.sessions.get(mount.info, Some(&id)) else {
        return refusal(
            &mount,
            Value::Null,
            (StatusCode::NOT_FOUND, unknown_session(&id)),
        );
    };
    if !accepts_event_stream(&headers) {
        let err = rpc(
            INVALID_REQUEST,
            "GET /mcp answers with server-sent events: send Accept: text/event-stream",
        );
        return refusal(&mount, Value::Null, (StatusCode::NOT_ACCEPTABLE, err));
    }
    let notices = session.env().notices().clone();
    axum::response::sse::Sse::new(notices.listen(mount.info))
        .keep_alive(axum::response::sse::KeepAlive::default())
        .into_response()
}

/// Whether the request's `Accept` allows `text/event-stream` (no header:
/// anything).
fn accepts_event_stream(headers: &HeaderMap) -> bool {
    let accepted: Vec<&str> = headers
        .get_all(axum::http::header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|v| v.split(';').next().unwrap_or_default().trim())
        .collect();
    accepted.is_empty()
        || accepted
            .iter()
            .any(|t| t.eq_ignore_ascii_case("text/event-stream") || *t == "*/*" || *t == "text/*")
}

/// `DELETE /mcp`: end the session `Mcp-Session-Id` names; 404 when it is
/// not open, 400 when the header is missing or no session id.
pub async fn end_session(State(mount): State<Mount>, headers: HeaderMap) -> Response {
    if let Err(err) = origin_check(&mount, &headers) {
        mount.app.metrics.error(err.code());
        return err.into_response();
    }
    let id = match headers.get(ids::MCP_HEADER) {
        None => {
            let err = ApiError::Missing {
                field: ids::MCP_HEADER,
                hint: "DELETE /mcp ends the MCP session its Mcp-Session-Id header names",
            };
            return (StatusCode::BAD_REQUEST, Json(err.body())).into_response();
        }
        Some(_) => match header_session(&headers) {
            Ok(Some(id)) => id,
            Ok(None) | Err(_) => {
                let err = ApiError::validation(
                    ids::MCP_HEADER,
                    "not a session id: send the Mcp-Session-Id initialize returned",
                );
                return (StatusCode::BAD_REQUEST, Json(err.body())).into_response();
            }
        },
    };
    if mount.app.sessions.remove(mount.info, &id) {
        Json(wire::SessionClosed {
            session_id: id,
            closed: true,
        })
        .into_response()
    } else {
        (StatusCode::NOT_FOUND, Json(unknown_session(&id).body())).into_response()
    }
}

/// Answer one JSON-RPC request.
pub fn handle(mut target: Target<'_>, request: Value) -> Answer {
    let plain = |response| Answer {
        response,
        session: None,
        status: StatusCode::OK,
    };
    if !request.is_object() {
        return refused(rpc(
            INVALID_REQUEST,
            "Invalid Request: send one JSON-RPC 2.0 object (batches are not supported)",
        ));
    }
    let request = match wire::JsonRpcRequest::read(&request) {
        Ok(request) => request,
        Err((id, code, message)) => return plain(response(id, Err(rpc(code, message)))),
    };
    let id = request.id_value();
    let params = request.params();
    let method = request.method.0.as_str();
    let mut session = None;
    let outcome = match method {
        "initialize" => initialize(&target, params).map(|(result, opened)| {
            session = opened;
            result
        }),
        "ping" => Ok(json!({})),
        "tools/list" => list_tools(&mut target, params),
        "tools/call" => call_tool(&mut target, params),
        "resources/list" => list_resources(&mut target, params),
        "resources/templates/list" => Ok(json!({ "resourceTemplates": [] })),
        "resources/read" => read_resource(&mut target, params),
        "resources/subscribe" => subscribe(&mut target, params, true),
        "resources/unsubscribe" => subscribe(&mut target, params, false),
        "openenv/session/create" => create_session(&target),
        "openenv/session/close" => close_session(&target, params),
        m if m.starts_with("notifications/") => Ok(json!({})),
        other => Err(rpc(
            METHOD_NOT_FOUND,
            format!(
                "Method not found: {}; available: {}",
                other.chars().take(60).collect::<String>(),
                wire::RPC_METHODS.join(", ")
            ),
        )),
    };
    // A replica that cannot open the session says so in HTTP too, with
    // `Retry-After`, so a proxy's retry lands elsewhere.
    let status = match &outcome {
        Err(err @ (ApiError::Draining | ApiError::CapacityReached { .. })) => err.status(),
        _ => StatusCode::OK,
    };
    Answer {
        response: response(id, outcome),
        session,
        status,
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
    // The instructions name the tools of the episode on (they may follow
    // its task and level).
    let (opened, tools) = match target {
        Target::Http(mount, headers, query) => {
            let session = match header_session(headers)? {
                Some(id) => mount
                    .app
                    .sessions
                    .get(mount.info, Some(&id))
                    .ok_or_else(|| unknown_session(&id))?,
                None => {
                    // Validate before touching the table, so a bad query
                    // opens nothing.
                    let options = endpoint_options(mount, *query)?;
                    let defaults = ids::reset_defaults(&options)?;
                    let session = mount.app.sessions.create(mount.info)?;
                    mount.app.metrics.reset(mount.info.id, options.task.id);
                    session.env().reset_with(options, defaults)?;
                    session
                }
            };
            // The client starts from the episode and tools as they are.
            let env = session.env();
            env.notices().shown_episode(&env);
            env.notices().shown_tools(&env);
            (Some(session.id().to_owned()), env.tools())
        }
        Target::Connection(_, env) => (None, env.tools()),
    };
    // Over HTTP the session's GET stream carries notifications; a `/ws`
    // connection is its own trainer and hears of nothing it did not do.
    let announced = opened.is_some();
    let result = json!({
        "protocolVersion": version,
        "serverInfo": { "name": format!("deskbench/{}", mount.info.id), "version": env!("CARGO_PKG_VERSION") },
        "capabilities": {
            "tools": { "listChanged": announced && mount.docs.tools_follow_task },
            "resources": { "subscribe": announced, "listChanged": announced },
        },
        "instructions": instructions(mount, crate::mount::tool_list(tools)),
    });
    Ok((result, opened))
}

/// What an agent is told once: the environment, then the tools of its
/// episode in MCP's call syntax (`view_ticket(ticket_id)`), what a call
/// costs and returns.
fn instructions(mount: &Mount, tools: Value) -> String {
    let signatures: Vec<String> = tools
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter(|t| t["name"] != READ_TASK)
        .map(signature)
        .collect();
    let resources = resources::uris(mount.info.id).join(" and ");
    format!(
        "{} Read the case first, for free (no step): call {READ_TASK}() (everything in one \
         text), or read the resources {resources} (an instruction is the same for the whole \
         episode: read it once). Then {} \
         each play one step and return its feedback as text, with the reward, done and the \
         observation fields the step changed as structured content; the call that ends the \
         episode says \"score X of 1\" with its breakdown and deductions. The episode is the \
         trainer's: this session plays the task and level the endpoint URL names \
         (?task=...&difficulty=...), else the default task. When the trainer resets it, the \
         session's GET stream says so (notifications/resources/list_changed, and \
         tools/list_changed when the tools change); the case then shows the new episode.",
        mount.info.description,
        signatures.join(", ")
    )
}

/// `view_ticket(ticket_id)`, `set_triage(ticket_id, priority?, department?)`.
fn signature(tool: &Value) -> String {
    let required: Vec<&str> = tool
        .pointer("/inputSchema/required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let arguments: Vec<String> = tool
        .pointer("/inputSchema/properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.keys()
                .map(|k| match required.contains(&k.as_str()) {
                    true => k.clone(),
                    false => format!("{k}?"),
                })
                .collect()
        })
        .unwrap_or_default();
    format!(
        "{}({})",
        tool["name"].as_str().unwrap_or_default(),
        arguments.join(", ")
    )
}

/// The reset options the endpoint's query names (`?task=medium&
/// difficulty=3&seed=7&reward_mode=score`, the same names as `/reset`'s
/// body), else the default task: a harness chooses what its agent plays
/// when it opens the session, while later resets stay the trainer's.
fn endpoint_options(
    mount: &Mount,
    query: Option<&str>,
) -> Result<env_wasm::ResetOptions, ApiError> {
    let Some(query) = query.filter(|q| !q.is_empty()) else {
        return Ok(default_options(mount));
    };
    let uri: axum::http::Uri = format!("/?{query}").parse().map_err(|_| {
        ApiError::validation("query", "not a URL query: send ?task=<id>&difficulty=<1-5>")
    })?;
    let axum::extract::Query(pairs) =
        axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&uri).map_err(|_| {
            ApiError::validation("query", "not a URL query: send ?task=<id>&difficulty=<1-5>")
        })?;
    let options: Map<String, Value> = pairs
        .into_iter()
        .map(|(name, value)| {
            // Numbers (seed, difficulty, index) as numbers; the rest as text.
            let value = match value.parse::<u64>() {
                Ok(number) => json!(number),
                Err(_) => Value::String(value),
            };
            (name, value)
        })
        .collect();
    env_wasm::ResetOptions::parse_with(mount.info, &Value::Object(options), &[ids::FIELD])
        .map_err(ApiError::Env)
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

/// Run `f` on the episode a request plays in: the `/ws` connection's, or
/// the HTTP session's with its [`Notices`]; `None` when the HTTP request
/// has no session yet.
fn on_episode<T>(
    target: &mut Target<'_>,
    params: &Map<String, Value>,
    f: impl FnOnce(&mut AnyEnv, Option<&Notices>) -> T,
) -> Result<Option<T>, ApiError> {
    match target {
        Target::Connection(_, env) => Ok(Some(f(env, None))),
        Target::Http(mount, headers, _) => {
            Ok(http_session(mount, headers, params)?.map(|session| {
                let mut env = session.env();
                let notices = env.notices().clone();
                f(&mut env, Some(&notices))
            }))
        }
    }
}

/// `tools/list`: the tools of the session's episode, which may follow its
/// task (productivity's `propose` and `final` take that task's typed
/// answer), else the environment's (no session yet, or no episode).
fn list_tools(target: &mut Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let tools = on_episode(target, params, |env, notices| {
        if let Some(notices) = notices {
            notices.shown_tools(env);
        }
        env.tools()
    })?;
    Ok(match tools {
        Some(tools) => json!({ "tools": crate::mount::tool_list(tools) }),
        None => json!({ "tools": target.mount().docs.tools }),
    })
}

/// `resources/list`: the instruction and the case of the session's episode.
fn list_resources(target: &mut Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let info = target.mount().info;
    let listed = on_episode(target, params, |env, _| resources::list(info, Some(env)))?;
    Ok(listed.unwrap_or_else(|| resources::list(info, None)))
}

/// The `uri` a resources request names.
fn uri_param(params: &Map<String, Value>) -> Result<&str, ApiError> {
    params
        .get("uri")
        .and_then(Value::as_str)
        .ok_or(ApiError::Missing {
            field: "params.uri",
            hint: "name the resource (a uri from resources/list)",
        })
}

/// `resources/read`: free, as `read_task`; reading the case shows the
/// client the episode as it stands.
fn read_resource(target: &mut Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let uri = uri_param(params)?;
    resources::find(target.mount().info, uri)?;
    let read = on_episode(target, params, |env, notices| {
        let read = resources::read(env, uri);
        if let (Some(notices), Ok(_)) = (notices, &read)
            && resources::changes_with_steps(uri)
        {
            notices.shown_episode(env);
        }
        read
    })?;
    read.unwrap_or(Err(ApiError::Env(EnvError::NotStarted)))
}

/// `resources/subscribe` (`on`) and `resources/unsubscribe`: which changes
/// the session's GET stream announces.
fn subscribe(
    target: &mut Target<'_>,
    params: &Map<String, Value>,
    on: bool,
) -> Result<Value, ApiError> {
    if matches!(target, Target::Connection(..)) {
        return Err(rpc(
            METHOD_NOT_FOUND,
            "resources/subscribe is for POST /mcp, whose session's GET /mcp stream carries the \
             updates; a /ws connection is its own trainer and reads the case with resources/read",
        ));
    }
    let uri = uri_param(params)?;
    resources::find(target.mount().info, uri)?;
    let done = on_episode(target, params, |_, notices| {
        if let Some(notices) = notices {
            match on {
                true => notices.subscribe(uri),
                false => notices.unsubscribe(uri),
            }
        }
    })?;
    done.map(|()| json!({}))
        .ok_or(ApiError::Env(EnvError::NotStarted))
}

fn call_tool(target: &mut Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let tools = target.mount().docs.tool_names.clone();
    let name = params.get("name").and_then(Value::as_str).ok_or_else(|| {
        ApiError::validation(
            "params.name",
            format!("`params.name` (a string) is required: {READ_TASK} or one of {tools}"),
        )
    })?;
    let arguments = params.get("arguments").unwrap_or(&Value::Null);
    let started = std::time::Instant::now();
    let played = on_episode(target, params, |env, notices| {
        let outcome = play(env, name, arguments);
        // What the result shows the client is not announced again.
        if let (Some(notices), Ok(_)) = (notices, &outcome) {
            notices.shown_episode(env);
        }
        outcome
    })?;
    let outcome = match (played, target.mount().info) {
        (Some(outcome), _) => outcome,
        // No session: the tool is still checked, so a wrong name says so.
        (None, _) if name == READ_TASK => Err(EnvError::NotStarted),
        (None, info) => AnyEnv::of(info)
            .call_tool(name, arguments)
            .and(Err(EnvError::NotStarted)),
    };
    let metrics = &target.mount().app.metrics;
    match outcome {
        Ok(result) => {
            if name != READ_TASK {
                metrics.step(target.mount().info.id, started.elapsed());
            }
            Ok(result)
        }
        // A name that is no tool is a protocol error in MCP; anything else
        // the agent can correct is a tool result with `isError`.
        Err(err @ EnvError::UnknownTool { .. }) => Err(ApiError::Env(err)),
        Err(err) => {
            let err = ApiError::Env(err);
            metrics.error(err.code());
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

/// One tool call on `env`: `read_task` reads, any other tool plays a step
/// unless [`AnyEnv::call_tool`] refuses it (spending no step).
fn play(env: &mut AnyEnv, name: &str, arguments: &Value) -> Result<Value, EnvError> {
    if name == READ_TASK {
        return read_task(env, arguments);
    }
    let before = env.observation().map(|o| o.to_value());
    let result = env.call_tool(name, arguments)?;
    Ok(step_result(env, before, result))
}

/// The episode as it stands, as one JSON text: what a harness that shows
/// its model only text content needs, given once rather than twice (no
/// `structuredContent` copy).
fn read_task(env: &AnyEnv, arguments: &Value) -> Result<Value, EnvError> {
    if arguments.as_object().is_some_and(|a| !a.is_empty()) {
        return Err(EnvError::validation(
            "arguments",
            format!("`{READ_TASK}` takes no arguments: send {{}}"),
        ));
    }
    let read = resources::reading(env, &[]).ok_or(EnvError::NotStarted)?;
    Ok(json!({
        "content": [{ "type": "text", "text": read.to_string() }],
        "isError": false,
    }))
}

/// A step's result, compact: `structuredContent` has the reward, done, the
/// score once the episode is over, and only the observation fields the
/// step changed, less what the text tells (`read_task` shows them all);
/// the text is a short summary for a model that reads text: the feedback,
/// the reward, and on the last step "score X of 1".
fn step_result(env: &AnyEnv, before: Option<Value>, result: env_wasm::StepResult) -> Value {
    let after = result.observation.to_value();
    let mut changed: Map<String, Value> = match (&after, before.as_ref()) {
        (Value::Object(after), Some(Value::Object(before))) => after
            .iter()
            .filter(|(k, v)| before.get(*k) != Some(*v))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        (Value::Object(after), _) => after.clone(),
        _ => Map::new(),
    };
    renderings::drop_rendered(env.info().id, &mut changed);
    send_changed_lines(before.as_ref(), &mut changed);
    // Said once, at the top level.
    changed.remove("step_count");
    let feedback = FEEDBACK_FIELDS
        .iter()
        .find_map(|k| after.get(*k).and_then(Value::as_str))
        .unwrap_or_default();
    drop_told(feedback, &mut changed);
    let reward = result.reward.map_or("none".to_owned(), |r| format!("{r}"));
    let state = env.state();
    let mut structured = json!({
        "reward": result.reward,
        "done": result.done,
        "step_count": state["step_count"],
        "observation": Value::Object(changed),
    });
    // What the step opened or found (a ticket, a record, an article) goes
    // in the text, once: a harness that shows its model only text content
    // (most do) would otherwise never show it. The inbox's changed rows
    // stay structured.
    let shown = take_rendered_texts(env.info().id, &mut structured["observation"]);
    let text = match env.terminal_score().filter(|_| result.done) {
        Some(score) => {
            structured["score"] = json!(score);
            let words = [breakdown_in_words(&after), feedback.to_owned()];
            let words: Vec<&str> = words
                .iter()
                .map(String::as_str)
                .filter(|w| !w.is_empty())
                .collect();
            format!(
                "Episode over: score {score} of 1 (reward {reward}). {}",
                words.join(" ")
            )
        }
        None => format!(
            "{feedback} (reward {reward}; step {} of {}{})",
            state["step_count"],
            state["max_steps"],
            if result.done { "; episode over" } else { "" }
        ),
    };
    let text = match shown.is_empty() {
        true => text.trim().to_owned(),
        false => format!("{}\n\n{}", text.trim(), shown.join("\n\n")),
    };
    json!({
        "content": [{ "type": "text", "text": text }],
        "structuredContent": structured,
        "isError": false,
    })
}

/// Observation fields that render what a step opened or looked up
/// (support_triage) or the next case of a full episode (it_mental_health),
/// as paths: told in a step result's text, not structured.
const TOLD_IN_TEXT: [(&str, &[&str]); 3] = [
    ("support_triage", &["ticket_detail"]),
    ("support_triage", &["lookup", "text"]),
    ("it_mental_health", &["scenario"]),
];

/// Take out of a step's changed observation fields the non-empty
/// renderings of [`TOLD_IN_TEXT`], in that order.
fn take_rendered_texts(env_id: &str, changed: &mut Value) -> Vec<String> {
    let mut told = Vec::new();
    for (env, path) in TOLD_IN_TEXT {
        let Some((field, parents)) = path.split_last() else {
            continue;
        };
        if env != env_id {
            continue;
        }
        let Some(holder) = changed
            .as_object_mut()
            .and_then(|changed| renderings::object_at(changed, parents))
        else {
            continue;
        };
        let text = holder
            .get(*field)
            .and_then(Value::as_str)
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty());
        if let Some(text) = text {
            holder.remove(*field);
            told.push(text);
        }
    }
    told
}

/// The final observation's score breakdown as one sentence, the same in
/// every environment: `Breakdown: priority 1, department 0.5.`
fn breakdown_in_words(observation: &Value) -> String {
    let parts: Vec<String> = observation
        .get("score_breakdown")
        .and_then(Value::as_object)
        .map(|breakdown| {
            breakdown
                .iter()
                .map(|(part, score)| match score.as_f64() {
                    // As the score is written: `1`, `0.5`.
                    Some(score) => format!("{part} {score}"),
                    None => format!("{part} {score}"),
                })
                .collect()
        })
        .unwrap_or_default();
    match parts.is_empty() {
        true => String::new(),
        false => format!("Breakdown: {}.", parts.join(", ")),
    }
}

/// Lines a text field needs before only its changed lines are sent.
const CHANGED_LINES_FROM: usize = 4;

/// A text field that changed in place in a few of its lines (support's
/// inbox summary when one ticket is opened or labelled) is sent as
/// `<field>_changed_lines`, the new text of those lines, rather than whole:
/// the rest is as the agent last saw it (`read_task` shows it whole). A
/// field whose lines were added or removed, or mostly changed, is sent
/// whole.
fn send_changed_lines(before: Option<&Value>, changed: &mut Map<String, Value>) {
    let Some(Value::Object(before)) = before else {
        return;
    };
    let texts: Vec<String> = changed
        .iter()
        .filter(|(_, value)| value.is_string())
        .map(|(name, _)| name.clone())
        .collect();
    for name in texts {
        let (Some(Value::String(old)), Some(Value::String(new))) =
            (before.get(&name), changed.get(&name))
        else {
            continue;
        };
        let (old, new): (Vec<&str>, Vec<&str>) = (old.lines().collect(), new.lines().collect());
        if old.len() != new.len() || new.len() < CHANGED_LINES_FROM {
            continue;
        }
        let lines: Vec<Value> = old
            .iter()
            .zip(&new)
            .filter(|(old, new)| old != new)
            .map(|(_, new)| json!(new))
            .collect();
        if lines.len() * 2 > new.len() {
            continue;
        }
        changed.remove(&name);
        changed.insert(format!("{name}_changed_lines"), Value::Array(lines));
    }
}

/// The observation fields that hold a step's feedback, by environment.
const FEEDBACK_FIELDS: [&str; 2] = ["feedback", "last_feedback"];

/// Leave out of `changed` what the text part already tells verbatim: the
/// feedback itself, and a graded task's notes when the feedback is made
/// of them (it_mental_health's, up to 2 KB a graded task at level 5,
/// were sent three times: in the text, in `feedback` and in
/// `graded.notes`). `read_task` still shows every field.
fn drop_told(feedback: &str, changed: &mut Map<String, Value>) {
    if feedback.is_empty() {
        return;
    }
    changed.retain(|name, value| !(FEEDBACK_FIELDS.contains(&name.as_str()) && value == feedback));
    if let Some(Value::Object(graded)) = changed.get_mut("graded") {
        let told = graded
            .get("notes")
            .and_then(Value::as_array)
            .is_some_and(|notes| {
                notes
                    .iter()
                    .all(|note| note.as_str().is_some_and(|n| feedback.contains(n)))
            });
        if told {
            graded.remove("notes");
        }
    }
}

fn create_session(target: &Target<'_>) -> Result<Value, ApiError> {
    let Target::Http(mount, ..) = target else {
        return Err(on_connection());
    };
    let session = mount.app.sessions.create(mount.info)?;
    Ok(json!({ "session_id": session.id() }))
}

/// End the session; a `/ws` connection attached to it keeps playing its
/// episode until it closes.
fn close_session(target: &Target<'_>, params: &Map<String, Value>) -> Result<Value, ApiError> {
    let Target::Http(mount, ..) = target else {
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
