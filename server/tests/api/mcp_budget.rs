//! What an agent that plays through MCP alone receives, measured: the
//! reference episode of every task at every level played over `POST /mcp`
//! (the case and instruction read first, for free), printing the bytes of
//! `tools/list`, of the first reading and of every step result. Budgets:
//! `tools/list` under 8 KB in every environment and for every task, and
//! every support_triage step result under 2 KB. And the call that ends an
//! episode says the score in words, in the same shape in every
//! environment: `Episode over: score X of 1 (reward R). Breakdown: part
//! score, ... .` and the grader's feedback (its deductions).

use axum::Router;
use axum::http::{Method, StatusCode};
use env_wasm::registry::ENVIRONMENTS;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, TaskInfo};
use regex::Regex;
use serde_json::{Value, json};

use crate::common::*;

/// Bytes a `tools/list` reply may take, for any environment and task.
const TOOLS_LIST_BUDGET: usize = 8 * 1024;
/// Bytes a support_triage step result may take.
const SUPPORT_STEP_BUDGET: usize = 2 * 1024;

/// One MCP session of one episode, its requests' reply bodies measured.
struct Session {
    app: Router,
    path: String,
    id: String,
}

impl Session {
    async fn open(app: &Router, info: &EnvInfo, task: &TaskInfo, level: u8) -> Session {
        let path = format!(
            "/envs/{}/mcp?task={}&difficulty={level}&seed=7&reward_mode=score",
            info.id, task.id
        );
        let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
        let reply = send(app, request(Method::POST, &path, init.to_string())).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let id = reply.header("mcp-session-id").expect("session").to_owned();
        Session {
            app: app.clone(),
            path,
            id,
        }
    }

    /// The `result` of one request, and the bytes of the reply.
    async fn rpc(&self, method: &str, params: Value) -> (Value, usize) {
        let body = json!({"jsonrpc": "2.0", "id": 2, "method": method, "params": params});
        let mut request = request(Method::POST, &self.path, body.to_string());
        request
            .headers_mut()
            .insert("mcp-session-id", self.id.parse().expect("header"));
        let reply = send(&self.app, request).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let json = reply.json();
        assert!(json.get("error").is_none(), "{method}: {json}");
        (json["result"].clone(), reply.bytes.len())
    }
}

/// The reference episode's tool calls (computed here through the seam, on
/// the same task, level and seed).
fn reference_calls(info: &'static EnvInfo, task: &TaskInfo, level: u8) -> Vec<(String, Value)> {
    let mut env = AnyEnv::of(info);
    let options = json!({"task": task.id, "seed": 7, "difficulty": level, "reward_mode": "score"});
    assert!(env.reset(&options, ResetDefaults::default()).is_ok());
    let mut calls = Vec::new();
    while let Some(action) = env.reference_action() {
        let call = info.tool_call(&action).expect("a tool plays it");
        calls.push((call.name, Value::Object(call.arguments)));
        assert!(env.step(&action).is_ok());
    }
    calls
}

/// The shape of the ending call's text; `score` and the breakdown's parts
/// are captured.
fn ending() -> Regex {
    Regex::new(
        r"^Episode over: score (?P<score>[0-9.]+) of 1 \(reward -?[0-9.e-]+\)\. Breakdown: (?P<parts>[a-z_]+ [0-9.]+(, [a-z_]+ [0-9.]+)*)\. \S",
    )
    .expect("regex")
}

/// Check the ending call's result: the text's shape, its score and parts
/// the structured ones. Returns the score.
fn check_ending(env: &str, result: &Value) -> f64 {
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    let shape = ending();
    let found = shape
        .captures(text)
        .unwrap_or_else(|| panic!("{env}: the ending call's text: {text}"));
    let structured = &result["structuredContent"];
    let score: f64 = found["score"].parse().expect("a number");
    assert_eq!(structured["score"].as_f64(), Some(score), "{env}: {text}");
    assert_eq!(structured["done"], true);
    let parts: Vec<&str> = found["parts"]
        .split(", ")
        .filter_map(|part| part.split(' ').next())
        .collect();
    assert_eq!(
        parts,
        keys(&structured["observation"]["score_breakdown"]),
        "{env}: {text}"
    );
    score
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcp_results_stay_within_their_budget() {
    let app = app();
    println!(
        "env task level: tools/list, first read (case + instruction), steps (max, mean), episode"
    );
    for info in ENVIRONMENTS {
        for task in info.tasks {
            for level in 1..=5 {
                let session = Session::open(&app, info, task, level).await;
                let (tools, tools_bytes) = session.rpc("tools/list", json!({})).await;
                assert!(
                    tools_bytes < TOOLS_LIST_BUDGET,
                    "{} {}: tools/list is {tools_bytes} bytes",
                    info.id,
                    task.id
                );
                assert!(tools["tools"].as_array().is_some_and(|t| !t.is_empty()));
                let (listed, _) = session.rpc("resources/list", json!({})).await;
                let mut first = 0;
                for resource in listed["resources"].as_array().into_iter().flatten() {
                    let uri = resource["uri"].clone();
                    first += session.rpc("resources/read", json!({"uri": uri})).await.1;
                }
                let mut steps = Vec::new();
                let mut last = Value::Null;
                for (name, arguments) in reference_calls(info, task, level) {
                    let (result, bytes) = session
                        .rpc("tools/call", json!({"name": name, "arguments": arguments}))
                        .await;
                    assert_eq!(result["isError"], false, "{name}: {result}");
                    if info.id == "support_triage" {
                        assert!(
                            bytes < SUPPORT_STEP_BUDGET,
                            "{} level {level}: {name} returned {bytes} bytes: {result}",
                            task.id
                        );
                    }
                    // Never the instruction again, in any environment.
                    let observation = &result["structuredContent"]["observation"];
                    for fixed in [
                        "policy",
                        "scenario_instruction",
                        "instruction",
                        "answer_schema",
                    ] {
                        assert!(observation.get(fixed).is_none(), "{name}: {fixed}");
                    }
                    steps.push(bytes);
                    last = result;
                }
                assert_eq!(check_ending(info.id, &last), 1.0, "{}", info.id);
                let max = steps.iter().max().copied().unwrap_or(0);
                let mean = steps.iter().sum::<usize>() / steps.len().max(1);
                println!(
                    "{} {} {level}: {tools_bytes}, {first}, {} steps (max {max}, mean {mean}), {}",
                    info.id,
                    task.id,
                    steps.len(),
                    tools_bytes + first + steps.iter().sum::<usize>()
                );
            }
        }
    }
}

/// A wrong ending says its score and deductions in the same shape as a
/// right one, in every environment.
#[tokio::test]
async fn a_wrong_ending_says_its_score_and_deductions_in_words() {
    let app = app();
    let endings: [(&str, &str, &str, Value); 3] = [
        ("support_triage", "easy", "submit_episode", json!({})),
        (
            "productivity",
            "easy",
            "final",
            json!({"answer": {"label": "spam", "priority": "low", "needs_reply": "no"}}),
        ),
        (
            "it_mental_health",
            "burnout_detection",
            "answer",
            json!({"response": "Severity: Low. Escalate to HR: no. Red flags: none."}),
        ),
    ];
    for (env, task, tool, arguments) in endings {
        let info = env_wasm::registry::find(env).expect("registered");
        let task = info.tasks.iter().find(|t| t.id == task).expect("a task");
        let session = Session::open(&app, info, task, 2).await;
        let (result, _) = session
            .rpc("tools/call", json!({"name": tool, "arguments": arguments}))
            .await;
        let score = check_ending(env, &result);
        assert!(score < 1.0, "{env}: {result}");
        // The deductions: what was wrong, after the breakdown.
        let text = result["content"][0]["text"].as_str().unwrap_or_default();
        let said = text.split_once("). Breakdown: ").map(|(_, rest)| rest);
        assert!(said.is_some_and(|rest| rest.len() > 60), "{env}: {text}");
    }
}
