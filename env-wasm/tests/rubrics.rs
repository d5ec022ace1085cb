//! Every task's published rubric is the one its grader applies: the final
//! `score_breakdown` has exactly the rubric's criteria, and the weighted sum
//! of the breakdown less the penalties is the score, for every policy at
//! several levels. A rubric whose weights or gates drift from its grader
//! fails here.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::rubric::TaskRubric;
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

/// Play `policy` on a fresh episode; the final observation.
fn play(env: &str, task: &str, difficulty: u8, seed: u64, policy: &str) -> Option<Value> {
    let mut session = AnyEnv::new(env).ok()?;
    let options = json!({"task": task, "difficulty": difficulty, "seed": seed});
    let mut last = session.reset(&options, ResetDefaults::default()).ok()?;
    let mut rng = SeededRng::new(seed, 1000);
    for _ in 0..80 {
        if session.is_done() {
            return Some(last.observation.to_value());
        }
        let action = session.policy_action(policy, &mut rng)?;
        last = session.step(&action).ok()?;
    }
    None
}

#[test]
fn every_rubric_is_well_formed() {
    for env in ENVIRONMENTS {
        for task in env.tasks {
            for &level in env.levels {
                match env.rubric(task, level).unwrap_or_else(|e| panic!("{e}")) {
                    TaskRubric::Weighted(rubric) => assert!(
                        rubric.is_well_formed(),
                        "{}/{} level {level}: weights must add up to 1 and gates name criteria",
                        env.id,
                        task.id
                    ),
                    TaskRubric::MeanOf { tasks } => {
                        for part in tasks {
                            assert!(env.task(part).is_some(), "{}/{part}", env.id);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_weighted_breakdown_less_penalties_is_the_score() {
    let mut checked = 0;
    for env in ENVIRONMENTS {
        for task in env.tasks {
            let Ok(TaskRubric::Weighted(_)) = env.rubric(task, 2) else {
                continue;
            };
            for policy in env.policy_names() {
                for &level in env.levels {
                    for seed in 0..3 {
                        let Some(last) = play(env.id, task.id, level, seed, policy) else {
                            continue;
                        };
                        let Ok(TaskRubric::Weighted(rubric)) = env.rubric(task, level) else {
                            continue;
                        };
                        let where_ =
                            format!("{}/{} {policy} level {level} seed {seed}", env.id, task.id);
                        let breakdown = last["score_breakdown"].as_object().expect("breakdown");
                        let keys: BTreeSet<&str> = breakdown.keys().map(String::as_str).collect();
                        let listed: BTreeSet<&str> =
                            rubric.criteria.iter().map(|c| c.name).collect();
                        assert_eq!(keys, listed, "{where_}: breakdown keys");
                        let weighted: f64 = rubric
                            .criteria
                            .iter()
                            .map(|c| c.weight.to_f64() * breakdown[c.name].as_f64().unwrap_or(0.0))
                            .sum();
                        let penalties: f64 = last["graded"]["penalties"]
                            .as_object()
                            .map(|p| p.values().filter_map(Value::as_f64).sum())
                            .unwrap_or(0.0);
                        let expected = (weighted - penalties).clamp(0.0, 1.0);
                        let score = last["terminal_grader"].as_f64().expect("score");
                        assert!(
                            (expected - score).abs() < 2e-4,
                            "{where_}: weighted {expected} vs score {score}"
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 300, "only {checked} episodes checked");
}

#[test]
fn metadata_lists_a_rubric_for_every_task_and_level() {
    for env in ENVIRONMENTS {
        let published = env.rubrics_json();
        let rows = published.as_array().expect("a list");
        for task in env.tasks {
            let levels: BTreeSet<u64> = rows
                .iter()
                .filter(|r| r["task"] == task.id)
                .flat_map(|r| r["levels"].as_array().cloned().unwrap_or_default())
                .filter_map(|l| l.as_u64())
                .collect();
            let served: BTreeSet<u64> = env.levels.iter().map(|&l| u64::from(l)).collect();
            assert_eq!(levels, served, "{}/{}", env.id, task.id);
        }
        assert!(
            rows.iter()
                .all(|r| r["rubric"]["kind"] == "WeightedSum"
                    || r["rubric"]["kind"] == "MeanOfTasks"),
            "{published}"
        );
    }
}
