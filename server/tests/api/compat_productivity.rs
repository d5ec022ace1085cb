//! `/compat/productivity` speaks seed 002's HTTP contract, as its
//! `server/app.py` and models documented it: `POST /reset?task=`, `POST
//! /step {"action": "<raw>"}` with the reward object and step info, `GET
//! /state` as the observation; no score before the end; and its scores
//! are the OpenEnv mount's.

use axum::http::{Method, StatusCode};
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, ResetDefaults, registry};
use serde_json::{Value, json};

use crate::common::*;

const COMPAT: &str = "/compat/productivity";
const OPENENV: &str = "/envs/productivity";

const OBSERVATION_KEYS: [&str; 11] = [
    "action_format",
    "benchmark",
    "best_score",
    "done",
    "instruction",
    "last_action",
    "last_feedback",
    "max_steps",
    "payload",
    "step_count",
    "task_name",
];

const REWARD_KEYS: [&str; 8] = [
    "delta",
    "explanation",
    "loop_penalty",
    "malformed_penalty",
    "score",
    "step_penalty",
    "value",
    "wrong_answer_penalty",
];

const INFO_KEYS: [&str; 5] = [
    "best_score",
    "current_score",
    "error",
    "parsed_action",
    "terminated_by",
];

fn url(path: &str) -> String {
    format!("{COMPAT}{path}")
}

fn action(raw: &str) -> String {
    json!({ "action": raw }).to_string()
}

/// The reference answer of `task` for `seed`, from a local episode.
fn reference_raw(task: &str, seed: u64) -> String {
    let mut env = AnyEnv::new("productivity").expect("registered");
    env.reset(
        &json!({"task": task, "seed": seed}),
        ResetDefaults::default(),
    )
    .expect("reset");
    env.reference_action().expect("an answer")["raw"]
        .as_str()
        .expect("raw")
        .to_owned()
}

async fn step_as(app: &axum::Router, id: &str, raw: &str) -> Reply {
    send(app, with_id(Method::POST, &url("/step"), id, &action(raw))).await
}

/// No score of any kind before the end.
fn assert_no_score(step: &Value) {
    assert_eq!(step["observation"]["best_score"], Value::Null, "{step}");
    assert_eq!(step["reward"]["score"], Value::Null, "{step}");
    assert_eq!(step["info"]["current_score"], Value::Null, "{step}");
    assert_eq!(step["info"]["best_score"], Value::Null, "{step}");
    assert!(
        step["info"]["parsed_action"].get("components").is_none(),
        "{step}"
    );
    let explanation = step["reward"]["explanation"].as_str().unwrap_or("");
    assert!(
        !explanation.contains("Components") && !explanation.contains("Score"),
        "{step}"
    );
}

#[tokio::test]
async fn health_and_index() {
    let app = app();
    assert_eq!(
        get(&app, &url("/health")).await.json(),
        json!({"status": "ok"})
    );
    let index = get(&app, COMPAT).await.json();
    assert_eq!(
        (index["status"].clone(), index["service"].clone()),
        (json!("ok"), json!("openenv-productivity"))
    );
}

#[tokio::test]
async fn reset_answers_the_flat_observation() {
    let app = app();
    let reset = post(&app, &url("/reset?task=medium&seed=5"), "").await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text());
    let observation = reset.json();
    assert_eq!(keys(&observation), OBSERVATION_KEYS);
    assert_eq!(observation["benchmark"], "openenv-productivity");
    assert_eq!(observation["task_name"], "medium");
    assert_eq!(keys(&observation["payload"]), ["data", "schema"]);
    assert_eq!(observation["payload"]["data"]["kind"], "calendar");
    assert_eq!(
        (
            observation["step_count"].clone(),
            observation["max_steps"].clone()
        ),
        (json!(0), json!(5))
    );
    assert_eq!(observation["best_score"], Value::Null);
    assert_eq!(observation["done"], false);
    // The same scenario as the OpenEnv mount's for the seed.
    let openenv = post(
        &app,
        &format!("{OPENENV}/reset"),
        r#"{"task": "medium", "seed": 5}"#,
    )
    .await
    .json();
    assert_eq!(
        observation["instruction"],
        openenv["observation"]["instruction"]
    );
    assert_eq!(
        observation["payload"]["data"],
        openenv["observation"]["payload"]
    );
    // No task is the seed's default, easy.
    let easy = post(&app, &url("/reset"), "").await.json();
    assert_eq!(easy["task_name"], "easy");
    post(&app, &url("/reset?task=nope"), "")
        .await
        .error(404, "UNKNOWN_TASK");
    let bad_seed = post(&app, &url("/reset?seed=-3"), "")
        .await
        .error(422, "VALIDATION_ERROR");
    assert_eq!(bad_seed["error"]["field"], "seed");
}

#[tokio::test]
async fn a_step_answers_observation_reward_done_and_info() {
    let app = app();
    let id = "steps";
    send(
        &app,
        with_id(Method::POST, &url("/reset?task=easy&seed=3"), id, ""),
    )
    .await;
    let inspect = step_as(&app, id, "inspect").await;
    assert_eq!(inspect.status, StatusCode::OK, "{}", inspect.text());
    let inspect = inspect.json();
    assert_eq!(keys(&inspect), ["done", "info", "observation", "reward"]);
    assert_eq!(keys(&inspect["observation"]), OBSERVATION_KEYS);
    assert_eq!(keys(&inspect["reward"]), REWARD_KEYS);
    assert_eq!(keys(&inspect["info"]), INFO_KEYS);
    assert_eq!(inspect["reward"]["value"], -0.02);
    assert_eq!(inspect["reward"]["step_penalty"], -0.02);
    assert_eq!(inspect["info"]["parsed_action"], json!({"type": "inspect"}));
    assert_eq!(inspect["observation"]["last_action"], "inspect");
    assert_eq!(inspect["done"], false);
    assert_no_score(&inspect);

    // A proposal is recorded; nothing says how good it is.
    let propose = step_as(&app, id, r#"propose: {"label": "work"}"#)
        .await
        .json();
    assert_eq!(propose["info"]["parsed_action"]["type"], "propose");
    assert_eq!(
        propose["info"]["parsed_action"]["candidate"],
        json!({"label": "work"})
    );
    assert_no_score(&propose);

    // A malformed command is a scored step with the seed's penalty.
    let malformed = step_as(&app, id, "hello").await.json();
    assert_eq!(malformed["reward"]["malformed_penalty"], -0.25);
    assert_eq!(malformed["info"]["parsed_action"], Value::Null);
    assert!(malformed["info"]["error"].is_string());
    assert_no_score(&malformed);

    // The final answer ends the episode and shows the score.
    let raw = reference_raw("easy", 3);
    let last = step_as(&app, id, &raw).await.json();
    assert_eq!(last["done"], true);
    assert_eq!(last["observation"]["done"], true);
    assert_eq!(last["reward"]["score"], 1.0);
    assert_eq!(last["observation"]["best_score"], 1.0);
    assert_eq!(last["info"]["current_score"], 1.0);
    assert_eq!(last["info"]["terminated_by"], "final_action");
    let components = &last["info"]["parsed_action"]["components"];
    assert!(
        components.as_object().is_some_and(|c| !c.is_empty()),
        "{last}"
    );
    assert!(
        last["reward"]["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("Components"))
    );

    // After the end: the seed's already_done reply, worth nothing.
    let after = step_as(&app, id, "inspect").await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text());
    let after = after.json();
    assert_eq!(after["done"], true);
    assert_eq!(after["reward"]["value"], 0.0);
    assert_eq!(after["info"]["terminated_by"], "already_done");
    assert_eq!(after["observation"]["step_count"], 4);

    // GET /state is the observation.
    let state = send(&app, with_id(Method::GET, &url("/state"), id, ""))
        .await
        .json();
    assert_eq!(keys(&state), OBSERVATION_KEYS);
    assert_eq!(state, last["observation"]);
}

#[tokio::test]
async fn the_step_limit_ends_the_episode_with_its_score() {
    let app = app();
    let id = "limit";
    send(
        &app,
        with_id(Method::POST, &url("/reset?task=hard&seed=8"), id, ""),
    )
    .await;
    let mut last = Value::Null;
    for step in 1..=5 {
        last = step_as(&app, id, &format!("propose: {{\"valid_rows\": {step}}}"))
            .await
            .json();
        if step < 5 {
            assert_no_score(&last);
        }
    }
    assert_eq!(last["done"], true);
    assert_eq!(last["info"]["terminated_by"], "max_steps");
    assert!(last["reward"]["score"].is_number(), "{last}");
}

#[tokio::test]
async fn refusals_and_the_state_before_a_reset() {
    let app = app();
    post(&app, &url("/step"), &action("inspect"))
        .await
        .error(409, "EPISODE_NOT_STARTED");
    get(&app, &url("/state"))
        .await
        .error(409, "EPISODE_NOT_STARTED");
    post(&app, &url("/reset"), "").await;
    for (body, code, field) in [
        ("", "INVALID_JSON", "body"),
        ("{not json", "INVALID_JSON", "body"),
        ("{}", "VALIDATION_ERROR", "action"),
        (r#"{"action": 5}"#, "VALIDATION_ERROR", "action"),
        (r#"{"action": ""}"#, "VALIDATION_ERROR", "action"),
    ] {
        let json = post(&app, &url("/step"), body).await.error(422, code);
        assert_eq!(json["error"]["field"], field, "{body}: {json}");
    }
    // The OpenEnv action object is read too.
    let wrapped = post(&app, &url("/step"), r#"{"action": {"raw": "inspect"}}"#).await;
    assert_eq!(wrapped.status, StatusCode::OK, "{}", wrapped.text());
}

#[tokio::test]
async fn sessions_continue_and_stay_apart() {
    let app = app();
    let mut cookies = CookieClient::new(&app);
    cookies.post(&url("/reset?task=easy&seed=1"), "").await;
    send(
        &app,
        with_id(Method::POST, &url("/reset?task=hard&seed=2"), "other", ""),
    )
    .await;
    assert_eq!(
        cookies.post(&url("/step"), &action("inspect")).await.status,
        StatusCode::OK
    );
    let mine = cookies.get(&url("/state")).await.json();
    assert_eq!(
        (mine["task_name"].clone(), mine["step_count"].clone()),
        (json!("easy"), json!(1))
    );
    let theirs = send(
        &app,
        with_id(Method::GET, &url("/state?session_id=other"), "other", ""),
    )
    .await
    .json();
    assert_eq!(
        (theirs["task_name"].clone(), theirs["step_count"].clone()),
        (json!("hard"), json!(0))
    );
    // Requests naming no session continue the latest cookie-less reset.
    post(&app, &url("/reset?task=medium"), "").await;
    post(&app, &url("/step"), &action("inspect")).await;
    let anonymous = get(&app, &url("/state")).await.json();
    assert_eq!(
        (
            anonymous["task_name"].clone(),
            anonymous["step_count"].clone()
        ),
        (json!("medium"), json!(1))
    );
    assert_eq!(cookies.get(&url("/state")).await.json()["step_count"], 1);
}

#[tokio::test]
async fn scores_equal_the_openenv_mounts_over_fifty_seeds() {
    let app = app();
    let info = registry::find("productivity").expect("registered");
    let policies = info.policy_names();
    for seed in 0..50u64 {
        let task = info.tasks[seed as usize % info.tasks.len()].id;
        let policy = policies[(seed as usize / info.tasks.len()) % policies.len()];
        let (compat_id, openenv_id) = (format!("compat-{seed}"), format!("openenv-{seed}"));
        let query = url(&format!("/reset?task={task}&seed={seed}"));
        send(&app, with_id(Method::POST, &query, &compat_id, "")).await;
        let options = json!({"task": task, "seed": seed}).to_string();
        send(
            &app,
            with_id(
                Method::POST,
                &format!("{OPENENV}/reset"),
                &openenv_id,
                &options,
            ),
        )
        .await;
        let mut local = AnyEnv::new("productivity").expect("registered");
        local
            .reset(
                &json!({"task": task, "seed": seed}),
                ResetDefaults::default(),
            )
            .expect("reset");
        let mut rng = SeededRng::new(seed, 1);
        // An inspect and a proposal before the policy's answer, so shaped
        // rewards before the end are compared too.
        let mut raws = vec!["inspect".to_owned(), "propose: {}".to_owned()];
        let answer = local.policy_action(policy, &mut rng).expect("an action");
        raws.push(answer["raw"].as_str().expect("raw").to_owned());
        for raw in raws {
            let compat = step_as(&app, &compat_id, &raw).await.json();
            let body = json!({"action": {"raw": raw}}).to_string();
            let openenv_step = format!("{OPENENV}/step");
            let openenv = send(
                &app,
                with_id(Method::POST, &openenv_step, &openenv_id, &body),
            )
            .await
            .json();
            assert_eq!(
                compat["reward"]["value"], openenv["reward"],
                "seed {seed} {task} {policy}: {raw}"
            );
            assert_eq!(compat["done"], openenv["done"]);
            let terminal = &openenv["observation"]["terminal_grader"];
            if openenv["done"] == true {
                assert!(terminal.is_number());
                assert_eq!(&compat["reward"]["score"], terminal, "seed {seed}");
                assert_eq!(&compat["observation"]["best_score"], terminal);
                assert_eq!(&compat["info"]["current_score"], terminal);
                assert_eq!(
                    compat["info"]["parsed_action"]["components"],
                    openenv["observation"]["score_breakdown"]
                );
                break;
            }
            assert_no_score(&compat);
        }
    }
}
