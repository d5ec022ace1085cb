//! What the agent is shown of a [`Calendar`]: the payload, the
//! instruction, and at the levels with lookups the text of
//! `check_calendar: NAME` and `list_rooms`.

use super::payload::{
    BlockedWindow, CalendarPayload, CandidateDay, PersonAvailability, PreferenceInfo, RoomInfo,
    Window,
};
use super::scenario::{Calendar, Preference, Wish};
use super::slots::{DAY_END, DAY_START, Slots};
use crate::dates::{Day, clock, parse_clock};
use crate::grading::fold_name;
use crate::text::normalize;

/// How a day written in numbers other than `YYYY-MM-DD` is read, said
/// after the answer format of every calendar ([`crate::dates::parse_day`]
/// reads it so).
pub(crate) const NUMERIC_DAYS: &str = " A day written in numbers is read day first with dots \
     (01.06.2026 is 1 June 2026), and refused with slashes when it reads two ways (01/06/2026 \
     is 1 June or 6 January).";

impl Calendar {
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

    pub(super) fn preference_text(&self, preference: &Preference) -> String {
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

    /// The payload the agent sees at this level.
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
}

#[cfg(test)]
mod tests {
    use super::super::generate::{generate, max_steps};

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
}
