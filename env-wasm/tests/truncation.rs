//! Truncation: an episode the step limit ends is reported as truncated
//! (`truncated: true` in its last observation and its state), distinct from
//! one that ended by itself, in every environment; the limit is the task's
//! `max_steps`, enforced by the episode for all of them.

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::{AnyEnv, EnvError, EnvInfo, ResetDefaults, TaskInfo};
use serde_json::{Value, json};

/// An action that never ends an episode by itself, per environment; `None`
/// where every accepted step answers a case (`it_mental_health`: its
/// `max_steps` is the number of cases, so it always ends by itself).
fn stalling(env: &str) -> Option<Value> {
    match env {
        "productivity" => Some(json!({"raw": "inspect"})),
        "support_triage" => Some(json!({"command": "show_inbox"})),
        "it_mental_health" => None,
        other => panic!("{other}: name its stalling action in tests/truncation.rs"),
    }
}

/// An action that ends an episode by itself at once (an answer, a submit).
fn ending(env: &str) -> Value {
    match env {
        "productivity" => json!({"raw": "final: {}"}),
        "support_triage" => json!({"command": "submit_episode"}),
        _ => Value::Null,
    }
}

fn start(info: &'static EnvInfo, task: &TaskInfo, seed: u64, mode: &str) -> AnyEnv {
    let mut env = AnyEnv::of(info);
    let options = json!({"task": task.id, "seed": seed, "reward_mode": mode});
    env.reset(&options, ResetDefaults::default())
        .unwrap_or_else(|e| panic!("{}/{}: {e}", info.id, task.id));
    env
}

fn truncated(observation: &Value) -> bool {
    observation.get("truncated") == Some(&json!(true))
}

#[test]
fn the_step_limit_truncates_in_every_environment() {
    for info in ENVIRONMENTS {
        let Some(action) = stalling(info.id) else {
            continue;
        };
        for task in info.tasks {
            for seed in [0, 5, 31] {
                for mode in ["shaped", "score"] {
                    let mut env = start(info, task, seed, mode);
                    let mut steps = 0;
                    let last = loop {
                        let result = env
                            .step(&action)
                            .unwrap_or_else(|e| panic!("{}/{}: {e}", info.id, task.id));
                        steps += 1;
                        let observation = result.observation.to_value();
                        if result.done {
                            break (result, observation);
                        }
                        assert!(!truncated(&observation), "{observation}");
                        assert!(env.state().get("truncated").is_none());
                        assert!(steps < task.max_steps, "{}/{}", info.id, task.id);
                    };
                    let (result, observation) = last;
                    let at = format!("{}/{} seed {seed} {mode}", info.id, task.id);
                    assert_eq!(steps, task.max_steps, "{at}");
                    assert!(truncated(&observation), "{at}: {observation}");
                    let state = env.state();
                    assert_eq!(state["truncated"], true, "{at}: {state}");
                    assert_eq!(state["done"], true, "{at}");
                    assert_eq!(state["steps_remaining"], 0, "{at}");
                    assert_eq!(state["terminated_by"], "max_steps", "{at}");
                    // Graded as it stands: a score, paid in `score` mode.
                    let score = env.terminal_score();
                    assert!(score.is_some(), "{at}");
                    assert_eq!(observation["terminal_grader"].as_f64(), score, "{at}");
                    if mode == "score" {
                        assert_eq!(result.reward, score, "{at}");
                    }
                    // Shown again, still truncated; no step after it.
                    let again = env.observation().map(|o| o.to_value());
                    assert!(again.as_ref().is_some_and(truncated), "{at}");
                    assert_eq!(env.step(&action).err(), Some(EnvError::EpisodeDone));
                }
            }
        }
    }
}

#[test]
fn an_episode_that_ends_by_itself_is_not_truncated_even_on_the_last_step() {
    for info in ENVIRONMENTS {
        for task in info.tasks {
            for seed in [0, 7] {
                // Ended early by the reference, or on the very last step
                // (stalling up to it first, where the environment can).
                for wait in [false, true] {
                    let mut env = start(info, task, seed, "shaped");
                    let mut steps = 0;
                    if let (true, Some(stall)) = (wait, stalling(info.id)) {
                        while steps + 1 < task.max_steps {
                            let _ = env.step(&stall);
                            steps += 1;
                        }
                    }
                    let mut last = None;
                    while !env.is_done() && steps < task.max_steps + 5 {
                        let action = if wait && stalling(info.id).is_some() {
                            ending(info.id)
                        } else {
                            env.reference_action().unwrap_or_default()
                        };
                        last = env.step(&action).ok();
                        steps += 1;
                    }
                    let at = format!("{}/{} seed {seed} wait {wait}", info.id, task.id);
                    let observation = last.map(|r| r.observation.to_value());
                    assert!(env.is_done(), "{at}");
                    if wait && stalling(info.id).is_some() {
                        assert_eq!(steps, task.max_steps, "{at}: ended on the last step");
                    }
                    assert!(!observation.as_ref().is_some_and(truncated), "{at}");
                    assert!(env.state().get("truncated").is_none(), "{at}");
                    assert_ne!(env.state()["terminated_by"], "max_steps", "{at}");
                }
            }
        }
    }
}

#[test]
fn the_schema_declares_the_field() {
    for info in ENVIRONMENTS {
        let schemas = AnyEnv::of(info).schemas();
        let observation = &schemas["observation"]["properties"]["truncated"];
        assert_eq!(observation["type"], "boolean", "{}", info.id);
        let state = &schemas["state"]["properties"]["truncated"];
        assert_eq!(state["type"], "boolean", "{}: {state}", info.id);
    }
}
