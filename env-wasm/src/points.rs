//! Scores and rewards as integer basis points: graders add and weigh
//! integers and the value is divided once, when it leaves the core, so the
//! same episode gives the same bits on every platform.

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

/// A score or reward in units of 1/10,000 (1.0 is [`Points::FULL`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i32);

impl Points {
    /// Points per whole unit: 10,000 is a score of 1.0.
    pub const SCALE: i32 = 10_000;
    /// No credit (a score of 0.0).
    pub const ZERO: Points = Points(0);
    /// Full credit (a score of 1.0).
    pub const FULL: Points = Points(Self::SCALE);

    /// `numerator / denominator` of full credit, rounded half up; 0 when the
    /// denominator is 0.
    pub fn ratio(numerator: u64, denominator: u64) -> Points {
        if denominator == 0 {
            return Points::ZERO;
        }
        let scaled = (numerator * Self::SCALE as u64 * 2 + denominator) / (denominator * 2);
        Points(i32::try_from(scaled).unwrap_or(i32::MAX))
    }

    /// This score scaled by `weight` (both in basis points), rounded half up.
    pub fn weighted(self, weight: Points) -> Points {
        let product = i64::from(self.0) * i64::from(weight.0);
        let rounded = (product * 2 + i64::from(Self::SCALE)).div_euclid(i64::from(Self::SCALE) * 2);
        Points(rounded as i32)
    }

    /// This score held within `low..=high` (a reward paid inside its band).
    pub fn clamp(self, low: Points, high: Points) -> Points {
        Points(self.0.clamp(low.0, high.0))
    }

    /// The value as a float, the only division in the scoring path.
    pub fn to_f64(self) -> f64 {
        f64::from(self.0) / f64::from(Self::SCALE)
    }

    /// The value with `places` decimals, as `format!("{:.places$}",
    /// self.to_f64())` writes it ([`crate::decimal::fixed`]).
    pub fn decimals(self, places: usize) -> String {
        crate::decimal::fixed(self.to_f64(), places)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0 - other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.to_f64())
    }
}

impl JsonSchema for Points {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Points".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "number",
            "description": "A score or reward, a multiple of 0.0001"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_rounds_half_up_and_guards_zero() {
        assert_eq!(Points::ratio(1, 3), Points(3333));
        assert_eq!(Points::ratio(2, 3), Points(6667));
        assert_eq!(Points::ratio(3, 3), Points::FULL);
        assert_eq!(Points::ratio(1, 0), Points::ZERO);
    }

    #[test]
    fn weighted_and_float_edge() {
        assert_eq!(Points::FULL.weighted(Points(6000)), Points(6000));
        assert_eq!(Points(5000).weighted(Points(1500)), Points(750));
        assert_eq!(Points(-200).to_f64(), -0.02);
        assert_eq!(
            serde_json::to_string(&Points(9800)).ok().as_deref(),
            Some("0.98")
        );
    }
}
