//! Helpers: build the app, send one request, read the reply as JSON.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use server::Config;
use tower::ServiceExt;

/// The valid and invalid actions of the default environment.
pub(crate) const INSPECT: &str = r#"{"action": {"raw": "inspect"}}"#;

/// A config whose web bundle is missing and whose limits are the defaults.
pub(crate) fn config() -> Config {
    Config {
        web_dist: PathBuf::from("/nonexistent/deskbench-dist"),
        ..Config::default()
    }
}

pub(crate) fn app() -> Router {
    server::app(config())
}

/// A fresh, empty directory under the system temp dir.
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "deskbench-test-{}-{}-{name}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[derive(Debug)]
pub(crate) struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Reply {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.bytes)))
    }

    pub(crate) fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub(crate) fn session_id(&self) -> String {
        self.header("x-session-id")
            .expect("x-session-id header")
            .to_owned()
    }

    /// Assert the status and our error shape; returns the body.
    pub(crate) fn error(&self, status: u16, code: &str) -> Value {
        let body = self.json();
        assert_eq!(self.status.as_u16(), status, "{body}");
        assert_eq!(body["error"]["code"], code, "{body}");
        assert!(
            body["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{body}"
        );
        assert!(body.get("detail").is_some(), "{body}");
        if status == 422 {
            let detail = body["detail"].as_array().expect("422 detail is a list");
            assert_eq!(detail[0]["loc"][0], "body", "{body}");
            assert!(
                detail[0]["msg"].is_string() && detail[0]["type"].is_string(),
                "{body}"
            );
        } else {
            assert_eq!(body["detail"], body["error"]["message"], "{body}");
        }
        body
    }
}

pub(crate) async fn send(app: &Router, request: Request<Body>) -> Reply {
    let response = app.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    Reply {
        status,
        headers,
        bytes,
    }
}

pub(crate) fn request(method: Method, uri: &str, body: impl Into<Body>) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .expect("request")
}

pub(crate) async fn get(app: &Router, uri: &str) -> Reply {
    send(app, request(Method::GET, uri, Body::empty())).await
}

pub(crate) async fn post(app: &Router, uri: &str, body: &str) -> Reply {
    send(app, request(Method::POST, uri, body.to_owned())).await
}

/// A request carrying `X-Session-Id`.
pub(crate) fn with_id(method: Method, uri: &str, id: &str, body: &str) -> Request<Body> {
    let mut request = request(method, uri, body.to_owned());
    request
        .headers_mut()
        .insert("x-session-id", id.parse().expect("header value"));
    request
}

/// Step until the episode ends (a final answer ends it; the step limit
/// bounds it either way); returns the last result.
pub(crate) async fn finish_episode(app: &Router, prefix: &str, id: &str) -> Value {
    let uri = format!("{prefix}/step");
    let first = send(
        app,
        with_id(
            Method::POST,
            &uri,
            id,
            r#"{"action": {"raw": "final: {}"}}"#,
        ),
    )
    .await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text());
    let mut last = first.json();
    for _ in 0..10 {
        if last["done"] == true {
            return last;
        }
        let reply = send(app, with_id(Method::POST, &uri, id, INSPECT)).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        last = reply.json();
    }
    panic!("the episode never ended: {last}");
}

/// A client that keeps the cookies the server sets and sends them back, as
/// `requests.Session` and FastAPI's `TestClient` do (the seeds' clients).
pub(crate) struct CookieClient {
    app: Router,
    cookies: Vec<(String, String)>,
}

impl CookieClient {
    pub(crate) fn new(app: &Router) -> Self {
        CookieClient {
            app: app.clone(),
            cookies: Vec::new(),
        }
    }

    pub(crate) async fn send(&mut self, method: Method, uri: &str, body: &str) -> Reply {
        let mut request = request(method, uri, body.to_owned());
        if !self.cookies.is_empty() {
            let header: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            request.headers_mut().insert(
                header::COOKIE,
                header.join("; ").parse().expect("cookie header"),
            );
        }
        let reply = send(&self.app, request).await;
        for set in reply.headers.get_all(header::SET_COOKIE) {
            let Some((name, value)) = set
                .to_str()
                .ok()
                .and_then(|c| c.split(';').next())
                .and_then(|pair| pair.split_once('='))
            else {
                continue;
            };
            self.cookies.retain(|(k, _)| k != name);
            self.cookies.push((name.to_owned(), value.to_owned()));
        }
        reply
    }

    pub(crate) async fn post(&mut self, uri: &str, body: &str) -> Reply {
        self.send(Method::POST, uri, body).await
    }

    pub(crate) async fn get(&mut self, uri: &str) -> Reply {
        self.send(Method::GET, uri, "").await
    }

    pub(crate) fn cookie(&self, name: &str) -> Option<&str> {
        self.cookies
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The sorted keys of a JSON object, for comparing reply shapes.
pub(crate) fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default();
    keys.sort_unstable();
    keys
}

/// An MCP session over `POST /mcp`, opened by `initialize` (the newest
/// protocol revision) at `path`, whose query may name the episode. Each
/// test file adds the requests it needs in an `impl` of its own.
pub(crate) struct McpSession {
    pub app: Router,
    pub path: String,
    pub id: String,
}

impl McpSession {
    pub(crate) async fn open(app: &Router, path: &str) -> McpSession {
        let init = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25"}});
        let reply = send(app, request(Method::POST, path, init.to_string())).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let id = reply.header("mcp-session-id").expect("Mcp-Session-Id");
        McpSession {
            app: app.clone(),
            path: path.to_owned(),
            id: id.to_owned(),
        }
    }

    /// One JSON-RPC request in this session, answered 200: the whole reply.
    pub(crate) async fn post(&self, method: &str, params: Value) -> Reply {
        let body =
            serde_json::json!({"jsonrpc": "2.0", "id": 9, "method": method, "params": params});
        let mut request = request(Method::POST, &self.path, body.to_string());
        request
            .headers_mut()
            .insert("mcp-session-id", self.id.parse().expect("header"));
        let reply = send(&self.app, request).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        reply
    }
}
