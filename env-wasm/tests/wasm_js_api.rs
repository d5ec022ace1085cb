//! The core's JS API (feature `js`, `src/wasm.rs`) in headless Chromium:
//! every task of every environment played to its end through `WasmEnv`
//! with the JS values a page passes (objects `JSON.parse` made), at the
//! default and the highest level. Every result and the final state must be
//! what `JSON.parse` makes of the native seam's JSON for the same seed and
//! actions (a `Map` or a `BigInt` where JSON has an object or a number
//! would not stringify back to it), the reference earns full marks, and
//! refusals throw the API's error bodies with their codes. Run with the
//! determinism digest: `make wasm-test`.
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use env_wasm::registry::{ENVIRONMENTS, EnvInfo};
use env_wasm::splits::DEFAULT_LEVEL;
use env_wasm::wasm::{WasmEnv, registry};
use env_wasm::{AnyEnv, ResetDefaults};
use js_sys::{JSON, Reflect};
use serde_json::{Value, json};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// What a page holds after `JSON.parse` of `value`'s JSON.
fn to_js(value: &Value) -> JsValue {
    JSON::parse(&value.to_string()).expect("JSON.parse of serde_json's JSON")
}

/// `value` read back through `JSON.stringify`, which throws on a `BigInt`
/// and writes a `Map` as `{}`.
fn from_js(value: &JsValue, what: &str) -> Value {
    let text = JSON::stringify(value)
        .unwrap_or_else(|e| panic!("{what}: JSON.stringify threw {e:?}"))
        .as_string()
        .unwrap_or_else(|| panic!("{what}: JSON.stringify gave no string"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"))
}

/// The native value as a page would see it (JSON numbers have one type in
/// JS: `1.0` comes back as `1`).
fn as_page_sees(value: &Value) -> Value {
    from_js(&to_js(value), "native value")
}

/// A refusal's `code`, from the value the export threw.
fn code(thrown: &JsValue) -> String {
    Reflect::get(thrown, &"code".into())
        .ok()
        .and_then(|c| c.as_string())
        .unwrap_or_else(|| panic!("no code in the thrown value {thrown:?}"))
}

fn new_env(id: &str) -> WasmEnv {
    WasmEnv::new(id).unwrap_or_else(|e| panic!("new WasmEnv({id}) threw {e:?}"))
}

/// One episode of `task` at `level` and `seed`, the reference's actions
/// played through the JS API and natively side by side.
fn play(info: &'static EnvInfo, task: &str, level: u8, seed: u64) {
    let label = format!("{} / {task} / level {level} / seed {seed}", info.id);
    let options = json!({ "task": task, "difficulty": level, "seed": seed });
    let mut page = new_env(info.id);
    let mut native = AnyEnv::of(info);
    let reset = page
        .reset(to_js(&options), 0.0)
        .unwrap_or_else(|e| panic!("{label}: reset threw {e:?}"));
    let expected = native
        .reset(&options, ResetDefaults::default())
        .expect("native reset");
    assert_eq!(
        from_js(&reset, &label),
        as_page_sees(&serde_json::to_value(expected).expect("native result as JSON")),
        "{label}: reset"
    );
    let mut last = reset;
    let mut steps = 0;
    while !native.is_done() {
        assert!(steps < 64, "{label}: no end after 64 steps");
        let action = native.reference_action().expect("a reference action");
        last = page
            .step(to_js(&action))
            .unwrap_or_else(|e| panic!("{label}: step {steps} threw {e:?}"));
        let expected = native.step(&action).expect("native step");
        assert_eq!(
            from_js(&last, &label),
            as_page_sees(&serde_json::to_value(expected).expect("native result as JSON")),
            "{label}: step {steps}"
        );
        steps += 1;
    }
    // A plain object a page reads as it reads the API's replies.
    let done = Reflect::get(&last, &"done".into()).expect("result.done");
    assert_eq!(done.as_bool(), Some(true), "{label}: result.done");
    assert_eq!(
        native.terminal_score(),
        Some(1.0),
        "{label}: the reference's score"
    );
    let state = page.state().expect("state");
    assert_eq!(
        from_js(&state, &label),
        as_page_sees(&native.state()),
        "{label}: state"
    );
    // Over: a further step throws the API's EPISODE_DONE.
    let thrown = page
        .step(to_js(&json!({})))
        .expect_err("a step after the end");
    assert_eq!(code(&thrown), "EPISODE_DONE", "{label}");
}

#[wasm_bindgen_test]
fn every_task_plays_to_its_end_through_the_js_api() {
    for info in ENVIRONMENTS {
        let top = info.levels.iter().copied().max().unwrap_or(DEFAULT_LEVEL);
        for task in info.tasks {
            for level in [DEFAULT_LEVEL, top] {
                play(info, task.id, level, 7);
            }
        }
    }
}

#[wasm_bindgen_test]
fn the_js_api_refuses_with_the_api_error_codes() {
    let thrown = WasmEnv::new("no_such_env")
        .err()
        .expect("an unknown environment");
    assert_eq!(code(&thrown), "UNKNOWN_ENV");

    let info = &ENVIRONMENTS[0];
    let mut page = new_env(info.id);
    let thrown = page
        .step(to_js(&json!({})))
        .expect_err("a step before reset");
    assert_eq!(code(&thrown), "EPISODE_NOT_STARTED");

    let thrown = page
        .reset(to_js(&json!({ "task": "no_such_task" })), 0.0)
        .expect_err("an unknown task");
    assert_eq!(code(&thrown), "UNKNOWN_TASK");
    let thrown = page
        .reset(to_js(&json!(42)), 0.0)
        .expect_err("a number for options");
    assert_eq!(code(&thrown), "VALIDATION_ERROR");
    let field = Reflect::get(&thrown, &"field".into()).expect("field");
    assert_eq!(field.as_string().as_deref(), Some("body"));

    // No options: the defaults, with the page's seed.
    let reset = page
        .reset(JsValue::UNDEFINED, 11.0)
        .expect("reset with no options");
    let mut native = AnyEnv::of(info);
    let expected = native
        .reset(
            &Value::Null,
            ResetDefaults {
                seed: 11,
                episode_id: None,
            },
        )
        .expect("native reset");
    assert_eq!(
        from_js(&reset, "default reset"),
        as_page_sees(&serde_json::to_value(expected).expect("native result as JSON"))
    );
    let thrown = page
        .step(to_js(&json!(["not", "an", "action"])))
        .expect_err("an array");
    assert_eq!(code(&thrown), "VALIDATION_ERROR");
    // A value JSON has no form for is refused, not read as null.
    let thrown = page
        .step(js_sys::Symbol::for_("action").into())
        .expect_err("a symbol");
    assert_eq!(code(&thrown), "VALIDATION_ERROR");

    let listed = from_js(&registry().expect("registry"), "registry");
    assert_eq!(listed, as_page_sees(&env_wasm::registry::to_json()));
}
