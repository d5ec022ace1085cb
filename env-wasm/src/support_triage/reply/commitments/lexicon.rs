//! The words a promise is read from, by class: the verb families
//! ([`Verb`]: refund, credit, waive, erase, remove, ...), the giving,
//! receiving, granting, arriving, paying, holding and lasting verbs, looked
//! up once per word ([`lex`]), the phrasal verbs that work like a family
//! ([`phrasal`]: "get rid of", "take it off"), and what a family makes of
//! its object ([`outcome_of`]). Word lists that every frame shares (the
//! determiners that make a verb a noun, the nouns that make an outcome a
//! mention) sit here too; a list only one frame reads sits beside it.

use crate::support_triage::reply::nouns::{Thing, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{base_of, bases_of, is_form_of};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Verb families: how a verb turns into an outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verb {
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
pub(super) struct Lex {
    pub(super) family: Option<Verb>,
    pub(super) giving: bool,
    pub(super) receiving: bool,
    pub(super) granting: bool,
    pub(super) arriving: bool,
    pub(super) paying: bool,
    pub(super) holding: bool,
    pub(super) lasting: bool,
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
pub(super) fn lex(word: &str) -> Lex {
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
pub(super) fn outcome_verb(word: &str) -> bool {
    let lx = lex(word);
    lx.family.is_some()
        || lx.giving
        || lx.paying
        || lx.holding
        || base_of(word, &["take", "knock", "write", "wrap"]).is_some()
}

/// Phrasal verbs that work like one of the families: "get rid of your
/// data", "take the fee off", "pay you back", "write the fee off".
pub(super) fn phrasal(words: &[&str], k: usize) -> Option<(Verb, usize)> {
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
    } else if GIVING_BACK
        .iter()
        .chain(["take", "knock", "shave", "write", "strike", "cross"].iter())
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
    if is_form_of(w, "pay") && (near("back", 3) || back_after_item(words, k)) {
        return Some((Verb::Refund, k + 1));
    }
    if GIVING_BACK[1..].iter().any(|b| is_form_of(w, b))
        && (near("back", 4) || back_after_item(words, k))
        && !put_back_on_the_bill(words, k)
    {
        return Some((Verb::Return, k + 1));
    }
    if is_form_of(w, "wrap") && near("up", 2) {
        return Some((Verb::Resolve, k + 1));
    }
    None
}

/// Verbs that give money back with "back" after their object ("pay the
/// fee back", "credit the $53.00 late fee back to your card").
const GIVING_BACK: &[&str] = &["pay", "give", "send", "put", "transfer", "credit"];

/// Whether "back" closes the object of the giving verb at `k` however
/// long that object is: "credit the $53.00 late fee back", "send the
/// whole CA$396.00 pro-rated refund back" (play-st28, B1). The words
/// between are one noun phrase that names what is owed or a sum, with no
/// person, joiner or other clause in it ("give us a call and we'll get
/// the fee back" gives nothing back).
fn back_after_item(words: &[&str], k: usize) -> bool {
    let end = (k + 1 + ITEM_REACH).min(words.len());
    words[k + 1..end]
        .iter()
        .position(|x| *x == "back")
        .is_some_and(|b| {
            let between = &words[k + 1..k + 1 + b];
            between
                .iter()
                .any(|x| owed_item(x) || thing(x) == Some(Thing::Money) || *x == "refund")
                && between.iter().all(|x| !NOT_IN_AN_OBJECT.contains(x))
        })
}

/// Whether the verb at `k` puts something back on what the customer owes
/// ("we'll put the $53.00 late fee back on your invoice"): charged again,
/// not given back.
fn put_back_on_the_bill(words: &[&str], k: usize) -> bool {
    is_form_of(words[k], "put")
        && words[k + 1..]
            .iter()
            .position(|x| *x == "back")
            .is_some_and(|b| {
                let after = &words[k + 2 + b..(k + 6 + b).min(words.len())];
                matches!(after.first(), Some(&("on" | "onto")))
                    && after
                        .iter()
                        .any(|x| matches!(*x, "invoice" | "invoices" | "bill" | "statement"))
            })
}

/// Words no object noun phrase holds: persons, joiners and the openers of
/// another clause.
pub(super) const NOT_IN_AN_OBJECT: &[&str] = &[
    "and", "but", "or", "to", "you", "us", "me", "we", "i", "they", "them", "it", "if", "then",
    "so", "once", "when", "until", "before", "after", "as", "will", "would", "can", "get", "come",
];

/// Whether a billed item stands between the verb at `k` and a "from"
/// that closes its noun phrase: "struck the £30 fee from your account".
fn off_after_item_from(words: &[&str], k: usize) -> bool {
    let end = (k + 1 + ITEM_REACH).min(words.len());
    words[k + 1..end]
        .iter()
        .position(|x| *x == "from")
        .is_some_and(|o| words[k + 1..k + 1 + o].iter().any(|x| owed_item(x)))
}

/// How far a noun phrase naming what is owed may run between a verb and
/// its particle ("taken the £42.00 late fee on the March invoice off").
pub(super) const ITEM_REACH: usize = 8;

/// A word naming something owed: a fee or a billed charge.
pub(super) fn owed_item(word: &str) -> bool {
    billed_item(word) || thing(word) == Some(Thing::Fee)
}

/// How many words "let" may stand from its "go" ("letting the £79.00
/// late fee on INV-83275 go").
const LET_GO_REACH: usize = 12;

/// Money words that name a charge billed to the customer, rather than an
/// amount: what is taken off when one of them is, is that charge.
pub(super) fn billed_item(word: &str) -> bool {
    matches!(
        word,
        "charge" | "charges" | "renewal" | "transaction" | "payment" | "surcharge"
    )
}

/// The outcome of a verb family done to a thing (`None` for no object).
pub(super) fn outcome_of(family: Verb, object: Option<Thing>) -> Option<Commitment> {
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
pub(super) const MENTION_FOLLOWERS: &[&str] = &[
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
pub(super) const DETERMINERS: &[&str] = &[
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

/// Words that state money or access arriving: "your refund will arrive",
/// "the money will be back in your account", "a refund will follow".
const ARRIVING: &[&str] = &[
    "arrive", "appear", "show", "reach", "land", "post", "back", "way", "through", "come", "follow",
];

pub(super) const IRREGULAR_PARTICIPLES: &[&str] = &[
    "paid", "sent", "gone", "done", "taken", "given", "made", "kept", "held", "written", "put",
    "set", "got", "gotten", "dealt", "struck", "forgiven", "let",
];

/// Whether a noun phrase head is an amount: a sum, or a noun of one ("the
/// full amount", "the total").
pub(super) fn an_amount(word: &str) -> bool {
    crate::text::number_value(word).is_some()
        || matches!(word, "amount" | "sum" | "total" | "figure")
}

/// Adverbs between a label's colon and the state it gives ("Late fee:
/// now waived", "Decision: fully refunded").
pub(super) const STATE_ADVERBS: &[&str] = &["now", "already", "fully", "just", "been", "all"];

/// Places money goes back to: "return to your card" is money coming
/// back; "return to it" is not.
pub(super) const MONEY_PLACES: &[&str] = &[
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

/// Words after which "that" is no relative pronoun: "and that was
/// cancelled", "is that", "so that".
pub(super) const AUXILIARIES_AND_JOINERS: &[&str] = &[
    "and", "but", "or", "so", "then", "is", "was", "are", "were", "be", "been", "has", "have",
    "had", "will", "would", "can", "could", "once", "when", "because", "as", "since", "if",
];
