//! The OpenAPI document and the server cannot drift apart: each mount's
//! document lists exactly the operations its router serves (both come
//! from the route tables of `server::routes`), and every status an
//! operation declares is one a request here provokes. (The other way, no
//! status the document does not declare, is schemathesis's
//! `status_code_conformance`: `scripts/schemathesis.sh`.)

use std::collections::BTreeSet;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request};
use serde_json::Value;
use server::{AppHandle, Config};

use crate::common::*;

/// Every mount: the root and each `/envs/{env_id}`.
fn prefixes() -> Vec<String> {
    std::iter::once(String::new())
        .chain(
            env_wasm::registry::ENVIRONMENTS
                .iter()
                .map(|info| format!("/envs/{}", info.id)),
        )
        .collect()
}

/// `(METHOD, path)` of every operation a document lists.
fn documented_operations(doc: &Value) -> BTreeSet<(String, String)> {
    doc["paths"]
        .as_object()
        .expect("paths")
        .iter()
        .flat_map(|(path, item)| {
            item.as_object()
                .expect("path item")
                .keys()
                .map(move |method| (method.to_uppercase(), path.clone()))
        })
        .collect()
}

#[tokio::test]
async fn each_document_lists_exactly_the_operations_its_router_serves() {
    let app = app();
    for prefix in prefixes() {
        let doc = get(&app, &format!("{prefix}/openapi.json")).await.json();
        let in_document = documented_operations(&doc);
        let in_router: BTreeSet<(String, String)> = server::routes::documented(prefix.is_empty())
            .into_iter()
            .map(|(method, path)| (method.to_string(), path))
            .collect();
        assert_eq!(
            in_document.difference(&in_router).collect::<Vec<_>>(),
            Vec::<&(String, String)>::new(),
            "{prefix}: documented but not routed"
        );
        assert_eq!(
            in_router.difference(&in_document).collect::<Vec<_>>(),
            Vec::<&(String, String)>::new(),
            "{prefix}: routed but not documented"
        );
        // And the tables are what the router is built from: each operation
        // is answered by its handler, not the 404 or 405 fallbacks.
        for (method, path) in &in_router {
            let method = Method::from_bytes(method.as_bytes()).expect("method");
            let reply = send(
                &app,
                request(method.clone(), &format!("{prefix}{path}"), "{}"),
            )
            .await;
            // The fallbacks' bodies: a handler's own 405 (`GET /mcp` with
            // no session) is a JSON-RPC error instead.
            let fallback = (reply.status == 405
                && serde_json::from_slice::<Value>(&reply.bytes)
                    .is_ok_and(|b| b["error"]["code"] == "METHOD_NOT_ALLOWED"))
                || (reply.status == 404
                    && serde_json::from_slice::<Value>(&reply.bytes)
                        .is_ok_and(|b| b["error"]["code"] == "NOT_FOUND"));
            assert!(!fallback, "{method} {prefix}{path}: {}", reply.status);
        }
    }
}

/// The apps a status needs: the default one, one that drains, one with a
/// small body limit.
struct Apps {
    app: Router,
    draining: Router,
    small: Router,
}

const SMALL_BODY_LIMIT: usize = 64;

fn apps() -> Apps {
    let (draining, handle): (Router, AppHandle) = server::build(config());
    handle.sessions().start_draining();
    Apps {
        app: app(),
        draining,
        small: server::app(Config {
            max_body_bytes: SMALL_BODY_LIMIT,
            ..config()
        }),
    }
}

const RPC_PING: &str = r#"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#;
const RPC_INITIALIZE: &str = r#"{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}"#;

fn with_header(mut request: Request<Body>, name: &'static str, value: &str) -> Request<Body> {
    request
        .headers_mut()
        .insert(name, value.parse().expect("header value"));
    request
}

/// A step body whose action the mount's environment plays.
fn step_body(prefix: &str) -> String {
    let env = match prefix.strip_prefix("/envs/") {
        Some(id) => id,
        None => config().default_env.id,
    };
    match env {
        "support_triage" => r#"{"action": {"command": "show_inbox"}}"#.to_owned(),
        "it_mental_health" => r#"{"action": {"response": "I hear you."}}"#.to_owned(),
        _ => INSPECT.to_owned(),
    }
}

/// A request that provokes `status` from `method path` at `prefix`, and the
/// app to send it to; `None` when this test knows no way (which fails it).
async fn provoke(
    apps: &Apps,
    prefix: &str,
    method: &str,
    path: &str,
    status: u16,
) -> Option<(Router, Request<Body>)> {
    let uri = format!("{prefix}{path}");
    let app = apps.app.clone();
    let big = format!(r#"{{"split": "{}"}}"#, "x".repeat(SMALL_BODY_LIMIT));
    let task_api = path.ends_with("/num_tasks")
        || path.ends_with("/task")
        || path.ends_with("/task_range")
        || path.ends_with("/tasks") && path != "/tasks";
    Some(match (method, path, status) {
        ("get", "/ws", 426) => (app, request(Method::GET, &uri, Body::empty())),
        ("get", "/mcp", 400) => (
            app,
            with_header(
                request(Method::GET, &uri, Body::empty()),
                "mcp-session-id",
                "a b",
            ),
        ),
        ("get", "/mcp", 403) => (
            app,
            with_header(
                request(Method::GET, &uri, Body::empty()),
                "origin",
                "http://evil.example",
            ),
        ),
        ("get", "/mcp", 404) => (
            app,
            with_header(
                request(Method::GET, &uri, Body::empty()),
                "mcp-session-id",
                "drift-not-open",
            ),
        ),
        ("get", "/mcp", 405) => (app, request(Method::GET, &uri, Body::empty())),
        ("get", "/mcp", 406) => {
            let init = send(&app, request(Method::POST, &uri, RPC_INITIALIZE)).await;
            let id = init
                .header("mcp-session-id")
                .expect("Mcp-Session-Id")
                .to_owned();
            let listen = with_header(
                request(Method::GET, &uri, Body::empty()),
                "mcp-session-id",
                &id,
            );
            (app, with_header(listen, "accept", "application/json"))
        }
        ("get", "/ready", 503) => (
            apps.draining.clone(),
            request(Method::GET, &uri, Body::empty()),
        ),
        ("get", _, 200) => (app, request(Method::GET, &uri, Body::empty())),
        ("post", "/reset", 200) => (app, request(Method::POST, &uri, "{}")),
        ("post", "/reset", 404) => (app, request(Method::POST, &uri, r#"{"task": "nope"}"#)),
        ("post", "/reset", 422) => (app, request(Method::POST, &uri, r#"{"seed": -1}"#)),
        ("post", _, 413) if path != "/mcp" => {
            (apps.small.clone(), request(Method::POST, &uri, big.clone()))
        }
        ("post", "/reset", 503) => (apps.draining.clone(), request(Method::POST, &uri, "{}")),
        ("post", "/step", 200) => {
            let reset = send(
                &app,
                with_id(
                    Method::POST,
                    &uri.replace("/step", "/reset"),
                    "drift-step",
                    "{}",
                ),
            )
            .await;
            assert_eq!(reset.status, 200);
            (
                app,
                with_id(Method::POST, &uri, "drift-step", &step_body(prefix)),
            )
        }
        ("post", "/step", 409) => (
            app,
            with_id(Method::POST, &uri, "drift-never-reset", INSPECT),
        ),
        ("post", "/step", 422) => (app, request(Method::POST, &uri, "{}")),
        ("post", "/step", 503) => (
            apps.draining.clone(),
            with_id(Method::POST, &uri, "drift-unknown", INSPECT),
        ),
        ("get", "/state", 422) => (
            app,
            with_header(
                request(Method::GET, &uri, Body::empty()),
                "x-session-id",
                "a b",
            ),
        ),
        ("post", "/mcp", 200) => (app, request(Method::POST, &uri, RPC_PING)),
        ("post", "/mcp", 202) => (
            app,
            request(
                Method::POST,
                &uri,
                r#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#,
            ),
        ),
        ("post", "/mcp", 400) => (
            app,
            with_header(
                request(Method::POST, &uri, RPC_PING),
                "mcp-session-id",
                "a b",
            ),
        ),
        ("post", "/mcp", 403) => (
            app,
            with_header(
                request(Method::POST, &uri, RPC_PING),
                "origin",
                "http://evil.example",
            ),
        ),
        ("post", "/mcp", 404) => (
            app,
            with_header(
                request(Method::POST, &uri, RPC_PING),
                "mcp-session-id",
                "drift-not-open",
            ),
        ),
        ("post", "/mcp", 503) => (
            apps.draining.clone(),
            request(Method::POST, &uri, RPC_INITIALIZE),
        ),
        ("delete", "/mcp", 200) => {
            let init = send(&app, request(Method::POST, &uri, RPC_INITIALIZE)).await;
            let id = init
                .header("mcp-session-id")
                .expect("Mcp-Session-Id")
                .to_owned();
            (
                app,
                with_header(
                    request(Method::DELETE, &uri, Body::empty()),
                    "mcp-session-id",
                    &id,
                ),
            )
        }
        ("delete", "/mcp", 400) => (
            app,
            with_header(
                request(Method::DELETE, &uri, Body::empty()),
                "mcp-session-id",
                "a b",
            ),
        ),
        ("delete", "/mcp", 403) => (
            app,
            with_header(
                with_header(
                    request(Method::DELETE, &uri, Body::empty()),
                    "mcp-session-id",
                    "drift-x",
                ),
                "origin",
                "http://evil.example",
            ),
        ),
        ("delete", "/mcp", 404) => (
            app,
            with_header(
                request(Method::DELETE, &uri, Body::empty()),
                "mcp-session-id",
                "drift-not-open",
            ),
        ),
        ("post", _, 200) if task_api => {
            let body = if path.ends_with("/task") {
                r#"{"split": "test", "index": 0}"#
            } else if path.ends_with("/tasks") {
                r#"{"split": "test"}"#
            } else if path.ends_with("/task_range") {
                r#"{"split": "test", "start": 0, "stop": 2}"#
            } else {
                "{}"
            };
            (app, request(Method::POST, &uri, body))
        }
        ("post", _, 422) if task_api => (app, request(Method::POST, &uri, r#"{"split": 5}"#)),
        _ => return None,
    })
}

#[tokio::test]
async fn every_status_a_document_declares_is_provoked() {
    let apps = apps();
    let mut provoked = 0;
    for prefix in prefixes() {
        let doc = get(&apps.app, &format!("{prefix}/openapi.json"))
            .await
            .json();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("path item") {
                for status in operation["responses"]
                    .as_object()
                    .expect("responses")
                    .keys()
                {
                    if path == "/ws" && (status == "101" || status == "503") {
                        continue; // A real socket: the test below.
                    }
                    if path == "/mcp" && method == "get" && status == "200" {
                        continue; // An open stream: mcp_notices reads it.
                    }
                    let status: u16 = status.parse().expect("a numeric status");
                    let (app, request) = provoke(&apps, &prefix, method, path, status)
                        .await
                        .unwrap_or_else(|| {
                            panic!(
                                "{method} {prefix}{path} declares {status}: add how to provoke it"
                            )
                        });
                    let reply = send(&app, request).await;
                    assert_eq!(
                        reply.status.as_u16(),
                        status,
                        "{method} {prefix}{path}: {}",
                        reply.text()
                    );
                    provoked += 1;
                }
            }
        }
    }
    eprintln!("{provoked} declared statuses provoked");
}

/// `/ws`'s 101 and its 503 (a draining replica refuses a new socket before
/// the upgrade) need a real connection.
#[tokio::test]
async fn ws_upgrades_and_refuses_while_draining_as_declared() {
    let (url, app, handle) = crate::ws::spawn(config()).await;
    let doc = get(&app, "/openapi.json").await.json();
    let responses = &doc["paths"]["/ws"]["get"]["responses"];
    assert!(responses["101"].is_object() && responses["503"].is_object());
    let ws = crate::ws::connect(&format!("{url}/ws")).await;
    drop(ws);
    handle.sessions().start_draining();
    match tokio::time::timeout(
        Duration::from_secs(10),
        tokio_tungstenite::connect_async(format!("{url}/ws")),
    )
    .await
    {
        Ok(Err(tokio_tungstenite::tungstenite::Error::Http(response))) => {
            assert_eq!(response.status(), 503);
        }
        other => panic!("a new /ws while draining: {other:?}"),
    }
}

/// The schema `schema` names, following `$ref`s into the document.
fn resolve<'a>(doc: &'a Value, mut schema: &'a Value) -> &'a Value {
    while let Some(target) = schema["$ref"].as_str() {
        let name = target
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("a $ref outside the components: {target}"));
        schema = &doc["components"]["schemas"][name];
    }
    schema
}

/// The property names a JSON object of `schema` may have, through `$ref`,
/// `allOf`, `anyOf` and `oneOf` (a union: any branch's keys).
fn documented_keys(doc: &Value, schema: &Value) -> BTreeSet<String> {
    let schema = resolve(doc, schema);
    let mut keys: BTreeSet<String> = schema["properties"]
        .as_object()
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    for combinator in ["allOf", "anyOf", "oneOf"] {
        for branch in schema[combinator].as_array().into_iter().flatten() {
            keys.extend(documented_keys(doc, branch));
        }
    }
    keys
}

/// Each reply's keys are the documented ones, no more and no fewer, and
/// the reply is valid against its documented schema: a reply built outside
/// its type, or a type whose schema says something else, fails here.
fn assert_reply_matches(doc: &Value, schema: &Value, reply: &Value, what: &str) {
    let root = serde_json::json!({ "components": doc["components"], "allOf": [schema] });
    let validator = jsonschema::validator_for(&root).expect("a valid schema");
    if let Err(error) = validator.validate(reply) {
        panic!("{what}: {error} at {}: {reply}", error.instance_path());
    }
    let resolved = resolve(doc, schema);
    let (objects, keys_schema): (Vec<&Value>, &Value) = match reply {
        Value::Array(items) => (items.iter().collect(), &resolved["items"]),
        object => (vec![object], schema),
    };
    let documented = documented_keys(doc, keys_schema);
    for object in objects {
        let Some(object) = object.as_object() else {
            continue;
        };
        let sent: BTreeSet<String> = object.keys().cloned().collect();
        let undocumented: Vec<&String> = sent.difference(&documented).collect();
        assert!(
            undocumented.is_empty(),
            "{what}: keys the document does not list: {undocumented:?}"
        );
    }
}

#[tokio::test]
async fn every_json_reply_is_what_its_document_says() {
    let apps = apps();
    let mut checked = 0;
    for prefix in prefixes() {
        let doc = get(&apps.app, &format!("{prefix}/openapi.json"))
            .await
            .json();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("path item") {
                for (status, response) in operation["responses"].as_object().expect("responses") {
                    let Some(schema) = response["content"]["application/json"].get("schema") else {
                        continue;
                    };
                    if path == "/ws" || (path == "/ready" && status == "503") {
                        continue; // No body over HTTP; the drain's body is checked as 200's.
                    }
                    let status: u16 = status.parse().expect("a numeric status");
                    let (app, request) = provoke(&apps, &prefix, method, path, status)
                        .await
                        .unwrap_or_else(|| panic!("{method} {prefix}{path} {status}"));
                    let reply = send(&app, request).await;
                    assert_eq!(reply.status.as_u16(), status, "{method} {prefix}{path}");
                    let what = format!("{method} {prefix}{path} {status}");
                    assert_reply_matches(&doc, schema, &reply.json(), &what);
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} JSON replies checked against their documents");
}

/// The reset body is a type ([`env_wasm::reset::ResetRequest`]): every
/// field it reads is in every mount's document, the document lists nothing
/// else (HTTP's own `session_id` aside), and each field is read (null is
/// absent: a reset with it alone plays).
#[tokio::test]
async fn every_field_of_the_reset_type_is_documented_and_read() {
    let app = app();
    let fields = env_wasm::reset::reset_options();
    assert!(fields.len() >= 9, "{fields:?}");
    for prefix in prefixes() {
        let doc = get(&app, &format!("{prefix}/openapi.json")).await.json();
        let reset = &doc["components"]["schemas"]["ResetRequest"];
        let documented: BTreeSet<&str> = reset["properties"]
            .as_object()
            .expect("ResetRequest properties")
            .keys()
            .map(String::as_str)
            .collect();
        for field in fields {
            assert!(
                documented.contains(field),
                "{prefix}: the reset type reads `{field}`; its document does not list it"
            );
            let body = serde_json::json!({ *field: null }).to_string();
            let reply = post(&app, &format!("{prefix}/reset"), &body).await;
            assert_eq!(reply.status, 200, "{prefix}: {body}: {}", reply.text());
        }
        let extra: Vec<&&str> = documented
            .iter()
            .filter(|key| !fields.contains(key) && **key != server::ids::FIELD)
            .collect();
        assert!(
            extra.is_empty(),
            "{prefix}: documented, not read: {extra:?}"
        );
        assert_eq!(reset["additionalProperties"], false);
        let schema_doc = get(&app, &format!("{prefix}/schema")).await.json();
        let in_schema: BTreeSet<&str> = schema_doc["reset"]["properties"]
            .as_object()
            .expect("/schema reset")
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            in_schema,
            fields.iter().copied().collect(),
            "{prefix}/schema"
        );
    }
}
