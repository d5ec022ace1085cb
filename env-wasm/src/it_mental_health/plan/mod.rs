//! Task `intervention_plan`: a team profile with numbers (overtime, on-call
//! rota, 1:1s, incidents, ...), a roster of people who can own actions and
//! a budget range. The team's stressors are the profile items past the
//! thresholds the rubric states; the plan must tackle those and only those,
//! week by week, with owners, KPIs whose targets improve on the team's own
//! numbers, a risk with its mitigation and a budget inside the range.
//!
//! Levels (1 to 5) change the profile, never the rubric: how many items it
//! shows and how many of them are stressors (so how few actions each
//! stressor gets in the plan's eight), how many values sit right at a
//! threshold, how narrow the budget range is, and how much other context.

pub mod catalogue;
pub mod choice;
pub mod grade;
pub mod parts;

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;

use crate::it_mental_health::format::{FormatSection, ResponseFormat};
use crate::it_mental_health::names::{
    COMPANIES, EAP_PROVIDERS, FIRST_NAMES, LAST_NAMES, MONTHS, TEAMS,
};
use crate::rng::SeededRng;
use crate::task::{DEFAULT_LEVEL, at_level};
pub use parts::{GENERAL_ACTIONS, GENERAL_KPI, METRICS, Metric, Owner, Reading, dollars};

/// One line of the team's profile, as the card shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProfileItem {
    /// What is measured (overtime, 1:1s held, on-call load, ...).
    pub label: String,
    /// Its value for this team, with its unit.
    pub value: String,
}

/// One person who can own an action in the plan.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RosterEntry {
    /// Full name.
    pub name: String,
    /// Their role (engineering manager, HR business partner, ...).
    pub role: String,
    /// What this person can act on.
    pub remit: String,
}

/// The team an intervention plan is for, as the observation shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProfileCard {
    /// The team's name.
    pub team: String,
    /// The employer.
    pub company: String,
    /// People in the team.
    pub team_size: u32,
    /// Team members showing strain.
    pub affected: u32,
    /// The team's last wellbeing survey score, out of 100.
    pub wellbeing_score: u32,
    /// The measured profile items; some are stressors under the rubric.
    pub profile: Vec<ProfileItem>,
    /// Other context; not all of it matters.
    pub context: Vec<String>,
    /// The people who can own actions, with their remits.
    pub roster: Vec<RosterEntry>,
    /// The least the plan may cost, in US dollars.
    pub budget_min: u32,
    /// The most the plan may cost, in US dollars.
    pub budget_max: u32,
    /// Levels 4 and 5: the interventions to choose from, the owners'
    /// hours and the budget cap (`budget_min` is then 0 and `budget_max`
    /// the cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalogue: Option<catalogue::CatalogueCard>,
}

/// A generated intervention-plan case with its hidden truth.
#[derive(Debug, Clone)]
pub struct PlanCase {
    /// The difficulty level it was generated at.
    pub level: u8,
    /// The team as the observation shows it.
    pub card: ProfileCard,
    /// Every profile item shown, with its value and whether it is a stressor.
    pub readings: Vec<Reading>,
    /// (owner, name as written) for every roster entry.
    pub roster: Vec<(Owner, String)>,
    /// The case as the scenario text states it.
    pub text: String,
    /// Levels 4 and 5: the catalogue the plan is chosen from, solved.
    pub catalogue: Option<catalogue::Catalogue>,
}

impl PlanCase {
    /// How many actions a week the reference plan has.
    pub fn actions_per_week(&self) -> usize {
        at_level(&SHAPES, self.level).actions_per_week
    }

    /// The metric ids of the profile items that are stressors.
    pub fn stressors(&self) -> BTreeSet<&'static str> {
        crate::order::set_of(
            self.readings
                .iter()
                .filter(|r| r.stressor)
                .map(|r| r.metric.id),
        )
    }

    /// The value shown for the profile item `id`; `None` when the case does not show it.
    pub fn value_of(&self, id: &str) -> Option<i64> {
        self.readings
            .iter()
            .find(|r| r.metric.id == id)
            .map(|r| r.value)
    }

    /// The roster name of `owner` (`""` when the roster has none).
    pub fn name_of(&self, owner: Owner) -> &str {
        self.roster
            .iter()
            .find(|(o, _)| *o == owner)
            .map_or("", |(_, n)| n.as_str())
    }
}

const CONTEXT: &[&str] = &[
    "The team's tooling budget for next year was approved in {month}.",
    "Retro attendance has stayed above 90%.",
    "The team moved to a new office floor in {month}.",
    "Code review turnaround is within the company target.",
    "Customer satisfaction with the team's service is stable.",
];

/// What a level changes (see the module's documentation).
#[derive(Clone, Copy)]
struct Shape {
    /// Profile items shown: (fewest, most).
    shown: (i64, i64),
    /// Stressors among them: (fewest, most); outside level 2 at least
    /// two items stay within their thresholds, so tackling everything
    /// costs precision.
    stressors: (i64, i64),
    /// Chance in four that an item's value sits right at its threshold.
    near_odds: u32,
    /// The budget's upper bound over its lower, in tenths: (least, most).
    budget_ratio: (i64, i64),
    /// Lines of other context besides the sick days.
    context: usize,
    /// Actions a week in the reference plan: with more stressors, more of
    /// them, each a decision.
    actions_per_week: usize,
}

/// The shape of each level, 1 to 5; level 2 is the original generator.
const SHAPES: [Shape; 5] = [
    Shape {
        shown: (6, 6),
        stressors: (3, 3),
        near_odds: 0,
        budget_ratio: (16, 20),
        context: 1,
        actions_per_week: 2,
    },
    Shape {
        shown: (6, 8),
        stressors: (3, 5),
        near_odds: 0,
        budget_ratio: (14, 18),
        context: 2,
        actions_per_week: 2,
    },
    Shape {
        shown: (7, 8),
        stressors: (4, 5),
        near_odds: 1,
        budget_ratio: (13, 15),
        context: 3,
        actions_per_week: 3,
    },
    Shape {
        shown: (8, 9),
        stressors: (5, 6),
        near_odds: 2,
        budget_ratio: (12, 13),
        context: 3,
        actions_per_week: 3,
    },
    Shape {
        shown: (9, 10),
        stressors: (6, 7),
        near_odds: 3,
        budget_ratio: (11, 12),
        context: 4,
        actions_per_week: 4,
    },
];

/// The first level whose plan is chosen from a catalogue.
pub const CATALOGUE_LEVEL: u8 = 4;

/// The case of `seed` at the default level.
pub fn generate(seed: u64) -> PlanCase {
    generate_at(DEFAULT_LEVEL, seed)
}

/// The case of `seed` at difficulty `level` (1 to 5).
pub fn generate_at(level: u8, seed: u64) -> PlanCase {
    let shape = at_level(&SHAPES, level);
    let mut rng = SeededRng::new(seed, 3);
    let team = (*rng.pick(TEAMS)).to_owned();
    let company = (*rng.pick(COMPANIES)).to_owned();
    let size = rng.range(8, 24) as u32;
    let affected = (size * rng.range(40, 70) as u32).div_ceil(100);
    let wellbeing = rng.range(3, 6) as u32;

    let shown_count = rng.range(shape.shown.0, shape.shown.1) as usize;
    let shown: Vec<usize> = rng.sample(&(0..METRICS.len()).collect::<Vec<_>>(), shown_count);
    let stressor_count = rng.range(shape.stressors.0, shape.stressors.1) as usize;
    let mut readings = Vec::new();
    for (k, index) in shown.iter().enumerate() {
        let metric = &METRICS[*index];
        let stressed = k < stressor_count;
        // No draw at the levels without near values, which keeps level 2
        // the original generator.
        let near = shape.near_odds > 0 && rng.chance(shape.near_odds, 4);
        let (lo, hi) = match (stressed, near) {
            (true, false) => metric.stressed,
            (false, false) => metric.fine,
            (true, true) => metric.near.1,
            (false, true) => metric.near.0,
        };
        let value = rng.range(lo, hi);
        readings.push(Reading {
            metric,
            value,
            stressor: (metric.is_stressor)(value),
        });
    }
    // Show the profile in the table's fixed order, not stressors first.
    crate::order::sort_by_key(&mut readings, |r| {
        METRICS.iter().position(|m| m.id == r.metric.id)
    });

    let firsts = rng.sample(FIRST_NAMES, 4);
    let lasts = rng.sample(LAST_NAMES, 4);
    let mut roster: Vec<(Owner, String)> = [Owner::Manager, Owner::Hr, Owner::Lead, Owner::Head]
        .iter()
        .enumerate()
        .map(|(k, o)| (*o, format!("{} {}", firsts[k], lasts[k])))
        .collect();
    roster.push((Owner::Eap, (*rng.pick(EAP_PROVIDERS)).to_owned()));

    let budget_min = 500 * rng.range(8, 24) as u32;
    let ratio = rng.range(shape.budget_ratio.0, shape.budget_ratio.1) as u32;
    let budget_max = (budget_min * ratio / 10).div_ceil(500) * 500;
    let mut context: Vec<String> = rng
        .sample(CONTEXT, shape.context)
        .into_iter()
        .map(|t| t.replace("{month}", MONTHS[rng.index(12)]))
        .collect();
    context.push(format!(
        "Sick days last quarter: {} across the team.",
        rng.range(10, 40)
    ));

    // Levels 4 and 5 draw the catalogue after everything the lower levels
    // draw, which keeps levels 1 to 3 as they were.
    let catalogue =
        (level >= CATALOGUE_LEVEL).then(|| catalogue::generate(level, &readings, &mut rng));
    let name_of = |owner: Owner| {
        roster
            .iter()
            .find(|(o, _)| *o == owner)
            .map_or_else(String::new, |(_, n)| n.clone())
    };
    let (budget_min, budget_max) = match &catalogue {
        Some(c) => (0, c.budget_cap),
        None => (budget_min, budget_max),
    };
    let card = ProfileCard {
        team,
        company,
        team_size: size,
        affected,
        wellbeing_score: wellbeing,
        profile: readings
            .iter()
            .map(|r| ProfileItem {
                label: r.metric.label.to_owned(),
                value: (r.metric.render)(r.value),
            })
            .collect(),
        context,
        roster: roster
            .iter()
            .map(|(o, n)| RosterEntry {
                name: n.clone(),
                role: o.role().to_owned(),
                remit: o.remit_text().to_owned(),
            })
            .collect(),
        budget_min,
        budget_max,
        catalogue: catalogue.as_ref().map(|c| c.card(name_of)),
    };
    let text = render(&card);
    PlanCase {
        level,
        card,
        readings,
        roster,
        text,
        catalogue,
    }
}

fn render(card: &ProfileCard) -> String {
    let mut out = format!(
        "The {} team at {} has {} people; {} of them reported burnout symptoms in the last pulse \
         survey (average wellbeing {}/10). {}\n\nTeam profile:\n",
        card.team,
        card.company,
        card.team_size,
        card.affected,
        card.wellbeing_score,
        if card.catalogue.is_some() {
            "Choose the team's four-week intervention plan from the catalogue below."
        } else {
            "Plan a four-week intervention for the team."
        }
    );
    for item in &card.profile {
        out.push_str(&format!("- {}: {}\n", item.label, item.value));
    }
    out.push_str("\nOther context:\n");
    for line in &card.context {
        out.push_str(&format!("- {line}\n"));
    }
    out.push_str("\nPeople who can own actions, and what they can act on:\n");
    for entry in &card.roster {
        out.push_str(&format!(
            "- {} ({}): {}\n",
            entry.name, entry.role, entry.remit
        ));
    }
    match &card.catalogue {
        Some(catalogue) => out.push_str(&catalogue::render(catalogue)),
        None => out.push_str(&format!(
            "\nBudget available for the four weeks: between {} and {}.\n",
            dollars(card.budget_min),
            dollars(card.budget_max)
        )),
    }
    out
}

/// The plan task's rubric at levels 1 to 3, one paragraph a rule.
pub fn rubric() -> Vec<String> {
    let thresholds: Vec<&str> = METRICS.iter().map(|m| m.threshold).collect();
    vec![
        format!(
            "Stressors: a profile item is a stressor when it passes its threshold: {}. Tackle \
             every stressor and only those; items within their threshold need no action.",
            thresholds.join("; ")
        ),
        "Actions: each week has at least two actions on the team's stressors, each on its own \
         line with one owner named from the people listed whose remit covers it, and the \
         expected outcome. General support (EAP sessions, a survey) is welcome but does not \
         count towards the two."
            .to_owned(),
        "KPIs: three, each measuring one of the team's stressors: what is measured, the team's \
         current number from the profile and a numeric target that improves on it."
            .to_owned(),
        "Risk: the main risk to the plan and how it will be reduced.".to_owned(),
        "Budget: one total in US dollars inside the stated range.".to_owned(),
        "Grading: an action that names someone who is not among the people listed belongs to \
         another team's plan and tackles nothing; the KPIs, risk and budget count only when at \
         least one action owned by one of the people listed, by name (a role names no one), \
         tackles one of the team's stressors."
            .to_owned(),
    ]
}

/// The rubric at `level`: from [`CATALOGUE_LEVEL`] on, the plan is chosen
/// from the case's catalogue.
pub fn rubric_at(level: u8) -> Vec<String> {
    if level < CATALOGUE_LEVEL {
        return rubric();
    }
    let mut out = rubric();
    let severe: Vec<&str> = METRICS.iter().map(|m| m.severe).collect();
    out[0] = format!(
        "Stressors: a profile item is a stressor when it passes its threshold: {}. A stressor is \
         severe when it reaches its severe threshold: {}. Items within their threshold are not \
         stressors.",
        METRICS
            .iter()
            .map(|m| m.threshold)
            .collect::<Vec<_>>()
            .join("; "),
        severe.join("; ")
    );
    out[1] = format!(
        "Plan: choose interventions from the catalogue. A plan's value is the sum of the weights \
         of the distinct stressors its interventions tackle: {} for a severe stressor, {} for \
         another stressor, 0 for an item within its threshold or general support; a stressor \
         tackled by two interventions counts once. A plan must keep its total cost within the \
         budget cap and each owner's hours a week within what they can give, include the \
         intervention each chosen one needs, and hold no two that cannot run together. The best \
         plan is the one of highest value among those, and of equal values the cheaper; each \
         case has exactly one. The best plan earns the whole plan credit; another plan that \
         keeps every rule earns half its value's share of the best value; a plan that breaks a \
         rule earns none.",
        catalogue::SEVERE_WEIGHT,
        catalogue::STRESSOR_WEIGHT
    );
    out[4] = "Budget: one total in US dollars: what the interventions you chose cost together, \
              within the budget cap."
        .to_owned();
    out[5] = "Grading: the plan counts only when the stressors earn at least half their credit \
              (for instance, in a case with five stressors: four named with the right severity \
              and at most one wrong line), and the KPIs, risk and budget only for a plan that keeps every rule."
        .to_owned();
    out
}

/// The response format at `level` (see [`rubric_at`]).
pub fn response_format_at(level: u8) -> ResponseFormat {
    if level < CATALOGUE_LEVEL {
        return response_format();
    }
    let plain = response_format();
    let kept = |label: &str| plain.sections.iter().find(|s| s.label == label).cloned();
    let mut sections = vec![
        FormatSection {
            label: "Stressors",
            expects: "Each of the team's stressors on its own line: the profile item, then \
                      severe or moderate (not severe)."
                .to_owned(),
        },
        FormatSection {
            label: "Interventions",
            expects: "The ids of the interventions you choose (P1, P2, ...), and no others. \
                      The plan is the first line here that names an id, with the list items or \
                      lines opening with an id right under it: every id there counts as chosen \
                      unless its own clause says it is not (\"P5 not chosen\", \"needs P3\"); \
                      a clause about several ids joined by \"and\" or \"nor\" is about each \
                      (\"P3, P6 and P10 are not chosen\", \"neither P3 nor P10\"), and a \
                      sentence that rules options out chooses none of the ids it gives as \
                      reasons (\"Neither on-call option fits: P12 drags in P4\"). \
                      A paragraph after it (why you chose the set) chooses nothing."
                .to_owned(),
        },
    ];
    sections.extend(["KPIs", "Risk"].into_iter().filter_map(kept));
    sections.push(FormatSection {
        label: "Budget",
        expects: "One total in US dollars: what the chosen interventions cost together.".to_owned(),
    });
    ResponseFormat {
        sections,
        template:
            "Stressors:\n- ...: severe or moderate\nInterventions: P.., P..\nKPIs:\n- \n- \n- \n\
                   Risk: \nBudget: $"
                .to_owned(),
        word_limit: WORD_CAP,
    }
}

/// The sections a plan answer gives (levels 1 to 3), its template and word limit.
pub fn response_format() -> ResponseFormat {
    let week = |n: u32| FormatSection {
        label: WEEK_LABELS[n as usize - 1],
        expects: "Two or more actions on the team's stressors, one per line, each with one \
                  owner from the list and the expected outcome."
            .to_owned(),
    };
    ResponseFormat {
        sections: vec![
            week(1),
            week(2),
            week(3),
            week(4),
            FormatSection {
                label: "KPIs",
                expects: "Three lines: what is measured, from the team's current number to a \
                          numeric target."
                    .to_owned(),
            },
            FormatSection {
                label: "Risk",
                expects: "The main risk and how it will be reduced.".to_owned(),
            },
            FormatSection {
                label: "Budget",
                expects: "One total in US dollars inside the stated range, and what it pays for."
                    .to_owned(),
            },
        ],
        template:
            "Week 1:\n- Action: ... Owner: ... Outcome: ...\n- \nWeek 2:\n- \n- \nWeek 3:\n- \n- \n\
                   Week 4:\n- \n- \nKPIs:\n- \n- \n- \nRisk: \nBudget: $"
                .to_owned(),
        word_limit: WORD_CAP,
    }
}

pub(crate) const WEEK_LABELS: [&str; 4] = ["Week 1", "Week 2", "Week 3", "Week 4"];

/// Longest answer without a length penalty.
pub const WORD_CAP: usize = 900;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Text;

    #[test]
    fn stressors_follow_thresholds_and_vary() {
        let mut counts = BTreeSet::new();
        for seed in 0..500 {
            let case = generate(seed);
            let n = case.stressors().len();
            assert!((3..=5).contains(&n), "seed {seed}: {n}");
            counts.insert(case.stressors());
            assert!(case.card.budget_max < 2 * case.card.budget_min);
            assert!(case.card.budget_max > case.card.budget_min);
        }
        assert!(counts.len() > 200, "{}", counts.len());
    }

    #[test]
    fn each_action_and_kpi_reads_as_its_own_metric_only() {
        for metric in METRICS {
            let follow_ups = metric.follow_ups.map(|(a, _)| a.to_owned());
            let texts = [metric.action.to_owned(), metric.kpi(9)]
                .into_iter()
                .chain(follow_ups);
            for text in &texts.collect::<Vec<_>>() {
                let read = Text::new(text);
                let hits: Vec<&str> = METRICS
                    .iter()
                    .filter(|m| read.has(m.phrases))
                    .map(|m| m.id)
                    .collect();
                assert_eq!(hits, [metric.id], "{text}");
            }
        }
        for (_, action, _) in GENERAL_ACTIONS {
            let read = Text::new(action);
            assert!(METRICS.iter().all(|m| !read.has(m.phrases)), "{action}");
        }
    }
}
