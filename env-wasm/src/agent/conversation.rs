//! One episode's chat: the whole conversation, the part of it each request
//! carries, the reading of every reply, and what the model is told after
//! each step or refusal.

use serde::Serialize;
use serde_json::Value;

use super::chat::{ChatTool, Completion, Message, Role, arguments_object};
use super::json_in_text::extract_json_object;
use super::prompt::Protocol;
use crate::decimal;

/// Replies in a row that are no action, or are refused, before the episode
/// ends.
pub const MAX_BAD_REPLIES: u32 = 3;

/// The characters (contents and call arguments) a request's history is
/// trimmed to, oldest turns first ([`Conversation::window`]).
pub const HISTORY_CHARS: usize = 80_000;

/// The messages every request keeps: the system prompt and the first
/// observation.
const HEAD: usize = 2;

/// What a reply asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Move {
    /// Play this: an action or a tool call.
    Act(Act),
    /// Nothing playable, and why (the next turn tells the model).
    Nothing(String),
}

/// An action to play.
#[derive(Debug, Clone, PartialEq)]
pub enum Act {
    /// The text protocol's JSON object, to step with as it is.
    Action(Value),
    /// A call of tool `name` (`id` is the call's, for its result).
    Call {
        /// The call's id, echoed on the `tool` message of its result.
        id: String,
        /// The tool called.
        name: String,
        /// The call's arguments, as the model wrote them (a JSON object when valid).
        arguments: Value,
    },
}

/// The messages one request carried: the head (system prompt and first
/// observation), then `messages[2 + dropped .. end]` of the conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Window {
    /// How many of the conversation's messages existed when it was sent.
    pub end: usize,
    /// How many after the head were left out to fit, oldest first.
    pub dropped: usize,
}

/// One episode's conversation.
#[derive(Debug, Clone)]
pub struct Conversation {
    protocol: Protocol,
    messages: Vec<Message>,
    /// Messages after the head that requests leave out; only grows.
    dropped: usize,
    /// Calls of the last reply that have no result yet (tool protocol).
    open_calls: Vec<String>,
    /// `inspect, propose, final`: named when the model calls none.
    tool_names: String,
    bad_in_a_row: u32,
}

impl Conversation {
    /// A conversation opened by `system_prompt` and the first observation
    /// (JSON text); `tools` are the ones offered (tool protocol).
    pub fn new(
        protocol: Protocol,
        system_prompt: String,
        first_observation: &str,
        tools: &[ChatTool],
    ) -> Self {
        let ask = match protocol {
            Protocol::Text => "Your action (one JSON object):",
            Protocol::ToolCalls => "Act by calling one of the tools.",
        };
        Conversation {
            protocol,
            messages: vec![
                Message::system(system_prompt),
                Message::user(format!("Observation:\n{first_observation}\n\n{ask}")),
            ],
            dropped: 0,
            open_calls: Vec::new(),
            tool_names: tools
                .iter()
                .map(|t| t.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            bad_in_a_row: 0,
        }
    }

    /// Whether the model acts by text or by tool calls.
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Every message so far, none left out.
    pub fn messages(&self) -> &[Message] {
        &self.messages
    }

    pub(crate) fn into_messages(self) -> Vec<Message> {
        self.messages
    }

    /// Replies in a row that were no action or were refused.
    pub fn bad_in_a_row(&self) -> u32 {
        self.bad_in_a_row
    }

    /// The window of the next request: the head and the latest turns (a
    /// turn is a reply and the answers to it) that fit in `budget`
    /// characters, dropping whole turns, oldest first, and always keeping
    /// the latest one.
    pub fn window(&mut self, budget: usize) -> Window {
        let size = |messages: &[Message]| messages.iter().map(Message::size).sum::<usize>();
        let mut start = (HEAD + self.dropped).min(self.messages.len());
        let mut total =
            size(&self.messages[..HEAD.min(self.messages.len())]) + size(&self.messages[start..]);
        while total > budget {
            let next_turn = self.messages[start + 1..]
                .iter()
                .position(|m| m.role == Role::Assistant)
                .map(|offset| start + 1 + offset);
            let Some(next) = next_turn else { break };
            total -= size(&self.messages[start..next]);
            start = next;
        }
        self.dropped = start.saturating_sub(HEAD);
        Window {
            end: self.messages.len(),
            dropped: self.dropped,
        }
    }

    /// The messages of a request sent with `window`.
    pub fn sent(&self, window: Window) -> impl Iterator<Item = &Message> {
        let end = window.end.min(self.messages.len());
        let head = HEAD.min(end);
        let rest = (HEAD + window.dropped).min(end);
        self.messages[..head]
            .iter()
            .chain(&self.messages[rest..end])
    }

    /// Record the model's reply and read what it asks for.
    pub fn reply(&mut self, completion: &Completion) -> Move {
        let cut = if completion.finish_reason.as_deref() == Some("length") {
            " (the reply was cut off at the token limit)"
        } else {
            ""
        };
        let content = completion.content.clone();
        match self.protocol {
            Protocol::Text => {
                let text = content.unwrap_or_default();
                let read = extract_json_object(&text);
                self.messages.push(Message::assistant(text));
                match read {
                    Ok(action) => Move::Act(Act::Action(action)),
                    Err(reason) => Move::Nothing(format!("{reason}{cut}")),
                }
            }
            Protocol::ToolCalls => {
                let calls = completion.tool_calls.clone();
                self.open_calls = calls.iter().map(|c| c.id.clone()).collect();
                let mut message = Message::assistant(content.unwrap_or_default());
                message.tool_calls = calls;
                let first = message.tool_calls.first().map(|call| {
                    let name = call.function.name.clone();
                    match arguments_object(&call.function.arguments) {
                        Ok(arguments) => Move::Act(Act::Call {
                            id: call.id.clone(),
                            name,
                            arguments,
                        }),
                        Err(why) => {
                            Move::Nothing(format!("the call of `{name}` was not run: {why}"))
                        }
                    }
                });
                self.messages.push(message);
                first.unwrap_or_else(|| {
                    Move::Nothing(format!(
                        "the reply called no tool{cut}; call one of: {}",
                        self.tool_names
                    ))
                })
            }
        }
    }

    /// The environment played the act: `reward` and the observation (JSON
    /// text). After the last step nothing more is said.
    pub fn observe(&mut self, reward: Option<f64>, observation: &str, done: bool) {
        self.bad_in_a_row = 0;
        if done {
            self.open_calls.clear();
            return;
        }
        let reward_text =
            |none: &str| reward.map_or_else(|| none.to_owned(), |r| decimal::fixed(r, 4));
        match self.protocol {
            Protocol::Text => self.messages.push(Message::user(format!(
                "Reward: {}\nObservation:\n{observation}\n\nYour next action (one JSON object):",
                reward_text("none")
            ))),
            Protocol::ToolCalls => {
                let result = format!(
                    "{{\"reward\":{},\"done\":false,\"observation\":{observation}}}",
                    reward_text("null")
                );
                self.answer_calls(result);
            }
        }
    }

    /// The reply had no playable act, or the environment refused it: tell
    /// the model why. `true` when that makes [`MAX_BAD_REPLIES`] in a row
    /// and the episode ends.
    pub fn refuse(&mut self, reason: &str) -> bool {
        self.bad_in_a_row += 1;
        match self.protocol {
            Protocol::Text => self.messages.push(Message::user(format!(
                "That was not accepted: {reason}\nThe environment did not change. Reply with one \
                 JSON object that matches the action schema."
            ))),
            Protocol::ToolCalls if self.open_calls.is_empty() => {
                self.messages.push(Message::user(format!(
                    "That was not accepted: {reason}\nThe environment did not change. Call \
                     exactly one of the tools: {}.",
                    self.tool_names
                )));
            }
            Protocol::ToolCalls => self.answer_calls(format!(
                "Refused: {reason}\nThe environment did not change."
            )),
        }
        self.bad_in_a_row >= MAX_BAD_REPLIES
    }

    /// `result` answers the first open call; any other call of the same
    /// reply is answered as not run (one action a turn).
    fn answer_calls(&mut self, result: String) {
        let mut calls = std::mem::take(&mut self.open_calls).into_iter();
        if let Some(first) = calls.next() {
            self.messages.push(Message::tool(&first, result));
        }
        for other in calls {
            self.messages.push(Message::tool(
                &other,
                "Not run: one call a turn. Call it again if it is still needed.",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{FunctionCall, ToolCall};
    use serde_json::json;

    fn text(content: &str) -> Completion {
        Completion {
            content: Some(content.to_owned()),
            ..Completion::default()
        }
    }

    fn calls(names: &[(&str, &str)]) -> Completion {
        Completion {
            content: None,
            tool_calls: names
                .iter()
                .enumerate()
                .map(|(i, (name, arguments))| ToolCall {
                    id: format!("c{i}"),
                    kind: "function".to_owned(),
                    function: FunctionCall {
                        name: (*name).to_owned(),
                        arguments: (*arguments).to_owned(),
                    },
                })
                .collect(),
            finish_reason: Some("tool_calls".to_owned()),
            usage: None,
        }
    }

    fn tools() -> Vec<ChatTool> {
        ["inspect", "final"]
            .iter()
            .map(|name| ChatTool {
                name: (*name).to_owned(),
                description: String::new(),
                parameters: json!({"type": "object"}),
            })
            .collect()
    }

    #[test]
    fn text_replies_become_actions_or_refusals_and_three_bad_ones_end_it() {
        let mut chat = Conversation::new(Protocol::Text, "sys".into(), "{\"a\":1}", &[]);
        assert_eq!(chat.messages().len(), 2);
        assert!(chat.messages()[1].content.contains("{\"a\":1}"));
        let act = chat.reply(&text("Sure: {\"raw\": \"inspect\"}"));
        assert_eq!(act, Move::Act(Act::Action(json!({"raw": "inspect"}))));
        chat.observe(Some(-0.02), "{\"b\":2}", false);
        let last = chat.messages().last().map(|m| m.content.as_str());
        assert_eq!(
            last,
            Some("Reward: -0.0200\nObservation:\n{\"b\":2}\n\nYour next action (one JSON object):")
        );
        let mut cut = text("I think");
        cut.finish_reason = Some("length".to_owned());
        let Move::Nothing(reason) = chat.reply(&cut) else {
            panic!("no action")
        };
        assert!(reason.contains("no JSON object") && reason.contains("token limit"));
        assert!(!chat.refuse(&reason));
        assert!(!chat.refuse("unknown command"));
        assert!(chat.refuse("unknown command"), "the third in a row ends it");
        assert_eq!(chat.bad_in_a_row(), 3);
        chat.observe(None, "{}", true);
        assert_eq!(chat.bad_in_a_row(), 0);
    }

    #[test]
    fn tool_calls_are_acted_on_one_a_turn_and_every_call_is_answered() {
        let mut chat = Conversation::new(Protocol::ToolCalls, "sys".into(), "{}", &tools());
        let act = chat.reply(&calls(&[
            ("final", r#"{"answer": {"x": 1}}"#),
            ("inspect", ""),
        ]));
        assert_eq!(
            act,
            Move::Act(Act::Call {
                id: "c0".to_owned(),
                name: "final".to_owned(),
                arguments: json!({"answer": {"x": 1}}),
            })
        );
        chat.observe(Some(0.5), "{\"o\":1}", false);
        let answers: Vec<(Option<&str>, &str)> = chat.messages()[3..]
            .iter()
            .map(|m| (m.tool_call_id.as_deref(), m.content.as_str()))
            .collect();
        assert_eq!(answers.len(), 2);
        assert_eq!(
            answers[0],
            (
                Some("c0"),
                r#"{"reward":0.5000,"done":false,"observation":{"o":1}}"#
            )
        );
        assert!(answers[1].0 == Some("c1") && answers[1].1.contains("Not run"));
        assert!(
            serde_json::from_str::<Value>(answers[0].1).is_ok(),
            "the result is JSON"
        );

        // Bad arguments: the call is answered with the refusal.
        let Move::Nothing(why) = chat.reply(&calls(&[("final", "{oops")])) else {
            panic!("unreadable arguments")
        };
        assert!(why.contains("`final` was not run") && why.contains("not JSON"));
        chat.refuse(&why);
        let last = chat.messages().last().cloned();
        assert!(last.is_some_and(|m| m.role == Role::Tool
            && m.tool_call_id.as_deref() == Some("c0")
            && m.content.starts_with("Refused:")));

        // No call at all: a user message names the tools.
        let Move::Nothing(why) = chat.reply(&text("I will inspect.")) else {
            panic!("no call")
        };
        assert!(why.contains("called no tool") && why.contains("inspect, final"));
        chat.refuse(&why);
        let last = chat.messages().last().cloned();
        assert!(last.is_some_and(|m| m.role == Role::User));
        // The text-only reply is kept as text, with no calls.
        let reply = &chat.messages()[chat.messages().len() - 2];
        assert_eq!(
            (reply.content.as_str(), reply.tool_calls.len()),
            ("I will inspect.", 0)
        );
    }

    #[test]
    fn the_window_drops_whole_turns_oldest_first_and_keeps_the_head() {
        let mut chat = Conversation::new(Protocol::ToolCalls, "s".into(), "{}", &tools());
        for i in 0..5 {
            chat.reply(&calls(&[("inspect", "{}")]));
            chat.observe(
                None,
                &format!("{{\"big\":\"{}\"}}", "x".repeat(100 * (i + 1))),
                false,
            );
        }
        assert_eq!(chat.messages().len(), 12);
        let all = chat.window(usize::MAX);
        assert_eq!(
            all,
            Window {
                end: 12,
                dropped: 0
            }
        );
        assert_eq!(chat.sent(all).count(), 12);
        // Room for the head and the last two turns only.
        let budget = chat.messages()[..2]
            .iter()
            .chain(&chat.messages()[8..])
            .map(Message::size)
            .sum::<usize>();
        let window = chat.window(budget);
        assert_eq!(
            window,
            Window {
                end: 12,
                dropped: 6
            }
        );
        let sent: Vec<&Message> = chat.sent(window).collect();
        assert_eq!(sent.len(), 6);
        assert_eq!(
            (sent[0].role, sent[1].role, sent[2].role, sent[3].role),
            (Role::System, Role::User, Role::Assistant, Role::Tool)
        );
        // Trimming never comes back, and never drops the latest turn.
        assert_eq!(chat.window(usize::MAX).dropped, 6);
        assert_eq!(
            chat.window(0),
            Window {
                end: 12,
                dropped: 8
            }
        );
        assert_eq!(
            chat.sent(Window {
                end: 12,
                dropped: 8
            })
            .count(),
            4
        );
    }
}
