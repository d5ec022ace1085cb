//! Every error status, in our JSON shape; nothing a client sends yields a
//! 5xx (other than 503 when full) or a panic.

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{Method, StatusCode};
use axum::routing;
use serde_json::{Value, json};
use server::Config;
use tower_http::catch_panic::CatchPanicLayer;

use crate::common::*;

#[tokio::test]
async fn unknown_environment_is_404_listing_the_ids() {
    let app = app();
    for (method, uri) in [
        (Method::GET, "/envs/nope/health"),
        (Method::POST, "/envs/nope/reset"),
        (Method::GET, "/envs/nope"),
        (Method::GET, "/envs/nope/"),
        (Method::GET, "/envs/nope/a/b/c"),
    ] {
        let reply = send(&app, request(method, uri, "{}")).await;
        let body = reply.error(404, "UNKNOWN_ENV");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("productivity")),
            "{body}"
        );
    }
}

#[tokio::test]
async fn unknown_task_is_404_naming_the_field() {
    for uri in ["/reset", "/envs/productivity/reset"] {
        let body = post(&app(), uri, r#"{"task": "nope"}"#)
            .await
            .error(404, "UNKNOWN_TASK");
        assert_eq!(body["error"]["field"], "task");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("easy"))
        );
    }
    post(&app(), "/reset?task=nope", "")
        .await
        .error(404, "UNKNOWN_TASK");
}

#[tokio::test]
async fn unknown_path_is_404_not_found() {
    let app = app();
    for uri in [
        "/nope",
        "/envs/productivity/nope",
        "/envs/productivity",
        "/health/x",
        "/webx",
    ] {
        get(&app, uri).await.error(404, "NOT_FOUND");
    }
}

#[tokio::test]
async fn wrong_method_is_405_json_with_allow() {
    let app = app();
    for (method, uri, allow) in [
        (Method::GET, "/reset", "POST"),
        (Method::POST, "/health", "GET,HEAD"),
        (Method::POST, "/state", "GET,HEAD"),
        (Method::DELETE, "/envs/productivity/step", "POST"),
        (Method::PUT, "/mcp", "POST,GET,HEAD,DELETE"),
        (Method::POST, "/ws", "GET,HEAD"),
        (Method::PUT, "/web/", "GET,HEAD"),
    ] {
        let reply = send(&app, request(method.clone(), uri, "")).await;
        reply.error(405, "METHOD_NOT_ALLOWED");
        assert_eq!(reply.header("allow"), Some(allow), "{method} {uri}");
    }
}

#[tokio::test]
async fn step_before_reset_is_409() {
    let app = app();
    let body = post(&app, "/step", INSPECT)
        .await
        .error(409, "EPISODE_NOT_STARTED");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("POST /reset"))
    );
    // A named session that does not exist, and one made by MCP but never reset.
    let reply = send(&app, with_id(Method::POST, "/step", "never-reset", INSPECT)).await;
    reply.error(409, "EPISODE_NOT_STARTED");
    assert_eq!(reply.session_id(), "never-reset");
    let created = post(
        &app,
        "/mcp",
        r#"{"jsonrpc": "2.0", "id": 1, "method": "openenv/session/create"}"#,
    )
    .await;
    let id = created.json()["result"]["session_id"]
        .as_str()
        .expect("id")
        .to_owned();
    send(&app, with_id(Method::POST, "/step", &id, INSPECT))
        .await
        .error(409, "EPISODE_NOT_STARTED");
}

#[tokio::test]
async fn step_after_done_is_409() {
    let app = app();
    send(&app, with_id(Method::POST, "/reset", "done-1", "{}")).await;
    let last = finish_episode(&app, "", "done-1").await;
    assert!(last["observation"]["terminal_grader"].is_number(), "{last}");
    let reply = send(&app, with_id(Method::POST, "/step", "done-1", INSPECT)).await;
    let body = reply.error(409, "EPISODE_DONE");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("reset"))
    );
    // A new reset starts over in the same session.
    send(&app, with_id(Method::POST, "/reset", "done-1", "{}")).await;
    let reply = send(&app, with_id(Method::POST, "/step", "done-1", INSPECT)).await;
    assert_eq!(reply.status, StatusCode::OK);
}

#[tokio::test]
async fn oversized_bodies_are_413() {
    let app = server::app(Config {
        max_body_bytes: 1024,
        ..config()
    });
    let big = format!(r#"{{"seed": 1, "pad": "{}"}}"#, "x".repeat(2048));
    for uri in ["/reset", "/step", "/envs/productivity/reset"] {
        post(&app, uri, &big).await.error(413, "PAYLOAD_TOO_LARGE");
    }
    // No Content-Length: the limit still holds while streaming.
    let chunks: Vec<Result<Bytes, std::io::Error>> =
        (0..8).map(|_| Ok(Bytes::from(vec![b' '; 512]))).collect();
    let streamed = Body::from_stream(futures_util::stream::iter(chunks));
    send(&app, request(Method::POST, "/reset", streamed))
        .await
        .error(413, "PAYLOAD_TOO_LARGE");
    // Just under the limit is fine.
    let fits = format!(r#"{{"episode_id": "{}"}}"#, "x".repeat(200));
    assert_eq!(post(&app, "/reset", &fits).await.status, StatusCode::OK);
}

#[tokio::test]
async fn malformed_bodies_are_422() {
    let app = app();
    post(&app, "/reset", "").await;
    for (uri, body, code, field) in [
        ("/reset", "{not json", "INVALID_JSON", "body"),
        ("/reset", "null", "VALIDATION_ERROR", "body"),
        ("/reset", "[1, 2]", "VALIDATION_ERROR", "body"),
        ("/reset", "\"text\"", "VALIDATION_ERROR", "body"),
        ("/step", "{not json", "INVALID_JSON", "body"),
        ("/step", "", "VALIDATION_ERROR", "action"),
        ("/step", "{}", "VALIDATION_ERROR", "action"),
        ("/step", r#"{"action": null}"#, "VALIDATION_ERROR", "action"),
        // A bare string is productivity's `raw` (its seed sent one); for
        // the others it is no action, refused before the episode's state.
        (
            "/envs/support_triage/step",
            r#"{"action": "show_inbox"}"#,
            "VALIDATION_ERROR",
            "action",
        ),
        ("/step", r#"{"action": true}"#, "VALIDATION_ERROR", "action"),
        ("/step", r#"{"action": [1]}"#, "VALIDATION_ERROR", "action"),
        (
            "/step",
            r#"{"raw": "inspect"}"#,
            "VALIDATION_ERROR",
            "action",
        ),
        (
            "/step",
            r#"{"action": {"raw": 5}}"#,
            "VALIDATION_ERROR",
            "action.raw",
        ),
        ("/step", r#"{"action": {}}"#, "VALIDATION_ERROR", "action"),
        (
            "/step",
            r#"{"action": {"raw": "inspect"}, "timeout_s": -1}"#,
            "VALIDATION_ERROR",
            "timeout_s",
        ),
        (
            "/step",
            r#"{"action": {"raw": "inspect"}, "request_id": 5}"#,
            "VALIDATION_ERROR",
            "request_id",
        ),
    ] {
        let reply = post(&app, uri, body).await;
        let json = reply.error(422, code);
        assert_eq!(json["error"]["field"], field, "{uri} {body}: {json}");
    }
    // An unknown action key names itself; the loc follows the field path.
    let json = post(&app, "/step", r#"{"action": {"bogus": 1}}"#)
        .await
        .error(422, "VALIDATION_ERROR");
    assert!(
        json["error"]["field"]
            .as_str()
            .is_some_and(|f| f.starts_with("action")),
        "{json}"
    );
    let json = post(&app, "/step", r#"{"action": {"raw": 5}}"#)
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(json["detail"][0]["loc"], json!(["body", "action", "raw"]));
    let json = post(&app, "/step", "{}")
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(json["detail"][0]["type"], "missing");
}

#[tokio::test]
async fn bad_reset_fields_are_422_and_create_nothing() {
    let (app, handle) = server::build(config());
    for (body, field) in [
        (r#"{"seed": "abc"}"#, "seed"),
        (r#"{"seed": -1}"#, "seed"),
        (r#"{"seed": 42.5}"#, "seed"),
        (r#"{"seed": [1]}"#, "seed"),
        (r#"{"episode_id": 5}"#, "episode_id"),
        (r#"{"task": 3}"#, "task"),
        (r#"{"session_id": 3}"#, "session_id"),
        (r#"{"session_id": "has space"}"#, "session_id"),
    ] {
        let json = post(&app, "/reset", body)
            .await
            .error(422, "VALIDATION_ERROR");
        assert_eq!(json["error"]["field"], field, "{body}");
        assert_eq!(json["detail"][0]["loc"], json!(["body", field]), "{body}");
    }
    let long = format!(r#"{{"episode_id": "{}"}}"#, "e".repeat(256));
    post(&app, "/reset", &long)
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(
        handle.sessions().active(),
        0,
        "refused resets open no session"
    );
}

#[tokio::test]
async fn bad_session_ids_are_422() {
    let app = app();
    let too_long = "x".repeat(129);
    for id in ["has space", "semi;colon", too_long.as_str()] {
        let reply = send(&app, with_id(Method::POST, "/reset", id, "{}")).await;
        assert_eq!(
            reply.error(422, "VALIDATION_ERROR")["error"]["field"],
            "session_id"
        );
    }
    get(&app, "/state?session_id=a%20b")
        .await
        .error(422, "VALIDATION_ERROR");
    let mut request = request(Method::POST, "/step", INSPECT);
    request.headers_mut().insert(
        "x-session-id",
        axum::http::HeaderValue::from_bytes(b"caf\xc3\xa9").expect("bytes"),
    );
    send(&app, request).await.error(422, "VALIDATION_ERROR");
}

#[tokio::test]
async fn a_full_table_is_503_capacity_reached() {
    let (app, handle) = server::build(Config {
        max_sessions: 2,
        ..config()
    });
    let first = post(&app, "/reset", "{}").await.session_id();
    send(&app, with_id(Method::POST, "/reset", "second", "{}")).await;
    let reply = post(&app, "/reset", "{}").await;
    let body = reply.error(503, "CAPACITY_REACHED");
    assert_eq!(body["error"]["active_sessions"], 2);
    assert_eq!(body["error"]["max_sessions"], 2);
    assert_eq!(reply.header("retry-after"), Some("1"));
    send(&app, with_id(Method::POST, "/reset", "third", "{}"))
        .await
        .error(503, "CAPACITY_REACHED");
    // Live sessions keep working, and resetting one of them needs no room.
    assert_eq!(
        send(&app, with_id(Method::POST, "/step", &first, INSPECT))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        send(&app, with_id(Method::POST, "/reset", "second", "{}"))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(handle.sessions().active(), 2);
    // Closing one frees a slot.
    let close = format!(
        r#"{{"jsonrpc": "2.0", "id": 1, "method": "openenv/session/close", "params": {{"session_id": "{first}"}}}}"#
    );
    assert_eq!(
        post(&app, "/mcp", &close).await.json()["result"]["closed"],
        true
    );
    assert_eq!(post(&app, "/reset", "{}").await.status, StatusCode::OK);
}

#[tokio::test]
async fn refused_actions_do_not_count_as_steps() {
    let app = app();
    post(&app, "/reset", "{}").await;
    post(&app, "/step", r#"{"action": {"raw": 5}}"#)
        .await
        .error(422, "VALIDATION_ERROR");
    post(&app, "/step", r#"{"action": {"bogus": 1}}"#)
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(get(&app, "/state").await.json()["step_count"], 0);
    post(&app, "/step", INSPECT).await;
    assert_eq!(get(&app, "/state").await.json()["step_count"], 1);
}

#[tokio::test]
async fn hostile_bodies_never_cause_a_server_error() {
    let app = server::app(Config {
        max_body_bytes: 64 * 1024,
        ..config()
    });
    let deep = format!("{}{}", "[".repeat(50_000), "]".repeat(50_000));
    let deep_action = format!(r#"{{"action": {{"raw": {}}}}}"#, "[".repeat(10_000));
    let wide = format!(
        "{{{}}}",
        (0..3000)
            .map(|i| format!("\"k{i}\": {i}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let bodies: Vec<Vec<u8>> = vec![
        b"\xff\xfe\xfd".to_vec(),
        b"{\"action\": {\"raw\": \"\xff\"}}".to_vec(),
        deep.into_bytes(),
        deep_action.into_bytes(),
        wide.into_bytes(),
        b"1e999999".to_vec(),
        b"{\"seed\": 1e300}".to_vec(),
        b"{\"seed\": 18446744073709551616}".to_vec(),
        b"{\"action\": {\"raw\": \"final: {\\\"a\\\": [[[[[[[[[[]]]]]]]]]]}\"}}".to_vec(),
        br#"{"action": {"raw": "final: not json"}}"#.to_vec(),
        format!(r#"{{"action": {{"raw": "{}"}}}}"#, "y".repeat(10_000)).into_bytes(),
        br#"{"action": {"raw": "inspect", "metadata": "nope"}}"#.to_vec(),
        br#"{"session_id": null, "action": {"raw": "inspect"}}"#.to_vec(),
        b"\0\0\0".to_vec(),
    ];
    post(&app, "/reset", "{}").await;
    for uri in [
        "/reset",
        "/step",
        "/mcp",
        "/envs/productivity/step",
        "/envs/nope/step",
    ] {
        for body in &bodies {
            let reply = send(&app, request(Method::POST, uri, body.clone())).await;
            assert!(
                !reply.status.is_server_error(),
                "{uri} {:?} -> {}",
                String::from_utf8_lossy(&body[..body.len().min(60)]),
                reply.status
            );
            let _: Value = reply.json();
        }
    }
}

async fn boom() -> &'static str {
    panic!("secret internal detail")
}

#[tokio::test]
async fn a_panic_becomes_a_json_500_without_internals() {
    let app = Router::new()
        .route("/boom", routing::get(boom))
        .layer(CatchPanicLayer::custom(server::error::panic_response));
    let reply = get(&app, "/boom").await;
    let body = reply.error(500, "INTERNAL_ERROR");
    assert!(!body.to_string().contains("secret"), "{body}");
}

#[tokio::test]
async fn websocket_route_without_an_upgrade_is_426() {
    get(&app(), "/ws").await.error(426, "UPGRADE_REQUIRED");
    get(&app(), "/envs/productivity/ws")
        .await
        .error(426, "UPGRADE_REQUIRED");
}
