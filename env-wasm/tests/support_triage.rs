//! `support_triage` through the JSON seam: the reference policy scores 1.0,
//! blind policies score low, shaped rewards cannot be farmed, feedback
//! never tells a right label from a wrong one, bad values are refused
//! without counting, the step limit ends the episode, and scenarios are
//! diverse. Measurements for the record print with `-- --nocapture`.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

const TASKS: [&str; 3] = ["easy", "medium", "hard"];
const PRIORITIES: [&str; 4] = ["low", "medium", "high", "urgent"];
const DEPARTMENTS: [&str; 3] = ["billing", "technical", "general"];
const DISPOSITIONS: [&str; 3] = ["resolved", "escalate_supervisor", "pending_customer"];

/// The default difficulty level, the one the tests without a level play.
const DEFAULT_LEVEL: u8 = 2;
const LEVELS: [u8; 5] = [1, 2, 3, 4, 5];

fn env(task: &str, seed: u64) -> (AnyEnv, Value) {
    env_at(task, DEFAULT_LEVEL, seed)
}

fn env_at(task: &str, level: u8, seed: u64) -> (AnyEnv, Value) {
    let mut env = AnyEnv::new("support_triage").expect("registered");
    let reset = env
        .reset(
            &json!({"task": task, "difficulty": level, "seed": seed}),
            ResetDefaults::default(),
        )
        .expect("valid reset");
    (env, reset.observation.to_value())
}

fn step(env: &mut AnyEnv, action: Value) -> (Value, f64, bool) {
    let result = env
        .step(&action)
        .unwrap_or_else(|e| panic!("{action} refused: {e}"));
    (
        result.observation.to_value(),
        result.reward.unwrap_or(f64::NAN),
        result.done,
    )
}

fn ids(observation: &Value) -> Vec<String> {
    observation["inbox"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|r| r["ticket_id"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Play the reference policy; returns (score, total reward, steps, last observation).
fn play_reference(task: &str, seed: u64) -> (f64, f64, u32, Value) {
    let (mut env, mut last) = env(task, seed);
    let mut total = 0.0;
    let mut steps = 0;
    while !env.is_done() {
        let action = env.reference_action().expect("reference acts until done");
        let (observation, reward, _) = step(&mut env, action);
        total += reward;
        steps += 1;
        last = observation;
    }
    (env.terminal_score().unwrap_or(f64::NAN), total, steps, last)
}

#[test]
fn reference_policy_scores_full_on_a_thousand_seeds() {
    for task in TASKS {
        let mut rewards = 0.0;
        let mut steps = 0;
        let mut failures = Vec::new();
        for seed in 0..1000 {
            let (score, total, n, last) = play_reference(task, seed);
            if score != 1.0 {
                failures.push(format!("seed {seed}: {score} {}", last["feedback"]));
            }
            rewards += total;
            steps += n;
        }
        println!(
            "reference {task}: {} of 1000 seeds score 1.0; mean episode reward {:.4}, mean steps {:.2}",
            1000 - failures.len(),
            rewards / 1000.0,
            f64::from(steps) / 1000.0
        );
        assert!(
            failures.is_empty(),
            "{task}: {}",
            failures[..failures.len().min(5)].join("\n")
        );
    }
}

/// The customer's first name as the inbox shows it.
fn first_name(observation: &Value, index: usize) -> String {
    observation["inbox"][index]["customer"]
        .as_str()
        .and_then(|c| c.split(' ').next())
        .unwrap_or_default()
        .to_owned()
}

/// Replies a policy can write without opening the ticket.
#[derive(Clone, Copy, Debug)]
enum BlindReply {
    /// Name, ticket id and a generic next step.
    Generic,
    /// The same, handing every case to the billing supervisor.
    Escalation,
    /// Every team and every request at once.
    KitchenSink,
    /// Name, ticket id and the fastest next step any SLA allows: the
    /// strongest reply that does nothing case-specific.
    Fast,
}

fn blind_reply(kind: BlindReply, first: &str, id: &str) -> String {
    let opening = format!("Hi {first},\n\nThank you for contacting us about ticket {id}.");
    let body = match kind {
        BlindReply::Generic => {
            "We are looking into it and will get back to you within one business day."
        }
        BlindReply::Escalation => {
            "I have passed your message to our billing supervisor for review. Our billing supervisor will contact you within 1 hour."
        }
        BlindReply::Fast => "We are looking into it and will get back to you within 1 hour.",
        BlindReply::KitchenSink => {
            "I have passed your message to our billing supervisor, our privacy officer, our legal team and our security team. \
             Please reply with the invoice number. Please reply from the email address registered on your account to verify your identity. \
             Please reset your password now. Our team will contact you within 1 hour."
        }
    };
    format!("{opening} {body}\n\nBest regards,\nSupport")
}

/// A policy that opens each ticket and reads none: labels from
/// `labels(ticket index)`, and in the exception task a blind reply and a
/// disposition.
fn play_blind(
    task: &str,
    seed: u64,
    reply: BlindReply,
    labels: impl FnMut(usize) -> (&'static str, &'static str, &'static str),
) -> f64 {
    play_blind_at(task, DEFAULT_LEVEL, seed, reply, labels)
}

/// [`play_blind`] at difficulty `level`.
fn play_blind_at(
    task: &str,
    level: u8,
    seed: u64,
    reply: BlindReply,
    mut labels: impl FnMut(usize) -> (&'static str, &'static str, &'static str),
) -> f64 {
    let (mut env, first) = env_at(task, level, seed);
    for (i, id) in ids(&first).iter().enumerate() {
        let (priority, department, disposition) = labels(i);
        // Opened and not read: labels set on a ticket never opened earn
        // nothing, so opening is what leaves the blind labels measured.
        step(&mut env, json!({"command": "view_ticket", "ticket_id": id}));
        step(
            &mut env,
            json!({"command": "set_triage", "ticket_id": id, "priority": priority, "department": department}),
        );
        if task == "hard" {
            let body = blind_reply(reply, &first_name(&first, i), id);
            step(
                &mut env,
                json!({"command": "draft_reply", "ticket_id": id, "reply_body": body}),
            );
            step(
                &mut env,
                json!({"command": "set_disposition", "ticket_id": id, "disposition": disposition}),
            );
        }
    }
    step(&mut env, json!({"command": "submit_episode"}));
    env.terminal_score().unwrap_or(f64::NAN)
}

const BLIND_SEEDS: u64 = 500;
const BLIND_BOUND: f64 = 0.40;

fn mean(scores: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = scores.fold((0.0, 0u32), |(s, n), x| (s + x, n + 1));
    sum / f64::from(n.max(1))
}

#[test]
fn blind_policies_score_low() {
    for task in TASKS {
        let dispositions: &[&'static str] = if task == "hard" {
            &DISPOSITIONS
        } else {
            &["resolved"]
        };
        // Constant labels without opening tickets: every constant, the best reported.
        let mut best = (0.0, String::new());
        let mut all = Vec::new();
        for p in PRIORITIES {
            for d in DEPARTMENTS {
                for disp in dispositions {
                    let m =
                        mean((0..BLIND_SEEDS).map(|seed| {
                            play_blind(task, seed, BlindReply::Generic, |_| (p, d, disp))
                        }));
                    all.push(m);
                    if m > best.0 {
                        best = (m, format!("{p}/{d}/{disp}"));
                    }
                }
            }
        }
        let constant_mean = mean(all.iter().copied());
        // Always urgent + escalate, with the best department for it.
        let urgent = DEPARTMENTS
            .iter()
            .map(|d| {
                mean((0..BLIND_SEEDS).map(|seed| {
                    play_blind(task, seed, BlindReply::Generic, |_| {
                        ("urgent", d, "escalate_supervisor")
                    })
                }))
            })
            .fold(0.0, f64::max);
        // Random labels.
        let random = mean((0..BLIND_SEEDS).map(|seed| {
            let mut rng = SeededRng::new(seed, 99);
            play_blind(task, seed, BlindReply::Generic, |_| {
                (
                    *rng.pick(&PRIORITIES),
                    *rng.pick(&DEPARTMENTS),
                    *rng.pick(&DISPOSITIONS),
                )
            })
        }));
        println!(
            "blind {task} over {BLIND_SEEDS} seeds: constant labels mean {constant_mean:.4} (best {} {:.4}); \
             always urgent+escalate {urgent:.4}; random labels {random:.4}",
            best.1, best.0
        );
        assert!(
            best.0 <= BLIND_BOUND,
            "{task}: constant {} {}",
            best.1,
            best.0
        );
        assert!(urgent <= BLIND_BOUND, "{task}: urgent {urgent}");
        assert!(random <= BLIND_BOUND, "{task}: random {random}");
    }
}

#[test]
fn blind_template_replies_do_not_rescue_the_exception_task() {
    // The strongest constant labels with replies written to game the
    // reply criteria without reading the ticket.
    for reply in [
        BlindReply::Generic,
        BlindReply::Escalation,
        BlindReply::KitchenSink,
    ] {
        let mut best = 0.0f64;
        for p in PRIORITIES {
            for d in DEPARTMENTS {
                for disp in DISPOSITIONS {
                    let m = mean(
                        (0..200).map(|seed| play_blind("hard", seed, reply, |_| (p, d, disp))),
                    );
                    best = best.max(m);
                }
            }
        }
        println!("blind hard with the {reply:?} reply: best constant labels {best:.4}");
        assert!(best <= BLIND_BOUND, "{reply:?}: {best}");
    }
}

/// The most any sequence may earn before the terminal step.
const PRE_TERMINAL_BOUND: f64 = 0.20;

/// The reference policy's set_triage action for ticket `id` (gold labels),
/// read from a fresh episode of the same seed after opening the ticket.
fn gold_triage(task: &str, seed: u64, id: &str) -> Value {
    let (mut env, _) = env(task, seed);
    step(&mut env, json!({"command": "view_ticket", "ticket_id": id}));
    loop {
        let action = env.reference_action().expect("acts");
        if action["command"] == "set_triage" && action["ticket_id"] == id {
            return action;
        }
        step(&mut env, action);
    }
}

/// Play `actions` in turn for the whole step budget, never submitting;
/// returns (sum of rewards before the terminal step, episode total).
fn farm(task: &str, seed: u64, actions: &[Value]) -> (f64, f64) {
    let (mut env, _) = env(task, seed);
    let (mut before, mut total) = (0.0, 0.0);
    let mut i = 0;
    while !env.is_done() {
        let (_, reward, done) = step(&mut env, actions[i % actions.len()].clone());
        if !done {
            before += reward;
        }
        total += reward;
        i += 1;
    }
    (before, total)
}

#[test]
fn farming_never_beats_the_reference_episode() {
    let mut worst_margin = f64::INFINITY;
    let mut best_before = f64::NEG_INFINITY;
    for task in TASKS {
        for seed in 0..100 {
            let (_, reference_total, _, _) = play_reference(task, seed);
            let (_, first) = env(task, seed);
            let ids = ids(&first);
            let view = |id: &str| json!({"command": "view_ticket", "ticket_id": id});
            let gold: Vec<Value> = ids.iter().map(|id| gold_triage(task, seed, id)).collect();
            let mut wrong = gold[0].clone();
            wrong["priority"] = json!(if gold[0]["priority"] == "low" {
                "high"
            } else {
                "low"
            });
            let mut strategies: Vec<Vec<Value>> = vec![
                // Open, then repeat the right triage for the whole budget.
                std::iter::once(view(&ids[0]))
                    .chain(std::iter::repeat_n(gold[0].clone(), 40))
                    .collect(),
                // Alternate a right and a wrong triage.
                vec![
                    view(&ids[0]),
                    gold[0].clone(),
                    wrong.clone(),
                    gold[0].clone(),
                    wrong,
                ],
                // Cycle through opening every ticket.
                ids.iter().map(|id| view(id)).collect(),
                // Open and triage every ticket, then keep re-triaging them in turn.
                ids.iter()
                    .map(|id| view(id))
                    .chain(gold.iter().cloned())
                    .collect(),
                // Alternate the inbox and a view.
                vec![json!({"command": "show_inbox"}), view(&ids[0])],
            ];
            if task == "hard" {
                let (mut e, _) = env(task, seed);
                let mut actions = Vec::new();
                while let Some(a) = e.reference_action() {
                    if a["command"] == "submit_episode" {
                        break;
                    }
                    step(&mut e, a.clone());
                    actions.push(a);
                }
                let mut other = actions[2].clone();
                other["reply_body"] = json!("Hi, we are on it.");
                // Everything right, then alternating replies until the limit.
                strategies.push(
                    actions
                        .iter()
                        .cloned()
                        .chain([other].into_iter().cycle().take(1))
                        .chain(actions[2..3].iter().cloned())
                        .collect(),
                );
                strategies.push(actions.clone());
            }
            for actions in &strategies {
                let (before, total) = farm(task, seed, actions);
                best_before = best_before.max(before);
                worst_margin = worst_margin.min(reference_total - total);
                assert!(
                    before <= PRE_TERMINAL_BOUND + 1e-9,
                    "{task} seed {seed}: {before} before the end"
                );
                assert!(
                    total < reference_total,
                    "{task} seed {seed}: farming {total} >= reference {reference_total} with {actions:?}"
                );
            }
        }
    }
    println!(
        "farming: best pre-terminal sum {best_before:.4}; reference beats every farming episode by at least {worst_margin:.4}"
    );
}

/// A random action, playable or not, over the inbox's ids and an unknown one.
fn random_action(rng: &mut SeededRng, ids: &[String]) -> Value {
    let mut pool: Vec<String> = ids.to_vec();
    pool.push("T-1".to_owned());
    let id = rng.pick(&pool).clone();
    match rng.below(8) {
        0 => json!({"command": "show_inbox"}),
        1 | 2 => json!({"command": "view_ticket", "ticket_id": id}),
        3 | 4 => json!({"command": "set_triage", "ticket_id": id,
            "priority": rng.pick(&PRIORITIES), "department": rng.pick(&DEPARTMENTS)}),
        5 => json!({"command": "draft_reply", "ticket_id": id,
            "reply_body": *rng.pick(&["We will refund you.", "Hi", "", "Please reply with the invoice number."])}),
        6 => {
            json!({"command": "set_disposition", "ticket_id": id, "disposition": rng.pick(&DISPOSITIONS)})
        }
        _ => json!({"command": "view_ticket"}),
    }
}

#[test]
fn no_sequence_earns_more_than_the_bound_before_the_end() {
    let mut best = f64::NEG_INFINITY;
    for task in TASKS {
        for seed in 0..300 {
            let (mut env, first) = env(task, seed);
            let ids = ids(&first);
            let mut rng = SeededRng::new(seed, 7);
            let mut sum = 0.0;
            while !env.is_done() {
                let action = random_action(&mut rng, &ids);
                // An action that cannot be played (an unknown id, an
                // empty field) is refused and counts nothing.
                if env.validate_action(&action).is_err() {
                    assert!(env.step(&action).is_err(), "{action}");
                    continue;
                }
                let (_, reward, done) = step(&mut env, action);
                assert!((-1.0..=1.0).contains(&reward));
                if !done {
                    sum += reward;
                    best = best.max(sum);
                    assert!(
                        sum <= PRE_TERMINAL_BOUND + 1e-9,
                        "{task} seed {seed}: {sum}"
                    );
                }
            }
        }
    }
    println!(
        "random sequences: best running sum before the end {best:.4} (bound {PRE_TERMINAL_BOUND})"
    );
}

/// The observation without the agent's own labels in the inbox (the text
/// forms, which carry them too, go whole: they are written from the rows).
fn without_labels(mut observation: Value) -> Value {
    if let Some(fields) = observation.as_object_mut() {
        fields.remove("inbox_summary");
        fields.remove("ticket_detail");
    }
    if let Some(rows) = observation["inbox"].as_array_mut() {
        for row in rows {
            if let Some(row) = row.as_object_mut() {
                row.remove("priority");
                row.remove("department");
                row.remove("disposition");
            }
        }
    }
    if let Some(detail) = observation["opened_ticket"].as_object_mut() {
        detail.remove("draft_reply");
    }
    observation
}

#[test]
fn feedback_never_tells_a_right_label_from_a_wrong_one() {
    for task in TASKS {
        for seed in 0..60 {
            let (_, first) = env(task, seed);
            let id = ids(&first)[0].clone();
            // Every label set on the opened ticket gives the same
            // observation (but for the labels shown back), reward and done.
            let outcome = |action: Value, before: &[Value]| {
                let (mut env, _) = env(task, seed);
                step(&mut env, json!({"command": "view_ticket", "ticket_id": id}));
                for a in before {
                    step(&mut env, a.clone());
                }
                let (observation, reward, done) = step(&mut env, action);
                (without_labels(observation), reward.to_bits(), done)
            };
            let mut seen = BTreeSet::new();
            for p in PRIORITIES {
                for d in DEPARTMENTS {
                    let action = json!({"command": "set_triage", "ticket_id": id, "priority": p, "department": d});
                    seen.insert(format!("{:?}", outcome(action.clone(), &[])));
                    // And again after a different first triage (the second
                    // never pays; repeating it exactly is a loop, right or wrong).
                    if (p, d) == ("low", "general") {
                        continue;
                    }
                    let earlier = json!({"command": "set_triage", "ticket_id": id, "priority": "low", "department": "general"});
                    seen.insert(format!("second {:?}", outcome(action, &[earlier])));
                }
            }
            assert_eq!(seen.len(), 2, "{task} seed {seed}: triage feedback differs");
            if task == "hard" {
                let mut seen = BTreeSet::new();
                for disposition in DISPOSITIONS {
                    let action = json!({"command": "set_disposition", "ticket_id": id, "disposition": disposition});
                    seen.insert(format!("{:?}", outcome(action, &[])));
                }
                assert_eq!(
                    seen.len(),
                    1,
                    "hard seed {seed}: disposition feedback differs"
                );
                let reference = {
                    let (mut e, _) = env(task, seed);
                    loop {
                        let a = e.reference_action().expect("acts");
                        if a["command"] == "draft_reply" {
                            break a["reply_body"].as_str().unwrap_or_default().to_owned();
                        }
                        step(&mut e, a);
                    }
                };
                let mut seen = BTreeSet::new();
                for body in [
                    reference.clone(),
                    format!("{reference} We will refund you in full today."),
                    "Your data is safe. Please send us your password.".to_owned(),
                    "ok".to_owned(),
                ] {
                    let action =
                        json!({"command": "draft_reply", "ticket_id": id, "reply_body": body});
                    seen.insert(format!("{:?}", outcome(action, &[])));
                }
                assert_eq!(seen.len(), 1, "hard seed {seed}: reply feedback differs");
            }
        }
    }
}

#[test]
fn invalid_values_are_refused_naming_the_field_and_do_not_count() {
    let (mut env, first) = env("medium", 3);
    let id = ids(&first)[0].clone();
    let cases = [
        (
            json!({"command": "show_inbox", "priority": "super-urgent"}),
            "action.priority",
            "allowed: low, medium, high, urgent",
        ),
        (
            json!({"command": "set_triage", "ticket_id": id, "department": "sales"}),
            "action.department",
            "allowed: billing, technical, general",
        ),
        (
            json!({"command": "set_disposition", "ticket_id": id, "disposition": "closed"}),
            "action.disposition",
            "allowed: resolved, escalate_supervisor, pending_customer",
        ),
        (
            json!({"command": "delete_ticket"}),
            "action.command",
            "allowed: show_inbox, view_ticket, set_triage, draft_reply, set_disposition, submit_episode",
        ),
        (
            json!({"command": "show_inbox", "note": 1}),
            "action.note",
            "unknown field",
        ),
        (
            json!({"ticket_id": id}),
            "action",
            "missing field `command`",
        ),
        (
            json!({"command": "set_triage", "priority": 3}),
            "action.priority",
            "priority",
        ),
        (
            json!({"command": "draft_reply", "ticket_id": id, "reply_body": "x".repeat(4001)}),
            "action.reply_body",
            "at most 4000",
        ),
    ];
    for (action, field, message) in cases {
        let err = env.step(&action).expect_err("refused");
        assert_eq!(err.code(), "VALIDATION_ERROR", "{action}");
        assert_eq!(err.field(), Some(field), "{action}");
        assert!(err.to_string().contains(message), "{action}: {err}");
    }
    assert_eq!(env.state()["step_count"], json!(0));
    // Labels are read leniently: case and spaces are forgiven.
    let ok = json!({"command": "set_triage", "ticket_id": id.to_lowercase(), "priority": " High ", "department": "BILLING"});
    let (observation, _, _) = step(&mut env, ok);
    assert_eq!(observation["inbox"][0]["priority"], json!("high"));
    assert_eq!(observation["inbox"][0]["department"], json!("billing"));
}

#[test]
fn an_action_that_cannot_be_played_is_refused_and_not_counted() {
    let (mut env, first) = env("easy", 5);
    let id = ids(&first)[0].clone();
    for (action, field, says) in [
        (
            json!({"command": "view_ticket"}),
            "action.ticket_id",
            "needs a `ticket_id`",
        ),
        (
            json!({"command": "set_triage", "ticket_id": "T-1", "priority": "low", "department": "general"}),
            "action.ticket_id",
            id.as_str(),
        ),
        (
            json!({"command": "draft_reply", "ticket_id": id, "reply_body": "   "}),
            "action.reply_body",
            "non-empty",
        ),
        (
            json!({"command": "set_triage", "ticket_id": id}),
            "action.priority",
            "`priority`, `department` or both",
        ),
        (
            json!({"command": "set_disposition", "ticket_id": id}),
            "action.disposition",
            "resolved",
        ),
    ] {
        let err = env.step(&action).err();
        assert_eq!(
            err.as_ref().and_then(|e| e.field()),
            Some(field),
            "{action}"
        );
        let message = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(message.contains(says), "{action}: {message}");
        assert!(message.contains("no step is counted"), "{message}");
        assert!(env.validate_action(&action).is_err(), "{action}");
    }
    assert_eq!(env.state()["step_count"], json!(0));
    // A records-desk command below level 4 is played: a penalised step
    // whose feedback says why it does nothing here.
    let lookup = json!({"command": "lookup_customer", "ticket_id": id});
    let (observation, reward, done) = step(&mut env, lookup.clone());
    assert!(!done);
    assert_eq!(reward, -0.06);
    assert_eq!(observation["reward_breakdown"]["penalty"], json!(-0.06));
    assert!(
        observation["feedback"]
            .as_str()
            .is_some_and(|f| f.contains("levels 4 and 5")),
        "{observation}"
    );
    // Repeating the previous action exactly costs a loop penalty on top.
    let (_, reward, _) = step(&mut env, lookup);
    assert_eq!(reward, -0.11);
    assert_eq!(env.state()["step_count"], json!(2));
}

#[test]
fn the_step_limit_ends_the_episode_and_still_applies_its_action() {
    for task in TASKS {
        let (mut env, first) = env(task, 11);
        let id = ids(&first)[0].clone();
        let max = env.state()["max_steps"].as_u64().unwrap_or(0) as usize;
        assert_eq!(
            max,
            [18, 28, 36][TASKS.iter().position(|t| *t == task).unwrap_or(0)]
        );
        let gold = gold_triage(task, 11, &id);
        step(&mut env, json!({"command": "view_ticket", "ticket_id": id}));
        for i in 0..max - 2 {
            let action = if i % 2 == 0 {
                json!({"command": "show_inbox"})
            } else {
                json!({"command": "view_ticket", "ticket_id": id})
            };
            let (_, _, done) = step(&mut env, action);
            assert!(!done);
        }
        // The last allowed step sets the right triage: it counts.
        let (observation, reward, done) = step(&mut env, gold);
        assert!(done, "{task}");
        let state = env.state();
        assert_eq!(state["finalized"], json!(true));
        assert_eq!(state["terminated_by"], json!("max_steps"));
        assert_eq!(state["steps_remaining"], json!(0));
        let grader = observation["terminal_grader"].as_f64().unwrap_or(-1.0);
        if task == "easy" {
            assert_eq!(grader, 1.0);
        }
        assert!(grader > 0.0, "{task}: the last action was not applied");
        let breakdown = &observation["reward_breakdown"];
        assert_eq!(breakdown["terminal_grader"], observation["terminal_grader"]);
        assert!(breakdown["penalty"].as_f64().unwrap_or(0.0) <= -0.1);
        assert_eq!(breakdown["total"].as_f64(), Some(reward));
        assert!(env.step(&json!({"command": "show_inbox"})).is_err());
    }
}

#[test]
fn observations_keep_the_wire_shape() {
    for task in TASKS {
        let (mut env, first) = env(task, 2);
        let mut observations = vec![first];
        while !env.is_done() {
            let action = env.reference_action().expect("acts");
            observations.push(step(&mut env, action).0);
        }
        for (i, observation) in observations.iter().enumerate() {
            for reserved in ["reward", "done", "metadata"] {
                assert!(
                    observation.get(reserved).is_none(),
                    "{task}: `{reserved}` in observation"
                );
            }
            let breakdown = &observation["reward_breakdown"];
            for key in ["progress", "penalty", "total"] {
                assert!(breakdown[key].is_number(), "{task} #{i}: {key}");
            }
            let last = i + 1 == observations.len();
            assert_eq!(observation["terminal_grader"].is_number(), last);
            assert_eq!(observation["score_breakdown"].is_object(), last);
            assert_eq!(breakdown["terminal_grader"].is_number(), last);
            assert!(
                observation["policy"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("SLA")
            );
        }
        let state = env.state();
        for key in [
            "episode_id",
            "step_count",
            "task",
            "seed",
            "max_steps",
            "steps_remaining",
            "finalized",
        ] {
            assert!(state.get(key).is_some(), "{task}: state lacks {key}");
        }
        assert_eq!(state["task"], json!(task));
        assert_eq!(state["terminated_by"], json!("submit"));
        let criteria = observations
            .last()
            .map(|o| o["score_breakdown"].clone())
            .unwrap_or_default();
        let names: Vec<&str> = criteria
            .as_object()
            .map(|m| m.keys().map(String::as_str).collect())
            .unwrap_or_default();
        if task == "hard" {
            assert_eq!(
                names,
                [
                    "department",
                    "disposition",
                    "priority",
                    "reply_compliance",
                    "reply_elements",
                    "reply_handling",
                    "routing"
                ]
            );
        } else {
            assert_eq!(names, ["department", "priority"]);
        }
    }
}

#[test]
fn the_body_is_needed_the_subject_is_not_enough() {
    // A policy that opens nothing sees ids, names and subjects. Learn the
    // majority gold label per subject on 5,000 tickets (in-sample, so an
    // upper bound) and report how often it is right.
    use std::collections::BTreeMap;
    let mut by_subject: BTreeMap<String, BTreeMap<(String, String), u32>> = BTreeMap::new();
    let mut n = 0u32;
    for seed in 0..1300 {
        let (_, first) = env("medium", seed);
        for (i, id) in ids(&first).iter().enumerate() {
            let gold = gold_triage("medium", seed, id);
            let subject = first["inbox"][i]["subject"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let key = (gold["priority"].to_string(), gold["department"].to_string());
            *by_subject
                .entry(subject)
                .or_default()
                .entry(key)
                .or_default() += 1;
            n += 1;
        }
    }
    let (mut both, mut priority, mut department) = (0u32, 0u32, 0u32);
    for labels in by_subject.values() {
        let best = |f: &dyn Fn(&(String, String)) -> String| {
            let mut counts: BTreeMap<String, u32> = BTreeMap::new();
            for (k, c) in labels {
                *counts.entry(f(k)).or_default() += c;
            }
            counts.values().copied().max().unwrap_or(0)
        };
        both += labels.values().copied().max().unwrap_or(0);
        priority += best(&|k| k.0.clone());
        department += best(&|k| k.1.clone());
    }
    let rate = |x: u32| f64::from(x) / f64::from(n);
    println!(
        "subject oracle over {n} medium tickets ({} subjects): priority {:.3}, department {:.3}, both {:.3}",
        by_subject.len(),
        rate(priority),
        rate(department),
        rate(both)
    );
    assert!(rate(priority) < 0.40, "{}", rate(priority));
    assert!(rate(department) < 0.60, "{}", rate(department));
    assert!(rate(both) < 0.30, "{}", rate(both));
}

#[test]
fn scenarios_are_diverse_over_ten_thousand_seeds() {
    for task in TASKS {
        let mut first_observations = BTreeSet::new();
        let mut scenarios = BTreeSet::new();
        let mut bodies = BTreeSet::new();
        for seed in 0..10_000 {
            let (mut env, first) = env(task, seed);
            let mut scenario = vec![first["inbox"].to_string()];
            for id in ids(&first) {
                let (observation, _, _) =
                    step(&mut env, json!({"command": "view_ticket", "ticket_id": id}));
                let detail = &observation["opened_ticket"];
                bodies.insert(detail["body"].to_string());
                scenario.push(detail.to_string());
            }
            first_observations.insert(first.to_string());
            scenarios.insert(scenario.join("\n"));
        }
        println!(
            "diversity support_triage/{task}: {} distinct first observations, {} distinct scenarios, {} distinct ticket bodies in 10000 seeds",
            first_observations.len(),
            scenarios.len(),
            bodies.len()
        );
        assert!(scenarios.len() >= 9_990, "{task}: {}", scenarios.len());
    }
}

/// The waived fee given back, named by the sum the ticket gives it, is the
/// waiver carried out (policy section 5; play-para-st14, C1): it keeps a
/// fee-waiver reply compliant. Another sum given back is a refund, which
/// no fee-waiver case allows.
#[test]
fn the_waived_fee_given_back_is_the_waiver() {
    use env_wasm::support_triage::generate::generate;
    use env_wasm::support_triage::grade::{Observed, judge_reply};
    use env_wasm::support_triage::policy;
    use env_wasm::support_triage::reference::reference_reply;
    use env_wasm::support_triage::reply::{Commitment, fee_sums};
    use env_wasm::support_triage::tasks::Task;
    use env_wasm::text::Text;
    let mut checked = 0;
    for seed in 0..400 {
        let desk = generate(Task::Hard, seed);
        let ticket = &desk.tickets[0];
        let rules = policy::reply_rules(ticket.case);
        let allowed = rules.allowed_commitments;
        if !allowed.contains(&Commitment::Waiver) || allowed.contains(&Commitment::Refund) {
            continue;
        }
        let body = Text::new(&ticket.body);
        let Some(sum) = fee_sums(&body).into_iter().next() else {
            continue;
        };
        // The sum as the ticket writes it, currency sign included.
        let Some(word) = body
            .words
            .iter()
            .find(|w| w.text.trim_end_matches(['0', '.']) == sum.trim_end_matches(['0', '.']))
        else {
            continue;
        };
        let before = &ticket.body[..word.start];
        let sign = &before[before.trim_end_matches(|c: char| !c.is_whitespace()).len()..];
        let written = format!("{sign}{}", &ticket.body[word.start..word.end]);
        let reference = reference_reply(desk.vendor, ticket);
        let observed = Observed::of(&desk, ticket);
        let back = format!(
            "{reference} If you had already paid it, we will put the {written} back on your card."
        );
        let verdict = judge_reply(ticket, &back, &observed);
        assert!(
            verdict.compliant() && verdict.handled(),
            "{back}: {verdict:?}"
        );
        let other = format!("{reference} We will also put {sign}987.00 back on your card.");
        let verdict = judge_reply(ticket, &other, &observed);
        assert!(!verdict.compliant(), "{other}: {verdict:?}");
        checked += 1;
    }
    assert!(checked >= 10, "{checked} fee-waiver tickets checked");
}

#[test]
fn replies_are_judged_against_their_case() {
    use env_wasm::support_triage::generate::generate;
    use env_wasm::support_triage::grade::{Observed, judge_reply};
    use env_wasm::support_triage::policy::{self, Case};
    use env_wasm::support_triage::reference::reference_reply;
    use env_wasm::support_triage::tasks::Task;
    let mut kinds = BTreeSet::new();
    for seed in 0..400 {
        let desk = generate(Task::Hard, seed);
        let ticket = &desk.tickets[0];
        let kind = ticket.case.kind();
        kinds.insert(kind);
        let reference = reference_reply(desk.vendor, ticket);
        let observed = Observed::of(&desk, ticket);
        let judge_reply = |text: &str| judge_reply(ticket, text, &observed);
        let verdict = judge_reply(&reference);
        assert!(
            verdict.compliant() && verdict.elements() == env_wasm::Points::FULL,
            "{kind}: {verdict:?}"
        );
        // A forbidden promise, in other words, is something the case does
        // not call for: it breaks handling and compliance.
        let may_refund = matches!(
            policy::disposition(ticket.case),
            Some(env_wasm::support_triage::Disposition::Resolved)
        ) && matches!(ticket.case, Case::Refund { .. });
        for promise in [
            "You'll get your money back by Friday.",
            "Refund approved.",
            "We will refund you in full today.",
        ] {
            let verdict = judge_reply(&format!("{reference} {promise}"));
            assert_eq!(verdict.compliant(), may_refund, "{kind}: {promise}");
            assert_eq!(verdict.handled(), may_refund, "{kind}: {promise}");
        }
        // A negated one does not; where the reply must refund, declining
        // the refund it promised is a contradiction that delivers nothing.
        let verdict = judge_reply(&format!("{reference} We cannot promise a refund."));
        assert_eq!(
            verdict.compliant(),
            !may_refund,
            "{kind}: negation read as a promise"
        );
        // Asking for what the case does not need, or naming every team, is off-policy.
        let sink = format!(
            "{reference} Our billing supervisor, privacy officer, legal team and security team are all copied. \
             Please reply with the invoice number."
        );
        assert!(
            !judge_reply(&sink).handled(),
            "{kind}: kitchen sink handled"
        );
        // Promising our next response later than the SLA loses the next step.
        let (sla, _) = policy::sla(policy::priority(ticket.case, ticket.customer.plan));
        if sla < 5 * 1440 {
            let slow = format!("{reference} We will contact you again within 5 business days.");
            let verdict = judge_reply(&slow);
            assert!(!verdict.next_step, "{kind}: slow follow-up accepted");
        }
        // Missing name and id cost two thirds of the elements.
        let bare = reference
            .replace(&ticket.customer.first, "there")
            .replace(&ticket.id, "your ticket");
        assert_eq!(
            judge_reply(&bare).elements(),
            env_wasm::Points(3333),
            "{kind}"
        );
    }
    println!("exception kinds in 400 hard seeds: {kinds:?}");
    assert_eq!(kinds.len(), 9, "{kinds:?}");
}

/// The mean score of the named policy over seeds `0..seeds` of `task`.
fn policy_mean(task: &str, policy: &str, seeds: u64) -> f64 {
    policy_mean_at(task, DEFAULT_LEVEL, policy, seeds)
}

/// [`policy_mean`] at difficulty `level`.
fn policy_mean_at(task: &str, level: u8, policy: &str, seeds: u64) -> f64 {
    mean((0..seeds).map(|seed| {
        let (mut env, _) = env_at(task, level, seed);
        let mut rng = SeededRng::new(seed, 99);
        while !env.is_done() {
            let action = env
                .policy_action(policy, &mut rng)
                .unwrap_or_else(|| panic!("{policy} does not act"));
            step(&mut env, action);
        }
        env.terminal_score().unwrap_or(f64::NAN)
    }))
}

#[test]
fn named_baselines_stay_below_the_bound() {
    let info = env_wasm::registry::find("support_triage").expect("registered");
    // The exploit_* policies have their own, tighter test below.
    let baselines = info
        .policy_names()
        .into_iter()
        .skip(1)
        .filter(|name| !name.starts_with("exploit_"));
    for policy in baselines {
        for task in TASKS {
            let m = policy_mean(task, policy, BLIND_SEEDS);
            println!(
                "baseline support_triage/{task} {policy}: mean {m:.4} over {BLIND_SEEDS} seeds"
            );
            assert!(m <= BLIND_BOUND, "{task} {policy}: {m}");
        }
    }
}

/// The most a blind exploit may average, unless a blind constant answer
/// does better on that task.
const EXPLOIT_BOUND: f64 = 0.30;

/// The best mean over `seeds` of a blind constant answer to `task`: every
/// constant labelling, with the reply that names the customer, quotes the
/// ticket id and promises a reply within the hour (in the exception task).
fn best_constant_answer(task: &str, seeds: u64) -> (f64, String) {
    best_constant_answer_at(task, DEFAULT_LEVEL, seeds)
}

/// [`best_constant_answer`] at difficulty `level`.
fn best_constant_answer_at(task: &str, level: u8, seeds: u64) -> (f64, String) {
    let dispositions: &[&'static str] = if task == "hard" {
        &DISPOSITIONS
    } else {
        &["resolved"]
    };
    let mut best = (0.0, String::new());
    for p in PRIORITIES {
        for d in DEPARTMENTS {
            for disp in dispositions {
                let m = mean((0..seeds).map(|seed| {
                    play_blind_at(task, level, seed, BlindReply::Fast, |_| (p, d, disp))
                }));
                if m > best.0 {
                    best = (m, format!("{p}/{d}/{disp}"));
                }
            }
        }
    }
    best
}

#[test]
fn exploit_policies_score_no_better_than_a_blind_constant_answer() {
    let info = env_wasm::registry::find("support_triage").expect("registered");
    let exploits: Vec<&str> = info
        .policy_names()
        .into_iter()
        .filter(|name| name.starts_with("exploit_"))
        .collect();
    assert!(exploits.len() >= 4, "{exploits:?}");
    let mut table = Vec::new();
    for task in TASKS {
        let (best, labels) = best_constant_answer(task, BLIND_SEEDS);
        let bound = EXPLOIT_BOUND.max(best);
        println!(
            "exploits support_triage/{task}: best blind constant answer {best:.4} ({labels}), bound {bound:.4}"
        );
        for policy in &exploits {
            let m = policy_mean(task, policy, BLIND_SEEDS);
            table.push(format!("{policy} {task} {m:.4}"));
            assert!(
                m <= bound + 1e-9,
                "{task} {policy}: {m:.4} beats the bound {bound:.4}"
            );
        }
    }
    println!(
        "exploit means over {BLIND_SEEDS} seeds:\n{}",
        table.join("\n")
    );
}

// Difficulty levels: the reference still scores 1.0 and finishes within
// the level's step limit, blind policies stay low, the desk grows with the
// level, and the noisy reference scores lower at higher levels.

/// Seeds per level for the level tests (the default level has the tests above).
const LEVEL_SEEDS: u64 = 100;

/// Play the reference at `level`; returns (score, steps, the final state).
fn play_reference_at(task: &str, level: u8, seed: u64) -> (f64, u32, Value) {
    let (mut env, _) = env_at(task, level, seed);
    let mut steps = 0;
    while !env.is_done() {
        let action = env.reference_action().expect("reference acts until done");
        step(&mut env, action);
        steps += 1;
    }
    (env.terminal_score().unwrap_or(f64::NAN), steps, env.state())
}

#[test]
fn reference_scores_full_at_every_level_within_the_step_limit() {
    for task in TASKS {
        for level in LEVELS {
            let mut failures = Vec::new();
            let mut most_steps = 0;
            let mut limit = 0;
            for seed in 0..200 {
                let (score, steps, state) = play_reference_at(task, level, seed);
                limit = state["max_steps"].as_u64().unwrap_or(0);
                most_steps = most_steps.max(steps);
                if score != 1.0 || state["terminated_by"] != "submit" {
                    failures.push(format!("seed {seed}: {score} {state}"));
                }
                assert_eq!(state["difficulty"], json!(level), "{task} seed {seed}");
            }
            println!(
                "reference {task} level {level}: {} of 200 seeds score 1.0; at most {most_steps} steps of {limit}",
                200 - failures.len()
            );
            assert!(
                failures.is_empty(),
                "{task} level {level}: {}",
                failures[..failures.len().min(3)].join("\n")
            );
            assert!(u64::from(most_steps) < limit, "{task} level {level}");
        }
    }
}

#[test]
fn blind_baselines_and_exploits_stay_low_at_every_level() {
    let info = env_wasm::registry::find("support_triage").expect("registered");
    let baselines: Vec<&str> = info.policy_names().into_iter().skip(1).collect();
    let mut table = Vec::new();
    for level in LEVELS {
        for task in TASKS {
            let (best, labels) = best_constant_answer_at(task, level, LEVEL_SEEDS);
            assert!(
                best <= BLIND_BOUND,
                "{task} level {level}: constant {labels} {best}"
            );
            let bound = EXPLOIT_BOUND.max(best);
            let (mut blind, mut exploit) = ((0.0f64, ""), (0.0f64, ""));
            for policy in &baselines {
                let m = policy_mean_at(task, level, policy, LEVEL_SEEDS);
                if policy.starts_with("exploit_") {
                    assert!(
                        m <= bound + 1e-9,
                        "{task} level {level} {policy}: {m:.4} beats the bound {bound:.4}"
                    );
                    if m >= exploit.0 {
                        exploit = (m, policy);
                    }
                } else {
                    assert!(m <= BLIND_BOUND, "{task} level {level} {policy}: {m:.4}");
                    if m >= blind.0 {
                        blind = (m, policy);
                    }
                }
            }
            table.push(format!(
                "level {level} {task}: best constant {best:.4} ({labels}); best baseline {} {:.4}; best exploit {} {:.4} (bound {bound:.4})",
                blind.1, blind.0, exploit.1, exploit.0
            ));
        }
    }
    println!(
        "blind policies over {LEVEL_SEEDS} seeds per level:\n{}",
        table.join("\n")
    );
}

#[test]
fn levels_grow_the_desk_differ_and_are_deterministic() {
    use env_wasm::support_triage::generate::{generate_at, level};
    use env_wasm::support_triage::noisy::facts_at_stake;
    use env_wasm::support_triage::tasks::Task;
    for task in TASKS {
        let which: Task = task.parse().unwrap_or_else(|e| panic!("{e}"));
        // (tickets, facts at stake, body characters) summed over the seeds.
        let mut sizes = Vec::new();
        for difficulty in LEVELS {
            let (mut tickets, mut facts, mut chars) = (0usize, 0usize, 0usize);
            for seed in 0..200 {
                let desk = generate_at(which, difficulty, seed);
                assert_eq!(desk, generate_at(which, difficulty, seed), "{task} {seed}");
                let n = desk.tickets.len();
                if task == "medium" {
                    let (least, most) = level(difficulty).queue;
                    assert!(
                        (least..=most).contains(&(n as i64)),
                        "{task} {difficulty}: {n}"
                    );
                } else {
                    assert_eq!(n, 1, "{task} level {difficulty}");
                }
                tickets += n;
                facts += desk.tickets.iter().map(facts_at_stake).sum::<usize>();
                chars += desk.tickets.iter().map(|t| t.body.len()).sum::<usize>();
            }
            println!(
                "{task} level {difficulty}: {:.2} tickets, {:.2} facts at stake and {:.0} body characters per ticket",
                tickets as f64 / 200.0,
                facts as f64 / tickets as f64,
                chars as f64 / tickets as f64
            );
            sizes.push((tickets, facts as f64 / tickets as f64));
        }
        for pair in sizes.windows(2) {
            assert!(pair[0].0 <= pair[1].0, "{task}: tickets {sizes:?}");
            assert!(pair[0].1 < pair[1].1, "{task}: facts at stake {sizes:?}");
        }
        if task == "medium" {
            assert!(sizes[4].0 > sizes[1].0, "{sizes:?}");
        }
        // The same seed is another desk at every level; the same (task,
        // level, seed) is the same episode through the seam, and no level
        // named is level 2.
        for seed in 0..LEVEL_SEEDS {
            let desks: Vec<String> = LEVELS
                .iter()
                .map(|&l| format!("{:?}", generate_at(which, l, seed)))
                .collect();
            let distinct: BTreeSet<&String> = desks.iter().collect();
            assert_eq!(distinct.len(), LEVELS.len(), "{task} seed {seed}");
            for level in LEVELS {
                let played = play_reference_at(task, level, seed).2;
                assert_eq!(played, play_reference_at(task, level, seed).2);
                assert_eq!(
                    env_at(task, level, seed).1,
                    env_at(task, level, seed).1,
                    "{task} {level} {seed}"
                );
            }
            assert_eq!(env_at(task, DEFAULT_LEVEL, seed).1, env(task, seed).1);
        }
    }
}

/// Play the noisy reference at `error_per_mille`; returns (score, actions).
fn play_noisy(task: &str, level: u8, seed: u64, error_per_mille: u32) -> (f64, Vec<Value>) {
    let (mut env, _) = env_at(task, level, seed);
    let mut rng = SeededRng::new(seed, 0x401);
    let mut actions = Vec::new();
    while !env.is_done() {
        let action = env
            .noisy_reference_action(error_per_mille, &mut rng)
            .expect("the noisy reference acts until done");
        step(&mut env, action.clone());
        actions.push(action);
    }
    (env.terminal_score().unwrap_or(f64::NAN), actions)
}

#[test]
fn the_noisy_reference_scores_lower_at_higher_levels() {
    const SEEDS: u64 = 200;
    for task in TASKS {
        for level in LEVELS {
            // At rate 0 it is the reference, action for action.
            for seed in 0..20 {
                let (score, actions) = play_noisy(task, level, seed, 0);
                assert_eq!(score, 1.0, "{task} level {level} seed {seed}");
                let (mut env, _) = env_at(task, level, seed);
                for action in &actions {
                    assert_eq!(env.reference_action().as_ref(), Some(action));
                    step(&mut env, action.clone());
                }
            }
            let all_wrong = mean((0..50).map(|seed| play_noisy(task, level, seed, 1000).0));
            assert!(all_wrong <= 0.15, "{task} level {level}: {all_wrong}");
        }
        let curve = |rate: u32| -> Vec<f64> {
            LEVELS
                .iter()
                .map(|&level| mean((0..SEEDS).map(|seed| play_noisy(task, level, seed, rate).0)))
                .collect()
        };
        let (at_200, at_100) = (curve(200), curve(100));
        let shown = |c: &[f64]| {
            c.iter()
                .map(|m| format!("{m:.4}"))
                .collect::<Vec<_>>()
                .join(" > ")
        };
        println!(
            "noisy reference {task}, levels 1 to 5 over {SEEDS} seeds: 200‰ {}; 100‰ {}",
            shown(&at_200),
            shown(&at_100)
        );
        // What holds with a margin over 200 seeds: at 200‰ two levels
        // apart always cost more; at 100‰ level 5 costs more than level 2
        // and level 4 more than level 1. Neighbouring levels are printed,
        // not asserted: in the exception task one ticket's score varies
        // more than one level's step.
        for pair in at_200.windows(3) {
            assert!(pair[0] > pair[2] + 0.02, "{task}: {at_200:?}");
        }
        assert!(at_100[4] + 0.02 < at_100[1], "{task}: {at_100:?}");
        assert!(at_100[3] + 0.02 < at_100[0], "{task}: {at_100:?}");
    }
}

/// The reference's actions on `task` at `level` and `seed`, played on a twin.
fn reference_actions_at(task: &str, level: u8, seed: u64) -> Vec<Value> {
    let (mut twin, _) = env_at(task, level, seed);
    let mut actions = Vec::new();
    while !twin.is_done() {
        let action = twin.reference_action().expect("reference acts until done");
        step(&mut twin, action.clone());
        actions.push(action);
    }
    actions
}

/// Play `actions`, then submit if they did not; the final observation.
fn play_actions_at(task: &str, level: u8, seed: u64, actions: &[Value]) -> Value {
    let (mut env, mut last) = env_at(task, level, seed);
    for action in actions {
        if env.is_done() {
            break;
        }
        last = step(&mut env, action.clone()).0;
    }
    if !env.is_done() {
        last = step(&mut env, json!({"command": "submit_episode"})).0;
    }
    last
}

/// Labels set on a ticket never opened earn nothing at every level and
/// task, as the instruction asks each ticket to be opened (play-st34, X8:
/// labels known from an earlier play of the seed kept full credit at
/// levels 3 and 5). Wrong: the reference's labels with every view_ticket
/// dropped, or only the first ticket's. Right, and full: the same labels
/// set before the ticket is opened, and the reference as it plays.
#[test]
fn labels_set_on_a_ticket_never_opened_earn_nothing() {
    let is_view = |a: &Value| a["command"] == "view_ticket";
    for task in TASKS {
        for level in LEVELS {
            for seed in 0..6 {
                let actions = reference_actions_at(task, level, seed);
                let labelled = |a: &Value| a["command"] == "set_triage";
                if !actions.iter().any(labelled) {
                    continue;
                }
                // Never opened: every label criterion earns nothing.
                let blind: Vec<Value> = actions.iter().filter(|a| !is_view(a)).cloned().collect();
                let end = play_actions_at(task, level, seed, &blind);
                let breakdown = &end["score_breakdown"];
                for criterion in ["priority", "department", "disposition"] {
                    if let Some(score) = breakdown[criterion].as_f64() {
                        assert_eq!(score, 0.0, "{task} {level} {seed} {criterion}: {end}");
                    }
                }
                let feedback = end["feedback"].as_str().unwrap_or("");
                assert!(
                    feedback.contains("never opened (view_ticket)"),
                    "{task} {level} {seed}: {feedback}"
                );
                // Only the first ticket left unopened: it alone loses.
                let first = actions.iter().find(|a| is_view(a)).cloned();
                let partial: Vec<Value> = actions
                    .iter()
                    .filter(|a| Some(*a) != first.as_ref())
                    .cloned()
                    .collect();
                let score = play_actions_at(task, level, seed, &partial)["terminal_grader"]
                    .as_f64()
                    .unwrap_or(f64::NAN);
                assert!(score < 1.0, "{task} {level} {seed}: {score}");
                // Opened after labelling: read, and full.
                let (views, rest): (Vec<Value>, Vec<Value>) =
                    actions.iter().cloned().partition(|a| is_view(a));
                let mut late: Vec<Value> = rest
                    .iter()
                    .filter(|a| a["command"] != "submit_episode")
                    .cloned()
                    .collect();
                late.extend(views);
                let score = play_actions_at(task, level, seed, &late)["terminal_grader"]
                    .as_f64()
                    .unwrap_or(f64::NAN);
                assert_eq!(score, 1.0, "{task} {level} {seed}: opened late");
            }
        }
    }
}

#[test]
fn a_disposition_set_without_the_ask_the_instruction_puts_first_earns_nothing() {
    // On the records desk the instruction says to ask the customer first
    // (the identity check of a deletion request from another address, the
    // invoice number of a refund that names none), and the disposition
    // follows from their answer (play-st37, X5): the reference's episode
    // with that ask left out loses the disposition alone, and says why.
    let mut seen = BTreeSet::new();
    for level in [4, 5] {
        for seed in 0..LEVEL_SEEDS {
            let actions = reference_actions_at("hard", level, seed);
            let asked = |a: &Value| a["command"] == "ask_customer";
            let Some(request) = actions
                .iter()
                .filter(|a| asked(a))
                .filter_map(|a| a["request"].as_str())
                .find(|r| matches!(*r, "identity_verification" | "invoice_number"))
            else {
                continue;
            };
            seen.insert(request.to_owned());
            let unasked: Vec<Value> = actions.iter().filter(|a| !asked(a)).cloned().collect();
            let end = play_actions_at("hard", level, seed, &unasked);
            let breakdown = &end["score_breakdown"];
            assert_eq!(
                breakdown["disposition"],
                json!(0.0),
                "{level} {seed}: {end}"
            );
            for kept in [
                "priority",
                "department",
                "routing",
                "reply_handling",
                "reply_compliance",
            ] {
                assert_eq!(breakdown[kept], json!(1.0), "{level} {seed} {kept}: {end}");
            }
            let feedback = end["feedback"].as_str().unwrap_or("");
            assert!(
                feedback.contains(&format!(
                    "without asking the customer first (ask_customer, request {request})"
                )),
                "{level} {seed}: {feedback}"
            );
        }
    }
    assert_eq!(seen.len(), 2, "{seen:?}");
}
