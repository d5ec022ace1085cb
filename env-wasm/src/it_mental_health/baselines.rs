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

use super::names::{FIRST_NAMES, LAST_NAMES};
use super::plan::{METRICS, dollars};
use super::scenario::{Case, TaskKind};
use super::triage::Tier;
use super::writers::Style;
use crate::rng::SeededRng;

pub const NAMES: &[&str] = &[
    "stuffed",
    "everything",
    "constant",
    "random",
    "template",
    "memorised",
];

/// The answer baseline `name` gives to `case`; `None` for an unknown name.
pub fn answer(name: &str, case: &Case, rng: &mut SeededRng) -> Option<String> {
    Some(match name {
        "stuffed" => stuffed(),
        "everything" => everything(case),
        "constant" => constant(case.kind()),
        "random" => random(case, rng),
        "template" => case.response_format().template,
        "memorised" => Case::generate(case.kind(), 0).write(Style::Reference),
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
