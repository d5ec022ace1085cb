//! How sure a promise is ([`Certainty`]): firm ("will", "have done"),
//! leaning ("probably", "try to", "should be"), open ("may", "might") or a
//! rule, not this customer's outcome (a habit, what someone may do, a
//! limit on what we may do, another instance in the account's past, the
//! written policy reported or quoted).

use crate::support_triage::reply::clause::{self, Clause, Opener, has_subject};
use crate::text::{Text, base_of, negated};

use super::phrases::perceived_from;

/// How sure a promise is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Certainty {
    Firm,
    Leaning,
    /// Only expected ("it should be waived"): leaning, unless the reply
    /// promises the outcome firmly elsewhere, when it is that outcome's
    /// arrival ("I've reversed the charge; the money should be back on
    /// your card within 5-10 days").
    Expected,
    /// May or may not happen: no promise.
    Open,
    /// A habit or a rule, not this customer's outcome.
    Generic,
}

pub(super) const OPEN: &[&str] = &[
    "may",
    "might",
    "could",
    "maybe",
    "perhaps",
    "possibly",
    "potentially",
];

/// Words of what someone is able or allowed to do.
const ABILITY: &[&str] = &[
    "can",
    "able",
    "allowed",
    "permitted",
    "authorised",
    "authorized",
    "entitled",
];

/// Words after "only" that restrict a rule to a kind or an amount: "can
/// still be given as goodwill, but only for invoices up to $200.00".
const ONLY_OF_A_KIND: &[&str] = &["for", "up", "under", "below", "on", "to"];

/// Verbs of a rule permitting someone to act: "our rules let the desk
/// refund ...", "the policy allows us to waive ...".
const PERMITTING: &[&str] = &["let", "lets", "allow", "allows", "permit", "permits"];

pub(super) const LEANING: &[&str] = &["probably", "likely", "hopefully", "ideally"];

const LEANING_VERBS: &[&str] = &["try", "attempt", "aim", "hope", "intend", "seek", "want"];

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
pub(super) fn certainty(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> Certainty {
    let own = clauses[clause].texts(text);
    let local = at - clauses[clause].from;
    // "I can see a refund was given": the ability is our seeing's; the
    // fact reported is read from where it starts.
    let perceived = perceived_from(&own).filter(|&f| f <= local).unwrap_or(0);
    let mut spans = vec![(clauses[clause].from + perceived, at)];
    // "We might:\n- refund the fee, and credit your account": the modal
    // of the clause that gives the subject, however many clauses without
    // one stand between.
    let mut current = clause;
    while !has_subject(&own[..local])
        && let Some(previous) = clause::continued_across(text, clauses, current)
    {
        spans.push((clauses[previous].from, clauses[previous].to));
        if has_subject(&clauses[previous].texts(text)) {
            break;
        }
        current = previous;
    }
    let words: Vec<&str> = spans
        .iter()
        .flat_map(|(from, to)| text.words[*from..*to].iter().map(|w| w.text.as_str()))
        .collect();
    // "It may well be waived" leans towards the outcome, as "probably"
    // does; "may" alone leaves it open.
    let may_well = |i: usize| words[i] == "may" && words.get(i + 1) == Some(&"well");
    if words
        .iter()
        .enumerate()
        .any(|(i, w)| OPEN.contains(w) && !may_well(i))
    {
        return Certainty::Open;
    }
    // The subject starts after the last break the text layer sees inside
    // the reply clause (a colon that labels: "I can't waive this fee at
    // the desk: one was already waived ...").
    let subject_from = (clauses[clause].from + 1..at)
        .rev()
        .find(|&i| text.words[i].clause != text.words[i - 1].clause)
        .map_or(0, |i| i - clauses[clause].from)
        .max(perceived);
    let applied = || applied_to_the_case(text, at, &own[subject_from..local]);
    // "Add-ons cancelled before renewal are always refunded" after "Good
    // news": a rule with no exception applied to the customer is theirs;
    // "usually" leaves exceptions, a habit still.
    let mut habits = words.iter().filter(|w| HABITUAL.contains(w)).peekable();
    if habits.peek().is_some() && !(habits.all(|w| *w == "always") && applied()) {
        return Certainty::Generic;
    }
    if past_instance(
        &own[subject_from..local],
        &own[(local + 1).min(own.len())..],
        &own,
    ) || (stated_as_rule(
        &own[subject_from..(local + 1).min(own.len())],
        &own[(local + 1).min(own.len())..],
    ) && !applied())
    {
        return Certainty::Generic;
    }
    if reported_rule(text, clauses, clause, at) && !applied() {
        return Certainty::Generic;
    }
    // What someone may do, not what they will: "only our billing
    // supervisor can approve a refund", "the period in which the desk can
    // authorise refunds".
    let restricted = words.windows(2).any(|p| {
        p[0] == "only" && (clause::OUR_SIDE.contains(&p[1]) || matches!(p[1], "a" | "an" | "the"))
    });
    let ability = words.iter().any(|w| ABILITY.contains(w));
    let relative = clauses[clause].opener == Some(Opener::Which)
        || words
            .iter()
            .position(|w| matches!(*w, "who" | "which" | "whom" | "than" | "where"))
            .is_some_and(|r| words[r..].iter().any(|w| ABILITY.contains(w)));
    if restricted
        || (relative && ability)
        || beyond_a_limit(&own[..local], &own[(local + 1).min(own.len())..])
    {
        return Certainty::Generic;
    }
    // "We can only accept a request like this from the address on file",
    // "we're only able to refund charges when ...": what we may do on a
    // condition, a rule; "we can only offer you a partial refund" is an
    // offer.
    if ability && words.contains(&"only") && restricted_by(text, clauses, clause, at) {
        return Certainty::Generic;
    }
    // "Our rules let the support desk refund that add-on only within 14
    // days of the charge", "we can refund it only if ...": what someone may
    // do on a condition, with "only" on the condition after the verb
    // (play-st20, B2).
    let permitted = ability || words.iter().any(|w| PERMITTING.contains(w));
    let only_on_a_condition = (at + 1..clauses[clause].to).any(|i| {
        text.words[i].text == "only"
            && text.words.get(i + 1).is_some_and(|n| {
                RESTRICTING.contains(&n.text.as_str()) || ONLY_OF_A_KIND.contains(&n.text.as_str())
            })
    });
    // "... can still be given as goodwill, but only for invoices up to
    // $200.00": the restriction in the clause after a "but".
    let only_after_but = clauses.get(clause + 1).is_some_and(|next| {
        next.sentence == clauses[clause].sentence
            && next.opener == Some(Opener::Contrast)
            && matches!(
                next.texts(text).as_slice(),
                ["only", kind, ..] if RESTRICTING.contains(kind) || ONLY_OF_A_KIND.contains(kind)
            )
    });
    if permitted && (only_on_a_condition || only_after_but) {
        return Certainty::Generic;
    }
    if stated_limit(text, clauses, clause, at) {
        return Certainty::Generic;
    }
    // "we'll try to", "I hope to": our own attempt; "invoices that
    // customers tried to pay" is theirs (play-para-st2).
    let our_attempt = |k: usize| {
        words[..k]
            .iter()
            .rev()
            .find(|w| {
                !matches!(
                    **w,
                    "will" | "would" | "am" | "are" | "is" | "be" | "really" | "also"
                )
            })
            .is_some_and(|w| clause::OUR_SIDE.contains(w))
    };
    if words.iter().enumerate().any(|(k, w)| {
        LEANING.contains(w) || (base_of(w, LEANING_VERBS).is_some() && our_attempt(k))
    }) {
        return Certainty::Leaning;
    }
    if expected(&words, text.words.get(at).map_or("", |w| w.text.as_str())) {
        return Certainty::Expected;
    }
    Certainty::Firm
}

/// Modals that say what is expected to happen, not what will: "it should
/// be waived", "it ought to be refunded", "it may well be waived".
const EXPECTING: &[&str] = &["should", "ought", "may"];

/// Words between a modal of expectation and the verb it governs: "should
/// now be", "ought to have it", "should be able to".
const EXPECTED_CHAIN: &[&str] = &[
    "be", "been", "able", "to", "well", "get", "it", "them", "this", "that", "now", "also",
    "still", "all", "then", "soon", "shortly", "today", "both",
];

/// Verbs of an outcome reaching the customer, which an expectation times
/// without doubting the outcome: "your refund should reach you within 5
/// days", "you should see it on your statement", "it should be with you
/// by Friday".
const ARRIVING: &[&str] = &[
    "see", "receive", "get", "arrive", "reach", "appear", "show", "land", "reflect", "hit",
    "clear", "post", "notice", "with",
];

/// Whether `words` (the words before an outcome's word `verb`, from its
/// subject on) only expect the outcome: a modal of expectation governing
/// the verb with nothing but its chain between ("it should be waived",
/// "we ought to be able to refund it", "it may well be waived"), or an
/// expectation of ours or in the passive ("I'd expect it to be waived",
/// "the fee is expected to be removed"). A hope is no promise (play-st37,
/// X3). "Should you confirm, ..." puts a condition first; "it should
/// have been waived" says what was due, not what is expected; an
/// outcome expected to arrive ("the refund should reach you") is firm.
fn expected(words: &[&str], verb: &str) -> bool {
    let arriving = |w: &str| base_of(w, ARRIVING).is_some();
    let modal = words.iter().rposition(|w| EXPECTING.contains(w));
    if let Some(m) = modal {
        let chain = &words[m + 1..];
        let governs = chain
            .iter()
            .all(|w| EXPECTED_CHAIN.contains(w) || w.ends_with("ly"));
        let may_well = words[m] != "may" || chain.first() == Some(&"well");
        let perfect = chain.first() == Some(&"have")
            || (words[m] == "ought" && chain.starts_with(&["to", "have"]));
        if governs && may_well && !perfect && !chain.iter().any(|w| arriving(w)) && !arriving(verb)
        {
            return true;
        }
    }
    // "I'd expect it to be waived", "we expect to refund it", "the fee is
    // expected to be removed".
    words.iter().enumerate().any(|(e, w)| {
        let expect = base_of(w, &["expect"]).is_some();
        let ours = words[..e]
            .iter()
            .rev()
            .find(|p| !matches!(**p, "would" | "do" | "fully" | "really" | "also"))
            .is_some_and(|p| matches!(*p, "i" | "we"));
        let passive = *w == "expected"
            && e > 0
            && matches!(words[e - 1], "is" | "are" | "was" | "were" | "be")
            && words.get(e + 1) == Some(&"to");
        expect && (ours || passive) && !arriving(verb)
    })
}

/// Openings of a sentence that give what follows as news for the
/// customer: "Good news is that ...", "The good news: ...", "Fortunately,
/// ...", "You'll be glad to hear that ...".
const NEWS: &[&[&str]] = &[
    &["good", "news"],
    &["great", "news"],
    &["better", "news"],
    &["fortunately"],
    &["luckily"],
    &["happily"],
    &["thankfully"],
    &["rest", "assured"],
    &["you", "will", "be", "glad"],
    &["you", "will", "be", "pleased"],
    &["you", "will", "be", "happy"],
    &["you", "will", "be", "relieved"],
];

/// Words that may open a sentence before its news: "The good news is",
/// "But luckily", "And happily".
const NEWS_LEADS: &[&str] = &["the", "some", "and", "but", "so", "well"];

/// The most words a sentence of news alone may have ("Good news!", "Some
/// great news here.").
const NEWS_ALONE: usize = 4;

/// Whether a rule stated of a kind ("add-ons cancelled before renewal are
/// refunded", "charges like this are always refunded") is applied to this
/// customer's case, so it is their outcome, not the policy quoted: its
/// sentence gives it as news for them ("Good news is that ...",
/// "Fortunately, ...", or a sentence "Good news!" of its own before it),
/// or `subject` names the kind by the customer's case ("such charges",
/// "charges like yours", "this kind of charge"). The rule quoted as the
/// policy, of any one of its kind, promises nothing (play-st30 C1); the
/// rule given as news to the customer it covers promises its outcome
/// (play-st36 X3).
fn applied_to_the_case(text: &Text, at: usize, subject: &[&str]) -> bool {
    let by_case = subject.iter().enumerate().any(|(i, w)| {
        let next = subject.get(i + 1).copied();
        matches!(*w, "such" | "yours")
            || (matches!(*w, "this" | "that" | "these" | "those")
                && matches!(
                    next,
                    Some("kind" | "kinds" | "type" | "types" | "sort" | "sorts")
                ))
            || (*w == "like" && matches!(next, Some("this" | "that" | "these" | "those" | "it")))
    });
    let Some(word) = text.words.get(at) else {
        return by_case;
    };
    let sentence_words = |sentence: u32| -> Vec<&str> {
        text.words
            .iter()
            .filter(|w| w.sentence == sentence)
            .map(|w| w.text.as_str())
            .collect()
    };
    let opens_with_news = |words: &[&str]| {
        let from = words.iter().take_while(|w| NEWS_LEADS.contains(w)).count();
        NEWS.iter().any(|n| words[from..].starts_with(n))
    };
    let own = sentence_words(word.sentence);
    let before_news = word
        .sentence
        .checked_sub(1)
        .map(sentence_words)
        .is_some_and(|words| words.len() <= NEWS_ALONE && opens_with_news(&words));
    by_case || opens_with_news(&own) || before_news
}

/// Words that place an event in the account's history.
const HISTORY: &[&str] = &[
    "already",
    "previously",
    "previous",
    "earlier",
    "before",
    "prior",
    "last",
    "ago",
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// Words that make a noun some other instance than this case's: "your
/// previous late fee", "an earlier waiver".
const OTHER_INSTANCE: &[&str] = &["previous", "earlier", "prior", "other", "another"];

/// Words that end a noun phrase's head read forward: the preposition of
/// where or for whom ("a late fee on your account"), or a time ("a late
/// fee last August").
const HEAD_ENDS: &[&str] = &[
    "on",
    "of",
    "for",
    "in",
    "from",
    "to",
    "with",
    "at",
    "within",
    "last",
    "this",
    "before",
    "ago",
    "back",
    "already",
    "previously",
    "earlier",
];

/// How many words before a verb its modal or "to" may stand: "will
/// already have been waived".
const VERB_CHAIN: usize = 4;

/// Words before a verb that put it ahead of now or in a rule, not in the
/// past: "we will waive a late fee", "we can credit a month".
const NOT_PAST: &[&str] = &[
    "will", "would", "shall", "can", "could", "may", "might", "must", "should", "to", "going",
];

/// Whether a clause tells of some other instance in the past: an outcome
/// whose thing is indefinite ("a fee", "another refund", "one") or named
/// as another instance ("your previous late fee"), said done and placed
/// in the account's history: "As a fee was already waived on your account
/// this year, I'm not able to waive this one", "a late fee has already
/// been waived on your account within the past year", "we waived a late
/// fee for you last August", "you already had a late fee waived in August
/// 2025". That is a fact the reply gives as a reason (often the policy's
/// own condition for escalating), not this case's outcome; "your fee was
/// waived", "the late fee has already been waived", "a refund has been
/// issued to your card" and "we will waive a late fee for you" still are.
///
/// The thing is the passive's subject (before "was", "were" or "has
/// been"), the object of a causative "had" ("had a late fee waived"), or
/// the object after an active verb in the past. Its head is read up to
/// its first preposition: in "a late fee on your account was already
/// waived" the account is where the fee was, not whose this fee is.
/// `before` and `after` are the clause's words either side of the verb,
/// `clause` all of them.
fn past_instance(before: &[&str], after: &[&str], clause: &[&str]) -> bool {
    let history = clause.iter().any(|w| HISTORY.contains(w))
        || clause.windows(2).any(|p| p == ["the", "past"]);
    let verb_chain = &before[before.len().saturating_sub(VERB_CHAIN)..];
    if !history || verb_chain.iter().any(|w| NOT_PAST.contains(w)) {
        return false;
    }
    let simple = before.iter().position(|w| matches!(*w, "was" | "were"));
    let perfect = before.iter().rposition(|w| *w == "been").and_then(|been| {
        before[..been]
            .iter()
            .rposition(|w| matches!(*w, "has" | "have" | "had"))
    });
    // "you already had a late fee waived": the object of "had", some
    // word of it no adverb ("we have already waived one" is active).
    let causative = before
        .iter()
        .rposition(|w| matches!(*w, "had" | "has" | "have" | "got"))
        .filter(|&had| {
            before[had + 1..]
                .iter()
                .any(|w| !HISTORY.contains(w) && !matches!(*w, "also" | "just" | "once"))
        });
    let thing = match (simple.or(perfect), causative) {
        // "a late fee has already been waived": the passive's subject.
        (Some(aux), _) => &before[..aux],
        (None, Some(had)) => &before[had + 1..],
        // "we waived a late fee for you", "we have already waived one".
        (None, None) => after,
    };
    let head_end = thing
        .iter()
        .skip(1)
        .position(|w| HEAD_ENDS.contains(w))
        .map_or(thing.len(), |p| p + 1);
    let head = &thing[..head_end];
    // "one was already waived in the last six months": "one" alone is
    // another instance of the thing just named.
    let indefinite = head.iter().any(|w| matches!(*w, "a" | "an" | "one"))
        && !head.iter().any(|w| matches!(*w, "your" | "the" | "this"));
    let other = head.iter().any(|w| OTHER_INSTANCE.contains(w));
    indefinite || other
}

/// Words of a passive in the present, or what may be done in it, between
/// a rule's subject and its verb: "is refunded", "can only be refunded".
const RULE_PASSIVE: &[&str] = &[
    "is",
    "are",
    "be",
    "can",
    "only",
    "also",
    "still",
    "generally",
];

/// Determiners of any one of a kind: "an annual plan", "any charge".
const ANY_ONE: &[&str] = &["a", "an", "any", "each", "every"];

/// Determiners of a particular thing: "your plan", "the charge".
const PARTICULAR: &[&str] = &[
    "your", "the", "this", "these", "those", "our", "my", "its", "their", "his", "her",
];

/// Nouns of an outcome itself: "a refund can be issued", "an exception
/// can be made" offer it, whatever the determiner.
const OUTCOME_NOUNS: &[&str] = &[
    "refund",
    "refunds",
    "credit",
    "credits",
    "exception",
    "exceptions",
    "waiver",
    "waivers",
    "discount",
    "discounts",
    "compensation",
    "reimbursement",
];

/// Words after the verb that make the outcome this customer's: "... can
/// be refunded to you", "... is refunded today".
const THIS_CASE: &[&str] = &["you", "your", "yours", "today", "now", "tomorrow"];

/// How many words a rule's subject may have, its modifiers after the
/// noun included ("an annual plan charged more than 30 days ago").
const RULE_SUBJECT_WORDS: usize = 10;

/// Words that end a subject read back from its verb: what stands before
/// them is no part of it ("our rule is that | annual plans are ...").
const BEFORE_A_SUBJECT: &[&str] = &["is", "are", "that", "rule", "policy", "means"];

/// Whether `through` (the words of a clause from its subject to the
/// outcome's verb) and `after` (the rest of the clause) state the rule of
/// a kind of thing, not this customer's outcome: a subject that is any one
/// of its kind ("an annual plan", "any charge") or a bare plural ("annual
/// plans"), then the passive in the present or what may be done ("is
/// refunded", "can only be refunded"), with nothing after it that makes it
/// this case's ("an annual plan is refunded for the months of the term
/// not yet started"; play-st30 C1). "Your annual plan can be refunded",
/// "the plan will be refunded", "a refund can be issued" and "an annual
/// plan can be refunded to you" stay promises.
fn stated_as_rule(through: &[&str], after: &[&str]) -> bool {
    // The outcome's verb, a participle of the passive ("refunded",
    // "given"); "we are adding compensation" is no passive.
    let Some((verb, before)) = through.split_last() else {
        return false;
    };
    if !(verb.ends_with("ed") || verb.ends_with("en") || matches!(*verb, "paid" | "made" | "sent"))
    {
        return false;
    }
    let chain = before
        .iter()
        .rev()
        .take_while(|w| RULE_PASSIVE.contains(w))
        .count();
    let auxiliaries = &before[before.len() - chain..];
    let present = auxiliaries.iter().any(|w| matches!(*w, "is" | "are"))
        || (auxiliaries.contains(&"can") && auxiliaries.contains(&"be"));
    let Some(head) = (before.len() - chain).checked_sub(1) else {
        return false;
    };
    let person = matches!(
        before[head],
        "we" | "i" | "you" | "they" | "he" | "she" | "it"
    );
    if !present
        || person
        || OUTCOME_NOUNS.contains(&before[head])
        || after.iter().any(|w| THIS_CASE.contains(w))
    {
        return false;
    }
    let subject = &before[head.saturating_sub(RULE_SUBJECT_WORDS)..=head];
    let bound = subject.iter().rposition(|w| {
        ANY_ONE.contains(w) || PARTICULAR.contains(w) || BEFORE_A_SUBJECT.contains(w)
    });
    // "Charges like yours are refunded in full": a kind the customer's
    // own case is named in is their outcome.
    let kind = &subject[bound.map_or(0, |d| d + 1)..];
    if kind.iter().any(|w| THIS_CASE.contains(w)) {
        return false;
    }
    match bound {
        Some(d) if ANY_ONE.contains(&subject[d]) => true,
        Some(d) if PARTICULAR.contains(&subject[d]) => false,
        // A bare plural, its noun among its first words: "annual plans
        // are refunded ...", "our rule is that annual plans charged in
        // March can be refunded ...".
        _ => kind
            .iter()
            .take(3)
            .any(|w| w.len() > 3 && w.ends_with('s') && !w.ends_with("ss")),
    }
}

/// Nouns of a limit on what we may do, or of the amount it allows: "the
/// 30-day window", "the limit the support team can waive", "the amount the
/// desk can waive on its own", "the scope of what we can refund".
const LIMITS: &[&str] = &[
    "window",
    "limit",
    "limits",
    "period",
    "threshold",
    "maximum",
    "cap",
    "ceiling",
    "timeframe",
    "allowance",
    "amount",
    "amounts",
    "sum",
    "value",
    "level",
    "scope",
    "remit",
    "authority",
    "range",
    "point",
    "stage",
    "cutoff",
    "deadline",
];

/// Words that put something past a limit: "past the window", "over the
/// limit", "outside the period", "above the amount".
const BEYOND: &[&str] = &[
    "past",
    "over",
    "outside",
    "beyond",
    "above",
    "exceeds",
    "exceed",
    "exceeding",
    "exceeded",
    "after",
    "more",
    "higher",
    "larger",
    "bigger",
    "greater",
    "longer",
    "older",
];

/// How many words may stand between a limit and the ability of the clause
/// that defines it: "the limit | up to which the support desk | can".
const LIMIT_TO_ABILITY: usize = 8;

/// How many words may stand between a limit and the word that puts
/// something past it: "above | the maximum | amount".
const BEYOND_TO_LIMIT: usize = 5;

/// How many words may stand between an ability and the verb it governs:
/// "can | waive", "is able to | refund", "is authorised to | waive".
const ABILITY_TO_VERB: usize = 3;

/// Whether `before` (the words of a clause up to a promise's verb) puts
/// something past a limit that the promise's own ability defines: "it's
/// past the 30-day window the desk can refund from", "the fee is above
/// the amount the support desk can waive on its own", "it's above what
/// the support desk can refund", "a disputed charge is outside what the
/// desk can refund". That states what we cannot do, the reason we hand
/// the case on; it promises nothing.
///
/// The ability must be the verb's own (right before it, no "will" in
/// between) and the first one after the limit, and the verb must have no
/// object of its own (the limit is its object, as in a relative clause):
/// so a promise that follows the limit in the same clause ("although it
/// is over the limit we can waive it", "... above the amount the desk can
/// waive, we will waive the fee") is still read as one. "What"
/// counts as the limit only after a word of comparison or place ("above
/// what", "beyond what", "more than what"), not after "after" ("after what
/// happened, we can refund you" is a promise).
fn beyond_a_limit(before: &[&str], after: &[&str]) -> bool {
    let has_object = after.first().is_some_and(|w| object_start(w));
    let Some(ability) = before.iter().rposition(|w| ABILITY.contains(w)) else {
        return false;
    };
    let governs = before.len() - ability <= ABILITY_TO_VERB
        && !before[ability + 1..]
            .iter()
            .any(|w| matches!(*w, "will" | "shall" | "would" | "we" | "i"));
    if !governs {
        return false;
    }
    (ability.saturating_sub(LIMIT_TO_ABILITY)..ability).any(|i| {
        let anchor = before[i];
        let what = anchor == "what";
        let own_ability = !before[i + 1..ability]
            .iter()
            .any(|w| ABILITY.contains(w) || matches!(*w, "will" | "shall"));
        let past = before[i.saturating_sub(BEYOND_TO_LIMIT)..i]
            .iter()
            .any(|b| BEYOND.contains(b) && !(what && matches!(*b, "after" | "longer" | "older")));
        // "beyond the point where I can authorise a refund": a relative
        // clause right after the limit defines it, so the verb may keep
        // its object there.
        let defined = matches!(
            before.get(i + 1).copied(),
            Some("where" | "which" | "when" | "whereby" | "in" | "up" | "at" | "that")
        );
        (what || LIMITS.contains(&anchor)) && own_ability && past && (!has_object || defined)
    })
}

/// Whether `word` opens an object of the verb before it: "waive it",
/// "refund you", "waive the fee", "refund $40".
fn object_start(word: &str) -> bool {
    matches!(
        word,
        "it" | "them"
            | "you"
            | "this"
            | "that"
            | "these"
            | "those"
            | "the"
            | "your"
            | "a"
            | "an"
            | "any"
            | "all"
            | "each"
            | "every"
            | "his"
            | "her"
            | "their"
            | "its"
            | "some"
    ) || word.starts_with(|c: char| c.is_ascii_digit())
}

/// Words that bound an amount from above, and how many words they take:
/// "up to $25.00", "no more than $25", "at most $25", "under $25".
const CEILINGS: &[&[&str]] = &[
    &["up", "to"],
    &["no", "more", "than"],
    &["not", "more", "than"],
    &["at", "most"],
    &["a", "maximum", "of"],
    &["under"],
    &["below"],
    &["less", "than"],
];

/// Whether word `i` of `text` is an amount ("$25.00", "25", "£22").
fn amount_at(text: &Text, i: usize) -> bool {
    text.words
        .get(i)
        .is_some_and(|w| w.text.chars().any(|c| c.is_ascii_digit()))
}

/// Whether the promise at word `at` of clause `clause` states the limit of
/// what we may do, as a rule: an ability governing its verb ("the desk can
/// only waive", "we can waive"), a ceiling on an amount after it in the
/// clause ("late fees of up to $25.00", "refunds of no more than $50"),
/// and either "only" on the ability or a turn after it: a contrast later
/// in the sentence ("..., but your fee is $27.50") or the next sentence
/// putting the case past the limit or declining ("Your fee ... is just
/// over that limit, so I am unable to waive it"). A limit said that way
/// is the policy the reply applies, no promise; "we can refund up to
/// $50.00 of the charge today" alone still offers it.
fn stated_limit(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> bool {
    let own = &clauses[clause];
    let word = |i: usize| text.words[i].text.as_str();
    let Some(ability) = (own.from..at)
        .rev()
        .take(ABILITY_TO_VERB + 1)
        .find(|&i| ABILITY.contains(&word(i)))
    else {
        return false;
    };
    if (ability + 1..at).any(|i| matches!(word(i), "will" | "shall" | "would" | "we" | "i")) {
        return false;
    }
    let ceiling = (at + 1..own.to).any(|i| {
        CEILINGS.iter().any(|c| {
            let end = i + c.len();
            end < own.to
                && (0..c.len()).all(|j| word(i + j) == c[j])
                && (end..(end + 2).min(own.to)).any(|a| amount_at(text, a))
        })
    });
    if !ceiling {
        return false;
    }
    let only = (ability.saturating_sub(1)..at).any(|i| word(i) == "only");
    let contrast_after = clauses[clause + 1..]
        .iter()
        .take_while(|c| c.sentence == own.sentence)
        .any(|c| c.opener == Some(Opener::Contrast));
    let next_sentence_turns = text.words.iter().any(|w| {
        w.sentence == own.sentence + 1
            && (BEYOND.contains(&w.text.as_str())
                || matches!(w.text.as_str(), "unable" | "cannot" | "not"))
    });
    only || contrast_after || next_sentence_turns
}

/// Words that restrict what "only" allows to a condition or a kind.
const RESTRICTING: &[&str] = &[
    "from", "if", "when", "unless", "once", "after", "within", "like", "such", "where", "while",
    "before",
];

/// Whether the clause holding the promise at word `at` restricts it: a
/// condition or a kind after the verb ("from the address on file", "a
/// request like this", "when the charge is recent"), or a condition
/// clause after it in the sentence.
fn restricted_by(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> bool {
    let own = &clauses[clause];
    let after_verb = (at + 1..own.to).any(|i| RESTRICTING.contains(&text.words[i].text.as_str()));
    let condition_after = clauses.get(clause + 1).is_some_and(|c| {
        c.sentence == own.sentence && matches!(c.opener, Some(Opener::Condition | Opener::Once))
    });
    after_verb || condition_after
}

/// Nouns of the written rules a reply may quote: "our policy", "the
/// terms", "the knowledge base article".
const RULEBOOKS: &[&str] = &[
    "policy",
    "policies",
    "terms",
    "rules",
    "rule",
    "guidelines",
    "guidance",
    "handbook",
    "article",
    "kb",
    "faq",
    "conditions",
    "agreement",
    "documentation",
];

/// Verbs that report what a text says: "our policy says ...", "the terms
/// state that ...", "the article reads: ...".
const REPORTING: &[&str] = &[
    "say",
    "state",
    "read",
    "provide",
    "specify",
    "stipulate",
    "note",
    "explain",
    "mention",
    "set",
];

/// How many words may stand between a rulebook and the verb reporting it:
/// "the knowledge base article on add-on refunds | states".
const RULEBOOK_REACH: usize = 6;

/// How many sentences a quotation of the rules may run on past its
/// reporting verb.
const QUOTED_SENTENCES: u32 = 3;

/// Where the report of the written rules at word `r` ends and what it
/// reports begins: a verb of saying with a rulebook as its subject ("our
/// policy says", "the policy states that"), or "according to" a rulebook
/// ("according to our policy"). "As our policy says, ..." backs what
/// follows rather than reporting it.
fn reports_rule(text: &Text, r: usize) -> Option<usize> {
    let word = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    let clause = text.words[r].clause;
    let in_clause = |i: &usize| text.words.get(*i).is_some_and(|w| w.clause == clause);
    if word(r) == "according" && word(r + 1) == "to" {
        return (r + 2..r + 2 + RULEBOOK_REACH)
            .take_while(in_clause)
            .filter(|&i| RULEBOOKS.contains(&word(i)))
            .last();
    }
    if base_of(word(r), REPORTING).is_none() || negated(text, r, r + 1) {
        return None;
    }
    let book = (r.saturating_sub(RULEBOOK_REACH)..r)
        .rev()
        .take_while(in_clause)
        .find(|&i| RULEBOOKS.contains(&word(i)))?;
    let opens = (0..book).rev().take_while(in_clause).last().unwrap_or(book);
    (word(opens) != "as").then_some(r)
}

/// The last word of a quotation opened right after word `r` ("Our policy
/// says: 'the add-on can be refunded ...'"), or `None` when no quotation
/// opens there.
fn quotation_end(text: &Text, r: usize) -> Option<usize> {
    let opening = text.gap(r + 1);
    let close = if opening.contains('\u{201c}') {
        '\u{201d}'
    } else if opening.contains('\u{2018}') {
        '\u{2019}'
    } else if opening.contains('"') {
        '"'
    } else if opening.contains('\'') {
        '\''
    } else {
        return None;
    };
    (r + 1..text.len())
        .find(|&q| text.gap(q + 1).contains(close))
        .or(Some(text.len().saturating_sub(1)))
}

/// Whether the outcome at word `at` (in clause `clause`) is what the
/// written rules say, reported or quoted: in the clause of a verb that
/// reports them ("The policy states that the add-on can be refunded
/// within 14 days"), in a clause that goes on with the report after a
/// comma or "and that" ("According to our policy, add-ons can be refunded
/// ..."), or inside a quotation that opens after it ("Our policy says:
/// 'the add-on can be refunded within 14 days of purchase'"). A policy
/// quoted is the rule, not our commitment to this customer; a clause of
/// our own after the report ("According to our policy, we will refund
/// you") is ours.
fn reported_rule(text: &Text, clauses: &[Clause], clause: usize, at: usize) -> bool {
    let sentence = clauses[clause].sentence;
    let mut r = at;
    while r > 0 {
        r -= 1;
        if text.words[r].sentence + QUOTED_SENTENCES < sentence {
            return false;
        }
        let Some(content) = reports_rule(text, r) else {
            continue;
        };
        if let Some(end) = quotation_end(text, content) {
            return at <= end;
        }
        if text.words[r].sentence != sentence {
            return false;
        }
        let Some(reporting) = clauses.iter().position(|c| (c.from..c.to).contains(&r)) else {
            return false;
        };
        return (reporting + 1..=clause).all(|c| {
            let words = clauses[c].texts(text);
            // "... that an add-on will be refunded | if it is cancelled
            // within 14 days": the rule's condition is the rule's too.
            let goes_on = matches!(clauses[c].opener, None | Some(Opener::Condition))
                || (clauses[c].opener == Some(Opener::And) && words.first() == Some(&"that"));
            goes_on && !clause::ours(&words)
        });
    }
    false
}
