//! [`Config`]: everything the server can be told at start-up, with the
//! defaults the CLI and the tests share.

use std::path::PathBuf;
use std::time::Duration;

use env_wasm::EnvInfo;
use env_wasm::registry;
use judge::JudgeConfig;

/// Default cap on live sessions (HTTP sessions and open `/ws` connections).
pub const DEFAULT_MAX_SESSIONS: usize = 10_000;
/// Default idle time after which a session is dropped.
pub const DEFAULT_SESSION_IDLE_SECS: u64 = 900;
/// Default drain grace: how long a stopping server lets its episodes in
/// progress finish before it closes what is left.
pub const DEFAULT_DRAIN_GRACE_SECS: u64 = 30;
/// Default cap on a request body and on a WebSocket message: 1 MiB.
pub const DEFAULT_MAX_BODY_BYTES: usize = 1 << 20;

/// What the API root speaks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RootApi {
    /// The OpenEnv surface of the default environment.
    #[default]
    #[value(name = "openenv")]
    OpenEnv,
    /// The default environment's original HTTP contract (its
    /// `/compat/{env_id}` mount), for clients that hard-code a root URL.
    Compat,
}

#[derive(Debug, Clone)]
pub struct Config {
    pub host: String,
    pub port: u16,
    /// The environment also served at the API root.
    pub default_env: &'static EnvInfo,
    /// What the root speaks for it.
    pub root_api: RootApi,
    /// HTTP sessions and open `/ws` connections, counted together.
    pub max_sessions: usize,
    /// A session (or `/ws` connection) unused this long is dropped.
    pub session_idle: Duration,
    /// Largest accepted request body or WebSocket message, in bytes.
    pub max_body_bytes: usize,
    /// The built web bundle served under `/web` (holds `index.html`).
    pub web_dist: PathBuf,
    /// The optional LLM judge of `it_mental_health` steps; off when `None`.
    pub judge: Option<JudgeConfig>,
    /// After SIGTERM, how long episodes in progress may run on before the
    /// server closes what is left and exits.
    pub drain_grace: Duration,
    /// Browser origins (`https://app.example.org`) allowed to call `/mcp`
    /// besides loopback ones; `*` allows any. A request with no `Origin`
    /// (every non-browser client) is always served: the check is the MCP
    /// transport's guard against DNS rebinding (see [`crate::mcp`]).
    pub mcp_allowed_origins: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            host: "127.0.0.1".to_owned(),
            port: 7860,
            default_env: registry::ENVIRONMENTS[0],
            root_api: RootApi::OpenEnv,
            max_sessions: DEFAULT_MAX_SESSIONS,
            session_idle: Duration::from_secs(DEFAULT_SESSION_IDLE_SECS),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            web_dist: PathBuf::from("dist"),
            judge: None,
            drain_grace: Duration::from_secs(DEFAULT_DRAIN_GRACE_SECS),
            mcp_allowed_origins: Vec::new(),
        }
    }
}
