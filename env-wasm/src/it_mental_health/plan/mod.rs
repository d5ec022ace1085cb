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

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;

use crate::it_mental_health::names::{
    COMPANIES, EAP_PROVIDERS, FIRST_NAMES, LAST_NAMES, MONTHS, TEAMS,
};
use crate::it_mental_health::scenario::{FormatSection, ResponseFormat, by_level};
use crate::rng::SeededRng;
use crate::splits::DEFAULT_LEVEL;

/// Who can own an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Owner {
    Manager,
    Hr,
    Lead,
    Head,
    Eap,
}

impl Owner {
    pub const ALL: [Owner; 5] = [
        Owner::Manager,
        Owner::Hr,
        Owner::Lead,
        Owner::Head,
        Owner::Eap,
    ];

    pub fn role(self) -> &'static str {
        match self {
            Owner::Manager => "engineering manager",
            Owner::Hr => "HR business partner",
            Owner::Lead => "team lead",
            Owner::Head => "head of engineering",
            Owner::Eap => "external EAP provider",
        }
    }

    /// The profile items this person can act on (metric ids).
    pub fn remit(self) -> &'static [&'static str] {
        match self {
            Owner::Manager => &["overtime", "one_on_ones", "on_call", "connection"],
            Owner::Hr => &["conduct", "staffing", "reorg"],
            Owner::Lead => &["on_call", "incidents", "toil", "connection"],
            Owner::Head => &["staffing", "priorities", "reorg"],
            Owner::Eap => &[],
        }
    }

    /// The remit as the roster states it.
    pub fn remit_text(self) -> &'static str {
        match self {
            Owner::Manager => "overtime and workload, 1:1s, the on-call rota, team events",
            Owner::Hr => {
                "conduct complaints, cover for leave, communication about the reorganisation"
            }
            Owner::Lead => "the on-call rota, incidents, toil and automation, team events",
            Owner::Head => "hiring and contractors, the roadmap, the reorganisation",
            Owner::Eap => "confidential counselling and support only",
        }
    }
}

/// A profile item: how it reads, when it is a stressor, how an answer names
/// it, and (for the answer writers) an action and a KPI that tackle it.
pub struct Metric {
    pub id: &'static str,
    pub label: &'static str,
    pub phrases: &'static [&'static str],
    /// The rubric's threshold, as text.
    pub threshold: &'static str,
    stressed: (i64, i64),
    fine: (i64, i64),
    /// Values right at the threshold: (within it, past it).
    near: ((i64, i64), (i64, i64)),
    is_stressor: fn(i64) -> bool,
    /// The rubric's threshold past which a stressor is severe (levels 4
    /// and 5, where severity weighs the plan's value), as text.
    pub severe: &'static str,
    is_severe: fn(i64) -> bool,
    render: fn(i64) -> String,
    /// Whether a KPI target must be below (`Some(true)`) or above
    /// (`Some(false)`) the current value; `None` when units differ.
    pub lower_is_better: Option<bool>,
    pub owner: Owner,
    pub action: &'static str,
    pub outcome: &'static str,
    /// Two later actions on the same item (action, outcome), so a plan can
    /// keep two actions on the team's stressors in every week.
    pub follow_ups: [(&'static str, &'static str); 2],
    kpi: fn(i64) -> String,
}

impl Metric {
    /// Whether `value` is a severe stressor (it is then a stressor too).
    pub fn severe_at(&self, value: i64) -> bool {
        (self.is_stressor)(value) && (self.is_severe)(value)
    }

    pub fn kpi(&self, value: i64) -> String {
        (self.kpi)(value)
    }
}

pub const METRICS: &[Metric] = &[
    Metric {
        id: "overtime",
        label: "Average overtime per person",
        phrases: &[
            "overtime",
            "extra hours",
            "long hours",
            "working hours",
            "hours per week",
            "hours a week",
            "weekly hours",
            "hour cap",
            "hours cap",
            "h week",
            // "OT: 9 hrs/wk", "hours beyond contract", "nine hours of extra
            // work a week" (para-it7).
            "hrs wk",
            "hrs week",
            "hrs a week",
            "hrs per week",
            // "OT per person (7 h/wk)" (para-it8).
            "ot",
            "h wk",
            "hours beyond contract*",
            "hours over contract*",
            "beyond contracted hours",
            "hours of extra work",
            // Work done outside working hours is overtime; being on call
            // out of hours is the on-call stressor's (its own phrases).
            "out of hours work*",
            "after hours work*",
            "outside working hours",
            "outside of working hours",
        ],
        threshold: "overtime more than 5 hours a week",
        stressed: (8, 20),
        fine: (1, 4),
        near: ((5, 5), (6, 7)),
        is_stressor: |v| v > 5,
        severe: "overtime 12 hours a week or more",
        is_severe: |v| v >= 12,
        render: |v| format!("{v} hours a week"),
        lower_is_better: Some(true),
        owner: Owner::Manager,
        action: "Cap overtime at 5 hours a week per person and move non-urgent tickets out of the sprint",
        outcome: "overtime back under 5 hours a week",
        follow_ups: [
            (
                "Review each person's overtime against the cap in sprint planning and drop the work that breaks it",
                "nobody over the cap two weeks running",
            ),
            (
                "Publish the team's weekly overtime figures and agree what to stop doing if they rise",
                "the overtime cap holds",
            ),
        ],
        kpi: |v| format!("Average overtime: from {v} to at most 5 hours a week by week 4"),
    },
    Metric {
        id: "on_call",
        label: "On-call rota",
        phrases: &[
            "on call",
            "pager*",
            "paging",
            "rota",
            "rotas",
            "rotation*",
            // "Out-of-hours" names on-call duty only with what is done on
            // it: "out-of-hours work" is overtime.
            "out of hours cover",
            "out of hours support",
            "out of hours call*",
            "out of hours page*",
            "out of hours duty",
            "out of hours shift*",
            "out of hours alert*",
        ],
        threshold: "on call every 5 days or more often",
        stressed: (2, 5),
        fine: (9, 14),
        near: ((6, 7), (5, 5)),
        is_stressor: |v| v <= 5,
        severe: "on call every 3 days or more often",
        is_severe: |v| v <= 3,
        render: |v| format!("each engineer is on call every {v} days"),
        lower_is_better: Some(false),
        owner: Owner::Lead,
        action: "Rebalance the on-call rota so nobody is on call more than once every 8 days, adding two engineers from the platform pool",
        outcome: "fewer night pages per person",
        follow_ups: [
            (
                "Move pager handovers to the start of the day so nobody begins a rota shift tired",
                "rota shifts start rested",
            ),
            (
                "Check night pages per person on the new rota and rebalance any heavy weeks",
                "the rota load stays even",
            ),
        ],
        kpi: |v| format!("On-call frequency: from every {v} days to at most once every 8 days"),
    },
    Metric {
        id: "one_on_ones",
        label: "Manager 1:1s",
        phrases: &["oneonone*"],
        threshold: "no 1:1s for 3 months or more",
        stressed: (3, 8),
        fine: (0, 0),
        near: ((2, 2), (3, 3)),
        is_stressor: |v| v >= 3,
        severe: "no 1:1s for 6 months or more",
        is_severe: |v| v >= 6,
        render: |v| {
            if v == 0 {
                "every two weeks, as planned".to_owned()
            } else {
                format!("none for {v} months")
            }
        },
        lower_is_better: None,
        owner: Owner::Manager,
        action: "Restart fortnightly 1:1s with every team member, starting with the most affected",
        outcome: "every person has had a 1:1",
        follow_ups: [
            (
                "Hold the second round of 1:1s and note what each person needs",
                "every need written down",
            ),
            (
                "Review the notes from the 1:1s and act on the themes that recur",
                "the 1:1s lead to changes",
            ),
        ],
        kpi: |_| "1:1 coverage: 100% of the team has had a 1:1 by week 2".to_owned(),
    },
    Metric {
        id: "connection",
        label: "Last team event or offsite",
        phrases: &[
            "team building",
            "team event*",
            "social*",
            "offsite*",
            "off site*",
            "team lunch*",
            "team dinner*",
            "get together*",
            "day out",
            "days out",
            "away day*",
            "team day*",
            "outing*",
            "do together",
            "time together",
            "event",
            "events",
        ],
        threshold: "6 months or more since a team event",
        stressed: (6, 24),
        fine: (1, 3),
        near: ((4, 5), (6, 7)),
        is_stressor: |v| v >= 6,
        severe: "12 months or more since a team event",
        is_severe: |v| v >= 12,
        render: |v| format!("{v} months ago"),
        lower_is_better: None,
        owner: Owner::Lead,
        action: "Hold a half-day team offsite on what the team wants to change",
        outcome: "the team reconnects in person",
        follow_ups: [
            (
                "Start a monthly team lunch chosen by the team",
                "a regular time together",
            ),
            (
                "Plan the next quarter's team events with volunteers from the team",
                "team events keep happening",
            ),
        ],
        kpi: |_| {
            "Team events: at least 1 team event by week 4 and one every quarter after".to_owned()
        },
    },
    Metric {
        id: "conduct",
        label: "HR complaints about team conduct last quarter",
        phrases: &[
            "complaint*",
            "conduct",
            "respect*",
            "grievance*",
            "civility",
            "behaviour*",
            "behavior*",
            "psychological safety",
        ],
        threshold: "2 or more HR complaints in a quarter",
        stressed: (2, 5),
        fine: (0, 1),
        near: ((1, 1), (2, 2)),
        is_stressor: |v| v >= 2,
        severe: "4 or more HR complaints in a quarter",
        is_severe: |v| v >= 4,
        render: |v| v.to_string(),
        lower_is_better: Some(true),
        owner: Owner::Hr,
        action: "Review the conduct complaints and run a facilitated session on respectful code reviews",
        outcome: "agreed rules for respectful reviews",
        follow_ups: [
            (
                "Agree and publish team rules for respectful reviews and meetings",
                "everyone knows the rules",
            ),
            (
                "Check with the people who raised complaints whether behaviour has changed",
                "complaints followed up",
            ),
        ],
        kpi: |v| format!("HR complaints: from {v} last quarter to 0 next quarter"),
    },
    Metric {
        id: "staffing",
        label: "Team members on long-term leave with no cover",
        phrases: &[
            "staffing",
            "understaff*",
            "cover",
            "covering",
            // "Uncovered leave: 2 -> 0".
            "uncovered",
            "backfill*",
            "contractor*",
            "headcount",
            "long term leave",
            // "Two absent colleagues whose work nobody covers" (para-it7).
            "absent colleague*",
            "nobody covers",
            "no one covers",
        ],
        threshold: "2 or more people on long-term leave without cover",
        stressed: (2, 3),
        fine: (0, 1),
        near: ((1, 1), (2, 2)),
        is_stressor: |v| v >= 2,
        severe: "3 or more people on long-term leave without cover",
        is_severe: |v| v >= 3,
        render: |v| v.to_string(),
        lower_is_better: Some(true),
        owner: Owner::Head,
        action: "Bring in a contractor to backfill the colleagues on long-term leave",
        outcome: "no work left uncovered",
        follow_ups: [
            (
                "Hand the contractor the work left uncovered and agree who covers what",
                "cover for every open task",
            ),
            (
                "Confirm the headcount to cover the leave until the colleagues return",
                "cover secured until they return",
            ),
        ],
        kpi: |v| format!("Uncovered long-term leave: from {v} people to 0 by week 2"),
    },
    Metric {
        id: "incidents",
        label: "Production incidents last month",
        phrases: &[
            "incident*",
            "outage*",
            "postmortem*",
            "post mortem*",
            "reliability",
        ],
        threshold: "6 or more production incidents a month",
        stressed: (6, 15),
        fine: (1, 3),
        near: ((4, 5), (6, 7)),
        is_stressor: |v| v >= 6,
        severe: "10 or more production incidents a month",
        is_severe: |v| v >= 10,
        render: |v| v.to_string(),
        lower_is_better: Some(true),
        owner: Owner::Lead,
        action: "Run a reliability review of the top incident causes and reserve a fifth of sprint capacity for fixes",
        outcome: "the worst incident causes fixed",
        follow_ups: [
            (
                "Fix the two most frequent incident causes found in the review",
                "fewer repeat incidents",
            ),
            (
                "Hold blameless postmortems for every new incident and track repeat causes",
                "lessons from every incident",
            ),
        ],
        kpi: |v| format!("Production incidents: from {v} to at most 3 a month"),
    },
    Metric {
        id: "priorities",
        label: "Roadmap priority changes this quarter",
        phrases: &[
            "roadmap*",
            "priority change*",
            "reprioriti*",
            "scope",
            "freeze",
            // "interruptions", not "far fewer interrupted nights" (pages).
            "interruption*",
            "context switch*",
            "priorities",
            "intake",
        ],
        threshold: "3 or more roadmap priority changes in a quarter",
        stressed: (3, 6),
        fine: (0, 1),
        near: ((2, 2), (3, 3)),
        is_stressor: |v| v >= 3,
        severe: "5 or more roadmap priority changes in a quarter",
        is_severe: |v| v >= 5,
        render: |v| v.to_string(),
        lower_is_better: Some(true),
        owner: Owner::Head,
        action: "Freeze the roadmap for the rest of the quarter and route new requests through one weekly review",
        outcome: "stable priorities for the quarter",
        follow_ups: [
            (
                "Agree with stakeholders which roadmap items move to next quarter",
                "a smaller roadmap for the quarter",
            ),
            (
                "Log every request to change the roadmap and turn down those that break the freeze",
                "the freeze holds",
            ),
        ],
        kpi: |v| {
            format!("Roadmap priority changes: from {v} this quarter to at most 1 next quarter")
        },
    },
    Metric {
        id: "toil",
        label: "Time spent on manual deployments and toil",
        phrases: &[
            "toil",
            "manual*",
            "automat*",
            "deployment*",
            "deploy*",
            "script*",
        ],
        threshold: "30% or more of time on manual toil",
        stressed: (30, 60),
        fine: (5, 15),
        near: ((25, 29), (30, 33)),
        is_stressor: |v| v >= 30,
        severe: "45% or more of time on manual toil",
        is_severe: |v| v >= 45,
        render: |v| format!("{v}%"),
        lower_is_better: Some(true),
        owner: Owner::Lead,
        action: "Automate the three most frequent manual deployment steps",
        outcome: "less time lost to toil",
        follow_ups: [
            (
                "Script the next most common manual task and retire its checklist",
                "one less manual chore",
            ),
            (
                "Measure the time spent on toil again and pick the next step to automate",
                "toil keeps falling",
            ),
        ],
        kpi: |v| format!("Manual toil: from {v}% to under 20% of time"),
    },
    Metric {
        id: "reorg",
        label: "Reorganisation",
        phrases: &[
            "reorg*",
            "re org*",
            "reorganis*",
            "reorganiz*",
            "restructur*",
            "uncertain*",
            "job security",
            "new structure",
        ],
        threshold: "a reorganisation announced without details",
        stressed: (2, 8),
        fine: (0, 0),
        near: ((0, 0), (2, 3)),
        is_stressor: |v| v > 0,
        severe: "a reorganisation announced 6 or more weeks ago without details",
        is_severe: |v| v >= 6,
        render: |v| {
            if v == 0 {
                "none planned".to_owned()
            } else {
                format!("announced {v} weeks ago; no dates or details shared since")
            }
        },
        lower_is_better: None,
        owner: Owner::Head,
        action: "Hold a Q&A on the reorganisation and share a written timeline with dates",
        outcome: "people know what happens to their roles",
        follow_ups: [
            (
                "Give each person a written answer on what the reorganisation means for their role",
                "no one left guessing",
            ),
            (
                "Share an update on the reorganisation timeline and answer new questions",
                "the timeline stays current",
            ),
        ],
        kpi: |_| {
            "Reorganisation: a written timeline shared with 100% of the team by week 2".to_owned()
        },
    },
];

/// Wellbeing measures any plan may track as a KPI.
pub const GENERAL_KPI: &[&str] = &[
    "pulse*",
    "survey*",
    "wellbeing",
    "well being",
    "enps",
    "engagement",
    "attrition",
    "turnover",
    "sick days",
    "absence*",
    "burnout score*",
];

/// Actions any plan may add, owned by the roster: (owner, action, outcome).
pub const GENERAL_ACTIONS: &[(Owner, &str, &str)] = &[
    (
        Owner::Eap,
        "Share the EAP contact details and offer confidential counselling sessions",
        "people know where to get help",
    ),
    (
        Owner::Hr,
        "Run a short anonymous pulse survey on wellbeing",
        "a baseline to compare against",
    ),
    (
        Owner::Manager,
        "Review progress with the team in the sprint retro and adjust the plan",
        "the plan follows what the team reports",
    ),
    (
        Owner::Hr,
        "Brief managers on spotting burnout signs and where to refer people",
        "earlier support for the next case",
    ),
    (
        Owner::Lead,
        "Set up peer buddies so nobody handles a hard week alone",
        "people have someone to turn to",
    ),
    (
        Owner::Manager,
        "Hold a mid-plan review with the team to check what is working",
        "the plan follows the team's feedback",
    ),
];

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProfileItem {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RosterEntry {
    pub name: String,
    pub role: String,
    /// What this person can act on.
    pub remit: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ProfileCard {
    pub team: String,
    pub company: String,
    pub team_size: u32,
    pub affected: u32,
    pub wellbeing_score: u32,
    pub profile: Vec<ProfileItem>,
    pub context: Vec<String>,
    pub roster: Vec<RosterEntry>,
    pub budget_min: u32,
    pub budget_max: u32,
    /// Levels 4 and 5: the interventions to choose from, the owners'
    /// hours and the budget cap (`budget_min` is then 0 and `budget_max`
    /// the cap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalogue: Option<catalogue::CatalogueCard>,
}

/// A shown profile item with its value and whether it is a stressor.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    pub metric: &'static Metric,
    pub value: i64,
    pub stressor: bool,
}

#[derive(Debug, Clone)]
pub struct PlanCase {
    /// The difficulty level it was generated at.
    pub level: u8,
    pub card: ProfileCard,
    pub readings: Vec<Reading>,
    /// (owner, name as written) for every roster entry.
    pub roster: Vec<(Owner, String)>,
    pub text: String,
    /// Levels 4 and 5: the catalogue the plan is chosen from, solved.
    pub catalogue: Option<catalogue::Catalogue>,
}

impl std::fmt::Debug for Metric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl PlanCase {
    /// How many actions a week the reference plan has.
    pub fn actions_per_week(&self) -> usize {
        by_level(self.level, SHAPES).actions_per_week
    }

    pub fn stressors(&self) -> BTreeSet<&'static str> {
        crate::order::set_of(
            self.readings
                .iter()
                .filter(|r| r.stressor)
                .map(|r| r.metric.id),
        )
    }

    pub fn value_of(&self, id: &str) -> Option<i64> {
        self.readings
            .iter()
            .find(|r| r.metric.id == id)
            .map(|r| r.value)
    }

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
    let shape = by_level(level, SHAPES);
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

/// `12500` as `$12,500`.
pub fn dollars(amount: u32) -> String {
    let digits = amount.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("${out}")
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
         least one action tackles one of the team's stressors."
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
                      (\"P3, P6 and P10 are not chosen\", \"neither P3 nor P10\"). \
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

pub const WEEK_LABELS: [&str; 4] = ["Week 1", "Week 2", "Week 3", "Week 4"];

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
