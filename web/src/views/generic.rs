//! The view of an environment with no custom one: the instruction, the
//! observation as readable JSON, and a form generated from the action's
//! JSON Schema (enums as selects, strings as text areas, numbers, booleans).

use leptos::prelude::*;
use serde_json::{Map, Value};

use super::{folded, text_of};
use crate::compose::{Composing, Draft, step_button};
use crate::html::Html;

pub(super) fn scenario(html: &mut Html, observation: &Value) {
    let instruction = ["instruction", "scenario", "prompt"]
        .iter()
        .find_map(|k| observation.get(*k))
        .map(text_of)
        .unwrap_or_default();
    html.open("div", &[("class", "generic")]);
    folded(html, "Instruction", &instruction);
    html.element(
        "pre",
        &[("class", "json")],
        &crate::format::pretty_json(observation),
    )
    .close("div");
}

/// A property of the action schema, resolved through `$ref`.
fn resolve<'a>(schema: &'a Value, property: &'a Value) -> &'a Value {
    let reference = property
        .get("$ref")
        .or_else(|| {
            property
                .get("allOf")
                .and_then(|a| a.get(0))
                .and_then(|a| a.get("$ref"))
        })
        .and_then(Value::as_str);
    match reference.and_then(|r| r.rsplit('/').next()) {
        Some(name) => schema
            .get("$defs")
            .and_then(|d| d.get(name))
            .unwrap_or(property),
        None => property,
    }
}

fn enum_values(property: &Value) -> Option<Vec<String>> {
    if let Some(values) = property.get("enum").and_then(Value::as_array) {
        return Some(values.iter().map(text_of).collect());
    }
    let alternatives = property.get("oneOf").and_then(Value::as_array)?;
    alternatives
        .iter()
        .map(|a| a.get("const").map(text_of))
        .collect::<Option<Vec<_>>>()
}

fn kind(property: &Value) -> &str {
    match property.get("type") {
        Some(Value::String(t)) => t,
        Some(Value::Array(types)) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("string"),
        _ => "json",
    }
}

pub(super) fn composer(schema: &Value, ctx: Composing) -> AnyView {
    let properties: Vec<(String, Value)> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.iter()
                .filter(|(k, _)| k.as_str() != "metadata")
                .map(|(k, v)| (k.clone(), resolve(schema, v).clone()))
                .collect()
        })
        .unwrap_or_default();
    let fields: Vec<(String, String, RwSignal<String>)> = properties
        .iter()
        .map(|(name, property)| {
            (
                name.clone(),
                kind(property).to_owned(),
                RwSignal::new(String::new()),
            )
        })
        .collect();
    let collected = fields.clone();
    let draft = Signal::derive(move || {
        let mut action = Map::new();
        for (name, kind, value) in &collected {
            let text = value.get();
            if text.is_empty() {
                continue;
            }
            let parsed = match kind.as_str() {
                "integer" | "number" | "boolean" | "object" | "array" | "json" => {
                    serde_json::from_str(&text).unwrap_or(Value::String(text))
                }
                _ => Value::String(text),
            };
            action.insert(name.clone(), parsed);
        }
        Draft::of(Value::Object(action)).ending(ctx.last_step.get())
    });
    let rows = properties
        .into_iter()
        .zip(fields)
        .map(|((name, property), (_, kind, value))| {
            let label = name.clone();
            let about = text_of(&property["description"]);
            let control = match enum_values(&property) {
                Some(options) => view! {
                    <select on:change=move |ev| value.set(event_target_value(&ev))>
                        <option value="">"(none)"</option>
                        {options.into_iter().map(|o| view! { <option value=o.clone()>{o.clone()}</option> }).collect_view()}
                    </select>
                }
                .into_any(),
                None if kind == "boolean" => view! {
                    <select on:change=move |ev| value.set(event_target_value(&ev))>
                        <option value="">"(none)"</option>
                        <option value="true">"true"</option>
                        <option value="false">"false"</option>
                    </select>
                }
                .into_any(),
                None if kind == "integer" || kind == "number" => view! {
                    <input type="number" on:input=move |ev| value.set(event_target_value(&ev)) />
                }
                .into_any(),
                None => view! {
                    <textarea rows="3" on:input=move |ev| value.set(event_target_value(&ev))></textarea>
                }
                .into_any(),
            };
            view! { <label class="field" title=about><span>{label}</span>{control}</label> }
        })
        .collect_view();
    view! {
        <div class="form">
            {rows}
            {step_button("step-btn", "Step", draft, ctx)}
        </div>
    }
    .into_any()
}
