//! `productivity` for people: the email as an email, the calendar as a day
//! grid of free time, blocked windows and rooms, the table as a table; and
//! an answer form per task that writes the seed's `final: {json}` command.

use leptos::prelude::*;
use serde_json::{Map, Value, json};

use super::{folded, text_of};

const GRID_START: u32 = 9 * 60;
const GRID_END: u32 = 18 * 60;
const QUARTER: u32 = 15;

fn minutes(text: &str) -> u32 {
    let (h, m) = text.split_once(':').unwrap_or(("0", "0"));
    h.parse::<u32>().unwrap_or(0) * 60 + m.parse::<u32>().unwrap_or(0)
}

fn windows(value: &Value) -> Vec<(u32, u32)> {
    value
        .as_array()
        .map(|ws| {
            ws.iter()
                .map(|w| {
                    (
                        minutes(w["start"].as_str().unwrap_or("")),
                        minutes(w["end"].as_str().unwrap_or("")),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| a.iter().map(text_of).collect())
        .unwrap_or_default()
}

pub fn scenario(observation: &Value) -> AnyView {
    let payload = &observation["payload"];
    let body = match payload["kind"].as_str() {
        Some("email") => email(payload),
        Some("calendar") => calendar(payload),
        Some("cleaning") => cleaning(payload),
        _ => view! { <pre class="json">{serde_json::to_string_pretty(payload).unwrap_or_default()}</pre> }.into_any(),
    };
    view! {
        <div class="scenario">
            {folded("Instruction and policy", text_of(&observation["instruction"]))}
            {body}
        </div>
    }
    .into_any()
}

fn email(payload: &Value) -> AnyView {
    let mail = &payload["email"];
    let accounts = payload["known_accounts"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|acc| format!("{} ({})", text_of(&acc["name"]), text_of(&acc["domain"])))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    view! {
        <div class="context">
            <b>{text_of(&payload["mailbox_owner"])}</b>", "{text_of(&payload["owner_role"])}" at "
            {text_of(&payload["company"])}" ("{text_of(&payload["company_domain"])}")"
            <div class="chips">
                <span class="muted">"Known accounts: "</span>
                {accounts.into_iter().map(|a| view! { <span class="chip">{a}</span> }).collect_view()}
            </div>
        </div>
        <article class="email">
            <dl>
                <dt>"From"</dt><dd>{text_of(&mail["from_name"])}" <"{text_of(&mail["from_address"])}">"</dd>
                <dt>"To"</dt><dd>{text_of(&mail["to"])}</dd>
                <dt>"Date"</dt><dd>{text_of(&mail["date"])}</dd>
                <dt>"Subject"</dt><dd class="subject">{text_of(&mail["subject"])}</dd>
            </dl>
            <pre class="prose">{text_of(&mail["body"])}</pre>
        </article>
    }
    .into_any()
}

/// One row of the day grid: which quarters are free (or blocked).
fn grid_row(
    label: String,
    note: String,
    filled: Vec<(u32, u32)>,
    class: &'static str,
) -> impl IntoView {
    let cells = (GRID_START..GRID_END)
        .step_by(QUARTER as usize)
        .map(|t| {
            let on = filled.iter().any(|(a, b)| *a <= t && t < *b);
            let hour = if t % 60 == 0 { "hour" } else { "" };
            view! { <td class=format!("cell {hour} {}", if on { class } else { "" })></td> }
        })
        .collect_view();
    view! { <tr><th scope="row">{label}<small>{note}</small></th>{cells}</tr> }
}

fn calendar(payload: &Value) -> AnyView {
    let required = strings(&payload["required_participants"]);
    let header = (GRID_START..GRID_END)
        .step_by(60)
        .map(|t| view! { <th colspan="4" class="hour">{format!("{:02}:00", t / 60)}</th> })
        .collect_view();
    let people = payload["availability"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|p| {
            let name = text_of(&p["name"]);
            let note = if required.contains(&name) {
                " required"
            } else {
                " not invited"
            };
            grid_row(name, note.to_owned(), windows(&p["free"]), "free")
        })
        .collect_view();
    let blocked = payload["blocked_windows"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|b| {
            let span = (
                minutes(b["start"].as_str().unwrap_or("")),
                minutes(b["end"].as_str().unwrap_or("")),
            );
            grid_row(
                text_of(&b["label"]),
                " blocked".to_owned(),
                vec![span],
                "blocked",
            )
        })
        .collect_view();
    let rooms = payload["rooms"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            grid_row(
                text_of(&r["name"]),
                format!(" room, seats {}", text_of(&r["capacity"])),
                windows(&r["open"]),
                "open",
            )
        })
        .collect_view();
    view! {
        <div class="context">
            <b>{format!("{} minutes", text_of(&payload["duration_minutes"]))}</b>" on "
            {text_of(&payload["day_name"])}" "{text_of(&payload["day"])}" ("{text_of(&payload["timezone"])}"), organised by "
            {text_of(&payload["organizer"])}". Required: "{required.join(", ")}
        </div>
        <div class="grid-scroll">
            <table class="daygrid">
                <thead><tr><th></th>{header}</tr></thead>
                <tbody>
                    <tr class="section"><th colspan="37">"People (green: free)"</th></tr>
                    {people}
                    <tr class="section"><th colspan="37">"Blocked windows"</th></tr>
                    {blocked}
                    <tr class="section"><th colspan="37">"Rooms (blue: open)"</th></tr>
                    {rooms}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

fn cleaning(payload: &Value) -> AnyView {
    let rows = payload["rows"].as_array().cloned().unwrap_or_default();
    let rules = strings(&payload["rules"]);
    view! {
        <div class="context"><b>{text_of(&payload["table_name"])}</b>{format!(" ({} rows)", rows.len())}</div>
        <ol class="rules">{rules.into_iter().map(|r| view! { <li>{r}</li> }).collect_view()}</ol>
        <div class="grid-scroll">
            <table class="data">
                <thead><tr><th>"#"</th><th>"id"</th><th>"name"</th><th>"email"</th><th>"amount"</th></tr></thead>
                <tbody>
                    {rows.into_iter().enumerate().map(|(i, r)| view! {
                        <tr>
                            <td class="muted">{i + 1}</td>
                            // Whitespace matters here: show it.
                            <td><code>{format!("{:?}", text_of(&r["id"]))}</code></td>
                            <td><code>{format!("{:?}", text_of(&r["name"]))}</code></td>
                            <td><code>{format!("{:?}", text_of(&r["email"]))}</code></td>
                            <td><code>{format!("{:?}", text_of(&r["amount"]))}</code></td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

/// An answer template with every field of `answer_schema` empty.
fn template(observation: &Value) -> String {
    let fields = observation["answer_schema"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let answer: Map<String, Value> = fields
        .into_iter()
        .map(|(k, kind)| {
            let empty = if kind.as_str().is_some_and(|t| t.starts_with("list")) {
                json!([])
            } else {
                json!("")
            };
            (k, empty)
        })
        .collect();
    serde_json::to_string_pretty(&answer).unwrap_or_default()
}

fn select(
    label: &'static str,
    options: &'static [&'static str],
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <select on:change=move |ev| value.set(event_target_value(&ev)) prop:value=move || value.get()>
                <option value="">"(choose)"</option>
                {options.iter().map(|o| view! { <option value=*o>{*o}</option> }).collect_view()}
            </select>
        </label>
    }
}

pub fn composer(observation: &Value, submit: Callback<Value>) -> AnyView {
    let payload = observation["payload"].clone();
    let command = RwSignal::new("final".to_owned());
    let kind = payload["kind"].as_str().unwrap_or("").to_owned();
    // Structured fields for the email and calendar tasks; JSON for the table.
    let label = RwSignal::new(String::new());
    let priority = RwSignal::new(String::new());
    let reply = RwSignal::new(String::new());
    let day = RwSignal::new(text_of(&payload["day"]));
    let start = RwSignal::new(String::new());
    let end = RwSignal::new(String::new());
    let room = RwSignal::new(String::new());
    let invited = RwSignal::new(Vec::<String>::new());
    let answer_json = RwSignal::new(template(observation));

    let build_kind = kind.clone();
    let answer = move || -> Result<Value, String> {
        match build_kind.as_str() {
            "email" => Ok(
                json!({"label": label.get(), "priority": priority.get(), "needs_reply": reply.get()}),
            ),
            "calendar" => Ok(json!({
                "day": day.get(), "start": start.get(), "end": end.get(),
                "participants": invited.get(), "room": room.get(),
            })),
            _ => serde_json::from_str::<Value>(&answer_json.get())
                .map_err(|e| format!("the answer is not JSON: {e}")),
        }
    };
    let error = RwSignal::new(None::<String>);
    let send = move |_| {
        let raw = if command.get() == "inspect" {
            "inspect".to_owned()
        } else {
            match answer() {
                Ok(value) => format!("{}: {}", command.get(), value),
                Err(e) => {
                    error.set(Some(e));
                    return;
                }
            }
        };
        error.set(None);
        submit.run(json!({ "raw": raw }));
    };

    let fields = match kind.as_str() {
        "email" => view! {
            {select("label", &["work", "personal", "spam", "finance"], label)}
            {select("priority", &["low", "normal", "high"], priority)}
            {select("needs_reply", &["yes", "no"], reply)}
        }
        .into_any(),
        "calendar" => {
            let names = payload["availability"]
                .as_array()
                .map(|a| a.iter().map(|p| text_of(&p["name"])).collect::<Vec<_>>())
                .unwrap_or_default();
            let rooms = payload["rooms"]
                .as_array()
                .map(|a| a.iter().map(|r| text_of(&r["name"])).collect::<Vec<_>>())
                .unwrap_or_default();
            view! {
                <label class="field"><span>"day"</span><input prop:value=move || day.get() on:input=move |ev| day.set(event_target_value(&ev)) /></label>
                <label class="field"><span>"start"</span><input placeholder="HH:MM" on:input=move |ev| start.set(event_target_value(&ev)) /></label>
                <label class="field"><span>"end"</span><input placeholder="HH:MM" on:input=move |ev| end.set(event_target_value(&ev)) /></label>
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
                <label class="field">
                    <span>"room"</span>
                    <select on:change=move |ev| room.set(event_target_value(&ev))>
                        <option value="">"(choose)"</option>
                        {rooms.into_iter().map(|r| view! { <option value=r.clone()>{r.clone()}</option> }).collect_view()}
                    </select>
                </label>
            }
            .into_any()
        }
        _ => view! {
            <label class="field wide">
                <span>"answer (JSON)"</span>
                <textarea rows="9" spellcheck="false" prop:value=move || answer_json.get()
                    on:input=move |ev| answer_json.set(event_target_value(&ev))></textarea>
            </label>
        }
        .into_any(),
    };

    view! {
        <div class="form">
            <label class="field">
                <span>"command"</span>
                <select on:change=move |ev| command.set(event_target_value(&ev)) prop:value=move || command.get()>
                    <option value="final">"final (grade and end)"</option>
                    <option value="propose">"propose (form check, not graded)"</option>
                    <option value="inspect">"inspect"</option>
                </select>
            </label>
            {fields}
            {move || error.get().map(|e| view! { <p class="error">{e}</p> })}
            <button class="primary" on:click=send>"Step"</button>
        </div>
    }
    .into_any()
}
