//! Graceful drain of the real `deskbench` binary: after SIGTERM the
//! episodes in progress, over HTTP and `/ws`, play to their end; new
//! sessions and episodes (HTTP, `/ws`, MCP `initialize`) are refused
//! with 503 `DRAINING` and `Retry-After`; each `/ws` closes with 1001 once
//! its episode is over; the process exits as soon as nothing is left, or at
//! the grace period.
//!
//! Nothing here sleeps to let a race settle: each wait is for an event
//! (the server's "draining" log line, a reply, a close frame, the exit),
//! bounded by [`WAIT`].

#[path = "support/server.rs"]
mod harness;
#[path = "support/listening.rs"]
mod listening;

use std::time::{Duration, Instant};

use axum::http::Method;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use harness::{Http, Reply, WAIT, Ws};

/// What the server logs when it starts draining.
const DRAINING_LINE: &str = "draining: refusing new sessions";
const INSPECT: &str = r#"{"raw": "inspect"}"#;
const FINAL: &str = r#"{"raw": "final: {}"}"#;

/// The binary with a drain grace of `grace_secs`, its log and a client.
struct Drained {
    server: harness::Server,
    log: mpsc::UnboundedReceiver<String>,
    http: Http,
}

impl Drained {
    async fn start(grace_secs: u64) -> Drained {
        let grace = grace_secs.to_string();
        let (server, log) =
            harness::Server::start_logged(&["--drain-grace-secs", grace.as_str()]).await;
        let http = Http::new(&server);
        Drained { server, log, http }
    }

    async fn send(&self, method: Method, path: &str, session: Option<&str>, body: &str) -> Reply {
        self.http.request(method, path, session, body).await
    }

    async fn step(&self, session: &str, action: &str) -> Value {
        let reply = self
            .send(
                Method::POST,
                "/step",
                Some(session),
                &format!(r#"{{"action": {action}}}"#),
            )
            .await;
        assert_eq!(reply.status, 200, "step in {session}: {}", reply.body);
        reply.body
    }

    async fn ws(&self) -> Ws {
        harness::connect(&self.server.ws_url("/ws"))
            .await
            .expect("a /ws connection")
    }
}

/// Send a frame, return the next text frame as JSON.
async fn ask(ws: &mut Ws, frame: Value) -> Value {
    let reply = harness::ask(ws, frame.to_string()).await.expect("a reply");
    serde_json::from_str(&reply).expect("JSON frame")
}

/// The close frame that comes next: its code and reason.
async fn close_frame(ws: &mut Ws) -> (u16, String) {
    harness::close_frame(ws).await.expect("a close frame")
}

#[tokio::test]
async fn episodes_in_flight_finish_after_sigterm_and_new_ones_go_elsewhere() {
    let mut server = Drained::start(30).await;
    let reset = server
        .send(Method::POST, "/reset", Some("inflight"), "{}")
        .await;
    assert_eq!(reset.status, 200);
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
    server.server.terminate();
    harness::Server::logged(&mut server.log, DRAINING_LINE).await;

    let ready = server.send(Method::GET, "/ready", None, "").await;
    assert_eq!(
        (ready.status, ready.retry_after.as_deref()),
        (503, Some("1")),
        "{}",
        ready.body
    );
    let health = server.send(Method::GET, "/health", None, "").await;
    assert_eq!(health.status, 200, "live while draining");
    let refused = server
        .send(Method::POST, "/reset", Some("late"), "{}")
        .await;
    assert_eq!(
        (refused.status, refused.retry_after.as_deref()),
        (503, Some("1")),
        "{}",
        refused.body
    );
    assert_eq!(
        refused.body["error"]["code"], "DRAINING",
        "{}",
        refused.body
    );
    // So is an MCP session: `initialize` is answered 503 with Retry-After
    // (a proxy retries it elsewhere), the JSON-RPC error inside saying why.
    let initialize = server
        .send(
            Method::POST,
            "/mcp",
            None,
            r#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#,
        )
        .await;
    assert_eq!(
        (initialize.status, initialize.retry_after.as_deref()),
        (503, Some("1")),
        "{}",
        initialize.body
    );
    assert_eq!(initialize.body["id"], 1, "{}", initialize.body);
    assert_eq!(
        initialize.body["error"]["data"]["code"], "DRAINING",
        "{}",
        initialize.body
    );
    // A new socket is refused before the upgrade, with a 503 a proxy retries.
    let url = server.server.ws_url("/ws");
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
        server.server.still_running(),
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

    let status = server.server.exit().await;
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
    let mut server = Drained::start(1).await;
    let reset = server
        .send(Method::POST, "/reset", Some("abandoned"), "{}")
        .await;
    assert_eq!(reset.status, 200);
    let mut ws = server.ws().await;
    ask(&mut ws, json!({"type": "reset", "data": {}})).await;
    let sigterm = Instant::now();
    server.server.terminate();
    let (code, reason) = close_frame(&mut ws).await;
    assert_eq!((code, reason.as_str()), (1001, "server shutting down"));
    let status = server.server.exit().await;
    let took = sigterm.elapsed();
    assert!(status.success(), "{status}");
    assert!(
        took >= Duration::from_secs(1) && took < Duration::from_secs(10),
        "{took:?}"
    );
    eprintln!("drain: grace 1 s, SIGTERM to exit {took:?} with two episodes left");
}
