//! What a task is graded on, as data. A [`Rubric`] is OpenEnv's
//! `WeightedSum` of named criteria, where a criterion may sit behind a
//! [`Gate`] (OpenEnv's `Sequential(Gate(on, threshold), criterion)`): it is
//! paid only when the criterion it is gated on is paid at least the
//! threshold (so gates chain), and form earns nothing without the substance
//! it goes with (reply elements only for a reply that handles its case on a
//! ticket routed as its case needs, a booking's extras only for a booking
//! that meets every hard constraint). Penalties are taken off
//! the weighted sum and the total is clamped to [0, 1].
//!
//! Every environment grades through [`Rubric::grade`], `/metadata` publishes
//! each task's rubric per level, and the page reads it from there, so the
//! weights are written once. At the graded end each [`Deduction`] names the
//! item a criterion lost points on and the value expected.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;

use crate::points::Points;

/// One criterion: its key in `score_breakdown`, its weight (the weights
/// of a rubric add up to 1; a weight of 0 is a check that only gates
/// others), a short human title, and one sentence on what earns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Criterion {
    /// The criterion's key in `score_breakdown` (`valid_rows`).
    pub name: &'static str,
    /// Its share of the task score; 0 for a check that only gates others.
    pub weight: Points,
    /// A short title for people (`Valid row count`).
    pub title: &'static str,
    /// One sentence on what earns the criterion; empty when the title says it.
    #[serde(skip_serializing_if = "str::is_empty")]
    pub about: &'static str,
    /// The criterion that must score enough for this one to be paid; `None` when always paid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<Gate>,
}

impl Criterion {
    /// A criterion with no `about` sentence and no gate.
    pub const fn new(name: &'static str, weight: Points, title: &'static str) -> Criterion {
        Criterion {
            name,
            weight,
            title,
            about: "",
            gate: None,
        }
    }

    /// This criterion with a sentence on what earns it.
    pub const fn about(self, about: &'static str) -> Criterion {
        Criterion { about, ..self }
    }

    /// This criterion, paid only when `on` scores at least `at_least`.
    pub const fn gated(self, on: &'static str, at_least: Points) -> Criterion {
        Criterion {
            gate: Some(Gate { on, at_least }),
            ..self
        }
    }
}

/// A criterion counts only when criterion `on` scores at least `at_least`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Gate {
    /// The criterion that opens the gate.
    pub on: &'static str,
    /// The least score of `on` that opens it.
    pub at_least: Points,
}

/// A penalty taken off the weighted sum: its name in the breakdown's
/// penalties, what triggers it, and the most it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Penalty {
    /// The penalty's key in the breakdown's penalties.
    pub name: &'static str,
    /// One sentence on what triggers it.
    pub about: &'static str,
    /// The most it takes off the task score.
    pub most: Points,
}

/// A task's grading as data; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rubric {
    /// OpenEnv's name for the combination, `WeightedSum`.
    pub kind: &'static str,
    /// The criteria, weights adding up to 1.
    pub criteria: &'static [Criterion],
    /// Penalties taken off the weighted sum; empty for most tasks.
    #[serde(skip_serializing_if = "<[Penalty]>::is_empty")]
    pub penalties: &'static [Penalty],
}

/// How a task's score is made: one rubric, or the mean of other tasks'
/// scores (a multi-task episode such as `it_mental_health`'s
/// `full_episode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind")]
pub enum TaskRubric {
    /// The task is graded by this rubric.
    #[serde(rename = "WeightedSum")]
    Weighted(&'static Rubric),
    /// The task scores the mean of these tasks' scores (by task id).
    #[serde(rename = "MeanOfTasks")]
    MeanOf {
        /// The ids of the tasks whose scores are averaged.
        tasks: &'static [&'static str],
    },
}

/// A rubric applied to one answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    /// Criterion -> score in [0, 1] after its gate (a gated-off criterion
    /// scores 0 here), in the rubric's names.
    pub criteria: BTreeMap<&'static str, Points>,
    /// Criteria whose gate was shut, with the score they would have had.
    pub gated: Vec<(&'static str, Points)>,
    /// Penalty -> points taken off.
    pub penalties: BTreeMap<&'static str, Points>,
    /// The weighted criteria before penalties.
    pub weighted: Points,
    /// The task score: weighted minus penalties, clamped to [0, 1].
    pub total: Points,
}

impl Rubric {
    /// A weighted sum of `criteria`, with no penalty.
    pub const fn new(criteria: &'static [Criterion]) -> Rubric {
        Rubric {
            kind: "WeightedSum",
            criteria,
            penalties: &[],
        }
    }

    /// This rubric with `penalties` taken off its weighted sum.
    pub const fn with_penalties(self, penalties: &'static [Penalty]) -> Rubric {
        Rubric { penalties, ..self }
    }

    /// The weight of criterion `name`, if the rubric has it.
    pub fn weight(&self, name: &str) -> Option<Points> {
        self.criteria
            .iter()
            .find(|c| c.name == name)
            .map(|c| c.weight)
    }

    /// Grade from each criterion's raw score (`scores`, by name; a criterion
    /// left out scores 0) and the penalties incurred (by name, each capped
    /// at its `most`; an unknown name is ignored).
    pub fn grade(
        &self,
        scores: &[(&'static str, Points)],
        penalties: &[(&'static str, Points)],
    ) -> Graded {
        let raw = |name: &str| {
            scores
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(Points::ZERO, |(_, s)| {
                    (*s).clamp(Points::ZERO, Points::FULL)
                })
        };
        let mut criteria = BTreeMap::new();
        let mut gated = Vec::new();
        let mut weighted = Points::ZERO;
        for criterion in self.criteria {
            let score = raw(criterion.name);
            let open = criterion
                .gate
                .is_none_or(|g| self.paid(g.on, &raw, 0) >= g.at_least);
            let paid = if open {
                score
            } else {
                gated.push((criterion.name, score));
                Points::ZERO
            };
            criteria.insert(criterion.name, paid);
            weighted = weighted + paid.weighted(criterion.weight);
        }
        let mut taken = BTreeMap::new();
        for penalty in self.penalties {
            if let Some((_, points)) = penalties.iter().find(|(n, _)| *n == penalty.name) {
                let points = (*points).clamp(Points::ZERO, penalty.most);
                if points > Points::ZERO {
                    taken.insert(penalty.name, points);
                }
            }
        }
        let total =
            (weighted - taken.values().copied().sum::<Points>()).clamp(Points::ZERO, Points::FULL);
        Graded {
            criteria,
            gated,
            penalties: taken,
            weighted,
            total,
        }
    }

    /// What criterion `name` is paid: its raw score when its gate (if any)
    /// is open. A gate reads the paid score of the criterion it is on, so
    /// gates chain as OpenEnv's nested `Sequential`s do: a criterion gated
    /// on one whose own gate is shut is shut too. A chain longer than the
    /// rubric is a cycle (refused by [`Rubric::is_well_formed`]) and pays
    /// nothing.
    fn paid(&self, name: &str, raw: &dyn Fn(&str) -> Points, depth: usize) -> Points {
        let gate = self
            .criteria
            .iter()
            .find(|c| c.name == name)
            .and_then(|c| c.gate);
        match gate {
            None => raw(name),
            Some(_) if depth > self.criteria.len() => Points::ZERO,
            Some(g) if self.paid(g.on, raw, depth + 1) >= g.at_least => raw(name),
            Some(_) => Points::ZERO,
        }
    }

    /// Whether the weights add up to 1 and every gate names another
    /// criterion of this rubric, with no cycle of gates (checked for every
    /// task by a test).
    pub fn is_well_formed(&self) -> bool {
        let sum: Points = self.criteria.iter().map(|c| c.weight).sum();
        let gates_resolve = self.criteria.iter().all(|c| {
            c.gate
                .is_none_or(|g| g.on != c.name && self.weight(g.on).is_some())
        });
        let acyclic = self.criteria.iter().all(|start| {
            let mut at = start.gate;
            let mut steps = 0;
            while let Some(g) = at {
                steps += 1;
                if steps > self.criteria.len() {
                    return false;
                }
                at = self
                    .criteria
                    .iter()
                    .find(|c| c.name == g.on)
                    .and_then(|c| c.gate);
            }
            true
        });
        sum == Points::FULL && gates_resolve && acyclic
    }
}

/// Where a graded answer lost points: the criterion, the item (a ticket,
/// a person, a field, a sentence of the answer), what the answer gave and
/// what was expected. Shown only at the graded end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Deduction {
    /// The criterion that lost the points.
    pub criterion: String,
    /// What it was about: a ticket, a person, a field or a sentence of the answer.
    pub item: String,
    /// What the answer gave.
    pub got: String,
    /// What was expected.
    pub expected: String,
}

impl Deduction {
    /// Where an answer lost points on `criterion`: the `item`, what it gave and what was expected.
    pub fn new(
        criterion: &str,
        item: impl Into<String>,
        got: impl Into<String>,
        expected: impl Into<String>,
    ) -> Deduction {
        Deduction {
            criterion: criterion.to_owned(),
            item: item.into(),
            got: got.into(),
            expected: expected.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static GATED: Rubric = Rubric::new(&[
        Criterion::new("handling", Points(6000), "handles the case"),
        Criterion::new("elements", Points(4000), "names and next step")
            .gated("handling", Points::FULL),
    ])
    .with_penalties(&[Penalty {
        name: "harmful",
        about: "harmful advice",
        most: Points(3000),
    }]);

    #[test]
    fn a_shut_gate_pays_nothing_and_says_so() {
        let open = GATED.grade(
            &[("handling", Points::FULL), ("elements", Points(5000))],
            &[],
        );
        assert_eq!(open.total, Points(8000));
        assert!(open.gated.is_empty());
        let shut = GATED.grade(
            &[("handling", Points(9000)), ("elements", Points::FULL)],
            &[],
        );
        assert_eq!(shut.criteria["elements"], Points::ZERO);
        assert_eq!(shut.gated, vec![("elements", Points::FULL)]);
        assert_eq!(shut.total, Points(5400));
    }

    #[test]
    fn penalties_are_capped_and_the_total_clamped() {
        let graded = GATED.grade(
            &[("handling", Points(2000))],
            &[("harmful", Points(9000)), ("unknown", Points(9000))],
        );
        assert_eq!(graded.penalties["harmful"], Points(3000));
        assert_eq!(graded.penalties.len(), 1);
        assert_eq!(graded.total, Points::ZERO);
        assert!(GATED.is_well_formed());
        static BAD: Rubric =
            Rubric::new(&[Criterion::new("a", Points(5000), "").gated("missing", Points::FULL)]);
        assert!(!BAD.is_well_formed());
        static CYCLE: Rubric = Rubric::new(&[
            Criterion::new("a", Points(5000), "").gated("b", Points::FULL),
            Criterion::new("b", Points(5000), "").gated("a", Points::FULL),
        ]);
        assert!(!CYCLE.is_well_formed());
    }

    #[test]
    fn gates_chain_through_a_shut_gate() {
        static CHAINED: Rubric = Rubric::new(&[
            Criterion::new("routing", Points::ZERO, "routed"),
            Criterion::new("handling", Points(6000), "handles").gated("routing", Points::FULL),
            Criterion::new("elements", Points(4000), "elements").gated("handling", Points::FULL),
        ]);
        assert!(CHAINED.is_well_formed());
        let scores = |routing| {
            [
                ("routing", routing),
                ("handling", Points::FULL),
                ("elements", Points::FULL),
            ]
        };
        assert_eq!(
            CHAINED.grade(&scores(Points::FULL), &[]).total,
            Points::FULL
        );
        let shut = CHAINED.grade(&scores(Points::ZERO), &[]);
        assert_eq!(shut.total, Points::ZERO);
        assert_eq!(
            shut.gated,
            vec![("handling", Points::FULL), ("elements", Points::FULL)]
        );
    }
}
