//! Scoring pieces shared by graders: reading answer fields leniently
//! (strings, numbers, lists) and set agreement as F1, so listing every
//! option never earns full credit.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::points::Points;
use crate::text::normalize;

/// The field as normalised text; numbers and booleans are read as their
/// JSON text so `4` and `"4"` agree.
pub fn text_field(answer: &Map<String, Value>, key: &str) -> Option<String> {
    match answer.get(key)? {
        Value::String(s) => Some(normalize(s)),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The field as a set of normalised strings: a JSON list of strings or
/// numbers, or one comma-separated string.
pub fn set_field(answer: &Map<String, Value>, key: &str) -> Option<BTreeSet<String>> {
    let items: Vec<String> = match answer.get(key)? {
        Value::Array(items) => items
            .iter()
            .filter_map(|item| match item {
                Value::String(s) => Some(normalize(s)),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect(),
        Value::String(s) => s.split(',').map(normalize).collect(),
        _ => return None,
    };
    Some(items.into_iter().filter(|s| !s.is_empty()).collect())
}

/// The field as an ordered list of normalised strings.
pub fn list_field(answer: &Map<String, Value>, key: &str) -> Option<Vec<String>> {
    match answer.get(key)? {
        Value::Array(items) => Some(
            items
                .iter()
                .map(|item| match item {
                    Value::String(s) => normalize(s),
                    other => other.to_string(),
                })
                .collect(),
        ),
        _ => None,
    }
}

/// A JSON value as an answer object (anything else is an empty answer).
pub fn answer_object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Precision-and-recall agreement of two sets; two empty sets agree fully.
pub fn f1<T: Ord>(predicted: &BTreeSet<T>, gold: &BTreeSet<T>) -> Points {
    if predicted.is_empty() && gold.is_empty() {
        return Points::FULL;
    }
    let hits = predicted.intersection(gold).count() as u64;
    let total = (predicted.len() + gold.len()) as u64;
    Points::ratio(2 * hits, total)
}

/// Full credit when true.
pub fn all_or_nothing(ok: bool) -> Points {
    if ok { Points::FULL } else { Points::ZERO }
}

/// A decimal amount in cents from `12`, `12.5`, `"12.50"` or `"$1,234.5"`,
/// rounded half up to the cent. Floats are read through their shortest JSON
/// text, never through float arithmetic.
pub fn cents_field(answer: &Map<String, Value>, key: &str) -> Option<i64> {
    match answer.get(key)? {
        Value::Number(n) => parse_cents(&n.to_string()),
        Value::String(s) => parse_cents(s),
        _ => None,
    }
}

/// Parse a money amount into cents: optional currency marks (`$`, `USD`),
/// thousands commas, at most one decimal point.
pub fn parse_cents(text: &str) -> Option<i64> {
    let cleaned: String = text
        .trim()
        .trim_start_matches("USD")
        .trim_start_matches("usd")
        .trim()
        .trim_start_matches('$')
        .chars()
        .filter(|c| *c != ',' && !c.is_whitespace())
        .collect();
    let (negative, digits) = match cleaned.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, cleaned.as_str()),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    if !whole.chars().all(|c| c.is_ascii_digit()) || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut frac_digits = fraction.chars().map(|c| i64::from(c as u8 - b'0'));
    let tenths = frac_digits.next().unwrap_or(0);
    let hundredths = frac_digits.next().unwrap_or(0);
    let round_up = frac_digits.next().is_some_and(|d| d >= 5);
    let cents = whole.checked_mul(100)? + tenths * 10 + hundredths + i64::from(round_up);
    Some(if negative { -cents } else { cents })
}

/// Cents as `1234.50`.
pub fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn f1_punishes_supersets_and_misses() {
        assert_eq!(f1(&set(&["a"]), &set(&["a"])), Points::FULL);
        assert_eq!(
            f1(&set(&["a", "b", "c", "d"]), &set(&["a"])),
            Points::ratio(2, 5)
        );
        assert_eq!(f1(&set(&[]), &set(&["a"])), Points::ZERO);
        assert_eq!(f1::<String>(&set(&[]), &set(&[])), Points::FULL);
    }

    #[test]
    fn money_parses_the_usual_formats_only() {
        for (text, cents) in [
            ("561.4", 56140),
            ("$1,234.50", 123450),
            ("USD 12", 1200),
            (" 0.005 ", 1),
            ("-3.10", -310),
        ] {
            assert_eq!(parse_cents(text), Some(cents), "{text}");
        }
        for bad in ["", "abc", "1.2.3", "$", "12a"] {
            assert_eq!(parse_cents(bad), None, "{bad}");
        }
        assert_eq!(format_cents(56140), "561.40");
        assert_eq!(
            cents_field(json!({"t": 561.4}).as_object().unwrap_or(&Map::new()), "t"),
            Some(56140)
        );
    }

    #[test]
    fn fields_are_read_leniently() {
        let answer = json!({"n": 4, "s": " Four ", "l": ["A", " b "], "c": "a, b"});
        let answer = answer.as_object().cloned().unwrap_or_default();
        assert_eq!(text_field(&answer, "n").as_deref(), Some("4"));
        assert_eq!(text_field(&answer, "s").as_deref(), Some("four"));
        assert_eq!(set_field(&answer, "l"), Some(set(&["a", "b"])));
        assert_eq!(set_field(&answer, "c"), Some(set(&["a", "b"])));
        assert_eq!(
            list_field(&answer, "l"),
            Some(vec!["a".to_owned(), "b".to_owned()])
        );
        assert_eq!(text_field(&answer, "missing"), None);
    }
}
