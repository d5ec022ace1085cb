//! `GET /ws`: the OpenEnv session protocol the real client speaks. One
//! [`AnyEnv`] per connection; text frames carry `{"type", "data"}`
//! envelopes (`reset`, `step`, `state`, `close`, `mcp`); exactly one reply
//! per message, in order, and none to `close`.
//!
//! Steps take microseconds, so they run inline on the connection task; the
//! task is always back to reading the socket at once, which is when
//! tungstenite answers the client's pings. A step the [`Judge`] must see is
//! the exception: its reply waits seconds for the verdict, so the loop
//! polls the verdict and the socket together. Pings are answered meanwhile,
//! and text frames that arrive are queued and answered after the judged
//! reply, in order.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use env_wasm::{AnyEnv, EnvInfo, ResetOptions, StepResult};
use judge::{Judge, Submission, Verdict};
use serde::Serialize;
use serde_json::{Map, Value, json};
use tokio::time::Instant;

use crate::body;
use crate::error::ApiError;
use crate::ids;
use crate::mcp;
use crate::mount::Mount;
use crate::sessions::{Attachment, ConnectionSlot};

/// Normal closure, as the reference sends after `close` and capacity errors.
const CLOSE_NORMAL: u16 = 1000;
const CLOSE_GOING_AWAY: u16 = 1001;
const CLOSE_UNSUPPORTED: u16 = 1003;
/// A text frame whose payload is not UTF-8 (RFC 6455 section 7.4.1).
const CLOSE_INVALID_DATA: u16 = 1007;
const CLOSE_TOO_BIG: u16 = 1009;
/// How long to wait for the client's half of a close handshake.
const CLOSE_HANDSHAKE: Duration = Duration::from_secs(2);
/// Messages held while a judged step waits for its verdict. A client that
/// awaits each reply (the OpenEnv client does) sends none; past this many
/// the socket is not read until the verdict is in.
const MAX_QUEUED: usize = 32;
/// Bytes read from the socket at a time. tungstenite's default, 128 KiB,
/// is allocated for every connection (1.3 GB for the 10,000 sessions the
/// table allows) and zero-filled before every read, twice a message (the
/// read that finds it and the one that waits for the next). Protocol
/// messages are a few KB (the longest action productivity takes, 4,000
/// characters, fits), and longer ones are still read, in more reads.
const READ_BUFFER_BYTES: usize = 4 * 1024;

pub async fn upgrade(
    State(mount): State<Mount>,
    uri: Uri,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    // `?session_id=` (or `X-Session-Id` on the upgrade) attaches the socket
    // to that HTTP or MCP session's episode; checked once connected, so the
    // refusal is a frame the client reads, as in the reference.
    let attach = ids::query_param(&uri, ids::FIELD).or_else(|| {
        headers
            .get(ids::HEADER)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
    });
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
    // A draining replica refuses a socket of its own before the upgrade: a
    // 503 the proxy retries on another replica (after the upgrade it could
    // only be an error frame). Attaching to a session it holds goes on.
    if attach.is_none() && mount.app.sessions.is_draining() {
        return ApiError::Draining.into_response();
    }
    let limit = mount.app.config.max_body_bytes;
    upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_message_size(limit)
        .max_frame_size(limit)
        .on_failed_upgrade(|err| tracing::debug!(%err, "websocket upgrade failed"))
        .on_upgrade(move |socket| run(socket, mount, attach))
}

/// A step whose reply waits for the judge's verdict.
struct Judging {
    result: StepResult,
    verdict: Pin<Box<dyn Future<Output = Verdict> + Send>>,
}

/// How a connection ends.
enum Ending {
    /// The peer went away or broke the protocol: nothing more can be said.
    Gone,
    /// A close frame with this code and reason.
    Close(u16, String),
    /// This error frame, then a close frame.
    Refuse(String, u16, &'static str),
}

/// What woke the connection task.
enum Event {
    Shutdown,
    /// The server started draining.
    Drain,
    Verdict(Verdict),
    /// `Err` when the idle deadline passed first.
    Received(Result<Option<Result<Message, axum::Error>>, tokio::time::error::Elapsed>),
}

/// Whose episode a connection plays.
enum Played {
    /// Its own, in a slot of the session table.
    Own { env: AnyEnv, _slot: ConnectionSlot },
    /// An HTTP or MCP session's, held while connected.
    Attached(Attachment),
}

impl Played {
    /// An episode started and not over: a draining server lets it finish.
    fn in_episode(&mut self, mount: &Mount) -> bool {
        self.with(mount, |env| env.is_started() && !env.is_done())
    }

    /// Run `f` on the episode; an attached session is marked used.
    fn with<T>(&mut self, mount: &Mount, f: impl FnOnce(&mut AnyEnv) -> T) -> T {
        match self {
            Played::Own { env, .. } => f(env),
            Played::Attached(attachment) => {
                let session = attachment.session();
                mount.app.sessions.touch(session);
                f(&mut session.env())
            }
        }
    }
}

/// The episode a new connection plays: its own, or the session `attach`
/// names, which must exist and be driven by no other socket.
fn open(mount: &Mount, attach: Option<String>) -> Result<Played, ApiError> {
    let Some(id) = attach else {
        let slot = mount.app.sessions.open_connection(mount.info)?;
        return Ok(Played::Own {
            env: AnyEnv::of(mount.info),
            _slot: slot,
        });
    };
    ids::validate(&id).map_err(|err| ApiError::Session(err.message()))?;
    let session = mount
        .app
        .sessions
        .get(mount.info, Some(&id))
        .ok_or_else(|| {
            ApiError::Session(format!(
                "unknown session `{id}` of {}: open it first (POST /reset, MCP initialize or \
             openenv/session/create), or connect without session_id for a session of its own",
                mount.info.id
            ))
        })?;
    session.attach().map(Played::Attached).ok_or_else(|| {
        ApiError::Session(format!(
            "session `{id}` already has an attached WebSocket; one socket drives a session at a time"
        ))
    })
}

/// Serve one connection until `close`, a socket close, an idle timeout or
/// server shutdown. Its session slot is freed before the closing frame goes
/// out, so a client that saw the close can reconnect at once.
async fn run(mut socket: WebSocket, mount: Mount, attach: Option<String>) {
    let mut played = match open(&mount, attach) {
        Ok(played) => played,
        Err(err) => {
            if socket.send(text(err.ws_frame())).await.is_ok() {
                close(socket, CLOSE_NORMAL, "").await;
            }
            return;
        }
    };
    let idle = mount.app.config.session_idle;
    let mut shutdown = mount.app.shutdown.subscribe();
    let mut draining = mount.app.sessions.draining();
    let mut drain_seen = false;
    let mut deadline = Instant::now() + idle;
    let mut judging: Option<Judging> = None;
    let mut queued: VecDeque<Message> = VecDeque::new();
    let ending = loop {
        // Messages that came in while a verdict was awaited, oldest first.
        if judging.is_none()
            && let Some(message) = queued.pop_front()
        {
            match answer(&mut socket, &mount, &mut played, &mut judging, message).await {
                Ok(()) => continue,
                Err(ending) => break ending,
            }
        }
        // No idle deadline while the judge has the turn: the wait is ours.
        let idle_deadline = judging.is_none().then_some(deadline);
        let event = tokio::select! {
            _ = shutdown.wait_for(|down| *down) => Event::Shutdown,
            _ = draining.wait_for(|on| *on), if !drain_seen => Event::Drain,
            verdict = next_verdict(&mut judging) => Event::Verdict(verdict),
            received = receive(&mut socket, idle_deadline), if queued.len() < MAX_QUEUED => {
                Event::Received(received)
            }
        };
        let message = match event {
            Event::Shutdown => {
                break Ending::Close(CLOSE_GOING_AWAY, "server shutting down".to_owned());
            }
            Event::Drain => {
                drain_seen = true;
                if judging.is_none() && !played.in_episode(&mount) {
                    break drained();
                }
                continue;
            }
            Event::Verdict(verdict) => {
                let Some(Judging { mut result, .. }) = judging.take() else {
                    continue;
                };
                verdict.attach(&mut result);
                deadline = Instant::now() + idle;
                if socket.send(text(observation_frame(result))).await.is_err() {
                    break Ending::Gone;
                }
                continue;
            }
            Event::Received(Err(_elapsed)) => {
                break Ending::Close(
                    CLOSE_NORMAL,
                    format!("idle for more than {} s", idle.as_secs()),
                );
            }
            Event::Received(Ok(None)) => break Ending::Gone,
            // A text frame that is not UTF-8 or a message over the limit gets
            // the close code that says so; any other error means the peer
            // is gone.
            Event::Received(Ok(Some(Err(err)))) => {
                break match refusal(err, mount.app.config.max_body_bytes) {
                    Some((code, reason)) => Ending::Close(code, reason),
                    None => Ending::Gone,
                };
            }
            Event::Received(Ok(Some(Ok(message)))) => message,
        };
        match message {
            Message::Text(_) | Message::Binary(_) => {
                // Only protocol messages count as activity; pings keep the
                // socket alive but not the session.
                deadline = Instant::now() + idle;
                if judging.is_some() {
                    queued.push_back(message);
                } else if let Err(ending) =
                    answer(&mut socket, &mount, &mut played, &mut judging, message).await
                {
                    break ending;
                }
                // Draining, a connection ends with its episode (a reset was
                // refused with DRAINING just now, or the step ended it).
                if judging.is_none()
                    && queued.is_empty()
                    && mount.app.sessions.is_draining()
                    && !played.in_episode(&mount)
                {
                    break drained();
                }
            }
            // tungstenite queues the pong itself and sends it on the next read.
            Message::Ping(_) | Message::Pong(_) => {}
            // The reply to the peer's close goes out on the next read, which
            // then ends the stream.
            Message::Close(_) => {}
        }
    };
    drop(played);
    match ending {
        Ending::Gone => {}
        Ending::Close(code, reason) => close(socket, code, &reason).await,
        Ending::Refuse(frame, code, reason) => {
            if socket.send(text(frame)).await.is_ok() {
                close(socket, code, reason).await;
            }
        }
    }
}

/// The close of a connection whose episode is over on a draining server.
fn drained() -> Ending {
    Ending::Close(
        CLOSE_GOING_AWAY,
        "server draining: reconnect for the next episode (another replica takes it)".to_owned(),
    )
}

/// The close frame owed to a peer whose message broke the protocol, when
/// the read error was one: invalid UTF-8 or a message over `limit` bytes.
fn refusal(err: axum::Error, limit: usize) -> Option<(u16, String)> {
    use tokio_tungstenite::tungstenite::error::{CapacityError, Error};
    match err.into_inner().downcast_ref::<Error>()? {
        Error::Utf8(_) => Some((CLOSE_INVALID_DATA, "text frames must be UTF-8".to_owned())),
        Error::Capacity(CapacityError::MessageTooLong { .. }) => Some((
            CLOSE_TOO_BIG,
            format!("messages are limited to {limit} bytes"),
        )),
        _ => None,
    }
}

/// The verdict of the step being judged; never ready when there is none.
async fn next_verdict(judging: &mut Option<Judging>) -> Verdict {
    match judging {
        Some(judging) => judging.verdict.as_mut().await,
        None => std::future::pending().await,
    }
}

/// The next message from the peer, or `Err` once `deadline` passes.
async fn receive(
    socket: &mut WebSocket,
    deadline: Option<Instant>,
) -> Result<Option<Result<Message, axum::Error>>, tokio::time::error::Elapsed> {
    match deadline {
        Some(deadline) => tokio::time::timeout_at(deadline, socket.recv()).await,
        None => Ok(socket.recv().await),
    }
}

/// Answer one message: reply at once, or leave a judged step in `judging`
/// (its reply goes out with the verdict). `Err` ends the connection.
async fn answer(
    socket: &mut WebSocket,
    mount: &Mount,
    played: &mut Played,
    judging: &mut Option<Judging>,
    message: Message,
) -> Result<(), Ending> {
    let reply = match message {
        Message::Text(frame) => {
            match played.with(mount, |env| handle(mount, env, frame.as_str())) {
                Outcome::Reply(reply) => reply,
                Outcome::Close => return Err(Ending::Close(CLOSE_NORMAL, String::new())),
                Outcome::Judge { result, submission } => match &mount.judge {
                    Some(judge) => {
                        *judging = Some(Judging {
                            result,
                            verdict: Box::pin(Judge::verdict(judge, mount.info, submission)),
                        });
                        return Ok(());
                    }
                    None => observation_frame(result),
                },
            }
        }
        Message::Binary(_) => {
            return Err(Ending::Refuse(
                ApiError::Session(
                    "binary frames are not supported: send JSON text frames; closing the session"
                        .to_owned(),
                )
                .ws_frame(),
                CLOSE_UNSUPPORTED,
                "binary frames are not supported",
            ));
        }
        Message::Ping(_) | Message::Pong(_) | Message::Close(_) => return Ok(()),
    };
    socket.send(text(reply)).await.map_err(|_| Ending::Gone)
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
    /// An accepted step the mount's judge must see before the reply.
    Judge {
        result: StepResult,
        submission: Submission,
    },
    Close,
}

#[derive(Serialize)]
struct Envelope<T: Serialize> {
    #[serde(rename = "type")]
    kind: &'static str,
    data: T,
}

fn envelope<T: Serialize>(kind: &'static str, data: T) -> String {
    encode(&Envelope { kind, data }, 128)
}

/// `{"type":"observation","data":...}`, written into a buffer sized for the
/// observation rather than regrown to it, as the [`Envelope`] would be.
fn observation_frame(result: StepResult) -> String {
    result.into_json_within("{\"type\":\"observation\",\"data\":", "}")
}

fn encode<T: Serialize>(value: &T, capacity: usize) -> String {
    let mut out = Vec::with_capacity(capacity);
    serde_json::to_writer(&mut out, value)
        .ok()
        .and_then(|()| String::from_utf8(out).ok())
        .unwrap_or_else(|| {
            ApiError::Session("the reply could not be encoded".to_owned()).ws_frame()
        })
}

/// Answer one text frame. Every refusal leaves the session as it was.
pub fn handle(mount: &Mount, env: &mut AnyEnv, frame: &str) -> Outcome {
    match read(mount, env, frame) {
        Ok(outcome) => outcome,
        Err(err) => {
            mount.app.metrics.error(err.code());
            Outcome::Reply(err.ws_frame())
        }
    }
}

fn envelope_error(
    message: String,
    field: Option<&str>,
    loc: Vec<Value>,
    kind: &'static str,
) -> ApiError {
    ApiError::Envelope {
        message,
        field: field.map(str::to_owned),
        loc,
        kind,
    }
}

fn read(mount: &Mount, env: &mut AnyEnv, frame: &str) -> Result<Outcome, ApiError> {
    let value: Value =
        serde_json::from_str(frame).map_err(|err| ApiError::InvalidJson(err.to_string()))?;
    let Value::Object(mut message) = value else {
        return Err(envelope_error(
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
        Some(other) => return Err(unknown_type(&other.to_string())),
        None => {
            return Err(ApiError::UnknownMessageType(
                "Missing message type: send {\"type\": \"reset\" | \"step\" | \"state\" | \"close\" | \"mcp\", ...}"
                    .to_owned(),
            ));
        }
    };
    let (kind, allowed): (&'static str, &[&str]) = match kind {
        "reset" => ("reset", &["type", "data"]),
        "step" => ("step", &["type", "data"]),
        "mcp" => ("mcp", &["type", "data"]),
        "state" => ("state", &["type"]),
        "close" => ("close", &["type"]),
        other => return Err(unknown_type(other)),
    };
    // Envelopes forbid extra keys, as in the reference.
    if let Some(extra) = message.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(envelope_error(
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
        "reset" => {
            let options = ResetOptions::parse(mount.info, &object_data(data, false)?)?;
            let defaults = ids::reset_defaults(&options)?;
            mount.app.sessions.check_not_draining()?;
            mount.app.metrics.reset(mount.info.id, options.task.id);
            observation_frame(env.reset_with(options, defaults)?)
        }
        "step" => {
            let action = action_data(mount.info, data)?;
            let started = std::time::Instant::now();
            let result = env.step(&action)?;
            mount.app.metrics.step(mount.info.id, started.elapsed());
            if mount.judge.is_some() {
                let submission = Submission::of(env, &action);
                return Ok(Outcome::Judge { result, submission });
            }
            observation_frame(result)
        }
        "state" => envelope("state", env.state()),
        "mcp" => {
            let request = object_data(data, true)?;
            let answer = mcp::handle(mcp::Target::Connection(mount, env), request);
            envelope("mcp", answer.response)
        }
        _ => return Ok(Outcome::Close),
    };
    Ok(Outcome::Reply(reply))
}

fn unknown_type(kind: &str) -> ApiError {
    ApiError::UnknownMessageType(format!(
        "Unknown message type: {}; expected reset, step, state, close or mcp",
        kind.chars().take(40).collect::<String>()
    ))
}

/// A step's `data`: the action, for the seam to read (an object, or the
/// bare string an environment with a text action accepts); required, and
/// refused before the episode's state when it can be no action.
fn action_data(info: &EnvInfo, data: Option<Value>) -> Result<Value, ApiError> {
    match data {
        None | Some(Value::Null) => object_data(data, true),
        Some(action) => match info.check_action_shape(&action) {
            Ok(()) => Ok(action),
            // A bare text is a near miss the refusal says how to send.
            Err(err) if action.is_string() => Err(ApiError::Env(err)),
            Err(_) => object_data(Some(action), true),
        },
    }
}

/// `data` as an object; when absent, `{}` unless `required`.
fn object_data(data: Option<Value>, required: bool) -> Result<Value, ApiError> {
    match data {
        None if !required => Ok(Value::Object(Map::new())),
        None => Err(envelope_error(
            "`data` is required".to_owned(),
            Some("data"),
            vec![json!("data")],
            "missing",
        )),
        Some(data @ Value::Object(_)) => Ok(data),
        Some(other) => Err(envelope_error(
            format!("`data` must be a JSON object, got {}", body::kind(&other)),
            Some("data"),
            vec![json!("data")],
            "model_type",
        )),
    }
}
