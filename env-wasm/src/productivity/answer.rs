//! Reading and grading an answer object, for every task: a field as a
//! deduction quotes it, a value with its asides, one choice among a few,
//! and the [`Grade`] a rubric makes of the criteria's scores.

use std::collections::BTreeMap;

use crate::points::Points;

/// Each answer field of a task and its reading's form: `Ok` when the field
/// is present and well formed. What a draft check reports, never a score.
pub(crate) type FormCheck = Vec<(std::borrow::Cow<'static, str>, crate::grading::Reading<()>)>;

/// A graded answer: criterion -> score in [0, 1] (after its rubric's
/// gates), the task score, and where it lost points (each deduction names
/// the field or item and the value expected), shown at the graded end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grade {
    pub criteria: BTreeMap<&'static str, Points>,
    pub total: Points,
    pub deductions: Vec<crate::rubric::Deduction>,
}

impl Grade {
    /// `rubric` applied to each criterion's raw score; a criterion whose
    /// gate is shut adds a deduction saying so.
    pub fn of(
        rubric: &crate::rubric::Rubric,
        scores: &[(&'static str, Points)],
        mut deductions: Vec<crate::rubric::Deduction>,
    ) -> Grade {
        let graded = rubric.grade(scores, &[]);
        for (name, would) in &graded.gated {
            if *would > Points::ZERO {
                let gate = rubric
                    .criteria
                    .iter()
                    .find(|c| c.name == *name)
                    .and_then(|c| c.gate)
                    .map_or("", |g| g.on);
                deductions.push(crate::rubric::Deduction::new(
                    name,
                    "the whole answer",
                    format!("{} earned but not paid", would.decimals(2)),
                    format!("`{gate}` met in full first"),
                ));
            }
        }
        Grade {
            criteria: graded.criteria,
            total: graded.total,
            deductions,
        }
    }

    /// The final feedback: the score, each deduction, and the expected
    /// answer (`reference`), as the other environments show theirs.
    pub fn feedback(&self, expected: &str, reference: &serde_json::Value) -> String {
        let mut text = format!("Final answer graded: score {}.", self.total.decimals(4));
        for d in &self.deductions {
            text.push_str(&format!(
                " {} ({}): got {}; expected {}.",
                d.criterion, d.item, d.got, d.expected
            ));
        }
        text.push_str(&format!(" {expected}: {reference}."));
        text
    }
}

/// What an answer wrote in field `key`, as a deduction quotes it (its
/// JSON, cut at 80 characters), or `nothing` for a missing field.
pub(crate) fn written(answer: &serde_json::Map<String, serde_json::Value>, key: &str) -> String {
    match answer.get(key) {
        None | Some(serde_json::Value::Null) => "nothing".to_owned(),
        Some(value) => {
            let text = value.to_string();
            match text.char_indices().nth(80) {
                Some((cut, _)) => format!("{}...", &text[..cut]),
                None => text,
            }
        }
    }
}

pub(crate) use crate::text::aside::without_brackets;

/// `read` of a field's value with its asides: `no (FYI only)`, `12 (3
/// dropped)`, `high - payment failed`, `2026-04-24, not the 23rd` read as
/// the value; an aside that offers another value (`no (yes)`, `3 (2)`,
/// `12 (or 13)`) makes a hedge. See [`crate::text::aside`].
pub(crate) fn with_asides<T: PartialEq>(text: &str, read: impl Fn(&str) -> Option<T>) -> Option<T> {
    crate::text::aside::head_value(text, read)
}

/// The one choice a short text states, read as a value first and asides
/// after it ([`crate::text::aside::head_choice`]): a choice under a denial
/// is not stated (`not urgent`), an aside that names another choice to
/// reject or explain it is not a second one (`low, rather than normal`,
/// `High: payment failed`, `Meadow (instead of Cedar, too small)`), and
/// another choice offered (`low or normal`, `normal, maybe low`) is a
/// hedge that reads as none, as does another word before the value
/// (pasted prose).
pub(crate) fn stated_choice<T: Ord + Clone>(
    text: &str,
    choice_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
) -> Option<T> {
    crate::text::aside::head_choice(text, choice_of, filler)
        .one()
        .cloned()
}

/// What a deduction quotes of a choice field ([`written`]), and when the
/// field reads as several choices offered (a hedge), which ones: an answer
/// that meant one value and named others in its asides sees how it was
/// read ("read as two values offered: high, normal").
pub(crate) fn written_choice<T: Ord + Clone>(
    answer: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    choice_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
    name: impl Fn(&T) -> String,
) -> String {
    let quoted = written(answer, key);
    let text = answer.get(key).and_then(serde_json::Value::as_str);
    match text.map(|text| crate::text::aside::head_choice(text, choice_of, filler)) {
        Some(crate::text::OneValue::Hedged(values)) => {
            let names: Vec<String> = values.iter().map(name).collect();
            let count = match names.len() {
                2 => "two".to_owned(),
                3 => "three".to_owned(),
                n => n.to_string(),
            };
            format!(
                "{quoted} (read as {count} values offered: {})",
                names.join(", ")
            )
        }
        _ => quoted,
    }
}

/// A one-value field that names one of a few choices, read by
/// [`stated_choice`].
pub(crate) fn stated_choice_field<T: Ord + Clone>(
    answer: &serde_json::Map<String, serde_json::Value>,
    key: &str,
    choice_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
) -> crate::grading::Reading<T> {
    crate::grading::one_value(answer, key, |value| {
        value
            .as_str()
            .and_then(|text| stated_choice(text, &choice_of, filler))
    })
}
