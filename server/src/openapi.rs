//! `GET /openapi.json` of a mount: an OpenAPI 3.1 document whose paths are
//! relative to the mount, with request and response bodies built from the
//! environment's own action, observation and state JSON Schemas.
//! `openenv validate --url` reads `info.version` ("1.0.0", the OpenEnv HTTP
//! profile) and the `/reset`, `/step`, `/state` paths from it.

use std::collections::{BTreeMap, BTreeSet};

use env_wasm::EnvInfo;
use serde_json::{Map, Value, json};

/// The OpenEnv HTTP profile version `openenv validate` checks.
pub const OPENENV_HTTP_VERSION: &str = "1.0.0";

/// Our own component names; environment `$defs` are renamed around them.
const FIXED: [&str; 15] = [
    "Action",
    "Observation",
    "State",
    "StepResult",
    "ResetRequest",
    "StepRequest",
    "Error",
    "ValidationDetail",
    "Health",
    "Metadata",
    "Task",
    "Tasks",
    "Schemas",
    "JsonRpcRequest",
    "JsonRpcResponse",
];

fn schema_ref(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// Move each schema's `$defs` into `components`, renaming a definition
/// when another schema (or one of ours) already uses its name for
/// something else, and point every `$ref` at the new place.
fn hoist(kind: &str, mut schema: Value, components: &mut Map<String, Value>) -> Value {
    let defs = match schema.as_object_mut() {
        Some(root) => {
            root.remove("$schema");
            match root.remove("$defs") {
                Some(Value::Object(defs)) => defs,
                _ => Map::new(),
            }
        }
        None => Map::new(),
    };
    let mut names = BTreeMap::new();
    for (name, def) in &defs {
        let taken = FIXED.contains(&name.as_str())
            || components.get(name).is_some_and(|existing| existing != def);
        let new_name = if taken {
            format!("{kind}{name}")
        } else {
            name.clone()
        };
        names.insert(format!("#/$defs/{name}"), new_name);
    }
    for (name, mut def) in defs {
        rewrite_refs(&mut def, &names);
        let new_name = names[&format!("#/$defs/{name}")].clone();
        components.insert(new_name, def);
    }
    rewrite_refs(&mut schema, &names);
    schema
}

fn rewrite_refs(value: &mut Value, names: &BTreeMap<String, String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(target)) = map.get_mut("$ref")
                && let Some(name) = names.get(target.as_str())
            {
                *target = format!("#/components/schemas/{name}");
            }
            map.values_mut().for_each(|v| rewrite_refs(v, names));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite_refs(v, names)),
        _ => {}
    }
}

fn json_content(schema: Value) -> Value {
    json!({ "application/json": { "schema": schema } })
}

fn ok(description: &str, schema: Value) -> Value {
    json!({ "description": description, "content": json_content(schema) })
}

fn session_headers() -> Value {
    json!({
        "X-Session-Id": {
            "description": "The session this request used; send it back to continue.",
            "schema": { "type": "string" },
        },
        "Set-Cookie": {
            "description": "`deskbench_session=<id>; Path=/; HttpOnly; SameSite=Lax`",
            "schema": { "type": "string" },
        },
    })
}

fn with_session(description: &str, schema: Value) -> Value {
    let mut response = ok(description, schema);
    response["headers"] = session_headers();
    response
}

/// Error responses for the given statuses.
fn errors(statuses: &[u16]) -> Map<String, Value> {
    statuses
        .iter()
        .map(|status| {
            let description = match status {
                404 => "Unknown environment or task (UNKNOWN_ENV, UNKNOWN_TASK)",
                405 => "Method not allowed (METHOD_NOT_ALLOWED)",
                409 => "No episode in progress, or it is over (EPISODE_NOT_STARTED, EPISODE_DONE)",
                413 => "Body larger than the limit (PAYLOAD_TOO_LARGE)",
                422 => "Malformed JSON or an invalid field, named in `error.field` and `detail[].loc` (INVALID_JSON, VALIDATION_ERROR)",
                426 => "Not a WebSocket upgrade request (UPGRADE_REQUIRED)",
                503 => "Session table full (CAPACITY_REACHED); retry later",
                _ => "Error",
            };
            (status.to_string(), ok(description, schema_ref("Error")))
        })
        .collect()
}

fn responses(success: (&str, Value), error_statuses: &[u16]) -> Value {
    let mut map = Map::new();
    map.insert(success.0.to_owned(), success.1);
    map.extend(errors(error_statuses));
    Value::Object(map)
}

fn session_parameters() -> Value {
    json!([
        {
            "name": "X-Session-Id", "in": "header", "required": false,
            "description": "Session id (first choice). Without any id, requests share the environment's anonymous session.",
            "schema": { "type": "string", "pattern": "^[A-Za-z0-9._:-]{1,128}$" },
        },
        {
            "name": "session_id", "in": "query", "required": false,
            "description": "Session id, when neither the header nor the body names one.",
            "schema": { "type": "string", "pattern": "^[A-Za-z0-9._:-]{1,128}$" },
        },
        {
            "name": "deskbench_session", "in": "cookie", "required": false,
            "description": "Session id set by the server; used last.",
            "schema": { "type": "string" },
        },
    ])
}

fn get(summary: &str, description: &str, responses: Value) -> Value {
    json!({ "get": { "summary": summary, "description": description, "responses": responses } })
}

/// The OpenAPI document of the mount of `info` at `prefix` (`""` or
/// `/envs/{env_id}`). `schemas` is the seam's `{action, observation, state}`.
pub fn document(info: &EnvInfo, prefix: &str, schemas: &Value, reset_schema: &Value) -> Value {
    let mut components = Map::new();
    for (kind, name) in [
        ("Action", "action"),
        ("Observation", "observation"),
        ("State", "state"),
    ] {
        let schema = schemas.get(name).cloned().unwrap_or_else(|| json!({}));
        let schema = hoist(kind, schema, &mut components);
        components.insert(kind.to_owned(), schema);
    }
    let task_names: BTreeSet<&str> = info
        .tasks
        .iter()
        .flat_map(|t| std::iter::once(t.id).chain(t.aliases.iter().copied()))
        .collect();
    components.extend([
        (
            "StepResult".to_owned(),
            json!({
                "type": "object",
                "required": ["observation", "reward", "done"],
                "properties": {
                    "observation": schema_ref("Observation"),
                    "reward": { "type": ["number", "null"], "description": "null after reset" },
                    "done": { "type": "boolean" },
                },
            }),
        ),
        ("ResetRequest".to_owned(), reset_schema.clone()),
        (
            "StepRequest".to_owned(),
            json!({
                "type": "object",
                "required": ["action"],
                "properties": {
                    "action": schema_ref("Action"),
                    "timeout_s": { "type": "number", "exclusiveMinimum": 0, "description": "Accepted for OpenEnv compatibility; steps take microseconds." },
                    "request_id": { "type": "string", "maxLength": 255 },
                    "session_id": { "type": "string", "pattern": "^[A-Za-z0-9._:-]{1,128}$" },
                },
                "additionalProperties": true,
            }),
        ),
        (
            "ValidationDetail".to_owned(),
            json!({
                "type": "object",
                "required": ["type", "loc", "msg"],
                "properties": {
                    "type": { "type": "string" },
                    "loc": { "type": "array", "items": { "type": ["string", "integer"] } },
                    "msg": { "type": "string" },
                },
            }),
        ),
        (
            "Error".to_owned(),
            json!({
                "type": "object",
                "required": ["error", "detail"],
                "properties": {
                    "error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {
                            "code": { "type": "string", "enum": [
                                "UNKNOWN_ENV", "UNKNOWN_TASK", "VALIDATION_ERROR", "INVALID_JSON",
                                "EPISODE_NOT_STARTED", "EPISODE_DONE", "NOT_FOUND", "METHOD_NOT_ALLOWED",
                                "PAYLOAD_TOO_LARGE", "CAPACITY_REACHED", "UPGRADE_REQUIRED", "BAD_REQUEST",
                                "INTERNAL_ERROR"
                            ] },
                            "message": { "type": "string", "description": "What went wrong and what to do." },
                            "field": { "type": "string", "description": "Dotted path of the offending field, e.g. `action.raw`." },
                        },
                    },
                    "detail": {
                        "description": "For 422, FastAPI-style entries; otherwise the message.",
                        "oneOf": [
                            { "type": "string" },
                            { "type": "array", "items": schema_ref("ValidationDetail") },
                        ],
                    },
                },
            }),
        ),
        (
            "Health".to_owned(),
            json!({ "type": "object", "required": ["status"], "properties": { "status": { "const": "healthy" } } }),
        ),
        (
            "Task".to_owned(),
            json!({
                "type": "object",
                "required": ["id", "aliases", "difficulty", "max_steps", "summary"],
                "properties": {
                    "id": { "type": "string" },
                    "aliases": { "type": "array", "items": { "type": "string" } },
                    "difficulty": { "enum": ["easy", "medium", "hard"] },
                    "max_steps": { "type": "integer", "minimum": 1 },
                    "summary": { "type": "string" },
                },
            }),
        ),
        (
            "Metadata".to_owned(),
            json!({
                "type": "object",
                "required": ["name", "description"],
                "properties": {
                    "name": { "type": "string" },
                    "description": { "type": "string" },
                    "version": { "type": ["string", "null"] },
                    "readme_content": { "type": ["string", "null"] },
                    "author": { "type": ["string", "null"] },
                    "documentation_url": { "type": ["string", "null"] },
                    "env_id": { "type": "string" },
                    "tasks": { "type": "array", "items": schema_ref("Task") },
                },
            }),
        ),
        (
            "Tasks".to_owned(),
            json!({
                "type": "object",
                "required": ["env_id", "default_task", "tasks", "action_schema"],
                "properties": {
                    "env_id": { "type": "string" },
                    "default_task": { "type": "string", "enum": task_names },
                    "tasks": { "type": "array", "items": schema_ref("Task") },
                    "action_schema": { "type": "object", "description": "The action JSON Schema, as in /schema." },
                },
            }),
        ),
        (
            "Schemas".to_owned(),
            json!({
                "type": "object",
                "required": ["action", "observation", "state"],
                "properties": {
                    "action": { "type": "object", "description": "JSON Schema of the action (see Action)." },
                    "observation": { "type": "object", "description": "JSON Schema of the observation (see Observation)." },
                    "state": { "type": "object", "description": "JSON Schema of the state (see State)." },
                },
            }),
        ),
        (
            "JsonRpcRequest".to_owned(),
            json!({
                "type": "object",
                "required": ["jsonrpc", "method"],
                "properties": {
                    "jsonrpc": { "const": "2.0" },
                    "method": { "type": "string", "enum": [
                        "initialize", "ping", "tools/list", "tools/call",
                        "openenv/session/create", "openenv/session/close"
                    ] },
                    "params": { "type": "object", "description": "tools/call: {name: reset|step|state, arguments, session_id?}" },
                    "id": { "type": ["string", "integer", "null"] },
                },
            }),
        ),
        (
            "JsonRpcResponse".to_owned(),
            json!({
                "type": "object",
                "required": ["jsonrpc", "id"],
                "properties": {
                    "jsonrpc": { "const": "2.0" },
                    "id": { "type": ["string", "integer", "null"] },
                    "result": {},
                    "error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {
                            "code": { "type": "integer" },
                            "message": { "type": "string" },
                            "data": {},
                        },
                    },
                },
            }),
        ),
    ]);

    let mut paths = Map::new();
    paths.insert(
        "/health".into(),
        get(
            "Liveness",
            "Always `{\"status\":\"healthy\"}` while the server runs.",
            json!({ "200": ok("Healthy", schema_ref("Health")) }),
        ),
    );
    paths.insert(
        "/metadata".into(),
        get(
            "Environment metadata",
            "Name, description, version and tasks.",
            json!({ "200": ok("Metadata", schema_ref("Metadata")) }),
        ),
    );
    paths.insert(
        "/schema".into(),
        get(
            "JSON Schemas",
            "The action, observation and state JSON Schemas.",
            json!({ "200": ok("Schemas", schema_ref("Schemas")) }),
        ),
    );
    paths.insert(
        "/tasks".into(),
        get(
            "Tasks",
            "The environment's tasks from the registry, the default task and the action schema.",
            json!({ "200": ok("Tasks", schema_ref("Tasks")) }),
        ),
    );
    paths.insert(
        "/reset".into(),
        json!({ "post": {
            "summary": "Start an episode",
            "description": "Starts an episode in the session the request names (X-Session-Id header, `session_id` field, `?session_id=`, cookie, in that order), or in a new anonymous session when it names none. The body is optional; `?task=` names the task when the body does not.",
            "parameters": session_parameters().as_array().cloned().unwrap_or_default().into_iter()
                .chain(std::iter::once(json!({
                    "name": "task", "in": "query", "required": false,
                    "description": "Task id or alias, when the body names none.",
                    "schema": { "type": "string" },
                })))
                .collect::<Vec<_>>(),
            "requestBody": { "required": false, "content": json_content(schema_ref("ResetRequest")) },
            "responses": responses(("200", with_session("The first observation", schema_ref("StepResult"))), &[404, 413, 422, 503]),
        } }),
    );
    paths.insert(
        "/step".into(),
        json!({ "post": {
            "summary": "Apply one action",
            "description": "Applies `action` in the session the request names, or the anonymous session. A refused action (422) does not count as a step.",
            "parameters": session_parameters(),
            "requestBody": { "required": true, "content": json_content(schema_ref("StepRequest")) },
            "responses": responses(("200", with_session("The next observation, reward and done", schema_ref("StepResult"))), &[409, 413, 422]),
        } }),
    );
    paths.insert(
        "/state".into(),
        json!({ "get": {
            "summary": "Episode state",
            "description": "The full state of the session's episode (every field); a blank state when the session has none.",
            "parameters": session_parameters(),
            "responses": responses(("200", with_session("State", schema_ref("State"))), &[422]),
        } }),
    );
    paths.insert(
        "/mcp".into(),
        json!({ "post": {
            "summary": "MCP (JSON-RPC 2.0)",
            "description": "Tools reset, step and state over JSON-RPC 2.0, plus openenv/session/create and openenv/session/close. Always HTTP 200; problems are JSON-RPC errors.",
            "requestBody": { "required": true, "content": json_content(schema_ref("JsonRpcRequest")) },
            "responses": { "200": ok("JSON-RPC response", schema_ref("JsonRpcResponse")) },
        } }),
    );
    paths.insert(
        "/ws".into(),
        json!({ "get": {
            "summary": "WebSocket session (OpenEnv protocol)",
            "description": "Upgrade to a WebSocket with one environment per connection. Send text frames {\"type\": \"reset\"|\"step\"|\"state\"|\"close\"|\"mcp\", \"data\": ...}: reset data is the reset options, step data is the bare action. Each message gets exactly one reply, in order ({\"type\":\"observation\"|\"state\"|\"mcp\"|\"error\", \"data\": ...}), except close, which closes the socket with code 1000. Error codes: INVALID_JSON, UNKNOWN_TYPE, VALIDATION_ERROR, EXECUTION_ERROR (session kept); SESSION_ERROR and CAPACITY_REACHED (then closed).",
            "responses": responses(("101", json!({ "description": "Switching Protocols" })), &[426]),
        } }),
    );
    paths.insert(
        "/openapi.json".into(),
        get(
            "This document",
            "OpenAPI 3.1, paths relative to this mount.",
            json!({ "200": ok("OpenAPI document", json!({ "type": "object" })) }),
        ),
    );
    if prefix.is_empty() {
        paths.insert(
            "/envs".into(),
            get(
                "Environments",
                "Every environment and task; each is also served at /envs/{env_id}/...",
                json!({ "200": ok("The registry", json!({ "type": "array", "items": { "type": "object" } })) }),
            ),
        );
    }

    json!({
        "openapi": "3.1.0",
        "info": {
            "title": format!("DeskBench {} (OpenEnv Environment HTTP API)", info.name),
            "version": OPENENV_HTTP_VERSION,
            "description": info.description,
            "x-deskbench-version": env!("CARGO_PKG_VERSION"),
            "x-env-id": info.id,
        },
        "servers": [{ "url": if prefix.is_empty() { "/" } else { prefix } }],
        "paths": paths,
        "components": { "schemas": components },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defs_are_hoisted_and_renamed_on_conflict() {
        let mut components = Map::new();
        let a =
            json!({"$schema": "x", "$ref": "#/$defs/Item", "$defs": {"Item": {"type": "string"}}});
        let b = json!({"properties": {"i": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "integer"}, "Error": {"$ref": "#/$defs/Item"}}});
        let a = hoist("Action", a, &mut components);
        let b = hoist("State", b, &mut components);
        assert_eq!(a, json!({"$ref": "#/components/schemas/Item"}));
        assert_eq!(
            b["properties"]["i"]["$ref"],
            "#/components/schemas/StateItem"
        );
        assert_eq!(components["StateItem"], json!({"type": "integer"}));
        assert_eq!(
            components["StateError"]["$ref"],
            "#/components/schemas/StateItem"
        );
        assert!(!components.contains_key("Error"));
    }
}
