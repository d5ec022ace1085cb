//! The README as a page (issue 25 point 3): the bundle ships `README.md`
//! and the page links to it, so a browser asking for `/web/README.md` (or
//! `/web/README.html`) gets it rendered to HTML with the page's colours, a
//! title and GitHub-style heading ids (the README's own `#section` links
//! rely on them). Clients that do not ask for HTML, and `?raw`, get the
//! Markdown itself. Rendered per request: the file is the bundle's, which
//! may be rebuilt while the server runs, and rendering 80 KB takes well
//! under a millisecond.

use std::collections::HashMap;

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// The whole HTML document for `markdown`.
pub(crate) fn page(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_YAML_STYLE_METADATA_BLOCKS;
    let events = with_heading_ids(Parser::new_ext(markdown, options).collect());
    let title = first_heading(&events).unwrap_or_else(|| "README".to_owned());
    let mut body = String::with_capacity(markdown.len() + markdown.len() / 4);
    html::push_html(&mut body, events.into_iter());
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title} · README</title><style>{STYLE}</style></head>\n<body>\
         <nav><a href=\"./\">← Back to the page</a> · <a href=\"README.md?raw\">Markdown source</a></nav>\n\
         <main>\n{body}</main>\n</body>\n</html>\n",
        title = escape(&title),
    )
}

/// Gives every heading without an explicit id GitHub's slug of its text,
/// numbered `-1`, `-2` … on repeats, as GitHub does.
fn with_heading_ids(mut events: Vec<Event<'_>>) -> Vec<Event<'_>> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut index = 0;
    while index < events.len() {
        if let Event::Start(Tag::Heading { id: None, .. }) = &events[index] {
            let text = heading_text(&events[index + 1..]);
            let base = slug(&text);
            let count = seen.entry(base.clone()).or_insert(0);
            let unique = if *count == 0 {
                base
            } else {
                format!("{base}-{count}")
            };
            *count += 1;
            if let Event::Start(Tag::Heading { id, .. }) = &mut events[index] {
                *id = Some(CowStr::from(unique));
            }
        }
        index += 1;
    }
    events
}

/// The plain text of a heading whose events start at `events[0]`.
fn heading_text(events: &[Event<'_>]) -> String {
    let mut text = String::new();
    for event in events {
        match event {
            Event::End(TagEnd::Heading(_)) => break,
            Event::Text(part) | Event::Code(part) => text.push_str(part),
            _ => {}
        }
    }
    text
}

/// GitHub's anchor for a heading: lower case, punctuation dropped except
/// `-` and `_`, spaces as `-`.
fn slug(text: &str) -> String {
    text.trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

fn first_heading(events: &[Event<'_>]) -> Option<String> {
    let start = events
        .iter()
        .position(|e| matches!(e, Event::Start(Tag::Heading { .. })))?;
    Some(heading_text(&events[start + 1..]))
}

/// `text` safe inside HTML, by the escaper pulldown-cmark itself uses.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, text);
    out
}

/// The page's palette and type (index.html), set for reading: a measure of
/// about 75 characters, tables and code that scroll instead of widening
/// the page.
const STYLE: &str = "\
:root{--ink:#1d2430;--muted:#5d6b7e;--line:#d9dee6;--bg:#f6f7f9;--card:#fff;--accent:#2457d6}\
*{box-sizing:border-box}\
body{margin:0;padding:1rem clamp(0.75rem,3vw,2rem);font:16px/1.55 system-ui,-apple-system,\"Segoe UI\",sans-serif;color:var(--ink);background:var(--bg)}\
nav,main{max-width:52rem;margin:0 auto}\
nav{padding:0.3rem 0 0.8rem;color:var(--muted)}\
main{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem clamp(1rem,4vw,2.5rem)}\
a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:1px}\
h1,h2,h3{line-height:1.25;margin:1.6rem 0 0.6rem}h1{font-size:1.7rem}h2{font-size:1.3rem;border-bottom:1px solid var(--line);padding-bottom:0.2rem}h3{font-size:1.1rem}\
code{font-family:ui-monospace,\"SFMono-Regular\",Menlo,monospace;font-size:0.88em;background:var(--bg);border-radius:4px;padding:0.1em 0.3em}\
pre{background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:0.7rem;overflow-x:auto}pre code{padding:0;background:none}\
table{border-collapse:collapse;display:block;overflow-x:auto;margin:0.8rem 0}th,td{border:1px solid var(--line);padding:0.3rem 0.6rem;text-align:left;vertical-align:top}th{background:var(--bg)}\
blockquote{margin:0.8rem 0;padding:0 1rem;border-left:4px solid var(--line);color:var(--muted)}\
img{max-width:100%}\
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_get_github_ids_and_front_matter_is_dropped() {
        let html = page(
            "---\ntitle: X\n---\n\n# Desk Bench\n\n## Running at scale\n\n## Running at scale\n\nSee [it](#running-at-scale).\n\n## `deskbench` CLI: 1, 2\n",
        );
        assert!(
            html.contains("<title>Desk Bench · README</title>"),
            "{html}"
        );
        assert!(html.contains(r#"<h2 id="running-at-scale">"#), "{html}");
        assert!(html.contains(r#"<h2 id="running-at-scale-1">"#), "{html}");
        assert!(html.contains(r#"<h2 id="deskbench-cli-1-2">"#), "{html}");
        assert!(!html.contains("title: X"), "{html}");
    }
}
