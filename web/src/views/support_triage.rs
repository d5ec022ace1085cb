//! `support_triage` for people: the inbox as a table with the triage set so
//! far, the opened ticket and its customer record beside it, the written
//! policy folded; and a composer with one control per field, whose label
//! choices come from the core's own enums so the form never offers a value
//! the environment would refuse.

use env_wasm::support_triage::{Command, Department, Disposition, Label, Priority};
use leptos::prelude::*;
use serde_json::{Map, Value, json};

use super::{folded, text_of};

/// `—` for a label the agent has not set yet.
fn shown(value: &Value) -> String {
    match value {
        Value::Null => "—".to_owned(),
        other => text_of(other),
    }
}

fn is_hard(observation: &Value) -> bool {
    observation["task_name"].as_str() == Some("hard")
}

pub fn scenario(observation: &Value) -> AnyView {
    let rows = observation["inbox"].as_array().cloned().unwrap_or_default();
    let detail = observation["opened_ticket"].clone();
    let opened = text_of(&detail["ticket_id"]);
    let hard = is_hard(observation);
    let inbox = rows
        .into_iter()
        .map(|row| {
            let id = text_of(&row["ticket_id"]);
            let style = if id == opened {
                "background:#eef2fb"
            } else {
                ""
            };
            let seen = if row["viewed"].as_bool() == Some(true) {
                "opened"
            } else {
                "new"
            };
            let mut triage = format!(
                "{} · {}",
                shown(&row["priority"]),
                shown(&row["department"])
            );
            if hard {
                let reply = if row["reply_drafted"].as_bool() == Some(true) {
                    "reply drafted"
                } else {
                    "no reply"
                };
                triage = format!("{triage} · {} · {reply}", shown(&row["disposition"]));
            }
            let attribute = id.clone();
            view! {
                <tr style=style data-ticket=attribute>
                    <td style="white-space:nowrap"><code>{id}</code><br/><small class="muted">{seen}</small></td>
                    <td><b>{text_of(&row["customer"])}</b><br/>{text_of(&row["subject"])}<br/><small class="muted">{text_of(&row["received"])}</small></td>
                    <td>{triage}</td>
                </tr>
            }
        })
        .collect_view();
    let triage_head = if hard {
        "Priority · department · disposition · reply"
    } else {
        "Priority · department"
    };
    view! {
        <div class="scenario">
            <p class="context">{text_of(&observation["scenario_instruction"])}</p>
            {folded("Support desk policy (routing, SLA, exceptions, reply rules)", text_of(&observation["policy"]))}
            <div style="display:grid;grid-template-columns:repeat(auto-fit,minmax(17rem,1fr));gap:1rem;align-items:start">
                <section aria-label="Inbox">
                    <h3>"Inbox"</h3>
                    <table class="data" id="inbox-table">
                        <thead>
                            <tr><th>"Ticket"</th><th>"Customer and subject"</th><th>{triage_head}</th></tr>
                        </thead>
                        <tbody>{inbox}</tbody>
                    </table>
                </section>
                <section aria-label="Opened ticket">
                    <h3>"Opened ticket"</h3>
                    {ticket(&detail)}
                </section>
            </div>
        </div>
    }
    .into_any()
}

fn ticket(detail: &Value) -> AnyView {
    if !detail.is_object() {
        return view! { <p class="hint" id="ticket-detail">"No ticket is open: use view_ticket to read one here."</p> }
            .into_any();
    }
    let customer = &detail["customer"];
    let draft = detail["draft_reply"].as_str().map(|reply| {
        view! {
            <p class="muted"><b>"Your draft reply"</b></p>
            <pre class="prose">{reply.to_owned()}</pre>
        }
    });
    view! {
        <article class="email" id="ticket-detail" style="overflow-wrap:anywhere">
            <dl>
                <dt>"Ticket"</dt><dd><code>{text_of(&detail["ticket_id"])}</code></dd>
                <dt>"From"</dt><dd>{text_of(&detail["from"])}</dd>
                <dt>"Received"</dt><dd>{text_of(&detail["received"])}</dd>
                <dt>"Product"</dt><dd>{text_of(&detail["product"])}</dd>
                <dt>"Subject"</dt><dd class="subject">{text_of(&detail["subject"])}</dd>
            </dl>
            <pre class="prose">{text_of(&detail["body"])}</pre>
            <p class="muted"><b>"Customer record"</b></p>
            <dl>
                <dt>"Name"</dt><dd>{text_of(&customer["name"])}" · "{text_of(&customer["company"])}</dd>
                <dt>"Plan"</dt><dd>{text_of(&customer["plan"])}{format!(" · {} seats", text_of(&customer["seats"]))}</dd>
                <dt>"Account email"</dt><dd>{text_of(&customer["account_email"])}</dd>
                <dt>"Customer since"</dt><dd>{text_of(&customer["customer_since"])}</dd>
                <dt>"Last fee waiver"</dt><dd>{text_of(&customer["last_fee_waiver"])}</dd>
            </dl>
            {draft}
        </article>
    }
    .into_any()
}

fn names<L: Label>() -> Vec<&'static str> {
    L::ALL.iter().map(|l| l.name()).collect()
}

/// A select over `options`; the empty first choice leaves the field out.
fn choice(
    label: &'static str,
    id: &'static str,
    options: Vec<String>,
    blank: Option<&'static str>,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <select id=id on:change=move |ev| value.set(event_target_value(&ev)) prop:value=move || value.get()>
                {blank.map(|b| view! { <option value="">{b}</option> })}
                {options.into_iter().map(|o| view! { <option value=o.clone()>{o.clone()}</option> }).collect_view()}
            </select>
        </label>
    }
}

fn owned(items: Vec<&'static str>) -> Vec<String> {
    items.into_iter().map(str::to_owned).collect()
}

pub fn composer(observation: &Value, submit: Callback<Value>) -> AnyView {
    let ids: Vec<String> = observation["inbox"]
        .as_array()
        .map(|rows| rows.iter().map(|r| text_of(&r["ticket_id"])).collect())
        .unwrap_or_default();
    let hard = is_hard(observation);
    let command = RwSignal::new(Command::ViewTicket.name().to_owned());
    let ticket = RwSignal::new(ids.first().cloned().unwrap_or_default());
    let priority = RwSignal::new(String::new());
    let department = RwSignal::new(String::new());
    let disposition = RwSignal::new(String::new());
    let reply = RwSignal::new(String::new());

    // Only the fields the chosen command reads go into the action.
    let send = move |_| {
        let chosen = command.get();
        let mut action = Map::new();
        action.insert("command".into(), json!(chosen));
        let mut put = |key: &str, value: String| {
            if !value.is_empty() {
                action.insert(key.into(), json!(value));
            }
        };
        if !matches!(chosen.as_str(), "show_inbox" | "submit_episode") {
            put("ticket_id", ticket.get());
        }
        match chosen.as_str() {
            "set_triage" => {
                put("priority", priority.get());
                put("department", department.get());
            }
            "draft_reply" => put("reply_body", reply.get()),
            "set_disposition" => put("disposition", disposition.get()),
            _ => {}
        }
        submit.run(Value::Object(action));
    };

    let fields = move || {
        let chosen = command.get();
        let target = (!matches!(chosen.as_str(), "show_inbox" | "submit_episode"))
            .then(|| choice("ticket", "st-ticket", ids.clone(), None, ticket));
        let specific = match chosen.as_str() {
            "set_triage" => view! {
                {choice("priority", "st-priority", owned(names::<Priority>()), Some("(unchanged)"), priority)}
                {choice("department", "st-department", owned(names::<Department>()), Some("(unchanged)"), department)}
            }
            .into_any(),
            "draft_reply" => view! {
                <label class="field wide">
                    <span>"reply_body"</span>
                    <textarea id="st-reply" rows="8" placeholder="Hi <name>, ... ticket <id> ... next step ..."
                        prop:value=move || reply.get()
                        on:input=move |ev| reply.set(event_target_value(&ev))></textarea>
                </label>
            }
            .into_any(),
            "set_disposition" => {
                choice("disposition", "st-disposition", owned(names::<Disposition>()), Some("(choose)"), disposition)
                    .into_any()
            }
            _ => ().into_any(),
        };
        let note = (!hard && matches!(chosen.as_str(), "draft_reply" | "set_disposition"))
            .then(|| view! { <p class="hint">"Replies and dispositions are graded only in the hard task."</p> });
        view! { {target}{specific}{note} }
    };

    view! {
        <div class="form" id="support-triage-composer">
            {choice("command", "st-command", owned(names::<Command>()), None, command)}
            {fields}
            <button class="primary" on:click=send>"Step"</button>
        </div>
    }
    .into_any()
}
