//! Every route of both mounts answers with the documented shape.

use axum::http::{Method, StatusCode};
use env_wasm::registry;
use serde_json::{Value, json};

use crate::common::*;

const MOUNTS: [&str; 2] = ["", "/envs/productivity"];

#[tokio::test]
async fn documents_are_served_on_every_mount() {
    let app = app();
    let info = registry::find("productivity").expect("registered");
    for prefix in MOUNTS {
        let health = get(&app, &format!("{prefix}/health")).await;
        assert_eq!(health.status, StatusCode::OK);
        assert_eq!(health.json(), json!({"status": "healthy"}));
        assert_eq!(health.header("content-type"), Some("application/json"));

        let metadata = get(&app, &format!("{prefix}/metadata")).await.json();
        assert_eq!(metadata["name"], info.name);
        assert_eq!(metadata["description"], info.description);
        assert_eq!(metadata["version"], info.version);
        assert_eq!(metadata["readme_content"], Value::Null);
        assert_eq!(metadata["documentation_url"], Value::Null);
        assert_eq!(metadata["author"], "DeskBench");
        assert_eq!(metadata["env_id"], "productivity");
        assert_eq!(
            metadata["tasks"].as_array().map(Vec::len),
            Some(info.tasks.len())
        );

        let schema = get(&app, &format!("{prefix}/schema")).await.json();
        for key in ["action", "observation", "state"] {
            assert!(schema[key].is_object(), "schema.{key}: {schema}");
        }
        assert!(schema["action"]["properties"]["raw"].is_object());

        let tasks = get(&app, &format!("{prefix}/tasks")).await.json();
        assert_eq!(tasks["env_id"], "productivity");
        assert_eq!(tasks["default_task"], info.default_task().id);
        assert_eq!(tasks["tasks"][0]["id"], "easy");
        assert_eq!(tasks["tasks"][0]["max_steps"], info.tasks[0].max_steps);
        assert_eq!(tasks["action_schema"], schema["action"]);

        let openapi = get(&app, &format!("{prefix}/openapi.json")).await;
        assert_eq!(openapi.status, StatusCode::OK);
        assert_eq!(openapi.json()["info"]["version"], "1.0.0");
    }
}

#[tokio::test]
async fn envs_lists_the_registry() {
    let envs = get(&app(), "/envs").await;
    assert_eq!(envs.status, StatusCode::OK);
    assert_eq!(envs.json(), registry::to_json());
    assert_eq!(envs.json()[0]["id"], "productivity");
}

#[tokio::test]
async fn root_redirects_to_the_web_ui() {
    let reply = get(&app(), "/").await;
    assert_eq!(reply.status, StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(reply.header("location"), Some("/web/"));
}

#[tokio::test]
async fn reset_step_state_play_an_episode_on_every_mount() {
    let app = app();
    for prefix in MOUNTS {
        let reset = post(
            &app,
            &format!("{prefix}/reset"),
            r#"{"seed": 7, "episode_id": "ep-7"}"#,
        )
        .await;
        assert_eq!(reset.status, StatusCode::OK, "{}", reset.text());
        let result = reset.json();
        assert!(result["observation"].is_object());
        assert_eq!(result["reward"], Value::Null);
        assert_eq!(result["done"], false);
        assert_eq!(
            result.as_object().map(|o| o.len()),
            Some(3),
            "exactly observation/reward/done"
        );
        let id = reset.session_id();
        assert_eq!(id.len(), 32, "a generated id is 128 bits of hex");

        let step = post(&app, &format!("{prefix}/step"), INSPECT).await;
        assert_eq!(step.status, StatusCode::OK, "{}", step.text());
        assert_eq!(
            step.session_id(),
            id,
            "no id: the anonymous session continues"
        );
        let result = step.json();
        assert!(result["reward"].is_number());
        assert_eq!(result["done"], false);

        let state = get(&app, &format!("{prefix}/state")).await;
        assert_eq!(state.session_id(), id);
        let state = state.json();
        assert_eq!(state["step_count"], 1);
        assert_eq!(state["episode_id"], "ep-7");
        assert_eq!(state["seed"], 7);
        assert_eq!(state["task"], "easy");
        assert_eq!(state["env"], "productivity");
    }
}

#[tokio::test]
async fn reset_is_deterministic_and_draws_seeds_and_episode_ids() {
    let app = app();
    let a = post(&app, "/reset", r#"{"seed": 42}"#).await.json();
    let b = post(&app, "/reset", r#"{"seed": "42"}"#).await.json();
    assert_eq!(a, b, "same seed, same scenario");
    // Without a seed or episode id the server draws both.
    post(&app, "/reset", "").await;
    let first = get(&app, "/state").await.json();
    post(&app, "/reset", "{}").await;
    let second = get(&app, "/state").await.json();
    assert_ne!(first["seed"], second["seed"]);
    assert_ne!(first["episode_id"], second["episode_id"]);
    assert_eq!(first["episode_id"].as_str().map(str::len), Some(36));
    assert!(
        first["seed"]
            .as_u64()
            .is_some_and(|s| s <= env_wasm::seam::MAX_SEED)
    );
}

#[tokio::test]
async fn the_task_comes_from_the_body_or_the_query() {
    let app = app();
    for (uri, body, task) in [
        ("/reset?task=hard", "", "hard"),
        ("/reset?task=calendar", "{}", "medium"),
        ("/reset?task=hard", r#"{"task": "medium"}"#, "medium"),
        ("/reset", r#"{"task_name": "data_cleaning"}"#, "hard"),
        ("/envs/productivity/reset", r#"{"task": "EASY"}"#, "easy"),
    ] {
        let reply = post(&app, uri, body).await;
        assert_eq!(
            reply.status,
            StatusCode::OK,
            "{uri} {body}: {}",
            reply.text()
        );
        let state = get(&app, "/state").await.json();
        assert_eq!(state["task"], task, "{uri} {body}");
    }
}

#[tokio::test]
async fn extra_step_keys_are_accepted_but_no_reset_key_is_ignored() {
    let app = app();
    let reply = post(&app, "/reset", r#"{"seed": 1, "start": 3}"#).await;
    assert_eq!(
        reply.error(422, "VALIDATION_ERROR")["error"]["field"],
        "start"
    );
    let reply = post(&app, "/reset", r#"{"seed": 1}"#).await;
    assert_eq!(reply.status, StatusCode::OK);
    let body = r#"{"action": {"raw": "inspect", "metadata": {"k": 1}}, "timeout_s": 5, "request_id": "r-1", "extra": true}"#;
    let reply = post(&app, "/step", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
}

#[tokio::test]
async fn json_is_read_whatever_the_content_type() {
    let app = app();
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let request = axum::http::Request::builder()
            .method(Method::POST)
            .uri("/reset")
            .header("content-type", content_type)
            .body(axum::body::Body::from(r#"{"seed": 3}"#))
            .expect("request");
        let reply = send(&app, request).await;
        assert_eq!(reply.status, StatusCode::OK, "{content_type}");
    }
    let request = axum::http::Request::builder()
        .method(Method::POST)
        .uri("/reset")
        .body(axum::body::Body::empty())
        .expect("request");
    assert_eq!(
        send(&app, request).await.status,
        StatusCode::OK,
        "no body, no content type"
    );
}

#[tokio::test]
async fn state_before_any_reset_is_blank() {
    let state = get(&app(), "/state").await;
    assert_eq!(state.status, StatusCode::OK);
    assert!(state.header("x-session-id").is_none());
    let state = state.json();
    assert_eq!(state["step_count"], 0);
    assert_eq!(state["episode_id"], Value::Null);
    assert_eq!(state["done"], false);
}

#[tokio::test]
async fn cors_preflight_is_answered_and_exposes_the_session_header() {
    let request = axum::http::Request::builder()
        .method(Method::OPTIONS)
        .uri("/reset")
        .header("origin", "http://example.com")
        .header("access-control-request-method", "POST")
        .body(axum::body::Body::empty())
        .expect("request");
    let reply = send(&app(), request).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("access-control-allow-origin"), Some("*"));
    let mut request = crate::common::request(Method::POST, "/reset", "{}");
    request
        .headers_mut()
        .insert("origin", "http://example.com".parse().expect("origin"));
    let reply = send(&app(), request).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.header("access-control-expose-headers"),
        Some("x-session-id")
    );
}
