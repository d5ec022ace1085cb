//! `it_mental_health` keeps its seed's HTTP session places: the
//! `itmh_session_id` cookie, `X-Session-Id`, `session_id` in the reset
//! body, `metadata.session_id` inside the step action and `?session_id=` on
//! state, each continuing its own session.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::{Value, json};

use crate::common::*;

const PREFIX: &str = "/envs/it_mental_health";

/// A valid first action of the default (full) episode.
fn action(metadata: Value) -> Value {
    json!({
        "response": "Burnout dimensions: exhaustion\nSeverity: Moderate\nRed flags:\n- long hours\nHR escalation: No, not warranted at this stage of the review.",
        "task_id": "burnout_detection",
        "metadata": metadata,
    })
}

async fn state(app: &axum::Router, request: Request<Body>) -> Value {
    let reply = send(app, request).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

fn with_cookie(method: Method, uri: &str, cookie: &str, body: &str) -> Request<Body> {
    let mut request = request(method, uri, body.to_owned());
    request
        .headers_mut()
        .insert("cookie", cookie.parse().expect("cookie"));
    request
}

#[tokio::test]
async fn the_seeds_session_places_continue_their_sessions() {
    let app = app();
    let url = |path: &str| format!("{PREFIX}{path}");
    // A busy anonymous session, to show named ones never touch it.
    post(&app, &url("/reset"), r#"{"seed": 1}"#).await;

    // session_id in the reset body, metadata.session_id in the step action,
    // ?session_id= on state.
    let reset = post(
        &app,
        &url("/reset"),
        r#"{"seed": 7, "session_id": "seed-client"}"#,
    )
    .await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text());
    assert_eq!(reset.session_id(), "seed-client");
    // The seed's own cookie comes back too, so its clients keep working.
    let cookies: Vec<&str> = reset
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("itmh_session_id=seed-client;")),
        "{cookies:?}"
    );
    assert_eq!(reset.json()["observation"]["task_id"], "burnout_detection");
    let body = json!({"action": action(json!({"session_id": "seed-client"}))}).to_string();
    let step = post(&app, &url("/step"), &body).await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    assert_eq!(step.session_id(), "seed-client");
    assert_eq!(step.json()["observation"]["task_id"], "stress_triage");
    let seen = state(
        &app,
        request(
            Method::GET,
            &url("/state?session_id=seed-client"),
            Body::empty(),
        ),
    )
    .await;
    assert_eq!(seen["step_count"], 1);
    assert_eq!(seen["current_task"], "stress_triage");
    assert_eq!(seen["tasks_completed"], json!(["burnout_detection"]));

    // The seed's cookie, set by the client.
    let cookie = "theme=dark; itmh_session_id=cookie-client";
    send(
        &app,
        with_cookie(Method::POST, &url("/reset"), cookie, r#"{"seed": 8}"#),
    )
    .await;
    let body = json!({"action": action(json!({}))}).to_string();
    let step = send(
        &app,
        with_cookie(Method::POST, &url("/step"), cookie, &body),
    )
    .await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    assert_eq!(step.session_id(), "cookie-client");
    let seen = state(&app, with_cookie(Method::GET, &url("/state"), cookie, "")).await;
    assert_eq!(seen["step_count"], 1);
    assert_eq!(seen["seed"], 8);

    // The header.
    send(
        &app,
        with_id(Method::POST, &url("/reset"), "header-client", "{}"),
    )
    .await;
    let step = send(
        &app,
        with_id(Method::POST, &url("/step"), "header-client", &body),
    )
    .await;
    assert_eq!(step.session_id(), "header-client");
    let seen = state(
        &app,
        with_id(Method::GET, &url("/state"), "header-client", ""),
    )
    .await;
    assert_eq!(seen["step_count"], 1);

    // None of it reached the anonymous session.
    let anonymous = get(&app, &url("/state")).await.json();
    assert_eq!(
        (anonymous["seed"].clone(), anonymous["step_count"].clone()),
        (json!(1), json!(0))
    );
}

#[tokio::test]
async fn a_wrong_task_id_is_a_422_that_does_not_count() {
    let app = app();
    let url = |path: &str| format!("{PREFIX}{path}");
    post(&app, &url("/reset"), r#"{"session_id": "s1"}"#).await;
    let mut wrong = action(json!({"session_id": "s1"}));
    wrong["task_id"] = json!("intervention_plan");
    let reply = post(&app, &url("/step"), &json!({"action": wrong}).to_string()).await;
    let body = reply.error(422, "VALIDATION_ERROR");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("burnout_detection"),
        "{body}"
    );
    let seen = state(
        &app,
        request(Method::GET, &url("/state?session_id=s1"), Body::empty()),
    )
    .await;
    assert_eq!(seen["step_count"], 0);
    // A non-string metadata.session_id is refused rather than ignored.
    let odd = json!({"action": action(json!({"session_id": 5}))}).to_string();
    post(&app, &url("/step"), &odd)
        .await
        .error(422, "VALIDATION_ERROR");
}
