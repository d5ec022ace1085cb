//! `deskbench`: serve every DeskBench environment over the OpenEnv HTTP and
//! WebSocket API and the web UI under `/web`; evaluate built-in policies;
//! run an LLM agent.
//!
//! Run: `deskbench serve [--host 127.0.0.1] [--port 7860]` (or
//! `cargo run -p server -- serve --port 0`; the chosen port is in the
//! `deskbench listening on http://...` line on stdout). Logs go to stderr,
//! filtered by `RUST_LOG` (default `info`).
//! `/compat/{env_id}` speaks the original projects' own HTTP contracts;
//! `--root-api compat` puts the default environment's at the root too.
//! `JUDGE_BASE_URL`, `JUDGE_MODEL` and `JUDGE_API_KEY` together turn on the
//! optional LLM judge of `it_mental_health` steps (`llm_judge` field).
//! `deskbench eval --policy all --seeds 100 [--url http://host:7860]` prints
//! a score table; `deskbench inference` plays a model (see `--help`);
//! `deskbench regrade FILE.jsonl` replays a trajectories file's episodes on
//! the current task set.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use env_wasm::{EnvInfo, registry};
use judge::{ApiKey, JudgeConfig};
use server::config::{
    DEFAULT_DRAIN_GRACE_SECS, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SESSIONS,
    DEFAULT_SESSION_IDLE_SECS,
};
use server::{Config, RootApi};
use tracing_subscriber::EnvFilter;

#[derive(Debug, Parser)]
#[command(
    name = "deskbench",
    version,
    about = "DeskBench: OpenEnv environments for workplace operations"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the API (every environment at /envs/{env_id}, the default one at /) and /web.
    Serve(ServeArgs),
    /// Play built-in policies over many seeds, in-process or against a server, and report
    /// mean, spread, success rate and pass^k per environment, task and policy.
    Eval(cli::eval::EvalArgs),
    /// Play an LLM agent over an OpenAI-compatible chat API (API_BASE_URL, MODEL_NAME,
    /// HF_TOKEN / API_KEY / OPENAI_API_KEY) and print the [START]/[STEP]/[END] log.
    Inference(cli::inference::InferenceArgs),
    /// Replay the episodes of a trajectories file on the current environments and write
    /// each with its new score beside the old one.
    Regrade(cli::regrade::RegradeArgs),
}

#[derive(Debug, Args)]
struct ServeArgs {
    /// Address to bind.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    host: String,
    /// Port to bind; 0 picks a free one (printed on stdout).
    #[arg(long, env = "PORT", default_value_t = 7860)]
    port: u16,
    /// Environment served at the root (default: the first registered).
    #[arg(long, env = "DESKBENCH_DEFAULT_ENV", value_parser = parse_env)]
    default_env: Option<&'static EnvInfo>,
    /// What the root speaks for the default environment: `openenv`, or `compat` for its original
    /// project's HTTP contract (as at /compat/{env_id}), for scripts that hard-code a root URL.
    #[arg(long, env = "DESKBENCH_ROOT_API", value_enum, default_value_t = RootApi::OpenEnv)]
    root_api: RootApi,
    /// Most live sessions: HTTP sessions and open /ws connections together.
    #[arg(long, env = "DESKBENCH_MAX_SESSIONS", default_value_t = DEFAULT_MAX_SESSIONS, value_parser = parse_positive)]
    max_sessions: usize,
    /// Seconds after which an unused session (or a silent /ws connection) ends.
    #[arg(long, env = "DESKBENCH_SESSION_IDLE_SECS", default_value_t = DEFAULT_SESSION_IDLE_SECS, value_parser = clap::value_parser!(u64).range(1..))]
    session_idle_secs: u64,
    /// After SIGTERM (or SIGINT), seconds the episodes in progress may play on while the server
    /// refuses new sessions (503 DRAINING) before it closes what is left and exits. Keep the
    /// Kubernetes terminationGracePeriodSeconds above this plus the preStop pause.
    #[arg(long, env = "DESKBENCH_DRAIN_GRACE_SECS", default_value_t = DEFAULT_DRAIN_GRACE_SECS, value_parser = clap::value_parser!(u64).range(0..=3600))]
    drain_grace_secs: u64,
    /// Browser origins allowed to call /mcp besides loopback ones (http(s)://localhost,
    /// 127.0.0.1, [::1], any port), comma-separated, exact (`https://app.example.org`), or `*`
    /// for any. A request with another Origin header gets 403 (the MCP transport's guard against
    /// DNS rebinding); one with no Origin header (every non-browser client) is served.
    #[arg(long, env = "DESKBENCH_MCP_ALLOWED_ORIGINS", value_delimiter = ',')]
    mcp_allowed_origins: Vec<String>,
    /// Largest request body or WebSocket message, in bytes.
    #[arg(long, env = "DESKBENCH_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES, value_parser = parse_positive)]
    max_body_bytes: usize,
    /// Directory of the built web bundle, served under /web.
    #[arg(long, env = "WEB_DIST", default_value = "dist")]
    web_dist: PathBuf,
    /// OpenAI-compatible API of the optional LLM judge of it_mental_health steps; the judge is
    /// on when this, --judge-model and --judge-api-key are all set.
    #[arg(long, env = "JUDGE_BASE_URL", hide_env_values = true)]
    judge_base_url: Option<String>,
    /// Model the judge asks.
    #[arg(long, env = "JUDGE_MODEL")]
    judge_model: Option<String>,
    /// Key of the judge's API (prefer the variable: a flag shows in the process list).
    #[arg(long, env = "JUDGE_API_KEY", hide_env_values = true)]
    judge_api_key: Option<ApiKey>,
    /// Limit on one judge call, in seconds; on timeout the step's `llm_judge` has a null score.
    #[arg(long, env = "JUDGE_TIMEOUT_SECS", default_value_t = judge::DEFAULT_TIMEOUT_SECS, value_parser = parse_secs)]
    judge_timeout_secs: f64,
}

fn parse_env(id: &str) -> Result<&'static EnvInfo, String> {
    registry::find(id).ok_or_else(|| {
        format!(
            "unknown environment `{id}`; available: {}",
            registry::env_ids()
        )
    })
}

fn parse_positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("`{text}` is not a whole number greater than 0")),
    }
}

fn parse_secs(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs <= 3600.0 => Ok(secs),
        _ => Err(format!(
            "`{text}` is not a number of seconds greater than 0 and at most 3600"
        )),
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let args = match Cli::parse().command {
        Command::Serve(args) => args,
        Command::Eval(args) => return cli::eval::run(args).await,
        Command::Inference(args) => return cli::inference::run(args).await,
        Command::Regrade(args) => return cli::regrade::run(args),
    };
    let judge = match JudgeConfig::from_parts(
        args.judge_base_url,
        args.judge_model,
        args.judge_api_key,
        Duration::from_secs_f64(args.judge_timeout_secs),
    ) {
        Ok(judge) => judge,
        Err(missing) => {
            tracing::warn!(
                "LLM judge off: {} not set (the judge needs JUDGE_BASE_URL, JUDGE_MODEL and JUDGE_API_KEY)",
                missing.join(", ")
            );
            None
        }
    };
    if let Some(judge) = &judge {
        tracing::info!(
            model = %judge.model,
            timeout_secs = judge.timeout.as_secs_f64(),
            "LLM judge on for {} steps",
            server::declared::judged_envs().join(", ")
        );
    }
    let default_env = args.default_env.unwrap_or(registry::ENVIRONMENTS[0]);
    if args.root_api == RootApi::Compat && server::compat::path(default_env.id).is_none() {
        eprintln!(
            "deskbench: --root-api compat needs a default environment with an original HTTP contract \
             ({}); `{}` speaks OpenEnv at the root already",
            server::compat::ENV_IDS.join(", "),
            default_env.id
        );
        return ExitCode::from(2);
    }
    let config = Config {
        host: args.host,
        port: args.port,
        default_env,
        root_api: args.root_api,
        max_sessions: args.max_sessions,
        session_idle: Duration::from_secs(args.session_idle_secs),
        max_body_bytes: args.max_body_bytes,
        web_dist: args.web_dist,
        judge,
        drain_grace: Duration::from_secs(args.drain_grace_secs),
        mcp_allowed_origins: args
            .mcp_allowed_origins
            .into_iter()
            .map(|origin| origin.trim().trim_end_matches('/').to_owned())
            .filter(|origin| !origin.is_empty())
            .collect(),
    };
    let addr = format!("{}:{}", config.host, config.port);
    match server::serve(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("deskbench: cannot serve on {addr}: {err}");
            ExitCode::FAILURE
        }
    }
}
