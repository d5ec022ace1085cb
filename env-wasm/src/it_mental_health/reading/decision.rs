//! A yes/no answer (HR escalation) read as a one-value field: every
//! decision a section states is a reading ("No, not warranted" is no, "do
//! not escalate" is no, "yes, escalate today" is yes), and a section that
//! states both ("yes or no", "No. Escalate to HR now.") is a hedge. The
//! seed scored a correct "No" as yes because its heading contained
//! "escalat".
//!
//! Decisions are: a yes or no that opens the section; a later yes or no
//! given as an answer ("..., or no", "Actually, no."); a deciding verb
//! ("escalate", "refer to HR", "involve HR") or judgement ("warranted",
//! "needed") with the negation before it ("no need to involve HR",
//! "escalation is not required") or a refusing word beside it ("would be
//! premature"). A deciding verb set aside ("rather than escalating",
//! "instead of involving HR") is a no; one that is the subject of a
//! judgement ("escalating is not needed", "involving HR would be
//! warranted") is not read by itself: the judgement decides, as it does for
//! "escalation is not needed" (play-it27 B1; issue 21 R3). A decision under a condition ("escalate if it gets worse")
//! is a plan, not the answer, and is not read. Nor is a statement of the
//! rubric's rule, which is a reason ("No — 4 points is Moderate, and only
//! High or Critical is escalated"): a deciding word whose clause names the
//! severity bands it applies to (two of them, or one with "only", "cases",
//! "and above", ...) says what the rubric does with a band, not what this
//! answer decides.

use std::collections::{BTreeMap, BTreeSet};

use crate::text::{OneValue, Text, negation};

/// Words that refuse a decision before it ("do not escalate").
const BEFORE: &[&str] = &[
    "no", "not", "never", "without", "nor", "neither", "none", "nothing", "lack", "lacks", "avoid",
    "absence", "hold", "defer",
];

/// Words that start a new thought: negation before them stops there.
const CONJUNCTIONS: &[&str] = &[
    "but", "while", "whereas", "however", "although", "though", "yet",
];

/// Verbs that act on an escalation; all but "escalate" need HR in their
/// clause ("refer them to the EAP" is not an HR escalation).
const ACTING: &[&str] = &[
    "escalate",
    "escalating",
    "escalated",
    "refer",
    "referring",
    "referred",
    "involve",
    "involving",
    "involved",
    "notify",
    "notifying",
    "alert",
];

/// Judgements of an escalation; read in the section's first clause (right
/// after its title) or in a clause that names the escalation or HR.
const JUDGING: &[&str] = &[
    "warranted",
    "required",
    "needed",
    "necessary",
    "recommended",
    "advised",
    "advisable",
    "appropriate",
    "justified",
];

/// Words that may stand before an opening yes or no.
const INTENSIFIERS: &[&str] = &[
    "definitely",
    "absolutely",
    "certainly",
    "clearly",
    "honestly",
];

/// Words that decide "no" by themselves.
const REFUSING: &[&str] = &["unnecessary", "unwarranted", "premature", "unneeded"];

/// Words that put a decision under a condition.
const CONDITIONS: &[&str] = &["if", "unless", "when", "whenever", "once", "otherwise"];

/// Severity bands, as a rule names them.
const BANDS: &[&str] = &["low", "moderate", "medium", "high", "critical"];

/// Words that make one band named beside a deciding word the rule for a
/// class of cases ("only High is escalated", "High cases are escalated",
/// "escalation is reserved for High and above"), not this case's band
/// ("escalation is warranted given the high severity").
const GENERAL: &[&str] = &[
    "only", "just", "cases", "reserved", "above", "higher", "upwards", "least", "bands", "levels",
];

/// The decisions a yes/no section states.
pub fn decision(answer: &str) -> OneValue<bool> {
    let cleaned = strip_prompt_echo(answer);
    let text = Text::new(&cleaned);
    let mut readings = Vec::new();
    let Some(first) = text.words.first() else {
        return OneValue::Missing;
    };
    let context = Context::of(&text);
    // "Definitely yes", "Absolutely not": an intensifier before the answer.
    let opening = text
        .words
        .iter()
        .take(3)
        .find(|w| !INTENSIFIERS.contains(&w.text.as_str()))
        .map_or("", |w| w.text.as_str());
    match opening {
        "yes" | "y" | "true" | "yep" | "yeah" | "yup" | "aye" => readings.push(true),
        "no" | "n" | "false" | "none" | "not" | "never" | "nope" | "nah" => readings.push(false),
        _ => {}
    }
    for (i, w) in text.words.iter().enumerate() {
        let word = w.text.as_str();
        if i > 0 && matches!(word, "yes" | "no") && given_as_answer(&text, i) {
            readings.push(word == "yes");
            continue;
        }
        if REFUSING.contains(&word) {
            readings.push(false);
            continue;
        }
        let names_hr = context.hr_clauses.contains(&w.clause);
        let acting = ACTING.contains(&word) && (word.starts_with("escalat") || names_hr);
        let judging = JUDGING.contains(&word) && (w.clause == first.clause || names_hr);
        let reading = !context.conditional.contains(&w.sentence)
            && !context.rules.contains(&w.clause)
            && !describes_a_level(&text, i);
        // "escalating is not needed": the judgement after it decides.
        let judged = acting && judged_after(&text, i);
        if (acting && !judged || judging) && reading {
            let refused = refused_before(&text, i)
                || negation::set_aside_by(&text, i).is_some()
                || context.refusing.contains(&w.sentence);
            readings.push(!refused);
        }
    }
    OneValue::of(readings)
}

/// A yes or no given as an answer: alone in its clause ("Actually, no."),
/// or offered beside the other one ("yes or no", "yes/no").
fn given_as_answer(text: &Text, at: usize) -> bool {
    let w = &text.words[at];
    let alone_before = text.words[at - 1].clause != w.clause;
    let alone_after = text.words.get(at + 1).is_none_or(|n| n.clause != w.clause);
    let offered = matches!(text.words[at - 1].text.as_str(), "or" | "otherwise")
        || text.gap(at).contains('/');
    // "The severity is Moderate, so No.": the conclusion of a reason ("so
    // yes or no" concludes both, a hedge).
    let offers_next = text.words.get(at + 1).is_some_and(|n| n.text == "or");
    let concluded = matches!(
        text.words[at - 1].text.as_str(),
        "so" | "therefore" | "hence" | "thus" | "ergo"
    ) && (alone_after || offers_next);
    (alone_before && alone_after) || offered || concluded
}

/// What a section's clauses and sentences hold, read once: clauses that
/// name HR or the escalation, sentences under a condition ("escalate if
/// it worsens") and sentences with a refusing word ("escalating now would
/// be premature"), and clauses that state the rubric's rule for severity
/// bands ("only High or Critical is escalated").
struct Context {
    hr_clauses: BTreeSet<u32>,
    rules: BTreeSet<u32>,
    conditional: BTreeSet<u32>,
    refusing: BTreeSet<u32>,
}

impl Context {
    fn of(text: &Text) -> Context {
        let mut context = Context {
            hr_clauses: BTreeSet::new(),
            rules: BTreeSet::new(),
            conditional: BTreeSet::new(),
            refusing: BTreeSet::new(),
        };
        for w in &text.words {
            let word = w.text.as_str();
            if word == "hr" || word == "resources" || word.starts_with("escalat") {
                context.hr_clauses.insert(w.clause);
            }
            if CONDITIONS.contains(&word) {
                context.conditional.insert(w.sentence);
            }
            if REFUSING.contains(&word) {
                context.refusing.insert(w.sentence);
            }
        }
        let mut bands: BTreeMap<u32, usize> = BTreeMap::new();
        let mut general: BTreeSet<u32> = BTreeSet::new();
        for w in &text.words {
            if BANDS.contains(&w.text.as_str()) {
                *bands.entry(w.clause).or_default() += 1;
            }
            if GENERAL.contains(&w.text.as_str()) {
                general.insert(w.clause);
            }
        }
        context.rules = crate::order::set_of(
            bands
                .into_iter()
                .filter(|(clause, n)| *n >= 2 || general.contains(clause))
                .map(|(clause, _)| clause),
        );
        context
    }
}

/// Words that open a relative clause on the noun before them ("the
/// severity where HR gets involved", "the level at which HR is involved",
/// "the threshold that calls for escalating").
const RELATIVES: &[&str] = &["where", "which", "that", "whereby"];

/// Prepositions between a noun and its relative word ("the level at
/// which", "the point beyond which").
const RELATIVE_PREPOSITIONS: &[&str] = &[
    "at", "in", "for", "from", "beyond", "above", "past", "after", "on",
];

/// Nouns of a level on the severity scale, which a relative clause after
/// them describes.
const LEVELS: &[&str] = &[
    "severity",
    "severities",
    "level",
    "levels",
    "threshold",
    "thresholds",
    "point",
    "points",
    "band",
    "bands",
    "bar",
    "line",
    "stage",
    "tier",
    "score",
    "mark",
    "cutoff",
    "grade",
    "rating",
];

/// Whether the deciding word at `at` stands in a relative clause on a
/// level of the scale ("No - below the High severity where HR gets
/// involved", "under the threshold at which we escalate"): the clause
/// says what happens at that level, the rubric's rule as the reason for
/// the answer, not a second answer (play-it37 B4). A decision after the
/// relative clause, in a clause of its own ("..., so escalate today"),
/// is read; so is one on this case's band set off by a comma
/// ("Moderate, which does not require escalating").
fn describes_a_level(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let in_clause = |k: &usize| text.words[*k].clause == clause;
    let word = |k: usize| text.words[k].text.as_str();
    (0..at)
        .rev()
        .take_while(in_clause)
        .filter(|&k| RELATIVES.contains(&word(k)))
        .any(|k| {
            let noun = match k.checked_sub(1).filter(in_clause) {
                Some(p) if RELATIVE_PREPOSITIONS.contains(&word(p)) => p.checked_sub(1),
                other => other,
            };
            noun.filter(in_clause)
                .is_some_and(|n| LEVELS.contains(&word(n)) || BANDS.contains(&word(n)))
        })
}

/// A deciding word refused by what precedes it in its clause ("do not
/// escalate", "no need to involve HR", "escalation is not required").
fn refused_before(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    text.words[at.saturating_sub(5)..at]
        .iter()
        .rev()
        .take_while(|w| w.clause == clause && !CONJUNCTIONS.contains(&w.text.as_str()))
        .any(|w| BEFORE.contains(&w.text.as_str()))
}

/// Words between a deciding verb and the copula of a judgement on it: its
/// object and adverbs ("escalating to HR now is not needed").
const SUBJECT_TAIL: &[&str] = &[
    "to",
    "hr",
    "human",
    "resources",
    "her",
    "him",
    "them",
    "this",
    "it",
    "the",
    "case",
    "now",
    "here",
    "yet",
    "formally",
    "immediately",
    "further",
    "at",
    "stage",
    "point",
];

/// Copulas of a judgement on a deciding verb.
const COPULAS: &[&str] = &[
    "is", "are", "was", "were", "would", "will", "seems", "feels",
];

/// Words between the copula and the judgement ("is not really needed",
/// "would not be warranted").
const PREDICATE_FILLER: &[&str] = &[
    "not",
    "be",
    "really",
    "currently",
    "still",
    "yet",
    "strictly",
    "truly",
    "actually",
    "at",
    "all",
    "necessarily",
    "deemed",
    "considered",
    "being",
    "been",
    "now",
    "either",
];

/// Whether the deciding verb at `at` is the subject of a judgement in its
/// clause ("escalating is not needed", "involving HR would be
/// warranted"): the verb, its object or adverbs, a copula, then the
/// judgement, which is read in its place.
fn judged_after(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let mut rest = text.words[at + 1..]
        .iter()
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .skip_while(|w| SUBJECT_TAIL.contains(w));
    if !rest.next().is_some_and(|w| COPULAS.contains(&w)) {
        return false;
    }
    rest.find(|w| !PREDICATE_FILLER.contains(w))
        .is_some_and(|w| JUDGING.contains(&w))
}

/// Drop an echoed template hint such as "(yes/no)" or "Yes/No:" so it is
/// not read as the answer.
fn strip_prompt_echo(answer: &str) -> String {
    let mut text = answer.trim().to_owned();
    for echo in [
        "(yes/no)",
        "(yes / no)",
        "(yes or no)",
        "yes/no:",
        "yes / no:",
        "[yes/no]",
    ] {
        if let Some(at) = text.to_lowercase().find(echo) {
            text.replace_range(at..at + echo.len(), " ");
        }
    }
    text.trim_start_matches([':', '-', ' ', '*', '\u{2014}', '\u{2013}'])
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escalation_answers_read_with_negation() {
        // The table, and paraphrases.
        let yes_no = |a: &str| decision(a).one().copied();
        let table: &[(&str, Option<bool>)] = &[
            ("No, not warranted", Some(false)),
            ("No, not warranted at this stage.", Some(false)),
            ("do not escalate", Some(false)),
            (
                "Do not escalate; the manager can handle this within the team.",
                Some(false),
            ),
            ("no need to involve HR", Some(false)),
            ("There is no need to involve HR yet.", Some(false)),
            ("escalation is not required", Some(false)),
            ("Escalation is not required at this point.", Some(false)),
            ("I would not escalate to HR.", Some(false)),
            ("Escalating now would be premature.", Some(false)),
            ("HR escalation is unnecessary for now.", Some(false)),
            ("yes, escalate today", Some(true)),
            (
                "Yes - refer to HR and occupational health this week.",
                Some(true),
            ),
            ("Escalate to HR today.", Some(true)),
            ("Escalation is warranted given the hours.", Some(true)),
            (
                "Recommended: involve HR and occupational health now.",
                Some(true),
            ),
            ("(yes/no) No", Some(false)),
            ("Not at this stage; review in a month.", Some(false)),
            ("Not yet.", Some(false)),
            ("yes or no", None),
            ("", None),
            ("It depends.", None),
            ("No. Escalate only if things get worse.", Some(false)),
            (
                "No, but refer them to the EAP as a precaution.",
                Some(false),
            ),
            ("Yes, escalate now, even if they object.", Some(true)),
            ("Recommended: involve HR now.", Some(true)),
            ("is not needed yet: the manager can handle it.", Some(false)),
            ("Definitely yes, this week.", Some(true)),
            ("Absolutely not at this stage.", Some(false)),
            ("Nope, the manager can handle it.", Some(false)),
            ("Yep - escalate.", Some(true)),
            // A reason that states the rubric's rule (play-mcp1, B2).
            (
                "No \u{2014} 4 points is Moderate, and only High or Critical is escalated.",
                Some(false),
            ),
            (
                "No: escalation is only warranted at High or Critical, and this is Moderate.",
                Some(false),
            ),
            (
                "No. High and Critical cases go to HR; this is Low.",
                Some(false),
            ),
            (
                "Yes \u{2014} 7 points is High, and High or Critical is escalated.",
                Some(true),
            ),
            (
                "Escalation is warranted given the high severity.",
                Some(true),
            ),
            ("Only High or Critical is escalated.", None),
            // A deciding verb set aside, or judged after it (play-it27 B1).
            (
                "No \u{2014} rather than escalating, her manager should lighten the rota.",
                Some(false),
            ),
            (
                "No \u{2014} rather than escalate, her manager should act.",
                Some(false),
            ),
            (
                "No \u{2014} instead of escalating, her manager should act.",
                Some(false),
            ),
            (
                "No \u{2014} escalating is not needed; her manager acts.",
                Some(false),
            ),
            (
                "No \u{2014} rather than involving HR, her manager acts.",
                Some(false),
            ),
            (
                "No. Instead of referring her to HR, lighten the rota.",
                Some(false),
            ),
            (
                "No: rather than formally escalating, cut her on-call load.",
                Some(false),
            ),
            (
                "Rather than escalating, her manager should lighten the rota.",
                Some(false),
            ),
            (
                "No. Escalating to HR is not necessary at Moderate.",
                Some(false),
            ),
            ("No. Escalating is not warranted yet.", Some(false)),
            ("No; involving HR isn't required.", Some(false)),
            ("No. Escalating now would not be appropriate.", Some(false)),
            (
                "No \u{2014} escalation is not needed; her manager acts.",
                Some(false),
            ),
            (
                "Yes \u{2014} escalating is warranted at Critical.",
                Some(true),
            ),
            ("Yes. Involving HR is necessary now.", Some(true)),
            // Near misses: what comes before "rather than" is chosen.
            ("Yes \u{2014} escalate rather than wait.", Some(true)),
            ("Escalate to HR instead of waiting.", Some(true)),
            ("Escalating is needed.", Some(true)),
            ("Rather than waiting, escalate to HR today.", Some(true)),
            ("No, but escalate if it worsens.", Some(false)),
            // A reason naming what happens at a level of the scale, in a
            // relative clause on it (play-it37 B4).
            (
                "No \u{2014} below the High severity where HR gets involved.",
                Some(false),
            ),
            (
                "No, because it's below the High severity where HR gets involved.",
                Some(false),
            ),
            (
                "No \u{2014} Moderate is under the level at which HR is involved.",
                Some(false),
            ),
            (
                "No; she sits below the threshold where we escalate to HR.",
                Some(false),
            ),
            (
                "No, short of the point that calls for escalating to HR.",
                Some(false),
            ),
            (
                "No. This is Low, well below the bar at which we would involve HR.",
                Some(false),
            ),
            (
                "No - not yet at the stage where escalating to HR is needed.",
                Some(false),
            ),
            (
                "No: 5 points is Moderate, one band under High where HR is involved.",
                Some(false),
            ),
            (
                "Yes \u{2014} she has reached the Critical severity where HR gets involved.",
                Some(true),
            ),
            (
                "Moderate, which does not require escalating to HR.",
                Some(false),
            ),
            // Near misses: a second answer, or a decision outside the
            // relative clause.
            ("Yes - HR", Some(true)),
            ("Not yet; escalate if it reaches High.", Some(false)),
        ];
        for (answer, expected) in table {
            assert_eq!(yes_no(answer), *expected, "{answer:?}");
        }
        for hedge in [
            "yes or no",
            "Yes/No",
            "Yes. Actually, no.",
            "No. Escalate to HR today.",
            "Yes, but there is no need to involve HR.",
            "No, only High or Critical is escalated, so escalate to HR today.",
            // A No whose reason decides yes (play-it27 B1, near misses).
            "No \u{2014} escalate rather than wait.",
            "No \u{2014} escalating is needed.",
            "No. Escalate to HR instead of waiting.",
            "Yes \u{2014} rather than escalating, her manager should act.",
            "Yes \u{2014} escalating is not needed.",
            // A second answer beside a level's description (play-it37 B4,
            // near misses).
            "No. Yes, actually - escalate to HR.",
            "No \u{2014} below the High severity, but escalate to HR anyway.",
            "No \u{2014} this is at the level where HR gets involved, so escalate today.",
            "No \u{2014} below the High severity where HR gets involved; involve HR now.",
            "No \u{2014} HR gets involved.",
            "No, the threshold is High, which we have passed; escalate to HR.",
        ] {
            assert!(decision(hedge).is_hedged(), "{hedge:?}");
        }
    }
}
