//! Reading the black-box players' corpora (`tests/player_corpus/`), shared
//! by the replay tests of each environment.

use serde_json::{Value, json};

/// What the player said of an episode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Verdict {
    /// Every lost point was the grader's (or none was lost): full score.
    Right,
    /// A point the player calls its own mistake (class A): the recorded
    /// score.
    OwnMistake,
}

/// The verdict of an episode from the lost points the player classed
/// (`{"class": "A" | "B" | "C", ...}` each).
pub(crate) fn verdict_of(lost_points: &[Value]) -> Verdict {
    let own = lost_points.iter().any(|p| {
        p["class"]
            .as_str()
            .is_some_and(|c| c.trim_start().starts_with('A'))
    });
    if own {
        Verdict::OwnMistake
    } else {
        Verdict::Right
    }
}

/// Whether the player classed a lost (or kept) point of the row as X: a
/// wrong answer the grader let through.
pub(crate) fn exploit_shown(row: &Value) -> bool {
    row["verdict"]["lost_points"]
        .as_array()
        .is_some_and(|lost| {
            lost.iter().any(|p| {
                p["class"]
                    .as_str()
                    .is_some_and(|c| c.trim_start().starts_with('X'))
            })
        })
}

/// The query parameters of an MCP endpoint URL.
pub(crate) fn query(url: &str) -> Vec<(String, String)> {
    url.split_once('?')
        .map(|(_, q)| {
            q.split('&')
                .filter_map(|kv| kv.split_once('='))
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// The reset options that bring back a row's scenario: its split and
/// index, or (players who reset by seed: p9, p11 of 4 December) its split,
/// task, seed and level.
pub(crate) fn reset_options(row: &Value) -> Value {
    match row.get("index") {
        Some(index) if !index.is_null() => json!({"split": row["split"], "index": index}),
        _ => json!({
            "split": row["split"],
            "task": row["task"],
            "seed": row["seed"],
            "difficulty": row["level"],
        }),
    }
}
