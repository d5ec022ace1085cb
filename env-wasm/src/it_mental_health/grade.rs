//! What a graded answer is: criterion scores, penalties and the total, put
//! together once for every task so weighting, the too-short rule and the
//! penalty cap are the same everywhere.

use std::collections::BTreeMap;

use super::reading::{Answer, penalties};
use crate::points::Points;
use crate::rubric::Rubric;

/// A graded answer to one task: the criteria, the penalties and the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    /// Criterion -> score in [0, 1].
    pub criteria: BTreeMap<&'static str, Points>,
    /// Penalty -> points taken off the weighted score.
    pub penalties: BTreeMap<&'static str, Points>,
    /// The weighted criteria before penalties.
    pub weighted: Points,
    /// The task's score in [0, 1]: `weighted` less the penalties (0 for a too-short answer).
    pub total: Points,
    /// One line per criterion: what was read and what the rubric gives.
    pub notes: Vec<String>,
}

/// Weigh `parts` (name, score, weight; weights add up to 1), apply the
/// penalties of `answer` against the task's word cap, and clamp to [0, 1].
pub fn assemble(
    parts: &[(&'static str, Points, Points)],
    answer: &Answer,
    word_cap: usize,
    mut notes: Vec<String>,
) -> Grade {
    let weighted: Points = parts
        .iter()
        .map(|(_, score, weight)| score.weighted(*weight))
        .sum();
    let assessment = penalties::assess_read(answer.sent, &answer.words, word_cap);
    let mut penalties = assessment.penalties.clone();
    let total = if assessment.too_short {
        penalties.insert("too_short_penalty", weighted);
        notes.push(format!(
            "The answer has {} words; under {} words it scores 0.",
            assessment.words,
            penalties::MIN_WORDS
        ));
        Points::ZERO
    } else {
        if !assessment.harmful.is_empty() {
            // Each act is charged: "confidentiality (2 acts)".
            let named: Vec<String> = assessment
                .harmful
                .iter()
                .zip(&assessment.harmful_acts)
                .map(|(name, acts)| match acts {
                    0 | 1 => (*name).to_owned(),
                    n => format!("{name} ({n} acts)"),
                })
                .collect();
            notes.push(format!("Harmful advice: {}.", named.join(", ")));
        }
        if penalties.contains_key("length_penalty") {
            notes.push(format!(
                "The answer has {} words, past the limit of {word_cap}.",
                assessment.words
            ));
        }
        (weighted - assessment.total).clamp(Points::ZERO, Points::FULL)
    };
    Grade {
        criteria: crate::order::map_of(parts.iter().map(|(name, score, _)| (*name, *score))),
        penalties,
        weighted,
        total,
        notes,
    }
}

/// [`assemble`] through `rubric`'s gates: `scores` (name, raw score) are
/// paid as the rubric pays them, a criterion behind a shut gate nothing,
/// and then the note `shut` writes from the criteria shut off (with the
/// scores they would have had) is added to the notes.
pub fn assemble_gated(
    rubric: &Rubric,
    scores: &[(&'static str, Points)],
    answer: &Answer,
    word_cap: usize,
    mut notes: Vec<String>,
    shut: impl FnOnce(&[(&'static str, Points)]) -> String,
) -> Grade {
    let graded = rubric.grade(scores, &[]);
    if !graded.gated.is_empty() {
        notes.push(shut(&graded.gated));
    }
    let parts: Vec<(&'static str, Points, Points)> = scores
        .iter()
        .map(|(name, _)| {
            (
                *name,
                graded.criteria.get(name).copied().unwrap_or(Points::ZERO),
                rubric.weight(name).unwrap_or(Points::ZERO),
            )
        })
        .collect();
    assemble(&parts, answer, word_cap, notes)
}

/// F1 of `hits` true positives among `predicted` answers and `gold` items.
pub fn f1(hits: usize, predicted: usize, gold: usize) -> Points {
    if predicted == 0 && gold == 0 {
        return Points::FULL;
    }
    Points::ratio(2 * hits as u64, (predicted + gold) as u64)
}

/// F1 in which every wrong answer also cancels a right one:
/// `2 (hits - wrong) / (predicted + gold)`, never below 0. Plain F1 still
/// pays half or more for listing every option; here naming what the case
/// does not need takes back credit for what it does, so "everything" scores
/// little unless nearly everything is right.
pub fn offset_f1(hits: usize, predicted: usize, gold: usize) -> Points {
    if predicted == 0 && gold == 0 {
        return Points::FULL;
    }
    let wrong = predicted.saturating_sub(hits);
    Points::ratio(
        2 * hits.saturating_sub(wrong) as u64,
        (predicted + gold) as u64,
    )
}

/// F1 from a precision and a recall given as fractions.
pub fn f1_of(precision: (usize, usize), recall: (usize, usize)) -> Points {
    let (pn, pd) = (precision.0 as u64, precision.1 as u64);
    let (rn, rd) = (recall.0 as u64, recall.1 as u64);
    if pd == 0 || rd == 0 || pn == 0 || rn == 0 {
        return Points::ZERO;
    }
    // 2PR / (P + R) with P = pn/pd and R = rn/rd, in integers.
    Points::ratio(2 * pn * rn, pn * rd + rn * pd)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f1_in_integers() {
        assert_eq!(f1(1, 1, 1), Points::FULL);
        assert_eq!(f1(1, 3, 1), Points(5000));
        assert_eq!(f1_of((1, 1), (1, 1)), Points::FULL);
        assert_eq!(f1_of((1, 2), (1, 1)), Points(6667));
        assert_eq!(f1_of((0, 2), (1, 1)), Points::ZERO);
        assert_eq!(offset_f1(1, 1, 2), Points(6667));
        assert_eq!(offset_f1(2, 3, 2), Points(4000));
        assert_eq!(offset_f1(1, 3, 1), Points::ZERO);
        assert_eq!(offset_f1(3, 3, 3), Points::FULL);
    }
}
