//! An outcome as the subject of what we can or cannot do with it, read
//! once per clause: "refunds of charges that old aren't something I can
//! authorise", "a refund is beyond what I can approve" refuse; "a refund
//! is something I can arrange today" promises.

use crate::support_triage::reply::clause::{self};
use crate::support_triage::reply::nouns::{PREPOSITIONS, object_after, outcome_noun, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::is_form_of;

use super::certainty::{LEANING, OPEN};
use super::lexicon::{lex, outcome_of};

/// A clause whose subject is an outcome and whose predicate says what we
/// can or cannot do with it, clause-local: "refunds of charges that old
/// aren't something I'm able to authorise", "a refund is something I can
/// arrange today", "waiving the fee isn't possible", "a refund is beyond
/// what I can approve".
pub(super) struct Predicate {
    /// The subject: words `from..subject_end`.
    pub(super) from: usize,
    pub(super) subject_end: usize,
    /// The form of "be" after the subject.
    pub(super) be: usize,
    /// The verb our side does it with ("authorise"), when one is named.
    pub(super) verb: Option<usize>,
    /// The predicate refuses it: negated ("isn't something I can",
    /// "is something I can't", "is not possible"), or beyond what we may
    /// do.
    pub(super) refused: bool,
}

/// Words a clause may open with before the subject of a [`Predicate`].
const BEFORE_A_PREDICATED_SUBJECT: &[&str] = &[
    "and",
    "but",
    "so",
    "or",
    "then",
    "also",
    "now",
    "still",
    "yet",
    "unfortunately",
    "sadly",
    "regrettably",
    "however",
    "honestly",
    "but",
];

/// Auxiliaries between a predicated subject and its "be" ("won't be",
/// "would not be", "is no longer").
const BEFORE_BE: &[&str] = &[
    "will", "would", "can", "could", "may", "might", "should", "must", "not", "never",
];

/// Adverbs between "be" and what it says of the subject.
const PREDICATE_ADVERBS: &[&str] = &[
    "really",
    "honestly",
    "unfortunately",
    "sadly",
    "simply",
    "just",
    "actually",
    "currently",
    "quite",
    "definitely",
    "certainly",
    "absolutely",
    "longer",
];

/// Words between our subject and the verb in "something I'm able to
/// authorise", "something the desk can approve".
const ABILITY_CHAIN: &[&str] = &[
    "can",
    "could",
    "will",
    "would",
    "shall",
    "am",
    "is",
    "are",
    "be",
    "able",
    "to",
    "not",
    "never",
    "unable",
    "going",
    "in",
    "a",
    "position",
    "personally",
    "really",
    "just",
    "ever",
    "have",
    "the",
    "authority",
    "power",
    "actually",
];

/// Whether the words from `k` are our side as a subject ("I", "we", "the
/// front desk", "our billing team"): the index after them.
fn our_subject_at(words: &[&str], k: usize) -> Option<usize> {
    match words.get(k).copied() {
        Some("i" | "we") => Some(k + 1),
        Some("the" | "our") => (k + 1..(k + 4).min(words.len()))
            .find(|&i| clause::OUR_SIDE.contains(&words[i]))
            .map(|i| i + 1),
        _ => None,
    }
}

/// The predicate of a clause whose subject is a noun phrase (no "we" or
/// "I" in it): "X is not something I can <verb>", "X is something we'll
/// <verb>", "X isn't possible / an option / available", "X is beyond what
/// I can <verb>". Saying what we cannot do is no promise (section 5); the
/// same frame that says what we can or will do still is (play-st24, B2).
/// `breaks`: the words that open a clause of the text layer inside this
/// one (after a label's colon or a comma); the subject starts after the
/// last of them before "be" ("The late fee on INV-77794: waiving it isn't
/// something I can do").
pub(super) fn predicate(words: &[&str], breaks: &[bool]) -> Option<Predicate> {
    let be = words
        .iter()
        .position(|w| matches!(*w, "is" | "are" | "was" | "were" | "be"))?;
    let opened = (0..be).rev().find(|&i| breaks[i]).unwrap_or(0);
    let from = (opened..be)
        .find(|&i| !words[i].is_empty() && !BEFORE_A_PREDICATED_SUBJECT.contains(&words[i]))?;
    let mut subject_end = be;
    while subject_end > from && BEFORE_BE.contains(&words[subject_end - 1]) {
        subject_end -= 1;
    }
    let subject = &words[from..subject_end];
    if subject.is_empty()
        || subject.len() > 10
        || subject
            .iter()
            .any(|w| matches!(*w, "we" | "i" | "us" | "what" | "who" | "there"))
    {
        return None;
    }
    let negator = |w: &str| matches!(w, "not" | "never" | "unable" | "no");
    let mut refused = words[subject_end..be].iter().any(|w| negator(w));
    let mut j = be + 1;
    while j < words.len() && (PREDICATE_ADVERBS.contains(&words[j]) || negator(words[j])) {
        refused |= negator(words[j]);
        j += 1;
    }
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    let predicate = |verb: Option<usize>, refused: bool| Predicate {
        from,
        subject_end,
        be,
        verb,
        refused,
    };
    match at(j) {
        "something" | "anything" => {
            let after = if matches!(at(j + 1), "that" | "which") {
                j + 2
            } else {
                j + 1
            };
            let mut v = our_subject_at(words, after)?;
            while v < words.len()
                && (ABILITY_CHAIN.contains(&words[v])
                    || (at(v + 1) == "to" && (words[v].ends_with("ed") || words[v] == "able")))
            {
                refused |= negator(words[v]);
                v += 1;
            }
            (v < words.len() && !words[v].is_empty()).then(|| predicate(Some(v), refused))
        }
        "possible" | "available" | "allowed" | "permitted" | "feasible" | "doable" if refused => {
            Some(predicate(None, true))
        }
        "impossible" | "unavailable" => Some(predicate(None, true)),
        "a" | "an" if refused && at(j + 1) == "option" => Some(predicate(None, true)),
        "on" if refused && at(j + 1) == "the" && at(j + 2) == "table" => {
            Some(predicate(None, true))
        }
        // "is beyond what I can approve", "is more than the desk can
        // authorise": a limit; "isn't beyond what I can" grants nothing
        // either way here.
        "beyond" | "outside" | "above" | "over" if !refused && at(j + 1) == "what" => {
            our_subject_at(words, j + 2).map(|_| predicate(None, true))
        }
        "more" if !refused && at(j + 1) == "than" => {
            our_subject_at(words, j + 2).map(|_| predicate(None, true))
        }
        _ => None,
    }
}

/// Words after a stranded preposition: a time or another preposition,
/// never the noun phrase it would govern.
const AFTER_A_STRANDED: &[&str] = &[
    "after", "once", "when", "later", "soon", "shortly", "then", "next", "until", "before",
];

/// Whether the verb at `v` ends with a preposition or particle whose object
/// is the predicated subject: "the VAT number is something we will return
/// to after the security matter", "something we'll get back to you on".
/// The subject is then a topic we come back to, not what the verb gives;
/// "something I can arrange for you" gives it.
fn stranded_after(words: &[&str], v: usize) -> bool {
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    let next = at(v + 1);
    let then = at(v + 2);
    matches!(next, "back" | "into" | "over" | "through")
        || (PREPOSITIONS.contains(&next)
            && (then.is_empty()
                || PREPOSITIONS.contains(&then)
                || AFTER_A_STRANDED.contains(&then)))
}

/// The outcome a [`Predicate`] is about: what its verb makes of the
/// subject ("the fee isn't something I can waive"), else the outcome its
/// subject names ("refunds of charges that old", "waiving the fee",
/// "restoring access"), else the one a pronoun subject stands for ("it is
/// something I can arrange"). A promise ("is something I can arrange")
/// needs a verb that gives and no hedge in the predicate.
pub(super) fn predicated_outcome(
    words: &[&str],
    p: &Predicate,
    stands_for: &dyn Fn() -> Option<Commitment>,
) -> Option<Commitment> {
    let verb = p.verb.map(|v| words[v]);
    if !p.refused {
        let gives = verb.is_some_and(|v| {
            let lx = lex(v);
            lx.giving || lx.granting || lx.family.is_some() || is_form_of(v, "do")
        });
        let hedged = words[p.be..p.verb.unwrap_or(p.be)]
            .iter()
            .any(|w| OPEN.contains(w) || LEANING.contains(w));
        if !gives || hedged || p.verb.is_some_and(|v| stranded_after(words, v)) {
            return None;
        }
    }
    let subject = p.from..p.subject_end;
    let alone = p.subject_end == p.from + 1 && matches!(words[p.from], "it" | "this" | "that");
    let head = subject.clone().rev().find_map(|i| thing(words[i]));
    if let Some(family) = verb.and_then(|v| lex(v).family)
        && let Some(outcome) = outcome_of(family, head)
    {
        return Some(outcome);
    }
    subject
        .clone()
        .find_map(|n| outcome_noun(words, n))
        .or_else(|| {
            subject.clone().find_map(|n| {
                let family = lex(words[n]).family.filter(|_| words[n].ends_with("ing"))?;
                outcome_of(family, object_after(words, n).map(|(_, t)| t))
            })
        })
        .or_else(|| if alone { stands_for() } else { None })
}
