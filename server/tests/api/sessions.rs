//! Stateful HTTP sessions: every id source continues its session, sessions
//! stay isolated, and idle ones expire (on a paused clock, never by sleeping).

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::Value;
use server::Config;

use crate::common::*;

async fn step_count(app: &axum::Router, request: Request<Body>) -> Value {
    let reply = send(app, request).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()["step_count"].clone()
}

#[tokio::test]
async fn each_id_source_continues_its_session() {
    let app = app();
    // Keep the anonymous session busy, to show named sessions never touch it.
    post(&app, "/reset", "{}").await;

    // Header.
    let reset = send(&app, with_id(Method::POST, "/reset", "via-header", "{}")).await;
    assert_eq!(reset.session_id(), "via-header");
    assert_eq!(
        reset.header("set-cookie"),
        Some("deskbench_session=via-header; Path=/; HttpOnly; SameSite=Lax")
    );
    send(&app, with_id(Method::POST, "/step", "via-header", INSPECT)).await;
    assert_eq!(
        step_count(&app, with_id(Method::GET, "/state", "via-header", "")).await,
        1
    );

    // Body field.
    post(&app, "/reset", r#"{"session_id": "via-body"}"#).await;
    let step = post(
        &app,
        "/step",
        r#"{"session_id": "via-body", "action": {"raw": "inspect"}}"#,
    )
    .await;
    assert_eq!(step.session_id(), "via-body");
    assert_eq!(
        step_count(&app, with_id(Method::GET, "/state", "via-body", "")).await,
        1
    );

    // Query.
    post(&app, "/reset?session_id=via-query", "{}").await;
    post(&app, "/step?session_id=via-query", INSPECT).await;
    post(&app, "/step?session_id=via-query", INSPECT).await;
    assert_eq!(
        step_count(
            &app,
            request(Method::GET, "/state?session_id=via-query", Body::empty())
        )
        .await,
        2
    );

    // Cookie, as a browser sends back the one the server set.
    let cookie_request = |method: Method, uri: &str, body: &str| {
        let mut request = request(method, uri, body.to_owned());
        request.headers_mut().insert(
            "cookie",
            "theme=dark; deskbench_session=via-cookie"
                .parse()
                .expect("cookie"),
        );
        request
    };
    send(&app, cookie_request(Method::POST, "/reset", "{}")).await;
    let step = send(&app, cookie_request(Method::POST, "/step", INSPECT)).await;
    assert_eq!(step.session_id(), "via-cookie");
    assert_eq!(
        step_count(&app, cookie_request(Method::GET, "/state", "")).await,
        1
    );

    // The anonymous session was never stepped.
    assert_eq!(get(&app, "/state").await.json()["step_count"], 0);
}

#[tokio::test]
async fn the_header_wins_over_the_body_the_query_and_the_cookie() {
    let app = app();
    for id in ["h", "b", "q", "c"] {
        send(&app, with_id(Method::POST, "/reset", id, "{}")).await;
    }
    let mut request = with_id(
        Method::POST,
        "/step?session_id=q",
        "h",
        r#"{"session_id": "b", "action": {"raw": "inspect"}}"#,
    );
    request
        .headers_mut()
        .insert("cookie", "deskbench_session=c".parse().expect("cookie"));
    assert_eq!(send(&app, request).await.session_id(), "h");
    let request = self::request(
        Method::POST,
        "/step?session_id=q",
        r#"{"session_id": "b", "action": {"raw": "inspect"}}"#,
    );
    assert_eq!(send(&app, request).await.session_id(), "b");
    let mut request = self::request(Method::POST, "/step?session_id=q", INSPECT);
    request
        .headers_mut()
        .insert("cookie", "deskbench_session=c".parse().expect("cookie"));
    assert_eq!(send(&app, request).await.session_id(), "q");
}

#[tokio::test]
async fn the_server_id_returned_by_an_anonymous_reset_continues_it() {
    let app = app();
    let id = post(&app, "/reset", r#"{"seed": 5}"#).await.session_id();
    // Another anonymous reset moves the anonymous slot elsewhere...
    post(&app, "/reset", r#"{"seed": 6}"#).await;
    // ...but the first session is still reachable by its id.
    send(&app, with_id(Method::POST, "/step", &id, INSPECT)).await;
    let state = send(&app, with_id(Method::GET, "/state", &id, ""))
        .await
        .json();
    assert_eq!(
        (state["seed"].clone(), state["step_count"].clone()),
        (5.into(), 1.into())
    );
    let anonymous = get(&app, "/state").await.json();
    assert_eq!(
        (anonymous["seed"].clone(), anonymous["step_count"].clone()),
        (6.into(), 0.into())
    );
}

#[tokio::test]
async fn two_sessions_stay_independent() {
    let app = app();
    send(
        &app,
        with_id(
            Method::POST,
            "/reset",
            "alice",
            r#"{"seed": 1, "task": "easy"}"#,
        ),
    )
    .await;
    send(
        &app,
        with_id(
            Method::POST,
            "/reset",
            "bob",
            r#"{"seed": 2, "task": "hard"}"#,
        ),
    )
    .await;
    for _ in 0..3 {
        send(&app, with_id(Method::POST, "/step", "alice", INSPECT)).await;
    }
    send(&app, with_id(Method::POST, "/step", "bob", INSPECT)).await;
    let alice = send(&app, with_id(Method::GET, "/state", "alice", ""))
        .await
        .json();
    let bob = send(&app, with_id(Method::GET, "/state", "bob", ""))
        .await
        .json();
    assert_eq!(
        (
            alice["step_count"].clone(),
            alice["task"].clone(),
            alice["seed"].clone()
        ),
        (3.into(), "easy".into(), 1.into())
    );
    assert_eq!(
        (
            bob["step_count"].clone(),
            bob["task"].clone(),
            bob["seed"].clone()
        ),
        (1.into(), "hard".into(), 2.into())
    );
}

#[tokio::test]
async fn the_root_and_its_env_mount_are_one_environment() {
    // The root serves the default environment, so its sessions are that
    // environment's sessions under /envs/{id} too.
    let app = app();
    send(&app, with_id(Method::POST, "/reset", "shared", "{}")).await;
    send(
        &app,
        with_id(Method::POST, "/envs/productivity/step", "shared", INSPECT),
    )
    .await;
    assert_eq!(
        step_count(&app, with_id(Method::GET, "/state", "shared", "")).await,
        1
    );
}

fn idle_config(idle: Duration, max_sessions: usize) -> Config {
    Config {
        session_idle: idle,
        max_sessions,
        ..config()
    }
}

#[tokio::test(start_paused = true)]
async fn idle_sessions_expire() {
    let (app, handle) = server::build(idle_config(Duration::from_secs(60), 100));
    send(&app, with_id(Method::POST, "/reset", "idle", "{}")).await;
    send(&app, with_id(Method::POST, "/reset", "busy", "{}")).await;
    post(&app, "/reset", "{}").await;
    assert_eq!(handle.sessions().active(), 3);

    tokio::time::advance(Duration::from_secs(40)).await;
    send(&app, with_id(Method::POST, "/step", "busy", INSPECT)).await;
    tokio::time::advance(Duration::from_secs(40)).await;

    // 80 s idle: gone on access; `busy` was used 40 s ago and lives.
    send(&app, with_id(Method::POST, "/step", "idle", INSPECT))
        .await
        .error(409, "EPISODE_NOT_STARTED");
    assert_eq!(
        send(&app, with_id(Method::GET, "/state", "idle", ""))
            .await
            .json()["step_count"],
        0
    );
    post(&app, "/step", INSPECT)
        .await
        .error(409, "EPISODE_NOT_STARTED");
    assert_eq!(
        send(&app, with_id(Method::POST, "/step", "busy", INSPECT))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(handle.sessions().active(), 1);
}

#[tokio::test(start_paused = true)]
async fn the_sweep_frees_idle_sessions_without_access() {
    let (app, handle) = server::build(idle_config(Duration::from_secs(60), 100));
    for i in 0..5 {
        send(
            &app,
            with_id(Method::POST, "/reset", &format!("s{i}"), "{}"),
        )
        .await;
    }
    tokio::time::advance(Duration::from_secs(61)).await;
    assert_eq!(handle.sessions().sweep(), 5);
    assert_eq!(handle.sessions().active(), 0);
}

#[tokio::test(start_paused = true)]
async fn the_background_sweeper_runs() {
    let (app, handle) = server::build(idle_config(Duration::from_secs(8), 100));
    post(&app, "/reset", "{}").await;
    assert_eq!(handle.sessions().active(), 1);
    // The sweeper ticks every 2 s here; the paused clock jumps to each tick.
    tokio::time::sleep(Duration::from_secs(12)).await;
    assert_eq!(handle.sessions().active(), 0);
}

#[tokio::test(start_paused = true)]
async fn expired_sessions_make_room_when_full() {
    let (app, _handle) = server::build(idle_config(Duration::from_secs(60), 1));
    send(&app, with_id(Method::POST, "/reset", "old", "{}")).await;
    send(&app, with_id(Method::POST, "/reset", "new", "{}"))
        .await
        .error(503, "CAPACITY_REACHED");
    tokio::time::advance(Duration::from_secs(61)).await;
    assert_eq!(
        send(&app, with_id(Method::POST, "/reset", "new", "{}"))
            .await
            .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_flood_of_anonymous_resets_stays_bounded() {
    let (app, handle) = server::build(idle_config(Duration::from_secs(900), 50));
    let mut refused = 0;
    for _ in 0..200 {
        if post(&app, "/reset", "{}").await.status == StatusCode::SERVICE_UNAVAILABLE {
            refused += 1;
        }
    }
    assert_eq!(refused, 150);
    assert_eq!(handle.sessions().active(), 50);
}
