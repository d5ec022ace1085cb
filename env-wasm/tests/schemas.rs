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
#[allow(clippy::disallowed_methods)]
fn update_requested() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some()
}

#[allow(clippy::disallowed_methods)]
fn write_golden(env_id: &str, schemas: &Value) {
    let file = format!(
        "{}/schemas/{env_id}.action.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = serde_json::to_string_pretty(schemas).expect("schemas serialise");
    std::fs::write(file, format!("{text}\n")).expect("write the committed schemas");
}
