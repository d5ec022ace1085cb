//! Metamorphic properties of the `support_triage/hard` reply grader, over
//! generated tickets (proptest picks the seed) and the replies of
//! `support_triage_corpus`: adding a forbidden promise never raises
//! compliance; removing the customer's name, the ticket id or a sentence
//! never raises the score; repeating, reordering or padding sentences
//! never raises it; pasting the observation into the reply earns at most
//! 0.1 on each reply criterion.
#![cfg(not(target_arch = "wasm32"))]

mod support_triage_corpus;

use std::collections::BTreeMap;

use env_wasm::Points;
use env_wasm::support_triage::action::MAX_REPLY_CHARS;
use env_wasm::support_triage::tasks::Task;
use env_wasm::support_triage::{instruction, policy};
use proptest::prelude::*;

mod proptest_config;
use support_triage_corpus::*;

const REPLY_CRITERIA: [&str; 3] = ["reply_elements", "reply_handling", "reply_compliance"];

/// Every criterion and the weighted total of `reply` with the gold labels.
fn scores(f: &Fixture, reply: &str) -> (BTreeMap<&'static str, Points>, Points) {
    let grade = grade(f, reply);
    (grade.criteria, grade.total)
}

/// Natural replies to `f`, then wrong ones built from them.
fn bases(f: &Fixture) -> Vec<String> {
    let mut out: Vec<String> = right_replies(f).into_iter().map(|(_, r)| r).collect();
    let base = base_reply(f);
    for promise in forbidden_for(f, &plain_promises(), f.nth, 2) {
        out.push(format!("{base} {promise}"));
    }
    out.push(format!("{base} {STUFFING}"));
    out.push(without_next_step(f));
    out.push(without_required_move(f));
    out.extend(with_late_follow_up(f, &base, 0));
    out.push(base.replace(f.id(), "your ticket"));
    out
}

/// A reply as sentences, each with the punctuation and space after it.
fn sentences(reply: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = reply.chars().peekable();
    while let Some(c) = chars.next() {
        current.push(c);
        let ends = matches!(c, '.' | '!' | '?') && chars.peek().is_none_or(|n| n.is_whitespace());
        if ends || c == '\n' {
            while let Some(&n) = chars.peek() {
                if !n.is_whitespace() {
                    break;
                }
                current.push(n);
                chars.next();
            }
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        // The last sentence gets a space too, so moving it never glues two
        // sentences into one word.
        current.push(' ');
        out.push(current);
    }
    out
}

/// Sentences that add nothing.
const FILLER: &[&str] = &[
    "Thank you for your patience. ",
    "We appreciate your business. ",
    "I hope this helps! ",
    "Have a great day. ",
    "Thanks again for reaching out to us. ",
];

/// What the agent is shown of the ticket, as text: the instruction, the
/// policy and the opened ticket.
fn observation_text(f: &Fixture) -> String {
    let t = f.ticket();
    format!(
        "{}\n\n{}\n\n{}\n{}\n{}\n{}\n\n{}",
        instruction(Task::Hard, &f.desk),
        policy::POLICY,
        t.id,
        t.from,
        t.subject,
        t.customer.name(),
        t.body
    )
}

proptest! {
    #![proptest_config(proptest_config::fixed(1024, 19))]

    #[test]
    fn adding_a_forbidden_promise_never_raises_compliance(
        seed in 0u64..100_000,
        pick in 0usize..64,
        at in 0usize..64,
    ) {
        let f = fixture(seed);
        let bases = bases(&f);
        let base = &bases[pick % bases.len()];
        let mut promises = forbidden_for(&f, &plain_promises(), pick, 64);
        promises.extend(forbidden_for(&f, &consent_promises(), pick, 8));
        promises.extend(forbidden_for(&f, &leaning_promises(), pick, 8));
        let promise = promises[at % promises.len()];
        let mut parts = sentences(base);
        let where_to = at % (parts.len() + 1);
        parts.insert(where_to, format!(" {promise} "));
        let changed = parts.concat();
        let (before, total_before) = scores(&f, base);
        let (after, total_after) = scores(&f, &changed);
        prop_assert!(
            after["reply_compliance"] <= before["reply_compliance"],
            "{}: {promise:?} raised compliance\n{base}\n=>\n{changed}", f.kind
        );
        if before["reply_compliance"] == Points::FULL {
            prop_assert!(after["reply_compliance"] == Points::ZERO, "{}: {changed}", f.kind);
            prop_assert!(total_after < total_before, "{}: {changed}", f.kind);
        }
    }

    #[test]
    fn removing_a_required_element_never_raises_the_score(
        seed in 0u64..100_000,
        pick in 0usize..64,
        what in 0usize..3,
        sentence in 0usize..64,
    ) {
        let f = fixture(seed);
        let bases = bases(&f);
        let natural = right_replies(&f).len();
        let base = &bases[pick % bases.len()];
        let changed = match what {
            0 => base.replace(&f.full(), "Customer").replace(f.first(), "there"),
            1 => base.replace(f.id(), "your request"),
            // Any sentence of a natural reply (wrong ones may hold the
            // very sentence that makes them wrong).
            _ => {
                let mut parts = sentences(&bases[pick % natural]);
                let drop = sentence % parts.len();
                parts.remove(drop);
                parts.concat()
            }
        };
        let base = if what == 2 { &bases[pick % natural] } else { base };
        let (before, total_before) = scores(&f, base);
        let (after, total_after) = scores(&f, &changed);
        prop_assert!(total_after <= total_before, "{}: {base}\n=>\n{changed}", f.kind);
        for criterion in REPLY_CRITERIA {
            prop_assert!(after[criterion] <= before[criterion], "{} {criterion}: {changed}", f.kind);
        }
        // And it costs an element when there was one to remove.
        let removed = match what {
            0 => base.contains(f.first()),
            1 => base.contains(f.id()),
            _ => false,
        };
        if removed && before["reply_elements"] > Points::ZERO {
            prop_assert!(after["reply_elements"] < before["reply_elements"], "{}: {changed}", f.kind);
        }
    }

    #[test]
    fn repeating_reordering_or_padding_never_raises_the_score(
        seed in 0u64..100_000,
        pick in 0usize..64,
        how in 0usize..4,
        at in 0usize..64,
        times in 1usize..6,
    ) {
        let f = fixture(seed);
        let bases = bases(&f);
        let base = &bases[pick % bases.len()];
        let mut parts = sentences(base);
        let n = parts.len();
        match how {
            0 => {
                let repeated = parts[at % n].clone();
                for _ in 0..times {
                    parts.insert(at % n, repeated.clone());
                }
            }
            1 => parts.rotate_left(at % n),
            2 => parts.reverse(),
            _ => {
                for k in 0..times {
                    let filler = format!(" {}", FILLER[(at + k) % FILLER.len()]);
                    parts.insert((at + k) % (parts.len() + 1), filler);
                }
            }
        }
        let changed = parts.concat();
        let (before, total_before) = scores(&f, base);
        let (after, total_after) = scores(&f, &changed);
        prop_assert!(total_after <= total_before, "{}: {base}\n=>\n{changed}", f.kind);
        for criterion in REPLY_CRITERIA {
            prop_assert!(after[criterion] <= before[criterion], "{} {criterion}: {base}\n=>\n{changed}", f.kind);
        }
    }

    #[test]
    fn pasting_the_observation_earns_at_most_a_tenth(
        seed in 0u64..100_000,
        pick in 0usize..64,
        with_reply in any::<bool>(),
    ) {
        let f = fixture(seed);
        let bases = bases(&f);
        let base = &bases[pick % bases.len()];
        let observed = observation_text(&f);
        let pasted = if with_reply { format!("{base}\n\n{observed}") } else { observed };
        // What a reply may hold at the seam, and the whole paste.
        let fitting: String = pasted.chars().take(MAX_REPLY_CHARS).collect();
        for reply in [fitting, pasted] {
            let (after, _) = scores(&f, &reply);
            for criterion in REPLY_CRITERIA {
                prop_assert!(after[criterion] <= Points(1000), "{} {criterion}: {:?}", f.kind, after[criterion]);
            }
        }
    }
}
