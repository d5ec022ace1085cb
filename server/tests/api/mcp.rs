//! `POST /mcp`: JSON-RPC 2.0, HTTP 200 always, tools over the HTTP sessions.

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use server::Config;

use crate::common::*;

async fn rpc(app: &Router, body: &str) -> Value {
    let reply = post(app, "/mcp", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let json = reply.json();
    assert_eq!(json["jsonrpc"], "2.0", "{json}");
    json
}

async fn call(app: &Router, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 7, "method": method, "params": params});
    rpc(app, &body.to_string()).await
}

fn error_code(reply: &Value) -> i64 {
    reply["error"]["code"]
        .as_i64()
        .unwrap_or_else(|| panic!("not an error: {reply}"))
}

#[tokio::test]
async fn protocol_errors_have_their_codes() {
    let app = app();
    let empty = rpc(&app, "{}").await;
    assert_eq!(empty["id"], Value::Null);
    assert_eq!(error_code(&empty), -32600);
    assert!(
        empty["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("method"))
    );
    assert_eq!(error_code(&rpc(&app, "{not json").await), -32700);
    assert_eq!(error_code(&rpc(&app, "").await), -32700);
    assert_eq!(error_code(&rpc(&app, "[1, 2]").await), -32600);
    assert_eq!(
        error_code(&rpc(&app, r#"{"jsonrpc": "1.0", "method": "ping"}"#).await),
        -32600
    );
    assert_eq!(
        error_code(&rpc(&app, r#"{"jsonrpc": "2.0", "method": "ping", "id": {}}"#).await),
        -32600
    );
    let unknown = rpc(&app, r#"{"jsonrpc": "2.0", "method": "nope", "id": "x"}"#).await;
    assert_eq!(
        (error_code(&unknown), unknown["id"].clone()),
        (-32601, json!("x"))
    );
    let bad_params = rpc(
        &app,
        r#"{"jsonrpc": "2.0", "method": "tools/call", "params": [1], "id": 1}"#,
    )
    .await;
    assert_eq!(error_code(&bad_params), -32602);
    assert_eq!(
        error_code(&call(&app, "tools/call", json!({})).await),
        -32602
    );
    assert_eq!(
        error_code(&call(&app, "tools/call", json!({"name": "nope"})).await),
        -32602
    );
    assert_eq!(
        error_code(&call(&app, "tools/call", json!({"name": "step", "arguments": 5})).await),
        -32602
    );
    let unknown_session = call(
        &app,
        "tools/call",
        json!({"name": "state", "session_id": "ghost"}),
    )
    .await;
    assert_eq!(error_code(&unknown_session), -32602);
    assert_eq!(
        error_code(
            &call(
                &app,
                "tools/call",
                json!({"name": "state", "session_id": "a b"})
            )
            .await
        ),
        -32602
    );
    assert_eq!(
        error_code(
            &call(
                &app,
                "openenv/session/close",
                json!({"session_id": "ghost"})
            )
            .await
        ),
        -32602
    );
    assert_eq!(
        error_code(&call(&app, "openenv/session/close", json!({})).await),
        -32602
    );
}

#[tokio::test]
async fn oversized_requests_are_still_http_200() {
    let app = server::app(Config {
        max_body_bytes: 256,
        ..config()
    });
    let big =
        json!({"jsonrpc": "2.0", "method": "ping", "id": 1, "params": {"pad": "x".repeat(1000)}});
    assert_eq!(error_code(&rpc(&app, &big.to_string()).await), -32600);
}

#[tokio::test]
async fn initialize_and_tools_list() {
    let app = app();
    let init = call(&app, "initialize", json!({"protocolVersion": "2025-03-26"})).await;
    assert_eq!(init["id"], 7);
    assert_eq!(init["result"]["protocolVersion"], "2025-03-26");
    assert_eq!(
        init["result"]["serverInfo"]["name"],
        "deskbench/productivity"
    );
    assert!(init["result"]["capabilities"]["tools"].is_object());
    assert_eq!(call(&app, "ping", json!({})).await["result"], json!({}));

    let list = call(&app, "tools/list", json!({})).await;
    let tools = list["result"]["tools"].as_array().expect("tools");
    let names: Vec<&str> = tools.iter().filter_map(|t| t["name"].as_str()).collect();
    assert_eq!(names, ["reset", "step", "state"]);
    let schema = get(&app, "/schema").await.json();
    assert_eq!(tools[1]["inputSchema"], schema["action"]);
    assert!(
        tools
            .iter()
            .all(|t| t["inputSchema"]["type"] == "object" && t["description"].is_string())
    );
}

#[tokio::test]
async fn sessions_are_created_used_and_closed() {
    let app = app();
    let created = call(&app, "openenv/session/create", json!({})).await;
    let id = created["result"]["session_id"]
        .as_str()
        .expect("session id")
        .to_owned();
    assert_eq!(id.len(), 32);

    let params = |name: &str, arguments: Value| json!({"name": name, "arguments": arguments, "session_id": id});
    let before = call(
        &app,
        "tools/call",
        params("step", json!({"raw": "inspect"})),
    )
    .await;
    assert_eq!(before["result"]["isError"], true);
    assert_eq!(
        before["result"]["structuredContent"]["code"],
        "EPISODE_NOT_STARTED"
    );

    let reset = call(
        &app,
        "tools/call",
        params("reset", json!({"seed": 3, "episode_id": "mcp-ep"})),
    )
    .await;
    let result = &reset["result"];
    assert_eq!(result["isError"], false);
    assert_eq!(result["structuredContent"]["done"], false);
    let text: Value = serde_json::from_str(result["content"][0]["text"].as_str().expect("text"))
        .expect("json text");
    assert_eq!(text, result["structuredContent"]);
    assert_eq!(result["content"][0]["type"], "text");

    let step = call(
        &app,
        "tools/call",
        params("step", json!({"raw": "inspect"})),
    )
    .await;
    assert!(step["result"]["structuredContent"]["reward"].is_number());
    let invalid = call(&app, "tools/call", params("step", json!({"raw": 5}))).await;
    assert_eq!(invalid["result"]["isError"], true);
    assert_eq!(
        invalid["result"]["structuredContent"]["field"],
        "action.raw"
    );
    let state = call(&app, "tools/call", params("state", json!({}))).await;
    assert_eq!(state["result"]["structuredContent"]["step_count"], 1);
    assert_eq!(state["result"]["structuredContent"]["episode_id"], "mcp-ep");

    // The same session over plain HTTP.
    let http = send(&app, with_id(axum::http::Method::GET, "/state", &id, ""))
        .await
        .json();
    assert_eq!(http["step_count"], 1);

    let closed = call(&app, "openenv/session/close", json!({"session_id": id})).await;
    assert_eq!(closed["result"], json!({"session_id": id, "closed": true}));
    assert_eq!(
        error_code(&call(&app, "tools/call", params("state", json!({}))).await),
        -32602
    );
}

#[tokio::test]
async fn without_a_session_id_tools_share_the_anonymous_session() {
    let app = app();
    let state = call(&app, "tools/call", json!({"name": "state"})).await;
    assert_eq!(state["result"]["structuredContent"]["step_count"], 0);
    let step = call(
        &app,
        "tools/call",
        json!({"name": "step", "arguments": {"raw": "inspect"}}),
    )
    .await;
    assert_eq!(
        step["result"]["structuredContent"]["code"],
        "EPISODE_NOT_STARTED"
    );
    call(&app, "tools/call", json!({"name": "reset"})).await;
    post(&app, "/step", INSPECT).await;
    let state = call(&app, "tools/call", json!({"name": "state"})).await;
    assert_eq!(state["result"]["structuredContent"]["step_count"], 1);
    // A bare string is productivity's `raw`, on HTTP and MCP alike.
    let bare = post(&app, "/step", r#"{"action": "inspect"}"#).await;
    assert_eq!(bare.status, StatusCode::OK, "{}", bare.text());
    let step = call(
        &app,
        "tools/call",
        json!({"name": "step", "arguments": "inspect"}),
    )
    .await;
    assert_eq!(step["result"]["isError"], false, "{step}");
    let state = call(&app, "tools/call", json!({"name": "state"})).await;
    assert_eq!(state["result"]["structuredContent"]["step_count"], 3);
}

#[tokio::test]
async fn session_create_is_bounded() {
    let app = server::app(Config {
        max_sessions: 1,
        ..config()
    });
    call(&app, "openenv/session/create", json!({})).await;
    let full = call(&app, "openenv/session/create", json!({})).await;
    assert_eq!(error_code(&full), -32000);
    assert_eq!(full["error"]["data"]["code"], "CAPACITY_REACHED");
}

#[tokio::test]
async fn every_mount_answers_mcp() {
    let reply = rpc(
        &app(),
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
    )
    .await;
    assert!(reply["result"]["tools"].is_array());
    let reply = post(&app(), "/envs/productivity/mcp", "{}").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["error"]["code"], -32600);
}
