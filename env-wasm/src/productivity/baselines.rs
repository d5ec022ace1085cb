//! Baseline policies the graders must score low, played by `deskbench eval`
//! and bounded by tests. They see only what an agent sees ([`Seen`]: the
//! payload, the instruction, and the reward and feedback of each step so
//! far), except `memorised`, which replays the right answer of another seed.
//!
//! - `random`: a well-formed answer with random values;
//! - `constant`: the same answer whatever the scenario;
//! - `memorised`: the reference answer of seed 0, for every seed;
//! - `everything`: every option listed (all labels, every person, every id).
//!
//! The `exploit_*` policies attack the grading channel rather than the task
//! (`deskbench eval --policy exploits` plays them all):
//! - `exploit_proposal_enumeration`: drafts candidate answers taken from
//!   the answer space alone (never the email, the availability or the
//!   table's contents), keeps the one the rewards and feedback favour, and
//!   submits it with `final`;
//! - `exploit_hedge`: lists, ranges and "X or Y" in one-value fields, every
//!   option in set fields;
//! - `exploit_copy`: the instruction or payload text pasted into every field.

use serde_json::{Value, json};

use super::command::MAX_RAW_CHARS;
use super::draft;
use super::payload::Payload;
use crate::dates::clock;
use crate::points::Points;
use crate::rng::SeededRng;

pub(crate) const NAMES: &[&str] = &[
    "random",
    "constant",
    "memorised",
    "everything",
    "exploit_proposal_enumeration",
    "exploit_hedge",
    "exploit_copy",
];

/// What an agent has seen of the episode: the observation's scenario and,
/// for each step so far, its reward and feedback.
pub(crate) struct Seen<'a> {
    pub payload: &'a Payload,
    pub instruction: &'a str,
    pub steps: &'a [(Points, String)],
    pub max_steps: u32,
}

const LABELS: [&str; 4] = ["work", "personal", "spam", "finance"];
const PRIORITIES: [&str; 3] = ["low", "normal", "high"];

/// The next `raw` command of baseline `name` (all but `memorised`), or
/// `None` for a name this module does not play.
pub(crate) fn next_command(name: &str, seen: &Seen, rng: &mut SeededRng) -> Option<String> {
    let answer = match name {
        "exploit_proposal_enumeration" => return Some(enumeration(seen)),
        "exploit_hedge" => hedge(seen.payload, rng),
        "exploit_copy" => copy(seen, rng),
        _ => blind(name, seen.payload, rng)?,
    };
    Some(format!("final: {answer}"))
}

/// Ids (lower case, trimmed, in table order, repeats kept) and emails of a
/// table, people and rooms of a calendar: the answer space.
fn names(payload: &Payload) -> (Vec<String>, Vec<String>) {
    match payload {
        Payload::Calendar(c) => (
            c.availability
                .iter()
                .map(|p| p.name.clone())
                .chain(c.directory.iter().cloned())
                .collect(),
            c.rooms.iter().map(|r| r.name.clone()).collect(),
        ),
        Payload::Cleaning(t) => (
            t.rows.iter().map(|r| r.id.trim().to_lowercase()).collect(),
            t.rows
                .iter()
                .map(|r| r.email.trim().to_lowercase())
                .collect(),
        ),
        Payload::Schedule(c) => (c.directory.clone(), Vec::new()),
        Payload::Email(_) => (Vec::new(), Vec::new()),
    }
}

/// One answer entry per meeting of a schedule, each made by `entry`.
fn per_meeting(
    c: &super::schedule::SchedulePayload,
    mut entry: impl FnMut(usize, &super::schedule::MeetingInfo) -> Value,
) -> Value {
    let bookings: Vec<Value> = c
        .meetings
        .iter()
        .enumerate()
        .map(|(i, meeting)| {
            let mut value = entry(i, meeting);
            value["meeting"] = json!(meeting.id);
            value
        })
        .collect();
    json!({ "bookings": bookings })
}

/// The days a schedule's meetings may be on.
fn schedule_days(c: &super::schedule::SchedulePayload) -> Vec<String> {
    c.days.iter().map(|d| d.day.clone()).collect()
}

fn random_subset(rng: &mut SeededRng, items: &[String]) -> Vec<String> {
    items.iter().filter(|_| rng.chance(1, 2)).cloned().collect()
}

/// `random`, `constant` and `everything`: one answer, from the payload.
fn blind(name: &str, payload: &Payload, rng: &mut SeededRng) -> Option<Value> {
    let (people_or_ids, rooms_or_emails) = names(payload);
    let answer = match (name, payload) {
        ("random", Payload::Email(_)) => json!({
            "label": rng.pick(&LABELS),
            "priority": rng.pick(&PRIORITIES),
            "needs_reply": rng.pick(&["yes", "no"]),
        }),
        ("constant", Payload::Email(_)) => {
            json!({"label": "work", "priority": "normal", "needs_reply": "yes"})
        }
        ("everything", Payload::Email(_)) => json!({
            "label": "work, personal, spam, finance",
            "priority": "low, normal, high",
            "needs_reply": "yes, no",
        }),
        ("random", Payload::Calendar(c)) => {
            let days = c.candidate_days();
            let start =
                rng.range(9 * 4, (18 * 60 - i64::from(c.duration_minutes)) / 15) as u32 * 15;
            json!({
                "day": days.get(rng.index(days.len())),
                "start": clock(start),
                "end": clock(start + c.duration_minutes),
                "participants": random_subset(rng, &people_or_ids),
                "room": rooms_or_emails.get(rng.index(rooms_or_emails.len())),
            })
        }
        ("constant", Payload::Calendar(c)) => json!({
            "day": c.candidate_days().first(),
            "start": "09:00",
            "end": clock(9 * 60 + c.duration_minutes),
            "participants": c.required_participants,
            "room": rooms_or_emails.first(),
        }),
        ("everything", Payload::Calendar(c)) => json!({
            "day": c.candidate_days().first(),
            "start": "09:00",
            "end": "18:00",
            "participants": people_or_ids,
            "room": rooms_or_emails.first(),
        }),
        ("random", Payload::Schedule(c)) => {
            let days = schedule_days(c);
            per_meeting(c, |_, meeting| {
                let start = rng.range(9 * 4, (18 * 60 - i64::from(meeting.duration_minutes)) / 15)
                    as u32
                    * 15;
                json!({
                    "day": days.get(rng.index(days.len())),
                    "start": clock(start),
                    "end": clock(start + meeting.duration_minutes),
                    "participants": random_subset(rng, &people_or_ids),
                    "room": "",
                })
            })
        }
        ("constant", Payload::Schedule(c)) => {
            let days = schedule_days(c);
            per_meeting(c, |_, meeting| {
                json!({
                    "day": days.first(),
                    "start": "09:00",
                    "end": clock(9 * 60 + meeting.duration_minutes),
                    "participants": meeting.required_participants,
                    "room": "",
                })
            })
        }
        ("everything", Payload::Schedule(c)) => {
            let days = schedule_days(c);
            per_meeting(c, |_, _| {
                json!({
                    "day": days.first(),
                    "start": "09:00",
                    "end": "18:00",
                    "participants": people_or_ids,
                    "room": "",
                })
            })
        }
        ("random", Payload::Cleaning(_)) => {
            let retained = random_subset(rng, &people_or_ids);
            json!({
                "valid_rows": retained.len(),
                "duplicate_ids": random_subset(rng, &people_or_ids),
                "invalid_emails": random_subset(rng, &rooms_or_emails),
                "normalized_total": format!("{}.{:02}", rng.range(0, 20_000), rng.below(100)),
                "retained_ids": retained,
            })
        }
        ("constant", Payload::Cleaning(_)) => json!({
            "valid_rows": 5,
            "duplicate_ids": [],
            "invalid_emails": [],
            "normalized_total": "0.00",
            "retained_ids": [],
        }),
        ("everything", Payload::Cleaning(_)) => json!({
            "valid_rows": people_or_ids.len(),
            "duplicate_ids": people_or_ids,
            "invalid_emails": rooms_or_emails,
            "normalized_total": "0.00",
            "retained_ids": people_or_ids,
        }),
        _ => return None,
    };
    Some(answer)
}

/// The enumerator's candidates, from the answer space only: every label
/// (the heaviest email criterion); four slots rotating through the rooms;
/// four row counts.
fn candidates(payload: &Payload) -> Vec<Value> {
    match payload {
        Payload::Email(_) => LABELS
            .iter()
            .map(|label| json!({"label": label, "priority": "normal", "needs_reply": "yes"}))
            .collect(),
        Payload::Calendar(c) => [9 * 60, 10 * 60 + 30, 13 * 60 + 30, 15 * 60]
            .iter()
            .enumerate()
            .map(|(i, start)| {
                let days = c.candidate_days();
                json!({
                    "day": days.get(i % days.len().max(1)),
                    "start": clock(*start),
                    "end": clock(start + c.duration_minutes),
                    "participants": c.required_participants,
                    "room": c.rooms.get(i % c.rooms.len().max(1)).map(|r| r.name.clone()),
                })
            })
            .collect(),
        Payload::Schedule(c) => [9 * 60, 10 * 60 + 30, 13 * 60 + 30, 15 * 60]
            .iter()
            .enumerate()
            .map(|(i, start)| {
                let days = schedule_days(c);
                per_meeting(c, |m, meeting| {
                    let start = start + m as u32 * 120 % (18 * 60 - start);
                    json!({
                        "day": days.get(i % days.len().max(1)),
                        "start": clock(start),
                        "end": clock(start + meeting.duration_minutes),
                        "participants": meeting.required_participants,
                        "room": "",
                    })
                })
            })
            .collect(),
        Payload::Cleaning(t) => (2..6)
            .map(|dropped| {
                json!({
                    "valid_rows": t.rows.len().saturating_sub(dropped),
                    "duplicate_ids": [],
                    "invalid_emails": [],
                    "normalized_total": "0.00",
                    "retained_ids": [],
                })
            })
            .collect(),
    }
}

/// Draft each candidate while a step is left for `final`, then submit the
/// draft with the highest reward among those the check called well formed
/// (the first on a tie): all a policy can learn from the rewards and
/// feedback of drafts.
fn enumeration(seen: &Seen) -> String {
    let candidates = candidates(seen.payload);
    let drafts = candidates
        .len()
        .min(seen.max_steps.saturating_sub(1) as usize);
    let step = seen.steps.len();
    if let Some(candidate) = candidates.get(step).filter(|_| step < drafts) {
        return format!("propose: {candidate}");
    }
    let survivor = seen
        .steps
        .iter()
        .take(drafts)
        .enumerate()
        .filter(|(_, (_, feedback))| feedback.starts_with(draft::WELL_FORMED))
        .max_by_key(|(i, (reward, _))| (*reward, std::cmp::Reverse(*i)))
        .map_or(0, |(i, _)| i);
    let answer = candidates.get(survivor).cloned().unwrap_or_default();
    format!("final: {answer}")
}

/// One of the ways of hedging `options` in a one-value field.
fn hedged(options: &[String], rng: &mut SeededRng) -> Value {
    match rng.below(4) {
        0 => json!(options),
        1 => json!(options.join(" or ")),
        2 => json!(options.join("/")),
        _ => json!(options.join(", ")),
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// Every option at once: hedges in one-value fields, everything in sets.
fn hedge(payload: &Payload, rng: &mut SeededRng) -> Value {
    let (people_or_ids, rooms_or_emails) = names(payload);
    match payload {
        Payload::Email(_) => json!({
            "label": hedged(&strings(&LABELS), rng),
            "priority": hedged(&strings(&PRIORITIES), rng),
            "needs_reply": hedged(&strings(&["yes", "no"]), rng),
        }),
        Payload::Calendar(c) => {
            let latest = 18 * 60 - c.duration_minutes;
            let starts: Vec<String> = (9 * 60..=latest).step_by(15).map(clock).collect();
            let ends: Vec<String> = (9 * 60 + c.duration_minutes..=18 * 60)
                .step_by(15)
                .map(clock)
                .collect();
            let (start, end) = if rng.chance(1, 2) {
                (json!(format!("09:00-{}", clock(latest))), json!("18:00"))
            } else {
                (hedged(&starts, rng), hedged(&ends, rng))
            };
            json!({
                "day": match c.candidate_days().as_slice() {
                    [day] => json!(day),
                    days => hedged(days, rng),
                },
                "start": start,
                "end": end,
                "participants": people_or_ids,
                "room": hedged(&rooms_or_emails, rng),
            })
        }
        Payload::Schedule(c) => {
            let days = schedule_days(c);
            per_meeting(c, |_, meeting| {
                let latest = 18 * 60 - meeting.duration_minutes;
                let starts: Vec<String> = (9 * 60..=latest).step_by(15).map(clock).collect();
                json!({
                    "day": hedged(&days, rng),
                    "start": hedged(&starts, rng),
                    "end": "18:00",
                    "participants": people_or_ids,
                    "room": "",
                })
            })
        }
        Payload::Cleaning(t) => {
            let counts: Vec<String> = (0..=t.rows.len()).map(|n| n.to_string()).collect();
            let total = if rng.chance(1, 2) {
                json!("$0.00-$99,999.99")
            } else {
                hedged(&strings(&["0.00", "1000.00", "5000.00", "10000.00"]), rng)
            };
            json!({
                "valid_rows": hedged(&counts, rng),
                "duplicate_ids": people_or_ids,
                "invalid_emails": rooms_or_emails,
                "normalized_total": total,
                "retained_ids": people_or_ids,
            })
        }
    }
}

/// The observation's text pasted into every answer field, cut so that the
/// command stays within [`MAX_RAW_CHARS`].
fn copy(seen: &Seen, rng: &mut SeededRng) -> Value {
    let payload_text = serde_json::to_string(seen.payload).unwrap_or_default();
    let own_text = match seen.payload {
        Payload::Email(e) => e.email.body.clone(),
        Payload::Calendar(c) => serde_json::to_string(&c.availability).unwrap_or_default(),
        Payload::Cleaning(t) => t.rules.join(" "),
        Payload::Schedule(c) => serde_json::to_string(&c.meetings).unwrap_or_default(),
    };
    let text = match rng.below(3) {
        0 => seen.instruction.to_owned(),
        1 => payload_text,
        _ => own_text,
    };
    let fields: &[&str] = match seen.payload {
        Payload::Email(_) => &["label", "priority", "needs_reply"],
        Payload::Calendar(_) | Payload::Schedule(_) => {
            &["day", "start", "end", "participants", "room"]
        }
        Payload::Cleaning(_) => &[
            "valid_rows",
            "duplicate_ids",
            "invalid_emails",
            "normalized_total",
            "retained_ids",
        ],
    };
    let mut budget = text.chars().count();
    loop {
        let cut: String = text.chars().take(budget).collect();
        let answer: serde_json::Map<String, Value> = fields
            .iter()
            .map(|field| ((*field).to_owned(), json!(cut)))
            .collect();
        let mut answer = Value::Object(answer);
        if let Payload::Schedule(c) = seen.payload {
            let entry = answer.clone();
            answer = per_meeting(c, |_, _| entry.clone());
        }
        if answer.to_string().chars().count() + "final: ".len() <= MAX_RAW_CHARS || budget == 0 {
            return answer;
        }
        budget /= 2;
    }
}
