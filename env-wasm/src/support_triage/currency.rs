//! The billing currencies of the records desk and their fixed rates.

use schemars::JsonSchema;
use serde::Serialize;

use crate::grading::format_cents;

/// A billing currency and its fixed rate to US dollars, as a fraction
/// (`usd = local * numerator / denominator`), exact on whole units: `USD`,
/// `EUR`, `GBP` or `CAD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[allow(
    missing_docs,
    reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
)]
pub enum Currency {
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "GBP")]
    Gbp,
    #[serde(rename = "CAD")]
    Cad,
}

impl Currency {
    /// Every currency a desk bills in, US dollars first.
    pub const ALL: [Currency; 4] = [Currency::Usd, Currency::Eur, Currency::Gbp, Currency::Cad];

    fn rate(self) -> (i64, i64) {
        match self {
            Currency::Usd => (1, 1),
            Currency::Eur => (11, 10),
            Currency::Gbp => (5, 4),
            Currency::Cad => (3, 4),
        }
    }

    /// US cents of `local` cents of this currency (exact on whole units).
    pub fn to_usd_cents(self, local: i64) -> i64 {
        let (numerator, denominator) = self.rate();
        local * numerator / denominator
    }

    /// `€46.00`, `£41.00`, `CA$67.00`, `$12.50`.
    pub fn money(self, local: i64) -> String {
        let symbol = match self {
            Currency::Usd => "$",
            Currency::Eur => "€",
            Currency::Gbp => "£",
            Currency::Cad => "CA$",
        };
        format!("{symbol}{}", format_cents(local))
    }

    /// The ISO 4217 code (`USD`).
    pub fn code(self) -> &'static str {
        match self {
            Currency::Usd => "USD",
            Currency::Eur => "EUR",
            Currency::Gbp => "GBP",
            Currency::Cad => "CAD",
        }
    }

    /// The fewest whole units whose value is at least `usd_cents`.
    pub(super) fn units_at_least(self, usd_cents: i64) -> i64 {
        let (numerator, denominator) = self.rate();
        let per_unit = numerator * 100;
        (usd_cents * denominator + per_unit - 1) / per_unit
    }
}
