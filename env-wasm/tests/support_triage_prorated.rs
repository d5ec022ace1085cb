//! The pro-rated refund of the records desk (policy section 6, levels 4
//! and 5): natural replies that commit to the right amount, written in any
//! of the usual forms and with the working shown, earn every reply
//! criterion; a wrong, missing or hedged amount does not handle the case;
//! an escalated one may talk about a "pro-rated refund" without promising
//! it. A refund of a monthly invoice, when it gives a sum, gives the
//! invoice's.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::Points;
use env_wasm::support_triage::action::Disposition;
use env_wasm::support_triage::generate::{Ticket, generate_at};
use env_wasm::support_triage::grade::{Grade, Observed, Work, grade_exception};
use env_wasm::support_triage::policy::{self, Case};
use env_wasm::support_triage::records::{Currency, months_used, prorated_refund};
use env_wasm::support_triage::tasks::Task;

fn cases(over_limit: bool) -> Vec<(env_wasm::support_triage::generate::Desk, usize)> {
    let mut out = Vec::new();
    for level in [4u8, 5] {
        for seed in 0..400 {
            let desk = generate_at(Task::Hard, level, seed);
            if desk.tickets[0].case == (Case::RefundProrated { over_limit }) {
                out.push((desk, 0));
            }
            if out.len() >= 16 * usize::from(level - 3) {
                break;
            }
        }
    }
    out
}

fn grade(desk: &env_wasm::support_triage::generate::Desk, reply: &str) -> Grade {
    let ticket = &desk.tickets[0];
    let work = Work {
        priority: Some(policy::priority(ticket.case, ticket.customer.plan)),
        department: Some(policy::department(ticket.case)),
        reply: Some(reply.to_owned()),
        disposition: policy::disposition(ticket.case),
    };
    grade_exception(ticket, &work, &Observed::of(desk, ticket))
}

fn reply_full(g: &Grade) -> bool {
    g.criteria
        .iter()
        .filter(|(k, _)| k.starts_with("reply"))
        .all(|(_, v)| *v == Points::FULL)
}

/// The refund, the invoice total and a month's share as `ticket`'s
/// currency writes them, and the refund in US dollars.
fn amounts(ticket: &Ticket) -> (String, String, String, String, u32, Currency) {
    let records = ticket.records.as_ref().expect("records desk");
    let invoice = records.invoice.as_ref().expect("an invoice");
    let (unused, refund) = prorated_refund(invoice, ticket.received);
    let c = records.currency;
    (
        c.money(refund),
        c.money(invoice.local_cents),
        c.money(invoice.local_cents / 12),
        format!("${:.2}", c.to_usd_cents(refund) as f64 / 100.0),
        unused,
        c,
    )
}

/// The policy's fixed rate of `currency` as a reply quotes it: its code,
/// its symbol, its word and the rate (section 6); another policy rate to
/// quote wrongly. `None` for US dollars.
fn rate(
    currency: Currency,
) -> Option<(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
)> {
    match currency {
        Currency::Usd => None,
        Currency::Eur => Some(("EUR", "€", "euro", "1.10", "1.25")),
        Currency::Gbp => Some(("GBP", "£", "pound", "1.25", "1.10")),
        Currency::Cad => Some(("CAD", "CA$", "Canadian dollar", "0.75", "1.10")),
    }
}

#[test]
fn months_begun_are_used_to_the_day() {
    use env_wasm::dates::Day;
    let day = |y, m, d| Day::from_civil(y, m, d).expect("a date");
    // The fifth month begins on 14 July: on that day it is used.
    assert_eq!(months_used(day(2026, 3, 14), day(2026, 7, 13)), 4);
    assert_eq!(months_used(day(2026, 3, 14), day(2026, 7, 14)), 5);
    assert_eq!(months_used(day(2025, 11, 28), day(2026, 2, 27)), 3);
    assert_eq!(months_used(day(2025, 11, 28), day(2026, 2, 28)), 4);
}

#[test]
fn natural_replies_with_the_right_amount_earn_full() {
    let desks = cases(false);
    assert!(desks.len() >= 20, "{}", desks.len());
    let mut bad = Vec::new();
    for (desk, _) in &desks {
        let t = &desk.tickets[0];
        let (refund, total, month, usd, unused, currency) = amounts(t);
        let first = &t.customer.first;
        let id = &t.id;
        let plain = refund
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .to_owned();
        let code = currency.code();
        let replies = [
            format!(
                "Hi {first},\n\nThanks for ticket {id}. Your annual plan has {unused} unused months, so we will refund {refund} to your card within 5 business days.\n\nBest,\nSupport"
            ),
            format!(
                "Dear {first}, regarding {id}: I've approved a pro-rated refund of {plain} {code} for the {unused} months you won't use (of the {total} you paid). It will reach you within 5 business days."
            ),
            format!(
                "Hello {first} (ticket {id}), you paid {total} for 12 months, {month} a month; {unused} months are unused, so you'll get {refund} back (about {usd}) by the end of next week."
            ),
            format!(
                "Hi {first}, ticket {id}: we're refunding {refund} for the unused part of your annual plan. You should see it within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: the refund for your {unused} unused months comes to {refund}, which is within our $300.00 limit, so we will refund it within 5 business days."
            ),
        ];
        // The policy's own rate of the invoice's currency, quoted as a
        // rate, is no amount (section 6; play-para-st10, B5 and C1).
        let mut replies = replies.to_vec();
        if let Some((code, symbol, word, r, _)) = rate(currency) {
            replies.extend([
                format!(
                    "Hi {first}, ticket {id}: we will refund {refund} within 5 business days; at the fixed exchange rate of {r} that comes to {usd}, under our $300.00 limit."
                ),
                format!(
                    "Hi {first}, ticket {id}: converted at our policy rate of {r} US dollars per {word}, the {refund} we will refund within 5 business days is {usd}."
                ),
                format!(
                    "Hi {first}, ticket {id}: {symbol}1.00 = ${r} under our fixed rates, so the {refund} we are refunding (within 5 business days) is {usd}."
                ),
                format!(
                    "Hi {first}, ticket {id}: one {word} is worth {r} USD at our fixed rate, so {refund} is {usd}; we will refund {refund} within 5 business days."
                ),
                format!(
                    "Hi {first}, ticket {id}: we will refund {refund} within 5 business days (that is {usd}; 1 {code} = {r} USD)."
                ),
            ]);
        }
        for reply in replies {
            let g = grade(desk, &reply);
            if !reply_full(&g) {
                bad.push(format!(
                    "{reply}\n  {:?}\n  {}",
                    g.criteria,
                    g.notes.join(" | ")
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

#[test]
fn a_wrong_missing_or_hedged_amount_does_not_handle_the_case() {
    for (desk, _) in cases(false) {
        let t = &desk.tickets[0];
        let (refund, total, _, _, _, currency) = amounts(t);
        let first = &t.customer.first;
        let id = &t.id;
        let records = t.records.as_ref().expect("records");
        let invoice = records.invoice.as_ref().expect("invoice");
        let (unused, cents) = prorated_refund(invoice, t.received);
        // One month more or fewer: the classic miscount.
        let off_by_one = currency.money(invoice.local_cents * i64::from(unused + 1) / 12);
        let replies = [
            format!("Hi {first}, ticket {id}: we will refund {off_by_one} within 5 business days."),
            format!(
                "Hi {first}, ticket {id}: we will refund the unused months of your plan within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we will refund {refund} or {off_by_one} within 5 business days."
            ),
            format!("Hi {first}, ticket {id}: we will refund {total} within 5 business days."),
        ];
        // A rate is read as a rate only when it is the policy's rate of
        // the invoice's currency; a sum beside a rate is still a sum.
        let mut replies = replies.to_vec();
        if let Some((code, _, word, r, other)) = rate(currency) {
            replies.extend([
                format!(
                    "Hi {first}, ticket {id}: we will refund {refund} within 5 business days; at {r} that is $310.00."
                ),
                format!(
                    "Hi {first}, ticket {id}: we will refund {refund} within 5 business days, at our fixed rate of {r} that is $310.00."
                ),
                format!(
                    "Hi {first}, ticket {id}: we will refund {refund} within 5 business days (1 {code} = {other} USD)."
                ),
                format!(
                    "Hi {first}, ticket {id}: we will refund {refund} within 5 business days, at a rate of {other} US dollars per {word}."
                ),
            ]);
        }
        assert!(cents > 0);
        for reply in replies {
            let g = grade(&desk, &reply);
            assert_eq!(
                g.criteria["reply_handling"],
                Points::ZERO,
                "{reply}\n{:?}",
                g.notes
            );
        }
    }
}

#[test]
fn an_escalated_pro_rated_refund_may_be_named_but_not_promised() {
    let desks = cases(true);
    assert!(!desks.is_empty());
    for (desk, _) in desks {
        let t = &desk.tickets[0];
        assert_eq!(
            policy::disposition(t.case),
            Some(Disposition::EscalateSupervisor)
        );
        let first = &t.customer.first;
        let id = &t.id;
        let (_, sla) = policy::sla(policy::priority(t.case, t.customer.plan));
        let natural = [
            format!(
                "Hi {first}, ticket {id}: I have passed your request for a pro-rated refund to our billing supervisor, who will review it and contact you within {sla}."
            ),
            format!(
                "Hi {first}, ticket {id}: a prorated refund of this size needs our billing supervisor's review; they will get back to you within {sla}."
            ),
        ];
        for reply in natural {
            let g = grade(&desk, &reply);
            assert!(
                reply_full(&g),
                "{reply}\n{:?}\n{}",
                g.criteria,
                g.notes.join(" | ")
            );
        }
        let (refund, ..) = {
            let records = t.records.as_ref().expect("records");
            let invoice = records.invoice.as_ref().expect("invoice");
            let (_, cents) = prorated_refund(invoice, t.received);
            (records.currency.money(cents),)
        };
        let promise = format!("Hi {first}, ticket {id}: we will refund {refund} within {sla}.");
        let g = grade(&desk, &promise);
        assert_eq!(g.criteria["reply_compliance"], Points::ZERO, "{promise}");
    }
}

/// Desks whose first ticket is a refund of a monthly invoice the desk
/// gives (the knowledge-base desk's `RefundRuled`, resolved).
fn monthly_refunds() -> Vec<env_wasm::support_triage::generate::Desk> {
    let mut out = Vec::new();
    for level in [4u8, 5] {
        for seed in 0..400 {
            let desk = generate_at(Task::Hard, level, seed);
            let ticket = &desk.tickets[0];
            let monthly = ticket
                .records
                .as_ref()
                .and_then(|r| r.invoice.as_ref())
                .is_some_and(|i| !i.annual);
            if matches!(ticket.case, Case::RefundRuled { resolved: true, .. }) && monthly {
                out.push(desk);
            }
            if out.len() >= 8 * usize::from(level - 3) {
                break;
            }
        }
    }
    out
}

#[test]
fn a_monthly_refund_promised_is_the_invoices_amount() {
    // Section 4 commits to the refund of the invoice: a sum given as the
    // refund must be its total (or its US-dollar value); the amount need
    // not be stated, and a limit quoted beside it is no amount given
    // (play-st34, X7).
    let desks = monthly_refunds();
    assert!(desks.len() >= 8, "{}", desks.len());
    let mut bad = Vec::new();
    for desk in &desks {
        let t = &desk.tickets[0];
        let records = t.records.as_ref().expect("records");
        let invoice = records.invoice.as_ref().expect("invoice");
        let c = records.currency;
        let total = c.money(invoice.local_cents);
        let usd = format!("${:.2}", c.to_usd_cents(invoice.local_cents) as f64 / 100.0);
        let part = c.money(invoice.local_cents * 2 / 3);
        let less = c.money(invoice.local_cents - 100);
        let first = &t.customer.first;
        let id = &t.id;
        let inv = &invoice.id;
        let right = [
            format!(
                "Hi {first},\n\nThanks for ticket {id}. I've approved a refund of {total} for invoice {inv}; it will reach your card within 5 to 10 business days.\n\nBest regards,\nSam"
            ),
            format!(
                "Hi {first}, ticket {id}: we will refund invoice {inv} in full within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we're refunding the full {total} (about {usd}) for {inv}; expect it within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we will refund {total} for {inv} within 5 business days, as it is under our $1,000.00 goodwill limit."
            ),
            format!(
                "Hi {first}, ticket {id}: your {total} for {inv} will be refunded to your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we'll credit {total} for {inv} back to your card within 5 business days."
            ),
        ];
        let wrong = [
            format!(
                "Hi {first},\n\nThanks for ticket {id}. I've approved a refund of {part} for invoice {inv}; it will reach your card within 5 to 10 business days.\n\nBest regards,\nSam"
            ),
            format!(
                "Hi {first}, ticket {id}: we will refund {less} of the {total} on {inv} within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we're refunding {part} for {inv}; expect it within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we'll credit {less} for {inv} back to your card within 5 business days."
            ),
        ];
        for reply in &right {
            let g = grade(desk, reply);
            if !reply_full(&g) {
                bad.push(format!("right lost points: {reply}\n  {:?}", g.criteria));
            }
        }
        for reply in &wrong {
            let g = grade(desk, reply);
            if reply_full(&g) {
                bad.push(format!("wrong kept full: {reply}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_monthly_refund_may_quote_the_rate_and_its_dollar_value_rounded() {
    // Section 6 lets a reply quote the fixed rate of the invoice's
    // currency, for any refund, and give the US-dollar value of an amount
    // it may state; a whole figure is that value rounded, not another sum
    // (play-st38 B1, C2). Another currency's rate, a figure off by more
    // than its rounding and a part of the invoice still count.
    let desks: Vec<_> = monthly_refunds()
        .into_iter()
        .filter(|d| {
            d.tickets[0]
                .records
                .as_ref()
                .is_some_and(|r| r.currency != Currency::Usd)
        })
        .collect();
    assert!(desks.len() >= 3, "{}", desks.len());
    let mut bad = Vec::new();
    for desk in &desks {
        let t = &desk.tickets[0];
        let records = t.records.as_ref().expect("records");
        let invoice = records.invoice.as_ref().expect("invoice");
        let c = records.currency;
        let Some((code, symbol, word, r, other)) = rate(c) else {
            continue;
        };
        let total = c.money(invoice.local_cents);
        let usd_cents = c.to_usd_cents(invoice.local_cents);
        let usd = format!("${:.2}", usd_cents as f64 / 100.0);
        let down = usd_cents / 100;
        let up = (usd_cents + 99) / 100;
        let part = c.money(invoice.local_cents / 2);
        let (first, id, inv) = (&t.customer.first, &t.id, &invoice.id);
        let right = [
            format!(
                "Hi {first}, ticket {id}: I've reversed the {total} charge on {inv} (roughly {usd} at our fixed rate of 1 {code} = {r} USD, if that's useful for your books). It will reach your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: I have reversed the {total} charge on {inv} ({usd} at our fixed rate of {r}). It will reach your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: I have refunded the {total} for {inv} (about ${down} in US dollars). It will reach your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: I have refunded the {total} for {inv}, which comes to around ${up}. It will reach your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we're refunding the full {total} on {inv}; at {symbol}1 = ${r} that is {usd}. Expect it within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we'll refund {total} for {inv} (about ${down}, at {r} US dollars per {word}) within 5 business days."
            ),
        ];
        let wrong = [
            format!(
                "Hi {first}, ticket {id}: I've reversed the {total} charge on {inv} (roughly {usd} at our fixed rate of 1 {code} = {other} USD). It will reach your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: I have refunded {total} for {inv} (about ${} in US dollars). It will reach your card within 5 business days.",
                down - 5
            ),
            format!(
                "Hi {first}, ticket {id}: I have refunded {part} for {inv} (about ${down} in US dollars). It will reach your card within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: I have refunded {total} for {inv}, which comes to around ${}. It will reach your card within 5 business days.",
                up + 2
            ),
        ];
        for reply in &right {
            let g = grade(desk, reply);
            if !reply_full(&g) {
                bad.push(format!(
                    "right lost points: {reply}\n  {:?}\n  {:?}",
                    g.criteria, g.notes
                ));
            }
        }
        for reply in &wrong {
            let g = grade(desk, reply);
            if reply_full(&g) {
                bad.push(format!("wrong kept full: {reply}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_full_refund_declined_beside_the_part_given_handles_the_case() {
    // "A full refund isn't possible, but you'll get back the part of the
    // year you haven't used" declines the whole, not the pro-rated part the
    // case needs (play-st40, B1); declining a refund outright, or hedging
    // the part, still handles nothing.
    let desks = cases(false);
    let mut bad = Vec::new();
    for (desk, _) in &desks {
        let t = &desk.tickets[0];
        let (refund, total, _, _, unused, _) = amounts(t);
        let first = &t.customer.first;
        let id = &t.id;
        let right = [
            format!(
                "Hi {first},\n\nThanks for ticket {id}. Because your plan is annual and was charged back in February, a full refund isn't possible, but you'll get back the part of the year you haven't used: {refund}. I'll issue the {refund} refund now, and you should see it within ten business days.\n\nBest,\nSupport"
            ),
            format!(
                "Hi {first}, ticket {id}: a full refund is not possible, but we will refund the part of the year you haven't used: {refund}. It will reach you within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: refunding the full year isn't something we can do; what we will refund is {refund}, within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we're unable to give the whole {total} back, but we will refund {refund} for the {unused} unused months within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: a refund of the full year is not possible, but we will refund the {unused} unused months, {refund}, within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we can't refund all of it, but we will refund {refund} for the months you haven't used within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we cannot refund the {total} in full; we will refund {refund} for the {unused} unused months within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: a complete refund isn't something we can offer. We will refund {refund}, the unused part of your plan, within 5 business days."
            ),
        ];
        let wrong = [
            format!(
                "Hi {first}, ticket {id}: a refund isn't possible for an annual plan charged this long ago. We'll update you within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we can't refund it, though you may get something back. We'll update you within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: a refund isn't possible; you'll get back the part of the year you haven't used: {refund}, within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: a full refund isn't possible, and we can't refund the {unused} unused months either. We'll update you within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: a full refund isn't possible, but we may be able to refund {refund} within 5 business days."
            ),
        ];
        for reply in &right {
            let g = grade(desk, reply);
            if !reply_full(&g) {
                bad.push(format!(
                    "right lost points: {reply}\n  {:?}\n  {}",
                    g.criteria,
                    g.notes.join(" | ")
                ));
            }
        }
        for reply in &wrong {
            let g = grade(desk, reply);
            if g.criteria["reply_handling"] != Points::ZERO {
                bad.push(format!("wrong handled the case: {reply}"));
            }
        }
    }
    // On a case whose refund is the whole invoice, declining the whole
    // declines the refund the case needs.
    for desk in &monthly_refunds() {
        let t = &desk.tickets[0];
        let records = t.records.as_ref().expect("records");
        let invoice = records.invoice.as_ref().expect("invoice");
        let c = records.currency;
        let total = c.money(invoice.local_cents);
        let part = c.money(invoice.local_cents * 2 / 3);
        let first = &t.customer.first;
        let id = &t.id;
        let inv = &invoice.id;
        let wrong = [
            format!(
                "Hi {first}, ticket {id}: a full refund isn't possible, but you'll get back {part} for {inv} within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: a full refund isn't possible, but we will refund invoice {inv} within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: we can't refund the full {total}, but we'll refund {inv} within 5 business days."
            ),
            format!(
                "Hi {first}, ticket {id}: refunding the whole of {inv} isn't something we can do, but we will refund it to your card within 5 business days."
            ),
        ];
        for reply in &wrong {
            let g = grade(desk, reply);
            if g.criteria["reply_handling"] != Points::ZERO {
                bad.push(format!("wrong handled a whole refund's case: {reply}"));
            }
        }
    }
    assert!(desks.len() >= 20, "{}", desks.len());
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}
