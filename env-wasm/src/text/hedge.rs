//! One-value answers and hedges. A field that takes one value (a severity,
//! a tier, a yes or no, a budget total) is read as every value it states;
//! two or more ("moderate to high", "RED or AMBER", "between $9,000 and
//! $12,000", the same section twice with different values) are a hedge,
//! and a hedge scores as its worst reading, so naming several options can
//! never pay better than naming the wrong one.
//!
//! [`stated`] reads which of the values mentioned in a field it states,
//! so that reasons written beside the value ("High: long hours, low
//! energy", "RED, not yet CRITICAL", "High (Critical starts at 8)") are not
//! read as more values, while a second value offered as an answer ("High,
//! possibly Critical", "RED. Or AMBER.") is. A value the writer corrects
//! ("Moderate, actually High", "Moderate \u{2014} no, actually High",
//! "AMBER (should be RED)") is withdrawn: the corrected value is the
//! answer ([`corrected_from`]).

use std::collections::BTreeSet;

use super::correction::Correction;
use super::negation::negated;
use super::words::Text;
use crate::points::Points;

/// What a one-value field states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OneValue<T: Ord> {
    /// Nothing readable.
    Missing,
    /// Exactly one value.
    One(T),
    /// Two or more distinct values.
    Hedged(BTreeSet<T>),
}

impl<T: Ord + Clone> OneValue<T> {
    /// The distinct values a field states, in any order.
    pub fn of(values: impl IntoIterator<Item = T>) -> Self {
        let set: BTreeSet<T> = crate::order::set_of(values);
        let mut items = set.iter();
        match (items.next(), items.next()) {
            (None, _) => OneValue::Missing,
            (Some(one), None) => OneValue::One(one.clone()),
            _ => OneValue::Hedged(set),
        }
    }

    /// The field read from two places (two copies of a section): their
    /// values together; a copy that states nothing adds nothing.
    pub fn and(self, other: OneValue<T>) -> Self {
        OneValue::of(self.into_values().into_iter().chain(other.into_values()))
    }

    /// Every value stated: none, one, or the hedge's.
    pub fn into_values(self) -> BTreeSet<T> {
        match self {
            OneValue::Missing => BTreeSet::new(),
            OneValue::One(v) => BTreeSet::from([v]),
            OneValue::Hedged(set) => set,
        }
    }

    /// The value, when exactly one is stated.
    pub fn one(&self) -> Option<&T> {
        match self {
            OneValue::One(v) => Some(v),
            _ => None,
        }
    }

    /// Whether two or more distinct values are stated.
    pub fn is_hedged(&self) -> bool {
        matches!(self, OneValue::Hedged(_))
    }

    /// The score of the field: `score` of its value, the lowest score of
    /// its readings when it is hedged, 0 when it states nothing.
    pub fn score(&self, score: impl Fn(&T) -> Points) -> Points {
        match self {
            OneValue::Missing => Points::ZERO,
            OneValue::One(v) => score(v),
            OneValue::Hedged(set) => set.iter().map(score).min().unwrap_or(Points::ZERO),
        }
    }
}

/// A value mentioned in a field, at words `start..end` of its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention<T> {
    /// The value mentioned.
    pub value: T,
    /// Index of the mention's first word.
    pub start: usize,
    /// Index of the word after the mention's last.
    pub end: usize,
}

/// The values a one-value field states ([`stated`]) when each value is
/// written as one word: `value_of` names the value a word is, if any.
pub fn stated_words<T: Ord + Clone>(
    text: &Text,
    value_of: impl Fn(&str) -> Option<T>,
) -> OneValue<T> {
    let mentions: Vec<Mention<T>> = text
        .words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            Some(Mention {
                value: value_of(&w.text)?,
                start: i,
                end: i + 1,
            })
        })
        .collect();
    stated(text, &mentions)
}

/// Words that may follow a value without making it a modifier of another
/// noun: the value's own nouns ("High severity", "RED tier"), joining and
/// reason words, verbs and time words. Any other word after a value makes
/// it an adjective ("high hours", "low energy", "red flag", "critical
/// incident"), which states no value.
const FOLLOWERS: &[&str] = &[
    // the value's nouns
    "level",
    "levels",
    // "the Low / Moderate / High / Critical scale" ([`scale_named`]).
    "scale",
    "severity",
    "tier",
    "tiers",
    "risk",
    "rating",
    "category",
    "band",
    "priority",
    "status",
    "zone",
    "case",
    "overall",
    "burnout",
    "grade",
    "classification",
    "range",
    "concern",
    "urgency",
    "alert",
    // joining and reasons
    "or",
    "and",
    "nor",
    "to",
    "but",
    "because",
    "since",
    "given",
    "due",
    "as",
    "with",
    "based",
    "from",
    "driven",
    "reflecting",
    "per",
    "under",
    "on",
    "at",
    "by",
    "in",
    "for",
    "according",
    "considering",
    "so",
    "then",
    "which",
    "rather",
    "not",
    "also",
    "too",
    "only",
    "though",
    "although",
    "while",
    "whereas",
    "if",
    "unless",
    // verbs and time
    "is",
    "are",
    "was",
    "were",
    "be",
    "seems",
    "appears",
    "now",
    "today",
    "currently",
    "here",
    "this",
    "it",
    "right",
    "even",
    "still",
    "yet",
    "again",
];

/// Words right before a value that make it the thing compared with or
/// forecast rather than the answer: "rather than Critical", "short of
/// Critical", "below Critical", "could become Critical", "up from Moderate".
const COMPARED: &[&str] = &[
    "than",
    "below",
    "above",
    "under",
    "over",
    "beyond",
    "from",
    "towards",
    "toward",
    "become",
    "becomes",
    "becoming",
    "reach",
    "reaches",
    "reaching",
    "escalate",
    "escalates",
    "escalating",
    "rise",
    "rises",
    "rising",
    "drop",
    "drops",
    "move",
    "moves",
    "tip",
    "tips",
    "into",
    "downgrade",
    "downgraded",
    "upgrade",
    "upgraded",
];

/// Verbs whose `to` forecasts a value: "could rise to Critical".
const FORECAST: &[&str] = &[
    "rise",
    "rises",
    "rising",
    "move",
    "moves",
    "moving",
    "escalate",
    "escalates",
    "escalating",
    "drop",
    "drops",
    "go",
    "goes",
    "jump",
    "jumps",
    "fall",
    "falls",
    "change",
    "changes",
    "upgrade",
    "downgrade",
    "increase",
    "decrease",
    "shift",
    "shifts",
    "return",
    "back",
];

/// Words that offer a value as an answer: "possibly Critical", "or AMBER".
pub(super) const HEDGES: &[&str] = &[
    "or",
    "maybe",
    "possibly",
    "perhaps",
    "probably",
    "likely",
    "arguably",
    "borderline",
    "bordering",
    "verging",
    "nearly",
    "almost",
    "either",
    "alternatively",
    "could",
    "might",
    "potentially",
    "approaching",
    "conceivably",
    "otherwise",
    "close",
    "near",
];

/// What assigns a value: a copula after the field itself ("the severity
/// is High", "it's RED"; not "hours are low"), a rating verb before
/// "it" ("I'd rate it High"), or a rating verb's past form ("rated High").
const COPULAS: &[&str] = &[
    "is", "are", "was", "be", "seems", "appears", "looks", "remains",
];
const FIELD_SUBJECTS: &[&str] = &[
    "severity",
    "level",
    "it",
    "this",
    "that",
    "which",
    "tier",
    "rating",
    "case",
    "burnout",
    "overall",
    "classification",
    "category",
    "risk",
    "priority",
    "status",
    "they",
    "she",
    "he",
];
const RATING: &[&str] = &[
    "rate", "call", "classify", "put", "place", "grade", "assess", "mark", "consider", "score",
];
const RATED: &[&str] = &[
    "rated",
    "called",
    "classified",
    "graded",
    "assessed",
    "marked",
    "considered",
    "scored",
    "placed",
];

/// Words that name what the value would be under other facts: "would
/// otherwise be normal", "high, else normal".
pub(super) const OTHERWISE: &[&str] = &["otherwise", "else"];

/// Words before an "otherwise" that make it a fallback rather than a
/// counterfactual: a condition the answer does not settle ("high if the
/// sender is a VIP, otherwise normal") or doubt ("high (not sure,
/// otherwise normal)").
const UNSETTLED: &[&str] = &[
    "if",
    "unless",
    "when",
    "whether",
    "assuming",
    "provided",
    "depending",
    "depends",
    "sure",
    "unsure",
    "unclear",
    "uncertain",
    "guess",
    "think",
    "maybe",
    "perhaps",
    "possibly",
    "probably",
];

/// Whether the "otherwise" or "else" at word `at` names what the value
/// would be under other facts, to explain it, rather than offering a
/// fallback: a conditional in its clause ("would otherwise be normal",
/// "otherwise it would be normal", "would otherwise have been no"), or a
/// reason stated before it in the asides, which start at word `asides`
/// ("VIP sender, otherwise normal"). A bare one ("high, otherwise normal",
/// "yes (else no)") or one after a condition or doubt ("high if VIP,
/// otherwise normal") offers the other value. `is_value` names the words
/// that are values of the field.
pub(super) fn counterfactual(
    text: &Text,
    asides: usize,
    at: usize,
    is_value: impl Fn(&str) -> bool,
) -> bool {
    let words = &text.words;
    let Some(word) = words.get(at) else {
        return false;
    };
    let clause: Vec<&str> = words
        .iter()
        .skip(at.saturating_sub(WINDOW))
        .take(2 * WINDOW)
        .filter(|w| w.clause == word.clause)
        .map(|w| w.text.as_str())
        .collect();
    // "would otherwise be normal", or "would" after its subject, in either
    // order with the "otherwise": "it would otherwise need a reply",
    // "otherwise it would need one" (play-para-pr8 B1) say what the value
    // would be, whatever words name it. A value before "would" is offered:
    // "otherwise normal would also work".
    let conditional = clause.iter().enumerate().any(|(k, w)| {
        *w == "would"
            && (clause[k..].iter().any(|w| matches!(*w, "be" | "been"))
                || k.checked_sub(1)
                    .and_then(|p| clause.get(p))
                    .is_some_and(|w| SUBJECTS.contains(w) || OTHERWISE.contains(w)))
    });
    // The asides just before it: a reason stands near what it explains,
    // and the bound keeps reading linear however many there are.
    let before = &words[asides.max(at.saturating_sub(2 * WINDOW)).min(at)..at];
    if before.iter().any(|w| UNSETTLED.contains(&w.text.as_str())) {
        return false;
    }
    let reason = before.iter().any(|w| {
        let w = w.text.as_str();
        !is_value(w) && !HEDGES.contains(&w) && !OTHERWISE.contains(&w)
    });
    // A reason counts only when it stands before the clause of the
    // "otherwise": "high (otherwise normal, VIP)" names no reason first.
    let reason_first = reason && before.iter().any(|w| w.clause != word.clause);
    conditional || reason_first
}

/// Pronouns that stand before "would" as its subject in a counterfactual:
/// "it would otherwise need a reply", "otherwise I would say normal".
const SUBJECTS: &[&str] = &[
    "it", "this", "that", "which", "she", "he", "they", "we", "i", "one",
];

/// Whether the value mentioned at word `start` is assigned to the field
/// ([`COPULAS`], [`RATING`], [`RATED`]), an obligation before the copula
/// included: "the severity should be High", "it must be RED" give the
/// value as the right one, as "Moderate, but it should be High" does
/// (a comment against the value, not the self-correction "Moderate
/// (should be High)").
pub(super) fn assigned(text: &Text, start: usize) -> bool {
    let mut before = words_before(text, start);
    match (before.next(), before.next()) {
        (Some(verb), Some(modal)) if COPULAS.contains(&verb) && OBLIGING.contains(&modal) => {
            before.next().is_some_and(|s| FIELD_SUBJECTS.contains(&s))
        }
        (Some(verb), Some(subject)) if COPULAS.contains(&verb) => FIELD_SUBJECTS.contains(&subject),
        (Some("it" | "them" | "this" | "her" | "him"), Some(verb)) => RATING.contains(&verb),
        (Some(verb), _) => RATED.contains(&verb),
        _ => false,
    }
}

/// Words that end the statement of the value and start its reasons.
const REASONS: &[&str] = &[
    "because",
    "since",
    "given",
    "due",
    "as",
    "driven",
    "with",
    "based",
    "from",
    "reflecting",
    "considering",
    "owing",
    "per",
    "according",
];

/// Articles and adverbs skipped when looking at the word before a value.
const SKIPPED: &[&str] = &[
    "a", "an", "the", "at", "least", "most", "really", "actually", "now",
];

/// The values a one-value field states, from the `mentions` of candidate
/// values in its `text` (in text order).
///
/// 1. A negated mention ("not CRITICAL", "no sign of high risk") states
///    nothing, nor does a modifier ("low energy", "red flag") or a value
///    compared with or forecast ("short of Critical", "could become RED").
/// 2. The statement of the value runs from the first mention left to the
///    first reason: the end of its sentence, a colon, semicolon, bracket,
///    dash or `=`, or a reason word ("because", "given", "with").
///    Every mention left in it is stated ("Moderate to high", "High/Critical",
///    "Low, Moderate, High or Critical").
/// 3. After it, in the reasons, a mention is stated only when it is offered
///    as an answer: after a hedge word ("possibly Critical", "or AMBER"),
///    when assigned to the field ("the tier is RED", "rated High"; not
///    "hours are low", nor a threshold such as "8 or more is Critical"), or
///    standing alone in its clause ("High. Critical.").
pub fn stated<T: Ord + Clone>(text: &Text, mentions: &[Mention<T>]) -> OneValue<T> {
    let mut mentioned = vec![false; text.len()];
    for m in mentions {
        let end = m.end.min(text.len());
        mentioned[m.start.min(end)..end]
            .iter_mut()
            .for_each(|at| *at = true);
    }
    // One value corrects nothing: the words need no reading.
    let found = match mentions.len() {
        0 | 1 => Vec::new(),
        _ => super::correction::corrections(&text.words, |k| text.gap(k)),
    };
    // A marker behind a value is no noun it modifies ("High, Critical
    // actually").
    let marked_behind = |end: usize| {
        found
            .iter()
            .any(|c| c.trailing.is_some_and(|behind| behind.marker == end))
    };
    let live: Vec<&Mention<T>> = mentions
        .iter()
        .filter(|m| m.start < m.end && m.end <= text.len())
        .filter(|m| !negated(text, m.start, m.end))
        .filter(|m| marked_behind(m.end) || !modifies_a_noun(text, &mentioned, m.end))
        .filter(|m| !compared(text, m.start))
        .collect();
    // What the writer corrects is withdrawn: the reading starts at the
    // corrected value.
    let spans: Vec<(usize, usize)> = live.iter().map(|m| (m.start, m.end)).collect();
    let corrected = corrected_among(text, &spans, &found);
    let live: Vec<&Mention<T>> = live.into_iter().skip(corrected).collect();
    let scale = scale_named(text, &live);
    let live: Vec<&Mention<T>> = live
        .into_iter()
        .enumerate()
        .filter(|(k, _)| !scale.contains(k))
        .map(|(_, m)| m)
        .collect();
    let Some(first) = live.first() else {
        return OneValue::Missing;
    };
    let head_end = statement_end(text, first.end);
    let values = live
        .iter()
        .filter(|m| m.start < head_end || offered(text, &mentioned, head_end, m.start, m.end));
    OneValue::of(values.map(|m| m.value.clone()))
}

/// Articles that may stand between a correction and the value it gives:
/// "actually the High tier", "I mean a Moderate case".
const ARTICLES: &[&str] = &["the", "a", "an"];

/// Nouns of a value that may follow the corrected value ("actually High
/// severity", "I mean RED tier").
const VALUE_NOUNS: &[&str] = &[
    "level", "severity", "tier", "risk", "rating", "category", "band", "priority", "overall",
];

/// The index of the first of `spans` (the words of a field's value
/// mentions, in text order) the field still states after the writer's
/// last self-correction, 0 when it makes none. A correction is the one
/// reader's ([`super::correction::corrections`]): a value, a break, a
/// correction opening right after it ("Moderate, actually High",
/// "Moderate \u{2014} no, actually High", "Moderate, I mean High",
/// "Moderate (should be High)", "Moderate, in fact High"), then the
/// corrected value (after an article at most) ending its clause or
/// followed by a reason or a value noun; or a marker behind the value,
/// ending its clause ("Moderate, High actually", "Moderate \u{2014} no,
/// High actually"). Every value before the corrected
/// one is withdrawn, so the correction's value is the answer, right or
/// wrong. A value with more after it ("High (actually Critical starts at
/// 8)"), a correction that compares ("actually closer to High"), "no"
/// alone ("Moderate, no High signs") and a comment in the writer's voice
/// ("Moderate, but it should be High", a hedge) correct nothing.
#[cfg_attr(
    not(feature = "it_mental_health"),
    expect(dead_code, reason = "only the plan's severity reader calls it")
)]
pub(crate) fn corrected_from(text: &Text, spans: &[(usize, usize)]) -> usize {
    // One value corrects nothing: the words need no reading.
    if spans.len() < 2 {
        return 0;
    }
    let found = super::correction::corrections(&text.words, |k| text.gap(k));
    corrected_among(text, spans, &found)
}

/// `corrected_from` with the self-corrections of `text` already found.
fn corrected_among(text: &Text, spans: &[(usize, usize)], found: &[Correction]) -> usize {
    if spans.len() < 2 {
        return 0;
    }
    let only = |from: usize, to: usize, allowed: &[&str]| {
        text.words
            .get(from..to)
            .is_some_and(|run| run.iter().all(|w| allowed.contains(&w.text.as_str())))
    };
    let settled = |b_end: usize| match text.words.get(b_end) {
        None => true,
        Some(next) => {
            next.clause != text.words[b_end - 1].clause
                || REASONS.contains(&next.text.as_str())
                || VALUE_NOUNS.contains(&next.text.as_str())
        }
    };
    let corrects = |(_, a_end): (usize, usize), (b_start, b_end): (usize, usize)| {
        found.iter().any(|c| {
            c.opening == a_end
                && only(c.value, b_start, ARTICLES)
                && match c.trailing {
                    // The marker behind the value ends its clause: only
                    // value nouns between ("High severity actually").
                    Some(behind) => only(b_end, behind.marker, VALUE_NOUNS),
                    None => settled(b_end),
                }
        })
    };
    spans
        .windows(2)
        .rposition(|pair| corrects(pair[0], pair[1]))
        .map_or(0, |k| k + 1)
}

/// The indices of `live` mentions that name the scale rather than pick
/// from it ([`naming_the_scale`]).
fn scale_named<T>(text: &Text, live: &[&Mention<T>]) -> Vec<usize> {
    let spans: Vec<(usize, usize)> = live.iter().map(|m| (m.start, m.end)).collect();
    naming_the_scale(text, &spans)
}

/// The indices of `spans` (the words of value mentions, in text order)
/// that name the scale rather than pick from it (para-it14 B1): a run of
/// two or more values joined only by "/", "|", commas, "or" or "and", with
/// "scale" just before or after it ("on a scale of Low / Moderate / High /
/// Critical this sits at High", "on a moderate / severe scale, severe").
/// Every reader of a level on a scale calls this, so a scale named before
/// the pick is no hedge in any of them.
pub(crate) fn naming_the_scale(text: &Text, spans: &[(usize, usize)]) -> Vec<usize> {
    let joined = |(_, a_end): (usize, usize), (b_start, _): (usize, usize)| {
        (a_end..=b_start).all(|k| {
            text.gap(k)
                .chars()
                .all(|c| c.is_whitespace() || matches!(c, '/' | '|' | ','))
        }) && text.words[a_end..b_start]
            .iter()
            .all(|w| matches!(w.text.as_str(), "or" | "and"))
    };
    let is_scale = |k: usize| {
        text.words
            .get(k)
            .is_some_and(|w| w.text.starts_with("scale"))
    };
    let mut out = Vec::new();
    let mut from = 0;
    while from < spans.len() {
        let mut to = from;
        while to + 1 < spans.len()
            && spans[to].1 <= spans[to + 1].0
            && joined(spans[to], spans[to + 1])
        {
            to += 1;
        }
        let (start, end) = (spans[from].0, spans[to].1);
        let named = (start.saturating_sub(3)..start).any(is_scale) || (end..end + 2).any(is_scale);
        if to > from && named {
            out.extend(from..=to);
        }
        from = to + 1;
    }
    out
}

/// How many words around a mention in the reasons are looked at to tell
/// whether it is offered as an answer; bounded so that reading stays
/// linear however long a clause is.
pub(super) const WINDOW: usize = 12;

/// Whether the word after a mention ending at `end` is a noun it modifies.
fn modifies_a_noun(text: &Text, mentioned: &[bool], end: usize) -> bool {
    let (Some(last), Some(next)) = (text.words.get(end.wrapping_sub(1)), text.words.get(end))
    else {
        return false;
    };
    if next.clause != last.clause || mentioned.get(end).copied().unwrap_or(false) {
        return false;
    }
    let word = next.text.as_str();
    let number = word.chars().next().is_some_and(|c| c.is_ascii_digit());
    !number && !FOLLOWERS.contains(&word)
}

/// Modal verbs of obligation between a field's subject and its copula:
/// "it should be High", "the tier must be RED".
const OBLIGING: &[&str] = &["should", "must"];

/// The words before `start` in its clause, nearest first, skipping
/// articles and adverbs.
fn words_before(text: &Text, start: usize) -> impl Iterator<Item = &str> {
    let clause = text.words.get(start).map(|w| w.clause);
    text.words[..start.min(text.words.len())]
        .iter()
        .rev()
        .take_while(move |w| Some(w.clause) == clause)
        .map(|w| w.text.as_str())
        .filter(|w| !SKIPPED.contains(w))
}

/// The two words before `start` in its clause, skipping articles and
/// adverbs.
fn two_before(text: &Text, start: usize) -> (Option<&str>, Option<&str>) {
    let mut before = words_before(text, start);
    (before.next(), before.next())
}

pub(super) fn compared(text: &Text, start: usize) -> bool {
    match two_before(text, start) {
        // "short of Critical", "instead of RED"; "a case of burnout" names
        // no value, so `of` compares only after these.
        (Some("of"), second) => matches!(second, Some("short" | "instead" | "ahead" | "shy")),
        // "could rise to Critical"; "Moderate to High" is a range.
        (Some("to"), second) => second.is_some_and(|w| FORECAST.contains(&w)),
        (first, _) => first.is_some_and(|w| COMPARED.contains(&w)),
    }
}

/// The first word index past the statement that starts before `from`.
fn statement_end(text: &Text, from: usize) -> usize {
    let sentence = text.words.get(from.saturating_sub(1)).map(|w| w.sentence);
    for k in from..text.len() {
        let word = &text.words[k];
        if Some(word.sentence) != sentence || REASONS.contains(&word.text.as_str()) {
            return k;
        }
        let gap = text.gap(k);
        let breaks = gap.contains([';', ':', '(', '[', '=', '\u{2013}', '\u{2014}'])
            || gap.contains(" - ")
            || gap.trim_end().ends_with(" -");
        if breaks {
            return k;
        }
    }
    text.len()
}

/// The words before word `start` in its clause, nearest first, at most
/// [`WINDOW`] of them.
pub(crate) fn clause_before(text: &Text, start: usize) -> Vec<&str> {
    let clause = text.words[start].clause;
    text.words[..start]
        .iter()
        .rev()
        .take(WINDOW)
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect()
}

/// Whether a mention in the reasons (which start at word `asides`) is
/// offered as a value.
fn offered(text: &Text, mentioned: &[bool], asides: usize, start: usize, end: usize) -> bool {
    let clause = text.words[start].clause;
    let before = clause_before(text, start);
    // "8 or more is Critical", "8+ Critical": a threshold or the rubric's
    // scale, not an answer.
    let threshold = before
        .iter()
        .any(|w| w.chars().next().is_some_and(|c| c.is_ascii_digit()));
    if threshold {
        return false;
    }
    // "High (would otherwise be Moderate)": what the value would be under
    // other facts explains it ([`counterfactual`]); a bare "otherwise
    // Moderate" still offers it.
    let is_value = |w: &str| {
        text.words
            .iter()
            .zip(mentioned)
            .any(|(word, m)| *m && word.text == w)
    };
    let hedged = before.iter().take(3).enumerate().any(|(k, w)| {
        HEDGES.contains(w)
            && !(OTHERWISE.contains(w)
                && counterfactual(text, asides, start.saturating_sub(1 + k), is_value))
    });
    if hedged {
        return true;
    }
    if assigned(text, start) {
        return true;
    }
    // Alone in its clause, apart from other values and hedge words.
    let mut after = text.words[end..]
        .iter()
        .enumerate()
        .take(WINDOW)
        .take_while(|(_, w)| w.clause == clause);
    before.iter().all(|w| HEDGES.contains(w))
        && after.all(|(k, w)| {
            HEDGES.contains(&w.text.as_str()) || mentioned.get(end + k).copied().unwrap_or(false)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hedge_scores_as_its_worst_reading() {
        let right = |v: &&str| {
            if *v == "high" {
                Points::FULL
            } else {
                Points::ZERO
            }
        };
        assert_eq!(OneValue::of(["high"]).score(right), Points::FULL);
        assert_eq!(OneValue::of(["high", "high"]).score(right), Points::FULL);
        assert_eq!(
            OneValue::of(["high", "moderate"]).score(right),
            Points::ZERO
        );
        assert_eq!(OneValue::<&str>::of([]).score(right), Points::ZERO);
        let copies = OneValue::of(["high"]).and(OneValue::of(["low"]));
        assert!(copies.is_hedged());
        assert_eq!(copies.score(right), Points::ZERO);
        assert_eq!(
            OneValue::of(["high"]).and(OneValue::Missing).one(),
            Some(&"high")
        );
    }

    /// The levels a field states, read with `stated`.
    fn levels(field: &str) -> OneValue<&'static str> {
        let text = Text::new(field);
        stated_words(&text, |w| {
            ["low", "moderate", "high", "critical"]
                .into_iter()
                .find(|l| *l == w)
        })
    }

    #[test]
    fn a_corrected_value_is_the_answer() {
        for field in [
            "Moderate, actually High.",
            "Moderate \u{2014} no, actually High.",
            "Moderate - no, actually High",
            "Moderate, I mean High",
            "Moderate (should be High)",
            "Low, actually high severity, given the hours",
            "Moderate... wait, actually it's High.",
            "Moderate, or rather High, because of the 67 hours.",
            "Critical, no, actually High",
            "Low. Actually, High.",
            // The one reader's markers (`correction`): "in fact",
            // "really", "make it", "meant".
            "Moderate, in fact High.",
            "Moderate (in fact High)",
            "Low, but really High",
            "Moderate, make it High",
            "Moderate - sorry, meant High",
            "Moderate, actually the High level",
        ] {
            assert_eq!(levels(field), OneValue::One("high"), "{field:?}");
        }
        // A correction to a wrong value is that value.
        assert_eq!(levels("High, actually Moderate"), OneValue::One("moderate"));
        // A value with more said of it is no correction: "Critical
        // starts at 8" explains the High; a comparison or an offer stays
        // a hedge.
        assert_eq!(
            levels("High (actually Critical starts at 8 points)"),
            OneValue::One("high")
        );
        for field in [
            "Moderate, actually closer to High",
            "Moderate, actually, or High",
            // A comment in the writer's voice for another value, not a
            // correction.
            "Moderate, but it should be High",
            "Moderate, it should be High",
            "High; the severity must be Moderate",
        ] {
            assert!(levels(field).is_hedged(), "{field:?}");
        }
        assert_eq!(corrected_from(&Text::new("High"), &[(0, 1)]), 0);
    }

    #[test]
    fn the_scale_named_before_the_pick_is_no_hedge() {
        for field in [
            "On a scale of Low / Moderate / High / Critical this sits at High.",
            "Using the low, moderate, high or critical scale: high.",
            "High, on the Low | Moderate | High | Critical scale.",
        ] {
            assert_eq!(levels(field), OneValue::One("high"), "{field}");
        }
        // Without the scale named, the values are still a hedge; named
        // and picked twice, still two values.
        for field in [
            "Moderate / High / Critical.",
            "On a scale of Low / Moderate / High / Critical: High or Critical.",
        ] {
            assert!(levels(field).is_hedged(), "{field}");
        }
    }

    #[test]
    fn reasons_beside_a_value_are_not_more_values() {
        for field in [
            "High",
            "**High** - 7 points",
            "High, driven by 62 hours a week and low energy",
            "High (7 points: hours 2, leave 2, dimensions 2, health 1)",
            "It is high (7 points under the rubric).",
            "Not critical, but high.",
            "High rather than Critical: 7 points, one short of it.",
            "High; it is one point short of Critical.",
            "High (6-7 = High, 8+ = Critical)",
            "High. Critical starts at 8 points.",
            "High. 8 or more would be Critical.",
            // What another value would take (play-it10, B1).
            "High (Critical would be 8 points)",
            "High; it would take 8 points to be Critical.",
            "High (one more point would make it Critical)",
            "High (would otherwise be Moderate)",
            "High (it would otherwise be Moderate without the on-call rota)",
            "High - without the headaches it would otherwise have been Moderate",
            "high severity, with low mood and high hours",
            "7 points, which is High.",
            "High for now; it could rise to Critical if sleep gets worse.",
            "I'd put it at High, up from Moderate last quarter.",
            "High. Not Low or Moderate.",
            "High. The severity is high.",
        ] {
            assert_eq!(levels(field), OneValue::One("high"), "{field:?}");
        }
        assert_eq!(
            levels("is Moderate because hours are low"),
            OneValue::One("moderate")
        );
    }

    #[test]
    fn a_second_value_offered_is_a_hedge() {
        for field in [
            "Moderate to high",
            "High or Critical",
            "High/Critical",
            "Moderate-high",
            "between High and Critical",
            "Either High or Critical",
            "High, possibly Critical",
            "High (maybe Critical)",
            "High. Or Critical.",
            "High. Critical.",
            "High - bordering on Critical",
            "Low, Moderate, High or Critical",
            "High. Then again the severity is Critical.",
            "High, or arguably Moderate given the leave",
            "High, otherwise Moderate",
            "High (if the leave counts; otherwise Moderate)",
            "High (not sure, would otherwise be Moderate)",
        ] {
            assert!(
                levels(field).is_hedged(),
                "{field:?} read {:?}",
                levels(field)
            );
        }
        for field in ["", "unclear", "Not high.", "Highlight the workflow below"] {
            assert_eq!(levels(field), OneValue::Missing, "{field:?}");
        }
    }
}
