//! Replies to generated `support_triage/hard` tickets of every exception
//! kind, shared by the criterion tables (`support_triage_criteria.rs`)
//! and the metamorphic properties (`support_triage_properties.rs`):
//! natural right replies in many styles, and the parts wrong ones are
//! built from (forbidden promises in plain words, promises on consent,
//! hedges, stuffing, pastes, missing elements, late follow-ups).
#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use std::collections::BTreeMap;

use env_wasm::Points;
use env_wasm::support_triage::generate::{Desk, Ticket, generate};
use env_wasm::support_triage::grade::{Grade, Observed, Work, grade_exception};
use env_wasm::support_triage::policy::{self, Case, POLICY};
use env_wasm::support_triage::tasks::Task;

/// A generated exception ticket and what a reply to it may say.
pub(crate) struct Fixture {
    pub desk: Desk,
    pub kind: &'static str,
    /// Index among the fixtures of its kind, to vary the wording.
    pub nth: usize,
}

impl Fixture {
    pub(crate) fn ticket(&self) -> &Ticket {
        &self.desk.tickets[0]
    }
    pub(crate) fn first(&self) -> &str {
        &self.ticket().customer.first
    }
    pub(crate) fn full(&self) -> String {
        self.ticket().customer.name()
    }
    pub(crate) fn id(&self) -> &str {
        &self.ticket().id
    }
    pub(crate) fn sla(&self) -> u32 {
        let t = self.ticket();
        policy::sla(policy::priority(t.case, t.customer.plan)).0
    }

    /// `by HH:MM` at `minutes` after the ticket arrived (24-hour form).
    pub(crate) fn clock_after(&self, minutes: u32) -> String {
        let at = (self.ticket().minute + minutes).min(23 * 60 + 59);
        format!("by {:02}:{:02}", at / 60, at % 60)
    }

    /// Ways to say when we next respond, all within the SLA.
    pub(crate) fn on_time(&self, pick: usize) -> String {
        let options: Vec<String> = match self.sla() {
            60 => vec![
                "within the hour".into(),
                "within 1 hour".into(),
                "in the next 30 minutes".into(),
                self.clock_after(45),
            ],
            240 => vec![
                "within 4 hours".into(),
                "within the next two hours".into(),
                self.clock_after(180),
                "within 3 hours".into(),
            ],
            _ => vec![
                "within one business day".into(),
                "within 24 hours".into(),
                "by 17:00 today".into(),
                self.clock_after(300),
                "by tomorrow".into(),
            ],
        };
        options[(pick + self.nth) % options.len()].clone()
    }

    /// Ways to say when we next respond, all later than the SLA.
    pub(crate) fn too_late(&self, pick: usize) -> String {
        let options: &[&str] = match self.sla() {
            60 => &["within 4 hours", "by 17:00 today", "within 2 business days"],
            240 => &["within 2 business days", "by 17:00 today", "within 8 hours"],
            _ => &["within 3 business days", "next week", "within 48 hours"],
        };
        options[(pick + self.nth) % options.len()].to_owned()
    }

    /// The late fee of a fee-waiver ticket, as "$12.50" ("the fee" for
    /// other cases).
    pub(crate) fn fee(&self) -> String {
        match self.ticket().case {
            Case::FeeWaiver { cents, .. } => format!("${}.{:02}", cents / 100, cents % 100),
            _ => "the fee".to_owned(),
        }
    }

    pub(crate) fn leaked_key(&self) -> bool {
        matches!(self.ticket().case, Case::Security { leaked_key: true })
    }
}

/// Three tickets of every exception kind.
pub(crate) fn fixtures() -> Vec<Fixture> {
    let mut by_kind: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut out = Vec::new();
    for seed in 0..2000 {
        let desk = generate(Task::Hard, seed);
        let kind = desk.tickets[0].case.kind();
        let n = by_kind.entry(kind).or_default();
        if *n < 3 {
            out.push(Fixture {
                desk,
                kind,
                nth: *n,
            });
            *n += 1;
        }
        if by_kind.len() == 9 && by_kind.values().all(|n| *n == 3) {
            break;
        }
    }
    assert_eq!(out.len(), 27, "{by_kind:?}");
    out
}

/// The exception ticket of `seed`, as a fixture.
pub(crate) fn fixture(seed: u64) -> Fixture {
    let desk = generate(Task::Hard, seed);
    let kind = desk.tickets[0].case.kind();
    Fixture {
        desk,
        kind,
        nth: (seed % 3) as usize,
    }
}

/// The grade of the exception task for `reply` with the gold labels.
pub(crate) fn grade(f: &Fixture, reply: &str) -> Grade {
    let t = f.ticket();
    let work = Work {
        priority: Some(policy::priority(t.case, t.customer.plan)),
        department: Some(policy::department(t.case)),
        disposition: policy::disposition(t.case),
        reply: Some(reply.to_owned()),
    };
    grade_exception(t, &work, &Observed::of(&f.desk, t))
}

/// The criteria of the exception task for `reply` with the gold labels.
pub(crate) fn criteria(f: &Fixture, reply: &str) -> BTreeMap<&'static str, Points> {
    grade(f, reply).criteria
}

/// The securing steps a security reply asks for: (first, second).
pub(crate) fn secure_steps(f: &Fixture) -> (&'static str, &'static str) {
    if f.leaked_key() {
        ("revoke the exposed API key", "generate a replacement key")
    } else {
        ("reset your password", "turn on two-factor authentication")
    }
}

/// Natural right replies to `f`, as (style, reply).
pub(crate) fn right_replies(f: &Fixture) -> Vec<(&'static str, String)> {
    let (first, full, id, vendor) = (f.first(), f.full(), f.id(), f.desk.vendor);
    let t = |i: usize| f.on_time(i);
    match f.kind {
        "security_incident" => {
            let (a, b) = secure_steps(f);
            let cap = |s: &str| {
                let mut c = s.chars();
                c.next()
                    .map(|x| x.to_uppercase().chain(c).collect::<String>())
                    .unwrap_or_default()
            };
            let (big_a, big_b) = (cap(a), cap(b));
            vec![
                (
                    "formal",
                    format!(
                        "Dear {full},\n\nThank you for reporting this (ticket {id}). Please {a} immediately and {b}. Our security team is investigating and will contact you {}.\n\nKind regards,\n{vendor} Support",
                        t(0)
                    ),
                ),
                (
                    "casual",
                    format!(
                        "Hi {first}! Thanks for flagging this on {id}. First thing: {a} right away, then {b}. Our security team's already on it and they'll be in touch {}. Cheers!",
                        t(1)
                    ),
                ),
                (
                    "terse",
                    format!(
                        "{first} – {id}: {a} now and {b}. Security team investigating; we'll update you {}.",
                        t(2)
                    ),
                ),
                (
                    "markdown",
                    format!(
                        "## Ticket {id}\n\nHi **{first}**,\n\n**Please do this now**\n- {big_a}\n- {big_b}\n\n**What happens next**\n- Our security team is investigating\n- You'll hear from them {}\n\nThanks,\n{vendor} Support",
                        t(3)
                    ),
                ),
                (
                    "prose",
                    format!(
                        "Hello {first},\n\nI'm sorry to hear about this (ref. {id}). To keep your account secure, we strongly recommend that you {a} and {b} as soon as possible. I've passed everything to our security team, who will contact you {}.\n\nBest wishes,\n{vendor}",
                        t(4)
                    ),
                ),
                (
                    "british",
                    format!(
                        "Hi {first},\n\nThanks for getting in touch about {id}. Please {a} straight away and {b}; our security team are investigating and will contact you {}. We will never ask you for your password.\n\nKind regards",
                        t(5)
                    ),
                ),
                (
                    "purpose first",
                    format!(
                        "Hi {first},\n\nThank you for raising {id} with us. So that nobody else can get into your account, please {a} and {b} today. Our security team is looking into the sign-ins and will be in touch {}.\n\nRegards",
                        t(6)
                    ),
                ),
                (
                    "purpose after",
                    format!(
                        "Dear {full},\n\nRe {id}: for your security, we'd ask you to {a} and then {b}, so your account stays protected from here on. Our security team has been alerted and will contact you {}.\n\nKind regards,\n{vendor}",
                        t(7)
                    ),
                ),
            ]
        }
        "legal_threat" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for your message regarding ticket {id}. I have referred it to our legal team, who will review it and contact you {}.\n\nYours sincerely,\n{vendor} Customer Support",
                    t(0)
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}, thanks for letting us know about this ({id}). I've passed it straight to our legal department, and they'll get back to you {}.",
                    t(1)
                ),
            ),
            (
                "terse",
                format!(
                    "{first}, re {id}: forwarded to our legal team for review. They will reply {}.",
                    t(2)
                ),
            ),
            (
                "markdown",
                format!(
                    "**Ticket:** {id}\n\nHi {first},\n\n- Your message is now with our **legal team** for review.\n- You can expect a response {}.\n\nRegards,\nSupport",
                    t(3)
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nI understand how frustrating this situation is, and I'm sorry for the trouble it has caused (ticket {id}). Because you have mentioned legal action, our legal counsel will review the matter, and you will hear from them {}.",
                    t(4)
                ),
            ),
            (
                "american",
                format!(
                    "Hi {first},\n\nThanks for reaching out about {id}. I've escalated your message to our legal team; someone from the team will contact you {}.\n\nBest,\n{vendor} Support",
                    t(5)
                ),
            ),
        ],
        "deletion_verified" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for your request (ticket {id}). I have forwarded it to our privacy officer, who handles all data requests and will contact you {} about the next steps.\n\nKind regards",
                    t(0)
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}, got it: ticket {id} is now with our data protection officer, who'll be in touch {}.",
                    t(1)
                ),
            ),
            (
                "terse",
                format!(
                    "{first} ({id}): passed to our privacy officer, who will reply {}.",
                    t(2)
                ),
            ),
            (
                "markdown",
                format!(
                    "### {id}\n\nHello {first},\n\n* **Who handles it:** our privacy officer\n* **When you'll hear back:** {}\n\nThanks",
                    t(3)
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nThank you for writing to us about your data (ticket {id}). Data requests are handled by our privacy officer, and I have passed yours on; they will contact you {} to take it forward.\n\nBest regards",
                    t(4)
                ),
            ),
            (
                "british",
                format!(
                    "Hi {first},\n\nThanks for your email about {id}. I've forwarded your request to our privacy team, who will be in touch {}.\n\nKind regards",
                    t(5)
                ),
            ),
        ],
        "deletion_unverified" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for your message (ticket {id}). For your protection we can only act on data requests sent from the email address on your account. Please reply from the email address registered to your account so we can verify your identity.\n\nKind regards"
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}! Thanks for reaching out about {id}. Quick thing before we go further: could you send this request again from the email address on your account? That way we know it's really you."
                ),
            ),
            (
                "terse",
                format!(
                    "{first}, re {id}: please resend your request from your account's registered email so we can verify it is you."
                ),
            ),
            (
                "markdown",
                format!(
                    "**Ticket {id}**\n\nHi {first},\n\nTo protect your account we need to confirm your identity first.\n\n**Next step:** please write to us from the email address registered on your account.\n\nThanks!"
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nWe take data requests seriously, which is why we only act on them when they come from the address on file (ticket {id}). Please get in touch again from your account email address, and we will take it from there."
                ),
            ),
            (
                "american",
                format!(
                    "Hi {first},\n\nThanks for contacting us about {id}. Before we can act on this, we need to verify your identity. Please reply from the email address associated with your account.\n\nBest,\nSupport"
                ),
            ),
            (
                "numbered list",
                format!(
                    "Hi {first},\n\nThanks for your message ({id}). Before we go any further we need one thing from you:\n\n1. A reply sent from the email address registered on your account, so we can be sure it's you.\n\nThank you!"
                ),
            ),
            (
                "back reference",
                format!(
                    "Hi {first}, thanks for getting in touch ({id}). To protect your privacy, we only act on requests that come from the email address registered to the account. Would you mind resending yours from that address?"
                ),
            ),
        ],
        "refund_missing_invoice" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for contacting us about this charge (ticket {id}). To look into it, we need the invoice number, which starts with INV-. Please reply with the invoice number of the charge in question.\n\nKind regards"
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}, thanks for the message about {id}! Could you send over the invoice number for that charge (it looks like INV-12345)? Once we have it we'll take a look."
                ),
            ),
            (
                "terse",
                format!("{first} – {id}: please send the invoice number (INV-...) for the charge."),
            ),
            (
                "markdown",
                format!(
                    "## Your ticket {id}\n\nHi {first},\n\nWe're happy to look into this. **We just need one thing:** the invoice number of the charge (it begins with `INV-`).\n\nPlease reply with it and we'll pick this up straight away."
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nSorry to hear about the charge (ticket {id}). I couldn't match it to an invoice from your message, so could you tell us the invoice number? It starts with INV- and is printed at the top of every invoice.\n\nBest regards"
                ),
            ),
            (
                "british",
                format!(
                    "Hi {first},\n\nThanks for getting in touch about {id}. Could you let us have the invoice number (INV-…) for the charge you'd like refunded? Then we can look into it.\n\nKind regards"
                ),
            ),
            (
                "numbered list",
                format!(
                    "Hi {first},\n\nSorry for the trouble with this charge ({id}). So we can look into it, we need just one detail from you:\n\n1. The **invoice number** (it begins with `INV-`).\n\nAs soon as we have it, we'll pick this up."
                ),
            ),
            (
                "bullets",
                format!(
                    "**Re: {id}**\n\nHello {first},\n\n**What we'll need from you**\n\n* The invoice reference for the charge (printed at the top, `INV-` followed by digits)\n\nThanks, and sorry for the extra step."
                ),
            ),
            (
                "question",
                format!(
                    "Hi {first} ({id}), could you point us to the invoice in question? Its number starts with INV- and sits at the top of the page."
                ),
            ),
        ],
        "refund_in_window" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for contacting us (ticket {id}). As the charge falls within our 30-day refund window, we will refund it in full to your original payment method within 5 business days.\n\nKind regards"
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}! Good news on {id}: you're within the 30-day window, so I've gone ahead and refunded the charge. You should see the money back on your card in 5-10 business days."
                ),
            ),
            (
                "terse",
                format!(
                    "{first}, {id}: refund approved. It will reach your original payment method within 5 business days."
                ),
            ),
            (
                "markdown",
                format!(
                    "# Refund for ticket {id}\n\nHi {first},\n\n**Good news:** your charge is within our 30-day refund window.\n\n- **Refund:** approved, full amount\n- **Where:** your original payment method\n- **When:** within 5 business days\n\nThanks for your patience!"
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nThank you for your patience with this (ticket {id}). I've checked the charge against our refund policy, and since it was made less than 30 days ago, I'm pleased to confirm we'll refund it in full. Please allow up to 5 business days for it to appear on your statement.\n\nBest wishes"
                ),
            ),
            (
                "american",
                format!(
                    "Hi {first},\n\nThanks for reaching out about {id}. Since the charge is within our 30-day refund window, I've processed a full refund to your card. You'll see it in 5 to 7 business days.\n\nBest,\nSupport"
                ),
            ),
            (
                "ticket line",
                format!(
                    "{first} - {id}: refund of the full charge on your invoice approved; it'll reach your card within 5 business days."
                ),
            ),
            (
                "status",
                format!(
                    "Hi {first},\n\n**{id}** – full refund (original payment method): approved. Expect it within 5-7 business days.\n\nThanks"
                ),
            ),
            (
                "idiomatic",
                format!(
                    "Hi {first}, good news on {id}: you won't be out of pocket. We've reversed the charge, and it'll come off your card statement within 5 business days."
                ),
            ),
        ],
        "refund_late" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for your message (ticket {id}). As the charge is older than our 30-day refund window, I have passed your request to our billing supervisor for review. Our billing supervisor will contact you {}.\n\nKind regards",
                    t(0)
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}, thanks for getting in touch about {id}. That charge is a little outside our 30-day refund window, so I've handed it to our billing supervisor to review. They'll get back to you {}.",
                    t(1)
                ),
            ),
            (
                "terse",
                format!(
                    "{first}, {id}: outside the 30-day window; escalated to our billing supervisor, who will reply {}.",
                    t(2)
                ),
            ),
            (
                "markdown",
                format!(
                    "**{id}: refund request**\n\nHi {first},\n\n- Your refund request is now with our **billing supervisor** for review.\n- We'll update you {}.\n\nThanks for bearing with us.",
                    t(3)
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nI'm sorry for the frustration here (ticket {id}). Because the charge was made more than 30 days before your message, a refund is a decision for our billing supervisor, and I've asked them to review it. You will hear from them {}.\n\nBest regards",
                    t(4)
                ),
            ),
            (
                "british",
                format!(
                    "Hi {first},\n\nThanks for your patience. I'm afraid the charge on {id} falls outside our 30-day refund window, so I've passed it to our billing supervisor, who will be in touch {} once they've reviewed it.\n\nKind regards",
                    t(5)
                ),
            ),
            (
                "policy explained",
                format!(
                    "Dear {full},\n\nRegarding {id}: the charge was made more than 30 days ago, which is beyond the period in which the support desk is able to authorise refunds. I have therefore forwarded your request to our billing supervisor, who will review it and be in touch {}.\n\nYours sincerely,\n{vendor} Support",
                    t(6)
                ),
            ),
            (
                "who decides",
                format!(
                    "Hi {first},\n\nThanks for writing in about {id}. Only our billing supervisor can approve a refund for a charge this old, so I've sent your request their way; they'll get back to you {}.\n\nBest",
                    t(7)
                ),
            ),
        ],
        "fee_waiver_allowed" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for contacting us (ticket {id}). We will waive the late fee on your invoice within 2 business days.\n\nKind regards"
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}! No problem at all: I've removed the late fee from your invoice ({id}). It'll disappear from your account within a day or two."
                ),
            ),
            (
                "terse",
                format!(
                    "{first} – {id}: late fee waived. You'll see the corrected invoice within 2 business days."
                ),
            ),
            (
                "markdown",
                format!(
                    "## Late fee on {id}\n\nHi {first},\n\n**Done:** as a one-off courtesy, we've **waived the late fee** on your invoice.\n\n_Your updated invoice will follow within 2 business days._\n\nThanks!"
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nThanks for explaining what happened with the payment (ticket {id}). Since this is the first late fee on your account in the past year, I'm happy to take it off your invoice; the change will show within 2 business days.\n\nBest wishes"
                ),
            ),
            (
                "american",
                format!(
                    "Hi {first},\n\nThanks for reaching out about {id}. I've gone ahead and waived the late fee, so you won't owe anything extra. The updated invoice will be emailed to you within 2 business days.\n\nBest,\nSupport"
                ),
            ),
            (
                "itemised",
                format!(
                    "Hi {first},\n\nThanks for your patience with {id}. I have removed the {} late payment fee from your invoice, and the corrected invoice will reach you within 2 business days.\n\nBest",
                    f.fee()
                ),
            ),
            (
                "ticket line",
                format!(
                    "{first} – {id}: the {} late charge on your account has been removed; you'll see the corrected invoice within 2 business days.",
                    f.fee()
                ),
            ),
            (
                "idiomatic",
                format!(
                    "Hey {first}! Sorted on {id}: I've struck the late fee off your account, so you won't be out of pocket. It'll drop off your invoice within 2 business days."
                ),
            ),
        ],
        "fee_waiver_over_limit" => vec![
            (
                "formal",
                format!(
                    "Dear {full},\n\nThank you for your message about the late fee (ticket {id}). I have passed it to our billing supervisor for review, who will contact you {}.\n\nKind regards",
                    t(0)
                ),
            ),
            (
                "casual",
                format!(
                    "Hi {first}, thanks for explaining what happened ({id}). Waivers like this one need our billing supervisor, so I've sent it over to them; they'll get back to you {}.",
                    t(1)
                ),
            ),
            (
                "terse",
                format!(
                    "{first}, {id}: with our billing supervisor for review; they will reply {}.",
                    t(2)
                ),
            ),
            (
                "markdown",
                format!(
                    "**Re: {id}**\n\nHi {first},\n\n1. I've forwarded your request to our **billing supervisor**.\n2. They'll review the late fee and contact you {}.\n\nKind regards",
                    t(3)
                ),
            ),
            (
                "prose",
                format!(
                    "Hello {first},\n\nI'm sorry the bank holiday caused a late payment (ticket {id}). I can't decide on this fee myself, so I have asked our billing supervisor to look at it, and they will write to you {}.\n\nBest regards",
                    t(4)
                ),
            ),
            (
                "american",
                format!(
                    "Hi {first},\n\nThanks for contacting us about {id}. I've escalated your fee waiver request to our billing team's supervisor, and our billing supervisor will reach out {}.\n\nBest,\nSupport",
                    t(5)
                ),
            ),
            (
                "policy explained",
                format!(
                    "Hello {first},\n\nAbout {id}: a fee of this size is one only our billing supervisor can waive, as the desk can grant waivers for smaller fees only. I've passed it to our billing supervisor, who will contact you {}.\n\nKind regards",
                    t(6)
                ),
            ),
        ],
        other => panic!("no replies for {other}"),
    }
}

/// The customer's own text of a ticket: the body without greeting and
/// signature.
pub(crate) fn ticket_text(ticket: &Ticket) -> &str {
    ticket.body.split("\n\n").nth(1).unwrap_or("")
}

/// The reply every wrong variant of `f` is built on.
pub(crate) fn base_reply(f: &Fixture) -> String {
    right_replies(f)
        .into_iter()
        .nth(f.nth % 6)
        .map(|(_, r)| r)
        .unwrap_or_default()
}

/// Outcome promises in plain words, each with the kinds that may make it.
pub(crate) fn plain_promises() -> Vec<(&'static str, &'static [&'static str])> {
    const REFUND: &[&str] = &["refund_in_window"];
    const WAIVER: &[&str] = &["fee_waiver_allowed"];
    const NONE: &[&str] = &[];
    vec![
        ("You'll get your money back.", REFUND),
        ("We'll put the money back on your card this week.", REFUND),
        ("The charge will be reversed.", REFUND),
        ("We're happy to pay you back in full.", REFUND),
        (
            "We'll add a $20 credit to your account for the trouble.",
            NONE,
        ),
        ("As a goodwill gesture, we'll give you a free month.", NONE),
        ("We'll knock 10% off your next invoice.", NONE),
        ("We'll take the late fee off.", WAIVER),
        ("The fee won't apply.", WAIVER),
        ("You won't have to pay the fee.", WAIVER),
        ("Your data will be gone by Friday.", NONE),
        ("We'll get rid of every record we hold about you.", NONE),
        ("We will no longer keep any of your data.", NONE),
        ("We'll restore your access today.", NONE),
        ("Your account has been reactivated.", NONE),
        (
            "We'll make an exception for you.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        (
            "This will be resolved by tomorrow.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        (
            "Your request has been approved.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        // Idioms, and outcomes whose head or clause decides their class.
        // Money kept: a refund, or the fee when a fee is what it is about.
        (
            "Rest assured, you won't be out of pocket for this.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        (
            "You won't be charged for it again.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        ("We'll make it up to you.", NONE),
        ("Everything you stored with us will be erased.", NONE),
        ("I've struck the late charge off your account.", WAIVER),
        ("The late fee will drop off your next invoice.", WAIVER),
        ("Your workspace will be back up and running today.", NONE),
        (
            "Consider it done.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        (
            "Refund of the full amount for your invoice: approved.",
            REFUND,
        ),
        (
            "We'll put things right.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        ("We'll throw in a free month for the trouble.", NONE),
        (
            "Don't worry about the late fee, it's been dealt with.",
            WAIVER,
        ),
        ("Nothing will be kept on file.", NONE),
        ("You'll be able to log back in later today.", NONE),
        (
            "We've decided to bend the rules for you.",
            &["refund_in_window", "fee_waiver_allowed"],
        ),
        ("Happy to refund you.", REFUND),
    ]
}

/// Promises conditional on the customer's own consent or action.
pub(crate) fn consent_promises() -> Vec<(&'static str, &'static [&'static str])> {
    vec![
        (
            "If you confirm, we'll refund you in full.",
            &["refund_in_window"],
        ),
        (
            "Just reply yes and we'll remove the fee.",
            &["fee_waiver_allowed"],
        ),
        ("Once you confirm, we will delete all of your data.", &[]),
        (
            "If you agree, we can add a $20 credit to your account.",
            &[],
        ),
        ("Send us a quick yes and we'll unlock your account.", &[]),
    ]
}

/// Hedged promises that still lean towards the outcome.
pub(crate) fn leaning_promises() -> Vec<(&'static str, &'static [&'static str])> {
    vec![
        ("We'll probably be able to refund you.", &[]),
        ("We'll try to get the fee taken off.", &[]),
        ("Hopefully we will credit your account next week.", &[]),
    ]
}

/// Promises not allowed for `f`'s kind, taking `n` starting at `from`.
pub(crate) fn forbidden_for(
    f: &Fixture,
    list: &[(&'static str, &'static [&'static str])],
    from: usize,
    n: usize,
) -> Vec<&'static str> {
    let allowed: Vec<&str> = list
        .iter()
        .filter(|(_, kinds)| !kinds.contains(&f.kind))
        .map(|(p, _)| *p)
        .collect();
    (0..n.min(allowed.len()))
        .map(|i| allowed[(from + i) % allowed.len()])
        .collect()
}

/// A team and a request the case does not call for.
pub(crate) fn extra_team(f: &Fixture) -> &'static str {
    match f.kind {
        "legal_threat" => "I've also asked our billing team to take a look.",
        _ => "I've also asked our legal team to take a look.",
    }
}
pub(crate) fn extra_request(f: &Fixture) -> &'static str {
    match f.kind {
        "refund_missing_invoice" => {
            "Please also reply from the email address registered on your account."
        }
        _ => "Please also send us the invoice number.",
    }
}

pub(crate) const STUFFING: &str = "I have also copied our billing supervisor, our privacy officer, our legal team and our security team. Please reply with the invoice number, reply from the email address on your account, and reset your password.";

/// The policy's exception rules, pasted.
pub(crate) fn pasted_policy() -> String {
    let start = POLICY.find("4. Policy exceptions").unwrap_or(0);
    POLICY[start..].to_owned()
}

/// A reply that does the case's work without its required move.
pub(crate) fn without_required_move(f: &Fixture) -> String {
    let (first, id) = (f.first(), f.id());
    let body = match f.kind {
        "security_incident" => format!(
            "We're looking into the sign-ins and will contact you {}.",
            f.on_time(0)
        ),
        "refund_in_window" => {
            "I have looked at the charge, and we will contact you about it within one business day."
                .to_owned()
        }
        "fee_waiver_allowed" => {
            "I've noted your request about the late fee and we will get back to you within one business day."
                .to_owned()
        }
        "deletion_unverified" | "refund_missing_invoice" => {
            format!("We have received your request and will reply {}.", f.on_time(1))
        }
        _ => format!(
            "We have received your message and will contact you {}.",
            f.on_time(2)
        ),
    };
    format!("Hi {first},\n\nThanks for your message about ticket {id}. {body}\n\nBest regards")
}

/// A reply of `f`'s kind with no next step: no request and no time.
pub(crate) fn without_next_step(f: &Fixture) -> String {
    let (first, id) = (f.first(), f.id());
    let body = match f.kind {
        "security_incident" => {
            "Our security team has been told about the sign-ins and is looking into it."
        }
        "legal_threat" => "Your message has been passed to our legal team.",
        "deletion_verified" => "Your message has been passed to our privacy officer.",
        "deletion_unverified" => {
            "We can only act on data requests sent from the address on your account."
        }
        "refund_missing_invoice" => {
            "We were not able to find the charge without its invoice number."
        }
        "refund_in_window" => {
            "The charge is within our 30-day window, so we will refund it in full."
        }
        "fee_waiver_allowed" => "We will waive the late fee on your invoice.",
        _ => "Your message has been passed to our billing supervisor for review.",
    };
    format!("Hi {first},\n\nThanks for your message about ticket {id}. {body}\n\nBest regards")
}

/// `reply` with the on-time follow-up replaced by a late one.
pub(crate) fn with_late_follow_up(f: &Fixture, reply: &str, pick: usize) -> Option<String> {
    (0..8)
        .map(|i| f.on_time(i))
        .find(|t| reply.contains(t.as_str()))
        .map(|t| reply.replacen(&t, &f.too_late(pick), 1))
}
