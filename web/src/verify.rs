//! "Verify on server": replay the page's seed and actions against the REST
//! API of the server that served the page, in a fresh session of its own,
//! and compare every reward and the final score; and whether there is such
//! a server at all.

use gloo_net::http::Request;
use serde_json::{Value, json};

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
    match Request::get("./api.json").send().await {
        Ok(resp) if resp.ok() => resp
            .json::<Value>()
            .await
            .is_ok_and(|body| body["api"] == true),
        _ => false,
    }
}

fn session_id() -> String {
    let a = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let b = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    format!("web-{a:08x}{b:08x}")
}

async fn post(path: &str, session: &str, body: &Value) -> Result<Value, String> {
    let resp = Request::post(path)
        .header("X-Session-Id", session)
        .json(body)
        .map_err(|e| e.to_string())?
        .send()
        .await
        .map_err(|e| format!("the server did not answer: {e}"))?;
    let status = resp.status();
    let body: Value = resp.json().await.map_err(|e| format!("not JSON: {e}"))?;
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
    post(
        &format!("{base}/reset"),
        &session,
        &json!({"task": record.task, "seed": record.seed}),
    )
    .await?;
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
