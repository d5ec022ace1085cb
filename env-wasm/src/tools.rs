//! Each environment's own verbs as tools, for agents that call tools (MCP's
//! `tools/list` and `tools/call`, OpenEnv's `list_tools` and `call_tool`
//! actions): one tool per command of the action type, taking the action
//! fields that command reads, with input schemas cut from the action's own
//! JSON Schema. A call is one step: [`crate::AnyEnv::call_tool`] turns it
//! into the action ([`crate::Environment::tool_action`]) and plays it
//! through the same step as every other transport, so a new command of an
//! action type becomes a tool without touching a front end.
//!
//! `reset`, `step`, `state` and `close` are OpenEnv's simulation controls,
//! the trainer's side of the episode ([`RESERVED`]): never tools.
//!
//! Native only, like the schemas: the page has no tool-calling agent.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::error::EnvError;

/// Names OpenEnv reserves for the trainer's simulation controls.
pub const RESERVED: [&str; 4] = ["reset", "step", "state", "close"];

/// The `type` of OpenEnv's MCP actions, sent as ordinary steps by its
/// older MCP clients: `{"type": "list_tools"}` and `{"type": "call_tool",
/// "tool_name": ..., "arguments": {...}}`.
pub const LIST_TOOLS: &str = "list_tools";
pub(crate) const CALL_TOOL: &str = "call_tool";

/// What a tool says it does, as `tools/list` shows it (before
/// [`finished`] adds what a call costs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolDescription {
    /// These words.
    Text(&'static str),
    /// The doc of the action's `command` variant the tool is named after
    /// ([`variant_doc`]): a tool that is a command is documented once, on
    /// the command, and the action schema carries the same words.
    CommandDoc,
}

/// What a tool takes: its name, what it does and the arguments it requires
/// or accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ToolSpec {
    /// The tool's name in `tools/list` and `tools/call` (`set_triage`, ...).
    pub name: &'static str,
    /// What the tool does, as `tools/list` shows it.
    pub description: ToolDescription,
    /// Argument names a call must give.
    pub required: &'static [&'static str],
    /// Argument names a call may give.
    pub optional: &'static [&'static str],
    /// At least one of `optional` must be given (`set_triage`: a priority,
    /// a department or both); the input schema states it (`minProperties`).
    pub needs_an_optional: bool,
}

impl ToolSpec {
    /// A tool with these required and optional arguments, none of the optional ones required.
    pub const fn new(
        name: &'static str,
        description: ToolDescription,
        required: &'static [&'static str],
        optional: &'static [&'static str],
    ) -> Self {
        ToolSpec {
            name,
            description,
            required,
            optional,
            needs_an_optional: false,
        }
    }

    /// This tool, taking at least one of its optional arguments.
    pub const fn needing_an_optional(self) -> Self {
        ToolSpec {
            needs_an_optional: true,
            ..self
        }
    }

    /// This tool as `tools/list` shows it, its input schema cut from
    /// `action_schema` ([`input_schema`], `extra` supplying the arguments
    /// that are no action field).
    pub fn tool(&self, action_schema: &Value, extra: &[(&str, Value)]) -> Tool {
        let description = match self.description {
            ToolDescription::Text(text) => text.to_owned(),
            ToolDescription::CommandDoc => {
                variant_doc(action_schema, "command", self.name).unwrap_or_default()
            }
        };
        Tool {
            name: self.name,
            description,
            input_schema: input_schema(action_schema, self, extra),
        }
    }

    fn takes(&self, argument: &str) -> bool {
        self.required.contains(&argument) || self.optional.contains(&argument)
    }

    /// `ticket_id, priority, department`, or `nothing`.
    fn arguments(&self) -> String {
        let all: Vec<&str> = self.required.iter().chain(self.optional).copied().collect();
        if all.is_empty() {
            "nothing".to_owned()
        } else {
            all.join(", ")
        }
    }

    /// Refuse arguments this tool does not take or lacks, naming what it takes.
    pub(crate) fn check(&self, arguments: &Map<String, Value>) -> Result<(), EnvError> {
        if let Some(extra) = arguments.keys().find(|k| !self.takes(k)) {
            return Err(EnvError::validation(
                format!("arguments.{extra}"),
                format!(
                    "`{}` takes no argument `{extra}`; it takes: {}",
                    self.name,
                    self.arguments()
                ),
            ));
        }
        // An answer (productivity's `answer`, an object) that is no object
        // would be played as a malformed command: refused instead.
        if let Some(answer) = arguments.get("answer").filter(|a| !a.is_object()) {
            return Err(EnvError::validation(
                "arguments.answer",
                format!(
                    "must be a JSON object with the answer's fields, got {}; nothing was played",
                    crate::text::json_kind(answer)
                ),
            ));
        }
        // An empty text or answer is refused, not played: the schema says
        // so ([`finished`]: `minLength`, `minProperties`).
        if let Some((empty, _)) = arguments.iter().find(|(_, v)| match v {
            Value::String(text) => text.trim().is_empty(),
            Value::Object(fields) => fields.is_empty(),
            _ => false,
        }) {
            return Err(EnvError::validation(
                format!("arguments.{empty}"),
                format!(
                    "`{empty}` is empty: write it out (leave an optional argument out rather \
                     than sending it empty); nothing was played"
                ),
            ));
        }
        if let Some(missing) = self
            .required
            .iter()
            .find(|k| arguments.get(**k).is_none_or(Value::is_null))
        {
            return Err(EnvError::validation(
                format!("arguments.{missing}"),
                format!(
                    "`{}` needs `{missing}`; it takes: {}",
                    self.name,
                    self.arguments()
                ),
            ));
        }
        Ok(())
    }
}

/// One tool as `tools/list` shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tool {
    /// The tool's name, as a call names it.
    pub name: &'static str,
    /// What the tool does, written out for this episode's task.
    pub description: String,
    /// JSON Schema of the arguments: an object.
    #[serde(rename = "inputSchema")]
    pub input_schema: Value,
}

/// A call of a tool: what an agent sends for one action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The name of the tool called.
    pub name: String,
    /// The call's arguments, by argument name.
    pub arguments: Map<String, Value>,
}

impl ToolCall {
    /// A call of tool `name` with these arguments.
    pub fn new(name: &str, arguments: Map<String, Value>) -> Self {
        ToolCall {
            name: name.to_owned(),
            arguments,
        }
    }
}

/// The arguments of the tool call that plays `action`: its fields as JSON,
/// less those the tool's name stands for or that are no argument (`drop`).
pub fn arguments_of<A: Serialize>(action: &A, drop: &[&str]) -> Option<Map<String, Value>> {
    match serde_json::to_value(action) {
        Ok(Value::Object(mut map)) => {
            map.retain(|k, _| !drop.contains(&k.as_str()));
            Some(map)
        }
        _ => None,
    }
}

/// The input schema of `spec`: the action schema's properties it takes
/// (`extra` supplies those that are not action fields), each described for
/// this tool ([`argument_description`]) and with its definitions written
/// in place, so the schema carries no `$defs` (a model's client need not
/// resolve a `$ref`, and a tool never carries a definition it does not
/// use). A property that may be null or `""` in an action ("not given")
/// is offered as its value alone: a tool argument left out is not given.
pub fn input_schema(action_schema: &Value, spec: &ToolSpec, extra: &[(&str, Value)]) -> Value {
    let empty = Map::new();
    let defs = match action_schema.get("$defs") {
        Some(Value::Object(defs)) => defs,
        _ => &empty,
    };
    let mut properties = Map::new();
    for name in spec.required.iter().chain(spec.optional) {
        let schema = extra
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
            .or_else(|| {
                action_schema
                    .pointer(&format!("/properties/{name}"))
                    .cloned()
            })
            .map_or_else(|| json!({}), |s| argument(given(s), defs));
        properties.insert((*name).to_owned(), schema);
    }
    let mut schema = json!({
        "type": "object",
        "properties": properties,
        "required": spec.required,
        "additionalProperties": false,
    });
    if spec.needs_an_optional && !spec.optional.is_empty() {
        schema["minProperties"] = json!(spec.required.len() + 1);
    }
    schema
}

/// One argument's schema: its `$ref`s replaced by their definitions, and
/// its description (or else its definition's) as [`argument_description`]
/// words it; none when neither says more than which command it is for.
fn argument(mut schema: Value, defs: &Map<String, Value>) -> Value {
    let own = schema
        .get("description")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let definition = referenced(&schema, defs)
        .and_then(|d| d.get("description"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    inline_refs(&mut schema, defs, 0);
    let description = own
        .as_deref()
        .and_then(argument_description)
        .or_else(|| definition.as_deref().and_then(argument_description));
    if let Value::Object(map) = &mut schema {
        match description {
            Some(description) => {
                map.insert("description".to_owned(), Value::String(description));
            }
            None => {
                map.remove("description");
            }
        }
    }
    schema
}

/// How deep definitions may refer to one another; deeper is a cycle.
const MAX_REF_DEPTH: usize = 8;

/// The definition `schema`'s `$ref` names, if it names one of `defs`.
fn referenced<'a>(schema: &Value, defs: &'a Map<String, Value>) -> Option<&'a Value> {
    schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .and_then(|name| defs.get(name))
}

/// Replace every `{"$ref": "#/$defs/X", ...}` in `schema` by X's definition,
/// the reference's sibling keys kept over the definition's.
fn inline_refs(schema: &mut Value, defs: &Map<String, Value>, depth: usize) {
    let target = referenced(schema, defs)
        .filter(|_| depth < MAX_REF_DEPTH)
        .cloned();
    if let Value::Object(map) = schema
        && let Some(Value::Object(definition)) = target
    {
        map.remove("$ref");
        for (key, value) in definition {
            map.entry(key).or_insert(value);
        }
        inline_refs(schema, defs, depth + 1);
        return;
    }
    match schema {
        Value::Object(map) => map.values_mut().for_each(|v| inline_refs(v, defs, depth)),
        Value::Array(items) => items.iter_mut().for_each(|v| inline_refs(v, defs, depth)),
        _ => {}
    }
}

/// An action field's description as one tool's argument: the action's
/// docs say which commands read a field (`For `set_triage`: the ticket's
/// priority.`), which a tool's own argument need not repeat, so a leading
/// `For ...:` is dropped (a description that is nothing else is none) and
/// line breaks are folded.
pub fn argument_description(doc: &str) -> Option<String> {
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let rest = match doc.strip_prefix("For ") {
        Some(rest) => match rest.split_once(": ") {
            Some((_, said)) => said.to_owned(),
            None => return None,
        },
        None => doc,
    };
    let mut chars = rest.chars();
    let first = chars.next()?;
    Some(first.to_uppercase().chain(chars).collect())
}

/// A property schema without its "not given" forms (`null`, `""`).
fn given(mut schema: Value) -> Value {
    let not_given =
        |s: &Value| s.get("type") == Some(&json!("null")) || s.get("const") == Some(&json!(""));
    if let Some(Value::Array(branches)) = schema.get_mut("anyOf") {
        branches.retain(|b| !not_given(b));
        if branches.len() == 1 {
            let only = branches.remove(0);
            let description = schema.get("description").cloned();
            schema = only;
            if let (Some(description), Value::Object(map)) = (description, &mut schema) {
                map.entry("description").or_insert(description);
            }
        }
    }
    if let Some(Value::Array(types)) = schema.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            schema["type"] = types.remove(0);
        }
    }
    schema
}

/// Tools that grade when called, so may end the episode: irreversible.
pub const GRADING_TOOLS: [&str; 3] = ["submit_episode", "final", "answer"];

/// `tool` as every transport lists it: its description says what a call
/// costs (a step; grading for [`GRADING_TOOLS`]), and its schema what
/// `ToolSpec::check` refuses as empty (a required text takes at least one
/// character, an object argument at least one field).
pub fn finished(mut tool: Tool) -> Tool {
    let cost = if GRADING_TOOLS.contains(&tool.name) {
        "Costs one step; irreversible: it grades, and may end the episode."
    } else {
        "Costs one step."
    };
    tool.description = format!("{} {cost}", tool.description.trim_end());
    let required: Vec<String> = tool
        .input_schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    if let Some(Value::Object(properties)) = tool.input_schema.get_mut("properties") {
        for (name, property) in properties.iter_mut() {
            let Value::Object(property) = property else {
                continue;
            };
            match property.get("type").and_then(Value::as_str) {
                Some("string") if required.contains(name) => {
                    property.entry("minLength").or_insert(json!(1));
                }
                Some("object") => {
                    property.entry("minProperties").or_insert(json!(1));
                }
                _ => {}
            }
        }
    }
    tool
}

/// The description the action schema gives value `value` of its tag field
/// `field` (a documented enum variant: schemars writes it in `oneOf`).
pub fn variant_doc(action_schema: &Value, field: &str, value: &str) -> Option<String> {
    let property = action_schema.pointer(&format!("/properties/{field}"))?;
    let target = match property.get("$ref").and_then(Value::as_str) {
        Some(reference) => action_schema.pointer(reference.strip_prefix('#')?)?,
        None => property,
    };
    target
        .get("oneOf")?
        .as_array()?
        .iter()
        .find(|v| v.get("const").and_then(Value::as_str) == Some(value))?
        .get("description")?
        .as_str()
        .map(str::to_owned)
}

/// `show_inbox, view_ticket, ...`
pub fn names(specs: &[ToolSpec]) -> String {
    specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
}

/// Which OpenEnv MCP action `action` is, if it is one.
pub(crate) fn openenv_action(action: &Value) -> Option<&str> {
    match action.as_object()?.get("type")?.as_str()? {
        kind @ (LIST_TOOLS | CALL_TOOL) => Some(kind),
        _ => None,
    }
}

/// The category OpenEnv's `ToolError` gives a refused call.
pub(crate) fn error_type(err: &EnvError) -> &'static str {
    match err {
        EnvError::UnknownTool { .. } => "tool_not_found",
        EnvError::Validation { .. } => "invalid_args",
        _ => "execution_error",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_checked_against_the_spec() {
        let spec = ToolSpec::new(
            "view_ticket",
            ToolDescription::CommandDoc,
            &["ticket_id"],
            &["note"],
        );
        let ok = json!({"ticket_id": "T-1"});
        assert!(spec.check(ok.as_object().unwrap_or(&Map::new())).is_ok());
        let extra = json!({"ticket_id": "T-1", "id": 3});
        let err = spec.check(extra.as_object().unwrap_or(&Map::new())).err();
        assert_eq!(err.as_ref().and_then(|e| e.field()), Some("arguments.id"));
        assert!(err.is_some_and(|e| e.to_string().contains("it takes: ticket_id, note")));
        let missing = json!({"ticket_id": null});
        let err = spec.check(missing.as_object().unwrap_or(&Map::new())).err();
        assert_eq!(
            err.and_then(|e| e.field().map(str::to_owned)).as_deref(),
            Some("arguments.ticket_id")
        );
    }

    #[test]
    fn not_given_forms_are_dropped_from_argument_schemas() {
        let optional_label = json!({"anyOf": [{"$ref": "#/$defs/P"}, {"type": "null"}, {"const": "", "type": "string"}], "description": "For x."});
        assert_eq!(
            given(optional_label),
            json!({"$ref": "#/$defs/P", "description": "For x."})
        );
        assert_eq!(
            given(json!({"type": ["number", "null"]})),
            json!({"type": "number"})
        );
        assert_eq!(
            openenv_action(&json!({"type": "call_tool"})),
            Some(CALL_TOOL)
        );
        assert_eq!(openenv_action(&json!({"type": "other"})), None);
        assert_eq!(openenv_action(&json!("list_tools")), None);
    }
}
