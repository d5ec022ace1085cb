//! What an environment is called and what it offers, below everything
//! that plays it: its id and name, its tasks and the difficulty levels. The
//! environments, the episode and the registry all read these types, and
//! none of them is needed to read these.

use schemars::JsonSchema;
use serde::Serialize;

/// A task's difficulty label: `easy`, `medium` or `hard` (the level 1 to 5
/// is a number of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(
    missing_docs,
    reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

/// One task of an environment.
#[derive(Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(rename = "Task")]
pub struct TaskInfo {
    /// The task's id, as `reset` takes it.
    pub id: &'static str,
    /// Other names `reset` accepts for this task (descriptive ones).
    pub aliases: &'static [&'static str],
    /// The task's difficulty label.
    pub difficulty: Difficulty,
    /// The most steps an episode of it may take.
    #[schemars(range(min = 1))]
    pub max_steps: u32,
    /// One line: what the task asks and how it is scored.
    pub summary: &'static str,
}

/// An environment by its id and name alone, whether or not this build
/// compiles it in: the web page is built as one bundle per environment (see
/// the `productivity`, `it_mental_health` and `support_triage` features), and
/// each bundle offers the others by name, as pages of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed {
    /// The environment's id in URLs and `reset` (`support_triage`).
    pub id: &'static str,
    /// The environment's display name (`DeskBench Support Triage`).
    pub name: &'static str,
}

/// The productivity environment's id and name.
pub const PRODUCTIVITY: Listed = Listed {
    id: "productivity",
    name: "DeskBench Productivity",
};
/// The IT mental-health environment's id and name.
pub const IT_MENTAL_HEALTH: Listed = Listed {
    id: "it_mental_health",
    name: "DeskBench IT Mental Health",
};
/// The support-triage environment's id and name.
pub const SUPPORT_TRIAGE: Listed = Listed {
    id: "support_triage",
    name: "DeskBench Support Triage",
};

/// Every environment there is, in the order of [`crate::registry::ENVIRONMENTS`] (which
/// holds those this build compiles in).
pub const LISTED: &[Listed] = &[PRODUCTIVITY, IT_MENTAL_HEALTH, SUPPORT_TRIAGE];

/// Every difficulty level there is; an environment serves those its
/// generators take ([`crate::registry::EnvInfo::levels`]), and its splits
/// number them.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The level a reset plays when it names none.
pub const DEFAULT_LEVEL: u8 = 2;

/// Where `level` sits in a per-level table (levels 1 to 5, a level outside
/// them read as the nearest one): every generator's table of counts and
/// odds per level is read through this, or [`at_level`].
pub fn level_index(level: u8) -> usize {
    usize::from(level.clamp(*LEVELS.start(), *LEVELS.end()) - LEVELS.start())
}

/// The entry of a per-level table for `level` ([`level_index`]).
pub fn at_level<T: Copy>(table: &[T; 5], level: u8) -> T {
    table[level_index(level)]
}

/// An environment's tasks as an enum: one variant per row of its `TASKS`
/// table, in the table's order, each named by its row's id (on the wire
/// too: its serde name is that id). The environment's trait methods take
/// its enum ([`crate::Environment::Task`]), so every match over its tasks
/// is exhaustive and a new task must be placed in each; a name that is no
/// task is refused where a client gives it
/// ([`crate::error::EnvError::UnknownTask`]), never read as some default.
pub trait TaskEnum: Copy + Eq + Send + 'static {
    /// Whose tasks these are.
    const LISTED: Listed;
    /// The environment's table: one row per task, in the enum's order (the
    /// registry lists it).
    const TABLE: &'static [TaskInfo];
    /// Every task, in the order of the environment's table.
    const ALL: &'static [Self];

    /// This task's row of the environment's table.
    fn info(self) -> &'static TaskInfo;

    /// This task's id, as the wire names it.
    fn as_str(self) -> &'static str {
        self.info().id
    }

    /// The task whose id is `id`, exactly as the table spells it.
    fn from_id(id: &str) -> Result<Self, crate::error::EnvError> {
        Self::ALL
            .iter()
            .copied()
            .find(|task| task.as_str() == id)
            .ok_or_else(|| crate::error::EnvError::UnknownTask {
                env: Self::LISTED.id.to_owned(),
                task: id.to_owned(),
                available: Self::ALL
                    .iter()
                    .map(|task| task.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Implements [`TaskEnum`] and `FromStr` for an environment's task enum
/// whose variants, listed in the order of `table`, are its rows: the
/// first is the default. Each environment states only what differs: its
/// listing, its table and its variants.
macro_rules! task_enum {
    ($task:ident, $listed:expr, $table:ident, [$first:ident $(, $rest:ident)* $(,)?]) => {
        impl $crate::task::TaskEnum for $task {
            const LISTED: $crate::task::Listed = $listed;
            const TABLE: &'static [$crate::task::TaskInfo] = &$table;
            const ALL: &'static [$task] = &[$task::$first $(, $task::$rest)*];

            fn info(self) -> &'static $crate::task::TaskInfo {
                &$table[self as usize]
            }
        }

        impl std::str::FromStr for $task {
            type Err = $crate::error::EnvError;

            fn from_str(id: &str) -> Result<$task, $crate::error::EnvError> {
                <$task as $crate::task::TaskEnum>::from_id(id)
            }
        }
    };
}
pub(crate) use task_enum;

/// Test of an environment's [`TaskEnum`] against its `table`: each task is
/// its own row, in order, found by its id, serialised as it and parsed back
/// from it; every row is a task; any other id is refused.
#[cfg(test)]
pub(crate) fn assert_task_enum<T>(table: &'static [TaskInfo])
where
    T: TaskEnum + std::fmt::Debug + Serialize + serde::de::DeserializeOwned,
{
    assert_eq!(T::ALL.len(), table.len());
    assert!(std::ptr::eq(T::TABLE, table));
    for (task, row) in T::ALL.iter().zip(table) {
        assert!(std::ptr::eq(task.info(), row));
        assert_eq!(T::from_id(row.id), Ok(*task));
        assert_eq!(serde_json::to_value(task).ok(), Some(row.id.into()));
        assert_eq!(serde_json::from_value::<T>(row.id.into()).ok(), Some(*task));
    }
    assert!(matches!(
        T::from_id("no_such_task"),
        Err(crate::error::EnvError::UnknownTask { .. })
    ));
}
