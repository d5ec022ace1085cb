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

use std::collections::{BTreeMap, BTreeSet};

use env_wasm::EnvInfo;
use serde_json::{Map, Value, json};

use schemars::generate::{Contract, SchemaGenerator, SchemaSettings};

use crate::ids::{self, IdSource};
use crate::wire;

/// The OpenEnv HTTP profile version `openenv validate` checks.
pub const OPENENV_HTTP_VERSION: &str = "1.0.0";

/// Our own component names; environment `$defs` are renamed around them.
const FIXED: [&str; 16] = [
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
    "Environment",
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

/// `$ref`s to the Task API's request types ([`wire`]).
struct TaskApiRequests {
    split: Value,
    task: Value,
    task_range: Value,
}

/// OpenEnv's Task API at the server root ([`crate::task_api`]), for every
/// environment: its paths spelled out per environment (`/support_triage/task`),
/// so each body states that environment's own bounds (task counts differ).
fn task_api_paths(requests: &TaskApiRequests) -> Map<String, Value> {
    let mut paths: Map<String, Value> = env_wasm::registry::ENVIRONMENTS
        .iter()
        .flat_map(|info| task_api_paths_of(info, requests))
        .collect();
    paths.insert(
        "/list_environments".into(),
        get(
            "Environment ids",
            "Every environment the Task API serves.",
            json!({ "200": ok("Ids", json!({ "type": "array", "items": { "type": "string" } })) }),
        ),
    );
    paths
}

fn task_api_paths_of(info: &'static EnvInfo, requests: &TaskApiRequests) -> Map<String, Value> {
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
        .filter(|s| info.num_tasks(s) <= crate::task_api::MAX_LISTED)
        .map(|s| json!(s.name))
        .collect();
    let record = json!({
        "type": "object",
        "required": ["index", "task_id", "task_name", "dataset", "env", "split", "task", "difficulty", "seed", "max_steps", "reset"],
        "properties": {
            "index": { "type": "integer" },
            "task_id": { "type": "string", "description": "{env}/{task}/{difficulty}/{seed}, the task's stable name" },
            "task_name": { "type": "string" }, "dataset": { "type": "string" },
            "env": { "type": "string" }, "split": { "type": "string" }, "task": { "type": "string" },
            "difficulty": { "type": "integer", "minimum": 1, "maximum": 5 },
            "seed": { "type": "integer" }, "max_steps": { "type": "integer" },
            "reset": { "type": "object", "description": "The reset options that play this task: {split, index}" },
        },
    });
    let tasks = json!({ "type": "array", "items": record });
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
            json!({ "200": ok("Splits", json!({ "type": "array", "items": { "type": "object" } })) }),
        ),
    );
    paths.insert(
        format!("/{id}/num_tasks"),
        post(
            "Task count of a split",
            false,
            narrowed(&requests.split, split_only.clone()),
            json!({ "type": "object", "properties": { "num_tasks": { "type": "integer" } } }),
        ),
    );
    paths.insert(
        format!("/{id}/task"),
        post(
            "One task of a split",
            true,
            narrowed(&requests.task, task_overlay),
            json!({ "type": "object", "properties": { "task": record } }),
        ),
    );
    paths.insert(
        format!("/{id}/task_range"),
        post(
            "Tasks start..stop of a split (Python slice ends; at most 20,000)",
            false,
            narrowed(&requests.task_range, split_only),
            json!({ "type": "object", "properties": { "tasks": tasks } }),
        ),
    );
    paths.insert(
        format!("/{id}/tasks"),
        post(
            "Every task of a split (at most 20,000: validation and test)",
            true,
            narrowed(&requests.split, tasks_overlay),
            json!({ "type": "object", "properties": { "tasks": tasks, "env_name": { "type": "string" } } }),
        ),
    );
    paths
}

fn get(summary: &str, description: &str, responses: Value) -> Value {
    json!({ "get": { "summary": summary, "description": description, "responses": responses } })
}

/// What `str::trim` removes (`char::is_whitespace`), as a regex class.
const WHITESPACE: &str =
    r"[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]";

/// A regex alternation of the decimal numerals of `0..=max` without
/// leading zeros: the shorter ones, then those as long as `max` that follow
/// its digits and then fall below one of them.
pub fn decimal_at_most(max: u64) -> String {
    let digits = max.to_string();
    let digits = digits.as_bytes();
    let n = digits.len();
    let mut alternatives = Vec::new();
    if n > 1 {
        alternatives.push(format!("[0-9]{{1,{}}}", n - 1));
    }
    for (i, &digit) in digits.iter().enumerate() {
        let prefix = std::str::from_utf8(&digits[..i]).unwrap_or_default();
        let digit = char::from(digit);
        if i == n - 1 {
            alternatives.push(format!("{prefix}[0-{digit}]"));
        } else if digit > '0' {
            let below = char::from(digit as u8 - 1);
            alternatives.push(format!("{prefix}[0-{below}][0-9]{{{}}}", n - i - 1));
        }
    }
    alternatives.join("|")
}

/// A regex of `name` in any ASCII case (`str::eq_ignore_ascii_case`).
fn any_ascii_case(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphabetic() {
                format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
            } else if c.is_ascii_alphanumeric() || c == '_' {
                c.to_string()
            } else {
                format!("\\{c}")
            }
        })
        .collect()
}

/// A task name as `EnvInfo::task` reads it: an id or alias, in any ASCII
/// case, with surrounding whitespace; or null for the default task.
fn task_schema(info: &EnvInfo, description: &str) -> Value {
    let names: Vec<&str> = info
        .tasks
        .iter()
        .flat_map(|t| std::iter::once(t.id).chain(t.aliases.iter().copied()))
        .collect();
    let spelled: Vec<String> = names.iter().map(|n| any_ascii_case(n)).collect();
    json!({
        "description": description,
        "anyOf": [
            { "type": "string", "enum": names },
            {
                "type": "string",
                "pattern": format!("^{WHITESPACE}*(?:{}){WHITESPACE}*$", spelled.join("|")),
                "description": "The same names in any ASCII case, surrounding whitespace ignored.",
            },
            { "type": "null" },
        ],
    })
}

/// The names `split` takes, and null.
fn split_names(info: &EnvInfo) -> Vec<Value> {
    info.splits()
        .iter()
        .map(|s| json!(s.name))
        .chain([Value::Null])
        .collect()
}

/// The `reward_mode` reset option: its values and what each pays.
pub fn reward_mode_schema() -> Value {
    let modes = env_wasm::RewardMode::ALL;
    let mut values: Vec<Value> = modes.iter().map(|m| json!(m.name())).collect();
    values.push(Value::Null);
    let described: Vec<String> = modes
        .iter()
        .map(|m| format!("`{}`: {}", m.name(), m.summary()))
        .collect();
    json!({
        "enum": values,
        "default": env_wasm::RewardMode::default().name(),
        "description": format!("How step rewards are paid. {}.", described.join("; ")),
    })
}

/// The reset options: exactly what `env_wasm::ResetOptions` reads
/// ([`env_wasm::seam::RESET_OPTIONS`]), plus, over HTTP (`http`), the
/// `session_id` the server reads; any other key is refused (422 naming it),
/// so `additionalProperties` is false. The task is the first non-null of
/// `task`, `task_name` and `task_id`; the later ones are read only when the
/// earlier are absent or null, which the `allOf` conditions say.
pub fn reset_schema(info: &EnvInfo, http: bool) -> Value {
    let default = info.default_task().id;
    let task = task_schema(info, &format!("Task id or alias; default `{default}`."));
    let not_set = |keys: &[&str]| {
        let properties: Map<String, Value> = keys
            .iter()
            .map(|k| ((*k).to_owned(), json!({ "type": "null" })))
            .collect();
        json!({ "properties": properties })
    };
    let mut schema = json!({
        "type": "object",
        "properties": {
            "seed": {
                "description": "Scenario seed; random when absent. Same task and seed, same scenario. Also accepted as a decimal string (\"42\").",
                "anyOf": [
                    { "type": "integer", "minimum": 0, "maximum": env_wasm::seam::MAX_SEED },
                    {
                        "type": "string",
                        "pattern": format!(
                            "^{WHITESPACE}*\\+?0*(?:{}){WHITESPACE}*$",
                            decimal_at_most(env_wasm::seam::MAX_SEED)
                        ),
                    },
                    { "type": "null" },
                ],
            },
            "episode_id": {
                "type": ["string", "null"],
                "maxLength": env_wasm::seam::MAX_EPISODE_ID_LEN,
                "description": "Echoed in the state; random when absent.",
            },
            "task": task,
            env_wasm::seam::REWARD_MODE: reward_mode_schema(),
            env_wasm::splits::SPLIT: {
                "enum": split_names(info),
                "description": "A declared split (seed range): with `index`, play that task of it (GET /{env_id}/splits and POST /{env_id}/task at the server root list them; sent alone: `index` fixes the task, seed and difficulty); alone, draw a seed of its range.",
            },
            env_wasm::splits::INDEX: {
                "type": ["integer", "null"],
                "minimum": 0,
                "description": "The task's index in `split` (needs `split`).",
            },
            env_wasm::splits::DIFFICULTY: {
                "enum": info.levels.iter().map(|l| json!(l)).chain([Value::Null]).collect::<Vec<_>>(),
                "description": format!("Difficulty level, 1 (easiest) to 5 (hardest); default {}. Levels change the scenario (its size and how many rules conflict), never the grading rules.", env_wasm::splits::DEFAULT_LEVEL),
            },
            "task_name": { "description": "Alias of `task`, read when `task` is absent or null." },
            "task_id": { "description": "Alias of `task`, read when `task` and `task_name` are absent or null." },
        },
        "allOf": [
            { "if": not_set(&["task"]), "then": { "properties": { "task_name": task_schema(info, "The task, when `task` names none.") } } },
            { "if": not_set(&["task", "task_name"]), "then": { "properties": { "task_id": task_schema(info, "The task, when `task` and `task_name` name none.") } } },
            // `index` names one task of `split`, which fixes its task, seed
            // and level: it needs the split, and the other fields stay
            // unset (the server refuses them).
            {
                "if": { "properties": { env_wasm::splits::INDEX: { "type": "integer" } }, "required": [env_wasm::splits::INDEX] },
                "then": {
                    "required": [env_wasm::splits::SPLIT],
                    "properties": {
                        env_wasm::splits::SPLIT: { "type": "string" },
                        "seed": { "type": "null" }, "task": { "type": "null" },
                        "task_name": { "type": "null" }, "task_id": { "type": "null" },
                        env_wasm::splits::DIFFICULTY: { "type": "null" },
                    },
                },
            },
        ],
        "additionalProperties": false,
    });
    // Each split bounds its index (its task count) and, without an index,
    // the seed (its seed range; as an integer: a decimal string's value is
    // no JSON Schema bound).
    if let Some(Value::Array(rules)) = schema.get_mut("allOf") {
        for split in info.splits() {
            rules.push(json!({
                "if": { "properties": { env_wasm::splits::SPLIT: { "const": split.name } }, "required": [env_wasm::splits::SPLIT] },
                "then": { "properties": {
                    env_wasm::splits::INDEX: { "type": ["integer", "null"], "maximum": info.num_tasks(split).saturating_sub(1) },
                    "seed": { "type": ["integer", "null"], "minimum": split.start, "maximum": split.stop - 1 },
                } },
            }));
        }
    }
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
    // The bodies of one shape everywhere come from their types: replies as
    // the handlers serialise them, requests as they deserialise them. The
    // environment's own schemas are hoisted after, renamed around these.
    let mut replies = generator(Contract::Serialize);
    let health = replies.subschema_for::<wire::Health>().to_value();
    let ready = replies.subschema_for::<wire::Ready>().to_value();
    let stats = replies.subschema_for::<wire::Stats>().to_value();
    let error = replies.subschema_for::<wire::ErrorBody>().to_value();
    let mut requests = generator(Contract::Deserialize);
    let task_api_requests = TaskApiRequests {
        split: requests.subschema_for::<wire::SplitRequest>().to_value(),
        task: requests.subschema_for::<wire::TaskRequest>().to_value(),
        task_range: requests
            .subschema_for::<wire::TaskRangeRequest>()
            .to_value(),
    };
    let step_timeout = requests
        .subschema_for::<Option<wire::TimeoutSeconds>>()
        .to_value();
    let step_request_id = requests
        .subschema_for::<Option<wire::RequestId>>()
        .to_value();
    let mut components = replies.take_definitions(true);
    components.extend(requests.take_definitions(true));
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
                    "action": step_action_schema(info, schemas.get("action").unwrap_or(&Value::Null)),
                    "timeout_s": step_timeout,
                    "request_id": step_request_id,
                    "session_id": session_id_schema(true),
                },
                "description": "Other keys are accepted and ignored, as OpenEnv forwards them to the environment.",
                "additionalProperties": true,
            }),
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
            "Environment".to_owned(),
            json!({
                "type": "object",
                "required": ["id", "name", "description", "tasks"],
                "properties": {
                    "id": { "type": "string" },
                    "name": { "type": "string" },
                    "description": { "type": "string" },
                    "tasks": { "type": "array", "items": schema_ref("Task") },
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
                    "method": {
                        "description": "An implemented method, or a notification (answered with an empty result); others get error -32601.",
                        "anyOf": [
                            { "type": "string", "enum": [
                                "initialize", "ping", "tools/list", "tools/call",
                                "openenv/session/create", "openenv/session/close"
                            ] },
                            { "type": "string", "pattern": "^notifications/" },
                        ],
                    },
                    "params": { "type": ["object", "null"], "description": "tools/call: {name: reset|step|state, arguments, session_id?}" },
                    "id": { "type": ["string", "number", "null"], "description": "Echoed in the response; any JSON number is accepted." },
                },
                "additionalProperties": true,
            }),
        ),
        (
            "JsonRpcResponse".to_owned(),
            json!({
                "type": "object",
                "required": ["jsonrpc", "id"],
                "properties": {
                    "jsonrpc": { "const": "2.0" },
                    "id": { "type": ["string", "number", "null"], "description": "The request's id; null when the request could not be read." },
                    "result": { "description": "The method's result, when it succeeded." },
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
            json!({ "200": ok("Healthy", health) }),
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
            "description": format!("Starts an episode in the session the request names ({}, in that order), or in a new anonymous session when it names none. The body is optional; `?task=` names the task when the body does not.", session_sources(info)),
            "parameters": session_parameters(info).into_iter()
                .chain(std::iter::once(json!({
                    "name": "task", "in": "query", "required": false,
                    "description": "Task id or alias, when the body names none (an unknown one is 404 UNKNOWN_TASK); ignored when it does (`task`, `task_name`, `task_id`, or `index`, which names a task of its split).",
                    "schema": { "type": "string" },
                })))
                .collect::<Vec<_>>(),
            "requestBody": { "required": false, "content": json_content(schema_ref("ResetRequest")) },
            "responses": session_responses(("200", with_session("The first observation", schema_ref("StepResult"))), &[404, 413, 422, 503]),
        } }),
    );
    paths.insert(
        "/step".into(),
        json!({ "post": {
            "summary": "Apply one action",
            "description": "Applies `action` in the session the request names, or the anonymous session. A refused action (422) does not count as a step.",
            "parameters": session_parameters(info),
            "requestBody": { "required": true, "content": json_content(schema_ref("StepRequest")) },
            "responses": session_responses(("200", with_session("The next observation, reward and done", schema_ref("StepResult"))), &[409, 413, 422, 503]),
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
                "requestBody": { "required": true, "content": json_content(schema_ref("JsonRpcRequest")) },
                "parameters": [
                    {
                        "name": "Mcp-Session-Id", "in": "header", "required": false,
                        "description": "The session initialize returned.",
                        "schema": { "type": "string", "pattern": ids::PATTERN },
                    },
                ],
                "responses": {
                    "200": ok("JSON-RPC response", schema_ref("JsonRpcResponse")),
                    "202": { "description": "A notification or a JSON-RPC response, accepted (no body)" },
                    "400": ok("Malformed Mcp-Session-Id or MCP-Protocol-Version, or no session after initialize (JSON-RPC error)", schema_ref("JsonRpcResponse")),
                    "403": ok("Browser Origin not allowed (JSON-RPC error, ORIGIN_NOT_ALLOWED)", schema_ref("JsonRpcResponse")),
                    "404": ok("The session named is not open: initialize again (JSON-RPC error)", schema_ref("JsonRpcResponse")),
                    "503": ok("The replica cannot open a session (draining or full): retry, elsewhere (JSON-RPC error)", schema_ref("JsonRpcResponse")),
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
                    ("200", ok("The session is closed", json!({
                        "type": "object",
                        "required": ["session_id", "closed"],
                        "properties": { "session_id": { "type": "string" }, "closed": { "const": true } },
                    }))),
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
                    "paths": { "type": "object" },
                    "components": { "type": "object" },
                },
            })) }),
        ),
    );
    if prefix.is_empty() {
        paths.extend(task_api_paths(&task_api_requests));
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
                json!({ "200": ok("The registry", json!({ "type": "array", "items": schema_ref("Environment") })) }),
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
