//! "How the reference solves it", shown once an episode is over: the
//! reference policy plays the same scenario in the page (env-wasm's
//! `policies` feature: the ground truth is in the page already, since the
//! page generates and grades every scenario itself), and its actions and
//! graded answers stand next to the agent's. The answers are read out of
//! the actions and final observations for display only; both were graded
//! by the seam.

use env_wasm::RewardMode;
use serde_json::{Map, Value};

use crate::episode::{self, EpisodeView};
use crate::format::{exact, number, signed};
use crate::html::Html;
use crate::views::text_of;

/// A short one-line form of an action: the command text of an action that
/// is only one (productivity's `raw`), else its fields as `key: value`
/// (text as written, on one line).
pub fn compact(action: &Value) -> String {
    let text = match action {
        Value::Object(fields) => match fields.get("raw").filter(|_| fields.len() == 1) {
            Some(Value::String(raw)) => raw.clone(),
            _ => fields
                .iter()
                .map(|(k, v)| format!("{k}: {}", text_of(v).replace('\n', " / ")))
                .collect::<Vec<_>>()
                .join(" · "),
        },
        other => other.to_string(),
    };
    if text.chars().count() > 160 {
        format!("{}…", text.chars().take(160).collect::<String>())
    } else {
        text
    }
}

/// One compared field: its name, the reference's value and the agent's.
type Row = (String, String, String);

/// The answer object of a productivity command (`final: {json}`).
fn answer_of(action: &Value) -> Option<Map<String, Value>> {
    let raw = action.get("raw").or(Some(action)).and_then(Value::as_str)?;
    let (_, json) = raw.split_once(':')?;
    serde_json::from_str(json).ok()
}

/// The answer graded at the end: the final one, else the last draft.
fn graded_answer(view: &EpisodeView) -> Option<Map<String, Value>> {
    view.accepted_actions().iter().rev().find_map(answer_of)
}

fn productivity_rows(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    let expected = graded_answer(reference).unwrap_or_default();
    let given = graded_answer(agent).unwrap_or_default();
    expected
        .iter()
        .map(|(field, value)| {
            let yours = given
                .get(field)
                .map(shown)
                .unwrap_or_else(|| "—".to_owned());
            (field.clone(), shown(value), yours)
        })
        .collect()
}

/// The last reply the actions drafted for `ticket`.
fn reply_to(view: &EpisodeView, ticket: &str) -> Option<String> {
    view.accepted_actions().iter().rev().find_map(|a| {
        (a["command"] == "draft_reply" && a["ticket_id"] == ticket)
            .then(|| text_of(&a["reply_body"]))
    })
}

fn support_rows(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    let inbox = |view: &EpisodeView| {
        view.observation["inbox"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let theirs = inbox(agent);
    let mut rows = Vec::new();
    for row in inbox(reference) {
        let id = text_of(&row["ticket_id"]);
        let mine = theirs.iter().find(|r| r["ticket_id"] == row["ticket_id"]);
        for field in ["priority", "department", "disposition"] {
            let value = &row[field];
            if field == "disposition" && value.is_null() {
                continue;
            }
            let yours = mine.map(|m| text_of(&m[field])).filter(|t| !t.is_empty());
            rows.push((
                format!("{id} {field}"),
                text_of(value),
                yours.unwrap_or_else(|| "—".to_owned()),
            ));
        }
        if let Some(reply) = reply_to(reference, &id) {
            rows.push((
                format!("{id} reply"),
                reply,
                reply_to(agent, &id).unwrap_or_else(|| "—".to_owned()),
            ));
        }
    }
    rows
}

/// The part of `response` under each of `labels` (a section runs from its
/// label to the next one), for display: the grader reads sections itself.
fn sections(response: &str, labels: &[String]) -> Vec<Option<String>> {
    let lower = response.to_lowercase();
    let starts: Vec<Option<usize>> = labels
        .iter()
        .map(|l| lower.find(&l.to_lowercase()))
        .collect();
    starts
        .iter()
        .zip(labels)
        .map(|(start, label)| {
            let start = (*start)?;
            let end = starts
                .iter()
                .flatten()
                .copied()
                .filter(|s| *s > start)
                .min()
                .unwrap_or(response.len());
            let body = response.get(start + label.len()..end)?;
            Some(body.trim_start_matches(':').trim().to_owned())
        })
        .collect()
}

fn mental_health_rows(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    // Each answer with the section labels of the task it answered.
    let answers = |view: &EpisodeView| -> Vec<(String, String, Vec<String>)> {
        view.accepted_actions()
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let format = &view.observation_after(i)["response_format"]["sections"];
                let labels = format
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|s| text_of(&s["label"]))
                    .collect();
                (text_of(&a["task_id"]), text_of(&a["response"]), labels)
            })
            .collect()
    };
    let given = answers(agent);
    let mut rows = Vec::new();
    for (task, response, labels) in answers(reference) {
        let yours = given
            .iter()
            .find(|(t, _, _)| *t == task)
            .map(|(_, r, _)| r.as_str());
        let expected = sections(&response, &labels);
        let found = yours.map(|r| sections(r, &labels)).unwrap_or_default();
        for (k, label) in labels.iter().enumerate() {
            let mine = found
                .get(k)
                .cloned()
                .flatten()
                .unwrap_or_else(|| "—".to_owned());
            let theirs = expected[k].clone().unwrap_or_default();
            rows.push((
                format!("{} · {label}", task.replace('_', " ")),
                theirs,
                mine,
            ));
        }
    }
    rows
}

/// The graded answers of the reference and the agent, field by field.
fn compared(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    let mut rows = match agent.env_id.as_str() {
        "productivity" => productivity_rows(reference, agent),
        "support_triage" => support_rows(reference, agent),
        "it_mental_health" => mental_health_rows(reference, agent),
        _ => Vec::new(),
    };
    if rows.is_empty() {
        // An environment the page has no comparison for: its criteria.
        let scores = |view: &EpisodeView| {
            view.observation["score_breakdown"]
                .as_object()
                .cloned()
                .unwrap_or_default()
        };
        let given = scores(agent);
        for (key, value) in scores(reference) {
            let name = crate::criteria::name_of(&agent.env_id, &agent.task, &key);
            let yours = given
                .get(&key)
                .and_then(Value::as_f64)
                .map_or_else(|| "—".to_owned(), number);
            rows.push((name, number(value.as_f64().unwrap_or(0.0)), yours));
        }
    }
    rows
}

/// A value as people write it: a list as its items with commas.
fn shown(value: &Value) -> String {
    match value {
        Value::Array(items) => items.iter().map(text_of).collect::<Vec<_>>().join(", "),
        other => text_of(other),
    }
}

/// `in 1 step`, `in 7 steps`.
pub fn steps_in_words(steps: usize) -> String {
    format!("in {steps} step{}", if steps == 1 { "" } else { "s" })
}

/// The reference's episode on the scenario of `agent`, next to the
/// agent's, as HTML text (see [`crate::html`]).
pub fn reveal(agent: &EpisodeView) -> String {
    let mut html = Html::new();
    // The reference is paid as the agent was: a `score`-mode episode (a run
    // file's, or one started in that mode) shows the reference's rewards in
    // that mode too, not the environment's shaping.
    let variant = agent.variant();
    let played = match episode::play_policy(
        &agent.env_id,
        &agent.task,
        agent.seed,
        "reference",
        0,
        variant,
    ) {
        Ok(played) => played.view,
        Err(e) => {
            html.element(
                "p",
                &[("class", "error"), ("id", "reference")],
                &format!("The reference cannot play here: {e}"),
            );
            return html.into_string();
        }
    };
    let score = played.final_score().unwrap_or(0.0);
    let actions = Value::Array(played.accepted_actions()).to_string();
    let rewards = played
        .rewards()
        .iter()
        .map(|r| exact(r.unwrap_or(0.0)))
        .collect::<Vec<_>>()
        .join(" ");
    let mode = variant
        .reward_mode
        .and_then(RewardMode::parse)
        .unwrap_or_default();
    html.open(
        "section",
        &[
            ("id", "reference"),
            ("class", "reference"),
            ("data-actions", &actions),
            ("data-score", &exact(score)),
            ("data-rewards", &rewards),
            ("data-reward-mode", mode.name()),
        ],
    )
    .element(
        "h3",
        &[],
        &format!(
            "The reference scores {} {}",
            number(score),
            steps_in_words(played.accepted().count())
        ),
    )
    .element(
        "p",
        &[("class", "hint")],
        &format!(
            "Rewards paid as in your episode, in {} mode ({}).",
            mode.name(),
            match mode {
                RewardMode::Score => "nothing before the end, the score on the last step",
                RewardMode::Shaped => "the environment's per-step shaping",
            }
        ),
    )
    .open("ol", &[("class", "reference-steps")]);
    for (action, result) in played.accepted() {
        html.open("li", &[])
            .element("code", &[], &compact(action))
            .text(" ")
            .element(
                "span",
                &[("class", "reward")],
                &signed(result.reward.unwrap_or(0.0)),
            )
            .close("li");
    }
    html.close("ol")
        .open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data compare")])
        .open("thead", &[])
        .open("tr", &[])
        .element("th", &[], "Graded")
        .element("th", &[], "Reference")
        .element("th", &[], "Yours")
        .close("tr")
        .close("thead")
        .open("tbody", &[]);
    for (field, expected, yours) in compared(&played, agent) {
        let class = if expected == yours { "same" } else { "differs" };
        html.open("tr", &[("class", class)])
            .element("th", &[("scope", "row")], &field)
            .open("td", &[])
            .element("div", &[("class", "cell-text")], &expected)
            .close("td")
            .open("td", &[])
            .element("div", &[("class", "cell-text")], &yours)
            .close("td")
            .close("tr");
    }
    html.close("tbody")
        .close("table")
        .close("div")
        .element(
            "p",
            &[("class", "hint")],
            "Where more than one answer is right (a calendar slot, a reply), the reference's is one of them.",
        )
        .close("section");
    html.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_cut_at_their_labels() {
        let labels = vec!["Severity".to_owned(), "Red flags".to_owned()];
        let cut = sections("Severity: high\nRed flags:\n- one\n", &labels);
        assert_eq!(cut, vec![Some("high".to_owned()), Some("- one".to_owned())]);
        assert_eq!(sections("nothing here", &labels), vec![None, None]);
        assert_eq!(sections("İİ Severity: x", &labels).len(), 2);
    }

    #[test]
    fn the_reference_is_paid_in_the_agents_reward_mode() {
        let play = |mode| {
            episode::play_policy(
                "support_triage",
                "easy",
                4,
                "reference",
                0,
                episode::Variant {
                    reward_mode: mode,
                    difficulty: None,
                },
            )
            .expect("plays")
            .view
        };
        let (score_mode, shaped) = (play(Some("score")), play(None));
        assert_eq!(score_mode.reward_mode(), Some("score"));
        assert_eq!(shaped.reward_mode(), None);
        assert_ne!(
            score_mode.rewards(),
            shaped.rewards(),
            "the modes pay alike"
        );
        for (agent, mode) in [(&score_mode, "score"), (&shaped, "shaped")] {
            let rewards: Vec<String> = agent
                .rewards()
                .iter()
                .map(|r| exact(r.unwrap_or(0.0)))
                .collect();
            let shown = reveal(agent);
            assert!(
                shown.contains(&format!("data-rewards=\"{}\"", rewards.join(" "))),
                "{mode}: {shown}"
            );
            assert!(
                shown.contains(&format!("data-reward-mode=\"{mode}\"")),
                "{shown}"
            );
        }
    }

    #[test]
    fn every_task_compares_the_reference_field_by_field() {
        for env in env_wasm::registry::ENVIRONMENTS {
            for task in env.tasks {
                let agent =
                    episode::play_policy(env.id, task.id, 2, "reference", 0, Default::default())
                        .expect("plays")
                        .view;
                let reference =
                    episode::play_policy(env.id, task.id, 2, "reference", 0, Default::default())
                        .expect("plays")
                        .view;
                let rows = compared(&reference, &agent);
                assert!(!rows.is_empty(), "{}/{}", env.id, task.id);
                assert!(
                    rows.iter().all(|(_, a, b)| a == b),
                    "{}/{}: {rows:?}",
                    env.id,
                    task.id
                );
                assert!(reveal(&agent).contains("data-actions"));
            }
        }
        assert_eq!(compact(&serde_json::json!({"raw": "inspect"})), "inspect");
        assert_eq!(
            compact(&serde_json::json!({"command": "view_ticket", "ticket_id": "T-1"})),
            "command: view_ticket · ticket_id: T-1"
        );
    }
}
