//! Baseline policies the graders must score low, played by `deskbench eval`
//! and bounded by tests. They see only what an agent sees (the payload),
//! except `memorised`, which replays the right answer of another seed.
//!
//! - `random`: a well-formed answer with random values;
//! - `constant`: the same answer whatever the scenario;
//! - `memorised`: the reference answer of seed 0, for every seed;
//! - `everything`: every option listed (all labels, every person, every id).

use serde_json::{Value, json};

use super::Payload;
use crate::dates::clock;
use crate::rng::SeededRng;

pub const NAMES: &[&str] = &["random", "constant", "memorised", "everything"];

fn names(payload: &Payload) -> (Vec<String>, Vec<String>) {
    match payload {
        Payload::Calendar(c) => (
            c.availability.iter().map(|p| p.name.clone()).collect(),
            c.rooms.iter().map(|r| r.name.clone()).collect(),
        ),
        Payload::Cleaning(t) => (
            t.rows.iter().map(|r| r.id.trim().to_lowercase()).collect(),
            t.rows
                .iter()
                .map(|r| r.email.trim().to_lowercase())
                .collect(),
        ),
        Payload::Email(_) => (Vec::new(), Vec::new()),
    }
}

fn random_subset(rng: &mut SeededRng, items: &[String]) -> Vec<String> {
    items.iter().filter(|_| rng.chance(1, 2)).cloned().collect()
}

/// The answer of a blind baseline (all but `memorised`), from the payload.
pub fn answer(name: &str, payload: &Payload, rng: &mut SeededRng) -> Option<Value> {
    let (people_or_ids, rooms_or_emails) = names(payload);
    let answer = match (name, payload) {
        ("random", Payload::Email(_)) => json!({
            "label": rng.pick(&["work", "personal", "spam", "finance"]),
            "priority": rng.pick(&["low", "normal", "high"]),
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
            let start =
                rng.range(9 * 4, (18 * 60 - i64::from(c.duration_minutes)) / 15) as u32 * 15;
            json!({
                "day": c.day,
                "start": clock(start),
                "end": clock(start + c.duration_minutes),
                "participants": random_subset(rng, &people_or_ids),
                "room": rooms_or_emails.get(rng.index(rooms_or_emails.len())),
            })
        }
        ("constant", Payload::Calendar(c)) => json!({
            "day": c.day,
            "start": "09:00",
            "end": clock(9 * 60 + c.duration_minutes),
            "participants": c.required_participants,
            "room": rooms_or_emails.first(),
        }),
        ("everything", Payload::Calendar(c)) => json!({
            "day": c.day,
            "start": "09:00",
            "end": "18:00",
            "participants": people_or_ids,
            "room": rooms_or_emails.first(),
        }),
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
