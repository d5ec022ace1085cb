//! Negation, kept small and explicit: whether a mention is negated ("no
//! sign of cynicism", "cynicism is not present", "cynicism: no"), and how
//! a yes/no answer reads ("HR escalation: No, not warranted" is no, "do not
//! escalate" is no, "yes, escalate today" is yes). The seed scored a
//! correct "No" as yes because its heading contained "escalat".

use crate::text::Text;

/// Words that refuse a decision before it ("do not escalate").
const BEFORE: &[&str] = &[
    "no", "not", "never", "without", "nor", "neither", "none", "nothing", "lack", "lacks", "avoid",
    "absence",
];

/// Words that start a new thought: negation before them stops there.
const CONJUNCTIONS: &[&str] = &[
    "but", "while", "whereas", "however", "although", "though", "yet",
];

/// Phrases that decide an escalation: acting on it, or judging it needed.
const DECIDING: &[&str] = &[
    "escalate",
    "escalating",
    "escalated",
    "refer",
    "referring",
    "referred",
    "involve",
    "involving",
    "notify",
    "alert hr",
    "warranted",
    "required",
    "needed",
    "necessary",
    "recommended",
    "advised",
    "advisable",
    "appropriate",
    "justified",
];

/// Words that decide "no" by themselves.
const REFUSING: &[&str] = &["unnecessary", "unwarranted", "premature", "unneeded"];

/// Read a yes/no answer (HR escalation). `None` when it gives none or both.
pub fn yes_no(answer: &str) -> Option<bool> {
    let cleaned = strip_prompt_echo(answer);
    let text = Text::new(&cleaned);
    let first = text.words.first()?;
    match first.text.as_str() {
        "yes" | "y" | "true" => return decided(&text, true),
        "no" | "n" | "false" | "none" | "not" | "never" => return decided(&text, false),
        _ => {}
    }
    let first_sentence = first.sentence;
    if text
        .words
        .iter()
        .take_while(|w| w.sentence == first_sentence)
        .any(|w| REFUSING.contains(&w.text.as_str()))
    {
        return Some(false);
    }
    for (i, w) in text.words.iter().enumerate() {
        let word = w.text.as_str();
        let deciding = DECIDING.contains(&word)
            || (word == "alert" && text.words.get(i + 1).is_some_and(|n| n.text == "hr"));
        if deciding {
            return Some(!negated_decision(&text, i));
        }
    }
    None
}

/// An answer that opens with yes or no, unless it then hedges ("yes or no",
/// "no / yes").
fn decided(text: &Text, value: bool) -> Option<bool> {
    let first_clause = text.words[0].clause;
    let hedged = text.words.iter().skip(1).take(3).any(|w| {
        w.clause <= first_clause + 1 && matches!(w.text.as_str(), "yes" | "no") && {
            let opposite = if value { "no" } else { "yes" };
            w.text == opposite
        }
    });
    if hedged { None } else { Some(value) }
}

/// A deciding word negated by what precedes it in its clause ("do not
/// escalate", "no need to involve HR", "escalation is not required").
fn negated_decision(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    text.words[at.saturating_sub(5)..at]
        .iter()
        .rev()
        .take_while(|w| w.clause == clause && !CONJUNCTIONS.contains(&w.text.as_str()))
        .any(|w| BEFORE.contains(&w.text.as_str()) || w.text == "hold" || w.text == "defer")
}

/// Drop an echoed template hint such as "(yes/no)" or "Yes/No:" so it is
/// not read as the answer.
fn strip_prompt_echo(answer: &str) -> String {
    let mut text = answer.trim().to_owned();
    for echo in [
        "(yes/no)",
        "(yes / no)",
        "(yes or no)",
        "yes/no:",
        "yes / no:",
        "[yes/no]",
    ] {
        if let Some(at) = text.to_lowercase().find(echo) {
            text.replace_range(at..at + echo.len(), " ");
        }
    }
    text.trim_start_matches([':', '-', ' ', '*', '\u{2014}', '\u{2013}'])
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escalation_answers_read_with_negation() {
        // The table, and paraphrases.
        let table: &[(&str, Option<bool>)] = &[
            ("No, not warranted", Some(false)),
            ("No, not warranted at this stage.", Some(false)),
            ("do not escalate", Some(false)),
            (
                "Do not escalate; the manager can handle this within the team.",
                Some(false),
            ),
            ("no need to involve HR", Some(false)),
            ("There is no need to involve HR yet.", Some(false)),
            ("escalation is not required", Some(false)),
            ("Escalation is not required at this point.", Some(false)),
            ("I would not escalate to HR.", Some(false)),
            ("Escalating now would be premature.", Some(false)),
            ("HR escalation is unnecessary for now.", Some(false)),
            ("yes, escalate today", Some(true)),
            (
                "Yes - refer to HR and occupational health this week.",
                Some(true),
            ),
            ("Escalate to HR today.", Some(true)),
            ("Escalation is warranted given the hours.", Some(true)),
            (
                "Recommended: involve HR and occupational health now.",
                Some(true),
            ),
            ("(yes/no) No", Some(false)),
            ("Not at this stage; review in a month.", Some(false)),
            ("Not yet.", Some(false)),
            ("yes or no", None),
            ("", None),
            ("It depends.", None),
        ];
        for (answer, expected) in table {
            assert_eq!(yes_no(answer), *expected, "{answer:?}");
        }
    }
}
