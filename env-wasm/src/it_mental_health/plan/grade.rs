//! Grading `intervention_plan`. Each week's section is cut into actions
//! (lines, or sentences of a prose paragraph); an action counts when it
//! names one or two people of this team's roster, by name and nobody else,
//! one of whom has the remit for what it tackles. Coverage is F1 between the stressors the actions tackle and the
//! team's stressors (an action naming more than two is a list of topics,
//! not an action). KPIs need a metric of a stressor (or wellbeing) and a
//! numeric target that improves on the team's number; the budget must be
//! one total inside the stated range; the risk needs a mitigation.

use std::collections::BTreeSet;

use super::{GENERAL_KPI, METRICS, Owner, PlanCase, WORD_CAP};
use crate::it_mental_health::grade::{Grade, assemble, f1, f1_of};
use crate::it_mental_health::names::FIRST_NAMES;
use crate::it_mental_health::reading::sections::{Label, Parsed, Section, parse};
use crate::points::Points;
use crate::text::{Text, word_count};

const LABELS: &[Label] = &[
    Label {
        key: "week1",
        names: &["week 1", "week one", "wk 1", "first week"],
        loose: false,
    },
    Label {
        key: "week2",
        names: &["week 2", "week two", "wk 2", "second week"],
        loose: false,
    },
    Label {
        key: "week3",
        names: &["week 3", "week three", "wk 3", "third week"],
        loose: false,
    },
    Label {
        key: "week4",
        names: &["week 4", "week four", "wk 4", "fourth week"],
        loose: false,
    },
    Label {
        key: "kpis",
        names: &[
            "kpis",
            "kpi",
            "key performance indicators",
            "metrics",
            "success metrics",
            "success measures",
            "measures of success",
        ],
        loose: true,
    },
    Label {
        key: "risk",
        names: &[
            "risk",
            "risks",
            "main risk",
            "key risk",
            "biggest risk",
            "risk and mitigation",
            "risks and mitigations",
            "risk and mitigations",
        ],
        loose: true,
    },
    Label {
        key: "budget",
        names: &[
            "budget",
            "total budget",
            "budget estimate",
            "estimated budget",
            "total cost",
            "budget request",
            "cost",
        ],
        loose: true,
    },
];

const WEEKS: [&str; 4] = ["week1", "week2", "week3", "week4"];

const COVERAGE: Points = Points(3500);
const STRUCTURE: Points = Points(1500);
const OWNERS: Points = Points(1500);
const KPIS: Points = Points(2000);
const RISK: Points = Points(500);
const BUDGET: Points = Points(1000);

/// Words that make a KPI's single number a change rather than a level.
const CHANGE_WORDS: &[&str] = &[
    "reduce", "reduced", "cut", "lower", "decrease", "increase", "raise", "improve", "by",
];

const RISK_WORDS: &[&str] = &[
    "participation",
    "attendance",
    "attend*",
    "skip*",
    "stigma*",
    "uptake",
    "delivery",
    "deadline*",
    "slip*",
    "cost*",
    "overrun*",
    "backlash",
    "trust",
    "attrition",
    "turnover",
    "bandwidth",
    "relapse",
    "momentum",
    "fatigue",
    "resist*",
    "buy in",
    "fear*",
    "capacity",
    "drop off",
    "lose",
    "losing",
    "sceptic*",
    "skeptic*",
];

const MITIGATION: &[&str] = &[
    "mitigat*",
    "reduce",
    "avoid",
    "so that",
    "contingency",
    "fallback",
    "if",
    "by",
    "address*",
    "counter*",
    "prevent*",
    "plan b",
    "review*",
];

/// One action of a week: what it tackles and whether one roster person
/// owns it.
#[derive(Debug, Clone)]
struct Action {
    stressors: BTreeSet<&'static str>,
    /// The roster people it names (when it names nobody else).
    owners: BTreeSet<Owner>,
}

impl Action {
    /// Owned by one or two named people, about this team (one of its
    /// stressors, or general support such as EAP sessions or a survey),
    /// and within the remit of one of its owners.
    fn counts(&self, gold: &BTreeSet<&'static str>) -> bool {
        (1..=2).contains(&self.owners.len())
            && self
                .stressors
                .iter()
                .all(|s| gold.contains(s) && self.owners.iter().any(|o| o.remit().contains(s)))
    }
}

pub fn grade(case: &PlanCase, answer: &str) -> Grade {
    let parsed = parse(answer, LABELS);
    let gold = case.stressors();
    let mut notes = Vec::new();

    let weeks: Vec<Vec<Action>> = WEEKS
        .iter()
        .map(|key| {
            parsed
                .merged(key)
                .map(|s| actions(case, &s))
                .unwrap_or_default()
        })
        .collect();
    let all: Vec<&Action> = weeks.iter().flatten().collect();
    let tackled: BTreeSet<&str> = all
        .iter()
        .filter(|a| a.stressors.len() <= 2)
        .flat_map(|a| a.stressors.iter().copied())
        .collect();
    let hits = tackled.intersection(&gold).count();
    let coverage = f1(hits, tackled.len(), gold.len());
    notes.push(format!(
        "Stressors: the actions tackle {}; the team's stressors are {}.",
        join(&tackled),
        join(&gold)
    ));

    // Structure and ownership count only actions about this team, so a
    // well-formed plan for some other team earns little of either.
    let structure_total: u64 = weeks
        .iter()
        .map(|w| match w.iter().filter(|a| a.counts(&gold)).count() {
            0 => 0,
            1 => 5000,
            _ => 10_000,
        })
        .sum();
    let structure = Points::ratio(structure_total, 40_000);
    let owned = all.iter().filter(|a| a.counts(&gold)).count();
    let owners = Points::ratio(owned as u64, all.len() as u64);
    notes.push(format!(
        "Weeks: {} actions, {owned} owned by one named person from the roster and about this \
         team; {} of 4 weeks have two such actions.",
        all.len(),
        weeks
            .iter()
            .filter(|w| w.iter().filter(|a| a.counts(&gold)).count() >= 2)
            .count()
    ));

    let (kpis, kpi_note) = kpis(case, &gold, parsed.get("kpis"));
    notes.push(kpi_note);
    let (risk, risk_note) = risk(parsed.get("risk"));
    notes.push(risk_note);
    let (budget, budget_note) = budget(case, &parsed);
    notes.push(budget_note);

    assemble(
        &[
            ("stressor_coverage", coverage, COVERAGE),
            ("weekly_structure", structure, STRUCTURE),
            ("owners", owners, OWNERS),
            ("kpis", kpis, KPIS),
            ("risk", risk, RISK),
            ("budget", budget, BUDGET),
        ],
        answer,
        WORD_CAP,
        notes,
    )
}

fn join(items: &BTreeSet<&str>) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.iter().copied().collect::<Vec<_>>().join(", ")
    }
}

/// A week's actions: its lines, or the sentences of a single paragraph
/// (an "Owner: ..." or "Outcome: ..." sentence belongs to the one before).
fn actions(case: &PlanCase, week: &Section) -> Vec<Action> {
    let lines: Vec<&str> = week
        .lines
        .iter()
        .map(|l| l.plain.trim())
        .filter(|l| !l.is_empty())
        .collect();
    let units: Vec<String> = if lines.len() == 1 {
        sentences(lines[0])
    } else {
        lines.iter().map(|l| (*l).to_owned()).collect()
    };
    units
        .iter()
        .filter(|u| word_count(u) >= 4)
        .map(|u| read_action(case, u))
        .collect()
}

fn sentences(paragraph: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in paragraph
        .split_inclusive([';'])
        .flat_map(|p| p.split_inclusive(". "))
    {
        let trimmed = part.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lower = trimmed.to_lowercase();
        let continues = [
            "owner",
            "outcome",
            "responsible",
            "expected outcome",
            "result",
        ]
        .iter()
        .any(|w| lower.starts_with(w));
        match out.last_mut() {
            Some(last) if continues => {
                last.push(' ');
                last.push_str(trimmed);
            }
            _ => out.push(trimmed.to_owned()),
        }
    }
    out
}

fn read_action(case: &PlanCase, unit: &str) -> Action {
    let text = Text::new(unit);
    let stressors: BTreeSet<&'static str> = METRICS
        .iter()
        .filter(|m| text.has(m.phrases))
        .map(|m| m.id)
        .collect();
    let owners = owners_in(case, &text);
    let roster_firsts: Vec<&str> = case
        .roster
        .iter()
        .filter_map(|(_, n)| n.split_whitespace().next())
        .collect();
    let foreign = unit
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| FIRST_NAMES.contains(&w) && !roster_firsts.contains(&w));
    Action {
        stressors,
        owners: if foreign { BTreeSet::new() } else { owners },
    }
}

/// The roster owners a text names. Only names count: every roster has the
/// same roles, so "owner: team lead" could be written without reading it.
fn owners_in(case: &PlanCase, text: &Text) -> BTreeSet<Owner> {
    let mut found = BTreeSet::new();
    for (owner, name) in &case.roster {
        let mut forms = vec![name.to_lowercase()];
        let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
        if *owner == Owner::Eap {
            // "Northstar Assist" may be called "Northstar".
            forms.extend(words.first().cloned());
        } else {
            forms.extend(words);
        }
        if forms.iter().any(|f| !text.find(f).is_empty()) {
            found.insert(*owner);
        }
    }
    found
}

/// Numbers in a KPI that can be targets: not week numbers ("by week 4")
/// or durations ("within 2 weeks").
fn targets(text: &Text) -> Vec<u64> {
    text.numbers()
        .into_iter()
        .filter(|(i, _)| {
            let before = i.checked_sub(1).and_then(|k| text.words.get(k));
            let after = text.words.get(i + 1);
            let week_number = before.is_some_and(|w| w.text == "week" || w.text == "wk");
            let duration = after.is_some_and(|w| {
                matches!(
                    w.text.as_str(),
                    "weeks" | "week" | "months" | "month" | "quarters" | "sprints"
                )
            }) && before
                .is_some_and(|w| matches!(w.text.as_str(), "within" | "in" | "after" | "for"));
            !week_number && !duration
        })
        .map(|(_, n)| n)
        .collect()
}

/// KPIs as precision (lines that are valid KPIs) and recall (distinct
/// stressors of this team measured, out of three). A valid line names one
/// or two measures and a numeric target; a measure of this team's stressor
/// with a number in the profile must cite that number and move away from
/// it in the right direction. Wellbeing measures (pulse survey, attrition)
/// are valid lines but measure no stressor, so they add no recall.
fn kpis(
    case: &PlanCase,
    gold: &BTreeSet<&'static str>,
    section: Option<&Section>,
) -> (Points, String) {
    let Some(section) = section else {
        return (Points::ZERO, "KPIs: no labelled section.".to_owned());
    };
    let items = section.items();
    let mut valid = 0;
    let mut measured: BTreeSet<&str> = BTreeSet::new();
    for item in &items {
        let text = Text::new(item);
        let metrics: Vec<&'static str> = METRICS
            .iter()
            .filter(|m| text.has(m.phrases))
            .map(|m| m.id)
            .collect();
        let general = text.has(GENERAL_KPI);
        let named = metrics.len() + usize::from(general);
        let numbers = targets(&text);
        let relevant: Vec<&'static str> = metrics
            .iter()
            .copied()
            .filter(|m| gold.contains(m))
            .collect();
        if numbers.is_empty() || named == 0 || named > 2 || (relevant.is_empty() && !general) {
            continue;
        }
        let improves = relevant
            .iter()
            .all(|id| improves_on_the_team(case, id, &text, &numbers));
        if !improves {
            continue;
        }
        valid += 1;
        measured.extend(relevant);
    }
    let wanted = gold.len().min(3);
    let score = f1_of((valid, items.len()), (measured.len().min(wanted), wanted));
    let note = format!(
        "KPIs: {valid} of {} lines are measures with a target that improves on the team's number; \
         {} of this team's stressors measured.",
        items.len(),
        measured.len()
    );
    (score, note)
}

/// Whether a KPI line on stressor `id` cites the team's current number and
/// sets a target beyond it ("from 14 to at most 5 hours", "cut overtime by
/// half from 14 hours"). Measures whose profile value is not a comparable
/// number (1:1s, team events, the reorganisation) need only a target.
fn improves_on_the_team(case: &PlanCase, id: &str, text: &Text, numbers: &[u64]) -> bool {
    let metric = METRICS.iter().find(|m| m.id == id);
    let (Some(lower_is_better), Some(baseline)) =
        (metric.and_then(|m| m.lower_is_better), case.value_of(id))
    else {
        return true;
    };
    let current = u64::try_from(baseline).unwrap_or(0);
    if !numbers.contains(&current) {
        return false;
    }
    let beyond = numbers.iter().any(|t| {
        if lower_is_better {
            *t < current
        } else {
            *t > current
        }
    });
    beyond || text.has(CHANGE_WORDS)
}

fn risk(section: Option<&Section>) -> (Points, String) {
    let Some(section) = section else {
        return (Points::ZERO, "Risk: no labelled section.".to_owned());
    };
    let body = section.text();
    let text = Text::new(&body);
    if word_count(&body) < 6 {
        return (
            Points::ZERO,
            "Risk: too short to name a risk and its mitigation.".to_owned(),
        );
    }
    // A risk is a statement, not a rating: "low, medium or high" names none.
    let ratings = ["low", "medium", "high", "risk", "risks", "or", "and"];
    let named = text.has(RISK_WORDS)
        || text
            .words
            .iter()
            .filter(|w| !ratings.contains(&w.text.as_str()))
            .count()
            >= 6;
    let mitigated = text.has(MITIGATION);
    let score = Points(5000 * i32::from(named) + 5000 * i32::from(mitigated));
    (
        score,
        format!(
            "Risk: {}, {}.",
            if named {
                "a concrete risk"
            } else {
                "no concrete risk"
            },
            if mitigated {
                "with a mitigation"
            } else {
                "no mitigation"
            }
        ),
    )
}

/// Money amounts in a text, in whole dollars, with their byte offset:
/// `$9,500`, `9.5k`, `USD 9500`, `9500 dollars`, or a bare number of 500
/// or more.
pub fn amounts(text: &str) -> Vec<(usize, u64)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let starts = c.is_ascii_digit() && (i == 0 || !chars[i - 1].1.is_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        let mut digits = String::new();
        let mut fraction = String::new();
        let mut in_fraction = false;
        while j < chars.len() {
            let d = chars[j].1;
            let next_digit = chars.get(j + 1).is_some_and(|(_, n)| n.is_ascii_digit());
            if d.is_ascii_digit() {
                if in_fraction {
                    fraction.push(d);
                } else {
                    digits.push(d);
                }
            } else if d == ',' && next_digit && !in_fraction {
            } else if d == '.' && next_digit && !in_fraction {
                in_fraction = true;
            } else {
                break;
            }
            j += 1;
        }
        let before = text[..at].trim_end().to_lowercase();
        let dollar = before.ends_with('$') || before.ends_with("usd");
        let rest = text[chars.get(j).map_or(text.len(), |(b, _)| *b)..].to_lowercase();
        let thousands =
            rest.starts_with('k') && !rest[1..].starts_with(|c: char| c.is_alphabetic());
        let named = rest.trim_start().starts_with("usd") || rest.trim_start().starts_with("dollar");
        let percent = rest.starts_with('%');
        let whole: u64 = digits.parse().unwrap_or(0);
        let value = if thousands {
            let tenths: u64 = fraction
                .chars()
                .next()
                .and_then(|d| d.to_digit(10))
                .map_or(0, u64::from);
            whole * 1000 + tenths * 100
        } else {
            whole
        };
        if !percent && (dollar || thousands || named || value >= 500) {
            out.push((at, value));
        }
        i = j.max(i + 1);
    }
    out
}

/// The total of a list of amounts: one amount is the total; a first (or
/// last) amount equal to the sum of the others is the total with its items
/// ("$12,000 (cover $9,000, tools $3,000)"); otherwise the items are summed.
/// More than six amounts is a list of numbers, not a budget.
fn itemised_total(found: &[(usize, u64)]) -> Option<u64> {
    let values: Vec<u64> = found.iter().map(|(_, v)| *v).collect();
    match values.as_slice() {
        [] => None,
        [one] => Some(*one),
        [first, rest @ ..] if rest.len() < 6 && rest.iter().sum::<u64>() == *first => Some(*first),
        [rest @ .., last] if rest.len() < 6 && rest.iter().sum::<u64>() == *last => Some(*last),
        items if items.len() <= 6 => Some(items.iter().sum()),
        _ => None,
    }
}

fn budget(case: &PlanCase, parsed: &Parsed) -> (Points, String) {
    let Some(section) = parsed.get("budget") else {
        return (Points::ZERO, "Budget: no labelled section.".to_owned());
    };
    let body = section.text();
    let (lo, hi) = (
        u64::from(case.card.budget_min),
        u64::from(case.card.budget_max),
    );
    let mut found = amounts(&body);
    // "$11,500 (inside the $8,000 to $14,000 range)": the echoed bounds are
    // not part of the answer when something else is stated.
    if found.iter().any(|(_, v)| *v != lo && *v != hi) {
        found.retain(|(_, v)| *v != lo && *v != hi);
    }
    let lower = body.to_lowercase();
    let total = match lower.find("total") {
        Some(at) if !found.is_empty() => found
            .iter()
            .min_by_key(|(offset, _)| offset.abs_diff(at))
            .map(|(_, v)| *v),
        _ => itemised_total(&found),
    };
    let inside = total.is_some_and(|t| (lo..=hi).contains(&t));
    let note = format!(
        "Budget: read {}; the range is ${lo} to ${hi}.",
        total.map_or("no single total".to_owned(), |t| format!("${t}"))
    );
    (if inside { Points::FULL } else { Points::ZERO }, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_read_in_the_usual_forms() {
        let values = |t: &str| amounts(t).into_iter().map(|(_, v)| v).collect::<Vec<_>>();
        assert_eq!(values("$9,500 total"), [9500]);
        assert_eq!(values("about 9.5k for cover"), [9500]);
        assert_eq!(values("USD 12000 and 300 dollars"), [12000, 300]);
        assert_eq!(
            values("2 engineers, 40% of time, 12 hours"),
            Vec::<u64>::new()
        );
        assert_eq!(values("week 4: 7500"), [7500]);
    }

    #[test]
    fn itemised_budgets_are_read_as_their_total() {
        let total = |t: &str| itemised_total(&amounts(t));
        assert_eq!(
            total("$12,000 (contractors $9,000, tools $2,000, EAP $1,000)"),
            Some(12000)
        );
        assert_eq!(total("cover $9,000 + tools $3,000 = $12,000"), Some(12000));
        assert_eq!(total("cover $9,000 and tools $3,000"), Some(12000));
        assert_eq!(total("$1 $2 $3 $4 $5 $6 $7 $8"), None);
    }

    #[test]
    fn kpi_targets_skip_weeks_and_durations() {
        let t = Text::new("Overtime: from 14 to at most 5 hours a week by week 4, within 2 weeks");
        assert_eq!(targets(&t), [14, 5]);
    }
}
