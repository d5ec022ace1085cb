//! Reading a customer reply the way the written policy does: as a set of
//! commitments, moves and violations, not as phrases.
//!
//! A reply is split into sentences and clauses; each clause is read for
//! - commitments ([`Commitment`]): an actor on our side with an affirmative
//!   verb of refunding, crediting, deleting or waiving ("we will refund you
//!   in full today", "I'll make sure you get your money back"), a stated
//!   outcome ("refund approved", "your data has been deleted"), or the
//!   customer as receiver ("you'll be credited"). Negated statements ("we
//!   cannot approve a refund"), mentions ("your refund request"), the
//!   customer's own words ("you asked us to delete it") and outcomes left
//!   to a review ("if the supervisor approves it, ...", "whether a refund
//!   is possible") are not commitments;
//! - moves ([`Move`]): naming the team that takes an escalation, asking for
//!   an invoice number, for identity verification, or for the account to
//!   be secured;
//! - violations ([`Violation`]): asking for a password or card number,
//!   admitting fault or liability, telling the customer their data is safe;
//! - the next step: a request to the customer or a dated future action,
//!   and the time of every promised follow-up, so the grader can hold it to
//!   the SLA.
//!
//! The reader knows nothing about the ticket; [`super::grade`] compares
//! what it finds with what the policy requires of the case.

use std::collections::BTreeSet;

/// Something the reply promises the customer (or says is done).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Commitment {
    Refund,
    /// Account credit, compensation, vouchers, discounts, free months.
    Credit,
    Deletion,
    /// Waiving a fee.
    Waiver,
    /// Granting "your request" without naming it.
    Grant,
}

/// The team an escalation is handed to, as the policy names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Team {
    Billing,
    Privacy,
    Legal,
    Security,
}

/// One thing a reply does about the case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    Commit(Commitment),
    Escalate(Team),
    /// Asks for the invoice (or order) number.
    AskInvoice,
    /// Asks the customer to prove they own the account.
    AskVerification,
    /// Asks the customer to reset the password, revoke a key or turn on
    /// two-factor sign-in.
    AskSecure,
}

/// What a reply must never do, whatever the case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Violation {
    CredentialRequest,
    LiabilityAdmission,
    SafetyAssurance,
}

/// Everything the grader needs to know about a reply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    pub moves: BTreeSet<Move>,
    pub violations: BTreeSet<Violation>,
    /// The reply asks the customer to do something concrete.
    pub has_request: bool,
    /// The reply states a future action with a measurable time.
    pub has_timed_step: bool,
    /// Minutes (a business day is 1440) of every follow-up we promise
    /// ("we will contact you within 4 hours").
    pub follow_up_minutes: Vec<u32>,
    /// Lower-case words of the whole reply, for name checks.
    pub words: BTreeSet<String>,
}

impl Reading {
    pub fn commitments(&self) -> BTreeSet<Commitment> {
        self.moves
            .iter()
            .filter_map(|m| match m {
                Move::Commit(c) => Some(*c),
                _ => None,
            })
            .collect()
    }
}

/// The commitments of a reply (a shorthand of [`read`]).
pub fn commitments(text: &str) -> BTreeSet<Commitment> {
    read(text).commitments()
}

/// Read a reply.
pub fn read(text: &str) -> Reading {
    let mut reading = Reading::default();
    for sentence in sentences(text) {
        let tokens = tokenize(&sentence);
        reading
            .words
            .extend(tokens.iter().filter(|t| is_word(t)).cloned());
        let clauses = clauses(&tokens);
        let hedged = clauses.iter().any(|c| is_approval_condition(&c.tokens));
        let mut previous_request = false;
        for clause in &clauses {
            if !hedged {
                for commitment in clause_commitments(clause) {
                    reading.moves.insert(Move::Commit(commitment));
                }
            }
            // After "and", a bare verb continues the previous clause: a
            // request after a request ("please reset it and turn on 2FA"),
            // a statement after a statement ("we will review it and update
            // you").
            let imperative = !clause.inherits_actor || previous_request;
            let request = is_request(&clause.tokens, imperative);
            read_moves(&clause.tokens, request, &mut reading);
            read_violations(&clause.tokens, &mut reading.violations);
            reading.has_request |= request;
            previous_request = request;
        }
        let time = timeframe(&tokens);
        if let Some(minutes) = time {
            if clauses.iter().any(|c| has_future(&c.tokens)) {
                reading.has_timed_step = true;
            }
            if clauses.iter().any(is_follow_up) {
                reading.follow_up_minutes.push(minutes);
            }
        }
    }
    reading
}

/// Split into sentences at `.!?;` and line breaks, keeping decimal points
/// (`$12.50`) inside numbers.
fn sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let decimal = c == '.'
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        if matches!(c, '.' | '!' | '?' | ';' | '\n') && !decimal {
            if !current.trim().is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.clear();
        } else {
            current.push(c);
        }
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// Clause breaks are kept as the token `,`.
const BREAK: &str = ",";

fn is_word(token: &str) -> bool {
    token != BREAK
}

/// Lower-case words with contractions expanded (`won't` -> `will not`,
/// `we'll` -> `we will`); punctuation that separates clauses becomes `,`.
fn tokenize(sentence: &str) -> Vec<String> {
    let lowered = sentence
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'");
    let mut tokens = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<String>| {
        let w = word.trim_matches(|c| c == '\'' || c == '-');
        if !w.is_empty() {
            expand(w, tokens);
        }
        word.clear();
    };
    for c in lowered.chars() {
        if c.is_alphanumeric() || c == '\'' || c == '-' || c == '$' {
            word.push(c);
        } else {
            flush(&mut word, &mut tokens);
            if matches!(
                c,
                ',' | ':' | '(' | ')' | '"' | '\u{2013}' | '\u{2014}' | '\u{201c}' | '\u{201d}'
            ) {
                tokens.push(BREAK.to_owned());
            }
        }
    }
    flush(&mut word, &mut tokens);
    tokens
}

fn expand(word: &str, tokens: &mut Vec<String>) {
    let mut push = |parts: &[&str]| tokens.extend(parts.iter().map(|p| (*p).to_owned()));
    match word {
        "won't" => return push(&["will", "not"]),
        "can't" | "cannot" => return push(&["can", "not"]),
        "shan't" => return push(&["shall", "not"]),
        "it's" | "that's" | "there's" | "what's" | "here's" | "who's" => {
            let stem = &word[..word.len() - 2];
            return push(&[stem, "is"]);
        }
        _ => {}
    }
    for (suffix, meaning) in [
        ("n't", "not"),
        ("'ll", "will"),
        ("'ve", "have"),
        ("'re", "are"),
        ("'m", "am"),
        ("'d", "would"),
        ("'s", ""),
    ] {
        if let Some(stem) = word.strip_suffix(suffix) {
            let stem = stem.replace('\'', "");
            if !stem.is_empty() {
                tokens.push(stem);
            }
            if !meaning.is_empty() {
                tokens.push(meaning.to_owned());
            }
            return;
        }
    }
    tokens.push(word.replace('\'', ""));
}

/// A clause, and whether it continues the previous one after `and` (it then
/// shares that clause's actor: "we will review and refund it").
struct Clause {
    tokens: Vec<String>,
    inherits_actor: bool,
}

const CLAUSE_WORDS: &[&str] = &[
    "but",
    "however",
    "although",
    "though",
    "so",
    "because",
    "and",
    "while",
    "whereas",
    "which",
    "meanwhile",
];

fn clauses(tokens: &[String]) -> Vec<Clause> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    let mut inherits = false;
    for token in tokens {
        let t = token.as_str();
        if t == BREAK || CLAUSE_WORDS.contains(&t) {
            if !current.is_empty() {
                out.push(Clause {
                    tokens: std::mem::take(&mut current),
                    inherits_actor: inherits,
                });
            }
            // ", and" keeps the `and`: only `and` carries the actor over.
            inherits = t == "and";
        } else {
            current.push(token.clone());
        }
    }
    if !current.is_empty() {
        out.push(Clause {
            tokens: current,
            inherits_actor: inherits,
        });
    }
    out
}

fn has(tokens: &[String], word: &str) -> bool {
    tokens.iter().any(|t| t == word)
}

fn any_of(tokens: &[String], words: &[&str]) -> bool {
    tokens.iter().any(|t| words.contains(&t.as_str()))
}

fn position(tokens: &[String], words: &[&str]) -> Option<usize> {
    tokens.iter().position(|t| words.contains(&t.as_str()))
}

/// `tokens` contains `phrase` (space-separated words) at some position.
fn has_phrase(tokens: &[String], phrase: &str) -> bool {
    phrase_at(tokens, phrase).is_some()
}

fn phrase_at(tokens: &[String], phrase: &str) -> Option<usize> {
    let words: Vec<&str> = phrase.split(' ').collect();
    if words.len() > tokens.len() {
        return None;
    }
    (0..=tokens.len() - words.len())
        .find(|&i| words.iter().enumerate().all(|(j, w)| tokens[i + j] == *w))
}

const NEGATORS: &[&str] = &[
    "not", "no", "never", "nor", "unable", "neither", "nobody", "none", "nothing", "without",
];

fn negated_between(tokens: &[String], from: usize, to: usize) -> bool {
    tokens
        .get(from..to.min(tokens.len()))
        .is_some_and(|span| any_of(span, NEGATORS) || has_phrase(span, "no longer"))
}

// ---------------------------------------------------------------- commitments

/// Words on our side of the conversation.
const COMPANY_ACTORS: &[&str] = &[
    "we",
    "i",
    "us",
    "our",
    "team",
    "supervisor",
    "manager",
    "officer",
    "company",
    "desk",
];

/// Between an actor and the verb, these make the verb someone's wish, not
/// our promise: "you asked us to delete it".
const REPORTING: &[&str] = &[
    "ask",
    "asked",
    "asking",
    "asks",
    "request",
    "requested",
    "requesting",
    "want",
    "wanted",
    "wants",
    "wish",
    "like",
    "demand",
    "demanded",
    "demanding",
    "expect",
    "expected",
    "expecting",
    "hope",
    "hoped",
    "hoping",
    "mentioned",
    "said",
    "wrote",
    "told",
    "claim",
    "claimed",
    "threatened",
];

/// Words that leave the outcome open: "whether a refund is possible".
const HEDGES: &[&str] = &["whether", "if", "unless"];

/// A true condition on someone's approval hedges every commitment of its
/// sentence: "if the supervisor approves it, we will refund you". "Once"
/// and "after" presuppose the outcome, so they hedge nothing.
const CONDITIONS: &[&str] = &["if", "provided", "assuming", "unless"];
const APPROVALS: &[&str] = &[
    "approve",
    "approves",
    "approved",
    "approval",
    "decide",
    "decides",
    "decided",
    "decision",
    "exception",
    "authorise",
    "authorises",
    "authorised",
    "authorize",
    "authorizes",
    "authorized",
    "agree",
    "agrees",
    "agreed",
    "eligible",
    "grants",
    "signs",
];

fn is_approval_condition(tokens: &[String]) -> bool {
    match position(tokens, CONDITIONS) {
        Some(i) => any_of(&tokens[i..], APPROVALS),
        None => false,
    }
}

/// Verbs that are themselves the commitment. Third-person forms
/// ("refunds", "deletes") are left out: in a reply they describe policy
/// ("our policy refunds duplicate charges"), not a promise.
fn direct_verb(word: &str) -> Option<Commitment> {
    Some(match word {
        "refund" | "refunded" | "refunding" | "reimburse" | "reimbursed" | "reimbursing"
        | "repay" | "repaid" | "repaying" => Commitment::Refund,
        "credit" | "credited" | "crediting" | "compensate" | "compensated" | "compensating" => {
            Commitment::Credit
        }
        "delete" | "deleted" | "deleting" | "erase" | "erased" | "erasing" | "wipe" | "wiped"
        | "wiping" | "purge" | "purged" | "destroy" | "destroyed" => Commitment::Deletion,
        "waive" | "waived" | "waiving" => Commitment::Waiver,
        _ => return None,
    })
}

/// Nouns that name a commitment when something is done to them.
fn commitment_noun(word: &str) -> Option<Commitment> {
    Some(match word {
        "refund" | "refunds" | "reimbursement" => Commitment::Refund,
        "credit" | "credits" | "compensation" | "voucher" | "discount" | "goodwill" => {
            Commitment::Credit
        }
        "deletion" | "erasure" => Commitment::Deletion,
        "waiver" => Commitment::Waiver,
        "request" => Commitment::Grant,
        _ => return None,
    })
}

/// A noun followed by one of these is talked about, not given: "your
/// refund request", "our refund policy".
const MENTION_FOLLOWERS: &[&str] = &[
    "request",
    "requests",
    "policy",
    "policies",
    "window",
    "eligibility",
    "rules",
    "terms",
    "form",
    "question",
    "questions",
    "claim",
    "amount",
    "period",
    "team",
    "officer",
    "options",
    "card",
    "cards",
];

/// Determiners before a direct verb make it a noun ("a refund").
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "my", "our", "this", "that", "any", "no", "full", "partial", "its",
    "their", "his", "her",
];

/// Verbs that commit us when their object is a commitment noun.
const GIVING_VERBS: &[&str] = &[
    "issue",
    "issued",
    "issuing",
    "process",
    "processed",
    "processing",
    "approve",
    "approved",
    "approving",
    "grant",
    "granted",
    "granting",
    "give",
    "given",
    "giving",
    "send",
    "sent",
    "sending",
    "arrange",
    "arranged",
    "provide",
    "provided",
    "offer",
    "offered",
    "offering",
    "promise",
    "promised",
    "guarantee",
    "guaranteed",
    "authorise",
    "authorised",
    "authorize",
    "authorized",
    "ensure",
    "make",
    "get",
    "getting",
    "apply",
    "applied",
    "add",
    "added",
    "complete",
    "completed",
    "confirm",
    "confirmed",
    "initiate",
    "initiated",
    "start",
    "started",
    "release",
    "released",
    "return",
    "returned",
    "honour",
    "honor",
    "fulfil",
    "fulfill",
    "carry",
    "perform",
    "pay",
];

/// Verbs the customer is the subject of in a commitment: "you will get a
/// refund", "you'll see the credit on your next invoice".
const RECEIVING_VERBS: &[&str] = &["get", "getting", "receive", "receiving", "see", "have"];

/// Only these grant an unnamed request: approving or honouring it.
const GRANTING_VERBS: &[&str] = &[
    "approve",
    "approved",
    "approving",
    "grant",
    "granted",
    "granting",
    "honour",
    "honor",
    "fulfil",
    "fulfill",
];

/// Verbs whose commitment depends on the object: "remove your data"
/// deletes, "remove the fee" waives, "reverse the charge" refunds.
fn object_verb(word: &str) -> bool {
    matches!(
        word,
        "remove"
            | "removed"
            | "removing"
            | "cancel"
            | "cancelled"
            | "canceled"
            | "reverse"
            | "reversed"
            | "drop"
            | "dropped"
            | "clear"
            | "cleared"
            | "scrap"
            | "scrapped"
    )
}

fn object_category(word: &str) -> Option<Commitment> {
    match word {
        "data" | "information" | "records" | "record" | "history" | "files" | "account"
        | "details" | "everything" => Some(Commitment::Deletion),
        "fee" | "fees" | "penalty" | "surcharge" => Some(Commitment::Waiver),
        "charge" | "charges" | "payment" | "transaction" => Some(Commitment::Refund),
        _ => None,
    }
}

/// What deleting can be done to for it to be a deletion commitment: "we
/// will delete your data" is one, "we deleted the leaked key" is not.
fn deletion_object(word: &str) -> bool {
    object_category(word) == Some(Commitment::Deletion)
        || matches!(
            word,
            "it" | "them" | "all" | "you" | "profile" | "workspace"
        )
}

/// States that say a commitment is done or decided: "refund approved".
fn outcome_state(word: &str) -> bool {
    matches!(
        word,
        "approved"
            | "processed"
            | "issued"
            | "granted"
            | "confirmed"
            | "completed"
            | "complete"
            | "done"
            | "initiated"
            | "sent"
            | "arranged"
            | "applied"
            | "authorised"
            | "authorized"
            | "underway"
            | "removed"
            | "cancelled"
            | "canceled"
            | "reversed"
            | "dropped"
            | "honoured"
            | "honored"
            | "on"
    ) || (direct_verb(word).is_some() && (word.ends_with("ed") || word == "repaid"))
}

/// The commitment an outcome states about `subject`, if any.
fn outcome_category(subject: &str, state: &str) -> Option<Commitment> {
    if let Some(c) = direct_verb(state) {
        // "refunded", "waived", "credited" name the commitment; "deleted"
        // only of the customer's data or account.
        return match c {
            Commitment::Deletion => deletion_object(subject)
                .then_some(c)
                .filter(|_| !matches!(subject, "it" | "them" | "all" | "you")),
            _ => commitment_noun(subject)
                .or(object_category(subject))
                .map(|_| c)
                .or_else(|| matches!(subject, "you" | "it" | "amount" | "money").then_some(c)),
        };
    }
    if state == "on" {
        // "your refund is on its way"
        return commitment_noun(subject).filter(|c| *c == Commitment::Refund);
    }
    let removal = matches!(
        state,
        "removed" | "cancelled" | "canceled" | "reversed" | "dropped"
    );
    if removal {
        return object_category(subject);
    }
    match commitment_noun(subject)? {
        // An unnamed request is granted only by approval words.
        Commitment::Grant => matches!(state, "approved" | "granted" | "honoured" | "honored")
            .then_some(Commitment::Grant),
        c => Some(c),
    }
}

/// Index of the first word on our side before `end`.
fn actor_before(tokens: &[String], end: usize) -> Option<usize> {
    tokens[..end]
        .iter()
        .position(|t| COMPANY_ACTORS.contains(&t.as_str()))
}

fn clause_commitments(clause: &Clause) -> BTreeSet<Commitment> {
    let tokens = &clause.tokens;
    let mut found = BTreeSet::new();
    // Whatever follows "whether" or "if" is left open.
    let open_until = position(tokens, HEDGES).unwrap_or(tokens.len());
    for (k, token) in tokens.iter().enumerate().take(open_until) {
        let previous = k.checked_sub(1).map(|p| tokens[p].as_str());
        let next = tokens.get(k + 1).map(String::as_str);
        let company = actor_before(tokens, k).or(clause.inherits_actor.then_some(0));
        let customer = tokens[..k].iter().position(|t| t == "you");
        // Nothing negating between the actor and `to`, and nothing before
        // `to` making it someone's wish ("you asked us to refund it").
        let clean = |from: usize, to: usize| {
            !negated_between(tokens, from, to)
                && !any_of(&tokens[..to.min(tokens.len())], REPORTING)
        };

        // 1. A verb that is the commitment: "we will refund you".
        if let Some(c) = direct_verb(token)
            && !previous.is_some_and(|p| DETERMINERS.contains(&p))
            && !next.is_some_and(|n| MENTION_FOLLOWERS.contains(&n))
            && (c != Commitment::Deletion
                || next.is_none()
                || tokens[k + 1..].iter().take(5).any(|t| deletion_object(t)))
        {
            let by_company = company.is_some_and(|a| clean(a, k));
            let to_customer = customer.is_some_and(|a| {
                clean(a, k)
                    && matches!(
                        token.as_str(),
                        "refunded" | "credited" | "reimbursed" | "compensated"
                    )
            });
            if by_company || to_customer {
                found.insert(c);
                continue;
            }
        }
        // "pay you back" refunds.
        if matches!(token.as_str(), "pay" | "paid")
            && tokens[k + 1..].iter().take(3).any(|t| t == "back")
            && company.is_some_and(|a| clean(a, k))
        {
            found.insert(Commitment::Refund);
            continue;
        }
        // 2. A giving verb with a commitment noun: "we'll issue a full refund".
        let giving = GIVING_VERBS.contains(&token.as_str());
        let receiving = RECEIVING_VERBS.contains(&token.as_str());
        let removing = object_verb(token);
        if giving || receiving || removing {
            for (offset, object) in tokens[k + 1..].iter().take(5).enumerate() {
                let n = k + 1 + offset;
                let after = tokens.get(n + 1).map(String::as_str);
                let category = if removing {
                    object_category(object)
                } else if object == "money" {
                    (after == Some("back") || matches!(token.as_str(), "return" | "returned"))
                        .then_some(Commitment::Refund)
                } else if object == "free" && after.is_some_and(|w| w.starts_with("month")) {
                    Some(Commitment::Credit)
                } else {
                    commitment_noun(object)
                        .filter(|_| !after.is_some_and(|w| MENTION_FOLLOWERS.contains(&w)))
                        .filter(|c| {
                            *c != Commitment::Grant || GRANTING_VERBS.contains(&token.as_str())
                        })
                };
                let Some(c) = category else { continue };
                let by_company = (giving || removing) && company.is_some_and(|a| clean(a, n));
                let to_customer = receiving && customer.is_some_and(|a| clean(a, n));
                if by_company || to_customer {
                    found.insert(c);
                }
                break;
            }
        }
        // 3. A stated outcome: "refund approved", "your data has been deleted".
        if outcome_state(token) && k > 0 {
            if token == "on" && tokens.get(k + 2).is_none_or(|t| t != "way") {
                continue;
            }
            for s in (k.saturating_sub(6)..k).rev() {
                let Some(c) = outcome_category(&tokens[s], token) else {
                    continue;
                };
                let negated = negated_between(tokens, s, k)
                    || (direct_verb(token).is_some() && any_of(&tokens[s..k], REPORTING))
                    || previous_is(tokens, s, "no")
                    || any_of(&tokens[..s], REPORTING)
                    || any_of(&tokens[..s], NEGATORS);
                if !negated {
                    found.insert(c);
                }
                break;
            }
        }
    }
    found
}

fn previous_is(tokens: &[String], index: usize, word: &str) -> bool {
    index > 0 && tokens[index - 1] == word
}

// ---------------------------------------------------------------- moves

const TEAMS: &[(Team, &[&str])] = &[
    (
        Team::Billing,
        &[
            "billing supervisor",
            "billing team",
            "billing manager",
            "billing department",
            "billing specialist",
            "billing specialists",
            "finance team",
        ],
    ),
    (
        Team::Privacy,
        &[
            "privacy officer",
            "privacy team",
            "data protection officer",
            "data protection team",
            "dpo",
        ],
    ),
    (
        Team::Legal,
        &[
            "legal team",
            "legal department",
            "legal counsel",
            "legal colleagues",
        ],
    ),
    (
        Team::Security,
        &[
            "security team",
            "security engineers",
            "security specialists",
            "security department",
            "incident response",
        ],
    ),
];

/// Request markers: "please", "could you", "we need you to", ...; and,
/// when `imperative`, a clause that opens with a verb ("Reply from ...").
fn request_start(tokens: &[String], imperative: bool) -> Option<usize> {
    for marker in [
        "please",
        "kindly",
        "could you",
        "can you",
        "would you",
        "we need",
        "we will need",
        "we would need",
        "i need",
        "i will need",
        "need you to",
        "let us know",
        "reply with",
        "reply from",
        "send us",
        "we ask you",
        "we would ask",
        "i would ask",
        "ask you to",
    ] {
        if let Some(i) = phrase_at(tokens, marker) {
            return Some(i);
        }
    }
    // An imperative at the start of the clause: "Reply from ...".
    let first = tokens.first()?.as_str();
    (imperative && IMPERATIVES.contains(&first)).then_some(0)
}

const IMPERATIVES: &[&str] = &[
    "reply",
    "send",
    "reset",
    "change",
    "revoke",
    "rotate",
    "enable",
    "confirm",
    "provide",
    "forward",
    "upload",
    "attach",
    "share",
    "write",
    "update",
    "check",
    "try",
    "verify",
    "turn",
    "set",
    "sign",
    "log",
    "include",
    "tell",
    "respond",
    "regenerate",
    "replace",
    "deactivate",
];

const REQUEST_VERBS: &[&str] = &[
    "reply",
    "send",
    "reset",
    "change",
    "revoke",
    "rotate",
    "enable",
    "confirm",
    "provide",
    "forward",
    "upload",
    "attach",
    "share",
    "write",
    "update",
    "check",
    "try",
    "verify",
    "turn",
    "set",
    "sign",
    "log",
    "include",
    "tell",
    "let",
    "respond",
    "regenerate",
    "replace",
    "deactivate",
    "give",
    "complete",
    "fill",
];

/// A concrete request to the customer; boilerplate ("let us know if you
/// have any questions") and negated requests ("please do not reply") are
/// not requests.
fn is_request(tokens: &[String], imperative: bool) -> bool {
    let Some(start) = request_start(tokens, imperative) else {
        return false;
    };
    let boilerplate = has_phrase(tokens, "if you have")
        || has_phrase(tokens, "anything else")
        || has(tokens, "questions");
    !boilerplate
        && !negated_between(tokens, 0, tokens.len())
        && (tokens[start..]
            .iter()
            .any(|t| REQUEST_VERBS.contains(&t.as_str()))
            || has_phrase(tokens, "we need")
            || has_phrase(tokens, "i need"))
}

fn read_moves(tokens: &[String], request: bool, reading: &mut Reading) {
    for (team, phrases) in TEAMS {
        for phrase in *phrases {
            if let Some(at) = phrase_at(tokens, phrase) {
                let theirs = at > 0 && matches!(tokens[at - 1].as_str(), "your" | "their");
                if !theirs && !negated_between(tokens, 0, at) {
                    reading.moves.insert(Move::Escalate(*team));
                }
            }
        }
    }
    if !request {
        return;
    }
    let invoice = tokens.iter().enumerate().any(|(i, t)| {
        matches!(t.as_str(), "invoice" | "order" | "receipt")
            && tokens
                .get(i + 1)
                .is_some_and(|n| matches!(n.as_str(), "number" | "numbers" | "id" | "reference"))
    }) || tokens.iter().any(|t| t.starts_with("inv-"));
    if invoice {
        reading.moves.insert(Move::AskInvoice);
    }
    let verification = any_of(
        tokens,
        &[
            "verify",
            "verification",
            "identity",
            "registered",
            "verified",
        ],
    ) || has_phrase(tokens, "on file")
        || has_phrase(tokens, "account email")
        || has_phrase(tokens, "account owner");
    if verification {
        reading.moves.insert(Move::AskVerification);
    }
    let secure = (any_of(tokens, &["reset", "change", "update"])
        && any_of(tokens, &["password", "passwords"]))
        || (any_of(
            tokens,
            &[
                "revoke",
                "rotate",
                "regenerate",
                "replace",
                "deactivate",
                "disable",
            ],
        ) && any_of(tokens, &["key", "keys", "token", "tokens", "credentials"]))
        || (any_of(tokens, &["enable", "turn", "set", "activate"])
            && any_of(
                tokens,
                &[
                    "two-factor",
                    "2fa",
                    "mfa",
                    "multi-factor",
                    "two-step",
                    "authentication",
                ],
            ));
    if secure {
        reading.moves.insert(Move::AskSecure);
    }
}

// ---------------------------------------------------------------- violations

const CREDENTIALS: &[&str] = &[
    "password",
    "passwords",
    "passcode",
    "pin",
    "cvv",
    "cvc",
    "otp",
];
const CREDENTIAL_PHRASES: &[&str] = &[
    "card number",
    "security code",
    "one-time code",
    "verification code",
    "2fa code",
    "login code",
    "login details",
    "sign-in details",
];
const ASKING_VERBS: &[&str] = &[
    "send", "share", "provide", "tell", "give", "email", "reply", "include", "confirm", "need",
    "what", "type", "post",
];

fn read_violations(tokens: &[String], violations: &mut BTreeSet<Violation>) {
    // Asking for a secret: "please send us your password". The secret must
    // be the verb's own object: "confirm once you have reset your password"
    // asks for no secret.
    for (k, token) in tokens.iter().enumerate() {
        if !ASKING_VERBS.contains(&token.as_str()) || negated_between(tokens, 0, k) {
            continue;
        }
        for j in k + 1..(k + 6).min(tokens.len()) {
            if REQUEST_VERBS.contains(&tokens[j].as_str()) {
                break;
            }
            let phrase = CREDENTIAL_PHRASES
                .iter()
                .any(|p| phrase_at(&tokens[j..], p) == Some(0));
            if CREDENTIALS.contains(&tokens[j].as_str()) || phrase {
                violations.insert(Violation::CredentialRequest);
                break;
            }
        }
    }
    // Admitting fault: "this is our fault", "we accept full responsibility".
    for (k, token) in tokens.iter().enumerate() {
        let t = token.as_str();
        let ours = k > 0 && matches!(tokens[k - 1].as_str(), "our" | "my");
        let admitted = (ours && matches!(t, "fault" | "mistake" | "error" | "negligence"))
            || (matches!(t, "responsible" | "liable" | "negligent" | "culpable")
                && actor_before(tokens, k).is_some()
                && !(t == "responsible"
                    && tokens.get(k + 1).is_some_and(|n| n == "for")
                    && tokens.get(k + 2).is_some_and(|n| n.ends_with("ing"))))
            || (matches!(t, "responsibility" | "liability" | "blame" | "fault")
                && any_of(
                    &tokens[k.saturating_sub(3)..k],
                    &[
                        "accept",
                        "accepts",
                        "accepted",
                        "take",
                        "takes",
                        "admit",
                        "admits",
                        "admitted",
                        "acknowledge",
                        "acknowledges",
                        "own",
                    ],
                ))
            || (matches!(t, "admit" | "admits" | "admitted") && actor_before(tokens, k).is_some())
            || (matches!(t, "made" | "make")
                && tokens
                    .get(k + 1..(k + 3).min(tokens.len()))
                    .is_some_and(|n| any_of(n, &["mistake", "error", "mess"])))
            || (matches!(t, "messed" | "screwed") && tokens.get(k + 1).is_some_and(|n| n == "up"));
        if admitted && !negated_between(tokens, 0, k) {
            violations.insert(Violation::LiabilityAdmission);
        }
    }
    if assures_safety(tokens) {
        violations.insert(Violation::SafetyAssurance);
    }
}

const THINGS: &[&str] = &[
    "data",
    "information",
    "account",
    "files",
    "records",
    "details",
    "documents",
];
const BE: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "remains", "remain", "stays", "stay",
];

/// "your data is safe", "no data was accessed", "your files were not
/// exposed": an all-clear the desk cannot give. Not when it is itself
/// negated or left open: "we cannot yet confirm that your data is safe",
/// "we are checking whether any data was accessed".
fn assures_safety(tokens: &[String]) -> bool {
    let safe = [
        "safe",
        "secure",
        "protected",
        "unaffected",
        "intact",
        "fine",
    ];
    let harmed = [
        "accessed",
        "compromised",
        "exposed",
        "leaked",
        "stolen",
        "affected",
        "viewed",
        "breached",
    ];
    let open = |span: &[String]| any_of(span, NEGATORS) || any_of(span, HEDGES);
    for (k, token) in tokens.iter().enumerate() {
        let Some(s) = tokens[..k]
            .iter()
            .rposition(|t| THINGS.contains(&t.as_str()) || t == "nothing")
        else {
            continue;
        };
        if safe.contains(&token.as_str()) && k - s <= 4 && any_of(&tokens[s..k], BE) {
            if !open(&tokens[..k]) {
                return true;
            }
        } else if harmed.contains(&token.as_str()) && k - s <= 5 {
            // Where the denial starts: "no data", "none of your data", "nothing".
            let lead = if tokens[s] == "nothing" {
                Some(s)
            } else if s > 0 && matches!(tokens[s - 1].as_str(), "no" | "none") {
                Some(s - 1)
            } else {
                (s.saturating_sub(3)..s)
                    .find(|&i| tokens[i] == "none" && tokens.get(i + 1).is_some_and(|n| n == "of"))
            };
            let denied_after = negated_between(tokens, s + 1, k);
            match lead {
                Some(l) if !open(&tokens[..l]) => return true,
                None if denied_after && !open(&tokens[..s]) => return true,
                _ => {}
            }
        }
    }
    has_phrase(tokens, "no risk") && !any_of(tokens, &["not", "never", "whether", "if"])
}

// ---------------------------------------------------------------- next steps

const FUTURE: &[&str] = &["will", "shall"];

fn has_future(tokens: &[String]) -> bool {
    (any_of(tokens, FUTURE) || has_phrase(tokens, "going to"))
        && !negated_between(tokens, 0, tokens.len())
}

const FOLLOW_UP_VERBS: &[&str] = &[
    "contact",
    "update",
    "reply",
    "respond",
    "follow",
    "reach",
    "call",
    "email",
    "write",
    "hear",
    "review",
    "investigate",
    "look",
    "answer",
    "assess",
    "examine",
];

/// A promise of our next response: "we will contact you within 4 hours",
/// "you will hear from our legal team by the end of the day". Other dated
/// promises ("we will refund it within 5 business days") are not held to
/// the SLA, which is about responding.
fn is_follow_up(clause: &Clause) -> bool {
    let tokens = &clause.tokens;
    let Some(f) = tokens.iter().position(|t| FUTURE.contains(&t.as_str())) else {
        return false;
    };
    let actor = actor_before(tokens, f).is_some() || clause.inherits_actor;
    let hear = tokens[..f].iter().any(|t| t == "you") && has(&tokens[f..], "hear");
    let rest = &tokens[f + 1..];
    let verb = rest
        .iter()
        .take(4)
        .any(|t| FOLLOW_UP_VERBS.contains(&t.as_str()))
        || ["get back", "be in touch", "come back", "circle back"]
            .iter()
            .any(|p| has_phrase(rest, p));
    (actor || hear) && verb
}

fn number(word: &str) -> Option<u32> {
    if let Ok(n) = word.parse::<u32>() {
        return Some(n);
    }
    Some(match word {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "twelve" => 12,
        "fifteen" => 15,
        "twenty" => 20,
        "thirty" => 30,
        "twenty-four" => 24,
        "forty-eight" => 48,
        "seventy-two" => 72,
        _ => return None,
    })
}

/// Minutes per unit; a business (or any) day counts 1440, a week five days.
fn unit(word: &str) -> Option<u32> {
    Some(match word {
        "minute" | "minutes" | "min" | "mins" => 1,
        "hour" | "hours" | "hr" | "hrs" => 60,
        "day" | "days" => 1440,
        "week" | "weeks" => 5 * 1440,
        "month" | "months" => 30 * 1440,
        _ => return None,
    })
}

/// The first measurable time in a sentence, in minutes: "within 4 hours",
/// "in the next 30 minutes", "within one business day", "today",
/// "tomorrow". Vague times ("shortly", "soon") are none.
fn timeframe(tokens: &[String]) -> Option<u32> {
    for (i, token) in tokens.iter().enumerate() {
        match token.as_str() {
            "within" | "in" => {
                let mut j = i + 1;
                if tokens.get(j).is_some_and(|t| t == "the") {
                    j += 1;
                    if tokens.get(j).is_some_and(|t| t == "next") {
                        j += 1;
                    } else if tokens.get(j).is_some_and(|t| t == "hour") {
                        return Some(60);
                    }
                }
                if tokens.get(j).is_some_and(|t| t == "half") {
                    return Some(30);
                }
                let n = tokens.get(j).and_then(|t| number(t));
                let mut u = j + usize::from(n.is_some());
                while tokens
                    .get(u)
                    .is_some_and(|t| matches!(t.as_str(), "business" | "working" | "calendar"))
                {
                    u += 1;
                }
                if let Some(per) = tokens.get(u).and_then(|t| unit(t)) {
                    return Some(n.unwrap_or(1) * per);
                }
            }
            "today" | "tonight" => return Some(480),
            "tomorrow" => return Some(1440),
            "eod" => return Some(480),
            "end" if tokens.get(i + 1..i + 4).is_some_and(|n| has(n, "day")) => {
                return Some(480);
            }
            "next"
                if tokens
                    .get(i + 1..i + 3)
                    .is_some_and(|n| has(n, "day") && any_of(n, &["business", "working"])) =>
            {
                return Some(1440);
            }
            "this" if tokens.get(i + 1).is_some_and(|t| t == "afternoon") => return Some(480),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_expand_contractions_and_keep_breaks() {
        let t = tokenize("We won't refund you, but we'll credit it; it's fine");
        assert_eq!(
            t,
            [
                "we", "will", "not", "refund", "you", ",", "but", "we", "will", "credit", "it",
                "it", "is", "fine"
            ]
        );
        assert_eq!(sentences("Pay $12.50 now. Then wait!").len(), 2);
    }

    #[test]
    fn timeframes() {
        for (text, minutes) in [
            ("we will reply within 4 hours", Some(240)),
            ("within one business day", Some(1440)),
            ("in the next 30 minutes", Some(30)),
            ("within the hour", Some(60)),
            ("by the end of the day", Some(480)),
            ("within 3 working days", Some(3 * 1440)),
            ("shortly", None),
            ("within our 30-day window", None),
        ] {
            assert_eq!(timeframe(&tokenize(text)), minutes, "{text}");
        }
    }
}
