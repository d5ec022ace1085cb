//! Frame 2, a gift by us or a receipt by the customer ("we will issue a
//! full refund", "you'll get your money back"), and the refund sent on by
//! reference ("a refund of $280.00, which I will send to your card").

use super::lexicon::{IRREGULAR_PARTICIPLES, MENTION_FOLLOWERS};
use super::scan::{ClauseScan, Found, WordAt};
use crate::support_triage::reply::clause::{Clause, Opener};
use crate::support_triage::reply::nouns::PREPOSITIONS;
use crate::support_triage::reply::nouns::outcome_noun;
use crate::support_triage::reply::reading::Commitment;
use crate::text::is_form_of;
use crate::text::{Text, base_of};

use super::lexicon::{DETERMINERS, MONEY_PLACES};

/// Frame 2, a gift by us or a receipt by the customer: "we will issue a
/// full refund", "you'll get a refund"; "here's a credit", "we'll go ahead
/// with the refund" are gifts too.
pub(super) fn frame(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let words: &[&str] = &scan.words;
    let k = word.k;
    let w = word.w;
    let previous = word.previous;
    let next = word.next;
    let lx = word.lx;
    let is_noun = word.is_noun;
    let stands_for = || scan.stands_for();
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
        let by_us = giving && (scan.ours_before(k) || here_is);
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
                imperative || (scan.you_before(k) && modal_before)
            } else {
                scan.you_before(k)
            };
        // "We are issuing it to your card today", "we've approved
        // it": a pronoun object standing for an outcome named just
        // before.
        let pronoun_object =
            by_us && !weak && pronoun_after(words, k) && base_of(w, PRONOUN_GIVING).is_some();
        if pronoun_object
            && let Some(outcome) = stands_for()
            && (outcome != Commitment::Grant || lx.granting)
        {
            scan.push(found, outcome, [k, k + 1], false);
        } else if by_us || to_customer {
            for n in k + 1..(k + 6).min(words.len()) {
                let Some(outcome) = outcome_noun(words, n) else {
                    continue;
                };
                // "approve your refund request" grants the refund;
                // "process your deletion request" handles the request,
                // as "process your request" does (play-st14, C1).
                let mentioned = words.get(n + 1).is_some_and(|a| {
                    MENTION_FOLLOWERS.contains(a) && (*a != "request" || !lx.granting)
                });
                let grants = outcome != Commitment::Grant || lx.granting;
                // "Once verified, our privacy officer will process the
                // deletion": processing a deletion still ahead is handling
                // the request, as "will handle the deletion" is; said as
                // done ("we have processed the deletion") it is the
                // deletion (play-st38 C1).
                let handled_ahead = w == "process" && outcome == Commitment::Deletion;
                let direct = !weak
                    || (n <= k + 4
                        && !words
                            .get(n + 1)
                            .is_some_and(|a| MENTION_FOLLOWERS.contains(a))
                        && words[k + 1..n]
                            .iter()
                            .all(|x| *x == "with" || !PREPOSITIONS.contains(x)));
                if !mentioned && grants && direct && !handled_ahead && !generic_noun(words, n) {
                    scan.push(found, outcome, [k, n], false);
                }
                break;
            }
        }
    }
}

/// The refund sent on by reference: "a refund of $280.00, which I will
/// send to your card", "I will transfer it today" ([`by_reference`]).
pub(super) fn sent_on(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let text = scan.text;
    let clauses = scan.clauses;
    let at = scan.at;
    let words: &[&str] = &scan.words;
    let k = word.k;
    let is_noun = word.is_noun;
    let stands_for = || scan.stands_for();
    if !is_noun
        && scan.ours_before(k)
        && let Some(outcome) = by_reference(text, clauses, at, words, k, &stands_for)
    {
        scan.push(found, outcome, [k, k + 1], false);
    }
}

/// Idioms of a free or repaid outcome: "the month is on us", "on the
/// house", "you'll be made whole", "we'll make it right", "consider it
/// done".
pub(super) fn idioms(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let words: &[&str] = &scan.words;
    let k = word.k;
    let w = word.w;
    let previous = word.previous;
    let next = word.next;
    let on_us = w == "us"
        && previous == Some("on")
        && words[..k.saturating_sub(1)]
            .iter()
            .rev()
            .take(2)
            .any(|p| matches!(*p, "is" | "are" | "be" | "was"));
    let on_the_house = w == "house" && words[..k].ends_with(&["on", "the"]);
    if on_us || on_the_house {
        scan.push(found, Commitment::Credit, [k, k], false);
    }
    if w == "whole" && previous.is_some_and(|p| is_form_of(p, "make")) {
        scan.push(found, Commitment::Refund, [k, k], false);
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
    if w == "right" && remedied && scan.ours_before(k) {
        scan.push(found, Commitment::Grant, [k, k], false);
    }
    if w == "up"
        && next == Some("to")
        && remedied
        && words.get(k + 2) == Some(&"you")
        && scan.ours_before(k)
    {
        scan.push(found, Commitment::Credit, [k, k], false);
    }
    // "we'll bend the rules for you": an exception.
    if matches!(w, "rules" | "rule")
        && k >= 2
        && is_form_of(words[k - 2], "bend")
        && scan.ours_before(k)
    {
        scan.push(found, Commitment::Exception, [k, k], false);
    }
    // "consider it done", "consider it sorted": the request granted.
    let considered = k >= 2
        && matches!(previous, Some("it" | "this" | "that"))
        && is_form_of(words[k - 2], "consider");
    if considered && matches!(w, "done" | "sorted" | "handled" | "granted" | "fixed") {
        scan.push(found, Commitment::Grant, [k, k], false);
    }
}

/// Pronouns a pro-form of doing takes for the deed named before: "we've
/// done so", "I'm happy to do that", "that's done".
const DEED_PRONOUNS: &[&str] = &["so", "that", "it", "this"];

/// Auxiliaries that stand for the verb phrase said before them: "We
/// have.", "We will.", "I did."
const ELLIPTICAL: &[&str] = &["have", "has", "did", "will", "shall", "can", "am", "do"];

/// Words a pro-form of doing may have after it in its clause: "we've done
/// so already", "I'm happy to do that for you".
const AFTER_DEED: &[&str] = &[
    "already", "now", "today", "for", "you", "indeed", "too", "as", "well",
];

/// Words before a deed that make it a wish or a time, not a grant: "I'd
/// love to do that, but ...", "once that's done".
const NOT_GRANTED: &[&str] = &[
    "love", "like", "wish", "want", "once", "when", "after", "until", "before", "if",
];

/// A grant that refers back to the request restated just before it ("You
/// asked us to waive the late fee on INV-44503. We have.", "... I'm
/// pleased to confirm that's done", "we've done so", "I'm happy to do
/// that", "Could we waive the late fee? Yes, and it's already done"): a
/// pro-form of doing ours, the request's outcome granted
/// ([`super::reference::restated_request`]). So is a bare "Done." and,
/// after a question, the answer alone ("You asked whether the fee can be
/// removed. Yes, absolutely.") or the thing asked about with an auxiliary
/// ("Can the fee be removed? Yes, it can, and it has been."; play-st37,
/// B2). A refusal ("We can't do that") is declined; a wish of ours ("I'd
/// love to do that, but ...") or a time waited for ("once that's done")
/// grants nothing, and neither does an answer qualified in its sentence
/// ("Yes, but only our supervisor can approve it").
pub(super) fn granted_by_reference(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let words: &[&str] = &scan.words;
    let k = word.k;
    let w = word.w;
    let rest_is_bare = |from: usize| {
        words[from..]
            .iter()
            .all(|x| x.is_empty() || AFTER_DEED.contains(x))
    };
    // "that's done", "it is already done", "that has been done".
    let done_state = w == "done"
        && words[..k]
            .iter()
            .rev()
            .find(|x| !matches!(**x, "is" | "has" | "been" | "already" | "now" | "all"))
            .is_some_and(|x| matches!(*x, "that" | "it" | "this"))
        && rest_is_bare(k + 1);
    // "we've done so", "I'm happy to do that", "we did it".
    let deed = is_form_of(w, "do")
        && words.get(k + 1).is_some_and(|n| DEED_PRONOUNS.contains(n))
        && rest_is_bare(k + 2)
        && scan.ours_before(k);
    // "Done.", "All done.": the deed alone.
    let bare_done = w == "done"
        && words[..k]
            .iter()
            .all(|x| x.is_empty() || matches!(*x, "all" | "yes" | "now" | "and"))
        && rest_is_bare(k + 1);
    // "We have.", "Yes, we did.": our subject and an auxiliary alone.
    let said: Vec<&str> = words[..k]
        .iter()
        .copied()
        .filter(|x| !x.is_empty() && !matches!(*x, "yes" | "indeed" | "already" | "and"))
        .collect();
    let elliptical =
        ELLIPTICAL.contains(&w) && rest_is_bare(k + 1) && matches!(said[..], ["we" | "i"]);
    // "Can the fee be removed? Yes, it can, and it has been.": the thing
    // asked about and an auxiliary alone stand for the passive asked.
    let passive_ellipsis = PASSIVE_ELLIPTICAL.contains(&w)
        && rest_is_bare(k + 1)
        && matches!(said.first(), Some(&("it" | "that" | "this")))
        && said[1..].iter().all(|x| PASSIVE_ELLIPTICAL.contains(x));
    // "Yes, absolutely.": the answer alone, to a question asked.
    let answer = w == "yes" && super::reference::bare_affirmation(words);
    let referring = done_state || deed || elliptical || bare_done || passive_ellipsis || answer;
    if !referring || words[..k].iter().any(|x| NOT_GRANTED.contains(x)) {
        return;
    }
    if matches!(
        scan.clause.opener,
        Some(Opener::Once | Opener::Condition | Opener::Whether)
    ) {
        return;
    }
    // "Yes, but only our supervisor can approve it", "Yes, it can, if a
    // supervisor agrees": an answer qualified in its sentence grants
    // nothing by itself.
    let qualified = scan.clauses[scan.at + 1..]
        .iter()
        .take_while(|c| c.sentence == scan.clause.sentence)
        .any(|c| matches!(c.opener, Some(Opener::Contrast | Opener::Condition)));
    if (answer || passive_ellipsis || bare_done) && qualified {
        return;
    }
    // "that's done", "we've done so", "We have.", "I did.", "Done.", "it
    // has been" tell it done; "I'm happy to do that", "We will.", "it
    // can" promise it.
    let done = done_state
        || bare_done
        || (deed && (w == "done" || w == "did"))
        || (elliptical && matches!(w, "have" | "has" | "did"))
        || (passive_ellipsis
            && (said.contains(&"been") || matches!(w, "been" | "is" | "are" | "was" | "were")));
    let Some(restated) =
        super::reference::restated_request(scan.text, scan.clauses, scan.at, scan.aside)
    else {
        return;
    };
    if !answer || restated.question {
        scan.push_done(found, restated.outcome, k, done);
    }
}

/// Auxiliaries that, after the thing asked about, stand for the passive
/// asked ("Can the fee be removed? Yes, it can", "... and it has been",
/// "Is the fee waived? It is.").
const PASSIVE_ELLIPTICAL: &[&str] = &[
    "has", "have", "been", "be", "will", "shall", "can", "is", "are", "was", "were",
];

/// Words that say the customer is owed an outcome: "you're entitled to a
/// full refund", "you are eligible for a refund", "you qualify for a
/// credit", "you're due a refund", "you are owed a refund".
const ENTITLED: &[&str] = &["entitled", "eligible", "qualify", "due", "owed"];

/// Words that may stand between an entitlement and its outcome noun: a
/// preposition, a determiner, its extent or kind ("to a full goodwill
/// refund").
const ENTITLEMENT_LINKS: &[&str] = &[
    "to",
    "for",
    "a",
    "an",
    "the",
    "your",
    "full",
    "partial",
    "complete",
    "goodwill",
    "prorated",
    "pro",
    "rata",
    "immediate",
];

/// Words between the customer and an entitlement: "you are now fully
/// entitled to".
const BEFORE_ENTITLED: &[&str] = &[
    "are",
    "re",
    "will",
    "be",
    "would",
    "should",
    "still",
    "also",
    "now",
    "therefore",
    "so",
    "then",
    "not",
    "never",
];

/// An outcome the customer is said to be owed: an entitlement with "you"
/// as its subject is the outcome given, as "you'll get a refund" is; a
/// right to ask ("you're entitled to request a refund") gives nothing, nor
/// does a rule about others ("customers are entitled to a refund within
/// 30 days").
pub(super) fn entitlement(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let words: &[&str] = &scan.words;
    let k = word.k;
    if base_of(word.w, ENTITLED).is_none() {
        return;
    }
    let subject = words[..k]
        .iter()
        .rposition(|w| !BEFORE_ENTITLED.contains(w) && !w.ends_with("ly"));
    let Some(subject) = subject.filter(|&s| words[s] == "you") else {
        return;
    };
    // Read from the word after the subject, where a negation reaches it
    // ("you are not entitled to ...") and no participle makes it done.
    let head = subject + 1;
    for n in k + 1..(k + 6).min(words.len()) {
        // "you qualify for goodwill": the reason, no outcome of its own.
        if ENTITLEMENT_LINKS.contains(&words[n]) {
            continue;
        }
        if let Some(outcome) = outcome_noun(words, n) {
            if matches!(
                outcome,
                Commitment::Refund | Commitment::Credit | Commitment::Waiver
            ) {
                scan.push(found, outcome, [head, n], false);
            }
            return;
        }
        let linking = ENTITLEMENT_LINKS.contains(&words[n])
            || words[n].is_empty()
            || crate::text::number_value(words[n]).is_some();
        if !linking {
            return;
        }
    }
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
