//! `loadgen`: the load generator of `scripts/bench-http.sh`. It speaks the
//! OpenEnv `/ws` session protocol, so the same binary drives DeskBench and
//! the Python `openenv-core` reference server.
//!
//! Run:
//! `loadgen ws --url ws://127.0.0.1:7860/ws --sessions 32 --duration 10 --warmup 2
//! [--action '{"raw":"inspect"}'] [--reset '{"task":"easy"}']` plays that many
//! sessions (reset, then steps, reset again when an episode ends) and reports
//! steps/s and the step round-trip p50, p99 and max.
//! `loadgen idle --url http://127.0.0.1:7860 --sessions 10000` leaves that many
//! HTTP sessions (distinct `X-Session-Id`, one `POST /reset` each) on the
//! server; with a `ws://` URL it opens that many `/ws` sessions instead and
//! holds them `--hold` seconds, so a script can read the server's memory.
//!
//! `loadgen sizing --url http://127.0.0.1:7860/envs/support_triage --env support_triage
//! --sessions 1000 --level 2 --pid PID` reads the server's resident memory with that
//! many HTTP sessions idle (reset) and then active (half-way through their episodes,
//! played with the reference policy of a local replay of each).
//!
//! Each run prints one JSON line on stdout (for scripts) and one line for
//! people on stderr. Exit status: 0, or 1 when a session failed or the server
//! answered with an error (the JSON line is printed either way), 2 for bad
//! arguments.

mod http1;
mod idle;
mod sizing;
mod ws;

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use hdrhistogram::Histogram;
use serde_json::{Map, Value, json};

#[derive(Debug, Parser)]
#[command(
    name = "loadgen",
    about = "OpenEnv load generator: /ws step throughput and latency, idle sessions"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play N /ws sessions for a fixed time; report steps/s and step round-trip latency.
    Ws(WsArgs),
    /// Create N sessions and leave them idle (HTTP: POST /reset per X-Session-Id; ws://: open /ws sessions).
    Idle(IdleArgs),
    /// The server's memory per idle and per active HTTP session of one environment.
    Sizing(SizingArgs),
}

#[derive(Debug, Args)]
struct WsArgs {
    /// The /ws endpoint, e.g. ws://127.0.0.1:7860/ws or ws://127.0.0.1:7860/envs/support_triage/ws.
    #[arg(long)]
    url: String,
    /// Concurrent sessions, one connection each.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    sessions: u32,
    /// Measured seconds.
    #[arg(long, default_value_t = 10.0, value_parser = parse_secs)]
    duration: f64,
    /// Seconds played before the measurement starts (connections, first resets, warm caches).
    #[arg(long, default_value_t = 2.0, value_parser = parse_secs_or_zero)]
    warmup: f64,
    /// The action of every step, as the JSON object the environment expects.
    #[arg(long, default_value = r#"{"raw":"inspect"}"#, value_parser = parse_object)]
    action: Map<String, Value>,
    /// Reset options (JSON object); a `seed` is added per session and episode unless given.
    #[arg(long, default_value = "{}", value_parser = parse_object)]
    reset: Map<String, Value>,
    /// First seed of the per-session seeds.
    #[arg(long, default_value_t = 0)]
    seed_start: u64,
    /// Free text copied into the JSON line (which server, which mode).
    #[arg(long, default_value = "")]
    label: String,
    /// The server's process id: its CPU time over the measured window goes into the line.
    #[arg(long)]
    pid: Option<u32>,
}

#[derive(Debug, Args)]
struct SizingArgs {
    /// The environment's mount, e.g. http://127.0.0.1:7860/envs/support_triage.
    #[arg(long)]
    url: String,
    /// The environment's id (its tasks and reference policy are replayed locally).
    #[arg(long)]
    env: String,
    /// Sessions measured.
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    sessions: u32,
    /// Difficulty level of every episode.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=5))]
    level: u8,
    /// The server's process id, whose VmRSS is read.
    #[arg(long)]
    pid: u32,
    /// Keep-alive connections in use at once.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1024))]
    concurrency: u32,
    /// Sessions played the same way before the baseline reading.
    #[arg(long, default_value_t = 64)]
    warmup_sessions: u32,
    /// Seconds to wait before each reading.
    #[arg(long, default_value_t = 1.0, value_parser = parse_secs_or_zero)]
    settle: f64,
    /// The action (JSON) played where the reference's next one would end the episode.
    #[arg(long, value_parser = parse_action)]
    filler: Option<Value>,
    /// Free text copied into the JSON line.
    #[arg(long, default_value = "")]
    label: String,
}

#[derive(Debug, Args)]
struct IdleArgs {
    /// A mount's base URL (http://127.0.0.1:7860 or .../envs/productivity) for HTTP sessions,
    /// or its /ws endpoint (ws://127.0.0.1:7860/ws) for WebSocket sessions.
    #[arg(long)]
    url: String,
    /// Sessions to create.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    sessions: u32,
    /// Requests in flight while creating them (HTTP keep-alive connections or /ws handshakes).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1024))]
    concurrency: u32,
    /// Reset options (JSON object); `seed` is the session's index unless given.
    #[arg(long, default_value = "{}", value_parser = parse_object)]
    reset: Map<String, Value>,
    /// HTTP session ids are this prefix plus the index.
    #[arg(long, default_value = "idle-")]
    id_prefix: String,
    /// ws:// only: seconds to hold the sessions open after the JSON line is printed.
    #[arg(long, default_value_t = 5.0, value_parser = parse_secs_or_zero)]
    hold: f64,
    /// Free text copied into the JSON line.
    #[arg(long, default_value = "")]
    label: String,
}

fn parse_secs(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs <= 3600.0 => Ok(secs),
        _ => Err(format!(
            "`{text}` is not a number of seconds above 0 and at most 3600"
        )),
    }
}

fn parse_secs_or_zero(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if (0.0..=3600.0).contains(&secs) => Ok(secs),
        _ => Err(format!(
            "`{text}` is not a number of seconds from 0 to 3600"
        )),
    }
}

fn parse_object(text: &str) -> Result<Map<String, Value>, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(format!("expected a JSON object, got {other}")),
        Err(err) => Err(format!("not JSON: {err}")),
    }
}

/// An action: a JSON object, or a bare string (an environment's text action).
fn parse_action(text: &str) -> Result<Value, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(value @ (Value::Object(_) | Value::String(_))) => Ok(value),
        Ok(other) => Err(format!("expected a JSON object or string, got {other}")),
        Err(err) => Err(format!("not JSON: {err}")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // One thread: the generator's cost stays on the single core the bench
    // script pins it to, away from the server's core.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("loadgen: cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = match cli.command {
        Command::Ws(args) => runtime.block_on(run_ws(args)),
        Command::Idle(args) => runtime.block_on(run_idle(args)),
        Command::Sizing(args) => runtime.block_on(run_sizing(args)),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("loadgen: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Print the machine-readable line; a flush makes it visible to a script
/// reading a pipe while the process still holds sessions open.
fn emit(line: &Value) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")
        .and_then(|()| stdout.flush())
        .map_err(|err| format!("cannot write stdout: {err}"))
}

fn ms(hist: &Histogram<u64>, nanos: u64) -> f64 {
    // Histograms hold nanoseconds; an empty one reports 0.
    if hist.is_empty() {
        0.0
    } else {
        nanos as f64 / 1e6
    }
}

/// `Ok(true)` when the run had no errors.
async fn run_ws(args: WsArgs) -> Result<bool, String> {
    let load = ws::StepLoad {
        url: args.url,
        sessions: args.sessions,
        warmup: Duration::from_secs_f64(args.warmup),
        duration: Duration::from_secs_f64(args.duration),
        action: Value::Object(args.action),
        reset: args.reset,
        seed_start: args.seed_start,
        server_pid: args.pid,
    };
    let report = ws::run(&load).await?;
    let server_cpu_s = report.server_cpu.map(|cpu| cpu.as_secs_f64());
    let window = report.window.as_secs_f64();
    let per_sec = if window > 0.0 {
        report.steps as f64 / window
    } else {
        0.0
    };
    let hist = &report.latency;
    let line = json!({
        "mode": "ws",
        "label": args.label,
        "url": load.url,
        "sessions": load.sessions,
        "warmup_s": args.warmup,
        "duration_s": window,
        "steps": report.steps,
        "steps_per_s": per_sec,
        "resets": report.resets,
        "errors": report.errors,
        "failed_sessions": report.failed_sessions,
        "p50_ms": ms(hist, hist.value_at_quantile(0.50)),
        "p90_ms": ms(hist, hist.value_at_quantile(0.90)),
        "p99_ms": ms(hist, hist.value_at_quantile(0.99)),
        "p999_ms": ms(hist, hist.value_at_quantile(0.999)),
        "max_ms": ms(hist, hist.max()),
        "mean_ms": if hist.is_empty() { 0.0 } else { hist.mean() / 1e6 },
        "first_error": report.first_error,
        "server_cpu_s": server_cpu_s,
        "steps_per_server_cpu_s": server_cpu_s.filter(|cpu| *cpu > 0.0).map(|cpu| report.steps as f64 / cpu),
    });
    emit(&line)?;
    eprintln!(
        "ws {} session(s), {:.1} s: {} steps ({:.0} steps/s), p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; {} resets, {} errors, {} failed sessions{}",
        load.sessions,
        window,
        report.steps,
        per_sec,
        ms(hist, hist.value_at_quantile(0.50)),
        ms(hist, hist.value_at_quantile(0.99)),
        ms(hist, hist.max()),
        report.resets,
        report.errors,
        report.failed_sessions,
        report
            .first_error
            .as_deref()
            .map(|err| format!(" (first: {err})"))
            .unwrap_or_default(),
    );
    Ok(report.errors == 0 && report.failed_sessions == 0 && report.steps > 0)
}

async fn run_idle(args: IdleArgs) -> Result<bool, String> {
    let load = idle::IdleLoad {
        url: args.url,
        sessions: args.sessions,
        concurrency: args.concurrency,
        reset: args.reset,
        id_prefix: args.id_prefix,
    };
    let mut report = idle::create(&load).await?;
    let line = json!({
        "mode": "idle",
        "label": args.label,
        "url": load.url,
        "transport": report.transport,
        "sessions": load.sessions,
        "created": report.created,
        "errors": report.errors,
        "elapsed_s": report.elapsed.as_secs_f64(),
        "first_error": report.first_error,
    });
    emit(&line)?;
    eprintln!(
        "idle {}: {} of {} sessions created in {:.1} s, {} errors{}",
        report.transport,
        report.created,
        load.sessions,
        report.elapsed.as_secs_f64(),
        report.errors,
        report
            .first_error
            .as_deref()
            .map(|err| format!(" (first: {err})"))
            .unwrap_or_default(),
    );
    // HTTP sessions live on the server without us; open /ws sessions end
    // with their connections, so those are held for the memory reading.
    if !report.sockets.is_empty() {
        tokio::time::sleep(Duration::from_secs_f64(args.hold)).await;
        idle::close_all(&mut report.sockets).await;
    }
    Ok(report.errors == 0 && u64::from(load.sessions) == report.created)
}

async fn run_sizing(args: SizingArgs) -> Result<bool, String> {
    let env = env_wasm::registry::find(&args.env).ok_or_else(|| {
        format!(
            "unknown environment `{}`; the environments are: {}",
            args.env,
            env_wasm::registry::env_ids()
        )
    })?;
    let load = sizing::Sizing {
        url: args.url,
        env,
        sessions: args.sessions,
        level: args.level,
        pid: args.pid,
        concurrency: args.concurrency,
        warmup_sessions: args.warmup_sessions,
        settle: Duration::from_secs_f64(args.settle),
        filler: args.filler,
    };
    let report = sizing::measure(&load).await?;
    let per_session = |kb: u64| {
        (kb.saturating_sub(report.baseline_kb)) as f64 * 1024.0 / f64::from(load.sessions)
    };
    let idle_bytes = per_session(report.idle_kb);
    let active_bytes = per_session(report.active_kb);
    let line = json!({
        "mode": "sizing",
        "label": args.label,
        "url": load.url,
        "env": env.id,
        "level": load.level,
        "sessions": load.sessions,
        "warmup_sessions": load.warmup_sessions,
        "start_kb": report.start_kb,
        "baseline_kb": report.baseline_kb,
        "idle_kb": report.idle_kb,
        "active_kb": report.active_kb,
        "idle_bytes_per_session": idle_bytes,
        "active_bytes_per_session": active_bytes,
        "steps": report.steps,
        "steps_per_session": report.steps as f64 / f64::from(load.sessions),
        "filler_steps": report.filler_steps,
        "unstepped_sessions": report.unstepped,
        "errors": report.errors,
        "first_error": report.first_error,
        "elapsed_s": report.elapsed.as_secs_f64(),
    });
    emit(&line)?;
    eprintln!(
        "sizing {} level {}: {} sessions; RSS {} kB at start, {} kB after the warm-up, {} kB idle ({:.1} KB each), {} kB active ({:.1} KB each, {:.1} steps each); {} errors{}",
        env.id,
        load.level,
        load.sessions,
        report.start_kb,
        report.baseline_kb,
        report.idle_kb,
        idle_bytes / 1024.0,
        report.active_kb,
        active_bytes / 1024.0,
        report.steps as f64 / f64::from(load.sessions),
        report.errors,
        report
            .first_error
            .as_deref()
            .map(|err| format!(" (first: {err})"))
            .unwrap_or_default(),
    );
    Ok(report.errors == 0)
}
