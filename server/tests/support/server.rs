//! The pieces every test of the real `deskbench` binary uses (soak, drain):
//! the binary as a child process (killed on drop), its log, its resident
//! memory from `/proc`, signals to it, a `/ws` client that records raw reply
//! frames, and a small HTTP client.

// Each test binary that includes this module uses a part of it.
#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::process::Stdio;
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{Method, Request};
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub(crate) type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Bound on any single wait (start-up, a connection, a reply, a close).
/// Replies take microseconds to milliseconds; this only turns a hung
/// server into a failure instead of a hung test.
pub(crate) const WAIT: Duration = Duration::from_secs(60);

/// `deskbench serve --port 0` with extra flags; killed when dropped.
pub(crate) struct Server {
    child: Child,
    pub pid: u32,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Warnings and panics of the server show in the test output.
    pub(crate) async fn start(flags: &[&str]) -> Server {
        Server::spawn(flags, "warn", Stdio::inherit()).await
    }

    /// The server with its log at info level, each line of its stderr
    /// echoed to the test output and sent to the receiver (for tests that
    /// wait for what it logs).
    pub(crate) async fn start_logged(flags: &[&str]) -> (Server, mpsc::UnboundedReceiver<String>) {
        let mut server = Server::spawn(flags, "info", Stdio::piped()).await;
        let stderr = server.child.stderr.take().expect("a piped stderr");
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
        (server, log)
    }

    async fn spawn(flags: &[&str], log_level: &str, stderr: Stdio) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_deskbench"));
        command
            // No HOST, PORT, DESKBENCH_* or JUDGE_* from the caller's shell:
            // the judge stays off and the flags below are the whole config.
            .env_clear()
            .env("RUST_LOG", log_level)
            .env("NO_COLOR", "1")
            .args([
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--web-dist",
                "/nonexistent/deskbench-dist",
            ])
            .args(flags)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .kill_on_drop(true);
        let mut child = command.spawn().expect("deskbench runs");
        let pid = child.id().expect("a running child has a pid");
        let addr = super::listening::listening_addr(&mut child, WAIT).await;
        Server { child, pid, addr }
    }

    /// Send SIGTERM (what Kubernetes sends a pod it stops).
    pub(crate) fn terminate(&self) {
        let status = std::process::Command::new("kill")
            .args(["-TERM", &self.pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill -TERM {}", self.pid);
    }

    pub(crate) fn still_running(&mut self) -> bool {
        self.child.try_wait().expect("child status").is_none()
    }

    /// Wait for the server to exit on its own; its status.
    pub(crate) async fn exit(&mut self) -> std::process::ExitStatus {
        tokio::time::timeout(WAIT, self.child.wait())
            .await
            .expect("the server exits within the wait")
            .expect("wait")
    }

    pub(crate) fn ws_url(&self, path: &str) -> String {
        format!("ws://{}{path}", self.addr)
    }

    /// The server's resident memory now and at its peak, from
    /// `/proc/PID/status`.
    pub(crate) fn memory(&self) -> Memory {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid))
            .expect("/proc/PID/status of the server (Linux only)");
        let kib = |key: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(key))
                .and_then(|rest| rest.trim().strip_suffix("kB"))
                .and_then(|n| n.trim().parse::<u64>().ok())
                .unwrap_or_else(|| panic!("no {key} in /proc/PID/status"))
        };
        Memory {
            rss_kib: kib("VmRSS:"),
            hwm_kib: kib("VmHWM:"),
        }
    }

    /// Still running (not crashed)?
    pub(crate) fn assert_alive(&mut self) {
        let status = self.child.try_wait().expect("child status");
        assert!(status.is_none(), "the server exited: {status:?}");
    }

    /// Wait for a line of `log` (from [`Server::start_logged`]) containing
    /// `needle`.
    pub(crate) async fn logged(log: &mut mpsc::UnboundedReceiver<String>, needle: &str) {
        tokio::time::timeout(WAIT, async {
            while let Some(line) = log.recv().await {
                if line.contains(needle) {
                    return;
                }
            }
            panic!("the server's stderr ended before {needle:?}");
        })
        .await
        .unwrap_or_else(|_| panic!("no {needle:?} in the server's log within {WAIT:?}"));
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Memory {
    /// Resident set now.
    pub rss_kib: u64,
    /// The resident set's high-water mark since start.
    pub hwm_kib: u64,
}

pub(crate) fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// The soft limit on open files of this process (`/proc/self/limits`).
pub(crate) fn open_files_limit() -> u64 {
    let limits = std::fs::read_to_string("/proc/self/limits").expect("/proc/self/limits");
    limits
        .lines()
        .find(|line| line.starts_with("Max open files"))
        .and_then(|line| line.split_whitespace().nth(3))
        .and_then(|soft| soft.parse().ok())
        .unwrap_or(u64::MAX)
}

/// Make sure this process (and the server it starts, which inherits the
/// limit) may hold `needed` descriptors: raise the soft limit up to the
/// hard one with util-linux `prlimit` when it is lower (no libc binding
/// is among the dependencies), or fail saying what to raise.
pub(crate) fn ensure_open_files(needed: u64) -> u64 {
    let soft = open_files_limit();
    if soft >= needed {
        return soft;
    }
    let pid = std::process::id().to_string();
    let raised = std::process::Command::new("prlimit")
        .args(["--pid", &pid, &format!("--nofile={needed}:")])
        .status()
        .is_ok_and(|status| status.success());
    let now = open_files_limit();
    assert!(
        raised && now >= needed,
        "this test needs {needed} open files but `ulimit -n` is {soft} and could not be raised \
         (prlimit {}); run `ulimit -n {needed}` first",
        if raised { "ran" } else { "failed" }
    );
    now
}

pub(crate) async fn connect(url: &str) -> Result<Ws, String> {
    match tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url)).await {
        Ok(Ok((ws, response))) if response.status() == 101 => Ok(ws),
        Ok(Ok((_, response))) => Err(format!("{url}: upgrade answered {}", response.status())),
        Ok(Err(err)) => Err(format!("{url}: cannot connect: {err}")),
        Err(_) => Err(format!("{url}: no connection within {WAIT:?}")),
    }
}

/// What came next on a socket, pings and pongs skipped.
#[derive(Debug)]
pub(crate) enum Frame {
    Text(String),
    Close(Option<CloseFrame>),
    /// The stream ended or failed without a close frame.
    Gone(String),
    Other(String),
}

impl Frame {
    /// For failure messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            Frame::Text(text) => format!("text frame {text}"),
            Frame::Close(frame) => format!("close frame {frame:?}"),
            Frame::Gone(why) => format!("no frame: {why}"),
            Frame::Other(what) => format!("unexpected frame {what}"),
        }
    }
}

pub(crate) async fn next_frame(ws: &mut Ws) -> Result<Frame, String> {
    loop {
        let next = tokio::time::timeout(WAIT, ws.next())
            .await
            .map_err(|_| format!("no frame within {WAIT:?}"))?;
        return Ok(match next {
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Text(text))) => Frame::Text(text.as_str().to_owned()),
            Some(Ok(Message::Close(frame))) => Frame::Close(frame),
            Some(Ok(other)) => Frame::Other(format!("{other:?}")),
            Some(Err(err)) => Frame::Gone(err.to_string()),
            None => Frame::Gone("end of stream".to_owned()),
        });
    }
}

/// Send one text frame and return the reply's text.
pub(crate) async fn ask(ws: &mut Ws, text: String) -> Result<String, String> {
    ws.send(Message::text(text))
        .await
        .map_err(|err| format!("send: {err}"))?;
    match next_frame(ws).await? {
        Frame::Text(reply) => Ok(reply),
        other => Err(format!("expected a text reply, got {}", other.describe())),
    }
}

/// Send `close` and wait for the server's close frame; its code.
pub(crate) async fn close(ws: &mut Ws) -> Result<u16, String> {
    ws.send(Message::text(r#"{"type": "close"}"#))
        .await
        .map_err(|err| format!("send close: {err}"))?;
    expect_close(ws).await
}

/// The close frame that must come next (no text before it); its code.
pub(crate) async fn expect_close(ws: &mut Ws) -> Result<u16, String> {
    close_frame(ws).await.map(|(code, _)| code)
}

/// The close frame that must come next: its code and reason.
pub(crate) async fn close_frame(ws: &mut Ws) -> Result<(u16, String), String> {
    match next_frame(ws).await? {
        Frame::Close(Some(frame)) => Ok((u16::from(frame.code), frame.reason.as_str().to_owned())),
        other => Err(format!("expected a close frame, got {}", other.describe())),
    }
}

/// A keep-alive HTTP/1.1 client for the JSON API.
#[derive(Clone)]
pub(crate) struct Http {
    client: Client<HttpConnector, Full<Bytes>>,
    base: String,
}

impl Http {
    pub(crate) fn new(server: &Server) -> Http {
        Http {
            client: Client::builder(TokioExecutor::new()).build_http(),
            base: format!("http://{}", server.addr),
        }
    }

    /// One request, optionally in session `session` (`X-Session-Id`); the
    /// status and the JSON body.
    pub(crate) async fn send(
        &self,
        method: Method,
        path: &str,
        session: Option<&str>,
        body: &str,
    ) -> (u16, Value) {
        let reply = self.request(method, path, session, body).await;
        (reply.status, reply.body)
    }

    /// [`Http::send`], with the `Retry-After` header too.
    pub(crate) async fn request(
        &self,
        method: Method,
        path: &str,
        session: Option<&str>,
        body: &str,
    ) -> Reply {
        let mut request = Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base))
            .header("content-type", "application/json");
        if let Some(id) = session {
            request = request.header("x-session-id", id);
        }
        let request = request
            .body(Full::new(Bytes::from(body.to_owned())))
            .expect("request");
        let response = tokio::time::timeout(WAIT, self.client.request(request))
            .await
            .expect("an HTTP reply within the wait")
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
            .expect("HTTP body")
            .to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|err| {
            panic!(
                "{path}: body is not JSON ({err}): {}",
                String::from_utf8_lossy(&bytes)
            )
        });
        Reply {
            status,
            retry_after,
            body,
        }
    }
}

/// An HTTP reply of the JSON API.
#[derive(Debug)]
pub(crate) struct Reply {
    pub status: u16,
    pub retry_after: Option<String>,
    pub body: Value,
}
