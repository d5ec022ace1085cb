//! The five frames read over one clause, in order, word by word (see the
//! module doc of [`super`]): a deed ([`deeds`]), a gift or a receipt and
//! the refund sent on ([`gifts`]), an outcome stated ([`stated`]), one
//! said by denying its opposite ([`denied`]), the idioms of a free or
//! repaid outcome, and access given back ([`access`]); then the clause's
//! outcome as the subject of what we can or cannot do ([`super::predicated`]).
//! Words the customer wished, awaited after a refusal or in a predicated
//! subject are no one's deed.

use crate::support_triage::reply::clause::Clause;
use crate::support_triage::reply::reading::Commitment;
use crate::text::Text;

use super::lexicon::{DETERMINERS, IRREGULAR_PARTICIPLES, MENTION_FOLLOWERS};
use super::phrases::{
    compound_of_ours, considered_state, describes_a_role, in_a_noun_phrase, passive_before,
    role_function,
};
use super::predicated::predicated_outcome;
use super::scan::{ClauseScan, Found, WordAt};
use super::wishes::wished;
use super::{access, deeds, denied, forgotten, gifts, stated};

/// Every outcome the clause at `at` states, in all five frames.
/// `aside`: which words of the text are in a bracketed aside
/// ([`crate::support_triage::reply::clause::asides`]), which are no part
/// of the clause's noun phrases ("your refund ($120.00) has been
/// processed").
pub(super) fn frames(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    aside: &[bool],
    fees: &[String],
) -> Vec<Found> {
    let scan = ClauseScan::new(text, clauses, at, aside, fees);
    let words = &scan.words;
    let mut found = Vec::new();
    let job = describes_a_role(text, scan.base, words);
    for k in 0..words.len() {
        let w = words[k];
        if scan.whole_wish
            || wished(words, scan.wish, k)
            || k < scan.requested
            || scan.awaited_from.is_some_and(|u| k > u)
            || scan
                .predicated
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
        // deletions", "the manager who signs off refunds outside the
        // standard window": the role's function or its job, no outcome
        // given (play-para-st12, B2; play-st42, B2).
        if role_function(words, k) || job[k] {
            continue;
        }
        // "a refund", "refund policy", and the object of a giving verb
        // ("issue refunds", "process credits"; "get refunded" is passive).
        let is_noun = previous.is_some_and(|p| DETERMINERS.contains(&p))
            || next.is_some_and(|n| MENTION_FOLLOWERS.contains(&n))
            || in_a_noun_phrase(words, k)
            || compound_of_ours(words, k)
            || (k > 0 && scan.lexes[k - 1].giving && !w.ends_with("ed"));
        let participle = w.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&w);
        // "consider your account closed": the state of the object, as a
        // passive says it.
        let passive =
            participle && (k > 0) && (passive_before(words, k) || considered_state(words, k));
        let word = WordAt {
            k,
            w,
            previous,
            next,
            lx: scan.lexes[k],
            is_noun,
            passive,
        };
        gifts::granted_by_reference(&scan, &word, &mut found);
        if deeds::frame(&scan, &word, &mut found).is_break() {
            continue;
        }
        gifts::frame(&scan, &word, &mut found);
        gifts::sent_on(&scan, &word, &mut found);
        stated::frame(&scan, &word, &mut found);
        denied::frame(&scan, &word, &mut found);
        forgotten::frame(&scan, &word, &mut found);
        gifts::idioms(&scan, &word, &mut found);
        gifts::entitlement(&scan, &word, &mut found);
        access::frame(&scan, &word, &mut found);
    }
    let stands_for = || scan.stands_for();
    if let Some(p) = &scan.predicated
        && let Some(outcome) = predicated_outcome(words, p, &stands_for)
        && (outcome != Commitment::Deadline || scan.timed)
        && scan.topic_from.is_none_or(|t| p.be <= t)
    {
        found.push(Found {
            outcome,
            at: [scan.base + p.be, scan.base + p.verb.unwrap_or(p.be)],
            by_denial: false,
            refused: p.refused,
            done: false,
            whole: super::scope::names_the_whole(&words[p.from..p.subject_end]),
        });
    }
    found
}
