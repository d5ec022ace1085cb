//! The reference policy: open every ticket in inbox order, set the labels
//! the written policy gives, and in the exception task draft a compliant
//! reply and set the disposition; then submit. It reads the hidden
//! [`Case`] rather than parsing the body, which is
//! what the policy would conclude from the body; tests and the baseline
//! runner use it, agents never see it.

use super::action::{Command, SupportTriageAction};
use super::generate::{Desk, Ticket};
use super::grade::Work;
use super::lookups::{Inquiries, next_inquiry};
use super::policy::{self, Case, RefundRule};
use super::records::prorated_refund;

/// A reply that does what the ticket's case needs and nothing else.
pub fn reference_reply(vendor: &str, ticket: &Ticket) -> String {
    let (_, sla) = policy::sla(policy::priority(ticket.case, ticket.customer.plan));
    let handling = match ticket.case {
        Case::Security { leaked_key: false } => format!(
            "Please reset your password now and turn on two-factor authentication in your account settings. \
             Our security team is investigating the sign-ins and will contact you within {sla}. \
             We will never ask you for your password."
        ),
        Case::Security { leaked_key: true } => format!(
            "Please revoke that API key in your settings now and create a new one. \
             Our security team is looking into this and will contact you within {sla}."
        ),
        Case::Legal => format!(
            "I have passed your message to our legal team for review. \
             Our legal team will contact you within {sla}."
        ),
        Case::Deletion { verified: true } => format!(
            "I have forwarded your message to our privacy officer, who handles every data request. \
             Our privacy officer will contact you within {sla} about the next steps."
        ),
        Case::Deletion { verified: false } => "For your protection we only act on data requests sent from \
             the email address on your account. \
             Please reply from the email address registered on your account to verify your identity."
            .to_owned(),
        Case::Refund { .. } => match policy::disposition(ticket.case) {
            Some(super::action::Disposition::PendingCustomer) => {
                "To look into this charge we need the invoice number (it starts with INV-). \
                 Please reply with the invoice number of the charge you mean."
                    .to_owned()
            }
            Some(super::action::Disposition::Resolved) => {
                "The charge is within our 30-day refund window, so we will refund it in full \
                 to your original payment method within 5 business days."
                    .to_owned()
            }
            _ => format!(
                "The charge is older than our 30-day refund window, so I have passed your message \
                 to our billing supervisor for review. Our billing supervisor will contact you within {sla}."
            ),
        },
        Case::RefundProrated { over_limit: false } => {
            let refund = ticket.records.as_ref().and_then(|r| {
                let invoice = r.invoice.as_ref()?;
                let (unused, cents) = prorated_refund(invoice, ticket.received);
                Some((unused, r.currency.money(cents)))
            });
            match refund {
                Some((unused, amount)) => format!(
                    "Your annual plan has {unused} unused months left in its term, so we will refund {amount} \
                     for those months to your original payment method within 5 business days."
                ),
                None => "We will refund the unused months of your annual plan.".to_owned(),
            }
        }
        Case::RefundProrated { over_limit: true } => format!(
            "I have passed your message about your annual plan to our billing supervisor \
             for review. Our billing supervisor will contact you within {sla}."
        ),
        Case::RefundChargeback { .. } => format!(
            "Our records show this charge is disputed with your bank, so I have passed your message \
             to our billing supervisor for review. Our billing supervisor will contact you within {sla}."
        ),
        Case::RefundRuled { resolved: true, rule } => {
            let why = match rule {
                RefundRule::Goodwill => {
                    "As a long-standing customer you qualify for a goodwill refund of this charge, so we"
                }
                RefundRule::Policy => "The charge is within our 30-day refund window, so we",
                _ => "The charge is within the refund window that applies to it, so we",
            };
            format!(
                "{why} will refund it in full to your original payment method within 5 business days."
            )
        }
        Case::RefundRuled { .. } => format!(
            "The charge is older than the refund window that applies to it, so I have passed your message \
             to our billing supervisor for review. Our billing supervisor will contact you within {sla}."
        ),
        Case::FeeRuled { resolved: true, .. } => {
            "We will waive the late fee on your invoice within 2 business days.".to_owned()
        }
        Case::FeeRuled { .. } => format!(
            "I have passed your message about the late fee to our billing supervisor for review. \
             Our billing supervisor will contact you within {sla}."
        ),
        Case::FeeWaiver { .. } => match policy::disposition(ticket.case) {
            Some(super::action::Disposition::Resolved) => {
                "We will waive the late fee on your invoice within 2 business days.".to_owned()
            }
            _ => format!(
                "I have passed your message about the late fee to our billing supervisor for review. \
                 Our billing supervisor will contact you within {sla}."
            ),
        },
        _ => format!("We are looking into this and will update you within {sla}."),
    };
    format!(
        "Hi {},\n\nThank you for contacting {vendor} support about ticket {}. {handling}\n\nBest regards,\n{vendor} Support",
        ticket.customer.first, ticket.id
    )
}

/// The reference policy's next action for the desk as it stands.
pub fn next_action(
    exceptions: bool,
    desk: &Desk,
    work: &[Work],
    viewed: &[bool],
    inquiries: &Inquiries,
) -> SupportTriageAction {
    for (i, ticket) in desk.tickets.iter().enumerate() {
        let id = ticket.id.as_str();
        if !viewed.get(i).copied().unwrap_or(false) {
            return SupportTriageAction::on(Command::ViewTicket, id);
        }
        if let Some(inquiry) = next_inquiry(exceptions, desk, i, inquiries) {
            return inquiry;
        }
        // A ticket that needs nothing is left as it is (section 8).
        if ticket.needs_nothing.is_some() {
            continue;
        }
        let done = work.get(i).cloned().unwrap_or_default();
        let priority = policy::priority(ticket.case, ticket.customer.plan);
        let department = policy::department(ticket.case);
        if done.priority != Some(priority) || done.department != Some(department) {
            return SupportTriageAction {
                priority: Some(priority),
                department: Some(department),
                ..SupportTriageAction::on(Command::SetTriage, id)
            };
        }
        if exceptions {
            let reply = reference_reply(desk.vendor, ticket);
            if done.reply.as_deref() != Some(reply.as_str()) {
                return SupportTriageAction {
                    reply_body: Some(reply),
                    ..SupportTriageAction::on(Command::DraftReply, id)
                };
            }
            let disposition = policy::disposition(ticket.case);
            if disposition.is_some() && done.disposition != disposition {
                return SupportTriageAction {
                    disposition,
                    ..SupportTriageAction::on(Command::SetDisposition, id)
                };
            }
        }
    }
    SupportTriageAction::command(Command::SubmitEpisode)
}
