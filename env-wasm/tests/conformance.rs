//! The conformance loop (Gymnasium's `check_env`, for every registered task):
//! over many seeds, reset is deterministic, the reference policy scores 1.0,
//! an empty answer scores about 0, scores and rewards stay in range, refused
//! actions do not count, step after done is refused, and seeds differ.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use env_wasm::{AnyEnv, EnvError, ResetDefaults, registry::ENVIRONMENTS};
use serde_json::{Value, json};

const SEEDS: u64 = 64;

fn reset(env: &mut AnyEnv, task: &str, seed: u64) -> Value {
    let result = env.reset(
        &json!({"task": task, "seed": seed}),
        ResetDefaults::default(),
    );
    serde_json::to_value(result.expect("reset with a valid task and seed")).unwrap_or_default()
}

/// Play `policy` until done; returns (terminal score, rewards, steps).
fn play(env: &mut AnyEnv, mut policy: impl FnMut(&AnyEnv) -> Value) -> (f64, Vec<f64>, u32) {
    let mut rewards = Vec::new();
    let mut steps = 0;
    while !env.is_done() {
        let action = policy(env);
        let result = env.step(&action).expect("policy actions are valid");
        rewards.push(result.reward.unwrap_or(f64::NAN));
        steps += 1;
        assert!(steps <= 100, "episode does not end");
    }
    (env.terminal_score().unwrap_or(f64::NAN), rewards, steps)
}

#[test]
fn every_task_conforms_over_many_seeds() {
    for info in ENVIRONMENTS {
        for task in info.tasks {
            let mut scenarios = BTreeSet::new();
            for seed in 0..SEEDS {
                let where_ = format!("{}/{} seed {seed}", info.id, task.id);
                let mut env = AnyEnv::of(info);
                let first = reset(&mut env, task.id, seed);
                let first_state = env.state();
                assert_eq!(
                    first,
                    reset(&mut env, task.id, seed),
                    "{where_}: reset is not deterministic"
                );
                assert_eq!(
                    first_state,
                    env.state(),
                    "{where_}: state after reset differs"
                );
                assert_eq!(first["done"], json!(false));
                assert_eq!(first["reward"], Value::Null);
                scenarios.insert(first["observation"].to_string());

                // A refused action is not a step and does not end anything.
                let refused = env.step(&json!({"no_such_field": 1}));
                assert_eq!(
                    refused.err().map(|e| e.code()),
                    Some("VALIDATION_ERROR"),
                    "{where_}"
                );
                assert_eq!(env.state()["step_count"], json!(0), "{where_}");

                let (score, rewards, steps) =
                    play(&mut env, |e| e.reference_action().unwrap_or_default());
                assert_eq!(score, 1.0, "{where_}: reference policy scored {score}");
                assert!(steps <= task.max_steps, "{where_}: {steps} steps");
                assert!(
                    rewards.iter().all(|r| (-1.0..=1.0).contains(r)),
                    "{where_}: {rewards:?}"
                );
                assert_eq!(env.state()["step_count"], json!(steps));
                assert_eq!(
                    env.step(&json!({})).err(),
                    Some(EnvError::EpisodeDone),
                    "{where_}"
                );

                reset(&mut env, task.id, seed);
                let (score, rewards, _) = play(&mut env, |e| e.empty_answer().unwrap_or_default());
                assert!(
                    (0.0..=0.05).contains(&score),
                    "{where_}: empty answer scored {score}"
                );
                assert!(rewards.iter().all(|r| (-1.0..=1.0).contains(r)), "{where_}");
            }
            assert_eq!(
                scenarios.len() as u64,
                SEEDS,
                "{}/{}: seeds repeat scenarios",
                info.id,
                task.id
            );
        }
    }
}

#[test]
fn step_before_reset_is_refused_and_state_is_blank() {
    for info in ENVIRONMENTS {
        let mut env = AnyEnv::of(info);
        assert_eq!(env.step(&json!({})).err(), Some(EnvError::NotStarted));
        let state = env.state();
        assert_eq!(state["step_count"], json!(0));
        assert_eq!(state["episode_id"], Value::Null);
    }
}

#[test]
fn scenarios_are_diverse_over_ten_thousand_seeds() {
    // Distinct first observations per task; printed for the record.
    for info in ENVIRONMENTS {
        for task in info.tasks {
            let mut env = AnyEnv::of(info);
            let distinct: BTreeSet<String> = (0..10_000)
                .map(|seed| reset(&mut env, task.id, seed)["observation"].to_string())
                .collect();
            println!(
                "diversity {}/{}: {} distinct scenarios in 10000 seeds",
                info.id,
                task.id,
                distinct.len()
            );
            assert!(
                distinct.len() >= 9_990,
                "{}/{}: only {} distinct",
                info.id,
                task.id,
                distinct.len()
            );
        }
    }
}

#[test]
fn no_baseline_policy_does_well() {
    // Every baseline of every task (blind, constant, memorised, random,
    // list-everything) over 200 seeds; the means are printed for the record.
    use env_wasm::rng::SeededRng;
    for info in ENVIRONMENTS {
        for policy in info.policy_names().into_iter().skip(1) {
            for task in info.tasks {
                let mut total = 0.0;
                for seed in 0..200 {
                    let mut env = AnyEnv::of(info);
                    reset(&mut env, task.id, seed);
                    let mut rng = SeededRng::new(seed, 99);
                    let (score, _, _) = play(&mut env, |e| {
                        e.policy_action(policy, &mut rng)
                            .unwrap_or_else(|| e.empty_answer().unwrap_or_default())
                    });
                    total += score;
                }
                let mean = total / 200.0;
                println!(
                    "baseline {}/{} {policy}: mean {mean:.3} over 200 seeds",
                    info.id, task.id
                );
                assert!(
                    mean <= 0.5,
                    "{}/{} {policy} averages {mean:.3}",
                    info.id,
                    task.id
                );
            }
        }
    }
}
