//! The JSON bodies of the API that have one shape on every mount, as Rust
//! types: the handlers serialise (replies) or deserialise (requests) these
//! very types, and the OpenAPI document's schemas are generated from them
//! ([`schemars::JsonSchema`], through [`crate::openapi`]), so the two cannot
//! disagree. A lenient form the server reads (an integral float as an
//! integer, a null split as train) is a field type whose `Deserialize` and
//! `JsonSchema` impls stand next to each other.
//!
//! Bodies that depend on the environment (its action, observation, state
//! and reset options, the bounds of its splits) are built per mount in
//! [`crate::openapi`] on top of these.

use std::collections::BTreeMap;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::ApiError;

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

/// Every error reply of the JSON API (not `/mcp`'s, which are JSON-RPC).
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(rename = "Error")]
pub struct ErrorBody {
    pub error: ErrorObject,
    pub detail: ErrorDetail,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ErrorObject {
    #[schemars(schema_with = "error_code_schema")]
    pub code: &'static str,
    /// What went wrong and what to do.
    pub message: String,
    /// Dotted path of the offending field, e.g. `action.raw`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// `CAPACITY_REACHED` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_sessions: Option<usize>,
    /// `CAPACITY_REACHED` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_sessions: Option<usize>,
}

/// For 422, FastAPI-style entries (OpenEnv's tools read `detail`);
/// otherwise the message.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ErrorDetail {
    Message(String),
    Validation(Vec<ValidationDetail>),
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct ValidationDetail {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub loc: Vec<LocPart>,
    pub msg: String,
}

/// A step of a FastAPI `loc`: a field name or an array index.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum LocPart {
    Field(String),
    Index(u64),
}

fn error_code_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({ "type": "string", "enum": ApiError::CODES })
}

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
                crate::body::kind(&other)
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
