//! Acceptance suite for `it_mental_health`, written from outside the
//! grader: episodes run only through the JSON seam; the truth of a seed
//! comes from the observation (the case card and the stated rubric) and the
//! reference policy's answer (its dimensions, severity, escalation and
//! tiers). Every answer below is built in our own wording.
//!
//! Each table row checks one criterion of the final `score_breakdown` (or,
//! for whole-answer copies, the task score): natural right answers (chat
//! markdown, tables, terse, prose, British and American spellings,
//! synonyms) must earn it in full; exploits (hedges, stuffing, copying the
//! case, generic and everything answers) must not. Tables print their size
//! and pass count (`-- --nocapture`).
#![cfg(not(target_arch = "wasm32"))]

mod acceptance_common;

use std::collections::BTreeSet;

use acceptance_common::{EPS, Table, criterion, f1, start, step};
use env_wasm::dates::MONTHS;
use env_wasm::rng::SeededRng;
use serde_json::{Value, json};

const SEEDS: u64 = 24;

fn reference_answer(task: &str, seed: u64) -> (Value, String) {
    let (env, obs) = start("it_mental_health", task, seed);
    let action = env
        .policy_action("reference", &mut SeededRng::new(seed, 9))
        .expect("reference answers");
    let response = action["response"].as_str().unwrap_or_default().to_owned();
    (obs, response)
}

/// Play one answer; the final observation.
fn play(task: &str, seed: u64, response: &str) -> Value {
    let (mut env, _) = start("it_mental_health", task, seed);
    let (obs, _, done) = step(&mut env, &json!({"response": response, "task_id": task}));
    assert!(done, "a single-task episode ends with its answer");
    obs
}

fn score_of(obs: &Value) -> f64 {
    obs["terminal_grader"]
        .as_f64()
        .or_else(|| obs["graded"]["score"].as_f64())
        .unwrap_or(0.0)
}

fn describe(task: &str, seed: u64, answer: &str, obs: &Value, what: &str) -> String {
    format!(
        "[{task} seed {seed}] {what}\nanswer: {answer:?}\nbreakdown: {}\nfeedback: {}",
        obs["score_breakdown"],
        obs["feedback"].as_str().unwrap_or_default()
    )
}

fn numbers(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            current.push(c);
        } else if !current.is_empty() {
            out.push(current.parse().unwrap_or(0));
            current.clear();
        }
    }
    out
}

fn line_after<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(label))
        .map(str::trim)
        .unwrap_or_default()
}

fn join_and(items: &[String], word: &str) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {word} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---------------------------------------------------------------------------
// burnout_detection
// ---------------------------------------------------------------------------

const BURNOUT: &str = "burnout_detection";

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Dim {
    Exhaustion,
    Depersonalization,
    Accomplishment,
}

const DIMS: [Dim; 3] = [Dim::Exhaustion, Dim::Depersonalization, Dim::Accomplishment];

impl Dim {
    /// Names a person would use for the dimension (variant `k`).
    fn name(self, k: usize) -> &'static str {
        let options: &[&str] = match self {
            Dim::Exhaustion => &["exhaustion", "emotional exhaustion", "exhaustion"],
            Dim::Depersonalization => &["depersonalization", "depersonalisation", "cynicism"],
            Dim::Accomplishment => &[
                "reduced personal accomplishment",
                "a reduced sense of personal accomplishment",
                "reduced professional efficacy",
            ],
        };
        options[k % options.len()]
    }
}

const SEVERITIES: [&str; 4] = ["Low", "Moderate", "High", "Critical"];

/// A concerning fact as we would write it, with its rank (the order a
/// careful reader lists red flags in) and concept.
#[derive(Debug, Clone)]
struct Flag {
    rank: u32,
    concept: String,
    ours: [String; 2],
}

#[derive(Debug, Clone)]
struct Burnout {
    seed: u64,
    scenario: String,
    first: String,
    dims: BTreeSet<Dim>,
    severity: usize,
    points: u64,
    parts: [u64; 4],
    escalate: bool,
    flags: Vec<Flag>,
    calm: Vec<String>,
}

/// Our paraphrase of a symptom or health sentence of the case: (rank,
/// concept, two wordings). Keyed on the generator's sentence shapes.
fn paraphrase(sentence: &str) -> Option<(u32, &'static str, [String; 2])> {
    let n = numbers(sentence);
    let n0 = n.first().copied().unwrap_or(2);
    let n1 = n.get(1).copied().unwrap_or(n0 + 1);
    let s = sentence.to_lowercase();
    let sign = |c: &'static str, a: String, b: String| Some((3, c, [a, b]));
    let health = |c: &'static str, a: String, b: String| Some((4, c, [a, b]));
    if s.contains("dozed off") {
        sign(
            "exhaustion",
            format!("Has nodded off in {n0} afternoon meetings this month"),
            format!("Fell asleep in {n0} afternoon meetings this month"),
        )
    } else if s.contains("coffees") {
        sign(
            "exhaustion",
            format!("Visibly worn out by midweek and relying on {n0} coffees each morning"),
            format!("Looks shattered by Wednesday; needs {n0} coffees to get going"),
        )
    } else if s.contains("skip the evening release") {
        sign(
            "exhaustion",
            "Asked twice to skip evening releases because they feel completely drained".into(),
            "Too drained to do evening releases (asked twice to skip them)".into(),
        )
    } else if s.contains("whole weekend to recover") {
        sign(
            "exhaustion",
            "Needs the entire weekend just to recover energy for Monday".into(),
            "Spends every weekend recovering their energy".into(),
        )
    } else if s.contains("too tired to talk") {
        sign(
            "exhaustion",
            "Too tired to talk before 10 and turning up late to stand-up".into(),
            "Arrives late to stand-up, too tired for conversation before ten".into(),
        )
    } else if s.contains("running on empty") {
        sign(
            "exhaustion",
            "Says they are running on empty by the middle of every week".into(),
            "Running on empty by Wednesday, in their own words".into(),
        )
    } else if s.contains("wake up exhausted") {
        sign(
            "exhaustion",
            "Wakes up exhausted however long they rest".into(),
            "Feels exhausted from the moment they get up".into(),
        )
    } else if s.contains("nothing left in the tank") {
        sign(
            "exhaustion",
            "Says they have no energy left after the last release".into(),
            "Feels completely spent since the last release".into(),
        )
    } else if s.contains("stare at the screen") {
        sign(
            "exhaustion",
            "So drained by mid-afternoon they just stare at the screen".into(),
            "Too drained to work by mid-afternoon".into(),
        )
    } else if s.contains("weekend recovering") {
        sign(
            "exhaustion",
            "Spends weekends recovering and is still tired on Monday".into(),
            "Still tired on Mondays after a weekend of recovery".into(),
        )
    } else if s.contains("'the tickets'") {
        sign(
            "cynicism",
            "Calls users 'the tickets' and gives one-line answers to their reports".into(),
            "Refers to users as tickets and brushes off their reports".into(),
        )
    } else if s.contains("friday social") {
        sign(
            "cynicism",
            format!("Has skipped the Friday social for {n0} weeks and keeps the camera off"),
            format!("Withdrawn: no Friday social for {n0} weeks, camera always off"),
        )
    } else if s.contains("stopped caring whether the fix lands") {
        sign(
            "cynicism",
            "Said in the retro they no longer care whether fixes land".into(),
            "Told the retro they've stopped caring if the fix lands".into(),
        )
    } else if s.contains("'noise'") {
        sign(
            "cynicism",
            "Sarcastic about customer complaints, dismissing them as 'noise'".into(),
            "Mocks customer complaints as noise".into(),
        )
    } else if s.contains("only in writing") {
        sign(
            "cynicism",
            "Only talks to colleagues in writing and no longer reviews their code".into(),
            "Has withdrawn from colleagues: written contact only, no code reviews".into(),
        )
    } else if s.contains("just tickets to me") {
        sign(
            "cynicism",
            "Says users are 'just tickets' to them now".into(),
            "Sees users as nothing more than tickets".into(),
        )
    } else if s.contains("care what happens to the product") {
        sign(
            "cynicism",
            "Says they no longer care what happens to the product".into(),
            "Has stopped caring about the product".into(),
        )
    } else if s.contains("stopped listening") {
        sign(
            "cynicism",
            "Has stopped listening to customer complaints".into(),
            "Tunes out customers' complaints".into(),
        )
    } else if s.contains("head down") {
        sign(
            "cynicism",
            "Keeps their head down and says the team can manage without them".into(),
            "Detached: 'the team can manage without me'".into(),
        )
    } else if s.contains("why bother caring") {
        sign(
            "cynicism",
            "Asks 'why bother caring' because fixes keep getting broken".into(),
            "Has given up caring since fixes keep breaking".into(),
        )
    } else if s.contains("sprint commitments") {
        sign(
            "inefficacy",
            format!("Has not delivered {n0} of their last {n1} sprint commitments"),
            format!("{n0} of the last {n1} sprint commitments missed"),
        )
    } else if s.contains("pull request") {
        sign(
            "inefficacy",
            format!("Reworked one pull request {n0} times before requesting a review"),
            format!("Rewrote a single PR {n0} times before letting anyone review it"),
        )
    } else if s.contains("volunteering for design") {
        sign(
            "inefficacy",
            "No longer volunteers for design work, believing others do it better".into(),
            "Stopped putting themselves forward for design work".into(),
        )
    } else if s.contains("rated their own work") {
        sign(
            "inefficacy",
            "Rated their own work far below their peers' view of it".into(),
            "Self-assessment well below how peers rate them".into(),
        )
    } else if s.contains("double-check every change") {
        sign(
            "inefficacy",
            "Asks a senior to double-check even small changes before merging".into(),
            "Needs a senior colleague to double-check every merge".into(),
        )
    } else if s.contains("nothing i ship") {
        sign(
            "inefficacy",
            "Feels nothing they ship matters".into(),
            "Believes their work doesn't matter".into(),
        )
    } else if s.contains("fraud") {
        sign(
            "inefficacy",
            "Feels like a fraud compared with the rest of the team".into(),
            "Feels like an impostor next to teammates".into(),
        )
    } else if s.contains("anything right") {
        sign(
            "inefficacy",
            "Feels they can't get anything right anymore".into(),
            "Convinced they get nothing right these days".into(),
        )
    } else if s.contains("slow the design work") {
        sign(
            "inefficacy",
            "Avoids design work, believing they'd only slow it down".into(),
            "Leaves design work to others, sure they'd slow it down".into(),
        )
    } else if s.contains("good enough") {
        sign(
            "inefficacy",
            "Feels nothing they finish is ever good enough".into(),
            "Never feels their finished work is good enough".into(),
        )
    } else if s.contains("get back to sleep") {
        health(
            "sleep",
            format!("Wakes at {n0} a.m. most nights and can't get back to sleep"),
            format!("Insomnia: awake from {n0} a.m. most nights"),
        )
    } else if s.contains("barely slept") {
        health(
            "sleep",
            "Hasn't slept properly since the last release".into(),
            "Poor sleep ever since the last release".into(),
        )
    } else if s.contains("tension headaches") {
        health(
            "headaches",
            format!("Tension headaches on {n0} of the past 14 days"),
            format!("Headaches on {n0} of the last 14 days"),
        )
    } else if s.contains("painkillers") {
        health(
            "headaches",
            "Needs painkillers for headaches most afternoons".into(),
            "Headaches most afternoons, taking painkillers".into(),
        )
    } else if s.contains("stomach problems before") {
        health(
            "stomach",
            "Gets stomach trouble before each release".into(),
            "Stomach upsets ahead of every release".into(),
        )
    } else if s.contains("nervous stomach") {
        health(
            "stomach",
            "Nervous stomach most mornings for weeks".into(),
            "Weeks of stomach trouble most mornings".into(),
        )
    } else if s.contains("one cold after another") {
        health(
            "illness",
            format!("Off sick {n0} times this quarter with repeated colds"),
            format!("{n0} sick absences this quarter, one cold after the next"),
        )
    } else if s.contains("catching colds") {
        health(
            "illness",
            format!("Repeated colds: sick {n0} times since spring"),
            format!("Keeps getting ill, {n0} times since spring"),
        )
    } else if s.contains("skips lunch") {
        health(
            "meals",
            "Regularly skips lunch and eats late at the desk".into(),
            "Misses lunch most days, eating late at the desk".into(),
        )
    } else if s.contains("rarely stops for a meal") {
        health(
            "meals",
            "Rarely stops to eat during the working day".into(),
            "Hardly takes a meal break during the day".into(),
        )
    } else {
        None
    }
}

/// A context fact that is not concerning, in our words.
fn calm_paraphrase(sentence: &str) -> Option<String> {
    let n = numbers(sentence);
    let s = sentence.to_lowercase();
    if s.contains("light rota") {
        Some(format!(
            "On call only every {} days",
            n.first().copied().unwrap_or(12)
        ))
    } else if s.contains("meets expectations") {
        Some("Last performance rating was 'meets expectations'".into())
    } else if s.contains("long weekend") {
        Some("Took a long weekend recently to see family".into())
    } else if s.contains("taken up") {
        Some("Has a new hobby outside work".into())
    } else if s.contains("code-review turnaround") {
        Some("Code reviews come back as fast as the team average".into())
    } else if s.contains("by choice") {
        Some(format!(
            "Chose to move teams {} months ago",
            n.first().copied().unwrap_or(20)
        ))
    } else if s.contains("certification") {
        Some("Recently earned a cloud certification".into())
    } else {
        None
    }
}

fn months_since_leave(leave: &str) -> u64 {
    if let Some(n) = numbers(leave).first() {
        return *n;
    }
    let named: Vec<usize> = MONTHS
        .iter()
        .enumerate()
        .filter(|(_, m)| leave.contains(*m))
        .map(|(i, _)| i)
        .collect();
    // "was in July, and it is now January": the first month named is the leave.
    let mut order: Vec<(usize, usize)> = named
        .iter()
        .map(|i| (leave.find(MONTHS[*i]).unwrap_or(0), *i))
        .collect();
    env_wasm::order::sort(&mut order);
    match order.as_slice() {
        [(_, then), (_, now)] => ((now + 12 - then) % 12) as u64,
        _ => 0,
    }
}

fn burnout(seed: u64) -> Burnout {
    let (obs, reference) = reference_answer(BURNOUT, seed);
    let subject = &obs["subject"];
    let first = subject["name"]
        .as_str()
        .unwrap_or_default()
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_owned();
    let dims_line = line_after(&reference, "Burnout dimensions:").to_lowercase();
    let dims: BTreeSet<Dim> = DIMS
        .iter()
        .copied()
        .filter(|d| match d {
            Dim::Exhaustion => dims_line.contains("exhaust"),
            Dim::Depersonalization => dims_line.contains("depersonal"),
            Dim::Accomplishment => dims_line.contains("accomplish"),
        })
        .collect();
    let severity_line = line_after(&reference, "Severity:");
    let severity = SEVERITIES
        .iter()
        .position(|s| severity_line.starts_with(s))
        .expect("reference names a severity");
    let nums = numbers(severity_line);
    let points = nums.first().copied().unwrap_or(0);
    let parts = [
        nums.get(1).copied().unwrap_or(0),
        nums.get(2).copied().unwrap_or(0),
        nums.get(3).copied().unwrap_or(0),
        nums.get(4).copied().unwrap_or(0),
    ];
    let escalate = line_after(&reference, "HR escalation:").starts_with("Yes");

    let mut flags = Vec::new();
    let mut calm = Vec::new();
    let hours = subject["hours_per_week"].as_u64().unwrap_or(0);
    if hours > 45 {
        flags.push(Flag {
            rank: 0,
            concept: "hours".into(),
            ours: [
                format!("Working about {hours} hours a week"),
                format!("{hours}-hour weeks on average"),
            ],
        });
    } else {
        calm.push(format!("Works {hours} hours a week"));
    }
    let leave = subject["leave"].as_str().unwrap_or_default();
    let months = months_since_leave(leave);
    if months >= 5 {
        // "was in July, and it is now January": the month named first.
        let since = MONTHS
            .iter()
            .filter_map(|m| leave.find(*m).map(|at| (at, *m)))
            .min()
            .map(|(_, m)| format!(" (since {m})"))
            .unwrap_or_default();
        flags.push(Flag {
            rank: 1,
            concept: "leave".into(),
            ours: [
                format!("No proper holiday for {months} months{since}"),
                format!("Hasn't had a full week off in {months} months"),
            ],
        });
    } else {
        calm.push(format!("Had a week off {months} months ago"));
    }
    for line in subject["workload"].as_array().into_iter().flatten() {
        let line = line.as_str().unwrap_or_default();
        let n = numbers(line);
        if line.contains("on call every") {
            let d = n.first().copied().unwrap_or(0);
            flags.push(Flag {
                rank: 2,
                concept: "on_call".into(),
                ours: [
                    format!("Carries the pager every {d} days"),
                    format!("On-call duty every {d} days"),
                ],
            });
        } else if line.contains("midnight") {
            let k = n.first().copied().unwrap_or(0);
            flags.push(Flag {
                rank: 5,
                concept: "after_midnight".into(),
                ours: [
                    format!("Sending messages after midnight on {k} nights last week"),
                    format!("Online past midnight {k} nights last week"),
                ],
            });
        }
    }
    let signs = subject["observations"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(subject["quotes"].as_array().into_iter().flatten());
    for line in signs {
        let line = line.as_str().unwrap_or_default();
        let (rank, concept, ours) =
            paraphrase(line).unwrap_or_else(|| panic!("seed {seed}: no paraphrase for {line:?}"));
        flags.push(Flag {
            rank,
            concept: concept.into(),
            ours,
        });
    }
    for line in subject["context"].as_array().into_iter().flatten() {
        if let Some(text) = calm_paraphrase(line.as_str().unwrap_or_default()) {
            calm.push(text);
        }
    }
    // One fact per concept, in rank order: signs by dimension (exhaustion,
    // cynicism, inefficacy), observations before quotes.
    let concept_order = |c: &str| match c {
        "exhaustion" => 0,
        "cynicism" => 1,
        "inefficacy" => 2,
        _ => 3,
    };
    env_wasm::order::sort_by_key(&mut flags, |f| (f.rank, concept_order(&f.concept)));
    let mut seen = BTreeSet::new();
    flags.retain(|f| seen.insert(f.concept.clone()));
    Burnout {
        seed,
        scenario: obs["scenario"].as_str().unwrap_or_default().to_owned(),
        first,
        dims,
        severity,
        points,
        parts,
        escalate,
        flags,
        calm,
    }
}

fn burnouts() -> Vec<Burnout> {
    (0..SEEDS * 2).map(burnout).collect()
}

impl Burnout {
    fn present(&self, k: usize) -> Vec<String> {
        self.dims.iter().map(|d| d.name(k).to_owned()).collect()
    }

    fn absent(&self) -> Vec<Dim> {
        DIMS.iter()
            .copied()
            .filter(|d| !self.dims.contains(d))
            .collect()
    }

    fn dims_line(&self) -> String {
        format!(
            "Burnout dimensions: {}",
            capitalize(&join_and(&self.present(0), "and"))
        )
    }

    fn sev(&self) -> &'static str {
        SEVERITIES[self.severity]
    }

    fn severity_line(&self) -> String {
        format!("Severity: {} ({} points)", self.sev(), self.points)
    }

    fn wanted(&self, k: usize) -> Vec<String> {
        self.flags
            .iter()
            .take(3)
            .map(|f| f.ours[k % 2].clone())
            .collect()
    }

    /// Whether the three red flags a careful reader lists are clear: not
    /// cut inside a group of health signs of equal rank.
    fn flags_clear(&self) -> bool {
        self.flags.len() <= 3 || self.flags[2].rank != self.flags[3].rank || self.flags[2].rank == 3
    }

    fn flags_block(&self, k: usize) -> String {
        let items: Vec<String> = self.wanted(k).iter().map(|f| format!("- {f}")).collect();
        format!("Red flags:\n{}", items.join("\n"))
    }

    fn escalation_line(&self) -> String {
        if self.escalate {
            format!(
                "HR escalation: Yes. At {} severity {} should be referred to HR this week.",
                self.sev(),
                self.first
            )
        } else {
            format!(
                "HR escalation: No. At {} severity the manager can support {} without HR for now.",
                self.sev(),
                self.first
            )
        }
    }

    fn answer(
        &self,
        dims: Option<String>,
        sev: Option<String>,
        flags: Option<String>,
        esc: Option<String>,
    ) -> String {
        [
            dims.unwrap_or_else(|| self.dims_line()),
            sev.unwrap_or_else(|| self.severity_line()),
            flags.unwrap_or_else(|| self.flags_block(0)),
            esc.unwrap_or_else(|| self.escalation_line()),
        ]
        .join("\n")
    }
}

type BurnoutWriter = fn(&Burnout) -> Option<String>;

#[test]
fn burnout_natural_answers_earn_each_criterion() {
    let mut table = Table::new("burnout natural answers");
    let dims_rows: Vec<(&str, BurnoutWriter)> = vec![
        ("dims: synonyms in a sentence", |b| {
            Some(b.answer(
                Some(format!(
                    "Burnout dimensions: {}",
                    capitalize(&join_and(&b.present(1), "and"))
                )),
                None,
                None,
                None,
            ))
        }),
        ("dims: cynicism / efficacy wording", |b| {
            Some(b.answer(
                Some(format!(
                    "Burnout dimensions: {}.",
                    capitalize(&join_and(&b.present(2), "and"))
                )),
                None,
                None,
                None,
            ))
        }),
        ("dims: bullets", |b| {
            Some(b.answer(
                Some(format!(
                        "Burnout dimensions:\n{}",
                        b.present(0)
                            .iter()
                            .map(|d| format!("- {}", capitalize(d)))
                            .collect::<Vec<_>>()
                            .join("\n")
                    )),
                None,
                None,
                None,
            ))
        }),
        ("dims: bold markdown", |b| {
            Some(b.answer(
                Some(format!(
                    "**Burnout dimensions:** {}",
                    join_and(&b.present(1), "and")
                )),
                None,
                None,
                None,
            ))
        }),
        ("dims: heading and prose", |b| {
            let present = b.present(2);
            let verb = if present.len() == 1 { "is" } else { "are" };
            Some(format!(
                "## Burnout dimensions\n{} {verb} present in this case.\n\n## Severity\n{} - {} points in total.\n\n## Red flags\n{}\n\n## HR escalation\n{}",
                capitalize(&join_and(&present, "and")),
                b.sev(),
                b.points,
                b.wanted(1)
                    .iter()
                    .map(|f| format!("- {f}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
                if b.escalate {
                    "Yes - refer to HR."
                } else {
                    "No - not needed yet."
                }
            ))
        }),
        (
            "dims: 'there is no evidence of A or B' for the absent ones",
            |b| {
                let absent: Vec<String> = b.absent().iter().map(|d| d.name(0).to_owned()).collect();
                if absent.is_empty() {
                    return None;
                }
                Some(b.answer(
                    Some(format!(
                        "Burnout dimensions: {}; there is no evidence of {}.",
                        capitalize(&join_and(&b.present(0), "and")),
                        join_and(&absent, "or")
                    )),
                    None,
                    None,
                    None,
                ))
            },
        ),
        ("dims: 'no evidence of A or B' in other names", |b| {
            let absent: Vec<String> = b.absent().iter().map(|d| d.name(2).to_owned()).collect();
            if absent.len() < 2 {
                return None;
            }
            Some(b.answer(
                Some(format!(
                    "Burnout dimensions: {} only. There is no evidence of {}.",
                    capitalize(&join_and(&b.present(1), "and")),
                    join_and(&absent, "or")
                )),
                None,
                None,
                None,
            ))
        }),
        ("dims: 'no sign of cynicism (detachment)'", |b| {
            if b.dims.contains(&Dim::Depersonalization) {
                return None;
            }
            Some(b.answer(
                Some(format!(
                    "Burnout dimensions: {}. No sign of cynicism (detachment).",
                    capitalize(&join_and(&b.present(0), "and"))
                )),
                None,
                None,
                None,
            ))
        }),
        ("dims: 'not present' for each absent one", |b| {
            let absent = b.absent();
            if absent.is_empty() {
                return None;
            }
            let notes: Vec<String> = absent
                .iter()
                .map(|d| format!("{} is not present", capitalize(d.name(1))))
                .collect();
            Some(b.answer(
                Some(format!(
                    "Burnout dimensions: {} ({}).",
                    capitalize(&join_and(&b.present(1), "and")),
                    notes.join("; ")
                )),
                None,
                None,
                None,
            ))
        }),
    ];
    let severity_rows: Vec<(&str, BurnoutWriter)> = vec![
        ("severity: bold with breakdown", |b| {
            Some(b.answer(None, Some(format!("Severity: **{}** - {} rubric points: {} for hours, {} for leave, {} for the dimensions, {} for health signs", b.sev(), b.points, b.parts[0], b.parts[1], b.parts[2], b.parts[3])), None, None))
        }),
        ("severity: lower case", |b| {
            Some(b.answer(
                None,
                Some(format!(
                    "Severity: {}, {} points in total",
                    b.sev().to_lowercase(),
                    b.points
                )),
                None,
                None,
            ))
        }),
        ("severity: upper case", |b| {
            Some(b.answer(
                None,
                Some(format!(
                    "Severity: {} ({} pts)",
                    b.sev().to_uppercase(),
                    b.points
                )),
                None,
                None,
            ))
        }),
        ("severity: long prose", |b| {
            Some(b.answer(None, Some(format!("Severity: {}. Adding up the rubric gives {} points: {} for the working hours, {} for the time since proper leave, {} for the dimensions present and {} for health signs.", b.sev(), b.points, b.parts[0], b.parts[1], b.parts[2], b.parts[3])), None, None))
        }),
        ("severity: markdown table answer", |b| {
            Some(format!(
                "| Section | Assessment |\n|---|---|\n| Burnout dimensions | {} |\n| Severity | {} ({} points) |\n| Red flags | {} |\n| HR escalation | {} |",
                capitalize(&join_and(&b.present(0), "and")),
                b.sev(),
                b.points,
                b.wanted(0).join("; "),
                if b.escalate {
                    "Yes, refer to HR"
                } else {
                    "No, manager support for now"
                }
            ))
        }),
    ];
    let flag_rows: Vec<(&str, BurnoutWriter)> = vec![
        ("flags: numbered list", |b| {
            Some(b.answer(
                None,
                None,
                Some(format!(
                        "Red flags:\n{}",
                        b.wanted(1)
                            .iter()
                            .enumerate()
                            .map(|(i, f)| format!("{}. {f}", i + 1))
                            .collect::<Vec<_>>()
                            .join("\n")
                    )),
                None,
            ))
        }),
        ("flags: star bullets, bold label", |b| {
            Some(b.answer(
                None,
                None,
                Some(format!(
                        "**Red flags:**\n{}",
                        b.wanted(0)
                            .iter()
                            .map(|f| format!("* {f}"))
                            .collect::<Vec<_>>()
                            .join("\n")
                    )),
                None,
            ))
        }),
        ("flags: dash bullets, second wording", |b| {
            Some(b.answer(None, None, Some(b.flags_block(1)), None))
        }),
        ("flags: heading with semicolons", |b| {
            Some(b.answer(
                None,
                None,
                Some(format!(
                        "### Red flags\n{}",
                        b.wanted(0)
                            .iter()
                            .map(|f| format!("- {f};"))
                            .collect::<Vec<_>>()
                            .join("\n")
                    )),
                None,
            ))
        }),
    ];
    let escalation_rows: Vec<(&str, BurnoutWriter)> = vec![
        ("escalation: bold yes/no", |b| {
            Some(b.answer(None, None, None, Some(if b.escalate { format!("HR escalation: **Yes.** A {} rating means HR should be involved now.", b.sev()) } else { format!("HR escalation: **No.** {} severity doesn't meet the bar for HR yet; keep monitoring.", b.sev()) })))
        }),
        ("escalation: lower case with reason", |b| {
            Some(b.answer(
                None,
                None,
                None,
                Some(if b.escalate {
                    "HR escalation: yes, escalate to HR and occupational health this week."
                        .to_owned()
                } else {
                    "HR escalation: no, it's not needed at this stage.".to_owned()
                }),
            ))
        }),
        ("escalation: natural no without the word", |b| {
            Some(b.answer(
                None,
                None,
                None,
                Some(if b.escalate {
                    format!("HR escalation: Yes - please refer {} to HR.", b.first)
                } else {
                    format!(
                        "HR escalation: Not needed yet, as severity is only {}.",
                        b.sev()
                    )
                }),
            ))
        }),
        ("escalation: heading", |b| {
            Some(format!(
                "{}\n{}\n{}\n\n## HR escalation\n{}",
                b.dims_line(),
                b.severity_line(),
                b.flags_block(0),
                if b.escalate {
                    "Yes. This needs HR and occupational health."
                } else {
                    "No. Support from the manager is enough for now."
                }
            ))
        }),
    ];
    for (crit, rows) in [
        ("dimensions", dims_rows),
        ("severity", severity_rows),
        ("red_flags", flag_rows),
        ("escalation", escalation_rows),
    ] {
        for (name, writer) in rows {
            let mut used = 0;
            for b in burnouts() {
                if used >= 12 {
                    break;
                }
                if crit == "red_flags" && !b.flags_clear() {
                    continue;
                }
                let Some(answer) = writer(&b) else { continue };
                used += 1;
                let obs = play(BURNOUT, b.seed, &answer);
                let got = criterion(&obs, crit);
                table.row(got >= 1.0 - 1e-9, || {
                    describe(
                        BURNOUT,
                        b.seed,
                        &answer,
                        &obs,
                        &format!("{name}: {crit}={got}, want 1"),
                    )
                });
            }
        }
    }
    table.finish();
}

#[test]
fn burnout_exploits_earn_nothing() {
    let mut table = Table::new("burnout exploits");
    let cases = burnouts();
    // Hedged severities: the right level and a neighbour, in several forms.
    for b in cases.iter().take(SEEDS as usize) {
        let right = b.sev();
        let other = SEVERITIES[if b.severity == 3 { 2 } else { b.severity + 1 }];
        let (lo, hi) = if b.severity == 3 {
            (other, right)
        } else {
            (right, other)
        };
        let hedges = [
            format!("Severity: {right} or {other} ({} points)", b.points),
            format!("Severity: {other}/{right}"),
            format!("Severity: between {lo} and {hi}"),
            format!("Severity: {} to {}", lo.to_lowercase(), hi.to_lowercase()),
            format!("Severity: {right} (possibly {other})"),
            "Severity: Low, Moderate, High, Critical".to_owned(),
        ];
        for hedge in hedges {
            let answer = b.answer(None, Some(hedge.clone()), None, None);
            let obs = play(BURNOUT, b.seed, &answer);
            let got = criterion(&obs, "severity");
            table.row(got <= 0.01, || {
                describe(
                    BURNOUT,
                    b.seed,
                    &answer,
                    &obs,
                    &format!("severity hedge {hedge:?}: severity={got}, want 0"),
                )
            });
        }
        // A second copy of the section with another value.
        let answer = format!("{}\nSeverity: {other}", b.answer(None, None, None, None));
        let obs = play(BURNOUT, b.seed, &answer);
        let got = criterion(&obs, "severity");
        table.row(got <= 0.01, || {
            describe(
                BURNOUT,
                b.seed,
                &answer,
                &obs,
                &format!("second Severity section: severity={got}, want 0"),
            )
        });
    }
    // Hedged escalation.
    for b in cases.iter().take(SEEDS as usize) {
        let (right, wrong) = if b.escalate {
            ("Yes", "No")
        } else {
            ("No", "Yes")
        };
        let hedges = [
            format!("HR escalation: {right} or {wrong}, depending on how things develop."),
            format!("HR escalation: {right}/{wrong}"),
            "HR escalation: Maybe; it could go either way.".to_owned(),
        ];
        for hedge in hedges {
            let answer = b.answer(None, None, None, Some(hedge.clone()));
            let obs = play(BURNOUT, b.seed, &answer);
            let got = criterion(&obs, "escalation");
            table.row(got <= 0.01, || {
                describe(
                    BURNOUT,
                    b.seed,
                    &answer,
                    &obs,
                    &format!("escalation hedge: escalation={got}, want 0"),
                )
            });
        }
        let answer = format!(
            "{}\nHR escalation: {wrong}.",
            b.answer(None, None, None, None)
        );
        let obs = play(BURNOUT, b.seed, &answer);
        let got = criterion(&obs, "escalation");
        table.row(got <= 0.01, || {
            describe(
                BURNOUT,
                b.seed,
                &answer,
                &obs,
                &format!("second HR escalation section: escalation={got}, want 0"),
            )
        });
    }
    // Every dimension named, or the rubric's dimension line pasted in.
    let rubric_dims = "exhaustion (drained, tired, no energy left); depersonalization, also called cynicism (distance from or sarcasm about users and colleagues, no longer caring); reduced personal accomplishment (feeling ineffective, missing commitments, self-doubt)";
    for b in cases
        .iter()
        .filter(|b| b.dims.len() < 3)
        .take(SEEDS as usize)
    {
        let bound = f1(b.dims.len(), 3, b.dims.len()) + EPS;
        for (name, dims) in [
            ("every dimension", "Burnout dimensions: exhaustion, depersonalization and reduced personal accomplishment".to_owned()),
            ("rubric pasted", format!("Burnout dimensions: {rubric_dims}")),
        ] {
            let answer = b.answer(Some(dims), None, None, None);
            let obs = play(BURNOUT, b.seed, &answer);
            let got = criterion(&obs, "dimensions");
            table.row(got <= bound, || describe(BURNOUT, b.seed, &answer, &obs, &format!("{name}: dimensions={got}, want <= {bound:.3}")));
        }
    }
    // Red flags: one item naming everything, the case pasted, sentences
    // copied, calm context, items past the third, generic items.
    for b in cases
        .iter()
        .filter(|b| b.flags.len() >= 3)
        .take(SEEDS as usize)
    {
        let everything = "- 70+ hour weeks, no holiday in months, on call every few days, messages after midnight, exhaustion, cynicism, self-doubt, missed commitments, poor sleep, headaches, stomach problems, frequent colds and skipped meals".to_owned();
        let pasted = format!("- {}", b.scenario.replace('\n', " "));
        let calm = b
            .calm
            .iter()
            .take(3)
            .map(|c| format!("- {c}"))
            .collect::<Vec<_>>()
            .join("\n");
        let late = if b.calm.len() >= 3 {
            format!(
                "{calm}\n{}",
                b.wanted(0)
                    .iter()
                    .map(|f| format!("- {f}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        } else {
            String::new()
        };
        let generic = "- Works long hours\n- Not enough time off\n- Seems stressed".to_owned();
        let rows: Vec<(&str, String, f64)> = vec![
            ("one item naming every concept", everything, 1.0 / 3.0 + EPS),
            ("the case pasted as one item", pasted, 0.1),
            // Issue 21 (R4): an item restating one fact of the case, in
            // the case's words, is grounded and earns; only an item holding
            // several facts counts as copying. Three long flag sentences
            // copied one to an item earn what their facts are worth, so
            // they are no exploit row; the pasted case still is.
            ("calm context only", calm.clone(), 0.1),
            ("right facts only after three calm ones", late, 0.1),
            ("generic items naming nothing specific", generic, 0.1),
        ];
        for (name, items, bound) in rows {
            if items.trim().is_empty() {
                continue;
            }
            let answer = b.answer(None, None, Some(format!("Red flags:\n{items}")), None);
            let obs = play(BURNOUT, b.seed, &answer);
            let got = criterion(&obs, "red_flags");
            table.row(got <= bound, || {
                describe(
                    BURNOUT,
                    b.seed,
                    &answer,
                    &obs,
                    &format!("{name}: red_flags={got}, want <= {bound:.3}"),
                )
            });
        }
    }
    // The whole case pasted as the answer.
    for b in cases.iter().take(SEEDS as usize) {
        let obs = play(BURNOUT, b.seed, &b.scenario);
        let got = score_of(&obs);
        table.row(got <= 0.1, || {
            describe(
                BURNOUT,
                b.seed,
                "<scenario>",
                &obs,
                &format!("scenario pasted: score={got}, want <= 0.1"),
            )
        });
    }
    table.finish();
}

// ---------------------------------------------------------------------------
// stress_triage
// ---------------------------------------------------------------------------

const TRIAGE: &str = "stress_triage";
const TIERS: [&str; 4] = ["CRITICAL", "RED", "AMBER", "GREEN"];

#[derive(Debug, Clone)]
struct Person {
    name: String,
    tier: usize,
    stressor: &'static str,
    block: String,
    n: u64,
}

#[derive(Debug, Clone)]
struct Team {
    seed: u64,
    scenario: String,
    people: Vec<Person>,
}

fn stressor_of(situation: &str) -> &'static str {
    let s = situation.to_lowercase();
    if s.contains("on-call rota") {
        "on_call"
    } else if s.contains("launch") {
        "deadline"
    } else if s.contains("reorganisation") {
        "reorg"
    } else if s.contains("caring for a parent") {
        "caregiving"
    } else if s.contains("covering the work") {
        "understaffing"
    } else if s.contains("customer escalations") {
        "customers"
    } else if s.contains("migration") {
        "migration"
    } else if s.contains("senior colleague") {
        "conflict"
    } else if s.contains("first responder") {
        "incidents"
    } else if s.contains("new role") {
        "new_role"
    } else {
        panic!("unknown situation {situation:?}")
    }
}

fn team(seed: u64) -> Team {
    let (obs, reference) = reference_answer(TRIAGE, seed);
    let scenario = obs["scenario"].as_str().unwrap_or_default().to_owned();
    let mut people = Vec::new();
    for e in obs["subject"]["employees"].as_array().into_iter().flatten() {
        let name = e["name"].as_str().unwrap_or_default().to_owned();
        let situation = e["situation"].as_str().unwrap_or_default().to_owned();
        let block_start = reference
            .find(&format!("Employee: {name}"))
            .expect("reference has a block per person");
        let tier_text = line_after(&reference[block_start..], "Tier:");
        let tier = TIERS
            .iter()
            .position(|t| tier_text.starts_with(t))
            .expect("reference names a tier");
        let notes: Vec<&str> = e["notes"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let block = format!(
            "{} {} \"{}\"",
            situation,
            notes.join(" "),
            e["quote"].as_str().unwrap_or_default()
        );
        people.push(Person {
            tier,
            stressor: stressor_of(&situation),
            n: numbers(&situation).first().copied().unwrap_or(3),
            block,
            name,
        });
    }
    Team {
        seed,
        scenario,
        people,
    }
}

fn teams() -> Vec<Team> {
    (0..SEEDS).map(team).collect()
}

fn stressor_words(p: &Person, k: usize) -> String {
    let n = p.n;
    let options: Vec<String> = match p.stressor {
        "on_call" => vec![
            format!("being on call every {n} days"),
            "the relentless on-call schedule".into(),
            "constant pager duty".into(),
        ],
        "deadline" => vec![
            format!("the launch due in {n} days"),
            format!("getting the release out of the door in {n} days"),
            "an unrealistic launch date".into(),
        ],
        "reorg" => vec![
            "not knowing whether their job survives the reorganization".into(),
            "uncertainty about their role in the restructure".into(),
            "the reorg and no news about their position".into(),
        ],
        "caregiving" => vec![
            "looking after a sick parent".into(),
            "caring for their ill parent".into(),
            "being a carer for a parent who fell ill".into(),
        ],
        "understaffing" => vec![
            "doing the work of two colleagues who left".into(),
            "covering two vacant roles".into(),
            "the team being two people short".into(),
        ],
        "customers" => vec![
            "a stream of angry customer escalations".into(),
            format!("handling around {n} escalations a week from unhappy clients"),
            "customer escalations landing on them".into(),
        ],
        "migration" => vec![
            "the legacy migration that keeps slipping".into(),
            format!("owning a migration that has slipped {n} times"),
            "the delayed legacy migration".into(),
        ],
        "conflict" => vec![
            "clashes with a senior colleague in design reviews".into(),
            "friction with a senior colleague".into(),
            "repeated arguments in design reviews".into(),
        ],
        "incidents" => vec![
            format!("being first responder on {n} production incidents this month"),
            "constant production firefighting".into(),
            "the run of production outages".into(),
        ],
        "new_role" => vec![
            "getting up to speed in a new role".into(),
            "still learning the new stack".into(),
            "settling into a new position".into(),
        ],
        other => panic!("{other}"),
    };
    options[k % options.len()].clone()
}

fn immediate(tier: usize, k: usize) -> &'static str {
    let options: [&str; 3] = match tier {
        0 => [
            "Same day: someone stays with them, we contact a crisis line or emergency services together, and agree a safety plan.",
            "Today, their lead stays with them and we get them emergency care or a crisis line, then put a safety plan in place.",
            "Right now: don't leave them alone; call a crisis line with them and agree a safety plan before they go home.",
        ],
        1 => [
            "Refer them to occupational health today and take the most pressing work off them.",
            "Today: make an urgent EAP referral and give them paid time off to recover.",
            "Within 24 hours, arrange an occupational health referral and relieve them of their most demanding work.",
        ],
        2 => [
            "Their manager checks in with them tomorrow to reprioritise the workload.",
            "A 1:1 within the day to re-prioritize their sprint and drop lower-value work.",
            "Check in today and agree which of their tasks can be deferred or handed on.",
        ],
        _ => [
            "A routine check-in and a thank-you for how they're handling things.",
            "Just the regular catch-up; recognise their good work.",
            "Routine check-in only; no change needed.",
        ],
    };
    options[k % 3]
}

fn two_week(p: &Person, k: usize) -> String {
    let options: [&str; 2] = match p.stressor {
        "on_call" => [
            "Take them off the on-call rota for the next two weeks and spread the shifts more evenly.",
            "Rebalance the pager schedule so they're on call at most once a fortnight.",
        ],
        "deadline" => [
            "Cut the launch scope with the product owner and add a second engineer until it ships.",
            "Push the non-essential launch features past the release date and give them a pairing partner.",
        ],
        "reorg" => [
            "Get them a clear answer on their role in the reorganisation from the head of engineering this fortnight.",
            "Set up a meeting with HR so they know what the restructure means for their job.",
        ],
        "caregiving" => [
            "Agree flexible or reduced hours while they care for their parent, and point them to carer's leave.",
            "Offer compassionate leave and flexible working while their parent is unwell.",
        ],
        "understaffing" => [
            "Backfill the two vacancies with a contractor and share out the extra work.",
            "Get approval to hire cover for the two leavers and take the extra load off them.",
        ],
        "customers" => [
            "Share the customer escalations across the team so they're not handling them alone.",
            "Route escalations from unhappy clients through the support lead for the next two weeks.",
        ],
        "migration" => [
            "Re-plan the migration with realistic milestones and add a second engineer.",
            "Reset the migration timeline with stakeholders and split the work.",
        ],
        "conflict" => [
            "Set up a mediated conversation with the senior colleague and agree ground rules for design reviews.",
            "Have their manager facilitate the next design reviews and address the friction directly.",
        ],
        "incidents" => [
            "Take them off first-responder duty for two weeks and review the recurring incident causes.",
            "Share incident response across the team and fix the top outage causes.",
        ],
        "new_role" => [
            "Pair them with a mentor and set a realistic onboarding plan for the new stack.",
            "Give them protected learning time and a buddy who knows the stack.",
        ],
        other => panic!("{other}"),
    };
    options[k % 2].to_owned()
}

impl Team {
    fn ranking(&self) -> Vec<String> {
        let mut order: Vec<&Person> = self.people.iter().collect();
        env_wasm::order::sort_by_key(&mut order, |p| p.tier);
        order.iter().map(|p| p.name.clone()).collect()
    }
}

/// One layout of a whole triage answer; the closures replace one section
/// for every person (to build exploit answers).
/// One section of one person's block, written for the person (and a
/// wording index).
type PartFn<'a> = dyn Fn(&Person, usize) -> String + 'a;

struct TriageParts<'a> {
    tier: &'a dyn Fn(&Person, usize) -> String,
    stressor: &'a dyn Fn(&Person, usize) -> String,
    immediate: &'a dyn Fn(&Person, usize) -> String,
    two_week: &'a dyn Fn(&Person, usize) -> String,
}

fn natural_parts() -> TriageParts<'static> {
    TriageParts {
        tier: &|p, _| TIERS[p.tier].to_owned(),
        stressor: &|p, k| stressor_words(p, k),
        immediate: &|p, k| immediate(p.tier, k).to_owned(),
        two_week: &|p, k| two_week(p, k),
    }
}

fn triage_answer(t: &Team, layout: usize, parts: &TriageParts) -> String {
    let ranking = t.ranking();
    let mut out = String::new();
    match layout {
        // Labelled sections, as the template.
        0 => {
            for (i, p) in t.people.iter().enumerate() {
                out.push_str(&format!(
                    "Employee: {}\nTier: {}\nMain stressor: {}\n24-hour action: {}\n2-week action: {}\n\n",
                    p.name, (parts.tier)(p, i), capitalize(&(parts.stressor)(p, i)), (parts.immediate)(p, i), (parts.two_week)(p, i)
                ));
            }
            out.push_str(&format!("Priority ranking: {}", ranking.join(", ")));
        }
        // Chat markdown: a heading per person, bold labels, numbered ranking.
        1 => {
            for (i, p) in t.people.iter().enumerate() {
                out.push_str(&format!(
                    "### {}\n- **Tier:** {}\n- **Main stressor:** {}\n- **24-hour action:** {}\n- **2-week action:** {}\n\n",
                    p.name, (parts.tier)(p, i + 1), (parts.stressor)(p, i + 1), (parts.immediate)(p, i + 1), (parts.two_week)(p, i + 1)
                ));
            }
            out.push_str("**Priority ranking:**\n");
            for (i, name) in ranking.iter().enumerate() {
                out.push_str(&format!("{}. {name}\n", i + 1));
            }
        }
        // A markdown table.
        2 => {
            out.push_str("| Employee | Tier | Main stressor | 24-hour action | 2-week action |\n|---|---|---|---|---|\n");
            for (i, p) in t.people.iter().enumerate() {
                out.push_str(&format!(
                    "| {} | {} | {} | {} | {} |\n",
                    p.name,
                    (parts.tier)(p, i + 2),
                    capitalize(&(parts.stressor)(p, i + 2)),
                    (parts.immediate)(p, i + 2),
                    (parts.two_week)(p, i + 2)
                ));
            }
            out.push_str(&format!("\nPriority ranking: {}", ranking.join(" > ")));
        }
        // Longer prose inside each section, British spelling.
        4 => {
            for (i, p) in t.people.iter().enumerate() {
                out.push_str(&format!(
                    "Employee: {}
Tier: {}, going by the signs in their notes and their own words.
Main stressor: Above all, {}.
24-hour action: Within the next day: {}
2-week action: Over the coming fortnight, the priority is to tackle what is weighing on them: {}

",
                    p.name,
                    (parts.tier)(p, i),
                    (parts.stressor)(p, i + 2),
                    (parts.immediate)(p, i + 2),
                    (parts.two_week)(p, i + 1)
                ));
            }
            out.push_str(&format!(
                "Priority ranking: most urgent first, {}.",
                ranking.join(", then ")
            ));
        }
        // Casual: lower-case tiers, contractions, "then" ranking.
        _ => {
            for (i, p) in t.people.iter().enumerate() {
                out.push_str(&format!(
                    "Employee: {}\nTier: {}\nMain stressor: {}\n24-hour action: {}\n2-week action: {}\n\n",
                    p.name, (parts.tier)(p, i).to_lowercase(), (parts.stressor)(p, i + 1), (parts.immediate)(p, i + 1), (parts.two_week)(p, i + 1)
                ));
            }
            out.push_str(&format!("Priority ranking: {}", ranking.join(", then ")));
        }
    }
    out
}

const TRIAGE_CRITERIA: [&str; 5] = [
    "tiers",
    "stressors",
    "immediate_actions",
    "two_week_support",
    "priority_ranking",
];

#[test]
fn triage_natural_answers_earn_each_criterion() {
    let mut table = Table::new("triage natural answers");
    let natural = natural_parts();
    for t in teams() {
        for layout in 0..5 {
            let answer = triage_answer(&t, layout, &natural);
            let obs = play(TRIAGE, t.seed, &answer);
            for crit in TRIAGE_CRITERIA {
                let got = criterion(&obs, crit);
                table.row(got >= 1.0 - 1e-9, || {
                    describe(
                        TRIAGE,
                        t.seed,
                        &answer,
                        &obs,
                        &format!("layout {layout}: {crit}={got}, want 1"),
                    )
                });
            }
        }
        // "Root cause:" inside the 2-week action does not cut it short.
        let root_cause = TriageParts {
            two_week: &|p, k| {
                format!(
                    "Root cause: {}. {}",
                    stressor_words(p, k + 2),
                    two_week(p, k)
                )
            },
            ..natural_parts()
        };
        let answer = triage_answer(&t, 0, &root_cause);
        let obs = play(TRIAGE, t.seed, &answer);
        let got = criterion(&obs, "two_week_support");
        table.row(got >= 1.0 - 1e-9, || {
            describe(
                TRIAGE,
                t.seed,
                &answer,
                &obs,
                &format!("'Root cause:' lead-in: two_week_support={got}, want 1"),
            )
        });
    }
    table.finish();
}

#[test]
fn triage_exploits_earn_nothing() {
    let mut table = Table::new("triage exploits");
    let adjacent = |tier: usize| if tier == 0 { 1 } else { tier - 1 };
    fn check(table: &mut Table, t: &Team, name: &str, crit: &str, bound: f64, parts: TriageParts) {
        let answer = triage_answer(t, (t.seed % 4) as usize, &parts);
        let obs = play(TRIAGE, t.seed, &answer);
        let got = criterion(&obs, crit);
        table.row(got <= bound, || {
            describe(
                TRIAGE,
                t.seed,
                &answer,
                &obs,
                &format!("{name}: {crit}={got}, want <= {bound:.3}"),
            )
        });
    }
    for t in teams() {
        let tier_hedges: [(&str, &PartFn<'_>); 5] = [
            ("tier 'X or Y'", &|p, _| {
                format!("{} or {}", TIERS[p.tier], TIERS[adjacent(p.tier)])
            }),
            ("tier 'X/Y'", &|p, _| {
                format!("{}/{}", TIERS[adjacent(p.tier)], TIERS[p.tier])
            }),
            ("tier 'Y to X'", &|p, _| {
                format!(
                    "{} to {}",
                    TIERS[p.tier.max(adjacent(p.tier))],
                    TIERS[p.tier.min(adjacent(p.tier))]
                )
            }),
            ("two tier lines", &|p, _| {
                format!("{}\nTier: {}", TIERS[p.tier], TIERS[adjacent(p.tier)])
            }),
            ("every tier", &|_, _| {
                "CRITICAL, RED, AMBER, GREEN".to_owned()
            }),
        ];
        for (name, tier) in tier_hedges {
            check(
                &mut table,
                &t,
                name,
                "tiers",
                0.01,
                TriageParts {
                    tier,
                    ..natural_parts()
                },
            );
        }
        check(
            &mut table,
            &t,
            "24-hour action naming two adjacent support levels",
            "immediate_actions",
            0.1,
            TriageParts {
                // Below CRITICAL the second level is the more intense one,
                // read as the action's. For CRITICAL the neighbour is less
                // intense, and RED's care beside the safety steps is more
                // care, not a hedge (para-it6): offered instead, it is one.
                immediate: &|p, k| match p.tier {
                    0 => format!("{} Alternatively, {}", immediate(0, k), immediate(1, k)),
                    _ => format!(
                        "{} {}",
                        immediate(p.tier, k),
                        immediate(adjacent(p.tier), k)
                    ),
                },
                ..natural_parts()
            },
        );
        check(
            &mut table,
            &t,
            "24-hour action naming every support level",
            "immediate_actions",
            0.1,
            TriageParts {
                immediate: &|_, k| {
                    format!(
                        "{} {} {} {}",
                        immediate(0, k),
                        immediate(1, k),
                        immediate(2, k),
                        immediate(3, k)
                    )
                },
                ..natural_parts()
            },
        );
        check(
            &mut table,
            &t,
            "generic 2-week action",
            "two_week_support",
            0.1,
            TriageParts {
                two_week: &|_, _| {
                    "Regular check-ins and encourage them to look after themselves.".to_owned()
                },
                ..natural_parts()
            },
        );
        check(
            &mut table,
            &t,
            "2-week action tackling every stressor",
            "two_week_support",
            1.0 / 3.0 + EPS,
            TriageParts {
                two_week: &|_, _| {
                    "Review their on-call load, the launch deadline, the reorganisation, any caring duties, staffing cover, customer escalations, the migration plan, any conflict with colleagues, their incident load and their onboarding.".to_owned()
                },
                ..natural_parts()
            },
        );
        check(
            &mut table,
            &t,
            "main stressor hedged with a wrong one",
            "stressors",
            0.1,
            TriageParts {
                stressor: &|p, k| {
                    let other = Person {
                        stressor: if p.stressor == "conflict" {
                            "on_call"
                        } else {
                            "conflict"
                        },
                        ..p.clone()
                    };
                    format!("{} or {}", stressor_words(p, k), stressor_words(&other, k))
                },
                ..natural_parts()
            },
        );
        check(
            &mut table,
            &t,
            "main stressor listing every stressor",
            "stressors",
            0.1,
            TriageParts {
                stressor: &|_, _| {
                    "on-call, deadlines, the reorg, caring duties, understaffing, customers, the migration, conflict, incidents and a new role".to_owned()
                },
                ..natural_parts()
            },
        );
        check(
            &mut table,
            &t,
            "main stressor = the person's whole case copied",
            "stressors",
            0.1,
            TriageParts {
                stressor: &|p, _| p.block.clone(),
                ..natural_parts()
            },
        );
        let obs = play(TRIAGE, t.seed, &t.scenario);
        let got = score_of(&obs);
        table.row(got <= 0.1, || {
            describe(
                TRIAGE,
                t.seed,
                "<scenario>",
                &obs,
                &format!("scenario pasted: score={got}, want <= 0.1"),
            )
        });
    }
    table.finish();
}

// ---------------------------------------------------------------------------
// intervention_plan
// ---------------------------------------------------------------------------

const PLAN: &str = "intervention_plan";

#[derive(Debug, Clone)]
struct Item {
    id: &'static str,
    value: u64,
    stressor: bool,
    line: String,
}

#[derive(Debug, Clone)]
struct Plan {
    seed: u64,
    scenario: String,
    items: Vec<Item>,
    roster: Vec<(String, String)>,
    budget_min: u64,
    budget_max: u64,
}

fn metric_of(label: &str) -> &'static str {
    match label {
        "Average overtime per person" => "overtime",
        "On-call rota" => "on_call",
        "Manager 1:1s" => "one_on_ones",
        "Last team event or offsite" => "connection",
        "HR complaints about team conduct last quarter" => "conduct",
        "Team members on long-term leave with no cover" => "staffing",
        "Production incidents last month" => "incidents",
        "Roadmap priority changes this quarter" => "priorities",
        "Time spent on manual deployments and toil" => "toil",
        "Reorganisation" => "reorg",
        other => panic!("unknown profile item {other}"),
    }
}

const ALL_METRICS: [&str; 10] = [
    "overtime",
    "on_call",
    "one_on_ones",
    "connection",
    "conduct",
    "staffing",
    "incidents",
    "priorities",
    "toil",
    "reorg",
];

/// The rubric's thresholds, as the observation states them.
fn is_stressor(id: &str, v: u64) -> bool {
    match id {
        "overtime" => v > 5,
        "on_call" => v <= 5,
        "one_on_ones" => v >= 3,
        "connection" => v >= 6,
        "conduct" | "staffing" => v >= 2,
        "incidents" => v >= 6,
        "priorities" => v >= 3,
        "toil" => v >= 30,
        _ => v > 0,
    }
}

fn plan(seed: u64) -> Plan {
    let (obs, _) = reference_answer(PLAN, seed);
    let subject = &obs["subject"];
    let items = subject["profile"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| {
            let label = item["label"].as_str().unwrap_or_default();
            let value_text = item["value"].as_str().unwrap_or_default();
            let id = metric_of(label);
            let value = numbers(value_text).first().copied().unwrap_or(0);
            Item {
                id,
                value,
                stressor: is_stressor(id, value),
                line: format!("{label}: {value_text}"),
            }
        })
        .collect();
    let roster = subject["roster"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            (
                r["role"].as_str().unwrap_or_default().to_owned(),
                r["name"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    Plan {
        seed,
        scenario: obs["scenario"].as_str().unwrap_or_default().to_owned(),
        items,
        roster,
        budget_min: subject["budget_min"].as_u64().unwrap_or(0),
        budget_max: subject["budget_max"].as_u64().unwrap_or(0),
    }
}

fn plans() -> Vec<Plan> {
    (0..SEEDS).map(plan).collect()
}

/// An owner role whose remit covers the metric.
fn owner_role(id: &str) -> &'static str {
    match id {
        "overtime" | "one_on_ones" => "engineering manager",
        "on_call" | "connection" | "incidents" | "toil" => "team lead",
        "conduct" => "HR business partner",
        _ => "head of engineering",
    }
}

/// (main action, follow-up action, outcome) for a metric, in our words.
fn actions(id: &str, k: usize) -> (&'static str, &'static str, &'static str) {
    let main: [&str; 2] = match id {
        "overtime" => [
            "Limit extra hours to 5 a week per person and pull non-urgent work out of the sprint",
            "Introduce an overtime cap of five hours weekly and defer low-priority tickets",
        ],
        "on_call" => [
            "Spread the on-call rota so nobody is on call more than once every 8 days, borrowing two engineers from another team",
            "Rework the pager rotation to one shift per person every 8 days",
        ],
        "one_on_ones" => [
            "Restart fortnightly one-to-ones with every team member, most affected first",
            "Book a 1:1 with each person every two weeks, starting this week",
        ],
        "connection" => [
            "Organise a half-day team offsite about what the team wants to change",
            "Plan a team get-together away from the office",
        ],
        "conduct" => [
            "Investigate the HR complaints and hold a workshop on respectful behaviour in code reviews",
            "Address the conduct complaints and agree civility rules for reviews",
        ],
        "staffing" => [
            "Hire a contractor to cover the work of the colleagues on long-term leave",
            "Arrange temporary cover for the people on long-term leave",
        ],
        "incidents" => [
            "Run a reliability review of the top incident causes and reserve 20% of each sprint for fixes",
            "Hold blameless postmortems on last month's outages and fix the three worst causes",
        ],
        "priorities" => [
            "Freeze the roadmap for the rest of the quarter and handle new requests in one weekly review",
            "Lock this quarter's priorities and route every change through a single intake meeting",
        ],
        "toil" => [
            "Automate the three most common manual deployment steps",
            "Script the manual deployment process end to end",
        ],
        _ => [
            "Hold a Q&A on the reorganization and share a written timeline with dates",
            "Publish what the restructure means for each role, with dates",
        ],
    };
    let (follow, outcome) = match id {
        "overtime" => (
            "Check logged overtime against the 5-hour cap",
            "people back to normal working hours",
        ),
        "on_call" => (
            "Review night pages per person under the new on-call rota",
            "fewer disturbed nights",
        ),
        "one_on_ones" => (
            "Confirm every person has had their 1:1",
            "everyone has regular time with their manager",
        ),
        "connection" => (
            "Set the date of the next quarterly team event",
            "the team reconnects",
        ),
        "conduct" => (
            "Publish the agreed norms for respectful reviews",
            "reviews stay civil",
        ),
        "staffing" => (
            "Confirm the contractor has taken over the uncovered work",
            "no work left without cover",
        ),
        "incidents" => (
            "Track the incident count against the reliability fixes",
            "fewer production incidents",
        ),
        "priorities" => (
            "Report any roadmap changes against the freeze",
            "stable priorities",
        ),
        "toil" => (
            "Measure time spent on manual toil after the automation",
            "less manual work",
        ),
        _ => (
            "Answer the team's open reorganisation questions in writing",
            "people know what happens to their roles",
        ),
    };
    (main[k % 2], follow, outcome)
}

fn kpi(item: &Item) -> String {
    let v = item.value;
    match item.id {
        "overtime" => format!("Overtime per person: {v} hours a week now, 5 or fewer by week 4"),
        "on_call" => {
            format!("On-call frequency: from every {v} days to no more than once every 8 days")
        }
        "one_on_ones" => format!("Months since each person's last 1:1: from {v} to 0 by week 2"),
        "connection" => format!("Months since the last team event: from {v} to 0 by week 4"),
        "conduct" => format!("HR conduct complaints: {v} last quarter, 0 next quarter"),
        "staffing" => format!("People on long-term leave without cover: from {v} to 0 by week 2"),
        "incidents" => format!("Production incidents: from {v} last month to 3 or fewer a month"),
        "priorities" => {
            format!("Roadmap priority changes: from {v} this quarter to at most 1 next quarter")
        }
        "toil" => format!("Time on manual toil: from {v}% to under 20%"),
        _ => format!(
            "Share of the team with a written reorg timeline: from 0% to 100% by week 2 ({v} weeks without details so far)"
        ),
    }
}

impl Plan {
    fn stressors(&self) -> Vec<&Item> {
        self.items.iter().filter(|i| i.stressor).collect()
    }

    fn name(&self, role: &str) -> String {
        self.roster
            .iter()
            .find(|(r, _)| r == role)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    }

    fn budget(&self) -> u64 {
        ((self.budget_min + self.budget_max) / 2) / 500 * 500
    }

    /// Eight (action, owner role, outcome) lines over four weeks for the
    /// given targets: a main action each, then follow-ups.
    fn lines_for(&self, ids: &[&'static str], k: usize) -> Vec<(String, &'static str, String)> {
        let mut lines = Vec::new();
        for id in ids {
            let (main, _, outcome) = actions(id, k);
            lines.push((main.to_owned(), owner_role(id), outcome.to_owned()));
        }
        let mut j = 0;
        while lines.len() < 8 {
            let id = ids[j % ids.len()];
            let (_, follow, outcome) = actions(id, k);
            lines.push((follow.to_owned(), owner_role(id), outcome.to_owned()));
            j += 1;
        }
        lines
    }

    fn targets(&self) -> Vec<&'static str> {
        self.stressors().iter().map(|i| i.id).collect()
    }
}

fn risk_text(p: &Plan, k: usize) -> String {
    if k.is_multiple_of(2) {
        format!(
            "Risk: delivery pressure could push these changes aside; to reduce it, {} protects the time in sprint planning.",
            p.name("head of engineering")
        )
    } else {
        format!(
            "Risk: people may not use the support for fear of looking weak. Mitigation: {} goes first and the sessions stay confidential.",
            p.name("engineering manager")
        )
    }
}

fn kpis_text(p: &Plan, bullet: &str) -> String {
    p.stressors()
        .iter()
        .take(3)
        .enumerate()
        .map(|(i, it)| {
            let b = if bullet == "1." {
                format!("{}.", i + 1)
            } else {
                bullet.to_owned()
            };
            format!("{b} {}", kpi(it))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A whole plan: `layout` picks the week headings and the owner format.
fn plan_answer(
    p: &Plan,
    layout: usize,
    lines: &[(String, String, String)],
    kpis: &str,
    risk: &str,
    budget: &str,
) -> String {
    let mut out = String::new();
    if layout == 3 {
        out.push_str("| Week | Action | Owner | Expected outcome |\n|---|---|---|---|\n");
        for (i, (action, owner, outcome)) in lines.iter().enumerate() {
            out.push_str(&format!(
                "| {} | {action} | {owner} | {outcome} |\n",
                i / 2 + 1
            ));
        }
        out.push('\n');
    } else {
        for week in 0..4 {
            out.push_str(&match layout {
                0 => format!("Week {}:\n", week + 1),
                1 => format!("### Week {}\n", week + 1),
                _ => format!("**Week {}**\n", week + 1),
            });
            for (action, owner, outcome) in &lines[week * 2..week * 2 + 2] {
                out.push_str(&match layout {
                    0 => format!("- {action} - owner: {owner}; outcome: {outcome}\n"),
                    1 => format!("- Action: {action}. Owner: {owner}. Outcome: {outcome}.\n"),
                    _ => format!("1. {action} (Owner: {owner}) -> expected outcome: {outcome}\n"),
                });
            }
        }
    }
    let _ = p;
    out.push_str(&format!("KPIs:\n{kpis}\n{risk}\n{budget}"));
    out
}

fn owned(p: &Plan, lines: Vec<(String, &'static str, String)>) -> Vec<(String, String, String)> {
    lines
        .into_iter()
        .map(|(a, role, o)| (a, format!("{} ({role})", p.name(role)), o))
        .collect()
}

const PLAN_CRITERIA: [&str; 6] = [
    "stressor_coverage",
    "weekly_structure",
    "owners",
    "kpis",
    "risk",
    "budget",
];

#[test]
fn plan_natural_answers_earn_each_criterion() {
    let mut table = Table::new("plan natural answers");
    for p in plans() {
        for layout in 0..4 {
            let lines = owned(&p, p.lines_for(&p.targets(), layout));
            let kpis = kpis_text(&p, ["-", "1.", "*", "-"][layout]);
            let answer = plan_answer(
                &p,
                layout,
                &lines,
                &kpis,
                &risk_text(&p, layout),
                &format!(
                    "Budget: ${} in total, for cover, facilitation and counselling.",
                    thousands(p.budget())
                ),
            );
            let obs = play(PLAN, p.seed, &answer);
            for crit in PLAN_CRITERIA {
                let got = criterion(&obs, crit);
                table.row(got >= 1.0 - 1e-9, || {
                    describe(
                        PLAN,
                        p.seed,
                        &answer,
                        &obs,
                        &format!("layout {layout}: {crit}={got}, want 1"),
                    )
                });
            }
        }
        // Budget written the ways people write money.
        let b = p.budget();
        let forms = [
            format!("Budget: USD {}", thousands(b)),
            format!(
                "Budget: {} dollars, mostly for the contractor",
                thousands(b)
            ),
            format!("Budget: US${} total", thousands(b)),
            format!("Budget: ${}.00", thousands(b)),
            format!("Budget: ${}k all in", trim_k(b)),
            format!("**Budget:** ${b}"),
        ];
        for form in forms {
            let lines = owned(&p, p.lines_for(&p.targets(), 0));
            let answer = plan_answer(&p, 0, &lines, &kpis_text(&p, "-"), &risk_text(&p, 0), &form);
            let obs = play(PLAN, p.seed, &answer);
            let got = criterion(&obs, "budget");
            table.row(got >= 1.0 - 1e-9, || {
                describe(
                    PLAN,
                    p.seed,
                    &answer,
                    &obs,
                    &format!("budget {form:?}: budget={got}, want 1"),
                )
            });
        }
    }
    table.finish();
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn trim_k(n: u64) -> String {
    if n.is_multiple_of(1000) {
        (n / 1000).to_string()
    } else {
        format!("{:.1}", n as f64 / 1000.0)
    }
}

#[test]
fn plan_exploits_earn_nothing() {
    let mut table = Table::new("plan exploits");
    let general: [(&str, &str, &str); 8] = [
        (
            "Share the counselling service's contact details with everyone",
            "external EAP provider",
            "people know where to get help",
        ),
        (
            "Run a short anonymous wellbeing survey",
            "HR business partner",
            "a baseline to compare against",
        ),
        (
            "Discuss the plan in the sprint retro and adjust it",
            "engineering manager",
            "the plan follows the team",
        ),
        (
            "Brief managers on spotting burnout early",
            "HR business partner",
            "earlier support",
        ),
        (
            "Set up peer buddies for hard weeks",
            "team lead",
            "nobody struggles alone",
        ),
        (
            "Hold a mid-plan review with the team",
            "engineering manager",
            "the plan keeps working",
        ),
        (
            "Remind everyone to take their breaks",
            "engineering manager",
            "healthier habits",
        ),
        (
            "Send a weekly wellbeing newsletter",
            "HR business partner",
            "people feel supported",
        ),
    ];
    for p in plans() {
        let s = p.stressors().len();
        let kpis = kpis_text(&p, "-");
        let risk = risk_text(&p, 0);
        let budget = format!("Budget: ${}", thousands(p.budget()));
        let mut check = |name: &str, crit: &str, bound: f64, answer: String| {
            let obs = play(PLAN, p.seed, &answer);
            let got = criterion(&obs, crit);
            table.row(got <= bound, || {
                describe(
                    PLAN,
                    p.seed,
                    &answer,
                    &obs,
                    &format!("{name}: {crit}={got}, want <= {bound:.3}"),
                )
            });
        };
        let generic = owned(
            &p,
            general
                .iter()
                .map(|(a, r, o)| ((*a).to_owned(), *r, (*o).to_owned()))
                .collect(),
        );
        check(
            "generic plan naming nothing of this team",
            "stressor_coverage",
            0.1,
            plan_answer(&p, 0, &generic, &kpis, &risk, &budget),
        );

        let shown: Vec<&'static str> = p.items.iter().map(|i| i.id).collect();
        let everything = owned(&p, p.lines_for(&shown, 0));
        check(
            "every profile item tackled",
            "stressor_coverage",
            f1(s, shown.len(), s) + EPS,
            plan_answer(&p, 0, &everything, &kpis, &risk, &budget),
        );
        let all_ten = owned(&p, {
            let mut lines = Vec::new();
            for id in ALL_METRICS {
                let (a, _, o) = actions(id, 1);
                lines.push((a.to_owned(), owner_role(id), o.to_owned()));
            }
            lines
        });
        // Ten lines: weeks take two each and the last two ride along in week 4.
        let mut ten = plan_answer(&p, 0, &all_ten[..8], &kpis, &risk, &budget);
        let extra: String = all_ten[8..]
            .iter()
            .map(|(a, o2, o)| format!("- {a} - owner: {o2}; outcome: {o}\n"))
            .collect();
        ten = ten.replacen("KPIs:\n", &format!("{extra}KPIs:\n"), 1);
        check(
            "every metric of the rubric tackled",
            "stressor_coverage",
            f1(s, 10, s) + EPS,
            ten,
        );

        let names: Vec<String> = p
            .stressors()
            .iter()
            .map(|i| actions(i.id, 0).0.to_lowercase())
            .collect();
        let mut stuffed = generic.clone();
        stuffed[0] = (
            format!("In one go: {}", names.join("; ")),
            format!("{} (engineering manager)", p.name("engineering manager")),
            "everything fixed".to_owned(),
        );
        check(
            "one action line naming every stressor",
            "stressor_coverage",
            f1(1, 1, s) + EPS,
            plan_answer(&p, 0, &stuffed, &kpis, &risk, &budget),
        );

        let right = owned(&p, p.lines_for(&p.targets(), 0));
        let (lo, hi) = (p.budget_min, p.budget_max);
        for (name, b) in [
            (
                "budget: the stated range copied",
                format!("Budget: between ${} and ${}", thousands(lo), thousands(hi)),
            ),
            (
                "budget: 'X or Y' with Y outside the range",
                format!(
                    "Budget: ${} or ${}",
                    thousands(p.budget()),
                    thousands(hi + 5000)
                ),
            ),
            (
                "budget: a range reaching outside",
                format!("Budget: ${}-${}", thousands(lo), thousands(hi + 3000)),
            ),
            (
                "budget: a list of totals",
                format!(
                    "Budget: ${}, ${} or ${}",
                    thousands(lo.saturating_sub(2000)),
                    thousands(p.budget()),
                    thousands(hi + 2000)
                ),
            ),
        ] {
            check(
                name,
                "budget",
                0.01,
                plan_answer(&p, 0, &right, &kpis, &risk, &b),
            );
        }
        check(
            "budget: a second Budget section outside the range",
            "budget",
            0.01,
            format!(
                "{}\nBudget: ${}",
                plan_answer(&p, 0, &right, &kpis, &risk, &budget),
                thousands(hi * 2)
            ),
        );

        let stuffed_kpi = format!(
            "- {}",
            p.stressors()
                .iter()
                .map(|i| kpi(i))
                .collect::<Vec<_>>()
                .join("; ")
        );
        check(
            "one KPI line measuring every stressor",
            "kpis",
            1.0 / 3.0 + EPS,
            plan_answer(&p, 0, &right, &stuffed_kpi, &risk, &budget),
        );
        let copied_kpis = p
            .stressors()
            .iter()
            .take(3)
            .map(|i| format!("- {}", i.line))
            .collect::<Vec<_>>()
            .join("\n");
        check(
            "KPIs copied from the profile",
            "kpis",
            0.1,
            plan_answer(&p, 0, &right, &copied_kpis, &risk, &budget),
        );

        let hedged: Vec<(String, String, String)> = p
            .lines_for(&p.targets(), 0)
            .into_iter()
            .map(|(a, role, o)| {
                let other = if role == "head of engineering" {
                    "engineering manager"
                } else {
                    "head of engineering"
                };
                (a, format!("{} or {}", p.name(role), p.name(other)), o)
            })
            .collect();
        check(
            "every action with two owners",
            "owners",
            0.1,
            plan_answer(&p, 0, &hedged, &kpis, &risk, &budget),
        );
        let eap: Vec<(String, String, String)> = p
            .lines_for(&p.targets(), 0)
            .into_iter()
            .map(|(a, _, o)| {
                (
                    a,
                    format!(
                        "{} (external EAP provider)",
                        p.name("external EAP provider")
                    ),
                    o,
                )
            })
            .collect();
        check(
            "every action owned by the EAP provider",
            "owners",
            0.1,
            plan_answer(&p, 0, &eap, &kpis, &risk, &budget),
        );

        check(
            "risk: the case pasted",
            "risk",
            0.1,
            plan_answer(
                &p,
                0,
                &right,
                &kpis,
                &format!("Risk: {}", p.scenario.replace('\n', " ")),
                &budget,
            ),
        );

        let obs = play(PLAN, p.seed, &p.scenario);
        let got = score_of(&obs);
        table.row(got <= 0.1, || {
            describe(
                PLAN,
                p.seed,
                "<scenario>",
                &obs,
                &format!("scenario pasted: score={got}, want <= 0.1"),
            )
        });
    }
    table.finish();
}
