//! What a reply is read as: the outcomes it promises ([`Commitment`]), the
//! moves it makes ([`Move`]), the rules it breaks ([`Violation`]), when its
//! follow-ups are due ([`When`]), and the [`Reading`] that gathers them with
//! the sentence each was read in. Every reader of the reply records into a
//! [`Reading`], so these types sit below them all and below the entry that
//! runs them ([`super::read`]).

use std::collections::{BTreeMap, BTreeSet};

use crate::text::Text;

/// An outcome the reply promises the customer (or says is done).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Commitment {
    /// Money returned: a refund, a reversed charge, "your money back".
    Refund,
    /// Account credit, compensation, vouchers, discounts, free months.
    Credit,
    /// A fee removed, waived or not payable.
    Waiver,
    /// Data erased or gone.
    Deletion,
    /// Access to an account, seat or workspace restored.
    AccessRestored,
    /// An exception to the policy made for the customer.
    Exception,
    /// A date by which the case will be resolved (not a date we will next
    /// respond by, which is the follow-up a next step gives).
    Deadline,
    /// Granting "your request" without naming it.
    Grant,
}

impl Commitment {
    /// Every outcome a reply can promise.
    pub const ALL: [Commitment; 8] = [
        Commitment::Refund,
        Commitment::Credit,
        Commitment::Waiver,
        Commitment::Deletion,
        Commitment::AccessRestored,
        Commitment::Exception,
        Commitment::Deadline,
        Commitment::Grant,
    ];
}

/// The team an escalation is handed to, as the policy names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Team {
    /// Billing, for money matters.
    Billing,
    /// Privacy, for data and deletion requests.
    Privacy,
    /// Legal, for threats and demands.
    Legal,
    /// Security, for leaks and breaches.
    Security,
}

/// One thing a reply does about the case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Move {
    /// A firm promise of an outcome.
    Commit(Commitment),
    /// Hands the ticket to this team.
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
    /// Asks for a password, key or other credential.
    CredentialRequest,
    /// Admits the vendor is liable (to blame, at fault).
    LiabilityAdmission,
    /// Assures the customer that their data or account is safe.
    SafetyAssurance,
    /// Asks for personal data no case needs (a passport, a utility bill,
    /// a date of birth): the identity is verified from the account email.
    PersonalDataRequest,
    /// Reports a change we made to the account that the case did not
    /// need (a password reset, sign-in protection turned off, the plan or
    /// its users changed): policy section 5, "do what its case needs and
    /// nothing it does not".
    UnneededAccountChange,
}

/// A part of the customer's account a reply may report changing: a
/// change the case does not call for is [`Violation::UnneededAccountChange`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AccountPart {
    /// The password or other sign-in secret ("reset your password").
    Password,
    /// Two-factor sign-in and the sessions signed in ("turned off
    /// two-factor authentication").
    SignInProtection,
    /// The plan or subscription ("downgraded your plan").
    Plan,
    /// The account's users, seats, roles and ownership ("transferred
    /// ownership of the workspace to you").
    Users,
    /// The email address on record ("changed your account email").
    Email,
    /// API keys and tokens ("revoked and regenerated the API key").
    Keys,
    /// Access to the account, seat or workspace given back ("unlocked your
    /// account", "reactivated your seat").
    Access,
}

/// When something is due, as the reply words it; the grader turns it into
/// minutes after the ticket arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// A duration from now, in minutes (a business day is 1440).
    Within(u32),
    /// A day, and a time of day when one was given and read.
    On {
        /// The day named.
        day: DayWord,
        /// The time of day in minutes after midnight; `None` when none was given or read.
        minute: Option<u32>,
    },
}

/// A day named relative to the ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayWord {
    /// The day the ticket arrived.
    Today,
    /// The day after.
    Tomorrow,
    /// 0 = Monday ... 6 = Sunday: the next such day.
    Weekday(u8),
}

/// One thing a reply was read as doing, for feedback that quotes the
/// sentence it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Finding {
    /// A move the reply makes.
    Move(Move),
    /// A promise with a hedge that leans towards the outcome.
    Leaning(Commitment),
    /// An outcome the reply says we will not give.
    Declined(Commitment),
    /// An outcome the reply says we will not give in full ("a full refund
    /// isn't possible").
    DeclinedWhole(Commitment),
    /// Something a reply must never say.
    Violation(Violation),
    /// A change we report making to a part of the account.
    AccountChange(AccountPart),
}

/// How much of the outcome a case asks for its reply needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// All of it: a refund of the whole charge, the whole fee waived.
    Whole,
    /// A part of it: a pro-rated refund of the unused months.
    Part,
}

/// Everything the grader needs to know about a reply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    /// Firm promises (as [`Move::Commit`]) and the other moves.
    pub moves: BTreeSet<Move>,
    /// Promises made with a hedge that still leans towards the outcome
    /// ("we will probably refund you", "we'll try to waive it"): never
    /// enough to deliver an outcome, always enough to break a rule.
    pub leaning: BTreeSet<Commitment>,
    /// Outcomes the reply says we will not give ("we cannot refund you").
    pub declined: BTreeSet<Commitment>,
    /// Outcomes the reply says we will not give in full ("a full refund
    /// isn't possible", "we can't refund the whole €156", "refunding the
    /// full year isn't something we can do"): a refusal of the outcome a
    /// case needs whole, none of the part a pro-rated refund gives
    /// ([`Extent`]).
    pub declined_whole: BTreeSet<Commitment>,
    /// Things the reply says that a reply must never say.
    pub violations: BTreeSet<Violation>,
    /// The parts of the account the reply reports we changed ("I've reset
    /// your password"), which the grader holds to what the case calls for
    /// ([`Reading::hold_account_changes_to`]).
    pub account_changes: BTreeSet<AccountPart>,
    /// The reply asks the customer to do something concrete.
    pub has_request: bool,
    /// The reply states a future action with a measurable time.
    pub has_timed_step: bool,
    /// A firm outcome is said as done or being done now ("we've waived
    /// the fee"): its time is now, so it is a next step of its own.
    pub outcome_done: bool,
    /// When each follow-up we promise is due ("we will contact you within
    /// 4 hours", "by 17:00 today").
    pub follow_ups: Vec<When>,
    /// Lower-case words of the whole reply, for name checks.
    pub words: BTreeSet<String>,
    /// The sentence of the reply each finding was first read in, so a
    /// deduction quotes what fired it and a player need not bisect.
    pub sources: BTreeMap<Finding, String>,
}

impl Reading {
    /// Record `finding`, read at word `at` of `text`: in its set, and its
    /// sentence as the source (the first one read is kept).
    pub(super) fn record(&mut self, finding: Finding, text: &Text, at: usize) {
        match finding {
            Finding::Move(m) => {
                self.moves.insert(m);
            }
            Finding::Leaning(c) => {
                self.leaning.insert(c);
            }
            Finding::Declined(c) => {
                self.declined.insert(c);
            }
            Finding::DeclinedWhole(c) => {
                self.declined_whole.insert(c);
            }
            Finding::Violation(v) => {
                self.violations.insert(v);
            }
            Finding::AccountChange(part) => {
                self.account_changes.insert(part);
            }
        }
        self.sources
            .entry(finding)
            .or_insert_with(|| sentence_of(text, at).to_owned());
    }

    /// Hold the account changes the reply reports to the parts the case
    /// calls for (`needed`): a change to any other part is
    /// [`Violation::UnneededAccountChange`], read in the sentence of the
    /// first such change (policy section 5: "do what its case needs and
    /// nothing it does not").
    pub fn hold_account_changes_to(&mut self, needed: &[AccountPart]) {
        let unneeded = self
            .account_changes
            .iter()
            .find(|part| !needed.contains(part))
            .copied();
        if let Some(part) = unneeded {
            let finding = Finding::Violation(Violation::UnneededAccountChange);
            self.violations.insert(Violation::UnneededAccountChange);
            if let Some(source) = self.source(Finding::AccountChange(part)).map(str::to_owned) {
                self.sources.entry(finding).or_insert(source);
            }
        }
    }

    /// The sentence `finding` was read in, when it was.
    pub fn source(&self, finding: Finding) -> Option<&str> {
        self.sources.get(&finding).map(String::as_str)
    }

    /// The outcomes promised firmly.
    pub fn commitments(&self) -> BTreeSet<Commitment> {
        crate::order::set_of(self.moves.iter().filter_map(|m| match m {
            Move::Commit(c) => Some(*c),
            _ => None,
        }))
    }

    /// Every outcome the reply can be read as promising, hedged ones
    /// included: the worst reading, which the rules hold it to.
    pub fn promised(&self) -> BTreeSet<Commitment> {
        let mut all = self.commitments();
        all.extend(self.leaning.iter().copied());
        all
    }

    /// Whether the reply delivers `outcome`, of which the case needs
    /// `extent`: promised firmly, and neither declined nor hedged
    /// elsewhere ("we will refund you ... we cannot refund you", "...
    /// we'll probably be able to refund you": the worst reading of a
    /// contradiction or a hedge delivers nothing). Declining the whole
    /// ("a full refund isn't possible, but you'll get back the part of the
    /// year you haven't used") declines a part needed only when the whole
    /// is needed.
    pub fn delivers(&self, outcome: Commitment, extent: Extent) -> bool {
        self.moves.contains(&Move::Commit(outcome))
            && !self.declined.contains(&outcome)
            && (extent == Extent::Part || !self.declined_whole.contains(&outcome))
            && !self.leaning.contains(&outcome)
    }

    /// The sentence that declines `outcome`, of which the case needs
    /// `extent`, when one does.
    pub fn declined_in(&self, outcome: Commitment, extent: Extent) -> Option<&str> {
        self.source(Finding::Declined(outcome)).or_else(|| {
            (extent == Extent::Whole)
                .then(|| self.source(Finding::DeclinedWhole(outcome)))
                .flatten()
        })
    }
}

/// The source text of the sentence holding word `at` (empty past the end).
fn sentence_of(text: &Text, at: usize) -> &str {
    let Some(word) = text.words.get(at) else {
        return "";
    };
    let from = text.sentence_start(at);
    let to = (at..text.len())
        .find(|&k| text.words[k].sentence != word.sentence)
        .unwrap_or(text.len());
    text.slice(from, to)
}
