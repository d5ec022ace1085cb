//! `GET /openapi.json` of a mount: an OpenAPI 3.1 document whose paths are
//! relative to the mount, with request and response bodies built from the
//! environment's own action, observation and state JSON Schemas.
//! `openenv validate --url` reads `info.version` ("1.0.0", the OpenEnv HTTP
//! profile) and the `/reset`, `/step`, `/state` paths from it.
//!
//! The document is a contract, not a sketch: every parameter and body
//! schema accepts exactly what the server accepts (lenient forms included,
//! such as decimal-string seeds and task names in any case), and every
//! status an operation can answer is listed with its JSON body.
//! `scripts/schemathesis.sh` holds a live server to it.

use std::collections::BTreeMap;

use env_wasm::EnvInfo;
use serde_json::{Map, Value, json};

use schemars::Schema;
use schemars::generate::{Contract, SchemaGenerator, SchemaSettings};

use crate::ids::{self, IdSource};
use crate::wire;

/// The OpenEnv HTTP profile version `openenv validate` checks.
pub const OPENENV_HTTP_VERSION: &str = "1.0.0";

/// The components inserted after the generated ones (the environment's
/// schemas and the per-mount request bodies); environment `$defs` are
/// renamed around them, as around every generated one that differs.
const FIXED: [&str; 5] = [
    "Action",
    "Observation",
    "State",
    "ResetRequest",
    "StepRequest",
];

/// A schema generator whose definitions are this document's components.
fn generator(contract: Contract) -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .with(|settings| {
            settings.definitions_path = "/components/schemas".into();
            settings.meta_schema = None;
            settings.contract = contract;
        })
        .into_generator()
}

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

/// Error responses for the given statuses, each the JSON `Error` body.
fn errors(statuses: &[u16]) -> Map<String, Value> {
    statuses
        .iter()
        .map(|status| {
            let description = match status {
                400 => "Missing or malformed header (VALIDATION_ERROR)",
                403 => "Browser Origin not allowed (ORIGIN_NOT_ALLOWED)",
                404 => "Unknown environment, task or session (UNKNOWN_ENV, UNKNOWN_TASK, VALIDATION_ERROR)",
                405 => "Method not allowed (METHOD_NOT_ALLOWED)",
                409 => "No episode in progress, or it is over (EPISODE_NOT_STARTED, EPISODE_DONE)",
                413 => "Body larger than the limit (PAYLOAD_TOO_LARGE)",
                422 => "Malformed JSON or an invalid field, named in `error.field` and `detail[].loc` (INVALID_JSON, VALIDATION_ERROR)",
                426 => "Not a WebSocket upgrade request (UPGRADE_REQUIRED)",
                503 => "Session table full (CAPACITY_REACHED) or the replica draining (DRAINING): retry (through the load balancer a retry lands elsewhere); Retry-After says when",
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

/// [`responses`] of a session route: errors carry the session headers too
/// whenever the request's session is known.
fn session_responses(success: (&str, Value), error_statuses: &[u16]) -> Value {
    let mut map = Map::new();
    map.insert(success.0.to_owned(), success.1);
    for (status, mut response) in errors(error_statuses) {
        response["headers"] = session_headers();
        map.insert(status, response);
    }
    Value::Object(map)
}

/// A session id as a client may send it: what [`ids::validate`] accepts.
fn session_id_schema(nullable: bool) -> Value {
    let kind = if nullable {
        json!(["string", "null"])
    } else {
        json!("string")
    };
    json!({ "type": kind, "pattern": ids::PATTERN })
}

/// Where this environment's requests carry a session id, in the order
/// [`ids::resolve`] tries them (see [`ids::sources_for`]).
fn session_sources(info: &EnvInfo) -> String {
    ids::sources_for(info)
        .iter()
        .map(|source| match source {
            IdSource::Header(name) => format!("the `{name}` header"),
            IdSource::BodyField(name) => format!("the `{name}` body field"),
            IdSource::BodyPath(path) => format!("the `{}` body field", path.join(".")),
            IdSource::Query(name) => format!("`?{name}=`"),
            IdSource::Cookie(name) => format!("the `{name}` cookie"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The header, query and cookie parameters that carry a session id, one per
/// place [`ids::sources_for`] lists (body fields are in the body schemas).
/// Every id present must match the pattern, also one a higher place
/// overrides; without any, requests share the environment's anonymous
/// session.
fn session_parameters(info: &EnvInfo) -> Vec<Value> {
    let order = session_sources(info);
    ids::sources_for(info)
        .iter()
        .filter_map(|source| {
            let (name, place) = match *source {
                IdSource::Header(name) => (name, "header"),
                IdSource::Query(name) => (name, "query"),
                IdSource::Cookie(name) => (name, "cookie"),
                IdSource::BodyField(_) | IdSource::BodyPath(_) => return None,
            };
            let name = if name == ids::HEADER {
                "X-Session-Id"
            } else {
                name
            };
            Some(json!({
                "name": name, "in": place, "required": false,
                "description": format!(
                    "Session id. The first of {order} that is present names the session; every one present must be 1 to {} characters of A-Z a-z 0-9 . _ : -. With none, requests share the environment's anonymous session.",
                    ids::MAX_LEN
                ),
                "schema": session_id_schema(false),
            }))
        })
        .collect()
}

/// `StepRequest.action`: the environment's action (or the bare string of
/// its text action field, where it has one), plus the session id
/// fields the server reads inside it (`it_mental_health` reads
/// `action.metadata.session_id`, as its seed did). Only where the path is
/// made of objects is the id read, so the extra schema constrains nothing
/// else.
fn step_action_schema(info: &EnvInfo, action_schema: &Value) -> Value {
    let overlays: Vec<Value> = ids::sources_for(info)
        .iter()
        .filter_map(|source| match source {
            IdSource::BodyPath(["action", inner @ .., last]) => {
                let mut schema = json!({ "properties": { *last: session_id_schema(true) } });
                for key in inner.iter().rev() {
                    schema = json!({ "properties": { *key: schema } });
                }
                Some(schema)
            }
            _ => None,
        })
        .collect();
    // An environment with a text action also takes the bare string.
    let action = match info.text_action_field {
        Some(field) => {
            // The string obeys the field's own rules (length bounds).
            let mut text = action_schema
                .pointer(&format!("/properties/{field}"))
                .cloned()
                .unwrap_or_else(|| json!({ "type": "string" }));
            text["description"] = json!(format!(
                "Shorthand for {{\"{field}\": <this string>}}, as the seed's clients send it."
            ));
            json!({ "anyOf": [schema_ref("Action"), text] })
        }
        None => schema_ref("Action"),
    };
    if overlays.is_empty() {
        return action;
    }
    let mut all_of = vec![action];
    all_of.extend(overlays);
    json!({ "allOf": all_of })
}

/// `$ref`s to the Task API's request and reply types ([`wire`]).
struct TaskApiTypes {
    split: Value,
    task: Value,
    task_range: Value,
    ids: Value,
    splits: Value,
    num_tasks: Value,
    task_reply: Value,
    task_range_reply: Value,
    task_list: Value,
}

/// OpenEnv's Task API at the server root ([`crate::task_api`]), for every
/// environment: its paths spelled out per environment (`/support_triage/task`),
/// so each body states that environment's own bounds (task counts differ).
fn task_api_paths(requests: &TaskApiTypes) -> Map<String, Value> {
    let mut paths: Map<String, Value> = env_wasm::registry::ENVIRONMENTS
        .iter()
        .flat_map(|info| task_api_paths_of(info, requests))
        .collect();
    paths.insert(
        "/list_environments".into(),
        get(
            "Environment ids",
            "Every environment the Task API serves.",
            json!({ "200": ok("Ids", requests.ids.clone()) }),
        ),
    );
    paths
}

fn task_api_paths_of(info: &'static EnvInfo, requests: &TaskApiTypes) -> Map<String, Value> {
    let id = info.id;
    // `""` and null are train too; `/tasks` lists only the splits that fit
    // in one reply.
    let names: Vec<Value> = info.splits().iter().map(|s| json!(s.name)).collect();
    let mut any_split = names.clone();
    any_split.extend([json!(""), Value::Null]);
    let split = json!({ "enum": any_split, "description": "train, validation or test; \"\", null or absent is train" });
    let listable: Vec<Value> = info
        .splits()
        .iter()
        .filter(|s| info.num_tasks(s) <= crate::wire::MAX_LISTED)
        .map(|s| json!(s.name))
        .collect();
    let post = |summary: &str, required: bool, body: Value, reply: Value| {
        json!({ "post": {
            "summary": format!("{summary} ({id})"),
            "requestBody": { "required": required, "content": json_content(body) },
            "responses": responses(("200", ok(summary, reply)), &[413, 422]),
        } })
    };
    // The body is the request type's schema (the one the handler reads,
    // `requests`), narrowed to this environment's splits and bounds.
    let narrowed = |request: &Value, overlay: Value| json!({ "allOf": [request, overlay] });
    let split_only = json!({ "properties": { "split": split } });
    // The index bound of each split; train's when no split is named.
    let last = |split: &env_wasm::splits::Split| info.num_tasks(split).saturating_sub(1);
    let train = info.split("").map(last).unwrap_or_default();
    let mut task_overlay = json!({
        "required": ["index"],
        "properties": {
            "split": split,
            "index": { "type": "integer", "minimum": 0, "maximum": train },
        },
    });
    task_overlay["allOf"] = info
        .splits()
        .iter()
        .map(|split| {
            json!({
                "if": { "properties": { "split": { "const": split.name } }, "required": ["split"] },
                "then": { "properties": { "index": { "maximum": last(split) } } },
            })
        })
        .collect();
    let tasks_overlay = json!({
        "required": ["split"],
        "properties": {
            "split": { "enum": listable, "description": "A split small enough for one reply; page through train with task_range" },
        },
    });
    let mut paths = Map::new();
    paths.insert(
        format!("/{id}/splits"),
        get(
            "Declared splits",
            "Each split: name, type, num_tasks, its seed range (start inclusive, stop exclusive; disjoint), levels and tasks.",
            json!({ "200": ok("Splits", requests.splits.clone()) }),
        ),
    );
    paths.insert(
        format!("/{id}/num_tasks"),
        post(
            "Task count of a split",
            false,
            narrowed(&requests.split, split_only.clone()),
            requests.num_tasks.clone(),
        ),
    );
    paths.insert(
        format!("/{id}/task"),
        post(
            "One task of a split",
            true,
            narrowed(&requests.task, task_overlay),
            requests.task_reply.clone(),
        ),
    );
    paths.insert(
        format!("/{id}/task_range"),
        post(
            "Tasks start..stop of a split (Python slice ends; at most 20,000)",
            false,
            narrowed(&requests.task_range, split_only),
            requests.task_range_reply.clone(),
        ),
    );
    paths.insert(
        format!("/{id}/tasks"),
        post(
            "Every task of a split (at most 20,000: validation and test)",
            true,
            narrowed(&requests.split, tasks_overlay),
            requests.task_list.clone(),
        ),
    );
    paths
}

fn get(summary: &str, description: &str, responses: Value) -> Value {
    json!({ "get": { "summary": summary, "description": description, "responses": responses } })
}

/// The reset options of `info`: [`env_wasm::reset::ResetRequest`]'s
/// schema, with the environment's tasks, splits and levels filled in,
/// plus, over HTTP (`http`), the `session_id` the server reads (HTTP's own
/// key, read by [`ids::resolve`]); any other key is refused (422 naming
/// it), so `additionalProperties` is false.
pub fn reset_schema(info: &EnvInfo, http: bool) -> Value {
    let mut schema = env_wasm::reset::ResetRequest::schema_for(info);
    if http && let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert(
            ids::FIELD.to_owned(),
            json!({
                "type": ["string", "null"],
                "pattern": ids::PATTERN,
                "description": "HTTP session to reset; the X-Session-Id header takes precedence.",
            }),
        );
    }
    schema
}

/// The OpenAPI document of the mount of `info` at `prefix` (`""` or
/// `/envs/{env_id}`). `schemas` is the seam's `{action, observation, state}`.
pub fn document(info: &EnvInfo, prefix: &str, schemas: &Value, reset_schema: &Value) -> Value {
    // Every body comes from its type: replies as the handlers serialise
    // them, requests as they deserialise them; what depends on the
    // environment is filled in after ([`env_wasm::reset::fill_environment`]:
    // its task names, splits and levels; the `Observation` a StepResult
    // names is the environment's). The environment's own schemas are
    // hoisted last, renamed around these.
    let mut replies = generator(Contract::Serialize);
    let reply = |schema: Schema| schema.to_value();
    let health = reply(replies.subschema_for::<wire::Health>());
    let ready = reply(replies.subschema_for::<wire::Ready>());
    let stats = reply(replies.subschema_for::<wire::Stats>());
    let error = reply(replies.subschema_for::<crate::error::ErrorBody>());
    let step_result = reply(replies.subschema_for::<env_wasm::StepResult>());
    let metadata = reply(replies.subschema_for::<wire::Metadata>());
    let tasks = reply(replies.subschema_for::<wire::Tasks>());
    let schemas_reply = reply(replies.subschema_for::<wire::Schemas>());
    let environments = reply(replies.subschema_for::<wire::Environments>());
    let rpc_response = reply(replies.subschema_for::<wire::JsonRpcResponse>());
    let session_closed = reply(replies.subschema_for::<wire::SessionClosed>());
    let mut requests = generator(Contract::Deserialize);
    let task_api = TaskApiTypes {
        split: requests.subschema_for::<wire::SplitRequest>().to_value(),
        task: requests.subschema_for::<wire::TaskRequest>().to_value(),
        task_range: requests
            .subschema_for::<wire::TaskRangeRequest>()
            .to_value(),
        ids: reply(replies.subschema_for::<wire::EnvironmentIds>()),
        splits: reply(replies.subschema_for::<Vec<wire::SplitDoc>>()),
        num_tasks: reply(replies.subschema_for::<wire::NumTasks>()),
        task_reply: reply(replies.subschema_for::<wire::TaskReply>()),
        task_range_reply: reply(replies.subschema_for::<wire::TaskRange>()),
        task_list: reply(replies.subschema_for::<wire::TaskList>()),
    };
    let step_timeout = requests
        .subschema_for::<Option<wire::TimeoutSeconds>>()
        .to_value();
    let step_request_id = requests
        .subschema_for::<Option<wire::RequestId>>()
        .to_value();
    let rpc_request = requests.subschema_for::<wire::JsonRpcRequest>().to_value();
    let mut components = replies.take_definitions(true);
    components.extend(requests.take_definitions(true));
    let mut filled = Value::Object(components);
    env_wasm::reset::fill_environment(info, &mut filled);
    env_wasm::reset::unwrap_descriptions(&mut filled);
    let Value::Object(mut components) = filled else {
        unreachable!("an object stays an object")
    };
    debug_assert_eq!(error, schema_ref("Error"));
    for (kind, name) in [
        ("Action", "action"),
        ("Observation", "observation"),
        ("State", "state"),
    ] {
        let schema = schemas.get(name).cloned().unwrap_or_else(|| json!({}));
        let schema = hoist(kind, schema, &mut components);
        components.insert(kind.to_owned(), schema);
    }
    components.extend([
        ("ResetRequest".to_owned(), reset_schema.clone()),
        (
            "StepRequest".to_owned(),
            json!({
                "type": "object",
                "required": ["action"],
                "properties": {
                    "action": step_action_schema(info, schemas.get("action").unwrap_or(&Value::Null)),
                    "timeout_s": step_timeout,
                    "request_id": step_request_id,
                    "session_id": session_id_schema(true),
                },
                "description": "Other keys are accepted and ignored, as OpenEnv forwards them to the environment.",
                "additionalProperties": true,
            }),
        ),
    ]);

    let mut paths = Map::new();
    paths.insert(
        "/health".into(),
        get(
            "Liveness",
            "Always `{\"status\":\"healthy\"}` while the server runs.",
            json!({ "200": ok("Healthy", health) }),
        ),
    );
    paths.insert(
        "/metadata".into(),
        get(
            "Environment metadata",
            "Name, description, version and tasks.",
            json!({ "200": ok("Metadata", metadata) }),
        ),
    );
    paths.insert(
        "/schema".into(),
        get(
            "JSON Schemas",
            "The action, observation and state JSON Schemas.",
            json!({ "200": ok("Schemas", schemas_reply) }),
        ),
    );
    paths.insert(
        "/tasks".into(),
        get(
            "Tasks",
            "The environment's tasks from the registry, the default task and the action schema.",
            json!({ "200": ok("Tasks", tasks) }),
        ),
    );
    paths.insert(
        "/reset".into(),
        json!({ "post": {
            "summary": "Start an episode",
            "description": format!("Starts an episode in the session the request names ({}, in that order), or in a new anonymous session when it names none. The body is optional; `?task=` names the task when the body does not.", session_sources(info)),
            "parameters": session_parameters(info).into_iter()
                .chain(std::iter::once(json!({
                    "name": "task", "in": "query", "required": false,
                    "description": "Task id or alias, when the body names none (an unknown one is 404 UNKNOWN_TASK); ignored when it does (`task`, `task_name`, `task_id`, or `index`, which names a task of its split).",
                    "schema": { "type": "string" },
                })))
                .collect::<Vec<_>>(),
            "requestBody": { "required": false, "content": json_content(schema_ref("ResetRequest")) },
            "responses": session_responses(("200", with_session("The first observation", step_result.clone())), &[404, 413, 422, 503]),
        } }),
    );
    paths.insert(
        "/step".into(),
        json!({ "post": {
            "summary": "Apply one action",
            "description": "Applies `action` in the session the request names, or the anonymous session. A refused action (422) does not count as a step.",
            "parameters": session_parameters(info),
            "requestBody": { "required": true, "content": json_content(schema_ref("StepRequest")) },
            "responses": session_responses(("200", with_session("The next observation, reward and done", step_result)), &[409, 413, 422, 503]),
        } }),
    );
    paths.insert(
        "/state".into(),
        json!({ "get": {
            "summary": "Episode state",
            "description": "The full state of the session's episode (every field); a blank state when the session has none.",
            "parameters": session_parameters(info),
            "responses": session_responses(("200", with_session("State", schema_ref("State"))), &[422]),
        } }),
    );
    paths.insert(
        "/mcp".into(),
        json!({
            "post": {
                "summary": "MCP (JSON-RPC 2.0, streamable HTTP)",
                "description": format!(
                    "This environment's own tools ({}): tools/list, and tools/call, which plays one step of the session's episode and returns structuredContent {{observation, reward, done}} (the free read_task reads it whole); reset, step, state and close are simulation controls, never tools. Resources (resources/list, resources/read, resources/subscribe): the episode's instruction and case, free; GET /mcp streams what the trainer changed. initialize opens a session (an episode of the default task) and names it in the Mcp-Session-Id response header; the same id is an X-Session-Id for /reset, /step, /state and /ws?session_id=. A call names its session by params.session_id, else Mcp-Session-Id, else X-Session-Id, else the anonymous one (an MCP client that sends MCP-Protocol-Version must name it: 400 otherwise). Also openenv/session/create and openenv/session/close. Statuses as the streamable HTTP transport says: 200 with a JSON-RPC response (errors of a request inside it), 202 and no body for a notification or a posted response, 400 for a malformed session id or protocol version, 403 for a browser Origin the server does not allow, 404 for a session that is not open (initialize again), 503 with Retry-After when the replica cannot open a session (draining or full).",
                    info.tools().iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
                ),
                "requestBody": { "required": true, "content": json_content(rpc_request) },
                "parameters": [
                    {
                        "name": "Mcp-Session-Id", "in": "header", "required": false,
                        "description": "The session initialize returned.",
                        "schema": { "type": "string", "pattern": ids::PATTERN },
                    },
                ],
                "responses": {
                    "200": ok("JSON-RPC response", rpc_response.clone()),
                    "202": { "description": "A notification or a JSON-RPC response, accepted (no body)" },
                    "400": ok("Malformed Mcp-Session-Id or MCP-Protocol-Version, or no session after initialize (JSON-RPC error)", rpc_response.clone()),
                    "403": ok("Browser Origin not allowed (JSON-RPC error, ORIGIN_NOT_ALLOWED)", rpc_response.clone()),
                    "404": ok("The session named is not open: initialize again (JSON-RPC error)", rpc_response.clone()),
                    "503": ok("The replica cannot open a session (draining or full): retry, elsewhere (JSON-RPC error)", rpc_response.clone()),
                },
            },
            "get": {
                "summary": "The MCP session's notification stream (server-sent events)",
                "description": "Opens the stream of the session Mcp-Session-Id names: one JSON-RPC notification per event, for changes the client's own requests did not show it: notifications/resources/list_changed when the trainer starts a new episode (POST /reset, a /ws reset), notifications/tools/list_changed when the tools change with the task, notifications/resources/updated for each subscribed resource that changed. One stream per session: a newer one ends the older. It stays open until the session ends. Statuses as the streamable HTTP transport says: 405 without a session header (no stream to offer), 400 for a malformed session id or protocol version, 403 for a browser Origin not allowed, 404 for a session that is not open, 406 when Accept excludes text/event-stream.",
                "parameters": [
                    {
                        "name": "Mcp-Session-Id", "in": "header", "required": true,
                        "description": "The session initialize returned (without it there is no stream to offer: 405).",
                        "schema": { "type": "string", "pattern": ids::PATTERN },
                    },
                ],
                "responses": {
                    "200": { "description": "The notification stream", "content": { "text/event-stream": { "schema": { "type": "string" } } } },
                    "400": ok("Malformed Mcp-Session-Id or MCP-Protocol-Version (JSON-RPC error)", schema_ref("JsonRpcResponse")),
                    "403": ok("Browser Origin not allowed (JSON-RPC error, ORIGIN_NOT_ALLOWED)", schema_ref("JsonRpcResponse")),
                    "404": ok("The session named is not open: initialize again (JSON-RPC error)", schema_ref("JsonRpcResponse")),
                    "405": ok("No session named: no stream to offer (JSON-RPC error; Allow: GET, POST, DELETE)", schema_ref("JsonRpcResponse")),
                    "406": ok("Accept excludes text/event-stream (JSON-RPC error)", schema_ref("JsonRpcResponse")),
                },
            },
            "delete": {
                "summary": "End an MCP session",
                "description": "Ends the session the Mcp-Session-Id header names (as openenv/session/close does).",
                "parameters": [{
                    "name": "Mcp-Session-Id", "in": "header", "required": true,
                    "schema": { "type": "string", "pattern": ids::PATTERN },
                }],
                "responses": responses(
                    ("200", ok("The session is closed", session_closed)),
                    &[400, 403, 404],
                ),
            },
        }),
    );
    paths.insert(
        "/ws".into(),
        json!({ "get": {
            "summary": "WebSocket session (OpenEnv protocol)",
            "description": "Upgrade to a WebSocket with one environment per connection, or, with ?session_id=<id> (or an X-Session-Id header), attached to that existing HTTP or MCP session's episode (one socket at a time; an unknown or busy session gets a SESSION_ERROR frame). Send text frames {\"type\": \"reset\"|\"step\"|\"state\"|\"close\"|\"mcp\", \"data\": ...}: reset data is the reset options, step data is the bare action. Each message gets exactly one reply, in order ({\"type\":\"observation\"|\"state\"|\"mcp\"|\"error\", \"data\": ...}), except close, which closes the socket with code 1000. Error codes: INVALID_JSON, UNKNOWN_TYPE, VALIDATION_ERROR, EXECUTION_ERROR (session kept); SESSION_ERROR and CAPACITY_REACHED (then closed).",
            "responses": responses(("101", json!({ "description": "Switching Protocols" })), &[426, 503]),
        } }),
    );
    paths.insert(
        "/openapi.json".into(),
        get(
            "This document",
            "OpenAPI 3.1, paths relative to this mount.",
            json!({ "200": ok("OpenAPI document", json!({
                "type": "object",
                "required": ["openapi", "info", "paths", "components"],
                "properties": {
                    "openapi": { "const": "3.1.0" },
                    "info": {
                        "type": "object",
                        "required": ["title", "version"],
                        "properties": { "version": { "const": OPENENV_HTTP_VERSION } },
                    },
                    "servers": { "type": "array", "items": { "type": "object" } },
                    "paths": { "type": "object" },
                    "components": { "type": "object" },
                },
            })) }),
        ),
    );
    if prefix.is_empty() {
        paths.extend(task_api_paths(&task_api));
        paths.insert(
            "/ready".into(),
            json!({ "get": {
                "summary": "Readiness",
                "description": "Whether a load balancer should send this replica new sessions: 200, also at the session limit (`at_capacity`; new sessions then get 503 CAPACITY_REACHED); 503 with Retry-After while it drains.",
                "responses": {
                    "200": ok("Ready", ready.clone()),
                    "503": ok("Draining: send new sessions elsewhere", ready),
                },
            } }),
        );
        paths.insert(
            "/stats".into(),
            get(
                "Capacity",
                "Live and maximum sessions by transport and environment, idle timeout, uptime, version, drain.",
                json!({ "200": ok("Stats", stats) }),
            ),
        );
        paths.insert(
            "/metrics".into(),
            get(
                "Prometheus metrics",
                "Resets and steps by environment and task, step latency, errors by code, sessions; the Prometheus text format.",
                json!({ "200": {
                    "description": "Metrics",
                    "content": { crate::metrics::CONTENT_TYPE: { "schema": { "type": "string" } } },
                } }),
            ),
        );
        paths.insert(
            "/envs".into(),
            get(
                "Environments",
                "Every environment and task; each is also served at /envs/{env_id}/...",
                json!({ "200": ok("The registry", environments) }),
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
        // A generated component of ours, and the names inserted after.
        let ours = json!({"type": "object", "description": "our error body"});
        let mut components = Map::new();
        components.insert("Error".to_owned(), ours.clone());
        let a =
            json!({"$schema": "x", "$ref": "#/$defs/Item", "$defs": {"Item": {"type": "string"}}});
        let b = json!({"properties": {"i": {"$ref": "#/$defs/Item"}}, "$defs": {"Item": {"type": "integer"}, "Error": {"$ref": "#/$defs/Item"}, "Observation": {"type": "string"}}});
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
        assert_eq!(components["Error"], ours);
        assert_eq!(components["StateObservation"], json!({"type": "string"}));
        assert!(!components.contains_key("Observation"));
    }
}
