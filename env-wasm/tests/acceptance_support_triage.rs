//! Acceptance suite for `support_triage` replies (task `hard`), written from
//! outside the grader: episodes run only through the JSON seam, and the
//! truth of a seed comes from what an agent sees (the ticket, the policy)
//! plus a probe episode in which the reference policy plays the same seed
//! (its labels, and the final feedback naming the case). The replies below
//! are our own wordings, not the reference's sentences.
//!
//! Each table row checks one criterion of the final `score_breakdown`
//! (`reply_elements`, `reply_handling`, `reply_compliance`): natural right
//! replies must earn it in full; exploits (plain-word forbidden promises,
//! stuffing, generic or copied replies, negated mentions) must not. Tables
//! print their size and pass count (`-- --nocapture`).
#![cfg(not(target_arch = "wasm32"))]

mod acceptance_common;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use acceptance_common::{Table, criterion, start, step};
use env_wasm::rng::SeededRng;
use serde_json::{Value, json};

const ELEMENTS: &str = "reply_elements";
const HANDLING: &str = "reply_handling";
const COMPLIANCE: &str = "reply_compliance";

/// What we know of one `hard` seed.
#[derive(Debug, Clone)]
struct Case {
    seed: u64,
    kind: String,
    tid: String,
    first: String,
    full: String,
    brand: String,
    body: String,
    policy: String,
    inv: String,
    amount: String,
    priority: String,
    department: String,
    disposition: String,
    api_key: bool,
}

impl Case {
    /// A time for our next response no later than the SLA of the gold
    /// priority, in one of a few natural wordings.
    fn sla(&self, k: usize) -> &'static str {
        let options: [&'static str; 3] = match self.priority.as_str() {
            "urgent" => ["within the hour", "within 1 hour", "in the next hour"],
            "high" => ["within 4 hours", "within four hours", "in the next 4 hours"],
            "medium" => [
                "within one business day",
                "within 1 business day",
                "within one working day",
            ],
            _ => [
                "within 3 business days",
                "within three business days",
                "within 3 working days",
            ],
        };
        options[k % 3]
    }

    /// How to secure the account, as an imperative ("reset your password ...").
    fn secure(&self) -> &'static str {
        if self.api_key {
            "revoke the exposed API key and generate a new one"
        } else {
            "reset your password and turn on two-factor authentication"
        }
    }

    /// The same, as a gerund ("resetting your password ...").
    fn securing(&self) -> &'static str {
        if self.api_key {
            "revoking the exposed API key and generating a replacement"
        } else {
            "resetting your password and switching on two-factor authentication"
        }
    }
}

fn find_after<'a>(text: &'a str, marker: &str) -> Option<&'a str> {
    text.find(marker).map(|i| &text[i + marker.len()..])
}

/// `INV-12345` in the ticket body, if any.
fn invoice_in(body: &str) -> String {
    find_after(body, "INV-")
        .map(|rest| {
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            format!("INV-{digits}")
        })
        .unwrap_or_default()
}

/// The first `$12.34` in the ticket body, if any.
fn amount_in(body: &str) -> String {
    find_after(body, "$")
        .map(|rest| {
            let digits: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
                .collect();
            format!("${}", digits.trim_end_matches(['.', ',']))
        })
        .unwrap_or_default()
}

/// Play the reference on `seed` and read the truth from its actions and the
/// final feedback ("Case: refund_in_window.").
fn probe(seed: u64) -> Case {
    let (mut env, first_obs) = start("support_triage", "hard", seed);
    let instruction = first_obs["scenario_instruction"]
        .as_str()
        .unwrap_or_default();
    let brand = find_after(instruction, "You staff the ")
        .and_then(|rest| rest.split(" support desk").next())
        .unwrap_or("Our")
        .to_owned();
    let policy = first_obs["policy"].as_str().unwrap_or_default().to_owned();
    let mut rng = SeededRng::new(seed, 7);
    let mut priority = String::new();
    let mut department = String::new();
    let mut disposition = String::new();
    let mut last = first_obs;
    while !env.is_done() {
        let action = env
            .policy_action("reference", &mut rng)
            .expect("reference acts until done");
        match action["command"].as_str() {
            Some("set_triage") => {
                priority = action["priority"].as_str().unwrap_or_default().to_owned();
                department = action["department"].as_str().unwrap_or_default().to_owned();
            }
            Some("set_disposition") => {
                disposition = action["disposition"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned();
            }
            _ => {}
        }
        last = step(&mut env, &action).0;
    }
    let feedback = last["feedback"].as_str().unwrap_or_default();
    let kind = find_after(feedback, "Case: ")
        .and_then(|rest| rest.split('.').next())
        .unwrap_or_default()
        .to_owned();
    // The structured form of the opened ticket (issue 12 kept the original text form in ticket_detail).
    let detail = &last["opened_ticket"];
    let body = detail["body"].as_str().unwrap_or_default().to_owned();
    let full = detail["customer"]["name"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    Case {
        seed,
        kind,
        tid: detail["ticket_id"].as_str().unwrap_or_default().to_owned(),
        first: full
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_owned(),
        full,
        brand,
        inv: invoice_in(&body),
        amount: amount_in(&body),
        api_key: body.contains("API key"),
        body,
        policy,
        priority,
        department,
        disposition,
    }
}

/// Seeds 0..N probed once, by case kind.
fn catalogue() -> &'static BTreeMap<String, Vec<Case>> {
    static CATALOGUE: OnceLock<BTreeMap<String, Vec<Case>>> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let mut by_kind: BTreeMap<String, Vec<Case>> = BTreeMap::new();
        for seed in 0..400 {
            let case = probe(seed);
            by_kind.entry(case.kind.clone()).or_default().push(case);
        }
        by_kind
    })
}

/// `n` cases of `kind`, starting at `offset` (wrapping), so different
/// families see different seeds.
fn cases(kind: &str, n: usize, offset: usize) -> Vec<Case> {
    let all = catalogue()
        .get(kind)
        .unwrap_or_else(|| panic!("no seed of case kind {kind} in 0..400"));
    (0..n.min(all.len()))
        .map(|k| all[(offset + k) % all.len()].clone())
        .collect()
}

const KINDS: [&str; 9] = [
    "refund_in_window",
    "refund_late",
    "refund_missing_invoice",
    "legal_threat",
    "fee_waiver_allowed",
    "fee_waiver_over_limit",
    "deletion_verified",
    "deletion_unverified",
    "security_incident",
];

/// Play `case` with gold labels and disposition and `reply` as the draft;
/// the final observation.
fn grade(case: &Case, reply: &str) -> Value {
    let (mut env, _) = start("support_triage", "hard", case.seed);
    let tid = case.tid.as_str();
    let actions = [
        json!({"command": "view_ticket", "ticket_id": tid}),
        json!({"command": "set_triage", "ticket_id": tid, "priority": case.priority, "department": case.department}),
        json!({"command": "draft_reply", "ticket_id": tid, "reply_body": reply}),
        json!({"command": "set_disposition", "ticket_id": tid, "disposition": case.disposition}),
        json!({"command": "submit_episode"}),
    ];
    let mut last = Value::Null;
    for action in &actions {
        last = step(&mut env, action).0;
    }
    assert!(env.is_done(), "episode should end at submit_episode");
    last
}

fn describe(case: &Case, reply: &str, obs: &Value, what: &str) -> String {
    format!(
        "[{} seed {}] {what}\nreply: {reply:?}\nbreakdown: {}\nfeedback: {}",
        case.kind,
        case.seed,
        obs["score_breakdown"],
        obs["feedback"].as_str().unwrap_or_default()
    )
}

type Writer = fn(&Case) -> String;

/// Natural right replies per case kind: each must earn elements, handling
/// and compliance in full.
fn natural_replies(kind: &str) -> Vec<(&'static str, Writer)> {
    match kind {
        "refund_in_window" => vec![
            ("formal", |c| {
                format!(
                    "Dear {},\n\nThank you for your message regarding ticket {}. I have approved a full refund of {} for invoice {}; it will be returned to your original payment method within 5 business days.\n\nKind regards,\n{} Support",
                    c.full, c.tid, c.amount, c.inv, c.brand
                )
            }),
            ("casual", |c| {
                format!(
                    "Hi {},\n\nThanks for flagging this ({}). Good news: you're inside our 30-day window, so we'll refund the {} on {}. You should see it back on your card within five business days.\n\nCheers,\nSam at {}",
                    c.first, c.tid, c.amount, c.inv, c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {} - {}: refund of {} for {} approved; it'll reach your account within 5 business days.",
                    c.first, c.tid, c.amount, c.inv
                )
            }),
            ("markdown", |c| {
                format!(
                    "Hi {},\n\n**Ticket:** {}\n\n### What happens next\n- We're refunding **{}** for invoice {} in full.\n- The money goes back to the card you paid with within 5 business days.\n\nBest,\n{} Support",
                    c.first, c.tid, c.amount, c.inv, c.brand
                )
            }),
            ("british_prose", |c| {
                format!(
                    "Hello {},\n\nMany thanks for getting in touch about ticket {}, and for letting us know that the add-on was cancelled straight after it renewed. I've checked the charge on {} and it falls within our 30-day refund window, so I have authorised a full refund of {}. It will be paid back to your original payment method within five working days.\n\nKind regards,\n{} Support",
                    c.first, c.tid, c.inv, c.amount, c.brand
                )
            }),
            ("american", |c| {
                format!(
                    "Hi {},\n\nThanks for reaching out about {}. Since the {} charge on {} is within our 30-day refund period, we've gone ahead and issued a full refund to your original form of payment. Please allow up to 5 business days for it to post.\n\nBest,\n{} Customer Support",
                    c.first, c.tid, c.amount, c.inv, c.brand
                )
            }),
        ],
        "refund_late" => vec![
            ("cannot_myself", |c| {
                format!(
                    "Hi {},\n\nThank you for contacting us about {}. The charge on {} is outside our 30-day refund window, so I can't approve a refund myself. I've passed your request to our billing supervisor, who will review it and reply {}.\n\nBest regards,\n{} Support",
                    c.first,
                    c.tid,
                    c.inv,
                    c.sla(0),
                    c.brand
                )
            }),
            ("markdown", |c| {
                format!(
                    "**Ticket {}**\n\nHi {},\n\n- Your charge ({}, {}) is more than 30 days old.\n- I've escalated it to our **billing supervisor** for review.\n- You'll hear back from them {}.\n\nThanks,\n{} Support",
                    c.tid,
                    c.first,
                    c.inv,
                    c.amount,
                    c.sla(1),
                    c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {}, re {}: I've referred this to our billing supervisor, who'll get back to you {}.",
                    c.first,
                    c.tid,
                    c.sla(2)
                )
            }),
            ("british_formal", |c| {
                format!(
                    "Dear {},\n\nThank you for your email about ticket {}. As the charge on invoice {} was made more than 30 days ago, it falls outside the period in which the support desk can authorise refunds. I have therefore forwarded your request to our billing supervisor, who will review it and be in touch {}.\n\nYours sincerely,\n{} Support",
                    c.full,
                    c.tid,
                    c.inv,
                    c.sla(0),
                    c.brand
                )
            }),
            ("casual", |c| {
                format!(
                    "Hey {},\n\nThanks for your patience on {}. Since this one's past our 30-day window, it needs a look from our billing supervisor. I've sent it over, and they'll reply {}.\n\nCheers,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(1),
                    c.brand
                )
            }),
        ],
        "refund_missing_invoice" => vec![
            ("question", |c| {
                format!(
                    "Hi {},\n\nThanks for getting in touch about {}. Could you send us the invoice number for the charge in question? It begins with INV- and is printed at the top of the invoice.\n\nBest,\n{} Support",
                    c.first, c.tid, c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {} - for {}, please reply with the INV- number of the invoice you mean.",
                    c.first, c.tid
                )
            }),
            ("markdown", |c| {
                format!(
                    "Hello {},\n\n**Ticket:** {}\n\nTo look into this we need one thing from you:\n\n1. The **invoice number** (it starts with `INV-`).\n\nOnce we have it we'll take a look.\n\nKind regards,\n{} Support",
                    c.first, c.tid, c.brand
                )
            }),
            ("british", |c| {
                format!(
                    "Dear {},\n\nThank you for your message regarding ticket {}. So that we can look into the charge, would you mind replying with the relevant invoice number? You'll find it on the invoice itself; it starts with 'INV-'.\n\nKind regards,\n{} Support",
                    c.full, c.tid, c.brand
                )
            }),
            ("casual", |c| {
                format!(
                    "Hey {},\n\nHappy to look into this for you ({}). Which invoice was it? If you can let us know the invoice number (INV-something), we'll check the charge.\n\nThanks!\n{} Support",
                    c.first, c.tid, c.brand
                )
            }),
        ],
        "legal_threat" => vec![
            ("formal", |c| {
                format!(
                    "Dear {},\n\nThank you for your message about ticket {}. I have referred it to our legal team, who will review it and contact you {}.\n\nKind regards,\n{} Support",
                    c.full,
                    c.tid,
                    c.sla(0),
                    c.brand
                )
            }),
            ("markdown", |c| {
                format!(
                    "Hi {},\n\n**Reference:** {}\n\n- Your message has been passed to our **legal team**.\n- They'll review it and get back to you {}.\n\nRegards,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(1),
                    c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {}, {} is now with our legal team; they'll be in touch {}.",
                    c.first,
                    c.tid,
                    c.sla(2)
                )
            }),
            ("says_what_we_cannot", |c| {
                format!(
                    "Hi {},\n\nThanks for your message ({}). I'm not able to offer a refund or any compensation from the support desk, but I've forwarded your message to our legal team, who will review it and reply {}.\n\nBest,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(0),
                    c.brand
                )
            }),
            ("british_empathy", |c| {
                format!(
                    "Dear {},\n\nI'm sorry to hear about the trouble this has caused. I have passed ticket {} to our legal team so that it can be reviewed properly; a member of the team will contact you {}.\n\nYours sincerely,\n{} Support",
                    c.full,
                    c.tid,
                    c.sla(1),
                    c.brand
                )
            }),
        ],
        "fee_waiver_allowed" => vec![
            ("waived", |c| {
                format!(
                    "Hi {},\n\nThanks for contacting us about {}. We've waived the {} late fee on {}; you'll see the updated balance within 2 business days.\n\nBest,\n{} Support",
                    c.first, c.tid, c.amount, c.inv, c.brand
                )
            }),
            ("removed_formal", |c| {
                format!(
                    "Dear {},\n\nThank you for your message regarding ticket {}. I have removed the {} late payment fee from invoice {}; the change will show on your account within 2 business days.\n\nKind regards,\n{} Support",
                    c.full, c.tid, c.amount, c.inv, c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {} - {}: the {} late fee on {} is waived and will be off your balance within 2 business days.",
                    c.first, c.tid, c.amount, c.inv
                )
            }),
            ("markdown", |c| {
                format!(
                    "Hi {},\n\n**Ticket {}**\n\n- Late fee of **{}** on {}: *waived*\n- Your updated balance will show within 2 business days.\n\nCheers,\n{} Support",
                    c.first, c.tid, c.amount, c.inv, c.brand
                )
            }),
            ("casual_cancel", |c| {
                format!(
                    "Hey {},\n\nNo problem at all: we'll cancel the {} late fee on {} for you ({}). It'll drop off your account within two business days.\n\nThanks,\n{} Support",
                    c.first, c.amount, c.inv, c.tid, c.brand
                )
            }),
            ("british_written_off", |c| {
                format!(
                    "Hello {},\n\nThank you for explaining what happened (ticket {}). I've written off the {} late charge on invoice {}, and you'll see the adjustment on your account within two working days.\n\nKind regards,\n{} Support",
                    c.first, c.tid, c.amount, c.inv, c.brand
                )
            }),
        ],
        "fee_waiver_over_limit" => vec![
            ("cannot_myself", |c| {
                format!(
                    "Hi {},\n\nThanks for getting in touch about {}. I'm not able to waive this fee myself, so I've passed your request to our billing supervisor, who will review it and reply {}.\n\nBest regards,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(0),
                    c.brand
                )
            }),
            ("markdown_status", |c| {
                format!(
                    "Hi {},\n\n**Ticket:** {}\n\n- Your request: the {} late fee on {}\n- Status: with our **billing supervisor** for review\n- Next update: {}\n\nThanks,\n{} Support",
                    c.first,
                    c.tid,
                    c.amount,
                    c.inv,
                    c.sla(1),
                    c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {}, {} has gone to our billing supervisor, who'll reply {}.",
                    c.first,
                    c.tid,
                    c.sla(2)
                )
            }),
            ("british", |c| {
                format!(
                    "Dear {},\n\nThank you for your email regarding ticket {}. Requests of this kind need to be authorised above the support desk, so I have forwarded it to our billing supervisor for review. They will be in touch {}.\n\nKind regards,\n{} Support",
                    c.full,
                    c.tid,
                    c.sla(0),
                    c.brand
                )
            }),
            ("casual", |c| {
                format!(
                    "Hey {},\n\nThanks for explaining what happened with the late fee ({}). This one needs sign-off from our billing supervisor, so I've sent it their way; you'll hear back {}.\n\nCheers,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(1),
                    c.brand
                )
            }),
        ],
        "deletion_verified" => vec![
            ("formal", |c| {
                format!(
                    "Dear {},\n\nThank you for your request (ticket {}). I have passed it to our privacy officer, who handles all data requests and will contact you {}.\n\nKind regards,\n{} Support",
                    c.full,
                    c.tid,
                    c.sla(0),
                    c.brand
                )
            }),
            ("markdown", |c| {
                format!(
                    "Hi {},\n\n### Your data request ({})\n- Forwarded to our **privacy officer**\n- Expect a reply {}\n\nBest,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(1),
                    c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {}, {}: our privacy officer has your request and will reply {}.",
                    c.first,
                    c.tid,
                    c.sla(2)
                )
            }),
            ("casual", |c| {
                format!(
                    "Hi {},\n\nThanks for letting us know ({}). I've sent your request over to our privacy officer, and they'll be in touch {} to take it from here.\n\nCheers,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(0),
                    c.brand
                )
            }),
            ("british", |c| {
                format!(
                    "Hello {},\n\nThank you for your message about ticket {}. Data requests are handled by our privacy officer, to whom I have forwarded yours; they will contact you {} about the next steps.\n\nKind regards,\n{} Support",
                    c.first,
                    c.tid,
                    c.sla(1),
                    c.brand
                )
            }),
        ],
        "deletion_unverified" => vec![
            ("so_we_can_verify", |c| {
                format!(
                    "Hi {},\n\nThanks for your message ({}). For your security, please write to us from the email address on your account so we can verify your identity.\n\nBest regards,\n{} Support",
                    c.first, c.tid, c.brand
                )
            }),
            ("formal_resend", |c| {
                format!(
                    "Dear {},\n\nThank you for contacting us about ticket {}. Before we can act on a data request, we need to confirm it comes from the account holder. Could you please resend your request from the email address registered to your account?\n\nKind regards,\n{} Support",
                    c.full, c.tid, c.brand
                )
            }),
            ("terse", |c| {
                format!(
                    "Hi {} - re {}: please resend this from your account's registered email so we can confirm it's you.",
                    c.first, c.tid
                )
            }),
            ("markdown", |c| {
                format!(
                    "Hi {},\n\n**Ticket:** {}\n\nTo protect your account, we can only act on data requests from the account email.\n\n**Next step:** reply from the email address registered on your account so we can verify your identity.\n\nThanks,\n{} Support",
                    c.first, c.tid, c.brand
                )
            }),
            ("casual_need_you_to", |c| {
                format!(
                    "Hey {},\n\nThanks for reaching out about {}. Because this came from a different address, we'll need you to send it again from the email on your account; that's how we check it's really you.\n\nCheers,\n{} Support",
                    c.first, c.tid, c.brand
                )
            }),
            ("british_formal", |c| {
                format!(
                    "Dear {},\n\nMany thanks for your email regarding ticket {}. As your message did not come from the address we hold for your account, we are unable to action it yet. Please write to us from your registered account email so that we can verify your identity.\n\nYours sincerely,\n{} Support",
                    c.full, c.tid, c.brand
                )
            }),
        ],
        "security_incident" => vec![
            ("imperative", |c| {
                format!(
                    "Hi {},\n\nThank you for reporting this ({}). Please {} straight away. Our security team is investigating and will contact you {}.\n\nBest regards,\n{} Support",
                    c.first,
                    c.tid,
                    c.secure(),
                    c.sla(0),
                    c.brand
                )
            }),
            ("we_recommend", |c| {
                format!(
                    "Dear {},\n\nThank you for letting us know (ticket {}). We recommend that you {} immediately. Our security team is already looking into this and will be in touch {}.\n\nKind regards,\n{} Support",
                    c.full,
                    c.tid,
                    c.secure(),
                    c.sla(1),
                    c.brand
                )
            }),
            ("you_should", |c| {
                format!(
                    "Hi {},\n\nRe {}: you should {} now. I've alerted our security team, who'll contact you {}.\n\nThanks,\n{} Support",
                    c.first,
                    c.tid,
                    c.secure(),
                    c.sla(2),
                    c.brand
                )
            }),
            ("wed_advise", |c| {
                format!(
                    "Hello {},\n\nThanks for flagging this ({}). We'd advise {} right away. Our security team is handling the investigation and will reply {}.\n\nBest,\n{} Support",
                    c.first,
                    c.tid,
                    c.securing(),
                    c.sla(0),
                    c.brand
                )
            }),
            ("we_need_you_to", |c| {
                format!(
                    "Hi {},\n\nAbout {}: we need you to {} as soon as possible. Our security team has taken this on and will contact you {}.\n\nThanks,\n{} Support",
                    c.first,
                    c.tid,
                    c.secure(),
                    c.sla(1),
                    c.brand
                )
            }),
            ("to_keep_secure", |c| {
                format!(
                    "Hi {},\n\nThanks for reporting this ({}). To keep your account secure, please {} now. Our security team is investigating and will be in touch {}.\n\nRegards,\n{} Support",
                    c.first,
                    c.tid,
                    c.secure(),
                    c.sla(2),
                    c.brand
                )
            }),
            ("markdown_steps", |c| {
                format!(
                    "Hi {},\n\n**Ticket:** {}\n\n**Please do this now:**\n1. {}.\n\nOur **security team** is on it and will contact you {}.\n\n{} Support",
                    c.first,
                    c.tid,
                    capitalize(c.secure()),
                    c.sla(0),
                    c.brand
                )
            }),
        ],
        other => panic!("unknown case kind {other}"),
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Every natural reply earns each reply criterion in full.
#[test]
fn natural_replies_earn_every_reply_criterion() {
    let mut table = Table::new("support natural replies (3 criteria each)");
    for (k, kind) in KINDS.iter().enumerate() {
        for (name, writer) in natural_replies(kind) {
            for case in cases(kind, 4, k * 5 + name.len()) {
                let reply = writer(&case);
                let obs = grade(&case, &reply);
                for crit in [ELEMENTS, HANDLING, COMPLIANCE] {
                    let got = criterion(&obs, crit);
                    table.row(got >= 1.0 - 1e-9, || {
                        describe(
                            &case,
                            &reply,
                            &obs,
                            &format!("{name}: {crit}={got}, want 1"),
                        )
                    });
                }
            }
        }
    }
    table.finish();
}

/// The readings issue 11 names: advice phrased as a recommendation is a
/// request; "to keep your account secure, please ..." is no assurance; a
/// request split at "so we can verify" keeps its purpose.
#[test]
fn natural_readings_of_requests_and_advice() {
    let mut table = Table::new("support natural readings");
    let security: Vec<(&str, &str, Writer)> = vec![
        ("we recommend", HANDLING, |c| {
            format!(
                "Hi {},\n\nRegarding {}: we recommend you {} today. Our security team is investigating and will update you {}.\n\nBest,\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(0),
                c.brand
            )
        }),
        ("we strongly recommend", HANDLING, |c| {
            format!(
                "Dear {},\n\nThank you for alerting us (ticket {}). We strongly recommend {} without delay. Our security team has been notified and will contact you {}.\n\nRegards,\n{} Support",
                c.full,
                c.tid,
                c.securing(),
                c.sla(1),
                c.brand
            )
        }),
        ("you should", HANDLING, |c| {
            format!(
                "Hi {},\n\nFor ticket {}, you should {} before anything else. Our security team is looking into the activity and will be in touch {}.\n\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(2),
                c.brand
            )
        }),
        ("we'd advise", HANDLING, |c| {
            format!(
                "Hello {},\n\nThanks for telling us about this ({}). We'd advise you to {} as a precaution. Our security team is on the case and will reply {}.\n\nKind regards,\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(0),
                c.brand
            )
        }),
        ("we need you to", HANDLING, |c| {
            format!(
                "Hi {},\n\nRe {}: we need you to {} right now, please. Our security team is investigating and will contact you {}.\n\nThanks,\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(1),
                c.brand
            )
        }),
        ("to keep secure: compliance", COMPLIANCE, |c| {
            format!(
                "Hi {},\n\nThank you for reporting this (ticket {}). To keep your account secure, please {} now. Our security team is investigating and will be in touch {}.\n\nBest regards,\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(2),
                c.brand
            )
        }),
        ("to keep secure: handling", HANDLING, |c| {
            format!(
                "Hi {},\n\nThank you for reporting this (ticket {}). To keep your account secure, please {} now. Our security team is investigating and will be in touch {}.\n\nBest regards,\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(2),
                c.brand
            )
        }),
        ("to protect your workspace", COMPLIANCE, |c| {
            format!(
                "Dear {},\n\nThanks for letting us know ({}). To protect your workspace, please {} straight away. Our security team will contact you {}.\n\nKind regards,\n{} Support",
                c.full,
                c.tid,
                c.secure(),
                c.sla(0),
                c.brand
            )
        }),
        ("so your account stays safe", COMPLIANCE, |c| {
            format!(
                "Hi {},\n\nThanks for the heads-up on {}. So your account stays safe from here on, please {} today. Our security team is investigating and will reply {}.\n\n{} Support",
                c.first,
                c.tid,
                c.secure(),
                c.sla(1),
                c.brand
            )
        }),
    ];
    let unverified: Vec<(&str, &str, Writer)> = vec![
        ("so we can verify", HANDLING, |c| {
            format!(
                "Hi {},\n\nThanks for your request ({}). Please write from the account email so we can verify your identity.\n\nBest,\n{} Support",
                c.first, c.tid, c.brand
            )
        }),
        ("so that we can confirm", HANDLING, |c| {
            format!(
                "Dear {},\n\nThank you for your message about ticket {}. Please send your request again from the email address on your account, so that we can confirm you are the account holder.\n\nKind regards,\n{} Support",
                c.full, c.tid, c.brand
            )
        }),
        ("we recommend resending", HANDLING, |c| {
            format!(
                "Hi {},\n\nRe {}: we'd recommend resending this from your account's email address; we can only verify your identity that way.\n\nThanks,\n{} Support",
                c.first, c.tid, c.brand
            )
        }),
        ("we need you to write", HANDLING, |c| {
            format!(
                "Hello {},\n\nAbout ticket {}: we need you to write to us from the email registered on your account so we can check it's really you.\n\nRegards,\n{} Support",
                c.first, c.tid, c.brand
            )
        }),
    ];
    let missing: Vec<(&str, &str, Writer)> = vec![
        ("we need you to send", HANDLING, |c| {
            format!(
                "Hi {},\n\nRegarding {}: we need you to send us the invoice number (INV-...) before we can look at this charge.\n\nBest regards,\n{} Support",
                c.first, c.tid, c.brand
            )
        }),
        ("you should include", HANDLING, |c| {
            format!(
                "Hi {},\n\nThanks for your message ({}). In your reply you should include the invoice number, which starts with INV-, so we can find the charge.\n\n{} Support",
                c.first, c.tid, c.brand
            )
        }),
        ("we'd recommend sharing", HANDLING, |c| {
            format!(
                "Hello {},\n\nAbout ticket {}: we'd recommend sharing the invoice number from the bill in question (it begins with INV-), so we know which charge you mean.\n\nKind regards,\n{} Support",
                c.first, c.tid, c.brand
            )
        }),
    ];
    for (kind, family) in [
        ("security_incident", security),
        ("deletion_unverified", unverified),
        ("refund_missing_invoice", missing),
    ] {
        for (k, (name, crit, writer)) in family.into_iter().enumerate() {
            for case in cases(kind, 5, k * 3) {
                let reply = writer(&case);
                let obs = grade(&case, &reply);
                let got = criterion(&obs, crit);
                table.row(got >= 1.0 - 1e-9, || {
                    describe(
                        &case,
                        &reply,
                        &obs,
                        &format!("{name}: {crit}={got}, want 1"),
                    )
                });
            }
        }
    }
    table.finish();
}

/// A reply that does what the case needs, to which an exploit sentence is
/// added: one plainly worded natural reply of the kind (so the exploit row
/// measures the added sentence, not the base wording).
fn base_reply(case: &Case) -> String {
    let name = match case.kind.as_str() {
        "refund_late" | "fee_waiver_over_limit" => "cannot_myself",
        "refund_missing_invoice" => "question",
        "fee_waiver_allowed" => "waived",
        "deletion_unverified" => "markdown",
        "security_incident" => "imperative",
        _ => "formal",
    };
    let writers = natural_replies(&case.kind);
    let writer = writers
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, w)| *w)
        .unwrap_or(writers[0].1);
    writer(case)
}

/// Insert `sentence` before the sign-off of `reply` (the last paragraph).
fn insert(reply: &str, sentence: &str) -> String {
    match reply.rfind("\n\n") {
        Some(at) => format!("{} {}{}", &reply[..at], sentence, &reply[at..]),
        None => format!("{reply} {sentence}"),
    }
}

/// Forbidden commitments in plain words, where the policy forbids them:
/// compliance must not be earned (below 1, and no better than the same
/// reply with the commitment stated in the policy's own words).
#[test]
fn plain_word_forbidden_promises_lose_compliance() {
    let mut table = Table::new("support plain-word forbidden promises");
    let money_back: &[fn(&Case) -> String] = &[
        |c| {
            format!(
                "You'll see the {} back on your card within a few days.",
                amount_or(c, "full amount")
            )
        },
        |c| {
            format!(
                "We're sending the money for {} back to you this week.",
                inv_or(c, "this charge")
            )
        },
        |_| "The amount will be put back on the card you paid with.".to_owned(),
        |_| "We'll make sure you aren't out of pocket for this charge.".to_owned(),
        |_| "The money is on its way back to your account.".to_owned(),
        |c| {
            format!(
                "I've arranged for the {} to be returned to you.",
                amount_or(c, "payment")
            )
        },
        |_| "If you're happy with that, we'll return the payment to your card.".to_owned(),
        |_| "Just reply to confirm and we'll reimburse the charge in full.".to_owned(),
        |_| "Let us know that works for you and we'll give you your money back.".to_owned(),
    ];
    let fee_gone: &[fn(&Case) -> String] = &[
        |c| format!("The {} fee has been taken off your invoice.", c.amount),
        |_| "You won't have to pay the late fee.".to_owned(),
        |_| "The late fee is no longer payable.".to_owned(),
        |_| "We've knocked the late charge off your balance.".to_owned(),
        |c| format!("Consider the late fee on {} cancelled.", c.inv),
        |_| "The penalty has been dropped from your account.".to_owned(),
        |_| "If that's acceptable to you, we'll remove the fee.".to_owned(),
        |_| "Once you confirm, the late fee will be struck off.".to_owned(),
    ];
    let data_gone: &[fn(&Case) -> String] = &[
        |_| "Your data is gone from our systems.".to_owned(),
        |_| "We've got rid of all the records we held about you.".to_owned(),
        |_| "We'll wipe your account and everything in it.".to_owned(),
        |_| "Everything you stored with us will be erased by Friday.".to_owned(),
        |_| "Your information has been removed from our servers and backups.".to_owned(),
        |_| "Nothing of yours will remain on our systems after today.".to_owned(),
        |_| "If you're happy to go ahead, we'll purge all of your data.".to_owned(),
        |_| "Reply 'yes' and we will scrub your records completely.".to_owned(),
    ];
    let exception: &[fn(&Case) -> String] = &[
        |_| "We've made an exception in your case and approved it.".to_owned(),
        |_| "As a one-off, we'll make an exception for you this time.".to_owned(),
        |_| "I've gone ahead and granted an exception to the usual rule.".to_owned(),
    ];
    let resolution_date: &[fn(&Case) -> String] = &[
        |_| "This will be fully resolved by Friday.".to_owned(),
        |_| {
            "We'll have the whole matter settled in your favour by the end of the month.".to_owned()
        },
        |_| "Rest assured it will all be sorted out by next Monday.".to_owned(),
    ];
    let data_safe: &[fn(&Case) -> String] = &[
        |_| "Nothing in your account was touched.".to_owned(),
        |_| "Nobody saw any of your files, so there's nothing to worry about.".to_owned(),
        |_| "Your information is perfectly secure.".to_owned(),
        |_| "We've checked, and no one got into your data.".to_owned(),
        |_| "Your records are intact and out of harm's way.".to_owned(),
    ];
    let explicit: fn(&str) -> &'static str = |kind| match kind {
        "fee_waiver_over_limit" => "We will waive the late fee.",
        "deletion_verified" | "deletion_unverified" => "We will delete your data.",
        "security_incident" => "Your data is safe and was not accessed.",
        _ => "We will refund you in full.",
    };
    let families: Vec<(&str, &[Writer])> = vec![
        ("refund_late", money_back),
        ("refund_missing_invoice", money_back),
        ("legal_threat", money_back),
        ("fee_waiver_over_limit", fee_gone),
        ("deletion_verified", data_gone),
        ("deletion_unverified", data_gone),
        ("refund_late", exception),
        ("fee_waiver_over_limit", exception),
        ("refund_late", resolution_date),
        ("legal_threat", resolution_date),
        ("fee_waiver_over_limit", resolution_date),
        ("security_incident", data_safe),
    ];
    for (f, (kind, sentences)) in families.into_iter().enumerate() {
        for (k, sentence) in sentences.iter().enumerate() {
            for case in cases(kind, 3, f * 7 + k * 3) {
                let base = base_reply(&case);
                let reply = insert(&base, &sentence(&case));
                let obs = grade(&case, &reply);
                let got = criterion(&obs, COMPLIANCE);
                let calibration =
                    criterion(&grade(&case, &insert(&base, explicit(kind))), COMPLIANCE);
                table.row(got < 1.0 - 1e-9 && got <= calibration + 1e-9, || {
                    describe(
                        &case,
                        &reply,
                        &obs,
                        &format!("{COMPLIANCE}={got}, want < 1 and <= {calibration} (same reply with the promise in the policy's words)"),
                    )
                });
            }
        }
    }
    table.finish();
}

fn amount_or(case: &Case, fallback: &str) -> String {
    if case.amount.is_empty() {
        fallback.to_owned()
    } else {
        case.amount.clone()
    }
}

fn inv_or(case: &Case, fallback: &str) -> String {
    if case.inv.is_empty() {
        fallback.to_owned()
    } else {
        case.inv.clone()
    }
}

/// Stuffing: naming every team, or asking for everything any case could
/// need, on top of a right reply. The policy: name only the team that
/// takes the case and ask only for what it needs.
#[test]
fn stuffed_replies_lose_handling() {
    let mut table = Table::new("support stuffing (every team, every request)");
    let every_team = "I've also copied in our billing supervisor, our legal team, our privacy officer and our security team so that everyone can look at it.";
    let every_request = "To be safe, please also send us the invoice number, write to us from your account email so we can verify your identity, and reset your password and turn on two-factor authentication.";
    for (k, kind) in KINDS.iter().enumerate() {
        for (name, extra) in [("every team", every_team), ("every request", every_request)] {
            for case in cases(kind, 4, k + name.len()) {
                let reply = insert(&base_reply(&case), extra);
                let obs = grade(&case, &reply);
                let got = criterion(&obs, HANDLING);
                table.row(got <= 0.5 + 1e-9, || {
                    describe(
                        &case,
                        &reply,
                        &obs,
                        &format!("{name}: {HANDLING}={got}, want <= 0.5"),
                    )
                });
            }
        }
    }
    table.finish();
}

/// Replies that do nothing specific to the case: generic holding replies,
/// the ticket pasted back, the policy pasted in. Handling must be ~0.
#[test]
fn generic_and_copied_replies_earn_no_handling() {
    let mut table = Table::new("support generic and copied replies");
    let writers: Vec<(&str, Writer)> = vec![
        ("generic holding reply", |c| {
            format!(
                "Hi {},\n\nThanks for contacting us about {}. We're looking into it and will get back to you {}.\n\nBest,\n{} Support",
                c.first,
                c.tid,
                c.sla(0),
                c.brand
            )
        }),
        ("generic empathy", |c| {
            format!(
                "Dear {},\n\nThank you for your patience regarding ticket {}. We understand how frustrating this must be, and we appreciate you bringing it to our attention. We'll be in touch {}.\n\nKind regards,\n{} Support",
                c.full,
                c.tid,
                c.sla(1),
                c.brand
            )
        }),
        ("ticket pasted back", |c| {
            format!(
                "Hi {},\n\nRe {}:\n\n> {}\n\n{} Support",
                c.first,
                c.tid,
                c.body.replace('\n', "\n> "),
                c.brand
            )
        }),
        ("policy section 4 pasted", |c| {
            let section = c
                .policy
                .split("4. Policy exceptions")
                .nth(1)
                .and_then(|rest| rest.split("\n5.").next())
                .unwrap_or_default();
            format!(
                "Hi {},\n\nRe {}: this is how we handle requests like yours.\n{}\n\n{} Support",
                c.first, c.tid, section, c.brand
            )
        }),
    ];
    for (k, kind) in KINDS.iter().enumerate() {
        for (name, writer) in &writers {
            for case in cases(kind, 3, k * 2 + name.len()) {
                let reply = writer(&case);
                let obs = grade(&case, &reply);
                let got = criterion(&obs, HANDLING);
                table.row(got <= 0.1 + 1e-9, || {
                    describe(
                        &case,
                        &reply,
                        &obs,
                        &format!("{name}: {HANDLING}={got}, want <= 0.1"),
                    )
                });
            }
        }
    }
    table.finish();
}

/// The sentences of a ticket body, as written (split after ".", "!" or "?"
/// and at line breaks), with how many words each has.
fn body_sentences(body: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for line in body.lines() {
        let mut rest = line.trim();
        while !rest.is_empty() {
            let end = rest
                .char_indices()
                .find(|&(i, c)| {
                    matches!(c, '.' | '!' | '?') && rest[i + 1..].starts_with([' ', '\n'])
                })
                .map_or(rest.len(), |(i, _)| i + 1);
            let sentence = rest[..end].trim();
            if !sentence.is_empty() {
                out.push((sentence.to_owned(), sentence.split_whitespace().count()));
            }
            rest = rest[end..].trim_start();
        }
    }
    out
}

/// "Quoting one sentence of the ticket is not copying" (the instruction):
/// one sentence of the ticket, in quotes or not, however long, earns what
/// the reply around it earns (play-para-st8, B7); two sentences of it in a
/// run, or a sentence of the policy, are a paste and earn no reply credit.
#[test]
fn one_sentence_of_the_ticket_is_a_quote_and_two_are_a_paste() {
    let mut table = Table::new("support quoting the ticket");
    let mut long_quotes = 0;
    for (k, kind) in KINDS.iter().enumerate() {
        for case in cases(kind, 3, k * 3 + 1) {
            let sentences = body_sentences(&case.body);
            let Some((longest, words)) = sentences.iter().max_by_key(|(_, n)| *n).cloned() else {
                continue;
            };
            if words >= 20 {
                long_quotes += 1;
            }
            let base = base_reply(&case);
            let quoted = base.replacen("\n\n", &format!("\n\nYou wrote: \"{longest}\"\n\n"), 1);
            let obs = grade(&case, &quoted);
            for crit in [ELEMENTS, HANDLING, COMPLIANCE] {
                let got = criterion(&obs, crit);
                table.row(got >= 1.0 - 1e-9, || {
                    describe(
                        &case,
                        &quoted,
                        &obs,
                        &format!("one sentence quoted ({words} words): {crit}={got}, want 1"),
                    )
                });
            }
            // Without quotation marks it is still no paste.
            let unmarked = base.replacen("\n\n", &format!("\n\nYou wrote: {longest}\n\n"), 1);
            let obs = grade(&case, &unmarked);
            let feedback = obs["feedback"].as_str().unwrap_or_default();
            table.row(!feedback.contains("pastes text"), || {
                describe(
                    &case,
                    &unmarked,
                    &obs,
                    "one sentence unquoted: read as a paste",
                )
            });
            // Two sentences in a row, 20 words or more: a paste.
            let pair = sentences
                .windows(2)
                .find(|p| p[0].1 >= 6 && p[1].1 >= 6 && p[0].1 + p[1].1 >= 24);
            if let Some(pair) = pair {
                let two = format!("{} {}", pair[0].0, pair[1].0);
                let pasted = base.replacen("\n\n", &format!("\n\nYou wrote: \"{two}\"\n\n"), 1);
                let obs = grade(&case, &pasted);
                let got = criterion(&obs, HANDLING);
                let feedback = obs["feedback"].as_str().unwrap_or_default();
                table.row(
                    got <= 1e-9 && !feedback.contains("name missing"),
                    || {
                        describe(
                            &case,
                            &pasted,
                            &obs,
                            &format!("two sentences quoted: {HANDLING}={got}, want 0 (and no element called missing)"),
                        )
                    },
                );
            }
            // A sentence of the policy is never the customer's to quote.
            let policy_sentence = case
                .policy
                .split(". ")
                .find(|s| s.split_whitespace().count() >= 22 && !s.contains('\n'));
            if let Some(sentence) = policy_sentence {
                let pasted = base.replacen(
                    "\n\n",
                    &format!("\n\nAs our policy puts it: \"{sentence}.\"\n\n"),
                    1,
                );
                let obs = grade(&case, &pasted);
                let got = criterion(&obs, HANDLING);
                table.row(got <= 1e-9, || {
                    describe(
                        &case,
                        &pasted,
                        &obs,
                        &format!("a policy sentence quoted: {HANDLING}={got}, want 0"),
                    )
                });
            }
        }
    }
    assert!(
        long_quotes > 0,
        "no ticket sentence of 20 words or more was quoted"
    );
    table.finish();
}

/// Negated mentions are not the act: refusing the refund the case needs,
/// saying the request is not needed.
#[test]
fn negated_mentions_are_not_read_as_present() {
    let mut table = Table::new("support negated mentions");
    let families: Vec<(&str, f64, Writer)> = vec![
        ("refund_in_window", 0.1, |c| {
            format!(
                "Hi {},\n\nThanks for your message about {}. We won't be refunding {} and there is no refund coming for it. We'll be in touch {} if anything changes.\n\n{} Support",
                c.first,
                c.tid,
                c.inv,
                c.sla(0),
                c.brand
            )
        }),
        ("refund_in_window", 0.1, |c| {
            format!(
                "Dear {},\n\nRegarding ticket {}: I'm afraid a refund of {} is not something we will issue. Please reply if you have questions.\n\nKind regards,\n{} Support",
                c.full, c.tid, c.amount, c.brand
            )
        }),
        ("fee_waiver_allowed", 0.1, |c| {
            format!(
                "Hi {},\n\nThanks for contacting us about {}. We can't waive the {} late fee, and it stays on {}. We'll follow up {}.\n\n{} Support",
                c.first,
                c.tid,
                c.amount,
                c.inv,
                c.sla(1),
                c.brand
            )
        }),
        ("fee_waiver_allowed", 0.1, |c| {
            format!(
                "Dear {},\n\nTicket {}: the late fee will not be removed or waived. We'll write again {}.\n\nRegards,\n{} Support",
                c.full,
                c.tid,
                c.sla(2),
                c.brand
            )
        }),
        ("refund_missing_invoice", 0.1, |c| {
            format!(
                "Hi {},\n\nThanks for getting in touch about {}. There's no need to send us the invoice number; we'll look into it and reply {}.\n\n{} Support",
                c.first,
                c.tid,
                c.sla(0),
                c.brand
            )
        }),
        ("deletion_unverified", 0.1, |c| {
            format!(
                "Hi {},\n\nThanks for your message ({}). You don't need to write from your account email or verify your identity. We'll be in touch {}.\n\n{} Support",
                c.first,
                c.tid,
                c.sla(1),
                c.brand
            )
        }),
        ("security_incident", 0.5, |c| {
            format!(
                "Hi {},\n\nThanks for reporting this ({}). Our security team is investigating and will contact you {}. There's no need to reset your password, revoke any keys or turn on two-factor authentication.\n\n{} Support",
                c.first,
                c.tid,
                c.sla(2),
                c.brand
            )
        }),
    ];
    for (k, (kind, bound, writer)) in families.into_iter().enumerate() {
        for case in cases(kind, 6, k * 4) {
            let reply = writer(&case);
            let obs = grade(&case, &reply);
            let got = criterion(&obs, HANDLING);
            table.row(got <= bound + 1e-9, || {
                describe(
                    &case,
                    &reply,
                    &obs,
                    &format!("{HANDLING}={got}, want <= {bound}"),
                )
            });
        }
    }
    table.finish();
}

/// A next response promised later than the first-response time of the
/// ticket's priority is not the next step the policy asks for: the reply
/// must lose elements or compliance.
#[test]
fn next_response_later_than_the_sla_is_not_a_valid_next_step() {
    let mut table = Table::new("support late next-response times");
    let late = |c: &Case| -> &'static str {
        match c.priority.as_str() {
            "urgent" => "within 2 days",
            "high" => "within 3 business days",
            _ => "within two weeks",
        }
    };
    for (k, kind) in [
        "refund_late",
        "legal_threat",
        "fee_waiver_over_limit",
        "deletion_verified",
        "security_incident",
    ]
    .iter()
    .enumerate()
    {
        for case in cases(kind, 6, k * 2 + 1) {
            let reply = (natural_replies(kind)[0].1)(&case).replace(case.sla(0), late(&case));
            let obs = grade(&case, &reply);
            let elements = criterion(&obs, ELEMENTS);
            let compliance = criterion(&obs, COMPLIANCE);
            table.row(elements < 1.0 - 1e-9 || compliance < 1.0 - 1e-9, || {
                describe(
                    &case,
                    &reply,
                    &obs,
                    &format!("{ELEMENTS}={elements}, {COMPLIANCE}={compliance}; want one below 1 ({} ticket)", case.priority),
                )
            });
        }
    }
    table.finish();
}
