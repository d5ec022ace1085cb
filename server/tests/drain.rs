//! Graceful drain of the real `deskbench` binary: after SIGTERM the
//! episodes in progress, over HTTP and `/ws`, play to their end; new
//! sessions and episodes are refused with 503 `DRAINING` (and a `/ws`
//! error frame); each `/ws` closes with 1001 once its episode is over; the
//! process exits as soon as nothing is left, or at the grace period.
//!
//! Nothing here sleeps to let a race settle: each wait is for an event
//! (the server's "draining" log line, a reply, a close frame, the exit),
//! bounded by [`WAIT`].

#[path = "support/listening.rs"]
mod listening;

use std::process::Stdio;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Request};
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Bound on any one wait; replies take milliseconds.
const WAIT: Duration = Duration::from_secs(30);
/// What the server logs when it starts draining.
const DRAINING_LINE: &str = "draining: refusing new sessions";
const INSPECT: &str = r#"{"raw": "inspect"}"#;
const FINAL: &str = r#"{"raw": "final: {}"}"#;

struct Server {
    child: Child,
    addr: String,
    /// The server's stderr, line by line.
    log: mpsc::UnboundedReceiver<String>,
    http: Client<HttpConnector, Full<Bytes>>,
}

impl Server {
    async fn start(grace_secs: u64) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_deskbench"))
            .env_clear()
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .args(["serve", "--host", "127.0.0.1", "--port", "0"])
            .args(["--web-dist", "/nonexistent/deskbench-dist"])
            .args(["--drain-grace-secs", &grace_secs.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("deskbench runs");
        let stderr = child.stderr.take().expect("stderr");
        let (send, log) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("server: {line}");
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let addr = listening::listening_addr(&mut child, WAIT).await;
        Server {
            child,
            addr,
            log,
            http: Client::builder(TokioExecutor::new()).build_http(),
        }
    }

    fn terminate(&self) {
        let pid = self.child.id().expect("running").to_string();
        let status = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Wait for a log line containing `needle`.
    async fn logged(&mut self, needle: &str) {
        tokio::time::timeout(WAIT, async {
            while let Some(line) = self.log.recv().await {
                if line.contains(needle) {
                    return;
                }
            }
            panic!("the server's stderr ended before {needle:?}");
        })
        .await
        .unwrap_or_else(|_| panic!("no {needle:?} in the server's log within {WAIT:?}"));
    }

    fn still_running(&mut self) -> bool {
        self.child.try_wait().expect("child status").is_none()
    }

    async fn exit(&mut self) -> std::process::ExitStatus {
        tokio::time::timeout(WAIT, self.child.wait())
            .await
            .expect("the server exits within the wait")
            .expect("wait")
    }

    /// One request, in session `session` when given: status, Retry-After, JSON body.
    async fn send(
        &self,
        method: Method,
        path: &str,
        session: Option<&str>,
        body: &str,
    ) -> (u16, Option<String>, Value) {
        let mut request = Request::builder()
            .method(method)
            .uri(format!("http://{}{path}", self.addr))
            .header("content-type", "application/json");
        if let Some(id) = session {
            request = request.header("x-session-id", id);
        }
        let request = request
            .body(Full::new(Bytes::from(body.to_owned())))
            .expect("request");
        let response = tokio::time::timeout(WAIT, self.http.request(request))
            .await
            .expect("a reply within the wait")
            .expect("HTTP request");
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        (status, retry_after, body)
    }

    async fn step(&self, session: &str, action: &str) -> Value {
        let (status, _, body) = self
            .send(
                Method::POST,
                "/step",
                Some(session),
                &format!(r#"{{"action": {action}}}"#),
            )
            .await;
        assert_eq!(status, 200, "step in {session}: {body}");
        body
    }

    async fn ws(&self) -> Ws {
        let url = format!("ws://{}/ws", self.addr);
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url))
            .await
            .expect("connect within the wait")
            .expect("connect");
        ws
    }
}

/// Send a frame, return the next text frame as JSON.
async fn ask(ws: &mut Ws, frame: Value) -> Value {
    ws.send(Message::text(frame.to_string()))
        .await
        .expect("send");
    match next(ws).await {
        Message::Text(text) => serde_json::from_str(text.as_str()).expect("JSON frame"),
        other => panic!("expected a text frame, got {other:?}"),
    }
}

async fn next(ws: &mut Ws) -> Message {
    loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            Ok(Some(Ok(message))) => return message,
            other => panic!("expected a frame, got {other:?}"),
        }
    }
}

/// The close frame that comes next: its code and reason.
async fn close_frame(ws: &mut Ws) -> (u16, String) {
    match next(ws).await {
        Message::Close(Some(frame)) => (u16::from(frame.code), frame.reason.as_str().to_owned()),
        other => panic!("expected a close frame, got {other:?}"),
    }
}

#[tokio::test]
async fn episodes_in_flight_finish_after_sigterm_and_new_ones_go_elsewhere() {
    let mut server = Server::start(30).await;
    let (status, _, _) = server
        .send(Method::POST, "/reset", Some("inflight"), "{}")
        .await;
    assert_eq!(status, 200);
    server.step("inflight", INSPECT).await;
    let mut ws = server.ws().await;
    let reset = ask(&mut ws, json!({"type": "reset", "data": {}})).await;
    assert_eq!(reset["type"], "observation", "{reset}");
    let step = ask(&mut ws, json!({"type": "step", "data": {"raw": "inspect"}})).await;
    assert_eq!(step["data"]["done"], false, "{step}");
    // A socket between episodes when the drain starts.
    let mut idle_ws = server.ws().await;
    let idle_reset = ask(&mut idle_ws, json!({"type": "reset", "data": {}})).await;
    let idle_done = ask(
        &mut idle_ws,
        json!({"type": "step", "data": {"raw": "final: {}"}}),
    )
    .await;
    assert_eq!(idle_reset["type"], "observation");
    assert_eq!(idle_done["data"]["done"], true, "{idle_done}");

    let sigterm = Instant::now();
    server.terminate();
    server.logged(DRAINING_LINE).await;

    let (status, retry, ready) = server.send(Method::GET, "/ready", None, "").await;
    assert_eq!((status, retry.as_deref()), (503, Some("1")), "{ready}");
    let (status, _, _) = server.send(Method::GET, "/health", None, "").await;
    assert_eq!(status, 200, "live while draining");
    let (status, retry, refused) = server
        .send(Method::POST, "/reset", Some("late"), "{}")
        .await;
    assert_eq!((status, retry.as_deref()), (503, Some("1")), "{refused}");
    assert_eq!(refused["error"]["code"], "DRAINING", "{refused}");
    // A new socket is refused before the upgrade, with a 503 a proxy retries.
    let url = format!("ws://{}/ws", server.addr);
    match tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url)).await {
        Ok(Err(tokio_tungstenite::tungstenite::Error::Http(response))) => {
            assert_eq!(response.status(), 503);
            let body: Value = serde_json::from_slice(response.body().as_deref().unwrap_or(b""))
                .expect("a JSON refusal");
            assert_eq!(body["error"]["code"], "DRAINING", "{body}");
        }
        other => panic!("a new /ws while draining: {other:?}"),
    }
    assert_eq!(
        close_frame(&mut idle_ws).await.0,
        1001,
        "an idle socket closes"
    );

    // The HTTP episode plays to its end, every step answered.
    let mut last = server.step("inflight", FINAL).await;
    for _ in 0..10 {
        if last["done"] == true {
            break;
        }
        last = server.step("inflight", INSPECT).await;
    }
    assert_eq!(last["done"], true, "{last}");
    assert!(
        server.still_running(),
        "the /ws episode is still in progress"
    );

    // So does the /ws one; then its socket closes with 1001 and a reason.
    let mut last = ask(
        &mut ws,
        json!({"type": "step", "data": {"raw": "final: {}"}}),
    )
    .await;
    for _ in 0..10 {
        if last["data"]["done"] == true {
            break;
        }
        last = ask(&mut ws, json!({"type": "step", "data": {"raw": "inspect"}})).await;
    }
    assert_eq!(last["data"]["done"], true, "{last}");
    let (code, reason) = close_frame(&mut ws).await;
    assert_eq!(code, 1001);
    assert!(reason.contains("draining"), "{reason}");

    let status = server.exit().await;
    let took = sigterm.elapsed();
    assert!(status.success(), "{status}");
    assert!(
        took < Duration::from_secs(30),
        "exited before the grace: {took:?}"
    );
    eprintln!("drain: SIGTERM to exit {took:?} with two episodes finished after the signal");
}

#[tokio::test]
async fn the_grace_period_bounds_an_abandoned_episode() {
    let mut server = Server::start(1).await;
    let (status, _, _) = server
        .send(Method::POST, "/reset", Some("abandoned"), "{}")
        .await;
    assert_eq!(status, 200);
    let mut ws = server.ws().await;
    ask(&mut ws, json!({"type": "reset", "data": {}})).await;
    let sigterm = Instant::now();
    server.terminate();
    let (code, reason) = close_frame(&mut ws).await;
    assert_eq!((code, reason.as_str()), (1001, "server shutting down"));
    let status = server.exit().await;
    let took = sigterm.elapsed();
    assert!(status.success(), "{status}");
    assert!(
        took >= Duration::from_secs(1) && took < Duration::from_secs(10),
        "{took:?}"
    );
    eprintln!("drain: grace 1 s, SIGTERM to exit {took:?} with two episodes left");
}
