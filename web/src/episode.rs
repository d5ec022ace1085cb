//! The episode as the page shows it: every call goes through the same
//! `AnyEnv` JSON seam the server uses; this module only records results.

use env_wasm::{AnyEnv, ErrorBody, ResetDefaults, StepResult};
use serde_json::{Value, json};

/// One submitted action and what the environment said.
#[derive(Debug, Clone, PartialEq)]
pub struct StepView {
    pub action: Value,
    /// `Ok` for a step, `Err` for an action the environment refused (not a step).
    pub outcome: Result<StepResult, ErrorBody>,
}

/// What the page renders: the latest observation, the steps, the score.
#[derive(Debug, Clone, PartialEq)]
pub struct EpisodeView {
    pub env_id: String,
    pub task: String,
    pub seed: u64,
    pub observation: Value,
    pub steps: Vec<StepView>,
    pub done: bool,
    pub state: Value,
}

impl EpisodeView {
    /// The actions that were accepted as steps, in order (what a replay sends).
    pub fn accepted_actions(&self) -> Vec<Value> {
        self.steps
            .iter()
            .filter(|s| s.outcome.is_ok())
            .map(|s| s.action.clone())
            .collect()
    }

    pub fn rewards(&self) -> Vec<Option<f64>> {
        self.steps
            .iter()
            .filter_map(|s| s.outcome.as_ref().ok().map(|r| r.reward))
            .collect()
    }

    /// The task score once the episode is over.
    pub fn final_score(&self) -> Option<f64> {
        if !self.done {
            return None;
        }
        self.observation
            .get("terminal_grader")
            .and_then(Value::as_f64)
    }

    pub fn step_count(&self) -> u64 {
        self.state
            .get("step_count")
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }
}

/// Start an episode in `env`; the page draws a seed when none is given.
pub fn start(env: &mut AnyEnv, task: &str, seed: u64) -> Result<EpisodeView, ErrorBody> {
    let result = env
        .reset(
            &json!({"task": task, "seed": seed}),
            ResetDefaults::default(),
        )
        .map_err(|e| e.to_body())?;
    Ok(EpisodeView {
        env_id: env.info().id.to_owned(),
        task: task.to_owned(),
        seed,
        observation: result.observation.to_value(),
        steps: Vec::new(),
        done: false,
        state: env.state(),
    })
}

/// Apply one action and record it.
pub fn step(env: &mut AnyEnv, view: &mut EpisodeView, action: Value) {
    let outcome = env.step(&action).map_err(|e| e.to_body());
    if let Ok(result) = &outcome {
        view.observation = result.observation.to_value();
        view.done = result.done;
    }
    view.state = env.state();
    view.steps.push(StepView { action, outcome });
}
