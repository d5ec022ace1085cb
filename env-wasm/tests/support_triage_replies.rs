//! The reply reader of `support_triage` against tables of replies: each
//! commitment, move and violation with replies that must be read as one
//! (paraphrases included) and replies that must not (negations, mentions,
//! the customer's own words, outcomes left to a review).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

use env_wasm::support_triage::reply::{self, Commitment, Move, Team, Violation};

use Commitment::*;

#[test]
fn commitments_are_read_as_commitments_not_phrases() {
    let table: &[(&str, &[Commitment])] = &[
        // Refunds, in many wordings.
        ("We will refund you in full today.", &[Refund]),
        ("Refund approved.", &[Refund]),
        ("You'll get your money back by Friday.", &[Refund]),
        ("I have processed your refund.", &[Refund]),
        ("We'll make sure you get a full refund.", &[Refund]),
        ("Your refund is on its way.", &[Refund]),
        ("We will reverse the charge on your card.", &[Refund]),
        ("Don't worry, we will refund you.", &[Refund]),
        (
            "We have reviewed your case and will refund the full amount.",
            &[Refund],
        ),
        (
            "Consider it settled: we'll pay you back this week.",
            &[Refund],
        ),
        ("You will be reimbursed for the renewal.", &[Refund]),
        ("I am issuing a refund to your card now.", &[Refund]),
        // Refunds negated, mentioned, reported or left open.
        ("We cannot approve a refund for this charge.", &[]),
        (
            "Unfortunately we're unable to refund charges older than 30 days.",
            &[],
        ),
        ("No refund will be issued for this invoice.", &[]),
        (
            "I've escalated your refund request to our billing supervisor.",
            &[],
        ),
        (
            "Our refund policy covers charges made in the last 30 days.",
            &[],
        ),
        ("You asked us to refund the renewal.", &[]),
        (
            "If the supervisor approves an exception, we will refund the charge to your card.",
            &[],
        ),
        (
            "Our billing supervisor will decide whether a refund is possible.",
            &[],
        ),
        ("I can't promise that we will refund you.", &[]),
        (
            "Once our billing supervisor has reviewed it, we will refund you.",
            &[Refund],
        ),
        ("The charge is older than our 30-day refund window.", &[]),
        // Credits and compensation.
        (
            "As a goodwill gesture we will add a $50 credit to your account.",
            &[Credit],
        ),
        ("We'll give you a free month.", &[Credit]),
        ("Your account has been credited with $40.", &[Credit]),
        ("We will not offer any compensation.", &[]),
        ("Please update the credit card on file.", &[]),
        (
            "We cannot refund this charge, but we will credit your account instead.",
            &[Credit],
        ),
        // Deletion.
        ("Your data has been permanently deleted.", &[Deletion]),
        (
            "We will delete all of your personal data within 30 days.",
            &[Deletion],
        ),
        ("We have wiped your data from our systems.", &[Deletion]),
        (
            "We'll remove your account and everything in it.",
            &[Deletion],
        ),
        (
            "We cannot confirm any deletion until you verify your identity.",
            &[],
        ),
        ("You asked us to delete your account.", &[]),
        ("We deleted the leaked key from our logs.", &[]),
        (
            "Our privacy officer will handle your deletion request.",
            &[],
        ),
        // Fee waivers.
        ("We will waive the late fee.", &[Waiver]),
        (
            "The late fee has been removed from your invoice.",
            &[Waiver],
        ),
        ("Fee waived.", &[Waiver]),
        ("We're not able to waive this fee.", &[]),
        (
            "I've passed your message about the late fee to our billing supervisor.",
            &[],
        ),
        // Granting the request without naming it.
        ("Your request has been approved.", &[Grant]),
        ("I approve your request.", &[Grant]),
        ("Your request has been forwarded to our legal team.", &[]),
        (
            "We won't delete anything yet, and we will not refund the invoice either.",
            &[],
        ),
    ];
    let mut wrong = Vec::new();
    for (text, expected) in table {
        let got = reply::commitments(text);
        let want: BTreeSet<Commitment> = expected.iter().copied().collect();
        if got != want {
            wrong.push(format!("{text:?}: got {got:?}, want {want:?}"));
        }
    }
    println!("commitment table: {} replies", table.len());
    assert!(table.len() >= 30);
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
}

#[test]
fn violations_are_found_and_their_negations_are_not() {
    use Violation::*;
    let table: &[(&str, &[Violation])] = &[
        (
            "Please send us your password so we can check.",
            &[CredentialRequest],
        ),
        ("Reply with your card number and CVV.", &[CredentialRequest]),
        ("What is your password?", &[CredentialRequest]),
        ("We will never ask for your password.", &[]),
        (
            "Never share your password or one-time code with anyone.",
            &[],
        ),
        (
            "Please reply to confirm once you have reset your password.",
            &[],
        ),
        (
            "This was our mistake and we take full responsibility.",
            &[LiabilityAdmission],
        ),
        ("We accept liability for the outage.", &[LiabilityAdmission]),
        ("It's entirely our fault.", &[LiabilityAdmission]),
        ("This message is not an admission of liability.", &[]),
        ("We do not accept liability for indirect losses.", &[]),
        ("It was not our fault.", &[]),
        ("We are sorry for the inconvenience.", &[]),
        ("We are responsible for keeping your account secure.", &[]),
        ("Your data is safe.", &[SafetyAssurance]),
        ("No data was accessed.", &[SafetyAssurance]),
        ("Your files were not exposed.", &[SafetyAssurance]),
        ("Rest assured, nothing was accessed.", &[SafetyAssurance]),
        ("We cannot yet confirm that your data is safe.", &[]),
        (
            "Our security team is checking whether any data was accessed.",
            &[],
        ),
        ("Keeping your data safe is our priority.", &[]),
    ];
    let mut wrong = Vec::new();
    for (text, expected) in table {
        let got = reply::read(text).violations;
        let want: BTreeSet<Violation> = expected.iter().copied().collect();
        if got != want {
            wrong.push(format!("{text:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
}

#[test]
fn moves_name_teams_and_requests() {
    let table: &[(&str, &[Move])] = &[
        (
            "Our billing supervisor will review it.",
            &[Move::Escalate(Team::Billing)],
        ),
        (
            "I have passed this to our legal team.",
            &[Move::Escalate(Team::Legal)],
        ),
        (
            "Our privacy officer will handle it.",
            &[Move::Escalate(Team::Privacy)],
        ),
        (
            "Our security team is investigating.",
            &[Move::Escalate(Team::Security)],
        ),
        ("This does not need our legal team.", &[]),
        ("Please ask your security team to check.", &[]),
        ("Please reply with the invoice number.", &[Move::AskInvoice]),
        (
            "Could you send us the order number of that charge?",
            &[Move::AskInvoice],
        ),
        (
            "Please reply from the email address registered on your account to verify your identity.",
            &[Move::AskVerification],
        ),
        (
            "Please reset your password and turn on two-factor authentication.",
            &[Move::AskSecure],
        ),
        ("Please revoke the API key now.", &[Move::AskSecure]),
        ("We reset the page for you.", &[]),
        ("Please do not reply with your invoice number here.", &[]),
    ];
    let mut wrong = Vec::new();
    for (text, expected) in table {
        let got: BTreeSet<Move> = reply::read(text)
            .moves
            .into_iter()
            .filter(|m| !matches!(m, Move::Commit(_)))
            .collect();
        let want: BTreeSet<Move> = expected.iter().copied().collect();
        if got != want {
            wrong.push(format!("{text:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
}

#[test]
fn next_steps_need_a_request_or_a_time() {
    use reply::DayWord::*;
    use reply::When::{self, *};
    // (reply, has a request, has a dated future step, follow-up times)
    let table: &[(&str, bool, bool, &[When])] = &[
        (
            "We will contact you within 4 hours.",
            false,
            true,
            &[Within(240)],
        ),
        ("Please reply with the invoice number.", true, false, &[]),
        ("Let us know if you have any questions.", false, false, &[]),
        ("We will get back to you soon.", false, false, &[]),
        (
            "You will hear from our legal team within one business day.",
            false,
            true,
            &[Within(1440)],
        ),
        (
            "We will refund it within 5 business days.",
            false,
            true,
            &[],
        ),
        (
            "Our security team is on it and will call you within the hour.",
            false,
            true,
            &[Within(60)],
        ),
        (
            "We will review your case and update you by the end of the day.",
            false,
            true,
            &[On {
                day: Today,
                minute: None,
            }],
        ),
        ("Please do not reply to this email.", false, false, &[]),
    ];
    for (text, request, timed, due) in table {
        let r = reply::read(text);
        assert_eq!(
            (r.has_request, r.has_timed_step, r.follow_ups.as_slice()),
            (*request, *timed, *due),
            "{text}"
        );
    }
}
