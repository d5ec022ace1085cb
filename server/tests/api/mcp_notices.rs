//! MCP resources (the instruction and the case, read for free) and the
//! session's `GET /mcp` notification stream, against the streamable HTTP
//! transport's rules: what a client is told when the trainer resets or
//! steps its session, and what it is not told again.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common::*;

/// The longest a notification may take to arrive: a bound, not a wait.
const NOTICE_WAIT: Duration = Duration::from_secs(10);

/// `initialize` at `path`; the session id.
async fn open(app: &Router, path: &str) -> (String, Value) {
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25"}});
    let reply = send(app, request(Method::POST, path, init.to_string())).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let id = reply.header("mcp-session-id").expect("Mcp-Session-Id");
    (id.to_owned(), reply.json()["result"].clone())
}

/// One JSON-RPC request in session `id`; the whole reply.
async fn rpc(app: &Router, path: &str, id: &str, method: &str, params: Value) -> Value {
    let body = json!({"jsonrpc": "2.0", "id": 5, "method": method, "params": params});
    let mut request = request(Method::POST, path, body.to_string());
    request
        .headers_mut()
        .insert("mcp-session-id", id.parse().expect("header"));
    let reply = send(app, request).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    reply.json()
}

/// `resources/read` of `uri`: the JSON of its text.
async fn read(app: &Router, path: &str, id: &str, uri: &str) -> Value {
    let reply = rpc(app, path, id, "resources/read", json!({"uri": uri})).await;
    let content = &reply["result"]["contents"][0];
    assert_eq!(content["uri"], uri, "{reply}");
    assert_eq!(content["mimeType"], "application/json");
    serde_json::from_str(content["text"].as_str().unwrap_or_default()).expect("JSON text")
}

/// The trainer's side: `POST /envs/{env}/{route}` (a reset or a step) with
/// `body` in session `id`.
async fn trainer(app: &Router, env: &str, route: &str, id: &str, body: &str) {
    let uri = format!("/envs/{env}/{route}");
    let reply = send(app, with_id(Method::POST, &uri, id, body)).await;
    assert_eq!(reply.status, StatusCode::OK, "{route}: {}", reply.text());
}

/// An open `GET /mcp` stream, read one notification at a time.
struct Listener {
    body: Body,
    buffer: String,
}

impl Listener {
    async fn open(app: &Router, path: &str, id: &str) -> Listener {
        let request = axum::http::Request::builder()
            .method(Method::GET)
            .uri(path)
            .header("mcp-session-id", id)
            .header("accept", "text/event-stream")
            .header("mcp-protocol-version", "2025-11-25")
            .body(Body::empty())
            .expect("request");
        let response = app.clone().oneshot(request).await.expect("infallible");
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-type"].to_str().ok(),
            Some("text/event-stream")
        );
        Listener {
            body: response.into_body(),
            buffer: String::new(),
        }
    }

    /// The next notification, or `None` when the stream ended.
    async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let data: String = event
                    .lines()
                    .filter_map(|line| line.strip_prefix("data: "))
                    .collect();
                if data.is_empty() {
                    continue; // a keep-alive comment
                }
                return Some(serde_json::from_str(&data).expect("a JSON-RPC message"));
            }
            let frame = tokio::time::timeout(NOTICE_WAIT, self.body.frame())
                .await
                .expect("a notification, or the end of the stream, in time")?
                .expect("body frame");
            if let Ok(data) = frame.into_data() {
                self.buffer.push_str(&String::from_utf8_lossy(&data));
            }
        }
    }

    /// The method of the next notification.
    async fn next_method(&mut self) -> String {
        let message = self.next().await.expect("a notification");
        assert!(message.get("id").is_none(), "a notification: {message}");
        assert_eq!(message["jsonrpc"], "2.0");
        message["method"].as_str().unwrap_or_default().to_owned()
    }
}

/// The resources list the instruction (where the environment has one) and
/// the case; reading them costs no step, and together they are what
/// `read_task` shows, each field once.
#[tokio::test]
async fn resources_are_the_instruction_and_the_case_read_for_free() {
    let app = app();
    for (env, has_instruction) in [
        ("support_triage", true),
        ("productivity", true),
        ("it_mental_health", false),
    ] {
        let path = format!("/envs/{env}/mcp?task=medium&difficulty=3&seed=7");
        let path = if env == "it_mental_health" {
            path.replace("task=medium", "task=full_episode")
        } else {
            path
        };
        let (id, init) = open(&app, &path).await;
        assert_eq!(
            init["capabilities"]["resources"],
            json!({"subscribe": true, "listChanged": true}),
            "{env}"
        );
        let listed = rpc(&app, &path, &id, "resources/list", json!({})).await;
        let resources = listed["result"]["resources"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let uris: Vec<&str> = resources.iter().filter_map(|r| r["uri"].as_str()).collect();
        let case = format!("deskbench://{env}/case");
        let instruction = format!("deskbench://{env}/instruction");
        let wanted = match has_instruction {
            true => vec![instruction.as_str(), case.as_str()],
            false => vec![case.as_str()],
        };
        assert_eq!(uris, wanted, "{env}");
        for resource in &resources {
            assert_eq!(resource["mimeType"], "application/json");
            // The title names the episode on: a reset changes the list.
            assert!(
                resource["title"]
                    .as_str()
                    .is_some_and(|t| t.contains("level 3") && t.contains("episode ")),
                "{resource}"
            );
            assert!(
                resource["description"]
                    .as_str()
                    .is_some_and(|d| d.contains("no step"))
            );
        }
        let whole = rpc(&app, &path, &id, "tools/call", json!({"name": "read_task"})).await;
        let whole: Value = serde_json::from_str(
            whole["result"]["content"][0]["text"]
                .as_str()
                .unwrap_or_default(),
        )
        .expect("read_task's JSON");
        let read_case = read(&app, &path, &id, &case).await;
        assert_eq!(read_case["step_count"], 0, "{env}: reading is free");
        assert_eq!(read_case["task"], whole["task"]);
        let mut fields: Vec<String> = keys(&read_case["observation"])
            .into_iter()
            .map(str::to_owned)
            .collect();
        if has_instruction {
            let read_instruction = read(&app, &path, &id, &instruction).await;
            for field in keys(&read_instruction) {
                assert!(
                    read_case["observation"].get(field).is_none(),
                    "{env}: {field} is in the instruction, not the case"
                );
                assert_eq!(read_instruction[field], whole["observation"][field]);
                fields.push(field.to_owned());
            }
        }
        // And the fields a text of the case renders, which the case leaves
        // out (each content once; read_task shows both forms).
        let rendered: &[&str] = match env {
            "support_triage" => &["inbox", "opened_ticket"],
            "it_mental_health" => &["subject", "rubric", "response_format"],
            _ => &[],
        };
        for field in rendered {
            if !fields.iter().any(|f| f == field) {
                fields.push((*field).to_owned());
            }
        }
        fields.sort();
        let mut all: Vec<String> = keys(&whole["observation"])
            .into_iter()
            .map(str::to_owned)
            .collect();
        all.sort();
        assert_eq!(fields, all, "{env}: instruction and case are the whole");
        assert_eq!(read(&app, &path, &id, &case).await["step_count"], 0);

        // What is not there is -32002 (resource not found), with the list.
        let missing = rpc(
            &app,
            &path,
            &id,
            "resources/read",
            json!({"uri": format!("deskbench://{env}/nope")}),
        )
        .await;
        assert_eq!(missing["error"]["code"], -32002, "{missing}");
        assert!(
            missing["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains(&case)),
            "{missing}"
        );
        let other_env = rpc(
            &app,
            &path,
            &id,
            "resources/read",
            json!({"uri": "deskbench://elsewhere/case"}),
        )
        .await;
        assert_eq!(other_env["error"]["code"], -32002);
        let no_uri = rpc(&app, &path, &id, "resources/read", json!({})).await;
        assert_eq!(no_uri["error"]["code"], -32602, "{no_uri}");
        let templates = rpc(&app, &path, &id, "resources/templates/list", json!({})).await;
        assert_eq!(templates["result"], json!({"resourceTemplates": []}));
    }
    // Over /ws there is no stream to announce anything on: nothing is
    // advertised that would need one.
}

/// The trainer resets the session over HTTP while the agent plays through
/// MCP: the session's stream says the resource list changed (a new
/// episode), the tools changed (productivity's answer follows the task),
/// and each subscribed resource was updated; a step by another transport
/// updates the case; the client's own calls are not announced back.
#[tokio::test]
async fn the_stream_announces_what_the_trainer_changed() {
    let app = app();
    let path = "/envs/productivity/mcp?task=easy&seed=3";
    let (id, init) = open(&app, path).await;
    assert_eq!(init["capabilities"]["tools"]["listChanged"], true);
    let case = "deskbench://productivity/case";
    let subscribed = rpc(&app, path, &id, "resources/subscribe", json!({"uri": case})).await;
    assert_eq!(subscribed["result"], json!({}), "{subscribed}");
    let mut listener = Listener::open(&app, path, &id).await;

    trainer(&app, "productivity", "reset", &id, r#"{"task": "medium"}"#).await;
    assert_eq!(
        listener.next_method().await,
        "notifications/resources/list_changed"
    );
    let updated = listener.next().await.expect("resources/updated");
    assert_eq!(
        updated,
        json!({"jsonrpc": "2.0", "method": "notifications/resources/updated", "params": {"uri": case}})
    );
    assert_eq!(
        listener.next_method().await,
        "notifications/tools/list_changed"
    );
    // The client follows: the tools and the case are the new task's.
    let tools = rpc(&app, path, &id, "tools/list", json!({})).await;
    let answer = &tools["result"]["tools"][3]["inputSchema"]["properties"]["answer"];
    assert_eq!(answer["title"], "Meeting booking", "{tools}");
    assert_eq!(read(&app, path, &id, case).await["task"], "medium");

    // Its own tool call is not announced back; a step over HTTP (another
    // transport) is: the next notice is that one update alone.
    let own = rpc(&app, path, &id, "tools/call", json!({"name": "inspect"})).await;
    assert_eq!(own["result"]["isError"], false, "{own}");
    trainer(&app, "productivity", "step", &id, INSPECT).await;
    assert_eq!(
        listener.next().await,
        Some(
            json!({"jsonrpc": "2.0", "method": "notifications/resources/updated", "params": {"uri": case}})
        )
    );

    // Unsubscribed, a reset to the same task is the list change alone.
    rpc(
        &app,
        path,
        &id,
        "resources/unsubscribe",
        json!({"uri": case}),
    )
    .await;
    trainer(&app, "productivity", "reset", &id, r#"{"task": "medium"}"#).await;
    assert_eq!(
        listener.next_method().await,
        "notifications/resources/list_changed"
    );
    // A newer stream takes over (a client that reconnects): the old one
    // ends, and the newer one hears the next change.
    let mut newer = Listener::open(&app, path, &id).await;
    assert_eq!(listener.next().await, None);
    trainer(&app, "productivity", "reset", &id, r#"{"task": "hard"}"#).await;
    assert_eq!(
        newer.next_method().await,
        "notifications/resources/list_changed"
    );
    assert_eq!(
        newer.next_method().await,
        "notifications/tools/list_changed"
    );
    // The session ends: so does its stream.
    let mut delete = request(Method::DELETE, path, Body::empty());
    delete
        .headers_mut()
        .insert("mcp-session-id", id.parse().expect("header"));
    assert_eq!(send(&app, delete).await.status, StatusCode::OK);
    assert_eq!(newer.next().await, None);
}

/// A change made before the stream opened is announced when it opens;
/// support_triage's tools follow the level, not the task (`listChanged:
/// true`): a reset to another task at the same level announces no tool
/// change, one to the records desk's level does, and `tools/list` then
/// lists its lookups.
#[tokio::test]
async fn a_change_before_the_stream_opened_is_announced_when_it_opens() {
    let app = app();
    let path = "/envs/support_triage/mcp?task=easy";
    let (id, init) = open(&app, path).await;
    assert_eq!(init["capabilities"]["tools"]["listChanged"], true);
    trainer(&app, "support_triage", "reset", &id, r#"{"task": "hard"}"#).await;
    let mut listener = Listener::open(&app, path, &id).await;
    assert_eq!(
        listener.next_method().await,
        "notifications/resources/list_changed"
    );
    // A step by another transport: no subscription, nothing to announce;
    // the next reset is announced, with no tool change before it.
    trainer(
        &app,
        "support_triage",
        "step",
        &id,
        r#"{"action": {"command": "show_inbox"}}"#,
    )
    .await;
    trainer(
        &app,
        "support_triage",
        "reset",
        &id,
        r#"{"task": "medium"}"#,
    )
    .await;
    assert_eq!(
        listener.next_method().await,
        "notifications/resources/list_changed"
    );
    let listed = rpc(&app, path, &id, "resources/list", json!({})).await;
    assert!(
        listed["result"]["resources"][0]["title"]
            .as_str()
            .is_some_and(|t| t.contains("support_triage medium")),
        "{listed}"
    );
    let names = |tools: &Value| -> Vec<String> {
        tools["result"]["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["name"].as_str().map(str::to_owned))
            .collect()
    };
    let before = names(&rpc(&app, path, &id, "tools/list", json!({})).await);
    assert!(
        !before.contains(&"lookup_customer".to_owned()),
        "{before:?}"
    );
    trainer(
        &app,
        "support_triage",
        "reset",
        &id,
        r#"{"task": "medium", "difficulty": 4}"#,
    )
    .await;
    assert_eq!(
        listener.next_method().await,
        "notifications/resources/list_changed"
    );
    assert_eq!(
        listener.next_method().await,
        "notifications/tools/list_changed"
    );
    let after = names(&rpc(&app, path, &id, "tools/list", json!({})).await);
    for tool in ["lookup_customer", "lookup_invoice", "ask_customer"] {
        assert!(after.contains(&tool.to_owned()), "{after:?}");
    }
}

/// `GET /mcp` as the streamable HTTP transport says: without a session no
/// stream (405, with `Allow`), a malformed session id or protocol version
/// 400, a session that is not open 404, a client that does not take
/// server-sent events 406, a browser origin not allowed 403; each with a
/// JSON-RPC error body.
#[tokio::test]
async fn get_mcp_follows_the_streamable_http_rules() {
    let app = app();
    let (id, _) = open(&app, "/mcp").await;
    let get_with = |headers: Vec<(&'static str, String)>| {
        let app = app.clone();
        async move {
            let mut request = request(Method::GET, "/mcp", Body::empty());
            for (name, value) in headers {
                request
                    .headers_mut()
                    .insert(name, value.parse().expect("header"));
            }
            send(&app, request).await
        }
    };
    let sse = || ("accept", "text/event-stream".to_owned());
    let no_session = get_with(vec![sse()]).await;
    assert_eq!(no_session.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(no_session.header("allow"), Some("GET, POST, DELETE"));
    let body = no_session.json();
    assert_eq!(body["jsonrpc"], "2.0");
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("Mcp-Session-Id")),
        "{body}"
    );
    for (headers, status) in [
        (
            vec![sse(), ("mcp-session-id", "not an id!".to_owned())],
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![
                sse(),
                (
                    "mcp-session-id",
                    "0123456789abcdef0123456789abcdef".to_owned(),
                ),
            ],
            StatusCode::NOT_FOUND,
        ),
        (
            vec![
                sse(),
                ("mcp-session-id", id.clone()),
                ("mcp-protocol-version", "1999-01-01".to_owned()),
            ],
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![
                ("accept", "application/json".to_owned()),
                ("mcp-session-id", id.clone()),
            ],
            StatusCode::NOT_ACCEPTABLE,
        ),
        (
            vec![
                sse(),
                ("mcp-session-id", id.clone()),
                ("origin", "https://elsewhere.example".to_owned()),
            ],
            StatusCode::FORBIDDEN,
        ),
    ] {
        let reply = get_with(headers.clone()).await;
        assert_eq!(reply.status, status, "{headers:?}: {}", reply.text());
        assert_eq!(reply.json()["jsonrpc"], "2.0", "{headers:?}");
        assert!(reply.json()["error"]["message"].is_string());
    }
    // The stream itself: OK, event-stream (Listener::open checks both).
    Listener::open(&app, "/mcp", &id).await;
}
