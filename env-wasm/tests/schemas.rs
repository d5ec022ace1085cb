//! The committed action schemas in `env-wasm/schemas/` (what the browser
//! uses) equal the generated ones (what the server serves). After a
//! reviewed change of an action, observation or state type, regenerate:
//! `UPDATE_GOLDEN=1 cargo test -p env-wasm --test schemas`.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::AnyEnv;
use env_wasm::registry::{ENVIRONMENTS, committed_action_schema};
use serde_json::Value;

#[test]
fn committed_action_schemas_equal_the_generated_ones() {
    for info in ENVIRONMENTS {
        let generated = AnyEnv::of(info).schemas()["action"].clone();
        if update_requested() {
            write_golden(info.id, &generated);
            continue;
        }
        let committed: Value = committed_action_schema(info.id)
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or_else(|| panic!("no committed schemas for `{}`: add env-wasm/schemas/{}.action.json and its line in registry::committed_action_schema", info.id, info.id));
        assert_eq!(
            committed, generated,
            "env-wasm/schemas/{}.action.json is stale; regenerate it",
            info.id
        );
    }
}

// Test helpers, not the core: they may read the environment and the disk.
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
fn update_requested() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
}

#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
fn write_golden(env_id: &str, schemas: &Value) {
    let file = format!(
        "{}/schemas/{env_id}.action.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = serde_json::to_string_pretty(schemas).expect("schemas serialise");
    std::fs::write(file, format!("{text}\n")).expect("write the committed schemas");
}

/// Every observation, action and state the reference and empty-answer
/// policies meet, at every task and level, is an instance of the schema
/// `/schema` publishes. Clients generate their types from it (python/,
/// openenv's validator checks one task's episode): a field the schema
/// requires but an observation omits breaks them, at the levels no other
/// check plays.
#[test]
fn every_observation_action_and_state_fits_the_published_schema() {
    for info in ENVIRONMENTS {
        let schemas = AnyEnv::of(info).schemas();
        let validator = |part: &str| {
            jsonschema::validator_for(&schemas[part])
                .unwrap_or_else(|e| panic!("{} {part} schema does not compile: {e}", info.id))
        };
        let (observation, action, state) = (
            validator("observation"),
            validator("action"),
            validator("state"),
        );
        let check = |what: &str, validator: &jsonschema::Validator, value: &Value, at: &str| {
            let errors: Vec<String> = validator
                .iter_errors(value)
                .map(|e| format!("{} at {}", e, e.instance_path()))
                .collect();
            assert!(
                errors.is_empty(),
                "{at}: {what} does not fit its schema: {errors:?}"
            );
        };
        for task in info.tasks {
            for &level in info.levels {
                for seed in 0..4 {
                    let at = format!("{}/{} level {level} seed {seed}", info.id, task.id);
                    let mut env = AnyEnv::of(info);
                    let reset = env
                        .reset(
                            &serde_json::json!({"task": task.id, "difficulty": level, "seed": seed}),
                            env_wasm::ResetDefaults::default(),
                        )
                        .expect("reset with a served task, level and seed");
                    check(
                        "reset observation",
                        &observation,
                        &reset.observation.to_value(),
                        &at,
                    );
                    check("state", &state, &env.state(), &at);
                    let plays_empty_answer = seed % 2 == 1;
                    let mut steps = 0;
                    while !env.is_done() && steps < 100 {
                        let next = if plays_empty_answer {
                            env.empty_answer()
                        } else {
                            env.reference_action()
                        };
                        let Some(next) = next else { break };
                        check("action", &action, &next, &at);
                        let result = env.step(&next).expect("policy actions are valid");
                        check(
                            "observation",
                            &observation,
                            &result.observation.to_value(),
                            &at,
                        );
                        check("state", &state, &env.state(), &at);
                        steps += 1;
                    }
                }
            }
        }
    }
}
