//! The next step: a request to the customer (read by [`super::moves`]) or
//! a future action with a measurable time, and when each follow-up we
//! promise is due, so the grader can hold it to the SLA.
//!
//! Times are read as people write them: durations ("within 4 hours", "in
//! the next 30 minutes", "within 1-2 business days", "24h"), days
//! ("today", "by the end of the day", "tomorrow", "by Friday") and clock
//! times in 24-hour form ("before 17:00", "by 09:30 tomorrow"), read by
//! [`crate::dates::parse_clock`]. A 12-hour time ("by 3 pm") is taken only
//! when the clock reader's value agrees with its am/pm marker; otherwise
//! the time of day is unread and the day's latest reading stands (the
//! end of that business day). A hedge over times ("within 1 hour, or at
//! the latest within 3 days", "1 or 2 days") keeps every reading, and the
//! grader holds the reply to the latest.

use super::clause::{Clause, Occurrences, continued, has_subject, ours};
use super::reading::{DayWord, Reading, When};
use crate::dates::parse_clock;
use crate::text::{SpokenForm, Text, base_of, negated, number_at, time_preposition_before};

/// Minutes per unit; a business (or any) day counts 1440, a week five
/// business days, a month twenty.
fn unit(word: &str) -> Option<(u32, bool)> {
    // (minutes, plural)
    // "m", "h" and "d" stand after a number written with them ("24h"),
    // which the text layer reads as the number and its unit.
    Some(match word {
        "minute" | "min" => (1, false),
        "m" => (1, true),
        "minutes" | "mins" => (1, true),
        "hour" | "hr" => (60, false),
        "h" => (60, true),
        "hours" | "hrs" => (60, true),
        "day" => (1440, false),
        "d" => (1440, true),
        "days" => (1440, true),
        "week" => (5 * 1440, false),
        "weeks" => (5 * 1440, true),
        "month" => (20 * 1440, false),
        "months" => (20 * 1440, true),
        _ => return None,
    })
}

/// `24h`, `48hrs`, `30min`: a number and a unit written as one word.
fn joined_duration(word: &str) -> Option<u32> {
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let rest = &word[digits.len()..];
    let n: u32 = digits.parse().ok()?;
    let per = match rest {
        "h" | "hr" | "hrs" | "hour" | "hours" => 60,
        "m" | "min" | "mins" => 1,
        "d" | "day" | "days" => 1440,
        _ => return None,
    };
    Some(n.saturating_mul(per))
}

const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Words that make a duration a period, not a time from now: "for 30
/// days", "every 2 hours", "the last 30 days", "30 days ago", "within 30
/// days of the charge".
const PERIOD_BEFORE: &[&str] = &[
    "for",
    "every",
    "per",
    "last",
    "past",
    "over",
    "since",
    "previous",
    "preceding",
];
const PERIOD_AFTER: &[&str] = &["ago", "old", "of", "after", "before", "later"];

/// Nouns of a span of time a rule allows: a duration said as one's length
/// ("a refund window of 14 days", "the window is just 14 days", "a
/// shorter refund window than our other charges, just 14 days") is how
/// long it lasts, not a time from now.
const PERIOD_NOUNS: &[&str] = &[
    "window",
    "windows",
    "period",
    "periods",
    "limit",
    "timeframe",
    "term",
    "deadline",
    "cutoff",
];

/// Words between a period noun and its length: "window of 14 days",
/// "window is just 14 days".
const LENGTH_LINKS: &[&str] = &[
    "of", "is", "was", "are", "were", "just", "only", "lasts", "lasted", "runs", "ran", "a", "an",
];

/// How far before a length in apposition its period noun is looked for.
const APPOSITION_REACH: usize = 10;

/// Whether `clause` only gives the length of a period named just before
/// it in its sentence, set off by a comma, bracket or dash: "... has a
/// shorter refund window than our other charges, just 14 days, ...".
fn length_in_apposition(text: &Text, clause: &Clause) -> bool {
    let set_off = text
        .gap(clause.from)
        .contains([',', '(', '[', ':', '\u{2013}', '\u{2014}']);
    let sentence = text.sentence_start(clause.from);
    let named = (sentence.max(clause.from.saturating_sub(APPOSITION_REACH))..clause.from)
        .any(|k| PERIOD_NOUNS.contains(&text.words[k].text.as_str()));
    let durations_only = only_a_time(text, clause)
        .is_some_and(|found| found.iter().all(|(_, w, _)| matches!(w, When::Within(_))));
    set_off && named && durations_only
}

/// What "within 4 hours of ..." counts from when it is the customer's own
/// contact: the ticket's arrival, which is where the SLA counts from too,
/// so the duration is a time for our response, not a period.
const CONTACT_NOUNS: &[&str] = &[
    "message",
    "messages",
    "email",
    "mail",
    "ticket",
    "request",
    "query",
    "enquiry",
    "inquiry",
    "note",
    "report",
    "contact",
    "complaint",
    "letter",
    "submission",
    "writing",
    "receiving",
    "receipt",
    "getting",
    "hearing",
];

/// Whether the words after a duration's "of"/"after" at `k` name the
/// customer's contact ("of your message", "after receiving your email",
/// "of you writing to us"), within three words.
fn counts_from_contact(words: &[&str], k: usize) -> bool {
    matches!(words.get(k).copied(), Some("of" | "after"))
        && words
            .iter()
            .skip(k + 1)
            .take(3)
            .any(|w| CONTACT_NOUNS.contains(w))
}

/// Every time written in words `from..to` of `text`, with the index of
/// the word it starts at.
pub(super) fn times(text: &Text, from: usize, to: usize) -> Vec<(usize, When)> {
    marked_times(text, from, to)
        .into_iter()
        .map(|(at, w, _)| (at, w))
        .collect()
}

/// A part of the day read as a time at `i` (section 5): the latest time a
/// customer would take it to mean. "noon" and "midday" (12:00) are clock
/// times of their own ([`clock`]); "(by / before / at) lunchtime" is
/// 13:00, "(this / tomorrow / Monday) morning" 12:00, "... afternoon"
/// 17:00, "... evening" and "tonight" the end of the day, "first thing" 10:00
/// of its day. Returns the minute, the words read, and the day "tonight"
/// names, and whether an hour given after it ("Monday evening at 5", "this
/// afternoon at three") set the minute, which makes it a clock time.
/// "Good morning" names no time, nor does "the first thing".
fn part_of_day(words: &[&str], i: usize) -> Option<(u32, usize, Option<DayWord>, bool)> {
    let (minute, len, day) = part_alone(words, i)?;
    let hour = matches!(words.get(i + len).copied(), Some("at" | "by" | "around"))
        .then(|| number_at(words, i + len + 1))
        .flatten()
        .filter(|(h, n)| (1..=12).contains(h) && *n == 1)
        .and_then(|(h, _)| u32::try_from(h).ok());
    let Some(hour) = hour else {
        return Some((minute, len, day, false));
    };
    let pm = minute > 12 * 60 && hour != 12;
    let at_hour = if pm { (hour + 12) * 60 } else { hour * 60 };
    let oclock = usize::from(matches!(
        words.get(i + len + 2).copied(),
        Some("o" | "o'clock" | "oclock")
    ));
    Some((at_hour, len + 2 + oclock, day, true))
}

/// [`part_of_day`] without an hour after it.
fn part_alone(words: &[&str], i: usize) -> Option<(u32, usize, Option<DayWord>)> {
    let at = |k: usize| words.get(k).copied().unwrap_or("");
    let before = i.checked_sub(1).map_or("", at);
    let day_before = matches!(before, "this" | "today" | "tomorrow" | "tomorrow's")
        || WEEKDAYS.contains(&before)
        || (before == "the" && i > 1 && matches!(at(i - 2), "in" | "by"));
    let lead_in = day_before || time_preposition_before(words, i) || before == "over";
    Some(match at(i) {
        "lunchtime" if lead_in => (13 * 60, 1, None),
        "lunch" if lead_in => (13 * 60, 1 + usize::from(at(i + 1) == "time"), None),
        "morning" if day_before => (12 * 60, 1, None),
        "afternoon" if day_before => (17 * 60, 1, None),
        "evening" if day_before => (24 * 60 - 1, 1, None),
        "tonight" => (24 * 60 - 1, 1, Some(DayWord::Today)),
        "first" if at(i + 1) == "thing" && !matches!(before, "the" | "a" | "one") => {
            (10 * 60, 2, None)
        }
        _ => return None,
    })
}

/// [`times`], each time marked whether it is a clock time the reply wrote
/// (a day alone, or a part of the day, is not).
fn marked_times(text: &Text, from: usize, to: usize) -> Vec<(usize, When, bool)> {
    let to = to.min(text.len());
    if from >= to {
        return Vec::new();
    }
    let words: Vec<&str> = text.words[from..to]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    let n = words.len();
    let at = |i: usize| words.get(i).copied().unwrap_or("");
    let mut durations: Vec<(usize, When)> = Vec::new();
    let mut days: Vec<(usize, DayWord)> = Vec::new();
    // (start, minute, written, words of a zone said after it)
    let mut clocks: Vec<(usize, Option<u32>, bool, usize)> = Vec::new();
    // Where the last clock time or day word ended, and the last clock time.
    let mut last_end = usize::MAX;
    let mut clock_end = usize::MAX;
    let mut i = 0;
    while i < n {
        if words[i..].starts_with(&["half", "an", "hour"])
            || words[i..].starts_with(&["half", "a", "hour"])
        {
            durations.push((i, When::Within(30)));
            i += 3;
            continue;
        }
        // A duration: "4 hours", "1-2 business days", "an hour", "the next hour".
        if let Some((count, mut j)) = amount(&words, i) {
            let mut count = count;
            // A range keeps its later end.
            if matches!(at(j), "or" | "to" | "and")
                && let Some((m, len)) = number_at(&words, j + 1)
            {
                count = count.max(clamp(m));
                j += 1 + len;
            } else if let Some((m, len)) = number_at(&words, j) {
                count = count.max(clamp(m));
                j += len;
            }
            while matches!(at(j), "business" | "working" | "calendar" | "full" | "more") {
                j += 1;
            }
            if let Some((per, plural)) = unit(at(j)) {
                let adjective = count > 1 && !plural;
                let before = |k: usize| i.checked_sub(k).map_or("", at);
                let length_of = (1..=4).any(|d| {
                    PERIOD_NOUNS.contains(&before(d))
                        && (1..d).all(|e| LENGTH_LINKS.contains(&before(e)))
                });
                let period = PERIOD_BEFORE.contains(&before(1))
                    || length_of
                    || before(2) == "last"
                    || (before(1) == "than" && matches!(before(2), "older" | "longer"))
                    || (PERIOD_AFTER.contains(&at(j + 1)) && !counts_from_contact(&words, j + 1));
                if !adjective && !period {
                    durations.push((i, When::Within(count.saturating_mul(per))));
                }
                i = j + 1;
                continue;
            }
        }
        if let Some(minutes) = joined_duration(words[i]) {
            durations.push((i, When::Within(minutes)));
            i += 1;
            continue;
        }
        if let Some((minute, len)) =
            clock(text, from, &words, i).or_else(|| spoken_clock(&words, i))
        {
            // "by 11:15 am your time today": the zone said after a clock
            // is part of it, and the day after the zone is its day.
            let zone = zone_words(&words, i + len);
            // "before 12:30": the last minute before it.
            let minute = if i > 0 && at(i - 1) == "before" {
                minute.map(|m| m.saturating_sub(1))
            } else {
                minute
            };
            let end = i + len + zone;
            clocks.push((i, minute, true, zone));
            last_end = end;
            clock_end = end;
            i = end;
            continue;
        }
        // A part of the day right after a clock time says which half of
        // the day the clock means ("at three in the afternoon", "by 9
        // tonight"): no time of its own.
        let qualifies_a_clock = clock_end <= i && i - clock_end <= 3;
        if let Some((minute, len, day, written)) =
            part_of_day(&words, i).filter(|_| !qualifies_a_clock)
        {
            clocks.push((i, Some(minute), written, 0));
            if let Some(day) = day {
                days.push((i, day));
            }
            last_end = i + len;
            clock_end = i + len;
            i += len;
            continue;
        }
        if let Some((when, len)) = day(&words, i) {
            // "by 12:00 today (Tuesday 18 August)", "by 5pm tomorrow,
            // Tuesday 30 June": a weekday right after a time, in brackets
            // or after a comma, names the same day again.
            let gap = text.gap(from + i);
            let restated = last_end == i
                && i > 0
                && gap.contains(['(', '[', ','])
                && matches!(when, Ok(DayWord::Weekday(_)));
            match when {
                _ if restated => {}
                Ok(day) => days.push((i, day)),
                Err(within) => durations.push((i, When::Within(within))),
            }
            last_end = i + len;
            i += len;
            continue;
        }
        i += 1;
    }
    // A clock time goes with the nearest day word of the clause ("by
    // 10:00 tomorrow"); without one it is today.
    let mut out: Vec<(usize, When, bool)> =
        durations.into_iter().map(|(at, w)| (at, w, true)).collect();
    let mut used = vec![false; days.len()];
    for (at, minute, written, zone) in clocks {
        // A zone after the clock does not part it from its day.
        let apart = |d: usize| {
            if d > at {
                (d - at).saturating_sub(zone)
            } else {
                at - d
            }
        };
        let nearest = days
            .iter()
            .enumerate()
            .filter(|(k, (d, _))| !used[*k] && apart(*d) <= 4)
            .min_by_key(|(_, (d, _))| apart(*d))
            .map(|(k, (_, day))| (k, *day));
        // The time starts at its day when the day comes first ("this
        // evening", "tomorrow morning").
        let (at, day) = match nearest {
            Some((k, day)) => {
                used[k] = true;
                (at.min(days[k].0), day)
            }
            None => (at, DayWord::Today),
        };
        out.push((at, When::On { day, minute }, written));
    }
    for ((at, day), used) in days.into_iter().zip(used) {
        if !used {
            out.push((at, When::On { day, minute: None }, false));
        }
    }
    crate::order::sort_by_key(&mut out, |(at, ..)| *at);
    out.into_iter()
        .map(|(at, w, written)| (from + at, w, written))
        .collect()
}

fn clamp(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A number of units starting at `i`, and the index of the word after
/// it: digits or number words, "a"/"an"/"the"/"next" before a unit (one),
/// "a couple of" (two), "a few" (three), any of them after "the next".
fn amount(words: &[&str], i: usize) -> Option<(u32, usize)> {
    if let Some((n, len)) = number_at(words, i) {
        return Some((clamp(n), i + len));
    }
    let at = |k: usize| words.get(k).copied();
    // "within the next couple of hours", "over the next few days": the
    // amount after "the next".
    if at(i) == Some("the")
        && at(i + 1) == Some("next")
        && let Some(found) = amount(words, i + 2)
    {
        return Some(found);
    }
    match (at(i)?, at(i + 1), at(i + 2)) {
        ("a" | "next", Some("couple"), Some("of")) => Some((2, i + 3)),
        ("couple", Some("of"), _) => Some((2, i + 2)),
        ("next", Some("few"), _) => Some((3, i + 2)),
        ("a", Some("few"), _) => Some((3, i + 2)),
        ("a" | "an" | "the" | "next", Some(u), _) if unit(u).is_some() => Some((1, i + 1)),
        // "within a business day", "a working day": the kind comes between.
        ("a" | "the" | "next", Some("business" | "working" | "calendar" | "full"), Some(u))
            if unit(u).is_some() =>
        {
            Some((1, i + 1))
        }
        ("the", Some("next"), Some(u)) if unit(u).is_some() => Some((1, i + 2)),
        _ => None,
    }
}

/// A clock time starting at local word `i` of a clause starting at word
/// `from`: `17:00`, `by 9.30`, `17h00`, `5 pm`, `5:30pm`, `noon`. Returns
/// its minute (when read) and its length in words.
fn clock(text: &Text, from: usize, words: &[&str], i: usize) -> Option<(Option<u32>, usize)> {
    let w = words.get(i).copied()?;
    if matches!(w, "noon" | "midday") {
        return Some((Some(12 * 60), 1));
    }
    if w == "midnight" {
        return Some((Some(24 * 60 - 1), 1));
    }
    let lead = w.chars().take_while(char::is_ascii_digit).count();
    if lead == 0 || lead > 2 {
        return None;
    }
    let tail = &w[lead..];
    let mut end = i + 1;
    let mut marker = marker_of(tail);
    let after_preposition = time_preposition_before(words, i);
    let mut minutes_given = tail.starts_with('h') || (tail.starts_with('.') && after_preposition);
    if marker.is_none() && !tail.is_empty() && !minutes_given {
        return None;
    }
    // "17:00": the minutes are the next word, after a colon.
    if tail.is_empty()
        && let Some(next) = words.get(end)
        && text.gap(from + end).trim() == ":"
    {
        let digits = next.chars().take_while(char::is_ascii_digit).count();
        if digits == 2 {
            minutes_given = true;
            marker = marker_of(&next[2..]);
            end += 1;
        }
    }
    // "5 pm", "5:30 p.m." (the shared reader may end a sentence at the dot
    // of "p.", so the marker is read from the source after it). A marker
    // in words of its own is handed to the clock reader as "pm" / "am".
    let clock_end = end;
    if marker.is_none() {
        match words.get(end).copied() {
            Some(m @ ("am" | "pm")) => {
                marker = marker_of(m);
                end += 1;
            }
            Some(m @ ("a" | "p")) => {
                let source_after = text.source.get(text.words[from + end].end..).unwrap_or("");
                if source_after.starts_with(".m") || words.get(end + 1) == Some(&"m") {
                    marker = Some(m == "p");
                    // "a.m." may be read as two words: both are the marker.
                    end += 1 + usize::from(words.get(end + 1) == Some(&"m"));
                }
            }
            _ => {}
        }
    }
    if !minutes_given && marker.is_none() {
        return None;
    }
    let written = text.slice(from + i, from + clock_end);
    let read = match marker {
        Some(pm) if end > clock_end => {
            parse_clock(&format!("{written} {}", if pm { "pm" } else { "am" }))
        }
        _ => parse_clock(text.slice(from + i, from + end)),
    };
    // Believe the clock reader only where its value agrees with the
    // marker: pm is from noon on, am before it.
    let minute = match (read, marker) {
        (Some(m), Some(true)) if m >= 12 * 60 => Some(m),
        (Some(m), Some(false)) if m < 12 * 60 => Some(m),
        (Some(m), None) => Some(m),
        (None, None) => return None,
        _ => None,
    };
    Some((minute, end - i))
}

/// A clock time said in words, read by the text layer's one reader
/// ([`crate::text::spoken_time`]): "8 o'clock", "by half past eleven", "by
/// a quarter to twelve today", "at twenty past three", "by eleven thirty",
/// "by eight this morning", "at three in the afternoon", "by 9 tonight".
/// Returns its minute and the words of the time (a part of day after it is
/// left to be read as the day it names). An hour alone is a time only after
/// a preposition and before a part of the day; minutes and an hour ("half
/// past eleven") after a preposition of time (one word, or "no later
/// than": [`crate::text::time_preposition_before`]) or before a part of
/// the day or a marker, and not as the start of a range ("from ten to
/// eleven"). The half of the day is the part's or the marker's; without
/// either, an hour of the working day is meant: 7 to 11 in the morning, 12
/// noon, 1 to 6 in the afternoon.
fn spoken_clock(words: &[&str], i: usize) -> Option<(Option<u32>, usize)> {
    let time = crate::text::spoken_time(words, i)?;
    let at = |k: usize| words.get(k).copied().unwrap_or("");
    let end = i + time.len;
    // "this morning", "in the afternoon", "tomorrow evening", "tonight".
    let mut part = end;
    if at(part) == "in" && at(part + 1) == "the" {
        part += 1;
    }
    let opens_part = matches!(at(part), "this" | "in" | "the" | "tomorrow");
    let morning = opens_part && at(part + 1) == "morning";
    let later =
        (opens_part && matches!(at(part + 1), "afternoon" | "evening")) || at(part) == "tonight";
    let (marker, marker_len) = match (at(end), at(end + 1)) {
        ("am", _) => (Some(false), 1),
        ("pm", _) => (Some(true), 1),
        ("a", "m") => (Some(false), 2),
        ("p", "m") => (Some(true), 2),
        _ => (None, 0),
    };
    let before = i.checked_sub(1).map_or("", |k| words[k]);
    let after_preposition = time_preposition_before(words, i);
    let accepted = match time.form {
        SpokenForm::OClock => true,
        SpokenForm::Hour => (morning || later) && after_preposition,
        SpokenForm::Minutes => {
            let range = matches!(before, "from" | "between") && at(i + time.len - 2) == "to";
            let counted = unit(at(end)).is_some();
            (after_preposition || morning || later || marker.is_some()) && !range && !counted
        }
    };
    if !accepted {
        return None;
    }
    let pm = if morning {
        false
    } else if later {
        true
    } else if let Some(pm) = marker {
        pm
    } else {
        time.hour <= 6 || time.hour == 12
    };
    Some((Some(time.minute_of_day(pm)), time.len + marker_len))
}

/// `pm` is `Some(true)`, `am` `Some(false)`, anything else `None`.
fn marker_of(tail: &str) -> Option<bool> {
    match tail.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == 'h') {
        "pm" => Some(true),
        "am" => Some(false),
        _ => None,
    }
}

/// How many words at `i` name the zone of a clock time before them:
/// "your time", "your local time", "local time", "in your time zone",
/// "your timezone", "our time". The case gives one clock, the ticket's
/// (neither the ticket nor the account record names a zone), so a time
/// said in the customer's zone or ours is on that clock (play-para-st16,
/// B3). A zone named by place or abbreviation is left unread.
fn zone_words(words: &[&str], i: usize) -> usize {
    let at = |k: usize| words.get(k).copied().unwrap_or("");
    let mut j = i;
    if at(j) == "in" {
        j += 1;
    }
    let owner = matches!(at(j), "your" | "our");
    if owner {
        j += 1;
    }
    let local = at(j) == "local";
    if local {
        j += 1;
    }
    if !(owner || local) {
        return 0;
    }
    match at(j) {
        "time" if at(j + 1) == "zone" => j + 2 - i,
        "time" | "timezone" => j + 1 - i,
        _ => 0,
    }
}

/// A day word at `i`: `Ok(day)`, or `Err(minutes)` for days written as a
/// span ("next week", "the next business day"), with its length.
fn day(words: &[&str], i: usize) -> Option<(Result<DayWord, u32>, usize)> {
    let (when, len) = day_word(words, i)?;
    // "end of day tomorrow", "close of business on Friday": the end of
    // that day, one time.
    let ends_a_day =
        matches!(words[i], "end" | "close" | "eod" | "cob" | "eob") && when == Ok(DayWord::Today);
    if ends_a_day {
        let skip = usize::from(words.get(i + len) == Some(&"on"));
        if let Some((Ok(later), more)) = day_word(words, i + len + skip)
            && later != DayWord::Today
        {
            return Some((Ok(later), len + skip + more));
        }
    }
    Some((when, len))
}

/// One day word at `i`, as [`day`] reads it.
fn day_word(words: &[&str], i: usize) -> Option<(Result<DayWord, u32>, usize)> {
    let at = |k: usize| words.get(k).copied();
    let w = at(i)?;
    let before = i.checked_sub(1).and_then(|p| words.get(p).copied());
    if matches!(before, Some("last" | "since" | "past" | "previous")) {
        return None;
    }
    Some(match (w, at(i + 1), at(i + 2), at(i + 3)) {
        ("today" | "tonight" | "eod" | "cob" | "eob", ..) => (Ok(DayWord::Today), 1),
        // "this afternoon": the part of the day is read as its time.
        ("this", Some("afternoon" | "evening" | "morning"), ..) => (Ok(DayWord::Today), 1),
        ("this", Some("week"), ..) => (Ok(DayWord::Weekday(4)), 2),
        ("end" | "close", Some("of"), Some("business"), _) => (Ok(DayWord::Today), 3),
        ("end", Some("of"), Some("today"), _) => (Ok(DayWord::Today), 3),
        ("end", Some("of"), Some("the"), Some("day" | "business" | "working")) => {
            (Ok(DayWord::Today), 4)
        }
        ("end", Some("of"), Some("day"), _) => (Ok(DayWord::Today), 3),
        ("end", Some("of"), Some("the"), Some("week")) => (Ok(DayWord::Weekday(4)), 4),
        ("end", Some("of"), Some("the"), Some("month")) => (Err(20 * 1440), 4),
        ("tomorrow", ..) => (Ok(DayWord::Tomorrow), 1),
        // "the end of tomorrow", "close of Friday": the end of that day.
        ("end" | "close", Some("of"), Some(_), _) => match day_word(words, i + 2)? {
            (Ok(later), more) if later != DayWord::Today => (Ok(later), 2 + more),
            _ => return None,
        },
        ("next", Some("business" | "working"), Some("day"), _) => (Err(1440), 3),
        ("next", Some("week"), ..) => (Err(5 * 1440), 2),
        ("next", Some("month"), ..) => (Err(20 * 1440), 2),
        _ => {
            let n = WEEKDAYS.iter().position(|d| *d == w)?;
            (Ok(DayWord::Weekday(n as u8)), 1)
        }
    })
}

/// The times of clause `at`, with those of the clauses around it that only
/// add a time: a time put first ("Within the hour, our team will call
/// you"), and the hedges after it, in its sentence or opening the next
/// ("..., or at the latest within 3 days", "... If not, by Friday").
pub(super) fn times_in(text: &Text, clauses: &[Clause], at: usize) -> Vec<When> {
    let clause = &clauses[at];
    let mut out = marked_times(text, clause.from, clause.to);
    if let Some(before) = at.checked_sub(1).map(|p| &clauses[p])
        && before.sentence == clause.sentence
        && !length_in_apposition(text, before)
        && let Some(found) = only_a_time(text, before)
    {
        out.extend(found);
    }
    let mut sentence = clause.sentence;
    for next in &clauses[at + 1..] {
        let opens_next = next.sentence == sentence + 1
            && clauses
                .iter()
                .find(|c| c.sentence == next.sentence)
                .is_some_and(|first| first.from == next.from);
        if next.sentence != sentence && !opens_next {
            break;
        }
        // "If not, ...": a clause of connectives only leads to the time.
        let connectives_only = next
            .words(text)
            .iter()
            .all(|w| TIME_CONNECTIVES.contains(&w.text.as_str()));
        if connectives_only {
            sentence = next.sentence;
            continue;
        }
        let Some(found) = only_a_time(text, next).filter(|_| !length_in_apposition(text, next))
        else {
            break;
        };
        let given: Vec<When> = out.iter().map(|(_, w, _)| *w).collect();
        let found_times: Vec<When> = found.iter().map(|(_, w, _)| *w).collect();
        if let Some(day) = restates_the_latest(text, next, &found_times) {
            // "before half past eleven this morning (11:25 at the
            // latest)": the clock in brackets is the promise, said
            // precisely; the times of its day before it are the same one.
            out.retain(|(_, w, _)| !matches!(w, When::On { day: d, .. } if *d == day));
            out.extend(found);
        } else if !restates_the_day(text, next, &given, &found_times) {
            out.extend(found);
        }
        sentence = next.sentence;
    }
    clock_over_parts(out)
}

/// The times of one step with a day alone or a part of the day that a clock
/// time written after it, on the same day, makes precise left out: when a
/// reply gives a clock time, that time is the promise (section 5: "before
/// lunchtime today, by 1pm at the latest" is 13:00, "today, by 11:30" is
/// 11:30). A day or part written after the clock stays ("by 1pm, or this
/// evening at the latest" is the evening).
fn clock_over_parts(marked: Vec<(usize, When, bool)>) -> Vec<When> {
    let day_of = |w: &When| match w {
        When::On { day, .. } => Some(*day),
        When::Within(_) => None,
    };
    marked
        .iter()
        .filter(|(at, w, written)| {
            let Some(day) = day_of(w).filter(|_| !written) else {
                return true;
            };
            !marked.iter().any(|(later, other, other_written)| {
                *other_written
                    && later > at
                    && day_of(other) == Some(day)
                    && matches!(
                        other,
                        When::On {
                            minute: Some(_),
                            ..
                        }
                    )
            })
        })
        .map(|(_, w, _)| *w)
        .collect()
}

/// Whether a clause of times after a day names that day again: "by 1:00
/// pm today (Monday, May 11)", "by 13:00 today [Monday, May 11, 2026]", "by 5pm tomorrow, Tuesday 12 May": a
/// weekday opening a bracket or standing right after a comma, with no
/// hedge word before it, when a day was already given.
fn restates_the_day(text: &Text, clause: &Clause, given: &[When], found: &[When]) -> bool {
    let day_given = given.iter().any(|w| matches!(w, When::On { .. }));
    let opens_aside = text.gap(clause.from).contains(['(', '[', ',']);
    let weekday_first = text
        .words
        .get(clause.from)
        .is_some_and(|w| WEEKDAYS.contains(&w.text.as_str()));
    let only_weekdays = found.iter().all(|w| {
        matches!(
            w,
            When::On {
                day: DayWord::Weekday(_),
                ..
            }
        )
    });
    // "by 11:15 am in your time zone, today": the day of a clock time given
    // before, named again after a comma with nothing else.
    let clock_days: Vec<DayWord> = given
        .iter()
        .filter_map(|w| match w {
            When::On {
                day,
                minute: Some(_),
            } => Some(*day),
            _ => None,
        })
        .collect();
    let day_first = text
        .words
        .get(clause.from)
        .is_some_and(|w| day_word(&[w.text.as_str()], 0).is_some());
    let same_day_again = !found.is_empty()
        && found
            .iter()
            .all(|w| matches!(w, When::On { day, minute: None } if clock_days.contains(day)));
    opens_aside && day_first && (day_given && weekday_first && only_weekdays || same_day_again)
}

/// The day of a clause of times that is one clock time in brackets saying
/// it is the latest ("(11:25 at the latest)"): the time of that day before
/// it, restated precisely. "(or 13:00 at the latest)" is a hedge, read as
/// its worst.
fn restates_the_latest(text: &Text, clause: &Clause, found: &[When]) -> Option<DayWord> {
    let words: Vec<&str> = clause.texts(text);
    let [
        When::On {
            day,
            minute: Some(_),
        },
    ] = found
    else {
        return None;
    };
    (text.gap(clause.from).contains('(')
        && words.ends_with(&["at", "the", "latest"])
        && !words
            .iter()
            .any(|w| matches!(*w, "or" | "otherwise" | "failing")))
    .then_some(*day)
}

/// The times of a clause that says nothing but a time.
fn only_a_time(text: &Text, clause: &Clause) -> Option<Vec<(usize, When, bool)>> {
    let found = marked_times(text, clause.from, clause.to);
    let (first, ..) = found.first()?;
    let only = text.words[clause.from..*first]
        .iter()
        .all(|w| TIME_CONNECTIVES.contains(&w.text.as_str()));
    only.then_some(found)
}

/// Words that may come before a time in a clause that only adds a time.
const TIME_CONNECTIVES: &[&str] = &[
    "if",
    "not",
    "otherwise",
    "failing",
    "that",
    "then",
    "or",
    "at",
    "the",
    "latest",
    "no",
    "later",
    "than",
    "by",
    "within",
    "in",
    "and",
    "around",
    "about",
    "approximately",
    "roughly",
    "ideally",
    "hopefully",
    "possibly",
    "even",
    "before",
    "until",
    "on",
    "up",
    "to",
    "under",
    "just",
    "so",
    "likely",
    "probably",
    "earliest",
    "latest",
    "next",
];

/// Words of a future action; "should" as in "you should see it within 5
/// days", "expect" as in "you can expect a reply within the hour".
const FUTURE: &[&str] = &["will", "shall", "should", "expect"];

/// Whether clause `at` states a future action of ours or the customer's
/// ("we will ...", "you'll hear ..."), not negated, or is an imperative
/// "expect ..." ("expect a call within the hour"); a clause without a
/// subject of its own inherits the future of the clause it continues.
/// Our own action in the progressive is one too ("we are issuing it to
/// your card today", "our supervisor is reviewing it this afternoon"):
/// with the time the caller requires, it says what we will do and when.
fn future(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let clause = &clauses[at];
    let words = clause.texts(text);
    let own = (clause.from..clause.to).find(|&i| {
        let w = text.words[i].text.as_str();
        (FUTURE.contains(&w)
            || (w == "going" && text.words.get(i + 1).is_some_and(|n| n.text == "to")))
            && !negated(text, i, i + 1)
    });
    if own.is_some() {
        return true;
    }
    let progressive = (1..words.len()).any(|k| {
        let doing = words[k].ends_with("ing") && words[k] != "going";
        matches!(words[k - 1], "am" | "is" | "are")
            && doing
            && ours(&words[..k - 1])
            && !negated(text, clause.from + k, clause.from + k + 1)
    });
    // "What happens next: ... 3. We send you an update within the hour".
    let planned = super::clause::planned_step(text, clause)
        .is_some_and(|(doer, verb)| doer != "you" && !negated(text, verb, verb + 1));
    if progressive || planned || our_scheduled_step(text, clause) {
        return true;
    }
    !has_subject(&words) && continued(clauses, at).is_some_and(|p| future(text, clauses, p))
}

/// The most words of a label naming who does a step ("Fieldnote Support
/// (me)", "Our billing supervisor").
const OWNER_WORDS: usize = 6;

/// Whether `clause` is a step of a plan with its owner as the label, the
/// owner on our side and the step a verb in the present with no subject of
/// its own: "2. Fieldnote Support (me): sends you an update within the
/// hour", "Us: update you by 17:00 today" (play-para-st8, B8). A plan's
/// present is its future. Not the customer's step ("You: reply with the
/// invoice number"), nor another party's ("Your bank: sends the money
/// back"), nor a step said done ("Support: sent you the link").
fn our_scheduled_step(text: &Text, clause: &Clause) -> bool {
    let Some(colon) = (clause.from + 1..clause.to.min(clause.from + OWNER_WORDS + 2))
        .find(|&k| super::clause::labels(text.gap(k).trim_start_matches([')', ' '])))
    else {
        return false;
    };
    let owner: Vec<&str> = text.words[clause.from..colon]
        .iter()
        .map(|w| w.text.as_str())
        .filter(|w| crate::text::number_value(w).is_none())
        .collect();
    let our_side = ours(&owner)
        || owner.contains(&"me")
        || owner.last().is_some_and(|w| matches!(*w, "support" | "me"));
    let theirs = owner
        .iter()
        .any(|w| matches!(*w, "you" | "your" | "their" | "bank"));
    let Some(step) = (colon..clause.to)
        .find(|&k| !matches!(text.words[k].text.as_str(), "then" | "also" | "now"))
    else {
        return false;
    };
    // "sends", "reviews", or a verb of responding in its bare form
    // ("update you by 17:00").
    let w = text.words[step].text.as_str();
    let present = (w.len() > 3 && w.ends_with('s') && !w.ends_with("ss"))
        || (base_of(w, FOLLOW_UP_VERBS).is_some() && !w.ends_with("ed") && !w.ends_with("ing"));
    !owner.is_empty()
        && owner.len() <= OWNER_WORDS
        && our_side
        && !theirs
        && present
        && !negated(text, step, step + 1)
}

/// Verbs of responding to the customer: a future one with a time is a
/// follow-up the SLA applies to.
const FOLLOW_UP_VERBS: &[&str] = &[
    "contact",
    "update",
    "reply",
    "respond",
    "follow",
    "reach",
    "call",
    "email",
    "write",
    "hear",
    "review",
    "investigate",
    "look",
    "answer",
    "assess",
    "examine",
    "message",
    "phone",
    "ring",
    "notify",
    "inform",
    "advise",
    "tell",
    "let",
];
/// Idioms of responding: coming back to the customer ("get back to you",
/// "be back to you", "circle back"), being in touch or contact with any
/// verb and adverb before ("be in touch", "be back in touch", "get in
/// touch", "stay in contact"), keeping them informed ("keep you posted"),
/// and a note sent ("drop you a line").
const FOLLOW_UP_PHRASES: &[&str] = &[
    "get back",
    "come back",
    "circle back",
    "be back to",
    "be back with",
    "in touch",
    "in contact",
    "touch base",
    "check in",
    "keep you posted",
    "keep you in the loop",
    "you a line",
    "you a note",
];
/// Nouns of a response: "you'll get an update within 2 hours".
const FOLLOW_UP_NOUNS: &[&str] = &[
    "update", "reply", "response", "answer", "call", "email", "news", "decision", "message",
];

/// A promise of our next response: "we will contact you within 4 hours",
/// "you will hear from our legal team by the end of the day", "expect an
/// update by 17:00". Other dated promises ("we will refund it within 5
/// business days") are not held to the SLA, which is about responding.
fn follow_up(text: &Text, clauses: &[Clause], phrases: &Occurrences, at: usize) -> bool {
    if !future(text, clauses, at) {
        return false;
    }
    let words = clauses[at].texts(text);
    // "we'll reach out", "we'll reach you"; "refunds reach the original
    // payment method within 5-10 days" is the money arriving.
    // "I'd expect it to reach you within 5 to 10 business days", "the
    // money should reach you by Friday": a thing reaching the customer is
    // its delivery.
    let responding = words.iter().enumerate().any(|(k, w)| {
        base_of(w, FOLLOW_UP_VERBS).is_some()
            && (base_of(w, &["reach"]).is_none()
                || (matches!(words.get(k + 1), Some(&"out" | &"you" | &"back"))
                    && !thing_reaching(&words[..k])))
    }) || phrases.any_within(&clauses[at]);
    // "within two working days of your email": the customer's own message
    // dates the time; it is no response of ours (play-st9 p9:46).
    let news = words.iter().enumerate().any(|(k, w)| {
        FOLLOW_UP_NOUNS.contains(w) && (k == 0 || !matches!(words[k - 1], "your" | "their"))
    });
    if !(responding || news) {
        return false;
    }
    match responder(text, clauses, at) {
        Responder::Us => true,
        // "you'll hear from us", "you'll get an update".
        Responder::Customer => news || words.iter().any(|w| base_of(w, &["hear"]).is_some()),
        // "our next update will follow"; not "the invoice will be emailed".
        Responder::Thing => words.iter().take(4).any(|w| FOLLOW_UP_NOUNS.contains(w)),
    }
}

/// Words between "reach" and its subject: "it should reach you", "I'd
/// expect it to reach you", "the refund will normally reach you".
const REACH_AUXILIARIES: &[&str] = &[
    "to",
    "will",
    "would",
    "should",
    "could",
    "can",
    "may",
    "might",
    "must",
    "normally",
    "usually",
    "typically",
    "generally",
    "then",
    "also",
    "probably",
    "likely",
    "soon",
    "only",
    "all",
    "both",
];

/// Things that reach the customer by being delivered, not by writing:
/// the money and what carries it.
const DELIVERED: &[&str] = &[
    "it",
    "this",
    "that",
    "they",
    "these",
    "those",
    "money",
    "refund",
    "refunds",
    "credit",
    "credits",
    "funds",
    "payment",
    "payments",
    "amount",
    "sum",
    "reimbursement",
    "transfer",
    "deposit",
    "cash",
    "balance",
    "reversal",
    "chargeback",
    "waiver",
];

/// Whether the subject of a "reach" after `before` (the clause's words up
/// to it) is a thing delivered: "it", "the refund", "the money", a sum.
/// "They" is a thing only after "expect" or the like ("I'd expect them to
/// reach you"), never a team's "they will reach you".
fn thing_reaching(before: &[&str]) -> bool {
    let Some(s) = before.iter().rposition(|w| !REACH_AUXILIARIES.contains(w)) else {
        return false;
    };
    let subject = before[s];
    let infinitive = before[s + 1..].first() == Some(&"to");
    let pronoun = matches!(subject, "they" | "these" | "those");
    (DELIVERED.contains(&subject) && (!pronoun || infinitive))
        || crate::text::number_value(subject).is_some()
}

/// Who acts in a clause, for follow-ups.
enum Responder {
    Us,
    Customer,
    Thing,
}

/// The clause's subject: ours ("we", "our team", "they", "someone"), the
/// customer, or a thing; a clause without one has the subject of the
/// clause it continues, and an imperative ("expect a call") is ours.
fn responder(text: &Text, clauses: &[Clause], at: usize) -> Responder {
    let words = clauses[at].texts(text);
    if our_scheduled_step(text, &clauses[at]) {
        return Responder::Us;
    }
    let first = words
        .iter()
        .copied()
        .find(|w| !matches!(*w, "then" | "also" | "now" | "and" | "so"));
    match first {
        Some("you") => Responder::Customer,
        Some(w) if ours(&[w]) || matches!(w, "they" | "someone" | "somebody" | "he" | "she") => {
            Responder::Us
        }
        _ if has_subject(&words) => Responder::Thing,
        _ => match continued(clauses, at) {
            Some(previous) => responder(text, clauses, previous),
            None => Responder::Us,
        },
    }
}

/// Read every clause for timed steps and follow-ups. A time within two
/// sentences of a firm promise dates it ("- Refund: approved / - When:
/// within 5 business days"), which is a timed step too.
pub(super) fn read(text: &Text, clauses: &[Clause], promising: &[u32], reading: &mut Reading) {
    let phrases = Occurrences::of(text, FOLLOW_UP_PHRASES);
    // Sentences are counted as written ones: a blank line or a list's line
    // breaks raise the reader's sentence number without a sentence between.
    let written: Vec<u32> = {
        let mut ids: Vec<u32> = text.words.iter().map(|w| w.sentence).collect();
        ids.dedup();
        ids
    };
    let rank = |sentence: u32| written.partition_point(|s| *s < sentence);
    let mut final_answers = Vec::new();
    for at in 0..clauses.len() {
        let due = times_in(text, clauses, at);
        if due.is_empty() || length_in_apposition(text, &clauses[at]) {
            continue;
        }
        let sentence = rank(clauses[at].sentence);
        let dates_a_promise = promising.iter().any(|s| rank(*s).abs_diff(sentence) <= 2);
        // "Next update on T-1981: Us, by 09:35 today": the title may be in
        // the clause this one continues after a comma.
        let titled_before = continued(clauses, at).is_some_and(|p| {
            let labelled =
                (clauses[p].from + 1..clauses[p].to).any(|k| super::clause::labels(text.gap(k)));
            let whole = Clause {
                from: clauses[p].from,
                ..clauses[at]
            };
            labelled
                && marked_times(text, clauses[p].from, clauses[p].to).is_empty()
                && titled_follow_up(text, &whole)
        });
        let titled = titled_follow_up(text, &clauses[at])
            || titled_before
            || verbless_follow_up(text, &clauses[at]);
        if dates_a_promise || titled || future(text, clauses, at) {
            reading.has_timed_step = true;
        }
        if titled || follow_up(text, clauses, &phrases, at) {
            if final_answer(&clauses[at].texts(text)) {
                final_answers.extend(due);
            } else {
                reading.follow_ups.extend(due);
            }
        }
    }
    // "We'll update you within 4 hours, and you'll receive our full
    // response within one month, as the law requires": beside a time for
    // our next response, the time of the final answer is when the case is
    // answered, not when we next respond; alone, it is our next response.
    if reading.follow_ups.is_empty() {
        reading.follow_ups.extend(final_answers);
    }
}

/// Words that make a response the case's final answer: "our full
/// response", "a final decision", "the formal reply".
const FINAL_MARKS: &[&str] = &[
    "full",
    "final",
    "complete",
    "formal",
    "substantive",
    "definitive",
    "official",
];

/// Whether `words` (a clause's) name the response they date as the final
/// answer: a mark of [`FINAL_MARKS`] within three words before a response
/// noun ("our full response", "a full and final answer").
fn final_answer(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(k, w)| {
        FOLLOW_UP_NOUNS.contains(w)
            && words[k.saturating_sub(3)..k]
                .iter()
                .any(|m| FINAL_MARKS.contains(m))
    })
}

/// The longest title over a time, in words ("Our next update").
const TITLE_WORDS: usize = 6;

/// The longest verbless line naming our response, in words before its
/// time ("A full reply from our billing team").
const VERBLESS_WORDS: usize = 8;

/// Words that may come before the noun of a response in a line that is
/// only that response and its time ("Next update from us by 12:00
/// today", "A full written reply within 4 hours").
const RESPONSE_MODIFIERS: &[&str] = &[
    "next", "our", "the", "a", "an", "first", "further", "another", "full", "written", "formal",
    "quick", "short", "final", "status", "progress", "detailed", "proper", "new",
];

/// Whether `title` is a verbless noun phrase naming our next response:
/// modifiers, a response noun, and optionally who it comes from, which is
/// our side ("Next update from us", "A reply from our billing team"; not
/// "Next update from the bank" nor "A reply from you").
fn names_our_response(title: &[&str]) -> bool {
    let from = title.iter().position(|w| *w == "from");
    let (noun_phrase, sender) = match from {
        Some(f) => (&title[..f], Some(&title[f + 1..])),
        None => (title, None),
    };
    let Some((noun, modifiers)) = noun_phrase.split_last() else {
        return false;
    };
    FOLLOW_UP_NOUNS.contains(noun)
        && modifiers.iter().all(|w| RESPONSE_MODIFIERS.contains(w))
        && sender.is_none_or(|s| {
            !s.is_empty() && s.len() <= 4 && (ours(s) || s.contains(&"me")) && !s.contains(&"you")
        })
}

/// Whether `clause` is a sentence with no verb that names our next
/// response and gives its time: "Next update from us by 12:00 today.",
/// "Next update within four hours." The sentence is a time for our reply
/// said the way a title is, with no title line.
fn verbless_follow_up(text: &Text, clause: &Clause) -> bool {
    if text.sentence_start(clause.from) != clause.from || negated(text, clause.from, clause.to) {
        return false;
    }
    let found = times(text, clause.from, clause.to);
    let Some(&(first, _)) = found.first() else {
        return false;
    };
    let mut end = first;
    while end > clause.from && TIME_CONNECTIVES.contains(&text.words[end - 1].text.as_str()) {
        end -= 1;
    }
    let title: Vec<&str> = text.words[clause.from..end]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    title.len() <= VERBLESS_WORDS && names_our_response(&title)
}

/// Whether `clause` is only a time under a title that names our next
/// response: after a label's colon ("Next update: by the end of the day
/// tomorrow") or on the line after a heading ("Next update\nBy the end
/// of the day on Tuesday"). A title naming the customer's part ("Your
/// reply") is not ours.
fn titled_follow_up(text: &Text, clause: &Clause) -> bool {
    let label = (clause.from + 1..clause.to).find(|&k| super::clause::labels(text.gap(k)));
    let (title, rest_from): (Vec<&str>, usize) = match label {
        Some(k) => (
            text.words[clause.from..k]
                .iter()
                .map(|w| w.text.as_str())
                .collect(),
            k,
        ),
        None => {
            let gap = text.gap(clause.from);
            if clause.from == 0 || !gap.contains('\n') {
                return false;
            }
            let line_start = (0..clause.from)
                .rev()
                .find(|&j| j == 0 || text.gap(j).contains('\n'))
                .unwrap_or(0);
            if gap.contains(['.', '!', '?', ';', ',']) {
                return false;
            }
            (
                text.words[line_start..clause.from]
                    .iter()
                    .map(|w| w.text.as_str())
                    .collect(),
                clause.from,
            )
        }
    };
    // "Next contact from us" names a response; "Last update", "Previous
    // reply" one already given.
    let names_response = title.len() <= TITLE_WORDS
        && !title.contains(&"your")
        && !title.iter().any(|w| PAST_MARKS.contains(w))
        && (title
            .iter()
            .any(|w| FOLLOW_UP_NOUNS.contains(w) || *w == "contact")
            || title.windows(2).any(|p| p == ["hear", "from"]));
    if !names_response || negated(text, clause.from, rest_from) {
        return false;
    }
    let found = times(text, rest_from, clause.to);
    // "Next update on T-1981: Us, by 09:35 today" (a table row of what,
    // who, when): who responds, on our side, may come before the time.
    found.first().is_some_and(|(first, _)| {
        text.words[rest_from..*first].iter().all(|w| {
            let w = w.text.as_str();
            TIME_CONNECTIVES.contains(&w) || ours(&[w]) || TEAM_WORDS.contains(&w)
        })
    })
}

/// Words that date a response in the past ("Last update: 09:00 today").
const PAST_MARKS: &[&str] = &["last", "previous", "earlier", "prior", "sent", "given"];

/// Words of a team of ours named as who responds ("Legal team review").
const TEAM_WORDS: &[&str] = &[
    "legal", "billing", "security", "privacy", "support", "review",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn read_times(text: &str) -> Vec<When> {
        let t = Text::new(text);
        times(&t, 0, t.len()).into_iter().map(|(_, w)| w).collect()
    }

    #[test]
    fn durations_days_and_clock_times() {
        use DayWord::*;
        use When::*;
        for (text, expected) in [
            ("we will reply within 4 hours", vec![Within(240)]),
            ("within one business day", vec![Within(1440)]),
            ("in the next 30 minutes", vec![Within(30)]),
            ("within the hour", vec![Within(60)]),
            ("within half an hour", vec![Within(30)]),
            ("within 24h", vec![Within(1440)]),
            ("within 1-2 business days", vec![Within(2880)]),
            ("in twenty-four hours", vec![Within(1440)]),
            (
                "by the end of the day",
                vec![On {
                    day: Today,
                    minute: None,
                }],
            ),
            ("within 3 working days", vec![Within(3 * 1440)]),
            (
                "by Friday",
                vec![On {
                    day: Weekday(4),
                    minute: None,
                }],
            ),
            // The last minute before the clock time.
            (
                "before 17:00",
                vec![On {
                    day: Today,
                    minute: Some(1019),
                }],
            ),
            (
                "by 09:30 tomorrow",
                vec![On {
                    day: Tomorrow,
                    minute: Some(570),
                }],
            ),
            ("next week", vec![Within(5 * 1440)]),
            (
                "Next update: by the end of tomorrow",
                vec![On {
                    day: Tomorrow,
                    minute: None,
                }],
            ),
            (
                "from us by end of Thursday",
                vec![On {
                    day: Weekday(3),
                    minute: None,
                }],
            ),
            ("by the end of the quarter", vec![]),
            ("at the close of the call", vec![]),
            ("shortly", vec![]),
            ("within our 30-day window", vec![]),
            ("charges from the last 30 days", vec![]),
            ("within 30 days of the charge", vec![]),
            ("within 30 days of your purchase", vec![]),
            ("within 4 hours of your message", vec![Within(240)]),
            (
                "You will hear from us again by 1:00 pm today (Monday, May 11) at the latest.",
                vec![On {
                    day: Today,
                    minute: Some(780),
                }],
            ),
            (
                "within 2 hours after receiving your email",
                vec![Within(120)],
            ),
            (
                "within a business day of you writing to us",
                vec![Within(1440)],
            ),
            ("for 30 days", vec![]),
            (
                "by 8 o'clock this morning",
                vec![On {
                    day: Today,
                    minute: Some(480),
                }],
            ),
            (
                "by eight this morning",
                vec![On {
                    day: Today,
                    minute: Some(480),
                }],
            ),
            (
                "at three in the afternoon",
                vec![On {
                    day: Today,
                    minute: Some(900),
                }],
            ),
            (
                "by 12:00 today (Tuesday 18 August)",
                vec![On {
                    day: Today,
                    minute: Some(720),
                }],
            ),
            (
                "by 5pm tomorrow, Tuesday 30 June",
                vec![On {
                    day: Tomorrow,
                    minute: Some(1020),
                }],
            ),
        ] {
            assert_eq!(read_times(text), expected, "{text}");
        }
    }
}
