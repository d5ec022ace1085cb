//! What a plan is built from, below the generator, the catalogue and the
//! grader that all read it: the owners, the metrics and their KPIs, the
//! general actions, a stressor's reading and money as the plan writes it.

/// Who can own an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Owner {
    /// Runs the team day to day: workload, 1:1s, the on-call rota, team events.
    Manager,
    /// The HR business partner: conduct, cover for leave, the reorganisation's communication.
    Hr,
    /// The team lead: on-call, incidents, toil and automation, team events.
    Lead,
    /// The head of engineering: hiring and contractors, the roadmap, the reorganisation.
    Head,
    /// The external employee assistance programme: confidential counselling only.
    Eap,
}

impl Owner {
    /// Every owner, in the roster's order.
    pub const ALL: [Owner; 5] = [
        Owner::Manager,
        Owner::Hr,
        Owner::Lead,
        Owner::Head,
        Owner::Eap,
    ];

    /// The owner's role as the roster writes it.
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
    /// The metric's id (`overtime`, `on_call`, ...), as graders name it.
    pub id: &'static str,
    /// The profile item's label as the card shows it.
    pub label: &'static str,
    /// How an answer may name it (glob patterns).
    pub phrases: &'static [&'static str],
    /// The rubric's threshold, as text.
    pub threshold: &'static str,
    pub(super) stressed: (i64, i64),
    pub(super) fine: (i64, i64),
    /// Values right at the threshold: (within it, past it).
    pub(super) near: ((i64, i64), (i64, i64)),
    pub(super) is_stressor: fn(i64) -> bool,
    /// The rubric's threshold past which a stressor is severe (levels 4
    /// and 5, where severity weighs the plan's value), as text.
    pub severe: &'static str,
    pub(super) is_severe: fn(i64) -> bool,
    pub(super) render: fn(i64) -> String,
    /// Whether a KPI target must be below (`Some(true)`) or above
    /// (`Some(false)`) the current value; `None` when units differ.
    pub lower_is_better: Option<bool>,
    /// Who can act on it.
    pub owner: Owner,
    /// The reference plan's action on it.
    pub action: &'static str,
    /// What that action is expected to achieve.
    pub outcome: &'static str,
    /// Two later actions on the same item (action, outcome), so a plan can
    /// keep two actions on the team's stressors in every week.
    pub follow_ups: [(&'static str, &'static str); 2],
    pub(super) kpi: fn(i64) -> String,
}

impl Metric {
    /// Whether `value` is a severe stressor (it is then a stressor too).
    pub fn severe_at(&self, value: i64) -> bool {
        (self.is_stressor)(value) && (self.is_severe)(value)
    }

    /// A KPI for this item with target values set from its current `value`.
    pub fn kpi(&self, value: i64) -> String {
        (self.kpi)(value)
    }
}

/// Every profile item a plan case can show.
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
            // Work asked of the team outside the plan, which a weekly
            // review or triage of it tackles ("route new requests through
            // one weekly review", play-para-it23 B2).
            "new request*",
            "incoming request*",
            "feature request*",
            "change request*",
            "stakeholder request*",
            "priority swap*",
            "priority shift*",
            "reshuffl*",
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

/// A shown profile item with its value and whether it is a stressor.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    /// The profile item.
    pub metric: &'static Metric,
    /// Its value in this case, in the metric's unit.
    pub value: i64,
    /// The value is past the rubric's threshold.
    pub stressor: bool,
}

impl std::fmt::Debug for Metric {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
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
