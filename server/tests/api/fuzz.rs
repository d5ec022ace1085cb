//! Fuzzing of the server's own request handling, in process: arbitrary
//! bytes, arbitrary JSON and nearly valid bodies, session ids, cookies and
//! queries sent to `/reset`, `/step`, `/state` and `/mcp` of every mount
//! (the compatibility mounts' `/reset`, `/step` and `/state` too).
//! Never a 5xx; every error is our JSON body with a string `code`; `/mcp`
//! answers a JSON-RPC result or an error with a numeric `code` (200, or
//! the streamable HTTP transport's 400 for a malformed session id and 404
//! for a session that is not open), or 202 and no body for a
//! notification.
//!
//! A few hundred cases by default; `PROPTEST_CASES=n` for more
//! (`scripts/fuzz.sh`), `PROPTEST_RNG_SEED=s` to replay a run (each run
//! prints its seed). A failure prints the minimal request.

use std::cell::{Cell, RefCell};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderValue, Method, Request, header};
use env_wasm::registry::ENVIRONMENTS;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{
    Config as ProptestConfig, FileFailurePersistence, RngSeed, TestRunner,
};
use serde_json::{Map, Value};

use crate::common::*;

const DEFAULT_CASES: u32 = 500;
/// Cases per app (see below); well under the default session cap.
const APP_EVERY: u64 = 500;

/// Test helpers may read the environment.
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// One request, as generated (and, on failure, printed).
#[derive(Debug, Clone)]
struct Fuzzed {
    method: Method,
    uri: String,
    body: Vec<u8>,
    session_header: Option<Vec<u8>>,
    cookie: Option<Vec<u8>>,
}

/// Ids from a small pool, so cases meet each other's sessions, plus odd ones.
fn session_id() -> BoxedStrategy<Vec<u8>> {
    prop_oneof![
        4 => (0..6u8).prop_map(|i| format!("fz-{i}").into_bytes()),
        1 => "[ -~]{0,20}".prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..12),
    ]
    .boxed()
}

fn json_value() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        (0u64..50).prop_map(Value::from),
        any::<String>().prop_map(Value::String),
        select(
            &[
                "inspect",
                "final: {}",
                "easy",
                "hard",
                "reset",
                "step",
                "state",
                "view_ticket",
                "burnout_detection",
                "fz-1",
                "2.0",
            ][..]
        )
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![
                        3 => select(&[
                            "action", "raw", "seed", "task", "session_id", "episode_id",
                            "timeout_s", "request_id", "jsonrpc", "id", "method", "params",
                            "name", "arguments", "command", "response", "task_id", "metadata",
                        ][..])
                        .prop_map(str::to_owned),
                        1 => any::<String>(),
                    ],
                    inner,
                ),
                0..5,
            )
            .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
    .boxed()
}

/// A body shaped like what the route expects, with any field wrong.
fn near_valid(route: &'static str) -> BoxedStrategy<Value> {
    let maybe = || prop::option::of(json_value());
    match route {
        "mcp" => (
            prop::option::of(prop_oneof![Just(Value::from("2.0")), json_value()]),
            prop::option::of(json_value()),
            prop_oneof![
                3 => select(&[
                    "initialize", "ping", "tools/list", "tools/call",
                    "openenv/session/create", "openenv/session/close", "notifications/x", "nope",
                ][..])
                .prop_map(Value::from),
                1 => json_value(),
            ],
            prop::option::of((
                prop_oneof![
                    select(&["reset", "step", "state", "x"][..]).prop_map(Value::from),
                    json_value()
                ],
                maybe(),
                prop::option::of(
                    session_id()
                        .prop_map(|id| Value::String(String::from_utf8_lossy(&id).into_owned())),
                ),
            )),
        )
            .prop_map(|(jsonrpc, id, method, params)| {
                let mut request = Map::new();
                if let Some(jsonrpc) = jsonrpc {
                    request.insert("jsonrpc".to_owned(), jsonrpc);
                }
                if let Some(id) = id {
                    request.insert("id".to_owned(), id);
                }
                request.insert("method".to_owned(), method);
                if let Some((name, arguments, session)) = params {
                    let mut params = Map::new();
                    params.insert("name".to_owned(), name);
                    if let Some(arguments) = arguments {
                        params.insert("arguments".to_owned(), arguments);
                    }
                    if let Some(session) = session {
                        params.insert("session_id".to_owned(), session);
                    }
                    request.insert("params".to_owned(), Value::Object(params));
                }
                Value::Object(request)
            })
            .boxed(),
        // The OpenEnv fields and the compatibility mounts' (seed 000's
        // unwrapped action; seed 002's string action is `action` too).
        _ => (
            (maybe(), maybe(), maybe(), maybe(), maybe(), maybe()),
            (maybe(), maybe(), maybe()),
        )
            .prop_map(
                |(
                    (action, seed, task, session, timeout, request_id),
                    (response, task_id, metadata),
                )| {
                    let mut body = Map::new();
                    for (key, value) in [
                        ("action", action),
                        ("seed", seed),
                        ("task", task),
                        ("session_id", session),
                        ("timeout_s", timeout),
                        ("request_id", request_id),
                        ("response", response),
                        ("task_id", task_id),
                        ("metadata", metadata),
                    ] {
                        if let Some(value) = value {
                            body.insert(key.to_owned(), value);
                        }
                    }
                    Value::Object(body)
                },
            )
            .boxed(),
    }
}

fn request_strategy() -> impl Strategy<Value = Fuzzed> {
    // Every OpenEnv mount's routes, and the compatibility mounts' (no MCP).
    let mut routes: Vec<(String, &'static str)> = std::iter::once(String::new())
        .chain(ENVIRONMENTS.iter().map(|e| format!("/envs/{}", e.id)))
        .flat_map(|mount| ["reset", "step", "state", "mcp"].map(|route| (mount.clone(), route)))
        .collect();
    for env_id in server::compat::ENV_IDS {
        let mount = server::compat::path(env_id).unwrap_or_default();
        routes.extend(["reset", "step", "state"].map(|route| (mount.clone(), route)));
    }
    select(routes).prop_flat_map(|(mount, route)| {
        let method = if route == "state" {
            Method::GET
        } else {
            Method::POST
        };
        let body = prop_oneof![
            2 => prop::collection::vec(any::<u8>(), 0..200),
            2 => json_value().prop_map(|v| v.to_string().into_bytes()),
            4 => near_valid(route).prop_map(|v| v.to_string().into_bytes()),
        ];
        let query = prop_oneof![
            4 => Just(String::new()),
            1 => session_id().prop_map(|id| {
                let id: String = id.iter().map(|b| format!("%{b:02X}")).collect();
                format!("?session_id={id}")
            }),
            1 => "[a-z=&%0-9]{0,16}".prop_map(|q| format!("?{q}")),
            1 => select(&["easy", "nope", "hard", "%FF"][..]).prop_map(|t| format!("?task={t}")),
        ];
        (
            Just(method),
            Just(format!("{mount}/{route}")),
            query,
            body,
            prop::option::of(session_id()),
            prop::option::of(session_id().prop_map(|id| {
                let mut cookie = b"deskbench_session=".to_vec();
                cookie.extend(id);
                cookie
            })),
        )
            .prop_map(
                |(method, path, query, body, session_header, cookie)| Fuzzed {
                    method,
                    uri: format!("{path}{query}"),
                    body,
                    session_header,
                    cookie,
                },
            )
    })
}

fn build(case: &Fuzzed) -> Request<Body> {
    let mut request = Request::builder()
        .method(case.method.clone())
        .uri(&case.uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(case.body.clone()))
        .expect("request");
    let headers = request.headers_mut();
    // Bytes a header cannot carry at all never reach a server; skip them.
    if let Some(id) = case
        .session_header
        .as_deref()
        .and_then(|b| HeaderValue::from_bytes(b).ok())
    {
        headers.insert("x-session-id", id);
    }
    if let Some(cookie) = case
        .cookie
        .as_deref()
        .and_then(|b| HeaderValue::from_bytes(b).ok())
    {
        headers.insert(header::COOKIE, cookie);
    }
    request
}

/// The reply to one fuzzed request keeps the API's error contract.
fn check(case: &Fuzzed, reply: &Reply) -> Result<(), TestCaseError> {
    prop_assert!(
        !reply.status.is_server_error(),
        "{} {}",
        reply.status,
        reply.text()
    );
    if case.uri.contains("/mcp") && reply.status.as_u16() == 202 {
        prop_assert!(reply.bytes.is_empty(), "{}", reply.text());
        return Ok(());
    }
    let body: Value = serde_json::from_slice(&reply.bytes)
        .map_err(|e| TestCaseError::fail(format!("not JSON ({e}): {}", reply.text())))?;
    if case.uri.contains("/mcp") {
        prop_assert!(
            [200, 400, 404].contains(&reply.status.as_u16()),
            "{}",
            reply.status
        );
        prop_assert_eq!(&body["jsonrpc"], "2.0");
        prop_assert!(
            body.get("result").is_some() || body["error"]["code"].is_i64(),
            "{body}"
        );
    } else if reply.status.is_success() {
        prop_assert!(body.is_object(), "{body}");
    } else {
        prop_assert!(body["error"]["code"].is_string(), "{body}");
        prop_assert!(body["error"]["message"].is_string(), "{body}");
    }
    Ok(())
}

#[test]
fn fuzzed_requests_never_get_a_server_error() {
    let cases = env_number("PROPTEST_CASES").map_or(DEFAULT_CASES, |n| n as u32);
    let seed = env_number("PROPTEST_RNG_SEED").unwrap_or_else(|| {
        use std::hash::{BuildHasher, RandomState};
        RandomState::new().hash_one(0xf022_u64)
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    // Cases share an app, so they meet the sessions earlier ones left
    // behind; a fresh one every few hundred cases keeps the anonymous
    // sessions that resets create from piling up (and from filling it).
    let new_app = || runtime.block_on(async { server::app(config()) });
    let app: RefCell<Router> = RefCell::new(new_app());
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    });
    let ran = Cell::new(0u64);
    let result = runner.run(&request_strategy(), |case| {
        ran.set(ran.get() + 1);
        if ran.get().is_multiple_of(APP_EVERY) {
            *app.borrow_mut() = new_app();
        }
        let app = app.borrow().clone();
        let reply = runtime.block_on(send(&app, build(&case)));
        check(&case, &reply)
    });
    if let Err(err) = result {
        panic!("server fuzz failed; replay with PROPTEST_RNG_SEED={seed}\n{err}");
    }
    println!(
        "fuzz server requests: {} cases passed (PROPTEST_RNG_SEED={seed})",
        ran.get()
    );
}
