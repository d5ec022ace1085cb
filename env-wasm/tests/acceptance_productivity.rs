//! Acceptance suite for `productivity`, written from outside the grader:
//! episodes run only through the JSON seam (`{"raw": "propose: ..."}` and
//! `{"raw": "final: ..."}`), and the truth of a seed comes from the payload
//! an agent sees and the reference policy's final answer.
//!
//! Tables: natural right answers in other JSON spellings (case variants,
//! booleans, 12-hour times, names as one string, upper-case ids, money with
//! `$` and commas, another valid calendar slot) must earn their criterion in
//! full; hedges and padded sets must not; and nothing before the graded end
//! (rewards, breakdowns, feedback, `state()`) may depend on how good an
//! unfinished draft is. Tables print their size and pass count
//! (`-- --nocapture`).
#![cfg(not(target_arch = "wasm32"))]

mod acceptance_common;

use std::collections::BTreeSet;

use acceptance_common::{EPS, Table, criterion, f1, start, try_step};
use env_wasm::AnyEnv;
use env_wasm::rng::SeededRng;
use serde_json::{Map, Value, json};

const SEEDS: u64 = 30;
const TASKS: [&str; 3] = ["easy", "medium", "hard"];

/// The first observation and the reference's final answer for a seed.
fn truth(task: &str, seed: u64) -> (Value, Map<String, Value>) {
    let (env, obs) = start("productivity", task, seed);
    let action = env
        .policy_action("reference", &mut SeededRng::new(seed, 5))
        .expect("reference answers");
    let raw = action["raw"].as_str().unwrap_or_default();
    let json_text = raw
        .strip_prefix("final:")
        .expect("reference answers with final")
        .trim();
    let answer: Value = serde_json::from_str(json_text).expect("reference answer is JSON");
    (obs, answer.as_object().cloned().unwrap_or_default())
}

fn raw(kind: &str, body: &str) -> Value {
    json!({ "raw": format!("{kind}: {body}") })
}

/// Send `final: <body>` (after `drafts` proposals); the last observation,
/// its reward, and whether the episode ended.
/// When a draft ends the episode early, the final is refused: the result
/// is then the draft's observation with no reward and `done` false (the
/// final itself was not taken).
fn submit(task: &str, seed: u64, drafts: &[String], body: &str) -> (Value, Option<f64>, bool) {
    let (mut env, _) = start("productivity", task, seed);
    let mut last = Value::Null;
    for draft in drafts {
        match try_step(&mut env, &raw("propose", draft)) {
            Some((obs, _, _)) => last = obs,
            None => return (last, None, false),
        }
    }
    try_step(&mut env, &raw("final", body)).unwrap_or((last, None, false))
}

fn describe(task: &str, seed: u64, body: &str, obs: &Value, what: &str) -> String {
    format!(
        "[{task} seed {seed}] {what}\nanswer: final: {body}\nbreakdown: {}\nfeedback: {}",
        obs["score_breakdown"],
        obs["last_feedback"].as_str().unwrap_or_default()
    )
}

fn with(answer: &Map<String, Value>, key: &str, value: Value) -> String {
    let mut answer = answer.clone();
    answer.insert(key.to_owned(), value);
    Value::Object(answer).to_string()
}

/// A criterion of a final answer that must not be earned: a final that is
/// refused (the episode goes on) earns nothing either.
fn earned(obs: &Value, done: bool, crit: &str) -> f64 {
    if done { criterion(obs, crit) } else { 0.0 }
}

// ---------------------------------------------------------------------------
// Natural right answers
// ---------------------------------------------------------------------------

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn minutes(hhmm: &str) -> u32 {
    let (h, m) = hhmm.split_once(':').unwrap_or(("0", "0"));
    h.trim().parse::<u32>().unwrap_or(0) * 60 + m.trim().parse::<u32>().unwrap_or(0)
}

fn hhmm(total: u32) -> String {
    format!("{:02}:{:02}", total / 60, total % 60)
}

/// 14:15 as "2:15 PM" in one of several spellings.
fn twelve_hour(hhmm_text: &str, style: usize) -> String {
    let t = minutes(hhmm_text);
    let (h, m) = (t / 60, t % 60);
    let h12 = if h % 12 == 0 { 12 } else { h % 12 };
    let pm = h >= 12;
    match style % 4 {
        0 => format!("{h12}:{m:02} {}", if pm { "PM" } else { "AM" }),
        1 => format!("{h12}:{m:02} {}", if pm { "pm" } else { "am" }),
        2 => format!("{h12}:{m:02}{}", if pm { "pm" } else { "am" }),
        _ => format!("{h12}:{m:02} {}", if pm { "p.m." } else { "a.m." }),
    }
}

fn names(answer: &Map<String, Value>, key: &str) -> Vec<String> {
    answer[key]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect()
}

fn and_list(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// (name, answer body, criteria that must be 1) for the natural spellings
/// of one seed's right answer.
fn natural_answers(
    task: &str,
    obs: &Value,
    gold: &Map<String, Value>,
) -> Vec<(String, String, Vec<&'static str>)> {
    let mut rows = Vec::new();
    match task {
        "easy" => {
            let label = gold["label"].as_str().unwrap_or_default();
            let priority = gold["priority"].as_str().unwrap_or_default();
            let reply = gold["needs_reply"].as_str().unwrap_or_default() == "yes";
            rows.push((
                "label capitalised".into(),
                with(gold, "label", json!(capitalize(label))),
                vec!["label"],
            ));
            rows.push((
                "label upper case".into(),
                with(gold, "label", json!(label.to_uppercase())),
                vec!["label"],
            ));
            rows.push((
                "priority capitalised".into(),
                with(gold, "priority", json!(capitalize(priority))),
                vec!["priority"],
            ));
            rows.push((
                "priority upper case".into(),
                with(gold, "priority", json!(priority.to_uppercase())),
                vec!["priority"],
            ));
            rows.push((
                "needs_reply as a boolean".into(),
                with(gold, "needs_reply", json!(reply)),
                vec!["needs_reply"],
            ));
            rows.push((
                "needs_reply capitalised".into(),
                with(gold, "needs_reply", json!(if reply { "Yes" } else { "No" })),
                vec!["needs_reply"],
            ));
            let mut all = gold.clone();
            all.insert("label".into(), json!(capitalize(label)));
            all.insert("priority".into(), json!(capitalize(priority)));
            all.insert("needs_reply".into(), json!(reply));
            rows.push((
                "every field in another spelling, pretty-printed".into(),
                serde_json::to_string_pretty(&Value::Object(all)).unwrap_or_default(),
                vec!["label", "priority", "needs_reply"],
            ));
        }
        "medium" => {
            let start_t = gold["start"].as_str().unwrap_or_default();
            let end_t = gold["end"].as_str().unwrap_or_default();
            for style in 0..4 {
                let mut a = gold.clone();
                a.insert("start".into(), json!(twelve_hour(start_t, style)));
                a.insert("end".into(), json!(twelve_hour(end_t, style)));
                rows.push((
                    format!("12-hour times {:?}", twelve_hour(start_t, style)),
                    Value::Object(a).to_string(),
                    vec![
                        "duration",
                        "participant_availability",
                        "no_blocked_overlap",
                        "room_valid",
                    ],
                ));
            }
            let people = names(gold, "participants");
            rows.push((
                "participants as one 'and' string".into(),
                with(gold, "participants", json!(and_list(&people))),
                vec!["participants", "participant_availability"],
            ));
            rows.push((
                "participants as one comma string".into(),
                with(gold, "participants", json!(people.join(", "))),
                vec!["participants", "participant_availability"],
            ));
            rows.push((
                "participants in lower case".into(),
                with(
                    gold,
                    "participants",
                    json!(people.iter().map(|p| p.to_lowercase()).collect::<Vec<_>>()),
                ),
                vec!["participants", "participant_availability"],
            ));
            let room = gold["room"].as_str().unwrap_or_default();
            rows.push((
                "room in lower case".into(),
                with(gold, "room", json!(room.to_lowercase())),
                vec!["room_valid"],
            ));
            rows.push((
                "room in upper case".into(),
                with(gold, "room", json!(room.to_uppercase())),
                vec!["room_valid"],
            ));
            if let Some((s, r)) = other_valid_slot(obs, gold) {
                let duration = obs["payload"]["duration_minutes"].as_u64().unwrap_or(0) as u32;
                let mut a = gold.clone();
                a.insert("start".into(), json!(hhmm(s)));
                a.insert("end".into(), json!(hhmm(s + duration)));
                a.insert("room".into(), json!(r.clone()));
                rows.push((
                    format!("another valid slot {} in {r}", hhmm(s)),
                    Value::Object(a).to_string(),
                    vec![
                        "day",
                        "duration",
                        "no_blocked_overlap",
                        "participant_availability",
                        "participants",
                        "room_valid",
                    ],
                ));
            }
        }
        _ => {
            let upper = |key: &str| {
                json!(
                    names(gold, key)
                        .iter()
                        .map(|s| s.to_uppercase())
                        .collect::<Vec<_>>()
                )
            };
            rows.push((
                "retained ids in upper case".into(),
                with(gold, "retained_ids", upper("retained_ids")),
                vec!["retained_ids", "retained_ids_order"],
            ));
            rows.push((
                "duplicate ids in upper case".into(),
                with(gold, "duplicate_ids", upper("duplicate_ids")),
                vec!["duplicate_ids"],
            ));
            rows.push((
                "retained ids as one comma string".into(),
                with(
                    gold,
                    "retained_ids",
                    json!(names(gold, "retained_ids").join(", ")),
                ),
                vec!["retained_ids", "retained_ids_order"],
            ));
            let dups = names(gold, "duplicate_ids");
            if dups.len() >= 2 {
                rows.push((
                    "duplicate ids as one 'and' string".into(),
                    with(gold, "duplicate_ids", json!(and_list(&dups))),
                    vec!["duplicate_ids"],
                ));
            }
            let total = gold["normalized_total"].as_str().unwrap_or_default();
            let with_commas = money_commas(total);
            rows.push((
                format!("total as ${with_commas}"),
                with(gold, "normalized_total", json!(format!("${with_commas}"))),
                vec!["normalized_total"],
            ));
            rows.push((
                format!("total as {with_commas} USD"),
                with(
                    gold,
                    "normalized_total",
                    json!(format!("{with_commas} USD")),
                ),
                vec!["normalized_total"],
            ));
            if let Ok(number) = total.parse::<f64>() {
                rows.push((
                    "total as a JSON number".into(),
                    with(gold, "normalized_total", json!(number)),
                    vec!["normalized_total"],
                ));
            }
            let valid = gold["valid_rows"].as_u64().unwrap_or(0);
            rows.push((
                "valid_rows as a string".into(),
                with(gold, "valid_rows", json!(valid.to_string())),
                vec!["valid_rows"],
            ));
            let originals = original_emails(obs, &names(gold, "invalid_emails"));
            if originals != names(gold, "invalid_emails") {
                rows.push((
                    "invalid emails as written (trimmed)".into(),
                    with(gold, "invalid_emails", json!(originals)),
                    vec!["invalid_emails"],
                ));
            }
        }
    }
    rows
}

/// "4932.59" as "4,932.59".
fn money_commas(total: &str) -> String {
    let (int, frac) = total.split_once('.').unwrap_or((total, "00"));
    let mut out = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out}.{frac}")
}

/// The invalid emails as the table writes them (trimmed, case kept).
fn original_emails(obs: &Value, lower: &[String]) -> Vec<String> {
    lower
        .iter()
        .map(|e| {
            obs["payload"]["rows"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r["email"].as_str())
                .map(str::trim)
                .find(|w| w.to_lowercase() == *e)
                .unwrap_or(e)
                .to_owned()
        })
        .collect()
}

fn intervals(list: &Value) -> Vec<(u32, u32)> {
    list.as_array()
        .into_iter()
        .flatten()
        .map(|w| {
            (
                minutes(w["start"].as_str().unwrap_or("0:0")),
                minutes(w["end"].as_str().unwrap_or("0:0")),
            )
        })
        .collect()
}

/// A slot and room other than the reference's that meet every stated
/// constraint, computed from the payload.
fn other_valid_slot(obs: &Value, gold: &Map<String, Value>) -> Option<(u32, String)> {
    let p = &obs["payload"];
    let duration = p["duration_minutes"].as_u64()? as u32;
    let (work_start, work_end) = (
        minutes(p["working_hours"]["start"].as_str()?),
        minutes(p["working_hours"]["end"].as_str()?),
    );
    let blocked = intervals(&p["blocked_windows"]);
    let required: BTreeSet<String> = p["required_participants"]
        .as_array()?
        .iter()
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    let free: Vec<Vec<(u32, u32)>> = p["availability"]
        .as_array()?
        .iter()
        .filter(|a| required.contains(a["name"].as_str().unwrap_or_default()))
        .map(|a| intervals(&a["free"]))
        .collect();
    let gold_start = minutes(gold["start"].as_str()?);
    let gold_room = gold["room"].as_str()?;
    let inside = |s: u32, e: u32, ws: &[(u32, u32)]| ws.iter().any(|(a, b)| *a <= s && e <= *b);
    let mut s = work_start;
    while s + duration <= work_end {
        let e = s + duration;
        let clear = blocked.iter().all(|(a, b)| e <= *a || *b <= s);
        if clear && free.iter().all(|f| inside(s, e, f)) {
            for room in p["rooms"].as_array()? {
                let name = room["name"].as_str().unwrap_or_default();
                let fits = room["capacity"].as_u64().unwrap_or(0) as usize >= required.len();
                if fits
                    && inside(s, e, &intervals(&room["open"]))
                    && (s != gold_start || name != gold_room)
                {
                    return Some((s, name.to_owned()));
                }
            }
        }
        s += 5;
    }
    None
}

#[test]
fn natural_right_answers_earn_their_criteria() {
    let mut table = Table::new("productivity natural answers");
    for task in TASKS {
        for seed in 0..SEEDS {
            let (obs, gold) = truth(task, seed);
            for (name, body, crits) in natural_answers(task, &obs, &gold) {
                let (end, _, done) = submit(task, seed, &[], &body);
                for crit in crits {
                    let got = earned(&end, done, crit);
                    table.row(got >= 1.0 - 1e-9, || {
                        describe(
                            task,
                            seed,
                            &body,
                            &end,
                            &format!("{name}: {crit}={got}, want 1"),
                        )
                    });
                }
            }
        }
    }
    table.finish();
}

// ---------------------------------------------------------------------------
// Hedges and padded sets
// ---------------------------------------------------------------------------

const LABELS: [&str; 4] = ["work", "personal", "spam", "finance"];
const PRIORITIES: [&str; 3] = ["low", "normal", "high"];

fn other<'a>(options: &[&'a str], right: &str, k: usize) -> &'a str {
    let rest: Vec<&str> = options.iter().copied().filter(|o| *o != right).collect();
    rest[k % rest.len()]
}

/// (name, answer body, criterion, bound) for the exploits of one seed.
fn exploits(
    task: &str,
    seed: u64,
    obs: &Value,
    gold: &Map<String, Value>,
) -> Vec<(String, String, &'static str, f64)> {
    let mut rows = Vec::new();
    let k = seed as usize;
    match task {
        "easy" => {
            let label = gold["label"].as_str().unwrap_or_default();
            let wrong = other(&LABELS, label, k);
            for (name, value) in [
                ("label 'X or Y'", json!(format!("{label} or {wrong}"))),
                ("label 'Y/X'", json!(format!("{wrong}/{label}"))),
                ("label as a list", json!([label, wrong])),
                ("label 'X, Y'", json!(format!("{label}, {wrong}"))),
                ("label: every label", json!(LABELS)),
            ] {
                rows.push((name.into(), with(gold, "label", value), "label", 0.01));
            }
            let priority = gold["priority"].as_str().unwrap_or_default();
            let wrong = other(&PRIORITIES, priority, k);
            let (lo, hi) = if PRIORITIES.iter().position(|p| *p == priority)
                < PRIORITIES.iter().position(|p| *p == wrong)
            {
                (priority, wrong)
            } else {
                (wrong, priority)
            };
            for (name, value) in [
                ("priority 'lo to hi'", json!(format!("{lo} to {hi}"))),
                ("priority 'X/Y'", json!(format!("{priority}/{wrong}"))),
                ("priority as a list", json!([wrong, priority])),
                ("priority 'X or Y'", json!(format!("{priority} or {wrong}"))),
            ] {
                rows.push((name.into(), with(gold, "priority", value), "priority", 0.01));
            }
            for (name, value) in [
                ("needs_reply 'yes/no'", json!("yes/no")),
                ("needs_reply as a list", json!(["yes", "no"])),
                ("needs_reply 'maybe'", json!("maybe")),
            ] {
                rows.push((
                    name.into(),
                    with(gold, "needs_reply", value),
                    "needs_reply",
                    0.01,
                ));
            }
            // A second answer object with another label.
            rows.push((
                "a second answer object".into(),
                format!(
                    "{}\n{}",
                    Value::Object(gold.clone()),
                    with(gold, "label", json!(other(&LABELS, label, k + 1)))
                ),
                "label",
                0.01,
            ));
        }
        "medium" => {
            let p = &obs["payload"];
            let day = gold["day"].as_str().unwrap_or_default();
            let next_day = next_date(day);
            rows.push((
                "day 'X or Y'".into(),
                with(gold, "day", json!(format!("{day} or {next_day}"))),
                "day",
                0.01,
            ));
            rows.push((
                "day as a list".into(),
                with(gold, "day", json!([day, next_day])),
                "day",
                0.01,
            ));
            // A second slot inside a blocked window.
            if let Some(window) = p["blocked_windows"].as_array().and_then(|w| w.first()) {
                let duration = p["duration_minutes"].as_u64().unwrap_or(0) as u32;
                let bad_start = window["start"].as_str().unwrap_or("12:00").to_owned();
                let bad_end = hhmm(minutes(&bad_start) + duration);
                let (gs, ge) = (
                    gold["start"].as_str().unwrap_or_default(),
                    gold["end"].as_str().unwrap_or_default(),
                );
                let mut a = gold.clone();
                a.insert("start".into(), json!(format!("{gs} or {bad_start}")));
                a.insert("end".into(), json!(format!("{ge} or {bad_end}")));
                rows.push((
                    "times 'X or Y', Y in a blocked window".into(),
                    Value::Object(a).to_string(),
                    "no_blocked_overlap",
                    0.01,
                ));
                let mut a = gold.clone();
                a.insert("start".into(), json!([gs, bad_start]));
                a.insert("end".into(), json!([ge, bad_end]));
                rows.push((
                    "times as lists, one in a blocked window".into(),
                    Value::Object(a).to_string(),
                    "no_blocked_overlap",
                    0.01,
                ));
            }
            // A second room that cannot hold the meeting.
            let required = p["required_participants"].as_array().map_or(0, Vec::len) as u64;
            let (s, e) = (
                minutes(gold["start"].as_str().unwrap_or("0:0")),
                minutes(gold["end"].as_str().unwrap_or("0:0")),
            );
            let gold_room = gold["room"].as_str().unwrap_or_default();
            if let Some(bad) = p["rooms"].as_array().into_iter().flatten().find(|r| {
                let name = r["name"].as_str().unwrap_or_default();
                let open = intervals(&r["open"])
                    .iter()
                    .any(|(a, b)| *a <= s && e <= *b);
                name != gold_room && (r["capacity"].as_u64().unwrap_or(0) < required || !open)
            }) {
                let bad = bad["name"].as_str().unwrap_or_default();
                rows.push((
                    "room 'X or Y', Y unusable".into(),
                    with(gold, "room", json!(format!("{gold_room} or {bad}"))),
                    "room_valid",
                    0.01,
                ));
                rows.push((
                    "room as a list, one unusable".into(),
                    with(gold, "room", json!([gold_room, bad])),
                    "room_valid",
                    0.01,
                ));
            }
            // Everyone in the availability list invited.
            let everyone: Vec<String> = p["availability"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|a| a["name"].as_str().map(str::to_owned))
                .collect();
            if everyone.len() as u64 > required {
                rows.push((
                    "every colleague invited".into(),
                    with(gold, "participants", json!(everyone)),
                    "participants",
                    f1(required as usize, everyone.len(), required as usize) + EPS,
                ));
            }
        }
        _ => {
            let total = gold["normalized_total"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let t: f64 = total.parse().unwrap_or(0.0);
            for (name, value) in [
                (
                    "total 'between $A and $B'",
                    json!(format!(
                        "between ${:.2} and ${:.2}",
                        (t - 50.0).max(0.0),
                        t + 50.0
                    )),
                ),
                (
                    "total 'X or Y'",
                    json!(format!("{total} or {:.2}", t + 1.0)),
                ),
                (
                    "total as a list",
                    json!([total.clone(), format!("{:.2}", t - 10.0)]),
                ),
                (
                    "total as a range 'A-B'",
                    json!(format!("{:.2}-{:.2}", t, t + 25.0)),
                ),
            ] {
                rows.push((
                    name.into(),
                    with(gold, "normalized_total", value),
                    "normalized_total",
                    0.01,
                ));
            }
            let valid = gold["valid_rows"].as_u64().unwrap_or(0);
            for (name, value) in [
                (
                    "valid_rows 'N or N+1'",
                    json!(format!("{valid} or {}", valid + 1)),
                ),
                ("valid_rows as a list", json!([valid, valid + 1])),
                (
                    "valid_rows 'N-1 to N'",
                    json!(format!("{} to {valid}", valid.saturating_sub(1))),
                ),
            ] {
                rows.push((
                    name.into(),
                    with(gold, "valid_rows", value),
                    "valid_rows",
                    0.01,
                ));
            }
            let table_rows = obs["payload"]["rows"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut ids: Vec<String> = Vec::new();
            for r in &table_rows {
                let id = r["id"].as_str().unwrap_or_default().trim().to_lowercase();
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            let retained = names(gold, "retained_ids");
            if ids.len() > retained.len() {
                rows.push((
                    "retained_ids: every id in the table".into(),
                    with(gold, "retained_ids", json!(ids.clone())),
                    "retained_ids",
                    f1(retained.len(), ids.len(), retained.len()) + EPS,
                ));
            }
            let dups = names(gold, "duplicate_ids");
            if !dups.is_empty() && ids.len() > dups.len() {
                rows.push((
                    "duplicate_ids: every id in the table".into(),
                    with(gold, "duplicate_ids", json!(ids.clone())),
                    "duplicate_ids",
                    f1(dups.len(), ids.len(), dups.len()) + EPS,
                ));
            }
            let mut emails: Vec<String> = Vec::new();
            let mut keys: BTreeSet<String> = BTreeSet::new();
            for r in &table_rows {
                let e = r["email"]
                    .as_str()
                    .unwrap_or_default()
                    .trim()
                    .to_lowercase();
                // Spacing variants of one address count once.
                if keys.insert(e.split_whitespace().collect::<Vec<_>>().join(" ")) {
                    emails.push(e);
                }
            }
            let invalid = names(gold, "invalid_emails");
            if !invalid.is_empty() && emails.len() > invalid.len() {
                rows.push((
                    "invalid_emails: every email in the table copied".into(),
                    with(gold, "invalid_emails", json!(emails)),
                    "invalid_emails",
                    f1(
                        invalid.len(),
                        emails.len().max(invalid.len()),
                        invalid.len(),
                    ) + EPS,
                ));
            }
        }
    }
    rows
}

fn next_date(day: &str) -> String {
    // Good enough for a hedge: the next day of the month, or the 1st.
    let (prefix, dd) = day.rsplit_once('-').unwrap_or((day, "01"));
    let d: u32 = dd.parse().unwrap_or(1);
    if d < 28 {
        format!("{prefix}-{:02}", d + 1)
    } else {
        format!("{prefix}-01")
    }
}

#[test]
fn hedges_and_padded_sets_earn_nothing() {
    let mut table = Table::new("productivity hedges and padded sets");
    for task in TASKS {
        for seed in 0..SEEDS {
            let (obs, gold) = truth(task, seed);
            for (name, body, crit, bound) in exploits(task, seed, &obs, &gold) {
                let (end, _, done) = submit(task, seed, &[], &body);
                let got = earned(&end, done, crit);
                table.row(got <= bound, || {
                    describe(
                        task,
                        seed,
                        &body,
                        &end,
                        &format!("{name}: {crit}={got}, want <= {bound:.3}"),
                    )
                });
            }
        }
    }
    table.finish();
}

// ---------------------------------------------------------------------------
// No score before the end
// ---------------------------------------------------------------------------

/// Well-formed drafts of the same form as the right answer, each with
/// other values (all different from one another).
fn wrong_drafts(task: &str, gold: &Map<String, Value>, n: usize) -> Vec<String> {
    let mut out = Vec::new();
    match task {
        "easy" => {
            for label in LABELS {
                for priority in PRIORITIES {
                    for reply in ["yes", "no"] {
                        let candidate =
                            json!({"label": label, "priority": priority, "needs_reply": reply});
                        if candidate.as_object() != Some(gold) && out.len() < n {
                            out.push(candidate.to_string());
                        }
                    }
                }
            }
        }
        "medium" => {
            let s = minutes(gold["start"].as_str().unwrap_or("0:0"));
            let e = minutes(gold["end"].as_str().unwrap_or("0:0"));
            for k in 1..=n as u32 {
                let shift = 30 * k;
                let mut a = gold.clone();
                let (ns, ne) = if s >= shift + 9 * 60 {
                    (s - shift, e - shift)
                } else {
                    (s + shift, e + shift)
                };
                a.insert("start".into(), json!(hhmm(ns)));
                a.insert("end".into(), json!(hhmm(ne)));
                out.push(Value::Object(a).to_string());
            }
        }
        _ => {
            let valid = gold["valid_rows"].as_u64().unwrap_or(0);
            for k in 1..=n as u64 {
                let mut a = gold.clone();
                a.insert("valid_rows".into(), json!(valid + k));
                a.insert("normalized_total".into(), json!(format!("{}.00", 1000 * k)));
                let mut retained = names(gold, "retained_ids");
                retained.truncate(retained.len().saturating_sub(k as usize).max(1));
                a.insert("retained_ids".into(), json!(retained));
                out.push(Value::Object(a).to_string());
            }
        }
    }
    out
}

/// Everything an agent sees after a step, except the echo of its own action.
fn visible(env: &AnyEnv, obs: &Value, reward: Option<f64>, done: bool) -> Value {
    let mut obs = obs.clone();
    if let Some(map) = obs.as_object_mut() {
        map.remove("last_action");
    }
    json!({"observation": obs, "reward": reward, "done": done, "state": env.state()})
}

#[test]
fn nothing_before_the_end_depends_on_draft_quality() {
    let mut table = Table::new("productivity no score before the end");
    for task in TASKS {
        for seed in 0..SEEDS {
            let (_, gold) = truth(task, seed);
            let right = Value::Object(gold.clone()).to_string();
            let wrong = wrong_drafts(task, &gold, 4);
            let sequences = [
                vec![right.clone(), wrong[0].clone(), wrong[1].clone()],
                vec![wrong[0].clone(), wrong[1].clone(), right.clone()],
                vec![wrong[1].clone(), right.clone(), wrong[0].clone()],
                vec![wrong[2].clone(), wrong[3].clone(), wrong[0].clone()],
            ];
            let mut seen: Vec<Vec<Value>> = Vec::new();
            let mut scores_hidden = true;
            let mut hidden_detail = String::new();
            for drafts in &sequences {
                let (mut env, _) = start("productivity", task, seed);
                let mut views = Vec::new();
                for draft in drafts {
                    let Some((obs, reward, done)) = try_step(&mut env, &raw("propose", draft))
                    else {
                        views.push(json!({"refused": "the episode had already ended", "state": env.state()}));
                        continue;
                    };
                    let state = env.state();
                    if !done && (!state["best_score"].is_null() || !state["last_score"].is_null()) {
                        scores_hidden = false;
                        hidden_detail = format!("after propose {draft}: state {state}");
                    }
                    views.push(visible(&env, &obs, reward, done));
                }
                seen.push(views);
            }
            for i in 0..3 {
                let same = seen.iter().all(|views| views[i] == seen[0][i]);
                table.row(same, || {
                    let differing: Vec<String> = seen
                        .iter()
                        .zip(&sequences)
                        .map(|(views, drafts)| format!("draft {} -> reward {} breakdown {} feedback {:?} state best_score {} last_score {}", drafts[i], views[i]["reward"], views[i]["observation"]["reward_breakdown"], views[i]["observation"]["last_feedback"].as_str().unwrap_or_default(), views[i]["state"]["best_score"], views[i]["state"]["last_score"]))
                        .collect();
                    format!("[{task} seed {seed}] step {} of same-form drafts differs by draft quality:\n{}", i + 1, differing.join("\n"))
                });
            }
            table.row(scores_hidden, || format!("[{task} seed {seed}] best_score/last_score not null before the end: {hidden_detail}"));
        }
    }
    table.finish();
}

#[test]
fn a_perfect_final_earns_098_and_the_step_limit_grades_the_last_draft() {
    let mut table = Table::new("productivity perfect final and step limit");
    for task in TASKS {
        for seed in 0..SEEDS {
            let (_, gold) = truth(task, seed);
            let right = Value::Object(gold.clone()).to_string();
            let wrong = wrong_drafts(task, &gold, 4);

            let (obs, reward, done) = submit(task, seed, &[], &right);
            let ok = done && reward.is_some_and(|r| (r - 0.98).abs() < 1e-9);
            table.row(ok, || {
                describe(
                    task,
                    seed,
                    &right,
                    &obs,
                    &format!("direct perfect final: reward {reward:?}, done {done}; want 0.98"),
                )
            });

            let drafts = [wrong[0].clone(), right.clone()];
            let (obs, reward, done) = submit(task, seed, &drafts, &right);
            let ok = done && reward.is_some_and(|r| (r - 0.98).abs() < 1e-9);
            table.row(ok, || {
                describe(
                    task,
                    seed,
                    &right,
                    &obs,
                    &format!(
                        "perfect final after drafts [wrong, right]: reward {reward:?}; want 0.98"
                    ),
                )
            });

            let drafts = [wrong[0].clone(), wrong[1].clone()];
            let (obs, reward, done) = submit(task, seed, &drafts, &right);
            let ok = done && reward.is_some_and(|r| (r - 0.98).abs() < 1e-9);
            table.row(ok, || {
                describe(
                    task,
                    seed,
                    &right,
                    &obs,
                    &format!("perfect final after two wrong drafts: reward {reward:?}; want 0.98"),
                )
            });

            // Five drafts, the last one right: the step limit grades it.
            let (mut env, _) = start("productivity", task, seed);
            let mut last = (Value::Null, None, false);
            for draft in [&wrong[0], &wrong[1], &wrong[2], &wrong[3], &right] {
                match try_step(&mut env, &raw("propose", draft)) {
                    Some(result) => last = result,
                    None => break,
                }
            }
            let (obs, _, done) = last;
            let graded = obs["terminal_grader"].as_f64().unwrap_or(0.0);
            table.row(done && (graded - 1.0).abs() < 1e-9, || describe(task, seed, &right, &obs, &format!("step limit after five drafts, last right: done {done}, terminal_grader {graded}; want 1.0")));
        }
    }
    table.finish();
}
