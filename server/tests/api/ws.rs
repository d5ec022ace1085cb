//! `/ws` on a real socket (127.0.0.1:0) with a tungstenite client: the
//! OpenEnv session protocol, every error frame, capacity, pings, idle close.

use std::time::Duration;

use axum::Router;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use server::{AppHandle, Config};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::common::*;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A bound on every wait, so a broken server fails the test instead of
/// hanging it; replies normally arrive in microseconds.
const WAIT: Duration = Duration::from_secs(10);

pub(crate) async fn spawn(config: Config) -> (String, Router, AppHandle) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (app, handle) = server::build(config);
    let served = app.clone();
    tokio::spawn(async move { axum::serve(listener, served).await });
    (format!("ws://{addr}"), app, handle)
}

pub(crate) async fn connect(url: &str) -> Ws {
    let (ws, response) = tokio_tungstenite::connect_async(url)
        .await
        .expect("connect");
    assert_eq!(response.status(), 101);
    ws
}

/// The next frame that is not a ping or pong; `None` when the stream ended.
pub(crate) async fn next_frame(ws: &mut Ws) -> Option<Message> {
    loop {
        match tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("no frame within the wait")
        {
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(message)) => return Some(message),
            Some(Err(_)) | None => return None,
        }
    }
}

pub(crate) async fn reply(ws: &mut Ws) -> Value {
    match next_frame(ws).await {
        Some(Message::Text(text)) => serde_json::from_str(text.as_str()).expect("reply is JSON"),
        other => panic!("expected a text reply, got {other:?}"),
    }
}

pub(crate) async fn ask(ws: &mut Ws, message: &str) -> Value {
    ws.send(Message::text(message)).await.expect("send");
    reply(ws).await
}

/// The code of the close frame that must come next (and no text before it).
async fn expect_close(ws: &mut Ws) -> u16 {
    match next_frame(ws).await {
        Some(Message::Close(Some(frame))) => u16::from(frame.code),
        other => panic!("expected a close frame, got {other:?}"),
    }
}

pub(crate) fn assert_error(reply: &Value, code: &str) {
    assert_eq!(reply["type"], "error", "{reply}");
    assert_eq!(reply["data"]["code"], code, "{reply}");
    assert!(
        reply["data"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{reply}"
    );
}

#[tokio::test]
async fn an_episode_over_the_socket_then_close_without_reply() {
    let (base, _, handle) = spawn(config()).await;
    for path in ["/ws", "/envs/productivity/ws"] {
        let mut ws = connect(&format!("{base}{path}")).await;
        let state = ask(&mut ws, r#"{"type": "state"}"#).await;
        assert_eq!(
            (state["type"].clone(), state["data"]["step_count"].clone()),
            (json!("state"), json!(0))
        );

        let reset = ask(
            &mut ws,
            r#"{"type": "reset", "data": {"seed": 42, "episode_id": "ep-x"}}"#,
        )
        .await;
        assert_eq!(reset["type"], "observation", "{reset}");
        assert!(reset["data"]["observation"].is_object());
        assert_eq!(reset["data"]["reward"], Value::Null);
        assert_eq!(reset["data"]["done"], false);

        let step = ask(&mut ws, r#"{"type": "step", "data": {"raw": "inspect"}}"#).await;
        assert_eq!(step["type"], "observation");
        assert!(step["data"]["reward"].is_number());
        // The bare string productivity's seed sent is its `raw`.
        let bare = ask(&mut ws, r#"{"type": "step", "data": "inspect"}"#).await;
        assert_eq!(bare["type"], "observation", "{bare}");
        assert_eq!(bare["data"]["observation"]["last_action"], "inspect");

        let state = ask(&mut ws, r#"{"type": "state"}"#).await;
        assert_eq!(state["type"], "state");
        assert_eq!(state["data"]["step_count"], 2);
        assert_eq!(state["data"]["episode_id"], "ep-x");
        assert_eq!(state["data"]["seed"], 42);
        assert_eq!(handle.sessions().connections(), 1);

        ws.send(Message::text(r#"{"type": "close"}"#))
            .await
            .expect("send");
        assert_eq!(
            expect_close(&mut ws).await,
            1000,
            "close gets no reply, only the close frame"
        );
        assert_eq!(
            handle.sessions().connections(),
            0,
            "the slot is free once the close frame arrives"
        );
    }
}

#[tokio::test]
async fn the_same_seed_gives_the_same_episode_over_http_and_ws() {
    let (base, app, _) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/ws")).await;
    let over_ws = ask(
        &mut ws,
        r#"{"type": "reset", "data": {"seed": 9, "task": "medium"}}"#,
    )
    .await;
    let over_http = post(&app, "/reset", r#"{"seed": 9, "task": "medium"}"#)
        .await
        .json();
    assert_eq!(over_ws["data"], over_http);
}

#[tokio::test]
async fn every_error_frame_keeps_the_session_until_a_binary_frame() {
    let (base, _, handle) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/ws")).await;

    let invalid_json = ask(&mut ws, "{not json").await;
    assert_error(&invalid_json, "INVALID_JSON");
    assert!(
        invalid_json["data"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Invalid JSON"))
    );
    for unknown in [r#"{"type": "nope"}"#, r#"{"data": {}}"#, r#"{"type": 5}"#] {
        assert_error(&ask(&mut ws, unknown).await, "UNKNOWN_TYPE");
    }
    for invalid in [
        "[1, 2]",
        "5",
        "null",
        r#"{"type": "state", "id": 7}"#,
        r#"{"type": "close", "data": {}}"#,
        r#"{"type": "reset", "data": null}"#,
        r#"{"type": "reset", "data": [1]}"#,
        r#"{"type": "step"}"#,
        r#"{"type": "step", "data": 5}"#,
        r#"{"type": "mcp"}"#,
    ] {
        let reply = ask(&mut ws, invalid).await;
        assert_error(&reply, "VALIDATION_ERROR");
        assert!(
            reply["data"]["errors"][0]["msg"].is_string(),
            "{invalid}: {reply}"
        );
    }
    let bad_seed = ask(&mut ws, r#"{"type": "reset", "data": {"seed": -1}}"#).await;
    assert_error(&bad_seed, "VALIDATION_ERROR");
    assert_eq!(bad_seed["data"]["field"], "seed");
    let unknown_task = ask(&mut ws, r#"{"type": "reset", "data": {"task": "nope"}}"#).await;
    assert_error(&unknown_task, "VALIDATION_ERROR");
    assert_eq!(unknown_task["data"]["reason"], "UNKNOWN_TASK");

    let early = ask(&mut ws, r#"{"type": "step", "data": {"raw": "inspect"}}"#).await;
    assert_error(&early, "EXECUTION_ERROR");
    assert_eq!(early["data"]["reason"], "EPISODE_NOT_STARTED");

    assert_eq!(
        ask(&mut ws, r#"{"type": "reset"}"#).await["type"],
        "observation"
    );
    let bad_action = ask(&mut ws, r#"{"type": "step", "data": {"raw": 5}}"#).await;
    assert_error(&bad_action, "VALIDATION_ERROR");
    assert_eq!(bad_action["data"]["field"], "action.raw");
    assert_eq!(bad_action["data"]["errors"][0]["loc"], json!(["raw"]));
    assert_error(
        &ask(&mut ws, r#"{"type": "step", "data": {"bogus": 1}}"#).await,
        "VALIDATION_ERROR",
    );
    assert_eq!(
        ask(&mut ws, r#"{"type": "state"}"#).await["data"]["step_count"],
        0,
        "refusals are not steps"
    );

    let done = ask(&mut ws, r#"{"type": "step", "data": {"raw": "final: {}"}}"#).await;
    assert_eq!(done["data"]["done"], true, "{done}");
    let late = ask(&mut ws, r#"{"type": "step", "data": {"raw": "inspect"}}"#).await;
    assert_error(&late, "EXECUTION_ERROR");
    assert_eq!(late["data"]["reason"], "EPISODE_DONE");
    let state = ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(
        (
            state["data"]["step_count"].clone(),
            state["data"]["done"].clone()
        ),
        (json!(1), json!(true))
    );

    ws.send(Message::binary(vec![1u8, 2, 3]))
        .await
        .expect("send");
    assert_error(&reply(&mut ws).await, "SESSION_ERROR");
    assert_eq!(expect_close(&mut ws).await, 1003);
    assert_eq!(handle.sessions().connections(), 0);
}

#[tokio::test]
async fn replies_come_in_order_for_pipelined_messages() {
    let (base, _, _) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/ws")).await;
    for message in [
        r#"{"type": "reset", "data": {"seed": 1}}"#,
        "{oops",
        r#"{"type": "step", "data": {"raw": "inspect"}}"#,
        r#"{"type": "state"}"#,
    ] {
        ws.send(Message::text(message)).await.expect("send");
    }
    let mut got = Vec::new();
    for _ in 0..4 {
        let r = reply(&mut ws).await;
        let kind = if r["type"] == "error" {
            &r["data"]["code"]
        } else {
            &r["type"]
        };
        got.push(kind.clone());
    }
    assert_eq!(
        got,
        [
            json!("observation"),
            json!("INVALID_JSON"),
            json!("observation"),
            json!("state")
        ]
    );
}

#[tokio::test]
async fn mcp_messages_use_the_connection_environment() {
    let (base, _, _) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/ws")).await;
    ask(
        &mut ws,
        r#"{"type": "reset", "data": {"episode_id": "conn"}}"#,
    )
    .await;
    let call = r#"{"type": "mcp", "data": {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "inspect", "arguments": {}}}}"#;
    let reply = ask(&mut ws, call).await;
    assert_eq!(reply["type"], "mcp");
    assert_eq!(reply["data"]["id"], 1);
    assert_eq!(reply["data"]["result"]["isError"], false);
    let state = ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(
        (
            state["data"]["step_count"].clone(),
            state["data"]["episode_id"].clone()
        ),
        (json!(1), json!("conn"))
    );
    let list = ask(
        &mut ws,
        r#"{"type": "mcp", "data": {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}}"#,
    )
    .await;
    let names: Vec<&str> = list["data"]["result"]["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["read_task", "inspect", "propose", "final"]);
    // The connection's case is a resource too; with no stream to announce
    // on, the handshake promises no notification and takes no subscription.
    let init = ask(
        &mut ws,
        r#"{"type": "mcp", "data": {"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {}}}"#,
    )
    .await;
    assert_eq!(
        init["data"]["result"]["capabilities"],
        json!({"tools": {"listChanged": false}, "resources": {"subscribe": false, "listChanged": false}})
    );
    let case = ask(
        &mut ws,
        r#"{"type": "mcp", "data": {"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": "deskbench://productivity/case"}}}"#,
    )
    .await;
    let text = case["data"]["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_default();
    let case: Value = serde_json::from_str(text).expect("the case as JSON");
    assert_eq!(case["step_count"], 1, "{case}");
    let subscribe = ask(
        &mut ws,
        r#"{"type": "mcp", "data": {"jsonrpc": "2.0", "id": 5, "method": "resources/subscribe", "params": {"uri": "deskbench://productivity/case"}}}"#,
    )
    .await;
    assert_eq!(subscribe["data"]["error"]["code"], -32601, "{subscribe}");
    // The OpenEnv MCP actions are steps here too.
    let stepped = ask(
        &mut ws,
        r#"{"type": "step", "data": {"type": "call_tool", "tool_name": "inspect", "arguments": {}}}"#,
    )
    .await;
    assert_eq!(stepped["data"]["observation"]["tool_name"], "inspect");
    assert_eq!(stepped["data"]["observation"]["result"]["step_count"], 2);
    let bad = ask(&mut ws, r#"{"type": "mcp", "data": {}}"#).await;
    assert_eq!(
        (bad["type"].clone(), bad["data"]["error"]["code"].clone()),
        (json!("mcp"), json!(-32600))
    );
}

/// A JSON-RPC call over plain HTTP to the test server at `base` (ws://...).
async fn http_mcp(app: &Router, body: Value) -> Value {
    post(app, "/mcp", &body.to_string()).await.json()
}

#[tokio::test]
async fn a_socket_attaches_to_an_http_or_mcp_session() {
    let (base, app, _) = spawn(config()).await;
    let created = http_mcp(
        &app,
        json!({"jsonrpc": "2.0", "id": 1, "method": "openenv/session/create"}),
    )
    .await;
    let id = created["result"]["session_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let mut ws = connect(&format!("{base}/ws?session_id={id}")).await;
    let reset = ask(
        &mut ws,
        r#"{"type": "reset", "data": {"seed": 4, "task": "easy"}}"#,
    )
    .await;
    assert_eq!(reset["type"], "observation");
    // A tool call over HTTP plays the socket's episode.
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                      "params": {"name": "inspect", "arguments": {}, "session_id": id}});
    let called = http_mcp(&app, call).await;
    assert_eq!(called["result"]["isError"], false, "{called}");
    let state = ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(
        (
            state["data"]["step_count"].clone(),
            state["data"]["seed"].clone()
        ),
        (json!(1), json!(4))
    );
    // One socket at a time.
    let mut second = connect(&format!("{base}/ws?session_id={id}")).await;
    let refused = reply(&mut second).await;
    assert_eq!(refused["data"]["code"], "SESSION_ERROR");
    assert!(
        refused["data"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("already has an attached WebSocket"))
    );
    assert_eq!(expect_close(&mut second).await, 1000);
    // Closing the socket leaves the session; another socket takes it over,
    // this time named by X-Session-Id on the upgrade.
    ws.send(Message::text(r#"{"type": "close"}"#))
        .await
        .expect("close");
    assert_eq!(expect_close(&mut ws).await, 1000);
    let mut upgrade = format!("{base}/ws").into_client_request().expect("request");
    upgrade
        .headers_mut()
        .insert("x-session-id", id.parse().expect("header"));
    let mut again = None;
    for _ in 0..50 {
        let (mut socket, _) = tokio_tungstenite::connect_async(upgrade.clone())
            .await
            .expect("connect");
        let state = ask(&mut socket, r#"{"type": "state"}"#).await;
        if state["type"] == "state" {
            again = Some(state);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        again.map(|s| s["data"]["step_count"].clone()),
        Some(json!(1))
    );
    // An unknown session is refused, clearly.
    let mut ghost = connect(&format!("{base}/ws?session_id=ghost")).await;
    let refused = reply(&mut ghost).await;
    assert_eq!(refused["data"]["code"], "SESSION_ERROR");
    assert!(
        refused["data"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("unknown session `ghost`")),
        "{refused}"
    );
    assert_eq!(expect_close(&mut ghost).await, 1000);
}

#[tokio::test]
async fn pings_are_answered() {
    let (base, _, _) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/ws")).await;
    ws.send(Message::Ping("hello".into())).await.expect("send");
    let pong = tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("pong within the wait");
    match pong {
        Some(Ok(Message::Pong(payload))) => assert_eq!(&payload[..], b"hello"),
        other => panic!("expected a pong, got {other:?}"),
    }
    assert_eq!(ask(&mut ws, r#"{"type": "state"}"#).await["type"], "state");
}

#[tokio::test]
async fn a_full_server_refuses_with_capacity_reached_then_closes() {
    let (base, app, handle) = spawn(Config {
        max_sessions: 1,
        ..config()
    })
    .await;
    let url = format!("{base}/ws");
    let mut first = connect(&url).await;
    ask(&mut first, r#"{"type": "state"}"#).await;

    let mut second = connect(&url).await;
    let refused = reply(&mut second).await;
    assert_error(&refused, "CAPACITY_REACHED");
    assert_eq!(refused["data"]["active_sessions"], 1);
    assert_eq!(refused["data"]["max_sessions"], 1);
    assert!(
        refused["data"]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Server at capacity: 1/1"))
    );
    assert_eq!(expect_close(&mut second).await, 1000);

    // WebSocket connections and HTTP sessions share the cap.
    post(&app, "/reset", "{}")
        .await
        .error(503, "CAPACITY_REACHED");

    first
        .send(Message::text(r#"{"type": "close"}"#))
        .await
        .expect("send");
    assert_eq!(expect_close(&mut first).await, 1000);
    let mut third = connect(&url).await;
    assert_eq!(
        ask(&mut third, r#"{"type": "state"}"#).await["type"],
        "state"
    );
    assert_eq!(handle.sessions().active(), 1);
}

#[tokio::test]
async fn an_http_session_can_fill_the_server_for_websockets() {
    let (base, app, _) = spawn(Config {
        max_sessions: 1,
        ..config()
    })
    .await;
    post(&app, "/reset", "{}").await;
    let mut ws = connect(&format!("{base}/ws")).await;
    assert_error(&reply(&mut ws).await, "CAPACITY_REACHED");
}

#[tokio::test]
async fn a_silent_connection_is_closed_after_the_idle_timeout() {
    let (base, _, handle) = spawn(Config {
        session_idle: Duration::from_millis(300),
        ..config()
    })
    .await;
    let mut ws = connect(&format!("{base}/ws")).await;
    assert_eq!(expect_close(&mut ws).await, 1000);
    assert_eq!(handle.sessions().connections(), 0);
}

#[tokio::test]
async fn shutdown_closes_open_connections() {
    let (base, _, handle) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/ws")).await;
    ask(&mut ws, r#"{"type": "state"}"#).await;
    handle.shutdown();
    assert_eq!(expect_close(&mut ws).await, 1001);
}

#[tokio::test]
async fn an_oversized_message_ends_the_connection_and_frees_its_slot() {
    let (base, _, handle) = spawn(Config {
        max_body_bytes: 1024,
        ..config()
    })
    .await;
    let mut ws = connect(&format!("{base}/ws")).await;
    ask(&mut ws, r#"{"type": "state"}"#).await;
    let big = format!(
        r#"{{"type": "step", "data": {{"raw": "{}"}}}}"#,
        "x".repeat(4096)
    );
    let _ = ws.send(Message::text(big)).await;
    match next_frame(&mut ws).await {
        None | Some(Message::Close(_)) => {}
        Some(other) => panic!("an oversized message got a reply: {other:?}"),
    }
    assert_eq!(handle.sessions().connections(), 0);
}
