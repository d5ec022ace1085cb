//! Negation scope, shared by every reader: whether a mention is negated
//! ("no sign of cynicism", "cynicism is not present", "we will not refund
//! or credit you").
//!
//! A negating word reaches forward to the end of its clause, however far
//! that is ("there is no direct evidence of emotional exhaustion or
//! depersonalisation"), and no further: punctuation, a contrast ("not
//! exhaustion but cynicism"), a subordinate clause ("no leave because she
//! is exhausted") or a new subject after `and`/`or` ("no leave and she is
//! exhausted") ends it. It carries through coordination: the items of a
//! list after commas ("no evidence of exhaustion, cynicism or
//! detachment"), and a short aside in brackets after a negated word ("no
//! sign of cynicism (detachment)"). After a mention, "is not present",
//! ": no", "absent", "ruled out" negate it. "Not only" and "not just"
//! affirm ("not only exhausted but cynical").

use super::words::Text;

/// Words that negate what follows them in their clause.
pub const NEGATORS: &[&str] = &[
    "no", "not", "never", "without", "nor", "neither", "none", "nothing", "nobody", "lack",
    "lacks", "lacking", "absence", "unable",
];

/// Words that open a new clause: negation before them stops there.
pub const SCOPE_ENDS: &[&str] = &[
    "but",
    "however",
    "although",
    "though",
    "while",
    "whereas",
    "yet",
    "except",
    "because",
    "since",
    "unless",
    "until",
    // "not knowing whether their job survives the reorg" does not deny
    // the reorg.
    "whether",
    "if",
    "when",
    "whenever",
    "which",
    "who",
    "whom",
    "whose",
    "so",
    "otherwise",
    "instead",
    "meanwhile",
];

/// Words that start a clause of their own after `and` / `or`.
const SUBJECTS: &[&str] = &[
    "i", "we", "you", "he", "she", "they", "it", "there", "this", "that", "these", "those",
];

/// Verbs and auxiliaries: a bracket or comma segment holding one is a
/// clause of its own, not an item of a list.
const VERBS: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does",
    "did", "will", "would", "can", "could", "should", "shall", "may", "might", "must", "seems",
    "seem", "seemed", "appears", "appear", "appeared", "shows", "show", "showed", "feels", "feel",
    "felt", "looks", "look", "remains", "remain", "says", "said",
];

const COORDINATORS: &[&str] = &["and", "or", "nor"];

/// The longest a list item or a bracketed aside may be, in words.
const ITEM_WORDS: usize = 4;

/// How far back a negating word is looked for, in words, and how many
/// items a negated list may have. No clause or list of a real answer is
/// longer; the bounds keep reading linear in the length of any answer.
const REACH: usize = 48;
const LIST_ITEMS: usize = 16;

/// How many words a negated gerund's phrase reaches ("not sleeping more
/// than four hours a night"), from the gerund on.
const GERUND_REACH: usize = 10;

/// Whether the mention at words `start..end` is negated.
pub fn negated(text: &Text, start: usize, end: usize) -> bool {
    if start >= text.len() {
        return false;
    }
    negated_before(text, start) || negated_after(text, start, end)
}

/// Whether a negating word earlier in the mention's scope reaches it.
pub fn negated_before(text: &Text, start: usize) -> bool {
    negator_before(text, start).is_some()
}

/// The negating word earlier in the mention's scope that reaches it: its
/// index, or for a dismissing title ("Ruled out: cynicism") the title's
/// first word.
pub fn negator_before(text: &Text, start: usize) -> Option<usize> {
    let words = &text.words;
    let first = words.get(start)?;
    let mut i = start;
    // Set after stepping back over a bracketed aside: the words on either
    // side of it are one clause.
    let mut across_aside = false;
    while i > 0 && start - i < REACH {
        let prev = &words[i - 1];
        if prev.sentence != first.sentence {
            return None;
        }
        if !across_aside {
            if let Some(open) = aside_before(text, i) {
                i = open;
                across_aside = true;
                continue;
            }
            if prev.clause != words[i].clause && !joins_back(text, i) {
                return dismissal_label(text, i);
            }
        }
        across_aside = false;
        let w = prev.text.as_str();
        // "self-doubt rather than cynicism", "a rota instead of overtime".
        if ends_set_aside(text, i - 1) {
            return Some(i - 1);
        }
        // "not yet", "cannot yet confirm": after a negator "yet" is an
        // adverb, not the contrast that ends a scope.
        let adverb_yet = w == "yet" && i >= 2 && NEGATORS.contains(&words[i - 2].text.as_str());
        if SCOPE_ENDS.contains(&w) && !adverb_yet {
            return None;
        }
        // "and she is exhausted", "and together they agree a plan": a
        // subject right after the coordinator, or one word later, opens a
        // clause of its own.
        let next = words.get(i).map(|n| n.text.as_str());
        let then_subject = words.get(i + 1).is_some_and(|n| opens_clause(&n.text))
            && matches!(
                next,
                Some("together" | "then" | "now" | "also" | "later" | "today")
            );
        if COORDINATORS.contains(&w) && (next.is_some_and(opens_clause) || then_subject) {
            return None;
        }
        // "not only exhausted but cynical" affirms both.
        let affirming = w == "not"
            && words
                .get(i)
                .is_some_and(|n| matches!(n.text.as_str(), "only" | "just" | "merely" | "simply"));
        // "from not being able to concentrate and crying at work ... mean
        // Vikram needs an EAP referral": a negated gerund is a noun phrase
        // inside its clause, and its negation ends with that phrase, not
        // at the clause's end.
        let gerund = words
            .get(i)
            .is_some_and(|n| n.text.len() > 4 && n.text.ends_with("ing") && n.text != "nothing");
        if (NEGATORS.contains(&w) || scant(text, i - 1)) && !affirming {
            // "The sign-in you did not recognise | has been referred to
            // our security team": the negation of a relative clause ends
            // with it; a negation before it may still reach.
            if relative_ends_before(text, i - 1, start) {
                i -= 1;
                continue;
            }
            return (!gerund || start - i < GERUND_REACH).then_some(i - 1);
        }
        i -= 1;
    }
    None
}

/// Persons that are the subject of a relative clause with no relative
/// word: "the sign-in | you | did not recognise".
const RELATIVE_SUBJECTS: &[&str] = &["you", "we", "i", "they", "he", "she"];

/// Auxiliaries a relative clause's "not" follows: "you did not", "you
/// have not", "we cannot".
const NEGATED_AUXILIARIES: &[&str] = &[
    "do", "does", "did", "have", "has", "had", "can", "could", "will", "would", "should", "is",
    "are", "was", "were", "am",
];

/// Verbs that may open the predicate of the clause a relative clause sits
/// in: "the sign-in you did not make | has been referred", "a device you
/// don't recognise | is something ...".
const FINITE: &[&str] = &[
    "is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should",
    "shall", "may", "might", "must", "means", "meant", "needs", "goes", "went", "remains", "looks",
    "seems",
];

/// Words that may follow a relative clause's verb before the predicate:
/// an adverb of time ("you did not make before"), or a preposition opening
/// an adjunct ("you don't recognise | from Almaty").
const RELATIVE_TAILS: &[&str] = &[
    "before",
    "yet",
    "previously",
    "earlier",
    "recently",
    "today",
    "yesterday",
    "from",
    "on",
    "in",
    "at",
    "to",
    "with",
    "via",
    "by",
    "for",
    "of",
];

/// Words between a relative clause's "not" and its verb.
const BETWEEN_NOT_AND_VERB: &[&str] = &["yet", "ever", "even", "really", "actually", "be", "been"];

/// How many words a relative clause's adjunct may run before the
/// predicate ("you don't recognise | from a city abroad | is ...").
const RELATIVE_TAIL_WORDS: usize = 5;

/// Whether the negating word at `negator` is inside a relative clause with
/// no relative word that ends before word `start`: a person as its subject
/// after the noun it describes ("the sign-in you did not recognise", "the
/// charge you never authorised"), its verb with the object left out (the
/// noun is that object), then, right after the verb or after an adjunct of
/// time or place, the predicate the noun is the subject of ("... has been
/// referred to our security team", "... will be refunded today"). The
/// negation denies the relative clause ("you did not recognise it"), not
/// what is said of its noun. A verb with an object of its own ("you did
/// not see any data was accessed"), or a person opening the clause ("you
/// did not make it and ...") is no such relative clause.
pub fn relative_ends_before(text: &Text, negator: usize, start: usize) -> bool {
    let words = &text.words;
    let w = |k: usize| words[k].text.as_str();
    let clause = words[negator].clause;
    let mut subject = negator;
    if subject > 0 && NEGATED_AUXILIARIES.contains(&w(subject - 1)) {
        subject -= 1;
    }
    let Some(subject) = subject.checked_sub(1) else {
        return false;
    };
    // The noun the clause describes stands before its subject.
    let described = subject
        .checked_sub(1)
        .is_some_and(|n| words[n].clause == clause && !SUBJECTS.contains(&w(n)));
    if !RELATIVE_SUBJECTS.contains(&w(subject))
        || !described
        || !matches!(w(negator), "not" | "never")
    {
        return false;
    }
    let mut verb = negator + 1;
    while verb < start && BETWEEN_NOT_AND_VERB.contains(&w(verb)) {
        verb += 1;
    }
    if verb >= start || FINITE.contains(&w(verb)) {
        return false;
    }
    let tail_ok = |k: usize| {
        words[k].clause == clause
            && !SUBJECTS.contains(&w(k))
            && !SCOPE_ENDS.contains(&w(k))
            && !COORDINATORS.contains(&w(k))
    };
    let predicate = (verb + 1..start.min(verb + 2 + RELATIVE_TAIL_WORDS))
        .take_while(|&k| tail_ok(k))
        .find(|&k| FINITE.contains(&w(k)));
    predicate.is_some_and(|p| p == verb + 1 || RELATIVE_TAILS.contains(&w(verb + 1)))
}

/// Words after "little", "hardly" or "scarcely" that make it deny what
/// follows: "there's little to suggest X", "little evidence of X",
/// "hardly any sign of X" (para-it11 B3).
const SCANT_NOUNS: &[&str] = &[
    "to",
    "evidence",
    "sign",
    "signs",
    "indication",
    "indications",
    "suggestion",
    "any",
];

/// Whether word `at` denies what follows by scarcity: "little" (not "a
/// little") or "hardly"/"scarcely" before [`SCANT_NOUNS`].
fn scant(text: &Text, at: usize) -> bool {
    let words = &text.words;
    let Some(word) = words.get(at) else {
        return false;
    };
    let next = words.get(at + 1).map(|w| w.text.as_str());
    let after_a = at > 0 && words[at - 1].text == "a";
    match word.text.as_str() {
        "little" => !after_a && next.is_some_and(|n| SCANT_NOUNS.contains(&n) && n != "any"),
        "hardly" | "scarcely" => next == Some("any"),
        _ => false,
    }
}

/// Words a title over dismissed items is made of: "Considered and
/// rejected:", "Ruled out:", "Not evidenced:", "Absent:".
const DISMISSAL_TITLE: &[&str] = &[
    "considered",
    "and",
    "but",
    "rejected",
    "ruled",
    "out",
    "excluded",
    "dismissed",
    "discounted",
    "absent",
    "not",
    "no",
    "none",
    "present",
    "evidenced",
    "seen",
    "found",
    "evidence",
    "of",
    "also",
    "i",
];

/// The longest such title, in words.
const TITLE_WORDS: usize = 4;

/// Whether the clause break before word `at` is the colon of a title
/// that dismisses what it introduces ("(Considered and rejected:
/// exhaustion - ...)", "Ruled out: cynicism"): every word of the title is
/// one of [`DISMISSAL_TITLE`], one of them a dismissal.
fn dismissal_label(text: &Text, at: usize) -> Option<usize> {
    let gap = text.gap(at);
    if !gap.contains(':') || gap.contains('\n') {
        return None;
    }
    let clause = text.words[at - 1].clause;
    let title: Vec<&str> = text.words[..at]
        .iter()
        .rev()
        .take_while(|w| w.clause == clause)
        .take(TITLE_WORDS + 1)
        .map(|w| w.text.as_str())
        .collect();
    (presence_title(&title) == Some(true)).then(|| at - title.len())
}

/// What a title over items says of them, when it is made only of the
/// words titles of presence use ("considered", "ruled", "out", "present",
/// "absent", ..., at most four): `Some(true)` when it dismisses them
/// ("Absent", "Not present", "Ruled out"), `Some(false)` when it does not
/// ("Present", "Seen"); `None` for any other title.
pub fn presence_title(title: &[&str]) -> Option<bool> {
    let made_of_title_words = !title.is_empty()
        && title.len() <= TITLE_WORDS
        && title.iter().all(|w| DISMISSAL_TITLE.contains(w));
    made_of_title_words.then(|| {
        title.iter().any(|w| {
            matches!(
                *w,
                "rejected"
                    | "ruled"
                    | "excluded"
                    | "dismissed"
                    | "discounted"
                    | "absent"
                    | "not"
                    | "no"
                    | "none"
            )
        })
    })
}

/// When a bracketed aside closes right before word `at` ("no evidence of
/// exhaustion (no report of feeling drained) or of reduced
/// accomplishment"), the first word of the aside: negation reaches across
/// it as if it were not there.
fn aside_before(text: &Text, at: usize) -> Option<usize> {
    if !matches!(text.gap(at).trim(), ")" | "]") {
        return None;
    }
    (at.saturating_sub(REACH)..at)
        .rev()
        .take_while(|&k| k > 0)
        .find(|&k| text.gap(k).contains(['(', '[']))
}

fn opens_clause(word: &str) -> bool {
    SUBJECTS.contains(&word)
}

/// The words of the clause that starts at word `at`, as indices; a clause
/// longer than an item is cut one word past [`ITEM_WORDS`], which is all
/// [`is_item`] needs to see to refuse it.
fn clause_span(text: &Text, at: usize) -> (usize, usize) {
    let clause = text.words[at].clause;
    let mut from = at;
    while from > 0 && at - from <= ITEM_WORDS && text.words[from - 1].clause == clause {
        from -= 1;
    }
    let mut to = at + 1;
    while to < text.len() && to - from <= ITEM_WORDS && text.words[to].clause == clause {
        to += 1;
    }
    (from, to)
}

/// A short segment with no verb: an item of a list or an aside.
fn is_item(text: &Text, from: usize, to: usize) -> bool {
    to - from <= ITEM_WORDS
        && text.words[from..to]
            .iter()
            .all(|w| !VERBS.contains(&w.text.as_str()) && !NEGATORS.contains(&w.text.as_str()))
}

/// Whether the clause that starts at word `at` continues the one before
/// it: a bracketed aside, or an item of a list that ends with `and`,
/// `or` or `nor` ("exhaustion, cynicism or detachment").
fn joins_back(text: &Text, at: usize) -> bool {
    let gap = text.gap(at);
    let (from, to) = clause_span(text, at);
    if gap.contains('(') || gap.contains('[') {
        return is_item(text, from, to);
    }
    if gap.trim() != "," {
        return false;
    }
    // Every segment from here to the one that closes the list is an item.
    let mut segment = (from, to);
    for _ in 0..LIST_ITEMS {
        if !is_item(text, segment.0, segment.1) {
            return false;
        }
        let closes = text.words[segment.0..segment.1]
            .iter()
            .any(|w| COORDINATORS.contains(&w.text.as_str()));
        if closes {
            return true;
        }
        if segment.1 >= text.len() || text.gap(segment.1).trim() != "," {
            return false;
        }
        segment = clause_span(text, segment.1);
    }
    false
}

/// Whether a "not" or "never" earlier in its clause denies the thing named
/// at word `at`: "not the on-call rota", "don't touch the roadmap". A
/// "no", "without" or "lack" there does not: for a problem they describe
/// it ("no backfill for the leavers", "working without cover") rather
/// than deny it. For topics an answer tackles (stressors, actions), where
/// [`negated`] would read "no backfill" as no staffing problem.
pub fn denied(text: &Text, at: usize) -> bool {
    denier(text, at).is_some()
}

/// The "not" or "never" that denies the thing named at word `at`
/// ([`denied`]), or the "than"/"of" of "rather than"/"instead of".
fn denier(text: &Text, at: usize) -> Option<usize> {
    let word = text.words.get(at)?;
    for (k, w) in text.words[..at].iter().enumerate().rev().take(REACH) {
        let before = w.text.as_str();
        if w.clause != word.clause || SCOPE_ENDS.contains(&before) {
            return None;
        }
        // "what is and isn't decided about the reorg" tells both sides of
        // it: a verb and its own negation, coordinated, deny nothing.
        let both_ways = k >= 3
            && VERBS.contains(&text.words[k - 1].text.as_str())
            && COORDINATORS.contains(&text.words[k - 2].text.as_str())
            && VERBS.contains(&text.words[k - 3].text.as_str());
        if matches!(before, "not" | "never") && !both_ways {
            return Some(k);
        }
        // "moderate rather than severe", "a rota instead of overtime".
        if set_aside_by(text, at) == Some(k) {
            return Some(k);
        }
        if NEGATORS.contains(&before) {
            return None;
        }
    }
    None
}

/// Whether word `k` ends "rather than" or "instead of": what follows is
/// set aside, what comes before is the thing chosen ("escalate rather
/// than wait").
fn ends_set_aside(text: &Text, k: usize) -> bool {
    k.checked_sub(1).is_some_and(|before| {
        matches!(
            (
                text.words[before].text.as_str(),
                text.words[k].text.as_str()
            ),
            ("rather", "than") | ("instead", "of")
        )
    })
}

/// The "than" or "of" of a "rather than" or "instead of" that sets aside
/// the thing named at word `at`: the pair ends one or two words before
/// it, in its clause ("moderate rather than severe", "rather than formally
/// escalating", "instead of the rota").
pub fn set_aside_by(text: &Text, at: usize) -> Option<usize> {
    let clause = text.words.get(at)?.clause;
    (1..=2).filter_map(|back| at.checked_sub(back)).find(|&k| {
        ends_set_aside(text, k) && text.words[k - 1..at].iter().all(|w| w.clause == clause)
    })
}

/// Words between a negation and what it names, or after it, that make it
/// a dismissal of a problem rather than the time something has been
/// missing: "have not seen any problem with the 1:1s in 3 months".
const DISMISSING: &[&str] = &[
    "sign",
    "signs",
    "evidence",
    "indication*",
    "hint*",
    "trace*",
    "see",
    "seen",
    "saw",
    "notic*",
    "observ*",
    "spotted",
    "found",
    "problem*",
    "issue*",
    "trouble",
    "concern*",
    "complain*",
    "complaint*",
    "worr*",
];

/// Words of a stretch of time: "for 7 months", "in weeks", "for ages".
const STRETCH_UNITS: &[&str] = &[
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "quarter",
    "quarters",
    "sprint",
    "sprints",
    "ages",
    "while",
    "time",
    "fortnight",
    "fortnights",
];

/// Words that may stand between "for"/"in" and a stretch's unit: "for
/// over 7 months", "in the last 5 months", "for a long time".
const STRETCH_FILLERS: &[&str] = &[
    "the", "a", "an", "over", "more", "than", "nearly", "almost", "about", "around", "past",
    "last", "several", "many", "some", "few", "long", "whole", "entire",
];

/// How many words after the negation a stretch of time is looked for.
const STRETCH_REACH: usize = 16;

/// Whether the "not" or "never" that [`denied`] reads before word `at`
/// says instead how long the thing has been missing: a stretch of time
/// after it in its sentence ("hasn't been together at an offsite for 7
/// months", "has not held one-to-ones in 3 months", "haven't had a 1:1
/// since March"), with nothing that dismisses a problem (a sign, an issue:
/// "have not seen any issue with the 1:1s for months"). For the stressors
/// that are a lack of something (1:1s, team events, news of a
/// reorganisation, cover), whose absence is the stressor itself
/// (play-para-it16 B5); "has not asked for an offsite" still denies it.
pub fn absence_over_time(text: &Text, at: usize) -> bool {
    let Some(negator) = denier(text, at) else {
        return false;
    };
    if !matches!(text.words[negator].text.as_str(), "not" | "never") {
        return false;
    }
    let sentence = text.words[negator].sentence;
    let ahead: Vec<&str> = text.words[negator + 1..]
        .iter()
        .take_while(|w| w.sentence == sentence)
        .take(STRETCH_REACH)
        .map(|w| w.text.as_str())
        .collect();
    let stretch = ahead.iter().enumerate().position(|(k, w)| match *w {
        "since" => true,
        "for" | "in" => ahead[k + 1..]
            .iter()
            .find(|w| !STRETCH_FILLERS.contains(w))
            .is_some_and(|w| {
                STRETCH_UNITS.contains(w)
                    || super::numbers::number_value(w)
                        .or_else(|| super::numbers::number_word(w))
                        .is_some()
            }),
        _ => false,
    });
    let Some(stretch) = stretch else {
        return false;
    };
    let between = Text::new(&ahead[..stretch].join(" "));
    !between.has(DISMISSING)
}

/// Values that only say a field holds nothing: "N/A", "-", "none".
const PLACEHOLDERS: &[&str] = &[
    "n/a",
    "n.a",
    "na",
    "-",
    "--",
    "none",
    "nil",
    "nothing",
    "not applicable",
    "x",
    "\u{2717}",
    "\u{2718}",
    "\u{274c}",
];

/// Values that deny what the field's label names: "no", "not present",
/// "absent".
const DENIALS: &[&str] = &[
    "no",
    "not present",
    "absent",
    "not evident",
    "not evidenced",
    "not seen",
    "not observed",
    "not found",
    "not shown",
    "not indicated",
    "not really",
    "no evidence",
    "no sign",
    "no signs",
    "false",
];

/// Whether `value`, the whole value of a field (a table cell, the text
/// after a label's colon), is a placeholder or a denial of what the label
/// names ("N/A", "n/a", "none", "-", "Not present", "absent", "No"), or
/// opens with one before a reason ("No (rated meets expectations)",
/// "none: nothing about tiredness"): the field is empty (para-it13
/// B1). A value that only starts with such a word is no denial ("no energy
/// left", "none of her usual drive": the evidence itself).
pub fn empty_value(value: &str) -> bool {
    let head = value
        .split(['(', '[', ';', ',', ':', '\u{2013}', '\u{2014}'])
        .next()
        .unwrap_or("");
    let head = head.split(" - ").next().unwrap_or("");
    let head: String = head
        .trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`' | '.' | '!'))
        .to_lowercase();
    let head = head.replace('\u{2019}', "'");
    let dashes = !head.is_empty()
        && head
            .chars()
            .all(|c| matches!(c, '-' | '\u{2013}' | '\u{2014}'));
    dashes || PLACEHOLDERS.contains(&head.as_str()) || DENIALS.contains(&head.as_str())
}

/// `line` with a placeholder written as the word "none", which negation
/// reads: "N/A" anywhere ("N/A for reduced accomplishment", "Exhaustion:
/// N/A."), and a value of dashes after a label's colon ("Exhaustion: -")
/// (para-it13 B1).
pub fn placeholders_as_none(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for (k, token) in line.split(' ').enumerate() {
        if k > 0 {
            out.push(' ');
        }
        let core = token
            .trim_matches(|c: char| matches!(c, '*' | '_' | '.' | ',' | ';' | ':' | '(' | ')'));
        if core.eq_ignore_ascii_case("n/a") || core.eq_ignore_ascii_case("n.a") {
            out.push_str(&token.replacen(core, "none", 1));
        } else {
            out.push_str(token);
        }
    }
    if let Some((label, value)) = out.rsplit_once(':')
        && !value.trim().is_empty()
        && value
            .trim()
            .chars()
            .all(|c| matches!(c, '-' | '\u{2013}' | '\u{2014}' | '.' | ' '))
    {
        return format!("{label}: none");
    }
    out
}

/// How far after a mention a trailing negation is looked for.
const AFTER_REACH: usize = 6;

const COPULAS: &[&str] = &[
    "is", "are", "was", "were", "seems", "seem", "appears", "appear", "do", "does", "did", "be",
    "has", "have", "had", "been",
];

/// After the mention, a negation that is about it: one right after it
/// ("cynicism: no", "cynicism absent", "exhaustion (none)", "cynicism: not
/// present"), or one after a copula the mention is the subject of
/// ("cynicism is not present", "exhaustion and cynicism are absent",
/// "exhaustion was ruled out"). Not one about a detail ("exhaustion (no
/// leave for 11 months)", "exhaustion (not sleeping)", "efficacy (no
/// evidence of exhaustion)"), one of a new subject ("..., and I don't see
/// X"), or one of the next item ("efficacy \u{2013} exhaustion is absent").
pub fn negated_after(text: &Text, start: usize, end: usize) -> bool {
    let words = &text.words;
    let Some(last) = words.get(end.saturating_sub(1).max(start)) else {
        return false;
    };
    let after: Vec<&super::words::Word> = words[end.min(words.len())..]
        .iter()
        .take(AFTER_REACH)
        .take_while(|w| w.sentence == last.sentence)
        .collect();
    if negates_from(&after, 0)
        || dismissed_after_weighing(text, (start, end.min(text.len())), &after)
    {
        return true;
    }
    // "Depersonalization and reduced personal accomplishment: not
    // evidenced": the mention, a coordinated item, then a title's colon
    // and the verdict on both.
    let coordinated = after
        .first()
        .is_some_and(|w| COORDINATORS.contains(&w.text.as_str()) || text.gap(end).trim() == ",");
    if coordinated {
        let colon = (1..after.len().min(ITEM_WORDS + 2)).find(|&j| {
            let gap = text.gap(end + j);
            gap.contains(':') && !gap.contains('\n')
        });
        if let Some(j) = colon
            && after[..j].iter().all(|w| !VERBS.contains(&w.text.as_str()))
            && negates_from(&after, j)
        {
            return true;
        }
    }
    // A verb or auxiliary is negated by the "not" that follows it: "we
    // will not contact you", "it does not".
    if VERBS.contains(&last.text.as_str()) && after.first().is_some_and(|w| w.text == "not") {
        return true;
    }
    // The mention as the subject: maybe a coordinated item, then a copula
    // in the same clause, then the negation.
    let Some(first) = after.first() else {
        return false;
    };
    if first.clause != last.clause {
        return false;
    }
    // "reprioritise and cut what is not essential": a relative word opens
    // a clause of its own, whose copula is not the mention's.
    // Up to a three-word coordinated item: "exhaustion and reduced
    // personal accomplishment are not scored as present".
    let copula = after.iter().take(6).position(|w| {
        w.clause != last.clause
            || COPULAS.contains(&w.text.as_str())
            || SCOPE_ENDS.contains(&w.text.as_str())
            || SUBJECTS.contains(&w.text.as_str())
            || matches!(w.text.as_str(), "what" | "whatever" | "where")
    });
    match copula {
        Some(c) if COPULAS.contains(&after[c].text.as_str()) && after[c].clause == last.clause => {
            negates_from(&after, c + 1)
                || (after
                    .get(c + 1)
                    .is_some_and(|w| ADVERBS.contains(&w.text.as_str()))
                    && negates_from(&after, c + 2))
        }
        _ => false,
    }
}

/// Verbs of weighing a candidate: "I looked for depersonalization",
/// "I considered CRITICAL".
const WEIGHING: &[&str] = &[
    "considered",
    "weighed",
    "checked",
    "looked",
    "screened",
    "examined",
    "assessed",
    "explored",
    "tested",
];

/// The mention weighed, then dismissed in a coordinated clause: "I looked
/// for depersonalization and found none", "I considered CRITICAL and ruled
/// it out", "... and it does not apply" (play-it19, B1 and B2). The
/// dismissal refers back (a pronoun, "none", "nothing", "no sign" with
/// nothing after it), so "I checked exhaustion and found no sign of
/// cynicism" dismisses cynicism, not exhaustion.
fn dismissed_after_weighing(
    text: &Text,
    (start, end): (usize, usize),
    after: &[&super::words::Word],
) -> bool {
    let clause = text.words[start].clause;
    // "I considered X", "I considered X and Y": the verb before the
    // mention, or before the item it is coordinated with.
    let weighed = text.words[..start]
        .iter()
        .rev()
        .take_while(|w| w.clause == clause)
        .take(ITEM_WORDS + 4)
        .any(|w| WEIGHING.contains(&w.text.as_str()));
    if !weighed {
        return false;
    }
    // "I weighed exhaustion because of the poor sleep, but the case never
    // says they feel drained", "I considered AMBER, but only one strain
    // sign is current" (para-it4): a "but" after the weighing, then a
    // denial or a limit, dismisses it.
    let sentence = text.words.get(end).map(|w| w.sentence);
    let ahead: Vec<&str> = text.words[end.min(text.len())..]
        .iter()
        .take_while(|w| Some(w.sentence) == sentence)
        .take(BUT_REACH)
        .map(|w| w.text.as_str())
        .collect();
    if let Some(but) = ahead.iter().position(|w| *w == "but") {
        let denial = ahead[but + 1..].iter().take(8).enumerate().any(|(k, w)| {
            let affirming = *w == "not"
                && ahead
                    .get(but + 2 + k)
                    .is_some_and(|n| matches!(*n, "only" | "just"));
            matches!(*w, "never" | "not" | "no" | "only" | "nothing" | "none") && !affirming
        });
        if denial {
            return true;
        }
    }
    // "I checked for cynicism as well and found none": a trailing "as
    // well", "too" or "also" is stepped over.
    let trailing = match after {
        [a, b, ..] if a.text == "as" && b.text == "well" => 2,
        [a, ..] if matches!(a.text.as_str(), "too" | "also") => 1,
        _ => 0,
    };
    let (end, after) = (end + trailing, &after[trailing..]);
    // "I looked for cynicism or detachment and did not find any": an
    // item joined by "or" is dismissed only with the item after it.
    let Some(joined) = after.first().map(|w| w.text.as_str()) else {
        return false;
    };
    if !matches!(joined, "and" | "but" | "or") {
        return false;
    }
    // "I considered depersonalization and reduced personal accomplishment
    // and rejected both": past a coordinated item, the dismissal must
    // refer to them all.
    let sentence = after[0].sentence;
    let longer: Vec<&str> = text.words[end..]
        .iter()
        .take_while(|w| w.sentence == sentence)
        .take(ITEM_WORDS + 4)
        .map(|w| w.text.as_str())
        .collect();
    let second =
        (1..longer.len().min(ITEM_WORDS + 2)).find(|&k| matches!(longer[k], "and" | "but"));
    if let Some(k) = second
        && longer[1..k].iter().all(|w| !VERBS.contains(w))
    {
        let rest = &longer[k + 1..];
        // "ruled out both", "rejected them both".
        let object = match rest {
            ["ruled", "out", object, ..] => Some(*object),
            [
                "rejected" | "discounted" | "dismissed" | "excluded",
                object,
                ..,
            ] => Some(*object),
            _ => None,
        };
        if object.is_some_and(|o| matches!(o, "both" | "them" | "all" | "each" | "either"))
            || found_nothing(&clause_from(&text.words, end + k + 1))
        {
            return true;
        }
    }
    if joined == "or" {
        return false;
    }
    let rest: Vec<&str> = after[1..].iter().map(|w| w.text.as_str()).collect();
    if after.len() > 1 && found_nothing(&clause_from(&text.words, end + 1)) {
        return true;
    }
    let ends = |k: usize| after.get(k + 1).is_none_or(|w| w.clause != after[k].clause);
    match rest.as_slice() {
        ["found" | "saw", "none" | "nothing", ..] => true,
        ["found" | "saw", "no", evidence, "of", pronoun, ..] if is_evidence(evidence) => {
            REFERRING.contains(pronoun)
        }
        ["found" | "saw", "no", evidence, ..] if is_evidence(evidence) => ends(3),
        [
            "ruled" | "rejected" | "discounted" | "dismissed" | "excluded",
            pronoun,
            ..,
        ] if REFERRING.contains(pronoun) || matches!(*pronoun, "both" | "all") => true,
        ["ruled", "out", "both" | "them" | "all" | "each", ..] => true,
        ["ruled", "out", ..] => ends(2),
        // "Considered RED and rejected: ...".
        ["rejected" | "dismissed" | "discounted" | "excluded", ..] => ends(1),
        [
            "it" | "that" | "this",
            "does" | "did",
            "not",
            "apply" | "fit",
            ..,
        ] => true,
        _ => false,
    }
}

/// Whether `rest`, the clause after a weighing's coordinator, says that
/// nothing was found of what was weighed: "did not find any", "could not
/// see either of them", "found neither" (para-it6).
/// The object refers back when it ends the clause (`rest` holds the
/// clause only) or says "of them": "did not find any leave" is about leave.
fn found_nothing(rest: &[&str]) -> bool {
    const NOTHING: &[&str] = &["any", "either", "anything", "them", "it", "one"];
    let refers_back = |tail: &[&str]| match tail {
        [] => true,
        ["of", pronoun, ..] => REFERRING.contains(pronoun) || *pronoun == "either",
        _ => false,
    };
    match rest {
        ["found" | "saw", "neither", tail @ ..] => refers_back(tail),
        [
            "did" | "could" | "do",
            "not",
            "find" | "see" | "spot",
            object,
            tail @ ..,
        ] => NOTHING.contains(object) && refers_back(tail),
        _ => false,
    }
}

/// The words of `words` from `from` to the end of its clause.
fn clause_from(words: &[super::words::Word], from: usize) -> Vec<&str> {
    let clause = words.get(from).map(|w| w.clause);
    words[from.min(words.len())..]
        .iter()
        .take_while(|w| Some(w.clause) == clause)
        .map(|w| w.text.as_str())
        .collect()
}

/// How far after a weighed mention its "but" is looked for, in words.
const BUT_REACH: usize = 14;

/// Adverbs and auxiliaries between a copula and its negation: "is clearly
/// not present", "has been ruled out".
const ADVERBS: &[&str] = &[
    "also",
    "likewise",
    "entirely",
    "completely",
    "clearly",
    "really",
    "currently",
    "definitely",
    "probably",
    "simply",
    "been",
    "being",
];

/// Whether the words of `after` from `k` open with a negation of what
/// stands before them.
fn negates_from(after: &[&super::words::Word], k: usize) -> bool {
    let Some(w) = after.get(k) else {
        return false;
    };
    let next = after.get(k + 1);
    let ends_clause = next.is_none_or(|n| n.clause != w.clause);
    // A verdict ends its clause or says what was not found: "cynicism:
    // none", "(none reported)"; "none of fatigue" negates fatigue.
    let verdict = ends_clause || next.is_some_and(|n| VERDICTS.contains(&n.text.as_str()));
    match w.text.as_str() {
        "absent" | "unlikely" | "nowhere" => true,
        // "cynicism: missing", "exhaustion missing from the notes", but
        // not "(missing sprint commitments, never feels good enough)":
        // with an object they are the symptom itself (para-it13 B3).
        "missing" | "lacking" => {
            ends_clause
                || next.is_some_and(|n| {
                    matches!(
                        n.text.as_str(),
                        "in" | "from" | "here" | "entirely" | "completely" | "altogether"
                    )
                })
        }
        "none" => verdict,
        "ruled" => next.is_some_and(|n| n.text == "out"),
        // "cynicism: no evidence", but not "(no evidence of exhaustion)",
        // which is about exhaustion.
        // "no clear sign of it", "no real evidence": a word grading the
        // evidence between (play-it32 B1).
        "no" => {
            let graded = usize::from(next.is_some_and(|n| GRADING.contains(&n.text.as_str())));
            let next = after.get(k + 1 + graded);
            let then = after.get(k + 2 + graded);
            ends_clause
                || next.is_some_and(|n| is_evidence(&n.text))
                    && then.is_none_or(|t| {
                        t.text != "of"
                            || after
                                .get(k + 3 + graded)
                                .is_some_and(|r| REFERRING.contains(&r.text.as_str()))
                    })
        }
        // "cynicism: not present", but not "(not sleeping well)" or "High,
        // not Low", which negate what follows.
        "not" if k == 0 => verdict,
        // "exhaustion: never mentioned", "cynicism never seen", but not
        // "(never joins the team chat)", the symptom itself (para-it13 B3).
        "never" if k == 0 => next.is_some_and(|n| VERDICTS.contains(&n.text.as_str())),
        "not" => {
            !next.is_some_and(|n| n.text.ends_with("ing") || n.text == "only" || n.text == "just")
        }
        _ => false,
    }
}

/// Words that complete a verdict on what stands before: "not present",
/// "none reported".
const VERDICTS: &[&str] = &[
    "present",
    "evidenced",
    "supported",
    "demonstrated",
    "documented",
    "established",
    "evident",
    "seen",
    "observed",
    "found",
    "there",
    "applicable",
    "relevant",
    "indicated",
    "shown",
    "apparent",
    "noted",
    "reported",
    "detected",
    "identified",
    "clear",
    "obvious",
    "visible",
    "mentioned",
    "raised",
];

/// Words after "no evidence of" that refer back to the mention.
const REFERRING: &[&str] = &["it", "this", "that", "them", "these", "those"];

/// Words that grade the evidence a "no" denies: "no clear sign of it".
const GRADING: &[&str] = &[
    "clear",
    "real",
    "obvious",
    "strong",
    "significant",
    "apparent",
    "notable",
    "definite",
    "firm",
    "visible",
    "particular",
];

fn is_evidence(word: &str) -> bool {
    matches!(
        word,
        "evidence" | "sign" | "signs" | "indication" | "indications"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn negated_at(text: &str, word: &str) -> bool {
        let t = Text::new(text);
        let spans = t.find(word);
        let (s, e) = spans.first().copied().unwrap_or((t.len(), t.len()));
        negated(&t, s, e)
    }

    #[test]
    fn a_relative_clause_keeps_its_negation() {
        // The noun's predicate after a negated relative clause is not
        // negated by it (play-st30 B1).
        for (text, word) in [
            (
                "The sign-in you did not recognise has been referred to our security team",
                "security",
            ),
            (
                "a sign-in from a place you don't recognise is something we treat as a possible compromise",
                "compromise",
            ),
            (
                "The charge you didn't authorise will be refunded today",
                "refunded",
            ),
            (
                "The login you never made is now with our security team",
                "security",
            ),
            (
                "Any sign-in you do not recognise from abroad is handled by our security team",
                "security",
            ),
            (
                "The device you haven't used before has been signed out",
                "signed",
            ),
            ("What you did not expect is the fee", "fee"),
        ] {
            assert!(!negated_at(text, word), "{text}: {word} negated");
        }
        // Still negated: the relative clause's own words, a negation of
        // the predicate, a negation before the relative clause, and a
        // negated verb with an object of its own or a person opening the
        // clause.
        for (text, word) in [
            ("The sign-in you did not recognise from Almaty", "almaty"),
            (
                "The sign-in you did not recognise has not been referred to our security team",
                "security",
            ),
            (
                "We cannot say the sign-in you did not make is harmless",
                "harmless",
            ),
            ("You did not make the sign-in, our team is on it", "sign"),
            ("I think you did not see the data was accessed", "accessed"),
            ("No sign-in you made is a compromise", "compromise"),
        ] {
            assert!(negated_at(text, word), "{text}: {word} not negated");
        }
    }

    #[test]
    fn negation_reaches_the_end_of_its_clause_and_no_further() {
        for (text, word, expected) in [
            // A negated gerund's phrase ends before the predicate after it,
            // and a relative clause's copula is its own (play-it14 B3,
            // play-it15 B1).
            (
                "Four production mistakes in five days from not being able to concentrate and \
                 crying at work twice this week mean Vikram needs an EAP referral today",
                "referral",
                false,
            ),
            ("Not sleeping more than four hours a night", "night", true),
            (
                "Check in to reprioritise and cut what is not essential for launch",
                "reprioritise",
                false,
            ),
            (
                "Check in to reprioritise and cut whatever isn't needed",
                "reprioritise",
                false,
            ),
            // Weighed, then dismissed in a coordinated clause that refers
            // back (play-it19).
            (
                "I looked for depersonalization and found none: nothing suggests distance",
                "depersonalization",
                true,
            ),
            ("I considered CRITICAL and ruled it out", "critical", true),
            (
                "I weighed cynicism because of the sarcasm, but the case never says it is \
                 about users",
                "cynicism",
                true,
            ),
            (
                "I considered RED, but only one sign is current",
                "red",
                true,
            ),
            (
                "I considered RED, but the ideation makes it right",
                "red",
                false,
            ),
            // Dismissed together, or under a title that dismisses
            // (para-it2, para-it3).
            (
                "I weighed cynicism and detachment and ruled out both",
                "cynicism",
                true,
            ),
            (
                "I weighed cynicism and detachment and ruled out both",
                "detachment",
                true,
            ),
            (
                "I looked for signs of cynicism or of feeling ineffective and did not find any",
                "cynicism",
                true,
            ),
            (
                "I looked for signs of cynicism or of feeling ineffective and did not find any",
                "ineffective",
                true,
            ),
            (
                "I checked for detachment and didn't find any",
                "detachment",
                true,
            ),
            (
                "I looked for cynicism or detachment and found plenty of both",
                "cynicism",
                false,
            ),
            (
                "I weighed cynicism and detachment and found them everywhere",
                "cynicism",
                false,
            ),
            (
                "Cynicism and low efficacy: not supported by the case",
                "cynicism",
                true,
            ),
            (
                "Cynicism and low efficacy: not supported by the case",
                "efficacy",
                true,
            ),
            (
                "Cynicism and low efficacy: both clearly present",
                "cynicism",
                false,
            ),
            ("(Ruled out: cynicism - no sign of it.)", "cynicism", true),
            ("Not evidenced: cynicism", "cynicism", true),
            ("Evidence: cynicism toward users", "cynicism", false),
            ("(Considered RED and rejected: no severe sign)", "red", true),
            ("Considered RED and rejected the EAP option", "red", false),
            (
                "Reduced accomplishment is also absent",
                "accomplishment",
                true,
            ),
            (
                "(I considered exhaustion but rejected it: the case reports early waking)",
                "exhaustion",
                true,
            ),
            (
                "so exhaustion and reduced personal accomplishment are not scored as present",
                "exhaustion",
                true,
            ),
            (
                "I checked for cynicism and found no sign of it",
                "cynicism",
                true,
            ),
            (
                "I checked exhaustion and found no sign of cynicism",
                "exhaustion",
                false,
            ),
            (
                "I considered exhaustion and it clearly fits",
                "exhaustion",
                false,
            ),
            (
                "Exhaustion and I found none of the others",
                "exhaustion",
                false,
            ),
            ("Cynicism and detachment are not present", "cynicism", true),
            ("No sign of cynicism.", "cynicism", true),
            ("Cynicism is not present.", "cynicism", true),
            ("Cynicism: no", "cynicism", true),
            ("Cynicism absent; exhaustion present", "cynicism", true),
            ("Cynicism absent; exhaustion present", "exhaustion", false),
            ("Exhaustion (no leave for 11 months)", "exhaustion", false),
            ("Exhaustion (not sleeping well)", "exhaustion", false),
            ("Not exhaustion but cynicism", "exhaustion", true),
            ("Not exhaustion but cynicism", "cynicism", false),
            (
                "No leave in 11 months, exhaustion is clear",
                "exhaustion",
                false,
            ),
            ("Exhaustion and cynicism", "cynicism", false),
            (
                "There is no direct evidence of emotional exhaustion",
                "exhaustion",
                true,
            ),
            // Scope is the clause, not a window of words.
            (
                "There is no direct evidence at this point of emotional exhaustion or depersonalisation",
                "depersonalisation",
                true,
            ),
            // Coordination and lists carry it.
            ("No evidence of exhaustion or cynicism", "cynicism", true),
            (
                "no evidence of exhaustion, cynicism or detachment",
                "detachment",
                true,
            ),
            (
                "no evidence of exhaustion, cynicism, or detachment",
                "cynicism",
                true,
            ),
            ("We will not refund or credit you.", "credit", true),
            ("Neither exhaustion nor cynicism.", "cynicism", true),
            // A short aside after a negated word.
            ("No sign of cynicism (detachment).", "detachment", true),
            (
                "No sign of cynicism (she is detached at times).",
                "detached",
                false,
            ),
            // New clauses end it.
            (
                "No leave since March and she is exhausted",
                "exhausted",
                false,
            ),
            ("No leave because she is exhausted", "exhausted", false),
            ("Don't worry, we will refund you.", "refund", false),
            (
                "We cannot refund this charge, but we will credit your account.",
                "credit",
                false,
            ),
            ("no leave, exhaustion evident", "exhaustion", false),
            ("I can't promise that we will refund you.", "refund", true),
            // "yet" after a negator is an adverb, not a contrast.
            (
                "We cannot yet confirm that your data is safe.",
                "safe",
                true,
            ),
            ("Not exhaustion, yet cynicism is clear", "cynicism", false),
            // A trailing negation in a clause of its own is that clause's.
            ("Cynicism, but exhaustion is not present", "cynicism", false),
            ("Your data is safe, so do not worry", "safe", false),
        ] {
            assert_eq!(negated_at(text, word), expected, "{text:?} / {word}");
        }
    }

    /// A checklist's cross denies the item beside it, before or after it,
    /// and only that item; a tick affirms (para-it15 B1).
    #[test]
    fn checklist_crosses_deny_their_item() {
        for (text, word, expected) in [
            ("Cynicism \u{2718}", "cynicism", true),
            ("\u{274c} Cynicism", "cynicism", true),
            ("- [ ] cynicism", "cynicism", true),
            ("Cynicism \u{2716} (no sign in the notes)", "cynicism", true),
            ("Cynicism: \u{2717}", "cynicism", true),
            ("Cynicism \u{2714}", "cynicism", false),
            ("\u{2705} Cynicism", "cynicism", false),
            ("- [x] cynicism", "cynicism", false),
            ("- [X] cynicism (stopped listening)", "cynicism", false),
            // The cross after one item ends it: the next is not denied.
            ("Exhaustion \u{2718} cynicism \u{2714}", "cynicism", false),
            ("Exhaustion \u{2718} cynicism \u{2714}", "exhaustion", true),
            ("\u{2718} Exhaustion \u{2714} cynicism", "cynicism", false),
            // Brackets that hold other text are no checkbox.
            ("Cynicism [see notes]", "cynicism", false),
        ] {
            let t = Text::new(text);
            let (s, e) = t.find(word).first().copied().unwrap_or((0, 0));
            assert_eq!(negated(&t, s, e), expected, "{text}: {word}");
        }
        // "[x]" leaves no word "x" behind.
        assert!(Text::new("[x] Cynicism").find("x").is_empty());
    }

    #[test]
    fn topics_are_denied_only_by_not() {
        let denied_at = |text: &str, word: &str| {
            let t = Text::new(text);
            t.find(word).first().is_some_and(|(s, _)| denied(&t, *s))
        };
        assert!(denied_at("Not the on-call rota but the deadline", "rota"));
        assert!(denied_at("Don't touch the roadmap.", "roadmap"));
        assert!(!denied_at(
            "Not the on-call rota but the deadline",
            "deadline"
        ));
        assert!(!denied_at("No backfill for the leavers", "backfill"));
        assert!(!denied_at(
            "Tell the team what is and isn't decided about the reorg",
            "reorg"
        ));
        assert!(denied_at("It is not about the reorg", "reorg"));
        assert!(!denied_at("Working without cover since March", "cover"));
        assert!(!denied_at(
            "Not knowing whether their job survives the reorg",
            "reorg"
        ));
    }

    #[test]
    fn an_absence_over_time_is_no_denial_of_what_is_missing() {
        let absent_at = |text: &str, word: &str| {
            let t = Text::new(text);
            t.find(word)
                .first()
                .is_some_and(|(s, _)| absence_over_time(&t, *s))
        };
        for (text, word) in [
            (
                "The team hasn't been together at an offsite for 7 months",
                "offsite",
            ),
            ("The manager has not held 1:1s in 3 months", "oneonone"),
            ("We haven't had a team event since March", "event"),
            ("Nobody has heard about the reorg for weeks", "reorg"),
            (
                "They have never had a team day in the last 9 months",
                "team",
            ),
        ] {
            // "Nobody" is no "not": nothing to read there.
            let expected = !text.starts_with("Nobody");
            assert_eq!(absent_at(text, word), expected, "{text}");
        }
        for (text, word) in [
            ("The team has not asked for an offsite", "offsite"),
            (
                "We have not seen any problem with team events in 7 months",
                "events",
            ),
            ("Do not hold the offsite this month", "offsite"),
            (
                "They have not noticed an issue with the 1:1s for months",
                "oneonone",
            ),
        ] {
            assert!(!absent_at(text, word), "{text}");
        }
    }

    #[test]
    fn negation_over_lists_asides_and_idioms() {
        for (text, word, expected) in [
            // Lists and coordination carry it.
            (
                "No evidence of exhaustion, cynicism or reduced accomplishment.",
                "accomplishment",
                true,
            ),
            (
                "There are no signs of depersonalisation.",
                "depersonalisation",
                true,
            ),
            ("Without any sign of cynicism.", "cynicism", true),
            (
                "She shows no cynicism and no detachment.",
                "detachment",
                true,
            ),
            ("Cynicism isn't evident.", "cynicism", true),
            ("Depersonalization: not present", "depersonalization", true),
            ("Depersonalisation - absent", "depersonalisation", true),
            ("Reduced accomplishment: none", "accomplishment", true),
            ("We did not see exhaustion.", "exhaustion", true),
            ("Never mentions exhaustion.", "exhaustion", true),
            (
                "No exhaustion, cynicism, or inefficacy.",
                "inefficacy",
                true,
            ),
            ("Neither cynical nor detached.", "detached", true),
            ("Exhaustion was ruled out.", "exhaustion", true),
            ("I wouldn't call it cynicism.", "cynicism", true),
            ("Nothing suggests cynicism.", "cynicism", true),
            ("Cynicism: yes; exhaustion: no", "exhaustion", true),
            ("Exhaustion is present, not cynicism.", "cynicism", true),
            // An aside of a few words after a negated word, abbreviations
            // included.
            ("No sign of cynicism (i.e. detachment).", "detachment", true),
            ("No sign of cynicism (e.g. sarcasm).", "sarcasm", true),
            // Not negated: other clauses, idioms, affirmations.
            ("Cynicism: yes; exhaustion: no", "cynicism", false),
            ("Exhaustion is present, not cynicism.", "exhaustion", false),
            ("Not only exhausted but cynical.", "exhausted", false),
            ("Not only exhausted but cynical.", "cynical", false),
            ("Not just tired: exhausted.", "tired", false),
            ("Without doubt, exhaustion is present.", "exhaustion", false),
            (
                "No leave for 11 months; exhaustion is clear.",
                "exhaustion",
                false,
            ),
            (
                "There's no exhaustion or cynicism here, only reduced accomplishment.",
                "accomplishment",
                false,
            ),
            ("No exhaustion, but cynicism.", "cynicism", false),
            ("She wakes at 3 a.m. and is exhausted.", "exhausted", false),
            (
                "No time off; she is exhausted and detached.",
                "detached",
                false,
            ),
            // Trailing negations belong to what they follow.
            (
                "Exhaustion and cynicism are not present.",
                "exhaustion",
                true,
            ),
            ("Exhaustion has been ruled out.", "exhaustion", true),
            ("Cynicism: no evidence.", "cynicism", true),
            ("Cynicism (none).", "cynicism", true),
            ("Cynicism is clearly not present.", "cynicism", true),
            ("Cynicism: no evidence of it.", "cynicism", true),
            ("Cynicism (none reported)", "cynicism", true),
            (
                "Cynicism and inefficacy (no evidence of exhaustion)",
                "inefficacy",
                false,
            ),
            (
                "Cynicism and inefficacy (no evidence of exhaustion)",
                "exhaustion",
                true,
            ),
            (
                "Cynicism, though exhaustion is not there.",
                "cynicism",
                false,
            ),
            (
                "Detachment, inefficacy \u{2013} exhaustion is absent",
                "inefficacy",
                false,
            ),
            (
                "Detachment and inefficacy \u{2013} none of fatigue.",
                "detachment",
                false,
            ),
            (
                "Detachment and inefficacy \u{2013} none of fatigue.",
                "fatigue",
                true,
            ),
            (
                "Inefficacy, and I don't see exhaustion.",
                "inefficacy",
                false,
            ),
            (
                "Inefficacy, and I don't see exhaustion.",
                "exhaustion",
                true,
            ),
            ("High, not Low.", "high", false),
            ("High, not Low.", "low", true),
            ("Exhaustion \u{2013} not cynicism", "exhaustion", false),
            ("We will not contact you within 4 hours.", "will", true),
            ("It does not apply.", "does", true),
            (
                "He does not drive home tired - arrange a taxi - and together they agree a safety plan.",
                "safety",
                false,
            ),
            // Across an aside in brackets, and "rather than".
            (
                "I see no direct evidence of exhaustion (no report of feeling drained) or of reduced accomplishment (rating is fine).",
                "accomplishment",
                true,
            ),
            (
                "No sign of exhaustion (she takes her leave) nor of cynicism.",
                "cynicism",
                true,
            ),
            ("That's self-doubt rather than cynicism.", "cynicism", true),
            ("That's self-doubt rather than cynicism.", "self", false),
            (
                "Reduced accomplishment, instead of cynicism.",
                "cynicism",
                true,
            ),
            (
                "No leave (11 months) and she is exhausted.",
                "exhausted",
                false,
            ),
            (
                "No leave (11 months), exhaustion evident.",
                "exhaustion",
                false,
            ),
            (
                "Exhaustion (no leave for 11 months) and cynicism",
                "cynicism",
                false,
            ),
        ] {
            assert_eq!(negated_at(text, word), expected, "{text:?} / {word}");
        }
    }
}
