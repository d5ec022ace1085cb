//! Metamorphic properties of the `it_mental_health` graders, over seeds
//! and answers drawn by proptest (`PROPTEST_CASES=n` sets the count):
//! - adding a wrong option to a right one-value answer (severity, HR
//!   escalation, a tier, a level of support, a main stressor, the budget)
//!   never raises that criterion, and scores no more than the wrong option
//!   alone;
//! - removing a required (right) section never raises the score;
//! - repeating, reordering or padding sections never raises it.
//!   "The score" is what the criteria earn (`Grade::weighted`), always,
//!   and the total when neither answer carries a penalty: the behaviour
//!   penalties measure size and shares (under 20 words, repetition as a
//!   share, words past the cap) or content (harmful advice), which padding
//!   and cutting move by design; no change ever earns credit;
//! - pasting the observation's scenario into a section earns at most 0.1
//!   on that section's criterion.
//!
//! Answers are the reference, the three alternative writers and the
//! baselines (including the exploits), so the properties are tried on
//! wrong answers as well as right ones.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::it_mental_health::baselines;
use env_wasm::it_mental_health::burnout::Severity;
use env_wasm::it_mental_health::plan::dollars;
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::triage::Tier;
use env_wasm::it_mental_health::writers::Style;
use env_wasm::points::Points;
use env_wasm::rng::SeededRng;
use proptest::prelude::*;

mod proptest_config;
use proptest::test_runner::TestCaseResult;

fn kind_of(k: usize) -> TaskKind {
    TaskKind::ALL[k % 3]
}

fn criterion(case: &Case, answer: &str, name: &str) -> i32 {
    case.grade(answer).criteria.get(name).map_or(-1, |p| p.0)
}

/// Whether `changed` scores no more than `original`: on the criteria, and
/// in total when neither carries a penalty.
fn no_higher(case: &Case, original: &str, changed: &str) -> Result<(), String> {
    let before = case.grade(original);
    let after = case.grade(changed);
    if after.weighted > before.weighted {
        return Err(format!(
            "criteria {:?} -> {:?}",
            before.criteria, after.criteria
        ));
    }
    let unpenalised = before.penalties.is_empty() && after.penalties.is_empty();
    if unpenalised && after.total > before.total {
        return Err(format!("total {:?} -> {:?}", before.total, after.total));
    }
    Ok(())
}

/// One of the answers the properties are tried on.
fn answer(case: &Case, seed: u64, pick: usize) -> String {
    let styles = [Style::Reference, Style::Prose, Style::Bullets, Style::Table];
    match pick % (styles.len() + baselines::NAMES.len()) {
        k if k < styles.len() => case.write(styles[k]),
        k => {
            let mut rng = SeededRng::new(seed, 99);
            baselines::answer(baselines::NAMES[k - styles.len()], case, &mut rng)
                .unwrap_or_default()
        }
    }
}

/// The section titles of a task, as the answers write them.
fn titles(kind: TaskKind) -> &'static [&'static str] {
    match kind {
        TaskKind::BurnoutDetection => &[
            "burnout dimensions",
            "severity",
            "red flags",
            "hr escalation",
        ],
        TaskKind::StressTriage => &[
            "employee",
            "tier",
            "main stressor",
            "24-hour action",
            "2-week action",
            "priority ranking",
        ],
        TaskKind::InterventionPlan => &[
            "week 1", "week 2", "week 3", "week 4", "kpis", "risk", "budget",
        ],
    }
}

/// Whether `line` opens a section: it starts, past markup, with a title.
fn opens(kind: TaskKind, line: &str) -> bool {
    let plain = line
        .trim_start_matches(['#', '*', '-', '>', '|', ' '])
        .to_lowercase();
    titles(kind).iter().any(|t| plain.starts_with(t))
}

/// An answer cut into a preamble and sections (each a title line and what
/// follows it up to the next title).
struct Sections {
    preamble: Vec<String>,
    sections: Vec<Vec<String>>,
}

impl Sections {
    fn of(kind: TaskKind, answer: &str) -> Sections {
        let mut out = Sections {
            preamble: Vec::new(),
            sections: Vec::new(),
        };
        for line in answer.lines() {
            if opens(kind, line) {
                out.sections.push(vec![line.to_owned()]);
            } else if let Some(last) = out.sections.last_mut() {
                last.push(line.to_owned());
            } else {
                out.preamble.push(line.to_owned());
            }
        }
        out
    }

    fn text(&self) -> String {
        let mut lines = self.preamble.clone();
        for s in &self.sections {
            lines.extend(s.iter().cloned());
        }
        lines.join("\n")
    }
}

/// One trial of a structural property: a case and an answer to it.
struct Trial {
    kind: TaskKind,
    seed: u64,
    case: Case,
    original: String,
}

impl Trial {
    fn new(k: usize, seed: u64, pick: usize) -> Trial {
        let kind = kind_of(k);
        let case = Case::generate(kind, seed);
        let original = answer(&case, seed, pick);
        Trial {
            kind,
            seed,
            case,
            original,
        }
    }

    fn sections(&self) -> Sections {
        Sections::of(self.kind, &self.original)
    }

    /// Whether `changed` (the answer after `what`) scores no more than the
    /// original ([`no_higher`]).
    fn holds(&self, changed: &str, what: &str) -> TestCaseResult {
        let verdict = no_higher(&self.case, &self.original, changed);
        prop_assert!(
            verdict.is_ok(),
            "{} seed {}: {what} raised the score\n{changed}\n{verdict:?}",
            self.kind.id(),
            self.seed
        );
        Ok(())
    }
}

/// Sentences that say nothing about any case.
const FILLER: [&str; 4] = [
    "This note was prepared for the line manager.",
    "Please treat it as confidential.",
    "It reflects what was known when it was written.",
    "Questions can go to the author.",
];

proptest! {
    #![proptest_config(proptest_config::fixed(96, 17))]

    #[test]
    fn repeating_a_section_never_raises_the_score(k in 0usize..3, seed in 0u64..10_000, pick in 0usize..64, at in 0usize..64) {
        let trial = Trial::new(k, seed, pick);
        let mut s = trial.sections();
        prop_assume!(!s.sections.is_empty());
        let i = at % s.sections.len();
        let copy = s.sections[i].clone();
        s.sections.insert(i + 1, copy);
        trial.holds(&s.text(), &format!("repeating section {i}"))?;
    }

    #[test]
    fn reordering_sections_never_raises_the_score(k in 0usize..3, seed in 0u64..10_000, pick in 0usize..64, rotate in 1usize..8) {
        let trial = Trial::new(k, seed, pick);
        // A triage answer is reordered by whole person blocks, so that no
        // person's field moves into someone else's block.
        let reordered = if trial.kind == TaskKind::StressTriage {
            let mut blocks: Vec<&str> = trial.original.split("\n\n").collect();
            prop_assume!(blocks.len() > 1);
            let n = blocks.len();
            blocks.rotate_left(rotate % n);
            blocks.join("\n\n")
        } else {
            let mut s = trial.sections();
            prop_assume!(s.sections.len() > 1);
            let n = s.sections.len();
            s.sections.rotate_left(rotate % n);
            s.text()
        };
        trial.holds(&reordered, "reordering")?;
    }

    #[test]
    fn padding_a_section_never_raises_the_score(k in 0usize..3, seed in 0u64..10_000, pick in 0usize..64, at in 0usize..64, lines in 1usize..4) {
        let trial = Trial::new(k, seed, pick);
        let mut s = trial.sections();
        prop_assume!(!s.sections.is_empty());
        let i = at % s.sections.len();
        let padding: Vec<String> = FILLER.iter().take(lines).map(|f| (*f).to_owned()).collect();
        let end = s.sections[i].len();
        s.sections[i].splice(end..end, padding);
        trial.holds(&s.text(), &format!("padding section {i}"))?;
    }

    #[test]
    fn removing_a_required_section_never_raises_the_score(k in 0usize..3, seed in 0u64..10_000, damage in 0usize..64, at in 0usize..64) {
        // The reference answer with one section emptied (so that it does
        // not already score 1), then another, right, section removed.
        let kind = kind_of(k);
        let case = Case::generate(kind, seed);
        let mut s = Sections::of(kind, &case.write(Style::Reference));
        prop_assume!(s.sections.len() > 1);
        // Only a value is damaged, never the line that says whose block
        // the fields below it are ("Employee: ...").
        let values: Vec<usize> = (0..s.sections.len())
            .filter(|i| !s.sections[*i][0].starts_with("Employee:"))
            .collect();
        let d = values[damage % values.len()];
        let title = s.sections[d][0].split(':').next().unwrap_or("").to_owned();
        s.sections[d] = vec![format!("{title}: to be decided")];
        let damaged = s.text();
        let mut r = at % s.sections.len();
        if r == d {
            r = (r + 1) % s.sections.len();
        }
        s.sections.remove(r);
        let cut = s.text();
        let verdict = no_higher(&case, &damaged, &cut);
        prop_assert!(
            verdict.is_ok(),
            "{} seed {seed}: removing section {r} raised the score\n{cut}\n{verdict:?}",
            kind.id()
        );
    }

    #[test]
    fn pasting_the_scenario_into_a_section_earns_at_most_a_tenth(k in 0usize..3, seed in 0u64..10_000, at in 0usize..64) {
        let kind = kind_of(k);
        let case = Case::generate(kind, seed);
        let scenario = case.scenario_text();
        // Which sections are pasted over, and the criteria they feed.
        let (sections, criteria): (Vec<&str>, Vec<&str>) = match kind {
            TaskKind::BurnoutDetection => {
                let all = [
                    ("Burnout dimensions:", "dimensions"),
                    ("Severity:", "severity"),
                    ("Red flags:", "red_flags"),
                    ("HR escalation:", "escalation"),
                ];
                let (title, name) = all[at % all.len()];
                (vec![title], vec![name])
            }
            TaskKind::StressTriage => {
                let all = [
                    ("Tier:", "tiers"),
                    ("Main stressor:", "stressors"),
                    ("24-hour action:", "immediate_actions"),
                    ("2-week action:", "two_week_support"),
                    ("Priority ranking:", "priority_ranking"),
                ];
                let (title, name) = all[at % all.len()];
                (vec![title], vec![name])
            }
            TaskKind::InterventionPlan => match at % 4 {
                0 => (
                    vec!["Week 1:", "Week 2:", "Week 3:", "Week 4:"],
                    vec!["stressor_coverage", "weekly_structure", "owners"],
                ),
                1 => (vec!["KPIs:"], vec!["kpis"]),
                2 => (vec!["Risk:"], vec!["risk"]),
                _ => (vec!["Budget:"], vec!["budget"]),
            },
        };
        let reference = case.write(Style::Reference);
        // In a team, one person's field is pasted over (all of them would
        // not fit in one answer): that person may earn at most a tenth of
        // their share, the others keep theirs.
        let people = match &case {
            Case::Triage(c) => c.employees.len(),
            _ => 1,
        };
        let per_person = kind == TaskKind::StressTriage && sections != ["Priority ranking:"];
        let target = if per_person { at % people } else { 0 };
        let mut out: Vec<String> = Vec::new();
        let mut skipping = false;
        let mut seen = 0;
        for line in reference.lines() {
            let title = sections.iter().find(|t| line.starts_with(**t));
            let any_title = opens(kind, line);
            if let Some(title) = title {
                let ours = !per_person || seen == target;
                seen += 1;
                if ours {
                    out.push(format!("{title}\n{scenario}"));
                    skipping = true;
                    continue;
                }
                skipping = false;
                out.push(line.to_owned());
            } else if any_title {
                skipping = false;
                out.push(line.to_owned());
            } else if !skipping {
                out.push(line.to_owned());
            }
        }
        let pasted = out.join("\n");
        prop_assume!(pasted.chars().count() <= 20_000);
        let (others, share) = if per_person { (people - 1, people) } else { (0, 1) };
        let bound = Points::ratio(others as u64 * 10_000 + 1000, share as u64 * 10_000).0;
        for name in criteria {
            let score = criterion(&case, &pasted, name);
            prop_assert!(
                score <= bound,
                "{} seed {seed}: pasting the scenario into {sections:?} earns {score} on {name} (at most {bound})",
                kind.id()
            );
        }
    }

    #[test]
    fn a_wrong_option_beside_a_right_value_never_pays(k in 0usize..6, seed in 0u64..10_000, form in 0usize..5, other in 1usize..4, who in 0usize..8) {
        let (kind, field) = [
            (TaskKind::BurnoutDetection, "severity"),
            (TaskKind::BurnoutDetection, "escalation"),
            (TaskKind::StressTriage, "tiers"),
            (TaskKind::StressTriage, "immediate_actions"),
            (TaskKind::StressTriage, "stressors"),
            (TaskKind::InterventionPlan, "budget"),
        ][k];
        let case = Case::generate(kind, seed);
        let reference = case.write(Style::Reference);
        // (the right value's line, the same line with a wrong value, the
        // line hedged between the two)
        let hedge = |right: &str, wrong: &str| -> String {
            match form {
                0 => format!("{right} or {wrong}"),
                1 => format!("{right}/{wrong}"),
                2 => format!("{right}, possibly {wrong}"),
                3 => format!("{wrong} or {right}"),
                _ => format!("{right}\n{wrong}"),
            }
        };
        let (with_wrong, hedged): (String, String) = match (&case, field) {
            (Case::Burnout(c), "severity") => {
                let right = c.severity;
                let wrong = Severity::ALL[(right as usize + other) % 4];
                let line = |l: Severity| format!("Severity: {}", l.name());
                let original = reference.lines().find(|l| l.starts_with("Severity:")).unwrap_or("").to_owned();
                (
                    reference.replace(&original, &line(wrong)),
                    reference.replace(&original, &hedge(&line(right), &line(wrong))),
                )
            }
            (Case::Burnout(c), _) => {
                let say = |yes: bool| if yes { "HR escalation: Yes" } else { "HR escalation: No" };
                let original = reference.lines().find(|l| l.starts_with("HR escalation:")).unwrap_or("").to_owned();
                (
                    reference.replace(&original, say(!c.escalate)),
                    reference.replace(&original, &hedge(say(c.escalate), say(!c.escalate))),
                )
            }
            (Case::Triage(c), "tiers") => {
                let e = &c.employees[who % c.employees.len()];
                let wrong = Tier::ALL[(e.tier as usize + other) % 4];
                let block_line = format!("Employee: {}\nTier: {}", e.name, e.tier.name());
                let line = |t: Tier| format!("Employee: {}\nTier: {}", e.name, t.name());
                let hedged_line = match form {
                    0 => format!("Employee: {}\nTier: {} or {}", e.name, e.tier.name(), wrong.name()),
                    1 => format!("Employee: {}\nTier: {}/{}", e.name, e.tier.name(), wrong.name()),
                    2 => format!("Employee: {}\nTier: {}, possibly {}", e.name, e.tier.name(), wrong.name()),
                    3 => format!("Employee: {}\nTier: {} or {}", e.name, wrong.name(), e.tier.name()),
                    _ => format!("Employee: {}\nTier: {}\nTier: {}", e.name, e.tier.name(), wrong.name()),
                };
                (reference.replace(&block_line, &line(wrong)), reference.replace(&block_line, &hedged_line))
            }
            (Case::Triage(c), "immediate_actions") => {
                let e = &c.employees[who % c.employees.len()];
                let phrases = [
                    "stay with them today and call a crisis line",
                    "an EAP referral today and time off",
                    "a check-in to reprioritise the workload",
                    "a routine check-in to acknowledge their work",
                ];
                let wrong_level = (e.tier as usize + other) % 4;
                // The next less intense level's step given beside the
                // right one, not as an alternative, is more care for the
                // tier (the rubric's rule), not a second option.
                if form == 4 && wrong_level == e.tier as usize + 1 {
                    return Ok(());
                }
                let wrong = phrases[wrong_level];
                let right = phrases[e.tier as usize];
                let marker = format!("Employee: {}\n", e.name);
                let at = reference.find(&marker).unwrap_or(0);
                let rest = &reference[at..];
                let start = at + rest.find("24-hour action:").unwrap_or(0);
                let end = start + reference[start..].find('\n').unwrap_or(0);
                let with = |text: &str| format!("{}24-hour action: {text}.{}", &reference[..start], &reference[end..]);
                (with(wrong), with(&hedge(right, wrong).replace('\n', "; ")))
            }
            (Case::Triage(c), _) => {
                let e = &c.employees[who % c.employees.len()];
                let o = c.employees.iter().find(|x| x.stressor != e.stressor).unwrap_or(e);
                let words = |id: &str| match id {
                    "on_call" => "the on-call rota",
                    "deadline" => "the launch deadline",
                    "reorg" => "the reorganisation",
                    "caregiving" => "caring for a parent",
                    "understaffing" => "covering for colleagues who left",
                    "customers" => "customer escalations",
                    "migration" => "the legacy migration",
                    "conflict" => "conflict with a senior colleague",
                    "incidents" => "production incidents",
                    _ => "a new role",
                };
                let marker = format!("Employee: {}\n", e.name);
                let at = reference.find(&marker).unwrap_or(0);
                let start = at + reference[at..].find("Main stressor:").unwrap_or(0);
                let end = start + reference[start..].find('\n').unwrap_or(0);
                let with = |text: &str| format!("{}Main stressor: {text}{}", &reference[..start], &reference[end..]);
                let hedged = match form {
                    4 => format!("{}\nMain stressor: {}", words(e.stressor), words(o.stressor)),
                    _ => hedge(words(e.stressor), words(o.stressor)).replace('\n', "; "),
                };
                (with(words(o.stressor)), with(&hedged))
            }
            (Case::Plan(c), _) => {
                let right = dollars((c.card.budget_min + c.card.budget_max) / 2 / 500 * 500);
                let wrong = match other {
                    1 => dollars(c.card.budget_max + 1000),
                    2 => dollars(c.card.budget_min.saturating_sub(1000)),
                    _ => dollars(c.card.budget_max),
                };
                let at = reference.find("Budget:").unwrap_or(reference.len());
                let head = &reference[..at];
                (
                    format!("{head}Budget: {wrong} in total."),
                    format!("{head}Budget: {}", hedge(&format!("{right} in total"), &wrong)),
                )
            }
        };
        let before = criterion(&case, &reference, field);
        let wrong_alone = criterion(&case, &with_wrong, field);
        let after = criterion(&case, &hedged, field);
        prop_assert!(
            after <= before && after <= wrong_alone,
            "{} seed {seed} {field}: right {before}, wrong alone {wrong_alone}, both {after}\n{hedged}",
            kind.id()
        );
    }
}

// ---------------------------------------------------------------------------
// Difficulty levels: the same (task, level, seed) is the same case, the
// levels of a seed are different cases, and the case grows with the level.

/// The sizes a level changes, for one case: (what, how many).
fn sizes(case: &Case) -> Vec<(&'static str, i64)> {
    match case {
        Case::Burnout(c) => vec![
            ("burnout facts", c.facts.len() as i64),
            (
                "burnout facts that are no red flag",
                c.facts.iter().filter(|f| !f.concerning).count() as i64,
            ),
        ],
        Case::Triage(c) => vec![
            ("triage people", c.employees.len() as i64),
            (
                "triage signs",
                c.employees.iter().map(|e| e.signs.len() as i64).sum(),
            ),
        ],
        Case::Plan(c) => vec![
            ("plan profile items", c.readings.len() as i64),
            ("plan stressors", c.stressors().len() as i64),
            ("plan actions a week", c.actions_per_week() as i64),
            // A tighter budget: the range's width in hundredths of its
            // lower bound, negated so that it grows with the level too. At
            // the catalogue levels the total must be the chosen plan's
            // cost exactly: a width of 0.
            (
                "plan budget tightness",
                if c.catalogue.is_some() {
                    0
                } else {
                    -i64::from((c.card.budget_max - c.card.budget_min) * 100 / c.card.budget_min)
                },
            ),
        ],
    }
}

#[test]
fn cases_grow_with_the_level() {
    const SEEDS: u64 = 200;
    for kind in TaskKind::ALL {
        // Per size, its total over the seeds at each level.
        let totals: Vec<Vec<(&str, i64)>> = (1..=5u8)
            .map(|level| {
                let mut sum: Vec<(&str, i64)> = Vec::new();
                for seed in 0..SEEDS {
                    for (k, (what, n)) in sizes(&Case::generate_at(kind, level, seed))
                        .into_iter()
                        .enumerate()
                    {
                        match sum.get_mut(k) {
                            Some(entry) => entry.1 += n,
                            None => sum.push((what, n)),
                        }
                    }
                }
                sum
            })
            .collect();
        for k in 0..totals[0].len() {
            let what = totals[0][k].0;
            let means: Vec<f64> = totals
                .iter()
                .map(|t| t[k].1 as f64 / SEEDS as f64)
                .collect();
            println!("{what:<36} levels 1-5: {means:.2?}");
            assert!(
                means.windows(2).all(|pair| pair[1] >= pair[0]),
                "{what}: {means:?}"
            );
            assert!(means[4] > means[1], "{what}: {means:?}");
        }
    }
}

proptest! {
    #![proptest_config(proptest_config::fixed(48, 0x1e7e1))]

    #[test]
    fn a_level_is_deterministic_and_the_levels_differ(k in 0usize..3, seed in 0u64..1_000_000) {
        let kind = kind_of(k);
        let mut texts = Vec::new();
        for level in 1..=5u8 {
            let case = Case::generate_at(kind, level, seed);
            let again = Case::generate_at(kind, level, seed);
            // The whole case, hidden truth included, and its reference.
            prop_assert_eq!(format!("{case:?}"), format!("{again:?}"));
            prop_assert_eq!(case.write(Style::Reference), again.write(Style::Reference));
            prop_assert_eq!(case.level(), level);
            texts.push(case.case_text().to_owned());
        }
        for (a, text) in texts.iter().enumerate() {
            for (b, other) in texts.iter().enumerate().skip(a + 1) {
                prop_assert!(
                    text != other,
                    "{} seed {seed}: levels {} and {} give the same case",
                    kind.id(), a + 1, b + 1
                );
            }
        }
        // Level 5 is bigger than level 1 in every size, seed by seed, and
        // a team never shrinks as the level rises.
        let easiest = sizes(&Case::generate_at(kind, 1, seed));
        let hardest = sizes(&Case::generate_at(kind, 5, seed));
        for ((what, low), (_, high)) in easiest.iter().zip(&hardest) {
            if *what != "burnout facts" {
                prop_assert!(high > low, "{} seed {seed}: {what} {low} -> {high}", kind.id());
            }
        }
        if kind == TaskKind::StressTriage {
            let people: Vec<i64> = (1..=5u8)
                .map(|level| sizes(&Case::generate_at(kind, level, seed))[0].1)
                .collect();
            prop_assert!(people.windows(2).all(|p| p[1] >= p[0]), "{people:?}");
        }
    }
}

/// Burnout sections given twice with other values (a second answer's
/// sections after the first, or before it) never raise a criterion above
/// what either answer earns alone: a second copy is read as the worse one,
/// never as the better. Over every level, on answers that fill every
/// section (the noisy reference at several error rates, the random and
/// memorised baselines); an empty copy has no other values.
#[test]
fn burnout_sections_repeated_with_other_values_never_beat_either_copy() {
    let mut failures = Vec::new();
    for level in 1..=5u8 {
        for seed in 0..30u64 {
            let case = Case::generate_at(TaskKind::BurnoutDetection, level, seed);
            let mut rng = SeededRng::new(seed, 7);
            let mut answers: Vec<String> = [200, 500, 800]
                .into_iter()
                .map(|rate| baselines::noisy(&case, rate, &mut rng))
                .collect();
            for name in ["random", "memorised"] {
                answers.extend(baselines::answer(name, &case, &mut rng));
            }
            let grades: Vec<_> = answers.iter().map(|a| case.grade(a)).collect();
            for (i, first) in answers.iter().enumerate() {
                for (j, other) in answers.iter().enumerate().skip(i + 1) {
                    let mixed = case.grade(&format!("{first}\n\n{other}"));
                    let swapped = case.grade(&format!("{other}\n\n{first}"));
                    for (name, score) in mixed.criteria.iter().chain(&swapped.criteria) {
                        let worst = [&grades[i], &grades[j]]
                            .iter()
                            .map(|g| g.criteria.get(name).copied().unwrap_or(Points::ZERO))
                            .min()
                            .unwrap_or(Points::ZERO);
                        if *score > worst {
                            failures.push(format!(
                                "level {level} seed {seed} {name}: {score:?} > {worst:?} for \
                                 {first:?} and {other:?}"
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(3)]
    );
}
