//! Randomised isolation of concurrent HTTP sessions: many sessions, named by
//! the `X-Session-Id` header or by cookie, each with its own environment,
//! task and seed (the same ids reused across environments, the default
//! environment reached through both of its mounts), reset and step at once
//! from concurrent tasks. Every reply and every `/state` must equal what a
//! private [`AnyEnv`] gives for the same calls in sequence, so no session
//! ever sees another's episode.
//!
//! The plan comes from one seed, printed; `DESKBENCH_TEST_SEED=n` replays
//! it (the interleaving is up to the scheduler, which is the point).

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults};
use serde_json::{Value, json};
use server::Config;
use tokio::sync::Barrier;

use crate::common::*;

/// Sessions per environment; each id is reused in every environment.
const PER_ENV: usize = 16;
/// Calls per session after its first reset.
const CALLS: usize = 40;

/// How a session names itself.
#[derive(Debug, Clone, Copy)]
enum Via {
    Header,
    /// The shared `deskbench_session` cookie, among other cookies.
    Cookie,
    /// `it_mental_health`'s own cookie, which it reads first.
    OwnCookie,
}

struct Session {
    id: String,
    via: Via,
    info: &'static EnvInfo,
    rng: SeededRng,
    /// The private replay: the same calls, in sequence.
    shadow: AnyEnv,
    resets: u32,
}

/// Test helpers may read the environment.
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
fn plan_seed() -> u64 {
    std::env::var("DESKBENCH_TEST_SEED")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| {
            use std::hash::{BuildHasher, RandomState};
            RandomState::new().hash_one(0x150_u64) & env_wasm::seam::MAX_SEED
        })
}

impl Session {
    /// A request for this session; the default environment alternates
    /// between the root mount and its own.
    fn request(&mut self, method: Method, route: &str, body: String) -> Request<Body> {
        let at_root = self.info.id == ENVIRONMENTS[0].id && self.rng.chance(1, 2);
        let uri = if at_root {
            format!("/{route}")
        } else {
            format!("/envs/{}/{route}", self.info.id)
        };
        let mut request = request(method, &uri, body);
        let headers = request.headers_mut();
        let value = match self.via {
            Via::Header => {
                headers.insert("x-session-id", self.id.parse().expect("id"));
                return request;
            }
            Via::Cookie => format!("theme=dark; deskbench_session={}; other=1", self.id),
            // A stale shared cookie that the environment's own must beat.
            Via::OwnCookie => format!("deskbench_session=stale; itmh_session_id={}", self.id),
        };
        headers.insert("cookie", value.parse().expect("cookie"));
        request
    }

    fn where_(&self) -> String {
        format!("{} session {} ({:?})", self.info.id, self.id, self.via)
    }

    async fn reset(&mut self, app: &Router) {
        self.resets += 1;
        let task = self.rng.pick(self.info.tasks).id;
        let seed = self.rng.below(1_000_000);
        let options = json!({
            "seed": seed,
            "task": task,
            "episode_id": format!("{}-{}-{}", self.info.id, self.id, self.resets),
        });
        let expected = self
            .shadow
            .reset(&options, ResetDefaults::default())
            .map(|r| serde_json::to_value(r).expect("json"));
        let request = self.request(Method::POST, "reset", options.to_string());
        let reply = send(app, request).await;
        self.check(&reply, expected.map_err(|e| e.code()));
    }

    async fn step(&mut self, app: &Router) {
        let names = self.info.policy_names();
        let action = match self.rng.below(10) {
            // A refused action: not a step, in either replay.
            0 => json!({"no_such_field": self.rng.below(100)}),
            1 => self.shadow.empty_answer().unwrap_or_default(),
            _ => {
                let policy = *self.rng.pick(&names);
                let mut policy_rng = SeededRng::new(u64::from(self.rng.below(1000)), 3);
                self.shadow
                    .policy_action(policy, &mut policy_rng)
                    .or_else(|| self.shadow.empty_answer())
                    .unwrap_or_default()
            }
        };
        let expected = self
            .shadow
            .step(&action)
            .map(|r| serde_json::to_value(r).expect("json"));
        let body = json!({ "action": action }).to_string();
        let request = self.request(Method::POST, "step", body);
        let reply = send(app, request).await;
        self.check(&reply, expected.map_err(|e| e.code()));
    }

    async fn state(&mut self, app: &Router) {
        let request = self.request(Method::GET, "state", String::new());
        let reply = send(app, request).await;
        self.check(&reply, Ok(self.shadow.state()));
    }

    /// The reply equals the private replay's result (or refusal code), and
    /// names this session.
    fn check(&self, reply: &Reply, expected: Result<Value, &'static str>) {
        let where_ = self.where_();
        assert_eq!(
            reply.header("x-session-id"),
            Some(self.id.as_str()),
            "{where_}"
        );
        match expected {
            Ok(value) => {
                assert_eq!(reply.status, StatusCode::OK, "{where_}: {}", reply.text());
                assert_eq!(reply.json(), value, "{where_}: another session's episode?");
            }
            Err(code) => {
                assert_eq!(reply.json()["error"]["code"], code, "{where_}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_sessions_never_see_each_others_state() {
    let seed = plan_seed();
    println!("isolation plan seed: {seed} (DESKBENCH_TEST_SEED={seed} replays it)");
    let mut plan = SeededRng::new(seed, 0);
    let (app, handle) = server::build(Config {
        max_sessions: ENVIRONMENTS.len() * PER_ENV,
        ..config()
    });
    let mut sessions = Vec::new();
    for info in ENVIRONMENTS {
        for k in 0..PER_ENV {
            let own_cookie = info.id == "it_mental_health";
            let via = match plan.below(if own_cookie { 3 } else { 2 }) {
                0 => Via::Header,
                1 => Via::Cookie,
                _ => Via::OwnCookie,
            };
            sessions.push(Session {
                // Every id names one session in each environment.
                id: format!("iso-{k}"),
                via,
                info,
                rng: SeededRng::new(seed, sessions.len() as u64 + 1),
                shadow: AnyEnv::of(info),
                resets: 0,
            });
        }
    }
    let start = Arc::new(Barrier::new(sessions.len()));
    let mut tasks = Vec::new();
    for mut session in sessions {
        let app = app.clone();
        let start = start.clone();
        tasks.push(tokio::spawn(async move {
            start.wait().await;
            session.reset(&app).await;
            for _ in 0..CALLS {
                match session.rng.below(20) {
                    0 => session.reset(&app).await,
                    1..=3 => session.state(&app).await,
                    _ => session.step(&app).await,
                }
                if session.rng.chance(1, 3) {
                    tokio::task::yield_now().await;
                }
                // A finished episode is refused until the next reset; play on.
                if session.shadow.is_done() && session.rng.chance(1, 2) {
                    session.reset(&app).await;
                }
            }
            session.state(&app).await;
            session.shadow.state()
        }));
    }
    let mut finals = Vec::new();
    for task in tasks {
        finals.push(task.await.expect("a session task panicked"));
    }
    assert_eq!(handle.sessions().active(), ENVIRONMENTS.len() * PER_ENV);
    // The sessions really differed: isolation was tested on distinct data.
    let mut episodes: Vec<String> = finals
        .iter()
        .map(|s| format!("{}/{}/{}", s["env"], s["task"], s["seed"]))
        .collect();
    episodes.sort();
    episodes.dedup();
    assert!(episodes.len() > finals.len() / 2, "{episodes:?}");
}
