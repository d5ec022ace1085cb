//! `deskbench eval`, run as the real binary: in-process and against a live
//! server on 127.0.0.1 over `/ws` it reports identical numbers; `reference`
//! scores 1.0 on every task; a server that plays another scenario, or none,
//! is an error (exit 1), a bad argument a usage error (exit 2).

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::routing::get;
use env_wasm::registry::ENVIRONMENTS;
use serde_json::Value;
use tokio::process::Command;

/// Bound on one run of the binary, so a hang fails instead of blocking.
const RUN_LIMIT: Duration = Duration::from_secs(120);

fn temp_path(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "deskbench-eval-{}-{}-{name}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

async fn deskbench(args: &[&str]) -> Output {
    let run = Command::new(env!("CARGO_BIN_EXE_deskbench"))
        .args(args)
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .output();
    tokio::time::timeout(RUN_LIMIT, run)
        .await
        .expect("deskbench eval finished in time")
        .expect("deskbench runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("the JSON report was written");
    serde_json::from_str(&text).expect("the JSON report is JSON")
}

/// Serve `app` on 127.0.0.1:0; the base URL.
async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{addr}")
}

async fn deskbench_server() -> String {
    let (app, _handle) = server::build(server::Config {
        web_dist: PathBuf::from("/nonexistent/deskbench-dist"),
        ..server::Config::default()
    });
    serve(app).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_process_and_server_runs_report_identical_numbers() {
    let base = deskbench_server().await;
    let (local_json, remote_json, remote_csv) = (
        temp_path("local.json"),
        temp_path("remote.json"),
        temp_path("remote.csv"),
    );
    let common = [
        "eval",
        "--policy",
        "all",
        "--seeds",
        "5",
        "--seed-start",
        "300",
        "--trials",
        "2",
    ];
    let local_path = local_json.to_string_lossy().into_owned();
    let mut local_args = common.to_vec();
    local_args.extend(["--json", &local_path]);
    let remote_path = remote_json.to_string_lossy().into_owned();
    let csv_path = remote_csv.to_string_lossy().into_owned();
    let mut remote_args = common.to_vec();
    remote_args.extend([
        "--url",
        &base,
        "--concurrency",
        "3",
        "--json",
        &remote_path,
        "--csv",
        &csv_path,
    ]);
    let (local, remote) = tokio::join!(deskbench(&local_args), deskbench(&remote_args));
    assert!(local.status.success(), "{}", stderr(&local));
    assert!(remote.status.success(), "{}", stderr(&remote));
    assert_eq!(stdout(&local), stdout(&remote), "the two tables differ");

    let (mut local, mut remote) = (read_json(&local_json), read_json(&remote_json));
    assert_eq!(local["source"], "in-process");
    assert_eq!(remote["source"], base.as_str());
    local["source"] = Value::Null;
    remote["source"] = Value::Null;
    assert_eq!(local, remote, "the JSON reports differ beyond `source`");

    // Every environment, task and registered policy is there, in order.
    let summaries = local["summaries"].as_array().expect("summaries");
    let expected: Vec<(String, String, String)> = ENVIRONMENTS
        .iter()
        .flat_map(|env| {
            env.tasks.iter().flat_map(move |task| {
                env.policy_names()
                    .into_iter()
                    .map(move |p| (env.id.to_owned(), task.id.to_owned(), p.to_owned()))
            })
        })
        .collect();
    let got: Vec<(String, String, String)> = summaries
        .iter()
        .map(|s| {
            let field = |k: &str| s[k].as_str().unwrap_or_default().to_owned();
            (field("env"), field("task"), field("policy"))
        })
        .collect();
    assert_eq!(got, expected);
    let episodes = local["episodes"].as_array().expect("episodes");
    assert_eq!(episodes.len(), expected.len() * 5 * 2);
    for s in summaries {
        assert_eq!(s["episodes"], 10, "{s}");
        assert_eq!(s["pass_k"].as_array().map(Vec::len), Some(2), "{s}");
        if s["policy"] == "reference" {
            assert_eq!(
                (s["mean"].as_f64(), s["min"].as_f64()),
                (Some(1.0), Some(1.0)),
                "{s}"
            );
            assert_eq!(s["pass_k"], serde_json::json!([1.0, 1.0]), "{s}");
        }
    }
    // Somewhere a baseline must score below the reference, or eval shows nothing.
    assert!(
        summaries.iter().any(|s| s["mean"].as_f64() < Some(0.9)),
        "no policy scored below 0.9"
    );

    let csv = std::fs::read_to_string(&remote_csv).expect("the CSV report was written");
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some(
            "env,task,policy,noise,difficulty,episodes,mean,std,min,max,success_rate,pass^1,pass^2,\
             mean_steps,mean_total_reward,truncated,ungraded,deskbench_version,task_set_version"
        )
    );
    assert_eq!(lines.count(), expected.len());
    for path in [local_json, remote_json, remote_csv] {
        let _ = std::fs::remove_file(path);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reference_scores_one_everywhere_and_reruns_are_identical() {
    let args = ["eval", "--seeds", "40", "--seed-start", "1000"];
    let (first, second) = tokio::join!(deskbench(&args), deskbench(&args));
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(first.stdout, second.stdout, "two identical runs differ");
    let table = stdout(&first);
    let rows: Vec<&str> = table
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let tasks: usize = ENVIRONMENTS.iter().map(|e| e.tasks.len()).sum();
    assert_eq!(rows.len(), tasks, "{table}");
    for row in rows {
        let cells: Vec<&str> = row.split_whitespace().collect();
        // env task policy difficulty episodes mean std min max success pass^1 steps truncated
        assert_eq!(cells.len(), 13, "{row}");
        assert_eq!(
            cells[12], "0",
            "the reference ends every episode itself: {row}"
        );
        assert_eq!(cells[2], "reference", "{row}");
        assert_eq!(cells[3], "2", "the default level: {row}");
        assert_eq!(cells[4], "40", "{row}");
        assert_eq!(
            &cells[5..11],
            ["1.000", "0.000", "1.000", "1.000", "1.000", "1.000"],
            "{row}"
        );
    }
}

/// A `/ws` endpoint that accepts anything and answers every message with
/// the same empty observation: a server of some other environment.
async fn impostor(mut socket: WebSocket) {
    let reply = r#"{"type":"observation","data":{"observation":{},"reward":null,"done":false}}"#;
    while let Some(Ok(message)) = socket.recv().await {
        if matches!(message, Message::Text(_)) && socket.send(Message::text(reply)).await.is_err() {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_disagrees_or_is_absent_is_an_error() {
    let app = Router::new().route(
        "/envs/{env}/ws",
        get(|ws: WebSocketUpgrade| async move { ws.on_upgrade(impostor) }),
    );
    let base = serve(app).await;
    let env = ENVIRONMENTS[0].id;
    let out = deskbench(&["eval", "--env", env, "--seeds", "2", "--url", &base]).await;
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("differs from the seam"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty(), "no table after an error");

    // A port nobody listens on: bind one, then free it.
    let closed = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        listener.local_addr().expect("addr")
    };
    let out = deskbench(&["eval", "--seeds", "2", "--url", &format!("http://{closed}")]).await;
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot connect"), "{}", stderr(&out));

    let out = deskbench(&["eval", "--policy", "no-such-policy"]).await;
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = deskbench(&["eval", "--env", "no-such-env"]).await;
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `--policy exploits` plays every exploit policy of every environment on
/// every task and nothing else; the bounds on what they may score are the
/// core's exploit tests (500 seeds), this checks the family a user asks for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_exploits_family_plays_every_exploit_policy_on_every_task() {
    let report = temp_path("exploits.json");
    let path = report.to_str().expect("utf-8 temp path");
    let run = deskbench(&[
        "eval", "--policy", "exploits", "--seeds", "3", "--json", path, "--quiet",
    ])
    .await;
    assert!(run.status.success(), "{}", stderr(&run));
    let json = read_json(&report);
    let summaries = json["summaries"].as_array().expect("summaries");
    let mut played: Vec<(String, String, String)> = summaries
        .iter()
        .map(|s| {
            let field = |k: &str| s[k].as_str().unwrap_or_default().to_owned();
            (field("env"), field("task"), field("policy"))
        })
        .collect();
    played.sort();
    let mut expected = Vec::new();
    for info in ENVIRONMENTS {
        let exploits = info.policies_named(env_wasm::registry::EXPLOIT_POLICIES);
        assert!(!exploits.is_empty(), "{} offers no exploit policy", info.id);
        for task in info.tasks {
            for policy in &exploits {
                assert!(policy.starts_with(env_wasm::registry::EXPLOIT_PREFIX));
                expected.push((info.id.to_owned(), task.id.to_owned(), (*policy).to_owned()));
            }
        }
    }
    expected.sort();
    assert_eq!(played, expected);
    let _ = std::fs::remove_file(&report);
}

/// The trajectories file: one JSON object per episode, every step with its
/// action and observation (as JSON text), reward, done and truncated; the
/// schema README "Trajectories" documents (`tests/inference.rs` loads it
/// with Hugging Face `datasets`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trajectories_hold_every_step_of_every_episode() {
    let path = std::env::temp_dir().join(format!("deskbench-traj-{}.jsonl", std::process::id()));
    let file = path.to_string_lossy().into_owned();
    let args = [
        "eval",
        "--policy",
        "reference,random",
        "--seeds",
        "2",
        "--seed-start",
        "1000000",
        "--trajectories",
        &file,
        "--quiet",
    ];
    let run = deskbench(&args).await;
    assert!(run.status.success(), "{}", stderr(&run));
    let text = std::fs::read_to_string(&path).expect("the trajectories were written");
    let _ = std::fs::remove_file(&path);
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    let policies: usize = ENVIRONMENTS
        .iter()
        .map(|e| {
            e.tasks.len()
                * if e.policy_names().contains(&"random") {
                    2
                } else {
                    1
                }
        })
        .sum();
    assert_eq!(lines.len(), policies * 2);
    for line in &lines {
        for key in [
            "env",
            "task",
            "difficulty",
            "split",
            "seed",
            "policy",
            "noise",
            "trial",
            "reward_mode",
            "steps",
            "score",
            "score_breakdown",
            "outcome",
            "truncated",
            "total_reward",
        ] {
            assert!(line.get(key).is_some(), "{key} missing: {line}");
        }
        assert_eq!(line["split"], "validation");
        assert_eq!(line["difficulty"], 2);
        assert_eq!(line["noise"], 0.0, "no noise but the noisy reference's");
        let steps = line["steps"].as_array().expect("steps");
        assert_eq!(
            steps[0]["action"],
            serde_json::Value::Null,
            "the reset comes first"
        );
        // Free-form parts are JSON text (one column type for every environment).
        let decoded = |value: &Value| -> Value {
            serde_json::from_str(value.as_str().expect("JSON text")).expect("JSON")
        };
        assert!(decoded(&line["score_breakdown"]).is_object(), "{line}");
        let last = steps.last().expect("a step");
        assert_eq!(last["done"], true, "{line}");
        assert_eq!(
            decoded(&last["observation"])["terminal_grader"],
            line["score"]
        );
        assert_eq!(last["truncated"], line["truncated"]);
        for step in &steps[1..] {
            assert!(
                decoded(&step["action"]).is_object() && step["reward"].is_number(),
                "{step}"
            );
        }
        if line["policy"] == "reference" {
            assert_eq!(line["score"], 1.0);
        }
    }
}

/// Over `--url` every reset carries the level and the split: the server
/// plays the same scenario as the seam at each level the environments
/// serve (the lock-step check would refuse another), and the two reports
/// agree row for row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn levels_and_splits_reach_the_server() {
    let base = deskbench_server().await;
    let common = [
        "eval",
        "--policy",
        "reference,random",
        "--difficulty",
        "all",
        "--split",
        "validation",
        "--seed-start",
        "20",
        "--seeds",
        "2",
        "--quiet",
    ];
    let mut remote_args = common.to_vec();
    remote_args.extend(["--url", &base]);
    let (local, remote) = tokio::join!(deskbench(&common), deskbench(&remote_args));
    assert!(local.status.success(), "{}", stderr(&local));
    assert!(remote.status.success(), "{}", stderr(&remote));
    assert_eq!(stdout(&local), stdout(&remote), "the two tables differ");
    let table = stdout(&local);
    // One row per task, policy and served level, each naming its level.
    let mut levels: Vec<String> = Vec::new();
    for row in table.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        levels.push(format!("{}/{}/{}", cells[0], cells[1], cells[3]));
    }
    let expected: usize = ENVIRONMENTS
        .iter()
        .map(|e| {
            let policies = 1 + usize::from(e.policy_names().contains(&"random"));
            e.tasks.len() * e.levels.len() * policies
        })
        .sum();
    assert_eq!(levels.len(), expected, "{table}");
    for info in ENVIRONMENTS {
        for level in info.levels {
            let cell = format!("{}/{}/{level}", info.id, info.tasks[0].id);
            assert!(levels.contains(&cell), "no row {cell}: {table}");
        }
    }
}
