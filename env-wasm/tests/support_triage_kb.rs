//! The knowledge-base desk of `support_triage` levels 4 and 5: the
//! articles state the rule that decides every case they name, a search
//! finds them, the customer's answers decide what they are said to, a
//! ticket that needs nothing scores only as it was, and a reader who
//! never opens the knowledge base loses what it decides. Tables print with
//! `--nocapture`.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::support_triage::generate::{Desk, Nothing, Ticket, generate_at};
use env_wasm::support_triage::grade::{Observed, Work, grade_exception, grade_triage};
use env_wasm::support_triage::kb::{self, Failure};
use env_wasm::support_triage::policy::{self, Case, FeeRule, RefundRule};
use env_wasm::support_triage::records::{PaymentAnswer, Ruled};
use env_wasm::support_triage::records_desk::failure_of;
use env_wasm::support_triage::tasks::Task;
use env_wasm::support_triage::{lookups, reference};
use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

const SEEDS: u64 = 300;
const LEVELS: [u8; 2] = [4, 5];

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len().max(1) as f64
}

/// The gold work of a ticket: its labels, the reference reply and the
/// disposition in the exception task; nothing on a ticket that needs
/// nothing.
fn gold(desk: &Desk, ticket: &Ticket, exceptions: bool) -> Work {
    if ticket.needs_nothing.is_some() {
        return Work::default();
    }
    Work {
        priority: Some(policy::priority(ticket.case, ticket.customer.plan)),
        department: Some(policy::department(ticket.case)),
        disposition: if exceptions {
            policy::disposition(ticket.case)
        } else {
            None
        },
        reply: exceptions.then(|| reference::reference_reply(desk.vendor, ticket)),
    }
}

fn score(task: &str, desk: &Desk, work: &[Work]) -> f64 {
    let grade = if task == "hard" {
        let t = &desk.tickets[0];
        grade_exception(t, &work[0], &Observed::of(desk, t))
    } else {
        grade_triage(&desk.tickets, work, &vec![true; desk.tickets.len()])
    };
    grade.total.to_f64()
}

/// The case a reader who never opens the knowledge base decides: section
/// 4's window and limits for a refund or a fee, whatever the articles say.
fn without_kb(ticket: &Ticket) -> Case {
    match ticket.records.as_ref().and_then(|r| r.ruled) {
        Some(Ruled::Refund(f)) => Case::RefundRuled {
            resolved: f.days_since_charge <= policy::REFUND_WINDOW_DAYS,
            rule: RefundRule::Policy,
        },
        Some(Ruled::Fee(f)) => {
            let recent = f
                .last_waiver
                .is_some_and(|d| d > kb::months_before(f.received, 12));
            Case::FeeRuled {
                resolved: f.usd_cents <= policy::FEE_WAIVER_LIMIT_CENTS && !recent,
                rule: FeeRule::Policy,
            }
        }
        None => ticket.case,
    }
}

#[test]
fn a_reader_without_the_knowledge_base_loses_what_it_decides() {
    let mut table = Vec::new();
    for level in LEVELS {
        for task in ["easy", "medium", "hard"] {
            let exceptions = task == "hard";
            let which: Task = task.parse().unwrap_or_else(|e| panic!("{e}"));
            let (mut full, mut blind) = (Vec::new(), Vec::new());
            for seed in 0..SEEDS {
                let desk = generate_at(which, level, seed);
                let reference: Vec<Work> = desk
                    .tickets
                    .iter()
                    .map(|t| gold(&desk, t, exceptions))
                    .collect();
                full.push(score(task, &desk, &reference));
                // Everything read but the knowledge base: an incident's
                // ticket is triaged by its case, a ruled case decided by
                // section 4.
                let read: Vec<Work> = desk
                    .tickets
                    .iter()
                    .map(|t| {
                        let mut seen = t.clone();
                        if matches!(t.needs_nothing, Some(Nothing::Incident(_))) {
                            seen.needs_nothing = None;
                        }
                        seen.case = without_kb(t);
                        gold(&desk, &seen, exceptions)
                    })
                    .collect();
                blind.push(score(task, &desk, &read));
            }
            let (full, blind) = (mean(&full), mean(&blind));
            table.push(format!(
                "level {level} {task}: reference {full:.4}, without the knowledge base {blind:.4}"
            ));
            assert_eq!(full, 1.0, "level {level} {task}");
            // The knowledge base decides a real share at every task: the
            // incidents in the queues, refunds and fees in the exception.
            let most = if exceptions { 0.93 } else { 0.98 };
            assert!(blind < most, "level {level} {task}: {blind:.4}");
        }
    }
    println!("{}", table.join("\n"));
}

/// The desk and the reference's episode at `level` for `seed`: every
/// article read (id, body) and the final observation.
fn play_reference(task: &str, level: u8, seed: u64) -> (Vec<(String, String)>, Value) {
    let mut env = AnyEnv::new("support_triage").expect("registered");
    let mut last = env
        .reset(
            &json!({"task": task, "difficulty": level, "seed": seed}),
            ResetDefaults::default(),
        )
        .expect("valid reset")
        .observation
        .to_value();
    let mut read = Vec::new();
    while !env.is_done() {
        let action = env.reference_action().expect("acts until done");
        last = env
            .step(&action)
            .unwrap_or_else(|e| panic!("{action} refused: {e}"))
            .observation
            .to_value();
        if action["command"] == "read_article" {
            let article = &last["lookup"]["article"];
            read.push((
                article["title"].as_str().unwrap_or("").to_owned(),
                article["body"].as_str().unwrap_or("").to_owned(),
            ));
        }
    }
    (read, last)
}

#[test]
fn the_reference_reads_the_article_that_states_each_deciding_rule() {
    let mut ruled = 0;
    for level in LEVELS {
        for seed in 0..SEEDS {
            let desk = generate_at(Task::Hard, level, seed);
            let ticket = &desk.tickets[0];
            let Some(kb) = &desk.kb else {
                panic!("level {level} has a knowledge base");
            };
            let facts = ticket.records.as_ref().and_then(|r| r.ruled);
            let wanted: Option<(String, String)> = match (ticket.case, facts) {
                (Case::RefundRuled { rule, .. }, Some(Ruled::Refund(f))) => match rule {
                    RefundRule::Item => {
                        let (days, _) = kb.rules.refund_window(f.add_on, f.currency);
                        Some((kb::add_on_title(f.add_on), format!("{days} calendar days")))
                    }
                    RefundRule::Currency => {
                        let (days, _) = kb.rules.refund_window(f.add_on, f.currency);
                        Some((
                            kb::currency_title(f.currency),
                            format!("{days} calendar days"),
                        ))
                    }
                    RefundRule::Goodwill => Some((
                        kb::GOODWILL_TITLE.to_owned(),
                        format!("at least {} full years", kb.rules.goodwill.years),
                    )),
                    RefundRule::Policy => None,
                },
                (Case::FeeRuled { rule, .. }, Some(Ruled::Fee(f))) => match rule {
                    FeeRule::Plan => Some((kb::plan_title(f.plan), "instead of".to_owned())),
                    FeeRule::Incident => Some((
                        kb::incident_title(&kb.rules.payment_incident.id),
                        kb.rules.payment_incident.first.iso(),
                    )),
                    FeeRule::Policy => None,
                },
                _ => None,
            };
            let Some((title, rule)) = wanted else {
                continue;
            };
            ruled += 1;
            let (read, last) = play_reference("hard", level, seed);
            assert_eq!(
                last["terminal_grader"],
                json!(1.0),
                "level {level} seed {seed}"
            );
            assert!(
                read.iter()
                    .any(|(t, body)| *t == title && body.contains(&rule)),
                "level {level} seed {seed}: {title} with {rule:?} not read in {read:?}"
            );
        }
    }
    assert!(ruled > 100, "{ruled}");
}

#[test]
fn a_search_finds_the_articles_a_case_is_decided_by() {
    for level in LEVELS {
        for seed in 0..SEEDS {
            for task in [Task::Hard, Task::Medium] {
                let desk = generate_at(task, level, seed);
                let Some(kb) = &desk.kb else {
                    panic!("level {level} has a knowledge base");
                };
                let titles = |query: &str| -> Vec<String> {
                    kb.search(query).into_iter().map(|h| h.title).collect()
                };
                assert!(titles("status").contains(&kb::STATUS_TITLE.to_owned()));
                for ticket in &desk.tickets {
                    match ticket.records.as_ref().and_then(|r| r.ruled) {
                        Some(Ruled::Refund(f)) => {
                            let found = titles(&format!("refund {}", f.add_on));
                            assert!(found.contains(&kb::GOODWILL_TITLE.to_owned()), "{found:?}");
                            let (_, rule) = kb.rules.refund_window(f.add_on, f.currency);
                            let window = match rule {
                                RefundRule::Item => Some(kb::add_on_title(f.add_on)),
                                RefundRule::Currency => Some(kb::currency_title(f.currency)),
                                _ => None,
                            };
                            if let Some(window) = window {
                                assert!(found.contains(&window), "{window}: {found:?}");
                            }
                            // The add-on's own article, when it has one, comes first.
                            if rule == RefundRule::Item {
                                assert_eq!(found.first(), Some(&kb::add_on_title(f.add_on)));
                            }
                        }
                        Some(Ruled::Fee(f)) => {
                            let found = titles("late fee");
                            let incident = kb::incident_title(&kb.rules.payment_incident.id);
                            assert!(found.contains(&incident), "{found:?}");
                            if kb.rules.fee_plans.iter().any(|p| p.plan == f.plan) {
                                assert!(found.contains(&kb::plan_title(f.plan)), "{found:?}");
                            }
                        }
                        None => {}
                    }
                }
            }
        }
    }
}

#[test]
fn the_customers_answers_decide_verification_and_the_payment_day() {
    let (mut confirmed, mut unconfirmed, mut in_days, mut outside) = (0, 0, 0, 0);
    for level in LEVELS {
        for seed in 0..SEEDS {
            let desk = generate_at(Task::Hard, level, seed);
            let ticket = &desk.tickets[0];
            let Some(records) = &ticket.records else {
                continue;
            };
            let ask = |request| lookups::answer(ticket, request);
            use env_wasm::support_triage::CustomerRequest as R;
            if let Some(confirms) = records.verification {
                // Sent from another address: the answer decides.
                assert_ne!(ticket.from, ticket.customer.account_email);
                let answer = ask(R::IdentityVerification);
                assert_eq!(answer.starts_with("Done"), confirms, "{answer}");
                assert_eq!(ticket.case, Case::Deletion { verified: confirms });
                if confirms {
                    confirmed += 1;
                } else {
                    unconfirmed += 1;
                }
            }
            if let Some(PaymentAnswer::TriedOnPage(day)) = &records.payment {
                let answer = ask(R::PaymentAttempt);
                assert!(answer.contains(&day.iso()), "{answer}");
                let Some(kb) = &desk.kb else {
                    panic!("a knowledge base");
                };
                let incident = &kb.rules.payment_incident;
                let during = *day >= incident.first && *day <= incident.last;
                assert_eq!(
                    matches!(
                        ticket.case,
                        Case::FeeRuled {
                            rule: FeeRule::Incident,
                            ..
                        }
                    ),
                    during,
                    "seed {seed}"
                );
                if during {
                    in_days += 1;
                } else {
                    outside += 1;
                }
            }
        }
    }
    println!(
        "verification confirmed {confirmed}, not {unconfirmed}; payment tried during the incident {in_days}, outside it {outside}"
    );
    for n in [confirmed, unconfirmed, in_days, outside] {
        assert!(n >= 10, "{confirmed} {unconfirmed} {in_days} {outside}");
    }
}

#[test]
fn a_ticket_that_needs_nothing_scores_only_as_it_was() {
    let mut kinds = std::collections::BTreeSet::new();
    for level in LEVELS {
        for seed in 0..SEEDS / 3 {
            let desk = generate_at(Task::Medium, level, seed);
            let n = desk.tickets.len() as f64;
            let reference: Vec<Work> = desk.tickets.iter().map(|t| gold(&desk, t, false)).collect();
            for (i, ticket) in desk.tickets.iter().enumerate() {
                let Some(why) = &ticket.needs_nothing else {
                    continue;
                };
                kinds.insert(
                    format!("{why:?}")
                        .split('(')
                        .next()
                        .unwrap_or("")
                        .to_owned(),
                );
                // Any one thing set on it costs the ticket's whole share.
                for touched in [
                    Work {
                        priority: Some(policy::priority(ticket.case, ticket.customer.plan)),
                        department: Some(policy::department(ticket.case)),
                        ..Work::default()
                    },
                    Work {
                        reply: Some("Thanks, noted.".to_owned()),
                        ..Work::default()
                    },
                    Work {
                        disposition: Some(env_wasm::support_triage::Disposition::Resolved),
                        ..Work::default()
                    },
                ] {
                    let mut work = reference.clone();
                    work[i] = touched;
                    let opened = vec![true; desk.tickets.len()];
                    let grade = grade_triage(&desk.tickets, &work, &opened);
                    let lost = 1.0 - grade.total.to_f64();
                    assert!((lost - 1.0 / n).abs() < 1e-3, "seed {seed}: {lost}");
                    let note = &grade.notes[i];
                    assert!(
                        note.starts_with(&format!("{}: needs nothing", ticket.id))
                            && note.contains("(wrong)"),
                        "{note}"
                    );
                }
            }
        }
    }
    // Never opened, it scores nothing either: an empty answer earns nothing.
    for level in LEVELS {
        for seed in 0..SEEDS / 3 {
            let desk = generate_at(Task::Medium, level, seed);
            let n = desk.tickets.len();
            let empty = grade_triage(&desk.tickets, &vec![Work::default(); n], &vec![false; n]);
            assert_eq!(empty.total.to_f64(), 0.0, "seed {seed}");
            let read = grade_triage(&desk.tickets, &vec![Work::default(); n], &vec![true; n]);
            let alone = desk
                .tickets
                .iter()
                .filter(|t| t.needs_nothing.is_some())
                .count();
            assert!((read.total.to_f64() - alone as f64 / n as f64).abs() < 1e-3);
        }
    }
    for kind in [
        "AutoReply",
        "Copy",
        "Solved",
        "SolvedLater",
        "Teammate",
        "Incident",
    ] {
        assert!(kinds.contains(kind), "{kind} never drawn: {kinds:?}");
    }
}

#[test]
fn incident_tickets_describe_an_open_incident_and_near_misses_do_not() {
    let (mut incidents, mut near) = (0, 0);
    for level in LEVELS {
        for seed in 0..SEEDS {
            let desk = generate_at(Task::Medium, level, seed);
            let Some(kb) = &desk.kb else {
                panic!("a knowledge base");
            };
            for ticket in &desk.tickets {
                let open = failure_of(ticket)
                    .as_ref()
                    .and_then(|f| kb.rules.open_incident(f))
                    .map(|i| i.id.clone());
                match &ticket.needs_nothing {
                    Some(Nothing::Incident(id)) => {
                        incidents += 1;
                        assert_eq!(open.as_ref(), Some(id), "{}", ticket.body);
                    }
                    // A copy repeats its first ticket, which reports none.
                    _ => assert_eq!(open, None, "{} {:?}", ticket.body, ticket.needs_nothing),
                }
                // Occasional errors on an open incident's endpoint are not it.
                if let Case::ApiErrors { all_failing: false } = ticket.case
                    && kb.rules.incidents.iter().any(|i| {
                        i.closed.is_none()
                            && matches!(i.failure, Failure::Endpoint(e) if ticket.body.contains(e))
                    })
                {
                    near += 1;
                    assert!(!matches!(ticket.needs_nothing, Some(Nothing::Incident(_))));
                }
            }
        }
    }
    assert!(incidents > 50 && near > 20, "{incidents} {near}");
}

#[test]
fn knowledge_base_commands_are_played_as_documented() {
    let (mut env, _) = {
        let mut env = AnyEnv::new("support_triage").expect("registered");
        let first = env
            .reset(
                &json!({"task": "hard", "difficulty": 3, "seed": 1}),
                ResetDefaults::default(),
            )
            .expect("reset");
        (env, first)
    };
    // Below level 4: a penalised step that says why.
    let result = env
        .step(&json!({"command": "search_kb", "query": "refund"}))
        .expect("played");
    let feedback = result.observation.to_value()["feedback"]
        .as_str()
        .unwrap_or("")
        .to_owned();
    assert!(feedback.contains("levels 4 and 5"), "{feedback}");
    let mut env4 = AnyEnv::new("support_triage").expect("registered");
    env4.reset(
        &json!({"task": "hard", "difficulty": 4, "seed": 1}),
        ResetDefaults::default(),
    )
    .expect("reset");
    // A blank query or article id is refused and not counted.
    for action in [
        json!({"command": "search_kb", "query": "  "}),
        json!({"command": "read_article"}),
    ] {
        let err = env4.step(&action).err().map(|e| e.code().to_owned());
        assert_eq!(err.as_deref(), Some("VALIDATION_ERROR"), "{action}");
    }
    let searched = env4
        .step(&json!({"command": "search_kb", "query": "late fee"}))
        .expect("played")
        .observation
        .to_value();
    assert_eq!(searched["step_count"], json!(1));
    let hits = searched["lookup"]["kb_search"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(!hits.is_empty(), "{searched}");
    let id = hits[0]["article_id"].as_str().unwrap_or("").to_owned();
    let read = env4
        .step(&json!({"command": "read_article", "article_id": id.to_lowercase()}))
        .expect("played")
        .observation
        .to_value();
    assert_eq!(read["lookup"]["article"]["article_id"], json!(id));
    // An unknown article is a penalised step that says where ids are.
    let unknown = env4
        .step(&json!({"command": "read_article", "article_id": "KB-1"}))
        .expect("played")
        .observation
        .to_value();
    let feedback = unknown["feedback"].as_str().unwrap_or("");
    assert!(
        feedback.contains("search_kb lists the article ids"),
        "{feedback}"
    );
    assert!(
        unknown["reward_breakdown"]["penalty"]
            .as_f64()
            .unwrap_or(0.0)
            < -0.01
    );
}

/// An account's record is possible (play-st2): nothing in its history,
/// neither an earlier ticket nor the last fee waiver, is dated before the
/// customer became one, and a ticket saying a problem has worked again
/// since some time names a time before the ticket arrived.
#[test]
fn account_history_and_fix_times_precede_what_follows_them() {
    let mut bad = Vec::new();
    let (mut records, mut solved) = (0, 0);
    for level in [3u8, 4, 5] {
        for task in [Task::Easy, Task::Medium, Task::Hard] {
            for seed in 0..SEEDS {
                let desk = generate_at(task, level, seed);
                for t in &desk.tickets {
                    let since = t.customer.since.iso();
                    if let Some(r) = &t.records {
                        records += 1;
                        let dates = r.earlier.iter().map(|e| e.date.clone());
                        let waiver = t.customer.last_fee_waiver.map(|w| w.iso());
                        for date in dates.chain(waiver) {
                            if date < since {
                                bad.push(format!(
                                    "{task:?} L{level} seed {seed} {}: customer since {since}, history {date}",
                                    t.id
                                ));
                            }
                        }
                    }
                    if let Some(at) = t.body.find("worked again since ") {
                        solved += 1;
                        let clock = &t.body[at + "worked again since ".len()..];
                        let minutes = clock.get(..5).and_then(|c| {
                            let (h, m) = c.split_once(':')?;
                            Some(h.parse::<u32>().ok()? * 60 + m.parse::<u32>().ok()?)
                        });
                        if minutes.is_none_or(|m| m >= t.minute) {
                            bad.push(format!(
                                "{task:?} L{level} seed {seed} {}: arrived at minute {}, {}",
                                t.id,
                                t.minute,
                                &clock[..clock.len().min(20)]
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        records > 1000 && solved > 20,
        "{records} records, {solved} solved"
    );
    assert!(
        bad.is_empty(),
        "{} impossible:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
