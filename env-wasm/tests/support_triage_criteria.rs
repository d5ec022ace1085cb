//! Every grader criterion of `support_triage/hard` against two tables:
//! natural right answers that must earn it in full, and wrong or
//! exploiting ones that must not. Labels are tabled over seeds (the gold
//! label earns, each other label does not); replies are written to
//! generated tickets of every exception kind, in many styles (formal,
//! casual, terse, chat-model markdown, prose, British and American), and
//! the wrong ones break one thing each: a forbidden promise in plain
//! words, a promise on the customer's consent, a hedge or a contradiction,
//! stuffing, the policy or the ticket pasted back, a missing name, id or
//! next step, a follow-up later than the SLA. Corpus sizes and pass counts
//! print with `-- --nocapture`.
#![cfg(not(target_arch = "wasm32"))]

mod support_triage_corpus;

use std::collections::BTreeMap;

use env_wasm::Points;
use env_wasm::support_triage::generate::generate;
use env_wasm::support_triage::grade::{Observed, Work, grade_exception};
use env_wasm::support_triage::policy;
use env_wasm::support_triage::reference::reference_reply;
use env_wasm::support_triage::tasks::Task;
use env_wasm::support_triage::{Department, Disposition, Label, Priority};
use support_triage_corpus::*;

/// Pass counts of one table: how many of its rows were judged right.
struct Tally {
    criterion: &'static str,
    table: &'static str,
    rows: usize,
    passed: usize,
    failures: Vec<String>,
}

impl Tally {
    fn new(criterion: &'static str, table: &'static str) -> Tally {
        Tally {
            criterion,
            table,
            rows: 0,
            passed: 0,
            failures: Vec::new(),
        }
    }

    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        self.rows += 1;
        if ok {
            self.passed += 1;
        } else if self.failures.len() < 8 {
            self.failures.push(what());
        }
    }

    fn report(&self) {
        println!(
            "{} {}: {} of {} as they should be",
            self.criterion, self.table, self.passed, self.rows
        );
    }

    fn assert_clean(&self, min_rows: usize) {
        self.report();
        assert!(
            self.rows >= min_rows,
            "{} {}: only {} rows",
            self.criterion,
            self.table,
            self.rows
        );
        assert!(
            self.failures.is_empty(),
            "{} {}:\n{}",
            self.criterion,
            self.table,
            self.failures.join("\n---\n")
        );
    }
}

const MIN_ROWS: usize = 40;

#[test]
fn label_criteria_earn_for_the_gold_label_only() {
    let mut tallies = [
        (
            Tally::new("priority", "gold"),
            Tally::new("priority", "wrong"),
        ),
        (
            Tally::new("department", "gold"),
            Tally::new("department", "wrong"),
        ),
        (
            Tally::new("disposition", "gold"),
            Tally::new("disposition", "wrong"),
        ),
    ];
    for seed in 0..60 {
        let desk = generate(Task::Hard, seed);
        let ticket = &desk.tickets[0];
        let observed = Observed::of(&desk, ticket);
        let gold = Work {
            priority: Some(policy::priority(ticket.case, ticket.customer.plan)),
            department: Some(policy::department(ticket.case)),
            disposition: policy::disposition(ticket.case),
            reply: Some(reference_reply(desk.vendor, ticket)),
        };
        let score = |work: &Work, criterion: &str| {
            grade_exception(ticket, work, &observed).criteria[criterion]
        };
        let mut try_each = |slot: usize, criterion: &'static str, works: Vec<(bool, Work)>| {
            for (is_gold, work) in works {
                let s = score(&work, criterion);
                let (right, wrong) = &mut tallies[slot];
                let table = if is_gold { right } else { wrong };
                let want = if is_gold { Points::FULL } else { Points::ZERO };
                table.check(s == want, || {
                    format!("seed {seed} {criterion} {work:?}: {s:?}")
                });
            }
        };
        try_each(
            0,
            "priority",
            Priority::ALL
                .iter()
                .map(|p| {
                    (
                        Some(*p) == gold.priority,
                        Work {
                            priority: Some(*p),
                            ..gold.clone()
                        },
                    )
                })
                .collect(),
        );
        try_each(
            1,
            "department",
            Department::ALL
                .iter()
                .map(|d| {
                    (
                        Some(*d) == gold.department,
                        Work {
                            department: Some(*d),
                            ..gold.clone()
                        },
                    )
                })
                .collect(),
        );
        try_each(
            2,
            "disposition",
            Disposition::ALL
                .iter()
                .map(|d| {
                    (
                        Some(*d) == gold.disposition,
                        Work {
                            disposition: Some(*d),
                            ..gold.clone()
                        },
                    )
                })
                .chain(std::iter::once((
                    false,
                    Work {
                        disposition: None,
                        ..gold.clone()
                    },
                )))
                .collect(),
        );
    }
    for (right, wrong) in &tallies {
        right.assert_clean(MIN_ROWS);
        wrong.assert_clean(MIN_ROWS);
    }
}

#[test]
fn natural_replies_earn_every_reply_criterion() {
    let mut tallies = [
        Tally::new("reply_elements", "natural"),
        Tally::new("reply_handling", "natural"),
        Tally::new("reply_compliance", "natural"),
    ];
    let mut styles = BTreeMap::new();
    for f in fixtures() {
        let mut replies = right_replies(&f);
        // A reply may quote the ticket ("you wrote: ..."): a quotation is
        // not a paste.
        let (_, base) = replies[f.nth % 6].clone();
        let quote: Vec<&str> = ticket_text(f.ticket())
            .split_whitespace()
            .take(12)
            .collect();
        let quoted = base.replacen(
            "\n\n",
            &format!("\n\nYou wrote: \"{} ...\"\n\n", quote.join(" ")),
            1,
        );
        replies.push(("quoting", quoted));
        for (style, reply) in replies {
            *styles.entry(style).or_insert(0) += 1;
            let got = criteria(&f, &reply);
            for tally in &mut tallies {
                let s = got[tally.criterion];
                tally.check(s == Points::FULL, || {
                    format!("{} {style} ({}):\n{reply}\n=> {got:?}", f.kind, f.id())
                });
            }
        }
    }
    println!("natural replies by style: {styles:?}");
    for tally in &tallies {
        tally.assert_clean(MIN_ROWS);
    }
}

/// Wrong replies for one criterion; each must score below full.
fn wrong_rows(criterion: &'static str, rows: Vec<(String, &Fixture, String)>) -> Tally {
    let mut tally = Tally::new(criterion, "wrong");
    for (what, f, reply) in rows {
        let got = criteria(f, &reply);
        let s = got[criterion];
        tally.check(s < Points::FULL, || {
            format!("{} {what} ({}):\n{reply}\n=> {got:?}", f.kind, f.id())
        });
    }
    tally
}

#[test]
fn wrong_replies_lose_reply_elements() {
    let fixtures = fixtures();
    let mut rows = Vec::new();
    for f in &fixtures {
        let base = base_reply(f);
        rows.push((
            "no name".to_owned(),
            f,
            base.replace(&f.full(), "Customer")
                .replace(f.first(), "there"),
        ));
        rows.push((
            "no ticket id".to_owned(),
            f,
            base.replace(f.id(), "your ticket"),
        ));
        rows.push((
            "another ticket's id".to_owned(),
            f,
            base.replace(f.id(), &format!("{}7", f.id())),
        ));
        rows.push(("no next step".to_owned(), f, without_next_step(f)));
        for pick in 0..2 {
            if let Some(late) = with_late_follow_up(f, &base, pick) {
                rows.push((format!("late follow-up {pick}"), f, late));
            }
        }
        rows.push((
            "ticket pasted".to_owned(),
            f,
            format!("{base}\n\n{}", f.ticket().body),
        ));
    }
    wrong_rows("reply_elements", rows).assert_clean(MIN_ROWS);
}

#[test]
fn wrong_replies_lose_reply_handling() {
    let fixtures = fixtures();
    let mut rows = Vec::new();
    for f in &fixtures {
        let base = base_reply(f);
        for promise in forbidden_for(f, &plain_promises(), f.nth * 5, 2) {
            rows.push((
                format!("promise {promise:?}"),
                f,
                format!("{base} {promise}"),
            ));
        }
        rows.push((
            "required move missing".to_owned(),
            f,
            without_required_move(f),
        ));
        rows.push((
            "extra team".to_owned(),
            f,
            format!("{base} {}", extra_team(f)),
        ));
        rows.push((
            "extra request".to_owned(),
            f,
            format!("{base} {}", extra_request(f)),
        ));
        rows.push(("stuffing".to_owned(), f, format!("{base} {STUFFING}")));
        rows.push((
            "policy pasted".to_owned(),
            f,
            format!("{base}\n\n{}", pasted_policy()),
        ));
        match f.kind {
            "security_incident" => {
                // The securing steps named, but as a list the reply says
                // the customer need not work through.
                let (a, b) = secure_steps(f);
                let negated = [
                    format!("There's no need to {a}, {b} or change anything else for now."),
                    format!("You don't have to {a}, sign out of other devices, or {b} yet."),
                    format!("Please don't {a}, {b} or touch your settings until we call."),
                ];
                rows.push((
                    "securing steps negated".to_owned(),
                    f,
                    format!(
                        "Hi {}, about {}: {} Our security team is investigating and will contact you {}.",
                        f.first(),
                        f.id(),
                        negated[f.nth % negated.len()],
                        f.on_time(0)
                    ),
                ));
            }
            "refund_missing_invoice" => {
                // A list after a colon that asks for nothing.
                rows.push((
                    "list that asks nothing".to_owned(),
                    f,
                    format!(
                        "Hi {},\n\nThanks for contacting us about {}. Here's where things stand:\n\n- We could not find an invoice number in your message\n- We will look into the charge {}\n\nBest regards",
                        f.first(),
                        f.id(),
                        f.on_time(0)
                    ),
                ));
            }
            "refund_in_window" => {
                rows.push((
                    "hedged outcome".to_owned(),
                    f,
                    format!("Hi {}, about {}: we may be able to refund the charge, and we will contact you within one business day.", f.first(), f.id()),
                ));
                rows.push((
                    "outcome declined too".to_owned(),
                    f,
                    format!("{base} Unfortunately we cannot refund this charge."),
                ));
                // Another outcome, whose class its head noun decides.
                rows.push((
                    "late charge written off too".to_owned(),
                    f,
                    format!("{base} I've also written off the $35.00 late charge on your account."),
                ));
                rows.push((
                    "relative-clause deletion too".to_owned(),
                    f,
                    format!(
                        "{base} Everything you uploaded to your workspace will be wiped as well."
                    ),
                ));
            }
            "fee_waiver_allowed" => {
                rows.push((
                    "hedged outcome".to_owned(),
                    f,
                    format!("Hi {}, about {}: we'll try to get the late fee waived and will contact you within one business day.", f.first(), f.id()),
                ));
                rows.push((
                    "outcome declined too".to_owned(),
                    f,
                    format!("{base} That said, we are not able to waive the fee."),
                ));
                rows.push((
                    "charge reversed too".to_owned(),
                    f,
                    format!("{base} The renewal charge on your card has been reversed too."),
                ));
                rows.push((
                    "account data removed too".to_owned(),
                    f,
                    format!("{base} The payment details on your account will be removed as well."),
                ));
            }
            _ => {}
        }
    }
    wrong_rows("reply_handling", rows).assert_clean(MIN_ROWS);
}

#[test]
fn wrong_replies_lose_reply_compliance() {
    let fixtures = fixtures();
    let mut rows = Vec::new();
    for f in &fixtures {
        let base = base_reply(f);
        for promise in forbidden_for(f, &plain_promises(), f.nth * 7 + 3, 3) {
            rows.push((
                format!("promise {promise:?}"),
                f,
                format!("{base} {promise}"),
            ));
        }
        for promise in forbidden_for(f, &consent_promises(), f.nth, 1) {
            rows.push((
                format!("consent {promise:?}"),
                f,
                format!("{base} {promise}"),
            ));
        }
        for promise in forbidden_for(f, &leaning_promises(), f.nth, 1) {
            rows.push((
                format!("leaning {promise:?}"),
                f,
                format!("{base} {promise}"),
            ));
        }
        rows.push((
            "commit and decline".to_owned(),
            f,
            format!("{base} We will refund the full amount. Unfortunately, we cannot refund it."),
        ));
        for violation in [
            "To confirm it's you, please reply with your password.",
            "This was entirely our fault, and we accept full responsibility.",
            "Rest assured, your data is safe.",
        ] {
            rows.push((
                format!("violation {violation:?}"),
                f,
                format!("{base} {violation}"),
            ));
        }
        rows.push(("stuffing".to_owned(), f, format!("{base} {STUFFING}")));
        rows.push((
            "policy pasted".to_owned(),
            f,
            format!("{base}\n\n{}", pasted_policy()),
        ));
        rows.push((
            "ticket pasted".to_owned(),
            f,
            format!("{base}\n\n{}", f.ticket().body),
        ));
    }
    wrong_rows("reply_compliance", rows).assert_clean(MIN_ROWS);
}

/// The customer reads what is sent with ask_customer as they read the
/// reply, so it keeps to the same rules (play-st34, X5): a forbidden
/// promise there (also on the customer's yes) or anything a reply must
/// never say costs what it costs in the reply; a message that only asks
/// keeps full credit. Played on unverified deletion requests of the
/// records desk, with the reference's labels and reply.
#[test]
fn messages_sent_with_ask_customer_keep_to_the_reply_rules() {
    use env_wasm::support_triage::CustomerRequest;
    use env_wasm::support_triage::generate::generate_at;
    use env_wasm::support_triage::grade::{Conduct, grade_exception_as_played};
    use env_wasm::support_triage::lookups::{Exchange, skipped_first_ask};
    use env_wasm::support_triage::policy::Case;
    let wrong = [
        "As soon as you click it, we'll delete your account and all your data.",
        "Please reply with your account password so we can verify it's you.",
        "Once you confirm, your records will be erased for good.",
        "Could you send us the six-digit code we texted you?",
        "Your data is safe with us in the meantime.",
        "This mix-up was entirely our fault, and we take full responsibility.",
        "Click the link and we'll refund your last invoice in full.",
    ];
    let right = [
        "We've sent a verification link to your account email. Could you click it and let us know once you have?",
        "We will never ask for your password; please just click the link we sent to your account email.",
        "Once you've confirmed it's you, our privacy officer will take your request from there.",
        "We can't delete anything until we have confirmed it's you, so please click the link in your account inbox.",
        "Please don't share your password with anyone, including us.",
    ];
    let mut played = 0;
    for seed in 0..400 {
        let desk = generate_at(Task::Hard, 5, seed);
        let t = &desk.tickets[0];
        if !matches!(t.case, Case::Deletion { verified: false }) {
            continue;
        }
        let work = Work {
            priority: Some(policy::priority(t.case, t.customer.plan)),
            department: Some(policy::department(t.case)),
            disposition: policy::disposition(t.case),
            reply: Some(reference_reply(desk.vendor, t)),
        };
        let observed = Observed::of(&desk, t);
        let grade = |message: &str| {
            let sent = [Exchange {
                request: CustomerRequest::IdentityVerification,
                message: message.to_owned(),
                answer: String::new(),
            }];
            let conduct = Conduct {
                opened: true,
                messages: &sent,
                skipped: skipped_first_ask(t, &sent),
            };
            grade_exception_as_played(t, &work, &observed, conduct)
        };
        for message in wrong {
            let graded = grade(message);
            assert!(
                graded.total < Points::FULL,
                "seed {seed}: {message} kept {:?}",
                graded.total
            );
            assert!(
                graded.notes.iter().any(|n| n.contains("message 1")),
                "seed {seed}: {message}: {:?}",
                graded.notes
            );
        }
        for message in right {
            let graded = grade(message);
            assert_eq!(
                graded.total,
                Points::FULL,
                "seed {seed}: {message}: {:?}",
                graded.notes
            );
        }
        played += 1;
        if played == 5 {
            break;
        }
    }
    assert!(played > 0, "no unverified deletion at level 5");
}

/// A clock time on the quarter hour as a customer says it on the working
/// day ("half past twelve", "a quarter to one", "two o'clock"), or `None`
/// off the quarter or outside 07:00-18:45, where the hour alone would not
/// say which half of the day it means.
fn spoken_quarter(minute: u32) -> Option<String> {
    const HOURS: [&str; 12] = [
        "twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven",
    ];
    if !minute.is_multiple_of(15) || !(7 * 60..=18 * 60 + 45).contains(&minute) {
        return None;
    }
    let hour = |h: u32| HOURS[(h % 12) as usize];
    let h = minute / 60;
    Some(match minute % 60 {
        0 => format!("{} o'clock", hour(h)),
        15 => format!("a quarter past {}", hour(h)),
        30 => format!("half past {}", hour(h)),
        _ => format!("a quarter to {}", hour(h + 1)),
    })
}

#[test]
fn a_worded_time_after_a_deadline_preposition_is_held_to_the_sla() {
    // "reply no later than half past twelve", with no day, is the time we
    // next respond, as "by half past twelve" and "no later than 12:30"
    // are (play-st40, X2): on time it is the next step, late it is not.
    let fixtures = fixtures();
    let (mut right, mut late) = (Tally::new("reply_elements", "right"), Vec::new());
    for f in &fixtures {
        let base = base_reply(f);
        let Some(said) = (0..8).map(|i| f.on_time(i)).find(|t| base.contains(t)) else {
            continue;
        };
        let arrived = f.ticket().minute;
        let deadline = arrived + f.sla();
        // The latest quarter hour in time, and the first one late (past the
        // minute before it, which "before" gives).
        let in_time = (deadline / 15 * 15 > arrived)
            .then(|| spoken_quarter(deadline / 15 * 15))
            .flatten();
        let too_late = spoken_quarter((deadline + 2).div_ceil(15) * 15);
        for preposition in ["no later than", "not later than", "by", "before"] {
            if let Some(time) = &in_time {
                let reply = base.replacen(&said, &format!("{preposition} {time}"), 1);
                let got = criteria(f, &reply);
                right.check(got["reply_elements"] == Points::FULL, || {
                    format!("{} ({}): {reply}\n=> {got:?}", f.kind, f.id())
                });
            }
            if let Some(time) = &too_late {
                let reply = base.replacen(&said, &format!("{preposition} {time}"), 1);
                late.push((format!("late {preposition} {time}"), f, reply));
            }
        }
    }
    right.assert_clean(6);
    wrong_rows("reply_elements", late).assert_clean(6);
}
