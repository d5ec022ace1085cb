//! Golden outputs: the digest of the determinism transcript (also checked
//! in the browser under wasm32) and readable snapshots of one scenario per
//! task. A change to generator or grader output fails here until the new
//! golden files are regenerated and the diff reviewed:
//! `UPDATE_GOLDEN=1 cargo test -p env-wasm --test determinism` and
//! `cargo insta review`.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::golden::{DIGEST_SEEDS, transcript};
use env_wasm::registry::ENVIRONMENTS;
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::json;
use sha2::{Digest, Sha256};

/// Embedded, so the same check can run in the browser, which has no disk.
const COMMITTED_DIGEST: &str = include_str!("golden/determinism.sha256");

fn digest() -> String {
    let hash = Sha256::digest(transcript(DIGEST_SEEDS).as_bytes());
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn transcript_digest_matches_the_committed_one() {
    let actual = digest();
    if update_requested() {
        write_golden(&actual);
        return;
    }
    assert_eq!(
        COMMITTED_DIGEST.trim(),
        actual,
        "generator or grader output changed; review and regenerate"
    );
}

#[test]
fn one_scenario_per_task_is_pinned() {
    for info in ENVIRONMENTS {
        for task in info.tasks {
            let mut env = AnyEnv::of(info);
            let reset = env.reset(
                &json!({"task": task.id, "seed": 7}),
                ResetDefaults::default(),
            );
            let reference = env.reference_action();
            let end = env.step(&reference.clone().unwrap_or_default());
            let episode = json!({
                "reset": reset.ok(),
                "reference_action": reference,
                "reference_result": end.ok(),
                "state": env.state(),
            });
            insta::assert_json_snapshot!(format!("{}__{}", info.id, task.id), episode);
        }
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
fn write_golden(digest: &str) {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/determinism.sha256"
    );
    std::fs::write(file, format!("{digest}\n")).expect("write the golden digest");
}
