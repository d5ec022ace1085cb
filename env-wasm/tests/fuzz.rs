//! Fuzzing of the seam, for every environment and task: arbitrary bytes,
//! arbitrary JSON and structure-aware action sequences go through
//! [`AnyEnv::reset`], [`AnyEnv::validate_action`] and [`AnyEnv::step`].
//!
//! The property, for every input: no panic; every call returns a result or
//! a typed [`EnvError`] whose code the protocol knows; `validate_action`
//! refuses exactly what `step` refuses, with the same error (the page
//! enables Step on it); a refused call changes nothing (not even the step count); rewards are finite and in
//! [-1, 1]; a final observation carries `terminal_grader` and a
//! `score_breakdown` in [0, 1]; a finished episode stays finished until the
//! next reset; and the same script replayed gives the same JSON.
//!
//! `cargo test -p env-wasm --test fuzz` runs a few hundred cases per
//! family (bytes, json, actions); `scripts/fuzz.sh` runs 100,000 each in
//! release. `PROPTEST_CASES=n` sets the count and `PROPTEST_RNG_SEED=s`
//! replays a run (every run prints its seed). A failure prints the minimal
//! input, and its seed is kept in `tests/fuzz.proptest-regressions` (commit
//! it, so the case is replayed first from then on).
#![cfg(not(target_arch = "wasm32"))]

use std::cell::Cell;

use env_wasm::registry::ENVIRONMENTS;
use env_wasm::rng::SeededRng;
use env_wasm::seam::MAX_SEED;
use env_wasm::{AnyEnv, EnvError, EnvInfo, ResetDefaults, TaskInfo};
use proptest::prelude::*;
use proptest::sample::{Index, select};
use proptest::test_runner::{
    Config, FileFailurePersistence, RngSeed, TestCaseError, TestCaseResult, TestRunner,
};
use serde_json::{Map, Value, json};

/// Cases per family in a plain `cargo test` (debug build, `make test`).
const DEFAULT_CASES: u32 = 256;

// ---------------------------------------------------------------------------
// The runner: case count and seed from the environment, one report line.

/// Test helpers, not the core: they may read the environment.
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(0x5eed_u64)
}

/// Run `test` over `strategy` and print how many cases ran; a failure
/// panics with the minimal input and the seed that replays the run.
fn fuzz<S: Strategy>(family: &str, strategy: S, test: impl Fn(S::Value) -> TestCaseResult)
where
    S::Value: std::fmt::Debug,
{
    let cases = env_number("PROPTEST_CASES").map_or(DEFAULT_CASES, |n| n as u32);
    let seed = env_number("PROPTEST_RNG_SEED").unwrap_or_else(random_seed);
    let config = Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        source_file: Some(file!()),
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    TALLY.with(|t| t.set(Tally::default()));
    let ran = Cell::new(0u64);
    let result = runner.run(&strategy, |value| {
        ran.set(ran.get() + 1);
        test(value)
    });
    if let Err(err) = result {
        panic!("fuzz {family} failed; replay with PROPTEST_RNG_SEED={seed}\n{err}");
    }
    let tasks: usize = ENVIRONMENTS.iter().map(|e| e.tasks.len()).sum();
    let tally = TALLY.with(Cell::get);
    println!(
        "fuzz {family}: {} cases passed over {} environments and {tasks} tasks \
         (PROPTEST_RNG_SEED={seed}); steps: {} accepted, {} ended an episode, \
         {} refused as invalid, {} refused after the end; resets: {} accepted, {} refused",
        ran.get(),
        ENVIRONMENTS.len(),
        tally.accepted,
        tally.finished,
        tally.invalid,
        tally.after_done,
        tally.resets,
        tally.refused_resets,
    );
}

/// What the cases of one family did, to show the inputs reach past the
/// parsers (counted per test thread).
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    accepted: u64,
    finished: u64,
    invalid: u64,
    after_done: u64,
    resets: u64,
    refused_resets: u64,
}

thread_local! {
    static TALLY: Cell<Tally> = Cell::new(Tally::default());
}

fn tally(update: impl FnOnce(&mut Tally)) {
    TALLY.with(|cell| {
        let mut tally = cell.get();
        update(&mut tally);
        cell.set(tally);
    });
}

// ---------------------------------------------------------------------------
// The invariants every call must keep.

fn fail(message: String) -> TestCaseError {
    TestCaseError::fail(message)
}

fn in_unit(value: &Value) -> bool {
    value.as_f64().is_some_and(|v| (0.0..=1.0).contains(&v))
}

/// One episode under test: the environment, its last observation, and
/// what every call produced (for the determinism check).
struct Run {
    env: AnyEnv,
    observation: Value,
    log: Vec<String>,
}

impl Run {
    /// A fresh episode of `info`/`task`.
    fn start(info: &'static EnvInfo, task: &TaskInfo, seed: u64) -> Result<Run, TestCaseError> {
        let mut run = Run {
            env: AnyEnv::of(info),
            observation: Value::Null,
            log: Vec::new(),
        };
        run.reset(&json!({"task": task.id, "seed": seed}))?;
        prop_assert!(
            run.env.is_started(),
            "{}/{} did not start",
            info.id,
            task.id
        );
        Ok(run)
    }

    /// Reset with `options`; a refusal must name a known code and leave
    /// the previous episode as it was.
    fn reset(&mut self, options: &Value) -> TestCaseResult {
        let env = &mut self.env;
        let before = env.state();
        let outcome = env.reset(
            options,
            ResetDefaults {
                seed: 11,
                episode_id: Some("fuzz".to_owned()),
            },
        );
        match outcome {
            Ok(result) => {
                let state = env.state();
                prop_assert!(result.reward.is_none() && !result.done, "reset: {result:?}");
                prop_assert!(!env.is_done());
                prop_assert_eq!(&state["step_count"], &json!(0));
                prop_assert_eq!(&state["done"], &json!(false));
                prop_assert!(result.observation.to_value().is_object());
                self.log
                    .push(serde_json::to_string(&result).map_err(|e| fail(e.to_string()))?);
                self.observation = result.observation.to_value();
                tally(|t| t.resets += 1);
            }
            Err(err) => {
                tally(|t| t.refused_resets += 1);
                prop_assert!(
                    matches!(
                        err,
                        EnvError::Validation { .. } | EnvError::UnknownTask { .. }
                    ),
                    "reset refused with {err:?}"
                );
                prop_assert_eq!(env.state(), before, "a refused reset changed the state");
                self.log.push(format!("reset refused: {}", err.code()));
            }
        }
        Ok(())
    }

    /// Step with `action`, after checking it with `validate_action`.
    fn step(&mut self, action: &Value) -> TestCaseResult {
        let env = &mut self.env;
        let before = env.state();
        let was_done = env.is_done();
        let started = env.is_started();
        let validated = env.validate_action(action);
        let outcome = env.step(action);
        match outcome {
            Ok(result) => {
                prop_assert!(!was_done, "a finished episode accepted a step");
                prop_assert!(
                    validated.is_ok(),
                    "step accepted what validate_action refused: {validated:?}"
                );
                let reward = result
                    .reward
                    .ok_or_else(|| fail("a step without a reward".to_owned()))?;
                prop_assert!(
                    reward.is_finite() && (-1.0..=1.0).contains(&reward),
                    "reward {reward} out of [-1, 1]"
                );
                let state = env.state();
                let count = before["step_count"].as_u64().unwrap_or(u64::MAX);
                prop_assert_eq!(&state["step_count"], &json!(count + 1));
                prop_assert_eq!(&state["done"], &json!(result.done));
                prop_assert_eq!(env.is_done(), result.done);
                let observation = &result.observation.to_value();
                prop_assert!(observation.is_object());
                if result.done {
                    let score = env
                        .terminal_score()
                        .ok_or_else(|| fail("done without a terminal score".to_owned()))?;
                    prop_assert!((0.0..=1.0).contains(&score), "terminal score {score}");
                    prop_assert_eq!(&observation["terminal_grader"], &json!(score));
                    let breakdown = observation["score_breakdown"]
                        .as_object()
                        .ok_or_else(|| fail(format!("no score_breakdown: {observation}")))?;
                    prop_assert!(
                        breakdown.values().all(in_unit),
                        "score_breakdown out of [0, 1]: {breakdown:?}"
                    );
                }
                self.log
                    .push(serde_json::to_string(&result).map_err(|e| fail(e.to_string()))?);
                tally(|t| {
                    t.accepted += 1;
                    t.finished += u64::from(result.done);
                });
                self.observation = result.observation.to_value();
            }
            Err(err) => {
                tally(|t| match err {
                    EnvError::EpisodeDone => t.after_done += 1,
                    _ => t.invalid += 1,
                });
                prop_assert_eq!(
                    validated.as_ref().err(),
                    Some(&err),
                    "validate_action accepted what step refused"
                );
                let expected = if !started {
                    err == EnvError::NotStarted
                } else if was_done {
                    err == EnvError::EpisodeDone
                } else {
                    matches!(&err, EnvError::Validation { field, message }
                        if field.starts_with("action") && !message.is_empty())
                };
                prop_assert!(expected, "step refused with {err:?}");
                prop_assert_eq!(env.state(), before, "a refused step changed the state");
                prop_assert_eq!(env.is_done(), was_done);
                self.log.push(format!("step refused: {}", err.code()));
            }
        }
        Ok(())
    }

    /// A ticket id from the `support_triage` inbox on show.
    fn ticket(&self, pick: Option<&Index>) -> Option<String> {
        let inbox = self.observation["inbox"].as_array()?;
        if inbox.is_empty() {
            return None;
        }
        inbox[pick.map_or(0, |i| i.index(inbox.len()))]["ticket_id"]
            .as_str()
            .map(str::to_owned)
    }

    /// The `it_mental_health` task the next answer is for.
    fn current_task(&self) -> String {
        self.observation["task_id"]
            .as_str()
            .unwrap_or("burnout_detection")
            .to_owned()
    }

    /// `text` in the free-text field of this environment's action, the
    /// other fields valid, so that the text reaches the grader.
    fn text_actions(&self, text: &str) -> Vec<Value> {
        match self.env.info().id {
            "productivity" => vec![json!({ "raw": text })],
            "it_mental_health" => {
                vec![json!({ "response": text, "task_id": self.current_task() })]
            }
            _ => {
                let ticket = self.ticket(None).unwrap_or_default();
                vec![
                    json!({ "command": "draft_reply", "ticket_id": ticket, "reply_body": text }),
                    json!({ "command": "view_ticket", "ticket_id": text }),
                ]
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Values: strings, numbers and JSON documents that stress parsers.

/// Names the parsers look for, so random documents often reach past the
/// first `deny_unknown_fields` check.
const KEYS: &[&str] = &[
    "raw",
    "metadata",
    "response",
    "task_id",
    "confidence",
    "command",
    "ticket_id",
    "priority",
    "department",
    "disposition",
    "reply_body",
    "seed",
    "task",
    "task_name",
    "episode_id",
    "session_id",
    "label",
    "needs_reply",
    "day",
    "start",
    "end",
    "room",
    "participants",
    "duplicate_ids",
    "invalid_emails",
    "normalized_total",
    "retained_ids",
    "valid_rows",
];

/// Words the environments read: commands, labels, task ids, section names.
const WORDS: &[&str] = &[
    "",
    " ",
    "inspect",
    "INSPECT ",
    "final:",
    "propose:",
    "final: {}",
    "propose: {\"a\": 1}",
    "final: []",
    "final: {",
    "show_inbox",
    "view_ticket",
    "set_triage",
    "draft_reply",
    "set_disposition",
    "submit_episode",
    "low",
    "medium",
    "high",
    " High ",
    "urgent",
    "billing",
    "technical",
    "general",
    "resolved",
    "escalate_supervisor",
    "pending_customer",
    "burnout_detection",
    "stress_triage",
    "intervention_plan",
    "full_episode",
    "easy",
    "hard",
    "T-",
    "T-0000",
    "T-99999999999999999999",
    "finance",
    "spam",
    "yes",
    "no",
    "2026-02-30",
    "25:61",
    "-1",
    "1e999",
    "NaN",
    "null",
    "Severity: High",
    "Tier: RED",
    "HR escalation: Yes",
    "Employee: ",
    "Week 1:",
    "$1,000,000.00",
];

/// Characters that break naive text handling.
const ODD: &[&str] = &[
    "\0",
    "\u{202e}",
    "\u{feff}",
    "\u{200b}",
    "é",
    "e\u{301}",
    "🙂",
    "👩‍👩‍👧",
    "\r\n",
    "\t",
    "\\",
    "\"",
    "\u{10ffff}",
    "İ",
    "ß",
    "ﬁ",
    "Ⅻ",
    "\u{7f}",
    "%00",
    "{}",
    ":",
];

/// Lengths around the limits (`raw` and `reply_body` 4,000 characters,
/// `response` 20,000), counted in characters, not bytes.
const LONG: &[usize] = &[3_999, 4_000, 4_001, 19_999, 20_000, 20_001];

fn text() -> BoxedStrategy<String> {
    prop_oneof![
        4 => any::<String>(),
        3 => "[a-zA-Z0-9 _:.,{}\\[\\]\"\\-]{0,40}",
        3 => select(WORDS).prop_map(str::to_owned),
        2 => prop::collection::vec(prop_oneof![select(WORDS), select(ODD)], 0..12)
            .prop_map(|parts| parts.concat()),
        1 => (select(&["x", "é", "🙂", " ", "final: {}"][..]), select(LONG))
            .prop_map(|(chunk, n)| chunk.repeat(n)),
    ]
    .boxed()
}

fn number() -> BoxedStrategy<Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        (-3i64..12).prop_map(Value::from),
        select(
            &[
                0.0,
                -0.0,
                0.5,
                1.0,
                -1.0,
                1.000_000_1,
                1e308,
                -1e308,
                5e-324,
                9_007_199_254_740_993.0,
                1e20,
            ][..]
        )
        .prop_map(Value::from),
    ]
    .boxed()
}

fn key() -> BoxedStrategy<String> {
    prop_oneof![3 => select(KEYS).prop_map(str::to_owned), 1 => text()].boxed()
}

/// Any JSON document: nulls, booleans, extreme numbers, odd strings, and
/// arrays and objects nested a few levels.
fn json_value() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
    .boxed()
}

// ---------------------------------------------------------------------------
// Family (a): arbitrary bytes.

/// Serialised actions and options that byte mutations start from.
const TEMPLATES: &[&str] = &[
    r#"{"raw":"inspect"}"#,
    r#"{"raw":"final: {\"label\":\"finance\",\"needs_reply\":\"no\",\"priority\":\"high\"}"}"#,
    r#"{"raw":"propose: {\"day\":\"2026-07-14\",\"start\":\"11:00\",\"end\":\"11:45\",\"room\":\"Summit\",\"participants\":[\"Diego\"]}"}"#,
    r#"{"command":"view_ticket","ticket_id":"T-1"}"#,
    r#"{"command":"set_triage","ticket_id":"T-1","priority":"high","department":"billing"}"#,
    r#"{"command":"draft_reply","ticket_id":"T-1","reply_body":"Hello"}"#,
    r#"{"command":"submit_episode"}"#,
    r#"{"response":"Severity: High\nHR escalation: Yes","task_id":"burnout_detection","confidence":0.5}"#,
    r#"{"seed":1,"task":"easy","episode_id":"e"}"#,
];

#[derive(Debug, Clone)]
enum ByteEdit {
    Set(Index, u8),
    Insert(Index, u8),
    Delete(Index),
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let edit = prop_oneof![
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| ByteEdit::Set(i, b)),
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| ByteEdit::Insert(i, b)),
        any::<Index>().prop_map(ByteEdit::Delete),
    ];
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..256),
        (select(TEMPLATES), prop::collection::vec(edit, 1..6)).prop_map(|(template, edits)| {
            let mut bytes = template.as_bytes().to_vec();
            for edit in edits {
                match edit {
                    ByteEdit::Set(i, b) if !bytes.is_empty() => {
                        let at = i.index(bytes.len());
                        bytes[at] = b;
                    }
                    ByteEdit::Insert(i, b) => bytes.insert(i.index(bytes.len() + 1), b),
                    ByteEdit::Delete(i) if !bytes.is_empty() => {
                        bytes.remove(i.index(bytes.len()));
                    }
                    _ => {}
                }
            }
            bytes
        }),
        // Invalid UTF-8 inside an otherwise valid action string.
        (
            select(&["raw", "response", "reply_body", "ticket_id"][..]),
            prop::collection::vec(128u8..=255, 1..8)
        )
            .prop_map(|(field, junk)| {
                let mut bytes = format!(r#"{{"{field}":"a"#).into_bytes();
                bytes.extend(junk);
                bytes.extend_from_slice(br#"b"}"#);
                bytes
            }),
    ]
}

#[test]
fn arbitrary_bytes_never_panic() {
    fuzz(
        "bytes",
        (bytes(), 0u64..10_000, any::<Index>()),
        |(bytes, seed, pick)| {
            // Every environment sees every input, in one of its tasks.
            for info in ENVIRONMENTS {
                let task = pick.get(info.tasks);
                let mut run = Run::start(info, task, seed)?;
                if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
                    run.step(&value)?;
                    run.reset(&value)?;
                }
                let lossy = String::from_utf8_lossy(&bytes);
                for action in run.text_actions(&lossy) {
                    if run.env.is_done() {
                        run.reset(&json!({"task": task.id, "seed": seed}))?;
                    }
                    run.step(&action)?;
                }
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------
// Family (b): arbitrary JSON.

#[test]
fn arbitrary_json_never_panics() {
    fuzz(
        "json",
        (
            json_value(),
            key(),
            any::<Index>(),
            0u64..10_000,
            any::<Index>(),
        ),
        |(value, key, field, seed, pick)| {
            for info in ENVIRONMENTS {
                let task = pick.get(info.tasks);
                let mut run = Run::start(info, task, seed)?;
                // As the whole action, as the value of one field of a valid
                // action, as an extra field, and as the reset options or
                // one of them.
                run.step(&value)?;
                let valid = run.env.reference_action().unwrap_or_default();
                if let Value::Object(fields) = &valid
                    && !fields.is_empty()
                {
                    let mut action = fields.clone();
                    let name = fields.keys().nth(field.index(fields.len())).cloned();
                    action.insert(name.unwrap_or_default(), value.clone());
                    run.step(&Value::Object(action))?;
                }
                if run.env.is_done() {
                    run.reset(&json!({"task": task.id, "seed": seed}))?;
                }
                let mut action = run.env.reference_action().unwrap_or_default();
                if let Value::Object(fields) = &mut action {
                    fields.insert(key.clone(), value.clone());
                }
                run.step(&action)?;
                run.reset(&value)?;
                let mut options = json!({"task": task.id, "seed": seed});
                options[key.as_str()] = value.clone();
                run.reset(&options)?;
                if let Some(text) = value.as_str() {
                    for action in run.text_actions(text) {
                        run.step(&action)?;
                    }
                }
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------
// Family (c): structure-aware action sequences.

/// A change to one node of a JSON document: the node is found by walking
/// `path` (each index picks a child; a leaf ends the walk early).
#[derive(Debug, Clone)]
struct Mutation {
    /// For `productivity`, edit the JSON answer inside `raw` rather than
    /// the action object itself.
    inner: bool,
    path: Vec<Index>,
    edit: Edit,
}

#[derive(Debug, Clone)]
enum Edit {
    Replace(Value),
    Remove,
    AddKey(String, Value),
    /// The same content as another JSON type (a number as a string, ...).
    FlipType,
    Text(TextEdit),
}

#[derive(Debug, Clone)]
enum TextEdit {
    Insert(Index, String),
    Truncate(Index),
    Repeat(usize),
    Upper,
    Reverse,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let text_edit = prop_oneof![
        (any::<Index>(), text()).prop_map(|(i, s)| TextEdit::Insert(i, s)),
        any::<Index>().prop_map(TextEdit::Truncate),
        (2usize..60).prop_map(TextEdit::Repeat),
        Just(TextEdit::Upper),
        Just(TextEdit::Reverse),
    ];
    let edit = prop_oneof![
        2 => json_value().prop_map(Edit::Replace),
        1 => Just(Edit::Remove),
        1 => (key(), json_value()).prop_map(|(k, v)| Edit::AddKey(k, v)),
        2 => Just(Edit::FlipType),
        3 => text_edit.prop_map(Edit::Text),
    ];
    (
        any::<bool>(),
        prop::collection::vec(any::<Index>(), 0..4),
        edit,
    )
        .prop_map(|(inner, path, edit)| Mutation { inner, path, edit })
}

fn children(node: &Value) -> usize {
    match node {
        Value::Array(items) => items.len(),
        Value::Object(fields) => fields.len(),
        _ => 0,
    }
}

fn mutate(node: &mut Value, path: &[Index], edit: &Edit) {
    let len = children(node);
    if let Some((index, rest)) = path.split_first()
        && len > 0
    {
        let at = index.index(len);
        if rest.is_empty() && matches!(edit, Edit::Remove) {
            match node {
                Value::Array(items) => {
                    items.remove(at);
                }
                Value::Object(fields) => {
                    let key = fields.keys().nth(at).cloned().unwrap_or_default();
                    fields.remove(&key);
                }
                _ => {}
            }
            return;
        }
        let child = match node {
            Value::Array(items) => items.get_mut(at),
            Value::Object(fields) => fields.values_mut().nth(at),
            _ => None,
        };
        if let Some(child) = child {
            mutate(child, rest, edit);
        }
        return;
    }
    match edit {
        Edit::Replace(value) => *node = value.clone(),
        Edit::Remove => *node = Value::Null,
        Edit::AddKey(key, value) => match node {
            Value::Object(fields) => {
                fields.insert(key.clone(), value.clone());
            }
            other => *other = json!({ key.as_str(): value }),
        },
        Edit::FlipType => *node = flip(node),
        Edit::Text(edit) => match node {
            Value::String(text) => *text = edit_text(text, edit),
            other => *other = Value::String(edit_text(&other.to_string(), edit)),
        },
    }
}

fn flip(node: &Value) -> Value {
    match node {
        Value::Null => Value::Bool(false),
        Value::Bool(b) => Value::from(u8::from(*b)),
        Value::Number(n) => Value::String(n.to_string()),
        Value::String(s) => Value::Array(vec![Value::String(s.clone())]),
        Value::Array(items) => Value::Object(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v.clone()))
                .collect(),
        ),
        Value::Object(fields) => Value::Array(fields.values().cloned().collect()),
    }
}

fn edit_text(text: &str, edit: &TextEdit) -> String {
    // Cut only at character boundaries.
    let cuts: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .chain([text.len()])
        .collect();
    match edit {
        TextEdit::Insert(at, insert) => {
            let at = *at.get(&cuts);
            format!("{}{insert}{}", &text[..at], &text[at..])
        }
        TextEdit::Truncate(at) => text[..*at.get(&cuts)].to_owned(),
        TextEdit::Repeat(n) => text.repeat(*n),
        TextEdit::Upper => text.to_uppercase(),
        TextEdit::Reverse => text.chars().rev().collect(),
    }
}

/// Apply `mutation` to `action`; `inner` edits reach the JSON answer of a
/// `productivity` command (`final: {...}`), keeping its prefix.
fn apply(action: &mut Value, mutation: &Mutation) {
    if mutation.inner
        && let Some(raw) = action.get("raw").and_then(Value::as_str)
        && let Some(split) = raw.find(':')
        && let Ok(mut answer) = serde_json::from_str::<Value>(&raw[split + 1..])
    {
        mutate(&mut answer, &mutation.path, &mutation.edit);
        action["raw"] = Value::String(format!("{} {answer}", &raw[..=split]));
        return;
    }
    mutate(action, &mutation.path, &mutation.edit);
}

/// Where an action of a sequence comes from.
#[derive(Debug, Clone)]
enum Source {
    /// The reference policy's next action (the empty answer once it has none).
    Reference,
    EmptyAnswer,
    /// One of the environment's baselines, drawing from its own stream.
    Baseline(Index, u64),
}

/// An action shaped for one environment, with fields a client might get
/// wrong: unknown or listed ids, odd labels, texts of any length.
#[derive(Debug, Clone)]
enum Shaped {
    /// `productivity`: a command prefix and what follows it.
    Command(String, String),
    /// `support_triage`: command, ticket (listed or not), labels, reply.
    Triage {
        command: String,
        ticket: Option<Result<Index, Value>>,
        labels: [Option<Value>; 3],
        reply: Option<Value>,
    },
    /// `it_mental_health`: the task answered (the current one or not), a
    /// response made of labelled sections, a confidence.
    Answer {
        task: Result<(), Value>,
        sections: Vec<(String, String)>,
        confidence: Option<Value>,
    },
}

#[derive(Debug, Clone)]
enum Op {
    Act(Source, Vec<Mutation>),
    Shaped(Shaped),
    Any(Value),
    /// A reset mid-sequence: a seed and a task (listed or any value).
    Reset(Value, Result<Index, Value>),
    /// Validation only: must never change anything.
    Validate(Value),
}

/// Section labels the `it_mental_health` graders read.
const SECTIONS: &[&str] = &[
    "Burnout dimensions:",
    "Severity:",
    "Red flags:",
    "HR escalation:",
    "Employee:",
    "Tier:",
    "Main stressor:",
    "24-hour action:",
    "2-week action:",
    "Week 1:",
    "Week 2:",
    "Week 3:",
    "Budget:",
    "KPIs:",
    "Risks:",
    "## Severity",
    "- ",
];

fn label_value(allowed: &'static [&'static str]) -> BoxedStrategy<Option<Value>> {
    prop_oneof![
        1 => Just(None),
        3 => select(allowed).prop_map(|s| Some(Value::from(s))),
        1 => text().prop_map(|s| Some(Value::String(s))),
        1 => json_value().prop_map(Some),
    ]
    .boxed()
}

fn shaped(env: &'static str) -> BoxedStrategy<Shaped> {
    match env {
        "productivity" => (
            prop_oneof![
                select(&["inspect", "final:", "propose:", "FINAL:", "Propose :", "final", ""][..])
                    .prop_map(str::to_owned),
                text(),
            ],
            prop_oneof![
                json_value().prop_map(|v| format!(" {v}")),
                text(),
                Just(String::new()),
            ],
        )
            .prop_map(|(prefix, rest)| Shaped::Command(prefix, rest))
            .boxed(),
        "support_triage" => (
            prop_oneof![
                4 => select(&[
                    "show_inbox",
                    "view_ticket",
                    "set_triage",
                    "draft_reply",
                    "set_disposition",
                    "submit_episode",
                ][..])
                .prop_map(str::to_owned),
                1 => text(),
            ],
            prop_oneof![
                1 => Just(None),
                4 => any::<Index>().prop_map(|i| Some(Ok(i))),
                2 => json_value().prop_map(|v| Some(Err(v))),
                1 => text().prop_map(|s| Some(Err(Value::String(s)))),
            ],
            label_value(&["low", "medium", "high", "urgent", "URGENT ", "critical"]),
            label_value(&["billing", "technical", "general", "sales"]),
            label_value(&["resolved", "escalate_supervisor", "pending_customer", "closed"]),
            prop_oneof![1 => Just(None), 3 => text().prop_map(|s| Some(Value::String(s))), 1 => json_value().prop_map(Some)],
        )
            .prop_map(|(command, ticket, p, d, s, reply)| Shaped::Triage {
                command,
                ticket,
                labels: [p, d, s],
                reply,
            })
            .boxed(),
        _ => (
            prop_oneof![
                4 => Just(Ok(())),
                1 => select(&["burnout_detection", "stress_triage", "intervention_plan", "full_episode", ""][..])
                    .prop_map(|s| Err(Value::from(s))),
                1 => json_value().prop_map(Err),
            ],
            prop::collection::vec(
                (
                    prop_oneof![select(SECTIONS).prop_map(str::to_owned), text()],
                    text(),
                ),
                0..10,
            ),
            prop_oneof![
                2 => Just(None),
                1 => number().prop_map(Some),
                1 => json_value().prop_map(Some),
            ],
        )
            .prop_map(|(task, sections, confidence)| Shaped::Answer {
                task,
                sections,
                confidence,
            })
            .boxed(),
    }
}

fn op(env: &'static str) -> BoxedStrategy<Op> {
    let source = prop_oneof![
        3 => Just(Source::Reference),
        1 => Just(Source::EmptyAnswer),
        2 => (any::<Index>(), any::<u64>()).prop_map(|(i, s)| Source::Baseline(i, s)),
    ];
    let reset_seed = prop_oneof![
        4 => (0u64..1_000).prop_map(Value::from),
        1 => Just(Value::from(MAX_SEED)),
        1 => json_value(),
    ];
    let reset_task = prop_oneof![
        4 => any::<Index>().prop_map(Ok),
        1 => json_value().prop_map(Err),
    ];
    prop_oneof![
        6 => (source, prop::collection::vec(mutation(), 0..3)).prop_map(|(s, m)| Op::Act(s, m)),
        4 => shaped(env).prop_map(Op::Shaped),
        1 => json_value().prop_map(Op::Any),
        2 => (reset_seed, reset_task).prop_map(|(seed, task)| Op::Reset(seed, task)),
        1 => json_value().prop_map(Op::Validate),
    ]
    .boxed()
}

#[derive(Debug, Clone)]
struct Script {
    env: usize,
    task: Index,
    seed: u64,
    ops: Vec<Op>,
}

fn script() -> impl Strategy<Value = Script> {
    (0..ENVIRONMENTS.len()).prop_flat_map(|env| {
        (
            Just(env),
            any::<Index>(),
            prop_oneof![0u64..10_000, 0..=MAX_SEED],
            prop::collection::vec(op(ENVIRONMENTS[env].id), 1..16),
        )
            .prop_map(|(env, task, seed, ops)| Script {
                env,
                task,
                seed,
                ops,
            })
    })
}

impl Run {
    fn action_from(&self, source: &Source) -> Value {
        let env = &self.env;
        let fallback = || env.empty_answer().unwrap_or_default();
        match source {
            Source::Reference => env.reference_action().unwrap_or_else(fallback),
            Source::EmptyAnswer => fallback(),
            Source::Baseline(pick, seed) => {
                let names = env.info().policy_names();
                let mut rng = SeededRng::new(*seed, 7);
                env.policy_action(names[pick.index(names.len())], &mut rng)
                    .unwrap_or_else(fallback)
            }
        }
    }

    fn shaped_action(&self, shaped: &Shaped) -> Value {
        match shaped {
            Shaped::Command(prefix, rest) => json!({ "raw": format!("{prefix}{rest}") }),
            Shaped::Triage {
                command,
                ticket,
                labels,
                reply,
            } => {
                let mut action = Map::new();
                action.insert("command".to_owned(), Value::from(command.as_str()));
                let ticket = match ticket {
                    None => None,
                    Some(Ok(pick)) => self.ticket(Some(pick)).map(Value::String),
                    Some(Err(value)) => Some(value.clone()),
                };
                let fields = [
                    ("ticket_id", ticket),
                    ("priority", labels[0].clone()),
                    ("department", labels[1].clone()),
                    ("disposition", labels[2].clone()),
                    ("reply_body", reply.clone()),
                ];
                for (name, value) in fields {
                    if let Some(value) = value {
                        action.insert(name.to_owned(), value);
                    }
                }
                Value::Object(action)
            }
            Shaped::Answer {
                task,
                sections,
                confidence,
            } => {
                let task = match task {
                    Ok(()) => Value::String(self.current_task()),
                    Err(other) => other.clone(),
                };
                let response: String = sections
                    .iter()
                    .map(|(label, body)| format!("{label} {body}\n"))
                    .collect();
                let mut action = json!({ "response": response, "task_id": task });
                if let Some(confidence) = confidence {
                    action["confidence"] = confidence.clone();
                }
                action
            }
        }
    }

    /// Play one script from a fresh environment; returns what it produced.
    fn play(script: &Script) -> Result<Vec<String>, TestCaseError> {
        let info = ENVIRONMENTS[script.env];
        let tasks = info.tasks;
        let task = script.task.get(tasks);
        let mut run = Run::start(info, task, script.seed)?;
        let mut refused_after_end = 0;
        for op in &script.ops {
            // Steps after the end are refused; two in a row are enough to
            // show it, then play a new episode.
            if run.env.is_done() {
                refused_after_end +=
                    u32::from(matches!(op, Op::Act(..) | Op::Shaped(_) | Op::Any(_)));
                if refused_after_end > 2 {
                    refused_after_end = 0;
                    run.reset(&json!({"task": task.id, "seed": script.seed + 1}))?;
                }
            }
            match op {
                Op::Act(source, mutations) => {
                    let mut action = run.action_from(source);
                    for mutation in mutations {
                        apply(&mut action, mutation);
                    }
                    run.step(&action)?;
                }
                Op::Shaped(shaped) => {
                    let action = run.shaped_action(shaped);
                    run.step(&action)?;
                }
                Op::Any(action) => run.step(action)?,
                Op::Reset(seed, task) => {
                    let task = match task {
                        Ok(pick) => Value::from(pick.get(tasks).id),
                        Err(other) => other.clone(),
                    };
                    run.reset(&json!({ "seed": seed, "task": task }))?;
                }
                Op::Validate(action) => {
                    let before = run.env.state();
                    let outcome = run.env.validate_action(action);
                    prop_assert_eq!(run.env.state(), before, "validate_action changed the state");
                    if let Err(err) = outcome {
                        // The refusal `step` would give: the end first.
                        let expected = if run.env.is_done() {
                            "EPISODE_DONE"
                        } else {
                            "VALIDATION_ERROR"
                        };
                        prop_assert_eq!(err.code(), expected);
                    }
                }
            }
        }
        Ok(run.log)
    }
}

#[test]
fn action_sequences_keep_the_invariants() {
    fuzz("actions", script(), |script| {
        let first = Run::play(&script)?;
        // The replay is not counted in the tally.
        let counted = TALLY.with(Cell::get);
        let again = Run::play(&script);
        TALLY.with(|t| t.set(counted));
        let again = again?;
        prop_assert_eq!(first, again, "the same script gave different JSON");
        Ok(())
    });
}
