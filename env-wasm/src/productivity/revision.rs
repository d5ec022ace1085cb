//! A comment after the answer object that gives one of its fields another
//! value (`final: {"priority": "low", ...} Note: on reflection the priority
//! should really be high.`, pr25-X2) is a second value of that field, as
//! the same words written inside the field would be: the field is read
//! with the comment's value after its own name ("low\n\npriority: high"),
//! which its reader takes as a second answer when it reads another value
//! ([`crate::grading::one_value`]), and as nothing more when it reads the
//! same value or none. A comment that explains the answer without
//! revising a field ("I chose low because it is spam", "Let me know if
//! you need anything else") changes nothing.
//!
//! A sentence revises a field when it says the field should be, is
//! actually or is changed to something (a revising word: [`REVISING`]) and
//! names the field before the value ("the priority should really be high",
//! "priority: high"), as the object of a verb of change ("change the
//! priority to high", "make the priority high") or after the value ("it
//! should be high priority"). What the value would be under other facts
//! ("the priority would be high if the sender were a VIP") is a comment,
//! as it is inside a field.

use serde_json::{Map, Value};

/// The one-value fields a comment may give another value, each with the
/// names a comment calls it by, longest first where one opens another
/// ("start time" before "start").
const FIELDS: &[(&str, &[&str])] = &[
    ("label", &["label", "category", "classification"]),
    ("priority", &["priority"]),
    ("needs_reply", &["needs reply", "needs_reply", "reply"]),
    ("day", &["day", "date"]),
    ("start", &["start time", "start"]),
    ("end", &["end time", "end"]),
    ("room", &["room"]),
    ("valid_rows", &["valid rows", "valid_rows", "row count"]),
    (
        "normalized_total",
        &["normalized total", "normalized_total", "total"],
    ),
];

/// Words that make a sentence about a field's value a revision of it: an
/// obligation, a correction, a change.
const REVISING: &[&str] = &[
    "should",
    "must",
    "ought",
    "actually",
    "really",
    "instead",
    "rather",
    "correction",
    "corrected",
    "reflection",
    "mistake",
    "meant",
    "change",
    "changed",
    "set",
    "make",
    "switch",
    "update",
    "updated",
    "raise",
    "lower",
    "bump",
    "move",
    "fix",
    "amend",
    "revise",
    "revised",
];

/// Verbs whose object is the field and whose complement its new value
/// ("change the priority to high", "make the priority high").
const CHANGING: &[&str] = &[
    "change", "changed", "set", "make", "switch", "update", "updated", "raise", "lower", "bump",
    "move", "fix", "amend", "revise", "revised", "mark",
];

/// Words between a field's name and its value that say what it is, should
/// be or really is ("should really be", "ought to be", "is actually").
const LINKING: &[&str] = &[
    "is",
    "are",
    "be",
    "been",
    "should",
    "must",
    "ought",
    "to",
    "needs",
    "need",
    "has",
    "have",
    "really",
    "actually",
    "definitely",
    "clearly",
    "certainly",
    "surely",
    "instead",
    "rather",
    "now",
    "in",
    "fact",
    "truly",
    "probably",
    "maybe",
    "perhaps",
    "also",
    "then",
];

/// The linking words that assign the value themselves.
const ASSIGNING: &[&str] = &["is", "are", "be"];

/// Marks that assign the value after a field's name ("priority: high",
/// "priority -> high").
const MARKS: &[&str] = &[":", "=", "->", "\u{2192}", "-", "\u{2013}", "\u{2014}"];

/// Words before the field's name after a verb of change ("change the
/// priority", "set its priority").
const DETERMINERS: &[&str] = &["the", "its", "this", "that", "my", "our", "your", "their"];

/// Words of the mood of other facts: a value under them is what the field
/// would have been, a comment.
const COUNTERFACTUAL: &[&str] = &["would", "were", "wouldn't", "i'd", "it'd"];

/// `answer` with each value a sentence of `comment` gives one of its
/// one-value fields written after that field's own name in it, so its
/// reader reads a second answer where the comment revises the field.
pub(crate) fn with_revisions(mut answer: Map<String, Value>, comment: &str) -> Map<String, Value> {
    for sentence in sentences(comment) {
        for (key, value) in revisions(&sentence) {
            let Some(written) = answer.get(key).and_then(scalar_written) else {
                continue;
            };
            let name = key.replace('_', " ");
            answer.insert(
                key.to_owned(),
                Value::String(format!("{written}\n\n{name}: {value}")),
            );
        }
    }
    answer
}

/// A scalar field's value as text (a yes or no for a boolean); `None` for
/// a list, an object or `null`, which a comment does not revise.
fn scalar_written(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(true) => Some("yes".to_owned()),
        Value::Bool(false) => Some("no".to_owned()),
        _ => None,
    }
}

/// A word or mark of a sentence, lower case, and where it stands in it.
struct Token {
    text: String,
    start: usize,
}

impl Token {
    fn new(text: &str, start: usize) -> Token {
        Token {
            text: text.to_owned(),
            start,
        }
    }
}

/// The sentences of `comment`, each as its tokens (their starts in the
/// sentence) and its text. A sentence ends at a line break, `!`, `?`, `;`
/// or a full stop before a space or the end, but not after a single letter
/// ("2 p.m. today", "e.g."); a colon, comma or full stop between digits
/// ("14:00", "16,927.07") and an apostrophe or hyphen between letters or
/// digits ("it's", "2026-09-04") are inside a word.
fn sentences(comment: &str) -> Vec<(Vec<Token>, &str)> {
    let chars: Vec<(usize, char)> = comment.char_indices().collect();
    let char_at = |i: usize| chars.get(i).map(|&(_, c)| c);
    let byte_at = |i: usize| chars.get(i).map_or(comment.len(), |&(at, _)| at);
    let mut out = Vec::new();
    let mut tokens: Vec<Token> = Vec::new();
    let mut from = 0;
    let mut i = 0;
    while let Some(c) = char_at(i) {
        let at = byte_at(i);
        if c.is_alphanumeric() || c == '_' {
            let mut end = i + 1;
            while let Some(d) = char_at(end) {
                let before = char_at(end - 1).unwrap_or(' ');
                let after = char_at(end + 1);
                let inner = match d {
                    ':' | '.' | ',' => {
                        before.is_ascii_digit() && after.is_some_and(|n| n.is_ascii_digit())
                    }
                    '\'' | '\u{2019}' | '-' => {
                        before.is_alphanumeric() && after.is_some_and(char::is_alphanumeric)
                    }
                    _ => d.is_alphanumeric() || d == '_',
                };
                if !inner {
                    break;
                }
                end += 1;
            }
            let stop = byte_at(end);
            let word = comment[at..stop].to_lowercase().replace('\u{2019}', "'");
            // "priority's high", "it's high": the word, then "is".
            match word.strip_suffix("'s") {
                Some(base) => {
                    tokens.push(Token::new(base, at - from));
                    tokens.push(Token::new("is", stop - from));
                }
                None => tokens.push(Token::new(&word, at - from)),
            }
            i = end;
            continue;
        }
        let next = char_at(i + 1);
        let after_one_letter = tokens
            .last()
            .is_some_and(|t| t.text.chars().count() == 1 && t.start + from + 1 == at);
        let ends = match c {
            '\n' | '!' | '?' | ';' => true,
            '.' => next.is_none_or(char::is_whitespace) && !after_one_letter,
            _ => false,
        };
        if ends {
            out.push((std::mem::take(&mut tokens), &comment[from..at]));
            from = at + c.len_utf8();
        } else if c == '-' && next == Some('>') {
            tokens.push(Token::new("->", at - from));
            i += 1;
        } else if !c.is_whitespace() {
            tokens.push(Token::new(&c.to_string(), at - from));
        }
        i += 1;
    }
    out.push((tokens, &comment[from..]));
    out
}

/// The fields `sentence` gives a value, each with that value as written.
fn revisions<'a>((tokens, text): &'a (Vec<Token>, &'a str)) -> Vec<(&'static str, &'a str)> {
    let words: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
    let revising = words.iter().any(|w| REVISING.contains(w));
    if words.iter().any(|w| COUNTERFACTUAL.contains(w)) {
        return Vec::new();
    }
    let value_from = |at: usize| -> Option<&'a str> {
        let start = tokens.get(at)?.start;
        let value = text[start..].trim();
        (!value.is_empty()).then_some(value)
    };
    let mut found = Vec::new();
    for (key, names) in FIELDS {
        let names: Vec<Vec<&str>> = names.iter().map(|n| n.split(' ').collect()).collect();
        let named_at = (0..words.len()).find_map(|i| {
            names
                .iter()
                .find(|name| words.get(i..i + name.len()) == Some(name.as_slice()))
                .map(|name| (i, i + name.len()))
        });
        let Some((first, after)) = named_at else {
            continue;
        };
        // Without a revising word, only a mark after the name gives it a
        // value ("Priority: high"); "the priority is low because ..."
        // explains.
        let marked = words.get(after).is_some_and(|w| MARKS.contains(w));
        if !revising && !marked {
            continue;
        }
        let value = linked_value(&words, after)
            .or_else(|| changed_value(&words, first, after))
            .and_then(value_from)
            .or_else(|| {
                value_before(&words, first).map(|(from, to)| value_between(tokens, text, from, to))
            });
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            found.push((*key, value));
        }
    }
    found
}

/// Where the value starts after a field's name ending before `after`
/// that linking words assign it to ("priority should really be high",
/// "priority: high").
fn linked_value(words: &[&str], after: usize) -> Option<usize> {
    let mut at = after;
    let mut assigned = false;
    while let Some(word) = words.get(at) {
        if ASSIGNING.contains(word) || MARKS.contains(word) {
            assigned = true;
        } else if !LINKING.contains(word) {
            break;
        }
        at += 1;
    }
    (assigned && at < words.len()).then_some(at)
}

/// Where the value starts after a field's name (`first..after`) that a verb
/// of change takes as its object ("change the priority to high", "change
/// the priority from low to high", "make the priority high").
fn changed_value(words: &[&str], first: usize, after: usize) -> Option<usize> {
    let verb_at = match first.checked_sub(1).map(|at| words[at]) {
        Some(word) if DETERMINERS.contains(&word) => first.checked_sub(2)?,
        Some(_) => first - 1,
        None => return None,
    };
    if !CHANGING.contains(&words[verb_at]) {
        return None;
    }
    let at = match words.get(after) {
        Some(&"from") => words[after..].iter().position(|w| *w == "to")? + after + 1,
        Some(&("to" | "as" | "at" | "into")) => after + 1,
        Some(_) => after,
        None => return None,
    };
    (at < words.len()).then_some(at)
}

/// The words of the value before a field's name starting at `first`, after
/// linking words ("it should really be high priority"), as a token range.
fn value_before(words: &[&str], first: usize) -> Option<(usize, usize)> {
    let mut from = first;
    while from > 0 && first - from < 3 {
        let word = words[from - 1];
        if LINKING.contains(&word) || MARKS.contains(&word) {
            break;
        }
        from -= 1;
    }
    let linked = from
        .checked_sub(1)
        .is_some_and(|at| LINKING.contains(&words[at]));
    let from = match words.get(from) {
        Some(&("a" | "an")) => from + 1,
        _ => from,
    };
    (linked && from < first).then_some((from, first))
}

/// The text of tokens `from..to` of a sentence.
fn value_between<'a>(tokens: &[Token], text: &'a str, from: usize, to: usize) -> &'a str {
    let start = tokens.get(from).map_or(text.len(), |t| t.start);
    let end = tokens.get(to).map_or(text.len(), |t| t.start);
    text.get(start..end).unwrap_or_default().trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn revised(answer: Value, comment: &str) -> Value {
        let answer = answer.as_object().cloned().unwrap_or_default();
        Value::Object(with_revisions(answer, comment))
    }

    #[test]
    fn a_comment_that_gives_a_field_a_value_writes_it_after_the_name() {
        let low = json!({"label": "spam", "priority": "low", "needs_reply": "no"});
        for comment in [
            "Note: on reflection the priority should really be high.",
            " The priority should be high.",
            " Priority: high",
            " Actually, the priority is high.",
            " On second thought, change the priority to high.",
            " Please change the priority from low to high.",
            " Correction: make the priority high.",
            " It should really be high priority.",
            " I made a mistake: the priority's high.",
        ] {
            let answer = revised(low.clone(), comment);
            let priority = answer["priority"].as_str().unwrap_or_default();
            assert!(
                priority.starts_with("low\n\npriority: high"),
                "{comment}: {priority:?}"
            );
            assert_eq!(answer["label"], "spam", "{comment}");
        }
    }

    #[test]
    fn an_explanation_a_counterfactual_or_a_denial_revises_nothing() {
        let low = json!({"label": "spam", "priority": "low", "needs_reply": "no"});
        for comment in [
            "I chose low because it is spam.",
            "Let me know if you need anything else.",
            "The priority is low because spam is always low.",
            "The priority would be high if the sender were a VIP.",
            "The priority should not be high: it is spam.",
            "The VIP rule does not apply to spam.",
            "",
        ] {
            assert_eq!(revised(low.clone(), comment), low, "{comment}");
        }
    }

    #[test]
    fn numbers_times_and_booleans_keep_their_own_marks() {
        let answer = revised(
            json!({"valid_rows": 13, "normalized_total": "16927.07"}),
            " On reflection the total should be 17000.00. Valid rows should be 14.",
        );
        assert_eq!(answer["valid_rows"], "13\n\nvalid rows: 14");
        assert_eq!(
            answer["normalized_total"],
            "16927.07\n\nnormalized total: 17000.00"
        );
        let answer = revised(
            json!({"start": "14:00", "needs_reply": false}),
            " The start should really be 2 p.m. today. Actually the reply should be yes.",
        );
        assert_eq!(answer["start"], "14:00\n\nstart: 2 p.m. today");
        assert_eq!(answer["needs_reply"], "no\n\nneeds reply: yes");
    }
}
