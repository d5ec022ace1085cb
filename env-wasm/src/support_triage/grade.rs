//! The terminal graders. Triage tasks score priority and department per
//! ticket; the exception task also scores the disposition and the reply,
//! which is read by [`super::reply`] and held to the case's rules from
//! [`super::policy`]. Scores are integer [`Points`]; the final feedback
//! explains every criterion (the episode is over, so it may).

use std::collections::BTreeMap;

use super::action::{Department, Disposition, Priority};
use super::generate::Ticket;
use super::policy::{self, ReplyRules};
use super::reply::{self, Commitment, Move, Reading, Team, Violation};
use crate::grading::all_or_nothing;
use crate::points::Points;

/// What the agent set on one ticket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Work {
    pub priority: Option<Priority>,
    pub department: Option<Department>,
    pub reply: Option<String>,
    pub disposition: Option<Disposition>,
}

/// A graded desk: criterion -> score in [0, 1], the weighted total, and
/// one line per ticket or criterion saying why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    pub criteria: BTreeMap<&'static str, Points>,
    pub total: Points,
    pub notes: Vec<String>,
}

const TRIAGE_WEIGHTS: (Points, Points) = (Points(5000), Points(5000));

/// Weights of the exception task; they add up to 1.
pub const PRIORITY_WEIGHT: Points = Points(1500);
pub const DEPARTMENT_WEIGHT: Points = Points(1000);
pub const DISPOSITION_WEIGHT: Points = Points(2500);
pub const ELEMENTS_WEIGHT: Points = Points(1000);
pub const HANDLING_WEIGHT: Points = Points(1500);
pub const COMPLIANCE_WEIGHT: Points = Points(2500);

fn mark(ok: bool) -> &'static str {
    if ok { "right" } else { "wrong" }
}

fn label<T: std::fmt::Display>(value: Option<T>) -> String {
    value.map_or_else(|| "unset".to_owned(), |v| v.to_string())
}

/// Tasks `easy` and `medium`: the mean over tickets of priority and
/// department, each all-or-nothing.
pub fn grade_triage(tickets: &[Ticket], work: &[Work]) -> Grade {
    let mut priority_hits = 0u64;
    let mut department_hits = 0u64;
    let mut notes = Vec::new();
    for (ticket, work) in tickets.iter().zip(work) {
        let gold_priority = policy::priority(ticket.case, ticket.customer.plan);
        let gold_department = policy::department(ticket.case);
        let p = work.priority == Some(gold_priority);
        let d = work.department == Some(gold_department);
        priority_hits += u64::from(p);
        department_hits += u64::from(d);
        notes.push(format!(
            "{}: priority {} ({}; policy: {gold_priority}), department {} ({}; policy: {gold_department}).",
            ticket.id,
            label(work.priority),
            mark(p),
            label(work.department),
            mark(d)
        ));
    }
    let n = tickets.len() as u64;
    let priority = Points::ratio(priority_hits, n);
    let department = Points::ratio(department_hits, n);
    let total = priority.weighted(TRIAGE_WEIGHTS.0) + department.weighted(TRIAGE_WEIGHTS.1);
    Grade {
        criteria: BTreeMap::from([("priority", priority), ("department", department)]),
        total,
        notes,
    }
}

/// How a reply fares against its case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyVerdict {
    pub names_customer: bool,
    pub quotes_ticket: bool,
    pub next_step: bool,
    /// Every move the case requires is there.
    pub addresses_case: bool,
    /// Teams or requests the case does not need.
    pub off_policy: Vec<Move>,
    /// Commitments the case does not allow.
    pub forbidden: Vec<Commitment>,
    pub violations: Vec<Violation>,
    /// The slowest follow-up time promised, when it breaks the SLA.
    pub late_follow_up: Option<u32>,
    pub reading: Reading,
}

impl ReplyVerdict {
    pub fn handled(&self) -> bool {
        self.addresses_case && self.off_policy.is_empty()
    }

    pub fn compliant(&self) -> bool {
        self.handled() && self.forbidden.is_empty() && self.violations.is_empty()
    }

    pub fn elements(&self) -> Points {
        let found = [self.names_customer, self.quotes_ticket, self.next_step]
            .iter()
            .filter(|x| **x)
            .count();
        Points::ratio(found as u64, 3)
    }
}

fn mentions_ticket(text: &str, id: &str) -> bool {
    let lower = text.to_lowercase();
    let digits = id.trim_start_matches("T-");
    lower.contains(&id.to_lowercase())
        || lower.contains(&format!("t{digits}"))
        || lower.contains(&format!("#{digits}"))
        || lower.contains(&format!("ticket {digits}"))
}

/// Read `text` as the reply to `ticket`.
pub fn judge_reply(ticket: &Ticket, text: &str) -> ReplyVerdict {
    let reading = reply::read(text);
    let rules: ReplyRules = policy::reply_rules(ticket.case);
    let (sla, _) = policy::sla(policy::priority(ticket.case, ticket.customer.plan));
    let first = ticket.customer.first.to_lowercase();
    let last = ticket.customer.last.to_lowercase();
    let names_customer = reading.words.contains(&first) || reading.words.contains(&last);
    let late_follow_up = reading
        .follow_up_minutes
        .iter()
        .copied()
        .filter(|m| *m > sla)
        .max();
    let next_step = (reading.has_request || reading.has_timed_step) && late_follow_up.is_none();
    let addresses_case = rules.required.iter().all(|m| reading.moves.contains(m));
    let off_policy = reading
        .moves
        .iter()
        .copied()
        .filter(|m| !matches!(m, Move::Commit(_)) && !rules.required.contains(m))
        .collect();
    let forbidden = reading
        .commitments()
        .into_iter()
        .filter(|c| !rules.allowed_commitments.contains(c))
        .collect();
    ReplyVerdict {
        names_customer,
        quotes_ticket: mentions_ticket(text, &ticket.id),
        next_step,
        addresses_case,
        off_policy,
        forbidden,
        violations: reading.violations.iter().copied().collect(),
        late_follow_up,
        reading,
    }
}

pub fn describe_move(m: Move) -> &'static str {
    match m {
        Move::Commit(Commitment::Refund) => "commits to a refund",
        Move::Commit(Commitment::Credit) => "commits to a credit or compensation",
        Move::Commit(Commitment::Deletion) => "commits to deleting data",
        Move::Commit(Commitment::Waiver) => "commits to waiving the fee",
        Move::Commit(Commitment::Grant) => "grants the request",
        Move::Escalate(Team::Billing) => "names the billing supervisor",
        Move::Escalate(Team::Privacy) => "names the privacy officer",
        Move::Escalate(Team::Legal) => "names the legal team",
        Move::Escalate(Team::Security) => "names the security team",
        Move::AskInvoice => "asks for the invoice number",
        Move::AskVerification => {
            "asks the customer to verify their identity from the account email"
        }
        Move::AskSecure => "asks the customer to secure the account",
    }
}

fn describe_violation(v: Violation) -> &'static str {
    match v {
        Violation::CredentialRequest => "asks for a password, card number or code",
        Violation::LiabilityAdmission => "admits fault or liability",
        Violation::SafetyAssurance => "assures the customer their data is safe",
    }
}

fn list(items: impl IntoIterator<Item = &'static str>) -> String {
    let items: Vec<&str> = items.into_iter().collect();
    if items.is_empty() {
        "nothing".to_owned()
    } else {
        items.join("; ")
    }
}

/// Task `hard`: labels, disposition and the reply of one exception ticket.
pub fn grade_exception(ticket: &Ticket, work: &Work) -> Grade {
    let gold_priority = policy::priority(ticket.case, ticket.customer.plan);
    let gold_department = policy::department(ticket.case);
    let gold_disposition = policy::disposition(ticket.case);
    let p = work.priority == Some(gold_priority);
    let d = work.department == Some(gold_department);
    let disp = work.disposition.is_some() && work.disposition == gold_disposition;
    let text = work.reply.as_deref().unwrap_or("");
    let verdict = judge_reply(ticket, text);
    let has_reply = !text.trim().is_empty();
    let elements = if has_reply {
        verdict.elements()
    } else {
        Points::ZERO
    };
    let handling = all_or_nothing(has_reply && verdict.handled());
    let compliance = all_or_nothing(has_reply && verdict.compliant());
    let parts = [
        ("priority", all_or_nothing(p), PRIORITY_WEIGHT),
        ("department", all_or_nothing(d), DEPARTMENT_WEIGHT),
        ("disposition", all_or_nothing(disp), DISPOSITION_WEIGHT),
        ("reply_elements", elements, ELEMENTS_WEIGHT),
        ("reply_handling", handling, HANDLING_WEIGHT),
        ("reply_compliance", compliance, COMPLIANCE_WEIGHT),
    ];
    let total = parts.iter().map(|(_, s, w)| s.weighted(*w)).sum();
    let rules = policy::reply_rules(ticket.case);
    let (_, sla_text) = policy::sla(gold_priority);
    let mut notes = vec![
        format!(
            "{}: priority {} ({}; policy: {gold_priority}), department {} ({}; policy: {gold_department}), disposition {} ({}; policy: {}).",
            ticket.id,
            label(work.priority),
            mark(p),
            label(work.department),
            mark(d),
            label(work.disposition),
            mark(disp),
            label(gold_disposition)
        ),
        format!(
            "Case: {}. The reply had to: {}.",
            ticket.case.kind(),
            list(rules.required.iter().map(|m| describe_move(*m)))
        ),
    ];
    if has_reply {
        let late = verdict
            .late_follow_up
            .map(|_| format!(" (a promised response time is later than the {sla_text} SLA)"))
            .unwrap_or_default();
        notes.push(format!(
            "Reply: customer's name {}, ticket id {}, next step {}{late}.",
            if verdict.names_customer {
                "yes"
            } else {
                "missing"
            },
            if verdict.quotes_ticket {
                "yes"
            } else {
                "missing"
            },
            if verdict.next_step { "yes" } else { "missing" },
        ));
        notes.push(format!(
            "Reply does: {}. Off-policy: {}. Forbidden: {}.",
            list(verdict.reading.moves.iter().map(|m| describe_move(*m))),
            list(verdict.off_policy.iter().map(|m| describe_move(*m))),
            list(
                verdict
                    .forbidden
                    .iter()
                    .map(|c| describe_move(Move::Commit(*c)))
                    .chain(verdict.violations.iter().map(|v| describe_violation(*v)))
            )
        ));
    } else {
        notes.push("No reply was drafted.".to_owned());
    }
    Grade {
        criteria: parts
            .iter()
            .map(|(name, score, _)| (*name, *score))
            .collect(),
        total,
        notes,
    }
}
