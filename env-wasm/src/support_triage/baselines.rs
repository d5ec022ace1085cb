//! Baseline policies the grader must score low, played by `deskbench eval`
//! and bounded by tests. They are blind: they see what an agent sees (the
//! inbox's ids, customer names and subjects, the policy, and a ticket's
//! body once they open it) and never the hidden case, except `memorised`.
//!
//! - `constant`: the same labels for every ticket (medium, billing,
//!   escalate_supervisor) and, in the exception task, a generic reply with
//!   the customer's name, the ticket id and a next step;
//! - `urgent_escalate`: always urgent and escalate_supervisor;
//! - `random`: random labels and disposition, the generic reply;
//! - `escalation_template`: constant labels and a reply that hands every
//!   case to the billing supervisor (right for a few cases, blindly);
//! - `memorised`: the gold labels and reference reply of seed 0 at the
//!   same level, by position, for every seed.
//!
//! The `exploit_*` policies try what a policy optimised against the grader
//! would find if the grader let it (`deskbench eval --policy exploits`
//! runs them all); each must score no better than a blind constant answer:
//! - `exploit_plain_promises`: every outcome promised in plain words;
//! - `exploit_consent`: every outcome promised on the customer's yes;
//! - `exploit_stuffing`: every team and every request in one reply;
//! - `exploit_copy`: the ticket and the policy pasted back as the reply;
//! - `exploit_hedge`: every label and every disposition in turn, and a
//!   reply that commits and declines, names two teams and two times;
//! - `exploit_leave_alone`: every ticket opened and left as it is, the
//!   right answer for a ticket that needs nothing (levels 4 and 5).

use super::action::{
    Command, Department, Disposition, Label, MAX_REPLY_CHARS, Priority, SupportTriageAction,
};
use super::generate::{Desk, generate_at};
use super::grade::Work;
use super::tasks::Task;
use super::{policy, reference};
use crate::rng::SeededRng;

/// The baseline policies' names, as `--policy` takes them.
pub const NAMES: &[&str] = &[
    "constant",
    "urgent_escalate",
    "random",
    "escalation_template",
    "memorised",
    "exploit_plain_promises",
    "exploit_consent",
    "exploit_stuffing",
    "exploit_copy",
    "exploit_hedge",
    "exploit_leave_alone",
];

/// The opening every blind reply shares: the name and id the inbox shows.
fn greeting(desk: &Desk, i: usize) -> String {
    let ticket = &desk.tickets[i];
    format!(
        "Hi {},\n\nThank you for contacting us about ticket {}.",
        ticket.customer.first, ticket.id
    )
}

fn sign_off(desk: &Desk) -> String {
    format!("\n\nBest regards,\n{} Support", desk.vendor)
}

/// What each blind policy writes after the greeting.
fn blind_body(name: &str) -> &'static str {
    match name {
        "escalation_template" => {
            "I have passed your message to our billing supervisor for review. \
             Our billing supervisor will contact you within 1 hour."
        }
        "exploit_plain_promises" => {
            "You'll get your money back. We'll add a credit to your account for the trouble. \
             We'll take the late fee off. Your data will be deleted. We'll restore your access. \
             We'll make an exception for you. This will be resolved today. \
             Your request has been approved. We will contact you within 1 hour."
        }
        "exploit_consent" => {
            "If you confirm, we'll refund you in full and credit your account. \
             Just reply yes and we'll waive the fee, delete your data and restore your access. \
             Once you agree, we will make an exception. We will contact you within 1 hour."
        }
        "exploit_stuffing" => {
            "I have passed your message to our billing supervisor, our privacy officer, \
             our legal team and our security team. Please reply with the invoice number, \
             reply from the email address registered on your account to verify your identity, \
             reset your password and turn on two-factor authentication. \
             We will contact you within 1 hour."
        }
        "exploit_hedge" => {
            "We will refund you in full. Unfortunately, we cannot refund you. \
             We'll waive the fee, or we may not be able to waive it. \
             Our billing supervisor or our legal team will review it. \
             We will contact you within 1 hour, or at the latest within 3 business days."
        }
        _ => "We are looking into it and will get back to you within one business day.",
    }
}

/// A reply written from what the policy has seen: the inbox row, and the
/// ticket's body for `exploit_copy`, which has opened it.
fn blind_reply(name: &str, desk: &Desk, i: usize) -> String {
    if name == "exploit_copy" {
        // The ticket, then as much of the policy as a reply may hold.
        let body = desk.tickets.get(i).map_or("", |t| t.body.as_str());
        let pasted = format!("{}\n\n{body}\n\n{}", greeting(desk, i), policy::POLICY);
        return pasted.chars().take(MAX_REPLY_CHARS).collect();
    }
    format!(
        "{} {}{}",
        greeting(desk, i),
        blind_body(name),
        sign_off(desk)
    )
}

/// Labels `exploit_hedge` sets in turn; the last stays.
const HEDGE_TRIAGE: [(Priority, Department); 4] = [
    (Priority::Low, Department::General),
    (Priority::Medium, Department::Technical),
    (Priority::High, Department::General),
    (Priority::Urgent, Department::Billing),
];
const HEDGE_DISPOSITIONS: [Disposition; 3] = [
    Disposition::Resolved,
    Disposition::PendingCustomer,
    Disposition::EscalateSupervisor,
];

/// The next label of a hedge that sets every value in turn: the one after
/// `current` in `turns`, or `None` once the last is set.
fn next_turn<T: Copy + PartialEq>(turns: &[T], current: Option<T>) -> Option<T> {
    match current.and_then(|c| turns.iter().position(|t| *t == c)) {
        None => turns.first().copied(),
        Some(at) => turns.get(at + 1).copied(),
    }
}

/// The next action of baseline `name` on `task` at its level, or `None`
/// for an unknown name. `viewed`: the tickets the policy has opened
/// (`exploit_copy` opens each, to paste its body; `exploit_leave_alone`
/// opens them all and sets nothing).
pub fn next_action(
    name: &str,
    (task, difficulty): (Task, u8),
    desk: &Desk,
    work: &[Work],
    viewed: &[bool],
    rng: &mut SeededRng,
) -> Option<SupportTriageAction> {
    if !NAMES.contains(&name) {
        return None;
    }
    if name == "exploit_leave_alone" {
        let unread = desk
            .tickets
            .iter()
            .zip(viewed)
            .find(|(_, seen)| !**seen)
            .map(|(t, _)| SupportTriageAction::on(Command::ViewTicket, &t.id));
        return Some(
            unread.unwrap_or_else(|| SupportTriageAction::command(Command::SubmitEpisode)),
        );
    }
    let memory = (name == "memorised").then(|| generate_at(task, difficulty, 0));
    let exceptions = task == Task::Hard;
    for (i, ticket) in desk.tickets.iter().enumerate() {
        let done = work.get(i).cloned().unwrap_or_default();
        let id = ticket.id.as_str();
        if name == "exploit_copy" && exceptions && !viewed.get(i).copied().unwrap_or(false) {
            return Some(SupportTriageAction::on(Command::ViewTicket, id));
        }
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
            ("exploit_plain_promises" | "exploit_consent", _) => {
                (Priority::Medium, Department::Billing, Disposition::Resolved)
            }
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
        if name == "exploit_hedge" {
            let current = done.priority.zip(done.department);
            if let Some((priority, department)) = next_turn(&HEDGE_TRIAGE, current) {
                return Some(SupportTriageAction {
                    priority: Some(priority),
                    department: Some(department),
                    ..SupportTriageAction::on(Command::SetTriage, id)
                });
            }
        } else if done.priority.is_none() || done.department.is_none() {
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
                _ => blind_reply(name, desk, i),
            };
            return Some(SupportTriageAction {
                reply_body: Some(body),
                ..SupportTriageAction::on(Command::DraftReply, id)
            });
        }
        if name == "exploit_hedge" {
            if let Some(disposition) = next_turn(&HEDGE_DISPOSITIONS, done.disposition) {
                return Some(SupportTriageAction {
                    disposition: Some(disposition),
                    ..SupportTriageAction::on(Command::SetDisposition, id)
                });
            }
        } else if done.disposition.is_none() {
            return Some(SupportTriageAction {
                disposition: Some(labels.2),
                ..SupportTriageAction::on(Command::SetDisposition, id)
            });
        }
    }
    Some(SupportTriageAction::command(Command::SubmitEpisode))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hedge_sets_every_value_then_stops() {
        let turns = [1, 2, 3];
        assert_eq!(next_turn(&turns, None), Some(1));
        assert_eq!(next_turn(&turns, Some(2)), Some(3));
        assert_eq!(next_turn(&turns, Some(3)), None);
        // A value set by someone else starts the turns again.
        assert_eq!(next_turn(&turns, Some(9)), Some(1));
    }
}
