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
//!
//! Read bottom-up; each file is one concern, and the leaves hold what the
//! others share (this module only declares them and re-exports what the
//! rest of [`crate::productivity`] uses, so no child reads it back):
//! - `payload.rs`: the payload's serialised shapes; `slots.rs`: a working
//!   day's quarter-hours and a person's clock (`Slots`, `Zone`).
//! - `scenario.rs`: the [`Calendar`] a seed makes and the valid bookings it
//!   admits (the search the generator, the grader and the reference share).
//! - `readers.rs`: how a booking's time and `no_slot` fields are read (the
//!   schedule's grader reads them the same way).
//! - `generate.rs`: the per-level tables and the seeded [`generate`].
//! - `observation.rs`: the payload, the instruction and the lookups' text
//!   (`check_calendar`, `list_rooms`).
//! - `grade.rs`: the [`rubric`], the answer's reading, the draft check and
//!   the grade.
//! - `reference.rs`: the reference answer and its lookups; `noisy.rs`: the
//!   reference misjudged at a rate.

mod generate;
mod grade;
mod noisy;
mod observation;
mod payload;
mod readers;
mod reference;
mod scenario;
mod slots;

pub use generate::generate;
pub(crate) use generate::{DURATIONS, ROOM_NAMES, TIMEZONES, abroad, day_blocks, random_blocks};
pub use grade::rubric;
pub(crate) use noisy::{BookingJudgements, misjudge_booking};
pub(crate) use observation::NUMERIC_DAYS;
pub use payload::{
    BlockedWindow, CalendarPayload, CandidateDay, PersonAvailability, PreferenceInfo, RoomInfo,
    Window,
};
pub(crate) use readers::{Edge, ROOM_FILLER, clock_reader, says_no_slot};
pub use scenario::{ANSWER_FIELDS, Calendar};
pub(crate) use slots::{DAY_END, DAY_START, QUARTER, Slots, Zone};
