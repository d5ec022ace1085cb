//! Answers written by a model playing `it_mental_health` black-box (over
//! HTTP, never reading the source, in varied styles, at every level), with
//! its own verdict of what each answer got right. Every answer it judged
//! right, and every answer whose points it lost only to the grader (class
//! "B": a misreading; "C": a rule the instruction did not state, since
//! stated), must score full: a point lost there is a grader defect.
//! Answers whose lost points the player called its own mistake are kept
//! out. The corpus files are JSON lines under `corpus/`.

use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use serde_json::Value;

const CORPORA: &[(&str, &str)] = &[(
    "it_mental_health-p1",
    include_str!("corpus/it_mental_health-p1.jsonl"),
)];

/// Answers the player judged right that still lose points, each with the
/// defect class it shows (corpus, line, class): open grader work, listed
/// so that every other answer is held to full and a fixed one is noticed.
const KNOWN_OPEN: &[(&str, usize, &str)] = &[
    (
        "it_mental_health-p1",
        16,
        "plan KPI: an arrow KPI with units not read as improving",
    ),
    (
        "it_mental_health-p1",
        17,
        "plan KPI: an arrow KPI with units not read as improving",
    ),
    (
        "it_mental_health-p1",
        18,
        "plan KPI: an event KPI not read as improving",
    ),
    (
        "it_mental_health-p1",
        19,
        "plan KPI: events per quarter not read as improving",
    ),
    (
        "it_mental_health-p1",
        22,
        "triage 24h: a safety plan with a negated aside, OH or a GP",
    ),
    (
        "it_mental_health-p1",
        23,
        "triage 24h: a safety plan with a negated aside, OH or a GP",
    ),
    (
        "it_mental_health-p1",
        24,
        "triage 24h: a safety plan with a negated aside, OH or a GP",
    ),
    (
        "it_mental_health-p1",
        25,
        "triage 24h: OH or a GP beside a safety plan read as a hedge",
    ),
    (
        "it_mental_health-p1",
        26,
        "triage 2-week: a protective step on another stressor",
    ),
    (
        "it_mental_health-p1",
        30,
        "plan budget and owners at level 5",
    ),
    ("it_mental_health-p1", 31, "plan owners at level 5"),
    ("it_mental_health-p1", 52, "full episode at level 3"),
    (
        "it_mental_health-p1",
        57,
        "plan: 'Outcome:' after a full stop",
    ),
    (
        "it_mental_health-p1",
        58,
        "plan weekly structure: one week's action not read",
    ),
    (
        "it_mental_health-p1",
        59,
        "plan weekly structure: one week's action not read",
    ),
    (
        "it_mental_health-p1",
        63,
        "burnout red flag: 'no week or more off' not read as leave",
    ),
    (
        "it_mental_health-p1",
        64,
        "burnout red flag: 'no week or more off' not read as leave",
    ),
    (
        "it_mental_health-p1",
        70,
        "plan KPI: an arrow KPI with units not read as improving",
    ),
];

fn kind(task: &str) -> Option<TaskKind> {
    match task {
        "burnout_detection" => Some(TaskKind::BurnoutDetection),
        "stress_triage" => Some(TaskKind::StressTriage),
        "intervention_plan" => Some(TaskKind::InterventionPlan),
        _ => None,
    }
}

/// Whether the player judged every point the answer lost to be the
/// grader's (or lost none).
fn judged_right(record: &Value) -> bool {
    record["verdict"]["lost_points"]
        .as_array()
        .is_none_or(|lost| {
            lost.iter()
                .all(|l| matches!(l["class"].as_str(), Some("B" | "C")))
        })
}

#[test]
fn every_answer_the_player_judged_right_scores_full() {
    let mut failures = Vec::new();
    let mut graded = 0;
    for (name, corpus) in CORPORA {
        for (line, text) in corpus.lines().enumerate() {
            let Ok(record) = serde_json::from_str::<Value>(text) else {
                failures.push(format!("{name}:{}: not JSON", line + 1));
                continue;
            };
            if !judged_right(&record) {
                continue;
            }
            let task = record["task"].as_str().unwrap_or("");
            // A full episode answers the three tasks in order.
            let kinds: Vec<TaskKind> = match task {
                "full_episode" => TaskKind::ALL.to_vec(),
                other => kind(other).into_iter().collect(),
            };
            let (Some(level), Some(seed)) = (record["level"].as_u64(), record["seed"].as_u64())
            else {
                failures.push(format!("{name}:{}: no level or seed", line + 1));
                continue;
            };
            let actions = record["actions"].as_array().into_iter().flatten();
            let known = KNOWN_OPEN
                .iter()
                .find(|(n, l, _)| *n == *name && *l == line + 1);
            let mut all_full = true;
            for (kind, action) in kinds.iter().zip(actions) {
                let case = Case::generate_at(*kind, u8::try_from(level).unwrap_or(2), seed);
                let Some(response) = action["response"].as_str() else {
                    continue;
                };
                graded += 1;
                let grade = case.grade(response);
                all_full &= grade.total.0 == 10_000;
                if grade.total.0 < 10_000 && known.is_none() {
                    failures.push(format!(
                        "{name}:{} ({} level {level} seed {seed}, {}): {:?} {:?}\n{}",
                        line + 1,
                        record["task"],
                        record["style"],
                        grade.total,
                        grade.criteria,
                        grade.notes.join("\n")
                    ));
                }
            }
            if all_full && known.is_some() {
                failures.push(format!(
                    "{name}:{} now scores full: take it off KNOWN_OPEN",
                    line + 1
                ));
            }
        }
    }
    println!(
        "{graded} answers graded, {} known open (grader work left)",
        KNOWN_OPEN.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {graded} answers lost points:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
