//! Clock times said in words, one reader for every grader: "half past
//! eleven", "a quarter to twelve", "twenty past three", "ten to ten",
//! "eleven thirty", "two forty-five", "three o'clock". It reads the words
//! only; which half of the day is meant (a marker, a part of the day, the
//! working day) is the caller's to decide, because that depends on what
//! follows and on the grader's setting.

use super::numbers::{number_at, number_word};

/// A clock time said in words, on a twelve-hour dial.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpokenTime {
    /// The hour the time falls in, 1 to 12 ("a quarter to twelve" is 11).
    pub hour: u32,
    /// Minutes past that hour, 0 to 59.
    pub minute: u32,
    /// How it was said, which decides how much context a caller needs
    /// before taking the words as a time.
    pub form: SpokenForm,
    /// How many words it takes.
    pub len: usize,
}

/// The shape of a [`SpokenTime`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpokenForm {
    /// An hour alone ("three"): a time only with a part of the day or a
    /// marker after it.
    Hour,
    /// "three o'clock".
    OClock,
    /// Minutes and an hour ("half past two", "a quarter to four", "two
    /// thirty", "ten to ten"): a time wherever a time can stand.
    Minutes,
}

impl SpokenTime {
    /// Minutes after midnight with the half of the day given: `after_noon`
    /// puts 12 at noon and 1 to 11 after it; before noon, 12 is midnight.
    pub fn minute_of_day(self, after_noon: bool) -> u32 {
        (self.hour % 12 + if after_noon { 12 } else { 0 }) * 60 + self.minute
    }
}

/// The hour of a clock said at `words[at]`: 1 to 12, in digits or words,
/// one word long ("twenty four" is no hour), or "noon" / "midday" as 12.
fn hour_at<S: AsRef<str>>(words: &[S], at: usize) -> Option<u32> {
    let word = words.get(at)?.as_ref();
    if matches!(word, "noon" | "midday") {
        return Some(12);
    }
    // Whole digits or a word: "2.15" is a clock of its own, not two.
    if !word.bytes().all(|b| b.is_ascii_digit()) && number_word(word).is_none() {
        return None;
    }
    let (n, len) = number_at(words, at)?;
    let n = u32::try_from(n).ok()?;
    ((1..=12).contains(&n) && len == 1).then_some(n)
}

/// Minutes said before "past" or "to": "half", "(a) quarter", or a count
/// of 1 to 29 ("five", "twenty five", "25"), with "minutes" after it
/// optionally. Returns the minutes and the words taken.
fn minutes_before<S: AsRef<str>>(words: &[S], at: usize) -> Option<(u32, usize)> {
    let word = |k: usize| words.get(k).map(AsRef::as_ref);
    let (minutes, mut len) = match word(at)? {
        "half" => (30, 1),
        "quarter" => (15, 1),
        "a" if word(at + 1) == Some("quarter") => (15, 2),
        "a" if word(at + 1) == Some("half") => (30, 2),
        _ => {
            let (n, len) = number_at(words, at)?;
            (u32::try_from(n).ok().filter(|m| (1..30).contains(m))?, len)
        }
    };
    if matches!(word(at + len), Some("minutes" | "minute" | "mins")) {
        len += 1;
    }
    Some((minutes, len))
}

/// The clock time said in words starting at `words[at]` (lower-case words
/// as [`super::Text`] splits them: "o'clock" may be "o" and "clock",
/// "forty-five" "forty" and "five"), or `None`. Every spoken form reads
/// here: "half past N", "(a) quarter past / to N", "M (minutes) past / to
/// N", "N o'clock", "N thirty" / "N forty five" (minutes 10 to 59 said
/// after the hour), and an hour alone ([`SpokenForm::Hour`]). Digits for
/// the hour ("half past 11") are read too; a clock written in digits
/// ("11:30") is not this reader's.
pub fn spoken_time<S: AsRef<str>>(words: &[S], at: usize) -> Option<SpokenTime> {
    let word = |k: usize| words.get(k).map(AsRef::as_ref).unwrap_or("");
    // "half past eleven", "a quarter to twelve", "ten to ten".
    if let Some((minutes, len)) = minutes_before(words, at) {
        let link = word(at + len);
        if matches!(link, "past" | "after" | "to")
            && let Some(hour) = hour_at(words, at + len + 1)
        {
            let (hour, minute) = match link {
                "past" | "after" => (hour, minutes),
                _ => (if hour == 1 { 12 } else { hour - 1 }, 60 - minutes),
            };
            return Some(SpokenTime {
                hour,
                minute,
                form: SpokenForm::Minutes,
                len: len + 2,
            });
        }
    }
    let hour = hour_at(words, at)?;
    match (word(at + 1), word(at + 2)) {
        ("o", "clock") => {
            return Some(SpokenTime {
                hour,
                minute: 0,
                form: SpokenForm::OClock,
                len: 3,
            });
        }
        ("o" | "o'clock" | "oclock", _) => {
            return Some(SpokenTime {
                hour,
                minute: 0,
                form: SpokenForm::OClock,
                len: 2,
            });
        }
        _ => {}
    }
    // "eleven thirty", "two forty five", "nine fifteen", "ten oh five":
    // the minutes said after the hour, in words (digits after an hour are
    // more often a count than minutes).
    let said = |k: usize| number_word(word(k)).is_some();
    let minutes_said = match (word(at + 1), said(at + 1)) {
        ("oh" | "o", _) => number_word(word(at + 2))
            .filter(|m| (1..10).contains(m))
            .map(|m| (m, 2)),
        (_, true) => number_at(words, at + 1).filter(|(m, _)| (10..60).contains(m)),
        _ => None,
    };
    if let Some((m, len)) = minutes_said
        && let Ok(minute) = u32::try_from(m)
    {
        return Some(SpokenTime {
            hour,
            minute,
            form: SpokenForm::Minutes,
            len: 1 + len,
        });
    }
    Some(SpokenTime {
        hour,
        minute: 0,
        form: SpokenForm::Hour,
        len: 1,
    })
}

/// One-word prepositions before a clock time that make it the time
/// something happens or the latest it may: "by 5.30", "at ten", "before
/// half past twelve", "until noon".
const TIME_PREPOSITIONS: &[&str] = &[
    "by", "at", "before", "until", "till", "til", "around", "from", "after",
];

/// Whether a preposition of time ends right before `words[at]`: one word
/// (`TIME_PREPOSITIONS`) or a deadline said with a comparative, "no
/// later than" or "not later than" ("reply no later than half past
/// twelve" is a time as "reply by half past twelve" is). A bare number
/// there is a clock time, not a count.
pub fn time_preposition_before<S: AsRef<str>>(words: &[S], at: usize) -> bool {
    let word = |back: usize| {
        at.checked_sub(back)
            .and_then(|k| words.get(k))
            .map_or("", AsRef::as_ref)
    };
    TIME_PREPOSITIONS.contains(&word(1))
        || (word(1) == "than" && word(2) == "later" && matches!(word(3), "no" | "not"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(u32, u32, SpokenForm, usize)> {
        let words: Vec<&str> = text.split([' ', '-']).filter(|w| !w.is_empty()).collect();
        spoken_time(&words, 0).map(|t| (t.hour, t.minute, t.form, t.len))
    }

    #[test]
    fn every_spoken_form_reads_as_its_clock() {
        use SpokenForm::*;
        for (text, hour, minute, form, len) in [
            ("half past eleven", 11, 30, Minutes, 3),
            ("a quarter to twelve", 11, 45, Minutes, 4),
            ("quarter past nine", 9, 15, Minutes, 3),
            ("a quarter past two", 2, 15, Minutes, 4),
            ("ten to ten", 9, 50, Minutes, 3),
            ("twenty past three", 3, 20, Minutes, 3),
            ("twenty-five to four", 3, 35, Minutes, 4),
            ("five minutes to one", 12, 55, Minutes, 4),
            ("half past 11", 11, 30, Minutes, 3),
            ("a quarter to noon", 11, 45, Minutes, 4),
            ("eleven thirty", 11, 30, Minutes, 2),
            ("two forty-five", 2, 45, Minutes, 3),
            ("nine fifteen", 9, 15, Minutes, 2),
            ("ten oh five", 10, 5, Minutes, 3),
            ("three o'clock", 3, 0, OClock, 2),
            ("three o clock", 3, 0, OClock, 3),
            ("eleven", 11, 0, Hour, 1),
        ] {
            assert_eq!(read(text), Some((hour, minute, form, len)), "{text}");
        }
        // Not clocks: a count of more than twelve, minutes past thirty
        // before "past", no hour after the link.
        for text in [
            "thirteen",
            "half past",
            "forty past two",
            "half of it",
            "twenty four",
        ] {
            assert_ne!(read(text).map(|t| t.2), Some(Minutes), "{text}");
        }
        assert_eq!(read("twenty four"), None);
    }

    #[test]
    fn a_deadline_in_words_is_a_preposition_of_time() {
        let before = |text: &str| {
            let words: Vec<&str> = text.split(' ').collect();
            time_preposition_before(&words, words.len())
        };
        for text in [
            "reply by",
            "reply before",
            "until",
            "reply no later than",
            "reply not later than",
        ] {
            assert!(before(text), "{text}");
        }
        for text in ["later than", "more than", "reply", "", "no later"] {
            assert!(!before(text), "{text}");
        }
    }

    #[test]
    fn half_of_the_day_is_the_callers() {
        let t = spoken_time(&["a", "quarter", "to", "one"], 0).unwrap();
        assert_eq!(t.minute_of_day(true), 12 * 60 + 45);
        let t = spoken_time(&["half", "past", "twelve"], 0).unwrap();
        assert_eq!(t.minute_of_day(false), 30);
        assert_eq!(t.minute_of_day(true), 12 * 60 + 30);
    }
}
