//! A value the writer considered and set aside beside the one they chose:
//! "AMBER \u{2014} I'd nearly put her at RED for the panic attacks, but those
//! stopped in November", "AMBER; I was tempted by RED", "AMBER \u{2014} RED
//! crossed my mind, but ...", "AMBER: close to RED but not there". A person
//! reads one value there, so a one-value field's reader leaves the set-aside
//! value out before it looks for a hedge ([`chosen_words`]).
//!
//! What sets a value aside is the writer's own weighing of it, said as done
//! and not taken: a choice they nearly made ("I nearly put her at RED", "I'd
//! almost have called it RED, but ..."), a temptation past ("I was tempted
//! by RED", "it was tempting to call it RED"), a value that crossed their
//! mind or that they considered, then a "but" ("RED crossed my mind, but the
//! attacks stopped", "I considered RED, however ..."), a value said to be
//! near and then denied ("close to RED but not there", "nearly RED, but she
//! isn't"), or near in a concession after the value chosen ("moderate, though
//! close to severe", "AMBER, but nearly RED": the value it comes near is the
//! one it is not). A value still offered is no such thing and stays a hedge:
//! "AMBER, maybe RED", "AMBER or RED", "AMBER, nearly RED", "AMBER, close to RED",
//! "AMBER \u{2014} I'd nearly put her at RED." (a choice nearly made now, with
//! no reason against it), and a value weighed with a "but" that doubts ("I
//! considered RED, but maybe it fits").

use super::hedge::{Mention, OneValue, stated};
use super::inflection::is_form_of;
use super::words::Text;

/// The values a one-value field states ([`crate::text::stated`]), each value written as
/// one word (`value_of` names the value a word is, if any), leaving out the
/// mentions the writer considered and set aside
/// ([`considered_and_set_aside`]).
pub fn chosen_words<T: Ord + Clone>(
    text: &Text,
    value_of: impl Fn(&str) -> Option<T>,
) -> OneValue<T> {
    let mentions: Vec<Mention<T>> = text
        .words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            Some(Mention {
                value: value_of(&w.text)?,
                start: i,
                end: i + 1,
            })
        })
        .filter(|m| !considered_and_set_aside(text, m.start, m.end))
        .collect();
    stated(text, &mentions)
}

/// How many words before a mention, in its clause, the weighing of it is
/// looked for, and how many after it a "but" is: bounded so that reading
/// stays linear however long a clause is.
const REACH: usize = 12;

/// Words "nearly" or "almost" stands before when the writer nearly chose.
const NEARLY: &[&str] = &["nearly", "almost"];

/// Verbs of choosing a value: "I nearly put her at RED", "I almost went
/// with RED", "I'd nearly have rated it RED".
const CHOOSING: &[&str] = &[
    "put", "rate", "call", "class", "classify", "place", "go", "went", "gone", "opt", "pick",
    "choose", "chose", "chosen", "make", "mark", "have", "tier", "score", "grade", "give", "bump",
    "move", "push", "settle", "land", "flag", "label", "assign", "slot", "file", "say", "said",
    "escalate",
];

/// Verbs of weighing a value the writer did not take, when a "but" follows:
/// "I considered RED, but", "I thought about RED, but".
const WEIGHING: &[&str] = &[
    "consider",
    "weigh",
    "think",
    "thought",
    "look",
    "wonder",
    "debate",
    "toy",
    "entertain",
];

/// What may follow a value that crossed the writer's mind: "RED crossed my
/// mind", "RED came to mind", "RED occurred to me".
const CAME_TO_MIND: &[&[&str]] = &[
    &["crossed", "my", "mind"],
    &["crossed", "our", "minds"],
    &["came", "to", "mind"],
    &["sprang", "to", "mind"],
    &["occurred", "to", "me"],
    &["occurred", "to", "us"],
    &["was", "tempting"],
    &["was", "on", "the", "table"],
];

/// Words that say a value is near without choosing it: "close to RED",
/// "bordering on RED".
const NEAR: &[&str] = &[
    "close",
    "near",
    "nearly",
    "almost",
    "bordering",
    "verging",
    "approaching",
];

/// Words that open the case against the value weighed.
const CONTRASTS: &[&str] = &["but", "however", "though", "although"];

/// Words of doubt that keep a value weighed on offer after its "but": "RED
/// crossed my mind, but maybe it fits", "I considered RED, but I'm not
/// sure".
const DOUBTS: &[&str] = &[
    "maybe",
    "perhaps",
    "possibly",
    "probably",
    "might",
    "could",
    "may",
    "unsure",
    "unclear",
    "uncertain",
    "undecided",
    "if",
    "unless",
    "arguably",
    "or",
];

/// Whether word `k` (`word`) doubts: one of [`DOUBTS`], "not sure", but
/// not the month ("stopped in May").
fn doubts(text: &Text, k: usize, word: &str) -> bool {
    let after = |words: &[&str]| {
        k.checked_sub(1)
            .and_then(|b| text.words.get(b))
            .is_some_and(|b| words.contains(&b.text.as_str()))
    };
    match word {
        "sure" => after(&["not"]),
        "may" => !after(MONTH_BEFORE),
        _ => DOUBTS.contains(&word),
    }
}

/// Words before "May" the month: "in May", "since May", "mid May".
const MONTH_BEFORE: &[&str] = &[
    "in", "since", "from", "until", "till", "by", "of", "early", "late", "mid", "end", "before",
    "after", "during", "last", "this", "next",
];

/// First-person subjects: the writer's own weighing.
const WRITER: &[&str] = &["i", "we"];

/// Whether the mention at words `start..end` names a value the writer
/// considered and set aside (see the module's documentation).
pub fn considered_and_set_aside(text: &Text, start: usize, end: usize) -> bool {
    let Some(word) = text.words.get(start) else {
        return false;
    };
    let before: Vec<&str> = text.words[..start]
        .iter()
        .rev()
        .take(REACH)
        .take_while(|w| w.clause == word.clause)
        .map(|w| w.text.as_str())
        .collect();
    let against = case_against(text, end);
    nearly_chosen(&before, against.is_some())
        || tempted(&before, against.is_some())
        || (against.is_some() && (weighed(&before) || came_to_mind(text, end)))
        || against.is_some_and(|at| near_then_denied(text, &before, at))
        || conceded_near(&before)
}

/// The index of the contrast word after the mention ending at `end`, in its
/// sentence, that opens a case against it with no doubt in it.
fn case_against(text: &Text, end: usize) -> Option<usize> {
    let sentence = text.words.get(end.checked_sub(1)?)?.sentence;
    let ahead = || {
        text.words
            .iter()
            .enumerate()
            .skip(end)
            .take_while(move |(_, w)| w.sentence == sentence)
    };
    let (at, _) = ahead()
        .take(REACH)
        .find(|(_, w)| CONTRASTS.contains(&w.text.as_str()))?;
    let doubt = ahead()
        .skip_while(|(k, _)| *k <= at)
        .take(REACH)
        .any(|(k, w)| doubts(text, k, &w.text));
    (!doubt).then_some(at)
}

/// "I nearly put her at RED", "I'd almost have called it RED, but ...": the
/// writer as the subject of "nearly" or "almost" before a choosing verb
/// (nearest first in `before`). A choice nearly made now ("I'd nearly put
/// her at RED") is set aside only with a case against it after it.
fn nearly_chosen(before: &[&str], against: bool) -> bool {
    before.iter().enumerate().any(|(k, w)| {
        // The verb comes between "nearly" and the value.
        let Some(verb) = k.checked_sub(1).map(|v| before[v]) else {
            return false;
        };
        if !NEARLY.contains(w) || !CHOOSING.iter().any(|c| is_form_of(verb, c)) {
            return false;
        }
        let subject: Vec<&str> = before[k + 1..].iter().take(3).copied().collect();
        let now = subject.first() == Some(&"would");
        let writer = match subject.as_slice() {
            [first, ..] if WRITER.contains(first) => true,
            ["would" | "had" | "did" | "could", second, ..] => WRITER.contains(second),
            _ => false,
        };
        writer && (!now || against)
    })
}

/// "I was tempted by RED", "it was tempting to call it RED", "I'm tempted
/// to say RED, but ...": a temptation before the value, past or with a
/// case against it.
fn tempted(before: &[&str], against: bool) -> bool {
    before.iter().enumerate().any(|(k, w)| {
        matches!(*w, "tempted" | "tempting")
            && (against
                || before[k + 1..]
                    .iter()
                    .take(2)
                    .any(|b| matches!(*b, "was" | "were" | "been")))
    })
}

/// "I considered RED", "we thought about RED": the writer weighing the
/// value, in its clause before it.
fn weighed(before: &[&str]) -> bool {
    before.iter().enumerate().any(|(k, w)| {
        WEIGHING.iter().any(|v| is_form_of(w, v))
            && before
                .get(k + 1)
                .is_some_and(|s| WRITER.contains(s) || *s == "would")
    })
}

/// "RED crossed my mind", "RED came to mind": the value as what the writer
/// thought of, right after it.
fn came_to_mind(text: &Text, end: usize) -> bool {
    CAME_TO_MIND.iter().any(|phrase| {
        phrase.iter().enumerate().all(|(k, p)| {
            text.words
                .get(end + k)
                .is_some_and(|w| w.text == *p && w.sentence == text.words[end - 1].sentence)
        })
    })
}

/// "close to RED but not there", "nearly RED, but she isn't": a value said
/// to be near, then denied right after the contrast at word `contrast`.
fn near_then_denied(text: &Text, before: &[&str], contrast: usize) -> bool {
    let near = before
        .iter()
        .take(3)
        .any(|w| NEAR.contains(w) || *w == "short");
    near && text
        .words
        .iter()
        .skip(contrast + 1)
        .take(3)
        .any(|w| matches!(w.text.as_str(), "not" | "never" | "short"))
}

/// "though close to RED", "but nearly RED", "although it is close to RED"
/// (nearest first in `before`): a value said to be near after a concession,
/// a few words before the near word.
fn conceded_near(before: &[&str]) -> bool {
    before
        .iter()
        .take(3)
        .position(|w| NEAR.contains(w))
        .is_some_and(|k| {
            before
                .iter()
                .skip(k + 1)
                .take(3)
                .any(|w| CONTRASTS.contains(w))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tier(field: &str) -> OneValue<&'static str> {
        chosen_words(&Text::new(field), |w| {
            ["critical", "red", "amber", "green"]
                .into_iter()
                .find(|t| *t == w)
        })
    }

    #[test]
    fn a_value_considered_and_set_aside_is_no_hedge() {
        for field in [
            "AMBER \u{2014} I'd nearly put her at RED for the panic attacks, but those stopped in \
             November and don't count now.",
            "AMBER. I nearly put her at RED.",
            "AMBER; I was tempted by RED because of the panic attacks.",
            "AMBER \u{2014} it was tempting to call it RED, but the attacks stopped.",
            "AMBER \u{2014} RED crossed my mind, but the panic attacks stopped in November.",
            "AMBER: close to RED but not there.",
            "AMBER (I almost went with RED, but the attacks are in the past)",
            "AMBER; I considered RED, however the attacks stopped in November.",
            "I was tempted by RED, but AMBER is right: the attacks stopped.",
            "AMBER \u{2014} nearly RED, but she isn't.",
            // The value it comes near conceded after the one chosen
            // (play-it42 C1).
            "AMBER, though close to RED",
            "AMBER, but nearly RED",
            "AMBER (although she is close to RED)",
            "Though close to RED, AMBER.",
        ] {
            assert_eq!(tier(field), OneValue::One("amber"), "{field:?}");
        }
    }

    #[test]
    fn a_value_still_offered_stays_a_hedge() {
        for field in [
            "AMBER, maybe RED",
            "AMBER or RED",
            "AMBER, nearly RED",
            "AMBER, close to RED",
            "AMBER \u{2014} I'd nearly put her at RED.",
            "AMBER; I considered RED, but maybe it fits.",
            "AMBER, bordering on RED",
            "AMBER, though maybe RED",
            "AMBER, but RED",
        ] {
            assert!(tier(field).is_hedged(), "{field:?} read {:?}", tier(field));
        }
        // The right value set aside leaves the other.
        assert_eq!(
            tier("I was tempted by AMBER, but RED is right."),
            OneValue::One("red")
        );
        assert_eq!(tier(""), OneValue::Missing);
    }
}
