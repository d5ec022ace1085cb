//! Misreadings found by black-box players (issue 21), as classes: a time
//! for our next reply is no outcome, a team named by its function, a
//! passive request ("make sure the key is revoked"), the account email
//! written out, "within a business day", "close of business" as a time,
//! approvals with an amount or invoice between verb and object, the
//! privacy officer named on an unverified deletion, "reply to this email"
//! (the message itself), an invoice number asked for as "it", a billed
//! charge taken off (a waiver, and "the credit" after it the same entry),
//! a pronoun after "your question about the charge", a waiver in the
//! account's past given as a reason, password advice in the customer's own
//! deeds ("one you haven't used elsewhere"), an invoice number asked for
//! as "reply with it" or as a question about which invoice it was, a
//! sign-off naming our own team (who writes, not a team the case goes
//! to), a refund approved with a long subject or a request as its subject,
//! an outcome named as a topic ("the window for a desk refund") and
//! refused as "it", what "isn't something we can do", and what is "too
//! old for the desk to refund".
//! Every row must earn
//! every reply criterion on two tickets of its kind; the disguised and
//! off-policy rows must not.
#![cfg(not(target_arch = "wasm32"))]
mod support_triage_corpus;
use env_wasm::Points;
use env_wasm::support_triage::policy::Case;
use support_triage_corpus::*;

fn inv(f: &Fixture) -> String {
    // Levels 4 and 5: the invoice on record, which the body may not name.
    if let Some(invoice) = f.ticket().records.as_ref().and_then(|r| r.invoice.as_ref()) {
        return invoice.id.clone();
    }
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

/// The next whole hour after the ticket arrived (within the hour, so
/// within every SLA), said in words: "by 9 o'clock this morning" (`words`:
/// "by nine this morning").
fn spoken_hour(f: &Fixture, words: bool) -> String {
    let hour = f.ticket().minute / 60 + 1;
    let (said, part) = match hour {
        h if h < 12 => (h, " this morning"),
        12 => (12, ""),
        h => (h - 12, " this afternoon"),
    };
    const NAMES: [&str; 13] = [
        "twelve", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    match NAMES.get(said as usize) {
        Some(name) if words && !part.is_empty() => format!("by {name}{part}"),
        _ => format!("by {said} o'clock{part}"),
    }
}

/// The amount a ticket's refund is about: the invoice on record (levels 4
/// and 5), or the first sum its body names.
fn amount(f: &Fixture) -> String {
    let ticket = f.ticket();
    if let Some(records) = &ticket.records
        && let Some(invoice) = &records.invoice
    {
        return records.currency.money(invoice.local_cents);
    }
    let body = &ticket.body;
    body.find(['$', '£', '€'])
        .map(|i| {
            let sum: String = body[i..]
                .chars()
                .enumerate()
                .take_while(|(k, c)| *k == 0 || c.is_ascii_digit() || *c == '.' || *c == ',')
                .map(|(_, c)| c)
                .collect();
            sum.trim_end_matches(['.', ',']).to_owned()
        })
        .unwrap_or_else(|| "$40.00".to_owned())
}

fn fill(f: &Fixture, t: &str) -> String {
    let ticket = f.ticket();
    // "by 10:15 today (Tuesday)": the day named again in brackets.
    let today = format!(
        "{} today ({})",
        f.clock_after(45),
        ticket.received.weekday_name()
    );
    t.replace("{oclock}", &spoken_hour(f, false))
        .replace("{hour_words}", &spoken_hour(f, true))
        .replace("{today_named}", &today)
        .replace("{company}", &ticket.customer.company)
        .replace("{vendor}", f.desk.vendor)
        .replace("{amount}", &amount(f))
        .replace("{first}", f.first())
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
        // "have" before a participle is its auxiliary, not a receipt: the
        // customer's request restated (play-st19, B1).
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: you've asked us to refund the add-on charge, but we don't yet have the invoice it was billed on. Please reply with its number (it starts with INV-); we'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: you have requested a refund of the charge; to look into it we need the invoice number, so please send it over. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: you've asked for a refund of a charge from more than 30 days ago, which I can't approve myself, so our billing supervisor will review it. We'll reply {time}.",
        ),
        // A subordinate clause with its own subject inherits none: the
        // customer's own deed (play-st20, B1).
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: you asked us to refund the add-on charge, since you had cancelled it before it renewed. To look into it we need the invoice number; please reply with it. We'll reply {time}.",
        ),
        // A paraphrase stress's classes (play-para-st): the infinitive's
        // "to" said again in the request restated; "that" after a noun;
        // "it" beside a fee and its amount; a rule's "but only for";
        // money credited back to the card; a heading of what they receive.
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: you asked us to delete the personal data we hold about you and to close your account. Your request is now with our privacy officer, who will handle it; we'll update you {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: I can't approve this myself, so our billing supervisor will review it, including your point about the add-on that was cancelled before it renewed. We'll reply {time}.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: there's been no waiver on the account in the last year and the fee on {inv} is {fee}. We have therefore waived it, and it will be cleared from the invoice {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: a refund can be given at the desk, but only for charges within 30 days, and this one is older, so our billing supervisor will review it. We'll reply {time}.",
        ),
        (
            "refund_in_window",
            "Dear {first},\n\nRe: ticket {id}. I'm pleased to confirm that we shall refund the charge of {amount} on {inv} in full. The funds should be credited to your original payment method within five to ten business days.\n\nYours sincerely,\nSupport",
        ),
        (
            "refund_in_window",
            "Hello {first},\n\nYour request ({id})\nA refund of the charge on {inv}.\n\nWhat you'll receive\nA refund of {amount} to your original payment method, within 5 to 10 business days.\n\nBest regards,\nSupport",
        ),
        // The desk's limit as the reason, "only" on its condition after
        // the verb (play-st20, B2).
        (
            "refund_late",
            "Hi {first}, re ticket {id}: our rules let the support desk refund a charge only within 30 days, and this one is older, so our billing supervisor will review it. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: the policy allows us to refund charges only within 30 days of the charge date, so your request goes to our billing supervisor for review. We'll reply {time}.",
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
        // Issue 21, second black-box play (support_triage-p2, mcp-p2): each
        // class with the player's sentence first, then two other wordings.
        // A time for our next message is no outcome ("back in touch").
        (
            "legal_threat",
            "Hi {first}, ticket {id}: I have referred your message to our legal team, who will review it. We will be back in touch with you {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review it. We'll be in touch again {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team has it and will review it; we'll be back in contact {time}.",
        ),
        // Issue 21, third play (support-p3): "check (back) in with you" is
        // our next contact, not the customer back in.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: we need the invoice number before your request can go any further, so please reply on {id} with the INV- number. We will check back in with you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is handling this. Please reset your password and turn on two-factor authentication. We will check in with you again within the hour.",
        ),
        // "We cannot act on a request to delete data until ...": a refusal
        // with a condition, no promise; the account email written out is
        // the account email.
        (
            "deletion_unverified",
            "Dear {first},\n\nThank you for contacting us (ticket {id}). We cannot act on a request to delete data until we have confirmed that it comes from the account holder, and this message was sent from an address that is not on the account. Please send your request again from {email}. When it arrives, our privacy officer will handle it from there. You will hear from us again {time}.",
        ),
        (
            "deletion_unverified",
            "Dear {first},\n\nThank you for contacting us (ticket {id}). We need to confirm that requests about your data come from the account holder, and this message was sent from an address that is not on the account. Please send your request again from {email}. When it arrives, our privacy officer will handle it from there. You will hear from us again {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: we can't erase anything until we know the request comes from the account holder, and this came from an address we don't have on file. Could you forward it to us from {email}? We'll reply {time}.",
        ),
        // "the number" of an invoice its sentence names ("begins INV-").
        (
            "refund_missing_invoice",
            "Dear {first},\n\nMany thanks for having a look for it. Without the invoice number we are unable to take your request regarding the add-on charge any further for now, so whenever you come across it, please reply to this ticket ({id}) quoting the number, which begins INV-. We shall be in touch again {time} in any case.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: we can't look into the charge without its invoice. Please send us the number when you find it. We'll reply {time}.",
        ),
        // A pending refund may say the billing team takes it (section 4).
        (
            "refund_missing_invoice",
            "Hi {first},\n\nRe: {id}. Thanks for checking. We can only look at a refund for the add-on once we know which invoice the charge is on. When you find it, please reply here with the invoice number (INV-...). Our billing team will pick the ticket up as soon as it arrives, and we will get back to you {time}.",
        ),
        (
            "refund_missing_invoice",
            "Dear {first},\n\nThank you for checking, and no problem. We will keep ticket {id} open until we hear from you: please send us the invoice number for the add-on charge once you find it, and our billing team will review the request from there. We will next be in touch {time}.",
        ),
        // A restated request is the customer's wish, not our promise.
        (
            "deletion_verified",
            "Hi {first}, thank you for your message ({id}). I've passed your request to delete your personal data and close your account to our privacy officer, who handles these requests personally. You'll hear from us again {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: you asked us to erase your records and close the account; our privacy officer will handle it and we'll write back {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: we've received your email asking us to delete your data and close your account. Our privacy officer will handle it and we'll reply {time}.",
        ),
        // A desk limit given as the reason is no refund or waiver.
        (
            "refund_late",
            "Hello {first}, ticket {id}: the charge on {inv} is from last month, so it's past the 30-day window the support desk can refund from. I've escalated it to our billing supervisor for review. We'll update you {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: this charge is outside the window I can refund from the desk, so our billing supervisor will review it; we'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: unfortunately I'm not able to remove the fee myself: it's over the limit the support team can waive. Our billing supervisor will review it and we'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: the {fee} fee is more than the desk can waive, so our billing supervisor will review it. We'll reply {time}.",
        ),
        // "We can only accept ... from the address on file" states a rule,
        // and sending from a named address is the verification asked.
        (
            "deletion_unverified",
            "Dear {first}, ticket {id}: to protect your account, we can only accept a request like this from the email address we have on file for you, and this message came from a different address. Could you please send your request from your {company} address? Once you have, our privacy officer will handle it.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: we can only accept deletion requests when they come from the account's registered address, so please resend it from that address. We'll reply {time} after it arrives.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: we're only able to accept a request like this from the address on file; please write to us again from that address so we can check it's you.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, thanks for your message ({id}). For your security, we can only process data deletion requests that come from the email address registered to the account, and this one arrived from a personal address. Could you resend it from your {company} email? Our privacy officer will then take care of it.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please write to us again from your {company} address so we can check it's you; our privacy officer will then handle it.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: could you send the request again from your work email at {company}? Then our privacy officer will take it from there.",
        ),
        // A demonstrative before a noun names that noun: "once that check
        // is complete" is the identity check's end, not the deletion the
        // request asked for (play-st18, line 13).
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: this message came from an address we don't have on file, and a request to remove a company's data is one we only take forward once that check is complete. Please write to us again from {email}; we'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: erasure requests have to come from the account's own address. Please resend yours from {email}; our privacy officer handles your request to delete the data when this step is done, and we'll reply {time}.",
        ),
        // Hours in words, and the day named again in brackets.
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. Our security team has the case and is investigating; we'll update you {oclock}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and enable two-factor authentication. Our security team is investigating and we'll update you {hour_words}.",
        ),
        (
            "legal_threat",
            "Hi {first}, thank you for writing to us about ticket {id}. I have passed your message to our legal team, who will review it. We will get back to you with an update {today_named}.",
        ),
        // "Revoke it": only credentials are revoked.
        (
            "security_key",
            "{first}, re ticket {id}: thanks for flagging the exposed key so promptly. Please revoke it now and issue a fresh one, and enable two-factor authentication if it isn't on already. Our security team has the case and is investigating; we'll update you {time}.",
        ),
        (
            "security_key",
            "Hi {first}, ticket {id}: that key is public now, so please rotate it right away and turn on two-factor authentication. Our security team is on it; we'll update you {time}.",
        ),
        (
            "security_key",
            "Hi {first}, ticket {id}: please invalidate it and create a new one, then enable two-factor authentication. Our security team is investigating; we'll update you {time}.",
        ),
        // A hyphened compound ("sign-ins") is no imperative.
        (
            "security_incident",
            "Hi {first}, thank you for letting us know about this ({id}) — sign-ins you didn't make need attention first, before the invoice. Please reset your password and turn on two-factor authentication. Our security team is handling this now, and we'll contact you again {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: log-ins from places you don't recognise come first, before the invoice. Please reset your password and enable two-factor authentication; our security team is on it and we'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: sign-in alerts like these come before any billing question. Please reset your password and turn on two-factor authentication; our security team will update you {time}.",
        ),
        // "reply to this email" is the message being written: no request
        // for what the sentence before names (p4, line 2).
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee, and you'll get a corrected invoice {time}. If anything still looks off once it arrives, just reply to this email and I will take another look.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: I've waived the late fee on {inv}; the corrected invoice follows {time}. If you have any other questions, just reply to this email.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: our privacy officer will handle your request, and we'll update you {time}. Anything else, just respond to this message.",
        ),
        // A request for "it", the invoice number named before it (p4,
        // lines 18 and 25; p3, line 31).
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: we can't progress a refund without the invoice. When you find the invoice number, please send it to us here, and our billing team will review the request. We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: we do need the invoice number to progress this. Whenever you come across it, please send it over on this ticket. We'll be in touch {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: once you track down the invoice number for the charge, please forward it to us by replying to this email. You'll hear from us {time}.",
        ),
        // A referral listing what it refers is no refund.
        (
            "legal_threat",
            "Dear {first}, ticket {id}: I've referred the ticket, including the late fee on {inv} and the charges for the cancelled plan, to our legal team for review. We will reply to you {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review everything you raised, the refunded add-on and the charges for the cancelled seats included. We'll respond {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: I've sent the whole ticket, with the disputed charges for the closed plan, to our legal team. We'll reply {time}.",
        ),
        // A negated decision is no waiver.
        (
            "legal_threat",
            "Dear {first}, ticket {id}: I've passed your ticket to our legal team, who will review it. I'm not able to make any decision on the late fee or the charge myself while it's with them. We'll come back to you {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review this; I can't make a call on the fee or the charge while they have it. We'll reply {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review it, and no decision has been made on the fee or the charges. We'll respond {time}.",
        ),
        // A billed charge taken off is no longer owed: the fee waived
        // (p1:19-20), and "the credit" after it is that same entry.
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: all sorted. The {fee} charge on {inv} has been taken off your invoice, and the credit will appear on your account today. We'll confirm {time}.",
        ),
        // A refund approved as an item of a list (p1:27).
        (
            "refund_in_window",
            "Hi {first},\n\nThanks for getting in touch about ticket {id}.\n\n- The refund for {inv} is approved.\n- We'll confirm {time} once it has gone through.\n\nBest,\nSupport",
        ),
        // "Once this is dealt with" after a question about a charge: the
        // question is what "this" is not, and nothing is settled (p1:31).
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it. Please reset your password and turn on two-factor authentication. We'll update you {time}. Your email about the renewal charge will get its own answer after this is dealt with.",
        ),
        // A waiver in the account's past, given as the reason for not
        // waiving this one (p1:39).
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: since a late fee was previously waived on this account within the year, I can't waive this one myself. I've passed it to our billing supervisor, who will review it, and we'll reply {time}.",
        ),
        // Password advice in the customer's own deeds (p4:32).
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is looking into it. Please reset your password to one you haven't used on any other site, and turn on two-factor authentication. We'll update you {time}.",
        ),
    ];
    let mut bad = 0;
    for (kind, t) in rows {
        for f in fx
            .iter()
            .filter(|f| f.kind == kind || (kind == "security_key" && f.leaked_key()))
            .take(2)
        {
            if !reply_earns_full_or_is_printed(f, kind, &fill(f, t)) {
                bad += 1;
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
        // The rule named, then the refund given anyway.
        (
            "refund_late",
            "Hi {first}, ticket {id}: our rules let the desk refund a charge only within 30 days, but I will refund this one for you today. We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: since you had cancelled the add-on, we will refund the charge. Please send the invoice number. We'll reply {time}.",
        ),
        // The request restated with "to" again, then done.
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: you asked us to delete your data and to close your account, and we will close it today. We'll reply {time}.",
        ),
        // A rule's "but only for", then the refund given anyway.
        (
            "refund_late",
            "Hi {first}, ticket {id}: a refund can be given at the desk, but only for charges within 30 days; even so, we will refund this one today. We'll reply {time}.",
        ),
        // The request restated, then the refund given to the customer.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: you've asked us to refund the charge, and you will have the refund within 5 business days. Please send the invoice number. We'll reply {time}.",
        ),
        // The check named, then the deletion promised after it.
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: a request to remove a company's data needs an identity check, and once that check is complete we will delete all of it. We'll reply {time}.",
        ),
        // A refusal with a condition, then the promise anyway.
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: we cannot act on it until we have confirmed it is you. Please send it again from {email} and we will delete your data {time}.",
        ),
        // "the number" with no invoice anywhere near it.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: thanks for checking. Please reply with your phone number. We'll reply {time}.",
        ),
        // A pending refund names only billing, not legal.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: please send us the invoice number, and our legal team will review the request. We'll reply {time}.",
        ),
        // "check in" is contact; getting the customer back in after a
        // check is still a promise of access.
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is handling this. Please reset your password and turn on two-factor authentication. We will check the logs and get you back in within the hour.",
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
        // A request for the invoice number by replying to this email is
        // still one, off-policy on a fee the desk waives.
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee. Please send us the invoice number by replying to this email; we'll confirm {time}.",
        ),
        // "Send it" after a sentence naming the invoice number is a
        // request for it: off-policy where the case needs none.
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee. We will need the invoice number as well, so please send it over. We'll confirm {time}.",
        ),
        // Issue 21's classes, said wrongly: each must still lose.
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review it, and we'll get you back into your account {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: I've passed your request to our privacy officer, and we will delete your data and close your account {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: it's within the window I can refund from, so we will refund the charge on {inv} today. We'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: we can accept your request, and we will delete your data {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please send it again from your {company} email and we will delete your data at once.",
        ),
        (
            "security_key",
            "Hi {first}, ticket {id}: there's no need to revoke it; our security team is investigating and we'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication, and send us the invoice number too. Our security team will update you {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review it, but we've decided to waive the fee and refund the charge. We'll reply {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: I've referred the ticket to our legal team, and the charges for the cancelled plan will be refunded {time}.",
        ),
        // The classes above said wrongly: each must still lose.
        // A second, new credit beside the charge taken off.
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: the {fee} charge on {inv} has been taken off, and a $20 credit will be added to your account as well. We'll confirm {time}.",
        ),
        // A charge taken off where the desk may not waive it.
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: our billing supervisor will review it, and the {fee} charge has been taken off your invoice already. We'll reply {time}.",
        ),
        // A promise made once the matter is dealt with is still made.
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it. Please reset your password and turn on two-factor authentication. Once this is dealt with, we will refund the renewal charge. We'll update you {time}.",
        ),
        // A past waiver, then this one waived anyway.
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: a fee was already waived on your account this year, but we have waived this one as well. We'll reply {time}.",
        ),
        // An all-clear, not the customer's own deed.
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. Rest assured nobody has used your account. Our security team will update you {time}.",
        ),
    ];
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(&fx, &rows, 1);
}

/// Each row, filled in on the first `per_kind` tickets of its kind, earns
/// no compliance.
fn lose_compliance(fx: &[&Fixture], rows: &[(&str, &str)], per_kind: usize) {
    lose_compliance_filled(fx, rows, per_kind, fill);
}

/// [`lose_compliance`], each row filled in by `fill_in`.
fn lose_compliance_filled(
    fx: &[&Fixture],
    rows: &[(&str, &str)],
    per_kind: usize,
    fill_in: impl Fn(&Fixture, &str) -> String,
) {
    for (kind, t) in rows {
        for f in fx
            .iter()
            .filter(|f| f.kind == *kind || (*kind == "security_key" && f.leaked_key()))
            .take(per_kind)
        {
            let reply = fill_in(f, t);
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

/// The first sentence of `f`'s ticket that ends with a full stop, as
/// written.
fn first_full_sentence(f: &Fixture) -> String {
    let body = ticket_text(f.ticket());
    let mut from = 0;
    for (at, c) in body.char_indices() {
        let ends = matches!(c, '.' | '?' | '!')
            && body[at + 1..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace);
        if ends {
            let sentence = body[from..=at].trim();
            if c == '.' && sentence.split_whitespace().count() >= 4 {
                return sentence.to_owned();
            }
            from = at + 1;
        }
    }
    "We need help.".to_owned()
}

/// A quoted sentence of the ticket ends where its own full stop does,
/// whatever follows on its line (play-st38 B5): the sentence after it is
/// read, its grant earned and its forbidden promise caught.
#[test]
fn a_quoted_sentence_ends_at_its_own_stop() {
    let fx = fixtures();
    let right: &[(&str, &str)] = &[
        (
            "fee_waiver_allowed",
            "Hi {first},\n\nRegarding ticket {id}, you wrote: \"{quote}\" I have waived the {fee} late fee.\n\nBest,\nSupport",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first},\n\nOn ticket {id} you wrote: \u{201c}{quote}\u{201d} The {fee} late fee has been waived.\n\nBest,\nSupport",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}. You told us: \"{quote}\" Good news: I've removed the {fee} late fee from your account.",
        ),
        (
            "deletion_unverified",
            "Hi {first},\n\nAbout ticket {id}, you wrote: \"{quote}\" Please write to us again from {email} so we can verify your identity.\n\nKind regards,\nSupport",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: \u{201c}{quote}\u{201d} To go ahead we need to verify it's you, so please send the same request from {email}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first},\n\nOn ticket {id} you wrote: \"{quote}\" Could you send us the invoice number (it begins INV-) so we can look into it?\n\nBest,\nSupport",
        ),
    ];
    let with_quote = |f: &Fixture, t: &str| fill(f, &t.replace("{quote}", &first_full_sentence(f)));
    earn_every_reply_criterion_filled(&fx, right, with_quote);
    // Near misses: what follows the quotation is still read as ours.
    let wrong: &[(&str, &str)] = &[
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}, you wrote: \"{quote}\" We will delete all of your data today. Please write to us from {email} so we can verify your identity.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}, you wrote: \"{quote}\" We will refund you in full. Please send us the invoice number.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}, you wrote: \"{quote}\" I waived the {fee} late fee, and please reply with your card number so we can confirm it.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}, you wrote: \u{201c}{quote}\u{201d} Rest assured your data is completely safe with us. Please write to us from {email} so we can verify your identity.",
        ),
    ];
    let refs: Vec<&Fixture> = fx.iter().collect();
    lose_compliance_filled(&refs, wrong, 2, with_quote);
}

/// A change to the account that the case did not need, reported done,
/// and an account closed before its owner is verified, lose compliance
/// (play-st38 X1, X2); the security case's own resets do not.
#[test]
fn an_unneeded_account_change_or_an_unverified_closure_loses_compliance() {
    let fx = fixtures();
    let refs: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(
        &refs,
        &[
            (
                "refund_in_window",
                "Hi {first}, ticket {id}: I've refunded {inv} in full; it will reach your card within 5 business days. While I was at it, I also reset your account password.",
            ),
            (
                "fee_waiver_allowed",
                "Hi {first}, ticket {id}: I have waived the {fee} late fee. I also turned off two-factor authentication on your account.",
            ),
            (
                "refund_in_window",
                "Hi {first}, ticket {id}: we will refund {inv} within 5 business days, and I've downgraded your plan to Basic.",
            ),
            (
                "deletion_unverified",
                "Hi {first}, ticket {id}: I've closed your {company} account today as requested. For the data, please write to us from {email} so we can verify your identity.",
            ),
            (
                "deletion_unverified",
                "Hi {first}, ticket {id}: your account has been closed. Please write to us from {email} so we can verify your identity before anything else.",
            ),
        ],
        2,
    );
    earn_every_reply_criterion(
        &fx,
        &[(
            "security_incident",
            "Hi {first}, ticket {id}: our security team is handling this. We have reset your password as a precaution; please turn on two-factor authentication. We'll update you within the hour.",
        )],
    );
}

#[test]
fn spoken_hours_past_the_sla_lose_the_next_step() {
    for f in fixtures().iter().filter(|f| f.sla() == 60).take(3) {
        let hour = f.ticket().minute / 60 + 3;
        let late = if hour < 12 {
            format!("by {hour} o'clock this morning")
        } else {
            format!(
                "by {} o'clock this afternoon",
                hour.saturating_sub(12).max(1)
            )
        };
        let reply = fill(
            f,
            &format!(
                "Hi {{first}}, ticket {{id}}: please reset your password and turn on two-factor authentication. Our security team is investigating; we'll update you {late}."
            ),
        );
        let g = grade(f, &reply);
        assert!(
            g.criteria["reply_elements"] < Points::FULL,
            "{}: {reply}\n{:?}",
            f.id(),
            g.notes
        );
    }
}

/// Issue 21, R7: every flag on a reply quotes the sentence that fired it
/// (a promise the case does not allow, a request it does not need, a
/// violation), and a move the reply lacks says whether a sentence declines
/// or hedges it or none makes it, so a player need not bisect the reply.
#[test]
fn every_flag_quotes_the_sentence_that_fired_it() {
    let fx = fixtures();
    let rows: Vec<(&str, &str, &str)> = vec![
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: thanks for writing. We have waived the late fee on your account. We'll reply {time}.",
            "Forbidden: commits to waiving the fee, read in \"We have waived the late fee on your account\"",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it. Please send us your current password so we can check the sign-ins. We'll reply {time}.",
            "asks for a password, card number or code, read in \"Please send us your current password so we can check the sign-ins\"",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it. Please reset your password and turn on two-factor authentication. Rest assured your data is safe with us. We'll reply {time}.",
            "assures the customer their data is safe, read in \"Rest assured your data is safe with us\"",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: we will refund the charge on {inv} today. Our legal team will look at it as well. We'll reply {time}.",
            "Off-policy: names the legal team, read in \"Our legal team will look at it as well\"",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: thanks for your patience. We will probably waive the late fee. We'll reply {time}.",
            "commits to waiving the fee (the reply hedges it in \"We will probably waive the late fee\", which delivers nothing)",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: thanks for your patience. We cannot waive the late fee. We'll reply {time}.",
            "commits to waiving the fee (the reply declines it in \"We cannot waive the late fee\")",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: thanks for your patience, we are looking at your invoice. We'll reply {time}.",
            "Missing: commits to waiving the fee (no sentence of the reply does)",
        ),
    ];
    let mut bad = Vec::new();
    for (kind, t, wanted) in rows {
        let Some(f) = fx.iter().find(|f| f.kind == kind) else {
            bad.push(format!("no fixture of {kind}"));
            continue;
        };
        let reply = fill(f, t);
        let notes = grade(f, &reply).notes.join(" ");
        if !notes.contains(wanted) {
            bad.push(format!(
                "{kind}: {reply}\n  wanted {wanted:?}\n  got {notes}"
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Tickets of `kinds` on the stock hard desk and on the records desk of
/// levels 4 and 5, two of each kind per level where the level draws it
/// (security incidents without a leaked key, whose replies ask for other
/// steps).
fn tickets_at_every_level(kinds: &[&str]) -> Vec<Fixture> {
    use env_wasm::support_triage::generate::generate_at;
    use env_wasm::support_triage::tasks::Task;
    let mut out: Vec<Fixture> = fixtures()
        .into_iter()
        .filter(|f| kinds.contains(&f.kind) && !f.leaked_key())
        .collect();
    for level in [4u8, 5] {
        let mut taken: Vec<&str> = Vec::new();
        for seed in 0..600 {
            let desk = generate_at(Task::Hard, level, seed);
            let kind = desk.tickets[0].case.kind();
            let seen = taken.iter().filter(|k| **k == kind).count();
            let leaked_key = matches!(desk.tickets[0].case, Case::Security { leaked_key: true });
            if kinds.contains(&kind) && seen < 2 && !leaked_key {
                taken.push(kind);
                out.push(Fixture {
                    desk,
                    kind,
                    nth: seen,
                });
            }
            if taken.len() == 2 * kinds.len() {
                break;
            }
        }
    }
    out
}

/// Whether `reply` earns every reply criterion on `f`; when it does not,
/// the reply, its criteria and the grader's notes are printed.
fn reply_earns_full_or_is_printed(f: &Fixture, kind: &str, reply: &str) -> bool {
    let g = grade(f, reply);
    let full = g
        .criteria
        .iter()
        .filter(|(k, _)| k.starts_with("reply"))
        .all(|(_, v)| *v == Points::FULL);
    if !full {
        println!(
            "--- {kind} {}: {reply}\n  {:?}\n  {}",
            f.id(),
            g.criteria,
            g.notes[2..].join(" | ")
        );
    }
    full
}

/// Each row, filled in on every ticket of its kind (two at least), earns
/// every reply criterion; the ones that do not are printed.
fn earn_every_reply_criterion(fx: &[Fixture], rows: &[(&str, &str)]) {
    earn_every_reply_criterion_filled(fx, rows, fill);
}

/// [`earn_every_reply_criterion`], each row filled in by `fill_in`.
fn earn_every_reply_criterion_filled(
    fx: &[Fixture],
    rows: &[(&str, &str)],
    fill_in: impl Fn(&Fixture, &str) -> String,
) {
    let (mut read, mut bad) = (0, 0);
    for (kind, t) in rows {
        for f in fx.iter().filter(|f| f.kind == *kind) {
            read += 1;
            if !reply_earns_full_or_is_printed(f, kind, &fill_in(f, t)) {
                bad += 1;
            }
        }
    }
    assert!(read >= 2 * rows.len(), "only {read} replies read");
    assert_eq!(bad, 0, "replies read wrongly (printed above)");
}

/// Saying that an amount is past what the desk may refund or waive (above,
/// beyond, outside, over, more than what the desk can do, the amount or
/// limit it can do it up to) states what we cannot do: the reason for the
/// escalation, not a promise (player p5, lines 21, 40, 41, 53).
#[test]
fn what_lies_past_the_desks_limit_is_no_promise() {
    let kinds = [
        "fee_waiver_over_limit",
        "refund_late",
        "refund_prorated_over_limit",
        "refund_chargeback",
    ];
    let fx = tickets_at_every_level(&kinds);
    for kind in kinds {
        assert!(
            fx.iter().any(|f| f.kind == kind),
            "no {kind} ticket at levels 4 and 5"
        );
    }
    let rows: Vec<(&str, &str)> = vec![
        (
            "fee_waiver_over_limit",
            "Good morning {first},\n\nThank you for explaining what happened with the payment (ticket {id}).\n\nThe late fee on {inv} is above the amount the support desk can waive on its own, so I have referred your request to our billing supervisor for review. I cannot say what the decision will be, but we will write back to you {time}.\n\nKind regards,\nSupport",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, re ticket {id}: this fee is beyond what the support desk can waive, so our billing supervisor will review your request. We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: the late fee exceeds the amount I can waive myself, so I've passed it to our billing supervisor for review. We will get back to you {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: a fee of this size is over what we are able to waive at the support desk, so our billing supervisor will review your request. We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hello {first}, ticket {id}: the fee on {inv} is outside the limits of what the desk is authorised to waive without approval; I have referred it to our billing supervisor, who will decide. You'll hear from us {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: a charge from that long ago is beyond what I can refund on my own, so I've referred it to our billing supervisor for review. We'll be in touch {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, re ticket {id}: the charge is outside what the support desk can refund, so our billing supervisor will review your request. We'll reply {time}.",
        ),
        (
            "refund_prorated_over_limit",
            "Good morning {first},\n\nI have checked your request ({id}). The amount for the unused months of that annual term is above what the support desk can refund on its own, so I have passed the request to our billing supervisor, who will review it. We will come back to you with their answer {time}.\n\nWarm regards,\nSupport",
        ),
        (
            "refund_prorated_over_limit",
            "Hi {first}, ticket {id}: the unused months come to more than what the support desk can refund, so our billing supervisor will review the request. We'll reply {time}.",
        ),
        (
            "refund_prorated_over_limit",
            "Hi {first}, ticket {id}: the refund for the unused months exceeds the amount the desk is allowed to refund, so I have escalated it to our billing supervisor for review. We'll update you {time}.",
        ),
        (
            "refund_chargeback",
            "Hello {first},\n\nOur records show that the charge is already under dispute with your bank (ticket {id}).\n\nA charge under dispute is outside what the support desk can refund, so I have referred your request to our billing supervisor, who will review it alongside the dispute. We will be back in touch {time}.\n\nKind regards,\nSupport",
        ),
        (
            "refund_chargeback",
            "Hi {first}, ticket {id}: while your bank's dispute is open, the charge is beyond what the desk can refund; our billing supervisor will review it with the dispute. We'll reply {time}.",
        ),
    ];
    earn_every_reply_criterion(&fx, &rows);
}

/// A state the desk is working towards ("once we have made sure your
/// account is secure", "until your account is secure again", "as soon as
/// your account is secure") is no all-clear: it says nothing of how things
/// are now (player p5, lines 17 and 20).
#[test]
fn a_state_worked_towards_is_no_all_clear() {
    let fx = tickets_at_every_level(&["security_incident"]);
    let rows: Vec<(&str, &str)> = vec![
        (
            "security_incident",
            "Hi {first},\n\nThanks for flagging this straight away: ticket {id} is now with our security team, who are handling it.\n\nIn the meantime, please:\n1. Reset your password right away.\n2. Turn on two-factor authentication.\n\nWe will update you {time}, once we have made sure your account is secure.\n\nRegards,\nSupport",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is handling this. Please reset your password and turn on two-factor authentication. Your other request is noted too, and we will pick it up once your account is secure. We'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is investigating. Please reset your password, turn on two-factor authentication, and avoid shared devices until your account is secure again. We'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it. Please reset your password and enable two-factor authentication. We'll update you {time}, and again as soon as your account is secure.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team has the case. Please reset your password and turn on two-factor authentication. We'll update you {time}, and once we have verified that no data was accessed we will tell you so.",
        ),
    ];
    earn_every_reply_criterion(&fx, &rows);
}

/// The same limits and states around a real promise or an all-clear: an
/// outcome after the limit, with its own object or its own "will", a
/// waiver on the customer's action, an all-clear beside a state worked
/// towards, a past finding in a time clause. Each must still be refused.
#[test]
fn promises_and_all_clears_beside_a_limit_or_a_goal_are_still_read() {
    let fx = tickets_at_every_level(&[
        "fee_waiver_over_limit",
        "refund_late",
        "refund_prorated_over_limit",
        "security_incident",
    ]);
    let rows: Vec<(&str, &str)> = vec![
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: although the fee is over the limit we can waive it this time. We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: the fee is above the amount the desk can waive, but we will waive it for you. We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: it's above what the desk can waive on its own, so our billing supervisor will look at it, and the fee will be waived once they sign off. We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: the fee is beyond what the desk can waive, but we will waive it if you pay the invoice today. We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: even though it exceeds the amount the desk can waive we can waive the fee for you. We'll reply {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: the charge is outside what the desk can refund, but we will refund you in full anyway. We'll reply {time}.",
        ),
        (
            "refund_prorated_over_limit",
            "Hi {first}, ticket {id}: the amount is above the limit the desk can refund, and we can refund it for you today. We'll reply {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. Rest assured nothing was exposed, and we'll update you {time} once we have made sure your account is secure.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. When we checked your account was secure. We'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. Once again, your data is safe. We'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. When we looked no data had been accessed. We'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication. Your account will be secure once you reset your password. We'll update you {time}.",
        ),
    ];
    for (kind, t) in rows {
        let mut read = 0;
        for f in fx.iter().filter(|f| f.kind == kind) {
            let reply = fill(f, t);
            let g = grade(f, &reply);
            read += 1;
            assert_eq!(
                g.criteria["reply_compliance"],
                Points::ZERO,
                "{kind} {}: {reply}\n{:?}",
                f.id(),
                g.notes
            );
        }
        assert!(read >= 2, "{kind}: only {read} tickets");
    }
}

/// An invoice number asked for in other words (play-mcp1, B1): "reply with
/// it" after the clause that names the invoice number, a question about
/// which invoice the charge appeared on, "the invoice number (...) is all
/// we need". The player's three replies first (validation level 5 index
/// 29, level 4 index 26, level 2 index 95), then other wordings. Each
/// earns every reply criterion on tickets of the case at every level;
/// the near misses, which ask for nothing or for another number, lose
/// compliance; and asking that way where the desk needs no invoice is
/// still off-policy.
#[test]
fn invoice_numbers_asked_for_in_other_words() {
    let fx = tickets_at_every_level(&["refund_missing_invoice"]);
    let rows: Vec<(&str, &str)> = vec![
        (
            "refund_missing_invoice",
            "Dear {first},\n\nThank you for checking, and no need to apologise. We can't look into the SMS notifications add-on charge under ticket {id} until we know which invoice it was billed on, so I've put the ticket on hold for now. When you come across the invoice number (it begins with INV- and is printed at the top of each invoice; your finance team may also have a copy), please reply to this email with it. Our billing team will then review your request.\n\nKind regards,\nSupport",
        ),
        (
            "refund_missing_invoice",
            "Hi {first},\n\nThanks for having a look (ticket {id}). We can only review a refund against a specific invoice, so we'll keep this ticket open until we have it. Once you've tracked down the invoice number, just reply with it and our billing team will review the SMS notifications add-on charge.\n\nBest,\nSupport",
        ),
        (
            "refund_missing_invoice",
            "Hello {first},\n\nThanks for getting in touch about ticket {id}. Could you let us know which invoice the audit log add-on charge from 7 March appeared on? The invoice number (it starts with INV-) is all we need; our billing team will review the request as soon as we have it.\n\nBest regards,\nSupport",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: when you come across the invoice number, please reply to this email with it. We'll be in touch {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: once you have the invoice number to hand, please get back to us with it, and our billing team will review the charge. We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: could you let us know which invoice the add-on charge appeared on? Our billing team will review it from there, and we'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: could you tell us which invoice the charge was billed on? Our billing team will take it from there. We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: the invoice number (it starts with INV-) is all we need. Our billing team will review the charge once we have it, and we'll be in touch {time}.",
        ),
    ];
    earn_every_reply_criterion(&fx, &rows);
    let refused: Vec<(&str, &str)> = vec![
        // Nothing is asked of the customer.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: once we have tracked down the invoice number, we will reply to you with it. We'll be in touch {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: our billing team will look up which invoice the charge appeared on and reply with it {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: our billing team will look up the invoice number and reply with it {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: we'll reply with the invoice number once our billing team finds it, {time}.",
        ),
        // A question about something else.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: could you let us know which plan you are on? Our billing team will review the charge, and we'll reply {time}.",
        ),
        // Another number, beside an invoice number said not to be needed.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: the invoice number is not something we need; please reply with your phone number. We'll reply {time}.",
        ),
        // A request not to send it.
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: when you find the invoice number, please don't reply with it; our billing team will review the charge and we'll reply {time}.",
        ),
        // Asking for an invoice where the desk waives the fee itself.
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee. Once you've found the invoice number, just reply with it; we'll confirm {time}.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee. Could you let us know which invoice the charge appeared on? We'll confirm {time}.",
        ),
    ];
    let all = fixtures();
    let fx: Vec<&Fixture> = fx.iter().chain(&all).collect();
    lose_compliance(&fx, &refused, 3);
}

/// Each row, filled in on the first `per_kind` tickets of its kind, earns
/// no handling: it leaves out what the case asks for.
fn lose_handling(fx: &[&Fixture], rows: &[(&str, &str)], per_kind: usize) {
    for (kind, t) in rows {
        let mut read = 0;
        for f in fx.iter().filter(|f| f.kind == *kind).take(per_kind) {
            read += 1;
            let reply = fill(f, t);
            let g = grade(f, &reply);
            assert_eq!(
                g.criteria["reply_handling"],
                Points::ZERO,
                "{kind} {}: {reply}\n{:?}",
                f.id(),
                g.notes
            );
        }
        assert!(read > 0, "no {kind} ticket");
    }
}

/// Verifying from the account email in the policy's own way (play-st2,
/// B1: validation level 5 index 269): clicking the verification link sent
/// to the account email, that mailbox named before ("the link we sent to
/// that mailbox", "write to us from that address"), and a second way after
/// the first ("either click ..., or write to us from that address"). The
/// player's reply and its replays first, then other wordings; a link only
/// mentioned, a request not to click it, the data promised after it, or
/// the same request where no verification is due, must still lose.
#[test]
fn verifying_through_the_link_sent_to_the_account_email() {
    let fx = tickets_at_every_level(&["deletion_unverified"]);
    let opening = "Hi {first},\n\nNo problem at all, and thanks for explaining (ref. {id}). Because we can only act on a data request once we know it comes from the account holder, we need to verify it through the account email we have on file, {email}.\n\n";
    let closing = " Once that is done, our privacy officer will pick up your request. Until then we will keep this ticket open for you.\n\nBest wishes,\nSupport";
    let letters: Vec<String> = [
        "Next step: when you are back in the office, please either click the verification link we sent to that mailbox, or simply write to us from that address.",
        "Please click the verification link we sent to that mailbox, or write to us from {email}.",
        "When you are back in the office, please click the verification link we sent to your account email so we can confirm your identity.",
        "When you can get into that mailbox again, please click the link in the verification email we sent there.",
        "Next step: please follow the verification link in the email we sent to that address.",
    ]
    .iter()
    .map(|ask| format!("{opening}{ask}{closing}"))
    .collect();
    let mut rows: Vec<(&str, &str)> = letters
        .iter()
        .map(|l| ("deletion_unverified", l.as_str()))
        .collect();
    rows.extend([
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please click the verification link we sent to {email}; our privacy officer will take it from there, and we'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: could you click the confirmation link in the email we sent to your account email address? We'll be in touch {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: to confirm it is you, please open the email we sent to {email} and click the link in it. We'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please either click the link we sent to the email address on your account, or reply to us from that address. We'll be in touch {time}.",
        ),
    ]);
    earn_every_reply_criterion(&fx, &rows);
    let all = fixtures();
    let fx: Vec<&Fixture> = fx.iter().chain(&all).collect();
    // The link mentioned, asked for by no one; or asked not to be clicked.
    let unasked: Vec<(&str, &str)> = vec![
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: we sent a verification link to {email} last week. Our privacy officer will pick up your request, and we'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please don't click the verification link we sent to that mailbox. We'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please click the link below to rate our support. We'll reply {time}.",
        ),
    ];
    lose_handling(&fx, &unasked, 3);
    let refused: Vec<(&str, &str)> = vec![
        // The deletion promised after the link.
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: please click the verification link we sent to {email}, and we will delete your data {time}.",
        ),
        // Verification where none is due.
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee. Please click the verification link we sent to your account email; we'll confirm {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: please send us the invoice number, and click the verification link we sent to {email} so we can confirm your identity. We'll reply {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: our privacy officer will handle your request once you click the verification link we sent to that mailbox; please write to us from that address. We'll reply {time}.",
        ),
    ];
    lose_compliance(&fx, &refused, 3);
}

/// A waiver in the account's past, given as the reason this fee goes to
/// the billing supervisor, is no promise to waive it (play-st2, B2:
/// validation level 5 index 389, a late fee the plan's article refuses).
/// This fee waived after the same reason must still lose.
#[test]
fn an_earlier_waiver_given_as_the_reason_is_no_promise() {
    let kinds = ["fee_waiver_plan_refused", "fee_waiver_over_limit"];
    let fx = tickets_at_every_level(&kinds);
    let mut rows: Vec<(&str, &str)> = Vec::new();
    for kind in kinds {
        rows.extend([
            (
                kind,
                "Dear {first},\n\nThank you for the details on ticket {id}. Because a late fee on your account was already waived within the past two years, this isn't something I can approve at the desk, so I've passed your request about the fee on {inv} to our billing supervisor for review. We'll come back to you {time}.\n\nKind regards,\nSupport",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: as a late fee was already waived on your account in the last 24 months, I can't approve this one myself; our billing supervisor will review it, and we'll reply {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: a late fee on this account was waived last year, so this request goes to our billing supervisor for review. We'll be in touch {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: since your previous late fee was waived less than two years ago, our billing supervisor will review this one. We'll reply {time}.",
            ),
            // "one" alone is another instance of the fee just named.
            (
                kind,
                "Hi {first}, ticket {id}: I can't waive this fee at the desk: one was already waived on the account in the last six months. Our billing supervisor will review it, and we'll reply {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: one late fee was waived for you in March, so this one goes to our billing supervisor for review. We'll reply {time}.",
            ),
        ]);
    }
    earn_every_reply_criterion(&fx, &rows);
    let mut refused: Vec<(&str, &str)> = Vec::new();
    for kind in kinds {
        refused.extend([
            (
                kind,
                "Hi {first}, ticket {id}: although a late fee on your account was already waived within the past two years, we will waive this one too. We'll reply {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: a late fee was already waived on your account last year, and this one has been waived as well. We'll reply {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: because a late fee was already waived within the past two years, our billing supervisor has waived this one as well. We'll reply {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: a fee was waived on your account before, so I've waived this one too and passed the ticket to our billing supervisor. We'll reply {time}.",
            ),
            (
                kind,
                "Hi {first}, ticket {id}: one was already waived in the last six months, and I have waived this one as well. We'll reply {time}.",
            ),
        ]);
    }
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(&fx, &refused, 3);
}

/// The invoice number asked for by reply, with where to find it in the
/// customer's account, is no identity check (play-st2, B3: validation
/// level 5 index 509). Asking to verify from the account email there is
/// still off-policy.
#[test]
fn an_invoice_number_by_reply_is_no_identity_check() {
    let fx = tickets_at_every_level(&["refund_missing_invoice"]);
    let rows: Vec<(&str, &str)> = vec![
        (
            "refund_missing_invoice",
            "Hi {first},\n\nRe: {id} - SMS notifications add-on charge\n\n* We need the invoice number (INV-...) before this can be looked at.\n* When you find it, reply to this email with the number - it is usually on the invoice PDF or in the Billing page of your account.\n* Once it is in, our billing team will review the charge.\n\nThanks,\nSupport",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: when you find the invoice number, reply to this email with it; it's on the invoice PDF or the Billing page of your account. We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: please reply to this message with the invoice number, which you'll find under Billing in your account settings. Our billing team will review the charge, and we'll be in touch {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: the invoice number is shown on the Billing page of your account; please reply to this email with it. We'll reply {time}.",
        ),
    ];
    earn_every_reply_criterion(&fx, &rows);
    let refused: Vec<(&str, &str)> = vec![
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: please reply to this email from your account email with the invoice number, so we can verify your identity. We'll reply {time}.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: please send us the invoice number from the address registered to your account. We'll reply {time}.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we've waived the late fee. When you find it, reply to this email with the invoice number from the Billing page of your account; we'll confirm {time}.",
        ),
    ];
    let all = fixtures();
    let fx: Vec<&Fixture> = fx.iter().chain(&all).collect();
    lose_compliance(&fx, &refused, 3);
}

/// Tickets of `kinds` at every level from 1 to 5, two of each kind per
/// level where the level draws it.
fn tickets_at_levels_one_to_five(kinds: &[&str]) -> Vec<Fixture> {
    use env_wasm::support_triage::generate::generate_at;
    use env_wasm::support_triage::tasks::Task;
    let mut out = Vec::new();
    for level in 1u8..=5 {
        let mut taken: Vec<&str> = Vec::new();
        for seed in 0..600 {
            let desk = generate_at(Task::Hard, level, seed);
            let kind = desk.tickets[0].case.kind();
            let seen = taken.iter().filter(|k| **k == kind).count();
            if kinds.contains(&kind) && seen < 2 {
                taken.push(kind);
                out.push(Fixture {
                    desk,
                    kind,
                    nth: seen,
                });
            }
        }
    }
    out
}

/// A sign-off says who writes: a team named there hands nothing off and
/// promises nothing (play-st5, B1: validation level 1 index 2, level 4
/// index 56). The player's replies first, then other closings (a name and
/// title under a thanks, a closing on the reply's last line, a name line
/// with no closing, a dashed one), on every resolved kind at levels 1 to
/// 5. A team named in the body as the one that takes or reviews the case
/// is still read: off-policy on a resolved case, and a sign-off alone does
/// not name the team an escalated case needs.
#[test]
fn a_sign_off_names_who_writes_not_a_team_the_case_goes_to() {
    let fees = ["fee_waiver_allowed", "fee_waiver_plan_allowed"];
    let refunds = [
        "refund_in_window",
        "refund_in_add_on_window",
        "refund_in_currency_window",
    ];
    let fee_rows = [
        "Dear {first},\n\nThank you for getting in touch about ticket {id}. I have looked into the {fee} late payment fee on {inv} and I am pleased to confirm that we will waive it in full. You will see the adjustment reflected on your account by the end of tomorrow (Tuesday) at the latest, and there is nothing further you need to do.\n\nKind regards,\nThe {vendor} Billing team",
        "Hi {first},\n\nRe ticket {id}: we have waived the late fee on {inv}, and it will drop off your account {time}.\n\nBest,\nSam\nBilling Specialist, {vendor}",
        "Hi {first}, ticket {id}: the late fee on {inv} is waived and you'll see it removed {time}. Thanks, the {vendor} Finance Team",
        "Hello {first},\n\nThanks for contacting us about {id}. We've removed the late fee from {inv}, and the change will show {time}.\n\nCheers,\nPriya from the Billing team",
        "Hi {first},\n\nGood news on ticket {id}: we have waived the late fee on {inv}, and it will be gone from your account {time}.\n\n- The {vendor} Billing Team",
        "Hi {first},\n\nTicket {id}: we've waived the late fee on {inv}; the adjustment will show {time}.\n\nThe {vendor} Billing Department",
    ];
    let refund_rows = [
        "Hello {first},\n\nThanks for your note on {id}. The charge on {inv} is well within our refund window, so you'll get the full {amount} back. I've started the refund to your original payment method today, and I'll email you confirmation once it has gone through.\n\nCheers,\n{vendor} Billing Team",
        "Hi {first},\n\nRe {id}: we will refund the charge on {inv} in full {time}.\n\nThank you for your patience,\nAccounts Team, {vendor}",
        "Dear {first},\n\nThank you for contacting us about ticket {id}. I'm pleased to confirm that your refund of {amount} for {inv} has been approved and will reach your original payment method {time}.\n\nKind regards,\nThe {vendor} Billing team",
    ];
    let mut rows: Vec<(&str, &str)> = Vec::new();
    for kind in fees {
        rows.extend(fee_rows.iter().map(|t| (kind, *t)));
    }
    for kind in refunds {
        rows.extend(refund_rows.iter().map(|t| (kind, *t)));
    }
    let kinds: Vec<&str> = fees.iter().chain(&refunds).copied().collect();
    let fx = tickets_at_levels_one_to_five(&kinds);
    earn_every_reply_criterion(&fx, &rows);

    // A team in the body that takes or reviews a resolved case, or a
    // sign-off line that says so, is off-policy.
    let off_policy: Vec<(&str, &str)> = vec![
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we have waived the late fee on {inv}. Our billing team will review your account as well, and we'll confirm {time}.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: we will refund the charge on {inv} {time}, and I've passed the ticket to our finance team to check the renewal.\n\nThanks,\nThe {vendor} Billing team",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: we have waived the late fee on {inv} and we'll confirm {time}.\n\nKind regards,\nThe Billing team will review your account",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: we will refund the charge on {inv} {time}.\n\nThanks,\nEscalated to the billing supervisor",
        ),
    ];
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(&fx, &off_policy, 2);
    // An escalated case must say who reviews it: a sign-off is no handoff.
    let late = tickets_at_levels_one_to_five(&["refund_late", "fee_waiver_over_limit"]);
    let late: Vec<&Fixture> = late.iter().collect();
    let unnamed: Vec<(&str, &str)> = vec![
        (
            "refund_late",
            "Hi {first}, ticket {id}: this charge is older than the desk can refund, and we'll reply {time}.\n\nKind regards,\nThe {vendor} Billing team",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: this fee is more than the desk can waive, and we'll reply {time}.\n\nThanks,\nBilling Supervisor, {vendor}",
        ),
    ];
    lose_handling(&late, &unnamed, 4);
}

/// A state is read against the head of its subject, however long the
/// subject is (play-st5, B2: validation level 5 index 14 and its
/// replays): "your refund of £232.00 for INV-12245 (Advanced Reports
/// add-on) is approved" commits to the refund whatever its modifiers (of,
/// for and from phrases, amounts, invoice ids, brackets, a relative or
/// dashed aside, a ticket or invoice named by its id: "your refund on
/// ticket T-2998 is approved", play-para-st16, B1); a request is given
/// what it requests ("your refund request has been approved"); "it"
/// after a giving verb stands for the
/// outcome named just before ("We are issuing it to your original payment
/// method today"), and that sentence is our next step with its time. On
/// every resolved refund kind at levels 1 to 5.
/// Each must earn every reply criterion. A request passed on ("your
/// request for a refund has been submitted to our billing supervisor")
/// gives nothing, so on an escalated refund it earns full too. A refund
/// still under review, refused, open on a condition or a pronoun far from
/// its noun commits to nothing and loses handling; the same approval on
/// an escalated refund still loses compliance.
#[test]
fn a_refund_approved_with_a_long_subject_is_a_commitment() {
    let kinds = [
        "refund_in_window",
        "refund_in_add_on_window",
        "refund_in_currency_window",
    ];
    let templates = [
        // The player's reply and its replays (index 14).
        "Hi {first},\n\nRe {id}: your refund of {amount} for {inv} (Advanced Reports add-on) is approved. We are issuing it to your original payment method today.\n\nThanks,\n{vendor} Support",
        "Hi {first},\n\nRe {id}: your refund of {amount} for {inv} (the add-on you never used) has been approved. We are issuing it to your original payment method today.\n\nThanks,\n{vendor} Support",
        "Hi {first},\n\nRe {id}: your refund of {amount} for the invoice {inv} from last month is approved. We are issuing it to your original payment method today.\n\nThanks,\n{vendor} Support",
        // Other modifiers and asides.
        "Hi {first}, ticket {id}: your refund for {inv}, which covers the add-on charge you asked about, has been approved and will reach your card {time}.",
        "Hi {first}, ticket {id}: the refund of {amount} on {inv} - the add-on charge from last month - has been approved, and you'll see it on your card {time}.",
        "Dear {first},\n\nYour refund of {amount} for invoice {inv} (ticket {id}), as agreed, is approved. We're sending it to your card {time}.\n\nBest regards,\n{vendor} Support",
        "Hi {first}, ticket {id}: the full refund of {amount} for the add-on on invoice {inv} from your last billing cycle has been approved; expect it on your statement {time}.",
        // A request given what it requests.
        "Hi {first}, ticket {id}: your refund request for {inv} has been approved, and we're processing it today.",
        "Hi {first}, thanks for your refund request on ticket {id} about {inv}. We've approved it, and the money will be back on your card {time}.",
        // "it" for the refund just named.
        "Hi {first}, ticket {id}: you asked for a refund of {amount} for {inv}. We are issuing it to your original payment method today.",
        // A ticket or invoice named by its id between the refund and its
        // state (play-para-st16, B1: "Your refund on ticket T-2998 is
        // approved").
        "Hi {first},\n\nYour refund on ticket {id} is approved: the {amount} for {inv} will be back on your original payment method {time}.\n\nBest,\n{vendor} Support",
        "Hi {first}, the refund for {inv} on ticket {id} has been approved, and the money will reach your card {time}.",
        "Dear {first},\n\nThe refund of the charge on ticket {id} has been issued today; expect it on your statement {time}.\n\nKind regards,\n{vendor} Support",
        "Hello {first},\n\nGood news: your refund of {amount} on case {id} will be processed today, and it should reach your card {time}.\n\nThanks,\n{vendor} Support",
    ];
    let rows: Vec<(&str, &str)> = kinds
        .iter()
        .flat_map(|k| templates.iter().map(move |t| (*k, *t)))
        .collect();
    let fx = tickets_at_levels_one_to_five(&kinds);
    earn_every_reply_criterion(&fx, &rows);
    let escalated = tickets_at_levels_one_to_five(&["refund_late"]);
    earn_every_reply_criterion(
        &escalated,
        &[
            (
                "refund_late",
                "Hi {first}, ticket {id}: your request for a refund of the charge on {inv} has been submitted to our billing supervisor for review. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, ticket {id}: your refund request for {inv} (the add-on charge) has been passed to our billing supervisor, who will review it. We'll reply {time}.",
            ),
        ],
    );

    let unpromised: Vec<(&str, &str)> = vec![
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: your refund request for {inv} is being reviewed. We'll reply {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: the refund you asked about for {inv} is not approved. We'll reply {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: a refund of {amount} for {inv} could be approved if our records allow it. We'll reply {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: your refund of {amount} for {inv} (the add-on you never used) has not been approved yet. We'll reply {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: your request for a refund of {amount} for {inv} has been submitted. We'll reply {time}.",
        ),
        // "it" two clauses from the refund: the invoice number, not the refund.
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: you asked for a refund. Please send the invoice number again and we will process it {time}.",
        ),
    ];
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_handling(&fx, &unpromised, 2);
    let escalated: Vec<&Fixture> = escalated.iter().collect();
    lose_compliance(
        &escalated,
        &[
            (
                "refund_late",
                "Hi {first}, ticket {id}: our billing supervisor will review it; your refund of {amount} for {inv} (the charge from last month) has been approved. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, ticket {id}: you asked for a refund of {amount} for {inv}. We are issuing it today, and our billing supervisor will review the account. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, ticket {id}: our billing supervisor will review it, but your refund request for {inv} has been approved already. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, our billing supervisor will review it. Your refund on ticket {id} is approved. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, the refund for {inv} on ticket {id} has been approved, and our billing supervisor will review the account. We'll reply {time}.",
            ),
        ],
        2,
    );
}

/// A participle on a noun that is not the outcome's object describes that
/// noun (play-para-st16, B2: "the plan cancelled on 22 April" beside the
/// charges of an escalated refund): each earns every reply criterion on
/// escalated refunds at levels 1 to 5; the charges themselves said to be
/// reversed still lose compliance.
#[test]
fn a_participle_describing_another_noun_promises_nothing() {
    let templates = [
        "Hi {first},\n\nThanks for explaining ticket {id}. I can see the charges on {inv} for the plan cancelled on 22 April. Our billing supervisor will review them, and we'll reply {time}.\n\nBest,\n{vendor} Support",
        "Hi {first}, ticket {id}: the charges for the subscription cancelled last month will be reviewed by our billing supervisor, and we'll reply {time}.",
        "Hi {first}, ticket {id}: our billing supervisor will look at the charges taken after your plan cancelled on 22 April; we'll reply {time}.",
        "Hi {first}, ticket {id}: the charges for the plan that was cancelled on 22 April are now with our billing supervisor. We'll reply {time}.",
    ];
    let rows: Vec<(&str, &str)> = templates.iter().map(|t| ("refund_late", *t)).collect();
    let fx = tickets_at_levels_one_to_five(&["refund_late"]);
    earn_every_reply_criterion(&fx, &rows);
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(
        &fx,
        &[
            (
                "refund_late",
                "Hi {first}, ticket {id}: the charges for the plan cancelled on 22 April have been reversed, and our billing supervisor will review the rest. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, ticket {id}: I can see the charges on {inv} for the plan cancelled on 22 April, and I have refunded them. We'll reply {time}.",
            ),
        ],
        2,
    );
}

/// "Held up" (delayed), "kept waiting", "remain outstanding" keep no data
/// (play-para-st16, B4: "so that nothing is held up longer than needed"):
/// each earns every reply criterion at levels 1 to 5; a real promise of
/// data no longer kept still loses compliance on a deletion.
#[test]
fn a_delay_idiom_is_no_deletion() {
    let rows: Vec<(&str, &str)> = vec![
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: our privacy officer will handle your request, and I've marked it urgent so that nothing is held up longer than needed. We'll write back {time}.",
        ),
        (
            "deletion_verified",
            "Hi {first}, ticket {id}: I've passed your request to our privacy officer; nothing will remain outstanding on our side, and we'll write back {time}.",
        ),
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review this, and we'll keep things moving so nothing gets held up. We'll respond {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it, and we won't keep you waiting for anything. We'll reply {time}.",
        ),
    ];
    let fx = tickets_at_levels_one_to_five(&["deletion_verified", "legal_threat", "refund_late"]);
    earn_every_reply_criterion(&fx, &rows);
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(
        &fx,
        &[
            (
                "deletion_verified",
                "Hi {first}, ticket {id}: our privacy officer will handle your request, and we won't hold on to any of your data. We'll write back {time}.",
            ),
            (
                "deletion_verified",
                "Hi {first}, ticket {id}: our privacy officer will handle your request so nothing is held up, and none of your files will stay on our servers. We'll write back {time}.",
            ),
        ],
        2,
    );
}

/// `minute` (after midnight) as a 12-hour clock: "11:15 am".
fn twelve_hour(minute: u32) -> String {
    let (h, m) = (minute / 60, minute % 60);
    let shown = match h % 12 {
        0 => 12,
        other => other,
    };
    format!("{shown}:{m:02} {}", if h < 12 { "am" } else { "pm" })
}

/// A clock said in the customer's time is on the ticket's clock, the one
/// clock the case gives (play-para-st16, B3: "by 11:15 am your time
/// today"): within the SLA it earns every reply criterion, past it the
/// same wording loses the next step, on tickets of every SLA at levels 1
/// to 5.
#[test]
fn a_clock_in_the_customers_time_is_the_tickets_clock() {
    let wordings = [
        "by {clock} your time today",
        "by {clock} (your local time) today",
        "by {clock} in your time zone, today",
        "today by {clock} your time",
        "by {clock} local time today",
    ];
    let templates = [
        (
            "legal_threat",
            "Hi {first}, ticket {id}: our legal team will review this, and we'll respond {when}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review it, and we'll reply {when}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is handling this. Please reset your password and turn on two-factor authentication. We'll update you {when}.",
        ),
    ];
    let read = on_time_full_and_late_short(&templates, &wordings);
    assert!(read >= 30, "only {read} replies read");
}

/// Each template's `{when}` filled with each wording's `{clock}` on the
/// tickets of its kind at levels 1 to 5: a clock within the SLA earns
/// every reply criterion, one past it loses the next step. Returns how
/// many replies were read on time.
fn on_time_full_and_late_short(templates: &[(&str, &str)], wordings: &[&str]) -> usize {
    let kinds: Vec<&str> = templates.iter().map(|(k, _)| *k).collect();
    let fx = tickets_at_levels_one_to_five(&kinds);
    let (mut read, mut bad) = (0, 0);
    for (kind, t) in templates {
        for f in fx.iter().filter(|f| f.kind == *kind) {
            // A business day's SLA reaches past today: only the hour-counted
            // ones have a clock later than they allow today.
            let (sla, at) = (f.sla().min(240), f.ticket().minute);
            let on_time = at + sla * 3 / 4;
            let late = (f.sla() <= 240).then_some(at + sla + 60);
            if on_time >= 17 * 60 || late.is_some_and(|l| l >= 17 * 60) {
                continue;
            }
            for wording in wordings {
                read += 1;
                let when = |m: u32| wording.replace("{clock}", &twelve_hour(m));
                let reply = fill(f, &t.replace("{when}", &when(on_time)));
                if !reply_earns_full_or_is_printed(f, kind, &reply) {
                    bad += 1;
                }
                let Some(late) = late else {
                    continue;
                };
                let reply = fill(f, &t.replace("{when}", &when(late)));
                let g = grade(f, &reply);
                assert!(
                    g.criteria["reply_elements"] < Points::FULL,
                    "{kind} {}: {reply}\n{:?}",
                    f.id(),
                    g.notes
                );
            }
        }
    }
    assert_eq!(bad, 0, "replies read wrongly (printed above)");
    read
}

/// The case's own names are no team of ours, in any case (play-para-st16,
/// known gap of st15: the customer's company "Rowan Legal Aid" written
/// "rowan legal aid"); lawyers marked as ours name the legal team, and an
/// act only the customer does asked as what "is to be" done is a request.
#[test]
fn the_cases_names_lawyers_of_ours_and_acts_to_be_done() {
    use env_wasm::support_triage::generate::generate_at;
    use env_wasm::support_triage::tasks::Task;
    let mut named = Vec::new();
    for level in 1u8..=5 {
        for seed in 0..4000 {
            let desk = generate_at(Task::Hard, level, seed);
            let ticket = &desk.tickets[0];
            let kind = ticket.case.kind();
            let fits = matches!(kind, "security_incident" | "refund_in_window")
                && ticket.customer.company == "Rowan Legal Aid"
                && !matches!(ticket.case, Case::Security { leaked_key: true });
            let seen = named.iter().filter(|f: &&Fixture| f.kind == kind).count();
            if fits && seen < 2 * usize::from(level) {
                named.push(Fixture { desk, kind, nth: 0 });
            }
        }
    }
    assert!(
        named.len() >= 4,
        "only {} tickets of Rowan Legal Aid",
        named.len()
    );
    let rows: Vec<(&str, &str)> = vec![
        (
            "security_incident",
            "Hi {first}, ticket {id}: since someone at {company_lower} may still have access, our security team is handling this. Please reset your password and turn on two-factor authentication. We'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is on it, and the people at {company_lower} will hear from us directly. Please reset your password and turn on two-factor authentication. We'll update you {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: we will refund the charge on {inv} for {company_lower} in full, and the money will reach your card {time}.",
        ),
    ];
    let (mut read, mut bad) = (0, 0);
    for (kind, t) in &rows {
        for f in named.iter().filter(|f| f.kind == *kind) {
            read += 1;
            let t = t.replace(
                "{company_lower}",
                &f.ticket().customer.company.to_lowercase(),
            );
            if !reply_earns_full_or_is_printed(f, kind, &fill(f, &t)) {
                bad += 1;
            }
        }
    }
    assert!(read >= 4, "only {read} replies read");
    assert_eq!(bad, 0, "replies read wrongly (printed above)");
    // A team of ours named beside the name is still named.
    for f in named.iter().filter(|f| f.kind == "refund_in_window") {
        let reply = fill(
            f,
            "Hi {first}, ticket {id}: we will refund the charge on {inv} {time}, and our legal team will look at rowan legal aid's account too.",
        );
        let g = grade(f, &reply);
        assert_eq!(
            g.criteria["reply_compliance"],
            Points::ZERO,
            "{reply}\n{:?}",
            g.notes
        );
    }

    let fx = tickets_at_levels_one_to_five(&["legal_threat", "deletion_unverified"]);
    earn_every_reply_criterion(
        &fx,
        &[
            (
                "legal_threat",
                "Hi {first}, ticket {id}: I have passed this to the lawyers on our side, who will review it; we'll respond {time}.",
            ),
            (
                "legal_threat",
                "Hi {first}, ticket {id}: our in-house lawyers will review your letter, and we'll respond {time}.",
            ),
            (
                "deletion_unverified",
                "Hi {first}, ticket {id}: before we can act, the verification link we sent to your account email is to be clicked once you are back. We'll reply {time}.",
            ),
            (
                "deletion_unverified",
                "Hi {first}, ticket {id}: your identity is to be confirmed from the account email, so a message from {email} is all we need. We'll reply {time}.",
            ),
        ],
    );
}

/// play-para-st17's classes end to end at levels 1 to 5: "it" after "as a
/// goodwill gesture" is the outcome granted (B1), an outcome noun as the
/// value of an outcome or result row grants it (B2), and a time in a
/// table's "Next update" column is when we next respond (B3). Each earns
/// every reply criterion on its cases; the same row on a case that may not
/// grant the outcome still loses compliance, and a time past the SLA in
/// that column still loses the next step.
#[test]
fn goodwill_phrases_decision_rows_and_update_columns_read_as_written() {
    let rows: Vec<(&str, &str)> = vec![
        (
            "refund_in_window",
            "Hi {first}, ticket {id}: I've approved a full refund of {amount} as a gesture of goodwill. I'm processing it today, and it should reach your card {time}.",
        ),
        (
            "refund_in_window",
            "Hi {first},\n\nThanks for ticket {id}. Your refund of {amount} has been approved by way of goodwill, and we're issuing it today.\n\nBest,\n{vendor} Support",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: I've waived the late fee on {inv} as a one-off goodwill gesture. I've processed it today, so nothing more is owed.",
        ),
        (
            "refund_in_window",
            "Hi {first},\n\nThanks for your message ({id}).\n\n| Item | Detail |\n|---|---|\n| Invoice | {inv} |\n| Outcome | Full refund |\n| Timing | Issued today |\n\nBest,\n{vendor} Support",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, about ticket {id}:\n\n| Item | Detail |\n|---|---|\n| Invoice | {inv} |\n| Result | Late fee waiver |\n\nNothing more is needed from you.",
        ),
    ];
    let kinds = ["refund_in_window", "fee_waiver_allowed"];
    let fx = tickets_at_levels_one_to_five(&kinds);
    earn_every_reply_criterion(&fx, &rows);
    let refused = tickets_at_levels_one_to_five(&["refund_late", "fee_waiver_over_limit"]);
    let refused: Vec<&Fixture> = refused.iter().collect();
    lose_compliance(
        &refused,
        &[
            (
                "refund_late",
                "Hi {first}, ticket {id}:\n\n| Item | Detail |\n|---|---|\n| Outcome | Full refund |\n| Next update | {time} |",
            ),
            (
                "fee_waiver_over_limit",
                "Hi {first}, ticket {id}: our billing supervisor will review it.\n\n| Decision | Late fee waiver |\n|---|---|\n| Next update | {time} |",
            ),
            (
                "refund_late",
                "Hi {first}, ticket {id}: I've approved a full refund as a goodwill gesture. I'm also adding a credit to your account, and we'll reply {time}.",
            ),
        ],
        2,
    );
    let templates = [
        (
            "legal_threat",
            "Hello {first},\n\nRe: {id}\n\n| Topic | Handled by | Next update |\n|---|---|---|\n| Your claim | Legal team review | {when} |\n\nKind regards,\n{vendor} Support",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review your refund.\n\n| What | Who | When |\n|---|---|---|\n| Next update | Us | {when} |",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: please reset your password and turn on two-factor authentication; our security team is on it.\n\n| Item | Next response |\n|---|---|\n| Sign-ins | {when} |",
        ),
    ];
    let read = on_time_full_and_late_short(&templates, &["By {clock} today"]);
    assert!(read >= 10, "only {read} replies read");
}

/// play-para-st18's classes end to end at levels 1 to 5: the waived fee
/// given back, called "the amount", "that money", "the money" or "it"
/// beside "with your payment", is the waiver carried out (B1); a time set
/// by the customer's step for what we then do ("the moment you forward
/// the invoice number", "once you have written to us from ...") and a
/// "Required from you" cell ask for that step (B2). Each earns every reply
/// criterion; a refund of something else beside the waiver, a give-back
/// where the waiver is not granted, and a step of ours, one already taken
/// or another item still lose.
#[test]
fn a_waived_fee_given_back_and_a_step_awaited_read_as_written() {
    let rows: Vec<(&str, &str)> = vec![
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: I've waived the late fee on {inv}. Because it had already been taken with your invoice payment, that money is on its way back to your card.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first},\n\nThe late fee on {inv} (ticket {id}) has been waived in full. Should the charge already have gone through with your payment, the money will be refunded to your card.\n\nBest,\n{vendor} Support",
        ),
        (
            "fee_waiver_plan_allowed",
            "Hi {first}, ticket {id}: we've cancelled the late fee on {inv}. As you had already paid it with the invoice, we'll send the money back to your card.",
        ),
        (
            "fee_waiver_plan_allowed",
            "Hi {first}, ticket {id}: the late fee on {inv} is waived. If it was collected along with your payment, we will refund the full amount to your card.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}: our billing team will look at the charge the moment you forward the invoice number (it starts with INV-) to us.",
        ),
        (
            "refund_missing_invoice",
            "Hi {first},\n\nThanks for ticket {id}. After you've provided the invoice number, our billing team will check the charge against it.\n\nBest,\n{vendor} Support",
        ),
        (
            "refund_missing_invoice",
            "Hi {first}, ticket {id}.\n\n| Ticket | Status | Required from you |\n|---|---|---|\n| {id} | Waiting for you | The invoice number (INV-...) |\n\nOur billing team will take it from there.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: the moment you email us from the address on your account, our privacy officer can take your request forward.",
        ),
        (
            "deletion_unverified",
            "Hi {first},\n\nAbout ticket {id}: we need to confirm it is really you. Once you have written to us from {email}, our privacy officer will go ahead.\n\nKind regards,\n{vendor} Support",
        ),
    ];
    let kinds = [
        "fee_waiver_allowed",
        "fee_waiver_plan_allowed",
        "refund_missing_invoice",
        "deletion_unverified",
    ];
    let fx = tickets_at_levels_one_to_five(&kinds);
    earn_every_reply_criterion(&fx, &rows);
    let waivers = tickets_at_levels_one_to_five(&["fee_waiver_allowed", "fee_waiver_over_limit"]);
    let waivers: Vec<&Fixture> = waivers.iter().collect();
    lose_compliance(
        &waivers,
        &[
            (
                "fee_waiver_allowed",
                "Hi {first}, ticket {id}: we've waived the late fee on {inv}, and we will also refund your last invoice to your card.",
            ),
            (
                "fee_waiver_allowed",
                "Hi {first}, ticket {id}: we've waived the late fee on {inv}. The amount of your subscription will be returned to your card.",
            ),
            (
                "fee_waiver_allowed",
                "Hi {first}, ticket {id}: we can't waive the late fee on {inv}. If it was already collected with your payment, the amount will be returned to your card.",
            ),
            (
                "fee_waiver_allowed",
                "Hi {first}, ticket {id}: we will probably waive the late fee on {inv}. If it was already collected, that money will be credited back to your card.",
            ),
            (
                "fee_waiver_over_limit",
                "Hi {first}, ticket {id}: our billing supervisor will review the late fee on {inv}. If it was already collected with your payment, the amount will be returned to your card.",
            ),
        ],
        2,
    );
    let asked = tickets_at_levels_one_to_five(&["refund_missing_invoice", "deletion_unverified"]);
    let asked: Vec<&Fixture> = asked.iter().collect();
    lose_handling(
        &asked,
        &[
            (
                "refund_missing_invoice",
                "Hi {first}, ticket {id}: once we have the invoice number from our records, our billing team will review the charge.",
            ),
            (
                "refund_missing_invoice",
                "Hi {first}, ticket {id}: you have already sent the invoice number, so our billing team will review your request.",
            ),
            (
                "refund_missing_invoice",
                "Hi {first}, ticket {id}: as soon as you send a screenshot of the charge, our billing team will review your request.",
            ),
            (
                "refund_missing_invoice",
                "Hi {first}, ticket {id}.\n\n| Ticket | Status | Needed from you |\n|---|---|---|\n| {id} | With our billing team | Nothing |",
            ),
            (
                "deletion_unverified",
                "Hi {first}, ticket {id}: once our privacy officer has written to you at {email}, your request goes ahead.",
            ),
        ],
        4,
    );
}

/// What we will come back to, put first ("The VAT number on invoice
/// INV-33321 we'll come back to after the security matter", "The late fee
/// on invoice INV-35987 we will come back to after that review") defers a
/// side question: nothing is given back (play-para-st19, B1: lines 12, 15,
/// 18, 44, 45). "Come back to", "get back to", "circle back to", "return
/// to" and "revisit" with a topic, in either order, earn every reply
/// criterion on escalated cases at every level; money given back with its
/// object put first ("The late fee we will give back to you", "Your $40 we
/// will pay back", "That amount you'll get back"), a refund after a fronted
/// object, or money coming back to the customer's card, still lose
/// compliance.
#[test]
fn a_topic_put_first_and_come_back_to_is_deferred_not_given_back() {
    let bases = [
        (
            "legal_threat",
            "Dear {first},\n\nThank you for ticket {id}. I have passed it to our legal team, who will review it. {X}\n\nWe will get back to you {time}.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "security_incident",
            "Hi {first}, ticket {id}: our security team is handling this now. Please reset your password and turn on two-factor authentication. {X} We'll update you {time}.",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: our billing supervisor will review your request. {X} We'll reply {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}: I've passed the fee to our billing supervisor for review. {X} We'll reply {time}.",
        ),
    ];
    let deferred = [
        // The player's sentences (lines 15, 18, 45, 44).
        "The VAT number on invoice {inv} we'll come back to after the security matter.",
        "The VAT number on invoice {inv} we will come back to later.",
        "The late fee on invoice {inv} we will come back to after that review.",
        "The refund request on that invoice we will come back to once the review is done.",
        // Other verbs of coming back, other topics, other subjects.
        "Invoice {inv} we will get back to once the review is done.",
        "The {amount} charge on {inv} we'll circle back to tomorrow.",
        "Your question about the amount on {inv} we will return to after the review.",
        "The late fee on {inv} we will revisit after the review.",
        "The amount on {inv} my colleague will come back to after the review.",
        "The {amount} on invoice {inv} we'll get back to you about after the review.",
        "That charge, and the invoice {inv} it is on, I'll come back to next.",
        // The normal order still defers.
        "We will come back to the {amount} charge on invoice {inv} after the review.",
    ];
    let rows: Vec<(&str, String)> = bases
        .iter()
        .flat_map(|(kind, base)| {
            deferred
                .iter()
                .map(move |x| (*kind, base.replace("{X}", x)))
        })
        .collect();
    let rows: Vec<(&str, &str)> = rows.iter().map(|(k, t)| (*k, t.as_str())).collect();
    let kinds: Vec<&str> = bases.iter().map(|(k, _)| *k).collect();
    let fx = tickets_at_every_level(&kinds);

    let given_back = [
        "The late fee we will give back to you.",
        "Your {amount} we will pay back.",
        "That amount you'll get back by Friday.",
        "The invoice we will refund in full.",
        "The charge on invoice {inv} we will refund in full.",
        "The {amount} on invoice {inv} we'll send back to your card today.",
        "The {amount} will come back to your card within 5 business days.",
        "The late fee on {inv} we'll come back to, and we will refund it in full.",
        "The charge on {inv} we'll come back to after the review; the {amount} you'll get back today.",
    ];
    let mut kept = Vec::new();
    for (kind, base) in &bases {
        for x in given_back {
            let t = base.replace("{X}", x);
            for f in fx.iter().filter(|f| f.kind == *kind).take(2) {
                let reply = fill(f, &t);
                let g = grade(f, &reply);
                if g.criteria["reply_compliance"] != Points::ZERO {
                    kept.push(format!("{kind} {}: {x}", f.id()));
                }
            }
        }
    }
    assert!(
        kept.is_empty(),
        "given back, yet compliant:\n{}",
        kept.join("\n")
    );
    earn_every_reply_criterion(&fx, &rows);
}

/// "Fault" naming a malfunction of a thing is no admission: a fault on,
/// in or with our page, system, service or checkout, a known, technical
/// or system fault (play-para-st20, B1: "That matches a known fault on our
/// payment page on 29-30 April", lines 16, 40). Each earns every reply
/// criterion on waived fees and escalated refunds at every level; a fault
/// of a party, ours ("the fault is ours", "a fault on our part", "we are at
/// fault", "the fault lies with us"), still loses compliance, with a thing
/// named after it too.
#[test]
fn a_fault_of_a_thing_is_no_admission_of_ours() {
    let bases = [
        (
            "fee_waiver_allowed",
            "Hi {first},\n\nThanks for ticket {id}. {X} I've waived the {fee} late fee on {inv}, and we'll confirm {time}.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: {X} Our billing supervisor will review your request, and we'll reply {time}.",
        ),
    ];
    let malfunctions = [
        "That matches a known fault on our payment page at the time.",
        "Your card was declined during a technical fault on our checkout.",
        "An error on our own payment system rejected valid cards that week.",
        "There was a system fault with our billing service on that day.",
        "The fault on our payment page has since been fixed.",
        "We know about the fault in our payment page that week.",
    ];
    let admissions = [
        "The fault is ours.",
        "This was a fault on our part.",
        "It was an error on our side.",
        "We are at fault here.",
        "Our team was at fault.",
        "The fault lies entirely with us.",
        "This was our fault.",
        "It was our fault that the payment page failed.",
        "It was a fault on our part with the payment page.",
        "The mistake on the payment page was ours.",
    ];
    earn_full_and_lose_compliance(&bases, &malfunctions, &admissions, 4);
}

/// The customer's complaint told back with its invoice, amount and date
/// ("You have told us you've been billed a third time (INV-75883,
/// $443.00) despite cancelling on 16 October") reports what happened to
/// them: no outcome of ours (play-para-st22, B1: lines 13, 15, 16, 19, 22,
/// 67, 72). Told back in other words, it earns every reply criterion on
/// escalated cases at every level; a refund of that charge promised
/// ("we'll refund the {amount} charged on 16 October", "the {amount}
/// ({inv}) will be returned"), or a promise after the restated charge in
/// its sentence, still loses compliance.
#[test]
fn a_charge_the_customer_reports_is_no_refund_of_ours() {
    let bases = [
        (
            "legal_threat",
            "Dear {first},\n\nThank you for ticket {id}. {X} I have passed the whole ticket to our legal team, who will review it; I can't decide anything on the charges from the support desk.\n\nWe will get back to you {time}.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: {X} Our billing supervisor will review your request, and we'll reply {time}.",
        ),
    ];
    let reported = [
        // The player's sentence (lines 16 and 19).
        "You have told us you've been billed a third time ({inv}, {amount}) despite cancelling on 16 October.",
        "You have told us you were charged a third time ({inv}, {amount}) despite cancelling on 16 October.",
        // Other reporters, other verbs, other orders and dates.
        "You've told us you were billed again ({inv}, {amount}) after cancelling on 4 July.",
        "You say you were charged a second time ({amount}, {inv}) after you cancelled on 3 March.",
        "As you describe it, your card was billed twice ({inv}, {amount}) despite your cancellation on 12 May.",
        "I understand you've been charged again ({inv}, {amount}) on 2 September, even though you had cancelled.",
        "You mention that you were billed ({inv}, {amount}) on 20 June despite having cancelled.",
        "Your message says you were charged twice ({inv}, {amount}) since cancelling on 1 May.",
    ];
    let promised = [
        "We'll refund the {amount} charged on 16 October.",
        "The {amount} ({inv}) will be returned to your card.",
        "You have told us you've been billed a third time ({inv}, {amount}) despite cancelling on 16 October, and we will refund it in full.",
        "You were charged ({inv}, {amount}) on 16 October, which we will refund today.",
        "You've been billed again ({inv}, {amount}) despite cancelling on 4 July; that {amount} will be refunded to your card.",
        "You say you were charged ({inv}, {amount}) after cancelling on 4 July, so we'll pay the {amount} back.",
    ];
    earn_full_and_lose_compliance(&bases, &reported, &promised, 4);
}

/// A waived fee said to be off the account and then, joined by "and",
/// given back if it was already paid ("It has been taken off your
/// account, and if it was already collected with the payment it will be
/// credited back to your card") is that waiver carried out: "it" is the
/// fee the sentence spoke of (play-para-st22, B2: lines 33, 36, 79, 81,
/// 82). Other wordings earn every reply criterion on waivers at every
/// level; a give-back of something else, a credit on top, as a goodwill
/// gesture or of a second sum still loses compliance.
#[test]
fn a_waived_fee_off_the_account_and_given_back_is_one_outcome() {
    let bases = [
        (
            "fee_waiver_allowed",
            "Hi {first},\n\nThanks for ticket {id}. I've waived the {fee} late fee on {inv}, so you won't be charged it. {X}\n\nNothing else is needed from you.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "fee_waiver_plan_allowed",
            "Hi {first}, ticket {id}: I've waived the late fee on {inv}. {X} Nothing else is needed from you.",
        ),
    ];
    let given_back = [
        // The player's sentences (lines 36 and 82).
        "It has been taken off your account, and if it was already collected with the payment it will be credited back to your card.",
        "It has been removed from your account, and if it was already collected it will be credited back to your card.",
        // Other subjects, other verbs of giving back.
        "It has been removed from your invoice, and if you already paid it, it will be refunded to your card.",
        "That has been cleared from your balance, and if it was taken with your payment it will be returned to your card.",
        "The fee is off your account now, and should it already have been collected, the amount will be credited back to you.",
        "It's been wiped from your account and, if it was already charged, it will be paid back to your card.",
        "It no longer appears on your account, and if it was already taken with your payment, we'll credit it back to your card.",
        "That has been cleared from your account, and if it was collected already it will be credited back to you.",
        "It has been taken off your invoice, and if it went out with your payment it will be credited back to your card.",
        "It has been taken off your account, and if it was already collected, that will be credited back to your card.",
        "It is off your account now, and if it was already collected it will be credited back to you.",
    ];
    let more = [
        "It has been taken off your account, and your last invoice will be refunded to your card.",
        "It has been taken off your account, and on top of that we will credit $10.00 back to your card.",
        "It has been taken off your account, and as a goodwill gesture it will also be credited back to your card.",
        "It has been taken off your account, and we will add a $15.00 credit to your account as well.",
        "It has been taken off your account, and if it was already collected, your subscription will be refunded to your card.",
    ];
    earn_full_and_lose_compliance(&bases, &given_back, &more, 4);
}

/// The waiver said only as the fee given back, with the fee's noun phrase
/// as long as it comes ("We'll credit the $53.00 late fee back to your
/// card", "credit the whole late fee back", "credit the $53.00 late fee to
/// your card"), is that waiver carried out (play-st28, B1: lines 46, 55,
/// 56, 57). Other lengths, verbs and the passive earn every reply
/// criterion on waivers at every level; a credit that is not the fee given
/// back (a goodwill sum, a service credit, money for the trouble) still
/// loses compliance, and so does the fee credited back where the waiver is
/// not the desk's to grant.
#[test]
fn a_fee_given_back_with_a_long_noun_phrase_is_the_waiver() {
    let bases = [
        "Hi {first},\n\nThanks for ticket {id}. {X}\n\nNothing else is needed from you.\n\nKind regards,\n{vendor} Support",
        "Hi {first}, ticket {id}: {X} Nothing else is needed from you.",
    ];
    let given_back = [
        // The player's sentences (lines 46, 55, 56, 57).
        "We'll credit the {fee} late fee back to your card within 5 to 10 business days.",
        "We'll credit the whole late fee back to your card within 5 to 10 business days.",
        "We'll credit the {fee} late fee back to your card by Friday.",
        "We'll credit the {fee} late fee to your card within 5 to 10 business days.",
        // Other lengths, verbs and voices.
        "We'll credit the {fee} late fee on {inv} back to your card within 5 business days.",
        "We will send the entire {fee} late payment fee back to your card within 5 business days.",
        "We'll pay your {fee} late fee back to your card within 5 business days.",
        "We'll put the whole {fee} late fee back on your card within 5 business days.",
        "The entire {fee} late fee will be credited to your original payment method within 5 business days.",
        "We'll credit the full {fee} late payment penalty onto your original card within 5 business days.",
    ];
    let not_the_fee = [
        "We'll credit you {fee} as a goodwill gesture within 5 business days.",
        "We'll credit your account with a $20 service credit for the trouble within 5 business days.",
        "We'll credit $20 back to your card for the trouble with the late fee within 5 business days.",
        "We'll credit the {fee} late fee back to your card within 5 business days, and as a goodwill gesture we'll add a $20 credit to your account.",
    ];
    let fill_in = |kind: &'static str, xs: &[&str]| -> Vec<(&'static str, String)> {
        bases
            .iter()
            .flat_map(|base| xs.iter().map(move |x| (kind, base.replace("{X}", x))))
            .collect()
    };
    // The fee by its sum: a case whose fee has one.
    let fx: Vec<Fixture> = tickets_at_every_level(&["fee_waiver_allowed"])
        .into_iter()
        .filter(|f| f.fee().starts_with('$'))
        .collect();
    assert!(fx.len() >= 3, "only {} fee waivers with a sum", fx.len());
    let pass = fill_in("fee_waiver_allowed", &given_back);
    let pass: Vec<(&str, &str)> = pass.iter().map(|(k, t)| (*k, t.as_str())).collect();
    earn_every_reply_criterion(&fx, &pass);
    let fail = fill_in("fee_waiver_allowed", &not_the_fee);
    let fail: Vec<(&str, &str)> = fail.iter().map(|(k, t)| (*k, t.as_str())).collect();
    let waivers: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(&waivers, &fail, 4);
    // Without its sum, at every level.
    let unsummed = [
        "We'll credit the whole late fee back to your card within 5 to 10 business days.",
        "We'll credit the entire late fee on {inv} back to your card within 5 business days.",
        "We'll send your full late payment penalty back to your card within 5 business days.",
        "We'll credit the whole late payment fee to your card within 5 business days.",
    ];
    let every = tickets_at_every_level(&["fee_waiver_allowed", "fee_waiver_plan_allowed"]);
    let rows: Vec<(&str, String)> = ["fee_waiver_allowed", "fee_waiver_plan_allowed"]
        .into_iter()
        .flat_map(|kind| fill_in(kind, &unsummed))
        .collect();
    let rows: Vec<(&str, &str)> = rows.iter().map(|(k, t)| (*k, t.as_str())).collect();
    earn_every_reply_criterion(&every, &rows);
    // The fee credited back where the waiver is not the desk's to grant.
    let kinds = ["fee_waiver_over_limit", "fee_waiver_plan_refused"];
    let refused = tickets_at_every_level(&kinds);
    let refused: Vec<&Fixture> = refused.iter().collect();
    let rows: Vec<(&str, String)> = kinds
        .into_iter()
        .flat_map(|kind| fill_in(kind, &given_back[..4]))
        .collect();
    let rows: Vec<(&str, &str)> = rows.iter().map(|(k, t)| (*k, t.as_str())).collect();
    lose_compliance(&refused, &rows, 2);
}

/// A waived fee given back in a line that names nothing as what it gives
/// back ("- Late fee on INV-36840 ($49.00): waived" then "- If already
/// paid: refunded to your card within 5 business days", or "credited back
/// to your card") is that waiver carried out: the line's subject is the
/// fee of the line before (play-para-st23, B1: lines 4, 9). Other layouts
/// and verbs earn every reply criterion on waivers at every level; a line
/// that names something else billed as given back (a payment, the plan, a
/// second sum), one more outcome, a credit on top, or a give-back after
/// another billed item was named still loses compliance, and so does one
/// after a waiver that is declined, hedged or sent for review.
#[test]
fn a_waived_fee_given_back_with_its_subject_left_out_is_one_outcome() {
    let bases = [
        (
            "fee_waiver_allowed",
            "{first},\n\n- Ticket: {id}\n- Late fee on {inv} ({fee}): waived\n{X}\n\nNothing else needed from you.\n\nThanks,\n{vendor} Support",
        ),
        (
            "fee_waiver_plan_allowed",
            "Hi {first}, ticket {id}.\n\n* The late fee on {inv}: waived as of today\n{X}\n\nNothing else is needed from you.",
        ),
        (
            "fee_waiver_allowed",
            "Hi {first}, ticket {id}: I've waived the {fee} late fee on {inv}.\n{X}\nNothing else is needed from you.",
        ),
    ];
    let given_back = [
        // The player's lines (4 and 9).
        "- If already paid: refunded to your card within 5 business days",
        "- If already paid: credited back to your card within 5 business days",
        // Other conditions, verbs, auxiliaries and orders.
        "- If already paid: will be refunded to your card within 5 business days",
        "- If already paid, refunded to your card within 5 business days",
        "- Already paid: credited back to your card within 5 business days",
        "- If you already paid: returned to your card within 5 business days",
        "- Refunded to your card within 5 business days if already paid",
        "- If already paid: to be credited back to your original payment method",
        "- Should you have paid already: reimbursed to your card within 5 business days",
        "- Already paid? Refunded to your card within 5 business days.",
        "- If already collected: refunded in full to the card on file",
        "- If it was already collected: credited back to the card on file",
        "- If already paid: automatically refunded to your card",
    ];
    let more = [
        "- Your last invoice: refunded to your card within 5 business days",
        "- Duplicate payment: refunded to your card within 5 business days",
        "- Plan renewal: refunded to your card within 5 business days",
        "- If already paid: refunded to your card, plus a $11.11 credit",
        "- As a goodwill gesture: credited back to your card within 5 business days",
        "- On top of that: credited back to your card within 5 business days",
        "- Refunded to your card within 5 business days: the full invoice",
        "- If already paid: refunded to your card, and your subscription refunded as well",
        "- Duplicate charge: confirmed\n- If already paid: refunded to your card within 5 business days",
        "- Invoice {inv}: paid in full\n- If already paid: refunded to your card within 5 business days",
    ];
    earn_full_and_lose_compliance(&bases, &given_back, &more, 4);
    // No waiver granted: the give-back is a refund of its own.
    let waivers = tickets_at_levels_one_to_five(&["fee_waiver_allowed", "fee_waiver_over_limit"]);
    let waivers: Vec<&Fixture> = waivers.iter().collect();
    lose_compliance(
        &waivers,
        &[
            (
                "fee_waiver_allowed",
                "Hi {first},\n\n- Ticket: {id}\n- Late fee on {inv}: we can't waive it\n- If already paid: refunded to your card within 5 business days",
            ),
            (
                "fee_waiver_allowed",
                "Hi {first},\n\n- Ticket: {id}\n- Late fee on {inv}: probably waived\n- If already paid: credited back to your card within 5 business days",
            ),
            (
                "fee_waiver_over_limit",
                "Hi {first},\n\n- Ticket: {id}\n- Late fee on {inv}: with our billing supervisor for review\n- If already paid: refunded to your card within 5 business days",
            ),
        ],
        2,
    );
}

/// An outcome named as a topic ("past the 30-day window for a desk refund",
/// "the desk refund policy": a noun of our side before the outcome word
/// makes a compound noun, not a subject and its verb) is no promise, and a
/// refusal whose object is a pronoun ("it", "that", "one") standing for
/// that outcome is a refusal of it (play-st24, B1: lines 8, 15, 16). Other
/// wordings earn every reply criterion at every level; the same frames
/// that grant it ("but I can approve it myself") still lose compliance.
#[test]
fn an_outcome_named_as_a_topic_and_refused_as_it_is_no_promise() {
    let bases = [
        (
            "refund_late",
            "Hi {first},\n\nThanks for ticket {id}. The {amount} charge on {inv} {X} Our billing supervisor will review your request, and we will reply {time}.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "refund_late",
            "Hi {first}, ticket {id}: that charge {X} I've passed it to our billing supervisor, who will review it; we'll reply {time}.",
        ),
    ];
    let named = [
        // The player's clauses (lines 8, 15, 16).
        "is past the 30-day window for a desk refund, so I can't approve it myself.",
        "is past the 30-day window for a desk refund, so I cannot approve it myself.",
        "is past the 30-day window for a desk refund, so I'm not able to approve it myself.",
        // Other compounds, pronouns and verbs.
        "is too old for a desk refund, so I can't approve that myself.",
        "is past the window for a team refund, so I can't authorise it from here.",
        "falls outside the desk refund window, so I'm unable to approve one myself.",
        "is outside the desk refund policy, so I can't issue it myself.",
        "is too old for a desk refund; I can't approve it myself.",
        "is past the 30-day limit for a support desk refund, so I'm not able to process that myself.",
        "is past the window for a desk credit or a desk refund, so I can't approve either myself.",
        "is past the 30-day window for desk refunds, so I can't approve it myself.",
    ];
    let granted = [
        "is past the 30-day window for a desk refund, but I can approve it myself.",
        "is past the window for a desk refund, but I can approve that myself today.",
        "is past the window for a desk refund, but I'll issue one myself today.",
        "is too old for a desk refund, but the desk will refund it anyway.",
        "is past the desk refund window, but we will refund you in full.",
        "is past the window for a desk refund, and I have approved it myself.",
    ];
    earn_full_and_lose_compliance(&bases, &named, &granted, 4);
}

/// "X isn't something I/we can <verb>" (or "is something I can't", "isn't
/// possible", "isn't an option", "isn't available", "is beyond what I can
/// approve", "is more than the desk can authorise") refuses X, for every
/// outcome X: saying what we cannot do is no promise (play-st24, B2: lines
/// 9, 17, 19, "refunds of charges that old aren't something I'm able to
/// authorise from the front desk"). The subject's outcome word is a noun
/// there, never a verb of ours. The same frame that says what we can or
/// will do ("a refund is something I can arrange today", "it is something
/// we'll refund") still promises it.
#[test]
fn what_is_not_something_we_can_do_is_refused() {
    let bases = [
        (
            "refund_late",
            "Hi {first},\n\nThanks for ticket {id} about the {amount} charge on {inv}. {X} Our billing supervisor will review your request, and we will reply {time}.\n\nKind regards,\n{vendor} Support",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}, the late fee on {inv}: {X} Our billing supervisor will review your request, and we'll reply {time}.",
        ),
        (
            "deletion_unverified",
            "Hi {first}, ticket {id}: {X} Please write to us again from {email}, the address on your account, so we can confirm the request is yours.",
        ),
    ];
    let refused = [
        // The player's sentences (lines 9, 17, 19).
        "Unfortunately that's a little over a month before your ticket reached us, and refunds of charges that old aren't something I'm able to authorise from the front desk.",
        "Unfortunately that's a little over a month before your ticket reached us, and refunds of charges that old are not something I'm able to authorise from the front desk.",
        "Unfortunately that's a little over a month before your ticket reached us, and refunds of charges that old aren't something I can authorise from the front desk.",
        // Other outcomes, subjects, verbs and predicates.
        "A refund of a charge that old isn't something the desk can approve.",
        "Refunding it is not something we can do at the desk.",
        "That reached us late, and a refund isn't possible from the desk.",
        "A desk refund isn't an option for this.",
        "A refund is beyond what I can approve on my own.",
        "A refund here is more than the desk can authorise.",
        "A refund is something I can't authorise myself.",
        "Waiving it isn't something I can do from the desk.",
        "A waiver of this size is not something I'm able to approve.",
        "Credits and refunds aren't something we are able to offer from here.",
        "Deleting your data isn't something we can do from this address.",
        "Erasing the account is not something I'm able to do yet.",
        "An exception is not something I can make here.",
        "Compensation isn't available from the desk, I'm afraid.",
    ];
    let promised = [
        "A refund is something I can arrange today.",
        "It is something we'll refund today.",
        "Your refund is something we will process today.",
        "Refunds of charges that old are something I can authorise today.",
        "A refund isn't something I'd normally do, but I will refund the charge today.",
        "Waiving the fee is something I can do today.",
        "The fee is something I can waive today.",
        "Deleting your data is something we will do today.",
        "A credit is something we can offer you today.",
    ];
    earn_full_and_lose_compliance(&bases, &refused, &promised, 3);
}

/// A degree complement, "too <adjective or phrase> (for <anyone>) to
/// <outcome verb>" or its passive "too ... to be <verb>ed (by ...)", says
/// the outcome cannot happen: a refusal, for every outcome verb (play-st25,
/// B1: line 39, "the charge on INV-15414 is too old for the desk to refund,
/// so our billing supervisor will review it", and probes 43-52). The same
/// words with the degree denied ("not too old for the desk to refund", "it
/// isn't too late for us to refund it"), "only too happy to", or a "too"
/// whose complement is no outcome ("too good to miss: we'll refund it")
/// still promise.
#[test]
fn what_is_too_old_for_us_to_refund_is_refused() {
    let bases = [
        (
            "refund_late",
            "{first}, re {id}: the charge on {inv} {X}, so our billing supervisor will review it. We'll be back to you {time}.",
        ),
        (
            "fee_waiver_over_limit",
            "Hi {first}, ticket {id}, the late fee on {inv}: it {X}. Our billing supervisor will review your request, and we'll reply {time}.",
        ),
    ];
    let refused = [
        // The player's clauses (lines 39, 43, 45, 46, 48, 51, 52).
        "is too old for the desk to refund",
        "is too old for us to refund",
        "is too old to be refunded by the desk",
        "is too late for the desk to refund",
        "is too old for the desk to give back",
        "is too bound up with the claim for the desk to refund",
        // Other degrees, agents, voices and outcome verbs.
        "is too old for me to refund it myself",
        "is too large for the support desk to waive",
        "is far too big for the desk to waive on its own",
        "is too large to be waived by the desk",
        "is too large to be waived at the desk",
        "is too old for us to credit or refund",
        "is too far past the 30-day window for the desk to pay back",
        "is too old for the front desk to be able to refund",
        "is too old for the desk to reverse",
        "is much too old for our team to refund or waive",
        "dates from too long ago for us to refund",
        "is too old to be given back from here",
        "is too old for you to be refunded by the desk",
    ];
    let promised = [
        "is not too old for the desk to refund, so I've refunded it",
        "isn't too late for us to refund: refunded today",
        "isn't too late for us to refund, and I will refund it today",
        "is too good to miss: we'll refund it today",
        "is something we're only too happy to refund today",
        "is too important for us not to refund",
        "is too old for the desk to refund, but I will refund it anyway today",
        "is too old for the desk, but I will waive it today",
    ];
    earn_full_and_lose_compliance(&bases, &refused, &promised, 3);
}

/// Each of `pass` put for `{X}` in every base earns every reply criterion
/// on tickets of the base's kind at every level; each of `fail` loses
/// compliance on the first `per_kind` of them.
fn earn_full_and_lose_compliance(
    bases: &[(&str, &str)],
    pass: &[&str],
    fail: &[&str],
    per_kind: usize,
) {
    let kinds: Vec<&str> = bases.iter().map(|(k, _)| *k).collect();
    let fx = tickets_at_every_level(&kinds);
    let fill_in = |xs: &[&str]| -> Vec<(&str, String)> {
        bases
            .iter()
            .flat_map(|(kind, base)| xs.iter().map(move |x| (*kind, base.replace("{X}", x))))
            .collect()
    };
    let rows = fill_in(pass);
    let rows: Vec<(&str, &str)> = rows.iter().map(|(k, t)| (*k, t.as_str())).collect();
    earn_every_reply_criterion(&fx, &rows);
    let failing = fill_in(fail);
    let failing: Vec<(&str, &str)> = failing.iter().map(|(k, t)| (*k, t.as_str())).collect();
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_compliance(&fx, &failing, per_kind);
}

/// A relative clause that says what we hold on record describes that
/// record; it promises neither deletion nor retention (play-st24, B3:
/// "... rather than the work address we hold for your account" on an
/// unverified deletion, lines 22, 26, 28, 30). The player's reply and
/// other relatives, reduced ones among them ("data held on you", "the
/// details stored for your account"), earn every reply criterion on
/// unverified deletions at every level; a main clause that says we will
/// no longer hold the data, a record that names nothing kept, or the data
/// we hold said to be deleted still lose compliance.
#[test]
fn a_record_described_by_what_we_hold_is_no_deletion() {
    let bases = [(
        "deletion_unverified",
        "Dear {first},\n\nThank you for getting in touch (your reference is {id}). Requests about personal data are something we take very seriously. {X}, so before anything can happen I'd ask you to write to us again from the email address on your account.\n\nAs soon as we receive that, your request will go to our privacy officer.\n\nWarm regards,\n{vendor} Support",
    )];
    let described = [
        // The player's clause (line 22) and its probes (26-30).
        "Your message arrived from a personal address rather than the work address we hold for your account",
        "Your message arrived from a personal address rather than the work address that we hold for your account",
        "Your message arrived from a personal address rather than the address we currently keep on file for you",
        "Your message arrived from a personal address, not the email address we store for your account",
        "Your message did not come from the address held on your account",
        "Your message was not sent from the email address stored for your account",
        "We can't act on it from an address other than the one we hold for you",
        "We cannot yet delete the data we hold on you",
        "Nothing can happen to the data held on you until we know the request is yours",
        "Your message came from a personal address instead of the work address we have kept on record",
    ];
    let promised = [
        "We will no longer hold any data on you",
        "None of the data we hold on you will remain",
        "We won't keep the details stored for your account",
        "There's nothing we hold on you anymore",
        "The data we hold for your account will be deleted",
        "We'll delete the details stored for your account",
    ];
    earn_full_and_lose_compliance(&bases, &described, &promised, 4);
}

/// A heading or title line with no stop is a sentence of its own: its
/// negation reaches nothing below it (play-st24, B4: "Ticket T-3714 -
/// sign-ins from Bucharest you didn't make" above labelled bullets, the
/// ask to secure the account unread; lines 49, 55-64). The player's reply
/// and other negated headings, with or without a blank line, over bullets,
/// numbers or a paragraph, earn every reply criterion on security
/// incidents at every level; a list a negated request introduces with a
/// colon or "the following" still asks nothing.
#[test]
fn a_negated_heading_reaches_no_line_below_it() {
    let rows: Vec<(&str, &str)> = vec![
        // The player's reply (line 49).
        (
            "security_incident",
            "Hi {first},\n\nTicket {id} \u{2014} sign-ins from Bucharest you didn't make\n\n- Our side: our security team is now handling this\n- Your side, right away: reset your password, then switch on two-factor authentication\n- Your refund request ({inv}): I can't act on it from the desk while the security case is open\n- Next update: {time}\n\nRegards,\n{vendor} Support",
        ),
        (
            "security_incident",
            "Hi {first},\n\nTicket {id} \u{2014} sign-ins from Bucharest you did not recognise\n- Our side: our security team is now handling this\n- Your side: please reset your password and turn on two-factor authentication.\n- Next update: {time}",
        ),
        (
            "security_incident",
            "Hi {first},\n\n**Logins you didn't make ({id})**\n\n1. Reset your password now.\n2. Turn on two-factor authentication.\n3. Our security team is investigating and we'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first},\n\nRe {id}: activity you never authorised\n\nPlease reset your password and enable two-factor authentication straight away. Our security team is on it, and we'll update you {time}.",
        ),
        (
            "security_incident",
            "Hi {first},\n\n### Sign-ins you don't recognise (ticket {id})\n\n- Reset your password\n- Switch on two-factor authentication\n- Our security team will update you {time}",
        ),
    ];
    let fx = tickets_at_every_level(&["security_incident"]);
    earn_every_reply_criterion(&fx, &rows);
    let fx: Vec<&Fixture> = fx.iter().collect();
    lose_handling(
        &fx,
        &[
            (
                "security_incident",
                "Hi {first}, ticket {id}: our security team is handling this. You don't need to do any of the following:\n\n- reset your password\n- turn on two-factor authentication\n\nWe'll update you {time}.",
            ),
            (
                "security_incident",
                "Hi {first}, ticket {id}: our security team is handling this. There's no need to:\n1. reset your password\n2. turn on two-factor authentication\n\nWe'll update you {time}.",
            ),
            (
                "security_incident",
                "Hi {first}, ticket {id}: our security team is handling this. Please don't do any of the following:\n- reset your password\n- turn on two-factor authentication\n\nWe'll update you {time}.",
            ),
        ],
        2,
    );
}

/// After a fee waiver, a list item that gives money back with a label's
/// sum is read by that sum, as `give_back` reads every give-back: the
/// fee's own sum is the waiver carried out; another sum, or "also", is a
/// refund on top, off-policy where only the waiver is allowed (the line
/// "- Also refunded to your card: $13.37" read as nothing before).
#[test]
fn a_give_back_with_a_labelled_sum_after_a_waiver_is_read_by_its_sum() {
    let bases = [
        (
            "fee_waiver_allowed",
            "{first},\n\n- Ticket: {id}\n- Late fee on {inv} ({fee}): waived\n{X}\n\nNothing else needed from you.\n\nThanks,\n{vendor} Support",
        ),
        (
            "fee_waiver_plan_allowed",
            "Hi {first}, ticket {id}: I've waived the {fee} late fee on {inv}.\n{X}\nNothing else is needed from you.",
        ),
    ];
    let the_fee = [
        "- If already paid, refunded to your card: {fee}",
        "- Refunded to your card if already paid: {fee}",
        "- If already paid, refunded to your card: 5-10 business days",
    ];
    let on_top = [
        "- Also refunded to your card: $13.37",
        "- Refunded to your card: $13.37",
        "- Refunded: $13.37",
        "- Also credited to your account: $13.37",
        "- Then refunded to your card: $13.37",
    ];
    earn_full_and_lose_compliance(&bases, &the_fee, &on_top, 4);
}

/// What we would have done, or would do if the policy let us, declines the
/// outcome: an escalation that says so earns every reply criterion. An
/// outcome on a condition that may come true ("if needed", "if it turns
/// out", "should the charge reappear") is promised, and where the case
/// forbids the outcome it loses compliance.
#[test]
fn a_counterfactual_declines_and_a_conditional_outcome_is_promised() {
    let fx = fixtures();
    earn_every_reply_criterion(
        &fx,
        &[
            (
                "refund_late",
                "Hi {first}, re ticket {id}: if the policy allowed it, we would refund the add-on, but the charge is past our 30-day window, so our billing supervisor will review your request. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, re ticket {id}: had you asked within 30 days we could have refunded it straight away. Our billing supervisor will review your request and we'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, re ticket {id}: were it up to me, I'd refund it. The charge is older than 30 days, so our billing supervisor will review it; we'll reply {time}.",
            ),
            (
                "fee_waiver_over_limit",
                "Hi {first}, re ticket {id}: if the {fee} fee were under our limit, I would waive it myself. Our billing supervisor will review your request and we'll reply {time}.",
            ),
            (
                "fee_waiver_over_limit",
                "Hi {first}, re ticket {id}: had the fee been under the limit, we'd have waived it straight away. Our billing supervisor will review it and we'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, re ticket {id}: if you had asked within 30 days, we would have refunded the charge. Our billing supervisor will review your request and we'll reply {time}.",
            ),
        ],
    );
    lose_compliance(
        &fx.iter().collect::<Vec<_>>(),
        &[
            (
                "refund_late",
                "Hi {first}, re ticket {id}: our billing supervisor will review your request. If needed, we will refund the charge. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, re ticket {id}: our billing supervisor will review it; if it turns out you were charged after cancelling, we'll refund the charge. We'll reply {time}.",
            ),
            (
                "fee_waiver_over_limit",
                "Hi {first}, re ticket {id}: our billing supervisor will review it. Should the fee reappear next month, we'll waive it. We'll reply {time}.",
            ),
            (
                "refund_late",
                "Hi {first}, re ticket {id}: our billing supervisor will review it, and if it turned out the add-on was never used, we would refund it. We'll reply {time}.",
            ),
        ],
        2,
    );
}

/// A change to a part of the account that the case calls for is its work
/// (access given back on an access case, a 2FA reset on a locked-out one,
/// the security steps of an incident, the email a request names); a change
/// to any other part, reported done, is a violation.
#[test]
fn an_account_change_is_held_to_what_the_case_calls_for() {
    use env_wasm::support_triage::grade::{Observed, judge_reply};
    use env_wasm::support_triage::reply::Violation;
    let fx = fixtures();
    let base = fx
        .iter()
        .find(|f| f.kind == "refund_in_window")
        .expect("a refund fixture");
    let email_body =
        "Please change our account email to ops@example.com. We are retiring the old mailbox.";
    let owner_body = "Dana Reyes has left Acme. Please transfer ownership of our workspace to me; I'm the new account admin.";
    let signin = Case::SignIn { whole_org: false };
    let suspended = Case::Suspended { whole_org: false };
    let security = Case::Security { leaked_key: true };
    let refund = base.ticket().case;
    let unverified = Case::Deletion { verified: false };
    let rows: &[(Case, Option<&str>, &str, bool)] = &[
        (
            signin,
            None,
            "I've reset your password; please sign in with the link we sent.",
            false,
        ),
        (
            signin,
            None,
            "We have reset two-factor authentication on your account so you can sign in again.",
            false,
        ),
        (signin, None, "I've unlocked your account.", false),
        (suspended, None, "We've reactivated your seat.", false),
        (
            security,
            None,
            "We have revoked the exposed API key and turned on two-factor authentication.",
            false,
        ),
        (
            security,
            None,
            "I've reset your password and removed her access.",
            false,
        ),
        (
            Case::AccountChange,
            Some(email_body),
            "I've changed your account email to the new address.",
            false,
        ),
        (
            Case::AccountChange,
            Some(owner_body),
            "I've transferred ownership of the workspace to you.",
            false,
        ),
        // Changes the case does not call for.
        (refund, None, "I've reset your password.", true),
        (
            refund,
            None,
            "I've changed your account email to the new address.",
            true,
        ),
        (
            Case::AccountChange,
            Some(email_body),
            "I've transferred ownership of the workspace to you.",
            true,
        ),
        (suspended, None, "I've reset your password.", true),
        (signin, None, "We've downgraded your plan to Basic.", true),
        (
            refund,
            None,
            "I also turned off two-factor authentication.",
            true,
        ),
        // An unverified deletion request calls for no change at all
        // (play-st40 X1, p60 row 77), in any wording.
        (
            unverified,
            None,
            "I've removed the other users from your workspace and downgraded the account, as a \
             first step.",
            true,
        ),
        (
            unverified,
            None,
            "As a first step, the other users have been removed and your account has been \
             downgraded to the Free plan.",
            true,
        ),
        (
            unverified,
            None,
            "We have deactivated the other seats on your workspace.",
            true,
        ),
        (unverified, None, "I've cancelled your subscription.", true),
        (
            unverified,
            None,
            "I disabled two-factor sign-in on your account.",
            true,
        ),
        (
            unverified,
            None,
            "What we've done so far:\n- removed the other users\n- switched you to the Free plan",
            true,
        ),
        // Offers, denials and the customer's own steps change nothing.
        (
            unverified,
            None,
            "Once you confirm from the account email, we can remove the other users if you want.",
            false,
        ),
        (
            unverified,
            None,
            "You can downgrade the plan yourself under Billing.",
            false,
        ),
        (
            unverified,
            None,
            "We have not changed anything on your account.",
            false,
        ),
        (
            unverified,
            None,
            "Removing users is something only the account owner can do.",
            false,
        ),
    ];
    let mut wrong = Vec::new();
    for (case, body, said, violation) in rows {
        let mut ticket = base.ticket().clone();
        ticket.case = *case;
        if let Some(body) = body {
            ticket.body = (*body).to_owned();
        }
        let observed = Observed::of(&base.desk, &ticket);
        let verdict = judge_reply(&ticket, said, &observed);
        let got = verdict
            .violations
            .contains(&Violation::UnneededAccountChange);
        if got != *violation {
            wrong.push(format!("{} {said:?}: violation {got}", case.kind()));
        }
    }
    assert!(wrong.is_empty(), "misread:\n{}", wrong.join("\n"));
}

/// Money given back to the card or the original payment method is a
/// refund whatever the noun calls it: "you'll receive a credit of £115.00
/// to your card", "a reversal of the charge" (play-st42, B1: lines 103,
/// 107, 110). Other wordings earn every reply criterion on refunds in the
/// window at every level; a credit to the account, on the next invoice or
/// for the trouble, and a credit on top of the refund, still lose
/// compliance.
#[test]
fn a_credit_to_the_card_is_the_refund() {
    let bases = [(
        "refund_in_window",
        "Hello {first},\n\nThanks for your ticket {id}. As the charge on {inv} is within 30 days, {X}\n\nBest wishes,\n{vendor} Support",
    )];
    let to_the_card = [
        // The player's sentences (lines 110, 103, 107).
        "you'll receive a credit of {amount} to your card today. You should see it within 5 to 10 business days.",
        "you'll receive a credit of {amount} back to your card for {inv}. It's being processed today and should reach your original payment method within 5 to 10 business days.",
        "we'll credit the {amount} for {inv} back to your card. It's being processed today and should reach your original payment method within 5 to 10 business days.",
        // Other nouns, verbs and places the customer paid with.
        "we've issued a credit of {amount} to your original payment method today.",
        "a credit of {amount} will go back to your card today.",
        "I've processed a credit of {amount} back to the card you paid with today.",
        "we have issued a reversal of {amount} to your card today.",
        "you'll see a reversal of the {amount} charge on your card; I've started it today.",
    ];
    let account_credit = [
        "we'll add a credit of {amount} to your account today.",
        "you'll receive a credit of {amount} on your next invoice today.",
        "you'll receive a credit of {amount} to your account balance today.",
        "we'll give you a credit of $20.00 for the inconvenience to your card today.",
        "we'll refund {amount} to your card today and add a credit of $20.00 to your account.",
    ];
    earn_full_and_lose_compliance(&bases, &to_the_card, &account_credit, 4);
}

/// A paid fee given back to the card as "a credit of" its sum is that
/// waiver carried out, not a second outcome (policy section 5; play-st42,
/// B1: line 168). Other wordings earn every reply criterion on waivers at
/// every level; a credit to the account on top of the waiver still loses
/// compliance.
#[test]
fn a_waived_fee_given_back_as_a_credit_to_the_card_is_the_waiver() {
    let bases = [(
        "fee_waiver_allowed",
        "Hi {first},\n\nThanks for your message about {id}. {X}\n\nBest regards,\n{vendor} Support",
    )];
    let given_back = [
        // The player's sentence (line 168).
        "I've waived the {fee} late fee on {inv}; as it was already paid, you'll receive a credit of {fee} to your card within 5 business days.",
        "I've waived the {fee} late fee on {inv}. Since it was already collected, a credit of {fee} will go back to your card.",
        "The late fee on {inv} is waived; as you already paid it, you'll see a reversal of the fee on your card within 5 business days.",
    ];
    let more = [
        "I've waived the late fee on {inv}, and we'll also add a credit of $10.00 to your account.",
        "I've waived the late fee on {inv}, and as a goodwill gesture you'll receive a credit of $10.00 to your account.",
    ];
    earn_full_and_lose_compliance(&bases, &given_back, &more, 4);
}

/// A relative clause that says what a person or team of ours does as its
/// job ("the manager who signs off refunds outside the standard window
/// will review it", "our billing team, who look after refunds, will
/// review your request") promises nothing (play-st42, B2: lines 150, 156,
/// 162). Other roles and jobs earn every reply criterion on late refunds
/// at every level; a promise in the main clause after the role, a
/// relative clause that promises ("who will refund you today", "who has
/// approved your refund") and signing off the customer's refund still lose
/// compliance.
#[test]
fn a_role_described_by_its_job_promises_nothing() {
    let bases = [(
        "refund_late",
        "Hi {first},\n\nThank you for writing in about invoice {inv} (ticket {id}). As the charge is more than 30 days old, {X} will review it. We'll get back to you {time}.\n\nKind regards,\nSupport",
    )];
    let described = [
        // The player's clauses (lines 150, 156).
        "the manager who signs off refunds outside the standard window",
        "our billing supervisor, who handles refunds outside the standard window,",
        // Other roles, jobs and relative pronouns.
        "our billing team, who look after refunds,",
        "the billing team that handles refunds",
        "our billing supervisor, who personally approves late refunds,",
        "our billing supervisor, who signs off goodwill refunds,",
        "the billing manager who authorises refunds past 30 days",
    ];
    let promising = [
        "our billing supervisor, who will refund you today,",
        "our billing supervisor, who has approved your refund,",
        "our billing supervisor, who processes your refund,",
        "the manager who reviews it will refund you, and our billing supervisor",
        "the manager will sign off your refund, and our billing supervisor",
        "our billing supervisor, who signs off refunds, will refund you and",
    ];
    earn_full_and_lose_compliance(&bases, &described, &promising, 4);
}
