//! Capacity on the wire: `/ready` (readiness, distinct from `/health`'s
//! liveness), `/stats` and `/metrics`, and what a draining table refuses.

use axum::http::{Method, StatusCode};
use env_wasm::registry::ENVIRONMENTS;
use serde_json::json;
use server::Config;

use crate::common::{INSPECT, config, get, post, send, with_id};

fn metric_line<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    text.lines().find(|line| line.starts_with(prefix))
}

/// The value of the sample whose name and labels are exactly `series`.
fn sample(text: &str, series: &str) -> Option<f64> {
    metric_line(text, &format!("{series} ")).and_then(|line| {
        line.rsplit(' ')
            .next()
            .and_then(|value| value.parse::<f64>().ok())
    })
}

#[tokio::test]
async fn stats_count_sessions_by_transport_and_environment() {
    let (app, _handle) = server::build(config());
    let env = ENVIRONMENTS[0];
    let empty = get(&app, "/stats").await;
    assert_eq!(empty.status, StatusCode::OK);
    let stats = empty.json();
    assert_eq!(stats["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(stats["draining"], false);
    assert_eq!(stats["sessions"]["active"], 0);
    assert_eq!(stats["sessions"]["max"], Config::default().max_sessions);
    assert_eq!(
        stats["idle_timeout_secs"],
        Config::default().session_idle.as_secs()
    );
    assert!(stats["uptime_secs"].as_f64().is_some_and(|s| s >= 0.0));
    assert_eq!(
        stats["sessions"]["by_env"][env.id],
        json!({"http": 0, "mcp": 0, "ws": 0, "total": 0})
    );

    let reset = send(&app, with_id(Method::POST, "/reset", "stats-a", "{}")).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text());
    let step = send(&app, with_id(Method::POST, "/step", "stats-a", INSPECT)).await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    let mcp = post(
        &app,
        "/mcp",
        r#"{"jsonrpc": "2.0", "id": 1, "method": "openenv/session/create"}"#,
    )
    .await;
    assert_eq!(mcp.status, StatusCode::OK, "{}", mcp.text());

    let stats = get(&app, "/stats").await.json();
    assert_eq!(stats["sessions"]["active"], 2, "{stats}");
    assert_eq!(
        stats["sessions"]["by_transport"],
        json!({"http": 1, "mcp": 1, "ws": 0}),
        "{stats}"
    );
    assert_eq!(stats["sessions"]["by_env"][env.id]["total"], 2, "{stats}");
    assert_eq!(stats["resets_served"], 1, "{stats}");
    assert_eq!(stats["steps_served"], 1, "{stats}");
    assert_eq!(stats["episodes_in_progress"], 1, "{stats}");
}

#[tokio::test]
async fn metrics_are_prometheus_text_with_resets_steps_latency_errors_and_sessions() {
    let (app, _handle) = server::build(config());
    let env = ENVIRONMENTS[0];
    let task = env.default_task().id;
    let reset = send(&app, with_id(Method::POST, "/reset", "metrics-a", "{}")).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text());
    for _ in 0..2 {
        let step = send(&app, with_id(Method::POST, "/step", "metrics-a", INSPECT)).await;
        assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    }
    send(&app, with_id(Method::POST, "/step", "metrics-a", "{}"))
        .await
        .error(422, "VALIDATION_ERROR");

    let reply = get(&app, "/metrics").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let text = reply.text();
    let resets = format!(
        "deskbench_resets_total{{env=\"{}\",task=\"{task}\"}}",
        env.id
    );
    assert_eq!(sample(&text, &resets), Some(1.0), "{text}");
    let steps = format!("deskbench_steps_total{{env=\"{}\"}}", env.id);
    assert_eq!(sample(&text, &steps), Some(2.0), "{text}");
    let count = format!(
        "deskbench_step_duration_seconds_count{{env=\"{}\"}}",
        env.id
    );
    assert_eq!(sample(&text, &count), Some(2.0), "{text}");
    let inf = format!(
        "deskbench_step_duration_seconds_bucket{{env=\"{}\",le=\"+Inf\"}}",
        env.id
    );
    assert_eq!(sample(&text, &inf), Some(2.0), "{text}");
    assert_eq!(
        sample(&text, "deskbench_errors_total{code=\"VALIDATION_ERROR\"}"),
        Some(1.0),
        "{text}"
    );
    let http = format!(
        "deskbench_sessions{{env=\"{}\",transport=\"http\"}}",
        env.id
    );
    assert_eq!(sample(&text, &http), Some(1.0), "{text}");
    assert_eq!(
        sample(&text, "deskbench_sessions_max"),
        Some(Config::default().max_sessions as f64),
        "{text}"
    );
    assert_eq!(sample(&text, "deskbench_draining"), Some(0.0), "{text}");
    assert!(metric_line(&text, "# TYPE deskbench_step_duration_seconds histogram").is_some());
}

#[tokio::test]
async fn a_full_replica_stays_ready_and_says_so() {
    let (app, _handle) = server::build(Config {
        max_sessions: 1,
        ..config()
    });
    let ready = get(&app, "/ready").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert_eq!(ready.json()["at_capacity"], false);
    let reset = post(&app, "/reset", "{}").await;
    assert_eq!(reset.status, StatusCode::OK);
    let ready = get(&app, "/ready").await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.text());
    assert_eq!(ready.json()["at_capacity"], true);
    send(&app, with_id(Method::POST, "/reset", "second", "{}"))
        .await
        .error(503, "CAPACITY_REACHED");
}

#[tokio::test]
async fn a_draining_table_refuses_new_sessions_and_episodes_but_plays_on() {
    let (app, handle) = server::build(config());
    let reset = send(&app, with_id(Method::POST, "/reset", "kept", "{}")).await;
    assert_eq!(reset.status, StatusCode::OK);
    handle.sessions().start_draining();

    let ready = get(&app, "/ready").await;
    assert_eq!(ready.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(ready.header("retry-after"), Some("1"));
    assert_eq!(ready.json()["status"], "draining");
    assert_eq!(
        get(&app, "/health").await.status,
        StatusCode::OK,
        "still live"
    );

    let refused = send(&app, with_id(Method::POST, "/reset", "new", "{}")).await;
    assert_eq!(refused.header("retry-after"), Some("1"));
    let body = refused.error(503, "DRAINING");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("retry elsewhere")),
        "{body}"
    );
    // A new episode in a session the replica holds is refused too: the
    // retry elsewhere plays it, and the drain can end.
    send(&app, with_id(Method::POST, "/reset", "kept", "{}"))
        .await
        .error(503, "DRAINING");
    let step = send(&app, with_id(Method::POST, "/step", "kept", INSPECT)).await;
    assert_eq!(
        step.status,
        StatusCode::OK,
        "the episode plays on: {}",
        step.text()
    );

    let mcp = post(
        &app,
        "/mcp",
        r#"{"jsonrpc": "2.0", "id": 1, "method": "openenv/session/create"}"#,
    )
    .await;
    assert_eq!(mcp.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(mcp.header("retry-after"), Some("1"));
    let mcp = mcp.json();
    assert_eq!(mcp["error"]["data"]["code"], "DRAINING", "{mcp}");

    let stats = get(&app, "/stats").await.json();
    assert_eq!(stats["draining"], true);
    assert_eq!(stats["sessions"]["active"], 1, "{stats}");
    let metrics = get(&app, "/metrics").await.text();
    assert_eq!(sample(&metrics, "deskbench_draining"), Some(1.0));
    assert_eq!(
        sample(&metrics, "deskbench_errors_total{code=\"DRAINING\"}"),
        Some(3.0),
        "two HTTP refusals and the MCP one: {metrics}"
    );
}
