//! Per-step rewards that pay for process, never for being right.
//!
//! Before the terminal step the only positive reward is a fixed budget
//! ([`PROCESS_BUDGET`]) shared out over "process units": the first view of
//! each ticket, and the first complete triage (and, in the exception task,
//! the first reply and disposition) of a ticket already opened. Each unit
//! pays once, whatever label it carries, so repeating or alternating
//! actions earns nothing and no sequence can earn more than the budget
//! before the end. Every step costs [`STEP_COST`]; mistakes (a records-desk
//! command below level 4, an unknown invoice) and repeating the previous
//! action cost more. An action that cannot be played at all (a missing or
//! unknown ticket id, an empty field) is refused before the step, not
//! counted. The terminal step carries the grader score, less
//! [`LIMIT_PENALTY`] when the step limit rather than `submit_episode`
//! ended the episode.

use schemars::JsonSchema;
use serde::Serialize;

use crate::points::Points;

/// The share of a full reward the process steps pay out over an episode (0.2).
pub const PROCESS_BUDGET: Points = Points(2000);
/// The reward of every accepted step (-0.01).
pub const STEP_COST: Points = Points(-100);
pub(crate) const MISTAKE_PENALTY: Points = Points(-500);
pub(crate) const LOOP_PENALTY: Points = Points(-500);
/// Taken off the terminal step when the step limit, not `submit_episode`, ended the episode (-0.1).
pub const LIMIT_PENALTY: Points = Points(-1000);

/// The terms of one step's reward, inside the observation so they survive
/// the wire (OpenEnv drops `observation.metadata`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RewardBreakdown {
    /// Process reward of this step, plus the grader score on the terminal step.
    pub progress: Points,
    /// Step cost and penalties (never positive).
    pub penalty: Points,
    /// The task score in [0, 1], on the terminal step only.
    pub terminal_grader: Option<Points>,
    /// `progress + penalty`, clamped to [-1, 1]: the step's reward.
    pub total: Points,
}

impl RewardBreakdown {
    /// The terms of a step, `total` their sum clamped to [-1, 1].
    pub fn new(progress: Points, penalty: Points, terminal_grader: Option<Points>) -> Self {
        RewardBreakdown {
            progress,
            penalty,
            terminal_grader,
            total: (progress + penalty).clamp(Points(-Points::SCALE), Points::FULL),
        }
    }
}

/// Shares the process budget out over the units of one episode.
#[derive(Debug, Clone)]
pub struct Shaper {
    units_total: u32,
    units_earned: u32,
    previous: Option<String>,
}

impl Shaper {
    /// A shaper paying the process budget over `units_total` units.
    pub fn new(units_total: u32) -> Self {
        Shaper {
            units_total,
            units_earned: 0,
            previous: None,
        }
    }

    fn paid(&self, units: u32) -> i64 {
        if self.units_total == 0 {
            return 0;
        }
        i64::from(PROCESS_BUDGET.0) * i64::from(units.min(self.units_total))
            / i64::from(self.units_total)
    }

    /// The reward for `units` more process units. The shares telescope, so
    /// the whole episode pays at most [`PROCESS_BUDGET`].
    pub fn earn(&mut self, units: u32) -> Points {
        let before = self.paid(self.units_earned);
        self.units_earned = (self.units_earned + units).min(self.units_total);
        Points((self.paid(self.units_earned) - before) as i32)
    }

    /// Whether this action repeats the previous one exactly.
    pub fn repeats(&mut self, fingerprint: String) -> bool {
        let repeated = self.previous.as_deref() == Some(fingerprint.as_str());
        self.previous = Some(fingerprint);
        repeated
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_paid_once_and_exactly() {
        let mut shaper = Shaper::new(7);
        let total: i32 = (0..20).map(|_| shaper.earn(1).0).sum();
        assert_eq!(total, PROCESS_BUDGET.0);
        assert_eq!(shaper.earn(3), Points::ZERO);
        assert_eq!(Shaper::new(0).earn(1), Points::ZERO);
    }

    #[test]
    fn totals_clamp_and_repeats_are_seen() {
        let b = RewardBreakdown::new(Points(12_000), Points(-100), Some(Points::FULL));
        assert_eq!(b.total, Points::FULL);
        let mut shaper = Shaper::new(1);
        assert!(!shaper.repeats("a".into()));
        assert!(shaper.repeats("a".into()));
        assert!(!shaper.repeats("b".into()));
    }
}
