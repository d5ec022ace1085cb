//! What `deskbench inference` tells the model: a system prompt built from
//! the registry (the environment's description, the task's summary, its
//! example actions), the action's JSON Schema from the seam; then one user
//! message per observation.

use env_wasm::{EnvInfo, TaskInfo};
use serde_json::Value;

/// The system prompt of `task` of `env`.
pub fn system(env: &EnvInfo, task: &TaskInfo, action_schema: &Value) -> String {
    let mut prompt = format!(
        "You are an agent in {name} (`{env_id}`), a DeskBench environment: {description}\n\n\
         Your task is `{task_id}` ({difficulty}): {summary}\n\n\
         Each turn you get the current observation as JSON. Reply with exactly one JSON object: \
         your next action. No prose, no code fences. The episode ends when the environment \
         says done, after at most {max_steps} accepted actions. An action the environment \
         refuses is not counted, and you are told why.\n\n\
         The action must match this JSON Schema:\n{schema}\n",
        name = env.name,
        env_id = env.id,
        description = env.description,
        task_id = task.id,
        difficulty = format!("{:?}", task.difficulty).to_lowercase(),
        summary = task.summary,
        max_steps = task.max_steps,
        schema = action_schema,
    );
    // A few example actions, from the registry: the schema says what is
    // valid, these what a typical episode looks like.
    if let Some(hint) = env.serving.prompt_hint {
        prompt.push('\n');
        prompt.push_str(hint);
        prompt.push('\n');
    }
    prompt
}

/// The first user message: the observation after reset.
pub fn first(observation: &Value) -> String {
    format!("Observation:\n{observation}\n\nYour action (one JSON object):")
}

/// After an accepted step.
pub fn after_step(reward: Option<f64>, observation: &Value) -> String {
    let reward = reward.map_or_else(|| "none".to_owned(), |r| format!("{r:.4}"));
    format!("Reward: {reward}\nObservation:\n{observation}\n\nYour next action (one JSON object):")
}

/// After a reply that was not an action, or an action the environment refused.
pub fn after_refusal(error: &str) -> String {
    format!(
        "That was not accepted: {error}\nThe environment did not change. Reply with one JSON \
         object that matches the action schema."
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use env_wasm::AnyEnv;
    use env_wasm::registry::ENVIRONMENTS;

    #[test]
    fn every_environment_gets_its_schema_and_task_in_the_prompt() {
        for env in ENVIRONMENTS {
            let schema = AnyEnv::of(env).schemas()["action"].clone();
            assert!(schema.is_object(), "{}", env.id);
            let prompt = system(env, &env.tasks[0], &schema);
            assert!(prompt.contains(env.id) && prompt.contains(env.tasks[0].summary));
            assert!(prompt.contains(&schema.to_string()));
        }
    }
}
