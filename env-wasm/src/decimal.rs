//! Floats written byte for byte as `format!` writes them: with a fixed
//! number of decimals ([`fixed`], `{value:.places$}`) from the float's
//! exact binary value in integers, or in their shortest form ([`shortest`],
//! `{value}`).
//!
//! Why: the standard library's float formatting (Grisu with a Dragon4
//! fallback and their tables, about 12 KB of wasm) is compiled into the
//! page by any `format!` of an `f64`; the scores, rewards, chart
//! coordinates and refused values the core and the page write need only
//! this. Rounding is the
//! standard library's: to nearest, ties (only exact ones: the binary value
//! is what is rounded) to even; a negative value keeps its sign even when
//! it rounds to zero (`-0.00`).

/// The most decimals [`fixed`] writes: the scaled mantissa must fit in a
/// `u128` (2^53 * 10^18 < 2^114).
pub const MAX_PLACES: usize = 18;

/// `value` with `places` decimals (at most [`MAX_PLACES`]), exactly as
/// `format!("{value:.places$}")`.
pub fn fixed(value: f64, places: usize) -> String {
    let places = places.min(MAX_PLACES);
    let bits = value.to_bits();
    let negative = bits >> 63 == 1;
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    if exponent == 0x7ff {
        return match (fraction, negative) {
            (0, false) => "inf",
            (0, true) => "-inf",
            _ => "NaN",
        }
        .to_owned();
    }
    // value = mantissa * 2^power
    let (mantissa, power) = match exponent {
        0 => (fraction, -1074),
        _ => (fraction | 1 << 52, exponent - 1075),
    };
    let mut out = String::with_capacity(places + 24);
    if negative {
        out.push('-');
    }
    if power >= 0 {
        // A whole number: its digits, then as many zeros as decimals.
        out.push_str(&doubled(mantissa, power as u32));
        if places > 0 {
            out.push('.');
            out.extend(std::iter::repeat_n('0', places));
        }
        return out;
    }
    let scale = 10_u128.pow(places as u32);
    let scaled = u128::from(mantissa) * scale;
    let shift = power.unsigned_abs();
    // scaled / 2^shift, rounded to nearest, ties to even.
    let units = if shift >= 128 {
        // Under 2^114 / 2^128: less than half a unit.
        0
    } else {
        let quotient = scaled >> shift;
        let remainder = scaled & ((1_u128 << shift) - 1);
        let half = 1_u128 << (shift - 1);
        if remainder > half || (remainder == half && quotient % 2 == 1) {
            quotient + 1
        } else {
            quotient
        }
    };
    out.push_str(&(units / scale).to_string());
    if places > 0 {
        let decimals = (units % scale).to_string();
        out.push('.');
        out.extend(std::iter::repeat_n('0', places - decimals.len()));
        out.push_str(&decimals);
    }
    out
}

/// `value` as `format!("{value}")` writes it: the shortest decimal that
/// reads back as `value`, never in exponent form. The digits are those of
/// serde_json's float writer (which the page carries for JSON anyway),
/// laid out again; where two shortest forms are equally near `value`, the
/// standard library takes the higher, as here.
pub fn shortest(value: f64) -> String {
    if !value.is_finite() {
        return fixed(value, 0);
    }
    let written = serde_json::to_string(&value.abs()).unwrap_or_default();
    let (mantissa, exponent) = match written.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i32>().unwrap_or(0)),
        None => (written.as_str(), 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all = format!("{whole}{fraction}");
    let significant = all.trim_end_matches('0');
    // value = digits * 10^power
    let mut power = exponent - fraction.len() as i32 + (all.len() - significant.len()) as i32;
    let mut digits: u64 = significant.parse().unwrap_or(0);
    if power < 0 && halfway(value.abs(), digits, power.unsigned_abs()) {
        digits += 1;
    }
    while digits > 0 && digits.is_multiple_of(10) {
        digits /= 10;
        power += 1;
    }
    let digits = digits.to_string();
    let point = digits.len() as i32 + power;
    let mut out = String::with_capacity(digits.len() + 24);
    if value.is_sign_negative() {
        out.push('-');
    }
    if digits == "0" {
        out.push('0');
    } else if point <= 0 {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', point.unsigned_abs() as usize));
        out.push_str(&digits);
    } else if point as usize >= digits.len() {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', point as usize - digits.len()));
    } else {
        let (high, low) = digits.split_at(point as usize);
        out.push_str(high);
        out.push('.');
        out.push_str(low);
    }
    out
}

/// Whether `value` (finite, positive) lies exactly halfway between
/// `lower * 10^-places` and the next decimal of as many places: whether
/// `value * 10^(places + 1)` is `10 * lower + 5`, compared as odd parts
/// and powers of two.
fn halfway(value: f64, lower: u64, places: u32) -> bool {
    let bits = value.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, power) = match exponent {
        0 => (fraction, -1074),
        _ => (fraction | 1 << 52, exponent - 1075),
    };
    if mantissa == 0 {
        return false;
    }
    let zeros = mantissa.trailing_zeros();
    let scale = places + 1;
    let Some(fives) = 5_u128.checked_pow(scale) else {
        return false;
    };
    power + zeros as i32 + scale as i32 == 0
        && u128::from(mantissa >> zeros).checked_mul(fives) == Some(u128::from(lower) * 10 + 5)
}

/// The decimal digits of `mantissa * 2^power` (a float's whole value, up
/// to 309 digits), by doubling a little-endian list of digits.
fn doubled(mantissa: u64, power: u32) -> String {
    let mut digits: Vec<u8> = mantissa
        .to_string()
        .bytes()
        .rev()
        .map(|b| b - b'0')
        .collect();
    for _ in 0..power {
        let mut carry = 0;
        for digit in &mut digits {
            let twice = *digit * 2 + carry;
            *digit = twice % 10;
            carry = twice / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` spread-out 64-bit patterns from `seed` (a linear
    /// congruential sequence: spread, not quality, is what the tests need).
    fn patterns(mut seed: u64, count: usize) -> impl Iterator<Item = u64> {
        (0..count).map(move |_| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed
        })
    }

    fn check(value: f64) {
        for places in 0..=8 {
            assert_eq!(
                fixed(value, places),
                format!("{value:.places$}"),
                "{value:e} to {places} places ({:#x})",
                value.to_bits()
            );
        }
    }

    #[test]
    fn it_writes_what_format_writes() {
        for value in [
            0.0,
            -0.0,
            0.5,
            1.5,
            2.5,
            -2.5,
            0.125,
            0.375,
            -0.625,
            0.875,
            0.005,
            0.015,
            0.045,
            -0.0049,
            1e-7,
            -1e-300,
            5e-324,
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::MIN,
            9_007_199_254_740_993.0,
            1e22,
            123_456.789,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            check(value);
        }
        // Every score and reward the core writes: whole basis points.
        for points in -20_000..=20_000 {
            check(f64::from(points) / 10_000.0);
        }
        // Chart coordinates and arbitrary bit patterns.
        for seed in patterns(3, 20_000) {
            check(f64::from_bits(seed));
            check((seed >> 11) as f64 / (1_u64 << 45) as f64 - 64.0);
            check(f64::from((seed >> 40) as u32) / 1000.0);
        }
    }

    #[test]
    fn the_shortest_form_is_what_format_writes() {
        let check = |value: f64| {
            assert_eq!(
                shortest(value),
                format!("{value}"),
                "{:#x}",
                value.to_bits()
            );
        };
        for value in [
            0.0,
            -0.0,
            1.0,
            -2.0,
            0.1,
            1.5,
            1e-7,
            1.25e-5,
            123_456.0,
            1e15,
            1e16,
            1e17,
            1e21,
            1e22,
            1e300,
            5e-324,
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::MIN,
            f64::EPSILON,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ] {
            check(value);
        }
        for seed in patterns(5, 300_000) {
            check(f64::from_bits(seed));
            check(f64::from((seed >> 44) as u32) / 1000.0);
            check((seed >> 20) as f64);
        }
        // Halfway cases: above 2^50 a float's last bits are quarters.
        for k in 0..50_000_u64 {
            let base = (1_u64 << 50) + k * 7_919;
            for quarter in [0.25, 0.5, 0.75] {
                check(base as f64 + quarter);
                check(-(base as f64 + quarter) * 2.0);
                check((base as f64 + quarter) / 1024.0);
            }
        }
        for exponent in -330..310 {
            check(format!("1e{exponent}").parse().unwrap_or(0.0));
            check(format!("9.999e{exponent}").parse().unwrap_or(0.0));
        }
    }

    #[test]
    fn it_writes_at_most_eighteen_places() {
        assert_eq!(fixed(0.1, 30), format!("{:.18}", 0.1));
        assert_eq!(fixed(-1e-20, 18), format!("{:.18}", -1e-20));
    }
}
