//! MCP resources: the session's episode as documents a client reads for
//! free, as `read_task` shows it, in two parts: the **instruction** (what
//! to do and the written policy the grader applies, the same for the whole
//! episode: read it once) and the **case** (everything else: the inbox and
//! opened ticket, the payload, the case and its answer format, with the
//! task, level, step count and whether the episode is over), each content
//! once: where a text field renders others ([`super::renderings::RENDERINGS`]: support's
//! inbox summary its rows, it_mental_health's scenario its subject, rubric
//! and response format), the case carries the text alone, as a step result
//! does (`read_task` shows both forms). An environment
//! whose observation has no instruction of its own (it_mental_health: each
//! task's rubric and answer format are part of its case) lists the case
//! alone.
//!
//! The URIs are fixed per environment (`deskbench://support_triage/case`);
//! the list's titles name the episode on (task, level, episode id), so the
//! list changes when the trainer resets the session, which the session's
//! `GET /mcp` stream announces ([`super::notices`]).

use env_wasm::{AnyEnv, EnvInfo};
use serde_json::{Map, Value, json};

use crate::error::ApiError;
use crate::rpc::RESOURCE_NOT_FOUND;

const CASE: &str = "case";
const INSTRUCTION: &str = "instruction";

/// The observation fields of each environment's instruction: fixed for the
/// episode, so a client reads them once (they are never in a step result,
/// which carries only what changed). Every other field is the case.
const INSTRUCTION_FIELDS: [(&str, &[&str]); 2] = [
    ("support_triage", &["scenario_instruction", "policy"]),
    (
        "productivity",
        &["instruction", "answer_schema", "action_format"],
    ),
];

fn instruction_fields(env_id: &str) -> &'static [&'static str] {
    INSTRUCTION_FIELDS
        .iter()
        .find(|(id, _)| *id == env_id)
        .map_or(&[], |(_, fields)| fields)
}

/// `deskbench://support_triage/case`.
pub(super) fn uri(env_id: &str, part: &str) -> String {
    format!("deskbench://{env_id}/{part}")
}

/// The parts `env_id` serves: the instruction where it has one, the case.
fn parts(env_id: &str) -> Vec<&'static str> {
    let mut parts = Vec::with_capacity(2);
    if !instruction_fields(env_id).is_empty() {
        parts.push(INSTRUCTION);
    }
    parts.push(CASE);
    parts
}

/// The URIs `env_id` serves.
pub(super) fn uris(env_id: &str) -> Vec<String> {
    parts(env_id)
        .into_iter()
        .map(|part| uri(env_id, part))
        .collect()
}

/// Whether the resource `uri` names changes with every step (the case),
/// not only with a new episode (the instruction).
pub(super) fn changes_with_steps(uri: &str) -> bool {
    uri.ends_with(&format!("/{CASE}"))
}

/// `resources/list`: each part, its title naming the episode on (none yet:
/// the trainer or the endpoint's query starts one).
pub(super) fn list(info: &EnvInfo, env: Option<&AnyEnv>) -> Value {
    let episode = env.filter(|e| e.is_started()).map(|env| {
        let state = env.state();
        format!(
            "{} {}, level {}, episode {}",
            info.id,
            state["task"].as_str().unwrap_or_default(),
            state["difficulty"],
            state["episode_id"].as_str().unwrap_or_default()
        )
    });
    let episode = episode.unwrap_or_else(|| format!("{}, no episode yet", info.id));
    let resources: Vec<Value> = parts(info.id)
        .into_iter()
        .map(|part| {
            let (title, description) = match part {
                INSTRUCTION => (
                    "The instruction",
                    "What to do and the written policy the grader applies: the same for the \
                     whole episode, so read it once. Free: no step.",
                ),
                _ => (
                    "The case",
                    "The case as it stands (what to work on, what an answer takes), with the \
                     task, level, step count and whether the episode is over; read it before \
                     the first step. Free: no step. The same as the read_task tool, less the \
                     instruction.",
                ),
            };
            json!({
                "uri": uri(info.id, part),
                "name": part,
                "title": format!("{title}: {episode}"),
                "description": description,
                "mimeType": "application/json",
                "annotations": { "audience": ["assistant"], "priority": 1.0 },
            })
        })
        .collect();
    json!({ "resources": resources })
}

/// The resource `uri` names, if it is one of `info`'s.
pub(super) fn find(info: &EnvInfo, uri: &str) -> Result<&'static str, ApiError> {
    parts(info.id)
        .into_iter()
        .find(|part| self::uri(info.id, part) == uri)
        .ok_or_else(|| {
            let known = uris(info.id);
            ApiError::Rpc {
                code: RESOURCE_NOT_FOUND,
                message: format!(
                    "Resource not found: `{}`; this environment serves {} (resources/list)",
                    uri.chars().take(100).collect::<String>(),
                    known.join(", ")
                ),
            }
        })
}

/// `resources/read` of `uri` in `env`'s episode.
pub(super) fn read(env: &AnyEnv, uri: &str) -> Result<Value, ApiError> {
    let part = find(env.info(), uri)?;
    let fields = instruction_fields(env.info().id);
    let content = match part {
        INSTRUCTION => {
            let observation = env
                .observation()
                .ok_or(ApiError::Env(env_wasm::EnvError::NotStarted))?
                .to_value();
            let kept: Map<String, Value> = fields
                .iter()
                .filter_map(|f| observation.get(*f).map(|v| ((*f).to_owned(), v.clone())))
                .collect();
            Value::Object(kept)
        }
        _ => {
            let mut case =
                reading(env, fields).ok_or(ApiError::Env(env_wasm::EnvError::NotStarted))?;
            // Each content once, as in a step result: the text a model
            // reads, not also the fields it renders (it_mental_health's
            // rubric and response format were the case's second half).
            if let Some(Value::Object(observation)) = case.get_mut("observation") {
                super::renderings::drop_rendered(env.info().id, observation);
            }
            case
        }
    };
    Ok(json!({
        "contents": [{
            "uri": uri,
            "mimeType": "application/json",
            "text": content.to_string(),
        }],
    }))
}

/// The episode as it stands: task, level, step count, steps left, whether
/// it is over (and its score then), and the observation less the fields
/// `leave_out` names; `None` before the first reset. `read_task` shows it
/// whole, the case resource without the instruction.
pub(super) fn reading(env: &AnyEnv, leave_out: &[&str]) -> Option<Value> {
    let mut observation = env.observation()?.to_value();
    if let Value::Object(fields) = &mut observation {
        fields.retain(|name, _| !leave_out.contains(&name.as_str()));
    }
    let state = env.state();
    let mut read = json!({
        "task": state["task"],
        "difficulty": state["difficulty"],
        "step_count": state["step_count"],
        "steps_remaining": state["steps_remaining"],
        "done": state["done"],
        "observation": observation,
    });
    if let Some(score) = env.terminal_score() {
        read["score"] = json!(score);
    }
    Some(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_instruction_field_is_an_observation_field() {
        for (env_id, fields) in INSTRUCTION_FIELDS {
            let info = env_wasm::registry::find(env_id).expect("registered");
            let mut env = AnyEnv::of(info);
            assert!(
                env.reset(&json!({}), env_wasm::ResetDefaults::default())
                    .is_ok()
            );
            let observation = env.observation().map(|o| o.to_value());
            for field in fields.iter() {
                assert!(
                    observation.as_ref().and_then(|o| o.get(*field)).is_some(),
                    "{env_id}: {field}"
                );
            }
        }
    }
}
