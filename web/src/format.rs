//! One precision for every number the page shows: two decimals, cut toward
//! zero, so a score short of 1 never reads 1.00 and a small loss never reads
//! 0.00 as a gain. The exact value (the core's basis points, four decimals)
//! goes in titles and in the `data-` attributes the tests read.

/// JSON laid out for reading, two spaces an indent level: the layout of
/// `serde_json::to_string_pretty`, written over a `Value` with the compact
/// writer the core already carries (the pretty one would be a second JSON
/// writer in the bundle).
pub(crate) fn pretty_json(value: &serde_json::Value) -> String {
    let mut out = String::new();
    write_pretty(&mut out, value, 0);
    out
}

fn write_pretty(out: &mut String, value: &serde_json::Value, depth: usize) {
    use serde_json::Value;
    let indent = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    match value {
        Value::Array(items) if !items.is_empty() => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write_pretty(out, item, depth + 1);
            }
            indent(out, depth);
            out.push(']');
        }
        Value::Object(fields) if !fields.is_empty() => {
            out.push('{');
            for (i, (key, item)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                out.push_str(&Value::from(key.as_str()).to_string());
                out.push_str(": ");
                write_pretty(out, item, depth + 1);
            }
            indent(out, depth);
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// The value in basis points, the core's unit (every score and reward is
/// a whole number of them).
fn basis_points(value: f64) -> i64 {
    (value * 10_000.0).round() as i64
}

fn two_places(value: f64, plus: bool) -> String {
    let points = basis_points(value);
    let hundredths = (points / 100).abs();
    let sign = match points {
        p if p < 0 => "-",
        p if p > 0 && plus => "+",
        _ => "",
    };
    format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
}

/// A score or a criterion: `0.83`.
pub(crate) fn number(value: f64) -> String {
    two_places(value, false)
}

/// A reward, with its sign: `+0.98`, `-0.02`.
pub(crate) fn signed(value: f64) -> String {
    two_places(value, true)
}

/// The exact value: `0.8333`.
pub(crate) fn exact(value: f64) -> String {
    env_wasm::decimal::fixed(value, 4)
}

/// A count of steps: `1 step`, `7 steps`.
pub(crate) fn steps(count: usize) -> String {
    format!("{count} step{}", if count == 1 { "" } else { "s" })
}

/// A whole number with thousands commas: `1,000,000`.
pub(crate) fn grouped(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// A weight in basis points as a share: `60%`, `33%`.
pub(crate) fn share(weight: u32) -> String {
    format!("{}%", (weight + 50) / 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_json_is_laid_out_as_serde_json_lays_it_out() {
        let value = serde_json::json!({"a": [1, {"b": "x\"y", "c": []}, {}], "d": null, "é": 0.25});
        assert_eq!(
            pretty_json(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }

    #[test]
    fn two_decimals_cut_toward_zero() {
        assert_eq!(number(1.0), "1.00");
        assert_eq!(number(0.9999), "0.99");
        assert_eq!(number(0.29), "0.29");
        assert_eq!(number(0.8333), "0.83");
        assert_eq!(number(0.0), "0.00");
        assert_eq!(signed(0.98), "+0.98");
        assert_eq!(signed(-0.02), "-0.02");
        assert_eq!(signed(-0.0049), "-0.00");
        assert_eq!(signed(0.0), "0.00");
        assert_eq!(exact(0.5), "0.5000");
        assert_eq!(share(3333), "33%");
        assert_eq!(share(6000), "60%");
        assert_eq!(
            (steps(1), steps(0), steps(12)),
            ("1 step".into(), "0 steps".into(), "12 steps".into())
        );
        for (number, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (20_000_000, "20,000,000"),
            (1_001_999, "1,001,999"),
        ] {
            assert_eq!(grouped(number), text);
        }
    }
}
