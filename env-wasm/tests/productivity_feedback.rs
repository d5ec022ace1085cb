//! Feedback that teaches (issue 21, R7), for `productivity`: at the graded
//! end every criterion that lost points is named with the item it came from
//! and the value expected, a list names the very items that cost points,
//! and the expected answer follows; every instruction states the rules its
//! grader applies (the organizer is not a participant, which emails are
//! reported, what counts as copying, what a wrong label costs).
#![cfg(not(target_arch = "wasm32"))]

mod productivity_support;

use env_wasm::rng::SeededRng;
use productivity_support::{LEVELS, TASKS, single_answer_levels, start_at, step};
use serde_json::{Value, json};

/// Seeds per task and level.
const SEEDS: u64 = 4;

/// The reference answer object of an episode just reset.
fn reference_of(env: &env_wasm::AnyEnv) -> Value {
    let raw = productivity_support::reference_final(env);
    serde_json::from_str(raw.trim_start_matches("final:").trim()).unwrap_or_default()
}

#[test]
fn every_deduction_names_its_criterion_item_and_expected_value() {
    let mut failures = Vec::new();
    let mut deductions = 0;
    for task in TASKS {
        for level in LEVELS {
            for seed in 0..SEEDS {
                let mut env = start_at(task, level, seed).0;
                let mut rng = SeededRng::new(seed, 97);
                while !env.is_done() {
                    let Some(action) = env.noisy_reference_action(500, &mut rng) else {
                        break;
                    };
                    let _ = env.step(&action);
                }
                let observation = env.observation().map(|o| o.to_value()).unwrap_or_default();
                let feedback = observation["last_feedback"].as_str().unwrap_or_default();
                if !feedback.contains("Expected answer") {
                    failures.push(format!(
                        "{task} L{level} s{seed}: no expected answer: {feedback}"
                    ));
                }
                for (criterion, score) in observation["score_breakdown"]
                    .as_object()
                    .into_iter()
                    .flatten()
                {
                    if score.as_f64().unwrap_or(1.0) >= 1.0 {
                        continue;
                    }
                    deductions += 1;
                    // `criterion (item): got ...; expected ...`
                    let named = feedback
                        .match_indices(&format!("{criterion} ("))
                        .any(|(at, _)| {
                            let rest = &feedback[at..];
                            let end = rest.find(". ").unwrap_or(rest.len());
                            rest[..end].contains("got ") && rest[..end].contains("expected ")
                        });
                    if !named {
                        failures.push(format!(
                            "{task} L{level} s{seed}: {criterion} lost points unnamed: {feedback}"
                        ));
                    }
                }
            }
        }
    }
    println!("{deductions} deductions checked");
    assert!(deductions >= 60, "only {deductions} deductions were made");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_list_deduction_names_the_items_missing_extra_and_out_of_place() {
    for level in LEVELS {
        for seed in 0..SEEDS {
            let mut env = start_at("hard", level, seed).0;
            let mut answer = reference_of(&env);
            let retained: Vec<Value> = answer["retained_ids"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let mut duplicates: Vec<Value> = answer["duplicate_ids"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let Some(dropped) = duplicates.pop() else {
                continue;
            };
            duplicates.push(json!("zz999"));
            answer["duplicate_ids"] = Value::Array(duplicates);
            let mut swapped = retained.clone();
            if swapped.len() < 2 {
                continue;
            }
            swapped.swap(0, 1);
            answer["retained_ids"] = Value::Array(swapped);
            let (_, observation, _) = step(&mut env, &format!("final: {answer}"));
            let feedback = observation["last_feedback"].as_str().unwrap_or_default();
            let dropped = dropped.as_str().unwrap_or_default();
            for wanted in [
                format!("missing {dropped}; not expected zz999"),
                format!(
                    "first out of place: position 1 is {}, expected {}",
                    retained[1].as_str().unwrap_or_default(),
                    retained[0].as_str().unwrap_or_default()
                ),
            ] {
                assert!(
                    feedback.contains(&wanted),
                    "level {level} seed {seed}: {wanted:?} not in {feedback}"
                );
            }
            // The right lists are not named: nothing was lost there.
            assert!(
                !feedback.contains("invalid_emails ("),
                "level {level} seed {seed}: {feedback}"
            );
        }
    }
}

/// The value grammar every task's instruction states (what a rule is, and
/// the words that show it).
const VALUE_GRAMMAR: &str = "the value is read first, a rejected value in an aside is no second \
                             value, a self-correction is the corrected value and another value \
                             called acceptable is two";
const VALUE_GRAMMAR_WORDS: &[&str] = &[
    "each field takes exactly one value, written first",
    "is read as a comment",
    "is not a second value",
    "counts as the corrected one",
    "15:15 also works",
];

#[test]
fn every_instruction_states_the_rules_its_grader_applies() {
    // (task, what the grader applies, words of the instruction that state it)
    let rules: &[(&str, &str, &[&str])] = &[
        (
            "easy",
            "priority and needs_reply are paid only with the right label",
            &["earn only with the right label"],
        ),
        (
            "easy",
            "spam is low and needs no reply",
            &["spam is low", "never for spam"],
        ),
        (
            "easy",
            "a request about an event is due by the event's day",
            &["a request about an event", "is due by the event's day"],
        ),
        ("easy", VALUE_GRAMMAR, VALUE_GRAMMAR_WORDS),
        ("medium", VALUE_GRAMMAR, VALUE_GRAMMAR_WORDS),
        ("hard", VALUE_GRAMMAR, VALUE_GRAMMAR_WORDS),
        (
            "medium",
            "the organizer is not a participant; naming them is ignored",
            &[
                "is not a participant",
                "naming the organizer as well is ignored",
            ],
        ),
        (
            "medium",
            "a booking breaking a constraint earns at most 0.2",
            &["earns at most 0.2"],
        ),
        (
            "hard",
            "only the emails of rows rule 4 drops are reported",
            &[
                "invalid_emails lists the email of every row dropped by rule 4",
                "an invalid email on a duplicate row dropped by rule 3 is not reported",
            ],
        ),
        (
            "hard",
            "lists are scored by precision and recall",
            &["an id or email too many costs as one missing"],
        ),
    ];
    // Every task: what counts as copying, and what the feedback shows.
    let every: &[&str] = &[
        "a value copied with other text",
        "reads as no value",
        "the feedback lists each deduction with the value expected, and the expected answer",
    ];
    for task in TASKS {
        for level in LEVELS {
            for seed in 0..2 {
                let observation = start_at(task, level, seed).1;
                let instruction = observation["instruction"].as_str().unwrap_or_default();
                // Only the meeting's own people hold preferences.
                if task == "medium" && level >= 3 {
                    assert!(
                        instruction.contains("Preferences of the required participants"),
                        "level {level} seed {seed}: {instruction}"
                    );
                }
                let stated = rules
                    .iter()
                    .filter(|(t, _, _)| *t == task)
                    .flat_map(|(_, _, words)| words.iter());
                for words in every.iter().chain(stated) {
                    assert!(
                        instruction.contains(words),
                        "{task} level {level} seed {seed}: the instruction does not say {words:?}:\n{instruction}"
                    );
                }
            }
        }
    }
}

/// A booking whose day cannot be read is told so: the constraints checked
/// against a meeting are named with the day as their cause, never with a
/// readable room as if the room were wrong.
#[test]
fn an_unreadable_day_is_named_as_the_cause_not_the_room() {
    for &level in single_answer_levels("medium") {
        for seed in 0..SEEDS {
            let mut env = start_at("medium", level, seed).0;
            let mut answer = reference_of(&env);
            // A level-5 scenario without a valid booking has no day to spoil.
            if answer.get("no_slot").is_some() {
                continue;
            }
            answer["day"] = json!("the usual day");
            let (_, observation, _) = step(&mut env, &format!("final: {answer}"));
            let feedback = observation["last_feedback"].as_str().unwrap_or_default();
            assert!(
                !feedback.contains("room_valid (room)"),
                "level {level} seed {seed}: {feedback}"
            );
            for wanted in [
                "day (day): got \"the usual day\"",
                "room_valid (day): got \"the usual day\"; expected a meeting",
                "broken: day;",
                "not checked without a meeting within working hours on a candidate day: \
                 no_blocked_overlap, participant_availability, room_valid",
            ] {
                assert!(
                    feedback.contains(wanted),
                    "level {level} seed {seed}: {wanted:?} not in {feedback}"
                );
            }
        }
    }
}
