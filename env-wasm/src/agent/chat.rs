//! The OpenAI chat completions wire format, as far as an agent uses it:
//! messages (with function calls and their results), tools, the request
//! body, and the completion's message and `usage`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Who speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The instructions that open the conversation (the system prompt).
    System,
    /// What the environment says: the observation and how to act on it.
    User,
    /// The model's reply.
    Assistant,
    /// A function call's result.
    Tool,
}

/// One chat message. Its `content` is written as null on an assistant
/// message that only calls tools (and read back as empty).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Message {
    /// Who speaks.
    pub role: Role,
    /// The message's text; empty when an assistant message only calls tools.
    #[serde(deserialize_with = "null_as_empty")]
    pub content: String,
    /// On an assistant message: the functions it calls.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ToolCall>,
    /// On a `tool` message: the call it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
}

impl Message {
    fn text(role: Role, content: impl Into<String>) -> Self {
        Message {
            role,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_call_id: None,
        }
    }

    /// A system message of this text.
    pub fn system(content: impl Into<String>) -> Self {
        Self::text(Role::System, content)
    }

    /// A user message of this text.
    pub fn user(content: impl Into<String>) -> Self {
        Self::text(Role::User, content)
    }

    /// An assistant message of this text, calling no tool.
    pub fn assistant(content: impl Into<String>) -> Self {
        Self::text(Role::Assistant, content)
    }

    /// The result of call `id`.
    pub fn tool(id: &str, content: impl Into<String>) -> Self {
        Message {
            tool_call_id: Some(id.to_owned()),
            ..Self::text(Role::Tool, content)
        }
    }

    /// Characters it puts into a request (content and call arguments), the
    /// measure the history is trimmed by.
    pub fn size(&self) -> usize {
        self.content.len()
            + self
                .tool_calls
                .iter()
                .map(|c| c.function.name.len() + c.function.arguments.len())
                .sum::<usize>()
    }
}

impl Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let calls = !self.tool_calls.is_empty();
        let fields = 2 + usize::from(calls) + usize::from(self.tool_call_id.is_some());
        let mut map = serializer.serialize_map(Some(fields))?;
        map.serialize_entry("role", &self.role)?;
        if calls && self.content.is_empty() {
            map.serialize_entry("content", &None::<&str>)?;
        } else {
            map.serialize_entry("content", &self.content)?;
        }
        if calls {
            map.serialize_entry("tool_calls", &self.tool_calls)?;
        }
        if let Some(id) = &self.tool_call_id {
            map.serialize_entry("tool_call_id", id)?;
        }
        map.end()
    }
}

fn null_as_empty<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Option::<String>::deserialize(deserializer).map(Option::unwrap_or_default)
}

/// A function call the model made, as the API writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The call's id, which the `tool` message of its result names.
    pub id: String,
    /// Always `function`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The function called and its arguments.
    pub function: FunctionCall,
}

/// The function a [`ToolCall`] calls: a tool's name and the arguments the model wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunctionCall {
    /// The tool's name as the model wrote it.
    pub name: String,
    /// The arguments as JSON text (the model's own text: it may not parse).
    pub arguments: String,
}

/// A function the model may call: one of the environment's tools.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatTool {
    /// The tool's name.
    pub name: String,
    /// What the tool does, shown to the model.
    pub description: String,
    /// JSON Schema of the arguments (MCP's `inputSchema`).
    pub parameters: Value,
}

impl ChatTool {
    /// A tool as a tool list gives it: MCP `tools/list` (`inputSchema`) or
    /// OpenEnv's `list_tools` action (`input_schema`). `None` without a name.
    pub fn from_listing(tool: &Value) -> Option<ChatTool> {
        let name = tool.get("name")?.as_str()?.to_owned();
        let description = tool
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let parameters = tool
            .get("inputSchema")
            .or_else(|| tool.get("input_schema"))
            .cloned()
            .unwrap_or_else(|| serde_json::json!({"type": "object", "properties": {}}));
        Some(ChatTool {
            name,
            description,
            parameters,
        })
    }
}

/// A tool as the request's `tools` lists it.
#[derive(Serialize)]
struct RequestTool<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    function: &'a ChatTool,
}

#[derive(Serialize)]
struct Request<'a, M> {
    model: &'a str,
    messages: M,
    #[serde(skip_serializing_if = "Option::is_none")]
    tools: Option<Vec<RequestTool<'a>>>,
    temperature: f64,
    max_tokens: u32,
}

/// The body of `POST {base}/chat/completions`: `messages` in order, and
/// `tools` when there are any (the tool-call protocol).
pub fn request_body<'a>(
    model: &str,
    messages: impl IntoIterator<Item = &'a Message>,
    tools: &[ChatTool],
    temperature: f64,
    max_tokens: u32,
) -> String {
    let messages: Vec<&Message> = messages.into_iter().collect();
    let request = Request {
        model,
        messages,
        tools: (!tools.is_empty()).then(|| {
            tools
                .iter()
                .map(|function| RequestTool {
                    kind: "function",
                    function,
                })
                .collect()
        }),
        temperature,
        max_tokens,
    };
    // Plain data with string keys: serialising cannot fail.
    serde_json::to_string(&request).unwrap_or_default()
}

/// Tokens one call used, as the API's `usage` reports them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Tokens of the prompt (every message sent).
    pub prompt_tokens: u64,
    /// Tokens of the model's reply.
    pub completion_tokens: u64,
}

impl Usage {
    /// Prompt and reply tokens together, saturating.
    pub fn total(&self) -> u64 {
        self.prompt_tokens.saturating_add(self.completion_tokens)
    }
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, other: Usage) {
        self.prompt_tokens = self.prompt_tokens.saturating_add(other.prompt_tokens);
        self.completion_tokens = self
            .completion_tokens
            .saturating_add(other.completion_tokens);
    }
}

/// The assistant's answer in a chat completion.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Completion {
    /// Its text; `None` when it only called tools (or said nothing).
    pub content: Option<String>,
    /// The function calls the reply makes; empty when it only wrote text.
    pub tool_calls: Vec<ToolCall>,
    /// `stop`, `length`, `tool_calls`, ... when the API says.
    pub finish_reason: Option<String>,
    /// `None` when the API reported none.
    pub usage: Option<Usage>,
}

/// Read a chat completion (the API's JSON reply). `Err` when it is none:
/// no `choices[0].message`.
pub fn read_completion(body: &Value) -> Result<Completion, String> {
    let choice = body
        .get("choices")
        .and_then(|c| c.get(0))
        .ok_or("no `choices[0]` in the reply")?;
    let message = choice
        .get("message")
        .and_then(Value::as_object)
        .ok_or("no `choices[0].message` object in the reply")?;
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let tool_calls = message
        .get("tool_calls")
        .and_then(Value::as_array)
        .map(|calls| {
            calls
                .iter()
                .enumerate()
                .filter_map(|(i, call)| read_tool_call(i, call))
                .collect()
        })
        .unwrap_or_default();
    let usage = body.get("usage").and_then(|u| {
        let count = |key: &str| u.get(key).and_then(Value::as_u64);
        match (count("prompt_tokens"), count("completion_tokens")) {
            (None, None) => None,
            (prompt, completion) => Some(Usage {
                prompt_tokens: prompt.unwrap_or(0),
                completion_tokens: completion.unwrap_or(0),
            }),
        }
    });
    Ok(Completion {
        content,
        tool_calls,
        finish_reason: choice
            .get("finish_reason")
            .and_then(Value::as_str)
            .map(str::to_owned),
        usage,
    })
}

/// One entry of `tool_calls`: the function's name and its arguments as
/// text (some servers send them as an object: written back as text); an
/// entry without an id gets `call_{i}`.
fn read_tool_call(i: usize, call: &Value) -> Option<ToolCall> {
    let function = call.get("function")?;
    let name = function.get("name")?.as_str()?.to_owned();
    let arguments = match function.get("arguments") {
        Some(Value::String(text)) => text.clone(),
        None | Some(Value::Null) => String::new(),
        Some(other) => other.to_string(),
    };
    let id = call
        .get("id")
        .and_then(Value::as_str)
        .filter(|id| !id.is_empty())
        .map_or_else(|| format!("call_{i}"), str::to_owned);
    Some(ToolCall {
        id,
        kind: "function".to_owned(),
        function: FunctionCall { name, arguments },
    })
}

/// Arguments as the environment takes them: a JSON object (empty text is
/// no arguments). `Err` says what is wrong.
pub(crate) fn arguments_object(text: &str) -> Result<Value, String> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(Value::Null) => Ok(Value::Object(Map::new())),
        Ok(other) => Err(format!(
            "the arguments must be a JSON object, got {}",
            match other {
                Value::Array(_) => "an array",
                Value::String(_) => "a string",
                Value::Number(_) => "a number",
                _ => "a boolean",
            }
        )),
        Err(err) => Err(format!("the arguments are not JSON ({err})")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn completions_give_text_calls_and_usage() {
        let body = json!({
            "choices": [{"finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": null,
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "view_ticket", "arguments": "{\"ticket_id\":\"T-1\"}"}},
                    {"type": "function", "function": {"name": "inspect", "arguments": {"a": 1}}},
                    {"id": "bad", "function": {}}
                ]}}],
            "usage": {"prompt_tokens": 120, "completion_tokens": 7, "total_tokens": 127}
        });
        let completion = read_completion(&body).expect("a completion");
        assert_eq!(completion.content, None);
        assert_eq!(completion.finish_reason.as_deref(), Some("tool_calls"));
        assert_eq!(
            completion.usage,
            Some(Usage {
                prompt_tokens: 120,
                completion_tokens: 7
            })
        );
        let calls: Vec<(&str, &str, &str)> = completion
            .tool_calls
            .iter()
            .map(|c| {
                (
                    c.id.as_str(),
                    c.function.name.as_str(),
                    c.function.arguments.as_str(),
                )
            })
            .collect();
        assert_eq!(
            calls,
            [
                ("c1", "view_ticket", r#"{"ticket_id":"T-1"}"#),
                ("call_1", "inspect", r#"{"a":1}"#)
            ]
        );
        let plain = json!({"choices": [{"message": {"content": "hi"}}]});
        let plain = read_completion(&plain).expect("a completion");
        assert_eq!((plain.content.as_deref(), plain.usage), (Some("hi"), None));
        for not_one in [json!({}), json!({"choices": []}), json!({"choices": [{}]})] {
            assert!(read_completion(&not_one).is_err(), "{not_one}");
        }
    }

    #[test]
    fn requests_carry_messages_and_tools_in_the_api_shape() {
        let mut call = Message::assistant("");
        call.tool_calls.push(ToolCall {
            id: "c1".to_owned(),
            kind: "function".to_owned(),
            function: FunctionCall {
                name: "inspect".to_owned(),
                arguments: "{}".to_owned(),
            },
        });
        let messages = [
            Message::system("s"),
            Message::user("u"),
            call,
            Message::tool("c1", "r"),
        ];
        let tool = ChatTool::from_listing(&json!({"name": "inspect", "description": "d",
                                                   "inputSchema": {"type": "object"}}))
        .expect("a tool");
        let body: Value =
            serde_json::from_str(&request_body("m", &messages, &[tool], 0.0, 64)).expect("JSON");
        assert_eq!(
            body,
            json!({
                "model": "m", "temperature": 0.0, "max_tokens": 64,
                "messages": [
                    {"role": "system", "content": "s"},
                    {"role": "user", "content": "u"},
                    {"role": "assistant", "content": null, "tool_calls": [
                        {"id": "c1", "type": "function", "function": {"name": "inspect", "arguments": "{}"}}]},
                    {"role": "tool", "content": "r", "tool_call_id": "c1"},
                ],
                "tools": [{"type": "function", "function": {"name": "inspect", "description": "d",
                                                            "parameters": {"type": "object"}}}],
            })
        );
        let text: Value =
            serde_json::from_str(&request_body("m", &messages[..2], &[], 0.5, 8)).expect("JSON");
        assert!(text.get("tools").is_none(), "{text}");
        // Only a message that calls tools may say nothing.
        let empty = serde_json::to_value(Message::assistant("")).expect("JSON");
        assert_eq!(empty, json!({"role": "assistant", "content": ""}));
        let back: Vec<Message> =
            serde_json::from_value(body["messages"].clone()).expect("read back");
        assert_eq!(back, messages);
        let openenv =
            json!({"name": "answer", "input_schema": {"type": "object", "required": ["response"]}});
        let listed = ChatTool::from_listing(&openenv).expect("a tool");
        assert_eq!(listed.parameters["required"], json!(["response"]));
        assert!(ChatTool::from_listing(&json!({"description": "no name"})).is_none());
    }

    #[test]
    fn arguments_must_be_an_object() {
        assert_eq!(arguments_object(""), Ok(json!({})));
        assert_eq!(arguments_object("null"), Ok(json!({})));
        assert_eq!(arguments_object(r#"{"a": 1}"#), Ok(json!({"a": 1})));
        assert!(arguments_object("[1]").is_err_and(|e| e.contains("an array")));
        assert!(arguments_object("{oops").is_err_and(|e| e.contains("not JSON")));
    }
}
