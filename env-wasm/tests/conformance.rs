//! The conformance loop (Gymnasium's `check_env`, for every registered task):
//! over many seeds, reset is deterministic, the reference policy scores 1.0,
//! an empty answer scores about 0, scores and rewards stay in range, refused
//! actions do not count, step after done is refused, and seeds differ.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use env_wasm::{
    AnyEnv, EnvError, EnvInfo, ResetDefaults, TaskInfo, registry::ENVIRONMENTS, splits,
};
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

/// The seeds a task is checked on at a level: `SEEDS` from the train split
/// and a quarter as many from validation at the default level, a quarter
/// of each at the others. The test split is only reset, never played
/// ([`test_split_scenarios_are_deterministic_and_distinct`]).
fn seeds_at(level: u8) -> Vec<u64> {
    let per_split = if level == splits::DEFAULT_LEVEL {
        SEEDS
    } else {
        SEEDS / 4
    };
    let validation = &splits::SPLITS[1];
    (0..per_split)
        .chain(validation.start..validation.start + per_split / 4)
        .collect()
}

fn reset_at(env: &mut AnyEnv, task: &str, level: u8, seed: u64) -> Value {
    let result = env.reset(
        &json!({"task": task, "difficulty": level, "seed": seed}),
        ResetDefaults::default(),
    );
    serde_json::to_value(result.expect("reset with a served task, level and seed"))
        .unwrap_or_default()
}

#[test]
fn every_task_conforms_at_every_level_over_many_seeds() {
    for info in ENVIRONMENTS {
        for task in info.tasks {
            for &level in info.levels {
                conforms(info, task, level);
            }
        }
    }
}

fn conforms(info: &'static EnvInfo, task: &TaskInfo, level: u8) {
    let mut scenarios = BTreeSet::new();
    let seeds = seeds_at(level);
    let max_steps = info
        .max_steps(task, level)
        .unwrap_or_else(|e| panic!("{e}"));
    for &seed in &seeds {
        let where_ = format!("{}/{} level {level} seed {seed}", info.id, task.id);
        let mut env = AnyEnv::of(info);
        let first = reset_at(&mut env, task.id, level, seed);
        let first_state = env.state();
        assert_eq!(
            first,
            reset_at(&mut env, task.id, level, seed),
            "{where_}: reset is not deterministic"
        );
        assert_eq!(
            first_state,
            env.state(),
            "{where_}: state after reset differs"
        );
        assert_eq!(first["done"], json!(false));
        assert_eq!(first["reward"], Value::Null);
        assert_eq!(first_state["difficulty"], json!(level), "{where_}");
        assert_eq!(first_state["max_steps"], json!(max_steps), "{where_}");
        scenarios.insert(first["observation"].to_string());

        // A refused action is not a step and does not end anything.
        let refused = env.step(&json!({"no_such_field": 1}));
        assert_eq!(
            refused.err().map(|e| e.code()),
            Some("VALIDATION_ERROR"),
            "{where_}"
        );
        assert_eq!(env.state()["step_count"], json!(0), "{where_}");

        let (score, rewards, steps) = play(&mut env, |e| e.reference_action().unwrap_or_default());
        assert_eq!(score, 1.0, "{where_}: reference policy scored {score}");
        assert!(steps <= max_steps, "{where_}: {steps} steps");
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

        reset_at(&mut env, task.id, level, seed);
        let (score, rewards, _) = play(&mut env, |e| e.empty_answer().unwrap_or_default());
        assert!(
            (0.0..=0.05).contains(&score),
            "{where_}: empty answer scored {score}"
        );
        assert!(rewards.iter().all(|r| (-1.0..=1.0).contains(r)), "{where_}");
    }
    assert_eq!(
        scenarios.len(),
        seeds.len(),
        "{}/{} level {level}: seeds repeat scenarios",
        info.id,
        task.id
    );
}

/// The test split is held out from every test of a policy: its scenarios
/// are only generated here, to show they are deterministic and distinct.
#[test]
fn test_split_scenarios_are_deterministic_and_distinct() {
    let test = &splits::SPLITS[2];
    assert_eq!(test.name, "test");
    for info in ENVIRONMENTS {
        for task in info.tasks {
            for &level in info.levels {
                let mut env = AnyEnv::of(info);
                let firsts: Vec<String> = (test.start..test.start + 8)
                    .map(|seed| reset_at(&mut env, task.id, level, seed)["observation"].to_string())
                    .collect();
                let again =
                    reset_at(&mut env, task.id, level, test.start)["observation"].to_string();
                assert_eq!(firsts[0], again, "{}/{} level {level}", info.id, task.id);
                let distinct: BTreeSet<&String> = firsts.iter().collect();
                assert_eq!(
                    distinct.len(),
                    firsts.len(),
                    "{}/{} level {level}",
                    info.id,
                    task.id
                );
            }
        }
    }
}

/// Levels are scenarios of their own: the same seed at two levels of a task
/// is not the same scenario. A scenario is what the agent is shown over the
/// reference's episode (a support inbox lists subjects first; the ticket
/// bodies a level rewrites are shown when opened).
#[test]
fn levels_of_a_task_are_different_scenarios() {
    for info in ENVIRONMENTS {
        for task in info.tasks {
            for seed in 0..8 {
                let mut env = AnyEnv::of(info);
                let by_level: BTreeSet<String> = info
                    .levels
                    .iter()
                    .map(|&level| {
                        let mut shown = vec![
                            reset_at(&mut env, task.id, level, seed)["observation"].to_string(),
                        ];
                        while let Some(action) = env.reference_action().filter(|_| !env.is_done()) {
                            let result = env.step(&action).expect("reference actions are valid");
                            shown.push(result.observation.json().to_owned());
                        }
                        shown.join("\n")
                    })
                    .collect();
                assert_eq!(
                    by_level.len(),
                    info.levels.len(),
                    "{}/{} seed {seed}: two levels give the same scenario",
                    info.id,
                    task.id
                );
            }
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
