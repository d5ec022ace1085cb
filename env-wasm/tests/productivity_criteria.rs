//! Pass and fail tables for every `productivity` grader criterion. A row is
//! one way of writing an answer, applied over several seeds' scenarios; the
//! right value comes from the scenario (the reference answer or the public
//! payload). Every `pass` answer must earn its criterion in full, every
//! `fail` answer (wrong values, hedges, lists of options, every option,
//! copied text, near misses, wrong types) must not. The corpus size and the
//! pass count of each criterion are printed for the record.
#![cfg(not(target_arch = "wasm32"))]

mod productivity_support;

use std::collections::BTreeSet;
use std::ops::Range;

use env_wasm::dates::MONTHS;
use productivity_support::{
    capitalized, grade, hhmm, in_words, minutes, observation, reference, strings,
};
use serde_json::{Map, Value, json};

/// Answers in a table must be at least this many, on each side.
const MIN_CORPUS: usize = 40;

/// The most of an instruction a copying answer pastes: an action holds at
/// most 4,000 characters with the rest of the answer, and the email
/// instruction is longer than that.
const PASTED_INSTRUCTION: usize = 3_000;

/// One scenario: its reference answer, payload and instruction (as much
/// of it as one action can paste).
struct Case {
    seed: u64,
    answer: Map<String, Value>,
    payload: Value,
    instruction: String,
}

impl Case {
    fn new(task: &str, seed: u64) -> Case {
        let shown = observation(task, seed);
        Case {
            seed,
            answer: reference(task, seed)
                .as_object()
                .cloned()
                .unwrap_or_default(),
            payload: shown["payload"].clone(),
            instruction: shown["instruction"]
                .as_str()
                .unwrap_or_default()
                .chars()
                .take(PASTED_INSTRUCTION)
                .collect(),
        }
    }

    /// The reference answer with `key` replaced.
    fn with(&self, key: &str, value: Value) -> Option<Value> {
        let mut answer = self.answer.clone();
        answer.insert(key.to_owned(), value);
        Some(Value::Object(answer))
    }

    /// The reference answer with several keys replaced.
    fn with_all(&self, pairs: &[(&str, Value)]) -> Option<Value> {
        let mut answer = self.answer.clone();
        for (key, value) in pairs {
            answer.insert((*key).to_owned(), value.clone());
        }
        Some(Value::Object(answer))
    }

    fn without(&self, key: &str) -> Option<Value> {
        let mut answer = self.answer.clone();
        answer.remove(key);
        Some(Value::Object(answer))
    }

    /// A reference field as text.
    fn text(&self, key: &str) -> String {
        match &self.answer[key] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }

    /// A reference list field as strings.
    fn list(&self, key: &str) -> Vec<String> {
        strings(&self.answer[key])
    }

    fn payload_text(&self) -> String {
        self.payload.to_string()
    }
}

type Writer = fn(&Case) -> Option<Value>;

/// One criterion's tables.
struct Table {
    task: &'static str,
    criterion: &'static str,
    seeds: Range<u64>,
    pass: Vec<(&'static str, Writer)>,
    fail: Vec<(&'static str, Writer)>,
}

impl Table {
    /// Run both tables; returns the rows that broke the rule.
    fn run(&self, cases: &[Case]) -> Vec<String> {
        let mut broken = Vec::new();
        let mut sides = Vec::new();
        for (side, rows, must_earn) in [("pass", &self.pass, true), ("fail", &self.fail, false)] {
            let mut corpus = BTreeSet::new();
            let (mut answers, mut kept) = (0, 0);
            for case in cases.iter().filter(|c| self.seeds.contains(&c.seed)) {
                for (way, write) in rows.iter() {
                    let Some(answer) = write(case) else { continue };
                    let score = grade(self.task, case.seed, &answer)
                        .criteria
                        .get(self.criterion)
                        .copied()
                        .unwrap_or(f64::NAN);
                    let earned = score == 1.0;
                    answers += 1;
                    corpus.insert(answer.to_string());
                    if earned == must_earn {
                        kept += 1;
                    } else {
                        broken.push(format!(
                            "{}/{} {side} row `{way}` seed {}: scored {score} with {answer}",
                            self.task, self.criterion, case.seed
                        ));
                    }
                }
            }
            if corpus.len() < MIN_CORPUS {
                broken.push(format!(
                    "{}/{}: only {} distinct {side} answers",
                    self.task,
                    self.criterion,
                    corpus.len()
                ));
            }
            sides.push(format!(
                "{side}: {} rows, {answers} answers ({} distinct), {kept} as required",
                rows.len(),
                corpus.len()
            ));
        }
        println!(
            "criterion {}/{}: {}",
            self.task,
            self.criterion,
            sides.join("; ")
        );
        broken
    }
}

fn run_all(task: &str, seeds: Range<u64>, tables: Vec<Table>) {
    let cases: Vec<Case> = seeds.map(|seed| Case::new(task, seed)).collect();
    let broken: Vec<String> = tables.iter().flat_map(|t| t.run(&cases)).collect();
    assert!(
        broken.is_empty(),
        "{} rows broke their rule:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

// ---------------------------------------------------------------- email

/// The other label a near miss or a wrong answer uses.
fn other_label(label: &str) -> &'static str {
    match label {
        "work" => "finance",
        "finance" => "spam",
        "spam" => "personal",
        _ => "work",
    }
}

fn label_tables() -> Table {
    fn l(c: &Case) -> String {
        c.text("label")
    }
    Table {
        task: "easy",
        criterion: "label",
        seeds: 0..16,
        pass: vec![
            ("as the policy writes it", |c| c.with("label", json!(l(c)))),
            ("shouted", |c| c.with("label", json!(l(c).to_uppercase()))),
            ("capitalised", |c| {
                c.with("label", json!(capitalized(&l(c))))
            }),
            ("padded", |c| {
                c.with("label", json!(format!("  {}\t", l(c))))
            }),
            ("with a full stop", |c| {
                c.with("label", json!(format!("{}.", l(c))))
            }),
            ("in a one-item list", |c| c.with("label", json!([l(c)]))),
            ("listed twice the same", |c| {
                c.with("label", json!([l(c), capitalized(&l(c))]))
            }),
            ("prefixed with the field", |c| {
                c.with("label", json!(format!("label: {}", l(c))))
            }),
            ("as a phrase", |c| {
                c.with("label", json!(format!("a {} email", l(c))))
            }),
            ("hyphenated", |c| {
                c.with("label", json!(format!("{}-related", l(c))))
            }),
            ("as a category", |c| {
                c.with("label", json!(format!("Category: {}", capitalized(&l(c)))))
            }),
            ("a synonym", |c| {
                let word = match l(c).as_str() {
                    "work" => "professional",
                    "personal" => "private",
                    "spam" => "junk",
                    _ => "financial",
                };
                c.with("label", json!(word))
            }),
            ("another synonym", |c| {
                let word = match l(c).as_str() {
                    "work" => "Job",
                    "personal" => "Private",
                    "spam" => "phishing",
                    _ => "Finances",
                };
                c.with("label", json!(word))
            }),
            ("a sentence", |c| {
                c.with("label", json!(format!("This is {}", l(c))))
            }),
            ("contracted", |c| {
                c.with("label", json!(format!("It's {}", l(c))))
            }),
            ("trailing newline", |c| {
                c.with("label", json!(format!("{}\n", l(c))))
            }),
            ("markdown bold", |c| {
                c.with("label", json!(format!("**{}**", l(c))))
            }),
            ("in backticks", |c| {
                c.with("label", json!(format!("`{}`", l(c))))
            }),
            ("quoted", |c| {
                c.with("label", json!(format!("\"{}\"", l(c))))
            }),
            ("with the field in brackets", |c| {
                c.with("label", json!(format!("{} (label)", l(c))))
            }),
            ("as a type", |c| {
                c.with("label", json!(format!("type: {}", l(c))))
            }),
            ("with the noun, shouted", |c| {
                c.with("label", json!(format!("{} EMAIL", l(c).to_uppercase())))
            }),
            ("with message", |c| {
                c.with("label", json!(format!("{} message", l(c))))
            }),
            ("as an assignment", |c| {
                c.with("label", json!(format!("class = {}", l(c))))
            }),
            // The value first, then an aside that names the label it
            // rejects or explains (issue 21, B1 and C2).
            ("rather than the other, in brackets", |c| {
                c.with(
                    "label",
                    json!(format!("{} (rather than {})", l(c), other_label(&l(c)))),
                )
            }),
            ("rather than the other, after a comma", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{}, rather than {}",
                        capitalized(&l(c)),
                        other_label(&l(c))
                    )),
                )
            }),
            ("instead of the other", |c| {
                c.with(
                    "label",
                    json!(format!("{} instead of {}", l(c), other_label(&l(c)))),
                )
            }),
            ("the other would be wrong", |c| {
                c.with(
                    "label",
                    json!(format!("{}; {} would be wrong", l(c), other_label(&l(c)))),
                )
            }),
            ("as opposed to the other", |c| {
                c.with(
                    "label",
                    json!(format!("{}, as opposed to {}", l(c), other_label(&l(c)))),
                )
            }),
            ("a reason after a colon", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{}: read from the sender's address and the body",
                        capitalized(&l(c))
                    )),
                )
            }),
            ("a reason after because, the other denied", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{} because of the sender's domain, not {}",
                        l(c),
                        other_label(&l(c))
                    )),
                )
            }),
            ("a dash aside ranking it over the other", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{} \u{2014} the sender's domain outranks the {} wording",
                        l(c),
                        other_label(&l(c))
                    )),
                )
            }),
            // A correction marker behind the label it gives (pr27-X1);
            // "actually" opening an assertion corrects nothing.
            ("Y, X actually", |c| {
                c.with(
                    "label",
                    json!(format!("{}, {} actually", other_label(&l(c)), l(c))),
                )
            }),
            ("Y \u{2014} no, X actually", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{} \u{2014} no, {} actually",
                        other_label(&l(c)),
                        l(c)
                    )),
                )
            }),
            ("X \u{2014} actually important, reply today", |c| {
                c.with(
                    "label",
                    json!(format!("{} \u{2014} actually important, reply today", l(c))),
                )
            }),
        ],
        fail: vec![
            ("another label", |c| {
                c.with("label", json!(other_label(&l(c))))
            }),
            // The player's (pr27-X1: "spam, personal actually").
            ("X, Y actually", |c| {
                c.with(
                    "label",
                    json!(format!("{}, {} actually", l(c), other_label(&l(c)))),
                )
            }),
            ("X \u{2014} well, Y actually", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{} \u{2014} well, {} actually",
                        l(c),
                        other_label(&l(c))
                    )),
                )
            }),
            ("X or Y", |c| {
                c.with(
                    "label",
                    json!(format!("{} or {}", l(c), other_label(&l(c)))),
                )
            }),
            ("X/Y", |c| {
                c.with("label", json!(format!("{}/{}", l(c), other_label(&l(c)))))
            }),
            ("a list of two", |c| {
                c.with("label", json!([l(c), other_label(&l(c))]))
            }),
            ("X, Y", |c| {
                c.with("label", json!(format!("{}, {}", l(c), other_label(&l(c)))))
            }),
            ("Y or X", |c| {
                c.with(
                    "label",
                    json!(format!("{} or {}", other_label(&l(c)), l(c))),
                )
            }),
            ("X and Y", |c| {
                c.with(
                    "label",
                    json!(format!("{} and {}", l(c), other_label(&l(c)))),
                )
            }),
            ("every label", |c| {
                c.with("label", json!("work, personal, spam, finance"))
            }),
            ("every label in a list", |c| {
                c.with("label", json!(["work", "personal", "spam", "finance"]))
            }),
            ("negated", |c| {
                c.with("label", json!(format!("not {}", l(c))))
            }),
            ("non-", |c| c.with("label", json!(format!("non-{}", l(c))))),
            ("maybe, or", |c| {
                c.with(
                    "label",
                    json!(format!("maybe {} or {}", l(c), other_label(&l(c)))),
                )
            }),
            ("either", |c| {
                c.with(
                    "label",
                    json!(format!("either {} or {}", l(c), other_label(&l(c)))),
                )
            }),
            ("pipe", |c| {
                c.with("label", json!(format!("{}|{}", l(c), other_label(&l(c)))))
            }),
            ("semicolon", |c| {
                c.with("label", json!(format!("{}; {}", other_label(&l(c)), l(c))))
            }),
            ("the other in brackets", |c| {
                c.with(
                    "label",
                    json!(format!("{} (or {})", other_label(&l(c)), l(c))),
                )
            }),
            ("run together", |c| {
                c.with("label", json!(format!("{} {}", l(c), other_label(&l(c)))))
            }),
            ("the subject copied", |c| {
                c.with("label", c.payload["email"]["subject"].clone())
            }),
            ("the body copied", |c| {
                c.with("label", c.payload["email"]["body"].clone())
            }),
            ("the instruction copied", |c| {
                c.with("label", json!(c.instruction))
            }),
            ("the payload copied", |c| {
                c.with("label", json!(c.payload_text()))
            }),
            ("a near-miss spelling", |c| {
                let word = match l(c).as_str() {
                    "work" => "wrok",
                    "personal" => "persnal",
                    "spam" => "spma",
                    _ => "finanse",
                };
                c.with("label", json!(word))
            }),
            ("a boolean", |c| c.with("label", json!(true))),
            ("a number", |c| c.with("label", json!(1))),
            ("an object", |c| c.with("label", json!({"label": l(c)}))),
            ("a nested list", |c| c.with("label", json!([[l(c)]]))),
            ("empty", |c| c.with("label", json!(""))),
            ("null", |c| c.with("label", Value::Null)),
            ("missing", |c| c.without("label")),
            ("unknown", |c| c.with("label", json!("unknown"))),
            ("a priority instead", |c| c.with("label", json!("high"))),
            ("all of the above", |c| {
                c.with("label", json!("all of the above"))
            }),
            ("other", |c| c.with("label", json!("other"))),
            // A second label offered in an aside is a hedge, however it is
            // worded.
            ("X, maybe Y", |c| {
                c.with(
                    "label",
                    json!(format!("{}, maybe {}", l(c), other_label(&l(c)))),
                )
            }),
            ("X (possibly Y)", |c| {
                c.with(
                    "label",
                    json!(format!("{} (possibly {})", l(c), other_label(&l(c)))),
                )
            }),
            ("X (or Y)", |c| {
                c.with(
                    "label",
                    json!(format!("{} (or {})", l(c), other_label(&l(c)))),
                )
            }),
            ("X (Y)", |c| {
                c.with("label", json!(format!("{} ({})", l(c), other_label(&l(c)))))
            }),
            ("X: could also be Y", |c| {
                c.with(
                    "label",
                    json!(format!("{}: could also be {}", l(c), other_label(&l(c)))),
                )
            }),
            ("X; Y as a fallback", |c| {
                c.with(
                    "label",
                    json!(format!("{}; {} as a fallback", l(c), other_label(&l(c)))),
                )
            }),
            ("X - the label is arguably Y", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{} - the label is arguably {}",
                        l(c),
                        other_label(&l(c))
                    )),
                )
            }),
            ("X. Y.", |c| {
                c.with(
                    "label",
                    json!(format!(
                        "{}. {}.",
                        capitalized(&l(c)),
                        capitalized(other_label(&l(c)))
                    )),
                )
            }),
            ("the other first, rather than the right one", |c| {
                c.with(
                    "label",
                    json!(format!("{}, rather than {}", other_label(&l(c)), l(c))),
                )
            }),
        ],
    }
}

fn priority_tables() -> Table {
    fn p(c: &Case) -> String {
        c.text("priority")
    }
    fn other(c: &Case) -> &'static str {
        match p(c).as_str() {
            "low" => "normal",
            "normal" => "high",
            _ => "low",
        }
    }
    Table {
        task: "easy",
        criterion: "priority",
        seeds: 0..16,
        pass: vec![
            ("as the policy writes it", |c| {
                c.with("priority", json!(p(c)))
            }),
            ("shouted", |c| {
                c.with("priority", json!(p(c).to_uppercase()))
            }),
            ("capitalised", |c| {
                c.with("priority", json!(capitalized(&p(c))))
            }),
            ("padded", |c| {
                c.with("priority", json!(format!(" {} ", p(c))))
            }),
            ("X priority", |c| {
                c.with(
                    "priority",
                    json!(format!("{} priority", capitalized(&p(c)))),
                )
            }),
            ("Priority: X", |c| {
                c.with("priority", json!(format!("Priority: {}", p(c))))
            }),
            ("one-item list", |c| c.with("priority", json!([p(c)]))),
            ("with a full stop", |c| {
                c.with("priority", json!(format!("{}.", p(c))))
            }),
            ("markdown bold", |c| {
                c.with("priority", json!(format!("**{}**", p(c))))
            }),
            ("a synonym", |c| {
                let word = match p(c).as_str() {
                    "low" => "lowest",
                    "normal" => "medium",
                    _ => "urgent",
                };
                c.with("priority", json!(word))
            }),
            ("another synonym", |c| {
                let word = match p(c).as_str() {
                    "low" => "Low Priority",
                    "normal" => "moderate",
                    _ => "highest",
                };
                c.with("priority", json!(word))
            }),
            ("a third synonym", |c| {
                let word = match p(c).as_str() {
                    "low" => "LOW",
                    "normal" => "standard",
                    _ => "Urgent priority",
                };
                c.with("priority", json!(word))
            }),
            ("priority level", |c| {
                c.with("priority", json!(format!("priority level: {}", p(c))))
            }),
            ("contracted", |c| {
                c.with("priority", json!(format!("it's {}", p(c))))
            }),
            ("importance", |c| {
                c.with("priority", json!(format!("{} importance", p(c))))
            }),
            ("prio", |c| {
                c.with("priority", json!(format!("PRIO: {}", p(c))))
            }),
            ("hyphenated", |c| {
                c.with("priority", json!(format!("{}-priority", p(c))))
            }),
            ("in backticks", |c| {
                c.with("priority", json!(format!("`{}`", p(c))))
            }),
            ("quoted", |c| {
                c.with("priority", json!(format!("\"{}\"", p(c))))
            }),
            ("with the field in brackets", |c| {
                c.with("priority", json!(format!("{} (priority)", p(c))))
            }),
            ("listed twice the same", |c| {
                c.with("priority", json!([p(c), p(c).to_uppercase()]))
            }),
            ("is X", |c| {
                c.with("priority", json!(format!("is {}", p(c))))
            }),
            // The value first, then an aside that names the priority it
            // rejects or explains (issue 21, B1 and C2).
            ("X, rather than Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, rather than {}", p(c), other(c))),
                )
            }),
            ("X instead of Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{} instead of {}", p(c), other(c))),
                )
            }),
            ("X; Y would be wrong", |c| {
                c.with(
                    "priority",
                    json!(format!("{}; {} would be wrong", p(c), other(c))),
                )
            }),
            ("X, not Y", |c| {
                c.with("priority", json!(format!("{}, not {}", p(c), other(c))))
            }),
            ("X (the reason outranks the Y default)", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{} (what is asked outranks the {} default)",
                        p(c),
                        other(c)
                    )),
                )
            }),
            ("X: a reason", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{}: see the date and what is asked",
                        capitalized(&p(c))
                    )),
                )
            }),
            ("X because, Y ruled out", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{} because of the policy's rules, so not {}",
                        p(c),
                        other(c)
                    )),
                )
            }),
            ("X over Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{} over {}", capitalized(&p(c)), other(c))),
                )
            }),
            ("X (as opposed to Y)", |c| {
                c.with(
                    "priority",
                    json!(format!("{} (as opposed to {})", p(c), other(c))),
                )
            }),
            ("X \u{2014} Y does not apply", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{} \u{2014} {} does not apply here",
                        p(c),
                        other(c)
                    )),
                )
            }),
            // A self-correction after a value gives the value after it
            // (pr25-X1); a correction marker with no value after it, or
            // before a description, leaves the value as it is.
            ("Y, actually X", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, actually {}", other(c), p(c))),
                )
            }),
            ("Y, I mean X", |c| {
                c.with("priority", json!(format!("{}, I mean {}", other(c), p(c))))
            }),
            ("Y (should be X)", |c| {
                c.with(
                    "priority",
                    json!(format!("{} (should be {})", other(c), p(c))),
                )
            }),
            ("Y; really X", |c| {
                c.with("priority", json!(format!("{}; really {}", other(c), p(c))))
            }),
            ("Y, but really X as the policy reads", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{}, but really {} as the policy reads",
                        other(c),
                        p(c)
                    )),
                )
            }),
            ("Y \u{2014} actually X", |c| {
                c.with(
                    "priority",
                    json!(format!("{} \u{2014} actually {}", other(c), p(c))),
                )
            }),
            ("Y, sorry, I meant X", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, sorry, I meant {}", other(c), p(c))),
                )
            }),
            ("Y, in fact X", |c| {
                c.with("priority", json!(format!("{}, in fact {}", other(c), p(c))))
            }),
            // An apology or interjection that retracts corrects as
            // "actually" does (pr31-B1); one that retracts nothing changes
            // nothing.
            ("Y, sorry, X (the player's)", |c| {
                c.with("priority", json!(format!("{}, sorry, {}", other(c), p(c))))
            }),
            ("Y \u{2014} no wait, X", |c| {
                c.with(
                    "priority",
                    json!(format!("{} \u{2014} no wait, {}", other(c), p(c))),
                )
            }),
            ("Y, oops, X", |c| {
                c.with("priority", json!(format!("{}, oops, {}", other(c), p(c))))
            }),
            ("Y (whoops, X)", |c| {
                c.with(
                    "priority",
                    json!(format!("{} (whoops, {})", other(c), p(c))),
                )
            }),
            ("Y; my mistake: X", |c| {
                c.with(
                    "priority",
                    json!(format!("{}; my mistake: {}", other(c), p(c))),
                )
            }),
            ("Y, wait, no: X", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, wait, no: {}", other(c), p(c))),
                )
            }),
            ("Y, err, X", |c| {
                c.with("priority", json!(format!("{}, err, {}", other(c), p(c))))
            }),
            ("X, sorry for the delay", |c| {
                c.with("priority", json!(format!("{}, sorry for the delay", p(c))))
            }),
            ("X, sorry", |c| {
                c.with("priority", json!(format!("{}, sorry", p(c))))
            }),
            ("X, actually", |c| {
                c.with("priority", json!(format!("{}, actually", p(c))))
            }),
            ("X (really)", |c| {
                c.with("priority", json!(format!("{} (really)", p(c))))
            }),
            ("X (actually Y in tone, but the rule says X)", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{} (actually {} in tone, but the rule says {})",
                        p(c),
                        other(c),
                        p(c)
                    )),
                )
            }),
            ("X, though the sender marked it Y", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{}, though the sender marked it {}",
                        p(c),
                        other(c)
                    )),
                )
            }),
            // A correction marker behind the value it gives (pr27-X1).
            ("Y, X actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, {} actually", other(c), p(c))),
                )
            }),
            ("Y \u{2014} well, X actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{} \u{2014} well, {} actually", other(c), p(c))),
                )
            }),
            ("Y \u{2014} no, X actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{} \u{2014} no, {} actually", other(c), p(c))),
                )
            }),
            ("Y; X, I mean", |c| {
                c.with("priority", json!(format!("{}; {}, I mean", other(c), p(c))))
            }),
            ("Y... X rather", |c| {
                c.with(
                    "priority",
                    json!(format!("{}... {} rather", other(c), p(c))),
                )
            }),
            ("Y, X instead", |c| {
                c.with("priority", json!(format!("{}, {} instead", other(c), p(c))))
            }),
            ("Y, X in fact", |c| {
                c.with("priority", json!(format!("{}, {} in fact", other(c), p(c))))
            }),
            ("Y, it's X actually, as the policy reads", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{}, it's {} actually, as the policy reads",
                        other(c),
                        p(c)
                    )),
                )
            }),
            // "actually" opening an assertion, or behind no value, corrects
            // nothing.
            ("X (actually pressing)", |c| {
                c.with("priority", json!(format!("{} (actually pressing)", p(c))))
            }),
            ("X, pressing actually", |c| {
                c.with("priority", json!(format!("{}, pressing actually", p(c))))
            }),
            ("X, the policy's reading actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, the policy's reading actually", p(c))),
                )
            }),
        ],
        fail: vec![
            // A self-correction away from the right value loses it, as
            // does the writer arguing for another (pr25-X1), the marker
            // behind the value too (pr27-X1).
            ("X, Y actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, {} actually", p(c), other(c))),
                )
            }),
            ("X \u{2014} well, Y actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{} \u{2014} well, {} actually", p(c), other(c))),
                )
            }),
            ("X; Y, I mean", |c| {
                c.with("priority", json!(format!("{}; {}, I mean", p(c), other(c))))
            }),
            ("X... Y rather", |c| {
                c.with(
                    "priority",
                    json!(format!("{}... {} rather", p(c), other(c))),
                )
            }),
            ("X, Y instead", |c| {
                c.with("priority", json!(format!("{}, {} instead", p(c), other(c))))
            }),
            // Near misses: behind the marker a hedge or a denied value.
            ("Y, maybe X actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, maybe {} actually", other(c), p(c))),
                )
            }),
            ("Y, X or Y actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, {} or {} actually", other(c), p(c), other(c))),
                )
            }),
            ("Y, not X actually", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, not {} actually", other(c), p(c))),
                )
            }),
            ("Y, X actually, or Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, {} actually, or {}", other(c), p(c), other(c))),
                )
            }),
            ("X, actually Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, actually {}", p(c), other(c))),
                )
            }),
            ("X, I mean Y", |c| {
                c.with("priority", json!(format!("{}, I mean {}", p(c), other(c))))
            }),
            ("X (should be Y)", |c| {
                c.with(
                    "priority",
                    json!(format!("{} (should be {})", p(c), other(c))),
                )
            }),
            ("X, but really Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, but really {}", p(c), other(c))),
                )
            }),
            ("X, in fact Y", |c| {
                c.with("priority", json!(format!("{}, in fact {}", p(c), other(c))))
            }),
            ("X, sorry, Y", |c| {
                c.with("priority", json!(format!("{}, sorry, {}", p(c), other(c))))
            }),
            ("X - no wait, Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{} - no wait, {}", p(c), other(c))),
                )
            }),
            ("X, my bad, Y", |c| {
                c.with("priority", json!(format!("{}, my bad, {}", p(c), other(c))))
            }),
            // An apology that retracts nothing leaves a wrong value wrong.
            ("sorry for the delay, Y", |c| {
                c.with(
                    "priority",
                    json!(format!("sorry for the delay, {}", other(c))),
                )
            }),
            ("Y, sorry for the delay", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, sorry for the delay", other(c))),
                )
            }),
            ("Y (sorry, it is the rule's)", |c| {
                c.with(
                    "priority",
                    json!(format!("{} (sorry, it is the rule's)", other(c))),
                )
            }),
            ("X; Y, sorry for the noise (two values)", |c| {
                c.with(
                    "priority",
                    json!(format!("{}; {}, sorry for the noise", p(c), other(c))),
                )
            }),
            ("X; really Y", |c| {
                c.with("priority", json!(format!("{}; really {}", p(c), other(c))))
            }),
            ("X, though I would argue Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, though I'd argue {}", p(c), other(c))),
                )
            }),
            ("X, though Y suits better", |c| {
                c.with(
                    "priority",
                    json!(format!("{}, though {} suits better", p(c), other(c))),
                )
            }),
            ("another priority", |c| c.with("priority", json!(other(c)))),
            ("X or Y", |c| {
                c.with("priority", json!(format!("{} or {}", p(c), other(c))))
            }),
            ("X/Y", |c| {
                c.with("priority", json!(format!("{}/{}", p(c), other(c))))
            }),
            ("a list of two", |c| {
                c.with("priority", json!([p(c), other(c)]))
            }),
            ("X-Y", |c| {
                c.with("priority", json!(format!("{}-{}", other(c), p(c))))
            }),
            ("Y to X", |c| {
                c.with("priority", json!(format!("{} to {}", other(c), p(c))))
            }),
            ("every priority", |c| {
                c.with("priority", json!("low, normal, high"))
            }),
            ("every priority in a list", |c| {
                c.with("priority", json!(["low", "normal", "high"]))
            }),
            ("negated", |c| {
                c.with("priority", json!(format!("not {}", p(c))))
            }),
            ("X priority or Y priority", |c| {
                c.with(
                    "priority",
                    json!(format!("{} priority or {} priority", p(c), other(c))),
                )
            }),
            ("between", |c| {
                c.with(
                    "priority",
                    json!(format!("somewhere between {} and {}", p(c), other(c))),
                )
            }),
            ("pipe", |c| {
                c.with("priority", json!(format!("{}|{}", p(c), other(c))))
            }),
            ("the instruction copied", |c| {
                c.with("priority", json!(c.instruction))
            }),
            ("the subject copied", |c| {
                c.with("priority", c.payload["email"]["subject"].clone())
            }),
            ("the body copied", |c| {
                c.with("priority", c.payload["email"]["body"].clone())
            }),
            ("a near-miss spelling", |c| {
                let word = match p(c).as_str() {
                    "low" => "lwo",
                    "normal" => "normall",
                    _ => "hihg",
                };
                c.with("priority", json!(word))
            }),
            ("a number", |c| c.with("priority", json!(2))),
            ("a boolean", |c| c.with("priority", json!(true))),
            ("empty", |c| c.with("priority", json!(""))),
            ("null", |c| c.with("priority", Value::Null)),
            ("missing", |c| c.without("priority")),
            ("a label instead", |c| c.with("priority", json!("spam"))),
            ("not on the scale", |c| {
                c.with("priority", json!("critical"))
            }),
            ("unknown", |c| c.with("priority", json!("unknown"))),
            ("an object", |c| c.with("priority", json!({"level": p(c)}))),
            // A second priority offered in an aside is a hedge.
            ("X, maybe Y", |c| {
                c.with("priority", json!(format!("{}, maybe {}", p(c), other(c))))
            }),
            ("Y, maybe X", |c| {
                c.with("priority", json!(format!("{}, maybe {}", other(c), p(c))))
            }),
            ("X (maybe Y)", |c| {
                c.with("priority", json!(format!("{} (maybe {})", p(c), other(c))))
            }),
            ("X (or Y)", |c| {
                c.with("priority", json!(format!("{} (or {})", p(c), other(c))))
            }),
            ("X (Y)", |c| {
                c.with("priority", json!(format!("{} ({})", p(c), other(c))))
            }),
            ("X - could be Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{} - could be {}", p(c), other(c))),
                )
            }),
            ("X; the priority is Y", |c| {
                c.with(
                    "priority",
                    json!(format!("{}; the priority is {}", p(c), other(c))),
                )
            }),
            ("X. Y.", |c| {
                c.with(
                    "priority",
                    json!(format!(
                        "{}. {}.",
                        capitalized(&p(c)),
                        capitalized(other(c))
                    )),
                )
            }),
            ("either X or Y", |c| {
                c.with(
                    "priority",
                    json!(format!("either {} or {}", p(c), other(c))),
                )
            }),
            ("Y instead of X", |c| {
                c.with(
                    "priority",
                    json!(format!("{} instead of {}", other(c), p(c))),
                )
            }),
        ],
    }
}

fn reply_tables() -> Table {
    fn yes(c: &Case) -> bool {
        c.text("needs_reply") == "yes"
    }
    fn say(c: &Case, if_yes: Value, if_no: Value) -> Option<Value> {
        c.with("needs_reply", if yes(c) { if_yes } else { if_no })
    }
    Table {
        task: "easy",
        criterion: "needs_reply",
        seeds: 0..16,
        pass: vec![
            ("yes/no", |c| say(c, json!("yes"), json!("no"))),
            ("capitalised", |c| say(c, json!("Yes"), json!("No"))),
            ("shouted", |c| say(c, json!("YES"), json!("NO"))),
            ("a boolean", |c| say(c, json!(true), json!(false))),
            ("boolean text", |c| say(c, json!("true"), json!("false"))),
            ("one letter", |c| say(c, json!("y"), json!("n"))),
            ("one or zero", |c| say(c, json!(1), json!(0))),
            ("with a reason", |c| {
                say(c, json!("yes, reply needed"), json!("no reply needed"))
            }),
            ("about the reply", |c| {
                say(c, json!("reply needed"), json!("reply not needed"))
            }),
            ("a phrase", |c| {
                say(c, json!("needs a reply"), json!("no need to reply"))
            }),
            ("a sentence", |c| {
                say(
                    c,
                    json!("Yes - a reply is required"),
                    json!("No - no reply is required"),
                )
            }),
            ("required", |c| {
                say(c, json!("required"), json!("not required"))
            }),
            ("with a full stop", |c| say(c, json!("yes."), json!("no."))),
            ("one-item list", |c| say(c, json!(["yes"]), json!(["no"]))),
            ("a response", |c| {
                say(
                    c,
                    json!("Yes, it needs a response"),
                    json!("No, it doesn't need a reply"),
                )
            }),
            ("padded", |c| say(c, json!("  yes "), json!(" no  "))),
            ("needed", |c| say(c, json!("needed"), json!("not needed"))),
            ("expected", |c| {
                say(c, json!("a reply is expected"), json!("none"))
            }),
            ("yeah", |c| say(c, json!("yeah"), json!("nope"))),
            ("a boolean in a list", |c| {
                say(c, json!([true]), json!([false]))
            }),
            // The value first, then an aside (issue 21, B1 and C2).
            ("a reason after a colon", |c| {
                say(
                    c,
                    json!("Yes: the sender asks for an answer"),
                    json!("No: nothing is asked of the reader"),
                )
            }),
            ("rather than the other", |c| {
                say(
                    c,
                    json!("yes, rather than no"),
                    json!("no, rather than yes"),
                )
            }),
            ("the other would be wrong", |c| {
                say(
                    c,
                    json!("yes; no would be wrong"),
                    json!("no; yes would be wrong"),
                )
            }),
            ("because", |c| {
                say(
                    c,
                    json!("yes because a question is asked"),
                    json!("no because it is a notice"),
                )
            }),
            ("a dash aside", |c| {
                say(
                    c,
                    json!("yes \u{2014} not a notice"),
                    json!("no \u{2014} not a question"),
                )
            }),
            // A self-correction gives the value after it (pr25-X1).
            ("the other, actually this one", |c| {
                say(c, json!("no, actually yes"), json!("yes, actually no"))
            }),
            ("the other \u{2014} actually this one", |c| {
                say(
                    c,
                    json!("no \u{2014} actually yes"),
                    json!("yes \u{2014} actually no"),
                )
            }),
            ("the other (should be this one)", |c| {
                say(c, json!("no (should be yes)"), json!("yes (should be no)"))
            }),
            ("the other, I mean this one", |c| {
                say(c, json!("no, I mean yes"), json!("yes, I mean no"))
            }),
            ("the other; really this one", |c| {
                say(c, json!("no; really yes"), json!("yes; really no"))
            }),
            ("the other, but really this one with a reason", |c| {
                say(
                    c,
                    json!("no, but really yes since a question is asked"),
                    json!("yes, but really no since nothing is asked"),
                )
            }),
            // An apology or interjection that retracts (pr31-B1).
            ("the other, sorry, this one (the player's)", |c| {
                say(c, json!("no, sorry, yes"), json!("yes, sorry, no"))
            }),
            ("the other - no wait, this one (the player's)", |c| {
                say(c, json!("no - no wait, yes"), json!("yes - no wait, no"))
            }),
            ("the other, oops, this one (the player's)", |c| {
                say(c, json!("no, oops, yes"), json!("yes, oops, no"))
            }),
            ("the other, sorry: this one with a reason", |c| {
                say(
                    c,
                    json!("no, sorry: yes, a question is asked"),
                    json!("yes, sorry: no, it went to a list address"),
                )
            }),
            ("the other, wait, this one", |c| {
                say(c, json!("no, wait, yes"), json!("yes, wait, no"))
            }),
            ("the other, wait no, this one", |c| {
                say(c, json!("no, wait no, yes"), json!("yes, wait no, no"))
            }),
            ("this one, no, wait until Monday", |c| {
                say(
                    c,
                    json!("yes (no rush, wait until Monday)"),
                    json!("no, wait until the list moderator posts"),
                )
            }),
            ("this one, actually", |c| {
                say(c, json!("yes, actually"), json!("no, actually"))
            }),
            ("this one (really)", |c| {
                say(c, json!("yes (really)"), json!("no (really)"))
            }),
            // A correction marker behind the value it gives (pr27-X1).
            ("the other, this one actually", |c| {
                say(c, json!("no, yes actually"), json!("yes, no actually"))
            }),
            ("the other \u{2014} well, this one actually", |c| {
                say(
                    c,
                    json!("no \u{2014} well, yes actually"),
                    json!("yes \u{2014} well, no actually"),
                )
            }),
            ("the other \u{2014} well, this one in words actually", |c| {
                say(
                    c,
                    json!("no \u{2014} well, needs a reply actually"),
                    json!("yes \u{2014} well, no reply actually"),
                )
            }),
            ("the other; this one, I mean", |c| {
                say(c, json!("no; yes, I mean"), json!("yes; no, I mean"))
            }),
            ("this one, this one actually", |c| {
                say(c, json!("yes, yes actually"), json!("no, no actually"))
            }),
        ],
        fail: vec![
            // The player's (pr27-X1: "yes \u{2014} well, no actually",
            // "yes \u{2014} well, no reply actually").
            ("this one \u{2014} well, the other actually", |c| {
                say(
                    c,
                    json!("yes \u{2014} well, no actually"),
                    json!("no \u{2014} well, yes actually"),
                )
            }),
            ("this one \u{2014} well, the other in words actually", |c| {
                say(
                    c,
                    json!("yes \u{2014} well, no reply actually"),
                    json!("no \u{2014} well, needs a reply actually"),
                )
            }),
            ("this one, the other actually", |c| {
                say(c, json!("yes, no actually"), json!("no, yes actually"))
            }),
            ("this one... the other rather", |c| {
                say(c, json!("yes... no rather"), json!("no... yes rather"))
            }),
            // A self-correction away from the right value, or the
            // writer concluding the other (pr25-X1).
            ("this one, actually the other", |c| {
                say(c, json!("yes, actually no"), json!("no, actually yes"))
            }),
            ("this one \u{2014} actually the other", |c| {
                say(
                    c,
                    json!("yes \u{2014} actually no"),
                    json!("no \u{2014} actually yes"),
                )
            }),
            ("this one (should be the other)", |c| {
                say(c, json!("yes (should be no)"), json!("no (should be yes)"))
            }),
            ("this one, I mean the other", |c| {
                say(c, json!("yes, I mean no"), json!("no, I mean yes"))
            }),
            ("this one, but really the other", |c| {
                say(c, json!("yes, but really no"), json!("no, but really yes"))
            }),
            ("this one, sorry, the other", |c| {
                say(c, json!("yes, sorry, no"), json!("no, sorry, yes"))
            }),
            ("this one - no wait, the other", |c| {
                say(c, json!("yes - no wait, no"), json!("no - no wait, yes"))
            }),
            ("this one, oops, the other", |c| {
                say(c, json!("yes, oops, no"), json!("no, oops, yes"))
            }),
            ("this one, though ... so the other", |c| {
                say(
                    c,
                    json!("yes, though the sender expects nothing so no"),
                    json!("no, though the sender clearly wants a reply so yes"),
                )
            }),
            ("the opposite", |c| say(c, json!("no"), json!("yes"))),
            ("the opposite boolean", |c| {
                say(c, json!(false), json!(true))
            }),
            ("the opposite phrase", |c| {
                say(c, json!("no reply needed"), json!("needs a reply"))
            }),
            ("yes or no, written", |c| {
                c.with("needs_reply", json!("yes or no"))
            }),
            ("yes/no", |c| c.with("needs_reply", json!("yes/no"))),
            ("a list of both", |c| {
                c.with("needs_reply", json!(["yes", "no"]))
            }),
            ("both booleans", |c| {
                c.with("needs_reply", json!([true, false]))
            }),
            ("maybe", |c| c.with("needs_reply", json!("maybe"))),
            ("depends", |c| c.with("needs_reply", json!("depends"))),
            ("unsure", |c| c.with("needs_reply", json!("unsure"))),
            ("yes and no", |c| c.with("needs_reply", json!("yes and no"))),
            ("yes no", |c| c.with("needs_reply", json!("yes no"))),
            ("no yes", |c| c.with("needs_reply", json!("no, yes"))),
            ("contradiction", |c| {
                c.with("needs_reply", json!("yes, no reply needed"))
            }),
            ("perhaps", |c| {
                say(c, json!("perhaps no"), json!("perhaps yes"))
            }),
            ("either", |c| c.with("needs_reply", json!("either"))),
            ("a number", |c| c.with("needs_reply", json!(2))),
            ("empty", |c| c.with("needs_reply", json!(""))),
            ("null", |c| c.with("needs_reply", Value::Null)),
            ("missing", |c| c.without("needs_reply")),
            ("an object", |c| {
                c.with("needs_reply", json!({"reply": true}))
            }),
            ("the instruction copied", |c| {
                c.with("needs_reply", json!(c.instruction))
            }),
            ("the body copied", |c| {
                c.with("needs_reply", c.payload["email"]["body"].clone())
            }),
            ("ask the sender", |c| {
                c.with("needs_reply", json!("ask the sender"))
            }),
            ("possibly", |c| c.with("needs_reply", json!("possibly"))),
            // The other answer offered in an aside.
            ("the other in brackets", |c| {
                say(c, json!("yes (no)"), json!("no (yes)"))
            }),
            ("maybe the other", |c| {
                say(c, json!("yes, maybe no"), json!("no, maybe yes"))
            }),
            ("or the other", |c| {
                say(c, json!("yes (or no)"), json!("no (or yes)"))
            }),
            ("the other might do", |c| {
                say(
                    c,
                    json!("yes - no might also do"),
                    json!("no - yes might also do"),
                )
            }),
        ],
    }
}

#[test]
fn email_criteria_tables() {
    run_all(
        "easy",
        0..16,
        vec![label_tables(), priority_tables(), reply_tables()],
    );
}

// ------------------------------------------------------------- calendar

/// (year, month, day) of the payload's ISO day.
fn ymd(c: &Case) -> (i64, usize, u32) {
    let iso = c.text("day");
    let mut parts = iso.split('-').map(|p| p.parse::<i64>().unwrap_or(0));
    let (y, m, d) = (
        parts.next().unwrap_or(0),
        parts.next().unwrap_or(1),
        parts.next().unwrap_or(1),
    );
    (y, m.clamp(1, 12) as usize, d as u32)
}

fn weekday(c: &Case) -> String {
    c.payload["day_name"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn month(c: &Case) -> &'static str {
    MONTHS[ymd(c).1 - 1]
}

/// The ISO day `days` away (within the same month when possible).
fn shifted_iso(c: &Case, days: i64) -> String {
    productivity_support::shifted_iso(&c.text("day"), days)
}

fn ordinal(d: u32) -> String {
    let suffix = match (d % 10, d % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{d}{suffix}")
}

/// `2:15 PM`-style: (hour on the 12-hour dial, minutes, is after noon).
fn dial(m: u32) -> (u32, u32, bool) {
    let h = m / 60;
    ((h + 11) % 12 + 1, m % 60, h >= 12)
}

fn ampm(m: u32) -> String {
    let (h, mm, pm) = dial(m);
    format!("{h}:{mm:02} {}", if pm { "PM" } else { "AM" })
}

fn start(c: &Case) -> u32 {
    minutes(&c.text("start"))
}

fn end(c: &Case) -> u32 {
    minutes(&c.text("end"))
}

fn duration(c: &Case) -> u32 {
    c.payload["duration_minutes"].as_u64().unwrap_or(0) as u32
}

/// Windows `[{start, end}]` as minute pairs.
fn windows(value: &Value) -> Vec<(u32, u32)> {
    value
        .as_array()
        .map(|ws| {
            ws.iter()
                .map(|w| {
                    (
                        minutes(w["start"].as_str().unwrap_or("")),
                        minutes(w["end"].as_str().unwrap_or("")),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn covered(windows: &[(u32, u32)], from: u32, to: u32) -> bool {
    // Adjacent windows never occur in the payload (they are merged), so one
    // window must hold the whole span.
    windows.iter().any(|(a, b)| *a <= from && to <= *b)
}

fn blocked(c: &Case, from: u32, to: u32) -> bool {
    windows(&c.payload["blocked_windows"])
        .iter()
        .any(|(a, b)| from < *b && *a < to)
}

fn required(c: &Case) -> Vec<String> {
    strings(&c.payload["required_participants"])
}

fn free(c: &Case, name: &str, from: u32, to: u32) -> bool {
    c.payload["availability"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == json!(name))
        .is_some_and(|p| covered(&windows(&p["free"]), from, to))
}

/// Rooms that fit the required people and are open for the span.
fn rooms_for(c: &Case, from: u32, to: u32) -> Vec<String> {
    let people = required(c).len() as u64;
    c.payload["rooms"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| {
            r["capacity"].as_u64().unwrap_or(0) >= people && covered(&windows(&r["open"]), from, to)
        })
        .map(|r| r["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Every quarter-hour start of a meeting inside working hours.
fn starts(c: &Case) -> Vec<u32> {
    (9 * 60..=18 * 60 - duration(c)).step_by(15).collect()
}

/// A feasible slot other than the reference's, with a room.
fn other_feasible(c: &Case) -> Option<(u32, String)> {
    let length = duration(c);
    starts(c).into_iter().rev().find_map(|s| {
        let ok = s != start(c)
            && !blocked(c, s, s + length)
            && required(c).iter().all(|n| free(c, n, s, s + length));
        ok.then(|| rooms_for(c, s, s + length).into_iter().next())
            .flatten()
            .map(|room| (s, room))
    })
}

fn at(c: &Case, from: u32, room: Option<&str>) -> Option<Value> {
    let mut pairs = vec![
        ("start", json!(hhmm(from))),
        ("end", json!(hhmm(from + duration(c)))),
    ];
    if let Some(room) = room {
        pairs.push(("room", json!(room)));
    }
    c.with_all(&pairs)
}

/// A quarter hour in words with no half of the day: "half past two",
/// "quarter to four", "nine o'clock".
fn spoken(minutes: u32) -> Option<Value> {
    const HOURS: [&str; 12] = [
        "twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven",
    ];
    let hour = |h: u32| HOURS[(h % 12) as usize];
    let (h, mm) = (minutes / 60, minutes % 60);
    let text = match mm {
        0 => format!("{} o'clock", hour(h)),
        15 => format!("quarter past {}", hour(h)),
        30 => format!("half past {}", hour(h)),
        45 => format!("quarter to {}", hour(h + 1)),
        _ => return None,
    };
    Some(json!(text))
}

/// The reference slot with start and end written by `write`.
fn times(c: &Case, write: fn(u32) -> Option<Value>) -> Option<Value> {
    c.with_all(&[("start", write(start(c))?), ("end", write(end(c))?)])
}

/// Natural ways of writing the reference slot's times.
fn time_pass_rows() -> Vec<(&'static str, Writer)> {
    vec![
        ("24-hour", |c| times(c, |m| Some(json!(hhmm(m))))),
        ("no leading zero", |c| {
            times(c, |m| Some(json!(format!("{}:{:02}", m / 60, m % 60))))
        }),
        ("four digits", |c| {
            times(c, |m| Some(json!(format!("{:02}{:02}", m / 60, m % 60))))
        }),
        ("French style", |c| {
            times(c, |m| Some(json!(format!("{}h{:02}", m / 60, m % 60))))
        }),
        ("12-hour", |c| times(c, |m| Some(json!(ampm(m))))),
        ("12-hour, run together", |c| {
            times(c, |m| {
                let (h, mm, pm) = dial(m);
                Some(json!(format!(
                    "{h}:{mm:02}{}",
                    if pm { "pm" } else { "am" }
                )))
            })
        }),
        ("12-hour with dots", |c| {
            times(c, |m| {
                let (h, mm, pm) = dial(m);
                Some(json!(format!(
                    "{h}.{mm:02} {}",
                    if pm { "p.m." } else { "a.m." }
                )))
            })
        }),
        ("seconds", |c| {
            times(c, |m| Some(json!(format!("{}:00", hhmm(m)))))
        }),
        ("one-item lists", |c| times(c, |m| Some(json!([hhmm(m)])))),
        ("as JSON numbers", |c| {
            times(c, |m| Some(json!((m / 60) * 100 + m % 60)))
        }),
        ("start 24-hour, end 12-hour", |c| {
            c.with_all(&[
                ("start", json!(hhmm(start(c)))),
                ("end", json!(ampm(end(c)))),
            ])
        }),
        ("padded", |c| {
            times(c, |m| Some(json!(format!("  {} ", hhmm(m)))))
        }),
        // No half of the day: read in working hours' half (play-pr9, C1).
        ("12-hour without a marker", |c| {
            times(c, |m| {
                let (h, mm, _) = dial(m);
                Some(json!(format!("{h}:{mm:02}")))
            })
        }),
        ("spoken, without a part of the day", |c| times(c, spoken)),
        ("lower-case meridiem", |c| {
            times(c, |m| Some(json!(ampm(m).to_lowercase())))
        }),
        // The time first, then an aside naming the time it rejects (issue
        // 21, C3).
        ("with an aside in brackets", |c| {
            times(c, |m| {
                Some(json!(format!("{} (clear of the blocked windows)", hhmm(m))))
            })
        }),
        ("X, not Y", |c| {
            times(c, |m| {
                Some(json!(format!("{}, not {}", hhmm(m), hhmm(m + 15))))
            })
        }),
        ("X instead of Y", |c| {
            times(c, |m| {
                Some(json!(format!(
                    "{} instead of {} (a clash)",
                    ampm(m),
                    hhmm(m + 30)
                )))
            })
        }),
        ("X - Y would clash", |c| {
            times(c, |m| {
                Some(json!(format!("{} - {} would clash", hhmm(m), hhmm(m + 45))))
            })
        }),
        // The meeting's span in the start field is its start, as the end
        // says (the lead's decision on play-para-pr10 A; this row was a
        // fail row "start as a range" before).
        ("start as the meeting's span", |c| {
            c.with(
                "start",
                json!(format!("{}-{}", hhmm(start(c)), hhmm(end(c)))),
            )
        }),
        ("start and end both as the span in words", |c| {
            let span = json!(format!("from {} to {}", ampm(start(c)), ampm(end(c))));
            c.with_all(&[("start", span.clone()), ("end", span)])
        }),
        // The field's name and an arrow before the value, as any other
        // label (play-para-pr4, B1).
        ("an arrow after the field's name", |c| {
            c.with_all(&[
                ("start", json!(format!("start -> {}", hhmm(start(c))))),
                ("end", json!(format!("End => {}", ampm(end(c))))),
            ])
        }),
        ("an arrow sign after the field's name", |c| {
            c.with_all(&[
                ("start", json!(format!("start \u{2192} {}", ampm(start(c))))),
                ("end", json!(format!("end --> {}", hhmm(end(c))))),
            ])
        }),
    ]
}

/// Ways of breaking the reference slot's times.
fn time_fail_rows() -> Vec<(&'static str, Writer)> {
    vec![
        // A span that is not the meeting's could start anywhere in it: a
        // hedge (the meeting's own span is a pass row, play-para-pr10 A).
        ("start as a range 15 minutes longer than the meeting", |c| {
            c.with(
                "start",
                json!(format!("{}-{}", hhmm(start(c)), hhmm(end(c) + 15))),
            )
        }),
        (
            "start as a range 15 minutes shorter than the meeting",
            |c| {
                c.with(
                    "start",
                    json!(format!("{}-{}", hhmm(start(c)), hhmm(end(c) - 15))),
                )
            },
        ),
        ("start as the meeting's length from 15 minutes later", |c| {
            c.with(
                "start",
                json!(format!("{}-{}", hhmm(start(c) + 15), hhmm(end(c) + 15))),
            )
        }),
        ("end as a range ending 15 minutes early", |c| {
            c.with(
                "end",
                json!(format!("{}-{}", hhmm(start(c)), hhmm(end(c) - 15))),
            )
        }),
        ("start X or Y", |c| {
            c.with(
                "start",
                json!(format!("{} or {}", hhmm(start(c)), hhmm(start(c) + 15))),
            )
        }),
        ("start a list of two", |c| {
            c.with("start", json!([hhmm(start(c)), hhmm(start(c) + 30)]))
        }),
        ("end X or Y", |c| {
            c.with(
                "end",
                json!(format!("{} or {}", hhmm(end(c)), hhmm(end(c) + 15))),
            )
        }),
        ("start out of range", |c| c.with("start", json!("25:00"))),
        ("start without minutes' second digit", |c| {
            c.with(
                "start",
                json!(format!("{}.{}", start(c) / 60, start(c) % 60 / 10)),
            )
        }),
        ("start to be decided", |c| c.with("start", json!("tbd"))),
        ("end missing", |c| c.without("end")),
        ("start null", |c| c.with("start", Value::Null)),
        ("end copied instruction", |c| {
            c.with("end", json!(c.instruction))
        }),
        ("a 24-hour time with pm", |c| {
            // `14:15 pm` contradicts itself, `09:00 pm` is the evening;
            // `12:30 pm` would be right, so noon hours are left out.
            (start(c) / 60 != 12).then_some(())?;
            c.with("start", json!(format!("{} pm", hhmm(start(c)))))
        }),
        ("the wrong half of the day", |c| {
            let (h, mm, pm) = dial(start(c));
            c.with(
                "start",
                json!(format!("{h}:{mm:02} {}", if pm { "AM" } else { "PM" })),
            )
        }),
        ("the length as the start", |c| {
            c.with("start", json!(format!("{} minutes", duration(c))))
        }),
        ("start and end both lists", |c| {
            c.with_all(&[
                ("start", json!([hhmm(start(c)), hhmm(start(c) + 15)])),
                ("end", json!([hhmm(end(c)), hhmm(end(c) + 15)])),
            ])
        }),
        ("start and end as words", |c| {
            c.with_all(&[("start", json!("morning")), ("end", json!("afternoon"))])
        }),
        ("start a boolean", |c| c.with("start", json!(true))),
        // Another time offered in an aside.
        ("start X (or Y)", |c| {
            c.with(
                "start",
                json!(format!("{} (or {})", hhmm(start(c)), hhmm(start(c) + 15))),
            )
        }),
        ("start X, maybe Y", |c| {
            c.with(
                "start",
                json!(format!("{}, maybe {}", hhmm(start(c)), hhmm(start(c) + 15))),
            )
        }),
        ("start X (Y)", |c| {
            c.with(
                "start",
                json!(format!("{} ({})", hhmm(start(c)), hhmm(start(c) + 30))),
            )
        }),
        ("end X; Y could also work", |c| {
            c.with(
                "end",
                json!(format!(
                    "{}; {} could also work",
                    hhmm(end(c)),
                    hhmm(end(c) + 15)
                )),
            )
        }),
        // A label and an arrow before a time that is not the field's
        // (play-para-pr4, B1).
        ("the end's label and time as the start", |c| {
            c.with("start", json!(format!("end -> {}", hhmm(end(c)))))
        }),
        ("a wrong time after the arrow", |c| {
            c.with("start", json!(format!("start -> {}", hhmm(start(c) + 15))))
        }),
        ("two times after the arrow", |c| {
            c.with(
                "start",
                json!(format!(
                    "start -> {} or {}",
                    hhmm(start(c)),
                    hhmm(start(c) + 15)
                )),
            )
        }),
    ]
}

fn day_tables() -> Table {
    Table {
        task: "medium",
        criterion: "day",
        seeds: 0..8,
        pass: vec![
            // The field's name and an arrow before the day (play-para-pr4,
            // B1).
            ("an arrow after the field's name", |c| {
                c.with("day", json!(format!("day -> {}", c.text("day"))))
            }),
            ("an arrow sign after the field's name", |c| {
                let (_, _, d) = ymd(c);
                c.with(
                    "day",
                    json!(format!("Day \u{2192} {} {d} {}", weekday(c), month(c))),
                )
            }),
            ("ISO", |c| c.with("day", json!(c.text("day")))),
            ("ISO with slashes", |c| {
                c.with("day", json!(c.text("day").replace('-', "/")))
            }),
            ("ISO with dots, no zeros", |c| {
                let (y, m, d) = ymd(c);
                c.with("day", json!(format!("{y}.{m}.{d}")))
            }),
            ("day month", |c| {
                c.with("day", json!(format!("{} {}", ymd(c).2, month(c))))
            }),
            ("day month year", |c| {
                let (y, _, d) = ymd(c);
                c.with("day", json!(format!("{d} {} {y}", month(c))))
            }),
            ("month day, year", |c| {
                let (y, _, d) = ymd(c);
                c.with("day", json!(format!("{} {d}, {y}", month(c))))
            }),
            ("weekday day month", |c| {
                c.with(
                    "day",
                    json!(format!("{} {} {}", weekday(c), ymd(c).2, month(c))),
                )
            }),
            ("mail header", |c| {
                let (y, _, d) = ymd(c);
                c.with(
                    "day",
                    json!(format!("{}, {d} {} {y}", &weekday(c)[..3], &month(c)[..3])),
                )
            }),
            ("the nth of", |c| {
                c.with(
                    "day",
                    json!(
                        format!("{} the {} of {}", weekday(c), ordinal(ymd(c).2), month(c))
                            .to_lowercase()
                    ),
                )
            }),
            ("ISO with weekday", |c| {
                c.with("day", json!(format!("{} ({})", c.text("day"), weekday(c))))
            }),
            ("long with ISO", |c| {
                c.with(
                    "day",
                    json!(format!(
                        "{} {} {} ({})",
                        weekday(c),
                        ymd(c).2,
                        month(c),
                        c.text("day")
                    )),
                )
            }),
            ("shouted", |c| {
                let (y, _, d) = ymd(c);
                c.with("day", json!(format!("{d} {} {y}", month(c).to_uppercase())))
            }),
            ("one-item list", |c| c.with("day", json!([c.text("day")]))),
            ("padded", |c| {
                c.with("day", json!(format!("  {} ", c.text("day"))))
            }),
            ("short month first", |c| {
                c.with("day", json!(format!("{} {}", &month(c)[..3], ymd(c).2)))
            }),
            ("ordinal, short", |c| {
                c.with(
                    "day",
                    json!(format!("{} {}", ordinal(ymd(c).2), &month(c)[..3])),
                )
            }),
            ("on weekday", |c| {
                c.with(
                    "day",
                    json!(format!(
                        "on {}, {} {}",
                        weekday(c),
                        month(c),
                        ordinal(ymd(c).2)
                    )),
                )
            }),
            ("ISO without zeros", |c| {
                let (y, m, d) = ymd(c);
                c.with("day", json!(format!("{y}-{m}-{d}")))
            }),
            // The day first, then an aside naming the day it rejects
            // (issue 21, C3).
            ("ISO, not the next day", |c| {
                c.with(
                    "day",
                    json!(format!("{}, not {}", c.text("day"), shifted_iso(c, 1))),
                )
            }),
            ("written day, instead of another in brackets", |c| {
                let (y, _, d) = ymd(c);
                c.with(
                    "day",
                    json!(format!(
                        "{} {d} {} {y} (instead of {}, which is busier)",
                        weekday(c),
                        month(c),
                        shifted_iso(c, 1)
                    )),
                )
            }),
            ("ISO: a reason", |c| {
                c.with(
                    "day",
                    json!(format!("{}: everyone required is free", c.text("day"))),
                )
            }),
            // Slashed, when only one reading is a date or the weekday
            // picks one (play-pr9, C2).
            ("US order of one reading", |c| {
                let (y, m, d) = ymd(c);
                (d > 12 || m as u32 == d).then_some(())?;
                c.with("day", json!(format!("{m:02}/{d:02}/{y}")))
            }),
            ("day-first order of one reading, with its weekday", |c| {
                let (y, m, d) = ymd(c);
                (d > 12 || m as u32 == d).then_some(())?;
                let short = &weekday(c)[..3];
                c.with("day", json!(format!("{short} {d:02}/{m:02}/{y}")))
            }),
            ("day-first order, its weekday picking the reading", |c| {
                let (y, m, d) = ymd(c);
                let weekday_of = |month: u32, day: u32| {
                    env_wasm::dates::Day::from_civil(y, month, day).map(|d| d.weekday())
                };
                // Unless the other reading falls on the same weekday.
                let other = weekday_of(d, m as u32);
                (other.is_none() || other != weekday_of(m as u32, d) || m as u32 == d)
                    .then_some(())?;
                c.with("day", json!(format!("{d}/{m}/{y} ({})", weekday(c))))
            }),
            // A day with no month is the one offered day it fits
            // (play-pr10: "Tuesday the 6th").
            ("weekday alone, the one offered day", |c| {
                c.with("day", json!(weekday(c)))
            }),
            ("weekday and day of month, no month", |c| {
                let d = ymd(c).2;
                let suffix = match d {
                    1 | 21 | 31 => "st",
                    2 | 22 => "nd",
                    3 | 23 => "rd",
                    _ => "th",
                };
                c.with("day", json!(format!("{} the {d}{suffix}", weekday(c))))
            }),
            ("ISO rather than the day before", |c| {
                c.with(
                    "day",
                    json!(format!(
                        "{} rather than {}",
                        c.text("day"),
                        shifted_iso(c, -1)
                    )),
                )
            }),
        ],
        fail: vec![
            ("the next day after an arrow", |c| {
                c.with("day", json!(format!("day -> {}", shifted_iso(c, 1))))
            }),
            ("two days after an arrow", |c| {
                c.with(
                    "day",
                    json!(format!("day => {} or {}", c.text("day"), shifted_iso(c, 1))),
                )
            }),
            ("the next day", |c| c.with("day", json!(shifted_iso(c, 1)))),
            ("the day before", |c| {
                c.with("day", json!(shifted_iso(c, -1)))
            }),
            ("X or Y", |c| {
                c.with(
                    "day",
                    json!(format!("{} or {}", c.text("day"), shifted_iso(c, 1))),
                )
            }),
            ("a list of two", |c| {
                c.with("day", json!([c.text("day"), shifted_iso(c, 1)]))
            }),
            ("a range of days", |c| {
                let d = ymd(c).2;
                c.with("day", json!(format!("{d}-{} {}", d + 1, month(c))))
            }),
            ("the wrong weekday", |c| {
                let wrong = if weekday(c) == "Monday" {
                    "Tuesday"
                } else {
                    "Monday"
                };
                c.with("day", json!(format!("{wrong} {} {}", ymd(c).2, month(c))))
            }),
            ("a year earlier", |c| {
                let (y, m, d) = ymd(c);
                c.with("day", json!(format!("{:04}-{m:02}-{d:02}", y - 1)))
            }),
            ("month and day swapped", |c| {
                let (y, m, d) = ymd(c);
                (m as u32 != d).then_some(())?;
                c.with("day", json!(format!("{y:04}-{d:02}-{m:02}")))
            }),
            // Day and month that read as two dates, with nothing that
            // names one (play-pr9: one that can only be one day is read).
            ("US order that reads as two days", |c| {
                let (y, m, d) = ymd(c);
                (d <= 12 && m as u32 != d).then_some(())?;
                c.with("day", json!(format!("{m:02}/{d:02}/{y}")))
            }),
            ("day-first order that reads as two days", |c| {
                let (y, m, d) = ymd(c);
                (d <= 12 && m as u32 != d).then_some(())?;
                c.with("day", json!(format!("{d:02}/{m:02}/{y}")))
            }),
            ("a weekday alone that no offered day falls on", |c| {
                let wrong = if weekday(c) == "Monday" {
                    "Tuesday"
                } else {
                    "Monday"
                };
                c.with("day", json!(wrong))
            }),
            ("month alone", |c| c.with("day", json!(month(c)))),
            ("the instruction copied", |c| {
                c.with("day", json!(c.instruction))
            }),
            ("the payload copied", |c| {
                c.with("day", json!(c.payload_text()))
            }),
            ("tomorrow", |c| c.with("day", json!("tomorrow"))),
            ("next weekday", |c| {
                c.with("day", json!(format!("next {}", weekday(c))))
            }),
            ("empty", |c| c.with("day", json!(""))),
            ("null", |c| c.with("day", Value::Null)),
            ("missing", |c| c.without("day")),
            ("a number", |c| {
                c.with(
                    "day",
                    json!(c.text("day").replace('-', "").parse::<u64>().unwrap_or(0)),
                )
            }),
            ("X to Y", |c| {
                c.with(
                    "day",
                    json!(format!("{} to {}", c.text("day"), shifted_iso(c, 1))),
                )
            }),
            ("X, Y", |c| {
                c.with(
                    "day",
                    json!(format!("{}, {}", c.text("day"), shifted_iso(c, 2))),
                )
            }),
            ("two written days", |c| {
                let d = ymd(c).2;
                c.with(
                    "day",
                    json!(format!("{d} {} or {} {}", month(c), d + 1, month(c))),
                )
            }),
            ("any day", |c| c.with("day", json!("any day"))),
            ("with a time", |c| {
                c.with("day", json!(format!("{}T09:00", c.text("day"))))
            }),
            ("the weekday copied with a wrong ISO", |c| {
                c.with(
                    "day",
                    json!(format!("{} ({})", shifted_iso(c, 1), weekday(c))),
                )
            }),
            // Another day offered in an aside.
            ("X (or Y)", |c| {
                c.with(
                    "day",
                    json!(format!("{} (or {})", c.text("day"), shifted_iso(c, 1))),
                )
            }),
            ("X, maybe Y", |c| {
                c.with(
                    "day",
                    json!(format!("{}, maybe {}", c.text("day"), shifted_iso(c, 1))),
                )
            }),
            ("X (Y)", |c| {
                c.with(
                    "day",
                    json!(format!("{} ({})", c.text("day"), shifted_iso(c, 2))),
                )
            }),
            ("X; Y as a fallback", |c| {
                c.with(
                    "day",
                    json!(format!(
                        "{}; {} as a fallback",
                        c.text("day"),
                        shifted_iso(c, 1)
                    )),
                )
            }),
            ("the other day, rather than the right one", |c| {
                c.with(
                    "day",
                    json!(format!(
                        "{}, rather than {}",
                        shifted_iso(c, 1),
                        c.text("day")
                    )),
                )
            }),
        ],
    }
}

fn duration_tables() -> Table {
    let mut pass = time_pass_rows();
    pass.extend([
        (
            "another slot of the same length",
            (|c| at(c, 9 * 60, None)) as Writer,
        ),
        ("noon onwards when that is the length", |c| {
            c.with_all(&[
                ("start", json!("noon")),
                ("end", json!(ampm(12 * 60 + duration(c)))),
            ])
        }),
    ]);
    let mut fail = time_fail_rows();
    fail.extend([
        (
            "a quarter-hour too long",
            (|c| c.with("end", json!(hhmm(end(c) + 15)))) as Writer,
        ),
        ("a quarter-hour too short", |c| {
            c.with("end", json!(hhmm(end(c) - 15)))
        }),
        ("zero length", |c| c.with("end", json!(hhmm(start(c))))),
        ("start and end swapped", |c| {
            c.with_all(&[
                ("start", json!(hhmm(end(c)))),
                ("end", json!(hhmm(start(c)))),
            ])
        }),
        ("the whole working day", |c| {
            c.with_all(&[("start", json!("09:00")), ("end", json!("18:00"))])
        }),
        ("an hour too long, 12-hour", |c| {
            c.with("end", json!(ampm(end(c) + 60)))
        }),
    ]);
    Table {
        task: "medium",
        criterion: "duration",
        seeds: 0..8,
        pass,
        fail,
    }
}

fn participants_tables() -> Table {
    fn with_names(c: &Case, value: Value) -> Option<Value> {
        c.with("participants", value)
    }
    fn extra(c: &Case) -> Option<String> {
        let required = required(c);
        c.payload["availability"]
            .as_array()?
            .iter()
            .filter_map(|p| p["name"].as_str())
            .find(|n| !required.iter().any(|r| r == n))
            .map(str::to_owned)
    }
    Table {
        task: "medium",
        criterion: "participants",
        seeds: 0..8,
        pass: vec![
            ("the list", |c| with_names(c, json!(required(c)))),
            // The instruction says the organizer is not a participant and
            // naming them as well is ignored.
            ("the organizer added", |c| {
                let mut names = required(c);
                names.push(c.payload["organizer"].as_str()?.to_owned());
                with_names(c, json!(names))
            }),
            ("shouted", |c| {
                let names: Vec<String> = required(c).iter().map(|n| n.to_uppercase()).collect();
                with_names(c, json!(names))
            }),
            ("lower case", |c| {
                let names: Vec<String> = required(c).iter().map(|n| n.to_lowercase()).collect();
                with_names(c, json!(names))
            }),
            ("reversed", |c| {
                let mut names = required(c);
                names.reverse();
                with_names(c, json!(names))
            }),
            ("comma separated", |c| {
                with_names(c, json!(required(c).join(", ")))
            }),
            ("A, B and C", |c| {
                let names = required(c);
                let (last, rest) = names.split_last()?;
                with_names(c, json!(format!("{} and {last}", rest.join(", "))))
            }),
            ("Oxford comma", |c| {
                let names = required(c);
                let (last, rest) = names.split_last()?;
                with_names(c, json!(format!("{}, and {last}", rest.join(", "))))
            }),
            ("ampersands", |c| {
                with_names(c, json!(required(c).join(" & ")))
            }),
            ("semicolons", |c| {
                with_names(c, json!(required(c).join("; ")))
            }),
            ("one a line", |c| {
                with_names(c, json!(required(c).join("\n")))
            }),
            ("a JSON list in a string", |c| {
                with_names(c, json!(json!(required(c)).to_string()))
            }),
            ("a sentence with a full stop", |c| {
                let names = required(c);
                let (last, rest) = names.split_last()?;
                with_names(c, json!(format!("{} and {last}.", rest.join(", "))))
            }),
            ("padded items", |c| {
                let names: Vec<String> = required(c).iter().map(|n| format!("  {n} ")).collect();
                with_names(c, json!(names))
            }),
            ("a name repeated", |c| {
                let mut names = required(c);
                names.push(names[0].to_lowercase());
                with_names(c, json!(names))
            }),
            ("all joined by and", |c| {
                with_names(c, json!(required(c).join(" and ")))
            }),
            ("odd case", |c| {
                let names: Vec<String> = required(c)
                    .iter()
                    .map(|n| {
                        n.chars()
                            .enumerate()
                            .map(|(i, ch)| {
                                if i % 2 == 0 {
                                    ch.to_ascii_lowercase()
                                } else {
                                    ch.to_ascii_uppercase()
                                }
                            })
                            .collect()
                    })
                    .collect();
                with_names(c, json!(names))
            }),
            // The field's name and an arrow before the list, and the list
            // as a markdown table (play-para-pr4, B1, B2).
            ("an arrow after the field's name", |c| {
                with_names(
                    c,
                    json!(format!("participants -> {}", required(c).join(", "))),
                )
            }),
            ("a markdown table", |c| {
                let rows: Vec<String> = required(c).iter().map(|n| format!("| {n} |")).collect();
                with_names(c, json!(format!("| name |\n|---|\n{}", rows.join("\n"))))
            }),
            ("a markdown table with roles", |c| {
                let rows: Vec<String> = required(c)
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("| {} | **{n}** | required |", i + 1))
                    .collect();
                with_names(
                    c,
                    json!(format!(
                        "| # | Attendee | Why |\n|:-:|---|---|\n{}",
                        rows.join("\n")
                    )),
                )
            }),
            ("a markdown table without a heading", |c| {
                let rows: Vec<String> = required(c).iter().map(|n| format!("|{n}|")).collect();
                with_names(c, json!(rows.join("\n")))
            }),
            // Each name first, then an aside (issue 21, C3): a role in
            // brackets or after a dash, and an uninvited colleague ruled out.
            ("roles in brackets", |c| {
                let names: Vec<String> = required(c)
                    .iter()
                    .map(|n| format!("{n} (required)"))
                    .collect();
                with_names(c, json!(names))
            }),
            ("roles after a dash", |c| {
                let names: Vec<String> = required(c)
                    .iter()
                    .enumerate()
                    .map(|(i, n)| format!("{n} - attendee {}", i + 1))
                    .collect();
                with_names(c, json!(names))
            }),
            ("a written list with an aside", |c| {
                let names = required(c);
                let (last, rest) = names.split_last()?;
                with_names(
                    c,
                    json!(format!(
                        "{} and {last} (not {}, who is not required)",
                        rest.join(", "),
                        extra(c)?
                    )),
                )
            }),
            ("the uninvited ruled out", |c| {
                let mut names = required(c);
                names.push(format!("not {}", extra(c)?));
                with_names(c, json!(names))
            }),
        ],
        fail: vec![
            ("an uninvited colleague after the arrow", |c| {
                let mut names = required(c);
                names.push(extra(c)?);
                with_names(c, json!(format!("participants -> {}", names.join(", "))))
            }),
            ("a markdown table with an uninvited row", |c| {
                let mut names = required(c);
                names.push(extra(c)?);
                let rows: Vec<String> = names.iter().map(|n| format!("| {n} |")).collect();
                with_names(c, json!(format!("| name |\n|---|\n{}", rows.join("\n"))))
            }),
            ("a markdown table headed by an uninvited colleague", |c| {
                let rows: Vec<String> = required(c).iter().map(|n| format!("| {n} |")).collect();
                with_names(
                    c,
                    json!(format!("| {} |\n|---|\n{}", extra(c)?, rows.join("\n"))),
                )
            }),
            ("another field's name before the list", |c| {
                with_names(c, json!(format!("room -> {}", required(c).join(", "))))
            }),
            ("an uninvited colleague with an aside", |c| {
                let mut names = required(c);
                names.push(format!("{} (optional)", extra(c)?));
                with_names(c, json!(names))
            }),
            ("a required name only in an aside", |c| {
                let names = required(c);
                let mut items = vec![format!("{} (with {})", names[0], names[1])];
                items.extend(names[2..].iter().cloned());
                with_names(c, json!(items))
            }),
            ("one left out", |c| {
                let mut names = required(c);
                names.pop();
                with_names(c, json!(names))
            }),
            ("an uninvited colleague added", |c| {
                let mut names = required(c);
                names.push(extra(c)?);
                with_names(c, json!(names))
            }),
            ("everyone in the availability list", |c| {
                let everyone: Vec<&str> = c.payload["availability"]
                    .as_array()?
                    .iter()
                    .filter_map(|p| p["name"].as_str())
                    .collect();
                with_names(c, json!(everyone))
            }),
            ("a near-miss name", |c| {
                let mut names = required(c);
                names[0] = format!("{}{}", names[0], names[0].chars().last()?);
                with_names(c, json!(names))
            }),
            ("two names in one item", |c| {
                let names = required(c);
                let mut items = vec![format!("{} and {}", names[0], names[1])];
                items.extend(names[2..].iter().cloned());
                with_names(c, json!(items))
            }),
            ("X or Y", |c| {
                let names = required(c);
                with_names(c, json!(format!("{} or {}", names[0], names[1])))
            }),
            ("empty list", |c| with_names(c, json!([]))),
            ("everyone, in words", |c| with_names(c, json!("everyone"))),
            ("the required participants, in words", |c| {
                with_names(c, json!("all required participants"))
            }),
            ("the instruction copied", |c| {
                with_names(c, json!(c.instruction))
            }),
            ("the payload copied", |c| {
                with_names(c, json!(c.payload_text()))
            }),
            ("only the first", |c| with_names(c, json!(required(c)[..1]))),
            // An array holding one comma-joined string is that string
            // (play-para-pr7 B5); beside another element it is one item.
            ("all in one list item beside another", |c| {
                with_names(c, json!([required(c).join(", "), required(c)[0]]))
            }),
            ("numbers", |c| with_names(c, json!([1, 2, 3]))),
            ("a boolean", |c| with_names(c, json!(true))),
            ("space separated", |c| {
                with_names(c, json!(required(c).join(" ")))
            }),
            ("full names made up", |c| {
                let names: Vec<String> = required(c).iter().map(|n| format!("{n} Smith")).collect();
                with_names(c, json!(names))
            }),
            ("one swapped for a colleague", |c| {
                let mut names = required(c);
                names[0] = extra(c)?;
                with_names(c, json!(names))
            }),
            ("missing", |c| c.without("participants")),
            ("an object", |c| {
                with_names(c, json!({"names": required(c)}))
            }),
        ],
    }
}

fn overlap_tables() -> Table {
    fn lunch(c: &Case) -> u32 {
        windows(&c.payload["blocked_windows"])
            .iter()
            .map(|w| w.0)
            .find(|s| (12 * 60..=12 * 60 + 30).contains(s))
            .unwrap_or(12 * 60)
    }
    fn clear(c: &Case, latest: bool) -> Option<Value> {
        let length = duration(c);
        let mut all = starts(c).into_iter().filter_map(|s| {
            let valid =
                !blocked(c, s, s + length) && required(c).iter().all(|n| free(c, n, s, s + length));
            valid
                .then(|| rooms_for(c, s, s + length).into_iter().next())
                .flatten()
                .map(|room| (s, room))
        });
        let (s, room) = if latest {
            all.next_back()?
        } else {
            all.next()?
        };
        at(c, s, Some(&room))
    }
    let mut pass = time_pass_rows();
    pass.extend([
        // A slot clear of blocked windows earns this criterion only when
        // the whole booking is valid (the rubric's gate), so these rows
        // take the earliest and latest clear slots where everyone is free
        // and the room is open.
        ("the earliest clear slot", (|c| clear(c, false)) as Writer),
        ("the latest clear slot", |c| clear(c, true)),
    ]);
    let mut fail = time_fail_rows();
    fail.extend([
        ("at lunch", (|c| at(c, lunch(c), None)) as Writer),
        ("ending in lunch", |c| {
            let s = (lunch(c) + 15).checked_sub(duration(c))?;
            (s >= 9 * 60).then_some(())?;
            at(c, s, None)
        }),
        ("starting in lunch's last quarter", |c| {
            at(c, lunch(c) + 45, None)
        }),
        ("at lunch, 12-hour", |c| {
            c.with_all(&[
                ("start", json!(ampm(lunch(c)))),
                ("end", json!(ampm(lunch(c) + duration(c)))),
            ])
        }),
        ("at every other blocked window", |c| {
            let w = windows(&c.payload["blocked_windows"])
                .into_iter()
                .find(|w| w.0 != lunch(c))?;
            at(c, w.0, None)
        }),
        ("the wrong day", |c| c.with("day", json!(shifted_iso(c, 1)))),
        ("before working hours", |c| at(c, 8 * 60, None)),
        ("after working hours", |c| {
            at(c, 18 * 60 - duration(c) + 15, None)
        }),
        ("a short meeting", |c| {
            c.with("end", json!(hhmm(start(c) + 15)))
        }),
        ("the whole day", |c| {
            c.with_all(&[("start", json!("09:00")), ("end", json!("18:00"))])
        }),
        ("a hedge of two clear starts", |c| {
            let length = duration(c);
            let clear: Vec<u32> = starts(c)
                .into_iter()
                .filter(|s| !blocked(c, *s, s + length))
                .collect();
            c.with(
                "start",
                json!(format!("{} or {}", hhmm(clear[0]), hhmm(*clear.last()?))),
            )
        }),
    ]);
    Table {
        task: "medium",
        criterion: "no_blocked_overlap",
        seeds: 0..8,
        pass,
        fail,
    }
}

fn availability_tables() -> Table {
    fn busy_slot(c: &Case) -> Option<Value> {
        let length = duration(c);
        let s = starts(c).into_iter().find(|s| {
            !blocked(c, *s, s + length) && required(c).iter().any(|n| !free(c, n, *s, s + length))
        })?;
        at(c, s, None)
    }
    let mut pass = time_pass_rows();
    pass.extend([
        (
            "another feasible slot",
            (|c| {
                let (s, room) = other_feasible(c)?;
                at(c, s, Some(&room))
            }) as Writer,
        ),
        ("another feasible slot, 12-hour", |c| {
            let (s, room) = other_feasible(c)?;
            c.with_all(&[
                ("start", json!(ampm(s))),
                ("end", json!(ampm(s + duration(c)))),
                ("room", json!(room)),
            ])
        }),
        ("names as a sentence", |c| {
            let names = required(c);
            let (last, rest) = names.split_last()?;
            c.with(
                "participants",
                json!(format!("{} and {last}", rest.join(", "))),
            )
        }),
        ("names shouted", |c| {
            let names: Vec<String> = required(c).iter().map(|n| n.to_uppercase()).collect();
            c.with("participants", json!(names))
        }),
        ("names with ampersands", |c| {
            c.with("participants", json!(required(c).join(" & ")))
        }),
    ]);
    let mut fail = time_fail_rows();
    fail.extend([
        ("when someone is busy", busy_slot as Writer),
        ("one required person left out", |c| {
            let mut names = required(c);
            names.pop();
            c.with("participants", json!(names))
        }),
        ("nobody invited", |c| c.with("participants", json!([]))),
        ("participants missing", |c| c.without("participants")),
        ("all in one list item beside another", |c| {
            c.with(
                "participants",
                json!([required(c).join(", "), required(c)[0]]),
            )
        }),
        ("the instruction as participants", |c| {
            c.with("participants", json!(c.instruction))
        }),
        ("the payload as participants", |c| {
            c.with("participants", json!(c.payload_text()))
        }),
        ("the wrong day", |c| {
            c.with("day", json!(shifted_iso(c, -1)))
        }),
        ("in the evening", |c| {
            let (h, mm, _) = dial(start(c));
            c.with_all(&[
                ("start", json!(format!("{h}:{mm:02} PM"))),
                ("end", json!(hhmm(end(c) + 12 * 60))),
            ])
        }),
    ]);
    Table {
        task: "medium",
        criterion: "participant_availability",
        seeds: 0..8,
        pass,
        fail,
    }
}

fn room_tables() -> Table {
    fn room(c: &Case) -> String {
        c.text("room")
    }
    fn other_room(c: &Case) -> String {
        c.payload["rooms"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["name"].as_str())
            .find(|n| *n != room(c))
            .unwrap_or("Nowhere")
            .to_owned()
    }
    fn another_valid(c: &Case) -> Option<String> {
        rooms_for(c, start(c), end(c))
            .into_iter()
            .find(|r| *r != room(c))
    }
    /// A room that cannot hold the meeting: too small, or closed then.
    fn unusable(c: &Case) -> Option<String> {
        let fits = rooms_for(c, start(c), end(c));
        c.payload["rooms"]
            .as_array()?
            .iter()
            .filter_map(|r| r["name"].as_str())
            .find(|n| !fits.iter().any(|f| f == n))
            .map(str::to_owned)
    }
    Table {
        task: "medium",
        criterion: "room_valid",
        seeds: 0..8,
        pass: vec![
            ("the name", |c| c.with("room", json!(room(c)))),
            ("lower case", |c| {
                c.with("room", json!(room(c).to_lowercase()))
            }),
            ("shouted", |c| c.with("room", json!(room(c).to_uppercase()))),
            ("X Room", |c| {
                c.with("room", json!(format!("{} Room", room(c))))
            }),
            ("room X", |c| {
                c.with("room", json!(format!("room {}", room(c))))
            }),
            ("the X room", |c| {
                c.with("room", json!(format!("the {} room", room(c))))
            }),
            ("meeting room", |c| {
                c.with("room", json!(format!("{} meeting room", room(c))))
            }),
            ("one-item list", |c| c.with("room", json!([room(c)]))),
            ("padded", |c| {
                c.with("room", json!(format!(" {}  ", room(c))))
            }),
            ("conference room", |c| {
                c.with("room", json!(format!("{} Conference Room", room(c))))
            }),
            ("Rm", |c| c.with("room", json!(format!("Rm {}", room(c))))),
            ("in X", |c| c.with("room", json!(format!("in {}", room(c))))),
            ("with a full stop", |c| {
                c.with("room", json!(format!("{}.", room(c))))
            }),
            ("markdown bold", |c| {
                c.with("room", json!(format!("**{}**", room(c))))
            }),
            ("another room that fits", |c| {
                c.with("room", json!(another_valid(c)?))
            }),
            ("another room that fits, as X Room", |c| {
                c.with("room", json!(format!("{} Room", another_valid(c)?)))
            }),
            ("with the time in 12-hour form", |c| {
                c.with_all(&[
                    ("start", json!(ampm(start(c)))),
                    ("end", json!(ampm(end(c)))),
                    ("room", json!(format!("the {} room", room(c)))),
                ])
            }),
            ("at another feasible slot", |c| {
                let (s, room) = other_feasible(c)?;
                at(c, s, Some(&room))
            }),
            // The room first, then an aside naming the room it rejects
            // (issue 21, C3).
            ("X (instead of Y, too small)", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{} (instead of {}, too small)",
                        room(c),
                        unusable(c)?
                    )),
                )
            }),
            ("X, not Y", |c| {
                c.with("room", json!(format!("{}, not {}", room(c), unusable(c)?)))
            }),
            ("X rather than Y", |c| {
                c.with(
                    "room",
                    json!(format!("{} rather than {}", room(c), other_room(c))),
                )
            }),
            ("X: Y is too small or closed", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{}: {} is too small or closed then",
                        room(c),
                        unusable(c)?
                    )),
                )
            }),
            ("X Room - over Y", |c| {
                c.with(
                    "room",
                    json!(format!("{} Room - over {}", room(c), other_room(c))),
                )
            }),
            ("X (capacity), because Y would not fit", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{} (big enough), because {} would not do",
                        room(c),
                        unusable(c)?
                    )),
                )
            }),
            // A self-correction gives the room after it (pr25-X1).
            ("U, actually X", |c| {
                c.with(
                    "room",
                    json!(format!("{}, actually {}", unusable(c)?, room(c))),
                )
            }),
            ("U, I mean X", |c| {
                c.with(
                    "room",
                    json!(format!("{}, I mean {}", unusable(c)?, room(c))),
                )
            }),
            ("U (should be X)", |c| {
                c.with(
                    "room",
                    json!(format!("{} (should be {})", unusable(c)?, room(c))),
                )
            }),
            ("U; really X", |c| {
                c.with(
                    "room",
                    json!(format!("{}; really {}", unusable(c)?, room(c))),
                )
            }),
            ("U \u{2014} actually the X room, the bigger one", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{} \u{2014} actually the {} room, the bigger one",
                        unusable(c)?,
                        room(c)
                    )),
                )
            }),
            ("U, make that X", |c| {
                c.with(
                    "room",
                    json!(format!("{}, make that {}", unusable(c)?, room(c))),
                )
            }),
            // "in fact" corrects as "actually" does (pr26-X1).
            ("U, in fact X", |c| {
                c.with(
                    "room",
                    json!(format!("{}, in fact {}", unusable(c)?, room(c))),
                )
            }),
            ("U (in fact X)", |c| {
                c.with(
                    "room",
                    json!(format!("{} (in fact {})", unusable(c)?, room(c))),
                )
            }),
            // An apology or interjection that retracts (pr31-B1).
            ("U, sorry, X: U is not free (the player's)", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{}, sorry, {}: {} is not free",
                        unusable(c)?,
                        room(c),
                        unusable(c)?
                    )),
                )
            }),
            ("U, no wait, X", |c| {
                c.with(
                    "room",
                    json!(format!("{}, no wait, {}", unusable(c)?, room(c))),
                )
            }),
            ("U (oops, X)", |c| {
                c.with(
                    "room",
                    json!(format!("{} (oops, {})", unusable(c)?, room(c))),
                )
            }),
            ("U, my mistake, the X room", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{}, my mistake, the {} room",
                        unusable(c)?,
                        room(c)
                    )),
                )
            }),
            ("X (sorry, it is the only free room)", |c| {
                c.with(
                    "room",
                    json!(format!("{} (sorry, it is the only free room)", room(c))),
                )
            }),
            ("X (actually the better room)", |c| {
                c.with(
                    "room",
                    json!(format!("{} (actually the better room)", room(c))),
                )
            }),
            ("X, actually", |c| {
                c.with("room", json!(format!("{}, actually", room(c))))
            }),
            // A correction marker behind the room it gives (pr27-X1);
            // behind no room it corrects nothing.
            ("U, X actually", |c| {
                c.with(
                    "room",
                    json!(format!("{}, {} actually", unusable(c)?, room(c))),
                )
            }),
            ("U... the X room rather", |c| {
                c.with(
                    "room",
                    json!(format!("{}... the {} room rather", unusable(c)?, room(c))),
                )
            }),
            ("X, the bigger one actually", |c| {
                c.with(
                    "room",
                    json!(format!("{}, the bigger one actually", room(c))),
                )
            }),
        ],
        fail: vec![
            // The player's (pr27-X1: "Harbor, Quartz actually").
            ("X, U actually", |c| {
                c.with(
                    "room",
                    json!(format!("{}, {} actually", room(c), unusable(c)?)),
                )
            }),
            ("X \u{2014} no, U instead", |c| {
                c.with(
                    "room",
                    json!(format!("{} \u{2014} no, {} instead", room(c), unusable(c)?)),
                )
            }),
            // A self-correction to the unusable room, or the writer
            // saying it is where the meeting should go (pr25-X1).
            ("X, actually U", |c| {
                c.with(
                    "room",
                    json!(format!("{}, actually {}", room(c), unusable(c)?)),
                )
            }),
            ("X, I mean U", |c| {
                c.with(
                    "room",
                    json!(format!("{}, I mean {}", room(c), unusable(c)?)),
                )
            }),
            ("X (should be U)", |c| {
                c.with(
                    "room",
                    json!(format!("{} (should be {})", room(c), unusable(c)?)),
                )
            }),
            ("X, but really U", |c| {
                c.with(
                    "room",
                    json!(format!("{}, but really {}", room(c), unusable(c)?)),
                )
            }),
            // The player's (pr26-X1: "Atrium, in fact Granite").
            ("X, in fact U", |c| {
                c.with(
                    "room",
                    json!(format!("{}, in fact {}", room(c), unusable(c)?)),
                )
            }),
            ("X \u{2014} no, in fact U", |c| {
                c.with(
                    "room",
                    json!(format!("{} \u{2014} no, in fact {}", room(c), unusable(c)?)),
                )
            }),
            ("X, sorry, U", |c| {
                c.with(
                    "room",
                    json!(format!("{}, sorry, {}", room(c), unusable(c)?)),
                )
            }),
            ("X, wait no, U", |c| {
                c.with(
                    "room",
                    json!(format!("{}, wait no, {}", room(c), unusable(c)?)),
                )
            }),
            // An apology that retracts nothing leaves the room as named.
            ("U (sorry, it is the only free room)", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{} (sorry, it is the only free room)",
                        unusable(c)?
                    )),
                )
            }),
            ("sorry for the delay, U", |c| {
                c.with(
                    "room",
                    json!(format!("sorry for the delay, {}", unusable(c)?)),
                )
            }),
            ("X - though U is the room we should use", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{} - though {} is the room we should use",
                        room(c),
                        unusable(c)?
                    )),
                )
            }),
            ("X, though U is where it should go", |c| {
                c.with(
                    "room",
                    json!(format!(
                        "{}, though {} is where it should go",
                        room(c),
                        unusable(c)?
                    )),
                )
            }),
            // A second room offered in an aside, or the unusable room as
            // the head.
            ("X (or Y)", |c| {
                c.with("room", json!(format!("{} (or {})", room(c), unusable(c)?)))
            }),
            ("X, maybe Y", |c| {
                c.with(
                    "room",
                    json!(format!("{}, maybe {}", room(c), unusable(c)?)),
                )
            }),
            ("X; Y as a backup", |c| {
                c.with(
                    "room",
                    json!(format!("{}; {} as a backup", room(c), unusable(c)?)),
                )
            }),
            ("X (Y could also work)", |c| {
                c.with(
                    "room",
                    json!(format!("{} ({} could also work)", room(c), unusable(c)?)),
                )
            }),
            ("X (Y)", |c| {
                c.with("room", json!(format!("{} ({})", room(c), unusable(c)?)))
            }),
            ("X, Y", |c| {
                c.with("room", json!(format!("{}, {}", room(c), unusable(c)?)))
            }),
            ("Y instead of X", |c| {
                c.with(
                    "room",
                    json!(format!("{} instead of {}", unusable(c)?, room(c))),
                )
            }),
            ("too small", |c| {
                let people = required(c).len() as u64;
                let small = c.payload["rooms"].as_array()?.iter().find(|r| {
                    r["capacity"].as_u64().unwrap_or(0) < people
                        && covered(&windows(&r["open"]), start(c), end(c))
                })?;
                c.with("room", small["name"].clone())
            }),
            ("closed at the time", |c| {
                let closed = c.payload["rooms"]
                    .as_array()?
                    .iter()
                    .find(|r| !covered(&windows(&r["open"]), start(c), end(c)))?;
                c.with("room", closed["name"].clone())
            }),
            ("X or Y", |c| {
                c.with("room", json!(format!("{} or {}", room(c), other_room(c))))
            }),
            ("a list of two", |c| {
                c.with("room", json!([room(c), other_room(c)]))
            }),
            ("X/Y", |c| {
                c.with("room", json!(format!("{}/{}", room(c), other_room(c))))
            }),
            ("every room", |c| {
                let all: Vec<&str> = c.payload["rooms"]
                    .as_array()?
                    .iter()
                    .filter_map(|r| r["name"].as_str())
                    .collect();
                c.with("room", json!(all))
            }),
            ("every room in a string", |c| {
                let all: Vec<&str> = c.payload["rooms"]
                    .as_array()?
                    .iter()
                    .filter_map(|r| r["name"].as_str())
                    .collect();
                c.with("room", json!(all.join(", ")))
            }),
            ("not in the payload", |c| c.with("room", json!("Nowhere"))),
            ("a near miss", |c| {
                let name = room(c);
                c.with("room", json!(&name[..name.len() - 1]))
            }),
            ("with a number", |c| {
                c.with("room", json!(format!("{} 2", room(c))))
            }),
            ("the instruction copied", |c| {
                c.with("room", json!(c.instruction))
            }),
            ("the payload copied", |c| {
                c.with("room", json!(c.payload_text()))
            }),
            ("any room", |c| c.with("room", json!("any room"))),
            ("empty", |c| c.with("room", json!(""))),
            ("null", |c| c.with("room", Value::Null)),
            ("missing", |c| c.without("room")),
            ("a number", |c| c.with("room", json!(1))),
            ("the wrong day", |c| c.with("day", json!(shifted_iso(c, 1)))),
            ("a hedged start", |c| {
                c.with(
                    "start",
                    json!(format!("{} or {}", hhmm(start(c)), hhmm(start(c) + 15))),
                )
            }),
            ("with a fallback", |c| {
                c.with("room", json!(format!("{} (or any free room)", room(c))))
            }),
            ("negated other", |c| {
                c.with("room", json!(format!("not {}", other_room(c))))
            }),
            ("participants missing", |c| c.without("participants")),
            ("a room object", |c| {
                c.with("room", json!({"name": room(c)}))
            }),
        ],
    }
}

#[test]
fn calendar_criteria_tables() {
    run_all(
        "medium",
        0..8,
        vec![
            day_tables(),
            duration_tables(),
            participants_tables(),
            overlap_tables(),
            availability_tables(),
            room_tables(),
        ],
    );
}

// ------------------------------------------------------------- cleaning

const NUMBER_WORDS: [&str; 13] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
];

fn table_ids(c: &Case) -> Vec<String> {
    c.payload["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| r["id"].as_str().unwrap_or_default().trim().to_lowercase())
        .collect()
}

fn distinct_ids(c: &Case) -> Vec<String> {
    let mut seen = BTreeSet::new();
    table_ids(c)
        .into_iter()
        .filter(|id| seen.insert(id.clone()))
        .collect()
}

/// The table's emails as the grader compares them: trimmed, lower case,
/// inner runs of whitespace as one space.
fn table_emails(c: &Case) -> Vec<String> {
    c.payload["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let email = r["email"].as_str().unwrap_or_default();
            email
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        })
        .collect()
}

fn valid_rows_tables() -> Table {
    fn n(c: &Case) -> u64 {
        c.answer["valid_rows"].as_u64().unwrap_or(0)
    }
    Table {
        task: "hard",
        criterion: "valid_rows",
        seeds: 0..8,
        pass: vec![
            ("a number", |c| c.with("valid_rows", json!(n(c)))),
            // The field's name and an arrow before the count
            // (play-para-pr4, B1).
            ("an arrow after the field's name", |c| {
                c.with("valid_rows", json!(format!("valid_rows -> {}", n(c))))
            }),
            ("an arrow sign after the field's words", |c| {
                c.with("valid_rows", json!(format!("Valid rows \u{2192} {}", n(c))))
            }),
            ("a string", |c| {
                c.with("valid_rows", json!(n(c).to_string()))
            }),
            ("n rows", |c| {
                c.with("valid_rows", json!(format!("{} rows", n(c))))
            }),
            ("n valid rows", |c| {
                c.with("valid_rows", json!(format!("{} valid rows", n(c))))
            }),
            ("in words", |c| {
                c.with("valid_rows", json!(NUMBER_WORDS.get(n(c) as usize)?))
            }),
            ("in words, capitalised", |c| {
                c.with(
                    "valid_rows",
                    json!(capitalized(NUMBER_WORDS.get(n(c) as usize)?)),
                )
            }),
            ("one-item list", |c| c.with("valid_rows", json!([n(c)]))),
            ("a float", |c| c.with("valid_rows", json!(n(c) as f64))),
            ("padded", |c| {
                c.with("valid_rows", json!(format!("  {} ", n(c))))
            }),
            ("with a full stop", |c| {
                c.with("valid_rows", json!(format!("{}.", n(c))))
            }),
            ("a sentence", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("there are {} valid rows", n(c))),
                )
            }),
            ("rows remain", |c| {
                c.with("valid_rows", json!(format!("{} rows remain", n(c))))
            }),
            ("rows kept", |c| {
                c.with("valid_rows", json!(format!("{} rows kept", n(c))))
            }),
            ("in brackets", |c| {
                c.with("valid_rows", json!(format!("({})", n(c))))
            }),
            ("records", |c| {
                c.with("valid_rows", json!(format!("{} records", n(c))))
            }),
            ("in total", |c| {
                c.with("valid_rows", json!(format!("{} in total", n(c))))
            }),
            ("total:", |c| {
                c.with("valid_rows", json!(format!("total: {}", n(c))))
            }),
            ("a string in a list", |c| {
                c.with("valid_rows", json!([n(c).to_string()]))
            }),
            // The count out of the table's rows (play-para-pr3, B6).
            ("n of m", |c| {
                let rows = c.payload["rows"].as_array()?.len();
                c.with("valid_rows", json!(format!("{} of {rows} rows", n(c))))
            }),
            // Emphasis marks and words that only insist on the count
            // (play-para-pr5, B2, B5).
            ("in bold, 'exactly' after", |c| {
                c.with("valid_rows", json!(format!("**{}** exactly", n(c))))
            }),
            ("'precisely' before, in italics", |c| {
                c.with("valid_rows", json!(format!("precisely _{}_", n(c))))
            }),
            // A self-correction gives the count after it (pr25-X1).
            ("one more, actually the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, actually {}", n(c) + 1, n(c))),
                )
            }),
            ("one more, but really the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, but really {}", n(c) + 1, n(c))),
                )
            }),
            ("one more (should be the count)", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{} (should be {})", n(c) + 1, n(c))),
                )
            }),
            ("two more, I mean the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, I mean {}", n(c) + 2, n(c))),
                )
            }),
            ("one more; really the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}; really {}", n(c) + 1, n(c))),
                )
            }),
            ("one more, sorry, the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, sorry, {}", n(c) + 1, n(c))),
                )
            }),
            ("one more - no wait, the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{} - no wait, {}", n(c) + 1, n(c))),
                )
            }),
            ("one more, make that the count", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, make that {}", n(c) + 1, n(c))),
                )
            }),
            ("the count (really)", |c| {
                c.with("valid_rows", json!(format!("{} (really)", n(c))))
            }),
            ("the count, actually", |c| {
                c.with("valid_rows", json!(format!("{}, actually", n(c))))
            }),
            // A correction marker behind the count it gives (pr27-X1).
            ("one more, the count actually", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, {} actually", n(c) + 1, n(c))),
                )
            }),
            ("two more; the count, I mean", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}; {}, I mean", n(c) + 2, n(c))),
                )
            }),
        ],
        fail: vec![
            // The player's (pr27-X1: "5, 6 actually").
            ("the count, one more actually", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, {} actually", n(c), n(c) + 1)),
                )
            }),
            ("the count \u{2014} no, one more in fact", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{} \u{2014} no, {} in fact", n(c), n(c) + 1)),
                )
            }),
            // A self-correction away from the count (pr25-X1).
            ("the count, actually one more", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, actually {}", n(c), n(c) + 1)),
                )
            }),
            ("the count, but really one more", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, but really {}", n(c), n(c) + 1)),
                )
            }),
            ("the count (should be one more)", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{} (should be {})", n(c), n(c) + 1)),
                )
            }),
            ("the count, I mean one more", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, I mean {}", n(c), n(c) + 1)),
                )
            }),
            ("the count, whoops, one more", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}, whoops, {}", n(c), n(c) + 1)),
                )
            }),
            ("the count; really one more", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("{}; really {}", n(c), n(c) + 1)),
                )
            }),
            ("'exactly' before one more, in bold", |c| {
                c.with("valid_rows", json!(format!("exactly **{}**", n(c) + 1)))
            }),
            ("'roughly' before, in code marks", |c| {
                c.with("valid_rows", json!(format!("roughly `{}`", n(c))))
            }),
            ("struck out", |c| {
                c.with("valid_rows", json!(format!("~~{}~~", n(c))))
            }),
            ("one more after the arrow", |c| {
                c.with("valid_rows", json!(format!("valid_rows -> {}", n(c) + 1)))
            }),
            ("two counts after the arrow", |c| {
                c.with(
                    "valid_rows",
                    json!(format!("valid_rows -> {} or {}", n(c), n(c) + 1)),
                )
            }),
            ("one fewer", |c| c.with("valid_rows", json!(n(c) - 1))),
            ("m of n", |c| {
                let rows = c.payload["rows"].as_array()?.len();
                c.with("valid_rows", json!(format!("{rows} of {}", n(c))))
            }),
            ("one more", |c| c.with("valid_rows", json!(n(c) + 1))),
            ("X or Y", |c| {
                c.with("valid_rows", json!(format!("{} or {}", n(c), n(c) + 1)))
            }),
            ("a range", |c| {
                c.with("valid_rows", json!(format!("{}-{}", n(c) - 1, n(c))))
            }),
            ("a list of two", |c| {
                c.with("valid_rows", json!([n(c), n(c) + 1]))
            }),
            ("X to Y", |c| {
                c.with("valid_rows", json!(format!("{} to {}", n(c), n(c) + 1)))
            }),
            ("about", |c| {
                c.with("valid_rows", json!(format!("about {}", n(c))))
            }),
            ("tilde", |c| {
                c.with("valid_rows", json!(format!("~{}", n(c))))
            }),
            ("negative", |c| c.with("valid_rows", json!(-(n(c) as i64)))),
            ("negative text", |c| {
                c.with("valid_rows", json!(format!("-{}", n(c))))
            }),
            ("half more", |c| {
                c.with("valid_rows", json!(n(c) as f64 + 0.5))
            }),
            ("the rules copied", |c| {
                c.with("valid_rows", json!(strings(&c.payload["rules"]).join(" ")))
            }),
            ("the instruction copied", |c| {
                c.with("valid_rows", json!(c.instruction))
            }),
            ("all", |c| c.with("valid_rows", json!("all"))),
            ("empty", |c| c.with("valid_rows", json!(""))),
            ("null", |c| c.with("valid_rows", Value::Null)),
            ("missing", |c| c.without("valid_rows")),
            ("a boolean", |c| c.with("valid_rows", json!(true))),
            ("or so", |c| {
                c.with("valid_rows", json!(format!("{} rows or so", n(c))))
            }),
            ("every row counted", |c| {
                let rows = c.payload["rows"].as_array()?.len() as u64;
                (rows != n(c)).then_some(())?;
                c.with("valid_rows", json!(rows))
            }),
            ("every distinct id counted", |c| {
                let ids = distinct_ids(c).len() as u64;
                (ids != n(c)).then_some(())?;
                c.with("valid_rows", json!(ids))
            }),
            ("the same number twice", |c| {
                c.with("valid_rows", json!(format!("{},{}", n(c), n(c))))
            }),
            ("a word one off", |c| {
                c.with("valid_rows", json!(NUMBER_WORDS.get(n(c) as usize + 1)?))
            }),
            ("an object", |c| {
                c.with("valid_rows", json!({"count": n(c)}))
            }),
        ],
    }
}

/// The pass rows of an id-list field `$key`, written once for both fields.
macro_rules! id_rows {
    ($key:literal) => {
        vec![
            ("the list", |c: &Case| c.with($key, json!(c.list($key)))),
            ("shouted", |c: &Case| {
                let ids: Vec<String> = c.list($key).iter().map(|i| i.to_uppercase()).collect();
                c.with($key, json!(ids))
            }),
            ("padded", |c: &Case| {
                let ids: Vec<String> = c.list($key).iter().map(|i| format!("  {i} ")).collect();
                c.with($key, json!(ids))
            }),
            ("comma separated", |c: &Case| {
                c.with($key, json!(c.list($key).join(", ")))
            }),
            ("a JSON list in a string", |c: &Case| {
                c.with($key, json!(json!(c.list($key)).to_string()))
            }),
            ("A, B and C", |c: &Case| {
                let ids = c.list($key);
                let (last, rest) = ids.split_last()?;
                let text = if rest.is_empty() {
                    last.clone()
                } else {
                    format!("{} and {last}", rest.join(", "))
                };
                c.with($key, json!(text))
            }),
            ("semicolons", |c: &Case| {
                c.with($key, json!(c.list($key).join("; ")))
            }),
            ("one a line", |c: &Case| {
                c.with($key, json!(c.list($key).join("\n")))
            }),
            ("shouted with spaces inside", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .map(|i| format!(" {} {} ", &i[..1], &i[1..]).to_uppercase())
                    .collect();
                c.with($key, json!(ids))
            }),
            ("a sentence with a full stop", |c: &Case| {
                c.with($key, json!(format!("{}.", c.list($key).join(", "))))
            }),
            ("capitalised in a string", |c: &Case| {
                let ids: Vec<String> = c.list($key).iter().map(|i| capitalized(i)).collect();
                c.with($key, json!(ids.join(", ")))
            }),
            ("ampersands", |c: &Case| {
                c.with($key, json!(c.list($key).join(" & ")))
            }),
            // An id item is its id; an aside is not another id, and two
            // ids in one item are both read (issue 21).
            ("asides in brackets", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .enumerate()
                    .map(|(i, id)| format!("{id} (rows {} and {})", i + 4, i + 5))
                    .collect();
                c.with($key, json!(ids))
            }),
            ("asides after a dash or a colon", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .enumerate()
                    .map(|(i, id)| match i % 2 {
                        0 => format!("{id} - row {}", i + 2),
                        _ => format!("{id}: row {}", i + 2),
                    })
                    .collect();
                c.with($key, json!(ids))
            }),
            ("asides in a written list", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .map(|id| format!("{id} (first row, and a later one)"))
                    .collect();
                c.with($key, json!(ids.join(", ")))
            }),
            ("all in one item", |c: &Case| {
                c.with($key, json!([c.list($key).join(", ")]))
            }),
            // The field's name and an arrow before the list, and the list as
            // a markdown table (play-para-pr4, B1, B2).
            ("an arrow after the field's name", |c: &Case| {
                c.with(
                    $key,
                    json!(format!("{} -> {}", $key, c.list($key).join(", "))),
                )
            }),
            ("a markdown table", |c: &Case| {
                let rows: Vec<String> = c.list($key).iter().map(|i| format!("| {i} |")).collect();
                c.with($key, json!(format!("| id |\n|---|\n{}", rows.join("\n"))))
            }),
            ("a markdown table with notes", |c: &Case| {
                let rows: Vec<String> = c
                    .list($key)
                    .iter()
                    .enumerate()
                    .map(|(i, id)| format!("| {} | {id} | see row {} |", i + 1, i + 2))
                    .collect();
                c.with(
                    $key,
                    json!(format!(
                        "| Row | ID | Note |\n|---|---|---|\n{}",
                        rows.join("\n")
                    )),
                )
            }),
            ("two to an item", |c: &Case| {
                let items: Vec<String> = c.list($key).chunks(2).map(|p| p.join(" and ")).collect();
                c.with($key, json!(items))
            }),
            // Emphasis and code marks around the items, and "plus" or "and
            // also" before the last (play-para-pr5, B2, B4).
            ("bold and italic items", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .enumerate()
                    .map(|(i, id)| match i % 3 {
                        0 => format!("**{id}**"),
                        1 => format!("_{id}_"),
                        _ => format!("***{id}***"),
                    })
                    .collect();
                c.with($key, json!(ids))
            }),
            (
                "code-marked items with 'plus' before the last",
                |c: &Case| {
                    let ids: Vec<String> = c.list($key).iter().map(|i| format!("`{i}`")).collect();
                    let (last, rest) = ids.split_last()?;
                    let text = match rest {
                        [] => last.clone(),
                        _ => format!("{} plus {last}", rest.join(", ")),
                    };
                    c.with($key, json!(text))
                },
            ),
            (
                "the list in italics with 'and also' before the last",
                |c: &Case| {
                    let ids = c.list($key);
                    let (last, rest) = ids.split_last()?;
                    let text = match rest {
                        [] => last.clone(),
                        _ => format!("{} and also {last}", rest.join(", ")),
                    };
                    c.with($key, json!(format!("*{text}*")))
                },
            ),
            // Bars and arrows between the items, list markers "n)", "(n)",
            // "a)" before them, a list in one pair of square brackets
            // inside a string (play-para-pr6 B4, B5, B6), in other wordings
            // than the player's.
            ("bars without spaces", |c: &Case| {
                c.with($key, json!(c.list($key).join("|")))
            }),
            ("an ASCII arrow chain", |c: &Case| {
                c.with($key, json!(c.list($key).join(" -> ")))
            }),
            ("a double-arrow chain", |c: &Case| {
                c.with($key, json!(c.list($key).join(" => ")))
            }),
            ("bracketed numbers inline", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .enumerate()
                    .map(|(i, id)| format!("({}) {id}", i + 1))
                    .collect();
                c.with($key, json!(ids.join(" ")))
            }),
            ("letters with a bracket, one per line", |c: &Case| {
                let ids: Vec<String> = c
                    .list($key)
                    .iter()
                    .zip('a'..='z')
                    .map(|(id, letter)| format!("{letter}) {id}"))
                    .collect();
                (ids.len() == c.list($key).len())
                    .then(|| c.with($key, json!(ids.join("\n"))))
                    .flatten()
            }),
            ("a bracketed string of quoted ids", |c: &Case| {
                let ids: Vec<String> = c.list($key).iter().map(|i| format!("'{i}'")).collect();
                c.with($key, json!(format!("[{}]", ids.join("; "))))
            }),
        ]
    };
}

/// Ways of writing a reference id list that keep it right (set and order).
fn id_list_pass_rows(key: &str) -> Vec<(&'static str, Writer)> {
    match key {
        "duplicate_ids" => id_rows!("duplicate_ids"),
        _ => id_rows!("retained_ids"),
    }
}

fn duplicate_tables() -> Table {
    fn dups(c: &Case) -> Vec<String> {
        c.list("duplicate_ids")
    }
    fn non_dup(c: &Case) -> Option<String> {
        let gold = dups(c);
        distinct_ids(c).into_iter().find(|id| !gold.contains(id))
    }
    let mut pass = id_list_pass_rows("duplicate_ids");
    pass.extend([
        (
            "reversed",
            (|c| {
                let mut ids = dups(c);
                ids.reverse();
                c.with("duplicate_ids", json!(ids))
            }) as Writer,
        ),
        ("listed twice", |c| {
            let mut ids = dups(c);
            ids.extend(dups(c));
            c.with("duplicate_ids", json!(ids))
        }),
        ("as many times as repeated", |c| {
            let ids = table_ids(c);
            let gold = dups(c);
            let mut seen = BTreeSet::new();
            let repeats: Vec<&String> = ids
                .iter()
                .filter(|id| gold.contains(id) && !seen.insert(id.as_str()))
                .collect();
            c.with("duplicate_ids", json!(repeats))
        }),
    ]);
    Table {
        task: "hard",
        criterion: "duplicate_ids",
        seeds: 0..8,
        pass,
        fail: vec![
            ("one more", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                c.with("duplicate_ids", json!(ids))
            }),
            // A wrong item in marks or after "plus" (play-para-pr5, B2, B4).
            ("one more in bold after 'plus'", |c| {
                let ids = dups(c);
                c.with(
                    "duplicate_ids",
                    json!(format!("{} plus **{}**", ids.join(", "), non_dup(c)?)),
                )
            }),
            ("a typo in bold", |c| {
                let ids: Vec<String> = dups(c).iter().map(|i| format!("**{i}0**")).collect();
                c.with("duplicate_ids", json!(ids))
            }),
            ("each struck out", |c| {
                let ids: Vec<String> = dups(c).iter().map(|i| format!("~~{i}~~")).collect();
                c.with("duplicate_ids", json!(ids))
            }),
            // A wrong id in the forms read since play-para-pr6 (B4-B6): in
            // an arrow chain, in a bracketed string, after a list marker.
            ("one more in an arrow chain", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                c.with("duplicate_ids", json!(ids.join(" \u{2192} ")))
            }),
            ("one more in a bracketed string", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                c.with("duplicate_ids", json!(format!("[{}]", ids.join(", "))))
            }),
            ("a wrong one numbered among them", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                let numbered: Vec<String> = ids
                    .iter()
                    .enumerate()
                    .map(|(i, id)| format!("{}) {id}", i + 1))
                    .collect();
                c.with("duplicate_ids", json!(numbered.join(", ")))
            }),
            ("two ids in one bar-parted element", |c| {
                let mut ids = dups(c);
                let extra = non_dup(c)?;
                let last = ids.pop()?;
                ids.push(format!("{last} | {extra}"));
                c.with("duplicate_ids", json!(ids))
            }),
            ("only an aside in brackets", |c| {
                c.with("duplicate_ids", json!(format!("({})", dups(c).join(", "))))
            }),
            ("one more after the arrow", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                c.with(
                    "duplicate_ids",
                    json!(format!("duplicate_ids -> {}", ids.join(", "))),
                )
            }),
            ("a markdown table with an extra row", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                let rows: Vec<String> = ids.iter().map(|i| format!("| {i} |")).collect();
                c.with(
                    "duplicate_ids",
                    json!(format!("| id |\n|---|\n{}", rows.join("\n"))),
                )
            }),
            ("one fewer", |c| {
                let mut ids = dups(c);
                ids.pop();
                c.with("duplicate_ids", json!(ids))
            }),
            ("every id", |c| {
                c.with("duplicate_ids", json!(distinct_ids(c)))
            }),
            ("every row's id", |c| {
                c.with("duplicate_ids", json!(table_ids(c)))
            }),
            ("empty", |c| c.with("duplicate_ids", json!([]))),
            ("a wrong one instead", |c| {
                c.with("duplicate_ids", json!([non_dup(c)?]))
            }),
            ("a typo", |c| {
                let ids: Vec<String> = dups(c).iter().map(|i| format!("{i}0")).collect();
                c.with("duplicate_ids", json!(ids))
            }),
            ("all in one item", |c| {
                let mut ids = dups(c);
                ids.push(non_dup(c)?);
                c.with("duplicate_ids", json!([ids.join(", ")]))
            }),
            ("X or Y", |c| {
                c.with(
                    "duplicate_ids",
                    json!([format!("{} or {}", dups(c)[0], non_dup(c)?)]),
                )
            }),
            ("none", |c| c.with("duplicate_ids", json!("none"))),
            ("numbers", |c| c.with("duplicate_ids", json!([1, 2]))),
            ("the rows copied", |c| {
                c.with("duplicate_ids", json!(c.payload["rows"].to_string()))
            }),
            ("the instruction copied", |c| {
                c.with("duplicate_ids", json!(c.instruction))
            }),
            ("the payload copied", |c| {
                c.with("duplicate_ids", json!(c.payload_text()))
            }),
            ("missing", |c| c.without("duplicate_ids")),
            ("a boolean", |c| c.with("duplicate_ids", json!(true))),
            ("an object", |c| {
                c.with("duplicate_ids", json!({"ids": dups(c)}))
            }),
            ("emails instead", |c| {
                c.with("duplicate_ids", json!(table_emails(c)[..2]))
            }),
            ("the retained ids instead", |c| {
                c.with("duplicate_ids", c.answer["retained_ids"].clone())
            }),
            ("every id in a string", |c| {
                c.with("duplicate_ids", json!(distinct_ids(c).join(", ")))
            }),
        ],
    }
}

fn invalid_email_tables() -> Table {
    fn bad(c: &Case) -> Vec<String> {
        c.list("invalid_emails")
    }
    fn a_valid(c: &Case) -> Option<String> {
        let gold = bad(c);
        table_emails(c)
            .into_iter()
            .find(|e| !gold.contains(e) && e.contains('@') && !e.contains(' '))
    }
    /// Emails that are invalid but on rows dropped as duplicates: the trap
    /// of applying the rules out of order.
    fn trap(c: &Case) -> Option<String> {
        let gold = bad(c);
        table_emails(c)
            .into_iter()
            .find(|e| !gold.contains(e) && !env_wasm::productivity::cleaning::is_valid_email(e))
    }
    Table {
        task: "hard",
        criterion: "invalid_emails",
        seeds: 0..8,
        pass: vec![
            ("the list", |c| c.with("invalid_emails", json!(bad(c)))),
            // Emphasis or code marks around each email, "plus" before the
            // last (play-para-pr5, B2, B4).
            ("in italics, 'plus' before the last", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| format!("*{e}*")).collect();
                let (last, rest) = e.split_last()?;
                let text = match rest {
                    [] => last.clone(),
                    _ => format!("{} plus {last}", rest.join(", ")),
                };
                c.with("invalid_emails", json!(text))
            }),
            ("in code marks and bold", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| format!("**`{e}`**")).collect();
                c.with("invalid_emails", json!(e))
            }),
            // One pair of angle brackets around each address (the lead's
            // decision on play-para-pr6 C1), bars or numbers between them
            // (B4, B5), in other wordings than the player's.
            ("in angle brackets, one string parted by bars", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| format!("<{e}>")).collect();
                c.with("invalid_emails", json!(e.join(" | ")))
            }),
            ("numbered '(n)' inline", |c| {
                let e: Vec<String> = bad(c)
                    .iter()
                    .enumerate()
                    .map(|(i, e)| format!("({}) {e}", i + 1))
                    .collect();
                c.with("invalid_emails", json!(e.join(" ")))
            }),
            ("shouted", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| e.to_uppercase()).collect();
                c.with("invalid_emails", json!(e))
            }),
            ("padded", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| format!(" {e}  ")).collect();
                c.with("invalid_emails", json!(e))
            }),
            ("comma separated", |c| {
                c.with("invalid_emails", json!(bad(c).join(", ")))
            }),
            ("semicolons", |c| {
                c.with("invalid_emails", json!(bad(c).join("; ")))
            }),
            ("a JSON list in a string", |c| {
                c.with("invalid_emails", json!(json!(bad(c)).to_string()))
            }),
            ("reversed", |c| {
                let mut e = bad(c);
                e.reverse();
                c.with("invalid_emails", json!(e))
            }),
            ("listed twice", |c| {
                let mut e = bad(c);
                e.extend(bad(c));
                c.with("invalid_emails", json!(e))
            }),
            ("one a line", |c| {
                c.with("invalid_emails", json!(bad(c).join("\n")))
            }),
            ("as the table writes them", |c| {
                let gold = bad(c);
                let raw: Vec<String> = c.payload["rows"]
                    .as_array()?
                    .iter()
                    .filter_map(|r| r["email"].as_str())
                    .filter(|e| {
                        let folded = e.split_whitespace().collect::<Vec<_>>().join(" ");
                        gold.contains(&folded.to_lowercase())
                    })
                    .map(str::to_owned)
                    .collect();
                c.with("invalid_emails", json!(raw))
            }),
            // The field's name and an arrow before the list, and the list as
            // a markdown table (play-para-pr4, B1, B2).
            ("an arrow after the field's name", |c| {
                c.with(
                    "invalid_emails",
                    json!(format!("invalid_emails -> {}", bad(c).join(", "))),
                )
            }),
            ("a markdown table", |c| {
                let rows: Vec<String> = bad(c).iter().map(|e| format!("| {e} |")).collect();
                c.with(
                    "invalid_emails",
                    json!(format!("| email |\n|---|\n{}", rows.join("\n"))),
                )
            }),
            ("joined by and", |c| {
                c.with("invalid_emails", json!(bad(c).join(" and ")))
            }),
            ("capitalised", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| capitalized(e)).collect();
                c.with("invalid_emails", json!(e))
            }),
            // A mailbox, a display name and then the address in angle
            // brackets, is that address (play-para-pr9 C2, the lead's
            // decision).
            ("a name before each address in angle brackets", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| format!("Row owner <{e}>")).collect();
                c.with("invalid_emails", json!(e))
            }),
        ],
        fail: vec![
            ("a valid one added", |c| {
                let mut e = bad(c);
                e.push(a_valid(c)?);
                c.with("invalid_emails", json!(e))
            }),
            // Angle brackets are the address's delimiter only (play-para-pr6
            // C1): a valid address in them is still wrong, as it is in a
            // mailbox, and two pairs are not one.
            ("a valid one added in angle brackets", |c| {
                let mut e: Vec<String> = bad(c).iter().map(|e| format!("<{e}>")).collect();
                e.push(format!("<{}>", a_valid(c)?));
                c.with("invalid_emails", json!(e))
            }),
            ("a valid one added as a mailbox", |c| {
                let mut e: Vec<String> =
                    bad(c).iter().map(|e| format!("Row owner <{e}>")).collect();
                e.push(format!("Row owner <{}>", a_valid(c)?));
                c.with("invalid_emails", json!(e))
            }),
            ("two pairs of angle brackets", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| format!("<<{e}>>")).collect();
                c.with("invalid_emails", json!(e))
            }),
            ("a valid one added after a bar", |c| {
                let mut e = bad(c);
                e.push(a_valid(c)?);
                c.with("invalid_emails", json!(e.join(" | ")))
            }),
            ("a markdown table with a valid row", |c| {
                let mut e = bad(c);
                e.push(a_valid(c)?);
                let rows: Vec<String> = e.iter().map(|e| format!("| {e} |")).collect();
                c.with(
                    "invalid_emails",
                    json!(format!("| email |\n|---|\n{}", rows.join("\n"))),
                )
            }),
            ("one left out", |c| {
                let mut e = bad(c);
                e.pop();
                c.with("invalid_emails", json!(e))
            }),
            ("every email", |c| {
                c.with("invalid_emails", json!(table_emails(c)))
            }),
            ("empty", |c| c.with("invalid_emails", json!([]))),
            ("the duplicates' bad emails too", |c| {
                let mut e = bad(c);
                e.push(trap(c)?);
                c.with("invalid_emails", json!(e))
            }),
            ("a near miss", |c| {
                let e: Vec<String> = bad(c).iter().map(|e| e[1..].to_owned()).collect();
                c.with("invalid_emails", json!(e))
            }),
            ("repaired", |c| {
                let e: Vec<String> = bad(c)
                    .iter()
                    .map(|e| e.replace(' ', ".").replace("@@", "@"))
                    .collect();
                (e != bad(c)).then_some(())?;
                c.with("invalid_emails", json!(e))
            }),
            ("all in one item", |c| {
                let mut e = bad(c);
                e.push(a_valid(c)?);
                c.with("invalid_emails", json!([e.join(", ")]))
            }),
            ("none", |c| c.with("invalid_emails", json!("none"))),
            ("the rules copied", |c| {
                c.with("invalid_emails", c.payload["rules"].clone())
            }),
            ("ids instead", |c| {
                c.with("invalid_emails", json!(distinct_ids(c)))
            }),
            ("the payload copied", |c| {
                c.with("invalid_emails", json!(c.payload_text()))
            }),
            ("the instruction copied", |c| {
                c.with("invalid_emails", json!(c.instruction))
            }),
            ("missing", |c| c.without("invalid_emails")),
            ("a number", |c| c.with("invalid_emails", json!(2))),
            ("a valid one instead", |c| {
                c.with("invalid_emails", json!([a_valid(c)?]))
            }),
            ("every email in a string", |c| {
                c.with("invalid_emails", json!(table_emails(c).join(", ")))
            }),
            ("X or Y", |c| {
                c.with(
                    "invalid_emails",
                    json!([format!("{} or {}", bad(c)[0], a_valid(c)?)]),
                )
            }),
        ],
    }
}

fn total_tables() -> Table {
    /// The gold total in cents.
    fn cents(c: &Case) -> i64 {
        let text = c.text("normalized_total");
        let (whole, frac) = text.split_once('.').unwrap_or((&text, "0"));
        whole.parse::<i64>().unwrap_or(0) * 100 + frac.parse::<i64>().unwrap_or(0)
    }
    fn plain(cents: i64) -> String {
        format!("{}.{:02}", cents / 100, cents % 100)
    }
    fn grouped(cents: i64) -> String {
        let digits = (cents / 100).to_string();
        let mut out = String::new();
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        format!("{out}.{:02}", cents % 100)
    }
    fn total(c: &Case, value: Value) -> Option<Value> {
        c.with("normalized_total", value)
    }
    /// Whole dollars or cents in words.
    fn words(n: i64) -> String {
        in_words(n.unsigned_abs())
    }
    Table {
        task: "hard",
        criterion: "normalized_total",
        seeds: 0..8,
        pass: vec![
            ("two places", |c| total(c, json!(plain(cents(c))))),
            ("a JSON number", |c| {
                total(c, serde_json::from_str(&plain(cents(c))).ok()?)
            }),
            ("dollar and commas", |c| {
                total(c, json!(format!("${}", grouped(cents(c)))))
            }),
            ("USD before", |c| {
                total(c, json!(format!("USD {}", plain(cents(c)))))
            }),
            ("USD after", |c| {
                total(c, json!(format!("{} USD", plain(cents(c)))))
            }),
            ("commas only", |c| total(c, json!(grouped(cents(c))))),
            ("padded", |c| {
                total(c, json!(format!("  {} ", plain(cents(c)))))
            }),
            ("US$", |c| {
                total(c, json!(format!("US${}", grouped(cents(c)))))
            }),
            ("one-item list", |c| total(c, json!([plain(cents(c))]))),
            ("three places", |c| {
                total(c, json!(format!("{}0", plain(cents(c)))))
            }),
            ("three places, rounding up", |c| {
                let below = cents(c) - 1;
                total(c, json!(format!("{}5", plain(below))))
            }),
            ("three places, rounding down", |c| {
                total(c, json!(format!("{}4", plain(cents(c)))))
            }),
            ("dollar, no commas", |c| {
                total(c, json!(format!("${}", plain(cents(c)))))
            }),
            ("dollar then a space", |c| {
                total(c, json!(format!("$ {}", grouped(cents(c)))))
            }),
            ("lower-case usd", |c| {
                total(c, json!(format!("usd {}", grouped(cents(c)))))
            }),
            ("dollars after", |c| {
                total(c, json!(format!("{} dollars", plain(cents(c)))))
            }),
            ("one place when it is enough", |c| {
                (cents(c) % 10 == 0).then_some(())?;
                total(
                    c,
                    json!(format!("{}.{}", cents(c) / 100, cents(c) % 100 / 10)),
                )
            }),
            ("a whole number when it is enough", |c| {
                (cents(c) % 100 == 0).then_some(())?;
                total(c, json!(cents(c) / 100))
            }),
            // The field's name and an arrow, the currency after "in", and
            // the amount in words (play-para-pr4, B1, B3, B4).
            ("an arrow after the field's name", |c| {
                total(c, json!(format!("normalized_total -> {}", plain(cents(c)))))
            }),
            ("an arrow after the field's last word", |c| {
                total(c, json!(format!("Total => ${}", grouped(cents(c)))))
            }),
            ("in US dollars", |c| {
                total(c, json!(format!("${} in US dollars", grouped(cents(c)))))
            }),
            ("in USD", |c| {
                total(c, json!(format!("{} in USD", plain(cents(c)))))
            }),
            ("in words, dollars and cents", |c| {
                total(
                    c,
                    json!(format!(
                        "{} dollars and {} cents",
                        words(cents(c) / 100),
                        words(cents(c) % 100)
                    )),
                )
            }),
            ("in words, a cheque's cents", |c| {
                total(
                    c,
                    json!(format!(
                        "{} and {:02}/100 US dollars",
                        capitalized(&words(cents(c) / 100)),
                        cents(c) % 100
                    )),
                )
            }),
            ("in words, two figures of cents", |c| {
                total(
                    c,
                    json!(format!(
                        "{} dollars {:02}",
                        words(cents(c) / 100),
                        cents(c) % 100
                    )),
                )
            }),
            ("in words, point and digits", |c| {
                let digits = [
                    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                ];
                let (tenths, hundredths) =
                    ((cents(c) % 100 / 10) as usize, (cents(c) % 10) as usize);
                total(
                    c,
                    json!(format!(
                        "{} point {} {}",
                        words(cents(c) / 100),
                        digits[tenths],
                        digits[hundredths]
                    )),
                )
            }),
            ("a float number", |c| {
                total(c, json!(cents(c) as f64 / 100.0))
            }),
            // Emphasis or code marks, and words that only insist on the
            // amount before or after it (play-para-pr5, B2, B5, C1).
            ("in bold italics with 'exactly' after", |c| {
                total(c, json!(format!("***${}*** exactly", grouped(cents(c)))))
            }),
            // The sign after the amount (play-para-pr6 B7), other
            // wordings than the player's.
            ("the sign after a grouped amount, spaced", |c| {
                total(c, json!(format!("{} $", grouped(cents(c)))))
            }),
            ("the sign after, in bold", |c| {
                total(c, json!(format!("**{}$**", plain(cents(c)))))
            }),
            ("'precisely' after USD", |c| {
                total(c, json!(format!("USD {} precisely", plain(cents(c)))))
            }),
            ("'exactly' before, in code marks", |c| {
                total(c, json!(format!("Exactly `{}`", plain(cents(c)))))
            }),
            ("'a total of' before", |c| {
                total(c, json!(format!("a total of US${}", grouped(cents(c)))))
            }),
            ("'to the cent' after", |c| {
                total(c, json!(format!("{} dollars to the cent", plain(cents(c)))))
            }),
            ("the label in bold, 'exact' after", |c| {
                total(
                    c,
                    json!(format!("**Total:** {} USD exact", grouped(cents(c)))),
                )
            }),
            // A self-correction gives the total after it (pr25-X1).
            ("a dollar more, actually the total", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, actually {}",
                        plain(cents(c) + 100),
                        plain(cents(c))
                    )),
                )
            }),
            // An apology that retracts (pr31-B1: "10096.56, sorry -
            // 10096.57").
            ("a cent less, sorry - the total (the player's)", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, sorry - {}",
                        plain(cents(c) - 1),
                        plain(cents(c))
                    )),
                )
            }),
            ("a dollar more, oops, the total", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, oops, {}",
                        plain(cents(c) + 100),
                        plain(cents(c))
                    )),
                )
            }),
            ("a dollar more, I mean the total", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, I mean {}",
                        plain(cents(c) + 100),
                        plain(cents(c))
                    )),
                )
            }),
            ("a dollar more (should be the total)", |c| {
                total(
                    c,
                    json!(format!(
                        "{} (should be {})",
                        plain(cents(c) + 100),
                        plain(cents(c))
                    )),
                )
            }),
            ("a dollar more; really the total", |c| {
                total(
                    c,
                    json!(format!(
                        "{}; really ${}",
                        plain(cents(c) + 100),
                        grouped(cents(c))
                    )),
                )
            }),
            ("a dollar more, but really the total", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, but really {}",
                        plain(cents(c) + 100),
                        plain(cents(c))
                    )),
                )
            }),
            ("a dollar more \u{2014} actually the total", |c| {
                total(
                    c,
                    json!(format!(
                        "{} \u{2014} actually {}",
                        plain(cents(c) + 100),
                        plain(cents(c))
                    )),
                )
            }),
            ("the total, actually", |c| {
                total(c, json!(format!("{}, actually", plain(cents(c)))))
            }),
            ("the total (really)", |c| {
                total(c, json!(format!("{} (really)", plain(cents(c)))))
            }),
        ],
        fail: vec![
            // A self-correction away from the total (pr25-X1).
            ("the total, actually a dollar more", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, actually {}",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("the total, sorry - a cent more", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, sorry - {}",
                        plain(cents(c)),
                        plain(cents(c) + 1)
                    )),
                )
            }),
            ("a cent more, sorry for the rounding", |c| {
                total(
                    c,
                    json!(format!("{}, sorry for the rounding", plain(cents(c) + 1))),
                )
            }),
            ("the total, I mean a dollar more", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, I mean {}",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("the total (should be a dollar more)", |c| {
                total(
                    c,
                    json!(format!(
                        "{} (should be {})",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("the total, but really a dollar more", |c| {
                total(
                    c,
                    json!(format!(
                        "{}, but really {}",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("the total; really a dollar more", |c| {
                total(
                    c,
                    json!(format!(
                        "{}; really {}",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("a cent more", |c| total(c, json!(plain(cents(c) + 1)))),
            // Insisting words or marks around a wrong or hedged amount
            // (play-para-pr5, B5, C1).
            // The sign after a wrong amount, or another currency's sign
            // (play-para-pr6 B7): only the task's currency reads.
            ("the sign after a cent more", |c| {
                total(c, json!(format!("{}$", plain(cents(c) + 1))))
            }),
            ("the euro sign after", |c| {
                total(c, json!(format!("{} \u{20ac}", plain(cents(c)))))
            }),
            ("two amounts with the sign after", |c| {
                total(
                    c,
                    json!(format!(
                        "{}$ or {}$",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("'exactly' after a cent more", |c| {
                total(c, json!(format!("{} exactly", plain(cents(c) + 1))))
            }),
            ("'precisely' before a dollar more in bold", |c| {
                total(
                    c,
                    json!(format!("precisely **${}**", grouped(cents(c) + 100))),
                )
            }),
            ("'approximately' before", |c| {
                total(c, json!(format!("approximately ${}", grouped(cents(c)))))
            }),
            ("'roughly' after", |c| {
                total(c, json!(format!("{} USD roughly", plain(cents(c)))))
            }),
            ("'around' before, in bold", |c| {
                total(c, json!(format!("**around {}**", plain(cents(c)))))
            }),
            ("a tilde in code marks", |c| {
                total(c, json!(format!("`~{}`", plain(cents(c)))))
            }),
            ("'exactly' with two amounts", |c| {
                total(
                    c,
                    json!(format!(
                        "exactly {} or {}",
                        plain(cents(c)),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("struck out", |c| {
                total(c, json!(format!("~~{}~~", plain(cents(c)))))
            }),
            ("in words, a cent more", |c| {
                let more = cents(c) + 1;
                total(
                    c,
                    json!(format!(
                        "{} dollars and {} cents",
                        words(more / 100),
                        words(more % 100)
                    )),
                )
            }),
            ("in words, a hedge", |c| {
                total(
                    c,
                    json!(format!(
                        "{} or {} dollars",
                        words(cents(c) / 100),
                        words(cents(c) / 100 + 1)
                    )),
                )
            }),
            ("in words, one figure of cents", |c| {
                (cents(c) % 10 != 0).then_some(())?;
                total(
                    c,
                    json!(format!(
                        "{} dollars {}",
                        words(cents(c) / 100),
                        cents(c) % 100 / 10
                    )),
                )
            }),
            ("in euros", |c| {
                total(c, json!(format!("{} in euros", plain(cents(c)))))
            }),
            ("a wrong amount after the arrow", |c| {
                total(c, json!(format!("total -> {}", plain(cents(c) + 100))))
            }),
            ("in US dollars, a hedge", |c| {
                total(
                    c,
                    json!(format!(
                        "{} or {} in US dollars",
                        plain(cents(c)),
                        plain(cents(c) + 1)
                    )),
                )
            }),
            ("a cent less", |c| total(c, json!(plain(cents(c) - 1)))),
            ("in cents", |c| total(c, json!(cents(c).to_string()))),
            ("a range", |c| {
                total(
                    c,
                    json!(format!(
                        "${}-${}",
                        plain(cents(c) - 100),
                        plain(cents(c) + 100)
                    )),
                )
            }),
            ("X or Y", |c| {
                total(
                    c,
                    json!(format!("{} or {}", plain(cents(c)), plain(cents(c) + 100))),
                )
            }),
            ("a list of two", |c| {
                total(c, json!([plain(cents(c)), plain(cents(c) + 1)]))
            }),
            ("decimal comma", |c| {
                total(c, json!(plain(cents(c)).replace('.', ",")))
            }),
            ("European grouping", |c| {
                (cents(c) >= 100_000).then_some(())?;
                total(
                    c,
                    json!(grouped(cents(c)).replace(',', " ").replace('.', ",")),
                )
            }),
            ("bad grouping", |c| {
                // Commas every two digits: `100,87.42`, `5,61.40`.
                let p = plain(cents(c));
                let (whole, fraction) = p.split_once('.')?;
                (whole.len() >= 2).then_some(())?;
                let cut = whole.len() - 2;
                total(
                    c,
                    json!(format!("{},{}.{fraction}", &whole[..cut], &whole[cut..])),
                )
            }),
            ("every row summed", |c| {
                let all: i64 = c.payload["rows"]
                    .as_array()?
                    .iter()
                    .filter_map(|r| r["amount"].as_str())
                    .filter_map(env_wasm::grading::parse_cents)
                    .sum();
                (all != cents(c)).then_some(())?;
                total(c, json!(plain(all)))
            }),
            ("truncated to a dime", |c| {
                (cents(c) % 10 != 0).then_some(())?;
                total(
                    c,
                    json!(format!("{}.{}", cents(c) / 100, cents(c) % 100 / 10)),
                )
            }),
            ("negative", |c| {
                total(c, json!(format!("-{}", plain(cents(c)))))
            }),
            ("approximately", |c| {
                total(c, json!(format!("approx {}", plain(cents(c)))))
            }),
            ("the rules copied", |c| total(c, c.payload["rules"].clone())),
            ("the instruction copied", |c| total(c, json!(c.instruction))),
            ("empty", |c| total(c, json!(""))),
            ("null", |c| total(c, Value::Null)),
            ("missing", |c| c.without("normalized_total")),
            ("a boolean", |c| total(c, json!(true))),
            ("not available", |c| total(c, json!("N/A"))),
            ("two amounts", |c| {
                total(c, json!(format!("{} {}", plain(cents(c)), plain(cents(c)))))
            }),
            ("whole dollars only", |c| {
                (cents(c) % 100 != 0).then_some(())?;
                total(c, json!(cents(c) / 100))
            }),
            ("an object", |c| total(c, json!({"usd": plain(cents(c))}))),
        ],
    }
}

fn retained_fail_rows() -> Vec<(&'static str, Writer)> {
    fn kept(c: &Case) -> Vec<String> {
        c.list("retained_ids")
    }
    fn dropped(c: &Case) -> Option<String> {
        let gold = kept(c);
        distinct_ids(c).into_iter().find(|id| !gold.contains(id))
    }
    vec![
        ("every distinct id", |c| {
            c.with("retained_ids", json!(distinct_ids(c)))
        }),
        ("every row's id", |c| {
            c.with("retained_ids", json!(table_ids(c)))
        }),
        ("one left out", |c| {
            let mut ids = kept(c);
            ids.pop();
            c.with("retained_ids", json!(ids))
        }),
        ("a dropped one added", |c| {
            let mut ids = kept(c);
            ids.push(dropped(c)?);
            c.with("retained_ids", json!(ids))
        }),
        ("empty", |c| c.with("retained_ids", json!([]))),
        ("all in one item, a dropped one added", |c| {
            let mut ids = kept(c);
            ids.push(dropped(c)?);
            c.with("retained_ids", json!([ids.join(", ")]))
        }),
        ("a dropped one with a kept one in its aside", |c| {
            let mut ids = kept(c);
            ids[0] = format!("{} ({})", dropped(c)?, ids[0]);
            c.with("retained_ids", json!(ids))
        }),
        ("the instruction copied", |c| {
            c.with("retained_ids", json!(c.instruction))
        }),
        ("the payload copied", |c| {
            c.with("retained_ids", json!(c.payload_text()))
        }),
        ("numbers", |c| c.with("retained_ids", json!([1, 2, 3]))),
        ("missing", |c| c.without("retained_ids")),
        ("a typo in each", |c| {
            let ids: Vec<String> = kept(c).iter().map(|i| format!("{i}x")).collect();
            c.with("retained_ids", json!(ids))
        }),
        ("the duplicates instead", |c| {
            c.with("retained_ids", c.answer["duplicate_ids"].clone())
        }),
        ("X or Y for one", |c| {
            let mut ids = kept(c);
            ids[0] = format!("{} or {}", ids[0], dropped(c)?);
            c.with("retained_ids", json!(ids))
        }),
        ("a boolean", |c| c.with("retained_ids", json!(false))),
        ("an object", |c| {
            c.with("retained_ids", json!({"ids": kept(c)}))
        }),
    ]
}

fn retained_tables() -> Table {
    let mut pass = id_list_pass_rows("retained_ids");
    pass.extend([
        (
            "reversed",
            (|c| {
                let mut ids = c.list("retained_ids");
                ids.reverse();
                c.with("retained_ids", json!(ids))
            }) as Writer,
        ),
        ("sorted", |c| {
            let mut ids = c.list("retained_ids");
            env_wasm::order::sort(&mut ids);
            c.with("retained_ids", json!(ids))
        }),
        ("one repeated", |c| {
            let mut ids = c.list("retained_ids");
            ids.push(ids[0].clone());
            c.with("retained_ids", json!(ids))
        }),
    ]);
    Table {
        task: "hard",
        criterion: "retained_ids",
        seeds: 0..8,
        pass,
        fail: retained_fail_rows(),
    }
}

fn retained_order_tables() -> Table {
    let mut fail = retained_fail_rows();
    fail.extend([
        (
            "reversed",
            (|c| {
                let mut ids = c.list("retained_ids");
                ids.reverse();
                (ids != c.list("retained_ids")).then_some(())?;
                c.with("retained_ids", json!(ids))
            }) as Writer,
        ),
        ("the first two swapped", |c| {
            let mut ids = c.list("retained_ids");
            (ids.len() >= 2).then_some(())?;
            ids.swap(0, 1);
            c.with("retained_ids", json!(ids))
        }),
        ("sorted", |c| {
            let mut ids = c.list("retained_ids");
            env_wasm::order::sort(&mut ids);
            (ids != c.list("retained_ids")).then_some(())?;
            c.with("retained_ids", json!(ids))
        }),
        ("one repeated", |c| {
            let mut ids = c.list("retained_ids");
            ids.push(ids[0].clone());
            c.with("retained_ids", json!(ids))
        }),
        ("the first repeated at once", |c| {
            let mut ids = c.list("retained_ids");
            ids.insert(1, ids[0].to_uppercase());
            c.with("retained_ids", json!(ids))
        }),
    ]);
    Table {
        task: "hard",
        criterion: "retained_ids_order",
        seeds: 0..8,
        pass: id_list_pass_rows("retained_ids"),
        fail,
    }
}

#[test]
fn cleaning_criteria_tables() {
    run_all(
        "hard",
        0..8,
        vec![
            valid_rows_tables(),
            duplicate_tables(),
            invalid_email_tables(),
            total_tables(),
            retained_tables(),
            retained_order_tables(),
        ],
    );
}
