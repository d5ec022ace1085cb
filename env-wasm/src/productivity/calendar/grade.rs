//! Grading a booking: the rubric (a gate `valid_booking` that every hard
//! constraint must pass before the heavy criteria pay), the answer read
//! field by field, the draft check through the same readers, and the
//! deductions that name what a booking got wrong.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::readers::{Edge, ROOM_FILLER, clock_reader, says_no_slot};
use super::scenario::{ANSWER_FIELDS, Booked, Calendar, Room};
use super::slots::{DAY_END, DAY_START, Slots};
use crate::dates::{Day, clock, parse_day_among};
use crate::grading::{
    Reading, Unreadable, all_or_nothing, f1, item_set, items_form, name_items, one_value,
};
use crate::order::set_of;
use crate::points::Points;
use crate::productivity::answer::{
    FormCheck, Grade, stated_choice_field, with_asides, written, written_choice,
};
use crate::rubric::{Criterion, Deduction, Rubric};
use crate::task::at_level;
use crate::text::list_aside::Listed;
use crate::text::normalize;

use super::generate::PREFERENCES;

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
static RUBRIC: Rubric = Rubric::new(&[
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
static RUBRIC_WITH_PREFERENCES: Rubric = Rubric::new(&[
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

impl Calendar {
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
        Booking {
            start: one_value(answer, "start", clock_of(Edge::Start)),
            end: one_value(answer, "end", clock_of(Edge::End)),
            day,
            participants: name_items(answer, "participants", &self.known_people(), Listed::Kept),
            room: stated_choice_field(answer, "room", |w| self.room_of(w), ROOM_FILLER),
        }
    }

    /// The room a word of the answer names, as an index into its rooms.
    fn room_of(&self, word: &str) -> Option<usize> {
        self.rooms
            .iter()
            .position(|r| r.name.eq_ignore_ascii_case(word))
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

    /// The grade of an answer object by the calendar rubric of this level.
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
            let name = |at: &usize| {
                self.rooms
                    .get(*at)
                    .map_or_else(String::new, |r| r.name.to_owned())
            };
            out.push(Deduction::new(
                "room_valid",
                "room",
                written_choice(answer, "room", |w| self.room_of(w), ROOM_FILLER, name),
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
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::generate::generate;
    use super::super::slots::QUARTER;
    use super::*;
    use crate::dates::parse_clock;
    use crate::grading::answer_object as answer;
    use crate::productivity::names::FIRST_NAMES;
    use crate::productivity::noise::Noise;
    use crate::rng::SeededRng;

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
