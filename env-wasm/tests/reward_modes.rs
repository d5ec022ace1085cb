//! Reward modes: in `score` mode the rewards of any episode, whatever the
//! actions, add up exactly to its task score (`terminal_grader`), for every
//! environment and task, step-limit endings included; and the mode changes
//! nothing but the rewards.
//!
//! The action scripts are random mixes of the reference, the empty answer,
//! every baseline policy (blind, random and exploiting ones) and an action
//! that never ends an episode, so episodes end by a final answer, a submit
//! or the step limit. The run is the same every time (a fixed proptest
//! seed); `PROPTEST_RNG_SEED` and `PROPTEST_CASES` explore further.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, EnvInfo, Points, ResetDefaults, TaskInfo};
use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Value, json};

mod proptest_config;

/// Every (environment, task).
fn tasks() -> Vec<(&'static EnvInfo, &'static TaskInfo)> {
    ENVIRONMENTS
        .iter()
        .flat_map(|e| e.tasks.iter().map(move |t| (*e, t)))
        .collect()
}

/// An accepted action that ends no episode by itself (only the step limit
/// can end one where it is repeated), where the environment has one.
fn stall(env: &EnvInfo) -> Option<Value> {
    match env.id {
        "productivity" => Some(json!({"raw": "inspect"})),
        "support_triage" => Some(json!({"command": "show_inbox"})),
        _ => None,
    }
}

/// The next action of choice `pick`: the reference, the empty answer, a
/// baseline, or the stalling action.
fn action(env: &AnyEnv, pick: &Index, rng: &mut SeededRng) -> Option<Value> {
    let info = env.info();
    let policies = info.policy_names();
    let choices = policies.len() + 2;
    match pick.index(choices) {
        i if i < policies.len() => env.policy_action(policies[i], rng),
        i if i == policies.len() => env.empty_answer(),
        _ => stall(info).or_else(|| env.empty_answer()),
    }
}

/// Play `picks` (until the episode ends, then play it out with the
/// stalling action or the empty answer) in `mode`; the rewards, the task
/// score and every observation.
fn play(
    info: &'static EnvInfo,
    task: &TaskInfo,
    seed: u64,
    mode: &str,
    picks: &[Index],
) -> (Vec<f64>, Option<f64>, Vec<Value>) {
    let mut env = AnyEnv::of(info);
    let options = json!({"task": task.id, "seed": seed, "reward_mode": mode});
    let first = env.reset(&options, ResetDefaults::default());
    let mut observations = vec![first.map(|r| r.observation.to_value()).unwrap_or_default()];
    let mut rewards = Vec::new();
    let mut rng = SeededRng::new(seed, 77);
    let mut guard = 0;
    let mut picks = picks.iter();
    while !env.is_done() && guard < task.max_steps * 4 + 8 {
        guard += 1;
        let next = match picks.next() {
            Some(pick) => action(&env, pick, &mut rng),
            None => stall(info).or_else(|| env.empty_answer()),
        };
        if let Ok(result) = env.step(&next.unwrap_or_default()) {
            rewards.push(result.reward.unwrap_or(f64::NAN));
            observations.push(result.observation.to_value());
        }
    }
    (rewards, env.terminal_score(), observations)
}

proptest! {
    #![proptest_config(proptest_config::fixed(512, 13))]

    #[test]
    fn score_mode_returns_add_up_to_the_task_score(
        which in any::<Index>(),
        seed in 0u64..1_000_000,
        picks in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        let all = tasks();
        let (info, task) = all[which.index(all.len())];
        let (rewards, score, observations) = play(info, task, seed, "score", &picks);
        let score = score.ok_or_else(|| {
            TestCaseError::fail(format!("{}/{} seed {seed}: the episode did not end", info.id, task.id))
        })?;
        // Exactly, as floats and as integer points.
        let sum: f64 = rewards.iter().sum();
        prop_assert_eq!(sum, score, "{}/{} seed {}: rewards {:?}", info.id, task.id, seed, rewards);
        let points: i64 = rewards.iter().map(|r| (r * f64::from(Points::SCALE)).round() as i64).sum();
        prop_assert_eq!(points, (score * f64::from(Points::SCALE)).round() as i64);
        let last = observations.last().and_then(|o| o.get("terminal_grader")).and_then(Value::as_f64);
        prop_assert_eq!(last, Some(score));
        // Nothing is paid before the end.
        prop_assert!(rewards[..rewards.len() - 1].iter().all(|r| *r == 0.0), "{:?}", rewards);
        // The mode changes the rewards only: the same actions see the same
        // observations and end with the same score in `shaped` mode.
        let (shaped_rewards, shaped_score, shaped_observations) =
            play(info, task, seed, "shaped", &picks);
        prop_assert_eq!(shaped_score, Some(score));
        prop_assert_eq!(shaped_rewards.len(), rewards.len());
        prop_assert_eq!(shaped_observations, observations);
    }
}

#[test]
fn the_mode_is_a_reset_option_shown_in_the_state() {
    for info in ENVIRONMENTS {
        let mut env = AnyEnv::of(info);
        let reset = env.reset(&json!({"reward_mode": "Score"}), ResetDefaults::default());
        assert!(reset.is_ok(), "{}", info.id);
        assert_eq!(env.state()["reward_mode"], "score", "{}", info.id);
        let shaped = env.reset(&json!({}), ResetDefaults::default());
        assert!(shaped.is_ok());
        assert!(
            env.state().get("reward_mode").is_none(),
            "shaped is the default, not shown"
        );
        for bad in [json!("dense"), json!(1), json!(["score"])] {
            let refused = env.reset(&json!({ "reward_mode": bad }), ResetDefaults::default());
            let err = refused
                .err()
                .unwrap_or_else(|| panic!("{bad} was accepted"));
            assert_eq!(err.field(), Some("reward_mode"), "{bad}");
            assert!(err.to_string().contains("shaped, score"), "{err}");
        }
    }
}

#[test]
fn the_reference_earns_exactly_one_in_score_mode_on_every_task() {
    for (info, task) in tasks() {
        for seed in 0..8 {
            let mut env = AnyEnv::of(info);
            let options = json!({"task": task.id, "seed": seed, "reward_mode": "score"});
            assert!(env.reset(&options, ResetDefaults::default()).is_ok());
            let mut total = 0.0;
            while let Some(action) = env.reference_action() {
                total += env
                    .step(&action)
                    .map(|r| r.reward.unwrap_or(0.0))
                    .unwrap_or_else(|e| panic!("{}/{}: {e}", info.id, task.id));
            }
            assert_eq!(total, 1.0, "{}/{} seed {seed}", info.id, task.id);
        }
    }
}
