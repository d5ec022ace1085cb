//! Task `burnout_detection`: one IT employee, described by numbers (hours,
//! leave, on-call), what colleagues noticed and their own words, plus
//! distractor facts. The truth follows from the stated rubric: the active
//! Maslach dimensions are the ones with evidence, severity is the sum of
//! rubric points, escalation is yes for High and Critical, and the red
//! flags are this case's concerning facts. Every symptom is written several
//! ways and no sentence names its dimension.
//!
//! Levels (1 to 5, [`crate::Environment::LEVELS`]) change the case, never the rubric: how many
//! statements back each dimension, how many health signs past the cap of
//! two, how close hours and leave sit to the rubric's thresholds, and how
//! many distractors, from level 3 with near misses (a light rota just past
//! the threshold, a colleague's hours, single days off, a one-off long day).

pub mod grade;

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;

use crate::it_mental_health::format::{FormatSection, ResponseFormat, fill};
use crate::it_mental_health::names::{
    COMPANIES, FIRST_NAMES, HOBBIES, LAST_NAMES, MONTHS, ROLES, TEAMS,
};
use crate::rng::SeededRng;
use crate::task::{DEFAULT_LEVEL, at_level};

/// A dimension of burnout in Maslach's model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Dimension {
    /// Drained, tired, no energy left.
    Exhaustion,
    /// Cynicism: distance from or sarcasm about users and colleagues.
    Depersonalization,
    /// Feeling ineffective, missing commitments, self-doubt.
    ReducedAccomplishment,
}

impl Dimension {
    /// Every dimension, in the rubric's order.
    pub const ALL: [Dimension; 3] = [
        Dimension::Exhaustion,
        Dimension::Depersonalization,
        Dimension::ReducedAccomplishment,
    ];

    /// The dimension as the rubric and the reference answer write it.
    pub fn name(self) -> &'static str {
        match self {
            Dimension::Exhaustion => "exhaustion",
            Dimension::Depersonalization => "depersonalization",
            Dimension::ReducedAccomplishment => "reduced personal accomplishment",
        }
    }

    /// Ways an answer names the dimension itself (not its symptoms).
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Dimension::Exhaustion => &[
                "exhaust*",
                "fatigue*",
                "depleted",
                "depletion",
                "worn out",
                "drained",
                "tiredness",
            ],
            Dimension::Depersonalization => &[
                "depersonali*",
                "cynic*",
                "detach*",
                "mental distance",
                "distancing",
                "disengag*",
                "callous*",
            ],
            Dimension::ReducedAccomplishment => &[
                "accomplish*",
                "inefficacy",
                "efficacy",
                "ineffective*",
                "inefficac*",
                "low achievement",
                "reduced achievement",
                // The dimension named by the lack of its opposite: present,
                // however "lack" or "no" reads on its own.
                "lack of accomplish*",
                "lack of achievement",
                "no sense of accomplish*",
                "little sense of accomplish*",
                "loss of accomplish*",
                // The rubric's own sign of it: "they doubt their own worth
                // at work", "self-doubt" (para-it3).
                "self-doubt",
                "self doubt",
                "doubt* their own",
                "doubt* his own",
                "doubt* her own",
            ],
        }
    }

    /// Ways an answer describes the dimension by its meaning in everyday
    /// words instead of naming it ("withdrawn from the team", "lost
    /// confidence in their own work"; play-para-it16 B1). Read as its
    /// name is, with negation; [`Dimension::TOWARDS_PEOPLE`] of them only
    /// about people, and none as the evidence of another dimension named
    /// beside it.
    pub fn descriptions(self) -> &'static [&'static str] {
        match self {
            Dimension::Exhaustion => &[
                "tired",
                "running on empty",
                "no energy",
                "out of energy",
                "low on energy",
                "low energy",
                "lacking energy",
                "lacks energy",
                "nothing left in the tank",
                "worn down",
            ],
            Dimension::Depersonalization => &[
                "withdr*",
                "distant",
                "distanc*",
                "pull* away",
                "pull* back",
                "step* back",
                "cut off",
                "isolat*",
                "disconnect*",
                "retreat*",
                "aloof",
                "indifferen*",
                "apath*",
                "sarcas*",
                "dismissive",
                "stopped caring",
                "no longer cares",
                "no longer caring",
                "no longer care",
                "checked out",
                "switched off",
                "tuned out",
                "cold towards",
                "cold toward",
            ],
            Dimension::ReducedAccomplishment => &[
                "lost confidence",
                "losing confidence",
                "lose confidence",
                "loses confidence",
                "lost all confidence",
                "lost their confidence",
                "lost her confidence",
                "lost his confidence",
                "loss of confidence",
                "low confidence",
                "lack of confidence",
                "lacking confidence",
                "lacks confidence",
                "little confidence",
                "no confidence",
                "crisis of confidence",
                "self belief",
                "fraud",
                "impost*",
                "imposter*",
                "useless",
                "incompeten*",
                "inadequa*",
                "like a failure",
                "sense of failure",
                "makes no difference",
                "make no difference",
                "making no difference",
                "doubt* their abilit*",
                "doubt* her abilit*",
                "doubt* his abilit*",
                "doubt* their work",
                "doubt* her work",
                "doubt* his work",
                "doubt* their skills",
            ],
        }
    }

    /// Descriptions of [`Dimension::descriptions`] that say which way
    /// someone withdraws: they describe depersonalization only towards
    /// people ("withdrawn from the team", "distant from colleagues", or
    /// with no direction, "has become withdrawn"; "distance from her
    /// colleagues", "has distanced herself from the team"), never towards work
    /// ("withdrawn from the on-call rota", "stepped back from the
    /// release"), which only describes the workload. Those marked `true`
    /// need the people named ("stepped back" alone says nothing).
    pub const TOWARDS_PEOPLE: &'static [(&'static str, bool)] = &[
        ("withdr*", false),
        ("distant", false),
        ("distanc*", true),
        ("pull* away", false),
        ("isolat*", false),
        ("disconnect*", false),
        ("retreat*", false),
        ("pull* back", true),
        ("step* back", true),
        ("cut off", true),
        ("cold towards", true),
        ("cold toward", true),
    ];

    /// The concept of the facts that are evidence of it.
    pub fn concept(self) -> &'static str {
        match self {
            Dimension::Exhaustion => "exhaustion_sign",
            Dimension::Depersonalization => "cynicism_sign",
            Dimension::ReducedAccomplishment => "inefficacy_sign",
        }
    }
}

/// The burnout severity the rubric gives for a case's total of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Severity {
    /// 0 to 3 points; no HR escalation.
    Low,
    /// 4 to 5 points; no HR escalation.
    Moderate,
    /// 6 to 7 points; escalate to HR.
    High,
    /// 8 points or more; escalate to HR.
    Critical,
}

impl Severity {
    /// Every severity, from least to most severe.
    pub const ALL: [Severity; 4] = [
        Severity::Low,
        Severity::Moderate,
        Severity::High,
        Severity::Critical,
    ];

    /// The severity as the rubric writes it (`Low`, ..., `Critical`).
    pub fn name(self) -> &'static str {
        match self {
            Severity::Low => "Low",
            Severity::Moderate => "Moderate",
            Severity::High => "High",
            Severity::Critical => "Critical",
        }
    }

    /// Words an answer may use for the level.
    pub fn words(self) -> &'static [&'static str] {
        match self {
            Severity::Low => &["low"],
            Severity::Moderate => &["moderate", "medium"],
            Severity::High => &["high"],
            Severity::Critical => &["critical"],
        }
    }

    /// The level the rubric gives for a total of points.
    pub fn from_points(points: u32) -> Severity {
        match points {
            0..=3 => Severity::Low,
            4..=5 => Severity::Moderate,
            6..=7 => Severity::High,
            _ => Severity::Critical,
        }
    }
}

/// A red-flag concept: how an answer names it, and whether citing it needs
/// this case's number.
/// A phrase word ending in `+` names a verb in every form
/// ([`crate::text::words`]).
pub(crate) struct FlagConcept {
    pub(crate) id: &'static str,
    pub(crate) phrases: &'static [&'static str],
    pub(crate) numeric: bool,
}

pub(crate) const FLAG_CONCEPTS: &[FlagConcept] = &[
    FlagConcept {
        id: "hours",
        phrases: &[
            "hour*",
            "hrs",
            // "62h a week", once the unit is its own word.
            "h",
            "overtime",
            "timesheet*",
            "long days",
            "work week*",
            "workweek*",
        ],
        numeric: true,
    },
    FlagConcept {
        id: "leave",
        phrases: &[
            "leave",
            "holiday*",
            "vacation*",
            "time off",
            "days off",
            "day off",
            "week off",
            "weeks off",
            // "no week or more off for 15 months", the case's own words.
            "week or more off",
            "week or longer off",
            "weeks or more off",
            "break*",
            "pto",
            // Time away from work in other words: "11 months without a
            // week away", "no fortnight off" (para-it15 B2).
            "week away",
            "weeks away",
            "fortnight away",
            "fortnight off",
            "days away",
            "time away",
            "away from work",
            "away from the office",
            "week out of the office",
        ],
        numeric: true,
    },
    FlagConcept {
        id: "on_call",
        phrases: &["on call", "pager*", "paged", "rota", "rotas", "rotation*"],
        numeric: true,
    },
    FlagConcept {
        id: "after_midnight",
        phrases: &[
            "midnight",
            "after hours",
            "late night*",
            "chat log*",
            "messages",
        ],
        numeric: false,
    },
    FlagConcept {
        id: "exhaustion_sign",
        phrases: &[
            "exhaust*",
            "tired*",
            "drain*",
            "fatigue*",
            "empty",
            "energy",
            "doz*",
            "asleep",
            "worn",
            "tank",
            "recover*",
            "coffee*",
            "stare+",
            "shattered",
            "spent",
            "knackered",
            "weary",
            "letharg*",
            "deplete+",
            "nod+",
            "nods off",
        ],
        numeric: false,
    },
    FlagConcept {
        id: "cynicism_sign",
        phrases: &[
            "cynic*",
            "sarcas*",
            "detach*",
            "withdr*",
            "distanc*",
            "ticket*",
            "care+",
            "social",
            "camera*",
            "noise",
            "in writing",
            "bother*",
            "head down",
            "listen+",
            "disengag*",
            "reviewing",
            "dismiss*",
            "mock*",
            "brush* off",
            "tune* out",
            "indifferen*",
            "apath*",
            "aloof",
            "isolat*",
            // Withdrawal in other words ("has pulled back from colleagues",
            // play-it26); code reviews alone name no sign (a case's context
            // says "code-review turnaround is in line with the team").
            "pull* back",
        ],
        numeric: false,
    },
    FlagConcept {
        id: "inefficacy_sign",
        phrases: &[
            "accomplish*",
            "commitment*",
            "missed",
            "rewr*",
            "pull request*",
            "fraud*",
            "matter*",
            "volunteer*",
            "design work",
            "double check*",
            "doubt*",
            "good enough",
            "anything right",
            "ineffect*",
            // Rating one's own work, in any tense ("rates own work far
            // below peers", "underrates it"; play-it40 B1).
            "rate+",
            "underrate+",
            "undervalue+",
            "impost*",
            "imposter*",
            "incompeten*",
            "useless",
            "inadequa*",
            "worthless",
            "second guess*",
            "self assess*",
            "underperform*",
            "confidence",
            "pr",
            "prs",
        ],
        numeric: false,
    },
    FlagConcept {
        id: "sleep",
        phrases: &[
            "sleep*",
            "slept",
            "insomnia",
            "wake*",
            "waking",
            "woke",
            "awake",
            "nightmare*",
            "restless",
        ],
        numeric: false,
    },
    FlagConcept {
        id: "headaches",
        phrases: &["headache*", "migraine*", "head pain"],
        numeric: false,
    },
    FlagConcept {
        id: "stomach",
        phrases: &["stomach*", "digest*", "nause*", "gut", "tummy", "gastr*"],
        numeric: false,
    },
    FlagConcept {
        id: "illness",
        phrases: &[
            "ill",
            "illness*",
            "sick*",
            "colds",
            "cold",
            "flu",
            "unwell",
            "infection*",
        ],
        numeric: false,
    },
    FlagConcept {
        id: "meals",
        phrases: &[
            "meal*", "lunch*", "eat", "eats", "eating", "appetite", "food",
        ],
        numeric: false,
    },
];

/// One fact of the case: its concept, its sentence, the numbers it states
/// (for leave also the month it names), and whether it is a red flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fact {
    /// The kind of fact (`hours`, `leave`, `exhaustion_sign`, ...), as the
    /// red-flag grader matches it.
    pub concept: &'static str,
    /// The sentence the case states it in.
    pub text: String,
    /// The fact in other words, as an answer cites it rather than copying
    /// it; for hours, leave and on-call (cited by their numbers) and for
    /// context, the sentence itself.
    pub gist: String,
    /// The numbers the sentence states, which a cited red flag must match.
    pub numbers: Vec<u64>,
    /// For the leave fact, the month of the last week off it names.
    pub month: Option<&'static str>,
    /// The fact is a red flag under the rubric.
    pub concerning: bool,
}

/// The employee as the page shows them.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PersonCard {
    /// Full name.
    pub name: String,
    /// Job title.
    pub role: String,
    /// The team they work in.
    pub team: String,
    /// The employer.
    pub company: String,
    /// Whole years with the employer.
    pub years_at_company: u32,
    /// The month the case is set in, which leave dates count back from.
    pub current_month: String,
    /// Average hours worked a week.
    pub hours_per_week: u32,
    /// The leave fact as written in the case.
    pub leave: String,
    /// On-call and other workload facts.
    pub workload: Vec<String>,
    /// What colleagues and the manager noticed.
    pub observations: Vec<String>,
    /// The employee's own words.
    pub quotes: Vec<String>,
    /// Other context; not all of it matters.
    pub context: Vec<String>,
}

/// The rubric points behind the severity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RubricPoints {
    /// Points for the weekly hours (0 to 3).
    pub hours: u32,
    /// Points for the time since the last week of leave (0 to 2).
    pub leave: u32,
    /// One point per burnout dimension present (0 to 3).
    pub dimensions: u32,
    /// One point per health sign, at most 2.
    pub health: u32,
}

impl RubricPoints {
    /// The points the severity is read from.
    pub fn total(&self) -> u32 {
        self.hours + self.leave + self.dimensions + self.health
    }
}

/// A generated case with its hidden truth.
#[derive(Debug, Clone)]
pub struct BurnoutCase {
    /// The difficulty level it was generated at.
    pub level: u8,
    /// The employee as the observation shows them.
    pub card: PersonCard,
    /// The employee's first name, as answers may call them.
    pub first: String,
    /// Every fact of the case, concerning or not.
    pub facts: Vec<Fact>,
    /// The burnout dimensions the case gives evidence of.
    pub dimensions: BTreeSet<Dimension>,
    /// The rubric points behind `severity`.
    pub points: RubricPoints,
    /// The true severity.
    pub severity: Severity,
    /// Whether the case must be escalated to HR (severity High or Critical).
    pub escalate: bool,
    /// Every number the case text states, for checking cited numbers.
    pub numbers: BTreeSet<u64>,
    /// The case as the scenario text states it.
    pub text: String,
}

impl BurnoutCase {
    /// The concerning facts in the order a careful reader would rank them.
    pub fn red_flags(&self) -> Vec<&Fact> {
        let rank = |f: &Fact| match f.concept {
            // A distractor is never concerning in a case; a reader who
            // takes one for a red flag (the noisy reference) puts it first.
            "context" | "light_on_call" => 0,
            "hours" => 0,
            "leave" => 1,
            "on_call" => 2,
            c if c.ends_with("_sign") => 3,
            "after_midnight" => 5,
            _ => 4,
        };
        let mut flags: Vec<&Fact> = self.facts.iter().filter(|f| f.concerning).collect();
        crate::order::sort_by_key(&mut flags, |f| rank(f));
        flags
    }

    pub(crate) fn flag_concepts(&self) -> BTreeSet<&'static str> {
        crate::order::set_of(
            self.facts
                .iter()
                .filter(|f| f.concerning)
                .map(|f| f.concept),
        )
    }
}

/// A symptom as the case states it, and its gist: the same fact in other
/// words, as the answer writers cite it (a red flag copied whole from the
/// case earns nothing).
type Worded = (&'static str, &'static str);

const OBSERVATIONS: &[(Dimension, &[Worded])] = &[
    (
        Dimension::Exhaustion,
        &[
            (
                "{first} has dozed off in {n} afternoon meetings this month.",
                "Nodding off in afternoon meetings ({n} this month)",
            ),
            (
                "Colleagues say {first} looks worn out by Wednesday and needs {n} coffees to get through the morning.",
                "Worn out by midweek and needing {n} coffees each morning",
            ),
            (
                "{first} asked twice this sprint to skip the evening release because they feel completely drained.",
                "Too drained for evening releases and asked twice to skip them",
            ),
            (
                "Their manager notes that {first} now needs the whole weekend to recover enough energy for Monday.",
                "Needs every weekend just to recover for Monday",
            ),
            (
                "{first} says they are too tired to talk before ten and now arrives late to stand-up.",
                "Too tired to talk in the mornings and late to stand-up",
            ),
        ],
    ),
    (
        Dimension::Depersonalization,
        &[
            (
                "{first} now refers to users as 'the tickets' and answers their reports with one-line replies.",
                "Calls users 'the tickets' and gives one-line replies",
            ),
            (
                "{first} stopped joining the team's Friday social {n} weeks ago and keeps the camera off in every call.",
                "Withdrawn from the Friday social for {n} weeks with the camera always off",
            ),
            (
                "In the last retro {first} said they had stopped caring whether the fix lands.",
                "Told the retro they no longer care if fixes land",
            ),
            (
                "Teammates describe {first} as sarcastic about customer complaints, calling them 'noise'.",
                "Sarcastic about customer complaints ('noise')",
            ),
            (
                "{first} now answers colleagues only in writing and has stopped reviewing other people's code.",
                "Talks to colleagues only in writing and no longer reviews code",
            ),
        ],
    ),
    (
        Dimension::ReducedAccomplishment,
        &[
            (
                "{first} has missed {n} of the last {m} sprint commitments.",
                "Missed {n} sprint commitments out of {m}",
            ),
            (
                "{first} rewrote the same pull request {n} times before asking for a review.",
                "Reworked one pull request {n} times before review",
            ),
            (
                "{first} stopped volunteering for design work this quarter, saying others do it better.",
                "No longer volunteers for design work as others do it better",
            ),
            (
                "In their last review {first} rated their own work far below how their peers rated it.",
                "Rated their own work far lower than peers did",
            ),
            (
                "{first} now asks a senior colleague to double-check every change before merging, even small ones.",
                "Needs a senior to double-check even small changes",
            ),
        ],
    ),
];

const QUOTES: &[(Dimension, &[Worded])] = &[
    (
        Dimension::Exhaustion,
        &[
            (
                "I'm running on empty by Wednesday, every single week.",
                "Says they run on empty by Wednesday",
            ),
            (
                "Even after a full night in bed I wake up exhausted.",
                "Exhausted on waking even after a full night's rest",
            ),
            (
                "I've got nothing left in the tank after the last release.",
                "No energy left since the last release",
            ),
            (
                "By mid-afternoon I'm so drained I just stare at the screen.",
                "So drained by mid-afternoon they stare at the screen",
            ),
            (
                "I spend the whole weekend recovering and I'm still tired on Monday.",
                "Still tired on Mondays after a weekend of recovery",
            ),
        ],
    ),
    (
        Dimension::Depersonalization,
        &[
            (
                "Honestly, the users can sort themselves out. They're just tickets to me now.",
                "Sees users as just tickets now",
            ),
            (
                "I don't really care what happens to the product anymore.",
                "Says they no longer care about the product",
            ),
            (
                "Customers complain about everything, so I've stopped listening.",
                "Has stopped listening to customer complaints",
            ),
            (
                "I do my hours and keep my head down. The team can manage without me.",
                "Keeps their head down and says the team would manage without them",
            ),
            (
                "Whatever I fix, someone breaks it again, so why bother caring.",
                "Asks why bother caring when fixes keep breaking",
            ),
        ],
    ),
    (
        Dimension::ReducedAccomplishment,
        &[
            (
                "Nothing I ship seems to matter.",
                "Feels nothing they ship matters",
            ),
            (
                "I feel like a fraud next to the rest of the team.",
                "Feels like a fraud beside their teammates",
            ),
            (
                "I can't seem to get anything right anymore.",
                "Feels they can't get anything right",
            ),
            (
                "I'd only slow the design work down, so I leave it to others.",
                "Avoids design work in the belief they'd only slow it down",
            ),
            (
                "Whatever I finish, it never feels good enough.",
                "Never feels their work is good enough",
            ),
        ],
    ),
];

const HEALTH: &[(&str, &[Worded])] = &[
    (
        "sleep",
        &[
            (
                "{first} says they wake at {clock} most nights and cannot get back to sleep.",
                "Wakes at {clock} most nights unable to fall asleep again",
            ),
            (
                "{first} mentioned they have barely slept properly since the last release.",
                "Poor sleep since the last release",
            ),
        ],
    ),
    (
        "headaches",
        &[
            (
                "{first} has had tension headaches on {n} of the last 14 days.",
                "Headaches on {n} of the past 14 days",
            ),
            (
                "{first} takes painkillers for headaches most afternoons.",
                "Needs painkillers for afternoon headaches",
            ),
        ],
    ),
    (
        "stomach",
        &[
            (
                "{first} mentions stomach problems before every release.",
                "Stomach trouble ahead of each release",
            ),
            (
                "{first} has had a nervous stomach most mornings for weeks.",
                "Weeks of a nervous stomach in the mornings",
            ),
        ],
    ),
    (
        "illness",
        &[
            (
                "{first} has been off ill {n} times this quarter with one cold after another.",
                "Off sick {n} times this quarter with colds",
            ),
            (
                "{first} keeps catching colds and has been sick {n} times since spring.",
                "Repeated colds with {n} sick spells since spring",
            ),
        ],
    ),
    (
        "meals",
        &[
            (
                "{first} regularly skips lunch and eats at the desk late in the evening.",
                "Skips lunch and eats late at the desk",
            ),
            (
                "Colleagues notice {first} rarely stops for a meal during the day.",
                "Hardly stops for a meal in the working day",
            ),
        ],
    ),
];

/// Whether facts of `concept` are health signs (a point each, at most
/// [`HEALTH_CAP`]).
pub fn is_health_sign(concept: &str) -> bool {
    HEALTH.iter().any(|(id, _)| *id == concept)
}

/// Hours buckets of the rubric: (points, lowest, highest).
const HOURS: [(u32, u32, u32); 4] = [(0, 38, 45), (1, 46, 55), (2, 56, 65), (3, 66, 78)];
/// Months since a week or more of leave: (points, lowest, highest).
const LEAVE: [(u32, u32, u32); 3] = [(0, 1, 4), (1, 5, 9), (2, 10, 20)];

/// On-call every this many days or more often is a red flag.
pub const ON_CALL_FLAG_DAYS: u32 = 5;

/// Levels equally often, so neither a constant level nor a constant
/// escalation answer beats chance.
fn severity_target(rng: &mut SeededRng) -> Severity {
    Severity::ALL[rng.index(Severity::ALL.len())]
}

/// The rubric counts at most this many health signs.
pub const HEALTH_CAP: usize = 2;

/// What a level changes (see the module's documentation).
#[derive(Clone, Copy)]
struct Shape {
    /// Health signs shown at most (past [`HEALTH_CAP`] they earn no point).
    health_max: usize,
    /// Chance in three that a dimension is backed by two statements.
    both_odds: u32,
    /// Hours and leave drawn next to a threshold of the rubric.
    near_thresholds: bool,
    /// Distractors kept: (fewest, most).
    distractors: (i64, i64),
    /// Near-miss distractors (the light rota just past the threshold
    /// among them) join the pool.
    near_misses: bool,
    /// The long weekend, a trap for skimmers, joins the pool.
    long_weekend: bool,
}

/// The shape of each level, 1 to 5; level 2 is the original generator.
const SHAPES: [Shape; 5] = [
    Shape {
        health_max: 2,
        both_odds: 0,
        near_thresholds: false,
        distractors: (1, 1),
        near_misses: false,
        long_weekend: false,
    },
    Shape {
        health_max: 2,
        both_odds: 1,
        near_thresholds: false,
        distractors: (1, 3),
        near_misses: false,
        long_weekend: true,
    },
    Shape {
        health_max: 3,
        both_odds: 1,
        near_thresholds: false,
        distractors: (2, 4),
        near_misses: true,
        long_weekend: true,
    },
    Shape {
        health_max: 3,
        both_odds: 1,
        near_thresholds: true,
        distractors: (3, 5),
        near_misses: true,
        long_weekend: true,
    },
    Shape {
        health_max: 4,
        both_odds: 1,
        near_thresholds: true,
        distractors: (5, 7),
        near_misses: true,
        long_weekend: true,
    },
];

/// A value of a rubric bucket `(lo, hi)`: anywhere in it, or (`near`) one
/// of the two values at an edge the rubric draws, the lower edge only
/// when the bucket is not the first and the upper only when not the last.
fn in_bucket(rng: &mut SeededRng, (lo, hi): (u32, u32), k: usize, last: usize, near: bool) -> u32 {
    if !near {
        return rng.range(i64::from(lo), i64::from(hi)) as u32;
    }
    let low_edge = k == last || (k > 0 && rng.chance(1, 2));
    let at = if low_edge { lo } else { hi - 1 };
    rng.range(i64::from(at), i64::from(at) + 1) as u32
}

/// Draw (hours bucket, leave bucket, dimension count, health count) until
/// the rubric gives the target severity, so levels stay balanced.
fn draw_points(
    rng: &mut SeededRng,
    target: Severity,
    health_max: usize,
) -> (usize, usize, usize, usize) {
    let mut draw = (0, 0, 1, 0);
    for _ in 0..200 {
        draw = (
            rng.index(HOURS.len()),
            rng.index(LEAVE.len()),
            1 + rng.index(3),
            rng.index(health_max + 1),
        );
        let health = draw.3.min(HEALTH_CAP) as u32;
        let total = HOURS[draw.0].0 + LEAVE[draw.1].0 + draw.2 as u32 + health;
        if Severity::from_points(total) == target {
            break;
        }
    }
    draw
}

/// The case of `seed` at the default level.
pub fn generate(seed: u64) -> BurnoutCase {
    generate_at(DEFAULT_LEVEL, seed)
}

/// The case of `seed` at difficulty `level` (1 to 5).
pub fn generate_at(level: u8, seed: u64) -> BurnoutCase {
    let shape = at_level(&SHAPES, level);
    let mut rng = SeededRng::new(seed, 1);
    let first = (*rng.pick(FIRST_NAMES)).to_owned();
    let last = *rng.pick(LAST_NAMES);
    let name = format!("{first} {last}");
    let role = (*rng.pick(ROLES)).to_owned();
    let team = (*rng.pick(TEAMS)).to_owned();
    let company = (*rng.pick(COMPANIES)).to_owned();
    let years = rng.range(1, 12) as u32;
    let now = rng.index(12);

    let target = severity_target(&mut rng);
    let (hours_bucket, leave_bucket, dim_count, health_count) =
        draw_points(&mut rng, target, shape.health_max);
    let near = shape.near_thresholds;
    let (hours_points, lo, hi) = HOURS[hours_bucket];
    let hours = in_bucket(&mut rng, (lo, hi), hours_bucket, HOURS.len() - 1, near);
    let (leave_points, lo, hi) = LEAVE[leave_bucket];
    let months = in_bucket(&mut rng, (lo, hi), leave_bucket, LEAVE.len() - 1, near);
    let dimensions: BTreeSet<Dimension> =
        crate::order::set_of(rng.sample(&Dimension::ALL, dim_count));
    let health = rng.sample(HEALTH, health_count);

    let vars = |rng: &mut SeededRng| -> Vec<(&'static str, String)> {
        let n = rng.range(2, 5);
        vec![
            ("first", first.clone()),
            ("n", n.to_string()),
            ("m", (n + rng.range(1, 3)).to_string()),
            ("clock", format!("{} a.m.", rng.range(3, 4))),
        ]
    };
    let mut facts: Vec<Fact> = Vec::new();
    let fact = |concept: &'static str, text: String, concerning: bool| Fact {
        numbers: numbers_in(&text),
        concept,
        gist: text.clone(),
        text,
        month: None,
        concerning,
    };

    // Hours and leave, each written one of several ways.
    let hours_text = fill(
        rng.pick(&[
            "Time tracking shows {first} averaging {h} hours a week over the last month.",
            "{first} has logged an average of {h} hours a week for the past six weeks.",
            "Their timesheets average {h} hours a week this quarter.",
        ]),
        &[("first", first.clone()), ("h", hours.to_string())],
    );
    facts.push(fact("hours", hours_text.clone(), hours_points > 0));
    let leave_month = MONTHS[(now + 12 - (months as usize % 12)) % 12];
    let (leave_text, named_month) = if months <= 11 && rng.chance(1, 3) {
        (
            format!(
                "Their last holiday of a week or longer was in {leave_month}, and it is now {}.",
                MONTHS[now]
            ),
            Some(leave_month),
        )
    } else {
        let text = fill(
            rng.pick(&[
                "{first} last took a week or more off {m} months ago.",
                "{first} has not taken more than two days off in a row for {m} months.",
                "It has been {m} months since {first} last had a week of leave.",
            ]),
            &[("first", first.clone()), ("m", months.to_string())],
        );
        (text, None)
    };
    let mut leave_fact = fact("leave", leave_text.clone(), leave_points > 0);
    leave_fact.month = named_month;
    leave_fact.numbers.push(u64::from(months));
    facts.push(leave_fact);

    let mut workload = Vec::new();
    let mut context = Vec::new();
    if rng.chance(1, 2) {
        let days = rng.range(2, i64::from(ON_CALL_FLAG_DAYS)) as u32;
        let text = format!("They are on call every {days} days.");
        workload.push(text.clone());
        facts.push(fact("on_call", text, true));
    } else if rng.chance(1, 2) {
        // From level 3 the light rota sits just past the threshold.
        let days = if shape.near_misses {
            rng.range(i64::from(ON_CALL_FLAG_DAYS) + 1, 8)
        } else {
            rng.range(10, 14)
        };
        let text =
            format!("They are on call every {days} days, which the team considers a light rota.");
        context.push(text.clone());
        facts.push(fact("light_on_call", text, false));
    }

    // Evidence: one or two statements per active dimension, some in their
    // own words.
    let mut observations = Vec::new();
    let mut quotes = Vec::new();
    for dim in &dimensions {
        let both = rng.chance(shape.both_odds, 3);
        let as_quote = rng.chance(1, 2);
        if both || !as_quote {
            let pool = OBSERVATIONS.iter().find(|(d, _)| d == dim).map(|(_, p)| *p);
            let v = vars(&mut rng);
            let (template, gist) = rng.pick(pool.unwrap_or(&[("", "")]));
            let text = fill(template, &v);
            observations.push(text.clone());
            facts.push(Fact {
                gist: fill(gist, &v),
                ..fact(dim.concept(), text, true)
            });
        }
        if both || as_quote {
            let pool = QUOTES.iter().find(|(d, _)| d == dim).map(|(_, p)| *p);
            let (text, gist) = *rng.pick(pool.unwrap_or(&[("", "")]));
            quotes.push(text.to_owned());
            facts.push(Fact {
                gist: gist.to_owned(),
                ..fact(dim.concept(), text.to_owned(), true)
            });
        }
    }
    for (concept, pool) in &health {
        let v = vars(&mut rng);
        let (template, gist) = rng.pick(pool);
        let text = fill(template, &v);
        observations.push(text.clone());
        facts.push(Fact {
            gist: fill(gist, &v),
            ..fact(concept, text, true)
        });
    }
    if rng.chance(1, 3) {
        let nights = rng.range(2, 5);
        let text = format!(
            "Chat logs show messages from {first} after midnight on {nights} nights last week."
        );
        workload.push(text.clone());
        facts.push(Fact {
            gist: format!("Messages after midnight on {nights} nights last week"),
            ..fact("after_midnight", text, true)
        });
    }

    // Distractors: facts with no bearing on the rubric.
    let mut distractors = vec![
        format!(
            "Outside work, {first} has recently taken up {}.",
            rng.pick(HOBBIES)
        ),
        "Their code-review turnaround is in line with the team average.".to_owned(),
        format!(
            "{first} moved to the {team} team {} months ago by choice.",
            rng.range(13, 30)
        ),
        "Their last performance rating was 'meets expectations'.".to_owned(),
        format!(
            "They completed a cloud certification last {}.",
            MONTHS[rng.index(12)]
        ),
    ];
    if months >= 2 && shape.long_weekend {
        // A long weekend is not leave under the rubric: a trap for skimmers.
        let back = rng.range(0, i64::from(months.min(11)) - 1) as usize;
        distractors.push(format!(
            "{first} took a long weekend in {} to visit family.",
            MONTHS[(now + 12 - back) % 12]
        ));
    }
    if shape.near_misses {
        // Near misses: facts in the words of a red flag that the rubric
        // does not count (someone else's hours, single days off, one long
        // day); the grader already refuses them as flags.
        let other = *rng.pick(FIRST_NAMES);
        if other != first {
            distractors.push(format!(
                "{other}, who sits next to {first}, has averaged {} hours a week since the last \
                 launch.",
                rng.range(60, 72)
            ));
        }
        distractors.push(format!(
            "{first} took {} single days off this quarter, never two in a row.",
            rng.range(2, 3)
        ));
        distractors.push(format!(
            "{first} worked one {}-hour day during an outage and took the next morning off.",
            rng.range(12, 14)
        ));
    }
    rng.shuffle(&mut distractors);
    let (fewest, most) = shape.distractors;
    let keep = rng.range(fewest, most) as usize;
    for text in distractors.into_iter().take(keep) {
        context.push(text.clone());
        facts.push(fact("context", text, false));
    }
    rng.shuffle(&mut observations);
    rng.shuffle(&mut context);

    let points = RubricPoints {
        hours: hours_points,
        leave: leave_points,
        dimensions: dimensions.len() as u32,
        health: health.len().min(HEALTH_CAP) as u32,
    };
    let severity = Severity::from_points(points.total());
    let card = PersonCard {
        name: name.clone(),
        role: role.clone(),
        team,
        company,
        years_at_company: years,
        current_month: MONTHS[now].to_owned(),
        hours_per_week: hours,
        leave: leave_text.clone(),
        workload,
        observations,
        quotes,
        context,
    };
    let text = render(&card, &hours_text, &first);
    let numbers = crate::order::set_of(
        numbers_in(&text)
            .into_iter()
            .chain(facts.iter().flat_map(|f| f.numbers.iter().copied())),
    );
    BurnoutCase {
        level,
        card,
        first,
        facts,
        dimensions,
        points,
        severity,
        escalate: severity >= Severity::High,
        numbers,
        text,
    }
}

/// "1 year", "4 years".
pub fn years(n: u32) -> String {
    if n == 1 {
        "1 year".to_owned()
    } else {
        format!("{n} years")
    }
}

/// "a" or "an" before `word`.
pub fn article(word: &str) -> &'static str {
    let vowel = word
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    // Initialisms read letter by letter: "an IT", "a QA".
    let initialism_vowel = word.starts_with("IT") || word.starts_with("ML");
    if vowel || initialism_vowel { "an" } else { "a" }
}

/// The numbers a sentence states ("62 hours", "4 of the last 6").
pub fn numbers_in(text: &str) -> Vec<u64> {
    crate::text::Text::new(text)
        .numbers()
        .into_iter()
        .map(|(_, n)| n)
        .collect()
}

fn render(card: &PersonCard, hours_text: &str, first: &str) -> String {
    let mut out = format!(
        "{} is {} {} on the {} team at {}, {} at the company. It is {} now.\n\n",
        card.name,
        article(&card.role),
        card.role,
        card.team,
        card.company,
        years(card.years_at_company),
        card.current_month
    );
    out.push_str(&format!("Workload: {hours_text}"));
    for line in &card.workload {
        out.push(' ');
        out.push_str(line);
    }
    out.push_str(&format!("\nLeave: {}\n", card.leave));
    if !card.observations.is_empty() {
        out.push_str("\nWhat colleagues and their manager have noticed:\n");
        for line in &card.observations {
            out.push_str(&format!("- {line}\n"));
        }
    }
    if !card.quotes.is_empty() {
        out.push_str(&format!("\nIn {first}'s own words:\n"));
        for line in &card.quotes {
            out.push_str(&format!("- \"{line}\"\n"));
        }
    }
    out.push_str("\nOther context:\n");
    for line in &card.context {
        out.push_str(&format!("- {line}\n"));
    }
    out
}

/// The burnout task's rubric, one paragraph a rule, as the observation lists it.
pub const RUBRIC: &[&str] = &[
    "Burnout dimensions (Maslach): exhaustion (drained, tired, no energy left); depersonalization, \
     also called cynicism (distance from or sarcasm about users and colleagues, no longer caring); \
     reduced personal accomplishment (feeling ineffective, missing commitments, self-doubt). A \
     dimension is present when the case gives evidence of it.",
    "Severity points: average weekly hours 45 or fewer = 0, 46 to 55 = 1, 56 to 65 = 2, more than \
     65 = 3; time since the last leave of a week or more under 5 months = 0, 5 to 9 months = 1, 10 \
     months or more = 2 (a long weekend or single days off do not count); 1 point for each \
     dimension present; 1 point for each health sign (sleep problems, headaches, stomach \
     problems, frequent illness, skipped meals), at most 2.",
    "Severity from the total: 0 to 3 Low, 4 to 5 Moderate, 6 to 7 High, 8 or more Critical.",
    "HR escalation: Yes when severity is High or Critical, otherwise No.",
    "Red flags are concrete facts of this case that raise concern: weekly hours over 45, no week \
     of leave for 5 months or more, on call every 5 days or more often, messages after midnight, \
     each burnout symptom and each health sign. Context that is not concerning is not a red flag.",
    "Grading: only the first three red-flag items are read, one fact each; an item may restate \
     one fact of the case in its own words or the case's (quoted or not), but an item that packs \
     in two or more facts earns nothing, and a number must be this case's (in digits or words). \
     An item that gives a fact of the case a number the case does not give for it takes back \
     one fact cited. The facts to find are the case's kinds of concerning fact (the hours, the \
     leave, the on-call rota, late messages, the symptoms of each dimension, each health sign), \
     up to three: two symptoms of one dimension are two good red flags but find one kind. A \
     section given twice with other values is read as its worst copy. The dimensions, severity \
     and escalation count only when the red flags earn at least 0.6 of their credit (in a case \
     with three kinds to find: two of them cited and at most one item that cites none).",
];

/// The sections a burnout answer gives, its template and word limit.
pub fn response_format() -> ResponseFormat {
    ResponseFormat {
        sections: vec![
            FormatSection {
                label: "Burnout dimensions",
                expects: "The Maslach dimensions this case gives evidence of (exhaustion, \
                          depersonalization, reduced personal accomplishment); only those present."
                    .to_owned(),
            },
            FormatSection {
                label: "Severity",
                expects: "Exactly one of Low, Moderate, High, Critical, then the rubric points \
                          behind it; a severity you correct yourself is the corrected one \
                          (\"Moderate \u{2014} no, actually High\" is High), and two offered (\"High or \
                          Critical\") are a hedge."
                    .to_owned(),
            },
            FormatSection {
                label: "Red flags",
                expects: "Up to three concrete facts from this case, one per line, each citing \
                          the case's number where it gives one."
                    .to_owned(),
            },
            FormatSection {
                label: "HR escalation",
                expects: "Yes or No, then the reason.".to_owned(),
            },
        ],
        template: "Burnout dimensions: \nSeverity: \nRed flags:\n- \n- \n- \nHR escalation: "
            .to_owned(),
        word_limit: WORD_CAP,
    }
}

/// Longest answer without a length penalty.
pub const WORD_CAP: usize = 400;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Text;

    #[test]
    fn every_symptom_sentence_reads_as_its_concept() {
        let concept = |id: &str| FLAG_CONCEPTS.iter().find(|c| c.id == id).map(|c| c.phrases);
        for (dim, pool) in OBSERVATIONS.iter().chain(QUOTES) {
            for template in pool.iter().flat_map(|(t, g)| [t, g]) {
                let text = Text::new(template);
                assert!(
                    text.has(concept(dim.concept()).unwrap_or(&[])),
                    "{template} does not read as {}",
                    dim.concept()
                );
                // Symptoms never name another dimension, and only tiredness
                // words ("exhausted", "drained") come close to naming their own.
                for other in Dimension::ALL {
                    let allowed = other == *dim && other == Dimension::Exhaustion;
                    assert!(
                        allowed || !text.has(other.names()),
                        "{template} names {other:?}"
                    );
                }
            }
        }
        for (id, pool) in HEALTH {
            for template in pool.iter().flat_map(|(t, g)| [t, g]) {
                assert!(
                    Text::new(template).has(concept(id).unwrap_or(&[])),
                    "{template}"
                );
            }
        }
    }

    #[test]
    fn gists_are_single_items() {
        // A gist is cited inside lists of every layout: no separator a
        // reader splits items at.
        for (_, pool) in OBSERVATIONS.iter().chain(QUOTES) {
            for (_, gist) in *pool {
                assert!(!gist.contains([',', ';']), "{gist}");
            }
        }
        for (_, pool) in HEALTH {
            for (_, gist) in *pool {
                assert!(!gist.contains([',', ';']), "{gist}");
            }
        }
    }

    #[test]
    fn severity_follows_the_rubric_and_levels_are_balanced() {
        let mut counts = [0u32; 4];
        for seed in 0..2000 {
            let case = generate(seed);
            assert_eq!(case.severity, Severity::from_points(case.points.total()));
            assert_eq!(case.escalate, case.severity >= Severity::High);
            assert!(!case.dimensions.is_empty());
            counts[case.severity as usize] += 1;
            let hours = HOURS.iter().find(|(p, _, _)| *p == case.points.hours);
            assert!(
                hours.is_some_and(|(_, lo, hi)| (*lo..=*hi).contains(&case.card.hours_per_week))
            );
        }
        assert!(counts.iter().all(|c| *c > 250), "{counts:?}");
    }
}
