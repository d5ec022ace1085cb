//! Baseline policies the grader must score low, played by `deskbench eval`
//! and bounded by tests. None opens a ticket: they see the inbox (ids,
//! customer names, subjects) and nothing else, except `memorised`.
//!
//! - `constant`: the same labels for every ticket (medium, billing,
//!   escalate_supervisor) and, in the exception task, a generic reply with
//!   the customer's name, the ticket id and a next step;
//! - `urgent_escalate`: always urgent and escalate_supervisor;
//! - `random`: random labels and disposition, the generic reply;
//! - `escalation_template`: constant labels and a reply that hands every
//!   case to the billing supervisor (right for a few cases, blindly);
//! - `memorised`: the gold labels and reference reply of seed 0, by
//!   position, for every seed.

use super::action::{Command, Department, Disposition, Label, Priority, SupportTriageAction};
use super::generate::{Desk, generate};
use super::grade::Work;
use super::{policy, reference};
use crate::rng::SeededRng;

pub const NAMES: &[&str] = &[
    "constant",
    "urgent_escalate",
    "random",
    "escalation_template",
    "memorised",
];

/// A reply written from the inbox row alone.
fn blind_reply(desk: &Desk, i: usize, escalate: bool) -> String {
    let ticket = &desk.tickets[i];
    let step = if escalate {
        "I have passed your message to our billing supervisor for review. \
         Our billing supervisor will contact you within 1 hour."
    } else {
        "We are looking into it and will get back to you within one business day."
    };
    format!(
        "Hi {},\n\nThank you for contacting us about ticket {}. {step}\n\nBest regards,\n{} Support",
        ticket.customer.first, ticket.id, desk.vendor
    )
}

/// The next action of baseline `name`, or `None` for an unknown name.
pub fn next_action(
    name: &str,
    task: &str,
    desk: &Desk,
    work: &[Work],
    rng: &mut SeededRng,
) -> Option<SupportTriageAction> {
    if !NAMES.contains(&name) {
        return None;
    }
    let memory = (name == "memorised").then(|| generate(task, 0));
    let exceptions = task == "hard";
    for (i, ticket) in desk.tickets.iter().enumerate() {
        let done = work.get(i).cloned().unwrap_or_default();
        let id = ticket.id.as_str();
        let remembered = memory
            .as_ref()
            .and_then(|m| m.tickets.get(i % m.tickets.len().max(1)));
        let labels = match (name, remembered) {
            ("urgent_escalate", _) => (
                Priority::Urgent,
                Department::Technical,
                Disposition::EscalateSupervisor,
            ),
            ("random", _) => (
                *rng.pick(Priority::ALL),
                *rng.pick(Department::ALL),
                *rng.pick(Disposition::ALL),
            ),
            (_, Some(old)) => (
                policy::priority(old.case, old.customer.plan),
                policy::department(old.case),
                policy::disposition(old.case).unwrap_or(Disposition::Resolved),
            ),
            _ => (
                Priority::Medium,
                Department::Billing,
                Disposition::EscalateSupervisor,
            ),
        };
        if done.priority.is_none() || done.department.is_none() {
            return Some(SupportTriageAction {
                priority: Some(labels.0),
                department: Some(labels.1),
                ..SupportTriageAction::on(Command::SetTriage, id)
            });
        }
        if !exceptions {
            continue;
        }
        if done.reply.is_none() {
            let body = match (remembered, memory.as_ref()) {
                (Some(old), Some(m)) => reference::reference_reply(m.vendor, old),
                _ => blind_reply(desk, i, name == "escalation_template"),
            };
            return Some(SupportTriageAction {
                reply_body: Some(body),
                ..SupportTriageAction::on(Command::DraftReply, id)
            });
        }
        if done.disposition.is_none() {
            return Some(SupportTriageAction {
                disposition: Some(labels.2),
                ..SupportTriageAction::on(Command::SetDisposition, id)
            });
        }
    }
    Some(SupportTriageAction::command(Command::SubmitEpisode))
}
