//! What words stand for beyond their own clause: "it" for an outcome or a
//! thing named just before ("Your refund is approved. We are issuing it
//! today"), a request for what it asks ("your refund request"), and a
//! predicate for the subject an aside cut it from ("your refund (the
//! add-on you never used) | has been approved").

use crate::support_triage::reply::clause::{self, Clause, Opener, continued, has_subject};
use crate::support_triage::reply::nouns::{Thing, heads, object_after, outcome_noun, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::Text;

use super::lexicon::{
    IRREGULAR_PARTICIPLES, MENTION_FOLLOWERS, STATE_ADVERBS, an_amount, lex, outcome_of,
    outcome_verb,
};
use super::wishes::wish_start;

/// What the request at word `s` asks for, up to word `to`: the outcome
/// noun before it ("your refund request") or what follows it ("your
/// request for a refund").
pub(super) fn requested_outcome(words: &[&str], s: usize, to: usize) -> Option<Commitment> {
    let compound = s
        .checked_sub(1)
        .and_then(|m| outcome_noun(words, m))
        .filter(|c| !matches!(c, Commitment::Grant | Commitment::Deadline));
    compound.or_else(|| requested(words, s + 1, to))
}

/// What a request at words `from..to` asks for: an outcome noun ("for a
/// refund") or a verb of one with its object ("to delete your data"); a
/// passive's object is its subject ("whether the late fee can be
/// removed", "Can the fee be waived?").
fn requested(words: &[&str], from: usize, to: usize) -> Option<Commitment> {
    (from..to).find_map(|j| {
        if let Some(c) = outcome_noun(words, j).filter(|c| *c != Commitment::Grant) {
            return Some(c);
        }
        let family = lex(words[j]).family?;
        let passive = j > from && matches!(words[j - 1], "be" | "been" | "being");
        let object = object_after(&words[..to], j)
            .map(|(_, t)| t)
            .or_else(|| passive.then(|| passive_subject(&words[from..j])).flatten());
        outcome_of(family, object)
    })
}

/// The thing the first noun phrase of `words` names: the subject of a
/// passive read back from its verb ("the $49.00 late fee on INV-57092 |
/// can be removed").
fn passive_subject(words: &[&str]) -> Option<Thing> {
    heads(words).into_iter().find_map(|(_, _, t)| t)
}

/// Words that answer a yes-or-no question and say nothing more: "Yes,
/// absolutely.", "Of course!", "Certainly."
const AFFIRMATIONS: &[&str] = &[
    "yes",
    "yep",
    "yeah",
    "absolutely",
    "certainly",
    "definitely",
    "of",
    "course",
    "sure",
    "indeed",
    "gladly",
    "happily",
    "good",
    "news",
    "it",
    "is",
];

/// Whether `words` (a clause, blanks for asides) are an affirmation alone
/// ("Yes, absolutely", "Of course"), opening with a word of assent ("it
/// is" alone affirms nothing).
pub(super) fn bare_affirmation(words: &[&str]) -> bool {
    let said: Vec<&str> = words.iter().copied().filter(|w| !w.is_empty()).collect();
    let assents = said.first().is_some_and(|w| {
        matches!(
            *w,
            "yes" | "yep" | "yeah" | "absolutely" | "certainly" | "definitely" | "of" | "sure"
        )
    });
    assents && said.iter().all(|w| AFFIRMATIONS.contains(w))
}

/// Verbs that report a question asked: "you asked whether ...", "you
/// wondered if ...", "you wanted to know whether ...".
const ASKING_WHETHER: &[&str] = &[
    "ask", "wonder", "know", "enquire", "inquire", "query", "check",
];

/// Whether clause `at` is a yes-or-no question restated in indirect
/// speech: a "whether" clause, or an "if" clause right after a verb of
/// asking, after a clause that reports the customer's question ("You
/// asked whether the fee can be removed", "you wanted to know if ...").
fn indirect_question(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let clause = &clauses[at];
    let Some(before) = at.checked_sub(1).map(|b| &clauses[b]) else {
        return false;
    };
    if before.sentence != clause.sentence {
        return false;
    }
    let asking = before.texts(text);
    let reports = asking.contains(&"you")
        && asking
            .iter()
            .any(|w| crate::text::base_of(w, ASKING_WHETHER).is_some());
    let after_asking = asking
        .last()
        .is_some_and(|w| crate::text::base_of(w, ASKING_WHETHER).is_some());
    match clause.opener {
        Some(Opener::Whether) => reports,
        Some(Opener::Condition) => reports && after_asking,
        _ => false,
    }
}

/// A request restated before a grant ([`restated_request`]): the outcome
/// it asks for, and whether it was asked as a question, which a bare "yes"
/// can answer.
pub(super) struct Restated {
    pub(super) outcome: Commitment,
    pub(super) question: bool,
}

/// The request restated just before clause `at`: the nearest earlier
/// clause, in its sentence or the one before, that restates the
/// customer's wish ("You asked us to waive the late fee on INV-44503") or
/// asks it back, as a direct question ("Could we waive the late fee?",
/// "Can the fee be removed?") or in indirect speech ("You asked whether
/// the fee can be removed"). A grant that refers back to it ("We have.",
/// "that's done", "I'm happy to do that") grants what it asks for; a bare
/// answer between ("Yes, absolutely.") answers it, so a grant after that
/// ("Consider it done.") reaches one sentence further back.
pub(super) fn restated_request(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    aside: &[bool],
) -> Option<Restated> {
    let questions = clause::question_sentences(text);
    let mut reach = clauses[at].sentence.saturating_sub(1);
    for b in (0..at).rev() {
        if clauses[b].sentence < reach {
            return None;
        }
        let words = blanked(text, &clauses[b], aside);
        if clauses[b].sentence < clauses[at].sentence && bare_affirmation(&words) {
            let whole_sentence = clauses
                .iter()
                .filter(|c| c.sentence == clauses[b].sentence)
                .count()
                == 1;
            if whole_sentence {
                reach = reach.saturating_sub(1);
            }
            continue;
        }
        let direct = questions.contains(&clauses[b].sentence);
        let indirect = indirect_question(text, clauses, b);
        let (from, question) = match wish_start(&words) {
            Some(wish) => (wish, false),
            None if direct || indirect => (0, true),
            None => continue,
        };
        if let Some(outcome) = requested(&words, from, words.len()) {
            return Some(Restated { outcome, question });
        }
    }
    None
}

/// What "it" stands for in clause `at`: the last noun phrase head of the
/// nearest earlier clause (of this sentence or the one before) that names
/// a fee, money, data or the account ("I've removed the late fee from
/// your invoice. It'll drop off within two days").
pub(super) fn antecedent(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    aside: &[bool],
) -> Option<Thing> {
    let sentence = clauses[at].sentence;
    clauses[..at]
        .iter()
        .rev()
        .take_while(|c| c.sentence + 2 >= sentence)
        .find_map(|c| {
            let words: Vec<&str> = (c.from..c.to)
                .map(|i| {
                    if aside[i] {
                        ""
                    } else {
                        text.words[i].text.as_str()
                    }
                })
                .collect();
            // "3. Once it's removed, ...": a list item's number is no
            // amount "it" could stand for, nor is an amount given again
            // in brackets ("(CA$68.00, about US$51.00)").
            if words.iter().all(|w| {
                w.is_empty()
                    || crate::text::number_value(w).is_some()
                    || matches!(
                        *w,
                        "about"
                            | "around"
                            | "approximately"
                            | "roughly"
                            | "or"
                            | "us"
                            | "ca"
                            | "au"
                            | "usd"
                            | "cad"
                            | "eur"
                            | "gbp"
                            | "aud"
                    )
            }) {
                return None;
            }
            let heads = heads(&words);
            // "the fee on INV-93048 is $50.00", "the fee will be removed
            // from the invoice": beside a fee, an amount or an invoice is
            // the fee's, and "it" is the fee (para-st, B3 and B4).
            if heads
                .iter()
                .any(|(_, noun, t)| *noun == Some(Commitment::Waiver) || *t == Some(Thing::Fee))
                || words.iter().any(|w| thing(w) == Some(Thing::Fee))
            {
                return Some(Some(Thing::Fee));
            }
            heads
                .into_iter()
                .rev()
                .find_map(|(_, noun, t)| match (noun, t) {
                    (Some(Commitment::Refund), _) => Some(Some(Thing::Money)),
                    (Some(Commitment::Waiver), _) => Some(Some(Thing::Fee)),
                    (Some(Commitment::Deletion), _) => Some(Some(Thing::Data)),
                    (_, Some(t @ (Thing::Fee | Thing::Money | Thing::Data | Thing::Account))) => {
                        Some(Some(t))
                    }
                    // A noun of talk ("your question about the charge"):
                    // the pronoun stands for the talk, which is no thing
                    // an outcome is done to.
                    (None, None) => Some(None),
                    _ => None,
                })
        })
        .flatten()
}

/// The words of `clause`, a bracketed aside's blank.
pub(super) fn blanked<'t>(text: &'t Text, clause: &Clause, aside: &[bool]) -> Vec<&'t str> {
    (clause.from..clause.to)
        .map(|i| {
            if aside[i] {
                ""
            } else {
                text.words[i].text.as_str()
            }
        })
        .collect()
}

/// The outcome "it" stands for in clause `at`: the last head of the
/// clause right before it (in its sentence or the one before; for a
/// predicate an aside cut from its subject, that subject), when the head
/// names an outcome ("Your refund of £232.00 is approved. We are issuing
/// it today"); a request stands for what it requests ("thanks for your
/// refund request; we've approved it"). Only the clause right before: a
/// pronoun further from an outcome may stand for anything named between
/// ("You asked for a refund. Please send the invoice number and we will
/// process it").
pub(super) fn outcome_antecedent(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    aside: &[bool],
) -> Option<Commitment> {
    // A heading between ("### When", "**Timing**") titles what follows;
    // the pronoun stands for what the text said before it, unless the
    // heading names a thing itself ("**Your refund request**").
    let mut before = at.checked_sub(1)?;
    let mut titled = false;
    while clause::heading(text, &clauses[before])
        && heads(&blanked(text, &clauses[before], aside)).is_empty()
    {
        before = before.checked_sub(1)?;
        titled = true;
    }
    if !titled && clauses[before].sentence + 1 < clauses[at].sentence {
        return None;
    }
    let mut before = interrupted_subject(text, clauses, before).unwrap_or(before);
    // "... which makes your refund $297.00. It has been issued", "Your
    // refund comes to £159.00, the full amount. It has been issued": an
    // amount after the outcome, in its clause or in apposition after it,
    // is what the outcome comes to; "it" stands for the outcome
    // (play-para-st8, B6).
    let (words, i, noun) = loop {
        let words = blanked(text, &clauses[before], aside);
        let found = heads(&words);
        let named = found
            .iter()
            .rposition(|&(i, noun, _)| noun.is_some() || !an_amount(words[i]));
        if let Some(h) = named {
            let (i, noun, _) = found[h];
            break (words, i, noun);
        }
        let earlier = before.checked_sub(1)?;
        if found.is_empty() || clauses[earlier].sentence != clauses[before].sentence {
            return None;
        }
        before = earlier;
    };
    match noun? {
        Commitment::Grant => requested_outcome(&words, i, words.len()).or(noun),
        Commitment::Deadline => None,
        // "our refund policy": talked about, not given.
        _ if words
            .get(i + 1)
            .is_some_and(|n| MENTION_FOLLOWERS.contains(n)) =>
        {
            None
        }
        c => Some(c),
    }
}

/// The words holding the subject of clause `at` when `at` is a state
/// with no subject of its own that a line's label hands one: the rest of
/// a label's value after a comma ("Late fee: £42.00, now waived"), or a
/// status after a dash ("Late fee: €32.00 - waived", "Late fee - waived",
/// "€32.00 late fee – waived as a one-off"). The label and what it gave
/// first, from the start of the line to the comma or dash.
pub(super) fn labelled_subject(text: &Text, clauses: &[Clause], at: usize) -> Option<Clause> {
    let clause = &clauses[at];
    if clause.opener.is_some() {
        return None;
    }
    let words = clause.texts(text);
    let first = words.iter().find(|w| !STATE_ADVERBS.contains(w))?;
    let participle = first.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(first);
    if !participle || has_subject(&words) {
        return None;
    }
    let line = clauses[..at]
        .iter()
        .position(|c| c.sentence == clause.sentence)?;
    let from = clauses[line].from;
    let subject = |previous: usize| {
        Some(Clause {
            from,
            ..clauses[previous]
        })
    };
    if let Some(previous) = continued(clauses, at) {
        let labelled = (from + 1..clauses[previous].to).any(|i| {
            let gap = text.gap(i);
            gap.contains(':') && !gap.contains('\n')
        });
        return if labelled { subject(previous) } else { None };
    }
    if dashed_status(text, clauses, line, at) {
        subject(at - 1)
    } else {
        None
    }
}

/// Whether clause `at` is a status set off by a dash from the noun phrase
/// that opens its line (clauses `line..at`, a label and the value it
/// gives), as a label's colon sets off its value: "Late fee - waived",
/// "2. Late fee: €32.00 – waived". The words before the dash name what the
/// line is about, with no verb, person or joining word of their own ("We
/// looked at the fee - waived fees are rare" is a sentence with its own
/// subject), and the status has no verb of its own after its participle
/// ("the late fee - waived fees are rare" makes the participle a noun's).
fn dashed_status(text: &Text, clauses: &[Clause], line: usize, at: usize) -> bool {
    let gap = text.gap(clauses[at].from);
    let dashed = !gap.contains('\n')
        && (crate::text::aside::spaced_dash(gap) || gap.contains(['\u{2013}', '\u{2014}']));
    let verbless = |c: &Clause| {
        let words = c.texts(text);
        c.opener.is_none()
            && !has_subject(&words)
            && !words.iter().any(|w| clause::CLAUSE_WORDS.contains(w))
    };
    dashed && line < at && clauses[line..=at].iter().all(verbless)
}

/// Words a predicate with no subject of its own opens with.
const PREDICATE_OPENERS: &[&str] = &[
    "is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should",
    "shall", "may", "might", "must",
];

/// The clause holding the subject of clause `at`, when `at` is a
/// predicate with no subject of its own ("has been approved") right after
/// asides that cut it from its subject: a bracketed or dashed aside ("your
/// refund for INV-12245 (the add-on you never used) has been approved"), a
/// relative clause ("your refund, which covers the add-on, is approved")
/// or an "as" aside ("your refund, as agreed, is approved"). The subject
/// is in the nearest earlier clause of the sentence that is no aside.
pub(super) fn interrupted_subject(text: &Text, clauses: &[Clause], at: usize) -> Option<usize> {
    let clause = &clauses[at];
    let words = clause.texts(text);
    // "refund of CA$390.00 (6 unused months of the annual plan) approved;
    // issued today": a telegraphic predicate opens with its participle
    // (play-para-st14, B1), "now approved" with a state adverb first.
    let first = words.iter().find(|w| !STATE_ADVERBS.contains(w))?;
    let participle = first.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(first);
    if clause.opener.is_some()
        || !(PREDICATE_OPENERS.contains(&words[0]) || (participle && !has_subject(&words)))
    {
        return None;
    }
    let aside = |k: usize| {
        let c = &clauses[k];
        let opening = text.words.get(c.from).map_or("", |w| w.text.as_str());
        let gap = text.gap(c.from);
        // "Your refund, CA$390.00 for the unused months, has been
        // approved", "your money, every cent of it, will be refunded": a
        // noun phrase set off by commas with no verb or person of its own
        // is an appositive. It renames the noun phrase before it; after a
        // fronted adverbial ("As soon as you do, your data, backups
        // included, will be erased") the first such phrase is the subject.
        let words = c.texts(text);
        let appositive = gap.contains(',')
            && c.opener.is_none()
            && !words.iter().enumerate().any(|(i, w)| {
                let partitive = i > 0 && words[i - 1] == "of" && matches!(*w, "it" | "them");
                (clause::CLAUSE_WORDS.contains(w) && !partitive) || outcome_verb(w)
            })
            && k > 0
            && clauses[k - 1].sentence == c.sentence
            && !fronted_adverbial(text, &clauses[k - 1]);
        c.opener == Some(Opener::Which)
            || gap.contains(['(', '[', '\u{2013}', '\u{2014}'])
            || gap.contains(" - ")
            || matches!(opening, "who" | "which" | "as")
            || appositive
    };
    let mut k = at;
    while k > 0 && clauses[k - 1].sentence == clause.sentence && aside(k - 1) {
        k -= 1;
    }
    (k < at && k > 0 && clauses[k - 1].sentence == clause.sentence).then(|| k - 1)
}

/// Words that open an adverbial clause or phrase put before its
/// sentence's subject: "as soon as you do", "when you're back", "after
/// that", "as requested".
const ADVERBIAL_OPENINGS: &[&str] = &[
    "as", "when", "whenever", "after", "before", "since", "until", "till", "once", "upon", "now",
];

/// Whether `clause` is an adverbial put before a subject ("As soon as you
/// do", "Once verified", "After that"): no noun phrase an appositive after
/// it could rename.
fn fronted_adverbial(text: &Text, clause: &Clause) -> bool {
    clause.opener.is_some()
        || text
            .words
            .get(clause.from)
            .is_some_and(|w| ADVERBIAL_OPENINGS.contains(&w.text.as_str()))
}
