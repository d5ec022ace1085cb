//! IT mental health's four tasks: the [`Task`] enum every match over them
//! reads (the full episode and the three graded [`TaskKind`]s it plays),
//! and the [`TASKS`] table that describes them to the registry, in the
//! enum's order.

use serde::{Deserialize, Serialize};

use super::scenario::TaskKind;
use crate::task::{self, Difficulty, TaskInfo};

/// One task, named on the wire by its [`TASKS`] id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// The three graded tasks in order.
    FullEpisode,
    /// Burnout detection alone.
    BurnoutDetection,
    /// Stress triage alone.
    StressTriage,
    /// The intervention plan alone.
    InterventionPlan,
}

impl Task {
    /// The graded tasks an episode of this task plays, in order.
    pub fn kinds(self) -> &'static [TaskKind] {
        match self {
            Task::FullEpisode => &TaskKind::ALL,
            Task::BurnoutDetection => &[TaskKind::BurnoutDetection],
            Task::StressTriage => &[TaskKind::StressTriage],
            Task::InterventionPlan => &[TaskKind::InterventionPlan],
        }
    }
}

task::task_enum!(
    Task,
    task::IT_MENTAL_HEALTH,
    TASKS,
    [
        FullEpisode,
        BurnoutDetection,
        StressTriage,
        InterventionPlan
    ]
);

/// The id of the task that plays all three in order.
pub const FULL_EPISODE: &str = "full_episode";

/// The four tasks as the registry lists them, in [`Task`]'s order.
pub static TASKS: [TaskInfo; 4] = [
    TaskInfo {
        id: FULL_EPISODE,
        aliases: &["episode", "all"],
        difficulty: Difficulty::Hard,
        max_steps: 3,
        summary: "All three tasks in order (burnout detection, stress triage, intervention plan), \
                  one answer each; each step's reward is that task's score and the episode \
                  score is their mean.",
    },
    TaskInfo {
        id: "burnout_detection",
        aliases: &["burnout"],
        difficulty: Difficulty::Easy,
        max_steps: 1,
        summary: "Name the burnout dimensions, the one severity level the rubric gives, three \
                  red flags grounded in the case and whether to escalate to HR.",
    },
    TaskInfo {
        id: "stress_triage",
        aliases: &["triage"],
        difficulty: Difficulty::Medium,
        max_steps: 1,
        summary: "Give each person of a team a tier (CRITICAL, RED, AMBER, GREEN) from their own \
                  signs, a 24-hour and a 2-week action, and rank them by urgency.",
    },
    TaskInfo {
        id: "intervention_plan",
        aliases: &["plan", "intervention"],
        difficulty: Difficulty::Hard,
        max_steps: 1,
        summary: "Write a four-week plan that tackles exactly this team's stressors, with owners \
                  from the roster, KPIs with improving numeric targets, a risk and a budget in \
                  range; at levels 4 and 5, name the stressors with their severity and choose \
                  the one best plan from a priced catalogue under a budget cap, owners' hours, \
                  prerequisites and exclusions.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::task::TaskEnum;

    #[test]
    fn each_task_is_its_own_row_and_wire_id() {
        crate::task::assert_task_enum::<Task>(&TASKS);
        // A graded task's id is its kind's, the id its observations show.
        for kind in TaskKind::ALL {
            assert_eq!(Task::from_id(kind.id()).map(Task::kinds), Ok(&[kind][..]));
        }
    }
}
