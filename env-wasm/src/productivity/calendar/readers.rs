//! How a booking's fields that take more than a lookup are read: its
//! `start` and `end` (asides, spans, other clocks' zones, words naming the
//! edge) and `no_slot`; and the words around a room's name. The
//! schedule's grader reads its meetings with the same readers.

use serde_json::Value;

use crate::dates::{Day, parse_clock_in, without_own_date};
use crate::grading::scalar_text;
use crate::productivity::answer::with_asides;
use crate::text::normalize;
use crate::zones::{zoned, zones_unbracketed};

use super::slots::{DAY_END, DAY_START};

/// Which end of a booking a time field holds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Edge {
    Start,
    End,
}

/// How a booking's `start` or `end` (the `edge` it holds, of a meeting
/// lasting `duration` minutes) is read: a time with an aside (`10:30
/// (after the drill)`), a time naming no half of the day ("half past
/// two") in working hours' half, a time after the booking's own day
/// ("2026-11-03T10:15"), and a time with a zone, in brackets or not ("3:45pm
/// CT", "2pm London time", "14:45 Western European Summer Time", "10:00
/// UTC+1"), in meeting time ([`zoned`]: the meeting's own zone as
/// written, another converted by both zones' offsets on the booking's
/// day). The meeting's span ("10:00-11:00", "10:00 to 11:00") is read as
/// its `edge` when it lasts exactly the meeting; a span of another length
/// could start anywhere in it, so it is a hedge and reads as no time.
pub(crate) fn clock_reader(
    timezone: &str,
    day: Option<Day>,
    duration: u32,
    edge: Edge,
) -> impl Fn(&Value) -> Option<u32> + '_ {
    move |value: &Value| {
        scalar_text(value).and_then(|text| {
            with_asides(&zones_unbracketed(&text), |t| {
                match span_of(t, timezone, day, edge)? {
                    Span::At(at) => Some(at),
                    Span::Between(from, to) => (to == from + duration).then_some(match edge {
                        Edge::Start => from,
                        Edge::End => to,
                    }),
                }
            })
        })
    }
}

/// What a booking's time field names, in meeting minutes.
enum Span {
    At(u32),
    Between(u32, u32),
}

/// The time or span `text` writes, read in meeting time (see
/// [`clock_reader`]), with a word before it that names the field's `edge`
/// ([`without_edge_word`]).
fn span_of(text: &str, timezone: &str, day: Option<Day>, edge: Edge) -> Option<Span> {
    let undated = without_own_date(text, day);
    let read = zoned(undated, timezone, day, undated.len() != text.len())?;
    // Working hours on the clock the time is written on decide which half
    // of the day a time that names none is in.
    let on_that_clock = |at: u32| (at as i32 - read.shift).clamp(0, 24 * 60 - 1) as u32;
    let hours = (on_that_clock(DAY_START), on_that_clock(DAY_END));
    let at = |t: &str| {
        let minutes = parse_clock_in(t, hours)? as i32 + read.shift;
        u32::try_from(minutes).ok().filter(|m| *m < 24 * 60)
    };
    let span = |clock: &str| {
        if let Some(minutes) = at(clock) {
            return Some(Span::At(minutes));
        }
        let (from, to) = span_parts(clock)?;
        let (from, to) = (at(from)?, at(to)?);
        (to > from).then_some(Span::Between(from, to))
    };
    span(read.clock).or_else(|| span(without_edge_word(read.clock, edge)?))
}

/// Words before the time of a start that say it is the start ("from
/// 10:00", "starting at 10:00"), longest first.
const START_WORDS: &[&str] = &[
    "starting from",
    "starting at",
    "starts at",
    "beginning at",
    "begins at",
    "starting",
    "from",
    "at",
];

/// Words before the time of an end that say it is the end ("until 11:00",
/// "ending at 11:00", "by 11:00"), longest first.
const END_WORDS: &[&str] = &[
    "finishing at",
    "finishes at",
    "ending at",
    "ends at",
    "until",
    "till",
    "til",
    "to",
    "by",
    "at",
];

/// `text` after a word that names `edge` of a booking, or `None`. "At"
/// names either edge. A word of the other edge ("until 10:00" as a start,
/// "from 11:00" as an end) does not say when this edge is, nor does "by"
/// before a start: a deadline ("by 10:00") allows any earlier start, so it
/// is no start time. Before an end, "by" is met only by that end, since
/// the start and the length fix it.
fn without_edge_word(text: &str, edge: Edge) -> Option<&str> {
    let words = match edge {
        Edge::Start => START_WORDS,
        Edge::End => END_WORDS,
    };
    let text = text.trim_start();
    words.iter().find_map(|word| {
        let rest = text.get(word.len()..)?;
        let said = text.get(..word.len())?.eq_ignore_ascii_case(word);
        (said && rest.starts_with(char::is_whitespace)).then(|| rest.trim_start())
    })
}

/// The two times of a span ("10:00-11:00", "10:00 \u{2013} 11:00", "10:00 to
/// 11:00", "from 10 until 11", "between 2 and 3pm"), each as written.
fn span_parts(text: &str) -> Option<(&str, &str)> {
    let lower = text.to_ascii_lowercase();
    let opener = ["from ", "between "]
        .into_iter()
        .find(|opener| lower.starts_with(opener));
    let body = &text[opener.map_or(0, str::len)..];
    let lower = &lower[text.len() - body.len()..];
    let joiners: &[&str] = match opener {
        Some("between ") => &[" and "],
        _ => &[" to ", " until ", " till "],
    };
    let (at, len) = joiners
        .iter()
        .find_map(|joiner| lower.find(joiner).map(|at| (at, joiner.len())))
        .or_else(|| {
            let at = body.find(['-', '\u{2013}', '\u{2014}'])?;
            Some((at, body[at..].chars().next()?.len_utf8()))
        })?;
    Some((body[..at].trim(), body[at + len..].trim()))
}

/// Whether a `no_slot` value says no booking is possible: `true`, or the
/// word with an aside after it ("yes - her day ends at 13:30", "true
/// (nobody shares a free hour)"), in emphasis or code marks or not
/// ("**true**", as every field reads them).
pub(crate) fn says_no_slot(value: Option<&Value>) -> bool {
    match value {
        Some(Value::Bool(said)) => *said,
        Some(Value::String(text)) => with_asides(
            &crate::text::markdown::without_emphasis(text),
            |t| match normalize(t).as_str() {
                // "Y" as needs_reply reads it (play-para-pr7 B4).
                "true" | "yes" | "y" => Some(true),
                "false" | "no" | "n" => Some(false),
                _ => None,
            },
        )
        .unwrap_or(false),
        _ => false,
    }
}

/// Words that may stand around a room's name ("the Cedar room").
pub(crate) const ROOM_FILLER: &[&str] = &["room", "the", "meeting", "conference", "in", "rm"];

#[cfg(test)]
mod tests {
    use super::super::generate::TIMEZONES;

    /// A time followed by the meeting's zone ("3:45pm CT") is read only
    /// for zones the date reader knows the words of.
    #[test]
    fn every_meeting_zone_has_its_words() {
        for zone in TIMEZONES {
            assert!(
                crate::zones::ZONE_WORDS
                    .iter()
                    .any(|(name, _)| name == zone),
                "{zone}"
            );
        }
    }
}
