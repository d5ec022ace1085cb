//! Truncation over the wire: an episode the step limit ends carries
//! `truncated: true` in its last observation (HTTP and `/ws`) and its
//! state, and an episode that ends by itself carries none.

use axum::http::Method;
use serde_json::{Value, json};

use crate::common::*;
use crate::ws::{ask, connect, spawn};

/// An action that never ends an episode by itself; `it_mental_health`
/// has none (each step answers a case), so it is never truncated.
fn stalling(env: &str) -> Option<Value> {
    match env {
        "productivity" => Some(json!({"raw": "inspect"})),
        "support_triage" => Some(json!({"command": "show_inbox"})),
        _ => None,
    }
}

#[tokio::test]
async fn http_reports_truncation_in_every_environment() {
    let app = app();
    for info in env_wasm::registry::ENVIRONMENTS {
        let prefix = format!("/envs/{}", info.id);
        let id = format!("trunc-{}", info.id);
        let reset = send(
            &app,
            with_id(
                Method::POST,
                &format!("{prefix}/reset"),
                &id,
                r#"{"seed": 4}"#,
            ),
        )
        .await;
        assert_eq!(reset.status, 200, "{}", reset.text());
        let task = info.default_task();
        let mut last = Value::Null;
        for _ in 0..task.max_steps {
            let action = match stalling(info.id) {
                Some(action) => action,
                None => json!({"response": ""}),
            };
            let body = json!({ "action": action }).to_string();
            let reply = send(
                &app,
                with_id(Method::POST, &format!("{prefix}/step"), &id, &body),
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.text());
            last = reply.json();
        }
        assert_eq!(last["done"], true, "{}: {last}", info.id);
        let state = send(
            &app,
            with_id(Method::GET, &format!("{prefix}/state"), &id, ""),
        )
        .await;
        let expected = stalling(info.id).map(|_| json!(true));
        let shown = last["observation"].get("truncated").cloned();
        assert_eq!(shown, expected, "{}", info.id);
        assert_eq!(
            state.json().get("truncated").cloned(),
            expected,
            "{}",
            info.id
        );
    }
}

#[tokio::test]
async fn ws_reports_it_too() {
    let (base, _, _) = spawn(config()).await;
    let mut ws = connect(&format!("{base}/envs/support_triage/ws")).await;
    ask(
        &mut ws,
        r#"{"type": "reset", "data": {"task": "easy", "seed": 2}}"#,
    )
    .await;
    let mut last = Value::Null;
    for _ in 0..18 {
        last = ask(
            &mut ws,
            r#"{"type": "step", "data": {"command": "show_inbox"}}"#,
        )
        .await;
    }
    assert_eq!(last["data"]["done"], true, "{last}");
    assert_eq!(last["data"]["observation"]["truncated"], true, "{last}");
    let state = ask(&mut ws, r#"{"type": "state"}"#).await;
    assert_eq!(state["data"]["truncated"], true, "{state}");
    // Ended by itself: no `truncated`.
    ask(
        &mut ws,
        r#"{"type": "reset", "data": {"task": "easy", "seed": 2}}"#,
    )
    .await;
    let submitted = ask(
        &mut ws,
        r#"{"type": "step", "data": {"command": "submit_episode"}}"#,
    )
    .await;
    assert_eq!(submitted["data"]["done"], true, "{submitted}");
    assert!(submitted["data"]["observation"].get("truncated").is_none());
}
