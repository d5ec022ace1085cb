//! `deskbench inference`, run as the real binary against a fake
//! OpenAI-compatible server started here on 127.0.0.1 with scripted
//! replies: a 500 and a timeout (retried), a reply in a code fence with
//! prose and newlines, malformed JSON, an action the environment refuses,
//! a body that is not JSON, a 401 (not retried), an unreachable API, a
//! missing key and an unreachable environment server.
//!
//! Every stdout line must match the contract's regexes, in order
//! `[START]`, `[STEP]`..., `[END]` for every task; and replaying the
//! accepted actions on the seam must give the printed rewards and score.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Output;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use env_wasm::{AnyEnv, ResetDefaults};
use regex::Regex;
use serde_json::{Value, json};
use tokio::process::Command;

const RUN_LIMIT: Duration = Duration::from_secs(60);
const ENV: &str = "productivity";
const TASK: &str = "easy";
const SEED: u64 = 42;
/// The runner's limit on one model call in these tests, and how long the
/// fake's slow reply takes: well past it.
const TIMEOUT_SECS: &str = "0.5";
const SLOW: Duration = Duration::from_secs(5);

// ---------------------------------------------------------------------------
// The fake chat completions server

#[derive(Debug, Clone)]
enum Turn {
    /// 200 with this assistant message.
    Reply(String),
    /// This status with an OpenAI-style error body.
    Status(u16),
    /// The reply, after [`SLOW`].
    Slow(String),
    /// 200 with a body that is not JSON.
    NotJson,
}

#[derive(Clone, Default)]
struct Fake {
    script: Arc<Mutex<VecDeque<Turn>>>,
    /// (Authorization header, request body) of every call.
    calls: Arc<Mutex<Vec<(String, Value)>>>,
}

impl Fake {
    fn calls(&self) -> Vec<(String, Value)> {
        self.calls.lock().expect("calls").clone()
    }
}

fn completion(content: &str) -> Response {
    Json(json!({
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "model": "test-model",
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
        Some(Turn::Slow(text)) => {
            tokio::time::sleep(SLOW).await;
            completion(&text)
        }
        Some(Turn::Status(code)) => (
            StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            Json(json!({"error": {"message": format!("scripted failure {code}")}})),
        )
            .into_response(),
        Some(Turn::NotJson) => (StatusCode::OK, "<html>upstream hiccup</html>").into_response(),
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

/// A fake API playing `script`; its base URL (with `/v1`) and its handle.
async fn fake_api(script: Vec<Turn>) -> (String, Fake) {
    let fake = Fake {
        script: Arc::new(Mutex::new(script.into())),
        ..Fake::default()
    };
    let app = Router::new()
        .route("/v1/chat/completions", post(completions))
        .with_state(fake.clone());
    (format!("http://{}/v1", listen(app).await), fake)
}

async fn deskbench_server() -> String {
    let (app, _handle) = server::build(server::Config {
        web_dist: PathBuf::from("/nonexistent/deskbench-dist"),
        ..server::Config::default()
    });
    format!("http://{}", listen(app).await)
}

/// An address nobody listens on (bound, then freed).
async fn closed_port() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    listener.local_addr().expect("addr")
}

// ---------------------------------------------------------------------------
// Running the binary and reading its log

struct Run {
    api: String,
    key: Option<&'static str>,
    env_url: Option<String>,
    /// `--seed` (none: the run names its seeds in `extra`).
    seed: Option<u64>,
    extra: Vec<String>,
    trajectories: Option<PathBuf>,
}

impl Run {
    fn new(api: &str) -> Self {
        Run {
            api: api.to_owned(),
            key: Some("test-key"),
            env_url: None,
            seed: Some(SEED),
            extra: Vec::new(),
            trajectories: None,
        }
    }

    async fn output(self) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_deskbench"));
        // A clean environment: only what this run sets can reach it.
        command
            .env_clear()
            .env("RUST_LOG", "warn")
            .env("API_BASE_URL", &self.api)
            .env("MODEL_NAME", "test-model")
            .args(["inference", "--env", ENV])
            .args(
                self.seed
                    .map(|seed| vec!["--seed".to_owned(), seed.to_string()])
                    .unwrap_or_default(),
            )
            .args([
                "--timeout-secs",
                TIMEOUT_SECS,
                "--retries",
                "2",
                "--backoff-ms",
                "10",
            ])
            .args(&self.extra)
            .kill_on_drop(true);
        if !self.extra.iter().any(|a| a == "--task") {
            command.args(["--task", TASK]);
        }
        if let Some(key) = self.key {
            command.env("HF_TOKEN", key);
        }
        if let Some(url) = &self.env_url {
            command.env("ENV_BASE_URL", url);
        }
        if let Some(path) = &self.trajectories {
            command.arg("--trajectories").arg(path);
        }
        tokio::time::timeout(RUN_LIMIT, command.output())
            .await
            .expect("deskbench inference finished in time")
            .expect("deskbench runs")
    }
}

#[derive(Debug, Clone, PartialEq)]
struct StepLine {
    n: u32,
    action: String,
    reward: String,
    done: bool,
    error: String,
}

#[derive(Debug, Clone, PartialEq)]
struct Episode {
    task: String,
    env: String,
    model: String,
    steps: Vec<StepLine>,
    success: bool,
    score: String,
    rewards: Vec<String>,
}

/// Check every line of `stdout` against the contract and group them by task.
fn parse_log(stdout: &str) -> Vec<Episode> {
    let start = Regex::new(r"^\[START\] task=(\S+) env=(\S+) model=(\S+)$").expect("regex");
    let step = Regex::new(
        r"^\[STEP\] step=(\d+) action=(\S.*) reward=(-?\d+\.\d{2}) done=(true|false) error=(\S.*)$",
    )
    .expect("regex");
    let end = Regex::new(
        r"^\[END\] success=(true|false) steps=(\d+) score=(\d\.\d{3}) rewards=((?:-?\d+\.\d{2})(?:,-?\d+\.\d{2})*)?$",
    )
    .expect("regex");
    let mut episodes = Vec::new();
    let mut open: Option<Episode> = None;
    for line in stdout.lines() {
        if let Some(c) = start.captures(line) {
            assert!(open.is_none(), "[START] before the last [END]: {stdout}");
            open = Some(Episode {
                task: c[1].to_owned(),
                env: c[2].to_owned(),
                model: c[3].to_owned(),
                steps: Vec::new(),
                success: false,
                score: String::new(),
                rewards: Vec::new(),
            });
        } else if let Some(c) = step.captures(line) {
            let episode = open.as_mut().expect("[STEP] outside an episode");
            let n: u32 = c[1].parse().expect("step number");
            assert_eq!(
                n as usize,
                episode.steps.len() + 1,
                "step numbers run 1, 2, ..."
            );
            assert!(
                episode.steps.last().is_none_or(|s| !s.done),
                "a [STEP] after done=true: {stdout}"
            );
            episode.steps.push(StepLine {
                n,
                action: c[2].to_owned(),
                reward: c[3].to_owned(),
                done: &c[4] == "true",
                error: c[5].to_owned(),
            });
        } else if let Some(c) = end.captures(line) {
            let mut episode = open.take().expect("[END] outside an episode");
            episode.success = &c[1] == "true";
            assert_eq!(
                c[2].parse::<usize>().ok(),
                Some(episode.steps.len()),
                "{line}"
            );
            episode.score = c[3].to_owned();
            episode.rewards = c
                .get(4)
                .map(|r| r.as_str().split(',').map(str::to_owned).collect())
                .unwrap_or_default();
            let step_rewards: Vec<String> =
                episode.steps.iter().map(|s| s.reward.clone()).collect();
            assert_eq!(episode.rewards, step_rewards, "{line}");
            episodes.push(episode);
        } else {
            panic!("a line outside the contract: {line:?}\nin:\n{stdout}");
        }
    }
    assert!(open.is_none(), "an episode without [END]: {stdout}");
    episodes
}

/// Replay the accepted actions of `episode` on the seam: the printed
/// rewards and score must be the environment's own.
fn replay(episode: &Episode) {
    let info = env_wasm::registry::find(&episode.env).expect("a registered environment");
    let mut env = AnyEnv::of(info);
    env.reset(
        &json!({"task": episode.task, "seed": SEED}),
        ResetDefaults::default(),
    )
    .expect("reset");
    for step in episode.steps.iter().filter(|s| s.error == "null") {
        let action: Value = serde_json::from_str(&step.action).expect("the action is JSON");
        let result = env
            .step(&action)
            .expect("an accepted action is accepted again");
        assert_eq!(
            format!("{:.2}", result.reward.unwrap_or(0.0)),
            step.reward,
            "{step:?}"
        );
        assert_eq!(result.done, step.done, "{step:?}");
    }
    let score = if env.is_done() {
        env.terminal_score().expect("a done episode has a score")
    } else {
        0.0
    };
    assert_eq!(format!("{score:.3}"), episode.score, "{episode:?}");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The reference policy's answer for the test's task, pretty-printed both
/// inside `raw` and around it: a reply full of newlines.
fn reference_reply() -> (Value, String) {
    reference_reply_for(SEED)
}

/// [`reference_reply`] for the test's task with another seed.
fn reference_reply_for(seed: u64) -> (Value, String) {
    let info = env_wasm::registry::find(ENV).expect("env");
    let mut env = AnyEnv::of(info);
    env.reset(
        &json!({"task": TASK, "seed": seed}),
        ResetDefaults::default(),
    )
    .expect("reset");
    let action = env.reference_action().expect("a reference action");
    let raw = action["raw"].as_str().expect("raw");
    let answer: Value =
        serde_json::from_str(raw.trim_start_matches("final:").trim()).expect("an answer object");
    let pretty_raw = format!(
        "final: {}",
        serde_json::to_string_pretty(&answer).expect("json")
    );
    let action = json!({ "raw": pretty_raw });
    let reply = format!(
        "Here is my final answer:\n{}\nI followed the policy.",
        serde_json::to_string_pretty(&action).expect("json")
    );
    (action, reply)
}

fn script() -> Vec<Turn> {
    let (_, final_reply) = reference_reply();
    vec![
        Turn::Status(500),
        Turn::Reply("Let me look first.\n```json\n{\"raw\": \"inspect\"}\n```\n".to_owned()),
        Turn::Reply("{\"raw\": \"final: {\n  \\\"label\\\": ".to_owned()),
        Turn::Reply("{\"command\": \"dance\"}".to_owned()),
        Turn::Slow("{\"raw\": \"inspect\"}".to_owned()),
        Turn::Reply(final_reply),
    ]
}

// ---------------------------------------------------------------------------
// The tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scripted_episode_logs_the_contract_in_process_and_on_a_server() {
    let (api_local, fake_local) = fake_api(script()).await;
    let (api_remote, fake_remote) = fake_api(script()).await;
    let server = deskbench_server().await;
    let mut remote = Run::new(&api_remote);
    remote.env_url = Some(server);
    let (local, remote) = tokio::join!(Run::new(&api_local).output(), remote.output());
    let stdout = text(&local.stdout);
    assert!(
        local.status.success(),
        "{}\n{}",
        stdout,
        text(&local.stderr)
    );
    assert!(remote.status.success(), "{}", text(&remote.stderr));
    assert_eq!(
        stdout,
        text(&remote.stdout),
        "in-process and server logs differ"
    );
    // The transcript, for `cargo test -- --nocapture`.
    eprintln!("stdout:\n{stdout}stderr:\n{}", text(&local.stderr));

    let episodes = parse_log(&stdout);
    assert_eq!(episodes.len(), 1, "{stdout}");
    let episode = &episodes[0];
    assert_eq!(
        (
            episode.task.as_str(),
            episode.env.as_str(),
            episode.model.as_str()
        ),
        (TASK, ENV, "test-model")
    );
    let (final_action, _) = reference_reply();
    let steps = &episode.steps;
    assert_eq!(steps.len(), 4, "{stdout}");
    assert_eq!(
        (
            steps[0].action.as_str(),
            steps[0].done,
            steps[0].error.as_str()
        ),
        (r#"{"raw":"inspect"}"#, false, "null")
    );
    assert_eq!(
        (
            steps[1].action.as_str(),
            steps[1].reward.as_str(),
            steps[1].done
        ),
        ("null", "0.00", false)
    );
    assert!(steps[1].error.contains("no JSON object"), "{stdout}");
    assert_eq!(steps[2].action, r#"{"command":"dance"}"#);
    assert!(steps[2].error.contains("command"), "{stdout}");
    assert_eq!(steps[3].action, final_action.to_string());
    assert!(
        steps[3].action.contains("\\n"),
        "newlines inside the action stay escaped"
    );
    assert_eq!((steps[3].done, steps[3].error.as_str()), (true, "null"));
    assert!(episode.success && episode.score == "1.000", "{stdout}");
    replay(episode);

    let stderr = text(&local.stderr);
    assert!(
        stderr.contains("HTTP 500") && stderr.contains("timeout"),
        "{stderr}"
    );
    for fake in [fake_local, fake_remote] {
        let calls = fake.calls();
        assert_eq!(calls.len(), 6, "a 500 and a timeout are retried once each");
        for (auth, body) in &calls {
            assert_eq!(auth, "Bearer test-key");
            assert_eq!(
                (body["model"].as_str(), body["temperature"].as_f64()),
                (Some("test-model"), Some(0.0))
            );
        }
        // A retry resends the same conversation.
        assert_eq!(calls[0].1, calls[1].1);
        assert_eq!(calls[4].1, calls[5].1);
        let system = calls[0].1["messages"][0]["content"]
            .as_str()
            .unwrap_or_default();
        assert!(
            system.contains("JSON Schema") && system.contains("\"raw\""),
            "{system}"
        );
        // The refusal is explained to the model in the next turn.
        let last = calls[5].1["messages"].as_array().map(Vec::len).unwrap_or(0);
        assert_eq!(
            last, 8,
            "system, observation, then three (reply, answer) pairs"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_replies_end_the_episode_after_three() {
    let garbage = || Turn::Reply("I think the answer is 42.\nThanks!".to_owned());
    let (api, fake) = fake_api(vec![Turn::NotJson, garbage(), garbage(), garbage()]).await;
    let out = Run::new(&api).output().await;
    let stdout = text(&out.stdout);
    assert!(
        out.status.success(),
        "model garbage is not a run failure: {}",
        text(&out.stderr)
    );
    let episodes = parse_log(&stdout);
    assert_eq!(episodes.len(), 1, "{stdout}");
    let episode = &episodes[0];
    assert_eq!(episode.steps.len(), 3, "{stdout}");
    assert!(
        episode
            .steps
            .iter()
            .all(|s| s.action == "null" && s.error.contains("no JSON object"))
    );
    assert_eq!(
        episode.steps.iter().map(|s| s.done).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert!(!episode.success && episode.score == "0.000", "{stdout}");
    assert_eq!(episode.rewards, ["0.00", "0.00", "0.00"]);
    replay(episode);
    assert_eq!(fake.calls().len(), 4, "the non-JSON body was retried");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_key_still_prints_start_and_end_for_every_task() {
    let (api, fake) = fake_api(script()).await;
    let mut run = Run::new(&api);
    run.key = None;
    run.extra = vec!["--task".to_owned(), "all".to_owned()];
    let out = run.output().await;
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("missing API key"),
        "{}",
        text(&out.stderr)
    );
    let episodes = parse_log(&text(&out.stdout));
    let info = env_wasm::registry::find(ENV).expect("env");
    assert_eq!(
        episodes.iter().map(|e| e.task.as_str()).collect::<Vec<_>>(),
        info.tasks.iter().map(|t| t.id).collect::<Vec<_>>()
    );
    for episode in &episodes {
        assert!(episode.steps.is_empty() && !episode.success && episode.score == "0.000");
    }
    assert!(fake.calls().is_empty(), "no call without a key");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreachable_apis_refused_keys_and_absent_servers_end_cleanly() {
    // Nobody listens: three attempts, then one failed step.
    let out = Run::new(&format!("http://{}/v1", closed_port().await))
        .output()
        .await;
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let episodes = parse_log(&stdout);
    assert_eq!(episodes.len(), 1, "{stdout}");
    let step = &episodes[0].steps;
    assert_eq!(step.len(), 1, "{stdout}");
    assert_eq!((step[0].action.as_str(), step[0].done), ("null", true));
    assert!(step[0].error.contains("after 3 attempts"), "{stdout}");
    assert!(!episodes[0].success && episodes[0].score == "0.000");

    // A 401 is final: one call, no retry.
    let (api, fake) = fake_api(vec![Turn::Status(401), Turn::Reply("{}".to_owned())]).await;
    let out = Run::new(&api).output().await;
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let episodes = parse_log(&stdout);
    assert!(episodes[0].steps[0].error.contains("HTTP 401"), "{stdout}");
    assert_eq!(fake.calls().len(), 1);

    // The environment server is absent: no step, but [START] and [END].
    let (api, fake) = fake_api(script()).await;
    let mut run = Run::new(&api);
    run.env_url = Some(format!("http://{}", closed_port().await));
    let out = run.output().await;
    assert_eq!(out.status.code(), Some(1));
    let episodes = parse_log(&text(&out.stdout));
    assert_eq!(episodes.len(), 1);
    assert!(episodes[0].steps.is_empty() && episodes[0].score == "0.000");
    assert!(
        text(&out.stderr).contains("cannot connect"),
        "{}",
        text(&out.stderr)
    );
    assert!(fake.calls().is_empty());
}

/// The trajectories file holds the episode the log printed, turn by turn,
/// with the messages each model call carried exactly (a retried call sends
/// the same conversation, so the distinct calls are the turns).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trajectories_file_holds_every_turn_as_the_model_saw_it() {
    let (api, fake) = fake_api(script()).await;
    let path = std::env::temp_dir().join(format!(
        "deskbench-inference-{}-trajectories.jsonl",
        std::process::id()
    ));
    let mut run = Run::new(&api);
    run.trajectories = Some(path.clone());
    let output = run.output().await;
    assert!(output.status.success(), "{}", text(&output.stderr));
    let episodes = parse_log(&text(&output.stdout));
    let file = std::fs::read_to_string(&path).expect("the trajectories file was written");
    let _ = std::fs::remove_file(&path);
    let lines: Vec<Value> = file
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 1, "{file}");
    let line = &lines[0];
    assert_eq!(
        (&line["env"], &line["task"], &line["model"], &line["seed"]),
        (
            &json!(ENV),
            &json!(TASK),
            &json!("test-model"),
            &json!(SEED)
        )
    );
    assert_eq!(line["score"], json!(1.0));
    assert_eq!(line["success"], json!(true));
    assert_eq!(line["truncated"], json!(false));
    assert_eq!(
        (
            &line["difficulty"],
            &line["split"],
            &line["trial"],
            &line["failure"]
        ),
        (&json!(2), &json!("train"), &json!(0), &json!(""))
    );
    assert_eq!(line["outcome"], "done");
    // Free-form parts are JSON text (one column type for every environment).
    let decoded = |value: &Value| -> Value {
        serde_json::from_str(value.as_str().expect("JSON text")).expect("JSON")
    };
    assert!(decoded(&line["score_breakdown"]).is_object(), "{line}");
    let steps = line["steps"].as_array().expect("steps");
    // The reset, then one entry per [STEP] line.
    assert_eq!(steps.len(), episodes[0].steps.len() + 1, "{file}");
    assert!(steps[0]["action"].is_null() && decoded(&steps[0]["observation"]).is_object());
    let mut calls: Vec<Value> = fake
        .calls()
        .into_iter()
        .map(|(_, body)| body["messages"].clone())
        .collect();
    calls.dedup();
    let sent: Vec<Value> = steps[1..].iter().map(|s| s["messages"].clone()).collect();
    assert_eq!(
        sent, calls,
        "each turn's messages are the ones the model got"
    );
    assert!(
        steps[2]["refused"]
            .as_str()
            .is_some_and(|r| r.contains("no JSON object"))
    );
    assert!(steps[3]["refused"].is_string() && decoded(&steps[3]["action"]).is_object());
    let last = steps.last().expect("a last turn");
    assert_eq!(
        (&last["done"], &last["reward"]),
        (&json!(true), &json!(0.98))
    );
    assert!(last["reply"].is_string() && decoded(&last["observation"]).is_object());
}

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("deskbench-inference-{}-{name}", std::process::id()))
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// `--split`, `--seed-start` (then an offset within it), `--seeds`,
/// `--trials` and `--difficulty`: every episode is played in report order
/// (task and level, seed, trial); eval's pass^k table goes to stderr with
/// the model in the policy column (stdout keeps the log alone); the JSON
/// report and the trajectories carry each episode's level, split, seed and
/// trial.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seed_ranges_splits_levels_and_trials_give_the_pass_k_table() {
    // Validation seeds from offset 3.
    let first = 1_000_003;
    let garbage = || Turn::Reply("I would rather not answer.".to_owned());
    let (_, right_a) = reference_reply_for(first);
    let (_, right_b) = reference_reply_for(first + 1);
    // Seed a: trial 0 right, trial 1 three bad replies; seed b: both right.
    let script = vec![
        Turn::Reply(right_a),
        garbage(),
        garbage(),
        garbage(),
        Turn::Reply(right_b.clone()),
        Turn::Reply(right_b),
    ];
    let (api, fake) = fake_api(script).await;
    let (json_path, trajectories) = (temp_file("ranges.json"), temp_file("ranges.jsonl"));
    let mut run = Run::new(&api);
    run.seed = None;
    run.extra = strings(&[
        "--split",
        "validation",
        "--seed-start",
        "3",
        "--seeds",
        "2",
        "--trials",
        "2",
        "--difficulty",
        "2",
        "--json",
    ]);
    run.extra.push(json_path.to_string_lossy().into_owned());
    run.trajectories = Some(trajectories.clone());
    let out = run.output().await;
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let episodes = parse_log(&stdout);
    assert_eq!(
        episodes
            .iter()
            .map(|e| (e.success, e.score.as_str()))
            .collect::<Vec<_>>(),
        [
            (true, "1.000"),
            (false, "0.000"),
            (true, "1.000"),
            (true, "1.000")
        ],
        "{stdout}"
    );
    assert_eq!(fake.calls().len(), 6);

    // The table: env task policy difficulty episodes mean std min max
    // success pass^1 pass^2 steps truncated.
    let row = stderr
        .lines()
        .find(|l| l.starts_with(ENV))
        .unwrap_or_else(|| panic!("no table row on stderr: {stderr}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells.len(), 14, "{row}");
    assert_eq!(
        (cells[1], cells[2], cells[3], cells[4], cells[5]),
        (TASK, "test-model", "2", "4", "0.750"),
        "{row}"
    );
    assert_eq!((cells[10], cells[11]), ("0.750", "0.500"), "{row}");

    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(&json_path).expect("the JSON report was written"),
    )
    .expect("JSON");
    let _ = std::fs::remove_file(&json_path);
    assert_eq!(
        (&report["split"], &report["seed_start"], &report["trials"]),
        (&json!("validation"), &json!(3), &json!(2))
    );
    let summary = &report["summaries"][0];
    assert_eq!(
        (
            &summary["policy"],
            &summary["difficulty"],
            &summary["pass_k"]
        ),
        (&json!("test-model"), &json!(2), &json!([0.75, 0.5]))
    );
    let played: Vec<(u64, u64, String)> = report["episodes"]
        .as_array()
        .expect("episodes")
        .iter()
        .map(|e| {
            (
                e["seed"].as_u64().unwrap_or_default(),
                e["trial"].as_u64().unwrap_or_default(),
                e["outcome"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let expected: Vec<(u64, u64, String)> = [
        (first, 0, "done"),
        (first, 1, "refused"),
        (first + 1, 0, "done"),
        (first + 1, 1, "done"),
    ]
    .iter()
    .map(|(s, t, o)| (*s, *t, (*o).to_owned()))
    .collect();
    assert_eq!(played, expected);

    let file = std::fs::read_to_string(&trajectories).expect("the trajectories were written");
    let _ = std::fs::remove_file(&trajectories);
    let lines: Vec<Value> = file
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 4, "{file}");
    for (line, (seed, trial, outcome)) in lines.iter().zip(&expected) {
        assert_eq!(
            (
                &line["difficulty"],
                &line["split"],
                &line["seed"],
                &line["trial"],
                &line["outcome"]
            ),
            (
                &json!(2),
                &json!("validation"),
                &json!(seed),
                &json!(trial),
                &json!(outcome)
            )
        );
    }

    // Usage errors name what is wrong, before any model call.
    for (extra, says) in [
        (strings(&["--difficulty", "9"]), "not a difficulty level"),
        (
            strings(&[
                "--split",
                "validation",
                "--seed-start",
                "999",
                "--seeds",
                "2",
            ]),
            "leave split `validation`",
        ),
        (strings(&["--split", "dev"]), "unknown split `dev`"),
    ] {
        let (api, fake) = fake_api(Vec::new()).await;
        let mut run = Run::new(&api);
        run.seed = None;
        run.extra = extra;
        let out = run.output().await;
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
        assert!(out.stdout.is_empty() && fake.calls().is_empty());
    }
}

#[path = "support/venv.rs"]
mod venv;

/// What the table of one trajectories file must hold, read from its lines
/// here: row count, columns, scores, the last observation's
/// `terminal_grader` and the breakdowns.
fn expected_table(path: &std::path::Path) -> Value {
    let file = std::fs::read_to_string(path).expect("the trajectories were written");
    let lines: Vec<Value> = file
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let keys = |line: &Value| -> Vec<String> {
        let mut keys: Vec<String> = line
            .as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    let columns = keys(&lines[0]);
    for line in &lines {
        assert_eq!(keys(line), columns, "every line has the same fields");
    }
    let decode = |v: &Value| -> Value {
        v.as_str()
            .and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or(Value::Null)
    };
    json!({
        "rows": lines.len(),
        "columns": columns,
        "scores": lines.iter().map(|l| l["score"].clone()).collect::<Vec<_>>(),
        "last_graders": lines
            .iter()
            .map(|l| {
                let last = l["steps"].as_array().and_then(|s| s.last()).cloned().unwrap_or(Value::Null);
                decode(&last["observation"]).get("terminal_grader").cloned().unwrap_or(Value::Null)
            })
            .collect::<Vec<_>>(),
        "breakdowns": lines.iter().map(|l| decode(&l["score_breakdown"])).collect::<Vec<_>>(),
    })
}

/// The trajectories files of both runners load with Hugging Face
/// `datasets` (`load_dataset("json", data_files=...)`) into one table
/// each: an `eval` file mixing every environment, task and level (read
/// whole, and in small chunks so the column types come from the first
/// environment's rows alone), and an `inference` file with accepted,
/// refused and retried turns; rows, columns, scores and breakdowns
/// round-trip.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trajectories_of_both_runners_load_with_datasets() {
    let Some(python) = venv::python(".venv/datasets") else {
        return;
    };
    let (eval_file, inference_file) = (temp_file("eval.jsonl"), temp_file("inference.jsonl"));
    let eval = Command::new(env!("CARGO_BIN_EXE_deskbench"))
        .args([
            "eval",
            "--policy",
            "reference,random",
            "--difficulty",
            "all",
            "--seeds",
            "2",
            "--seed-start",
            "1000000",
            "--quiet",
            "--trajectories",
        ])
        .arg(&eval_file)
        .kill_on_drop(true)
        .output();
    let eval = tokio::time::timeout(RUN_LIMIT, eval)
        .await
        .expect("eval finished in time")
        .expect("deskbench runs");
    assert!(eval.status.success(), "{}", text(&eval.stderr));

    // The scripted episode, then a second seed the model answers badly.
    let mut script = script();
    script.extend((0..3).map(|_| Turn::Reply("no idea".to_owned())));
    let (api, _fake) = fake_api(script).await;
    let mut run = Run::new(&api);
    run.extra = strings(&["--seeds", "2"]);
    run.trajectories = Some(inference_file.clone());
    let out = run.output().await;
    assert!(out.status.success(), "{}", text(&out.stderr));

    let cache = temp_file("datasets-cache");
    let loaded = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/load_trajectories.py"))
        .arg(&cache)
        .args([&eval_file, &inference_file])
        .env("HF_HOME", &cache)
        .env("HF_HUB_OFFLINE", "1")
        .env("HF_DATASETS_OFFLINE", "1")
        .env("HF_HUB_DISABLE_TELEMETRY", "1")
        .kill_on_drop(true)
        .output();
    let loaded = tokio::time::timeout(Duration::from_secs(300), loaded)
        .await
        .expect("datasets loaded the files in time")
        .expect("python runs");
    let _ = std::fs::remove_dir_all(&cache);
    assert!(loaded.status.success(), "{}", text(&loaded.stderr));
    let tables: Vec<Value> = text(&loaded.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("the loader prints JSON"))
        .collect();
    assert_eq!(tables.len(), 2, "{}", text(&loaded.stdout));
    for (table, path) in tables.iter().zip([&eval_file, &inference_file]) {
        eprintln!(
            "{}: {} rows, features {}",
            path.display(),
            table["rows"],
            table["features"]
        );
        let expected = expected_table(path);
        let mut columns: Vec<String> = table["columns"]
            .as_array()
            .expect("columns")
            .iter()
            .filter_map(|c| c.as_str().map(str::to_owned))
            .collect();
        columns.sort();
        assert_eq!(json!(columns), expected["columns"], "{}", path.display());
        for key in ["rows", "scores", "last_graders", "breakdowns"] {
            assert_eq!(table[key], expected[key], "{key} of {}", path.display());
        }
        assert_eq!(table["chunked_equal"], true, "{}", path.display());
    }
    // Every task at every level, the reference and (where offered) random, 2 seeds.
    let eval_rows: usize = env_wasm::registry::ENVIRONMENTS
        .iter()
        .map(|e| {
            let policies = 1 + usize::from(e.policy_names().contains(&"random"));
            e.tasks.len() * e.levels.len() * policies * 2
        })
        .sum();
    assert_eq!(tables[0]["rows"], json!(eval_rows));
    assert_eq!(tables[1]["rows"], 2);
    assert_eq!(tables[1]["scores"], json!([1.0, 0.0]));
    for path in [eval_file, inference_file] {
        let _ = std::fs::remove_file(path);
    }
}
