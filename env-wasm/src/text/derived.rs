//! Numbers worked out from other numbers: an answer that restates a fact
//! as a share ("3 of the last 5 (60%)"), a change ("from 15 to 8, down
//! about 47%"), an average, a margin, a ratio ("1.6 times a 40-hour
//! week") or a rate said the other way round ("every 4 days, 25% of
//! days") writes a number the case never prints, and it is no invented
//! fact when the working is right. [`figures`] reads each number with
//! what is written around it (a percent sign, "times", "about", "over",
//! "-plus"); [`worked_out`] says whether it follows from numbers a reader
//! already trusts (the case's own, found in the same item or fact), by a
//! sum, difference, mean, ratio, percentage, percentage change or rate
//! inversion; [`bound_met`] whether a bound ("60-plus", "over 60") holds
//! for one of them. A plain working must be exact to the precision
//! written ("67%" for 2 of 3); one said with "about" or "roughly" may be
//! off by a tenth.

use super::numbers::number_value;
use super::words::Text;

/// Thousandths in one: values are kept as integers of thousandths, so a
/// comparison is exact and never depends on float rounding.
const MILLI: u64 = 1000;

/// What a number is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A bare number ("47", "1.6").
    Plain,
    /// "60%", "60 percent".
    Percent,
    /// "1.6 times", "1.6x", "2-fold".
    Ratio,
}

/// A bound rather than a value: "over 60", "60-plus", "60 or more" (a
/// lower bound), "under 20", "at most 20" (an upper one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// At least the value ("60-plus", "over 60").
    Lower,
    /// At most the value ("under 20", "at most 20").
    Upper,
}

/// The period a count is given per: "8 times a month", "3 a week".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// Per week ("3 a week").
    Week,
    /// Per month ("8 times a month").
    Month,
}

/// A number as an answer writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    /// Its word index in the [`Text`].
    pub at: usize,
    /// Its value in thousandths ("1.6" is 1600).
    pub milli: u64,
    /// Thousandths in one unit of its last written digit: 1000 for "47",
    /// 100 for "1.6".
    pub unit: u64,
    /// What it is written as: plain, a percent or a ratio.
    pub kind: Kind,
    /// Said with "about", "roughly", "~" and the like.
    pub approximate: bool,
    /// The bound written with it ("over 60"); `None` for an exact figure.
    pub bound: Option<Bound>,
    /// The period a count is given per ("a week"); `None` when none is written.
    pub per: Option<Period>,
    /// A share of time: "25% of days", "20% of the time".
    pub of_time: bool,
}

impl Figure {
    /// The whole number it is, when it has no decimals.
    pub fn whole(&self) -> Option<u64> {
        self.milli
            .is_multiple_of(MILLI)
            .then_some(self.milli / MILLI)
    }
}

/// A number a reader trusts, and where it stands: a change is worked out
/// from the one written first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operand {
    /// Its word index in the answer (past the end for a number the case gives): a change runs from the lower to the higher.
    pub order: usize,
    /// Its value, a whole number.
    pub value: u64,
}

/// Words before a number that make it approximate.
const APPROXIMATE: &[&str] = &[
    "about",
    "around",
    "roughly",
    "approximately",
    "approx",
    "nearly",
    "almost",
    "circa",
    "ca",
    "some",
    "close",
];

/// Words right before a number that make it a lower bound ("over 60",
/// "more than 60", "at least 60", "upwards of 60", "north of 60").
const LOWER_BEFORE: &[&[&str]] = &[
    &["over"],
    &["above"],
    &["beyond"],
    &["exceeding"],
    &["more", "than"],
    &["at", "least"],
    &["upwards", "of"],
    &["north", "of"],
    &["in", "excess", "of"],
];

/// Words right before a number that make it an upper bound.
const UPPER_BEFORE: &[&[&str]] = &[
    &["under"],
    &["below"],
    &["less", "than"],
    &["fewer", "than"],
    &["at", "most"],
    &["up", "to"],
    &["no", "more", "than"],
];

/// Words right after a number that make it a bound: "60-plus", "60 or
/// more", "20 or fewer".
const LOWER_AFTER: &[&[&str]] = &[
    &["plus"],
    &["or", "more"],
    &["or", "above"],
    &["or", "over"],
    &["or", "higher"],
    &["and", "up"],
    &["and", "above"],
];
const UPPER_AFTER: &[&[&str]] = &[
    &["or", "less"],
    &["or", "fewer"],
    &["or", "under"],
    &["or", "below"],
    &["or", "lower"],
];

/// Every number of `text` as a [`Figure`], in text order: digits (with
/// their decimals) and number words ("sixty").
pub fn figures(text: &Text) -> Vec<Figure> {
    text.numbers()
        .into_iter()
        .map(|(at, value)| {
            let (milli, unit) = decimal(&text.words[at].text).unwrap_or((value * MILLI, MILLI));
            Figure {
                at,
                milli,
                unit,
                kind: kind_at(text, at),
                approximate: approximate_at(text, at),
                bound: bound_at(text, at),
                per: period_after(text, at),
                of_time: of_time_after(text, at),
            }
        })
        .collect()
}

/// "1.6" as (1600, 100), "47" as (47000, 1000); `None` for a word that is
/// no digits, or digits past thousandths.
fn decimal(word: &str) -> Option<(u64, u64)> {
    let whole = number_value(word)?;
    let Some((_, fraction)) = word.split_once('.') else {
        return Some((whole * MILLI, MILLI));
    };
    if fraction.is_empty() || fraction.len() > 3 || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let unit = MILLI / 10u64.pow(fraction.len() as u32);
    let part: u64 = fraction.parse().ok()?;
    Some((whole * MILLI + part * unit, unit))
}

/// The text right after word `at`, up to the next word.
fn after(text: &Text, at: usize) -> &str {
    let end = text.words[at].end;
    let to = text
        .words
        .get(at + 1)
        .map_or(text.source.len(), |w| w.start);
    text.source.get(end..to).unwrap_or("")
}

/// The words after `at` in its clause, as text.
fn words_after(text: &Text, at: usize, n: usize) -> Vec<&str> {
    let clause = text.words[at].clause;
    text.words[at + 1..]
        .iter()
        .take_while(|w| w.clause == clause)
        .take(n)
        .map(|w| w.text.as_str())
        .collect()
}

/// The words before `at` in its clause, in text order, at most `n`.
fn words_before(text: &Text, at: usize, n: usize) -> Vec<&str> {
    let clause = text.words[at].clause;
    let mut before: Vec<&str> = text.words[..at]
        .iter()
        .rev()
        .take_while(|w| w.clause == clause)
        .take(n)
        .map(|w| w.text.as_str())
        .collect();
    before.reverse();
    before
}

fn kind_at(text: &Text, at: usize) -> Kind {
    let gap = after(text, at).trim_start();
    let next = words_after(text, at, 2);
    if gap.starts_with('%')
        || next.first() == Some(&"percent")
        || next.first() == Some(&"pct")
        || next.starts_with(&["per", "cent"])
    {
        Kind::Percent
    } else if gap.starts_with('\u{d7}')
        // "8 times a month" is a count.
        || (matches!(next.first(), Some(&("times" | "x" | "fold")))
            && period_after(text, at).is_none())
    {
        Kind::Ratio
    } else {
        Kind::Plain
    }
}

fn approximate_at(text: &Text, at: usize) -> bool {
    let gap = text.gap(at);
    let before = words_before(text, at, 2);
    gap.contains(['~', '\u{2248}'])
        || before.iter().any(|w| APPROXIMATE.contains(w))
        || before.ends_with(&["just", "over"])
        || before.ends_with(&["just", "under"])
}

fn bound_at(text: &Text, at: usize) -> Option<Bound> {
    let before = words_before(text, at, 3);
    let next = words_after(text, at, 2);
    let ends = |lists: &[&[&str]]| lists.iter().any(|l| before.ends_with(l));
    let starts = |lists: &[&[&str]]| lists.iter().any(|l| next.starts_with(l));
    // "no more than 5" before "more than 5".
    if ends(UPPER_BEFORE) || starts(UPPER_AFTER) {
        Some(Bound::Upper)
    } else if ends(LOWER_BEFORE)
        || starts(LOWER_AFTER)
        || after(text, at).trim_start().starts_with('+')
    {
        Some(Bound::Lower)
    } else {
        None
    }
}

fn period_after(text: &Text, at: usize) -> Option<Period> {
    let next = words_after(text, at, 4);
    // "8 times a month", "3 a week", "15 per month", "2 monthly".
    let skip = next.iter().take_while(|w| **w == "times").count();
    let rest = &next[skip..];
    let word = match rest {
        [first, second, ..] if matches!(*first, "a" | "per" | "each" | "every") => *second,
        [first, ..] => *first,
        [] => return None,
    };
    match word {
        "week" | "wk" | "weekly" => Some(Period::Week),
        "month" | "mth" | "monthly" => Some(Period::Month),
        _ => None,
    }
}

/// Periods a share of time is counted in: "25% of days", "of the time".
const TIME: &[&str] = &["days", "nights", "shifts", "weeks", "time"];

fn of_time_after(text: &Text, at: usize) -> bool {
    let next = words_after(text, at, 4);
    let skip = usize::from(matches!(next.first(), Some(&("percent" | "pct"))));
    match &next[skip..] {
        ["of", "the", w, ..] | ["of", w, ..] => TIME.contains(w),
        _ => false,
    }
}

/// Whether bound `figure` holds for one of `operands`: "60-plus" beside
/// a printed 64, "under 20" beside 15.
pub fn bound_met(figure: &Figure, operands: &[Operand]) -> bool {
    let value = |o: &Operand| o.value * MILLI;
    match figure.bound {
        Some(Bound::Lower) => operands.iter().any(|o| value(o) >= figure.milli),
        Some(Bound::Upper) => operands.iter().any(|o| value(o) <= figure.milli),
        None => false,
    }
}

/// Whether `figure` follows from `operands` by one working its form
/// allows: a plain number as a sum, difference or mean of two (or the sum
/// or mean of all), or a count per week or month of a rate of one in so
/// many days; a percentage as a share of one in another, a change from
/// the one written first, or one in so many days; a ratio as one over
/// another. A rate is inverted only for a count per week or month, or a
/// share of time ("every 4 days": "25% of days"). Operands equal to the
/// figure itself (its own position) are no working of it.
pub fn worked_out(figure: &Figure, operands: &[Operand]) -> bool {
    let own: Vec<&Operand> = operands.iter().filter(|o| o.order != figure.at).collect();
    let mut candidates: Vec<(u64, u64)> = Vec::new();
    for (i, a) in own.iter().enumerate() {
        let (a_first, a_value) = (a.order, a.value);
        match figure.kind {
            Kind::Percent if a_value > 0 && figure.of_time => candidates.push((100, a_value)),
            Kind::Plain if a_value > 0 => match figure.per {
                Some(Period::Week) => candidates.push((7, a_value)),
                Some(Period::Month) => {
                    candidates.extend([28, 30, 31].map(|days| (days, a_value)));
                }
                None => {}
            },
            _ => {}
        }
        for b in own.iter().skip(i + 1) {
            let (first, second) = if a_first <= b.order {
                (a_value, b.value)
            } else {
                (b.value, a_value)
            };
            let (big, small) = (first.max(second), first.min(second));
            match figure.kind {
                Kind::Plain => {
                    candidates.push((first + second, 1));
                    candidates.push((big - small, 1));
                    candidates.push((first + second, 2));
                }
                Kind::Percent => {
                    for (top, under) in [(first, second), (second, first)] {
                        if under > 0 {
                            candidates.push((100 * top, under));
                        }
                    }
                    if first > 0 {
                        candidates.push((100 * (big - small), first));
                    }
                }
                Kind::Ratio => {
                    for (top, under) in [(first, second), (second, first)] {
                        if under > 0 {
                            candidates.push((top, under));
                        }
                    }
                }
            }
        }
    }
    if figure.kind == Kind::Plain && own.len() >= 3 {
        let sum: u64 = own.iter().map(|o| o.value).sum();
        candidates.push((sum, 1));
        candidates.push((sum, own.len() as u64));
    }
    candidates
        .into_iter()
        .any(|(num, den)| close_enough(figure, num, den))
}

/// Whether `figure` is `num / den` to its written precision (either way
/// of rounding the last digit), or within a tenth of it when approximate.
fn close_enough(figure: &Figure, num: u64, den: u64) -> bool {
    if den == 0 {
        return false;
    }
    let (num, den) = (i128::from(num), i128::from(den));
    let written = i128::from(figure.milli) * den;
    let exact = num * i128::from(MILLI);
    let off = (written - exact).abs();
    let unit = i128::from(figure.unit) * den;
    if figure.approximate {
        off <= unit.max(num * 100)
    } else {
        off < unit
    }
}

/// Word indices of the count of a rate said as one in so many: the "1"
/// of "1 day in 5", "one shift in every 5 days", "1 in 8", "1 out of 4":
/// how often, restating the so many, not a value of its own. Only a one:
/// "8 in 4 weeks" is a value and when it is due.
pub fn rate_counts(text: &Text) -> Vec<usize> {
    const UNITS: &[&str] = &[
        "day", "days", "night", "nights", "shift", "shifts", "week", "weeks", "time", "times",
    ];
    text.numbers()
        .into_iter()
        .filter(|(at, value)| {
            if *value != 1 {
                return false;
            }
            let next = words_after(text, *at, 5);
            let skip = usize::from(next.first().is_some_and(|w| UNITS.contains(w)));
            let rest = &next[skip..];
            let joined = match rest {
                ["in", "every", ..] => 2,
                ["in", ..] => 1,
                ["out", "of", "every", ..] => 3,
                ["out", "of", ..] => 2,
                _ => return false,
            };
            let count_at = at + 1 + skip + joined;
            text.words.get(count_at).is_some_and(|w| {
                w.clause == text.words[*at].clause
                    && super::numbers::number_at(&text.words, count_at).is_some()
            })
        })
        .map(|(at, _)| at)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(text: &str, n: usize) -> (Text, Figure) {
        let t = Text::new(text);
        let f = figures(&t)[n];
        (t, f)
    }

    fn ops(values: &[u64]) -> Vec<Operand> {
        values
            .iter()
            .enumerate()
            .map(|(k, v)| Operand {
                order: 1000 + k,
                value: *v,
            })
            .collect()
    }

    #[test]
    fn figures_read_their_form() {
        let t = Text::new("about 1.6 times, 60% of days, 60-plus hours, over 45, 8 times a month");
        let f = figures(&t);
        assert_eq!((f[0].milli, f[0].unit, f[0].kind), (1600, 100, Kind::Ratio));
        assert!(f[0].approximate);
        assert_eq!(f[1].kind, Kind::Percent);
        assert_eq!(f[2].bound, Some(Bound::Lower));
        assert_eq!(f[3].bound, Some(Bound::Lower));
        assert_eq!(f[4].per, Some(Period::Month));
        assert_eq!(
            figures(&Text::new("20 or fewer"))[0].bound,
            Some(Bound::Upper)
        );
        assert_eq!(
            figures(&Text::new("60+ hours"))[0].bound,
            Some(Bound::Lower)
        );
        assert_eq!(figures(&Text::new("47 percent"))[0].kind, Kind::Percent);
        assert_eq!(figures(&Text::new("1.6x"))[0].kind, Kind::Ratio);
    }

    #[test]
    fn a_right_working_is_grounded_and_a_wrong_one_is_not() {
        for (text, operands, right) in [
            // A share, exact to the digit written, either way of rounding.
            ("60%", &[3, 5][..], true),
            ("67%", &[2, 3], true),
            ("66%", &[2, 3], true),
            ("65%", &[2, 3], false),
            ("61%", &[3, 5], false),
            // A change from the number written first.
            ("down about 47%", &[15, 8], true),
            ("down 47%", &[15, 8], true),
            ("down about 80%", &[15, 8], false),
            ("down about 88%", &[15, 8], false),
            // Rates said the other way: one in so many days.
            ("25% of days", &[4], true),
            ("about 8 times a month", &[4], true),
            ("15 times a month", &[2], true),
            ("40% of days", &[4], false),
            // Not a share of time: no rate to invert.
            ("25% cut", &[4], false),
            // Sums, margins and averages.
            ("19 above the line", &[64, 45], true),
            ("109 in all", &[64, 45], true),
            ("64 on average", &[62, 66], true),
            ("22 above the line", &[64, 45], false),
            // Ratios, with "about" a tenth either way.
            ("1.6 times", &[64, 40], true),
            ("about 1.5 times", &[64, 40], true),
            ("about 2.5 times", &[64, 40], false),
            ("1.5 times", &[64, 40], false),
        ] {
            let (_, f) = figure(text, 0);
            assert_eq!(
                worked_out(&f, &ops(operands)),
                right,
                "{text} from {operands:?}"
            );
        }
    }

    #[test]
    fn a_bound_holds_for_a_number_beside_it() {
        let (_, f) = figure("60-plus hours", 0);
        assert!(bound_met(&f, &ops(&[64])));
        assert!(!bound_met(&f, &ops(&[56])));
        let (_, f) = figure("under 20", 0);
        assert!(bound_met(&f, &ops(&[15])));
        assert!(!bound_met(&f, &ops(&[25])));
        let (_, f) = figure("64 hours", 0);
        assert!(!bound_met(&f, &ops(&[64])));
    }

    #[test]
    fn one_in_so_many_is_a_rate_not_a_count() {
        let counts = |text: &str| {
            let t = Text::new(text);
            rate_counts(&t)
                .into_iter()
                .map(|at| t.words[at].text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(counts("from 1 day in 5 to 1 day in 8"), ["1", "1"]);
        assert_eq!(counts("one shift in every five days"), ["one"]);
        assert_eq!(counts("1 out of 4"), ["1"]);
        assert!(counts("3 incidents in March").is_empty());
        assert!(counts("from 15 to 8 in 4 weeks").is_empty());
        assert!(counts("no more than 1 in").is_empty());
        assert_eq!(
            figures(&Text::new("no more than 5"))[0].bound,
            Some(Bound::Upper)
        );
    }
}
