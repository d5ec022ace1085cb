//! The end of an episode, where the eye is: the score, the rewards of every
//! step as a chart (each step and the running total), the breakdown with
//! each criterion's name and weight, how reward and score differ, and the
//! ways on (the same or the next seed, and how the reference solves it).

use env_wasm::decimal::fixed;
use leptos::prelude::*;
use serde_json::Value;

use crate::criteria;
use crate::episode::EpisodeView;
use crate::format::{exact, number, share, signed};
use crate::html::Html;
use crate::reference;

/// What ended the episode, in words (`terminated_by` of the state).
fn ended_by(state: &Value) -> &'static str {
    match state["terminated_by"].as_str() {
        Some("final_answer") => "by the final answer",
        Some("submit") => "by submit_episode",
        Some("max_steps") => "at the step limit",
        _ => "",
    }
}

/// The non-zero terms of a step's `reward_breakdown`, for its tooltip.
fn reward_terms(observation: &Value) -> String {
    observation["reward_breakdown"]
        .as_object()
        .map(|terms| {
            terms
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "value" | "total" | "terminal_grader"))
                .filter_map(|(k, v)| {
                    v.as_f64()
                        .filter(|x| *x != 0.0)
                        .map(|x| format!("{} {}", k.replace('_', " "), signed(x)))
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// Bars for each step's reward and a line for the running total, as SVG.
fn chart(episode: &EpisodeView) -> Html {
    let steps: Vec<(f64, String)> = episode
        .accepted()
        .map(|(_, r)| {
            (
                r.reward.unwrap_or(0.0),
                reward_terms(&r.observation.to_value()),
            )
        })
        .collect();
    let mut running = 0.0;
    let totals: Vec<f64> = steps
        .iter()
        .map(|(r, _)| {
            running += r;
            running
        })
        .collect();
    let all = steps.iter().map(|(r, _)| *r).chain(totals.iter().copied());
    let (low, high) = all.fold((0.0f64, 0.0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let span = (high - low).max(0.1);
    // A margin above and below keeps the line's ends inside the box.
    let (height, margin, slot) = (40.0, 3.0, 100.0 / steps.len().max(1) as f64);
    let place = |v: f64| height - margin - (v - low) / span * (height - 2.0 * margin);
    let y = |v: f64| fixed(place(v), 2);
    let mut svg = Html::new();
    svg.open("figure", &[("class", "chart")]);
    let label = format!(
        "Rewards of {} steps; total {}",
        steps.len(),
        signed(running)
    );
    svg.open(
        "svg",
        &[
            ("viewBox", "0 0 100 40"),
            ("preserveAspectRatio", "none"),
            ("role", "img"),
            ("aria-label", &label),
        ],
    );
    let zero = y(0.0);
    svg.element(
        "line",
        &[
            ("x1", "0"),
            ("x2", "100"),
            ("y1", &zero),
            ("y2", &zero),
            ("class", "axis"),
        ],
        "",
    );
    for (i, ((reward, terms), total)) in steps.iter().zip(&totals).enumerate() {
        let (top, bottom) = (place(reward.max(0.0)), place(reward.min(0.0)));
        let tip = format!(
            "Step {}: {} (running total {}){}{terms}",
            i + 1,
            signed(*reward),
            signed(*total),
            if terms.is_empty() { "" } else { ": " }
        );
        svg.open(
            "rect",
            &[
                ("x", &fixed(i as f64 * slot + slot * 0.15, 2)),
                ("y", &fixed(top, 2)),
                ("width", &fixed(slot * 0.7, 2)),
                ("height", &fixed((bottom - top).max(0.4), 2)),
                ("class", if *reward < 0.0 { "loss" } else { "gain" }),
            ],
        )
        .element("title", &[], &tip)
        .close("rect");
    }
    let line: Vec<String> = totals
        .iter()
        .enumerate()
        .map(|(i, t)| format!("{},{}", fixed(i as f64 * slot + slot / 2.0, 2), y(*t)))
        .collect();
    svg.element(
        "polyline",
        &[("points", &line.join(" ")), ("class", "running")],
        "",
    )
    .close("svg")
    .element(
        "figcaption",
        &[("class", "hint")],
        &format!(
            "Reward per step (bars) and running total (line): {}.",
            signed(running)
        ),
    )
    .close("figure");
    svg
}

/// The breakdown: every criterion with its name, weight and score.
pub(crate) fn breakdown(env: &str, task: &str, observation: &Value) -> Html {
    let scores = observation["score_breakdown"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let table = criteria::of_breakdown(env, task, &scores);
    let mut rows: Vec<(String, Option<u32>, f64)> = table
        .iter()
        .filter_map(|c| {
            scores
                .get(c.key)
                .map(|s| (c.name.clone(), Some(c.weight), s.as_f64().unwrap_or(0.0)))
        })
        .collect();
    for (key, value) in &scores {
        if !table.iter().any(|c| c.key == key) {
            rows.push((criteria::humanise(key), None, value.as_f64().unwrap_or(0.0)));
        }
    }
    let mut html = Html::new();
    html.open(
        "table",
        &[("class", "breakdown"), ("id", "score-breakdown")],
    )
    .open("thead", &[])
    .open("tr", &[])
    .element("th", &[], "Criterion")
    .element("th", &[("class", "num")], "Weight")
    .element("th", &[("class", "bar-cell")], "Score")
    .close("tr")
    .close("thead")
    .open("tbody", &[]);
    for (name, weight, value) in rows {
        html.open("tr", &[])
            .element("td", &[], &name)
            .element(
                "td",
                &[("class", "num")],
                &weight.map(share).unwrap_or_default(),
            )
            .open("td", &[])
            .open("div", &[("class", "bar-cell")])
            .score_bar(value, "num")
            .close("div")
            .close("td")
            .close("tr");
    }
    html.close("tbody").close("table");
    let single_task = observation["episode_tasks"]
        .as_array()
        .is_some_and(|t| t.len() == 1);
    if let Some(penalties) = observation["graded"]["penalties"]
        .as_object()
        .filter(|p| single_task && !p.is_empty())
    {
        let text = penalties
            .iter()
            .map(|(k, v)| {
                format!(
                    "{} -{}",
                    criteria::humanise(k),
                    number(v.as_f64().unwrap_or(0.0))
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        html.element(
            "p",
            &[("class", "hint")],
            &format!("Penalties taken off: {text}"),
        );
    }
    html
}

/// "Reward or score?" for this episode: what its own reward mode pays,
/// and the terms its last step was paid (a zero score's penalty too).
pub(crate) fn reward_explained(episode: &EpisodeView) -> String {
    if episode.reward_mode() == Some(env_wasm::RewardMode::Score.name()) {
        return "This episode pays in score mode: no step earns anything before the end, and the \
                step that ends it pays the task score, so its rewards add up to its score."
            .to_owned();
    }
    let mut text = format!(
        "{} {}",
        criteria::REWARD_VS_SCORE,
        criteria::rewards_of(&episode.env_id)
    );
    let terms: Vec<String> = episode.observation["reward_breakdown"]
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(term, value)| Some((term, value.as_f64()?)))
        .filter(|(_, value)| value.abs() > 1e-9)
        .map(|(term, value)| format!("{} {}", term.replace('_', " "), signed(value)))
        .collect();
    if !terms.is_empty() {
        text.push_str(&format!(
            " This episode's last step was paid: {}.",
            terms.join(", ")
        ));
    }
    text
}

/// The score card of a finished episode. `restart` starts a new episode of
/// the same task with the seed it is given.
pub(crate) fn card(episode: &EpisodeView, restart: Callback<u64>) -> impl IntoView + use<> {
    let score = episode.final_score().unwrap_or(0.0);
    let steps = episode.accepted().count();
    let total: f64 = episode.rewards().into_iter().flatten().sum();
    let how = ended_by(&episode.state);
    let seed = episode.seed;
    let next = seed.saturating_add(1).min(env_wasm::seam::MAX_SEED);
    let shown = RwSignal::new(false);
    let played = episode.clone();
    let mut figures = chart(episode);
    figures.append(breakdown(
        &episode.env_id,
        &episode.task,
        &episode.observation,
    ));
    let figures = figures.into_string();
    view! {
        <section class="result" id="result-card" tabindex="-1" aria-labelledby="result-title">
            <h3 id="result-title">"Episode over"</h3>
            <div id="final-score" data-score=exact(score)>
                "Score "<b title=exact(score)>{number(score)}</b>" of 1.00"
            </div>
            <p class="hint">{format!("Ended {how} {}; rewards add up to {}.", reference::steps_in_words(steps), signed(total))}</p>
            <div inner_html=figures></div>
            <details class="folded" open>
                <summary>"Reward or score?"</summary>
                <p class="hint" id="reward-explained">{reward_explained(episode)}</p>
            </details>
            <div class="actions">
                <button id="same-seed-btn" class="primary" on:click=move |_| restart.run(seed)>{format!("Play seed {seed} again")}</button>
                <button id="next-seed-btn" on:click=move |_| restart.run(next)>{format!("Next seed ({next})")}</button>
                <button id="reference-btn" aria-expanded=move || shown.get().to_string()
                    on:click=move |_| shown.update(|s| *s = !*s)>"How the reference solves it"</button>
            </div>
            {move || shown.get().then(|| view! { <div inner_html=reference::reveal(&played)></div> })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::episode::{Variant, play_policy};

    /// Issue 25: the explanation follows the episode's reward mode and
    /// names the terms it was paid, the zero score's penalty included.
    #[test]
    fn the_reward_is_explained_for_the_episodes_own_mode() {
        let play = |policy, mode| {
            play_policy(
                "productivity",
                "hard",
                3,
                policy,
                0,
                Variant {
                    reward_mode: mode,
                    difficulty: None,
                },
            )
            .expect("plays")
            .view
        };
        let scored = reward_explained(&play("reference", Some("score")));
        assert!(
            scored.contains("score mode") && !scored.contains("0.02"),
            "{scored}"
        );
        let shaped = reward_explained(&play("reference", None));
        assert!(
            shaped.contains("0.02") && shaped.contains("step penalty"),
            "{shaped}"
        );
        let zero = play("constant", None);
        assert_eq!(zero.final_score(), Some(0.0));
        let zero = reward_explained(&zero);
        assert!(zero.contains("wrong answer penalty -0.05"), "{zero}");
    }
}
