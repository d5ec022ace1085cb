//! What the desk shows the agent: the inbox rows, an opened ticket with its
//! customer record, and the observation and state types around them.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use super::action::{Department, Disposition, Priority};
use super::lookups::{Exchange, Lookup};
use super::shaping::RewardBreakdown;
use crate::episode::FrozenJson;
use crate::points::Points;

/// One row of the inbox: what the desk shows without opening the ticket,
/// and what the agent has set so far.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct InboxRow {
    pub ticket_id: String,
    pub customer: String,
    pub subject: String,
    pub received: String,
    pub viewed: bool,
    pub priority: Option<Priority>,
    pub department: Option<Department>,
    pub disposition: Option<Disposition>,
    pub reply_drafted: bool,
}

/// The customer record shown with an opened ticket.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CustomerRecord {
    pub name: String,
    pub company: String,
    /// The account email on file.
    pub account_email: String,
    /// The plan; on the records desk (levels 4 and 5) only in the
    /// account record (`lookup_customer`), and absent here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customer_since: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<u32>,
    /// Date of the last late-fee waiver, or `none`; on the records desk,
    /// absent (the account record lists earlier tickets instead).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_fee_waiver: Option<String>,
}

/// An opened ticket; it stays open until another one is opened.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TicketDetail {
    pub ticket_id: String,
    pub received: String,
    /// The address the ticket was sent from.
    pub from: String,
    pub subject: String,
    pub product: String,
    pub body: String,
    pub customer: CustomerRecord,
    /// The reply drafted so far.
    pub draft_reply: Option<String>,
    /// The `ask_customer` exchanges on this ticket, oldest first (records
    /// desk only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conversation: Vec<Exchange>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct SupportTriageObservation {
    pub task_name: &'static str,
    /// What to do in this task and how it is graded.
    #[schemars(with = "String")]
    pub scenario_instruction: FrozenJson,
    /// The written routing and reply policy the grader applies.
    #[schemars(with = "String")]
    pub policy: FrozenJson,
    /// The inbox as text, one line per ticket (`- <id>: <subject> (...)`),
    /// typed as the seed's clients read it; `inbox` has the same rows.
    pub inbox_summary: String,
    /// The opened ticket as text; `""` when none is open (`opened_ticket`
    /// has the same ticket).
    pub ticket_detail: String,
    /// The inbox rows, structured.
    pub inbox: Vec<InboxRow>,
    /// The opened ticket, structured; it stays open until another one is.
    pub opened_ticket: Option<TicketDetail>,
    /// The last record looked up (`lookup_customer`, `lookup_invoice`);
    /// records desk only, shown until the next lookup.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lookup: Option<Lookup>,
    pub feedback: String,
    pub reward_breakdown: RewardBreakdown,
    pub step_count: u32,
    pub max_steps: u32,
    /// Steps left before the step limit; 0 once the episode is over.
    pub steps_remaining: u32,
    /// The task score in [0, 1]; set on the final observation only.
    pub terminal_grader: Option<Points>,
    /// Criterion -> score in [0, 1]; set on the final observation only.
    pub score_breakdown: Option<BTreeMap<&'static str, Points>>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct SupportTriageState {
    /// True once the episode is graded.
    pub finalized: bool,
    /// `submit` or `max_steps`.
    pub terminated_by: Option<&'static str>,
    pub tickets: u32,
    pub tickets_viewed: u32,
    pub tickets_triaged: u32,
}
