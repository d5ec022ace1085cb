//! What an MCP client is told without asking, on the stream its `GET /mcp`
//! opens (the streamable HTTP transport's way for a server to speak first):
//! changes to its session's episode that its own requests did not show it.
//! The trainer owns episodes (OpenEnv's rule) and may reset the session
//! over `/reset` or `/ws` while the agent plays through MCP; the client
//! then hears
//!
//! - `notifications/resources/list_changed`: a new episode (the resource
//!   list's titles name the episode on),
//! - `notifications/tools/list_changed`: the tools changed with the task
//!   or level (productivity's typed answers, support_triage's records
//!   desk at levels 4 and 5),
//! - `notifications/resources/updated` for each resource it subscribed to
//!   that changed: both on a new episode, the case on a step it did not
//!   play (another transport's).
//!
//! Each change is announced once, on one stream: a session has at most one
//! listening stream, the newest (an older one ends, so a client that
//! reconnects is never answered 409). What the client's own requests showed
//! it (a tool call's result, a resource it read, the tool list it fetched)
//! is not announced again. A change made before the stream opened is
//! announced as soon as it opens.

use std::collections::BTreeSet;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::response::sse::Event;
use env_wasm::{AnyEnv, EnvInfo, Progress};
use futures_util::{Stream, StreamExt, stream};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::resources;

/// An episode's task (by id) and level: what its tools follow.
type Playing = Option<(&'static str, u8)>;

fn playing(env: &AnyEnv) -> Playing {
    env.task().map(|t| t.id).zip(env.difficulty())
}

/// A session's episode as a notice compares it: how far it has gone, and
/// its task and level (the tools may follow them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    pub progress: Progress,
    pub task: Playing,
}

impl Mark {
    pub fn of(env: &AnyEnv) -> Mark {
        Mark {
            progress: env.progress(),
            task: playing(env),
        }
    }
}

/// What the client has been shown, by its own requests or by a notice.
#[derive(Debug)]
struct Told {
    episode: Mark,
    /// The task and level whose tools it last listed (or was told changed).
    tools_of: Playing,
}

/// One session's notices ([`crate::sessions::Session::notices`]).
#[derive(Debug)]
pub struct Notices {
    /// The episode after each change, by any transport.
    current: watch::Sender<Mark>,
    told: Mutex<Told>,
    /// Resource URIs the client subscribed to (`resources/subscribe`).
    subscribed: Mutex<BTreeSet<String>>,
    /// Counts the streams opened: a stream ends when a newer one opens.
    streams: watch::Sender<u64>,
}

impl Notices {
    pub fn new(mark: Mark) -> Notices {
        Notices {
            current: watch::Sender::new(mark),
            told: Mutex::new(Told {
                episode: mark,
                tools_of: mark.task,
            }),
            subscribed: Mutex::new(BTreeSet::new()),
            streams: watch::Sender::new(0),
        }
    }

    fn told(&self) -> MutexGuard<'_, Told> {
        self.told.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn subscribed(&self) -> MutexGuard<'_, BTreeSet<String>> {
        self.subscribed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The episode changed (the session's environment guard calls this).
    pub fn changed(&self, mark: Mark) {
        self.current.send_replace(mark);
    }

    /// The client was shown the episode as `env` has it (a tool call's
    /// result, the case it read): nothing to announce of it.
    pub fn shown_episode(&self, env: &AnyEnv) {
        self.told().episode = Mark::of(env);
    }

    /// The client listed the tools of `env`'s episode.
    pub fn shown_tools(&self, env: &AnyEnv) {
        self.told().tools_of = playing(env);
    }

    pub fn subscribe(&self, uri: &str) {
        self.subscribed().insert(uri.to_owned());
    }

    pub fn unsubscribe(&self, uri: &str) {
        self.subscribed().remove(uri);
    }

    /// The notifications the client is owed for the episode now at `now`,
    /// marking them told.
    fn owed(&self, info: &'static EnvInfo, now: Mark) -> Vec<Value> {
        let mut told = self.told();
        let mut owed = Vec::new();
        let new_episode = told.episode.progress.episodes != now.progress.episodes;
        if new_episode {
            owed.push(notification("notifications/resources/list_changed", None));
        }
        if new_episode || told.episode.progress != now.progress {
            for uri in self.subscribed().iter() {
                if new_episode || resources::changes_with_steps(uri) {
                    owed.push(notification(
                        "notifications/resources/updated",
                        Some(json!({ "uri": uri })),
                    ));
                }
            }
        }
        // Another task or level may have other tools; the same, the same.
        if told.tools_of != now.task && tools_of(info, told.tools_of) != tools_of(info, now.task) {
            owed.push(notification("notifications/tools/list_changed", None));
        }
        told.tools_of = now.task;
        told.episode = now;
        owed
    }

    /// The session's notification stream: SSE events of JSON-RPC
    /// notifications, from what is owed when it opens; it ends when the
    /// session ends or a newer stream opens.
    pub fn listen(
        self: &Arc<Self>,
        info: &'static EnvInfo,
    ) -> impl Stream<Item = Result<Event, Infallible>> + use<> {
        let mut opened = 0;
        self.streams.send_modify(|count| {
            *count += 1;
            opened = *count;
        });
        let state = (
            self.current.subscribe(),
            self.streams.subscribe(),
            Arc::downgrade(self),
        );
        stream::unfold(
            state,
            move |(mut current, mut streams, notices)| async move {
                loop {
                    let owed = {
                        let notices = notices.upgrade()?;
                        let now = *current.borrow_and_update();
                        notices.owed(info, now)
                    };
                    if !owed.is_empty() {
                        return Some((owed, (current, streams, notices)));
                    }
                    tokio::select! {
                        changed = current.changed() => changed.ok()?,
                        // A newer stream took over, or the session ended.
                        _ = streams.wait_for(|count| *count != opened) => return None,
                    }
                }
            },
        )
        .flat_map(|owed| {
            stream::iter(
                owed.into_iter()
                    .map(|message| Ok(Event::default().data(message.to_string()))),
            )
        })
    }
}

/// The tools of `task` (by id) at its level, else the environment's.
fn tools_of(info: &'static EnvInfo, task: Playing) -> Vec<env_wasm::tools::Tool> {
    let found = task.and_then(|(id, level)| info.task_tools(info.task(id)?, level).ok());
    found.unwrap_or_else(|| info.tools())
}

fn notification(method: &str, params: Option<Value>) -> Value {
    match params {
        Some(params) => json!({ "jsonrpc": "2.0", "method": method, "params": params }),
        None => json!({ "jsonrpc": "2.0", "method": method }),
    }
}

/// Whether `info`'s tool list differs between tasks or levels (so
/// `tools/list` may change with a reset, and the server says
/// `listChanged`).
pub fn tools_follow_task(info: &'static EnvInfo) -> bool {
    let mut played = info
        .tasks
        .iter()
        .flat_map(|task| info.levels.iter().map(move |&level| Some((task.id, level))));
    let first = played.next().flatten();
    played.any(|other| tools_of(info, other) != tools_of(info, first))
}
