//! Frame 3, an outcome stated of its subject: "refund approved", "your
//! data is gone", "your refund is on its way", money "we will send back",
//! a label's value ("Status: waived", "Refund: $282.00", "Outcome: full
//! refund"); and whether a promise is said as done.

use super::scan::{ClauseScan, Found, WordAt};
use crate::support_triage::reply::clause::{self, Clause};
use crate::support_triage::reply::fee_sums::is_fee_sum;
use crate::support_triage::reply::nouns::{
    PREPOSITIONS, Thing, object_after, outcome_noun, pronoun, stands_alone, subject_before, thing,
};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, base_of, is_form_of};

use super::lexicon::{IRREGULAR_PARTICIPLES, Lex, MONEY_PLACES, STATE_ADVERBS, Verb, outcome_of};
use super::phrases::{describes_noun_before, passive_before};
use super::reference::requested_outcome;

/// Frame 3, an outcome stated of its subject: "refund approved", "your
/// data is gone", "your refund is on its way". A predicate whose subject
/// an aside interrupted is read against that subject.
pub(super) fn frame(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let text = scan.text;
    let clause = scan.clause;
    let fees = scan.fees;
    let words: &[&str] = &scan.words;
    let interrupted = &scan.interrupted;
    let k = word.k;
    let w = word.w;
    let lx = word.lx;
    let stands_for = || scan.stands_for();
    let stated = stated_outcome(words, k, lx, &stands_for).or_else(|| {
        let subject = interrupted.as_ref()?;
        if subject_before(words, k).is_some() {
            return None;
        }
        let joined: Vec<&str> = subject.iter().chain(words).copied().collect();
        stated_outcome(&joined, subject.len() + k, lx, &stands_for)
    });
    let stated = stated
        .or_else(|| label_state(text, clause, k, lx).filter(|_| subject_before(words, k).is_none()))
        .or_else(|| labelled_amount(text, clause, words, k))
        .or_else(|| decided_outcome(text, clause, words, k));
    // "We will put the CA$15.00 back on your card": the fee's sum
    // back is the waived fee given back (play-para-st14, C1).
    let fee_back = |s: usize| {
        words[s.saturating_sub(3)..=s]
            .iter()
            .any(|x| is_fee_sum(x, fees))
    };
    let stated = match stated {
        Some(Commitment::Refund)
            if w == "back" && subject_before(words, k).is_some_and(|(s, _, _)| fee_back(s)) =>
        {
            Some(Commitment::Waiver)
        }
        other => other,
    };
    if let Some(outcome) = stated {
        scan.push(found, outcome, [k, k], false);
    } else if let Some(outcome) = fronted_given_back(words, k) {
        scan.push(found, outcome, [k - 1, k], false);
    } else if let Some((outcome, done)) = reported_outcome(text, clause, words, k) {
        scan.push_done(found, outcome, k, done);
    }
}

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

/// Verbs whose "back to" brings their subject back: "come back to",
/// "circle back to", "get back to".
const COMING_BACK: &[&str] = &["come", "circle", "get"];

/// Words between a subject and its verb: auxiliaries and adverbs ("we
/// will then come back to", "our team is going to circle back to").
const BEFORE_THE_VERB: &[&str] = &[
    "will",
    "shall",
    "would",
    "can",
    "could",
    "may",
    "might",
    "should",
    "must",
    "be",
    "am",
    "is",
    "are",
    "going",
    "to",
    "then",
    "also",
    "soon",
    "first",
    "definitely",
    "certainly",
];

/// Prepositions a clause may end with after "get back to you" when its
/// object was put first: "the VAT number we'll get back to you about".
const STRANDED: &[&str] = &["about", "on", "regarding", "over"];

/// Whether the "back" at `k` is a person of ours (or the customer)
/// coming back to a question: "come back to", "circle back to" or "get
/// back to" after such a subject. Whatever was put before that subject
/// is the topic it comes back to, not money coming back ("the VAT number
/// on invoice INV-33321 we'll come back to after the security matter",
/// "the late fee our billing team will circle back to"). Money comes back
/// as the subject of its own verb ("the $40 will come back to your card");
/// with "get", money put first and the customer or where they paid after
/// "to" is money given back ("the $40 we'll get back to you by Friday"),
/// unless a preposition ends the clause ("... get back to you about").
fn back_to_a_question(words: &[&str], k: usize) -> bool {
    if words.get(k + 1) != Some(&"to") {
        return false;
    }
    let mut v = k;
    while v > 0 && matches!(words[v - 1], "right" | "straight") {
        v -= 1;
    }
    let Some(verb) = v.checked_sub(1) else {
        return false;
    };
    let Some(coming) = COMING_BACK.iter().find(|b| is_form_of(words[verb], b)) else {
        return false;
    };
    let subject = words[..verb]
        .iter()
        .rev()
        .find(|w| !w.is_empty() && !BEFORE_THE_VERB.contains(w) && !w.ends_with("ly"));
    let person = subject.is_some_and(|w| {
        clause::OUR_SIDE.contains(w) || matches!(*w, "you" | "they" | "he" | "she")
    });
    if !person {
        return false;
    }
    if *coming != "get" {
        return true;
    }
    let after = &words[k + 2..];
    let to_the_customer = matches!(after.first(), Some(&"you" | &"your"))
        || after.iter().take(4).any(|w| MONEY_PLACES.contains(w));
    !to_the_customer || after.get(1).is_some_and(|w| STRANDED.contains(w))
}

/// Verbs that give something back with "back" right after them when
/// their object was put first ("the late fee we will give back to you").
/// ("Your $40 we will pay back" is money back whatever its object, as
/// [`super::lexicon::phrasal`] reads it.)
const GIVING_BACK: &[&str] = &["give", "send", "put", "hand", "transfer"];

/// What the "back" at `k` gives when the object of its verb was put
/// before the verb's subject: "the late fee we will give back to you" (a
/// fee given back: waived, as "we will give back the late fee" is), "the
/// $40 we will send back to your card", "that amount you'll get back by
/// Friday" (money: refunded). The verb is ours giving, or the customer getting; the noun
/// phrase ends right before that subject. A question we come back to
/// ([`back_to_a_question`]) gives nothing.
pub(super) fn fronted_given_back(words: &[&str], k: usize) -> Option<Commitment> {
    if words[k] != "back" || back_to_a_question(words, k) {
        return None;
    }
    let verb = k.checked_sub(1)?;
    let giving = GIVING_BACK.iter().any(|b| is_form_of(words[verb], b));
    // "you'll get back to us": the customer writing, not receiving.
    let getting = is_form_of(words[verb], "get") && words.get(k + 1) != Some(&"to");
    let subject = words[..verb]
        .iter()
        .rposition(|w| !w.is_empty() && !BEFORE_THE_VERB.contains(w) && !w.ends_with("ly"))?;
    let who = words[subject];
    if !((giving && clause::OUR_SIDE.contains(&who)) || (getting && who == "you")) {
        return None;
    }
    let last = subject.checked_sub(1)?;
    if thing(words[last]).is_none() && outcome_noun(words, last).is_none() {
        return None;
    }
    match subject_before(words, subject)? {
        (_, Some(c @ (Commitment::Refund | Commitment::Credit)), _) => Some(c),
        (_, None, Some(Thing::Money)) => Some(Commitment::Refund),
        (_, None, Some(Thing::Fee)) => Some(Commitment::Waiver),
        _ => None,
    }
}

/// Whether the "back" at `k` places something in the past ("the charge
/// was taken back in February", "was made back in mid-March", "back
/// then"), not money or access coming back ("the money will be back in
/// February" still is).
fn back_in_time(words: &[&str], k: usize) -> bool {
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    // A past tense before it: "was", "were", "had", or a simple past
    // verb ("that charge went through back in June").
    if !words[..k].iter().any(|w| {
        matches!(
            *w,
            "was" | "were" | "had" | "went" | "came" | "did" | "took" | "paid" | "renewed"
        ) || (w.ends_with("ed") && !matches!(*w, "need" | "indeed"))
    }) {
        return false;
    }
    let when = |w: &str| {
        crate::dates::MONTHS
            .iter()
            .any(|m| w.len() >= 3 && m.to_ascii_lowercase().starts_with(w))
            || matches!(
                w,
                "mid" | "early" | "late" | "spring" | "summer" | "autumn" | "fall" | "winter"
            )
    };
    match at(k + 1) {
        "then" | "when" => true,
        "in" | "on" | "at" | "during" | "around" => {
            let next = if at(k + 2) == "the" {
                at(k + 3)
            } else {
                at(k + 2)
            };
            when(next) || next.starts_with(|c: char| c.is_ascii_digit())
        }
        _ => false,
    }
}

/// Words before an outcome's verb that put it ahead of now: "we will
/// refund it", "we can waive it", "to refund it".
const NOT_YET: &[&str] = &[
    "will", "shall", "would", "going", "can", "could", "may", "might", "should", "must", "to",
];

/// Whether word `at` is a subject pronoun, the subject of the verb after
/// it: "we" of "say we've waived". After "have" or "get" a pronoun is
/// their object ("hope to have it waived").
fn own_subject(text: &Text, at: usize) -> bool {
    matches!(
        text.words[at].text.as_str(),
        "we" | "i" | "you" | "they" | "he" | "she" | "it"
    ) && !at.checked_sub(1).is_some_and(|k| {
        matches!(
            text.words[k].text.as_str(),
            "have" | "has" | "had" | "having" | "get" | "got" | "getting"
        )
    })
}

/// Whether the outcome whose verb is word `verb` of `clause` is said as
/// done or being done now: "we've waived the fee", "the fee is
/// cancelled", "I waived it", "we are removing the fee"; not "we will
/// refund it" nor "we can waive it".
pub(super) fn said_done(text: &Text, clause: &Clause, verb: usize) -> bool {
    let Some(word) = text.words.get(verb).map(|w| w.text.as_str()) else {
        return false;
    };
    // The few words before the verb: a label's title before them ("There's
    // nothing you need to do: the fee is waived") is not its tense, nor
    // is a reporting verb's before the verb's own subject ("I'm pleased
    // to say we've waived it", "I can confirm it's waived").
    let from = clause.from.max(verb.saturating_sub(4));
    let from = (from..verb)
        .rev()
        .find(|&at| own_subject(text, at))
        .unwrap_or(from);
    let before: Vec<&str> = text.words[from..verb.max(from)]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    // "If we were able to waive it, we would": a condition's past is
    // what is supposed, not what was done.
    if achieved(&before) {
        return clause.opener != Some(clause::Opener::Condition);
    }
    if before.iter().any(|w| NOT_YET.contains(w)) {
        return false;
    }
    // "Outcome: full fee waiver", "Result: refund of £40.00": the state the
    // case reached; "Decision: full refund" is a decision, as "approved"
    // is, whose doing is still ahead.
    if let Some(key) = decision_key(text, verb) {
        return key != "decision";
    }
    // "Your refund is approved": a decision, whose doing is still ahead.
    let decided = base_of(
        word,
        &[
            "approve",
            "authorise",
            "authorize",
            "accept",
            "agree",
            "grant",
        ],
    )
    .is_some();
    let past = !decided && (word.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&word));
    let progressive = word.ends_with("ing")
        && before
            .last()
            .is_some_and(|w| matches!(*w, "am" | "is" | "are"));
    past || progressive
}

/// Whether the words before an infinitive say it was achieved: "I've
/// been able to waive the fee", "we were able to remove it", "I managed
/// to cancel it" tell the outcome done, as "I've waived it" does. An
/// ability still ahead or only held ("we'll be able to waive it", "we
/// may be able to", "we are able to") tells nothing done.
fn achieved(before: &[&str]) -> bool {
    match before {
        [.., past, "able", "to"] => matches!(*past, "been" | "was" | "were"),
        [.., "managed", "to"] => true,
        _ => false,
    }
}

/// Whether an outcome said by denying its opposite at word `verb` of
/// `clause` is a state that holds now: "the fee no longer applies", "you
/// don't owe the late fee", "the fee does not apply any more". The state
/// the outcome brings about, in the present, is the outcome done; "the
/// fee won't apply" and "you won't be charged" are still ahead.
pub(super) fn denied_now(text: &Text, clause: &Clause, verb: usize) -> bool {
    let Some(word) = text.words.get(verb).map(|w| w.text.as_str()) else {
        return false;
    };
    let from = clause.from.max(verb.saturating_sub(4));
    let ahead = text.words[from..verb]
        .iter()
        .any(|w| NOT_YET.contains(&w.text.as_str()) || w.text == "need");
    let past = word.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&word);
    !ahead && !past && !word.ends_with("ing")
}

/// Words that state a request settled in the customer's favour, or an
/// outcome "it" stands for as given: "your refund request has been
/// approved", "it has been processed". A request "submitted", "raised" or
/// "sent" has been passed on, which gives nothing.
const SETTLED: &[&str] = &[
    "approved",
    "granted",
    "honoured",
    "honored",
    "accepted",
    "processed",
    "completed",
    "complete",
    "done",
    "actioned",
    "authorised",
    "authorized",
    "issued",
    "released",
];

/// Frame 3: the state at `k` and the outcome it gives its subject;
/// `stands_for`: the outcome a pronoun subject stands for ("It has been
/// approved").
pub(super) fn stated_outcome(
    words: &[&str],
    k: usize,
    lx: Lex,
    stands_for: &dyn Fn() -> Option<Commitment>,
) -> Option<Commitment> {
    use Commitment::*;
    let w = words[k];
    let done = DONE.contains(&w);
    // "we'll come back to it": "come" and its "back" are ours coming back.
    let coming_back = match words.get(k + 1) {
        Some(&"back") => back_to_a_question(words, k + 1),
        _ => w == "back" && back_to_a_question(words, k),
    };
    let arriving = lx.arriving && !coming_back && !(w == "back" && back_in_time(words, k));
    let naming = lx.family.filter(|_| w.ends_with("ed") || w == "repaid");
    let gone = w == "gone";
    let happens = happening(words, k);
    if !(done || arriving || naming.is_some() || gone || happens) {
        return None;
    }
    // "the charges for the cancelled plan", "a waived fee": a participle
    // after a determiner describes the noun after it; it states nothing.
    let article = k > 0
        && matches!(
            words[k - 1],
            "a" | "an" | "the" | "your" | "our" | "my" | "their" | "his" | "her"
        );
    if article && w.ends_with("ed") && words.get(k + 1).is_some_and(|n| !PREPOSITIONS.contains(n)) {
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
    // "a refund will follow"; not "we will follow up" nor "as follows".
    if is_form_of(w, "follow")
        && (words.get(k + 1) == Some(&"up") || k.checked_sub(1).is_some_and(|p| words[p] == "as"))
    {
        return None;
    }
    // A state word of a request or an outcome ("processed", "approved")
    // keeps its outcome noun as its subject ("the refund for your order
    // processed today"); a verb of an outcome may describe another noun.
    if naming.is_some() && describes_noun_before(words, k) {
        return None;
    }
    let (s, noun, object) = subject_before(words, k)?;
    // "since you had cancelled it before it renewed": the customer as the
    // subject of an active verb is their own deed; "you have been
    // refunded" is an outcome given to them.
    if naming.is_some() && object == Some(Thing::Customer) && !passive_before(words, k) {
        return None;
    }
    let settled = SETTLED.contains(&w);
    let a_request = noun == Some(Grant);
    // "Your request for a refund has been approved", "your refund request
    // is granted", "your request to delete your data is granted": what is
    // requested is what is given. A request passed on ("your request for
    // a refund has been submitted to our supervisor") is given nothing.
    let noun = match (noun, object) {
        (Some(Grant), _) if done && !settled => return None,
        (Some(Grant), _) => requested_outcome(words, s, k).or(noun),
        // "It has been approved": what "it" stands for.
        (None, Some(Thing::Case)) if pronoun(words[s]) && stands_alone(words, s) && settled => {
            stands_for()
        }
        (other, _) => other,
    };
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
    // "the erasure goes ahead", "the deletion will take place": the
    // outcome named happens. A request going ahead ("before the refund
    // request can move forward") is handled, not granted.
    if happens {
        return noun.filter(|c| !a_request && !matches!(c, Grant | Deadline));
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
            // "€91.00 is on its way", "your money is on its way to your
            // card": a sum or the money itself on its way is money back; a
            // charge or a payment on its way is no refund.
            (_, Some(Thing::Money))
                if w == "way"
                    && (crate::text::number_value(words[s]).is_some()
                        || matches!(words[s], "money" | "funds")) =>
            {
                Some(Refund)
            }
            (_, Some(Thing::Access)) if w == "back" => Some(AccessRestored),
            _ => None,
        };
    }
    match noun? {
        // "your request is done", "your request is as good as done"; not
        // "that's done" of what the customer is asked to do, whatever
        // request was named before it.
        Grant => (matches!(
            w,
            "approved" | "granted" | "honoured" | "honored" | "accepted"
        ) || (w == "done" && !pronoun(words[s])))
        .then_some(Grant),
        Exception => matches!(w, "approved" | "granted" | "made").then_some(Exception),
        Deadline => None,
        c => Some(c),
    }
}

/// Whether the word at `k` ends a verb of an event happening, said of
/// its subject: "goes ahead", "will go forward", "proceeds", "will
/// happen", "takes place", "will be carried out". Going on "to" someone
/// ("your request will proceed to our privacy officer") is passing it on.
fn happening(words: &[&str], k: usize) -> bool {
    let w = words[k];
    let after = |bases: &[&str]| k > 0 && bases.iter().any(|b| is_form_of(words[k - 1], b));
    let happens = match w {
        "ahead" | "forward" => after(&["go", "move"]),
        "place" => after(&["take"]),
        "out" => after(&["carry"]),
        _ => base_of(w, &["proceed", "happen", "occur"]).is_some(),
    };
    happens && words.get(k + 1) != Some(&"to")
}

/// Whether word `k` of `clause` (local) opens what a label's colon labels,
/// after adverbs only: "Decision: refunded in full", "2. Waived: the
/// £42.00 late fee".
fn opens_label_value(text: &Text, clause: &Clause, k: usize) -> bool {
    let words = clause.texts(text);
    (clause.from + 1..=clause.from + k).rev().any(|i| {
        clause::labels(text.gap(i))
            && words[i - clause.from..k]
                .iter()
                .all(|w| STATE_ADVERBS.contains(w))
    })
}

/// Frame 3 for a state with no subject that a label's colon labels:
/// "Decision: refunded in full as a goodwill refund", "Status: waived".
/// The label says what the line is about; the participle names the
/// outcome, for the verbs that need no object to name one (money back, a
/// credit, a fee waived).
pub(super) fn label_state(text: &Text, clause: &Clause, k: usize, lx: Lex) -> Option<Commitment> {
    let w = clause.texts(text)[k];
    let family = lx.family.filter(|_| w.ends_with("ed") || w == "repaid")?;
    if !matches!(family, Verb::Refund | Verb::Credit | Verb::Waive) {
        return None;
    }
    opens_label_value(text, clause, k).then(|| outcome_of(family, None))?
}

/// Frame 3 for an outcome named by a label whose value is its amount:
/// "- **Refund:** $282.00 for the 6 unused months", "Credit: £20.00 on
/// your next invoice". The label, opening its line, is the outcome noun
/// alone (after "your", "the", "full", "partial"); its value opens with a
/// sum. "Refund requested: $282.00", "Refund policy: 30 days", "Late fee:
/// £42.00" (no outcome named) and "Refund: not possible" (no sum) state
/// none (play-para-st6, B6).
pub(super) fn labelled_amount(
    text: &Text,
    clause: &Clause,
    words: &[&str],
    k: usize,
) -> Option<Commitment> {
    let outcome = outcome_noun(words, k).filter(|c| {
        matches!(
            c,
            Commitment::Refund | Commitment::Credit | Commitment::Waiver
        )
    })?;
    // The value's first word, in the clause or (after a currency sign the
    // label's colon does not join over) the next one.
    let i = clause.from + k + 1;
    let gap = text.gap(i);
    let colon = !gap.contains('\n')
        && gap.trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, '*' | '_' | '`' | '$' | '£' | '€')
        }) == ":";
    if i >= text.len() || !colon {
        return None;
    }
    let lead = words[..k]
        .iter()
        .all(|w| matches!(*w, "your" | "the" | "full" | "partial" | "a" | "total"));
    let line_start = {
        let before = &text.source[..text.words[clause.from].start];
        let line = before.rsplit('\n').next().unwrap_or("");
        line.chars()
            .all(|c| c.is_whitespace() || c.is_ascii_digit() || "-*#.)_`".contains(c))
    };
    let value = text.words[i].text.as_str();
    let sum = crate::text::number_value(value).is_some()
        || matches!(value, "ca" | "us" | "cad" | "usd" | "eur" | "gbp");
    // "Refund: $282.00 if our billing supervisor approves it": a value
    // under a condition states nothing.
    let conditional = text.words[i..]
        .iter()
        .take_while(|w| w.sentence == text.words[i].sentence)
        .any(|w| {
            matches!(
                w.text.as_str(),
                "if" | "unless"
                    | "provided"
                    | "providing"
                    | "assuming"
                    | "whether"
                    | "pending"
                    | "subject"
            )
        });
    (lead && line_start && sum && !conditional).then_some(outcome)
}

/// Words that may stand before the outcome noun in a decided value: a
/// determiner, its extent, what it is of ("a full refund", "late fee
/// waiver", "one-off goodwill account credit").
const DECIDED_MODIFIERS: &[&str] = &[
    "a", "an", "the", "your", "full", "partial", "complete", "total", "one", "off", "goodwill",
    "prorated", "pro", "rata", "ca", "us", "au", "usd", "cad", "eur", "gbp", "aud",
];

/// Words after the outcome noun of a decided value that decline, defer,
/// hedge or ask instead of granting ("Refund pending approval", "Refund
/// request under review", "full refund or credit", "refund (to be
/// confirmed)").
const UNDECIDED: &[&str] = &[
    "not", "no", "never", "none", "nor", "or", "either", "instead", "if", "unless", "whether",
    "pending", "subject", "possible", "possibly", "maybe", "perhaps", "likely", "request",
    "requests", "review", "tbc", "tbd", "be", "awaiting", "later", "under", "may", "might",
    "could", "would", "will", "can", "cannot", "should", "once", "until",
];

/// Frame 3 for an outcome noun phrase that is the value of a key naming
/// the decision: "Outcome: Full refund", "| Decision | Late fee waiver
/// (CA$66.00) |", "Result: account credit of $20.00" grant the outcome
/// (play-para-st17, B2). See [`decision_key`].
pub(super) fn decided_outcome(
    text: &Text,
    clause: &Clause,
    words: &[&str],
    k: usize,
) -> Option<Commitment> {
    let outcome = granted_noun(words, k)?;
    decision_key(text, clause.from + k).map(|_| outcome)
}

/// The outcome a noun at `k` names that a decision or a report grants:
/// money returned, a credit, a fee waived or data deleted ("full refund",
/// "late fee waiver", "deletion of your data").
fn granted_noun(words: &[&str], k: usize) -> Option<Commitment> {
    outcome_noun(words, k).filter(|c| {
        matches!(
            c,
            Commitment::Refund | Commitment::Credit | Commitment::Waiver | Commitment::Deletion
        )
    })
}

/// The key whose value the outcome noun at word `at` heads, when that key
/// names the decision ("outcome", "decision", "result", "resolution"),
/// opens its line and gives nothing else, and the value is the noun phrase
/// alone (determiners, its extent, what it is of, its amount and what it is
/// for) to the end of the line. A value with a word that declines, defers
/// or hedges ("Refund declined", "Refund pending approval", "possible
/// refund", "no refund"), a question, or a key that names what was asked
/// ("Requested outcome") is no decision.
fn decision_key(text: &Text, at: usize) -> Option<&'static str> {
    let line_from = (0..=at)
        .rev()
        .find(|&j| j == 0 || text.gap(j).contains('\n'))?;
    let value_from = (line_from + 1..=at)
        .rev()
        .find(|&i| clause::labels(text.gap(i)))?;
    let line_to = line_end(text, at);
    let texts = |from: usize, to: usize| text.words[from..to].iter().map(|w| w.text.as_str());
    let line: Vec<&str> = texts(line_from, line_to).collect();
    outcome_noun(&line, at - line_from)?;
    let key: Vec<&str> = texts(line_from, value_from).collect();
    let (last, rest) = key.split_last()?;
    let named = clause::DECISION_KEYS.iter().find(|k| *k == last)?;
    let key_alone = rest.iter().all(|w| {
        clause::DECISION_KEY_MODIFIERS.contains(w) || crate::text::number_value(w).is_some()
    });
    (key_alone && decided_value(text, value_from, at)).then_some(*named)
}

/// The first word after the line holding word `at` (or the text's end).
fn line_end(text: &Text, at: usize) -> usize {
    (at + 1..text.len())
        .find(|&j| text.gap(j).contains('\n'))
        .unwrap_or(text.len())
}

/// Whether the words from `from` to the end of the line holding the
/// outcome noun at `at` are that noun's phrase alone, settled: before it
/// only determiners, its extent and what it is of ([`DECIDED_MODIFIERS`],
/// sums, fees); after it nothing that declines, defers, hedges or tells
/// another verb ([`UNDECIDED`], a participle); no question.
fn decided_value(text: &Text, from: usize, at: usize) -> bool {
    let texts = |from: usize, to: usize| text.words[from..to].iter().map(|w| w.text.as_str());
    let modifiers = texts(from, at).all(|w| {
        DECIDED_MODIFIERS.contains(&w)
            || crate::text::number_value(w).is_some()
            || matches!(thing(w), Some(Thing::Fee | Thing::Money | Thing::Account))
    });
    let settled = texts(at + 1, line_end(text, at)).all(|w| {
        !UNDECIDED.contains(&w) && !w.ends_with("ed") && !w.ends_with("ing") && !w.ends_with("n't")
    });
    let asked = clause::question_sentences(text).contains(&text.words[at].sentence);
    modifiers && settled && !asked
}

/// Nouns of an action that make an outcome of what they are done to, as
/// their verbs do: "removal of the late fee" (waived), "reversal of the
/// charge" (refunded), "cancellation of the late fee".
const ACTION_NOUNS: &[(&str, Verb)] = &[
    ("removal", Verb::Remove),
    ("reversal", Verb::Remove),
    ("cancellation", Verb::Remove),
    ("return", Verb::Return),
];

/// The outcome an action noun at `k` of `words` names: an outcome noun
/// ("refund", "credit", "waiver", "deletion"), or an action noun with what
/// it is done to after "of" ("removal of the late fee", "reversal of the
/// duplicate charge"); "cancellation of your add-on" names none.
fn action_outcome(words: &[&str], k: usize) -> Option<Commitment> {
    granted_noun(words, k).or_else(|| {
        let (_, family) = ACTION_NOUNS.iter().find(|(noun, _)| *noun == words[k])?;
        if words.get(k + 1) != Some(&"of") {
            return None;
        }
        let object = object_after(words, k + 1).map(|(_, t)| t);
        outcome_of(*family, object)
    })
}

/// Frame 3 for an item under a lead-in that reports what we did or
/// decided ([`clause::LeadKind::Report`]): "Action taken:\n- Full refund of
/// $377.00 to your card, today", "What we've done:\n- Removal of the late
/// fee on INV-44503", "Resolution:\n- Reversal of the duplicate charge". An
/// action named by its noun, as the item's whole noun phrase
/// ([`decided_value`]), is that action, done when the lead-in says done.
/// Under "Options:" or "You could ask for:" an item names what may be
/// done, and under "Not possible:" what will not: no lead-in reports them.
pub(super) fn reported_outcome(
    text: &Text,
    clause: &Clause,
    words: &[&str],
    k: usize,
) -> Option<(Commitment, bool)> {
    let clause::LeadKind::Report { done } = clause.led?.kind else {
        return None;
    };
    let outcome = action_outcome(words, k)?;
    decided_value(text, clause.from, clause.from + k).then_some((outcome, done))
}
