//! The HTTP handlers of a mount: `/health`, `/metadata`, `/schema`,
//! `/tasks`, `/openapi.json`, and the stateful `/reset`, `/step`, `/state`;
//! plus the root-only `/envs` and the 404 and 405 answers.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use env_wasm::{EnvError, EnvInfo, ResetDefaults, ResetOptions, registry};
use serde_json::{Map, Value};

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::ids;
use crate::judge::Submission;
use crate::mount::Mount;
use crate::sessions::Session;

/// Reset keys that name the task; `?task=` applies only when none is set.
const TASK_KEYS: [&str; 3] = ["task", "task_name", "task_id"];

/// A JSON document already serialised.
pub fn json_bytes(bytes: Bytes) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        bytes,
    )
        .into_response()
}

/// A reset or step result as a JSON response, written into a buffer sized
/// for its observation: axum's `Json` starts at 128 bytes and regrows
/// through the few KB an observation takes.
pub struct ResultJson(pub env_wasm::StepResult);

impl IntoResponse for ResultJson {
    fn into_response(self) -> Response {
        let mut out = Vec::with_capacity(self.0.json_size_hint());
        match serde_json::to_writer(&mut out, &self.0) {
            Ok(()) => json_bytes(Bytes::from(out)),
            Err(_) => ApiError::Internal.into_response(),
        }
    }
}

pub async fn health() -> Response {
    json_bytes(Bytes::from_static(br#"{"status":"healthy"}"#))
}

pub async fn metadata(State(mount): State<Mount>) -> Response {
    json_bytes(mount.docs.metadata.clone())
}

pub async fn schema(State(mount): State<Mount>) -> Response {
    json_bytes(mount.docs.schema.clone())
}

pub async fn tasks(State(mount): State<Mount>) -> Response {
    json_bytes(mount.docs.tasks.clone())
}

pub async fn openapi(State(mount): State<Mount>) -> Response {
    json_bytes(mount.docs.openapi.clone())
}

/// The response, success or error, with the session's id in
/// `X-Session-Id` and its cookies (the shared one, plus the environment's
/// own where a seed had one).
pub fn with_session(info: &EnvInfo, id: Option<&str>, response: impl IntoResponse) -> Response {
    let mut response = response.into_response();
    if let Some(id) = id {
        response
            .headers_mut()
            .extend(ids::session_headers_for(info, id));
    }
    response
}

/// `POST /reset`: start an episode in the session the request names, or in
/// a new anonymous session when it names none.
pub async fn reset(
    State(mount): State<Mount>,
    headers: HeaderMap,
    uri: Uri,
    body: JsonBody,
) -> Response {
    let mut id = None;
    let result = reset_inner(&mount, &headers, &uri, body, &mut id);
    with_session(mount.info, id.as_deref(), result)
}

fn reset_inner(
    mount: &Mount,
    headers: &HeaderMap,
    uri: &Uri,
    body: JsonBody,
    session_id: &mut Option<String>,
) -> Result<ResultJson, ApiError> {
    let mut options = body.into_object(true)?;
    let id = ids::resolve(ids::sources_for(mount.info), headers, uri, Some(&options))?;
    *session_id = id.clone();
    if let Some(task) = ids::query_param(uri, "task")
        && !TASK_KEYS
            .iter()
            .any(|k| options.get(*k).is_some_and(|v| !v.is_null()))
    {
        options.insert("task".to_owned(), Value::String(task));
    }
    let (session, result) = reset_session(mount, id, options)?;
    *session_id = Some(session.id().to_owned());
    Ok(ResultJson(result))
}

/// Start an episode with reset `options` in the session `id` names, or in
/// a new anonymous session when it names none; every mount's reset (the
/// compatibility ones too) goes through here.
pub fn reset_session(
    mount: &Mount,
    id: Option<String>,
    options: Map<String, Value>,
) -> Result<(Arc<Session>, env_wasm::StepResult), ApiError> {
    // Validate before touching the table, so a bad request creates nothing.
    let parsed = ResetOptions::parse(mount.info, &Value::Object(options))?;
    let defaults = ResetDefaults {
        seed: ids::generate_seed()?,
        episode_id: Some(ids::generate_episode_id()?),
    };
    let session = mount.app.sessions.get_or_create(mount.info, id)?;
    let result = session.env().reset_with(parsed, defaults);
    Ok((session, result))
}

/// `POST /step`: `{"action": {...}}` in the session the request names (the
/// anonymous one when it names none). When the mount has a judge, the
/// result waits for its verdict (off the runtime; the session is not held).
pub async fn step(
    State(mount): State<Mount>,
    headers: HeaderMap,
    uri: Uri,
    body: JsonBody,
) -> Response {
    let mut id = None;
    let result = match step_inner(&mount, &headers, &uri, body, &mut id) {
        Ok((mut result, submission)) => {
            if let (Some(judge), Some(submission)) = (&mount.judge, submission) {
                judge
                    .verdict(mount.info, submission)
                    .await
                    .attach(&mut result);
            }
            Ok(ResultJson(result))
        }
        Err(err) => Err(err),
    };
    with_session(mount.info, id.as_deref(), result)
}

/// Step the session; with a judge on the mount, also what it needs to judge
/// the step.
fn step_inner(
    mount: &Mount,
    headers: &HeaderMap,
    uri: &Uri,
    body: JsonBody,
    session_id: &mut Option<String>,
) -> Result<(env_wasm::StepResult, Option<Submission>), ApiError> {
    let body = body.into_object(true)?;
    let id = ids::resolve(ids::sources_for(mount.info), headers, uri, Some(&body))?;
    *session_id = id.clone();
    check_step_extras(&body)?;
    // Any other value goes to the seam, which reads the action or says
    // why not (a bare string is `productivity`'s `raw`, as its seed sent it).
    let action = match body.get("action") {
        None | Some(Value::Null) => {
            return Err(ApiError::Missing {
                field: "action",
                hint: "wrap the action: {\"action\": {...}}",
            });
        }
        Some(action) => action,
    };
    mount.info.check_action_shape(action)?;
    let session = mount
        .app
        .sessions
        .get(mount.info, id.as_deref())
        .ok_or(ApiError::Env(EnvError::NotStarted))?;
    *session_id = Some(session.id().to_owned());
    let mut env = session.env();
    let result = env.step(action)?;
    let submission = mount.judge.as_ref().map(|_| Submission::of(&env, action));
    Ok((result, submission))
}

/// OpenEnv's optional step fields: `timeout_s` (a number > 0) and
/// `request_id` (a string of at most 255 characters). Accepted, not used.
fn check_step_extras(body: &Map<String, Value>) -> Result<(), ApiError> {
    match body.get("timeout_s") {
        None | Some(Value::Null) => {}
        Some(Value::Number(n)) if n.as_f64().is_some_and(|t| t > 0.0) => {}
        Some(_) => {
            return Err(ApiError::validation(
                "timeout_s",
                "must be a number greater than 0",
            ));
        }
    }
    match body.get("request_id") {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) if s.chars().count() <= 255 => {}
        Some(_) => {
            return Err(ApiError::validation(
                "request_id",
                "must be a string of at most 255 characters",
            ));
        }
    }
    Ok(())
}

/// `GET /state`: the full state of the session (every field, not only the
/// reference's `episode_id`/`step_count`); a blank state when there is none.
pub async fn state(State(mount): State<Mount>, headers: HeaderMap, uri: Uri) -> Response {
    let id = match ids::resolve(ids::sources_for(mount.info), &headers, &uri, None) {
        Ok(id) => id,
        Err(err) => return err.into_response(),
    };
    match mount.app.sessions.get(mount.info, id.as_deref()) {
        Some(session) => {
            let state = session.env().state();
            with_session(mount.info, Some(session.id()), Json(state))
        }
        None => with_session(
            mount.info,
            id.as_deref(),
            json_bytes(mount.docs.blank_state.clone()),
        ),
    }
}

/// `GET /envs`: the registry, every environment and task.
pub async fn envs() -> Response {
    Json(registry::to_json()).into_response()
}

/// `/envs/{env_id}` and anything under it that no mount answered.
pub async fn under_envs(uri: Uri) -> Response {
    let path = uri.path();
    let env_id = path
        .trim_start_matches("/envs/")
        .split('/')
        .next()
        .unwrap_or("");
    match registry::find(env_id) {
        None => ApiError::Env(EnvError::UnknownEnv {
            env: env_id.to_owned(),
            available: registry::env_ids(),
        })
        .into_response(),
        Some(_) => not_found_at(path),
    }
}

pub async fn not_found(uri: Uri) -> Response {
    not_found_at(uri.path())
}

fn not_found_at(path: &str) -> Response {
    ApiError::NotFound {
        path: path.to_owned(),
    }
    .into_response()
}

/// Rewrite axum's bodiless 405 into our JSON error. axum adds the `Allow`
/// header outside route layers, so it still reaches the client.
pub async fn json_method_not_allowed(request: Request, next: Next) -> Response {
    let method: Method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let mut json = ApiError::MethodNotAllowed {
        method: method.to_string(),
        path,
    }
    .into_response();
    if let Some(allow) = response.headers().get(header::ALLOW) {
        json.headers_mut().insert(header::ALLOW, allow.clone());
    }
    json
}
