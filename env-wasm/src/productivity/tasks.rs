//! Productivity's three tasks: the [`Task`] enum every match over them
//! reads, and the [`TASKS`] table that describes them (ids, aliases, step
//! limits) to the registry, in the enum's order.

use serde::{Deserialize, Serialize};

use crate::task::{self, Difficulty, TaskInfo};

/// Steps of every task but the calendar with lookups (levels 4 and 5).
pub(super) const MAX_STEPS: u32 = 5;

/// One task, named on the wire by its [`TASKS`] id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Email classification.
    Easy,
    /// Calendar scheduling (several meetings behind lookups from level 4).
    Medium,
    /// Data cleaning.
    Hard,
}

task::task_enum!(Task, task::PRODUCTIVITY, TASKS, [Easy, Medium, Hard]);

/// The environment's tasks in [`Task`] order, easiest first.
pub static TASKS: [TaskInfo; 3] = [
    TaskInfo {
        id: "easy",
        aliases: &["email", "email_classification"],
        difficulty: Difficulty::Easy,
        max_steps: MAX_STEPS,
        summary: "Label one email (work, personal, spam, finance), set its priority and say \
                  whether it needs a reply, following the written inbox policy.",
    },
    TaskInfo {
        id: "medium",
        aliases: &["calendar", "calendar_scheduling"],
        difficulty: Difficulty::Medium,
        max_steps: MAX_STEPS,
        summary: "Book a meeting slot and room that every required person can attend, avoiding \
                  blocked windows; any slot that meets every constraint scores full. From level \
                  3 the meeting may be on one of several days and soft preferences pick the \
                  best of the valid bookings. From level 4 several meetings are booked together \
                  (shared people and rooms, an order, gaps, video links for anyone on another \
                  clock), the calendars (on each person's own clock) and rooms behind lookups \
                  within a step limit, and at level 5 one meeting may be impossible to place \
                  (the answer says so for it).",
    },
    TaskInfo {
        id: "hard",
        aliases: &["cleaning", "data_cleaning"],
        difficulty: Difficulty::Hard,
        max_steps: MAX_STEPS,
        summary: "Apply the written cleaning rules to a messy table and report the counts, the \
                  duplicate ids, the invalid emails, the total and the retained ids. From level \
                  4 the table joins a customers table by id (records missing or closed drop \
                  rows) and amounts convert to USD by a rates table; level 5 adds refund and \
                  closing dates.",
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
