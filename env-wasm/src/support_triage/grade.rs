//! The terminal graders. Triage tasks score priority and department per
//! ticket; the exception task also scores the disposition and the reply,
//! which is read by [`super::reply`] and held to the case's rules from
//! [`super::policy`]. A reply is read at its worst: a hedged promise
//! breaks a rule and delivers nothing, a promise it also declines delivers
//! nothing, the latest of several follow-up times is the one held to the
//! SLA, and a reply that pastes text from the observation (the
//! instruction, the policy, more than one sentence of the ticket) earns no
//! reply credit. Scores are
//! integer [`Points`]; the final feedback explains every criterion (the
//! episode is over, so it may).

use std::collections::BTreeMap;

use super::action::{CustomerRequest, Department, Disposition, Priority};
use super::generate::{Desk, Ticket};
use super::lookups::Exchange;
use super::policy::{self, ReplyRules};
use super::reply::{
    self, Commitment, DayWord, Extent, Finding, Move, Reading, Team, Violation, When,
};
use crate::grading::all_or_nothing;
use crate::points::Points;
use crate::rubric::{Criterion, Rubric};
use crate::text::{CopySource, Text};
use std::sync::OnceLock;

use super::names::VENDORS;

/// What the agent set on one ticket.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Work {
    /// The priority set, if any.
    pub priority: Option<Priority>,
    /// The department set, if any.
    pub department: Option<Department>,
    /// The reply drafted, if any (the last draft counts).
    pub reply: Option<String>,
    /// The disposition set, if any.
    pub disposition: Option<Disposition>,
}

/// A graded desk: criterion -> score in [0, 1], the weighted total, and
/// one line per ticket or criterion saying why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    /// Criterion -> score in [0, 1], in the rubric's names.
    pub criteria: BTreeMap<&'static str, Points>,
    /// The task score in [0, 1].
    pub total: Points,
    /// One line per ticket or criterion that lost points, saying why.
    pub notes: Vec<String>,
}

const TRIAGE_WEIGHTS: (Points, Points) = (Points(5000), Points(5000));

/// Weights of the exception task; they add up to 1.
pub const PRIORITY_WEIGHT: Points = Points(1500);
pub(crate) const DEPARTMENT_WEIGHT: Points = Points(1000);
pub(crate) const DISPOSITION_WEIGHT: Points = Points(2500);
pub(crate) const ELEMENTS_WEIGHT: Points = Points(1000);
pub(crate) const HANDLING_WEIGHT: Points = Points(1500);
pub(crate) const COMPLIANCE_WEIGHT: Points = Points(2500);

/// Tasks `easy` and `medium`.
pub static TRIAGE_RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("priority", TRIAGE_WEIGHTS.0, "Priority of each ticket").about(
        "The share of tickets opened (view_ticket) whose priority is the routing policy's; at levels 4 and 5 a ticket that needs nothing counts only when opened and nothing is set on it.",
    ),
    Criterion::new("department", TRIAGE_WEIGHTS.1, "Department of each ticket").about(
        "The share of tickets opened (view_ticket) whose department is the routing policy's; at levels 4 and 5 a ticket that needs nothing counts only when opened and nothing is set on it.",
    ),
]);

/// The exception task's gate of weight 0: disposition and department
/// both right.
pub const ROUTING: &str = "routing";

/// Task `hard`, the policy exception.
pub static EXCEPTION_RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("priority", PRIORITY_WEIGHT, "Priority")
        .about("The routing policy's priority; counted only on a ticket opened (view_ticket)."),
    Criterion::new("department", DEPARTMENT_WEIGHT, "Department")
        .about("The routing policy's department; counted only on a ticket opened (view_ticket)."),
    Criterion::new("disposition", DISPOSITION_WEIGHT, "Disposition")
        .about("The policy's disposition; counted only on a ticket opened (view_ticket), and on the records desk only once the customer was asked what the instruction says to ask first (ask_customer)."),
    // A reply handles its case only on a ticket set to do what it says:
    // the disposition says what happens next and the department who does
    // it. Without this gate one canned reply with constant labels is right
    // for every ticket of its case (a security request for every security
    // incident, 15% of the tickets) whatever the labels say, and scored
    // 0.31 over 500 seeds.
    Criterion::new(ROUTING, Points::ZERO, "Routed as the case needs").about(
        "The disposition and the department are both the policy's. Weight 0: the reply's handling and elements count only on a ticket routed so.",
    ),
    // Form credit only with substance: a name, an id and a time earn
    // nothing on a reply that does not handle its case (a canned reply
    // with the inbox's name and id handles none).
    Criterion::new(
        "reply_elements",
        ELEMENTS_WEIGHT,
        "Reply: required elements",
    )
    .about("The customer's name, the ticket id and a next step within the SLA; counted only for a reply that handles its case.")
    .gated("reply_handling", Points::FULL),
    Criterion::new("reply_handling", HANDLING_WEIGHT, "Reply: handles the case")
        .about(
            "The moves the policy asks of this case (decline, escalate, ask for what is needed); counted only when the disposition and department are right.",
        )
        .gated(ROUTING, Points::FULL),
    Criterion::new(
        "reply_compliance",
        COMPLIANCE_WEIGHT,
        "Reply: keeps to the policy",
    )
    .about("No forbidden commitment or statement, in any wording, in the reply or in any message sent with ask_customer."),
]);

fn mark(ok: bool) -> &'static str {
    if ok { "right" } else { "wrong" }
}

fn label<T: std::fmt::Display>(value: Option<T>) -> String {
    value.map_or_else(|| "unset".to_owned(), |v| v.to_string())
}

/// What was set on a ticket, as the final feedback lists it.
fn touched(work: &Work) -> String {
    touched_of(work, true, true)
}

/// What was set on a ticket of priority, department, the reply (when
/// `reply`) and the disposition (when `disposition`).
fn touched_of(work: &Work, reply: bool, disposition: bool) -> String {
    let mut set = Vec::new();
    if let Some(p) = work.priority {
        set.push(format!("priority {p}"));
    }
    if let Some(d) = work.department {
        set.push(format!("department {d}"));
    }
    if reply && work.reply.is_some() {
        set.push("a reply".to_owned());
    }
    if let Some(d) = work.disposition.filter(|_| disposition) {
        set.push(format!("disposition {d}"));
    }
    set.join(", ")
}

/// What the final feedback adds of `labels` (as [`touched_of`] lists
/// them) set on a ticket not `opened`: nothing when it was opened or
/// nothing was set.
fn unread(opened: bool, labels: &str) -> String {
    if opened || labels.is_empty() {
        return String::new();
    }
    format!(
        " Its {labels} were set on a ticket never opened (view_ticket), so they earn nothing: the instruction \
         asks to open a ticket before labelling it, and a label not read from its ticket is a guess."
    )
}

/// What the final feedback adds of a disposition that was `routed` as the
/// case needs but set without the request the instruction says to ask
/// first (`skipped`): nothing when it was asked or the disposition is
/// wrong anyway.
fn unasked(skipped: Option<CustomerRequest>, routed: bool) -> String {
    match skipped {
        Some(request) if routed => format!(
            " The disposition was set without asking the customer first (ask_customer, request {request}), as \
             the records instruction says to: it follows from their answer, so it earns nothing (the reply is \
             still read)."
        ),
        _ => String::new(),
    }
}

/// Tasks `easy` and `medium`: the mean over tickets of priority and
/// department, each all-or-nothing and earned only on a ticket opened
/// (`opened`, per ticket: the labels follow from its body, so labels set
/// without reading it are a guess, however they came out); a ticket that
/// needs nothing (levels 4 and 5) earns both only when it was opened (it
/// is judged after reading it, so an empty answer earns nothing) and
/// nothing is set on it.
pub fn grade_triage(tickets: &[Ticket], work: &[Work], opened: &[bool]) -> Grade {
    let mut priority_hits = 0u64;
    let mut department_hits = 0u64;
    let mut notes = Vec::new();
    for (i, (ticket, work)) in tickets.iter().zip(work).enumerate() {
        // A ticket that needs nothing is right only read and left as it
        // was (section 8).
        if let Some(why) = &ticket.needs_nothing {
            let untouched = *work == Work::default();
            let read = opened.get(i).copied().unwrap_or(false);
            priority_hits += u64::from(untouched && read);
            department_hits += u64::from(untouched && read);
            notes.push(if untouched && read {
                format!(
                    "{}: needs nothing ({}) and was opened and left as it was (right).",
                    ticket.id,
                    why.describe()
                )
            } else if untouched {
                format!(
                    "{}: needs nothing ({}), but was never opened: a ticket is left alone after reading it (wrong).",
                    ticket.id,
                    why.describe()
                )
            } else {
                format!(
                    "{}: needs nothing ({}), so it was to be left as it was (no priority, department, reply or disposition); it has {} (wrong).",
                    ticket.id,
                    why.describe(),
                    touched(work)
                )
            });
            continue;
        }
        let gold_priority = policy::priority(ticket.case, ticket.customer.plan);
        let gold_department = policy::department(ticket.case);
        let read = opened.get(i).copied().unwrap_or(false);
        let p = read && work.priority == Some(gold_priority);
        let d = read && work.department == Some(gold_department);
        priority_hits += u64::from(p);
        department_hits += u64::from(d);
        notes.push(format!(
            "{}: priority {} ({}; policy: {gold_priority}), department {} ({}; policy: {gold_department}).{}",
            ticket.id,
            label(work.priority),
            mark(p),
            label(work.department),
            mark(d),
            unread(read, &touched_of(work, false, false))
        ));
    }
    let n = tickets.len() as u64;
    let priority = Points::ratio(priority_hits, n);
    let department = Points::ratio(department_hits, n);
    let total = priority.weighted(TRIAGE_WEIGHTS.0) + department.weighted(TRIAGE_WEIGHTS.1);
    Grade {
        criteria: BTreeMap::from([("priority", priority), ("department", department)]),
        total,
        notes,
    }
}

/// A run of this many words taken verbatim from the observation is a
/// copy, not a reading.
pub const COPY_RUN: usize = 12;

/// A reply with this many copied words is a paste. A count, not a share
/// of the reply, so padding cannot dilute a paste into a quotation.
pub const PASTE_WORDS: usize = 20;

/// What the agent was shown, for telling a reply from a paste of it: the
/// instruction, the policy, the ticket and its customer record.
#[derive(Debug, Clone)]
pub struct Observed {
    /// The ticket and its record.
    ticket: CopySource,
    policy: &'static CopySource,
    instruction: Instruction,
}

/// The instruction shown: a stock one of [`stock`], or one read for this
/// episode.
#[derive(Debug, Clone)]
enum Instruction {
    Stock(&'static CopySource),
    // Boxed: a `Text` carries its words' opening bytes, which makes a
    // `CopySource` far larger than the stock variant's reference.
    Own(Box<CopySource>),
}

impl Instruction {
    fn source(&self) -> &CopySource {
        match self {
            Instruction::Stock(source) => source,
            Instruction::Own(source) => source,
        }
    }
}

/// The parts of the observation that every episode of a vendor shares, read
/// once: the policy, and the exception task's instruction per vendor.
struct Stock {
    policy: CopySource,
    instructions: Vec<(&'static str, CopySource)>,
}

fn stock() -> &'static Stock {
    static STOCK: OnceLock<Stock> = OnceLock::new();
    STOCK.get_or_init(|| Stock {
        policy: CopySource::new(&Text::new(policy::POLICY), COPY_RUN),
        instructions: VENDORS
            .iter()
            .map(|vendor| {
                let desk = Desk {
                    vendor,
                    tickets: Vec::new(),
                    kb: None,
                };
                let text = Text::new(&super::instruction::instruction(
                    super::tasks::Task::Hard,
                    &desk,
                ));
                (*vendor, CopySource::new(&text, COPY_RUN))
            })
            .collect(),
    })
}

impl Observed {
    /// `instruction` as shown, with the stock policy and `ticket`.
    pub fn new(instruction: &str, ticket: &Ticket) -> Observed {
        Observed {
            ticket: CopySource::new(&Text::new(&shown_ticket(ticket)), COPY_RUN),
            policy: &stock().policy,
            instruction: Instruction::Own(Box::new(CopySource::new(
                &Text::new(instruction),
                COPY_RUN,
            ))),
        }
    }

    /// What the agent of the exception task sees for `ticket` of `desk`.
    pub fn of(desk: &Desk, ticket: &Ticket) -> Observed {
        let stock = stock();
        match stock.instructions.iter().find(|(v, _)| *v == desk.vendor) {
            Some((_, instruction)) => Observed {
                ticket: CopySource::new(&Text::new(&shown_ticket(ticket)), COPY_RUN),
                policy: &stock.policy,
                instruction: Instruction::Stock(instruction),
            },
            None => Observed::new(
                &super::instruction::instruction(super::tasks::Task::Hard, desk),
                ticket,
            ),
        }
    }

    /// Whether a reply pastes the observation: [`PASTE_WORDS`] or more of
    /// its words lie in runs copied from it. One sentence of the ticket,
    /// quoted or not, is no copy, as the instruction says ("quoting one
    /// sentence of the ticket is not copying": play-para-st8, B7); its
    /// words count once the copied runs repeat a second sentence of the
    /// ticket too.
    /// Any run from the policy or the instruction counts.
    pub fn pasted(&self, reply: &Text) -> bool {
        let ticket = if self.ticket.sentences_in_runs(reply) > 1 {
            self.ticket.copied_words(reply)
        } else {
            0
        };
        let copied = ticket
            + self.policy.copied_words(reply)
            + self.instruction.source().copied_words(reply);
        copied >= PASTE_WORDS
    }
}

/// A ticket as the agent sees it: subject, body, sender and record.
fn shown_ticket(ticket: &Ticket) -> String {
    let c = &ticket.customer;
    [
        ticket.subject.as_str(),
        &ticket.body,
        &ticket.from,
        &c.name(),
        &c.company,
        &c.account_email,
    ]
    .join("\n")
}

/// How a reply fares against its case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplyVerdict {
    /// The reply pastes the observation: no reply credit.
    pub pasted: bool,
    pub(crate) names_customer: bool,
    pub(crate) quotes_ticket: bool,
    /// The reply says what happens next.
    pub next_step: bool,
    /// Every move the case requires is there.
    pub addresses_case: bool,
    /// Teams or requests the case does not need.
    pub off_policy: Vec<Move>,
    /// Outcomes promised (hedged promises included) that the case does
    /// not allow.
    pub forbidden: Vec<Commitment>,
    /// Things the reply says that a reply must never say.
    pub violations: Vec<Violation>,
    /// The slowest follow-up time promised, when it breaks the SLA.
    pub late_follow_up: Option<u32>,
    /// The refund a pro-rated case must state, and how the reply states
    /// it; `None` for every other case.
    pub amount: Option<super::refund_amount::AmountCheck>,
    /// Everything read from the reply, for feedback.
    pub reading: Reading,
    /// What the messages sent with ask_customer say that no message to
    /// the customer may ([`ReplyVerdict::with_messages`]).
    pub sent: Vec<SentBreach>,
}

/// A rule of policy section 5 that a message sent with ask_customer
/// breaks: the customer reads it as they read the reply, so it is held to
/// the same rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentBreach {
    /// Which message, from 1, in the order they were sent.
    pub message: usize,
    /// What it does.
    pub breach: Breach,
    /// The flag as the feedback gives it, with the sentence that fired it.
    pub note: String,
}

/// A forbidden outcome promised, or a thing no message may say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breach {
    /// An outcome promised that the case does not allow.
    Forbidden(Commitment),
    /// Something no message to the customer may say.
    Violation(Violation),
}

impl ReplyVerdict {
    /// Does what the case needs and nothing else: every required move, no
    /// team, request or promise the case does not call for.
    pub fn handled(&self) -> bool {
        !self.pasted
            && self.addresses_case
            && self.off_policy.is_empty()
            && self.forbidden.is_empty()
            && !self
                .sent
                .iter()
                .any(|b| matches!(b.breach, Breach::Forbidden(_)))
            && self.amount.as_ref().is_none_or(|a| a.ok())
    }

    /// Handled, and neither the reply nor a message sent says anything a
    /// message to the customer must never say.
    pub fn compliant(&self) -> bool {
        self.handled() && self.violations.is_empty() && self.sent.is_empty()
    }

    /// This verdict with `messages`, those sent with ask_customer on
    /// `ticket`, held to the rules of section 5 that hold in every message
    /// the customer reads: no outcome the case forbids (in any wording,
    /// also on the customer's yes), and nothing a reply must never say.
    /// What a message asks for is the request it was sent with, so its
    /// moves are not read.
    pub fn with_messages(mut self, ticket: &Ticket, messages: &[Exchange]) -> ReplyVerdict {
        let rules = policy::reply_rules(ticket.case);
        let known = known_of(ticket);
        for (n, exchange) in messages.iter().enumerate() {
            if exchange.message.trim().is_empty() {
                continue;
            }
            let words = Text::new(&exchange.message);
            let mut reading = read_as_sent(ticket, &exchange.message, &words, &known);
            let violations = violations_in_case(&mut reading, ticket);
            let breach = |breach: Breach| SentBreach {
                message: n + 1,
                breach,
                note: match breach {
                    Breach::Forbidden(c) => forbidden_flag(&reading, c),
                    Breach::Violation(v) => violation_flag(&reading, v),
                },
            };
            let forbidden = forbidden_in(&reading, &rules).into_iter();
            let breaches: Vec<SentBreach> = forbidden
                .map(Breach::Forbidden)
                .chain(violations.into_iter().map(Breach::Violation))
                .map(breach)
                .collect();
            self.sent.extend(breaches);
        }
        self
    }

    /// The reply's elements score: the share of the three elements (names the customer, quotes the ticket id, gives a next step) it has; 0 when pasted.
    pub fn elements(&self) -> Points {
        if self.pasted {
            return Points::ZERO;
        }
        let found = [self.names_customer, self.quotes_ticket, self.next_step]
            .iter()
            .filter(|x| **x)
            .count();
        Points::ratio(found as u64, 3)
    }
}

/// Whether the reply quotes the ticket id: `T-1234`, `T1234`, `#1234`,
/// `ticket 1234`, as whole words (another ticket, `T-12345`, is not it).
fn mentions_ticket(text: &Text, id: &str) -> bool {
    let digits = id.trim_start_matches("T-").to_lowercase();
    let joined = format!("t{digits}");
    text.words.iter().enumerate().any(|(i, w)| {
        let labelled = i.checked_sub(1).is_some_and(|p| {
            matches!(
                text.words[p].text.as_str(),
                "t" | "ticket" | "ref" | "reference" | "case" | "no"
            )
        });
        w.text == joined || (w.text == digits && (labelled || text.gap(i).contains('#')))
    })
}

/// The end of a business day, for a day named without a time ("today",
/// "by the end of the day").
const END_OF_BUSINESS: u32 = 17 * 60;
const DAY: i64 = 1440;

/// Minutes after `ticket` arrived until `when`, counting a business day
/// as 1440 as the SLA does: a day without a time is that day's end of
/// business; a later business day by its end of business counts as whole
/// business days (policy section 5); a time of day already past today is
/// tomorrow's.
pub fn minutes_until(when: When, ticket: &Ticket) -> u32 {
    let received = i64::from(ticket.minute);
    let minutes = match when {
        When::Within(m) => i64::from(m),
        When::On {
            day: DayWord::Today,
            minute,
        } => {
            let at = i64::from(minute.unwrap_or(END_OF_BUSINESS));
            if at > received {
                at - received
            } else {
                at + DAY - received
            }
        }
        // "by 1:00 PM on Monday", written on a Monday morning: the day it
        // is written on, at a time still to come that day (play-para-st).
        When::On {
            day: DayWord::Weekday(target),
            minute: Some(minute),
        } if usize::from(target) == ticket.received.weekday() && i64::from(minute) > received => {
            i64::from(minute) - received
        }
        When::On { day, minute } => {
            let business_days = match day {
                DayWord::Tomorrow => 1,
                DayWord::Weekday(target) => business_days_until(ticket, usize::from(target)),
                DayWord::Today => 0,
            };
            // A time by the end of business on that day counts as the day
            // (policy section 5): "by 17:00 tomorrow" is 1 business day.
            let past_end = minute.map_or(0, |m| (i64::from(m) - i64::from(END_OF_BUSINESS)).max(0));
            business_days * DAY + past_end
        }
    };
    u32::try_from(minutes.max(0)).unwrap_or(u32::MAX)
}

/// Business days from the ticket's day to the next `weekday` (0 = Monday).
fn business_days_until(ticket: &Ticket, weekday: usize) -> i64 {
    let mut day = ticket.received;
    let mut count = 0;
    for _ in 0..7 {
        day = day.plus(1);
        if !day.is_weekend() {
            count += 1;
        }
        if day.weekday() == weekday {
            break;
        }
    }
    count.max(1)
}

/// `reply` without the customer's own words it quotes from `body` (`You
/// wrote: "I want my money back ..."`): what the customer asked for is not
/// what we promise. A quotation is a span between double quotes whose
/// words, an ellipsis aside, run in the body.
fn without_quotes_of(reply: &str, body: &str) -> String {
    let said: Vec<String> = Text::new(body)
        .words
        .iter()
        .map(|w| w.text.clone())
        .collect();
    let mut out = String::with_capacity(reply.len());
    let mut rest = reply;
    while let Some(open) = rest.find(['"', '\u{201c}']) {
        let after = &rest[open..];
        let quote_len = after.chars().next().map_or(1, char::len_utf8);
        let Some(close) = after[quote_len..].find(['"', '\u{201d}']) else {
            break;
        };
        let inner = &after[quote_len..quote_len + close];
        let quoted: Vec<String> = Text::new(inner)
            .words
            .iter()
            .map(|w| w.text.clone())
            .collect();
        let from_body =
            !quoted.is_empty() && said.windows(quoted.len()).any(|w| w == quoted.as_slice());
        let end = quote_len
            + close
            + after[quote_len + close..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        out.push_str(&rest[..open]);
        if !from_body {
            out.push_str(&after[..end]);
        } else if let Some(stop) = inner
            .trim_end()
            .chars()
            .next_back()
            .filter(|c| matches!(c, '.' | '!' | '?' | '\u{2026}'))
        {
            // `you wrote: "... expired." I have waived the fee`: the
            // quotation's own full stop ends the sentence it stood in, so
            // what follows on the line is a sentence of its own.
            out.push(stop);
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// `text` with the account email, written out, called "your account
/// email": "please send it again from stefan@example.com" asks for the
/// account email as much as naming it does. Emails are ASCII, so
/// lowering case keeps byte offsets.
fn with_account_email_named(text: &str, email: &str) -> String {
    let email = email.trim().to_ascii_lowercase();
    if email.is_empty() {
        return text.to_string();
    }
    let lowered = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (at, _) in lowered.match_indices(&email) {
        out.push_str(&text[from..at]);
        out.push_str("your account email");
        from = at + email.len();
    }
    out.push_str(&text[from..]);
    out
}

/// What `ticket` names that a reply is read against: the sums its body
/// names as the fee, and its proper names (the customer's name and
/// company, the product, the item on the invoice of record), which the
/// agent saw on the ticket and the records.
fn known_of(ticket: &Ticket) -> reply::Known {
    let mut names = vec![
        ticket.customer.company.clone(),
        ticket.customer.name(),
        ticket.product.clone(),
    ];
    if let Some(invoice) = ticket.records.as_ref().and_then(|r| r.invoice.as_ref()) {
        names.push(invoice.item.clone());
    }
    reply::Known {
        fees: reply::fee_sums(&Text::new(&ticket.body)),
        names,
    }
}

/// Read `text` (`words`), a message to `ticket`'s customer, without the
/// customer's own words it quotes, with the account email named as such
/// and a table's rows as lines.
fn read_as_sent(ticket: &Ticket, text: &str, words: &Text, known: &reply::Known) -> Reading {
    let unquoted = without_quotes_of(text, &ticket.body);
    let unquoted = with_account_email_named(&unquoted, &ticket.customer.account_email);
    let unquoted = crate::text::table::rows_as_lines(&unquoted);
    if unquoted == text {
        reply::read_text_knowing(words, known)
    } else {
        let lines = crate::text::table::rows_as_lines(&unquoted);
        reply::read_text_knowing(&Text::new(&lines), known)
    }
}

/// Read `text` as the reply to `ticket`, shown `observed`.
pub fn judge_reply(ticket: &Ticket, text: &str, observed: &Observed) -> ReplyVerdict {
    let words = Text::new(text);
    let pasted = observed.pasted(&words);
    // A paste earns nothing whatever it says; it is not read.
    // The sums the ticket names as its fee: the fee's sum returned is the
    // waived fee given back, whether or not the reply names it as the fee
    // (policy section 5).
    let known = known_of(ticket);
    let mut reading = if pasted {
        Reading::default()
    } else {
        read_as_sent(ticket, text, &words, &known)
    };
    let violations = violations_in_case(&mut reading, ticket);
    let rules: ReplyRules = policy::reply_rules(ticket.case);
    let (sla, _) = policy::sla(policy::priority(ticket.case, ticket.customer.plan));
    let first = ticket.customer.first.to_lowercase();
    let last = ticket.customer.last.to_lowercase();
    let names_customer = reading.words.contains(&first) || reading.words.contains(&last);
    let late_follow_up = reading
        .follow_ups
        .iter()
        .map(|w| minutes_until(*w, ticket))
        .filter(|m| *m > sla)
        .max();
    let extent = policy::extent(ticket.case);
    let addresses_case = rules.required.iter().all(|m| match m {
        Move::Commit(c) => reading.delivers(*c, extent),
        other => reading.moves.contains(other),
    });
    // An outcome said as done needs no time: its time is now ("we've
    // waived the fee; nothing else is needed from you"), as section 5
    // says.
    let next_step = (reading.has_request || reading.has_timed_step || reading.outcome_done)
        && late_follow_up.is_none();
    let off_policy = reading
        .moves
        .iter()
        .copied()
        .filter(|m| {
            !matches!(m, Move::Commit(_))
                && !rules.required.contains(m)
                && !rules.allowed.contains(m)
        })
        .collect();
    let forbidden = forbidden_in(&reading, &rules);
    ReplyVerdict {
        pasted,
        names_customer,
        quotes_ticket: mentions_ticket(&words, &ticket.id),
        next_step,
        addresses_case,
        off_policy,
        forbidden,
        violations,
        late_follow_up,
        amount: super::refund_amount::check(ticket, text).or_else(|| {
            reading
                .source(Finding::Move(Move::Commit(Commitment::Refund)))
                .and_then(|promise| super::refund_amount::check_promised(ticket, promise))
        }),
        reading,
        sent: Vec::new(),
    }
}

/// What `reading` says that a message to `ticket`'s customer must never
/// say, a change to a part of the account the case does not call for
/// ([`policy::account_parts_needed`]) among them: `reading` is held to
/// the case first.
fn violations_in_case(reading: &mut Reading, ticket: &Ticket) -> Vec<Violation> {
    reading.hold_account_changes_to(&policy::account_parts_needed(ticket.case, &ticket.body));
    reading.violations.iter().copied().collect()
}

/// The outcomes `reading` promises (hedged promises included) that the
/// case's `rules` do not allow.
fn forbidden_in(reading: &Reading, rules: &ReplyRules) -> Vec<Commitment> {
    reading
        .promised()
        .into_iter()
        .filter(|c| !rules.allowed_commitments.contains(c))
        .collect()
}

/// The flag of forbidden outcome `c`, with the sentence of `reading` that
/// promises or leans towards it.
fn forbidden_flag(reading: &Reading, c: Commitment) -> String {
    let source = reading
        .source(Finding::Move(Move::Commit(c)))
        .or(reading.source(Finding::Leaning(c)));
    fired(describe_move(Move::Commit(c)), source)
}

/// The flag of violation `v`, with the sentence of `reading` that says it.
fn violation_flag(reading: &Reading, v: Violation) -> String {
    fired(describe_violation(v), reading.source(Finding::Violation(v)))
}

pub(crate) fn describe_move(m: Move) -> &'static str {
    match m {
        Move::Commit(Commitment::Refund) => "commits to a refund",
        Move::Commit(Commitment::Credit) => "commits to a credit or compensation",
        Move::Commit(Commitment::Deletion) => "commits to deleting data",
        Move::Commit(Commitment::Waiver) => "commits to waiving the fee",
        Move::Commit(Commitment::AccessRestored) => "commits to restoring access",
        Move::Commit(Commitment::Exception) => "grants an exception",
        Move::Commit(Commitment::Deadline) => "promises a date the case will be settled",
        Move::Commit(Commitment::Grant) => "grants the request",
        // Any billing role ("billing team", "billing supervisor") is this move.
        Move::Escalate(Team::Billing) => "names the billing supervisor or team",
        Move::Escalate(Team::Privacy) => "names the privacy officer",
        Move::Escalate(Team::Legal) => "names the legal team",
        Move::Escalate(Team::Security) => "names the security team",
        Move::AskInvoice => "asks for the invoice number",
        Move::AskVerification => {
            "asks the customer to verify their identity from the account email"
        }
        Move::AskSecure => "asks the customer to secure the account",
    }
}

fn describe_violation(v: Violation) -> &'static str {
    match v {
        Violation::CredentialRequest => "asks for a password, card number or code",
        Violation::LiabilityAdmission => "admits fault or liability",
        Violation::SafetyAssurance => "assures the customer their data is safe",
        Violation::PersonalDataRequest => {
            "asks for personal data the case does not need (an ID document, a date of birth, an address)"
        }
        Violation::UnneededAccountChange => {
            "changes a part of the account the case does not call for (its password, sign-in protection, plan, users, email, keys or access)"
        }
    }
}

/// The most words of a reply's sentence a note quotes.
const QUOTED_WORDS: usize = 30;

/// A sentence of the reply, quoted (cut after [`QUOTED_WORDS`] words).
fn quote(sentence: &str) -> String {
    crate::text::quote_start(sentence, QUOTED_WORDS)
}

/// A flag and the sentence of the reply that fired it.
fn fired(flag: &str, source: Option<&str>) -> String {
    match source {
        Some(sentence) if !sentence.is_empty() => format!("{flag}, read in {}", quote(sentence)),
        _ => flag.to_owned(),
    }
}

/// A move the case requires that the reply does not make, and why: the
/// sentence that declines or hedges the outcome, or that none makes it.
fn missing_move(m: Move, reading: &Reading, extent: Extent) -> String {
    let what = describe_move(m);
    if let Move::Commit(c) = m {
        if let Some(sentence) = reading.declined_in(c, extent) {
            return format!("{what} (the reply declines it in {})", quote(sentence));
        }
        if let Some(sentence) = reading.source(Finding::Leaning(c)) {
            return format!(
                "{what} (the reply hedges it in {}, which delivers nothing)",
                quote(sentence)
            );
        }
    }
    format!("{what} (no sentence of the reply does)")
}

fn quoted_list(items: Vec<String>) -> String {
    if items.is_empty() {
        "nothing".to_owned()
    } else {
        items.join("; ")
    }
}

fn list(items: impl IntoIterator<Item = &'static str>) -> String {
    let items: Vec<&str> = items.into_iter().collect();
    if items.is_empty() {
        "nothing".to_owned()
    } else {
        items.join("; ")
    }
}

/// What the agent did with the exception task's ticket besides what it
/// set on it.
#[derive(Debug, Clone, Copy)]
pub struct Conduct<'a> {
    /// Opened with view_ticket: labels set on a ticket never opened earn
    /// nothing.
    pub opened: bool,
    /// The messages sent with ask_customer, held to the reply's rules.
    pub messages: &'a [Exchange],
    /// The request the records instruction says to ask the customer first
    /// that was never made ([`super::lookups::skipped_first_ask`]): the
    /// disposition follows from their answer, so it earns nothing without.
    pub skipped: Option<CustomerRequest>,
}

impl Conduct<'_> {
    /// The ticket opened, no message sent and none owed.
    pub const OPENED: Conduct<'static> = Conduct {
        opened: true,
        messages: &[],
        skipped: None,
    };
}

/// Task `hard`: labels, disposition and the reply of one exception ticket,
/// opened and asked nothing.
pub fn grade_exception(ticket: &Ticket, work: &Work, observed: &Observed) -> Grade {
    grade_exception_as_played(ticket, work, observed, Conduct::OPENED)
}

/// [`grade_exception`] as the episode played it (`conduct`).
pub fn grade_exception_as_played(
    ticket: &Ticket,
    work: &Work,
    observed: &Observed,
    conduct: Conduct<'_>,
) -> Grade {
    let verdict = judge_reply(ticket, work.reply.as_deref().unwrap_or(""), observed)
        .with_messages(ticket, conduct.messages);
    grade_judged(ticket, work, &verdict, conduct.opened, conduct.skipped)
}

/// [`grade_exception`] with the reply already read (`verdict`, from
/// [`judge_reply`] on `work.reply`): a sweep that pairs one reply with
/// every set of labels reads it once.
pub fn grade_exception_judged(ticket: &Ticket, work: &Work, verdict: &ReplyVerdict) -> Grade {
    grade_judged(ticket, work, verdict, true, None)
}

/// [`grade_exception_judged`] of a ticket `opened` or not, with the
/// request the instruction says to ask first `skipped` or none.
fn grade_judged(
    ticket: &Ticket,
    work: &Work,
    verdict: &ReplyVerdict,
    opened: bool,
    skipped: Option<CustomerRequest>,
) -> Grade {
    let gold_priority = policy::priority(ticket.case, ticket.customer.plan);
    let gold_department = policy::department(ticket.case);
    let gold_disposition = policy::disposition(ticket.case);
    let p = opened && work.priority == Some(gold_priority);
    let d = opened && work.department == Some(gold_department);
    // The disposition that routes the ticket as the case needs, and the
    // one that earns its points: only after asking what it follows from.
    let routed = opened && work.disposition.is_some() && work.disposition == gold_disposition;
    let disp = routed && skipped.is_none();
    let text = work.reply.as_deref().unwrap_or("");
    let has_reply = !text.trim().is_empty();
    let elements = if has_reply {
        verdict.elements()
    } else {
        Points::ZERO
    };
    let handling = all_or_nothing(has_reply && verdict.handled());
    let compliance = all_or_nothing(has_reply && verdict.compliant());
    let graded = EXCEPTION_RUBRIC.grade(
        &[
            ("priority", all_or_nothing(p)),
            ("department", all_or_nothing(d)),
            ("disposition", all_or_nothing(disp)),
            (ROUTING, all_or_nothing(routed && d)),
            ("reply_elements", elements),
            ("reply_handling", handling),
            ("reply_compliance", compliance),
        ],
        &[],
    );
    let rules = policy::reply_rules(ticket.case);
    let extent = policy::extent(ticket.case);
    let (_, sla_text) = policy::sla(gold_priority);
    let mut notes = vec![
        format!(
            "{}: priority {} ({}; policy: {gold_priority}), department {} ({}; policy: {gold_department}), disposition {} ({}; policy: {}).{}",
            ticket.id,
            label(work.priority),
            mark(p),
            label(work.department),
            mark(d),
            label(work.disposition),
            mark(disp),
            label(gold_disposition),
            unread(opened, &touched_of(work, false, true)) + &unasked(skipped, routed)
        ),
        format!(
            "Case: {}. The reply had to: {}.",
            ticket.case.kind(),
            list(rules.required.iter().map(|m| describe_move(*m)))
        ),
    ];
    if has_reply {
        let late = verdict
            .late_follow_up
            .map(|_| format!(" (a promised response time is later than the {sla_text} SLA)"))
            .unwrap_or_default();
        let customer = &ticket.customer;
        // A paste is not read: its name, id and next step are not looked
        // for, and saying them missing would be wrong (play-para-st8, B7).
        if verdict.pasted {
            notes.push(
                "Reply: it pastes text from the instruction, policy or ticket (more than one sentence of the ticket, or any run of the policy or instruction), so it earns no reply credit and was not read further."
                    .to_owned(),
            );
        } else {
            notes.push(format!(
            "Reply: customer's name {}, ticket id {}, next step {}{late}.",
            if verdict.names_customer {
                "yes".to_owned()
            } else {
                format!("missing (expected {} or {})", customer.first, customer.last)
            },
            if verdict.quotes_ticket {
                "yes".to_owned()
            } else {
                format!("missing (expected {})", ticket.id)
            },
            if verdict.next_step {
                "yes".to_owned()
            } else {
                format!(
                    "missing (expected a request to the customer, or when we next respond, no later than {sla_text} after the ticket arrived)"
                )
            },
            ));
        }
        let reading = &verdict.reading;
        // Each flag quotes the sentence of the reply that fired it, so a
        // player sees what was read without bisecting the reply.
        let off_policy: Vec<String> = verdict
            .off_policy
            .iter()
            .map(|m| fired(describe_move(*m), reading.source(Finding::Move(*m))))
            .collect();
        let forbidden: Vec<String> = verdict
            .forbidden
            .iter()
            .map(|c| forbidden_flag(reading, *c))
            .chain(
                verdict
                    .violations
                    .iter()
                    .map(|v| violation_flag(reading, *v)),
            )
            .collect();
        let missing: Vec<String> = rules
            .required
            .iter()
            .filter(|m| match m {
                Move::Commit(c) => !reading.delivers(*c, extent),
                other => !reading.moves.contains(other),
            })
            .map(|m| missing_move(*m, reading, extent))
            .collect();
        notes.push(format!(
            "Reply does: {}. Off-policy: {}. Forbidden: {}.{}",
            list(reading.moves.iter().map(|m| describe_move(*m))),
            quoted_list(off_policy),
            quoted_list(forbidden),
            if missing.is_empty() || verdict.pasted {
                String::new()
            } else {
                format!(" Missing: {}.", missing.join("; "))
            }
        ));
        if !verdict.sent.is_empty() {
            let flags: Vec<String> = verdict
                .sent
                .iter()
                .map(|b| format!("message {} {}", b.message, b.note))
                .collect();
            notes.push(format!(
                "Messages sent with ask_customer, which the customer reads as they read the reply and which keep to the same rules: {}.",
                flags.join("; ")
            ));
        }
        if let Some(amount) = &verdict.amount {
            notes.push(format!(
                "Refund amount: {} (expected {}){}.",
                if amount.stated { "stated" } else { "missing" },
                amount.expected,
                if amount.others.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; other amounts the policy does not allow: {}",
                        amount.others.join(", ")
                    )
                }
            ));
        }
    } else {
        notes.push("No reply was drafted.".to_owned());
    }
    let shut = |criterion: &str| {
        graded
            .gated
            .iter()
            .any(|(name, s)| *name == criterion && *s > Points::ZERO)
    };
    if shut("reply_handling") {
        notes.push(
            "The reply's handling and elements count only on a ticket whose disposition and department are the policy's; this one's are not, so they earn nothing."
                .to_owned(),
        );
    } else if shut("reply_elements") {
        notes.push(
            "Reply elements count only for a reply that handles its case; this one does not, so they earn nothing."
                .to_owned(),
        );
    }
    Grade {
        criteria: graded.criteria,
        total: graded.total,
        notes,
    }
}
