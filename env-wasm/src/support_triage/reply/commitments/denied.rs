//! Frame 4, an outcome said by denying its opposite: "the fee won't
//! apply", "you won't be charged", "we will no longer hold your data",
//! "nothing will remain", "you won't be out of pocket". Negation is what
//! makes these promises; the idioms of delay ("hold anything up") and
//! what is on record ("the address we hold") deny nothing.

use super::scan::{ClauseScan, Found, Holds, WordAt};
use crate::support_triage::reply::nouns::{PREPOSITIONS, Thing, pronoun, subject_before, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, is_form_of};

use super::lexicon::{AUXILIARIES_AND_JOINERS, DETERMINERS, Lex, an_amount, billed_item};
use super::phrases::{NOT_A_HEAD, PHRASE_DETERMINERS, passive_before};

/// Frame 4, an outcome said by denying its opposite. A paying word is a
/// verb here ("you won't be charged"), not a noun ("I can't decide on the
/// late fee or the charge").
pub(super) fn frame(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let text = scan.text;
    let base = scan.base;
    let words: &[&str] = &scan.words;
    let holds = &scan.holds;
    let money_in_clause = scan.money_in_clause;
    let k = word.k;
    let w = word.w;
    let previous = word.previous;
    let lx = word.lx;
    let is_noun = word.is_noun;
    let passive = word.passive;
    let paying_verb =
        lx.paying && (!is_noun || previous == Some("no")) && !after_modifiers(words, k);
    let delay = delay_idiom(words, k, lx);
    let on_record = lx.holding && describes_what_is_held(text, base, words, k);
    let lx4 = Lex {
        paying: paying_verb,
        holding: lx.holding && !delay && !on_record,
        lasting: (lx.lasting && !delay) || left_behind(words, k),
        ..lx
    };
    // "your account will no longer exist", "your account and records
    // will cease to exist": the account (or data) ceasing to be is the
    // state after its deletion, in any words.
    let account_lasts = lx4.lasting
        && bare_existence(words, k)
        && subject_before(words, k).is_some_and(|(_, _, t)| t == Some(Thing::Account));
    let lasts = holds.data || account_lasts;
    if lx4.lasting && lasts && ceases(words, k) {
        scan.push(found, Commitment::Deletion, [k, k], false);
    } else if account_lasts {
        scan.push(found, Commitment::Deletion, [k, k], true);
    } else if let Some(outcome) = denied_opposite(
        w,
        lx4,
        &Holds {
            fee: holds.fee || fee_by_reference(scan, k),
            data: holds.data,
        },
        scan.ours_before(k),
        passive,
    ) {
        scan.push(found, outcome, [k, k], true);
    } else if denied_loss(words, k)
        || (paying_verb && (scan.you_before(k) || scan.ours_before(k)) && future(&words[..k]))
    {
        // "you won't be out of pocket", "you won't be charged for the
        // renewal", "you won't have to pay for it": money the customer
        // keeps, or a fee waived when a fee is what the reply spoke of.
        let fee = holds.fee || (!money_in_clause && scan.resolve() == Some(Thing::Fee));
        // "You won't need to pay anything extra", "you won't be
        // charged again": not paying more returns no money; it is a
        // waiver at most, when a fee is what the reply spoke of.
        let nothing_more = paying_verb && nothing_more_to_pay(words, k);
        match (fee, nothing_more) {
            (true, _) => scan.push(found, Commitment::Waiver, [k, k], true),
            (false, false) => scan.push(found, Commitment::Refund, [k, k], true),
            (false, true) => {}
        }
    }
}

/// Words after a lasting verb that leave it bare existence: none, a
/// place or time ("exist on our systems", "remain anywhere", "exist any
/// longer", "exist anymore"). A state after it ("remain locked", "stay
/// suspended") is a state of the account, not its existence.
const AFTER_EXISTENCE: &[&str] = &[
    "anymore",
    "any",
    "anywhere",
    "afterwards",
    "after",
    "beyond",
    "past",
    "then",
    "once",
    "as",
    "when",
    "within",
    "by",
];

/// Whether the lasting verb at `k` says its subject goes on being, with
/// nothing after it but a place or a time ([`AFTER_EXISTENCE`]).
fn bare_existence(words: &[&str], k: usize) -> bool {
    words
        .get(k + 1)
        .is_none_or(|n| n.is_empty() || PREPOSITIONS.contains(n) || AFTER_EXISTENCE.contains(n))
}

/// Whether the word at `k` is "left" said of what stays, as "remain"
/// is: "no trace of you will be left", "nothing will be left behind on
/// our systems". A state or purpose after it ("no data was left
/// exposed", "nothing will be left to pay") is not existence.
fn left_behind(words: &[&str], k: usize) -> bool {
    words[k] == "left"
        && passive_before(words, k)
        && words
            .get(k + 1)
            .is_none_or(|n| n.is_empty() || AFTER_LEFT.contains(n))
}

/// Words after "left" that leave it bare existence: a place or a time
/// ("left behind", "left on our systems", "left anywhere afterwards").
const AFTER_LEFT: &[&str] = &[
    "behind",
    "on",
    "in",
    "anywhere",
    "afterwards",
    "after",
    "once",
    "within",
];

/// Whether the lasting verb at `k` is said to end: "cease to exist",
/// "stop existing".
fn ceases(words: &[&str], k: usize) -> bool {
    let ending = |i: usize| is_form_of(words[i], "cease") || is_form_of(words[i], "stop");
    (k >= 2 && words[k - 1] == "to" && ending(k - 2))
        || (k >= 1 && words[k].ends_with("ing") && ending(k - 1))
}

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
pub(super) fn delay_idiom(words: &[&str], k: usize, lx: Lex) -> bool {
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
pub(super) fn describes_what_is_held(text: &Text, base: usize, words: &[&str], k: usize) -> bool {
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

/// Whether the paying verb at `k` is denied of an unnamed quantity only,
/// with no charge or sum of its own: "pay anything extra", "pay any
/// more", "be charged again", "pay a penny more". Keeping money one has
/// not yet paid is no money returned ("you won't be charged for the
/// renewal" names the charge, and is).
pub(super) fn nothing_more_to_pay(words: &[&str], k: usize) -> bool {
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

/// Whether word `k` is a noun by the modifiers before it, back to a
/// determiner: "the INV-65929 charge", "the £40 charge", "the late
/// payment charge", "the add-on charge" (an invoice id, an amount or a
/// noun modifying it). "I'm not able to settle the late fee or the
/// INV-65929 charge" speaks of a charge; it does not deny charging
/// (play-para-st6, B4).
pub(super) fn after_modifiers(words: &[&str], k: usize) -> bool {
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

/// Frame 4: "the fee won't apply", "you won't be charged the late fee",
/// "we will no longer hold your data", "nothing will remain". Negation is
/// checked by the caller; here only the shape.
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

/// Whether the verb at `k` has a pronoun for its subject that stands for
/// the fee named before ("I've reviewed the late fee on INV-44503 and it
/// no longer applies"): the fee's state, as "the fee no longer applies" is.
fn fee_by_reference(scan: &ClauseScan, k: usize) -> bool {
    let subject = scan.words[..k].iter().rposition(|w| {
        !matches!(
            *w,
            "no" | "longer" | "not" | "does" | "do" | "now" | "simply"
        )
    });
    subject.is_some_and(|s| matches!(scan.words[s], "it" | "this" | "that"))
        && scan.resolve() == Some(Thing::Fee)
}

/// "You won't be out of pocket", "you won't lose a penny": money kept,
/// said by denying its loss (frame 4).
pub(super) fn denied_loss(words: &[&str], k: usize) -> bool {
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
pub(super) fn future(before: &[&str]) -> bool {
    before.iter().enumerate().any(|(i, w)| {
        matches!(*w, "will" | "shall" | "going" | "longer" | "need")
            || (*w == "have" && before.get(i + 1) == Some(&"to"))
    })
}
