//! Answers written by a model playing `it_mental_health` black-box (over
//! HTTP, never reading the source, in varied styles, at every level), with
//! its own verdict of what each answer got right. Every answer it judged
//! right, and every answer whose points it lost only to the grader (class
//! "B": a misreading; "C": a rule the instruction did not state, since
//! stated), must score full: a point lost there is a grader defect.
//! Answers whose lost points the player called its own mistake are kept
//! out. The corpus files are JSON lines under `corpus/`.

use env_wasm::it_mental_health::INFO;
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use serde_json::Value;

const CORPORA: &[(&str, &str)] = &[
    (
        "it_mental_health-p1",
        include_str!("corpus/it_mental_health-p1.jsonl"),
    ),
    (
        "it_mental_health-p2",
        include_str!("corpus/it_mental_health-p2.jsonl"),
    ),
    // The it_mental_health episodes of the MCP player, one record an
    // episode: its accepted `answer` calls in order, level and seed taken
    // from the episode URL (`source_line` is the line of
    // `player_corpus/2026-12-02/mcp-p2/episodes.jsonl`).
    ("mcp-p2", include_str!("corpus/mcp-p2.jsonl")),
];

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
    (
        "it_mental_health-p2",
        1,
        "burnout dimensions: 'no direct evidence of A or of B' negation",
    ),
    (
        "it_mental_health-p2",
        4,
        "plan: 'automation' tags an incident fix as toil; KPI 'hours/week' units",
    ),
    (
        "it_mental_health-p2",
        5,
        "plan: 'automation' tags an incident fix as toil; KPI 'hours/week' units",
    ),
    (
        "it_mental_health-p2",
        6,
        "plan: 'automation' tags an incident fix as toil; KPI 'hours/week' units",
    ),
    (
        "it_mental_health-p2",
        7,
        "plan: 'automation' tags an incident fix as toil",
    ),
    (
        "it_mental_health-p2",
        8,
        "burnout red flag: 'on call every third day'",
    ),
    (
        "it_mental_health-p2",
        11,
        "plan budget: '$X in total — $Y for ...' read as the first item",
    ),
    (
        "it_mental_health-p2",
        15,
        "plan KPI 'h/week' units; budget 'total, for: item $x' read as a range",
    ),
    (
        "it_mental_health-p2",
        16,
        "plan KPI 'h/week' units; budget 'total, for: item $x' read as a range",
    ),
    (
        "it_mental_health-p2",
        17,
        "plan budget: 'total, for: item $x' read as a range",
    ),
    (
        "it_mental_health-p2",
        21,
        "plan budget: '$X in total: $Y for ...' read as the first item",
    ),
    (
        "it_mental_health-p2",
        26,
        "triage 24h (C): occupational health beside a safety plan read as a hedge",
    ),
    (
        "it_mental_health-p2",
        27,
        "plan owners (C): contractor hiring owned by the hiring remit",
    ),
    ("it_mental_health-p2", 28, "plan KPI: 'hrs/wk' units"),
    (
        "it_mental_health-p2",
        29,
        "triage 2-week: a role answer without the word reorganisation",
    ),
    (
        "it_mental_health-p2",
        33,
        "triage tier voided by a justification quoting two case signs",
    ),
    (
        "it_mental_health-p2",
        34,
        "triage tier voided by a justification quoting two case signs",
    ),
    (
        "it_mental_health-p2",
        36,
        "triage tier voided by a justification quoting two case signs",
    ),
    (
        "it_mental_health-p2",
        42,
        "triage 2-week: 'escalation rota' not read as the customers stressor",
    ),
    (
        "it_mental_health-p2",
        43,
        "triage 2-week: 'escalation rota' not read as the customers stressor",
    ),
    ("it_mental_health-p2", 51, "plan KPI: '7 h → 3 h' units"),
    ("it_mental_health-p2", 52, "plan KPI: '7 h → 3 h' units"),
    (
        "it_mental_health-p2",
        55,
        "triage 24h: same-day medical check not read as safety support",
    ),
    (
        "it_mental_health-p2",
        56,
        "triage 24h: same-day medical check not read as safety support",
    ),
    (
        "it_mental_health-p2",
        57,
        "triage 24h: same-day medical check not read as safety support",
    ),
    (
        "it_mental_health-p2",
        59,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        60,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        61,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        62,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        63,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        64,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        65,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        66,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        67,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        68,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        69,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        70,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        71,
        "plan: 'interrupted nights' read as the priorities stressor",
    ),
    (
        "it_mental_health-p2",
        74,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        75,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        76,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        77,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        78,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        79,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        80,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        81,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        82,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        83,
        "plan: 'ask the team what to do together and book it' not read as a team event",
    ),
    (
        "it_mental_health-p2",
        86,
        "plan: cover for long-term leave not read as staffing",
    ),
    (
        "it_mental_health-p2",
        89,
        "plan KPI (C): reorganisation KPI worded 'new structure'",
    ),
    (
        "it_mental_health-p2",
        90,
        "plan KPI (C): reorganisation KPI worded 'new structure'",
    ),
    (
        "it_mental_health-p2",
        94,
        "plan budget: '$X overall, made up of ... ($Y)' read as a range",
    ),
    (
        "it_mental_health-p2",
        96,
        "burnout dimensions: 'rather than cynicism' negation",
    ),
    (
        "it_mental_health-p2",
        107,
        "plan: 'reorganises the on-call rota' read as the reorg stressor",
    ),
    (
        "it_mental_health-p2",
        111,
        "burnout red flag: 'week or more off' matched to the hours fact",
    ),
    (
        "it_mental_health-p2",
        112,
        "burnout red flag: 'week or more off' matched to the hours fact",
    ),
    (
        "it_mental_health-p2",
        113,
        "burnout red flag: 'week or more off' matched to the hours fact",
    ),
    (
        "it_mental_health-p2",
        114,
        "burnout red flag: 'week or more off' matched to the hours fact",
    ),
    (
        "mcp-p2",
        1,
        "triage 2-week: 'CI escalation queue' not read as the customers stressor",
    ),
    (
        "mcp-p2",
        4,
        "triage 2-week: 'CI escalation queue' not read as the customers stressor",
    ),
    (
        "mcp-p2",
        12,
        "triage 2-week: 'escalation queue' not read as the customers stressor",
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

/// The record's seed, or the seed of its validation task when the player
/// chose the task by split and index (`it_mental_health-p2`).
fn seed_of(record: &Value) -> Option<u64> {
    if let Some(seed) = record["seed"].as_u64() {
        return Some(seed);
    }
    let split = INFO.split(record["split"].as_str()?).ok()?;
    let task = INFO.task_at(split, record["index"].as_u64()?).ok()?;
    (task.task.id == record["task"].as_str()?
        && u64::from(task.difficulty) == record["level"].as_u64()?)
    .then_some(task.seed)
}

/// Whether the player judged every point the answer lost to be the
/// grader's (or lost none).
fn judged_right(record: &Value) -> bool {
    record["verdict"]["lost_points"]
        .as_array()
        .is_none_or(|lost| {
            lost.iter().all(|l| {
                // "B?" is a grader defect the player was not sure of.
                l["class"]
                    .as_str()
                    .is_some_and(|c| c.starts_with('B') || c.starts_with('C'))
            })
        })
}

#[test]
fn every_answer_the_player_judged_right_scores_full() {
    let mut failures = Vec::new();
    let mut graded = 0;
    let mut total_score = 0i64;
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
            let (Some(level), Some(seed)) = (record["level"].as_u64(), seed_of(&record)) else {
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
                total_score += i64::from(grade.total.0);
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
        "{graded} answers graded, mean score {:.4}, {} known open (grader work left)",
        total_score as f64 / 10_000.0 / f64::from(graded.max(1)),
        KNOWN_OPEN.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {graded} answers lost points:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
