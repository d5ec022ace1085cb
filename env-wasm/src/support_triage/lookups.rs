//! The records desk's commands (levels 4 and 5): `lookup_customer`,
//! `lookup_invoice` and `ask_customer`, what each shows, and the
//! inquiries the reference makes before it decides a ticket. The records
//! themselves are drawn in [`super::records`].

use schemars::JsonSchema;
use serde::Serialize;

use super::action::{Command, CustomerRequest, SupportTriageAction};
use super::generate::{Desk, Ticket};
use super::policy::{Case, base_priority};
use super::records::{Currency, EarlierTicket, InvoiceAnswer, InvoiceStatus};

/// The account record `lookup_customer` shows.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AccountRecord {
    /// The ticket whose customer this is.
    pub ticket_id: String,
    pub name: String,
    pub company: String,
    pub plan: &'static str,
    pub seats: u32,
    pub customer_since: String,
    /// The currency the account is billed in (USD, EUR, GBP or CAD).
    #[schemars(with = "String")]
    pub billing_currency: Currency,
    /// Earlier tickets of the account, newest first, with their outcomes.
    pub earlier_tickets: Vec<EarlierTicket>,
}

/// The invoice record `lookup_invoice` shows.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct InvoiceRecord {
    pub invoice_id: String,
    /// Whose account the invoice is on.
    pub customer: String,
    /// What was charged; `None` for an invoice with nothing open on record.
    pub item: Option<String>,
    /// The amount in the account's currency, e.g. `€120.00`.
    pub amount: Option<String>,
    /// The day the charge was taken (ISO date).
    pub charged: Option<String>,
    /// `monthly`, or `annual` (a 12-month term from the charge date).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub billing: Option<&'static str>,
    /// `paid`, or `chargeback opened on <date>` (disputed with the bank).
    pub status: String,
}

/// The last record looked up; it stays shown until the next lookup.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Lookup {
    /// The record as text.
    pub text: String,
    /// Set by `lookup_customer`.
    pub account: Option<AccountRecord>,
    /// Set by `lookup_invoice`.
    pub invoice: Option<InvoiceRecord>,
}

/// One `ask_customer` exchange on a ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Exchange {
    pub request: CustomerRequest,
    /// What the agent wrote.
    pub message: String,
    /// What the customer answered.
    pub answer: String,
}

/// What the agent has asked and looked up, per ticket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inquiries {
    pub customer_seen: Vec<bool>,
    pub conversations: Vec<Vec<Exchange>>,
    /// Invoice ids looked up, in order.
    pub invoices_seen: Vec<String>,
}

impl Inquiries {
    pub fn new(tickets: usize) -> Inquiries {
        Inquiries {
            customer_seen: vec![false; tickets],
            conversations: vec![Vec::new(); tickets],
            invoices_seen: Vec::new(),
        }
    }

    fn asked(&self, i: usize, request: CustomerRequest) -> bool {
        self.conversations
            .get(i)
            .is_some_and(|c| c.iter().any(|e| e.request == request))
    }
}

/// The account record of `ticket`'s customer.
pub fn customer_record(ticket: &Ticket) -> Lookup {
    let c = &ticket.customer;
    let records = ticket.records.as_ref();
    let currency = records.map_or(Currency::Usd, |r| r.currency);
    let earlier = records.map(|r| r.earlier.clone()).unwrap_or_default();
    let mut text = format!(
        "Account of {} ({}), customer of ticket {}: plan {}, {} seats, customer since {}, billed in {}.\nEarlier tickets:",
        c.name(),
        c.company,
        ticket.id,
        c.plan.name(),
        c.seats,
        c.since.iso(),
        currency.code()
    );
    if earlier.is_empty() {
        text.push_str(" none.");
    }
    for e in &earlier {
        text.push_str(&format!(
            "\n- {} ({}): {}. Outcome: {}.",
            e.ticket_id, e.date, e.subject, e.outcome
        ));
    }
    Lookup {
        text,
        account: Some(AccountRecord {
            ticket_id: ticket.id.clone(),
            name: c.name(),
            company: c.company.clone(),
            plan: c.plan.name(),
            seats: c.seats,
            customer_since: c.since.iso(),
            billing_currency: currency,
            earlier_tickets: earlier,
        }),
        invoice: None,
    }
}

/// `INV-40213`, `inv 40213`, ` 40213 `: the invoice id meant.
pub fn normalize_invoice_id(text: &str) -> String {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        text.trim().to_owned()
    } else {
        format!("INV-{digits}")
    }
}

/// The invoice record `id` on the desk, or the feedback for an unknown id.
pub fn invoice_record(desk: &Desk, id: &str) -> Result<Lookup, String> {
    let id = normalize_invoice_id(id);
    for ticket in &desk.tickets {
        let Some(records) = &ticket.records else {
            continue;
        };
        if let Some(invoice) = records.invoice.as_ref().filter(|i| i.id == id) {
            let status = match invoice.status {
                InvoiceStatus::Paid => "paid".to_owned(),
                InvoiceStatus::Chargeback(day) => format!(
                    "chargeback opened on {} (the customer disputed the charge with their bank)",
                    day.iso()
                ),
            };
            let amount = records.currency.money(invoice.local_cents);
            let charged = invoice.charged.iso();
            let billing = if invoice.annual { "annual" } else { "monthly" };
            let term = if invoice.annual {
                " (a 12-month term from the charge date)"
            } else {
                ""
            };
            return Ok(Lookup {
                text: format!(
                    "Invoice {id} on the account of {}: {} for the {}, charged on {charged}; billing: {billing}{term}; status: {status}.",
                    ticket.customer.name(),
                    amount,
                    invoice.item
                ),
                account: None,
                invoice: Some(InvoiceRecord {
                    invoice_id: id.clone(),
                    customer: ticket.customer.name(),
                    item: Some(invoice.item.clone()),
                    amount: Some(amount),
                    charged: Some(charged),
                    billing: Some(billing),
                    status,
                }),
            });
        }
    }
    // An invoice a ticket mentions in passing: on record, nothing open.
    if let Some(ticket) = desk.tickets.iter().find(|t| mentions(&t.body, &id)) {
        return Ok(Lookup {
            text: format!(
                "Invoice {id} on the account of {}: paid; nothing else on record.",
                ticket.customer.name()
            ),
            account: None,
            invoice: Some(InvoiceRecord {
                invoice_id: id,
                customer: ticket.customer.name(),
                item: None,
                amount: None,
                charged: None,
                billing: None,
                status: "paid".to_owned(),
            }),
        });
    }
    let shown: String = id.chars().take(24).collect();
    Err(format!(
        "There is no invoice `{shown}` on the accounts of this desk; invoice ids look like INV-40213."
    ))
}

/// Whether `body` names invoice `id` as a whole word.
fn mentions(body: &str, id: &str) -> bool {
    body.match_indices(id).any(|(at, _)| {
        !body[at + id.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

/// What the customer of `ticket` answers to `request`: the request
/// decides the answer; the agent's message is only read by them.
pub fn answer(ticket: &Ticket, request: CustomerRequest) -> String {
    let records = ticket.records.as_ref();
    let item = records.map_or("subscription", |r| r.item.as_str());
    match request {
        CustomerRequest::InvoiceNumber => match records.and_then(|r| r.invoice_answer.as_ref()) {
            Some(InvoiceAnswer::Gives(id)) => format!(
                "Sorry, I should have included it: the invoice number is {id}. It was the {item} charge."
            ),
            Some(InvoiceAnswer::CannotFind) => format!(
                "I've searched our emails and the account and I can't find the invoice number, sorry. It was for the {item}."
            ),
            None => match records.and_then(|r| r.invoice.as_ref()) {
                Some(invoice) => format!("It's {}, as in my message.", invoice.id),
                None => "My message isn't about a particular invoice; everything I know is in it."
                    .to_owned(),
            },
        },
        CustomerRequest::Clarification => {
            "I think everything I know is in my message. Is there something specific you need from me?"
                .to_owned()
        }
    }
}

/// Whether the plan on record can change `case`'s priority (the plan rule
/// lifts a medium ticket).
fn plan_matters(case: Case) -> bool {
    base_priority(case) == super::action::Priority::Medium
}

/// The lookup or question the reference makes on ticket `i` before it
/// decides it, when the records desk holds one it has not made yet: the
/// account where the plan rule may apply (and, in the exception task,
/// always: the waiver history is there), the customer for a refund's
/// missing invoice, then the invoice.
pub fn next_inquiry(
    exceptions: bool,
    ticket: &Ticket,
    i: usize,
    inquiries: &Inquiries,
) -> Option<SupportTriageAction> {
    let records = ticket.records.as_ref()?;
    let id = ticket.id.as_str();
    let seen = inquiries.customer_seen.get(i).copied().unwrap_or(true);
    if !seen && (exceptions || plan_matters(ticket.case)) {
        return Some(SupportTriageAction::on(Command::LookupCustomer, id));
    }
    if !exceptions {
        return None;
    }
    if records.invoice_answer.is_some() && !inquiries.asked(i, CustomerRequest::InvoiceNumber) {
        return Some(SupportTriageAction {
            request: Some(CustomerRequest::InvoiceNumber),
            message: Some(format!(
                "Hi {}, to look into this refund we need the invoice number of the charge (it starts with INV-). Could you send it?",
                ticket.customer.first
            )),
            ..SupportTriageAction::on(Command::AskCustomer, id)
        });
    }
    let known =
        records.invoice_in_body || matches!(records.invoice_answer, Some(InvoiceAnswer::Gives(_)));
    match &records.invoice {
        Some(invoice) if known && !inquiries.invoices_seen.contains(&invoice.id) => {
            Some(SupportTriageAction {
                invoice_id: Some(invoice.id.clone()),
                ..SupportTriageAction::command(Command::LookupInvoice)
            })
        }
        _ => None,
    }
}
