//! Shared by the productivity test files: play a task of the real seam
//! and read back what an agent sees (observation, reward, state) and the
//! grade of a final answer.
#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::collections::BTreeMap;

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

pub(crate) const TASKS: [&str; 3] = ["easy", "medium", "hard"];

/// The difficulty levels productivity serves; a reset that names none
/// plays [`DEFAULT_LEVEL`].
pub(crate) const LEVELS: [u8; 5] = [1, 2, 3, 4, 5];
pub(crate) const DEFAULT_LEVEL: u8 = 2;

/// The levels at which `task` answers one object of fixed fields: every
/// level, except that from level 4 the calendar books several meetings
/// together (`{"bookings": [...]}`, tested in `productivity_lookups`), so
/// the single booking's field tables stop at level 3.
#[allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]
pub(crate) fn single_answer_levels(task: &str) -> &'static [u8] {
    match task {
        "medium" => &LEVELS[..3],
        _ => &LEVELS,
    }
}

/// A `productivity` episode of `task` and `seed`, just reset, and its
/// first observation.
pub(crate) fn start(task: &str, seed: u64) -> (AnyEnv, Value) {
    start_at(task, DEFAULT_LEVEL, seed)
}

/// [`start`] at difficulty `level`.
pub(crate) fn start_at(task: &str, level: u8, seed: u64) -> (AnyEnv, Value) {
    let info = ENVIRONMENTS
        .iter()
        .find(|info| info.id == "productivity")
        .expect("productivity is registered");
    let mut env = AnyEnv::of(info);
    let reset = env
        .reset(
            &json!({"task": task, "difficulty": level, "seed": seed}),
            ResetDefaults::default(),
        )
        .expect("reset with a known task");
    (env, reset.observation.to_value())
}

pub(crate) fn episode(task: &str, seed: u64) -> AnyEnv {
    start(task, seed).0
}

pub(crate) fn observation(task: &str, seed: u64) -> Value {
    start(task, seed).1
}

/// Step `raw`, returning (reward, observation, state).
pub(crate) fn step(env: &mut AnyEnv, raw: &str) -> (f64, Value, Value) {
    let result = env
        .step(&json!({ "raw": raw }))
        .unwrap_or_else(|e| panic!("{raw:.80}: {e}"));
    (
        result.reward.unwrap_or(f64::NAN),
        result.observation.to_value(),
        env.state(),
    )
}

/// A final answer's grade: the task score and criterion -> score.
pub(crate) struct Graded {
    pub total: f64,
    pub criteria: BTreeMap<String, f64>,
}

pub(crate) fn grade(task: &str, seed: u64, answer: &Value) -> Graded {
    grade_at(task, DEFAULT_LEVEL, seed, answer)
}

/// [`grade`] at difficulty `level`.
pub(crate) fn grade_at(task: &str, level: u8, seed: u64, answer: &Value) -> Graded {
    let mut env = start_at(task, level, seed).0;
    let (_, observation, _) = step(&mut env, &format!("final: {answer}"));
    let criteria = observation["score_breakdown"]
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(k, v)| (k.clone(), v.as_f64().unwrap_or(f64::NAN)))
                .collect()
        })
        .unwrap_or_default();
    Graded {
        total: env.terminal_score().unwrap_or(f64::NAN),
        criteria,
    }
}

/// The reference policy's final command (`final: {...}`) on the scenario
/// of `env`, played on a fresh copy of it: where the calendar's lookups are
/// open the reference looks things up first.
pub(crate) fn reference_final(env: &AnyEnv) -> String {
    let state = env.state();
    let task = state["task"].as_str().unwrap_or_default();
    let level = state["difficulty"].as_u64().unwrap_or(2) as u8;
    let seed = state["seed"].as_u64().unwrap_or(0);
    let mut scratch = start_at(task, level, seed).0;
    for _ in 0..64 {
        let action = scratch.reference_action().unwrap_or_default();
        let raw = action["raw"].as_str().unwrap_or_default().to_owned();
        if raw.starts_with("final:") || scratch.is_done() {
            return raw;
        }
        let _ = scratch.step(&action);
    }
    String::new()
}

/// The reference policy's answer object.
pub(crate) fn reference(task: &str, seed: u64) -> Value {
    let env = episode(task, seed);
    let raw = env.reference_action().expect("a reference action")["raw"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let answer = raw.strip_prefix("final:").unwrap_or(&raw);
    serde_json::from_str(answer.trim()).expect("the reference answer is JSON")
}

/// Play `policy` to the end; its terminal score.
pub(crate) fn play_policy(task: &str, seed: u64, policy: &str) -> f64 {
    play_policy_at(task, DEFAULT_LEVEL, seed, policy)
}

/// [`play_policy`] at difficulty `level`.
pub(crate) fn play_policy_at(task: &str, level: u8, seed: u64, policy: &str) -> f64 {
    let mut env = start_at(task, level, seed).0;
    let mut rng = SeededRng::new(seed, 99);
    let mut steps = 0;
    while !env.is_done() {
        let action = env
            .policy_action(policy, &mut rng)
            .unwrap_or_else(|| panic!("{policy} has no action"));
        env.step(&action)
            .unwrap_or_else(|e| panic!("{policy} played a refused action: {e}"));
        steps += 1;
        assert!(steps <= 10, "{policy} does not end");
    }
    env.terminal_score().unwrap_or(f64::NAN)
}

/// Play the noisy reference (each graded decision wrong with probability
/// `per_mille` / 1000) to the end at difficulty `level`; its terminal score.
pub(crate) fn play_noisy(task: &str, level: u8, seed: u64, per_mille: u32) -> f64 {
    let mut env = start_at(task, level, seed).0;
    let mut rng = SeededRng::new(seed, 98);
    while !env.is_done() {
        let action = env
            .noisy_reference_action(per_mille, &mut rng)
            .expect("the noisy reference acts until the end");
        env.step(&action)
            .unwrap_or_else(|e| panic!("the noisy reference played a refused action: {e}"));
    }
    env.terminal_score().unwrap_or(f64::NAN)
}

/// The mean of `score` over `seeds`.
pub(crate) fn mean(seeds: std::ops::Range<u64>, mut score: impl FnMut(u64) -> f64) -> f64 {
    let count = seeds.end - seeds.start;
    seeds.map(&mut score).sum::<f64>() / count as f64
}

/// The strings of a JSON list (other items and other values: none).
pub(crate) fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// `HH:MM` as minutes after midnight (0 for anything else).
pub(crate) fn minutes(text: &str) -> u32 {
    let (h, m) = text.split_once(':').unwrap_or(("0", "0"));
    h.parse::<u32>().unwrap_or(0) * 60 + m.parse::<u32>().unwrap_or(0)
}

/// Minutes after midnight as `HH:MM`, wrapping around the day.
pub(crate) fn hhmm(minutes: impl Into<i64>) -> String {
    let m = minutes.into().rem_euclid(24 * 60);
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// Another day of the same month as the ISO `iso`, `days` away (or as far
/// back, near the month's end).
pub(crate) fn shifted_iso(iso: &str, days: i64) -> String {
    let (month, day) = iso.rsplit_once('-').unwrap_or(("2026-01", "1"));
    let day: i64 = day.parse().unwrap_or(1);
    // Another valid day of the same month: every month has days 1 to 28.
    let moved = [day + days, day - days, 14 + days]
        .into_iter()
        .find(|d| (1..=28).contains(d))
        .unwrap_or(14);
    format!("{month}-{moved:02}")
}

/// `text` with its first letter in upper case ("urgent" -> "Urgent").
pub(crate) fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A whole number below a million in words, as a person writes it on a
/// cheque: "twenty-one", "seven thousand six hundred and thirteen".
pub(crate) fn in_words(n: u64) -> String {
    const UNITS: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let below_hundred = |n: u64| match n {
        0..=19 => UNITS[n as usize].to_owned(),
        _ if n.is_multiple_of(10) => TENS[(n / 10) as usize].to_owned(),
        _ => format!("{}-{}", TENS[(n / 10) as usize], UNITS[(n % 10) as usize]),
    };
    let below_thousand = |n: u64| match (n / 100, n % 100) {
        (0, rest) => below_hundred(rest),
        (h, 0) => format!("{} hundred", UNITS[h as usize]),
        (h, rest) => format!("{} hundred and {}", UNITS[h as usize], below_hundred(rest)),
    };
    match (n / 1000, n % 1000) {
        (0, rest) => below_thousand(rest),
        (k, 0) => format!("{} thousand", below_thousand(k)),
        (k, rest) if rest < 100 => {
            format!("{} thousand and {}", below_thousand(k), below_hundred(rest))
        }
        (k, rest) => format!("{} thousand {}", below_thousand(k), below_thousand(rest)),
    }
}
