//! Grading `intervention_plan` at the catalogue levels (4 and 5, see
//! [`super::catalogue`]). Five criteria:
//! - `stressors`: the team's stressors, each with its severity (severe or
//!   moderate), one per line, as an offset F1 over (item, severity), so
//!   listing every item, or every stressor as severe, earns little;
//! - `plan`: the ids chosen. The best plan earns it all; a plan that keeps
//!   every rule earns half its value's share of the best value (it is a
//!   plan that could run, and a near miss is worth more than a poor one,
//!   but the joint decision is the task, so no other plan earns more than
//!   half); a plan that breaks a rule (over the cap, over an owner's
//!   hours, a missing prerequisite, an excluded pair) earns nothing: it
//!   could not be carried out, and any share of it would pay for ignoring
//!   the constraints that make the decision hard. A hedge between ids
//!   earns nothing;
//! - `kpis` and `risk`, read as at the lower levels;
//! - `budget`: one total equal to what the chosen interventions cost
//!   together, within the cap.
//!
//! The plan counts only beside the team's stressors read (at least half
//! the `stressors` credit), and the KPIs, risk and budget only beside a
//! plan that keeps every rule: another team's answer has all their forms.
//!
//! The best plan comes solved with the case; grading never searches.

use std::collections::BTreeSet;

use super::catalogue::{Breach, Catalogue};
use super::grade::{BUDGET_LABEL, KPIS_LABEL, RISK_LABEL, budget_totals, kpis, metrics_in, risk};
use super::{Owner, PlanCase, WORD_CAP, dollars};
use crate::it_mental_health::grade::{Grade, assemble_gated, offset_f1};
use crate::it_mental_health::reading::penalties::PENALTIES;
use crate::it_mental_health::reading::quoted;
use crate::it_mental_health::reading::sections::{Label, parse};
use crate::it_mental_health::reading::{Answer, LIST_READ};
use crate::points::Points;
use crate::rubric::{Criterion, Rubric};
use crate::text::negation::denied;
use crate::text::{OneValue, Text};

const LABELS: &[Label] = &[
    Label {
        key: "stressors",
        names: &[
            "stressors",
            "team stressors",
            "the team's stressors",
            "stressors and severity",
            "stressor severity",
            "severity",
        ],
        loose: true,
    },
    Label {
        key: "interventions",
        names: &[
            "interventions",
            "chosen interventions",
            "selected interventions",
            "intervention ids",
            "plan",
            "chosen plan",
            "best plan",
            "selection",
        ],
        loose: true,
    },
    KPIS_LABEL,
    RISK_LABEL,
    BUDGET_LABEL,
];

const STRESSORS: Points = Points(1500);
const PLAN: Points = Points(5500);
const KPIS: Points = Points(1500);
const RISK: Points = Points(500);
const BUDGET: Points = Points(1000);

/// The least stressors score that shows an answer read this team's
/// profile: half the credit (with five stressors, four of them named with
/// their severity and one wrong line). A plan's value is the team's
/// stressors and their severity, so ids chosen without them (another
/// case's ids, a constant list) are no decision. Teams share many
/// stressors, so a few in common is chance.
const READS_THE_PROFILE: Points = Points(5000);

/// The least plan score that shows a plan that could run here: one that
/// keeps every rule of this catalogue. The KPIs, the risk and the budget
/// describe a plan (what it will move, what may stop it, what it costs);
/// without one there is nothing for them to describe.
const A_PLAN_THAT_RUNS: Points = Points(1);

pub static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("stressors", STRESSORS, "Stressors and severity").about(
        "Each of the team's stressors with its severity (severe or moderate), and nothing else.",
    ),
    Criterion::new("plan", PLAN, "Best plan from the catalogue")
        .about(
            "The best plan earns it all; another plan that keeps every rule half its value's \
             share of the best; a plan that breaks a rule nothing.",
        )
        .gated("stressors", READS_THE_PROFILE),
    Criterion::new("kpis", KPIS, "KPIs with targets").gated("plan", A_PLAN_THAT_RUNS),
    Criterion::new("risk", RISK, "Risk and mitigation").gated("plan", A_PLAN_THAT_RUNS),
    Criterion::new("budget", BUDGET, "Budget: the plan's cost")
        .about("One total equal to what the chosen interventions cost together, within the cap.")
        .gated("plan", A_PLAN_THAT_RUNS),
])
.with_penalties(&PENALTIES);

/// Words after a severity word that make it the name of a threshold, not
/// a verdict: "below the severe threshold".
const NOT_A_VERDICT: &[&str] = &[
    "threshold",
    "thresholds",
    "level",
    "line",
    "bar",
    "cutoff",
    "cut",
    "mark",
    "limit",
    "band",
];

/// Words after an id, in its clause, that leave it out of the plan: "P3
/// is not chosen", "P7 (dropped)".
const LEFT_OUT: &[&str] = &[
    "not", "excluded", "dropped", "rejected", "skipped", "omitted", "out", "never",
];

/// Words right before an id that make it a reference rather than a
/// choice: "P4 is skipped because it needs P6".
const REFERENCE: &[&str] = &[
    "needs", "need", "requires", "require", "without", "than", "instead", "over", "excludes",
    "blocks",
];

/// Phrases of a stressors line that set the item aside as no stressor:
/// neither credit nor cost.
const NOT_A_STRESSOR: &[&str] = &[
    "not a stressor",
    "no stressor",
    "not stressors",
    "within its threshold",
    "within threshold",
    "within the threshold",
    "within their threshold*",
    "below its threshold",
    "below the threshold",
    "under its threshold",
    "under the threshold",
];

/// Words between two ids that make them alternatives.
const ALTERNATIVE: &[&str] = &[
    "or",
    "either",
    "alternatively",
    "maybe",
    "perhaps",
    "possibly",
    "optionally",
    "optional",
];

pub fn grade(case: &PlanCase, catalogue: &Catalogue, answer: &Answer) -> Grade {
    let parsed = parse(&answer.read, LABELS);
    let gold = case.stressors();
    let mut notes = Vec::new();

    let (stressors, note) = stressors(case, catalogue, parsed.merged("stressors").as_ref());
    notes.push(note);

    let chosen = parsed
        .merged("interventions")
        .map(|s| chosen(catalogue, &s.text()));
    let (plan, note) = plan(case, catalogue, chosen.as_ref());
    notes.push(note);

    let (kpis, kpi_note) = kpis(case, &gold, parsed.merged("kpis").as_ref());
    notes.push(kpi_note);
    let (risk, risk_note) = risk(case, parsed.merged("risk").as_ref());
    notes.push(risk_note);

    let totals = parsed
        .copies("budget")
        .map(|s| budget_totals(&s.text(), 0, u64::from(catalogue.budget_cap)))
        .fold(OneValue::Missing, OneValue::and);
    let (budget, budget_note) = budget(catalogue, chosen.as_ref(), &totals);
    notes.push(budget_note);

    assemble_gated(
        &RUBRIC,
        &[
            ("stressors", stressors),
            ("plan", plan),
            ("kpis", kpis),
            ("risk", risk),
            ("budget", budget),
        ],
        answer,
        WORD_CAP,
        notes,
        |shut| {
            if shut.iter().any(|(name, _)| *name == "plan") {
                "The stressors named earn under half their credit, so the plan, KPIs, risk and \
                 budget earn nothing: a plan's value is the team's stressors and their severity, \
                 and the rest describe a plan chosen from them."
                    .to_owned()
            } else {
                "No plan that keeps every rule was chosen, so the KPIs, risk and budget earn \
                 nothing: they describe a plan that could run."
                    .to_owned()
            }
        },
    )
}

/// The severity a line gives: `Some(true)` severe, `Some(false)` moderate,
/// `None` neither or both.
fn severity(text: &Text) -> Option<bool> {
    let verdicts: BTreeSet<bool> =
        crate::order::set_of(text.words.iter().enumerate().filter_map(|(at, w)| {
            let next = text.words.get(at + 1).map(|n| n.text.as_str());
            if next.is_some_and(|n| NOT_A_VERDICT.contains(&n)) {
                return None;
            }
            match w.text.as_str() {
                "severe" | "severely" => Some(!denied(text, at)),
                "moderate" | "moderately" => Some(false),
                _ => None,
            }
        }));
    let mut it = verdicts.iter();
    match (it.next(), it.next()) {
        (Some(one), None) => Some(*one),
        _ => None,
    }
}

fn stressors(
    case: &PlanCase,
    catalogue: &Catalogue,
    section: Option<&crate::it_mental_health::reading::sections::Section>,
) -> (Points, String) {
    let Some(section) = section else {
        return (Points::ZERO, "Stressors: no labelled section.".to_owned());
    };
    let severe = |id: &str| catalogue.weight_of(id) == super::catalogue::SEVERE_WEIGHT;
    let mut named: BTreeSet<&str> = BTreeSet::new();
    let mut hits = 0;
    let mut wrong: Vec<String> = Vec::new();
    for item in section.items().iter().take(LIST_READ) {
        let text = Text::new(item);
        let Some((_, id)) = metrics_in(&text).first().copied() else {
            continue;
        };
        if text.has(NOT_A_STRESSOR) {
            continue;
        }
        if !named.insert(id) {
            continue;
        }
        let read = severity(&text);
        let expected = case.stressors().contains(id).then(|| severe(id));
        if expected.is_some() && read == expected {
            hits += 1;
        } else {
            let said = match read {
                Some(true) => "severe",
                Some(false) => "moderate",
                None => "no one severity",
            };
            let truth = match expected {
                Some(true) => "a severe stressor".to_owned(),
                Some(false) => "a moderate stressor".to_owned(),
                None => "within its threshold, not a stressor".to_owned(),
            };
            wrong.push(format!(
                "{} reads as {id}, {said}; it is {truth}",
                quoted(item)
            ));
        }
    }
    let gold = case.stressors();
    let missed: Vec<&str> = gold
        .iter()
        .copied()
        .filter(|s| !named.contains(s))
        .collect();
    let score = offset_f1(hits, named.len(), gold.len());
    let expected: Vec<String> = gold
        .iter()
        .map(|s| format!("{s} ({})", if severe(s) { "severe" } else { "moderate" }))
        .collect();
    let mut note = format!(
        "Stressors: {hits} of {} lines right; the team's stressors are {}.",
        named.len(),
        expected.join(", ")
    );
    if !wrong.is_empty() {
        note.push_str(&format!(" Not counted: {}.", wrong.join("; ")));
    }
    if !missed.is_empty() {
        note.push_str(&format!(" Missing: {}.", missed.join(", ")));
    }
    (score, note)
}

/// What the interventions section chose.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Chosen {
    /// A plan, as a bit set over the catalogue.
    Plan(u32),
    /// Ids offered as alternatives ("P3 or P4").
    Hedged,
    Nothing,
}

fn chosen(catalogue: &Catalogue, body: &str) -> Chosen {
    let text = Text::new(body);
    let id_at = |at: usize| -> Option<usize> {
        let word = text.words[at].text.as_str();
        let number: usize = word.strip_prefix('p')?.parse().ok()?;
        (1..=catalogue.items.len())
            .contains(&number)
            .then(|| number - 1)
    };
    let found: Vec<(usize, usize)> = (0..text.len())
        .filter_map(|at| id_at(at).map(|k| (at, k)))
        .collect();
    let mut plan = 0u32;
    for (n, (at, k)) in found.iter().enumerate() {
        let until = found.get(n + 1).map_or(text.len(), |(next, _)| *next);
        let clause = text.words[*at].clause;
        let referenced = text.words[at.saturating_sub(2)..*at]
            .iter()
            .any(|w| w.clause == text.words[*at].clause && REFERENCE.contains(&w.text.as_str()));
        let left_out = referenced
            || denied(&text, *at)
            || text.words[at + 1..until]
                .iter()
                .take_while(|w| w.clause == clause)
                .any(|w| LEFT_OUT.contains(&w.text.as_str()));
        if let Some((next, _)) = found.get(n + 1)
            && text.words[at + 1..*next]
                .iter()
                .any(|w| ALTERNATIVE.contains(&w.text.as_str()))
        {
            return Chosen::Hedged;
        }
        if !left_out {
            plan |= 1 << k;
        }
    }
    if plan == 0 {
        Chosen::Nothing
    } else {
        Chosen::Plan(plan)
    }
}

fn describe(catalogue: &Catalogue, plan: u32) -> String {
    format!(
        "{} (value {}, cost {})",
        catalogue.ids(plan).join(", "),
        catalogue.value(plan),
        dollars(catalogue.cost(plan))
    )
}

fn breach_text(
    catalogue: &Catalogue,
    breach: &Breach,
    name_of: impl Fn(Owner) -> String,
) -> String {
    let id = |k: &usize| catalogue.items[*k].id.as_str();
    match breach {
        Breach::OverBudget { cost, cap } => {
            format!("costs {} over the {} cap", dollars(*cost), dollars(*cap))
        }
        Breach::OverCapacity { owner, hours, cap } => format!(
            "asks {} for {hours} hours a week, over the {cap} they can give",
            name_of(*owner)
        ),
        Breach::MissingPrerequisite { item, needs } => {
            format!("has {} without {}, which it needs", id(item), id(needs))
        }
        Breach::Excluded(a, b) => format!("has {} and {}, which cannot run together", id(a), id(b)),
    }
}

fn plan(case: &PlanCase, catalogue: &Catalogue, chosen: Option<&Chosen>) -> (Points, String) {
    let best = catalogue.best;
    let expected = format!("the best plan is {}", describe(catalogue, best));
    let name_of = |owner: Owner| format!("{} ({})", case.name_of(owner), owner.role());
    match chosen {
        None => (
            Points::ZERO,
            format!("Plan: no labelled interventions section; {expected}."),
        ),
        Some(Chosen::Nothing) => (
            Points::ZERO,
            format!("Plan: no intervention id read; {expected}."),
        ),
        Some(Chosen::Hedged) => (
            Points::ZERO,
            format!("Plan: ids offered as alternatives, not one plan; {expected}."),
        ),
        Some(Chosen::Plan(plan)) if *plan == best => (
            Points::FULL,
            format!("Plan: {}, the best plan.", describe(catalogue, *plan)),
        ),
        Some(Chosen::Plan(plan)) => {
            let breaches = catalogue.breaches(*plan);
            if breaches.is_empty() {
                let score = Points::ratio(
                    u64::from(catalogue.value(*plan)),
                    2 * u64::from(catalogue.value(best).max(1)),
                );
                (
                    score,
                    format!(
                        "Plan: {} keeps every rule but is not the best; {expected}.",
                        describe(catalogue, *plan)
                    ),
                )
            } else {
                let why: Vec<String> = breaches
                    .iter()
                    .map(|b| breach_text(catalogue, b, name_of))
                    .collect();
                (
                    Points::ZERO,
                    format!(
                        "Plan: {} breaks the rules: it {}; {expected}.",
                        describe(catalogue, *plan),
                        why.join("; it ")
                    ),
                )
            }
        }
    }
}

fn budget(
    catalogue: &Catalogue,
    chosen: Option<&Chosen>,
    totals: &OneValue<u64>,
) -> (Points, String) {
    let read = match totals {
        OneValue::One(t) => dollars(u32::try_from(*t).unwrap_or(u32::MAX)),
        OneValue::Missing => "no total".to_owned(),
        OneValue::Hedged(_) => "a range or alternatives, not one total".to_owned(),
    };
    let cap = catalogue.budget_cap;
    let Some(Chosen::Plan(plan)) = chosen else {
        return (
            Points::ZERO,
            format!("Budget: read {read}; no plan was read to cost."),
        );
    };
    let cost = catalogue.cost(*plan);
    let right = totals.one() == Some(&u64::from(cost)) && cost <= cap;
    (
        if right { Points::FULL } else { Points::ZERO },
        format!(
            "Budget: read {read}; the chosen interventions cost {} together, against a cap of {}.",
            dollars(cost),
            dollars(cap)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::it_mental_health::plan::generate_at;

    /// A level-5 case with its catalogue.
    fn case() -> (PlanCase, Catalogue) {
        let case = generate_at(5, 7);
        let catalogue = case.catalogue.clone().expect("level 5 has a catalogue");
        (case, catalogue)
    }

    #[test]
    fn ids_in_the_interventions_section_read_as_the_plan() {
        let (_, catalogue) = case();
        let n = catalogue.items.len();
        assert!(n >= 3);
        let plan = |body: &str| chosen(&catalogue, body);
        assert_eq!(plan("P1, P3"), Chosen::Plan(0b101));
        assert_eq!(plan("- P1 (conduct session)\n- P3"), Chosen::Plan(0b101));
        assert_eq!(plan("P1 + P3; P2 not chosen"), Chosen::Plan(0b101));
        assert_eq!(
            plan("P1 and P3. P2 is skipped because it needs P4."),
            Chosen::Plan(0b101)
        );
        assert_eq!(plan("P1, P2 or P3"), Chosen::Hedged);
        assert_eq!(plan("none of them"), Chosen::Nothing);
        // An id past the catalogue is no id.
        assert_eq!(plan(&format!("P1, P{}", n + 1)), Chosen::Plan(0b1));
    }

    #[test]
    fn severity_reads_the_verdict_not_the_threshold_name() {
        let read = |line: &str| severity(&Text::new(line));
        assert_eq!(read("Overtime 14 hours: severe"), Some(true));
        assert_eq!(read("Overtime 7 hours: moderate"), Some(false));
        assert_eq!(read("Overtime 7 hours: not severe"), Some(false));
        assert_eq!(
            read("Overtime 7 hours, below the severe threshold of 12: moderate"),
            Some(false)
        );
        assert_eq!(read("Overtime: severe or moderate"), None);
        assert_eq!(read("Overtime 7 hours"), None);
    }

    #[test]
    fn the_plan_counts_only_beside_the_teams_stressors_and_the_rest_beside_a_plan() {
        use crate::it_mental_health::scenario::{Case, TaskKind};
        use crate::it_mental_health::writers::Style;
        let whole = Case::generate_at(TaskKind::InterventionPlan, 5, 7);
        let reference = whole.write(Style::Reference);
        assert_eq!(whole.grade(&reference).total, Points::FULL);
        let each_line = |edit: &dyn Fn(&str) -> String| {
            reference.lines().map(edit).collect::<Vec<_>>().join("\n")
        };
        // Every severity the other way round: the stressors read wrong, and
        // the best plan beside them earns nothing, nor do KPIs, risk and
        // budget.
        let flipped = each_line(&|l| {
            if l.ends_with(": severe") {
                l.replace(": severe", ": moderate")
            } else {
                l.replace(": moderate", ": severe")
            }
        });
        // The right stressors beside a plan that breaks a rule (every id):
        // the KPIs, risk and budget describe no plan that could run.
        let (_, catalogue) = case();
        let every: Vec<String> = (1..=catalogue.items.len())
            .map(|k| format!("P{k}"))
            .collect();
        let broken = each_line(&|l| {
            if l.starts_with("Interventions:") {
                format!("Interventions: {}", every.join(", "))
            } else {
                l.to_owned()
            }
        });
        for (answer, full_stressors, why) in
            [(flipped, false, "under half"), (broken, true, "could run")]
        {
            let grade = whole.grade(&answer);
            assert_eq!(
                grade.criteria["stressors"] == Points::FULL,
                full_stressors,
                "{grade:?}"
            );
            assert!(full_stressors || grade.criteria["stressors"] < READS_THE_PROFILE);
            for criterion in ["plan", "kpis", "risk", "budget"] {
                assert_eq!(grade.criteria[criterion], Points::ZERO, "{criterion}");
            }
            assert!(
                grade.notes.iter().any(|n| n.contains(why)),
                "{:?}",
                grade.notes
            );
        }
    }

    #[test]
    fn a_plan_earns_by_the_rules_stated() {
        let (case, catalogue) = case();
        let best = catalogue.best;
        assert_eq!(
            plan(&case, &catalogue, Some(&Chosen::Plan(best))).0,
            Points::FULL
        );
        // Every feasible plan other than the best earns half its share at
        // most; every infeasible one nothing.
        for (other, value, _) in catalogue.feasible_plans() {
            if other == best || other == 0 {
                continue;
            }
            let (score, note) = plan(&case, &catalogue, Some(&Chosen::Plan(other)));
            assert_eq!(
                score,
                Points::ratio(u64::from(value), 2 * u64::from(catalogue.value(best)))
            );
            assert!(note.contains(&describe(&catalogue, best)), "{note}");
        }
        let all = (1u32 << catalogue.items.len()) - 1;
        let (score, note) = plan(&case, &catalogue, Some(&Chosen::Plan(all)));
        assert_eq!(score, Points::ZERO);
        assert!(note.contains("breaks the rules"), "{note}");
    }
}
