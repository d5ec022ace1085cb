//! One-value answers and hedges. A field that takes one value (a severity,
//! a tier, a yes or no, a budget total) is read as every value it states;
//! two or more ("moderate to high", "RED or AMBER", "between $9,000 and
//! $12,000", the same section twice with different values) are a hedge,
//! and a hedge scores as its worst reading, so naming several options can
//! never pay better than naming the wrong one.

use std::collections::BTreeSet;

use crate::points::Points;

/// What a one-value field states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OneValue<T: Ord> {
    /// Nothing readable.
    Missing,
    One(T),
    /// Two or more distinct values.
    Hedged(BTreeSet<T>),
}

impl<T: Ord + Clone> OneValue<T> {
    /// The distinct values a field states, in any order.
    pub fn of(values: impl IntoIterator<Item = T>) -> Self {
        let set: BTreeSet<T> = values.into_iter().collect();
        let mut items = set.iter();
        match (items.next(), items.next()) {
            (None, _) => OneValue::Missing,
            (Some(one), None) => OneValue::One(one.clone()),
            _ => OneValue::Hedged(set),
        }
    }

    /// The field read from two places (two copies of a section): their
    /// values together; a copy that states nothing adds nothing.
    pub fn and(self, other: OneValue<T>) -> Self {
        OneValue::of(self.into_values().into_iter().chain(other.into_values()))
    }

    pub fn into_values(self) -> BTreeSet<T> {
        match self {
            OneValue::Missing => BTreeSet::new(),
            OneValue::One(v) => BTreeSet::from([v]),
            OneValue::Hedged(set) => set,
        }
    }

    /// The value, when exactly one is stated.
    pub fn one(&self) -> Option<&T> {
        match self {
            OneValue::One(v) => Some(v),
            _ => None,
        }
    }

    pub fn is_hedged(&self) -> bool {
        matches!(self, OneValue::Hedged(_))
    }

    /// The score of the field: `score` of its value, the lowest score of
    /// its readings when it is hedged, 0 when it states nothing.
    pub fn score(&self, score: impl Fn(&T) -> Points) -> Points {
        match self {
            OneValue::Missing => Points::ZERO,
            OneValue::One(v) => score(v),
            OneValue::Hedged(set) => set.iter().map(score).min().unwrap_or(Points::ZERO),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hedge_scores_as_its_worst_reading() {
        let right = |v: &&str| {
            if *v == "high" {
                Points::FULL
            } else {
                Points::ZERO
            }
        };
        assert_eq!(OneValue::of(["high"]).score(right), Points::FULL);
        assert_eq!(OneValue::of(["high", "high"]).score(right), Points::FULL);
        assert_eq!(
            OneValue::of(["high", "moderate"]).score(right),
            Points::ZERO
        );
        assert_eq!(OneValue::<&str>::of([]).score(right), Points::ZERO);
        let copies = OneValue::of(["high"]).and(OneValue::of(["low"]));
        assert!(copies.is_hedged());
        assert_eq!(copies.score(right), Points::ZERO);
        assert_eq!(
            OneValue::of(["high"]).and(OneValue::Missing).one(),
            Some(&"high")
        );
    }
}
