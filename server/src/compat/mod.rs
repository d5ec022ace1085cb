//! `/compat/{env_id}`: the HTTP contracts of the original projects whose
//! users already have scripts, field for field, so those scripts run
//! against DeskBench with only their base URL changed.
//!
//! Each adapter is thin: it reads the original's body shape, resolves the
//! session through [`crate::ids`] from the places the original read it,
//! plays the step through the same [`env_wasm::AnyEnv`] seam and session
//! table as the OpenEnv mounts ([`crate::http::reset_session`]), and
//! writes the original's reply shape from the seam's observation and
//! state. It never scores anything: every reward and score comes from the
//! seam, and a score the original showed before the end is `null` until
//! the seam reports the episode done. Errors keep our JSON shape and stable
//! codes; where the original's clients match on a `detail` string, the
//! adapter answers that string ([`ApiError::Contract`]).
//!
//! - [`it_mental_health`]: seed 000's flat `/reset`, `/step`, `/state`.
//! - [`productivity`]: seed 002's `/reset?task=`, `/step {"action": "..."}`.
//!
//! `support_triage` (seed 001) spoke OpenEnv already; its clients use
//! `/envs/support_triage` (or the root) and need no adapter.

pub mod it_mental_health;
pub mod productivity;
mod shared;

pub use shared::{ENV_IDS, path};

use axum::Router;
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::mount::Mount;

/// The compatibility routes of `mount`'s environment, paths relative to
/// the mount; `None` for an environment without one. `with_index` adds
/// the original's `GET /` (left out where `/` belongs to the web UI).
pub fn routes(mount: Mount, with_index: bool) -> Option<Router> {
    match mount.info.id {
        "it_mental_health" => Some(it_mental_health::routes(mount, with_index)),
        "productivity" => Some(productivity::routes(mount, with_index)),
        _ => None,
    }
}

/// `/compat/...` that no compatibility mount answered.
pub async fn not_found(uri: Uri) -> Response {
    let requested = uri.path();
    if ENV_IDS.contains(&crate::http::env_segment(requested, "/compat/")) {
        return ApiError::NotFound {
            path: requested.to_owned(),
        }
        .into_response();
    }
    ApiError::Contract {
        status: StatusCode::NOT_FOUND,
        code: "NOT_FOUND",
        detail: format!(
            "no compatibility mount at {requested}: they are {}; support_triage's original \
             spoke OpenEnv already, so its clients use /envs/support_triage",
            ENV_IDS.map(|id| format!("/compat/{id}")).join(", ")
        ),
    }
    .into_response()
}
