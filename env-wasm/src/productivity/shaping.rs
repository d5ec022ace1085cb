//! The seed's per-step reward: improvement over the best answer so far, a
//! step cost, and penalties for regressions, empty answers, repeats and
//! malformed commands, clamped to [-1, 1]. Proposals pay only for
//! improvement, so repeating a good answer earns nothing.

use schemars::JsonSchema;
use serde::Serialize;

use crate::points::Points;

const STEP_PENALTY: Points = Points(-200);
const REGRESSION_PENALTY: Points = Points(-1500);
const ZERO_SCORE_PENALTY: Points = Points(-500);
const LOOP_PENALTY: Points = Points(-500);
const MALFORMED_PENALTY: Points = Points(-2500);

/// The terms of one step's reward; `value` is their clamped sum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RewardBreakdown {
    pub delta: Points,
    pub step_penalty: Points,
    pub wrong_answer_penalty: Points,
    pub loop_penalty: Points,
    pub malformed_penalty: Points,
    pub value: Points,
}

impl RewardBreakdown {
    fn total(mut self) -> Self {
        let sum = self.delta
            + self.step_penalty
            + self.wrong_answer_penalty
            + self.loop_penalty
            + self.malformed_penalty;
        self.value = sum.clamp(Points(-Points::SCALE), Points::FULL);
        self
    }
}

/// Remembers what the shaping depends on: the best score so far and the
/// previous command.
#[derive(Debug, Clone, Default)]
pub struct Shaper {
    best: Points,
    previous_raw: Option<String>,
}

impl Shaper {
    pub fn best(&self) -> Points {
        self.best
    }

    fn loop_penalty(&mut self, raw: &str) -> Points {
        let normalized = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        let repeated = self.previous_raw.as_deref() == Some(normalized.as_str());
        self.previous_raw = Some(normalized);
        if repeated { LOOP_PENALTY } else { Points::ZERO }
    }

    pub fn malformed(&mut self) -> RewardBreakdown {
        // A malformed command is never a loop of a valid one; forget the last.
        self.previous_raw = None;
        RewardBreakdown {
            step_penalty: STEP_PENALTY,
            malformed_penalty: MALFORMED_PENALTY,
            ..Default::default()
        }
        .total()
    }

    pub fn inspect(&mut self, raw: &str) -> RewardBreakdown {
        RewardBreakdown {
            step_penalty: STEP_PENALTY,
            loop_penalty: self.loop_penalty(raw),
            ..Default::default()
        }
        .total()
    }

    pub fn graded(&mut self, raw: &str, score: Points) -> RewardBreakdown {
        let delta = if score > self.best {
            score - self.best
        } else {
            Points::ZERO
        };
        let wrong_answer_penalty = if score < self.best {
            REGRESSION_PENALTY
        } else if score == Points::ZERO {
            ZERO_SCORE_PENALTY
        } else {
            Points::ZERO
        };
        self.best = self.best.max(score);
        RewardBreakdown {
            delta,
            step_penalty: STEP_PENALTY,
            wrong_answer_penalty,
            loop_penalty: self.loop_penalty(raw),
            malformed_penalty: Points::ZERO,
            value: Points::ZERO,
        }
        .total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_values() {
        let mut shaper = Shaper::default();
        assert_eq!(shaper.graded("final: {}", Points::FULL).value, Points(9800));
        let mut shaper = Shaper::default();
        assert_eq!(shaper.inspect("inspect").value, Points(-200));
        assert_eq!(shaper.inspect("inspect").value, Points(-700));
        assert_eq!(shaper.malformed().value, Points(-2700));
        assert_eq!(
            shaper.graded("propose: {}", Points::ZERO).value,
            Points(-700)
        );
    }

    #[test]
    fn repeating_a_good_answer_earns_nothing_and_regressing_costs() {
        let mut shaper = Shaper::default();
        assert_eq!(
            shaper.graded("propose: {\"a\":1}", Points(6000)).value,
            Points(5800)
        );
        assert_eq!(
            shaper.graded("propose: {\"a\":1}", Points(6000)).value,
            Points(-700)
        );
        assert_eq!(
            shaper.graded("propose: {\"a\":2}", Points(3000)).value,
            Points(-1700)
        );
        assert_eq!(shaper.best(), Points(6000));
    }
}
