//! The noisy reference: the reference policy with slips, for the
//! difficulty curve. Each graded decision of a ticket (priority,
//! department and, in the exception task, the reply and the disposition)
//! goes wrong independently with probability `error_per_mille` / 1000, and
//! so does the reading of each fact the level puts in a label's way: an
//! exception written over another request, the plan rule, a date or an
//! amount at its rule's limit, the sender of a deletion request, and each
//! distractor sentence (which sways one decision). A misread fact gives
//! what the policy says for the facts as misread, so the slip is
//! plausible and the reply agrees with the labels; a wrong decision takes
//! another value. Higher levels put more such facts on each ticket, so the
//! same rate scores lower there. At rate 0 it plays the reference exactly.

use super::action::{Command, Department, Disposition, Label, Priority, SupportTriageAction};
use super::generate::{Desk, Ticket};
use super::grade::Work;
use super::lookups::{Inquiries, next_inquiry};
use super::policy::{
    self, Case, DUPLICATE_HIGH_CENTS, FEE_WAIVER_LIMIT_CENTS, Plan, REFUND_WINDOW_DAYS,
};
use super::reference;
use crate::rng::SeededRng;

/// How near its rule's limit a date (days) or an amount (cents) lies for
/// a reader to put it on the wrong side.
const EDGE_DAYS: i64 = 5;
const EDGE_CENTS: i64 = 500;

/// The decisions of a ticket, as bits of a mask.
const PRIORITY: u32 = 0;
const DEPARTMENT: u32 = 1;
const REPLY: u32 = 2;
const DISPOSITION: u32 = 3;

/// One kind of every policy exception, for a reply written to the wrong case.
const EXCEPTIONS: [Case; 9] = [
    Case::Security { leaked_key: false },
    Case::Legal,
    Case::Deletion { verified: true },
    Case::Deletion { verified: false },
    Case::Refund {
        invoice_named: false,
        days_since_charge: 3,
    },
    Case::Refund {
        invoice_named: true,
        days_since_charge: 3,
    },
    Case::Refund {
        invoice_named: true,
        days_since_charge: 60,
    },
    Case::FeeWaiver {
        cents: 1000,
        waived_within_year: false,
    },
    Case::FeeWaiver {
        cents: 9000,
        waived_within_year: false,
    },
];

fn slip(rng: &mut SeededRng, error_per_mille: u32) -> bool {
    rng.below(1000) < error_per_mille
}

/// `case` with the date or amount that decides it moved just across its
/// rule's limit, when it lies near enough to be misplaced.
pub fn across_edge(case: Case) -> Option<Case> {
    match case {
        Case::Refund {
            invoice_named: true,
            days_since_charge: days,
        } if (days - REFUND_WINDOW_DAYS).abs() <= EDGE_DAYS => Some(Case::Refund {
            invoice_named: true,
            days_since_charge: if days <= REFUND_WINDOW_DAYS {
                REFUND_WINDOW_DAYS + 1
            } else {
                REFUND_WINDOW_DAYS
            },
        }),
        Case::DuplicateCharge { cents } if (cents - DUPLICATE_HIGH_CENTS).abs() <= EDGE_CENTS => {
            Some(Case::DuplicateCharge {
                cents: if cents >= DUPLICATE_HIGH_CENTS {
                    DUPLICATE_HIGH_CENTS - 1
                } else {
                    DUPLICATE_HIGH_CENTS
                },
            })
        }
        Case::FeeWaiver {
            cents,
            waived_within_year: false,
        } if (cents - FEE_WAIVER_LIMIT_CENTS).abs() <= EDGE_CENTS => Some(Case::FeeWaiver {
            cents: if cents <= FEE_WAIVER_LIMIT_CENTS {
                FEE_WAIVER_LIMIT_CENTS + 1
            } else {
                FEE_WAIVER_LIMIT_CENTS
            },
            waived_within_year: false,
        }),
        _ => None,
    }
}

/// Whether the Enterprise plan rule decides the ticket's priority.
fn plan_lifts(case: Case, plan: Plan) -> bool {
    plan == Plan::Enterprise && policy::base_priority(case) == Priority::Medium
}

/// The facts of `ticket` besides its labels that a reader can get wrong:
/// an exception written over another request, the plan rule, a date or
/// amount at its limit, a deletion request's sender, each distractor. The
/// levels' measure of how much interacts on one ticket.
pub fn facts_at_stake(ticket: &Ticket) -> usize {
    let case = ticket.case;
    [
        ticket.cover.is_some(),
        plan_lifts(case, ticket.customer.plan),
        across_edge(case).is_some(),
        matches!(case, Case::Deletion { .. }),
    ]
    .iter()
    .filter(|x| **x)
    .count()
        + ticket.distractors
        + ticket
            .records
            .as_ref()
            .map_or(0, |r| r.facts_at_stake(case))
        + usize::from(ticket.needs_nothing.is_some() || ticket.near_miss)
}

/// Whether a slipping reader takes `ticket` the wrong way round on whether
/// it needs anything: a ticket that needs nothing handled, a near miss
/// left alone. Drawn once per ticket (from its id), so the reader keeps
/// its reading however often it looks at the desk.
fn misjudges_need(ticket: &Ticket, error_per_mille: u32) -> bool {
    if ticket.needs_nothing.is_none() && !ticket.near_miss {
        return false;
    }
    let number: u64 = ticket
        .id
        .chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or(0);
    let mut rng = SeededRng::new(number, 0x1ea5_e001);
    slip(&mut rng, error_per_mille)
}

/// `ticket` as a slipping reader takes it: each fact at stake misread
/// with the rate (distractors aside: they sway decisions, see
/// [`wrong_decisions`]).
fn misread(ticket: &Ticket, error_per_mille: u32, rng: &mut SeededRng) -> Ticket {
    let mut seen = ticket.clone();
    if let Some(cover) = ticket.cover
        && slip(rng, error_per_mille)
    {
        seen.case = cover;
    }
    if let Some(other) = across_edge(seen.case)
        && slip(rng, error_per_mille)
    {
        seen.case = other;
    }
    if let Case::Deletion { verified } = seen.case
        && slip(rng, error_per_mille)
    {
        seen.case = Case::Deletion {
            verified: !verified,
        };
    }
    if plan_lifts(seen.case, seen.customer.plan) && slip(rng, error_per_mille) {
        seen.customer.plan = Plan::Business;
    }
    // A case an article decides: the article missed or misapplied (the
    // window, goodwill or the plan's rule; the incident's days), each a
    // chance to decide it the other way.
    if matches!(seen.case, Case::RefundRuled { .. } | Case::FeeRuled { .. }) {
        let flips = (0..2).filter(|_| slip(rng, error_per_mille)).count();
        if flips % 2 == 1 {
            seen.case = match seen.case {
                Case::RefundRuled { resolved, rule } => Case::RefundRuled {
                    resolved: !resolved,
                    rule,
                },
                Case::FeeRuled { resolved, rule } => Case::FeeRuled {
                    resolved: !resolved,
                    rule,
                },
                other => other,
            };
        }
    }
    // A pro-rated refund: the months miscounted by one (the reply states
    // another amount), or the converted refund put on the wrong side of
    // its limit.
    if let Case::RefundProrated { over_limit } = seen.case {
        if slip(rng, error_per_mille)
            && let Some(invoice) = seen.records.as_mut().and_then(|r| r.invoice.as_mut())
        {
            invoice.charged = invoice.charged.plus(31);
        }
        if slip(rng, error_per_mille) {
            seen.case = Case::RefundProrated {
                over_limit: !over_limit,
            };
        }
    }
    seen
}

/// The decisions (bits, out of the first `decisions`) a slipping reader
/// gets wrong on `ticket`: each with the rate, and one more drawn among
/// them for each distractor sentence that sways it.
fn wrong_decisions(
    ticket: &Ticket,
    decisions: u32,
    error_per_mille: u32,
    rng: &mut SeededRng,
) -> u32 {
    let mut wrong = 0;
    for decision in 0..decisions {
        if slip(rng, error_per_mille) {
            wrong |= 1 << decision;
        }
    }
    for _ in 0..ticket.distractors {
        if slip(rng, error_per_mille) {
            wrong |= 1 << rng.below(decisions);
        }
    }
    wrong
}

/// A value of `all` other than the policy's (`gold`) and the one read
/// (`read`), drawn uniformly: a wrong decision is wrong even when a
/// misread fact already moved it.
fn other<T: Copy + PartialEq>(all: &[T], gold: T, read: T, rng: &mut SeededRng) -> T {
    let others: Vec<T> = all
        .iter()
        .copied()
        .filter(|v| *v != gold && *v != read)
        .collect();
    others.get(rng.index(others.len())).copied().unwrap_or(read)
}

/// The noisy reference's next action for the desk as it stands: the
/// reference's order (open, triage, reply, disposition, ticket by ticket,
/// then submit), each decision taken once, when it is first unset.
pub fn next_action(
    exceptions: bool,
    desk: &Desk,
    (work, viewed, inquiries): (&[Work], &[bool], &Inquiries),
    error_per_mille: u32,
    rng: &mut SeededRng,
) -> SupportTriageAction {
    let decisions = if exceptions { 4 } else { 2 };
    for (i, ticket) in desk.tickets.iter().enumerate() {
        let id = ticket.id.as_str();
        if !viewed.get(i).copied().unwrap_or(false) {
            return SupportTriageAction::on(Command::ViewTicket, id);
        }
        if let Some(inquiry) = next_inquiry(exceptions, desk, i, inquiries) {
            return inquiry;
        }
        // Section 8: a ticket that needs nothing is left as it is, unless
        // misjudged; a near miss misjudged is left alone.
        let needs_nothing = ticket.needs_nothing.is_some();
        if needs_nothing != misjudges_need(ticket, error_per_mille) {
            continue;
        }
        let done = work.get(i).cloned().unwrap_or_default();
        let triage = done.priority.is_none() || done.department.is_none();
        let reply = exceptions && done.reply.is_none();
        let disposition = exceptions && done.disposition.is_none();
        if !(triage || reply || disposition) {
            continue;
        }
        let seen = misread(ticket, error_per_mille, rng);
        let wrong = wrong_decisions(ticket, decisions, error_per_mille, rng);
        let slipped = |decision: u32| wrong & (1 << decision) != 0;
        if triage {
            let mut priority = policy::priority(seen.case, seen.customer.plan);
            if slipped(PRIORITY) {
                let gold = policy::priority(ticket.case, ticket.customer.plan);
                priority = other(Priority::ALL, gold, priority, rng);
            }
            let mut department = policy::department(seen.case);
            if slipped(DEPARTMENT) {
                let gold = policy::department(ticket.case);
                department = other(Department::ALL, gold, department, rng);
            }
            return SupportTriageAction {
                priority: Some(priority),
                department: Some(department),
                ..SupportTriageAction::on(Command::SetTriage, id)
            };
        }
        if reply {
            let mut answered = seen;
            if slipped(REPLY) {
                // The reply another kind of exception needs.
                let rules = [ticket.case, answered.case].map(policy::reply_rules);
                let others: Vec<Case> = EXCEPTIONS
                    .into_iter()
                    .filter(|c| !rules.contains(&policy::reply_rules(*c)))
                    .collect();
                if let Some(case) = others.get(rng.index(others.len())) {
                    answered.case = *case;
                }
            }
            return SupportTriageAction {
                reply_body: Some(reference::reference_reply(desk.vendor, &answered)),
                ..SupportTriageAction::on(Command::DraftReply, id)
            };
        }
        // A request misread as routine (the billing request an exception
        // was written over) looks settled at the desk.
        let read = |t: &Ticket| policy::disposition(t.case).unwrap_or(Disposition::Resolved);
        let mut chosen = read(&seen);
        if slipped(DISPOSITION) {
            chosen = other(Disposition::ALL, read(ticket), chosen, rng);
        }
        return SupportTriageAction {
            disposition: Some(chosen),
            ..SupportTriageAction::on(Command::SetDisposition, id)
        };
    }
    SupportTriageAction::command(Command::SubmitEpisode)
}
