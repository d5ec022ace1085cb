//! DeskBench server: the OpenEnv HTTP and WebSocket API over the
//! [`env_wasm`] seam, for every environment, plus the `/web` UI host.
//!
//! How a request is served:
//! 1. [`app`] builds one [`Mount`] per environment at
//!    `/envs/{env_id}` and one for the default environment at the root; each
//!    answers the whole OpenEnv surface itself ([`http`], [`ws`], [`mcp`],
//!    [`openapi`]).
//! 2. Bodies are read by [`body::JsonBody`] (size limit, lenient JSON), and
//!    every failure is one [`error::ApiError`] with one JSON shape.
//! 3. `/reset`, `/step` and `/state` find their session through
//!    [`ids::resolve`] (header, body field, query, cookie) in the bounded
//!    [`sessions::Sessions`] table; `/ws` connections hold their own
//!    environment and a slot in the same table.
//! 4. The session's [`env_wasm::AnyEnv`] does the work: the server never
//!    parses an action or computes a reward. The one thing it adds is the
//!    optional [`judge`]'s second opinion on `it_mental_health` answers,
//!    as an `llm_judge` field next to the seam's observation (the judge is
//!    a crate of its own below this one; [`declared`] says what it judges).
//! 5. [`compat`] mounts `/compat/{env_id}`: the original projects' own HTTP
//!    contracts as thin adapters over the same sessions and seam.
//! 6. [`task_api`] serves OpenEnv's Task API at the root: the declared
//!    splits and their task records, for every environment.
//! 7. [`serve`] binds, prints the listening line, and on SIGINT or SIGTERM
//!    drains ([`AppHandle::drain`]): not ready, no new session or episode
//!    (503 `DRAINING`), episodes in progress play on up to the grace
//!    period, then every `/ws` closes with 1001 and the server exits.
//! 8. `/ready`, `/stats` and `/metrics` (root only: they describe the
//!    process) put capacity on the wire; [`metrics`] counts resets, steps,
//!    step latency and errors.
//!
//! The runners of the `deskbench` binary besides `serve` (`eval`,
//! `inference`, `regrade`) live in the `cli` crate, which `main.rs`
//! dispatches to; they are clients of the same seam and of this API's
//! `/ws`, and use none of this library.

pub mod body;
pub mod compat;
pub mod config;
pub mod declared;
pub mod error;
pub mod http;
pub mod ids;
pub mod manifest;
pub mod mcp;
pub mod metrics;
pub mod mount;
pub mod openapi;
mod readme;
pub mod routes;
pub mod rpc;
pub mod sessions;
pub mod task_api;
pub mod web;
pub mod wire;
pub mod ws;

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::HeaderName;
use axum::routing::any;
use env_wasm::registry;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{Any, CorsLayer};
use tower_http::trace::{DefaultOnFailure, TraceLayer};
use tracing::Level;

pub use config::{Config, RootApi};
use judge::Judge;
use mount::{AppState, Mount};
use sessions::Sessions;

/// How long shutdown waits for open `/ws` connections to finish their
/// close handshake once told to close.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(3);
/// How often a drain looks at what is still in progress.
const DRAIN_POLL: Duration = Duration::from_millis(50);

/// A handle on a built app: its session table and its shutdown switch.
#[derive(Debug, Clone)]
pub struct AppHandle {
    state: Arc<AppState>,
}

impl AppHandle {
    pub fn sessions(&self) -> &Arc<Sessions> {
        &self.state.sessions
    }

    /// Ask every open `/ws` connection to close (code 1001).
    pub fn shutdown(&self) {
        self.state.shutdown.send_replace(true);
    }

    /// Drain: report not ready and refuse new sessions and episodes at
    /// once; let the episodes in progress (HTTP, MCP and `/ws`) play on
    /// until none is left or `grace` has passed; then ask every `/ws` to
    /// close. Requests keep being served meanwhile: a session's next step
    /// may come on a new connection.
    pub async fn drain(&self, grace: Duration) -> Drained {
        let started = tokio::time::Instant::now();
        let sessions = &self.state.sessions;
        sessions.start_draining();
        tracing::info!(
            grace_secs = grace.as_secs_f64(),
            episodes = sessions.episodes_in_progress(),
            connections = sessions.connections(),
            "draining: refusing new sessions, waiting for episodes in progress"
        );
        let deadline = started + grace;
        let drained = loop {
            let episodes = sessions.episodes_in_progress();
            let connections = sessions.connections();
            if episodes == 0 && connections == 0 {
                break Drained::Complete;
            }
            if tokio::time::Instant::now() >= deadline {
                tracing::warn!(
                    episodes,
                    connections,
                    "drain grace over: closing what is left"
                );
                break Drained::GraceOver {
                    episodes,
                    connections,
                };
            }
            tokio::time::sleep(DRAIN_POLL).await;
        };
        tracing::info!(took_ms = started.elapsed().as_millis(), ?drained, "drained");
        self.shutdown();
        drained
    }
}

/// How a drain ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drained {
    /// Every episode in progress finished and every `/ws` closed.
    Complete,
    /// The grace period ran out with these still open.
    GraceOver { episodes: usize, connections: usize },
}

/// The whole API as a router (tests drive it with `tower::ServiceExt::oneshot`).
pub fn app(config: Config) -> Router {
    build(config).0
}

/// The router and a handle on its state. Inside a Tokio runtime this also
/// starts the background sweep of idle sessions.
pub fn build(config: Config) -> (Router, AppHandle) {
    let sessions = Sessions::new(config.max_sessions, config.session_idle);
    if tokio::runtime::Handle::try_current().is_ok() {
        sessions.spawn_sweeper();
    }
    let (shutdown, _) = watch::channel(false);
    let judge = config.judge.clone().map(|c| Arc::new(Judge::new(c)));
    let state = Arc::new(AppState {
        config,
        sessions,
        shutdown,
        judge,
        metrics: metrics::Metrics::new(),
        started: std::time::Instant::now(),
    });

    let default_env = state.config.default_env;
    let root_mount = Mount::new(default_env, "", state.clone());
    let task_api = routes::router(routes::task_api()).with_state(root_mount.clone());
    // The root speaks the default environment's original contract when
    // asked to and it has one (its `/` stays the web UI's).
    let root = match state.config.root_api {
        RootApi::Compat => compat::routes(root_mount.clone(), false),
        RootApi::OpenEnv => None,
    }
    .unwrap_or_else(|| env_routes(root_mount));
    let mut router = Router::new()
        .merge(root)
        .merge(task_api)
        .merge(routes::router(routes::process()).with_state(state.clone()))
        .route("/envs/{env_id}", any(http::under_envs))
        .route("/envs/{env_id}/", any(http::under_envs))
        .route("/envs/{env_id}/{*rest}", any(http::under_envs))
        .route("/compat", any(compat::not_found))
        .route("/compat/{env_id}", any(compat::not_found))
        .route("/compat/{env_id}/", any(compat::not_found))
        .route("/compat/{env_id}/{*rest}", any(compat::not_found));
    for info in registry::ENVIRONMENTS {
        let prefix = format!("/envs/{}", info.id);
        let mount = Mount::new(info, &prefix, state.clone());
        // The compatibility mount shares the environment's mount: its
        // sessions, judge and body limit.
        if let (Some(path), Some(routes)) =
            (compat::path(info.id), compat::routes(mount.clone(), true))
        {
            router = router.nest(&path, routes);
        }
        router = router.nest(&prefix, env_routes(mount));
    }
    let cors = CorsLayer::new()
        .allow_origin(Any)
        .allow_methods(Any)
        .allow_headers(Any)
        .expose_headers([HeaderName::from_static(ids::HEADER)]);
    let router = router
        .merge(web::routes(&state.config.web_dist))
        .fallback(http::not_found)
        .layer(axum::middleware::from_fn(http::json_method_not_allowed))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            http::count_errors,
        ))
        .layer(CatchPanicLayer::custom(error::panic_response))
        .layer(cors)
        // A 5xx here is a refusal the API answers on purpose (503 at capacity,
        // already logged at WARN with its code) or a panic (logged at ERROR
        // by the panic handler): the trace layer's own line is a WARN.
        .layer(TraceLayer::new_for_http().on_failure(DefaultOnFailure::new().level(Level::WARN)));
    (router, AppHandle { state })
}

/// The OpenEnv surface of one mount, paths relative to it.
fn env_routes(mount: Mount) -> Router {
    routes::router(routes::mount()).with_state(mount)
}

/// Bind, print `deskbench listening on http://<addr>` (scripts read the
/// port from it), serve until SIGINT or SIGTERM, drain ([`AppHandle::drain`]),
/// stop accepting, finish the requests in flight, and let open `/ws`
/// connections close.
pub async fn serve(config: Config) -> std::io::Result<()> {
    let listener = TcpListener::bind((config.host.as_str(), config.port)).await?;
    let addr = listener.local_addr()?;
    let grace = config.drain_grace;
    let (router, handle) = build(config);
    {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "deskbench listening on http://{addr}")?;
        stdout.flush()?;
    }
    tracing::info!(%addr, "serving");
    let on_signal = handle.clone();
    axum::serve(listener, router)
        .with_graceful_shutdown(async move {
            shutdown_signal().await;
            on_signal.drain(grace).await;
            tracing::info!("shutting down");
        })
        .await?;
    let deadline = tokio::time::Instant::now() + CLOSE_TIMEOUT;
    while handle.sessions().connections() > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}

/// SIGINT (Ctrl-C) or SIGTERM. A signal that cannot be watched is ignored
/// rather than read as a request to stop.
async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
