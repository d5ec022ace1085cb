//! No silent reset options: a key the seam does not read is refused with
//! 422 naming it and listing the accepted ones, on `POST /reset`, a `/ws`
//! reset and the resets of an MCP session alike, and nothing is started.

use axum::http::Method;
use serde_json::{Value, json};

use crate::common::*;
use crate::ws::{ask, assert_error, connect, spawn};

/// The options every transport accepts (the seam's), as the refusal lists them.
fn assert_lists_the_accepted(message: &str) {
    for option in env_wasm::seam::reset_options() {
        assert!(message.contains(option), "{option} missing from: {message}");
    }
}

#[tokio::test]
async fn http_refuses_an_unknown_option_and_starts_nothing() {
    let app = app();
    for prefix in ["", "/envs/support_triage", "/envs/it_mental_health"] {
        let reply = send(
            &app,
            with_id(
                Method::POST,
                &format!("{prefix}/reset"),
                "typo",
                r#"{"seed": 3, "dificulty": 2}"#,
            ),
        )
        .await;
        let body = reply.error(422, "VALIDATION_ERROR");
        assert_eq!(body["error"]["field"], "dificulty", "{body}");
        assert_eq!(body["detail"][0]["loc"], json!(["body", "dificulty"]));
        let message = body["error"]["message"].as_str().unwrap_or_default();
        assert_lists_the_accepted(message);
        assert!(message.contains("session_id"), "HTTP's own key: {message}");
        let state = send(
            &app,
            with_id(Method::GET, &format!("{prefix}/state"), "typo", ""),
        )
        .await;
        assert_eq!(state.json()["step_count"], 0, "nothing started");
        assert_eq!(state.json()["seed"], Value::Null, "nothing started");
    }
    let near = post(&app, "/reset", r#"{"sede": 1}"#).await;
    let body = near.error(422, "VALIDATION_ERROR");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("did you mean `seed`")),
        "{body}"
    );
    // Every accepted option (and HTTP's session_id) passes.
    let all = post(
        &app,
        "/reset",
        r#"{"seed": 1, "episode_id": "e", "task": "easy", "task_name": null, "task_id": null, "reward_mode": "score", "session_id": "all-keys"}"#,
    )
    .await;
    assert_eq!(all.status, 200, "{}", all.text());
}

#[tokio::test]
async fn ws_and_mcp_sessions_refuse_it_too() {
    let (base, app, _) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/envs/productivity/ws")).await;
    let refused = ask(
        &mut ws,
        r#"{"type": "reset", "data": {"seed": 3, "max_step": 9}}"#,
    )
    .await;
    assert_error(&refused, "VALIDATION_ERROR");
    assert_eq!(refused["data"]["field"], "max_step", "{refused}");
    assert_lists_the_accepted(refused["data"]["message"].as_str().unwrap_or_default());
    // The HTTP body's session_id is no reset option of the socket.
    let http_only = ask(
        &mut ws,
        r#"{"type": "reset", "data": {"session_id": "abc"}}"#,
    )
    .await;
    assert_error(&http_only, "VALIDATION_ERROR");
    let state = ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(state["data"]["seed"], Value::Null, "{state}");
    let fine = ask(&mut ws, r#"{"type": "reset", "data": {"seed": 3}}"#).await;
    assert_eq!(fine["type"], "observation", "{fine}");

    // An MCP session is reset by the trainer over /ws?session_id= or POST
    // /reset: both refuse the typo.
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
    let opened = post(&app, "/envs/support_triage/mcp", &init.to_string()).await;
    let id = opened
        .header("mcp-session-id")
        .expect("Mcp-Session-Id")
        .to_owned();
    let mut attached = connect(&format!("{base}/envs/support_triage/ws?session_id={id}")).await;
    let refused = ask(
        &mut attached,
        r#"{"type": "reset", "data": {"task": "hard", "levle": 2}}"#,
    )
    .await;
    assert_error(&refused, "VALIDATION_ERROR");
    assert_eq!(refused["data"]["field"], "levle", "{refused}");
    drop(attached);
    let over_http = send(
        &app,
        with_id(
            Method::POST,
            "/envs/support_triage/reset",
            &id,
            r#"{"task": "hard", "levle": 2}"#,
        ),
    )
    .await;
    over_http.error(422, "VALIDATION_ERROR");
}

#[tokio::test]
async fn the_schema_declares_exactly_the_accepted_options() {
    let app = app();
    for prefix in ["", "/envs/it_mental_health"] {
        let schema = get(&app, &format!("{prefix}/schema")).await.json();
        let reset = &schema["reset"];
        assert_eq!(reset["additionalProperties"], false, "{reset}");
        let mut declared = keys(&reset["properties"]);
        // The reset type's fields: one added to it and missing from either
        // document fails here.
        let mut accepted: Vec<&str> = env_wasm::seam::reset_options().to_vec();
        accepted.sort_unstable();
        declared.sort_unstable();
        assert_eq!(declared, accepted);
        let openapi = get(&app, &format!("{prefix}/openapi.json")).await.json();
        let request = &openapi["components"]["schemas"]["ResetRequest"];
        assert_eq!(request["additionalProperties"], false);
        accepted.push("session_id");
        accepted.sort_unstable();
        assert_eq!(keys(&request["properties"]), accepted);
    }
}

/// `?task=` names the task only when the body names none: a body's `index`
/// names one (task, seed and level of its split), so the query is ignored
/// then, as the document says, and the reset plays that task.
#[tokio::test]
async fn a_split_index_overrides_the_task_query() {
    let app = app();
    for (uri, body) in [
        (
            "/envs/it_mental_health/reset?task=full_episode",
            r#"{"split": "train", "index": 0.0, "task": null}"#,
        ),
        (
            "/envs/productivity/reset?task=hard",
            r#"{"split": "test", "index": 3}"#,
        ),
    ] {
        let reset = post(&app, uri, body).await;
        assert_eq!(reset.status.as_u16(), 200, "{uri}: {}", reset.text());
        let state = send(
            &app,
            with_id(
                Method::GET,
                &uri.split('?')
                    .next()
                    .unwrap_or(uri)
                    .replace("/reset", "/state"),
                &reset.session_id(),
                "",
            ),
        )
        .await;
        let state = state.json();
        let split: Value = serde_json::from_str(body).expect("JSON");
        let env = uri.split('/').nth(2).expect("env id");
        let info = env_wasm::registry::find(env).expect("registered");
        let task = info
            .task_at(
                info.split(split["split"].as_str().expect("split"))
                    .expect("split"),
                split["index"].as_f64().expect("index") as u64,
            )
            .expect("task")
            .record();
        assert_eq!(state["task"], task.task, "{uri}: {state}");
        assert_eq!(state["seed"], task.seed, "{uri}: {state}");
    }
}
