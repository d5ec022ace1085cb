//! Support triage's three tasks: the [`Task`] enum every match over them
//! reads (the generator, the instruction, the step limits, the rubric), and
//! the [`TASKS`] table that describes them to the registry, in the enum's
//! order.

use serde::{Deserialize, Serialize};

use crate::task::{self, Difficulty, TaskInfo};

/// One task, named on the wire by its [`TASKS`] id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// One routine ticket to triage.
    Easy,
    /// A queue of routine tickets to triage.
    Medium,
    /// One policy-exception ticket to triage, answer and dispose of.
    Hard,
}

task::task_enum!(Task, task::SUPPORT_TRIAGE, TASKS, [Easy, Medium, Hard]);

/// The environment's tasks in [`Task`] order, easiest first.
pub static TASKS: [TaskInfo; 3] = [
    TaskInfo {
        id: "easy",
        aliases: &["single_ticket"],
        difficulty: Difficulty::Easy,
        max_steps: 18,
        summary: "Open the one ticket in the inbox and set its priority and department by the \
                  written policy; each label is half the score.",
    },
    TaskInfo {
        id: "medium",
        aliases: &["ticket_queue"],
        difficulty: Difficulty::Medium,
        max_steps: 28,
        summary: "Triage a queue of tickets (3 to 5 at level 2, 2 to 12 over levels 1 to 5): \
                  priority and department of every ticket, scored as the mean over tickets.",
    },
    TaskInfo {
        id: "hard",
        aliases: &["policy_exception"],
        difficulty: Difficulty::Hard,
        max_steps: 36,
        summary: "Handle one policy-exception ticket: labels, the right disposition, and a reply \
                  that names the customer, quotes the ticket, gives a next step within the SLA, \
                  does what the case needs and commits to nothing the policy forbids.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_task_is_its_own_row_and_wire_id() {
        crate::task::assert_task_enum::<Task>(&TASKS);
    }
}
