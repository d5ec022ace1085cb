//! OpenEnv's Task API at the server root, as the `openenv` package's
//! server serves it and its harbor client calls it: `GET
//! /list_environments`, `GET /{env_id}/splits`, and `POST /{env_id}/num_tasks`
//! `{"split"}` -> `{"num_tasks"}`, `/task` `{"split", "index"}` -> `{"task"}`,
//! `/task_range` `{"split", "start"?, "stop"?}` -> `{"tasks"}` (Python slice
//! ends) and `/tasks` `{"split"}` -> `{"tasks", "env_name"}`. The splits and
//! task records are the core's ([`env_wasm::splits`]); a record's `reset`
//! (`{"split", "index"}`) plays that task on any mount. The routes are
//! [`crate::routes::task_api`].

use axum::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use env_wasm::splits::{self, INDEX, SPLIT, TaskRecord};
use env_wasm::{EnvError, EnvInfo, registry};

use crate::body::JsonBody;
use crate::error::ApiError;
use crate::mount::Mount;
use crate::wire::{
    self, Integer, MAX_LISTED, SplitName, SplitRequest, TaskRangeRequest, TaskRequest,
};

pub async fn list_environments() -> Response {
    let ids: wire::EnvironmentIds = registry::ENVIRONMENTS.iter().map(|e| e.id).collect();
    Json(ids).into_response()
}

fn env(env_id: &str) -> Result<&'static EnvInfo, ApiError> {
    registry::find(env_id).ok_or_else(|| {
        ApiError::Env(EnvError::UnknownEnv {
            env: env_id.chars().take(40).collect(),
            available: registry::env_ids(),
        })
    })
}

/// `GET /{env_id}/splits`: each split's name, OpenEnv `type`, task count,
/// seed range and levels.
pub async fn list_splits(Path(env_id): Path<String>) -> Response {
    let reply = env(&env_id).map(|info| {
        let tasks: Vec<&str> = info.tasks.iter().map(|t| t.id).collect();
        let listed: Vec<wire::SplitDoc> = info
            .splits()
            .iter()
            .map(|split| wire::SplitDoc {
                name: split.name,
                kind: split.name,
                num_tasks: info.num_tasks(split),
                seeds: wire::SeedRange {
                    start: split.start,
                    stop: split.stop,
                },
                levels: info.levels,
                tasks: tasks.clone(),
                description: split.summary,
            })
            .collect();
        Json(listed)
    });
    reply.into_response()
}

/// The split a Task API body names (train when none).
fn split_of(info: &'static EnvInfo, split: &SplitName) -> Result<&'static splits::Split, ApiError> {
    Ok(info.split(split.0.as_deref().unwrap_or(""))?)
}

pub async fn num_tasks(
    Path(env_id): Path<String>,
    State(_): State<Mount>,
    body: JsonBody,
) -> Response {
    let reply = env(&env_id).and_then(|info| {
        let request: SplitRequest = wire::read(body.into_object(true)?)?;
        let split = split_of(info, &request.split)?;
        Ok(Json(wire::NumTasks {
            num_tasks: info.num_tasks(split),
        }))
    });
    reply.into_response()
}

pub async fn task(Path(env_id): Path<String>, State(_): State<Mount>, body: JsonBody) -> Response {
    let reply = env(&env_id).and_then(|info| {
        let request: TaskRequest = wire::read(body.into_object(true)?)?;
        let split = split_of(info, &request.split)?;
        let Integer(index) = request.index.ok_or(ApiError::Missing {
            field: INDEX,
            hint: "send the task's index in the split, from 0 (POST /{env_id}/num_tasks counts them)",
        })?;
        let index = u64::try_from(index).map_err(|_| {
            ApiError::validation(INDEX, format!("must be at least 0, got {index}"))
        })?;
        Ok(Json(wire::TaskReply {
            task: info.task_at(split, index)?.record(),
        }))
    });
    reply.into_response()
}

/// Records `range` of `split`, refusing a window over [`MAX_LISTED`].
fn records(
    info: &'static EnvInfo,
    split: &'static splits::Split,
    range: std::ops::Range<u64>,
    what: &str,
) -> Result<Vec<TaskRecord>, ApiError> {
    let count = range.end - range.start;
    if count > MAX_LISTED {
        return Err(ApiError::validation(
            what.to_owned(),
            format!(
                "{count} tasks asked for; at most {MAX_LISTED} come in one reply: page through \
                 split `{}` ({} tasks) with POST /{}/task_range {{\"split\", \"start\", \"stop\"}}",
                split.name,
                info.num_tasks(split),
                info.id
            ),
        ));
    }
    range
        .map(|i| {
            info.task_at(split, i)
                .map(|t| t.record())
                .map_err(ApiError::from)
        })
        .collect()
}

pub async fn task_range(
    Path(env_id): Path<String>,
    State(_): State<Mount>,
    body: JsonBody,
) -> Response {
    let reply = env(&env_id).and_then(|info| {
        let request: TaskRangeRequest = wire::read(body.into_object(true)?)?;
        let split = split_of(info, &request.split)?;
        let range = splits::slice(
            info.num_tasks(split),
            request.start.map(|Integer(i)| i),
            request.stop.map(|Integer(i)| i),
        );
        Ok(Json(wire::TaskRange {
            tasks: records(info, split, range, "stop")?,
        }))
    });
    reply.into_response()
}

pub async fn tasks(Path(env_id): Path<String>, State(_): State<Mount>, body: JsonBody) -> Response {
    let reply = env(&env_id).and_then(|info| {
        let request: SplitRequest = wire::read(body.into_object(true)?)?;
        let split = split_of(info, &request.split)?;
        let all = records(info, split, 0..info.num_tasks(split), SPLIT)?;
        Ok(Json(wire::TaskList {
            tasks: all,
            env_name: info.id,
        }))
    });
    reply.into_response()
}
