//! Answer writers built from a case's hidden truth: the reference answer
//! (the labelled template filled in, what the reference policy sends) and
//! three differently worded ones the tests use to show the graders read
//! meaning rather than one layout: prose paragraphs, markdown headings
//! with bullet lists, and a markdown table.

use super::burnout::{BurnoutCase, Dimension, Fact};
use super::plan::{Metric, Owner, PlanCase, dollars};
use super::triage::{Employee, Tier, TriageCase};

/// How an answer is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The response format's labelled sections, filled in.
    Reference,
    /// Paragraphs that open with the section's name in a sentence.
    Prose,
    /// Markdown headings with bullet or numbered lists.
    Bullets,
    /// A markdown table.
    Table,
}

impl Style {
    /// The styles other than the reference's, for answers written another way.
    pub const ALTERNATIVES: [Style; 3] = [Style::Prose, Style::Bullets, Style::Table];

    /// The style's name, as tests and noisy baselines print it.
    pub fn name(self) -> &'static str {
        match self {
            Style::Reference => "reference",
            Style::Prose => "prose",
            Style::Bullets => "bullets",
            Style::Table => "table",
        }
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------
// burnout_detection

/// A red flag written from its fact in other words, citing the number.
fn flag_item(case: &BurnoutCase, fact: &Fact) -> String {
    match fact.concept {
        "hours" => format!("Averages {} hours a week", case.card.hours_per_week),
        "leave" => {
            let months = fact.numbers.last().copied().unwrap_or(0);
            match fact.month {
                Some(month) => format!("No week of leave since {month} ({months} months)"),
                None => format!("No week of leave for {months} months"),
            }
        }
        "on_call" => format!(
            "On call every {} days",
            fact.numbers.first().copied().unwrap_or(0)
        ),
        // Symptoms in other words: a fact copied whole earns nothing.
        _ => fact.gist.clone(),
    }
}

fn severity_reason(case: &BurnoutCase) -> String {
    let p = &case.points;
    format!(
        "{} points: hours {}, leave {}, dimensions {}, health signs {}",
        p.total(),
        p.hours,
        p.leave,
        p.dimensions,
        p.health
    )
}

fn dimension_list(case: &BurnoutCase) -> Vec<String> {
    case.dimensions
        .iter()
        .map(|d| capitalize(d.name()))
        .collect()
}

fn absent(case: &BurnoutCase) -> Vec<Dimension> {
    Dimension::ALL
        .into_iter()
        .filter(|d| !case.dimensions.contains(d))
        .collect()
}

/// The top three red flags, one per concerning fact kind.
fn flags(case: &BurnoutCase) -> Vec<String> {
    let mut seen = Vec::new();
    case.red_flags()
        .into_iter()
        .filter(|f| {
            let fresh = !seen.contains(&f.concept);
            seen.push(f.concept);
            fresh
        })
        .take(3)
        .map(|f| flag_item(case, f))
        .collect()
}

fn escalation_yes_no(case: &BurnoutCase) -> String {
    if case.escalate {
        format!(
            "Yes - severity is {}, so refer {} to HR and occupational health this week.",
            case.severity.name(),
            case.first
        )
    } else {
        format!(
            "No - severity is {}, so the manager supports {} within the team; no need to involve \
             HR yet.",
            case.severity.name(),
            case.first
        )
    }
}

/// A correct answer to a burnout case, written in `style`.
pub fn burnout(case: &BurnoutCase, style: Style) -> String {
    let dims = dimension_list(case);
    let flags = flags(case);
    let severity = case.severity.name();
    match style {
        Style::Reference => format!(
            "Burnout dimensions: {}\nSeverity: {severity} ({})\nRed flags:\n{}\nHR escalation: {}",
            dims.join(", "),
            severity_reason(case),
            flags
                .iter()
                .map(|f| format!("- {f}"))
                .collect::<Vec<_>>()
                .join("\n"),
            escalation_yes_no(case)
        ),
        Style::Prose => {
            let names: Vec<&str> = case.dimensions.iter().map(|d| d.name()).collect();
            let listed = match names.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            let mut dims_text = format!("Burnout dimensions present are {listed}");
            let missing = absent(case);
            if let Some(first_absent) = missing.first() {
                dims_text.push_str(&format!(
                    ", while there is no sign of {} in what colleagues describe",
                    first_absent.name()
                ));
            }
            dims_text.push('.');
            let escalation = if case.escalate {
                format!(
                    "HR escalation is warranted: with a {severity} severity, {} should be referred \
                     to HR and occupational health this week.",
                    case.first
                )
            } else {
                format!(
                    "HR escalation is not needed yet: at {severity} severity the manager can \
                     support {} within the team and review again in a month.",
                    case.first
                )
            };
            format!(
                "{dims_text}\n\nSeverity is {severity}: the rubric gives {}.\n\nRed flags include: {}.\n\n{escalation}",
                severity_reason(case),
                flags.join("; ")
            )
        }
        Style::Bullets => format!(
            "## Burnout dimensions\n{}\n\n## Severity\n**{severity}** - {}\n\n## Red flags\n{}\n\n## HR escalation\n{}",
            dims.iter()
                .map(|d| format!("- {d}"))
                .collect::<Vec<_>>()
                .join("\n"),
            severity_reason(case),
            flags
                .iter()
                .enumerate()
                .map(|(k, f)| format!("{}. {f}", k + 1))
                .collect::<Vec<_>>()
                .join("\n"),
            if case.escalate {
                format!(
                    "**Yes.** Escalate today: {severity} severity needs HR and occupational \
                     health support for {}.",
                    case.first
                )
            } else {
                format!(
                    "**No.** Not warranted at {severity} severity; {}'s manager can act \
                     within the team.",
                    case.first
                )
            }
        ),
        Style::Table => format!(
            "| Section | Assessment |\n|---|---|\n| Burnout dimensions | {} |\n| Severity | {severity} ({}) |\n| Red flags | {} |\n| HR escalation | {} |",
            dims.join(", "),
            severity_reason(case),
            flags.join("; "),
            if case.escalate {
                "Yes, escalate to HR and occupational health now".to_owned()
            } else {
                "No, not warranted; the manager handles it within the team".to_owned()
            }
        ),
    }
}

// ---------------------------------------------------------------------------
// stress_triage

fn stressor_phrase(id: &str) -> &'static str {
    match id {
        "on_call" => "the on-call rota that comes round every few days",
        "deadline" => "the launch deadline",
        "reorg" => "uncertainty about their role in the reorganisation",
        "caregiving" => "caring for an ill parent",
        "understaffing" => "covering for two colleagues who left",
        "customers" => "the stream of customer escalations",
        "migration" => "the slipping legacy migration",
        "conflict" => "conflict with a senior colleague in design reviews",
        "incidents" => "being first responder on production incidents",
        _ => "a new role and learning the stack",
    }
}

/// The reference's 2-week action for a stressor (also the canned action
/// of `exploit_copied_triage`).
pub fn stressor_action(id: &str) -> &'static str {
    match id {
        "on_call" => "Move them off the on-call rota and rebalance it across the team",
        "deadline" => "Agree a realistic scope for the launch and move the deadline or add help",
        "reorg" => "Get them a clear answer about their role in the reorganisation",
        "caregiving" => "Agree flexible hours while they are caring for their parent",
        "understaffing" => "Backfill the two vacant roles so they stop covering alone",
        "customers" => "Share the customer escalations across the whole team",
        "migration" => "Re-plan the legacy migration with the team and drop one milestone",
        "conflict" => {
            "Mediate the conflict with the senior colleague and agree design review rules"
        }
        "incidents" => "Add a second first responder for incidents and hold blameless postmortems",
        _ => "Pair them with a mentor while they learn the new stack",
    }
}

fn day_action(tier: Tier) -> &'static str {
    match tier {
        Tier::Critical => {
            "Their lead meets them in private today, stays with them and connects them with a \
             crisis line or emergency care, and agrees a safety plan with them"
        }
        Tier::Red => {
            "A private conversation with their lead today, an EAP and occupational health \
             referral, and take them off the work that overloads them for the rest of the week"
        }
        Tier::Amber => {
            "A check-in with their lead to reprioritise this sprint's workload and protect their \
             evenings"
        }
        Tier::Green => {
            "A routine check-in to acknowledge how well they are managing, no change needed"
        }
    }
}

fn fortnight_action(employee: &Employee) -> String {
    let mut action = stressor_action(employee.stressor).to_owned();
    if employee.tier <= Tier::Red {
        action.push_str(", with weekly follow-ups with occupational health");
    }
    action
}

fn tier_reason(tier: Tier) -> &'static str {
    match tier {
        Tier::Critical => "there is a sign of risk to their safety",
        Tier::Red => "a severe sign of distress is already stopping them from functioning",
        Tier::Amber => "several signs of strain but nothing severe",
        Tier::Green => "they are coping, with at most one sign of strain",
    }
}

/// A correct answer to a triage case, written in `style`.
pub fn triage(case: &TriageCase, style: Style) -> String {
    let order: Vec<&str> = case.priority().iter().map(|e| e.name.as_str()).collect();
    match style {
        Style::Reference => {
            let mut out = String::new();
            for e in &case.employees {
                out.push_str(&format!(
                    "Employee: {}\nTier: {}\nMain stressor: {}\n24-hour action: {}.\n2-week action: {}.\n\n",
                    e.name,
                    e.tier.name(),
                    stressor_phrase(e.stressor),
                    day_action(e.tier),
                    fortnight_action(e)
                ));
            }
            out.push_str(&format!("Priority ranking: {}", order.join(" > ")));
            out
        }
        Style::Prose => {
            let mut out = String::new();
            for e in &case.employees {
                out.push_str(&format!(
                    "{} is {}: {}. Their main stressor is {}. Within 24 hours, {}. Over the next two \
                     weeks, {}.\n\n",
                    e.name,
                    e.tier.name(),
                    tier_reason(e.tier),
                    stressor_phrase(e.stressor),
                    lower_first(day_action(e.tier)),
                    lower_first(&fortnight_action(e))
                ));
            }
            out.push_str(&format!("In order of priority: {}.", order.join(", then ")));
            out
        }
        Style::Bullets => {
            let mut out = String::new();
            for e in &case.employees {
                out.push_str(&format!(
                    "### {}: {}\n- **Main stressor:** {}\n- **Next 24 hours:** {}\n- **Next 2 weeks:** {}\n\n",
                    e.name,
                    e.tier.name(),
                    stressor_phrase(e.stressor),
                    day_action(e.tier),
                    fortnight_action(e)
                ));
            }
            out.push_str("### Priority ranking\n");
            for (k, e) in case.priority().iter().enumerate() {
                out.push_str(&format!("{}. {} ({})\n", k + 1, e.name, e.tier.name()));
            }
            out
        }
        Style::Table => {
            let mut out = "| Employee | Tier | Main stressor | Next 24 hours | Next 2 weeks |\n\
                           |---|---|---|---|---|\n"
                .to_owned();
            for e in &case.employees {
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} |\n",
                    e.name,
                    e.tier.name(),
                    stressor_phrase(e.stressor),
                    day_action(e.tier),
                    fortnight_action(e)
                ));
            }
            let ranked: Vec<String> = order
                .iter()
                .enumerate()
                .map(|(k, n)| format!("{}) {n}", k + 1))
                .collect();
            out.push_str(&format!("\nPriority ranking: {}", ranked.join(" ")));
            out
        }
    }
}

// ---------------------------------------------------------------------------
// intervention_plan

/// One planned action: the profile item it tackles, owner, what, expected
/// outcome.
#[derive(Debug, Clone)]
pub struct Planned {
    /// The id of the profile item it tackles.
    pub metric: &'static str,
    /// Who owns it.
    pub owner: Owner,
    /// What is done.
    pub action: String,
    /// What it is expected to achieve.
    pub outcome: String,
}

impl Planned {
    /// The first action on `metric`, by its usual owner.
    pub fn first(metric: &Metric) -> Planned {
        Planned {
            metric: metric.id,
            owner: metric.owner,
            action: metric.action.to_owned(),
            outcome: metric.outcome.to_owned(),
        }
    }
}

/// [`PlanCase::actions_per_week`] actions a week, all on the team's
/// stressors: every stressor's action first, then their follow-ups in turn.
pub fn planned(case: &PlanCase) -> Vec<Planned> {
    let stressed: Vec<&Metric> = case
        .readings
        .iter()
        .filter(|r| r.stressor)
        .map(|r| r.metric)
        .collect();
    let mut out: Vec<Planned> = stressed.iter().map(|m| Planned::first(m)).collect();
    for round in 0..2 {
        for m in &stressed {
            let (action, outcome) = m.follow_ups[round];
            out.push(Planned {
                metric: m.id,
                owner: m.owner,
                action: action.to_owned(),
                outcome: outcome.to_owned(),
            });
        }
    }
    out.truncate(4 * case.actions_per_week());
    out
}

/// A KPI line for each of the first three stressors.
pub fn kpi_lines(case: &PlanCase) -> Vec<String> {
    case.readings
        .iter()
        .filter(|r| r.stressor)
        .take(3)
        .map(|r| r.metric.kpi(r.value))
        .collect()
}

/// The middle of the budget range, in hundreds of dollars.
pub fn budget_total(case: &PlanCase) -> u32 {
    (case.card.budget_min + case.card.budget_max) / 200 * 100
}

fn risk_line(case: &PlanCase) -> String {
    format!(
        "people may skip the sessions for fear of being seen as struggling; to reduce this, {} \
         attends first and the EAP sessions stay confidential",
        case.name_of(Owner::Manager)
    )
}

fn owner_text(case: &PlanCase, owner: Owner) -> String {
    format!("{}, {}", case.name_of(owner), owner.role())
}

/// A correct answer to a plan case, written in `style`.
pub fn plan(case: &PlanCase, style: Style) -> String {
    if let Some(catalogue) = &case.catalogue {
        let stressors: Vec<(&'static str, bool)> = case
            .readings
            .iter()
            .filter(|r| r.stressor)
            .map(|r| (r.metric.id, r.metric.severe_at(r.value)))
            .collect();
        return chosen_plan(
            case,
            &stressors,
            catalogue.best,
            &kpi_lines(case),
            catalogue.cost(catalogue.best),
            style,
        );
    }
    plan_of(
        case,
        &planned(case),
        &kpi_lines(case),
        budget_total(case),
        style,
    )
}

/// A catalogue-level answer (levels 4 and 5): these stressors with their
/// severity (`true` severe), the plan `chosen` (a bit set over the
/// catalogue), KPI lines and budget total.
pub fn chosen_plan(
    case: &PlanCase,
    stressors: &[(&'static str, bool)],
    chosen: u32,
    kpis: &[String],
    total: u32,
    style: Style,
) -> String {
    let Some(catalogue) = &case.catalogue else {
        return String::new();
    };
    let label = |id: &str| {
        case.readings
            .iter()
            .find(|r| r.metric.id == id)
            .map_or(id.to_owned(), |r| r.metric.label.to_owned())
    };
    let severity = |severe: bool| if severe { "severe" } else { "moderate" };
    let ids = catalogue.ids(chosen);
    let budget = dollars(total);
    let risk = capitalize(&risk_line(case));
    match style {
        Style::Reference | Style::Table => {
            let mut out = String::from("Stressors:\n");
            for (id, severe) in stressors {
                out.push_str(&format!("- {}: {}\n", label(id), severity(*severe)));
            }
            out.push_str(&format!("Interventions: {}\nKPIs:\n", ids.join(", ")));
            for kpi in kpis {
                out.push_str(&format!("- {kpi}\n"));
            }
            out.push_str(&format!("Risk: {risk}.\nBudget: {budget} in total."));
            out
        }
        Style::Prose => {
            let named: Vec<String> = stressors
                .iter()
                .map(|(id, severe)| format!("{} ({})", label(id).to_lowercase(), severity(*severe)))
                .collect();
            format!(
                "Stressors:\n{}\n\nInterventions: we choose {}.\n\nKPIs: we will track {}.\n\n\
                 Main risk: {}.\n\nBudget: the chosen interventions cost {budget} together.",
                named.join("\n"),
                ids.join(", "),
                kpis.join("; "),
                risk_line(case)
            )
        }
        Style::Bullets => {
            let mut out = String::from("## Stressors\n");
            for (id, severe) in stressors {
                out.push_str(&format!("- **{}** - {}\n", label(id), severity(*severe)));
            }
            out.push_str("\n## Interventions\n");
            for id in &ids {
                out.push_str(&format!("- {id}\n"));
            }
            out.push_str("\n## KPIs\n");
            for (k, kpi) in kpis.iter().enumerate() {
                out.push_str(&format!("{}. {kpi}\n", k + 1));
            }
            out.push_str(&format!(
                "\n## Risk\n{risk}.\n\n## Budget\n**{budget}** total"
            ));
            out
        }
    }
}

/// A plan of these actions ([`PlanCase::actions_per_week`] a week), KPI
/// lines and budget total.
pub fn plan_of(
    case: &PlanCase,
    actions: &[Planned],
    kpis: &[String],
    total: u32,
    style: Style,
) -> String {
    let weeks: Vec<&[Planned]> = actions
        .chunks(case.actions_per_week().max(1))
        .take(4)
        .collect();
    let budget = dollars(total);
    match style {
        Style::Reference => {
            let mut out = String::new();
            for (k, week) in weeks.iter().enumerate() {
                out.push_str(&format!("Week {}:\n", k + 1));
                for p in *week {
                    out.push_str(&format!(
                        "- {} (owner: {}; outcome: {})\n",
                        p.action,
                        owner_text(case, p.owner),
                        p.outcome
                    ));
                }
            }
            out.push_str("KPIs:\n");
            for kpi in kpis {
                out.push_str(&format!("- {kpi}\n"));
            }
            out.push_str(&format!(
                "Risk: {}.\nBudget: {budget} in total, for cover, facilitation and EAP sessions.",
                capitalize(&risk_line(case))
            ));
            out
        }
        Style::Prose => {
            let ordinal = ["first", "second", "third", "fourth"];
            let mut out = String::new();
            for (k, week) in weeks.iter().enumerate() {
                let sentences: Vec<String> = week
                    .iter()
                    .map(|p| {
                        format!(
                            "{}, the {}, will {}, so that {}.",
                            case.name_of(p.owner),
                            p.owner.role(),
                            lower_first(&p.action),
                            p.outcome
                        )
                    })
                    .collect();
                out.push_str(&format!(
                    "Week {}. In the {} week, {}\n\n",
                    k + 1,
                    ordinal[k],
                    sentences.join(" ")
                ));
            }
            out.push_str(&format!(
                "KPIs: we will track {}.\n\nMain risk: {}.\n\nBudget: we ask for {budget} in total, \
                 which covers the cover, facilitation and EAP sessions above.",
                kpis.join("; "),
                risk_line(case)
            ));
            out
        }
        Style::Bullets => {
            let mut out = String::new();
            for (k, week) in weeks.iter().enumerate() {
                out.push_str(&format!("## Week {}\n", k + 1));
                for p in *week {
                    out.push_str(&format!(
                        "- **{}** - owner: {}; outcome: {}\n",
                        p.action,
                        owner_text(case, p.owner),
                        p.outcome
                    ));
                }
                out.push('\n');
            }
            out.push_str("## KPIs\n");
            for (k, kpi) in kpis.iter().enumerate() {
                out.push_str(&format!("{}. {kpi}\n", k + 1));
            }
            out.push_str(&format!(
                "\n## Risk\n{}.\n\n## Budget\n**{budget}** total",
                capitalize(&risk_line(case))
            ));
            out
        }
        Style::Table => {
            let mut out = "| Week | Action | Owner | Outcome |\n|---|---|---|---|\n".to_owned();
            for (k, week) in weeks.iter().enumerate() {
                for p in *week {
                    out.push_str(&format!(
                        "| Week {} | {} | {} | {} |\n",
                        k + 1,
                        p.action,
                        owner_text(case, p.owner),
                        p.outcome
                    ));
                }
            }
            out.push_str("\nKPIs:\n");
            for kpi in kpis {
                out.push_str(&format!("- {kpi}\n"));
            }
            out.push_str(&format!(
                "\nRisk: {}.\n\nBudget: {budget} total.",
                capitalize(&risk_line(case))
            ));
            out
        }
    }
}
