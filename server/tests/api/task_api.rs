//! OpenEnv's Task API at the server root, with the bodies and replies of
//! the `openenv` package (`{"split"}` -> `{"num_tasks"}`, `{"split",
//! "index"}` -> `{"task"}`, `{"split", "start", "stop"}` -> `{"tasks"}`), and
//! `reset(split=, index=)` playing the task it names on every mount.

use axum::http::Method;
use env_wasm::registry::ENVIRONMENTS;
use serde_json::{Value, json};

use crate::common::*;
use crate::ws::{ask, connect, spawn};

#[tokio::test]
async fn environments_splits_and_counts() {
    let app = app();
    let ids: Vec<&str> = ENVIRONMENTS.iter().map(|e| e.id).collect();
    assert_eq!(get(&app, "/list_environments").await.json(), json!(ids));
    for info in ENVIRONMENTS {
        let splits = get(&app, &format!("/{}/splits", info.id)).await.json();
        let names: Vec<&str> = splits
            .as_array()
            .map(|s| s.iter().filter_map(|s| s["name"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(names, ["train", "validation", "test"], "{splits}");
        let mut previous_stop = 0;
        for split in splits.as_array().into_iter().flatten() {
            // Disjoint, documented seed ranges over every task.
            let (start, stop) = (&split["seeds"]["start"], &split["seeds"]["stop"]);
            assert!(start.as_u64() >= Some(previous_stop), "{split}");
            previous_stop = stop.as_u64().unwrap_or_default();
            assert_eq!(split["type"], split["name"]);
            assert_eq!(split["levels"], json!(info.levels));
            // A held-out split comes whole in one `/tasks` reply.
            if split["name"] != "train" {
                assert!(
                    split["num_tasks"].as_u64() <= Some(server::wire::MAX_LISTED),
                    "{split}"
                );
            }
            assert_eq!(
                split["tasks"].as_array().map(Vec::len),
                Some(info.tasks.len())
            );
            let body = json!({"split": split["name"]}).to_string();
            let count = post(&app, &format!("/{}/num_tasks", info.id), &body)
                .await
                .json();
            assert_eq!(count, json!({"num_tasks": split["num_tasks"]}));
        }
    }
    // The first split when none is named, as OpenEnv's clients default.
    let default = post(&app, "/productivity/num_tasks", "{\"split\": \"\"}")
        .await
        .json();
    let productivity = env_wasm::registry::find("productivity").expect("productivity");
    let per_seed = productivity.tasks.len() * productivity.levels.len();
    assert_eq!(default["num_tasks"], json!(per_seed * 1_000_000));
}

#[tokio::test]
async fn tasks_ranges_and_records() {
    let app = app();
    let one = post(
        &app,
        "/support_triage/task",
        r#"{"split": "validation", "index": 7}"#,
    )
    .await
    .json();
    let task = &one["task"];
    assert_eq!(
        keys(task),
        [
            "dataset",
            "difficulty",
            "env",
            "index",
            "max_steps",
            "reset",
            "seed",
            "split",
            "task",
            "task_id",
            "task_name"
        ]
    );
    assert_eq!(task["env"], "support_triage");
    // Index 7 by the numbering of `env_wasm::splits`: task 7 % T, level
    // (7 / T) % L, seed start + 7 / (T * L).
    let support = env_wasm::registry::find("support_triage").expect("support_triage");
    let (tasks, levels) = (support.tasks.len(), support.levels.len());
    let level = support.levels[(7 / tasks) % levels];
    assert_eq!(task["task"], support.tasks[7 % tasks].id);
    assert_eq!(task["difficulty"], level);
    assert_eq!(task["seed"], json!(1_000_000 + 7 / (tasks * levels)));
    assert_eq!(task["reset"], json!({"split": "validation", "index": 7}));
    assert_eq!(
        task["task_id"],
        format!(
            "support_triage/{}/{level}/{}",
            task["task"].as_str().unwrap_or(""),
            task["seed"]
        )
    );
    let range = post(
        &app,
        "/support_triage/task_range",
        r#"{"split": "validation", "start": 5, "stop": 9}"#,
    )
    .await
    .json();
    let indices: Vec<u64> = range["tasks"]
        .as_array()
        .map(|t| t.iter().filter_map(|t| t["index"].as_u64()).collect())
        .unwrap_or_default();
    assert_eq!(indices, [5, 6, 7, 8]);
    assert_eq!(range["tasks"][2], *task, "a range holds the same records");
    // Python slice ends: from the end, clamped, empty when crossed
    // (productivity's test split: 1000 seeds of 3 tasks at 5 levels).
    let tail = post(
        &app,
        "/productivity/task_range",
        r#"{"split": "test", "start": -2}"#,
    )
    .await
    .json();
    assert_eq!(tail["tasks"][1]["index"], 14_999);
    let past = post(
        &app,
        "/productivity/task_range",
        r#"{"split": "test", "start": 14999, "stop": 20000}"#,
    )
    .await
    .json();
    assert_eq!(past["tasks"].as_array().map(Vec::len), Some(1));
    let listed = post(&app, "/productivity/tasks", r#"{"split": "validation"}"#)
        .await
        .json();
    assert_eq!(listed["env_name"], "productivity");
    let productivity = env_wasm::registry::find("productivity").expect("productivity");
    let per_seed = productivity.tasks.len() * productivity.levels.len();
    assert_eq!(
        listed["tasks"].as_array().map(Vec::len),
        Some(per_seed * 1000)
    );
}

#[tokio::test]
async fn refusals_name_what_to_send() {
    let app = app();
    for (uri, body, status, code, field) in [
        (
            "/nope/num_tasks",
            r#"{"split": "train"}"#,
            404,
            "UNKNOWN_ENV",
            None,
        ),
        (
            "/productivity/num_tasks",
            r#"{"split": "dev"}"#,
            422,
            "VALIDATION_ERROR",
            Some("split"),
        ),
        (
            "/productivity/task",
            r#"{"split": "test", "index": 15000}"#,
            422,
            "VALIDATION_ERROR",
            Some("index"),
        ),
        (
            "/productivity/task",
            r#"{"split": "test", "index": -1}"#,
            422,
            "VALIDATION_ERROR",
            Some("index"),
        ),
        (
            "/productivity/task",
            r#"{"split": "test"}"#,
            422,
            "VALIDATION_ERROR",
            Some("index"),
        ),
        (
            "/productivity/task",
            r#"{"split": "test", "idx": 1}"#,
            422,
            "VALIDATION_ERROR",
            Some("idx"),
        ),
        (
            "/productivity/task_range",
            r#"{"split": "train"}"#,
            422,
            "VALIDATION_ERROR",
            Some("stop"),
        ),
        (
            "/productivity/tasks",
            r#"{"split": "train"}"#,
            422,
            "VALIDATION_ERROR",
            Some("split"),
        ),
        (
            "/productivity/task_range",
            r#"{"split": "test", "start": "a"}"#,
            422,
            "VALIDATION_ERROR",
            Some("start"),
        ),
    ] {
        let body = post(&app, uri, body).await.error(status, code);
        assert_eq!(body["error"]["field"].as_str(), field, "{uri}: {body}");
    }
    let missing = get(&app, "/nope/splits").await;
    missing.error(404, "UNKNOWN_ENV");
}

/// The state of the session `id` at `prefix`.
async fn state_of(app: &axum::Router, prefix: &str, id: &str) -> Value {
    send(
        app,
        with_id(Method::GET, &format!("{prefix}/state"), id, ""),
    )
    .await
    .json()
}

#[tokio::test]
async fn reset_with_split_and_index_plays_that_task_on_every_mount() {
    let (base, app, _) = spawn(config()).await;
    for info in ENVIRONMENTS {
        let prefix = format!("/envs/{}", info.id);
        for index in [0, 5, 2999] {
            let record = post(
                &app,
                &format!("/{}/task", info.id),
                &json!({"split": "validation", "index": index}).to_string(),
            )
            .await
            .json()["task"]
                .clone();
            let body = record["reset"].to_string();
            let id = format!("pick-{}-{index}", info.id);
            let reply = send(
                &app,
                with_id(Method::POST, &format!("{prefix}/reset"), &id, &body),
            )
            .await;
            assert_eq!(reply.status, 200, "{}", reply.text());
            let state = state_of(&app, &prefix, &id).await;
            assert_eq!(
                (&state["task"], &state["seed"]),
                (&record["task"], &record["seed"])
            );
            // The same task by its own options: the same first observation.
            let direct = json!({
                "task": record["task"],
                "difficulty": record["difficulty"],
                "seed": record["seed"],
            })
            .to_string();
            let again = post(&app, &format!("{prefix}/reset"), &direct).await.json();
            assert_eq!(again, reply.json(), "{}: deterministic", info.id);
            // Over /ws too.
            let mut ws = connect(&format!("{base}{prefix}/ws")).await;
            let frame = json!({"type": "reset", "data": record["reset"]}).to_string();
            let over_ws = ask(&mut ws, &frame).await;
            assert_eq!(over_ws["data"], reply.json(), "{}", info.id);
        }
    }
    // The root mount (the default environment) reads them as well.
    let root = post(&app, "/reset", r#"{"split": "test", "index": 1}"#).await;
    assert_eq!(root.status, 200);
    let state = get(&app, "/state").await.json();
    assert_eq!(
        (state["task"].clone(), state["seed"].clone()),
        (json!("medium"), json!(1_001_000))
    );
}
