//! Hostile input beyond `errors.rs` and `ws.rs`: nesting far past the JSON
//! depth limit, invalid UTF-8 where a session id or body is read, bodies at
//! the default size limit, WebSocket frames no client should send, and
//! floods of resets and connections. Each gets a clear error, the session
//! (where one survives) keeps working, and the session table stays bounded.

use std::time::Duration;

use axum::http::{HeaderValue, Method, StatusCode};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use server::{AppHandle, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::common::*;

/// `[` this many times: far past serde_json's limit of 128 levels, and a
/// stack overflow for any parser that recursed without one.
const DEEP: usize = 100_000;

fn deep_bodies() -> Vec<(&'static str, String)> {
    vec![
        ("arrays", "[".repeat(DEEP)),
        (
            "closed arrays",
            format!("{}{}", "[".repeat(DEEP), "]".repeat(DEEP)),
        ),
        ("objects", r#"{"a":"#.repeat(DEEP)),
        ("an action", format!(r#"{{"action": {}"#, "[".repeat(DEEP))),
    ]
}

#[tokio::test]
async fn deeply_nested_json_is_a_clear_422() {
    let app = app();
    post(&app, "/reset", "{}").await;
    for (what, body) in deep_bodies() {
        for uri in ["/step", "/reset", "/envs/support_triage/step"] {
            let json = post(&app, uri, &body).await.error(422, "INVALID_JSON");
            assert!(
                json["error"]["message"]
                    .as_str()
                    .is_some_and(|m| m.len() < 1_000),
                "{what} {uri}: the message echoes the body"
            );
        }
        let rpc = post(&app, "/mcp", &body).await;
        assert_eq!(rpc.status, StatusCode::OK);
        assert_eq!(rpc.json()["error"]["code"], -32700, "{what}");
    }
    // Nesting within the limit reaches the action parser, which names the
    // field; the refusal is not a step.
    let nested = format!(
        r#"{{"action": {{"raw": {}1{}}}}}"#,
        "[".repeat(120),
        "]".repeat(120)
    );
    let json = post(&app, "/step", &nested)
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(json["error"]["field"], "action.raw");
    assert_eq!(get(&app, "/state").await.json()["step_count"], 0);
    // Deep JSON inside the command text is a malformed answer: a scored step.
    let answer = format!(r#"{{"action": {{"raw": "final: {}"}}}}"#, "[".repeat(3_900));
    let step = post(&app, "/step", &answer).await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    assert_eq!(step.json()["done"], false);
    assert_eq!(get(&app, "/state").await.json()["step_count"], 1);
}

#[tokio::test]
async fn invalid_utf8_is_refused_where_it_is_read() {
    let app = app();
    for uri in ["/reset", "/step", "/envs/it_mental_health/step"] {
        for body in [
            &b"{\"action\": {\"raw\": \"\xc3\x28\"}}"[..],
            b"{\"seed\": 1, \"\xff\": 2}",
            b"\xef\xbb\xbf{}",
            b"{\"action\": {\"raw\": \"\xed\xa0\x80\"}}",
        ] {
            let reply = send(&app, request(Method::POST, uri, body.to_vec())).await;
            let json = reply.error(422, "INVALID_JSON");
            assert_eq!(json["error"]["field"], "body");
        }
    }
    let rpc = send(
        &app,
        request(Method::POST, "/mcp", b"{\"jsonrpc\": \"2.0\xff\"}".to_vec()),
    )
    .await;
    assert_eq!(rpc.json()["error"]["code"], -32700);
    // A percent-encoded invalid UTF-8 session id is refused, not ignored.
    get(&app, "/state?session_id=%FF%FE")
        .await
        .error(422, "VALIDATION_ERROR");
}

#[tokio::test]
async fn a_foreign_non_utf8_cookie_does_not_hide_the_session_cookie() {
    // Browsers send every cookie of the host in one header; another app's
    // cookie with UTF-8 bytes in it must not make ours unreadable (the
    // request would silently land in the shared anonymous session).
    let app = app();
    let with_cookies = |method: Method, uri: &str, body: &str| {
        let mut request = request(method, uri, body.to_owned());
        request.headers_mut().insert(
            "cookie",
            HeaderValue::from_bytes(b"name=Ren\xc3\xa9e; deskbench_session=mine")
                .expect("obs-text is a valid header value"),
        );
        request
    };
    let reply = send(&app, with_cookies(Method::POST, "/reset", r#"{"seed": 3}"#)).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.session_id(), "mine");
    send(&app, with_cookies(Method::POST, "/step", INSPECT)).await;
    let state = send(&app, with_id(Method::GET, "/state", "mine", ""))
        .await
        .json();
    assert_eq!(
        (state["seed"].clone(), state["step_count"].clone()),
        (json!(3), json!(1))
    );
    // Our own cookie with bytes outside the id alphabet is refused.
    let mut bad = request(Method::POST, "/reset", "{}");
    bad.headers_mut().insert(
        "cookie",
        HeaderValue::from_bytes(b"deskbench_session=caf\xc3\xa9").expect("header"),
    );
    send(&app, bad).await.error(422, "VALIDATION_ERROR");
    assert!(
        get(&app, "/state").await.json()["seed"].is_null(),
        "nothing went anonymous"
    );
}

#[tokio::test]
async fn bodies_at_the_default_limit() {
    let (app, handle) = server::build(config());
    let limit = server::config::DEFAULT_MAX_BODY_BYTES;
    let over = format!(r#"{{"pad": "{}"}}"#, "x".repeat(limit));
    post(&app, "/reset", &over)
        .await
        .error(413, "PAYLOAD_TOO_LARGE");
    // A declared length over the limit is refused before the body is read:
    // over TCP (hyper turns the header into the body's size), the reply
    // comes while all but two of the declared bytes are still unsent.
    let (url, _) = spawn(config()).await;
    let addr = url.trim_start_matches("ws://").trim_end_matches("/ws");
    let mut tcp = TcpStream::connect(addr).await.expect("connect");
    tcp.write_all(b"POST /step HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000000\r\n\r\n{}")
        .await
        .expect("send");
    let mut head = [0u8; 12];
    tokio::time::timeout(WAIT, tcp.read_exact(&mut head))
        .await
        .expect("a reply before the body")
        .expect("read");
    assert_eq!(&head, b"HTTP/1.1 413", "{}", String::from_utf8_lossy(&head));
    // Just under it: parsed, then refused by the field's own limit.
    post(&app, "/reset", "{}").await;
    let raw = "y".repeat(limit - 64);
    let json = post(
        &app,
        "/step",
        &format!(r#"{{"action": {{"raw": "{raw}"}}}}"#),
    )
    .await
    .error(422, "VALIDATION_ERROR");
    assert_eq!(json["error"]["field"], "action.raw");
    assert!(
        json["error"]["message"]
            .as_str()
            .is_some_and(|m| m.len() < 1_000)
    );
    let many_keys = format!(
        "{{{}}}",
        (0..40_000)
            .map(|i| format!("\"k{i}\":{i}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    assert!(many_keys.len() < limit);
    // Read whole, then refused by its first key, which is no reset option;
    // nothing is opened for it.
    let refused = post(&app, "/reset", &many_keys)
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(refused["error"]["field"], "k0");
    assert_eq!(handle.sessions().active(), 1);
}

// ---------------------------------------------------------------------------
// Floods: the session table stays within `max_sessions` whatever arrives.

#[tokio::test]
async fn floods_of_named_resets_stay_bounded() {
    let (app, handle) = server::build(Config {
        max_sessions: 20,
        ..config()
    });
    // One id reset over and over is one session.
    for seed in 0..300 {
        let body = format!(r#"{{"seed": {seed}}}"#);
        let reply = send(&app, with_id(Method::POST, "/reset", "same", &body)).await;
        assert_eq!(reply.status, StatusCode::OK);
    }
    assert_eq!(handle.sessions().active(), 1);
    // New ids by header, cookie and body, from concurrent tasks: never more
    // than the cap, and the rest are refused with 503.
    let mut tasks = Vec::new();
    for worker in 0..8 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let mut refused = 0;
            for i in 0..50 {
                let id = format!("w{worker}-{i}");
                let mut request = match i % 3 {
                    0 => with_id(Method::POST, "/reset", &id, "{}"),
                    1 => request(
                        Method::POST,
                        "/reset",
                        format!(r#"{{"session_id": "{id}"}}"#),
                    ),
                    _ => request(Method::POST, "/envs/support_triage/reset", "{}".to_owned()),
                };
                if i % 3 == 2 {
                    request.headers_mut().insert(
                        "cookie",
                        format!("deskbench_session={id}").parse().expect("cookie"),
                    );
                }
                let reply = send(&app, request).await;
                match reply.status {
                    StatusCode::OK => {}
                    StatusCode::SERVICE_UNAVAILABLE => {
                        reply.error(503, "CAPACITY_REACHED");
                        refused += 1;
                    }
                    other => panic!("{id}: {other} {}", reply.text()),
                }
            }
            refused
        }));
    }
    let mut refused = 0;
    for task in tasks {
        refused += task.await.expect("flood task");
    }
    assert_eq!(refused, 8 * 50 - 19, "exactly the free slots were used");
    assert_eq!(handle.sessions().active(), 20);
    // MCP session creation hits the same cap, as a JSON-RPC error.
    let create = r#"{"jsonrpc": "2.0", "id": 1, "method": "openenv/session/create"}"#;
    let rpc = post(&app, "/mcp", create).await.json();
    assert_eq!(rpc["error"]["code"], -32000, "{rpc}");
    // Sessions inside the table keep working.
    let reply = send(&app, with_id(Method::POST, "/step", "same", INSPECT)).await;
    assert_eq!(reply.status, StatusCode::OK);
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const WAIT: Duration = Duration::from_secs(10);

async fn spawn(config: Config) -> (String, AppHandle) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let (app, handle) = server::build(config);
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("ws://{addr}/ws"), handle)
}

async fn connect(url: &str) -> Ws {
    tokio_tungstenite::connect_async(url)
        .await
        .expect("connect")
        .0
}

/// The next frame that is not a ping or pong; `None` once the stream ends.
async fn next_frame(ws: &mut Ws) -> Option<Message> {
    loop {
        match tokio::time::timeout(WAIT, ws.next())
            .await
            .expect("a frame within the wait")
        {
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(message)) => return Some(message),
            Some(Err(_)) | None => return None,
        }
    }
}

async fn ask(ws: &mut Ws, message: &str) -> Value {
    ws.send(Message::text(message)).await.expect("send");
    match next_frame(ws).await {
        Some(Message::Text(text)) => serde_json::from_str(text.as_str()).expect("reply is JSON"),
        other => panic!("expected a text reply to {:.60}, got {other:?}", message),
    }
}

/// The connection ends (a close frame or the stream's end) with no reply.
async fn expect_end(ws: &mut Ws) {
    match next_frame(ws).await {
        None | Some(Message::Close(_)) => {}
        Some(other) => panic!("expected the connection to end, got {other:?}"),
    }
}

/// Wait (bounded) for the server side of closed connections to let go.
async fn connections_drop_to(handle: &AppHandle, n: usize) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while handle.sessions().connections() != n {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} connections still open, expected {n}",
            handle.sessions().connections()
        );
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn odd_text_frames_get_error_frames_and_the_session_lives_on() {
    let (url, _) = spawn(config()).await;
    let mut ws = connect(&url).await;
    let reset = ask(&mut ws, r#"{"type": "reset", "data": {"seed": 4}}"#).await;
    assert_eq!(reset["type"], "observation");
    assert_eq!(
        ask(&mut ws, r#"{"type": "step", "data": {"raw": "inspect"}}"#).await["type"],
        "observation"
    );
    let deep = "[".repeat(DEEP);
    let deep_data = format!(r#"{{"type": "step", "data": {}"#, "{\"a\":".repeat(DEEP));
    let nested_ok = format!(
        r#"{{"type": "step", "data": {{"raw": {}1{}}}}}"#,
        "[".repeat(120),
        "]".repeat(120)
    );
    for (frame, code) in [
        (deep.as_str(), "INVALID_JSON"),
        (deep_data.as_str(), "INVALID_JSON"),
        ("", "INVALID_JSON"),
        ("   ", "INVALID_JSON"),
        ("\u{feff}{}", "INVALID_JSON"),
        ("[]", "VALIDATION_ERROR"),
        ("42", "VALIDATION_ERROR"),
        ("\"step\"", "VALIDATION_ERROR"),
        ("true", "VALIDATION_ERROR"),
        ("{}", "UNKNOWN_TYPE"),
        (r#"{"type": null}"#, "UNKNOWN_TYPE"),
        (r#"{"type": ["step"]}"#, "UNKNOWN_TYPE"),
        (r#"{"type": "STEP"}"#, "UNKNOWN_TYPE"),
        (r#"{"type": "step", "data": {}}"#, "VALIDATION_ERROR"),
        (
            r#"{"type": "reset", "data": {"seed": 1e400}}"#,
            "INVALID_JSON",
        ),
        (
            r#"{"type": "reset", "data": {"task": {"a": 1}}}"#,
            "VALIDATION_ERROR",
        ),
        (nested_ok.as_str(), "VALIDATION_ERROR"),
    ] {
        let reply = ask(&mut ws, frame).await;
        assert_eq!(reply["type"], "error", "{frame:.60}: {reply}");
        assert_eq!(reply["data"]["code"], code, "{frame:.60}: {reply}");
        let message = reply["data"]["message"].as_str().unwrap_or("");
        assert!(
            !message.is_empty() && message.len() < 2_000,
            "{frame:.60}: {reply}"
        );
    }
    let state = ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(
        (
            state["data"]["seed"].clone(),
            state["data"]["step_count"].clone()
        ),
        (json!(4), json!(1)),
        "refused frames changed nothing"
    );
    assert_eq!(
        ask(&mut ws, r#"{"type": "step", "data": {"raw": "inspect"}}"#).await["type"],
        "observation"
    );
}

#[tokio::test]
async fn frames_that_break_the_protocol_end_only_their_connection() {
    let (url, handle) = spawn(Config {
        max_body_bytes: 4096,
        ..config()
    })
    .await;
    let mut steady = connect(&url).await;
    ask(&mut steady, r#"{"type": "reset", "data": {"seed": 8}}"#).await;

    // Invalid UTF-8 in a text frame, an empty binary frame, and a message
    // over the limit sent as many small fragments: each ends its connection
    // with the close code that names the problem.
    let invalid_utf8 = vec![Message::Frame(Frame::message(
        b"{\"type\": \"st\xffate\"}".to_vec(),
        OpCode::Data(Data::Text),
        true,
    ))];
    let empty_binary = vec![Message::binary(Vec::new())];
    let mut fragments = vec![Message::Frame(Frame::message(
        b"{\"type\": \"step\", \"data\": {\"raw\": \"".to_vec(),
        OpCode::Data(Data::Text),
        false,
    ))];
    for _ in 0..64 {
        fragments.push(Message::Frame(Frame::message(
            vec![b'x'; 256],
            OpCode::Data(Data::Continue),
            false,
        )));
    }
    for (what, frames, code) in [
        ("invalid UTF-8", invalid_utf8, 1007),
        ("empty binary", empty_binary, 1003),
        ("fragments", fragments, 1009),
    ] {
        let mut ws = connect(&url).await;
        ask(&mut ws, r#"{"type": "reset"}"#).await;
        assert_eq!(handle.sessions().connections(), 2, "{what}");
        for frame in frames {
            ws.send(frame).await.expect("send");
        }
        if what == "empty binary" {
            // Only a binary frame is answered before the close.
            match next_frame(&mut ws).await {
                Some(Message::Text(text)) => {
                    let reply: Value = serde_json::from_str(text.as_str()).expect("JSON");
                    assert_eq!(reply["data"]["code"], "SESSION_ERROR", "{reply}");
                }
                other => panic!("{what}: {other:?}"),
            }
        }
        match next_frame(&mut ws).await {
            Some(Message::Close(Some(frame))) => {
                assert_eq!(u16::from(frame.code), code, "{what}: {frame:?}");
                assert!(!frame.reason.is_empty(), "{what}");
            }
            other => panic!("{what}: expected a close frame, got {other:?}"),
        }
        connections_drop_to(&handle, 1).await;
        // The other connection's episode is untouched.
        let state = ask(&mut steady, r#"{"type": "state"}"#).await;
        assert_eq!(state["data"]["seed"], 8, "{what}");
        assert_eq!(
            ask(
                &mut steady,
                r#"{"type": "step", "data": {"raw": "inspect"}}"#
            )
            .await["type"],
            "observation",
            "{what}"
        );
    }
}

#[tokio::test]
async fn floods_over_websockets_stay_bounded() {
    let (url, handle) = spawn(Config {
        max_sessions: 3,
        ..config()
    })
    .await;
    // One connection resetting over and over holds one slot.
    let mut ws = connect(&url).await;
    for batch in 0..10 {
        // Pipelined, a hundred at a time, so neither side's buffers fill.
        let seeds = batch * 100..(batch + 1) * 100;
        for seed in seeds.clone() {
            let reset = format!(r#"{{"type": "reset", "data": {{"seed": {seed}}}}}"#);
            ws.feed(Message::text(reset)).await.expect("feed");
        }
        ws.flush().await.expect("flush");
        for seed in seeds {
            let reply = match next_frame(&mut ws).await {
                Some(Message::Text(text)) => {
                    serde_json::from_str::<Value>(text.as_str()).expect("JSON")
                }
                other => panic!("reset {seed}: {other:?}"),
            };
            assert_eq!(reply["type"], "observation", "reset {seed}");
        }
    }
    assert_eq!(
        ask(&mut ws, r#"{"type": "state"}"#).await["data"]["seed"],
        999
    );
    assert_eq!(handle.sessions().active(), 1);
    // Connections opened and dropped far past the cap: refused while full,
    // and every slot comes back.
    let mut refused = 0;
    for _ in 0..100 {
        let mut extra = connect(&url).await;
        let reply = ask(&mut extra, r#"{"type": "state"}"#).await;
        if reply["type"] == "error" {
            assert_eq!(reply["data"]["code"], "CAPACITY_REACHED");
            refused += 1;
        }
        drop(extra);
    }
    assert!(refused < 100, "dropped connections never freed their slots");
    connections_drop_to(&handle, 1).await;
    ws.send(Message::text(r#"{"type": "close"}"#))
        .await
        .expect("send");
    expect_end(&mut ws).await;
    connections_drop_to(&handle, 0).await;
}
