//! `it_mental_health` for people: the person, the team or the team profile
//! as cards (role, hours, leave, quotes, stressors), the rubric folded
//! away, the last graded task's per-criterion scores and the episode's
//! task scores; and a response editor pre-filled with the task's section
//! template that submits `{"response", "task_id"}`.
//!
//! The page rebuilds the composer once per episode, while a full episode
//! moves through three tasks. So [`scenario`], which is drawn for every
//! observation, shares the latest one with the composer through
//! [`SHOWN`], and the composer follows its `task_id` and template.

use leptos::prelude::*;
use serde_json::{Value, json};

use super::{folded, text_of};

thread_local! {
    /// The observation on show. Reference counted rather than owned by a
    /// render, so it outlives the closures that draw it.
    static SHOWN: ArcRwSignal<Value> = ArcRwSignal::new(Value::Null);
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| a.iter().map(text_of).collect())
        .unwrap_or_default()
}

fn list(items: Vec<String>) -> impl IntoView {
    view! { <ul class="rules">{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul> }
}

fn quotes(items: Vec<String>) -> impl IntoView {
    items
        .into_iter()
        .map(|q| view! { <blockquote class="prose" style="margin:0.3rem 0;font-style:italic">{format!("\u{201c}{q}\u{201d}")}</blockquote> })
        .collect_view()
}

fn chip(label: &'static str, value: String) -> impl IntoView {
    view! { <span class="chip"><span class="muted">{label}" "</span><b>{value}</b></span> }
}

/// Bars for a criterion -> score map.
fn bars(scores: &Value) -> impl IntoView {
    scores
        .as_object()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|(name, score)| {
            let value = score.as_f64().unwrap_or(0.0);
            view! {
                <div class="bar">
                    <span class="bar-label">{name.replace('_', " ")}</span>
                    <span class="bar-track"><span class="bar-fill" style:width=format!("{:.1}%", value * 100.0)></span></span>
                    <span class="bar-value">{format!("{value:.2}")}</span>
                </div>
            }
        })
        .collect_view()
}

pub fn scenario(observation: &Value) -> AnyView {
    SHOWN.with(|shown| shown.set(observation.clone()));
    let subject = &observation["subject"];
    let body = match subject["kind"].as_str() {
        Some("person") => person(subject),
        Some("team") => team(subject),
        Some("team_profile") => profile(subject),
        _ => view! { <pre class="json">{serde_json::to_string_pretty(subject).unwrap_or_default()}</pre> }.into_any(),
    };
    let tasks = strings(&observation["episode_tasks"]);
    let number = observation["task_number"].as_u64().unwrap_or(1);
    let heading = format!(
        "Task {number} of {}: {} ({})",
        tasks.len(),
        text_of(&observation["task_id"]).replace('_', " "),
        text_of(&observation["difficulty"])
    );
    view! {
        <div class="scenario">
            <div class="context"><b>{heading}</b></div>
            {graded(observation)}
            {body}
            {folded("Rubric", strings(&observation["rubric"]).join("\n\n"))}
            {folded("The case as the agent reads it", text_of(&observation["scenario"]))}
        </div>
    }
    .into_any()
}

/// The task the last step graded, and every task score so far.
fn graded(observation: &Value) -> Option<AnyView> {
    let graded = observation.get("graded").filter(|g| !g.is_null())?;
    // The episode's task scores so far, in the episode's order.
    let scores = &observation["task_scores"];
    let tasks = strings(&observation["episode_tasks"]);
    let summary = (tasks.len() > 1).then(|| {
        tasks
            .iter()
            .filter_map(|task| {
                let score = scores.get(task)?.as_f64()?;
                Some(chip("", format!("{} {score:.2}", task.replace('_', " "))))
            })
            .collect_view()
    });
    let penalties = graded["penalties"]
        .as_object()
        .filter(|p| !p.is_empty())
        .map(|p| {
            let text = p
                .iter()
                .map(|(k, v)| format!("{} -{:.2}", k.replace('_', " "), v.as_f64().unwrap_or(0.0)))
                .collect::<Vec<_>>()
                .join(", ");
            view! { <p class="hint">"Penalties: "{text}</p> }
        });
    Some(
        view! {
            <article class="email" style="margin-bottom:0.6rem">
                <div><b>{format!("{} scored {:.2}", text_of(&graded["task_id"]).replace('_', " "), graded["score"].as_f64().unwrap_or(0.0))}</b></div>
                <div class="bars">{bars(&graded["breakdown"])}</div>
                {penalties}
                {folded("What the grader read", strings(&graded["notes"]).join("\n"))}
                <div class="chips">{summary}</div>
            </article>
        }
        .into_any(),
    )
}

fn person(p: &Value) -> AnyView {
    let workload = strings(&p["workload"]);
    view! {
        <article class="email">
            <div><b>{text_of(&p["name"])}</b>", "{text_of(&p["role"])}", "{text_of(&p["team"])}" team at "{text_of(&p["company"])}</div>
            <div class="chips">
                {chip("hours a week", text_of(&p["hours_per_week"]))}
                {chip("years at the company", text_of(&p["years_at_company"]))}
                {chip("now", text_of(&p["current_month"]))}
            </div>
            <p><span class="muted">"Leave: "</span>{text_of(&p["leave"])}</p>
            {(!workload.is_empty()).then(|| view! { <h3>"Workload"</h3>{list(workload)} })}
            <h3>"What colleagues noticed"</h3>
            {list(strings(&p["observations"]))}
            <h3>"In their own words"</h3>
            {quotes(strings(&p["quotes"]))}
            <h3>"Other context"</h3>
            {list(strings(&p["context"]))}
        </article>
    }
    .into_any()
}

fn team(t: &Value) -> AnyView {
    let people = t["employees"].as_array().cloned().unwrap_or_default();
    view! {
        <div class="context">
            <b>{text_of(&t["team"])}" team"</b>" at "{text_of(&t["company"])}", led by "{text_of(&t["lead"])}
        </div>
        <div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:0.6rem">
            {people.into_iter().map(|e| view! {
                <article class="email">
                    <div><b>{text_of(&e["name"])}</b></div>
                    <div class="muted">{format!("{}, {} in the team", text_of(&e["role"]), years(&e["years_in_team"]))}</div>
                    <p><span class="muted">"Situation: "</span>{text_of(&e["situation"])}</p>
                    {list(strings(&e["notes"]))}
                    {quotes(vec![text_of(&e["quote"])])}
                </article>
            }).collect_view()}
        </div>
    }
    .into_any()
}

fn years(value: &Value) -> String {
    match value.as_u64() {
        Some(1) => "1 year".to_owned(),
        Some(n) => format!("{n} years"),
        None => text_of(value),
    }
}

fn profile(p: &Value) -> AnyView {
    let items = p["profile"].as_array().cloned().unwrap_or_default();
    let roster = p["roster"].as_array().cloned().unwrap_or_default();
    view! {
        <div class="context">
            <b>{text_of(&p["team"])}" team"</b>" at "{text_of(&p["company"])}
            <div class="chips">
                {chip("people", text_of(&p["team_size"]))}
                {chip("with burnout symptoms", text_of(&p["affected"]))}
                {chip("wellbeing", format!("{}/10", text_of(&p["wellbeing_score"])))}
                {chip("budget", format!("{} to {}", dollars(&p["budget_min"]), dollars(&p["budget_max"])))}
            </div>
        </div>
        <table class="data">
            <thead><tr><th>"Team profile"</th><th>"Now"</th></tr></thead>
            <tbody>
                {items.into_iter().map(|i| view! { <tr><td>{text_of(&i["label"])}</td><td>{text_of(&i["value"])}</td></tr> }).collect_view()}
            </tbody>
        </table>
        <h3>"Who can own actions"</h3>
        {list(roster.iter().map(|r| format!("{} ({}): {}", text_of(&r["name"]), text_of(&r["role"]), text_of(&r["remit"]))).collect())}
        <h3>"Other context"</h3>
        {list(strings(&p["context"]))}
    }
    .into_any()
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

fn done(observation: &Value) -> bool {
    !observation["terminal_grader"].is_null()
}

pub fn composer(observation: &Value, submit: Callback<Value>) -> AnyView {
    let shown = SHOWN.with(|s| s.clone());
    if shown.with_untracked(Value::is_null) {
        shown.set(observation.clone());
    }
    let text = RwSignal::new(template(observation));
    // Follow the episode to its next task: a new task brings its template.
    let follow = shown.clone();
    let first_task = text_of(&observation["task_id"]);
    Effect::new(move |previous: Option<String>| {
        let task = follow.with(|o| text_of(&o["task_id"]));
        let previous = previous.unwrap_or_else(|| first_task.clone());
        if task != previous {
            text.set(follow.with(template));
        }
        task
    });
    let current = shown.clone();
    let task_id = move || current.with(|o| text_of(&o["task_id"]));
    let sections = shown.clone();
    let help = move || {
        sections.with(|o| {
            o["response_format"]["sections"]
                .as_array()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(|s| view! { <li><b>{text_of(&s["label"])}</b>": "{text_of(&s["expects"])}</li> })
                .collect_view()
        })
    };
    let limit = shown.clone();
    let words = move || {
        let count = text.with(|t| t.split_whitespace().count());
        let most = limit.with(|o| o["response_format"]["word_limit"].as_u64().unwrap_or(0));
        format!("{count} words (at least 20, at most {most})")
    };
    let over = shown.clone();
    let finished = move || over.with(done);
    let send_task = task_id.clone();
    let send = move |_| {
        submit.run(json!({"response": text.get(), "task_id": send_task()}));
    };
    view! {
        <div class="form">
            <div class="hint">"Answering "<code>{task_id}</code></div>
            <details class="folded">
                <summary>"Sections the grader reads"</summary>
                <ul class="rules">{help}</ul>
            </details>
            <label class="field wide">
                <span>"response"</span>
                <textarea rows="14" maxlength="20000" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            </label>
            <p class="hint">{words}</p>
            <button class="primary" on:click=send disabled=finished>"Submit answer"</button>
        </div>
    }
    .into_any()
}
