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
//! "probably", "try to", "hope to", and an outcome only expected ("it
//! should be waived", "it ought to be", "it may well be", "I'd expect it
//! to be") lean towards it ([`Reading::leaning`]).
//! Habits and rules ("we usually refund charges", "we refund charges
//! within 30 days") are not promises, unless the reply applies a rule with
//! no exception to the customer's case ("Good news is that add-ons
//! cancelled before renewal are always refunded", "such charges are
//! refunded automatically"), and neither is a limit on what we
//! may do ("the fee is above the amount the desk can waive", "outside
//! what the desk can refund"), nor an outcome as the subject of what we
//! cannot do ("refunds of charges that old aren't something I can
//! authorise", "a refund isn't possible"): what we cannot do. Negation
//! (the shared [`crate::text::negated`], scoped by clause) turns a promise
//! into a refusal ([`Reading::declined`]); a refusal of the whole ("a full
//! refund isn't possible", "we can't refund the whole €156") is kept
//! apart ([`Reading::declined_whole`]), since it declines nothing of the
//! part a pro-rated refund gives. A genuine condition (a supervisor's
//! approval, a review, eligibility: "if our supervisor approves it, we
//! will refund you", "whether a refund is possible") leaves its clauses
//! open; a condition on the customer's own consent or action ("if you
//! confirm, we'll refund you") does not, and neither does "once", which
//! presupposes what it waits for. What we would do if we could ("if we
//! were able to waive it, we would") is what we cannot: declined. The
//! customer's own words ("you asked us to delete it") and the written
//! policy reported or quoted ("the policy states that the add-on can be
//! refunded within 14 days") promise nothing.
//!
//! The reader in files: `read` (here) runs [`frames::frames`] over every
//! clause and weighs each outcome found by its scope and [`Certainty`]:
//! - `lexicon`: the word lists and word classes every frame reads (which
//!   verbs refund, waive or erase, which give, receive or pay, and
//!   [`lexicon::outcome_of`], what a verb makes of its object);
//! - `frames`: the five frames run in order over one clause (`scan`, the
//!   clause as every frame reads it), one file a frame: `deeds` (1),
//!   `gifts` (2), `stated` (3, and `predicated`, an outcome as the subject
//!   of what we can or cannot do), `denied` (4) and `access` (5), with
//!   `forgotten` (erasure said as forgetting the customer) beside them;
//! - `phrases` (whether a word is a noun, a passive, a perceived fact),
//!   `reference` (what "it" or a request stands for) and `wishes` (the
//!   customer's own words) below the frames;
//! - `scope` (conditions, counterfactuals, degrees, history and parts
//!   that leave or turn an outcome) and `certainty` (firm, leaning, open or a rule), applied by
//!   `read` to what the frames found.

mod access;
mod certainty;
mod deeds;
mod denied;
mod forgotten;
mod frames;
mod gifts;
mod lexicon;
mod phrases;
mod predicated;
mod reference;
mod scan;
mod scope;
mod stated;
mod wishes;

use super::clause::{Clause, Occurrences, Opener};
use super::fee_sums::fee_sums;
use super::give_back;
use super::reading::{Commitment, Finding, Move, Reading};
use crate::text::Text;

use certainty::{Certainty, certainty};
use frames::frames;
use lexicon::outcome_verb;
use scope::{
    PART_REACH, PARTS, Unreal, conditioned, considered_and_set_aside, counterfactual,
    customers_own_time, degree_denied, future_fees, negated_after_too, recent_record, restates,
    too_to, used_period, whole_object,
};
use stated::{denied_now, said_done};

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
    let counterfactual = counterfactual(text, clauses);
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
    // Outcomes only expected ("it should be waived"), each with its word
    // and clause, weighed once every firm promise is known.
    let mut expected: Vec<(Commitment, usize, usize)> = Vec::new();
    // Outcomes of what we would have done then, each with its word and
    // clause, declined once no firm promise of them is known.
    let mut declined_then: Vec<(Commitment, usize, usize)> = Vec::new();
    for (at, clause) in clauses.iter().enumerate() {
        // "If the policy allowed it, we would refund it": a condition
        // contrary to the facts declines, whatever it names.
        if conditioned[at] && counterfactual[at].is_none() {
            continue;
        }
        let question = questions.contains(&clause.sentence) && !offered.contains(&clause.sentence);
        // "We won't refund the charge, waive the fee or credit you".
        let list_negated = super::clause::negated_item(text, clauses, at, outcome_verb);
        for mut found in frames(text, clauses, at, &aside, &fees) {
            if restates(text, &all, clause, &found, &promising) {
                continue;
            }
            // "We'll also waive any future late fees": fees not yet charged
            // waived are a standing discount, no waiver of the fee at hand;
            // saying we won't waive them declines nothing the case asks.
            let later = found.outcome == Commitment::Waiver && future_fees(text, clauses, at);
            if later {
                found.outcome = Commitment::Credit;
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
                        || found.at.iter().any(|&i| negated_in(text, clause, i))
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
            // "A full refund isn't possible": the whole declined, which
            // declines the part a pro-rated refund gives only when the
            // case needs the whole.
            let whole = found.whole || whole_object(text, clause, &found.at);
            let declined = if !found.by_denial && whole {
                Finding::DeclinedWhole(found.outcome)
            } else {
                Finding::Declined(found.outcome)
            };
            // "If we were able to waive it, we would": what we would do
            // if we could is what we cannot.
            match counterfactual[at] {
                Some(Unreal::Now) if promised && !found.by_denial => {
                    findings.push((declined, found.at[0], at));
                }
                Some(Unreal::Then) if promised && !found.by_denial => {
                    declined_then.push((found.outcome, found.at[0], at));
                }
                _ => {}
            }
            if counterfactual[at].is_some() {
                continue;
            }
            match (promised, certainty) {
                (_, Certainty::Open | Certainty::Generic) => {}
                (true, _) if question => {}
                (true, Certainty::Firm) => {
                    findings.push((Finding::Move(Move::Commit(found.outcome)), found.at[0], at));
                    promising.push(clause.sentence);
                    reading.outcome_done |= found.at.iter().any(|&at| said_done(text, clause, at))
                        || (found.by_denial && denied_now(text, clause, found.at[0]))
                        || found.done;
                }
                (true, Certainty::Leaning) => {
                    findings.push((Finding::Leaning(found.outcome), found.at[0], at));
                }
                (true, Certainty::Expected) => {
                    expected.push((found.outcome, found.at[0], at));
                }
                (false, _) if !found.by_denial && !later => {
                    findings.push((declined, found.at[0], at));
                }
                (false, _) => {}
            }
        }
    }
    // An outcome only expected is a hedge (play-st37, X3), unless the
    // reply promises it firmly: then the expectation is of its arrival
    // ("I've reversed the charge; the money should be back on your card
    // within 5-10 days"), as is money expected back in a reply that
    // waives the fee.
    let firm = |c: Commitment| {
        findings
            .iter()
            .any(|(f, _, _)| *f == Finding::Move(Move::Commit(c)))
    };
    let arrivals: Vec<bool> = expected
        .iter()
        .map(|(outcome, _, _)| {
            firm(*outcome)
                || (matches!(outcome, Commitment::Refund | Commitment::Credit)
                    && firm(Commitment::Waiver))
        })
        .collect();
    let granted: Vec<bool> = declined_then
        .iter()
        .map(|(outcome, _, _)| firm(*outcome))
        .collect();
    for ((outcome, word, at), arrival) in expected.into_iter().zip(arrivals) {
        if !arrival {
            findings.push((Finding::Leaning(outcome), word, at));
        }
    }
    // What we would have done then declines the outcome now, unless the
    // reply grants it all the same ("Had you asked within 14 days we could
    // have refunded it, and as a one-off I have refunded it anyway").
    for ((outcome, word, at), granted) in declined_then.into_iter().zip(granted) {
        if !granted {
            findings.push((Finding::Declined(outcome), word, at));
        }
    }
    // In a reply that waives the fee, firmly and without a hedge, money
    // given back that refers to that fee is the waiver carried out
    // (policy section 5), whatever words call it.
    let has = |f: Finding| findings.iter().any(|(g, _, _)| *g == f);
    let waives = has(Finding::Move(Move::Commit(Commitment::Waiver)))
        && !has(Finding::Declined(Commitment::Waiver))
        && !has(Finding::DeclinedWhole(Commitment::Waiver))
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

/// Auxiliaries that make a clause's verb finite: with a subject of its
/// own, it is a statement of its own.
const FINITE_AUXILIARIES: &[&str] = &[
    "will", "shall", "would", "is", "are", "was", "were", "has", "have", "had", "can", "could",
];

/// Whether word `i` of `clause` is negated. A negation before the clause
/// reaches it through "and" only when it continues the clause before; a
/// clause after "and" with a subject and a finite verb of its own is a
/// statement of its own ("Your account will no longer exist | and your
/// records will be purged" purges them).
fn negated_in(text: &Text, clause: &Clause, i: usize) -> bool {
    if crate::text::negation::negated_after(text, i, i + 1) {
        return true;
    }
    let Some(negator) = crate::text::negation::negator_before(text, i) else {
        return false;
    };
    let words = clause.texts(text);
    let own_statement = clause.opener == Some(Opener::And)
        && super::clause::has_subject(&words)
        && words.iter().any(|w| FINITE_AUXILIARIES.contains(w));
    negator >= clause.from || !own_statement
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

/// A question that offers an outcome ("would you like us to waive it?",
/// "shall we refund it to your card?") promises it on the customer's yes.
/// "Can we waive the late fee?" is not one: it asks what we are able to
/// do, as a heading restating the customer's question does ("Can we
/// refund INV-39228? That is not decided here"), and the answer after it
/// is what promises (play-para-st14, B2).
const OFFERS: &[&str] = &["would you like", "do you want", "shall we", "should we"];
