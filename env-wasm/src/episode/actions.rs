//! Reading a client's JSON as an environment's typed action: the shape
//! check, the parse that names the offending field, a tool call read as the
//! action it stands for, and the action a refusal suggests sending instead.
//! Suggestions live beside the parse because one is offered only when the
//! parse accepts it.

use serde::de::DeserializeOwned;
#[cfg(not(target_arch = "wasm32"))]
use serde_json::Map;
use serde_json::Value;

use super::environment::Environment;
use crate::error::EnvError;
#[cfg(not(target_arch = "wasm32"))]
use crate::task::{TaskEnum, TaskInfo};

/// Parse an action of `E`, naming the offending field (`action.raw`) on
/// failure; a bare string is first read as [`Environment::TEXT_ACTION_FIELD`].
/// A refusal of an action that plausibly meant another says what to send.
pub(super) fn parse_action_of<E: Environment>(action: &Value) -> Result<E::Action, EnvError> {
    let parsed = read_action_of::<E>(action);
    #[cfg(not(target_arch = "wasm32"))]
    let parsed = parsed.map_err(|err| with_suggestion::<E>(err, action));
    parsed
}

pub(super) fn read_action_of<E: Environment>(action: &Value) -> Result<E::Action, EnvError> {
    match (action, E::TEXT_ACTION_FIELD) {
        (Value::String(text), Some(field)) => {
            let mut wrapped = serde_json::Map::new();
            wrapped.insert(field.to_owned(), Value::String(text.clone()));
            parse_action(&Value::Object(wrapped))
        }
        _ => {
            check_action_shape(action, E::TEXT_ACTION_FIELD)?;
            parse_action(action)
        }
    }
}

/// `err`, refusing `action`, with the action it plausibly meant (the
/// environment's [`Environment::suggest`], else a tool call written as a
/// bare object: `{"name": "view_ticket", "arguments": {...}}`), when that
/// action is one the environment reads.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn with_suggestion<E: Environment>(err: EnvError, action: &Value) -> EnvError {
    let EnvError::Validation { field, message } = err else {
        return err;
    };
    let suggestion = E::suggest(action)
        .or_else(|| tool_shaped::<E>(action))
        .filter(|s| s != action && read_action_of::<E>(s).is_ok());
    let message = match suggestion {
        Some(s) => format!("{message}; send {} instead", sketch(&s)),
        None => message,
    };
    EnvError::Validation { field, message }
}

/// An action written as a tool call (`name`/`tool`/`tool_name` and
/// `arguments`/`args`/`parameters`), as the action it stands for.
#[cfg(not(target_arch = "wasm32"))]
fn tool_shaped<E: Environment>(action: &Value) -> Option<Value> {
    let map = action.as_object()?;
    let name = ["tool_name", "tool", "name", "function"]
        .iter()
        .find_map(|k| map.get(*k)?.as_str())?;
    let arguments = ["arguments", "args", "parameters", "input"]
        .iter()
        .find_map(|k| map.get(*k)?.as_object())
        .cloned()
        .unwrap_or_default();
    tool_action_of::<E>(name, arguments).ok()
}

/// `value` as JSON text with long strings cut (`"Dear Ana, ..."`): the
/// shape to send, short enough for a refusal's message.
#[cfg(not(target_arch = "wasm32"))]
fn sketch(value: &Value) -> String {
    fn cut(value: &Value) -> Value {
        match value {
            Value::String(text) if text.chars().count() > 60 => {
                Value::String(format!("{}...", text.chars().take(40).collect::<String>()))
            }
            Value::Array(items) => Value::Array(items.iter().map(cut).collect()),
            Value::Object(map) => {
                Value::Object(map.iter().map(|(k, v)| (k.clone(), cut(v))).collect())
            }
            other => other.clone(),
        }
    }
    cut(value).to_string()
}

/// The action a call of tool `name` with `arguments` stands for, after the
/// checks every tool shares: a tool of `E` (never a reserved control),
/// taking exactly these arguments.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn tool_action_of<E: Environment>(
    name: &str,
    arguments: Map<String, Value>,
) -> Result<Value, EnvError> {
    let specs = E::tool_specs();
    let spec = specs
        .iter()
        .find(|s| s.name == name && !crate::tools::RESERVED.contains(&name))
        .ok_or_else(|| EnvError::UnknownTool {
            tool: name.to_owned(),
            available: crate::tools::names(&specs),
            elsewhere: false,
        })?;
    spec.check(&arguments)?;
    Ok(E::tool_action(name, arguments))
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn tool_call_of<E: Environment>(action: &Value) -> Option<crate::tools::ToolCall> {
    read_action_of::<E>(action)
        .ok()
        .and_then(|a| E::tool_call(&a))
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn tools_of<E: Environment>() -> Vec<crate::tools::Tool> {
    E::tools().into_iter().map(crate::tools::finished).collect()
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn task_tools_of<E: Environment>(
    task: &TaskInfo,
    difficulty: u8,
) -> Result<Vec<crate::tools::Tool>, EnvError> {
    Ok(finished_task_tools::<E>(
        E::Task::from_id(task.id)?,
        difficulty,
    ))
}

#[cfg(not(target_arch = "wasm32"))]
pub(super) fn finished_task_tools<E: Environment>(
    task: E::Task,
    difficulty: u8,
) -> Vec<crate::tools::Tool> {
    E::task_tools(task, difficulty)
        .into_iter()
        .map(crate::tools::finished)
        .collect()
}

/// Refuse a value no action can be: anything but an object, or a string
/// where the environment reads one as its `text_field`.
pub(crate) fn check_action_shape(action: &Value, text_field: Option<&str>) -> Result<(), EnvError> {
    match (action, text_field) {
        (Value::Object(_), _) | (Value::String(_), Some(_)) => Ok(()),
        (other, text_field) => Err(EnvError::validation(
            "action",
            format!(
                "must be a JSON object{}, got {}",
                text_field.map_or_else(String::new, |f| format!(" or a string (its `{f}`)")),
                crate::text::json_kind(other)
            ),
        )),
    }
}

/// Parse an action, naming the offending field (`action.raw`) on failure.
fn parse_action<A: DeserializeOwned>(action: &Value) -> Result<A, EnvError> {
    // Tracking the path costs as much as the parse; only a refusal needs
    // it, so it reads the action again then. Native only: a second reader
    // of every action type is bundle size the page, one click a step, would
    // not get back.
    #[cfg(not(target_arch = "wasm32"))]
    if let Ok(parsed) = A::deserialize(action) {
        return Ok(parsed);
    }
    serde_path_to_error::deserialize(action).map_err(|err| {
        let path = err.path().to_string();
        let field = if path == "." {
            "action".to_owned()
        } else {
            format!("action.{path}")
        };
        EnvError::validation(field, err.into_inner().to_string())
    })
}
