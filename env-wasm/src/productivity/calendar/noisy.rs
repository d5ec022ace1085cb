//! The noisy reference: the reference answer with each judgement it takes
//! misjudged at a rate, so a model's score can be read against a known
//! error rate. [`misjudge_booking`] is shared with the schedule's writer.

use serde_json::{Value, json};

use super::scenario::Calendar;
use super::slots::{DAY_END, DAY_START, QUARTER};
use crate::dates::clock;
use crate::productivity::noise::Noise;

impl Calendar {
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
}

/// What a noisy writer judges in one booking: its time (`time`
/// judgements, the right start `right_start`), its room (`room`
/// judgements among `rooms`) and each required person (one judgement each,
/// a misjudged one swapped for one of `others`).
pub(crate) struct BookingJudgements<'a> {
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
pub(crate) fn misjudge_booking(noise: &mut Noise, booking: &mut Value, judged: BookingJudgements) {
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
