//! What the page's parts share: the pickers' choices, the episode on show
//! with its session, and the panel and notes around it, as `Copy` signals in
//! one [`AppState`]; and the moves several parts make with them (show a
//! played episode, begin a new one, ask before replacing one in progress).

use env_wasm::registry::{self, ENVIRONMENTS};
use env_wasm::splits::DEFAULT_LEVEL;
use env_wasm::{AnyEnv, EnvInfo};
use leptos::prelude::*;

use super::verify_bar::Verify;
use crate::episode::{self, EpisodeView, Played};
use crate::format::number;
use crate::link::{self, View};

/// The panel on show below 900 px, where the three do not fit side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tab {
    Scenario,
    Act,
    Timeline,
}

impl Tab {
    pub(super) const ALL: [(Tab, &'static str, &'static str); 3] = [
        (Tab::Scenario, "tab-scenario", "Scenario"),
        (Tab::Act, "tab-act", "Act"),
        (Tab::Timeline, "tab-timeline", "Timeline"),
    ];

    pub(super) fn name(self) -> &'static str {
        match self {
            Tab::Scenario => "scenario",
            Tab::Act => "act",
            Tab::Timeline => "timeline",
        }
    }
}

/// Whether `view` is an episode with work in it that a new one would
/// replace: steps taken and no end yet.
fn in_progress(view: &EpisodeView) -> bool {
    !view.done && view.accepted().next().is_some()
}

/// What a screen reader hears when an episode ends.
pub(super) fn announcement(view: &EpisodeView) -> String {
    match view.final_score() {
        Some(score) => format!(
            "Episode over after {} steps. Score {} of 1.",
            view.accepted().count(),
            number(score)
        ),
        None => "Episode over.".to_owned(),
    }
}

/// The signals the pickers, the panels, the verify bar and import/export
/// all read or set: each part takes this one `Copy` value.
#[derive(Clone, Copy)]
pub(super) struct AppState {
    pub(super) env_id: RwSignal<String>,
    pub(super) task_id: RwSignal<String>,
    pub(super) seed_text: RwSignal<String>,
    pub(super) level: RwSignal<u8>,
    pub(super) session: StoredValue<AnyEnv, LocalStorage>,
    pub(super) episode: RwSignal<Option<EpisodeView>>,
    /// Bumped on every start so the composer is rebuilt per episode, not per step.
    pub(super) started: RwSignal<u64>,
    /// The accepted step whose scenario is on show (`None`: the latest).
    pub(super) shown_step: RwSignal<Option<usize>>,
    /// Where a replayed episode came from (a run file, an import).
    pub(super) source: RwSignal<Option<String>>,
    pub(super) raw_text: RwSignal<String>,
    pub(super) notice: RwSignal<Option<String>>,
    pub(super) announced: RwSignal<String>,
    pub(super) verify_state: RwSignal<Verify>,
    pub(super) tab: RwSignal<Tab>,
    /// Play, the task explorer or the run viewer, as the address's hash says.
    pub(super) page_view: RwSignal<View>,
    /// The episode Start would begin, while the page asks whether to
    /// replace the one in progress.
    pub(super) confirm_start: RwSignal<Option<(&'static EnvInfo, String, u64, u8)>>,
    /// While the address already names the episode going on show (the
    /// first one, or one Back or Forward moved to), it is written in place
    /// instead of as a new history entry, which would cut off Forward.
    pub(super) address_given: StoredValue<bool>,
}

impl AppState {
    /// The first environment's first task at seed 42 and the default level,
    /// before any episode is on show.
    pub(super) fn new() -> AppState {
        AppState {
            env_id: RwSignal::new(ENVIRONMENTS[0].id.to_owned()),
            task_id: RwSignal::new(ENVIRONMENTS[0].default_task().id.to_owned()),
            seed_text: RwSignal::new("42".to_owned()),
            level: RwSignal::new(DEFAULT_LEVEL),
            session: StoredValue::new_local(AnyEnv::of(ENVIRONMENTS[0])),
            episode: RwSignal::new(None::<EpisodeView>),
            started: RwSignal::new(0u64),
            shown_step: RwSignal::new(None::<usize>),
            source: RwSignal::new(None::<String>),
            raw_text: RwSignal::new(String::new()),
            notice: RwSignal::new(None::<String>),
            announced: RwSignal::new(String::new()),
            verify_state: RwSignal::new(Verify::Idle),
            tab: RwSignal::new(Tab::Scenario),
            page_view: RwSignal::new(View::Play),
            confirm_start: RwSignal::new(None::<(&'static EnvInfo, String, u64, u8)>),
            address_given: StoredValue::new(true),
        }
    }

    /// The environment the picker names (the first one when it names none).
    pub(super) fn picked(self) -> &'static EnvInfo {
        registry::find(&self.env_id.get()).unwrap_or(ENVIRONMENTS[0])
    }

    /// Whether the episode on show has ended.
    pub(super) fn over(self) -> bool {
        self.episode.with(|e| e.as_ref().is_some_and(|v| v.done))
    }

    /// Show a played episode: its session goes on from where it stands.
    pub(super) fn install(self, played: Played, from: Option<String>) {
        let Played { env, view } = played;
        link::show_in_address_bar(
            &view.env_id,
            &view.task,
            view.seed,
            view.level(),
            !self.address_given.get_value(),
        );
        self.env_id.set(view.env_id.clone());
        self.task_id.set(view.task.clone());
        self.seed_text.set(view.seed.to_string());
        self.level.set(view.level());
        let over = view.done;
        if over {
            self.announced.set(announcement(&view));
        }
        self.session.set_value(env);
        self.raw_text.set(String::new());
        self.episode.set(Some(view));
        self.started.update(|n| *n += 1);
        self.shown_step.set(None);
        self.source.set(from);
        self.verify_state.set(Verify::Idle);
        self.notice.set(None);
        self.page_view.set(View::Play);
        self.confirm_start.set(None);
        self.tab.set(if over { Tab::Act } else { Tab::Scenario });
    }

    /// A new episode at `difficulty`, rewards paid in the seam's default mode.
    pub(super) fn begin(self, env: &'static EnvInfo, task: String, seed: u64, difficulty: u8) {
        let variant = episode::Variant {
            reward_mode: None,
            difficulty: Some(difficulty),
        };
        match episode::replay(env.id, &task, seed, variant, Vec::new()) {
            Ok(played) => self.install(played, None),
            Err(e) => self.notice.set(Some(e)),
        }
    }

    /// A new episode, after asking when it would replace one in progress.
    pub(super) fn start_or_ask(
        self,
        env: &'static EnvInfo,
        task: String,
        seed: u64,
        difficulty: u8,
    ) {
        if self
            .episode
            .with_untracked(|e| e.as_ref().is_some_and(in_progress))
        {
            self.confirm_start.set(Some((env, task, seed, difficulty)));
        } else {
            self.begin(env, task, seed, difficulty);
        }
    }
}
