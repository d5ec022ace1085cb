//! An episode's tools with their input schemas compiled, so a call is held
//! to the schema its tool advertises before anything is played: what the
//! schema states (an enum, a type, a pattern or format, a required or
//! unknown field, nested in an answer object) is refused with what to
//! send, and no step is counted, on every transport that calls tools.
//!
//! The tools of an episode depend on its environment, task and level only,
//! so each list is built and compiled once per process.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use jsonschema::error::ValidationErrorKind;
use jsonschema::{ValidationError, Validator};
use serde_json::{Map, Value};

use crate::error::EnvError;
use crate::registry::{EnvInfo, TaskInfo};
use crate::tools::Tool;

/// What a refusal lists at most: enough to fix an answer in one go.
const MOST_SHOWN: usize = 4;

/// Longest value quoted back in a refusal, in characters.
const QUOTED_CHARS: usize = 40;

/// The tools one episode offers, each with its compiled input schema.
pub struct Toolbox {
    tools: Vec<Tool>,
    checks: Vec<Option<Validator>>,
}

/// Which tool list: an environment, and the task and level of its episode
/// (none: the environment's list, of no episode in particular).
pub(crate) type Key = (&'static str, Option<(&'static str, u8)>);

/// The tools of `info` for an episode of `playing` (task, level), else of
/// no episode: built and compiled on first use. A task that is none of
/// `info`'s is [`EnvError::UnknownTask`] ([`EnvInfo::task_tools`]).
pub fn toolbox(
    info: &'static EnvInfo,
    playing: Option<(&'static TaskInfo, u8)>,
) -> Result<Arc<Toolbox>, EnvError> {
    let key = (info.id, playing.map(|(task, level)| (task.id, level)));
    built(key, || match playing {
        Some((task, level)) => info.task_tools(task, level),
        None => Ok(info.tools()),
    })
}

/// The toolbox listed under `key`, its tools built by `tools` and compiled
/// on first use.
pub(crate) fn built<E>(
    key: Key,
    tools: impl FnOnce() -> Result<Vec<Tool>, E>,
) -> Result<Arc<Toolbox>, E> {
    static BUILT: OnceLock<Mutex<BTreeMap<Key, Arc<Toolbox>>>> = OnceLock::new();
    let built = BUILT.get_or_init(Mutex::default);
    if let Some(toolbox) = built
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return Ok(Arc::clone(toolbox));
    }
    // Built outside the lock: two first calls at once build twice and
    // keep one, rather than holding every caller while schemas compile.
    let tools = tools()?;
    let checks = tools.iter().map(|t| compile(&t.input_schema)).collect();
    let toolbox = Arc::new(Toolbox { tools, checks });
    let mut built = built.lock().unwrap_or_else(PoisonError::into_inner);
    Ok(Arc::clone(built.entry(key).or_insert(toolbox)))
}

/// `schema` compiled, formats checked (a `date` is a date); `None` for a
/// schema the validator cannot read, which a test rules out for every tool.
pub fn compile(schema: &Value) -> Option<Validator> {
    jsonschema::options()
        .should_validate_formats(true)
        .build(schema)
        .ok()
}

impl Toolbox {
    /// Every tool of the environment, as `tools/list` shows them.
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// Whether every input schema compiled.
    pub fn compiled(&self) -> bool {
        self.checks.iter().all(Option::is_some)
    }

    /// The tool `name`, if this episode offers it.
    pub fn find(&self, name: &str) -> Option<&Tool> {
        self.tools.iter().find(|t| t.name == name)
    }

    /// This episode's tool names: `show_inbox, view_ticket, ...`.
    pub fn names(&self) -> String {
        let names: Vec<&str> = self.tools.iter().map(|t| t.name).collect();
        names.join(", ")
    }

    /// Refuse `arguments` that do not fit tool `name`'s input schema,
    /// saying for each misfit (a few at most) where it is and what to send.
    pub fn check(&self, name: &str, arguments: &Map<String, Value>) -> Result<(), EnvError> {
        let Some(index) = self.tools.iter().position(|t| t.name == name) else {
            return Ok(());
        };
        let Some(Some(validator)) = self.checks.get(index) else {
            return Ok(());
        };
        let tool = &self.tools[index];
        let instance = Value::Object(arguments.clone());
        let mut misfits = validator.iter_errors(&instance).peekable();
        let Some(first) = misfits.peek() else {
            return Ok(());
        };
        let field = field_of(first.instance_path().as_str());
        let total = validator.iter_errors(&instance).count();
        let mut said: Vec<String> = Vec::new();
        for error in misfits {
            let words = explain(tool, &error);
            if !said.contains(&words) {
                said.push(words);
            }
            if said.len() == MOST_SHOWN {
                break;
            }
        }
        let more = match total.saturating_sub(said.len()) {
            0 => String::new(),
            _ => " (and more of the same kind)".to_owned(),
        };
        Err(EnvError::validation(
            field,
            format!(
                "the arguments do not fit `{name}`'s input schema: {}{more}. Nothing was \
                 played: no step is counted.",
                said.join("; ")
            ),
        ))
    }
}

/// `/answer/participants/0` as `arguments.answer.participants.0`.
fn field_of(pointer: &str) -> String {
    let path: Vec<String> = pointer
        .split('/')
        .skip(1)
        .map(|part| part.replace("~1", "/").replace("~0", "~"))
        .collect();
    match path.is_empty() {
        true => "arguments".to_owned(),
        false => format!("arguments.{}", path.join(".")),
    }
}

/// The argument a misfit is in, as a model reads it: `answer.label`, or
/// the tool's own arguments.
fn place(tool: &Tool, pointer: &str) -> String {
    match field_of(pointer).strip_prefix("arguments.") {
        Some(path) => format!("`{path}`"),
        None => format!("`{}`'s arguments", tool.name),
    }
}

/// The schema a misfit broke a keyword of: its schema path less the
/// keyword (`/properties/answer/properties/label/enum` -> the label's).
fn broken_schema<'a>(tool: &'a Tool, schema_path: &str) -> Option<&'a Value> {
    let parent = schema_path
        .rsplit_once('/')
        .map_or("", |(parent, _)| parent);
    tool.input_schema.pointer(parent)
}

/// What a schema asks for, in words: its description, else its type.
fn wanted(schema: &Value) -> String {
    if let Some(description) = schema.get("description").and_then(Value::as_str) {
        // "send two decimals", mid-sentence; "HH:MM" keeps its capitals.
        let description = description.trim_end_matches('.');
        let mut chars = description.chars();
        return match (chars.next(), chars.next()) {
            (Some(first), Some(second)) if first.is_uppercase() && second.is_lowercase() => first
                .to_lowercase()
                .chain(description.chars().skip(1))
                .collect(),
            _ => description.to_owned(),
        };
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        return format!("one of {}", listed(options));
    }
    match schema.get("type").and_then(Value::as_str) {
        Some(kind) => type_words(kind, schema).to_owned(),
        None => "a value the schema allows".to_owned(),
    }
}

/// `"work", "personal"` as `work, personal`.
fn listed(options: &[Value]) -> String {
    let words: Vec<String> = options
        .iter()
        .map(|o| match o {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect();
    words.join(", ")
}

/// A JSON Schema type as the value to send.
fn type_words(kind: &str, schema: &Value) -> &'static str {
    match kind {
        "string" => "a string",
        "array" if schema.pointer("/items/type") == Some(&Value::from("string")) => {
            "a list of strings"
        }
        "array" => "a list",
        "object" => "an object",
        "integer" => "a whole number",
        "number" => "a number",
        "boolean" => "true or false",
        "null" => "null",
        _ => "a value of another type",
    }
}

/// A value as a refusal quotes it, long text cut.
fn quoted(value: &Value) -> String {
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match text.chars().count() > QUOTED_CHARS {
        true => format!("{}...", text.chars().take(QUOTED_CHARS).collect::<String>()),
        false => text,
    }
}

/// One misfit in words: where, what was sent, and what to send.
fn explain(tool: &Tool, error: &ValidationError<'_>) -> String {
    let pointer = error.instance_path().as_str();
    let at = place(tool, pointer);
    let sent = error.instance();
    let schema = broken_schema(tool, error.schema_path().as_str());
    let properties = |schema: Option<&Value>| -> Vec<String> {
        schema
            .and_then(|s| s.get("properties"))
            .and_then(Value::as_object)
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default()
    };
    match error.kind() {
        ValidationErrorKind::Enum { options } => {
            let options = options.as_array().map(Vec::as_slice).unwrap_or_default();
            format!(
                "{at} `{}` is not one of the allowed values: send one of {}",
                quoted(sent),
                listed(options)
            )
        }
        ValidationErrorKind::Constant { expected_value } => {
            format!("{at} must be {}", quoted(expected_value))
        }
        ValidationErrorKind::Type { .. } => {
            // The types the schema names, in words (`["string", "null"]`
            // too); the error's own kind says the same, less readably.
            let schema = schema.unwrap_or(&Value::Null);
            let expected: Vec<&str> = match schema.get("type") {
                Some(Value::String(kind)) => vec![type_words(kind, schema)],
                Some(Value::Array(kinds)) => kinds
                    .iter()
                    .filter_map(Value::as_str)
                    .map(|kind| type_words(kind, schema))
                    .collect(),
                _ => vec!["a value of another type"],
            };
            format!(
                "{at} must be {}, not {}",
                expected.join(" or "),
                crate::text::json_kind(sent)
            )
        }
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            let what = schema
                .and_then(|s| s.pointer(&format!("/properties/{name}")))
                .map(wanted)
                .unwrap_or_default();
            let takes = properties(schema).join(", ");
            match pointer.is_empty() {
                true => format!("`{}` needs `{name}` ({what}); it takes: {takes}", tool.name),
                false => format!("{at} needs `{name}` ({what}); its fields: {takes}"),
            }
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            let takes = properties(schema).join(", ");
            let extra = unexpected.join("`, `");
            match pointer.is_empty() {
                true => format!(
                    "`{}` takes no argument `{extra}`; it takes: {takes}",
                    tool.name
                ),
                false => format!("{at} has no field `{extra}`; its fields: {takes}"),
            }
        }
        ValidationErrorKind::Pattern { .. } | ValidationErrorKind::Format { .. } => format!(
            "{at} `{}` is not in the form asked: send {}",
            quoted(sent),
            schema.map(wanted).unwrap_or_default()
        ),
        ValidationErrorKind::MinLength { .. } => {
            format!(
                "{at} is empty: write it out (leave an optional argument out rather than sending it empty)"
            )
        }
        ValidationErrorKind::MaxLength { limit } => {
            format!("{at} is too long: at most {limit} characters")
        }
        ValidationErrorKind::MinProperties { .. } => {
            let required: Vec<&str> = schema
                .and_then(|s| s.get("required"))
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let optional: Vec<String> = properties(schema)
                .into_iter()
                .filter(|p| !required.contains(&p.as_str()))
                .collect();
            match (pointer.is_empty(), optional.is_empty()) {
                (true, false) => format!(
                    "`{}` needs at least one of {} (or both)",
                    tool.name,
                    optional.join(", ")
                ),
                _ => format!(
                    "{at} is empty: send its fields ({})",
                    properties(schema).join(", ")
                ),
            }
        }
        ValidationErrorKind::Minimum { limit }
        | ValidationErrorKind::ExclusiveMinimum { limit } => {
            format!("{at} `{}` is too small: the least is {limit}", quoted(sent))
        }
        ValidationErrorKind::Maximum { limit }
        | ValidationErrorKind::ExclusiveMaximum { limit } => {
            format!("{at} `{}` is too large: the most is {limit}", quoted(sent))
        }
        ValidationErrorKind::MinItems { limit } => format!("{at} needs at least {limit} item(s)"),
        ValidationErrorKind::MaxItems { limit } => format!("{at} takes at most {limit} item(s)"),
        ValidationErrorKind::UniqueItems => format!("{at} lists an item twice: list each once"),
        ValidationErrorKind::AnyOf { .. } | ValidationErrorKind::OneOfNotValid { .. } => format!(
            "{at} fits none of the forms its schema allows: send {}",
            schema.map(wanted).unwrap_or_default()
        ),
        _ => format!("{at}: {error}"),
    }
}
