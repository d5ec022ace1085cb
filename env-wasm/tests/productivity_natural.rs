//! Natural right answers to `productivity` must score full, at every level:
//! the answers careful agents write (capitalised values, asides in
//! brackets, booleans, 12-hour times, long dates, names as one string, the
//! organizer named too, number words, a total with its breakdown, Markdown
//! fences, prose after the JSON object, Unicode look-alikes), next to the
//! exploit tables of `productivity_exploits`. Built from the reference answer
//! of each seed through the JSON seam only, plus the model-written answers a
//! black-box player judged right (`productivity_tables/played.jsonl`). The
//! table prints its size and pass count (`-- --nocapture`).
#![cfg(not(target_arch = "wasm32"))]

mod productivity_support;

use productivity_support::{
    LEVELS, TASKS, capitalized, in_words, single_answer_levels, start_at, step,
};
use serde_json::{Map, Value, json};

/// Seeds per task and level.
const SEEDS: u64 = 6;

/// The reference answer and the payload of `task` at `level` and `seed`.
fn truth(task: &str, level: u8, seed: u64) -> (Map<String, Value>, Value) {
    let (mut env, mut observation) = start_at(task, level, seed);
    let raw = productivity_support::reference_final(&env);
    let answer =
        serde_json::from_str::<Map<String, Value>>(raw.trim_start_matches("final:").trim())
            .unwrap_or_default();
    // The calendar at levels 4 and 5 keeps its rooms behind `list_rooms`:
    // read them from its text, as an agent would.
    if observation["payload"].get("directory").is_some() {
        let (_, shown, _) = step(&mut env, "list_rooms");
        let text = shown["last_feedback"].as_str().unwrap_or_default();
        observation["payload"]["rooms"] = rooms_listed(text);
    }
    (answer, observation["payload"].clone())
}

/// The rooms of `list_rooms`' text ("Rooms, open windows in meeting time
/// (TZ): Cedar (capacity 5): open 2026-03-02 09:00-10:30, ...; Maple ...")
/// as the payload lists them below level 4.
fn rooms_listed(text: &str) -> Value {
    let listed = text.split_once("): ").map_or("", |(_, rest)| rest);
    let rooms: Vec<Value> = listed
        .trim_end_matches('.')
        .split("; ")
        .filter_map(|room| {
            let (head, open) = room.split_once(": open ")?;
            let (name, capacity) = head.split_once(" (capacity ")?;
            let open: Vec<Value> = open
                .split(", ")
                .filter_map(|w| {
                    let (day, times) = w.split_once(' ')?;
                    let (start, end) = times.split_once('-')?;
                    Some(json!({"day": day, "start": start, "end": end}))
                })
                .collect();
            Some(json!({
                "name": name,
                "capacity": capacity.trim_end_matches(')').parse::<u64>().ok()?,
                "open": open,
            }))
        })
        .collect();
    json!(rooms)
}

fn text(answer: &Map<String, Value>, key: &str) -> String {
    answer
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn with(answer: &Map<String, Value>, edits: &[(&str, Value)]) -> Map<String, Value> {
    let mut out = answer.clone();
    for (key, value) in edits {
        out.insert((*key).to_owned(), value.clone());
    }
    out
}

/// 14:15 as "2:15 PM".
fn twelve_hour(hhmm: &str) -> String {
    let (h, m) = hhmm.split_once(':').unwrap_or(("0", "0"));
    let h: u32 = h.parse().unwrap_or(0);
    let meridiem = if h >= 12 { "PM" } else { "AM" };
    format!("{}:{m} {meridiem}", (h + 11) % 12 + 1)
}

/// Each letter of `text` as its fullwidth form, with a zero-width space
/// after every third character.
fn disguised(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        match c {
            'a'..='z' | 'A'..='Z' => {
                out.push(char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c))
            }
            _ => out.push(c),
        }
        if i % 3 == 2 {
            out.push('\u{200B}');
        }
    }
    out
}

/// Another label, priority and reply than `label`, `priority` and `reply`.
fn others(label: &str, priority: &str, reply: &str) -> (&'static str, &'static str, &'static str) {
    let label = match label {
        "work" => "personal",
        "personal" => "work",
        "spam" => "finance",
        _ => "spam",
    };
    let priority = match priority {
        "low" => "normal",
        "normal" => "high",
        _ => "normal",
    };
    (label, priority, if reply == "yes" { "no" } else { "yes" })
}

/// A room of the payload that cannot hold the gold booking (too small or
/// closed then), or another room when every one could.
fn unusable_room(payload: &Value, gold: &Map<String, Value>) -> String {
    let minutes = |key: &str| {
        let (h, m) = text(gold, key).split_once(':').map_or((0, 0), |(h, m)| {
            (h.parse::<u32>().unwrap_or(0), m.parse::<u32>().unwrap_or(0))
        });
        h * 60 + m
    };
    let (start, end) = (minutes("start"), minutes("end"));
    let day = text(gold, "day");
    let people = gold
        .get("participants")
        .and_then(Value::as_array)
        .map_or(0, Vec::len) as u64;
    let rooms = payload["rooms"].as_array().cloned().unwrap_or_default();
    let open_then = |room: &Value| {
        room["open"].as_array().into_iter().flatten().any(|w| {
            let on_day = w.get("day").is_none_or(|d| d == day.as_str());
            let at = |k: &str| {
                w[k].as_str()
                    .and_then(|t| t.split_once(':'))
                    .map_or(0, |(h, m)| {
                        h.parse::<u32>().unwrap_or(0) * 60 + m.parse::<u32>().unwrap_or(0)
                    })
            };
            on_day && at("start") <= start && end <= at("end")
        })
    };
    let name = |room: &Value| room["name"].as_str().unwrap_or_default().to_owned();
    rooms
        .iter()
        .find(|r| r["capacity"].as_u64().unwrap_or(0) < people || !open_then(r))
        .or_else(|| rooms.iter().find(|r| r["name"] != gold["room"]))
        .map(name)
        .unwrap_or_default()
}

/// (style, raw command) for the natural right answers of one seed.
fn natural(task: &str, level: u8, seed: u64) -> Vec<(String, String)> {
    let (gold, payload) = truth(task, level, seed);
    let final_of =
        |answer: &Map<String, Value>| format!("final: {}", Value::Object(answer.clone()));
    let mut rows: Vec<(String, String)> = Vec::new();
    // A level-5 calendar without a valid booking: `no_slot`, as the
    // boolean or the word.
    if gold.contains_key("no_slot") {
        rows.push(("no_slot".to_owned(), final_of(&gold)));
        rows.push((
            "no_slot as a word".to_owned(),
            r#"final: {"no_slot": "yes"}"#.to_owned(),
        ));
        return rows;
    }
    let mut push = |style: &str, raw: String| rows.push((style.to_owned(), raw));
    push(
        "reference with reasoning after the JSON",
        format!(
            "{}\n\nReasoning: I applied each rule of the policy to the payload in order.",
            final_of(&gold)
        ),
    );
    push(
        "in a Markdown fence",
        format!(
            "final: ```json\n{}\n```",
            serde_json::to_string_pretty(&Value::Object(gold.clone())).unwrap_or_default()
        ),
    );
    match task {
        "easy" => {
            let label = text(&gold, "label");
            let priority = text(&gold, "priority");
            let reply = text(&gold, "needs_reply");
            let aside = match priority.as_str() {
                "high" => "high (it cannot wait)",
                "normal" => "normal (not urgent)",
                _ => "low (nothing is asked, no deadline)",
            };
            push(
                "capitalised",
                final_of(&with(
                    &gold,
                    &[
                        ("label", json!(capitalized(&label))),
                        ("priority", json!(capitalized(&priority))),
                        ("needs_reply", json!(capitalized(&reply))),
                    ],
                )),
            );
            push(
                "asides in brackets",
                final_of(&with(
                    &gold,
                    &[
                        ("label", json!(format!("{label} (see the sender's domain)"))),
                        ("priority", json!(aside)),
                        ("needs_reply", json!(format!("{reply} (per the policy)"))),
                    ],
                )),
            );
            push(
                "asides after a dash, a semicolon or a comma",
                final_of(&with(
                    &gold,
                    &[
                        (
                            "label",
                            json!(format!("{label} \u{2014} see the sender's domain")),
                        ),
                        (
                            "priority",
                            json!(format!("{priority} - as the policy rules")),
                        ),
                        ("needs_reply", json!(format!("{reply}; per the policy"))),
                    ],
                )),
            );
            let (other_label, other_priority, other_reply) = others(&label, &priority, &reply);
            push(
                "asides that name the value they reject",
                final_of(&with(
                    &gold,
                    &[
                        (
                            "label",
                            json!(format!("{label} (rather than {other_label})")),
                        ),
                        (
                            "priority",
                            json!(format!("{priority}, rather than {other_priority}")),
                        ),
                        (
                            "needs_reply",
                            json!(format!("{reply}; {other_reply} would be wrong")),
                        ),
                    ],
                )),
            );
            push(
                "instead of, not, outranks",
                final_of(&with(
                    &gold,
                    &[
                        ("label", json!(format!("{label}, not {other_label}"))),
                        (
                            "priority",
                            json!(format!(
                                "{priority} instead of {other_priority} (what is asked outranks the {other_priority} default)"
                            )),
                        ),
                        (
                            "needs_reply",
                            json!(format!("{reply}, as opposed to {other_reply}")),
                        ),
                    ],
                )),
            );
            push(
                "the value, then its reason after a colon or because",
                final_of(&with(
                    &gold,
                    &[
                        (
                            "label",
                            json!(format!(
                                "{}: from the sender's address",
                                capitalized(&label)
                            )),
                        ),
                        (
                            "priority",
                            json!(format!(
                                "{} because of what is asked and by when",
                                capitalized(&priority)
                            )),
                        ),
                        (
                            "needs_reply",
                            json!(format!("{}: see what the sender asks", capitalized(&reply))),
                        ),
                    ],
                )),
            );
            push(
                "the reply's reason restating it under a denial",
                final_of(&with(
                    &gold,
                    &[(
                        "needs_reply",
                        json!(if reply == "no" {
                            "no (no reply or acknowledgement needed either)"
                        } else {
                            "yes (not just an acknowledgement: a reply is needed)"
                        }),
                    )],
                )),
            );
            push(
                "boolean reply and worded priority",
                final_of(&with(
                    &gold,
                    &[
                        ("label", json!(format!("{} email", capitalized(&label)))),
                        (
                            "priority",
                            json!(format!("{} priority", capitalized(&priority))),
                        ),
                        ("needs_reply", json!(reply == "yes")),
                    ],
                )),
            );
            push(
                "Unicode look-alikes",
                final_of(&with(
                    &gold,
                    &[
                        ("label", json!(disguised(&label))),
                        ("priority", json!(disguised(&priority))),
                    ],
                )),
            );
        }
        "medium" => {
            let people: Vec<String> = gold["participants"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p.as_str().map(str::to_owned))
                .collect();
            let listed = match people.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                _ => people.join(""),
            };
            let organizer = payload["organizer"].as_str().unwrap_or_default();
            let room = text(&gold, "room");
            push(
                "12-hour times, names as one string, Room",
                final_of(&with(
                    &gold,
                    &[
                        ("start", json!(twelve_hour(&text(&gold, "start")))),
                        ("end", json!(twelve_hour(&text(&gold, "end")))),
                        ("participants", json!(listed)),
                        ("room", json!(format!("{room} Room"))),
                    ],
                )),
            );
            let mut everyone = vec![json!(organizer)];
            everyone.extend(people.iter().map(|p| json!(p)));
            push(
                "the organizer named as well",
                final_of(&with(&gold, &[("participants", Value::Array(everyone))])),
            );
            let capacity = payload["rooms"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|r| r["name"] == gold["room"])
                .map_or(0, |r| r["capacity"].as_u64().unwrap_or(0));
            push(
                "room with an aside",
                final_of(&with(
                    &gold,
                    &[("room", json!(format!("{room} (capacity {capacity})")))],
                )),
            );
            push(
                "Unicode look-alikes",
                final_of(&with(&gold, &[("room", json!(disguised(&room)))])),
            );
            let unusable = unusable_room(&payload, &gold);
            let start = text(&gold, "start");
            let day = text(&gold, "day");
            let rejected_day = payload["days"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|d| d["day"].as_str())
                .find(|d| *d != day)
                .map_or_else(|| "the day before".to_owned(), str::to_owned);
            let with_roles: Vec<Value> = people
                .iter()
                .map(|p| json!(format!("{p} (required)")))
                .collect();
            push(
                "asides that name the room, day and time they reject",
                final_of(&with(
                    &gold,
                    &[
                        (
                            "room",
                            json!(format!(
                                "{room} (instead of {unusable}, too small or closed)"
                            )),
                        ),
                        ("day", json!(format!("{day}, not {rejected_day}"))),
                        ("start", json!(format!("{start} (not earlier: a clash)"))),
                        ("participants", Value::Array(with_roles)),
                    ],
                )),
            );
            push(
                "the room, then its reason",
                final_of(&with(
                    &gold,
                    &[(
                        "room",
                        json!(format!("{room}, not {unusable}: big enough and open then")),
                    )],
                )),
            );
        }
        _ => {
            let rows_kept = gold["valid_rows"].as_u64().unwrap_or(0);
            let total = text(&gold, "normalized_total");
            let ids: Vec<Value> = gold["retained_ids"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|id| json!(id.as_str().unwrap_or_default().to_uppercase()))
                .collect();
            push(
                "count in words, total with $ and an aside",
                final_of(&with(
                    &gold,
                    &[
                        ("valid_rows", json!(in_words(rows_kept))),
                        (
                            "normalized_total",
                            json!(format!("${total} (sum of the {rows_kept} kept rows)")),
                        ),
                    ],
                )),
            );
            push(
                "count with words around it, total labelled",
                final_of(&with(
                    &gold,
                    &[
                        ("valid_rows", json!(format!("{rows_kept} valid rows"))),
                        ("normalized_total", json!(format!("Total: {total} USD"))),
                        ("retained_ids", Value::Array(ids)),
                    ],
                )),
            );
            let with_asides = |key: &str| -> Value {
                let ids: Vec<Value> = gold[key]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .enumerate()
                    .map(|(i, id)| json!(format!("{id} (rows {} and {})", i + 2, i + 5)))
                    .collect();
                Value::Array(ids)
            };
            push(
                "id items with asides",
                final_of(&with(
                    &gold,
                    &[
                        ("duplicate_ids", with_asides("duplicate_ids")),
                        ("retained_ids", with_asides("retained_ids")),
                    ],
                )),
            );
            let two_to_an_item: Vec<Value> = gold["retained_ids"]
                .as_array()
                .map(|ids| {
                    ids.chunks(2)
                        .map(|pair| {
                            let pair: Vec<&str> = pair.iter().filter_map(Value::as_str).collect();
                            json!(pair.join(" and "))
                        })
                        .collect()
                })
                .unwrap_or_default();
            push(
                "ids two to an item",
                final_of(&with(
                    &gold,
                    &[("retained_ids", Value::Array(two_to_an_item))],
                )),
            );
            push(
                "total as a sum",
                final_of(&with(
                    &gold,
                    &[("normalized_total", json!(format!("{total} = {total}")))],
                )),
            );
        }
    }
    rows
}

/// The model-written answers a black-box player judged right, as
/// (task, level, seed, raw command): one JSON object a line.
fn played() -> Vec<(String, u8, u64, String)> {
    include_str!("productivity_tables/played.jsonl")
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|row| {
            Some((
                row["task"].as_str()?.to_owned(),
                u8::try_from(row["level"].as_u64()?).ok()?,
                row["seed"].as_u64()?,
                row["raw"].as_str()?.to_owned(),
            ))
        })
        .collect()
}

#[test]
fn natural_right_answers_score_full_at_every_level() {
    let mut failures = Vec::new();
    let mut score = |task: &str, level: u8, seed: u64, style: &str, raw: &str| {
        let mut env = start_at(task, level, seed).0;
        let (_, observation, _) = step(&mut env, raw);
        let total = env.terminal_score().unwrap_or(f64::NAN);
        if total != 1.0 {
            failures.push(format!(
                "{task} level {level} seed {seed} {style}: {total} for {raw:?}: {}",
                observation["last_feedback"].as_str().unwrap_or_default()
            ));
        }
    };
    let mut generated = 0;
    for task in TASKS {
        for &level in single_answer_levels(task) {
            for seed in 0..SEEDS {
                for (style, raw) in natural(task, level, seed) {
                    score(task, level, seed, &style, &raw);
                    generated += 1;
                }
            }
        }
    }
    let played = played();
    for (task, level, seed, raw) in &played {
        score(task, *level, *seed, "played", raw);
    }
    let count = generated + played.len();
    println!(
        "natural right answers: {generated} generated and {} played, {} failing",
        count - generated,
        failures.len()
    );
    assert!(count >= 200, "only {count} natural answers");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// A second value offered in an aside ("normal, maybe low", "Meadow (or
/// Cedar)", "no (yes)", "14:00; 14:30 could also work") is a hedge at every
/// level, however the aside is worded: the head-and-aside reading is no
/// blanket acceptance.
#[test]
fn a_second_value_offered_in_an_aside_is_a_hedge() {
    let offers: [fn(&str, &str) -> String; 6] = [
        |v, o| format!("{v}, maybe {o}"),
        |v, o| format!("{v} (or {o})"),
        |v, o| format!("{v} ({o})"),
        |v, o| format!("{v}; {o} could also work"),
        |v, o| format!("{v} - possibly {o}"),
        |v, o| format!("{v}, {o} as a fallback"),
    ];
    let mut checked = 0;
    for level in LEVELS {
        for seed in 0..SEEDS {
            let (gold, _) = truth("easy", level, seed);
            let (label, priority, reply) = (
                text(&gold, "label"),
                text(&gold, "priority"),
                text(&gold, "needs_reply"),
            );
            let (other_label, other_priority, other_reply) = others(&label, &priority, &reply);
            let (calendar, calendar_payload) = truth("medium", level, seed);
            let fields = [
                ("easy", "label", &gold, label, other_label.to_owned()),
                (
                    "easy",
                    "priority",
                    &gold,
                    priority,
                    other_priority.to_owned(),
                ),
                ("easy", "needs_reply", &gold, reply, other_reply.to_owned()),
                (
                    "medium",
                    "room",
                    &calendar,
                    text(&calendar, "room"),
                    unusable_room(&calendar_payload, &calendar),
                ),
            ];
            for (task, field, gold, right, other) in &fields {
                // (A calendar without a valid booking has no room to hedge;
                // several bookings, from level 4, are hedged in
                // `productivity_lookups`.)
                if gold.contains_key("no_slot") || gold.contains_key("bookings") {
                    continue;
                }
                for offer in offers {
                    let value = offer(right, other);
                    let answer = with(gold, &[(field, json!(value))]);
                    let mut env = start_at(task, level, seed).0;
                    let (_, observation, _) = step(
                        &mut env,
                        &format!("final: {}", Value::Object(answer.clone())),
                    );
                    let criterion = if *field == "room" {
                        "room_valid"
                    } else {
                        field
                    };
                    let paid = observation["score_breakdown"][criterion]
                        .as_f64()
                        .unwrap_or(1.0);
                    assert_eq!(
                        paid, 0.0,
                        "{task} level {level} seed {seed}: {field} {value:?} was paid {paid}"
                    );
                    checked += 1;
                }
            }
        }
    }
    println!("{checked} offered second values, none paid");
}

/// A value with another value after a dash, a semicolon or a comma is a
/// hedge, as it is in brackets: it earns nothing.
#[test]
fn another_value_after_a_dash_or_a_comma_is_a_hedge() {
    for level in LEVELS {
        for seed in 0..SEEDS {
            let (gold, _) = truth("easy", level, seed);
            let other = |field: &str, values: &[&str]| {
                let right = text(&gold, field);
                values
                    .iter()
                    .find(|v| **v != right)
                    .map(|v| (*v).to_owned())
                    .unwrap_or_default()
            };
            let hedges = [
                (
                    "label",
                    format!(
                        "{}, {}",
                        text(&gold, "label"),
                        other("label", &["work", "spam"])
                    ),
                ),
                (
                    "priority",
                    format!(
                        "{} - or {}",
                        text(&gold, "priority"),
                        other("priority", &["low", "high"])
                    ),
                ),
                (
                    "needs_reply",
                    format!(
                        "{}; {}",
                        text(&gold, "needs_reply"),
                        other("needs_reply", &["yes", "no"])
                    ),
                ),
            ];
            for (field, hedge) in hedges {
                let answer = with(&gold, &[(field, json!(hedge))]);
                let mut env = start_at("easy", level, seed).0;
                let (_, observation, _) = step(
                    &mut env,
                    &format!("final: {}", Value::Object(answer.clone())),
                );
                let paid = observation["score_breakdown"][field]
                    .as_f64()
                    .unwrap_or(1.0);
                assert_eq!(
                    paid, 0.0,
                    "level {level} seed {seed}: {field} {hedge:?} was paid {paid}"
                );
            }
        }
    }
}

/// What a value would be under other facts, said with "otherwise" or
/// "else" beside a stated value, explains it (play-pr4, B1: "high (VIP
/// sender, would otherwise be normal)" read as a hedge); a bare "otherwise"
/// or "else", or one after a condition or doubt the answer leaves open,
/// still offers the other value and earns nothing. The first rows are the
/// player's own answers with `{v}` the gold value and `{o}` another.
#[test]
fn a_counterfactual_with_otherwise_explains_and_a_bare_one_hedges() {
    let explains: [(&str, &str); 11] = [
        ("priority", "{v} (VIP sender, would otherwise be {o})"),
        ("priority", "{v} (would otherwise be {o})"),
        ("priority", "{v} - would otherwise be {o}"),
        ("priority", "{v} (VIP sender, otherwise {o})"),
        ("priority", "{v} (VIP sender, else {o})"),
        (
            "needs_reply",
            "{v} (would otherwise be {o}, but she asks to confirm)",
        ),
        (
            "priority",
            "{v} (would otherwise be {o}, but nothing is asked)",
        ),
        ("priority", "{v}, otherwise it would be {o}"),
        ("priority", "{v} (it would be {o} otherwise)"),
        ("needs_reply", "{v}, otherwise it'd be {o}"),
        (
            "needs_reply",
            "{v} (the policy's rule applies here, else {o})",
        ),
    ];
    let offers: [(&str, &str); 9] = [
        ("priority", "{v} or {o}"),
        ("priority", "{v}, otherwise {o}"),
        ("priority", "{v} (otherwise {o})"),
        ("needs_reply", "{v} (otherwise {o})"),
        ("needs_reply", "{v}; else {o}"),
        ("priority", "{v} (if the sender is a VIP, otherwise {o})"),
        ("needs_reply", "{v} (if she asks, otherwise {o})"),
        ("priority", "{v} (not sure, otherwise {o})"),
        ("priority", "{v} (VIP sender, otherwise maybe {o})"),
    ];
    let mut failures = Vec::new();
    let mut checked = 0;
    for level in LEVELS {
        for seed in 0..SEEDS {
            let (gold, _) = truth("easy", level, seed);
            let (_, other_priority, other_reply) = others(
                &text(&gold, "label"),
                &text(&gold, "priority"),
                &text(&gold, "needs_reply"),
            );
            let rows = explains
                .iter()
                .map(|row| (row, 1.0))
                .chain(offers.iter().map(|row| (row, 0.0)));
            for ((field, template), expected) in rows {
                let other = if *field == "priority" {
                    other_priority
                } else {
                    other_reply
                };
                let value = template
                    .replace("{v}", &text(&gold, field))
                    .replace("{o}", other);
                let answer = with(&gold, &[(field, json!(value))]);
                let mut env = start_at("easy", level, seed).0;
                let (_, observation, _) =
                    step(&mut env, &format!("final: {}", Value::Object(answer)));
                let paid = observation["score_breakdown"][field]
                    .as_f64()
                    .unwrap_or(f64::NAN);
                if paid != expected {
                    failures.push(format!(
                        "level {level} seed {seed}: {field} {value:?} paid {paid}, not {expected}"
                    ));
                }
                checked += 1;
            }
        }
    }
    println!(
        "{checked} answers with otherwise or else, {} misread",
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}
