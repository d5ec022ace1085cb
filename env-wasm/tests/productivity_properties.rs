//! Metamorphic properties of the `productivity` graders and episode, over
//! random seeds of every task:
//! - adding a wrong option to a right one-value answer (a list, "X or Y",
//!   "X/Y", a range) never raises any criterion above what either reading
//!   earns alone;
//! - removing a field, or every copy of a right item of a set, never raises
//!   the score;
//! - repeating values, reordering keys or padding values never raises it;
//! - pasting the instruction or the payload into a field earns at most 0.1
//!   on the criteria that field feeds;
//! - nothing before the graded end depends on the quality of a draft: two
//!   episodes whose drafts have the same form but different values (right
//!   or wrong) show the same rewards, feedback, reward breakdowns and
//!   `/state` at every step before the end.
//!
//! And the difficulty levels, over seeds of every task and level:
//! - the reference scores 1.0 at every level;
//! - a scenario grows with its level (people, rooms, rows, rules), the same
//!   seed gives a different scenario at every level, and the same task,
//!   level and seed give the same scenario;
//! - the noisy reference (each graded decision wrong with a fixed
//!   probability) scores 1.0 at rate 0, low at rate 1000, and lower at a
//!   higher level for the same rate: the difficulty curve, printed.
#![cfg(not(target_arch = "wasm32"))]

mod productivity_support;

use env_wasm::rng::SeededRng;
use productivity_support::{
    LEVELS, TASKS, episode, grade, hhmm, minutes, observation, play_noisy, play_policy_at,
    reference, shifted_iso, single_answer_levels, start_at, step, strings,
};
use proptest::prelude::*;

mod proptest_config;
use serde_json::{Map, Value, json};

/// The values one answer field can take in these properties.
struct Field {
    key: &'static str,
    /// Well formed: the right value first, then wrong ones.
    well: Vec<Value>,
    /// Not well formed (hedges, unknown values, wrong types).
    ill: Vec<Value>,
    /// One value, or a set of items.
    one_value: bool,
    /// The criteria this field feeds.
    criteria: &'static [&'static str],
}

impl Field {
    fn right(&self) -> &Value {
        &self.well[0]
    }
}

fn cents_text(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Every field of `task` for `seed`, with right, wrong and ill-formed values.
fn fields(task: &str, seed: u64) -> Vec<Field> {
    fields_at(task, productivity_support::DEFAULT_LEVEL, seed)
}

/// [`fields`] at difficulty `level`.
fn fields_at(task: &str, level: u8, seed: u64) -> Vec<Field> {
    let answer = Value::Object(reference_at(task, level, seed));
    let payload = start_at(task, level, seed).1["payload"].clone();
    let right = |key: &str| answer[key].clone();
    match task {
        "easy" => {
            let others = |right: &Value, all: &[&str]| -> Vec<Value> {
                let mut values = vec![right.clone()];
                values.extend(all.iter().filter(|v| json!(v) != *right).map(|v| json!(v)));
                values
            };
            vec![
                Field {
                    key: "label",
                    well: others(&right("label"), &["work", "personal", "spam", "finance"]),
                    ill: vec![
                        json!("work or spam"),
                        json!(["finance", "personal"]),
                        json!("maybe"),
                    ],
                    one_value: true,
                    criteria: &["label"],
                },
                Field {
                    key: "priority",
                    well: others(&right("priority"), &["low", "normal", "high"]),
                    ill: vec![json!("low/high"), json!(3), json!("critical")],
                    one_value: true,
                    criteria: &["priority"],
                },
                Field {
                    key: "needs_reply",
                    well: others(&right("needs_reply"), &["yes", "no"]),
                    ill: vec![json!("yes or no"), json!(["yes", "no"]), json!("perhaps")],
                    one_value: true,
                    criteria: &["needs_reply"],
                },
            ]
        }
        // A level-5 calendar without a valid booking: `no_slot` has no
        // field to vary.
        "medium" if answer.get("no_slot").is_some() => Vec::new(),
        "medium" => {
            let day = answer["day"].as_str().unwrap_or_default().to_owned();
            let start = i64::from(minutes(answer["start"].as_str().unwrap_or_default()));
            let end = i64::from(minutes(answer["end"].as_str().unwrap_or_default()));
            let required = strings(&answer["participants"]);
            // From level 4 the people are the directory's.
            let everyone: Vec<String> = payload["availability"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|p| p["name"].as_str())
                .chain(
                    payload["directory"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_str),
                )
                .map(str::to_owned)
                .collect();
            let rooms: Vec<Value> = payload["rooms"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| r["name"].clone())
                .collect();
            let mut room_values = vec![right("room")];
            room_values.extend(rooms.into_iter().filter(|r| *r != right("room")));
            // A range "T-W" is a hedge unless it is the meeting's span (its
            // length the meeting's, play-para-pr10 A): the wrong times and
            // the ill-formed range are never a meeting's length (30, 45, 60
            // or 90 minutes) from the right one.
            let time_field = |key: &'static str, at: i64| Field {
                key,
                well: [0, 15, -15, 75, 120]
                    .iter()
                    .map(|shift| json!(hhmm(at + shift)))
                    .collect(),
                ill: vec![
                    json!(format!("{}-{}", hhmm(at), hhmm(at + 50))),
                    json!("tbd"),
                    json!([hhmm(at), hhmm(at + 30)]),
                ],
                one_value: true,
                criteria: &[
                    "duration",
                    "no_blocked_overlap",
                    "participant_availability",
                    "room_valid",
                ],
            };
            vec![
                Field {
                    key: "day",
                    well: vec![
                        json!(day),
                        json!(shifted_iso(&day, 1)),
                        json!(shifted_iso(&day, -1)),
                        json!(shifted_iso(&day, 7)),
                    ],
                    ill: vec![
                        json!(format!("{day} or {}", shifted_iso(&day, 1))),
                        json!("tomorrow"),
                        json!(20260101),
                    ],
                    one_value: true,
                    criteria: &[
                        "day",
                        "no_blocked_overlap",
                        "participant_availability",
                        "room_valid",
                    ],
                },
                time_field("start", start),
                time_field("end", end),
                Field {
                    key: "participants",
                    well: vec![
                        json!(required),
                        json!(required[1..]),
                        json!(everyone),
                        json!([]),
                        json!(required[..1]),
                    ],
                    ill: vec![json!(["Nobody"]), json!("everyone"), json!(7)],
                    one_value: false,
                    criteria: &["participants"],
                },
                Field {
                    key: "room",
                    well: room_values,
                    ill: vec![json!("Nowhere"), json!(["a", "b"]), json!("any room")],
                    one_value: true,
                    criteria: &["room_valid"],
                },
            ]
        }
        _ => {
            let n = answer["valid_rows"].as_i64().unwrap_or(0);
            let total = {
                let text = answer["normalized_total"].as_str().unwrap_or_default();
                let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
                whole.parse::<i64>().unwrap_or(0) * 100 + frac.parse::<i64>().unwrap_or(0)
            };
            let ids: Vec<String> = {
                let mut seen = std::collections::BTreeSet::new();
                payload["rows"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|r| r["id"].as_str())
                    .map(|id| id.trim().to_lowercase())
                    .filter(|id| seen.insert(id.clone()))
                    .collect()
            };
            let emails: Vec<String> = payload["rows"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r["email"].as_str())
                .map(|e| {
                    e.split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .to_lowercase()
                })
                .collect();
            let set_field = |key: &'static str, universe: &[String], criteria| {
                let gold = strings(&answer[key]);
                let plus_one: Vec<String> = gold
                    .iter()
                    .cloned()
                    .chain(universe.iter().find(|u| !gold.contains(u)).cloned())
                    .collect();
                Field {
                    key,
                    well: vec![
                        json!(gold),
                        json!(universe),
                        json!([]),
                        json!(plus_one),
                        json!(gold[1..]),
                    ],
                    ill: vec![json!(["zz999"]), json!(true), json!("a or b")],
                    one_value: false,
                    criteria,
                }
            };
            vec![
                Field {
                    key: "valid_rows",
                    well: vec![json!(n), json!(n - 1), json!(n + 1), json!(n + 2)],
                    ill: vec![json!(format!("{n} or {}", n + 1)), json!(-1), json!("many")],
                    one_value: true,
                    criteria: &["valid_rows"],
                },
                set_field("duplicate_ids", &ids, &["duplicate_ids"]),
                set_field("invalid_emails", &emails, &["invalid_emails"]),
                Field {
                    key: "normalized_total",
                    well: vec![
                        json!(cents_text(total)),
                        json!(cents_text(total + 1)),
                        json!(cents_text(total - 1)),
                        json!(cents_text(total + 10_000)),
                    ],
                    ill: vec![json!("$10.00-$12.00"), json!("12,34"), json!("lots")],
                    one_value: true,
                    criteria: &["normalized_total"],
                },
                set_field(
                    "retained_ids",
                    &ids,
                    &["retained_ids", "retained_ids_order"],
                ),
            ]
        }
    }
}

/// A random answer: each field right, wrong, ill formed or missing.
fn random_answer(fields: &[Field], rng: &mut SeededRng) -> Map<String, Value> {
    let mut answer = Map::new();
    for field in fields {
        let value = match rng.below(4) {
            0 => Some(field.right().clone()),
            1 => Some(rng.pick(&field.well).clone()),
            2 => Some(rng.pick(&field.ill).clone()),
            _ => None,
        };
        if let Some(value) = value {
            answer.insert(field.key.to_owned(), value);
        }
    }
    answer
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `right` and `wrong` in one value, written in one of several ways.
fn hedge(right: &Value, wrong: &Value, style: usize) -> Value {
    let (r, w) = (text_of(right), text_of(wrong));
    match style % 10 {
        0 => json!([right, wrong]),
        1 => json!([wrong, right]),
        2 => json!(format!("{r} or {w}")),
        3 => json!(format!("{r}/{w}")),
        4 => json!(format!("{r}, {w}")),
        5 => json!(format!("{w} or {r}")),
        6 => json!(format!("either {r} or {w}")),
        7 => json!(format!("{r}-{w}")),
        8 => json!(format!("{r} and {w}")),
        _ => json!(format!("{r} | {w}")),
    }
}

fn total(task: &str, seed: u64, answer: &Map<String, Value>) -> f64 {
    grade(task, seed, &Value::Object(answer.clone())).total
}

fn seed_and_task() -> impl Strategy<Value = (u64, &'static str)> {
    (0u64..1_000_000, prop::sample::select(TASKS.to_vec()))
}

proptest! {
    #![proptest_config(proptest_config::fixed(256, 11))]

    #[test]
    fn a_hedge_scores_no_better_than_its_worst_reading(
        (seed, task) in seed_and_task(),
        field in any::<prop::sample::Index>(),
        wrong in any::<prop::sample::Index>(),
        style in 0usize..10,
    ) {
        let fields = fields(task, seed);
        let one_value: Vec<&Field> = fields.iter().filter(|f| f.one_value).collect();
        let field = one_value[field.index(one_value.len())];
        let wrong = &field.well[1 + wrong.index(field.well.len() - 1)];
        let reference = reference(task, seed).as_object().cloned().unwrap_or_default();
        let with = |value: Value| {
            let mut answer = reference.clone();
            answer.insert(field.key.to_owned(), value);
            grade(task, seed, &Value::Object(answer))
        };
        let (right_alone, wrong_alone) = (with(field.right().clone()), with(wrong.clone()));
        let hedged_value = hedge(field.right(), wrong, style);
        let hedged = with(hedged_value.clone());
        for (criterion, score) in &hedged.criteria {
            let worst = right_alone.criteria[criterion].min(wrong_alone.criteria[criterion]);
            prop_assert!(
                *score <= worst,
                "{task} seed {seed}: {} = {hedged_value} earns {criterion} {score}, its worst reading {worst}",
                field.key
            );
        }
    }

    #[test]
    fn removing_a_field_or_a_right_item_never_raises_the_score(
        (seed, task) in seed_and_task(),
        choices in any::<u64>(),
        target in any::<prop::sample::Index>(),
    ) {
        let fields = fields(task, seed);
        let mut rng = SeededRng::new(choices, 1);
        let answer = random_answer(&fields, &mut rng);
        let before = total(task, seed, &answer);
        let field = &fields[target.index(fields.len())];
        let mut removed = answer.clone();
        let gold = strings(field.right());
        match (removed.get_mut(field.key), gold.first()) {
            // A set field: drop every copy of one right item.
            (Some(Value::Array(items)), Some(_)) if !field.one_value => {
                let item = rng.pick(&gold).clone();
                items.retain(|v| v.as_str().map(|s| s.trim().to_lowercase()) != Some(item.to_lowercase()));
            }
            _ => {
                removed.remove(field.key);
            }
        }
        let after = total(task, seed, &removed);
        prop_assert!(
            after <= before,
            "{task} seed {seed}: {before} -> {after} removing from {}: {answer:?} -> {removed:?}",
            field.key
        );
    }

    #[test]
    fn repeating_reordering_or_padding_never_raises_the_score(
        (seed, task) in seed_and_task(),
        choices in any::<u64>(),
        edit in 0usize..4,
    ) {
        let fields = fields(task, seed);
        let mut rng = SeededRng::new(choices, 2);
        let answer = random_answer(&fields, &mut rng);
        let before = total(task, seed, &answer);
        let pad = |value: &Value, junk: bool| match value {
            Value::String(s) if junk => json!(format!("{s} lorem")),
            Value::String(s) => json!(format!(" \t{s}  ")),
            Value::Array(items) => Value::Array(items.iter().map(|item| match item {
                Value::String(s) if junk => json!(format!("{s} ipsum")),
                Value::String(s) => json!(format!("  {s} ")),
                other => other.clone(),
            }).collect()),
            other => other.clone(),
        };
        let after = match edit {
            // Repeat: every list twice over, every scalar as a list of two.
            0 => {
                let repeated: Map<String, Value> = answer.iter().map(|(k, v)| {
                    let twice = match v {
                        Value::Array(items) => Value::Array(items.iter().chain(items).cloned().collect()),
                        other => json!([other, other]),
                    };
                    (k.clone(), twice)
                }).collect();
                total(task, seed, &repeated)
            }
            // Reorder: the keys written in reverse order.
            1 => {
                let members: Vec<String> = answer.iter().rev()
                    .map(|(k, v)| format!("{}: {v}", json!(k)))
                    .collect();
                let mut env = episode(task, seed);
                step(&mut env, &format!("final: {{{}}}", members.join(", ")));
                let reordered = env.terminal_score().unwrap_or(f64::NAN);
                prop_assert_eq!(reordered, before, "{} seed {}: key order changed the score", task, seed);
                reordered
            }
            // Pad with whitespace, or with a junk word.
            padding => {
                let padded: Map<String, Value> = answer.iter()
                    .map(|(k, v)| (k.clone(), pad(v, padding == 3)))
                    .collect();
                total(task, seed, &padded)
            }
        };
        prop_assert!(after <= before, "{task} seed {seed} edit {edit}: {before} -> {after} for {answer:?}");
    }

    #[test]
    fn pasting_the_observation_earns_at_most_a_tenth(
        (seed, task) in seed_and_task(),
        field in any::<prop::sample::Index>(),
        source in 0usize..4,
    ) {
        let fields = fields(task, seed);
        let field = &fields[field.index(fields.len())];
        let shown = observation(task, seed);
        let text = match source % 2 {
            // As much of the instruction as one action can paste: an action
            // holds at most 4,000 characters, and the email instruction is
            // longer with the rest of the answer.
            0 => shown["instruction"].as_str().unwrap_or_default().chars().take(3_000).collect(),
            _ => shown["payload"].to_string(),
        };
        let pasted = if source < 2 { json!(text) } else { json!([text]) };
        let mut answer = reference(task, seed).as_object().cloned().unwrap_or_default();
        answer.insert(field.key.to_owned(), pasted);
        let graded = grade(task, seed, &Value::Object(answer));
        for criterion in field.criteria {
            let score = graded.criteria[*criterion];
            prop_assert!(
                score <= 0.1,
                "{task} seed {seed}: pasting into {} earns {criterion} {score}",
                field.key
            );
        }
    }

    #[test]
    fn nothing_before_the_end_depends_on_a_drafts_quality(
        (seed, task) in seed_and_task(),
        plan in prop::collection::vec((0usize..6, any::<u64>()), 1..5),
        relabel in any::<u64>(),
    ) {
        let fields = fields(task, seed);
        // Each step: 0 inspect, 1 malformed, 2 to 4 a draft whose fields take
        // a form (well formed, ill formed, missing) drawn from the step's
        // own stream, 5 a well-formed draft that is the right answer half
        // the time. The second episode draws the same forms but maps every
        // value through a fixed permutation of its pool, so repeats stay
        // repeats and only the values (right or wrong) differ.
        let pools: Vec<[usize; 2]> = fields.iter().map(|f| [f.well.len(), f.ill.len()]).collect();
        let mut shuffle = SeededRng::new(relabel, 3);
        let permutations: Vec<[Vec<usize>; 2]> = pools.iter().map(|sizes| {
            sizes.map(|n| {
                let mut order: Vec<usize> = (0..n).collect();
                shuffle.shuffle(&mut order);
                order
            })
        }).collect();
        let draft = |choices: u64, well_formed: bool, permuted: bool| {
            let mut rng = SeededRng::new(choices, 4);
            let right = well_formed && rng.chance(1, 2);
            let mut answer = Map::new();
            for (i, field) in fields.iter().enumerate() {
                let form = if well_formed { 0 } else { rng.below(3) as usize };
                if form == 2 {
                    continue;
                }
                let pool = if form == 0 { &field.well } else { &field.ill };
                let pick = if right { 0 } else { rng.index(pool.len()) };
                let pick = if permuted { permutations[i][form][pick] } else { pick };
                answer.insert(field.key.to_owned(), pool[pick].clone());
            }
            format!("propose: {}", Value::Object(answer))
        };
        let play = |permuted: bool| {
            let mut env = episode(task, seed);
            plan.iter().map(|(kind, choices)| {
                let raw = match kind {
                    0 => "inspect".to_owned(),
                    1 => "please grade this".to_owned(),
                    5 => draft(*choices, true, permuted),
                    _ => draft(*choices, false, permuted),
                };
                let (reward, mut shown, mut state) = step(&mut env, &raw);
                if let Some(o) = shown.as_object_mut() {
                    // The agent's own command, echoed back.
                    o.remove("last_action");
                }
                if let Some(s) = state.as_object_mut() {
                    s.remove("episode_id");
                }
                (reward, shown, state, env.is_done())
            }).collect::<Vec<_>>()
        };
        let (plain, permuted) = (play(false), play(true));
        for (i, (a, b)) in plain.iter().zip(&permuted).enumerate() {
            let at = format!("{task} seed {seed} step {}", i + 1);
            prop_assert!(!a.3 && !b.3, "{at}: the episode ended");
            prop_assert_eq!(a.0, b.0, "{}: the reward depends on the values", at);
            for part in ["last_feedback", "reward_breakdown", "terminal_grader", "score_breakdown"] {
                prop_assert_eq!(&a.1[part], &b.1[part], "{}: {} depends on the values", at, part);
            }
            prop_assert_eq!(&a.2, &b.2, "{}: /state depends on the values", at);
            prop_assert_eq!(&a.1, &b.1, "{}: the observation depends on the values", at);
        }
    }
}

proptest! {
    #![proptest_config(proptest_config::fixed(64, 12))]

    #[test]
    fn the_same_task_level_and_seed_give_the_same_scenario(
        (seed, task) in seed_and_task(),
        level in prop::sample::select(LEVELS.to_vec()),
    ) {
        let (mut env, first) = start_at(task, level, seed);
        let state = env.state();
        prop_assert_eq!(&state["difficulty"], &json!(level));
        let (again, _) = (start_at(task, level, seed).1, ());
        prop_assert_eq!(&first, &again);
        // (Where the calendar's lookups are open the reference looks
        // things up first.)
        let mut last = Value::Null;
        for _ in 0..64 {
            if env.is_done() {
                break;
            }
            let reference = env.reference_action().unwrap_or_default();
            last = step(&mut env, reference["raw"].as_str().unwrap_or_default()).1;
        }
        prop_assert_eq!(&last["terminal_grader"], &json!(1.0));
    }
}

const LEVEL_SEEDS: u64 = 200;

#[test]
fn the_reference_scores_full_at_every_level() {
    for task in TASKS {
        for level in LEVELS {
            for seed in 0..LEVEL_SEEDS {
                let score = play_policy_at(task, level, seed, "reference");
                assert_eq!(score, 1.0, "{task} level {level} seed {seed}");
            }
        }
    }
}

/// How much a scenario holds: known accounts and policy lines of an
/// email; people, rooms and blocked windows of a calendar; rows and rules
/// of a table.
fn size(task: &str, level: u8, seed: u64) -> usize {
    let observation = start_at(task, level, seed).1;
    let payload = &observation["payload"];
    let count = |key: &str| payload[key].as_array().map_or(0, Vec::len);
    match task {
        "easy" => {
            let policy_lines = observation["instruction"]
                .as_str()
                .unwrap_or_default()
                .lines()
                .count();
            count("known_accounts") + policy_lines
        }
        // From level 4 the people are the directory's and the rooms are
        // behind `list_rooms`, counted from its text.
        "medium" => {
            let listed = match payload.get("directory") {
                Some(_) => {
                    let (_, shown, _) = step(&mut start_at(task, level, seed).0, "list_rooms");
                    let text = shown["last_feedback"].as_str().unwrap_or_default();
                    text.matches("(capacity ").count()
                }
                None => 0,
            };
            // Several meetings (levels 4 and 5): each one's people.
            let meetings: usize = payload["meetings"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|m| m["required_participants"].as_array().map_or(0, Vec::len))
                .sum();
            count("availability")
                + meetings
                + count("directory")
                + count("rooms")
                + listed
                + count("blocked_windows")
        }
        _ => count("rows") + count("rules"),
    }
}

#[test]
fn scenarios_grow_with_the_level_and_differ_between_levels() {
    for task in TASKS {
        let mut means = Vec::new();
        for level in LEVELS {
            let total: usize = (0..LEVEL_SEEDS).map(|seed| size(task, level, seed)).sum();
            means.push(total as f64 / LEVEL_SEEDS as f64);
        }
        println!("size productivity/{task} by level 1 to 5: {means:.1?}");
        assert!(means.windows(2).all(|w| w[0] < w[1]), "{task}: {means:?}");
        for seed in 0..LEVEL_SEEDS {
            let scenarios: std::collections::BTreeSet<String> = LEVELS
                .iter()
                .map(|&level| {
                    let shown = start_at(task, level, seed).1;
                    format!("{}{}", shown["instruction"], shown["payload"])
                })
                .collect();
            assert_eq!(scenarios.len(), LEVELS.len(), "{task} seed {seed}");
        }
    }
}

/// The mean score of the noisy reference at `per_mille` for each level.
fn noisy_curve(task: &str, per_mille: u32) -> Vec<f64> {
    LEVELS
        .iter()
        .map(|&level| {
            let total: f64 = (0..LEVEL_SEEDS)
                .map(|seed| play_noisy(task, level, seed, per_mille))
                .sum();
            total / LEVEL_SEEDS as f64
        })
        .collect()
}

#[test]
fn the_noisy_reference_is_exact_at_rate_zero_and_low_at_rate_one() {
    for task in TASKS {
        for level in LEVELS {
            for seed in 0..50 {
                assert_eq!(
                    play_noisy(task, level, seed, 0),
                    1.0,
                    "{task} level {level} seed {seed}"
                );
            }
            let always_wrong = (0..50)
                .map(|seed| play_noisy(task, level, seed, 1000))
                .sum::<f64>()
                / 50.0;
            println!(
                "noisy productivity/{task} level {level} at 1000 per mille: {always_wrong:.3}"
            );
            assert!(
                always_wrong <= 0.30,
                "{task} level {level}: {always_wrong:.3}"
            );
        }
    }
}

#[test]
fn the_same_error_rate_costs_more_at_a_higher_level() {
    let mut overall = [0.0; 5];
    for task in TASKS {
        for per_mille in [100, 200] {
            let curve = noisy_curve(task, per_mille);
            println!(
                "noisy productivity/{task} at {per_mille} per mille, levels 1 to 5: {curve:.3?}"
            );
            if per_mille == 200 {
                for (sum, mean) in overall.iter_mut().zip(&curve) {
                    *sum += mean / TASKS.len() as f64;
                }
            }
            // No level is easier than the one below it (up to a hundredth:
            // the largest tables already miss every exact criterion at
            // 200 per mille, so levels 4 and 5 of `hard` come out even), and
            // level 5 is strictly harder than the default level 2.
            assert!(
                curve.windows(2).all(|w| w[1] <= w[0] + 0.01),
                "{task} {per_mille}: {curve:?}"
            );
            assert!(curve[4] < curve[1], "{task} {per_mille}: {curve:?}");
        }
    }
    println!(
        "noisy productivity (mean of the tasks) at 200 per mille, levels 1 to 5: {overall:.3?}"
    );
    assert!(overall.windows(2).all(|w| w[1] < w[0]), "{overall:?}");
}

/// `text` disguised as a person would not see it: a zero-width space and
/// a soft hyphen inside each word, and every other letter fullwidth.
fn disguised(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        match c {
            'a'..='z' | 'A'..='Z' if i % 2 == 0 => {
                out.push(char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c));
            }
            _ => out.push(c),
        }
        if c.is_alphabetic() && i % 3 == 1 {
            out.push(if i % 2 == 0 { '\u{200B}' } else { '\u{00AD}' });
        }
    }
    out
}

fn disguise_value(value: &Value) -> Value {
    match value {
        Value::String(s) => json!(disguised(s)),
        Value::Array(items) => Value::Array(items.iter().map(disguise_value).collect()),
        other => other.clone(),
    }
}

#[test]
fn disguised_text_grades_as_its_plain_form() {
    for task in TASKS {
        for seed in 0..12 {
            let fields = fields(task, seed);
            for pick in 0..3 {
                // The right answer, then answers with some wrong values.
                let answer: Map<String, Value> = fields
                    .iter()
                    .enumerate()
                    .map(|(i, f)| {
                        let value = &f.well[(i * pick + seed as usize * pick) % f.well.len()];
                        (f.key.to_owned(), value.clone())
                    })
                    .collect();
                let disguised: Map<String, Value> = answer
                    .iter()
                    .map(|(k, v)| (k.clone(), disguise_value(v)))
                    .collect();
                let plain = grade(task, seed, &Value::Object(answer.clone()));
                let hidden = grade(task, seed, &Value::Object(disguised.clone()));
                assert_eq!(
                    plain.criteria, hidden.criteria,
                    "{task} seed {seed}: {disguised:?}"
                );
            }
        }
    }
}

#[test]
fn a_second_section_with_another_value_never_raises_a_criterion() {
    // A one-value field written as two sections ("work\n\nLabel: spam",
    // either order) scores no more than its worse value alone.
    for task in TASKS {
        for &level in single_answer_levels(task) {
            for seed in 0..8 {
                let answer = reference_at(task, level, seed);
                for field in fields_at(task, level, seed).iter().filter(|f| f.one_value) {
                    let right = text_of(&answer[field.key]);
                    for wrong in field
                        .well
                        .iter()
                        .map(text_of)
                        .filter(|w| *w != right)
                        .take(3)
                    {
                        for both in [
                            format!("{right}\n\n{}: {wrong}", field.key),
                            format!("{wrong}. {}: {right}", field.key),
                            format!("{right} ({wrong})"),
                        ] {
                            let mut edited = answer.clone();
                            edited.insert(field.key.to_owned(), json!(both));
                            let mut alone = answer.clone();
                            alone.insert(field.key.to_owned(), json!(wrong));
                            let two = productivity_support::grade_at(
                                task,
                                level,
                                seed,
                                &Value::Object(edited),
                            );
                            let one = productivity_support::grade_at(
                                task,
                                level,
                                seed,
                                &Value::Object(alone),
                            );
                            for criterion in field.criteria {
                                assert!(
                                    two.criteria[*criterion] <= one.criteria[*criterion],
                                    "{task} level {level} seed {seed} {criterion}: {both:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The reference answer of `task` at `level`.
fn reference_at(task: &str, level: u8, seed: u64) -> Map<String, Value> {
    let env = start_at(task, level, seed).0;
    let raw = productivity_support::reference_final(&env);
    serde_json::from_str::<Map<String, Value>>(raw.trim_start_matches("final:").trim())
        .unwrap_or_default()
}
