//! The JSON bodies of the API that have one shape on every mount, as Rust
//! types: the handlers serialise (replies) or deserialise (requests) these
//! very types, and the OpenAPI document's schemas are generated from them
//! ([`schemars::JsonSchema`], through [`crate::openapi`]), so the two cannot
//! disagree. A lenient form the server reads (an integral float as an
//! integer, a null split as train) is a field type whose `Deserialize` and
//! `JsonSchema` impls stand next to each other.
//!
//! Bodies that depend on the environment are types too, with the
//! environment's part filled in per mount: the reset options are
//! [`env_wasm::reset::ResetRequest`] (its task names, splits and levels by
//! a schema transform); a [`env_wasm::StepResult`] names the environment's
//! `Observation` schema, which [`crate::openapi`] puts in its place, as it
//! does the action and state schemas and the bounds of each split.

use std::collections::BTreeMap;

use env_wasm::reset::ENV_VALUES;
use env_wasm::splits::TaskRecord;
use env_wasm::{EnvInfo, RewardMode, TaskInfo};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{ApiError, RpcError};

/// `GET /health`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Health {
    pub status: HealthStatus,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HealthStatus {
    /// The process answers (liveness; `/ready` says whether to send it work).
    Healthy,
}

/// `GET /ready`: 200 when a load balancer may send new sessions here, 503
/// (with `Retry-After`) while the replica drains.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Ready {
    pub status: ReadyStatus,
    pub draining: bool,
    /// At its session limit a replica stays ready: new sessions get 503
    /// `CAPACITY_REACHED`, its own sessions stay reachable.
    pub at_capacity: bool,
    pub active_sessions: usize,
    pub max_sessions: usize,
}

#[derive(Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReadyStatus {
    Ready,
    Draining,
}

/// `GET /stats`: capacity on the wire.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Stats {
    /// The server's version.
    pub version: &'static str,
    pub uptime_secs: f64,
    pub draining: bool,
    pub sessions: SessionStats,
    pub idle_timeout_secs: u64,
    pub episodes_in_progress: usize,
    pub resets_served: u64,
    pub steps_served: u64,
}

/// What counts against the session limit: HTTP and MCP sessions and open
/// `/ws` connections (a `/ws` attached to an HTTP session is that session's).
#[derive(Debug, Serialize, JsonSchema)]
pub struct SessionStats {
    pub active: usize,
    pub max: usize,
    pub by_transport: TransportCount,
    /// Every environment, by id.
    pub by_env: BTreeMap<&'static str, EnvSessions>,
}

#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct TransportCount {
    pub http: usize,
    pub mcp: usize,
    pub ws: usize,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct EnvSessions {
    pub http: usize,
    pub mcp: usize,
    pub ws: usize,
    pub total: usize,
}

/// The most task records one reply carries; larger windows are refused
/// with what to send instead. A whole `validation` or `test` split of
/// every environment fits (at most 4 tasks x 5 levels x 1,000 seeds, about
/// 6 MB of JSON); `train` is paged through with `task_range`.
pub const MAX_LISTED: u64 = 20_000;

/// A Task API `split`: a split name; `""`, null or absent is train. Which
/// names exist depends on the environment: its document narrows this to an
/// enum.
#[derive(Debug, Default)]
pub struct SplitName(pub Option<String>);

impl<'de> Deserialize<'de> for SplitName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Null => Ok(SplitName(None)),
            Value::String(name) => Ok(SplitName(Some(name))),
            other => Err(de::Error::custom(format!(
                "must be a split name (a string), got {}",
                env_wasm::text::json_kind(&other)
            ))),
        }
    }
}

impl JsonSchema for SplitName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SplitName".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": ["string", "null"],
            "description": "train, validation or test; \"\", null or absent is train",
        })
    }
}

/// An integer as JSON has it: `871` or `871.0` (an integral number is an
/// integer in JSON Schema, whatever its spelling).
#[derive(Debug, Clone, Copy)]
pub struct Integer(pub i64);

impl<'de> Deserialize<'de> for Integer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IntegerVisitor;
        impl<'de> Visitor<'de> for IntegerVisitor {
            type Value = Integer;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an integer")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Integer, E> {
                Ok(Integer(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Integer, E> {
                i64::try_from(v)
                    .map(Integer)
                    .map_err(|_| E::custom(format!("must be an integer, got {v}")))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Integer, E> {
                if v.fract() == 0.0 && v.abs() < i64::MAX as f64 {
                    Ok(Integer(v as i64))
                } else {
                    Err(E::custom(format!("must be an integer, got {v}")))
                }
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Integer, E> {
                Err(E::custom(format!(
                    "must be an integer, got {}",
                    Value::from(v)
                )))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Integer, E> {
                Err(E::custom(format!("must be an integer, got {v}")))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Integer, E> {
                Err(E::custom("must be an integer, got null"))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, _: A) -> Result<Integer, A::Error> {
                Err(de::Error::custom("must be an integer, got an object"))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<Integer, A::Error> {
                Err(de::Error::custom("must be an integer, got an array"))
            }
        }
        deserializer.deserialize_any(IntegerVisitor)
    }
}

impl JsonSchema for Integer {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Integer".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "integer", "minimum": i64::MIN, "maximum": i64::MAX })
    }
}

/// OpenEnv's optional `timeout_s` of a step: a number greater than 0.
/// Accepted for compatibility, not used: steps take microseconds.
#[derive(Debug, Clone, Copy)]
pub struct TimeoutSeconds(pub f64);

const TIMEOUT_RULE: &str = "must be a number greater than 0";

impl<'de> Deserialize<'de> for TimeoutSeconds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Number(n) if n.as_f64().is_some_and(|t| t > 0.0) => {
                Ok(TimeoutSeconds(n.as_f64().unwrap_or_default()))
            }
            _ => Err(de::Error::custom(TIMEOUT_RULE)),
        }
    }
}

impl JsonSchema for TimeoutSeconds {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "TimeoutSeconds".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "number",
            "exclusiveMinimum": 0,
            "description": "Accepted for OpenEnv compatibility; steps take microseconds.",
        })
    }
}

/// OpenEnv's optional `request_id` of a step: at most 255 characters.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// [`RequestId`]'s bound, in characters.
pub const MAX_REQUEST_ID_CHARS: usize = 255;

impl<'de> Deserialize<'de> for RequestId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::String(s) if s.chars().count() <= MAX_REQUEST_ID_CHARS => Ok(RequestId(s)),
            _ => Err(de::Error::custom(format!(
                "must be a string of at most {MAX_REQUEST_ID_CHARS} characters"
            ))),
        }
    }
}

impl JsonSchema for RequestId {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RequestId".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "type": "string", "maxLength": MAX_REQUEST_ID_CHARS })
    }
}

/// `GET /metadata`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Metadata {
    pub name: &'static str,
    pub description: &'static str,
    pub version: &'static str,
    /// Always null: the README is the repository's.
    pub readme_content: Option<String>,
    pub author: &'static str,
    /// Always null.
    pub documentation_url: Option<String>,
    pub env_id: &'static str,
    pub tasks: &'static [TaskInfo],
    /// Whether steps here carry `llm_judge`; where the judge is and its
    /// key are not for clients.
    pub llm_judge: bool,
    /// Reset option `reward_mode`: a trainer maximising the return plays
    /// `score`, whose rewards add up to the task score.
    pub reward_modes: Vec<RewardModeDoc>,
    pub default_reward_mode: RewardMode,
    /// The agent's verbs, over MCP (`tools/list`, `tools/call`).
    pub tools: Vec<&'static str>,
    /// What each task is graded on, per level: criteria with weights and
    /// gates, penalties (`env_wasm::rubric`).
    pub rubrics: Value,
}

/// One [`RewardMode`] as `/metadata` lists it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct RewardModeDoc {
    pub name: RewardMode,
    pub summary: &'static str,
}

impl RewardModeDoc {
    pub fn all() -> Vec<RewardModeDoc> {
        RewardMode::ALL
            .iter()
            .map(|mode| RewardModeDoc {
                name: *mode,
                summary: mode.summary(),
            })
            .collect()
    }
}

/// `GET /tasks`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Tasks {
    pub env_id: &'static str,
    #[schemars(schema_with = "task_id_schema")]
    pub default_task: &'static str,
    pub tasks: &'static [TaskInfo],
    /// The action JSON Schema, as in /schema.
    #[schemars(with = "Map<String, Value>")]
    pub action_schema: Value,
}

/// One of the environment's task ids (filled in per mount).
fn task_id_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", ENV_VALUES: "task_ids" })
}

/// `GET /schema`: the environment's JSON Schemas.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Schemas {
    /// JSON Schema of the action (see Action).
    #[schemars(with = "Map<String, Value>")]
    pub action: Value,
    /// JSON Schema of the observation (see Observation).
    #[schemars(with = "Map<String, Value>")]
    pub observation: Value,
    /// JSON Schema of the state (see State).
    #[schemars(with = "Map<String, Value>")]
    pub state: Value,
    /// JSON Schema of the reset options every transport reads (see
    /// ResetRequest; the HTTP body's `session_id` is the OpenAPI
    /// document's only).
    #[schemars(with = "Map<String, Value>")]
    pub reset: Value,
}

/// `GET /envs`: every environment and its tasks.
pub type Environments = &'static [&'static EnvInfo];

/// `GET /list_environments`: the environment ids.
pub type EnvironmentIds = Vec<&'static str>;

/// One split in `GET /{env_id}/splits`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SplitDoc {
    pub name: &'static str,
    /// OpenEnv's split type: the name.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub num_tasks: u64,
    pub seeds: SeedRange,
    pub levels: &'static [u8],
    pub tasks: Vec<&'static str>,
    pub description: &'static str,
}

/// A split's seeds: `start` inclusive, `stop` exclusive; splits are disjoint.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SeedRange {
    pub start: u64,
    pub stop: u64,
}

/// `POST /{env_id}/num_tasks`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NumTasks {
    pub num_tasks: u64,
}

/// `POST /{env_id}/task`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskReply {
    pub task: TaskRecord,
}

/// `POST /{env_id}/task_range`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskRange {
    pub tasks: Vec<TaskRecord>,
}

/// `POST /{env_id}/tasks`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskList {
    pub tasks: Vec<TaskRecord>,
    pub env_name: &'static str,
}

/// `DELETE /mcp` (and `openenv/session/close`): the session is closed.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SessionClosed {
    pub session_id: String,
    /// Always `true`.
    #[schemars(schema_with = "const_true")]
    pub closed: bool,
}

fn const_true(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "const": true })
}

/// The JSON-RPC methods an MCP endpoint implements; `notifications/...`
/// are accepted too, and answered with an empty result.
pub const RPC_METHODS: [&str; 11] = [
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "resources/subscribe",
    "resources/unsubscribe",
    "openenv/session/create",
    "openenv/session/close",
];

/// A JSON-RPC 2.0 request (or notification) to `POST /mcp` and in a `/ws`
/// `mcp` message. Other keys are ignored.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct JsonRpcRequest {
    pub jsonrpc: JsonRpcVersion,
    pub method: RpcMethod,
    /// tools/call: `{name, arguments, session_id?}`.
    #[serde(default)]
    pub params: Option<Map<String, Value>>,
    /// Echoed in the response; any JSON number is accepted.
    #[serde(default)]
    pub id: Option<RpcId>,
}

impl JsonRpcRequest {
    /// Read a JSON-RPC request; a refusal carries the id to answer with
    /// (null when the id itself is what is wrong), the JSON-RPC code and
    /// what to send.
    pub fn read(request: &Value) -> Result<JsonRpcRequest, (Value, i64, String)> {
        let id = match request.get("id") {
            None | Some(Value::Null) => Value::Null,
            Some(id) => match RpcId::deserialize(id) {
                Ok(_) => id.clone(),
                Err(_) => {
                    return Err((
                        Value::Null,
                        crate::rpc::INVALID_REQUEST,
                        "Invalid Request: `id` must be a string, a number or null".to_owned(),
                    ));
                }
            },
        };
        serde_path_to_error::deserialize(request).map_err(|err| {
            let params = err.path().iter().next().is_some_and(|segment| {
                matches!(segment, serde_path_to_error::Segment::Map { key } if key == "params")
            });
            let (code, message) = match params {
                true => (
                    crate::rpc::INVALID_PARAMS,
                    format!("`params` {}", err.into_inner()),
                ),
                false => (
                    crate::rpc::INVALID_REQUEST,
                    format!(
                        "Invalid Request: {}; send {{\"jsonrpc\": \"2.0\", \"method\": a string, \"params\": an object (optional), \"id\": a string or number (none for a notification)}}",
                        err.into_inner()
                    ),
                ),
            };
            (id, code, message)
        })
    }

    /// The id a response echoes (null when there is none).
    pub fn id_value(&self) -> Value {
        serde_json::to_value(&self.id).unwrap_or(Value::Null)
    }

    /// The params, `{}` when there are none.
    pub fn params(&self) -> &Map<String, Value> {
        static NONE: std::sync::LazyLock<Map<String, Value>> = std::sync::LazyLock::new(Map::new);
        self.params.as_ref().unwrap_or(&NONE)
    }
}

/// `"2.0"`, the only JSON-RPC version.
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonRpcVersion;

impl Serialize for JsonRpcVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str("2.0")
    }
}

impl<'de> Deserialize<'de> for JsonRpcVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::String(v) if v == "2.0" => Ok(JsonRpcVersion),
            _ => Err(de::Error::custom("`jsonrpc` must be \"2.0\"")),
        }
    }
}

impl JsonSchema for JsonRpcVersion {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "JsonRpcVersion".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({ "const": "2.0" })
    }
}

/// A JSON-RPC method name: any string is read (one not implemented is
/// answered with error -32601); the schema lists what is implemented.
#[derive(Debug, Clone)]
pub struct RpcMethod(pub String);

impl<'de> Deserialize<'de> for RpcMethod {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::String(method) => Ok(RpcMethod(method)),
            _ => Err(de::Error::custom("`method` must be a string")),
        }
    }
}

impl JsonSchema for RpcMethod {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RpcMethod".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "An implemented method, or a notification (answered with an empty result); others get error -32601.",
            "anyOf": [
                { "type": "string", "enum": RPC_METHODS },
                { "type": "string", "pattern": "^notifications/" },
            ],
        })
    }
}

/// A JSON-RPC id: a string or a number.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RpcId {
    Text(String),
    Number(serde_json::Number),
}

/// A JSON-RPC response: `result` or `error`, never both.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JsonRpcResponse {
    pub jsonrpc: JsonRpcVersion,
    /// The request's id; null when the request could not be read.
    #[schemars(with = "Option<RpcId>")]
    pub id: Value,
    #[serde(flatten)]
    pub outcome: RpcOutcome,
}

#[derive(Debug, Serialize, JsonSchema)]
pub enum RpcOutcome {
    /// The method's result, when it succeeded.
    #[serde(rename = "result")]
    Result(Value),
    #[serde(rename = "error")]
    Error(RpcError),
}

/// A field of a JSON object as `T` (absent or null: `None`), refused
/// naming the field.
pub fn field<'a, T: Deserialize<'a>>(
    body: &'a Map<String, Value>,
    name: &'static str,
) -> Result<Option<T>, ApiError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => T::deserialize(value)
            .map(Some)
            .map_err(|err| ApiError::validation(name, err.to_string())),
    }
}

/// `POST /{env_id}/num_tasks` and `POST /{env_id}/tasks`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SplitRequest {
    #[serde(default)]
    pub split: SplitName,
}

/// `POST /{env_id}/task`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TaskRequest {
    #[serde(default)]
    pub split: SplitName,
    /// The task's index in the split, from 0.
    #[serde(default)]
    pub index: Option<Integer>,
}

/// `POST /{env_id}/task_range`: Python slice ends (negative counts from the
/// end; absent or null is the split's start or end).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TaskRangeRequest {
    #[serde(default)]
    pub split: SplitName,
    #[serde(default)]
    pub start: Option<Integer>,
    #[serde(default)]
    pub stop: Option<Integer>,
}

/// Read a request body of type `T` from a JSON object: a key `T` does not
/// have is refused naming it and the keys it has (read from `T`'s own
/// schema); a field of the wrong type is refused naming the field.
pub fn read<T: for<'de> Deserialize<'de> + JsonSchema>(
    body: Map<String, Value>,
) -> Result<T, ApiError> {
    let schema = schemars::schema_for!(T);
    let known: Vec<&str> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    if let Some(extra) = body.keys().find(|k| !known.contains(&k.as_str())) {
        let extra: String = extra.chars().take(40).collect();
        return Err(ApiError::validation(
            extra.clone(),
            format!("`{extra}` is not read here; send {}", known.join(", ")),
        ));
    }
    let value = Value::Object(body);
    serde_path_to_error::deserialize(&value).map_err(|err| {
        let field = err.path().to_string();
        let field = if field == "." {
            "body".to_owned()
        } else {
            field
        };
        ApiError::validation(field, err.into_inner().to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A field type's schema accepts exactly what its `Deserialize` reads.
    fn agree<T: for<'de> Deserialize<'de> + JsonSchema>(samples: &[Value]) {
        let schema = serde_json::to_value(schemars::schema_for!(T)).expect("a schema");
        let validator = jsonschema::validator_for(&schema).expect("a valid schema");
        for sample in samples {
            assert_eq!(
                validator.is_valid(sample),
                T::deserialize(sample).is_ok(),
                "{}: {sample}",
                T::schema_name()
            );
        }
    }

    #[test]
    fn lenient_forms_are_what_the_schemas_say() {
        let wrong = [json!(null), json!(true), json!([1]), json!({"a": 1})];
        let mut integers = vec![
            json!(0),
            json!(-3),
            json!(871.0),
            json!(1.5),
            json!("1"),
            json!(1e300),
            json!(u64::MAX),
        ];
        integers.extend(wrong.clone());
        agree::<Integer>(&integers);
        agree::<Option<Integer>>(&integers);
        agree::<SplitName>(&[json!("test"), json!(""), json!(null), json!(5), json!([])]);
        let mut timeouts = vec![json!(0.5), json!(30), json!(0), json!(-1), json!("1")];
        timeouts.extend(wrong.clone());
        agree::<TimeoutSeconds>(&timeouts);
        let mut ids = vec![
            json!("r-1"),
            json!("x".repeat(255)),
            json!("x".repeat(256)),
            json!(5),
        ];
        ids.extend(wrong);
        agree::<RequestId>(&ids);
        assert_eq!(
            Integer::deserialize(&json!(871.0)).map(|i| i.0).ok(),
            Some(871)
        );
    }

    #[test]
    fn task_api_bodies_name_what_they_refuse() {
        let body = |v: Value| v.as_object().cloned().unwrap_or_default();
        let ok: TaskRangeRequest = read(body(json!({"split": null, "start": 2.0}))).expect("reads");
        assert_eq!((ok.split.0, ok.start.map(|i| i.0)), (None, Some(2)));
        let err = read::<TaskRequest>(body(json!({"idx": 1}))).expect_err("unknown key");
        assert_eq!(err.field(), Some("idx"));
        assert!(
            err.message().contains("send index, split"),
            "{}",
            err.message()
        );
        let err = read::<TaskRangeRequest>(body(json!({"stop": "a"}))).expect_err("a string");
        assert_eq!(err.field(), Some("stop"));
        assert!(
            err.message().contains("must be an integer"),
            "{}",
            err.message()
        );
    }
}
