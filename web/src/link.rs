//! The page's address as a link to an episode
//! (`?env=&task=&seed=&difficulty=`): read at start-up, with a message for each part that names nothing, written
//! back on every start, and copied to the clipboard, also from inside the
//! Hugging Face Space's iframe, where the asynchronous clipboard may be
//! denied by the frame's permissions.

use env_wasm::registry::{self, ENVIRONMENTS};
use env_wasm::seam::MAX_SEED;
use env_wasm::splits::{DEFAULT_LEVEL, DIFFICULTY};
use env_wasm::{EnvInfo, TaskInfo};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The episode a link names, and what in it was not understood.
#[derive(Debug)]
pub(crate) struct Linked {
    pub env: &'static EnvInfo,
    pub task: &'static TaskInfo,
    pub seed: u64,
    /// The difficulty level, one the environment serves.
    pub difficulty: u8,
    /// One sentence per part of the link that named nothing.
    pub problems: Vec<String>,
    /// The file an episode was imported from on another environment's page
    /// (`&imported=`), which sent it here to be replayed (see
    /// [`open_page_of`]).
    pub imported: Option<String>,
}

/// Read `?env=&task=&seed=&difficulty=` (a query string, with or without
/// its `?`).
pub(crate) fn parse(query: &str) -> Linked {
    let mut env_name = None;
    let mut task_name = None;
    let mut seed_text = None;
    let mut level_text = None;
    let mut imported = None;
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = decode(value);
        match key {
            "env" => env_name = Some(value),
            "task" => task_name = Some(value),
            "seed" => seed_text = Some(value),
            DIFFICULTY => level_text = Some(value),
            IMPORTED => imported = Some(value),
            _ => {}
        }
    }
    let mut problems = Vec::new();
    let env = match env_name.as_deref() {
        None => ENVIRONMENTS[0],
        Some(name) => registry::find(name).unwrap_or_else(|| {
            problems.push(format!(
                "The link names no environment `{name}` (there are {}); showing {}.",
                registry::LISTED
                    .iter()
                    .map(|e| e.id)
                    .collect::<Vec<_>>()
                    .join(", "),
                ENVIRONMENTS[0].id
            ));
            ENVIRONMENTS[0]
        }),
    };
    let task = match task_name.as_deref() {
        None => env.default_task(),
        Some(name) => env.task(name).unwrap_or_else(|| {
            problems.push(format!(
                "{} has no task `{name}` (it has {}); showing {}.",
                env.id,
                env.task_ids(),
                env.default_task().id
            ));
            env.default_task()
        }),
    };
    let seed = match seed_text.as_deref() {
        None => 42,
        Some(text) => match text.trim().parse::<u64>() {
            Ok(seed) if seed <= MAX_SEED => seed,
            _ => {
                problems.push(format!(
                    "The link's seed `{text}` is not a whole number from 0 to {MAX_SEED}; showing seed 42."
                ));
                42
            }
        },
    };
    let difficulty = match level_text.as_deref() {
        None => DEFAULT_LEVEL,
        Some(text) => match text.trim().parse::<u8>() {
            Ok(level) if env.levels.contains(&level) => level,
            _ => {
                let (first, last) = (env.levels.first(), env.levels.last());
                problems.push(format!(
                    "{} has no level `{text}` (it has {} to {}); showing level {DEFAULT_LEVEL}.",
                    env.id,
                    first.unwrap_or(&DEFAULT_LEVEL),
                    last.unwrap_or(&DEFAULT_LEVEL)
                ));
                DEFAULT_LEVEL
            }
        },
    };
    Linked {
        env,
        task,
        seed,
        difficulty,
        problems,
        imported,
    }
}

/// The link's key for the file an episode was imported from.
pub(crate) const IMPORTED: &str = "imported";

/// Percent-decoding of a query value (`+` is a space), without the DOM, so
/// it runs in native tests too; bytes that are not UTF-8 become U+FFFD.
fn decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let byte = match bytes[i] {
            b'+' => b' ',
            b'%' => match bytes
                .get(i + 1..i + 3)
                .filter(|hex| hex.iter().all(u8::is_ascii_hexdigit))
                .and_then(|hex| std::str::from_utf8(hex).ok())
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            {
                Some(byte) => {
                    i += 2;
                    byte
                }
                None => b'%',
            },
            other => other,
        };
        out.push(byte);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The query string of an episode.
pub(crate) fn query(env: &str, task: &str, seed: u64, difficulty: u8) -> String {
    format!("?env={env}&task={task}&seed={seed}&{DIFFICULTY}={difficulty}")
}

/// Open the page of an environment this bundle does not carry: each
/// environment's code is a bundle of its own, which the loader in
/// `index.html` picks by the address's `env` (scripts/build-web.sh).
/// `query` names the episode to open there (see [`query`]).
pub(crate) fn open_page_of(env: &str, query: Option<String>) {
    if let Some(window) = web_sys::window() {
        let _ = window
            .location()
            .assign(&query.unwrap_or_else(|| format!("?env={env}")));
    }
}

/// Put the episode in the address bar, so the page's address links to it:
/// as a new history entry when `new_entry` and the address names another
/// episode or view (Back then returns to the one before), else in place.
pub(crate) fn show_in_address_bar(
    env: &str,
    task: &str,
    seed: u64,
    difficulty: u8,
    new_entry: bool,
) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(history) = window.history() else {
        return;
    };
    let query = query(env, task, seed, difficulty);
    let location = window.location();
    let here = location.search().unwrap_or_default();
    let hash = location.hash().unwrap_or_default();
    if new_entry && (here != query || !hash.is_empty()) {
        let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&query));
    } else {
        // The view the address names stays (a reload of `#runs` is Runs).
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{query}{hash}")));
    }
}

/// The page's views, each named by the address's hash (the episode's
/// address stays in the query), so a reload, Back and Forward keep it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum View {
    Play,
    /// The task explorer, `#tasks`.
    Tasks,
    /// The run viewer, `#runs`.
    Runs,
}

impl View {
    fn hash(self) -> &'static str {
        match self {
            View::Play => "",
            View::Tasks => "#tasks",
            View::Runs => "#runs",
        }
    }
}

fn hash_in_address() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The view the address names (the play view for any other hash); a view
/// may follow its hash with its own state (`#tasks?split=...`).
pub(crate) fn view_in_address() -> View {
    let hash = hash_in_address();
    let name = hash.split_once('?').map_or(hash.as_str(), |(name, _)| name);
    [View::Tasks, View::Runs]
        .into_iter()
        .find(|view| view.hash() == name)
        .unwrap_or(View::Play)
}

/// The state the address gives its view, after the hash's `?`, as
/// `(key, value)` pairs.
pub(crate) fn view_state() -> Option<Vec<(String, String)>> {
    let hash = hash_in_address();
    let (_, state) = hash.split_once('?')?;
    Some(
        state
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|pair| {
                let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                (key.to_owned(), decode(value))
            })
            .collect(),
    )
}

/// Put `state` (`key=value&...`) after `view`'s hash: as a new history
/// entry when `new_entry` (Back returns to the state before), else in place.
pub(crate) fn show_view_state(view: View, state: &str, new_entry: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    let url = format!("{path}{search}{}?{state}", view.hash());
    if let Ok(history) = window.history() {
        let _ = if new_entry {
            history.push_state_with_url(&JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
        };
    }
}

/// A history entry for a switch between the page's views.
pub(crate) fn show_view(view: View) {
    if view == view_in_address() {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_default();
    let search = location.search().unwrap_or_default();
    let url = format!("{path}{search}{}", view.hash());
    if let Ok(history) = window.history() {
        let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The page's address (in a Space, the Space's own `*.hf.space` address).
pub(crate) fn current() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Copy `text`: the asynchronous clipboard where the page may use it, else
/// the older copy command on a selected text area (allowed in a frame
/// during a click). `Err` when both are refused.
pub(crate) async fn copy(text: &str) -> Result<(), ()> {
    let window = web_sys::window().ok_or(())?;
    let clipboard = js_sys::Reflect::get(&window.navigator(), &"clipboard".into())
        .ok()
        .filter(|c| !c.is_undefined() && !c.is_null());
    if let Some(clipboard) = clipboard {
        let write = js_sys::Reflect::get(&clipboard, &"writeText".into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let Some(write) = write
            && let Ok(promise) = write.call1(&clipboard, &text.into())
            && let Ok(promise) = promise.dyn_into::<js_sys::Promise>()
            && JsFuture::from(promise).await.is_ok()
        {
            return Ok(());
        }
    }
    copy_by_command(text)
}

fn copy_by_command(text: &str) -> Result<(), ()> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or(())?;
    let area = document
        .create_element("textarea")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .ok_or(())?;
    area.set_value(text);
    let _ = area.set_attribute("readonly", "");
    let _ = area.set_attribute("style", "position:fixed;top:0;left:0;opacity:0");
    let body = document.body().ok_or(())?;
    let _ = body.append_child(&area);
    area.select();
    let copied = document
        .dyn_ref::<web_sys::HtmlDocument>()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    area.remove();
    if copied { Ok(()) } else { Err(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_an_episode_or_says_what_it_does_not_name() {
        let good = parse("?env=support_triage&task=ticket_queue&seed=7&difficulty=4");
        assert_eq!(
            (good.env.id, good.task.id, good.seed, good.difficulty),
            ("support_triage", "medium", 7, 4)
        );
        assert!(good.problems.is_empty());
        assert_eq!(
            query("support_triage", "medium", 7, 4),
            "?env=support_triage&task=medium&seed=7&difficulty=4"
        );
        assert_eq!(parse("?env=productivity").difficulty, DEFAULT_LEVEL);

        let bad = parse("env=nope&seed=abc");
        assert_eq!((bad.env.id, bad.seed), (ENVIRONMENTS[0].id, 42));
        assert_eq!(bad.problems.len(), 2, "{:?}", bad.problems);
        assert!(bad.problems[0].contains("`nope`") && bad.problems[1].contains("`abc`"));

        let task = parse("?env=productivity&task=huge&seed=9007199254740992");
        assert_eq!(task.problems.len(), 2, "{:?}", task.problems);
        for level in ["0", "6", "-1", "2.5", "abc", "", "256", "%E2%82"] {
            let odd = parse(&format!("?seed=3&difficulty={level}"));
            assert_eq!((odd.seed, odd.difficulty), (3, DEFAULT_LEVEL), "{level}");
            assert_eq!(odd.problems.len(), 1, "{level}: {:?}", odd.problems);
            assert!(
                odd.problems[0].contains("has no level"),
                "{:?}",
                odd.problems
            );
        }
        assert!(parse("").problems.is_empty());
        assert_eq!(
            parse("?env=it%5Fmental%5Fhealth").env.id,
            "it_mental_health"
        );
        for odd in [
            "%",
            "%4",
            "%zz",
            "seed=%E2%82",
            "&&=&seed",
            "difficulty",
            "difficulty==",
        ] {
            let _ = parse(odd);
        }
    }
}
