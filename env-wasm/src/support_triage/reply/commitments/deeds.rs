//! Frame 1, a deed by our side: "we will refund you", "I've removed the
//! fee", "the fee will drop off your invoice". The words here decide when
//! a verb of a family is no deed of ours: a document covering a topic,
//! the customer's side closing a period, a generic object ("we refund
//! charges ..."), and what its object is ("the charge", named again beside
//! the fee, is the fee).

use super::lexicon::{AUXILIARIES_AND_JOINERS, billed_item, outcome_of, phrasal};
use super::phrases::describes_noun_before;
use super::scan::{ClauseScan, Found, WordAt};
use crate::support_triage::reply::clause::{self, Clause};
use crate::support_triage::reply::fee_sums::is_fee_sum;
use crate::support_triage::reply::nouns::{
    PREPOSITIONS, ends_compound_noun, goes_to_how_they_paid, thing,
};
use crate::support_triage::reply::nouns::{Thing, object_after, pronoun, subject_before};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, base_of, is_form_of};
use std::ops::ControlFlow;

use super::lexicon::{ITEM_REACH, MONEY_PLACES, Verb, owed_item};

/// Frame 1, a deed: "we will refund you", "the fee has been removed", and
/// something coming off by itself ("the fee will drop off your invoice").
/// `Break` when the word is read: no other frame reads it.
pub(super) fn frame(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) -> ControlFlow<()> {
    let text = scan.text;
    let clauses = scan.clauses;
    let at = scan.at;
    let clause = scan.clause;
    let fees = scan.fees;
    let words: &[&str] = &scan.words;
    let k = word.k;
    let w = word.w;
    let lx = word.lx;
    let is_noun = word.is_noun;
    let passive = word.passive;
    let family = phrasal(words, k).or_else(|| lx.family.map(|f| (f, k + 1)));
    // Something coming off by itself: "the fee will drop off your
    // invoice", "it'll disappear from your account" (what it comes
    // off is a place, not an object).
    if !passive && let Some(outcome) = comes_off(words, k, family, &|| scan.resolve()) {
        scan.push(found, outcome, [k, k], false);
        return ControlFlow::Break(());
    }
    // "just as your finance team closes the month": the customer's
    // side closing a period of its own is no date of ours for the
    // case (play-para-st12, B6); "we will close this by Friday" is.
    if family.is_some_and(|(f, _)| matches!(f, Verb::Close | Verb::Resolve))
        && !passive
        && (customers_side_subject(words, k) || closes_a_period(words, k))
    {
        return ControlFlow::Break(());
    }
    // "Our article KB-217 covers incident INC-7777": a document
    // covering a topic is about it; we cover a cost by paying it.
    if family.is_some_and(|(f, _)| f == Verb::Return) && about_a_topic(words, k) {
        return ControlFlow::Break(());
    }
    if let Some((family, object_from)) = family
        && !is_noun
        && (passive || !describes_noun_before(words, k))
    {
        let noun_phrase = if passive {
            subject_before(words, k).and_then(|(i, _, t)| t.map(|t| (i, t)))
        } else {
            object_after(words, object_from.saturating_sub(1))
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
                        && (!PREPOSITIONS.contains(&before) || ends_compound_noun(words, p))
                })
        };
        let object = match noun_phrase {
            Some((i, Thing::Case)) if taking && relative(i) => {
                i.checked_sub(1).and_then(|p| thing(words[p]))
            }
            Some((i, Thing::Case)) if taking && pronoun(words[i]) => {
                scan.resolve().or(Some(Thing::Case))
            }
            other => other.map(|(_, t)| t),
        };
        // What a credit is of, before "credit your account" makes the
        // account its place below.
        let credits_fee = family == Verb::Credit && object == Some(Thing::Fee);
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
                if names_owed_item(words, object_from) =>
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
                    && noun_phrase.is_some_and(|(i, _)| the_fee_again(text, clause, words, i)) =>
            {
                Some(Thing::Fee)
            }
            // "$282.00 covers the months that haven't started yet, and
            // that's what we're sending back to you": what is given
            // back is the sum the sentence names, fronted as "what"
            // (play-para-st6, B6).
            (Verb::Return, None) if fronted_sum(text, clause, words, k) => Some(Thing::Money),
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
        let by_us = scan.ours_before(k) || terse_deed(text, clause, words, k);
        let to_customer = passive && scan.you_before(k);
        let erasing_needs_object = matches!(family, Verb::Erase | Verb::Remove | Verb::TakeOff);
        let outcome = outcome_of(family, object).filter(|_| {
            !(erasing_needs_object && object.is_none()) && (by_us || passive || to_customer)
        });
        // "The funds should be credited to your original payment
        // method": money credited back to how the customer paid is the
        // refund arriving, not an account credit (para-st, B5).
        let to_how_they_paid = words[k + 1..(k + 7).min(words.len())]
            .iter()
            .any(|w| matches!(*w, "payment" | "card" | "bank"))
            || goes_to_how_they_paid(words, k);
        // "We'll credit the $53.00 late fee to your card", "the late fee
        // will be credited to your card": the fee, credited to how the
        // customer paid, is given back, which is the waiver carried out
        // (policy section 5; play-st28, B1), as "refund the fee" is.
        let fee_credited_back = credits_fee && goes_to_how_they_paid(words, k);
        // "I've authorised a full goodwill refund. It will be
        // processed today and should be credited within 5 to 10
        // working days": credited with no one and nowhere it goes to,
        // beside a refund, is that refund arriving.
        let refund_arriving = passive
            && !scan.you_before(k)
            && !words[k + 1..]
                .iter()
                .any(|w| matches!(*w, "account" | "balance" | "invoice" | "you"))
            && refund_near(text, &clauses[at]);
        let outcome = match outcome {
            Some(Commitment::Credit) if fee_credited_back => Some(Commitment::Waiver),
            Some(Commitment::Credit) if to_how_they_paid || refund_arriving => {
                Some(Commitment::Refund)
            }
            other => other,
        };
        if let Some(outcome) = outcome
            && !generic_object(words, k)
        {
            scan.push(found, outcome, [k, k], false);
            return ControlFlow::Break(());
        }
    }
    ControlFlow::Continue(())
}

/// Whether the subject of the verb at `k` is the customer's side: "you",
/// "your finance team", "your bank", the nearest person or possessive
/// before the verb in its clause.
pub(super) fn customers_side_subject(words: &[&str], k: usize) -> bool {
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
/// within three words), not the case. A period word that an account or
/// its data follows is a modifier, a company's name among them ("closed
/// your Larkspur Books account"), not the object.
pub(super) fn closes_a_period(words: &[&str], k: usize) -> bool {
    let object = &words[k + 1..];
    object
        .iter()
        .enumerate()
        .take(3)
        .take_while(|(_, w)| !matches!(**w, "by" | "before" | "within" | "on" | "and"))
        .any(|(i, w)| {
            CLOSED_PERIODS.contains(w)
                && !object
                    .get(i + 1)
                    .is_some_and(|n| matches!(thing(n), Some(Thing::Account | Thing::Data)))
        })
}

/// Whether the noun phrase from `from` up to its particle ("off",
/// "from") names a fee, or a fee's billed charge: "the £42.00 late fee
/// off", "the £30 fee from".
pub(super) fn names_owed_item(words: &[&str], from: usize) -> bool {
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

/// Whether the object of the giving-back verb at `k` (clause-local) was
/// fronted as "what" or "which" ("that's what we're sending back to you",
/// "..., which we're paying back today") in a sentence that names a sum.
pub(super) fn fronted_sum(text: &Text, clause: &Clause, words: &[&str], k: usize) -> bool {
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
pub(super) fn terse_deed(text: &Text, clause: &Clause, words: &[&str], k: usize) -> bool {
    if !words[k].ends_with("ing") || words[k + 1..].iter().any(|w| FINITE_AFTER.contains(w)) {
        return false;
    }
    let at = clause.from + k;
    let opens_sentence = at == 0 || text.words[at - 1].sentence != text.words[at].sentence;
    let after_label = k > 0 && clause::labels(text.gap(at)) && {
        let label = &words[..k];
        !label.iter().any(|w| TOPIC_LABELS.contains(w))
            && !label.iter().any(|w| matches!(*w, "you" | "your"))
    };
    opens_sentence || after_label
}

/// Verbs of something coming off or going by itself.
const COMING_OFF: &[&str] = &["drop", "come", "fall", "slide"];

const VANISHING: &[&str] = &["disappear", "vanish"];

/// "The fee will drop off your invoice", "it'll disappear from your
/// account", "the charge will come off your bill": the subject comes off
/// a place. A verb that takes an object ("drop the fee", "wipe off the
/// fee") is a deed, read by frame 1.
pub(super) fn comes_off(
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

/// A bare plural right after the verb is a rule, not a promise: "we
/// refund charges made in the last 30 days".
pub(super) fn generic_object(words: &[&str], k: usize) -> bool {
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
pub(super) fn the_fee_again(text: &Text, clause: &Clause, words: &[&str], i: usize) -> bool {
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
pub(super) fn fee_near(text: &Text, clause: &Clause) -> bool {
    text.words
        .iter()
        .any(|w| w.sentence == clause.sentence && matches!(w.text.as_str(), "fee" | "fees"))
}

/// Whether the sentence of `clause`, or the one before it, names a refund.
pub(super) fn refund_near(text: &Text, clause: &Clause) -> bool {
    let sentence = clause.sentence;
    text.words.iter().any(|w| {
        (w.sentence == sentence || w.sentence + 1 == sentence)
            && matches!(w.text.as_str(), "refund" | "refunds" | "refunded")
    })
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
pub(super) fn about_a_topic(words: &[&str], k: usize) -> bool {
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
    let subject_before = k > 0 && clause::SUBJECTS.contains(&words[k - 1]);
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
