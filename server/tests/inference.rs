//! `deskbench inference` (and `deskbench regrade`), run as the real binary
//! against fake OpenAI-compatible models (`support/fake_model.rs`) served
//! here on 127.0.0.1, answering in milliseconds:
//! - scripted replies: a 500 and a timeout (retried), a reply in a code
//!   fence with prose and newlines, malformed JSON, an action the
//!   environment refuses, a body that is not JSON, a 401 (not retried), an
//!   unreachable API, a missing key and an unreachable environment server;
//! - an oracle answering the reference actions as text or as tool calls,
//!   with faults (429 with `retry-after-ms` and 500 on some requests the
//!   first time, scenarios that always fail or stall), played many at once:
//!   scores equal the reference played in-process, errors are counted and
//!   left out, usage totals equal what the fake reported, a run killed or
//!   interrupted mid-way and resumed gives the file and report of an
//!   uninterrupted one, and a regrade of the file reproduces its scores.
//!
//! Every stdout line must match the contract's regexes, in order
//! `[START]`, `[STEP]`..., `[END]` for every task; and replaying the
//! accepted actions on the seam must give the printed rewards and score.

#[path = "support/fake_model.rs"]
mod fake_model;
#[path = "support/venv.rs"]
mod venv;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;
use std::time::Duration;

use env_wasm::{AnyEnv, ResetDefaults};
use fake_model::{Fake, Faults, Player, Turn};
use regex::Regex;
use serde_json::{Value, json};
use tokio::process::Command;

const RUN_LIMIT: Duration = Duration::from_secs(90);
const ENV: &str = "productivity";
const TASK: &str = "easy";
const SEED: u64 = 42;
/// The runner's limit on one model call in these tests, and how long the
/// fake's slow reply takes: well past it.
const TIMEOUT_SECS: &str = "0.5";
const SLOW: Duration = Duration::from_secs(5);

// ---------------------------------------------------------------------------
// Servers

/// A fake API playing `script`; its base URL (with `/v1`) and its handle.
async fn fake_api(script: Vec<Turn>) -> (String, Arc<Fake>) {
    let fake = Arc::new(Fake::new(Player::Script(script.into())));
    (fake_model::start(Arc::clone(&fake)).await, fake)
}

/// A fake API answering the reference of `episodes`, with `faults`.
async fn oracle_api(
    episodes: &[(&'static str, &str, u8, u64)],
    faults: Faults,
) -> (String, Arc<Fake>) {
    let fake = Arc::new(Fake::new(fake_model::oracle(episodes)).with_faults(faults));
    (fake_model::start(Arc::clone(&fake)).await, fake)
}

async fn deskbench_server() -> String {
    let (app, _handle) = server::build(server::Config {
        web_dist: PathBuf::from("/nonexistent/deskbench-dist"),
        ..server::Config::default()
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

/// An address nobody listens on (bound, then freed).
async fn closed_port() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    listener.local_addr().expect("addr")
}

// ---------------------------------------------------------------------------
// Running the binary and reading its output

struct Run {
    api: String,
    key: Option<&'static str>,
    env_url: Option<String>,
    /// `--env` (none: the run names it in `extra`).
    env: Option<&'static str>,
    /// `--seed` (none: the run names its seeds in `extra`).
    seed: Option<u64>,
    extra: Vec<String>,
    trajectories: Option<PathBuf>,
    /// `--timeout-secs` and `--retries`.
    timeout_secs: &'static str,
    retries: &'static str,
}

impl Run {
    fn new(api: &str) -> Self {
        Run {
            api: api.to_owned(),
            key: Some("test-key"),
            env_url: None,
            env: Some(ENV),
            seed: Some(SEED),
            extra: Vec::new(),
            trajectories: None,
            timeout_secs: TIMEOUT_SECS,
            retries: "2",
        }
    }

    fn args(mut self, args: &[&str]) -> Self {
        self.extra.extend(args.iter().map(|a| (*a).to_owned()));
        self
    }

    /// Seeds 0 to `n - 1`.
    fn seeds(mut self, n: u64) -> Self {
        self.seed = None;
        self.args(&["--seed-start", "0", "--seeds", &n.to_string()])
    }

    /// Every task of every environment.
    fn everything(mut self) -> Self {
        self.env = None;
        self.args(&["--env", "all", "--task", "all"])
    }

    /// `flag` with a file's path.
    fn file(self, flag: &str, path: &Path) -> Self {
        self.args(&[flag, &path.to_string_lossy()])
    }

    fn trajectories(mut self, path: &Path) -> Self {
        self.trajectories = Some(path.to_owned());
        self
    }

    fn command(&self) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_deskbench"));
        // A clean environment: only what this run sets can reach it.
        command
            .env_clear()
            .env("RUST_LOG", "warn")
            .env("API_BASE_URL", &self.api)
            .env("MODEL_NAME", "test-model")
            .arg("inference")
            .args(
                self.env
                    .map(|env| vec!["--env".to_owned(), env.to_owned()])
                    .unwrap_or_default(),
            )
            .args(
                self.seed
                    .map(|seed| vec!["--seed".to_owned(), seed.to_string()])
                    .unwrap_or_default(),
            )
            .args([
                "--timeout-secs",
                self.timeout_secs,
                "--retries",
                self.retries,
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
        command
    }

    async fn output(self) -> Output {
        let output = self.command().output();
        tokio::time::timeout(RUN_LIMIT, output)
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

fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("deskbench-inference-{}-{name}", std::process::id()))
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

fn read_lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the report was written"))
        .expect("JSON")
}

/// The reference policy's answer for the test's task, pretty-printed both
/// inside `raw` and around it: a reply full of newlines.
fn reference_reply() -> (Value, String) {
    reference_reply_for(SEED)
}

/// [`reference_reply`] for the test's task with another seed.
fn reference_reply_for(seed: u64) -> (Value, String) {
    let (_, actions) = fake_model::reference_play(ENV, TASK, 2, seed);
    let raw = actions[0]["raw"].as_str().expect("raw");
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
        Turn::Slow(
            SLOW,
            Box::new(Turn::Reply("{\"raw\": \"inspect\"}".to_owned())),
        ),
        Turn::Reply(final_reply),
    ]
}

/// The messages of a turn's request, rebuilt from the line's `messages`:
/// the first two, then those after the dropped ones up to `messages_sent`.
fn sent_messages(line: &Value, turn: &Value) -> Value {
    let all = line["messages"].as_array().expect("messages");
    let end = turn["messages_sent"].as_u64().expect("messages_sent") as usize;
    let dropped = turn["messages_dropped"].as_u64().expect("messages_dropped") as usize;
    Value::Array(
        all[..2]
            .iter()
            .chain(&all[2 + dropped..end])
            .cloned()
            .collect(),
    )
}

// ---------------------------------------------------------------------------
// One episode at a time: the log contract, turns and failures

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
            assert!(
                body.get("tools").is_none(),
                "the text protocol offers no tools"
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
    let json_path = temp_file("nokey.json");
    let mut run = Run::new(&api);
    run.key = None;
    run.extra = vec!["--task".to_owned(), "all".to_owned(), "--json".to_owned()];
    run.extra.push(json_path.to_string_lossy().into_owned());
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
    // In the report they are errors, not zeros.
    let report = read_json(&json_path);
    let _ = std::fs::remove_file(&json_path);
    for episode in report["episodes"].as_array().expect("episodes") {
        assert_eq!(
            (&episode["outcome"], &episode["score"]),
            (&json!("error"), &Value::Null)
        );
    }
    assert_eq!(report["errors"], json!(info.tasks.len()));
    assert_eq!(report["summaries"][0]["mean"], Value::Null);
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

/// The trajectories file holds the episode the log printed, turn by turn:
/// the whole conversation once, and for each turn the part of it its
/// request carried (a retried call sends the same conversation, so the
/// distinct calls are the turns), its reply and usage.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trajectories_file_holds_every_turn_as_the_model_saw_it() {
    let (api, fake) = fake_api(script()).await;
    let path = temp_file("trajectories.jsonl");
    let mut run = Run::new(&api);
    run.trajectories = Some(path.clone());
    let output = run.output().await;
    assert!(output.status.success(), "{}", text(&output.stderr));
    let episodes = parse_log(&text(&output.stdout));
    let lines = read_lines(&path);
    let _ = std::fs::remove_file(&path);
    assert_eq!(lines.len(), 1);
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
            &line["failure"],
            &line["protocol"],
        ),
        (
            &json!(2),
            &json!("train"),
            &json!(0),
            &json!(""),
            &json!("text")
        )
    );
    assert_eq!(line["outcome"], "done");
    assert!(
        line["task_set_version"]
            .as_str()
            .is_some_and(|v| v.len() == 64)
    );
    assert_eq!(line["deskbench_version"], env!("CARGO_PKG_VERSION"));
    // Free-form parts are JSON text (one column type for every environment).
    let decoded = |value: &Value| -> Value {
        serde_json::from_str(value.as_str().expect("JSON text")).expect("JSON")
    };
    assert!(decoded(&line["score_breakdown"]).is_object(), "{line}");
    let steps = line["steps"].as_array().expect("steps");
    // The reset, then one entry per [STEP] line.
    assert_eq!(steps.len(), episodes[0].steps.len() + 1);
    assert!(steps[0]["action"].is_null() && decoded(&steps[0]["observation"]).is_object());
    let mut calls: Vec<Value> = fake
        .calls()
        .into_iter()
        .map(|(_, body)| body["messages"].clone())
        .collect();
    calls.dedup();
    let sent: Vec<Value> = steps[1..].iter().map(|s| sent_messages(line, s)).collect();
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
    // Usage per turn and per episode: what the fake reported.
    let per_turn: u64 = steps[1..]
        .iter()
        .map(|s| s["usage"]["prompt_tokens"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(line["usage"]["prompt_tokens"], json!(per_turn));
    assert_eq!(
        line["usage"]["prompt_tokens"],
        json!(fake.reported().prompt_tokens)
    );
    assert_eq!(
        line["usage"]["completion_tokens"],
        json!(fake.reported().completion_tokens)
    );
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

    // The table: env task policy difficulty episodes errors mean std min
    // max success pass^1 pass^2 steps truncated tokens_in tokens_out.
    let row = stderr
        .lines()
        .find(|l| l.starts_with(ENV))
        .unwrap_or_else(|| panic!("no table row on stderr: {stderr}"));
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells.len(), 17, "{row}");
    assert_eq!(
        (cells[1], cells[2], cells[3], cells[4], cells[5], cells[6]),
        (TASK, "test-model", "2", "4", "0", "0.750"),
        "{row}"
    );
    assert_eq!((cells[11], cells[12]), ("0.750", "0.500"), "{row}");

    let report = read_json(&json_path);
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

    let lines = read_lines(&trajectories);
    let _ = std::fs::remove_file(&trajectories);
    assert_eq!(lines.len(), 4);
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
        (strings(&["--resume"]), "--trajectories"),
        (strings(&["--max-errors", "2"]), "not a number from 0 to 1"),
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

// ---------------------------------------------------------------------------
// Many episodes at once: the oracle

/// Every task of every environment at `levels`, for `seeds` seeds from 0,
/// in report order.
fn every_task(levels: &[u8], seeds: u64) -> Vec<(&'static str, &'static str, u8, u64)> {
    let mut episodes = Vec::new();
    for info in env_wasm::registry::ENVIRONMENTS {
        for task in info.tasks {
            for &level in levels {
                for seed in 0..seeds {
                    episodes.push((info.id, task.id, level, seed));
                }
            }
        }
    }
    episodes
}

/// The reference's own score of an episode, played in-process.
fn reference_score(env_id: &str, task: &str, difficulty: u8, seed: u64) -> f64 {
    let info = env_wasm::registry::find(env_id).expect("env");
    let mut env = AnyEnv::of(info);
    env.reset(
        &json!({"task": task, "seed": seed, "difficulty": difficulty}),
        ResetDefaults::default(),
    )
    .expect("reset");
    while let Some(action) = env.reference_action() {
        if env.step(&action).expect("step").done {
            break;
        }
    }
    env.terminal_score()
        .expect("the reference ends every episode")
}

/// The tools MCP `tools/list` gives for `env_id` on `server`, as a chat
/// completions request lists them.
async fn mcp_tools(server: &str, env_id: &str, task_id: &str) -> Value {
    // The tools of a session on `task`: they may follow it (productivity's
    // typed answer), as the tools an episode lists do.
    let url = format!("{server}/envs/{env_id}/mcp");
    let opening = format!("{url}?task={task_id}");
    let reply = tokio::task::spawn_blocking(move || {
        let opened = ureq::post(&opening)
            .header("Content-Type", "application/json")
            .send(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)?;
        let session = opened
            .headers()
            .get("mcp-session-id")
            .and_then(|id| id.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        ureq::post(&url)
            .header("Content-Type", "application/json")
            .header("Mcp-Session-Id", &session)
            .send(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
            .and_then(|mut r| r.body_mut().read_to_string())
    })
    .await
    .expect("joined")
    .expect("tools/list answers");
    let reply: Value = serde_json::from_str(&reply).expect("JSON-RPC");
    let tools: Vec<Value> = reply["result"]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        // `read_task` is MCP's free reading; an inference agent is shown
        // every observation.
        .filter(|t| t["name"] != "read_task")
        .map(|t| {
            json!({"type": "function", "function": {
                "name": t["name"], "description": t["description"], "parameters": t["inputSchema"]}})
        })
        .collect();
    Value::Array(tools)
}

/// The oracle plays every task in both protocols, eight episodes at once,
/// in-process and (tool calls) on a server: every score is the one the
/// reference gets in-process, every line says how it was played, the tools
/// offered are exactly MCP's `tools/list` of the task, and a server run writes the
/// same trajectories as an in-process one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_oracle_scores_the_reference_as_text_and_as_tool_calls_many_at_once() {
    // Levels 2 and 4: support_triage's `medium` at 4 needs more history
    // than a request carries.
    let episodes = every_task(&[2, 4], 2);
    let (api, fake) = oracle_api(&episodes, Faults::default()).await;
    let server = deskbench_server().await;
    let files: Vec<(PathBuf, PathBuf)> = ["text", "tools", "tools-server"]
        .iter()
        .map(|name| {
            (
                temp_file(&format!("oracle-{name}.jsonl")),
                temp_file(&format!("oracle-{name}.json")),
            )
        })
        .collect();
    let run = |i: usize, tools: bool, env_url: Option<String>| {
        let mut run = Run::new(&api)
            .everything()
            .seeds(2)
            .args(&["--difficulty", "2,4", "--concurrency", "8"])
            .file("--json", &files[i].1)
            .trajectories(&files[i].0);
        if tools {
            run = run.args(&["--tool-calls"]);
        }
        run.timeout_secs = "30";
        run.env_url = env_url;
        run
    };
    let (text_run, tools_run, server_run) = tokio::join!(
        run(0, false, None).output(),
        run(1, true, None).output(),
        run(2, true, Some(server.clone())).output(),
    );
    for out in [&text_run, &tools_run, &server_run] {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let logged = parse_log(&text(&out.stdout));
        assert_eq!(
            logged.len(),
            episodes.len(),
            "every episode, in report order"
        );
    }
    for (i, (trajectories, report)) in files.iter().enumerate() {
        let lines = read_lines(trajectories);
        let report = read_json(report);
        assert_eq!(lines.len(), episodes.len());
        for (line, &(env, task, level, seed)) in lines.iter().zip(&episodes) {
            assert_eq!(
                (&line["env"], &line["task"], &line["seed"]),
                (&json!(env), &json!(task), &json!(seed)),
                "report order"
            );
            assert_eq!(
                line["score"].as_f64(),
                Some(reference_score(env, task, level, seed)),
                "{env}/{task} seed {seed}: {}",
                line["failure"]
            );
            assert_eq!(line["protocol"], if i == 0 { "text" } else { "tool_calls" });
        }
        assert_eq!(report["errors"], 0);
        assert_eq!(
            report["protocol"],
            if i == 0 { "text" } else { "tool_calls" }
        );
    }
    // support_triage's `medium` at level 4 outgrows the request: old turns
    // were left out.
    let text_lines = read_lines(&files[0].0);
    assert!(
        text_lines
            .iter()
            .flat_map(|l| l["steps"].as_array().cloned().unwrap_or_default())
            .any(|s| s["messages_dropped"].as_u64() > Some(0)),
        "a long episode's requests drop old turns"
    );
    // A tool-call turn: the call, and the action it stands for.
    let tool_lines = read_lines(&files[1].0);
    let triage = tool_lines
        .iter()
        .find(|l| l["env"] == "support_triage")
        .expect("a support_triage episode");
    let turn = &triage["steps"][1];
    eprintln!("a tool-calling turn: {turn}");
    assert!(
        turn["tool_call"]["name"].is_string() && turn["action"].is_string(),
        "{turn}"
    );
    let messages = triage["messages"].as_array().expect("messages");
    assert!(
        messages.iter().any(|m| m["role"] == "tool"),
        "results are tool messages"
    );
    // The server's trajectories are the in-process ones.
    assert_same_lines(
        &std::fs::read_to_string(&files[2].0).expect("tools on the server"),
        &std::fs::read_to_string(&files[1].0).expect("tools"),
        "the server's trajectories",
    );
    // The tools offered are MCP's tools/list of a session on the same task,
    // for every task of every environment.
    for info in env_wasm::registry::ENVIRONMENTS {
        for task in info.tasks {
            let offered = fake
                .calls()
                .into_iter()
                .map(|(_, body)| body)
                .find(|b| {
                    b.get("tools").is_some()
                        && b["messages"][0]["content"].as_str().is_some_and(|s| {
                            s.contains(&format!("(`{}`)", info.id))
                                && s.contains(&format!("Your task is `{}`", task.id))
                                // The session below opens at the default
                                // level; tools follow the level (lookups).
                                && s.contains(&format!(
                                    "level {} of 5",
                                    env_wasm::splits::DEFAULT_LEVEL
                                ))
                        })
                })
                .expect("a tool-call request");
            assert_eq!(
                offered["tools"],
                mcp_tools(&server, info.id, task.id).await,
                "{} {}",
                info.id,
                task.id
            );
        }
    }
    for (a, b) in files {
        let _ = std::fs::remove_file(a);
        let _ = std::fs::remove_file(b);
    }
}

/// Faults: some requests fail once (429 with `retry-after-ms`, 500) and
/// are retried; two scenarios fail every time and are errors: listed with
/// their cause, not scored, left out of the mean and pass^k (which stay
/// the oracle's 1.0), and the exit status says so. The tokens counted are
/// exactly those the fake reported.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failures_are_retried_errors_are_left_out_and_usage_adds_up() {
    let episodes: Vec<_> = (0..12).map(|seed| (ENV, TASK, 2, seed)).collect();
    let failing: Vec<String> = [3, 8]
        .iter()
        .map(|&seed| fake_model::reference_play(ENV, TASK, 2, seed).0)
        .collect();
    let faults = Faults {
        one_in: 2,
        always_fail: failing.into_iter().collect(),
        ..Faults::default()
    };
    let (api, fake) = oracle_api(&episodes, faults).await;
    let (trajectories, report_path, csv_path) = (
        temp_file("faults.jsonl"),
        temp_file("faults.json"),
        temp_file("faults.csv"),
    );
    let out = Run::new(&api)
        .seeds(6)
        .args(&["--trials", "2", "--concurrency", "4"])
        .args(&["--price-in", "2", "--price-out", "10"])
        .file("--csv", &csv_path)
        .file("--json", &report_path)
        .trajectories(&trajectories)
        .output()
        .await;
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "errors make the exit status 1: {stderr}"
    );
    eprintln!("{stderr}");
    assert!(
        stderr.contains("HTTP 429") && stderr.contains("HTTP 500"),
        "{stderr}"
    );
    assert!(
        stderr.contains("episodes that could not be played")
            && stderr.contains("productivity/easy level 2 seed 3 trial 0"),
        "{stderr}"
    );
    let report = read_json(&report_path);
    let summary = &report["summaries"][0];
    assert_eq!(
        (&summary["episodes"], &summary["errors"]),
        (&json!(12), &json!(2))
    );
    assert_eq!(
        (&summary["mean"], &summary["pass_k"]),
        (&json!(1.0), &json!([1.0, 1.0]))
    );
    let errors: Vec<&Value> = report["episodes"]
        .as_array()
        .expect("episodes")
        .iter()
        .filter(|e| e["outcome"] == "error")
        .collect();
    assert_eq!(errors.len(), 2);
    for error in &errors {
        assert_eq!(error["score"], Value::Null);
        assert!(
            error["note"]
                .as_str()
                .is_some_and(|n| n.contains("after 3 attempts") && n.contains("HTTP 503"))
        );
    }
    let reported = fake.reported();
    assert_eq!(
        (
            &report["usage"]["prompt_tokens"],
            &report["usage"]["completion_tokens"]
        ),
        (
            &json!(reported.prompt_tokens),
            &json!(reported.completion_tokens)
        )
    );
    let cost =
        (reported.prompt_tokens as f64 * 2.0 + reported.completion_tokens as f64 * 10.0) / 1e6;
    assert!((report["cost"].as_f64().unwrap_or_default() - cost).abs() < 1e-12);
    let lines = read_lines(&trajectories);
    let line_tokens: u64 = lines
        .iter()
        .map(|l| l["usage"]["prompt_tokens"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(line_tokens, reported.prompt_tokens);
    assert_eq!(
        lines
            .iter()
            .filter(|l| l["outcome"] == "error" && l["score"].is_null())
            .count(),
        2
    );
    let csv = std::fs::read_to_string(&csv_path).expect("csv");
    assert!(
        csv.lines()
            .next()
            .is_some_and(|h| h.contains(",errors,prompt_tokens,completion_tokens,cost,")),
        "{csv}"
    );
    for path in [trajectories, report_path, csv_path] {
        let _ = std::fs::remove_file(path);
    }
}

/// `--max-rpm` spaces the calls of every episode in flight: ten calls at
/// 600 a minute (one each 100 ms) cannot all start within 900 ms, however
/// many episodes are in flight and however fast the model answers (the
/// same run unlimited takes a fraction of that).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_request_limit_spaces_the_calls_of_all_episodes() {
    let episodes: Vec<_> = (0..10).map(|seed| (ENV, TASK, 2, seed)).collect();
    let (api, fake) = oracle_api(&episodes, Faults::default()).await;
    let run = Run::new(&api)
        .seeds(10)
        .args(&["--concurrency", "10", "--max-rpm", "600"]);
    let started = std::time::Instant::now();
    let out = run.output().await;
    let took = started.elapsed();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(fake.answered(), 10);
    assert!(took >= Duration::from_millis(900), "ten calls in {took:?}");
}

/// An episode whose model stalls runs out of `--episode-timeout` and is an
/// error; the others, in flight beside it, are played meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_episode_times_out_without_holding_up_the_others() {
    let episodes: Vec<_> = (0..6).map(|seed| (ENV, TASK, 2, seed)).collect();
    let stalled = fake_model::reference_play(ENV, TASK, 2, 1).0;
    let faults = Faults {
        stall: [(stalled, Duration::from_secs(60))].into_iter().collect(),
        ..Faults::default()
    };
    let (api, fake) = oracle_api(&episodes, faults).await;
    let report_path = temp_file("stall.json");
    let mut run = Run::new(&api)
        .seeds(6)
        .args(&["--concurrency", "3", "--episode-timeout", "1"])
        .file("--json", &report_path);
    run.timeout_secs = "120";
    let out = run.output().await;
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report = read_json(&report_path);
    let _ = std::fs::remove_file(&report_path);
    let outcomes: Vec<(&Value, &Value)> = report["episodes"]
        .as_array()
        .expect("episodes")
        .iter()
        .map(|e| (&e["seed"], &e["outcome"]))
        .collect();
    assert_eq!(outcomes.len(), 6);
    for (seed, outcome) in outcomes {
        let expected = if *seed == json!(1) { "error" } else { "done" };
        assert_eq!(outcome, expected, "seed {seed}");
    }
    assert!(
        report["episodes"][1]["note"]
            .as_str()
            .is_some_and(|n| n.contains("ran out of time")),
        "{}",
        report["episodes"][1]
    );
    assert_eq!(fake.answered(), 5, "the other episodes were answered");
}

/// A run that is only failing stops after `--max-errors`: no new episodes
/// once more than half have failed (after ten), the file stays valid.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_that_only_fails_stops() {
    let episodes: Vec<_> = (0..40).map(|seed| (ENV, TASK, 2, seed)).collect();
    let faults = Faults {
        always_fail: episodes
            .iter()
            .map(|&(e, t, l, s)| fake_model::reference_play(e, t, l, s).0)
            .collect(),
        ..Faults::default()
    };
    let (api, _fake) = oracle_api(&episodes, faults).await;
    let (trajectories, report_path) = (temp_file("failing.jsonl"), temp_file("failing.json"));
    let mut run = Run::new(&api)
        .seeds(40)
        .args(&["--concurrency", "2"])
        .file("--json", &report_path)
        .trajectories(&trajectories);
    run.retries = "0";
    let out = run.output().await;
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("stopped: ") && stderr.contains("--max-errors 0.5"),
        "{stderr}"
    );
    let report = read_json(&report_path);
    let played = report["episodes"].as_array().map_or(0, Vec::len);
    assert!((10..40).contains(&played), "{played} episodes");
    assert!(
        report["stopped"]
            .as_str()
            .is_some_and(|s| s.contains("ended in error"))
    );
    assert_eq!(read_lines(&trajectories).len(), played);
    let _ = std::fs::remove_file(trajectories);
    let _ = std::fs::remove_file(report_path);
}

/// Lines of a file, once it has at least `n` complete ones (polled).
async fn wait_for_lines(path: &Path, n: usize) {
    let waited = tokio::time::timeout(RUN_LIMIT, async {
        loop {
            let count =
                std::fs::read(path).map_or(0, |b| b.iter().filter(|c| **c == b'\n').count());
            if count >= n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    });
    waited.await.expect("the run wrote its first lines");
}

/// Two trajectories files are the same, byte for byte; a difference is
/// named by its line's episode rather than shown whole (a line is many KB).
fn assert_same_lines(got: &str, want: &str, what: &str) {
    let (got, want): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
    for (i, (a, b)) in got.iter().zip(&want).enumerate() {
        if a != b {
            let name = |line: &str| {
                serde_json::from_str::<Value>(line).map_or_else(
                    |_| "(not JSON)".to_owned(),
                    |v| {
                        format!(
                            "{}/{} seed {} trial {}",
                            v["env"], v["task"], v["seed"], v["trial"]
                        )
                    },
                )
            };
            panic!(
                "{what}: line {} is {}, expected {}",
                i + 1,
                name(a),
                name(b)
            );
        }
    }
    assert_eq!(got.len(), want.len(), "{what}: lines");
    assert!(
        got.len() == want.len() && got.iter().zip(&want).all(|(a, b)| a == b),
        "{what}"
    );
}

/// The JSON report without what differs between a run and its resumption.
fn comparable(mut report: Value) -> Value {
    report["resumed"] = Value::Null;
    report
}

/// A run killed mid-way (SIGKILL: at most a cut last line) or interrupted
/// (Ctrl-C: the episodes in flight end, exit 130) and then resumed gives
/// the same trajectories file, byte for byte, and the same report as one
/// that was never stopped; the resumed run plays only what was missing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_or_interrupted_run_resumes_to_the_uninterrupted_result() {
    let episodes: Vec<_> = env_wasm::registry::find(ENV)
        .expect("env")
        .tasks
        .iter()
        .flat_map(|t| (0..6).map(move |seed| (ENV, t.id, 2, seed)))
        .collect();
    let faults = Faults {
        one_in: 5,
        ..Faults::default()
    };
    let fake = Arc::new(
        Fake::new(fake_model::oracle(&episodes))
            .with_faults(faults)
            .with_latency(Duration::from_millis(100)),
    );
    let api = fake_model::start(Arc::clone(&fake)).await;
    let total = episodes.len() * 2;
    let run = |name: &str, resume: bool| {
        let run = Run::new(&api)
            .seeds(6)
            .args(&["--task", "all", "--trials", "2", "--concurrency", "4"])
            .file("--json", &temp_file(&format!("{name}.json")))
            .trajectories(&temp_file(&format!("{name}.jsonl")));
        if resume { run.args(&["--resume"]) } else { run }
    };
    let whole = run("whole", false).output().await;
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let expected_file = std::fs::read_to_string(temp_file("whole.jsonl")).expect("trajectories");
    let expected_report = comparable(read_json(&temp_file("whole.json")));
    assert_eq!(expected_file.lines().count(), total);

    for (name, signal) in [("killed", "KILL"), ("interrupted", "INT")] {
        let mut child = run(name, false)
            .command()
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("deskbench runs");
        // 36 episodes of 100 ms, 4 at a time: about a second in all.
        wait_for_lines(&temp_file(&format!("{name}.jsonl")), 4).await;
        let pid = child.id().expect("running").to_string();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .await;
        assert!(sent.is_ok_and(|s| s.success()));
        let status = tokio::time::timeout(RUN_LIMIT, child.wait())
            .await
            .expect("the run stopped")
            .expect("status");
        let partial = std::fs::read_to_string(temp_file(&format!("{name}.jsonl"))).expect("file");
        let whole_lines = partial
            .lines()
            .filter(|l| serde_json::from_str::<Value>(l).is_ok())
            .count();
        assert!(
            whole_lines < total,
            "{name}: stopped before the end ({whole_lines} of {total})"
        );
        if signal == "INT" {
            assert_eq!(status.code(), Some(130), "{name}");
            assert_eq!(whole_lines, partial.lines().count(), "every line is whole");
        }
        let resumed = run(name, true).output().await;
        let stderr = text(&resumed.stderr);
        assert!(resumed.status.success(), "{name}: {stderr}");
        assert!(stderr.contains("resuming: "), "{stderr}");
        eprintln!("{name}, then resumed:\n{stderr}");
        let replayed = parse_log(&text(&resumed.stdout)).len();
        assert!(
            replayed < total && replayed >= total - whole_lines,
            "{name}: {replayed}"
        );
        let resumed_file =
            std::fs::read_to_string(temp_file(&format!("{name}.jsonl"))).expect("file");
        assert_same_lines(&resumed_file, &expected_file, name);
        let report = read_json(&temp_file(&format!("{name}.json")));
        assert_eq!(report["resumed"].as_u64(), Some((total - replayed) as u64));
        assert_eq!(comparable(report), expected_report, "{name}");
    }

    // Resuming with other settings is refused, naming them.
    let out = run("whole", true).args(&["--tool-calls"]).output().await;
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("protocol `text`"),
        "{}",
        text(&out.stderr)
    );
    for name in ["whole", "killed", "interrupted"] {
        let _ = std::fs::remove_file(temp_file(&format!("{name}.jsonl")));
        let _ = std::fs::remove_file(temp_file(&format!("{name}.json")));
    }
}

/// `deskbench regrade` of a file nothing changed since reproduces every
/// score exactly, scenario for scenario; errors stay errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_regrade_of_an_unchanged_file_reproduces_its_scores() {
    let episodes = every_task(&[2], 1);
    let failing = fake_model::reference_play("productivity", "hard", 2, 0).0;
    let faults = Faults {
        always_fail: [failing].into_iter().collect(),
        ..Faults::default()
    };
    let (api, _fake) = oracle_api(&episodes, faults).await;
    let (file, out_file) = (temp_file("regrade.jsonl"), temp_file("regrade.out.jsonl"));
    let played = Run::new(&api)
        .everything()
        .seeds(1)
        .args(&["--tool-calls"])
        .trajectories(&file)
        .output()
        .await;
    assert_eq!(
        played.status.code(),
        Some(1),
        "one error: {}",
        text(&played.stderr)
    );
    let regrade = Command::new(env!("CARGO_BIN_EXE_deskbench"))
        .arg("regrade")
        .arg(&file)
        .arg("--out")
        .arg(&out_file)
        .kill_on_drop(true)
        .output();
    let regrade = tokio::time::timeout(RUN_LIMIT, regrade)
        .await
        .expect("in time")
        .expect("runs");
    let stdout = text(&regrade.stdout);
    assert!(regrade.status.success(), "{}", text(&regrade.stderr));
    assert!(
        stdout.contains("0 scores changed, 0 scenarios no longer the same, 1 errors"),
        "{stdout}"
    );
    let (before, after) = (read_lines(&file), read_lines(&out_file));
    assert_eq!(before.len(), after.len());
    for (old, new) in before.iter().zip(&after) {
        assert_eq!(new["score"], old["score"], "{}/{}", old["env"], old["task"]);
        assert_eq!(new["previous_score"], old["score"]);
        assert_eq!(new["scenario_changed"], false);
        assert_eq!(new["score_breakdown"], old["score_breakdown"]);
        assert_eq!(new["total_reward"], old["total_reward"]);
        if old["outcome"] != "error" {
            assert_eq!(new["regrade_note"], "", "{}", new["regrade_note"]);
        }
    }
    let _ = std::fs::remove_file(file);
    let _ = std::fs::remove_file(out_file);
}

// ---------------------------------------------------------------------------
// Hugging Face datasets

/// What the table of one trajectories file must hold, read from its lines
/// here: row count, columns, scores, the last observation's
/// `terminal_grader` and the breakdowns.
fn expected_table(path: &std::path::Path) -> Value {
    let lines = read_lines(path);
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
/// environment's rows alone), an `inference` file with accepted, refused
/// and retried turns, and a tool-call file of every environment with an
/// error among its episodes; rows, columns, scores and breakdowns
/// round-trip.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_trajectories_of_both_runners_load_with_datasets() {
    let Some(python) = venv::python(".venv/datasets") else {
        return;
    };
    let (eval_file, inference_file, tools_file) = (
        temp_file("eval.jsonl"),
        temp_file("inference.jsonl"),
        temp_file("tools.jsonl"),
    );
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

    // Tool calls over every environment, the second episode an error.
    let episodes = every_task(&[2], 1);
    let failing = fake_model::reference_play("productivity", "medium", 2, 0).0;
    let faults = Faults {
        always_fail: [failing].into_iter().collect(),
        ..Faults::default()
    };
    let (api, _fake) = oracle_api(&episodes, faults).await;
    let out = Run::new(&api)
        .everything()
        .seeds(1)
        .args(&["--tool-calls"])
        .trajectories(&tools_file)
        .output()
        .await;
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));

    let cache = temp_file("datasets-cache");
    let loaded = Command::new(&python)
        .arg(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/support/load_trajectories.py"))
        .arg(&cache)
        .args([&eval_file, &inference_file, &tools_file])
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
    assert_eq!(tables.len(), 3, "{}", text(&loaded.stdout));
    for (table, path) in tables
        .iter()
        .zip([&eval_file, &inference_file, &tools_file])
    {
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
    assert_eq!(tables[2]["rows"], json!(episodes.len()));
    assert_eq!(
        tables[2]["scores"][1],
        Value::Null,
        "the error has no score"
    );
    for path in [eval_file, inference_file, tools_file] {
        let _ = std::fs::remove_file(path);
    }
}
