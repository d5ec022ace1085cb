//! What counting for `GET /metrics` costs the step path, as a share of a
//! step served. In one run, round after round, it times
//! - a step served whole: `POST /step` through the router in process, the
//!   request parsed, the episode stepped, counted and the reply written
//!   (the reset before each step is not timed), and
//! - what the step path adds for the metrics: the two clock reads around
//!   the environment's step and `Metrics::step` (the labelled counters and
//!   the latency histogram),
//!
//! and prints each round's ratio and their median. Loopback and the client
//! only add to a real step's time, so the share over the wire is smaller.
//!
//! Run: `cargo bench -p server --bench step_path` (about 20 s; `make bench`).
//! Knobs: BENCH_ROUNDS (5), BENCH_STEPS (steps per round, 20000).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use server::config::Config;
use server::metrics::Metrics;
use tower::ServiceExt;

const RESET: &str = r#"{"task":"easy","seed":7}"#;
const STEP: &str = r#"{"action":{"raw":"inspect"}}"#;

fn main() -> ExitCode {
    let rounds = knob("BENCH_ROUNDS", 5);
    let steps = knob("BENCH_STEPS", 20_000);
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("step_path: no Tokio runtime: {err}");
            return ExitCode::from(2);
        }
    };
    let app = server::app(Config::default());
    let Some(session) = runtime.block_on(send(&app, "/reset", None, RESET)) else {
        return ExitCode::from(2);
    };
    let metrics = Metrics::new();
    let env = app_default_env();

    println!("round  step served (ns)  metrics' part (ns)  share");
    let mut shares = Vec::with_capacity(rounds);
    for round in 1..=rounds {
        let mut served = Duration::ZERO;
        for _ in 0..steps {
            if runtime
                .block_on(send(&app, "/reset", Some(&session), RESET))
                .is_none()
            {
                return ExitCode::from(2);
            }
            let started = Instant::now();
            let reply = runtime.block_on(send(&app, "/step", Some(&session), STEP));
            served += started.elapsed();
            if reply.is_none() {
                return ExitCode::from(2);
            }
        }
        let started = Instant::now();
        for _ in 0..steps {
            let step_started = Instant::now();
            metrics.step(black_box(env), step_started.elapsed());
        }
        let counting = started.elapsed();
        let per_step = |total: Duration| total.as_nanos() as f64 / steps as f64;
        let share = counting.as_secs_f64() / served.as_secs_f64();
        println!(
            "{round:>5}  {:>16.0}  {:>18.1}  {:.2}%",
            per_step(served),
            per_step(counting),
            share * 100.0
        );
        shares.push(share);
    }
    shares.sort_by(f64::total_cmp);
    let median = shares[shares.len() / 2];
    println!(
        "median share of a step served spent counting for /metrics: {:.2}% ({rounds} rounds of {steps} steps)",
        median * 100.0
    );
    ExitCode::SUCCESS
}

/// The environment the root mount serves, whose label a step counts under.
fn app_default_env() -> &'static str {
    Config::default().default_env.id
}

fn knob(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}

/// POST `body` to `uri` in `session` (a new one when none); the session id
/// the server answers with, or `None` (said on stderr) when it refuses.
async fn send(app: &Router, uri: &str, session: Option<&str>, body: &str) -> Option<String> {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(id) = session {
        request = request.header("x-session-id", id);
    }
    let request = request.body(Body::from(body.to_owned())).ok()?;
    let response = app.clone().oneshot(request).await.ok()?;
    let status = response.status();
    let id = response
        .headers()
        .get("x-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let bytes = response.into_body().collect().await.ok()?.to_bytes();
    if status != StatusCode::OK {
        eprintln!(
            "step_path: {uri} answered {status}: {}",
            String::from_utf8_lossy(&bytes)
        );
        return None;
    }
    id.or_else(|| session.map(str::to_owned))
}
