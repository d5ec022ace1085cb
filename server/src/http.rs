//! The HTTP handlers of a mount: `/health`, `/metadata`, `/schema`,
//! `/tasks`, `/openapi.json`, and the stateful `/reset`, `/step`, `/state`;
//! plus the root-only `/envs` and the 404 and 405 answers.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use env_wasm::{EnvError, EnvInfo, ResetOptions, registry};
use judge::Submission;
use serde_json::{Map, Value};

use crate::body::JsonBody;
use crate::error::{ApiError, ErrorCode};
use crate::ids::{self, IdSource};
use crate::mount::{AppState, Mount};
use crate::sessions::Session;
use crate::wire;

/// Reset keys that name the task (`index`, with `split`, names one task of
/// the split); `?task=` applies only when none is set.
const TASK_KEYS: [&str; 4] = ["task", "task_name", "task_id", env_wasm::splits::INDEX];

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
/// for its observation ([`env_wasm::StepResult::into_json_within`]): axum's
/// `Json` starts at 128 bytes and regrows through the few KB an
/// observation takes.
pub struct ResultJson(pub env_wasm::StepResult);

impl IntoResponse for ResultJson {
    fn into_response(self) -> Response {
        let mut response = Response::new(Body::from(self.0.into_json_within("", "")));
        // Room for every header the reply ends with (the session's, the CORS
        // layer's, the length): a map grown past its first size is rehashed.
        let mut headers = HeaderMap::with_capacity(RESULT_HEADERS);
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        *response.headers_mut() = headers;
        response
    }
}

/// The headers of a reset or step reply: its type and length, the
/// session's id and cookie (and an environment's own cookie), and the CORS
/// layer's three.
const RESULT_HEADERS: usize = 8;

/// `GET /health`: liveness. The process answers; it says nothing of
/// capacity or drain (`/ready` and `/stats` do).
pub async fn health() -> Response {
    json_bytes(HEALTHY.clone())
}

/// [`wire::Health`], serialised once (load balancers poll it).
static HEALTHY: std::sync::LazyLock<Bytes> = std::sync::LazyLock::new(|| {
    let health = wire::Health {
        status: wire::HealthStatus::Healthy,
    };
    Bytes::from(serde_json::to_vec(&health).unwrap_or_default())
});

/// `GET /ready`: whether a load balancer should send this replica new
/// sessions. 503 with `Retry-After` while it drains. At its session limit it
/// stays ready (with `"at_capacity": true`): readiness also decides whether
/// the sessions it holds stay reachable (a not-ready Kubernetes pod leaves
/// its Service), and a full replica answers new sessions with a 503
/// `CAPACITY_REACHED` that the proxy retries elsewhere.
pub async fn ready(State(state): State<Arc<AppState>>) -> Response {
    let sessions = &state.sessions;
    let active = sessions.active();
    let draining = sessions.is_draining();
    let body = wire::Ready {
        status: if draining {
            wire::ReadyStatus::Draining
        } else {
            wire::ReadyStatus::Ready
        },
        draining,
        at_capacity: active >= sessions.max(),
        active_sessions: active,
        max_sessions: sessions.max(),
    };
    if draining {
        let mut response = (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    }
    Json(body).into_response()
}

/// `GET /stats`: capacity on the wire: live and maximum sessions, by
/// transport and environment; the idle timeout; uptime; version; drain.
pub async fn stats(State(state): State<Arc<AppState>>) -> Response {
    let sessions = &state.sessions;
    let census = sessions.census();
    let mut by_env = std::collections::BTreeMap::new();
    let mut totals = wire::TransportCount::default();
    for info in registry::ENVIRONMENTS {
        let count = census.get(info.id).copied().unwrap_or_default();
        totals.http += count.http;
        totals.mcp += count.mcp;
        totals.ws += count.ws;
        by_env.insert(
            info.id,
            wire::EnvSessions {
                http: count.http,
                mcp: count.mcp,
                ws: count.ws,
                total: count.total(),
            },
        );
    }
    Json(wire::Stats {
        version: env!("CARGO_PKG_VERSION"),
        uptime_secs: state.started.elapsed().as_secs_f64(),
        draining: sessions.is_draining(),
        sessions: wire::SessionStats {
            active: sessions.active(),
            max: sessions.max(),
            by_transport: totals,
            by_env,
        },
        idle_timeout_secs: sessions.idle().as_secs(),
        episodes_in_progress: sessions.episodes_in_progress(),
        resets_served: state.metrics.resets_served(),
        steps_served: state.metrics.steps_served(),
    })
    .into_response()
}

/// `GET /metrics`: the Prometheus text exposition ([`crate::metrics`]).
pub async fn metrics(State(state): State<Arc<AppState>>) -> Response {
    let text = state
        .metrics
        .render(&state.sessions, state.started.elapsed());
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(crate::metrics::CONTENT_TYPE),
        )],
        text,
    )
        .into_response()
}

/// Count every refusal by its code: [`ApiError`]'s response carries it
/// as an [`ErrorCode`] extension.
pub async fn count_errors(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let response = next.run(request).await;
    if let Some(ErrorCode(code)) = response.extensions().get::<ErrorCode>() {
        state.metrics.error(code);
    }
    response
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

/// A request to a session route, less its body: the mount it came to, the
/// headers and URI a session id may come in, and the session its reply
/// names (from the request, then the one it played in), which every reply,
/// an error too, hands back in `X-Session-Id` and the cookies.
pub struct SessionRequest {
    pub mount: Mount,
    headers: HeaderMap,
    uri: Uri,
    answering: Answering,
}

/// The session a reply names.
enum Answering {
    Nobody,
    /// An id the request carried, of a session that may not exist.
    Id(String),
    /// The session the request played in, whose headers are built.
    Session(Arc<Session>),
}

impl FromRequestParts<Mount> for SessionRequest {
    type Rejection = Infallible;

    /// The headers and URI are taken, not copied (copying the header map
    /// and dropping both cost a step request about 3% of its instructions):
    /// routing and the layers have read them already, and the only
    /// extractor after this one, the body's, needs none of them.
    async fn from_request_parts(parts: &mut Parts, mount: &Mount) -> Result<Self, Infallible> {
        Ok(SessionRequest {
            mount: mount.clone(),
            headers: std::mem::take(&mut parts.headers),
            uri: std::mem::take(&mut parts.uri),
            answering: Answering::Nobody,
        })
    }
}

impl SessionRequest {
    /// The session id the request carries in `sources` (`body` is the
    /// JSON body, where the route reads one); the reply names it.
    pub fn resolve(
        &mut self,
        sources: &[IdSource],
        body: Option<&Map<String, Value>>,
    ) -> Result<Option<String>, ApiError> {
        let id = ids::resolve(sources, &self.headers, &self.uri, body)?;
        self.answering = match &id {
            Some(id) => Answering::Id(id.clone()),
            None => Answering::Nobody,
        };
        Ok(id)
    }

    /// The reply names `session`, the one the request played in.
    pub fn answering(&mut self, session: &Arc<Session>) {
        self.answering = Answering::Session(session.clone());
    }

    pub fn query(&self, name: &str) -> Option<String> {
        ids::query_param(&self.uri, name)
    }

    /// The response, with the session it names ([`with_session`]).
    pub fn reply(self, reply: impl IntoResponse) -> Response {
        match self.answering {
            Answering::Nobody => reply.into_response(),
            Answering::Id(id) => with_session(self.mount.info, Some(&id), reply),
            Answering::Session(session) => {
                let mut response = reply.into_response();
                let headers = session.reply_headers().iter().cloned();
                response.headers_mut().extend(headers);
                response
            }
        }
    }
}

/// `POST /reset`: start an episode in the session the request names, or in
/// a new anonymous session when it names none.
pub async fn reset(mut request: SessionRequest, body: JsonBody) -> Response {
    let reply = reset_inner(&mut request, body);
    request.reply(reply)
}

fn reset_inner(request: &mut SessionRequest, body: JsonBody) -> Result<ResultJson, ApiError> {
    let mut options = body.into_object(true)?;
    let id = request.resolve(ids::sources_for(request.mount.info), Some(&options))?;
    if let Some(task) = request.query("task")
        && !TASK_KEYS
            .iter()
            .any(|k| options.get(*k).is_some_and(|v| !v.is_null()))
    {
        options.insert("task".to_owned(), Value::String(task));
    }
    let (session, result) = reset_session(&request.mount, id, options)?;
    request.answering(&session);
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
    // The body's `session_id` is HTTP's own (read by `ids::resolve`).
    let parsed = ResetOptions::parse_with(mount.info, &Value::Object(options), &[ids::FIELD])?;
    let defaults = ids::reset_defaults(&parsed)?;
    // A draining replica starts no episode, in a new session or an old one:
    // the retry elsewhere plays it, and the drain ends.
    mount.app.sessions.check_not_draining()?;
    let session = mount.app.sessions.get_or_create(mount.info, id)?;
    mount.app.metrics.reset(mount.info.id, parsed.task.id);
    let result = session.env().reset_with(parsed, defaults)?;
    Ok((session, result))
}

/// `POST /step`: `{"action": {...}}` in the session the request names (the
/// anonymous one when it names none). When the mount has a judge, the
/// result waits for its verdict (off the runtime; the session is not held).
pub async fn step(mut request: SessionRequest, body: JsonBody) -> Response {
    let reply = match step_inner(&mut request, body) {
        Ok((mut result, submission)) => {
            request.mount.judge_step(&mut result, submission).await;
            Ok(ResultJson(result))
        }
        Err(err) => Err(err),
    };
    request.reply(reply)
}

/// Step the session; with a judge on the mount, also what it needs to judge
/// the step.
fn step_inner(
    request: &mut SessionRequest,
    body: JsonBody,
) -> Result<(env_wasm::StepResult, Option<Submission>), ApiError> {
    let body = body.into_object(true)?;
    let id = request.resolve(ids::sources_for(request.mount.info), Some(&body))?;
    check_step_extras(&body)?;
    let mount = &request.mount;
    let action = step_action(mount.info, &body, "wrap the action: {\"action\": {...}}")?;
    let session = mount
        .app
        .sessions
        .get(mount.info, id.as_deref())
        .ok_or_else(|| unknown_session(mount))?;
    let mut env = session.env();
    let started = Instant::now();
    let result = env.step(action)?;
    mount.app.metrics.step(mount.info.id, started.elapsed());
    let submission = mount.judge.as_ref().map(|_| Submission::of(&env, action));
    request.answering(&session);
    Ok((result, submission))
}

/// The refusal of a step in a session this replica does not hold: "reset
/// first", except while it drains, when the session may live on another
/// replica (placed there by a retry after this one refused it): 503
/// `DRAINING` sends the proxy's retry to the next replica on the hash ring.
fn unknown_session(mount: &Mount) -> ApiError {
    if mount.app.sessions.is_draining() {
        ApiError::Draining
    } else {
        ApiError::Env(EnvError::NotStarted)
    }
}

/// The `action` of a step body, when its shape can be an action of `info`
/// (an object, or the bare string of its text action field, which the seam
/// reads: `productivity`'s `raw`, as its seed sent it); `hint` says what to
/// send when there is none.
pub fn step_action<'a>(
    info: &EnvInfo,
    body: &'a Map<String, Value>,
    hint: &'static str,
) -> Result<&'a Value, ApiError> {
    match body.get("action") {
        None | Some(Value::Null) => Err(ApiError::Missing {
            field: "action",
            hint,
        }),
        Some(action) => {
            info.check_action_shape(action)?;
            Ok(action)
        }
    }
}

/// OpenEnv's optional step fields: `timeout_s` and `request_id`
/// ([`wire::TimeoutSeconds`], [`wire::RequestId`]). Accepted, not used.
fn check_step_extras(body: &Map<String, Value>) -> Result<(), ApiError> {
    wire::field::<wire::TimeoutSeconds>(body, "timeout_s")?;
    wire::field::<wire::RequestId>(body, "request_id")?;
    Ok(())
}

/// `GET /state`: the full state of the session (every field, not only the
/// reference's `episode_id`/`step_count`); a blank state when there is none.
pub async fn state(mut request: SessionRequest) -> Response {
    let mount = request.mount.clone();
    let id = match request.resolve(ids::sources_for(mount.info), None) {
        Ok(id) => id,
        Err(err) => return err.into_response(),
    };
    match mount.app.sessions.get(mount.info, id.as_deref()) {
        Some(session) => {
            request.answering(&session);
            let state = session.env().state();
            request.reply(Json(state))
        }
        None => request.reply(json_bytes(mount.docs.blank_state.clone())),
    }
}

/// `GET /envs`: the registry, every environment and task.
pub async fn envs() -> Response {
    let environments: wire::Environments = registry::ENVIRONMENTS;
    Json(environments).into_response()
}

/// The first path segment after `prefix` (`/envs/`): the environment a
/// path under a family of mounts names; `""` when it names none.
pub fn env_segment<'a>(path: &'a str, prefix: &str) -> &'a str {
    path.strip_prefix(prefix)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or("")
}

/// `/envs/{env_id}` and anything under it that no mount answered.
pub async fn under_envs(uri: Uri) -> Response {
    let path = uri.path();
    let env_id = env_segment(path, "/envs/");
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
/// header outside route layers, so it still reaches the client. A handler's
/// own 405 (`GET /mcp` without a session) has its body, and keeps it.
pub async fn json_method_not_allowed(request: Request, next: Next) -> Response {
    let method: Method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED
        || response.headers().contains_key(header::CONTENT_TYPE)
    {
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
