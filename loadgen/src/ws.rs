//! [`run`]: N concurrent OpenEnv `/ws` sessions on one thread. Each session
//! resets (with its own seed), then steps with the same action until the
//! deadline, resetting whenever an episode ends; every step's round trip
//! (send to reply) inside the measured window goes into one histogram.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use futures_util::future::join_all;
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub(crate) type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The real OpenEnv client's handshake timeout.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The real OpenEnv client's per-message reply timeout.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);
/// See [`connect`].
const READ_BUFFER: usize = 8 * 1024;
/// Latencies are recorded in nanoseconds, from 1 µs (the resolution that
/// matters for a loopback round trip) to a minute, to 3 significant figures.
const LOWEST_NS: u64 = 1_000;
const HIGHEST_NS: u64 = 60_000_000_000;

pub(crate) struct StepLoad {
    pub url: String,
    pub sessions: u32,
    pub warmup: Duration,
    pub duration: Duration,
    pub action: Value,
    pub reset: Map<String, Value>,
    pub seed_start: u64,
    /// The server's process id: its CPU time over the measured window is
    /// read from `/proc` (steps per CPU-second are steps per core).
    pub server_pid: Option<u32>,
}

pub(crate) struct Report {
    /// Steps whose reply arrived inside the measured window.
    pub steps: u64,
    /// Resets sent inside the measured window (their time is in the window,
    /// not in the step histogram).
    pub resets: u64,
    /// Error replies over the whole run, warm-up included.
    pub errors: u64,
    pub failed_sessions: usize,
    pub window: Duration,
    /// Step round trips in nanoseconds.
    pub latency: Histogram<u64>,
    pub first_error: Option<String>,
    /// The server's CPU time (user and system, every thread) over the
    /// measured window, when its pid was given.
    pub server_cpu: Option<Duration>,
}

/// What the sessions share; one thread, so a `RefCell` borrowed only
/// between awaits.
struct Tally {
    latency: Histogram<u64>,
    steps: u64,
    resets: u64,
    errors: u64,
    first_error: Option<String>,
}

impl Tally {
    fn error(&mut self, message: String) {
        self.errors += 1;
        self.first_error.get_or_insert(message);
    }
}

/// The measured window, shared by every session.
#[derive(Clone, Copy)]
struct Window {
    from: Instant,
    end: Instant,
}

impl Window {
    fn contains(&self, at: Instant) -> bool {
        at >= self.from && at <= self.end
    }
}

pub(crate) async fn run(load: &StepLoad) -> Result<Report, String> {
    let latency = Histogram::new_with_bounds(LOWEST_NS, HIGHEST_NS, 3)
        .map_err(|err| format!("histogram: {err}"))?;
    let tally = RefCell::new(Tally {
        latency,
        steps: 0,
        resets: 0,
        errors: 0,
        first_error: None,
    });
    let from = Instant::now() + load.warmup;
    let window = Window {
        from,
        end: from + load.duration,
    };
    // One text for every step: Utf8Bytes clones share the buffer.
    let step = Utf8Bytes::from(json!({ "type": "step", "data": load.action }).to_string());
    let sessions = join_all(
        (0..load.sessions).map(|index| session(load, index, step.clone(), window, &tally)),
    );
    let (outcomes, server_cpu) =
        futures_util::future::join(sessions, cpu_over(load.server_pid, window)).await;
    let mut tally = tally.into_inner();
    let mut failed_sessions = 0;
    for outcome in outcomes {
        if let Err(err) = outcome {
            failed_sessions += 1;
            tally.first_error.get_or_insert(err);
        }
    }
    Ok(Report {
        steps: tally.steps,
        resets: tally.resets,
        errors: tally.errors,
        failed_sessions,
        window: load.duration,
        latency: tally.latency,
        first_error: tally.first_error,
        server_cpu,
    })
}

/// The CPU time process `pid` spends over `window` (none without a pid, or
/// when `/proc` cannot be read).
async fn cpu_over(pid: Option<u32>, window: Window) -> Option<Duration> {
    let pid = pid?;
    tokio::time::sleep_until(tokio::time::Instant::from_std(window.from)).await;
    let start = cpu_time(pid);
    tokio::time::sleep_until(tokio::time::Instant::from_std(window.end)).await;
    Some(cpu_time(pid)?.saturating_sub(start?))
}

/// User and system time of process `pid` so far, every thread's, from
/// `/proc/PID/stat` (fields 14 and 15, after the parenthesised name).
pub(crate) fn cpu_time(pid: u32) -> Option<Duration> {
    // USER_HZ: the kernel reports these in 1/100 s on every Linux
    // architecture's userspace ABI, whatever its internal tick rate.
    const TICKS_PER_SECOND: u64 = 100;
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis(
        (utime + stime) * 1000 / TICKS_PER_SECOND,
    ))
}

/// One session until the window ends. `Err` when it cannot go on (no
/// connection, a refused reset, a lost socket); error replies to steps are
/// counted and the session resets and continues.
async fn session(
    load: &StepLoad,
    index: u32,
    step: Utf8Bytes,
    window: Window,
    tally: &RefCell<Tally>,
) -> Result<(), String> {
    let mut socket = connect(&load.url).await?;
    let mut episode: u64 = 0;
    reset(&mut socket, load, index, episode, window, tally).await?;
    loop {
        let sent = Instant::now();
        if sent >= window.end {
            break;
        }
        let reply = exchange(&mut socket, Message::Text(step.clone())).await?;
        let received = Instant::now();
        let done = match reply {
            Reply::Observation { done } => {
                if sent >= window.from && received <= window.end {
                    let mut tally = tally.borrow_mut();
                    tally.steps += 1;
                    let nanos = u64::try_from((received - sent).as_nanos()).unwrap_or(u64::MAX);
                    tally.latency.saturating_record(nanos);
                }
                done
            }
            Reply::Error(message) => {
                tally.borrow_mut().error(format!("step: {message}"));
                // A refused step may mean the episode is over; start anew.
                true
            }
        };
        if done {
            episode += 1;
            reset(&mut socket, load, index, episode, window, tally).await?;
        }
    }
    // Best effort: the figures are taken, and the server ends the session
    // when the socket closes either way.
    let _ = socket
        .send(Message::text(r#"{"type":"close"}"#.to_owned()))
        .await;
    let _ = socket.close(None).await;
    Ok(())
}

/// Open a `/ws` session with Nagle off (one message is one segment). The
/// read buffer is 8 KiB rather than tungstenite's 128 KiB: tungstenite
/// zero-fills the whole free buffer before every read, which at 128 KiB is a
/// large share of a small reply's cost, and idle sessions stay small. Larger
/// replies still arrive whole; the buffer grows for them.
pub(crate) async fn connect(url: &str) -> Result<Socket, String> {
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
    let connect = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let (socket, _) = tokio::time::timeout(CONNECT_TIMEOUT, connect)
        .await
        .map_err(|_| format!("no WebSocket handshake from {url} within 10 s"))?
        .map_err(|err| format!("cannot connect to {url}: {err}"))?;
    Ok(socket)
}

/// Reset options with this session's seed for this episode (distinct across
/// sessions and episodes) unless the caller fixed one.
pub(crate) fn reset_message(reset: &Map<String, Value>, seed: u64) -> Utf8Bytes {
    let mut data = reset.clone();
    data.entry("seed").or_insert_with(|| json!(seed));
    Utf8Bytes::from(json!({ "type": "reset", "data": data }).to_string())
}

async fn reset(
    socket: &mut Socket,
    load: &StepLoad,
    index: u32,
    episode: u64,
    window: Window,
    tally: &RefCell<Tally>,
) -> Result<(), String> {
    let seed = load
        .seed_start
        .wrapping_add(episode.wrapping_mul(u64::from(load.sessions)))
        .wrapping_add(u64::from(index));
    let sent = Instant::now();
    match exchange(socket, Message::Text(reset_message(&load.reset, seed))).await? {
        Reply::Observation { .. } => {
            if window.contains(sent) {
                tally.borrow_mut().resets += 1;
            }
            Ok(())
        }
        Reply::Error(message) => {
            let message = format!("reset: {message}");
            tally.borrow_mut().error(message.clone());
            Err(message)
        }
    }
}

pub(crate) enum Reply {
    Observation { done: bool },
    Error(String),
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    data: Option<Payload>,
}

/// The fields of either reply kind that matter here; serde skips the rest
/// (the observation itself) without building it.
#[derive(Deserialize)]
struct Payload {
    #[serde(default)]
    done: Option<bool>,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

/// Send one message and wait for its reply (the protocol answers each
/// reset and step exactly once, in order).
pub(crate) async fn exchange(socket: &mut Socket, message: Message) -> Result<Reply, String> {
    socket
        .send(message)
        .await
        .map_err(|err| format!("cannot send: {err}"))?;
    loop {
        let frame = tokio::time::timeout(REPLY_TIMEOUT, socket.next())
            .await
            .map_err(|_| "no reply within 60 s".to_owned())?;
        match frame {
            None => return Err("the server closed the connection".to_owned()),
            Some(Err(err)) => return Err(format!("cannot receive: {err}")),
            Some(Ok(Message::Text(text))) => return parse_reply(text.as_str()),
            Some(Ok(Message::Close(frame))) => {
                return Err(format!(
                    "the server closed the session: {}",
                    frame.map_or_else(
                        || "no reason".to_owned(),
                        |f| format!("{} {}", f.code, f.reason)
                    )
                ));
            }
            Some(Ok(Message::Binary(_))) => {
                return Err("binary frame received; the protocol uses text frames".to_owned());
            }
            // tungstenite answers pings itself on the next write.
            Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
        }
    }
}

pub(crate) fn parse_reply(text: &str) -> Result<Reply, String> {
    let envelope: Envelope = serde_json::from_str(text)
        .map_err(|err| format!("reply is not an OpenEnv envelope ({err}): {}", clip(text)))?;
    match (envelope.kind.as_str(), envelope.data) {
        (
            "observation",
            Some(Payload {
                done: Some(done), ..
            }),
        ) => Ok(Reply::Observation { done }),
        ("error", Some(payload)) => Ok(Reply::Error(format!(
            "{}: {}",
            payload.code.as_deref().unwrap_or("no code"),
            payload.message.as_deref().unwrap_or("no message")
        ))),
        _ => Err(format!("unexpected reply: {}", clip(text))),
    }
}

/// The head of a reply, for error messages.
fn clip(text: &str) -> &str {
    match text.char_indices().nth(200) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_from_both_servers_shapes() {
        let deskbench = r#"{"type":"observation","data":{"observation":{"done":true,"x":[1]},"reward":-0.02,"done":false}}"#;
        assert!(matches!(
            parse_reply(deskbench),
            Ok(Reply::Observation { done: false })
        ));
        let python = r#"{"type":"observation","data":{"observation":{"echoed":"inspect"},"reward":0.0,"done":true}}"#;
        assert!(matches!(
            parse_reply(python),
            Ok(Reply::Observation { done: true })
        ));
        let error = r#"{"type":"error","data":{"message":"over","code":"EPISODE_DONE"}}"#;
        assert!(matches!(parse_reply(error), Ok(Reply::Error(m)) if m == "EPISODE_DONE: over"));
        assert!(parse_reply("not json").is_err());
        assert!(parse_reply(r#"{"type":"state","data":{}}"#).is_err());
    }

    #[test]
    fn reset_seed_is_added_unless_given() {
        let mut options = Map::new();
        options.insert("task".to_owned(), json!("easy"));
        let sent = |options: &Map<String, Value>| {
            serde_json::from_str::<Value>(reset_message(options, 7).as_str()).ok()
        };
        assert_eq!(
            sent(&options),
            Some(json!({"type": "reset", "data": {"seed": 7, "task": "easy"}}))
        );
        options.insert("seed".to_owned(), json!(1));
        assert_eq!(
            sent(&options),
            Some(json!({"type": "reset", "data": {"seed": 1, "task": "easy"}}))
        );
    }
}
