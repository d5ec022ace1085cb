//! What an environment is called and what it offers, below everything
//! that plays it: its id and name, its tasks and the difficulty levels. The
//! environments, the episode and the registry all read these types, and
//! none of them is needed to read these.

use schemars::JsonSchema;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

/// One task of an environment.
#[derive(Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[schemars(rename = "Task")]
pub struct TaskInfo {
    pub id: &'static str,
    /// Other names `reset` accepts for this task (descriptive ones).
    pub aliases: &'static [&'static str],
    pub difficulty: Difficulty,
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
    pub id: &'static str,
    pub name: &'static str,
}

pub const PRODUCTIVITY: Listed = Listed {
    id: "productivity",
    name: "DeskBench Productivity",
};
pub const IT_MENTAL_HEALTH: Listed = Listed {
    id: "it_mental_health",
    name: "DeskBench IT Mental Health",
};
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
