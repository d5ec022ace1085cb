//! Sums of money as answers write them, read from [`Text`] words (which
//! already join `9,500` and `9.5`): `$9,500`, `9.5k`, `$12K`, `USD 9500`,
//! `9500 dollars`, and a bare number of 500 or more (a budget line rarely
//! gives a currency for every figure). Percentages and numbers counting
//! something else ("600 tickets") are not money.

use super::numbers::{number_at, number_value, number_word, spoken_amount};
use super::words::Text;

/// A sum of money: the word it is written in, and whole US dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    /// Index of the word the sum is written in.
    pub at: usize,
    /// The sum in whole US dollars.
    pub dollars: u64,
}

/// Smallest bare number read as money.
const BARE_FROM: u64 = 500;

/// Words after a number that say what it counts, so it is not money.
const COUNTED: &[&str] = &[
    "hours",
    "hour",
    "hrs",
    "h",
    "days",
    "day",
    "weeks",
    "week",
    "months",
    "month",
    "people",
    "person",
    "engineers",
    "staff",
    "tickets",
    "incidents",
    "points",
    "percent",
    "per",
    "sessions",
    "minutes",
    "times",
    "words",
];

/// Every sum of money in `text`, in order.
pub fn amounts(text: &Text) -> Vec<Amount> {
    let mut out = Vec::new();
    let texts: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let mut next = 0;
    for (i, word) in text.words.iter().enumerate() {
        if i < next {
            continue;
        }
        // "eight thousand US dollars": a number in words, read whole, and
        // no further than a mark between words ("four thousand seven
        // hundred and fifty + one thousand ..." is two numbers).
        let run_end = (i + 1..texts.len())
            .find(|&j| text.gap(j).chars().any(|c| !c.is_whitespace() && c != '-'))
            .unwrap_or(texts.len());
        let spoken = spoken_amount(&texts[..run_end], i);
        let Some(whole) = number_value(&word.text).or(spoken.map(|(n, _)| n)) else {
            continue;
        };
        // "9.5k": the unit is the next word, written on the number.
        let thousands = text
            .words
            .get(i + 1)
            .filter(|k| k.text == "k" && text.gap(i + 1).is_empty() && spoken.is_none())
            .map(|_| thousandths(&word.text));
        let skip = match spoken {
            Some((_, len)) => len - 1,
            None => usize::from(thousands.is_some()),
        };
        next = i + 1 + skip;
        // "US dollars": the country before the currency.
        let skip = match text.words.get(i + 1 + skip) {
            Some(w)
                if w.text == "us"
                    && text
                        .words
                        .get(i + 2 + skip)
                        .is_some_and(|d| matches!(d.text.as_str(), "dollars" | "dollar")) =>
            {
                skip + 1
            }
            _ => skip,
        };
        let before = text.gap(i);
        let after = text.words.get(i + 1 + skip);
        let written_end = text.words.get(i + skip).map_or(word.end, |w| w.end);
        let percent = text
            .source
            .get(written_end..)
            .is_some_and(|rest| rest.trim_start().starts_with('%'));
        if percent {
            continue;
        }
        let marked = before.contains('$')
            || i.checked_sub(1)
                .and_then(|k| text.words.get(k))
                .is_some_and(|w| w.text == "usd" && !before.contains('\n'))
            || after.is_some_and(|w| matches!(w.text.as_str(), "usd" | "dollars" | "dollar"));
        let counted =
            after.is_some_and(|w| COUNTED.contains(&w.text.as_str())) && !before.contains('$');
        let dollars = match thousands {
            Some(part) => whole.saturating_mul(1000).saturating_add(part),
            None => whole,
        };
        if !counted && (marked || thousands.is_some() || dollars >= BARE_FROM) {
            out.push(Amount { at: i, dollars });
        }
    }
    out
}

/// The thousandths of a decimal number, its first three decimals (`9.5`
/// -> 500, `9.75` -> 750, `12` -> 0): what it adds to a thousand times its
/// whole part ("$9.75k" is $9,750, play-para-it9 B5).
fn thousandths(number: &str) -> u64 {
    let decimals = number.split_once('.').map_or("", |(_, f)| f);
    let mut digits = decimals.chars().filter_map(|d| d.to_digit(10));
    [100, 10, 1]
        .iter()
        .map(|place| digits.next().map_or(0, |d| u64::from(d) * place))
        .sum()
}

/// The words that name the US dollar after an amount in words.
const DOLLAR_WORDS: &[&[&str]] = &[
    &["us", "dollars"],
    &["u.s.", "dollars"],
    &["us", "dollar"],
    &["dollars"],
    &["dollar"],
    &["usd"],
];

/// A sum of money written in words, in cents: the dollars in words (or
/// digits) and the cents in one of the forms that name them without doubt
/// (play-para-pr4 B4):
/// - "six thousand nine hundred and twenty-four dollars and eighty-one
///   cents", "... dollars, 81 cents": the cents named as cents;
/// - "seven thousand six hundred and thirteen dollars 09", "... dollars
///   and 09/100", "... and 09/100 dollars": two figures, or a cheque's
///   fraction of a hundred;
/// - "seven thousand six hundred and thirteen point zero nine": one or two
///   digit words after "point";
/// - "seven thousand six hundred and thirteen (dollars)": whole dollars.
///
/// Anything else is no amount: one figure after the dollars ("dollars 9":
/// nine cents or ninety?), cents of 100 or more, a second amount or any
/// other word ("or", "about"). Figures alone are [`crate::grading::parse_cents`]'s.
pub(crate) fn spoken_cents(text: &str) -> Option<i64> {
    let lower = text.trim().to_lowercase();
    let mut tokens: Vec<String> = Vec::new();
    for token in lower.split_whitespace() {
        let token = token.trim_end_matches([',', '.', ';']);
        if token.bytes().any(|b| b.is_ascii_digit()) || token == "u.s." {
            tokens.push(token.to_owned());
        } else {
            tokens.extend(
                token
                    .split(['-', ','])
                    .filter(|w| !w.is_empty())
                    .map(str::to_owned),
            );
        }
    }
    let words: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let (dollars, mut at, in_words) = match words.first()? {
        first if first.bytes().any(|b| b.is_ascii_digit()) => (grouped(first)?, 1, false),
        // "none" and "nil" say there is no amount.
        first if matches!(*first, "none" | "nil") => return None,
        _ => {
            let (n, len) = spoken_amount(&words, 0).or_else(|| number_at(&words, 0))?;
            (n, len, true)
        }
    };
    let dollars = i64::try_from(dollars).ok()?.checked_mul(100)?;
    let unit_at = |at: usize| {
        DOLLAR_WORDS
            .iter()
            .find(|unit| words.get(at..at + unit.len()) == Some(unit))
            .map(|unit| unit.len())
    };
    let rest = &words[at..];
    // "... point zero nine": digits one word each.
    if rest.first() == Some(&"point") && in_words {
        let digits: Vec<u64> = rest[1..]
            .iter()
            .map_while(|w| number_word(w).filter(|d| *d < 10))
            .collect();
        let end = 1 + digits.len();
        let tail_ok =
            rest.len() == end || unit_at(at + end).is_some_and(|u| at + end + u == words.len());
        return match digits.as_slice() {
            [tenths] if tail_ok => Some(dollars + i64::try_from(*tenths * 10).ok()?),
            [tenths, hundredths] if tail_ok => {
                Some(dollars + i64::try_from(tenths * 10 + hundredths).ok()?)
            }
            _ => None,
        };
    }
    // "... and 09/100 dollars": a cheque's cents before the unit.
    if rest.first() == Some(&"and")
        && let Some(cents) = rest.get(1).and_then(|w| hundredths(w))
    {
        let end = at + 2;
        let tail_ok = end == words.len() || unit_at(end).is_some_and(|u| end + u == words.len());
        return tail_ok.then_some(dollars + cents);
    }
    match unit_at(at) {
        Some(len) => at += len,
        None if in_words && at == words.len() => return Some(dollars),
        None => return None,
    }
    if at == words.len() {
        return Some(dollars);
    }
    if words[at] == "and" {
        at += 1;
    }
    let rest = &words[at..];
    let cents = match rest {
        // "09/100", "09", "09 cents".
        [one] | [one, "cents" | "cent"] if hundredths(one).is_some() => hundredths(one)?,
        [one] | [one, "cents" | "cent"]
            if one.len() == 2 && one.bytes().all(|b| b.is_ascii_digit()) =>
        {
            grouped(one).and_then(|c| i64::try_from(c).ok())?
        }
        // "eighty-one cents", "81 cents".
        [first, .., "cents" | "cent"] if !first.contains('.') => {
            let (n, len) = number_at(rest, 0)?;
            (len + 1 == rest.len() && n < 100).then(|| i64::try_from(n).ok())??
        }
        _ => return None,
    };
    Some(dollars + cents)
}

/// Whole digits, with commas only between groups of three (`7,613`).
fn grouped(token: &str) -> Option<u64> {
    let groups: Vec<&str> = token.split(',').collect();
    let ok = groups
        .iter()
        .all(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()))
        && (groups.len() == 1
            || (groups[0].len() <= 3 && groups[1..].iter().all(|g| g.len() == 3)));
    ok.then(|| groups.concat().parse().ok())?
}

/// Cents written as a cheque writes them, a fraction of a hundred
/// (`09/100`, `81/100`).
fn hundredths(token: &str) -> Option<i64> {
    let (cents, hundred) = token.split_once('/')?;
    (hundred == "100" && cents.len() == 2)
        .then(|| cents.parse().ok())?
        .filter(|c| *c < 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dollars(text: &str) -> Vec<u64> {
        amounts(&Text::new(text))
            .into_iter()
            .map(|a| a.dollars)
            .collect()
    }

    #[test]
    fn money_is_read_in_the_usual_forms() {
        assert_eq!(dollars("$9,500 total"), [9500]);
        assert_eq!(dollars("about 9.5k for cover"), [9500]);
        assert_eq!(dollars("Budget: $9.75k"), [9750]);
        assert_eq!(dollars("$12.125k in all"), [12125]);
        assert_eq!(dollars("$12K"), [12000]);
        assert_eq!(dollars("USD 12000 and 300 dollars"), [12000, 300]);
        assert_eq!(
            dollars("2 engineers, 40% of time, 12 hours"),
            Vec::<u64>::new()
        );
        assert_eq!(dollars("week 4: 7500"), [7500]);
        assert_eq!(dollars("600 tickets, 80%"), Vec::<u64>::new());
        assert_eq!(dollars("$8,000-$12,000"), [8000, 12000]);
        assert_eq!(dollars("$600 per session"), [600]);
        assert_eq!(
            dollars("Budget: eight thousand US dollars in total."),
            [8000]
        );
        assert_eq!(
            dollars("nine thousand five hundred dollars ($9,500)"),
            [9500, 9500]
        );
        assert_eq!(dollars("twelve thousand for cover, three people"), [12000]);
    }

    #[test]
    fn amounts_in_words_read_when_their_cents_are_certain() {
        for (text, cents) in [
            ("seven thousand six hundred and thirteen dollars 09", 761309),
            (
                "six thousand nine hundred and twenty-four dollars and eighty-one cents",
                692481,
            ),
            (
                "Six thousand, nine hundred twenty-four US dollars, 81 cents",
                692481,
            ),
            (
                "seven thousand six hundred thirteen and 09/100 dollars",
                761309,
            ),
            (
                "seven thousand six hundred and thirteen dollars and 09/100",
                761309,
            ),
            (
                "seven thousand six hundred and thirteen point zero nine",
                761309,
            ),
            ("twelve point five", 1250),
            ("seven thousand six hundred and thirteen", 761300),
            ("five hundred dollars", 50000),
            ("one dollar and one cent", 101),
            ("7,613 dollars and 9 cents", 761309),
            ("zero dollars and fifty cents", 50),
            ("nine thousand and nine USD", 900900),
        ] {
            assert_eq!(spoken_cents(text), Some(cents), "{text}");
        }
        for text in [
            "seven thousand six hundred and thirteen dollars 9",
            "seven thousand dollars and nine",
            "seven thousand dollars and one hundred cents",
            "seven thousand or eight thousand dollars",
            "about seven thousand dollars",
            "seven thousand dollars 09 or 10",
            "seven thousand point nine nine nine",
            "seven thousand point",
            "seven thousand euros",
            "7613",
            "7613.09",
            "none",
            "seven thousand dollars and 81.5 cents",
            "",
        ] {
            assert_eq!(spoken_cents(text), None, "{text}");
        }
    }
}
