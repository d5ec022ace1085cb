//! The optional LLM judge of `it_mental_health`, against a fake
//! OpenAI-compatible judge started here on 127.0.0.1 with scripted replies
//! (a verdict, prose without JSON, a score out of range, a 401 quoting the
//! key, a reply slower than the timeout).
//!
//! Checked, over HTTP `/step` and `/ws`, on the root mount and on
//! `/envs/it_mental_health`: a judged step carries `llm_judge` with the
//! judge's verdict while everything else in the result (reward,
//! `terminal_grader`) is exactly the seam's; the judge is asked about the
//! observation the agent answered; a failing judge gives `score: null` and
//! an error in a successful step; other environments and a server without
//! a judge never call it; the key is in no response, header or log line;
//! pings and other requests are answered while a slow verdict is awaited.
//! Every test runs on a current-thread runtime shared with the fake, so a
//! judge call that blocked the runtime would stall the test and fail it.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use env_wasm::{AnyEnv, ResetDefaults, registry};
use futures_util::{SinkExt, StreamExt};
use http_body_util::BodyExt;
use judge::{ApiKey, JudgeConfig};
use serde::Serialize;
use serde_json::{Value, json};
use server::Config;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;
use tokio::process::Command;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tower::ServiceExt;

#[path = "support/listening.rs"]
mod listening;

const ENV: &str = "it_mental_health";
/// Distinctive enough that finding it anywhere is a leak.
const KEY: &str = "sk-judge-7f3a9c-never-echo";
const MODEL: &str = "judge-test-model";
/// A bound on every wait, so a broken server fails instead of hanging.
const WAIT: Duration = Duration::from_secs(20);
const SEED: u64 = 11;
/// The judge's limit in the failure tests, and the fake's slow reply: far past it.
const SHORT_TIMEOUT: Duration = Duration::from_millis(400);
const SLOW: Duration = Duration::from_secs(3);
/// The slow verdict of the ping test (the judge waits for it).
const PATIENT: Duration = Duration::from_millis(1500);

// ---------------------------------------------------------------------------
// The fake judge

#[derive(Debug, Clone)]
enum Turn {
    /// 200 with this assistant message.
    Reply(String),
    /// The reply, after a delay.
    Slow(Duration, String),
    /// This status with an error body quoting the key and the URL, as
    /// careless proxies do.
    Status(u16),
}

fn verdict(score: f64, rationale: &str) -> Turn {
    Turn::Reply(json!({ "score": score, "rationale": rationale }).to_string())
}

#[derive(Clone, Default)]
struct Fake {
    script: Arc<Mutex<VecDeque<Turn>>>,
    /// (Authorization header, request body) of every call.
    calls: Arc<Mutex<Vec<(String, Value)>>>,
    base: Arc<Mutex<String>>,
}

impl Fake {
    fn calls(&self) -> Vec<(String, Value)> {
        self.calls.lock().expect("calls").clone()
    }

    fn base(&self) -> String {
        self.base.lock().expect("base").clone()
    }

    /// The user message of call `i`.
    fn prompt(&self, i: usize) -> String {
        let calls = self.calls();
        let (auth, body) = calls.get(i).unwrap_or_else(|| panic!("no call {i}"));
        assert_eq!(auth, &format!("Bearer {KEY}"));
        assert_eq!(body["model"], MODEL);
        assert_eq!(body["messages"][0]["role"], "system");
        body["messages"][1]["content"]
            .as_str()
            .expect("user prompt")
            .to_owned()
    }

    fn config(&self, timeout: Duration) -> JudgeConfig {
        JudgeConfig {
            base_url: self.base(),
            model: MODEL.to_owned(),
            api_key: ApiKey::new(KEY),
            timeout,
        }
    }
}

fn completion(content: &str) -> Response {
    Json(json!({
        "id": "chatcmpl-judge",
        "object": "chat.completion",
        "model": MODEL,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
    }))
    .into_response()
}

async fn completions(State(fake): State<Fake>, headers: HeaderMap, body: String) -> Response {
    let auth = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let body: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
    fake.calls.lock().expect("calls").push((auth, body));
    let turn = fake.script.lock().expect("script").pop_front();
    match turn {
        Some(Turn::Reply(text)) => completion(&text),
        Some(Turn::Slow(delay, text)) => {
            tokio::time::sleep(delay).await;
            completion(&text)
        }
        Some(Turn::Status(code)) => (
            StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            Json(json!({"error": {"message": format!(
                "Incorrect API key provided: {KEY} (at {}/chat/completions)", fake.base()
            )}})),
        )
            .into_response(),
        None => (
            StatusCode::BAD_REQUEST,
            Json(json!({"error": {"message": "the script is exhausted"}})),
        )
            .into_response(),
    }
}

async fn listen(app: Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

async fn fake_judge(script: Vec<Turn>) -> Fake {
    let fake = Fake {
        script: Arc::new(Mutex::new(script.into())),
        ..Fake::default()
    };
    let app = Router::new()
        .route("/v1/chat/completions", post(completions))
        .with_state(fake.clone());
    *fake.base.lock().expect("base") = format!("http://{}/v1", listen(app).await);
    fake
}

// ---------------------------------------------------------------------------
// The server under test, over HTTP (oneshot) and /ws (a real socket)

fn config(default_env: &str, judge: Option<JudgeConfig>) -> Config {
    Config {
        web_dist: PathBuf::from("/nonexistent/deskbench-dist"),
        default_env: registry::find(default_env).expect("registered"),
        judge,
        ..Config::default()
    }
}

fn assert_no_key(text: &str) {
    assert!(!text.contains(KEY), "the judge's key leaked: {text}");
}

struct Reply {
    status: StatusCode,
    body: Value,
    session: Option<String>,
}

async fn http(app: &Router, method: Method, uri: &str, session: Option<&str>, body: &str) -> Reply {
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(id) = session {
        request = request.header("x-session-id", id);
    }
    let request = request.body(Body::from(body.to_owned())).expect("request");
    let response = tokio::time::timeout(WAIT, app.clone().oneshot(request))
        .await
        .expect("a reply within the wait")
        .expect("infallible");
    for (name, value) in response.headers() {
        assert_no_key(&format!(
            "{name}: {}",
            String::from_utf8_lossy(value.as_bytes())
        ));
    }
    let status = response.status();
    let session = response
        .headers()
        .get("x-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    assert_no_key(&text);
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    Reply {
        status,
        body,
        session,
    }
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn serve(config: Config) -> String {
    let (app, _handle) = server::build(config);
    format!("127.0.0.1:{}", listen(app).await.port())
}

async fn connect(addr: &str, path: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .expect("connect");
    ws
}

/// The next frame within the wait; pings and pongs included.
async fn frame(ws: &mut Ws) -> Message {
    tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("a frame within the wait")
        .expect("the socket is open")
        .expect("a frame")
}

async fn reply(ws: &mut Ws) -> Value {
    loop {
        match frame(ws).await {
            Message::Ping(_) | Message::Pong(_) => continue,
            Message::Text(text) => {
                assert_no_key(text.as_str());
                return serde_json::from_str(text.as_str()).expect("reply is JSON");
            }
            other => panic!("expected a text reply, got {other:?}"),
        }
    }
}

async fn ask(ws: &mut Ws, message: &Value) -> Value {
    ws.send(Message::text(message.to_string()))
        .await
        .expect("send");
    reply(ws).await
}

// ---------------------------------------------------------------------------
// The same episode on the seam, with no server and no judge

/// JSON as the server writes it, read back as the tests read replies.
fn wire<T: Serialize>(value: &T) -> Value {
    serde_json::from_str(&serde_json::to_string(value).expect("serialise")).expect("parse")
}

fn local(task: &str) -> AnyEnv {
    let mut env = AnyEnv::new(ENV).expect("registered");
    env.reset(
        &json!({ "seed": SEED, "task": task }),
        ResetDefaults::default(),
    )
    .expect("reset");
    env
}

/// The answers the tests give: the reference for the first task, a weak
/// one for the second, the reference again for the third.
fn answer(env: &AnyEnv, step: usize) -> Value {
    if step == 1 {
        let task = env.state()["current_task"].clone();
        json!({ "response": "Everyone seems fine to me; no action needed this month.", "task_id": task })
    } else {
        env.reference_action().expect("a task on show")
    }
}

/// The server's result without `llm_judge`, and the verdict.
fn split(result: &Value) -> (Value, Option<Value>) {
    let mut result = result.clone();
    let verdict = result["observation"]
        .as_object_mut()
        .and_then(|o| o.remove("llm_judge"));
    (result, verdict)
}

fn assert_verdict(verdict: Option<Value>, score: f64, rationale: &str) {
    assert_eq!(
        verdict,
        Some(json!({ "model": MODEL, "score": score, "rationale": rationale, "error": null }))
    );
}

/// A failed verdict: no score, and a reason that quotes neither the key
/// nor the judge's address.
fn assert_failed(verdict: Option<Value>, fake: &Fake, reason: &str) {
    let verdict = verdict.expect("llm_judge is present");
    assert_eq!(verdict["model"], MODEL, "{verdict}");
    assert_eq!(verdict["score"], Value::Null, "{verdict}");
    assert_eq!(verdict["rationale"], Value::Null, "{verdict}");
    let error = verdict["error"].as_str().expect("an error");
    assert!(error.contains(reason), "{error} should say {reason:?}");
    assert!(!error.contains(&fake.base()), "{error}");
}

/// The judge was asked about `shown` (the observation the agent answered)
/// and `action`'s answer.
fn assert_asked_about(prompt: &str, shown: &Value, action: &Value) {
    let scenario = shown["scenario"].as_str().expect("scenario");
    assert!(
        prompt.contains(scenario),
        "the prompt lacks the case:\n{prompt}"
    );
    let task = shown["task_id"].as_str().expect("task_id");
    assert!(prompt.contains(&format!("Task: {task}")), "{prompt}");
    assert_eq!(action["task_id"], task);
    let quoted = Value::String(action["response"].as_str().expect("response").to_owned());
    assert!(
        prompt.contains(&quoted.to_string()),
        "the prompt lacks the answer:\n{prompt}"
    );
}

// ---------------------------------------------------------------------------
// Judged steps

#[tokio::test]
async fn http_steps_carry_the_verdict_and_keep_the_seams_reward() {
    let scores = [
        (0.8, "Grounded and complete."),
        (0.1, "No triage at all."),
        (0.65, "Plan is generic."),
    ];
    let fake = fake_judge(
        [scores, scores]
            .concat()
            .iter()
            .map(|(s, r)| verdict(*s, r))
            .collect(),
    )
    .await;
    let (app, _handle) = server::build(config(ENV, Some(fake.config(WAIT))));
    for (round, prefix) in ["", "/envs/it_mental_health"].into_iter().enumerate() {
        let mut env = local("full_episode");
        let reset = http(
            &app,
            Method::POST,
            &format!("{prefix}/reset"),
            None,
            &json!({ "seed": SEED }).to_string(),
        )
        .await;
        assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
        let session = reset.session.expect("a session id");
        let mut shown = reset.body["observation"].clone();
        for (step, (score, rationale)) in scores.iter().enumerate() {
            let action = answer(&env, step);
            let want = wire(&env.step(&action).expect("the seam accepts it"));
            let got = http(
                &app,
                Method::POST,
                &format!("{prefix}/step"),
                Some(&session),
                &json!({ "action": action }).to_string(),
            )
            .await;
            assert_eq!(got.status, StatusCode::OK, "{}", got.body);
            let (result, verdict) = split(&got.body);
            assert_eq!(
                result, want,
                "{prefix} step {step}: the judge changed the result"
            );
            assert_verdict(verdict, *score, rationale);
            assert_asked_about(&fake.prompt(round * 3 + step), &shown, &action);
            shown = result["observation"].clone();
        }
        assert!(shown["terminal_grader"].is_number(), "{prefix}: {shown}");
    }
    assert_eq!(fake.calls().len(), 6);
}

#[tokio::test]
async fn compat_steps_carry_the_verdict_in_their_metadata() {
    let scores = [(0.7, "Sound."), (0.2, "Thin."), (0.9, "Specific.")];
    let fake = fake_judge(scores.iter().map(|(s, r)| verdict(*s, r)).collect()).await;
    let (app, _handle) = server::build(config(ENV, Some(fake.config(WAIT))));
    let prefix = "/compat/it_mental_health";
    let reset = http(
        &app,
        Method::POST,
        &format!("{prefix}/reset"),
        None,
        &json!({ "seed": SEED }).to_string(),
    )
    .await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.body);
    let session = reset.session.expect("a session id");
    let mut env = local("full_episode");
    for (step, (score, rationale)) in scores.iter().enumerate() {
        let action = answer(&env, step);
        let want = env.step(&action).expect("the seam accepts it");
        // The seed's step body is the action itself.
        let got = http(
            &app,
            Method::POST,
            &format!("{prefix}/step"),
            Some(&session),
            &action.to_string(),
        )
        .await;
        assert_eq!(got.status, StatusCode::OK, "{}", got.body);
        assert_eq!(
            got.body["reward"],
            json!(want.reward),
            "step {step}: the judge changed the reward"
        );
        assert_verdict(
            got.body["metadata"].get("llm_judge").cloned(),
            *score,
            rationale,
        );
    }
    assert_eq!(fake.calls().len(), 3);
}

#[tokio::test]
async fn ws_steps_carry_the_verdict_and_keep_the_seams_reward() {
    let scores = [(0.9, "Sound."), (0.0, "Wrong tiers."), (0.5, "Half there.")];
    let fake = fake_judge(
        [scores, scores]
            .concat()
            .iter()
            .map(|(s, r)| verdict(*s, r))
            .collect(),
    )
    .await;
    let addr = serve(config(ENV, Some(fake.config(WAIT)))).await;
    for (round, path) in ["/ws", "/envs/it_mental_health/ws"].into_iter().enumerate() {
        let mut ws = connect(&addr, path).await;
        let mut env = local("full_episode");
        let reset = ask(
            &mut ws,
            &json!({ "type": "reset", "data": { "seed": SEED } }),
        )
        .await;
        assert_eq!(reset["type"], "observation", "{reset}");
        let mut shown = reset["data"]["observation"].clone();
        for (step, (score, rationale)) in scores.iter().enumerate() {
            let action = answer(&env, step);
            let want = wire(&env.step(&action).expect("the seam accepts it"));
            let got = ask(&mut ws, &json!({ "type": "step", "data": action })).await;
            assert_eq!(got["type"], "observation", "{got}");
            let (result, verdict) = split(&got["data"]);
            assert_eq!(
                result, want,
                "{path} step {step}: the judge changed the result"
            );
            assert_verdict(verdict, *score, rationale);
            assert_asked_about(&fake.prompt(round * 3 + step), &shown, &action);
            shown = result["observation"].clone();
        }
        // Refusals are not judged: no call, the usual error frame.
        let late = json!({ "response": "One more answer.", "task_id": "intervention_plan" });
        let refused = ask(&mut ws, &json!({ "type": "step", "data": late })).await;
        assert_eq!(refused["type"], "error", "{refused}");
        let state = ask(&mut ws, &json!({ "type": "state" })).await;
        assert_eq!(state["data"]["step_count"], 3, "{state}");
    }
    assert_eq!(fake.calls().len(), 6);
}

// ---------------------------------------------------------------------------
// A failing judge

#[tokio::test]
async fn a_failing_judge_gives_a_null_score_and_the_step_still_succeeds() {
    let cases: [(Turn, Option<&str>); 5] = [
        (
            Turn::Reply("This answer looks solid, 8/10.".to_owned()),
            Some("no JSON object"),
        ),
        (
            verdict(7.0, "Generous."),
            Some("`score` must be a number from 0 to 1"),
        ),
        (Turn::Status(401), Some("HTTP 401")),
        (
            Turn::Slow(SLOW, r#"{"score": 1}"#.to_owned()),
            Some("timeout"),
        ),
        // A verdict whose rationale quotes the key still counts, redacted.
        (verdict(0.3, &format!("The header said {KEY}.")), None),
    ];
    let fake = fake_judge(cases.iter().map(|(turn, _)| turn.clone()).collect()).await;
    let (app, _handle) = server::build(config("productivity", Some(fake.config(SHORT_TIMEOUT))));
    for (turn, reason) in &cases {
        let mut env = local("burnout_detection");
        let reset = http(
            &app,
            Method::POST,
            "/envs/it_mental_health/reset",
            None,
            &json!({ "seed": SEED, "task": "burnout_detection" }).to_string(),
        )
        .await;
        let session = reset.session.expect("a session id");
        let action = env.reference_action().expect("a task");
        let want = wire(&env.step(&action).expect("accepted"));
        let started = Instant::now();
        let got = http(
            &app,
            Method::POST,
            "/envs/it_mental_health/step",
            Some(&session),
            &json!({ "action": action }).to_string(),
        )
        .await;
        assert_eq!(got.status, StatusCode::OK, "{turn:?}: {}", got.body);
        let (result, verdict) = split(&got.body);
        assert_eq!(result, want, "{turn:?}");
        assert_eq!(result["done"], true);
        match reason {
            Some(reason) => assert_failed(verdict, &fake, reason),
            None => assert_verdict(verdict, 0.3, "The header said [redacted]."),
        }
        assert!(
            started.elapsed() < SLOW,
            "{turn:?}: the step waited past the judge's timeout"
        );
    }
    assert_eq!(fake.calls().len(), cases.len());
}

#[tokio::test]
async fn a_failing_judge_over_ws_keeps_the_session() {
    let fake = fake_judge(vec![
        Turn::Slow(SLOW, r#"{"score": 1}"#.to_owned()),
        Turn::Reply("{\"score\": ".to_owned()),
    ])
    .await;
    let addr = serve(config(ENV, Some(fake.config(SHORT_TIMEOUT)))).await;
    let mut ws = connect(&addr, "/envs/it_mental_health/ws").await;
    let mut env = local("full_episode");
    ask(
        &mut ws,
        &json!({ "type": "reset", "data": { "seed": SEED } }),
    )
    .await;
    for (step, reason) in ["timeout", "no JSON object"].into_iter().enumerate() {
        let action = answer(&env, step);
        let want = wire(&env.step(&action).expect("accepted"));
        let got = ask(&mut ws, &json!({ "type": "step", "data": action })).await;
        let (result, verdict) = split(&got["data"]);
        assert_eq!(result, want);
        assert_failed(verdict, &fake, reason);
    }
    let state = ask(&mut ws, &json!({ "type": "state" })).await;
    assert_eq!(state["data"]["step_count"], 2, "{state}");
}

// ---------------------------------------------------------------------------
// Who is judged

#[tokio::test]
async fn other_environments_are_never_judged() {
    let fake = fake_judge(vec![verdict(1.0, "should never be asked")]).await;
    let (app, _handle) = server::build(config("productivity", Some(fake.config(WAIT))));
    for prefix in ["", "/envs/productivity", "/envs/support_triage"] {
        let env_id = if prefix.is_empty() {
            "productivity"
        } else {
            &prefix[6..]
        };
        let mut env = AnyEnv::new(env_id).expect("registered");
        env.reset(&json!({ "seed": SEED }), ResetDefaults::default())
            .expect("reset");
        let reset = http(
            &app,
            Method::POST,
            &format!("{prefix}/reset"),
            None,
            r#"{"seed": 11}"#,
        )
        .await;
        let session = reset.session.expect("a session id");
        let action = env.reference_action().expect("an action");
        let got = http(
            &app,
            Method::POST,
            &format!("{prefix}/step"),
            Some(&session),
            &json!({ "action": action }).to_string(),
        )
        .await;
        assert_eq!(got.status, StatusCode::OK, "{}", got.body);
        assert_eq!(got.body["observation"].get("llm_judge"), None, "{prefix}");
        let metadata = http(&app, Method::GET, &format!("{prefix}/metadata"), None, "").await;
        assert_eq!(metadata.body["llm_judge"], false, "{prefix}");
    }
    let addr = serve(config("productivity", Some(fake.config(WAIT)))).await;
    let mut ws = connect(&addr, "/ws").await;
    ask(
        &mut ws,
        &json!({ "type": "reset", "data": { "seed": SEED } }),
    )
    .await;
    let step = ask(
        &mut ws,
        &json!({ "type": "step", "data": { "raw": "inspect" } }),
    )
    .await;
    assert_eq!(step["type"], "observation", "{step}");
    assert_eq!(step["data"]["observation"].get("llm_judge"), None);

    // Only it_mental_health says it is judged, and documents the field.
    let metadata = http(
        &app,
        Method::GET,
        "/envs/it_mental_health/metadata",
        None,
        "",
    )
    .await;
    assert_eq!(metadata.body["llm_judge"], true);
    for doc in ["openapi.json", "schema"] {
        let judged = http(
            &app,
            Method::GET,
            &format!("/envs/it_mental_health/{doc}"),
            None,
            "",
        )
        .await;
        assert!(observation_declares_the_verdict(&judged.body), "{doc}");
        assert!(!judged.body.to_string().contains(&fake.base()), "{doc}");
        let other = http(&app, Method::GET, &format!("/{doc}"), None, "").await;
        assert!(!observation_declares_the_verdict(&other.body), "{doc}");
    }
    // Errors say nothing of the judge either.
    let bad = http(
        &app,
        Method::POST,
        "/envs/it_mental_health/step",
        None,
        r#"{"action": 1}"#,
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(fake.calls().len(), 0);
}

/// Whether the observation schema of a `/schema` or `/openapi.json` body
/// has the `llm_judge` field (`/metadata`'s `llm_judge` flag, documented in
/// both, is another thing).
fn observation_declares_the_verdict(doc: &Value) -> bool {
    let observation = match doc.get("components") {
        Some(components) => &components["schemas"]["Observation"],
        None => &doc["observation"],
    };
    assert!(observation["properties"].is_object(), "{observation}");
    observation["properties"].get("llm_judge").is_some()
}

#[tokio::test]
async fn without_a_judge_there_is_no_field() {
    let (app, _handle) = server::build(config(ENV, None));
    let env = local("burnout_detection");
    for prefix in ["", "/envs/it_mental_health"] {
        let reset = http(
            &app,
            Method::POST,
            &format!("{prefix}/reset"),
            None,
            &json!({ "seed": SEED, "task": "burnout_detection" }).to_string(),
        )
        .await;
        let action = env.reference_action().expect("a task");
        let got = http(
            &app,
            Method::POST,
            &format!("{prefix}/step"),
            reset.session.as_deref(),
            &json!({ "action": action }).to_string(),
        )
        .await;
        assert_eq!(got.status, StatusCode::OK, "{}", got.body);
        assert_eq!(got.body["observation"].get("llm_judge"), None);
        let metadata = http(&app, Method::GET, &format!("{prefix}/metadata"), None, "").await;
        assert_eq!(metadata.body["llm_judge"], false);
        let openapi = http(
            &app,
            Method::GET,
            &format!("{prefix}/openapi.json"),
            None,
            "",
        )
        .await;
        assert!(!observation_declares_the_verdict(&openapi.body));
    }
    let addr = serve(config(ENV, None)).await;
    let mut ws = connect(&addr, "/ws").await;
    ask(
        &mut ws,
        &json!({ "type": "reset", "data": { "seed": SEED, "task": "burnout_detection" } }),
    )
    .await;
    let action = local("burnout_detection")
        .reference_action()
        .expect("a task");
    let step = ask(&mut ws, &json!({ "type": "step", "data": action })).await;
    assert_eq!(step["data"]["done"], true, "{step}");
    assert_eq!(step["data"]["observation"].get("llm_judge"), None);
}

// ---------------------------------------------------------------------------
// A slow verdict blocks nothing

#[tokio::test]
async fn pings_and_queued_messages_are_answered_in_order_while_the_judge_thinks() {
    let fake = fake_judge(vec![Turn::Slow(
        PATIENT,
        r#"{"score": 0.9, "rationale": "ok"}"#.to_owned(),
    )])
    .await;
    let addr = serve(config(ENV, Some(fake.config(WAIT)))).await;
    let mut ws = connect(&addr, "/ws").await;
    ask(
        &mut ws,
        &json!({ "type": "reset", "data": { "seed": SEED } }),
    )
    .await;
    let action = local("full_episode").reference_action().expect("a task");
    let started = Instant::now();
    ws.send(Message::text(
        json!({ "type": "step", "data": action }).to_string(),
    ))
    .await
    .expect("send");
    // Sent while the verdict is awaited: it must be answered after the step.
    ws.send(Message::text(r#"{"type": "state"}"#))
        .await
        .expect("send");
    tokio::time::sleep(Duration::from_millis(100)).await;
    ws.send(Message::Ping("still there?".into()))
        .await
        .expect("send");
    match frame(&mut ws).await {
        Message::Pong(payload) => assert_eq!(&payload[..], b"still there?"),
        other => panic!("expected the pong first, got {other:?}"),
    }
    assert!(
        started.elapsed() < PATIENT,
        "the pong waited for the judge ({:?})",
        started.elapsed()
    );
    let step = reply(&mut ws).await;
    assert_eq!(step["type"], "observation", "{step}");
    assert_eq!(
        step["data"]["observation"]["llm_judge"]["score"], 0.9,
        "{step}"
    );
    assert!(started.elapsed() >= PATIENT);
    let state = reply(&mut ws).await;
    assert_eq!(
        (state["type"].clone(), state["data"]["step_count"].clone()),
        (json!("state"), json!(1)),
        "{state}"
    );
    assert_eq!(fake.calls().len(), 1);
}

#[tokio::test]
async fn other_requests_are_served_while_an_http_step_awaits_its_verdict() {
    let fake = fake_judge(vec![Turn::Slow(PATIENT, r#"{"score": 0.4}"#.to_owned())]).await;
    let (app, _handle) = server::build(config(ENV, Some(fake.config(WAIT))));
    let reset = http(&app, Method::POST, "/reset", None, r#"{"seed": 11}"#).await;
    let session = reset.session.expect("a session id");
    let action = local("full_episode").reference_action().expect("a task");
    let started = Instant::now();
    let stepping = {
        let app = app.clone();
        let body = json!({ "action": action }).to_string();
        tokio::spawn(async move { http(&app, Method::POST, "/step", Some(&session), &body).await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let health = http(&app, Method::GET, "/health", None, "").await;
    assert_eq!(health.status, StatusCode::OK);
    let other = http(
        &app,
        Method::POST,
        "/envs/it_mental_health/reset",
        None,
        "{}",
    )
    .await;
    assert_eq!(other.status, StatusCode::OK);
    assert!(started.elapsed() < PATIENT, "requests waited for the judge");
    let step = stepping.await.expect("the step task");
    assert_eq!(step.status, StatusCode::OK);
    assert_eq!(
        step.body["observation"]["llm_judge"],
        json!({ "model": MODEL, "score": 0.4, "rationale": null, "error": null })
    );
}

// ---------------------------------------------------------------------------
// The binary: flags and variables, and its log

/// `deskbench serve --port 0` with `vars`; its address, and the process.
async fn start_binary(vars: &[(&str, &str)]) -> (String, tokio::process::Child) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_deskbench"));
    command
        .env_clear()
        .env("RUST_LOG", "debug")
        .envs(vars.iter().copied())
        .args([
            "serve",
            "--port",
            "0",
            "--web-dist",
            "/nonexistent/deskbench-dist",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let mut child = command.spawn().expect("deskbench runs");
    let addr = listening::listening_addr(&mut child, WAIT).await;
    (addr, child)
}

async fn stop(mut child: tokio::process::Child) -> String {
    child.start_kill().expect("kill");
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        tokio::time::timeout(WAIT, pipe.read_to_string(&mut stderr))
            .await
            .expect("stderr closes")
            .expect("read stderr");
    }
    let _ = child.wait().await;
    stderr
}

/// One burnout step over `/envs/it_mental_health/ws`; its observation.
async fn one_step(addr: &str) -> Value {
    let mut ws = connect(addr, "/envs/it_mental_health/ws").await;
    let data = json!({ "seed": SEED, "task": "burnout_detection" });
    ask(&mut ws, &json!({ "type": "reset", "data": data })).await;
    let action = local("burnout_detection")
        .reference_action()
        .expect("a task");
    let step = ask(&mut ws, &json!({ "type": "step", "data": action })).await;
    step["data"]["observation"].clone()
}

#[tokio::test]
async fn the_binary_reads_the_judge_from_its_environment_and_never_logs_the_key() {
    let fake = fake_judge(vec![verdict(0.7, "Fine."), Turn::Status(401)]).await;
    let base = fake.base();
    let judged = [
        ("JUDGE_BASE_URL", base.as_str()),
        ("JUDGE_MODEL", MODEL),
        ("JUDGE_API_KEY", KEY),
        ("JUDGE_TIMEOUT_SECS", "5"),
    ];
    let (addr, child) = start_binary(&judged).await;
    assert_eq!(one_step(&addr).await["llm_judge"]["score"], 0.7);
    let failed = one_step(&addr).await;
    assert_failed(failed.get("llm_judge").cloned(), &fake, "HTTP 401");
    let log = stop(child).await;
    assert!(log.contains("LLM judge on"), "{log}");
    assert!(log.contains("llm judge failed"), "{log}");
    assert_no_key(&log);
    assert_eq!(fake.calls().len(), 2);

    // Without the key the judge is off: a warning names what is missing,
    // and no call is made.
    let (addr, child) = start_binary(&judged[..2]).await;
    assert_eq!(one_step(&addr).await.get("llm_judge"), None);
    let log = stop(child).await;
    assert!(
        log.contains("LLM judge off: JUDGE_API_KEY not set"),
        "{log}"
    );
    assert_eq!(fake.calls().len(), 2);

    // --help shows the variables, not their values.
    let help = Command::new(env!("CARGO_BIN_EXE_deskbench"))
        .env_clear()
        .envs(judged.iter().copied())
        .args(["serve", "--help"])
        .output()
        .await
        .expect("deskbench runs");
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("JUDGE_API_KEY") && help.contains("--judge-timeout-secs"),
        "{help}"
    );
    assert_no_key(&help);
    assert!(!help.contains(&base), "{help}");
}
