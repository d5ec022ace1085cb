//! `support_triage` for people: the inbox as a table with the triage set so
//! far, the opened ticket and its customer record beside it, the written
//! policy folded; and a composer with one control per field, whose label
//! choices come from the core's own enums so the form never offers a value
//! the environment would refuse, and whose commands are described in the
//! words of the action schema.

use env_wasm::support_triage::{
    Command, CustomerRequest, Department, Disposition, Label, Priority,
};
use leptos::prelude::*;
use serde_json::{Map, Value, json};

use super::{choice, folded, text_field, text_of};
use crate::compose::{Composing, Draft, step_button};
use crate::html::Html;

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

pub(super) fn scenario(html: &mut Html, observation: &Value) {
    let detail = &observation["opened_ticket"];
    let opened = text_of(&detail["ticket_id"]);
    let hard = is_hard(observation);
    let triage_head = if hard {
        "Priority · department · disposition · reply"
    } else {
        "Priority · department"
    };
    html.open("div", &[("class", "scenario")]).element(
        "p",
        &[("class", "context")],
        &text_of(&observation["scenario_instruction"]),
    );
    folded(
        html,
        "Support desk policy (routing, SLA, exceptions, reply rules)",
        &text_of(&observation["policy"]),
    );
    html.open("div", &[("class", "desk")])
        .open("section", &[("aria-label", "Inbox")])
        .element("h3", &[], "Inbox")
        .open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data sticky"), ("id", "inbox-table")])
        .open("thead", &[])
        .open("tr", &[])
        .element("th", &[], "Ticket")
        .element("th", &[], "Customer and subject")
        .element("th", &[], triage_head)
        .close("tr")
        .close("thead")
        .open("tbody", &[]);
    for row in observation["inbox"].as_array().into_iter().flatten() {
        let id = text_of(&row["ticket_id"]);
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
        let class = if id == opened { "opened" } else { "" };
        html.open("tr", &[("class", class), ("data-ticket", &id)])
            .open("td", &[("class", "nowrap")])
            .element("code", &[], &id)
            .open("br", &[])
            .element("small", &[("class", "muted")], seen)
            .close("td")
            .open("td", &[])
            .element("b", &[("class", "nowrap")], &text_of(&row["customer"]))
            .text(" ")
            .element(
                "small",
                &[("class", "muted nowrap")],
                &text_of(&row["received"]),
            )
            .open("br", &[])
            .text(&text_of(&row["subject"]))
            .close("td")
            .element("td", &[], &triage)
            .close("tr");
    }
    html.close("tbody")
        .close("table")
        .close("div")
        .close("section")
        .open("section", &[("aria-label", "Opened ticket")])
        .element("h3", &[], "Opened ticket");
    ticket(html, detail);
    lookup(html, &observation["lookup"]);
    html.close("section").close("div").close("div");
}

/// The last record looked up on the records desk (levels 4 and 5): an
/// account, an invoice, a knowledge-base search or article.
fn lookup(html: &mut Html, lookup: &Value) {
    if let Some(text) = lookup["text"].as_str() {
        let what = if lookup["kb_search"].is_array() {
            "Last knowledge-base search"
        } else if lookup["article"].is_object() {
            "Last knowledge-base article read"
        } else {
            "Last record looked up"
        };
        html.open("article", &[("class", "email"), ("id", "lookup-record")])
            .open("p", &[("class", "muted")])
            .element("b", &[], what)
            .close("p")
            .element("pre", &[("class", "prose")], text)
            .close("article");
    }
}

/// A definition list of (term, description) pairs.
fn pairs(html: &mut Html, items: &[(&str, String)]) {
    html.open("dl", &[]);
    for (term, description) in items {
        html.element("dt", &[], term)
            .element("dd", &[], description);
    }
    html.close("dl");
}

fn ticket(html: &mut Html, detail: &Value) {
    if !detail.is_object() {
        html.element(
            "p",
            &[("class", "hint"), ("id", "ticket-detail")],
            "No ticket is open: use view_ticket to read one here.",
        );
        return;
    }
    let customer = &detail["customer"];
    html.open("article", &[("class", "email"), ("id", "ticket-detail")]);
    pairs(
        html,
        &[
            ("Ticket", text_of(&detail["ticket_id"])),
            ("From", text_of(&detail["from"])),
            ("Received", text_of(&detail["received"])),
            ("Product", text_of(&detail["product"])),
            ("Subject", text_of(&detail["subject"])),
        ],
    );
    html.element("pre", &[("class", "prose")], &text_of(&detail["body"]))
        .open("p", &[("class", "muted")])
        .element("b", &[], "Customer record")
        .close("p");
    pairs(
        html,
        &[
            (
                "Name",
                format!(
                    "{} · {}",
                    text_of(&customer["name"]),
                    text_of(&customer["company"])
                ),
            ),
            ("Account email", text_of(&customer["account_email"])),
        ],
    );
    // The records desk (levels 4 and 5) keeps the rest behind lookup_customer.
    if customer["plan"].is_null() {
        html.element(
            "p",
            &[("class", "hint")],
            "Plan, billing currency and earlier tickets: lookup_customer.",
        );
    } else {
        pairs(
            html,
            &[
                (
                    "Plan",
                    format!(
                        "{} · {} seats",
                        text_of(&customer["plan"]),
                        text_of(&customer["seats"])
                    ),
                ),
                ("Customer since", text_of(&customer["customer_since"])),
                ("Last fee waiver", text_of(&customer["last_fee_waiver"])),
            ],
        );
    }
    for exchange in detail["conversation"].as_array().into_iter().flatten() {
        html.open("p", &[("class", "muted")])
            .element(
                "b",
                &[],
                &format!("You asked ({})", text_of(&exchange["request"])),
            )
            .close("p")
            .element("pre", &[("class", "prose")], &text_of(&exchange["message"]))
            .open("p", &[("class", "muted")])
            .element("b", &[], "The customer answered")
            .close("p")
            .element("pre", &[("class", "prose")], &text_of(&exchange["answer"]));
    }
    if let Some(reply) = detail["draft_reply"].as_str() {
        html.open("p", &[("class", "muted")])
            .element("b", &[], "Your draft reply")
            .close("p")
            .element("pre", &[("class", "prose")], reply);
    }
    html.close("article");
}

/// Commands that name no ticket.
fn untargeted(command: &str) -> bool {
    matches!(
        command,
        "show_inbox" | "submit_episode" | "lookup_invoice" | "search_kb" | "read_article"
    )
}

fn names<L: Label>() -> Vec<String> {
    L::ALL.iter().map(|l| l.name().to_owned()).collect()
}

/// Each command's description in the action schema (`$defs.Command`).
fn descriptions(schema: &Value) -> Vec<(String, String)> {
    schema["$defs"]["Command"]["oneOf"]
        .as_array()
        .map(|options| {
            options
                .iter()
                .map(|o| (text_of(&o["const"]), text_of(&o["description"])))
                .collect()
        })
        .unwrap_or_default()
}

/// What `submit_episode` would grade as unset, ticket by ticket.
fn unset_on_desk(observation: &Value) -> Vec<String> {
    let hard = is_hard(observation);
    let mut unset = Vec::new();
    for row in observation["inbox"].as_array().into_iter().flatten() {
        let id = text_of(&row["ticket_id"]);
        let mut missing: Vec<&str> = ["priority", "department"]
            .into_iter()
            .filter(|k| row[*k].is_null())
            .collect();
        if hard {
            if row["disposition"].is_null() {
                missing.push("disposition");
            }
            if row["reply_drafted"].as_bool() != Some(true) {
                missing.push("reply");
            }
        }
        if !missing.is_empty() {
            unset.push(format!("{id} {}", missing.join(" and ")));
        }
    }
    unset
}

pub(super) fn composer(schema: &Value, ctx: Composing) -> AnyView {
    let first = ctx.observation.get_untracked();
    let ids: Vec<String> = first["inbox"]
        .as_array()
        .map(|rows| rows.iter().map(|r| text_of(&r["ticket_id"])).collect())
        .unwrap_or_default();
    let hard = is_hard(&first);
    let commands = descriptions(schema);
    let command = RwSignal::new(Command::ViewTicket.name().to_owned());
    let ticket = RwSignal::new(ids.first().cloned().unwrap_or_default());
    let priority = RwSignal::new(String::new());
    let department = RwSignal::new(String::new());
    let disposition = RwSignal::new(String::new());
    let reply = RwSignal::new(String::new());
    let invoice = RwSignal::new(String::new());
    let request = RwSignal::new(String::new());
    let message = RwSignal::new(String::new());
    let query = RwSignal::new(String::new());
    let article = RwSignal::new(String::new());

    // Only the fields the chosen command reads go into the action.
    let draft = Signal::derive(move || {
        let chosen = command.get();
        let mut action = Map::new();
        action.insert("command".into(), json!(chosen));
        let mut put = |key: &str, value: String| {
            if !value.trim().is_empty() {
                action.insert(key.into(), json!(value));
            }
        };
        let targeted = !untargeted(&chosen);
        if targeted {
            put("ticket_id", ticket.get());
        }
        let (p, d, disp, body) = (
            priority.get(),
            department.get(),
            disposition.get(),
            reply.get(),
        );
        match chosen.as_str() {
            "set_triage" => {
                put("priority", p.clone());
                put("department", d.clone());
            }
            "draft_reply" => put("reply_body", body.clone()),
            "set_disposition" => put("disposition", disp.clone()),
            "lookup_invoice" => put("invoice_id", invoice.get()),
            "ask_customer" => {
                put("request", request.get());
                put("message", message.get());
            }
            "search_kb" => put("query", query.get()),
            "read_article" => put("article_id", article.get()),
            _ => {}
        }
        let submit = chosen == "submit_episode";
        let mut draft = Draft::of(Value::Object(action)).ending(submit || ctx.last_step.get());
        draft = match chosen.as_str() {
            "set_triage" => draft.blank_if(p.is_empty() && d.is_empty(), "priority and department"),
            "draft_reply" => draft.blank_if(body.trim().is_empty(), "reply_body"),
            "set_disposition" => draft.blank_if(disp.is_empty(), "disposition"),
            "lookup_invoice" => draft.blank_if(invoice.get().trim().is_empty(), "invoice_id"),
            "ask_customer" => draft.blank_if(request.get().is_empty(), "request"),
            "search_kb" => draft.blank_if(query.get().trim().is_empty(), "query"),
            "read_article" => draft.blank_if(article.get().trim().is_empty(), "article_id"),
            _ => draft,
        };
        if submit {
            for unset in ctx.observation.with(unset_on_desk) {
                draft = draft.blank_if(true, unset);
            }
        }
        draft
    });

    let explained = commands.clone();
    let about = move || {
        let chosen = command.get();
        explained
            .iter()
            .find(|(name, _)| *name == chosen)
            .map(|(_, text)| text.clone())
            .unwrap_or_default()
    };
    let fields = move || {
        let chosen = command.get();
        let target = (!untargeted(&chosen))
            .then(|| choice("ticket", "st-ticket", ids.clone(), None, ticket));
        let specific = match chosen.as_str() {
            "set_triage" => view! {
                {choice("priority", "st-priority", names::<Priority>(), Some("(unchanged)"), priority)}
                {choice("department", "st-department", names::<Department>(), Some("(unchanged)"), department)}
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
                choice("disposition", "st-disposition", names::<Disposition>(), Some("(choose)"), disposition)
                    .into_any()
            }
            "lookup_invoice" => text_field("invoice_id", "st-invoice", "INV-40213", false, invoice),
            "search_kb" => text_field("query", "st-query", "refund audit log add-on", true, query),
            "read_article" => text_field("article_id", "st-article", "KB-204", false, article),
            "ask_customer" => view! {
                {choice("request", "st-request", names::<CustomerRequest>(), Some("(choose)"), request)}
                <label class="field wide">
                    <span>"message"</span>
                    <textarea id="st-message" rows="4" placeholder="Hi <name>, could you send ..."
                        prop:value=move || message.get()
                        on:input=move |ev| message.set(event_target_value(&ev))></textarea>
                </label>
            }
            .into_any(),
            _ => ().into_any(),
        };
        let note = (!hard && matches!(chosen.as_str(), "draft_reply" | "set_disposition"))
            .then(|| view! { <p class="hint">"Replies and dispositions are graded only in the hard task."</p> });
        view! { {target}{specific}{note} }
    };
    let options = if commands.is_empty() {
        names::<Command>()
            .into_iter()
            .map(|n| (n, String::new()))
            .collect()
    } else {
        commands
    };

    view! {
        <div class="form" id="support-triage-composer">
            <label class="field">
                <span>"command"</span>
                <select id="st-command" on:change=move |ev| command.set(event_target_value(&ev)) prop:value=move || command.get()>
                    {options.into_iter().map(|(name, text)| view! { <option value=name.clone() title=text>{name.clone()}</option> }).collect_view()}
                </select>
            </label>
            <p class="hint" id="st-command-about">{about}</p>
            {fields}
            {step_button("step-btn", "Step", draft, ctx)}
        </div>
    }
    .into_any()
}
