//! `/compat/it_mental_health`: seed 000's flat HTTP contract.
//!
//! - `POST /reset` `{"seed"?, "session_id"?}` plays the full episode (the
//!   three tasks in order) and answers `scenario`, `task_id`, `feedback`,
//!   `reward` 0.0, `done`, `score_breakdown` `{}` and `metadata` (with
//!   `seed` and `session_id`) at the top level.
//! - `POST /step` takes the action unwrapped: `{"response", "task_id"?,
//!   "confidence"?, "metadata"?}` (`task_id` defaults to
//!   `burnout_detection`). A step before any reset is 400 "Episode not
//!   initialized. Call /reset before /step."; a `task_id` that is not the
//!   current task is 400 "task_id mismatch: expected '...', got '...'."; a
//!   step after the end is a 200 no-op with reward 0.
//! - `GET /state` answers `episode_id`, `step_count`, `current_task`,
//!   `cumulative_reward`, `tasks_completed`, `task_scores`,
//!   `task_step_counts`, `difficulty_scores` and `session_id`.
//! - `GET /health`, `/tasks`, `/schema` and `/` in the seed's shapes.
//!
//! The session comes from where the seed read it, explicit ids first
//! ([`SESSION_SOURCES`]); every reply sets the seed's `itmh_session_id`
//! cookie. Each step's reward is the seam's (the graded task's score), so
//! the scores are the OpenEnv mounts' for the same seed and answers.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use env_wasm::it_mental_health::FULL_EPISODE;
use env_wasm::{EnvError, EnvInfo, StepResult};
use judge::Submission;
use serde_json::{Map, Value, json};

use super::shared::{number, refusal};
use crate::body::{JsonBody, kind};
use crate::error::ApiError;
use crate::http::{SessionRequest, reset_session};
use crate::ids::{self, IdSource};
use crate::mount::Mount;

/// The benchmark name the seed's clients log and its `/health` reports.
const BENCHMARK: &str = "it_mental_health_env";

/// The task a step names when it names none, as in the seed.
const DEFAULT_TASK_ID: &str = "burnout_detection";

/// The cookie seed 000 set and read: the environment's own
/// ([`crate::declared::Declared::session_cookie`]).
const ITMH_COOKIE: &str = crate::declared::IT_MENTAL_HEALTH_COOKIE;

/// The seed's order: the request's explicit id (`session_id` in the reset
/// body, `metadata.session_id` in the step body, `?session_id=` on state),
/// then `X-Session-Id`, then its cookie (ours last, for browsers that hold
/// one from the OpenEnv mounts). Sessions are the same table's, so an id
/// reaches the same episode under `/envs/it_mental_health` too.
pub const SESSION_SOURCES: &[IdSource] = &[
    IdSource::BodyField(ids::FIELD),
    IdSource::BodyPath(&["metadata", ids::FIELD]),
    IdSource::Query(ids::FIELD),
    IdSource::Header(ids::HEADER),
    IdSource::Cookie(ITMH_COOKIE),
    IdSource::Cookie(ids::COOKIE_NAME),
];

/// The seed's detail for a step with no episode; its clients match on it.
pub const NOT_INITIALIZED: &str = "Episode not initialized. Call /reset before /step.";

pub fn routes(mount: Mount, with_index: bool) -> Router {
    let mut router = Router::new()
        .route("/health", get(health))
        .route("/tasks", get(tasks))
        .route("/schema", get(schema))
        .route("/reset", post(reset))
        .route("/step", post(step))
        .route("/state", get(state));
    if with_index {
        router = router.route("/", get(index));
    }
    router.with_state(mount)
}

async fn index(State(mount): State<Mount>) -> Json<Value> {
    let prefix = super::shared::path(mount.info.id).unwrap_or_default();
    Json(json!({
        "name": mount.info.name,
        "version": mount.info.version,
        "docs": format!("{prefix}/schema"),
        "health": format!("{prefix}/health"),
        "tasks": format!("{prefix}/tasks"),
    }))
}

async fn health(State(mount): State<Mount>) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "env": BENCHMARK,
        "version": mount.info.version,
        "session_cookie": ITMH_COOKIE,
    }))
}

/// The tasks a full episode plays, in order (every task but the full one).
fn graded_tasks(info: &'static EnvInfo) -> impl Iterator<Item = &'static env_wasm::TaskInfo> {
    info.tasks.iter().filter(|t| t.id != FULL_EPISODE)
}

fn difficulty_of(info: &EnvInfo, task_id: &str) -> Value {
    info.task(task_id)
        .and_then(|t| serde_json::to_value(t.difficulty).ok())
        .unwrap_or(Value::Null)
}

fn grader_name(task_id: &str) -> String {
    format!("{task_id}_grader")
}

async fn tasks(State(mount): State<Mount>) -> Json<Value> {
    let info = mount.info;
    let tasks: Vec<Value> = graded_tasks(info)
        .map(|t| {
            json!({
                "task_id": t.id,
                "id": t.id,
                "difficulty": t.difficulty,
                "description": t.summary,
                "objective": t.summary,
                "grader": grader_name(t.id),
                "graders": [grader_name(t.id)],
                "scoring": {
                    "step_score": "the score of this task's one graded answer, in [0, 1]",
                    "task_cumulative_score": "the sum of this task's step scores (one step per task)",
                    "difficulty_cumulative_score": "the sum of the step scores of this difficulty",
                },
            })
        })
        .collect();
    let pairs: Vec<Value> = graded_tasks(info)
        .map(|t| json!({ "task_id": t.id, "grader": grader_name(t.id) }))
        .collect();
    Json(json!({
        "tasks": tasks,
        "graders": {
            "module": "env_wasm::it_mental_health",
            "registry": "env_wasm::registry::ENVIRONMENTS",
            "task_grader_pairs": pairs,
        },
    }))
}

/// A description of the fields, as the seed served it (not a JSON
/// Schema; `/envs/it_mental_health/schema` has those).
async fn schema(State(mount): State<Mount>) -> Json<Value> {
    let task_ids: Vec<&str> = graded_tasks(mount.info).map(|t| t.id).collect();
    Json(json!({
        "action": {
            "response": "str - the answer, in the labelled sections the scenario asks for",
            "task_id": format!("str - the current task: one of {}", task_ids.join(", ")),
            "confidence": "float 0.0-1.0 - recorded, not scored",
            "metadata": "dict - optional; metadata.session_id names the session",
        },
        "observation": {
            "scenario": "str - the case, its rubric and the response format of the current task",
            "feedback": "str - what the grader read in the last answer",
            "reward": "float 0.0-1.0 - the score of the task this step graded (0.0 on reset)",
            "done": "bool - true once all three tasks are graded",
            "score_breakdown": "dict - per-criterion scores and penalties of the graded task",
            "task_id": "str - the task the next answer is for",
            "metadata": {
                "difficulty": "str - easy / medium / hard of the graded task",
                "step_score": "float - the score of this step",
                "task_step_number": "int - graded steps of this task",
                "task_cumulative_score": "float - the score of the graded task",
                "difficulty_cumulative_score": "float - the scores of this difficulty so far",
                "overall_cumulative_score": "float - the scores of the episode so far",
                "session_id": "str - the session to name in later requests",
            },
        },
        "state": {
            "task_scores": "dict - score per task_id",
            "task_step_counts": "dict - graded steps per task_id",
            "difficulty_scores": "dict - score per difficulty",
        },
    }))
}

/// `POST /reset`: a full episode in the session the request names, or in
/// a new one (which requests naming none then continue).
async fn reset(mut request: SessionRequest, body: JsonBody) -> Response {
    let reply = reset_inner(&mut request, body);
    request.reply(reply)
}

fn reset_inner(request: &mut SessionRequest, body: JsonBody) -> Result<Json<Value>, ApiError> {
    let body = body.into_object(true)?;
    let id = request.resolve(SESSION_SOURCES, Some(&body))?;
    // The seed's reset read only `seed` (and the session): always the
    // three tasks.
    let mut options = Map::new();
    if let Some(seed) = body.get("seed") {
        options.insert("seed".to_owned(), seed.clone());
    }
    options.insert("task".to_owned(), json!(FULL_EPISODE));
    let (session, result) = reset_session(&request.mount, id, options)?;
    request.answering(&session);
    let seed = session.env().state().get("seed").cloned();
    let observation = result.observation.to_value();
    let task_id = observation.get("task_id").cloned().unwrap_or(Value::Null);
    Ok(Json(json!({
        "scenario": observation.get("scenario"),
        "feedback": observation.get("feedback"),
        "reward": 0.0,
        "done": false,
        "score_breakdown": {},
        "task_id": task_id,
        "metadata": {
            "seed": seed,
            "difficulty": observation.get("difficulty"),
            "step_score": 0.0,
            "task_step_number": 0,
            "task_cumulative_score": 0.0,
            "difficulty_cumulative_score": 0.0,
            "overall_cumulative_score": 0.0,
            "task_id": task_id,
            "session_id": session.id(),
        },
    })))
}

/// What a step did: graded an answer (the reply waits for the judge when
/// the mount has one), or nothing, the episode being over. Either way, in
/// the session `session_id`.
enum Stepped {
    Graded {
        result: StepResult,
        state: Value,
        submission: Option<Submission>,
        session_id: String,
    },
    AfterEnd {
        state: Value,
        session_id: String,
    },
}

/// `POST /step`: the unwrapped action, in the session the request names
/// (the anonymous one when it names none).
async fn step(mut request: SessionRequest, body: JsonBody) -> Response {
    let reply = match step_inner(&mut request, body) {
        Ok(Stepped::Graded {
            mut result,
            state,
            submission,
            session_id,
        }) => {
            request.mount.judge_step(&mut result, submission).await;
            let info = request.mount.info;
            Ok(Json(graded_reply(info, &result, &state, &session_id)))
        }
        Ok(Stepped::AfterEnd { state, session_id }) => {
            Ok(Json(after_end_reply(&state, &session_id)))
        }
        Err(err) => Err(err),
    };
    request.reply(reply)
}

fn step_inner(request: &mut SessionRequest, body: JsonBody) -> Result<Stepped, ApiError> {
    let body = body.into_object(false)?;
    let action = action_of(&body)?;
    let id = request.resolve(SESSION_SOURCES, Some(&body))?;
    let mount = &request.mount;
    let Some(session) = mount.app.sessions.get(mount.info, id.as_deref()) else {
        return Err(not_initialized());
    };
    let judged = mount.judge.is_some();
    request.answering(&session);
    let session_id = session.id().to_owned();
    let mut env = session.env();
    if env.is_done() {
        let state = env.state();
        return Ok(Stepped::AfterEnd { state, session_id });
    }
    match env.step(&action) {
        Ok(result) => {
            let submission = judged.then(|| Submission::of(&env, &action));
            Ok(Stepped::Graded {
                result,
                state: env.state(),
                submission,
                session_id,
            })
        }
        Err(EnvError::NotStarted) => Err(not_initialized()),
        Err(EnvError::EpisodeDone) => Ok(Stepped::AfterEnd {
            state: env.state(),
            session_id,
        }),
        // The seam refuses an answer to another task on `task_id`; the
        // seed's clients read the refusal as its 400.
        Err(EnvError::Validation { field, .. }) if field == "action.task_id" => {
            let expected = env.state()["current_task"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let given = action["task_id"].as_str().unwrap_or_default();
            Err(ApiError::Contract {
                status: StatusCode::BAD_REQUEST,
                code: "TASK_ID_MISMATCH",
                detail: format!("task_id mismatch: expected '{expected}', got '{given}'."),
            })
        }
        Err(err) => Err(refusal(err, |field| {
            field.strip_prefix("action.").unwrap_or(field).to_owned()
        })),
    }
}

fn not_initialized() -> ApiError {
    ApiError::Contract {
        status: StatusCode::BAD_REQUEST,
        code: EnvError::NotStarted.code(),
        detail: NOT_INITIALIZED.to_owned(),
    }
}

/// The seam's action from the seed's step body, with the seed's defaults:
/// `task_id` `burnout_detection`, `metadata` `{}`; other keys are ignored,
/// as the seed's model ignored them.
fn action_of(body: &Map<String, Value>) -> Result<Value, ApiError> {
    let response = match body.get("response") {
        Some(Value::String(text)) => text.clone(),
        None | Some(Value::Null) => {
            return Err(ApiError::Missing {
                field: "response",
                hint: "send {\"response\": \"...\", \"task_id\": \"<the observation's task_id>\"}",
            });
        }
        Some(other) => return Err(wrong_type("response", "a string", other)),
    };
    let task_id = match body.get("task_id") {
        None | Some(Value::Null) => DEFAULT_TASK_ID.to_owned(),
        Some(Value::String(id)) => id.clone(),
        Some(other) => return Err(wrong_type("task_id", "a string", other)),
    };
    let mut action = Map::new();
    action.insert("response".to_owned(), Value::String(response));
    action.insert("task_id".to_owned(), Value::String(task_id));
    match body.get("confidence") {
        None | Some(Value::Null) => {}
        Some(confidence @ Value::Number(_)) => {
            action.insert("confidence".to_owned(), confidence.clone());
        }
        Some(other) => return Err(wrong_type("confidence", "a number", other)),
    }
    match body.get("metadata") {
        None | Some(Value::Null) => {}
        Some(metadata @ Value::Object(_)) => {
            action.insert("metadata".to_owned(), metadata.clone());
        }
        Some(other) => return Err(wrong_type("metadata", "an object", other)),
    }
    Ok(Value::Object(action))
}

fn wrong_type(field: &'static str, wanted: &str, got: &Value) -> ApiError {
    ApiError::validation(field, format!("must be {wanted}, got {}", kind(got)))
}

/// The seed's step reply from the seam's result: the graded task's score,
/// criteria and penalties, and the next task's case (a closing line once
/// all three are graded).
fn graded_reply(info: &EnvInfo, result: &StepResult, state: &Value, session_id: &str) -> Value {
    let observation = result.observation.to_value();
    let graded = &observation["graded"];
    let graded_task = graded["task_id"].as_str().unwrap_or_default();
    let difficulty = difficulty_of(info, graded_task);
    let mut breakdown = Map::new();
    for part in ["breakdown", "penalties"] {
        if let Some(scores) = graded[part].as_object() {
            breakdown.extend(scores.clone());
        }
    }
    let task_scores = state["task_scores"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let difficulty_score: f64 = task_scores
        .iter()
        .filter(|(task, _)| difficulty_of(info, task) == difficulty)
        .map(|(_, score)| number(score))
        .sum();
    let mut metadata = json!({
        "difficulty": difficulty,
        "step_score": result.reward,
        "task_step_number": 1,
        "task_cumulative_score": graded["score"],
        "difficulty_cumulative_score": difficulty_score,
        "overall_cumulative_score": state["cumulative_reward"],
        "task_id": graded_task,
        "session_id": session_id,
    });
    if let Some(verdict) = observation.get("llm_judge") {
        metadata["llm_judge"] = verdict.clone();
    }
    let scenario = if result.done {
        json!("All three tasks are graded: the episode is over. POST /reset to start a new one.")
    } else {
        observation["scenario"].clone()
    };
    json!({
        "scenario": scenario,
        "feedback": observation["feedback"],
        "reward": result.reward,
        "done": result.done,
        "score_breakdown": breakdown,
        "task_id": observation["task_id"],
        "metadata": metadata,
    })
}

/// The seed's reply to a step after the end: nothing graded, reward 0.
fn after_end_reply(state: &Value, session_id: &str) -> Value {
    json!({
        "scenario": "The episode is over. POST /reset to start a new one.",
        "feedback": "No-op: the episode has ended, so nothing was graded.",
        "reward": 0.0,
        "done": true,
        "score_breakdown": {},
        "task_id": current_task(state),
        "metadata": { "session_id": session_id },
    })
}

/// The task the episode is on; once it is over, the last one, as the
/// seed kept it.
fn current_task(state: &Value) -> Value {
    match state.get("current_task") {
        Some(task @ Value::String(_)) => task.clone(),
        _ => state["episode_tasks"]
            .as_array()
            .and_then(|tasks| tasks.last())
            .cloned()
            .unwrap_or(Value::Null),
    }
}

/// `GET /state`: the session's state in the seed's fields.
async fn state(mut request: SessionRequest) -> Response {
    let id = match request.resolve(SESSION_SOURCES, None) {
        Ok(id) => id,
        Err(err) => return err.into_response(),
    };
    let info = request.mount.info;
    match request.mount.app.sessions.get(info, id.as_deref()) {
        Some(session) => {
            request.answering(&session);
            let state = session.env().state();
            let reply = state_reply(info, &state, session.id());
            request.reply(Json(reply))
        }
        None => {
            // A session never reset reads as the seed's fresh one.
            let first = graded_tasks(info).next().map(|t| t.id);
            let reply = json!({
                "episode_id": null,
                "step_count": 0,
                "current_task": first,
                "cumulative_reward": 0.0,
                "tasks_completed": [],
                "task_scores": {},
                "task_step_counts": {},
                "difficulty_scores": {},
                "session_id": id.as_deref().unwrap_or("anonymous"),
            });
            request.reply(Json(reply))
        }
    }
}

fn state_reply(info: &EnvInfo, state: &Value, session_id: &str) -> Value {
    let tasks: Vec<&str> = state["episode_tasks"]
        .as_array()
        .map(|tasks| tasks.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let completed: Vec<&str> = state["tasks_completed"]
        .as_array()
        .map(|tasks| tasks.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let scores = &state["task_scores"];
    let mut task_scores = Map::new();
    let mut task_step_counts = Map::new();
    let mut difficulty_scores = Map::new();
    for difficulty in ["easy", "medium", "hard"] {
        difficulty_scores.insert(difficulty.to_owned(), json!(0.0));
    }
    for task in &tasks {
        let score = number(&scores[*task]);
        task_scores.insert((*task).to_owned(), json!(score));
        let steps = u32::from(completed.contains(task));
        task_step_counts.insert((*task).to_owned(), json!(steps));
        if let Value::String(difficulty) = difficulty_of(info, task)
            && let Some(total) = difficulty_scores.get_mut(&difficulty)
        {
            *total = json!(number(total) + score);
        }
    }
    json!({
        "episode_id": state["episode_id"],
        "step_count": state["step_count"],
        "current_task": current_task(state),
        "cumulative_reward": state["cumulative_reward"],
        "tasks_completed": completed,
        "task_scores": task_scores,
        "task_step_counts": task_step_counts,
        "difficulty_scores": difficulty_scores,
        "session_id": session_id,
    })
}
