//! `/compat/productivity`: seed 002's HTTP contract.
//!
//! - `POST /reset?task=easy` (also `?seed=`, which the seed had no need
//!   of: its tasks were fixed) answers the seed's flat observation:
//!   `benchmark`, `task_name`, `instruction`, `payload` `{data, schema}`,
//!   `action_format`, `step_count`, `max_steps`, `best_score`,
//!   `last_action`, `last_feedback`, `done`.
//! - `POST /step` `{"action": "inspect" | "propose: {...}" | "final: {...}"}`
//!   answers `{observation, reward, done, info}`: `reward` is the seed's
//!   object (`value`, `score`, `delta`, the four penalties,
//!   `explanation`), `info` its step info (`parsed_action`,
//!   `current_score`, `best_score`, `terminated_by`, `error`).
//! - `GET /state` answers the observation; `GET /health` `{"status": "ok"}`.
//!
//! Scores come only from the seam's terminal fields: `best_score`,
//! `reward.score`, `info.current_score` and `info.best_score` are `null`,
//! and `explanation` and `parsed_action` carry no per-component scores,
//! until the seam reports the episode done; then they are its
//! `terminal_grader` and `score_breakdown`. `reward.value` and its terms
//! are the seam's reward, as the OpenEnv mounts show it.

use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use env_wasm::productivity::command::Command;
use env_wasm::{EnvError, StepResult};
use serde_json::{Map, Value, json};

use super::shared::{number, refusal};
use crate::body::JsonBody;
use crate::error::ApiError;
use crate::http::{SessionRequest, reset_session, step_action};
use crate::ids::DEFAULT_SOURCES;
use crate::mount::Mount;

/// The `benchmark` the seed's observation names.
const BENCHMARK: &str = "openenv-productivity";

/// The seed's bound on `explanation`.
const MAX_EXPLANATION_CHARS: usize = 500;

/// The seed's reward terms, read from the seam's `reward_breakdown`.
const REWARD_TERMS: [&str; 5] = [
    "delta",
    "step_penalty",
    "wrong_answer_penalty",
    "loop_penalty",
    "malformed_penalty",
];

pub fn routes(mount: Mount, with_index: bool) -> Router {
    let mut router = Router::new()
        .route("/health", get(health))
        .route("/reset", post(reset))
        .route("/step", post(step))
        .route("/state", get(state));
    if with_index {
        router = router.route("/", get(index));
    }
    router.with_state(mount)
}

async fn index() -> Json<Value> {
    Json(json!({
        "status": "ok",
        "service": BENCHMARK,
        "message": "DeskBench serves the openenv-productivity HTTP contract here; GET health for health checks.",
    }))
}

async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// `POST /reset?task=&seed=`: a new episode in the session the request
/// names, or in a new one (which requests naming none then continue). The
/// seed's reset read no body, so neither does this one.
async fn reset(mut request: SessionRequest) -> Response {
    let reply = reset_inner(&mut request);
    request.reply(reply)
}

fn reset_inner(request: &mut SessionRequest) -> Result<Json<Value>, ApiError> {
    let id = request.resolve(DEFAULT_SOURCES, None)?;
    let mut options = Map::new();
    for key in ["task", "seed"] {
        if let Some(value) = request.query(key) {
            options.insert(key.to_owned(), Value::String(value));
        }
    }
    let (session, result) = reset_session(&request.mount, id, options)?;
    request.answering(&session);
    Ok(Json(observation(&result.observation.to_value(), false)))
}

/// `POST /step` `{"action": "..."}` in the session the request names.
async fn step(mut request: SessionRequest, body: JsonBody) -> Response {
    let reply = step_inner(&mut request, body);
    request.reply(reply)
}

fn step_inner(request: &mut SessionRequest, body: JsonBody) -> Result<Json<Value>, ApiError> {
    let body = body.into_object(false)?;
    // A string, as the seed sent it; the seam also reads `{"raw": ...}`.
    let info = request.mount.info;
    let action = step_action(
        info,
        &body,
        "send {\"action\": \"inspect\" | \"propose: {...}\" | \"final: {...}\"}",
    )?;
    let id = request.resolve(DEFAULT_SOURCES, Some(&body))?;
    let session = request
        .mount
        .app
        .sessions
        .get(info, id.as_deref())
        .ok_or(ApiError::Env(EnvError::NotStarted))?;
    request.answering(&session);
    let mut env = session.env();
    match env.step(action) {
        Ok(result) => Ok(Json(step_reply(&result, &env.state()))),
        Err(EnvError::EpisodeDone) => match env.observation() {
            Some(shown) => Ok(Json(after_end_reply(&shown.to_value()))),
            None => Err(ApiError::Env(EnvError::NotStarted)),
        },
        // `action.raw` is the seed's `action`.
        Err(err) => Err(refusal(err, |field| {
            if field == "action.raw" {
                "action"
            } else {
                field
            }
            .to_owned()
        })),
    }
}

/// `GET /state`: the session's observation.
async fn state(mut request: SessionRequest) -> Response {
    let id = match request.resolve(DEFAULT_SOURCES, None) {
        Ok(id) => id,
        Err(err) => return err.into_response(),
    };
    let info = request.mount.info;
    let Some(session) = request.mount.app.sessions.get(info, id.as_deref()) else {
        return request.reply(ApiError::Env(EnvError::NotStarted));
    };
    request.answering(&session);
    let env = session.env();
    let reply = match env.observation() {
        Some(shown) => Ok(Json(observation(&shown.to_value(), env.is_done()))),
        None => Err(ApiError::Env(EnvError::NotStarted)),
    };
    request.reply(reply)
}

/// The task score, once the seam has ended the episode; `null` before.
fn terminal_score(shown: &Value, done: bool) -> Value {
    if done {
        shown["terminal_grader"].clone()
    } else {
        Value::Null
    }
}

/// The seed's flat observation from the seam's.
fn observation(shown: &Value, done: bool) -> Value {
    json!({
        "benchmark": BENCHMARK,
        "task_name": shown["task_name"],
        "instruction": shown["instruction"],
        "payload": { "data": shown["payload"], "schema": shown["answer_schema"] },
        "action_format": shown["action_format"],
        "step_count": shown["step_count"],
        "max_steps": shown["max_steps"],
        "best_score": terminal_score(shown, done),
        "last_action": shown["last_action"],
        "last_feedback": shown["last_feedback"],
        "done": done,
    })
}

/// The seed's `{observation, reward, done, info}` from the seam's result.
fn step_reply(result: &StepResult, state: &Value) -> Value {
    let shown = result.observation.to_value();
    let done = result.done;
    let score = terminal_score(&shown, done);
    let components = if done {
        shown["score_breakdown"].clone()
    } else {
        Value::Null
    };
    let mut reward = Map::new();
    reward.insert("value".to_owned(), json!(result.reward.unwrap_or(0.0)));
    reward.insert("score".to_owned(), score.clone());
    for term in REWARD_TERMS {
        reward.insert(
            term.to_owned(),
            json!(number(&shown["reward_breakdown"][term])),
        );
    }
    reward.insert(
        "explanation".to_owned(),
        json!(explanation(&shown, &score, &components)),
    );
    let raw = shown["last_action"].as_str().unwrap_or_default();
    let (parsed_action, error) = match Command::parse(raw) {
        Ok(command) => (parsed(&command, &components), Value::Null),
        Err(problem) => (Value::Null, json!(problem)),
    };
    let terminated_by = if done {
        terminated_by(&state["terminated_by"])
    } else {
        Value::Null
    };
    json!({
        "observation": observation(&shown, done),
        "reward": reward,
        "done": done,
        "info": {
            "parsed_action": parsed_action,
            "current_score": score,
            "best_score": score,
            "terminated_by": terminated_by,
            "error": error,
        },
    })
}

/// The seed's reply to a step after the end: the seam refused it, so it
/// changed nothing and is worth nothing.
fn after_end_reply(shown: &Value) -> Value {
    let score = terminal_score(shown, true);
    json!({
        "observation": observation(shown, true),
        "reward": {
            "value": 0.0,
            "score": score,
            "delta": 0.0,
            "step_penalty": 0.0,
            "wrong_answer_penalty": 0.0,
            "loop_penalty": 0.0,
            "malformed_penalty": 0.0,
            "explanation": "The episode is over; the step was not applied. POST /reset to start a new one.",
        },
        "done": true,
        "info": {
            "parsed_action": null,
            "current_score": score,
            "best_score": score,
            "terminated_by": "already_done",
            "error": "the episode is over",
        },
    })
}

/// `{type, candidate}` of a well-formed command, and the per-component
/// scores (`components`) once the episode is done.
fn parsed(command: &Command, components: &Value) -> Value {
    let (kind, candidate) = match command {
        Command::Inspect => return json!({ "type": "inspect" }),
        // The calendar's lookups (levels 4 and 5), which the seed never had.
        Command::CheckCalendar(name) => return json!({ "type": "check_calendar", "name": name }),
        Command::ListRooms => return json!({ "type": "list_rooms" }),
        Command::Propose(candidate) => ("propose", candidate),
        Command::Final(candidate) => ("final", candidate),
    };
    let mut parsed = json!({ "type": kind, "candidate": candidate });
    if !components.is_null() {
        parsed["components"] = components.clone();
    }
    parsed
}

/// The seam's feedback; at the end, with the score and its components.
fn explanation(shown: &Value, score: &Value, components: &Value) -> String {
    let feedback = shown["last_feedback"].as_str().unwrap_or_default();
    let text = match score.as_f64() {
        Some(score) => format!("{feedback} Score {score:.2}. Components: {components}."),
        None => feedback.to_owned(),
    };
    text.chars().take(MAX_EXPLANATION_CHARS).collect()
}

/// The seed's name for what ended the episode.
fn terminated_by(ours: &Value) -> Value {
    match ours.as_str() {
        Some("final_answer") => json!("final_action"),
        _ => ours.clone(),
    }
}
