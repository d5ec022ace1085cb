//! `it_mental_health` for people: the person, the team or the team profile
//! as cards (role, hours, leave, quotes, stressors), the rubric folded
//! away, the last graded task's per-criterion scores and the episode's
//! task scores; and a response editor pre-filled with the task's section
//! template that submits `{"response", "task_id"}`.
//!
//! The page builds the composer once per episode, while a full episode
//! moves through three tasks, so the composer follows the latest
//! observation's `task_id` and template.

use leptos::prelude::*;
use serde_json::{Value, json};

use super::{folded, strings, text_of};
use crate::compose::{Composing, Draft, step_button};
use crate::format;
use crate::html::Html;

fn list(html: &mut Html, items: Vec<String>) {
    html.open("ul", &[("class", "rules")]);
    for item in items {
        html.element("li", &[], &item);
    }
    html.close("ul");
}

fn quotes(html: &mut Html, items: Vec<String>) {
    for quote in items {
        html.element(
            "blockquote",
            &[("class", "prose quote")],
            &format!("\u{201c}{quote}\u{201d}"),
        );
    }
}

fn chip(html: &mut Html, label: &str, value: &str) {
    html.open("span", &[("class", "chip")])
        .element("span", &[("class", "muted")], &format!("{label} "))
        .element("b", &[], value)
        .close("span");
}

fn heading(html: &mut Html, text: &str) {
    html.element("h3", &[], text);
}

/// Bars for a criterion -> score map.
fn bars(html: &mut Html, scores: &Value) {
    html.open("div", &[("class", "bars")]);
    for (name, score) in scores.as_object().into_iter().flatten() {
        let value = score.as_f64().unwrap_or(0.0);
        html.open("div", &[("class", "bar")])
            .element(
                "span",
                &[("class", "bar-label")],
                &crate::criteria::humanise(name),
            )
            .score_bar(value, "bar-value")
            .close("div");
    }
    html.close("div");
}

pub(super) fn scenario(html: &mut Html, observation: &Value) {
    let subject = &observation["subject"];
    let tasks = strings(&observation["episode_tasks"]);
    let number = observation["task_number"].as_u64().unwrap_or(1);
    let title = format!(
        "Task {number} of {}: {} ({})",
        tasks.len(),
        text_of(&observation["task_id"]).replace('_', " "),
        text_of(&observation["difficulty"])
    );
    html.open("div", &[("class", "scenario")])
        .open("div", &[("class", "context")])
        .element("b", &[], &title)
        .close("div");
    graded(html, observation);
    match subject["kind"].as_str() {
        Some("person") => person(html, subject),
        Some("team") => team(html, subject),
        Some("team_profile") => profile(html, subject),
        _ => {
            html.element(
                "pre",
                &[("class", "json")],
                &crate::format::pretty_json(subject),
            );
        }
    }
    folded(
        html,
        "Rubric",
        &strings(&observation["rubric"]).join("\n\n"),
    );
    folded(
        html,
        "The case as the agent reads it",
        &text_of(&observation["scenario"]),
    );
    html.close("div");
}

/// The task the last step graded, and every task score so far.
fn graded(html: &mut Html, observation: &Value) {
    let Some(graded) = observation.get("graded").filter(|g| !g.is_null()) else {
        return;
    };
    let title = format!(
        "{} scored {}",
        text_of(&graded["task_id"]).replace('_', " "),
        format::number(graded["score"].as_f64().unwrap_or(0.0))
    );
    html.open("article", &[("class", "email graded")])
        .open("div", &[])
        .element("b", &[], &title)
        .close("div");
    bars(html, &graded["breakdown"]);
    if let Some(penalties) = graded["penalties"].as_object().filter(|p| !p.is_empty()) {
        let text = penalties
            .iter()
            .map(|(k, v)| {
                format!(
                    "{} -{}",
                    k.replace('_', " "),
                    format::number(v.as_f64().unwrap_or(0.0))
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        html.element("p", &[("class", "hint")], &format!("Penalties: {text}"));
    }
    folded(
        html,
        "What the grader read",
        &strings(&graded["notes"]).join("\n"),
    );
    // The episode's task scores so far, in the episode's order.
    let tasks = strings(&observation["episode_tasks"]);
    html.open("div", &[("class", "chips")]);
    if tasks.len() > 1 {
        for task in &tasks {
            if let Some(score) = observation["task_scores"].get(task).and_then(Value::as_f64) {
                chip(html, &task.replace('_', " "), &format::number(score));
            }
        }
    }
    html.close("div").close("article");
}

fn person(html: &mut Html, p: &Value) {
    let line = format!(
        ", {}, {} team at {}",
        text_of(&p["role"]),
        text_of(&p["team"]),
        text_of(&p["company"])
    );
    html.open("article", &[("class", "email")])
        .open("div", &[])
        .element("b", &[], &text_of(&p["name"]))
        .text(&line)
        .close("div")
        .open("div", &[("class", "chips")]);
    chip(html, "hours a week", &text_of(&p["hours_per_week"]));
    chip(
        html,
        "years at the company",
        &text_of(&p["years_at_company"]),
    );
    chip(html, "now", &text_of(&p["current_month"]));
    html.close("div")
        .open("p", &[])
        .element("span", &[("class", "muted")], "Leave: ")
        .text(&text_of(&p["leave"]))
        .close("p");
    let workload = strings(&p["workload"]);
    if !workload.is_empty() {
        heading(html, "Workload");
        list(html, workload);
    }
    heading(html, "What colleagues noticed");
    list(html, strings(&p["observations"]));
    heading(html, "In their own words");
    quotes(html, strings(&p["quotes"]));
    heading(html, "Other context");
    list(html, strings(&p["context"]));
    html.close("article");
}

fn team(html: &mut Html, t: &Value) {
    let line = format!(
        " at {}, led by {}",
        text_of(&t["company"]),
        text_of(&t["lead"])
    );
    html.open("div", &[("class", "context")])
        .element("b", &[], &format!("{} team", text_of(&t["team"])))
        .text(&line)
        .close("div")
        .open("div", &[("class", "cards")]);
    for e in t["employees"].as_array().into_iter().flatten() {
        html.open("article", &[("class", "email")])
            .open("div", &[])
            .element("b", &[], &text_of(&e["name"]))
            .close("div")
            .element(
                "div",
                &[("class", "muted")],
                &format!(
                    "{}, {} in the team",
                    text_of(&e["role"]),
                    years(&e["years_in_team"])
                ),
            )
            .open("p", &[])
            .element("span", &[("class", "muted")], "Situation: ")
            .text(&text_of(&e["situation"]))
            .close("p");
        list(html, strings(&e["notes"]));
        quotes(html, vec![text_of(&e["quote"])]);
        html.close("article");
    }
    html.close("div");
}

fn years(value: &Value) -> String {
    match value.as_u64() {
        Some(1) => "1 year".to_owned(),
        Some(n) => format!("{n} years"),
        None => text_of(value),
    }
}

fn profile(html: &mut Html, p: &Value) {
    html.open("div", &[("class", "context")])
        .element("b", &[], &format!("{} team", text_of(&p["team"])))
        .text(&format!(" at {}", text_of(&p["company"])))
        .open("div", &[("class", "chips")]);
    chip(html, "people", &text_of(&p["team_size"]));
    chip(html, "with burnout symptoms", &text_of(&p["affected"]));
    chip(
        html,
        "wellbeing",
        &format!("{}/10", text_of(&p["wellbeing_score"])),
    );
    let catalogue = &p["catalogue"];
    if catalogue.is_object() {
        chip(html, "budget cap", &dollars(&catalogue["budget_cap"]));
    } else {
        chip(
            html,
            "budget",
            &format!(
                "{} to {}",
                dollars(&p["budget_min"]),
                dollars(&p["budget_max"])
            ),
        );
    }
    html.close("div")
        .close("div")
        .open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data sticky")])
        .open("thead", &[])
        .open("tr", &[])
        .element("th", &[], "Team profile")
        .element("th", &[], "Now")
        .close("tr")
        .close("thead")
        .open("tbody", &[]);
    for item in p["profile"].as_array().into_iter().flatten() {
        html.open("tr", &[])
            .element("td", &[], &text_of(&item["label"]))
            .element("td", &[], &text_of(&item["value"]))
            .close("tr");
    }
    html.close("tbody").close("table").close("div");
    heading(html, "Who can own actions");
    let roster = p["roster"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            format!(
                "{} ({}): {}",
                text_of(&r["name"]),
                text_of(&r["role"]),
                text_of(&r["remit"])
            )
        })
        .collect();
    list(html, roster);
    if catalogue.is_object() {
        interventions(html, catalogue);
    }
    heading(html, "Other context");
    list(html, strings(&p["context"]));
}

/// Levels 4 and 5: the catalogue to choose from, with its rules, and the
/// hours each owner can give.
fn interventions(html: &mut Html, catalogue: &Value) {
    heading(html, "Catalogue of interventions");
    html.open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data sticky")])
        .open("thead", &[])
        .open("tr", &[]);
    for title in [
        "Id",
        "Intervention",
        "Tackles",
        "Cost",
        "Owner",
        "Hours a week",
        "Rules",
    ] {
        html.element("th", &[], title);
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for item in catalogue["interventions"].as_array().into_iter().flatten() {
        let mut rules = Vec::new();
        if item["needs"].is_string() {
            rules.push(format!("needs {}", text_of(&item["needs"])));
        }
        let excludes = strings(&item["excludes"]);
        if !excludes.is_empty() {
            rules.push(format!("not with {}", excludes.join(" or ")));
        }
        html.open("tr", &[])
            .element("td", &[], &text_of(&item["id"]))
            .element("td", &[], &text_of(&item["action"]))
            .element("td", &[], &text_of(&item["tackles"]))
            .element("td", &[], &dollars(&item["cost"]))
            .element("td", &[], &text_of(&item["owner"]))
            .element("td", &[], &text_of(&item["hours_per_week"]))
            .element("td", &[], &rules.join("; "))
            .close("tr");
    }
    html.close("tbody").close("table").close("div");
    heading(html, "Hours a week each owner can give");
    let capacity = catalogue["capacity"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            format!(
                "{} ({}): {}",
                text_of(&c["name"]),
                text_of(&c["role"]),
                text_of(&c["hours_per_week"])
            )
        })
        .collect();
    list(html, capacity);
}

/// `12500` as `$12,500`.
fn dollars(value: &Value) -> String {
    let digits = text_of(value);
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("${out}")
}

fn template(observation: &Value) -> String {
    text_of(&observation["response_format"]["template"])
}

/// Whether a response says nothing beyond the template's section labels.
fn only_template(response: &str, template: &str) -> bool {
    let words = |text: &str| {
        text.split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let given = words(response);
    let labels = words(template);
    given.iter().all(|w| labels.contains(w))
}

pub(super) fn composer(ctx: Composing) -> AnyView {
    let text = RwSignal::new(ctx.observation.with_untracked(template));
    // Follow the episode to its next task: a new task brings its template.
    let first_task = ctx.observation.with_untracked(|o| text_of(&o["task_id"]));
    Effect::new(move |previous: Option<String>| {
        let task = ctx.observation.with(|o| text_of(&o["task_id"]));
        let previous = previous.unwrap_or_else(|| first_task.clone());
        if task != previous {
            text.set(ctx.observation.with_untracked(template));
        }
        task
    });
    let task_id = move || ctx.observation.with(|o| text_of(&o["task_id"]));
    let help = move || {
        ctx.observation.with(|o| {
            o["response_format"]["sections"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|s| view! { <li><b>{text_of(&s["label"])}</b>": "{text_of(&s["expects"])}</li> })
                .collect_view()
        })
    };
    let words = move || {
        let count = text.with(|t| t.split_whitespace().count());
        let most = ctx
            .observation
            .with(|o| o["response_format"]["word_limit"].as_u64().unwrap_or(0));
        format!("{count} words (at least 20, at most {most})")
    };
    let draft = Signal::derive(move || {
        let response = text.get();
        let (template, last) = ctx.observation.with(|o| {
            let tasks = o["episode_tasks"].as_array().map_or(1, Vec::len) as u64;
            (template(o), o["task_number"].as_u64() == Some(tasks))
        });
        Draft::of(json!({"response": response, "task_id": task_id()}))
            .blank_if(
                only_template(&response, &template),
                "response (only the template)",
            )
            .ending(last)
    });
    view! {
        <div class="form" id="it-mental-health-composer">
            <div class="hint">"Answering "<code>{task_id}</code></div>
            <details class="folded">
                <summary>"Sections the grader reads"</summary>
                <ul class="rules">{help}</ul>
            </details>
            <label class="field wide">
                <span>"response"</span>
                <textarea id="mh-response" rows="14" maxlength="20000" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            </label>
            <p class="hint">{words}</p>
            {step_button("step-btn", "Submit answer", draft, ctx)}
        </div>
    }
    .into_any()
}
