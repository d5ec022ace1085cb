//! The JSON object in a model's text reply (an agent's action, a judge's
//! verdict), wherever the model put it.

use serde_json::Value;

use crate::text::balanced_end;

/// How much of a reply a refusal quotes.
const PREVIEW_CHARS: usize = 120;

/// The JSON object in `reply`: the whole reply if it is one, else the first
/// fenced block that is one, else the first `{...}` span that parses as an
/// object. `Err` says why there is none.
pub fn extract_json_object(reply: &str) -> Result<Value, String> {
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
    let preview: String = text.chars().take(PREVIEW_CHARS).collect();
    let more = if preview.len() < text.len() {
        "..."
    } else {
        ""
    };
    Err(format!(
        "no JSON object in the model's reply: {:?}",
        format!("{preview}{more}")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn actions_are_found_in_fences_prose_and_bare_json() {
        let want = json!({"raw": "final: {\"a\": \"}\"}"});
        for reply in [
            r#"{"raw": "final: {\"a\": \"}\"}"}"#,
            "```json\n{\"raw\": \"final: {\\\"a\\\": \\\"}\\\"}\"}\n```",
            "Sure! Here it is:\n{\"raw\": \"final: {\\\"a\\\": \\\"}\\\"}\"}\nGood luck.",
            "```\nnot json\n```\nthen {\"raw\": \"final: {\\\"a\\\": \\\"}\\\"}\"}",
        ] {
            assert_eq!(extract_json_object(reply), Ok(want.clone()), "{reply}");
        }
        // The first object wins; a broken one is skipped.
        assert_eq!(
            extract_json_object(r#"{"raw": "fin {"x": 1} {"y": 2}"#),
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
            let err = extract_json_object(reply).err().unwrap_or_default();
            assert!(
                err.contains("no JSON object") || err.contains("empty"),
                "{reply:?}: {err}"
            );
        }
        let long = "é".repeat(500);
        let err = extract_json_object(&long).err().unwrap_or_default();
        assert!(err.len() < 400 && err.contains("..."), "{err}");
    }
}
