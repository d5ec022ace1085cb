//! Observation fields that a text field of the same observation renders
//! whole, by environment, and leaving them out: a step result and a
//! resource carry the same content once.

use serde_json::{Map, Value};

/// Observation fields whose whole content a text field of the same
/// observation also carries, by environment: (the path of the text field,
/// the fields beside it that it renders). A step result sends the text
/// alone, the smaller form a model reads (`read_task` still shows both).
/// support_triage's `lookup` is one object: its `text` renders the record
/// found (an account, an invoice, a knowledge-base search or article,
/// whichever is set), a whole article twice over 2 KB.
pub(super) const RENDERINGS: [(&str, &[&str], &[&str]); 4] = [
    ("support_triage", &["inbox_summary"], &["inbox"]),
    ("support_triage", &["ticket_detail"], &["opened_ticket"]),
    (
        "support_triage",
        &["lookup", "text"],
        &["account", "invoice", "kb_search", "article"],
    ),
    (
        "it_mental_health",
        &["scenario"],
        &["subject", "rubric", "response_format"],
    ),
];

/// Leave out of `changed` each field a changed text field renders: the
/// same content once. A field whose rendering did not change stays.
pub(super) fn drop_rendered(env_id: &str, changed: &mut Map<String, Value>) {
    for (env, path, sources) in RENDERINGS {
        let Some((text, parents)) = path.split_last() else {
            continue;
        };
        if env != env_id {
            continue;
        }
        let Some(holder) = object_at(changed, parents) else {
            continue;
        };
        let rendered = holder
            .get(*text)
            .and_then(Value::as_str)
            .is_some_and(|t| !t.is_empty());
        if rendered {
            for source in sources {
                holder.remove(*source);
            }
        }
    }
}

/// The object at `parents` under `root` (`root` itself for none).
pub(super) fn object_at<'a>(
    root: &'a mut Map<String, Value>,
    parents: &[&str],
) -> Option<&'a mut Map<String, Value>> {
    parents.iter().try_fold(root, |holder, key| {
        holder.get_mut(*key).and_then(Value::as_object_mut)
    })
}
