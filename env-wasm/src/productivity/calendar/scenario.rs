//! The [`Calendar`] a seed makes: the candidate days, the people and their
//! free time, the blocked windows, the rooms and the preferences; and the
//! bookings it admits ([`Calendar::valid_slots`], the best of them for the
//! preferences in [`Calendar::solve`]), which the generator, the grader
//! and the reference all ask for.

use super::slots::{DAY_END, DAY_START, QUARTER, Slots, Zone};
use crate::dates::Day;
use crate::text::normalize;

/// The fields of a calendar answer, with the form each takes.
pub const ANSWER_FIELDS: &[(&str, &str)] = &[
    ("day", "YYYY-MM-DD"),
    ("start", "HH:MM"),
    ("end", "HH:MM"),
    ("participants", "list of names"),
    ("room", "room name"),
];

/// Level 5's answer fields: a booking, or `no_slot` when none meets
/// every constraint.
pub(super) const ANSWER_FIELDS_NO_SLOT: &[(&str, &str)] = &[
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

#[derive(Debug, Clone)]
pub(super) struct Room {
    pub(super) name: &'static str,
    pub(super) capacity: u32,
    /// Open time per candidate day.
    pub(super) open: Vec<Slots>,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Blocked {
    pub(super) label: &'static str,
    /// An index into [`Calendar::days`].
    pub(super) day: usize,
    pub(super) start: u32,
    pub(super) end: u32,
}

/// What one preference asks of a booking.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Wish {
    EndsBy(u32),
    StartsFrom(u32),
    /// An index into [`Calendar::days`].
    NotOn(usize),
    InRoom(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Preference {
    pub(super) who: &'static str,
    pub(super) wish: Wish,
}

/// A booking of the minimal party: the day's index, the start, the room.
pub(super) type Slot<'a> = (usize, u32, &'a Room);

/// A generated meeting request: the people, rooms and days, and what the grader checks.
#[derive(Debug, Clone)]
pub struct Calendar {
    pub(super) organizer: &'static str,
    /// The candidate days, consecutive working days.
    pub(super) days: Vec<Day>,
    pub(super) timezone: &'static str,
    pub(super) duration: u32,
    pub(super) required: Vec<&'static str>,
    /// Everyone listed in the payload, required first, with their free
    /// time per candidate day.
    pub(super) people: Vec<(&'static str, Vec<Slots>)>,
    pub(super) blocked: Vec<Blocked>,
    pub(super) rooms: Vec<Room>,
    pub(super) preferences: Vec<Preference>,
    /// With lookups (levels 4 and 5), each person's clock, in the order of
    /// `people`; empty without.
    pub(super) zones: Vec<Zone>,
    /// Whether the answer may be `no_slot` (level 5): the instruction says
    /// so in every scenario of the level, feasible or not.
    pub(super) no_slot_allowed: bool,
    /// The step limit, when the level sets one (levels with lookups).
    pub(super) max_steps: Option<u32>,
}

/// A booking as preferences read it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Booked<'a> {
    pub(super) day: usize,
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) room: &'a str,
}

impl Wish {
    pub(super) fn met_by(self, booking: Booked) -> bool {
        match self {
            Wish::EndsBy(time) => booking.end <= time,
            Wish::StartsFrom(time) => booking.start >= time,
            Wish::NotOn(day) => booking.day != day,
            Wish::InRoom(room) => booking.room == room,
        }
    }
}

impl Calendar {
    /// Whether the calendars and rooms are behind lookups (levels 4 and 5).
    pub(super) fn lookups(&self) -> bool {
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
    pub(super) fn infeasible(&self) -> bool {
        self.valid_slots().is_empty()
    }

    /// `name`'s (folded) free time per day.
    pub(super) fn free_slots(&self, name: &str) -> Option<&[Slots]> {
        self.people
            .iter()
            .find(|(n, _)| normalize(n) == name)
            .map(|(_, s)| s.as_slice())
    }

    pub(super) fn blocked_on(&self, day: usize) -> Slots {
        Slots(
            self.blocked
                .iter()
                .filter(|b| b.day == day)
                .fold(0, |acc, b| acc | Slots::span(b.start, b.end).0),
        )
    }

    /// How many preferences `booking` meets.
    pub(super) fn preferences_met(&self, booking: Booked) -> usize {
        self.preferences
            .iter()
            .filter(|p| p.wish.met_by(booking))
            .count()
    }

    /// Every booking of the required participants alone that meets every
    /// constraint: by day, then start, then room name.
    pub(super) fn valid_slots(&self) -> Vec<Slot<'_>> {
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
    pub(super) fn solve(&self) -> Option<(Slot<'_>, usize)> {
        let mut best: Option<(Slot<'_>, usize)> = None;
        for slot in self.valid_slots() {
            let met = self.preferences_met(self.booked(slot));
            if best.is_none_or(|(_, most)| met > most) {
                best = Some((slot, met));
            }
        }
        best
    }

    pub(super) fn booked<'a>(&self, (day, start, room): Slot<'a>) -> Booked<'a> {
        Booked {
            day,
            start,
            end: start + self.duration,
            room: room.name,
        }
    }
}
