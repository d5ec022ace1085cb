//! Task `medium`: schedule one meeting under people, room and blocked-time
//! constraints.
//!
//! The generator plants one feasible slot (so every scenario is solvable)
//! and surrounds it with decoys: rooms that are free but too small, large
//! rooms that are closed at the right time, people who are not invited. The
//! grader checks the constraints, not a memorised answer: any slot and room
//! that satisfy all of them score 1.0.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::names::FIRST_NAMES;
use super::{FormCheck, Grade, Noise, at};
use crate::dates::{Day, clock, parse_clock, parse_day};
use crate::grading::{
    Reading, all_or_nothing, choice_field, f1, fold_name, item_set, items, items_form, one_value,
    scalar_text,
};
use crate::points::Points;
use crate::rng::SeededRng;
use crate::text::normalize;

pub const ANSWER_FIELDS: &[(&str, &str)] = &[
    ("day", "YYYY-MM-DD"),
    ("start", "HH:MM"),
    ("end", "HH:MM"),
    ("participants", "list of names"),
    ("room", "room name"),
];

const QUARTER: u32 = 15;
const DAY_START: u32 = 9 * 60;
const DAY_END: u32 = 18 * 60;
const DURATIONS: &[u32] = &[30, 45, 60, 90];
const ROOM_NAMES: &[&str] = &[
    "Cedar", "Maple", "Atrium", "Harbor", "Summit", "Willow", "Quartz", "Beacon", "Orchard",
    "Lantern", "Meadow", "Granite",
];
const TIMEZONES: &[&str] = &[
    "Europe/Lisbon",
    "Asia/Kolkata",
    "America/Chicago",
    "Europe/Berlin",
    "Asia/Singapore",
];
const BLOCKERS: &[&str] = &["all-hands", "fire drill", "office maintenance", "town hall"];

/// Per level (1 to 5), as (fewest, most): the required participants, the
/// colleagues listed who are not invited, and the rooms beyond the three
/// planted ones (one that fits, one too small, one closed at the planted
/// time); and how many more blocked hours are tried after the planted slot.
const REQUIRED: [(i64, i64); 5] = [(2, 3), (3, 5), (4, 6), (5, 7), (6, 8)];
const UNINVITED: [(i64, i64); 5] = [(1, 1), (1, 2), (2, 3), (2, 4), (3, 4)];
const MORE_ROOMS: [(i64, i64); 5] = [(0, 0), (0, 2), (1, 3), (2, 4), (3, 5)];
const MORE_BLOCKED: [usize; 5] = [0, 0, 1, 2, 3];

/// The parts a reader can copy from the payload (day, duration, who is
/// required) weigh little; finding a time everyone is free and a room that
/// fits is the task, so those two carry most of the score.
const WEIGHTS: [(&str, Points); 6] = [
    ("day", Points(500)),
    ("duration", Points(500)),
    ("participants", Points(1000)),
    ("no_blocked_overlap", Points(1000)),
    ("participant_availability", Points(3500)),
    ("room_valid", Points(3500)),
];

/// Quarter-hours of one day as bits (bit i = minutes 15*i .. 15*i+15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Slots(u128);

impl Slots {
    fn span(start: u32, end: u32) -> Slots {
        let (a, b) = (start / QUARTER, end.div_ceil(QUARTER));
        if b <= a || b > 96 {
            return Slots(0);
        }
        Slots(((1u128 << (b - a)) - 1) << a)
    }

    fn covers(self, other: Slots) -> bool {
        self.0 & other.0 == other.0
    }

    fn overlaps(self, other: Slots) -> bool {
        self.0 & other.0 != 0
    }

    fn windows(self) -> Vec<Window> {
        let mut out = Vec::new();
        let mut i = 0u32;
        while i < 96 {
            if self.0 >> i & 1 == 1 {
                let start = i;
                while i < 96 && self.0 >> i & 1 == 1 {
                    i += 1;
                }
                out.push(Window {
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
    pub start: String,
    pub end: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PersonAvailability {
    pub name: String,
    /// When this person is free on the meeting day.
    pub free: Vec<Window>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BlockedWindow {
    pub label: String,
    pub start: String,
    pub end: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RoomInfo {
    pub name: String,
    pub capacity: u32,
    /// When the room can be booked on the meeting day.
    pub open: Vec<Window>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CalendarPayload {
    pub organizer: String,
    pub day: String,
    pub day_name: String,
    pub timezone: String,
    pub duration_minutes: u32,
    pub working_hours: Window,
    pub required_participants: Vec<String>,
    /// Free time of the required participants and of some colleagues who
    /// are not invited.
    pub availability: Vec<PersonAvailability>,
    pub blocked_windows: Vec<BlockedWindow>,
    pub rooms: Vec<RoomInfo>,
}

#[derive(Debug, Clone)]
struct Room {
    name: &'static str,
    capacity: u32,
    open: Slots,
}

#[derive(Debug, Clone)]
pub struct Calendar {
    organizer: &'static str,
    day: Day,
    timezone: &'static str,
    duration: u32,
    required: Vec<&'static str>,
    /// Everyone listed in the payload, required first.
    people: Vec<(&'static str, Slots)>,
    blocked: Vec<(&'static str, u32, u32)>,
    rooms: Vec<Room>,
}

/// Random extra free time: a few blocks of 30 to 120 minutes.
fn random_blocks(rng: &mut SeededRng, count: u32) -> Slots {
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

pub fn generate(level: u8, seed: u64) -> Calendar {
    let mut rng = SeededRng::new(seed, 2);
    let mut day = Day::EPOCH_2026.plus(rng.range(0, 330));
    while day.is_weekend() {
        day = day.plus(1);
    }
    let duration = *rng.pick(DURATIONS);
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
    let mut blocked_slots = Slots(
        blocked
            .iter()
            .fold(0, |acc, b| acc | Slots::span(b.1, b.2).0),
    );

    // Plant the feasible slot.
    let latest = (DAY_END - duration) / QUARTER;
    let mut start = DAY_START;
    for _ in 0..64 {
        start = rng.range(i64::from(DAY_START / QUARTER), i64::from(latest)) as u32 * QUARTER;
        if !Slots::span(start, start + duration).overlaps(blocked_slots) {
            break;
        }
    }
    let slot = Slots::span(start, start + duration);
    // Harder levels block more of the day, never the planted slot.
    for _ in 0..at(&MORE_BLOCKED, level) {
        let from = rng.range(36, 66) as u32 * QUARTER;
        let hour = Slots::span(from, from + 60);
        if !hour.overlaps(Slots(blocked_slots.0 | slot.0)) {
            blocked.push((*rng.pick(BLOCKERS), from, from + 60));
            blocked_slots.0 |= hour.0;
        }
    }
    crate::order::sort_by_key(&mut blocked, |b| b.1);

    // Sampling shuffles the whole pool, so the cast of every level is a
    // prefix of the same shuffle: enough names for the largest.
    let mut cast = rng.sample(FIRST_NAMES, 13);
    let organizer = cast.remove(0);
    let (fewest, most) = at(&REQUIRED, level);
    let invited = rng.range(fewest, most) as usize;
    let required: Vec<&'static str> = cast[..invited].to_vec();
    let (fewest, most) = at(&UNINVITED, level);
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
        people.push((*name, free));
    }

    let n = invited as u32;
    let mut room_names = rng.sample(ROOM_NAMES, 8);
    let mut rooms = vec![
        Room {
            name: room_names.remove(0),
            capacity: n + rng.range(0, 4) as u32,
            open: Slots(slot.0 | random_blocks(&mut rng, 2).0),
        },
        Room {
            name: room_names.remove(0),
            capacity: n - 1,
            open: Slots(slot.0 | random_blocks(&mut rng, 2).0),
        },
        Room {
            name: room_names.remove(0),
            capacity: n + rng.range(2, 8) as u32,
            open: Slots(random_blocks(&mut rng, 2).0 & !slot.0),
        },
    ];
    let (fewest, most) = at(&MORE_ROOMS, level);
    for _ in 0..rng.range(fewest, most) {
        let capacity = rng.range(2, 12) as u32;
        rooms.push(Room {
            name: room_names.remove(0),
            capacity,
            open: random_blocks(&mut rng, 2),
        });
    }
    rng.shuffle(&mut rooms);
    rng.shuffle(&mut people);

    Calendar {
        organizer,
        day,
        timezone: TIMEZONES[rng.index(TIMEZONES.len())],
        duration,
        required,
        people,
        blocked,
        rooms,
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

/// Words that may stand around a room's name ("the Cedar room").
const ROOM_FILLER: &[&str] = &["room", "the", "meeting", "conference", "in", "rm"];

impl Calendar {
    pub fn payload(&self) -> CalendarPayload {
        CalendarPayload {
            organizer: self.organizer.to_owned(),
            day: self.day.iso(),
            day_name: self.day.weekday_name().to_owned(),
            timezone: self.timezone.to_owned(),
            duration_minutes: self.duration,
            working_hours: Window {
                start: clock(DAY_START),
                end: clock(DAY_END),
            },
            required_participants: self.required.iter().map(|s| (*s).to_owned()).collect(),
            availability: self
                .people
                .iter()
                .map(|(name, free)| PersonAvailability {
                    name: (*name).to_owned(),
                    free: free.windows(),
                })
                .collect(),
            blocked_windows: self
                .blocked
                .iter()
                .map(|(label, start, end)| BlockedWindow {
                    label: (*label).to_owned(),
                    start: clock(*start),
                    end: clock(*end),
                })
                .collect(),
            rooms: self
                .rooms
                .iter()
                .map(|r| RoomInfo {
                    name: r.name.to_owned(),
                    capacity: r.capacity,
                    open: r.open.windows(),
                })
                .collect(),
        }
    }

    pub fn instruction(&self) -> String {
        format!(
            "You are {}'s scheduling assistant. Book one {}-minute meeting on {} ({}) for every \
             required participant.\n\nConstraints (all must hold):\n\
             - the meeting lasts exactly {} minutes, starts and ends within working hours, on the given day;\n\
             - it does not overlap any blocked window;\n\
             - every required participant is free for the whole meeting (see availability; \
             colleagues who are not required must not be invited);\n\
             - the room's capacity is at least the number of participants and the room is open \
             for the whole meeting.\n\
             Any slot and room meeting every constraint is correct.\n\n\
             Answer with one JSON object: {{\"day\": \"YYYY-MM-DD\", \"start\": \"HH:MM\", \"end\": \"HH:MM\", \
             \"participants\": [names], \"room\": name}}.",
            self.organizer,
            self.duration,
            self.day.long(),
            self.day.iso(),
            self.duration
        )
    }

    fn free_slots(&self, name: &str) -> Option<Slots> {
        self.people
            .iter()
            .find(|(n, _)| normalize(n) == name)
            .map(|(_, s)| *s)
    }

    fn read(&self, answer: &Map<String, Value>) -> Booking {
        let (year, _, _) = self.day.civil();
        let clock_of = |value: &Value| scalar_text(value).and_then(|text| parse_clock(&text));
        let room_of = |word: &str| {
            self.rooms
                .iter()
                .position(|r| r.name.eq_ignore_ascii_case(word))
        };
        Booking {
            day: one_value(answer, "day", |value| match value {
                Value::String(text) => parse_day(text, year),
                _ => None,
            }),
            start: one_value(answer, "start", clock_of),
            end: one_value(answer, "end", clock_of),
            participants: items(answer, "participants", fold_name),
            room: choice_field(answer, "room", room_of, ROOM_FILLER),
        }
    }

    /// Everyone the payload names: the listed people and the organizer.
    fn known_people(&self) -> BTreeSet<String> {
        self.people
            .iter()
            .map(|(name, _)| *name)
            .chain([self.organizer])
            .map(normalize)
            .collect()
    }

    /// The draft check: each field read as the grader reads it, names
    /// among the payload's people.
    pub fn form(&self, answer: &Map<String, Value>) -> FormCheck {
        let booking = self.read(answer);
        vec![
            ("day", booking.day.map(drop)),
            ("start", booking.start.map(drop)),
            ("end", booking.end.map(drop)),
            (
                "participants",
                items_form(&booking.participants, &self.known_people()),
            ),
            ("room", booking.room.map(drop)),
        ]
    }

    pub fn grade(&self, answer: &Map<String, Value>) -> Grade {
        let booking = self.read(answer);
        let required: BTreeSet<String> = self.required.iter().map(|s| normalize(s)).collect();
        let day_ok = booking.day == Ok(self.day);
        // The interval constraints are only checked for a real meeting of at
        // least the asked length on the right day, so a one-minute or
        // wrong-day booking cannot dodge them.
        let interval = match (booking.start, booking.end) {
            (Ok(start), Ok(end))
                if day_ok
                    && start >= DAY_START
                    && end <= DAY_END
                    && end >= start + self.duration =>
            {
                Some(Slots::span(start, end))
            }
            _ => None,
        };
        let duration_ok = matches!((booking.start, booking.end), (Ok(s), Ok(e)) if e > s && e - s == self.duration);
        let blocked = Slots(
            self.blocked
                .iter()
                .fold(0, |acc, b| acc | Slots::span(b.1, b.2).0),
        );
        let invited = item_set(&booking.participants);
        let available = match (interval, &invited) {
            (Some(meeting), Some(invited)) => required
                .iter()
                .filter(|name| invited.contains(*name))
                .filter(|name| {
                    self.free_slots(name)
                        .is_some_and(|free| free.covers(meeting))
                })
                .count(),
            _ => 0,
        };
        // The room must hold everyone required and everyone else invited, so
        // leaving a required name out never makes a small room fit.
        let headcount = invited
            .as_ref()
            .map(|invited| invited.union(&required).count() as u32);
        let room_ok = match (interval, headcount, booking.room) {
            (Some(meeting), Some(headcount), Ok(room)) => self
                .rooms
                .get(room)
                .is_some_and(|room| room.capacity >= headcount && room.open.covers(meeting)),
            _ => false,
        };
        let scores = [
            all_or_nothing(day_ok),
            all_or_nothing(duration_ok),
            invited.map_or(Points::ZERO, |invited| f1(&invited, &required)),
            all_or_nothing(interval.is_some_and(|m| !m.overlaps(blocked))),
            Points::ratio(available as u64, required.len() as u64),
            all_or_nothing(room_ok),
        ];
        Grade::from_table(&WEIGHTS, scores)
    }

    /// The earliest slot and the first room (by name) meeting every constraint.
    fn solve(&self) -> Option<(u32, &Room)> {
        let blocked = Slots(
            self.blocked
                .iter()
                .fold(0, |acc, b| acc | Slots::span(b.1, b.2).0),
        );
        let everyone = self.required.iter().fold(Slots(u128::MAX), |acc, name| {
            Slots(acc.0 & self.free_slots(&normalize(name)).unwrap_or_default().0)
        });
        let mut rooms: Vec<&Room> = self.rooms.iter().collect();
        crate::order::sort_by_key(&mut rooms, |r| r.name);
        (DAY_START..=DAY_END - self.duration)
            .step_by(QUARTER as usize)
            .find_map(|start| {
                let meeting = Slots::span(start, start + self.duration);
                if meeting.overlaps(blocked) || !everyone.covers(meeting) {
                    return None;
                }
                rooms
                    .iter()
                    .find(|r| r.capacity >= self.required.len() as u32 && r.open.covers(meeting))
                    .map(|r| (start, *r))
            })
    }

    /// The reference answer misjudged: the slot answers one judgement per
    /// constraint it must meet (each required person free, each blocked
    /// window avoided), and a misjudged one moves it to another start; the
    /// room is one judgement; each required person is one, and a misjudged
    /// one brings a colleague who is not invited instead (or nobody).
    pub(crate) fn noisy_answer(&self, noise: &mut Noise) -> Value {
        let mut answer = self.reference_answer();
        if noise.misjudged(self.required.len() + self.blocked.len()) {
            let right = self.solve().map_or(DAY_START, |(start, _)| start);
            let starts: Vec<u32> = (DAY_START..=DAY_END - self.duration)
                .step_by(QUARTER as usize)
                .collect();
            let start = noise.other(&starts, &right);
            answer["start"] = json!(clock(start));
            answer["end"] = json!(clock(start + self.duration));
        }
        if noise.misjudged(1) {
            let rooms: Vec<Value> = self.rooms.iter().map(|r| json!(r.name)).collect();
            answer["room"] = noise.other(&rooms, &answer["room"]);
        }
        let uninvited: Vec<&str> = self
            .people
            .iter()
            .map(|(name, _)| *name)
            .filter(|name| !self.required.contains(name))
            .collect();
        let participants: Vec<&str> = self
            .required
            .iter()
            .filter_map(|name| match noise.misjudged(1) {
                true => uninvited.get(noise.rng.index(uninvited.len())).copied(),
                false => Some(*name),
            })
            .collect();
        answer["participants"] = json!(participants);
        answer
    }

    pub fn reference_answer(&self) -> Value {
        let (start, room) = match self.solve() {
            Some((start, room)) => (start, room.name),
            None => (DAY_START, ""),
        };
        json!({
            "day": self.day.iso(),
            "start": clock(start),
            "end": clock(start + self.duration),
            "participants": self.required,
            "room": room,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::answer_object as answer;

    #[test]
    fn every_scenario_is_solvable_and_the_reference_scores_full() {
        for (level, seed) in (1..=5).flat_map(|level| (0..300).map(move |seed| (level, seed))) {
            let calendar = generate(level, seed);
            assert!(
                calendar.solve().is_some(),
                "level {level} seed {seed} has no feasible slot"
            );
            let grade = calendar.grade(&answer(calendar.reference_answer()));
            assert_eq!(
                grade.total,
                Points::FULL,
                "level {level} seed {seed}: {grade:?}"
            );
        }
    }

    #[test]
    fn any_feasible_slot_is_right() {
        // Enumerate every feasible (start, room) and check all score full.
        let calendar = generate(2, 11);
        let mut feasible = 0;
        for start in (DAY_START..=DAY_END - calendar.duration).step_by(QUARTER as usize) {
            for room in &calendar.rooms {
                let mut booking = answer(calendar.reference_answer());
                booking.insert("start".into(), json!(clock(start)));
                booking.insert("end".into(), json!(clock(start + calendar.duration)));
                booking.insert("room".into(), json!(room.name));
                let grade = calendar.grade(&booking);
                let meeting = Slots::span(start, start + calendar.duration);
                let blocked = calendar
                    .blocked
                    .iter()
                    .any(|b| Slots::span(b.1, b.2).overlaps(meeting));
                let people_free = calendar.required.iter().all(|n| {
                    calendar
                        .free_slots(&normalize(n))
                        .is_some_and(|f| f.covers(meeting))
                });
                let room_fits =
                    room.capacity >= calendar.required.len() as u32 && room.open.covers(meeting);
                let valid = !blocked && people_free && room_fits;
                assert_eq!(
                    grade.total == Points::FULL,
                    valid,
                    "start {} room {}",
                    clock(start),
                    room.name
                );
                feasible += usize::from(valid);
            }
        }
        assert!(feasible >= 1);
    }

    #[test]
    fn broken_bookings_do_not_score_full() {
        for seed in 0..100 {
            let calendar = generate(2, seed);
            let reference = answer(calendar.reference_answer());
            // A room that is open at the time but too small.
            let (start, _) = calendar.solve().unwrap_or((DAY_START, &calendar.rooms[0]));
            let meeting = Slots::span(start, start + calendar.duration);
            if let Some(small) = calendar
                .rooms
                .iter()
                .find(|r| r.open.covers(meeting) && r.capacity < calendar.required.len() as u32)
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
                .find(|b| b.0 == "lunch")
                .map(|b| b.1)
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
            .map(|(s, r)| (s, r.name))
            .unwrap_or((DAY_START, ""));
        let twelve_hour = |minutes: u32| {
            let (h, m) = (minutes / 60, minutes % 60);
            let meridiem = if h >= 12 { "PM" } else { "AM" };
            format!("{}:{m:02} {meridiem}", (h + 11) % 12 + 1)
        };
        let names = calendar.required.join(", ").to_uppercase();
        let natural = answer(json!({
            "day": calendar.day.long(),
            "start": twelve_hour(start),
            "end": twelve_hour(start + calendar.duration),
            "participants": names,
            "room": format!("{room} Room"),
        }));
        assert_eq!(calendar.grade(&natural).total, Points::FULL, "{natural:?}");
        assert!(calendar.form(&natural).iter().all(|(_, form)| form.is_ok()));
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
