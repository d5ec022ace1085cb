//! API tests of the `deskbench` server: every route and error status with
//! `tower::ServiceExt::oneshot`, HTTP sessions, MCP, OpenAPI, the web host,
//! and the `/ws` protocol on a real socket. Run with `cargo test -p server`.

mod capacity;
mod common;
mod compat_itmh;
mod compat_productivity;
mod errors;
mod fuzz;
mod hostile;
mod isolation;
mod itmh_sessions;
mod mcp;
mod mcp_budget;
mod mcp_notices;
mod mcp_refusals;
mod openapi;
mod openapi_drift;
mod reset_options;
mod routes;
mod sessions;
mod task_api;
mod truncation;
mod web;
mod ws;
