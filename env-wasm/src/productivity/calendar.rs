//! Task `medium`: schedule one meeting under people, room and blocked-time
//! constraints, and at the harder levels over several days with the
//! participants' soft preferences.
//!
//! The generator plants one feasible booking (so every scenario is
//! solvable) and surrounds it with decoys: rooms that are free but too
//! small, large rooms that are closed at the right time, people who are not
//! invited, and on the other days of a several-day window a slot where
//! everyone but one required person is free. The grader checks the
//! constraints, not a memorised answer: any day, slot and room that satisfy
//! all of them score full on them. Preferences are soft: a booking is
//! credited for meeting as many of them as the best valid booking can, so
//! the grader enumerates the valid bookings rather than trusting the
//! planted one.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::answer::{FormCheck, Grade, stated_choice_field, with_asides, written};
use super::names::FIRST_NAMES;
use super::noise::Noise;
use crate::dates::{Day, clock, parse_clock, parse_clock_in, parse_day_among, without_own_date};
use crate::grading::{
    Reading, Unreadable, all_or_nothing, f1, fold_name, item_set, items, items_form, one_value,
    scalar_text,
};
use crate::order::set_of;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::rubric::{Criterion, Deduction, Rubric};
use crate::task::at_level;
use crate::text::normalize;
use crate::zones::{zoned, zones_unbracketed};

pub const ANSWER_FIELDS: &[(&str, &str)] = &[
    ("day", "YYYY-MM-DD"),
    ("start", "HH:MM"),
    ("end", "HH:MM"),
    ("participants", "list of names"),
    ("room", "room name"),
];

/// Level 5's answer fields: a booking, or `no_slot` when none meets
/// every constraint.
pub const ANSWER_FIELDS_NO_SLOT: &[(&str, &str)] = &[
    ("day", "YYYY-MM-DD"),
    ("start", "HH:MM"),
    ("end", "HH:MM"),
    ("participants", "list of names"),
    ("room", "room name"),
    (
        "no_slot",
        "true, only when no booking meets every constraint (then no other field)",
    ),
];

/// How a day written in numbers other than `YYYY-MM-DD` is read, said
/// after the answer format of every calendar ([`crate::dates::parse_day`]
/// reads it so).
pub(super) const NUMERIC_DAYS: &str = " A day written in numbers is read day first with dots \
     (01.06.2026 is 1 June 2026), and refused with slashes when it reads two ways (01/06/2026 \
     is 1 June or 6 January).";

pub(super) const QUARTER: u32 = 15;
pub(super) const DAY_START: u32 = 9 * 60;
pub(super) const DAY_END: u32 = 18 * 60;
pub(super) const DURATIONS: &[u32] = &[30, 45, 60, 90];
pub(super) const ROOM_NAMES: &[&str] = &[
    "Cedar", "Maple", "Atrium", "Harbor", "Summit", "Willow", "Quartz", "Beacon", "Orchard",
    "Lantern", "Meadow", "Granite",
];
pub(super) const TIMEZONES: &[&str] = &[
    "Europe/Lisbon",
    "Asia/Kolkata",
    "America/Chicago",
    "Europe/Berlin",
    "Asia/Singapore",
];
pub(super) const BLOCKERS: &[&str] =
    &["all-hands", "fire drill", "office maintenance", "town hall"];

/// Per level (1 to 5), as (fewest, most): the required participants, the
/// colleagues listed who are not invited, and the rooms beyond the three
/// planted ones (one that fits, one too small, one closed at the planted
/// time); and how many more blocked hours are tried after the planted slot.
const REQUIRED: [(i64, i64); 5] = [(2, 3), (3, 5), (4, 6), (5, 7), (6, 8)];
const UNINVITED: [(i64, i64); 5] = [(1, 1), (1, 2), (2, 3), (2, 4), (3, 4)];
const MORE_ROOMS: [(i64, i64); 5] = [(0, 0), (0, 2), (1, 3), (2, 4), (3, 5)];
const MORE_BLOCKED: [usize; 5] = [0, 0, 1, 2, 3];
/// Per level: the consecutive working days the meeting may fall on, and
/// the soft preferences. From level 4 the last preference contradicts the
/// planted booking, so the preferences cannot always all be met.
const DAYS: [usize; 5] = [1, 1, 2, 3, 5];
const PREFERENCES: [usize; 5] = [0, 0, 1, 2, 3];
/// Per level: whether the calendars and rooms are behind lookups
/// (`check_calendar`, `list_rooms`) rather than in the payload, each
/// person's calendar on their own clock; and in how many people of 100
/// that clock is another time zone's (their working hours, in their local
/// time, then cut the meeting's day).
const LOOKUPS: [bool; 5] = [false, false, false, true, true];
const ABROAD_PERCENT: [u32; 5] = [0, 0, 0, 50, 65];
/// Per level: in how many scenarios of 100 no booking meets every
/// constraint, so the right answer says so (`no_slot`); the instruction
/// of the level states the possibility in every scenario.
const INFEASIBLE_PERCENT: [u32; 5] = [0, 0, 0, 0, 20];
/// Lookups beyond one calendar per required person: `list_rooms`, and
/// the final answer and one step to spare.
const STEPS_BEYOND_CALENDARS: u32 = 3;

/// The parts a reader can copy from the payload (day, duration, who is
/// required) weigh little and are all a booking that breaks a hard
/// constraint can earn (0.2): the rest is paid only to a booking that meets
/// every constraint (`valid_booking`, a gate of weight 0), so a blind
/// booking earns nothing for the people who happen to be free or a room
/// that happens to be open.
const WEIGHTS: [(&str, Points); 6] = [
    ("day", Points(500)),
    ("duration", Points(500)),
    ("participants", Points(1000)),
    ("no_blocked_overlap", Points(1000)),
    ("participant_availability", Points(3500)),
    ("room_valid", Points(3500)),
];
/// With preferences, meeting them is a tenth of the score, taken in equal
/// halves from the two heaviest criteria.
const PREFERENCES_WEIGHT: Points = Points(1000);

const VALID: &str = "valid_booking";
const VALID_ABOUT: &str = "Every hard constraint holds: a candidate day, the exact duration within working hours, \
     exactly the required participants, no blocked window, everyone free, a room open and big enough. \
     Weight 0: it gates the criteria after it, so a booking that breaks a constraint earns at most 0.2.";

/// A one-day calendar (levels 1 and 2).
pub static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("day", WEIGHTS[0].1, "Day"),
    Criterion::new("duration", WEIGHTS[1].1, "Duration"),
    Criterion::new("participants", WEIGHTS[2].1, "Required people invited"),
    Criterion::new(VALID, Points::ZERO, "Every constraint holds").about(VALID_ABOUT),
    Criterion::new(
        "no_blocked_overlap",
        WEIGHTS[3].1,
        "Clear of blocked windows",
    )
    .gated(VALID, Points::FULL),
    Criterion::new("participant_availability", WEIGHTS[4].1, "Everyone is free")
        .gated(VALID, Points::FULL),
    Criterion::new("room_valid", WEIGHTS[5].1, "Room open and big enough")
        .gated(VALID, Points::FULL),
]);

/// A calendar with preferences (levels 3 to 5).
pub static RUBRIC_WITH_PREFERENCES: Rubric = Rubric::new(&[
    Criterion::new("day", WEIGHTS[0].1, "Day"),
    Criterion::new("duration", WEIGHTS[1].1, "Duration"),
    Criterion::new("participants", WEIGHTS[2].1, "Required people invited"),
    Criterion::new(VALID, Points::ZERO, "Every constraint holds").about(VALID_ABOUT),
    Criterion::new("no_blocked_overlap", WEIGHTS[3].1, "Clear of blocked windows")
        .gated(VALID, Points::FULL),
    Criterion::new(
        "participant_availability",
        Points(WEIGHTS[4].1.0 - PREFERENCES_WEIGHT.0 / 2),
        "Everyone is free",
    )
    .gated(VALID, Points::FULL),
    Criterion::new(
        "room_valid",
        Points(WEIGHTS[5].1.0 - PREFERENCES_WEIGHT.0 / 2),
        "Room open and big enough",
    )
    .gated(VALID, Points::FULL),
    Criterion::new(
        "preferences",
        PREFERENCES_WEIGHT,
        "Preferences met (of the most possible)",
    )
    .about("Paid only to a valid booking: the preferences it meets over the most any valid booking meets.")
    .gated(VALID, Points::FULL),
]);

/// The step limit of the calendar at `level`, when the level sets one
/// (the levels with lookups).
pub fn max_steps(level: u8) -> Option<u32> {
    at_level(&LOOKUPS, level).then(|| at_level(&REQUIRED, level).1 as u32 + STEPS_BEYOND_CALENDARS)
}

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

/// Whether the answer may be `no_slot` at `level`.
pub fn no_slot_allowed(level: u8) -> bool {
    at_level(&INFEASIBLE_PERCENT, level) > 0
}

/// The rubric of a calendar at `level`.
pub fn rubric(level: u8) -> &'static Rubric {
    if at_level(&PREFERENCES, level) > 0 {
        &RUBRIC_WITH_PREFERENCES
    } else {
        &RUBRIC
    }
}

/// The rubric `calendar` is graded on: with preferences or without.
fn rubric_of(calendar: &Calendar) -> &'static Rubric {
    match calendar.preferences.is_empty() {
        true => &RUBRIC,
        false => &RUBRIC_WITH_PREFERENCES,
    }
}

/// Quarter-hours of one day as bits (bit i = minutes 15*i .. 15*i+15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Slots(pub(super) u128);

impl Slots {
    pub(super) fn span(start: u32, end: u32) -> Slots {
        let (a, b) = (start / QUARTER, end.div_ceil(QUARTER));
        if b <= a || b > 96 {
            return Slots(0);
        }
        Slots(((1u128 << (b - a)) - 1) << a)
    }

    pub(super) fn covers(self, other: Slots) -> bool {
        self.0 & other.0 == other.0
    }

    pub(super) fn overlaps(self, other: Slots) -> bool {
        self.0 & other.0 != 0
    }

    /// The free runs, each named by `day` when the payload has several.
    pub(super) fn windows(self, day: Option<&str>) -> Vec<Window> {
        let mut out = Vec::new();
        let mut i = 0u32;
        while i < 96 {
            if self.0 >> i & 1 == 1 {
                let start = i;
                while i < 96 && self.0 >> i & 1 == 1 {
                    i += 1;
                }
                out.push(Window {
                    day: day.map(str::to_owned),
                    start: clock(start * QUARTER),
                    end: clock(i * QUARTER),
                });
            } else {
                i += 1;
            }
        }
        out
    }
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Window {
    /// The day (`YYYY-MM-DD`), when the meeting may be on several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    pub start: String,
    pub end: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PersonAvailability {
    pub name: String,
    /// When this person is free on the meeting day (or days).
    pub free: Vec<Window>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BlockedWindow {
    pub label: String,
    /// The day (`YYYY-MM-DD`), when the meeting may be on several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    pub start: String,
    pub end: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RoomInfo {
    pub name: String,
    pub capacity: u32,
    /// When the room can be booked on the meeting day (or days).
    pub open: Vec<Window>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CandidateDay {
    pub day: String,
    pub day_name: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PreferenceInfo {
    /// Whose preference it is: a required participant.
    pub who: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CalendarPayload {
    pub organizer: String,
    /// The meeting day, when there is one (levels 1 and 2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day_name: Option<String>,
    /// The days the meeting may be on, when there are several (levels 3
    /// to 5); every window then names its day.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub days: Vec<CandidateDay>,
    pub timezone: String,
    pub duration_minutes: u32,
    pub working_hours: Window,
    pub required_participants: Vec<String>,
    /// Everyone whose calendar `check_calendar` shows (levels 4 and 5,
    /// where the calendars and rooms are behind lookups): the required
    /// participants and some colleagues who are not invited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub directory: Vec<String>,
    /// Free time of the required participants and of some colleagues who
    /// are not invited (levels 1 to 3; from level 4 through `check_calendar`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub availability: Vec<PersonAvailability>,
    pub blocked_windows: Vec<BlockedWindow>,
    /// The rooms (levels 1 to 3; from level 4 through `list_rooms`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rooms: Vec<RoomInfo>,
    /// Soft constraints (levels 3 to 5): meet as many as a valid booking can.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferences: Vec<PreferenceInfo>,
}

impl CalendarPayload {
    /// The days the meeting may be on, as `YYYY-MM-DD`.
    pub fn candidate_days(&self) -> Vec<String> {
        match &self.day {
            Some(day) => vec![day.clone()],
            None => self.days.iter().map(|d| d.day.clone()).collect(),
        }
    }
}

#[derive(Debug, Clone)]
struct Room {
    name: &'static str,
    capacity: u32,
    /// Open time per candidate day.
    open: Vec<Slots>,
}

#[derive(Debug, Clone, Copy)]
struct Blocked {
    label: &'static str,
    /// An index into [`Calendar::days`].
    day: usize,
    start: u32,
    end: u32,
}

/// What one preference asks of a booking.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Wish {
    EndsBy(u32),
    StartsFrom(u32),
    /// An index into [`Calendar::days`].
    NotOn(usize),
    InRoom(&'static str),
}

#[derive(Debug, Clone, Copy)]
struct Preference {
    who: &'static str,
    wish: Wish,
}

/// A booking of the minimal party: the day's index, the start, the room.
type Slot<'a> = (usize, u32, &'a Room);

/// A person's clock and working hours (levels with lookups).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Zone {
    /// Minutes their clock reads ahead of the meeting's time zone
    /// (negative: behind); within -6 h and +5 h 30, so the meeting's
    /// working day falls on the same date on their clock.
    pub(super) offset: i32,
    /// Their working hours, on their own clock.
    pub(super) start: u32,
    pub(super) end: u32,
}

impl Zone {
    pub(super) const HOME: Zone = Zone {
        offset: 0,
        start: DAY_START,
        end: DAY_END,
    };

    /// Their working hours in the meeting's time zone, within its day.
    pub(super) fn window(self) -> Slots {
        let from = (self.start as i32 - self.offset).max(DAY_START as i32) as u32;
        let to = (self.end as i32 - self.offset).min(DAY_END as i32).max(0) as u32;
        Slots::span(from, to.max(from))
    }

    /// `minutes` of meeting time on their clock.
    pub(super) fn local(self, minutes: u32) -> u32 {
        (minutes as i32 + self.offset).max(0) as u32
    }

    /// `+05:30`, `-03:00`, `+00:00`.
    pub(super) fn offset_text(self) -> String {
        let sign = if self.offset < 0 { '-' } else { '+' };
        format!("{sign}{}", clock(self.offset.unsigned_abs()))
    }
}

#[derive(Debug, Clone)]
pub struct Calendar {
    organizer: &'static str,
    /// The candidate days, consecutive working days.
    days: Vec<Day>,
    timezone: &'static str,
    duration: u32,
    required: Vec<&'static str>,
    /// Everyone listed in the payload, required first, with their free
    /// time per candidate day.
    people: Vec<(&'static str, Vec<Slots>)>,
    blocked: Vec<Blocked>,
    rooms: Vec<Room>,
    preferences: Vec<Preference>,
    /// With lookups (levels 4 and 5), each person's clock, in the order of
    /// `people`; empty without.
    zones: Vec<Zone>,
    /// Whether the answer may be `no_slot` (level 5): the instruction says
    /// so in every scenario of the level, feasible or not.
    no_slot_allowed: bool,
    /// The step limit, when the level sets one (levels with lookups).
    max_steps: Option<u32>,
}

/// Random extra free time: a few blocks of 30 to 120 minutes.
pub(super) fn random_blocks(rng: &mut SeededRng, count: u32) -> Slots {
    let mut slots = Slots(0);
    for _ in 0..count {
        let length = rng.range(2, 8) as u32 * QUARTER;
        let start = rng.range(
            i64::from(DAY_START / QUARTER),
            i64::from((DAY_END - length) / QUARTER),
        ) as u32
            * QUARTER;
        slots.0 |= Slots::span(start, start + length).0;
    }
    slots
}

/// Lunch at noon or half past, and perhaps one more blocked hour.
pub(super) fn day_blocks(rng: &mut SeededRng) -> Vec<(&'static str, u32, u32)> {
    let lunch = if rng.chance(1, 2) {
        12 * 60
    } else {
        12 * 60 + 30
    };
    let mut blocked = vec![("lunch", lunch, lunch + 60)];
    let other = rng.range(i64::from(DAY_START / 60) + 1, 16) as u32 * 60;
    if !Slots::span(other, other + 60).overlaps(Slots::span(lunch, lunch + 60)) {
        blocked.push((*rng.pick(BLOCKERS), other, other + 60));
    }
    blocked
}

fn union(blocked: &[(&str, u32, u32)]) -> Slots {
    Slots(
        blocked
            .iter()
            .fold(0, |acc, b| acc | Slots::span(b.1, b.2).0),
    )
}

/// A start on the quarter at which a `duration` meeting clears `blocked`
/// (the last one tried if none does).
fn clear_start(rng: &mut SeededRng, duration: u32, blocked: Slots) -> u32 {
    let latest = (DAY_END - duration) / QUARTER;
    let mut start = DAY_START;
    for _ in 0..64 {
        start = rng.range(i64::from(DAY_START / QUARTER), i64::from(latest)) as u32 * QUARTER;
        if !Slots::span(start, start + duration).overlaps(blocked) {
            break;
        }
    }
    start
}

pub fn generate(level: u8, seed: u64) -> Calendar {
    let mut rng = SeededRng::new(seed, 2);
    let mut day = Day::EPOCH_2026.plus(rng.range(0, 330));
    while day.is_weekend() {
        day = day.plus(1);
    }
    let duration = *rng.pick(DURATIONS);
    let mut blocked = day_blocks(&mut rng);
    let mut blocked_slots = union(&blocked);

    // Plant the feasible slot.
    let start = clear_start(&mut rng, duration, blocked_slots);
    let slot = Slots::span(start, start + duration);
    // Harder levels block more of the day, never the planted slot.
    for _ in 0..at_level(&MORE_BLOCKED, level) {
        let from = rng.range(36, 66) as u32 * QUARTER;
        let hour = Slots::span(from, from + 60);
        if !hour.overlaps(Slots(blocked_slots.0 | slot.0)) {
            blocked.push((*rng.pick(BLOCKERS), from, from + 60));
            blocked_slots.0 |= hour.0;
        }
    }

    // Sampling shuffles the whole pool, so the cast of every level is a
    // prefix of the same shuffle: enough names for the largest.
    let mut cast = rng.sample(FIRST_NAMES, 13);
    let organizer = cast.remove(0);
    let (fewest, most) = at_level(&REQUIRED, level);
    let invited = rng.range(fewest, most) as usize;
    let required: Vec<&'static str> = cast[..invited].to_vec();
    let (fewest, most) = at_level(&UNINVITED, level);
    let extra: Vec<&'static str> =
        cast[invited..invited + rng.range(fewest, most) as usize].to_vec();
    let mut people = Vec::new();
    for name in required.iter().chain(extra.iter()) {
        let before = rng.range(0, 4) as u32 * QUARTER;
        let after = rng.range(0, 4) as u32 * QUARTER;
        let around = Slots::span(
            start.saturating_sub(before).max(DAY_START),
            (start + duration + after).min(DAY_END),
        );
        let blocks = rng.range(1, 2) as u32;
        let mut free = Slots(around.0 | random_blocks(&mut rng, blocks).0);
        if extra.contains(name) {
            // Uninvited colleagues are often busy at the planted time.
            free.0 &= !slot.0;
        }
        people.push((*name, vec![free]));
    }

    let n = invited as u32;
    let mut room_names = rng.sample(ROOM_NAMES, 8);
    let mut rooms = vec![
        Room {
            name: room_names.remove(0),
            capacity: n + rng.range(0, 4) as u32,
            open: vec![Slots(slot.0 | random_blocks(&mut rng, 2).0)],
        },
        Room {
            name: room_names.remove(0),
            capacity: n - 1,
            open: vec![Slots(slot.0 | random_blocks(&mut rng, 2).0)],
        },
        Room {
            name: room_names.remove(0),
            capacity: n + rng.range(2, 8) as u32,
            open: vec![Slots(random_blocks(&mut rng, 2).0 & !slot.0)],
        },
    ];
    let planted_room = rooms[0].name;
    let (fewest, most) = at_level(&MORE_ROOMS, level);
    for _ in 0..rng.range(fewest, most) {
        let capacity = rng.range(2, 12) as u32;
        rooms.push(Room {
            name: room_names.remove(0),
            capacity,
            open: vec![random_blocks(&mut rng, 2)],
        });
    }
    rng.shuffle(&mut rooms);
    rng.shuffle(&mut people);
    let timezone = TIMEZONES[rng.index(TIMEZONES.len())];

    // Everything above is the one-day calendar of levels 1 and 2, draw for
    // draw; the other days and the preferences come after it.
    let mut days = vec![day];
    while days.len() < at_level(&DAYS, level) {
        let mut next = days[days.len() - 1].plus(1);
        while next.is_weekend() {
            next = next.plus(1);
        }
        days.push(next);
    }
    let planted_day = rng.index(days.len());
    // With preferences, one other day holds a second valid booking that
    // they tell apart from the planted one.
    let wants_rival = at_level(&PREFERENCES, level) > 0 && days.len() > 1;
    let rival_day = (planted_day + 1 + rng.index(days.len() - 1)) % days.len();
    let mut rival = None;
    let mut all_blocked: Vec<Blocked> = Vec::new();
    for index in 0..days.len() {
        let blocks = if index == planted_day {
            std::mem::take(&mut blocked)
        } else {
            let blocks = day_blocks(&mut rng);
            let is_rival = wants_rival && index == rival_day;
            let booking = other_day(
                &mut rng,
                duration,
                &blocks,
                &required,
                &mut people,
                &mut rooms,
                is_rival,
            );
            if let Some((start, room)) = booking {
                rival = Some(Booked {
                    day: index,
                    start,
                    end: start + duration,
                    room,
                });
            }
            blocks
        };
        all_blocked.extend(blocks.into_iter().map(|(label, start, end)| Blocked {
            label,
            day: index,
            start,
            end,
        }));
    }
    // The planted day's slots were made first: move them to its place.
    for (_, free) in &mut people {
        free[..=planted_day].rotate_left(1);
    }
    for room in &mut rooms {
        room.open[..=planted_day].rotate_left(1);
    }
    crate::order::sort_by_key(&mut all_blocked, |b| (b.day, b.start));

    let planted = Booked {
        day: planted_day,
        start,
        end: start + duration,
        room: planted_room,
    };
    let hours = (10..=17).map(|hour| hour * 60);
    let candidates: Vec<Wish> = hours
        .clone()
        .filter(|&time| time >= DAY_START + duration)
        .map(Wish::EndsBy)
        .chain(
            hours
                .filter(|&time| time + duration <= DAY_END)
                .map(Wish::StartsFrom),
        )
        .chain((0..days.len()).map(Wish::NotOn))
        .chain(rooms.iter().map(|room| Wish::InRoom(room.name)))
        .collect();
    let holders = preference_holders(
        &mut rng,
        at_level(&PREFERENCES, level),
        &required,
        organizer,
    );
    let preferences = preferences(&mut rng, holders, level >= 4, planted, rival, &candidates);

    // Levels with lookups: everything above is drawn as before, then each
    // person's clock and working hours, which cut their free time.
    let mut zones = Vec::new();
    if at_level(&LOOKUPS, level) {
        // The planted and rival bookings stay inside every required
        // person's working hours, so the scenario keeps its answer.
        let kept = [Some(planted), rival];
        let (lo, hi) = kept
            .iter()
            .flatten()
            .fold((DAY_END, DAY_START), |(lo, hi), b| {
                (lo.min(b.start), hi.max(b.end))
            });
        for (name, free) in &mut people {
            let keep = required.contains(name).then_some((lo, hi));
            let zone = match rng.chance(at_level(&ABROAD_PERCENT, level), 100) {
                true => abroad(&mut rng, keep),
                false => Zone::HOME,
            };
            let window = zone.window();
            for day in free.iter_mut() {
                day.0 &= window.0;
            }
            zones.push(zone);
        }
    }
    let mut calendar = Calendar {
        organizer,
        days,
        timezone,
        duration,
        required,
        people,
        blocked: all_blocked,
        rooms,
        preferences,
        zones,
        no_slot_allowed: no_slot_allowed(level),
        max_steps: max_steps(level),
    };
    if rng.chance(at_level(&INFEASIBLE_PERCENT, level), 100) {
        calendar.spoil(&mut rng);
    }
    calendar
}

/// A clock in another time zone whose working hours, in meeting time,
/// cover `keep` (start, end) when given; home when none does.
pub(super) fn abroad(rng: &mut SeededRng, keep: Option<(u32, u32)>) -> Zone {
    let start = rng.range(16, 20) as u32 * 30;
    let end = start + rng.range(16, 18) as u32 * 30;
    // Half hours from -6 h to +5 h 30, not 0.
    let offsets: Vec<i32> = (-12..=11)
        .filter(|&half| half != 0)
        .map(|half| half * 30)
        .filter(|&offset| {
            let zone = Zone { offset, start, end };
            keep.is_none_or(|(lo, hi)| zone.window().covers(Slots::span(lo, hi)))
        })
        .collect();
    match offsets.is_empty() {
        true => Zone::HOME,
        false => Zone {
            offset: offsets[rng.index(offsets.len())],
            start,
            end,
        },
    }
}

/// One more candidate day: free time and open rooms at random, and a decoy
/// slot clear of the day's `blocked` hours where every required person is
/// free and some rooms are open. On a `rival` day the decoy is a second
/// valid booking, in a room big enough (returned); on the others one
/// required person is busy at it. Appends the day to every person's and
/// room's slots.
fn other_day(
    rng: &mut SeededRng,
    duration: u32,
    blocked: &[(&str, u32, u32)],
    required: &[&'static str],
    people: &mut [(&'static str, Vec<Slots>)],
    rooms: &mut [Room],
    rival: bool,
) -> Option<(u32, &'static str)> {
    let decoy_start = clear_start(rng, duration, union(blocked));
    let decoy = Slots::span(decoy_start, decoy_start + duration);
    let spoiler = match rival {
        true => None,
        false => Some(required[rng.index(required.len())]),
    };
    for (name, free) in people.iter_mut() {
        let blocks = rng.range(1, 3) as u32;
        let mut day = random_blocks(rng, blocks);
        if required.contains(name) {
            day.0 |= decoy.0;
        }
        if Some(*name) == spoiler {
            day.0 &= !decoy.0;
        }
        free.push(day);
    }
    for room in rooms.iter_mut() {
        let mut open = random_blocks(rng, 2);
        if rng.chance(1, 2) {
            open.0 |= decoy.0;
        }
        room.open.push(open);
    }
    if !rival {
        return None;
    }
    let big: Vec<usize> = (0..rooms.len())
        .filter(|&i| rooms[i].capacity >= required.len() as u32)
        .collect();
    let room = &mut rooms[big[rng.index(big.len())]];
    if let Some(open) = room.open.last_mut() {
        open.0 |= decoy.0;
    }
    Some((decoy_start, room.name))
}

/// A booking as preferences read it.
#[derive(Debug, Clone, Copy)]
struct Booked<'a> {
    day: usize,
    start: u32,
    end: u32,
    room: &'a str,
}

impl Wish {
    fn met_by(self, booking: Booked) -> bool {
        match self {
            Wish::EndsBy(time) => booking.end <= time,
            Wish::StartsFrom(time) => booking.start >= time,
            Wish::NotOn(day) => booking.day != day,
            Wish::InRoom(room) => booking.room == room,
        }
    }
}

/// Who holds the `count` preferences: different required participants
/// (`people`; the `organizer` books the meeting and is not in it, so has
/// no say).
fn preference_holders(
    rng: &mut SeededRng,
    count: usize,
    people: &[&'static str],
    organizer: &'static str,
) -> Vec<&'static str> {
    if count == 0 {
        return Vec::new();
    }
    // Drawn among the required and the organizer, as the generator always
    // has (a scenario whose preferences the organizer did not draw is
    // unchanged); one the organizer drew goes to a required participant
    // who holds none.
    let mut holders = rng.sample(&[people, &[organizer]].concat(), count);
    for at in 0..holders.len() {
        if holders[at] == organizer
            && let Some(free) = people.iter().find(|p| !holders.contains(p))
        {
            holders[at] = free;
        }
    }
    holders
}

/// One preference per holder (see [`preference_holders`]), each of a
/// different kind. All are met by the `planted` booking but, with
/// `contradict`, the last, which the `rival` misses too; the first is one
/// the `rival` (a valid booking on another day) misses, so a booking made
/// without reading the preferences is often not the best.
fn preferences(
    rng: &mut SeededRng,
    holders: Vec<&'static str>,
    contradict: bool,
    planted: Booked<'static>,
    rival: Option<Booked<'static>>,
    candidates: &[Wish],
) -> Vec<Preference> {
    let count = holders.len();
    let rival_meets = |wish: &Wish| rival.is_some_and(|rival| wish.met_by(rival));
    let mut used: Vec<std::mem::Discriminant<Wish>> = Vec::new();
    let mut out = Vec::new();
    for (index, who) in holders.into_iter().enumerate() {
        let last = index + 1 == count;
        let options: Vec<Wish> = candidates
            .iter()
            .copied()
            .filter(|wish| !used.contains(&std::mem::discriminant(wish)))
            .filter(|wish| match (contradict && last, index) {
                (true, _) => !wish.met_by(planted) && !rival_meets(wish),
                (false, 0) => wish.met_by(planted) && !rival_meets(wish),
                (false, _) => wish.met_by(planted),
            })
            .collect();
        if options.is_empty() {
            continue;
        }
        let wish = options[rng.index(options.len())];
        used.push(std::mem::discriminant(&wish));
        out.push(Preference { who, wish });
    }
    out
}

/// A proposed booking as the grader reads it.
struct Booking {
    day: Reading<Day>,
    start: Reading<u32>,
    end: Reading<u32>,
    /// Folded names, in the order written.
    participants: Reading<Vec<String>>,
    /// An index into [`Calendar::rooms`].
    room: Reading<usize>,
}

/// Words that may stand around a room's name ("the Cedar room").
pub(super) const ROOM_FILLER: &[&str] = &["room", "the", "meeting", "conference", "in", "rm"];

impl Calendar {
    /// Whether the calendars and rooms are behind lookups (levels 4 and 5).
    fn lookups(&self) -> bool {
        !self.zones.is_empty()
    }

    /// The step limit of the scenario's level, when it sets one.
    pub fn max_steps(&self) -> Option<u32> {
        self.max_steps
    }

    /// The answer's fields: level 5's include `no_slot`.
    pub fn answer_fields(&self) -> &'static [(&'static str, &'static str)] {
        match self.no_slot_allowed {
            true => ANSWER_FIELDS_NO_SLOT,
            false => ANSWER_FIELDS,
        }
    }

    /// Whether no booking meets every constraint.
    fn infeasible(&self) -> bool {
        self.valid_slots().is_empty()
    }

    /// Make one required person busy at a valid booking, at random, until
    /// none is left: a scenario with no answer but `no_slot`.
    fn spoil(&mut self, rng: &mut SeededRng) {
        loop {
            let slots: Vec<(usize, u32)> = self
                .valid_slots()
                .iter()
                .map(|&(day, start, _)| (day, start))
                .collect();
            if slots.is_empty() {
                return;
            }
            let (day, start) = slots[rng.index(slots.len())];
            let meeting = Slots::span(start, start + self.duration);
            let who = self.required[rng.index(self.required.len())];
            if let Some(free) = self
                .people
                .iter_mut()
                .find(|(name, _)| *name == who)
                .and_then(|(_, free)| free.get_mut(day))
            {
                free.0 &= !meeting.0;
            }
        }
    }

    fn room_infos(&self) -> Vec<RoomInfo> {
        self.rooms
            .iter()
            .map(|r| RoomInfo {
                name: r.name.to_owned(),
                capacity: r.capacity,
                open: self.windows(&r.open),
            })
            .collect()
    }

    /// What `check_calendar: NAME` shows: the person's working hours and
    /// busy times on each candidate day, on their own clock, and how far
    /// that clock is from the meeting's time zone. Busy times are those
    /// within the part of their working hours that falls in the meeting's
    /// working hours (the only part a booking can use).
    pub fn check_calendar(&self, name: &str) -> String {
        if !self.lookups() {
            return "Nothing to look up: every calendar is in the payload's availability."
                .to_owned();
        }
        let wanted = fold_name(name);
        let found = self
            .people
            .iter()
            .zip(&self.zones)
            .find(|((person, _), _)| normalize(person) == wanted);
        let Some(((person, free), zone)) = found else {
            let names: Vec<&str> = self.people.iter().map(|(n, _)| *n).collect();
            return format!(
                "No calendar for {name:?}: the directory lists {}.",
                names.join(", ")
            );
        };
        let clock_note = match zone.offset {
            0 => format!(
                "{person} works in the meeting's time zone ({}; offset +00:00)",
                self.timezone
            ),
            offset => format!(
                "{person}'s clock is {} h {:02} min {} the meeting's time zone ({}; offset {}): \
                 09:00 meeting time is {} on their clock",
                offset.unsigned_abs() / 60,
                offset.unsigned_abs() % 60,
                if offset > 0 { "ahead of" } else { "behind" },
                self.timezone,
                zone.offset_text(),
                clock(zone.local(DAY_START))
            ),
        };
        let usable = Slots(zone.window().0 & Slots::span(DAY_START, DAY_END).0);
        let days: Vec<String> = self
            .days
            .iter()
            .zip(free)
            .map(|(day, free)| {
                let busy = Slots(usable.0 & !free.0);
                let times: Vec<String> = busy
                    .windows(None)
                    .iter()
                    .filter_map(|w| Some((parse_clock(&w.start)?, parse_clock(&w.end)?)))
                    .map(|(start, end)| {
                        format!("{}-{}", clock(zone.local(start)), clock(zone.local(end)))
                    })
                    .collect();
                let times = match times.is_empty() {
                    true => "none".to_owned(),
                    false => times.join(", "),
                };
                format!("{} ({}): busy {times}", day.long(), day.iso())
            })
            .collect();
        format!(
            "Calendar of {person}. {clock_note}. Working hours on their clock: {}-{}; they are \
             unavailable outside them. Busy on their clock, per day: {}.",
            clock(zone.start),
            clock(zone.end),
            days.join("; ")
        )
    }

    /// The reference's lookup at step `step` (0-based), where the lookups
    /// are open: each required person's calendar, then the rooms; `None`
    /// once it has read them all (then it answers).
    pub fn reference_lookup(&self, step: u32) -> Option<String> {
        if !self.lookups() {
            return None;
        }
        let step = step as usize;
        match self.required.get(step) {
            Some(name) => Some(format!("check_calendar: {name}")),
            None => (step == self.required.len()).then(|| "list_rooms".to_owned()),
        }
    }

    /// What `list_rooms` shows: every room's capacity and open windows, in
    /// meeting time.
    pub fn list_rooms(&self) -> String {
        if !self.lookups() {
            return "Nothing to look up: every room is in the payload.".to_owned();
        }
        let rooms: Vec<String> = self
            .room_infos()
            .iter()
            .map(|room| {
                let open: Vec<String> = room
                    .open
                    .iter()
                    .map(|w| match &w.day {
                        Some(day) => format!("{day} {}-{}", w.start, w.end),
                        None => format!("{}-{}", w.start, w.end),
                    })
                    .collect();
                let open = match open.is_empty() {
                    true => "never".to_owned(),
                    false => open.join(", "),
                };
                format!("{} (capacity {}): open {open}", room.name, room.capacity)
            })
            .collect();
        format!(
            "Rooms, open windows in meeting time ({}): {}.",
            self.timezone,
            rooms.join("; ")
        )
    }

    /// Whether the meeting may be on more than one day.
    fn several_days(&self) -> bool {
        self.days.len() > 1
    }

    /// The day's `YYYY-MM-DD` when windows must name it.
    fn window_day(&self, index: usize) -> Option<String> {
        self.several_days().then(|| self.days[index].iso())
    }

    fn windows(&self, slots: &[Slots]) -> Vec<Window> {
        slots
            .iter()
            .enumerate()
            .flat_map(|(index, day)| day.windows(self.window_day(index).as_deref()))
            .collect()
    }

    fn preference_text(&self, preference: &Preference) -> String {
        let who = preference.who;
        match preference.wish {
            Wish::EndsBy(time) => {
                format!("{who} would like the meeting to end by {}.", clock(time))
            }
            Wish::StartsFrom(time) => {
                format!(
                    "{who} would rather it did not start before {}.",
                    clock(time)
                )
            }
            Wish::NotOn(day) => format!(
                "{who} would rather not meet on {} ({}).",
                self.days[day].long(),
                self.days[day].iso()
            ),
            Wish::InRoom(room) => format!("{who} prefers the {room} room (it has a video link)."),
        }
    }

    pub fn payload(&self) -> CalendarPayload {
        let single = (!self.several_days()).then_some(self.days[0]);
        CalendarPayload {
            organizer: self.organizer.to_owned(),
            day: single.map(Day::iso),
            day_name: single.map(|d| d.weekday_name().to_owned()),
            days: match self.several_days() {
                true => self
                    .days
                    .iter()
                    .map(|d| CandidateDay {
                        day: d.iso(),
                        day_name: d.weekday_name().to_owned(),
                    })
                    .collect(),
                false => Vec::new(),
            },
            timezone: self.timezone.to_owned(),
            duration_minutes: self.duration,
            working_hours: Window {
                day: None,
                start: clock(DAY_START),
                end: clock(DAY_END),
            },
            required_participants: self.required.iter().map(|s| (*s).to_owned()).collect(),
            directory: match self.lookups() {
                true => self.people.iter().map(|(n, _)| (*n).to_owned()).collect(),
                false => Vec::new(),
            },
            availability: match self.lookups() {
                true => Vec::new(),
                false => self
                    .people
                    .iter()
                    .map(|(name, free)| PersonAvailability {
                        name: (*name).to_owned(),
                        free: self.windows(free),
                    })
                    .collect(),
            },
            blocked_windows: self
                .blocked
                .iter()
                .map(|b| BlockedWindow {
                    label: b.label.to_owned(),
                    day: self.window_day(b.day),
                    start: clock(b.start),
                    end: clock(b.end),
                })
                .collect(),
            rooms: match self.lookups() {
                true => Vec::new(),
                false => self.room_infos(),
            },
            preferences: self
                .preferences
                .iter()
                .map(|p| PreferenceInfo {
                    who: p.who.to_owned(),
                    text: self.preference_text(p),
                })
                .collect(),
        }
    }

    /// The one-day text of levels 1 and 2, and from level 3 the same
    /// constraints per day, the candidate days and the preferences.
    pub fn instruction(&self) -> String {
        let several = self.several_days();
        let days: Vec<String> = self
            .days
            .iter()
            .map(|d| format!("{} ({})", d.long(), d.iso()))
            .collect();
        let (on, given, of_day, on_day) = match several {
            true => (
                format!("on one of these days: {}", days.join(", ")),
                "one of the given days",
                " of that day",
                " on that day",
            ),
            false => (format!("on {}", days.join("")), "the given day", "", ""),
        };
        let free_source = match self.lookups() {
            true => "within their own working hours and not busy, see `check_calendar`",
            false => "see availability",
        };
        let mut text = format!(
            "You are {}'s scheduling assistant. Book one {}-minute meeting {on} for every \
             required participant.\n\nConstraints (all must hold):\n\
             - the meeting lasts exactly {} minutes, starts and ends within working hours, on {given};\n\
             - it does not overlap any blocked window{of_day};\n\
             - every required participant is free for the whole meeting{on_day} ({free_source}; \
             colleagues who are not required must not be invited);\n\
             - the room's capacity is at least the number of participants and the room is open \
             for the whole meeting{on_day}.\n\
             The organizer ({}) books the meeting and is not a participant: `participants` lists \
             exactly the required participants (naming the organizer as well is ignored), and \
             the room's capacity counts only them. A booking that breaks any constraint earns \
             at most 0.2 (day, duration and participants); the rest is paid only to a booking \
             that meets them all.\n",
            self.organizer, self.duration, self.duration, self.organizer
        );
        if several {
            text.push_str("Every free, open and blocked window names its day.\n");
        }
        if self.lookups() {
            text.push_str(&format!(
                "\nThe calendars and rooms are not in the payload: look them up, one step each. \
                 `check_calendar: NAME` shows one person's calendar on the candidate days: their \
                 working hours and busy times, written on their own clock, and how far their clock \
                 is from the meeting's time zone ({tz}). Convert before comparing: someone whose \
                 clock is 2 h ahead and who is busy 14:00-15:00 on it is busy 12:00-13:00 meeting \
                 time, and someone whose working hours end at 17:00 on that clock is unavailable \
                 from 15:00 meeting time. `list_rooms` shows every room's capacity and open \
                 windows, in meeting time. Working hours ({start} to {end}), blocked windows, \
                 preferences and the answer's times are in meeting time. The step limit is {steps} steps, \
                 lookups included: one calendar per required participant, the rooms and the \
                 answer fit with a step to spare, so look up the required participants rather \
                 than everyone in the directory.\n",
                tz = self.timezone,
                start = clock(DAY_START),
                end = clock(DAY_END),
                steps = self.max_steps.unwrap_or_default(),
            ));
        }
        if self.preferences.is_empty() {
            text.push_str("Any slot and room meeting every constraint is correct.\n");
        } else {
            text.push_str(
                "\nPreferences of the required participants (soft: they may not all be possible \
                 together):\n",
            );
            for preference in &self.preferences {
                text.push_str("- ");
                text.push_str(&self.preference_text(preference));
                text.push('\n');
            }
            text.push_str(
                "Among the bookings that meet every constraint, choose one that meets as many \
                 preferences as any of them can; meeting fewer scores less, and preferences \
                 count for nothing in a booking that breaks a constraint.\n",
            );
        }
        text.push_str(
            "\nAnswer with one JSON object: {\"day\": \"YYYY-MM-DD\", \"start\": \"HH:MM\", \
             \"end\": \"HH:MM\", \"participants\": [names], \"room\": name}.",
        );
        text.push_str(NUMERIC_DAYS);
        if self.no_slot_allowed {
            text.push_str(
                " It may be that no booking meets every constraint: then answer \
                 {\"no_slot\": true} and no other field. That answer scores full only when no \
                 valid booking exists, and zero when one does; when none exists, any booking \
                 breaks a constraint and earns at most 0.2. An answer with both a booking and \
                 `no_slot` is graded as the booking.",
            );
        }
        text
    }

    /// `name`'s (folded) free time per day.
    fn free_slots(&self, name: &str) -> Option<&[Slots]> {
        self.people
            .iter()
            .find(|(n, _)| normalize(n) == name)
            .map(|(_, s)| s.as_slice())
    }

    fn blocked_on(&self, day: usize) -> Slots {
        Slots(
            self.blocked
                .iter()
                .filter(|b| b.day == day)
                .fold(0, |acc, b| acc | Slots::span(b.start, b.end).0),
        )
    }

    fn read(&self, answer: &Map<String, Value>) -> Booking {
        let (year, _, _) = self.days[0].civil();
        // A day or time with an aside (`10:30 (after the drill)`,
        // `2026-04-24, not the 23rd`) is that day or time.
        // A time naming no half of the day ("half past two") is read in
        // working hours' half.
        // A time followed by the meeting's own zone ("3:45pm CT") is that time.
        let day = one_value(answer, "day", |value| match value {
            Value::String(text) => with_asides(text, |day| parse_day_among(day, year, &self.days)),
            _ => None,
        });
        let clock_of = |edge| {
            clock_reader(
                self.timezone,
                day.as_ref().ok().copied(),
                self.duration,
                edge,
            )
        };
        let room_of = |word: &str| {
            self.rooms
                .iter()
                .position(|r| r.name.eq_ignore_ascii_case(word))
        };
        Booking {
            start: one_value(answer, "start", clock_of(Edge::Start)),
            end: one_value(answer, "end", clock_of(Edge::End)),
            day,
            participants: items(answer, "participants", fold_name),
            room: stated_choice_field(answer, "room", room_of, ROOM_FILLER),
        }
    }

    /// Everyone the payload names: the listed people and the organizer.
    fn known_people(&self) -> BTreeSet<String> {
        set_of(
            self.people
                .iter()
                .map(|(name, _)| *name)
                .chain([self.organizer])
                .map(normalize),
        )
    }

    /// The draft check: each field read as the grader reads it, names
    /// among the payload's people.
    pub fn form(&self, answer: &Map<String, Value>) -> FormCheck {
        if self.claims_no_slot(answer) {
            return vec![("no_slot".into(), Ok(()))];
        }
        let booking = self.read(answer);
        vec![
            ("day".into(), booking.day.map(drop)),
            ("start".into(), booking.start.map(drop)),
            ("end".into(), booking.end.map(drop)),
            (
                "participants".into(),
                items_form(&booking.participants, &self.known_people()),
            ),
            ("room".into(), booking.room.map(drop)),
        ]
    }

    /// How many preferences `booking` meets.
    fn preferences_met(&self, booking: Booked) -> usize {
        self.preferences
            .iter()
            .filter(|p| p.wish.met_by(booking))
            .count()
    }

    /// Whether `answer` says no booking is possible (`no_slot` true, as a
    /// boolean or the word) and books nothing: an answer with a booking as
    /// well is the booking, as the instruction says.
    fn claims_no_slot(&self, answer: &Map<String, Value>) -> bool {
        let said = says_no_slot(answer.get("no_slot"));
        let books = ANSWER_FIELDS
            .iter()
            .any(|(field, _)| match answer.get(*field) {
                None | Some(Value::Null) => false,
                Some(Value::String(text)) => !text.trim().is_empty(),
                Some(Value::Array(items)) => !items.is_empty(),
                Some(_) => true,
            });
        self.no_slot_allowed && said && !books
    }

    /// The grade of a `no_slot` answer: full when no booking meets every
    /// constraint, nothing when one does.
    fn grade_no_slot(&self) -> Grade {
        let rubric = rubric_of(self);
        let right = self.infeasible();
        let scores: Vec<(&'static str, Points)> = rubric
            .criteria
            .iter()
            .map(|c| (c.name, all_or_nothing(right)))
            .collect();
        let deductions = match right {
            true => Vec::new(),
            false => vec![Deduction::new(
                VALID,
                "no_slot",
                "true",
                "a booking: at least one meets every constraint",
            )],
        };
        Grade::of(rubric, &scores, deductions)
    }

    pub fn grade(&self, answer: &Map<String, Value>) -> Grade {
        if self.claims_no_slot(answer) {
            return self.grade_no_slot();
        }
        let booking = self.read(answer);
        let required = set_of(self.required.iter().map(|s| normalize(s)));
        let day = booking
            .day
            .ok()
            .and_then(|day| self.days.iter().position(|d| *d == day));
        // The interval constraints are only checked for a real meeting of at
        // least the asked length on a candidate day, so a one-minute or
        // wrong-day booking cannot dodge them.
        let interval = match (day, booking.start, booking.end) {
            (Some(day), Ok(start), Ok(end))
                if start >= DAY_START && end <= DAY_END && end >= start + self.duration =>
            {
                Some((day, start, end, Slots::span(start, end)))
            }
            _ => None,
        };
        let duration_ok = matches!((booking.start, booking.end), (Ok(s), Ok(e)) if e > s && e - s == self.duration);
        let clear = interval.is_some_and(|(day, _, _, m)| !m.overlaps(self.blocked_on(day)));
        // The organizer books the meeting and is not a participant (the
        // instruction says so): naming them is neither credited nor held
        // against the booking, and they take no seat.
        let organizer = normalize(self.organizer);
        let invited = item_set(&booking.participants).map(|mut invited| {
            invited.remove(&organizer);
            invited
        });
        let busy: Vec<&str> = match interval {
            Some((day, _, _, meeting)) => self
                .required
                .iter()
                .copied()
                .filter(|name| {
                    !self
                        .free_slots(&normalize(name))
                        .and_then(|free| free.get(day))
                        .is_some_and(|free| free.covers(meeting))
                })
                .collect(),
            None => self.required.clone(),
        };
        let available = match &invited {
            Some(invited) => self
                .required
                .iter()
                .filter(|name| invited.contains(&normalize(name)) && !busy.contains(*name))
                .count(),
            None => 0,
        };
        // The room must hold everyone required and everyone else invited, so
        // leaving a required name out never makes a small room fit.
        let headcount = invited
            .as_ref()
            .map(|invited| invited.union(&required).count() as u32);
        let room = match (interval, headcount, booking.room) {
            (Some((day, _, _, meeting)), Some(headcount), Ok(room)) => {
                self.rooms.get(room).filter(|room| {
                    room.capacity >= headcount
                        && room.open.get(day).is_some_and(|open| open.covers(meeting))
                })
            }
            _ => None,
        };
        let exactly_required = invited.as_ref() == Some(&required);
        let valid = day.is_some()
            && duration_ok
            && exactly_required
            && clear
            && available == required.len()
            && room.is_some();
        // Preferences count against the best any valid booking achieves
        // (only then worth the enumeration).
        let best = self.solve().map_or(0, |(_, most)| most);
        let met = match (interval, room) {
            (Some((day, start, end, _)), Some(room)) => self.preferences_met(Booked {
                day,
                start,
                end,
                room: room.name,
            }),
            _ => 0,
        };
        let preferences = match best {
            0 => Points::FULL,
            best => Points::ratio(met.min(best) as u64, best as u64),
        };
        let mut scores: Vec<(&'static str, Points)> = vec![
            ("day", all_or_nothing(day.is_some())),
            ("duration", all_or_nothing(duration_ok)),
            (
                "participants",
                invited
                    .as_ref()
                    .map_or(Points::ZERO, |invited| f1(invited, &required)),
            ),
            (VALID, all_or_nothing(valid)),
            ("no_blocked_overlap", all_or_nothing(clear)),
            (
                "participant_availability",
                Points::ratio(available as u64, required.len() as u64),
            ),
            ("room_valid", all_or_nothing(room.is_some())),
        ];
        let rubric = rubric_of(self);
        if !self.preferences.is_empty() {
            scores.push(("preferences", preferences));
        }
        let mut deductions = self.deductions(
            answer, &booking, day, interval, &invited, &busy, room, met, best,
        );
        // The gate names what it shut on, so a booking's feedback says why
        // the criteria after it were not paid.
        if !valid {
            // Without a meeting on a candidate day (an unreadable day or
            // times) the interval constraints are not checked, and are
            // named so rather than as broken.
            let checked = interval.is_some();
            let readable_room = booking.room.is_ok();
            let constraints = [
                ("day", day.is_some(), true),
                ("duration", duration_ok, true),
                // Times outside working hours (or too short a meeting) on
                // a candidate day; with no day, the day is what broke.
                ("working hours", checked || day.is_none(), true),
                ("participants", exactly_required, true),
                ("no_blocked_overlap", clear, checked),
                (
                    "participant_availability",
                    available == required.len(),
                    checked,
                ),
                ("room_valid", room.is_some(), checked || !readable_room),
            ];
            let named = |judged: bool| -> Vec<&str> {
                constraints
                    .iter()
                    .filter(|(_, held, was_checked)| !held && *was_checked == judged)
                    .map(|(name, _, _)| *name)
                    .collect()
            };
            let mut got = format!("broken: {}", named(true).join(", "));
            let unchecked = named(false);
            if !unchecked.is_empty() {
                got.push_str(&format!(
                    "; not checked without a meeting within working hours on a candidate day: {}",
                    unchecked.join(", ")
                ));
            }
            deductions.push(Deduction::new(
                VALID,
                "the booking",
                got,
                "every hard constraint held (only such a booking earns past 0.2)",
            ));
            if self.no_slot_allowed && best == 0 && self.infeasible() {
                deductions.push(Deduction::new(
                    VALID,
                    "the answer",
                    "a booking",
                    "{\"no_slot\": true}: no booking meets every constraint",
                ));
            }
        }
        Grade::of(rubric, &scores, deductions)
    }

    /// Where a booking lost points, each with the value expected.
    #[allow(
        clippy::too_many_arguments,
        reason = "each deduction names a booking field, and each field is one argument"
    )]
    fn deductions(
        &self,
        answer: &Map<String, Value>,
        booking: &Booking,
        day: Option<usize>,
        interval: Option<(usize, u32, u32, Slots)>,
        invited: &Option<BTreeSet<String>>,
        busy: &[&str],
        room: Option<&Room>,
        met: usize,
        best: usize,
    ) -> Vec<Deduction> {
        let mut out = Vec::new();
        let candidates: Vec<String> = self.days.iter().map(|d| d.iso()).collect();
        if day.is_none() {
            out.push(Deduction::new(
                "day",
                "day",
                written(answer, "day"),
                format!("one of {}", candidates.join(", ")),
            ));
        }
        // A time that could not be read says so, so the agent fixes its
        // form rather than hunting for a wrong duration.
        let time_written = |key: &str, reading: &Reading<u32>| match reading {
            Err(Unreadable::IllFormed) => {
                format!("{} (not read as a time: write HH:MM)", written(answer, key))
            }
            _ => written(answer, key),
        };
        let times = format!(
            "{} to {}",
            time_written("start", &booking.start),
            time_written("end", &booking.end)
        );
        if !matches!((booking.start, booking.end), (Ok(s), Ok(e)) if e > s && e - s == self.duration)
        {
            out.push(Deduction::new(
                "duration",
                "start and end",
                times.clone(),
                format!(
                    "exactly {} minutes within working hours {} to {}",
                    self.duration,
                    clock(DAY_START),
                    clock(DAY_END)
                ),
            ));
        }
        let required: Vec<String> = self.required.iter().map(|s| (*s).to_owned()).collect();
        if invited.as_ref().map(|i| i.len()) != Some(required.len())
            || invited
                .as_ref()
                .is_some_and(|i| !self.required.iter().all(|r| i.contains(&normalize(r))))
        {
            out.push(Deduction::new(
                "participants",
                "participants",
                written(answer, "participants"),
                format!(
                    "exactly the required participants: {} (not the organizer, no one else)",
                    required.join(", ")
                ),
            ));
        }
        match interval {
            None => {}
            Some((day, start, end, meeting)) => {
                for blocked in self
                    .blocked
                    .iter()
                    .filter(|b| b.day == day && Slots::span(b.start, b.end).overlaps(meeting))
                {
                    out.push(Deduction::new(
                        "no_blocked_overlap",
                        format!("blocked window {}", blocked.label),
                        format!("{} to {}", clock(start), clock(end)),
                        format!(
                            "no overlap with {} to {}",
                            clock(blocked.start),
                            clock(blocked.end)
                        ),
                    ));
                }
                for name in busy {
                    let free = self
                        .free_slots(&normalize(name))
                        .and_then(|free| free.get(day).copied())
                        .unwrap_or_default()
                        .windows(None)
                        .iter()
                        .map(|w| format!("{}-{}", w.start, w.end))
                        .collect::<Vec<_>>()
                        .join(", ");
                    out.push(Deduction::new(
                        "participant_availability",
                        *name,
                        format!("busy at some of {} to {}", clock(start), clock(end)),
                        format!("a time inside their free windows that day: {free}"),
                    ));
                }
            }
        }
        // Without a meeting on a candidate day the interval constraints are
        // not checked: each is named with the field at fault (the day, or
        // the times), never a readable room.
        if interval.is_none() {
            let (item, got) = match day {
                None => ("day", written(answer, "day")),
                Some(_) => ("start and end", times),
            };
            let expected = format!(
                "a meeting of at least {} minutes within working hours on a candidate day, for the constraints to be checked",
                self.duration
            );
            let unchecked = ["no_blocked_overlap", "participant_availability"]
                .into_iter()
                .chain(booking.room.is_ok().then_some("room_valid"));
            for criterion in unchecked {
                out.push(Deduction::new(
                    criterion,
                    item,
                    got.clone(),
                    expected.clone(),
                ));
            }
        }
        // A room is checked against a meeting on a candidate day; without
        // one the day or the times are at fault (named above), not a
        // readable room.
        if room.is_none() && (interval.is_some() || booking.room.is_err()) {
            out.push(Deduction::new(
                "room_valid",
                "room",
                written(answer, "room"),
                format!(
                    "a room with capacity at least {} that is open for the whole meeting",
                    self.required.len()
                ),
            ));
        }
        if !self.preferences.is_empty() && met < best {
            out.push(Deduction::new(
                "preferences",
                "preferences",
                format!("{met} met"),
                format!("{best} met, as the best valid booking does"),
            ));
        }
        out
    }

    /// Every booking of the required participants alone that meets every
    /// constraint: by day, then start, then room name.
    fn valid_slots(&self) -> Vec<Slot<'_>> {
        let mut rooms: Vec<&Room> = self.rooms.iter().collect();
        crate::order::sort_by_key(&mut rooms, |r| r.name);
        let headcount = self.required.len() as u32;
        let mut out = Vec::new();
        for day in 0..self.days.len() {
            let blocked = self.blocked_on(day);
            let everyone = self.required.iter().fold(Slots(u128::MAX), |acc, name| {
                let free = self
                    .free_slots(&normalize(name))
                    .and_then(|free| free.get(day).copied());
                Slots(acc.0 & free.unwrap_or_default().0)
            });
            for start in (DAY_START..=DAY_END - self.duration).step_by(QUARTER as usize) {
                let meeting = Slots::span(start, start + self.duration);
                if meeting.overlaps(blocked) || !everyone.covers(meeting) {
                    continue;
                }
                out.extend(
                    rooms
                        .iter()
                        .filter(|r| {
                            r.capacity >= headcount
                                && r.open.get(day).is_some_and(|open| open.covers(meeting))
                        })
                        .map(|r| (day, start, *r)),
                );
            }
        }
        out
    }

    /// The first valid booking (in [`Calendar::valid_slots`]' order) that
    /// meets the most preferences, with how many it meets.
    fn solve(&self) -> Option<(Slot<'_>, usize)> {
        let mut best: Option<(Slot<'_>, usize)> = None;
        for slot in self.valid_slots() {
            let met = self.preferences_met(self.booked(slot));
            if best.is_none_or(|(_, most)| met > most) {
                best = Some((slot, met));
            }
        }
        best
    }

    fn booked<'a>(&self, (day, start, room): Slot<'a>) -> Booked<'a> {
        Booked {
            day,
            start,
            end: start + self.duration,
            room: room.name,
        }
    }

    /// The reference answer misjudged: the preferences are one judgement
    /// each, and a misjudged one books the first valid slot instead of the
    /// best; the slot answers one judgement per constraint it must meet
    /// (each required person free, each blocked window avoided), and a
    /// misjudged one moves it to another start; the room is one judgement;
    /// each required person is one, and a misjudged one brings a colleague
    /// who is not invited instead (or nobody).
    pub(crate) fn noisy_answer(&self, noise: &mut Noise) -> Value {
        // With no valid booking, seeing so takes the judgements a booking
        // does (each required person's time, each blocked window, the
        // room), as ruling out every slot is that work; a misjudged one
        // books the first start of the first day in the first room.
        if self.no_slot_allowed && self.infeasible() {
            return match noise.misjudged(self.required.len() + self.blocked.len() + 1) {
                true => self.answer_for(self.rooms.first().map(|room| (0, DAY_START, room))),
                false => json!({"no_slot": true}),
            };
        }
        let mut slot = self.solve().map(|(slot, _)| slot);
        if noise.misjudged(self.preferences.len()) {
            slot = self.valid_slots().first().copied();
        }
        let mut answer = self.answer_for(slot);
        let uninvited: Vec<&str> = self
            .people
            .iter()
            .map(|(name, _)| *name)
            .filter(|name| !self.required.contains(name))
            .collect();
        let rooms: Vec<Value> = self.rooms.iter().map(|r| json!(r.name)).collect();
        misjudge_booking(
            noise,
            &mut answer,
            BookingJudgements {
                right_start: slot.map_or(DAY_START, |(_, start, _)| start),
                duration: self.duration,
                time: self.required.len() + self.blocked.len(),
                rooms: &rooms,
                room: 1,
                required: &self.required,
                others: &uninvited,
            },
        );
        answer
    }

    fn answer_for(&self, slot: Option<Slot<'_>>) -> Value {
        let (day, start, room) = match slot {
            Some((day, start, room)) => (day, start, room.name),
            None => (0, DAY_START, ""),
        };
        json!({
            "day": self.days[day].iso(),
            "start": clock(start),
            "end": clock(start + self.duration),
            "participants": self.required,
            "room": room,
        })
    }

    pub fn reference_answer(&self) -> Value {
        match self.solve() {
            None if self.no_slot_allowed => json!({"no_slot": true}),
            solved => self.answer_for(solved.map(|(slot, _)| slot)),
        }
    }
}

/// What a noisy writer judges in one booking: its time (`time`
/// judgements, the right start `right_start`), its room (`room`
/// judgements among `rooms`) and each required person (one judgement each,
/// a misjudged one swapped for one of `others`).
pub(super) struct BookingJudgements<'a> {
    pub right_start: u32,
    pub duration: u32,
    pub time: usize,
    pub rooms: &'a [Value],
    pub room: usize,
    pub required: &'a [&'a str],
    pub others: &'a [&'a str],
}

/// Writes a booking's time, room and participants into `booking` as the
/// noisy reference would: a misjudged time starts elsewhere on the day's
/// quarter grid, a misjudged room is another room, a misjudged person
/// another colleague. The calendar's and the schedule's writers share it,
/// so the noise curve means the same at every level.
pub(super) fn misjudge_booking(noise: &mut Noise, booking: &mut Value, judged: BookingJudgements) {
    if noise.misjudged(judged.time) {
        let starts: Vec<u32> = (DAY_START..=DAY_END - judged.duration)
            .step_by(QUARTER as usize)
            .collect();
        let start = noise.other(&starts, &judged.right_start);
        booking["start"] = json!(clock(start));
        booking["end"] = json!(clock(start + judged.duration));
    }
    if noise.misjudged(judged.room) {
        booking["room"] = noise.other(judged.rooms, &booking["room"]);
    }
    let participants: Vec<&str> = judged
        .required
        .iter()
        .filter_map(|name| match noise.misjudged(1) {
            true => judged
                .others
                .get(noise.rng.index(judged.others.len()))
                .copied(),
            false => Some(*name),
        })
        .collect();
    booking["participants"] = json!(participants);
}

#[cfg(test)]
mod tests {
    use super::*;

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
    use crate::grading::answer_object as answer;

    #[test]
    fn every_scenario_is_solvable_and_the_reference_scores_full() {
        // Every scenario is solvable but a share of level 5's, which has
        // no valid booking by design; there `no_slot` is the answer.
        for level in 1..=5 {
            let mut infeasible = 0u32;
            for seed in 0..1000 {
                let calendar = generate(level, seed);
                infeasible += u32::from(calendar.solve().is_none());
                assert_eq!(calendar.days.len(), at_level(&DAYS, level));
                let grade = calendar.grade(&answer(calendar.reference_answer()));
                assert_eq!(
                    grade.total,
                    Points::FULL,
                    "level {level} seed {seed}: {grade:?}"
                );
            }
            let percent = at_level(&INFEASIBLE_PERCENT, level);
            println!("level {level}: {infeasible} of 1000 without a valid booking");
            assert!(
                infeasible.abs_diff(percent * 10) <= 40,
                "level {level}: {infeasible} of 1000 infeasible, {percent}% drawn"
            );
        }
    }

    /// The payload with the lookups' answers put back as levels 1 to 3
    /// show them (availability and rooms, windows by day, in meeting
    /// time), read from the text of `check_calendar` and `list_rooms`
    /// alone: what a careful agent can know.
    fn payload_from_lookups(calendar: &Calendar) -> Value {
        let mut payload = serde_json::to_value(calendar.payload()).unwrap_or_default();
        if !calendar.lookups() {
            return payload;
        }
        let after = |text: &str, key: &str| -> Option<String> {
            text.split_once(key).map(|(_, rest)| rest.to_owned())
        };
        let mut availability = Vec::new();
        for name in payload["directory"].as_array().cloned().unwrap_or_default() {
            let name = name.as_str().unwrap_or_default();
            let text = calendar.check_calendar(name);
            // "offset +05:30)" and "Working hours on their clock: 08:30-17:00;"
            let offset = after(&text, "offset ").unwrap_or_default();
            let sign = if offset.starts_with('-') { -1 } else { 1 };
            let offset = sign * parse_clock(&offset[1..6]).unwrap_or(0) as i32;
            let hours = after(&text, "Working hours on their clock: ").unwrap_or_default();
            let (work_start, work_end) = (
                parse_clock(&hours[0..5]).unwrap_or(0) as i32 - offset,
                parse_clock(&hours[6..11]).unwrap_or(0) as i32 - offset,
            );
            let mut free = Vec::new();
            for day in &calendar.days {
                let iso = day.iso();
                let busy = after(&text, &format!("({iso}): busy ")).unwrap_or_default();
                let busy = busy.split([';', '.']).next().unwrap_or_default();
                let mut open = Slots::span(
                    work_start.max(DAY_START as i32) as u32,
                    work_end.min(DAY_END as i32).max(DAY_START as i32) as u32,
                );
                for window in busy.split(", ").filter(|w| *w != "none") {
                    let (from, to) = window.split_once('-').unwrap_or_default();
                    let (from, to) = (
                        parse_clock(from).unwrap_or(0) as i32 - offset,
                        parse_clock(to).unwrap_or(0) as i32 - offset,
                    );
                    open.0 &= !Slots::span(from as u32, to as u32).0;
                }
                free.extend(open.windows(Some(&iso)));
            }
            availability.push(json!({"name": name, "free": free}));
        }
        payload["availability"] = json!(availability);
        // "Cedar (capacity 5): open 2026-03-02 09:00-10:30, ...; Maple ..."
        let text = calendar.list_rooms();
        let listed = after(&text, "): ").unwrap_or_default();
        let mut rooms = Vec::new();
        for room in listed.trim_end_matches('.').split("; ") {
            let (head, open) = room.split_once(": open ").unwrap_or_default();
            let (name, capacity) = head.split_once(" (capacity ").unwrap_or_default();
            let capacity: u64 = capacity.trim_end_matches(')').parse().unwrap_or(0);
            let open: Vec<Value> = open
                .split(", ")
                .filter(|w| *w != "never")
                .map(|w| {
                    let (day, times) = w.split_once(' ').unwrap_or_default();
                    let (start, end) = times.split_once('-').unwrap_or_default();
                    json!({"day": day, "start": start, "end": end})
                })
                .collect();
            rooms.push(json!({"name": name, "capacity": capacity, "open": open}));
        }
        payload["rooms"] = json!(rooms);
        payload
    }

    /// Minutes of a payload window's `HH:MM`.
    fn minutes_of(value: &Value) -> u32 {
        value
            .as_str()
            .and_then(crate::dates::parse_clock)
            .unwrap_or(0)
    }

    /// Whether some window of `windows` on `day` (a window without a day
    /// is on the only day) covers `start..end`, read from the payload.
    fn payload_covers(windows: &Value, day: &str, start: u32, end: u32) -> bool {
        windows.as_array().into_iter().flatten().any(|w| {
            w["day"].as_str().is_none_or(|d| d == day)
                && minutes_of(&w["start"]) <= start
                && end <= minutes_of(&w["end"])
        })
    }

    #[test]
    fn any_valid_booking_is_right_and_the_best_for_preferences_scores_full() {
        // Every day, start and room of the scenario against an oracle read
        // from the payload alone (windows by day) and the preferences.
        // From level 4 the payload is what the lookups show, read from
        // their text: they hold everything the grader checks.
        let later = (4..=5).flat_map(|level| (0..12).map(move |seed| (level, seed)));
        for (level, seed) in [(2, 11), (2, 4), (3, 1), (3, 8)].into_iter().chain(later) {
            let calendar = generate(level, seed);
            let payload = payload_from_lookups(&calendar);
            let best = calendar.solve().map_or(0, |(_, met)| met);
            let mut valid_count = 0;
            for (index, day) in calendar.days.iter().enumerate() {
                let iso = day.iso();
                for start in (DAY_START..=DAY_END - calendar.duration).step_by(QUARTER as usize) {
                    let end = start + calendar.duration;
                    for room in &payload["rooms"].as_array().cloned().unwrap_or_default() {
                        let name = room["name"].as_str().unwrap_or_default();
                        let mut booking = answer(calendar.reference_answer());
                        booking.insert("day".into(), json!(iso));
                        booking.insert("start".into(), json!(clock(start)));
                        booking.insert("end".into(), json!(clock(end)));
                        booking.insert("room".into(), json!(name));
                        let grade = calendar.grade(&booking);
                        let blocked = payload["blocked_windows"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .any(|b| {
                                b["day"].as_str().is_none_or(|d| d == iso)
                                    && minutes_of(&b["start"]) < end
                                    && start < minutes_of(&b["end"])
                            });
                        let people_free = calendar.required.iter().all(|n| {
                            payload["availability"]
                                .as_array()
                                .into_iter()
                                .flatten()
                                .any(|p| {
                                    p["name"] == *n && payload_covers(&p["free"], &iso, start, end)
                                })
                        });
                        let room_fits = room["capacity"].as_u64().unwrap_or(0)
                            >= calendar.required.len() as u64
                            && payload_covers(&room["open"], &iso, start, end);
                        let valid = !blocked && people_free && room_fits;
                        let met = calendar.preferences_met(Booked {
                            day: index,
                            start,
                            end,
                            room: name,
                        });
                        let context =
                            format!("level {level} seed {seed} {iso} {} {name}", clock(start));
                        assert_eq!(
                            grade.total == Points::FULL,
                            valid && met == best,
                            "{context}: {grade:?}"
                        );
                        if !calendar.preferences.is_empty() {
                            let expected = match (valid, best) {
                                (false, _) => Points::ZERO,
                                (true, 0) => Points::FULL,
                                (true, best) => Points::ratio(met as u64, best as u64),
                            };
                            assert_eq!(grade.criteria["preferences"], expected, "{context}");
                        }
                        valid_count += usize::from(valid);
                    }
                }
            }
            assert_eq!(
                valid_count >= 1,
                calendar.solve().is_some(),
                "level {level} seed {seed}"
            );
        }
    }

    #[test]
    fn one_day_levels_keep_the_one_day_payload() {
        for level in [1, 2] {
            let payload = serde_json::to_value(generate(level, 3).payload()).unwrap_or_default();
            assert!(payload["day"].is_string() && payload["day_name"].is_string());
            assert!(payload.get("days").is_none() && payload.get("preferences").is_none());
            assert!(payload["availability"][0]["free"][0].get("day").is_none());
        }
        let payload = serde_json::to_value(generate(3, 3).payload()).unwrap_or_default();
        assert!(payload.get("day").is_none());
        assert_eq!(payload["days"].as_array().map(Vec::len), Some(2));
        assert!(payload["blocked_windows"][0]["day"].is_string());
        assert!(payload["rooms"][0]["open"][0]["day"].is_string());
        assert_eq!(payload["preferences"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn every_preference_is_a_required_participants() {
        // The organizer books the meeting and is not in it: a preference of
        // theirs, or of anyone not invited, would be incoherent.
        for (level, seed) in (3..=5).flat_map(|level| (0..1000).map(move |seed| (level, seed))) {
            let calendar = generate(level, seed);
            for preference in &calendar.preferences {
                assert!(
                    calendar.required.contains(&preference.who),
                    "level {level} seed {seed}: {}",
                    calendar.preference_text(preference)
                );
            }
            let holders = set_of(calendar.preferences.iter().map(|p| p.who));
            assert_eq!(
                holders.len(),
                calendar.preferences.len(),
                "level {level} seed {seed}"
            );
        }
    }

    #[test]
    fn preferences_decide_between_valid_bookings() {
        // From level 3 a second valid booking stands on another day, and a
        // booking made without reading the preferences (the first valid
        // one) is often not the best; from level 4 they cannot all be met.
        const SEEDS: u64 = 300;
        for level in 3..=5 {
            let (mut first_is_worse, mut unmeetable, mut feasible) = (0, 0, 0);
            for seed in 0..SEEDS {
                let calendar = generate(level, seed);
                let slots = calendar.valid_slots();
                // Level 5's scenarios without a valid booking are judged
                // elsewhere (`no_slot`).
                if calendar.no_slot_allowed && slots.is_empty() {
                    continue;
                }
                feasible += 1;
                let days = set_of(slots.iter().map(|slot| slot.0));
                assert!(days.len() >= 2, "level {level} seed {seed}: {days:?}");
                let Some((_, best)) = calendar.solve() else {
                    panic!("level {level} seed {seed} unsolvable");
                };
                let first = calendar.answer_for(slots.first().copied());
                let grade = calendar.grade(&answer(first));
                if grade.total < Points::FULL {
                    assert!(calendar.preferences_met(calendar.booked(slots[0])) < best);
                    first_is_worse += 1;
                }
                unmeetable += u64::from(best < calendar.preferences.len());
            }
            println!(
                "level {level}: first valid booking not the best in {first_is_worse} of {SEEDS}; preferences unmeetable together in {unmeetable}"
            );
            assert!(
                first_is_worse * 100 >= feasible * 35,
                "level {level}: {first_is_worse}"
            );
            if level >= 4 {
                assert!(
                    unmeetable * 100 >= feasible * 80,
                    "level {level}: {unmeetable}"
                );
            }
        }
    }

    #[test]
    fn several_days_read_naturally_and_hedged_days_do_not() {
        for seed in 0..20 {
            let calendar = generate(5, seed);
            let reference = answer(calendar.reference_answer());
            // (A scenario without a valid booking has no day to write.)
            let Some(((day, _, _), _)) = calendar.solve() else {
                continue;
            };
            let date = calendar.days[day];
            let (year, _, _) = date.civil();
            let mut natural = reference.clone();
            natural.insert("day".into(), json!(format!("{}, {year}", date.long())));
            assert_eq!(calendar.grade(&natural).total, Points::FULL, "seed {seed}");
            let all: Vec<String> = calendar.days.iter().map(|d| d.iso()).collect();
            for hedge in [json!(all), json!(all.join(" or ")), json!(all.join(", "))] {
                let mut hedged = reference.clone();
                hedged.insert("day".into(), hedge);
                let grade = calendar.grade(&hedged);
                assert_eq!(grade.criteria["day"], Points::ZERO, "seed {seed}");
                assert_eq!(grade.criteria["preferences"], Points::ZERO, "seed {seed}");
                assert_eq!(grade.criteria["room_valid"], Points::ZERO, "seed {seed}");
            }
            // A day outside the window, however free everyone is.
            let mut outside = reference.clone();
            outside.insert("day".into(), json!(calendar.days[0].plus(-1).iso()));
            assert!(calendar.grade(&outside).total < Points(2000), "seed {seed}");
        }
    }

    #[test]
    fn broken_bookings_do_not_score_full() {
        for seed in 0..100 {
            let calendar = generate(2, seed);
            let reference = answer(calendar.reference_answer());
            // A room that is open at the time but too small.
            let start = calendar
                .solve()
                .map_or(DAY_START, |((_, start, _), _)| start);
            let meeting = Slots::span(start, start + calendar.duration);
            if let Some(small) = calendar
                .rooms
                .iter()
                .find(|r| r.open[0].covers(meeting) && r.capacity < calendar.required.len() as u32)
            {
                let mut booking = reference.clone();
                booking.insert("room".into(), json!(small.name));
                let grade = calendar.grade(&booking);
                assert_eq!(grade.criteria["room_valid"], Points::ZERO, "seed {seed}");
                assert!(grade.total < Points::FULL);
            }
            // Overlapping lunch.
            let lunch = calendar
                .blocked
                .iter()
                .find(|b| b.label == "lunch")
                .map(|b| b.start)
                .unwrap_or(720);
            let mut booking = reference.clone();
            booking.insert("start".into(), json!(clock(lunch)));
            booking.insert("end".into(), json!(clock(lunch + calendar.duration)));
            let grade = calendar.grade(&booking);
            assert_eq!(
                grade.criteria["no_blocked_overlap"],
                Points::ZERO,
                "seed {seed}"
            );
            assert!(grade.total < Points::FULL);
            // Inviting everyone in the availability list.
            let mut booking = reference.clone();
            let everyone: Vec<&str> = calendar.people.iter().map(|p| p.0).collect();
            booking.insert("participants".into(), json!(everyone));
            assert!(
                calendar.grade(&booking).criteria["participants"] < Points::FULL,
                "seed {seed}"
            );
            // A one-minute meeting cannot dodge the constraints.
            let mut booking = reference;
            booking.insert("end".into(), json!(clock(start + 15)));
            let grade = calendar.grade(&booking);
            assert_eq!(grade.criteria["room_valid"], Points::ZERO);
            assert_eq!(grade.criteria["participant_availability"], Points::ZERO);
        }
    }

    #[test]
    fn natural_forms_read_and_hedges_do_not() {
        let calendar = generate(2, 3);
        let (start, room) = calendar
            .solve()
            .map_or((DAY_START, ""), |((_, s, r), _)| (s, r.name));
        let twelve_hour = |minutes: u32| {
            let (h, m) = (minutes / 60, minutes % 60);
            let meridiem = if h >= 12 { "PM" } else { "AM" };
            format!("{}:{m:02} {meridiem}", (h + 11) % 12 + 1)
        };
        let names = calendar.required.join(", ").to_uppercase();
        let natural = answer(json!({
            "day": calendar.days[0].long(),
            "start": twelve_hour(start),
            "end": twelve_hour(start + calendar.duration),
            "participants": names,
            "room": format!("{room} Room"),
        }));
        assert_eq!(calendar.grade(&natural).total, Points::FULL, "{natural:?}");
        assert!(calendar.form(&natural).iter().all(|(_, form)| form.is_ok()));
        // Values wrapped in markdown, as chat models write them.
        let marked = answer(json!({
            "day": format!("**{}**", calendar.days[0].iso()),
            "start": format!("`{}`", clock(start)),
            "end": format!("**{}**", twelve_hour(start + calendar.duration)),
            "participants": names,
            "room": format!("**{room}**"),
        }));
        assert_eq!(calendar.grade(&marked).total, Points::FULL, "{marked:?}");
        let mut hedged = natural.clone();
        hedged.insert(
            "start".into(),
            json!(format!("{} or {}", clock(start), clock(start + 15))),
        );
        hedged.insert(
            "room".into(),
            json!(format!("{room} or {}", calendar.rooms[0].name)),
        );
        let grade = calendar.grade(&hedged);
        assert_eq!(grade.criteria["room_valid"], Points::ZERO);
        assert_eq!(grade.criteria["participant_availability"], Points::ZERO);
        let form = calendar.form(&answer(
            json!({"participants": ["Nobody"], "room": "Cedar or Maple"}),
        ));
        assert!(form.iter().all(|(_, f)| f.is_err()), "{form:?}");
    }

    /// `calendar` with every person renamed to a name it does not use, and
    /// the renaming.
    fn renamed(calendar: &Calendar) -> (Calendar, Vec<(&'static str, &'static str)>) {
        let cast: Vec<&'static str> = calendar
            .people
            .iter()
            .map(|(name, _)| *name)
            .chain([calendar.organizer])
            .collect();
        let fresh: Vec<&'static str> = FIRST_NAMES
            .iter()
            .rev()
            .copied()
            .filter(|name| !cast.contains(name))
            .collect();
        let map: Vec<(&'static str, &'static str)> = cast.iter().copied().zip(fresh).collect();
        let to = |name: &'static str| {
            map.iter()
                .find(|(from, _)| *from == name)
                .map_or(name, |(_, to)| *to)
        };
        let mut other = calendar.clone();
        other.organizer = to(other.organizer);
        other.required = other.required.iter().map(|n| to(n)).collect();
        for (name, _) in &mut other.people {
            *name = to(name);
        }
        for preference in &mut other.preferences {
            preference.who = to(preference.who);
        }
        (other, map)
    }

    #[test]
    fn renaming_people_leaves_every_score_unchanged() {
        for level in 1..=5 {
            for seed in 0..40 {
                let calendar = generate(level, seed);
                let (other, map) = renamed(&calendar);
                let mut rng = SeededRng::new(seed, 77);
                for per_mille in [0, 300, 1000] {
                    let mut noise = Noise {
                        per_mille,
                        rng: &mut rng,
                    };
                    let original = answer(calendar.noisy_answer(&mut noise));
                    let mut moved = original.clone();
                    let names: Vec<Value> = original
                        .get("participants")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .map(|name| {
                            let name = name.as_str().unwrap_or_default();
                            json!(
                                map.iter()
                                    .find(|(from, _)| *from == name)
                                    .map_or(name, |(_, to)| *to)
                            )
                        })
                        .collect();
                    if original.contains_key("participants") {
                        moved.insert("participants".into(), json!(names));
                    }
                    assert_eq!(
                        calendar.grade(&original).criteria,
                        other.grade(&moved).criteria,
                        "level {level} seed {seed} rate {per_mille}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_booking_that_breaks_a_constraint_earns_at_most_a_fifth() {
        for level in 1..=5 {
            for seed in 0..60 {
                let calendar = generate(level, seed);
                let reference = answer(calendar.reference_answer());
                let start = calendar.solve().map_or(DAY_START, |((_, s, _), _)| s);
                let mut broken = Vec::new();
                // Every start of the day: the invalid ones.
                for other in (DAY_START..=DAY_END - calendar.duration).step_by(QUARTER as usize) {
                    let mut booking = reference.clone();
                    booking.insert("start".into(), json!(clock(other)));
                    booking.insert("end".into(), json!(clock(other + calendar.duration)));
                    broken.push(booking);
                }
                // A required person left out; a colleague who is not invited.
                let mut fewer = reference.clone();
                fewer.insert("participants".into(), json!(calendar.required[1..]));
                broken.push(fewer);
                let extra = calendar
                    .people
                    .iter()
                    .map(|p| p.0)
                    .find(|n| !calendar.required.contains(n));
                let mut more = reference.clone();
                more.insert(
                    "participants".into(),
                    json!([calendar.required.clone(), extra.into_iter().collect()].concat()),
                );
                broken.push(more);
                for booking in broken {
                    let grade = calendar.grade(&booking);
                    if grade.criteria[VALID] < Points::FULL {
                        assert!(
                            grade.total <= Points(2000),
                            "level {level} seed {seed} {start}: {grade:?}"
                        );
                        assert!(!grade.deductions.is_empty());
                    }
                }
                // Naming the organizer as well changes nothing (to a
                // booking: `no_slot` has no participants).
                if calendar.solve().is_none() {
                    continue;
                }
                let mut with_organizer = reference.clone();
                with_organizer.insert(
                    "participants".into(),
                    json!([&[calendar.organizer][..], &calendar.required[..]].concat()),
                );
                assert_eq!(calendar.grade(&with_organizer).total, Points::FULL);
            }
        }
    }

    #[test]
    fn no_slot_scores_full_only_without_a_valid_booking() {
        let no_slot = answer(json!({"no_slot": true}));
        let mut total = 0i64;
        for seed in 0..300 {
            let calendar = generate(5, seed);
            let infeasible = calendar.solve().is_none();
            let grade = calendar.grade(&no_slot);
            assert_eq!(grade.total == Points::FULL, infeasible, "seed {seed}");
            assert_eq!(grade.total == Points::ZERO, !infeasible, "seed {seed}");
            total += i64::from(grade.total.0);
            // The word reads as the boolean; with a booking it is the booking.
            let worded = answer(json!({"no_slot": "yes"}));
            assert_eq!(calendar.grade(&worded).total, grade.total, "seed {seed}");
            let mut both = answer(calendar.answer_for(calendar.solve().map(|(slot, _)| slot)));
            both.insert("no_slot".into(), json!(true));
            let booked = calendar.grade(&both);
            assert_eq!(booked.total == Points::FULL, !infeasible, "seed {seed}");
            if infeasible {
                assert!(booked.total <= Points(2000), "seed {seed}: {booked:?}");
                assert!(
                    booked
                        .deductions
                        .iter()
                        .any(|d| d.expected.contains("no_slot")),
                    "seed {seed}"
                );
            }
            // The draft check reads `no_slot` alone as well formed.
            assert!(calendar.form(&no_slot).iter().all(|(_, f)| f.is_ok()));
        }
        // Always answering `no_slot` is a blind policy: it must stay low.
        let mean = total / 300;
        println!("always no_slot at level 5: {mean}");
        assert!(mean <= 3000, "always no_slot averages {mean}");
        // Below level 5 `no_slot` is no answer at all.
        for level in 1..=4 {
            let calendar = generate(level, 1);
            assert_eq!(calendar.grade(&no_slot).total, Points::ZERO);
        }
    }

    #[test]
    fn lookups_hide_the_calendars_and_rooms_and_show_them_on_request() {
        for level in 1..=5 {
            let calendar = generate(level, 7);
            let payload = serde_json::to_value(calendar.payload()).unwrap_or_default();
            let lookups = level >= 4;
            assert_eq!(calendar.lookups(), lookups);
            assert_eq!(payload.get("availability").is_none(), lookups);
            assert_eq!(payload.get("rooms").is_none(), lookups);
            assert_eq!(payload.get("directory").is_some(), lookups);
            assert_eq!(max_steps(level).is_some(), lookups);
            let shown = calendar.check_calendar(calendar.required[0]);
            assert_eq!(shown.starts_with("Calendar of"), lookups, "{shown}");
            assert_eq!(calendar.list_rooms().starts_with("Rooms"), lookups);
        }
        let calendar = generate(5, 7);
        // Names read as the grader reads them; unknown names list the directory.
        let name = calendar.required[0];
        assert_eq!(
            calendar.check_calendar(&format!(" {}. ", name.to_uppercase())),
            calendar.check_calendar(name)
        );
        let unknown = calendar.check_calendar("Nobody");
        assert!(unknown.contains("No calendar") && unknown.contains(name));
        // One calendar per required person, the rooms and the answer fit
        // the step limit with a step to spare.
        for level in 4..=5 {
            let steps = max_steps(level).unwrap_or(0);
            for seed in 0..200 {
                let calendar = generate(level, seed);
                assert!(calendar.required.len() as u32 + 3 <= steps, "level {level}");
                assert!(calendar.instruction().contains(&format!("{steps} steps")));
            }
        }
    }

    #[test]
    fn other_clocks_decide_many_scenarios() {
        // Reading every calendar's times as meeting time (ignoring the
        // clocks) books an invalid slot, or misses the best, often: the
        // time zones are a rule that matters, not decoration.
        for level in 4..=5 {
            let (mut abroad, mut naive_wrong, mut feasible) = (0, 0, 0);
            for seed in 0..200 {
                let calendar = generate(level, seed);
                abroad += usize::from(
                    calendar
                        .people
                        .iter()
                        .zip(&calendar.zones)
                        .any(|((n, _), z)| calendar.required.contains(n) && z.offset != 0),
                );
                if calendar.solve().is_none() {
                    continue;
                }
                feasible += 1;
                // The naive reader: each busy window as meeting time and
                // working hours as the meeting's.
                let mut naive = calendar.clone();
                for ((_, free), zone) in naive.people.iter_mut().zip(&calendar.zones) {
                    let usable = Slots(zone.window().0 & Slots::span(DAY_START, DAY_END).0);
                    for day in free.iter_mut() {
                        let busy = Slots(usable.0 & !day.0);
                        let mut shifted = Slots(0);
                        for (start, end) in busy
                            .windows(None)
                            .iter()
                            .filter_map(|w| Some((parse_clock(&w.start)?, parse_clock(&w.end)?)))
                        {
                            shifted.0 |= Slots::span(zone.local(start), zone.local(end)).0;
                        }
                        *day = Slots(Slots::span(DAY_START, DAY_END).0 & !shifted.0);
                    }
                }
                let guess = answer(naive.reference_answer());
                naive_wrong += usize::from(calendar.grade(&guess).total < Points::FULL);
            }
            println!(
                "level {level}: a required person abroad in {abroad} of 200; ignoring the clocks loses points in {naive_wrong} of {feasible}"
            );
            assert!(abroad >= 150, "level {level}: {abroad}");
            assert!(
                naive_wrong * 100 >= feasible * 30,
                "level {level}: {naive_wrong}"
            );
        }
    }

    #[test]
    fn a_memorised_answer_from_another_seed_fails() {
        let mut total = 0i64;
        let memorised = answer(generate(2, 0).reference_answer());
        for seed in 1..201 {
            total += i64::from(generate(2, seed).grade(&memorised).total.0);
        }
        assert!(
            total / 200 < 3000,
            "memorised answer averages {}",
            total / 200
        );
        assert_eq!(generate(2, 5).grade(&Map::new()).total, Points::ZERO);
    }
}
