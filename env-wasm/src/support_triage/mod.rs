//! `support_triage` (seed 001): a customer-support desk. The agent opens
//! tickets, sets priority and department by a written routing policy and,
//! for policy exceptions, drafts a reply and sets a disposition; then
//! submits. The seed's command set and field names are kept.
//!
//! - [`action`]: the seed-compatible action and its closed label sets.
//! - [`generate`], the pieces in `desk` it shares with [`records_desk`], and
//!   `names`: the seeded desk (customers, tickets).
//! - [`policy`]: the written policy and the gold labels it gives.
//! - [`reply`]: reading a reply as commitments, moves, violations and its
//!   next step, one module per concern, on the shared [`crate::text`] layer.
//! - [`grade`]: the terminal graders.
//! - [`shaping`]: per-step process rewards that cannot be farmed.
//! - [`text_form`]: the inbox and the opened ticket as the seed's text.
//! - [`reference`](mod@reference): the reference policy; [`baselines`]: blind ones;
//!   [`noisy`]: the reference with slips, for the difficulty curve.

pub mod action;
pub mod baselines;
pub(crate) mod currency;
mod desk;
pub mod generate;
pub mod grade;
pub mod instruction;
pub mod kb;
pub mod lookups;
pub(crate) mod names;
pub mod noisy;
pub(crate) mod observation;
pub mod policy;
pub mod records;
pub mod records_desk;
pub mod reference;
pub(crate) mod refund_amount;
pub mod reply;
pub mod shaping;
pub mod tasks;
pub mod text_form;

#[cfg(not(target_arch = "wasm32"))]
use serde_json::{Map, Value};

use crate::episode::{Environment, FrozenJson, StaticText, StepLimit, Transition};
use crate::error::EnvError;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::task::{self, Listed, TaskEnum};

pub use action::{
    Command, CustomerRequest, Department, Disposition, Label, Priority, SupportTriageAction,
    normalize_ticket_id,
};
use action::{MAX_ECHOED_ID_CHARS, MAX_MESSAGE_CHARS, MAX_QUERY_CHARS, MAX_REPLY_CHARS};
use generate::{Desk, Ticket};
use grade::{Grade, Work};
pub use instruction::{KB_STEPS, instruction, instruction_at};
use lookups::{Exchange, Inquiries, Lookup};
pub(crate) use observation::{
    CustomerRecord, InboxRow, SupportTriageObservation, SupportTriageState, TicketDetail,
};
use shaping::{LIMIT_PENALTY, LOOP_PENALTY, MISTAKE_PENALTY, RewardBreakdown, STEP_COST, Shaper};
use tasks::Task;

/// [`Environment::DESCRIPTION`].
const DESCRIPTION: &str = "A customer-support desk: open tickets, set priority and department by a written \
     routing policy, and handle policy exceptions (late refunds, data deletion, legal \
     threats, security incidents, fee waivers) with a compliant reply and the right \
     disposition. Seeded tickets; labels follow from details only in the ticket body.";

pub(crate) struct SupportTriage {
    task: Task,
    /// The difficulty level the desk was generated at.
    difficulty: u8,
    /// The step limit of the task at that level.
    max_steps: u32,
    desk: Desk,
    /// The instruction and the policy as every observation shows them,
    /// serialised at reset (they are most of an observation's bytes).
    shown_instruction: FrozenJson,
    shown_policy: FrozenJson,
    work: Vec<Work>,
    viewed: Vec<bool>,
    /// Process units already paid per ticket: triage, reply, disposition.
    paid: Vec<[bool; 3]>,
    opened: Option<usize>,
    /// The records desk's lookups and conversations.
    inquiries: Inquiries,
    lookup: Option<Lookup>,
    shaper: Shaper,
    step_count: u32,
    feedback: String,
    /// The reward terms of the last step, as its observation showed them.
    last_breakdown: RewardBreakdown,
    terminal: Option<Grade>,
    terminated_by: Option<&'static str>,
}

/// Process units: a first view is worth two, every other first once one.
const VIEW_UNITS: u32 = 2;

/// The desk policy every observation shows, frozen once per process.
static SHOWN_POLICY: StaticText = StaticText::new(policy::POLICY);

/// The policy of the records desk: sections 1 to 5, section 6 (records
/// and the customer), 7 (the knowledge base) and 8 (tickets that need
/// nothing).
fn records_policy() -> FrozenJson {
    static SHOWN: std::sync::OnceLock<FrozenJson> = std::sync::OnceLock::new();
    SHOWN
        .get_or_init(|| {
            FrozenJson::of(&format!(
                "{}{}{}",
                policy::POLICY,
                records::RECORDS_POLICY,
                kb::KB_POLICY
            ))
        })
        .clone()
}

impl SupportTriage {
    fn exceptions(&self) -> bool {
        self.task == Task::Hard
    }

    /// Levels 4 and 5: records behind lookups, a customer to ask.
    fn records_desk(&self) -> bool {
        generate::level(self.difficulty).records.is_some()
    }

    fn inbox(&self) -> Vec<InboxRow> {
        self.desk
            .tickets
            .iter()
            .zip(&self.work)
            .zip(&self.viewed)
            .map(|((t, w), viewed)| InboxRow {
                ticket_id: t.id.clone(),
                customer: t.customer.name(),
                subject: t.subject.clone(),
                received: t.received_text(),
                viewed: *viewed,
                priority: w.priority,
                department: w.department,
                disposition: w.disposition,
                reply_drafted: w.reply.is_some(),
            })
            .collect()
    }

    fn detail(&self, index: usize) -> Option<TicketDetail> {
        let t: &Ticket = self.desk.tickets.get(index)?;
        let c = &t.customer;
        // The records desk shows the rest of the record on lookup only.
        let shown = t.records.is_none();
        Some(TicketDetail {
            ticket_id: t.id.clone(),
            received: t.received_text(),
            from: t.from.clone(),
            subject: t.subject.clone(),
            product: t.product.clone(),
            body: t.body.clone(),
            customer: CustomerRecord {
                name: c.name(),
                company: c.company.clone(),
                account_email: c.account_email.clone(),
                plan: shown.then(|| c.plan.name()),
                customer_since: shown.then(|| c.since.iso()),
                seats: shown.then_some(c.seats),
                last_fee_waiver: shown.then(|| {
                    c.last_fee_waiver
                        .map_or_else(|| "none".to_owned(), |d| d.iso())
                }),
            },
            draft_reply: self.work.get(index).and_then(|w| w.reply.clone()),
            conversation: self
                .inquiries
                .conversations
                .get(index)
                .cloned()
                .unwrap_or_default(),
        })
    }

    fn observation(&self, breakdown: RewardBreakdown) -> SupportTriageObservation {
        let inbox = self.inbox();
        let opened_ticket = self.opened.and_then(|i| self.detail(i));
        SupportTriageObservation {
            task_name: self.task.as_str(),
            scenario_instruction: self.shown_instruction.clone(),
            policy: self.shown_policy.clone(),
            inbox_summary: text_form::inbox_text(&inbox),
            ticket_detail: text_form::ticket_text(opened_ticket.as_ref()),
            inbox,
            opened_ticket,
            lookup: self.lookup.clone(),
            feedback: self.feedback.clone(),
            reward_breakdown: breakdown,
            step_count: self.step_count,
            max_steps: self.max_steps,
            // 0 once the episode is over, whatever ended it.
            steps_remaining: match self.terminal {
                Some(_) => 0,
                None => self.max_steps.saturating_sub(self.step_count),
            },
            terminal_grader: self.terminal.as_ref().map(|g| g.total),
            score_breakdown: self.terminal.as_ref().map(|g| g.criteria.clone()),
        }
    }

    fn ids(&self) -> String {
        self.desk
            .tickets
            .iter()
            .map(|t| t.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The ticket an action names, or the feedback for a missing or unknown id.
    fn target(&self, action: &SupportTriageAction) -> Result<usize, String> {
        let command = action.command;
        let Some(raw) = action.ticket_id.as_deref().filter(|s| !s.trim().is_empty()) else {
            return Err(format!(
                "`{command}` needs a `ticket_id`; the inbox holds {}.",
                self.ids()
            ));
        };
        let id = normalize_ticket_id(raw);
        self.desk
            .tickets
            .iter()
            .position(|t| t.id == id)
            .ok_or_else(|| {
                let shown: String = raw.trim().chars().take(MAX_ECHOED_ID_CHARS).collect();
                format!(
                    "There is no ticket `{shown}` in this inbox; it holds {}.",
                    self.ids()
                )
            })
    }

    /// Pay a process unit of kind `slot` (0 triage, 1 reply, 2
    /// disposition) for ticket `i`, once, and only after it was opened.
    fn pay(&mut self, i: usize, slot: usize) -> Points {
        if !self.viewed[i] || self.paid[i][slot] {
            return Points::ZERO;
        }
        self.paid[i][slot] = true;
        self.shaper.earn(1)
    }

    fn grade(&self) -> Grade {
        if self.exceptions() {
            match (self.desk.tickets.first(), self.work.first()) {
                (Some(ticket), Some(work)) => {
                    let messages = self
                        .inquiries
                        .conversations
                        .first()
                        .map_or(&[][..], Vec::as_slice);
                    grade::grade_exception_as_played(
                        ticket,
                        work,
                        &grade::Observed::of(&self.desk, ticket),
                        grade::Conduct {
                            opened: self.viewed.first().copied().unwrap_or(false),
                            messages,
                            skipped: lookups::skipped_first_ask(ticket, messages),
                        },
                    )
                }
                _ => grade::grade_triage(&[], &[], &[]),
            }
        } else {
            grade::grade_triage(&self.desk.tickets, &self.work, &self.viewed)
        }
    }

    /// Apply the action; returns (process reward, mistake penalty, submitted).
    fn apply(&mut self, action: &SupportTriageAction) -> (Points, Points, bool) {
        let mistake = |env: &mut Self, message: String| {
            env.feedback = message;
            (Points::ZERO, MISTAKE_PENALTY, false)
        };
        match action.command {
            Command::ShowInbox => {
                let viewed = self.viewed.iter().filter(|v| **v).count();
                let triaged = self
                    .work
                    .iter()
                    .filter(|w| w.priority.is_some() && w.department.is_some())
                    .count();
                self.feedback = format!(
                    "Inbox: {} ticket(s), {viewed} opened, {triaged} with priority and department set. \
                     The rows are in inbox_summary.",
                    self.desk.tickets.len()
                );
                (Points::ZERO, Points::ZERO, false)
            }
            Command::SubmitEpisode => {
                self.feedback = "Episode submitted.".to_owned();
                (Points::ZERO, Points::ZERO, true)
            }
            Command::LookupCustomer
            | Command::LookupInvoice
            | Command::AskCustomer
            | Command::SearchKb
            | Command::ReadArticle
                if !self.records_desk() =>
            {
                mistake(
                    self,
                    format!(
                        "`{}` belongs to the records desk of levels 4 and 5; at this level the opened ticket \
                         shows the whole customer record and the customer is not on the line.",
                        action.command
                    ),
                )
            }
            Command::LookupInvoice => {
                let Some(id) = action
                    .invoice_id
                    .as_deref()
                    .filter(|s| !s.trim().is_empty())
                else {
                    return mistake(
                        self,
                        "`lookup_invoice` needs an `invoice_id`, e.g. INV-40213.".to_owned(),
                    );
                };
                match lookups::invoice_record(&self.desk, id) {
                    Ok(lookup) => {
                        let id = lookups::normalize_invoice_id(id);
                        self.feedback = format!("Invoice {id} looked up; the record is in lookup.");
                        if !self.inquiries.invoices_seen.contains(&id) {
                            self.inquiries.invoices_seen.push(id);
                        }
                        self.lookup = Some(lookup);
                        (Points::ZERO, Points::ZERO, false)
                    }
                    Err(message) => mistake(self, message),
                }
            }
            Command::SearchKb => {
                let query = action.query.as_deref().unwrap_or("").trim();
                let Some(kb) = &self.desk.kb else {
                    return mistake(self, "This desk has no knowledge base.".to_owned());
                };
                let lookup = lookups::kb_search(kb, query);
                let found = lookup.kb_search.as_ref().map_or(0, Vec::len);
                self.feedback = format!(
                    "Knowledge base searched: {found} article(s); the results are in lookup."
                );
                self.inquiries.kb_searches.push(query.to_owned());
                self.lookup = Some(lookup);
                (Points::ZERO, Points::ZERO, false)
            }
            Command::ReadArticle => {
                let id = action.article_id.as_deref().unwrap_or("");
                let Some(kb) = &self.desk.kb else {
                    return mistake(self, "This desk has no knowledge base.".to_owned());
                };
                match lookups::read_article(kb, id) {
                    Ok(lookup) => {
                        let id = kb::normalize_article_id(id);
                        self.feedback = format!("Article {id} opened; it is in lookup.");
                        if !self.inquiries.articles_read.contains(&id) {
                            self.inquiries.articles_read.push(id);
                        }
                        self.lookup = Some(lookup);
                        (Points::ZERO, Points::ZERO, false)
                    }
                    Err(message) => mistake(self, message),
                }
            }
            command => {
                let i = match self.target(action) {
                    Ok(i) => i,
                    Err(message) => return mistake(self, message),
                };
                let id = self.desk.tickets[i].id.clone();
                match command {
                    Command::ViewTicket => {
                        self.opened = Some(i);
                        let first = !self.viewed[i];
                        self.viewed[i] = true;
                        self.feedback = format!(
                            "Opened {id}{}; it is in ticket_detail.",
                            if first { "" } else { " again" }
                        );
                        let reward = if first {
                            self.shaper.earn(VIEW_UNITS)
                        } else {
                            Points::ZERO
                        };
                        (reward, Points::ZERO, false)
                    }
                    Command::SetTriage => {
                        if action.priority.is_none() && action.department.is_none() {
                            return mistake(
                                self,
                                "`set_triage` needs `priority` and/or `department`.".to_owned(),
                            );
                        }
                        let work = &mut self.work[i];
                        if action.priority.is_some() {
                            work.priority = action.priority;
                        }
                        if action.department.is_some() {
                            work.department = action.department;
                        }
                        let complete = work.priority.is_some() && work.department.is_some();
                        // The same words whatever the labels: feedback must
                        // never tell a right label from a wrong one.
                        self.feedback = format!(
                            "Triage recorded for {id}; the inbox shows it. It is graded when the episode ends."
                        );
                        let reward = if complete {
                            self.pay(i, 0)
                        } else {
                            Points::ZERO
                        };
                        (reward, Points::ZERO, false)
                    }
                    Command::DraftReply => {
                        let Some(body) = action
                            .reply_body
                            .as_deref()
                            .filter(|b| !b.trim().is_empty())
                        else {
                            return mistake(
                                self,
                                "`draft_reply` needs a non-empty `reply_body`.".to_owned(),
                            );
                        };
                        self.work[i].reply = Some(body.to_owned());
                        let graded = self.exceptions();
                        self.feedback = if graded {
                            format!(
                                "Reply saved for {id} (it replaces any earlier draft). It is graded when the episode ends."
                            )
                        } else {
                            format!("Reply saved for {id}; replies are not graded in this task.")
                        };
                        let reward = if graded { self.pay(i, 1) } else { Points::ZERO };
                        (reward, Points::ZERO, false)
                    }
                    Command::SetDisposition => {
                        let Some(disposition) = action.disposition else {
                            return mistake(
                                self,
                                "`set_disposition` needs a `disposition`: resolved, escalate_supervisor or pending_customer."
                                    .to_owned(),
                            );
                        };
                        self.work[i].disposition = Some(disposition);
                        let graded = self.exceptions();
                        self.feedback = if graded {
                            format!(
                                "Disposition recorded for {id}. It is graded when the episode ends."
                            )
                        } else {
                            format!(
                                "Disposition recorded for {id}; dispositions are not graded in this task."
                            )
                        };
                        let reward = if graded { self.pay(i, 2) } else { Points::ZERO };
                        (reward, Points::ZERO, false)
                    }
                    Command::LookupCustomer => {
                        self.lookup = Some(lookups::customer_record(&self.desk.tickets[i]));
                        if let Some(seen) = self.inquiries.customer_seen.get_mut(i) {
                            *seen = true;
                        }
                        self.feedback = format!(
                            "Account record of {id}'s customer looked up; it is in lookup."
                        );
                        (Points::ZERO, Points::ZERO, false)
                    }
                    Command::AskCustomer => {
                        let Some(request) = action.request else {
                            return mistake(
                                self,
                                format!(
                                    "`ask_customer` needs a `request`: {}.",
                                    CustomerRequest::allowed()
                                ),
                            );
                        };
                        let answer = lookups::answer(&self.desk.tickets[i], request);
                        let message = action.message.clone().unwrap_or_default();
                        if let Some(conversation) = self.inquiries.conversations.get_mut(i) {
                            conversation.push(Exchange {
                                request,
                                message,
                                answer: answer.clone(),
                            });
                        }
                        self.opened = Some(i);
                        self.feedback = format!(
                            "The customer of {id} answered: \"{answer}\" (the conversation is in opened_ticket)."
                        );
                        (Points::ZERO, Points::ZERO, false)
                    }
                    Command::ShowInbox
                    | Command::SubmitEpisode
                    | Command::LookupInvoice
                    | Command::SearchKb
                    | Command::ReadArticle => (Points::ZERO, Points::ZERO, false),
                }
            }
        }
    }
}

impl Environment for SupportTriage {
    type Action = SupportTriageAction;
    type Observation = SupportTriageObservation;
    type State = SupportTriageState;
    type Task = Task;

    const PROMPT_HINT: Option<&'static str> = Some(
        "One command per step, e.g. {\"command\": \"view_ticket\", \"ticket_id\": \"T-1234\"}, \
         {\"command\": \"set_triage\", \"ticket_id\": \"T-1234\", \"priority\": \"high\", \
         \"department\": \"billing\"}, {\"command\": \"draft_reply\", \"ticket_id\": \"T-1234\", \
         \"reply_body\": \"...\"}, {\"command\": \"set_disposition\", \"ticket_id\": \"T-1234\", \
         \"disposition\": \"resolved\"}; finish with {\"command\": \"submit_episode\"}, which \
         grades the desk as it stands. Open tickets before labelling them, and follow the \
         written policy.",
    );

    const LISTED: Listed = task::SUPPORT_TRIAGE;
    const DESCRIPTION: &'static str = DESCRIPTION;

    const LEVELS: &'static [u8] = &[1, 2, 3, 4, 5];

    /// A longer queue gets three more steps per ticket beyond level 2's
    /// largest: one to open it, one to triage it, one to spare.
    fn rubric(task: Task, _difficulty: u8) -> crate::rubric::TaskRubric {
        crate::rubric::TaskRubric::Weighted(match task {
            Task::Hard => &grade::EXCEPTION_RUBRIC,
            Task::Easy | Task::Medium => &grade::TRIAGE_RUBRIC,
        })
    }

    fn max_steps(task: Task, difficulty: u8) -> u32 {
        let max_steps = task.info().max_steps;
        // The records desk's queue gets a step to open and one to triage
        // each ticket, one to submit, its lookups and one to spare.
        // The records desk's queue: a step to open and one to triage each
        // ticket, one to submit, its lookups, the knowledge base's search
        // and read, and one to spare (each ticket that needs nothing saves
        // its triage step).
        if let (Some(lookups), Task::Medium) = (generate::level(difficulty).records, task) {
            let tickets = generate::level(difficulty).queue.1 as u32;
            return 2 * tickets + 1 + lookups + KB_STEPS + 1;
        }
        // The records desk's single ticket: what the work takes at most
        // (the exception task: open, the account, a question, the
        // invoice, a search and two articles, then labels, reply,
        // disposition and submit, 11; the other: open, the status search
        // and article, the account, labels and submit, 6) and a few spare,
        // fewer at level 5, so idle lookups cost.
        if generate::level(difficulty).records.is_some() {
            let spare = if difficulty >= 5 { 2 } else { 4 };
            return match task {
                Task::Hard => 11 + spare,
                Task::Easy | Task::Medium => 6 + spare,
            };
        }
        let most = |level: u8| generate::level(level).queue.1;
        let extra = match task {
            Task::Medium => most(difficulty) - most(crate::task::DEFAULT_LEVEL),
            Task::Easy | Task::Hard => 0,
        };
        max_steps + 3 * extra.max(0) as u32
    }

    fn reset(task: Task, difficulty: u8, seed: u64) -> (Self, SupportTriageObservation) {
        let desk = generate::generate_at(task, difficulty, seed);
        let n = desk.tickets.len();
        let per_ticket = VIEW_UNITS
            + match task {
                Task::Hard => 3,
                Task::Easy | Task::Medium => 1,
            };
        let max_steps = Self::max_steps(task, difficulty);
        let records = generate::level(difficulty).records.is_some();
        let env = SupportTriage {
            task,
            difficulty,
            max_steps,
            shown_instruction: FrozenJson::of(&instruction_at(task, difficulty, &desk, max_steps)),
            shown_policy: if records {
                records_policy()
            } else {
                SHOWN_POLICY.frozen()
            },
            inquiries: Inquiries::new(n),
            lookup: None,
            work: vec![Work::default(); n],
            viewed: vec![false; n],
            paid: vec![[false; 3]; n],
            opened: None,
            shaper: Shaper::new(per_ticket * n as u32),
            step_count: 0,
            feedback: "New episode: read the instruction and the policy, then open a ticket with view_ticket."
                .to_owned(),
            last_breakdown: RewardBreakdown::default(),
            terminal: None,
            terminated_by: None,
            desk,
        };
        let observation = env.observation(RewardBreakdown::default());
        (env, observation)
    }

    /// Besides the length bounds, what an action lacks to be played at all
    /// is refused, not counted as a step (the same on every transport): a
    /// missing or unknown ticket id, `set_triage` with neither field, and an
    /// empty required field (`reply_body`, `disposition`, `request`,
    /// `invoice_id`). Commands of the records desk below level 4 stay
    /// penalised steps: the tool is listed, and the feedback says why it
    /// does nothing here.
    fn admit(&self, action: &SupportTriageAction) -> Result<(), EnvError> {
        let refused = |field: &str, message: String| {
            Err(EnvError::validation(
                format!("action.{field}"),
                format!("{message} Nothing was played: no step is counted."),
            ))
        };
        let command = action.command;
        let needs_ticket = match command {
            Command::ShowInbox
            | Command::SubmitEpisode
            | Command::LookupInvoice
            | Command::SearchKb
            | Command::ReadArticle => false,
            Command::LookupCustomer | Command::AskCustomer => self.records_desk(),
            Command::ViewTicket
            | Command::SetTriage
            | Command::DraftReply
            | Command::SetDisposition => true,
        };
        if needs_ticket && let Err(message) = self.target(action) {
            return refused("ticket_id", message);
        }
        let blank = |text: &Option<String>| text.as_deref().is_none_or(|t| t.trim().is_empty());
        match command {
            Command::SetTriage if action.priority.is_none() && action.department.is_none() => {
                return refused(
                    "priority",
                    "`set_triage` needs `priority`, `department` or both.".to_owned(),
                );
            }
            Command::DraftReply if blank(&action.reply_body) => {
                return refused(
                    "reply_body",
                    "`draft_reply` needs a non-empty `reply_body`.".to_owned(),
                );
            }
            Command::SetDisposition if action.disposition.is_none() => {
                return refused(
                    "disposition",
                    "`set_disposition` needs a `disposition`: resolved, escalate_supervisor or \
                     pending_customer."
                        .to_owned(),
                );
            }
            Command::AskCustomer if needs_ticket && action.request.is_none() => {
                return refused(
                    "request",
                    format!(
                        "`ask_customer` needs a `request`: {}.",
                        CustomerRequest::allowed()
                    ),
                );
            }
            Command::LookupInvoice if self.records_desk() && blank(&action.invoice_id) => {
                return refused(
                    "invoice_id",
                    "`lookup_invoice` needs an `invoice_id`, e.g. INV-40213.".to_owned(),
                );
            }
            Command::SearchKb if self.records_desk() && blank(&action.query) => {
                return refused(
                    "query",
                    "`search_kb` needs a `query`: words to search the knowledge base for, e.g. \"refund\" or \"status\"."
                        .to_owned(),
                );
            }
            Command::ReadArticle if self.records_desk() && blank(&action.article_id) => {
                return refused(
                    "article_id",
                    "`read_article` needs an `article_id`, e.g. KB-204 (search_kb lists them)."
                        .to_owned(),
                );
            }
            _ => {}
        }
        if let Some(body) = &action.reply_body
            && body.chars().count() > MAX_REPLY_CHARS
        {
            return Err(EnvError::validation(
                "action.reply_body",
                format!("must be at most {MAX_REPLY_CHARS} characters"),
            ));
        }
        if let Some(query) = &action.query
            && query.chars().count() > MAX_QUERY_CHARS
        {
            return Err(EnvError::validation(
                "action.query",
                format!("must be at most {MAX_QUERY_CHARS} characters"),
            ));
        }
        if let Some(message) = &action.message
            && message.chars().count() > MAX_MESSAGE_CHARS
        {
            return Err(EnvError::validation(
                "action.message",
                format!("must be at most {MAX_MESSAGE_CHARS} characters"),
            ));
        }
        Ok(())
    }

    fn step(
        &mut self,
        action: SupportTriageAction,
        limit: StepLimit,
    ) -> Result<Transition<SupportTriageObservation>, EnvError> {
        self.step_count += 1;
        let repeated = self.shaper.repeats(action.fingerprint());
        let (mut progress, mistake, submitted) = self.apply(&action);
        let mut penalty = mistake;
        if repeated && !submitted {
            penalty = penalty + LOOP_PENALTY;
            self.feedback
                .push_str(" This repeats the previous action exactly.");
        }
        // A submit ends the episode by itself; the step limit ends it
        // truncated, grading the desk as it stands.
        let limit = !submitted && limit.reached();
        let done = submitted || limit;
        let mut terminal_grader = None;
        if done {
            let grade = self.grade();
            progress = progress + grade.total;
            terminal_grader = Some(grade.total);
            if limit {
                penalty = penalty + LIMIT_PENALTY;
                self.feedback
                    .push_str(" Step limit reached: the desk is graded as it stands.");
            }
            self.feedback.push_str(&format!(
                " Score {}. {}",
                grade.total.decimals(4),
                grade.notes.join(" ")
            ));
            self.terminated_by = Some(if limit { "max_steps" } else { "submit" });
            self.terminal = Some(grade);
        } else {
            penalty = penalty + STEP_COST;
        }
        let breakdown = RewardBreakdown::new(progress, penalty, terminal_grader);
        self.last_breakdown = breakdown;
        Ok(Transition {
            observation: self.observation(breakdown),
            reward: breakdown.total,
            done: submitted,
        })
    }

    fn state(&self) -> SupportTriageState {
        SupportTriageState {
            finalized: self.terminal.is_some(),
            terminated_by: self.terminated_by,
            tickets: self.desk.tickets.len() as u32,
            tickets_viewed: self.viewed.iter().filter(|v| **v).count() as u32,
            tickets_triaged: self
                .work
                .iter()
                .filter(|w| w.priority.is_some() && w.department.is_some())
                .count() as u32,
        }
    }

    fn current_observation(&self) -> SupportTriageObservation {
        self.observation(self.last_breakdown)
    }

    fn terminal_score(&self) -> Option<Points> {
        self.terminal.as_ref().map(|g| g.total)
    }

    fn reference_action(&self) -> Option<SupportTriageAction> {
        if self.terminal.is_some() {
            return None;
        }
        Some(reference::next_action(
            self.exceptions(),
            &self.desk,
            &self.work,
            &self.viewed,
            &self.inquiries,
        ))
    }

    fn baseline_names() -> &'static [&'static str] {
        baselines::NAMES
    }

    fn baseline_action(&self, name: &str, rng: &mut SeededRng) -> Option<SupportTriageAction> {
        if self.terminal.is_some() {
            return None;
        }
        baselines::next_action(
            name,
            (self.task, self.difficulty),
            &self.desk,
            &self.work,
            &self.viewed,
            rng,
        )
    }

    fn noisy_reference_action(
        &self,
        error_per_mille: u32,
        rng: &mut SeededRng,
    ) -> Option<SupportTriageAction> {
        if self.terminal.is_some() {
            return None;
        }
        Some(noisy::next_action(
            self.exceptions(),
            &self.desk,
            (&self.work, &self.viewed, &self.inquiries),
            error_per_mille,
            rng,
        ))
    }

    fn empty_answer(&self) -> SupportTriageAction {
        SupportTriageAction::command(Command::SubmitEpisode)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_specs() -> Vec<crate::tools::ToolSpec> {
        Command::ALL.iter().map(|c| c.tool()).collect()
    }

    /// The tools of an episode at level `difficulty`: the records desk's
    /// (lookups, asking the customer) only at the levels that have it, so
    /// a tool-calling agent is never offered a call that can only cost it.
    /// The action schema keeps every command at every level: sent as an
    /// action, a records desk command below level 4 is a penalised step
    /// whose feedback says why.
    #[cfg(not(target_arch = "wasm32"))]
    fn task_tools(task: Task, difficulty: u8) -> Vec<crate::tools::Tool> {
        let _ = task;
        let desk = generate::level(difficulty).records.is_some();
        Self::tools()
            .into_iter()
            .filter(|tool| {
                desk || !Command::parse(tool.name).is_some_and(Command::records_desk_only)
            })
            .collect()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_action(name: &str, mut arguments: Map<String, Value>) -> Value {
        arguments.insert("command".to_owned(), Value::String(name.to_owned()));
        Value::Object(arguments)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn tool_call(action: &SupportTriageAction) -> Option<crate::tools::ToolCall> {
        let arguments = crate::tools::arguments_of(action, &["command", "metadata"])?;
        Some(crate::tools::ToolCall::new(
            action.command.name(),
            arguments,
        ))
    }

    /// A command under another name (`action`, `cmd`), a field named as
    /// people name it (`ticket`, `reply`), or a command line sent bare
    /// (`"view_ticket T-1001"`): the action meant.
    #[cfg(not(target_arch = "wasm32"))]
    fn suggest(action: &Value) -> Option<Value> {
        const RENAMES: [(&str, &str); 10] = [
            ("invoice", "invoice_id"),
            ("article", "article_id"),
            ("action", "command"),
            ("cmd", "command"),
            ("ticket", "ticket_id"),
            ("id", "ticket_id"),
            ("reply", "reply_body"),
            ("body", "reply_body"),
            ("message", "reply_body"),
            ("response", "reply_body"),
        ];
        if let Value::String(line) = action {
            // `view_ticket T-1001`: a command and its ticket as one line.
            let mut words = line.split_whitespace();
            let command = Command::parse(words.next()?)?;
            let mut meant = Map::new();
            meant.insert(
                "command".to_owned(),
                Value::String(command.name().to_owned()),
            );
            if let Some(ticket) = words.next() {
                meant.insert("ticket_id".to_owned(), Value::String(ticket.to_owned()));
            }
            return Some(Value::Object(meant));
        }
        let mut map = action.as_object()?.clone();
        let mut changed = false;
        for (from, to) in RENAMES {
            if !map.contains_key(to)
                && let Some(value) = map.remove(from)
            {
                map.insert(to.to_owned(), value);
                changed = true;
            }
        }
        changed.then_some(Value::Object(map))
    }
}
