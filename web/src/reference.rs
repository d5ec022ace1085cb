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
pub(crate) fn compact(action: &Value) -> String {
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

/// What the grader gave the agent for a compared field: read from the
/// episode's own grade (the criterion scores of the breakdown and the
/// grader's notes), never from whether the text equals the reference's,
/// since more than one answer is often right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    Full,
    Partial,
    Missed,
    /// No criterion grades this field on its own (or the grade does not say).
    Ungraded,
}

impl Mark {
    /// From the scores in [0, 1] of the criteria that grade a field: full
    /// when every one is, none when every one is 0.
    fn of_scores(scores: &[f64]) -> Mark {
        if scores.is_empty() {
            Mark::Ungraded
        } else if scores.iter().all(|s| *s >= 1.0 - 1e-9) {
            Mark::Full
        } else if scores.iter().all(|s| *s <= 1e-9) {
            Mark::Missed
        } else {
            Mark::Partial
        }
    }

    fn right(ok: bool) -> Mark {
        if ok { Mark::Full } else { Mark::Missed }
    }

    pub(crate) fn class(self) -> &'static str {
        match self {
            Mark::Full => "full",
            Mark::Partial => "partial",
            Mark::Missed => "missed",
            Mark::Ungraded => "ungraded",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Mark::Full => "✔ full marks",
            Mark::Partial => "◐ part marks",
            Mark::Missed => "✘ no marks",
            Mark::Ungraded => "– not graded alone",
        }
    }
}

/// One compared field: its name, the reference's value, the agent's, and
/// what the grader gave the agent's.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    field: String,
    expected: String,
    yours: String,
    mark: Mark,
}

const NOTHING: &str = "—";

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

/// The criterion scores of the episode's end (`score_breakdown`).
fn breakdown(view: &EpisodeView) -> Map<String, Value> {
    view.observation["score_breakdown"]
        .as_object()
        .cloned()
        .unwrap_or_default()
}

/// The scores of the criteria in `names` that `scores` has.
fn scores_of(scores: &Map<String, Value>, names: &[&str]) -> Vec<f64> {
    names
        .iter()
        .filter_map(|n| scores.get(*n).and_then(Value::as_f64))
        .collect()
}

/// The productivity criteria that grade answer field `field`: those named
/// after it (`retained_ids` and `retained_ids_order`), and for a booking
/// the checks its times and room decide.
fn productivity_criteria(field: &str, scores: &Map<String, Value>) -> Vec<f64> {
    let booking: &[&str] = match field {
        "start" | "end" => &[
            "duration",
            "no_blocked_overlap",
            "participant_availability",
            "valid_booking",
        ],
        "room" => &["room_valid"],
        _ => &[],
    };
    let prefix = format!("{field}_");
    let mut found: Vec<f64> = scores
        .iter()
        .filter(|(k, _)| *k == field || k.starts_with(&prefix))
        .filter_map(|(_, v)| v.as_f64())
        .collect();
    found.extend(scores_of(scores, booking));
    found
}

fn productivity_rows(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    let expected = graded_answer(reference).unwrap_or_default();
    let given = graded_answer(agent).unwrap_or_default();
    let scores = breakdown(agent);
    expected
        .iter()
        .map(|(field, value)| {
            let yours = given.get(field);
            let mark = match yours {
                None => Mark::Missed,
                Some(_) => Mark::of_scores(&productivity_criteria(field, &scores)),
            };
            Row {
                field: field.clone(),
                expected: shown(value),
                yours: yours.map_or_else(|| NOTHING.to_owned(), shown),
                mark,
            }
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

/// What the submit feedback says of `field` of ticket `id`
/// (`T-1: priority low (wrong; policy: urgent), department ...`): right,
/// wrong, or not graded when the feedback does not name it.
fn ticket_mark(feedback: &str, ids: &[String], id: &str, field: &str) -> Mark {
    let Some(start) = feedback.find(&format!("{id}: ")) else {
        return Mark::Ungraded;
    };
    let rest = &feedback[start..];
    let end = ids
        .iter()
        .filter(|other| other.as_str() != id)
        .filter_map(|other| rest.find(&format!("{other}: ")))
        .min()
        .unwrap_or(rest.len());
    let segment = &rest[..end];
    let named = [format!(": {field} "), format!(", {field} ")]
        .iter()
        .filter_map(|p| segment.find(p.as_str()))
        .min();
    let Some(at) = named else {
        return Mark::Ungraded;
    };
    let verdict = segment[at..].split(')').next().unwrap_or("");
    if verdict.contains("(right") {
        Mark::Full
    } else if verdict.contains("(wrong") {
        Mark::Missed
    } else {
        Mark::Ungraded
    }
}

fn support_rows(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    let inbox = |view: &EpisodeView| {
        view.observation["inbox"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    let theirs = inbox(agent);
    let feedback = text_of(&agent.observation["feedback"]);
    let ids: Vec<String> = inbox(reference)
        .iter()
        .map(|r| text_of(&r["ticket_id"]))
        .collect();
    let scores = breakdown(agent);
    let reply_scores: Vec<f64> = scores
        .iter()
        .filter(|(k, _)| k.starts_with("reply_"))
        .filter_map(|(_, v)| v.as_f64())
        .collect();
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
            let mark = ticket_mark(&feedback, &ids, &id, field);
            rows.push(Row {
                field: format!("{id} {field}"),
                expected: text_of(value),
                yours: yours.unwrap_or_else(|| NOTHING.to_owned()),
                mark,
            });
        }
        if let Some(reply) = reply_to(reference, &id) {
            let yours = reply_to(agent, &id);
            let mark = match yours {
                None if !reply_scores.is_empty() => Mark::Missed,
                _ => Mark::of_scores(&reply_scores),
            };
            rows.push(Row {
                field: format!("{id} reply"),
                expected: reply,
                yours: yours.unwrap_or_else(|| NOTHING.to_owned()),
                mark,
            });
        }
    }
    rows
}

/// The start of `label` in `text`, ignoring ASCII case (byte offsets stay
/// those of `text`, so slicing never lands inside a character).
fn find_label(text: &str, label: &str, from: usize) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    lower
        .get(from..)?
        .find(&label.to_ascii_lowercase())
        .map(|at| at + from)
}

/// The part of `response` under each of `labels` (a section runs from its
/// label to the next one), for display: the grader reads sections itself.
fn sections(response: &str, labels: &[String]) -> Vec<Option<String>> {
    let starts: Vec<Option<usize>> = labels.iter().map(|l| find_label(response, l, 0)).collect();
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

/// A triage answer cut into one block per person (from each `Employee:`
/// label to the next, or to the ranking), each with the name on its first
/// line.
fn person_blocks(response: &str, person_label: &str, ranking_label: &str) -> Vec<(String, String)> {
    let mut starts = Vec::new();
    let mut from = 0;
    while let Some(at) = find_label(response, person_label, from) {
        starts.push(at);
        from = at + person_label.len();
    }
    let ranking = find_label(response, ranking_label, 0).unwrap_or(response.len());
    starts
        .iter()
        .enumerate()
        .filter_map(|(i, &start)| {
            let next = starts.get(i + 1).copied().unwrap_or(response.len());
            let end = if ranking > start {
                next.min(ranking)
            } else {
                next
            };
            let block = response.get(start + person_label.len()..end)?;
            let block = block.trim_start_matches(':').trim();
            let name = block.lines().next().unwrap_or("").trim().to_owned();
            Some((name, block.to_owned()))
        })
        .collect()
}

/// The text of `note` between `from` and the next `to`.
fn between<'a>(note: &'a str, from: &str, to: &str) -> Option<&'a str> {
    let start = note.find(from)? + from.len();
    let end = note[start..].find(to)? + start;
    Some(&note[start..end])
}

/// What the triage grader's note on one person (`Name: tier read GREEN,
/// rubric gives GREEN; 24-hour support read ..., the tier needs ...;
/// 2-week action 1.00 (tackles the main stressor x); main stressor read
/// x.`) says of the field under `label`.
fn person_mark(note: &str, label: &str) -> Mark {
    let same = |read: Option<&str>, wanted: Option<&str>| match (read, wanted) {
        (Some(read), Some(wanted)) => Mark::right(read == wanted),
        _ => Mark::Ungraded,
    };
    // A person whose tier is wrong earns nothing for their actions.
    let tier_wrong = note.contains("the tier is wrong");
    match label.to_ascii_lowercase().as_str() {
        "tier" => same(
            between(note, "tier read ", ", rubric gives "),
            between(note, ", rubric gives ", ";"),
        ),
        "24-hour action" if tier_wrong => Mark::Missed,
        "24-hour action" => same(
            between(note, "24-hour support read ", ", the tier needs "),
            between(note, ", the tier needs ", ";"),
        ),
        "2-week action" if tier_wrong => Mark::Missed,
        "2-week action" => between(note, "2-week action ", " ")
            .and_then(|s| s.parse::<f64>().ok())
            .map_or(Mark::Ungraded, |s| Mark::of_scores(&[s])),
        "main stressor" => same(
            between(note, "main stressor read ", "."),
            between(note, "tackles the main stressor ", ")"),
        ),
        _ => Mark::Ungraded,
    }
}

/// The criteria that grade a section of a mental-health answer.
fn section_criteria(label: &str) -> Vec<String> {
    let lower = label.to_ascii_lowercase();
    let named: &[&str] = match lower.as_str() {
        "burnout dimensions" => &["dimensions"],
        "red flags" => &["red_flags"],
        "hr escalation" => &["escalation"],
        // The weeks are graded together: structure, owners, stressors, and
        // whether their actions are owned by this team's people by name.
        week if week.starts_with("week ") => &[
            "weekly_structure",
            "owners",
            "stressor_coverage",
            "aimed_at_this_team",
        ],
        _ => &[],
    };
    if named.is_empty() {
        vec![lower.replace([' ', '-'], "_")]
    } else {
        named.iter().map(|s| (*s).to_owned()).collect()
    }
}

/// One mental-health answer: its task, its text, the section labels of
/// the task it answered, and the grade it got.
struct Answered {
    task: String,
    response: String,
    labels: Vec<String>,
    graded: Value,
}

fn answers(view: &EpisodeView) -> Vec<Answered> {
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
            Answered {
                task: text_of(&a["task_id"]),
                response: text_of(&a["response"]),
                labels,
                graded: view.observation_after(i + 1)["graded"].clone(),
            }
        })
        .collect()
}

fn mental_health_rows(reference: &EpisodeView, agent: &EpisodeView) -> Vec<Row> {
    let given = answers(agent);
    let mut rows = Vec::new();
    for answer in answers(reference) {
        let task = answer.task.replace('_', " ");
        let mine = given.iter().find(|g| g.task == answer.task);
        let scores = mine
            .and_then(|m| m.graded["breakdown"].as_object().cloned())
            .unwrap_or_default();
        let notes: Vec<String> = mine
            .map(|m| crate::views::strings(&m.graded["notes"]))
            .unwrap_or_default();
        let labels = &answer.labels;
        // A triage answer has one block per person, then the ranking.
        let per_person = labels.len() > 2
            && labels
                .first()
                .is_some_and(|l| l.eq_ignore_ascii_case("employee"));
        let (team_labels, person_labels) = if per_person {
            let last = labels.len() - 1;
            (labels[last..].to_vec(), labels[1..last].to_vec())
        } else {
            (labels.clone(), Vec::new())
        };
        if per_person {
            let (person, ranking) = (&labels[0], &labels[labels.len() - 1]);
            let theirs = mine
                .map(|m| person_blocks(&m.response, person, ranking))
                .unwrap_or_default();
            for (name, block) in person_blocks(&answer.response, person, ranking) {
                let expected = sections(&block, &person_labels);
                let found = theirs
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(&name))
                    .map(|(_, b)| sections(b, &person_labels));
                let note = notes
                    .iter()
                    .find(|n| n.starts_with(&format!("{name}:")))
                    .map_or("", String::as_str);
                for (k, label) in person_labels.iter().enumerate() {
                    let yours = found.as_ref().and_then(|f| f.get(k).cloned().flatten());
                    let mark = match &yours {
                        None => Mark::Missed,
                        Some(_) => person_mark(note, label),
                    };
                    rows.push(Row {
                        field: format!("{task} · {name} · {label}"),
                        expected: expected[k].clone().unwrap_or_default(),
                        yours: yours.unwrap_or_else(|| NOTHING.to_owned()),
                        mark,
                    });
                }
            }
        }
        let expected = sections(&answer.response, &team_labels);
        let found = mine
            .map(|m| sections(&m.response, &team_labels))
            .unwrap_or_default();
        for (k, label) in team_labels.iter().enumerate() {
            let yours = found.get(k).cloned().flatten();
            let criteria = section_criteria(label);
            let names: Vec<&str> = criteria.iter().map(String::as_str).collect();
            let mark = match &yours {
                None => Mark::Missed,
                Some(_) => Mark::of_scores(&scores_of(&scores, &names)),
            };
            rows.push(Row {
                field: format!("{task} · {label}"),
                expected: expected[k].clone().unwrap_or_default(),
                yours: yours.unwrap_or_else(|| NOTHING.to_owned()),
                mark,
            });
        }
        // Penalties the grade took off the whole answer.
        let penalties: Vec<String> = mine
            .and_then(|m| m.graded["penalties"].as_object().cloned())
            .unwrap_or_default()
            .iter()
            .filter(|(_, v)| v.as_f64().is_some_and(|p| p.abs() > 1e-9))
            .map(|(k, v)| format!("{k}: {}", text_of(v)))
            .collect();
        if !penalties.is_empty() {
            rows.push(Row {
                field: format!("{task} · penalties"),
                expected: "none".to_owned(),
                yours: penalties.join(", "),
                mark: Mark::Missed,
            });
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
        let given = breakdown(agent);
        for (key, value) in breakdown(reference) {
            let name = crate::criteria::name_of(&agent.env_id, &agent.task, &key);
            let yours = given.get(&key).and_then(Value::as_f64);
            rows.push(Row {
                field: name,
                expected: number(value.as_f64().unwrap_or(0.0)),
                yours: yours.map_or_else(|| NOTHING.to_owned(), number),
                mark: yours.map_or(Mark::Missed, |s| Mark::of_scores(&[s])),
            });
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
pub(crate) fn steps_in_words(steps: usize) -> String {
    format!("in {}", crate::format::steps(steps))
}

/// The reference's episode on the scenario of `agent`, next to the
/// agent's, as HTML text (see [`crate::html`]).
pub(crate) fn reveal(agent: &EpisodeView) -> String {
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
        .element("th", &[], "Your grade")
        .close("tr")
        .close("thead")
        .open("tbody", &[]);
    for row in compared(&played, agent) {
        html.open("tr", &[("class", row.mark.class())])
            .element("th", &[("scope", "row")], &row.field)
            .open("td", &[])
            .element("div", &[("class", "cell-text")], &row.expected)
            .close("td")
            .open("td", &[])
            .element("div", &[("class", "cell-text")], &row.yours)
            .close("td")
            .element("td", &[("class", "mark")], row.mark.words())
            .close("tr");
    }
    html.close("tbody")
        .close("table")
        .close("div")
        .element(
            "p",
            &[("class", "hint")],
            "Your grade is what the grader gave each of your fields (its criterion scores and notes), \
             not whether your text equals the reference's: where more than one answer is right (a \
             calendar slot, a reply), the reference's is one of them.",
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
                    rows.iter().all(|r| r.expected == r.yours),
                    "{}/{}: {rows:?}",
                    env.id,
                    task.id
                );
                assert!(
                    rows.iter()
                        .all(|r| matches!(r.mark, Mark::Full | Mark::Ungraded)),
                    "{}/{}: a full score with a field marked wrong: {rows:?}",
                    env.id,
                    task.id
                );
                assert!(
                    rows.iter().any(|r| r.mark == Mark::Full),
                    "{}/{}: nothing marked: {rows:?}",
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

    /// Issue 25: a full-score answer worded otherwise than the reference's
    /// is marked right in every field, not "differs".
    #[test]
    fn a_full_score_in_other_words_is_marked_right() {
        let reference = episode::play_policy(
            "it_mental_health",
            "burnout_detection",
            5,
            "reference",
            0,
            Default::default(),
        )
        .expect("plays")
        .view;
        let reworded: Vec<(Value, Option<f64>)> = reference
            .accepted_actions()
            .into_iter()
            .map(|mut action| {
                let response = text_of(&action["response"]);
                action["response"] =
                    Value::String(format!("{response} We agreed this in the weekly review."));
                (action, None)
            })
            .collect();
        let agent = episode::replay(
            "it_mental_health",
            "burnout_detection",
            5,
            Default::default(),
            reworded,
        )
        .expect("replays")
        .view;
        assert_eq!(agent.final_score(), Some(1.0), "{}", agent.observation);
        let rows = compared(&reference, &agent);
        assert!(rows.iter().any(|r| r.expected != r.yours), "{rows:?}");
        assert!(rows.iter().all(|r| r.mark == Mark::Full), "{rows:?}");
        assert!(!reveal(&agent).contains("class=\"missed\""));
    }

    /// Every person of a triage answer has rows of their own, marked from
    /// the grader's note on them; a weak answer's misses are marked.
    #[test]
    fn every_person_of_a_triage_has_own_rows_and_misses_are_marked() {
        let play = |policy| {
            episode::play_policy(
                "it_mental_health",
                "stress_triage",
                3,
                policy,
                0,
                Default::default(),
            )
            .expect("plays")
            .view
        };
        let reference = play("reference");
        let employees = reference.first["subject"]["employees"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert!(employees.len() >= 2, "{}", reference.first);
        let rows = compared(&reference, &reference);
        for employee in &employees {
            let name = text_of(&employee["name"]);
            let own: Vec<&Row> = rows
                .iter()
                .filter(|r| r.field.contains(&format!("· {name} ·")))
                .collect();
            assert_eq!(own.len(), 4, "{name}: {rows:?}");
            assert!(own.iter().all(|r| r.mark == Mark::Full), "{name}: {own:?}");
            assert!(
                own.iter().all(|r| !r.expected.contains("Employee")),
                "{own:?}"
            );
        }
        let weak = play("constant");
        assert!(weak.final_score().is_some_and(|s| s < 0.5));
        let rows = compared(&reference, &weak);
        assert!(rows.iter().any(|r| r.mark == Mark::Missed), "{rows:?}");

        // Support triage and productivity: a weak answer is marked from
        // the feedback and the breakdown, field by field.
        for env in ["support_triage", "productivity"] {
            for task in ["easy", "medium", "hard"] {
                let reference =
                    episode::play_policy(env, task, 3, "reference", 0, Default::default())
                        .expect("plays")
                        .view;
                let weak = episode::play_policy(env, task, 3, "random", 0, Default::default())
                    .expect("plays")
                    .view;
                if weak.final_score().is_some_and(|s| s < 1.0) {
                    let rows = compared(&reference, &weak);
                    assert!(
                        rows.iter()
                            .any(|r| matches!(r.mark, Mark::Missed | Mark::Partial)),
                        "{env}/{task}: {rows:?} {}",
                        weak.observation
                    );
                }
            }
        }
    }

    #[test]
    fn triage_feedback_is_read_per_ticket() {
        let feedback = "Episode submitted. Score 0.2500. T-1: priority low (wrong; policy: urgent), \
                        department technical (right; policy: technical). T-2: priority urgent \
                        (right; policy: urgent), department general (wrong; policy: billing).";
        let ids = vec!["T-1".to_owned(), "T-2".to_owned()];
        assert_eq!(ticket_mark(feedback, &ids, "T-1", "priority"), Mark::Missed);
        assert_eq!(ticket_mark(feedback, &ids, "T-1", "department"), Mark::Full);
        assert_eq!(ticket_mark(feedback, &ids, "T-2", "priority"), Mark::Full);
        assert_eq!(
            ticket_mark(feedback, &ids, "T-2", "department"),
            Mark::Missed
        );
        assert_eq!(
            ticket_mark(feedback, &ids, "T-2", "disposition"),
            Mark::Ungraded
        );
        assert_eq!(
            ticket_mark(feedback, &ids, "T-3", "priority"),
            Mark::Ungraded
        );
        assert_eq!(Mark::of_scores(&[1.0, 0.5]), Mark::Partial);
        assert_eq!(Mark::of_scores(&[0.0, 0.0]), Mark::Missed);
        assert_eq!(Mark::of_scores(&[]), Mark::Ungraded);
    }
}
