//! A client of OpenAI-compatible chat completions (`POST
//! {base}/chat/completions`), blocking, with a timeout per call and retries
//! with exponential backoff on transient failures, and [`extract_action`],
//! which reads the JSON object out of a model's reply. Two callers share it:
//! the `deskbench inference` runner ([`crate::cli::inference`]) asks its
//! model for actions, and the server's optional [`crate::judge`] asks a judge
//! model for a verdict (one attempt, from a blocking thread).
//!
//! Transient: connection failures, timeouts, 408, 425, 429, 5xx, and a
//! success whose body is not a chat completion (a proxy cutting the reply).
//! Any other 4xx is final: retrying a bad key or a bad request cannot help.

use std::time::Duration;

use serde::Serialize;
use serde_json::{Value, json};

/// The longest single wait between two attempts, `Retry-After` included.
const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// How much of an error body goes into a message.
const BODY_EXCERPT: usize = 300;

#[derive(Clone)]
pub struct ChatConfig {
    /// e.g. `https://router.huggingface.co/v1`; `/chat/completions` is appended.
    pub base_url: String,
    pub model: String,
    pub api_key: String,
    pub temperature: f64,
    pub max_tokens: u32,
    /// Limit on one call, connection to last byte.
    pub timeout: Duration,
    /// Attempts after the first one, for transient failures only.
    pub retries: u32,
    /// Wait before the first retry; doubled for each one after it.
    pub backoff: Duration,
}

/// The key stays out of `{:?}`, so no log line or panic message can hold it.
impl std::fmt::Debug for ChatConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChatConfig")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &"[redacted]")
            .field("temperature", &self.temperature)
            .field("max_tokens", &self.max_tokens)
            .field("timeout", &self.timeout)
            .field("retries", &self.retries)
            .field("backoff", &self.backoff)
            .finish()
    }
}

/// One chat message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Message {
    pub role: &'static str,
    pub content: String,
}

impl Message {
    pub fn system(content: impl Into<String>) -> Self {
        Message {
            role: "system",
            content: content.into(),
        }
    }
    pub fn user(content: impl Into<String>) -> Self {
        Message {
            role: "user",
            content: content.into(),
        }
    }
    pub fn assistant(content: impl Into<String>) -> Self {
        Message {
            role: "assistant",
            content: content.into(),
        }
    }
}

/// Why a completion could not be had.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ChatError {
    /// Transient failures on every attempt; the last one is quoted.
    #[error("model API unavailable after {attempts} attempts: {last}")]
    GaveUp { attempts: u32, last: String },
    /// A failure retrying cannot fix.
    #[error("model API error: {0}")]
    Final(String),
}

enum Failure {
    Transient {
        message: String,
        retry_after: Option<Duration>,
    },
    Final(String),
}

fn excerpt(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(BODY_EXCERPT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_owned(),
    }
}

#[derive(Debug, Clone)]
pub struct ChatClient {
    config: ChatConfig,
    url: String,
    agent: ureq::Agent,
}

impl ChatClient {
    pub fn new(config: ChatConfig) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(config.timeout))
            .http_status_as_error(false)
            .build()
            .into();
        let url = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        ChatClient { config, url, agent }
    }

    pub fn model(&self) -> &str {
        &self.config.model
    }

    /// The assistant's reply to `messages` (blocking; retries included).
    pub fn complete(&self, messages: &[Message]) -> Result<String, ChatError> {
        let body = json!({
            "model": self.config.model,
            "messages": messages,
            "temperature": self.config.temperature,
            "max_tokens": self.config.max_tokens,
        })
        .to_string();
        let attempts = self.config.retries + 1;
        let mut backoff = self.config.backoff;
        for attempt in 1..=attempts {
            match self.attempt(&body) {
                Ok(reply) => return Ok(reply),
                Err(Failure::Final(message)) => return Err(ChatError::Final(message)),
                Err(Failure::Transient {
                    message,
                    retry_after,
                }) => {
                    if attempt == attempts {
                        return Err(ChatError::GaveUp {
                            attempts,
                            last: message,
                        });
                    }
                    let wait = retry_after.unwrap_or(backoff).min(MAX_BACKOFF);
                    eprintln!(
                        "deskbench inference: {message}; retry {attempt}/{} in {:.2} s",
                        attempts - 1,
                        wait.as_secs_f64()
                    );
                    std::thread::sleep(wait);
                    backoff = backoff.saturating_mul(2).min(MAX_BACKOFF);
                }
            }
        }
        Err(ChatError::Final("no attempt was made".to_owned()))
    }

    fn attempt(&self, body: &str) -> Result<String, Failure> {
        let sent = self
            .agent
            .post(&self.url)
            .header("Authorization", format!("Bearer {}", self.config.api_key))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .send(body);
        let mut response = match sent {
            Ok(response) => response,
            Err(err) => {
                let transient = matches!(
                    err,
                    ureq::Error::Io(_)
                        | ureq::Error::Timeout(_)
                        | ureq::Error::HostNotFound
                        | ureq::Error::ConnectionFailed
                        | ureq::Error::Protocol(_)
                );
                let message = match err {
                    ureq::Error::Timeout(_) => format!(
                        "no reply within {:.1} s (timeout)",
                        self.config.timeout.as_secs_f64()
                    ),
                    other => format!("cannot reach {}: {other}", self.url),
                };
                return Err(if transient {
                    Failure::Transient {
                        message,
                        retry_after: None,
                    }
                } else {
                    Failure::Final(message)
                });
            }
        };
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(Duration::from_secs);
        let text = match response.body_mut().read_to_string() {
            Ok(text) => text,
            Err(err) => {
                let message = match err {
                    ureq::Error::Timeout(_) => format!(
                        "no reply within {:.1} s (timeout)",
                        self.config.timeout.as_secs_f64()
                    ),
                    other => format!("reading the reply failed: {other}"),
                };
                return Err(Failure::Transient {
                    message,
                    retry_after: None,
                });
            }
        };
        if !(200..300).contains(&status) {
            let detail = serde_json::from_str::<Value>(&text)
                .ok()
                .and_then(|v| {
                    v.pointer("/error/message")
                        .or_else(|| v.get("error"))
                        .or_else(|| v.get("message"))
                        .map(|m| m.as_str().map_or_else(|| m.to_string(), str::to_owned))
                })
                .unwrap_or_else(|| excerpt(&text));
            let message = format!("HTTP {status}: {}", excerpt(&detail));
            let transient = matches!(status, 408 | 425 | 429) || status >= 500;
            return Err(if transient {
                Failure::Transient {
                    message,
                    retry_after,
                }
            } else {
                Failure::Final(message)
            });
        }
        let parsed: Option<Value> = serde_json::from_str(&text).ok();
        let message = parsed
            .as_ref()
            .and_then(|v| v.pointer("/choices/0/message"));
        match message {
            // A null or missing content (a refusal, a tool call) is an empty
            // reply: the runner records it as a reply without an action.
            Some(message) => Ok(message
                .get("content")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()),
            None => Err(Failure::Transient {
                message: format!("not a chat completion: {}", excerpt(&text)),
                retry_after: None,
            }),
        }
    }
}

/// The JSON object in a model's reply (an agent's action, a judge's
/// verdict): the whole reply if it is a JSON object, else the first fenced
/// block that is one, else the first `{...}` span that parses as an
/// object. `Err` says why there is none.
pub fn extract_action(reply: &str) -> Result<Value, String> {
    let text = reply.trim();
    if text.is_empty() {
        return Err("the model's reply is empty".to_owned());
    }
    let object = |candidate: &str| match serde_json::from_str::<Value>(candidate.trim()) {
        Ok(value @ Value::Object(_)) => Some(value),
        _ => None,
    };
    if let Some(value) = object(text) {
        return Ok(value);
    }
    // Fenced blocks: ```json ... ``` (the info string is skipped).
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after = &rest[open + 3..];
        let body_start = after.find('\n').map_or(after.len(), |i| i + 1);
        let body = &after[body_start..];
        let Some(close) = body.find("```") else { break };
        if let Some(value) = object(&body[..close]) {
            return Ok(value);
        }
        rest = &body[close + 3..];
    }
    for (start, _) in text.match_indices('{') {
        if let Some(end) = balanced_end(&text[start..])
            && let Some(value) = object(&text[start..start + end])
        {
            return Ok(value);
        }
    }
    let mut preview = excerpt(text);
    if preview.len() > 120 {
        preview = format!("{}...", preview.chars().take(120).collect::<String>());
    }
    Err(format!("no JSON object in the model's reply: {preview:?}"))
}

/// The length of the `{...}` span that opens `text`, braces inside JSON
/// strings ignored; `None` when it never closes.
fn balanced_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_found_in_fences_prose_and_bare_json() {
        let want = json!({"raw": "final: {\"a\": \"}\"}"});
        for reply in [
            r#"{"raw": "final: {\"a\": \"}\"}"}"#,
            "```json\n{\"raw\": \"final: {\\\"a\\\": \\\"}\\\"}\"}\n```",
            "Sure! Here it is:\n{\"raw\": \"final: {\\\"a\\\": \\\"}\\\"}\"}\nGood luck.",
            "```\nnot json\n```\nthen {\"raw\": \"final: {\\\"a\\\": \\\"}\\\"}\"}",
        ] {
            assert_eq!(extract_action(reply), Ok(want.clone()), "{reply}");
        }
        // The first object wins; a broken one is skipped.
        assert_eq!(
            extract_action(r#"{"raw": "fin {"x": 1} {"y": 2}"#),
            Ok(json!({"x": 1}))
        );
    }

    #[test]
    fn replies_without_an_object_are_refused() {
        for reply in [
            "",
            "   ",
            "inspect",
            "[1, 2]",
            r#"{"raw": "final: {"#,
            "\"text\"",
        ] {
            let err = extract_action(reply).err().unwrap_or_default();
            assert!(
                err.contains("no JSON object") || err.contains("empty"),
                "{reply:?}: {err}"
            );
        }
    }
}
