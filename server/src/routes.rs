//! The route tables: every documented operation of the API (method, path,
//! handler) in one list per router. The routers are built from these lists,
//! and [`documented`] lists the same operations for the OpenAPI document's
//! check (`tests/api/openapi.rs` fails on any path or method that one has
//! and the other lacks), so a route cannot be added without its document.
//!
//! Not listed: the catch-alls that answer 404 for what no mount serves
//! (`/envs/{env_id}/...`, `/compat/...`), the compatibility mounts (the
//! original projects' contracts, documented by those projects) and the web
//! UI's static files.

use std::sync::Arc;

use axum::Router;
use axum::http::Method;
use axum::routing::{MethodRouter, get, post};

use crate::mount::{AppState, Mount};
use crate::{http, mcp, task_api, ws};

/// One operation: `method` on `path` (relative to its router) answered by
/// `handler`.
pub struct Operation<S> {
    pub method: Method,
    pub path: &'static str,
    handler: MethodRouter<S>,
}

fn operation<S>(method: Method, path: &'static str, handler: MethodRouter<S>) -> Operation<S> {
    Operation {
        method,
        path,
        handler,
    }
}

/// A router of `operations` (operations on one path share its method router).
pub fn router<S: Clone + Send + Sync + 'static>(operations: Vec<Operation<S>>) -> Router<S> {
    operations.into_iter().fold(Router::new(), |router, op| {
        router.route(op.path, op.handler)
    })
}

/// The OpenEnv surface of one mount, paths relative to it.
pub fn mount() -> Vec<Operation<Mount>> {
    vec![
        operation(Method::GET, "/health", get(http::health)),
        operation(Method::GET, "/metadata", get(http::metadata)),
        operation(Method::GET, "/schema", get(http::schema)),
        operation(Method::GET, "/tasks", get(http::tasks)),
        operation(Method::GET, "/openapi.json", get(http::openapi)),
        operation(Method::POST, "/reset", post(http::reset)),
        operation(Method::POST, "/step", post(http::step)),
        operation(Method::GET, "/state", get(http::state)),
        operation(Method::POST, "/mcp", post(mcp::http)),
        operation(Method::GET, "/mcp", get(mcp::listen)),
        operation(
            Method::DELETE,
            "/mcp",
            axum::routing::delete(mcp::end_session),
        ),
        operation(Method::GET, "/ws", get(ws::upgrade)),
    ]
}

/// OpenEnv's Task API, at the server root ([`task_api()`]); `{env_id}` is
/// any environment (the document spells each one out).
pub fn task_api() -> Vec<Operation<Mount>> {
    vec![
        operation(
            Method::GET,
            "/list_environments",
            get(task_api::list_environments),
        ),
        operation(Method::GET, "/{env_id}/splits", get(task_api::list_splits)),
        operation(
            Method::POST,
            "/{env_id}/num_tasks",
            post(task_api::num_tasks),
        ),
        operation(Method::POST, "/{env_id}/task", post(task_api::task)),
        operation(
            Method::POST,
            "/{env_id}/task_range",
            post(task_api::task_range),
        ),
        operation(Method::POST, "/{env_id}/tasks", post(task_api::tasks)),
    ]
}

/// What describes the whole process, at the root only: the registry,
/// readiness, capacity and metrics.
pub fn process() -> Vec<Operation<Arc<AppState>>> {
    vec![
        operation(Method::GET, "/envs", get(http::envs)),
        operation(Method::GET, "/ready", get(http::ready)),
        operation(Method::GET, "/stats", get(http::stats)),
        operation(Method::GET, "/metrics", get(http::metrics)),
    ]
}

/// Every operation the document of a mount must list, as `(method, path)`
/// with `{env_id}` spelled out for each environment: the mount's own, and
/// at the root (`root`) the Task API's and the process's too.
pub fn documented(root: bool) -> Vec<(Method, String)> {
    let mut operations: Vec<(Method, String)> = mount()
        .into_iter()
        .map(|op| (op.method, op.path.to_owned()))
        .collect();
    if root {
        for op in task_api() {
            if op.path.contains("{env_id}") {
                for info in env_wasm::registry::ENVIRONMENTS {
                    operations.push((op.method.clone(), op.path.replace("{env_id}", info.id)));
                }
            } else {
                operations.push((op.method, op.path.to_owned()));
            }
        }
        operations.extend(
            process()
                .into_iter()
                .map(|op| (op.method, op.path.to_owned())),
        );
    }
    operations
}
