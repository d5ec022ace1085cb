//! A working day as quarter-hour bits ([`Slots`]) and a person's clock and
//! working hours ([`Zone`]): the time model the calendar and the several
//! meetings of the schedule both book in.

use super::payload::Window;
use crate::dates::clock;

pub(crate) const QUARTER: u32 = 15;
pub(crate) const DAY_START: u32 = 9 * 60;
pub(crate) const DAY_END: u32 = 18 * 60;

/// Quarter-hours of one day as bits (bit i = minutes 15*i .. 15*i+15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Slots(pub(crate) u128);

impl Slots {
    pub(crate) fn span(start: u32, end: u32) -> Slots {
        let (a, b) = (start / QUARTER, end.div_ceil(QUARTER));
        if b <= a || b > 96 {
            return Slots(0);
        }
        Slots(((1u128 << (b - a)) - 1) << a)
    }

    pub(crate) fn covers(self, other: Slots) -> bool {
        self.0 & other.0 == other.0
    }

    pub(crate) fn overlaps(self, other: Slots) -> bool {
        self.0 & other.0 != 0
    }

    /// The free runs, each named by `day` when the payload has several.
    pub(crate) fn windows(self, day: Option<&str>) -> Vec<Window> {
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

/// A person's clock and working hours (levels with lookups).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Zone {
    /// Minutes their clock reads ahead of the meeting's time zone
    /// (negative: behind); within -6 h and +5 h 30, so the meeting's
    /// working day falls on the same date on their clock.
    pub(crate) offset: i32,
    /// Their working hours, on their own clock.
    pub(crate) start: u32,
    pub(crate) end: u32,
}

impl Zone {
    pub(crate) const HOME: Zone = Zone {
        offset: 0,
        start: DAY_START,
        end: DAY_END,
    };

    /// Their working hours in the meeting's time zone, within its day.
    pub(crate) fn window(self) -> Slots {
        let from = (self.start as i32 - self.offset).max(DAY_START as i32) as u32;
        let to = (self.end as i32 - self.offset).min(DAY_END as i32).max(0) as u32;
        Slots::span(from, to.max(from))
    }

    /// `minutes` of meeting time on their clock.
    pub(crate) fn local(self, minutes: u32) -> u32 {
        (minutes as i32 + self.offset).max(0) as u32
    }

    /// `+05:30`, `-03:00`, `+00:00`.
    pub(crate) fn offset_text(self) -> String {
        let sign = if self.offset < 0 { '-' } else { '+' };
        format!("{sign}{}", clock(self.offset.unsigned_abs()))
    }
}
