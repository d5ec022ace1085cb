//! What the server declares of each environment beyond the registry: how
//! it serves it (the optional judge, the seed's session places) and what
//! `openenv.yaml`'s `validation:` block says of its rewards. One
//! [`Declared`] entry per registered environment (`server/tests/manifest.rs`
//! keeps them in step), so the core's `Environment` trait holds only what
//! an environment is. A leaf: [`crate::manifest`], [`crate::mount`] (which
//! mounts get the [`judge`]) and [`crate::ids`] read it.

use env_wasm::EnvInfo;

/// The cookie the it_mental_health seed's clients kept their session in:
/// its entry's [`Declared::session_cookie`], and the cookie its compat
/// mount sets.
pub const IT_MENTAL_HEALTH_COOKIE: &str = "itmh_session_id";

/// What the server knows of an environment beyond the registry. The
/// reward fields are measured properties of its rewards and scores, each
/// checked against play by `server/tests/manifest.rs`.
#[derive(Debug)]
pub struct Declared {
    pub env_id: &'static str,
    /// The lowest and highest reward one step can pay, in either reward
    /// mode. productivity and support_triage clamp their shaping to
    /// [-1, 1] and charge step costs; it_mental_health pays each task's
    /// score in [0, 1].
    pub reward_range: (f64, f64),
    /// How far the top of the range stays above the best blind or exploit
    /// baseline's mean task score, on every task and level.
    pub floor_margin: f64,
    /// `types.tags`: the domains, for the hub's per-tag comparisons.
    pub tags: &'static [&'static str],
    /// Whether the server's optional LLM judge gives its answers a second
    /// opinion (free-text answers only).
    pub judged: bool,
    /// The session cookie the environment's original project set and read,
    /// which its mounts set and read beside the shared one.
    pub session_cookie: Option<&'static str>,
    /// Where, inside the action, the original project's HTTP clients sent
    /// their session id (a path of keys), read by the HTTP step.
    pub session_in_action: Option<&'static [&'static str]>,
}

/// One entry per registered environment (a test keeps them in step).
pub static DECLARED: &[Declared] = &[
    Declared {
        env_id: "productivity",
        reward_range: (-1.0, 1.0),
        floor_margin: 0.5,
        tags: &["workplace-ops", "office-productivity"],
        judged: false,
        session_cookie: None,
        session_in_action: None,
    },
    Declared {
        env_id: "it_mental_health",
        reward_range: (0.0, 1.0),
        floor_margin: 0.5,
        tags: &["workplace-ops", "mental-health", "free-text"],
        // Free-text answers: the optional judge reads them.
        judged: true,
        // The seed's clients kept their session in this cookie, and sent
        // its id in the step action's `metadata`.
        session_cookie: Some(IT_MENTAL_HEALTH_COOKIE),
        session_in_action: Some(&["metadata", "session_id"]),
    },
    Declared {
        env_id: "support_triage",
        reward_range: (-1.0, 1.0),
        floor_margin: 0.5,
        tags: &["workplace-ops", "customer-support", "tool-use"],
        judged: false,
        session_cookie: None,
        session_in_action: None,
    },
];

/// The declarations of `env`, if it has any.
pub fn declared(env: &EnvInfo) -> Option<&'static Declared> {
    DECLARED.iter().find(|d| d.env_id == env.id)
}

/// Whether steps of `env` are judged ([`Declared::judged`]).
pub fn judged(env: &EnvInfo) -> bool {
    declared(env).is_some_and(|d| d.judged)
}

/// The environments whose answers are judged: `it_mental_health`.
pub fn judged_envs() -> Vec<&'static str> {
    env_wasm::registry::ENVIRONMENTS
        .iter()
        .filter(|e| judged(e))
        .map(|e| e.id)
        .collect()
}
