//! The sums a reply or a ticket names as a fee ([`fee_sums`]), and whether
//! a word is one of them: money given back of the fee's sum is the fee
//! waived, which both the promises (`commitments`) and the waived fee given
//! back (`give_back`) read, so it sits below them both.

use crate::text::Text;

/// The sums a text names as a fee, written without trailing zeros ("15",
/// "12.5"): an amount joined to a fee word in the same sentence by only
/// the words that name it ("the CA$15.00 late fee", "a late fee of
/// CA$15.00", "Late fee charged: CA$15.00"). "We waived the fee and
/// refunded $49.00" names no fee sum.
pub fn fee_sums(text: &Text) -> Vec<String> {
    let words = &text.words;
    let fee = |w: &str| matches!(w, "fee" | "fees" | "penalty" | "surcharge");
    let mut out = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let Some(sum) = sum_of(&word.text) else {
            continue;
        };
        let joins = |j: usize| {
            words[j].sentence == word.sentence && FEE_SUM_JOINS.contains(&words[j].text.as_str())
        };
        let fee_at = |j: usize| words[j].sentence == word.sentence && fee(&words[j].text);
        let after = (i + 1..(i + 4).min(words.len()))
            .find(|&j| !joins(j))
            .is_some_and(fee_at);
        let before = (i.saturating_sub(5)..i)
            .rev()
            .find(|&j| !joins(j))
            .is_some_and(fee_at);
        if (after || before) && !out.contains(&sum) {
            out.push(sum);
        }
    }
    out
}

/// Words between a sum and the fee word that names it: a currency, the
/// fee's kind, and "of" / "charged" / "is" before the sum.
const FEE_SUM_JOINS: &[&str] = &[
    "ca", "us", "cad", "usd", "eur", "gbp", "aud", "late", "payment", "overdue", "admin", "of",
    "charged", "is", "was", "amount", "total",
];

/// A number word as a sum without trailing zeros ("15.00" is "15").
fn sum_of(word: &str) -> Option<String> {
    crate::text::number_value(word)?;
    let sum = if word.contains('.') {
        word.trim_end_matches('0').trim_end_matches('.')
    } else {
        word
    };
    Some(sum.to_string())
}

/// Whether `word` is one of the sums named as the fee.
pub(super) fn is_fee_sum(word: &str, fees: &[String]) -> bool {
    sum_of(word).is_some_and(|s| fees.contains(&s))
}
