//! What leaves or turns an outcome a frame found, read by
//! [`super::read`] around it: a genuine condition ("if our supervisor
//! approves it"), a degree complement ("too old for the desk to refund"),
//! an option weighed and set aside, the account's record ("no waiver in
//! the last six months"), a declined part beside the part given, a money
//! outcome named again, and access regained in the customer's own time.

use crate::support_triage::reply::clause::{self, Clause, Occurrences, Opener};
use crate::support_triage::reply::nouns::{Thing, outcome_noun, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, base_of, negated};

use super::lexicon::{NOT_IN_AN_OBJECT, outcome_verb};
use super::scan::Found;

/// How many words may stand between "too" and the "to" of its complement:
/// "too | bound up with the claim for the desk | to refund".
const TOO_TO_REACH: usize = 10;

/// How many words may stand between the complement's "to" and the outcome
/// verb: "to | be able to | refund", "to | credit or | refund".
const TO_TO_VERB: usize = 4;

/// Words that end a degree phrase before they reach its "to": a finite
/// verb, a subject of a clause of its own, a conjunction. "It is too old,
/// and we will refund it" has no complement.
const DEGREE_BREAKS: &[&str] = &[
    "we", "i", "they", "he", "she", "will", "would", "can", "could", "shall", "should", "may",
    "might", "must", "is", "are", "was", "were", "am", "has", "have", "had", "does", "did", "and",
    "but", "so", "because", "although", "though", "which", "who", "if", "unless", "when", "while",
    "than", "too",
];

/// The "too" of a degree complement whose verb is word `verb`: "too old for
/// the desk to refund", "too old for us to refund", "too old to be refunded
/// by the desk", "too bound up with the claim for the desk to refund", "too
/// old for the desk to credit or refund". Such a "too" says the outcome
/// cannot happen (play-st25, B1). A "too" with no degree word after it ("I
/// will refund it too, to be fair"), and "only too" and "all too" ("only too
/// happy to refund it", which is eager, not unable) are no such degree.
pub(super) fn too_to(text: &Text, clause: &Clause, verb: usize) -> Option<usize> {
    let w = |i: usize| text.words[i].text.as_str();
    let sentence = text.words.get(verb)?.sentence;
    let same = |i: usize| i >= clause.from && text.words[i].sentence == sentence;
    // Back from the verb to the "to" of the complement, over a passive
    // "be", an ability ("to be able to") and coordinated outcome verbs.
    let to = (verb.saturating_sub(TO_TO_VERB)..verb).rev().find(|&i| {
        same(i)
            && w(i) == "to"
            && (i + 1..verb).all(|k| {
                matches!(w(k), "be" | "able" | "to" | "or" | "and" | "either") || outcome_verb(w(k))
            })
    })?;
    let too = (to.saturating_sub(TOO_TO_REACH)..to)
        .rev()
        .take_while(|&i| same(i))
        .find(|&i| w(i) == "too" || DEGREE_BREAKS.contains(&w(i)) || w(i).contains('\''))
        .filter(|&i| w(i) == "too")?;
    let degree_word = too + 1 < to && !matches!(w(too + 1), "for" | "to");
    let eager = too > 0 && matches!(w(too - 1), "only" | "all");
    (degree_word && !eager).then_some(too)
}

/// Whether the degree at "too" is itself denied: "not too old", "isn't too
/// late", "never too old".
pub(super) fn degree_denied(text: &Text, too: usize) -> bool {
    crate::text::negation::negator_before(text, too).is_some()
}

/// Whether a negation between "too" and word `at` reaches `at`: "too
/// important for us not to refund".
pub(super) fn negated_after_too(text: &Text, too: usize, at: usize) -> bool {
    crate::text::negation::negator_before(text, at).is_some_and(|n| n > too)
}

/// Past verbs of weighing an option, and the word each needs after it
/// ("looked at", "thought about"; "" for none).
const WEIGHED: &[(&str, &[&str])] = &[
    ("looked", &["at", "into"]),
    ("thought", &["about", "of"]),
    ("considered", &[]),
    ("explored", &[]),
    ("weighed", &[]),
    ("discussed", &[]),
    ("debated", &[]),
    ("contemplated", &[]),
    ("entertained", &[]),
];

/// How many words an option may stand after the verb that weighed it
/// ("looked at | offering a goodwill credit").
const WEIGHED_REACH: usize = 7;

/// Whether the outcome at word `at` of clause `clause` is an option we
/// weighed and set aside: the object of a past verb of weighing ("we also
/// looked at offering a goodwill credit instead", "we considered a
/// refund") in a sentence that turns from it ("..., but removing the fee
/// itself is the simpler fix", "... instead", "we decided against it")
/// (play-para-st8, B3). Weighed with no turn ("we looked at offering a
/// credit, and have added £20") it is left to the other readers.
pub(super) fn considered_and_set_aside(
    text: &Text,
    clauses: &[Clause],
    clause: usize,
    at: usize,
) -> bool {
    let this = &clauses[clause];
    let w = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    let weighed = (this.from..at).rev().take(WEIGHED_REACH).any(|i| {
        WEIGHED
            .iter()
            .any(|(verb, needs)| w(i) == *verb && (needs.is_empty() || needs.contains(&w(i + 1))))
            && !negated(text, i, i + 1)
    });
    if !weighed {
        return false;
    }
    // A turn later in the sentence, or opening the next one ("We looked
    // at a credit. But ...").
    let turn = |i: usize| {
        matches!(
            w(i),
            "but" | "however" | "although" | "though" | "instead" | "rather" | "against"
        )
    };
    let end = (at..text.len())
        .find(|&i| text.words[i].sentence != this.sentence)
        .unwrap_or(text.len());
    (at..end).any(turn) || (end < text.len() && turn(end))
}

/// Nouns of a stretch of time an account's record is counted over ("in the
/// last six months", "within the previous 12 months", "over the last
/// year").
const RECORD_SPANS: &[&str] = &[
    "month", "months", "year", "years", "week", "weeks", "day", "days", "quarter", "quarters",
];

/// Words of our ability or intent before a declined outcome: "we can't
/// waive a fee in the last week of the term" refuses; what the account
/// had in a stretch before now is its record.
const ABILITY_OR_INTENT: &[&str] = &[
    "can", "cannot", "could", "will", "would", "shall", "able", "going", "allowed", "may", "unable",
];

/// Whether the negated outcome at word `at` of `clause` is the account's
/// record over a stretch before now: "you have had no waiver in the last
/// six months", "your account hasn't received a goodwill refund within the
/// previous 12 months" (play-para-st8, B1). That is the policy's own
/// condition told as met, not a refusal; with our ability or intent before
/// it ("we can't offer a waiver in the last month of the term", "we won't
/// refund anything in the past year") it still declines.
pub(super) fn recent_record(text: &Text, clause: &Clause, at: usize) -> bool {
    let w = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    let intent = (clause.from..at).any(|i| ABILITY_OR_INTENT.contains(&w(i)));
    !intent
        && (at + 1..clause.to).any(|i| {
            matches!(w(i), "in" | "within" | "over" | "during" | "for")
                && w(i + 1) == "the"
                && matches!(w(i + 2), "last" | "past" | "previous" | "preceding")
                && (RECORD_SPANS.contains(&w(i + 3))
                    || ((crate::text::number_value(w(i + 3)).is_some()
                        || crate::text::numbers::number_word(w(i + 3)).is_some())
                        && RECORD_SPANS.contains(&w(i + 4))))
        })
}

/// Words after a declined outcome's verb that make its object a part of
/// the outcome ("the rest", "those six months", "the other $390"), and how
/// far after the verb they are looked for.
pub(super) const PARTS: &[&str] = &[
    "rest",
    "remaining",
    "remainder",
    "other",
    "those",
    "used",
    "part",
    "portion",
];

pub(super) const PART_REACH: usize = 4;

/// Words that make a declined outcome's object the whole of it: "a full
/// refund", "the whole €156", "the entire amount", "all of it", "in full".
const WHOLE: &[&str] = &["full", "whole", "entire", "complete", "all"];

/// Whether the outcome found at `at` (its words) in `clause` is declined as
/// a whole: a [`WHOLE`] word in the noun phrase its word closes ("a full
/// refund isn't possible", "we can't give the whole €156 back") or in its
/// object after the verb ("we can't refund the full €792.00", "a refund of
/// the full year", "we can't refund all of it", "we can't refund it in
/// full"). Saying so declines the whole, not the part a pro-rated refund
/// gives, which the grader weighs by the outcome the case needs
/// (`Reading::declined_whole`).
pub(super) fn whole_object(text: &Text, clause: &Clause, at: &[usize; 2]) -> bool {
    let w = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    let whole = |i: usize| whole_at(w(i), i.checked_sub(1).map_or("", w));
    let before = (clause.from.max(at[0].saturating_sub(PART_REACH))..at[0])
        .rev()
        .take_while(|&i| {
            !NOT_IN_AN_OBJECT.contains(&w(i))
                && !matches!(w(i), "not" | "no" | "never" | "unable" | "cannot")
        })
        .any(whole);
    let after = (at[0] + 1..clause.to)
        .take(WHOLE_REACH)
        .take_while(|&i| !OBJECT_ENDS.contains(&w(i)))
        .any(whole);
    before || after
}

/// How far after an outcome's word its object may say it is the whole: a
/// sum of its own words before "in full" ("refund the CA$ 672.00 in
/// full").
const WHOLE_REACH: usize = 6;

/// Whether the noun phrase `words` (a predicate's subject) is said of the
/// whole: "a full refund", "refunding the whole year", "a refund of the
/// entire charge".
pub(super) fn names_the_whole(words: &[&str]) -> bool {
    (0..words.len()).any(|i| whole_at(words[i], i.checked_sub(1).map_or("", |p| words[p])))
}

/// Whether `word`, after `previous`, makes what it modifies the whole:
/// a [`WHOLE`] word, but not "at all" or "after all", which stress a
/// refusal rather than scope it.
fn whole_at(word: &str, previous: &str) -> bool {
    WHOLE.contains(&word) && !matches!(previous, "at" | "after")
}

/// Words that end an outcome's object with a reason or a time after it:
/// "we can't refund it since the full year has passed" declines it all.
const OBJECT_ENDS: &[&str] = &[
    "since",
    "as",
    "because",
    "given",
    "after",
    "when",
    "considering",
];

/// Nouns of a stretch of the plan's term, and words that say it has been
/// used or has begun.
const PERIODS: &[&str] = &[
    "month", "months", "week", "weeks", "day", "days", "quarter", "quarters", "half", "period",
    "term", "time",
];

const USED: &[&str] = &[
    "used", "started", "begun", "began", "elapsed", "passed", "past", "gone", "consumed",
    "already", "underway",
];

/// Whether the declined outcome at word `verb` of `clause` is of a used
/// stretch of the term: "we can't refund the months that have already
/// started", "the six months that have already begun can't be refunded"
/// (its object after it, or its subject before it, a period said to be
/// used or begun). Declining the used part of a pro-rated refund
/// declines nothing of what is given (play-para-st6, B5); "we can't
/// refund your plan" still declines.
pub(super) fn used_period(text: &Text, clause: &Clause, verb: usize) -> bool {
    let word = |i: usize| text.words[i].text.as_str();
    // The object ends at a reason or a time after it ("we can't refund
    // it since the 30-day period has passed" declines it all).
    let reason = |i: usize| OBJECT_ENDS.contains(&word(i));
    let end = (verb + 1..(verb + 1 + USED_REACH).min(clause.to))
        .find(|&i| reason(i))
        .unwrap_or((verb + 1 + USED_REACH).min(clause.to));
    let after = verb + 1..end;
    let start = (clause.from.max(verb.saturating_sub(USED_REACH))..verb)
        .rev()
        .find(|&i| reason(i))
        .map_or(clause.from.max(verb.saturating_sub(USED_REACH)), |i| i + 1);
    let before = start..verb;
    [after, before].into_iter().any(|span| {
        let period = span.clone().find(|&i| PERIODS.contains(&word(i)));
        period.is_some_and(|p| span.clone().any(|i| i != p && USED.contains(&word(i))))
    })
}

const USED_REACH: usize = 8;

/// Whether `found` names again, by a definite noun, a money outcome an
/// earlier clause of its sentence promised: "the $49.50 charge has been
/// taken off, and the credit will show on your account" is one outcome,
/// its entry on the account; "..., and a $20 credit will be added" is a
/// second one.
pub(super) fn restates(
    text: &Text,
    words: &[&str],
    clause: &Clause,
    found: &Found,
    promising: &[u32],
) -> bool {
    let money = matches!(
        found.outcome,
        Commitment::Refund | Commitment::Credit | Commitment::Waiver
    );
    let definite = (clause.from + 1..=found.at[0].min(text.len().saturating_sub(1)))
        .any(|i| words[i - 1] == "the" && outcome_noun(words, i) == Some(found.outcome));
    money && definite && promising.contains(&clause.sentence)
}

/// Whether `found` is access the customer regains in a time of their own
/// ("please write to us from the account email when you have access
/// again", "once you can get back in"): when they can act, not access we
/// restore.
pub(super) fn customers_own_time(text: &Text, clause: &Clause, found: &Found) -> bool {
    if found.outcome != Commitment::AccessRestored {
        return false;
    }
    let opened_by_time = clause.opener == Some(Opener::Once)
        && text.words.get(clause.from).is_some_and(|w| w.text == "you");
    opened_by_time
        || (clause.from..found.at[0]).any(|i| {
            matches!(
                text.words[i].text.as_str(),
                "when" | "until" | "whenever" | "once"
            ) && text.words.get(i + 1).is_some_and(|w| w.text == "you")
        })
}

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
pub(super) fn conditioned(text: &Text, clauses: &[Clause]) -> Vec<bool> {
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
        let leads = leads_its_sentence(text, clauses, at) || open[at - 1];
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
            // "We will, | if our supervisor approves it, | refund you": the
            // verb after an inserted condition is governed by it too.
            let mut next = at + 1;
            while clause::inserted_before(text, clauses, next) == Some(at)
                || (next > at + 1 && next < clauses.len() && clauses[next].continues)
            {
                open[next] = true;
                next += 1;
            }
        }
    }
    // "If our supervisor approves it, we will:\n- refund the fee": the
    // items of a lead-in left open are open.
    for at in 0..clauses.len() {
        if clause::lead_of(clauses, at).is_some_and(|lead| open[lead.by]) {
            open[at] = true;
        }
    }
    open
}

/// Words that put a condition in the past or the subjunctive: "if we
/// were able to", "if it were up to me", "if I could", "if I had the
/// authority", "if policy allowed it".
const UNREAL: &[&str] = &["were", "was", "could", "had", "did"];

/// Words of our ability, our leave or the rules, which a condition in the
/// past or the subjunctive says we lack: "if we were able to", "if I
/// could", "if the policy allowed it", "if I had the authority", "if it
/// were up to me".
const AGENCY: &[&str] = &[
    "could",
    "able",
    "allowed",
    "permitted",
    "authority",
    "authorised",
    "authorized",
    "power",
    "policy",
    "rules",
    "possible",
    "discretion",
];

/// Nouns of a choice that make a condition ours when "my" or "our" owns
/// them: "if it were my decision", "if it was our call".
const CHOICES: &[&str] = &["decision", "call", "choice"];

/// Words that start a predicate after an inverted "were" and its subject:
/// "Were the charge inside the window", "Were the late fee under $50",
/// "Were the charge to reappear" (the future, which may come true).
const PREDICATE_STARTS: &[&str] = &[
    "in", "inside", "within", "under", "over", "on", "up", "above", "below", "outside", "past",
    "to", "not", "still", "less", "more", "lower", "higher", "smaller", "larger",
];

/// Subjects whose "were" is the subjunctive: "if it were", "were I".
const SINGULAR_SUBJECTS: &[&str] = &["i", "it", "he", "she", "this", "that"];

/// How a clause stands to the facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unreal {
    /// What we would do now if we could ("If the policy allowed it, we
    /// would refund the add-on"): we cannot, so the outcome is declined.
    Now,
    /// What we would have done then ("Had you asked within 14 days we
    /// could have refunded it"): declined, unless the reply grants the
    /// outcome now all the same ("..., and I have refunded it anyway").
    Then,
}

/// Which clauses say what would be or would have been under other facts
/// ([`Unreal`]):
/// - a condition contrary to the facts with the clause it governs in
///   "would" or a modal perfect: one of our ability, our leave or the
///   rules in the past or the subjunctive ("If we were able to waive it",
///   "if the policy allowed it", "Were we allowed to"), a subjunctive
///   "were" of a state ("if it were up to me", "Were the charge inside
///   the 30-day window", "if the late fee were under $50") or a
///   pluperfect ("if you had asked", "Had the fee been under the limit");
/// - a modal perfect ("we could have refunded it", "we'd have waived it").
///
/// What we would do if we could is what we cannot: a refusal, not a
/// promise. A condition that may still come true stays real, whatever
/// its tense: one on the customer ("if you were charged twice, we would
/// refund it"), on what turns out ("if it turned out you were charged
/// twice"), on an event to come ("Were the charge to reappear") or in
/// the present ("if you confirm, we will waive it").
pub(super) fn counterfactual(text: &Text, clauses: &[Clause]) -> Vec<Option<Unreal>> {
    let questions = clause::question_sentences(text);
    let mut unreal = vec![None; clauses.len()];
    for (at, clause) in clauses.iter().enumerate() {
        let words = clause.texts(text);
        if crate::text::unreal::modal_perfect(&words).is_some() {
            unreal[at] = Some(Unreal::Then);
        }
        let sentence_start = leads_its_sentence(text, clauses, at);
        // "Were we able to, ...", "Had you asked in time, ...", also after
        // a label ("Re ticket T-5974: were it up to me, ...").
        let after_label = (clause.from + 1..clause.to)
            .rev()
            .find(|&i| clause::labels(text.gap(i)))
            .map_or(0, |i| i - clause.from);
        let statement = &words[after_label..];
        let inverted = (sentence_start || after_label > 0)
            && clause.opener.is_none()
            && matches!(statement.first(), Some(&("were" | "had")))
            && !questions.contains(&clause.sentence);
        let condition = clause.opener == Some(Opener::Condition);
        if !((inverted || condition) && contrary_to_facts(statement, inverted)) {
            continue;
        }
        let leads = sentence_start || inverted;
        let governed: Vec<usize> = if leads {
            (at + 1..clauses.len())
                .take_while(|&n| {
                    clauses[n].sentence == clause.sentence && (n == at + 1 || clauses[n].continues)
                })
                .collect()
        } else {
            at.checked_sub(1)
                .filter(|&p| clauses[p].sentence == clause.sentence)
                .into_iter()
                .collect()
        };
        // "we would refund it", or a modal perfect ("we could have
        // refunded it"); "I could only waive it if it were under $50" is
        // the rule's restriction, not what we would do.
        let unreal_modal = |n: &usize| {
            let said = clauses[*n].texts(text);
            (said.contains(&"would") || crate::text::unreal::modal_perfect(&said).is_some())
                && !said.iter().any(|w| matches!(*w, "will" | "shall"))
        };
        if governed.first().is_some_and(unreal_modal) {
            let then = governed
                .iter()
                .any(|&n| crate::text::unreal::modal_perfect(&clauses[n].texts(text)).is_some());
            let kind = if then { Unreal::Then } else { Unreal::Now };
            for n in std::iter::once(at).chain(governed) {
                unreal[n] = Some(kind);
            }
        }
    }
    unreal
}

/// Whether a condition's `words` (an inverted one's first word its "were"
/// or "had") are contrary to the facts, as [`counterfactual`] reads them.
fn contrary_to_facts(words: &[&str], inverted: bool) -> bool {
    let past = words.iter().enumerate().any(|(i, w)| {
        UNREAL.contains(w)
            || (i > 0 && w.ends_with("ed") && !matches!(words[i - 1], "is" | "are" | "am" | "be"))
    });
    let on_the_customer = words
        .iter()
        .find(|w| !matches!(**w, "only" | "even"))
        .is_some_and(|w| matches!(*w, "you" | "your"));
    let agency = words.iter().enumerate().any(|(i, w)| {
        AGENCY.contains(w)
            || (*w == "up" && words.get(i + 1) == Some(&"to"))
            || (CHOICES.contains(w) && i > 0 && matches!(words[i - 1], "my" | "our"))
    });
    let ours_lacking = past && agency && !on_the_customer;
    // "if you had asked", "Had the fee been under the limit": "had" and a
    // participle within reach; "if I had the authority" is possession.
    let pluperfect = words.iter().enumerate().any(|(i, w)| {
        *w == "had"
            && words[i + 1..]
                .iter()
                .take(PLUPERFECT_REACH)
                .any(|p| crate::text::unreal::is_participle(p))
    });
    ours_lacking || pluperfect || subjunctive_state(words, inverted)
}

/// How far after "had" its participle may stand: "Had | the late fee |
/// been", "if you | had | only asked".
const PLUPERFECT_REACH: usize = 4;

/// Whether `words` hold a subjunctive "were" of a state: a singular
/// subject ("if it were up to me", "if the late fee were under $50",
/// "Were the charge inside the 30-day window") and a predicate that is no
/// passive ("if it were charged twice" reports an event) and no "to" of
/// an event to come ("Were the charge to reappear").
fn subjunctive_state(words: &[&str], inverted: bool) -> bool {
    let Some(were) = words.iter().position(|w| *w == "were") else {
        return false;
    };
    let (subject_head, predicate) = if inverted && were == 0 {
        let rest = &words[1..];
        let start = if rest.first().is_some_and(|w| clause::SUBJECTS.contains(w)) {
            1
        } else {
            rest.iter()
                .position(|w| {
                    PREDICATE_STARTS.contains(w) || crate::text::number_value(w).is_some()
                })
                .filter(|&p| p > 1)
                .unwrap_or(2.min(rest.len()))
        };
        (
            start.checked_sub(1).and_then(|h| rest.get(h)),
            rest.get(start),
        )
    } else {
        (
            were.checked_sub(1).and_then(|h| words.get(h)),
            words.get(were + 1),
        )
    };
    let singular = subject_head.is_some_and(|s| {
        SINGULAR_SUBJECTS.contains(s)
            || (!clause::SUBJECTS.contains(s)
                && *s != "there"
                && !s.ends_with('s')
                && !crate::text::unreal::is_participle(s))
    });
    let state = predicate
        .is_some_and(|p| !matches!(*p, "to" | "being") && !crate::text::unreal::is_participle(p));
    singular && state
}

/// Whether clause `at` opens its sentence, or what stands before it in
/// the sentence is a label ("Hi Bilal, re ticket T-5974: if the policy
/// allowed it, we would ..."): a condition there governs what follows it.
fn leads_its_sentence(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let clause = &clauses[at];
    let first_word = if clause.opener.is_some() {
        clause.from.saturating_sub(1)
    } else {
        clause.from
    };
    at == 0
        || clauses[at - 1].sentence != clause.sentence
        || (first_word > 0 && text.gap(first_word).contains(':'))
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
                .find(|s| clause::SUBJECTS.contains(s) || clause::OUR_SIDE.contains(s));
            subject != Some(&"you")
        }
    })
}

/// Whether the fee a waiver found in clause `at` waives is one still to
/// come, beyond the fee at hand: "We'll also waive any future late fees",
/// "late fees going forward will be waived", "Next time a late fee
/// appears, we'll waive it as well", "if it ever happens again, we'll
/// waive that one too". The words that say so are in the waiver's own
/// clause or in a clause of time or condition before it in its sentence.
/// Waiving fees not yet charged is a standing discount on what the account
/// will owe (policy section 5: a resolved case promises no other outcome),
/// while "this one-off waiver", "it won't appear on your next invoice" and
/// "future fees will apply as normal" say nothing of one.
pub(super) fn future_fees(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let clause = &clauses[at];
    later_fee(&clause.texts(text), false)
        || (0..at)
            .rev()
            .take_while(|&b| clauses[b].sentence == clause.sentence)
            .any(|b| later_fee(&clauses[b].texts(text), true))
}

/// Whether `before` ends "in" or "in the", so that "future" after it is
/// the time from now on ("in future", "in the future"), not what
/// something is for ("just so you know for the future").
fn in_future(before: &[&str]) -> bool {
    matches!(before, [.., "in"] | [.., "in", "the"])
}

/// Whether `words` put a fee after the one at hand: a fee called future,
/// next or subsequent ("any future late fees", "the next one"), or a time
/// from now on ("going forward", "from now on", "in future" closing the
/// clause, "next time", "whenever"). In a clause before the waiver's
/// (`heading`), its happening again does too ("if it ever happens again").
fn later_fee(words: &[&str], heading: bool) -> bool {
    let fee_within = |i: usize, reach: usize| {
        words[i + 1..(i + 1 + reach).min(words.len())]
            .iter()
            .any(|w| thing(w) == Some(Thing::Fee))
    };
    let again = heading
        && words.contains(&"again")
        && words
            .iter()
            .any(|w| *w == "ever" || base_of(w, &["happen", "occur"]).is_some());
    again
        || words.iter().enumerate().any(|(i, w)| {
            let next = words.get(i + 1).copied();
            match *w {
                "future" => fee_within(i, 2) || (next.is_none() && in_future(&words[..i])),
                "next" | "subsequent" => matches!(next, Some("time" | "one")) || fee_within(i, 2),
                "forward" => i > 0 && words[i - 1] == "going",
                "now" => i > 0 && words[i - 1] == "from" && next == Some("on"),
                "henceforth" | "hereafter" | "whenever" => true,
                _ => false,
            }
        })
}
