//! `/compat/it_mental_health` speaks seed 000's HTTP contract, as its
//! README, `validate.py`, `inference.py` and `tests/test_api_contract.py`
//! use it: the flat reset and step bodies and replies, its 400 detail
//! strings, the 200 no-op after the end, its state fields and session
//! places; and its scores are the OpenEnv mount's.

use axum::http::{Method, StatusCode};
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, ResetDefaults, registry};
use serde_json::{Value, json};
use server::{Config, RootApi};

use crate::common::*;

const COMPAT: &str = "/compat/it_mental_health";
const OPENENV: &str = "/envs/it_mental_health";
const TASKS: [&str; 3] = ["burnout_detection", "stress_triage", "intervention_plan"];

fn url(path: &str) -> String {
    format!("{COMPAT}{path}")
}

fn step_body(response: &str, task_id: &str) -> String {
    json!({"response": response, "task_id": task_id, "confidence": 0.85}).to_string()
}

/// A local episode on the same seam, to write answers with.
fn local_episode(seed: u64) -> AnyEnv {
    let mut env = AnyEnv::new("it_mental_health").expect("registered");
    env.reset(&json!({"seed": seed}), ResetDefaults::default())
        .expect("reset");
    env
}

fn answer(env: &AnyEnv) -> String {
    env.reference_action().expect("an answer")["response"]
        .as_str()
        .expect("a response")
        .to_owned()
}

#[tokio::test]
async fn health_tasks_schema_and_index_have_the_seeds_shapes() {
    let app = app();
    let health = get(&app, &url("/health")).await;
    assert_eq!(health.status, StatusCode::OK);
    let health = health.json();
    assert_eq!(
        keys(&health),
        ["env", "session_cookie", "status", "version"]
    );
    assert_eq!(health["status"], "ok");
    assert_eq!(health["env"], "it_mental_health_env");
    assert_eq!(health["session_cookie"], "itmh_session_id");

    let tasks = get(&app, &url("/tasks")).await.json();
    let listed: Vec<&str> = tasks["tasks"]
        .as_array()
        .expect("tasks")
        .iter()
        .map(|t| t["task_id"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(listed, TASKS);
    for (task, difficulty) in tasks["tasks"]
        .as_array()
        .expect("tasks")
        .iter()
        .zip(["easy", "medium", "hard"])
    {
        assert_eq!(
            keys(task),
            [
                "description",
                "difficulty",
                "grader",
                "graders",
                "id",
                "objective",
                "scoring",
                "task_id"
            ]
        );
        assert_eq!(task["difficulty"], difficulty);
        assert_eq!(task["id"], task["task_id"]);
        assert_eq!(task["graders"][0], task["grader"]);
    }
    assert_eq!(
        keys(&tasks["graders"]),
        ["module", "registry", "task_grader_pairs"]
    );
    assert_eq!(
        tasks["graders"]["task_grader_pairs"][2]["task_id"],
        TASKS[2]
    );

    let schema = get(&app, &url("/schema")).await.json();
    assert_eq!(keys(&schema), ["action", "observation", "state"]);
    assert_eq!(
        keys(&schema["action"]),
        ["confidence", "metadata", "response", "task_id"]
    );
    let index = get(&app, COMPAT).await.json();
    assert_eq!(index["health"], url("/health"));
    assert_eq!(index["tasks"], url("/tasks"));
}

#[tokio::test]
async fn a_step_before_reset_is_400_not_initialized() {
    let app = app();
    let reply = post(
        &app,
        &url("/step"),
        &step_body("Structured response", TASKS[0]),
    )
    .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text());
    let body = reply.json();
    assert_eq!(
        body["detail"],
        "Episode not initialized. Call /reset before /step."
    );
    assert_eq!(body["error"]["code"], "EPISODE_NOT_STARTED");
    // An id the server never saw is the same: nothing to step.
    let named = send(
        &app,
        with_id(
            Method::POST,
            &url("/step"),
            "never-reset",
            &step_body("x", TASKS[0]),
        ),
    )
    .await;
    assert_eq!(named.status, StatusCode::BAD_REQUEST);
    assert_eq!(named.json()["detail"], body["detail"]);
}

#[tokio::test]
async fn a_task_id_mismatch_is_400_and_counts_nothing() {
    let app = app();
    let mut client = CookieClient::new(&app);
    assert_eq!(
        client.post(&url("/reset"), "{}").await.status,
        StatusCode::OK
    );
    let reply = client
        .post(&url("/step"), &step_body("Structured response", TASKS[2]))
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text());
    let body = reply.json();
    assert_eq!(
        body["detail"],
        "task_id mismatch: expected 'burnout_detection', got 'intervention_plan'."
    );
    assert_eq!(body["error"]["code"], "TASK_ID_MISMATCH");
    let state = client.get(&url("/state")).await.json();
    assert_eq!(state["step_count"], 0);
    assert_eq!(state["current_task"], TASKS[0]);
    // No task_id is the seed's default, burnout_detection.
    let defaulted = client
        .post(&url("/step"), r#"{"response": "A short answer."}"#)
        .await;
    assert_eq!(defaulted.status, StatusCode::OK, "{}", defaulted.text());
    assert_eq!(defaulted.json()["task_id"], TASKS[1]);
}

#[tokio::test]
async fn an_episode_speaks_the_flat_contract_to_the_end_and_after() {
    let app = app();
    let mut client = CookieClient::new(&app);
    let reset = client.post(&url("/reset"), r#"{"seed": 11}"#).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text());
    let session = client
        .cookie("itmh_session_id")
        .expect("the seed's cookie")
        .to_owned();
    assert_eq!(reset.session_id(), session);
    let first = reset.json();
    assert_eq!(
        keys(&first),
        [
            "done",
            "feedback",
            "metadata",
            "reward",
            "scenario",
            "score_breakdown",
            "task_id"
        ]
    );
    assert_eq!(first["reward"], 0.0);
    assert_eq!(first["done"], false);
    assert_eq!(first["score_breakdown"], json!({}));
    assert_eq!(first["task_id"], TASKS[0]);
    assert!(first["scenario"].as_str().is_some_and(|s| s.len() > 200));
    assert_eq!(
        keys(&first["metadata"]),
        [
            "difficulty",
            "difficulty_cumulative_score",
            "overall_cumulative_score",
            "seed",
            "session_id",
            "step_score",
            "task_cumulative_score",
            "task_id",
            "task_step_number"
        ]
    );
    assert_eq!(first["metadata"]["seed"], 11);
    assert_eq!(first["metadata"]["session_id"], session);
    assert_eq!(first["metadata"]["difficulty"], "easy");

    let fresh = client.get(&url("/state")).await.json();
    assert_eq!(
        fresh["task_scores"],
        json!({"burnout_detection": 0.0, "stress_triage": 0.0, "intervention_plan": 0.0})
    );
    assert_eq!(
        fresh["task_step_counts"],
        json!({"burnout_detection": 0, "stress_triage": 0, "intervention_plan": 0})
    );
    assert_eq!(
        fresh["difficulty_scores"],
        json!({"easy": 0.0, "medium": 0.0, "hard": 0.0})
    );

    let mut local = local_episode(11);
    let mut total = 0.0;
    for (i, task) in TASKS.iter().enumerate() {
        let response = answer(&local);
        let expected = local
            .step(&json!({"response": response, "task_id": task}))
            .expect("local step");
        let reply = client
            .post(&url("/step"), &step_body(&response, task))
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let step = reply.json();
        assert_eq!(keys(&step), keys(&first));
        assert_eq!(step["reward"], json!(expected.reward), "{task}");
        total += expected.reward.unwrap_or(0.0);
        let last = i == TASKS.len() - 1;
        assert_eq!(step["done"], last);
        assert_eq!(step["task_id"], TASKS[(i + 1).min(2)]);
        let metadata = &step["metadata"];
        assert_eq!(metadata["task_id"], *task);
        assert_eq!(metadata["difficulty"], ["easy", "medium", "hard"][i]);
        assert_eq!(metadata["step_score"], step["reward"]);
        assert_eq!(metadata["task_step_number"], 1);
        assert_eq!(metadata["task_cumulative_score"], step["reward"]);
        assert_eq!(metadata["difficulty_cumulative_score"], step["reward"]);
        assert_eq!(metadata["session_id"], session);
        let breakdown = step["score_breakdown"].as_object().expect("a breakdown");
        assert!(!breakdown.is_empty() && breakdown.values().all(Value::is_number));
    }

    let state = client.get(&url("/state")).await.json();
    assert_eq!(
        keys(&state),
        [
            "cumulative_reward",
            "current_task",
            "difficulty_scores",
            "episode_id",
            "session_id",
            "step_count",
            "task_scores",
            "task_step_counts",
            "tasks_completed"
        ]
    );
    assert_eq!(state["step_count"], 3);
    assert_eq!(state["current_task"], TASKS[2]);
    assert_eq!(state["tasks_completed"], json!(TASKS));
    assert_eq!(
        state["task_step_counts"],
        json!({"burnout_detection": 1, "stress_triage": 1, "intervention_plan": 1})
    );
    assert_eq!(state["session_id"], session);
    let cumulative = state["cumulative_reward"].as_f64().unwrap_or(f64::NAN);
    assert!((cumulative - total).abs() < 1e-9, "{state}");

    // After the end a step is a 200 no-op that grades nothing.
    let after = client
        .post(&url("/step"), &step_body("More.", TASKS[2]))
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text());
    let after = after.json();
    assert_eq!(after["reward"], 0.0);
    assert_eq!(after["done"], true);
    assert_eq!(after["score_breakdown"], json!({}));
    assert_eq!(after["task_id"], TASKS[2]);
    assert_eq!(after["metadata"]["session_id"], session);
    assert_eq!(client.get(&url("/state")).await.json()["step_count"], 3);
}

#[tokio::test]
async fn malformed_bodies_are_422_naming_the_seeds_fields() {
    let app = app();
    post(&app, &url("/reset"), "{}").await;
    for (body, code, field) in [
        ("", "INVALID_JSON", "body"),
        ("{not json", "INVALID_JSON", "body"),
        ("[1]", "VALIDATION_ERROR", "body"),
        ("{}", "VALIDATION_ERROR", "response"),
        (r#"{"response": 5}"#, "VALIDATION_ERROR", "response"),
        (
            r#"{"response": "x", "task_id": 3}"#,
            "VALIDATION_ERROR",
            "task_id",
        ),
        (
            r#"{"response": "x", "confidence": "high"}"#,
            "VALIDATION_ERROR",
            "confidence",
        ),
        (
            r#"{"response": "x", "metadata": [1]}"#,
            "VALIDATION_ERROR",
            "metadata",
        ),
        (
            r#"{"response": "x", "metadata": {"session_id": 7}}"#,
            "VALIDATION_ERROR",
            "session_id",
        ),
    ] {
        let json = post(&app, &url("/step"), body).await.error(422, code);
        assert_eq!(json["error"]["field"], field, "{body}: {json}");
    }
    let bad_seed = post(&app, &url("/reset"), r#"{"seed": "abc"}"#).await;
    assert_eq!(
        bad_seed.error(422, "VALIDATION_ERROR")["error"]["field"],
        "seed"
    );
}

#[tokio::test]
async fn cookie_sessions_keep_clients_isolated() {
    // tests/test_api_contract.py's isolation case, with two cookie jars.
    let app = app();
    let mut first = CookieClient::new(&app);
    let mut second = CookieClient::new(&app);
    assert_eq!(
        first.post(&url("/reset"), "{}").await.status,
        StatusCode::OK
    );
    assert_eq!(
        second.post(&url("/reset"), "{}").await.status,
        StatusCode::OK
    );
    let step = first
        .post(&url("/step"), &step_body("Structured response", TASKS[0]))
        .await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    let first_state = first.get(&url("/state")).await.json();
    let second_state = second.get(&url("/state")).await.json();
    assert_eq!(first_state["step_count"], 1);
    assert_eq!(second_state["step_count"], 0);
    assert_ne!(first_state["session_id"], second_state["session_id"]);
}

#[tokio::test]
async fn every_session_place_of_the_seed_continues_its_own_session() {
    let app = app();
    // A cookie-less reset: requests naming no session continue it.
    let anonymous = post(&app, &url("/reset"), r#"{"seed": 1}"#).await.json();
    let anonymous_id = anonymous["metadata"]["session_id"].clone();

    // session_id in the reset body, metadata.session_id in the step body,
    // ?session_id= on state.
    let reset = post(
        &app,
        &url("/reset"),
        r#"{"seed": 2, "session_id": "by-body"}"#,
    )
    .await;
    assert_eq!(reset.json()["metadata"]["session_id"], "by-body");
    let mut local = local_episode(2);
    let body = json!({"response": answer(&local), "task_id": TASKS[0], "metadata": {"session_id": "by-body"}});
    let step = post(&app, &url("/step"), &body.to_string()).await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    assert_eq!(step.session_id(), "by-body");
    let expected = local
        .step(&json!({"response": body["response"], "task_id": TASKS[0]}))
        .expect("local step");
    assert_eq!(step.json()["reward"], json!(expected.reward));
    let by_query = get(&app, &url("/state?session_id=by-body")).await.json();
    assert_eq!(
        (
            by_query["step_count"].clone(),
            by_query["session_id"].clone()
        ),
        (json!(1), json!("by-body"))
    );

    // X-Session-Id.
    let reset = send(
        &app,
        with_id(Method::POST, &url("/reset"), "by-header", "{}"),
    )
    .await;
    assert_eq!(reset.session_id(), "by-header");
    let step = send(
        &app,
        with_id(
            Method::POST,
            &url("/step"),
            "by-header",
            &step_body("x", TASKS[0]),
        ),
    )
    .await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());

    // The seed's cookie alone.
    let mut cookie = request(Method::GET, &url("/state"), axum::body::Body::empty());
    cookie.headers_mut().insert(
        "cookie",
        "itmh_session_id=by-header".parse().expect("cookie"),
    );
    assert_eq!(send(&app, cookie).await.json()["step_count"], 1);

    // None of that touched the anonymous session.
    let state = get(&app, &url("/state")).await.json();
    assert_eq!(state["session_id"], anonymous_id);
    assert_eq!(state["step_count"], 0);
    let step = post(&app, &url("/step"), &step_body("x", TASKS[0])).await;
    assert_eq!(step.json()["metadata"]["session_id"], anonymous_id);

    // One table: the OpenEnv mount reaches the same session by its id.
    let openenv = send(
        &app,
        with_id(Method::GET, &format!("{OPENENV}/state"), "by-body", ""),
    )
    .await
    .json();
    assert_eq!(openenv["step_count"], 1);
    assert_eq!(openenv["task"], "full_episode");
}

#[tokio::test]
async fn scores_equal_the_openenv_mounts_over_fifty_seeds() {
    let app = app();
    let info = registry::find("it_mental_health").expect("registered");
    let policies = info.policy_names();
    for seed in 0..50u64 {
        let (compat_id, openenv_id) = (format!("compat-{seed}"), format!("openenv-{seed}"));
        let reset = json!({"seed": seed}).to_string();
        let compat = send(
            &app,
            with_id(Method::POST, &url("/reset"), &compat_id, &reset),
        )
        .await;
        assert_eq!(compat.status, StatusCode::OK, "{}", compat.text());
        let openenv_reset = format!("{OPENENV}/reset");
        let openenv = send(
            &app,
            with_id(Method::POST, &openenv_reset, &openenv_id, &reset),
        )
        .await;
        assert_eq!(openenv.status, StatusCode::OK, "{}", openenv.text());
        assert_eq!(
            compat.json()["scenario"],
            openenv.json()["observation"]["scenario"],
            "seed {seed}: the same case"
        );
        // Every policy in turn, so right, wrong and gamed answers all meet.
        let policy = policies[seed as usize % policies.len()];
        let mut local = local_episode(seed);
        let mut rng = SeededRng::new(seed, 1);
        let mut last = Value::Null;
        while !local.is_done() {
            let action = local.policy_action(policy, &mut rng).expect("an action");
            local.step(&action).expect("local step");
            let compat = send(
                &app,
                with_id(Method::POST, &url("/step"), &compat_id, &action.to_string()),
            )
            .await;
            assert_eq!(compat.status, StatusCode::OK, "{}", compat.text());
            let wrapped = json!({"action": action}).to_string();
            let openenv_step = format!("{OPENENV}/step");
            let openenv = send(
                &app,
                with_id(Method::POST, &openenv_step, &openenv_id, &wrapped),
            )
            .await;
            assert_eq!(openenv.status, StatusCode::OK, "{}", openenv.text());
            let (compat, openenv) = (compat.json(), openenv.json());
            assert_eq!(compat["reward"], openenv["reward"], "seed {seed} {policy}");
            assert_eq!(compat["done"], openenv["done"]);
            last = openenv;
        }
        let state = send(&app, with_id(Method::GET, &url("/state"), &compat_id, ""))
            .await
            .json();
        let observation = &last["observation"];
        for task in TASKS {
            assert_eq!(
                state["task_scores"][task], observation["score_breakdown"][task],
                "seed {seed} {policy} {task}"
            );
        }
    }
}

#[tokio::test]
async fn the_root_can_speak_the_seeds_contract() {
    // validate.py hard-codes the root of port 7860.
    let app = server::app(Config {
        default_env: registry::find("it_mental_health").expect("registered"),
        root_api: RootApi::Compat,
        ..config()
    });
    let reset = post(&app, "/reset", "{}").await.json();
    assert!(reset["scenario"].is_string() && reset["reward"] == 0.0 && reset["done"] == false);
    let step = post(&app, "/step", &step_body("Structured response", TASKS[0])).await;
    assert_eq!(step.status, StatusCode::OK, "{}", step.text());
    let state = get(&app, "/state").await.json();
    assert_eq!(
        (state["step_count"].clone(), state["episode_id"].is_string()),
        (json!(1), true)
    );
    assert_eq!(
        get(&app, "/health").await.json()["env"],
        "it_mental_health_env"
    );
    // The OpenEnv surface stays under /envs, and / is still the web UI's.
    let openenv = post(&app, &format!("{OPENENV}/reset"), "{}").await.json();
    assert!(openenv["observation"].is_object());
    assert_eq!(get(&app, "/").await.status, StatusCode::TEMPORARY_REDIRECT);
}

#[tokio::test]
async fn unknown_compat_mounts_say_where_to_go() {
    let app = app();
    for path in ["/compat", "/compat/support_triage/reset", "/compat/nope"] {
        let reply = get(&app, path).await;
        let body = reply.error(404, "NOT_FOUND");
        assert!(
            body["detail"]
                .as_str()
                .is_some_and(|d| d.contains("/compat/productivity")),
            "{path}: {body}"
        );
    }
    get(&app, &url("/nope")).await.error(404, "NOT_FOUND");
    post(&app, &url("/state"), "")
        .await
        .error(405, "METHOD_NOT_ALLOWED");
}
