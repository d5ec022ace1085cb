//! How the page names what a grader scores: a human name and the weight of
//! every criterion of every task, and one sentence per environment on how
//! its step rewards relate to its score. The core reports criteria by key
//! (`score_breakdown`); the names are the page's, and the weights are the
//! graders' own, held here because no observation carries them. The tests
//! below prove them: for many seeds, levels and every policy, the weighted
//! sum of a final breakdown (less any penalties) is the episode's score.

use serde_json::{Map, Value};

/// One graded criterion of a task.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Criterion {
    /// The key in `score_breakdown`.
    pub key: &'static str,
    pub name: &'static str,
    /// The criterion's share of the score, in basis points (10,000 = all).
    pub weight: u32,
}

const fn c(key: &'static str, name: &'static str, weight: u32) -> Criterion {
    Criterion { key, name, weight }
}

const EMAIL: &[Criterion] = &[
    c("label", "Label", 6000),
    c("priority", "Priority", 2000),
    c("needs_reply", "Needs a reply", 2000),
];
const CALENDAR: &[Criterion] = &[
    c("day", "Day", 500),
    c("duration", "Duration", 500),
    c("participants", "Required people invited", 1000),
    c("no_blocked_overlap", "Clear of blocked windows", 1000),
    c("participant_availability", "Everyone is free", 3500),
    c("room_valid", "Room open and big enough", 3500),
];
/// A calendar with preferences (levels 3 to 5).
const CALENDAR_WITH_PREFERENCES: &[Criterion] = &[
    c("day", "Day", 500),
    c("duration", "Duration", 500),
    c("participants", "Required people invited", 1000),
    c("no_blocked_overlap", "Clear of blocked windows", 1000),
    c("participant_availability", "Everyone is free", 3000),
    c("room_valid", "Room open and big enough", 3000),
    c(
        "preferences",
        "Preferences met (of the most possible)",
        1000,
    ),
];
const CLEANING: &[Criterion] = &[
    c("valid_rows", "Valid row count", 1500),
    c("duplicate_ids", "Duplicate ids", 1500),
    c("invalid_emails", "Invalid emails", 1500),
    c("normalized_total", "Normalised total", 2000),
    c("retained_ids", "Retained ids", 2000),
    c("retained_ids_order", "Retained ids in table order", 1500),
];
const BURNOUT: &[Criterion] = &[
    c("dimensions", "Burnout dimensions", 2000),
    c("severity", "Severity", 3000),
    c("red_flags", "Grounded red flags", 3000),
    c("escalation", "HR escalation", 2000),
];
const TRIAGE: &[Criterion] = &[
    c("tiers", "Triage tier of each person", 4000),
    c("priority_ranking", "Priority ranking", 2000),
    c("immediate_actions", "Actions within 24 hours", 1500),
    c("two_week_support", "Two-week support", 1500),
    c("stressors", "Stressors named", 1000),
];
const PLAN: &[Criterion] = &[
    c("stressor_coverage", "Stressors covered", 3500),
    c("weekly_structure", "Weekly structure", 1500),
    c("owners", "Owners from the roster", 1500),
    c("kpis", "KPIs with targets", 2000),
    c("risk", "Risk and mitigation", 500),
    c("budget", "Budget within range", 1000),
];
/// A full episode scores the mean of its three tasks.
const FULL_EPISODE: &[Criterion] = &[
    c("burnout_detection", "Burnout detection (task 1)", 3333),
    c("stress_triage", "Stress triage (task 2)", 3333),
    c("intervention_plan", "Intervention plan (task 3)", 3334),
];
const TICKET_LABELS: &[Criterion] = &[
    c("priority", "Priority of each ticket", 5000),
    c("department", "Department of each ticket", 5000),
];
const EXCEPTION: &[Criterion] = &[
    c("priority", "Priority", 1500),
    c("department", "Department", 1000),
    c("disposition", "Disposition", 2500),
    c("reply_elements", "Reply: required elements", 1000),
    c("reply_handling", "Reply: handles the case", 1500),
    c("reply_compliance", "Reply: keeps to the policy", 2500),
];

/// The criteria tables of a task, each in the order the page lists them:
/// the calendar's gains a criterion when its scenario has preferences.
fn tables(env: &str, task: &str) -> &'static [&'static [Criterion]] {
    match (env, task) {
        ("productivity", "easy") => &[EMAIL],
        ("productivity", "medium") => &[CALENDAR, CALENDAR_WITH_PREFERENCES],
        ("productivity", "hard") => &[CLEANING],
        ("it_mental_health", "full_episode") => &[FULL_EPISODE],
        ("it_mental_health", "burnout_detection") => &[BURNOUT],
        ("it_mental_health", "stress_triage") => &[TRIAGE],
        ("it_mental_health", "intervention_plan") => &[PLAN],
        ("support_triage", "hard") => &[EXCEPTION],
        ("support_triage", _) => &[TICKET_LABELS],
        _ => &[],
    }
}

/// The criteria of a task's graded `breakdown`: the table with exactly its
/// keys (the task's first table when none has).
pub fn of_breakdown(env: &str, task: &str, breakdown: &Map<String, Value>) -> &'static [Criterion] {
    let tables = tables(env, task);
    tables
        .iter()
        .find(|t| t.len() == breakdown.len() && t.iter().all(|c| breakdown.contains_key(c.key)))
        .or(tables.first())
        .copied()
        .unwrap_or(&[])
}

/// A key as words, for a criterion or penalty the table does not name.
pub fn humanise(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// The name the page shows for `key` of a task.
pub fn name_of(env: &str, task: &str, key: &str) -> String {
    tables(env, task)
        .iter()
        .flat_map(|t| t.iter())
        .find(|c| c.key == key)
        .map_or_else(|| humanise(key), |c| c.name.to_owned())
}

/// Reward against score, in general and for one environment.
pub const REWARD_VS_SCORE: &str = "The reward is what each step earns for training: step costs and \
     penalties along the way, and on the step that ends the episode the task score. The score is \
     the grade of the episode in [0, 1], given only at the end, from the criteria listed with their \
     weights. Rewards do not add up to the score.";

pub fn rewards_of(env: &str) -> &'static str {
    match env {
        "productivity" => {
            "Here every step costs 0.02 (more for a repeated or malformed command) and the graded \
             step adds the score, so a perfect first `final` earns 0.98."
        }
        "support_triage" => {
            "Here every step costs 0.01, first views and first complete labels of each ticket \
             share at most 0.20 of process reward, and the submit step adds the score of the desk."
        }
        "it_mental_health" => {
            "Here each answer's reward is the score of its task; a full episode's score is the mean \
             of its three task scores."
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use env_wasm::registry::ENVIRONMENTS;
    use env_wasm::rng::SeededRng;
    use env_wasm::{AnyEnv, ResetDefaults};
    use serde_json::json;

    use super::*;

    /// Play `policy` on a fresh episode; the final observation.
    fn play(env: &str, task: &str, difficulty: u8, seed: u64, policy: &str) -> Option<Value> {
        let mut session = AnyEnv::new(env).ok()?;
        let options = json!({"task": task, "difficulty": difficulty, "seed": seed});
        let mut last = session.reset(&options, ResetDefaults::default()).ok()?;
        let mut rng = SeededRng::new(seed, 1000);
        for _ in 0..60 {
            if session.is_done() {
                return Some(last.observation.to_value());
            }
            let action = session.policy_action(policy, &mut rng)?;
            last = session.step(&action).ok()?;
        }
        None
    }

    #[test]
    fn every_task_has_criteria_whose_weights_add_up_to_one() {
        for env in ENVIRONMENTS {
            for task in env.tasks {
                let all = tables(env.id, task.id);
                assert!(!all.is_empty(), "{}/{}", env.id, task.id);
                for criteria in all {
                    let sum: u32 = criteria.iter().map(|c| c.weight).sum();
                    assert_eq!(sum, 10_000, "{}/{}", env.id, task.id);
                }
            }
        }
    }

    #[test]
    fn the_weighted_breakdown_less_penalties_is_the_score() {
        let mut checked = 0;
        let mut tables_seen = std::collections::BTreeSet::new();
        for env in ENVIRONMENTS {
            for task in env.tasks {
                for policy in env.policy_names() {
                    // The default level and one whose scenarios are larger
                    // (the calendar's gain preferences there).
                    for (difficulty, seed) in (0..6).map(|s| (2, s)).chain((0..3).map(|s| (4, s))) {
                        let Some(last) = play(env.id, task.id, difficulty, seed, policy) else {
                            continue;
                        };
                        let breakdown = last["score_breakdown"].as_object().expect("breakdown");
                        let criteria = of_breakdown(env.id, task.id, breakdown);
                        tables_seen.insert((env.id, task.id, criteria.len()));
                        let keys: Vec<&str> = breakdown.keys().map(String::as_str).collect();
                        let mut listed: Vec<&str> = criteria.iter().map(|c| c.key).collect();
                        listed.sort_unstable();
                        assert_eq!(keys, listed, "{}/{} keys", env.id, task.id);
                        let weighted: f64 = criteria
                            .iter()
                            .map(|c| {
                                f64::from(c.weight) / 10_000.0
                                    * breakdown[c.key].as_f64().unwrap_or(0.0)
                            })
                            .sum();
                        let penalties: f64 = last["graded"]["penalties"]
                            .as_object()
                            .filter(|_| criteria != FULL_EPISODE)
                            .map(|p| p.values().filter_map(Value::as_f64).sum())
                            .unwrap_or(0.0);
                        let expected = (weighted - penalties).clamp(0.0, 1.0);
                        let score = last["terminal_grader"].as_f64().expect("score");
                        assert!(
                            (expected - score).abs() < 2e-4,
                            "{}/{} {policy} level {difficulty} seed {seed}: weighted {expected} vs score {score}",
                            env.id,
                            task.id
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100, "only {checked} episodes checked");
        // Every table of every task was the one a breakdown matched.
        let tables_listed: usize = ENVIRONMENTS
            .iter()
            .flat_map(|env| env.tasks.iter().map(|task| tables(env.id, task.id).len()))
            .sum();
        assert_eq!(tables_seen.len(), tables_listed, "{tables_seen:?}");
    }

    #[test]
    fn the_reward_sentences_name_what_the_core_pays() {
        let first_reward = |env: &str, task: &str, action: Value| {
            let mut session = AnyEnv::new(env).expect("registered");
            let _ = session.reset(&json!({"task": task, "seed": 5}), ResetDefaults::default());
            session.step(&action).ok().and_then(|r| r.reward)
        };
        assert_eq!(
            first_reward("productivity", "easy", json!("inspect")),
            Some(-0.02)
        );
        let mut session = AnyEnv::new("productivity").expect("registered");
        let _ = session.reset(
            &json!({"task": "easy", "seed": 5}),
            ResetDefaults::default(),
        );
        let perfect = session.reference_action().expect("reference");
        assert_eq!(
            session.step(&perfect).ok().and_then(|r| r.reward),
            Some(0.98)
        );
        assert!(
            rewards_of("productivity").contains("0.02")
                && rewards_of("productivity").contains("0.98")
        );

        use env_wasm::support_triage::shaping::{PROCESS_BUDGET, STEP_COST};
        assert_eq!(STEP_COST.to_f64(), -0.01);
        assert_eq!(PROCESS_BUDGET.to_f64(), 0.2);
        assert!(
            rewards_of("support_triage").contains("0.01")
                && rewards_of("support_triage").contains("0.20")
        );

        let mut session = AnyEnv::new("it_mental_health").expect("registered");
        let _ = session.reset(&json!({"seed": 3}), ResetDefaults::default());
        while let Some(answer) = session.reference_action() {
            let result = session.step(&answer).expect("accepted");
            let graded = &result.observation.to_value()["graded"]["score"];
            assert_eq!(result.reward, graded.as_f64(), "{graded}");
        }
    }
}
