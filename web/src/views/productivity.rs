//! `productivity` for people: the email as an email, the calendar as a day
//! grid of free time, blocked windows and rooms (a section per day when the
//! meeting may be on several), the table as a table; and
//! an answer form per task that writes the seed's `final: {json}` command.
//! From level 4 the calendar books several meetings together (`schedule`):
//! the meetings, their order, the directory, the blocked windows and the
//! preferences as lists, the lookups made so far beside them, and a form
//! that sends `check_calendar: NAME` and `list_rooms` and the bookings as
//! one JSON object (a template with an entry per meeting to fill in).
//!
//! The scenario and the composer share what a person picks on the
//! scenario itself ([`PICKS`]): the calendar slot clicked in the grid (the
//! form's start, end and room follow it, and the grid overlays it) and the
//! cleaning rows ticked in the table (the form's id and email lists).

use std::collections::BTreeSet;

use env_wasm::productivity::command::Command;
use leptos::prelude::*;
use serde_json::{Value, json};
use wasm_bindgen::JsCast;

use super::{choice, folded, strings, text_of};
use crate::compose::{Composing, Draft, step_button};
use crate::html::{Html, clicked_data};

const GRID_START: u32 = 9 * 60;
const GRID_END: u32 = 18 * 60;
const QUARTER: u32 = 15;

/// What a person picked on the scenario of the current episode.
#[derive(Clone)]
struct Picks {
    day: ArcRwSignal<String>,
    start: ArcRwSignal<String>,
    end: ArcRwSignal<String>,
    room: ArcRwSignal<String>,
    /// The meeting's length, which a picked slot spans.
    duration: ArcRwSignal<u32>,
    /// Row indices of the cleaning table ticked in each column.
    duplicate: ArcRwSignal<BTreeSet<usize>>,
    invalid: ArcRwSignal<BTreeSet<usize>>,
    keep: ArcRwSignal<BTreeSet<usize>>,
}

impl Picks {
    fn new() -> Self {
        Picks {
            day: ArcRwSignal::new(String::new()),
            start: ArcRwSignal::new(String::new()),
            end: ArcRwSignal::new(String::new()),
            room: ArcRwSignal::new(String::new()),
            duration: ArcRwSignal::new(30),
            duplicate: ArcRwSignal::new(BTreeSet::new()),
            invalid: ArcRwSignal::new(BTreeSet::new()),
            keep: ArcRwSignal::new(BTreeSet::new()),
        }
    }

    fn clear(&self) {
        self.day.set(String::new());
        self.start.set(String::new());
        self.end.set(String::new());
        self.room.set(String::new());
        self.duplicate.set(BTreeSet::new());
        self.invalid.set(BTreeSet::new());
        self.keep.set(BTreeSet::new());
    }
}

thread_local! {
    /// Reference counted rather than owned by a render, so the picks
    /// outlive the scenario drawn for each step; cleared per episode.
    static PICKS: Picks = Picks::new();
}

fn picks() -> Picks {
    PICKS.with(Picks::clone)
}

fn minutes(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once(':')?;
    Some(h.parse::<u32>().ok()? * 60 + m.parse::<u32>().ok()?)
}

fn clock(minutes: u32) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The windows of `value` on `day` (a window that names no day is on the
/// only one).
fn windows(value: &Value, day: &str) -> Vec<(u32, u32)> {
    value
        .as_array()
        .map(|ws| {
            ws.iter()
                .filter(|w| w["day"].as_str().is_none_or(|d| d == day))
                .map(|w| {
                    let at = |key: &str| w[key].as_str().and_then(minutes).unwrap_or(0);
                    (at("start"), at("end"))
                })
                .collect()
        })
        .unwrap_or_default()
}

pub(super) fn scenario(html: &mut Html, observation: &Value, before: &[Value]) {
    let payload = &observation["payload"];
    html.open("div", &[("class", "scenario")]);
    folded(
        html,
        "Instruction and policy",
        &text_of(&observation["instruction"]),
    );
    match payload["kind"].as_str() {
        Some("email") => email(html, payload),
        Some("calendar") => {
            calendar(html, payload);
            lookups(html, before.iter().chain([observation]));
        }
        Some("cleaning") => cleaning(html, payload),
        Some("schedule") => {
            schedule(html, payload);
            lookups(html, before.iter().chain([observation]));
        }
        _ => {
            html.element(
                "pre",
                &[("class", "json")],
                &crate::format::pretty_json(payload),
            );
        }
    }
    html.close("div");
}

fn email(html: &mut Html, payload: &Value) {
    let mail = &payload["email"];
    html.open("div", &[("class", "context")])
        .element("b", &[], &text_of(&payload["mailbox_owner"]))
        .text(&format!(
            ", {} at {} ({})",
            text_of(&payload["owner_role"]),
            text_of(&payload["company"]),
            text_of(&payload["company_domain"])
        ))
        .open("div", &[("class", "chips")])
        .element("span", &[("class", "muted")], "Known accounts: ");
    for account in payload["known_accounts"].as_array().into_iter().flatten() {
        let text = format!(
            "{} ({})",
            text_of(&account["name"]),
            text_of(&account["domain"])
        );
        html.element("span", &[("class", "chip")], &text);
    }
    html.close("div")
        .close("div")
        .open("article", &[("class", "email")])
        .open("dl", &[]);
    let from = format!(
        "{} <{}>",
        text_of(&mail["from_name"]),
        text_of(&mail["from_address"])
    );
    for (term, value, class) in [
        ("From", from, ""),
        ("To", text_of(&mail["to"]), ""),
        ("Date", text_of(&mail["date"]), ""),
        ("Subject", text_of(&mail["subject"]), "subject"),
    ] {
        html.element("dt", &[], term)
            .element("dd", &[("class", class)], &value);
    }
    html.close("dl")
        .element("pre", &[("class", "prose")], &text_of(&mail["body"]))
        .close("article");
}

/// One row of the day grid. Every quarter says what it is in a tooltip and
/// carries its time (and room, on a room row), which a click reads
/// ([`on_click`]); the picked slot is outlined on every row.
fn grid_row(
    html: &mut Html,
    (label, note): (&str, &str),
    filled: &[(u32, u32)],
    class: &'static str,
    day: &str,
    room: Option<&str>,
) {
    let (picked, start, end) = PICKS.with(|p| {
        (
            p.day.get_untracked(),
            p.start.get_untracked(),
            p.end.get_untracked(),
        )
    });
    let chosen = |t: u32| {
        picked == day
            && matches!((minutes(&start), minutes(&end)), (Some(a), Some(b)) if a <= t && t < b)
    };
    html.open("tr", &[])
        .open("th", &[("scope", "row")])
        .text(label)
        .element("small", &[], note)
        .close("th");
    for t in (GRID_START..GRID_END).step_by(QUARTER as usize) {
        let on = filled.iter().any(|(a, b)| *a <= t && t < *b);
        let state = match (on, class) {
            (true, "blocked") => "blocked",
            (true, "open") => "open",
            (true, "hours") => "working hours",
            (true, _) => "free",
            (false, "blocked") => "clear",
            (false, "open") => "closed",
            (false, "hours") => "outside working hours",
            (false, _) => "busy",
        };
        let mut classes = String::from("cell");
        if t % 60 == 0 {
            classes.push_str(" hour");
        }
        if on {
            classes.push(' ');
            classes.push_str(class);
        }
        if chosen(t) {
            classes.push_str(" chosen");
        }
        let tip = format!("{label} · {}–{} {state}", clock(t), clock(t + QUARTER));
        let at = t.to_string();
        let mut attributes = vec![
            ("class", classes.as_str()),
            ("title", tip.as_str()),
            ("data-at", at.as_str()),
            ("data-day", day),
        ];
        if let Some(room) = room {
            attributes.push(("data-room", room));
        }
        html.element("td", &attributes, "");
    }
    html.close("tr");
}

fn section_row(html: &mut Html, title: &str) {
    html.open("tr", &[("class", "section")])
        .element("th", &[("colspan", "37")], title)
        .close("tr");
}

/// The days the meeting may be on: the one day, or each of several.
fn candidate_days(payload: &Value) -> Vec<(String, String)> {
    match payload["day"].as_str() {
        Some(day) => vec![(day.to_owned(), text_of(&payload["day_name"]))],
        None => payload["days"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|d| (text_of(&d["day"]), text_of(&d["day_name"])))
            .collect(),
    }
}

fn calendar(html: &mut Html, payload: &Value) {
    let required = strings(&payload["required_participants"]);
    let duration = payload["duration_minutes"].as_u64().unwrap_or(30);
    PICKS.with(|p| p.duration.set(duration as u32));
    let days = candidate_days(payload);
    let several = days.len() > 1;
    let named: Vec<String> = days.iter().map(|(d, n)| format!("{n} {d}")).collect();
    let line = format!(
        " on {}{} ({}), organised by {}. Required: {}",
        if several { "one of " } else { "" },
        named.join(", "),
        text_of(&payload["timezone"]),
        text_of(&payload["organizer"]),
        required.join(", ")
    );
    html.open("div", &[("class", "context")])
        .element("b", &[], &format!("{duration} minutes"))
        .text(&line)
        .close("div");
    // Levels 4 and 5: the people's calendars and the rooms are looked up.
    let directory = strings(&payload["directory"]);
    if !directory.is_empty() {
        html.element(
            "p",
            &[("class", "hint"), ("id", "directory")],
            &format!(
                "Directory: {}. Their calendars (each on their own clock) and the rooms are not \
                 shown: look them up with check_calendar and list_rooms below, a step each.",
                directory.join(", ")
            ),
        );
    }
    let preferences = payload["preferences"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if !preferences.is_empty() {
        html.open("ol", &[("class", "rules"), ("id", "preferences")]);
        for preference in &preferences {
            html.element(
                "li",
                &[],
                &format!("Preference: {}", text_of(&preference["text"])),
            );
        }
        html.close("ol");
    }
    html.element(
        "p",
        &[("class", "hint")],
        match directory.is_empty() {
            true => "Click a quarter in the grid to pick the slot that starts there (on a room's row, the room too).",
            false => "Click a quarter in the grid to pick the slot that starts there.",
        },
    )
    .open("div", &[("class", "grid-scroll")])
    .open("table", &[("class", "daygrid"), ("id", "day-grid")])
    .open("thead", &[])
    .open("tr", &[])
    .element("th", &[], "");
    for t in (GRID_START..GRID_END).step_by(60) {
        html.element("th", &[("colspan", "4"), ("class", "hour")], &clock(t));
    }
    html.close("tr").close("thead").open("tbody", &[]);
    let items = |key: &str| payload[key].as_array().cloned().unwrap_or_default();
    for ((day, _), title) in days.iter().zip(&named) {
        if several {
            section_row(html, title);
        }
        let people = items("availability");
        if people.is_empty() {
            // Nothing but the meeting's working hours to draw for people
            // whose calendars are behind lookups.
            let hours = windows(&json!([payload["working_hours"]]), day);
            section_row(html, "Meeting time");
            grid_row(html, ("Working hours", ""), &hours, "hours", day, None);
        } else {
            section_row(html, "People (green: free)");
        }
        for p in people {
            let name = text_of(&p["name"]);
            let note = if required.contains(&name) {
                " required"
            } else {
                " not invited"
            };
            grid_row(
                html,
                (&name, note),
                &windows(&p["free"], day),
                "free",
                day,
                None,
            );
        }
        section_row(html, "Blocked windows");
        for b in items("blocked_windows") {
            let on_day = windows(&json!([b]), day);
            if !on_day.is_empty() {
                let label = text_of(&b["label"]);
                grid_row(html, (&label, " blocked"), &on_day, "blocked", day, None);
            }
        }
        let rooms = items("rooms");
        if !rooms.is_empty() {
            section_row(html, "Rooms (blue: open)");
        }
        for r in rooms {
            let name = text_of(&r["name"]);
            let note = format!(" room, seats {}", text_of(&r["capacity"]));
            let open = windows(&r["open"], day);
            grid_row(html, (&name, &note), &open, "open", day, Some(&name));
        }
    }
    html.close("tbody").close("table").close("div");
}

/// Several meetings booked together (levels 4 and 5): what to book, in
/// lists; the calendars and rooms are behind the lookups.
fn schedule(html: &mut Html, payload: &Value) {
    let days = candidate_days(payload);
    let named: Vec<String> = days.iter().map(|(d, n)| format!("{n} {d}")).collect();
    let items = |key: &str| payload[key].as_array().cloned().unwrap_or_default();
    html.open("div", &[("class", "context")])
        .element("b", &[], &format!("{} meetings", items("meetings").len()))
        .text(&format!(
            " on {} ({}, working hours {}-{}), organised by {}.",
            named.join(", "),
            text_of(&payload["timezone"]),
            text_of(&payload["working_hours"]["start"]),
            text_of(&payload["working_hours"]["end"]),
            text_of(&payload["organizer"])
        ))
        .close("div");
    html.open("ol", &[("class", "rules"), ("id", "meetings")]);
    for m in items("meetings") {
        html.element(
            "li",
            &[],
            &format!(
                "{} {}: {} minutes; required: {}",
                text_of(&m["id"]),
                text_of(&m["title"]),
                text_of(&m["duration_minutes"]),
                strings(&m["required_participants"]).join(", ")
            ),
        );
    }
    for o in items("order") {
        html.element(
            "li",
            &[],
            &format!(
                "Order: {} starts after {} ends",
                text_of(&o["then"]),
                text_of(&o["first"])
            ),
        );
    }
    for p in items("preferences") {
        html.element("li", &[], &format!("Preference: {}", text_of(&p["text"])));
    }
    for b in items("blocked_windows") {
        html.element(
            "li",
            &[],
            &format!(
                "Blocked: {} {} {}-{}",
                text_of(&b["label"]),
                text_of(&b["day"]),
                text_of(&b["start"]),
                text_of(&b["end"])
            ),
        );
    }
    html.close("ol");
    html.element(
        "p",
        &[("class", "hint"), ("id", "directory")],
        &format!(
            "Directory: {}. Their calendars (each on their own clock) and the rooms are not \
             shown: look them up with check_calendar and list_rooms below, a step each.",
            strings(&payload["directory"]).join(", ")
        ),
    );
}

/// The bookings template of a schedule: an entry per meeting, its people
/// filled in.
fn schedule_template(payload: &Value) -> String {
    let bookings: Vec<Value> = payload["meetings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|m| {
            json!({
                "meeting": m["id"], "day": "", "start": "", "end": "",
                "participants": m["required_participants"], "room": "",
            })
        })
        .collect();
    serde_json::to_string_pretty(&json!({ "bookings": bookings })).unwrap_or_default()
}

/// Whether a command line is one of the calendar's lookups
/// (`check_calendar: NAME`, `list_rooms`), as the environment parses it.
fn is_lookup(raw: &str) -> bool {
    matches!(
        Command::parse(raw),
        Ok(Command::CheckCalendar(_) | Command::ListRooms)
    )
}

/// Every lookup among `observations` (each one's last action) with what it
/// showed, oldest first: the calendars and rooms read so far stay in view,
/// not only the last step's feedback.
fn lookups<'a>(html: &mut Html, observations: impl Iterator<Item = &'a Value>) {
    let found: Vec<(String, String, String)> = observations
        .filter_map(|o| {
            let raw = o["last_action"].as_str().filter(|raw| is_lookup(raw))?;
            Some((
                raw.trim().to_owned(),
                text_of(&o["last_feedback"]),
                text_of(&o["step_count"]),
            ))
        })
        .collect();
    if found.is_empty() {
        return;
    }
    html.open("section", &[("id", "lookups"), ("aria-label", "Lookups")])
        .element("h4", &[], &format!("Looked up so far ({})", found.len()));
    for (raw, shown, step) in &found {
        html.open("article", &[("class", "email"), ("data-lookup", raw)])
            .open("p", &[("class", "muted")])
            .element("b", &[], raw)
            .text(&format!(" (step {step})"))
            .close("p")
            .element("pre", &[("class", "prose")], shown)
            .close("article");
    }
    html.close("section");
}

/// Outline the picked slot on the grid on show, without drawing it again
/// (which would lose its scroll position).
fn outline_pick(day: &str, start: &str, end: &str) {
    let Some(grid) = document().get_element_by_id("day-grid") else {
        return;
    };
    let Ok(cells) = grid.query_selector_all("td[data-at]") else {
        return;
    };
    let span = (minutes(start), minutes(end));
    for i in 0..cells.length() {
        let Some(cell) = cells
            .item(i)
            .and_then(|c| c.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let at = cell
            .get_attribute("data-at")
            .and_then(|a| a.parse::<u32>().ok());
        let on = cell.get_attribute("data-day").as_deref() == Some(day)
            && matches!((span, at), ((Some(a), Some(b)), Some(t)) if a <= t && t < b);
        let _ = cell.class_list().toggle_with_force("chosen", on);
    }
}

/// A click on the grid picks the slot starting at the clicked quarter.
pub(super) fn on_click(event: &web_sys::MouseEvent) {
    let Some(at) = clicked_data(event, "at").and_then(|a| a.parse::<u32>().ok()) else {
        return;
    };
    let picks = picks();
    if let Some(day) = clicked_data(event, "day") {
        picks.day.set(day);
    }
    picks.start.set(clock(at));
    picks.end.set(clock(at + picks.duration.get_untracked()));
    if let Some(room) = clicked_data(event, "room") {
        picks.room.set(room);
    }
}

/// A tick in the cleaning table puts its row in or out of its list.
pub(super) fn on_change(event: &web_sys::Event) {
    let Some(input) = event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some((list, row)) = input.get_attribute("data-mark").and_then(|m| {
        let (list, row) = m.split_once(':')?;
        Some((list.to_owned(), row.parse::<usize>().ok()?))
    }) else {
        return;
    };
    let picks = picks();
    let set = match list.as_str() {
        "duplicate" => picks.duplicate,
        "invalid" => picks.invalid,
        _ => picks.keep,
    };
    let on = input.checked();
    set.update(|s| {
        if on {
            s.insert(row);
        } else {
            s.remove(&row);
        }
    });
}

fn cleaning(html: &mut Html, payload: &Value) {
    let rows = payload["rows"].as_array().cloned().unwrap_or_default();
    // Level 5's refunds carry a date; the columns say which are shown.
    let dated = strings(&payload["columns"]).iter().any(|c| c == "date");
    let fields: &[&str] = match dated {
        true => &["id", "name", "email", "amount", "date"],
        false => &["id", "name", "email", "amount"],
    };
    let picks = picks();
    html.open("div", &[("class", "context")])
        .element("b", &[], &text_of(&payload["table_name"]))
        .text(&format!(" ({} rows)", rows.len()))
        .close("div")
        .open("ol", &[("class", "rules")]);
    for rule in strings(&payload["rules"]) {
        html.element("li", &[], &rule);
    }
    html.close("ol")
        .element(
            "p",
            &[("class", "hint")],
            "Tick rows to fill the answer's lists: a duplicate id, an invalid email, a row to keep.",
        )
        .open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data sticky"), ("id", "cleaning-table")])
        .open("thead", &[])
        .open("tr", &[]);
    let heads = ["#"]
        .iter()
        .chain(fields)
        .chain(&["dup.", "bad email", "keep"]);
    for head in heads {
        html.element("th", &[], head);
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for (i, r) in rows.iter().enumerate() {
        html.open("tr", &[])
            .element("td", &[("class", "muted")], &(i + 1).to_string());
        for key in fields {
            // Whitespace matters here: show it.
            html.open("td", &[])
                .element("code", &[], &format!("{:?}", text_of(&r[key])))
                .close("td");
        }
        for (list, set, what) in [
            ("duplicate", &picks.duplicate, "duplicate id"),
            ("invalid", &picks.invalid, "invalid email"),
            ("keep", &picks.keep, "keep"),
        ] {
            let mark = format!("{list}:{i}");
            let label = format!("{what}, row {}", i + 1);
            let mut attributes = vec![
                ("type", "checkbox"),
                ("data-mark", mark.as_str()),
                ("aria-label", label.as_str()),
            ];
            if set.with_untracked(|s| s.contains(&i)) {
                attributes.push(("checked", ""));
            }
            html.open("td", &[("class", "mark")])
                .open("input", &attributes)
                .close("td");
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
    joined_tables(html, payload);
}

/// The `customers` and `rates` tables a level 4-5 table joins to (nothing
/// below level 4, whose payload has neither).
fn joined_tables(html: &mut Html, payload: &Value) {
    let customers = payload["customers"].as_array().cloned().unwrap_or_default();
    if !customers.is_empty() {
        html.element(
            "h4",
            &[],
            &format!("customers ({} records)", customers.len()),
        )
        .open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data"), ("id", "customers-table")])
        .open("thead", &[])
        .open("tr", &[]);
        for head in ["id", "currency", "status", "closed_on"] {
            html.element("th", &[], head);
        }
        html.close("tr").close("thead").open("tbody", &[]);
        for customer in &customers {
            html.open("tr", &[])
                .open("td", &[])
                .element("code", &[], &format!("{:?}", text_of(&customer["id"])))
                .close("td");
            for key in ["currency", "status", "closed_on"] {
                html.element("td", &[], &text_of(&customer[key]));
            }
            html.close("tr");
        }
        html.close("tbody").close("table").close("div");
    }
    let rates = payload["rates"].as_array().cloned().unwrap_or_default();
    if !rates.is_empty() {
        html.element("h4", &[], "rates (USD per unit)")
            .open("table", &[("class", "data"), ("id", "rates-table")])
            .open("tbody", &[]);
        for rate in &rates {
            html.open("tr", &[])
                .element("td", &[], &text_of(&rate["currency"]))
                .element("td", &[], &text_of(&rate["usd_per_unit"]))
                .close("tr");
        }
        html.close("tbody").close("table");
    }
}

const LABELS: &[&str] = &["work", "personal", "spam", "finance"];
const PRIORITIES: &[&str] = &["low", "normal", "high"];
const YES_NO: &[&str] = &["yes", "no"];

fn owned(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// The trimmed text of `key` in the ticked rows, each once, in table order.
fn ticked(rows: &[Value], set: &BTreeSet<usize>, key: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for row in set {
        if let Some(r) = rows.get(*row) {
            let text = text_of(&r[key]).trim().to_owned();
            if !out.contains(&text) {
                out.push(text);
            }
        }
    }
    out
}

/// Whether an answer field is empty: blank text, or no one invited and no
/// row kept (an empty list of duplicates or invalid emails can be right).
fn left_empty(field: &str, value: &Value) -> bool {
    match value {
        Value::String(text) => text.trim().is_empty(),
        Value::Array(items) => items.is_empty() && matches!(field, "participants" | "retained_ids"),
        _ => false,
    }
}

/// The room: a choice of the payload's rooms, or where they are behind
/// `list_rooms` (levels 4 and 5) a name typed as that lookup lists it.
fn room_field(
    rooms: Vec<String>,
    room: ArcRwSignal<String>,
    room_in: ArcRwSignal<String>,
) -> AnyView {
    if rooms.is_empty() {
        return view! {
            <label class="field"><span>"room"</span>
                <input id="pr-room" placeholder="a room list_rooms shows" prop:value=move || room.get()
                    on:input=move |ev| room_in.set(event_target_value(&ev)) /></label>
        }
        .into_any();
    }
    view! {
        <label class="field">
            <span>"room"</span>
            <select id="pr-room" prop:value=move || room.get() on:change=move |ev| room_in.set(event_target_value(&ev))>
                <option value="">"(choose)"</option>
                {rooms.into_iter().map(|r| view! { <option value=r.clone()>{r.clone()}</option> }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

pub(super) fn composer(ctx: Composing) -> AnyView {
    let observation = ctx.observation.get_untracked();
    let payload = observation["payload"].clone();
    let kind = payload["kind"].as_str().unwrap_or("").to_owned();
    let shared = picks();
    shared.clear();
    let command = RwSignal::new("final".to_owned());
    // The calendar's lookups and level 5's "no slot", where the
    // observation offers them.
    let lookups_open = strings(&observation["action_format"])
        .iter()
        .any(|f| f.starts_with("check_calendar"));
    let no_slot_open = observation["answer_schema"].get("no_slot").is_some();
    let directory = strings(&payload["directory"]);
    let person = RwSignal::new(String::new());
    let no_slot = RwSignal::new(false);
    let label = RwSignal::new(String::new());
    let priority = RwSignal::new(String::new());
    let reply = RwSignal::new(String::new());
    let day = shared.day.clone();
    day.set(
        candidate_days(&payload)
            .into_iter()
            .next()
            .map(|(day, _)| day)
            .unwrap_or_default(),
    );
    let invited = RwSignal::new(Vec::<String>::new());
    let valid_rows = RwSignal::new(String::new());
    let total = RwSignal::new(String::new());
    let rows = payload["rows"].as_array().cloned().unwrap_or_default();
    let bookings = RwSignal::new(schedule_template(&payload));

    let (picked_day, start, end) = (day.clone(), shared.start.clone(), shared.end.clone());
    Effect::new(move |_| outline_pick(&picked_day.get(), &start.get(), &end.get()));
    let p = shared.clone();
    let answer = move || -> Value {
        match kind.as_str() {
            "email" => json!({
                "label": label.get(), "priority": priority.get(), "needs_reply": reply.get(),
            }),
            "calendar" if no_slot.get() => json!({"no_slot": true}),
            "schedule" => {
                let text = bookings.get();
                serde_json::from_str::<Value>(&text).unwrap_or_else(|_| json!({ "bookings": text }))
            }
            "calendar" => json!({
                "day": p.day.get(), "start": p.start.get(), "end": p.end.get(),
                "participants": invited.get(), "room": p.room.get(),
            }),
            _ => {
                let count = valid_rows.get();
                json!({
                    "valid_rows": count.trim().parse::<u64>().map_or_else(|_| json!(count), |n| json!(n)),
                    "duplicate_ids": p.duplicate.with(|s| ticked(&rows, s, "id")),
                    "invalid_emails": p.invalid.with(|s| ticked(&rows, s, "email")),
                    "normalized_total": total.get(),
                    "retained_ids": p.keep.with(|s| ticked(&rows, s, "id")),
                })
            }
        }
    };
    let draft = Signal::derive(move || {
        let chosen = command.get();
        match chosen.as_str() {
            "inspect" | "list_rooms" => {
                return Draft::of(json!({ "raw": chosen })).ending(ctx.last_step.get());
            }
            "check_calendar" => {
                let who = person.get();
                let action = match who.is_empty() {
                    true => Err("Not ready: choose whose calendar to check.".to_owned()),
                    false => Ok(json!({ "raw": format!("check_calendar: {who}") })),
                };
                return Draft {
                    action,
                    blanks: Vec::new(),
                    ends: ctx.last_step.get(),
                };
            }
            _ => {}
        }
        let value = answer();
        // A final answer, or a draft the step limit will grade.
        let graded = chosen == "final" || ctx.last_step.get();
        // A value the grader cannot read (2026-02-30) is refused here with
        // the environment's own words, not sent to score nothing (a field
        // left empty is asked about below instead).
        let action = json!({"raw": format!("{chosen}: {value}")});
        if let Some(problem) = ctx.form.run(action.clone()) {
            return Draft {
                action: Err(format!("Not ready: {}.", problem.replace('`', ""))),
                blanks: Vec::new(),
                ends: graded,
            };
        }
        let mut draft = Draft::of(action).ending(graded);
        if graded {
            for (field, v) in value.as_object().into_iter().flatten() {
                draft = draft.blank_if(left_empty(field, v), field.clone());
            }
        }
        draft
    });

    let fields = match payload["kind"].as_str().unwrap_or("") {
        "email" => view! {
            {choice("label", "pr-label", owned(LABELS), Some("(choose)"), label)}
            {choice("priority", "pr-priority", owned(PRIORITIES), Some("(choose)"), priority)}
            {choice("needs_reply", "pr-needs-reply", owned(YES_NO), Some("(choose)"), reply)}
        }
        .into_any(),
        "calendar" => {
            let mut names = payload["availability"]
                .as_array()
                .map(|a| a.iter().map(|p| text_of(&p["name"])).collect::<Vec<_>>())
                .unwrap_or_default();
            if names.is_empty() {
                names = directory.clone();
            }
            let rooms = payload["rooms"]
                .as_array()
                .map(|a| a.iter().map(|r| text_of(&r["name"])).collect::<Vec<_>>())
                .unwrap_or_default();
            let duration = payload["duration_minutes"].as_u64().unwrap_or(30) as u32;
            let (start, end, room) = (
                shared.start.clone(),
                shared.end.clone(),
                shared.room.clone(),
            );
            let (start_in, end_in, room_in) = (start.clone(), end.clone(), room.clone());
            let day_in = day.clone();
            let end_follow = end.clone();
            view! {
                <label class="field"><span>"day"</span><input id="pr-day" placeholder="YYYY-MM-DD" prop:value=move || day.get() on:input=move |ev| day_in.set(event_target_value(&ev)) /></label>
                <label class="field"><span>"start (or click the grid)"</span>
                    <input id="pr-start" type="time" step="900" prop:value=move || start.get()
                        on:input=move |ev| {
                            let value = event_target_value(&ev);
                            if let Some(at) = minutes(&value) { end_follow.set(clock(at + duration)); }
                            start_in.set(value);
                        } /></label>
                <label class="field"><span>{format!("end (start + {duration} min)")}</span>
                    <input id="pr-end" type="time" step="900" prop:value=move || end.get()
                        on:input=move |ev| end_in.set(event_target_value(&ev)) /></label>
                <fieldset class="field">
                    <legend>"participants"</legend>
                    {names.into_iter().map(|name| {
                        let n = name.clone();
                        view! {
                            <label class="check">
                                <input type="checkbox" on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    invited.update(|list| {
                                        list.retain(|x| x != &n);
                                        if on { list.push(n.clone()); }
                                    });
                                } />
                                {name}
                            </label>
                        }
                    }).collect_view()}
                </fieldset>
                {room_field(rooms, room, room_in)}
                {no_slot_open.then(|| view! {
                    <label class="check wide">
                        <input id="pr-no-slot" type="checkbox" prop:checked=move || no_slot.get()
                            on:change=move |ev| no_slot.set(event_target_checked(&ev)) />
                        "No slot: no booking meets every constraint (answers {\"no_slot\": true} alone)"
                    </label>
                })}
            }
            .into_any()
        }
        "schedule" => view! {
            <label class="field wide"><span>"bookings (one entry per meeting; {\"meeting\": \"M3\", \"no_slot\": true} for one no booking can place)"</span>
                <textarea id="pr-bookings" rows="10" spellcheck="false" prop:value=move || bookings.get()
                    on:input=move |ev| bookings.set(event_target_value(&ev))></textarea></label>
        }
        .into_any(),
        _ => {
            let lists = shared.clone();
            let summary = move || {
                format!(
                    "From the ticks: {} duplicate, {} invalid email, {} kept.",
                    lists.duplicate.with(BTreeSet::len),
                    lists.invalid.with(BTreeSet::len),
                    lists.keep.with(BTreeSet::len)
                )
            };
            view! {
                <p class="hint" id="cleaning-summary">{summary}</p>
                <label class="field"><span>"valid_rows"</span>
                    <input id="pr-valid-rows" inputmode="numeric" prop:value=move || valid_rows.get()
                        on:input=move |ev| valid_rows.set(event_target_value(&ev)) /></label>
                <label class="field"><span>"normalized_total"</span>
                    <input id="pr-total" placeholder="561.40" prop:value=move || total.get()
                        on:input=move |ev| total.set(event_target_value(&ev)) /></label>
            }
            .into_any()
        }
    };

    view! {
        <div class="form" id="productivity-composer">
            <label class="field">
                <span>"command"</span>
                <select id="pr-command" on:change=move |ev| command.set(event_target_value(&ev)) prop:value=move || command.get()>
                    <option value="final">"final (grade and end)"</option>
                    <option value="propose">"propose (form check, not graded)"</option>
                    <option value="inspect">"inspect"</option>
                    {lookups_open.then(|| view! {
                        <option value="check_calendar">"check_calendar (one person's calendar, a step)"</option>
                        <option value="list_rooms">"list_rooms (every room, a step)"</option>
                    })}
                </select>
            </label>
            {move || (command.get() == "check_calendar").then(|| {
                choice("whose calendar", "pr-person", directory.clone(), Some("(choose)"), person)
            })}
            {fields}
            {step_button("step-btn", "Step", draft, ctx)}
        </div>
    }
    .into_any()
}
