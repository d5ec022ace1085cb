//! The seed-compatible command line: `inspect`, `propose: {json}` or
//! `final: {json}`. A line that is none of these is a malformed step (it
//! costs reward) rather than a protocol error, because free text is what an
//! agent's model produces and learning from it is the point.

#[cfg(not(target_arch = "wasm32"))]
use crate::tools::{ToolDescription, ToolSpec};
use serde_json::{Map, Value};

/// Longest `raw` accepted; longer is refused before it counts as a step.
pub const MAX_RAW_CHARS: usize = 4000;

/// The commands an agent may send where the lookups are closed.
pub const FORMATS: [&str; 3] = ["inspect", "propose: {json}", "final: {json}"];

/// The formats where the calendar's lookups are open (the calendar at
/// levels 4 and 5).
pub const FORMATS_WITH_LOOKUPS: [&str; 5] = [
    "inspect",
    "propose: {json}",
    "final: {json}",
    "check_calendar: NAME",
    "list_rooms",
];

/// How to send a command, said when one does not parse.
pub const HELP: &str =
    "Use `inspect`, `propose: {json}` or `final: {json}` where {json} is one JSON object.";

/// Said after [`HELP`] where the lookups are open.
pub const HELP_LOOKUPS: &str =
    " Look things up with `check_calendar: NAME` (one person's calendar) or `list_rooms`.";

/// One productivity action, parsed from its `raw` text.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `inspect`: show the task again.
    Inspect,
    /// `propose: {json}`: a draft answer, checked for form only.
    Propose(Map<String, Value>),
    /// `final: {json}`: the answer, graded; it ends the episode.
    Final(Map<String, Value>),
    /// `check_calendar: NAME`: one person's calendar (the calendar at
    /// levels 4 and 5; elsewhere a step that says there is nothing to
    /// look up).
    CheckCalendar(String),
    /// `list_rooms`: every room's capacity and open windows.
    ListRooms,
}

impl Command {
    /// Parse one command; `Err` says what is malformed.
    pub fn parse(raw: &str) -> Result<Command, String> {
        let text = raw.trim();
        if text.eq_ignore_ascii_case("inspect") {
            return Ok(Command::Inspect);
        }
        if text.eq_ignore_ascii_case("list_rooms") {
            return Ok(Command::ListRooms);
        }
        if let Some(rest) = strip_prefix_ignore_case(text, "check_calendar").filter(|rest| {
            rest.is_empty() || rest.starts_with(':') || rest.starts_with(char::is_whitespace)
        }) {
            let name = rest
                .trim_start()
                .strip_prefix(':')
                .unwrap_or(rest)
                .trim()
                .trim_matches(|c| c == '"' || c == '\'' || c == '`')
                .trim();
            if name.is_empty() {
                return Err("`check_calendar:` needs a name: `check_calendar: NAME`".to_owned());
            }
            return Ok(Command::CheckCalendar(name.to_owned()));
        }
        let Some((lead_in, is_final, rest)) = answer_command(text) else {
            return Err("the command must start with `inspect`, `propose:` or `final:`".to_owned());
        };
        if holds_an_object(lead_in) {
            return Err(
                "there are two JSON objects: send one command with exactly one JSON object \
                 (prose before or after it is ignored)"
                    .to_owned(),
            );
        }
        let name = if is_final { "final" } else { "propose" };
        let answer = the_one_object(name, rest)?;
        Ok(if is_final {
            Command::Final(answer)
        } else {
            Command::Propose(answer)
        })
    }
}

/// The one JSON object of `text`, the rest of a `name:` command (`final`
/// or `propose`). Prose around it (a label such as "Answer:", a sentence,
/// a heading, a Markdown code fence) is a comment and is ignored, unless
/// the prose after it opens by taking the answer back, or gives a field
/// another value ([`super::revision`]); a second JSON object
/// anywhere, an object cut short or none at all is refused, since which
/// object is the answer would be a guess.
fn the_one_object(name: &str, text: &str) -> Result<Map<String, Value>, String> {
    let send = format!(
        "send `{name}: {{json}}` with exactly one JSON object (prose before or after it is \
         ignored)"
    );
    let text = text.trim_start();
    let (answer, before, after) = match first_object(text) {
        Found::Object { answer, at, end } => (answer, &text[..at], &text[end..]),
        Found::CutShort => return Err(format!("the JSON object is cut short: {send}")),
        Found::None => return Err(format!("there is no JSON object after `{name}:`: {send}")),
    };
    // A list is a JSON value of its own, not prose around the objects it
    // holds.
    let opens_a_list = before.trim_end().strip_suffix('[').is_some_and(|head| {
        matches!(
            serde_json::Deserializer::from_str(&text[head.len()..])
                .into_iter::<Value>()
                .next(),
            Some(Ok(Value::Array(_)))
        )
    });
    if opens_a_list {
        return Err(format!(
            "the answer must be a JSON object, not a list: {send}"
        ));
    }
    if holds_an_object(before) || holds_an_object(after) {
        return Err(format!("there are two JSON objects: {send}"));
    }
    if takes_the_answer_back(after) {
        return Err(
            "the comment after the answer takes it back: send the answer you stand by, \
                    without a retraction"
                .to_owned(),
        );
    }
    let answer = crate::grading::with_schema_keys(unwrapped(answer), ANSWER_KEYS)?;
    // A comment after the answer that gives a field another value is a
    // second value of that field (pr25-X2).
    Ok(super::revision::with_revisions(answer, after))
}

/// What [`first_object`] found.
enum Found {
    /// The object and the byte range of its text.
    Object {
        answer: Map<String, Value>,
        at: usize,
        end: usize,
    },
    /// An object whose text ends before it closes.
    CutShort,
    None,
}

/// The first JSON object of `text` that is not inside braces of prose
/// ("the sender {the bank}") or of an object cut short: a brace that
/// opens no object counts as prose, and the braces inside it (and the
/// quoted strings, where braces do not count) are skipped until it closes,
/// so an object cut short never yields the whole objects nested in it.
fn first_object(text: &str) -> Found {
    let mut at = 0;
    // Quotes count only inside braces that opened no object: at the top
    // level they are the prose's.
    while let Some(offset) = text[at..].find('{') {
        at += offset;
        let mut values = serde_json::Deserializer::from_str(&text[at..]).into_iter::<Value>();
        match values.next() {
            Some(Ok(Value::Object(answer))) => {
                let end = at + values.byte_offset();
                return Found::Object { answer, at, end };
            }
            Some(Err(e)) if e.is_eof() => return Found::CutShort,
            _ => match crate::text::balanced_end(&text[at..]) {
                Some(len) => at += len,
                None => return Found::None,
            },
        }
    }
    Found::None
}

/// Whether any brace of `text` opens a JSON object, nested in prose or
/// not: beside the answer, any object is a second answer.
fn holds_an_object(text: &str) -> bool {
    text.char_indices().any(|(at, c)| {
        c == '{'
            && matches!(
                serde_json::Deserializer::from_str(&text[at..])
                    .into_iter::<Value>()
                    .next(),
                Some(Ok(Value::Object(_)))
            )
    })
}

/// The object under `answer` when that is the only key (`{"answer":
/// {...}}`, the shape of the `final` and `propose` tools' arguments), so a
/// text answer sent in that shape reads as the same answer on every
/// transport (play-para-pr9 A); an `answer` beside other keys is left as
/// written.
fn unwrapped(answer: Map<String, Value>) -> Map<String, Value> {
    let only_answer = answer.len() == 1
        && answer
            .iter()
            .all(|(key, value)| crate::grading::fold_key(key) == "answer" && value.is_object());
    match only_answer {
        true => match answer.into_iter().next() {
            Some((_, Value::Object(inner))) => inner,
            _ => Map::new(),
        },
        false => answer,
    }
}

/// Every key an answer (or an object inside it) is read by, across the
/// tasks: a key written in another case or with spaces or hyphens for
/// underscores ("Needs reply", "Valid-rows", "Meeting") is the same key
/// (play-para-pr7 C4).
pub const ANSWER_KEYS: &[&str] = &[
    "label",
    "priority",
    "needs_reply",
    "day",
    "start",
    "end",
    "participants",
    "room",
    "no_slot",
    "bookings",
    "meeting",
    "meeting_id",
    "id",
    "title",
    "name",
    "valid_rows",
    "duplicate_ids",
    "invalid_emails",
    "normalized_total",
    "retained_ids",
    "email",
    "value",
    "item",
];

/// Whether the comment after an answer opens by disowning it ("(this is
/// wrong)", "Scratch that."): paying an answer its own author withdraws would
/// reward appending retractions. Only a whole first sentence counts, so
/// reasoning such as "This is wrong of the sender: ..." stays a comment.
fn takes_the_answer_back(comment: &str) -> bool {
    const RETRACTIONS: [&str; 24] = [
        "this is wrong",
        "this is incorrect",
        "this is not right",
        "this is not correct",
        "this answer is wrong",
        "this answer is incorrect",
        "that is wrong",
        "that is incorrect",
        "that is not right",
        "the above is wrong",
        "it is wrong",
        "wrong",
        "ignore this",
        "ignore that",
        "ignore the above",
        "ignore this answer",
        "disregard this",
        "disregard that",
        "disregard the above",
        "scratch that",
        "i take that back",
        "i take it back",
        "this is not my answer",
        "this is not my final answer",
    ];
    let comment = crate::text::normalize(comment)
        .replace('\u{2019}', "'")
        .replace("'s ", " is ")
        .replace("n't", " not")
        .replace(" - ", ". ");
    let first_sentence = comment
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split(['.', '!', '?', ')', ']', ';', '\n', '\u{2013}', '\u{2014}'])
        .next()
        .unwrap_or_default();
    let words: Vec<&str> = first_sentence
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':')
        .filter(|word| !word.is_empty())
        .skip_while(|word| matches!(*word, "actually" | "sorry" | "wait" | "no" | "oops"))
        .collect();
    RETRACTIONS.contains(&words.join(" ").as_str())
}

/// The calendar's lookups as tools (levels 4 and 5), with what each does.
#[cfg(not(target_arch = "wasm32"))]
pub const LOOKUP_TOOLS: [ToolSpec; 2] = [
    ToolSpec::new(
        "check_calendar",
        ToolDescription::Text(
            "The calendar (levels 4 and 5): one person's working hours and busy times on the \
             candidate days, on their own clock, with how far it is from the meeting's time \
             zone. A step; the step limit counts it.",
        ),
        &["name"],
        &[],
    ),
    ToolSpec::new(
        "list_rooms",
        ToolDescription::Text(
            "The calendar (levels 4 and 5): every room's capacity and open windows, in meeting \
             time. A step; the step limit counts it.",
        ),
        &[],
        &[],
    ),
];

/// The commands as tools, with what each does.
#[cfg(not(target_arch = "wasm32"))]
pub const TOOLS: [ToolSpec; 3] = [
    ToolSpec::new(
        "inspect",
        ToolDescription::Text(
            "Look at the scenario again, as a step (the observation always shows it; over MCP, \
             read_task reads it for free).",
        ),
        &[],
        &[],
    ),
    ToolSpec::new(
        "propose",
        ToolDescription::Text(
            "Have a draft answer checked for form only (every field present and well formed); \
             it is not graded, and its feedback says nothing about whether it is right. At the \
             step limit the last draft is graded.",
        ),
        &["answer"],
        &[],
    ),
    ToolSpec::new(
        "final",
        ToolDescription::Text("Submit the answer: it is graded and the episode ends."),
        &["answer"],
        &[],
    ),
];

/// The `raw` line of tool `name` with `answer` (an object; a string is
/// taken as the JSON text of one).
#[cfg(not(target_arch = "wasm32"))]
pub fn tool_raw(name: &str, answer: Option<&Value>) -> String {
    let text = match answer {
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
        None => "{}".to_owned(),
    };
    match name {
        "inspect" | "list_rooms" => name.to_owned(),
        other => format!("{other}: {text}"),
    }
}

/// The `raw` line of lookup tool `name` with its `arguments`, or `None`
/// for a tool that is not a lookup.
#[cfg(not(target_arch = "wasm32"))]
pub fn lookup_raw(name: &str, arguments: &Map<String, Value>) -> Option<String> {
    match name {
        "list_rooms" => Some(name.to_owned()),
        "check_calendar" => {
            let who = match arguments.get("name") {
                Some(Value::String(text)) => text.clone(),
                Some(other) => other.to_string(),
                None => String::new(),
            };
            Some(format!("check_calendar: {who}"))
        }
        _ => None,
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Command {
    /// The tool call that sends this command.
    pub fn tool_call(self) -> crate::tools::ToolCall {
        let with_answer = |answer: Map<String, Value>| {
            let mut arguments = Map::new();
            arguments.insert("answer".to_owned(), Value::Object(answer));
            arguments
        };
        match self {
            Command::Inspect => crate::tools::ToolCall::new("inspect", Map::new()),
            Command::Propose(answer) => crate::tools::ToolCall::new("propose", with_answer(answer)),
            Command::Final(answer) => crate::tools::ToolCall::new("final", with_answer(answer)),
            Command::CheckCalendar(name) => {
                let mut arguments = Map::new();
                arguments.insert("name".to_owned(), Value::String(name));
                crate::tools::ToolCall::new("check_calendar", arguments)
            }
            Command::ListRooms => crate::tools::ToolCall::new("list_rooms", Map::new()),
        }
    }
}

/// The `raw` line an action that is not `{"raw": ...}` plausibly meant:
/// the command under another key (`{"command": "inspect"}`, `{"action":
/// "final", "answer": {...}}`), `{"final": {...}}`, or an answer object of
/// one of `tasks` sent bare (read as its `final`).
#[cfg(not(target_arch = "wasm32"))]
pub fn suggest(action: &Value, tasks: &[&[(&str, &str)]]) -> Option<String> {
    let map = action.as_object()?;
    if map.contains_key("raw") {
        return None;
    }
    let answer = ["answer", "payload", "json", "data", "arguments"]
        .iter()
        .find_map(|k| map.get(*k));
    let named = ["command", "action", "cmd", "type"]
        .iter()
        .find_map(|k| map.get(*k)?.as_str());
    if let Some(named) = named {
        let name = named.trim().trim_end_matches(':').to_ascii_lowercase();
        return match name.as_str() {
            "inspect" | "list_rooms" => Some(name),
            "propose" | "final" => Some(tool_raw(&name, answer)),
            // A whole command line under another key.
            _ => Command::parse(named).ok().map(|_| named.trim().to_owned()),
        };
    }
    for name in ["final", "propose"] {
        if let Some(answer) = map.get(name) {
            return Some(tool_raw(name, Some(answer)));
        }
    }
    let is_answer = tasks
        .iter()
        .any(|fields| map.keys().all(|k| fields.iter().any(|(f, _)| f == k)));
    (is_answer && !map.is_empty()).then(|| tool_raw("final", Some(action)))
}

/// The `final:` or `propose:` command in `text`: the text before it (a
/// lead-in such as "Here is my answer:", a heading or a code fence's opening
/// line, a comment like any prose around the object), whether it is
/// `final`, and the rest after the colon. The command opens `text`, one of
/// its lines or one of its sentences, since a model often introduces its
/// answer before the command ("Filed as work. final: {...}"); a prefix
/// inside a sentence ("My final: {...}") is prose.
fn answer_command(text: &str) -> Option<(&str, bool, &str)> {
    let line_starts = text.match_indices('\n').map(|(at, _)| at + 1);
    let sentence_starts = text
        .char_indices()
        .zip(text.chars().skip(1))
        .filter(|((_, end), next)| matches!(end, '.' | '!' | '?') && next.is_whitespace())
        .map(|((at, _), _)| at + 1);
    let mut starts =
        std::iter::once(0).chain(crate::order::set_of(line_starts.chain(sentence_starts)));
    starts.find_map(|start| {
        let line = text[start..].trim_start();
        let lead_in = &text[..text.len() - line.len()];
        if let Some(rest) = strip_prefix_ignore_case(line, "final:") {
            Some((lead_in, true, rest))
        } else {
            strip_prefix_ignore_case(line, "propose:").map(|rest| (lead_in, false, rest))
        }
    })
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
    fn prose_around_the_object_is_a_comment_and_a_second_object_is_refused() {
        for with_prose in [
            "final: {\"a\": 1} I chose this because the deadline is today.",
            "final: {\"a\": 1}\n\nReasoning: the sender {the bank} is known.",
            "propose: ```json\n{\"a\": 1}\n``` (draft)",
            "final: Answer: {\"a\": 1}",
            "final: **Summary: one row.**\n\n```json\n{\"a\": 1}\n```",
            "propose: The sender {the bank} is known, so: {\"a\": 1}",
        ] {
            let parsed = Command::parse(with_prose);
            assert!(
                matches!(&parsed, Ok(Command::Final(m) | Command::Propose(m)) if m.len() == 1),
                "{with_prose:?}: {parsed:?}"
            );
        }
        for withdrawn in [
            "final: {\"a\": \"work\"} (this is wrong)",
            "final: {\"a\": 1}\n\nActually, that's wrong.",
            "final: {\"a\": 1} Scratch that - I'm not sure.",
            "final: ```json\n{\"a\": 1}\n```\nIgnore the above!",
        ] {
            assert!(Command::parse(withdrawn).is_err(), "{withdrawn:?}");
        }
        for comment in [
            "final: {\"a\": 1} This is wrong of the sender: the total is $45, not $40.",
            "final: {\"a\": 1} (the sender's figure is wrong; see the lines)",
            "final: {\"a\": 1} Wrong invoice attached, so it needs a reply.",
        ] {
            assert!(Command::parse(comment).is_ok(), "{comment:?}");
        }
        for two in [
            "final: {\"a\": 1} or rather {\"a\": 2}",
            "final: {\"a\": 1}{\"a\": 2}",
            "final: Not {\"a\": 2} but {\"a\": 1}",
            "final: Answer (see {\"a\": 2}): {\"a\": 1}",
            "final: Answer: {\"a\": 1, \"b\": {\"c\": 2}",
            "final: Answer: [{\"a\": 1}]",
            "final: Answer: a is 1.",
        ] {
            assert!(Command::parse(two).is_err(), "{two:?}");
        }
    }

    #[test]
    fn a_lead_in_before_the_command_line_is_a_comment() {
        for introduced in [
            "Here is my classification:\nfinal: {\"a\": 1}",
            "**Triage**\n\nfinal: {\"a\": 1}",
            "Answer:\n  final: {\"a\": 1}",
            "I checked every row against the customer table.\n\nFinal: {\"a\": 1}",
            "```\nfinal: {\"a\": 1}\n```",
            "```text\npropose: {\"a\": 1}\n```",
            "Categorised as work; it is plainly urgent. final: {\"a\": 1}",
            "Filed as work! Final: {\"a\": 1}",
            "Is it urgent? Yes.  propose: {\"a\": 1}",
        ] {
            let parsed = Command::parse(introduced);
            assert!(
                matches!(&parsed, Ok(Command::Final(m) | Command::Propose(m)) if m.len() == 1),
                "{introduced:?}: {parsed:?}"
            );
        }
        for refused in [
            // The prefix inside a sentence is prose, not the command.
            "My final: {\"a\": 1}",
            "Here is my final answer {\"a\": 1}",
            "It is the final: {\"a\": 1}",
            "v1.final: {\"a\": 1}",
            // A second object before the sentence that opens the command.
            "Draft {\"a\": 2}. final: {\"a\": 1}",
            // An object in the lead-in is a second object.
            "Draft {\"a\": 2}\nfinal: {\"a\": 1}",
            "propose: {\"a\": 2}\nfinal: {\"a\": 1}",
            // The lead-in does not excuse what the command itself lacks.
            "Here it is:\nfinal: no object",
        ] {
            assert!(Command::parse(refused).is_err(), "{refused:?}");
        }
    }

    #[test]
    fn an_answer_key_alone_is_the_answer_it_holds() {
        for wrapped in [
            "final: {\"answer\": {\"a\": 1, \"b\": 2}}",
            "final: {\"Answer\": {\"a\": 1, \"b\": 2}}",
        ] {
            assert!(
                matches!(Command::parse(wrapped), Ok(Command::Final(m)) if m.len() == 2 && m.contains_key("a")),
                "{wrapped}"
            );
        }
        // Beside another key, or holding no object, it is a key as written.
        for kept in [
            "final: {\"answer\": {\"a\": 1}, \"note\": \"x\"}",
            "final: {\"answer\": \"a\"}",
        ] {
            assert!(
                matches!(Command::parse(kept), Ok(Command::Final(m)) if m.contains_key("answer")),
                "{kept}"
            );
        }
    }

    #[test]
    fn parses_the_lookups() {
        assert_eq!(Command::parse(" LIST_ROOMS"), Ok(Command::ListRooms));
        for raw in [
            "check_calendar: Ana",
            "check_calendar:Ana",
            "check_calendar Ana",
            "check_calendar: \"Ana\"",
        ] {
            assert_eq!(
                Command::parse(raw),
                Ok(Command::CheckCalendar("Ana".to_owned())),
                "{raw:?}"
            );
        }
        assert!(Command::parse("check_calendar:").is_err());
        assert!(Command::parse("check_calendars: Ana").is_err());
        assert!(Command::parse("check_calendar: \"\"").is_err());
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
