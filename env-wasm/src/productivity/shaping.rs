//! The seed's per-step reward, without anything that would grade an
//! unfinished answer: every step costs a step penalty, an exact repeat of
//! the previous command a loop penalty, a malformed command a malformed
//! penalty; only the graded end of the episode (a `final`, or the step
//! limit) adds the task score as `delta`, and a zero-score penalty when the
//! score is 0. The sum is clamped to [-1, 1].
//!
//! A draft (`propose`) earns no delta: paying a draft its improvement over
//! the best answer so far, as the seed does, is an oracle a policy can
//! enumerate answers against. So a draft costs a step, whatever it holds.

use schemars::JsonSchema;
use serde::Serialize;

#[cfg(not(target_arch = "wasm32"))]
use crate::episode::JsonText;
use crate::points::Points;

const STEP_PENALTY: Points = Points(-200);
const ZERO_SCORE_PENALTY: Points = Points(-500);
const LOOP_PENALTY: Points = Points(-500);
const MALFORMED_PENALTY: Points = Points(-2500);

/// The terms of one step's reward; `value` is their clamped sum. `delta` is
/// the task score on the graded step and 0 on every other step;
/// `wrong_answer_penalty` is the zero-score penalty of a graded answer that
/// scores 0.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub(crate) struct RewardBreakdown {
    pub delta: Points,
    pub step_penalty: Points,
    pub wrong_answer_penalty: Points,
    pub loop_penalty: Points,
    pub malformed_penalty: Points,
    pub value: Points,
}

impl RewardBreakdown {
    /// These terms as JSON, the bytes of the derived `Serialize`
    /// ([`super::ProductivityObservation`]'s writer, native only).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn write_json(&self, json: &mut JsonText) {
        json.raw("{\"delta\":")
            .value(&self.delta)
            .raw(",\"step_penalty\":")
            .value(&self.step_penalty)
            .raw(",\"wrong_answer_penalty\":")
            .value(&self.wrong_answer_penalty)
            .raw(",\"loop_penalty\":")
            .value(&self.loop_penalty)
            .raw(",\"malformed_penalty\":")
            .value(&self.malformed_penalty)
            .raw(",\"value\":")
            .value(&self.value)
            .raw("}");
    }

    fn total(mut self) -> Self {
        let sum = self.delta
            + self.step_penalty
            + self.wrong_answer_penalty
            + self.loop_penalty
            + self.malformed_penalty;
        self.value = sum.clamp(Points(-Points::SCALE), Points::FULL);
        self
    }

    /// This step's terms plus the grade: the score as `delta`, and the
    /// zero-score penalty when the score is 0.
    pub(crate) fn with_grade(self, score: Points) -> Self {
        RewardBreakdown {
            delta: score,
            wrong_answer_penalty: if score == Points::ZERO {
                ZERO_SCORE_PENALTY
            } else {
                Points::ZERO
            },
            ..self
        }
        .total()
    }
}

/// Remembers what the shaping depends on: the previous command, and
/// nothing about any answer's quality.
#[derive(Debug, Clone, Default)]
pub(crate) struct Shaper {
    previous_raw: Option<String>,
}

impl Shaper {
    fn loop_penalty(&mut self, raw: &str) -> Points {
        // The words joined by single spaces, written in one pass.
        let mut normalized = String::with_capacity(raw.len());
        for word in raw.split_whitespace() {
            if !normalized.is_empty() {
                normalized.push(' ');
            }
            normalized.push_str(word);
        }
        let repeated = self.previous_raw.as_deref() == Some(normalized.as_str());
        self.previous_raw = Some(normalized);
        if repeated { LOOP_PENALTY } else { Points::ZERO }
    }

    pub(crate) fn malformed(&mut self) -> RewardBreakdown {
        // A malformed command is never a loop of a valid one; forget the last.
        self.previous_raw = None;
        RewardBreakdown {
            step_penalty: STEP_PENALTY,
            malformed_penalty: MALFORMED_PENALTY,
            ..Default::default()
        }
        .total()
    }

    /// A well-formed command (`inspect`, a draft or a final answer): the
    /// step penalty, and the loop penalty for an exact repeat.
    pub(crate) fn command(&mut self, raw: &str) -> RewardBreakdown {
        RewardBreakdown {
            step_penalty: STEP_PENALTY,
            loop_penalty: self.loop_penalty(raw),
            ..Default::default()
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
        let perfect = shaper.command("final: {}").with_grade(Points::FULL);
        assert_eq!(perfect.value, Points(9800));
        assert_eq!(perfect.delta, Points::FULL);
        let mut shaper = Shaper::default();
        assert_eq!(shaper.command("inspect").value, Points(-200));
        assert_eq!(shaper.command("inspect").value, Points(-700));
        assert_eq!(shaper.malformed().value, Points(-2700));
        let zero = shaper.command("final: {}").with_grade(Points::ZERO);
        assert_eq!(zero.value, Points(-700));
        assert_eq!(zero.wrong_answer_penalty, Points(-500));
    }

    #[test]
    fn drafts_cost_a_step_whatever_they_hold() {
        let mut shaper = Shaper::default();
        let first = shaper.command("propose: {\"a\":1}");
        assert_eq!(first.value, Points(-200));
        assert_eq!(first.delta, Points::ZERO);
        assert_eq!(shaper.command("propose: {\"a\":2}"), first);
        assert_eq!(shaper.command("propose:  {\"a\":2}").value, Points(-700));
    }
}
