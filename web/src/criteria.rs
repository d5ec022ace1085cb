//! How the page names what a grader scores: the human title and the weight
//! of every criterion, read from the core's rubric of the task
//! ([`env_wasm::EnvInfo::rubric`], the same data `/metadata` publishes as
//! `rubrics`), so the page never restates a weight; and one sentence per
//! environment on how its step rewards relate to its score.

use env_wasm::registry;
use env_wasm::rubric::TaskRubric;
use serde_json::{Map, Value};

/// One graded criterion of a task, as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Criterion {
    /// The key in `score_breakdown`.
    pub key: &'static str,
    pub name: String,
    /// The criterion's share of the score, in basis points (10,000 = all).
    pub weight: u32,
}

/// The criteria of `task` at `level`, in the rubric's order.
fn criteria_at(env: &str, task: &str, level: u8) -> Vec<Criterion> {
    let Some(info) = registry::find(env) else {
        return Vec::new();
    };
    let Some(task) = info.task(task) else {
        return Vec::new();
    };
    let Ok(rubric) = info.rubric(task, level) else {
        return Vec::new();
    };
    match rubric {
        TaskRubric::Weighted(rubric) => rubric
            .criteria
            .iter()
            .map(|c| Criterion {
                key: c.name,
                name: c.title.to_owned(),
                weight: u32::try_from(c.weight.0).unwrap_or(0),
            })
            .collect(),
        TaskRubric::MeanOf { tasks } => {
            let count = u32::try_from(tasks.len()).unwrap_or(1).max(1);
            tasks
                .iter()
                .enumerate()
                .map(|(i, part)| Criterion {
                    key: part,
                    name: format!("{} (task {})", humanise(part), i + 1),
                    // The last part takes the rounding, so the shares add up.
                    weight: if i + 1 == tasks.len() {
                        10_000 - 10_000 / count * (count - 1)
                    } else {
                        10_000 / count
                    },
                })
                .collect()
        }
    }
}

/// The criteria of a task's graded `breakdown`: those of the level whose
/// rubric has exactly its keys (the default level's when none has).
pub(crate) fn of_breakdown(
    env: &str,
    task: &str,
    breakdown: &Map<String, Value>,
) -> Vec<Criterion> {
    let levels = registry::find(env).map_or(&[][..], |info| info.levels);
    levels
        .iter()
        .map(|&level| criteria_at(env, task, level))
        .find(|t| t.len() == breakdown.len() && t.iter().all(|c| breakdown.contains_key(c.key)))
        .unwrap_or_else(|| criteria_at(env, task, env_wasm::splits::DEFAULT_LEVEL))
}

/// A key as words, for a criterion or penalty the table does not name.
pub(crate) fn humanise(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// The name the page shows for `key` of a task.
pub(crate) fn name_of(env: &str, task: &str, key: &str) -> String {
    let levels = registry::find(env).map_or(&[][..], |info| info.levels);
    levels
        .iter()
        .flat_map(|&level| criteria_at(env, task, level))
        .find(|c| c.key == key)
        .map_or_else(|| humanise(key), |c| c.name)
}

/// Reward against score, in general and for one environment.
pub(crate) const REWARD_VS_SCORE: &str = "The reward is what each step earns for training: step costs and \
     penalties along the way, and on the step that ends the episode the task score. The score is \
     the grade of the episode in [0, 1], given only at the end, from the criteria listed with their \
     weights. Rewards do not add up to the score.";

pub(crate) fn rewards_of(env: &str) -> &'static str {
    match env {
        "productivity" => {
            "Here every step costs 0.02 (more for a repeated or malformed command), the graded \
             step adds the score, and a graded answer that scores 0 costs a further 0.05; a \
             perfect first `final` earns 0.98."
        }
        "support_triage" => {
            "Here every step costs 0.01, first views and first complete labels of each ticket \
             share at most 0.20 of process reward, and the submit step adds the score of the desk."
        }
        "it_mental_health" => {
            "Here each answer's reward is the score of its task; a full episode's score is the mean \
             of its three task scores."
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use env_wasm::registry::ENVIRONMENTS;
    use env_wasm::rng::SeededRng;
    use env_wasm::{AnyEnv, ResetDefaults};
    use serde_json::json;

    use super::*;

    /// Play `policy` on a fresh episode; the final observation.
    fn play(env: &str, task: &str, difficulty: u8, seed: u64, policy: &str) -> Option<Value> {
        let mut session = AnyEnv::new(env).ok()?;
        let options = json!({"task": task, "difficulty": difficulty, "seed": seed});
        let mut last = session.reset(&options, ResetDefaults::default()).ok()?;
        let mut rng = SeededRng::new(seed, 1000);
        for _ in 0..60 {
            if session.is_done() {
                return Some(last.observation.to_value());
            }
            let action = session.policy_action(policy, &mut rng)?;
            last = session.step(&action).ok()?;
        }
        None
    }

    #[test]
    fn every_breakdown_finds_its_criteria_and_their_weights_add_up_to_one() {
        let mut checked = 0;
        for env in ENVIRONMENTS {
            for task in env.tasks {
                for &level in env.levels {
                    let Some(last) = play(env.id, task.id, level, 1, "reference") else {
                        continue;
                    };
                    let breakdown = last["score_breakdown"].as_object().expect("breakdown");
                    let criteria = of_breakdown(env.id, task.id, breakdown);
                    let mut keys: Vec<&str> = criteria.iter().map(|c| c.key).collect();
                    env_wasm::order::sort(&mut keys);
                    let listed: Vec<&str> = breakdown.keys().map(String::as_str).collect();
                    assert_eq!(keys, listed, "{}/{} level {level}", env.id, task.id);
                    let sum: u32 = criteria.iter().map(|c| c.weight).sum();
                    assert_eq!(sum, 10_000, "{}/{} level {level}", env.id, task.id);
                    assert!(criteria.iter().all(|c| !c.name.is_empty()));
                    checked += 1;
                }
            }
        }
        assert!(checked >= 50, "only {checked} tasks and levels checked");
    }

    #[test]
    fn the_reward_sentences_name_what_the_core_pays() {
        let first_reward = |env: &str, task: &str, action: Value| {
            let mut session = AnyEnv::new(env).expect("registered");
            let _ = session.reset(&json!({"task": task, "seed": 5}), ResetDefaults::default());
            session.step(&action).ok().and_then(|r| r.reward)
        };
        assert_eq!(
            first_reward("productivity", "easy", json!("inspect")),
            Some(-0.02)
        );
        let mut session = AnyEnv::new("productivity").expect("registered");
        let _ = session.reset(
            &json!({"task": "easy", "seed": 5}),
            ResetDefaults::default(),
        );
        let perfect = session.reference_action().expect("reference");
        assert_eq!(
            session.step(&perfect).ok().and_then(|r| r.reward),
            Some(0.98)
        );
        assert!(
            rewards_of("productivity").contains("0.02")
                && rewards_of("productivity").contains("0.98")
        );

        use env_wasm::support_triage::shaping::{PROCESS_BUDGET, STEP_COST};
        assert_eq!(STEP_COST.to_f64(), -0.01);
        assert_eq!(PROCESS_BUDGET.to_f64(), 0.2);
        assert!(
            rewards_of("support_triage").contains("0.01")
                && rewards_of("support_triage").contains("0.20")
        );

        let mut session = AnyEnv::new("it_mental_health").expect("registered");
        let _ = session.reset(&json!({"seed": 3}), ResetDefaults::default());
        while let Some(answer) = session.reference_action() {
            let result = session.step(&answer).expect("accepted");
            let graded = &result.observation.to_value()["graded"]["score"];
            assert_eq!(result.reward, graded.as_f64(), "{graded}");
        }
    }
}
