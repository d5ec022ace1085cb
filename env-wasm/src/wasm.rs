//! The browser's door into the core: thin wasm-bindgen wrappers that pass
//! JSON strings through [`AnyEnv`] and add no logic of their own.

use wasm_bindgen::prelude::*;

use crate::{AnyEnv, ResetDefaults, registry};

/// Every reply is `{"ok": ...}` or `{"error": {"code", "message", "field"?}}`.
fn reply(result: Result<serde_json::Value, crate::EnvError>) -> String {
    let body = match result {
        Ok(value) => serde_json::json!({ "ok": value }),
        Err(err) => serde_json::json!({ "error": err.to_body() }),
    };
    body.to_string()
}

fn parse(json: &str) -> Result<serde_json::Value, crate::EnvError> {
    serde_json::from_str(json)
        .map_err(|e| crate::EnvError::validation("body", format!("not valid JSON: {e}")))
}

/// The registry (environments and tasks) as JSON.
#[wasm_bindgen(js_name = registryJson)]
pub fn registry_json() -> String {
    registry::to_json().to_string()
}

/// One environment session in the page.
#[wasm_bindgen]
pub struct WasmEnv(AnyEnv);

#[wasm_bindgen]
impl WasmEnv {
    #[wasm_bindgen(constructor)]
    pub fn new(env_id: &str) -> Result<WasmEnv, JsError> {
        AnyEnv::new(env_id)
            .map(WasmEnv)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// `options_json` is the reset body; `fallback_seed` is used when it has
    /// no seed (the page draws one).
    pub fn reset(&mut self, options_json: &str, fallback_seed: f64) -> String {
        let defaults = ResetDefaults {
            seed: fallback_seed as u64,
            episode_id: None,
        };
        reply(
            parse(options_json)
                .and_then(|o| self.0.reset(&o, defaults))
                .map(to_value),
        )
    }

    pub fn step(&mut self, action_json: &str) -> String {
        reply(
            parse(action_json)
                .and_then(|a| self.0.step(&a))
                .map(to_value),
        )
    }

    pub fn state(&self) -> String {
        self.0.state().to_string()
    }

    pub fn schemas(&self) -> String {
        self.0.schemas().to_string()
    }
}

fn to_value(result: crate::StepResult) -> serde_json::Value {
    serde_json::to_value(result).unwrap_or_default()
}
