//! Time zones as people write them after a time ("3:45pm CT", "14:45
//! Western European Summer Time", "2pm London time", "10:00 UTC+2",
//! "15:00+02:00"), and the reading of such a time in the meeting's zone:
//! a name of the meeting's own zone is its local time, any other zone or
//! offset is converted by the offsets both keep on the booking's day.

use crate::dates::{Day, utc_offsets};

/// What people write after a time to name the time zone it is in, per
/// IANA zone: abbreviations, the zone's name without "time" (which
/// [`TAILS`] add), cities and countries on its clock. The scenarios'
/// meeting zones first; then the zones named beside them.
pub(crate) const ZONE_WORDS: &[(&str, &[&str])] = &[
    (
        "Europe/Lisbon",
        &[
            "wet",
            "west",
            "western european",
            "lisbon",
            "porto",
            "portugal",
            "portuguese",
        ],
    ),
    (
        "Asia/Kolkata",
        &[
            "ist",
            "india",
            "indian",
            "kolkata",
            "calcutta",
            "mumbai",
            "bombay",
            "delhi",
            "new delhi",
            "bangalore",
            "bengaluru",
            "chennai",
            "hyderabad",
            "pune",
        ],
    ),
    (
        "America/Chicago",
        &[
            "ct",
            "cst",
            "cdt",
            "central",
            "us central",
            "chicago",
            "dallas",
            "houston",
            "austin",
            "minneapolis",
            "new orleans",
            "kansas city",
            "milwaukee",
            "winnipeg",
        ],
    ),
    (
        "Europe/Berlin",
        &[
            "cet",
            "cest",
            "central european",
            "berlin",
            "germany",
            "german",
            "paris",
            "france",
            "madrid",
            "spain",
            "rome",
            "italy",
            "amsterdam",
            "brussels",
            "vienna",
            "zurich",
            "geneva",
            "stockholm",
            "oslo",
            "copenhagen",
            "warsaw",
            "prague",
            "budapest",
            "munich",
            "frankfurt",
            "milan",
            "barcelona",
        ],
    ),
    (
        "Asia/Singapore",
        &[
            "sgt",
            "singapore",
            "kuala lumpur",
            "malaysia",
            "hong kong",
            "hkt",
            "manila",
            "perth",
            "beijing",
            "shanghai",
            "china",
            "taipei",
        ],
    ),
    (
        "Etc/UTC",
        &[
            "utc",
            "gmt",
            "z",
            "zulu",
            "coordinated universal",
            "universal",
            "greenwich mean",
        ],
    ),
    (
        "Europe/London",
        &[
            "bst",
            "british",
            "uk",
            "united kingdom",
            "britain",
            "england",
            "london",
            "edinburgh",
            "manchester",
            "dublin",
            "ireland",
            "irish",
        ],
    ),
    (
        "Europe/Athens",
        &[
            "eet",
            "eest",
            "eastern european",
            "athens",
            "greece",
            "helsinki",
            "finland",
            "kyiv",
            "kiev",
            "bucharest",
            "sofia",
        ],
    ),
    (
        "America/New_York",
        &[
            "et",
            "est",
            "edt",
            "eastern",
            "us eastern",
            "new york",
            "nyc",
            "boston",
            "washington",
            "atlanta",
            "miami",
            "philadelphia",
            "toronto",
            "montreal",
        ],
    ),
    (
        "America/Denver",
        &[
            "mt",
            "mst",
            "mdt",
            "mountain",
            "us mountain",
            "denver",
            "salt lake city",
            "calgary",
        ],
    ),
    (
        "America/Los_Angeles",
        &[
            "pt",
            "pst",
            "pdt",
            "pacific",
            "us pacific",
            "los angeles",
            "san francisco",
            "seattle",
            "vancouver",
            "portland",
            "san diego",
        ],
    ),
    ("Asia/Dubai", &["gst", "gulf", "dubai", "abu dhabi", "uae"]),
    (
        "Asia/Tokyo",
        &["jst", "japan", "tokyo", "osaka", "kst", "korea", "seoul"],
    ),
];

/// Words after a zone's name that still name the zone ("Central European
/// Summer Time", "Eastern Daylight Time", "Paris time", "IST time zone"),
/// longest first. A season named ("summer", "standard") reads as the
/// zone's own time on the day, as its abbreviation does ("CEST" in
/// November is read as Berlin's clock): people name the zone, not the
/// season.
const TAILS: &[&[&str]] = &[
    &["daylight", "saving", "time"],
    &["daylight", "savings", "time"],
    &["standard", "time"],
    &["summer", "time"],
    &["daylight", "time"],
    &["local", "time"],
    &["time", "zone"],
    &["time"],
    &["timezone"],
    &["local"],
    &[],
];

/// Words that name the meeting's own clock ("15:45 local time", "14:00
/// meeting time").
const OWN_WORDS: &[&str] = &["local", "meeting", "meeting's"];

/// The clock a written zone names.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Named {
    /// An IANA zone, whose offset is the one it keeps on the day.
    Zone(&'static str),
    /// A fixed offset from UTC in minutes ("UTC+2", "+05:30").
    Fixed(i32),
    /// The meeting's own clock ("local time").
    Own,
}

/// The zone `text` names as a whole: "CEST", "Central European Summer
/// Time", "Paris time", "in London", "UTC+2", "GMT-05:00",
/// "Europe/Berlin", "local time"; `None` for anything else.
fn zone_named(text: &str) -> Option<Named> {
    let lower = text.trim().to_lowercase();
    if let Some(offset) = utc_plus(&lower) {
        return Some(Named::Fixed(offset));
    }
    if let Some((zone, _)) = ZONE_WORDS
        .iter()
        .find(|(zone, _)| zone.to_lowercase() == lower)
    {
        return Some(Named::Zone(zone));
    }
    let words: Vec<&str> = lower
        .split_whitespace()
        .skip_while(|word| *word == "in")
        .collect();
    TAILS.iter().find_map(|tail| {
        let core = words.strip_suffix(*tail)?;
        if core.is_empty() {
            return None;
        }
        let core = core.join(" ");
        if OWN_WORDS.contains(&core.as_str()) {
            return Some(Named::Own);
        }
        ZONE_WORDS
            .iter()
            .find(|(_, names)| names.contains(&core.as_str()))
            .map(|(zone, _)| Named::Zone(zone))
    })
}

/// "utc+2", "gmt -5", "utc+05:30", "utc+0530": a fixed offset from UTC in
/// minutes.
fn utc_plus(lower: &str) -> Option<i32> {
    let rest = lower
        .strip_prefix("utc")
        .or_else(|| lower.strip_prefix("gmt"))?
        .trim_start();
    let (sign, digits) = signed(rest)?;
    let (hours, minutes) = match digits.split_once(':') {
        Some((h, m)) if m.len() == 2 => (h, m),
        Some(_) => return None,
        None if digits.len() == 4 => digits.split_at(2),
        None => (digits, "0"),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(hours) || !all_digits(minutes) || hours.len() > 2 {
        return None;
    }
    let (hours, minutes): (i32, i32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 60 + minutes))
}

/// A sign (`+`, `-` or the minus sign) and what follows it.
fn signed(text: &str) -> Option<(i32, &str)> {
    let mut chars = text.chars();
    let sign = match chars.next()? {
        '+' => 1,
        '-' | '\u{2212}' => -1,
        _ => return None,
    };
    Some((sign, chars.as_str()))
}

/// An ISO 8601 offset glued to the clock before it ("15:00+02:00",
/// "15:00+0200", "09:00-05", "10:00Z"): the text before it and the offset.
fn glued_offset(text: &str) -> Option<(&str, i32)> {
    let (rest, offset) = if let Some(rest) = text.strip_suffix(['Z', 'z']) {
        (rest, 0)
    } else {
        let at = text.rfind(['+', '-', '\u{2212}'])?;
        let (sign, written) = signed(&text[at..])?;
        let well_formed = written.bytes().all(|b| b.is_ascii_digit() || b == b':')
            && match written.len() {
                2 | 4 => !written.contains(':'),
                5 => written.as_bytes()[2] == b':',
                _ => false,
            };
        if !well_formed {
            return None;
        }
        let digits: String = written.chars().filter(|c| *c != ':').collect();
        let hours: i32 = digits.get(..2)?.parse().ok()?;
        let minutes: i32 = match digits.get(2..) {
            Some(m) if !m.is_empty() => m.parse().ok()?,
            _ => 0,
        };
        (&text[..at], sign * (hours * 60 + minutes))
    };
    rest.ends_with(|c: char| c.is_ascii_digit())
        .then_some((rest, offset))
}

/// The zone written at the end of `text` after a time ("3:45pm CT",
/// "14:00 in Paris", "15:45CET"): the text before it and the zone, the
/// longest name that stands after a space or a digit.
fn trailing_zone(text: &str) -> Option<(&str, Named)> {
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|&(at, c)| {
            let before = text[..at].chars().next_back();
            !c.is_whitespace()
                && before
                    .is_some_and(|b| b.is_whitespace() || (b.is_ascii_digit() && c.is_alphabetic()))
        })
        .map(|(at, _)| at)
        .collect();
    // A zone's name is a few words at most ("in Salt Lake City local
    // time"): only the last few starts are tried, longest first.
    starts[starts.len().saturating_sub(7)..]
        .iter()
        .find_map(|&at| {
            let before = &text[..at];
            let named = zone_named(&text[at..])?;
            (!before.trim().is_empty()).then_some((before, named))
        })
}

/// How a time written with zones reads in the meeting's zone: the text
/// without them and the minutes to add to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Zoned<'a> {
    /// The time as written, without its zone or offset.
    pub clock: &'a str,
    /// Minutes to add to that time to read it in the meeting's zone.
    pub shift: i32,
}

/// `text` (a time) read in the meeting's zone `own` on `day`: without the
/// zones written after it, and the minutes that turn the time as written
/// into meeting time. A name of `own` ("CT", "Central time", "Chicago
/// time", "America/Chicago", "local time") shifts nothing. Another zone
/// ("London time", "Western European Summer Time", "UTC+2") shifts by
/// the difference of the offsets both keep on `day`, so "2pm London time"
/// is 14:00 in Lisbon and 15:00 in Berlin. An ISO offset glued to the
/// time is read as the zone's when it is `own`'s offset on `day`, and as
/// another zone only after an ISO date (`dated`): "10:00-11:00" is a span,
/// not 10:00 at UTC-11. Several zones after one time must agree ("14:45
/// WEST UTC+1"). `None` when the time cannot be placed: another zone with
/// no day to compare offsets on, or zones that disagree.
pub fn zoned<'a>(text: &'a str, own: &str, day: Option<Day>, dated: bool) -> Option<Zoned<'a>> {
    let single = |zone: &str| match (day, zone) {
        (Some(day), zone) => match utc_offsets(zone, day).as_slice() {
            [one] => Some(*one),
            _ => None,
        },
        (None, _) => None,
    };
    let shift_of = |named: Named| match named {
        Named::Own => Some(0),
        Named::Zone(zone) if zone == own => Some(0),
        Named::Zone(zone) => Some(single(own)? - single(zone)?),
        Named::Fixed(offset) => Some(single(own)? - offset),
    };
    let mut clock = text.trim_end();
    let mut shift = None;
    // A time rarely carries more than two names of its zone ("14:45 WEST
    // UTC+1"); a third is not looked for.
    for _ in 0..3 {
        let found = trailing_zone(clock).or_else(|| {
            let (before, offset) = glued_offset(clock)?;
            let own_offset = single(own) == Some(offset);
            (dated || own_offset).then_some((before, Named::Fixed(offset)))
        });
        let Some((before, named)) = found else {
            break;
        };
        let this = shift_of(named)?;
        if shift.is_some_and(|earlier| earlier != this) {
            return None;
        }
        shift = Some(this);
        clock = before.trim_end();
    }
    Some(Zoned {
        clock,
        shift: shift.unwrap_or(0),
    })
}

/// `text` with each bracketed zone opened ("14:45 (Paris time)" is "14:45
/// Paris time", "10:00 [UTC+1]" is "10:00 UTC+1"), so the zone is read
/// with the time before it rather than set aside as a comment.
pub fn zones_unbracketed(text: &str) -> std::borrow::Cow<'_, str> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(['(', '[']) {
        let close = if rest[open..].starts_with('(') {
            ')'
        } else {
            ']'
        };
        let Some(len) = rest[open + 1..].find(close) else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&rest[..open]);
        match zone_named(inner) {
            Some(_) => {
                out.push(' ');
                out.push_str(inner.trim());
            }
            None => out.push_str(&rest[open..open + len + 2]),
        }
        rest = &rest[open + len + 2..];
    }
    if out.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// `text` without a trailing name of `zone` (an IANA name): "3:45pm CT",
/// "15:45 Central time", "15:45 Chicago time", "15:45 America/Chicago",
/// "15:45 local time" are the time in that zone. A name of another zone is
/// left in place, as there is no day here to convert it on
/// ([`zoned`] converts).
pub fn without_own_zone<'a>(text: &'a str, zone: &str) -> &'a str {
    match zoned(text, zone, None, false) {
        Some(read) if read.shift == 0 => read.clock,
        _ => text,
    }
}

/// `text` without a trailing ISO 8601 offset that is `zone`'s on `day`
/// ("15:00+05:30", "15:00+0530", "09:00-05:00", "10:00Z" where the zone
/// keeps UTC; play-para-pr6 B3): a time with the meeting's own offset is
/// that time. Another offset, or an offset with no day to check it on, is
/// left in place ([`zoned`] converts).
pub fn without_own_offset<'a>(text: &'a str, zone: &str, day: Option<Day>) -> &'a str {
    match zoned(text, zone, day, true) {
        Some(read) if read.shift == 0 && read.clock.ends_with(|c: char| c.is_ascii_digit()) => {
            read.clock
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shift(text: &str, own: &str, day: Option<Day>) -> Option<(String, i32)> {
        zoned(text, own, day, false).map(|z| (z.clock.to_owned(), z.shift))
    }

    #[test]
    fn names_of_zones_read_as_those_zones() {
        for (text, named) in [
            ("CEST", Named::Zone("Europe/Berlin")),
            ("Central European Summer Time", Named::Zone("Europe/Berlin")),
            ("western european summer time", Named::Zone("Europe/Lisbon")),
            ("British Summer Time", Named::Zone("Europe/London")),
            ("Greenwich Mean Time", Named::Zone("Etc/UTC")),
            ("Coordinated Universal Time", Named::Zone("Etc/UTC")),
            ("Eastern Daylight Time", Named::Zone("America/New_York")),
            ("Pacific Standard Time", Named::Zone("America/Los_Angeles")),
            ("India Standard Time", Named::Zone("Asia/Kolkata")),
            ("in London", Named::Zone("Europe/London")),
            ("New York time", Named::Zone("America/New_York")),
            ("Europe/Berlin", Named::Zone("Europe/Berlin")),
            ("local time", Named::Own),
            ("UTC+2", Named::Fixed(120)),
            ("GMT -05:00", Named::Fixed(-300)),
            ("utc+0530", Named::Fixed(330)),
        ] {
            assert_eq!(zone_named(text), Some(named), "{text}");
        }
        for text in [
            "",
            "time",
            "summer time",
            "pm",
            "Narnia time",
            "UTC+25",
            "UTC+2:3",
            "London or Paris",
        ] {
            assert_eq!(zone_named(text), None, "{text}");
        }
    }

    #[test]
    fn a_time_in_another_zone_is_converted_on_its_day() {
        let summer = Day::from_civil(2026, 7, 29);
        let winter = Day::from_civil(2026, 12, 9);
        let lisbon = "Europe/Lisbon";
        for (text, own, day, clock, moved) in [
            ("2pm London time", lisbon, summer, "2pm", 0),
            (
                "14:45 Western European Summer Time",
                lisbon,
                summer,
                "14:45",
                0,
            ),
            // The meeting's own zone reads as its clock in any season.
            (
                "14:45 Western European Summer Time",
                lisbon,
                winter,
                "14:45",
                0,
            ),
            ("15:00 in Paris", lisbon, summer, "15:00", -60),
            ("15:00 CEST", lisbon, summer, "15:00", -60),
            ("13:00 UTC", lisbon, summer, "13:00", 60),
            ("13:00 UTC", lisbon, winter, "13:00", 0),
            ("9:00 Eastern Time", lisbon, summer, "9:00", 300),
            (
                "14:45 WEST (UTC+1)",
                lisbon,
                summer,
                "14:45 WEST (UTC+1)",
                0,
            ),
            ("14:45 WEST UTC+1", lisbon, summer, "14:45", 0),
            ("15:45CET", "Europe/Berlin", winter, "15:45", 0),
            ("15:00+01:00", "Europe/Berlin", winter, "15:00", 0),
            ("10:00-11:00", lisbon, summer, "10:00-11:00", 0),
            ("10:00", lisbon, None, "10:00", 0),
            (
                "3:45 p.m. local time",
                "America/Chicago",
                None,
                "3:45 p.m.",
                0,
            ),
        ] {
            assert_eq!(
                shift(text, own, day),
                Some((clock.to_owned(), moved)),
                "{text} in {own}"
            );
        }
        for (text, own, day) in [
            // Another zone with no day to compare offsets on.
            ("2pm London time", lisbon, None),
            // Zones that disagree.
            ("14:45 WEST UTC+2", lisbon, summer),
            ("14:45 CET London time", lisbon, summer),
        ] {
            assert_eq!(shift(text, own, day), None, "{text} in {own}");
        }
        // A glued offset of another zone reads only after an ISO date.
        assert_eq!(
            zoned("15:00+02:00", lisbon, summer, true).map(|z| z.shift),
            Some(-60)
        );
    }

    #[test]
    fn bracketed_zones_open() {
        assert_eq!(zones_unbracketed("14:45 (Paris time)"), "14:45  Paris time");
        assert_eq!(zones_unbracketed("10:00 [UTC+1] x"), "10:00  UTC+1 x");
        for kept in [
            "10:30 (after the drill)",
            "10:00 (Freya: 08:00)",
            "(",
            "a (b",
        ] {
            assert_eq!(zones_unbracketed(kept), kept);
        }
    }
}
