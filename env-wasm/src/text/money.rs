//! Sums of money as answers write them, read from [`Text`] words (which
//! already join `9,500` and `9.5`): `$9,500`, `9.5k`, `$12K`, `USD 9500`,
//! `9500 dollars`, and a bare number of 500 or more (a budget line rarely
//! gives a currency for every figure). Percentages and numbers counting
//! something else ("600 tickets") are not money.

use super::numbers::{number_value, spoken_amount};
use super::words::Text;

/// A sum of money: the word it is written in, and whole US dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    pub at: usize,
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
}
