//! A fake OpenAI-compatible chat completions server on 127.0.0.1, for the
//! tests of `deskbench inference` (in-process) and its benchmark
//! (`server/examples/fake_model.rs`). It answers after an optional delay,
//! reports `usage` for every reply (a deterministic function of the
//! request) and keeps the totals it reported, and plays one of:
//! - a script: one scripted answer per call, in order;
//! - an oracle: the reference policy's actions of known scenarios, found by
//!   the first observation in the conversation, as JSON text or as tool
//!   calls (whichever the request asks for: it has `tools` or not);
//! - a constant player: `inspect`, then a fixed answer (productivity), for
//!   any scenario.
//!
//! Faults, decided by the request alone so that any order of calls gives
//! the same run: a share of requests fails the first time it is seen (429
//! with `retry-after-ms`, or 500), the retry succeeds; named scenarios
//! always fail (503) or stall.

#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use env_wasm::agent::{Conversation, Protocol, Usage};
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

/// One scripted answer.
#[derive(Debug, Clone)]
pub(crate) enum Turn {
    /// 200 with this assistant text.
    Reply(String),
    /// 200 with these tool calls (name, arguments as JSON text).
    Calls(Vec<(String, String)>),
    /// This status with an OpenAI-style error body.
    Status(u16),
    /// The answer, after this long.
    Slow(Duration, Box<Turn>),
    /// 200 with a body that is not JSON.
    NotJson,
}

/// Who answers.
#[derive(Debug)]
pub(crate) enum Player {
    Script(VecDeque<Turn>),
    /// First observation (JSON text) -> (environment, reference actions).
    Oracle(BTreeMap<String, (&'static str, Vec<Value>)>),
    /// `inspect`, then this answer as `final`, for any productivity scenario.
    Constant(Value),
}

/// Faults of an oracle or constant player.
#[derive(Debug, Default, Clone)]
pub(crate) struct Faults {
    /// Every this-many-th distinct request fails the first time (0: none).
    pub one_in: u64,
    /// First observations whose every call fails with 503.
    pub always_fail: BTreeSet<String>,
    /// First observations whose calls take this long.
    pub stall: BTreeMap<String, Duration>,
}

#[derive(Debug)]
pub(crate) struct Fake {
    player: Mutex<Player>,
    faults: Faults,
    latency: Duration,
    /// Keep every call (tests); the benchmark keeps none.
    record: bool,
    calls: Mutex<Vec<(String, Value)>>,
    seen: Mutex<BTreeSet<u64>>,
    reported: Mutex<Usage>,
    answered: Mutex<u64>,
}

impl Fake {
    pub(crate) fn new(player: Player) -> Self {
        Fake {
            player: Mutex::new(player),
            faults: Faults::default(),
            latency: Duration::ZERO,
            record: true,
            calls: Mutex::new(Vec::new()),
            seen: Mutex::new(BTreeSet::new()),
            reported: Mutex::new(Usage::default()),
            answered: Mutex::new(0),
        }
    }

    pub(crate) fn with_faults(mut self, faults: Faults) -> Self {
        self.faults = faults;
        self
    }

    pub(crate) fn with_latency(mut self, latency: Duration) -> Self {
        self.latency = latency;
        self
    }

    pub(crate) fn unrecorded(mut self) -> Self {
        self.record = false;
        self
    }

    /// (Authorization header, request body) of every call.
    pub(crate) fn calls(&self) -> Vec<(String, Value)> {
        self.calls.lock().map(|c| c.clone()).unwrap_or_default()
    }

    /// The usage it reported, summed over its successful replies.
    pub(crate) fn reported(&self) -> Usage {
        self.reported.lock().map(|u| *u).unwrap_or_default()
    }

    /// Successful replies.
    pub(crate) fn answered(&self) -> u64 {
        self.answered.lock().map(|a| *a).unwrap_or_default()
    }
}

/// The reference actions of an episode, and its first observation.
pub(crate) fn reference_play(
    env_id: &str,
    task: &str,
    difficulty: u8,
    seed: u64,
) -> (String, Vec<Value>) {
    let info = env_wasm::registry::find(env_id).expect("a registered environment");
    let mut env = AnyEnv::of(info);
    let first = env
        .reset(
            &json!({"task": task, "seed": seed, "difficulty": difficulty}),
            ResetDefaults::default(),
        )
        .expect("reset");
    let mut actions = Vec::new();
    while !env.is_done() {
        let Some(action) = env.reference_action() else {
            break;
        };
        env.step(&action).expect("the reference is accepted");
        actions.push(action);
    }
    (first.observation.json().to_owned(), actions)
}

/// An oracle for these episodes: (environment, task, level, seed).
pub(crate) fn oracle(episodes: &[(&'static str, &str, u8, u64)]) -> Player {
    let mut known = BTreeMap::new();
    for &(env, task, difficulty, seed) in episodes {
        let (first, actions) = reference_play(env, task, difficulty, seed);
        known.insert(first, (env, actions));
    }
    Player::Oracle(known)
}

/// The first observation (JSON text) of a conversation, as the runner's
/// first user message holds it.
fn first_observation(request: &Value, known: impl Fn(&str) -> bool) -> Option<String> {
    let first = request.pointer("/messages/1/content")?.as_str()?;
    let protocol = if request.get("tools").is_some() {
        Protocol::ToolCalls
    } else {
        Protocol::Text
    };
    // The runner writes `Observation:\n{json}\n\n{ask}`: find the JSON whose
    // message is exactly this one.
    let body = first.strip_prefix("Observation:\n")?;
    let (observation, _) = body.rsplit_once("\n\n")?;
    let message = Conversation::new(protocol, String::new(), observation, &[]);
    (message.messages()[1].content == first && known(observation)).then(|| observation.to_owned())
}

fn hash(text: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

fn usage_of(request: &Value, reply_chars: usize) -> Usage {
    let prompt_chars: usize = request["messages"]
        .as_array()
        .map(|m| {
            m.iter()
                .map(|m| m["content"].as_str().map_or(0, str::len))
                .sum()
        })
        .unwrap_or(0);
    Usage {
        prompt_tokens: (prompt_chars / 4 + 1) as u64,
        completion_tokens: (reply_chars / 4 + 1) as u64,
    }
}

/// The action of the oracle's episode at this turn: after the replies the
/// request holds. When the runner left old turns out of the request, the
/// first reply it kept says how many: it is the oracle's own action of
/// that turn.
fn next_action(env_id: &str, request: &Value, actions: &[Value]) -> Option<Value> {
    let tools = request.get("tools").is_some();
    let replies: Vec<&Value> = request["messages"]
        .as_array()?
        .iter()
        .filter(|m| m["role"] == "assistant")
        .collect();
    let dropped = replies
        .first()
        .and_then(|first| {
            actions
                .iter()
                .position(|a| same_reply(&as_turn(env_id, a, tools), first))
        })
        .unwrap_or(0);
    actions.get(dropped + replies.len()).cloned()
}

/// Whether the assistant message `reply` is `turn` as the fake sent it.
fn same_reply(turn: &Turn, reply: &Value) -> bool {
    let parsed = |text: &str| serde_json::from_str::<Value>(text).ok();
    match turn {
        Turn::Reply(text) => reply["content"].as_str().and_then(parsed) == parsed(text),
        Turn::Calls(calls) => calls.first().is_some_and(|(name, arguments)| {
            let call = &reply["tool_calls"][0]["function"];
            call["name"] == name.as_str()
                && call["arguments"].as_str().and_then(parsed) == parsed(arguments)
        }),
        _ => false,
    }
}

/// `action` the way the request asks: text, or a tool call.
fn as_turn(env_id: &str, action: &Value, tools: bool) -> Turn {
    if !tools {
        return Turn::Reply(action.to_string());
    }
    let info = env_wasm::registry::find(env_id).expect("env");
    match info.tool_call(action) {
        Some(call) => Turn::Calls(vec![(call.name, Value::Object(call.arguments).to_string())]),
        None => Turn::Reply(format!("no tool plays {action}")),
    }
}

impl Fake {
    fn answer(&self, request: &Value, body: &str) -> Turn {
        let scenario = {
            let Ok(mut player) = self.player.lock() else {
                return Turn::Status(500);
            };
            match &mut *player {
                Player::Script(script) => return script.pop_front().unwrap_or(Turn::Status(400)),
                Player::Oracle(known) => first_observation(request, |o| known.contains_key(o))
                    .and_then(|first| {
                        let (env, actions) = known.get(&first)?.clone();
                        Some((first, env, actions))
                    }),
                Player::Constant(answer) => first_observation(request, |_| true).map(|first| {
                    let actions = vec![
                        json!({"raw": "inspect"}),
                        json!({"raw": format!("final: {answer}")}),
                    ];
                    (first, "productivity", actions)
                }),
            }
        };
        let Some((first, env, actions)) = scenario else {
            return Turn::Reply("I do not know this scenario.".to_owned());
        };
        if self.faults.always_fail.contains(&first) {
            return Turn::Status(503);
        }
        if self.faults.one_in > 0
            && let Ok(mut seen) = self.seen.lock()
            && seen.insert(hash(body))
        {
            // Every n-th new request fails, alternately with 429 and 500:
            // how many fail does not depend on the order they come in.
            let distinct = seen.len() as u64;
            if distinct.is_multiple_of(self.faults.one_in) {
                return if (distinct / self.faults.one_in) % 2 == 1 {
                    Turn::Status(429)
                } else {
                    Turn::Status(500)
                };
            }
        }
        let turn = match next_action(env, request, &actions) {
            Some(action) => as_turn(env, &action, request.get("tools").is_some()),
            None => Turn::Reply("I have nothing left to do.".to_owned()),
        };
        match self.faults.stall.get(&first) {
            Some(wait) => Turn::Slow(*wait, Box::new(turn)),
            None => turn,
        }
    }

    fn completion(&self, request: &Value, message: Value, reply_chars: usize) -> Response {
        let usage = usage_of(request, reply_chars);
        if let Ok(mut reported) = self.reported.lock() {
            *reported += usage;
        }
        if let Ok(mut answered) = self.answered.lock() {
            *answered += 1;
        }
        let finish = if message.get("tool_calls").is_some() {
            "tool_calls"
        } else {
            "stop"
        };
        Json(json!({
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "model": request["model"],
            "choices": [{"index": 0, "finish_reason": finish, "message": message}],
            "usage": {"prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens,
                      "total_tokens": usage.total()},
        }))
        .into_response()
    }

    async fn respond(&self, request: &Value, turn: Turn) -> Response {
        match turn {
            Turn::Reply(text) => self.completion(
                request,
                json!({"role": "assistant", "content": text}),
                text.len(),
            ),
            Turn::Calls(calls) => {
                let turn = request["messages"]
                    .as_array()
                    .map_or(0, |m| m.iter().filter(|m| m["role"] == "assistant").count());
                let chars = calls.iter().map(|(n, a)| n.len() + a.len()).sum();
                let calls: Vec<Value> = calls
                    .iter()
                    .enumerate()
                    .map(|(i, (name, arguments))| {
                        json!({"id": format!("call_{turn}_{i}"), "type": "function",
                               "function": {"name": name, "arguments": arguments}})
                    })
                    .collect();
                self.completion(
                    request,
                    json!({"role": "assistant", "content": null, "tool_calls": calls}),
                    chars,
                )
            }
            Turn::Status(code) => {
                let mut response = (
                    StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
                    Json(json!({"error": {"message": format!("scripted failure {code}")}})),
                )
                    .into_response();
                if code == 429
                    && let Ok(value) = "50".parse()
                {
                    response.headers_mut().insert("retry-after-ms", value);
                }
                response
            }
            Turn::Slow(wait, turn) => {
                tokio::time::sleep(wait).await;
                Box::pin(self.respond(request, *turn)).await
            }
            Turn::NotJson => (StatusCode::OK, "<html>upstream hiccup</html>").into_response(),
        }
    }
}

async fn completions(State(fake): State<Arc<Fake>>, headers: HeaderMap, body: String) -> Response {
    let request: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    if fake.record {
        let auth = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        if let Ok(mut calls) = fake.calls.lock() {
            calls.push((auth, request.clone()));
        }
    }
    let turn = fake.answer(&request, &body);
    if !fake.latency.is_zero() {
        tokio::time::sleep(fake.latency).await;
    }
    fake.respond(&request, turn).await
}

/// Serve `fake` on `listener`; its API root is `http://{addr}/v1`. It
/// answers any origin's CORS preflight, as hosted APIs do, so the page's
/// "Run a model" can call it from the DeskBench server's origin.
pub(crate) async fn serve(fake: Arc<Fake>, listener: tokio::net::TcpListener) {
    let app = Router::new()
        .route("/v1/chat/completions", post(completions))
        .layer(tower_http::cors::CorsLayer::permissive())
        .with_state(fake);
    let _ = axum::serve(listener, app).await;
}

/// Serve `fake` on a free loopback port, in the background: its API root.
pub(crate) async fn start(fake: Arc<Fake>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr: SocketAddr = listener.local_addr().expect("addr");
    tokio::spawn(serve(fake, listener));
    format!("http://{addr}/v1")
}
