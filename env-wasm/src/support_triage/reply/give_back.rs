//! The waived fee given back: in a reply that waives a fee, money returned
//! that refers to that fee ("Should it already have been taken with your
//! payment, the amount will be returned to your card", "Since you have
//! already paid it, you will get that money back") is the waiver carried
//! out, not a second outcome (policy section 5).
//!
//! What the money refers to is read from the sentence of the give-back:
//! the fee by name, its sum, a pronoun, or, in a clause saying the fee was
//! paid, the money named as known ("the amount", "that money", "the
//! charge"). A sentence that names anything
//! else billed as what is given back ("your last invoice", "the amount of
//! your subscription", "the $49.00 renewal"), or a give-back said as one
//! more outcome ("will also be reversed"), is a refund.
//!
//! A give-back that names nothing as what it gives back ("- If already
//! paid: refunded to your card", "Already paid? Credited back within 5
//! days") is about what the statement before it is about: after the
//! waiver of the fee, with nothing else billed named between, the fee.

use super::clause::{Clause, Opener};
use super::fee_sums::is_fee_sum;
use super::nouns::{Thing, thing};
use crate::text::{Text, number_value};

/// Whether the money given back at word `verb`, in clause `at` of
/// `clauses`, refers to the fee the reply waives, by the words of its
/// sentence. `fees` are the sums the reply or the case names as the fee.
pub(super) fn waived_fee_given_back(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    verb: usize,
    fees: &[String],
    waivers: &[usize],
) -> bool {
    let Some(clause) = clauses.get(at) else {
        return false;
    };
    let sentence: Vec<usize> = (0..text.len())
        .filter(|&i| text.words[i].sentence == clause.sentence)
        .collect();
    if sentence.iter().any(|&i| other_item(text, i, fees)) {
        return false;
    }
    // What is given back is the subject before the verb or the object
    // just after it ("we will credit the fee back", "you'll get that money
    // back"), not a later phrase of the clause.
    let own: Vec<usize> = (clause.from..clause.to.min(verb + OBJECT_REACH)).collect();
    let names_fee = |i: usize| {
        let w = text.words[i].text.as_str();
        thing(w) == Some(Thing::Fee) || is_fee_sum(w, fees)
    };
    // "We have waived the fee. The $25.00 charge will also be reversed":
    // one more outcome, unless it names the fee itself.
    if own.iter().any(|&i| one_more(text, i)) && !own.iter().any(|&i| names_fee(i)) {
        return false;
    }
    // "As a goodwill gesture it will be credited back", "on top of that
    // we will credit ... back": given as more than the waiver.
    if (clause.from..clause.to).any(|i| on_top(text, i)) {
        return false;
    }
    // The clause itself, or a clause of its sentence before it that sets
    // the give-back's condition or reason ("If it was already collected",
    // "As the fee was already paid with the invoice"), says what it is.
    let setting: Vec<usize> = clauses[..at]
        .iter()
        .filter(|c| c.sentence == clause.sentence && sets(text, c))
        .flat_map(|c| c.from..c.to)
        .collect();
    // What a word refers back to is named before it. "It" stands for the
    // fee named anywhere before it ("I've waived it. If it was already
    // collected, it will be credited back"). "The amount", "that money",
    // "the charge" stand for the fee only in a clause that says it was
    // paid ("Should it already have been taken with your payment, the
    // amount will be returned", "Since you have already paid it, you will
    // get that money back"): said alone after a waiver ("We'll put the
    // money back on your card", "The charge will be reversed"), or beside
    // the fee as another object ("reverse the charge, cancel the late
    // fee"), they name money of their own.
    let fee_before = |i: usize| (0..i).any(names_fee);
    let refers = |i: usize, generic: bool| {
        names_fee(i)
            || refers_back(text, i).is_some_and(|pronoun| (pronoun || generic) && fee_before(i))
    };
    // "- Refunded to your card: $49.00": the sum a label's colon gives the
    // give-back names what it gives back.
    // (A currency code may come before the sum: "CA$49.00".)
    let value = (clause.to..text.len().min(clause.to + 2)).find(|&i| {
        let w = text.words[i].text.as_str();
        !matches!(
            w,
            "ca" | "us" | "au" | "usd" | "cad" | "aud" | "eur" | "gbp"
        )
    });
    let labelled_sum = clause.to < text.len()
        && super::clause::labels(text.gap(clause.to))
        && text.words[clause.to].sentence == clause.sentence
        && value.is_some_and(|i| {
            // A sum, not a period ("refunded to your card: 5-10 business
            // days"): a currency sign or code before it.
            number_value(&text.words[i].text).is_some()
                && (i > clause.to || text.gap(i).contains(['$', '£', '€']))
        });
    if labelled_sum && !value.is_some_and(names_fee) {
        return false;
    }
    setting.iter().any(|&i| refers(i, true))
        || own.iter().any(|&i| refers(i, false))
        || labelled_sum
        || (subject_left_out(text, clauses, at, verb, fees, waivers)
            && follows_waiver(text, verb, fees, waivers))
}

/// Whether a clause sets the condition or reason of what follows it ("if
/// already paid", "since it was collected", "once paid").
fn sets(text: &Text, clause: &Clause) -> bool {
    matches!(
        clause.opener,
        Some(Opener::Condition | Opener::Reason | Opener::Once)
    ) || text
        .words
        .get(clause.from)
        .is_some_and(|w| SETTING_OPENERS.contains(&w.text.as_str()))
}

/// Words before a give-back's verb that leave its subject unsaid: its
/// auxiliaries and manner ("will be refunded", "to be credited back",
/// "gets automatically returned").
const BEFORE_VERB: &[&str] = &[
    "will",
    "be",
    "been",
    "being",
    "is",
    "was",
    "gets",
    "get",
    "to",
    "then",
    "shall",
    "automatically",
    "fully",
    "promptly",
    "immediately",
];

/// A label that says only that the fee was paid ("Already paid:",
/// "Paid already:", "Collected?").
const PAID_LABEL: &[&str] = &[
    "already",
    "paid",
    "collected",
    "charged",
    "taken",
    "debited",
    "settled",
];

/// Words after a give-back's verb that name no object of it: where and
/// when the money goes ("refunded to your card within 5 business days",
/// "credited back in full by Friday").
const AFTER_VERB: &[&str] = &[
    "back",
    "in",
    "full",
    "fully",
    "within",
    "by",
    "before",
    "after",
    "over",
    "once",
    "if",
    "when",
    "automatically",
    "immediately",
    "shortly",
    "today",
    "tomorrow",
];

/// Whether the give-back at word `verb` of clause `at` names nothing as
/// what it gives back: no subject before the verb but its auxiliaries,
/// after nothing but a condition or reason ("If already paid: refunded",
/// "If it was collected, credited back", "Already paid? Refunded") or the
/// waiver it goes with ("waived and, if paid, refunded"), and no object
/// after it but where and when ("to your card within 5 business days").
fn subject_left_out(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    verb: usize,
    fees: &[String],
    waivers: &[usize],
) -> bool {
    let clause = &clauses[at];
    let w = |i: usize| text.words[i].text.as_str();
    let mut start = verb;
    while start > clause.from && BEFORE_VERB.contains(&w(start - 1)) {
        start -= 1;
    }
    let before_settles = start == clause.from
        || (super::clause::labels(text.gap(start))
            && (sets(text, clause) || (clause.from..start).all(|i| PAID_LABEL.contains(&w(i)))));
    // Every clause of the sentence before it sets the condition, or is
    // the waiver itself.
    let earlier_settle = clauses[..at]
        .iter()
        .filter(|c| c.sentence == clause.sentence)
        .all(|c| sets(text, c) || waivers.iter().any(|&k| c.from <= k && k < c.to));
    if !before_settles || !earlier_settle {
        return false;
    }
    let mut next = verb + 1;
    while next < clause.to
        && text.words[next].sentence == clause.sentence
        && !PLACES.contains(&w(next))
        && AFTER_VERB.contains(&w(next))
    {
        next += 1;
    }
    next >= clause.to
        || text.words[next].sentence != clause.sentence
        || PLACES.contains(&w(next))
        || thing(w(next)) == Some(Thing::Fee)
        || is_fee_sum(w(next), fees)
}

/// Money nouns that, said between the waiver and a give-back naming
/// nothing, could be what it gives back ("- Duplicate payment: under
/// review", "- The charge on your card: ...").
const OTHER_MONEY: &[&str] = &[
    "payment",
    "payments",
    "charge",
    "charges",
    "transaction",
    "transactions",
    "deposit",
    "deposits",
    "balance",
];

/// Whether the give-back at word `verb` follows a waiver of the fee: the
/// last waiver before it is in a sentence that names the fee, and no
/// sentence between them names anything else billed.
fn follows_waiver(text: &Text, verb: usize, fees: &[String], waivers: &[usize]) -> bool {
    let Some(&waiver) = waivers.iter().filter(|&&k| k < verb).max() else {
        return false;
    };
    let words = &text.words;
    let (from, to) = (words[waiver].sentence, words[verb].sentence);
    let names_fee = words.iter().any(|x| {
        x.sentence == from && (thing(&x.text) == Some(Thing::Fee) || is_fee_sum(&x.text, fees))
    });
    let mut between =
        (waiver..verb).filter(|&i| from < words[i].sentence && words[i].sentence < to);
    names_fee
        && !between
            .any(|i| other_item(text, i, fees) || OTHER_MONEY.contains(&words[i].text.as_str()))
}

/// How far after the verb of giving back its object may reach ("refund
/// the full €48.00 late fee").
const OBJECT_REACH: usize = 6;

/// Words opening a clause that sets the condition or reason of the clause
/// after it, beside the clause openers ("As it was already paid, ...",
/// "Since you have already paid it, ...", "Should it already have been
/// taken, ...").
const SETTING_OPENERS: &[&str] = &["as", "since", "should", "when", "now", "given"];

/// Billed things other than the fee that money returned may be for.
const BILLED: &[&str] = &[
    "invoice",
    "invoices",
    "inv",
    "subscription",
    "subscriptions",
    "plan",
    "plans",
    "addon",
    "addons",
    "renewal",
    "renewals",
    "order",
    "orders",
    "seat",
    "seats",
    "licence",
    "licences",
    "license",
    "licenses",
    "month",
    "months",
    "purchase",
    "purchases",
    "upgrade",
    "upgrades",
    "membership",
];

/// Prepositions that put a billed thing where or how money moves ("with
/// your invoice payment", "on INV-22995", "to your card"), not what it is.
const PLACES: &[&str] = &[
    "with", "on", "to", "onto", "into", "in", "via", "through", "from", "against", "by", "at",
    "under",
];

/// Words a noun phrase may hold before its head ("your last invoice", "the
/// unused months"), read back over to the word that governs the phrase.
const IN_PHRASE: &[&str] = &[
    "the",
    "a",
    "an",
    "your",
    "our",
    "this",
    "that",
    "these",
    "those",
    "its",
    "their",
    "my",
    "last",
    "next",
    "latest",
    "current",
    "previous",
    "original",
    "annual",
    "monthly",
    "yearly",
    "unused",
    "remaining",
    "whole",
    "full",
    "same",
    "entire",
    "invoice",
    "inv",
    "add",
];

/// Whether word `i` names a billed thing other than the fee as what money
/// is for: an item ("your last invoice", "the add-on", "the amount of your
/// subscription") or a sum the reply does not name as the fee ("the
/// $12"), unless a preposition of place governs it or it modifies the fee
/// ("the fee on your invoice", "the late fee for INV-22995").
fn other_item(text: &Text, i: usize, fees: &[String]) -> bool {
    let words = &text.words;
    let w = words[i].text.as_str();
    let next = words.get(i + 1).map(|n| n.text.as_str());
    let item = BILLED.contains(&w)
        || (w == "add" && next == Some("on"))
        || (money_sum(text, i) && !is_fee_sum(w, fees));
    if !item {
        return false;
    }
    let mut j = i;
    while j > 0
        && words[j - 1].sentence == words[i].sentence
        && (IN_PHRASE.contains(&words[j - 1].text.as_str())
            || money_sum(text, j - 1)
            || CURRENCY_CODES.contains(&words[j - 1].text.as_str()))
    {
        j -= 1;
    }
    let Some(governor) = j
        .checked_sub(1)
        .filter(|&g| words[g].sentence == words[i].sentence)
    else {
        return true;
    };
    let before = words[governor].text.as_str();
    if PLACES.contains(&before) {
        return false;
    }
    // "the late fee for INV-22995", "the $98 fee on it": the fee's own
    // modifier.
    let modifies_fee = super::nouns::PREPOSITIONS.contains(&before)
        && governor.checked_sub(1).is_some_and(|f| {
            thing(&words[f].text) == Some(Thing::Fee) || is_fee_sum(&words[f].text, fees)
        });
    !modifies_fee
}

/// Currency codes written before a sum ("CA$15.00", "USD 40").
const CURRENCY_CODES: &[&str] = &["ca", "us", "usd", "cad", "eur", "gbp", "aud"];

/// Whether word `i` is a sum of money: a number with a currency sign or
/// code before it, or a currency word after it.
fn money_sum(text: &Text, i: usize) -> bool {
    let words = &text.words;
    let w = words[i].text.as_str();
    if number_value(w).is_none() || !w.starts_with(char::is_numeric) {
        return false;
    }
    let sign = text
        .gap(i)
        .chars()
        .any(|c| matches!(c, '$' | '€' | '£' | '¥'));
    let code = i > 0 && CURRENCY_CODES.contains(&words[i - 1].text.as_str());
    let unit = words.get(i + 1).is_some_and(|n| {
        matches!(
            n.text.as_str(),
            "dollars" | "dollar" | "euros" | "euro" | "pounds"
        )
    });
    sign || code || unit
}

/// Whether word `i` says the give-back is one more outcome: "also", "too",
/// "as well", "in addition", "additionally".
fn one_more(text: &Text, i: usize) -> bool {
    let w = text.words[i].text.as_str();
    let next = text.words.get(i + 1).map(|n| n.text.as_str());
    matches!(w, "also" | "too" | "additionally")
        || (w == "as" && next == Some("well"))
        || (w == "in" && next == Some("addition"))
}

/// Whether word `i` gives money as more than the waiver: "as a goodwill
/// gesture", "as a courtesy", "on top", "an extra", "a bonus".
fn on_top(text: &Text, i: usize) -> bool {
    let w = text.words[i].text.as_str();
    let next = text.words.get(i + 1).map(|n| n.text.as_str());
    matches!(
        w,
        "goodwill" | "gesture" | "courtesy" | "bonus" | "extra" | "additional"
    ) || (w == "on" && next == Some("top"))
}

/// Whether word `i` refers back to money already named, and whether as a
/// pronoun: "it will be credited back" (`Some(true)`), or a money noun
/// after a determiner that points back, "the amount", "that money", "the
/// charge", "the full amount" (`Some(false)`).
fn refers_back(text: &Text, i: usize) -> Option<bool> {
    let words = &text.words;
    let w = words[i].text.as_str();
    if matches!(w, "it" | "them") {
        return Some(true);
    }
    // "that will be credited back": "that" as the subject, before its
    // verb (before a noun it is a determiner, read below).
    let next = words.get(i + 1).map(|n| n.text.as_str());
    if w == "that"
        && matches!(
            next,
            Some("will" | "would" | "is" | "was" | "has" | "gets" | "goes" | "comes" | "should")
        )
    {
        return Some(true);
    }
    if !matches!(
        w,
        "amount" | "money" | "sum" | "charge" | "charges" | "funds"
    ) {
        return None;
    }
    let mut j = i;
    while j > 0
        && matches!(
            words[j - 1].text.as_str(),
            "full" | "whole" | "same" | "entire"
        )
    {
        j -= 1;
    }
    (j > 0
        && matches!(
            words[j - 1].text.as_str(),
            "the" | "that" | "this" | "those"
        ))
    .then_some(false)
}
