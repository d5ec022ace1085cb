//! "Verify on server": replay the page's seed and actions against the REST
//! API of the server that served the page, in a fresh session of its own,
//! and compare every reward and the final score; and whether there is such
//! a server at all.

use gloo_net::http::{Request, Response};
use serde_json::{Value, json};

use crate::record::EpisodeRecord;

/// What the server said for the same episode.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ServerReplay {
    pub rewards: Vec<Option<f64>>,
    pub final_score: Option<f64>,
}

/// Whether the DeskBench server serves this page: it answers the bundle's
/// `api.json` (relative to the page) with `{"api": true}`, where a static
/// host serves the bundle's own copy, `{"api": false}`. Asking for a file
/// every host has keeps a static host's console free of 404s.
pub(crate) async fn server_available() -> bool {
    matches!(answer(Request::get("./api.json").send().await).await, Ok((200, body)) if body["api"] == true)
}

/// The status and JSON body of a request's answer.
async fn answer(sent: Result<Response, gloo_net::Error>) -> Result<(u16, Value), String> {
    let response = sent.map_err(|e| format!("the server did not answer: {e}"))?;
    let text = response.text().await.map_err(|e| e.to_string())?;
    let body = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    Ok((response.status(), body))
}

/// A fresh session of the server's own for this replay, drawn from the
/// browser's random source so two tabs verifying at once never share one.
fn session_id() -> Result<String, String> {
    let id = getrandom::u64().map_err(|e| format!("no random session id: {e}"))?;
    Ok(format!("web-{id:016x}"))
}

/// POST `body` as JSON to `path` in `session`; the answer's body, or the
/// server's error message with the status.
async fn post(path: &str, session: &str, body: &Value) -> Result<Value, String> {
    let request = Request::post(path)
        .header("X-Session-Id", session)
        .json(body)
        .map_err(|e| e.to_string())?;
    let (status, body) = answer(request.send().await).await?;
    if status != 200 {
        let message = body["error"]["message"]
            .as_str()
            .unwrap_or("request refused");
        return Err(format!("HTTP {status}: {message}"));
    }
    Ok(body)
}

pub(crate) async fn replay(record: &EpisodeRecord) -> Result<ServerReplay, String> {
    let base = format!("/envs/{}", record.env);
    let session = session_id()?;
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
