//! What a reply promises, as meaning classes rather than phrases.
//!
//! A promise is an outcome ([`Commitment`]) with someone behind it and a
//! certainty, read in one of five frames:
//! 1. a deed by our side: "we will refund you", "I've removed the fee",
//!    "we'll get rid of your data", "we'll restore your access";
//! 2. a gift or a receipt: "we will issue a full refund", "we can offer you
//!    a free month", "you'll get your money back", "expect the credit on
//!    your next invoice";
//! 3. an outcome stated: "refund approved", "your data is gone", "the fee
//!    has been taken off", "your refund is on its way";
//! 4. an outcome said by denying its opposite: "the fee won't apply",
//!    "you don't owe the late fee", "we will no longer hold any of your
//!    data", "nothing will remain";
//! 5. access given back: "you'll be able to sign in again", "we'll get you
//!    back in".
//!
//! The verb or noun decides the class, or its object does ("remove the
//! fee" waives, "remove your data" deletes, "reverse the charge"
//! refunds). A date by which the case will be resolved is a promise too
//! ([`Commitment::Deadline`]): "this will be resolved by Friday".
//!
//! Certainty: "will", "have done", "is done", "can", "promise" are firm;
//! "may", "might", "could" leave the outcome open and promise nothing;
//! "probably", "try to", "hope to" lean towards it ([`Reading::leaning`]).
//! Habits and rules ("we usually refund charges", "we refund charges
//! within 30 days") are not promises, and neither is a limit on what we
//! may do ("the fee is above the amount the desk can waive", "outside
//! what the desk can refund"), nor an outcome as the subject of what we
//! cannot do ("refunds of charges that old aren't something I can
//! authorise", "a refund isn't possible"): what we cannot do. Negation
//! (the shared [`crate::text::negated`], scoped by clause) turns a promise
//! into a refusal ([`Reading::declined`]). A genuine condition (a supervisor's
//! approval, a review, eligibility: "if our supervisor approves it, we
//! will refund you", "whether a refund is possible") leaves its clauses
//! open; a condition on the customer's own consent or action ("if you
//! confirm, we'll refund you") does not, and neither does "once", which
//! presupposes what it waits for. The customer's own words ("you asked us
//! to delete it") promise nothing.

use super::clause::{Clause, Occurrences, Opener, continued, has_subject, ours};
use super::fee_sums::{fee_sums, is_fee_sum};
use super::give_back;
use super::next_step;
use super::nouns::{
    PREPOSITIONS, Thing, ends_compound_noun, heads, object_after, outcome_noun, pronoun,
    stands_alone, subject_before, thing,
};
use super::reading::{Commitment, Finding, Move, Reading};
use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::text::{Text, base_of, bases_of, is_form_of, negated};

/// How sure a promise is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Certainty {
    Firm,
    Leaning,
    /// May or may not happen: no promise.
    Open,
    /// A habit or a rule, not this customer's outcome.
    Generic,
}

/// One outcome found in a clause, with the words it was read from.
struct Found {
    outcome: Commitment,
    /// Word indices (of the whole [`Text`]) to test for negation.
    at: [usize; 2],
    /// The outcome is said by denying its opposite (frame 4): negation is
    /// what makes it a promise.
    by_denial: bool,
    /// The outcome is the subject of a refusal ("refunds of charges that
    /// old aren't something I can authorise", "a refund is beyond what I
    /// can approve"): declined, whatever negation reaches its words.
    refused: bool,
}

/// Read every clause for promises and refusals.
/// Returns the sentences that hold a firm promise, which [`super::next_step`]
/// reads a time near as the promise's date.
pub(super) fn read(
    text: &Text,
    clauses: &[Clause],
    known_fees: &[String],
    reading: &mut Reading,
) -> Vec<u32> {
    let mut promising = Vec::new();
    let mut fees = fee_sums(text);
    fees.extend(known_fees.iter().cloned());
    let conditioned = conditioned(text, clauses);
    let questions = super::clause::question_sentences(text);
    let offered = Occurrences::of(text, OFFERS).sentences(text);
    let mut aside = vec![false; text.len()];
    for (from, to) in super::clause::asides(text) {
        aside[from..=to].fill(true);
    }
    let all: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    // Each finding, its word and its clause, recorded once the whole reply
    // is read.
    let mut findings: Vec<(Finding, usize, usize)> = Vec::new();
    for (at, clause) in clauses.iter().enumerate() {
        if conditioned[at] {
            continue;
        }
        let question = questions.contains(&clause.sentence) && !offered.contains(&clause.sentence);
        // "We won't refund the charge, waive the fee or credit you".
        let list_negated = super::clause::negated_item(text, clauses, at, outcome_verb);
        for found in frames(text, clauses, at, &aside, &fees) {
            if restates(text, &all, clause, &found, &promising) {
                continue;
            }
            let certainty = certainty(text, clauses, at, found.at[0]);
            let negative = match found.at.iter().find_map(|&i| too_to(text, clause, i)) {
                // "too old for the desk to refund": the degree denies the
                // outcome; a negation after "too" denies it back ("too
                // important for us not to refund").
                Some(too) if !degree_denied(text, too) => {
                    !found.at.iter().any(|&i| negated_after_too(text, too, i))
                }
                // "it isn't too late for us to refund it": the negation is
                // the degree's, so it leaves the outcome possible.
                Some(too) => {
                    found.refused
                        || list_negated
                        || found.at.iter().any(|&i| negated_after_too(text, too, i))
                }
                None => {
                    found.refused
                        || list_negated
                        || found.at.iter().any(|&i| negated(text, i, i + 1))
                }
            };
            // "your account has not had a late fee waived before": what
            // did not happen in the past is the account's history (often
            // the policy's own condition), not a refusal now.
            let history = negative
                && ((found.at[0]..clause.to).any(|i| {
                    matches!(
                        text.words[i].text.as_str(),
                        "before" | "previously" | "ever" | "earlier" | "past" | "yet"
                    )
                }) || recent_record(text, clause, found.at[0]));
            // "If the refund has not appeared after 10 business days, reply
            // here": a negated outcome under a condition is what the
            // customer should do if it is late, not a refusal.
            let aftercare = negative && clause.opener == Some(Opener::Condition);
            // "we are not able to refund those six months (the other
            // CA$390.00)": declining a part of the outcome, beside the part
            // granted, declines nothing of what is given.
            let a_part = negative
                && !found.by_denial
                && ((found.at[0] + 1..clause.to)
                    .take(PART_REACH)
                    .any(|i| PARTS.contains(&text.words[i].text.as_str()))
                    || used_period(text, clause, found.at[0]));
            if history
                || aftercare
                || a_part
                || customers_own_time(text, clause, &found)
                || considered_and_set_aside(text, clauses, at, found.at[0])
            {
                continue;
            }
            let promised = negative == found.by_denial;
            match (promised, certainty) {
                (_, Certainty::Open | Certainty::Generic) => {}
                (true, _) if question => {}
                (true, Certainty::Firm) => {
                    findings.push((Finding::Move(Move::Commit(found.outcome)), found.at[0], at));
                    promising.push(clause.sentence);
                    reading.outcome_done |= found.at.iter().any(|&at| said_done(text, clause, at));
                }
                (true, Certainty::Leaning) => {
                    findings.push((Finding::Leaning(found.outcome), found.at[0], at));
                }
                (false, _) if !found.by_denial => {
                    findings.push((Finding::Declined(found.outcome), found.at[0], at));
                }
                (false, _) => {}
            }
        }
    }
    // In a reply that waives the fee, firmly and without a hedge, money
    // given back that refers to that fee is the waiver carried out
    // (policy section 5), whatever words call it.
    let has = |f: Finding| findings.iter().any(|(g, _, _)| *g == f);
    let waives = has(Finding::Move(Move::Commit(Commitment::Waiver)))
        && !has(Finding::Declined(Commitment::Waiver))
        && !has(Finding::Leaning(Commitment::Waiver));
    let waivers: Vec<usize> = findings
        .iter()
        .filter(|(f, _, _)| *f == Finding::Move(Move::Commit(Commitment::Waiver)))
        .map(|(_, word, _)| *word)
        .collect();
    for (finding, word, at) in findings {
        let finding = match finding {
            Finding::Move(Move::Commit(Commitment::Refund | Commitment::Credit))
                if waives
                    && moves_money_back(finding, text, word)
                    && give_back::waived_fee_given_back(
                        text, clauses, at, word, &fees, &waivers,
                    ) =>
            {
                Finding::Move(Move::Commit(Commitment::Waiver))
            }
            other => other,
        };
        reading.record(finding, text, word);
    }
    promising
}

/// How many words may stand between "too" and the "to" of its complement:
/// "too | bound up with the claim for the desk | to refund".
const TOO_TO_REACH: usize = 10;
/// How many words may stand between the complement's "to" and the outcome
/// verb: "to | be able to | refund", "to | credit or | refund".
const TO_TO_VERB: usize = 4;

/// Words that end a degree phrase before they reach its "to": a finite
/// verb, a subject of a clause of its own, a conjunction. "It is too old,
/// and we will refund it" has no complement.
const DEGREE_BREAKS: &[&str] = &[
    "we", "i", "they", "he", "she", "will", "would", "can", "could", "shall", "should", "may",
    "might", "must", "is", "are", "was", "were", "am", "has", "have", "had", "does", "did", "and",
    "but", "so", "because", "although", "though", "which", "who", "if", "unless", "when", "while",
    "than", "too",
];

/// The "too" of a degree complement whose verb is word `verb`: "too old for
/// the desk to refund", "too old for us to refund", "too old to be refunded
/// by the desk", "too bound up with the claim for the desk to refund", "too
/// old for the desk to credit or refund". Such a "too" says the outcome
/// cannot happen (play-st25, B1). A "too" with no degree word after it ("I
/// will refund it too, to be fair"), and "only too" and "all too" ("only too
/// happy to refund it", which is eager, not unable) are no such degree.
fn too_to(text: &Text, clause: &Clause, verb: usize) -> Option<usize> {
    let w = |i: usize| text.words[i].text.as_str();
    let sentence = text.words.get(verb)?.sentence;
    let same = |i: usize| i >= clause.from && text.words[i].sentence == sentence;
    // Back from the verb to the "to" of the complement, over a passive
    // "be", an ability ("to be able to") and coordinated outcome verbs.
    let to = (verb.saturating_sub(TO_TO_VERB)..verb).rev().find(|&i| {
        same(i)
            && w(i) == "to"
            && (i + 1..verb).all(|k| {
                matches!(w(k), "be" | "able" | "to" | "or" | "and" | "either") || outcome_verb(w(k))
            })
    })?;
    let too = (to.saturating_sub(TOO_TO_REACH)..to)
        .rev()
        .take_while(|&i| same(i))
        .find(|&i| w(i) == "too" || DEGREE_BREAKS.contains(&w(i)) || w(i).contains('\''))
        .filter(|&i| w(i) == "too")?;
    let degree_word = too + 1 < to && !matches!(w(too + 1), "for" | "to");
    let eager = too > 0 && matches!(w(too - 1), "only" | "all");
    (degree_word && !eager).then_some(too)
}

/// Whether the degree at "too" is itself denied: "not too old", "isn't too
/// late", "never too old".
fn degree_denied(text: &Text, too: usize) -> bool {
    crate::text::negation::negator_before(text, too).is_some()
}

/// Whether a negation between "too" and word `at` reaches `at`: "too
/// important for us not to refund".
fn negated_after_too(text: &Text, too: usize, at: usize) -> bool {
    crate::text::negation::negator_before(text, at).is_some_and(|n| n > too)
}

/// Whether a found give-back moves money back: any refund does; a credit
/// only when its verb credits or reimburses ("it will be credited back"),
/// not when it makes amends ("We'll make it up to you" after a waiver is
/// compensation of its own, whatever "it" refers to).
fn moves_money_back(finding: Finding, text: &Text, word: usize) -> bool {
    match finding {
        Finding::Move(Move::Commit(Commitment::Credit)) => text
            .words
            .get(word)
            .is_some_and(|w| w.text.starts_with("credit") || w.text.starts_with("reimburs")),
        _ => true,
    }
}

/// Past verbs of weighing an option, and the word each needs after it
/// ("looked at", "thought about"; "" for none).
const WEIGHED: &[(&str, &[&str])] = &[
    ("looked", &["at", "into"]),
    ("thought", &["about", "of"]),
    ("considered", &[]),
    ("explored", &[]),
    ("weighed", &[]),
    ("discussed", &[]),
    ("debated", &[]),
    ("contemplated", &[]),
    ("entertained", &[]),
];

/// How many words an option may stand after the verb that weighed it
/// ("looked at | offering a goodwill credit").
const WEIGHED_REACH: usize = 7;

/// Whether the outcome at word `at` of clause `clause` is an option we
/// weighed and set aside: the object of a past verb of weighing ("we also
/// looked at offering a goodwill credit instead", "we considered a
/// refund") in a sentence that turns from it ("..., but removing the fee
/// itself is the simpler fix", "... instead", "we decided against it")
/// (play-para-st8, B3). Weighed with no turn ("we looked at offering a
/// credit, and have added £20") it is left to the other readers.
fn considered_and_set_aside(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> bool {
    let this = &clauses[clause];
    let w = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    let weighed = (this.from..at).rev().take(WEIGHED_REACH).any(|i| {
        WEIGHED
            .iter()
            .any(|(verb, needs)| w(i) == *verb && (needs.is_empty() || needs.contains(&w(i + 1))))
            && !negated(text, i, i + 1)
    });
    if !weighed {
        return false;
    }
    // A turn later in the sentence, or opening the next one ("We looked
    // at a credit. But ...").
    let turn = |i: usize| {
        matches!(
            w(i),
            "but" | "however" | "although" | "though" | "instead" | "rather" | "against"
        )
    };
    let end = (at..text.len())
        .find(|&i| text.words[i].sentence != this.sentence)
        .unwrap_or(text.len());
    (at..end).any(turn) || (end < text.len() && turn(end))
}

/// Nouns of a stretch of time an account's record is counted over ("in the
/// last six months", "within the previous 12 months", "over the last
/// year").
const RECORD_SPANS: &[&str] = &[
    "month", "months", "year", "years", "week", "weeks", "day", "days", "quarter", "quarters",
];

/// Words of our ability or intent before a declined outcome: "we can't
/// waive a fee in the last week of the term" refuses; what the account
/// had in a stretch before now is its record.
const ABILITY_OR_INTENT: &[&str] = &[
    "can", "cannot", "could", "will", "would", "shall", "able", "going", "allowed", "may", "unable",
];

/// Whether the negated outcome at word `at` of `clause` is the account's
/// record over a stretch before now: "you have had no waiver in the last
/// six months", "your account hasn't received a goodwill refund within the
/// previous 12 months" (play-para-st8, B1). That is the policy's own
/// condition told as met, not a refusal; with our ability or intent before
/// it ("we can't offer a waiver in the last month of the term", "we won't
/// refund anything in the past year") it still declines.
fn recent_record(text: &Text, clause: &Clause, at: usize) -> bool {
    let w = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    let intent = (clause.from..at).any(|i| ABILITY_OR_INTENT.contains(&w(i)));
    !intent
        && (at + 1..clause.to).any(|i| {
            matches!(w(i), "in" | "within" | "over" | "during" | "for")
                && w(i + 1) == "the"
                && matches!(w(i + 2), "last" | "past" | "previous" | "preceding")
                && (RECORD_SPANS.contains(&w(i + 3))
                    || ((crate::text::number_value(w(i + 3)).is_some()
                        || crate::text::numbers::number_word(w(i + 3)).is_some())
                        && RECORD_SPANS.contains(&w(i + 4))))
        })
}

/// Words after a declined outcome's verb that make its object a part of
/// the outcome ("the rest", "those six months", "the other $390"), and how
/// far after the verb they are looked for.
const PARTS: &[&str] = &[
    // "We can't refund the full €792.00 ..., but we will refund the four
    // unused months" declines the whole, not the part given.
    "full",
    "whole",
    "entire",
    "rest",
    "remaining",
    "remainder",
    "other",
    "those",
    "used",
    "part",
    "portion",
];
const PART_REACH: usize = 4;

/// Nouns of a stretch of the plan's term, and words that say it has been
/// used or has begun.
const PERIODS: &[&str] = &[
    "month", "months", "week", "weeks", "day", "days", "quarter", "quarters", "half", "period",
    "term", "time",
];
const USED: &[&str] = &[
    "used", "started", "begun", "began", "elapsed", "passed", "past", "gone", "consumed",
    "already", "underway",
];

/// Whether the declined outcome at word `verb` of `clause` is of a used
/// stretch of the term: "we can't refund the months that have already
/// started", "the six months that have already begun can't be refunded"
/// (its object after it, or its subject before it, a period said to be
/// used or begun). Declining the used part of a pro-rated refund
/// declines nothing of what is given (play-para-st6, B5); "we can't
/// refund your plan" still declines.
fn used_period(text: &Text, clause: &Clause, verb: usize) -> bool {
    let word = |i: usize| text.words[i].text.as_str();
    // The object ends at a reason or a time after it ("we can't refund
    // it since the 30-day period has passed" declines it all).
    let reason = |i: usize| {
        matches!(
            word(i),
            "since" | "as" | "because" | "given" | "after" | "when" | "considering"
        )
    };
    let end = (verb + 1..(verb + 1 + USED_REACH).min(clause.to))
        .find(|&i| reason(i))
        .unwrap_or((verb + 1 + USED_REACH).min(clause.to));
    let after = verb + 1..end;
    let start = (clause.from.max(verb.saturating_sub(USED_REACH))..verb)
        .rev()
        .find(|&i| reason(i))
        .map_or(clause.from.max(verb.saturating_sub(USED_REACH)), |i| i + 1);
    let before = start..verb;
    [after, before].into_iter().any(|span| {
        let period = span.clone().find(|&i| PERIODS.contains(&word(i)));
        period.is_some_and(|p| span.clone().any(|i| i != p && USED.contains(&word(i))))
    })
}
const USED_REACH: usize = 8;

/// Whether `found` names again, by a definite noun, a money outcome an
/// earlier clause of its sentence promised: "the $49.50 charge has been
/// taken off, and the credit will show on your account" is one outcome,
/// its entry on the account; "..., and a $20 credit will be added" is a
/// second one.
fn restates(
    text: &Text,
    words: &[&str],
    clause: &Clause,
    found: &Found,
    promising: &[u32],
) -> bool {
    let money = matches!(
        found.outcome,
        Commitment::Refund | Commitment::Credit | Commitment::Waiver
    );
    let definite = (clause.from + 1..=found.at[0].min(text.len().saturating_sub(1)))
        .any(|i| words[i - 1] == "the" && outcome_noun(words, i) == Some(found.outcome));
    money && definite && promising.contains(&clause.sentence)
}

// ------------------------------------------------------------ vocabulary

/// Verb families: how a verb turns into an outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verb {
    /// Money back whatever the object: refund, reimburse, repay.
    Refund,
    Credit,
    Waive,
    /// Erasing: needs data (or the account) as its object.
    Erase,
    /// Taking away: the object decides (a fee, a charge, data).
    Remove,
    /// Giving back: money, or a fee.
    Return,
    /// Access back.
    Restore,
    /// Settling the case: a deadline when a time goes with it.
    Resolve,
    /// Closing: an account (erased) or the case (settled).
    Close,
    /// Taking an amount off ("knock 20% off your next invoice"): a
    /// discount, or a fee waived.
    TakeOff,
    /// Letting a debt go ("forgive the late fee", "let the fee go"): a fee
    /// waived, a charge not collected.
    Forgive,
}

/// The verb families and the bases of each.
const FAMILIES: &[(Verb, &[&str])] = &[
    (Verb::Refund, &["refund", "reimburse", "repay"]),
    (Verb::Credit, &["credit", "compensate"]),
    (Verb::Waive, &["waive"]),
    (
        Verb::Erase,
        &[
            "delete",
            "erase",
            "purge",
            "destroy",
            "shred",
            "scrub",
            "wipe",
            "anonymise",
            "anonymize",
        ],
    ),
    (
        Verb::Remove,
        &[
            "remove", "cancel", "drop", "clear", "scrap", "void", "reverse", "lift", "zero",
        ],
    ),
    (Verb::Return, &["return", "cover", "absorb"]),
    (
        Verb::Restore,
        &[
            "restore",
            "reinstate",
            "unlock",
            "unblock",
            "reactivate",
            "unsuspend",
        ],
    ),
    (
        Verb::Resolve,
        &[
            "resolve", "fix", "sort", "settle", "solve", "finalise", "finalize", "conclude",
        ],
    ),
    (Verb::Close, &["close"]),
    (Verb::Forgive, &["forgive", "overlook", "excuse"]),
];

/// What a word can be, looked up once per word in one table built from the
/// word lists (a reader tries a hundred bases on every word; testing each
/// with [`is_form_of`] is most of a long reply's reading time).
#[derive(Debug, Clone, Copy, Default)]
struct Lex {
    family: Option<Verb>,
    giving: bool,
    receiving: bool,
    granting: bool,
    arriving: bool,
    paying: bool,
    holding: bool,
    lasting: bool,
}

/// A word list, and the mark it sets on the [`Lex`] of its words.
type WordList = (&'static [&'static str], fn(&mut Lex));

const PAYING: &[&str] = &["pay", "owe", "charge", "bill"];
const HOLDING: &[&str] = &["hold", "keep", "store", "retain"];
const LASTING: &[&str] = &["remain", "exist", "stay"];

/// What "keep" makes of someone or something in an idiom of time or
/// contact, not of data kept: "keep you waiting", "keep you posted",
/// "keep things moving", "keep it in mind".
const KEPT_STATES: &[&str] = &[
    "waiting", "posted", "updated", "informed", "apprised", "loop", "mind", "track", "eye",
    "going", "moving", "busy", "guessing", "hanging",
];

/// States of a case or a sum, not of data: "nothing will remain
/// outstanding", "nothing stays stuck".
const OPEN_STATES: &[&str] = &[
    "outstanding",
    "open",
    "pending",
    "unresolved",
    "unsettled",
    "stuck",
    "unpaid",
    "due",
    "overdue",
    "blocked",
    "delayed",
    "waiting",
    "unanswered",
    "undecided",
    "unclear",
    "hanging",
];

/// How far after "hold" or "keep" its particle or state may be ("hold
/// anything up", "keep the refund moving").
const IDIOM_REACH: usize = 3;

/// Whether the holding or lasting verb at `k` is an idiom of delay,
/// contact or concealment, not data kept (play-para-st16, B4): "held up",
/// "hold anything up", "hold off", "keep you waiting / posted", "keep
/// anything from you", "remain outstanding", "stay stuck". "Held on
/// file", "hold on to it" and "up to 30 days" keep data.
fn delay_idiom(words: &[&str], k: usize, lx: Lex) -> bool {
    let after = &words[k + 1..(k + 1 + IDIOM_REACH).min(words.len())];
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    if lx.holding {
        let up = after
            .iter()
            .enumerate()
            .any(|(i, w)| *w == "up" && at(k + 2 + i) != "to");
        let off = at(k + 1) == "off" && is_form_of(words[k], "hold");
        let kept_state = after.iter().any(|w| KEPT_STATES.contains(w));
        let from_you = after.windows(2).any(|p| p == ["from", "you"]);
        return up || off || kept_state || from_you;
    }
    lx.lasting && OPEN_STATES.contains(&at(k + 1))
}

/// Adverbs and auxiliaries that may stand between the subject of a
/// relative clause and its holding verb ("the address we currently hold",
/// "the details we have kept").
const RELATIVE_FILLERS: &[&str] = &[
    "currently",
    "still",
    "already",
    "also",
    "now",
    "normally",
    "have",
    "has",
    "had",
    "will",
    "would",
    "do",
    "does",
];

/// Heads that are a noun phrase alone ("everything we hold about you").
const PRONOUN_HEADS: &[&str] = &["everything", "anything", "all", "whatever", "what"];

/// Words that say a noun phrase names nothing ("no data held on you",
/// "nothing we keep", "none of the details we store").
const NONE_OF: &[&str] = &["no", "none", "nothing", "neither"];

/// Whether the holding verb at `k` (of a clause whose first word is word
/// `base` of `text`) describes the noun before it, as a relative clause
/// does: "the work address (that) we hold for your account", "data held
/// on you", "the details stored for your account". It says what is on
/// record, no outcome: a negation before the noun phrase ("rather than
/// the address we hold", "we can't delete the data we keep") denies
/// nothing of the holding (play-st24, B3). A noun phrase that names
/// nothing ("no data we hold", "none of the data stored"), or a negation
/// after the verb ("the data we hold on you: none"), still states that
/// nothing is held; and a main clause ("we hold your data", "we won't
/// keep it") is no relative.
fn describes_what_is_held(text: &Text, base: usize, words: &[&str], k: usize) -> bool {
    let w = |i: usize| words.get(i).copied().unwrap_or("");
    let participle = matches!(w(k), "held" | "kept" | "stored" | "retained");
    let head_word = |noun: &str| {
        !noun.is_empty()
            && !PREPOSITIONS.contains(&noun)
            && !AUXILIARIES_AND_JOINERS.contains(&noun)
            && !PHRASE_DETERMINERS.contains(&noun)
            && !NOT_A_HEAD.contains(&noun)
            && !NONE_OF.contains(&noun)
            && !noun.ends_with("ly")
    };
    // The noun the verb describes: right before a participle ("data held
    // on you"), or before the relative's subject ("the address (that) we
    // hold").
    let noun = if participle && k > 0 && head_word(w(k - 1)) {
        k - 1
    } else {
        let mut i = k;
        while i > 0 && RELATIVE_FILLERS.contains(&w(i - 1)) {
            i -= 1;
        }
        if i == 0 || !matches!(w(i - 1), "we" | "i" | "they") {
            return false;
        }
        i -= 1;
        if i > 0 && matches!(w(i - 1), "that" | "which") {
            i -= 1;
        }
        match i.checked_sub(1) {
            Some(n) if head_word(w(n)) => n,
            _ => return false,
        }
    };
    // The determiner that opens its phrase, with at most two modifiers
    // between ("the work address"); a bare noun only when it names data
    // ("data held on you") or stands alone ("everything we hold").
    let determiner = (noun.saturating_sub(3)..noun)
        .rev()
        .find(|&i| PHRASE_DETERMINERS.contains(&w(i)) || NONE_OF.contains(&w(i)) || w(i) == "any");
    let bare = thing(w(noun)) == Some(Thing::Data) || PRONOUN_HEADS.contains(&w(noun));
    let start = match determiner {
        Some(d) => d,
        None if bare => noun,
        None => return false,
    };
    let names_nothing = words[start..=noun].iter().any(|x| NONE_OF.contains(x))
        || (start >= 1 && NONE_OF.contains(&w(start - 1)))
        || (start >= 2 && w(start - 1) == "of" && NONE_OF.contains(&w(start - 2)));
    if names_nothing || crate::text::negation::negated_after(text, base + k, base + k + 1) {
        return false;
    }
    crate::text::negation::negator_before(text, base + k).is_none_or(|n| n < base + start)
}

fn lexicon() -> &'static BTreeMap<&'static str, Lex> {
    static LEXICON: OnceLock<BTreeMap<&'static str, Lex>> = OnceLock::new();
    LEXICON.get_or_init(|| {
        let mut table: BTreeMap<&'static str, Lex> = BTreeMap::new();
        for (family, bases) in FAMILIES {
            for base in *bases {
                table.entry(base).or_default().family = Some(*family);
            }
        }
        let lists: [WordList; 7] = [
            (GIVING, |l| l.giving = true),
            (RECEIVING, |l| l.receiving = true),
            (GRANTING, |l| l.granting = true),
            (ARRIVING, |l| l.arriving = true),
            (PAYING, |l| l.paying = true),
            (HOLDING, |l| l.holding = true),
            (LASTING, |l| l.lasting = true),
        ];
        for (bases, mark) in lists {
            for base in bases {
                mark(table.entry(base).or_default());
            }
        }
        table
    })
}

/// Everything `word` can be, over every base it may be a form of.
fn lex(word: &str) -> Lex {
    let table = lexicon();
    let mut out = Lex::default();
    for base in bases_of(word) {
        if let Some(found) = table.get(base.as_ref()) {
            out.family = out.family.or(found.family);
            out.giving |= found.giving;
            out.receiving |= found.receiving;
            out.granting |= found.granting;
            out.arriving |= found.arriving;
            out.paying |= found.paying;
            out.holding |= found.holding;
            out.lasting |= found.lasting;
        }
    }
    out
}

/// Whether `word` is a verb an outcome is made with: a family's, a giving
/// or paying verb, or the head of a phrasal one ("take it off").
fn outcome_verb(word: &str) -> bool {
    let lx = lex(word);
    lx.family.is_some()
        || lx.giving
        || lx.paying
        || lx.holding
        || base_of(word, &["take", "knock", "write", "wrap"]).is_some()
}

/// Phrasal verbs that work like one of the families: "get rid of your
/// data", "take the fee off", "pay you back", "write the fee off".
fn phrasal(words: &[&str], k: usize) -> Option<(Verb, usize)> {
    // Every phrasal verb here has one of these after its verb; most words
    // have none, and are done with at once.
    let particles = [
        "rid", "care", "with", "off", "back", "up", "go", "slide", "bill", "tab", "cost", "costs",
        "from",
    ];
    // "let ... go" holds a whole noun phrase between ("we're letting the
    // £79.00 late fee on INV-83275 go").
    let reach = if is_form_of(words[k], "let") {
        LET_GO_REACH
    } else if ["take", "knock", "shave", "write", "strike", "cross"]
        .iter()
        .any(|b| is_form_of(words[k], b))
    {
        ITEM_REACH
    } else {
        4
    };
    if !words[k + 1..(k + 1 + reach).min(words.len())]
        .iter()
        .any(|w| particles.contains(w))
    {
        return None;
    }
    let w = words[k];
    let near = |word: &str, reach: usize| {
        words
            .get(k + 1..(k + 1 + reach).min(words.len()))
            .is_some_and(|after| after.contains(&word))
    };
    if is_form_of(w, "get") && words.get(k + 1) == Some(&"rid") {
        return Some((Verb::Remove, k + 2));
    }
    // "we've taken care of the late fee", "it's been dealt with": settled
    // for the customer; done, not a handover ("our supervisor will take
    // care of it" is one).
    let done = k > 0
        && words[..k]
            .iter()
            .rev()
            .take(3)
            .any(|p| matches!(*p, "have" | "has" | "had" | "been" | "is" | "are" | "was"));
    if w == "taken" && done && words.get(k + 1..k + 3) == Some(&["care", "of"][..]) {
        return Some((Verb::Return, k + 3));
    }
    if w == "dealt" && done && words.get(k + 1) == Some(&"with") {
        return Some((Verb::Return, k + 2));
    }
    // "we'll let the late fee go", "we'll let it slide", "we're letting
    // the £79.00 late fee on INV-83275 go" (play-para-st6, B6): the debt
    // is the noun phrase between, with no verb or person in it ("let us
    // know ...", "let me go over it" let nothing go).
    if is_form_of(w, "let") {
        let end = (k + 1..(k + 1 + LET_GO_REACH).min(words.len()))
            .find(|&i| matches!(words[i], "go" | "slide"));
        let between_clear = end.is_some_and(|e| {
            words[k + 1..e]
                .iter()
                .all(|x| !matches!(*x, "us" | "me" | "you" | "them" | "to" | "know" | "and"))
                && !matches!(
                    words.get(e + 1).copied(),
                    Some("ahead" | "through" | "over" | "into" | "to")
                )
        });
        if between_clear {
            return Some((Verb::Forgive, k + 1));
        }
    }
    // "I have taken the £42.00 late fee off INV-87195" (play-para-st12,
    // B1): a noun phrase naming a billed item may be longer than four
    // words; "off" still closes it when nothing but that phrase is between.
    let off_after_item = |reach: usize| {
        let end = (k + 1 + reach).min(words.len());
        words[k + 1..end]
            .iter()
            .position(|x| *x == "off")
            .is_some_and(|o| {
                let between = &words[k + 1..k + 1 + o];
                between.iter().any(|x| owed_item(x))
                    && between
                        .iter()
                        .all(|x| !matches!(*x, "and" | "but" | "to" | "you" | "us" | "me" | "if"))
            })
    };
    let taking_off = near("off", 4) || off_after_item(ITEM_REACH);
    if ["take", "knock", "shave"].iter().any(|b| is_form_of(w, b)) && taking_off {
        return Some((Verb::TakeOff, k + 1));
    }
    if ["write", "strike", "cross"]
        .iter()
        .any(|b| is_form_of(w, b))
        && taking_off
    {
        return Some((Verb::Remove, k + 1));
    }
    // "I've struck the £30 fee from your account", "we'll strike the late
    // fee from INV-123": a billed item struck from what is owed is removed.
    if ["strike", "cross"].iter().any(|b| is_form_of(w, b)) && off_after_item_from(words, k) {
        return Some((Verb::Remove, k + 1));
    }
    // "we'll foot the bill", "we'll pick up the cost": money paid for the
    // customer.
    let bill = |reach: usize| {
        ["bill", "tab", "cost", "costs"]
            .iter()
            .any(|b| near(b, reach))
    };
    if (is_form_of(w, "foot") && bill(2)) || (is_form_of(w, "pick") && near("up", 1) && bill(3)) {
        return Some((Verb::Refund, k + 1));
    }
    // "pay you back" is money back whatever follows.
    if is_form_of(w, "pay") && near("back", 3) {
        return Some((Verb::Refund, k + 1));
    }
    if ["give", "send", "put", "transfer", "credit"]
        .iter()
        .any(|b| is_form_of(w, b))
        && near("back", 4)
    {
        return Some((Verb::Return, k + 1));
    }
    if is_form_of(w, "wrap") && near("up", 2) {
        return Some((Verb::Resolve, k + 1));
    }
    None
}

/// Verbs that send money on, committing to a refund when their object is
/// the refund by reference ("which I will send to your card", "I will
/// transfer it today").
const SENDING: &[&str] = &[
    "send", "issue", "process", "pay", "return", "credit", "transfer", "release",
];

/// The refund the verb at `k` (clause-local, ours) commits to when its
/// object is the refund or its amount by reference (play-para-st12, B4):
/// a relative pronoun opening the clause right after it was named ("a
/// refund of $280.00, which I will send to your original payment
/// method"), or "it" / "them" standing for an outcome named in this or the
/// previous sentence only, as [`outcome_antecedent`] finds it ("... comes
/// to a refund of $280.00. I will send it to your card"). An amount named
/// alone ("comes to $280.00, which I'll send to your card") is the refund
/// when the verb sends it to where the customer paid. Sent anywhere but
/// to the customer or where they paid ("I will send it to our billing
/// team for review"), it is a handover, no refund.
fn by_reference(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    words: &[&str],
    k: usize,
    stands_for: &dyn Fn() -> Option<Commitment>,
) -> Option<Commitment> {
    base_of(words[k], SENDING)?;
    let next = words.get(k + 1).copied();
    let pronoun_object = matches!(next, Some("it" | "them"));
    // "..., which I will send to ...": the relative pronoun, then only
    // its subject and auxiliaries before the verb, and no object of the
    // verb's own after it.
    // A clause opened by "which" after a comma has its pronoun as the
    // opener, not among its words.
    let opened_by_which = matches!(clauses[at].opener, Some(Opener::Which));
    let relative_at = words[..k]
        .iter()
        .rposition(|w| matches!(*w, "which" | "that"))
        .map(Some)
        .or_else(|| opened_by_which.then_some(None))
        .filter(|r| {
            let r1 = r.map_or(0, |r| r + 1);
            words[r1..k].iter().all(|w| {
                w.is_empty()
                    || matches!(
                        *w,
                        "i" | "we"
                            | "will"
                            | "shall"
                            | "can"
                            | "would"
                            | "am"
                            | "are"
                            | "be"
                            | "now"
                            | "then"
                            | "also"
                            | "personally"
                            | "today"
                    )
            }) && r1 < k
        })
        .filter(|_| {
            next.is_none_or(|n| {
                PREPOSITIONS.contains(&n)
                    || matches!(
                        n,
                        "back" | "today" | "tomorrow" | "now" | "shortly" | "over"
                    )
            })
        });
    let relative = relative_at.is_some();
    if !pronoun_object && !relative {
        return None;
    }
    let after = k + 1 + usize::from(pronoun_object);
    let to = words[after..]
        .iter()
        .take(4)
        .position(|w| *w == "to")
        .map(|t| after + t);
    let to_the_customer = to.is_some_and(|t| {
        let place = &words[t + 1..];
        place.first() == Some(&"you")
            || place
                .iter()
                .take(5)
                .take_while(|w| !matches!(**w, "and" | "but" | "for" | "once" | "when"))
                .any(|w| MONEY_PLACES.contains(w))
    });
    if to.is_some() && !to_the_customer {
        return None;
    }
    if pronoun_object {
        return match stands_for() {
            Some(c @ (Commitment::Refund | Commitment::Credit)) => Some(c),
            _ => None,
        };
    }
    // The noun phrase right before the relative pronoun: a refund named
    // there is what is sent ("a refund of $280.00, which ..."); an amount
    // alone is the refund when it goes to the customer or where they paid.
    let r = relative_at?.unwrap_or(0);
    let before: Vec<&str> = if words[..r].iter().any(|w| !w.is_empty()) {
        words[..r].to_vec()
    } else {
        let previous = at.checked_sub(1).map(|p| &clauses[p])?;
        if previous.sentence != clauses[at].sentence {
            return None;
        }
        previous.texts(text)
    };
    let tail: Vec<&str> = before.iter().rev().take(4).copied().collect();
    let amount_named = tail
        .first()
        .is_some_and(|w| crate::text::number_value(w).is_some());
    let refund_named = tail
        .iter()
        .any(|w| matches!(*w, "refund" | "refunds" | "reimbursement"));
    match (refund_named, amount_named) {
        (true, _) if to.is_none() || to_the_customer => Some(Commitment::Refund),
        (false, true) if to_the_customer => Some(Commitment::Refund),
        _ => None,
    }
}

/// Whether the subject of the verb at `k` is the customer's side: "you",
/// "your finance team", "your bank", the nearest person or possessive
/// before the verb in its clause.
fn customers_side_subject(words: &[&str], k: usize) -> bool {
    let nearest = words[..k].iter().rev().take(5).find(|w| {
        matches!(
            **w,
            "you" | "your" | "they" | "their" | "we" | "our" | "i" | "my" | "us"
        )
    });
    nearest.is_some_and(|w| matches!(*w, "you" | "your" | "they" | "their"))
}

/// Periods a business closes that are no case: "closes the month", "close
/// your books for the year", "closing the quarter".
const CLOSED_PERIODS: &[&str] = &[
    "month", "months", "year", "years", "quarter", "quarters", "week", "books", "period",
    "accounts", "ledger", "ledgers",
];

/// Whether the verb at `k` closes a period or a set of books (its object,
/// within three words), not the case.
fn closes_a_period(words: &[&str], k: usize) -> bool {
    words[k + 1..]
        .iter()
        .take(3)
        .take_while(|w| !matches!(**w, "by" | "before" | "within" | "on" | "and"))
        .any(|w| CLOSED_PERIODS.contains(w))
}

/// Whether the word at `k` names the function a role holds: right after
/// "responsible for", "accountable for" or "in charge of", with at most
/// one word between ("responsible for data deletion").
fn role_function(words: &[&str], k: usize) -> bool {
    // "we are responsible for refunding you" is a deed of ours.
    !words[k].ends_with("ing")
        && (1..=2).any(|d| {
            k > d
                && matches!(
                    (words[k - d - 1], words[k - d]),
                    ("responsible" | "accountable", "for") | ("charge", "of")
                )
        })
}

/// Words that follow the head of a subject noun phrase and never the
/// verb of a deed: a form of "be", a modal, or a verb a rule of
/// eligibility is said with ("goodwill refunds are for ...", "courtesy
/// credits only apply to ...", "a goodwill refund needs five years").
const PREDICATE_AFTER_SUBJECT: &[&str] = &[
    "is", "are", "was", "were", "isn't", "aren't", "will", "would", "can", "cannot", "must", "may",
    "might", "should", "need", "needs", "require", "requires", "apply", "applies", "depend",
    "depends", "only",
];

/// Words before a verb of ours: its subject, an auxiliary or an adverb of
/// it ("we refund", "I will credit", "we usually refund").
const BEFORE_A_VERB: &[&str] = &[
    "we", "i", "they", "he", "she", "it", "you", "who", "which", "that", "to", "and", "or", "also",
    "then", "just", "usually", "normally", "always", "never", "not",
];

/// Whether the word at `k` heads a subject noun phrase after a modifier
/// of its kind: "our goodwill refunds are for customers of five full
/// years", "goodwill refunds only apply to ...". A verb of a deed has its
/// subject before it and its object after it, never a predicate; read as
/// a noun, a rule of eligibility stated about a kind of refund gives
/// nothing (play-para-st13, B1).
fn heads_a_subject(words: &[&str], k: usize) -> bool {
    k > 0
        && words
            .get(k + 1)
            .is_some_and(|n| PREDICATE_AFTER_SUBJECT.contains(n))
        && !words[k - 1].is_empty()
        && !BEFORE_A_VERB.contains(&words[k - 1])
        && !AUXILIARIES_AND_JOINERS.contains(&words[k - 1])
        && !words[k - 1].ends_with("ly")
}

/// Nouns a refund word may modify inside the name of a document, scheme
/// or page: "our goodwill refund article (KB-816)", "the refunds page",
/// "our credit scheme".
const NAMED_THINGS: &[&str] = &[
    "article",
    "articles",
    "page",
    "pages",
    "scheme",
    "schemes",
    "guide",
    "guides",
    "guidance",
    "guidelines",
    "programme",
    "program",
    "faq",
    "faqs",
    "section",
    "criteria",
    "conditions",
    "rule",
    "entry",
    "documentation",
    "doc",
    "docs",
    "help",
];

/// Whether the outcome word at `k` stands inside a noun phrase, as its
/// head before the predicate ("our goodwill refunds are for customers of
/// five full years": [`heads_a_subject`]) or as a modifier of a named
/// thing ("as our goodwill refund article (KB-816) explains", "see our
/// refunds page"). Either way it names a kind of refund and commits to
/// nothing; the sentence's own predicate decides (play-para-st13, B1;
/// play-para-st15, B3).
fn in_a_noun_phrase(words: &[&str], k: usize) -> bool {
    heads_a_subject(words, k) || words.get(k + 1).is_some_and(|n| NAMED_THINGS.contains(n))
}

/// Whether a billed item stands between the verb at `k` and a "from"
/// that closes its noun phrase: "struck the £30 fee from your account".
fn off_after_item_from(words: &[&str], k: usize) -> bool {
    let end = (k + 1 + ITEM_REACH).min(words.len());
    words[k + 1..end]
        .iter()
        .position(|x| *x == "from")
        .is_some_and(|o| words[k + 1..k + 1 + o].iter().any(|x| owed_item(x)))
}

/// Whether the noun phrase from `from` up to its particle ("off",
/// "from") names a fee, or a fee's billed charge: "the £42.00 late fee
/// off", "the £30 fee from".
fn names_owed_item(words: &[&str], from: usize) -> bool {
    let end = (from + ITEM_REACH).min(words.len());
    words
        .get(from..end)
        .and_then(|span| {
            span.iter()
                .position(|x| matches!(*x, "off" | "from"))
                .map(|o| &span[..o])
        })
        .is_some_and(|phrase| phrase.iter().any(|x| owed_item(x)))
}

/// How far a noun phrase naming what is owed may run between a verb and
/// its particle ("taken the £42.00 late fee on the March invoice off").
const ITEM_REACH: usize = 8;

/// A word naming something owed: a fee or a billed charge.
fn owed_item(word: &str) -> bool {
    billed_item(word) || thing(word) == Some(Thing::Fee)
}

/// Whether the object of the giving-back verb at `k` (clause-local) was
/// fronted as "what" or "which" ("that's what we're sending back to you",
/// "..., which we're paying back today") in a sentence that names a sum.
fn fronted_sum(text: &Text, clause: &Clause, words: &[&str], k: usize) -> bool {
    let fronted = words[..k].iter().any(|w| matches!(*w, "what" | "which"));
    // A number in an id ("INV-28236") is no sum.
    let sum = (0..text.len()).any(|i| {
        text.words[i].sentence == clause.sentence
            && crate::text::number_value(&text.words[i].text).is_some()
            && !text.gap(i).ends_with('-')
    });
    fronted && sum
}

/// Words after a terse note's verb that make it a subject or a rule, not
/// our deed: "refunding annual plans needs approval", "refunding it is not
/// possible".
const FINITE_AFTER: &[&str] = &[
    "is", "are", "was", "were", "will", "would", "can", "cannot", "must", "may", "might", "needs",
    "need", "requires", "takes", "isn't", "not",
];

/// Labels whose value is a topic or the customer's words, not a deed:
/// "Re: refunding £65.00", "Your request: refunding the renewal".
const TOPIC_LABELS: &[&str] = &[
    "re", "subject", "topic", "request", "about", "asked", "wrote",
];

/// Whether the verb at `k` (clause-local) of `clause` is a terse note's
/// deed with no subject: in "-ing", opening its sentence or a label's
/// value ("T-6364: refunding £65.00 for INV-40281 today"), with no finite
/// verb after it that makes it a subject, and no label that makes it a
/// topic.
fn terse_deed(text: &Text, clause: &Clause, words: &[&str], k: usize) -> bool {
    if !words[k].ends_with("ing") || words[k + 1..].iter().any(|w| FINITE_AFTER.contains(w)) {
        return false;
    }
    let at = clause.from + k;
    let opens_sentence = at == 0 || text.words[at - 1].sentence != text.words[at].sentence;
    let after_label = k > 0 && super::clause::labels(text.gap(at)) && {
        let label = &words[..k];
        !label.iter().any(|w| TOPIC_LABELS.contains(w))
            && !label.iter().any(|w| matches!(*w, "you" | "your"))
    };
    opens_sentence || after_label
}

/// How many words "let" may stand from its "go" ("letting the £79.00
/// late fee on INV-83275 go").
const LET_GO_REACH: usize = 12;

/// Whether the paying verb at `k` is denied of an unnamed quantity only,
/// with no charge or sum of its own: "pay anything extra", "pay any
/// more", "be charged again", "pay a penny more". Keeping money one has
/// not yet paid is no money returned ("you won't be charged for the
/// renewal" names the charge, and is).
fn nothing_more_to_pay(words: &[&str], k: usize) -> bool {
    const MORE: &[&str] = &[
        "anything",
        "more",
        "extra",
        "further",
        "again",
        "else",
        "additional",
        "penny",
        "cent",
        "thing",
        "twice",
        "any",
        "a",
        "another",
    ];
    let after: Vec<&str> = words[k + 1..]
        .iter()
        .copied()
        .take_while(|w| !matches!(*w, "or" | "and" | "but" | "because" | "as" | "since"))
        .collect();
    let named = after.iter().any(|w| {
        billed_item(w) || matches!(thing(w), Some(Thing::Fee | Thing::Money)) || an_amount(w)
    });
    let more = after.iter().take(3).any(|w| {
        matches!(
            *w,
            "anything" | "more" | "extra" | "further" | "again" | "additional" | "twice"
        )
    }) && after.first().is_some_and(|w| MORE.contains(w));
    more && !named
}

/// Money words that name a charge billed to the customer, rather than an
/// amount: what is taken off when one of them is, is that charge.
fn billed_item(word: &str) -> bool {
    matches!(
        word,
        "charge" | "charges" | "renewal" | "transaction" | "payment" | "surcharge"
    )
}

/// The outcome of a verb family done to a thing (`None` for no object).
fn outcome_of(family: Verb, object: Option<Thing>) -> Option<Commitment> {
    use Commitment::*;
    Some(match (family, object) {
        (Verb::Refund | Verb::Return, Some(Thing::Fee)) => Waiver,
        (Verb::Refund, _) => Refund,
        (Verb::Return, Some(Thing::Money)) => Refund,
        (Verb::Credit, _) => Credit,
        // Only fees are waived: "waive it" is the fee.
        (Verb::Waive, _) => Waiver,
        (Verb::Erase, Some(Thing::Data | Thing::Account)) => Deletion,
        // "wipe the late fee off your account".
        (Verb::Erase, Some(Thing::Fee)) => Waiver,
        (Verb::Remove, Some(Thing::Data | Thing::Account)) => Deletion,
        (Verb::Remove, Some(Thing::Fee)) => Waiver,
        (Verb::Remove, Some(Thing::Money)) => Refund,
        (Verb::Restore, Some(Thing::Access | Thing::Account) | None) => AccessRestored,
        (Verb::Resolve | Verb::Close, Some(Thing::Case) | None) => Deadline,
        (Verb::Close, Some(Thing::Data | Thing::Account)) => Deletion,
        // "take it off your invoice": what comes off an invoice is the fee.
        (Verb::TakeOff, Some(Thing::Fee | Thing::Case) | None) => Waiver,
        (Verb::TakeOff, Some(Thing::Money)) => Credit,
        (Verb::Forgive, Some(Thing::Fee)) => Waiver,
        (Verb::Forgive, Some(Thing::Money)) => Refund,
        // "sort out your access".
        (Verb::Resolve, Some(Thing::Access)) => AccessRestored,
        _ => return None,
    })
}

/// A noun followed by one of these is talked about, not given: "your
/// refund request", "our refund policy".
const MENTION_FOLLOWERS: &[&str] = &[
    "request",
    "requests",
    "policy",
    "policies",
    "window",
    "eligibility",
    "rules",
    "terms",
    "form",
    "question",
    "questions",
    "claim",
    "period",
    "team",
    "officer",
    "options",
    "card",
    "cards",
    "process",
    "limit",
    "history",
    "note",
];

/// Determiners before a verb-shaped word make it a noun ("a refund"),
/// and so do the modifiers a refund's kind takes ("a pro-rated refund"
/// is read as "a refund", "prorated" as one word or two).
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "my", "our", "this", "that", "any", "no", "full", "partial", "its",
    "their", "his", "her", "prorated", "rated", "rata",
];

/// Verbs that commit us when their object is an outcome noun.
const GIVING: &[&str] = &[
    "issue",
    "process",
    "approve",
    "grant",
    "give",
    "send",
    "arrange",
    "provide",
    "offer",
    "promise",
    "guarantee",
    "authorise",
    "authorize",
    "apply",
    "add",
    "complete",
    "initiate",
    "start",
    "release",
    "return",
    "honour",
    "honor",
    "fulfil",
    "fulfill",
    "pay",
    "put",
    "push",
    "organise",
    "organize",
    "make",
    "confirm",
    "submit",
    "raise",
    "trigger",
    "action",
    "book",
    "get",
    "accept",
    "sort",
    "ensure",
    "throw",
    "proceed",
];

/// Only these grant an unnamed request.
const GRANTING: &[&str] = &[
    "approve", "grant", "honour", "honor", "fulfil", "fulfill", "accept",
];

/// Verbs the customer is the subject of when receiving an outcome.
const RECEIVING: &[&str] = &[
    "get", "receive", "see", "have", "expect", "notice", "find", "enjoy", "allow", "watch",
];

/// Words that state an outcome of any class named by their subject:
/// "refund approved", "your request has been granted".
const DONE: &[&str] = &[
    "approved",
    "processed",
    "issued",
    "granted",
    "confirmed",
    "completed",
    "complete",
    "done",
    "initiated",
    "sent",
    "arranged",
    "applied",
    "authorised",
    "authorized",
    "underway",
    "honoured",
    "honored",
    "accepted",
    "made",
    "submitted",
    "raised",
    "actioned",
    "given",
    "added",
    "released",
    "guaranteed",
];

/// Words that state money or access arriving: "your refund will arrive",
/// "the money will be back in your account".
const ARRIVING: &[&str] = &[
    "arrive", "appear", "show", "reach", "land", "post", "back", "way", "through", "come",
];

/// Idioms of writing to someone read as the plain verb ("drop you a
/// line", "shoot you a note", "ping you a message" are "email you", not
/// something dropped or removed), a clause-opening "given" read as the
/// reason it gives, and clock times blanked.
fn contact_idioms(words: &mut [&str]) {
    for k in 0..words.len() {
        let verb = ["drop", "shoot", "ping", "send"]
            .iter()
            .any(|v| is_form_of(words[k], v));
        if !verb {
            continue;
        }
        let person = usize::from(matches!(
            words.get(k + 1).copied(),
            Some("you" | "us" | "me" | "him" | "her" | "them")
        ));
        let article = k + 1 + person;
        let note = matches!(
            words.get(article + 1).copied(),
            Some("line" | "note" | "message" | "email" | "mail" | "quick")
        );
        if person == 1 && words.get(article) == Some(&"a") && note {
            words[k] = "email";
            words[article] = "";
            words[article + 1] = "";
        }
    }
    // "Given the earlier waiver on the account" opening a clause is a
    // reason ("considering"), not something given.
    for k in 0..words.len() {
        let opens = k == 0 || matches!(words[k - 1], "and" | "but" | "so" | "especially");
        if words[k] == "given" && opens {
            words[k] = "considering";
        }
    }
    // A clock time ("by 5 pm", "at 9 o'clock") is no sum of money.
    for k in 0..words.len().saturating_sub(1) {
        let clock = matches!(words[k + 1], "am" | "pm" | "o" | "oclock");
        if clock && crate::text::number_value(words[k]).is_some() {
            words[k] = "";
        }
    }
}

/// Verbs whose "back to" brings their subject back: "come back to",
/// "circle back to", "get back to".
const COMING_BACK: &[&str] = &["come", "circle", "get"];

/// Words between a subject and its verb: auxiliaries and adverbs ("we
/// will then come back to", "our team is going to circle back to").
const BEFORE_THE_VERB: &[&str] = &[
    "will",
    "shall",
    "would",
    "can",
    "could",
    "may",
    "might",
    "should",
    "must",
    "be",
    "am",
    "is",
    "are",
    "going",
    "to",
    "then",
    "also",
    "soon",
    "first",
    "definitely",
    "certainly",
];

/// Prepositions a clause may end with after "get back to you" when its
/// object was put first: "the VAT number we'll get back to you about".
const STRANDED: &[&str] = &["about", "on", "regarding", "over"];

/// Whether the "back" at `k` is a person of ours (or the customer)
/// coming back to a question: "come back to", "circle back to" or "get
/// back to" after such a subject. Whatever was put before that subject
/// is the topic it comes back to, not money coming back ("the VAT number
/// on invoice INV-33321 we'll come back to after the security matter",
/// "the late fee our billing team will circle back to"). Money comes back
/// as the subject of its own verb ("the $40 will come back to your card");
/// with "get", money put first and the customer or where they paid after
/// "to" is money given back ("the $40 we'll get back to you by Friday"),
/// unless a preposition ends the clause ("... get back to you about").
fn back_to_a_question(words: &[&str], k: usize) -> bool {
    if words.get(k + 1) != Some(&"to") {
        return false;
    }
    let mut v = k;
    while v > 0 && matches!(words[v - 1], "right" | "straight") {
        v -= 1;
    }
    let Some(verb) = v.checked_sub(1) else {
        return false;
    };
    let Some(coming) = COMING_BACK.iter().find(|b| is_form_of(words[verb], b)) else {
        return false;
    };
    let subject = words[..verb]
        .iter()
        .rev()
        .find(|w| !w.is_empty() && !BEFORE_THE_VERB.contains(w) && !w.ends_with("ly"));
    let person = subject.is_some_and(|w| {
        super::clause::OUR_SIDE.contains(w) || matches!(*w, "you" | "they" | "he" | "she")
    });
    if !person {
        return false;
    }
    if *coming != "get" {
        return true;
    }
    let after = &words[k + 2..];
    let to_the_customer = matches!(after.first(), Some(&"you" | &"your"))
        || after.iter().take(4).any(|w| MONEY_PLACES.contains(w));
    !to_the_customer || after.get(1).is_some_and(|w| STRANDED.contains(w))
}

/// Verbs that give something back with "back" right after them when
/// their object was put first ("the late fee we will give back to you").
/// ("Your $40 we will pay back" is money back whatever its object, as
/// [`phrasal`] reads it.)
const GIVING_BACK: &[&str] = &["give", "send", "put", "hand", "transfer"];

/// What the "back" at `k` gives when the object of its verb was put
/// before the verb's subject: "the late fee we will give back to you" (a
/// fee given back: waived, as "we will give back the late fee" is), "the
/// $40 we will send back to your card", "that amount you'll get back by
/// Friday" (money: refunded). The verb is ours giving, or the customer getting; the noun
/// phrase ends right before that subject. A question we come back to
/// ([`back_to_a_question`]) gives nothing.
fn fronted_given_back(words: &[&str], k: usize) -> Option<Commitment> {
    if words[k] != "back" || back_to_a_question(words, k) {
        return None;
    }
    let verb = k.checked_sub(1)?;
    let giving = GIVING_BACK.iter().any(|b| is_form_of(words[verb], b));
    // "you'll get back to us": the customer writing, not receiving.
    let getting = is_form_of(words[verb], "get") && words.get(k + 1) != Some(&"to");
    let subject = words[..verb]
        .iter()
        .rposition(|w| !w.is_empty() && !BEFORE_THE_VERB.contains(w) && !w.ends_with("ly"))?;
    let who = words[subject];
    if !((giving && super::clause::OUR_SIDE.contains(&who)) || (getting && who == "you")) {
        return None;
    }
    let last = subject.checked_sub(1)?;
    if thing(words[last]).is_none() && outcome_noun(words, last).is_none() {
        return None;
    }
    match subject_before(words, subject)? {
        (_, Some(c @ (Commitment::Refund | Commitment::Credit)), _) => Some(c),
        (_, None, Some(Thing::Money)) => Some(Commitment::Refund),
        (_, None, Some(Thing::Fee)) => Some(Commitment::Waiver),
        _ => None,
    }
}

/// Whether the "back" at `k` places something in the past ("the charge
/// was taken back in February", "was made back in mid-March", "back
/// then"), not money or access coming back ("the money will be back in
/// February" still is).
fn back_in_time(words: &[&str], k: usize) -> bool {
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    // A past tense before it: "was", "were", "had", or a simple past
    // verb ("that charge went through back in June").
    if !words[..k].iter().any(|w| {
        matches!(
            *w,
            "was" | "were" | "had" | "went" | "came" | "did" | "took" | "paid" | "renewed"
        ) || (w.ends_with("ed") && !matches!(*w, "need" | "indeed"))
    }) {
        return false;
    }
    let when = |w: &str| {
        crate::dates::MONTHS
            .iter()
            .any(|m| w.len() >= 3 && m.to_ascii_lowercase().starts_with(w))
            || matches!(
                w,
                "mid" | "early" | "late" | "spring" | "summer" | "autumn" | "fall" | "winter"
            )
    };
    match at(k + 1) {
        "then" | "when" => true,
        "in" | "on" | "at" | "during" | "around" => {
            let next = if at(k + 2) == "the" {
                at(k + 3)
            } else {
                at(k + 2)
            };
            when(next) || next.starts_with(|c: char| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// Verbs of our seeing or telling what is so: after "I can", "we're able
/// to" they report a fact, and the ability is to see it, not to give it.
const PERCEIVING: &[&str] = &[
    "see", "confirm", "tell", "find", "spot", "notice", "check", "verify", "show",
];

/// Words of a clause's finite verb: a perception verb followed by one has
/// a clause as its object ("I can see a refund was given"), not a noun
/// ("we can confirm the refund").
const FINITE: &[&str] = &[
    "was", "were", "is", "are", "has", "have", "had", "will", "would", "did", "does", "do", "can",
    "could",
];

/// Where the fact a perception of ours reports begins in `words` (a
/// clause's): "I can see | a goodwill refund was already given", "we are
/// able to confirm that | your account had a waiver last year". Our side,
/// an ability ("can", "could", "able to"), a verb of [`PERCEIVING`] and an
/// optional "that", followed by a clause of its own (a finite verb in it).
/// What follows is the reported fact, read as if said alone; "we can
/// confirm the refund" (a noun, no clause) is no report.
fn perceived_from(words: &[&str]) -> Option<usize> {
    (1..words.len()).find_map(|k| {
        if !PERCEIVING.contains(&words[k]) {
            return None;
        }
        let before = &words[k.saturating_sub(4)..k];
        let ability = before
            .iter()
            .rposition(|w| matches!(*w, "can" | "could" | "able"))?;
        let subject = before[..ability].iter().any(|w| matches!(*w, "i" | "we"));
        let governs = before[ability + 1..]
            .iter()
            .all(|w| matches!(*w, "to" | "now" | "already" | "also" | "clearly"));
        let from = if words.get(k + 1) == Some(&"that") {
            k + 2
        } else {
            k + 1
        };
        let clause_after = words[from..].iter().any(|w| FINITE.contains(w));
        (subject && governs && clause_after && !negated_word(before)).then_some(from)
    })
}

/// Whether `words` hold a plain negation ("we can't see", "cannot").
fn negated_word(words: &[&str]) -> bool {
    words
        .iter()
        .any(|w| matches!(*w, "not" | "cannot" | "never" | "unable"))
}

// ------------------------------------------------------------ frames

/// Every outcome the clause at `at` states, in all five frames.
/// `aside`: which words of the text are in a bracketed aside
/// ([`super::clause::asides`]), which are no part of the clause's noun phrases
/// ("your refund ($120.00) has been processed").
fn frames(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    aside: &[bool],
    fees: &[String],
) -> Vec<Found> {
    let clause = &clauses[at];
    let mut words: Vec<&str> = clause
        .texts(text)
        .into_iter()
        .enumerate()
        .map(|(k, w)| if aside[clause.from + k] { "" } else { w })
        .collect();
    contact_idioms(&mut words);
    // "I can see a goodwill refund was already given": what we perceive
    // is read as said alone; our seeing gives nothing.
    if let Some(fact) = perceived_from(&words) {
        words[..fact].fill("");
    }
    let base = clause.from;
    // Who is before each word, found once per clause.
    // "Happy to refund you": our side, unsaid (not "you'll be glad to
    // hear ...", whose subject is the customer).
    let glad = (0..words.len()).find(|&g| {
        matches!(words[g], "happy" | "glad" | "pleased" | "delighted")
            && words.get(g + 1) == Some(&"to")
            && !words[..g]
                .iter()
                .any(|p| matches!(*p, "you" | "they" | "he" | "she"))
    });
    let first_ours = words.iter().position(|w| ours(&[w])).or(glad);
    let first_you = words.iter().position(|w| *w == "you");
    let inherits = inherits_ours(text, clauses, at, &words);
    let ours_before = |k: usize| first_ours.is_some_and(|o| o < k) || inherits;
    let you_before = |k: usize| first_you.is_some_and(|y| y < k);
    let in_clause = |kind: Thing| words.iter().any(|x| thing(x) == Some(kind));
    let holds = Holds {
        fee: in_clause(Thing::Fee),
        data: in_clause(Thing::Data) || words.iter().any(|x| matches!(*x, "nothing" | "none")),
    };
    let timed = !next_step::times_in(text, clauses, at).is_empty();
    // "You asked us to delete your data and close your account": an
    // infinitive coordinated with the wish is the wish too.
    let whole_wish = continues_wish(text, clauses, at) || wish_content(text, clauses, at);
    let wish = wish_start(&words);
    let lexes: Vec<Lex> = words.iter().map(|w| lex(w)).collect();
    // What "it" stands for, found when a clause needs it.
    let earlier = OnceCell::new();
    let resolve = || *earlier.get_or_init(|| antecedent(text, clauses, at, aside));
    // The outcome "it" stands for ("Your refund is approved. We are
    // issuing it today").
    let earlier_outcome = OnceCell::new();
    let stands_for =
        || *earlier_outcome.get_or_init(|| outcome_antecedent(text, clauses, at, aside));
    // The words of the subject an aside interrupted, for a predicate with
    // no subject of its own ("your refund of £232.00 (the add-on you
    // never used) | has been approved").
    let interrupted: Option<Vec<&str>> = interrupted_subject(text, clauses, at)
        .map(|s| clauses[s])
        .or_else(|| labelled_subject(text, clauses, at))
        .map(|s| blanked(text, &s, aside));
    let money_in_clause = in_clause(Thing::Money);
    // "... once you reset your password", "... if you sign in again": what
    // follows from the customer's own step is advice, not our outcome.
    let by_own_hand = clauses.iter().any(|c| {
        c.sentence == clause.sentence
            && matches!(c.opener, Some(Opener::Once | Opener::Condition))
            && c.texts(text).first() == Some(&"you")
    });
    // "You'll hear from us within the hour about the next steps to get you
    // back in", "we'll update you on the refund": what a message from us
    // will be about is its topic, not an outcome given.
    let topic_from = topic_start(&words);
    // "Refunds of charges that old aren't something I can authorise": the
    // outcome is the subject of what we can or cannot do with it; its
    // words are a noun phrase, read once as the predicate says.
    let breaks: Vec<bool> = (0..words.len())
        .map(|i| i > 0 && text.words[base + i].clause != text.words[base + i - 1].clause)
        .collect();
    let predicated = predicate(&words, &breaks);
    let mut found = Vec::new();
    let mut push = |outcome: Commitment, at: [usize; 2], by_denial: bool| {
        if topic_from.is_some_and(|t| at[0] > t) {
            return;
        }
        if outcome != Commitment::Deadline || timed {
            found.push(Found {
                outcome,
                at: [base + at[0], base + at[1]],
                by_denial,
                refused: false,
            });
        }
    };
    // "We cannot act on it until we have confirmed that it comes from
    // you": what a refusal waits for after "until" is its condition, not
    // a deed done (section 5: saying what we cannot do is no promise).
    // Without the refusal ("we'll keep it open until we have deleted
    // it") the wait presupposes the deed, as "once" does.
    let awaited_from = words
        .iter()
        .position(|w| matches!(*w, "until" | "till"))
        .filter(|&u| (0..u).any(|i| negated(text, base + i, base + i + 1)));
    for k in 0..words.len() {
        let w = words[k];
        if whole_wish
            || wished(&words, wish, k)
            || awaited_from.is_some_and(|u| k > u)
            || predicated
                .as_ref()
                .is_some_and(|p| (p.from..p.subject_end).contains(&k))
        {
            continue;
        }
        let previous = k.checked_sub(1).map(|p| words[p]);
        let next = words.get(k + 1).copied();
        // "by close of business", "at the close of play": a time, not
        // closing the case.
        if w == "close" && next == Some("of") {
            continue;
        }
        // "the person responsible for refunds", "the colleague in charge of
        // deletions": the role's function, no outcome given (play-para-st12,
        // B2).
        if role_function(&words, k) {
            continue;
        }
        // "a refund", "refund policy", and the object of a giving verb
        // ("issue refunds", "process credits"; "get refunded" is passive).
        let is_noun = previous.is_some_and(|p| DETERMINERS.contains(&p))
            || next.is_some_and(|n| MENTION_FOLLOWERS.contains(&n))
            || in_a_noun_phrase(&words, k)
            || compound_of_ours(&words, k)
            || (k > 0 && lexes[k - 1].giving && !w.ends_with("ed"));
        let participle = w.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&w);
        let passive = participle && (k > 0) && passive_before(&words, k);

        // 1. A deed: "we will refund you", "the fee has been removed".
        let lx = lexes[k];
        let family = phrasal(&words, k).or_else(|| lx.family.map(|f| (f, k + 1)));
        // Something coming off by itself: "the fee will drop off your
        // invoice", "it'll disappear from your account" (what it comes
        // off is a place, not an object).
        if !passive && let Some(outcome) = comes_off(&words, k, family, &resolve) {
            push(outcome, [k, k], false);
            continue;
        }
        // "just as your finance team closes the month": the customer's
        // side closing a period of its own is no date of ours for the
        // case (play-para-st12, B6); "we will close this by Friday" is.
        if family.is_some_and(|(f, _)| matches!(f, Verb::Close | Verb::Resolve))
            && !passive
            && (customers_side_subject(&words, k) || closes_a_period(&words, k))
        {
            continue;
        }
        // "Our article KB-217 covers incident INC-7777": a document
        // covering a topic is about it; we cover a cost by paying it.
        if family.is_some_and(|(f, _)| f == Verb::Return) && about_a_topic(&words, k) {
            continue;
        }
        if let Some((family, object_from)) = family
            && !is_noun
            && (passive || !describes_noun_before(&words, k))
        {
            let noun_phrase = if passive {
                subject_before(&words, k).and_then(|(i, _, t)| t.map(|t| (i, t)))
            } else {
                object_after(&words, object_from.saturating_sub(1))
            };
            // "remove it", "it has been taken off": what "it" stands for,
            // for the verbs whose outcome their object decides.
            // "If the fee was already collected, we will refund it": money
            // returned of "it" after the fee is the fee (play-para-st14, C1).
            let taking = matches!(
                family,
                Verb::Remove
                    | Verb::TakeOff
                    | Verb::Erase
                    | Verb::Return
                    | Verb::Forgive
                    | Verb::Refund
            );
            // "the add-on that was cancelled": "that" after a noun opens a
            // relative clause about that noun; it stands for nothing said
            // before (play-st22, B1).
            let relative = |i: usize| {
                matches!(words[i], "that" | "which")
                    && i.checked_sub(1).is_some_and(|p| {
                        let before = words[p];
                        !before.is_empty()
                            && !AUXILIARIES_AND_JOINERS.contains(&before)
                            && (!PREPOSITIONS.contains(&before) || ends_compound_noun(&words, p))
                    })
            };
            let object = match noun_phrase {
                Some((i, Thing::Case)) if taking && relative(i) => {
                    i.checked_sub(1).and_then(|p| thing(words[p]))
                }
                Some((i, Thing::Case)) if taking && pronoun(words[i]) => {
                    resolve().or(Some(Thing::Case))
                }
                other => other.map(|(_, t)| t),
            };
            let object = match (family, object) {
                // "The $49.50 charge has been taken off": a billed charge
                // taken off what the customer owes is no longer owed, as a
                // waived fee is; an amount taken off ("knock $10 off your
                // next invoice") is a discount.
                (Verb::TakeOff, Some(Thing::Money))
                    if noun_phrase.is_some_and(|(i, _)| billed_item(words[i])) =>
                {
                    Some(Thing::Fee)
                }
                // "I have taken the £42.00 late fee off INV-87195": the
                // sum heads a noun phrase that names the fee before its
                // particle (play-para-st12, B1).
                (Verb::TakeOff | Verb::Remove, Some(Thing::Money))
                    if names_owed_item(&words, object_from) =>
                {
                    Some(Thing::Fee)
                }
                // "that late fee shouldn't stick - I've taken the $49 off
                // INV-93877": the amount, named as known beside the fee,
                // is the fee (para-st4).
                (Verb::TakeOff, Some(Thing::Money))
                    if noun_phrase.is_some_and(|(i, _)| i > 0 && words[i - 1] == "the")
                        && fee_near(text, &clauses[at]) =>
                {
                    Some(Thing::Fee)
                }
                // "Late fee on INV-32516: I've waived it. The CA$200.00
                // charge is cancelled": the charge, named again beside the
                // fee, is the fee (play-para-st6, B1). Reversed, a charge
                // is paid back whatever it was.
                (Verb::Remove | Verb::Forgive, Some(Thing::Money))
                    if !is_form_of(w, "reverse")
                        && noun_phrase
                            .is_some_and(|(i, _)| the_fee_again(text, clause, &words, i)) =>
                {
                    Some(Thing::Fee)
                }
                // "$282.00 covers the months that haven't started yet, and
                // that's what we're sending back to you": what is given
                // back is the sum the sentence names, fronted as "what"
                // (play-para-st6, B6).
                (Verb::Return, None) if fronted_sum(text, clause, &words, k) => Some(Thing::Money),
                // "I have waived the fee in full. We will credit the
                // CA$15.00 back to your account": the sum the reply or the
                // case names as the fee, returned, is the waived fee
                // given back, not a second outcome (policy section 5;
                // play-para-st14, C1). Any other sum stays money returned.
                (Verb::Refund | Verb::Return, Some(Thing::Money))
                    if noun_phrase.is_some_and(|(i, _)| {
                        let from = if passive {
                            i.saturating_sub(3)
                        } else {
                            object_from
                        };
                        words[from.min(i)..=i].iter().any(|w| is_fee_sum(w, fees))
                    }) =>
                {
                    Some(Thing::Fee)
                }
                // "credit your account": the account is the credit's place.
                (Verb::Credit, _) => None,
                // "delete it", "erase this": in a reply, the customer's data.
                (Verb::Erase, Some(Thing::Case)) => Some(Thing::Data),
                // "refund the fee" waives it; other objects are the money.
                (Verb::Refund, Some(t)) if t != Thing::Fee => None,
                (_, o) => o,
            };
            // "T-6364: refunding £65.00 for INV-40281 today": a terse
            // note's verb with no subject is ours (play-para-st6, B7).
            let by_us = ours_before(k) || terse_deed(text, clause, &words, k);
            let to_customer = passive && you_before(k);
            let erasing_needs_object = matches!(family, Verb::Erase | Verb::Remove | Verb::TakeOff);
            let outcome = outcome_of(family, object).filter(|_| {
                !(erasing_needs_object && object.is_none()) && (by_us || passive || to_customer)
            });
            // "The funds should be credited to your original payment
            // method": money credited back to how the customer paid is the
            // refund arriving, not an account credit (para-st, B5).
            let to_how_they_paid = words[k + 1..(k + 7).min(words.len())]
                .iter()
                .any(|w| matches!(*w, "payment" | "card" | "bank"));
            // "I've authorised a full goodwill refund. It will be
            // processed today and should be credited within 5 to 10
            // working days": credited with no one and nowhere it goes to,
            // beside a refund, is that refund arriving.
            let refund_arriving = passive
                && !you_before(k)
                && !words[k + 1..]
                    .iter()
                    .any(|w| matches!(*w, "account" | "balance" | "invoice" | "you"))
                && refund_near(text, &clauses[at]);
            let outcome = match outcome {
                Some(Commitment::Credit) if to_how_they_paid || refund_arriving => {
                    Some(Commitment::Refund)
                }
                other => other,
            };
            if let Some(outcome) = outcome
                && !generic_object(&words, k)
            {
                push(outcome, [k, k], false);
                continue;
            }
        }

        // 2. A gift by us, or a receipt by the customer: "here's a credit",
        // "we'll go ahead with the refund" are gifts too.
        let here_is = w == "is" && previous == Some("here");
        let go_ahead = w == "ahead" && previous.is_some_and(|p| is_form_of(p, "go"));
        // Verbs that give only what is their direct object: "we'll do
        // that refund", not "we'll do our best with your refund request".
        // "Do" gives only with a determiner after it ("we can do that
        // refund"); as an auxiliary ("we do refund charges ...") it gives
        // nothing.
        let do_that = is_form_of(w, "do")
            && next.is_some_and(|n| DETERMINERS.contains(&n) || n == "this" || n == "that");
        let weak = here_is || go_ahead || do_that || is_form_of(w, "proceed");
        let giving = lx.giving || here_is || go_ahead || do_that;
        // "you've asked us to refund it", "you have requested a refund":
        // "have" before a participle is its auxiliary, not a receipt.
        let auxiliary = is_form_of(w, "have")
            && next.is_some_and(|n| {
                n == "been" || n.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&n)
            });
        let receiving = lx.receiving && !auxiliary;
        if (giving || receiving) && !is_noun {
            let by_us = giving && (ours_before(k) || here_is);
            // "you'll get a refund"; "expect" and "allow" only as advice
            // ("please allow 5 days for the refund", "you can expect a
            // credit"), since "you expect a refund" is the customer's wish.
            let imperative = k == 0 || matches!(previous, Some("please" | "kindly" | "just"));
            let advice = matches!(w, "expect" | "allow" | "watch");
            let modal_before = words[..k]
                .iter()
                .any(|p| matches!(*p, "can" | "will" | "should" | "would" | "shall"));
            let to_customer = receiving
                && if advice {
                    imperative || (you_before(k) && modal_before)
                } else {
                    you_before(k)
                };
            // "We are issuing it to your card today", "we've approved
            // it": a pronoun object standing for an outcome named just
            // before.
            let pronoun_object =
                by_us && !weak && pronoun_after(&words, k) && base_of(w, PRONOUN_GIVING).is_some();
            if pronoun_object
                && let Some(outcome) = stands_for()
                && (outcome != Commitment::Grant || lx.granting)
            {
                push(outcome, [k, k + 1], false);
            } else if by_us || to_customer {
                for n in k + 1..(k + 6).min(words.len()) {
                    let Some(outcome) = outcome_noun(&words, n) else {
                        continue;
                    };
                    // "approve your refund request" grants the refund;
                    // "process your deletion request" handles the request,
                    // as "process your request" does (play-st14, C1).
                    let mentioned = words.get(n + 1).is_some_and(|a| {
                        MENTION_FOLLOWERS.contains(a) && (*a != "request" || !lx.granting)
                    });
                    let grants = outcome != Commitment::Grant || lx.granting;
                    let direct = !weak
                        || (n <= k + 4
                            && !words
                                .get(n + 1)
                                .is_some_and(|a| MENTION_FOLLOWERS.contains(a))
                            && words[k + 1..n]
                                .iter()
                                .all(|x| *x == "with" || !PREPOSITIONS.contains(x)));
                    if !mentioned && grants && direct && !generic_noun(&words, n) {
                        push(outcome, [k, n], false);
                    }
                    break;
                }
            }
        }

        // 2b. The refund sent on by reference: "a refund of $280.00,
        // which I will send to your card", "I will transfer it today".
        if !is_noun
            && ours_before(k)
            && let Some(outcome) = by_reference(text, clauses, at, &words, k, &stands_for)
        {
            push(outcome, [k, k + 1], false);
        }

        // 3. An outcome stated of its subject: "refund approved", "your
        // data is gone", "your refund is on its way".
        // A predicate whose subject an aside interrupted is read against
        // that subject.
        let stated = stated_outcome(&words, k, lx, &stands_for).or_else(|| {
            let subject = interrupted.as_ref()?;
            if subject_before(&words, k).is_some() {
                return None;
            }
            let joined: Vec<&str> = subject.iter().chain(&words).copied().collect();
            stated_outcome(&joined, subject.len() + k, lx, &stands_for)
        });
        let stated = stated
            .or_else(|| {
                label_state(text, clause, k, lx).filter(|_| subject_before(&words, k).is_none())
            })
            .or_else(|| labelled_amount(text, clause, &words, k))
            .or_else(|| decided_outcome(text, clause, &words, k));
        // "We will put the CA$15.00 back on your card": the fee's sum
        // back is the waived fee given back (play-para-st14, C1).
        let fee_back = |s: usize| {
            words[s.saturating_sub(3)..=s]
                .iter()
                .any(|x| is_fee_sum(x, fees))
        };
        let stated = match stated {
            Some(Commitment::Refund)
                if w == "back"
                    && subject_before(&words, k).is_some_and(|(s, _, _)| fee_back(s)) =>
            {
                Some(Commitment::Waiver)
            }
            other => other,
        };
        if let Some(outcome) = stated {
            push(outcome, [k, k], false);
        } else if let Some(outcome) = fronted_given_back(&words, k) {
            push(outcome, [k - 1, k], false);
        }

        // 4. An outcome said by denying its opposite. A paying word is a
        // verb here ("you won't be charged"), not a noun ("I can't decide
        // on the late fee or the charge").
        let paying_verb =
            lx.paying && (!is_noun || previous == Some("no")) && !after_modifiers(&words, k);
        let delay = delay_idiom(&words, k, lx);
        let on_record = lx.holding && describes_what_is_held(text, base, &words, k);
        let lx4 = Lex {
            paying: paying_verb,
            holding: lx.holding && !delay && !on_record,
            lasting: lx.lasting && !delay,
            ..lx
        };
        if let Some(outcome) = denied_opposite(w, lx4, &holds, ours_before(k), passive) {
            push(outcome, [k, k], true);
        } else if denied_loss(&words, k)
            || (paying_verb && (you_before(k) || ours_before(k)) && future(&words[..k]))
        {
            // "you won't be out of pocket", "you won't be charged for the
            // renewal", "you won't have to pay for it": money the customer
            // keeps, or a fee waived when a fee is what the reply spoke of.
            let fee = holds.fee || (!money_in_clause && resolve() == Some(Thing::Fee));
            // "You won't need to pay anything extra", "you won't be
            // charged again": not paying more returns no money; it is a
            // waiver at most, when a fee is what the reply spoke of.
            let nothing_more = paying_verb && nothing_more_to_pay(&words, k);
            match (fee, nothing_more) {
                (true, _) => push(Commitment::Waiver, [k, k], true),
                (false, false) => push(Commitment::Refund, [k, k], true),
                (false, true) => {}
            }
        }

        // Idioms of a free or repaid outcome: "the month is on us", "on
        // the house", "you'll be made whole".
        let on_us = w == "us"
            && previous == Some("on")
            && words[..k.saturating_sub(1)]
                .iter()
                .rev()
                .take(2)
                .any(|p| matches!(*p, "is" | "are" | "be" | "was"));
        let on_the_house = w == "house" && words[..k].ends_with(&["on", "the"]);
        if on_us || on_the_house {
            push(Commitment::Credit, [k, k], false);
        }
        if w == "whole" && previous.is_some_and(|p| is_form_of(p, "make")) {
            push(Commitment::Refund, [k, k], false);
        }
        // "we'll make it right", "we'll put things right": a remedy,
        // unnamed; "we'll make it up to you": compensation.
        let remedied = k >= 2
            && matches!(
                previous,
                Some("it" | "this" | "things" | "that" | "everything")
            )
            && ["make", "put", "set"]
                .iter()
                .any(|b| is_form_of(words[k - 2], b));
        if w == "right" && remedied && ours_before(k) {
            push(Commitment::Grant, [k, k], false);
        }
        if w == "up"
            && next == Some("to")
            && remedied
            && words.get(k + 2) == Some(&"you")
            && ours_before(k)
        {
            push(Commitment::Credit, [k, k], false);
        }
        // "we'll bend the rules for you": an exception.
        if matches!(w, "rules" | "rule")
            && k >= 2
            && is_form_of(words[k - 2], "bend")
            && ours_before(k)
        {
            push(Commitment::Exception, [k, k], false);
        }
        // "consider it done", "consider it sorted": the request granted.
        let considered = k >= 2
            && matches!(previous, Some("it" | "this" | "that"))
            && is_form_of(words[k - 2], "consider");
        if considered && matches!(w, "done" | "sorted" | "handled" | "granted" | "fixed") {
            push(Commitment::Grant, [k, k], false);
        }

        // 5. Access given back by us ("we'll get you back in", "we will
        // have you signing in again") or as the customer's ("you'll have
        // access again", "you will regain access"). The customer signing in
        // again by themselves ("reset it, then sign in again") is advice.
        // "back in" of money is money back ("we'll put the money back in
        // your account"), of the customer access.
        let money_before = || {
            words[..k].iter().enumerate().any(|(i, x)| {
                matches!(thing(x), Some(Thing::Money | Thing::Fee))
                    || outcome_noun(&words, i).is_some()
            })
        };
        // "We'll be back in touch", "back in contact": our next message,
        // not the customer back in.
        // "We'll check (back) in with you", "check in again": contact too.
        let in_touch = |i: usize| {
            words.get(i) == Some(&"in")
                && (matches!(words.get(i + 1), Some(&"touch" | &"contact"))
                    || i.checked_sub(1)
                        .and_then(|b| words.get(b))
                        .is_some_and(|b| is_form_of(b, "check"))
                    || (i >= 2 && words[i - 1] == "back" && is_form_of(words[i - 2], "check")))
        };
        let back_in = w == "back"
            && matches!(next, Some("in" | "into" | "online"))
            && !in_touch(k + 1)
            && !money_before();
        // "your account will be back up and running", "your workspace
        // will be available again".
        let working = w == "back" && matches!(next, Some("up" | "online"))
            || (w == "again"
                && previous.is_some_and(|p| {
                    matches!(
                        p,
                        "active"
                            | "available"
                            | "accessible"
                            | "working"
                            | "running"
                            | "usable"
                            | "live"
                            | "open"
                    )
                }));
        if working
            && !by_own_hand
            && subject_before(&words, k)
                .is_some_and(|(_, _, t)| matches!(t, Some(Thing::Account | Thing::Access)))
        {
            push(Commitment::AccessRestored, [k, k], false);
        }
        let again = w == "again"
            && k > 0
            && (k.saturating_sub(4)..k)
                .any(|p| matches!(words[p], "in" | "access" | "login" | "account") && !in_touch(p));
        let access_word = words.iter().any(|x| matches!(*x, "access" | "login"));
        let regain = is_form_of(w, "regain") && access_word;
        // "you'll be able to log back in": the customer's access back,
        // unless their own step gives it ("once you reset ...").
        let able_back = w == "back"
            && matches!(next, Some("in" | "into" | "online"))
            && !in_touch(k + 1)
            && words[..k].contains(&"able")
            && !by_own_hand;
        let customer_has = you_before(k) && (regain || (again && access_word) || able_back);
        if ((back_in || again) && ours_before(k)) || customer_has {
            push(Commitment::AccessRestored, [k, k], false);
        }
    }
    if let Some(p) = predicated
        && let Some(outcome) = predicated_outcome(&words, &p, &stands_for)
        && (outcome != Commitment::Deadline || timed)
        && topic_from.is_none_or(|t| p.be <= t)
    {
        found.push(Found {
            outcome,
            at: [base + p.be, base + p.verb.unwrap_or(p.be)],
            by_denial: false,
            refused: p.refused,
        });
    }
    found
}

/// Whether the outcome word at `k` ends a compound noun after a noun of
/// our side ("past the 30-day window for a desk refund", "the desk refund
/// policy", "for team credits"): a singular noun with a bare verb after it
/// does not agree as a subject ("the desk refund"), and after "a" or a
/// preposition the noun opens a noun phrase, not a clause. "The desk
/// refunds you" and "the desk will refund" keep their subject (play-st24,
/// B1).
fn compound_of_ours(words: &[&str], k: usize) -> bool {
    let Some(p) = k.checked_sub(1) else {
        return false;
    };
    let noun = words[p];
    if !super::clause::OUR_SIDE.contains(&noun) || matches!(noun, "we" | "i" | "us" | "our") {
        return false;
    }
    let w = words[k];
    let agrees = w.ends_with('s') || w.ends_with("ed") || w.ends_with("ing");
    let singular = !noun.ends_with('s');
    let opened = p
        .checked_sub(1)
        .is_some_and(|d| matches!(words[d], "a" | "an") || PREPOSITIONS.contains(&words[d]));
    (singular && !agrees) || opened
}

/// Words after a demonstrative that leave it a pronoun, not the
/// determiner of a noun: "I can't approve that myself", "we can't offer
/// one from the desk", "I'll approve this today".
const AFTER_A_PRONOUN: &[&str] = &[
    "myself",
    "ourselves",
    "personally",
    "directly",
    "here",
    "there",
    "today",
    "now",
    "from",
    "at",
    "for",
    "on",
    "in",
    "by",
    "until",
    "without",
    "as",
    "right",
    "immediately",
    "straight",
    "either",
    "again",
    "through",
    "within",
];

/// Whether the object after the giving verb at `k` is a pronoun that may
/// stand for an outcome named before: "it", "them", or "that", "this",
/// "one" with no noun after them ("... the window for a desk refund, so I
/// can't approve that myself"; play-st24, B1).
fn pronoun_after(words: &[&str], k: usize) -> bool {
    match words.get(k + 1) {
        Some(&("it" | "them")) => true,
        Some(&("that" | "this" | "one")) => words
            .get(k + 2)
            .is_none_or(|a| a.is_empty() || AFTER_A_PRONOUN.contains(a)),
        _ => false,
    }
}

/// A clause whose subject is an outcome and whose predicate says what we
/// can or cannot do with it, clause-local: "refunds of charges that old
/// aren't something I'm able to authorise", "a refund is something I can
/// arrange today", "waiving the fee isn't possible", "a refund is beyond
/// what I can approve".
struct Predicate {
    /// The subject: words `from..subject_end`.
    from: usize,
    subject_end: usize,
    /// The form of "be" after the subject.
    be: usize,
    /// The verb our side does it with ("authorise"), when one is named.
    verb: Option<usize>,
    /// The predicate refuses it: negated ("isn't something I can",
    /// "is something I can't", "is not possible"), or beyond what we may
    /// do.
    refused: bool,
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
            .find(|&i| super::clause::OUR_SIDE.contains(&words[i]))
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
fn predicate(words: &[&str], breaks: &[bool]) -> Option<Predicate> {
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
fn predicated_outcome(
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

/// Whether word `k` is a noun by the modifiers before it, back to a
/// determiner: "the INV-65929 charge", "the £40 charge", "the late
/// payment charge", "the add-on charge" (an invoice id, an amount or a
/// noun modifying it). "I'm not able to settle the late fee or the
/// INV-65929 charge" speaks of a charge; it does not deny charging
/// (play-para-st6, B4).
fn after_modifiers(words: &[&str], k: usize) -> bool {
    let modifier = |j: usize| {
        let w = words[j];
        w.chars().any(|c| c.is_ascii_digit())
            || matches!(w, "inv" | "add" | "ca" | "us")
            // "add-on" is two words.
            || (w == "on" && j > 0 && words[j - 1] == "add")
            || (thing(w).is_some() && !pronoun(w) && w != "everything's")
    };
    let mut j = k;
    while j > 0 && modifier(j - 1) && k - j < 6 {
        j -= 1;
    }
    if j < k && j > 0 && DETERMINERS.contains(&words[j - 1]) {
        return true;
    }
    // "the other charges", "the cancelled-plan charges", "those two later
    // charges": any words between an opener of a noun phrase and the
    // paying word modify a noun when none of them is a person, a helper of
    // a verb, a negation, a particle or a joiner. "It is not possible for
    // us to rule on the late fee or the other charges" names two things
    // it cannot decide; it denies no charging (play-para-st14, B3). "No"
    // and "any" stay out: "you won't face any charges" denies charging.
    let mut j = k;
    while j > 0
        && k - j < 4
        && !words[j - 1].is_empty()
        && !NOUN_PHRASE_OPENERS.contains(&words[j - 1])
        && !NOT_MODIFIERS.contains(&words[j - 1])
        && !PREPOSITIONS.contains(&words[j - 1])
    {
        j -= 1;
    }
    // "no other charges" still denies charging.
    j > 0 && NOUN_PHRASE_OPENERS.contains(&words[j - 1]) && (j < 2 || words[j - 2] != "no")
}

/// Words that open a noun phrase whose head is a paying word ("the other
/// charges", "these charges"), for [`after_modifiers`].
const NOUN_PHRASE_OPENERS: &[&str] = &[
    "the", "your", "our", "this", "that", "these", "those", "both", "other", "its", "their",
    "such", "some", "all", "each", "every",
];

/// Words that modify no noun: persons, helpers of a verb, negations,
/// particles and joiners ("we will not charge", "you won't be charged").
const NOT_MODIFIERS: &[&str] = &[
    "we", "i", "you", "they", "he", "she", "it", "us", "them", "me", "be", "is", "are", "was",
    "were", "been", "being", "will", "would", "can", "could", "should", "shall", "may", "might",
    "must", "have", "has", "had", "do", "does", "did", "not", "never", "no", "any", "to", "and",
    "or", "but", "nor", "then", "so", "if", "again", "get", "got",
];

/// Where the topic of a message we promise starts: a verb of telling
/// the customer ("hear from us", "update you", "get back to you", "be in
/// touch", "contact you") followed by "about", "regarding", "on",
/// "concerning" or "with an update on".
fn topic_start(words: &[&str]) -> Option<usize> {
    let telling = words.iter().position(|w| {
        matches!(
            *w,
            "hear"
                | "update"
                | "contact"
                | "touch"
                | "reply"
                | "respond"
                | "write"
                | "call"
                | "email"
                | "follow"
        ) || (*w == "back"
            && words
                .iter()
                .take_while(|x| **x != "back")
                .any(|x| is_form_of(x, "get") || is_form_of(x, "come")))
    })?;
    (telling + 1..words.len()).find(|&k| {
        matches!(words[k], "about" | "regarding" | "concerning")
            || (words[k] == "on" && words[k - 1] == "update")
            || (words[k] == "steps" && words.get(k + 1) == Some(&"to"))
    })
}

/// Whether `found` is access the customer regains in a time of their own
/// ("please write to us from the account email when you have access
/// again", "once you can get back in"): when they can act, not access we
/// restore.
fn customers_own_time(text: &Text, clause: &Clause, found: &Found) -> bool {
    if found.outcome != Commitment::AccessRestored {
        return false;
    }
    let opened_by_time = clause.opener == Some(Opener::Once)
        && text.words.get(clause.from).is_some_and(|w| w.text == "you");
    opened_by_time
        || (clause.from..found.at[0]).any(|i| {
            matches!(
                text.words[i].text.as_str(),
                "when" | "until" | "whenever" | "once"
            ) && text.words.get(i + 1).is_some_and(|w| w.text == "you")
        })
}

/// Words before an outcome's verb that put it ahead of now: "we will
/// refund it", "we can waive it", "to refund it".
const NOT_YET: &[&str] = &[
    "will", "shall", "would", "going", "can", "could", "may", "might", "should", "must", "to",
];

/// Whether the outcome whose verb is word `verb` of `clause` is said as
/// done or being done now: "we've waived the fee", "the fee is
/// cancelled", "I waived it", "we are removing the fee"; not "we will
/// refund it" nor "we can waive it".
fn said_done(text: &Text, clause: &Clause, verb: usize) -> bool {
    let Some(word) = text.words.get(verb).map(|w| w.text.as_str()) else {
        return false;
    };
    // The few words before the verb: a label's title before them ("There's
    // nothing you need to do: the fee is waived") is not its tense.
    let before: Vec<&str> = text.words
        [clause.from.max(verb.saturating_sub(4))..verb.max(clause.from)]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    if before.iter().any(|w| NOT_YET.contains(w)) {
        return false;
    }
    // "Outcome: full fee waiver", "Result: refund of £40.00": the state the
    // case reached; "Decision: full refund" is a decision, as "approved"
    // is, whose doing is still ahead.
    if let Some(key) = decision_key(text, verb) {
        return key != "decision";
    }
    // "Your refund is approved": a decision, whose doing is still ahead.
    let decided = base_of(
        word,
        &[
            "approve",
            "authorise",
            "authorize",
            "accept",
            "agree",
            "grant",
        ],
    )
    .is_some();
    let past = !decided && (word.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&word));
    let progressive = word.ends_with("ing")
        && before
            .last()
            .is_some_and(|w| matches!(*w, "am" | "is" | "are"));
    past || progressive
}

const IRREGULAR_PARTICIPLES: &[&str] = &[
    "paid", "sent", "gone", "done", "taken", "given", "made", "kept", "held", "written", "put",
    "set", "got", "gotten", "dealt", "struck", "forgiven", "let",
];

/// Whether the verb at `k` is passive: a form of "be" (or "get") before it,
/// allowing an adverb or a short object between ("has been fully
/// refunded", "get the fee taken off").
fn passive_before(words: &[&str], k: usize) -> bool {
    (k.saturating_sub(3)..k).any(|p| {
        matches!(
            words[p],
            "be" | "been" | "being" | "is" | "are" | "was" | "were" | "get" | "got" | "gets"
        )
    })
}

/// Words a noun phrase opens with, for [`describes_noun_before`].
const PHRASE_DETERMINERS: &[&str] = &[
    "the", "your", "my", "our", "their", "his", "her", "its", "a", "an", "this", "that", "these",
    "those",
];

/// Words that make a clause finite, or open a clause of its own, before a
/// noun phrase or after a participle.
const FINITE_OR_SUBORDINATE: &[&str] = &[
    "is", "are", "was", "were", "am", "will", "would", "shall", "should", "can", "could", "may",
    "might", "must", "has", "have", "had", "do", "does", "did", "cannot", "we", "i", "you", "they",
    "he", "she", "after", "when", "since", "before", "until", "till", "as",
];

/// Words that are no noun of a phrase of their own.
const NOT_A_HEAD: &[&str] = &[
    "we", "i", "you", "they", "he", "she", "it", "that", "which", "who", "not", "and", "or",
    "then", "also", "now", "already", "just", "been", "being", "be", "get", "got", "gets",
];

/// Whether the participle at `k` describes the noun right before it, one
/// the reader does not know as an outcome's object: a reduced relative or
/// an intransitive past ("the charges for the plan cancelled on 22 April",
/// "the charges taken after your plan cancelled", "the subscription
/// cancelled last month"). The noun heads a phrase of its own (a
/// determiner opens it), and the clause has a verb of its own elsewhere
/// (before that phrase, or after the participle), or a subordinator opens
/// the phrase: the participle is then no predicate of the clause, and
/// states nothing of an earlier noun (play-para-st16, B2). A verbless line
/// ("Charge for your plan reversed") keeps its participle as its
/// predicate, and a noun the reader knows ("the charges ... reversed")
/// stays the subject.
fn describes_noun_before(words: &[&str], k: usize) -> bool {
    let participle = words[k].ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&words[k]);
    let Some(n) = k.checked_sub(1) else {
        return false;
    };
    let noun = words[n];
    let compound = ends_compound_noun(words, n);
    let unknown = !noun.is_empty()
        && (compound
            || (!PREPOSITIONS.contains(&noun)
                && !AUXILIARIES_AND_JOINERS.contains(&noun)
                && !PHRASE_DETERMINERS.contains(&noun)
                && !NOT_A_HEAD.contains(&noun)
                && !noun.ends_with("ly")
                && !noun.chars().any(|c| c.is_ascii_digit())
                && thing(noun).is_none()
                && outcome_noun(words, n).is_none()));
    if !participle || !unknown {
        return false;
    }
    // The determiner that opens the noun's phrase, with only modifiers
    // the reader does not know between ("your annual plan", "the add-on").
    let Some(d) = (n.saturating_sub(3)..n)
        .rev()
        .find(|&i| PHRASE_DETERMINERS.contains(&words[i]))
    else {
        return false;
    };
    let modifiers_only = words[d + 1..n].iter().all(|w| {
        thing(w).is_none()
            && !FINITE_OR_SUBORDINATE.contains(w)
            && (!PREPOSITIONS.contains(w) || *w == "on")
    });
    modifiers_only
        && (words[..d].iter().any(|w| FINITE_OR_SUBORDINATE.contains(w))
            || words[k + 1..]
                .iter()
                .any(|w| FINITE_OR_SUBORDINATE.contains(w)))
}

/// Words that state a request settled in the customer's favour, or an
/// outcome "it" stands for as given: "your refund request has been
/// approved", "it has been processed". A request "submitted", "raised" or
/// "sent" has been passed on, which gives nothing.
const SETTLED: &[&str] = &[
    "approved",
    "granted",
    "honoured",
    "honored",
    "accepted",
    "processed",
    "completed",
    "complete",
    "done",
    "actioned",
    "authorised",
    "authorized",
    "issued",
    "released",
];

/// Giving verbs whose object "it" may stand for an outcome named just
/// before: "we are issuing it today", "we've approved it".
const PRONOUN_GIVING: &[&str] = &[
    "issue",
    "process",
    "approve",
    "grant",
    "pay",
    "release",
    "honour",
    "honor",
    "fulfil",
    "fulfill",
    "authorise",
    "authorize",
    "initiate",
    "complete",
];

/// Frame 3: the state at `k` and the outcome it gives its subject;
/// `stands_for`: the outcome a pronoun subject stands for ("It has been
/// approved").
fn stated_outcome(
    words: &[&str],
    k: usize,
    lx: Lex,
    stands_for: &dyn Fn() -> Option<Commitment>,
) -> Option<Commitment> {
    use Commitment::*;
    let w = words[k];
    let done = DONE.contains(&w);
    // "we'll come back to it": "come" and its "back" are ours coming back.
    let coming_back = match words.get(k + 1) {
        Some(&"back") => back_to_a_question(words, k + 1),
        _ => w == "back" && back_to_a_question(words, k),
    };
    let arriving = lx.arriving && !coming_back && !(w == "back" && back_in_time(words, k));
    let naming = lx.family.filter(|_| w.ends_with("ed") || w == "repaid");
    let gone = w == "gone";
    if !(done || arriving || naming.is_some() || gone) {
        return None;
    }
    // "the charges for the cancelled plan", "a waived fee": a participle
    // after a determiner describes the noun after it; it states nothing.
    let article = k > 0
        && matches!(
            words[k - 1],
            "a" | "an" | "the" | "your" | "our" | "my" | "their" | "his" | "her"
        );
    if article && w.ends_with("ed") && words.get(k + 1).is_some_and(|n| !PREPOSITIONS.contains(n)) {
        return None;
    }
    // "on its way", "on the way"; "go through", "come through".
    // "on its way", "coming your way".
    if w == "way"
        && !words[..k]
            .iter()
            .rev()
            .take(2)
            .any(|p| *p == "on" || is_form_of(p, "come"))
    {
        return None;
    }
    if w == "through"
        && !words[..k]
            .last()
            .is_some_and(|p| is_form_of(p, "go") || is_form_of(p, "come"))
    {
        return None;
    }
    // A state word of a request or an outcome ("processed", "approved")
    // keeps its outcome noun as its subject ("the refund for your order
    // processed today"); a verb of an outcome may describe another noun.
    if naming.is_some() && describes_noun_before(words, k) {
        return None;
    }
    let (s, noun, object) = subject_before(words, k)?;
    // "since you had cancelled it before it renewed": the customer as the
    // subject of an active verb is their own deed; "you have been
    // refunded" is an outcome given to them.
    if naming.is_some() && object == Some(Thing::Customer) && !passive_before(words, k) {
        return None;
    }
    let settled = SETTLED.contains(&w);
    // "Your request for a refund has been approved", "your refund request
    // is granted", "your request to delete your data is granted": what is
    // requested is what is given. A request passed on ("your request for
    // a refund has been submitted to our supervisor") is given nothing.
    let noun = match (noun, object) {
        (Some(Grant), _) if done && !settled => return None,
        (Some(Grant), _) => requested_outcome(words, s, k).or(noun),
        // "It has been approved": what "it" stands for.
        (None, Some(Thing::Case)) if pronoun(words[s]) && stands_alone(words, s) && settled => {
            stands_for()
        }
        (other, _) => other,
    };
    // "Refunds are issued within 30 days": a rule about refunds.
    let plural = matches!(
        words[s],
        "refunds"
            | "credits"
            | "fees"
            | "charges"
            | "requests"
            | "waivers"
            | "exceptions"
            | "accounts"
            | "payments"
    );
    let determined = s > 0
        && matches!(
            words[s - 1],
            "your" | "the" | "these" | "those" | "our" | "my"
        );
    if plural && !determined {
        return None;
    }
    if let Some(family) = naming {
        return match family {
            // "deleted" only of the customer's data or account.
            Verb::Erase | Verb::Remove => {
                outcome_of(family, object.filter(|t| !matches!(t, Thing::Case)))
            }
            Verb::Resolve => outcome_of(family, object.filter(|t| *t == Thing::Case)),
            Verb::Close => outcome_of(family, object.filter(|t| *t != Thing::Customer)),
            _ => noun
                .filter(|c| matches!(c, Refund | Credit | Waiver))
                .and_then(|_| outcome_of(family, object))
                .or_else(|| outcome_of(family, object)),
        };
    }
    if gone {
        return match object {
            Some(Thing::Data | Thing::Account) => Some(Deletion),
            Some(Thing::Fee) => Some(Waiver),
            _ => None,
        };
    }
    if arriving {
        return match (noun, object) {
            (Some(c @ (Refund | Credit)), _) => Some(c),
            (_, Some(Thing::Money)) if w == "back" => Some(Refund),
            (_, Some(Thing::Access)) if w == "back" => Some(AccessRestored),
            _ => None,
        };
    }
    match noun? {
        Grant => matches!(
            w,
            "approved" | "granted" | "honoured" | "honored" | "accepted"
        )
        .then_some(Grant),
        Exception => matches!(w, "approved" | "granted" | "made").then_some(Exception),
        Deadline => None,
        c => Some(c),
    }
}

/// What the request at word `s` asks for, up to word `to`: the outcome
/// noun before it ("your refund request") or what follows it ("your
/// request for a refund").
fn requested_outcome(words: &[&str], s: usize, to: usize) -> Option<Commitment> {
    let compound = s
        .checked_sub(1)
        .and_then(|m| outcome_noun(words, m))
        .filter(|c| !matches!(c, Commitment::Grant | Commitment::Deadline));
    compound.or_else(|| requested(words, s + 1, to))
}

/// What a request at words `from..to` asks for: an outcome noun ("for a
/// refund") or a verb of one with its object ("to delete your data").
fn requested(words: &[&str], from: usize, to: usize) -> Option<Commitment> {
    (from..to).find_map(|j| {
        if let Some(c) = outcome_noun(words, j).filter(|c| *c != Commitment::Grant) {
            return Some(c);
        }
        let family = lex(words[j]).family?;
        let object = object_after(&words[..to], j).map(|(_, t)| t);
        outcome_of(family, object)
    })
}

/// Frame 4: "the fee won't apply", "you won't be charged the late fee",
/// "we will no longer hold your data", "nothing will remain". Negation is
/// checked by the caller; here only the shape.
/// What a clause speaks of anywhere in it.
struct Holds {
    fee: bool,
    /// Data, or "nothing" / "none" ("nothing will remain").
    data: bool,
}

fn denied_opposite(
    w: &str,
    lx: Lex,
    holds: &Holds,
    by_us: bool,
    passive: bool,
) -> Option<Commitment> {
    let paying = lx.paying
        || matches!(
            w,
            "payable" | "due" | "apply" | "applies" | "stand" | "stands" | "owed"
        );
    if paying && holds.fee {
        return Some(Commitment::Waiver);
    }
    // "We won't keep your data", "nothing will be kept on file".
    if ((lx.holding && (by_us || passive)) || lx.lasting) && holds.data {
        return Some(Commitment::Deletion);
    }
    None
}

/// An outcome noun as a bare plural is a kind of thing, not this
/// customer's: "the desk can authorise refunds", "we issue credits for
/// outages"; not "your refunds", "both refunds", "a refund".
fn generic_noun(words: &[&str], n: usize) -> bool {
    let plural = matches!(
        words[n],
        "refunds"
            | "credits"
            | "waivers"
            | "exceptions"
            | "discounts"
            | "vouchers"
            | "coupons"
            | "reimbursements"
            | "deletions"
            | "chargebacks"
    );
    let determined = n > 0
        && (DETERMINERS.contains(&words[n - 1])
            || matches!(words[n - 1], "both" | "these" | "those" | "two" | "all")
            || crate::text::number_value(words[n - 1]).is_some());
    let after_full =
        n > 1 && matches!(words[n - 1], "full" | "partial") && !DETERMINERS.contains(&words[n - 2]);
    plural && (!determined || after_full)
}

/// What "it" stands for in clause `at`: the last noun phrase head of the
/// nearest earlier clause (of this sentence or the one before) that names
/// a fee, money, data or the account ("I've removed the late fee from
/// your invoice. It'll drop off within two days").
fn antecedent(text: &Text, clauses: &[Clause], at: usize, aside: &[bool]) -> Option<Thing> {
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
fn blanked<'t>(text: &'t Text, clause: &Clause, aside: &[bool]) -> Vec<&'t str> {
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
fn outcome_antecedent(
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
    while super::clause::heading(text, &clauses[before])
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

/// Whether a noun phrase head is an amount: a sum, or a noun of one ("the
/// full amount", "the total").
fn an_amount(word: &str) -> bool {
    crate::text::number_value(word).is_some()
        || matches!(word, "amount" | "sum" | "total" | "figure")
}

/// Adverbs between a label's colon and the state it gives ("Late fee:
/// now waived", "Decision: fully refunded").
const STATE_ADVERBS: &[&str] = &["now", "already", "fully", "just", "been", "all"];

/// Whether word `k` of `clause` (local) opens what a label's colon labels,
/// after adverbs only: "Decision: refunded in full", "2. Waived: the
/// £42.00 late fee".
fn opens_label_value(text: &Text, clause: &Clause, k: usize) -> bool {
    let words = clause.texts(text);
    (clause.from + 1..=clause.from + k).rev().any(|i| {
        super::clause::labels(text.gap(i))
            && words[i - clause.from..k]
                .iter()
                .all(|w| STATE_ADVERBS.contains(w))
    })
}

/// Frame 3 for a state with no subject that a label's colon labels:
/// "Decision: refunded in full as a goodwill refund", "Status: waived".
/// The label says what the line is about; the participle names the
/// outcome, for the verbs that need no object to name one (money back, a
/// credit, a fee waived).
fn label_state(text: &Text, clause: &Clause, k: usize, lx: Lex) -> Option<Commitment> {
    let w = clause.texts(text)[k];
    let family = lx.family.filter(|_| w.ends_with("ed") || w == "repaid")?;
    if !matches!(family, Verb::Refund | Verb::Credit | Verb::Waive) {
        return None;
    }
    opens_label_value(text, clause, k).then(|| outcome_of(family, None))?
}

/// Frame 3 for an outcome named by a label whose value is its amount:
/// "- **Refund:** $282.00 for the 6 unused months", "Credit: £20.00 on
/// your next invoice". The label, opening its line, is the outcome noun
/// alone (after "your", "the", "full", "partial"); its value opens with a
/// sum. "Refund requested: $282.00", "Refund policy: 30 days", "Late fee:
/// £42.00" (no outcome named) and "Refund: not possible" (no sum) state
/// none (play-para-st6, B6).
fn labelled_amount(text: &Text, clause: &Clause, words: &[&str], k: usize) -> Option<Commitment> {
    let outcome = outcome_noun(words, k).filter(|c| {
        matches!(
            c,
            Commitment::Refund | Commitment::Credit | Commitment::Waiver
        )
    })?;
    // The value's first word, in the clause or (after a currency sign the
    // label's colon does not join over) the next one.
    let i = clause.from + k + 1;
    let gap = text.gap(i);
    let colon = !gap.contains('\n')
        && gap.trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, '*' | '_' | '`' | '$' | '£' | '€')
        }) == ":";
    if i >= text.len() || !colon {
        return None;
    }
    let lead = words[..k]
        .iter()
        .all(|w| matches!(*w, "your" | "the" | "full" | "partial" | "a" | "total"));
    let line_start = {
        let before = &text.source[..text.words[clause.from].start];
        let line = before.rsplit('\n').next().unwrap_or("");
        line.chars()
            .all(|c| c.is_whitespace() || c.is_ascii_digit() || "-*#.)_`".contains(c))
    };
    let value = text.words[i].text.as_str();
    let sum = crate::text::number_value(value).is_some()
        || matches!(value, "ca" | "us" | "cad" | "usd" | "eur" | "gbp");
    // "Refund: $282.00 if our billing supervisor approves it": a value
    // under a condition states nothing.
    let conditional = text.words[i..]
        .iter()
        .take_while(|w| w.sentence == text.words[i].sentence)
        .any(|w| {
            matches!(
                w.text.as_str(),
                "if" | "unless"
                    | "provided"
                    | "providing"
                    | "assuming"
                    | "whether"
                    | "pending"
                    | "subject"
            )
        });
    (lead && line_start && sum && !conditional).then_some(outcome)
}

/// Keys of a line that say what was decided: "Outcome: full refund",
/// "| Decision | Fee waiver |".
const DECISION_KEYS: &[&str] = &["outcome", "decision", "result", "resolution"];

/// Words a decision key may have before its noun ("Our final decision").
const DECISION_KEY_MODIFIERS: &[&str] = &["our", "the", "your", "final", "agreed", "overall"];

/// Words that may stand before the outcome noun in a decided value: a
/// determiner, its extent, what it is of ("a full refund", "late fee
/// waiver", "one-off goodwill account credit").
const DECIDED_MODIFIERS: &[&str] = &[
    "a", "an", "the", "your", "full", "partial", "complete", "total", "one", "off", "goodwill",
    "prorated", "pro", "rata", "ca", "us", "au", "usd", "cad", "eur", "gbp", "aud",
];

/// Words after the outcome noun of a decided value that decline, defer,
/// hedge or ask instead of granting ("Refund pending approval", "Refund
/// request under review", "full refund or credit", "refund (to be
/// confirmed)").
const UNDECIDED: &[&str] = &[
    "not", "no", "never", "none", "nor", "or", "either", "instead", "if", "unless", "whether",
    "pending", "subject", "possible", "possibly", "maybe", "perhaps", "likely", "request",
    "requests", "review", "tbc", "tbd", "be", "awaiting", "later", "under", "may", "might",
    "could", "would", "will", "can", "cannot", "should", "once", "until",
];

/// Frame 3 for an outcome noun phrase that is the value of a key naming
/// the decision: "Outcome: Full refund", "| Decision | Late fee waiver
/// (CA$66.00) |", "Result: account credit of $20.00" grant the outcome
/// (play-para-st17, B2). See [`decision_key`].
fn decided_outcome(text: &Text, clause: &Clause, words: &[&str], k: usize) -> Option<Commitment> {
    let outcome = outcome_noun(words, k).filter(|c| {
        matches!(
            c,
            Commitment::Refund | Commitment::Credit | Commitment::Waiver | Commitment::Deletion
        )
    })?;
    decision_key(text, clause.from + k).map(|_| outcome)
}

/// The key whose value the outcome noun at word `at` heads, when that key
/// names the decision ("outcome", "decision", "result", "resolution"),
/// opens its line and gives nothing else, and the value is the noun phrase
/// alone (determiners, its extent, what it is of, its amount and what it is
/// for) to the end of the line. A value with a word that declines, defers
/// or hedges ("Refund declined", "Refund pending approval", "possible
/// refund", "no refund"), a question, or a key that names what was asked
/// ("Requested outcome") is no decision.
fn decision_key(text: &Text, at: usize) -> Option<&'static str> {
    let line_from = (0..=at)
        .rev()
        .find(|&j| j == 0 || text.gap(j).contains('\n'))?;
    let value_from = (line_from + 1..=at)
        .rev()
        .find(|&i| super::clause::labels(text.gap(i)))?;
    let line_to = (at + 1..text.len())
        .find(|&j| text.gap(j).contains('\n'))
        .unwrap_or(text.len());
    let texts = |from: usize, to: usize| text.words[from..to].iter().map(|w| w.text.as_str());
    let line: Vec<&str> = texts(line_from, line_to).collect();
    outcome_noun(&line, at - line_from)?;
    let key: Vec<&str> = texts(line_from, value_from).collect();
    let (last, rest) = key.split_last()?;
    let named = DECISION_KEYS.iter().find(|k| *k == last)?;
    let key_alone = rest
        .iter()
        .all(|w| DECISION_KEY_MODIFIERS.contains(w) || crate::text::number_value(w).is_some());
    let modifiers = texts(value_from, at).all(|w| {
        DECIDED_MODIFIERS.contains(&w)
            || crate::text::number_value(w).is_some()
            || matches!(thing(w), Some(Thing::Fee | Thing::Money | Thing::Account))
    });
    let settled = texts(at + 1, line_to).all(|w| {
        !UNDECIDED.contains(&w) && !w.ends_with("ed") && !w.ends_with("ing") && !w.ends_with("n't")
    });
    let asked = super::clause::question_sentences(text).contains(&text.words[at].sentence);
    (key_alone && modifiers && settled && !asked).then_some(*named)
}

/// The words holding the subject of clause `at` when `at` is the rest of
/// a label's value after a comma, a state with no subject of its own
/// ("Late fee: £42.00, now waived"): the label and what it gave first,
/// from the start of the line to the comma.
fn labelled_subject(text: &Text, clauses: &[Clause], at: usize) -> Option<Clause> {
    let clause = &clauses[at];
    let previous = continued(clauses, at).filter(|_| clause.opener.is_none())?;
    let words = clause.texts(text);
    let first = words.iter().find(|w| !STATE_ADVERBS.contains(w))?;
    let participle = first.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(first);
    let line = clauses[..at]
        .iter()
        .position(|c| c.sentence == clause.sentence)?;
    let from = clauses[line].from;
    let to = clauses[previous].to;
    let labelled = (from + 1..to).any(|i| {
        let gap = text.gap(i);
        gap.contains(':') && !gap.contains('\n')
    });
    (participle && labelled && !has_subject(&words)).then_some(Clause {
        from,
        ..clauses[previous]
    })
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
fn interrupted_subject(text: &Text, clauses: &[Clause], at: usize) -> Option<usize> {
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
    let aside = |c: &Clause| {
        let opening = text.words.get(c.from).map_or("", |w| w.text.as_str());
        let gap = text.gap(c.from);
        // "Your refund, CA$390.00 for the unused months, has been
        // approved": a noun phrase set off by commas with no verb or
        // person of its own is an appositive.
        let appositive = gap.contains(',')
            && c.opener.is_none()
            && !c
                .texts(text)
                .iter()
                .any(|w| super::clause::CLAUSE_WORDS.contains(w) || outcome_verb(w));
        c.opener == Some(Opener::Which)
            || gap.contains(['(', '[', '\u{2013}', '\u{2014}'])
            || gap.contains(" - ")
            || matches!(opening, "who" | "which" | "as")
            || appositive
    };
    let mut k = at;
    while k > 0 && clauses[k - 1].sentence == clause.sentence && aside(&clauses[k - 1]) {
        k -= 1;
    }
    (k < at && k > 0 && clauses[k - 1].sentence == clause.sentence).then(|| k - 1)
}

/// Verbs of something coming off or going by itself.
const COMING_OFF: &[&str] = &["drop", "come", "fall", "slide"];
const VANISHING: &[&str] = &["disappear", "vanish"];

/// "The fee will drop off your invoice", "it'll disappear from your
/// account", "the charge will come off your bill": the subject comes off
/// a place. A verb that takes an object ("drop the fee", "wipe off the
/// fee") is a deed, read by frame 1.
fn comes_off(
    words: &[&str],
    k: usize,
    family: Option<(Verb, usize)>,
    resolve: &impl Fn() -> Option<Thing>,
) -> Option<Commitment> {
    let w = words[k];
    let next = words.get(k + 1).copied();
    let particle = matches!(next, Some("off" | "from" | "away" | "out"));
    let off = next == Some("off") && base_of(w, COMING_OFF).is_some();
    let removing = particle && family.is_some_and(|(f, _)| matches!(f, Verb::Remove | Verb::Erase));
    let vanishing = !off && !removing && base_of(w, VANISHING).is_some();
    if !(off || vanishing || removing) {
        return None;
    }
    let place_after = object_after(words, k + 1)
        .is_none_or(|(_, t)| matches!(t, Thing::Account | Thing::Access | Thing::Case));
    if !place_after {
        return None;
    }
    let subject = subject_before(words, k)?;
    let class = match subject {
        (i, _, Some(Thing::Case)) if pronoun(words[i]) => resolve()?,
        (_, Some(Commitment::Waiver), _) => Thing::Fee,
        (_, _, Some(t)) => t,
        _ => return None,
    };
    match class {
        Thing::Fee => Some(Commitment::Waiver),
        Thing::Money => Some(Commitment::Refund),
        Thing::Data | Thing::Account if vanishing || removing => Some(Commitment::Deletion),
        _ => None,
    }
}

/// "You won't be out of pocket", "you won't lose a penny": money kept,
/// said by denying its loss (frame 4).
fn denied_loss(words: &[&str], k: usize) -> bool {
    let w = words[k];
    let out_of_pocket = w == "pocket" && words[..k].ends_with(&["out", "of"]);
    let after = &words[k + 1..(k + 4).min(words.len())];
    let lose = is_form_of(w, "lose")
        && (after.first() == Some(&"out")
            || after.iter().any(|n| {
                matches!(*n, "penny" | "cent" | "dime" | "dollar" | "pound" | "euro")
                    || thing(n) == Some(Thing::Money)
            }));
    out_of_pocket || lose
}

/// Whether words before a verb put it in the future or make it a need:
/// "won't be charged", "no longer have to pay", "don't need to pay"; not
/// a fact about the past ("you have not been charged").
fn future(before: &[&str]) -> bool {
    before.iter().enumerate().any(|(i, w)| {
        matches!(*w, "will" | "shall" | "going" | "longer" | "need")
            || (*w == "have" && before.get(i + 1) == Some(&"to"))
    })
}

/// A bare plural right after the verb is a rule, not a promise: "we
/// refund charges made in the last 30 days".
fn generic_object(words: &[&str], k: usize) -> bool {
    words.get(k + 1).is_some_and(|o| {
        matches!(
            *o,
            "charges"
                | "payments"
                | "purchases"
                | "fees"
                | "refunds"
                | "requests"
                | "accounts"
                | "subscriptions"
                | "invoices"
                | "renewals"
                | "customers"
        )
    })
}

/// Whether the noun at `i` of `words` (a clause's) is "the charge" that
/// names again a fee named in the sentence before (and not in its own),
/// with no refund or renewal named in either: a definite "charge" with nothing before it but an
/// amount ("the CA$200.00 charge") and nothing after it saying what it is
/// for. "The $49 renewal charge", "the charge for your add-on" are other
/// charges.
fn the_fee_again(text: &Text, clause: &Clause, words: &[&str], i: usize) -> bool {
    if !matches!(words.get(i), Some(&("charge" | "charges"))) || words.get(i + 1) == Some(&"for") {
        return false;
    }
    let amount = |w: &str| {
        w.chars().any(|c| c.is_ascii_digit())
            || matches!(w, "ca" | "us" | "cad" | "usd" | "eur" | "gbp")
    };
    let mut j = i;
    while j > 0 && amount(words[j - 1]) {
        j -= 1;
    }
    let definite = j > 0 && matches!(words[j - 1], "the" | "this" | "that");
    // The fee is named in the sentence before, and not in this one: "we'll
    // reverse the charge and cancel the late fee" names two things.
    let sentence = clause.sentence;
    let near = |w: &crate::text::Word| w.sentence == sentence || w.sentence + 1 == sentence;
    let fee_in = |s: u32| {
        text.words
            .iter()
            .any(|w| w.sentence == s && matches!(w.text.as_str(), "fee" | "fees"))
    };
    let fee = sentence > 0 && fee_in(sentence - 1) && !fee_in(sentence);
    let refund = text.words.iter().any(|w| {
        near(w)
            && matches!(
                w.text.as_str(),
                "refund" | "refunds" | "refunded" | "renewal"
            )
    });
    definite && fee && !refund
}

/// Whether the sentence of `clause` names a fee.
fn fee_near(text: &Text, clause: &Clause) -> bool {
    text.words
        .iter()
        .any(|w| w.sentence == clause.sentence && matches!(w.text.as_str(), "fee" | "fees"))
}

/// Whether the sentence of `clause`, or the one before it, names a refund.
fn refund_near(text: &Text, clause: &Clause) -> bool {
    let sentence = clause.sentence;
    text.words.iter().any(|w| {
        (w.sentence == sentence || w.sentence + 1 == sentence)
            && matches!(w.text.as_str(), "refund" | "refunds" | "refunded")
    })
}

/// Words that report someone's wish: "you asked us to delete it", "I
/// understand you want your money back".
const WISHING: &[&str] = &[
    "ask", "request", "want", "wish", "like", "demand", "expect", "hope", "mention", "say",
    "write", "tell", "claim", "threaten", "prefer", "insist",
];

/// Verbs that report the customer's view: "a fee you feel you shouldn't
/// have been charged", "you believe the fee should be removed".
const VIEWING: &[&str] = &[
    "feel", "think", "believe", "consider", "argue", "reckon", "suggest", "maintain", "assume",
];

/// Where the customer's view starts: a viewing verb right after "you"
/// (an adverb or "may", "might", "do", "still" between), not in a
/// question ("do you think ...?" is an offer, handled by the caller). What
/// follows it is the customer's feeling or claim restated, not our
/// commitment.
fn customers_view(words: &[&str]) -> Option<usize> {
    (1..words.len()).find(|&v| {
        base_of(words[v], VIEWING).is_some()
            && (words[v - 1] == "you"
                || (v > 1
                    && words[v - 2] == "you"
                    && (words[v - 1].ends_with("ly")
                        || matches!(
                            words[v - 1],
                            "may" | "might" | "do" | "still" | "also" | "clearly"
                        ))))
    })
}

/// Where the customer's wish starts in a clause: the first wishing verb
/// with "you" before it ("you asked us to delete it", "I understand you
/// want your money back"), or a wishing verb in "-ing" said of what the
/// customer sent ("your message asking us to close your account"); what
/// follows it is the wish, not a promise. An offer ("would you like us to
/// waive it?") is not a report.
fn wish_start(words: &[&str]) -> Option<usize> {
    let offer = words.windows(2).any(|p| {
        matches!(
            p,
            ["would", "you"] | ["do", "you"] | ["shall", "we"] | ["should", "we"]
        )
    });
    if offer {
        return None;
    }
    let asking = words
        .iter()
        .position(|w| w.ends_with("ing") && base_of(w, WISHING).is_some())
        .or_else(|| customers_view(words));
    let reported = words
        .iter()
        .position(|w| *w == "you")
        .and_then(|you| (you + 1..words.len()).find(|&i| base_of(words[i], WISHING).is_some()));
    match (asking, reported) {
        (Some(a), Some(r)) => Some(a.min(r)),
        (a, r) => a.or(r),
    }
}

/// Whether clause `at` is an infinitive coordinated with a wish in the
/// clause it continues: "you asked us to delete your data | and close
/// your account", "your request to erase your records | and close the
/// account". It has no subject, opens with a verb in its base form, and
/// the clause before ends inside a wish.
fn continues_wish(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let Some(previous) = continued(clauses, at) else {
        return false;
    };
    let words = clauses[at].texts(text);
    // "You'd like all your data removed | and your account closed": a
    // thing and its participle with no verb of their own finish the
    // wish's own pattern, said again.
    let participle = |w: &&str| w.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(w);
    // "... | and your account to be closed": a passive infinitive's "be"
    // is no finite verb.
    let finite = words.iter().enumerate().any(|(i, w)| {
        let infinitive = *w == "be" && i > 0 && words[i - 1] == "to";
        (AUXILIARIES_AND_JOINERS.contains(w) && !infinitive)
            || matches!(*w, "we" | "i" | "they" | "has" | "been")
    });
    if clauses[at].opener == Some(Opener::And) && !finite && words.iter().any(participle) {
        let earlier = clauses[previous].texts(text);
        // "your request to have your account | and personal data erased":
        // the request's object, coordinated, with its participle.
        if restated_request(&earlier) || wish_content(text, clauses, previous) {
            return true;
        }
        if let Some(wish) = wish_start(&earlier)
            && earlier[wish + 1..].last().is_some_and(participle)
        {
            return true;
        }
    }
    // "You've written asking that we remove your data | and that we close
    // your account": a mandative "that" said again, with its subject.
    let earlier = clauses[previous].texts(text);
    if words.first() == Some(&"that")
        && (mandative_wish(&earlier) || continues_wish(text, clauses, previous))
    {
        return true;
    }
    // "You asked us to delete your data | and to close your account": the
    // infinitive's "to" may be said again.
    let Some(first) = words.iter().find(|w| **w != "to") else {
        return false;
    };
    let base_form = lex(first).family.is_some()
        && !first.ends_with("ed")
        && !first.ends_with("ing")
        && !IRREGULAR_PARTICIPLES.contains(first);
    if has_subject(&words) || !base_form {
        return false;
    }
    let wish = wish_start(&earlier);
    let infinitive = (1..earlier.len()).any(|k| {
        earlier[k - 1] == "to" && lex(earlier[k]).family.is_some() && wished(&earlier, wish, k)
    });
    infinitive || mandative_wish(&earlier) || continues_wish(text, clauses, previous)
}

/// Whether a clause reports the customer's wish as a mandative "that"
/// ("asking that we remove your data", "you have requested that we close
/// the account", "insisting that we delete it"): a verb coordinated with
/// it, with no subject of its own ("... | and close your account"), is the
/// wish too (section 4: restating what was asked is not confirming it).
fn mandative_wish(words: &[&str]) -> bool {
    wish_start(words).is_some_and(|start| {
        (start..words.len()).any(|w| {
            base_of(words[w], WISHING).is_some()
                && words[w + 1..].iter().take(3).any(|x| *x == "that")
        })
    })
}

/// Whether clause `at` is what a wish reported just before it in its
/// sentence asks for, put as a passive infinitive with no finite verb of
/// its own: "You asked for two things: | for the personal data we hold
/// about you to be deleted, | and for your account to be closed". What
/// was asked is not what we do (section 4); "I've arranged for your data
/// to be deleted" reports no wish and stays our deed.
fn wish_content(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let Some(previous) = at.checked_sub(1) else {
        return false;
    };
    let clause = &clauses[at];
    if clauses[previous].sentence != clause.sentence {
        return false;
    }
    let words = clause.texts(text);
    let Some(to) = words.windows(3).position(|p| {
        p[0] == "to"
            && p[1] == "be"
            && (p[2].ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&p[2]))
    }) else {
        return false;
    };
    let finite = words[..to].iter().any(|w| {
        AUXILIARIES_AND_JOINERS.contains(w) && !matches!(*w, "and" | "or" | "so" | "then")
            || matches!(*w, "should" | "must" | "shall" | "did" | "do" | "does")
    });
    if finite {
        return false;
    }
    let earlier = clauses[previous].texts(text);
    wish_start(&earlier).is_some()
        || restated_request(&earlier)
        || wish_content(text, clauses, previous)
}

/// What a text is: a subject that covers something by being about it
/// ("our article KB-217 covers ...", "section 4 of our policy covers
/// ...").
const DOCUMENTS: &[&str] = &[
    "article",
    "articles",
    "kb",
    "policy",
    "policies",
    "section",
    "sections",
    "guide",
    "guides",
    "page",
    "pages",
    "terms",
    "faq",
    "faqs",
    "document",
    "documents",
    "documentation",
    "docs",
    "rule",
    "rules",
    "notice",
    "post",
    "announcement",
    "note",
    "notes",
    "entry",
    "clause",
    "agreement",
    "contract",
    "sla",
    "handbook",
    "manual",
    "statement",
    "report",
    "email",
    "message",
    "letter",
    "update",
    "link",
];

/// What a text is about, as the object of "cover": "covers incident
/// INC-7777", "covers tickets that mention legal action", "covers this
/// situation".
const TOPICS: &[&str] = &[
    "incident",
    "incidents",
    "inc",
    "case",
    "cases",
    "situation",
    "situations",
    "issue",
    "issues",
    "outage",
    "outages",
    "problem",
    "problems",
    "ticket",
    "tickets",
    "topic",
    "topics",
    "scenario",
    "scenarios",
    "question",
    "questions",
    "dispute",
    "disputes",
    "error",
    "errors",
    "bug",
    "bugs",
    "period",
    "dates",
    "days",
    "what",
    "how",
    "when",
    "why",
    "exactly",
];

/// Whether "cover" at `k` of a clause's `words` means "is about": its
/// subject is a document ("our article KB-217 covers ..."), or its object
/// a topic ("... covers incident INC-7777", "this covers what happened"),
/// or, in the passive, a document covers it ("the incident is covered by
/// our article"). Only covering a cost is paying it ("we'll cover the
/// fee", "we cover the cost of the add-on").
fn about_a_topic(words: &[&str], k: usize) -> bool {
    if is_form_of(words[k], "return") {
        return back_to_a_topic(words, k);
    }
    if !is_form_of(words[k], "cover") {
        return false;
    }
    if scope_participle(words, k) {
        return true;
    }
    let start = words[..k]
        .iter()
        .rposition(|w| matches!(*w, "that" | "which" | "and" | "but" | "as"))
        .map_or(0, |i| i + 1);
    let document = |w: &&str| DOCUMENTS.contains(w);
    let by_document = words[k + 1..]
        .iter()
        .position(|w| *w == "by")
        .is_some_and(|b| words[k + 2 + b..].iter().take(4).any(document));
    let object = words[k + 1..].iter().find(|w| {
        !matches!(
            **w,
            "the" | "this" | "that" | "our" | "your" | "all" | "any" | "a" | "an"
        )
    });
    words[start..k].iter().any(document)
        || object.is_some_and(|w| TOPICS.contains(w))
        || by_document
}

/// Words before "covering" that make it our deed going on ("we are
/// covering the charge", "we'll be covering it", "by covering the fee"),
/// not the scope of what was named before it.
const DOING_BEFORE: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "by", "of", "for", "on", "we", "i",
    "and", "or", "start", "starts", "started", "keep", "keeps",
];

/// Whether "covering" at `k` is a participle giving the scope of what was
/// named before it: "our legal team will review your ticket, covering both
/// the charge and the reissue", "a review covering the charge and the
/// chargeback", as "which covers ..." is. After a form of "be", "by" or
/// its subject it is our deed ("we are covering the charge": we pay it).
fn scope_participle(words: &[&str], k: usize) -> bool {
    if !words[k].ends_with("ing") {
        return false;
    }
    // The nearest word before it (an aside may have blanked some).
    let before = words[..k].iter().rev().find(|w| !w.is_empty());
    before.is_none_or(|b| !DOING_BEFORE.contains(b))
}

/// Places money goes back to: "return to your card" is money coming
/// back; "return to it" is not.
const MONEY_PLACES: &[&str] = &[
    "card",
    "cards",
    "account",
    "bank",
    "balance",
    "wallet",
    "method",
    "statement",
    "source",
];

/// Whether "return" at `k` is coming back to a topic: "we'll return to it
/// once the key is dealt with", "we will return to the late fee next
/// week", "I'll return to this matter": "return" right before "to" and
/// what it comes back to, not a place money goes ("the $50 will return to
/// your card"). Money returned has an object: "we will return the $50 to
/// your card".
fn back_to_a_topic(words: &[&str], k: usize) -> bool {
    if words.get(k + 1) != Some(&"to") {
        return false;
    }
    // "I've arranged for the $220.50 to be returned to you", "the fee
    // will be returned to your card": a participle after anything but its
    // own subject is passive, money returned.
    let past = words[k].ends_with("ed");
    let subject_before = k > 0 && super::clause::SUBJECTS.contains(&words[k - 1]);
    if past && !subject_before {
        return false;
    }
    let place = words[k + 2..]
        .iter()
        .take(5)
        .take_while(|w| !matches!(**w, "once" | "when" | "after" | "and" | "but" | "later"))
        .any(|w| MONEY_PLACES.contains(w));
    !place
}

/// Words after which "that" is no relative pronoun: "and that was
/// cancelled", "is that", "so that".
const AUXILIARIES_AND_JOINERS: &[&str] = &[
    "and", "but", "or", "so", "then", "is", "was", "are", "were", "be", "been", "has", "have",
    "had", "will", "would", "can", "could", "once", "when", "because", "as", "since", "if",
];

/// Whether the word at `k` is only the customer's wish: after the wish's
/// start, or after "your request to ...".
fn wished(words: &[&str], wish: Option<usize>, k: usize) -> bool {
    let before = &words[..k];
    let request_to = before.ends_with(&["request", "to"]) || before.ends_with(&["requests", "to"]);
    wish.is_some_and(|w| w < k) || request_to || restated_request(before)
}

/// Words that may stand before a request noun restated as the
/// customer's: "your request", "the request", "this request".
const REQUEST_DETERMINERS: &[&str] = &["your", "the", "this", "that", "a"];

/// Words that end a restated request's reach before a word: a verb of
/// our own or a finite verb of the clause ("your request to delete your
/// data | has been approved, and we will delete it" has its own verb).
const REQUEST_ENDS: &[&str] = &[
    "will", "shall", "is", "are", "was", "were", "has", "we", "i", "which", "who", "so",
];

/// Whether `before` (a clause's words up to some word) ends inside a
/// restated request of the customer's: a request noun after a determiner,
/// what it asks for after "to", "for" or "that" ("I've received your
/// request to have your account and personal data erased", "thanks for
/// the request for your records to be removed", "we've noted your request
/// that your data be deleted"), with no finite verb after it. Restating
/// what was asked confirms none of it (section 4).
fn restated_request(before: &[&str]) -> bool {
    let Some(r) = before.iter().rposition(|w| {
        matches!(
            *w,
            "request" | "requests" | "wish" | "wishes" | "instruction" | "instructions"
        )
    }) else {
        return false;
    };
    let determined = r > 0
        && (REQUEST_DETERMINERS.contains(&before[r - 1])
            || (r > 1 && REQUEST_DETERMINERS.contains(&before[r - 2])));
    let asks = matches!(before.get(r + 1), Some(&("to" | "for" | "that")));
    // "to have your data erased": "have" after "to" is causative.
    let finite = before[r + 1..].iter().any(|w| REQUEST_ENDS.contains(w));
    determined && asks && !finite
}

/// Whether clause `at` has no subject of its own and continues a clause
/// whose subject is on our side ("we will review it and refund you").
fn inherits_ours(text: &Text, clauses: &[Clause], at: usize, words: &[&str]) -> bool {
    if has_subject(words) {
        return false;
    }
    if our_list_item(text, &clauses[at], words) {
        return true;
    }
    let mut at = at;
    while let Some(previous) = continued(clauses, at) {
        let earlier = clauses[previous].texts(text);
        if ours(&earlier) {
            return true;
        }
        if has_subject(&earlier) {
            return false;
        }
        at = previous;
    }
    false
}

/// Past forms that open a list item of what was done ("1. Checked ...",
/// "- Sent ...").
const IRREGULAR_PAST: &[&str] = &[
    "paid", "sent", "took", "gave", "made", "kept", "put", "set", "got", "dealt", "struck",
    "forgave", "let", "wrote", "did",
];

/// Adverbs that may open a list item before its past verb: one more
/// deed. Not "already", which opens a condition ("- Already paid:
/// credited back").
const ITEM_ADVERBS: &[&str] = &["also", "then", "additionally", "separately"];

/// Whether `clause` opens an item of a list with a past verb and no
/// subject ("2. Waived the £42.00 late fee on invoice INV-47526", "-
/// Refunded $98.00 to your card"): in a reply, a list of what was done is
/// ours, unless the line that introduces it says the list is the
/// customer's ("Here's what you told us:").
fn our_list_item(text: &Text, clause: &Clause, words: &[&str]) -> bool {
    // "- Also refunded to your card: $13.37", "- Then credited back": an
    // adverb before the past verb leaves it the item's verb.
    let first = words
        .iter()
        .find(|w| !w.is_empty() && !ITEM_ADVERBS.contains(w));
    let past = first.is_some_and(|w| w.ends_with("ed") || IRREGULAR_PAST.contains(w));
    if !past || !super::clause::opens_list_item(text, clause.from) {
        return false;
    }
    let intro = super::clause::list_intro(text, clause.from);
    let told: Vec<&str> = intro
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .collect();
    let customers = told.windows(2).any(|p| {
        p[0].eq_ignore_ascii_case("you")
            && (p[1].ends_with("ed") || IRREGULAR_PAST.contains(&p[1]) || p[1] == "told")
    });
    !customers
}

// ------------------------------------------------------------ certainty

const OPEN: &[&str] = &[
    "may",
    "might",
    "could",
    "maybe",
    "perhaps",
    "possibly",
    "potentially",
];
/// Words of what someone is able or allowed to do.
const ABILITY: &[&str] = &[
    "can",
    "able",
    "allowed",
    "permitted",
    "authorised",
    "authorized",
    "entitled",
];
/// Words after "only" that restrict a rule to a kind or an amount: "can
/// still be given as goodwill, but only for invoices up to $200.00".
const ONLY_OF_A_KIND: &[&str] = &["for", "up", "under", "below", "on", "to"];

/// Verbs of a rule permitting someone to act: "our rules let the desk
/// refund ...", "the policy allows us to waive ...".
const PERMITTING: &[&str] = &["let", "lets", "allow", "allows", "permit", "permits"];
const LEANING: &[&str] = &["probably", "likely", "hopefully", "ideally"];
const LEANING_VERBS: &[&str] = &["try", "attempt", "aim", "hope", "intend", "seek", "want"];
const HABITUAL: &[&str] = &[
    "usually",
    "normally",
    "typically",
    "generally",
    "always",
    "often",
    "sometimes",
    "rarely",
    "ordinarily",
];

/// The certainty of a promise at word `at`: the modal words before it in
/// its clause, and in the clause it continues when it has no subject of
/// its own ("we might review it and refund you").
fn certainty(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> Certainty {
    let own = clauses[clause].texts(text);
    let local = at - clauses[clause].from;
    // "I can see a refund was given": the ability is our seeing's; the
    // fact reported is read from where it starts.
    let perceived = perceived_from(&own).filter(|&f| f <= local).unwrap_or(0);
    let mut spans = vec![(clauses[clause].from + perceived, at)];
    if !has_subject(&own[..local])
        && let Some(previous) = continued(clauses, clause)
    {
        spans.push((clauses[previous].from, clauses[previous].to));
    }
    let words: Vec<&str> = spans
        .iter()
        .flat_map(|(from, to)| text.words[*from..*to].iter().map(|w| w.text.as_str()))
        .collect();
    if words.iter().any(|w| OPEN.contains(w)) {
        return Certainty::Open;
    }
    if words.iter().any(|w| HABITUAL.contains(w)) {
        return Certainty::Generic;
    }
    // The subject starts after the last break the text layer sees inside
    // the reply clause (a colon that labels: "I can't waive this fee at
    // the desk: one was already waived ...").
    let subject_from = (clauses[clause].from + 1..at)
        .rev()
        .find(|&i| text.words[i].clause != text.words[i - 1].clause)
        .map_or(0, |i| i - clauses[clause].from)
        .max(perceived);
    if past_instance(&own[subject_from..local], &own) {
        return Certainty::Generic;
    }
    // What someone may do, not what they will: "only our billing
    // supervisor can approve a refund", "the period in which the desk can
    // authorise refunds".
    let restricted = words.windows(2).any(|p| {
        p[0] == "only"
            && (super::clause::OUR_SIDE.contains(&p[1]) || matches!(p[1], "a" | "an" | "the"))
    });
    let ability = words.iter().any(|w| ABILITY.contains(w));
    let relative = clauses[clause].opener == Some(Opener::Which)
        || words
            .iter()
            .position(|w| matches!(*w, "who" | "which" | "whom" | "than" | "where"))
            .is_some_and(|r| words[r..].iter().any(|w| ABILITY.contains(w)));
    if restricted
        || (relative && ability)
        || beyond_a_limit(&own[..local], &own[(local + 1).min(own.len())..])
    {
        return Certainty::Generic;
    }
    // "We can only accept a request like this from the address on file",
    // "we're only able to refund charges when ...": what we may do on a
    // condition, a rule; "we can only offer you a partial refund" is an
    // offer.
    if ability && words.contains(&"only") && restricted_by(text, clauses, clause, at) {
        return Certainty::Generic;
    }
    // "Our rules let the support desk refund that add-on only within 14
    // days of the charge", "we can refund it only if ...": what someone may
    // do on a condition, with "only" on the condition after the verb
    // (play-st20, B2).
    let permitted = ability || words.iter().any(|w| PERMITTING.contains(w));
    let only_on_a_condition = (at + 1..clauses[clause].to).any(|i| {
        text.words[i].text == "only"
            && text.words.get(i + 1).is_some_and(|n| {
                RESTRICTING.contains(&n.text.as_str()) || ONLY_OF_A_KIND.contains(&n.text.as_str())
            })
    });
    // "... can still be given as goodwill, but only for invoices up to
    // $200.00": the restriction in the clause after a "but".
    let only_after_but = clauses.get(clause + 1).is_some_and(|next| {
        next.sentence == clauses[clause].sentence
            && next.opener == Some(Opener::Contrast)
            && matches!(
                next.texts(text).as_slice(),
                ["only", kind, ..] if RESTRICTING.contains(kind) || ONLY_OF_A_KIND.contains(kind)
            )
    });
    if permitted && (only_on_a_condition || only_after_but) {
        return Certainty::Generic;
    }
    if stated_limit(text, clauses, clause, at) {
        return Certainty::Generic;
    }
    // "we'll try to", "I hope to": our own attempt; "invoices that
    // customers tried to pay" is theirs (play-para-st2).
    let our_attempt = |k: usize| {
        words[..k]
            .iter()
            .rev()
            .find(|w| {
                !matches!(
                    **w,
                    "will" | "would" | "am" | "are" | "is" | "be" | "really" | "also"
                )
            })
            .is_some_and(|w| super::clause::OUR_SIDE.contains(w))
    };
    if words.iter().enumerate().any(|(k, w)| {
        LEANING.contains(w) || (base_of(w, LEANING_VERBS).is_some() && our_attempt(k))
    }) {
        return Certainty::Leaning;
    }
    Certainty::Firm
}

/// Words that place an event in the account's history.
const HISTORY: &[&str] = &[
    "already",
    "previously",
    "previous",
    "earlier",
    "before",
    "prior",
    "last",
    "ago",
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Words that make a noun some other instance than this case's: "your
/// previous late fee", "an earlier waiver".
const OTHER_INSTANCE: &[&str] = &["previous", "earlier", "prior", "other", "another"];

/// Whether a clause tells of some other instance in the past: an outcome
/// whose subject is indefinite ("a fee", "another refund"), in the simple
/// past ("was", "were", not "has been") and placed in the account's
/// history ("As a fee was already waived on your account this year, I'm
/// not able to waive this one"). That is a fact the reply gives as a
/// reason, not this case's outcome; "your fee was waived", "a refund has
/// been issued to your card" still are.
///
/// The subject's head is read up to its first preposition: in "a late fee
/// on your account was already waived" the account is where the fee was,
/// not whose this fee is. A head that names another instance ("your
/// previous late fee was waived two years ago") counts as an indefinite
/// one does.
fn past_instance(before: &[&str], clause: &[&str]) -> bool {
    let Some(past) = before.iter().position(|w| matches!(*w, "was" | "were")) else {
        return false;
    };
    let subject = &before[..past];
    let head_end = subject
        .iter()
        .position(|w| {
            matches!(
                *w,
                "on" | "of" | "for" | "in" | "from" | "to" | "with" | "at"
            )
        })
        .unwrap_or(subject.len());
    let head = &subject[..head_end];
    // "one was already waived in the last six months": "one" alone is
    // another instance of the thing just named.
    let indefinite = head.iter().any(|w| matches!(*w, "a" | "an" | "one"))
        && !head.iter().any(|w| matches!(*w, "your" | "the"));
    let other = head.iter().any(|w| OTHER_INSTANCE.contains(w));
    (indefinite || other)
        && !subject
            .iter()
            .any(|w| matches!(*w, "have" | "has" | "had" | "will"))
        && clause.iter().any(|w| HISTORY.contains(w))
}

/// Nouns of a limit on what we may do, or of the amount it allows: "the
/// 30-day window", "the limit the support team can waive", "the amount the
/// desk can waive on its own", "the scope of what we can refund".
const LIMITS: &[&str] = &[
    "window",
    "limit",
    "limits",
    "period",
    "threshold",
    "maximum",
    "cap",
    "ceiling",
    "timeframe",
    "allowance",
    "amount",
    "amounts",
    "sum",
    "value",
    "level",
    "scope",
    "remit",
    "authority",
    "range",
    "point",
    "stage",
    "cutoff",
    "deadline",
];

/// Words that put something past a limit: "past the window", "over the
/// limit", "outside the period", "above the amount".
const BEYOND: &[&str] = &[
    "past",
    "over",
    "outside",
    "beyond",
    "above",
    "exceeds",
    "exceed",
    "exceeding",
    "exceeded",
    "after",
    "more",
    "higher",
    "larger",
    "bigger",
    "greater",
    "longer",
    "older",
];

/// How many words may stand between a limit and the ability of the clause
/// that defines it: "the limit | up to which the support desk | can".
const LIMIT_TO_ABILITY: usize = 8;
/// How many words may stand between a limit and the word that puts
/// something past it: "above | the maximum | amount".
const BEYOND_TO_LIMIT: usize = 5;
/// How many words may stand between an ability and the verb it governs:
/// "can | waive", "is able to | refund", "is authorised to | waive".
const ABILITY_TO_VERB: usize = 3;

/// Whether `before` (the words of a clause up to a promise's verb) puts
/// something past a limit that the promise's own ability defines: "it's
/// past the 30-day window the desk can refund from", "the fee is above
/// the amount the support desk can waive on its own", "it's above what
/// the support desk can refund", "a disputed charge is outside what the
/// desk can refund". That states what we cannot do, the reason we hand
/// the case on; it promises nothing.
///
/// The ability must be the verb's own (right before it, no "will" in
/// between) and the first one after the limit, and the verb must have no
/// object of its own (the limit is its object, as in a relative clause):
/// so a promise that follows the limit in the same clause ("although it
/// is over the limit we can waive it", "... above the amount the desk can
/// waive, we will waive the fee") is still read as one. "What"
/// counts as the limit only after a word of comparison or place ("above
/// what", "beyond what", "more than what"), not after "after" ("after what
/// happened, we can refund you" is a promise).
fn beyond_a_limit(before: &[&str], after: &[&str]) -> bool {
    let has_object = after.first().is_some_and(|w| object_start(w));
    let Some(ability) = before.iter().rposition(|w| ABILITY.contains(w)) else {
        return false;
    };
    let governs = before.len() - ability <= ABILITY_TO_VERB
        && !before[ability + 1..]
            .iter()
            .any(|w| matches!(*w, "will" | "shall" | "would" | "we" | "i"));
    if !governs {
        return false;
    }
    (ability.saturating_sub(LIMIT_TO_ABILITY)..ability).any(|i| {
        let anchor = before[i];
        let what = anchor == "what";
        let own_ability = !before[i + 1..ability]
            .iter()
            .any(|w| ABILITY.contains(w) || matches!(*w, "will" | "shall"));
        let past = before[i.saturating_sub(BEYOND_TO_LIMIT)..i]
            .iter()
            .any(|b| BEYOND.contains(b) && !(what && matches!(*b, "after" | "longer" | "older")));
        // "beyond the point where I can authorise a refund": a relative
        // clause right after the limit defines it, so the verb may keep
        // its object there.
        let defined = matches!(
            before.get(i + 1).copied(),
            Some("where" | "which" | "when" | "whereby" | "in" | "up" | "at" | "that")
        );
        (what || LIMITS.contains(&anchor)) && own_ability && past && (!has_object || defined)
    })
}

/// Whether `word` opens an object of the verb before it: "waive it",
/// "refund you", "waive the fee", "refund $40".
fn object_start(word: &str) -> bool {
    matches!(
        word,
        "it" | "them"
            | "you"
            | "this"
            | "that"
            | "these"
            | "those"
            | "the"
            | "your"
            | "a"
            | "an"
            | "any"
            | "all"
            | "each"
            | "every"
            | "his"
            | "her"
            | "their"
            | "its"
            | "some"
    ) || word.starts_with(|c: char| c.is_ascii_digit())
}

/// Words that bound an amount from above, and how many words they take:
/// "up to $25.00", "no more than $25", "at most $25", "under $25".
const CEILINGS: &[&[&str]] = &[
    &["up", "to"],
    &["no", "more", "than"],
    &["not", "more", "than"],
    &["at", "most"],
    &["a", "maximum", "of"],
    &["under"],
    &["below"],
    &["less", "than"],
];

/// Whether word `i` of `text` is an amount ("$25.00", "25", "£22").
fn amount_at(text: &Text, i: usize) -> bool {
    text.words
        .get(i)
        .is_some_and(|w| w.text.chars().any(|c| c.is_ascii_digit()))
}

/// Whether the promise at word `at` of clause `clause` states the limit of
/// what we may do, as a rule: an ability governing its verb ("the desk can
/// only waive", "we can waive"), a ceiling on an amount after it in the
/// clause ("late fees of up to $25.00", "refunds of no more than $50"),
/// and either "only" on the ability or a turn after it: a contrast later
/// in the sentence ("..., but your fee is $27.50") or the next sentence
/// putting the case past the limit or declining ("Your fee ... is just
/// over that limit, so I am unable to waive it"). A limit said that way
/// is the policy the reply applies, no promise; "we can refund up to
/// $50.00 of the charge today" alone still offers it.
fn stated_limit(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> bool {
    let own = &clauses[clause];
    let word = |i: usize| text.words[i].text.as_str();
    let Some(ability) = (own.from..at)
        .rev()
        .take(ABILITY_TO_VERB + 1)
        .find(|&i| ABILITY.contains(&word(i)))
    else {
        return false;
    };
    if (ability + 1..at).any(|i| matches!(word(i), "will" | "shall" | "would" | "we" | "i")) {
        return false;
    }
    let ceiling = (at + 1..own.to).any(|i| {
        CEILINGS.iter().any(|c| {
            let end = i + c.len();
            end < own.to
                && (0..c.len()).all(|j| word(i + j) == c[j])
                && (end..(end + 2).min(own.to)).any(|a| amount_at(text, a))
        })
    });
    if !ceiling {
        return false;
    }
    let only = (ability.saturating_sub(1)..at).any(|i| word(i) == "only");
    let contrast_after = clauses[clause + 1..]
        .iter()
        .take_while(|c| c.sentence == own.sentence)
        .any(|c| c.opener == Some(Opener::Contrast));
    let next_sentence_turns = text.words.iter().any(|w| {
        w.sentence == own.sentence + 1
            && (BEYOND.contains(&w.text.as_str())
                || matches!(w.text.as_str(), "unable" | "cannot" | "not"))
    });
    only || contrast_after || next_sentence_turns
}

/// Words that restrict what "only" allows to a condition or a kind.
const RESTRICTING: &[&str] = &[
    "from", "if", "when", "unless", "once", "after", "within", "like", "such", "where", "while",
    "before",
];

/// Whether the clause holding the promise at word `at` restricts it: a
/// condition or a kind after the verb ("from the address on file", "a
/// request like this", "when the charge is recent"), or a condition
/// clause after it in the sentence.
fn restricted_by(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> bool {
    let own = &clauses[clause];
    let after_verb = (at + 1..own.to).any(|i| RESTRICTING.contains(&text.words[i].text.as_str()));
    let condition_after = clauses.get(clause + 1).is_some_and(|c| {
        c.sentence == own.sentence && matches!(c.opener, Some(Opener::Condition | Opener::Once))
    });
    after_verb || condition_after
}

// ------------------------------------------------------------ conditions

/// Words that make a condition a genuine one whoever its subject is: the
/// outcome depends on the policy, not on the customer.
const ELIGIBILITY: &[&str] = &[
    "eligible",
    "eligibility",
    "entitled",
    "possible",
    "policy",
    "permitted",
    "permits",
    "allowed",
    "allows",
    "approval",
    "approvals",
    "decision",
    "authorisation",
    "authorization",
    "review",
    "sign-off",
    "exception",
];

/// Verbs of deciding: genuine when someone on our side decides ("if our
/// supervisor approves"), consent when the customer does ("if you agree").
const DECIDING: &[&str] = &[
    "approve",
    "authorise",
    "authorize",
    "decide",
    "review",
    "agree",
    "accept",
    "allow",
    "grant",
    "sign",
    "qualify",
    "confirm",
];

/// Phrases that make a clause conditional without a condition word:
/// "subject to approval", "pending review".
const CONDITIONAL: &[&str] = &[
    "subject to",
    "pending",
    "depending on",
    "dependent on",
    "conditional on",
    "contingent on",
];

/// Which clauses a genuine condition leaves open: the condition itself
/// and the clause it governs (the one after it when it opens the
/// sentence, else the one before), with the clauses that continue that
/// one ("if approved, we will refund you and credit you").
fn conditioned(text: &Text, clauses: &[Clause]) -> Vec<bool> {
    let phrases = Occurrences::of(text, CONDITIONAL);
    let mut open = vec![false; clauses.len()];
    for (at, clause) in clauses.iter().enumerate() {
        let words = clause.texts(text);
        let condition_word = clause.opener == Some(Opener::Condition);
        let phrase = phrases.any_within(clause);
        let whether = clause.opener == Some(Opener::Whether);
        if !(whether || phrase || (condition_word && genuine(&words))) {
            continue;
        }
        open[at] = true;
        if whether {
            continue;
        }
        let first_in_sentence = at == 0 || clauses[at - 1].sentence != clause.sentence;
        let leads = first_in_sentence || open[at - 1];
        let alone = clauses
            .get(at + 1)
            .is_none_or(|c| c.sentence != clause.sentence);
        if phrase && !condition_word && leads && alone {
            // "We will refund you subject to approval": the clause itself.
        } else if leads {
            // The clause after it, and those that continue that one.
            let mut next = at + 1;
            while next < clauses.len()
                && clauses[next].sentence == clause.sentence
                && (next == at + 1 || clauses[next].continues)
            {
                open[next] = true;
                next += 1;
            }
        } else {
            let mut previous = at;
            while previous > 0 && clauses[previous - 1].sentence == clause.sentence {
                previous -= 1;
                open[previous] = true;
                if !clauses[previous].continues {
                    break;
                }
            }
        }
    }
    open
}

/// Whether a condition's words make it genuine: eligibility or an
/// approval noun, or a deciding verb whose subject is not the customer.
fn genuine(words: &[&str]) -> bool {
    if words.iter().any(|w| ELIGIBILITY.contains(w)) {
        return true;
    }
    words.iter().enumerate().any(|(i, w)| {
        base_of(w, DECIDING).is_some() && {
            let subject = words[..i].iter().rev().find(|s| {
                super::clause::SUBJECTS.contains(s) || super::clause::OUR_SIDE.contains(s)
            });
            subject != Some(&"you")
        }
    })
}

// ------------------------------------------------------------ questions

/// A question that offers an outcome ("would you like us to waive it?",
/// "shall we refund it to your card?") promises it on the customer's yes.
/// "Can we waive the late fee?" is not one: it asks what we are able to
/// do, as a heading restating the customer's question does ("Can we
/// refund INV-39228? That is not decided here"), and the answer after it
/// is what promises (play-para-st14, B2).
const OFFERS: &[&str] = &["would you like", "do you want", "shall we", "should we"];
