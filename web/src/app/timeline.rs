//! The Timeline panel: every step of the episode on show with its action,
//! reward and feedback, and a stepper; choosing a step shows the scenario
//! as it stood after it.

use leptos::prelude::*;

use super::state::{AppState, Tab};
use crate::episode::EpisodeView;
use crate::format::{exact, signed};
use crate::html::{Html, clicked_data};
use crate::reference::compact;
use crate::views;

/// The steps of an episode as HTML text (see [`crate::html`]): each
/// accepted step's number is a button that shows the scenario after it.
fn timeline_html(view: &EpisodeView, shown: Option<usize>) -> String {
    let mut html = Html::new();
    let mut n = 0;
    for step in &view.steps {
        let differs = step.reward_differs();
        match &step.outcome {
            Ok(result) => {
                n += 1;
                let observation = result.observation.to_value();
                let feedback = ["last_feedback", "feedback"]
                    .iter()
                    .find_map(|k| observation.get(*k))
                    .map(views::text_of)
                    .unwrap_or_default();
                let mut class = "step".to_owned();
                if differs {
                    class.push_str(" differs");
                }
                if shown == Some(n) {
                    class.push_str(" shown");
                }
                let mut reward = result.reward.map(signed).unwrap_or_default();
                if let Some(recorded) = step.recorded_reward.filter(|_| differs) {
                    reward.push_str(&format!(" (file: {})", signed(recorded)));
                }
                let exact_reward = result.reward.map(exact).unwrap_or_default();
                html.open("li", &[("class", &class)])
                    .open("div", &[("class", "step-head")])
                    .element(
                        "button",
                        &[
                            ("class", "step-no"),
                            ("data-step", &n.to_string()),
                            ("title", "Show the scenario after this step"),
                        ],
                        &format!("#{n}"),
                    )
                    .element("code", &[], &compact(&step.action))
                    .element(
                        "span",
                        &[("class", "reward"), ("title", &exact_reward)],
                        &reward,
                    )
                    .close("div")
                    .element("div", &[("class", "feedback")], &feedback)
                    .close("li");
            }
            Err(error) => {
                let class = if differs {
                    "step refused differs"
                } else {
                    "step refused"
                };
                html.open("li", &[("class", class)])
                    .open("div", &[("class", "step-head")])
                    .element("b", &[], "refused")
                    .element("code", &[], &compact(&step.action))
                    .close("div")
                    .element(
                        "div",
                        &[("class", "feedback")],
                        &format!("{}: {}", error.code, error.message),
                    )
                    .close("li");
            }
        }
    }
    html.into_string()
}

/// The Timeline panel of the episode on show.
pub(super) fn timeline_panel(state: AppState) -> impl IntoView {
    let AppState {
        episode,
        shown_step,
        tab,
        ..
    } = state;
    let timeline = move || {
        let shown = shown_step.get();
        episode.with(|view| {
            view.as_ref()
                .map(|v| timeline_html(v, shown))
                .unwrap_or_default()
        })
    };
    let on_timeline_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(step) = clicked_data(&ev, "step").and_then(|s| s.parse().ok()) {
            shown_step.set(Some(step));
            tab.set(Tab::Scenario);
        }
    };
    let stepper = move || {
        let total = episode.with(|e| e.as_ref().map_or(0, |v| v.accepted().count()));
        (total > 0).then(|| {
            let at = move || shown_step.get().unwrap_or(total);
            view! {
                <div class="stepper" aria-label="Step through the episode">
                    <button id="step-prev" aria-label="Previous step" disabled=move || at() == 0 on:click=move |_| shown_step.set(Some(at().saturating_sub(1)))>"◀"</button>
                    <span>{move || if at() == 0 { "the start".to_owned() } else { format!("after step {} of {total}", at()) }}</span>
                    <button id="step-next" aria-label="Next step" disabled=move || total <= at() on:click=move |_| { let next = at() + 1; shown_step.set((next < total).then_some(next)); }>"▶"</button>
                </div>
            }
        })
    };
    view! {
        <section class="panel" id="timeline-panel" aria-label="Timeline">
            <h2>"Timeline"</h2>
            {stepper}
            <ol id="timeline" class="timeline" on:click=on_timeline_click inner_html=timeline></ol>
        </section>
    }
}
