//! `/web`: the built UI bundle from `web_dist`, with precompressed `.br` and
//! `.gz` files served to clients that accept them and every unknown path
//! answered with `index.html` (the UI routes in the page). Before the
//! bundle is built, `/web/` explains how to build it; `/` leads to `/web/`.
//! `/web/api.json` tells the page that an API answers at this origin (the
//! bundle's own copy, which a static host serves, says there is none).

use std::path::{Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Uri, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

#[derive(Debug, Clone)]
struct Web {
    index: PathBuf,
    files: ServeDir<ServeFile>,
}

/// `/`, `/web` and everything under `/web/`.
pub fn routes(dist: &Path) -> Router {
    let index = dist.join("index.html");
    let web = Web {
        files: ServeDir::new(dist)
            .precompressed_br()
            .precompressed_gzip()
            .fallback(
                ServeFile::new(&index)
                    .precompressed_br()
                    .precompressed_gzip(),
            ),
        index,
    };
    Router::new()
        .route("/", get(|| async { Redirect::temporary("/web/") }))
        .route("/web", get(|| async { Redirect::temporary("/web/") }))
        .route("/web/", get(serve))
        .route("/web/api.json", get(api_marker))
        .route("/web/{*path}", get(serve))
        .with_state(web)
}

/// What the page reads to offer "Verify on server" and the API panel.
async fn api_marker() -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({"api": true, "version": env!("CARGO_PKG_VERSION")}))
}

async fn serve(State(web): State<Web>, mut request: Request) -> Response {
    // Checked per request so a bundle built after start-up is picked up.
    if !web.index.is_file() {
        return Html(NOT_BUILT).into_response();
    }
    let path = request.uri().path();
    let inner = path.strip_prefix("/web").unwrap_or(path);
    if wants_readme_page(inner, &request)
        && let Some(response) = readme_page(&web).await
    {
        return response;
    }
    let inner = match request.uri().query() {
        Some(query) => format!("{inner}?{query}"),
        None => inner.to_owned(),
    };
    // The README the page links to is UTF-8 Markdown; without a charset
    // a browser shows its dashes and arrows as mojibake.
    let markdown = inner.split('?').next().is_some_and(|p| p.ends_with(".md"));
    match inner.parse::<Uri>() {
        Ok(uri) => *request.uri_mut() = uri,
        Err(_) => return Html(NOT_BUILT).into_response(),
    }
    let mut response = match web.files.oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    };
    if markdown && response.status().is_success() {
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/markdown; charset=utf-8"),
        );
    }
    response
}

/// Whether to answer with the README rendered (`crate::readme`):
/// `/README.html` always, `/README.md` when the request accepts HTML (a
/// link followed in a browser) and does not ask for `?raw`. Otherwise the
/// static files answer the Markdown itself.
fn wants_readme_page(inner: &str, request: &Request) -> bool {
    match inner {
        "/README.html" => true,
        "/README.md" => {
            let raw = request
                .uri()
                .query()
                .is_some_and(|q| q.split('&').any(|p| p == "raw" || p.starts_with("raw=")));
            let accepts_html = request
                .headers()
                .get(header::ACCEPT)
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.contains("text/html"));
            !raw && accepts_html
        }
        _ => false,
    }
}

/// The rendered README, `None` when the bundle has none.
async fn readme_page(web: &Web) -> Option<Response> {
    let source = web.index.parent()?.join("README.md");
    let markdown = tokio::fs::read_to_string(source).await.ok()?;
    let mut response = Html(crate::readme::page(&markdown)).into_response();
    // One address, two representations: caches must key on Accept.
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept"));
    Some(response)
}

const NOT_BUILT: &str = r#"<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>DeskBench</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; line-height: 1.5">
<h1>DeskBench</h1>
<p>The web bundle is not built. Run <code>make web</code>, then reload this page
(or start the server with <code>--web-dist</code> pointing at a built bundle).</p>
<p>The API is running: <a href="/health">/health</a>, <a href="/envs">/envs</a>,
<a href="/openapi.json">/openapi.json</a>, and the WebSocket at <code>/ws</code>.</p>
</body>
</html>
"#;
