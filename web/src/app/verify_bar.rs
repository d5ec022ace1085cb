//! The verify bar: once an episode is over and a server answers, Verify on
//! server replays its actions there ([`crate::verify`]) and the page says
//! whether the server's score and rewards match the browser's.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::episode::EpisodeView;
use crate::format::exact;
use crate::record::EpisodeRecord;
use crate::verify;

/// What Verify on server has found for the episode on show.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Verify {
    Idle,
    Running,
    Done {
        local: Option<f64>,
        server: Option<f64>,
        matched: bool,
    },
    Failed(String),
}

fn score_text(score: Option<f64>) -> String {
    score.map(exact).unwrap_or_else(|| "-".to_owned())
}

/// A score in the page's one precision (the exact figure goes in a title).
fn shown_score(score: Option<f64>) -> String {
    score
        .map(crate::format::number)
        .unwrap_or_else(|| "-".to_owned())
}

/// The Verify on server button, while the server answers and `over` says
/// the episode has ended.
pub(super) fn verify_button(
    episode: RwSignal<Option<EpisodeView>>,
    verify_state: RwSignal<Verify>,
    server_up: RwSignal<bool>,
    over: impl Fn() -> bool + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let run_verify = move |_| {
        let Some(view) = episode.get_untracked() else {
            return;
        };
        let record = EpisodeRecord::of(&view);
        verify_state.set(Verify::Running);
        spawn_local(async move {
            verify_state.set(match verify::replay(&record).await {
                Ok(server) => Verify::Done {
                    local: record.final_score,
                    server: server.final_score,
                    matched: server.final_score == record.final_score
                        && server.rewards == record.rewards,
                },
                Err(e) => Verify::Failed(e),
            });
        });
    };
    view! {
        <Show when=move || server_up.get() && over()>
            <button id="verify-btn" on:click=run_verify>"Verify on server"</button>
        </Show>
    }
}

/// What the last Verify on server found, below the action buttons.
pub(super) fn verify_result(verify_state: RwSignal<Verify>) -> impl IntoView {
    move || {
        match verify_state.get() {
        Verify::Idle => None,
        Verify::Running => Some(view! { <p id="verify-result" class="muted">"Replaying on the server…"</p> }.into_any()),
        Verify::Done { local, server, matched } => Some(view! {
            <p id="verify-result" class=if matched { "match" } else { "mismatch" } data-server-score=score_text(server)
                title=format!("exactly {} in the browser, {} on the server", score_text(local), score_text(server))>
                {if matched { "✔ match" } else { "✘ mismatch" }}
                {format!(": browser {} · server {}", shown_score(local), shown_score(server))}
            </p>
        }.into_any()),
        Verify::Failed(e) => Some(view! { <p id="verify-result" class="mismatch">{format!("Could not verify: {e}")}</p> }.into_any()),
    }
    }
}
