//! Declared splits and the task records of OpenEnv's Task API.
//!
//! A split is a range of seeds, the same for every task of an environment,
//! and the splits are disjoint: a policy trained on `train` never sees a
//! `validation` or `test` scenario, whatever the task or level. A split's
//! tasks are every (task, level, seed) of its range, numbered so that any
//! prefix covers every task and level evenly:
//! index `i` is task `i % T`, level `(i / T) % L`, seed `start + i / (T * L)`
//! for `T` tasks and `L` levels. The record ([`TaskRef`]), not the index, is
//! a task's stable name: `{env}/{task}/{level}/{seed}`.

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::EnvError;
use crate::registry::EnvInfo;
use crate::task::TaskInfo;

/// One declared split: the seeds `start..stop` of every task and level.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct Split {
    /// The split's name as reset options and `/tasks` name it (`train`, `test`, ...).
    pub name: &'static str,
    /// The first seed of the split.
    pub start: u64,
    /// The seed after the split's last (exclusive end).
    pub stop: u64,
    /// What the split is for.
    pub summary: &'static str,
}

impl Split {
    /// How many seeds the split holds for each task and level.
    pub fn seeds(&self) -> u64 {
        self.stop - self.start
    }

    /// Whether `seed` lies in this split.
    pub fn contains(&self, seed: u64) -> bool {
        (self.start..self.stop).contains(&seed)
    }
}

/// The splits every environment declares (see [`EnvInfo::splits`]).
pub static SPLITS: [Split; 3] = [
    Split {
        name: "train",
        start: 0,
        stop: 1_000_000,
        summary: "for training: a million seeds per task and level",
    },
    Split {
        name: "validation",
        start: 1_000_000,
        stop: 1_001_000,
        summary: "held out from train, for model selection and examples",
    },
    Split {
        name: "test",
        start: 1_001_000,
        stop: 1_002_000,
        summary: "held out from both, for the reported score only; never used in examples, \
                  docs or tests of policies",
    },
];

/// The reset option naming a split, and the one naming a task in it.
pub const SPLIT: &str = "split";
/// The reset option naming a task of a split by its place in the split's list.
pub const INDEX: &str = "index";
/// The reset option and task field of the difficulty level.
pub const DIFFICULTY: &str = "difficulty";

pub use crate::task::{DEFAULT_LEVEL, LEVELS};

/// One task of a split: what a trainer's dataset holds per row, and what
/// `reset(split=, index=)` plays. A superset of OpenEnv harbor's
/// `HarborTaskRef` (`index`, `task_id`, `task_name`, `dataset`).
#[derive(Debug, Clone)]
pub struct TaskRef {
    /// The environment the task belongs to.
    pub env: &'static EnvInfo,
    /// The split whose list holds the task.
    pub split: &'static Split,
    /// The task's place in the split's list, from 0.
    pub index: u64,
    /// The task played.
    pub task: &'static TaskInfo,
    /// The difficulty level (1 to 5) the scenario is generated at.
    pub difficulty: u8,
    /// The seed the scenario is generated from.
    pub seed: u64,
    /// The episode's step limit ([`EnvInfo::max_steps`]).
    pub max_steps: u32,
}

/// A task of a split as the Task API serves it (`POST /{env_id}/task` and
/// the lists).
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskRecord {
    /// The task's position in its split, from 0.
    pub index: u64,
    /// `{env}/{task}/{difficulty}/{seed}`, the task's stable name.
    pub task_id: String,
    /// The task's id, as its environment names it (Harbor's task name).
    pub task_name: &'static str,
    /// The split, as harbor's `HarborTaskRef` names it.
    pub dataset: &'static str,
    /// The environment's id.
    pub env: &'static str,
    /// The split's name.
    pub split: &'static str,
    /// The task's id, as `reset` takes it.
    pub task: &'static str,
    /// The difficulty level, 1 to 5.
    #[schemars(range(min = 1, max = 5))]
    pub difficulty: u8,
    /// The seed the scenario is generated from.
    pub seed: u64,
    /// The episode's step limit.
    pub max_steps: u32,
    /// The reset options that play this task.
    pub reset: TaskReset,
}

/// The reset options of one task of a split.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TaskReset {
    /// The split's name.
    pub split: &'static str,
    /// The task's position in the split, from 0.
    pub index: u64,
}

impl TaskRef {
    /// `{env}/{task}/{level}/{seed}`: the task's name whatever its index.
    pub fn id(&self) -> String {
        format!(
            "{}/{}/{}/{}",
            self.env.id, self.task.id, self.difficulty, self.seed
        )
    }

    /// The record the Task API serves.
    pub fn record(&self) -> TaskRecord {
        TaskRecord {
            index: self.index,
            task_id: self.id(),
            task_name: self.task.id,
            dataset: self.split.name,
            env: self.env.id,
            split: self.split.name,
            task: self.task.id,
            difficulty: self.difficulty,
            seed: self.seed,
            max_steps: self.max_steps,
            reset: TaskReset {
                split: self.split.name,
                index: self.index,
            },
        }
    }
}

impl EnvInfo {
    /// The declared splits of this environment.
    pub fn splits(&self) -> &'static [Split] {
        &SPLITS
    }

    /// The split named `name`; `""` names the first (`train`), as OpenEnv's
    /// clients send it by default.
    pub fn split(&self, name: &str) -> Result<&'static Split, EnvError> {
        let wanted = name.trim();
        let splits = self.splits();
        if wanted.is_empty() {
            return Ok(&splits[0]);
        }
        splits
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                let names: Vec<&str> = splits.iter().map(|s| s.name).collect();
                EnvError::validation(
                    SPLIT,
                    format!(
                        "unknown split `{}` of {}; its splits are: {}",
                        wanted.chars().take(40).collect::<String>(),
                        self.id,
                        names.join(", ")
                    ),
                )
            })
    }

    /// How many tasks `split` holds: every task, level and seed.
    pub fn num_tasks(&self, split: &Split) -> u64 {
        self.tasks.len() as u64 * self.levels.len() as u64 * split.seeds()
    }

    /// Task `index` of `split`, or a refusal naming the range.
    pub fn task_at(&'static self, split: &'static Split, index: u64) -> Result<TaskRef, EnvError> {
        let count = self.num_tasks(split);
        if index >= count {
            return Err(EnvError::validation(
                INDEX,
                format!(
                    "task index {index} is out of range: split `{}` of {} has {count} tasks \
                     (0 to {})",
                    split.name,
                    self.id,
                    count.saturating_sub(1)
                ),
            ));
        }
        let tasks = self.tasks.len() as u64;
        let levels = self.levels.len() as u64;
        let task = &self.tasks[(index % tasks) as usize];
        let difficulty = self.levels[((index / tasks) % levels) as usize];
        Ok(TaskRef {
            env: self,
            split,
            index,
            task,
            difficulty,
            seed: split.start + index / (tasks * levels),
            max_steps: self.max_steps(task, difficulty)?,
        })
    }

    /// The split whose seeds hold `seed`, if any.
    pub fn split_of(&self, seed: u64) -> Option<&'static Split> {
        self.splits().iter().find(|s| s.contains(seed))
    }
}

/// The tasks `start..stop` of a split of `count`, read as Python slices
/// read them (OpenEnv's `task_range`): negative ends count from the end,
/// ends past it are clamped, a missing start is 0 and a missing stop the
/// end.
pub fn slice(count: u64, start: Option<i64>, stop: Option<i64>) -> std::ops::Range<u64> {
    let clamp = |end: i64| -> u64 {
        if end < 0 {
            count.saturating_sub(end.unsigned_abs())
        } else {
            (end as u64).min(count)
        }
    };
    let from = start.map_or(0, clamp);
    let to = stop.map_or(count, clamp);
    from..to.max(from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::ENVIRONMENTS;

    #[test]
    fn splits_are_disjoint_and_cover_every_task_and_level() {
        for pair in SPLITS.windows(2) {
            assert!(pair[0].stop <= pair[1].start, "{pair:?}");
        }
        for info in ENVIRONMENTS {
            for split in info.splits() {
                let n = info.num_tasks(split);
                let per_seed = info.tasks.len() as u64 * info.levels.len() as u64;
                assert_eq!(n, per_seed * split.seeds());
                let first = info.task_at(split, 0).map(|t| t.seed);
                assert_eq!(first, Ok(split.start));
                let last = info.task_at(split, n - 1);
                assert_eq!(last.as_ref().map(|t| t.seed), Ok(split.stop - 1));
                assert!(info.task_at(split, n).is_err());
                // A prefix of T indices is every task once.
                let prefix: Vec<&str> = (0..info.tasks.len() as u64)
                    .filter_map(|i| info.task_at(split, i).ok().map(|t| t.task.id))
                    .collect();
                let all: Vec<&str> = info.tasks.iter().map(|t| t.id).collect();
                assert_eq!(prefix, all);
                // A prefix of T * L indices is every task at every level once.
                let mut pairs: Vec<(&str, u8)> = (0..per_seed)
                    .filter_map(|i| {
                        info.task_at(split, i)
                            .ok()
                            .map(|t| (t.task.id, t.difficulty))
                    })
                    .collect();
                crate::order::sort(&mut pairs);
                pairs.dedup();
                assert_eq!(pairs.len() as u64, per_seed, "{}", info.id);
                assert_eq!(info.split_of(split.start).map(|s| s.name), Some(split.name));
            }
            assert_eq!(info.split("").map(|s| s.name), Ok("train"));
            assert_eq!(info.split(" Test ").map(|s| s.name), Ok("test"));
            assert!(info.split("dev").is_err());
        }
    }

    #[test]
    fn ranges_read_as_python_slices() {
        assert_eq!(slice(10, None, None), 0..10);
        assert_eq!(slice(10, Some(2), Some(5)), 2..5);
        assert_eq!(slice(10, Some(-3), None), 7..10);
        assert_eq!(slice(10, Some(8), Some(20)), 8..10);
        assert_eq!(slice(10, Some(5), Some(2)), 5..5);
        assert_eq!(slice(10, Some(-20), Some(-8)), 0..2);
    }
}
