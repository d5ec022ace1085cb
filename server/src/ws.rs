//! `GET /ws`: the OpenEnv session protocol the real client speaks. One
//! [`AnyEnv`] per connection; text frames carry `{"type", "data"}`
//! envelopes (`reset`, `step`, `state`, `close`, `mcp`); exactly one reply
//! per message, in order, and none to `close`.
//!
//! Steps take microseconds, so they run inline on the connection task; the
//! task is always back to reading the socket at once, which is when
//! tungstenite answers the client's pings.

use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use env_wasm::{AnyEnv, EnvError, ResetDefaults};
use serde::Serialize;
use serde_json::{Map, Value, json};
use tokio::time::Instant;

use crate::body;
use crate::error::{ApiError, field_path};
use crate::ids;
use crate::mcp;
use crate::mount::Mount;

/// Normal closure, as the reference sends after `close` and capacity errors.
const CLOSE_NORMAL: u16 = 1000;
const CLOSE_GOING_AWAY: u16 = 1001;
const CLOSE_UNSUPPORTED: u16 = 1003;
/// How long to wait for the client's half of a close handshake.
const CLOSE_HANDSHAKE: Duration = Duration::from_secs(2);

pub async fn upgrade(
    State(mount): State<Mount>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(rejection) => {
            return ApiError::UpgradeRequired(format!(
                "{}: /ws speaks the OpenEnv WebSocket session protocol; connect with a WebSocket client \
                 (e.g. openenv-core's GenericEnvClient)",
                rejection.body_text()
            ))
            .into_response();
        }
    };
    let limit = mount.app.config.max_body_bytes;
    upgrade
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_failed_upgrade(|err| tracing::debug!(%err, "websocket upgrade failed"))
        .on_upgrade(move |socket| run(socket, mount))
}

/// Serve one connection until `close`, a socket close, an idle timeout or
/// server shutdown. Its session slot is freed before the closing frame goes
/// out, so a client that saw the close can reconnect at once.
async fn run(mut socket: WebSocket, mount: Mount) {
    let slot = match mount.app.sessions.open_connection() {
        Ok(slot) => slot,
        Err(err) => {
            let frame = match err {
                ApiError::CapacityReached { active, max } => error_frame(
                    "CAPACITY_REACHED",
                    format!(
                        "Server at capacity: {active}/{max} sessions active; retry later or close idle sessions"
                    ),
                    json!({ "active_sessions": active, "max_sessions": max }),
                ),
                other => error_frame("SESSION_ERROR", other.message(), json!({})),
            };
            if socket.send(text(frame)).await.is_ok() {
                close(socket, CLOSE_NORMAL, "").await;
            }
            return;
        }
    };
    let idle = mount.app.config.session_idle;
    let mut shutdown = mount.app.shutdown.subscribe();
    let mut env = AnyEnv::of(mount.info);
    let mut deadline = Instant::now() + idle;
    let ending: Option<(u16, String)> = loop {
        let received = tokio::select! {
            _ = shutdown.wait_for(|down| *down) => {
                break Some((CLOSE_GOING_AWAY, "server shutting down".to_owned()));
            }
            received = tokio::time::timeout_at(deadline, socket.recv()) => received,
        };
        let message = match received {
            Err(_elapsed) => {
                break Some((
                    CLOSE_NORMAL,
                    format!("idle for more than {} s", idle.as_secs()),
                ));
            }
            // The peer went away or broke the protocol (an oversized frame
            // included): nothing more can be said on this socket.
            Ok(None | Some(Err(_))) => break None,
            Ok(Some(Ok(message))) => message,
        };
        match message {
            Message::Text(frame) => {
                // Only protocol messages count as activity; pings keep the
                // socket alive but not the session.
                deadline = Instant::now() + idle;
                match handle(&mount, &mut env, frame.as_str()) {
                    Outcome::Reply(reply) => {
                        if socket.send(text(reply)).await.is_err() {
                            break None;
                        }
                    }
                    Outcome::Close => break Some((CLOSE_NORMAL, String::new())),
                }
            }
            Message::Binary(_) => {
                let frame = error_frame(
                    "SESSION_ERROR",
                    "binary frames are not supported: send JSON text frames; closing the session"
                        .to_owned(),
                    json!({}),
                );
                drop(slot);
                if socket.send(text(frame)).await.is_ok() {
                    close(socket, CLOSE_UNSUPPORTED, "binary frames are not supported").await;
                }
                return;
            }
            // tungstenite queues the pong itself and sends it on the next read.
            Message::Ping(_) | Message::Pong(_) => {}
            // The reply to the peer's close goes out on the next read, which
            // then ends the stream.
            Message::Close(_) => {}
        }
    };
    drop(slot);
    if let Some((code, reason)) = ending {
        close(socket, code, &reason).await;
    }
}

/// Send a close frame and wait briefly for the client's, so the closing
/// frame is not lost to a reset connection.
async fn close(mut socket: WebSocket, code: u16, reason: &str) {
    let frame = CloseFrame {
        code,
        reason: Utf8Bytes::from(reason),
    };
    if socket.send(Message::Close(Some(frame))).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_HANDSHAKE, async {
        while let Some(Ok(_)) = socket.recv().await {}
    })
    .await;
}

fn text(body: String) -> Message {
    Message::Text(Utf8Bytes::from(body))
}

/// What one text frame asks of the connection.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Reply(String),
    Close,
}

#[derive(Serialize)]
struct Envelope<T: Serialize> {
    #[serde(rename = "type")]
    kind: &'static str,
    data: T,
}

fn envelope<T: Serialize>(kind: &'static str, data: T) -> String {
    serde_json::to_string(&Envelope { kind, data }).unwrap_or_else(|_| {
        error_frame(
            "SESSION_ERROR",
            "the reply could not be encoded".to_owned(),
            json!({}),
        )
    })
}

/// `{"type":"error","data":{"message","code",...extra}}`.
fn error_frame(code: &str, message: String, extra: Value) -> String {
    let mut data = json!({ "message": message, "code": code });
    if let (Value::Object(data), Value::Object(extra)) = (&mut data, extra) {
        data.extend(extra);
    }
    json!({ "type": "error", "data": data }).to_string()
}

/// A `VALIDATION_ERROR` with the pydantic-style `errors` list.
fn validation_frame(
    message: String,
    field: Option<&str>,
    loc: Vec<Value>,
    error_type: &str,
) -> String {
    let mut extra = json!({ "errors": [{ "loc": loc, "msg": message, "type": error_type }] });
    if let Some(field) = field {
        extra["field"] = json!(field);
    }
    error_frame("VALIDATION_ERROR", message, extra)
}

/// The reply to a refusal from the core; the session is kept either way.
fn env_error_frame(err: &EnvError) -> String {
    match err {
        EnvError::Validation { field, .. } => {
            // An action field is located as the reference does: from the
            // action itself (`["raw"]`), the full path staying in `field`.
            let mut loc = field_path(field);
            if loc.first().is_some_and(|p| p == "action" || p == "body") {
                loc.remove(0);
            }
            validation_frame(err.to_string(), Some(field), loc, "value_error")
        }
        EnvError::UnknownTask { .. } | EnvError::UnknownEnv { .. } => {
            let field = err.field().unwrap_or("task");
            let mut frame = json!({ "errors": [{ "loc": [field], "msg": err.to_string(), "type": "value_error" }] });
            frame["field"] = json!(field);
            frame["reason"] = json!(err.code());
            error_frame("VALIDATION_ERROR", err.to_string(), frame)
        }
        EnvError::NotStarted | EnvError::EpisodeDone => error_frame(
            "EXECUTION_ERROR",
            err.to_string(),
            json!({ "reason": err.code() }),
        ),
    }
}

/// Answer one text frame. Every refusal leaves the session as it was.
pub fn handle(mount: &Mount, env: &mut AnyEnv, frame: &str) -> Outcome {
    let value: Value = match serde_json::from_str(frame) {
        Ok(value) => value,
        Err(err) => {
            return Outcome::Reply(error_frame(
                "INVALID_JSON",
                format!("Invalid JSON: {err}"),
                json!({}),
            ));
        }
    };
    let Value::Object(mut message) = value else {
        return Outcome::Reply(validation_frame(
            format!(
                "a message must be a JSON object {{\"type\": ..., \"data\": ...}}, got {}",
                body::kind(&value)
            ),
            None,
            vec![],
            "model_type",
        ));
    };
    let kind = match message.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        Some(other) => return Outcome::Reply(unknown_type(&other.to_string())),
        None => {
            return Outcome::Reply(error_frame(
                "UNKNOWN_TYPE",
                "Missing message type: send {\"type\": \"reset\" | \"step\" | \"state\" | \"close\" | \"mcp\", ...}"
                    .to_owned(),
                json!({}),
            ));
        }
    };
    let (kind, allowed): (&'static str, &[&str]) = match kind {
        "reset" => ("reset", &["type", "data"]),
        "step" => ("step", &["type", "data"]),
        "mcp" => ("mcp", &["type", "data"]),
        "state" => ("state", &["type"]),
        "close" => ("close", &["type"]),
        other => return Outcome::Reply(unknown_type(other)),
    };
    // Envelopes forbid extra keys, as in the reference.
    if let Some(extra) = message.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Outcome::Reply(validation_frame(
            format!(
                "`{extra}` is not allowed in a `{kind}` message (allowed: {})",
                allowed.join(", ")
            ),
            Some(extra),
            vec![json!(extra)],
            "extra_forbidden",
        ));
    }
    let data = message.remove("data");
    let reply = match kind {
        "reset" => match object_data(data, false) {
            Err(frame) => frame,
            Ok(options) => {
                let defaults = match (ids::generate_seed(), ids::generate_episode_id()) {
                    (Ok(seed), Ok(episode_id)) => ResetDefaults {
                        seed,
                        episode_id: Some(episode_id),
                    },
                    _ => {
                        return Outcome::Reply(error_frame(
                            "EXECUTION_ERROR",
                            ApiError::Internal.message(),
                            json!({}),
                        ));
                    }
                };
                match env.reset(&options, defaults) {
                    Ok(result) => envelope("observation", result),
                    Err(err) => env_error_frame(&err),
                }
            }
        },
        "step" => match object_data(data, true) {
            Err(frame) => frame,
            Ok(action) => match env.step(&action) {
                Ok(result) => envelope("observation", result),
                Err(err) => env_error_frame(&err),
            },
        },
        "state" => envelope("state", env.state()),
        "mcp" => match object_data(data, true) {
            Err(frame) => frame,
            Ok(request) => envelope(
                "mcp",
                mcp::handle(mcp::Target::Connection(mount, env), request),
            ),
        },
        _ => return Outcome::Close,
    };
    Outcome::Reply(reply)
}

fn unknown_type(kind: &str) -> String {
    error_frame(
        "UNKNOWN_TYPE",
        format!("Unknown message type: {kind}; expected reset, step, state, close or mcp"),
        json!({}),
    )
}

/// `data` as an object; when absent, `{}` unless `required`.
fn object_data(data: Option<Value>, required: bool) -> Result<Value, String> {
    match data {
        None if !required => Ok(Value::Object(Map::new())),
        None => Err(validation_frame(
            "`data` is required".to_owned(),
            Some("data"),
            vec![json!("data")],
            "missing",
        )),
        Some(data @ Value::Object(_)) => Ok(data),
        Some(other) => Err(validation_frame(
            format!("`data` must be a JSON object, got {}", body::kind(&other)),
            Some("data"),
            vec![json!("data")],
            "model_type",
        )),
    }
}
