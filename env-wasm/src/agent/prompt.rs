//! What the model is told: the [`Protocol`] it acts in and the system
//! prompt of an episode from its [`Briefing`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::registry::EnvInfo;
use crate::task::{Difficulty, TaskInfo};

/// How the model acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// One JSON object, the action, in the reply's text (fences and prose
    /// around it allowed).
    Text,
    /// A function call of one of the environment's tools (chat completions
    /// `tools`); the result comes back as a `tool` message.
    ToolCalls,
}

impl Protocol {
    /// The protocol's name in options and trajectories (`text`, `tool_calls`).
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Text => "text",
            Protocol::ToolCalls => "tool_calls",
        }
    }

    /// The protocol of exactly this `name`; `None` for any other.
    pub fn parse(name: &str) -> Option<Protocol> {
        [Protocol::Text, Protocol::ToolCalls]
            .into_iter()
            .find(|p| p.name() == name)
    }
}

/// What the system prompt says about an episode.
#[derive(Debug, Clone, Copy)]
pub struct Briefing<'a> {
    /// The environment played.
    pub env: &'a EnvInfo,
    /// The task played.
    pub task: &'a TaskInfo,
    /// The difficulty level (1 to 5) the scenario was generated at.
    pub difficulty: u8,
    /// The episode's step limit ([`EnvInfo::max_steps`]).
    pub max_steps: u32,
    /// The JSON Schema of the environment's action (the seam's
    /// `schemas()["action"]`); only the text protocol shows it.
    pub action_schema: &'a Value,
    /// A few example actions of the environment (its `PROMPT_HINT`); only
    /// the text protocol shows them, the tools describe themselves.
    pub hint: Option<&'a str>,
}

/// The system prompt of an episode.
pub fn system_prompt(briefing: &Briefing<'_>, protocol: Protocol) -> String {
    let Briefing {
        env,
        task,
        max_steps,
        ..
    } = *briefing;
    let difficulty = match task.difficulty {
        Difficulty::Easy => "easy",
        Difficulty::Medium => "medium",
        Difficulty::Hard => "hard",
    };
    let mut prompt = format!(
        "You are an agent in {name} (`{env_id}`), a DeskBench environment: {description}\n\n\
         Your task is `{task_id}` ({difficulty}, level {level} of 5): {summary}\n\n",
        name = env.name,
        env_id = env.id,
        description = env.description,
        task_id = task.id,
        level = briefing.difficulty,
        summary = task.summary,
    );
    match protocol {
        Protocol::Text => {
            prompt.push_str(&format!(
                "Each turn you get the current observation as JSON. Reply with exactly one JSON \
                 object: your next action. No prose, no code fences. The episode ends when the \
                 environment says done, after at most {max_steps} accepted actions. An action \
                 the environment refuses is not counted, and you are told why.\n\n\
                 The action must match this JSON Schema:\n{schema}\n",
                schema = briefing.action_schema,
            ));
            if let Some(hint) = briefing.hint {
                prompt.push('\n');
                prompt.push_str(hint);
                prompt.push('\n');
            }
        }
        Protocol::ToolCalls => prompt.push_str(&format!(
            "Each turn you get the current observation as JSON. Act by calling exactly one of \
             the tools; its result is the next observation and the step's reward. The episode \
             ends when the environment says done, after at most {max_steps} accepted calls. A \
             call the environment refuses is not counted, and you are told why.\n",
        )),
    }
    prompt
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AnyEnv;
    use crate::registry::ENVIRONMENTS;

    #[test]
    fn the_prompt_names_the_task_its_level_and_how_to_act() {
        for env in ENVIRONMENTS {
            let schema = AnyEnv::of(env).schemas()["action"].clone();
            assert!(schema.is_object(), "{}", env.id);
            let task = &env.tasks[0];
            let max_steps = env.max_steps(task, 4).unwrap_or_else(|e| panic!("{e}"));
            let briefing = Briefing {
                env,
                task,
                difficulty: 4,
                max_steps,
                action_schema: &schema,
                hint: Some("HINT"),
            };
            let text = system_prompt(&briefing, Protocol::Text);
            assert!(
                text.contains(env.id) && text.contains(task.summary),
                "{text}"
            );
            assert!(text.contains("level 4 of 5"), "{text}");
            let limit = format!("at most {max_steps} accepted");
            assert!(text.contains(&limit), "{text}");
            assert!(text.contains(&schema.to_string()) && text.contains("HINT"));
            let tools = system_prompt(&briefing, Protocol::ToolCalls);
            assert!(tools.contains("calling exactly one of the tools") && tools.contains(&limit));
            assert!(
                !tools.contains("JSON Schema") && !tools.contains("HINT"),
                "{tools}"
            );
        }
        for protocol in [Protocol::Text, Protocol::ToolCalls] {
            assert_eq!(Protocol::parse(protocol.name()), Some(protocol));
        }
        assert_eq!(Protocol::parse("json"), None);
    }
}
