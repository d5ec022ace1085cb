//! The determinism digest in the browser: the same seeded episodes as
//! `determinism.rs` must give byte-identical JSON under wasm32 in headless
//! Chromium. Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p env-wasm --target wasm32-unknown-unknown`.
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use env_wasm::golden::{DIGEST_SEEDS, transcript};
use sha2::{Digest, Sha256};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const COMMITTED_DIGEST: &str = include_str!("golden/determinism.sha256");

#[wasm_bindgen_test]
fn transcript_digest_matches_native() {
    let hash = Sha256::digest(transcript(DIGEST_SEEDS).as_bytes());
    let actual: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(COMMITTED_DIGEST.trim(), actual);
}
