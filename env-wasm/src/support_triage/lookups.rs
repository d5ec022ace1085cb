//! The records desk's commands (levels 4 and 5): `lookup_customer`,
//! `lookup_invoice` and `ask_customer`, what each shows, and the
//! inquiries the reference makes before it decides a ticket. The records
//! themselves are drawn in [`super::records`].

use schemars::JsonSchema;
use serde::Serialize;

use super::action::{Command, CustomerRequest, SupportTriageAction};
use super::generate::{Desk, Ticket};
use super::kb;
use super::kb::{Article, ArticleHit, Kb};
use super::policy::RefundRule;
use super::policy::{Case, base_priority};
use super::records::{Currency, EarlierTicket, InvoiceAnswer, InvoiceStatus, PaymentAnswer, Ruled};

/// The account record `lookup_customer` shows.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AccountRecord {
    /// The ticket whose customer this is.
    pub ticket_id: String,
    /// The customer's name.
    pub name: String,
    /// The customer's company.
    pub company: String,
    /// The subscription plan (`Free`, `Starter`, `Business` or `Enterprise`).
    pub plan: &'static str,
    /// Seats the plan pays for.
    pub seats: u32,
    /// The date the account opened, `YYYY-MM-DD`.
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
    /// The invoice number (`INV-...`).
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
    /// Set by `search_kb`: the articles found, best first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kb_search: Option<Vec<ArticleHit>>,
    /// Set by `read_article`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub article: Option<Article>,
}

impl Lookup {
    fn of_text(text: String) -> Lookup {
        Lookup {
            text,
            account: None,
            invoice: None,
            kb_search: None,
            article: None,
        }
    }
}

/// What `search_kb` shows for `query`.
pub fn kb_search(kb: &Kb, query: &str) -> Lookup {
    let hits = kb.search(query);
    let shown: String = query.trim().chars().take(80).collect();
    let mut text = if hits.is_empty() {
        format!(
            "Knowledge base, search \"{shown}\": no article shares a word with it. Try an add-on's name, \"refund\", \"late fee\", a plan's name or \"status\"."
        )
    } else {
        format!(
            "Knowledge base, search \"{shown}\": {} article(s), most shared words first (read_article shows one).",
            hits.len()
        )
    };
    for hit in &hits {
        text.push_str(&format!(
            "\n- {}: {}. {}",
            hit.article_id, hit.title, hit.summary
        ));
    }
    Lookup {
        kb_search: Some(hits),
        ..Lookup::of_text(text)
    }
}

/// What `read_article` shows, or the feedback for an unknown id.
pub fn read_article(kb: &Kb, id: &str) -> Result<Lookup, String> {
    match kb.article(id) {
        Some(article) => Ok(Lookup {
            article: Some(article.clone()),
            // Every field of the article, as `search_kb` writes a hit
            // and then the body: the text alone says it all (MCP sends
            // the text without the record).
            ..Lookup::of_text(format!(
                "{}: {}. {}\n{}",
                article.article_id, article.title, article.summary, article.body
            ))
        }),
        None => {
            let shown: String = id.trim().chars().take(24).collect();
            Err(format!(
                "There is no article `{shown}` in this knowledge base; search_kb lists the article ids (KB-...)."
            ))
        }
    }
}

/// One `ask_customer` exchange on a ticket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Exchange {
    /// What the agent asked the customer for.
    pub request: CustomerRequest,
    /// What the agent wrote.
    pub message: String,
    /// What the customer answered.
    pub answer: String,
}

/// The request the records instruction says to ask the customer first
/// that `messages` (the `ask_customer` exchanges on `ticket`) never made:
/// the identity check of a deletion request sent from another address
/// than the account email, the invoice number of a refund request that
/// names none. The case's disposition follows from the customer's answer,
/// so one set without asking is a guess, however it came out.
pub fn skipped_first_ask(ticket: &Ticket, messages: &[Exchange]) -> Option<CustomerRequest> {
    let records = ticket.records.as_ref()?;
    [
        (
            records.verification.is_some(),
            CustomerRequest::IdentityVerification,
        ),
        (
            records.invoice_answer.is_some(),
            CustomerRequest::InvoiceNumber,
        ),
    ]
    .into_iter()
    .find(|(first, request)| *first && !messages.iter().any(|e| e.request == *request))
    .map(|(_, request)| request)
}

/// What the agent has asked and looked up, per ticket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Inquiries {
    pub(crate) customer_seen: Vec<bool>,
    pub(crate) conversations: Vec<Vec<Exchange>>,
    /// Invoice ids looked up, in order.
    pub invoices_seen: Vec<String>,
    /// Knowledge-base searches made, as their queries (trimmed), in order.
    pub kb_searches: Vec<String>,
    /// Knowledge-base articles read, as their ids, in order.
    pub articles_read: Vec<String>,
}

impl Inquiries {
    /// No lookups yet on any of `tickets` tickets.
    pub fn new(tickets: usize) -> Inquiries {
        Inquiries {
            customer_seen: vec![false; tickets],
            conversations: vec![Vec::new(); tickets],
            invoices_seen: Vec::new(),
            kb_searches: Vec::new(),
            articles_read: Vec::new(),
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
        kb_search: None,
        article: None,
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
                kb_search: None,
                article: None,
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
            kb_search: None,
            article: None,
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
        CustomerRequest::IdentityVerification => {
            let email = &ticket.customer.account_email;
            match records.and_then(|r| r.verification) {
                Some(true) => format!(
                    "Done: I've clicked the verification link you sent to {email}."
                ),
                Some(false) => format!(
                    "I can't get into {email} at the moment: I'm away from the office until next week and can only reach this personal address. I'll confirm once I'm back."
                ),
                None if ticket.from == *email => format!(
                    "I'm already writing from the account email, {email}."
                ),
                None => "I'm not sure what you would like me to verify; my message says what I need."
                    .to_owned(),
            }
        }
        CustomerRequest::PaymentAttempt => match records.and_then(|r| r.payment.as_ref()) {
            Some(PaymentAnswer::TriedOnPage(day)) => format!(
                "I tried to pay it on your payment page on {} ({}), and the page rejected our card. The late fee was added after that.",
                day.iso(),
                day.weekday_name()
            ),
            Some(PaymentAnswer::DidNotTry(why)) => format!(
                "We didn't pay through your payment page: {why}. We paid as soon as we noticed."
            ),
            None => "My message isn't about paying an invoice, so I'm not sure what you mean."
                .to_owned(),
        },
    }
}

/// Whether the plan on record can change `case`'s priority (the plan rule
/// lifts a medium ticket).
fn plan_matters(case: Case) -> bool {
    base_priority(case) == super::action::Priority::Medium
}

/// Whether the account record holds an entry about this very ticket (a
/// call with a teammate the customer mentions).
pub fn called(ticket: &Ticket) -> bool {
    ticket
        .records
        .as_ref()
        .is_some_and(|r| r.earlier.iter().any(|e| e.ticket_id == ticket.id))
}

/// Whether policy section 7 sends a ticket to the status article: it is
/// about a sign-in failure or API errors.
pub fn about_incidents(ticket: &Ticket) -> bool {
    matches!(ticket.case, Case::SignIn { .. } | Case::ApiErrors { .. })
}

/// The search for `query` and then the reads of `titles` (those the
/// knowledge base holds) not made yet, as the next action: the policy
/// sends the case to the knowledge base even where no article names it.
fn kb_step(
    kb: &Kb,
    inquiries: &Inquiries,
    query: &str,
    titles: &[String],
) -> Option<SupportTriageAction> {
    let wanted: Vec<&str> = titles.iter().filter_map(|t| kb.id_of(t)).collect();
    if !inquiries.kb_searches.iter().any(|q| q == query) {
        return Some(SupportTriageAction {
            query: Some(query.to_owned()),
            ..SupportTriageAction::command(Command::SearchKb)
        });
    }
    let id = wanted
        .into_iter()
        .find(|id| !inquiries.articles_read.iter().any(|r| r == id))?;
    Some(SupportTriageAction {
        article_id: Some(id.to_owned()),
        ..SupportTriageAction::command(Command::ReadArticle)
    })
}

/// The articles a ruled case is decided by: the refund window's article
/// (the add-on's, else the currency's) and goodwill when the charge is
/// older than that window; a plan's fee article and, when the customer
/// tried the payment page, the payment-page incident's.
fn articles_for(kb: &Kb, ruled: &Ruled) -> (&'static str, Vec<String>) {
    match ruled {
        Ruled::Refund(f) => {
            let (window, rule) = kb.rules.refund_window(f.add_on, f.currency);
            let mut titles = match rule {
                RefundRule::Item => vec![kb::add_on_title(f.add_on)],
                RefundRule::Currency => vec![kb::currency_title(f.currency)],
                _ => Vec::new(),
            };
            if f.days_since_charge > window {
                titles.push(kb::GOODWILL_TITLE.to_owned());
            }
            ("refund", titles)
        }
        Ruled::Fee(f) => {
            let mut titles = Vec::new();
            if kb.rules.fee_plans.iter().any(|p| p.plan == f.plan) {
                titles.push(kb::plan_title(f.plan));
            }
            if f.attempt.is_some() {
                titles.push(kb::incident_title(&kb.rules.payment_incident.id));
            }
            ("late fee", titles)
        }
    }
}

/// The lookup, question or knowledge-base step the reference makes on
/// ticket `i` of `desk` before it decides it, when the desk holds one it
/// has not made yet. In the triage tasks: the status article before a
/// ticket about sign-in or the API, and the account where the plan rule
/// may apply to a ticket to handle or the customer mentions a call. In the
/// exception task: the account (the waiver history is there), the
/// customer for a refund's missing invoice, a verification or a payment
/// day, the invoice, then the articles that decide a refund or a fee.
pub fn next_inquiry(
    exceptions: bool,
    desk: &Desk,
    i: usize,
    inquiries: &Inquiries,
) -> Option<SupportTriageAction> {
    let ticket = desk.tickets.get(i)?;
    let records = ticket.records.as_ref()?;
    let id = ticket.id.as_str();
    let seen = inquiries.customer_seen.get(i).copied().unwrap_or(true);
    if !exceptions {
        if about_incidents(ticket)
            && let Some(kb) = &desk.kb
            && let Some(step) = kb_step(kb, inquiries, "status", &[kb::STATUS_TITLE.to_owned()])
        {
            return Some(step);
        }
        let handled = ticket.needs_nothing.is_none();
        if !seen && ((handled && plan_matters(ticket.case)) || called(ticket)) {
            return Some(SupportTriageAction::on(Command::LookupCustomer, id));
        }
        return None;
    }
    if !seen {
        return Some(SupportTriageAction::on(Command::LookupCustomer, id));
    }
    let ask = |request: CustomerRequest, message: String| SupportTriageAction {
        request: Some(request),
        message: Some(message),
        ..SupportTriageAction::on(Command::AskCustomer, id)
    };
    let first = &ticket.customer.first;
    if records.invoice_answer.is_some() && !inquiries.asked(i, CustomerRequest::InvoiceNumber) {
        return Some(ask(
            CustomerRequest::InvoiceNumber,
            format!(
                "Hi {first}, to look into this refund we need the invoice number of the charge (it starts with INV-). Could you send it?"
            ),
        ));
    }
    if records.verification.is_some() && !inquiries.asked(i, CustomerRequest::IdentityVerification)
    {
        return Some(ask(
            CustomerRequest::IdentityVerification,
            format!(
                "Hi {first}, to verify that this request comes from the account holder we have sent a link to the account email on file. Could you confirm once you have clicked it?"
            ),
        ));
    }
    if matches!(records.payment, Some(PaymentAnswer::TriedOnPage(_)))
        && !inquiries.asked(i, CustomerRequest::PaymentAttempt)
    {
        return Some(ask(
            CustomerRequest::PaymentAttempt,
            format!("Hi {first}, on which day did you try to pay the invoice on our payment page?"),
        ));
    }
    let known =
        records.invoice_in_body || matches!(records.invoice_answer, Some(InvoiceAnswer::Gives(_)));
    if let Some(invoice) = &records.invoice
        && known
        && !inquiries.invoices_seen.contains(&invoice.id)
    {
        return Some(SupportTriageAction {
            invoice_id: Some(invoice.id.clone()),
            ..SupportTriageAction::command(Command::LookupInvoice)
        });
    }
    let (Some(kb), Some(ruled)) = (&desk.kb, &records.ruled) else {
        return None;
    };
    let (topic, titles) = articles_for(kb, ruled);
    let query = match ruled {
        Ruled::Refund(f) => format!("{topic} {}", f.add_on),
        Ruled::Fee(_) => topic.to_owned(),
    };
    kb_step(kb, inquiries, &query, &titles)
}
