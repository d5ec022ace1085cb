//! Noun phrases of a reply clause, read by their heads: what a verb is
//! done to ("remove the $15.00 late payment fee from your invoice") and
//! what a state is said of ("refund of $355.50 for INV-81513 approved").
//!
//! A noun phrase is a run of nouns with its head last: "late payment fee"
//! is a fee and "payment details" data, and a money word a fee word
//! modifies ("late charge", "fee amount", "the cost of the late fee") is a
//! fee. What follows a preposition modifies the noun before it, so the
//! subject of "the fee on your account has been removed" is the fee, not
//! the account; a subject inside a relative clause ("everything you
//! stored with us will be erased") is not the subject of the state.

use super::reading::Commitment;

/// What an object or subject is, for verbs whose outcome depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Thing {
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

pub(super) fn thing(word: &str) -> Option<Thing> {
    Some(match word {
        "data" | "information" | "info" | "records" | "record" | "history" | "files" | "file"
        | "details" | "everything" | "anything" | "backups" | "backup" | "copies" | "copy"
        | "trace" | "traces" | "profile" | "personal" | "uploads" => Thing::Data,
        "account" | "accounts" => Thing::Account,
        "fee" | "fees" | "penalty" | "penalties" | "surcharge" | "surcharges" | "late" => {
            Thing::Fee
        }
        "charge" | "charges" | "payment" | "transaction" | "amount" | "money" | "funds"
        | "renewal" | "sum" | "cost" => Thing::Money,
        "access" | "login" | "seat" | "seats" | "workspace" | "sign" => Thing::Access,
        "case" | "matter" | "issue" | "ticket" | "problem" | "complaint" | "dispute" | "this"
        | "it" | "that" | "everything's" => Thing::Case,
        w if crate::text::number_value(w).is_some() => Thing::Money,
        _ => return None,
    })
}

/// Words that stand for a thing named before them.
pub(super) fn pronoun(word: &str) -> bool {
    matches!(word, "it" | "this" | "that" | "they" | "them")
}

/// Whether the pronoun at `s` stands alone ("that is complete", "it has
/// now been processed"), rather than pointing at a noun the reader does
/// not know ("once that check is complete", "this step is done"): a
/// demonstrative before a noun names that noun, not what came before.
pub(super) fn stands_alone(words: &[&str], s: usize) -> bool {
    words
        .get(s + 1)
        .is_none_or(|next| AUXILIARIES.contains(next) || next.ends_with("ly"))
}

/// Nouns that name an outcome.
pub(super) fn outcome_noun(words: &[&str], n: usize) -> Option<Commitment> {
    use Commitment::*;
    let next = words.get(n + 1).copied();
    Some(match words[n] {
        "refund" | "refunds" | "reimbursement" | "repayment" | "chargeback" => Refund,
        // "your money back", "the full amount back", "the $49 back".
        w if next == Some("back") && thing(w) == Some(Thing::Money) => Refund,
        // "You'll receive a credit of £115.00 to your card": money back
        // where the customer paid is a refund, whatever it is called; a
        // credit to the account stays a credit (play-st42, B1).
        "credit" | "credits" if goes_to_how_they_paid(words, n) => Refund,
        // "a reversal of the £115.00 charge": the charge paid back.
        "reversal" | "reversals" => Refund,
        "credit" | "credits" | "compensation" | "voucher" | "vouchers" | "coupon" | "discount" => {
            Credit
        }
        // "as goodwill", "a goodwill gesture"; a "goodwill refund" is the
        // refund, of a kind.
        "goodwill"
            if !next.is_some_and(|w| {
                matches!(
                    w,
                    "refund" | "refunds" | "reimbursement" | "waiver" | "exception"
                )
            }) =>
        {
            Credit
        }
        "free" if next.is_some_and(|w| matches!(w, "month" | "months" | "year" | "period")) => {
            Credit
        }
        "month" | "months" if next == Some("free") => Credit,
        // "$10 off"; a "one-off" gesture is a single one, no discount.
        "off" if n > 0 && thing(words[n - 1]) == Some(Thing::Money) && words[n - 1] != "one" => {
            Credit
        }
        "waiver" => Waiver,
        "deletion" | "erasure" => Deletion,
        "exception" => Exception,
        "resolution" => Deadline,
        "request" => Grant,
        _ => return None,
    })
}

/// Whether what the credit at `k`, a verb or a noun, goes to is how the
/// customer paid, after its object however long ("credit the $53.00 late
/// fee to your card", "credit the $120.00 for the Advanced Reports add-on
/// back to your card", "credit the whole CA$396.00 pro-rated refund to
/// your original payment method", "a credit of £115.00 to your card") or
/// with none ("will be credited to your card"): the first "to" or "onto"
/// within [`CREDITED_REACH`] words closes the object, which holds no
/// person it goes to or other clause, and the card, bank or payment method
/// follows it. What the money is for may stand in the
/// object ("for the add-on", "for INV-38021"), unless it is amends for a
/// trouble ("credit $20 for the inconvenience to your card"), which is
/// compensation.
pub(super) fn goes_to_how_they_paid(words: &[&str], k: usize) -> bool {
    let end = (k + 1 + CREDITED_REACH).min(words.len());
    (k + 1..end)
        .find(|&i| matches!(words[i], "to" | "onto"))
        .is_some_and(|to| {
            let object = &words[k + 1..to];
            // "credit you", "for us": a person the credit goes to or is
            // for; "the $64.00 you paid" names the money.
            let person = |i: usize| {
                matches!(object[i], "you" | "us")
                    && (i == 0 || matches!(object[i - 1], "for" | "to"))
            };
            object
                .iter()
                .all(|x| !matches!(*x, "and" | "but" | "or" | "if" | "as"))
                && !(0..object.len()).any(person)
                && !object
                    .iter()
                    .position(|x| *x == "for")
                    .is_some_and(|f| object[f + 1..].iter().any(|x| AMENDS.contains(x)))
                && words[to + 1..(to + 5).min(words.len())]
                    .iter()
                    .any(|w| matches!(*w, "card" | "bank" | "payment"))
        })
}

/// How many words a credited object may run before its "to": a sum and
/// what it is for ("the $120.00 for the Advanced Reports add-on on
/// INV-38021 back to").
const CREDITED_REACH: usize = 16;

/// Troubles money is paid for as amends, not as a charge given back.
const AMENDS: &[&str] = &[
    "inconvenience",
    "trouble",
    "troubles",
    "hassle",
    "outage",
    "outages",
    "disruption",
    "downtime",
    "delay",
    "delays",
    "wait",
    "frustration",
    "interruption",
];

/// Words after which a noun modifies the one before ("refund of $40",
/// "the fee on your account", "your request to delete it").
pub(super) const PREPOSITIONS: &[&str] = &[
    "of", "for", "on", "from", "to", "in", "into", "onto", "with", "at", "about", "under", "off",
    "against", "per", "via", "over",
];

/// Auxiliaries and adverbs that may stand between a subject and its
/// state ("you have now been fully refunded").
const AUXILIARIES: &[&str] = &[
    "will",
    "would",
    "shall",
    "should",
    "can",
    "could",
    "may",
    "might",
    "must",
    "have",
    "has",
    "had",
    "be",
    "been",
    "being",
    "is",
    "are",
    "was",
    "were",
    "am",
    "not",
    "now",
    "also",
    "already",
    "just",
    "fully",
    "automatically",
    "then",
    "soon",
    "get",
    "got",
    "gets",
];

/// Nouns written with a hyphen, which the text layer reads as two words
/// whose second is a preposition ("an add-on you cancelled").
const COMPOUND_NOUNS: &[[&str; 2]] = &[
    ["add", "on"],
    ["top", "up"],
    ["set", "up"],
    ["log", "in"],
    ["sign", "in"],
    ["check", "in"],
    ["roll", "out"],
];

/// Whether the word at `p` ends a [`COMPOUND_NOUNS`] noun.
pub(super) fn ends_compound_noun(words: &[&str], p: usize) -> bool {
    p.checked_sub(1)
        .is_some_and(|q| COMPOUND_NOUNS.contains(&[words[q], words[p]]))
}

/// How far back a state's subject may be, in words: from the state to
/// the last noun of its subject, and from each preposition that ties a
/// modifier to the noun before it ("your refund of £232.00 | for INV-12245
/// | (Advanced Reports add-on) is approved"). Words of a bracketed aside,
/// blanked by the caller, do not count.
const SUBJECT_REACH: usize = 10;

/// How far back from a noun run a preposition may be ("for the
/// duplicate charge").
const PP_REACH: usize = 4;

/// The class of the noun run `from..=to` (consecutive thing words) by its
/// head, the last word: "late payment fee" is a fee, "payment details"
/// data, and a money word modified by a fee word is a fee ("late charge",
/// "fee amount").
fn run_class(words: &[&str], from: usize, to: usize) -> Option<Thing> {
    let head = thing(words[to])?;
    let fee_modifier = words[from..to].iter().any(|w| thing(w) == Some(Thing::Fee));
    Some(match head {
        Thing::Money if fee_modifier || fee_complement(words, to) => Thing::Fee,
        t => t,
    })
}

/// "the cost of the late fee", "the charge for late payment": a money
/// word whose complement is a fee.
fn fee_complement(words: &[&str], head: usize) -> bool {
    words
        .get(head + 1)
        .is_some_and(|p| matches!(*p, "of" | "for"))
        && words[head + 2..(head + 2 + PP_REACH).min(words.len())]
            .iter()
            .take_while(|w| !AUXILIARIES.contains(w))
            .any(|w| matches!(thing(w), Some(Thing::Fee)))
}

/// Whether word `i` can be part of a run of nouns: a thing, but not a
/// pronoun or a word that is a phrase of its own ("access this
/// afternoon", "everything").
fn run_word(words: &[&str], i: usize) -> bool {
    let w = words[i];
    thing(w).is_some()
        && outcome_noun(words, i).is_none()
        && !pronoun(w)
        && !matches!(w, "everything" | "anything" | "everything's")
}

fn is_number(word: &str) -> bool {
    crate::text::number_value(word).is_some()
}

/// Whether the noun run starting at `from` follows a preposition, with
/// only determiners and modifiers between ("for the duplicate charge",
/// "on invoice INV-1", "about you").
fn after_preposition(words: &[&str], from: usize) -> Option<usize> {
    let lo = from.saturating_sub(PP_REACH);
    for p in (lo..from).rev() {
        let w = words[p];
        if PREPOSITIONS.contains(&w) {
            return Some(p);
        }
        if AUXILIARIES.contains(&w) || thing(w).is_some() || outcome_noun(words, p).is_some() {
            return None;
        }
    }
    None
}

/// The first word [`SUBJECT_REACH`] words before `k` reach back to,
/// blank words (a bracketed aside) not counted.
fn reach_back(words: &[&str], k: usize) -> usize {
    let mut lo = k;
    let mut counted = 0;
    while lo > 0 && counted < SUBJECT_REACH {
        lo -= 1;
        if !words[lo].is_empty() {
            counted += 1;
        }
    }
    lo
}

/// The subject of a state at `k`: the nearest noun before it (within
/// [`SUBJECT_REACH`]) that names an outcome or a thing, read by its head,
/// skipping nouns after a preposition (they modify another, however many
/// modifiers the head has) and subjects of a relative clause ("the files
/// you uploaded"). When every noun is after a preposition, the nearest is
/// the subject. A bare amount after an outcome noun is that noun's
/// ("refund $40 approved").
pub(super) fn subject_before(
    words: &[&str],
    k: usize,
) -> Option<(usize, Option<Commitment>, Option<Thing>)> {
    let mut lo = reach_back(words, k);
    // A relative clause: "everything you uploaded to your workspace will
    // be wiped", "the fee we charged you has been removed": the noun
    // before its subject is the subject.
    let relative = (lo + 1..k).rev().find_map(|r| {
        let subject = matches!(words[r], "you" | "we" | "i" | "they");
        let adjacent = words[r + 1..k].iter().all(|x| AUXILIARIES.contains(x));
        if !subject || adjacent {
            return None;
        }
        let head = if matches!(words[r - 1], "that" | "which" | "who") {
            r.checked_sub(2)?
        } else {
            r - 1
        };
        (head >= lo).then(|| noun_at(words, lo, head)).flatten()
    });
    if relative.is_some() {
        return relative;
    }
    let mut fallback = None;
    let mut s = k;
    while s > lo {
        s -= 1;
        let w = words[s];
        if w == "you" {
            // "you have been refunded"; not "the data we hold about you".
            // Right after a noun, "you" opens a relative clause as its
            // subject ("a charge for an add-on you had already
            // cancelled"): the state is what the customer did.
            let adjacent = words[s + 1..k].iter().all(|x| AUXILIARIES.contains(x));
            let object_of_preposition = after_preposition(words, s).is_some()
                && s.checked_sub(1).is_none_or(|p| {
                    PREPOSITIONS.contains(&words[p]) && !ends_compound_noun(words, p)
                });
            if adjacent && !object_of_preposition {
                return Some((s, None, Some(Thing::Customer)));
            }
            continue;
        }
        let noun = outcome_noun(words, s);
        let object = thing(w);
        if noun.is_none() && object.is_none() {
            continue;
        }
        let mut from = s;
        if noun.is_none() {
            while from > lo && run_word(words, from - 1) {
                from -= 1;
            }
        }
        let mut found = (s, noun, object.and_then(|_| run_class(words, from, s)));
        // "on ticket T-2998", "for invoice INV-1": an id and the noun it
        // names are one phrase, which a preposition before it ties to the
        // noun it modifies.
        from = named_id_start(words, from).max(lo);
        // "refund $355.50 approved": the amount is the refund's.
        if noun.is_none()
            && words[from..=s].iter().all(|x| is_number(x))
            && from > 0
            && let Some(c) = outcome_noun(words, from - 1)
        {
            found = (from - 1, Some(c), None);
            from -= 1;
        }
        // "the plan that was cancelled": a relative pronoun after a noun
        // is the subject of its own clause, which modifies nothing before.
        let relative = matches!(w, "that" | "which" | "who")
            && s.checked_sub(1).is_some_and(|p| {
                let before = words[p];
                !before.is_empty()
                    && !AUXILIARIES.contains(&before)
                    && (!PREPOSITIONS.contains(&before) || ends_compound_noun(words, p))
            });
        if relative {
            return Some(found);
        }
        // Only a preposition right after a noun makes a modifier of it:
        // "the fee on your account", not "allow 5 days for the refund to
        // appear". A thing (not an outcome) after a noun the reader does
        // not know is one too, inside a run of modifiers of a noun it
        // does know ("the refund of $488.00 for the add-on on invoice
        // INV-1").
        let modifier = after_preposition(words, from).filter(|&p| {
            p > 0
                && (thing(words[p - 1]).is_some()
                    || outcome_noun(words, p - 1).is_some()
                    || (found.1.is_none() && inside_noun_phrase(words, p)))
        });
        match modifier {
            Some(p) => {
                fallback.get_or_insert(found);
                s = p;
                lo = lo.min(reach_back(words, p));
            }
            None => return Some(found),
        }
    }
    fallback
}

/// Nouns an id follows ("ticket T-2998", "case 4410", "order #5521").
const ID_NOUNS: &[&str] = &[
    "ticket",
    "case",
    "invoice",
    "order",
    "reference",
    "ref",
    "number",
    "no",
    "id",
    "request",
];

/// Where the phrase of an id that starts at `from` starts: an id's
/// digits, its letter prefix ("t", "inv"), and a noun naming it before
/// them ("ticket T-2998", "invoice INV-1", "case 4410"); `from` itself
/// when the words there are no id.
fn named_id_start(words: &[&str], from: usize) -> usize {
    let digits = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit());
    if !words.get(from).is_some_and(|w| digits(w)) {
        return from;
    }
    let mut start = from;
    let prefix = |w: &str| {
        (1..=4).contains(&w.len())
            && w.chars().all(|c| c.is_ascii_alphabetic())
            && !PREPOSITIONS.contains(&w)
            && !AUXILIARIES.contains(&w)
            && !matches!(w, "a" | "an" | "the" | "and" | "or")
    };
    if start > 0 && prefix(words[start - 1]) && !ID_NOUNS.contains(&words[start - 1]) {
        start -= 1;
    }
    // "invoice number 1", "ticket ref 2998".
    for _ in 0..2 {
        if start > 0 && ID_NOUNS.contains(&words[start - 1]) {
            start -= 1;
        }
    }
    start
}

/// Words that end a noun phrase read backwards: a verb's auxiliary, a
/// subject of a clause of its own, a relative word or a conjunction.
const PHRASE_ENDS: &[&str] = &[
    "we", "i", "you", "they", "he", "she", "it", "that", "which", "who", "whom", "whose", "and",
    "or", "but", "please",
];

/// Whether the preposition at `p`, after a word the reader does not know
/// as a noun ("add-on", "invoice", "plan"), is still inside the noun
/// phrase of a noun it does know before it: every word back to that noun
/// is a determiner, a modifier, a number, another preposition or an aside
/// (blank), with no verb, auxiliary or pronoun between ("the refund of
/// $488.00 | for the add-on | on invoice INV-1"; not "you can allow 5 days
/// for the refund", whose "allow" ends in no noun).
fn inside_noun_phrase(words: &[&str], p: usize) -> bool {
    let lo = p.saturating_sub(SUBJECT_REACH);
    for i in (lo..p).rev() {
        let w = words[i];
        if thing(w).is_some() || outcome_noun(words, i).is_some() {
            return !pronoun(w);
        }
        // "the Advanced Reports add-on": a participle after a determiner
        // is an adjective of the phrase, not its verb.
        let adjective = i > 0 && matches!(words[i - 1], "the" | "a" | "an" | "your" | "our");
        let verb_like = (w.ends_with("ed") && !adjective)
            || AUXILIARIES.contains(&w)
            || PHRASE_ENDS.contains(&w);
        if verb_like {
            return false;
        }
    }
    false
}

/// The noun at `s` as a subject, read by its run: `None` when it names
/// neither an outcome nor a thing.
fn noun_at(
    words: &[&str],
    lo: usize,
    s: usize,
) -> Option<(usize, Option<Commitment>, Option<Thing>)> {
    let noun = outcome_noun(words, s);
    if noun.is_some() {
        return Some((s, noun, None));
    }
    thing(words[s])?;
    let mut from = s;
    while from > lo && run_word(words, from - 1) {
        from -= 1;
    }
    Some((s, None, run_class(words, from, s)))
}

/// The heads of the noun phrases of `words` that no preposition ties to
/// another noun, in order: what a clause is about ("I've removed the late
/// fee from your account" is about the fee). Pronouns and "everything"
/// are none. A noun of talk a thing is about ([`TALK`]: "your question
/// about the charge") is the head, as `(index, None, None)`.
pub(super) fn heads(words: &[&str]) -> Vec<(usize, Option<Commitment>, Option<Thing>)> {
    let mut out = Vec::new();
    for s in 0..words.len() {
        let noun = outcome_noun(words, s);
        let ends_run = run_word(words, s) && !(s + 1 < words.len() && run_word(words, s + 1));
        if noun.is_none() && !ends_run {
            continue;
        }
        if goodwill_manner(words, s) {
            continue;
        }
        let Some(found) = noun_at(words, 0, s) else {
            continue;
        };
        let mut from = s;
        while noun.is_none() && from > 0 && run_word(words, from - 1) {
            from -= 1;
        }
        let preposition = after_preposition(words, from).filter(|p| *p > 0);
        let modifier = preposition
            .is_some_and(|p| thing(words[p - 1]).is_some() || outcome_noun(words, p - 1).is_some());
        // "your question about the charge": the noun of talk is the head,
        // the charge only what it is about.
        let talk = preposition.filter(|p| TALK.contains(&words[p - 1]));
        if let Some(p) = talk {
            out.push((p - 1, None, None));
        } else if !modifier {
            out.push(found);
        }
    }
    out
}

/// Words between the word that opens a phrase of manner and its
/// "goodwill": "as | a small gesture of | goodwill", "by | way of |
/// goodwill", "as | a one-off | goodwill gesture".
const MANNER_FILLERS: &[&str] = &[
    "a", "an", "our", "small", "little", "one", "off", "special", "personal", "pure", "genuine",
    "gesture", "act", "token", "sign", "way", "spirit", "of",
];

/// Whether the "goodwill" at `n` is in a phrase of manner ("as a goodwill
/// gesture", "as a gesture of goodwill", "by way of goodwill", "out of
/// goodwill"): it says why an outcome is granted and names no outcome of
/// its own, so it heads no noun phrase a pronoun stands for ("I've
/// approved a full refund as a goodwill gesture. I'm processing it
/// today": "it" is the refund). A gesture given as a thing ("we'd like
/// to offer a goodwill gesture") is no such phrase.
fn goodwill_manner(words: &[&str], n: usize) -> bool {
    if words[n] != "goodwill" {
        return false;
    }
    let mut i = n;
    while i > 0 && MANNER_FILLERS.contains(&words[i - 1]) {
        i -= 1;
    }
    // "as goodwill" alone; "by" and "out" only with "way of", "of".
    i > 0 && (words[i - 1] == "as" || (i < n && matches!(words[i - 1], "by" | "out")))
}

/// Nouns of talk: a thing after one of them and a preposition is what the
/// talk is about ("your question about the charge"), and a pronoun after
/// the phrase stands for the talk.
const TALK: &[&str] = &[
    "question",
    "questions",
    "query",
    "queries",
    "enquiry",
    "enquiries",
    "inquiry",
    "inquiries",
    "concern",
    "concerns",
    "message",
    "email",
    "note",
    "comment",
    "comments",
    "point",
];

/// The object after a verb at `k`: the first noun within six words, read
/// by the head of its run ("the $15.00 late payment fee" is a fee).
pub(super) fn object_after(words: &[&str], k: usize) -> Option<(usize, Thing)> {
    let first = (k + 1..(k + 7).min(words.len())).find(|&o| thing(words[o]).is_some())?;
    let mut head = first;
    while head + 1 < words.len() && run_word(words, head + 1) {
        head += 1;
    }
    run_class(words, first, head).map(|t| (head, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<&str> {
        text.split(' ').collect()
    }

    #[test]
    fn a_noun_phrase_is_read_by_its_head() {
        for (text, want) in [
            (
                "removed the 15.00 late payment fee from invoice",
                Thing::Fee,
            ),
            ("cancel the late charge", Thing::Fee),
            ("remove your payment details", Thing::Data),
            ("cover the cost of the late fee", Thing::Fee),
            ("cover the cost of the add on", Thing::Money),
            ("reverse the renewal charge", Thing::Money),
        ] {
            let w = words(text);
            assert_eq!(object_after(&w, 0).map(|(_, t)| t), Some(want), "{text}");
        }
    }

    #[test]
    fn a_subject_skips_modifiers_and_relative_clauses() {
        for (text, noun, object) in [
            (
                "refund of 355.50 for inv 81513 approved",
                Some(Commitment::Refund),
                None,
            ),
            (
                "the late fee on your account has been removed",
                None,
                Some(Thing::Fee),
            ),
            (
                "everything you stored with us will be erased",
                None,
                Some(Thing::Data),
            ),
            (
                "all the data we hold about you will be deleted",
                None,
                Some(Thing::Data),
            ),
            ("you have been refunded", None, Some(Thing::Customer)),
            ("refund 355.50 approved", Some(Commitment::Refund), None),
            ("your late charge has been removed", None, Some(Thing::Fee)),
            (
                "everything you uploaded to your workspace will be wiped",
                None,
                Some(Thing::Data),
            ),
            (
                "the fee we charged you has been removed",
                None,
                Some(Thing::Fee),
            ),
            (
                "please allow 5 7 business days for the refund to appear",
                Some(Commitment::Refund),
                None,
            ),
            (
                "your refund of 232.00 for inv 12245     is approved",
                Some(Commitment::Refund),
                None,
            ),
            (
                "the full refund of 488.00 for the add on on invoice inv 1 from your last billing cycle has been approved",
                Some(Commitment::Refund),
                None,
            ),
            (
                "the late fee for the add on on invoice inv 1 has been removed",
                None,
                Some(Thing::Fee),
            ),
        ] {
            let w = words(text);
            let got = subject_before(&w, w.len() - 1).map(|(_, n, t)| (n, t));
            assert_eq!(got, Some((noun, object)), "{text}");
        }
    }
}
