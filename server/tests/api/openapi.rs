//! `GET /openapi.json`: what `openenv validate` reads, and a document whose
//! every reference resolves.

use serde_json::Value;

use crate::common::*;

const OPENENV_PATHS: [&str; 9] = [
    "/health",
    "/metadata",
    "/schema",
    "/tasks",
    "/reset",
    "/step",
    "/state",
    "/mcp",
    "/ws",
];

fn refs<'a>(value: &'a Value, out: &mut Vec<&'a str>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get("$ref") {
                out.push(target);
            }
            map.values().for_each(|v| refs(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_mount_has_its_own_document() {
    let app = app();
    for (prefix, server_url) in [("", "/"), ("/envs/productivity", "/envs/productivity")] {
        let doc = get(&app, &format!("{prefix}/openapi.json")).await.json();
        assert_eq!(doc["openapi"], "3.1.0");
        assert_eq!(doc["info"]["version"], "1.0.0");
        assert!(doc["info"]["title"].is_string());
        assert_eq!(
            doc["info"]["x-deskbench-version"],
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(doc["servers"][0]["url"], server_url);
        let paths = doc["paths"].as_object().expect("paths");
        for path in OPENENV_PATHS {
            assert!(paths.contains_key(path), "{prefix}: {path} missing");
        }
        assert_eq!(
            paths.contains_key("/envs"),
            prefix.is_empty(),
            "/envs is root-only"
        );
        // Paths are relative to the mount.
        assert!(paths.keys().all(|p| !p.starts_with("/envs/")), "{prefix}");

        let reset = &doc["paths"]["/reset"]["post"];
        assert_eq!(
            reset["requestBody"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/ResetRequest"
        );
        assert_eq!(
            reset["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/StepResult"
        );
        assert!(
            reset["responses"]["422"].is_object()
                && reset["responses"]["200"]["headers"]["X-Session-Id"].is_object()
        );
        let step = &doc["paths"]["/step"]["post"];
        assert_eq!(step["requestBody"]["required"], true);
        for status in ["200", "409", "413", "422"] {
            assert!(step["responses"][status].is_object(), "step {status}");
        }
        assert!(doc["paths"]["/ws"]["get"]["responses"]["101"].is_object());

        let schemas = doc["components"]["schemas"]
            .as_object()
            .expect("components");
        let action = get(&app, &format!("{prefix}/schema")).await.json()["action"].clone();
        assert_eq!(
            schemas["Action"]["properties"]["raw"],
            action["properties"]["raw"]
        );
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(!found.is_empty());
        for target in found {
            let name = target
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("{target} does not point into components"));
            assert!(schemas.contains_key(name), "{target} does not resolve");
        }
        assert!(
            !doc.to_string().contains("\"$defs\""),
            "definitions are hoisted into components"
        );
    }
}

/// Every mount: the root and each `/envs/{env_id}`.
fn mounts() -> Vec<(String, &'static str)> {
    let root = env_wasm::registry::ENVIRONMENTS[0].id;
    std::iter::once((String::new(), root))
        .chain(
            env_wasm::registry::ENVIRONMENTS
                .iter()
                .map(|info| (format!("/envs/{}", info.id), info.id)),
        )
        .collect()
}

/// The error statuses each operation documents: what the server can answer
/// besides success (schemathesis checks that nothing else comes back).
const ERRORS: [(&str, &str, &[&str]); 7] = [
    ("/reset", "post", &["404", "413", "422", "503"]),
    ("/step", "post", &["409", "413", "422", "503"]),
    ("/state", "get", &["422"]),
    ("/ws", "get", &["426", "503"]),
    ("/mcp", "post", &["400", "403", "404", "503"]),
    ("/mcp", "get", &["400", "403", "404", "405", "406"]),
    ("/mcp", "delete", &["400", "403", "404"]),
];

#[tokio::test]
async fn every_operation_documents_its_responses_and_error_bodies() {
    let app = app();
    for (prefix, env_id) in mounts() {
        let doc = get(&app, &format!("{prefix}/openapi.json")).await.json();
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("path item") {
                let responses = operation["responses"].as_object().expect("responses");
                let success = responses.keys().filter(|s| s.starts_with('2')).count();
                let switching = responses.contains_key("101");
                // POST /mcp: 200 for a request, 202 (no body) for a
                // notification or a posted response; its errors are
                // JSON-RPC responses, as the MCP transport says.
                let mcp = path == "/mcp" && method == "post";
                assert!(
                    success + usize::from(switching) == 1 || (mcp && success == 2),
                    "{prefix}{path} {method}"
                );
                // The notification stream refuses as POST /mcp does.
                let rpc_errors = mcp || (path == "/mcp" && method == "get");
                let error_body = if rpc_errors {
                    "JsonRpcResponse"
                } else {
                    "Error"
                };
                for (status, response) in responses {
                    assert!(response["description"].is_string(), "{path} {status}");
                    if path == "/ready" {
                        // Draining (503) is the readiness body too.
                        assert_eq!(
                            response["content"]["application/json"]["schema"]["$ref"],
                            "#/components/schemas/Ready"
                        );
                    } else if status.starts_with('4') || status.starts_with('5') {
                        assert_eq!(
                            response["content"]["application/json"]["schema"]["$ref"],
                            format!("#/components/schemas/{error_body}"),
                            "{prefix}{path} {method} {status}: errors are the JSON Error body"
                        );
                    } else if path == "/mcp" && method == "get" && status == "200" {
                        // The session's notification stream.
                        assert!(response["content"]["text/event-stream"].is_object());
                    } else if path == "/metrics" {
                        // The Prometheus text format.
                        assert!(response["content"][server::metrics::CONTENT_TYPE].is_object());
                    } else if status.starts_with('2') && status != "202" {
                        assert!(
                            response["content"]["application/json"]["schema"].is_object(),
                            "{prefix}{path} {method} {status}: a JSON body"
                        );
                    }
                }
            }
        }
        for (path, method, statuses) in ERRORS {
            let responses = &doc["paths"][path][method]["responses"];
            let mut documented: Vec<&str> = responses
                .as_object()
                .expect("responses")
                .keys()
                .map(String::as_str)
                .filter(|s| s.starts_with('4') || s.starts_with('5'))
                .collect();
            documented.sort_unstable();
            assert_eq!(documented, statuses, "{prefix}{path}");
        }
        // Session routes name every place an id can come from, with the rule
        // the server applies to each.
        let info = env_wasm::registry::find(env_id).expect("registered");
        for (path, method) in [("/reset", "post"), ("/step", "post"), ("/state", "get")] {
            let parameters = doc["paths"][path][method]["parameters"]
                .as_array()
                .expect("parameters");
            for source in server::ids::sources_for(info) {
                let (name, place) = match *source {
                    server::ids::IdSource::Header(_) => ("X-Session-Id", "header"),
                    server::ids::IdSource::Query(name) => (name, "query"),
                    server::ids::IdSource::Cookie(name) => (name, "cookie"),
                    _ => continue,
                };
                let parameter = parameters
                    .iter()
                    .find(|p| p["name"] == name && p["in"] == place)
                    .unwrap_or_else(|| panic!("{prefix}{path}: no {place} {name}"));
                assert_eq!(parameter["schema"]["pattern"], server::ids::PATTERN);
            }
        }
        let schemas = &doc["components"]["schemas"];
        let step_action = &schemas["StepRequest"]["properties"]["action"];
        if env_id == "it_mental_health" {
            assert_eq!(
                step_action["allOf"][1]["properties"]["metadata"]["properties"]["session_id"]["pattern"],
                server::ids::PATTERN,
                "{prefix}: the seed's action.metadata.session_id"
            );
        } else if env_id == "productivity" {
            // The bare string its seed's clients send, with raw's bounds.
            assert_eq!(
                step_action["anyOf"][0]["$ref"],
                "#/components/schemas/Action"
            );
            assert_eq!(step_action["anyOf"][1]["type"], "string");
            assert_eq!(step_action["anyOf"][1]["maxLength"], 4000);
        } else {
            assert_eq!(step_action["$ref"], "#/components/schemas/Action");
        }
        assert_eq!(
            doc["paths"]["/envs"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
                ["items"]["$ref"],
            if prefix.is_empty() {
                Value::from("#/components/schemas/Environment")
            } else {
                Value::Null
            }
        );
    }
}

#[tokio::test]
async fn every_session_id_a_request_carries_follows_the_documented_pattern() {
    use axum::http::Method;
    let app = app();
    let reset = post(&app, "/reset", r#"{"session_id": "doc-ids"}"#).await;
    assert_eq!(reset.status, 200, "{}", reset.text());
    // The header names the session; a malformed id in a lower place is
    // still refused, as the document's pattern on every place says.
    for (uri, cookie) in [
        ("/state?session_id=", None),
        ("/state?session_id=a%20b", None),
        ("/state", Some("deskbench_session=a$b")),
        ("/state", Some("deskbench_session=\"doc-ids\"")),
    ] {
        let mut request = with_id(Method::GET, uri, "doc-ids", "");
        if let Some(cookie) = cookie {
            request
                .headers_mut()
                .insert("cookie", cookie.parse().expect("cookie"));
        }
        send(&app, request).await.error(422, "VALIDATION_ERROR");
    }
    let ok = send(
        &app,
        with_id(Method::GET, "/state?session_id=doc-ids", "doc-ids", ""),
    )
    .await;
    assert_eq!(ok.status, 200, "{}", ok.text());
    post(
        &app,
        "/envs/it_mental_health/step",
        r#"{"session_id": "doc-ids", "action": {"response": "x", "task_id": "burnout_detection", "metadata": {"session_id": "a b"}}}"#,
    )
    .await
    .error(422, "VALIDATION_ERROR");
}

/// The `pattern` of `anyOf` branch `branch` of reset property `property`.
fn reset_pattern(doc: &Value, property: &str, branch: usize) -> regex::Regex {
    let pattern = doc["components"]["schemas"]["ResetRequest"]["properties"][property]["anyOf"]
        [branch]["pattern"]
        .as_str()
        .unwrap_or_else(|| panic!("{property} has no pattern"));
    regex::Regex::new(pattern).expect("a valid regex")
}

#[test]
fn decimal_patterns_bound_the_value() {
    for max in [0, 7, 9, 10, 19, 90, 99, 100, 105, 1000, 2047, 90071] {
        let pattern = format!("^(?:{})$", env_wasm::reset::decimal_at_most(max));
        let re = regex::Regex::new(&pattern).expect("regex");
        for n in 0..=max * 2 + 20 {
            assert_eq!(
                re.is_match(&n.to_string()),
                n <= max,
                "{n} vs {max}: {pattern}"
            );
        }
    }
}

#[tokio::test]
async fn reset_string_patterns_match_what_the_server_reads() {
    let app = app();
    let doc = get(&app, "/openapi.json").await.json();
    let seed = reset_pattern(&doc, "seed", 1);
    for text in [
        "0",
        "42",
        " 42\t",
        "+7",
        "007",
        "\u{a0}5\u{3000}",
        "9007199254740991",
        "0009007199254740991",
        "9007199254740992",
        "99999999999999999999",
        "-1",
        "+-1",
        "4.5",
        "1e3",
        "",
        " ",
        "\u{1c}5",
        "٣",
    ] {
        let body = serde_json::json!({ "seed": text }).to_string();
        let reply = post(&app, "/reset", &body).await;
        assert_eq!(
            seed.is_match(text),
            reply.status == 200,
            "seed {text:?}: {}",
            reply.text()
        );
    }
    let task = reset_pattern(&doc, "task", 1);
    for text in [
        "easy",
        "EASY",
        " Email\n",
        "Calendar_Scheduling",
        "hard!",
        "",
        "x",
        "eas y",
    ] {
        let body = serde_json::json!({ "task": text }).to_string();
        let reply = post(&app, "/reset", &body).await;
        assert_eq!(
            task.is_match(text),
            reply.status == 200,
            "task {text:?}: {}",
            reply.text()
        );
    }
    // task_name and task_id are read only when the keys before them name
    // no task, as the document's `allOf` conditions say.
    for (body, status) in [
        (r#"{"task": "easy", "task_name": "nope"}"#, 200),
        (r#"{"task": null, "task_name": "nope"}"#, 404),
        (r#"{"task_name": "easy", "task_id": 5}"#, 200),
        (r#"{"task_id": "nope"}"#, 404),
    ] {
        let reply = post(&app, "/reset", body).await;
        assert_eq!(reply.status, status, "{body}: {}", reply.text());
    }
}

#[tokio::test]
async fn action_schema_bounds_are_refusals() {
    // productivity's `raw` has minLength 1: an empty one is refused, not
    // scored, and does not count as a step.
    let app = app();
    let reset = post(&app, "/reset", r#"{"session_id": "bounds"}"#).await;
    assert_eq!(reset.status, 200, "{}", reset.text());
    let body = post(
        &app,
        "/step",
        r#"{"session_id": "bounds", "action": {"raw": ""}}"#,
    )
    .await
    .error(422, "VALIDATION_ERROR");
    assert_eq!(body["error"]["field"], "action.raw");
    let state = get(&app, "/state?session_id=bounds").await.json();
    assert_eq!(state["step_count"], 0);
}
