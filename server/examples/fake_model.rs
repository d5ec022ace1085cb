//! A fake OpenAI-compatible chat model for `scripts/bench-inference.sh`:
//! every chat completion is answered after `--latency-ms` (default 200)
//! with `inspect`, then a fixed answer to productivity's email task, as
//! text or as tool calls (whichever the request asks for), with `usage`.
//! It prints `fake model listening on http://127.0.0.1:PORT/v1` on stdout.
//!
//! Run: `cargo run --release -p server --example fake_model -- --port 0 --latency-ms 200`

#[path = "../tests/support/fake_model.rs"]
mod fake_model;

use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use serde_json::json;

#[derive(Parser)]
struct Args {
    /// Port on 127.0.0.1; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// How long each answer takes, in milliseconds.
    #[arg(long, default_value_t = 200)]
    latency_ms: u64,
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let answer = json!({"label": "work", "priority": "normal", "needs_reply": "no"});
    let fake = fake_model::Fake::new(fake_model::Player::Constant(answer))
        .with_latency(Duration::from_millis(args.latency_ms))
        .unrecorded();
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", args.port)).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("fake model: cannot listen on port {}: {err}", args.port);
            return std::process::ExitCode::FAILURE;
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("fake model listening on http://{addr}/v1"),
        Err(err) => {
            eprintln!("fake model: {err}");
            return std::process::ExitCode::FAILURE;
        }
    }
    fake_model::serve(Arc::new(fake), listener).await;
    std::process::ExitCode::SUCCESS
}
