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
//! within 30 days") are not promises. Negation (the shared
//! [`crate::text::negated`], scoped by clause) turns a promise into a
//! refusal ([`Reading::declined`]). A genuine condition (a supervisor's
//! approval, a review, eligibility: "if our supervisor approves it, we
//! will refund you", "whether a refund is possible") leaves its clauses
//! open; a condition on the customer's own consent or action ("if you
//! confirm, we'll refund you") does not, and neither does "once", which
//! presupposes what it waits for. The customer's own words ("you asked us
//! to delete it") promise nothing.

use super::next_step;
use super::{Clause, Commitment, Move, Occurrences, Opener, Reading, continued, has_subject, ours};
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
}

/// Read every clause for promises and refusals.
/// Returns the sentences that hold a firm promise, which [`super::next_step`]
/// reads a time near as the promise's date.
pub(super) fn read(text: &Text, clauses: &[Clause], reading: &mut Reading) -> Vec<u32> {
    let mut promising = Vec::new();
    let conditioned = conditioned(text, clauses);
    let questions = super::question_sentences(text);
    let offered = Occurrences::of(text, OFFERS).sentences(text);
    for (at, clause) in clauses.iter().enumerate() {
        if conditioned[at] {
            continue;
        }
        let question = questions.contains(&clause.sentence) && !offered.contains(&clause.sentence);
        for found in frames(text, clauses, at) {
            let certainty = certainty(text, clauses, at, found.at[0]);
            let negative = found.at.iter().any(|&i| negated(text, i, i + 1));
            let promised = negative == found.by_denial;
            match (promised, certainty) {
                (_, Certainty::Open | Certainty::Generic) => {}
                (true, _) if question => {}
                (true, Certainty::Firm) => {
                    reading.moves.insert(Move::Commit(found.outcome));
                    promising.push(clause.sentence);
                }
                (true, Certainty::Leaning) => {
                    reading.leaning.insert(found.outcome);
                }
                (false, _) if !found.by_denial => {
                    reading.declined.insert(found.outcome);
                }
                (false, _) => {}
            }
        }
    }
    promising
}

// ------------------------------------------------------------ vocabulary

/// What an object or subject is, for verbs whose outcome depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Thing {
    Data,
    Account,
    Fee,
    Money,
    Access,
    /// The case itself: "this", "the issue", "your case".
    Case,
    /// The customer, as the subject of "you have been refunded".
    Customer,
}

fn thing(word: &str) -> Option<Thing> {
    Some(match word {
        "data" | "information" | "info" | "records" | "record" | "history" | "files" | "file"
        | "details" | "everything" | "anything" | "backups" | "backup" | "copies" | "copy"
        | "trace" | "traces" | "profile" | "personal" => Thing::Data,
        "account" | "accounts" => Thing::Account,
        "fee" | "fees" | "penalty" | "penalties" | "surcharge" | "late" => Thing::Fee,
        "charge" | "charges" | "payment" | "transaction" | "amount" | "money" | "funds"
        | "renewal" | "sum" | "cost" => Thing::Money,
        "access" | "login" | "seat" | "seats" | "workspace" | "sign" => Thing::Access,
        "case" | "matter" | "issue" | "ticket" | "problem" | "complaint" | "dispute" | "this"
        | "it" | "that" | "everything's" => Thing::Case,
        w if crate::text::number_value(w).is_some() => Thing::Money,
        _ => return None,
    })
}

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
    (Verb::Return, &["return", "cover"]),
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

/// Phrasal verbs that work like one of the families: "get rid of your
/// data", "take the fee off", "pay you back", "write the fee off".
fn phrasal(words: &[&str], k: usize) -> Option<(Verb, usize)> {
    let w = words[k];
    let near = |word: &str, reach: usize| {
        words
            .get(k + 1..(k + 1 + reach).min(words.len()))
            .is_some_and(|after| after.contains(&word))
    };
    if is_form_of(w, "get") && words.get(k + 1) == Some(&"rid") {
        return Some((Verb::Remove, k + 2));
    }
    if (is_form_of(w, "take") || is_form_of(w, "knock")) && near("off", 4) {
        return Some((Verb::TakeOff, k + 1));
    }
    if is_form_of(w, "write") && near("off", 4) {
        return Some((Verb::Remove, k + 1));
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
        (Verb::Remove, Some(Thing::Data | Thing::Account)) => Deletion,
        (Verb::Remove, Some(Thing::Fee)) => Waiver,
        (Verb::Remove, Some(Thing::Money)) => Refund,
        (Verb::Restore, Some(Thing::Access | Thing::Account) | None) => AccessRestored,
        (Verb::Resolve | Verb::Close, Some(Thing::Case) | None) => Deadline,
        (Verb::Close, Some(Thing::Data | Thing::Account)) => Deletion,
        // "take it off your invoice": what comes off an invoice is the fee.
        (Verb::TakeOff, Some(Thing::Fee | Thing::Case) | None) => Waiver,
        (Verb::TakeOff, Some(Thing::Money)) => Credit,
        _ => return None,
    })
}

/// Nouns that name an outcome.
fn outcome_noun(words: &[&str], n: usize) -> Option<Commitment> {
    use Commitment::*;
    let next = words.get(n + 1).copied();
    Some(match words[n] {
        "refund" | "refunds" | "reimbursement" | "repayment" | "chargeback" => Refund,
        "money" | "funds" if next == Some("back") => Refund,
        "credit" | "credits" | "compensation" | "voucher" | "vouchers" | "coupon" | "discount"
        | "goodwill" => Credit,
        "free" if next.is_some_and(|w| matches!(w, "month" | "months" | "year" | "period")) => {
            Credit
        }
        "month" | "months" if next == Some("free") => Credit,
        "off" if n > 0 && thing(words[n - 1]) == Some(Thing::Money) => Credit,
        "waiver" => Waiver,
        "deletion" | "erasure" => Deletion,
        "exception" => Exception,
        "resolution" => Deadline,
        "request" => Grant,
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

/// Determiners before a verb-shaped word make it a noun ("a refund").
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "my", "our", "this", "that", "any", "no", "full", "partial", "its",
    "their", "his", "her",
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

/// The subject of a state at `k`: the nearest word before it (within six)
/// that names an outcome or a thing.
fn subject_before(words: &[&str], k: usize) -> Option<(usize, Option<Commitment>, Option<Thing>)> {
    (k.saturating_sub(6)..k).rev().find_map(|s| {
        let noun = outcome_noun(words, s);
        let object = thing(words[s]).or_else(|| (words[s] == "you").then_some(Thing::Customer));
        (noun.is_some() || object.is_some()).then_some((s, noun, object))
    })
}

/// The first thing within six words after `k`.
fn object_after(words: &[&str], k: usize) -> Option<(usize, Thing)> {
    (k + 1..(k + 7).min(words.len())).find_map(|o| thing(words[o]).map(|t| (o, t)))
}

// ------------------------------------------------------------ frames

/// Every outcome the clause at `at` states, in all five frames.
fn frames(text: &Text, clauses: &[Clause], at: usize) -> Vec<Found> {
    let clause = &clauses[at];
    let words = clause.texts(text);
    let base = clause.from;
    // Who is before each word, found once per clause.
    let first_ours = words.iter().position(|w| ours(&[w]));
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
    let wish = wish_start(&words);
    let mut found = Vec::new();
    let mut push = |outcome: Commitment, at: [usize; 2], by_denial: bool| {
        if outcome != Commitment::Deadline || timed {
            found.push(Found {
                outcome,
                at: [base + at[0], base + at[1]],
                by_denial,
            });
        }
    };
    for k in 0..words.len() {
        let w = words[k];
        if wished(&words, wish, k) {
            continue;
        }
        let previous = k.checked_sub(1).map(|p| words[p]);
        let next = words.get(k + 1).copied();
        let is_noun = previous.is_some_and(|p| DETERMINERS.contains(&p))
            || next.is_some_and(|n| MENTION_FOLLOWERS.contains(&n));
        let participle = w.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&w);
        let passive = participle && (k > 0) && passive_before(&words, k);

        // 1. A deed: "we will refund you", "the fee has been removed".
        let lx = lex(w);
        let family = phrasal(&words, k).or_else(|| lx.family.map(|f| (f, k + 1)));
        if let Some((family, object_from)) = family
            && !is_noun
        {
            let object = if passive {
                subject_before(&words, k).and_then(|(_, _, t)| t)
            } else {
                object_after(&words, object_from.saturating_sub(1)).map(|(_, t)| t)
            };
            let object = match (family, object) {
                // "credit your account": the account is the credit's place.
                (Verb::Credit, _) => None,
                // "delete it", "erase this": in a reply, the customer's data.
                (Verb::Erase, Some(Thing::Case)) => Some(Thing::Data),
                // "refund the fee" waives it; other objects are the money.
                (Verb::Refund, Some(t)) if t != Thing::Fee => None,
                (_, o) => o,
            };
            let by_us = ours_before(k);
            let to_customer = passive && you_before(k);
            let erasing_needs_object = matches!(family, Verb::Erase | Verb::Remove | Verb::TakeOff);
            let outcome = outcome_of(family, object).filter(|_| {
                !(erasing_needs_object && object.is_none()) && (by_us || passive || to_customer)
            });
            if let Some(outcome) = outcome
                && !generic_object(&words, k)
            {
                push(outcome, [k, k], false);
                continue;
            }
        }

        // 2. A gift by us, or a receipt by the customer.
        let giving = lx.giving;
        let receiving = lx.receiving;
        if (giving || receiving) && !is_noun {
            let by_us = giving && ours_before(k);
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
            if by_us || to_customer {
                for n in k + 1..(k + 6).min(words.len()) {
                    let Some(outcome) = outcome_noun(&words, n) else {
                        continue;
                    };
                    let mentioned = words
                        .get(n + 1)
                        .is_some_and(|a| MENTION_FOLLOWERS.contains(a) && *a != "request");
                    let grants = outcome != Commitment::Grant || lx.granting;
                    if !mentioned && grants {
                        push(outcome, [k, n], false);
                    }
                    break;
                }
            }
        }

        // 3. An outcome stated of its subject: "refund approved", "your
        // data is gone", "your refund is on its way".
        if let Some(outcome) = stated_outcome(&words, k, lx) {
            push(outcome, [k, k], false);
        }

        // 4. An outcome said by denying its opposite.
        if let Some(outcome) = denied_opposite(w, lx, &holds, ours_before(k)) {
            push(outcome, [k, k], true);
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

        // 5. Access given back by us ("we'll get you back in", "we will
        // have you signing in again") or as the customer's ("you'll have
        // access again", "you will regain access"). The customer signing in
        // again by themselves ("reset it, then sign in again") is advice.
        let back_in = w == "back" && matches!(next, Some("in" | "into" | "online"));
        let again = w == "again"
            && k > 0
            && words[..k]
                .iter()
                .rev()
                .take(4)
                .any(|p| matches!(*p, "in" | "access" | "login" | "account"));
        let access_word = words.iter().any(|x| matches!(*x, "access" | "login"));
        let regain = is_form_of(w, "regain") && access_word;
        let customer_has = you_before(k) && (regain || (again && access_word));
        if ((back_in || again) && ours_before(k)) || customer_has {
            push(Commitment::AccessRestored, [k, k], false);
        }
    }
    found
}

const IRREGULAR_PARTICIPLES: &[&str] = &[
    "paid", "sent", "gone", "done", "taken", "given", "made", "kept", "held", "written", "put",
    "set", "got", "gotten",
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

/// Frame 3: the state at `k` and the outcome it gives its subject.
fn stated_outcome(words: &[&str], k: usize, lx: Lex) -> Option<Commitment> {
    use Commitment::*;
    let w = words[k];
    let done = DONE.contains(&w);
    let arriving = lx.arriving;
    let naming = lx.family.filter(|_| w.ends_with("ed") || w == "repaid");
    let gone = w == "gone";
    if !(done || arriving || naming.is_some() || gone) {
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
    let (s, noun, object) = subject_before(words, k)?;
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

/// Frame 4: "the fee won't apply", "you won't be charged the late fee",
/// "we will no longer hold your data", "nothing will remain". Negation is
/// checked by the caller; here only the shape.
/// What a clause speaks of anywhere in it.
struct Holds {
    fee: bool,
    /// Data, or "nothing" / "none" ("nothing will remain").
    data: bool,
}

fn denied_opposite(w: &str, lx: Lex, holds: &Holds, by_us: bool) -> Option<Commitment> {
    let paying = lx.paying
        || matches!(
            w,
            "payable" | "due" | "apply" | "applies" | "stand" | "stands" | "owed"
        );
    if paying && holds.fee {
        return Some(Commitment::Waiver);
    }
    if ((lx.holding && by_us) || lx.lasting) && holds.data {
        return Some(Commitment::Deletion);
    }
    None
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

/// Words that report someone's wish: "you asked us to delete it", "I
/// understand you want your money back".
const WISHING: &[&str] = &[
    "ask", "request", "want", "wish", "like", "demand", "expect", "hope", "mention", "say",
    "write", "tell", "claim", "threaten", "prefer", "insist",
];

/// Where the customer's wish starts in a clause: the first wishing verb
/// with "you" before it ("you asked us to delete it", "I understand you
/// want your money back"); what follows it is the wish, not a promise. An
/// offer ("would you like us to waive it?") is not a report.
fn wish_start(words: &[&str]) -> Option<usize> {
    let offer = words.windows(2).any(|p| {
        matches!(
            p,
            ["would", "you"] | ["do", "you"] | ["shall", "we"] | ["should", "we"]
        )
    });
    let you = words.iter().position(|w| *w == "you")?;
    if offer {
        return None;
    }
    (you + 1..words.len()).find(|&i| base_of(words[i], WISHING).is_some())
}

/// Whether the word at `k` is only the customer's wish: after the wish's
/// start, or after "your request to ...".
fn wished(words: &[&str], wish: Option<usize>, k: usize) -> bool {
    let before = &words[..k];
    let request_to = before.ends_with(&["request", "to"]) || before.ends_with(&["requests", "to"]);
    wish.is_some_and(|w| w < k) || request_to
}

/// Whether clause `at` has no subject of its own and continues a clause
/// whose subject is on our side ("we will review it and refund you").
fn inherits_ours(text: &Text, clauses: &[Clause], at: usize, words: &[&str]) -> bool {
    if has_subject(words) {
        return false;
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
const LEANING: &[&str] = &["probably", "likely", "hopefully", "ideally"];
const LEANING_VERBS: &[&str] = &["try", "attempt", "aim", "hope", "intend", "seek"];
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
    let mut spans = vec![(clauses[clause].from, at)];
    let own = clauses[clause].texts(text);
    let local = at - clauses[clause].from;
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
    if words
        .iter()
        .any(|w| LEANING.contains(w) || base_of(w, LEANING_VERBS).is_some())
    {
        return Certainty::Leaning;
    }
    Certainty::Firm
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
            let subject = words[..i]
                .iter()
                .rev()
                .find(|s| super::SUBJECTS.contains(s) || super::OUR_SIDE.contains(s));
            subject != Some(&"you")
        }
    })
}

// ------------------------------------------------------------ questions

/// A question that offers an outcome ("would you like us to waive it?",
/// "shall we refund it to your card?") promises it on the customer's yes.
const OFFERS: &[&str] = &[
    "would you like",
    "do you want",
    "shall we",
    "should we",
    "can we",
];
