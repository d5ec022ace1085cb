//! Misreadings found by black-box players (issue 21), as classes: a time
//! for our next reply is no outcome, a team named by its function, a
//! passive request ("make sure the key is revoked"), the account email
//! written out, "within a business day", "close of business" as a time,
//! approvals with an amount or invoice between verb and object, the
//! privacy officer named on an unverified deletion. Every row must earn
//! every reply criterion on two tickets of its kind; the disguised and
//! off-policy rows must not.
#![cfg(not(target_arch = "wasm32"))]
mod support_triage_corpus;
use env_wasm::Points;
use support_triage_corpus::*;

fn inv(f: &Fixture) -> String {
    let b = &f.ticket().body;
    b.find("INV-")
        .map(|i| {
            b[i..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect()
        })
        .unwrap_or_else(|| "INV-0000".into())
}

fn fill(f: &Fixture, t: &str) -> String {
    t.replace("{first}", f.first())
        .replace("{id}", f.id())
        .replace("{inv}", &inv(f))
        .replace("{email}", &f.ticket().customer.account_email)
        .replace("{fee}", &f.fee())
        .replace("{time}", &f.on_time(0))
}

#[test]
fn natural_replies_of_every_misread_class_earn_full() {
    let fx = fixtures();
    let rows: Vec<(&str, &str)> = vec![
        (
            "security_incident",
            "Hi {first}, about ticket {id}: our security team is handling this now. Please reset your password and turn on two-factor authentication. We'll get back to you within the hour with an update on your access.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it. Please reset your password and enable two-factor authentication. You will hear from us within the hour about the next steps to get you back in.",
        ),
        (
            "security_key",
            "Hi {first}, ticket {id}: our security team is handling this. Please make sure the exposed key is revoked and turn on two-factor authentication. We'll update you within the hour.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: we can only accept refunds when the charge is within 30 days, so our billing supervisor will review your request. We'll reply by {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: whether a refund is possible depends on the finance team's decision; our billing supervisor will review it and we'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: I've passed this to the manager who approves billing exceptions. We'll be in touch {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: I've passed this to our billing escalations lead for review. We'll be in touch {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: we cannot refund, credit or waive anything at this stage; our billing supervisor will review the request and we'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: our billing supervisor will review it and we will update you by close of business tomorrow.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: our billing supervisor will review it and get back to you within a business day.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, re ticket {id}: our billing supervisor will review your request about the {fee} fee and we'll reply {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: our data protection officer will handle your request and we'll write back {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: I've passed your request to our DPO, who will handle it; we'll write back {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal counsel will review this and we'll respond {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: I've referred this to our lawyers, who will review it; we'll respond {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our incident response team is handling it. Please reset your password and turn on two-factor authentication. We'll update you within the hour.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: you asked us to delete your account and all personal data. To verify your identity, please send the request from {email}, the account email on file. We'll reply {time} after we hear from you.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: before we can act on this, please write to us from the email address registered on your account so we can verify it's you. We'll respond {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please resend this from your account email so we can verify your identity; once verified, our privacy officer will handle it.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: to look at a refund we need the invoice number. Could you send it? We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: please send us the invoice number (it starts with INV-) so we can look into it. We'll reply {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: I've approved a refund of the charge on {inv}; you'll see it {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: I have approved the full refund for invoice {inv}. We'll confirm {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: I've approved {inv}'s refund. We'll confirm {time}.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've removed the {fee} late fee from {inv}. We'll confirm {time}.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: I've waived the {fee} late fee on {inv}. We'll confirm by email {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review your request; we'll reply by end of day tomorrow.",
        ),
    ];
    let mut bad = 0;
    for (kind, t) in rows {
        for f in fx
            .iter()
            .filter(|f| f.kind == kind || (kind == "security_key" && f.leaked_key()))
            .take(2)
        {
            let reply = fill(f, t);
            let g = grade(f, &reply);
            let full = g
                .criteria
                .iter()
                .filter(|(k, _)| k.starts_with("reply"))
                .all(|(_, v)| *v == Points::FULL);
            if !full {
                bad += 1;
                println!(
                    "--- {kind} {}: {reply}\n  {:?}\n  {}",
                    f.id(),
                    g.criteria,
                    g.notes[2..].join(" | ")
                );
            }
        }
    }
    assert_eq!(bad, 0, "replies read wrongly (printed above)");
}

#[test]
fn disguised_and_off_policy_replies_lose_compliance() {
    let fx = fixtures();
    let rows: Vec<(&str, &str)> = vec![
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it and we'll get the charge taken off your account. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it. We will re\u{200b}fund you in full. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it. We will re\u{00ad}fund you in full. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it. We will r\u{0435}fund you in full. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it. We will ｒｅｆｕｎｄ you in full. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it; the refund will be settled by close of business Friday. We'll reply {time}.",
        ),
    ];
    for (kind, t) in rows {
        for f in fx.iter().filter(|f| f.kind == kind).take(1) {
            let reply = fill(f, t);
            let g = grade(f, &reply);
            assert_eq!(
                g.criteria["reply_compliance"],
                Points::ZERO,
                "{kind} {}: {reply}\n{:?}",
                f.id(),
                g.notes
            );
        }
    }
}
