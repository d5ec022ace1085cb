//! The records desk of levels 4 and 5: what the opened ticket no longer
//! shows lives in records the agent looks up, and one fact may live only
//! with the customer, who has to be asked.
//!
//! - The account record (`lookup_customer`): plan, seats, billing currency
//!   and the account's earlier tickets with their outcomes; a late-fee
//!   waiver in the last 12 months is an earlier ticket whose outcome is
//!   `late fee waived` (a declined waiver is not one).
//! - The invoice record (`lookup_invoice`): the charge date, the amount in
//!   the account's currency, and its status; a charge the customer has
//!   disputed with their bank (a chargeback) is not the desk's to refund.
//! - The customer (`ask_customer`): a refund request that does not name its
//!   invoice is decided by what the customer answers when asked for it.
//! - Amounts in euros, pounds or Canadian dollars are held to the policy's
//!   US-dollar limits at the fixed rates of policy section 6, which convert
//!   whole units exactly, so no amount is decided by rounding.
//!
//! Everything here is drawn from its own RNG stream after the desk of the
//! level is drawn, so the rest of the desk is the one the level drew.

use schemars::JsonSchema;
use serde::Serialize;

pub use super::currency::Currency;
use super::policy::{
    Case, DUPLICATE_HIGH_CENTS, FEE_WAIVER_LIMIT_CENTS, PRORATED_REFUND_LIMIT_CENTS,
    REFUND_WINDOW_DAYS,
};
use crate::dates::Day;
use crate::rng::SeededRng;

/// Policy section 6, shown after sections 1 to 5 at levels 4 and 5.
pub const RECORDS_POLICY: &str = "\n\n6. Records and the customer (levels 4 and 5).
- An opened ticket shows the customer's name, company and account email only. The plan, the billing currency and the \
account's earlier tickets are in the account record (lookup_customer with the ticket_id). An invoice's charge date, amount \
and status are in the invoice record (lookup_invoice with the invoice_id). The rules of sections 2 and 4 read these records: \
the plan rule reads the plan on record; the refund window counts from the charge date on the invoice record; a waiver in \
the 12 months before the ticket is an earlier ticket on record, dated within those 12 months, whose outcome is \
\"late fee waived\" (a declined waiver is not a waiver).
- Amounts: the limits of sections 2 and 4 are in US dollars. Amounts in other currencies are converted at these fixed rates \
before they are compared: 1 EUR (€) = 1.10 USD, 1 GBP (£) = 1.25 USD, 1 CAD (CA$) = 0.75 USD.
- A refund of an invoice whose record shows a chargeback (the customer disputed the charge with their bank) is not the \
desk's to give, whatever its date: escalate_supervisor, and say our billing supervisor will review it; promise no refund.
- Annual invoices: an invoice record says whether the charge is monthly or annual. A refund of an annual invoice charged \
more than 30 days before the ticket arrived is pro-rated (for annual invoices this replaces the older-than-30-days rule of \
section 4; a chargeback still comes first). The 12-month term starts on the charge date, and a month of it is used once it has \
begun: the months begin on the charge date and on the same day of each later month, and every month beginning on or before the \
day the ticket arrived is used. The refund is the invoice amount times the unused months, divided by 12, in the invoice's \
currency. A refund of at most $300.00 (converted at the rates above) is the desk's: resolved, and the reply commits to \
refunding exactly that amount and states it in the invoice's currency; the only other amounts it may give are the invoice \
total, a month's share of it (a twelfth), the part used, the US-dollar value of any of these, and the $300.00 limit. The fixed \
rate of the invoice's currency above is a rate, not an amount: the reply may quote it (\"1 EUR = 1.10 USD\", \"at our fixed \
rate of 1.10\"); any other rate it writes counts as amounts. A larger one: escalate_supervisor, and say our billing supervisor will review it; \
promise no refund.
- A refund request that does not name its invoice: ask the customer for it first (ask_customer with request \
invoice_number). If they give one, handle the request by that invoice's record as if the ticket had named it. If they \
cannot, pending_customer, and the reply asks them to send the invoice number once they find it.
- A data-deletion request sent from another address than the account email: ask the customer to confirm their identity \
first (ask_customer with request identity_verification: we send a link to the account email on file, and they answer whether \
they clicked it). If they confirm, handle it as a request sent from the account email (section 4: escalate_supervisor, our \
privacy officer). If they cannot, pending_customer, and the reply asks them to verify from the account email, as section 4 says.
- ask_customer sends the customer a structured request and your message; they answer the request. Write the message as \
you would write to a customer: it is theirs to read.";

/// What an invoice record says about its charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvoiceStatus {
    /// Charged and settled.
    Paid,
    /// Disputed with the customer's bank on this day.
    Chargeback(Day),
}

/// One invoice of the account, as `lookup_invoice` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// The invoice number the customer and `lookup_invoice` use.
    pub id: String,
    /// What was charged for (the plan or an add-on).
    pub item: String,
    /// In the account's currency.
    pub local_cents: i64,
    /// The day the invoice was charged.
    pub charged: Day,
    /// Whether the charge stands or is disputed.
    pub status: InvoiceStatus,
    /// An annual plan's charge (a 12-month term from `charged`), whose
    /// late refund is pro-rated; otherwise a monthly charge.
    pub annual: bool,
}

/// `day` plus `months` calendar months; the records desk draws annual
/// charges on days 1 to 28, so the day of the month always exists.
fn plus_months(day: Day, months: u32) -> Option<Day> {
    let (year, month, dom) = day.civil();
    let index = i64::from(month - 1) + i64::from(months);
    let month = u32::try_from(index.rem_euclid(12)).ok()? + 1;
    Day::from_civil(year + index.div_euclid(12), month, dom)
}

/// The months of the 12-month term from `charged` that have begun on or
/// before `received` (policy section 6: a begun month is used).
pub fn months_used(charged: Day, received: Day) -> u32 {
    (0..12)
        .filter(|k| plus_months(charged, *k).is_some_and(|d| d <= received))
        .count() as u32
}

/// The pro-rated refund of an annual `invoice` asked for on `received`:
/// the unused months and the refund in the invoice's cents.
pub fn prorated_refund(invoice: &Invoice, received: Day) -> (u32, i64) {
    let unused = 12 - months_used(invoice.charged, received).min(12);
    (unused, invoice.local_cents * i64::from(unused) / 12)
}

/// An earlier ticket of the account, as the account record lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EarlierTicket {
    /// The earlier ticket's id.
    pub ticket_id: String,
    /// When it was received, `YYYY-MM-DD`.
    pub date: String,
    /// Its subject line.
    pub subject: String,
    /// How it ended.
    pub outcome: String,
}

/// What the customer answers when asked for the invoice number of a refund
/// their ticket does not name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvoiceAnswer {
    /// The invoice number the customer gives when asked.
    Gives(String),
    /// The customer cannot find the invoice number.
    CannotFind,
}

/// The records of one ticket's customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Records {
    /// The currency the account is billed in.
    pub currency: Currency,
    /// Earlier tickets of the account, oldest first.
    pub earlier: Vec<EarlierTicket>,
    /// The invoice the case is about, when it is a refund.
    pub invoice: Option<Invoice>,
    /// Whether the ticket body names the refund's invoice.
    pub invoice_in_body: bool,
    /// The customer's answer to `invoice_number`, for a refund whose body
    /// does not name it.
    pub invoice_answer: Option<InvoiceAnswer>,
    /// What the refunded item is called, for the customer's answers.
    pub item: String,
    /// What the customer answers to `payment_attempt` (a late-fee ticket
    /// of the knowledge-base desk; `None` elsewhere).
    pub payment: Option<PaymentAnswer>,
    /// What the customer answers to `identity_verification` (a deletion
    /// request sent from another address than the account email): whether
    /// they confirm through the link sent to the account email.
    pub verification: Option<bool>,
    /// The facts a refund or late-fee case of the knowledge-base desk is
    /// decided on (`super::kb`).
    pub ruled: Option<Ruled>,
}

/// What the customer of a late-fee ticket says of paying it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentAnswer {
    /// They tried to pay on our payment page on this day.
    TriedOnPage(Day),
    /// They did not use the payment page; why the invoice was paid late.
    DidNotTry(&'static str),
}

/// The facts of a case the knowledge base decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ruled {
    /// A refund that the knowledge base's windows and goodwill decide.
    Refund(super::kb::RefundFacts),
    /// A late-fee waiver that the plan articles and incidents decide.
    Fee(super::kb::FeeFacts),
}

/// Insert entries (date, subject, outcome, fixed ticket id) into the
/// earlier tickets of an account, newest first; entries without a fixed id
/// are numbered below every ticket of the desk, as [`earlier_tickets`]
/// numbers them.
pub fn insert_earlier(
    earlier: &mut Vec<EarlierTicket>,
    number: u32,
    entries: Vec<(Day, String, String, Option<String>)>,
) {
    let mut dated: Vec<(String, String, String, Option<String>)> = earlier
        .drain(..)
        .map(|e| (e.date, e.subject, e.outcome, None))
        .collect();
    dated.extend(
        entries
            .into_iter()
            .map(|(day, subject, outcome, id)| (day.iso(), subject, outcome, id)),
    );
    // Latest first.
    crate::order::sort_by(&mut dated, |a, b| a.0 > b.0);
    let mut k = 0u32;
    for (date, subject, outcome, id) in dated {
        let ticket_id = id.unwrap_or_else(|| {
            let id = format!("T-{}", number.saturating_sub(600 + 37 * k));
            k += 1;
            id
        });
        earlier.push(EarlierTicket {
            ticket_id,
            date,
            subject,
            outcome,
        });
    }
}

impl Records {
    /// Facts the records add to a ticket for a reader to get wrong: a
    /// converted amount, the waiver history, the invoice's date or status,
    /// a customer who must be asked. The noisy reference's measure.
    pub fn facts_at_stake(&self, case: Case) -> usize {
        let converted = self.currency != Currency::Usd
            && matches!(
                case,
                Case::DuplicateCharge { .. } | Case::FeeWaiver { .. } | Case::FeeRuled { .. }
            );
        let history = matches!(case, Case::FeeWaiver { .. } | Case::FeeRuled { .. });
        let invoice = self.invoice.is_some();
        let asked = self.invoice_answer.is_some();
        // A pro-rated refund: months to count, an amount to work out.
        let prorated = matches!(case, Case::RefundProrated { .. });
        // An article's window or limit, and the goodwill or incident rule
        // that may override it.
        let ruled = self.ruled.is_some();
        let answered = self.payment.is_some() || self.verification.is_some();
        [
            converted, history, invoice, asked, prorated, prorated, ruled, ruled, answered,
        ]
        .iter()
        .filter(|x| **x)
        .count()
    }
}

/// A refund the records desk draws from the level's refund case: the
/// invoice is named in the body or only known to the customer, and a
/// charge in the window may be under a chargeback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundDraw {
    pub(crate) in_body: bool,
    pub(crate) customer_knows: bool,
    pub(crate) chargeback: bool,
}

impl RefundDraw {
    fn of(in_body: bool, customer_knows: bool, chargeback: bool) -> RefundDraw {
        RefundDraw {
            in_body,
            customer_knows,
            chargeback,
        }
    }
}

/// How the records desk presents the refund `case` (the gold after any
/// conversation): a named invoice is in the body half of the time and
/// otherwise with the customer; half of the late refunds are charges in
/// the window under a chargeback instead. With `annual` quarters (the
/// exception task of levels 4 and 5), a refund in the window becomes a
/// late refund of an annual invoice the desk may pro-rate (resolved, as
/// before), and a late one that is no chargeback an annual invoice whose
/// pro-rated refund is over the limit (escalated, as before), so every
/// disposition keeps its share.
pub fn draw_refund(rng: &mut SeededRng, case: Case, annual: u32) -> (Case, RefundDraw) {
    let annual_odds = |rng: &mut SeededRng| annual > 0 && rng.chance(annual, 4);
    match case {
        Case::Refund {
            invoice_named: false,
            ..
        } => (case, RefundDraw::of(false, false, false)),
        Case::Refund {
            invoice_named: true,
            days_since_charge,
        } => {
            let in_body = rng.chance(1, 2);
            let late = days_since_charge > REFUND_WINDOW_DAYS;
            if late && rng.chance(1, 2) {
                (
                    Case::RefundChargeback {
                        days_since_charge: rng.range(3, REFUND_WINDOW_DAYS),
                    },
                    RefundDraw::of(in_body, true, true),
                )
            } else if annual_odds(rng) {
                (
                    Case::RefundProrated { over_limit: late },
                    RefundDraw::of(in_body, true, false),
                )
            } else {
                (case, RefundDraw::of(in_body, true, false))
            }
        }
        _ => (case, RefundDraw::of(true, true, false)),
    }
}

/// An annual invoice whose pro-rated refund, asked for on `received`, is
/// over the $300.00 limit or not: charged on a day 1 to 28 between 31
/// and 330 days before (on `edge`, on or the day after a month of the
/// term begins, where counting begun months is the work), for 12 equal
/// whole months, the refund within a few units of the limit on `edge`.
pub fn annual_invoice(
    rng: &mut SeededRng,
    received: Day,
    currency: Currency,
    over_limit: bool,
    edge: bool,
) -> (Day, i64) {
    let mut charged = received.plus(-rng.range(REFUND_WINDOW_DAYS + 1, 330));
    while charged.civil().2 > 28 {
        charged = charged.plus(-3);
    }
    if edge {
        // The next month of the term begins on the ticket's day (used) or
        // the day after (not yet): one day decides a month.
        let used = months_used(charged, received);
        if let Some(next) = plus_months(charged, used) {
            let moved = charged.plus(received.0 - next.0 + 1 - rng.range(0, 1));
            let lands = (1..12).any(|k| {
                plus_months(moved, k).is_some_and(|d| d.0 == received.0 || d.0 == received.0 + 1)
            });
            if lands
                && moved.civil().2 <= 28
                && received.0 - moved.0 > REFUND_WINDOW_DAYS
                && months_used(moved, received) < 12
            {
                charged = moved;
            }
        }
    }
    // At most 330 days: at least one month of the term is left.
    let unused = i64::from(12 - months_used(charged, received).min(11));
    // The most whole units a month that keep the refund within the limit.
    let limit_units = (1..)
        .take_while(|units: &i64| {
            currency.to_usd_cents(units * unused * 100) <= PRORATED_REFUND_LIMIT_CENTS
        })
        .last()
        .unwrap_or(1);
    let per_month = match (over_limit, edge) {
        (false, true) => (limit_units - rng.range(0, 3)).max(8),
        (false, false) => rng.range(8.min(limit_units), limit_units),
        (true, true) => limit_units + 1 + rng.range(0, 3),
        (true, false) => limit_units + rng.range(1, limit_units.max(20)),
    };
    (charged, 12 * per_month * 100)
}

/// The amount of a duplicate charge or late fee in a drawn currency, as
/// the case in US cents (what the policy compares) and the local cents the
/// ticket shows. Other cases keep their amounts, in dollars.
pub fn localize(
    rng: &mut SeededRng,
    case: Case,
    edge: bool,
    account: Option<Currency>,
) -> (Case, Currency, i64) {
    // A second ticket of an account is billed as the first.
    let currency = account.unwrap_or_else(|| *rng.pick(&Currency::ALL));
    let limit = match case {
        Case::DuplicateCharge { .. } => DUPLICATE_HIGH_CENTS,
        Case::FeeWaiver { .. } => FEE_WAIVER_LIMIT_CENTS,
        _ => return (case, currency, 0),
    };
    if currency == Currency::Usd {
        let cents = match case {
            Case::DuplicateCharge { cents } | Case::FeeWaiver { cents, .. } => cents,
            _ => 0,
        };
        return (case, currency, cents);
    }
    // The first whole unit on the high side: duplicate charges count from
    // the limit up (at least $200.00), fees over it (more than $50.00).
    let first_high = match case {
        Case::DuplicateCharge { .. } => currency.units_at_least(limit),
        _ => currency.units_at_least(limit + 1),
    };
    let high = match case {
        Case::DuplicateCharge { cents } => cents >= DUPLICATE_HIGH_CENTS,
        Case::FeeWaiver { cents, .. } => cents > FEE_WAIVER_LIMIT_CENTS,
        _ => false,
    };
    let spread = if edge { 4 } else { first_high / 2 };
    let units = if high {
        first_high + rng.range(0, spread)
    } else {
        (first_high - 1 - rng.range(0, spread)).max(1)
    };
    let local = units * 100;
    let usd = currency.to_usd_cents(local);
    let localized = match case {
        Case::DuplicateCharge { .. } => Case::DuplicateCharge { cents: usd },
        Case::FeeWaiver {
            waived_within_year, ..
        } => Case::FeeWaiver {
            cents: usd,
            waived_within_year,
        },
        other => other,
    };
    (localized, currency, local)
}

const EARLIER: &[(&str, &str)] = &[
    ("How do I export reports?", "answered"),
    ("Invoice correction", "corrected invoice sent"),
    ("Login problem", "resolved: password reset"),
    ("Feature request", "logged for the product team"),
];

/// The account's earlier tickets, newest first: the waiver on record (when
/// there is one) and noise, some of it a declined waiver inside the year.
pub fn earlier_tickets(
    rng: &mut SeededRng,
    received: Day,
    number: u32,
    last_fee_waiver: Option<Day>,
) -> Vec<EarlierTicket> {
    let mut dated: Vec<(Day, &str, String)> = Vec::new();
    if let Some(day) = last_fee_waiver {
        dated.push((day, "Late fee on invoice", "late fee waived".to_owned()));
    }
    if rng.chance(1, 2) {
        dated.push((
            received.plus(-rng.range(10, 300)),
            "Late fee on invoice",
            "late fee waiver declined".to_owned(),
        ));
    }
    for _ in 0..rng.range(0, 2) {
        let (subject, outcome) = *rng.pick(EARLIER);
        dated.push((
            received.plus(-rng.range(5, 700)),
            subject,
            outcome.to_owned(),
        ));
    }
    // Latest first.
    crate::order::sort_by(&mut dated, |a, b| a.0 > b.0);
    dated
        .into_iter()
        .enumerate()
        .map(|(k, (day, subject, outcome))| EarlierTicket {
            // Below every ticket of the desk (a desk spans under 600 numbers).
            ticket_id: format!("T-{}", number.saturating_sub(600 + 37 * k as u32)),
            date: day.iso(),
            subject: subject.to_owned(),
            outcome,
        })
        .collect()
}

/// The body of a refund request on the records desk: the invoice named or
/// not, never the date or the amount (they are on the invoice record).
pub fn refund_text(rng: &mut SeededRng, item: &str, invoice: Option<&str>, annual: bool) -> String {
    if annual {
        return match (invoice, rng.below(2)) {
            (Some(inv), 0) => format!(
                "We have moved to another tool and cancelled our {item}. Please refund what we paid on invoice {inv} for the time we won't use."
            ),
            (Some(inv), _) => format!(
                "Please refund invoice {inv}: we cancelled the {item} and no longer need it."
            ),
            (None, 0) => format!(
                "We have cancelled our {item}. Could you refund us for the part of it we won't use?"
            ),
            (None, _) => format!(
                "We no longer need the {item} and have cancelled it. We'd like our money back for it."
            ),
        };
    }
    match (invoice, rng.below(2)) {
        (Some(inv), 0) => format!(
            "I'd like a refund for invoice {inv}: it was for the {item}, which we never used."
        ),
        (Some(inv), _) => {
            format!("Please refund {inv}. We cancelled the {item} and don't want to pay for it.")
        }
        (None, 0) => format!("I want my money back for the {item} charge. We never used it."),
        (None, _) => format!(
            "Could you refund the charge for the {item}? We had cancelled it before it renewed."
        ),
    }
}

/// The invoice of a refund: charged `days` before `received`, in the
/// account's currency, under a chargeback opened after the charge when
/// `chargeback`.
pub fn refund_invoice(
    rng: &mut SeededRng,
    received: Day,
    days: i64,
    item: &str,
    chargeback: bool,
) -> Invoice {
    let charged = received.plus(-days);
    let status = if chargeback {
        InvoiceStatus::Chargeback(charged.plus(rng.range(1, days.max(2))))
    } else {
        InvoiceStatus::Paid
    };
    Invoice {
        id: format!("INV-{}", rng.range(10_000, 99_999)),
        item: item.to_owned(),
        local_cents: rng.range(19, 640) * 100,
        charged,
        status,
        annual: false,
    }
}
