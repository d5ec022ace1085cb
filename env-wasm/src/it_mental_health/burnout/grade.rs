//! Grading `burnout_detection`: the dimensions named (F1 against the ones
//! with evidence, negation aware), exactly one severity level (hedges such
//! as "moderate to high" score 0, and so does a neighbouring level), red flags
//! that are grounded in this case's concerning facts (precision and
//! recall; a numeric fact must be cited with this case's number), and the
//! escalation decision read with negation.

use std::collections::BTreeSet;

use super::{BurnoutCase, Dimension, FLAG_CONCEPTS, Severity, WORD_CAP};
use crate::it_mental_health::grade::{Grade, assemble, f1, f1_of};
use crate::it_mental_health::names::FIRST_NAMES;
use crate::it_mental_health::reading::decision::yes_no;
use crate::it_mental_health::reading::sections::{Label, Section, parse};
use crate::points::Points;
use crate::text::negated;
use crate::text::{Text, word_count};

const LABELS: &[Label] = &[
    Label {
        key: "dimensions",
        names: &[
            "burnout dimensions",
            "burnout dimension",
            "dimensions",
            "dimension",
            "mbi dimensions",
            "maslach dimensions",
            "dimensions present",
            "dimensions identified",
            "burnout dimensions identified",
            "maslach burnout dimensions",
            "maslach burnout inventory dimensions",
        ],
        loose: true,
    },
    Label {
        key: "severity",
        names: &[
            "severity",
            "severity level",
            "burnout severity",
            "overall severity",
            "severity rating",
        ],
        loose: true,
    },
    Label {
        key: "red_flags",
        names: &[
            "red flags",
            "red flag",
            "top red flags",
            "top 3 red flags",
            "top three red flags",
            "key red flags",
            "warning signs",
        ],
        loose: true,
    },
    Label {
        key: "escalation",
        names: &[
            "hr escalation",
            "escalation",
            "escalation to hr",
            "hr referral",
            "escalate to hr",
            "escalate",
            "hr escalation needed",
            "hr escalation required",
            "hr escalation recommended",
            "escalation needed",
            "escalation required",
            "escalation recommended",
            "escalation to hr needed",
            "escalate to hr?",
        ],
        loose: true,
    },
];

const DIMENSIONS: Points = Points(2000);
const SEVERITY: Points = Points(3000);
const RED_FLAGS: Points = Points(3000);
const ESCALATION: Points = Points(2000);

/// Numbers the rubric itself states; citing them is not inventing a fact.
const RUBRIC_NUMBERS: &[u64] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 45, 46, 55, 56, 65];

pub fn grade(case: &BurnoutCase, answer: &str) -> Grade {
    let parsed = parse(answer, LABELS);
    let mut notes = Vec::new();

    let named = parsed.get("dimensions").map(dimensions).unwrap_or_default();
    let hits = named.intersection(&case.dimensions).count();
    let dimension_score = f1(hits, named.len(), case.dimensions.len());
    notes.push(format!(
        "Dimensions: read {}; the case gives evidence of {}.",
        list(named.iter().map(|d| d.name())),
        list(case.dimensions.iter().map(|d| d.name()))
    ));

    let severity = parsed
        .get("severity")
        .and_then(|s| read_severity(&s.text()));
    let severity_score = match severity {
        // The rubric is arithmetic: a neighbouring level is a misreading,
        // and partial credit for it would pay a blind constant answer.
        Some(level) if level == case.severity => Points::FULL,
        _ => Points::ZERO,
    };
    notes.push(format!(
        "Severity: read {}; the rubric gives {} ({} points).",
        severity.map_or("no single level", Severity::name),
        case.severity.name(),
        case.points.total()
    ));

    let (flag_score, flag_note) = match parsed.get("red_flags") {
        Some(section) => red_flags(case, section),
        None => (Points::ZERO, "Red flags: no labelled section.".to_owned()),
    };
    notes.push(flag_note);

    let decision = parsed.get("escalation").and_then(|s| yes_no(&s.text()));
    let escalation_score = if decision == Some(case.escalate) {
        Points::FULL
    } else {
        Points::ZERO
    };
    notes.push(format!(
        "HR escalation: read {}; the rubric says {}.",
        match decision {
            Some(true) => "yes",
            Some(false) => "no",
            None => "no clear yes or no",
        },
        if case.escalate { "yes" } else { "no" }
    ));

    assemble(
        &[
            ("dimensions", dimension_score, DIMENSIONS),
            ("severity", severity_score, SEVERITY),
            ("red_flags", flag_score, RED_FLAGS),
            ("escalation", escalation_score, ESCALATION),
        ],
        answer,
        WORD_CAP,
        notes,
    )
}

fn list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

/// The dimensions a section names and does not negate.
fn dimensions(section: &Section) -> BTreeSet<Dimension> {
    let text = Text::new(&section.text());
    Dimension::ALL
        .into_iter()
        .filter(|d| {
            text.mentions(d.names())
                .into_iter()
                .any(|(s, e)| !negated(&text, s, e))
        })
        .collect()
}

/// Words after which an answer gives its reasons, ending the part that
/// states the level.
const REASON_WORDS: &[&str] = &[
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
];

/// The one severity level a section states: the first level it names (not
/// negated), provided nothing before its reasons names another.
pub fn read_severity(section: &str) -> Option<Severity> {
    let text = Text::new(section);
    let level_at = |i: usize| {
        Severity::ALL
            .into_iter()
            .find(|l| l.words().contains(&text.words[i].text.as_str()))
    };
    let first = (0..text.len()).find(|&i| level_at(i).is_some() && !negated(&text, i, i + 1))?;
    let level = level_at(first)?;
    let head_end = head_end(section, text.words[first].start);
    let head = Text::new(&section[text.words[first].start..head_end]);
    let mut levels = BTreeSet::new();
    for (i, w) in head.words.iter().enumerate() {
        if let Some(l) = Severity::ALL
            .into_iter()
            .find(|l| l.words().contains(&w.text.as_str()))
            && !negated(&head, i, i + 1)
        {
            levels.insert(l);
        }
    }
    (levels.len() == 1).then_some(level)
}

/// Where the statement of the level ends: at a sentence end, a bracket, a
/// colon, a dash, a line break or a reason word.
fn head_end(section: &str, from: usize) -> usize {
    let rest = &section[from..];
    let mut end = rest.len();
    for stop in [
        ". ", ".\n", ";", "(", ":", " - ", "\u{2014}", "\u{2013}", "\n", "=",
    ] {
        if let Some(at) = rest.find(stop) {
            end = end.min(at);
        }
    }
    if rest.ends_with('.') {
        end = end.min(rest.len() - 1);
    }
    let text = Text::new(&rest[..end]);
    if let Some(w) = text
        .words
        .iter()
        .find(|w| REASON_WORDS.contains(&w.text.as_str()))
    {
        end = end.min(w.start);
    }
    from + end
}

/// Red flags as precision (items grounded in a concerning fact) and recall
/// (distinct concerning facts cited, out of three or fewer).
fn red_flags(case: &BurnoutCase, section: &Section) -> (Points, String) {
    let items = section.items();
    let concerning = case.flag_concepts();
    let mut grounded = 0;
    let mut cited: BTreeSet<&str> = BTreeSet::new();
    for item in &items {
        let credited = credited_concepts(case, &concerning, item);
        if !credited.is_empty() {
            grounded += 1;
            cited.extend(credited);
        }
    }
    let wanted = concerning.len().min(3);
    let score = f1_of((grounded, items.len()), (cited.len().min(3), wanted));
    let note = format!(
        "Red flags: {grounded} of {} items are grounded in this case's concerning facts; {} of \
         {wanted} wanted facts cited.",
        items.len(),
        cited.len().min(3)
    );
    (score, note)
}

/// The concerning concepts one red-flag item cites correctly.
fn credited_concepts(
    case: &BurnoutCase,
    concerning: &BTreeSet<&'static str>,
    item: &str,
) -> BTreeSet<&'static str> {
    let mut credited = BTreeSet::new();
    if word_count(item) < 2 {
        return credited;
    }
    // A fact about someone else (another case's name) is not this case's.
    let other_person = item
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| FIRST_NAMES.contains(&w) && w != case.first);
    if other_person {
        return credited;
    }
    let text = Text::new(item);
    let numbers: Vec<u64> = text.numbers().into_iter().map(|(_, n)| n).collect();
    let invented = numbers
        .iter()
        .any(|n| !case.numbers.contains(n) && !RUBRIC_NUMBERS.contains(n));
    if invented {
        return credited;
    }
    for concept in FLAG_CONCEPTS {
        if !concerning.contains(concept.id) || !text.has(concept.phrases) {
            continue;
        }
        if concept.numeric {
            let cites_fact = case
                .facts
                .iter()
                .filter(|f| f.concept == concept.id && f.concerning)
                .any(|f| {
                    f.numbers.iter().any(|n| numbers.contains(n))
                        || f.month
                            .is_some_and(|m| !text.find(&m.to_lowercase()).is_empty())
                });
            if !cites_fact {
                continue;
            }
        }
        credited.insert(concept.id);
    }
    credited
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_one_severity() {
        for (answer, expected) in [
            ("High", Some(Severity::High)),
            (
                "high, driven by 62 hours a week and low morale",
                Some(Severity::High),
            ),
            (
                "High (7 points: hours 2, leave 2, dimensions 2, health 1)",
                Some(Severity::High),
            ),
            (
                "is Moderate because hours are low",
                Some(Severity::Moderate),
            ),
            ("Not critical but high.", Some(Severity::High)),
            ("7 points, which is High.", Some(Severity::High)),
            ("Moderate to high", None),
            ("Low, Moderate, High or Critical", None),
            ("low moderate high critical", None),
            ("High/Critical", None),
            ("unclear", None),
        ] {
            assert_eq!(read_severity(answer), expected, "{answer:?}");
        }
    }

    #[test]
    fn dimensions_are_read_with_negation() {
        let read = |t: &str| {
            dimensions(&Section {
                key: "dimensions",
                lines: vec![crate::it_mental_health::reading::sections::Line {
                    plain: t.to_owned(),
                    cells: None,
                    listed: false,
                }],
            })
        };
        assert_eq!(
            read("Exhaustion and cynicism; no sign of reduced accomplishment."),
            [Dimension::Exhaustion, Dimension::Depersonalization].into()
        );
        assert_eq!(
            read("Depersonalisation only (detached from users)").len(),
            1
        );
        assert_eq!(read("none of the three").len(), 0);
    }
}
