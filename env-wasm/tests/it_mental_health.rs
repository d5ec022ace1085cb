//! `it_mental_health` through the JSON seam and criterion by criterion:
//! the three-task episode, refused actions, the observation contract, and
//! pass/fail tables for each grader criterion (paraphrases, negations,
//! hedges, invented facts), plus answers written the way a chat model
//! formats them. The measured means are in `it_mental_health_measures.rs`.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::it_mental_health::burnout::{self, BurnoutCase, Dimension, Severity};
use env_wasm::it_mental_health::plan::{self, Owner, PlanCase};
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::triage::{self, Tier, TriageCase};
use env_wasm::it_mental_health::writers::Style;
use env_wasm::{AnyEnv, EnvError, ResetDefaults};
use serde_json::{Value, json};

fn env() -> AnyEnv {
    AnyEnv::new("it_mental_health").expect("registered")
}

fn reset(env: &mut AnyEnv, options: Value) -> Value {
    env.reset(&options, ResetDefaults::default())
        .expect("reset")
        .observation
        .to_value()
}

fn points(value: &Value) -> i64 {
    (value.as_f64().unwrap_or(f64::NAN) * 10_000.0).round() as i64
}

// ---------------------------------------------------------------------------
// The episode

#[test]
fn a_reset_without_a_task_plays_the_three_tasks_in_order() {
    let mut env = env();
    let first = reset(&mut env, json!({"seed": 11}));
    assert_eq!(first["task_id"], "burnout_detection");
    assert_eq!(first["difficulty"], "easy");
    assert_eq!(
        first["episode_tasks"],
        json!(["burnout_detection", "stress_triage", "intervention_plan"])
    );
    assert_eq!(env.state()["task"], "full_episode");
    assert_eq!(env.state()["current_task"], "burnout_detection");
    assert_eq!(env.state()["max_steps"], 3);

    let answers = [
        Case::generate(TaskKind::BurnoutDetection, 11).write(Style::Prose),
        "Too short to count.".to_owned(),
        Case::generate(TaskKind::InterventionPlan, 11).write(Style::Table),
    ];
    let expected: Vec<i64> = [
        TaskKind::BurnoutDetection,
        TaskKind::StressTriage,
        TaskKind::InterventionPlan,
    ]
    .iter()
    .zip(&answers)
    .map(|(kind, answer)| i64::from(Case::generate(*kind, 11).grade(answer).total.0))
    .collect();
    let next = ["stress_triage", "intervention_plan", "intervention_plan"];
    for (k, answer) in answers.iter().enumerate() {
        let task = env.state()["current_task"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        let result = env
            .step(&json!({"response": answer, "task_id": task, "confidence": 0.8}))
            .expect("a valid step");
        assert_eq!(points(&json!(result.reward)), expected[k], "step {k}");
        assert_eq!(result.done, k == 2);
        let obs = &result.observation.to_value();
        assert_eq!(
            obs["task_id"], next[k],
            "the next task comes with the reward"
        );
        assert_eq!(
            obs["graded"]["task_id"],
            ["burnout_detection", "stress_triage", "intervention_plan"][k]
        );
        assert_eq!(points(&obs["graded"]["score"]), expected[k]);
        assert_eq!(obs["terminal_grader"].is_null(), k < 2);
    }
    let state = env.state();
    let mean = (expected.iter().sum::<i64>() * 2 + 3) / 6;
    assert_eq!(points(&json!(env.terminal_score())), mean);
    assert_eq!(state["current_task"], Value::Null);
    assert_eq!(state["step_count"], 3);
    assert_eq!(
        state["tasks_completed"],
        json!(["burnout_detection", "stress_triage", "intervention_plan"])
    );
    assert_eq!(points(&state["task_scores"]["stress_triage"]), 0);
    assert_eq!(
        points(&state["cumulative_reward"]),
        expected.iter().sum::<i64>()
    );
    assert_eq!(
        env.step(&json!({"response": "x", "task_id": "intervention_plan"}))
            .err(),
        Some(EnvError::EpisodeDone)
    );
}

#[test]
fn the_final_observation_explains_the_episode_score() {
    for task in [
        "full_episode",
        "burnout_detection",
        "stress_triage",
        "intervention_plan",
    ] {
        let mut env = env();
        reset(&mut env, json!({"task": task, "seed": 4}));
        let mut last = Value::Null;
        while !env.is_done() {
            let action = env.reference_action().expect("reference");
            last = env.step(&action).expect("step").observation.to_value();
        }
        assert_eq!(points(&last["terminal_grader"]), 10_000, "{task}");
        let breakdown = last["score_breakdown"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        assert!(!breakdown.is_empty(), "{task}");
        assert!(
            breakdown
                .values()
                .all(|v| (0.0..=1.0).contains(&v.as_f64().unwrap_or(-1.0)))
        );
        if task == "full_episode" {
            let keys: Vec<&str> = breakdown.keys().map(String::as_str).collect();
            assert_eq!(
                keys,
                ["burnout_detection", "intervention_plan", "stress_triage"]
            );
        }
    }
}

#[test]
fn a_wrong_task_id_is_refused_and_not_counted() {
    let mut env = env();
    reset(&mut env, json!({"seed": 2}));
    let answer = Case::generate(TaskKind::BurnoutDetection, 2).write(Style::Reference);
    for wrong in ["stress_triage", "intervention_plan", "full_episode", ""] {
        let err = env
            .step(&json!({"response": answer, "task_id": wrong}))
            .expect_err("refused");
        assert_eq!(err.field(), Some("action.task_id"));
        assert!(err.to_string().contains("burnout_detection"), "{err}");
        assert_eq!(env.state()["step_count"], 0);
    }
    for bad in [
        json!({"response": answer, "task_id": "burnout_detection", "confidence": 1.5}),
        json!({"response": answer, "task_id": "burnout_detection", "confidence": "high"}),
        json!({"response": 5, "task_id": "burnout_detection"}),
        json!({"response": answer, "task_id": "burnout_detection", "extra": 1}),
        json!({"response": "x".repeat(20_001), "task_id": "burnout_detection"}),
    ] {
        let err = env.step(&bad).expect_err("refused");
        assert_eq!(err.code(), "VALIDATION_ERROR", "{bad}");
        assert_eq!(env.state()["step_count"], 0);
    }
    let ok = env.step(&json!({
        "response": answer,
        "task_id": " Burnout_Detection ",
        "confidence": 0.5,
        "metadata": {"session_id": "abc", "anything": [1, 2]},
    }));
    assert!(ok.is_ok());
    assert_eq!(env.state()["step_count"], 1);
}

/// Keys the OpenEnv wire reserves for the result wrapper.
fn reserved_keys(value: &Value, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if ["reward", "done", "metadata"].contains(&key.as_str()) {
                    found.push(format!("{path}.{key}"));
                }
                reserved_keys(inner, &format!("{path}.{key}"), found);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| reserved_keys(i, path, found)),
        _ => {}
    }
}

#[test]
fn observations_carry_the_contract_fields_and_no_reserved_keys() {
    for task in [
        "full_episode",
        "burnout_detection",
        "stress_triage",
        "intervention_plan",
    ] {
        for seed in 0..8 {
            let mut env = env();
            let mut obs = reset(&mut env, json!({"task": task, "seed": seed}));
            loop {
                for key in [
                    "scenario",
                    "task_id",
                    "difficulty",
                    "response_format",
                    "feedback",
                    "score_breakdown",
                    "subject",
                    "rubric",
                ] {
                    assert!(obs.get(key).is_some(), "{task}: no {key}");
                }
                let template = obs["response_format"]["template"].as_str().unwrap_or("");
                assert!(!template.is_empty());
                let mut found = Vec::new();
                reserved_keys(&obs, "observation", &mut found);
                assert!(found.is_empty(), "{task}: {found:?}");
                if env.is_done() {
                    break;
                }
                let action = env.reference_action().expect("reference");
                obs = env.step(&action).expect("step").observation.to_value();
            }
        }
    }
}

#[test]
fn a_task_alone_is_the_same_case_as_in_the_full_episode() {
    for seed in 0..20 {
        let mut full = env();
        reset(&mut full, json!({"seed": seed}));
        for task in ["burnout_detection", "stress_triage", "intervention_plan"] {
            let mut alone = env();
            let single = reset(&mut alone, json!({"task": task, "seed": seed}));
            let in_episode = full.reference_action().expect("reference");
            assert_eq!(
                alone.reference_action(),
                Some(in_episode.clone()),
                "{task} {seed}"
            );
            let next = full.step(&in_episode).expect("step").observation.to_value();
            if !full.is_done() {
                assert_ne!(next["scenario"], single["scenario"]);
            }
        }
    }
}

#[test]
fn the_template_alone_scores_zero() {
    for task in ["burnout_detection", "stress_triage", "intervention_plan"] {
        for seed in 0..20 {
            let mut env = env();
            let obs = reset(&mut env, json!({"task": task, "seed": seed}));
            let template = obs["response_format"]["template"].as_str().unwrap_or("");
            let result = env
                .step(&json!({"response": template, "task_id": task}))
                .expect("step");
            assert!(
                result.reward.unwrap_or(1.0) <= 0.05,
                "{task} {seed}: {:?}",
                result.reward
            );
        }
    }
}

// ---------------------------------------------------------------------------
// burnout_detection, criterion by criterion

fn burnout_case(pred: impl Fn(&BurnoutCase) -> bool) -> BurnoutCase {
    (0..500)
        .map(burnout::generate)
        .find(|c| pred(c))
        .expect("a seed with that property")
}

/// A labelled answer with each part replaceable; the defaults are right.
struct BurnoutAnswer<'a> {
    case: &'a BurnoutCase,
    dimensions: Option<String>,
    severity: Option<String>,
    flags: Option<String>,
    escalation: Option<String>,
}

impl<'a> BurnoutAnswer<'a> {
    fn new(case: &'a BurnoutCase) -> Self {
        BurnoutAnswer {
            case,
            dimensions: None,
            severity: None,
            flags: None,
            escalation: None,
        }
    }

    fn text(&self) -> String {
        let reference = Case::Burnout(self.case.clone()).write(Style::Reference);
        let section = |title: &str| {
            let start = reference.find(title).unwrap_or(0);
            let rest = &reference[start + title.len()..];
            let end = ["\nSeverity:", "\nRed flags:", "\nHR escalation:"]
                .iter()
                .filter_map(|t| rest.find(t))
                .min()
                .unwrap_or(rest.len());
            rest[..end].trim().to_owned()
        };
        format!(
            "Burnout dimensions: {}\nSeverity: {}\nRed flags:\n{}\nHR escalation: {}\n\
             (Assessment written for the line manager; it is not a diagnosis.)",
            self.dimensions
                .clone()
                .unwrap_or_else(|| section("Burnout dimensions:")),
            self.severity
                .clone()
                .unwrap_or_else(|| section("Severity:")),
            self.flags.clone().unwrap_or_else(|| section("Red flags:")),
            self.escalation
                .clone()
                .unwrap_or_else(|| section("HR escalation:")),
        )
    }

    fn criterion(&self, name: &str) -> i32 {
        let grade = Case::Burnout(self.case.clone()).grade(&self.text());
        grade.criteria.get(name).map_or(-1, |p| p.0)
    }
}

#[test]
fn burnout_dimensions_with_negation_and_an_offset_for_extras() {
    let case = burnout_case(|c| {
        c.dimensions == [Dimension::Exhaustion, Dimension::Depersonalization].into()
    });
    let table: &[(&str, i32)] = &[
        ("Exhaustion and depersonalization", 10_000),
        ("Emotional exhaustion; cynicism (depersonalisation)", 10_000),
        (
            "- Exhaustion: present\n- Cynicism: present\n- Reduced accomplishment: absent",
            10_000,
        ),
        (
            "Exhaustion and cynicism, but no sign of reduced personal accomplishment",
            10_000,
        ),
        (
            "Exhaustion, cynicism - there is no direct evidence of inefficacy",
            10_000,
        ),
        ("Exhaustion only", 6667),
        // Every dimension named: the one without evidence takes back one
        // with it (plain F1 paid 0.8 for listing all three).
        (
            "Exhaustion, depersonalization and reduced personal accomplishment",
            4000,
        ),
        ("Reduced personal accomplishment", 0),
        ("None of the three is clearly present.", 0),
    ];
    for (dims, expected) in table {
        let mut answer = BurnoutAnswer::new(&case);
        answer.dimensions = Some((*dims).to_owned());
        assert_eq!(answer.criterion("dimensions"), *expected, "{dims:?}");
    }
}

#[test]
fn burnout_severity_needs_exactly_one_level() {
    let case = burnout_case(|c| c.severity == Severity::High);
    let table: &[(&str, i32)] = &[
        ("High", 10_000),
        ("**High** - 7 points", 10_000),
        ("High, driven by the hours and the lack of leave", 10_000),
        ("It is high (7 points under the rubric).", 10_000),
        ("Not critical, but high.", 10_000),
        ("Moderate", 0),
        ("Critical", 0),
        ("Low", 0),
        ("Moderate to high", 0),
        ("High or Critical", 0),
        ("Low, Moderate, High or Critical", 0),
        ("low moderate high critical", 0),
        ("Highlight: the workflow is below par", 0),
    ];
    for (severity, expected) in table {
        let mut answer = BurnoutAnswer::new(&case);
        answer.severity = Some((*severity).to_owned());
        assert_eq!(answer.criterion("severity"), *expected, "{severity:?}");
    }
}

#[test]
fn burnout_red_flags_must_be_grounded_in_this_case() {
    let case = burnout_case(|c| {
        c.points.hours >= 2
            && c.points.leave >= 1
            && c.facts
                .iter()
                .any(|f| f.concept == "context" && f.text.contains("long weekend"))
    });
    let hours = case.card.hours_per_week;
    let months = case
        .facts
        .iter()
        .find(|f| f.concept == "leave")
        .and_then(|f| f.numbers.last().copied())
        .unwrap_or(0);
    let sign = case.facts.iter().find(|f| f.concept.ends_with("_sign"));
    let symptom = sign.map(|f| f.gist.clone()).unwrap_or_default();
    let copied = sign.map(|f| f.text.clone()).unwrap_or_default();
    let weekend = case
        .facts
        .iter()
        .find(|f| f.text.contains("long weekend"))
        .map(|f| f.text.clone())
        .unwrap_or_default();
    let full = 10_000;
    type Check = Box<dyn Fn(i32) -> bool>;
    let table: Vec<(String, Check)> = vec![
        (
            format!(
                "- Works about {hours} hours per week\n- {months} months without a week of leave\n- {symptom}"
            ),
            Box::new(move |s| s == full),
        ),
        (
            format!("1) {hours}-hour weeks 2) no proper holiday for {months} months 3) {symptom}"),
            Box::new(move |s| s == full),
        ),
        (
            // The symptom is the case's sentence restated whole: one fact
            // of the case per item is grounded and earns.
            format!(
                "- Works about {hours} hours per week\n- {months} months without a week of leave\n- {copied}"
            ),
            Box::new(move |s| s == full),
        ),
        (
            // Right kinds, but no numbers: vague, not grounded.
            format!("- Long working hours\n- Not enough leave\n- {symptom}"),
            Box::new(|s| s < 5000),
        ),
        (
            // Invented numbers.
            "- Works 91 hours a week\n- 44 months without leave\n- Takes 37 coffees a day"
                .to_owned(),
            Box::new(|s| s == 0),
        ),
        (
            // A distractor: a long weekend is not leave, and not a red flag.
            format!(
                "- {weekend}\n- Their code-review turnaround is in line with the team average."
            ),
            Box::new(|s| s == 0),
        ),
        (
            "long hours, overtime, leave, sleep, headaches, cynicism, tired, fraud, stomach, meals"
                .to_owned(),
            Box::new(|s| s <= 1000),
        ),
    ];
    for (flags, check) in table {
        let mut answer = BurnoutAnswer::new(&case);
        answer.flags = Some(flags.clone());
        let score = answer.criterion("red_flags");
        assert!(check(score), "{flags:?} scored {score}");
    }
}

#[test]
fn burnout_escalation_reads_negation() {
    let no = burnout_case(|c| !c.escalate);
    let yes = burnout_case(|c| c.escalate);
    let table: &[(&str, bool)] = &[
        ("No, not warranted.", false),
        (
            "Do not escalate; the manager can handle this within the team.",
            false,
        ),
        ("No need to involve HR at this point.", false),
        ("Escalation is not required.", false),
        ("Not at this stage - review again in a month.", false),
        ("**No.** Manage it in the team.", false),
        ("Yes, escalate today.", true),
        ("Yes - refer to HR and occupational health this week.", true),
        ("Escalation is warranted given the rubric.", true),
        ("Recommended: involve HR now.", true),
    ];
    for (text, says_yes) in table {
        for case in [&no, &yes] {
            let mut answer = BurnoutAnswer::new(case);
            answer.escalation = Some((*text).to_owned());
            let expected = if *says_yes == case.escalate {
                10_000
            } else {
                0
            };
            assert_eq!(
                answer.criterion("escalation"),
                expected,
                "{text:?} (truth {})",
                case.escalate
            );
        }
    }
    // Neither yes nor no, or both: no credit either way.
    for text in ["Yes or no, depending on how things go.", "Maybe.", "HR"] {
        for case in [&no, &yes] {
            let mut answer = BurnoutAnswer::new(case);
            answer.escalation = Some(text.to_owned());
            assert_eq!(answer.criterion("escalation"), 0, "{text:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// stress_triage, criterion by criterion

fn triage_case(pred: impl Fn(&TriageCase) -> bool) -> TriageCase {
    (0..500)
        .map(triage::generate)
        .find(|c| pred(c))
        .expect("a seed with that property")
}

fn criterion(case: &Case, answer: &str, name: &str) -> i32 {
    case.grade(answer).criteria.get(name).map_or(-1, |p| p.0)
}

#[test]
fn triage_tiers_are_read_from_each_persons_own_line() {
    let case = triage_case(|c| c.employees.len() == 3 && c.tiers().len() == 3);
    let wrapped = Case::Triage(case.clone());
    let reference = wrapped.write(Style::Reference);
    let e = &case.employees;
    let filler = "They need support this week and a follow-up conversation with their lead.";
    // One line per person, tiers right.
    let own_lines: String = e
        .iter()
        .map(|p| format!("{}: {}. {filler}\n", p.name, p.tier.name()))
        .collect();
    assert_eq!(criterion(&wrapped, &own_lines, "tiers"), 10_000);
    // The same tiers, but all named in one line with every name: read as no one's.
    let one_line = format!(
        "{}, {} and {} are {}, {} and {} respectively. {filler} {filler}",
        e[0].name,
        e[1].name,
        e[2].name,
        e[0].tier.name(),
        e[1].tier.name(),
        e[2].tier.name()
    );
    assert_eq!(criterion(&wrapped, &one_line, "tiers"), 0);
    // Every tier on every line: a hedge.
    let hedged: String = e
        .iter()
        .map(|p| format!("{}: CRITICAL / RED / AMBER / GREEN. {filler}\n", p.name))
        .collect();
    assert_eq!(criterion(&wrapped, &hedged, "tiers"), 0);
    // Negated tiers do not count; the remaining one does.
    let negated: String = e
        .iter()
        .map(|p| {
            let other = Tier::ALL
                .into_iter()
                .find(|t| *t != p.tier)
                .unwrap_or(Tier::Green);
            format!(
                "{}: not {}, but {}. {filler}\n",
                p.name,
                other.name(),
                p.tier.name()
            )
        })
        .collect();
    assert_eq!(criterion(&wrapped, &negated, "tiers"), 10_000);
    // A red flag is not the RED tier.
    let flags: String = e
        .iter()
        .map(|p| {
            format!(
                "{}: {} (no red flags beyond the rubric). {filler}\n",
                p.name,
                p.tier.name()
            )
        })
        .collect();
    assert_eq!(criterion(&wrapped, &flags, "tiers"), 10_000);
    assert_eq!(criterion(&wrapped, &reference, "tiers"), 10_000);
}

#[test]
fn triage_ranking_is_scored_by_order() {
    let case = triage_case(|c| c.tiers().len() == c.employees.len());
    let wrapped = Case::Triage(case.clone());
    let reference = wrapped.write(Style::Reference);
    let body = reference
        .split("Priority ranking:")
        .next()
        .unwrap_or("")
        .to_owned();
    let order: Vec<String> = case.priority().iter().map(|e| e.name.clone()).collect();
    let reversed: Vec<String> = order.iter().rev().cloned().collect();
    let with = |names: &[String]| format!("{body}Priority ranking: {}", names.join(" > "));
    assert_eq!(
        criterion(&wrapped, &with(&order), "priority_ranking"),
        10_000
    );
    assert_eq!(criterion(&wrapped, &with(&reversed), "priority_ranking"), 0);
    let firsts: Vec<String> = case.priority().iter().map(|e| e.first.clone()).collect();
    let numbered: Vec<String> = firsts
        .iter()
        .enumerate()
        .map(|(k, n)| format!("{}. {n}", k + 1))
        .collect();
    let list = format!("{body}Priority ranking:\n{}", numbered.join("\n"));
    assert_eq!(criterion(&wrapped, &list, "priority_ranking"), 10_000);
    // The whole name pool in the ranking dilutes it to almost nothing.
    let pool = env_wasm::it_mental_health::names::FIRST_NAMES.join(", ");
    assert!(
        criterion(
            &wrapped,
            &format!("{body}Priority ranking: {pool}"),
            "priority_ranking"
        ) < 1000
    );
}

#[test]
fn triage_actions_fit_the_tier_and_the_stressor() {
    let case =
        triage_case(|c| c.tiers().contains(&Tier::Critical) && c.tiers().contains(&Tier::Green));
    let wrapped = Case::Triage(case.clone());
    let ranking: Vec<&str> = case.priority().iter().map(|e| e.name.as_str()).collect();
    let write = |day: &dyn Fn(Tier) -> &'static str, fortnight: &str| {
        let mut out = String::new();
        for e in &case.employees {
            out.push_str(&format!(
                "Employee: {}\nTier: {}\n24-hour action: {}\n2-week action: {}\n\n",
                e.name,
                e.tier.name(),
                day(e.tier),
                fortnight
            ));
        }
        out + &format!("Priority ranking: {}", ranking.join(", "))
    };
    let fitting = |tier: Tier| match tier {
        Tier::Critical => "Stay with them today, call a crisis line and agree a safety plan.",
        Tier::Red => {
            "Refer them to the EAP today and take them off the work for the rest of the week."
        }
        Tier::Amber => "A check-in today to reprioritise the sprint.",
        Tier::Green => "A routine check-in to acknowledge their good boundaries.",
    };
    let same_for_all = |_: Tier| "A routine check-in to acknowledge their good boundaries.";
    let every_level = |_: Tier| "Crisis line, EAP referral, a check-in and recognition.";
    let generic = "Follow up with them in a regular conversation about how things are going.";
    assert_eq!(
        criterion(&wrapped, &write(&fitting, generic), "immediate_actions"),
        10_000
    );
    assert!(
        criterion(
            &wrapped,
            &write(&same_for_all, generic),
            "immediate_actions"
        ) < 7_500
    );
    assert_eq!(
        criterion(&wrapped, &write(&every_level, generic), "immediate_actions"),
        0
    );
    // A 2-week action aimed at nothing in particular earns nothing, and so
    // does one naming every stressor (these paid a half and a quarter).
    assert_eq!(
        criterion(&wrapped, &write(&fitting, generic), "two_week_support"),
        0
    );
    let all =
        "Work on on-call, the deadline, the reorg, caring, covering, customers and the migration.";
    assert_eq!(
        criterion(&wrapped, &write(&fitting, all), "two_week_support"),
        0
    );
}

// ---------------------------------------------------------------------------
// intervention_plan, criterion by criterion

fn plan_case(seed: u64) -> PlanCase {
    plan::generate(seed)
}

#[test]
fn plan_owners_must_come_from_the_roster() {
    let case = plan_case(9);
    let wrapped = Case::Plan(case.clone());
    let reference = wrapped.write(Style::Reference);
    assert_eq!(criterion(&wrapped, &reference, "owners"), 10_000);
    // A name from outside the roster makes an action unowned.
    let manager = case.name_of(Owner::Manager).to_owned();
    let stranger = if manager.starts_with("Xavier") {
        "Yusuf Kaya"
    } else {
        "Xavier Kaya"
    };
    let renamed = reference.replace(&manager, stranger);
    let renamed = renamed.replace("engineering manager", "coordinator");
    assert!(criterion(&wrapped, &renamed, "owners") < 10_000);
    // Every roster member on every action is no owner at all.
    let everyone: Vec<&str> = case.roster.iter().map(|(_, n)| n.as_str()).collect();
    let all_owned = reference
        .lines()
        .map(|l| {
            if l.starts_with("- ") && l.contains("owner:") {
                format!(
                    "{} (owners: {})",
                    l.split(" (owner:").next().unwrap_or(l),
                    everyone.join(", ")
                )
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(criterion(&wrapped, &all_owned, "owners"), 0);
    assert_eq!(criterion(&wrapped, &all_owned, "weekly_structure"), 0);
}

#[test]
fn plan_kpis_need_improving_numeric_targets() {
    let case = (0..200)
        .map(plan_case)
        .find(|c| c.stressors().contains("overtime") && c.stressors().contains("incidents"))
        .expect("a seed");
    let wrapped = Case::Plan(case.clone());
    let reference = wrapped.write(Style::Reference);
    let (head, tail) = reference.split_once("KPIs:").unwrap_or((&reference, ""));
    let rest = tail.split_once("Risk:").map_or("", |(_, r)| r);
    let overtime = case.value_of("overtime").unwrap_or(0);
    let incidents = case.value_of("incidents").unwrap_or(0);
    let with = |kpis: &str| format!("{head}KPIs:\n{kpis}\nRisk:{rest}");
    let third = case
        .readings
        .iter()
        .find(|r| r.stressor && !["overtime", "incidents"].contains(&r.metric.id))
        .map(|r| r.metric.kpi(r.value))
        .unwrap_or_default();
    let good = format!(
        "- Overtime: {overtime} -> 4 hours a week by week 4\n- Incidents: {incidents} -> 2 a month\n- {third}"
    );
    assert_eq!(criterion(&wrapped, &with(&good), "kpis"), 10_000);
    // A wellbeing measure is a fine KPI but measures none of the stressors.
    let pulse = format!(
        "- Overtime: {overtime} -> 4 hours a week by week 4\n- Incidents: {incidents} -> 2 a month\n- Pulse survey wellbeing: 4/10 -> 6/10"
    );
    assert_eq!(criterion(&wrapped, &with(&pulse), "kpis"), 8_000);
    // Targets that do not cite the team's number, or move the wrong way.
    let blind =
        format!("- Overtime: at most 4 hours a week\n- Incidents: at most 2 a month\n- {third}");
    assert!(criterion(&wrapped, &with(&blind), "kpis") < 5_000);
    let worse = format!(
        "- Overtime: {overtime} -> {} hours a week\n- Incidents: {incidents} -> {} a month\n- {third}",
        overtime + 5,
        incidents + 3
    );
    assert!(criterion(&wrapped, &with(&worse), "kpis") < 5_000);
    let halved = format!(
        "- Cut overtime by half from {overtime} hours a week\n- Incidents: {incidents} -> 2 a month\n- {third}"
    );
    assert_eq!(criterion(&wrapped, &with(&halved), "kpis"), 10_000);
    let vague = "- Less overtime\n- Fewer incidents\n- Better wellbeing";
    assert_eq!(criterion(&wrapped, &with(vague), "kpis"), 0);
    let stuffed =
        "- KPI metric measure indicator overtime incidents complaints pulse 1 2 3 5 10 50 100";
    assert_eq!(criterion(&wrapped, &with(stuffed), "kpis"), 0);
}

#[test]
fn plan_budget_is_one_total_in_range() {
    let case = plan_case(21);
    let wrapped = Case::Plan(case.clone());
    let reference = wrapped.write(Style::Reference);
    let head = reference.split("Budget:").next().unwrap_or("");
    let (lo, hi) = (case.card.budget_min, case.card.budget_max);
    let mid = (lo + hi) / 2;
    let with = |budget: String| format!("{head}Budget: {budget}");
    let table: Vec<(String, i32)> = vec![
        (plan::dollars(mid), 10_000),
        (
            format!(
                "{} total (cover {}, EAP {})",
                plan::dollars(mid),
                plan::dollars(mid - 1000),
                plan::dollars(1000)
            ),
            10_000,
        ),
        (
            format!("about {}k", mid / 1000),
            if (lo..=hi).contains(&(mid / 1000 * 1000)) {
                10_000
            } else {
                0
            },
        ),
        (plan::dollars(hi + 500), 0),
        (plan::dollars(lo - 500), 0),
        (
            format!("between {} and {}", plan::dollars(lo), plan::dollars(hi)),
            0,
        ),
        ("$ 1000 2000 5000 10000 15000 20000 25000".to_owned(), 0),
        ("to be decided".to_owned(), 0),
    ];
    for (budget, expected) in table {
        assert_eq!(
            criterion(&wrapped, &with(budget.clone()), "budget"),
            expected,
            "{budget:?}"
        );
    }
}

#[test]
fn plan_coverage_is_f1_over_this_teams_stressors() {
    let case = plan_case(33);
    let wrapped = Case::Plan(case.clone());
    let reference = wrapped.write(Style::Reference);
    assert_eq!(criterion(&wrapped, &reference, "stressor_coverage"), 10_000);
    // Tackling a profile item within its threshold costs precision.
    let fine = case
        .readings
        .iter()
        .find(|r| !r.stressor)
        .map(|r| r.metric.action)
        .unwrap_or("");
    let extra = reference.replacen(
        "Week 4:\n",
        &format!(
            "Week 4:\n- {fine} (owner: {}, team lead)\n",
            case.name_of(Owner::Lead)
        ),
        1,
    );
    assert!(criterion(&wrapped, &extra, "stressor_coverage") < 10_000);
    // One line naming every stressor is a list of topics, not an action.
    let topics = "- Address overtime, on-call, 1:1s, team events, complaints, staffing, incidents, roadmap, toil and the reorg (owner: the team lead)";
    let listed =
        format!("Week 1:\n{topics}\nWeek 2:\n{topics}\nWeek 3:\n{topics}\nWeek 4:\n{topics}\n");
    assert_eq!(criterion(&wrapped, &listed, "stressor_coverage"), 0);
}

// ---------------------------------------------------------------------------
// Answers formatted the way chat models write them

fn chat_burnout(case: &BurnoutCase) -> String {
    let dims: Vec<String> = Dimension::ALL
        .iter()
        .map(|d| {
            let title = match d {
                Dimension::Exhaustion => "Emotional exhaustion",
                Dimension::Depersonalization => "Depersonalisation / cynicism",
                Dimension::ReducedAccomplishment => "Reduced professional efficacy",
            };
            if case.dimensions.contains(d) {
                format!("- **{title}**: present")
            } else {
                format!("- **{title}**: not evident in the case")
            }
        })
        .collect();
    let p = case.points;
    let mut flags = Vec::new();
    let mut used = Vec::new();
    for fact in case.red_flags() {
        if used.contains(&fact.concept) || flags.len() == 3 {
            continue;
        }
        used.push(fact.concept);
        flags.push(match fact.concept {
            "hours" => format!(
                "Consistently working ~{} hours per week",
                case.card.hours_per_week
            ),
            "leave" => format!(
                "{} months without a proper break of a week or more",
                fact.numbers.last().copied().unwrap_or(0)
            ),
            "on_call" => format!(
                "On-call duty every {} days",
                fact.numbers.first().copied().unwrap_or(0)
            ),
            // In its own words: a sentence of the case copied whole earns
            // nothing.
            _ => format!("Observed: {}", fact.gist),
        });
    }
    let flags: Vec<String> = flags
        .iter()
        .enumerate()
        .map(|(k, f)| format!("{}. {f}", k + 1))
        .collect();
    format!(
        "## Burnout assessment: {}\n\n**1. Burnout dimensions**\n{}\n\n**2. Severity**\n**{}** \u{2013} \
         {} rubric points ({} h/week = {}, leave = {}, {} dimension(s), {} health sign(s)).\n\n\
         **3. Red flags**\n{}\n\n**4. HR escalation**\n{}\n\n*This is a workplace assessment, not a \
         clinical diagnosis.*",
        case.card.name,
        dims.join("\n"),
        case.severity.name(),
        p.total(),
        case.card.hours_per_week,
        p.hours,
        p.leave,
        p.dimensions,
        p.health,
        flags.join("\n"),
        if case.escalate {
            "**Yes.** The severity meets the rubric's threshold, so HR and occupational health \
             should be involved promptly."
        } else {
            "**No** \u{2013} not required at this severity; the line manager should adjust \
             workload and check in regularly."
        }
    )
}

fn chat_triage(case: &TriageCase) -> String {
    let mut out = String::from("# Stress triage\n\n");
    for (k, e) in case.priority().iter().enumerate() {
        let day = match e.tier {
            Tier::Critical => {
                "Same day: their lead speaks to them privately, does not leave them alone, arranges urgent medical attention and shares crisis line numbers."
            }
            Tier::Red => {
                "Today: a private 1:1 with the lead, a referral to the employee assistance programme, and relieve them of their heaviest duties this week."
            }
            Tier::Amber => "Within 24h: a quick check-in to reprioritise their sprint commitments.",
            Tier::Green => "Within 24h: recognise their good habits in the next routine 1:1.",
        };
        let fortnight = match e.stressor {
            "on_call" => "take them off the pager rotation and spread the load",
            "deadline" => "renegotiate the launch date with stakeholders",
            "reorg" => "arrange a conversation with leadership about the restructure",
            "caregiving" => "offer carer's leave or flexible hours",
            "understaffing" => "get headcount approved to backfill the vacancies",
            "customers" => "rotate customer escalations across the team",
            "migration" => "break the migration into smaller milestones",
            "conflict" => "facilitate a mediated conversation to resolve the conflict",
            "incidents" => "share incident duty with a second responder",
            _ => "assign an onboarding buddy for the new stack",
        };
        out.push_str(&format!(
            "### {}. {} \u{2014} {}\n- **Why:** signs as described in the notes, read against the rubric.\n\
             - **Main stressor:** {}\n- **24-hour action:** {day}\n- **2-week action:** {fortnight}.\n\n",
            k + 1,
            e.name,
            e.tier.name(),
            fortnight.split_whitespace().skip(2).collect::<Vec<_>>().join(" ")
        ));
    }
    out.push_str("## Priority ranking\n");
    for (k, e) in case.priority().iter().enumerate() {
        out.push_str(&format!("{}. {} ({})\n", k + 1, e.name, e.tier.name()));
    }
    out
}

fn chat_plan(case: &PlanCase) -> String {
    let mut actions: Vec<(Owner, String)> = case
        .readings
        .iter()
        .filter(|r| r.stressor)
        .map(|r| {
            let text = match r.metric.id {
                "overtime" => {
                    "Introduce an overtime cap of 5 h/week and defer non-urgent work".to_owned()
                }
                "on_call" => {
                    "Redesign the on-call rota so each engineer is on call once every 8 days"
                        .to_owned()
                }
                "one_on_ones" => format!(
                    "Reinstate fortnightly 1:1s for all {} engineers",
                    case.card.team_size
                ),
                "connection" => "Organise a team offsite focused on reconnecting".to_owned(),
                "conduct" => {
                    "Review the complaints and run a respectful-reviews workshop".to_owned()
                }
                "staffing" => {
                    "Hire contractors to cover the colleagues on long-term leave".to_owned()
                }
                "incidents" => {
                    "Hold postmortems on the top incident causes and fix the worst two".to_owned()
                }
                "priorities" => "Freeze the roadmap until the end of the quarter".to_owned(),
                "toil" => "Automate the most frequent manual deployment steps".to_owned(),
                _ => "Publish the reorganisation timeline and hold an open Q&A".to_owned(),
            };
            (r.metric.owner, text)
        })
        .collect();
    actions.push((
        Owner::Eap,
        "Promote confidential counselling sessions to the whole team".to_owned(),
    ));
    actions.push((
        Owner::Hr,
        "Run an anonymous wellbeing pulse survey".to_owned(),
    ));
    actions.push((
        Owner::Manager,
        "Check progress against the plan in the sprint retro".to_owned(),
    ));
    actions.push((
        Owner::Lead,
        "Pair people up as buddies for hard weeks".to_owned(),
    ));
    let mut out = format!("# 4-week plan for the {} team\n\n", case.card.team);
    for week in 0..4 {
        out.push_str(&format!("### Week {}\n", week + 1));
        for (owner, text) in actions.iter().skip(week * 2).take(2) {
            out.push_str(&format!(
                "- **{text}** \u{2014} *Owner:* {} ({}) | *Outcome:* measurable relief for the team\n",
                case.name_of(*owner),
                owner.role()
            ));
        }
        out.push('\n');
    }
    let kpis: Vec<String> = case
        .readings
        .iter()
        .filter(|r| r.stressor)
        .take(3)
        .map(|r| {
            r.metric
                .kpi(r.value)
                .replace(": from ", ": ")
                .replace(" to ", " \u{2192} ")
        })
        .collect();
    out.push_str("### KPIs\n");
    for kpi in &kpis {
        out.push_str(&format!("- {kpi}\n"));
    }
    let total = (case.card.budget_min + case.card.budget_max) / 2 / 100 * 100;
    out.push_str(&format!(
        "\n### Risks\nParticipation may be low if people fear being judged; mitigate by having leaders attend first and keeping sessions confidential.\n\n\
         ### Budget\n**{}** ({} for cover and facilitation, {} for counselling)\n",
        plan::dollars(total),
        plan::dollars(total - 1000),
        plan::dollars(1000)
    ));
    out
}

#[test]
fn answers_in_chat_model_style_score_high() {
    let mut totals = [0i64; 3];
    for seed in 0..200 {
        let b = burnout::generate(seed);
        let t = triage::generate(seed);
        let p = plan::generate(seed);
        totals[0] += i64::from(Case::Burnout(b.clone()).grade(&chat_burnout(&b)).total.0);
        totals[1] += i64::from(Case::Triage(t.clone()).grade(&chat_triage(&t)).total.0);
        totals[2] += i64::from(Case::Plan(p.clone()).grade(&chat_plan(&p)).total.0);
    }
    for (kind, total) in TaskKind::ALL.iter().zip(totals) {
        let mean = total as f64 / 200.0 / 10_000.0;
        println!(
            "chat-style answers {}: mean {mean:.4} over 200 seeds",
            kind.id()
        );
        assert!(mean >= 0.85, "{}: {mean}", kind.id());
    }
}
