//! The seeded ticket desk of one task and level. [`generate_at`] makes the
//! draws every desk shares (vendor, queue length, day, first ticket number),
//! then writes the routine desk of levels 1 to 3 here, or hands the records
//! desk of levels 4 and 5 to [`super::records_desk`]. Both desks write their
//! tickets with the pieces in `desk.rs` (the desk's types, its levels, a
//! routine case, a customer, a ticket's text), which sits below them both,
//! so the records desk never reaches back up to this module.
//!
//! Exception tickets (task `hard`) draw the kind of case in shares that
//! keep every label near uniform and no reply kind frequent.
//!
//! Difficulty levels ([`LEVELS`]) change the desk, never the policy: the
//! queue's length, and how many facts interact on a ticket (dates and
//! amounts at a rule's limit, distractor sentences, the plan rule, a legal
//! threat or security incident written over a billing request). Level 2 is
//! the desk as first written, draw for draw.

pub use super::desk::{Customer, Desk, LEVELS, Level, Nothing, Ticket, level};
use super::desk::{billing_medium, customer, odds, routine_case, stream, write_ticket};
use super::names::*;
use super::policy::{Case, FEE_WAIVER_LIMIT_CENTS, Plan};
use super::tasks::Task;
use crate::dates::Day;
use crate::rng::SeededRng;

/// The desk of `task` at level 2 for `seed`.
pub fn generate(task: Task, seed: u64) -> Desk {
    generate_at(task, crate::task::DEFAULT_LEVEL, seed)
}

/// The desk of `task` at difficulty level `difficulty` for `seed`.
pub fn generate_at(task: Task, difficulty: u8, seed: u64) -> Desk {
    let level = level(difficulty);
    let mut rng = SeededRng::new(seed, stream(task));
    let vendor = *rng.pick(VENDORS);
    let count = match task {
        Task::Medium => rng.range(level.queue.0, level.queue.1) as usize,
        Task::Easy | Task::Hard => 1,
    };
    let mut received = Day::EPOCH_2026.plus(rng.range(80, 330));
    while received.is_weekend() {
        received = received.plus(1);
    }
    let mut minute = rng.range(7 * 60, 10 * 60) as u32;
    let mut number = rng.range(1000, 9000) as u32;
    // Levels 4 and 5: the records desk and its knowledge base.
    if level.records.is_some() {
        return super::records_desk::generate(
            task,
            level,
            seed,
            rng,
            vendor,
            count,
            received,
            (minute, number),
        );
    }
    let mut tickets: Vec<Ticket> = Vec::with_capacity(count);
    for _ in 0..count {
        let (case, plan) = if task == Task::Hard {
            let plans = if level.plan_rule {
                &Plan::ALL[..]
            } else {
                &Plan::ALL[..3]
            };
            (exception_case(&mut rng, level), *rng.pick(plans))
        } else {
            routine_case(&mut rng, level)
        };
        let cover = match case {
            Case::Legal | Case::Security { .. } if odds(&mut rng, level.cover) => {
                Some(billing_medium(&mut rng, level))
            }
            _ => None,
        };
        let customer = customer(&mut rng, plan, received, case, &tickets);
        let ticket = write_ticket(
            &mut rng,
            level,
            vendor,
            format!("T-{number}"),
            received,
            minute,
            customer,
            (case, cover),
        );
        tickets.push(ticket);
        number += rng.range(1, 40) as u32;
        minute += rng.range(5, 50) as u32;
    }
    Desk {
        vendor,
        tickets,
        kb: None,
    }
}

/// A policy exception, in the shares below.
fn exception_case(rng: &mut SeededRng, level: &Level) -> Case {
    // Dates near the 30-day edge (a quarter of the time at level 2): reading
    // them is the task.
    let in_window = |rng: &mut SeededRng| {
        if rng.chance(level.date_edge, 4) {
            rng.range(26, 30)
        } else {
            rng.range(2, 30)
        }
    };
    let late = |rng: &mut SeededRng| {
        if rng.chance(level.date_edge, 4) {
            rng.range(31, 35)
        } else {
            rng.range(31, 80)
        }
    };
    // Fees within $5.00 of the $50.00 limit, on either side.
    let edge_fee = |rng: &mut SeededRng, over: bool| {
        let offset = i64::from(rng.below(10)) * 50;
        if over {
            FEE_WAIVER_LIMIT_CENTS + 50 + offset
        } else {
            FEE_WAIVER_LIMIT_CENTS - offset
        }
    };
    let small_fee = |rng: &mut SeededRng| {
        if odds(rng, level.amount_edge) {
            return edge_fee(rng, false);
        }
        *rng.pick(&[
            1500,
            2000,
            2500,
            3000,
            3500,
            4000,
            4500,
            4900,
            FEE_WAIVER_LIMIT_CENTS,
        ])
    };
    // One draw out of 40 picks the kind of reply the case needs, in shares
    // that keep every label near uniform (a constant disposition, department
    // or priority gains at most a few hundredths of the score over a
    // uniform guess) and no reply kind common enough for one canned reply
    // with constant labels to pay (tests/support_triage_exploits.rs).
    match rng.below(40) {
        // Resolved: a refund in the window, a fee the desk may waive.
        0..5 => Case::Refund {
            invoice_named: true,
            days_since_charge: in_window(rng),
        },
        5..10 => Case::FeeWaiver {
            cents: small_fee(rng),
            waived_within_year: false,
        },
        // Pending: a refund without its invoice, an unverified deletion.
        10..16 => Case::Refund {
            invoice_named: false,
            days_since_charge: rng.range(2, 80),
        },
        16..22 => Case::Deletion { verified: false },
        // Escalated: a late refund or a fee the desk may not waive (the
        // billing supervisor), a verified deletion, a legal threat, a
        // security incident.
        22..24 => Case::Refund {
            invoice_named: true,
            days_since_charge: late(rng),
        },
        24..26 => {
            if rng.chance(1, 2) {
                Case::FeeWaiver {
                    cents: if odds(rng, level.amount_edge) {
                        edge_fee(rng, true)
                    } else {
                        *rng.pick(&[5500, 6000, 7500, 9000, 12000, 15000])
                    },
                    waived_within_year: rng.chance(1, 3),
                }
            } else {
                Case::FeeWaiver {
                    cents: small_fee(rng),
                    waived_within_year: true,
                }
            }
        }
        26..30 => Case::Deletion { verified: true },
        30..34 => Case::Legal,
        _ => Case::Security {
            leaked_key: rng.chance(1, 2),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support_triage::policy::{department, disposition};
    use crate::task::TaskEnum;

    #[test]
    fn generation_is_seeded_and_ids_are_unique() {
        for &task in Task::ALL {
            for seed in 0..50 {
                let desk = generate(task, seed);
                assert_eq!(desk, generate(task, seed));
                let mut ids: Vec<&str> = desk.tickets.iter().map(|t| t.id.as_str()).collect();
                crate::order::sort(&mut ids);
                ids.dedup();
                assert_eq!(ids.len(), desk.tickets.len());
            }
        }
        assert_ne!(generate(Task::Easy, 1), generate(Task::Easy, 2));
    }

    #[test]
    fn one_name_is_one_customer() {
        for seed in 0..2000 {
            let desk = generate(Task::Medium, seed);
            let mut names: Vec<String> = desk.tickets.iter().map(|t| t.customer.name()).collect();
            crate::order::sort(&mut names);
            names.dedup();
            assert_eq!(names.len(), desk.tickets.len(), "seed {seed}");
        }
    }

    #[test]
    fn medium_holds_three_to_five_and_hard_is_always_an_exception() {
        for seed in 0..200 {
            let n = generate(Task::Medium, seed).tickets.len();
            assert!((3..=5).contains(&n), "{n}");
            let hard = generate(Task::Hard, seed);
            assert_eq!(hard.tickets.len(), 1);
            assert!(hard.tickets[0].case.is_exception());
            assert!(disposition(hard.tickets[0].case).is_some());
        }
    }

    #[test]
    fn deletion_sender_decides_verification() {
        for seed in 0..400 {
            for ticket in generate(Task::Hard, seed).tickets {
                if let Case::Deletion { verified } = ticket.case {
                    assert_eq!(ticket.from == ticket.customer.account_email, verified);
                }
                let _ = department(ticket.case);
            }
        }
    }
}
