//! Frame 2, a gift by us or a receipt by the customer ("we will issue a
//! full refund", "you'll get your money back"), and the refund sent on by
//! reference ("a refund of $280.00, which I will send to your card").

use crate::support_triage::reply::clause::{Clause, Opener};
use crate::support_triage::reply::nouns::PREPOSITIONS;
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, base_of};

use super::lexicon::{DETERMINERS, MONEY_PLACES};

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
/// previous sentence only, as [`super::reference::outcome_antecedent`]
/// finds it ("... comes to a refund of $280.00. I will send it to your
/// card"). An amount named alone ("comes to $280.00, which I'll send to
/// your card") is the refund when the verb sends it to where the customer
/// paid. Sent anywhere but to the customer or where they paid ("I will
/// send it to our billing team for review"), it is a handover, no refund.
pub(super) fn by_reference(
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
pub(super) fn pronoun_after(words: &[&str], k: usize) -> bool {
    match words.get(k + 1) {
        Some(&("it" | "them")) => true,
        Some(&("that" | "this" | "one")) => words
            .get(k + 2)
            .is_none_or(|a| a.is_empty() || AFTER_A_PRONOUN.contains(a)),
        _ => false,
    }
}

/// Giving verbs whose object "it" may stand for an outcome named just
/// before: "we are issuing it today", "we've approved it".
pub(super) const PRONOUN_GIVING: &[&str] = &[
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

/// An outcome noun as a bare plural is a kind of thing, not this
/// customer's: "the desk can authorise refunds", "we issue credits for
/// outages"; not "your refunds", "both refunds", "a refund".
pub(super) fn generic_noun(words: &[&str], n: usize) -> bool {
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
