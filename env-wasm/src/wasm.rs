//! The core's JS API (feature `js`), for pages that embed an environment
//! without Leptos: thin wasm-bindgen wrappers over [`AnyEnv`] that take and
//! return JS values through serde-wasm-bindgen and add no logic of their
//! own. What they return is what `JSON.parse` would make of the JSON the
//! API serves (plain objects, arrays, numbers); a refusal throws the
//! error body the API sends, `{code, message, field?}`, with its stable
//! code.

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::{AnyEnv, EnvError, ResetDefaults, StepResult, registry};

/// `value` as a JS value. serde-wasm-bindgen's default serializer makes a
/// map a JS `Map` and a 64-bit integer a `BigInt`; the JSON-compatible one
/// makes them objects and numbers, as `JSON.parse` does.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(JsValue::from)
}

/// What a refusal throws: its error body as a JS object.
fn refusal(err: &EnvError) -> JsValue {
    to_js(&err.to_body()).unwrap_or_else(|failed| failed)
}

/// A JS argument as the JSON value the seam reads. Whatever `JSON.parse`
/// can make reads; a value JSON has no form for (a function, a symbol, a
/// `BigInt` beyond 64 bits) is refused as a validation error of `field`.
fn from_js(value: JsValue, field: &str) -> Result<Value, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| {
        refusal(&EnvError::validation(
            field,
            format!("not a JSON value: {e}"),
        ))
    })
}

/// A reset's or step's result. Through `serde_json::Value` first: the
/// observation is JSON text the environment wrote, serialised as serde_json's
/// raw value, which only serde_json's own serializers read as JSON.
fn result_to_js(result: Result<StepResult, EnvError>) -> Result<JsValue, JsValue> {
    let result = result.map_err(|err| refusal(&err))?;
    let value = serde_json::to_value(result).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&value)
}

/// The registry (environments and tasks), as `GET /envs` lists it.
#[wasm_bindgen]
pub fn registry() -> Result<JsValue, JsValue> {
    to_js(&registry::to_json())
}

/// One environment session in the page.
#[wasm_bindgen]
pub struct WasmEnv(AnyEnv);

#[wasm_bindgen]
impl WasmEnv {
    /// A session of `env_id`; an unknown id throws `UNKNOWN_ENV`.
    #[wasm_bindgen(constructor)]
    pub fn new(env_id: &str) -> Result<WasmEnv, JsValue> {
        AnyEnv::new(env_id)
            .map(WasmEnv)
            .map_err(|err| refusal(&err))
    }

    /// Start an episode. `options` is the reset body as an object (`task`,
    /// `seed`, `difficulty`, ...; `undefined` or `null` for the defaults);
    /// `fallback_seed` is used when it has no seed (the page draws one).
    /// Returns `{observation, reward, done}`.
    pub fn reset(&mut self, options: JsValue, fallback_seed: f64) -> Result<JsValue, JsValue> {
        let defaults = ResetDefaults {
            seed: fallback_seed as u64,
            episode_id: None,
        };
        let options = from_js(options, "body")?;
        result_to_js(self.0.reset(&options, defaults))
    }

    /// Play one action (the action object itself, not the HTTP body's
    /// `{"action": ...}`). Returns `{observation, reward, done}`.
    pub fn step(&mut self, action: JsValue) -> Result<JsValue, JsValue> {
        let action = from_js(action, "action")?;
        result_to_js(self.0.step(&action))
    }

    /// The episode's state, as `GET /state` reports it.
    pub fn state(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.state())
    }

    /// The action's JSON Schema, under `action`.
    pub fn schemas(&self) -> Result<JsValue, JsValue> {
        to_js(&self.0.schemas())
    }
}
