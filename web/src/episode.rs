//! The episode as the page shows it: every call goes through the same
//! `AnyEnv` JSON seam the server uses; this module only records results,
//! and plays a whole episode from a list of actions or a policy (an import,
//! a run file, the reference after the end).

use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, ErrorBody, ResetDefaults, StepResult};
use serde_json::{Value, json};

/// One submitted action and what the environment said.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StepView {
    pub action: Value,
    /// `Ok` for a step, `Err` for an action the environment refused (not a step).
    pub outcome: Result<StepResult, ErrorBody>,
    /// The reward a run file recorded for this step, when it was replayed
    /// from one; the timeline flags a step whose reward differs.
    pub recorded_reward: Option<f64>,
}

impl StepView {
    /// Whether the replayed reward differs from the recorded one by half a
    /// basis point or more (rewards are whole basis points).
    pub(crate) fn reward_differs(&self) -> bool {
        match (&self.outcome, self.recorded_reward) {
            (Ok(result), Some(recorded)) => {
                (result.reward.unwrap_or(0.0) - recorded).abs() >= 0.000_05
            }
            (Err(_), Some(_)) => true,
            _ => false,
        }
    }
}

/// What the page renders: the observations, the steps, the score.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EpisodeView {
    pub env_id: String,
    pub task: String,
    pub seed: u64,
    /// The observation the reset returned.
    pub first: Value,
    /// The latest observation.
    pub observation: Value,
    pub steps: Vec<StepView>,
    pub done: bool,
    pub state: Value,
}

impl EpisodeView {
    /// The steps the environment accepted, in order.
    pub(crate) fn accepted(&self) -> impl Iterator<Item = (&Value, &StepResult)> {
        self.steps
            .iter()
            .filter_map(|s| s.outcome.as_ref().ok().map(|r| (&s.action, r)))
    }

    /// The actions that were accepted as steps, in order (what a replay sends).
    pub(crate) fn accepted_actions(&self) -> Vec<Value> {
        self.accepted().map(|(action, _)| action.clone()).collect()
    }

    pub(crate) fn rewards(&self) -> Vec<Option<f64>> {
        self.accepted().map(|(_, r)| r.reward).collect()
    }

    /// The observation after accepted step `step` (0: the reset's).
    pub(crate) fn observation_after(&self, step: usize) -> Value {
        match step.checked_sub(1).and_then(|i| self.accepted().nth(i)) {
            Some((_, result)) => result.observation.to_value(),
            None if step == 0 => self.first.clone(),
            None => self.observation.clone(),
        }
    }

    /// The observations after accepted steps 1 to `step - 1`: what came
    /// before the one after `step` (productivity's calendar lists the
    /// lookups made so far from them).
    pub(crate) fn observations_before(&self, step: usize) -> Vec<Value> {
        self.accepted()
            .take(step.saturating_sub(1))
            .map(|(_, result)| result.observation.to_value())
            .collect()
    }

    /// The task score once the episode is over.
    pub(crate) fn final_score(&self) -> Option<f64> {
        if !self.done {
            return None;
        }
        self.observation
            .get("terminal_grader")
            .and_then(Value::as_f64)
    }

    pub(crate) fn step_count(&self) -> u64 {
        self.state
            .get("step_count")
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    /// How the episode's rewards are paid, as its state says (`score`);
    /// `None` for the seam's default, which the state leaves out.
    pub(crate) fn reward_mode(&self) -> Option<&str> {
        self.state
            .get(env_wasm::seam::REWARD_MODE)
            .and_then(Value::as_str)
    }

    /// The reward mode and level the episode was started with, as its state
    /// says: what playing it again (the reference's reveal) must reuse.
    pub(crate) fn variant(&self) -> Variant<'_> {
        Variant {
            reward_mode: self.reward_mode(),
            difficulty: self
                .state
                .get(env_wasm::splits::DIFFICULTY)
                .and_then(Value::as_u64)
                .and_then(|level| u8::try_from(level).ok()),
        }
    }

    /// The episode's difficulty level (the seam's default when its state
    /// names none).
    pub(crate) fn level(&self) -> u8 {
        self.variant()
            .difficulty
            .unwrap_or(env_wasm::splits::DEFAULT_LEVEL)
    }

    /// The task's step limit at the episode's level.
    pub(crate) fn max_steps(&self) -> Option<u32> {
        let env = env_wasm::registry::find(&self.env_id)?;
        env.max_steps(env.task(&self.task)?, self.level()).ok()
    }

    /// Whether the next accepted step is the task's last.
    pub(crate) fn on_last_step(&self) -> bool {
        let left = self.state.get("steps_remaining").and_then(Value::as_u64);
        left == Some(1)
    }
}

/// Start an episode of `task` with `seed` in `env`, rewards paid in
/// `reward_mode` (the seam's default when `None`) as a run file recorded.
pub(crate) fn start(
    env: &mut AnyEnv,
    task: &str,
    seed: u64,
    variant: Variant<'_>,
) -> Result<EpisodeView, ErrorBody> {
    let options = variant.reset_options(task, seed);
    let result = env
        .reset(&options, ResetDefaults::default())
        .map_err(|e| e.to_body())?;
    let first = result.observation.to_value();
    Ok(EpisodeView {
        env_id: env.info().id.to_owned(),
        task: env
            .state()
            .get("task")
            .and_then(Value::as_str)
            .unwrap_or(task)
            .to_owned(),
        seed,
        observation: first.clone(),
        first,
        steps: Vec::new(),
        done: false,
        state: env.state(),
    })
}

/// Apply one action and record it.
pub(crate) fn step(env: &mut AnyEnv, view: &mut EpisodeView, action: Value) {
    let outcome = env.step(&action).map_err(|e| e.to_body());
    if let Ok(result) = &outcome {
        view.observation = result.observation.to_value();
        view.done = result.done;
    }
    view.state = env.state();
    view.steps.push(StepView {
        action,
        outcome,
        recorded_reward: None,
    });
}

/// A whole episode: its session (still open, so play can go on) and view.
pub(crate) struct Played {
    pub env: AnyEnv,
    pub view: EpisodeView,
}

/// Replay `actions` (with the rewards a file recorded, if any) from a
/// fresh reset in `reward_mode`. A refused action is kept in the view as a
/// refusal.
pub(crate) fn replay(
    env_id: &str,
    task: &str,
    seed: u64,
    variant: Variant<'_>,
    actions: impl IntoIterator<Item = (Value, Option<f64>)>,
) -> Result<Played, String> {
    let mut env = AnyEnv::new(env_id).map_err(|e| e.to_body().message)?;
    let mut view = start(&mut env, task, seed, variant).map_err(|e| e.message)?;
    for (action, recorded) in actions {
        if env.is_done() {
            break;
        }
        step(&mut env, &mut view, action);
        if let Some(last) = view.steps.last_mut() {
            last.recorded_reward = recorded;
        }
    }
    Ok(Played { env, view })
}

/// How an episode is set up beside its task and seed: the reward mode and
/// the difficulty level (`None`: the seam's defaults, `shaped` and level 2).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Variant<'a> {
    pub reward_mode: Option<&'a str>,
    pub difficulty: Option<u8>,
}

impl Variant<'_> {
    /// The reset options of `task` and `seed` in this variant, the same in
    /// the page and sent to the server (Verify).
    pub(crate) fn reset_options(&self, task: &str, seed: u64) -> Value {
        let mut options = json!({"task": task, "seed": seed});
        if let Some(mode) = self.reward_mode {
            options[env_wasm::seam::REWARD_MODE] = json!(mode);
        }
        if let Some(level) = self.difficulty {
            options[env_wasm::splits::DIFFICULTY] = json!(level);
        }
        options
    }
}

/// The stream of trial `t`'s policy randomness is `POLICY_STREAM + t`, as
/// in `deskbench eval`, so the page replays the same episode a report lists.
pub(crate) const POLICY_STREAM: u64 = 1000;

/// Steps a policy may take past the task's limit before the replay stops
/// (as `deskbench eval` allows).
const STEP_SLACK: u32 = 8;

/// Why an episode of `policy` cannot be played again in the page: the page
/// is built with the reference policy alone (env-wasm's `reference`
/// feature; the baselines would not fit its download budget), and only a
/// trajectories file holds the actions that replay any policy.
pub(crate) fn not_in_the_page(policy: &str) -> String {
    format!(
        "`{policy}` cannot be played in the page, which carries the reference policy only; \
         a report records no actions, so replay this run from its trajectories file \
         (`deskbench eval --trajectories FILE.jsonl` records every action of every policy)"
    )
}

/// Play `policy` (`reference` or a baseline) on a fresh episode of
/// `variant` (its reward mode and level).
pub(crate) fn play_policy(
    env_id: &str,
    task: &str,
    seed: u64,
    policy: &str,
    trial: u32,
    variant: Variant<'_>,
) -> Result<Played, String> {
    let mut env = AnyEnv::new(env_id).map_err(|e| e.to_body().message)?;
    if !env.info().policy_names().contains(&policy) {
        return Err(format!("`{policy}` is not a policy of {env_id}"));
    }
    let mut view = start(&mut env, task, seed, variant).map_err(|e| e.message)?;
    let level = variant
        .difficulty
        .unwrap_or(env_wasm::splits::DEFAULT_LEVEL);
    let limit = env
        .info()
        .task(task)
        .and_then(|t| env.info().max_steps(t, level).ok())
        .map_or(0, |max_steps| max_steps + STEP_SLACK);
    let mut rng = SeededRng::new(seed, POLICY_STREAM + u64::from(trial));
    while !env.is_done() && (view.steps.len() as u32) < limit {
        let Some(action) = env.policy_action(policy, &mut rng) else {
            if view.steps.is_empty() {
                return Err(not_in_the_page(policy));
            }
            break;
        };
        step(&mut env, &mut view, action);
        if view.steps.last().is_some_and(|s| s.outcome.is_err()) {
            break;
        }
    }
    Ok(Played { env, view })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_plays_to_a_full_score_and_replays_the_same() {
        for env in env_wasm::registry::ENVIRONMENTS {
            for task in env.tasks {
                for &level in env.levels {
                    let variant = Variant {
                        reward_mode: None,
                        difficulty: Some(level),
                    };
                    let played =
                        play_policy(env.id, task.id, 7, "reference", 0, variant).expect("plays");
                    let at = format!("{}/{} level {level}", env.id, task.id);
                    assert_eq!(played.view.final_score(), Some(1.0), "{at}");
                    assert_eq!(played.view.variant(), variant, "{at}");
                    let again = replay(
                        env.id,
                        task.id,
                        7,
                        played.view.variant(),
                        played
                            .view
                            .accepted()
                            .map(|(a, r)| (a.clone(), r.reward))
                            .collect::<Vec<_>>(),
                    )
                    .expect("replays");
                    assert_eq!(again.view.final_score(), Some(1.0), "{at}");
                    assert!(again.view.steps.iter().all(|s| !s.reward_differs()), "{at}");
                    let n = again.view.accepted().count();
                    assert_eq!(again.view.observation_after(n), again.view.observation);
                    assert_eq!(again.view.observation_after(0), again.view.first);
                }
            }
        }
        assert!(play_policy("productivity", "easy", 1, "nope", 0, Variant::default()).is_err());
        assert!(replay("nope", "easy", 1, Variant::default(), Vec::new()).is_err());
    }

    #[test]
    fn a_changed_reward_is_flagged() {
        let played = play_policy(
            "productivity",
            "easy",
            2,
            "reference",
            0,
            Variant::default(),
        )
        .expect("plays");
        let actions: Vec<_> = played
            .view
            .accepted()
            .map(|(a, r)| (a.clone(), r.reward.map(|x| x + 0.01)))
            .collect();
        let again =
            replay("productivity", "easy", 2, Variant::default(), actions).expect("replays");
        assert!(again.view.steps.iter().all(StepView::reward_differs));
    }
}
