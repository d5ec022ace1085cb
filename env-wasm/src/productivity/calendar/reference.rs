//! The reference answer: the best valid booking for the preferences (or
//! `no_slot` where none exists and the level allows it), and at the
//! levels with lookups the lookups it makes first.

use serde_json::{Value, json};

use super::scenario::{Calendar, Slot};
use super::slots::DAY_START;
use crate::dates::clock;

impl Calendar {
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

    pub(super) fn answer_for(&self, slot: Option<Slot<'_>>) -> Value {
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

    /// The reference answer: the best slot, or `no_slot` where the level allows none.
    pub fn reference_answer(&self) -> Value {
        match self.solve() {
            None if self.no_slot_allowed => json!({"no_slot": true}),
            solved => self.answer_for(solved.map(|(slot, _)| slot)),
        }
    }
}
