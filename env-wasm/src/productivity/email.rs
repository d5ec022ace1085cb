//! Task `easy`: classify one email under a written inbox policy.
//!
//! The label, priority and needs-reply of each generated email follow from
//! the policy applied to details that are only in the body and headers (the
//! sender's real domain against the owner's known accounts, a due date
//! relative to the email's date, whether a question is asked), never from
//! the subject line, which is written to be neutral or misleading.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::answer::{FormCheck, Grade, stated_choice_field, with_asides, written, written_choice};
use super::names::{COMPANIES, FIRST_NAMES, LAST_NAMES, ROLES};
use super::noise::Noise;
use crate::dates::{Day, clock};
use crate::episode::{Piece, StaticText};
use crate::grading::{Reading, all_or_nothing, one_value};
use crate::points::Points;
use crate::rng::SeededRng;
use crate::rubric::{Criterion, Deduction, Rubric};
use crate::task::at_level;

pub(crate) const ANSWER_FIELDS: &[(&str, &str)] = &[
    ("label", "one of work | personal | spam | finance"),
    ("priority", "one of low | normal | high"),
    ("needs_reply", "yes | no"),
];

/// Priority and needs-reply follow from what the email is (spam is low
/// with no reply; a bill's deadline is read differently from a friend's
/// favour), so they are paid only with the right label: a blind answer
/// cannot collect them by guessing the most common values.
pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("label", Points(6000), "Label"),
    Criterion::new("priority", Points(2000), "Priority").gated("label", Points::FULL),
    Criterion::new("needs_reply", Points(2000), "Needs a reply").gated("label", Points::FULL),
]);

/// (institution, domain): banks, card issuers, payroll and utility billers.
const ACCOUNTS: &[(&str, &str)] = &[
    ("Northstar Bank", "northstarbank.example"),
    ("Civic Credit Union", "civiccu.example"),
    ("Atlas Card Services", "atlascard.example"),
    ("Brightline Energy", "brightline-energy.example"),
    ("Clearwave Mobile", "clearwave.example"),
    ("Evergreen Mortgage", "evergreen-mortgage.example"),
    ("PayPoint Payroll", "paypoint.example"),
    ("Summit Insurance", "summit-insure.example"),
    ("Harborview Water", "harborview-water.example"),
    ("Keystone Brokerage", "keystone-invest.example"),
];

const PERSONAL_DOMAINS: &[&str] = &[
    "mailbox.example",
    "postbox.example",
    "homemail.example",
    "letterkit.example",
];
const RELATIONS: &[&str] = &[
    "sister",
    "brother",
    "cousin",
    "old university friend",
    "neighbour",
    "aunt",
];
const DOCUMENTS: &[&str] = &[
    "Q3 budget forecast",
    "vendor contract draft",
    "onboarding checklist",
    "release notes",
    "risk register",
    "hiring plan",
    "customer survey summary",
    "migration runbook",
];
const MEETINGS: &[&str] = &[
    "weekly sync",
    "design review",
    "quarterly planning",
    "client check-in",
    "sprint retro",
];
const SYSTEMS: &[&str] = &[
    "payments API",
    "order database",
    "customer portal",
    "warehouse scanner fleet",
];
const EVENTS: &[&str] = &[
    "the lake trip",
    "Grandma's birthday",
    "the wedding",
    "the hiking weekend",
    "the school play",
];
const OFFERS: &[&str] = &[
    "a 14-day cruise",
    "a new tablet",
    "a $500 gift card",
    "a luxury watch",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
enum Label {
    Work,
    Personal,
    Spam,
    Finance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
enum Priority {
    Low,
    Normal,
    High,
}

/// An institution the mailbox owner really has an account with.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct KnownAccount {
    pub name: String,
    pub domain: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct EmailMessage {
    pub from_name: String,
    pub from_address: String,
    pub to: String,
    /// When it was sent, e.g. `Thu, 9 Apr 2026 09:14`.
    pub date: String,
    pub subject: String,
    pub body: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub(crate) struct EmailPayload {
    pub mailbox_owner: String,
    pub owner_role: String,
    pub company: String,
    pub company_domain: String,
    pub known_accounts: Vec<KnownAccount>,
    pub email: EmailMessage,
}

/// A generated email with its gold classification.
#[derive(Debug, Clone)]
pub(crate) struct Email {
    payload: EmailPayload,
    label: Label,
    priority: Priority,
    needs_reply: bool,
    /// The exceptions the level adds to the policy, as written in it.
    exceptions: Vec<String>,
}

/// Per level (1 to 5): how many known accounts the owner has (the more,
/// the more domains to check), and how many of the policy exceptions
/// ([`EXCEPTION_FIELDS`]) the policy adds.
const KNOWN_ACCOUNTS: [usize; 5] = [2, 3, 4, 5, 6];
const EXCEPTION_COUNTS: [usize; 5] = [0, 0, 2, 3, 4];

/// The answer fields (label, priority, needs_reply) each exception decides,
/// in the policy's order: VIP senders, acknowledgements, distribution
/// lists, a biller's moved domain.
const EXCEPTION_FIELDS: [[bool; 3]; 4] = [
    [false, true, false],
    [false, false, true],
    [false, true, true],
    [true, false, false],
];

const LIST_ADDRESSES: &[&str] = &["all-staff", "announce", "team-updates"];

/// What a situation writer produces; the cast and dates come from [`Cast`].
struct Draft {
    from_name: String,
    from_address: String,
    subject: String,
    body: String,
    label: Label,
    priority: Priority,
    needs_reply: bool,
    /// The latest minute of the day the email can have been sent, when it
    /// asks for something later that day ("pick up the kids today at
    /// 15:00" is sent well before 15:00).
    sent_before: Option<u32>,
}

/// The people and dates one email is written about.
struct Cast {
    owner_first: String,
    company_domain: String,
    sent: Day,
    accounts: Vec<(&'static str, &'static str)>,
    level: u8,
}

fn person(rng: &mut SeededRng) -> (String, String) {
    let first = *rng.pick(FIRST_NAMES);
    let last = *rng.pick(LAST_NAMES);
    (
        format!("{first} {last}"),
        format!("{}.{}", first.to_lowercase(), last.to_lowercase()),
    )
}

/// A due date `days` after `sent`, written the way people write them.
fn due_phrase(rng: &mut SeededRng, sent: Day, days: i64) -> String {
    let due = sent.plus(days);
    match (days, rng.below(3)) {
        (0, 0) => "by the end of today".to_owned(),
        (1, 0) => "by tomorrow evening".to_owned(),
        (_, 1) => format!("by {}", due.long()),
        _ => format!("by {} ({})", due.iso(), due.weekday_name()),
    }
}

/// Days until a deadline: 0 or 1 makes the email high priority.
fn deadline_days(rng: &mut SeededRng) -> i64 {
    if rng.chance(1, 2) {
        rng.range(0, 1)
    } else {
        rng.range(3, 12)
    }
}

fn by_deadline(days: i64) -> Priority {
    if days <= 1 {
        Priority::High
    } else {
        Priority::Normal
    }
}

const SIGN_OFFS: &[&str] = &[
    "Thanks,",
    "Best,",
    "Cheers,",
    "Kind regards,",
    "Many thanks,",
];

fn sign(rng: &mut SeededRng, name: &str) -> String {
    let first = name.split(' ').next().unwrap_or(name);
    format!("{}\n{first}", rng.pick(SIGN_OFFS))
}

fn work(rng: &mut SeededRng, cast: &Cast) -> Draft {
    let (name, local) = person(rng);
    let from_address = format!("{local}@{}", cast.company_domain);
    let hello = format!("Hi {},", cast.owner_first);
    let (subject, text, priority, needs_reply) = match rng.below(4) {
        0 => {
            let doc = *rng.pick(DOCUMENTS);
            let days = deadline_days(rng);
            let due = due_phrase(rng, cast.sent, days);
            (
                capitalize(doc),
                format!(
                    "Could you review the {doc} and tell me whether it is ready to send {due}? I have left comments on the open points."
                ),
                by_deadline(days),
                true,
            )
        }
        1 => {
            let doc = *rng.pick(DOCUMENTS);
            let later = cast.sent.plus(rng.range(14, 40));
            (
                format!("{} - update", capitalize(doc)),
                format!(
                    "For your records, the final {doc} is attached. No action is needed from you. The next revision is planned for {}.",
                    later.long()
                ),
                Priority::Low,
                false,
            )
        }
        2 => {
            let meeting = *rng.pick(MEETINGS);
            let days = deadline_days(rng).max(1);
            let day = cast.sent.plus(days);
            let hour = rng.range(9, 16) as u32 * 60;
            (
                format!("{} moved", capitalize(meeting)),
                format!(
                    "The {meeting} has moved to {} at {}. Can you confirm that you can still attend?",
                    day.long(),
                    clock(hour)
                ),
                by_deadline(days),
                true,
            )
        }
        _ => {
            let system = *rng.pick(SYSTEMS);
            (
                format!("Quick question about the {system}"),
                format!(
                    "The {system} has been failing since this morning and customers are affected. We need your approval for the rollback within the hour. Please reply with a go or no-go."
                ),
                Priority::High,
                true,
            )
        }
    };
    let body = format!("{hello}\n\n{text}\n\n{}", sign(rng, &name));
    Draft {
        from_name: name,
        from_address,
        subject,
        body,
        label: Label::Work,
        priority,
        needs_reply,
        sent_before: None,
    }
}

fn personal(rng: &mut SeededRng, cast: &Cast) -> Draft {
    let (name, local) = person(rng);
    let from_address = format!("{local}@{}", rng.pick(PERSONAL_DOMAINS));
    let relation = *rng.pick(RELATIONS);
    let hello = format!("Hey {}!", cast.owner_first);
    let mut sent_before = None;
    let (subject, text, priority, needs_reply) = match rng.below(3) {
        0 => {
            let day = cast.sent.plus(rng.range(3, 20));
            (
                "Catching up".to_owned(),
                format!(
                    "It has been ages. Are you free for dinner on {}? Let me know and I will book somewhere.",
                    day.long()
                ),
                Priority::Normal,
                true,
            )
        }
        1 => {
            let event = *rng.pick(EVENTS);
            (
                format!("Photos from {event}"),
                format!(
                    "Here are the photos from {event}, as promised. No need to reply, just enjoy them!"
                ),
                Priority::Low,
                false,
            )
        }
        _ => {
            let hour = rng.range(14, 17) as u32 * 60;
            // Asked at least an hour before the pickup.
            sent_before = Some(hour - 60);
            (
                "Small favour".to_owned(),
                format!(
                    "Could you pick up the kids from school today at {}? My train is cancelled. Please let me know as soon as you can.",
                    clock(hour)
                ),
                Priority::High,
                true,
            )
        }
    };
    let body = format!(
        "{hello}\n\n{text}\n\nLove,\n{} (your {relation})",
        name.split(' ').next().unwrap_or(&name)
    );
    Draft {
        from_name: name,
        from_address,
        subject,
        body,
        label: Label::Personal,
        priority,
        needs_reply,
        sent_before,
    }
}

fn finance(rng: &mut SeededRng, cast: &Cast) -> Draft {
    let (institution, domain) = *rng.pick(&cast.accounts);
    let from_address = format!(
        "{}@{domain}",
        rng.pick(&["billing", "statements", "no-reply", "accounts"])
    );
    let reference = rng.range(10_000, 99_999);
    let amount = format!("{}.{:02}", rng.range(20, 2400), rng.below(100));
    let (subject, text, priority, needs_reply) = match rng.below(4) {
        0 => (
            format!("Document {reference} available"),
            format!(
                "Your statement {reference} is now available in your online account. The balance of ${amount} will be collected automatically; no action is needed."
            ),
            Priority::Normal,
            false,
        ),
        1 => {
            let days = deadline_days(rng);
            let due = due_phrase(rng, cast.sent, days);
            (
                format!("Invoice {reference}"),
                format!(
                    "Invoice {reference} for ${amount} is due {due}. You can pay it in your online account; there is no need to reply to this message."
                ),
                by_deadline(days),
                false,
            )
        }
        2 => {
            let ask = rng.chance(1, 2);
            let text = if ask {
                format!(
                    "We could not collect payment {reference} of ${amount}; your account is now overdue. Please reply to confirm whether we should retry the same card."
                )
            } else {
                format!(
                    "We could not collect payment {reference} of ${amount}; your account is now overdue. Please update your card in your online account."
                )
            };
            (
                format!("Account notice {reference}"),
                text,
                Priority::High,
                ask,
            )
        }
        _ => (
            format!("Reference {reference}"),
            format!(
                "We have processed a refund of ${amount} to your account. It should appear within five working days. This is an automated message."
            ),
            Priority::Normal,
            false,
        ),
    };
    let body = format!("Dear {},\n\n{text}\n\n{institution}", cast.owner_first);
    Draft {
        from_name: institution.to_owned(),
        from_address,
        subject,
        body,
        label: Label::Finance,
        priority,
        needs_reply,
        sent_before: None,
    }
}

fn spam(rng: &mut SeededRng, cast: &Cast) -> Draft {
    let (institution, domain) = *rng.pick(&cast.accounts);
    let stem = domain.trim_end_matches(".example");
    // Level 1 has no spoof of a known account's name.
    let (from_name, from_address, subject, text) = match rng
        .below(3)
        .max(u32::from(cast.level == 1))
    {
        0 => {
            let fake = format!(
                "{}@{stem}-{}.example",
                rng.pick(&["security", "alerts", "support"]),
                rng.pick(&["secure-login", "verify", "account-check"])
            );
            (
                institution.to_owned(),
                fake,
                format!("URGENT: invoice {} overdue", rng.range(10_000, 99_999)),
                "Your account has been locked. Reply within 24 hours with your password and card number to avoid permanent closure.".to_owned(),
            )
        }
        1 => {
            let offer = *rng.pick(OFFERS);
            (
                "Rewards Team".to_owned(),
                format!("winner{}@prize-centre.example", rng.range(100, 999)),
                "Your delivery is waiting".to_owned(),
                format!(
                    "Congratulations! You have been selected to receive {offer}. Reply today with your home address and a small handling fee to claim it."
                ),
            )
        }
        _ => (
            "Capital Growth Desk".to_owned(),
            format!("desk@fast-returns-{}.example", rng.range(10, 99)),
            "Re: our call".to_owned(),
            format!(
                "Double your savings in 7 days with our guaranteed crypto fund. Reply now, places close {}!",
                cast.sent.plus(1).long()
            ),
        ),
    };
    let body = format!("Dear customer,\n\n{text}\n\n{from_name}");
    Draft {
        from_name,
        from_address,
        subject,
        body,
        label: Label::Spam,
        priority: Priority::Low,
        needs_reply: false,
        sent_before: None,
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The gold (label, priority, needs_reply) an email is drawn to, one of
/// these twelve, each once in every twelve consecutive seeds: every label a quarter, every priority a third
/// and each needs-reply value a half at every level, so no constant answer
/// does better than a uniform guess (0.6/4 + 0.2/3 + 0.2/2 = 0.32) and the
/// level's exceptions cannot skew a field. Each is an outcome the writers
/// (with the exceptions) produce.
const GOLD_TARGETS: [(Label, Priority, bool); 12] = [
    (Label::Spam, Priority::Low, false),
    (Label::Spam, Priority::Low, false),
    (Label::Spam, Priority::Low, false),
    (Label::Work, Priority::High, true),
    (Label::Work, Priority::Normal, true),
    (Label::Work, Priority::Low, false),
    (Label::Personal, Priority::High, true),
    (Label::Personal, Priority::Normal, true),
    (Label::Personal, Priority::Normal, true),
    (Label::Finance, Priority::High, true),
    (Label::Finance, Priority::High, false),
    (Label::Finance, Priority::Normal, false),
];

/// Emails written per seed at most while looking for the drawn gold.
const ATTEMPTS: u64 = 64;

/// The email of `seed`: its gold is one of `GOLD_TARGETS`, then
/// emails of that label are written (each from its own stream) until one
/// has that gold; if none has in `ATTEMPTS`, the first that matches the
/// most fields.
pub(crate) fn generate(level: u8, seed: u64) -> Email {
    // Every twelve consecutive seeds take the twelve golds once each, in
    // an order shuffled per block, so any range of seeds is balanced and
    // not only a large one.
    let block = seed / GOLD_TARGETS.len() as u64;
    let mut order: Vec<usize> = (0..GOLD_TARGETS.len()).collect();
    SeededRng::new(block, 11).shuffle(&mut order);
    let (label, priority, needs_reply) =
        GOLD_TARGETS[order[(seed % GOLD_TARGETS.len() as u64) as usize]];
    let mut closest: Option<(u8, Email)> = None;
    for attempt in 0..ATTEMPTS {
        let email = write(level, seed, attempt, label);
        let matched =
            u8::from(email.priority == priority) + u8::from(email.needs_reply == needs_reply);
        if matched == 2 {
            return email;
        }
        if closest.as_ref().is_none_or(|(best, _)| matched > *best) {
            closest = Some((matched, email));
        }
    }
    match closest {
        Some((_, email)) => email,
        None => write(level, seed, 0, label),
    }
}

/// One email of `label` from the `attempt`-th stream of `seed`.
fn write(level: u8, seed: u64, attempt: u64, label: Label) -> Email {
    let mut rng = SeededRng::new(seed, 1 + 16 * attempt);
    let (company, company_domain) = *rng.pick(COMPANIES);
    let owner_first = *rng.pick(FIRST_NAMES);
    let owner_last = *rng.pick(LAST_NAMES);
    let mut sent = Day::EPOCH_2026.plus(rng.range(0, 330));
    while sent.is_weekend() {
        sent = sent.plus(1);
    }
    let accounts = rng.sample(ACCOUNTS, at_level(&KNOWN_ACCOUNTS, level));
    let cast = Cast {
        owner_first: owner_first.to_owned(),
        company_domain: company_domain.to_owned(),
        sent,
        accounts,
        level,
    };
    let draft = match label {
        Label::Work => work(&mut rng, &cast),
        Label::Personal => personal(&mut rng, &cast),
        Label::Finance => finance(&mut rng, &cast),
        Label::Spam => spam(&mut rng, &cast),
    };
    let latest = draft
        .sent_before
        .map_or(19 * 60, |before| before.min(19 * 60));
    let minute = rng.range(7 * 60, i64::from(latest)) as u32;
    let owner_address = format!(
        "{}.{}@{company_domain}",
        owner_first.to_lowercase(),
        owner_last.to_lowercase()
    );
    let mut email = Email {
        payload: EmailPayload {
            mailbox_owner: format!("{owner_first} {owner_last}"),
            owner_role: (*rng.pick(ROLES)).to_owned(),
            company: company.to_owned(),
            company_domain: company_domain.to_owned(),
            known_accounts: cast
                .accounts
                .iter()
                .map(|(name, domain)| KnownAccount {
                    name: (*name).to_owned(),
                    domain: (*domain).to_owned(),
                })
                .collect(),
            email: EmailMessage {
                from_name: draft.from_name,
                from_address: draft.from_address,
                to: owner_address,
                date: format!("{} {}", sent.header(), clock(minute)),
                subject: draft.subject,
                body: draft.body,
            },
        },
        label: draft.label,
        priority: draft.priority,
        needs_reply: draft.needs_reply,
        exceptions: Vec::new(),
    };
    email.add_exceptions(&mut rng, at_level(&EXCEPTION_COUNTS, level));
    email
}

static POLICY: StaticText = StaticText::new(
    "Inbox policy.\n\
Label (exactly one):\n\
- finance: statements, invoices, payments, refunds and account notices sent from the domain of one of the owner's known accounts (payload.known_accounts).\n\
- spam: unsolicited offers, prizes, investment pitches, and any message that claims to come from a bank or biller but is sent from a domain that is not one of the known accounts, or that asks for a password or card number.\n\
- work: messages about the owner's job from an address at the company domain.\n\
- personal: messages from friends and family at personal addresses.\n\
Priority (the first rule that applies):\n\
1. spam is low.\n\
2. high: the reader is asked to act by the end of the day the email was sent or by the next day (compare the stated deadline with the email's date; a request about an event, such as confirming a meeting or picking someone up, is due by the event's day), something is failing right now, or a payment failed or is overdue.\n\
3. low: nothing is asked of the reader (FYI, photos, newsletters, reports and forecasts shared for the record) and it is not about money the reader owes, pays or is paid (a bill, a payment, a refund, a charge).\n\
4. normal: everything else.\n\
Needs reply: yes when the sender asks the reader a question or asks them to reply or confirm; no for notices that say no reply is needed, and never for spam.",
);

static ANSWER_FORMAT: StaticText = StaticText::new(
    "\n\nAnswer with one JSON object: {\"label\": ..., \"priority\": ..., \"needs_reply\": \"yes\"|\"no\"}. \
Priority and needs_reply earn only with the right label. A word on the other side of a slash that is no value is a comment \
(\"finance/billing\"; \"work/finance\" is two values). What the value would be under other facts, with \"otherwise\" or \"else\", is a comment \
when it says so with \"would\" or after the reason (\"high (VIP sender, would otherwise be normal)\", \"low, otherwise it would be normal\", \
\"high (VIP sender, else normal)\"); a bare one, or one after a condition or doubt, offers a second value (\"high, otherwise normal\", \
\"yes (else no)\", \"high (if the sender is a VIP, otherwise normal)\").",
);

impl Email {
    /// The first `count` policy exceptions: each is written into the
    /// policy and applies to this email or not (some leave a decoy then);
    /// the gold answer follows those that apply, in order, and spam stays
    /// spam.
    fn add_exceptions(&mut self, rng: &mut SeededRng, count: usize) {
        let email = &mut self.payload.email;
        for rule in 0..count {
            let applies = rng.chance(1, 2);
            let line = match rule {
                0 => {
                    let mut vips: Vec<String> = (0..2).map(|_| person(rng).0).collect();
                    if applies {
                        vips.push(email.from_name.clone());
                        self.priority = Priority::High;
                    }
                    rng.shuffle(&mut vips);
                    format!(
                        "VIP senders: a message from anyone on the VIP list ({}) is high priority.",
                        vips.join("; ")
                    )
                }
                1 => {
                    email.body.push_str(match applies {
                        true => "\n\nP.S. Please acknowledge that you have received this.",
                        false => "\n\nP.S. No acknowledgement needed.",
                    });
                    self.needs_reply |= applies;
                    "Acknowledgements: a message that asks the reader to acknowledge it needs a \
                     reply, even when it also says that no reply is needed; the request to \
                     acknowledge changes no priority: it stays as the priority rules and the \
                     other exceptions set it (an FYI stays low, a VIP sender's mail stays \
                     high)."
                        .to_owned()
                }
                2 => {
                    if applies {
                        let list = rng.pick(LIST_ADDRESSES);
                        email.to = format!("{list}@{}", self.payload.company_domain);
                        self.priority = self.priority.min(Priority::Normal);
                        self.needs_reply = false;
                    }
                    "Distribution lists: a message sent to a list address (its `to` is not the \
                     owner's own address) is never high priority and needs no reply; this \
                     overrides the exceptions above."
                        .to_owned()
                }
                _ => {
                    // A finance email from its biller's new domain, or another
                    // known account's new domain announced.
                    let (local, domain) = email.from_address.split_once('@').unwrap_or_default();
                    let accounts = &self.payload.known_accounts;
                    let moved = accounts
                        .iter()
                        .find(|a| applies && self.label == Label::Finance && a.domain == domain);
                    let account = moved.unwrap_or_else(|| rng.pick(accounts));
                    let new_domain = format!(
                        "{}-mail.example",
                        account.domain.trim_end_matches(".example")
                    );
                    let line = format!(
                        "Moved domain: {} now also sends from {new_domain}; mail from that domain \
                         counts as mail from a known account.",
                        account.name
                    );
                    if moved.is_some() {
                        email.from_address = format!("{local}@{new_domain}");
                    }
                    line
                }
            };
            self.exceptions.push(line);
        }
        if self.label == Label::Spam {
            self.priority = Priority::Low;
            self.needs_reply = false;
        }
    }

    /// The reference answer, each field wrong when its own decision or any
    /// exception that decides it is misjudged.
    pub(crate) fn noisy_answer(&self, noise: &mut Noise) -> Value {
        let mut decisions = [1usize; 3];
        for fields in EXCEPTION_FIELDS.iter().take(self.exceptions.len()) {
            for (count, decides) in decisions.iter_mut().zip(fields) {
                *count += usize::from(*decides);
            }
        }
        let mut answer = self.reference_answer();
        let options: [&[&str]; 3] = [&LABELS, &PRIORITIES, &["yes", "no"]];
        for ((key, options), decisions) in ["label", "priority", "needs_reply"]
            .into_iter()
            .zip(options)
            .zip(decisions)
        {
            if noise.misjudged(decisions) {
                let options: Vec<Value> = options.iter().map(|o| json!(o)).collect();
                answer[key] = noise.other(&options, &answer[key]);
            }
        }
        answer
    }

    pub(crate) fn payload(&self) -> EmailPayload {
        self.payload.clone()
    }

    /// The payload as shown, without the copy [`Email::payload`] makes.
    pub(crate) fn shown_payload(&self) -> &EmailPayload {
        &self.payload
    }

    /// The instruction in pieces, the policy and the answer format among
    /// them as [`StaticText`] (escaped once per process when the scenario
    /// is frozen); `exceptions` holds the level's exceptions as written.
    pub(crate) fn instruction_pieces<'a>(&'a self, exceptions: &'a mut String) -> [Piece<'a>; 6] {
        if !self.exceptions.is_empty() {
            *exceptions = format!(
                "\nExceptions, applied after the rules above and in this order (a later one \
                 overrides an earlier one); spam stays low priority with no reply whatever an \
                 exception says:\n- {}",
                self.exceptions.join("\n- ")
            );
        }
        [
            Piece::Text("You are the email assistant of "),
            Piece::Text(&self.payload.mailbox_owner),
            Piece::Text(". Classify the email in the payload.\n\n"),
            Piece::Static(&POLICY),
            Piece::Text(exceptions),
            Piece::Static(&ANSWER_FORMAT),
        ]
    }

    pub(crate) fn grade(&self, answer: &Map<String, Value>) -> Grade {
        let read = Classification::read(answer);
        let right = [
            (
                "label",
                read.label == Ok(self.label),
                label_name(self.label),
            ),
            (
                "priority",
                read.priority == Ok(self.priority),
                priority_name(self.priority),
            ),
            (
                "needs_reply",
                read.needs_reply == Ok(self.needs_reply),
                yes_no(self.needs_reply),
            ),
        ];
        let deductions = right
            .iter()
            .filter(|(_, ok, _)| !ok)
            .map(|(field, _, expected)| {
                let got = match *field {
                    "label" => written_choice(answer, field, label_of, LABEL_FILLER, |l| {
                        label_name(*l).to_owned()
                    }),
                    "priority" => {
                        written_choice(answer, field, priority_of, PRIORITY_FILLER, |p| {
                            priority_name(*p).to_owned()
                        })
                    }
                    // A yes/no read as both says so, as a hedged choice does.
                    "needs_reply" if read.needs_reply.is_err() => {
                        written_choice(answer, field, yes_or_no, &[], |r| yes_no(*r).into())
                    }
                    _ => written(answer, field),
                };
                Deduction::new(field, *field, got, *expected)
            })
            .collect();
        let scores: Vec<(&'static str, Points)> = right
            .iter()
            .map(|(field, ok, _)| (*field, all_or_nothing(*ok)))
            .collect();
        Grade::of(&RUBRIC, &scores, deductions)
    }

    /// The draft check: each field read as the grader reads it.
    pub(crate) fn form(&self, answer: &Map<String, Value>) -> FormCheck {
        let read = Classification::read(answer);
        vec![
            ("label".into(), read.label.map(drop)),
            ("priority".into(), read.priority.map(drop)),
            ("needs_reply".into(), read.needs_reply.map(drop)),
        ]
    }

    pub(crate) fn reference_answer(&self) -> Value {
        json!({
            "label": label_name(self.label),
            "priority": priority_name(self.priority),
            "needs_reply": yes_no(self.needs_reply),
        })
    }
}

const LABELS: [&str; 4] = ["work", "personal", "spam", "finance"];
const PRIORITIES: [&str; 3] = ["low", "normal", "high"];

fn label_name(label: Label) -> &'static str {
    match label {
        Label::Work => "work",
        Label::Personal => "personal",
        Label::Spam => "spam",
        Label::Finance => "finance",
    }
}

fn priority_name(priority: Priority) -> &'static str {
    match priority {
        Priority::Low => "low",
        Priority::Normal => "normal",
        Priority::High => "high",
    }
}

/// An answer as the grader reads it.
struct Classification {
    label: Reading<Label>,
    priority: Reading<Priority>,
    needs_reply: Reading<bool>,
}

impl Classification {
    fn read(answer: &Map<String, Value>) -> Classification {
        Classification {
            label: stated_choice_field(answer, "label", label_of, LABEL_FILLER),
            priority: stated_choice_field(answer, "priority", priority_of, PRIORITY_FILLER),
            needs_reply: one_value(answer, "needs_reply", read_needs_reply),
        }
    }
}

/// Words that name a label: the policy's own and their plain synonyms.
fn label_of(word: &str) -> Option<Label> {
    match word {
        "work" | "job" | "professional" => Some(Label::Work),
        "personal" | "private" => Some(Label::Personal),
        "spam" | "junk" | "phishing" | "scam" => Some(Label::Spam),
        "finance" | "financial" | "finances" => Some(Label::Finance),
        _ => None,
    }
}

/// Words that may stand around a label ("a work email", "Category: spam").
const LABEL_FILLER: &[&str] = &[
    "label", "category", "class", "type", "email", "mail", "message", "it", "is", "this", "the",
    "a", "an", "related",
];

fn priority_of(word: &str) -> Option<Priority> {
    match word {
        "low" | "lowest" => Some(Priority::Low),
        "normal" | "medium" | "moderate" | "standard" => Some(Priority::Normal),
        "high" | "highest" | "urgent" => Some(Priority::High),
        _ => None,
    }
}

const PRIORITY_FILLER: &[&str] = &[
    "priority",
    "prio",
    "level",
    "importance",
    "it",
    "is",
    "the",
    "a",
];

/// A reply's answer as the reference writes it.
fn yes_no(needs_reply: bool) -> &'static str {
    if needs_reply { "yes" } else { "no" }
}

/// The bare word of a reply's answer, to quote a hedge of both.
fn yes_or_no(word: &str) -> Option<bool> {
    match word {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// `true`/`false`, `1`/`0`, or text: `yes`, `no`, `needs a reply`,
/// `yes, reply needed`, `no reply needed`, `not required`. A text with both
/// a yes and a no (`yes or no`, `yes/no`), or any word that is not about
/// replying (`maybe`), is no answer.
fn read_needs_reply(value: &Value) -> Option<bool> {
    let text = match value {
        Value::Bool(b) => return Some(*b),
        Value::Number(n) => {
            return match n.as_u64() {
                Some(1) => Some(true),
                Some(0) => Some(false),
                _ => None,
            };
        }
        Value::String(text) => text,
        _ => return None,
    };
    // A bracketed aside (`no (FYI only)`) explains; it is not the answer,
    // unless it is another answer (`no (yes)`), which makes a hedge.
    // Denying every action denies the reply as well (`No action needed`,
    // `Nothing needed`, `No reply or action needed`); a text that says
    // something of the reply itself is read by that first, so `reply
    // needed, no action` still asks for one.
    // A comment that asks for a reply in other words (`no, but acknowledge
    // receipt`) offers yes: the policy counts acknowledging or confirming
    // as a reply.
    with_asides(text, |words| {
        reply_words(words, false).or_else(|| asks_a_reply(words))
    })
    .or_else(|| {
        with_asides(text, |words| {
            reply_words(words, true).or_else(|| asks_a_reply(words))
        })
    })
}

/// Verbs of writing back to the sender: asking the reader to do one asks
/// for a reply (the policy's "asks them to reply or confirm").
const REPLY_ACTS: &[&str] = &[
    "acknowledge",
    "acknowledging",
    "confirm",
    "confirming",
    "reply",
    "replying",
    "respond",
    "responding",
    "answer",
    "answering",
    "rsvp",
];

/// Words that may stand before such a verb: `but acknowledge receipt`,
/// `just confirm you got it`, `you should reply`, `please respond`.
const REPLY_ACT_LEADS: &[&str] = &[
    "but", "and", "though", "still", "just", "only", "please", "do", "you", "we", "should", "must",
    "would", "to", "simply", "kindly", "i",
];

/// Nouns of a reply that a verb of sending asks for: `send a quick
/// acknowledgement`, `drop them a confirmation`.
const REPLY_NOUNS: &[&str] = &[
    "acknowledgement",
    "acknowledgment",
    "confirmation",
    "reply",
    "response",
    "answer",
    "note",
];

/// `Some(true)` when `text` asks the reader to write back: a verb of
/// [`REPLY_ACTS`] after only [`REPLY_ACT_LEADS`], whatever it names after
/// it (`acknowledge receipt`, `confirm you got it`), or "write back",
/// "get back to them", "let them know", "send a quick acknowledgement";
/// nothing when a denial or a yes or no comes with it (`no need to
/// acknowledge`, `don't reply`), or when the request is reported (`it asks
/// you to reply`: the verb has a subject).
fn asks_a_reply(text: &str) -> Option<bool> {
    let text = crate::text::Text::new(text);
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let denied_or_answered = words.iter().any(|w| {
        matches!(
            *w,
            "no" | "not" | "never" | "nothing" | "none" | "without" | "yes" | "y" | "n"
        )
    });
    let verb = words.iter().position(|w| !REPLY_ACT_LEADS.contains(w))?;
    let next = words
        .get(verb + 1..words.len().min(verb + 5))
        .unwrap_or_default();
    let asks = REPLY_ACTS.contains(&words[verb])
        || match words[verb] {
            "write" | "get" => next.first() == Some(&"back"),
            "let" => next.contains(&"know"),
            "send" | "give" | "drop" => next.iter().any(|w| REPLY_NOUNS.contains(w)),
            _ => false,
        };
    (asks && !denied_or_answered).then_some(true)
}

/// Words that name what the reader might have to do besides writing back:
/// `no action needed`, `no follow-up needed`, `no acknowledgement needed`.
const ACTION_WORDS: &[&str] = &[
    "action",
    "actions",
    "acknowledgement",
    "acknowledgment",
    "acknowledgements",
    "acknowledge",
    "follow",
    "up",
    "followup",
    "further",
    "confirmation",
    "reaction",
    "anything",
    "or",
    "and",
];

/// The reply a text of reply words says (see [`read_needs_reply`]); with
/// `actions`, also a text that denies any action of the reader's
/// ([`ACTION_WORDS`], `nothing`): such a text says no, while one that only
/// asks for an action (`action needed`) says nothing of a reply.
fn reply_words(text: &str, actions: bool) -> Option<bool> {
    let (mut yes, mut no, mut needed) = (false, false, false);
    let (mut reply, mut acting) = (false, false);
    for word in crate::text::Text::new(text).words {
        match word.text.as_str() {
            "nothing" if actions => no = true,
            w if actions && ACTION_WORDS.contains(&w) => acting = true,
            "yes" | "y" | "yeah" | "yep" | "true" | "1" => yes = true,
            // `don't`, `doesn't`, `isn't` arrive spelled out, with `not`.
            "no" | "n" | "nope" | "false" | "0" | "not" | "none" | "never" | "unnecessary"
            | "dont" | "doesnt" | "isnt" => no = true,
            "reply" | "replies" | "respond" | "response" | "answer" => reply = true,
            "needed" | "needs" | "need" | "required" | "requires" | "necessary" | "expected" => {
                needed = true;
            }
            "a" | "is" | "it" | "the" | "to" | "be" | "should" | "this" | "email" | "does"
            | "do" => {}
            _ => return None,
        }
    }
    match (yes, no) {
        (true, true) => None,
        (_, true) => Some(false),
        (true, false) => Some(true),
        // `reply needed`, `needs a reply`; but `action needed` names no
        // reply.
        (false, false) => (reply || (needed && !acting)).then_some(true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::{Unreadable, answer_object as answer};

    #[test]
    fn reference_scores_full_and_generation_is_seeded() {
        for (level, seed) in (1..=5).flat_map(|level| (0..1000).map(move |seed| (level, seed))) {
            let email = generate(level, seed);
            let grade = email.grade(&answer(email.reference_answer()));
            assert_eq!(grade.total, Points::FULL, "level {level} seed {seed}");
            assert_eq!(format!("{:?}", generate(level, seed)), format!("{email:?}"));
        }
    }

    #[test]
    fn partial_and_wrong_answers() {
        let email = generate(2, 3);
        let mut right = answer(email.reference_answer());
        let wrong_label = if email.label == Label::Spam {
            "work"
        } else {
            "spam"
        };
        right.insert("label".into(), json!(wrong_label));
        // Priority and needs-reply are paid only with the right label.
        let grade = email.grade(&right);
        assert_eq!(grade.total, Points::ZERO);
        assert!(grade.deductions.iter().any(|d| d.criterion == "label"));
        assert!(grade.deductions.iter().any(|d| d.criterion == "priority"));
        let every_option = answer(
            json!({"label": "work, personal, spam, finance", "priority": "low|normal|high", "needs_reply": "yes or no"}),
        );
        assert_eq!(email.grade(&every_option).total, Points::ZERO);
        assert_eq!(email.grade(&Map::new()).total, Points::ZERO);
        let bool_reply =
            answer(json!({"label": label_name(email.label), "needs_reply": email.needs_reply}));
        assert_eq!(
            email.grade(&bool_reply).criteria["needs_reply"],
            Points::FULL
        );
    }

    #[test]
    fn natural_forms_read_and_hedges_do_not() {
        let read = |value: Value| Classification::read(&answer(value));
        let natural = read(
            json!({"label": " Finance ", "priority": "High priority", "needs_reply": "yes, reply needed"}),
        );
        assert_eq!(natural.label, Ok(Label::Finance));
        assert_eq!(natural.priority, Ok(Priority::High));
        assert_eq!(natural.needs_reply, Ok(true));
        let negated = read(json!({"needs_reply": "no reply needed", "label": ["spam", "Spam"]}));
        assert_eq!(negated.needs_reply, Ok(false));
        assert_eq!(negated.label, Ok(Label::Spam));
        for hedge in [
            json!("work or spam"),
            json!("work/spam"),
            json!(["work", "spam"]),
            json!("not spam"),
        ] {
            assert_eq!(
                read(json!({"label": hedge})).label,
                Err(Unreadable::IllFormed),
                "{hedge}"
            );
        }
        assert_eq!(
            read(json!({"needs_reply": "yes or no"})).needs_reply,
            Err(Unreadable::IllFormed)
        );
        assert_eq!(read(json!({})).priority, Err(Unreadable::Missing));
        let form = generate(2, 1).form(&answer(json!({"label": "work", "priority": "low|high"})));
        let form: Vec<(&str, Reading<()>)> = form.iter().map(|(f, r)| (f.as_ref(), *r)).collect();
        assert_eq!(
            form,
            vec![
                ("label", Ok(())),
                ("priority", Err(Unreadable::IllFormed)),
                ("needs_reply", Err(Unreadable::Missing)),
            ]
        );
    }

    #[test]
    fn a_label_glossed_across_a_slash_is_the_label() {
        // play-pr23 B1: the other side names no label.
        let label = |text: &str| Classification::read(&answer(json!({ "label": text }))).label;
        for text in [
            "Finance / billing",
            "finance/refund",
            "Finance/banking",
            "Finance / Billing notice",
            "Finance/statement",
            "billing/finance",
            "finance/billing (known account)",
        ] {
            assert_eq!(label(text), Ok(Label::Finance), "{text:?}");
        }
        assert_eq!(label("spam / phishing"), Ok(Label::Spam));
        // Near misses: two labels, or a side that hedges.
        for text in [
            "work/finance",
            "finance/spam",
            "finance / maybe spam",
            "maybe/finance",
        ] {
            assert_eq!(label(text), Err(Unreadable::IllFormed), "{text:?}");
        }
    }

    #[test]
    fn denying_every_action_denies_the_reply() {
        // play-pr23 B2: what the reader need not do, in any words.
        let reply = |text: &str| read_needs_reply(&json!(text));
        for text in [
            "No action needed",
            "No action required",
            "Nothing needed",
            "no further action",
            "No acknowledgement needed",
            "No follow-up needed",
            "No reply or action needed",
            "No action",
            "No action needed (automated notice)",
            "Nothing required",
            "no further action or reply needed",
        ] {
            assert_eq!(reply(text), Some(false), "{text:?}");
        }
        // Near misses: a reply asked for stays yes; an action alone, or a
        // yes beside the denial, is no answer.
        for (text, read) in [
            ("Yes, action needed", Some(true)),
            ("needs a reply", Some(true)),
            ("reply needed, no action", Some(true)),
            ("action needed", None),
            ("No action needed (yes)", None),
            ("no action needed, yes", None),
            ("no action, yes if they ask", None),
        ] {
            assert_eq!(reply(text), read, "{text:?}");
        }
    }

    #[test]
    fn a_reply_asked_for_in_a_comment_offers_yes() {
        // Acknowledging or confirming is a reply under the policy, so a
        // "no" whose comment asks for one, or leaves a condition open, is
        // two values (play-pr23 X2).
        let reply = |text: &str| read_needs_reply(&json!(text));
        for text in [
            "no, but acknowledge receipt",
            "no - please confirm receipt",
            "no, but send a quick acknowledgement",
            "no; just confirm you got it",
            "no, but let them know it arrived",
            "No (write back to confirm)",
            "no, but it needs a reply",
            "no, unless they ask for an acknowledgement",
        ] {
            assert_eq!(reply(text), None, "{text:?}");
        }
        // Near misses: a comment that explains, asks for another action,
        // denies a reply, or reports what the email asks.
        for (text, read) in [
            ("no, it's informational only", Some(false)),
            ("no, but pay the invoice online", Some(false)),
            ("no (no need to acknowledge)", Some(false)),
            ("no, just file it", Some(false)),
            ("no, though it asks you to reply", Some(false)),
            (
                "no - the P.S. asks for an acknowledgement, but spam never gets a reply",
                Some(false),
            ),
            ("yes - acknowledge receipt", Some(true)),
        ] {
            assert_eq!(reply(text), read, "{text:?}");
        }
    }

    #[test]
    fn no_blind_constant_answer_does_well_at_any_level() {
        // Every one of the 24 constant answers, over 400 seeds per level:
        // none beats the uniform guess (0.317) by more than 0.05, and each
        // field's gold is balanced on its own.
        const SEEDS: usize = 400;
        for level in 1..=5 {
            let emails: Vec<Email> = (0..SEEDS as u64)
                .map(|seed| generate(level, seed))
                .collect();
            let share = |count: usize| count as f64 / SEEDS as f64;
            for label in [Label::Work, Label::Personal, Label::Spam, Label::Finance] {
                let count = emails.iter().filter(|e| e.label == label).count();
                assert!(
                    share(count) < 0.25 + 0.05,
                    "level {level} {label:?} {count}"
                );
            }
            for priority in [Priority::Low, Priority::Normal, Priority::High] {
                let count = emails.iter().filter(|e| e.priority == priority).count();
                assert!(
                    share(count) < 1.0 / 3.0 + 0.05,
                    "level {level} {priority:?} {count}"
                );
            }
            let yes = emails.iter().filter(|e| e.needs_reply).count();
            assert!(
                (share(yes) - 0.5).abs() < 0.05,
                "level {level} replies {yes}"
            );
            for label in LABELS {
                for priority in PRIORITIES {
                    for reply in ["yes", "no"] {
                        let constant = answer(
                            json!({"label": label, "priority": priority, "needs_reply": reply}),
                        );
                        let total: i64 = emails
                            .iter()
                            .map(|e| i64::from(e.grade(&constant).total.0))
                            .sum();
                        let mean = total / SEEDS as i64;
                        assert!(
                            mean <= 3667,
                            "level {level} {label}/{priority}/{reply} averages {mean}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_time_asked_for_today_is_after_the_email_was_sent() {
        let mut checked = 0;
        for (level, seed) in (1..=5).flat_map(|level| (0..1000).map(move |seed| (level, seed))) {
            let email = generate(level, seed);
            let message = &email.payload.email;
            let Some((_, asked)) = message.body.split_once("today at ") else {
                continue;
            };
            let asked = crate::dates::parse_clock(asked.get(..5).unwrap_or_default());
            let sent = message
                .date
                .rsplit(' ')
                .next()
                .and_then(crate::dates::parse_clock);
            let (Some(asked), Some(sent)) = (asked, sent) else {
                panic!("level {level} seed {seed}: {message:?}");
            };
            assert!(sent + 60 <= asked, "level {level} seed {seed}: {message:?}");
            checked += 1;
        }
        assert!(checked > 100, "only {checked} emails ask for a time today");
    }

    #[test]
    fn subjects_do_not_give_the_label_away() {
        // The same subject shape must occur under different gold answers,
        // so the body has to be read: count priorities per subject prefix.
        let mut invoice_priorities = std::collections::BTreeSet::new();
        for seed in 0..400 {
            let email = generate(2, seed);
            if email.payload.email.subject.starts_with("Invoice ") {
                invoice_priorities.insert(priority_name(email.priority));
            }
        }
        assert!(invoice_priorities.len() >= 2, "{invoice_priorities:?}");
    }
}
