//! What `deskbench inference` tells the model: a system prompt built from
//! the registry (the environment's description, the task's summary), the
//! action's JSON Schema from the seam, and a short per-environment example
//! of the action format; then one user message per observation.

use env_wasm::{EnvInfo, TaskInfo};
use serde_json::Value;

/// A few example actions per environment: the schema says what is valid,
/// these say what a typical episode looks like. Environments without an
/// entry get the schema alone.
fn action_hint(env_id: &str) -> Option<&'static str> {
    match env_id {
        "productivity" => Some(
            "Actions are one command in `raw`: {\"raw\": \"inspect\"} to look again, \
             {\"raw\": \"propose: <answer JSON>\"} to have a draft checked for form only (are \
             the fields present and well formed; it is not graded, and its reward and feedback \
             say nothing about whether it is right), or {\"raw\": \"final: <answer JSON>\"} to \
             submit, be graded and end the episode; at the step limit the last draft is graded. The answer JSON is one object with exactly the fields of the \
             observation's `answer_schema`, e.g. {\"raw\": \"final: {\\\"field\\\": \\\"value\\\"}\"}. \
             Apply the written policy in `instruction` to the `payload`.",
        ),
        "support_triage" => Some(
            "One command per step, e.g. {\"command\": \"view_ticket\", \"ticket_id\": \"T-1234\"}, \
             {\"command\": \"set_triage\", \"ticket_id\": \"T-1234\", \"priority\": \"high\", \
             \"department\": \"billing\"}, {\"command\": \"draft_reply\", \"ticket_id\": \"T-1234\", \
             \"reply_body\": \"...\"}, {\"command\": \"set_disposition\", \"ticket_id\": \"T-1234\", \
             \"disposition\": \"resolved\"}; finish with {\"command\": \"submit_episode\"}, which \
             grades the desk as it stands. Open tickets before labelling them, and follow the \
             written policy.",
        ),
        "it_mental_health" => Some(
            "Answer each task with {\"task_id\": \"<the observation's task_id>\", \"response\": \
             \"<your answer>\"}, writing the response in the labelled sections the observation's \
             `response_format` asks for. Each answer is graded at once.",
        ),
        _ => None,
    }
}

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
    if let Some(hint) = action_hint(env.id) {
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
