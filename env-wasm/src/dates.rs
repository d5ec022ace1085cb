//! Plain calendar dates derived from the seed (the core has no clock), shared
//! by every generator that writes dates:
//! day numbers since 1970-01-01, converted with Howard Hinnant's civil
//! algorithms, and clock times as minutes after midnight.

pub use crate::text::months::MONTHS;

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// A day, as days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub i64);

impl Day {
    /// The first day of 2026, which every generated date is drawn after.
    pub const EPOCH_2026: Day = Day(20454);

    /// The day's (year, month 1-12, day of month 1-31) in the proleptic Gregorian calendar.
    pub fn civil(self) -> (i64, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let y = yoe + era * 400 + i64::from(m <= 2);
        (y, m, d)
    }

    /// The day of a civil date; `None` for a date that does not exist
    /// (`2026-02-30`, month 13).
    pub fn from_civil(year: i64, month: u32, day: u32) -> Option<Day> {
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = i64::from((month + 9) % 12);
        let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        let date = Day(era * 146_097 + doe - 719_468);
        // A day past the month's end rolls into the next month; refuse it.
        (date.civil() == (year, month, day)).then_some(date)
    }

    /// 0 = Monday ... 6 = Sunday.
    pub fn weekday(self) -> usize {
        (self.0 + 3).rem_euclid(7) as usize
    }

    /// Whether the day is a Saturday or Sunday.
    pub fn is_weekend(self) -> bool {
        self.weekday() >= 5
    }

    /// The day `days` later (earlier when negative).
    pub fn plus(self, days: i64) -> Day {
        Day(self.0 + days)
    }

    /// `2026-04-09`
    pub fn iso(self) -> String {
        let (y, m, d) = self.civil();
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// `Thursday 9 April`
    pub fn long(self) -> String {
        let (_, m, d) = self.civil();
        format!(
            "{} {d} {}",
            WEEKDAYS[self.weekday()],
            MONTHS[m as usize - 1]
        )
    }

    /// `Thu, 9 Apr 2026`
    pub fn header(self) -> String {
        let (y, m, d) = self.civil();
        format!(
            "{}, {d} {} {y}",
            &WEEKDAYS[self.weekday()][..3],
            &MONTHS[m as usize - 1][..3]
        )
    }

    /// The day's English weekday name (`Monday`, ...).
    pub fn weekday_name(self) -> &'static str {
        WEEKDAYS[self.weekday()]
    }
}

/// Minutes after midnight as `HH:MM`.
pub fn clock(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// Read a time of day as minutes after midnight, in the forms people write:
/// 24-hour (`14:15`, `9:30`, `1415`, `930`, `14h15`, `14h`, `14.15`, `14`,
/// `14:15:00`), 12-hour (`2:15 PM`, `2:15pm`, `2 pm`, `2.15 p.m.`;
/// `12:30 AM` is 00:30 and `12 PM` is noon), `noon`, `midday`,
/// `midnight`, and spoken times with a part of the day or a marker ("half
/// past two in the afternoon", "quarter to four pm", "two thirty p.m.",
/// "three o'clock in the afternoon"; a bare "half past two" names no half
/// of the day). The whole text must be one time: a range, a list or any
/// other word (`10:00-11:00`, `10 or 11`) is no time at all, so a hedge
/// never reads as one of its options.
pub fn parse_clock(text: &str) -> Option<u32> {
    let folded = unmarked(text)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    if let Some(named) = noon_or_midnight(&folded) {
        return named;
    }
    if let Some(minutes) = spoken_clock(&folded) {
        return Some(minutes);
    }
    if let Some(minutes) = digits_in_part_of_day(&folded) {
        return Some(minutes);
    }
    let (clock_part, meridiem) = split_meridiem(&folded);
    let (hours, minutes) = hours_and_minutes(clock_part.trim_end())?;
    if minutes >= 60 {
        return None;
    }
    match meridiem {
        None => (hours < 24).then_some(hours * 60 + minutes),
        Some(after_noon) => {
            if !(1..=12).contains(&hours) {
                return None;
            }
            let hours = hours % 12 + if after_noon { 12 } else { 0 };
            Some(hours * 60 + minutes)
        }
    }
}

/// Words naming an instant of the day, and that instant.
const INSTANT_WORDS: &[(&str, u32)] = &[
    ("noon", 12 * 60),
    ("midday", 12 * 60),
    ("mid-day", 12 * 60),
    ("midnight", 0),
];

/// A time ending in a word that names its instant ("noon", "midday",
/// "midnight"), alone or after the clock it names in digits or words, with
/// or without minutes ("12 noon", "12:00 midday", "twelve noon", "twelve
/// o'clock midday", "12 pm noon", "00:00 midnight"), or minutes from it
/// ("a quarter past noon", "ten to midnight"): `Some` of that time. A
/// clock the word contradicts ("11 noon", "12:30 noon", "12:30 midnight":
/// the word names one instant and the clock another) or any other word
/// before it is `Some(None)`, no time. `None` when no such word ends the
/// text ("afternoon" is no "noon").
fn noon_or_midnight(folded: &str) -> Option<Option<u32>> {
    let (body, instant) = INSTANT_WORDS.iter().find_map(|(word, instant)| {
        let body = folded.strip_suffix(word)?;
        let alone = body.is_empty() || body.ends_with(char::is_whitespace);
        alone.then_some((body.trim_end(), *instant))
    })?;
    if body.is_empty() {
        return Some(Some(instant));
    }
    let (clock_part, meridiem) = split_meridiem(body);
    let clock_part = clock_part.trim_end();
    let words: Vec<&str> = clock_part
        .split([' ', '-'])
        .filter(|w| !w.is_empty())
        .collect();
    // "a quarter past noon", "ten to midnight": minutes from the instant,
    // read as from twelve o'clock ("ten to twelve" is 11:50).
    let mut from_twelve = words.clone();
    from_twelve.push("twelve");
    if matches!(words.last(), Some(&("past" | "after" | "to")))
        && meridiem.is_none()
        && let Some(t) = crate::text::spoken_time(&from_twelve, 0)
        && t.len == from_twelve.len()
    {
        let day = 24 * 60;
        let after = if t.hour == 12 {
            t.minute
        } else {
            t.minute + day - 60
        };
        return Some(Some((instant + after) % day));
    }
    let spoken = || {
        let time = crate::text::spoken_time(&words, 0).filter(|t| t.len == words.len())?;
        Some((time.hour, time.minute))
    };
    let Some((hours, minutes)) = hours_and_minutes(clock_part).or_else(spoken) else {
        return Some(None);
    };
    // Noon is 12 and pm; midnight is 12 or 0 and am.
    let agrees = minutes == 0
        && match instant {
            0 => matches!(hours, 0 | 12) && meridiem != Some(true),
            _ => hours == 12 && meridiem != Some(false),
        };
    Some(agrees.then_some(instant))
}

/// `text` without a leading ISO date that is `day` ("2026-11-03T10:15",
/// "2026-11-03 10:15"): a time written as a local date and time on the
/// booking's own day is that time. A date of another day, or with no day
/// to compare it with, is left in place, so such a time stays unread.
pub fn without_own_date(text: &str, day: Option<Day>) -> &str {
    let trimmed = text.trim_start();
    let (Some(day), Some(date)) = (day, trimmed.get(..10)) else {
        return text;
    };
    let (year, _, _) = day.civil();
    let mut rest = trimmed[10..].chars();
    let joined = rest
        .next()
        .is_some_and(|c| c == 'T' || c == 't' || c.is_whitespace());
    if joined && parse_day(date, year) == Some(day) {
        rest.as_str().trim_start()
    } else {
        text
    }
}

/// Each zone's offsets from UTC in minutes (standard, then summer time)
/// and its summer-time rule: the scenarios' meeting zones, then the zones
/// a time may be written in beside them ([`crate::zones::ZONE_WORDS`]).
const ZONE_OFFSETS: &[(&str, i32, i32, Summer)] = &[
    ("Europe/Lisbon", 0, 60, Summer::European),
    ("Asia/Kolkata", 330, 330, Summer::None),
    ("America/Chicago", -360, -300, Summer::American),
    ("Europe/Berlin", 60, 120, Summer::European),
    ("Asia/Singapore", 480, 480, Summer::None),
    ("Etc/UTC", 0, 0, Summer::None),
    ("Europe/London", 0, 60, Summer::European),
    ("Europe/Athens", 120, 180, Summer::European),
    ("America/New_York", -300, -240, Summer::American),
    ("America/Denver", -420, -360, Summer::American),
    ("America/Los_Angeles", -480, -420, Summer::American),
    ("Asia/Dubai", 240, 240, Summer::None),
    ("Asia/Tokyo", 540, 540, Summer::None),
];

/// When a zone keeps summer time.
#[derive(Clone, Copy)]
enum Summer {
    None,
    /// The last Sunday of March to the last Sunday of October.
    European,
    /// The second Sunday of March to the first Sunday of November.
    American,
}

/// The `n`th Sunday (0 the first) of a month, or with `n` = -1 its last.
fn sunday_of(year: i64, month: u32, n: i64) -> Option<Day> {
    let first = Day::from_civil(year, month, 1)?;
    let first_sunday = first.plus((6 - first.weekday() as i64).rem_euclid(7));
    match n {
        -1 => {
            let next = if month == 12 {
                Day::from_civil(year + 1, 1, 1)
            } else {
                Day::from_civil(year, month + 1, 1)
            }?;
            let last = next.plus(-1);
            Some(last.plus(-(((last.weekday() as i64) + 1) % 7)))
        }
        n => Some(first_sunday.plus(7 * n)),
    }
}

/// The offsets from UTC (minutes) `zone` keeps on `day`: one, or both on
/// the day its clocks change. Empty for a zone it does not know.
pub fn utc_offsets(zone: &str, day: Day) -> Vec<i32> {
    let Some(&(_, standard, summer, rule)) = ZONE_OFFSETS.iter().find(|(z, ..)| *z == zone) else {
        return Vec::new();
    };
    let (year, _, _) = day.civil();
    let span = match rule {
        Summer::None => None,
        Summer::European => sunday_of(year, 3, -1).zip(sunday_of(year, 10, -1)),
        Summer::American => sunday_of(year, 3, 1).zip(sunday_of(year, 11, 0)),
    };
    match span {
        None => vec![standard],
        Some((from, to)) if day == from || day == to => vec![standard, summer],
        Some((from, to)) if day > from && day < to => vec![summer],
        Some(_) => vec![standard],
    }
}

/// A time of day read as [`parse_clock`] reads it, within a working day of
/// `hours` (minutes after midnight, both ends in): a time that names no
/// half of the day ("half past two", "2:30", "two o'clock") is read in the
/// half that puts it in working hours, as anyone in the office reads it
/// (nobody books 02:30 in a 09:00-18:00 day). A leading zero (`02:30`), a
/// marker (`2:30 am`) or a part of the day keeps the time as written.
pub fn parse_clock_in(text: &str, hours: (u32, u32)) -> Option<u32> {
    let folded = unmarked(text).trim().to_lowercase();
    let marked = split_meridiem(&folded).1.is_some()
        || PARTS_OF_DAY.iter().any(|(part, _)| folded.ends_with(part))
        || folded.ends_with(" at night")
        || folded.ends_with(" tonight")
        || matches!(noon_or_midnight(&folded), Some(Some(_)))
        || folded.starts_with('0');
    let read = parse_clock(text);
    let minutes = match read {
        Some(minutes) => minutes,
        // A bare spoken time: "half past two", "quarter to four".
        None => spoken_clock(&format!("{folded} am"))?,
    };
    let in_hours = |m: u32| (hours.0..=hours.1).contains(&m);
    let other_half = minutes + 12 * 60;
    match !marked && minutes < 12 * 60 && !in_hours(minutes) && in_hours(other_half) {
        true => Some(other_half),
        false => Some(minutes),
    }
}

/// Parts of the day written after a spoken time, and whether each is
/// after noon.
const PARTS_OF_DAY: &[(&str, bool)] = &[
    (" in the morning", false),
    (" this morning", false),
    (" in the afternoon", true),
    (" this afternoon", true),
    (" in the evening", true),
    (" this evening", true),
];

/// A clock in digits followed by a part of the day ("10:30 in the
/// morning", "3:15 in the afternoon", "8 in the evening", "11 at night";
/// play-para-pr8 B2): that time, an afternoon's or evening's hour 1 to 11
/// moved by twelve ("10:30 in the evening" is 22:30). A time the part
/// contradicts ("15:00 in the morning", "3 at night") is no time.
fn digits_in_part_of_day(folded: &str) -> Option<u32> {
    let (body, part) = PARTS_OF_DAY
        .iter()
        .map(|(part, pm)| (*part, if *pm { Half::AfterNoon } else { Half::Morning }))
        .chain([(" at night", Half::Night), (" tonight", Half::Night)])
        .find_map(|(part, half)| folded.strip_suffix(part).map(|rest| (rest, half)))?;
    let (hours, minutes) = hours_and_minutes(body.trim())?;
    if minutes >= 60 {
        return None;
    }
    let hours = match (part, hours) {
        // "12:30 in the morning" is half past midnight, as "12:30 am".
        (Half::Morning, 12) => 0,
        (Half::Morning, 0..=11) => hours,
        (Half::AfterNoon, 1..=11) => hours + 12,
        (Half::AfterNoon, 12..=23) => hours,
        (Half::Night, 6..=11) => hours + 12,
        (Half::Night, 12) => 0,
        (Half::Night, 18..=23) => hours,
        _ => return None,
    };
    Some(hours * 60 + minutes)
}

/// The half of the day a part of the day names.
#[derive(Clone, Copy)]
enum Half {
    Morning,
    AfterNoon,
    /// The late evening, 6 to 12: "11 at night", "12 at night" (midnight).
    /// The small hours ("3 at night") read either way, and are read as no
    /// time.
    Night,
}

/// A time in words with a part of the day or a marker: "half past two in
/// the afternoon", "quarter to 4 pm", "ten past nine in the morning", "two
/// thirty pm", "three o'clock this afternoon", "two in the afternoon".
fn spoken_clock(folded: &str) -> Option<u32> {
    let (body, after_noon) = PARTS_OF_DAY
        .iter()
        .find_map(|(part, pm)| folded.strip_suffix(part).map(|rest| (rest, *pm)))
        .or_else(|| match split_meridiem(folded) {
            (rest, Some(pm)) => Some((rest, pm)),
            (_, None) => None,
        })?;
    let words: Vec<&str> = body.split([' ', '-']).filter(|w| !w.is_empty()).collect();
    // The one reader of spoken times ([`crate::text::spoken_time`]), over
    // the whole body: any other word makes it no time.
    let time = crate::text::spoken_time(&words, 0).filter(|t| t.len == words.len())?;
    Some(time.minute_of_day(after_noon))
}

/// `(rest, Some(true))` for a trailing `pm`/`p.m.`, `Some(false)` for
/// `am`/`a.m.`, `None` without one.
fn split_meridiem(text: &str) -> (&str, Option<bool>) {
    for (suffix, after_noon) in [
        ("a.m.", false),
        ("p.m.", true),
        ("a.m", false),
        ("p.m", true),
        ("am", false),
        ("pm", true),
    ] {
        if let Some(rest) = text.strip_suffix(suffix) {
            return (rest, Some(after_noon));
        }
    }
    (text, None)
}

/// `14:15`, `14.15`, `14h15`, `14h`, `14:15:00`, `1415`, `930`, `9`: hours
/// and minutes, unchecked. Minutes after a separator are exactly two digits
/// (`9.5` is no time: half past or five past?).
fn hours_and_minutes(text: &str) -> Option<(u32, u32)> {
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let number = |s: &str| s.parse::<u32>().ok();
    // "1600h", "1645 hrs": a four-figure time with its unit; "14:30 hrs",
    // "10:30hrs", "14.30 h": a time with its minutes and the unit
    // (play-para-pr5 B3). Not after an hour alone ("2 hours" is a
    // duration; "14h" reads below as 14:00).
    for unit in ["hours", "hrs", "hr", "h"] {
        let Some(clock) = text.strip_suffix(unit).map(str::trim_end) else {
            continue;
        };
        if (3..=4).contains(&clock.len()) && all_digits(clock) {
            return hours_and_minutes(clock);
        }
        if clock.contains([':', '.']) && clock.ends_with(|c: char| c.is_ascii_digit()) {
            return hours_and_minutes(clock);
        }
    }
    if all_digits(text) {
        return match text.len() {
            1 | 2 => Some((number(text)?, 0)),
            3 => Some((number(&text[..1])?, number(&text[1..])?)),
            4 => Some((number(&text[..2])?, number(&text[2..])?)),
            _ => None,
        };
    }
    let split = text.find([':', '.', 'h'])?;
    let (hours, rest) = (&text[..split], &text[split + 1..]);
    if !all_digits(hours) || hours.len() > 2 {
        return None;
    }
    let minutes = match rest.split_once(':') {
        // Seconds are accepted only when they say nothing: `14:15:00`.
        Some((minutes, "00")) if text.as_bytes()[split] == b':' => minutes,
        Some(_) => return None,
        None => rest,
    };
    let minutes = match minutes {
        "" if text.as_bytes()[split] == b'h' => 0,
        m if m.len() == 2 && all_digits(m) => number(m)?,
        _ => return None,
    };
    Some((number(hours)?, minutes))
}

/// The parts of a day as written, each at most once.
#[derive(Default)]
struct DayParts {
    iso: Option<Day>,
    weekday: Option<usize>,
    month: Option<u32>,
    day_of_month: Option<u32>,
    year: Option<i64>,
    /// A numeric day's readings: day first and month first, or day first
    /// alone for a dotted one.
    numeric: Option<Vec<Day>>,
    /// A numeric day written without its year ("29/07", "7/29", "01.06."):
    /// its two numbers, in the order written, and the orders they may be in.
    yearless: Option<(u32, u32, Order)>,
}

/// The parts of `text`, or `None` when one is given twice or a word is
/// neither a part nor a filler ("the", "of", "on").
fn day_parts(text: &str) -> Option<DayParts> {
    let mut parts = DayParts::default();
    // "twenty first" is one ordinal, as "twenty-first" is.
    let text = text
        .to_lowercase()
        .replace("twenty ", "twenty-")
        .replace("thirty ", "thirty-");
    let tokens = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')'))
        .map(unmarked)
        .filter(|t| !t.is_empty())
        .flat_map(hyphenated_date);
    for token in tokens {
        let word = token.trim_end_matches('.');
        let slot = if let Some(date) = iso_date(word) {
            set_once(&mut parts.iso, date)
        } else if let Some(readings) = day_first_or_month_first(word) {
            set_once(&mut parts.numeric, readings)
        } else if let Some(pair) = day_and_month(word) {
            set_once(&mut parts.yearless, pair)
        } else if let Some(i) = name_index(word, &WEEKDAYS) {
            set_once(&mut parts.weekday, i)
        } else if let Some(month) = crate::text::months::month_number(word) {
            set_once(&mut parts.month, month)
        } else if let Some(n) = day_number(word) {
            set_once(&mut parts.day_of_month, n)
        } else if word.len() == 4 && word.bytes().all(|b| b.is_ascii_digit()) {
            set_once(&mut parts.year, word.parse().ok()?)
        } else if let Some(year) = word.strip_prefix(SHORT_YEAR) {
            set_once(&mut parts.year, 2000 + year.parse::<i64>().ok()?)
        } else {
            matches!(word, "the" | "of" | "on").then_some(())
        };
        slot?;
    }
    Some(parts)
}

/// Read one calendar day: `2026-04-09` (also with `/` or `.`), `9 April`,
/// `April 9, 2026`, `Thu, 9 Apr 2026`, `Thursday the 9th of April`, or an
/// ISO date with its weekday (`2026-04-09 (Thursday)`), or a numeric day
/// (`09.04.2026` and `9.4.` day first, as dots are written; `13/05/2026`
/// in either order, refused when both orders are dates and nothing beside
/// it names one). A missing year is `year`. A weekday that is not the
/// date's, two different dates, a range or any other word is no day at
/// all, so a hedge never reads as one of its options and pasted prose does
/// not read as the date it mentions.
pub fn parse_day(text: &str, year: i64) -> Option<Day> {
    let DayParts {
        iso,
        weekday,
        month,
        day_of_month,
        year: year_given,
        numeric,
        yearless,
    } = day_parts(text)?;
    let written = match (month, day_of_month) {
        (Some(m), Some(d)) => Some(Day::from_civil(year_given.unwrap_or(year), m, d)?),
        (None, None) if year_given.is_none() => None,
        _ => return None,
    };
    // "29/07" is 29 July of the year given or meant: a day over 12 cannot
    // be a month ("09.07." is 9 July: dots are day first). "09/07" stays
    // two days even beside a weekday that fits one ("Thu 09/07"): without
    // its year the writer's order is a guess.
    let numeric = match (numeric, yearless) {
        (Some(_), Some(_)) => return None,
        (Some(readings), None) => Some(readings),
        (None, Some((a, b, order))) => {
            match readings_of(year_given.unwrap_or(year), a, b, order)? {
                one if one.len() == 1 => Some(one),
                _ => return None,
            }
        }
        (None, None) => None,
    };
    // `13/05/2026` is one day; `04/09/2026` is two until its weekday, or
    // the other forms beside it, name one.
    let numeric = match numeric {
        Some(readings) => {
            let fits = |d: &&Day| {
                weekday.is_none_or(|w| w == d.weekday())
                    && iso.or(written).is_none_or(|other| other == **d)
            };
            match readings.iter().filter(fits).collect::<Vec<_>>().as_slice() {
                [one] => Some(**one),
                _ => return None,
            }
        }
        None => None,
    };
    let date = match (iso.or(numeric), written) {
        (Some(a), Some(b)) if a != b => return None,
        (Some(date), _) | (None, Some(date)) => date,
        (None, None) => return None,
    };
    match weekday {
        Some(w) if w != date.weekday() => None,
        _ => Some(date),
    }
}

/// The two days a slashed date that could be read either way names
/// ("09/07", "09/07/2026", "Thu 09/07": 9 July or 7 September), day first;
/// `None` for text with no such date. Such a date is no day ([`parse_day`]
/// refuses it); the feedback says why and how to write it.
pub fn ambiguous_numeric(text: &str, year: i64) -> Option<(Day, Day)> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')'))
        .find_map(|token| {
            // A dotted day is day first ([`Order::DayFirst`]): one reading.
            let parts: Vec<&str> = token.split('/').collect();
            let number = |p: &str| {
                (!p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| p.parse::<u32>().ok())
                    .flatten()
            };
            let (a, b, y) = match parts.as_slice() {
                [a, b] => (number(a)?, number(b)?, year),
                [a, b, y] if y.len() == 4 => (number(a)?, number(b)?, y.parse().ok()?),
                _ => return None,
            };
            let both = (1..=12).contains(&a) && (1..=12).contains(&b) && a != b;
            both.then(|| Some((Day::from_civil(y, b, a)?, Day::from_civil(y, a, b)?)))
                .flatten()
        })
}

/// [`parse_day`], and where the text names no month ("Tuesday", "Tuesday
/// the 6th", "the 6th") the one day of `candidates` (the days a scenario
/// offers) that it fits, as a person reading it beside those days would.
/// A day that fits none or several of them is no day.
pub fn parse_day_among(text: &str, year: i64, candidates: &[Day]) -> Option<Day> {
    if let Some(day) = parse_day(text, year) {
        // A day written without its year ("2 January", "02/01") is the
        // candidate of that day and month in whichever year the candidate
        // days reach.
        let yearless = |parts: DayParts| parts.iso.is_none() && parts.year.is_none();
        let other_year = match candidates.contains(&day) || !day_parts(text).is_some_and(yearless) {
            true => None,
            false => candidates
                .iter()
                .map(|d| d.civil().0)
                .filter(|y| *y != year)
                .find_map(|y| parse_day(text, y).filter(|d| candidates.contains(d))),
        };
        return Some(other_year.unwrap_or(day));
    }
    let parts = day_parts(text)?;
    let monthless = parts.iso.is_none()
        && parts.numeric.is_none()
        && parts.yearless.is_none()
        && parts.month.is_none()
        && parts.year.is_none()
        && (parts.weekday.is_some() || parts.day_of_month.is_some());
    if !monthless {
        return None;
    }
    let fits = |d: &&Day| {
        parts.weekday.is_none_or(|w| w == d.weekday())
            && parts.day_of_month.is_none_or(|n| d.civil().2 == n)
    };
    match candidates
        .iter()
        .filter(fits)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [one] => Some(**one),
        _ => None,
    }
}

/// `text` without the markdown marks a chat model wraps a value in
/// (`**10:30**`, `` `2026-04-09` ``, `_Thursday_`); only at its ends, so
/// what stands between two values still keeps them apart.
fn unmarked(text: &str) -> &str {
    text.trim()
        .trim_matches(|c: char| matches!(c, '*' | '_' | '`'))
        .trim()
}

/// The mark [`hyphenated_date`] puts before a two-figure year, which only
/// that form may write ("10-Aug-26"); no written word opens with it.
const SHORT_YEAR: &str = "\u{0}year:";

/// The parts of a day written as one hyphenated word with its month's name
/// ("10-Aug-2026", "10-aug-26", "Aug-10-2026": DD-Mon-YYYY, play-para-pr6
/// B2), a two-figure year there read as 20YY; any other word as it is
/// ("2026-08-10", "twenty-first").
fn hyphenated_date(word: &str) -> Vec<String> {
    let pieces: Vec<&str> = word.split('-').collect();
    let month_named = pieces
        .iter()
        .any(|p| crate::text::months::month_number(p.trim_end_matches('.')).is_some());
    if pieces.len() != 3 || !month_named {
        return vec![word.to_owned()];
    }
    pieces
        .iter()
        .enumerate()
        .map(|(at, piece)| {
            let two_figures = piece.len() == 2 && piece.bytes().all(|b| b.is_ascii_digit());
            match at == 2 && two_figures {
                true => format!("{SHORT_YEAR}{piece}"),
                false => (*piece).to_owned(),
            }
        })
        .collect()
}

/// Fill `slot` unless it is already filled (a second date, month, ...).
fn set_once<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value);
    Some(())
}

/// `2026-04-09`, `2026/4/9`, `2026.04.09`: year first, one separator kind.
fn iso_date(word: &str) -> Option<Day> {
    let separator = word.chars().find(|c| matches!(c, '-' | '/' | '.'))?;
    let mut parts = word.split(separator);
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |s: &str, lengths: &[usize]| {
        lengths.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    if parts.next().is_some() || !digits(y, &[4]) || !digits(m, &[1, 2]) || !digits(d, &[1, 2]) {
        return None;
    }
    Day::from_civil(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}

/// The orders a numeric day's two numbers may be written in.
#[derive(Clone, Copy)]
enum Order {
    /// Slashes: day first ("29/07", the European order) or month first
    /// ("07/29", the American one).
    Either,
    /// Dots: day first ("01.06.2026", "29.07."), the European notation;
    /// month-first writers use slashes, so a dotted day has one reading.
    DayFirst,
}

/// `13/05/2026`, `5/13/2026`, `01.06.2026`: a day and a month before a
/// four-digit year, in either order with slashes, day first with dots.
/// Returns each reading that is a date: with slashes one when a part is
/// over 12 or both are the same, else two; with dots the day-first one.
fn day_first_or_month_first(word: &str) -> Option<Vec<Day>> {
    let separator = word.chars().find(|c| matches!(c, '/' | '.'))?;
    let parts: Vec<&str> = word.split(separator).collect();
    let [a, b, y] = parts.as_slice() else {
        return None;
    };
    let (a, b, order) = day_and_month(&format!("{a}{separator}{b}"))?;
    if y.len() != 4 || !y.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    readings_of(y.parse().ok()?, a, b, order)
}

/// `29/07`, `7/29`, `29.07`: a day and a month with no year; the two
/// numbers as written, and their order as the separator says.
fn day_and_month(word: &str) -> Option<(u32, u32, Order)> {
    let separator = word.chars().find(|c| matches!(c, '/' | '.'))?;
    let (a, b) = word.split_once(separator)?;
    let digits = |s: &str| (1..=2).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    let order = match separator {
        '.' => Order::DayFirst,
        _ => Order::Either,
    };
    (digits(a) && digits(b)).then(|| Some((a.parse().ok()?, b.parse().ok()?, order)))?
}

/// The days `a` and `b` can be in `year`, day first then month first where
/// `order` allows both: one when a number is over 12 or both are the same,
/// else two; `None` when none is a date.
fn readings_of(year: i64, a: u32, b: u32, order: Order) -> Option<Vec<Day>> {
    let month_first = match order {
        Order::Either => Day::from_civil(year, a, b),
        Order::DayFirst => None,
    };
    let mut readings: Vec<Day> = [Day::from_civil(year, b, a), month_first]
        .into_iter()
        .flatten()
        .collect();
    readings.dedup();
    (!readings.is_empty()).then_some(readings)
}

/// The index of a full or three-letter name (`thursday`, `thu`).
fn name_index(word: &str, names: &[&str]) -> Option<usize> {
    // "Tues", "Thurs" and "Weds" as well as the three-letter forms
    // (play-para-pr3, B3); months are [`crate::text::months`]'s.
    let word = if word == "weds" { "wed" } else { word };
    names.iter().position(|name| {
        let name = name.to_lowercase();
        word == name || ((3..=5).contains(&word.len()) && name.starts_with(word))
    })
}

/// Ordinal words of the days of a month, first to nineteenth; the tens
/// are [`ORDINAL_TENS`].
const ORDINAL_WORDS: [&str; 19] = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
];

/// The tens of the days of a month in words: alone as ordinals
/// ("twentieth"), and before an ordinal word ("twenty-first").
const ORDINAL_TENS: [(&str, &str, u32); 2] =
    [("twentieth", "twenty", 20), ("thirtieth", "thirty", 30)];

/// A day of the month in ordinal words ("tenth", "twenty-first",
/// "thirty-first"; play-para-pr6 B2), 1 to 31.
fn ordinal_day(word: &str) -> Option<u32> {
    let unit = |w: &str| {
        ORDINAL_WORDS
            .iter()
            .position(|o| *o == w)
            .map(|i| i as u32 + 1)
    };
    let n = ORDINAL_TENS
        .iter()
        .find_map(|(alone, tens, n)| match word.strip_prefix(tens) {
            _ if word == *alone => Some(*n),
            Some(rest) => Some(n + rest.strip_prefix('-').and_then(unit).filter(|u| *u < 10)?),
            None => None,
        })
        .or_else(|| unit(word))?;
    (1..=31).contains(&n).then_some(n)
}

/// `9`, `09`, `9th`, `1st`, `22nd`, `23rd`, `ninth`, `twenty-second`: a
/// day of the month, 1 to 31.
fn day_number(word: &str) -> Option<u32> {
    if let Some(n) = ordinal_day(word) {
        return Some(n);
    }
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let suffix = &word[digits.len()..];
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !matches!(suffix, "" | "st" | "nd" | "rd" | "th") {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    (1..=31).contains(&n).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zones::{without_own_offset, without_own_zone};

    #[test]
    fn a_time_after_its_own_day_is_that_time() {
        let day = Day::from_civil(2026, 11, 3);
        assert_eq!(without_own_date("2026-11-03T10:15", day), "10:15");
        assert_eq!(without_own_date(" 2026-11-03 2:30 pm", day), "2:30 pm");
        // Another day, no day to compare with, or no time after it.
        assert_eq!(
            without_own_date("2026-11-04T10:15", day),
            "2026-11-04T10:15"
        );
        assert_eq!(
            without_own_date("2026-11-03T10:15", None),
            "2026-11-03T10:15"
        );
        assert_eq!(without_own_date("2026-11-03", day), "2026-11-03");
        assert_eq!(
            without_own_date("2026-11-0\u{e9}10:15", day),
            "2026-11-0\u{e9}10:15"
        );
        assert_eq!(without_own_date("2026-11-03\u{a0}10:15", day), "10:15");
    }

    #[test]
    fn known_dates() {
        assert_eq!(Day(0).iso(), "1970-01-01");
        assert_eq!(Day::EPOCH_2026.iso(), "2026-01-01");
        assert_eq!(Day::EPOCH_2026.weekday_name(), "Thursday");
        assert_eq!(Day::EPOCH_2026.plus(98).long(), "Thursday 9 April");
        assert_eq!(Day::EPOCH_2026.plus(98).header(), "Thu, 9 Apr 2026");
        assert_eq!(Day::EPOCH_2026.plus(59).iso(), "2026-03-01");
    }

    #[test]
    fn clocks() {
        assert_eq!(clock(14 * 60 + 5), "14:05");
        for (text, minutes) in [
            ("14:00", 840),
            ("9:30", 570),
            ("1400", 840),
            ("14h00", 840),
            ("9", 540),
            ("2:15 PM", 855),
            ("2:15pm", 855),
            ("2 pm", 840),
            ("2.15 p.m.", 855),
            ("14:15", 855),
            ("14h15", 855),
            ("14h", 840),
            ("1415", 855),
            ("930", 570),
            // A four-figure time with its unit (play-para-pr2, B4).
            ("1600h", 960),
            ("1645 hrs", 1005),
            ("0930 hours", 570),
            // Minutes and the unit (play-para-pr5 B3).
            ("14:30 hrs", 870),
            ("10:30hrs", 630),
            ("09.45 hours", 585),
            ("16:05 h", 965),
            ("8:15 hr", 495),
            ("14:15:00", 855),
            (" 9:30\u{202f}AM ", 570),
            ("noon", 720),
            ("12 noon", 720),
            ("Midnight", 0),
            ("12:30 AM", 30),
            ("12 PM", 720),
            ("12am", 0),
            ("**14:15**", 855),
            ("`2:15 pm`", 855),
            ("_9:30_", 570),
            ("half past two in the afternoon", 870),
            ("Quarter to four pm", 945),
            ("ten past nine in the morning", 550),
            ("two thirty p.m.", 870),
            ("two forty-five pm", 885),
            ("three o'clock this afternoon", 900),
            ("two in the afternoon", 840),
            ("quarter to one pm", 765),
            // A clock in digits with a part of the day (play-para-pr8 B2).
            ("9:45 in the morning", 585),
            ("09:05 this morning", 545),
            ("4:20 in the afternoon", 980),
            ("12:15 in the afternoon", 735),
            ("16:00 in the afternoon", 960),
            ("7 in the evening", 1140),
            ("9.30 in the evening", 1290),
            ("11 at night", 1380),
            ("12:30 in the morning", 30),
        ] {
            assert_eq!(parse_clock(text), Some(minutes), "{text}");
        }
        // Noon and midnight after the clock they name, in digits or words,
        // with or without minutes (play-para-pr13 B1), or minutes from them.
        for (text, minutes) in [
            ("twelve noon", 720),
            ("twelve midday", 720),
            ("12 midday", 720),
            ("12:00 midday", 720),
            ("12:00 noon", 720),
            ("12.00 Midday", 720),
            ("12h00 noon", 720),
            ("1200 noon", 720),
            ("Twelve O'Clock noon", 720),
            ("twelve o clock midday", 720),
            ("12 o'clock mid-day", 720),
            ("12 pm noon", 720),
            ("12:00 p.m. midday", 720),
            ("**twelve noon**", 720),
            ("12   noon", 720),
            ("twelve midnight", 0),
            ("12:00 midnight", 0),
            ("00:00 midnight", 0),
            ("12 am midnight", 0),
            ("a quarter past noon", 735),
            ("a quarter to noon", 705),
            ("ten to midnight", 1430),
            ("half past midnight", 30),
        ] {
            assert_eq!(parse_clock(text), Some(minutes), "{text}");
        }
        // A clock the word contradicts, two times, or another word.
        for bad in [
            "11 noon",
            "eleven noon",
            "1 midday",
            "12:30 noon",
            "12:30 midnight",
            "twelve thirty midday",
            "half past twelve noon",
            "12:15 midday",
            "12 am noon",
            "12 pm midnight",
            "00:00 noon",
            "24:00 midnight",
            "13 noon",
            "11 or 12 noon",
            "noon or midnight",
            "11:00 12 noon",
            "about noon",
            "twelve twelve noon",
            "afternoon",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        for bad in [
            "",
            "25:00",
            "12:75",
            "123456",
            "10:00-11:00",
            "10 or 11",
            "half past two",
            "two thirty",
            "half past thirteen pm",
            "ten or eleven in the morning",
            // A part of the day that contradicts the clock.
            "16:00 in the morning",
            "0:30 in the afternoon",
            "3 at night",
            "9:30 or 10 in the morning",
            "9:75 in the morning",
            "10:00 11:00",
            "14:15 pm",
            "0 am",
            "13pm",
            "9.5",
            "14:15:30",
            "at noon or 1",
            "pm",
            "-9",
            "**10:00** or **11:00**",
            "**10:00**-**11:00**",
            "**",
            "2 hours",
            "2.5 hours",
            "14:30 hrs hrs",
            "10:00-11:00 hrs",
            "14:75 hrs",
            "10:00 or 11:00 hrs",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
    }

    #[test]
    fn clocks_within_working_hours() {
        let office = (9 * 60, 18 * 60);
        for (text, minutes) in [
            ("half past two", 14 * 60 + 30),
            ("2:30", 14 * 60 + 30),
            ("two o'clock", 14 * 60),
            ("quarter to four", 15 * 60 + 45),
            ("half past twelve", 12 * 60 + 30),
            ("6", 18 * 60),
            ("half past nine", 9 * 60 + 30),
            ("10:15", 10 * 60 + 15),
            ("14:30", 14 * 60 + 30),
            ("4 pm", 16 * 60),
            // As written: a marker, a part of the day or a leading zero.
            ("2:30 am", 2 * 60 + 30),
            ("half past two in the morning", 2 * 60 + 30),
            ("02:30", 2 * 60 + 30),
            // Neither half is in working hours.
            ("7:30", 7 * 60 + 30),
            // A word naming the instant keeps it: midnight is no noon.
            ("midnight", 0),
            ("twelve midnight", 0),
            ("12 midnight", 0),
            ("twelve noon", 12 * 60),
            ("a quarter past noon", 12 * 60 + 15),
            ("quarter to noon", 11 * 60 + 45),
        ] {
            assert_eq!(parse_clock_in(text, office), Some(minutes), "{text}");
        }
        for bad in [
            "",
            "half past",
            "2:30 or 3",
            "soon",
            "11 noon",
            "1 midnight",
        ] {
            assert_eq!(parse_clock_in(bad, office), None, "{bad}");
        }
    }

    #[test]
    fn hyphenated_and_ordinal_word_days_are_read() {
        // DD-Mon-YYYY (also DD-Mon-YY and Mon-DD-YYYY) and days in ordinal
        // words (play-para-pr6 B2).
        let aug_21 = Day::from_civil(2026, 8, 21);
        for text in [
            "21-Aug-2026",
            "21-aug-26",
            "Fri 21-AUG-2026",
            "Aug-21-2026",
            "21-August-2026",
            "the twenty-first of August",
            "Friday the twenty first of August",
            "twenty-first August 2026",
            "**the twenty-first of August**",
        ] {
            assert_eq!(parse_day(text, 2026), aug_21, "{text}");
        }
        assert_eq!(
            parse_day("Monday the tenth of August", 2026),
            Day::from_civil(2026, 8, 10)
        );
        assert_eq!(
            parse_day("the thirtieth of April", 2026),
            Day::from_civil(2026, 4, 30)
        );
        for bad in [
            "21-Aug-2026 or 22-Aug-2026",
            "Thu 21-Aug-2026",
            "21-Aug-2026 22-Aug-2026",
            "the twenty-first or twenty-second of August",
            "the thirty-second of August",
            "the thirty-first of April",
            "21-Aug-202",
            "21-Aug",
            "twenty-one August",
        ] {
            assert_eq!(parse_day(bad, 2026), None, "{bad}");
        }
    }

    #[test]
    fn a_time_with_its_zones_own_offset_is_that_time() {
        // ISO 8601 offsets after a time (play-para-pr6 B3): the zone's own
        // on that day reads, any other stays in place (the time unread).
        let summer = Day::from_civil(2026, 8, 10);
        let winter = Day::from_civil(2026, 12, 10);
        assert_eq!(
            without_own_offset("15:00+05:30", "Asia/Kolkata", summer),
            "15:00"
        );
        assert_eq!(
            without_own_offset("15:00+0530", "Asia/Kolkata", summer),
            "15:00"
        );
        assert_eq!(
            without_own_offset("15:00:00+02:00", "Europe/Berlin", summer),
            "15:00:00"
        );
        assert_eq!(
            without_own_offset("15:00+01:00", "Europe/Berlin", winter),
            "15:00"
        );
        assert_eq!(
            without_own_offset("15:00Z", "Europe/Lisbon", winter),
            "15:00"
        );
        assert_eq!(
            without_own_offset("09:00-05:00", "America/Chicago", summer),
            "09:00"
        );
        assert_eq!(
            without_own_offset("09:00-06:00", "America/Chicago", winter),
            "09:00"
        );
        for (kept, zone, day) in [
            ("15:00+01:00", "Europe/Berlin", summer),
            ("15:00+05:30", "Europe/Berlin", summer),
            ("15:00Z", "Europe/Lisbon", summer),
            ("15:00+05:30", "Asia/Kolkata", None),
            ("10:00-11:00", "Asia/Kolkata", summer),
            ("15:00+5:30", "Asia/Kolkata", summer),
            ("+05:30", "Asia/Kolkata", summer),
        ] {
            assert_eq!(without_own_offset(kept, zone, day), kept, "{kept} {zone}");
        }
        // The days the clocks change keep both offsets.
        let eu_spring = Day::from_civil(2026, 3, 29);
        assert_eq!(
            utc_offsets("Europe/Berlin", eu_spring.unwrap_or(Day(0))),
            vec![60, 120]
        );
        let us_autumn = Day::from_civil(2026, 11, 1);
        assert_eq!(
            utc_offsets("America/Chicago", us_autumn.unwrap_or(Day(0))),
            vec![-360, -300]
        );
    }

    #[test]
    fn days() {
        let thursday = Day::EPOCH_2026.plus(98);
        assert_eq!(Day::from_civil(2026, 4, 9), Some(thursday));
        assert_eq!(Day::from_civil(1970, 1, 1), Some(Day(0)));
        assert_eq!(Day::from_civil(2026, 2, 29), None);
        assert_eq!(
            Day::from_civil(2024, 2, 29).map(Day::iso).as_deref(),
            Some("2024-02-29")
        );
        for text in [
            "2026-04-09",
            "2026/04/09",
            "2026.4.9",
            "9 April",
            "9 April 2026",
            "April 9, 2026",
            "Thu, 9 Apr 2026",
            "Thursday 9 April",
            "thursday the 9th of april",
            "2026-04-09 (Thursday)",
            "Thursday 9 April (2026-04-09)",
            " apr 9th ",
            "**2026-04-09**",
            "`2026-04-09`",
            "**Thursday**, 9 April",
            "_Thu 9 Apr_",
            "** 2026-04-09 **",
            "Thu 09/04/2026",
            "4/9/2026 (Thursday)",
            "09.04.2026, Thursday",
            "9 April (09/04/2026)",
        ] {
            assert_eq!(parse_day(text, 2026), Some(thursday), "{text}");
        }
        let may_13 = Day::from_civil(2026, 5, 13);
        for text in ["Wed 13/05/2026", "13/05/2026", "05/13/2026", "13.5.2026"] {
            assert_eq!(parse_day(text, 2026), may_13, "{text}");
        }
        // Dots are day first, so a dotted day has one reading
        // (play-para-pr13 C1); slashes keep both.
        let june_1 = Day::from_civil(2026, 6, 1);
        for text in [
            "01.06.2026",
            "1.6.2026",
            "Mon 01.06.2026",
            "01.06.2026 (Monday)",
            "01.06.",
            "1.6.",
            "Monday, 1.6.",
            "1 June (01.06.2026)",
        ] {
            assert_eq!(parse_day(text, 2026), june_1, "{text}");
        }
        assert_eq!(ambiguous_numeric("01.06.2026", 2026), None);
        assert!(ambiguous_numeric("01/06/2026", 2026).is_some());
        for bad in [
            "01/06/2026",
            "31.06.2026",
            "06.31.2026",
            "29.02.2026",
            "Tue 01.06.2026",
            "01.06.2026 or 02.06.2026",
            "6 January (01.06.2026)",
            "01.06.2026 01/06/2026",
            "001.06.2026",
            "01.13.2026",
            "31.06.",
        ] {
            assert_eq!(parse_day(bad, 2026), None, "{bad}");
        }
        for bad in [
            "",
            "Thursday",
            "April",
            "2026-04-09 or 2026-04-10",
            "9-10 April",
            "9 or 10 April",
            "Friday 9 April",
            "2026-04-09 (Friday 10 April)",
            "04/09/2026",
            "Saturday 04/09/2026",
            "13/13/2026",
            "Thu 13/05/2026",
            "2026-13-01",
            "31 April",
            "book it on 9 April",
            "2026-04-09 2026",
            "April 2026",
            "**2026-04-09** or **2026-04-10**",
            "**2026-04-09**/**2026-04-10**",
            "**Friday** 9 April",
            "**",
        ] {
            assert_eq!(parse_day(bad, 2026), None, "{bad}");
        }
    }

    #[test]
    fn a_time_in_the_meetings_own_zone_is_that_time() {
        let chicago = "America/Chicago";
        for text in [
            "3:45pm CT",
            "15:45 CDT",
            "15:45 Central",
            "15:45 central time",
            "15:45 Chicago time",
            "15:45 America/Chicago",
            "3:45 p.m. local time",
            "15:45",
        ] {
            let read = parse_clock_in(without_own_zone(text, chicago), (9 * 60, 18 * 60));
            assert_eq!(read, Some(15 * 60 + 45), "{text}");
        }
        for other in [
            "15:45 ET",
            "15:45 IST",
            "15:45 Berlin time",
            "CT",
            "15:45 CT or 16:00",
        ] {
            let read = parse_clock_in(without_own_zone(other, chicago), (9 * 60, 18 * 60));
            assert_eq!(read, None, "{other}");
        }
        assert_eq!(without_own_zone("15:45 IST", "Asia/Kolkata"), "15:45");
    }

    #[test]
    fn a_slashed_day_without_its_year_is_read_when_it_can_be_one_date() {
        // A day over 12 cannot be a month: "29/07" is 29 July in either
        // order (play-para-pr10 B3); "09/07" stays 9 July or 7 September,
        // a weekday beside it or not.
        let july_29 = Day::from_civil(2026, 7, 29);
        for text in [
            "29/07",
            "07/29",
            "29/7",
            "Wed 29/07",
            "29.07.",
            "29/07 (Wednesday)",
        ] {
            assert_eq!(parse_day(text, 2026), july_29, "{text}");
        }
        for bad in [
            "09/07",
            "Thu 09/07",
            "Thu 29/07",
            "31/06",
            "13/13",
            "29/07 or 30/07",
            "29/07 29/07/2026",
            "129/07",
        ] {
            assert_eq!(parse_day(bad, 2026), None, "{bad}");
        }
        // Among candidate days across a new year, the year they reach.
        let new_year: Vec<Day> = [(2026, 12, 30), (2026, 12, 31), (2027, 1, 4)]
            .into_iter()
            .filter_map(|(y, m, d)| Day::from_civil(y, m, d))
            .collect();
        assert_eq!(
            parse_day_among("4 January", 2026, &new_year),
            Day::from_civil(2027, 1, 4)
        );
        assert_eq!(
            parse_day_among("30/12", 2026, &new_year),
            Day::from_civil(2026, 12, 30)
        );
        assert_eq!(
            parse_day_among("5 January", 2026, &new_year),
            Day::from_civil(2026, 1, 5)
        );
    }

    #[test]
    fn a_day_without_its_month_is_the_one_offered_day_it_fits() {
        // Monday 5 to Friday 9 October 2026.
        let week: Vec<Day> = (5..=9)
            .filter_map(|d| Day::from_civil(2026, 10, d))
            .collect();
        let tuesday = Day::from_civil(2026, 10, 6);
        for text in [
            "Tuesday the 6th",
            "Tuesday",
            "the 6th",
            "Tue 6th",
            "**Tuesday**",
            // Four- and five-letter forms (play-para-pr3, B3).
            "Tues 6 Oct",
            "Tues",
        ] {
            assert_eq!(parse_day_among(text, 2026, &week), tuesday, "{text}");
        }
        let wednesday = Day::from_civil(2026, 10, 7);
        for text in ["Weds 7 Oct", "Weds", "Wed 7 Sept 2026"] {
            let want = if text.contains("Sept") {
                None
            } else {
                wednesday
            };
            assert_eq!(parse_day_among(text, 2026, &week), want, "{text}");
        }
        assert_eq!(
            parse_day("Thurs 17 Sept", 2026),
            Day::from_civil(2026, 9, 17)
        );
        assert_eq!(
            parse_day_among("2026-10-08", 2026, &week),
            Day::from_civil(2026, 10, 8)
        );
        for bad in [
            "Wednesday the 6th",
            "Saturday",
            "the 12th",
            "Tuesday or Wednesday",
            "6 or 7",
            "on Tuesday at the latest",
        ] {
            assert_eq!(parse_day_among(bad, 2026, &week), None, "{bad}");
        }
        // Two Tuesdays offered: a weekday alone names neither.
        let fortnight: Vec<Day> = (5..=16)
            .filter_map(|d| Day::from_civil(2026, 10, d))
            .collect();
        assert_eq!(parse_day_among("Tuesday", 2026, &fortnight), None);
        assert_eq!(
            parse_day_among("Tuesday the 13th", 2026, &fortnight),
            Day::from_civil(2026, 10, 13)
        );
    }
}
