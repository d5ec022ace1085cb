//! Baseline policies the graders must score low, played by `deskbench eval`
//! and bounded by tests. They see only what an agent sees (names, roster,
//! budget range), except `memorised`.
//!
//! - `stuffed`: one fixed keyword-stuffed text for every task and seed, the
//!   seed's failure (every pool name, every tier, severity and dimension
//!   word, weeks 1 to 4, KPI, risk and budget words, numbers), under every
//!   section title;
//! - `everything`: every option of every choice listed instead of chosen;
//! - `constant`: one plausible answer per task, whatever the case;
//! - `random`: well-formed answers with random choices;
//! - `template`: the response format's template sent back unfilled;
//! - `memorised`: the reference answer of seed 0, for every seed.
//!
//! And the exploits an adversary who has read the graders would try
//! (`exploit_*`; `deskbench eval --policy exploits` plays them all). They
//! read only the observation ([`Seen`]: the scenario text, the cards and
//! the response format), never the hidden truth:
//! - `exploit_hedge`: every one-value field answered with two values, a
//!   range or "X or Y" (severity, escalation, tiers, support levels,
//!   stressors, owners, the budget);
//! - `exploit_stuffing`: one item naming every concept, every tier and
//!   every support level, wherever an item is asked for;
//! - `exploit_copy`: the scenario pasted into every section;
//! - `exploit_generic_plan` and `exploit_generic_triage`: all-purpose
//!   advice aimed at nothing in particular, with names from the case (the
//!   roster's owners and the minimum budget for the plan);
//! - `exploit_everything_plan` and `exploit_everything_triage`: every
//!   profile item tackled regardless of its threshold, every stressor in
//!   every person's actions (and every fact listed as a red flag);
//! - `exploit_copied_triage`: every person in the same tier (AMBER, the
//!   likeliest with RED), their stressor copied from the situation line
//!   that states it, the tier's canned 24-hour action and a canned 2-week
//!   action for that stressor; the generic answer on the other tasks.
//!
//! The generic and everything exploits play the same idea on every task,
//! so each pair gives the same answers outside its own task.
//!
//! And [`noisy`], the reference with each of its decisions made wrong with
//! a given probability, for the difficulty curve: a harder level has more
//! decisions (more facts to judge, more signs per person, fewer actions per
//! stressor, a tighter budget), so the same rate costs it more.

use super::burnout::{
    self, BurnoutCase, Dimension, HEALTH_CAP, PersonCard, RubricPoints, Severity,
};
use super::format::{MAX_RESPONSE_CHARS, ResponseFormat};
use super::names::{FIRST_NAMES, LAST_NAMES};
use super::plan::{self, GENERAL_ACTIONS, METRICS, Metric, Owner, PlanCase, ProfileCard, dollars};
use super::scenario::{Case, Subject, TaskKind};
use super::triage::{STRESSORS, TeamCard, Tier, TriageCase, Weight, tier_of};
use super::writers::{self, Planned, Style};
use crate::rng::SeededRng;

/// The names of the baseline policies and exploits, as `deskbench eval --policy` takes them.
pub const NAMES: &[&str] = &[
    "stuffed",
    "everything",
    "constant",
    "random",
    "template",
    "memorised",
    "exploit_hedge",
    "exploit_stuffing",
    "exploit_copy",
    "exploit_generic_plan",
    "exploit_generic_triage",
    "exploit_everything_plan",
    "exploit_everything_triage",
    "exploit_copied_triage",
];

/// The answer baseline `name` gives to `case`; `None` for an unknown name.
pub fn answer(name: &str, case: &Case, rng: &mut SeededRng) -> Option<String> {
    Some(match name {
        "stuffed" => stuffed(),
        "everything" => everything(case),
        "constant" => constant(case.kind()),
        "random" => random(case, rng),
        "template" => case.response_format().template,
        "memorised" => Case::generate_at(case.kind(), case.level(), 0).write(Style::Reference),
        "exploit_hedge" => exploit_hedge(&Seen::of(case)),
        "exploit_stuffing" => exploit_stuffing(&Seen::of(case)),
        "exploit_copy" => exploit_copy(&Seen::of(case)),
        "exploit_generic_plan" | "exploit_generic_triage" => exploit_generic(&Seen::of(case)),
        "exploit_everything_plan" | "exploit_everything_triage" => {
            exploit_everything(&Seen::of(case))
        }
        "exploit_copied_triage" => exploit_copied(&Seen::of(case)),
        _ => return None,
    })
}

/// The same text for every task and seed.
pub fn stuffed() -> String {
    let firsts = FIRST_NAMES.join(" ");
    let lasts = LAST_NAMES.join(" ");
    let numbers: Vec<String> = (1..=25).map(|n| n.to_string()).collect();
    let numbers = numbers.join(" ");
    let week = "on-call rotation overtime 1:1 check-in survey training leave workload policy";
    format!(
        "Burnout dimensions: exhaustion depersonalization depersonalisation cynicism detachment \
         reduced personal accomplishment inefficacy fatigue\n\
         Severity: low moderate high critical severe\n\
         Red flags: long hours overtime no leave vacation holiday on-call midnight sleep insomnia \
         headache migraine stomach sick meals tired drained sarcastic detached tickets missed \
         commitments doubt fraud 40 45 50 55 60 65 70 75 80 hours {numbers} months\n\
         HR escalation: yes escalate immediately urgent HR\n\
         Employees: {firsts} {lasts}\n\
         Tier: CRITICAL RED AMBER GREEN\n\
         Main stressor: on-call deadline reorg caring covering customers migration conflict \
         incidents new role\n\
         24-hour action: today immediately within 24 hours crisis line safety plan EAP \
         occupational health check-in reprioritise acknowledge\n\
         2-week action: within 2 weeks two weeks fortnight follow-up support\n\
         Priority ranking: {firsts}\n\
         Week 1: {week}\nWeek 2: {week}\nWeek 3: {week}\nWeek 4: {week}\n\
         Owners: manager HR team lead head of engineering EAP\n\
         KPIs: KPI metric measure indicator tracking 90-day overtime incidents complaints pulse \
         survey {numbers} 50 100\n\
         Risk: risk low medium high budget $\n\
         Budget: $ 1000 2000 5000 10000 15000 20000 {numbers}"
    )
}

/// Every option named instead of chosen, from what the case shows.
pub fn everything(case: &Case) -> String {
    match case {
        Case::Burnout(_) => "Burnout dimensions: exhaustion, depersonalization and reduced \
             personal accomplishment are all possible.\nSeverity: Low, Moderate, High or \
             Critical, depending on the points.\nRed flags:\n- long working hours\n- not enough \
             leave\n- on-call load\n- late-night messages\n- tiredness and exhaustion\n- \
             cynicism and sarcasm\n- self-doubt and missed commitments\n- sleep problems\n- \
             headaches\n- stomach problems\n- frequent illness\n- skipped meals\nHR escalation: \
             yes or no, depending on the severity."
            .to_owned(),
        Case::Triage(c) => {
            let mut out = String::new();
            for e in &c.card.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: CRITICAL, RED, AMBER or GREEN\nMain stressor: on-call, \
                     deadline, reorganisation, caring, covering, customers, migration, conflict, \
                     incidents or a new role\n24-hour action: a crisis line, an EAP referral, a \
                     check-in or recognition, whichever fits\n2-week action: follow up on the \
                     on-call rota, deadline, reorganisation, caring, covering, customers, \
                     migration, conflict, incidents and learning\n\n",
                    e.name
                ));
            }
            let names: Vec<&str> = c.card.employees.iter().map(|e| e.name.as_str()).collect();
            out.push_str(&format!("Priority ranking: {}", names.join(", ")));
            out
        }
        Case::Plan(c) => {
            let owners: Vec<String> = c
                .card
                .roster
                .iter()
                .map(|r| format!("{} ({})", r.name, r.role))
                .collect();
            let owners = owners.join(", ");
            let mut out = String::new();
            for week in 1..=4 {
                out.push_str(&format!("Week {week}:\n"));
                for metric in METRICS {
                    out.push_str(&format!(
                        "- Work on {} (owners: {owners})\n",
                        metric.label.to_lowercase()
                    ));
                }
            }
            out.push_str("KPIs:\n");
            for metric in METRICS {
                out.push_str(&format!("- {}: improve by 10%\n", metric.label));
            }
            out.push_str(&format!(
                "Risk: low, medium or high risk of delivery, cost, stigma or participation \
                 problems.\nBudget: between {} and {}.",
                dollars(c.card.budget_min),
                dollars(c.card.budget_max)
            ));
            out
        }
    }
}

/// One plausible answer per task, the same for every case.
pub fn constant(kind: TaskKind) -> String {
    match kind {
        TaskKind::BurnoutDetection => "Burnout dimensions: exhaustion\nSeverity: Moderate, \
             from the hours and the time since the last leave\nRed flags:\n- long working \
             hours\n- little time off\n- signs of exhaustion\nHR escalation: No, not warranted \
             at this stage; the manager should check in regularly."
            .to_owned(),
        TaskKind::StressTriage => "Everyone on the team is AMBER: they are under strain but \
             coping. 24-hour action: a check-in with each person to reprioritise the workload. \
             2-week action: review the workload again with each of them and follow up. Priority \
             ranking: as listed in the case."
            .to_owned(),
        TaskKind::InterventionPlan => "Week 1:\n- Cap overtime at 5 hours a week (owner: \
             engineering manager)\n- Restart 1:1s with everyone (owner: engineering manager)\n\
             Week 2:\n- Rebalance the on-call rota (owner: team lead)\n- Run a pulse survey \
             (owner: HR business partner)\nWeek 3:\n- Hold a team offsite (owner: team lead)\n- \
             Share the EAP contact details (owner: HR business partner)\nWeek 4:\n- Review \
             progress in the retro (owner: engineering manager)\n- Plan next quarter (owner: \
             head of engineering)\nKPIs:\n- Overtime: at most 5 hours a week\n- 1:1 coverage: \
             100% of the team\n- Pulse survey wellbeing: at least 7/10\nRisk: people may skip \
             the sessions; to reduce this the manager attends first.\nBudget: $10,000 in total."
            .to_owned(),
    }
}

const FLAGS: &[&str] = &[
    "long working hours",
    "no leave for a long time",
    "frequent on-call",
    "messages late at night",
    "tired and drained",
    "sarcastic about users",
    "doubts their own work",
    "poor sleep",
    "headaches",
];

const ACTIONS: &[&str] = &[
    "stay with them today and call a crisis line",
    "an EAP referral today and time off",
    "a check-in to reprioritise the workload",
    "a routine check-in to acknowledge their work",
];

/// A well-formed answer with random choices.
pub fn random(case: &Case, rng: &mut SeededRng) -> String {
    match case {
        Case::Burnout(_) => {
            let dims: Vec<&str> = ["exhaustion", "depersonalization", "reduced accomplishment"]
                .into_iter()
                .filter(|_| rng.chance(1, 2))
                .collect();
            let flags = rng.sample(FLAGS, 3);
            format!(
                "Burnout dimensions: {}\nSeverity: {}\nRed flags:\n- {}\nHR escalation: {}, \
                 based on the overall picture of this case.",
                if dims.is_empty() {
                    "exhaustion".to_owned()
                } else {
                    dims.join(", ")
                },
                rng.pick(&["Low", "Moderate", "High", "Critical"]),
                flags.join("\n- "),
                rng.pick(&["Yes", "No"])
            )
        }
        Case::Triage(c) => {
            let mut out = String::new();
            for e in &c.card.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: {}\n24-hour action: {}\n2-week action: follow up on \
                     how they are doing with their lead\n\n",
                    e.name,
                    rng.pick(&Tier::ALL).name(),
                    rng.pick(ACTIONS)
                ));
            }
            let mut names: Vec<&str> = c.card.employees.iter().map(|e| e.name.as_str()).collect();
            rng.shuffle(&mut names);
            out.push_str(&format!("Priority ranking: {}", names.join(" > ")));
            out
        }
        Case::Plan(c) if c.card.catalogue.is_some() => random_choice(c, rng),
        Case::Plan(c) => {
            let mut out = String::new();
            for week in 1..=4 {
                out.push_str(&format!("Week {week}:\n"));
                for _ in 0..2 {
                    let metric = rng.pick(METRICS);
                    let owner = rng.pick(&c.card.roster);
                    out.push_str(&format!("- {} (owner: {})\n", metric.action, owner.name));
                }
            }
            out.push_str("KPIs:\n");
            let picked: Vec<usize> = (0..METRICS.len()).collect();
            for k in rng.sample(&picked, 3) {
                out.push_str(&format!("- {}\n", METRICS[k].kpi(rng.range(1, 30))));
            }
            let budget = rng
                .range(
                    i64::from(c.card.budget_min) - 3000,
                    i64::from(c.card.budget_max) + 3000,
                )
                .max(500) as u32;
            out.push_str(&format!(
                "Risk: people may not join in; to reduce this leaders go first.\nBudget: {} in \
                 total.",
                dollars(budget / 100 * 100)
            ));
            out
        }
    }
}

/// A well-formed answer with random choices at the catalogue levels: each
/// profile item a stressor or not at even odds, with a severity at even
/// odds; each intervention chosen at even odds; a budget anywhere up to
/// the cap.
fn random_choice(case: &PlanCase, rng: &mut SeededRng) -> String {
    let Some(catalogue) = &case.card.catalogue else {
        return String::new();
    };
    let mut out = "Stressors:\n".to_owned();
    for item in &case.card.profile {
        if rng.chance(1, 2) {
            let severity = if rng.chance(1, 2) {
                "severe"
            } else {
                "moderate"
            };
            out.push_str(&format!("- {}: {severity}\n", item.label));
        }
    }
    let mut chosen: Vec<&str> = catalogue
        .interventions
        .iter()
        .filter(|_| rng.chance(1, 2))
        .map(|i| i.id.as_str())
        .collect();
    if chosen.is_empty() {
        chosen.extend(catalogue.interventions.first().map(|i| i.id.as_str()));
    }
    out.push_str(&format!("Interventions: {}\nKPIs:\n", chosen.join(", ")));
    let picked: Vec<usize> = (0..METRICS.len()).collect();
    for k in rng.sample(&picked, 3) {
        out.push_str(&format!("- {}\n", METRICS[k].kpi(rng.range(1, 30))));
    }
    let budget = rng.range(1, i64::from(catalogue.budget_cap / 250).max(1)) as u32 * 250;
    out.push_str(&format!(
        "Risk: people may not join in; to reduce this leaders go first.\nBudget: {} in total.",
        dollars(budget)
    ));
    out
}

// ---------------------------------------------------------------------------
// Exploits: what an adversary who has read the graders would send.

/// What an agent sees of a case: the observation's scenario text, cards
/// and response format. The exploits read nothing else.
pub struct Seen {
    /// The observation's scenario text.
    pub scenario: String,
    /// The observation's structured cards.
    pub subject: Subject,
    /// The observation's response format.
    pub format: ResponseFormat,
}

impl Seen {
    /// What an agent is shown of `case`.
    pub fn of(case: &Case) -> Seen {
        Seen {
            scenario: case.scenario_text(),
            subject: case.subject(),
            format: case.response_format(),
        }
    }
}

/// The first number written in `text`.
fn first_number(text: &str) -> Option<i64> {
    crate::text::Text::new(text)
        .numbers()
        .first()
        .and_then(|(_, n)| i64::try_from(*n).ok())
}

/// The roster name of the person with `owner`'s role.
fn roster_name(card: &ProfileCard, owner: Owner) -> String {
    card.roster
        .iter()
        .find(|r| r.role == owner.role())
        .map_or_else(String::new, |r| r.name.clone())
}

/// The profile items of a plan card, as metrics with their shown value.
fn shown_metrics(card: &ProfileCard) -> Vec<(&'static Metric, i64)> {
    card.profile
        .iter()
        .filter_map(|item| {
            let metric = METRICS.iter().find(|m| m.label == item.label)?;
            Some((metric, first_number(&item.value).unwrap_or(0)))
        })
        .collect()
}

const ALL_DIMENSIONS: &str = "exhaustion, depersonalization (cynicism) and reduced personal \
                              accomplishment";
const ALL_FLAG_WORDS: &str = "long hours, overtime, no leave, no holiday, on call, after \
                              midnight messages, exhausted, drained, cynical, sarcastic, missed \
                              commitments, self-doubt, poor sleep, headaches, stomach problems, \
                              frequent illness, skipped meals";
const ALL_SUPPORT: &str = "stay with them, call a crisis line, agree a safety plan, an EAP and \
                           occupational health referral, time off, a check-in to reprioritise \
                           the workload, and recognition for what is going well";
const ALL_TIERS: &str = "CRITICAL, RED, AMBER, GREEN";

fn all_stressor_words() -> String {
    STRESSORS
        .iter()
        .filter_map(|s| s.phrases.first())
        .map(|p| p.trim_end_matches('*'))
        .collect::<Vec<_>>()
        .join(", ")
}

fn burnout_numbers(card: &PersonCard) -> (u32, i64) {
    (
        card.hours_per_week,
        first_number(&card.leave).filter(|n| *n < 30).unwrap_or(6),
    )
}

/// Every one-value field given two values, a range or "X or Y".
pub fn exploit_hedge(seen: &Seen) -> String {
    match &seen.subject {
        Subject::Person(card) => {
            let (hours, months) = burnout_numbers(card);
            format!(
                "Burnout dimensions: exhaustion or depersonalization, possibly reduced personal \
                 accomplishment\nSeverity: Moderate to High, possibly Critical\nRed flags:\n- \
                 Works {hours} hours a week, or more in release weeks\n- No week of leave for \
                 {months} months, or only short breaks\n- Tired or cynical, or doubting their \
                 work\nHR escalation: Yes or no: escalate if the severity is High, otherwise \
                 not yet."
            )
        }
        Subject::Team(team) => {
            let mut out = String::new();
            for e in &team.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: RED or AMBER (possibly CRITICAL)\nMain stressor: the \
                     workload or the on-call rota, or a deadline\n24-hour action: an EAP \
                     referral or a check-in to reprioritise the workload, whichever fits\n\
                     2-week action: tackle the on-call rota or the deadline, or whatever weighs \
                     on them most\n\n",
                    e.name
                ));
            }
            out.push_str(&format!("Priority ranking: {}", listed(team)));
            out
        }
        Subject::TeamProfile(card) => {
            let manager = roster_name(card, Owner::Manager);
            let lead = roster_name(card, Owner::Lead);
            let mut out = String::new();
            let shown = shown_metrics(card);
            for (week, pair) in shown.chunks(2).take(4).enumerate() {
                out.push_str(&format!("Week {}:\n", week + 1));
                for (metric, _) in pair {
                    out.push_str(&format!(
                        "- {} (owner: {manager} or {lead}; outcome: {})\n",
                        metric.action, metric.outcome
                    ));
                }
            }
            out.push_str("KPIs:\n");
            for (metric, value) in shown.iter().take(3) {
                out.push_str(&format!(
                    "- {}: from {value} to {} or {}\n",
                    metric.label,
                    value / 2,
                    value + 2
                ));
            }
            out.push_str(&format!(
                "Risk: people may skip the sessions or lose trust; to reduce this, leaders go \
                 first.\nBudget: between {} and {}, or {} if cover is needed.",
                dollars(card.budget_min),
                dollars(card.budget_max),
                dollars((card.budget_min + card.budget_max) / 2)
            ));
            out
        }
    }
}

fn listed(team: &TeamCard) -> String {
    team.employees
        .iter()
        .map(|e| e.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One item naming every concept, every tier and every support level.
pub fn exploit_stuffing(seen: &Seen) -> String {
    match &seen.subject {
        Subject::Person(card) => {
            let (hours, months) = burnout_numbers(card);
            let item = format!("{hours} hours a week, {months} months: {ALL_FLAG_WORDS}");
            format!(
                "Burnout dimensions: {ALL_DIMENSIONS}\nSeverity: Low, Moderate, High, Critical\n\
                 Red flags:\n- {item}\n- {item}\n- {item}\nHR escalation: yes, escalate to HR; \
                 no, not needed; escalation depends"
            )
        }
        Subject::Team(team) => {
            let stressors = all_stressor_words();
            let mut out = String::new();
            for e in &team.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: {ALL_TIERS}\nMain stressor: {stressors}\n24-hour \
                     action: {ALL_SUPPORT}\n2-week action: work on the {stressors}\n\n",
                    e.name
                ));
            }
            out.push_str(&format!("Priority ranking: {}", listed(team)));
            out
        }
        Subject::TeamProfile(card) => {
            let names: Vec<&str> = card.roster.iter().map(|r| r.name.as_str()).collect();
            let topics: Vec<String> = METRICS.iter().map(|m| m.label.to_lowercase()).collect();
            let action = format!(
                "- Tackle {} (owners: {})\n",
                topics.join(", "),
                names.join(", ")
            );
            let numbers: Vec<String> = shown_metrics(card)
                .iter()
                .map(|(_, v)| format!("from {v} to {}", v / 2))
                .collect();
            let mut out = String::new();
            for week in 1..=4 {
                out.push_str(&format!("Week {week}:\n{action}{action}"));
            }
            out.push_str(&format!(
                "KPIs:\n- {}: {}\nRisk: low, medium or high risk of delivery, cost, stigma or \
                 participation problems; mitigate by reviewing.\nBudget: {} in total.",
                topics.join(", "),
                numbers.join(", "),
                dollars(card.budget_min)
            ));
            out
        }
    }
}

/// The observation's scenario pasted under every section title (for a
/// team, once per person and into the ranking), cut to the longest answer
/// the environment accepts.
pub fn exploit_copy(seen: &Seen) -> String {
    let mut out = String::new();
    let pasted = &seen.scenario;
    if let Subject::Team(team) = &seen.subject {
        out.push_str(&format!("Priority ranking: {pasted}\n\n"));
        for e in &team.employees {
            out.push_str(&format!("Employee: {}\nTier: {pasted}\n\n", e.name));
        }
    } else {
        for section in &seen.format.sections {
            out.push_str(&format!("{}:\n{pasted}\n\n", section.label));
        }
    }
    out.chars().take(MAX_RESPONSE_CHARS).collect()
}

/// All-purpose advice aimed at nothing in particular.
pub fn exploit_generic(seen: &Seen) -> String {
    match &seen.subject {
        Subject::Person(card) => format!(
            "Burnout dimensions: exhaustion\nSeverity: Moderate\nRed flags:\n- {} is working \
             long hours\n- Has not had enough time off\n- Shows signs of stress\nHR escalation: \
             No, the manager should keep supporting them and check in regularly.",
            card.name
        ),
        Subject::Team(team) => {
            let mut out = String::new();
            for e in &team.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: AMBER\nMain stressor: the workload\n24-hour action: \
                     talk to them today and listen to how they are doing\n2-week action: follow \
                     up regularly, offer support and keep an eye on how they are coping\n\n",
                    e.name
                ));
            }
            out.push_str(&format!("Priority ranking: {}", listed(team)));
            out
        }
        Subject::TeamProfile(card) => {
            let mut out = String::new();
            let actions: Vec<&(Owner, &str, &str)> = GENERAL_ACTIONS.iter().collect();
            for (week, pair) in actions.chunks(2).take(4).enumerate() {
                out.push_str(&format!("Week {}:\n", week + 1));
                for (owner, action, outcome) in pair {
                    out.push_str(&format!(
                        "- {action} (owner: {}, {}; outcome: {outcome})\n",
                        roster_name(card, *owner),
                        owner.role()
                    ));
                }
            }
            if actions.len() < 8 {
                out.push_str(&format!(
                    "Week 4:\n- Share the EAP contact details again (owner: {})\n- Celebrate \
                     progress with the team (owner: {})\n",
                    roster_name(card, Owner::Eap),
                    roster_name(card, Owner::Manager)
                ));
            }
            out.push_str(&format!(
                "KPIs:\n- Pulse survey wellbeing: from {}/10 to 7/10 by week 4\n- Attrition: 0 \
                 leavers this quarter\n- Engagement score: up 10%\nRisk: people may skip the \
                 sessions; to reduce this, leaders attend first.\nBudget: {} in total.",
                card.wellbeing_score,
                dollars(card.budget_min)
            ));
            out
        }
    }
}

/// Same tier for everyone, each stressor copied from its situation line
/// and a canned action per stressor: what triage pays without judging
/// anyone's signs.
pub fn exploit_copied(seen: &Seen) -> String {
    let Subject::Team(team) = &seen.subject else {
        return exploit_generic(seen);
    };
    let mut out = String::new();
    for e in &team.employees {
        let situation = crate::text::Text::new(&e.situation);
        let stressor = STRESSORS
            .iter()
            .find(|s| !situation.mentions(s.phrases).is_empty())
            .map_or("", |s| s.id);
        out.push_str(&format!(
            "Employee: {}\nTier: AMBER\nMain stressor: {}\n24-hour action: a check-in today to \
             reprioritise the sprint workload\n2-week action: {}.\n\n",
            e.name,
            e.situation,
            writers::stressor_action(stressor)
        ));
    }
    out.push_str(&format!("Priority ranking: {}", listed(team)));
    out
}

/// Every option taken: every profile item tackled, every stressor in every
/// person's actions, every fact a red flag and every level named.
pub fn exploit_everything(seen: &Seen) -> String {
    match &seen.subject {
        Subject::Person(card) => {
            let mut facts: Vec<String> = vec![
                format!("Works {} hours a week", card.hours_per_week),
                card.leave.clone(),
            ];
            facts.extend(card.workload.iter().cloned());
            facts.extend(card.observations.iter().cloned());
            facts.extend(card.quotes.iter().map(|q| format!("Says: \"{q}\"")));
            facts.extend(card.context.iter().cloned());
            format!(
                "Burnout dimensions: {ALL_DIMENSIONS}\nSeverity: Low, Moderate, High or \
                 Critical\nRed flags:\n{}\nHR escalation: Yes or no, as the severity requires.",
                facts
                    .iter()
                    .map(|f| format!("- {f}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        }
        Subject::Team(team) => {
            let mut out = String::new();
            let stressors = all_stressor_words();
            for e in &team.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: RED\nMain stressor: {stressors}\n24-hour action: an \
                     EAP referral today and time off\n2-week action: reduce the {stressors}\n\n",
                    e.name
                ));
            }
            out.push_str(&format!("Priority ranking: {}", listed(team)));
            out
        }
        Subject::TeamProfile(card) => {
            let shown = shown_metrics(card);
            let mut lines: Vec<String> = shown
                .iter()
                .map(|(m, _)| {
                    format!(
                        "- {} (owner: {}, {}; outcome: {})",
                        m.action,
                        roster_name(card, m.owner),
                        m.owner.role(),
                        m.outcome
                    )
                })
                .collect();
            while lines.len() < 8 {
                let again = lines[lines.len() % shown.len().max(1)].clone();
                lines.push(again);
            }
            let mut out = String::new();
            let per_week = lines.len().div_ceil(4);
            for (week, chunk) in lines.chunks(per_week).enumerate() {
                out.push_str(&format!("Week {}:\n{}\n", week + 1, chunk.join("\n")));
            }
            out.push_str("KPIs:\n");
            for (metric, value) in &shown {
                out.push_str(&format!("- {}\n", metric.kpi(*value)));
            }
            out.push_str(&format!(
                "Risk: people may skip the sessions for fear of being seen as struggling; to \
                 reduce this, {} attends first.\nBudget: {} in total.",
                roster_name(card, Owner::Manager),
                dollars(card.budget_min)
            ));
            out
        }
    }
}

// ---------------------------------------------------------------------------
// The noisy reference: the reference's reading of the case with each
// decision wrong, independently, with probability `per_mille` / 1000.

/// Whether the next decision goes wrong.
fn wrong(rng: &mut SeededRng, per_mille: u32) -> bool {
    rng.below(1000) < per_mille
}

/// The reference answer written from a reading of `case` in which each
/// decision is wrong with probability `per_mille` / 1000 (0 is the
/// reference itself):
/// - burnout: each fact of the case is judged concerning or not (a
///   distractor judged concerning counts as a sign and a red flag), and the
///   dimensions, the rubric points, the severity, the escalation and the
///   red flags follow from those judgments;
/// - triage: each sign of each person is read at a neighbouring weight
///   (safety as severe, strain as severe or coping, a resolved episode as
///   current...), the tier, the 24-hour action and the ranking follow; and
///   each person's main stressor (with the 2-week action on it) is
///   another;
/// - plan: each of the eight actions gets an owner without the remit or
///   tackles an item within its threshold instead, each KPI measures such
///   an item, and the budget total is misjudged by a fifth (outside a
///   tight range, often inside a wide one).
pub fn noisy(case: &Case, per_mille: u32, rng: &mut SeededRng) -> String {
    match case {
        Case::Burnout(c) => {
            writers::burnout(&misjudged_burnout(c, per_mille, rng), Style::Reference)
        }
        Case::Triage(c) => writers::triage(&misread_triage(c, per_mille, rng), Style::Reference),
        Case::Plan(c) => noisy_plan(c, per_mille, rng),
    }
}

/// Rubric points after judging their fact concerning or not: a fact
/// judged concerning is worth at least one point, one judged not none.
fn judged_points(points: u32, concerning: bool) -> u32 {
    match (points, concerning) {
        (_, false) => 0,
        (0, true) => 1,
        (p, true) => p,
    }
}

fn misjudged_burnout(case: &BurnoutCase, per_mille: u32, rng: &mut SeededRng) -> BurnoutCase {
    let mut read = case.clone();
    for fact in &mut read.facts {
        if wrong(rng, per_mille) {
            fact.concerning = !fact.concerning;
        }
    }
    let concerning = |concept: &str| {
        read.facts
            .iter()
            .any(|f| f.concept == concept && f.concerning)
    };
    read.dimensions = crate::order::set_of(
        Dimension::ALL
            .into_iter()
            .filter(|d| concerning(d.concept())),
    );
    let health = read
        .facts
        .iter()
        .filter(|f| f.concerning && burnout::is_health_sign(f.concept))
        .count();
    // Distractors judged concerning: counted as signs, as the reader
    // believes them to be.
    let imagined = read
        .facts
        .iter()
        .filter(|f| f.concerning && matches!(f.concept, "context" | "light_on_call"))
        .count();
    read.points = RubricPoints {
        hours: judged_points(case.points.hours, concerning("hours")),
        leave: judged_points(case.points.leave, concerning("leave")),
        dimensions: read.dimensions.len() as u32,
        health: (health.min(HEALTH_CAP) + imagined) as u32,
    };
    read.severity = Severity::from_points(read.points.total());
    read.escalate = read.severity >= Severity::High;
    read
}

/// The catalogue levels: each profile item judged a stressor or not, and
/// each stressor severe or not, wrong with the rate; the plan is the best
/// under those judgments, with the budget cap misread by a quarter (then
/// often over it) and the total misjudged by a fifth, each at the rate.
fn noisy_choice(case: &PlanCase, per_mille: u32, rng: &mut SeededRng) -> String {
    let Some(truth) = &case.catalogue else {
        return String::new();
    };
    let mut read = truth.clone();
    let mut stressors: Vec<(&'static str, bool)> = Vec::new();
    read.weights.clear();
    for reading in &case.readings {
        let mut stressor = reading.stressor;
        if wrong(rng, per_mille) {
            stressor = !stressor;
        }
        let mut severe = reading.metric.severe_at(reading.value);
        if wrong(rng, per_mille) {
            severe = !severe;
        }
        if stressor {
            stressors.push((reading.metric.id, severe));
            read.weights.insert(
                reading.metric.id,
                if severe {
                    plan::catalogue::SEVERE_WEIGHT
                } else {
                    plan::catalogue::STRESSOR_WEIGHT
                },
            );
        }
    }
    if wrong(rng, per_mille) {
        read.budget_cap += read.budget_cap / 4;
    }
    let chosen = read.any_best();
    let mut total = truth.cost(chosen);
    if wrong(rng, per_mille) {
        total += total / 500 * 100;
    }
    writers::chosen_plan(
        case,
        &stressors,
        chosen,
        &writers::kpi_lines(case),
        total,
        Style::Reference,
    )
}

/// A sign read at a neighbouring weight.
fn misread_weight(weight: Weight, rng: &mut SeededRng) -> Weight {
    use Weight::*;
    let options: &[Weight] = match weight {
        Safety => &[Severe],
        Severe => &[Safety, Strain],
        Strain => &[Severe, Coping],
        Coping => &[Strain],
        Resolved => &[Severe, Strain],
    };
    *rng.pick(options)
}

fn misread_triage(case: &TriageCase, per_mille: u32, rng: &mut SeededRng) -> TriageCase {
    let mut read = case.clone();
    for person in &mut read.employees {
        let signs: Vec<Weight> = person
            .signs
            .iter()
            .map(|w| {
                if wrong(rng, per_mille) {
                    misread_weight(*w, rng)
                } else {
                    *w
                }
            })
            .collect();
        person.tier = tier_of(&signs);
        if wrong(rng, per_mille) {
            let others: Vec<&'static str> = STRESSORS
                .iter()
                .map(|s| s.id)
                .filter(|id| *id != person.stressor)
                .collect();
            person.stressor = *rng.pick(&others);
        }
    }
    read
}

fn noisy_plan(case: &PlanCase, per_mille: u32, rng: &mut SeededRng) -> String {
    if case.catalogue.is_some() {
        return noisy_choice(case, per_mille, rng);
    }
    let within: Vec<&Metric> = case
        .readings
        .iter()
        .filter(|r| !r.stressor)
        .map(|r| r.metric)
        .collect();
    let mut actions = writers::planned(case);
    for action in &mut actions {
        if !wrong(rng, per_mille) {
            continue;
        }
        if within.is_empty() || rng.chance(1, 2) {
            let lacking: Vec<Owner> = Owner::ALL
                .into_iter()
                .filter(|o| !o.remit().contains(&action.metric))
                .collect();
            action.owner = *rng.pick(&lacking);
        } else {
            *action = Planned::first(within[rng.index(within.len())]);
        }
    }
    let mut kpis = writers::kpi_lines(case);
    for kpi in &mut kpis {
        if wrong(rng, per_mille) && !within.is_empty() {
            let metric = *rng.pick(&within);
            *kpi = metric.kpi(case.value_of(metric.id).unwrap_or(0));
        }
    }
    let mut total = writers::budget_total(case);
    if wrong(rng, per_mille) {
        let off = total / 500 * 100;
        total = if rng.chance(1, 2) {
            total + off
        } else {
            total - off
        };
    }
    writers::plan_of(case, &actions, &kpis, total, Style::Reference)
}
