//! Task `medium` at levels 4 and 5: several meetings booked together.
//!
//! The meetings share people and rooms, one must come after another, and
//! every calendar (on its owner's clock) and the rooms are behind lookups
//! within a step limit that does not cover the whole directory. A meeting
//! with anyone on another clock needs a room with a video link; two
//! meetings that share a person need 15 minutes between them. Soft
//! preferences pick the best of the valid joint schedules; the most any of
//! them meets is found by exhaustive search when the scenario is drawn. At
//! level 5 some scenarios have one meeting that no booking can place: the
//! right answer books the others and says so for it.
//!
//! Graded per meeting on the final bookings: what a reader can copy (day,
//! duration, who) is all a booking that breaks a hard rule earns, validity
//! is the bulk, and preferences are paid only when every meeting is right.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::answer::{FormCheck, Grade, stated_choice_field, with_asides, written};
use super::calendar::{
    BlockedWindow, BookingJudgements, CandidateDay, DAY_END, DAY_START, DURATIONS, Edge,
    NUMERIC_DAYS, QUARTER, ROOM_FILLER, ROOM_NAMES, Slots, TIMEZONES, Window, Zone, abroad,
    clock_reader, day_blocks, misjudge_booking, random_blocks, says_no_slot,
};
use super::names::FIRST_NAMES;
use super::noise::Noise;
use crate::dates::{Day, clock, parse_day_among};
use crate::grading::{
    Reading, Unreadable, f1, fold_name, item_set, items_form, name_items, one_value, scalar_text,
};
use crate::order::set_of;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::rubric::{Criterion, Deduction, Rubric};
use crate::text::list_aside::Listed;
use crate::text::normalize;

pub(crate) const ANSWER_FIELDS: &[(&str, &str)] = &[(
    "bookings",
    "list: one {meeting, day, start, end, participants, room} per meeting, or {meeting, \
     no_slot: true} for a meeting no booking can place",
)];

/// The least time between two meetings that share a required participant.
const GAP: u32 = 15;
const TITLES: &[&str] = &[
    "Kickoff",
    "Design review",
    "Budget sync",
    "Vendor call",
    "Roadmap planning",
    "Hiring debrief",
    "Security review",
    "Launch prep",
];

/// Per level (4 and 5; lower levels read as 4): the meetings, the
/// candidate days, the distinct required people (exactly, so the step
/// limit is the level's), each meeting's required people (fewest, most),
/// the uninvited colleagues in the directory, the rooms, the preferences,
/// in how many people of 100 the clock is another zone's, in how many
/// scenarios of 100 one meeting cannot be placed, and whether someone
/// abroad may have a day off.
struct Level {
    meetings: usize,
    days: usize,
    people: usize,
    per_meeting: (i64, i64),
    uninvited: (i64, i64),
    rooms: (i64, i64),
    preferences: usize,
    abroad_percent: u32,
    infeasible_percent: u32,
    days_off: bool,
}

const LEVELS: [Level; 2] = [
    Level {
        meetings: 2,
        days: 2,
        people: 5,
        per_meeting: (3, 4),
        uninvited: (2, 3),
        rooms: (4, 5),
        preferences: 2,
        abroad_percent: 45,
        infeasible_percent: 0,
        days_off: false,
    },
    Level {
        meetings: 3,
        days: 3,
        people: 7,
        per_meeting: (3, 5),
        uninvited: (2, 3),
        rooms: (5, 6),
        preferences: 3,
        abroad_percent: 55,
        infeasible_percent: 30,
        days_off: true,
    },
];

fn level_of(level: u8) -> &'static Level {
    &LEVELS[usize::from(level.clamp(4, 5) - 4)]
}

/// Lookups beyond one calendar per required person: `list_rooms`, the
/// final answer and one step to spare.
const STEPS_BEYOND_CALENDARS: u32 = 3;

/// The step limit at `level` (4 or 5).
pub(crate) fn max_steps(level: u8) -> u32 {
    level_of(level).people as u32 + STEPS_BEYOND_CALENDARS
}

const BASICS: &str = "bookings_basics";
const VALID: &str = "bookings_valid";

pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new(
        BASICS,
        Points(1500),
        "Day, duration and people, per meeting",
    )
    .about(
        "Per meeting, the mean over meetings: a candidate day (a quarter), the exact duration (a \
         quarter), exactly its required people (half, by F1); a right no_slot earns it in full. \
         All a booking that breaks a hard rule earns.",
    ),
    Criterion::new(VALID, Points(7000), "Every hard rule holds, per meeting").about(
        "The share of meetings whose booking keeps every hard rule (its own and those between \
         meetings: 15 minutes between meetings that share a person, no room used twice at once, \
         the order), or that answer no_slot when no booking can place them.",
    ),
    Criterion::new(
        "preferences",
        Points(1500),
        "Preferences met (of the most possible)",
    )
    .about(
        "Paid only when every meeting is right: the preferences the bookings meet over the \
             most any valid joint schedule meets.",
    )
    .gated(VALID, Points::FULL),
]);

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct MeetingInfo {
    /// `M1`, `M2`, ...: what a booking names.
    pub id: String,
    pub title: String,
    pub duration_minutes: u32,
    pub required_participants: Vec<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct OrderInfo {
    /// This meeting must end before `then` starts.
    pub first: String,
    pub then: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct SchedulePreference {
    /// Whose preference it is: a required participant of `meeting`.
    pub who: String,
    pub meeting: String,
    pub text: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct SchedulePayload {
    pub organizer: String,
    /// The days the meetings may be on.
    pub days: Vec<CandidateDay>,
    pub timezone: String,
    pub working_hours: Window,
    pub meetings: Vec<MeetingInfo>,
    /// Meetings that must follow one another.
    pub order: Vec<OrderInfo>,
    /// Everyone whose calendar `check_calendar` shows: every required
    /// participant and some colleagues who are not invited.
    pub directory: Vec<String>,
    pub blocked_windows: Vec<BlockedWindow>,
    /// Soft constraints: meet as many as a valid joint schedule can.
    pub preferences: Vec<SchedulePreference>,
}

#[derive(Debug, Clone)]
struct Person {
    name: &'static str,
    zone: Zone,
    /// Busy time per candidate day, in meeting time.
    busy: Vec<Slots>,
    /// A local public holiday per candidate day: not working at all.
    off: Vec<bool>,
}

impl Person {
    fn free(&self, day: usize) -> Slots {
        if self.off.get(day).copied().unwrap_or(true) {
            return Slots(0);
        }
        let busy = self.busy.get(day).copied().unwrap_or_default();
        Slots(self.zone.window().0 & !busy.0)
    }

    fn remote(&self) -> bool {
        self.zone.offset != 0
    }
}

#[derive(Debug, Clone)]
struct Room {
    name: &'static str,
    capacity: u32,
    video: bool,
    /// Open time per candidate day.
    open: Vec<Slots>,
}

#[derive(Debug, Clone)]
struct Meeting {
    title: &'static str,
    duration: u32,
    /// Indices into [`Schedule::people`].
    required: Vec<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Wish {
    EndsBy(u32),
    StartsFrom(u32),
    /// An index into [`Schedule::days`].
    NotOn(usize),
    /// An index into [`Schedule::rooms`].
    InRoom(usize),
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Preference {
    /// An index into [`Schedule::people`].
    who: usize,
    meeting: usize,
    wish: Wish,
}

/// One meeting's booking: the day's index, the start, the room's index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Booked {
    day: usize,
    start: u32,
    room: usize,
}

impl Wish {
    fn met_by(self, booked: Booked, duration: u32) -> bool {
        match self {
            Wish::EndsBy(time) => booked.start + duration <= time,
            Wish::StartsFrom(time) => booked.start >= time,
            Wish::NotOn(day) => booked.day != day,
            Wish::InRoom(room) => booked.room == room,
        }
    }
}

/// A time at which one meeting could be held on its own, with the rooms
/// it could use (by name).
#[derive(Debug, Clone)]
struct Opening {
    day: usize,
    start: u32,
    rooms: Vec<usize>,
}

#[derive(Debug, Clone)]
pub(crate) struct Schedule {
    level: u8,
    organizer: &'static str,
    days: Vec<Day>,
    timezone: &'static str,
    /// Required people first (in the order they were drawn), then the
    /// uninvited colleagues; [`Schedule::directory`] is the shown order.
    people: Vec<Person>,
    directory: Vec<usize>,
    meetings: Vec<Meeting>,
    /// (first, then): `then` starts no earlier than `first` ends.
    order: Vec<(usize, usize)>,
    /// Office-wide blocked windows: label, day, start, end.
    blocked: Vec<(&'static str, usize, u32, u32)>,
    rooms: Vec<Room>,
    preferences: Vec<Preference>,
    /// Whether each meeting can be placed at all.
    placeable: Vec<bool>,
    /// The best joint schedule (a booking per placeable meeting) and how
    /// many preferences it meets.
    best: Vec<Option<Booked>>,
    best_met: usize,
}

pub(crate) fn generate(level: u8, seed: u64) -> Schedule {
    let mut rng = SeededRng::new(seed, 12);
    let spec = level_of(level);
    for attempt in 0..400 {
        if let Some(schedule) = draw(level, spec, &mut rng, attempt == 399) {
            return schedule;
        }
    }
    // `draw` with `settle` always returns.
    draw(level, spec, &mut rng, true).unwrap_or_else(|| unreachable_schedule(level))
}

/// A schedule that only a bug could need: one empty meeting.
fn unreachable_schedule(level: u8) -> Schedule {
    Schedule {
        level,
        organizer: FIRST_NAMES[0],
        days: vec![Day::EPOCH_2026],
        timezone: TIMEZONES[0],
        people: Vec::new(),
        directory: Vec::new(),
        meetings: Vec::new(),
        order: Vec::new(),
        blocked: Vec::new(),
        rooms: Vec::new(),
        preferences: Vec::new(),
        placeable: Vec::new(),
        best: Vec::new(),
        best_met: 0,
    }
}

/// One drawn scenario, or `None` when it does not have the level's shape
/// (a meeting with nowhere to go, or no joint schedule); with `settle`,
/// the calendars are cleared until it does.
fn draw(level: u8, spec: &Level, rng: &mut SeededRng, settle: bool) -> Option<Schedule> {
    let mut first = Day::EPOCH_2026.plus(rng.range(0, 330));
    while first.is_weekend() {
        first = first.plus(1);
    }
    let mut days = vec![first];
    while days.len() < spec.days {
        let mut next = days[days.len() - 1].plus(1);
        while next.is_weekend() {
            next = next.plus(1);
        }
        days.push(next);
    }
    let timezone = *rng.pick(TIMEZONES);
    let cast = rng.sample(FIRST_NAMES, spec.people + 4);
    let organizer = cast[0];
    let uninvited = rng.range(spec.uninvited.0, spec.uninvited.1) as usize;
    let names: Vec<&'static str> = cast[1..1 + spec.people + uninvited].to_vec();

    // Meetings: each takes some of the required pool; everyone in the pool
    // is in at least one meeting.
    let titles = rng.sample(TITLES, spec.meetings);
    let mut meetings: Vec<Meeting> = titles
        .iter()
        .map(|title| {
            let count = rng.range(spec.per_meeting.0, spec.per_meeting.1) as usize;
            let mut required = rng.sample(&(0..spec.people).collect::<Vec<_>>(), count);
            crate::order::sort_by_key(&mut required, |i| *i);
            Meeting {
                title,
                duration: *rng.pick(DURATIONS),
                required,
            }
        })
        .collect();
    for person in 0..spec.people {
        if !meetings.iter().any(|m| m.required.contains(&person)) {
            let m = rng.index(meetings.len());
            meetings[m].required.push(person);
            crate::order::sort_by_key(&mut meetings[m].required, |i| *i);
        }
    }
    // Every pair of meetings shares someone half the time at least: the
    // first meeting's first person joins the last meeting.
    if rng.chance(1, 2) {
        let shared = meetings[0].required[0];
        if let Some(last) = meetings.last_mut()
            && !last.required.contains(&shared)
        {
            last.required.push(shared);
            crate::order::sort_by_key(&mut last.required, |i| *i);
        }
    }

    let mut people: Vec<Person> = names
        .iter()
        .map(|name| {
            let zone = match rng.chance(spec.abroad_percent, 100) && !settle {
                true => abroad(rng, None),
                false => Zone::HOME,
            };
            let busy = (0..days.len())
                .map(|_| {
                    let blocks = rng.range(1, 3) as u32;
                    match settle {
                        true => Slots(0),
                        false => random_blocks(rng, blocks),
                    }
                })
                .collect();
            let off_day = (spec.days_off && zone.offset != 0 && rng.chance(1, 4))
                .then(|| rng.index(days.len()));
            let off = (0..days.len()).map(|d| Some(d) == off_day).collect();
            Person {
                name,
                zone,
                busy,
                off,
            }
        })
        .collect();
    if settle {
        for person in &mut people {
            person.off.iter_mut().for_each(|off| *off = false);
        }
    }

    let mut blocked = Vec::new();
    for day in 0..days.len() {
        for (label, start, end) in day_blocks(rng) {
            blocked.push((label, day, start, end));
        }
    }
    if settle {
        blocked.clear();
    }

    let count = rng.range(spec.rooms.0, spec.rooms.1) as usize;
    let room_names = rng.sample(ROOM_NAMES, count);
    let biggest = meetings.iter().map(|m| m.required.len()).max().unwrap_or(3) as u32;
    let rooms: Vec<Room> = room_names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let capacity = match i {
                0 => biggest + rng.range(0, 3) as u32,
                _ => rng.range(3, i64::from(biggest) + 3) as u32,
            };
            let video = i == 0 || rng.chance(1, 2);
            let open = (0..days.len())
                .map(|_| match settle {
                    true => Slots::span(DAY_START, DAY_END),
                    false => Slots(random_blocks(rng, 3).0 | random_blocks(rng, 2).0),
                })
                .collect();
            Room {
                name,
                capacity,
                video,
                open,
            }
        })
        .collect();

    let order = match spec.meetings {
        2 => vec![(0, 1)],
        _ => {
            let first = rng.index(spec.meetings);
            let then = (first + 1 + rng.index(spec.meetings - 1)) % spec.meetings;
            vec![(first, then)]
        }
    };
    let mut directory: Vec<usize> = (0..people.len()).collect();
    rng.shuffle(&mut directory);

    let mut schedule = Schedule {
        level,
        organizer,
        days,
        timezone,
        people,
        directory,
        meetings,
        order,
        blocked,
        rooms,
        preferences: Vec::new(),
        placeable: vec![true; spec.meetings],
        best: Vec::new(),
        best_met: 0,
    };
    // Every meeting has somewhere to go, and all together fit.
    let all = vec![true; spec.meetings];
    schedule.search(&all)?;
    if rng.chance(spec.infeasible_percent, 100) {
        let spoilt = rng.index(spec.meetings);
        schedule.spoil(spoilt, rng);
        let mut placeable = all.clone();
        placeable[spoilt] = false;
        schedule.search(&placeable)?;
        schedule.placeable = placeable;
    }
    schedule.preferences = schedule.draw_preferences(rng, spec.preferences);
    let (best, met) = schedule.search(&schedule.placeable.clone())?;
    schedule.best = best;
    schedule.best_met = met;
    Some(schedule)
}

impl Schedule {
    pub(crate) fn max_steps(&self) -> u32 {
        max_steps(self.level)
    }

    /// The required people of every meeting, each once, in the order the
    /// meetings list them.
    fn required_people(&self) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for meeting in &self.meetings {
            for &p in &meeting.required {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out
    }

    fn blocked_on(&self, day: usize) -> Slots {
        Slots(
            self.blocked
                .iter()
                .filter(|b| b.1 == day)
                .fold(0, |acc, b| acc | Slots::span(b.2, b.3).0),
        )
    }

    /// Whether meeting `m` needs a room with a video link: someone in it
    /// works on another clock.
    fn needs_video(&self, m: usize) -> bool {
        self.meetings[m]
            .required
            .iter()
            .any(|&p| self.people[p].remote())
    }

    /// Whether `room` suits meeting `m` at `day`, `span`.
    fn room_fits(&self, m: usize, room: &Room, day: usize, span: Slots) -> bool {
        room.capacity >= self.meetings[m].required.len() as u32
            && (room.video || !self.needs_video(m))
            && room.open.get(day).is_some_and(|open| open.covers(span))
    }

    /// Every time meeting `m` could be held on its own, by day then start,
    /// with the rooms it could use (by name).
    fn openings(&self, m: usize) -> Vec<Opening> {
        let meeting = &self.meetings[m];
        let mut rooms: Vec<usize> = (0..self.rooms.len()).collect();
        crate::order::sort_by_key(&mut rooms, |&r| self.rooms[r].name);
        let mut out = Vec::new();
        for day in 0..self.days.len() {
            let everyone = meeting.required.iter().fold(Slots(u128::MAX), |acc, &p| {
                Slots(acc.0 & self.people[p].free(day).0)
            });
            let blocked = self.blocked_on(day);
            for start in (DAY_START..=DAY_END - meeting.duration).step_by(QUARTER as usize) {
                let span = Slots::span(start, start + meeting.duration);
                if span.overlaps(blocked) || !everyone.covers(span) {
                    continue;
                }
                let fits: Vec<usize> = rooms
                    .iter()
                    .copied()
                    .filter(|&r| self.room_fits(m, &self.rooms[r], day, span))
                    .collect();
                if !fits.is_empty() {
                    out.push(Opening {
                        day,
                        start,
                        rooms: fits,
                    });
                }
            }
        }
        out
    }

    /// Whether meetings `a` and `b` share a required participant.
    fn share(&self, a: usize, b: usize) -> bool {
        self.meetings[a]
            .required
            .iter()
            .any(|p| self.meetings[b].required.contains(p))
    }

    /// The rules between two meetings' times (the rooms apart): 15 minutes
    /// between meetings that share someone, and the order. `None` when they
    /// hold, else what breaks.
    fn times_clash(&self, (a, x): (usize, Booked), (b, y): (usize, Booked)) -> Option<String> {
        let (xs, xe) = (x.start, x.start + self.meetings[a].duration);
        let (ys, ye) = (y.start, y.start + self.meetings[b].duration);
        if x.day == y.day && self.share(a, b) && xe + GAP > ys && ye + GAP > xs {
            return Some(format!(
                "shares people with {} and is less than {GAP} minutes from it",
                self.id(b)
            ));
        }
        for &(first, then) in &self.order {
            let (f, t, fe) = match (first == a, then == b, first == b, then == a) {
                (true, true, _, _) => (x, y, xe),
                (_, _, true, true) => (y, x, ye),
                _ => continue,
            };
            if t.day < f.day || (t.day == f.day && t.start < fe) {
                return Some(format!(
                    "{} must start after {} ends",
                    self.id(then),
                    self.id(first)
                ));
            }
        }
        None
    }

    /// Two meetings in one room at once.
    fn room_clash(&self, (a, x): (usize, Booked), (b, y): (usize, Booked)) -> bool {
        let (xs, xe) = (x.start, x.start + self.meetings[a].duration);
        let (ys, ye) = (y.start, y.start + self.meetings[b].duration);
        x.room == y.room && x.day == y.day && xs < ye && ys < xe
    }

    fn met(&self, bookings: &[Option<Booked>]) -> usize {
        self.preferences
            .iter()
            .filter(|p| {
                bookings
                    .get(p.meeting)
                    .copied()
                    .flatten()
                    .is_some_and(|b| p.wish.met_by(b, self.meetings[p.meeting].duration))
            })
            .count()
    }

    /// The joint schedule of the meetings marked in `placed` (the others
    /// unbooked) that keeps every rule and meets the most preferences (the
    /// first such in day, start and room-name order), with how many it
    /// meets; `None` when none keeps every rule.
    fn search(&self, placed: &[bool]) -> Option<(Vec<Option<Booked>>, usize)> {
        let openings: Vec<Vec<Opening>> = (0..self.meetings.len())
            .map(|m| match placed.get(m).copied().unwrap_or(false) {
                true => self.openings(m),
                false => Vec::new(),
            })
            .collect();
        let mut times: Vec<Option<(usize, u32, usize)>> = vec![None; self.meetings.len()];
        let mut best: Option<(Vec<Option<Booked>>, usize)> = None;
        self.search_from(0, placed, &openings, &mut times, &mut best);
        best
    }

    fn search_from(
        &self,
        m: usize,
        placed: &[bool],
        openings: &[Vec<Opening>],
        times: &mut Vec<Option<(usize, u32, usize)>>,
        best: &mut Option<(Vec<Option<Booked>>, usize)>,
    ) {
        if m == self.meetings.len() {
            self.assign_rooms(0, openings, times, &mut vec![None; m], best);
            return;
        }
        if !placed.get(m).copied().unwrap_or(false) {
            times[m] = None;
            self.search_from(m + 1, placed, openings, times, best);
            return;
        }
        for (i, opening) in openings[m].iter().enumerate() {
            let here = Booked {
                day: opening.day,
                start: opening.start,
                room: 0,
            };
            let fits = (0..m).all(|other| match times[other] {
                Some((day, start, _)) => self
                    .times_clash(
                        (m, here),
                        (
                            other,
                            Booked {
                                day,
                                start,
                                room: 0,
                            },
                        ),
                    )
                    .is_none(),
                None => true,
            });
            if fits {
                times[m] = Some((opening.day, opening.start, i));
                self.search_from(m + 1, placed, openings, times, best);
            }
        }
        times[m] = None;
    }

    /// Rooms for the chosen times, each meeting from its own; the first
    /// rooms keep a room per meeting apart (three are always enough to
    /// avoid two others), and a preferred one is always tried.
    fn assign_rooms(
        &self,
        m: usize,
        openings: &[Vec<Opening>],
        times: &[Option<(usize, u32, usize)>],
        chosen: &mut Vec<Option<Booked>>,
        best: &mut Option<(Vec<Option<Booked>>, usize)>,
    ) {
        if m == self.meetings.len() {
            let met = self.met(chosen);
            if best.as_ref().is_none_or(|(_, most)| met > *most) {
                *best = Some((chosen.clone(), met));
            }
            return;
        }
        let Some((day, start, i)) = times[m] else {
            chosen[m] = None;
            self.assign_rooms(m + 1, openings, times, chosen, best);
            return;
        };
        let rooms = &openings[m][i].rooms;
        let preferred: Vec<usize> = self
            .preferences
            .iter()
            .filter(|p| p.meeting == m)
            .filter_map(|p| match p.wish {
                Wish::InRoom(room) => Some(room),
                _ => None,
            })
            .collect();
        let mut tried = 0;
        for &room in rooms {
            let wanted = preferred.contains(&room);
            if tried >= self.meetings.len() && !wanted {
                continue;
            }
            let here = Booked { day, start, room };
            let free = (0..m).all(|other| {
                chosen[other].is_none_or(|there| !self.room_clash((m, here), (other, there)))
            });
            if !free {
                continue;
            }
            tried += 1;
            chosen[m] = Some(here);
            self.assign_rooms(m + 1, openings, times, chosen, best);
        }
        chosen[m] = None;
    }

    /// Make one required person of meeting `m` busy at each of its
    /// openings, at random, until it has none.
    fn spoil(&mut self, m: usize, rng: &mut SeededRng) {
        loop {
            let openings = self.openings(m);
            if openings.is_empty() {
                return;
            }
            let opening = &openings[rng.index(openings.len())];
            let meeting = &self.meetings[m];
            let span = Slots::span(opening.start, opening.start + meeting.duration);
            let who = meeting.required[rng.index(meeting.required.len())];
            if let Some(busy) = self.people[who].busy.get_mut(opening.day) {
                busy.0 |= span.0;
            }
        }
    }

    /// `count` preferences on different meetings and kinds where possible,
    /// each met by some opening of its meeting and missed by another.
    fn draw_preferences(&self, rng: &mut SeededRng, count: usize) -> Vec<Preference> {
        let mut out: Vec<Preference> = Vec::new();
        let mut order: Vec<usize> = (0..self.meetings.len())
            .filter(|&m| self.placeable[m])
            .collect();
        rng.shuffle(&mut order);
        let mut kinds_used: Vec<std::mem::Discriminant<Wish>> = Vec::new();
        for turn in 0..count {
            let Some(&m) = order.get(turn % order.len().max(1)) else {
                break;
            };
            let meeting = &self.meetings[m];
            let openings = self.openings(m);
            let bookings: Vec<Booked> = openings
                .iter()
                .flat_map(|o| {
                    o.rooms.iter().map(|&room| Booked {
                        day: o.day,
                        start: o.start,
                        room,
                    })
                })
                .collect();
            let hours = (10..=17).map(|hour| hour * 60);
            let candidates: Vec<Wish> = hours
                .clone()
                .map(Wish::EndsBy)
                .chain(hours.map(Wish::StartsFrom))
                .chain((0..self.days.len()).map(Wish::NotOn))
                .chain((0..self.rooms.len()).map(Wish::InRoom))
                .filter(|wish| !kinds_used.contains(&std::mem::discriminant(wish)))
                .filter(|wish| {
                    let met = bookings
                        .iter()
                        .filter(|b| wish.met_by(**b, meeting.duration))
                        .count();
                    met > 0 && met < bookings.len()
                })
                .collect();
            if candidates.is_empty() {
                continue;
            }
            let wish = candidates[rng.index(candidates.len())];
            kinds_used.push(std::mem::discriminant(&wish));
            let who = meeting.required[rng.index(meeting.required.len())];
            out.push(Preference {
                who,
                meeting: m,
                wish,
            });
        }
        out
    }

    fn id(&self, m: usize) -> String {
        format!("M{}", m + 1)
    }

    fn preference_text(&self, p: &Preference) -> String {
        let who = self.people[p.who].name;
        let what = format!(
            "{} ({})",
            self.id(p.meeting),
            self.meetings[p.meeting].title
        );
        match p.wish {
            Wish::EndsBy(time) => format!("{who} would like {what} to end by {}.", clock(time)),
            Wish::StartsFrom(time) => format!(
                "{who} would rather {what} did not start before {}.",
                clock(time)
            ),
            Wish::NotOn(day) => format!(
                "{who} would rather not have {what} on {} ({}).",
                self.days[day].long(),
                self.days[day].iso()
            ),
            Wish::InRoom(room) => {
                format!(
                    "{who} would like {what} in the {} room.",
                    self.rooms[room].name
                )
            }
        }
    }

    pub(crate) fn payload(&self) -> SchedulePayload {
        SchedulePayload {
            organizer: self.organizer.to_owned(),
            days: self
                .days
                .iter()
                .map(|d| CandidateDay {
                    day: d.iso(),
                    day_name: d.weekday_name().to_owned(),
                })
                .collect(),
            timezone: self.timezone.to_owned(),
            working_hours: Window {
                day: None,
                start: clock(DAY_START),
                end: clock(DAY_END),
            },
            meetings: self
                .meetings
                .iter()
                .enumerate()
                .map(|(m, meeting)| MeetingInfo {
                    id: self.id(m),
                    title: meeting.title.to_owned(),
                    duration_minutes: meeting.duration,
                    required_participants: meeting
                        .required
                        .iter()
                        .map(|&p| self.people[p].name.to_owned())
                        .collect(),
                })
                .collect(),
            order: self
                .order
                .iter()
                .map(|&(first, then)| OrderInfo {
                    first: self.id(first),
                    then: self.id(then),
                })
                .collect(),
            directory: self
                .directory
                .iter()
                .map(|&p| self.people[p].name.to_owned())
                .collect(),
            blocked_windows: self
                .blocked
                .iter()
                .map(|&(label, day, start, end)| BlockedWindow {
                    label: label.to_owned(),
                    day: Some(self.days[day].iso()),
                    start: clock(start),
                    end: clock(end),
                })
                .collect(),
            preferences: self
                .preferences
                .iter()
                .map(|p| SchedulePreference {
                    who: self.people[p.who].name.to_owned(),
                    meeting: self.id(p.meeting),
                    text: self.preference_text(p),
                })
                .collect(),
        }
    }

    pub(crate) fn instruction(&self) -> String {
        let days: Vec<String> = self
            .days
            .iter()
            .map(|d| format!("{} ({})", d.long(), d.iso()))
            .collect();
        let meetings: Vec<String> = self
            .meetings
            .iter()
            .enumerate()
            .map(|(m, meeting)| {
                let people: Vec<&str> = meeting
                    .required
                    .iter()
                    .map(|&p| self.people[p].name)
                    .collect();
                format!(
                    "- {} ({}): {} minutes, required: {}.",
                    self.id(m),
                    meeting.title,
                    meeting.duration,
                    people.join(", ")
                )
            })
            .collect();
        let order: Vec<String> = self
            .order
            .iter()
            .map(|&(first, then)| {
                format!(
                    "- {} must start after {} has ended (at its end or later the same day, or on a \
                     later day).",
                    self.id(then),
                    self.id(first)
                )
            })
            .collect();
        let mut text = format!(
            "You are {organizer}'s scheduling assistant. Book these {n} meetings together, each on \
             one of these days: {days}. Times are in the meeting's time zone ({tz}), working hours \
             {start} to {end}.\n{meetings}\n{order}\n\n\
             Hard rules (all must hold for a booking to count as valid):\n\
             - a booking lasts exactly its meeting's minutes, on a candidate day, starting and \
             ending within working hours;\n\
             - it does not overlap any blocked window of its day (the payload's `blocked_windows`);\n\
             - `participants` lists exactly the meeting's required participants and no one else; \
             the organizer books the meetings and is not a participant (naming the organizer as \
             well is ignored, and takes no seat);\n\
             - every participant is within their own working hours and not busy for the whole \
             meeting (see `check_calendar`; someone on a public holiday is not working that day);\n\
             - the room is open for the whole meeting, its capacity is at least the meeting's \
             participants, and it has a video link if any participant's clock is not the \
             meeting's time zone (offset other than +00:00);\n\
             - two meetings that share a required participant do not overlap and leave at least \
             {gap} minutes between the end of one and the start of the other on the same day;\n\
             - two meetings in the same room do not overlap;\n\
             - the order above holds.\n\
             A rule broken between two bookings (a clash, a gap under {gap} minutes, the order) \
             breaks both. A rule with a meeting that is not booked (no_slot) does not apply.\n",
            organizer = self.organizer,
            n = self.meetings.len(),
            days = days.join(", "),
            tz = self.timezone,
            start = clock(DAY_START),
            end = clock(DAY_END),
            meetings = meetings.join("\n"),
            order = order.join("\n"),
            gap = GAP,
        );
        text.push_str(&format!(
            "\nThe calendars and rooms are not in the payload: look them up, one step each. \
             `check_calendar: NAME` shows one person's calendar on the candidate days: their \
             working hours and busy times, written on their own clock, and how far their clock is \
             from the meeting's time zone. Convert before comparing: someone whose clock is 2 h \
             ahead and who is busy 14:00-15:00 on it is busy 12:00-13:00 meeting time, and someone \
             whose working hours end at 17:00 on that clock is unavailable from 15:00 meeting \
             time. `list_rooms` shows every room's capacity, video link and open windows, in \
             meeting time. The step limit is {steps} steps, lookups included: one calendar per \
             required participant ({people} people), the rooms and the answer fit with one step \
             to spare; the directory also lists colleagues who are in none of the meetings.\n",
            steps = self.max_steps(),
            people = self.required_people().len(),
        ));
        if !self.preferences.is_empty() {
            text.push_str(
                "\nPreferences of the required participants (soft: they may not all be possible \
                 together):\n",
            );
            for p in &self.preferences {
                text.push_str("- ");
                text.push_str(&self.preference_text(p));
                text.push('\n');
            }
            text.push_str(
                "Among the joint schedules in which every booking is valid, choose one that meets \
                 as many preferences in total as any of them can; meeting fewer scores less, and \
                 preferences count only when every meeting is answered right. Only the meetings' \
                 own required participants hold preferences.\n",
            );
        }
        text.push_str(&format!(
            "\nIt may be that no booking can place one of the meetings (whatever the others do): \
             then answer {{\"meeting\": \"M…\", \"no_slot\": true}} for that meeting and book the \
             others. no_slot for a meeting that can be placed earns nothing for it; a booking of \
             a meeting that cannot be placed breaks a rule.\n\n\
             Grading: a booking that breaks any hard rule earns at most 0.2 of its meeting's part \
             (its day, duration and people). Each meeting counts equally in the first two parts. Its day, duration and \
             exactly its required people ({basics} in all) are all a booking that breaks a hard \
             rule earns; a valid booking, or a right no_slot, also earns its part of {valid}; the \
             preferences ({prefs}) are paid only when every meeting is right.\n\n\
             Answer with one JSON object: {{\"bookings\": [{{\"meeting\": \"M1\", \"day\": \
             \"YYYY-MM-DD\", \"start\": \"HH:MM\", \"end\": \"HH:MM\", \"participants\": [names], \
             \"room\": name}}, ...]}}, one entry per meeting (a meeting with two entries counts as \
             unanswered; an entry that names none of these meetings counts as one more booking, \
             a broken one).",
            basics = RUBRIC.weight(BASICS).unwrap_or_default().decimals(2),
            prefs = RUBRIC.weight("preferences").unwrap_or_default().decimals(2),
            valid = RUBRIC.weight(VALID).unwrap_or_default().decimals(2),
        ));
        text.push_str(NUMERIC_DAYS);
        text
    }

    /// What `check_calendar: NAME` shows: the person's working hours and
    /// busy times on each candidate day, on their own clock (busy times
    /// within the part of their working hours a booking can use), a public
    /// holiday as such, and their clock's offset.
    pub(crate) fn check_calendar(&self, name: &str) -> String {
        let wanted = fold_name(name);
        let Some(person) = self.people.iter().find(|p| normalize(p.name) == wanted) else {
            let names: Vec<&str> = self
                .directory
                .iter()
                .map(|&p| self.people[p].name)
                .collect();
            return format!(
                "No calendar for {name:?}: the directory lists {}.",
                names.join(", ")
            );
        };
        let zone = person.zone;
        let clock_note = match zone.offset {
            0 => format!(
                "{} works in the meeting's time zone ({}; offset +00:00)",
                person.name, self.timezone
            ),
            offset => format!(
                "{}'s clock is {} h {:02} min {} the meeting's time zone ({}; offset {}): 09:00 \
                 meeting time is {} on their clock",
                person.name,
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
            .enumerate()
            .map(|(d, day)| {
                if person.off.get(d).copied().unwrap_or(false) {
                    return format!(
                        "{} ({}): public holiday, not working",
                        day.long(),
                        day.iso()
                    );
                }
                let busy = Slots(usable.0 & !person.free(d).0);
                let times: Vec<String> = busy
                    .windows(None)
                    .iter()
                    .filter_map(|w| {
                        Some((
                            crate::dates::parse_clock(&w.start)?,
                            crate::dates::parse_clock(&w.end)?,
                        ))
                    })
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
            "Calendar of {}. {clock_note}. Working hours on their clock: {}-{}; they are \
             unavailable outside them. Busy on their clock, per day: {}.",
            person.name,
            clock(zone.start),
            clock(zone.end),
            days.join("; ")
        )
    }

    /// What `list_rooms` shows: every room's capacity, video link and open
    /// windows, in meeting time.
    pub(crate) fn list_rooms(&self) -> String {
        let rooms: Vec<String> = self
            .rooms
            .iter()
            .map(|room| {
                let open: Vec<String> = room
                    .open
                    .iter()
                    .enumerate()
                    .flat_map(|(d, slots)| {
                        let day = self.days[d].iso();
                        slots
                            .windows(None)
                            .into_iter()
                            .map(move |w| format!("{day} {}-{}", w.start, w.end))
                    })
                    .collect();
                let open = match open.is_empty() {
                    true => "never".to_owned(),
                    false => open.join(", "),
                };
                format!(
                    "{} (capacity {}, video link: {}): open {open}",
                    room.name,
                    room.capacity,
                    if room.video { "yes" } else { "no" }
                )
            })
            .collect();
        format!(
            "Rooms, open windows in meeting time ({}): {}.",
            self.timezone,
            rooms.join("; ")
        )
    }

    /// The reference's lookup at step `step` (0-based): each required
    /// person's calendar, then the rooms; `None` once it has read them all.
    pub(crate) fn reference_lookup(&self, step: u32) -> Option<String> {
        let people = self.required_people();
        let step = step as usize;
        match people.get(step) {
            Some(&p) => Some(format!("check_calendar: {}", self.people[p].name)),
            None => (step == people.len()).then(|| "list_rooms".to_owned()),
        }
    }

    fn booking_value(&self, m: usize, booked: Option<Booked>) -> Value {
        let meeting = &self.meetings[m];
        match booked {
            None => json!({"meeting": self.id(m), "no_slot": true}),
            Some(b) => json!({
                "meeting": self.id(m),
                "day": self.days[b.day].iso(),
                "start": clock(b.start),
                "end": clock(b.start + meeting.duration),
                "participants": meeting.required.iter().map(|&p| self.people[p].name).collect::<Vec<_>>(),
                "room": self.rooms[b.room].name,
            }),
        }
    }

    fn answer_of(&self, bookings: &[Option<Booked>]) -> Value {
        let list: Vec<Value> = (0..self.meetings.len())
            .map(|m| self.booking_value(m, bookings.get(m).copied().flatten()))
            .collect();
        json!({ "bookings": list })
    }

    pub(crate) fn reference_answer(&self) -> Value {
        self.answer_of(&self.best)
    }

    /// The reference misjudged: the preferences are one judgement each,
    /// and a misjudged one takes the first valid joint schedule instead of
    /// the best; a meeting that cannot be placed takes a judgement per
    /// required person (ruling out every slot), and a misjudged one books
    /// its first start in the first room; each booking's time answers one
    /// judgement per required person, blocked window of its day and rule
    /// with another meeting (shared people, the order), and a misjudged one
    /// moves it; its room is three (capacity, open time, video); each required
    /// person is one, and a misjudged one brings a colleague who is not in
    /// the meeting instead.
    pub(crate) fn noisy_answer(&self, noise: &mut Noise) -> Value {
        let mut bookings = self.best.clone();
        if noise.misjudged(self.preferences.len()) {
            let mut first: Option<Vec<Option<Booked>>> = None;
            let plain = Schedule {
                preferences: Vec::new(),
                ..self.clone()
            };
            if let Some((schedule, _)) = plain.search(&self.placeable) {
                first = Some(schedule);
            }
            if let Some(first) = first {
                bookings = first;
            }
        }
        let mut list = Vec::new();
        for (m, meeting) in self.meetings.iter().enumerate() {
            if !self.placeable[m] {
                let wrong = noise.misjudged(meeting.required.len() + 1);
                let booked = wrong.then_some(Booked {
                    day: 0,
                    start: DAY_START,
                    room: 0,
                });
                list.push(self.booking_value(m, booked));
                continue;
            }
            let mut value = self.booking_value(m, bookings.get(m).copied().flatten());
            let day = bookings.get(m).copied().flatten().map_or(0, |b| b.day);
            // Each person's time, each blocked window of the day, and each
            // rule with another meeting (shared people, the order).
            let judgements = meeting.required.len()
                + self.blocked.iter().filter(|b| b.1 == day).count()
                + (0..self.meetings.len())
                    .filter(|&o| o != m && self.share(m, o))
                    .count()
                + self
                    .order
                    .iter()
                    .filter(|(f, t)| *f == m || *t == m)
                    .count();
            let rooms: Vec<Value> = self.rooms.iter().map(|r| json!(r.name)).collect();
            let others: Vec<&str> = self
                .people
                .iter()
                .enumerate()
                .filter(|(p, _)| !meeting.required.contains(p))
                .map(|(_, person)| person.name)
                .collect();
            let required: Vec<&str> = meeting
                .required
                .iter()
                .map(|&p| self.people[p].name)
                .collect();
            misjudge_booking(
                noise,
                &mut value,
                BookingJudgements {
                    right_start: bookings
                        .get(m)
                        .copied()
                        .flatten()
                        .map_or(DAY_START, |b| b.start),
                    duration: meeting.duration,
                    time: judgements,
                    // The room: its capacity, its open time and its video link.
                    rooms: &rooms,
                    room: 3,
                    required: &required,
                    others: &others,
                },
            );
            list.push(value);
        }
        json!({ "bookings": list })
    }

    /// Everyone the payload names: the directory and the organizer.
    fn known_people(&self) -> BTreeSet<String> {
        set_of(
            self.people
                .iter()
                .map(|p| p.name)
                .chain([self.organizer])
                .map(normalize),
        )
    }

    /// Which meeting an entry names (`M2`, `m2`, `2`, its title, or the id
    /// with its title: `M2 (Budget sync)`).
    ///
    /// An id followed by more text names its meeting when what follows is
    /// the meeting's own title, after any separator or a plain space ("M2
    /// Budget sync", "M2: Budget sync", play-para-pr6 B1), or an aside
    /// after a separator ("M1 (first)"); never when what follows names
    /// another meeting (its title or id: "M2 (Kickoff)", "M2 M3").
    fn meeting_named(&self, text: &str) -> Option<usize> {
        // "M1", "M1 – Roadmap planning", "meeting: M1", "Meeting M1", and
        // each in emphasis or code marks ("**M1**", "`M1`", play-para-pr5
        // B1); "~~M1~~" is struck out and names no meeting.
        const SEPARATORS: [char; 8] = ['(', ':', '-', ',', '\u{2013}', '\u{2014}', '=', '|'];
        let folded = normalize(&crate::text::markdown::without_emphasis(text));
        let body = crate::grading::without_label(&folded, &["meeting id", "meeting", "id"]).trim();
        let ids: Vec<String> = (0..self.meetings.len())
            .map(|m| normalize(&self.id(m)))
            .collect();
        let titles: Vec<String> = (0..self.meetings.len())
            .map(|m| normalize(self.meetings[m].title))
            .collect();
        let is_id = |m: usize, word: &str| word == ids[m] || word == ids[m].trim_start_matches('m');
        // A title alone, or before a separator ("Budget sync (M2)").
        let head = body.split(SEPARATORS).next().unwrap_or("").trim();
        if let Some(m) = (0..titles.len()).find(|&m| head == titles[m] || folded == titles[m]) {
            return Some(m);
        }
        let end = body
            .find(|c: char| c.is_whitespace() || SEPARATORS.contains(&c))
            .unwrap_or(body.len());
        let (first, rest) = body.split_at(end);
        let m = (0..ids.len()).find(|&m| is_id(m, first))?;
        // A title in quotes or square brackets is set off as after a
        // separator ("M2 \"Budget sync\"", "M2 [Budget sync]").
        const SETTING_OFF: [char; 6] = ['"', '\'', '[', '\u{201c}', '\u{2018}', '\u{ab}'];
        let parted =
            rest.trim_start().starts_with(SEPARATORS) || rest.trim_start().starts_with(SETTING_OFF);
        let rest = rest.trim_matches(|c: char| {
            c.is_whitespace()
                || SEPARATORS.contains(&c)
                || SETTING_OFF.contains(&c)
                || matches!(c, ')' | '.' | ']' | '\u{201d}' | '\u{2019}' | '\u{bb}')
        });
        let names_another = (0..ids.len()).any(|other| {
            other != m
                && (rest.contains(titles[other].as_str())
                    || rest
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|word| is_id(other, word) && word.starts_with('m')))
        });
        match rest.is_empty() || rest == titles[m] {
            true => Some(m),
            false => (parted && !names_another).then_some(m),
        }
    }

    /// The answer's entries, by meeting: `Ok` with the entry's object when
    /// the meeting has exactly one, `Missing` when none, `IllFormed` when
    /// several. Entries naming no meeting are kept apart, each with why
    /// ([`Unnamed`]).
    fn entries<'a>(&self, answer: &'a Map<String, Value>) -> (Entries<'a>, Vec<Unnamed>) {
        let mut found: Vec<Vec<&'a Map<String, Value>>> = vec![Vec::new(); self.meetings.len()];
        let mut unnamed: Vec<Unnamed> = Vec::new();
        // The meeting id reads through the one-value reader every field
        // uses ([`one_value`]: markdown, quotes, "#M2", a label, a
        // one-element array; play-para-pr7 B1), so it reads every form
        // another field reads, and two ids (["M1", "M2"]) are a hedge.
        let read_id = |entry: &Map<String, Value>, key: &str| {
            one_value(entry, key, |value| {
                scalar_text(value).and_then(|text| self.meeting_named(&text))
            })
        };
        let meeting_of = |entry: &Map<String, Value>| {
            let key = MEETING_KEYS
                .iter()
                .find(|k| entry.get(**k).is_some_and(|v| !v.is_null()))?;
            Some(read_id(entry, key).map_err(|_| written(entry, key)))
        };
        match answer.get("bookings") {
            Some(Value::Array(list)) => {
                for entry in list {
                    let Value::Object(entry) = entry else {
                        unnamed.push(Unnamed::NotObject);
                        continue;
                    };
                    match meeting_of(entry) {
                        Some(Ok(m)) => found[m].push(entry),
                        Some(Err(written)) => unnamed.push(Unnamed::Unread(written)),
                        None => unnamed.push(Unnamed::NoKey(entry.keys().cloned().collect())),
                    }
                }
            }
            Some(Value::Object(by_meeting)) => {
                for (key, entry) in by_meeting {
                    // The key as a meeting id, through the same reader.
                    let as_field: Map<String, Value> =
                        std::iter::once(("meeting".to_owned(), Value::String(key.clone())))
                            .collect();
                    match (entry, read_id(&as_field, "meeting")) {
                        (Value::Object(entry), Ok(m)) => found[m].push(entry),
                        (Value::Object(_), Err(_)) => {
                            unnamed.push(Unnamed::Unread(format!("{key:?}")))
                        }
                        _ => unnamed.push(Unnamed::NotObject),
                    }
                }
            }
            _ => {}
        }
        let readings = found
            .into_iter()
            .map(|entries| match entries.as_slice() {
                [] => Err(Unreadable::Missing),
                [one] => Ok(*one),
                _ => Err(Unreadable::IllFormed),
            })
            .collect();
        (readings, unnamed)
    }

    /// Meeting `m`'s entry as the grader reads it.
    fn read(&self, m: usize, entry: &Map<String, Value>) -> Read {
        if claims_no_slot(entry) {
            return Read::NoSlot;
        }
        let (year, _, _) = self.days[0].civil();
        let day = one_value(entry, "day", |value| match value {
            Value::String(text) => with_asides(text, |day| parse_day_among(day, year, &self.days)),
            _ => None,
        });
        let clock_of = |edge| {
            let duration = self.meetings[m].duration;
            clock_reader(self.timezone, day.as_ref().ok().copied(), duration, edge)
        };
        let room_of = |word: &str| {
            self.rooms
                .iter()
                .position(|r| r.name.eq_ignore_ascii_case(word))
        };
        let start = one_value(entry, "start", clock_of(Edge::Start));
        let end = one_value(entry, "end", clock_of(Edge::End));
        let unread = [
            ("day", day.is_err()),
            ("start", start.is_err()),
            ("end", end.is_err()),
        ]
        .into_iter()
        .filter(|(field, failed)| *failed && entry.get(*field).is_some_and(|v| !v.is_null()))
        .map(|(field, _)| field)
        .collect();
        Read::Booking {
            start,
            end,
            unread,
            day: day.and_then(|day| {
                self.days
                    .iter()
                    .position(|d| *d == day)
                    .ok_or(Unreadable::IllFormed)
            }),
            participants: name_items(entry, "participants", &self.known_people(), Listed::Kept),
            room: stated_choice_field(entry, "room", room_of, ROOM_FILLER),
        }
    }

    /// The draft check: `bookings` present, one entry per meeting, each
    /// read as the grader reads it (names among the payload's people).
    pub(crate) fn form(&self, answer: &Map<String, Value>) -> FormCheck {
        if !answer.contains_key("bookings") {
            return vec![("bookings".into(), Err(Unreadable::Missing))];
        }
        let (entries, unnamed) = self.entries(answer);
        let known = self.known_people();
        // Where the form fails, by meeting and field ("M2 day, start"), so
        // an agent with several meetings of six fields each knows which
        // value to write again; never the value or whether it is right.
        let mut failing: Vec<String> = Vec::new();
        for (m, entry) in entries.iter().enumerate() {
            let fields: Vec<&str> = match entry {
                Ok(entry) => match self.read(m, entry) {
                    Read::NoSlot => Vec::new(),
                    Read::Booking {
                        day,
                        start,
                        end,
                        participants,
                        room,
                        ..
                    } => {
                        // A field not filled in yet is asked about, not
                        // refused (a bookings template's blanks).
                        let refused =
                            |reading: Reading<()>| matches!(reading, Err(Unreadable::IllFormed));
                        [
                            ("day", refused(day.map(drop))),
                            ("start", refused(start.map(drop))),
                            ("end", refused(end.map(drop))),
                            ("participants", refused(items_form(&participants, &known))),
                            ("room", refused(room.map(drop))),
                        ]
                        .into_iter()
                        .filter(|(_, refused)| *refused)
                        .map(|(field, _)| field)
                        .collect()
                    }
                },
                // A meeting not answered yet is a blank, not a wrong form.
                Err(Unreadable::Missing) => Vec::new(),
                Err(Unreadable::IllFormed) => vec!["more than one entry"],
            };
            if !fields.is_empty() {
                failing.push(format!("{} {}", self.id(m), fields.join(", ")));
            }
        }
        // Each entry that names no meeting, with why (play-para-pr7 B8: an
        // entry without a `meeting` key is not one whose id is unread).
        let mut reasons: Vec<(String, usize)> = Vec::new();
        for reason in unnamed.iter().map(Unnamed::form) {
            match reasons.iter_mut().find(|(r, _)| *r == reason) {
                Some((_, n)) => *n += 1,
                None => reasons.push((reason, 1)),
            }
        }
        for (reason, n) in reasons {
            failing.push(match n {
                1 => reason,
                n => format!("{reason} ({n} such entries)"),
            });
        }
        match failing.is_empty() {
            true => vec![("bookings".into(), Ok(()))],
            false => vec![(
                format!("bookings: {}", failing.join("; ")).into(),
                Err(Unreadable::IllFormed),
            )],
        }
    }

    pub(crate) fn grade(&self, answer: &Map<String, Value>) -> Grade {
        let (entries, unnamed) = self.entries(answer);
        // Ids written that name no meeting, quoted in the feedback of a
        // meeting with no entry (play-para-pr6: "got no entry" alone hides
        // the id that could not be read).
        // Every entry that names no meeting says why (play-para-pr7 B7).
        let unread_ids: Vec<String> = unnamed.iter().map(Unnamed::graded).collect();
        let no_entry = match unread_ids.is_empty() {
            true => "no entry".to_owned(),
            false => format!("no entry ({})", unread_ids.join("; ")),
        };
        let n = self.meetings.len().max(1) as u64;
        let organizer = normalize(self.organizer);
        let mut deductions = Vec::new();
        // Each meeting's reading: its booking (day, start, room) when the
        // times and room read, and whether its own rules hold.
        let mut booked: Vec<Option<Booked>> = vec![None; self.meetings.len()];
        let mut basics = vec![Points::ZERO; self.meetings.len()];
        let mut valid = vec![false; self.meetings.len()];
        // A booking's time on a candidate day, for the rules between
        // meetings, whether or not its room reads.
        let mut times: Vec<Option<(usize, u32)>> = vec![None; self.meetings.len()];
        for (m, meeting) in self.meetings.iter().enumerate() {
            let id = self.id(m);
            let item = format!("{id} ({})", meeting.title);
            let entry = match &entries[m] {
                Ok(entry) => *entry,
                Err(problem) => {
                    for criterion in [BASICS, VALID] {
                        deductions.push(Deduction::new(
                            criterion,
                            item.clone(),
                            match problem {
                                Unreadable::Missing => no_entry.clone(),
                                Unreadable::IllFormed => "several entries".to_owned(),
                            },
                            "one entry for the meeting",
                        ));
                    }
                    continue;
                }
            };
            let (day, start, end, participants, room, unread) = match self.read(m, entry) {
                Read::NoSlot => {
                    match self.placeable[m] {
                        false => {
                            basics[m] = Points::FULL;
                            valid[m] = true;
                        }
                        true => {
                            for criterion in [BASICS, VALID] {
                                deductions.push(Deduction::new(
                                    criterion,
                                    item.clone(),
                                    "no_slot",
                                    format!("a booking: {id} can be placed"),
                                ));
                            }
                        }
                    }
                    continue;
                }
                Read::Booking {
                    day,
                    start,
                    end,
                    participants,
                    room,
                    unread,
                } => (day, start, end, participants, room, unread),
            };
            let required = set_of(
                meeting
                    .required
                    .iter()
                    .map(|&p| normalize(self.people[p].name)),
            );
            let invited = item_set(&participants).map(|mut invited| {
                invited.remove(&organizer);
                invited
            });
            let duration_ok =
                matches!((start, end), (Ok(s), Ok(e)) if e > s && e - s == meeting.duration);
            let people_score = invited
                .as_ref()
                .map_or(Points::ZERO, |invited| f1(invited, &required));
            basics[m] = Points(
                (i32::from(day.is_ok()) * 2500
                    + i32::from(duration_ok) * 2500
                    + people_score.0 / 2)
                    .min(10_000),
            );
            if basics[m] < Points::FULL {
                let mut wrong = Vec::new();
                if day.is_err() {
                    wrong.push(format!("day {}", written(entry, "day")));
                }
                if !duration_ok {
                    wrong.push(format!(
                        "{} to {}",
                        written(entry, "start"),
                        written(entry, "end")
                    ));
                }
                if invited.as_ref() != Some(&required) {
                    wrong.push(format!("participants {}", written(entry, "participants")));
                }
                let names: Vec<&str> = meeting
                    .required
                    .iter()
                    .map(|&p| self.people[p].name)
                    .collect();
                deductions.push(Deduction::new(
                    BASICS,
                    item.clone(),
                    wrong.join("; "),
                    format!(
                        "a candidate day, exactly {} minutes, and exactly {}",
                        meeting.duration,
                        names.join(", ")
                    ),
                ));
            }
            let mut broken: Vec<String> = Vec::new();
            // A value that could not be read is said to be unread, not
            // wrong (play-para-pr6: "not one of the candidate days" for a
            // candidate day written in a form the reader missed misleads).
            let year = self.days[0].civil().0;
            let ambiguous = entry
                .get("day")
                .and_then(Value::as_str)
                .and_then(|text| crate::dates::ambiguous_numeric(text, year));
            if let (true, Some((first, second))) = (unread.contains(&"day"), ambiguous) {
                // A numeric date read either way is refused, and said so
                // (issue 21 C: "09/07" is 9 July or 7 September).
                broken.push(format!(
                    "day {} is ambiguous ({} or {}): write the month in words or the ISO \
                     date, as {} or {}",
                    written(entry, "day"),
                    day_month(first),
                    day_month(second),
                    day_month(first),
                    first.iso()
                ));
            } else if unread.contains(&"day") {
                broken.push(format!(
                    "day {} could not be read as a day",
                    written(entry, "day")
                ));
            } else if day.is_err() {
                broken.push(format!(
                    "day {} is not one of the candidate days",
                    written(entry, "day")
                ));
            }
            let unread_times: Vec<String> = ["start", "end"]
                .into_iter()
                .filter(|field| unread.contains(field))
                .map(|field| {
                    format!(
                        "{field} {} could not be read as one time",
                        written(entry, field)
                    )
                })
                .collect();
            if !unread_times.is_empty() {
                broken.extend(unread_times);
            } else if !duration_ok {
                broken.push(format!(
                    "{} to {} is not exactly {} minutes",
                    written(entry, "start"),
                    written(entry, "end"),
                    meeting.duration
                ));
            }
            if invited.as_ref() != Some(&required) {
                broken.push(format!(
                    "participants {} are not exactly its required people",
                    written(entry, "participants")
                ));
            }
            if let (Ok(day), Ok(start), true) = (day, start, duration_ok) {
                times[m] = Some((day, start));
            }
            let interval = match (day, start) {
                (Ok(day), Ok(start))
                    if duration_ok && start >= DAY_START && start + meeting.duration <= DAY_END =>
                {
                    Some((day, start))
                }
                (Ok(_), Ok(_)) if duration_ok => {
                    broken.push("outside working hours".to_owned());
                    None
                }
                _ => None,
            };
            if let Some((day, start)) = interval {
                let span = Slots::span(start, start + meeting.duration);
                for b in self.blocked.iter().filter(|b| b.1 == day) {
                    if Slots::span(b.2, b.3).overlaps(span) {
                        broken.push(format!(
                            "overlaps the blocked window {} {}-{}",
                            b.0,
                            clock(b.2),
                            clock(b.3)
                        ));
                    }
                }
                for &p in &meeting.required {
                    if !self.people[p].free(day).covers(span) {
                        broken.push(format!(
                            "{} is not available (outside working hours or busy)",
                            self.people[p].name
                        ));
                    }
                }
                match room {
                    Ok(r) => {
                        let chosen = &self.rooms[r];
                        if chosen.capacity < meeting.required.len() as u32 {
                            broken.push(format!("{} seats only {}", chosen.name, chosen.capacity));
                        }
                        if !chosen.open.get(day).is_some_and(|o| o.covers(span)) {
                            broken
                                .push(format!("{} is not open for the whole meeting", chosen.name));
                        }
                        if self.needs_video(m) && !chosen.video {
                            broken.push(format!(
                                "{} has no video link and someone is on another clock",
                                chosen.name
                            ));
                        }
                        booked[m] = Some(Booked {
                            day,
                            start,
                            room: r,
                        });
                    }
                    Err(_) => broken.push(format!(
                        "room {} is not one of the rooms",
                        written(entry, "room")
                    )),
                }
            }
            if !self.placeable[m] && broken.is_empty() {
                broken.push("no booking can place this meeting".to_owned());
            }
            valid[m] = broken.is_empty();
            if !broken.is_empty() {
                let expected = match self.placeable[m] {
                    true => "a booking that keeps every hard rule".to_owned(),
                    false => "{\"no_slot\": true}: no booking can place it".to_owned(),
                };
                deductions.push(Deduction::new(VALID, item, broken.join("; "), expected));
            }
        }
        // The rules between bookings break both.
        for a in 0..self.meetings.len() {
            for b in a + 1..self.meetings.len() {
                let (Some((xd, xs)), Some((yd, ys))) = (times[a], times[b]) else {
                    continue;
                };
                let at = |day, start, booked: Option<Booked>| Booked {
                    day,
                    start,
                    room: booked.map_or(usize::MAX, |b| b.room),
                };
                let (x, y) = (at(xd, xs, booked[a]), at(yd, ys, booked[b]));
                let mut clash = self.times_clash((a, x), (b, y));
                let both_rooms = booked[a].is_some() && booked[b].is_some();
                if clash.is_none() && both_rooms && self.room_clash((a, x), (b, y)) {
                    clash = Some(format!(
                        "uses {} at the same time as {}",
                        self.rooms[x.room].name,
                        self.id(b)
                    ));
                }
                if let Some(clash) = clash {
                    valid[a] = false;
                    valid[b] = false;
                    deductions.push(Deduction::new(
                        VALID,
                        format!("{} and {}", self.id(a), self.id(b)),
                        format!("{}: {clash}", self.id(a)),
                        "no clash between the two bookings",
                    ));
                }
            }
        }
        // Order or gap rules with a meeting not booked do not apply, as
        // said; a meeting left out of the answer is simply unanswered.
        let basics_total: u64 = basics.iter().map(|p| p.0.max(0) as u64).sum();
        let valid_count = valid.iter().filter(|v| **v).count() as u64;
        // An entry that names no meeting (a meeting that does not exist,
        // an id that does not read, not an object) is the form the draft
        // check refuses: beyond the meetings left without an entry, which
        // it may have been meant for and which already earn nothing, each
        // is one more booking, a broken one (pr25-X3).
        let missing = entries
            .iter()
            .filter(|entry| matches!(entry, Err(Unreadable::Missing)))
            .count();
        let extra = unnamed.len().saturating_sub(missing);
        if extra > 0 {
            let ids: Vec<String> = (0..self.meetings.len()).map(|m| self.id(m)).collect();
            deductions.push(Deduction::new(
                VALID,
                "the answer",
                format!(
                    "{extra} more {} than its meetings: {}",
                    match extra {
                        1 => "entry",
                        _ => "entries",
                    },
                    unread_ids.join("; ")
                ),
                format!("one entry per meeting ({})", ids.join(", ")),
            ));
        }
        let met = self.met(&booked);
        let preferences = match self.best_met {
            0 => Points::FULL,
            best => Points::ratio(met.min(best) as u64, best as u64),
        };
        if met < self.best_met {
            deductions.push(Deduction::new(
                "preferences",
                "preferences",
                format!("{met} met"),
                format!(
                    "{} met, as the best valid joint schedule does",
                    self.best_met
                ),
            ));
        }
        let scores = [
            (BASICS, Points((basics_total / n) as _)),
            (VALID, Points::ratio(valid_count, n + extra as u64)),
            ("preferences", preferences),
        ];
        Grade::of(&RUBRIC, &scores, deductions)
    }
}

/// `9 July`.
fn day_month(day: Day) -> String {
    let (_, m, d) = day.civil();
    format!("{d} {}", crate::dates::MONTHS[m as usize - 1])
}

/// The keys an entry may name its meeting by, in the order tried.
const MEETING_KEYS: &[&str] = &["meeting", "id", "meeting_id", "title", "name"];

/// Why an entry of the answer names no meeting, as the feedback says it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Unnamed {
    /// The entry is not a JSON object.
    NotObject,
    /// The entry has none of [`MEETING_KEYS`]; its keys as written.
    NoKey(Vec<String>),
    /// The entry's meeting id, as written (its JSON), reads as no meeting.
    Unread(String),
}

impl Unnamed {
    /// What the draft check says: the problem and the keys, never a value.
    fn form(&self) -> String {
        match self {
            Unnamed::NotObject => "an entry that is not an object".to_owned(),
            Unnamed::NoKey(keys) => format!(
                "an entry with no `meeting` key (its keys: {})",
                keys_named(keys)
            ),
            Unnamed::Unread(_) => "an entry whose meeting id could not be read".to_owned(),
        }
    }

    /// What the graded feedback says: the problem and the value written.
    fn graded(&self) -> String {
        match self {
            Unnamed::NotObject => "an entry that is not an object".to_owned(),
            Unnamed::NoKey(keys) => format!(
                "an entry with no \"meeting\" key (its keys: {})",
                keys_named(keys)
            ),
            Unnamed::Unread(written) => format!("{written} could not be read as a meeting id"),
        }
    }
}

/// Keys as the feedback names them: each quoted, cut short, at most five.
fn keys_named(keys: &[String]) -> String {
    if keys.is_empty() {
        return "none".to_owned();
    }
    let mut named: Vec<String> = keys
        .iter()
        .take(5)
        .map(|k| format!("{:?}", k.chars().take(40).collect::<String>()))
        .collect();
    if keys.len() > 5 {
        named.push(format!("and {} more", keys.len() - 5));
    }
    named.join(", ")
}

/// Each meeting's entry in an answer, as [`Schedule::entries`] reads it.
type Entries<'a> = Vec<Reading<&'a Map<String, Value>>>;

enum Read {
    NoSlot,
    Booking {
        day: Reading<usize>,
        start: Reading<u32>,
        end: Reading<u32>,
        participants: Reading<Vec<String>>,
        room: Reading<usize>,
        /// The fields whose value could not be read at all (not a day or
        /// not one time), as against read and not allowed: the feedback
        /// says which.
        unread: Vec<&'static str>,
    },
}

/// Whether an entry says its meeting cannot be placed (`no_slot` true, as
/// a boolean or the word) and books nothing.
fn claims_no_slot(entry: &Map<String, Value>) -> bool {
    let said = says_no_slot(entry.get("no_slot"));
    let books = ["day", "start", "end", "participants", "room"]
        .iter()
        .any(|field| match entry.get(*field) {
            None | Some(Value::Null) => false,
            Some(Value::String(text)) => !is_blank(text),
            Some(Value::Array(items)) => !items.iter().all(|item| match item {
                Value::Null => true,
                Value::String(text) => is_blank(text),
                _ => false,
            }),
            Some(_) => true,
        });
    said && !books
}

/// Words that fill a field with no value (play-para-pr6 B8): in an entry
/// that says `no_slot`, "N/A" or a dash books nothing, as `null` does.
const BLANKS: &[&str] = &[
    "", "n/a", "na", "n.a.", "none", "null", "-", "\u{2013}", "\u{2014}",
];

/// Whether a field's text holds no value ([`BLANKS`], in marks or not).
fn is_blank(text: &str) -> bool {
    let unmarked = crate::text::markdown::without_emphasis(text);
    BLANKS.contains(&normalize(&unmarked).as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grade(schedule: &Schedule, answer: &Value) -> Grade {
        schedule.grade(answer.as_object().unwrap_or(&Map::new()))
    }

    #[test]
    fn the_reference_scores_full_at_both_levels() {
        for level in [4u8, 5] {
            for seed in 0..1000 {
                let schedule = generate(level, seed);
                let graded = grade(&schedule, &schedule.reference_answer());
                assert_eq!(
                    graded.total,
                    Points::FULL,
                    "level {level} seed {seed}: {graded:?}"
                );
            }
        }
    }

    /// Every rule checked from the raw data, on every (day, start, room)
    /// of every meeting, with no shortcut of the search's: which meetings
    /// can be placed, and the most preferences a valid joint schedule meets.
    fn brute_force(s: &Schedule) -> (Vec<bool>, Option<usize>) {
        let n = s.meetings.len();
        let alone: Vec<Vec<Booked>> = (0..n)
            .map(|m| {
                let meeting = &s.meetings[m];
                let mut out = Vec::new();
                for day in 0..s.days.len() {
                    for start in (DAY_START..=DAY_END - meeting.duration).step_by(15) {
                        let end = start + meeting.duration;
                        let blocked = s
                            .blocked
                            .iter()
                            .any(|b| b.1 == day && b.2 < end && start < b.3);
                        let people = meeting.required.iter().all(|&p| {
                            let person = &s.people[p];
                            let local = |t: u32| t as i32 + person.zone.offset;
                            !person.off[day]
                                && local(start) >= person.zone.start as i32
                                && local(end) <= person.zone.end as i32
                                && (start..end)
                                    .step_by(15)
                                    .all(|q| person.busy[day].0 >> (q / 15) & 1 == 0)
                        });
                        if blocked || !people {
                            continue;
                        }
                        for (r, room) in s.rooms.iter().enumerate() {
                            let remote = meeting
                                .required
                                .iter()
                                .any(|&p| s.people[p].zone.offset != 0);
                            let open = (start..end)
                                .step_by(15)
                                .all(|q| room.open[day].0 >> (q / 15) & 1 == 1);
                            if open
                                && room.capacity as usize >= meeting.required.len()
                                && (room.video || !remote)
                            {
                                out.push(Booked {
                                    day,
                                    start,
                                    room: r,
                                });
                            }
                        }
                    }
                }
                out
            })
            .collect();
        let placeable: Vec<bool> = alone.iter().map(|o| !o.is_empty()).collect();
        let ok_pair = |a: usize, x: Booked, b: usize, y: Booked| {
            let (xe, ye) = (
                x.start + s.meetings[a].duration,
                y.start + s.meetings[b].duration,
            );
            let same_day = x.day == y.day;
            let shared = s.meetings[a]
                .required
                .iter()
                .any(|p| s.meetings[b].required.contains(p));
            if same_day && shared && !(xe + 15 <= y.start || ye + 15 <= x.start) {
                return false;
            }
            if same_day && x.room == y.room && x.start < ye && y.start < xe {
                return false;
            }
            s.order.iter().all(|&(f, t)| {
                let (fb, tb, fe) = if (f, t) == (a, b) {
                    (x, y, xe)
                } else if (f, t) == (b, a) {
                    (y, x, ye)
                } else {
                    return true;
                };
                tb.day > fb.day || (tb.day == fb.day && tb.start >= fe)
            })
        };
        let mut best: Option<usize> = None;
        let mut chosen: Vec<Option<Booked>> = vec![None; n];
        fn walk(
            m: usize,
            s: &Schedule,
            alone: &[Vec<Booked>],
            placeable: &[bool],
            chosen: &mut Vec<Option<Booked>>,
            ok_pair: &dyn Fn(usize, Booked, usize, Booked) -> bool,
            best: &mut Option<usize>,
        ) {
            if m == alone.len() {
                let met = s.met(chosen);
                *best = Some(best.map_or(met, |b| b.max(met)));
                return;
            }
            if !placeable[m] {
                walk(m + 1, s, alone, placeable, chosen, ok_pair, best);
                return;
            }
            for &x in &alone[m] {
                if (0..m).all(|o| chosen[o].is_none_or(|y| ok_pair(m, x, o, y))) {
                    chosen[m] = Some(x);
                    walk(m + 1, s, alone, placeable, chosen, ok_pair, best);
                }
            }
            chosen[m] = None;
        }
        walk(0, s, &alone, &placeable, &mut chosen, &ok_pair, &mut best);
        (placeable, best)
    }

    #[test]
    fn exhaustive_search_agrees_on_what_fits_and_the_best_preferences() {
        let mut infeasible = 0;
        for level in [4u8, 5] {
            for seed in 0..120 {
                let s = generate(level, seed);
                let (placeable, best) = brute_force(&s);
                assert_eq!(placeable, s.placeable, "level {level} seed {seed}");
                assert_eq!(best, Some(s.best_met), "level {level} seed {seed}");
                infeasible += placeable.iter().filter(|p| !**p).count();
                assert!(level == 5 || placeable.iter().all(|p| *p));
            }
        }
        assert!(infeasible > 20, "{infeasible}");
    }

    #[test]
    fn a_broken_booking_earns_at_most_its_basics_and_a_clash_breaks_both() {
        for seed in 0..60 {
            let s = generate(5, seed);
            let n = s.meetings.len() as i32;
            let reference = s.reference_answer();
            // A room too small or closed for M1's placeable booking.
            let Some(m) = (0..s.meetings.len()).find(|&m| s.placeable[m]) else {
                continue;
            };
            let mut answer = reference.clone();
            answer["bookings"][m]["start"] = json!("07:00");
            let graded = grade(&s, &answer);
            let most = 10_000 - 7000 / n - 1500 + 1;
            assert!(graded.total.0 <= most, "seed {seed}: {graded:?}");
            assert_eq!(graded.criteria["preferences"], Points::ZERO);
            // no_slot for a meeting that fits earns nothing for it.
            let mut answer = reference.clone();
            answer["bookings"][m] = json!({"meeting": s.id(m), "no_slot": true});
            let graded = grade(&s, &answer);
            assert!(
                graded.criteria[BASICS].0 <= 10_000 - 10_000 / n + 1,
                "{graded:?}"
            );
            // Two meetings that share someone booked at the same time: both break.
            let placed: Vec<usize> = (0..s.meetings.len()).filter(|&m| s.placeable[m]).collect();
            if let [a, b, ..] = placed[..]
                && s.share(a, b)
            {
                let mut answer = reference.clone();
                answer["bookings"][b]["day"] = answer["bookings"][a]["day"].clone();
                answer["bookings"][b]["start"] = answer["bookings"][a]["start"].clone();
                let d = s.meetings[b].duration;
                let start = crate::dates::parse_clock(
                    answer["bookings"][a]["start"].as_str().unwrap_or(""),
                )
                .unwrap_or(DAY_START);
                answer["bookings"][b]["end"] = json!(clock(start + d));
                let graded = grade(&s, &answer);
                assert!(
                    graded.criteria[VALID].0 <= 10_000 - 2 * 10_000 / n + 1,
                    "seed {seed}: {graded:?}"
                );
            }
        }
    }

    #[test]
    fn entries_read_by_id_title_or_key_and_two_for_one_meeting_count_as_none() {
        let s = generate(4, 3);
        let reference = s.reference_answer();
        let list = reference["bookings"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut by_key = Map::new();
        for (m, entry) in list.iter().enumerate() {
            let mut entry = entry.clone();
            if let Some(o) = entry.as_object_mut() {
                o.remove("meeting");
            }
            by_key.insert(format!("{} ({})", s.id(m), s.meetings[m].title), entry);
        }
        let keyed = json!({"bookings": by_key});
        assert_eq!(grade(&s, &keyed).total, Points::FULL);
        let mut titled = reference.clone();
        titled["bookings"][0]["meeting"] = json!(s.meetings[0].title.to_lowercase());
        assert_eq!(grade(&s, &titled).total, Points::FULL);
        // The id with a dash and the title, or after a label
        // (play-para-pr2, B1, B2).
        for named in [
            format!("{} \u{2013} {}", s.id(0), s.meetings[0].title),
            format!("{} \u{2014} {}", s.id(0), s.meetings[0].title),
            format!("meeting: {}", s.id(0)),
            format!("Meeting {}", s.id(0)),
            format!("ID = {}", s.id(0)),
        ] {
            let mut written = reference.clone();
            written["bookings"][0]["meeting"] = json!(named);
            assert_eq!(grade(&s, &written).total, Points::FULL, "{named}");
        }
        let mut twice = reference.clone();
        if let Some(list) = twice["bookings"].as_array_mut() {
            list.push(list[0].clone());
        }
        assert!(grade(&s, &twice).total < Points::FULL);
        assert_eq!(grade(&s, &json!({})).total, Points::ZERO);
    }

    #[test]
    fn an_id_is_read_with_its_own_title_after_any_separator_never_with_another() {
        // play-para-pr6 B1: "M2 Budget sync" is M2; "M2 M3" and "M2
        // <another meeting's title>" name no meeting.
        let s = generate(5, 4);
        let title = |m: usize| s.meetings[m].title;
        for (written, meeting) in [
            (format!("{} {}", s.id(0), title(0)), Some(0)),
            (format!("{}: {}", s.id(1), title(1).to_uppercase()), Some(1)),
            (format!("{} - {}", s.id(1), title(1)), Some(1)),
            (format!("{}({})", s.id(0), title(0)), Some(0)),
            (format!("{} \"{}\"", s.id(1), title(1)), Some(1)),
            (format!("**{}** {}", s.id(0), title(0)), Some(0)),
            (format!("{} (first)", s.id(0)), Some(0)),
            (format!("{} {}", s.id(0), s.id(1)), None),
            (format!("{} ({})", s.id(0), s.id(1)), None),
            (format!("{} {}", s.id(0), title(1)), None),
            (format!("{} ({})", s.id(0), title(1)), None),
            (format!("{}: {}", s.id(0), title(1)), None),
            (format!("{} first", s.id(0)), None),
        ] {
            assert_eq!(s.meeting_named(&written), meeting, "{written}");
        }
    }
}
