//! Another value called acceptable as well, in an aside after a one-value
//! field's value: "15:00 (15:15 also works)", "work (personal is fine
//! too)", "Harbor (Lantern would be OK too)", "15:00 (happy with 15:15
//! too)", "15:00, 15:15 as well: either is fine". Calling a second value
//! acceptable too offers it as an answer, as "(or 15:15)" does, so the
//! [`aside`](super::aside) readers read the field as a hedge. A value
//! whose acceptance is denied ("15:15 would not work", "Lantern doesn't
//! work either") or that is named with no word of accepting ("15:15
//! would overrun the slot", "Lantern is booked", "Harbor would also fit
//! four": what a room holds, no verdict on it) is no such offer.

use super::hedge::{WINDOW, clause_before};
use super::words::Text;

/// Words that say a value is acceptable: "15:15 also works", "is fine
/// too", "would also do", "would be OK too".
const ACCEPTING: &[&str] = &[
    "works",
    "work",
    "do",
    "does",
    "fine",
    "ok",
    "okay",
    "alright",
    "acceptable",
    "good",
    "valid",
    "possible",
    "viable",
    "feasible",
    "workable",
    "suitable",
    "allowed",
    "usable",
    "suits",
    "suit",
];

/// Words that may stand between a value and the word accepting it:
/// "15:15 would also be fine", "Lantern is equally a good room".
const LEADS: &[&str] = &[
    "would",
    "will",
    "should",
    "could",
    "might",
    "may",
    "can",
    "is",
    "are",
    "was",
    "be",
    "been",
    "seems",
    "seem",
    "also",
    "too",
    "equally",
    "likewise",
    "just",
    "as",
    "a",
    "an",
    "the",
    "quite",
    "perfectly",
    "totally",
    "still",
    "then",
    "probably",
    "surely",
    "definitely",
    "certainly",
    "really",
    "room",
    "slot",
    "time",
    "option",
    "choice",
    "one",
];

/// Words that make an accepted value one more besides the answer's:
/// "also", "too", "equally", "likewise" (and "as well", read as a pair).
const ADDITIVE: &[&str] = &["also", "too", "equally", "likewise"];

/// Words that deny the acceptance after them ("15:15 would not work",
/// "can't" is spelled "can not" by [`Text`]).
const DENYING: &[&str] = &["not", "no", "never", "nor", "neither", "hardly", "barely"];

/// Words after "with" that accept its object in the writer's voice:
/// "happy with 15:15 too", "fine with Lantern as well".
const CONTENT: &[&str] = &[
    "happy",
    "fine",
    "ok",
    "okay",
    "content",
    "comfortable",
    "glad",
    "good",
];

/// Verbs that accept their object in the writer's voice: "I'd also
/// accept 15:15", "would take Lantern too".
const ACCEPTING_VERBS: &[&str] = &["accept", "take"];

/// Words that name every value offered at once: "either is fine", "both
/// work", "any of them would do".
const EVERY_OPTION: &[&str] = &["either", "both", "any", "whichever", "each"];

/// Words that may follow such a word before its verb: "either one", "any
/// of them", "both options".
const OPTION_NOUNS: &[&str] = &[
    "one", "of", "them", "these", "those", "option", "options", "way", "room", "rooms", "time",
    "times", "value", "values", "answer", "answers",
];

/// Whether `words` hold an additive word, or "as well".
fn additive(words: &[&str]) -> bool {
    words.iter().any(|w| ADDITIVE.contains(w)) || words.windows(2).any(|p| p == ["as", "well"])
}

/// Whether words `from..` of `text`, to the end of their sentence or
/// bracket, deny anything: "15:15 also works, but not for Felix".
fn denied_after(text: &Text, from: usize) -> bool {
    let Some(sentence) = text.words.get(from).map(|w| w.sentence) else {
        return false;
    };
    text.words[from..]
        .iter()
        .enumerate()
        .take(WINDOW)
        .take_while(|(k, w)| {
            w.sentence == sentence && (*k == 0 || !text.gap(from + k).contains([')', ']']))
        })
        .any(|(_, w)| DENYING.contains(&w.text.as_str()))
}

/// Whether the value at words `start..end` of `text` is called acceptable
/// as well (see the module doc): as the subject of a word of accepting
/// with an additive word ("15:15 also works", "is fine too", "would also
/// do", "works as well"), or as the object of the writer's acceptance
/// ("happy with 15:15 too", "I'd also accept 15:15"); never when a denial
/// follows in its sentence.
pub(super) fn accepted_too(text: &Text, start: usize, end: usize) -> bool {
    let words = &text.words;
    let Some(clause) = words.get(start).map(|w| w.clause) else {
        return false;
    };
    let after: Vec<&str> = words[end.min(words.len())..]
        .iter()
        .take(WINDOW)
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    if denied_after(text, end) {
        return false;
    }
    // "15:15 would also be fine", "15:15 works as well", "is fine by me too".
    let as_subject = after
        .iter()
        .position(|w| !LEADS.contains(w))
        .is_some_and(|k| {
            ACCEPTING.contains(&after[k])
                && (additive(&after[..k]) || additive(&after[k + 1..after.len().min(k + 4)]))
        });
    // "happy with 15:15 too", "also fine with Lantern", "I'd also accept 15:15".
    let before = clause_before(text, start);
    let nearest: Vec<&str> = before
        .iter()
        .copied()
        .filter(|w| !matches!(*w, "the" | "a" | "an"))
        .collect();
    let accepts_object = match nearest.as_slice() {
        ["with", content, ..] => CONTENT.contains(content),
        [verb, ..] => ACCEPTING_VERBS.contains(verb),
        [] => false,
    };
    let as_object = accepts_object
        && !before.iter().any(|w| DENYING.contains(w))
        && (additive(&before) || additive(&after));
    as_subject || as_object
}

/// Whether words `from..` of `text` call every value offered acceptable,
/// with no denial: "either is fine", "both work", "any of them would
/// do". With another value named in the same asides, that value is
/// offered.
pub(super) fn every_option_accepted(text: &Text, from: usize) -> bool {
    let words = &text.words;
    (from..words.len()).any(|at| {
        if !EVERY_OPTION.contains(&words[at].text.as_str()) {
            return false;
        }
        let clause = words[at].clause;
        let rest: Vec<&str> = words[at + 1..]
            .iter()
            .take(WINDOW)
            .take_while(|w| w.clause == clause)
            .map(|w| w.text.as_str())
            .collect();
        let verb = rest
            .iter()
            .find(|w| !LEADS.contains(w) && !OPTION_NOUNS.contains(w));
        verb.is_some_and(|w| ACCEPTING.contains(w)) && !rest.iter().any(|w| DENYING.contains(w))
    })
}

/// `clause` without its additive words ("15:15 too", "also 15:15",
/// "15:15 as well"), when it holds one: what is left is a value offered
/// as well if it reads as one by itself. `None` for a clause with no
/// additive word.
pub(super) fn without_additive(clause: &str) -> Option<String> {
    let words: Vec<&str> = clause.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let lowered: Vec<String> = words.iter().map(|w| bare(w)).collect();
    let mut kept = Vec::new();
    let mut found = false;
    let mut k = 0;
    while k < words.len() {
        let w = lowered[k].as_str();
        if ADDITIVE.contains(&w) {
            found = true;
        } else if w == "as" && lowered.get(k + 1).is_some_and(|n| n == "well") {
            found = true;
            k += 1;
        } else {
            kept.push(words[k]);
        }
        k += 1;
    }
    found.then(|| kept.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the first number of `text` (its words) is accepted too.
    fn number_accepted(text: &str) -> bool {
        let t = Text::new(text);
        let at = t
            .words
            .iter()
            .position(|w| w.text.starts_with(|c: char| c.is_ascii_digit()))
            .unwrap_or(0);
        accepted_too(&t, at, at + 1)
    }

    #[test]
    fn another_value_called_acceptable_too() {
        for text in [
            "15 also works",
            "15 is fine too",
            "15 would also do",
            "15 works as well",
            "15 is also fine",
            "15 would be OK too",
            "happy with 15 too",
            "15 works just as well",
            "15 is equally valid",
            "I'd also accept 15",
            "also fine with 15",
        ] {
            assert!(number_accepted(text), "{text:?}");
        }
        for text in [
            "15 would overrun the slot",
            "15 is booked",
            "15 would not work",
            "15 does not work either",
            "15 is too late",
            "15 works",
            "15 also works, but not for Felix",
            "not happy with 15 either",
            "15 dropped as well",
        ] {
            assert!(!number_accepted(text), "{text:?}");
        }
    }

    #[test]
    fn every_option_called_acceptable() {
        for text in [
            "either is fine",
            "both work",
            "any of them would do",
            "either one works",
        ] {
            assert!(every_option_accepted(&Text::new(text), 0), "{text:?}");
        }
        for text in [
            "neither works",
            "either way",
            "both are booked",
            "either is not fine",
        ] {
            assert!(!every_option_accepted(&Text::new(text), 0), "{text:?}");
        }
    }

    #[test]
    fn a_value_alone_with_an_additive_word() {
        assert_eq!(without_additive("15:15 too").as_deref(), Some("15:15"));
        assert_eq!(without_additive("also 15:15").as_deref(), Some("15:15"));
        assert_eq!(without_additive("15:15 as well").as_deref(), Some("15:15"));
        assert_eq!(without_additive("15:15"), None);
    }
}
