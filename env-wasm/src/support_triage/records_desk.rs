//! The desk of levels 4 and 5: the records desk ([`super::records`]) with
//! the knowledge base ([`super::kb`]), drawn from streams of its own.
//!
//! - The exception task draws a *route* first (what decides the case:
//!   section 4's rule, an add-on's or a currency's refund window, goodwill,
//!   a plan's late-fee rule, the payment-page incident, the customer's
//!   answer to a verification), in shares that keep every label near
//!   uniform, then the facts that decide it, often one day or one unit
//!   from the rule's limit, and the knowledge base those facts need. The
//!   gold is then computed from the facts by the articles' rules
//!   ([`kb::decide_refund`], [`kb::decide_fee`]), never taken from the
//!   route: a route the facts do not decide as meant fails a debug check.
//! - The triage tasks add tickets that need nothing (policy section 8: an
//!   automatic reply, a copy of an earlier ticket, a problem the customer
//!   says is solved, one a teammate settled on the phone, an open
//!   incident's) and their near misses (a second ticket of the same
//!   customer about another problem, a call that settled nothing, a solved
//!   problem with a new question, an incident's endpoint with occasional
//!   errors, a closed incident's failure). The queue's step limit leaves
//!   the lookups and the two knowledge-base steps the rules need.

use super::action::Priority;
use super::desk::{self, Customer, DISTRACTORS, Desk, Level, Nothing, Ticket, money, odds};
use super::kb::{self, Failure, FeeFacts, FeePlan, Incident, Needs, RefundFacts};
use super::names::{ADD_ONS, ENDPOINTS, FIRST_NAMES, LAST_NAMES, SIGN_IN_ERRORS};
use super::policy::{Case, FeeRule, Plan, RefundRule, base_priority};
use super::records::{self, Currency, InvoiceAnswer, PaymentAnswer, Records, RefundDraw, Ruled};
use super::tasks::Task;
use crate::dates::{Day, clock};
use crate::rng::SeededRng;

/// A case as the records desk draws it: in the account's currency, and a
/// refund's invoice in the body or with the customer.
pub(super) struct Dressed {
    case: Case,
    currency: Currency,
    local_cents: i64,
    refund: RefundDraw,
    /// Amounts and dates at a rule's limit.
    edge: bool,
    /// The add-on a refund is for (drawn when `None`).
    add_on: Option<&'static str>,
}

fn plain_refund_draw(in_body: bool) -> RefundDraw {
    RefundDraw {
        in_body,
        customer_knows: true,
        chargeback: false,
    }
}

/// The records dressing of a routine ticket (or the exception task's
/// security and legal cases): the level's currency draw and refunds.
fn records_dress(
    rng: &mut SeededRng,
    level: &Level,
    case: Case,
    account: Option<Currency>,
) -> Dressed {
    let edge = odds(rng, level.amount_edge);
    let (case, currency, local_cents) = records::localize(rng, case, edge, account);
    let (case, refund) = records::draw_refund(rng, case, 0);
    Dressed {
        case,
        currency,
        local_cents,
        refund,
        edge,
        add_on: None,
    }
}

/// Writes the records of `ticket` (number `number`) and the body's
/// amounts and refund request as the records desk shows them.
fn records_apply(rng: &mut SeededRng, ticket: &mut Ticket, number: u32, dressed: Dressed) {
    let Dressed {
        case,
        currency,
        local_cents,
        refund,
        edge,
        add_on,
    } = dressed;
    if let Case::DuplicateCharge { cents } | Case::FeeWaiver { cents, .. } = case {
        ticket.body = ticket
            .body
            .replace(&money(cents), &currency.money(local_cents));
    }
    let annual = matches!(case, Case::RefundProrated { .. });
    let item = if annual {
        // A customer now on Free cancelled a paid annual plan.
        let plan = match ticket.customer.plan {
            Plan::Free => Plan::Starter,
            plan => plan,
        };
        format!("annual {} plan subscription", plan.name())
    } else {
        add_on.unwrap_or_else(|| *rng.pick(ADD_ONS)).to_owned()
    };
    let mut invoice = None;
    let mut invoice_answer = None;
    let days = match case {
        Case::Refund {
            days_since_charge, ..
        }
        | Case::RefundChargeback { days_since_charge } => Some(days_since_charge),
        Case::RefundProrated { .. } => Some(0),
        _ => None,
    };
    if let Some(days) = days {
        let named = !matches!(
            case,
            Case::Refund {
                invoice_named: false,
                ..
            }
        );
        let drawn = named.then(|| {
            let mut invoice =
                records::refund_invoice(rng, ticket.received, days, &item, refund.chargeback);
            if let Case::RefundProrated { over_limit } = case {
                let (charged, cents) =
                    records::annual_invoice(rng, ticket.received, currency, over_limit, edge);
                invoice.charged = charged;
                invoice.local_cents = cents;
                invoice.annual = true;
            }
            invoice
        });
        let shown = drawn
            .as_ref()
            .filter(|_| refund.in_body)
            .map(|i| i.id.clone());
        let request = records::refund_text(rng, &item, shown.as_deref(), annual);
        set_request(ticket, &request, true);
        if !refund.in_body {
            invoice_answer = Some(match &drawn {
                Some(i) if refund.customer_knows => InvoiceAnswer::Gives(i.id.clone()),
                _ => InvoiceAnswer::CannotFind,
            });
        }
        invoice = drawn;
    }
    ticket.records = Some(Records {
        currency,
        earlier: records::earlier_tickets(
            rng,
            ticket.received,
            number,
            ticket.customer.last_fee_waiver,
        ),
        invoice,
        invoice_in_body: refund.in_body,
        invoice_answer,
        item,
        payment: None,
        verification: None,
        ruled: None,
    });
}

/// The body's request paragraph replaced by `request`; the body's
/// paragraphs are greeting, request and distractors, sign-off. The
/// distractors stay when `keep_distractors`.
fn set_request(ticket: &mut Ticket, request: &str, keep_distractors: bool) {
    let parts: Vec<&str> = ticket.body.splitn(3, "\n\n").collect();
    if let [head, middle, tail] = parts[..] {
        let distractors = if keep_distractors {
            distractor_tail(middle)
        } else {
            String::new()
        };
        ticket.body = format!("{head}\n\n{request}{distractors}\n\n{tail}");
    }
}

/// The body's request paragraph without its distractor sentences.
fn request_of(ticket: &Ticket) -> String {
    let middle = ticket.body.split("\n\n").nth(1).unwrap_or("");
    let mut text = middle.to_owned();
    for d in DISTRACTORS {
        text = text.replace(&format!(" {d}"), "");
    }
    text
}

/// The distractor sentences at the end of a body paragraph.
fn distractor_tail(paragraph: &str) -> String {
    DISTRACTORS
        .iter()
        .filter(|d| paragraph.contains(*d))
        .map(|d| format!(" {d}"))
        .collect()
}

/// The draws of one desk and what stays fixed while it is drawn.
struct Draw<'a> {
    rng: &'a mut SeededRng,
    records: &'a mut SeededRng,
    kb: &'a mut SeededRng,
    level: &'static Level,
    vendor: &'static str,
    received: Day,
}

impl Draw<'_> {
    fn write(
        &mut self,
        number: u32,
        minute: u32,
        customer: Customer,
        case: Case,
        cover: Option<Case>,
    ) -> Ticket {
        desk::write_ticket(
            self.rng,
            self.level,
            self.vendor,
            format!("T-{number}"),
            self.received,
            minute,
            customer,
            (case, cover),
        )
    }
}

/// The desk of `task` at a records level, after the shared first draws.
#[allow(
    clippy::too_many_arguments,
    reason = "the shared first draws come in as they were drawn, one argument each"
)]
pub(super) fn generate(
    task: Task,
    level: &'static Level,
    seed: u64,
    mut rng: SeededRng,
    vendor: &'static str,
    count: usize,
    received: Day,
    (mut minute, mut number): (u32, u32),
) -> Desk {
    let mut records_rng = SeededRng::new(seed, desk::stream(task) ^ 0x00AA_0000);
    let mut kb_rng = SeededRng::new(seed, desk::stream(task) ^ 0x00BB_0000);
    let hard = task == Task::Hard;
    let mut needs = Needs::default();
    if !hard {
        // One or two open incidents and a closed one, before the tickets
        // that report them.
        for _ in 0..kb_rng.range(1, 2) {
            let incident = kb::draw_incident(&mut kb_rng, received, &needs.incidents, false);
            needs.incidents.push(incident);
        }
        let closed = kb::draw_incident(&mut kb_rng, received, &needs.incidents, true);
        needs.incidents.push(closed);
    }
    let allowance = level.records.unwrap_or(0);
    let mut tickets: Vec<Ticket> = Vec::with_capacity(count);
    let mut intents: Vec<Option<Intent>> = Vec::with_capacity(count);
    let mut lookups = 0;
    for _ in 0..count {
        let mut draw = Draw {
            rng: &mut rng,
            records: &mut records_rng,
            kb: &mut kb_rng,
            level,
            vendor,
            received,
        };
        let (ticket, intent) = if hard {
            exception_ticket(&mut draw, (number, minute), &mut needs)
        } else {
            let queue = Queue {
                incidents: &needs.incidents,
                allowance,
                pairs: task == Task::Medium,
            };
            let ticket = queue_ticket(
                &mut draw,
                (number, minute),
                &mut tickets,
                &queue,
                &mut lookups,
            );
            (ticket, None)
        };
        tickets.push(ticket);
        intents.push(intent);
        number += rng.range(1, 40) as u32;
        minute += rng.range(5, 50) as u32;
    }
    let kb = kb::draw(&mut kb_rng, needs, received);
    for (ticket, intent) in tickets.iter_mut().zip(intents) {
        settle(ticket, &kb.rules, intent);
    }
    Desk {
        vendor,
        tickets,
        kb: Some(kb),
    }
}

/// What a route meant a ruled case to be decided as.
type Intent = (bool, u8);

fn refund_code(rule: RefundRule) -> u8 {
    rule as u8
}

fn fee_code(rule: FeeRule) -> u8 {
    10 + rule as u8
}

/// The case of a ruled ticket, decided from its facts by the articles'
/// rules (and checked against what its route meant, in debug builds).
fn settle(ticket: &mut Ticket, rules: &kb::Rules, intent: Option<Intent>) {
    let Some(ruled) = ticket.records.as_ref().and_then(|r| r.ruled) else {
        return;
    };
    let (resolved, code, case) = match ruled {
        Ruled::Refund(facts) => {
            let (resolved, rule) = kb::decide_refund(rules, &facts);
            (
                resolved,
                refund_code(rule),
                Case::RefundRuled { resolved, rule },
            )
        }
        Ruled::Fee(facts) => {
            let (resolved, rule) = kb::decide_fee(rules, &facts);
            (resolved, fee_code(rule), Case::FeeRuled { resolved, rule })
        }
    };
    debug_assert!(
        intent.is_none_or(|i| i == (resolved, code)),
        "{} meant {intent:?}, decided {:?}",
        ticket.id,
        (resolved, code)
    );
    ticket.case = case;
}

// ---------------------------------------------------------------------
// The exception task.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Route {
    Refund {
        resolved: bool,
        rule: RefundRule,
    },
    Chargeback,
    Prorated {
        over_limit: bool,
    },
    MissingInvoice,
    /// `page`: the customer tried to pay on our payment page (on the
    /// incident's days when `rule` is the incident's, else outside them).
    Fee {
        resolved: bool,
        rule: FeeRule,
        page: bool,
    },
    Deletion {
        from_account: bool,
        confirms: bool,
    },
    Legal,
    Security,
}

/// One draw out of 96: under a third resolved, a little over a quarter
/// pending and the rest escalated, few of them billing escalations and no
/// pending kind common enough for one canned request or escalation with
/// constant labels to pay (`tests/support_triage_exploits.rs`), and with
/// `level.ruled` quarters odds a refund or fee decided by an article
/// rather than section 4.
fn draw_route(rng: &mut SeededRng, level: &Level) -> Route {
    let ruled = |rng: &mut SeededRng| odds(rng, level.ruled);
    use FeeRule as F;
    use RefundRule as R;
    match rng.below(96) {
        // Resolved: 30.
        0..13 => Route::Refund {
            resolved: true,
            rule: if ruled(rng) {
                *rng.pick(&[R::Goodwill, R::Goodwill, R::Item, R::Currency])
            } else {
                R::Policy
            },
        },
        13..19 => Route::Prorated { over_limit: false },
        19..30 => {
            let rule = if ruled(rng) {
                *rng.pick(&[F::Incident, F::Plan])
            } else {
                F::Policy
            };
            Route::Fee {
                resolved: true,
                rule,
                page: rule == F::Incident || rng.chance(1, 4),
            }
        }
        // Pending: 27.
        30..42 => Route::MissingInvoice,
        42..57 => Route::Deletion {
            from_account: false,
            confirms: false,
        },
        // Escalated: 39, 9 of them by the billing supervisor.
        57..62 => Route::Refund {
            resolved: false,
            rule: if ruled(rng) {
                *rng.pick(&[R::Item, R::Currency, R::Item, R::Policy])
            } else {
                R::Policy
            },
        },
        62 => Route::Chargeback,
        63 => Route::Prorated { over_limit: true },
        64..66 => {
            let article = ruled(rng);
            let page = article && rng.chance(1, 2);
            Route::Fee {
                resolved: false,
                rule: if article && !page { F::Plan } else { F::Policy },
                page,
            }
        }
        66..68 => Route::Deletion {
            from_account: true,
            confirms: false,
        },
        68..76 => Route::Deletion {
            from_account: false,
            confirms: true,
        },
        76..85 => Route::Legal,
        _ => Route::Security,
    }
}

/// The largest whole number of `currency` units worth at most `usd_cents`.
fn units_at_most(currency: Currency, usd_cents: i64) -> i64 {
    let mut units = (usd_cents / 100).max(1) * 2;
    while units > 1 && currency.to_usd_cents(units * 100) > usd_cents {
        units -= 1;
    }
    units
}

/// Whole units of `currency` worth more than `above` and at most
/// `at_most` US cents, near one end on `edge` (`high`: near `at_most`).
fn units_between(
    rng: &mut SeededRng,
    currency: Currency,
    (above, at_most): (i64, i64),
    edge: Option<bool>,
) -> i64 {
    let low = units_at_most(currency, above) + 1;
    let high = units_at_most(currency, at_most).max(low);
    match edge {
        Some(true) => rng.range((high - 2).max(low), high),
        Some(false) => rng.range(low, (low + 2).min(high)),
        None => rng.range(low, high),
    }
}

/// A "customer since" day `years` full years before `received` or not
/// (`holds`), its anniversary within a few days of `received` on `edge`.
fn since_for(rng: &mut SeededRng, received: Day, years: u32, holds: bool, edge: bool) -> Day {
    let year = 365 * i64::from(years);
    let near = if edge {
        rng.range(0, 2)
    } else {
        rng.range(15, 300)
    };
    let mut since = if holds {
        received.plus(-year - near)
    } else {
        received.plus(-year + near)
    };
    // Nudge across the anniversary, away from 29 February.
    for _ in 0..8 {
        let leap_day = matches!(since.civil(), (_, 2, 29));
        if kb::full_years(since, received, years) == holds && !leap_day {
            break;
        }
        since = since.plus(if holds { -1 } else { 1 });
    }
    since
}

/// A day in the `months` months before `received` (`inside`) or just
/// before them, at least `margin` days from the boundary.
fn dated_around(rng: &mut SeededRng, received: Day, months: u32, inside: bool, edge: bool) -> Day {
    let boundary = kb::months_before(received, months);
    let near = if edge {
        rng.range(2, 4)
    } else {
        rng.range(10, 120)
    };
    if inside {
        boundary.plus(near).min(received.plus(-5))
    } else {
        boundary.plus(-near)
    }
}

/// The goodwill conditions that can fail, for a route whose goodwill
/// must not hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Miss {
    Tenure,
    Amount,
    Days,
    History,
}

/// The facts of a refund route: the add-on, days since the charge, the
/// invoice's units, "customer since" and the last goodwill refund, with
/// what the knowledge base must (not) hold for them.
struct RefundPlan {
    add_on: &'static str,
    days: i64,
    units: i64,
    since: Option<Day>,
    last_goodwill: Option<Day>,
}

fn plan_refund(
    rng: &mut SeededRng,
    level: &Level,
    (resolved, rule): (bool, RefundRule),
    currency: Currency,
    received: Day,
    needs: &mut Needs,
) -> RefundPlan {
    use RefundRule as R;
    let add_on = *rng.pick(ADD_ONS);
    let goodwill = *needs.goodwill.get_or_insert_with(|| kb::draw_goodwill(rng));
    let edge = odds(rng, level.date_edge);
    let amount_edge = odds(rng, level.amount_edge);
    // The window the route decides by, and whether goodwill must hold
    // (`None`: the charge is in its window, goodwill does not matter).
    let (days, must): (i64, Option<bool>) = match (rule, resolved) {
        (R::Policy, true) => {
            needs.add_ons_without.push(add_on);
            without_currency(needs, currency);
            (
                if edge {
                    rng.range(27, 30)
                } else {
                    rng.range(2, 30)
                },
                None,
            )
        }
        (R::Item, _) => {
            let window = kb::draw_window(rng, resolved);
            needs.add_on_windows.push((add_on, window));
            // Half the time the currency has an article that would decide
            // otherwise: the add-on's comes first.
            if currency != Currency::Usd && rng.chance(1, 2) {
                needs
                    .currency_windows
                    .push((currency, kb::draw_window(rng, !resolved)));
            }
            (
                window_days(rng, window, resolved, edge),
                (!resolved).then_some(false),
            )
        }
        (R::Currency, _) => {
            let window = kb::draw_window(rng, resolved);
            needs.add_ons_without.push(add_on);
            needs.currency_windows.push((currency, window));
            (
                window_days(rng, window, resolved, edge),
                (!resolved).then_some(false),
            )
        }
        (R::Policy, false) | (R::Goodwill, _) => {
            needs.add_ons_without.push(add_on);
            without_currency(needs, currency);
            (0, Some(rule == R::Goodwill))
        }
    };
    let limit = units_at_most(currency, goodwill.max_usd_cents);
    let mut plan = RefundPlan {
        add_on,
        days,
        units: rng.range(19, 640),
        since: None,
        last_goodwill: None,
    };
    let Some(holds) = must else {
        return plan;
    };
    // Goodwill can fail by the charge's age only where the window is
    // section 4's (an article's shorter window leaves the charge young).
    let miss = (!holds).then(|| {
        let mut misses = vec![Miss::Tenure, Miss::Amount, Miss::History];
        if days == 0 {
            misses.push(Miss::Days);
        }
        *rng.pick(&misses)
    });
    if days == 0 {
        plan.days = if miss == Some(Miss::Days) {
            goodwill.max_days
                + if edge {
                    rng.range(1, 2)
                } else {
                    rng.range(1, 40)
                }
        } else if edge {
            goodwill.max_days - rng.range(0, 1)
        } else {
            rng.range(REFUND_LATE_FROM, goodwill.max_days)
        };
    }
    plan.since = Some(since_for(
        rng,
        received,
        goodwill.years,
        miss != Some(Miss::Tenure),
        edge,
    ));
    plan.units = if miss == Some(Miss::Amount) {
        limit
            + if amount_edge {
                rng.range(1, 2)
            } else {
                rng.range(1, 300)
            }
    } else if amount_edge {
        (limit - rng.range(0, 2)).max(1)
    } else {
        rng.range(19.min(limit), limit)
    };
    plan.last_goodwill = if miss == Some(Miss::History) {
        Some(dated_around(rng, received, 12, true, edge))
    } else if rng.chance(1, 2) {
        Some(dated_around(rng, received, 12, false, edge))
    } else {
        None
    };
    plan
}

/// The first day past section 4's window.
const REFUND_LATE_FROM: i64 = super::policy::REFUND_WINDOW_DAYS + 1;

fn without_currency(needs: &mut Needs, currency: Currency) {
    if currency != Currency::Usd {
        needs.currencies_without.push(currency);
    }
}

/// Days since the charge that an article's `window` decides as
/// `resolved`, where section 4's 30 days would decide otherwise (near
/// the window's end on `edge`).
fn window_days(rng: &mut SeededRng, window: i64, resolved: bool, edge: bool) -> i64 {
    let (low, high) = if resolved {
        // A longer window: past 30 days, within it.
        (REFUND_LATE_FROM, window)
    } else {
        // A shorter one: past it, within 30 days.
        (window + 1, REFUND_LATE_FROM - 1)
    };
    match (edge, resolved) {
        (true, true) => rng.range(high - 2, high),
        (true, false) => rng.range(low, low + 1),
        _ => rng.range(low, high),
    }
}

/// The facts of a late-fee route.
struct FeePlanDraw {
    units: i64,
    last_waiver: Option<Day>,
    attempt: Option<Day>,
}

fn plan_fee(
    rng: &mut SeededRng,
    level: &Level,
    (resolved, rule, page): (bool, FeeRule, bool),
    (currency, plan): (Currency, Plan),
    received: Day,
    needs: &mut Needs,
) -> FeePlanDraw {
    let edge = odds(rng, level.amount_edge);
    let date_edge = odds(rng, level.date_edge);
    let incident = needs
        .payment_incident
        .get_or_insert_with(|| {
            let last = received.plus(-rng.range(8, 40));
            kb::PaymentIncident {
                id: kb::incident_id(rng),
                first: last.plus(-rng.range(1, 3)),
                last,
            }
        })
        .clone();
    let policy = FeePlan {
        plan,
        limit_usd_cents: super::policy::FEE_WAIVER_LIMIT_CENTS,
        cooldown_months: 12,
    };
    // The rule the fee is held to apart from the incident, and whether it
    // allows the waiver.
    let (held, allows) = match rule {
        FeeRule::Incident => {
            needs.plans_without.push(plan);
            // Mostly a fee section 4 would refuse: the incident decides.
            (policy, rng.chance(1, 3))
        }
        FeeRule::Policy => {
            needs.plans_without.push(plan);
            (policy, resolved)
        }
        FeeRule::Plan => {
            let mut article = kb::draw_fee_plan(rng, plan);
            // An article that decides otherwise than section 4 would.
            let by_limit = rng.chance(1, 2);
            if by_limit {
                article.limit_usd_cents = if resolved {
                    *rng.pick(&[7_500, 10_000, 15_000])
                } else {
                    2_500
                };
            } else {
                article.cooldown_months = if resolved { 6 } else { 24 };
            }
            needs.fee_plans.push(article);
            (article, resolved)
        }
    };
    // Amount and waiver history under `held`, allowing or not; where the
    // article changes the limit the amount lies between the two limits,
    // where it changes the cooldown the waiver lies between them.
    let limit = held.limit_usd_cents;
    let base = super::policy::FEE_WAIVER_LIMIT_CENTS;
    let cooldown_flip = held.cooldown_months != 12;
    let limit_flip = limit != base;
    let (range, waiver) = if allows {
        let range = if limit_flip && limit > base {
            (base, limit)
        } else {
            (1_000, limit)
        };
        let waiver = if cooldown_flip && held.cooldown_months < 12 {
            // Older than the plan's 6 months, within section 4's 12.
            Some(between_months(rng, received, (6, 12)))
        } else if rng.chance(1, 2) {
            Some(dated_around(
                rng,
                received,
                held.cooldown_months,
                false,
                date_edge,
            ))
        } else {
            None
        };
        (range, waiver)
    } else if limit_flip && limit < base {
        ((limit, base), None)
    } else if cooldown_flip && held.cooldown_months > 12 {
        (
            (1_000, limit.min(base)),
            Some(between_months(rng, received, (12, 24))),
        )
    } else if rng.chance(1, 2) {
        ((limit, limit + 10_000), None)
    } else {
        (
            (1_000, limit),
            Some(dated_around(
                rng,
                received,
                held.cooldown_months,
                true,
                date_edge,
            )),
        )
    };
    let units = units_between(rng, currency, range, edge.then_some(allows));
    let attempt = page.then(|| {
        if rule == FeeRule::Incident {
            if date_edge {
                *rng.pick(&[incident.first, incident.last])
            } else {
                let span = incident.last.0 - incident.first.0;
                incident.first.plus(rng.range(0, span))
            }
        } else {
            let off = if date_edge { 1 } else { rng.range(1, 4) };
            if rng.chance(1, 2) {
                incident.first.plus(-off)
            } else {
                incident.last.plus(off)
            }
        }
    });
    FeePlanDraw {
        units,
        last_waiver: waiver,
        attempt,
    }
}

/// A day older than `months.0` months before `received` and within
/// `months.1` months, at least three days from both boundaries.
fn between_months(rng: &mut SeededRng, received: Day, (newer, older): (u32, u32)) -> Day {
    let young = kb::months_before(received, newer).plus(-3);
    let old = kb::months_before(received, older).plus(3);
    Day(rng.range(old.0, young.0))
}

/// What the exception ticket of a route is written as, and its dressing.
fn exception_ticket(
    d: &mut Draw,
    (number, minute): (u32, u32),
    needs: &mut Needs,
) -> (Ticket, Option<Intent>) {
    let level = d.level;
    let received = d.received;
    let plan = *d.rng.pick(&Plan::ALL);
    let route = draw_route(d.kb, level);
    let currency = match route {
        Route::Refund {
            rule: RefundRule::Currency,
            ..
        } => *d.kb.pick(&[Currency::Eur, Currency::Gbp, Currency::Cad]),
        _ => *d.kb.pick(&Currency::ALL),
    };
    let in_body = d.kb.chance(1, 2);
    let plain = |case: Case| Dressed {
        case,
        currency,
        local_cents: 0,
        refund: plain_refund_draw(true),
        edge: false,
        add_on: None,
    };
    let mut intent = None;
    let mut refund_plan = None;
    let mut fee_plan = None;
    let dressed = match route {
        Route::Refund { resolved, rule } => {
            let p = plan_refund(d.kb, level, (resolved, rule), currency, received, needs);
            intent = Some((resolved, refund_code(rule)));
            let dressed = Dressed {
                case: Case::Refund {
                    invoice_named: true,
                    days_since_charge: p.days,
                },
                refund: plain_refund_draw(in_body),
                add_on: Some(p.add_on),
                ..plain(Case::Legal)
            };
            refund_plan = Some(p);
            dressed
        }
        Route::Chargeback => Dressed {
            case: Case::RefundChargeback {
                days_since_charge: d.kb.range(3, 30),
            },
            refund: RefundDraw {
                chargeback: true,
                ..plain_refund_draw(in_body)
            },
            ..plain(Case::Legal)
        },
        Route::Prorated { over_limit } => Dressed {
            case: Case::RefundProrated { over_limit },
            refund: plain_refund_draw(in_body),
            edge: odds(d.kb, level.amount_edge),
            ..plain(Case::Legal)
        },
        Route::MissingInvoice => Dressed {
            case: Case::Refund {
                invoice_named: false,
                days_since_charge: d.kb.range(2, 80),
            },
            refund: RefundDraw {
                in_body: false,
                customer_knows: false,
                chargeback: false,
            },
            ..plain(Case::Legal)
        },
        Route::Fee {
            resolved,
            rule,
            page,
        } => {
            let p = plan_fee(
                d.kb,
                level,
                (resolved, rule, page),
                (currency, plan),
                received,
                needs,
            );
            intent = Some((resolved, fee_code(rule)));
            let dressed = Dressed {
                case: Case::FeeWaiver {
                    cents: currency.to_usd_cents(p.units * 100),
                    waived_within_year: false,
                },
                local_cents: p.units * 100,
                ..plain(Case::Legal)
            };
            fee_plan = Some(p);
            dressed
        }
        Route::Deletion { from_account, .. } => plain(Case::Deletion {
            verified: from_account,
        }),
        Route::Legal => plain(Case::Legal),
        Route::Security => plain(Case::Security {
            leaked_key: d.kb.chance(1, 2),
        }),
    };
    let write_case = dressed.case;
    let cover = match write_case {
        Case::Legal | Case::Security { .. } if odds(d.rng, level.cover) => {
            Some(desk::billing_medium(d.rng, level))
        }
        _ => None,
    };
    let mut customer = desk::customer(d.rng, plan, received, write_case, &[]);
    if let Some(p) = &fee_plan {
        customer.last_fee_waiver = p.last_waiver;
    }
    if let Some(since) = refund_plan.as_ref().and_then(|p| p.since) {
        customer.since = since;
    }
    let mut ticket = d.write(number, minute, customer, write_case, cover);
    records_apply(d.records, &mut ticket, number, dressed);
    if let (Route::Fee { page: true, .. }, Some(p)) = (route, &fee_plan) {
        let invoice = first_invoice_id(&ticket.body).unwrap_or_default();
        let fee = currency.money(p.units * 100);
        let text = if d.kb.chance(1, 2) {
            format!(
                "We tried to pay invoice {invoice} on your payment page, but it kept rejecting our card, and now a late fee of {fee} has been added. Could you remove it?"
            )
        } else {
            format!(
                "Your payment page would not take our card when we paid {invoice}, so it went through late and we were charged a late fee of {fee}. Can you take the fee off?"
            )
        };
        set_request(&mut ticket, &text, true);
    }
    let expired = ticket.body.contains("card expired");
    let Some(records) = ticket.records.as_mut() else {
        return (ticket, intent);
    };
    match route {
        Route::Refund { .. } => {
            if let (Some(p), Some(invoice)) = (&refund_plan, records.invoice.as_mut()) {
                invoice.local_cents = p.units * 100;
                let mut entries = Vec::new();
                if let Some(day) = p.last_goodwill {
                    entries.push((
                        day,
                        "Refund request".to_owned(),
                        GOODWILL_GIVEN.to_owned(),
                        None,
                    ));
                }
                // A refund in its window is no goodwill refund.
                if d.kb.chance(1, 3) {
                    entries.push((
                        received.plus(-d.kb.range(20, 300)),
                        "Refund request".to_owned(),
                        "refunded: charge within the refund window".to_owned(),
                        None,
                    ));
                }
                records::insert_earlier(&mut records.earlier, number, entries);
                records.ruled = Some(Ruled::Refund(RefundFacts {
                    add_on: p.add_on,
                    currency,
                    local_cents: p.units * 100,
                    days_since_charge: p.days,
                    customer_since: ticket.customer.since,
                    received,
                    last_goodwill: p.last_goodwill,
                }));
            }
        }
        Route::Fee { .. } => {
            if let Some(p) = &fee_plan {
                records.payment = Some(match p.attempt {
                    Some(day) => PaymentAnswer::TriedOnPage(day),
                    None if expired => PaymentAnswer::DidNotTry(
                        "our card had expired, so the payment failed until we updated it",
                    ),
                    None => {
                        PaymentAnswer::DidNotTry("our bank's holiday schedule held up the transfer")
                    }
                });
                records.ruled = Some(Ruled::Fee(FeeFacts {
                    usd_cents: currency.to_usd_cents(p.units * 100),
                    plan,
                    last_waiver: p.last_waiver,
                    received,
                    attempt: p.attempt,
                }));
            }
        }
        Route::Deletion {
            from_account: false,
            confirms,
        } => {
            records.verification = Some(confirms);
            if confirms {
                // They can still reach the account email: no sentence
                // saying they no longer use it.
                ticket.body = ticket.body.replace(
                    " I'm writing from my personal address because I no longer use my work mailbox.",
                    "",
                );
                ticket.case = Case::Deletion { verified: true };
            }
        }
        _ => {}
    }
    let tenure_ruled = refund_plan.as_ref().is_some_and(|p| p.since.is_some());
    history_after_since(&mut ticket, tenure_ruled);
    (ticket, intent)
}

/// The outcome of an earlier ticket that gave a goodwill refund.
const GOODWILL_GIVEN: &str = "goodwill refund given";

/// The most whole years "customer since" is moved back to precede the
/// account's history.
const SINCE_YEARS_BACK: usize = 8;

/// Keep the account's record possible: nothing in its history (earlier
/// tickets, the last fee waiver) dated before "customer since". Where the
/// day is free, it moves back by whole years until it precedes them all;
/// where a goodwill article rules on the tenure (`tenure_ruled`), it stays,
/// and what predates it (background tickets, a fee waiver no rule of the
/// case reads) is left out of the record.
fn history_after_since(ticket: &mut Ticket, tenure_ruled: bool) {
    let Some(records) = ticket.records.as_mut() else {
        return;
    };
    let customer = &mut ticket.customer;
    if tenure_ruled {
        let since = customer.since.iso();
        // A goodwill refund on record is a fact the article rules on.
        records
            .earlier
            .retain(|e| e.date >= since || e.outcome == GOODWILL_GIVEN);
        if customer.last_fee_waiver.is_some_and(|w| w.iso() < since) {
            customer.last_fee_waiver = None;
        }
        return;
    }
    let earliest = records
        .earlier
        .iter()
        .map(|e| e.date.clone())
        .chain(customer.last_fee_waiver.map(|w| w.iso()))
        .min();
    let Some(earliest) = earliest else {
        return;
    };
    for _ in 0..SINCE_YEARS_BACK {
        if customer.since.iso() <= earliest {
            break;
        }
        customer.since = customer.since.plus(-365);
    }
}

fn first_invoice_id(body: &str) -> Option<String> {
    let at = body.find("INV-")?;
    let digits: String = body[at + 4..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (!digits.is_empty()).then(|| format!("INV-{digits}"))
}

// ---------------------------------------------------------------------
// The triage tasks.

/// What a queue's tickets share while it is drawn.
struct Queue<'a> {
    incidents: &'a [Incident],
    /// Lookups the step limit leaves (plan rule and teammates' calls).
    allowance: u32,
    /// Whether a ticket may be a customer's second (the `medium` queue).
    pairs: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Alone {
    AutoReply,
    Solved,
    Teammate,
    Incident,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pair {
    Copy,
    SolvedLater,
    Distinct,
}

/// Problems a customer can report solved.
fn solvable(case: Case) -> bool {
    matches!(
        case,
        Case::SignIn { .. }
            | Case::Crash { .. }
            | Case::Slow
            | Case::ApiErrors { .. }
            | Case::Suspended { .. }
    )
}

fn problem_words(case: Case) -> &'static str {
    match case {
        Case::SignIn { .. } => "sign-in problem",
        Case::Crash { .. } => "app crash",
        Case::Slow => "slow loading",
        Case::ApiErrors { .. } => "API errors",
        Case::Suspended { .. } => "suspended access",
        _ => "problem",
    }
}

/// Whether the step limit needs a lookup for `case` (the plan rule).
fn needs_plan(case: Case) -> bool {
    base_priority(case) == Priority::Medium
}

/// The failure a ticket describes, as the status article names failures.
pub fn failure_of(ticket: &Ticket) -> Option<Failure> {
    match ticket.case {
        Case::SignIn { .. } => SIGN_IN_ERRORS
            .iter()
            .find(|e| ticket.body.contains(*e))
            .map(|e| Failure::SignIn(e)),
        Case::ApiErrors { all_failing: true } => ENDPOINTS
            .iter()
            .find(|e| ticket.body.contains(*e))
            .map(|e| Failure::Endpoint(e)),
        _ => None,
    }
}

/// The ticket's failure (or, for occasional API errors, its endpoint)
/// replaced by `failure`'s.
fn set_failure(ticket: &mut Ticket, failure: &Failure) {
    match failure {
        Failure::SignIn(message) => {
            if let Some(old) = SIGN_IN_ERRORS.iter().find(|e| ticket.body.contains(*e)) {
                ticket.body = ticket.body.replace(old, message);
            }
        }
        Failure::Endpoint(endpoint) => {
            if let Some(old) = ENDPOINTS.iter().find(|e| ticket.body.contains(*e)) {
                ticket.body = ticket.body.replace(old, endpoint);
            }
        }
    }
}

/// A failure of the same kind as `like` that no open incident has.
fn other_failure(rng: &mut SeededRng, like: &Failure, incidents: &[Incident]) -> Failure {
    let open = |f: &Failure| {
        incidents
            .iter()
            .any(|i| i.closed.is_none() && i.failure == *f)
    };
    let pool: Vec<Failure> = match like {
        Failure::SignIn(_) => SIGN_IN_ERRORS.iter().map(|e| Failure::SignIn(e)).collect(),
        Failure::Endpoint(_) => ENDPOINTS.iter().map(|e| Failure::Endpoint(e)).collect(),
    };
    let free: Vec<Failure> = pool.into_iter().filter(|f| !open(f)).collect();
    free.get(rng.index(free.len()))
        .cloned()
        .unwrap_or_else(|| like.clone())
}

fn colleague(rng: &mut SeededRng) -> String {
    format!("{} {}", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES))
}

/// A new customer's ticket of `case`, written and dressed for the
/// records desk (amounts in the account's currency).
fn dressed_ticket(
    d: &mut Draw,
    (number, minute): (u32, u32),
    (case, plan): (Case, Plan),
    tickets: &[Ticket],
    account: Option<Currency>,
) -> Ticket {
    let dressed = records_dress(d.records, d.level, case, account);
    let customer = desk::customer(d.rng, plan, d.received, dressed.case, tickets);
    let mut ticket = d.write(number, minute, customer, dressed.case, None);
    records_apply(d.records, &mut ticket, number, dressed);
    history_after_since(&mut ticket, false);
    ticket
}

/// One ticket of a triage queue: a routine one (maybe a near miss), one
/// that needs nothing, or a customer's second ticket.
fn queue_ticket(
    d: &mut Draw,
    (number, minute): (u32, u32),
    tickets: &mut [Ticket],
    queue: &Queue,
    lookups: &mut u32,
) -> Ticket {
    let level = d.level;
    // Earlier tickets a second ticket may follow: handled ones of a
    // customer with no other ticket and no call on record.
    let pairable: Vec<usize> = (0..tickets.len())
        .filter(|&j| {
            let t = &tickets[j];
            t.needs_nothing.is_none()
                && !called(t)
                && tickets
                    .iter()
                    .filter(|o| o.customer.name() == t.customer.name())
                    .count()
                    == 1
        })
        .collect();
    let near = level.near_misses;
    // A customer's second ticket as often at both levels: more would let a
    // name seen twice in the inbox say which tickets need nothing.
    if queue.pairs && !pairable.is_empty() && d.kb.chance(1, 8) {
        let j = pairable[d.kb.index(pairable.len())];
        // Another problem more often than a copy or a solved one, so a
        // name seen twice says little before the tickets are opened.
        let kind = match d.kb.below(5) {
            0 => Pair::Copy,
            1 if solvable(tickets[j].case) => Pair::SolvedLater,
            1 => Pair::Copy,
            _ => Pair::Distinct,
        };
        return second_ticket(d, (number, minute), tickets, j, kind, lookups, queue);
    }
    let alone_odds = if queue.pairs { (1, 7) } else { (1, 5) };
    if d.kb.chance(alone_odds.0, alone_odds.1) {
        let mut kind = *d.kb.pick(&[
            Alone::AutoReply,
            Alone::Solved,
            Alone::Teammate,
            Alone::Incident,
        ]);
        if kind == Alone::Teammate && *lookups >= queue.allowance {
            kind = Alone::AutoReply;
        }
        return alone_ticket(d, (number, minute), tickets, kind, lookups, queue);
    }
    // A routine ticket, within the lookups the step limit leaves.
    let mut drawn = desk::routine_case(d.rng, level);
    while needs_plan(drawn.0) && *lookups >= queue.allowance {
        drawn = desk::routine_case(d.rng, level);
    }
    let (case, plan) = drawn;
    *lookups += u32::from(needs_plan(case));
    let mut ticket = dressed_ticket(d, (number, minute), (case, plan), tickets, None);
    // Near misses: a call that settled nothing, a closed incident's
    // failure, an open incident's endpoint with occasional errors, a
    // solved problem with a new question.
    if *lookups < queue.allowance && d.kb.chance(near, 8) {
        *lookups += 1;
        call_on_record(d, &mut ticket, number, false);
        ticket.near_miss = true;
    }
    keep_off_open_incidents(d.kb, &mut ticket, queue.incidents);
    match ticket.case {
        Case::SignIn { .. } | Case::ApiErrors { all_failing: true } if d.kb.chance(near, 3) => {
            let closed: Vec<&Incident> = queue
                .incidents
                .iter()
                .filter(|i| i.closed.is_some())
                .filter(|i| same_kind(&i.failure, ticket.case))
                .collect();
            if let Some(incident) = closed.first() {
                set_failure(&mut ticket, &incident.failure);
                ticket.near_miss = true;
            }
        }
        Case::ApiErrors { all_failing: false } if d.kb.chance(near, 2) => {
            let open: Vec<&Incident> = queue
                .incidents
                .iter()
                .filter(|i| i.closed.is_none() && matches!(i.failure, Failure::Endpoint(_)))
                .collect();
            if let Some(incident) = open.first() {
                set_failure(&mut ticket, &incident.failure);
                ticket.near_miss = true;
            }
        }
        Case::HowTo if d.kb.chance(near, 3) => {
            let solved = *d.kb.pick(&[
                Case::SignIn { whole_org: false },
                Case::Slow,
                Case::Crash { workaround: true },
            ]);
            let question = request_of(&ticket);
            let text = format!(
                "The {} I reported yesterday is solved, thanks. One more question while I have you: {question}",
                problem_words(solved)
            );
            set_request(&mut ticket, &text, true);
            ticket.near_miss = true;
        }
        _ => {}
    }
    ticket
}

fn same_kind(failure: &Failure, case: Case) -> bool {
    match failure {
        Failure::SignIn(_) => matches!(case, Case::SignIn { .. }),
        Failure::Endpoint(_) => matches!(case, Case::ApiErrors { all_failing: true }),
    }
}

/// Whether the account record holds a call about this ticket.
fn called(ticket: &Ticket) -> bool {
    ticket
        .records
        .as_ref()
        .is_some_and(|r| r.earlier.iter().any(|e| e.ticket_id == ticket.id))
}

/// A ticket that matches an open incident by chance gets another failure.
fn keep_off_open_incidents(rng: &mut SeededRng, ticket: &mut Ticket, incidents: &[Incident]) {
    if let Some(failure) = failure_of(ticket)
        && incidents
            .iter()
            .any(|i| i.closed.is_none() && i.failure == failure)
    {
        let other = other_failure(rng, &failure, incidents);
        set_failure(ticket, &other);
    }
}

/// The customer's mention of a call, and the account record's entry about
/// it: resolved on the call, or not.
fn call_on_record(d: &mut Draw, ticket: &mut Ticket, number: u32, resolved: bool) {
    let request = request_of(ticket);
    let mention = *d.kb.pick(&[
        "I also rang your support line about this earlier today and spoke to one of your colleagues.",
        "I called your team about this this morning as well.",
        "One of your colleagues already talked this through with me on the phone today.",
    ]);
    set_request(ticket, &format!("{request} {mention}"), true);
    let who = colleague(d.kb);
    let outcome = if resolved {
        format!("resolved on the call by {who} (support): nothing left for the desk")
    } else {
        format!("not resolved on the call ({who}, support): the desk handles this ticket")
    };
    if let Some(records) = ticket.records.as_mut() {
        records::insert_earlier(
            &mut records.earlier,
            number,
            vec![(
                ticket.received,
                format!("Phone call about {}", ticket.id),
                outcome,
                Some(ticket.id.clone()),
            )],
        );
    }
}

/// A ticket that needs nothing, standing alone.
fn alone_ticket(
    d: &mut Draw,
    (number, minute): (u32, u32),
    tickets: &[Ticket],
    kind: Alone,
    lookups: &mut u32,
    queue: &Queue,
) -> Ticket {
    let level = d.level;
    // The case a reader who missed why it needs nothing would triage.
    let (case, plan) = match kind {
        Alone::AutoReply => (Case::Feedback, *d.rng.pick(&Plan::ALL)),
        Alone::Solved => (
            *d.rng.pick(&[
                Case::SignIn { whole_org: false },
                Case::Crash { workaround: true },
                Case::Slow,
                Case::ApiErrors { all_failing: false },
                Case::Suspended { whole_org: false },
            ]),
            *d.rng.pick(&Plan::ALL),
        ),
        Alone::Teammate => desk::routine_case(d.rng, level),
        Alone::Incident => {
            let open: Vec<&Incident> = queue
                .incidents
                .iter()
                .filter(|i| i.closed.is_none())
                .collect();
            let sign_in = open
                .get(d.kb.index(open.len()))
                .is_some_and(|i| matches!(i.failure, Failure::SignIn(_)));
            let case = if sign_in {
                Case::SignIn {
                    whole_org: d.kb.chance(1, 2),
                }
            } else {
                Case::ApiErrors { all_failing: true }
            };
            (case, *d.rng.pick(&Plan::ALL))
        }
    };
    let mut ticket = dressed_ticket(d, (number, minute), (case, plan), tickets, None);
    match kind {
        Alone::AutoReply => {
            let c = &ticket.customer;
            let back = d.received.plus(d.kb.range(3, 12));
            let other = colleague(d.kb);
            let text = match d.kb.below(3) {
                0 => format!(
                    "Thank you for your message. I am out of the office until {} with limited access to email. For anything urgent, please contact {other} at {}.",
                    back.long(),
                    c.account_email
                        .replacen(&c.first.to_lowercase(), "office", 1)
                ),
                1 => format!(
                    "This is an automated response: your email to {} has been received and will be dealt with in turn. Please do not reply to this message.",
                    c.company
                ),
                _ => format!(
                    "Auto-reply: I'm travelling this week and will answer your email when I'm back on {}.",
                    back.weekday_name()
                ),
            };
            ticket.body = format!("{text}\n\n{}\n{}", c.name(), c.company);
            ticket.needs_nothing = Some(Nothing::AutoReply);
        }
        Alone::Solved => {
            // Working again before the ticket arrived: a time after it
            // would be one the customer cannot have seen yet. One draw,
            // as before, so the rest of the desk is unchanged.
            let arrived = i64::from(minute);
            let from = (arrived - 150).max(6 * 60);
            let when = clock(d.kb.range(from, (arrived - 10).max(from + 1)) as u32);
            let fix = *d.kb.pick(&[
                "clearing the browser cache fixed it",
                "it started working again on its own",
                "our IT team found a setting on our side",
            ]);
            let text = format!(
                "Quick update on the {} I wrote to you about yesterday: it has worked again since {when} ({fix}). No need to do anything, thanks!",
                problem_words(ticket.case)
            );
            set_request(&mut ticket, &text, false);
            ticket.needs_nothing = Some(Nothing::Solved);
        }
        Alone::Teammate => {
            *lookups += 1;
            keep_off_open_incidents(d.kb, &mut ticket, queue.incidents);
            call_on_record(d, &mut ticket, number, true);
            ticket.needs_nothing = Some(Nothing::Teammate);
        }
        Alone::Incident => {
            let open: Vec<&Incident> = queue
                .incidents
                .iter()
                .filter(|i| i.closed.is_none() && same_kind(&i.failure, ticket.case))
                .collect();
            if let Some(incident) = open.first() {
                set_failure(&mut ticket, &incident.failure);
                ticket.needs_nothing = Some(Nothing::Incident(incident.id.clone()));
            }
        }
    }
    ticket
}

/// A customer's second ticket: a copy of the first, the first reported
/// solved, or another problem.
fn second_ticket(
    d: &mut Draw,
    (number, minute): (u32, u32),
    tickets: &mut [Ticket],
    first: usize,
    kind: Pair,
    lookups: &mut u32,
    queue: &Queue,
) -> Ticket {
    let level = d.level;
    let earlier = tickets[first].clone();
    let customer = earlier.customer.clone();
    let currency = earlier.records.as_ref().map(|r| r.currency);
    match kind {
        Pair::Copy | Pair::SolvedLater => {
            let mut ticket = d.write(number, minute, customer, earlier.case, None);
            ticket.product = earlier.product.clone();
            ticket.case = earlier.case;
            ticket.records = earlier.records.clone();
            if kind == Pair::Copy {
                let lead = *d.kb.pick(&[
                    "I wrote to you about this earlier today and haven't heard back, so here it is again:",
                    "Sending this again in case my first message didn't arrive:",
                ]);
                set_request(
                    &mut ticket,
                    &format!("{lead} {}", request_of(&earlier)),
                    false,
                );
                ticket.needs_nothing = Some(Nothing::Copy(earlier.id.clone()));
            } else {
                let text = format!(
                    "Please ignore my message from earlier today (\"{}\"): the {} sorted itself out and everything works again. Nothing else is needed.",
                    earlier.subject,
                    problem_words(earlier.case)
                );
                set_request(&mut ticket, &text, false);
                ticket.needs_nothing = Some(Nothing::Solved);
                let freed = needs_plan(earlier.case);
                if let Some(t) = tickets.get_mut(first) {
                    t.needs_nothing = Some(Nothing::SolvedLater(ticket.id.clone()));
                }
                *lookups = lookups.saturating_sub(u32::from(freed));
            }
            ticket
        }
        Pair::Distinct => {
            // Another problem under the same plan, within the lookups.
            let mut drawn = desk::routine_case(d.rng, level);
            for _ in 0..1000 {
                let (case, plan) = drawn;
                let same_labels = super::policy::priority(case, plan)
                    == super::policy::priority(case, customer.plan);
                let fits = !needs_plan(case) || *lookups < queue.allowance;
                if same_labels && fits && case.kind() != earlier.case.kind() {
                    break;
                }
                drawn = desk::routine_case(d.rng, level);
            }
            let case = drawn.0;
            *lookups += u32::from(needs_plan(case));
            let dressed = records_dress(d.records, level, case, currency);
            let mut ticket = d.write(number, minute, customer, dressed.case, None);
            records_apply(d.records, &mut ticket, number, dressed);
            if let (Some(records), Some(account)) = (ticket.records.as_mut(), &earlier.records) {
                records.earlier = account.earlier.clone();
            }
            keep_off_open_incidents(d.kb, &mut ticket, queue.incidents);
            ticket.near_miss = true;
            ticket
        }
    }
}
