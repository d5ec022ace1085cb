//! `/web`: the built bundle with precompressed files and an SPA fallback,
//! or a page saying how to build it.

use axum::http::{Method, StatusCode};
use server::Config;

use crate::common::*;

#[tokio::test]
async fn without_a_bundle_web_explains_how_to_build_it() {
    let app = app();
    for uri in ["/web/", "/web/some/route"] {
        let reply = get(&app, uri).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        assert!(
            reply
                .header("content-type")
                .is_some_and(|c| c.starts_with("text/html"))
        );
        assert!(reply.text().contains("make web"), "{uri}");
    }
    let reply = get(&app, "/web").await;
    assert_eq!(reply.status, StatusCode::TEMPORARY_REDIRECT);
    assert_eq!(reply.header("location"), Some("/web/"));
}

#[tokio::test]
async fn a_built_bundle_is_served_with_precompression_and_fallback() {
    let dist = temp_dir("dist");
    std::fs::write(dist.join("index.html"), "<!doctype html><title>ui</title>").expect("write");
    std::fs::write(dist.join("app.js"), "console.log('plain')").expect("write");
    std::fs::write(dist.join("app.js.gz"), b"gzipped-bytes").expect("write");
    std::fs::write(dist.join("app.js.br"), b"brotli-bytes").expect("write");
    let app = server::app(Config {
        web_dist: dist.clone(),
        ..config()
    });

    let index = get(&app, "/web/").await;
    assert_eq!(index.status, StatusCode::OK);
    assert_eq!(index.text(), "<!doctype html><title>ui</title>");
    let route = get(&app, "/web/play/productivity?seed=3").await;
    assert_eq!(
        route.status,
        StatusCode::OK,
        "unknown paths fall back to index.html"
    );
    assert_eq!(route.text(), index.text());

    let plain = get(&app, "/web/app.js").await;
    assert_eq!(plain.text(), "console.log('plain')");
    assert!(
        plain
            .header("content-type")
            .is_some_and(|c| c.contains("javascript"))
    );
    for (encoding, body) in [("gzip", "gzipped-bytes"), ("br", "brotli-bytes")] {
        let mut request = request(Method::GET, "/web/app.js", axum::body::Body::empty());
        request
            .headers_mut()
            .insert("accept-encoding", encoding.parse().expect("header"));
        let reply = send(&app, request).await;
        assert_eq!(reply.header("content-encoding"), Some(encoding));
        assert_eq!(reply.text(), body);
    }
    let _ = std::fs::remove_dir_all(dist);
}

#[tokio::test]
async fn the_page_learns_from_api_json_that_an_api_answers_here() {
    // The bundle's own api.json (what a static host serves) says there is
    // no API; the server answers the same path itself, built or not.
    let dist = temp_dir("dist-api");
    std::fs::write(dist.join("index.html"), "<!doctype html>").expect("write");
    std::fs::write(dist.join("api.json"), r#"{"api": false}"#).expect("write");
    for app in [
        app(),
        server::app(Config {
            web_dist: dist.clone(),
            ..config()
        }),
    ] {
        let reply = get(&app, "/web/api.json").await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.json()["api"], true);
    }
    let _ = std::fs::remove_dir_all(dist);
}

/// Issue 25 point 3: a browser following the page's README link gets the
/// README as a UTF-8 HTML page with anchors its own links can reach;
/// `?raw` and non-browser clients get the Markdown.
#[tokio::test]
async fn the_readme_is_a_page_for_browsers_and_markdown_for_the_rest() {
    let dist = temp_dir("dist-readme");
    std::fs::write(dist.join("index.html"), "<!doctype html>").expect("write");
    let markdown = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("the repository README");
    std::fs::write(dist.join("README.md"), &markdown).expect("write");
    let app = server::app(Config {
        web_dist: dist.clone(),
        ..config()
    });
    let browser = |uri: &str| {
        let mut request = request(Method::GET, uri, axum::body::Body::empty());
        request.headers_mut().insert(
            "accept",
            "text/html,application/xhtml+xml,*/*;q=0.8"
                .parse()
                .expect("header"),
        );
        request
    };

    for uri in ["/web/README.md", "/web/README.html"] {
        let page = send(&app, browser(uri)).await;
        assert_eq!(page.status, StatusCode::OK, "{uri}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8"),
            "{uri}"
        );
        let html = page.text();
        assert!(html.contains("<title>DeskBench · README</title>"), "{uri}");
        assert!(
            html.contains(r#"<h1 id="deskbench">DeskBench</h1>"#),
            "{uri}"
        );
        // Every in-page link of the README lands on a heading id.
        for target in html.split(r##"href="#"##).skip(1) {
            let id = target.split('"').next().unwrap_or_default();
            assert!(
                html.contains(&format!(r#"id="{id}""#)),
                "{uri}: #{id} has no target"
            );
        }
        assert!(!html.contains("\n## "), "{uri}: raw Markdown headings");
        assert!(
            !html.contains("sdk: docker"),
            "{uri}: the front matter is not shown"
        );
        // Non-ASCII text arrives intact (the old mojibake).
        assert!(html.contains('—') || html.contains('→'), "{uri}");
    }

    let raw = send(&app, browser("/web/README.md?raw")).await;
    assert_eq!(
        raw.header("content-type"),
        Some("text/markdown; charset=utf-8")
    );
    assert_eq!(raw.text(), markdown);
    let plain = get(&app, "/web/README.md").await;
    assert_eq!(
        plain.header("content-type"),
        Some("text/markdown; charset=utf-8")
    );
    assert_eq!(plain.text(), markdown);
    let _ = std::fs::remove_dir_all(dist);
}
