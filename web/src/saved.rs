//! What survives a reload in this browser (issue 25, "no silent loss"):
//! the episode in progress, as the record Export writes, and the
//! half-written action, as the values of the Act panel's fields, both in
//! local storage. The episode is replayed from its actions when the page
//! opens at its address again; the draft is put back into the fields of
//! the same episode after the same number of steps, through the fields'
//! own input events, so the forms' state follows. One episode is kept per
//! environment: each environment's page is a bundle of its own, and going
//! to another environment and back must not lose the one left.

use std::cell::Cell;
use std::collections::BTreeMap;

use env_wasm::agent::Trajectory;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wasm_bindgen::JsCast;

use crate::episode::EpisodeView;
use crate::record::{self, EpisodeRecord};
use crate::run_files::{self, RunFile};

/// The episode kept for an environment is under this key and `.<env id>`;
/// pages from before one bundle per environment kept one under the bare key.
const EPISODE_KEY: &str = "deskbench.episode";
const RUNS_KEY: &str = "deskbench.runs";
const DRAFT_KEY: &str = "deskbench.draft";
/// The Act panel's fields that make up a draft (a file input cannot be
/// set by a page, and the Start pickers belong to the next episode).
const DRAFT_FIELDS: &str =
    "#act-panel input[id]:not([type=file]), #act-panel textarea[id], #act-panel select[id]";

thread_local! {
    /// Set while a kept draft is put back: the events that tell the forms
    /// must not keep the half-restored fields over the kept draft.
    static RESTORING: Cell<bool> = const { Cell::new(false) };
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Keep `view` for the next visit while it is in progress. An episode
/// with no step yet is nothing to lose, so the one kept before stays (Back
/// to its address brings it back); a finished one is let go (its link
/// opens a fresh episode, as a shared link should).
pub(crate) fn keep_episode(view: &EpisodeView) {
    let Some(storage) = storage() else {
        return;
    };
    // A full or refused storage only means nothing is kept.
    if view.done {
        let finished = kept_episode(&view.env_id)
            .is_some_and(|kept| kept.task == view.task && kept.seed == view.seed);
        if finished {
            let _ = storage.remove_item(&episode_key(&view.env_id));
            let _ = storage.remove_item(EPISODE_KEY);
        }
    } else if view.accepted().next().is_some() {
        keep_record(&record::export(view));
    }
}

/// Keep `record` as its environment's episode in progress (an imported
/// episode of another environment waits there for that environment's page).
pub(crate) fn keep_record(record: &Trajectory) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(&episode_key(&record.env), &record.to_line());
    }
}

fn episode_key(env: &str) -> String {
    format!("{EPISODE_KEY}.{env}")
}

/// The episode of `env` kept in this browser, if any (and readable).
pub(crate) fn kept_episode(env: &str) -> Option<EpisodeRecord> {
    let storage = storage()?;
    let kept = |key: &str| {
        let text = storage.get_item(key).ok()??;
        EpisodeRecord::parse(&text).ok()
    };
    kept(&episode_key(env)).or_else(|| kept(EPISODE_KEY).filter(|record| record.env == env))
}

/// Which episode and step a draft belongs to.
pub(crate) fn draft_key(view: &EpisodeView) -> String {
    let query = crate::link::query(&view.env_id, &view.task, view.seed, view.level());
    format!("{query}&steps={}", view.accepted().count())
}

#[derive(Serialize, Deserialize)]
struct Draft {
    key: String,
    fields: BTreeMap<String, Value>,
}

fn draft_fields() -> Vec<web_sys::Element> {
    let Some(found) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector_all(DRAFT_FIELDS).ok())
    else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|i| found.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .collect()
}

/// A field's value: checked for a box, else its text.
fn value_of(element: &web_sys::Element) -> Option<Value> {
    if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
        let kind = input.type_();
        return Some(if kind == "checkbox" || kind == "radio" {
            Value::Bool(input.checked())
        } else {
            Value::String(input.value())
        });
    }
    if let Some(area) = element.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        return Some(Value::String(area.value()));
    }
    element
        .dyn_ref::<web_sys::HtmlSelectElement>()
        .map(|select| Value::String(select.value()))
}

/// Keep what the Act panel's fields hold now, for the episode at `key`.
pub(crate) fn keep_draft(key: &str) {
    if RESTORING.with(Cell::get) {
        return;
    }
    let fields: BTreeMap<String, Value> = env_wasm::order::map_of(
        draft_fields()
            .iter()
            .filter_map(|e| Some((e.id(), value_of(e)?))),
    );
    let draft = Draft {
        key: key.to_owned(),
        fields,
    };
    if let (Some(storage), Ok(text)) = (storage(), serde_json::to_string(&draft)) {
        let _ = storage.set_item(DRAFT_KEY, &text);
    }
}

/// Put the draft kept for `key` back into the fields that show a
/// different value; returns how many changed. Called once per frame until
/// nothing changes (a restored box may bring up more fields, as "Raw JSON
/// action" brings up its text area).
pub(crate) fn restore_draft(key: &str) -> usize {
    let Some(text) = storage().and_then(|s| s.get_item(DRAFT_KEY).ok().flatten()) else {
        return 0;
    };
    let Ok(draft) = serde_json::from_str::<Draft>(&text) else {
        return 0;
    };
    if draft.key != key {
        return 0;
    }
    let mut changed = 0;
    RESTORING.with(|r| r.set(true));
    for element in draft_fields() {
        let Some(kept) = draft.fields.get(&element.id()) else {
            continue;
        };
        if value_of(&element).as_ref() == Some(kept) {
            continue;
        }
        match (kept, element.dyn_ref::<web_sys::HtmlInputElement>()) {
            (Value::Bool(on), Some(input)) => input.set_checked(*on),
            (Value::String(text), Some(input)) => input.set_value(text),
            (Value::String(text), None) => {
                if let Some(area) = element.dyn_ref::<web_sys::HtmlTextAreaElement>() {
                    area.set_value(text);
                } else if let Some(select) = element.dyn_ref::<web_sys::HtmlSelectElement>() {
                    select.set_value(text);
                }
            }
            _ => continue,
        }
        // The page's handlers read the field on these events.
        for kind in ["input", "change"] {
            let init = web_sys::EventInit::new();
            init.set_bubbles(true);
            if let Ok(event) = web_sys::Event::new_with_event_init_dict(kind, &init) {
                let _ = element.dispatch_event(&event);
            }
        }
        changed += 1;
    }
    RESTORING.with(|r| r.set(false));
    changed
}

/// Keep the run files open in the viewer, as `[[name, text], ...]`, until
/// they are removed there; `false` when the browser's storage refused them
/// (over its quota, or none at all).
pub(crate) fn keep_runs(files: &[RunFile]) -> bool {
    let kept: Vec<Value> = files
        .iter()
        .map(|f| Value::from(vec![f.name.as_str(), f.text.as_str()]))
        .collect();
    storage().is_some_and(|s| s.set_item(RUNS_KEY, &Value::from(kept).to_string()).is_ok())
}

/// The run files kept by [`keep_runs`], read again.
pub(crate) fn kept_runs() -> Vec<RunFile> {
    let text = storage().and_then(|s| s.get_item(RUNS_KEY).ok().flatten());
    let kept = text.and_then(|t| serde_json::from_str::<Value>(&t).ok());
    kept.as_ref()
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|pair| {
            let text = |i: usize| pair.get(i).and_then(Value::as_str);
            run_files::parse(text(0)?, text(1)?).ok()
        })
        .collect()
}
