//! Export and import of an episode: the episode on show as a trajectory
//! file to download ([`record::export`]), and a chosen file replayed in full
//! before it replaces anything on the page (or handed to its own
//! environment's page when this bundle does not play it).

use env_wasm::registry;
use env_wasm::splits::DEFAULT_LEVEL;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::state::AppState;
use crate::record::{self, EpisodeRecord};
use crate::{episode, link, saved};

/// The Export episode link (while an episode is on show) and the Import
/// episode button.
pub(super) fn import_export(state: AppState) -> impl IntoView {
    let AppState {
        episode, notice, ..
    } = state;
    // An exported episode: replayed in full before anything on the page
    // changes, so a bad file leaves the episode, the pickers and the link
    // as they were.
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        // Choosing the same file again must read it again.
        input.set_value("");
        spawn_local(async move {
            let name = file.name();
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let text = text.ok().and_then(|t| t.as_string()).unwrap_or_default();
            let outcome = record::read(&text).and_then(|trajectory| {
                let record = EpisodeRecord::of_trajectory(&trajectory);
                if registry::find(&record.env).is_none()
                    && registry::LISTED.iter().any(|e| e.id == record.env)
                {
                    // Another environment's episode: kept for its page,
                    // which replays it on opening.
                    saved::keep_record(&trajectory);
                    let difficulty = record.difficulty.unwrap_or(DEFAULT_LEVEL);
                    let query = link::query(&record.env, &record.task, record.seed, difficulty);
                    let from = js_sys::encode_uri_component(&name);
                    link::open_page_of(
                        &record.env,
                        Some(format!("{query}&{}={from}", link::IMPORTED)),
                    );
                    return Ok(None);
                }
                let played = episode::replay(
                    &record.env,
                    &record.task,
                    record.seed,
                    record.variant(),
                    record.actions.iter().map(|a| (a.clone(), None)),
                )?;
                match played.view.steps.iter().position(|s| s.outcome.is_err()) {
                    Some(at) => {
                        let reason = played.view.steps[at]
                            .outcome
                            .as_ref()
                            .err()
                            .map(|e| e.message.clone())
                            .unwrap_or_default();
                        Err(format!("its action {} is refused: {reason}", at + 1))
                    }
                    None => Ok(Some(played)),
                }
            });
            match outcome {
                Ok(Some(played)) => state.install(played, Some(format!("Imported from {name}."))),
                // Its environment's page replays it.
                Ok(None) => {}
                Err(e) => notice.set(Some(format!(
                    "{name} was not imported ({e}); the episode on show is unchanged."
                ))),
            }
        });
    };

    let export_href = move || {
        episode.with(|view| {
            view.as_ref().map(|v| {
                let json = record::to_json(&record::export(v));
                format!(
                    "data:application/json;charset=utf-8,{}",
                    js_sys::encode_uri_component(&json)
                )
            })
        })
    };

    view! {
        {move || export_href().map(|href| view! { <a id="export-link" class="button" href=href download="deskbench-episode.json">"Export episode"</a> })}
        <label class="button">"Import episode"<input id="import-file" type="file" accept="application/json,.json" class="visually-hidden" on:change=import /></label>
    }
}
