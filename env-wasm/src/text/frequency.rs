//! How often something comes round, and a change of it as written: "every
//! 2 days instead of every 4", "from every 4 days to every 2", "one week
//! in four (was every 2 days)", "twice a week rather than once a week".
//! A reader that must know whether a step makes a duty come round more
//! often (more load) or less often (relief) compares the two rates
//! [`frequency_changes`] finds, not a marker word: "every 2 days" is more
//! often than "every 4" whichever words say which was first.

use super::numbers::{number_at, ordinal_value};
use super::words::Text;

/// A rate: `count` times in `days` days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// How many times.
    pub count: u64,
    /// In how many days.
    pub days: u64,
}

impl Rate {
    /// Whether `self` comes round more often than `other`.
    pub fn more_often_than(self, other: Rate) -> bool {
        u128::from(self.count) * u128::from(other.days)
            > u128::from(other.count) * u128::from(self.days)
    }
}

/// A change of a rate written in a text: the words `start..end` hold both
/// rates, `from` the one there was and `to` the one the text sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrequencyChange {
    /// The first word of the change.
    pub start: usize,
    /// Just past its last word.
    pub end: usize,
    /// The rate there was.
    pub from: Rate,
    /// The rate the text sets.
    pub to: Rate,
}

impl FrequencyChange {
    /// Whether the change makes it come round more often.
    pub fn more_often(&self) -> bool {
        self.to.more_often_than(self.from)
    }
}

/// A rate as written, its unit perhaps left to the other rate of a
/// change ("every 2 days instead of every 4").
#[derive(Debug, Clone, Copy)]
struct Written {
    count: u64,
    /// How many units the count is in.
    units: u64,
    /// Days in the unit, when one is written.
    unit: Option<u64>,
    /// Just past the rate's last word.
    end: usize,
}

impl Written {
    fn rate(self, other_unit: Option<u64>) -> Rate {
        let unit = self.unit.or(other_unit).unwrap_or(1);
        Rate {
            count: self.count,
            days: self.units.saturating_mul(unit).max(1),
        }
    }
}

/// Days in a unit of time a duty comes round in.
fn unit_days(word: &str) -> Option<u64> {
    match word {
        "day" | "days" | "night" | "nights" | "shift" | "shifts" => Some(1),
        "week" | "weeks" | "weekend" | "weekends" => Some(7),
        "fortnight" | "fortnights" => Some(14),
        "month" | "months" => Some(30),
        "quarter" | "quarters" => Some(91),
        _ => None,
    }
}

/// Words that say how often on their own: "daily", "weekly".
fn adverb_days(word: &str) -> Option<u64> {
    match word {
        "daily" | "nightly" => Some(1),
        "weekly" => Some(7),
        "fortnightly" | "biweekly" => Some(14),
        "monthly" => Some(30),
        _ => None,
    }
}

/// Words between the new rate and the old one, after the new: "every 2
/// days instead of every 4", "(was every 4)", "down from every 4".
const THEN_OLD: &[&[&str]] = &[
    &["instead", "of"],
    &["rather", "than"],
    &["in", "place", "of"],
    &["replacing"],
    &["not"],
    &["was"],
    &["previously"],
    &["formerly"],
    &["currently"],
    &["down", "from"],
    &["up", "from"],
    &["compared", "with"],
    &["compared", "to"],
    &["versus"],
    &["vs"],
];

/// Words that may stand between such a connector and the old rate: "instead
/// of the current every 4 days", "rather than being on call every 4".
const OLD_FILLERS: &[&str] = &[
    "the", "current", "present", "existing", "old", "today", "being", "on", "call", "it", "is",
    "its", "their", "his", "her", "one", "of", "at",
];

/// How many [`OLD_FILLERS`] may stand before the old rate.
const FILLER_REACH: usize = 4;

/// The rate written at word `at`, if one starts there: "every 4 days",
/// "every other week", "every 4" (its unit left to the other rate),
/// "daily", "twice a week", "once every 3 weeks", "one week in four", "1
/// in 5". A bare number counts only where the caller says (`bare`): after
/// "instead of" it is the old rate's count of units ("every 2 days rather
/// than 4").
fn rate_at(text: &Text, at: usize, bare: bool) -> Option<Written> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let same = |k: usize| {
        text.words
            .get(k)
            .is_some_and(|w| w.sentence == text.words[at].sentence)
    };
    if let Some(days) = adverb_days(word(at)) {
        return Some(Written {
            count: 1,
            units: 1,
            unit: Some(days),
            end: at + 1,
        });
    }
    if word(at) == "every" {
        return every_at(text, at + 1, 1);
    }
    // "once a week", "twice every fortnight", "3 times a month".
    let (times, after) = match word(at) {
        "once" => (Some(1), at + 1),
        "twice" => (Some(2), at + 1),
        "thrice" => (Some(3), at + 1),
        _ => match number_at(&text.words, at) {
            Some((n, taken)) if word(at + taken) == "times" => (Some(n), at + taken + 1),
            _ => (None, at),
        },
    };
    if let Some(times) = times {
        if word(after) == "every" {
            return every_at(text, after + 1, times);
        }
        if matches!(word(after), "a" | "an" | "per" | "each") && same(after + 1) {
            let unit = unit_days(word(after + 1))?;
            return Some(Written {
                count: times,
                units: 1,
                unit: Some(unit),
                end: after + 2,
            });
        }
        return None;
    }
    // "one week in four", "1 day in 5", "one in eight", "2 shifts out of 8".
    let (n, taken) = number_at(&text.words, at)?;
    let mut k = at + taken;
    let unit = unit_days(word(k)).filter(|_| same(k));
    if unit.is_some() {
        k += 1;
    }
    let link = match (word(k), word(k + 1)) {
        ("in", "every") => 2,
        ("in", _) => 1,
        ("out", "of") => 2,
        _ => 0,
    };
    if link > 0
        && same(k + link)
        && let Some((m, taken)) = number_at(&text.words, k + link)
    {
        let end = k + link + taken;
        let own_unit = unit_days(word(end)).filter(|_| same(end));
        return Some(Written {
            count: n,
            units: m,
            unit: unit.or(own_unit),
            end: end + usize::from(own_unit.is_some()),
        });
    }
    (bare && unit.is_none()).then_some(Written {
        count: 1,
        units: n,
        unit: None,
        end: at + taken,
    })
}

/// The rest of a rate after "every", starting at `at`: "4 days", "other
/// week", "day", "4" (no unit written), `count` times in it.
fn every_at(text: &Text, at: usize, count: u64) -> Option<Written> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    if let Some(unit) = unit_days(word(at)) {
        return Some(Written {
            count,
            units: 1,
            unit: Some(unit),
            end: at + 1,
        });
    }
    let (units, taken) = match number_at(&text.words, at) {
        Some(read) => read,
        // "every other day", "every third week": an ordinal needs its unit.
        None => {
            let n = ordinal_value(word(at))?;
            unit_days(word(at + 1))?;
            (n, 1)
        }
    };
    let unit = unit_days(word(at + taken));
    Some(Written {
        count,
        units,
        unit,
        end: at + taken + usize::from(unit.is_some()),
    })
}

/// The changes of a rate `text` writes: a new rate, then a word of what
/// it replaces and the old one (`THEN_OLD`: "every 2 days instead of
/// every 4", "one week in four (was every 2 days)"), or "from" the old "to"
/// the new ("from every 4 days to every 2 days"). Both rates stand in one
/// sentence; a unit written for one is the other's too.
pub fn frequency_changes(text: &Text) -> Vec<FrequencyChange> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let same = |a: usize, b: usize| match (text.words.get(a), text.words.get(b)) {
        (Some(x), Some(y)) => x.sentence == y.sentence,
        _ => false,
    };
    let mut changes = Vec::new();
    let mut at = 0;
    while at < text.len() {
        // "from every 4 days to every 2 days".
        if word(at) == "from"
            && let Some(old) = rate_at(text, at + 1, false)
            && word(old.end) == "to"
            && same(at, old.end + 1)
            && let Some(new) = rate_at(text, old.end + 1, true)
        {
            changes.push(FrequencyChange {
                start: at,
                end: new.end,
                from: old.rate(new.unit),
                to: new.rate(old.unit),
            });
            at = new.end;
            continue;
        }
        let Some(new) = rate_at(text, at, false) else {
            at += 1;
            continue;
        };
        let old = THEN_OLD.iter().find_map(|words| {
            let matches = words
                .iter()
                .enumerate()
                .all(|(i, w)| word(new.end + i) == *w && same(at, new.end + i));
            if !matches {
                return None;
            }
            let from = new.end + words.len();
            for k in from..=from + FILLER_REACH {
                if !same(at, k) {
                    return None;
                }
                if let Some(old) = rate_at(text, k, true) {
                    return Some(old);
                }
                if !OLD_FILLERS.contains(&word(k)) {
                    return None;
                }
            }
            None
        });
        match old {
            Some(old) => {
                changes.push(FrequencyChange {
                    start: at,
                    end: old.end,
                    from: old.rate(new.unit),
                    to: new.rate(old.unit),
                });
                at = old.end;
            }
            None => at = new.end,
        }
    }
    changes
}

/// Phrases that say something comes round more often, with no numbers:
/// "on call more often", "twice as often".
const MORE_OFTEN: &[&str] = &[
    "more often",
    "more frequently",
    "more frequent",
    "twice as often",
    "twice as frequently",
    "three times as often",
    "double the frequency",
];

/// Where `text` says something comes round more often without numbers
/// ("on call more often", "twice as often"), not bounded ("no more often
/// than once a month", "not more frequently than every 8 days"): the
/// first word of each.
pub fn more_often_said(text: &Text) -> Vec<usize> {
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    text.mentions(MORE_OFTEN)
        .into_iter()
        .filter(|&(s, e)| {
            let bounded = s
                .checked_sub(1)
                .is_some_and(|b| matches!(word(b), "no" | "not" | "never" | "any"))
                || word(e) == "than";
            !bounded
        })
        .map(|(s, _)| s)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changes(text: &str) -> Vec<bool> {
        frequency_changes(&Text::new(text))
            .iter()
            .map(FrequencyChange::more_often)
            .collect()
    }

    #[test]
    fn a_rate_changed_either_way_is_read_by_its_values() {
        for (text, more) in [
            (
                "so each engineer is on call every 2 days instead of every 4",
                true,
            ),
            ("on call every 8 days instead of every 4", false),
            ("from every 4 days to every 2 days", true),
            ("from every 4 days to every 8", false),
            ("cap on-call at one week in four (was every 2 days)", false),
            ("on call every other day (was every 4 days)", true),
            ("one week in two instead of one in four", true),
            ("twice a week rather than once a week", true),
            ("once a month, down from once a week", false),
            ("on call every 2 days rather than 4", true),
            ("every 3 days, up from every 6 days", true),
            ("from once a fortnight to weekly", true),
            (
                "on call every 2 days instead of the current every 4 days",
                true,
            ),
        ] {
            assert_eq!(changes(text), [more], "{text}");
        }
        for text in [
            "on call every 4 days",
            "every 2 days; the rota was every 4 days last year",
            "from 4 to 2 people",
            "one week in March instead of April",
        ] {
            assert!(changes(text).is_empty(), "{text}: {:?}", changes(text));
        }
    }

    #[test]
    fn more_often_in_words_unless_bounded() {
        for (text, n) in [
            ("put him on call more often", 1),
            ("on call twice as often", 1),
            ("no more often than once a month", 0),
            ("not more frequently than every 8 days", 0),
            ("on call less often", 0),
        ] {
            assert_eq!(more_often_said(&Text::new(text)).len(), n, "{text}");
        }
    }
}
