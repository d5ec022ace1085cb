//! The task instruction every observation shows: what to do, how it is
//! graded, and on the records desk its commands, knowledge base and step
//! limit.

use super::action::{CustomerRequest, Label};
use super::generate::{self, Desk};
use super::tasks::Task;

/// The instruction of task `task` for this desk; the same all episode
/// long, and part of what a reply must not paste back.
pub fn instruction(task: Task, desk: &Desk) -> String {
    let n = desk.tickets.len();
    let what = match task {
        Task::Medium => format!(
            "Triage all {n} tickets in the inbox: open each one (view_ticket), set its priority and \
             department by the policy (set_triage), then call submit_episode. Graded: the mean over \
             tickets of priority (50%) and department (50%). Replies and dispositions are not graded here."
        ),
        Task::Hard => "The inbox holds one ticket that may need a policy exception. Open it (view_ticket), \
             set its priority and department (set_triage), draft the customer reply (draft_reply), set \
             the disposition (set_disposition), then call submit_episode. Graded: priority 15%, \
             department 10%, disposition 25%, reply elements 10% (customer's name, ticket id, a next \
             step; counted only when reply handling is earned), reply handling 15% (does what the case \
             needs, nothing else; counted only when the disposition and department are both right), \
             reply compliance 25% (handles the case and makes no forbidden commitment or statement). The reply is read by policy sections 4 and 5: which outcomes count as promised \
             (in any wording, also on the customer's yes), what a next-step time is and how it is counted \
             against the SLA. A reply that copies 20 or more words in runs of 12 or more from the \
             instruction, the policy or the ticket earns no reply credit; quoting one sentence of the \
             ticket is not copying."
            .to_owned(),
        Task::Easy => "Triage the ticket in the inbox: open it (view_ticket), set its priority and department by \
             the policy (set_triage), then call submit_episode. Graded: priority 50%, department 50%."
            .to_owned(),
    };
    format!(
        "You staff the {} support desk. {what} Per-step rewards pay only for process (opening tickets, \
         first complete entries) and never show whether a label is right; the grade arrives when the \
         episode ends. Commands: show_inbox | view_ticket | set_triage | draft_reply | set_disposition | \
         submit_episode, with ticket_id, priority (low|medium|high|urgent), department \
         (billing|technical|general), reply_body, disposition (resolved|escalate_supervisor|pending_customer).",
        desk.vendor
    )
}

/// The instruction of `task` at `difficulty`: levels 1 to 3 keep
/// [`instruction`]; the records desk of levels 4 and 5 adds its commands,
/// the knowledge base, the tickets that need nothing and its step limit.
pub fn instruction_at(task: Task, difficulty: u8, desk: &Desk, max_steps: u32) -> String {
    let base = instruction(task, desk);
    let Some(lookups) = generate::level(difficulty).records else {
        return base;
    };
    let n = desk.tickets.len();
    let budget = match task {
        Task::Medium => format!(
            "The step limit is {max_steps}: one step to open each of the {n} tickets, one to triage each ticket that \
             needs it, one to submit, {lookups} for lookups, {KB_STEPS} for the knowledge base and 1 spare; a lookup \
             or a search no rule needs spends a step another ticket may need. "
        ),
        Task::Easy | Task::Hard => format!("The step limit is {max_steps}. "),
    };
    let leave = match task {
        Task::Hard => "This task's ticket always needs handling. ",
        Task::Easy | Task::Medium => {
            "A ticket that needs nothing (policy section 8) is left as it is once opened: it counts in the mean like \
             any other ticket, and scores only when it was opened and nothing (no priority, department, reply or \
             disposition) is set on it. "
        }
    };
    format!(
        "{base} Records desk (policy sections 6 to 8): the opened ticket shows the customer's name, company and \
         account email only; lookup_customer (ticket_id) shows the account record, lookup_invoice (invoice_id) an \
         invoice record, ask_customer (ticket_id, request: {}, message) asks the customer, who answers the request, \
         and search_kb (query) and read_article (article_id) search and read the knowledge base, whose articles hold \
         rules the policy sends you to. {leave}{budget}Every rule of the policy and of the articles applies to what \
         the records and the customer say.",
        CustomerRequest::allowed().replace(", ", "|")
    )
}

/// Steps the records desk's queue leaves for the knowledge base: a search
/// for the status article and reading it.
pub const KB_STEPS: u32 = 2;
