//! The ticket desk's types and difficulty levels, and the pieces both
//! desks draw their tickets with (the routine desk of [`super::generate`],
//! the records desk of [`super::records_desk`]): a routine case, a customer
//! and a ticket's text. Tickets are written from a [`Case`] so that the
//! facts the policy reads (scope, workaround, amount, dates, sender) are
//! stated only in the body and the customer record.
//!
//! Routine tickets (tasks `easy` and `medium`) draw the gold priority
//! uniformly, then a department the priority allows, then a situation and a
//! plan that give exactly that pair under the policy; so constant labels
//! score about a quarter of the priority and a third of the department.
//! Subjects are drawn from generic lines and from topical lines shared by
//! every case alike, so the subject says nothing about the labels.

use super::names::*;
use super::policy::{
    Case, DUPLICATE_HIGH_CENTS, FEE_WAIVER_LIMIT_CENTS, Plan, WAIVER_COOLDOWN_DAYS, priority,
};
use crate::dates::{Day, clock};
use crate::grading::format_cents;
use crate::rng::SeededRng;

use super::action::{Department, Priority};
use super::records::Records;
use super::tasks::Task;

/// The customer behind a ticket, as the account record shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    /// Given name.
    pub first: String,
    /// Family name.
    pub last: String,
    /// The customer's company, the account holder.
    pub company: String,
    /// The email address on file, which a verified request comes from.
    pub account_email: String,
    /// The account's plan.
    pub plan: Plan,
    /// The day the account opened.
    pub since: Day,
    /// Paid seats on the account.
    pub seats: u32,
    /// The day of the account's last late-fee waiver; `None` if it never had one.
    pub last_fee_waiver: Option<Day>,
}

impl Customer {
    /// Given and family name, as a reply addresses the customer.
    pub fn name(&self) -> String {
        format!("{} {}", self.first, self.last)
    }
}

/// One ticket in the inbox, with the hidden case it was written from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticket {
    /// The ticket's id as the inbox shows it (`T-4821`).
    pub id: String,
    /// The day the ticket arrived.
    pub received: Day,
    /// Minutes after midnight.
    pub minute: u32,
    /// The address the ticket was sent from (the account email or another).
    pub from: String,
    /// The subject line, which never states the case's facts.
    pub subject: String,
    /// The customer's message.
    pub body: String,
    /// The vendor's product the ticket is about.
    pub product: String,
    /// Whose account the ticket is on.
    pub customer: Customer,
    /// The hidden facts the gold labels follow from.
    pub case: Case,
    /// The request `case` outranks, written first in the same body (a
    /// refund request that ends in a legal threat): the policy applies the
    /// first exception that matches, so `case` decides every label.
    pub cover: Option<Case>,
    /// How many distractor sentences the body holds.
    pub distractors: usize,
    /// The customer's records on the records desk (levels 4 and 5).
    pub records: Option<Records>,
    /// Levels 4 and 5: why the ticket needs nothing (policy section 8);
    /// `None` for a ticket to handle.
    pub needs_nothing: Option<Nothing>,
    /// Levels 4 and 5: a ticket to handle that looks like one that needs
    /// nothing, or like an incident's (a second ticket of a customer about
    /// another problem, a call that settled nothing, a closed incident's
    /// failure): a reader can take it either way.
    pub near_miss: bool,
}

/// Why a ticket needs nothing (policy section 8).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nothing {
    /// An out-of-office or other automatic reply.
    AutoReply,
    /// A copy of this earlier ticket of the same customer.
    Copy(String),
    /// The customer writes that the problem is solved.
    Solved,
    /// Solved, as the customer's later ticket (this one) says.
    SolvedLater(String),
    /// Settled by a teammate on a call, as the account record says.
    Teammate,
    /// Reports this open incident of the status article.
    Incident(String),
}

impl Nothing {
    /// Why, in the final feedback's words.
    pub fn describe(&self) -> String {
        match self {
            Nothing::AutoReply => "an automatic reply".to_owned(),
            Nothing::Copy(of) => format!("a copy of {of}"),
            Nothing::Solved => "the customer writes the problem is solved".to_owned(),
            Nothing::SolvedLater(by) => format!("solved, as the customer's later {by} says"),
            Nothing::Teammate => "settled by a teammate on a call (account record)".to_owned(),
            Nothing::Incident(id) => format!("reports open incident {id}"),
        }
    }
}

impl Ticket {
    pub(crate) fn received_text(&self) -> String {
        format!("{} {}", self.received.header(), clock(self.minute))
    }
}

/// The desk of one episode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Desk {
    /// The vendor's name: the company whose products the tickets are about.
    pub vendor: &'static str,
    /// The inbox, in arrival order.
    pub tickets: Vec<Ticket>,
    /// The knowledge base of levels 4 and 5.
    pub kb: Option<super::kb::Kb>,
}

/// RNG streams per task, so the tasks of one seed are independent.
pub(super) fn stream(task: Task) -> u64 {
    match task {
        Task::Medium => 0x5417_0002,
        Task::Hard => 0x5417_0003,
        Task::Easy => 0x5417_0001,
    }
}

/// What a difficulty level changes in the desk, never the policy: how many
/// tickets, and how many facts interact on each. Chances are in quarters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Tickets in the `medium` queue, least and most (one in the others).
    pub queue: (i64, i64),
    /// A refund date drawn at the 30-day edge.
    pub(super) date_edge: u32,
    /// A duplicate charge or a late fee drawn at its amount limit.
    pub(super) amount_edge: u32,
    /// Distractor sentences per ticket, in halves: one more with even odds
    /// when odd.
    pub(super) distractor_halves: usize,
    /// A legal threat or a security incident written over a billing request.
    pub(super) cover: u32,
    /// A routine ticket sent from a personal address, in sixths.
    pub(super) personal: u32,
    /// Whether the Enterprise plan rule may lift a ticket's priority.
    pub(super) plan_rule: bool,
    /// The records desk ([`super::records`]): the customer record, the
    /// invoices and the customer's answers behind commands, amounts in
    /// other currencies, and a step limit that leaves this many lookups
    /// (the `medium` queue holds at most this many tickets the plan rule
    /// can lift, each needing one). `None` below level 4.
    pub records: Option<u32>,
    /// In the exception task, the share (in quarters) of refunds whose
    /// invoice is annual and pro-rated (records desk only).
    pub(super) annual: u32,
    /// In the exception task of the records desk, the odds (in quarters)
    /// that a refund or late fee is decided by a knowledge-base article
    /// (an add-on's or currency's window, goodwill, a plan's fee rule, the
    /// payment-page incident) rather than by section 4.
    pub(super) ruled: u32,
    /// In the triage tasks of the records desk, how often a ticket is a
    /// near miss (another problem of a customer already in the queue, a
    /// call that settled nothing, a closed incident's failure, an open
    /// incident's endpoint with occasional errors, a solved problem with
    /// a new question): a multiplier of the base odds.
    pub(super) near_misses: u32,
}

/// Levels 1 to 5; level 2 is the desk as first written.
pub const LEVELS: [Level; 5] = [
    Level {
        queue: (2, 3),
        date_edge: 0,
        amount_edge: 0,
        distractor_halves: 0,
        cover: 0,
        personal: 0,
        plan_rule: false,
        records: None,
        annual: 0,
        ruled: 0,
        near_misses: 0,
    },
    Level {
        queue: (3, 5),
        date_edge: 1,
        amount_edge: 0,
        distractor_halves: 1,
        cover: 0,
        personal: 1,
        plan_rule: true,
        records: None,
        annual: 0,
        ruled: 0,
        near_misses: 0,
    },
    Level {
        queue: (5, 7),
        date_edge: 2,
        amount_edge: 1,
        distractor_halves: 2,
        cover: 1,
        personal: 2,
        plan_rule: true,
        records: None,
        annual: 0,
        ruled: 0,
        near_misses: 0,
    },
    Level {
        queue: (9, 9),
        date_edge: 3,
        amount_edge: 2,
        distractor_halves: 4,
        cover: 2,
        personal: 2,
        plan_rule: true,
        records: Some(4),
        annual: 2,
        ruled: 2,
        near_misses: 1,
    },
    Level {
        queue: (12, 12),
        date_edge: 4,
        amount_edge: 4,
        distractor_halves: 6,
        cover: 4,
        personal: 3,
        plan_rule: true,
        records: Some(5),
        annual: 4,
        ruled: 4,
        near_misses: 2,
    },
];

/// The shape of `level` (1 to 5; out of range, the nearest).
pub fn level(level: u8) -> &'static Level {
    &LEVELS[crate::task::level_index(level)]
}

/// True with `quarters` / 4 odds, drawing only when the odds are not 0
/// (so a level without a trap draws as the desk did before levels).
pub(super) fn odds(rng: &mut SeededRng, quarters: u32) -> bool {
    quarters > 0 && rng.chance(quarters, 4)
}
/// Which plans a situation may be drawn with.
#[derive(Clone, Copy)]
enum Plans {
    Any,
    Enterprise,
    NotEnterprise,
}

fn draw_plan(rng: &mut SeededRng, plans: Plans) -> Plan {
    match plans {
        Plans::Any => *rng.pick(&Plan::ALL),
        Plans::Enterprise => Plan::Enterprise,
        Plans::NotEnterprise => *rng.pick(&[Plan::Free, Plan::Starter, Plan::Business]),
    }
}

fn duplicate(rng: &mut SeededRng, level: &Level, high: bool) -> Case {
    let cents = if odds(rng, level.amount_edge) {
        // Within $5.00 of the $200.00 line, on its side.
        let offset = i64::from(rng.below(500));
        if high {
            DUPLICATE_HIGH_CENTS + offset
        } else {
            DUPLICATE_HIGH_CENTS - 1 - offset
        }
    } else if high {
        rng.range(DUPLICATE_HIGH_CENTS / 100, 2400) * 100 + i64::from(rng.below(100))
    } else {
        rng.range(9, DUPLICATE_HIGH_CENTS / 100 - 1) * 100 + i64::from(rng.below(100))
    };
    Case::DuplicateCharge { cents }
}

/// A routine medium-priority billing case (refund and fee tickets
/// included; their disposition is not graded outside the hard task).
pub(super) fn billing_medium(rng: &mut SeededRng, level: &Level) -> Case {
    match rng.below(4) {
        0 => duplicate(rng, level, false),
        1 => Case::InvoiceCorrection,
        2 => Case::Refund {
            invoice_named: rng.chance(3, 4),
            days_since_charge: rng.range(3, 70),
        },
        _ => Case::FeeWaiver {
            cents: rng.range(15, 150) * 100,
            waived_within_year: rng.chance(1, 3),
        },
    }
}

fn technical_medium(rng: &mut SeededRng) -> Case {
    match rng.below(3) {
        0 => Case::Crash { workaround: true },
        1 => Case::ApiErrors { all_failing: false },
        _ => Case::Slow,
    }
}

/// A routine ticket: the gold priority uniformly, a department it allows,
/// then a situation and plan that give that pair.
pub(super) fn routine_case(rng: &mut SeededRng, level: &Level) -> (Case, Plan) {
    use Department::*;
    use Priority::*;
    // The third way to a high ticket is a medium one lifted by the plan rule.
    let high_ways = if level.plan_rule { 3 } else { 2 };
    let target = *rng.pick(&[Low, Medium, High, Urgent]);
    let department = match target {
        Urgent => *rng.pick(&[Technical, Billing]),
        _ => *rng.pick(&[Technical, Billing, General]),
    };
    let (case, plans) = match (department, target) {
        (Technical, Urgent) => match rng.below(3) {
            0 => (Case::SignIn { whole_org: true }, Plans::Any),
            1 => (Case::ApiErrors { all_failing: true }, Plans::Any),
            _ => (
                Case::Security {
                    leaked_key: rng.chance(1, 2),
                },
                Plans::Any,
            ),
        },
        (Technical, High) => match rng.below(high_ways) {
            0 => (Case::SignIn { whole_org: false }, Plans::Any),
            1 => (Case::Crash { workaround: false }, Plans::Any),
            _ => (technical_medium(rng), Plans::Enterprise),
        },
        (Technical, Medium) => (technical_medium(rng), Plans::NotEnterprise),
        (Technical, Low) => (Case::HowTo, Plans::Any),
        (Billing, Urgent) => (Case::Suspended { whole_org: true }, Plans::Any),
        (Billing, High) => match rng.below(high_ways) {
            0 => (Case::Suspended { whole_org: false }, Plans::Any),
            1 => (duplicate(rng, level, true), Plans::Any),
            _ => (billing_medium(rng, level), Plans::Enterprise),
        },
        (Billing, Medium) => (billing_medium(rng, level), Plans::NotEnterprise),
        (Billing, Low) => (Case::Pricing, Plans::Any),
        (General, High) => match rng.below(high_ways) {
            0 => (Case::Legal, Plans::Any),
            1 => (
                Case::Deletion {
                    verified: rng.chance(1, 2),
                },
                Plans::Any,
            ),
            _ => (Case::AccountChange, Plans::Enterprise),
        },
        (General, Medium) => (Case::AccountChange, Plans::NotEnterprise),
        (General, _) => (
            if rng.chance(1, 2) {
                Case::FeatureRequest
            } else {
                Case::Feedback
            },
            Plans::Any,
        ),
    };
    let plan = draw_plan(rng, plans);
    debug_assert_eq!(priority(case, plan), target);
    (case, plan)
}
/// A customer whose name no earlier ticket of the desk uses, so one name
/// never comes with two different customer records.
pub(super) fn customer(
    rng: &mut SeededRng,
    plan: Plan,
    received: Day,
    case: Case,
    earlier: &[Ticket],
) -> Customer {
    let (mut first, mut last) = (*rng.pick(FIRST_NAMES), *rng.pick(LAST_NAMES));
    while earlier
        .iter()
        .any(|t| t.customer.first == first && t.customer.last == last)
    {
        (first, last) = (*rng.pick(FIRST_NAMES), *rng.pick(LAST_NAMES));
    }
    let (company, domain) = *rng.pick(COMPANIES);
    let seats = match plan {
        Plan::Free => rng.range(1, 3),
        Plan::Starter => rng.range(2, 10),
        Plan::Business => rng.range(5, 60),
        Plan::Enterprise => rng.range(40, 400),
    } as u32;
    // Fee-waiver history: it decides fee cases and is noise elsewhere.
    let last_fee_waiver = match case {
        Case::FeeWaiver {
            waived_within_year: true,
            ..
        } => Some(received.plus(-rng.range(20, WAIVER_COOLDOWN_DAYS - 5))),
        Case::FeeWaiver { .. } if rng.chance(1, 2) => None,
        Case::FeeWaiver { .. } => Some(received.plus(-rng.range(WAIVER_COOLDOWN_DAYS + 5, 900))),
        _ if rng.chance(1, 4) => Some(received.plus(-rng.range(20, 900))),
        _ => None,
    };
    Customer {
        first: first.to_owned(),
        last: last.to_owned(),
        company: company.to_owned(),
        account_email: format!("{}.{}@{domain}", first.to_lowercase(), last.to_lowercase()),
        plan,
        since: received.plus(-rng.range(40, 2600)),
        seats,
        last_fee_waiver,
    }
}

pub(super) fn money(cents: i64) -> String {
    format!("${}", format_cents(cents))
}

/// `9 April`, `2026-04-09` or `Thursday 9 April`: dates as people write them.
fn date_text(rng: &mut SeededRng, day: Day) -> String {
    let long = day.long();
    match rng.below(3) {
        0 => long
            .split_once(' ')
            .map(|(_, rest)| rest.to_owned())
            .unwrap_or(long),
        1 => day.iso(),
        _ => long,
    }
}

fn invoice(rng: &mut SeededRng) -> String {
    format!("INV-{}", rng.range(10_000, 99_999))
}

const GENERIC_SUBJECTS: &[&str] = &[
    "Need help",
    "Quick question",
    "Please help",
    "Support request",
    "Following up",
    "Problem with my account",
    "Urgent",
    "URGENT!!",
    "Re: my account",
    "Can someone look at this?",
    "Issue today",
    "Help please",
];

// Topical subjects come in themes. A ticket's subject is drawn from every
// theme alike, whatever its case (customers title tickets loosely: "Invoice"
// over a crash report happens as often as over a refund), so nothing the
// inbox shows before a ticket is opened predicts its labels.
const ACCESS: &[&str] = &[
    "Access issue",
    "Can't get in",
    "Login problem",
    "Locked out",
];
const INVOICE: &[&str] = &["Question about my invoice", "Invoice", "Billing question"];
const APP: &[&str] = &["App problem", "Bug report", "Something is not right"];
const IDEAS: &[&str] = &["Feedback", "Suggestion", "A thought about the product"];
const ACCOUNT: &[&str] = &["Account request", "Account change", "About our account"];
const PAYMENT: &[&str] = &["Charge on my card", "Payment problem", "Charged again"];
const DATA: &[&str] = &["Data question", "Our data", "Privacy"];
const API: &[&str] = &["API question", "Integration", "Developer question"];
const THEMES: &[&[&str]] = &[ACCESS, INVOICE, APP, IDEAS, ACCOUNT, PAYMENT, DATA, API];

const GREETINGS: &[&str] = &[
    "Hi,",
    "Hello,",
    "Hello support team,",
    "Hi there,",
    "Good morning,",
];

const SIGN_OFFS: &[&str] = &[
    "Thanks,",
    "Best,",
    "Regards,",
    "Thank you,",
    "Cheers,",
    "Kind regards,",
];

/// Sentences that change no fact the policy reads: praise, tone, urgency
/// words, a billing mention in a technical ticket and the like.
pub(super) const DISTRACTORS: &[&str] = &[
    "Also, the new dashboard looks great.",
    "Our last invoice is attached in case you need our account details.",
    "I tried the help centre first but couldn't find anything.",
    "Please treat this as a top priority!!",
    "This is really URGENT for us.",
    "No rush on this one.",
    "We have been customers for years and usually love the product.",
    "Sorry if this is the wrong address for this.",
    "I already mentioned this to your sales rep last week.",
];

/// The subject themes and the body text of `case`, for `customer`; a case
/// about the API or an app names that `product`.
fn situation(
    rng: &mut SeededRng,
    vendor: &str,
    product: &mut String,
    customer: &Customer,
    (received, minute): (Day, u32),
    case: Case,
) -> (&'static [&'static [&'static str]], String) {
    let company = &customer.company;
    let earlier = |rng: &mut SeededRng| clock(rng.range(6 * 60, minute.max(7 * 60) as i64) as u32);
    match case {
        Case::SignIn { whole_org: true } => {
            let n = rng.range(6, 60);
            let error = *rng.pick(SIGN_IN_ERRORS);
            let since = earlier(rng);
            (
                &[ACCESS],
                match rng.below(3) {
                    0 => format!(
                        "Since about {since} nobody at {company} can sign in to {product}. All {n} of our users get \"{error}\" on the login page, so the whole team is stuck."
                    ),
                    1 => format!(
                        "None of our {n} accounts can log in to {product} this morning. Every person on the team sees the same message: \"{error}\". We tried other browsers and networks."
                    ),
                    _ => format!(
                        "Our entire organisation is locked out of {product}: {n} people, and every one of them gets \"{error}\" after entering their password. Nobody can work."
                    ),
                },
            )
        }
        Case::SignIn { whole_org: false } => {
            let n = rng.range(3, 40);
            let error = *rng.pick(SIGN_IN_ERRORS);
            match rng.below(3) {
                0 => (
                    &[ACCESS][..],
                    format!(
                        "I can't sign in to {product} since this morning: it says \"{error}\". My colleagues can still log in fine, it is only my account, and I can't do any of my work without it."
                    ),
                ),
                1 => (
                    &[ACCESS][..],
                    format!(
                        "My login stopped working after I reset my password yesterday. I get \"{error}\" every time. The rest of the team ({n} people) has no problem, but I'm completely blocked."
                    ),
                ),
                _ => (
                    &[ACCESS, INVOICE][..],
                    format!(
                        "I need to download an invoice for our accountant but I cannot sign in to {product}: \"{error}\". Everyone else at {company} can log in; it is just me, and I have no other way in."
                    ),
                ),
            }
        }
        Case::Crash { workaround } => {
            let platform = *rng.pick(PLATFORMS);
            let screen = *rng.pick(SCREENS);
            *product = format!("{vendor} {platform} app");
            (
                &[APP],
                match (workaround, rng.below(2)) {
                    (true, 0) => format!(
                        "The {platform} app crashes whenever I open the {screen} screen. The web version still works, so I'm using that for now, but please fix it."
                    ),
                    (true, _) => format!(
                        "Since the last update, {product} closes as soon as I tap {screen}. I can get the same data from the browser version in the meantime."
                    ),
                    (false, 0) => format!(
                        "The {platform} app closes as soon as I open {screen}. I've reinstalled it twice. Our field staff only have the app and there is no other way for them to record their work, so they're blocked."
                    ),
                    (false, _) => format!(
                        "{product} crashes every time I try to open {screen}, and the browser version doesn't have that screen. I cannot finish my work at all until this is fixed."
                    ),
                },
            )
        }
        Case::ApiErrors { all_failing } => {
            let endpoint = *rng.pick(ENDPOINTS);
            *product = format!("{vendor} API");
            let since = earlier(rng);
            (
                &[API, APP],
                match (all_failing, rng.below(2)) {
                    (true, 0) => format!(
                        "Every call to {endpoint} has returned HTTP 500 since {since}. Our production integration is down and none of our orders are syncing."
                    ),
                    (true, _) => format!(
                        "Our live integration stopped working at {since}: all requests to {endpoint} fail with 500 errors, retries included. Our whole operation depends on it."
                    ),
                    (false, 0) => format!(
                        "About one in {} calls to {endpoint} returns HTTP 500. When our job retries, the call succeeds, so nothing is lost, but the logs are noisy.",
                        rng.range(10, 50)
                    ),
                    (false, _) => format!(
                        "We see occasional 500 errors from {endpoint}, a few per hour. A retry always works, so it's not blocking us, but could you look into it?"
                    ),
                },
            )
        }
        Case::Slow => {
            let seconds = rng.range(8, 45);
            (
                &[APP, IDEAS],
                if rng.chance(1, 2) {
                    format!(
                        "Reports in {product} take about {seconds} seconds to load since last week. Everything works, it is just slow."
                    )
                } else {
                    format!(
                        "{product} has been very slow for us since {}: pages take {seconds} seconds or more. Nothing is broken, but it's frustrating.",
                        rng.pick(WEEKDAYS)
                    )
                },
            )
        }
        Case::HowTo => {
            let task = *rng.pick(HOW_TO);
            (
                &[API, DATA, APP, IDEAS],
                if rng.chance(1, 2) {
                    format!("How do I {task} in {product}? I couldn't find it in the help centre.")
                } else {
                    format!(
                        "Quick question: is there a way to {task}? I've looked around the settings but can't see it."
                    )
                },
            )
        }
        Case::Security { leaked_key: false } => {
            let city = *rng.pick(CITIES);
            let when = earlier(rng);
            (
                &[ACCESS, DATA],
                match rng.below(3) {
                    0 => format!(
                        "I just got an email saying someone signed in to my {product} account from {city} at {when}. That wasn't me and I don't recognise the device."
                    ),
                    1 => format!(
                        "There are sign-ins on my account from {city} that I did not make, the last one {} minutes ago. I haven't shared my password with anyone.",
                        rng.range(5, 50)
                    ),
                    _ => format!(
                        "A colleague who left {company} last month can apparently still get into our {product} workspace: I saw changes under her name this morning."
                    ),
                },
            )
        }
        Case::Security { leaked_key: true } => {
            *product = format!("{vendor} API");
            (
                &[API, DATA, ACCESS],
                if rng.chance(1, 2) {
                    format!(
                        "One of our developers pushed our {product} key to a public GitHub repository about an hour ago. We removed the commit, but the key was public for a while."
                    )
                } else {
                    format!(
                        "We just found our live {product} key pasted in a public forum post. We don't know who has seen it."
                    )
                },
            )
        }
        Case::Suspended { whole_org } => {
            let n = rng.range(5, 80);
            (
                &[ACCESS, PAYMENT, ACCOUNT],
                match (whole_org, rng.below(2)) {
                    (true, 0) => format!(
                        "Our card payment failed and now the whole {company} account is suspended. None of our {n} users can open {product}."
                    ),
                    (true, _) => format!(
                        "Our subscription payment bounced, and since this morning everyone at {company} ({n} people) sees \"Account suspended\" when they sign in."
                    ),
                    (false, 0) => "My seat was deactivated after the card on my own sub-account expired. The rest of the team still has access but I can't open anything.".to_owned(),
                    (false, _) => "I see \"Seat suspended: payment required\" when I log in. My colleagues are fine; I think it's because my department's card was declined.".to_owned(),
                },
            )
        }
        Case::DuplicateCharge { cents } => {
            let amount = money(cents);
            let day = received.plus(-rng.range(1, 12));
            let date = date_text(rng, day);
            let inv = invoice(rng);
            (
                &[PAYMENT, INVOICE],
                match rng.below(3) {
                    0 => format!(
                        "I was charged {amount} twice on {date} for the same invoice ({inv}). Please look into the duplicate."
                    ),
                    1 => format!(
                        "Our bank statement shows two identical payments of {amount} to {vendor} on {date}. We only have one invoice ({inv})."
                    ),
                    _ => format!(
                        "The payment page showed an error, so I paid again, and now both payments of {amount} went through on {date} ({inv})."
                    ),
                },
            )
        }
        Case::InvoiceCorrection => {
            let inv = invoice(rng);
            (
                &[INVOICE, ACCOUNT],
                if rng.chance(1, 2) {
                    format!(
                        "Our invoice {inv} shows our old company name. Could you reissue it as {company}? Our finance team needs it for the month-end close."
                    )
                } else {
                    format!(
                        "Invoice {inv} is missing our VAT number (GB{}). Can you add it and send a corrected copy?",
                        rng.range(100_000_000, 999_999_999)
                    )
                },
            )
        }
        Case::Pricing => {
            let other = *rng.pick(&["Business", "Enterprise", "Starter"]);
            (
                &[INVOICE, ACCOUNT],
                if rng.chance(1, 2) {
                    format!(
                        "What would it cost to move to the {other} plan for {} users? Is there a discount for paying yearly?",
                        rng.range(3, 90)
                    )
                } else {
                    format!(
                        "Before our renewal: do you offer a nonprofit discount, and what is the price per seat on the {other} plan?"
                    )
                },
            )
        }
        Case::FeatureRequest => {
            let feature = *rng.pick(FEATURES);
            (
                &[IDEAS, API, APP],
                if rng.chance(1, 2) {
                    format!(
                        "It would be great if {product} could {feature}. Is that on your roadmap?"
                    )
                } else {
                    format!(
                        "Feature request: please let us {feature}. Several people on our team have asked for it."
                    )
                },
            )
        }
        Case::Feedback => {
            let screen = *rng.pick(SCREENS);
            (
                &[IDEAS, APP],
                if rng.chance(1, 2) {
                    format!(
                        "Just wanted to say the new {screen} screen is a big improvement. The team loves it."
                    )
                } else {
                    format!(
                        "Some feedback after our first month: the onboarding was smooth, though the {screen} page could use clearer labels."
                    )
                },
            )
        }
        Case::AccountChange => {
            let other = format!("{} {}", rng.pick(FIRST_NAMES), rng.pick(LAST_NAMES));
            (
                &[ACCOUNT, ACCESS],
                if rng.chance(1, 2) {
                    format!(
                        "{other} has left {company}. Please transfer ownership of our workspace to me; I'm the new account admin."
                    )
                } else {
                    format!(
                        "Please change our account email to {}. We are retiring the old mailbox.",
                        customer.account_email.replacen('.', "-", 1)
                    )
                },
            )
        }
        Case::Legal => {
            let inv = invoice(rng);
            let amount = money(rng.range(40, 900) * 100);
            let day = received.plus(-rng.range(2, 60));
            let date = date_text(rng, day);
            (
                &[PAYMENT, INVOICE, ACCOUNT],
                match rng.below(3) {
                    0 => format!(
                        "This is the third time I've been charged for a plan we cancelled on {date} ({inv}, {amount}). If this isn't sorted out this week I will hand the matter to our lawyer."
                    ),
                    1 => format!(
                        "Your outage on {date} cost us a day of sales. I have asked our solicitor to prepare a claim against {vendor} for our losses."
                    ),
                    _ => format!(
                        "I am filing a complaint with the consumer protection regulator about the charge of {amount} on {inv} ({date}) unless this is resolved properly."
                    ),
                },
            )
        }
        Case::Deletion { verified } => {
            let tip = if !verified && rng.chance(1, 2) {
                " I'm writing from my personal address because I no longer use my work mailbox."
            } else {
                ""
            };
            (
                &[DATA, ACCOUNT],
                match rng.below(3) {
                    0 => format!(
                        "Please delete all personal data you hold about me and close my account. I no longer use {product}.{tip}"
                    ),
                    1 => format!(
                        "Under data protection law I request the erasure of my account and every record you keep about me.{tip}"
                    ),
                    _ => format!(
                        "We are leaving {vendor}. Please remove all of our company's data from your systems, including backups.{tip}"
                    ),
                },
            )
        }
        Case::Refund {
            invoice_named,
            days_since_charge,
        } => {
            let add_on = *rng.pick(ADD_ONS);
            let amount = money(rng.range(19, 640) * 100 + *rng.pick(&[0, 0, 50, 99]));
            let date = date_text(rng, received.plus(-days_since_charge));
            let inv = invoice(rng);
            (
                &[PAYMENT, INVOICE],
                match (invoice_named, rng.below(2)) {
                    (true, 0) => format!(
                        "I'd like a refund for invoice {inv}: we were charged {amount} on {date} for the {add_on}, which we never used."
                    ),
                    (true, _) => format!(
                        "Please refund {inv} ({amount}, charged on {date}). We cancelled the {add_on} right after it renewed."
                    ),
                    (false, 0) => format!(
                        "I want my money back for the {add_on} charge of {amount}. We never used it."
                    ),
                    (false, _) => format!(
                        "Could you refund one of our recent charges? We were billed on {date} for the {add_on} after we had cancelled it."
                    ),
                },
            )
        }
        // Written as the refund of a named invoice it asks for; the annual
        // term, the chargeback or the rule deciding it is on record (the
        // records desk writes the rest).
        Case::RefundProrated { .. } | Case::RefundChargeback { .. } | Case::RefundRuled { .. } => {
            let days_since_charge = match case {
                Case::RefundProrated { .. } => 60,
                Case::RefundChargeback { days_since_charge } => days_since_charge,
                _ => 10,
            };
            situation(
                rng,
                vendor,
                product,
                customer,
                (received, minute),
                Case::Refund {
                    invoice_named: true,
                    days_since_charge,
                },
            )
        }
        Case::FeeRuled { .. } => situation(
            rng,
            vendor,
            product,
            customer,
            (received, minute),
            Case::FeeWaiver {
                cents: FEE_WAIVER_LIMIT_CENTS,
                waived_within_year: false,
            },
        ),
        Case::FeeWaiver { cents, .. } => {
            let fee = money(cents);
            let inv = invoice(rng);
            (
                &[INVOICE, PAYMENT],
                if rng.chance(1, 2) {
                    format!(
                        "We were charged a late fee of {fee} on invoice {inv} because our card expired. Could you waive it? The invoice itself is paid now."
                    )
                } else {
                    format!(
                        "A late payment fee of {fee} appeared on {inv}. The delay was caused by our bank's holiday schedule. Is it possible to remove the fee?"
                    )
                },
            )
        }
    }
}

#[allow(
    clippy::too_many_arguments,
    reason = "the ticket's parts are drawn apart and written together, one argument each"
)]
pub(super) fn write_ticket(
    rng: &mut SeededRng,
    level: &Level,
    vendor: &str,
    id: String,
    received: Day,
    minute: u32,
    customer: Customer,
    (case, cover): (Case, Option<Case>),
) -> Ticket {
    let line = *rng.pick(PRODUCT_LINES);
    let mut product = format!("{vendor} {line}");
    let company = customer.company.clone();
    let first = customer.first.clone();
    let when = (received, minute);
    let (_, mut text) = situation(rng, vendor, &mut product, &customer, when, case);
    if let Some(cover) = cover {
        // The customer leads with the request the case outranks.
        let (_, cover_text) = situation(rng, vendor, &mut product, &customer, when, cover);
        text = format!("{cover_text} {text}");
    }
    // Drawn independently of the case: see THEMES.
    let subject = if rng.chance(1, 2) {
        (*rng.pick(GENERIC_SUBJECTS)).to_owned()
    } else {
        let theme = *rng.pick(THEMES);
        (*rng.pick(theme)).to_owned()
    };
    let halves = level.distractor_halves;
    let distractors = halves / 2 + usize::from(halves % 2 == 1 && rng.chance(1, 2));
    // Distinct sentences: 4 steps apart in a pool of 9 never meet.
    let mut distractor = String::new();
    if distractors > 0 {
        let start = rng.index(DISTRACTORS.len());
        for k in 0..distractors {
            distractor.push(' ');
            distractor.push_str(DISTRACTORS[(start + 4 * k) % DISTRACTORS.len()]);
        }
    }
    let signature = if rng.chance(1, 2) {
        first.clone()
    } else {
        format!("{}\n{company}", customer.name())
    };
    let body = format!(
        "{}\n\n{text}{distractor}\n\n{}\n{signature}",
        rng.pick(GREETINGS),
        rng.pick(SIGN_OFFS)
    );
    // Who wrote: the account email, except for unverified deletion requests
    // and, as noise, some routine tickets from a personal address.
    let personal = format!(
        "{}{}@{}",
        customer.first.to_lowercase(),
        rng.range(10, 99),
        rng.pick(PERSONAL_DOMAINS)
    );
    let from = match case {
        Case::Deletion { verified: false } => personal,
        Case::Deletion { verified: true } => customer.account_email.clone(),
        _ if level.personal > 0 && rng.chance(level.personal, 6) => personal,
        _ => customer.account_email.clone(),
    };
    Ticket {
        id,
        received,
        minute,
        from,
        subject,
        body,
        product,
        customer,
        case,
        cover,
        distractors,
        records: None,
        needs_nothing: None,
        near_miss: false,
    }
}
