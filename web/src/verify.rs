//! "Verify on server": replay the page's seed and actions against the REST
//! API of the server that served the page, in a fresh session of its own,
//! and compare every reward and the final score; and whether there is such
//! a server at all.

use serde_json::{Value, json};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::record::EpisodeRecord;

/// What the server said for the same episode.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerReplay {
    pub rewards: Vec<Option<f64>>,
    pub final_score: Option<f64>,
}

/// Whether the DeskBench server serves this page: it answers the bundle's
/// `api.json` (relative to the page) with `{"api": true}`, where a static
/// host serves the bundle's own copy, `{"api": false}`. Asking for a file
/// every host has keeps a static host's console free of 404s.
pub async fn server_available() -> bool {
    matches!(fetch_json("./api.json", None).await, Ok((200, body)) if body["api"] == true)
}

/// What a script error says, for a message.
fn js_message(error: JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| "unknown error".to_owned())
}

/// `fetch` of `path` (a GET, or with `post` a POST of its JSON body under
/// its session id), answered with the status and the JSON body. The
/// browser's own `fetch` through web-sys: an HTTP client crate would add
/// its request builder and error types to the bundle for these two calls.
async fn fetch_json(path: &str, post: Option<(&str, &Value)>) -> Result<(u16, Value), String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let init = web_sys::RequestInit::new();
    if let Some((session, body)) = post {
        let headers = js_sys::Object::new();
        for (name, value) in [
            ("Content-Type", "application/json"),
            ("X-Session-Id", session),
        ] {
            js_sys::Reflect::set(&headers, &name.into(), &value.into()).map_err(js_message)?;
        }
        init.set_method("POST");
        init.set_headers(&headers);
        init.set_body(&JsValue::from_str(&body.to_string()));
    }
    let answer = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(|e| format!("the server did not answer: {}", js_message(e)))?;
    let response: web_sys::Response = answer.dyn_into().map_err(js_message)?;
    let text = JsFuture::from(response.text().map_err(js_message)?)
        .await
        .map_err(js_message)?
        .as_string()
        .unwrap_or_default();
    let body = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    Ok((response.status(), body))
}

fn session_id() -> String {
    let a = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let b = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    format!("web-{a:08x}{b:08x}")
}

async fn post(path: &str, session: &str, body: &Value) -> Result<Value, String> {
    let (status, body) = fetch_json(path, Some((session, body))).await?;
    if status != 200 {
        let message = body["error"]["message"]
            .as_str()
            .unwrap_or("request refused");
        return Err(format!("HTTP {status}: {message}"));
    }
    Ok(body)
}

pub async fn replay(record: &EpisodeRecord) -> Result<ServerReplay, String> {
    let base = format!("/envs/{}", record.env);
    let session = session_id();
    let options = record.variant().reset_options(&record.task, record.seed);
    post(&format!("{base}/reset"), &session, &options).await?;
    let mut rewards = Vec::new();
    let mut final_score = None;
    for action in &record.actions {
        let result = post(
            &format!("{base}/step"),
            &session,
            &json!({"action": action}),
        )
        .await?;
        rewards.push(result["reward"].as_f64());
        if result["done"] == true {
            final_score = result["observation"]["terminal_grader"].as_f64();
        }
    }
    Ok(ServerReplay {
        rewards,
        final_score,
    })
}
