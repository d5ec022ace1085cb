//! Task `stress_triage`: a team of three to five people, each with a
//! situation (their main stressor), notes from their lead and a quote. Each
//! person's tier follows from the stated rubric applied to the signs in
//! their own notes and words: any safety sign is CRITICAL, else any severe
//! sign RED, else two or more strain signs AMBER, else GREEN. Signs are
//! written many ways, mixed with coping talk and resolved past episodes
//! (which do not count), so no sentence or quote gives a tier away.
//!
//! Levels (1 to 5) change the team, never the rubric: how many people, and
//! how many signs each carries beyond those that decide the tier (more
//! strain and severe signs, coping talk and resolved episodes); at level 1
//! each person shows only the fewest signs that give their tier.

pub mod grade;

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;

use crate::it_mental_health::format::{FormatSection, ResponseFormat, fill};
use crate::it_mental_health::names::{
    COMPANIES, FIRST_NAMES, HOBBIES, LAST_NAMES, MONTHS, ROLES, SYSTEMS, TEAMS, WEEKDAYS,
};
use crate::rng::SeededRng;
use crate::task::{DEFAULT_LEVEL, at_level};

/// A person's triage tier, most urgent first, as the rubric assigns it from their current signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Tier {
    /// A sign of risk to their safety: same-day safety support.
    Critical,
    /// Severe distress already stopping them from functioning: urgent support.
    Red,
    /// Two or more signs of strain, none severe: a check-in to reprioritise the workload.
    Amber,
    /// Fewer than two strain signs: a routine check-in or recognition.
    Green,
}

impl Tier {
    /// Every tier, most urgent first.
    pub const ALL: [Tier; 4] = [Tier::Critical, Tier::Red, Tier::Amber, Tier::Green];

    /// The tier as the rubric and the response format write it (`CRITICAL`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Tier::Critical => "CRITICAL",
            Tier::Red => "RED",
            Tier::Amber => "AMBER",
            Tier::Green => "GREEN",
        }
    }

    /// The tier as a lower-case word an answer may use.
    pub fn word(self) -> &'static str {
        match self {
            Tier::Critical => "critical",
            Tier::Red => "red",
            Tier::Amber => "amber",
            Tier::Green => "green",
        }
    }

    /// Priority: 0 is the most urgent.
    pub fn rank(self) -> u32 {
        self as u32
    }
}

/// How much a sign weighs under the rubric.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// A sign of risk to the person's safety: alone it makes them CRITICAL.
    Safety,
    /// A sign of severe distress: alone it makes them RED.
    Severe,
    /// A sign of strain: two of them make AMBER.
    Strain,
    /// A sign the person is coping: it raises no tier.
    Coping,
    /// A past episode the person says is over: counts for nothing.
    Resolved,
}

/// A sign: its weight, how a lead would note it, and how the person says it.
struct Sign {
    weight: Weight,
    notes: &'static [&'static str],
    quotes: &'static [&'static str],
}

const SIGNS: &[Sign] = &[
    Sign {
        weight: Weight::Safety,
        notes: &[
            "{first} told a colleague that lately they feel there is no way out.",
            "{first} told their lead they have felt like a burden to everyone for weeks.",
            "A teammate reported that {first} has been giving away their things and sending goodbye-like messages.",
        ],
        quotes: &[
            "Some days I think everyone would be better off without me.",
            "I honestly can't see a way out of this anymore.",
            "I keep wondering whether anyone would notice if I just wasn't here.",
        ],
    },
    Sign {
        weight: Weight::Safety,
        notes: &[
            "{first} had chest pains and felt faint during {day}'s incident call but did not see a doctor.",
            "{first} blacked out briefly at their desk on {day} and went straight back to work.",
        ],
        quotes: &[
            "My chest went tight on the incident call and I nearly passed out, but I finished the call.",
            "I fainted for a second on {day}, but there was no time to see anyone.",
        ],
    },
    Sign {
        weight: Weight::Safety,
        notes: &[
            "{first} nearly fell asleep at the wheel driving home after a {long}-hour incident.",
        ],
        quotes: &["I caught myself drifting off at the wheel after the {long}-hour outage."],
    },
    Sign {
        weight: Weight::Severe,
        notes: &[
            "{first} has had {n} panic attacks this week, one during stand-up.",
            "{first} had to leave a meeting on {day} because they could not breathe.",
        ],
        quotes: &[
            "My heart starts racing before every deploy and I can't breathe properly.",
            "I had another panic attack in the car park this morning.",
        ],
    },
    Sign {
        weight: Weight::Severe,
        notes: &["{first} has slept three or four hours a night for {n} weeks."],
        quotes: &["I haven't slept more than four hours a night in {n} weeks."],
    },
    Sign {
        weight: Weight::Severe,
        notes: &["{first} was found in tears in a meeting room {n} times this week."],
        quotes: &["I ended up crying in the quiet room again yesterday."],
    },
    Sign {
        weight: Weight::Severe,
        notes: &[
            "{first} has made {n} production mistakes in {m} days and says they cannot concentrate at all.",
        ],
        quotes: &["I read the same line of code ten times and nothing goes in anymore."],
    },
    Sign {
        weight: Weight::Severe,
        notes: &["{first} has called in sick with stress {n} times this month."],
        quotes: &["I had to call in sick again on {day}; I just couldn't face it."],
    },
    Sign {
        weight: Weight::Strain,
        notes: &["{first} is online until {late} p.m. most nights."],
        quotes: &["I'm usually still at the laptop at {late} p.m."],
    },
    Sign {
        weight: Weight::Strain,
        notes: &["{first} has worked {n} of the last {m} weekends."],
        quotes: &["I've lost most weekends this month to catch-up work."],
    },
    Sign {
        weight: Weight::Strain,
        notes: &["{first} has skipped lunch most days this sprint."],
        quotes: &["Lunch is a sandwich over the keyboard most days."],
    },
    Sign {
        weight: Weight::Strain,
        notes: &["{first} snapped at a colleague in a code review on {day}."],
        quotes: &["I've been short with people in reviews and I feel bad about it."],
    },
    Sign {
        weight: Weight::Strain,
        notes: &["{first} says the backlog is on their mind all evening."],
        quotes: &["I keep running through the backlog in my head all evening."],
    },
    Sign {
        weight: Weight::Coping,
        notes: &[
            "{first} took a week off last month and came back refreshed.",
            "{first} says the workload is busy but manageable.",
            "{first} blocks out Friday afternoons for learning and sticks to it.",
            "{first} leaves on time twice a week for {hobby}.",
            "{first} has been enjoying mentoring the new graduate.",
        ],
        quotes: &[
            "Busy sprint, but I'm keeping on top of it.",
            "I've got a good rhythm at the moment.",
            "The new project is hard, but in a fun way.",
            "Honestly I'm fine; tired on release days, but it passes.",
        ],
    },
    Sign {
        weight: Weight::Resolved,
        notes: &[
            "{first} had panic attacks last year, but says therapy helped and they have had none since {month}.",
            "{first} went through a rough patch with sleep in the spring; they say it has been fine for months.",
        ],
        quotes: &[],
    },
];

/// Whether `note` (of the person whose first name is `first`) is one that
/// shows no current strain: coping or an episode they describe as over
/// ("blocks out Friday afternoons for learning"). Matched on each such
/// template's words before its first blank.
pub fn is_background_note(note: &str, first: &str) -> bool {
    SIGNS
        .iter()
        .filter(|sign| matches!(sign.weight, Weight::Coping | Weight::Resolved))
        .flat_map(|sign| sign.notes.iter())
        .any(|template| {
            let filled = template.replace("{first}", first);
            let prefix = filled.split('{').next().unwrap_or("");
            !prefix.is_empty() && note.starts_with(prefix)
        })
}

/// A stressor: its concept id, how an answer names it, the words that name
/// only its subject, and how the case states it (a situation note and an
/// optional line in the person's words).
pub struct Stressor {
    /// The stressor's concept id, as graders and the reference name it.
    pub id: &'static str,
    /// How an answer may name it (glob patterns such as `on-call*`).
    pub phrases: &'static [&'static str],
    /// The words that name what weighs on the person and no step on it
    /// ("on call", "the reorganisation", "escalations"): a 2-week action
    /// made only of these and of words that name no means ("address the
    /// understaffing") names the stressor but no step (issue 21 R6 c).
    /// The [`phrases`](Self::phrases) that name a means ("rotation",
    /// "backfill", "mediation", "role clarity") are not among them.
    pub topic: &'static [&'static str],
    situations: &'static [&'static str],
    quotes: &'static [&'static str],
}

pub(crate) const STRESSORS: &[Stressor] = &[
    Stressor {
        id: "on_call",
        phrases: &[
            "on call",
            "pager*",
            "paged",
            "paging",
            "rota",
            "rotas",
            "rotation*",
            "out of hours",
            "standby",
            "call out*",
            "callout*",
            "night shift*",
        ],
        topic: &[
            "on call",
            "oncall",
            "pager*",
            "paged",
            "paging",
            "out of hours",
            "call out*",
            "callout*",
            "night shift*",
            "shift",
            "shifts",
            "duty",
            "duties",
        ],
        situations: &[
            "{first} has been on the on-call rota every {n} days since the {system} went live.",
        ],
        quotes: &["Every {n} days I'm on call again and the pager never really stops."],
    },
    Stressor {
        id: "deadline",
        phrases: &[
            "deadline*",
            "launch*",
            "due date",
            "release date",
            "go live",
            "ship date",
            "release",
            "releases",
            "ship",
            "shipping",
            "delivery date",
            "cutover",
            "crunch",
            "out of the door",
            "out the door",
        ],
        topic: &[
            "deadline*",
            "launch*",
            "due date",
            "release date",
            "go live",
            "ship date",
            "delivery date",
            "cutover",
            "crunch",
            "out of the door",
            "out the door",
            "date",
            "dates",
            "due",
            "timeline*",
        ],
        situations: &["{first} is leading the {system} launch, due in {n} days."],
        quotes: &["The {system} launch is in {n} days and half of it isn't built."],
    },
    Stressor {
        id: "reorg",
        phrases: &[
            "reorg*",
            "re org*",
            "reorganis*",
            "reorganiz*",
            "restructur*",
            "job security",
            "merged",
            "merger",
            "redundan*",
            "layoff*",
            "laid off",
            "job cuts",
            "uncertain*",
            // The person's own question: what happens to their role.
            "about their role",
            "about her role",
            "about his role",
            "on their role",
            "on her role",
            "on his role",
            // "what happens to his role", "a straight answer about his
            // future in the team" (para-it9, B1).
            "to their role",
            "to her role",
            "to his role",
            // Settling it: "confirm her role", "a decision over their
            // role" (para-it15 B5).
            "confirm* their role",
            "confirm* her role",
            "confirm* his role",
            "settl* their role",
            "settl* her role",
            "settl* his role",
            "decid* their role",
            "decid* her role",
            "decid* his role",
            "over their role",
            "over her role",
            "over his role",
            "regarding their role",
            "regarding her role",
            "regarding his role",
            "their future",
            "her future",
            "his future",
            "future in the team",
            "future on the team",
            "role stands",
            "future role*",
            // Clarity on the role, in either order: "role clarity",
            // "leadership clarifies her role" (play-it27 B2). A role in
            // another item ("her role in the incident rota") is that
            // item's ([`super::grade`]'s `role_in_another_item`).
            "role clarity",
            "role clarification*",
            "clarif* their role*",
            "clarif* her role*",
            "clarif* his role*",
            "clarif* role*",
            "clarity of their role*",
            "clarity of her role*",
            "clarity of his role*",
            "clarity of role*",
            "role* going forward",
            "new structure",
            "where they stand",
            "where she stands",
            "where he stands",
            "job survives",
            // Where the role lands, what becomes of it, and the
            // reorganisation called a merge (play-it39 B2): "where his
            // role lands in the merge". A merge request or a merge of
            // rotas is no reorganisation ([`super::grade`]'s
            // `in_another_sense`).
            "their role lands",
            "her role lands",
            "his role lands",
            "their role ends up",
            "her role ends up",
            "his role ends up",
            "their role survives",
            "her role survives",
            "his role survives",
            "becomes of their role",
            "becomes of her role",
            "becomes of his role",
            "where they land",
            "where she lands",
            "where he lands",
            "where they will land",
            "where she will land",
            "where he will land",
            "the merge",
            "team merge",
            "department merge",
        ],
        topic: &[
            "reorg*",
            "re org*",
            "reorganisation*",
            "reorganization*",
            "restructuring",
            "restructure",
            "job security",
            "merged",
            "merger",
            "redundan*",
            "layoff*",
            "laid off",
            "job cuts",
            "uncertain*",
            "role",
            "roles",
            "future",
            "job",
            "jobs",
            "team",
            "where they stand",
            "where she stands",
            "where he stands",
        ],
        situations: &[
            "{first}'s team may be merged in the reorganisation and they have had no news about their role.",
        ],
        quotes: &["Nobody will tell me whether my job survives the reorg."],
    },
    Stressor {
        id: "caregiving",
        phrases: &[
            "caring",
            "carer*",
            "caregiv*",
            "parent*",
            "hospital*",
            "family",
            "mother",
            "father",
            "mum",
            "mom",
            "dad",
            "relative*",
            "looking after",
            "compassionate",
            // Means ([`crate::it_mental_health::reading::MEANS`]): a carer's
            // usual support, read as caregiving only when the action names
            // no stressor outright.
            "flexible hours",
            "flexible working",
            "flexible schedule",
            "flexible start*",
            "flexitime",
            "flexi time",
        ],
        topic: &[
            "caring",
            "care",
            "carer",
            "carers",
            "caregiv*",
            "parent*",
            "mother",
            "father",
            "mum",
            "mom",
            "dad",
            "relative*",
            "looking after",
            "illness",
            "ill",
            "sick",
        ],
        situations: &["{first} is caring for a parent who was taken ill in {month}."],
        quotes: &["Between the hospital visits and work I never stop."],
    },
    Stressor {
        id: "understaffing",
        phrases: &[
            "covering",
            "understaff*",
            "short staffed",
            "staffing",
            "two colleagues",
            "backfill*",
            "headcount",
            "three people",
            "people short",
            "person short",
            "short handed",
            "shorthanded",
            "vacan*",
            "leaver*",
            "hire",
            "hiring",
            "recruit*",
            "contractor*",
            "colleagues who left",
        ],
        topic: &[
            "understaff*",
            "short staffed",
            "staffing",
            "people short",
            "person short",
            "short handed",
            "shorthanded",
            "vacan*",
            "leaver*",
            "two colleagues",
            "colleagues who left",
            "headcount",
        ],
        situations: &["{first} has been covering the work of two colleagues who left in {month}."],
        quotes: &["I've been doing three people's jobs since {month}."],
    },
    Stressor {
        id: "customers",
        phrases: &[
            "customer*",
            "client*",
            "escalations",
            "escalation",
            "complain*",
            "angry users",
            "unhappy users",
        ],
        topic: &[
            "customer*",
            "client*",
            "escalation",
            "escalations",
            "complain*",
            "angry",
            "unhappy",
            "users",
            "user",
        ],
        situations: &["{first} handles customer escalations for the {system}, about {n} a week."],
        quotes: &["Another {n} angry customers this week, all landing on me."],
    },
    Stressor {
        id: "migration",
        phrases: &["migration*", "migrat*", "legacy"],
        topic: &["migration*", "migrat*", "legacy", "slip*", "project"],
        situations: &["{first} owns the legacy {system} migration, which has slipped {n} times."],
        quotes: &["The {system} migration has slipped {n} times and it's on me."],
    },
    Stressor {
        id: "conflict",
        phrases: &[
            "conflict*",
            "senior colleague",
            "design review*",
            "argument*",
            "friction",
            "tension*",
            "clash*",
            "disagree*",
            "dispute*",
            "mediat*",
            "hostil*",
            "bully*",
            // What resolving a conflict takes, in the words of the trade.
            "facilitated conversation*",
            "facilitated discussion*",
            "facilitated meeting*",
            "facilitated session*",
            "facilitator",
            "ground rules",
            "working relationship*",
            "working agreement*",
            "rules of engagement",
            "clear the air",
            "interpersonal",
        ],
        topic: &[
            "conflict*",
            "senior colleague",
            "colleague",
            "design review*",
            "review",
            "reviews",
            "argument*",
            "friction",
            "tension*",
            "clash*",
            "disagree*",
            "dispute*",
            "hostil*",
            "bully*",
            "interpersonal",
            "working relationship*",
            "relationship*",
        ],
        situations: &[
            "{first} has had repeated conflict with a senior colleague in design reviews.",
        ],
        quotes: &["Every design review with them turns into an argument."],
    },
    Stressor {
        id: "incidents",
        phrases: &[
            "incident*",
            "outage*",
            "production issue*",
            "firefight*",
            "postmortem*",
            "first responder",
            "first response",
            "first-response",
            "bridge",
            "prod issue*",
        ],
        topic: &[
            "incident*",
            "outage*",
            "production issue*",
            "prod issue*",
            "production",
            "firefight*",
            "first responder",
            "first response",
            "responder",
        ],
        situations: &["{first} has been first responder on {n} production incidents this month."],
        quotes: &["{n} incidents this month and I was first on the bridge for all of them."],
    },
    Stressor {
        id: "new_role",
        phrases: &[
            "new role",
            "new stack",
            "the stack",
            "learning",
            "onboard*",
            "ramp* up",
            "new position",
            "new job",
            "up to speed",
            "settling in",
            "settle in",
            "mentor*",
            "buddy",
            "induction",
            // The usual support of someone learning a new role, read as it
            // only when the action names no stressor outright (play-it30
            // B2: "Pair her with a senior engineer", "Pairing with an
            // experienced engineer").
            "pair them",
            "pair her",
            "pair him",
            "pairs them",
            "pairs her",
            "pairs him",
            "shadow*",
            "senior engineer*",
            "senior developer*",
            "experienced engineer*",
            "experienced developer*",
            "experienced colleague*",
            "knowledge transfer*",
            "documentation",
            "training",
            "ramp up time",
        ],
        topic: &[
            "new role",
            "new stack",
            "the stack",
            "stack",
            "new position",
            "new job",
            "role",
            "settling in",
            "settle in",
        ],
        situations: &[
            "{first} moved into a new role {n} weeks ago and is still learning the stack.",
        ],
        quotes: &["I'm still learning the stack and everyone assumes I already know it."],
    },
];

/// One team member as the page shows them.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EmployeeCard {
    /// Full name.
    pub name: String,
    /// Job title.
    pub role: String,
    /// Whole years in the team.
    pub years_in_team: u32,
    /// Their situation at work (what weighs on them).
    pub situation: String,
    /// What their lead noted.
    pub notes: Vec<String>,
    /// Their own words.
    pub quote: String,
}

/// The team a triage case is about, as the observation shows it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TeamCard {
    /// The team's name.
    pub team: String,
    /// The employer.
    pub company: String,
    /// The team lead who asks for the triage.
    pub lead: String,
    /// The people to triage, in the case's order.
    pub employees: Vec<EmployeeCard>,
}

/// One employee with their hidden truth.
#[derive(Debug, Clone)]
pub struct Employee {
    /// Full name.
    pub name: String,
    /// First name, as answers may call them.
    pub first: String,
    /// Their true tier.
    pub tier: Tier,
    /// The weight of each sign the case shows of them, in drawing order.
    pub signs: Vec<Weight>,
    /// The id of the stressor that weighs on them, as the triage grader names it.
    pub stressor: &'static str,
    /// The person as the observation shows them.
    pub card: EmployeeCard,
}

/// A generated triage case with its hidden truth.
#[derive(Debug, Clone)]
pub struct TriageCase {
    /// The difficulty level it was generated at.
    pub level: u8,
    /// The team as the observation shows it.
    pub card: TeamCard,
    /// Every person with their true tier and stressor, in the case's order.
    pub employees: Vec<Employee>,
    /// The case as the scenario text states it.
    pub text: String,
}

impl TriageCase {
    /// The employees from most to least urgent (stable within a tier).
    pub fn priority(&self) -> Vec<&Employee> {
        let mut order: Vec<&Employee> = self.employees.iter().collect();
        crate::order::sort_by_key(&mut order, |e| e.tier.rank());
        order
    }

    /// The tiers present among the team.
    pub fn tiers(&self) -> BTreeSet<Tier> {
        crate::order::set_of(self.employees.iter().map(|e| e.tier))
    }
}

fn draw_tier(rng: &mut SeededRng) -> Tier {
    match rng.below(100) {
        0..=19 => Tier::Critical,
        20..=47 => Tier::Red,
        48..=75 => Tier::Amber,
        _ => Tier::Green,
    }
}

/// The signs of one person of `tier`: their weights.
fn signs_for(rng: &mut SeededRng, tier: Tier) -> Vec<Weight> {
    let mut weights = Vec::new();
    match tier {
        Tier::Critical => {
            weights.push(Weight::Safety);
            if rng.chance(1, 2) {
                weights.push(Weight::Severe);
            }
            if rng.chance(1, 2) {
                weights.push(Weight::Strain);
            }
        }
        Tier::Red => {
            weights.push(Weight::Severe);
            if rng.chance(1, 3) {
                weights.push(Weight::Severe);
            }
            if rng.chance(1, 2) {
                weights.push(Weight::Strain);
            }
            if rng.chance(1, 3) {
                // Says they are fine: the severe sign still decides.
                weights.push(Weight::Coping);
            }
        }
        Tier::Amber => {
            weights.push(Weight::Strain);
            weights.push(Weight::Strain);
            if rng.chance(1, 3) {
                weights.push(Weight::Strain);
            }
            if rng.chance(1, 3) {
                weights.push(Weight::Coping);
            }
            if rng.chance(1, 4) {
                weights.push(Weight::Resolved);
            }
        }
        Tier::Green => {
            weights.push(Weight::Coping);
            if rng.chance(1, 2) {
                weights.push(Weight::Coping);
            }
            if rng.chance(1, 2) {
                weights.push(Weight::Strain);
            }
            if rng.chance(1, 4) {
                weights.push(Weight::Resolved);
            }
        }
    }
    weights
}

/// What a level changes (see the module's documentation).
#[derive(Clone, Copy)]
struct Shape {
    /// Team size: (smallest, largest).
    size: (i64, i64),
    /// Signs added to each person that leave the tier as it is.
    extra_signs: usize,
    /// Signs beside those that decide the tier (at level 1 each person
    /// shows only the fewest signs that give their tier).
    beside: bool,
}

/// The shape of each level, 1 to 5; level 2 is the original generator.
const SHAPES: [Shape; 5] = [
    Shape {
        size: (2, 3),
        extra_signs: 0,
        beside: false,
    },
    Shape {
        size: (3, 5),
        extra_signs: 0,
        beside: true,
    },
    Shape {
        size: (5, 6),
        extra_signs: 1,
        beside: true,
    },
    Shape {
        size: (6, 7),
        extra_signs: 2,
        beside: true,
    },
    Shape {
        size: (7, 8),
        extra_signs: 3,
        beside: true,
    },
];

/// The weights a sign may add to a person of `tier` without changing it
/// (a GREEN person's one strain sign, if they have none, is a near miss).
fn extra_weights(tier: Tier, signs: &[Weight]) -> &'static [Weight] {
    use Weight::*;
    match tier {
        Tier::Critical | Tier::Red => &[Severe, Strain, Coping, Resolved],
        Tier::Amber => &[Strain, Coping, Resolved],
        Tier::Green if !signs.contains(&Strain) => &[Strain, Coping, Resolved],
        Tier::Green => &[Coping, Resolved],
    }
}

/// The fewest signs that give `tier`.
fn deciding(tier: Tier) -> &'static [Weight] {
    match tier {
        Tier::Critical => &[Weight::Safety],
        Tier::Red => &[Weight::Severe],
        Tier::Amber => &[Weight::Strain, Weight::Strain],
        Tier::Green => &[Weight::Coping],
    }
}

/// The tier the rubric gives for these signs.
pub fn tier_of(weights: &[Weight]) -> Tier {
    let count = |l: Weight| weights.iter().filter(|x| **x == l).count();
    if count(Weight::Safety) > 0 {
        Tier::Critical
    } else if count(Weight::Severe) > 0 {
        Tier::Red
    } else if count(Weight::Strain) >= 2 {
        Tier::Amber
    } else {
        Tier::Green
    }
}

/// The case of `seed` at the default level.
pub fn generate(seed: u64) -> TriageCase {
    generate_at(DEFAULT_LEVEL, seed)
}

/// The case of `seed` at difficulty `level` (1 to 5).
pub fn generate_at(level: u8, seed: u64) -> TriageCase {
    let shape = at_level(&SHAPES, level);
    let mut rng = SeededRng::new(seed, 2);
    let team = (*rng.pick(TEAMS)).to_owned();
    let company = (*rng.pick(COMPANIES)).to_owned();
    let size = rng.range(shape.size.0, shape.size.1) as usize;
    let mut tiers: Vec<Tier> = (0..size).map(|_| draw_tier(&mut rng)).collect();
    if tiers.iter().all(|t| *t == tiers[0]) {
        // Two tiers at least, so the ranking means something.
        let other = Tier::ALL[(tiers[0] as usize + 1 + rng.index(3)) % 4];
        let at = rng.index(size);
        tiers[at] = other;
    }
    let firsts = rng.sample(FIRST_NAMES, size + 1);
    let lasts = rng.sample(LAST_NAMES, size + 1);
    let lead = format!("{} {}", firsts[size], lasts[size]);
    let stressors = rng.sample(&(0..STRESSORS.len()).collect::<Vec<_>>(), size);

    let mut employees = Vec::new();
    for k in 0..size {
        let first = firsts[k].to_owned();
        let name = format!("{first} {}", lasts[k]);
        let mut weights = signs_for(&mut rng, tiers[k]);
        if !shape.beside {
            weights = deciding(tiers[k]).to_vec();
        }
        for _ in 0..shape.extra_signs {
            let extra = *rng.pick(extra_weights(tiers[k], &weights));
            weights.push(extra);
        }
        let stressor = &STRESSORS[stressors[k]];
        let system = *rng.pick(SYSTEMS);
        let vars = |rng: &mut SeededRng| -> Vec<(&'static str, String)> {
            let n = rng.range(2, 5);
            vec![
                ("first", first.clone()),
                ("n", n.to_string()),
                ("m", (n + rng.range(1, 3)).to_string()),
                ("day", (*rng.pick(WEEKDAYS)).to_owned()),
                ("month", MONTHS[rng.index(12)].to_owned()),
                ("late", rng.range(10, 11).to_string()),
                ("long", rng.range(10, 16).to_string()),
                ("hobby", (*rng.pick(HOBBIES)).to_owned()),
                ("system", system.to_owned()),
            ]
        };
        // The situation and the person's words about it share one draw, so
        // their numbers agree.
        let stressor_vars = vars(&mut rng);
        let situation = fill(rng.pick(stressor.situations), &stressor_vars);

        // Render each sign once, as a note or (for one of them) as words;
        // a weight with no sign left to render (a second coping sign, say)
        // is dropped, and the tier is that of the signs shown.
        let mut picked: Vec<&Sign> = Vec::new();
        for weight in &weights {
            let pool: Vec<&Sign> = SIGNS
                .iter()
                .filter(|s| s.weight == *weight && !picked.iter().any(|p| std::ptr::eq(*p, *s)))
                .collect();
            if let Some(sign) = pool.get(rng.index(pool.len())) {
                picked.push(sign);
            }
        }
        let signs: Vec<Weight> = picked.iter().map(|s| s.weight).collect();
        let tier = tier_of(&signs);
        // Half the time one sign is in their own words; otherwise every sign
        // is in the notes and the quote is only about the situation, so the
        // quote alone cannot give the tier away.
        let quotable: Vec<usize> = (0..picked.len())
            .filter(|i| !picked[*i].quotes.is_empty())
            .collect();
        let quoted = if rng.chance(1, 2) {
            quotable.get(rng.index(quotable.len())).copied()
        } else {
            None
        };
        let mut notes = Vec::new();
        let mut said = Vec::new();
        for (i, sign) in picked.iter().enumerate() {
            let v = vars(&mut rng);
            if Some(i) == quoted {
                said.push(fill(rng.pick(sign.quotes), &v));
            } else {
                notes.push(fill(rng.pick(sign.notes), &v));
            }
        }
        if rng.chance(1, 2) || said.is_empty() {
            said.insert(0, fill(rng.pick(stressor.quotes), &stressor_vars));
        }
        rng.shuffle(&mut notes);
        let card = EmployeeCard {
            name: name.clone(),
            role: (*rng.pick(ROLES)).to_owned(),
            years_in_team: rng.range(1, 9) as u32,
            situation,
            notes,
            quote: said.join(" "),
        };
        employees.push(Employee {
            name,
            first,
            tier,
            signs,
            stressor: stressor.id,
            card,
        });
    }
    let card = TeamCard {
        team,
        company,
        lead,
        employees: employees.iter().map(|e| e.card.clone()).collect(),
    };
    let text = render(&card);
    TriageCase {
        level,
        card,
        employees,
        text,
    }
}

fn render(card: &TeamCard) -> String {
    let mut out = format!(
        "You support {}, lead of the {} team at {}. They ask you to triage {} people after a hard month.\n",
        card.lead,
        card.team,
        card.company,
        card.employees.len()
    );
    for e in &card.employees {
        out.push_str(&format!(
            "\n{} ({}, {} in the team)\nSituation: {}\n",
            e.name,
            e.role,
            crate::it_mental_health::burnout::years(e.years_in_team),
            e.situation
        ));
        for note in &e.notes {
            out.push_str(&format!("- {note}\n"));
        }
        out.push_str(&format!("In their words: \"{}\"\n", e.quote));
    }
    out
}

/// The triage task's rubric, one paragraph a rule, as the observation lists it.
pub const RUBRIC: &[&str] = &[
    "Tiers: apply the first that fits. Only current signs count; an episode the person describes \
     as over (for example panic attacks that stopped months ago) does not.",
    "CRITICAL: any sign of risk to the person's safety: hopelessness, feeling like a burden or \
     talk of not wanting to be here, giving things away; a physical emergency such as chest pain \
     or fainting; or being unsafe, such as nearly falling asleep at the wheel.",
    "RED: severe distress that is already stopping them from functioning: panic attacks or not \
     being able to breathe, sleeping four hours or less a night for a week or more, crying at \
     work, calling in sick with stress, or a run of mistakes from not being able to concentrate. \
     Saying they are fine does not lower the tier.",
    "AMBER: two or more signs of strain they are still coping with (working late most nights, \
     losing weekends, skipping breaks, irritability, worry that follows them home) and no severe \
     or safety sign.",
    "GREEN: fewer than two strain signs and no severe or safety sign.",
    "Priority ranking: CRITICAL first, then RED, AMBER, GREEN; people in the same tier may come \
     in any order.",
    "Actions: within 24 hours, CRITICAL needs same-day safety support (stay with them, a crisis \
     line or emergency care, a safety plan); RED needs urgent support (EAP or occupational health \
     referral, relief from the work causing it, time off); AMBER needs a check-in to reprioritise \
     the workload; GREEN needs only a routine check-in or recognition. The 2-week action should \
     tackle the person's own main stressor.",
    "Grading: a person whose signs meet CRITICAL given any other tier (or two tiers) costs 0.50 \
     of the score beyond their share; a person's 24-hour and 2-week actions count only when \
     their tier is right; the \
     ranking counts a pair of people in different tiers only when your tiers for them put them \
     in the same order; the main stressor is stated in the case, so naming it earns nothing on \
     its own, but the 2-week action must tackle it (an action aimed at another person's stressor \
     as well takes back half; what it does counts, not a word inside a name: \
     \"the customer portal migration\" is a migration, not customers).",
];

/// The sections a triage answer gives for `case`, its template and word limit.
pub fn response_format(case: &TriageCase) -> ResponseFormat {
    let mut template = String::new();
    for e in &case.employees {
        template.push_str(&format!(
            "Employee: {}\nTier: \nMain stressor: \n24-hour action: \n2-week action: \n\n",
            e.name
        ));
    }
    template.push_str("Priority ranking: ");
    ResponseFormat {
        sections: vec![
            FormatSection {
                label: "Employee",
                expects: "One block per person, starting with their full name.".to_owned(),
            },
            FormatSection {
                label: "Tier",
                expects: "Exactly one of CRITICAL, RED, AMBER, GREEN, on the person's own line \
                          or block; a tier you correct yourself is the corrected one (\"AMBER \u{2014} \
                          no, actually RED\" is RED), and two tiers offered (\"RED or AMBER\") are a \
                          hedge."
                    .to_owned(),
            },
            FormatSection {
                label: "Main stressor",
                expects: "The one thing weighing on this person most.".to_owned(),
            },
            FormatSection {
                label: "24-hour action",
                expects: "What happens within 24 hours, matched to the tier.".to_owned(),
            },
            FormatSection {
                label: "2-week action",
                expects: "Support over the next two weeks that tackles their main stressor."
                    .to_owned(),
            },
            FormatSection {
                label: "Priority ranking",
                expects: "Every person's name, most urgent first.".to_owned(),
            },
        ],
        template,
        word_limit: word_cap(case),
    }
}

/// Longest answer without a length penalty: room for every person.
pub fn word_cap(case: &TriageCase) -> usize {
    150 + 140 * case.employees.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Text;

    #[test]
    fn tiers_follow_the_signs_and_vary() {
        let mut seen = BTreeSet::new();
        for seed in 0..500 {
            let case = generate(seed);
            assert!((3..=5).contains(&case.employees.len()));
            assert!(case.tiers().len() >= 2, "seed {seed}");
            let firsts: BTreeSet<&str> = case.employees.iter().map(|e| e.first.as_str()).collect();
            assert_eq!(firsts.len(), case.employees.len());
            seen.extend(case.tiers());
        }
        assert_eq!(seen.len(), 4);
    }

    #[test]
    fn no_text_uses_a_tier_word_and_stressors_read_as_themselves() {
        for seed in 0..300 {
            let case = generate(seed);
            let text = Text::new(&case.text);
            for tier in Tier::ALL {
                assert!(
                    text.find(tier.word()).is_empty(),
                    "seed {seed}: {}",
                    tier.word()
                );
            }
            for e in &case.employees {
                let stressor = STRESSORS.iter().find(|s| s.id == e.stressor);
                let situation = Text::new(&e.card.situation);
                assert!(
                    situation.has(stressor.map(|s| s.phrases).unwrap_or(&[])),
                    "{}",
                    e.card.situation
                );
            }
        }
    }
}
