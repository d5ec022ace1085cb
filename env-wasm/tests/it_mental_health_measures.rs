//! The measurements behind issue 5's acceptance bar for `it_mental_health`,
//! each asserted and printed (`cargo test -p env-wasm --test
//! it_mental_health_measures -- --nocapture` shows them): the reference
//! answer on seeds 0..999, three differently worded writers, one fixed
//! keyword-stuffed text, "list every option" answers, short answers, the
//! variety of triage quotes, and a rule-following reader that recovers
//! every severity, tier and stressor from the observation and the stated
//! rubric alone.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};

use env_wasm::it_mental_health::burnout::{self, Severity};
use env_wasm::it_mental_health::plan::{self, METRICS};
use env_wasm::it_mental_health::reading::penalties;
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::triage::{self, Tier};
use env_wasm::it_mental_health::writers::Style;
use env_wasm::it_mental_health::{baselines, names};
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

fn mean(scores: &[i32]) -> f64 {
    scores.iter().map(|s| f64::from(*s)).sum::<f64>() / scores.len() as f64 / 10_000.0
}

fn grade_all(
    kind: TaskKind,
    seeds: std::ops::Range<u64>,
    answer: impl Fn(&Case) -> String,
) -> Vec<i32> {
    seeds
        .map(|seed| {
            let case = Case::generate(kind, seed);
            case.grade(&answer(&case)).total.0
        })
        .collect()
}

#[test]
fn reference_answers_score_exactly_one_on_a_thousand_seeds() {
    for kind in TaskKind::ALL {
        let scores = grade_all(kind, 0..1000, |c| c.write(Style::Reference));
        let min = scores.iter().min().copied().unwrap_or(0);
        println!(
            "reference {}: mean {:.4} min {:.4} over seeds 0..999",
            kind.id(),
            mean(&scores),
            f64::from(min) / 10_000.0
        );
        assert_eq!(
            min,
            10_000,
            "{}: a reference answer scored {min}",
            kind.id()
        );
    }
}

#[test]
fn three_alternative_writers_average_at_least_085() {
    for kind in TaskKind::ALL {
        for style in Style::ALTERNATIVES {
            let scores = grade_all(kind, 0..500, |c| c.write(style));
            let m = mean(&scores);
            println!(
                "writer {} {}: mean {m:.4} over 500 seeds",
                kind.id(),
                style.name()
            );
            assert!(m >= 0.85, "{} {}: mean {m}", kind.id(), style.name());
        }
    }
}

#[test]
fn keyword_stuffing_and_listing_every_option_score_low() {
    let stuffed = baselines::stuffed();
    for kind in TaskKind::ALL {
        let mut totals = Vec::new();
        let mut merits = Vec::new();
        let mut listed = Vec::new();
        for seed in 0..500 {
            let case = Case::generate(kind, seed);
            let grade = case.grade(&stuffed);
            totals.push(grade.total.0);
            merits.push(grade.weighted.0);
            listed.push(case.grade(&baselines::everything(&case)).total.0);
        }
        let (s, m, l) = (mean(&totals), mean(&merits), mean(&listed));
        println!(
            "stuffed {}: mean {s:.4} (before penalties {m:.4}); list every option: mean {l:.4}; \
             over 500 seeds",
            kind.id()
        );
        assert!(s <= 0.30, "{}: stuffed text averages {s}", kind.id());
        assert!(
            m <= 0.30,
            "{}: stuffed text averages {m} before penalties",
            kind.id()
        );
        assert!(
            l <= 0.50,
            "{}: listing every option averages {l}",
            kind.id()
        );
    }
}

#[test]
fn no_baseline_comes_near_the_reference() {
    // Every baseline of the environment (stuffed, everything, constant,
    // random, template, memorised) on 500 seeds per task.
    for kind in TaskKind::ALL {
        for name in baselines::NAMES {
            let scores: Vec<i32> = (0..500)
                .map(|seed| {
                    let case = Case::generate(kind, seed);
                    let mut rng = env_wasm::rng::SeededRng::new(seed, 99);
                    let answer = baselines::answer(name, &case, &mut rng).unwrap_or_default();
                    case.grade(&answer).total.0
                })
                .collect();
            let m = mean(&scores);
            println!("baseline {} {name}: mean {m:.4} over 500 seeds", kind.id());
            // The bars: 0.30 for the stuffed text, 0.50 for listing
            // every option; the blind ones stay under 0.40.
            let bound = match *name {
                "stuffed" => 0.30,
                "everything" => 0.50,
                _ => 0.40,
            };
            assert!(m <= bound, "{} {name}: mean {m}", kind.id());
        }
    }
}

#[test]
fn empty_and_short_answers_score_zero() {
    let short = [
        "",
        "   ",
        "Severity: High. HR escalation: yes.",
        "Exhaustion, High, 62 hours, yes escalate.",
        "Tier: RED for everyone. Ranking as listed.",
        "Week 1: cap overtime. KPIs: overtime. Budget: $9,000.",
    ];
    for kind in TaskKind::ALL {
        for seed in 0..50 {
            let case = Case::generate(kind, seed);
            for answer in short {
                assert!(penalties::assess(answer, 400).words < penalties::MIN_WORDS);
                assert_eq!(
                    case.grade(answer).total.0,
                    0,
                    "{} {seed}: {answer:?}",
                    kind.id()
                );
            }
            // The reference cut to 19 words scores 0 as well.
            let reference = case.write(Style::Reference);
            let cut: Vec<&str> = reference.split_whitespace().take(19).collect();
            let cut = cut.join(" ");
            if penalties::assess(&cut, 400).words < penalties::MIN_WORDS {
                assert_eq!(case.grade(&cut).total.0, 0, "{cut:?}");
            }
        }
    }
}

#[test]
fn triage_quotes_vary_within_every_tier() {
    let mut quotes: BTreeMap<Tier, BTreeSet<String>> = BTreeMap::new();
    let mut people: BTreeMap<Tier, usize> = BTreeMap::new();
    for seed in 0..10_000 {
        let case = triage::generate(seed);
        for e in &case.employees {
            quotes
                .entry(e.tier)
                .or_default()
                .insert(e.card.quote.clone());
            *people.entry(e.tier).or_default() += 1;
        }
    }
    for tier in Tier::ALL {
        let distinct = quotes.get(&tier).map_or(0, BTreeSet::len);
        println!(
            "triage quotes {}: {distinct} distinct among {} people over 10000 seeds",
            tier.name(),
            people.get(&tier).copied().unwrap_or(0)
        );
        assert!(
            distinct >= 300,
            "{}: only {distinct} distinct quotes",
            tier.name()
        );
    }
}

#[test]
fn memorising_quotes_does_not_triage() {
    // A lookup table from quote to tier, learnt on seeds 0..4999 and used
    // on 5000..9999 (unseen quotes get the most common tier).
    let mut table: BTreeMap<String, BTreeMap<Tier, u32>> = BTreeMap::new();
    for seed in 0..5000 {
        for e in triage::generate(seed).employees {
            *table
                .entry(e.card.quote)
                .or_default()
                .entry(e.tier)
                .or_default() += 1;
        }
    }
    let (mut right, mut total, mut seen) = (0u32, 0u32, 0u32);
    for seed in 5000..10_000 {
        for e in triage::generate(seed).employees {
            let guess = match table.get(&e.card.quote) {
                Some(counts) => {
                    seen += 1;
                    counts.iter().max_by_key(|(_, n)| **n).map(|(t, _)| *t)
                }
                None => Some(Tier::Red),
            };
            right += u32::from(guess == Some(e.tier));
            total += 1;
        }
    }
    let accuracy = f64::from(right) / f64::from(total);
    let ambiguous = table.values().filter(|tiers| tiers.len() > 1).count();
    println!(
        "quote lookup: {seen} of {total} quotes seen before; tier accuracy {accuracy:.3}; \
         {ambiguous} of {} learnt quotes occur under more than one tier",
        table.len()
    );
    assert!(
        accuracy < 0.65,
        "a quote lookup table triages {accuracy:.3} right"
    );
}

#[test]
fn scenarios_are_diverse_over_ten_thousand_seeds() {
    for kind in TaskKind::ALL {
        let distinct: BTreeSet<String> = (0..10_000)
            .map(|seed| Case::generate(kind, seed).scenario_text())
            .collect();
        println!(
            "diversity {}: {} distinct cases in 10000 seeds",
            kind.id(),
            distinct.len()
        );
        assert!(distinct.len() >= 9_990, "{}: {}", kind.id(), distinct.len());
    }
}

// ---------------------------------------------------------------------------
// A reader that follows only the stated rubric

fn observation(task: &str, seed: u64) -> Value {
    let mut env = AnyEnv::new("it_mental_health").expect("registered");
    let result = env
        .reset(
            &json!({"task": task, "seed": seed}),
            ResetDefaults::default(),
        )
        .expect("reset");
    result.observation.to_value()
}

fn texts(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Does `text` contain any of `cues` (lower case)?
fn has_any(text: &str, cues: &[&str]) -> bool {
    let lower = text.to_lowercase();
    cues.iter().any(|c| lower.contains(c))
}

/// The rubric's sign lists, as a reader would note them down.
const EXHAUSTION: &[&str] = &[
    "drained",
    "tired",
    "exhausted",
    "empty",
    "tank",
    "dozed",
    "worn out",
    "energy",
    "stare",
];
const CYNICISM: &[&str] = &[
    "caring",
    "care what",
    "tickets",
    "sarcastic",
    "noise",
    "listening",
    "head down",
    "only in writing",
    "camera off",
];
const INEFFICACY: &[&str] = &[
    "commitments",
    "rewrote",
    "volunteering",
    "rated their own",
    "double-check",
    "matter",
    "fraud",
    "anything right",
    "slow the design",
    "good enough",
];
const HEALTH: &[&str] = &[
    "sleep", "slept", "headache", "stomach", " ill ", "colds", "meal", "lunch",
];

#[test]
fn the_stated_rubric_is_enough_to_assess_burnout() {
    for seed in 0..2000 {
        let obs = observation("burnout_detection", seed);
        let person = &obs["subject"];
        let rubric = texts(&obs["rubric"]).join(" ");
        assert!(rubric.contains("46 to 55 = 1") && rubric.contains("8 or more Critical"));
        let hours = person["hours_per_week"].as_u64().unwrap_or(0);
        let hour_points = match hours {
            0..=45 => 0,
            46..=55 => 1,
            56..=65 => 2,
            _ => 3,
        };
        let leave = person["leave"].as_str().unwrap_or("");
        let months = months_since(leave, person["current_month"].as_str().unwrap_or(""));
        let leave_points = match months {
            0..=4 => 0,
            5..=9 => 1,
            _ => 2,
        };
        let statements: Vec<String> = texts(&person["observations"])
            .into_iter()
            .chain(texts(&person["quotes"]))
            .collect();
        let dims = [EXHAUSTION, CYNICISM, INEFFICACY]
            .iter()
            .filter(|cues| statements.iter().any(|s| has_any(s, cues)))
            .count() as u64;
        let health = statements
            .iter()
            .filter(|s| has_any(s, HEALTH) && !has_any(s, CYNICISM))
            .count()
            .min(2) as u64;
        let severity = match hour_points + leave_points + dims + health {
            0..=3 => Severity::Low,
            4..=5 => Severity::Moderate,
            6..=7 => Severity::High,
            _ => Severity::Critical,
        };
        let truth = burnout::generate(seed);
        assert_eq!(severity, truth.severity, "seed {seed}: {}", obs["scenario"]);
        assert_eq!(dims as usize, truth.dimensions.len(), "seed {seed}");
    }
}

fn months_since(leave: &str, now: &str) -> u64 {
    let words: Vec<&str> = leave.split_whitespace().collect();
    if let Some(k) = words.iter().position(|w| w.starts_with("month")) {
        return words[k - 1].parse().unwrap_or(0);
    }
    let index = |name: &str| names::MONTHS.iter().position(|m| name.starts_with(m));
    let then = words.iter().find_map(|w| index(w)).unwrap_or(0);
    let now = index(now).unwrap_or(0);
    ((now + 12 - then) % 12) as u64
}

const SAFETY: &[&str] = &[
    "way out",
    "wasn't here",
    "burden",
    "giving away",
    "better off without",
    "would notice",
    "chest",
    "faint",
    "blacked out",
    "passed out",
    "at the wheel",
];
const SEVERE: &[&str] = &[
    "panic attack",
    "breathe",
    "four hours",
    "tears",
    "crying",
    "mistakes",
    "in sick",
    "nothing goes in",
];
const STRAIN: &[&str] = &[
    "p.m.",
    "weekends",
    "lunch",
    "snapped",
    "short with",
    "backlog",
];
const RESOLVED: &[&str] = &["last year", "fine for months"];

#[test]
fn the_stated_rubric_is_enough_to_triage() {
    for seed in 0..2000 {
        let obs = observation("stress_triage", seed);
        let truth = triage::generate(seed);
        let people = obs["subject"]["employees"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for (person, e) in people.iter().zip(&truth.employees) {
            let mut statements = texts(&person["notes"]);
            statements.push(person["quote"].as_str().unwrap_or("").to_owned());
            let current: Vec<&String> = statements
                .iter()
                .filter(|s| !has_any(s, RESOLVED))
                .collect();
            let count = |cues: &[&str]| current.iter().filter(|s| has_any(s, cues)).count();
            let tier = if count(SAFETY) > 0 {
                Tier::Critical
            } else if count(SEVERE) > 0 {
                Tier::Red
            } else if count(STRAIN) >= 2 {
                Tier::Amber
            } else {
                Tier::Green
            };
            assert_eq!(tier, e.tier, "seed {seed} {}: {statements:?}", e.name);
        }
    }
}

#[test]
fn the_stated_thresholds_are_enough_to_find_the_stressors() {
    for seed in 0..2000 {
        let obs = observation("intervention_plan", seed);
        let rubric = texts(&obs["rubric"]).join(" ");
        let truth = plan::generate(seed);
        let mut found = BTreeSet::new();
        for item in obs["subject"]["profile"]
            .as_array()
            .cloned()
            .unwrap_or_default()
        {
            let label = item["label"].as_str().unwrap_or("");
            let value = item["value"].as_str().unwrap_or("");
            let number: i64 = value
                .split(|c: char| !c.is_ascii_digit())
                .find(|w| !w.is_empty())
                .and_then(|w| w.parse().ok())
                .unwrap_or(0);
            let Some(metric) = METRICS.iter().find(|m| m.label == label) else {
                panic!("unknown profile item {label}");
            };
            assert!(rubric.contains(metric.threshold), "{}", metric.threshold);
            // The thresholds exactly as the rubric words them.
            let stressor = match metric.id {
                "overtime" => number > 5,
                "on_call" => number <= 5,
                "one_on_ones" => value.starts_with("none"),
                "connection" => number >= 6,
                "conduct" | "staffing" => number >= 2,
                "incidents" => number >= 6,
                "priorities" => number >= 3,
                "toil" => number >= 30,
                _ => value.starts_with("announced"),
            };
            if stressor {
                found.insert(metric.id);
            }
        }
        assert_eq!(found, truth.stressors(), "seed {seed}");
    }
}

// ---------------------------------------------------------------------------
// Difficulty levels

const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// Scores of `answer` on `kind` at `level` over `seeds`.
fn grade_at(
    kind: TaskKind,
    level: u8,
    seeds: std::ops::Range<u64>,
    answer: impl Fn(&Case, u64) -> String,
) -> Vec<i32> {
    seeds
        .map(|seed| {
            let case = Case::generate_at(kind, level, seed);
            case.grade(&answer(&case, seed)).total.0
        })
        .collect()
}

/// The noisy reference's mean score per task (and the full episode, the
/// mean of the three) at `level`, each decision wrong with probability
/// `per_mille` / 1000.
fn noisy_means(level: u8, per_mille: u32, seeds: u64) -> [f64; 4] {
    let mut means = [0.0; 4];
    for (k, kind) in TaskKind::ALL.into_iter().enumerate() {
        let scores = grade_at(kind, level, 0..seeds, |case, seed| {
            let mut rng = env_wasm::rng::SeededRng::new(seed, 7);
            baselines::noisy(case, per_mille, &mut rng)
        });
        means[k] = mean(&scores);
    }
    means[3] = (means[0] + means[1] + means[2]) / 3.0;
    means
}

#[test]
fn reference_answers_score_exactly_one_at_every_level() {
    for level in LEVELS {
        for kind in TaskKind::ALL {
            let scores = grade_at(kind, level, 0..200, |c, _| c.write(Style::Reference));
            let min = scores.iter().min().copied().unwrap_or(0);
            assert_eq!(
                min,
                10_000,
                "{} level {level}: a reference answer scored {min}",
                kind.id()
            );
        }
        // And through the seam: the full episode at this level, its state
        // naming the level.
        for seed in 0..5 {
            let mut env = AnyEnv::of(&env_wasm::registry::IT_MENTAL_HEALTH_INFO);
            let options = json!({"task": "full_episode", "difficulty": level, "seed": seed});
            env.reset(&options, ResetDefaults::default())
                .expect("reset at a served level");
            while let Some(action) = env.reference_action() {
                env.step(&action).expect("the reference is accepted");
            }
            let state = env.state();
            assert_eq!(state["difficulty"], json!(level));
            let end = env.terminal_score();
            assert_eq!(end, Some(1.0), "level {level} seed {seed}");
        }
    }
}

#[test]
fn the_noisy_reference_scores_lower_at_higher_levels() {
    // At rate 0 it is the reference itself, in the environment too.
    for level in LEVELS {
        for kind in TaskKind::ALL {
            for seed in 0..30 {
                let case = Case::generate_at(kind, level, seed);
                let mut rng = env_wasm::rng::SeededRng::new(seed, 7);
                assert_eq!(
                    baselines::noisy(&case, 0, &mut rng),
                    case.write(Style::Reference),
                    "{} level {level} seed {seed}",
                    kind.id()
                );
            }
        }
        let mut env = AnyEnv::of(&env_wasm::registry::IT_MENTAL_HEALTH_INFO);
        let options = json!({"task": "full_episode", "difficulty": level, "seed": 3});
        env.reset(&options, ResetDefaults::default())
            .expect("reset at a served level");
        let mut rng = env_wasm::rng::SeededRng::new(3, 7);
        while let Some(action) = env.noisy_reference_action(0, &mut rng) {
            assert_eq!(Some(&action), env.reference_action().as_ref());
            env.step(&action).expect("the noisy reference is accepted");
        }
        assert_eq!(env.terminal_score(), Some(1.0), "level {level}");
    }

    // The curve: the same rate costs more at a higher level (more facts to
    // judge, more signs per person, more plan actions, a tighter budget).
    let tasks = [
        "burnout_detection",
        "stress_triage",
        "intervention_plan",
        "full_episode",
    ];
    for (per_mille, seeds) in [(200, 200), (100, 100)] {
        let curve: Vec<[f64; 4]> = LEVELS
            .map(|level| noisy_means(level, per_mille, seeds))
            .collect();
        for (k, task) in tasks.iter().enumerate() {
            let means: Vec<String> = curve.iter().map(|m| format!("{:.4}", m[k])).collect();
            println!(
                "noisy reference at {per_mille}\u{2030}, {task:<18} levels 1-5: {}",
                means.join("  ")
            );
        }
        if per_mille != 200 {
            // Printed; only the ends are asserted on fewer seeds.
            assert!(curve[4][3] < curve[0][3], "{per_mille}: {curve:.4?}");
            continue;
        }
        // The full episode falls at every level; each task from level 1
        // and from level 2 to level 5.
        for pair in curve.windows(2) {
            assert!(pair[1][3] < pair[0][3], "{per_mille}: {curve:.4?}");
        }
        for k in 0..3 {
            assert!(
                curve[4][k] < curve[1][k] && curve[1][k] <= curve[0][k],
                "{per_mille} {}: {curve:.4?}",
                tasks[k]
            );
        }
    }
    // Every decision wrong scores low.
    for level in LEVELS {
        let m = noisy_means(level, 1000, 50);
        println!("noisy reference at 1000\u{2030}, level {level}: {m:.4?}");
        assert!(m.iter().all(|s| *s <= 0.30), "level {level}: {m:?}");
    }
}
