//! The seed-compatible command line: `inspect`, `propose: {json}` or
//! `final: {json}`. A line that is none of these is a malformed step (it
//! costs reward) rather than a protocol error, because free text is what an
//! agent's model produces and learning from it is the point.

use serde_json::{Map, Value};

/// Longest `raw` accepted; longer is refused before it counts as a step.
pub const MAX_RAW_CHARS: usize = 4000;

pub const FORMATS: [&str; 3] = ["inspect", "propose: {json}", "final: {json}"];

pub const HELP: &str =
    "Use `inspect`, `propose: {json}` or `final: {json}` where {json} is one JSON object.";

#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Inspect,
    Propose(Map<String, Value>),
    Final(Map<String, Value>),
}

impl Command {
    /// Parse one command; `Err` says what is malformed.
    pub fn parse(raw: &str) -> Result<Command, String> {
        let text = raw.trim();
        if text.eq_ignore_ascii_case("inspect") {
            return Ok(Command::Inspect);
        }
        let (is_final, rest) = if let Some(rest) = strip_prefix_ignore_case(text, "final:") {
            (true, rest)
        } else if let Some(rest) = strip_prefix_ignore_case(text, "propose:") {
            (false, rest)
        } else {
            return Err("the command must start with `inspect`, `propose:` or `final:`".to_owned());
        };
        match serde_json::from_str::<Value>(rest.trim()) {
            Ok(Value::Object(answer)) => Ok(if is_final {
                Command::Final(answer)
            } else {
                Command::Propose(answer)
            }),
            Ok(_) => Err("the answer after the prefix must be a JSON object".to_owned()),
            Err(e) => Err(format!("the answer is not valid JSON ({e})")),
        }
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_commands() {
        assert_eq!(Command::parse("  Inspect "), Ok(Command::Inspect));
        assert!(
            matches!(Command::parse("final: {\"a\": 1}"), Ok(Command::Final(m)) if m.len() == 1)
        );
        assert!(matches!(Command::parse("PROPOSE:{}"), Ok(Command::Propose(m)) if m.is_empty()));
    }

    #[test]
    fn refuses_what_is_not_a_command() {
        for bad in [
            "",
            "inspect now",
            "final {}",
            "final: [1]",
            "final: {oops",
            "propose:",
            "é",
        ] {
            assert!(Command::parse(bad).is_err(), "{bad:?} should be malformed");
        }
    }
}
