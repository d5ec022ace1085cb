//! The written routing and reply policy, and the gold labels it gives.
//!
//! The generator ([`super::generate`]) writes each ticket from a [`Case`]:
//! the facts the policy reads (is the whole organisation blocked, is there
//! a workaround, how much was charged twice, how many days ago, from which
//! address). The facts are stated only in the ticket body and the customer
//! record, never in the subject. The functions here apply the policy text
//! in [`POLICY`] to those facts; the grader and the reference policy both
//! read the gold from here, so the text and the gold cannot drift apart
//! without a test failing.

use schemars::JsonSchema;
use serde::Serialize;

use super::action::{Department, Disposition, Priority};
use super::reply::{AccountPart, Commitment, Extent, Move, Team};

/// A refund is the desk's to approve up to this many calendar days after
/// the charge.
pub const REFUND_WINDOW_DAYS: i64 = 30;
/// A duplicate or unauthorised charge this large (cents) is high priority.
pub const DUPLICATE_HIGH_CENTS: i64 = 20_000;
/// The largest late fee (cents) the desk may waive.
pub const FEE_WAIVER_LIMIT_CENTS: i64 = 5_000;
/// The largest pro-rated refund (US cents, after conversion) of an annual
/// invoice the desk may give (policy section 6, levels 4 and 5).
pub const PRORATED_REFUND_LIMIT_CENTS: i64 = 30_000;
/// One waiver per this many days.
pub const WAIVER_COOLDOWN_DAYS: i64 = 365;

/// A customer's subscription plan, cheapest first: `Free`, `Starter`,
/// `Business` and `Enterprise`; the policy's rules depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[allow(
    missing_docs,
    reason = "documented unit variants would turn the schema's enum into oneOf; the type doc lists them"
)]
pub enum Plan {
    Free,
    Starter,
    Business,
    Enterprise,
}

impl Plan {
    /// Every plan, cheapest first.
    pub const ALL: [Plan; 4] = [Plan::Free, Plan::Starter, Plan::Business, Plan::Enterprise];

    /// The plan's name as records and articles write it (`Business`).
    pub fn name(self) -> &'static str {
        match self {
            Plan::Free => "Free",
            Plan::Starter => "Starter",
            Plan::Business => "Business",
            Plan::Enterprise => "Enterprise",
        }
    }
}

/// The facts of a ticket that the policy reads. Hidden from the agent: the
/// ticket's body and customer record state them in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// Users cannot sign in.
    SignIn {
        /// Nobody in the organisation can sign in (not one user).
        whole_org: bool,
    },
    /// The app crashes.
    Crash {
        /// The customer has a way around the crash.
        workaround: bool,
    },
    /// API calls fail.
    ApiErrors {
        /// Every call fails, not some.
        all_failing: bool,
    },
    /// The product is slow.
    Slow,
    /// A question on how to use a feature.
    HowTo,
    /// The account is suspended.
    Suspended {
        /// The whole organisation is locked out, not one user.
        whole_org: bool,
    },
    /// A charge taken twice (or not authorised).
    DuplicateCharge {
        /// The amount charged twice, in cents.
        cents: i64,
    },
    /// An invoice needs correcting.
    InvoiceCorrection,
    /// A question on prices or plans.
    Pricing,
    /// A feature the product lacks.
    FeatureRequest,
    /// Praise or complaint with nothing to do.
    Feedback,
    /// A change to the account.
    AccountChange,
    /// A security concern.
    Security {
        /// An API key or credential was leaked.
        leaked_key: bool,
    },
    /// A legal threat or demand.
    Legal,
    /// `verified`: sent from the account email on file.
    Deletion {
        /// The request comes from the account email on file.
        verified: bool,
    },
    /// A refund of an invoice.
    Refund {
        /// The ticket names the invoice (else the agent must ask for it).
        invoice_named: bool,
        /// Calendar days from the charge to the ticket.
        days_since_charge: i64,
    },
    /// A waiver of a late fee.
    FeeWaiver {
        /// The late fee, in US cents.
        cents: i64,
        /// The account had a fee waived within [`WAIVER_COOLDOWN_DAYS`].
        waived_within_year: bool,
    },
    /// A refund of an invoice (named, or given when asked) whose record
    /// shows a chargeback: the records desk of levels 4 and 5 only.
    RefundChargeback {
        /// Calendar days from the charge to the ticket.
        days_since_charge: i64,
    },
    /// A refund of an annual invoice (named, or given when asked) charged
    /// more than 30 days before the ticket: pro-rated, resolved when the
    /// refund is within the limit (the amount lives on the invoice
    /// record); the records desk's exception task only.
    RefundProrated {
        /// The pro-rated refund is over the desk's limit.
        over_limit: bool,
    },
    /// A refund of a monthly invoice (named, or given when asked) on the
    /// knowledge-base desk of levels 4 and 5: the window is the policy's
    /// 30 days or the one an article sets for the add-on or the billing
    /// currency, and an older charge may be refunded as goodwill
    /// (`super::kb`). `rule` names what decided it.
    RefundRuled {
        /// The knowledge base lets the desk give the refund.
        resolved: bool,
        /// The rule that decided it.
        rule: RefundRule,
    },
    /// A late-fee waiver on the knowledge-base desk: the policy's limit
    /// and cooldown, a plan article's, or the payment-page incident's
    /// waiver decides it.
    FeeRuled {
        /// The knowledge base lets the desk waive the fee.
        resolved: bool,
        /// The rule that decided it.
        rule: FeeRule,
    },
}

/// What decided a refund on the knowledge-base desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RefundRule {
    /// Section 4's 30-day window (no article on the add-on or currency).
    Policy,
    /// The add-on's article sets the window.
    Item,
    /// The billing currency's article sets the window.
    Currency,
    /// Older than its window, refunded as goodwill.
    Goodwill,
}

/// What decided a late-fee waiver on the knowledge-base desk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FeeRule {
    /// Section 4's $50.00 limit and 12-month cooldown.
    Policy,
    /// The plan's article sets the limit and the cooldown.
    Plan,
    /// The payment-page incident's article waives it.
    Incident,
}

impl Case {
    /// Whether the case is one of the policy exceptions of the hard task.
    pub fn is_exception(self) -> bool {
        matches!(
            self,
            Case::Security { .. }
                | Case::Legal
                | Case::Deletion { .. }
                | Case::Refund { .. }
                | Case::FeeWaiver { .. }
                | Case::RefundChargeback { .. }
                | Case::RefundProrated { .. }
                | Case::RefundRuled { .. }
                | Case::FeeRuled { .. }
        )
    }

    /// A short name of the kind, for tests and the final feedback.
    pub fn kind(self) -> &'static str {
        match self {
            Case::SignIn { .. } => "sign_in",
            Case::Crash { .. } => "crash",
            Case::ApiErrors { .. } => "api_errors",
            Case::Slow => "slow",
            Case::HowTo => "how_to",
            Case::Suspended { .. } => "suspended",
            Case::DuplicateCharge { .. } => "duplicate_charge",
            Case::InvoiceCorrection => "invoice_correction",
            Case::Pricing => "pricing",
            Case::FeatureRequest => "feature_request",
            Case::Feedback => "feedback",
            Case::AccountChange => "account_change",
            Case::Security { .. } => "security_incident",
            Case::Legal => "legal_threat",
            Case::Deletion { verified: true } => "deletion_verified",
            Case::Deletion { verified: false } => "deletion_unverified",
            Case::Refund {
                invoice_named: false,
                ..
            } => "refund_missing_invoice",
            Case::Refund {
                days_since_charge, ..
            } if days_since_charge <= REFUND_WINDOW_DAYS => "refund_in_window",
            Case::Refund { .. } => "refund_late",
            Case::FeeWaiver { .. } if fee_waivable(self) => "fee_waiver_allowed",
            Case::FeeWaiver { .. } => "fee_waiver_over_limit",
            Case::RefundChargeback { .. } => "refund_chargeback",
            Case::RefundProrated { over_limit: false } => "refund_prorated",
            Case::RefundProrated { over_limit: true } => "refund_prorated_over_limit",
            Case::RefundRuled { resolved, rule } => match (rule, resolved) {
                (RefundRule::Policy, true) => "refund_in_window",
                (RefundRule::Policy, false) => "refund_late",
                (RefundRule::Item, true) => "refund_in_add_on_window",
                (RefundRule::Item, false) => "refund_past_add_on_window",
                (RefundRule::Currency, true) => "refund_in_currency_window",
                (RefundRule::Currency, false) => "refund_past_currency_window",
                (RefundRule::Goodwill, _) => "refund_goodwill",
            },
            Case::FeeRuled { resolved, rule } => match (rule, resolved) {
                (FeeRule::Policy, true) => "fee_waiver_allowed",
                (FeeRule::Policy, false) => "fee_waiver_over_limit",
                (FeeRule::Plan, true) => "fee_waiver_plan_allowed",
                (FeeRule::Plan, false) => "fee_waiver_plan_refused",
                (FeeRule::Incident, _) => "fee_waiver_payment_incident",
            },
        }
    }
}

fn fee_waivable(case: Case) -> bool {
    matches!(case, Case::FeeWaiver { cents, waived_within_year }
        if cents <= FEE_WAIVER_LIMIT_CENTS && !waived_within_year)
}

/// Priority rules 1-4, before the plan rule.
pub fn base_priority(case: Case) -> Priority {
    use Priority::*;
    match case {
        Case::Security { .. } => Urgent,
        Case::SignIn { whole_org: true } | Case::Suspended { whole_org: true } => Urgent,
        Case::ApiErrors { all_failing: true } => Urgent,
        Case::SignIn { whole_org: false } | Case::Crash { workaround: false } => High,
        Case::Suspended { whole_org: false } | Case::Legal | Case::Deletion { .. } => High,
        Case::DuplicateCharge { cents } if cents >= DUPLICATE_HIGH_CENTS => High,
        Case::Crash { workaround: true } | Case::ApiErrors { all_failing: false } | Case::Slow => {
            Medium
        }
        Case::DuplicateCharge { .. } | Case::InvoiceCorrection | Case::AccountChange => Medium,
        Case::Refund { .. }
        | Case::FeeWaiver { .. }
        | Case::RefundChargeback { .. }
        | Case::RefundProrated { .. }
        | Case::RefundRuled { .. }
        | Case::FeeRuled { .. } => Medium,
        Case::HowTo | Case::Pricing | Case::FeatureRequest | Case::Feedback => Low,
    }
}

/// The priority the policy gives: rules 1-4, then the plan rule.
pub fn priority(case: Case, plan: Plan) -> Priority {
    match (base_priority(case), plan) {
        (Priority::Medium, Plan::Enterprise) => Priority::High,
        (p, _) => p,
    }
}

/// The department the policy routes `case` to.
pub fn department(case: Case) -> Department {
    use Department::*;
    match case {
        Case::SignIn { .. }
        | Case::Crash { .. }
        | Case::ApiErrors { .. }
        | Case::Slow
        | Case::HowTo
        | Case::Security { .. } => Technical,
        Case::Suspended { .. }
        | Case::DuplicateCharge { .. }
        | Case::InvoiceCorrection
        | Case::Pricing
        | Case::Refund { .. }
        | Case::FeeWaiver { .. }
        | Case::RefundChargeback { .. }
        | Case::RefundProrated { .. }
        | Case::RefundRuled { .. }
        | Case::FeeRuled { .. } => Billing,
        Case::FeatureRequest
        | Case::Feedback
        | Case::AccountChange
        | Case::Legal
        | Case::Deletion { .. } => General,
    }
}

/// The disposition of a policy exception; `None` for routine tickets, whose
/// disposition no task grades.
pub fn disposition(case: Case) -> Option<Disposition> {
    use Disposition::*;
    Some(match case {
        Case::Security { .. } | Case::Legal | Case::Deletion { verified: true } => {
            EscalateSupervisor
        }
        Case::Deletion { verified: false } => PendingCustomer,
        Case::Refund {
            invoice_named: false,
            ..
        } => PendingCustomer,
        Case::Refund {
            days_since_charge, ..
        } if days_since_charge <= REFUND_WINDOW_DAYS => Resolved,
        Case::RefundProrated { over_limit: false } => Resolved,
        Case::Refund { .. } | Case::RefundChargeback { .. } | Case::RefundProrated { .. } => {
            EscalateSupervisor
        }
        Case::FeeWaiver { .. } if fee_waivable(case) => Resolved,
        Case::FeeWaiver { .. } => EscalateSupervisor,
        Case::RefundRuled { resolved, .. } | Case::FeeRuled { resolved, .. } => {
            if resolved {
                Resolved
            } else {
                EscalateSupervisor
            }
        }
        _ => return None,
    })
}

/// What the reply to a policy exception must do, and which commitments
/// it may make. Any other team, request or commitment is off-policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyRules {
    /// Moves the reply must make.
    pub required: &'static [Move],
    /// Moves the case allows without requiring them: an unverified
    /// deletion request may say who handles it once verified.
    pub allowed: &'static [Move],
    /// Outcomes the reply may promise.
    pub allowed_commitments: &'static [Commitment],
}

/// The parts of the account a case calls for us to change, so a reply
/// may report changing them (policy section 5: "do what its case needs
/// and nothing it does not"): a sign-in problem its sign-in and access, a
/// suspension access given back, a security incident the steps that
/// secure the account (credentials, sign-in protection, keys, access,
/// users), and a request to change the account the parts its `body`
/// names ("Please change our account email to ...", "transfer ownership
/// of our workspace to me"). Every other case calls for none.
pub fn account_parts_needed(case: Case, body: &str) -> Vec<AccountPart> {
    use AccountPart::*;
    match case {
        Case::SignIn { .. } => vec![Password, SignInProtection, Access],
        Case::Suspended { .. } => vec![Access],
        Case::Security { .. } => vec![Password, SignInProtection, Keys, Access, Users],
        Case::AccountChange => crate::support_triage::reply::account_parts_named(body),
        _ => Vec::new(),
    }
}

/// What a resolved case may promise besides its outcome: granting the
/// request in any words, and when it will be done (policy section 5).
const RESOLVED_REFUND: &[Commitment] = &[
    Commitment::Refund,
    Commitment::Grant,
    Commitment::Exception,
    Commitment::Deadline,
];
const RESOLVED_WAIVER: &[Commitment] = &[
    Commitment::Waiver,
    Commitment::Grant,
    Commitment::Exception,
    Commitment::Deadline,
];

/// How much of the outcome the customer asks for a reply to `case` must
/// deliver: a part for a pro-rated refund (the unused months, section 6),
/// all of it for every other case. Declining the whole ("a full refund
/// isn't possible") declines only what the case needs whole.
pub fn extent(case: Case) -> Extent {
    match case {
        Case::RefundProrated { .. } => Extent::Part,
        _ => Extent::Whole,
    }
}

/// What a reply to `case` must and may say (policy section 4).
pub fn reply_rules(case: Case) -> ReplyRules {
    // An escalated or pending case promises no outcome (section 4).
    const NONE: &[Commitment] = &[];
    let (required, allowed_commitments): (&'static [Move], &'static [Commitment]) = match case {
        Case::Security { .. } => (&[Move::Escalate(Team::Security), Move::AskSecure], NONE),
        Case::Legal => (&[Move::Escalate(Team::Legal)], NONE),
        Case::Deletion { verified: true } => (&[Move::Escalate(Team::Privacy)], NONE),
        Case::Deletion { verified: false } => (&[Move::AskVerification], NONE),
        Case::Refund { .. } => match disposition(case) {
            Some(Disposition::PendingCustomer) => (&[Move::AskInvoice], NONE),
            Some(Disposition::Resolved) => (&[Move::Commit(Commitment::Refund)], RESOLVED_REFUND),
            _ => (&[Move::Escalate(Team::Billing)], NONE),
        },
        Case::FeeWaiver { .. } if fee_waivable(case) => {
            (&[Move::Commit(Commitment::Waiver)], RESOLVED_WAIVER)
        }
        // The amount a pro-rated refund must state is checked by the
        // grader against the invoice record (`grade::RefundAmount`).
        Case::RefundProrated { over_limit: false } => {
            (&[Move::Commit(Commitment::Refund)], RESOLVED_REFUND)
        }
        Case::RefundRuled { resolved: true, .. } => {
            (&[Move::Commit(Commitment::Refund)], RESOLVED_REFUND)
        }
        Case::FeeRuled { resolved: true, .. } => {
            (&[Move::Commit(Commitment::Waiver)], RESOLVED_WAIVER)
        }
        Case::FeeWaiver { .. }
        | Case::RefundChargeback { .. }
        | Case::RefundProrated { .. }
        | Case::RefundRuled { .. }
        | Case::FeeRuled { .. } => (&[Move::Escalate(Team::Billing)], NONE),
        // Routine tickets: no reply is graded; nothing may be promised.
        _ => (&[], NONE),
    };
    // A pending case may say who takes it once the customer answers
    // (section 4): the privacy officer for a deletion, the billing team
    // (the ticket's department) for a refund waiting on its invoice.
    let allowed: &'static [Move] = match case {
        Case::Deletion { verified: false } => &[Move::Escalate(Team::Privacy)],
        Case::Refund { .. } if disposition(case) == Some(Disposition::PendingCustomer) => {
            &[Move::Escalate(Team::Billing)]
        }
        _ => &[],
    };
    ReplyRules {
        required,
        allowed,
        allowed_commitments,
    }
}

/// First-response time of a priority tier, in minutes (a business day
/// counts 1440), and as the policy writes it.
pub fn sla(priority: Priority) -> (u32, &'static str) {
    match priority {
        Priority::Urgent => (60, "1 hour"),
        Priority::High => (240, "4 hours"),
        Priority::Medium => (1440, "1 business day"),
        Priority::Low => (3 * 1440, "3 business days"),
    }
}

/// The written policy, as every observation carries it.
pub const POLICY: &str = "\
SUPPORT DESK POLICY

1. Department: route by the problem the customer needs solved, not by words mentioned in passing \
(a customer who cannot sign in to download an invoice has a technical problem).
- billing: charges, refunds, invoices, late fees, payment methods, prices and plans, accounts or seats suspended for non-payment.
- technical: sign-in problems, errors, crashes, slowness, the API and integrations, how-to questions about using the product, security incidents.
- general: privacy and data requests, legal matters, account ownership or account email changes, feedback and feature requests.
A legal threat is general whatever the dispute is about; a security incident is technical.

2. Priority: apply the first rule that matches, then the plan rule.
- urgent: a security incident (sign-ins the customer does not recognise, a leaked password or API key, someone who should no longer have access), \
or the product is unusable for the customer's whole organisation (every user blocked, or their production integration completely down).
- high: one user or one core feature blocked with no workaround; a duplicate or unauthorised charge of $200.00 or more; \
a user seat suspended for non-payment; a legal threat; a data-deletion request.
- medium: something broken that has a workaround, errors that succeed on retry, or slowness; a duplicate charge under $200.00; \
refund, invoice-correction and late-fee-waiver requests; account ownership or account email changes.
- low: questions, how-to, prices, feedback and feature requests.
Plan rule: for a customer on the Enterprise plan (see the customer record), a medium ticket is high.
The customer's own words (\"URGENT\", \"ASAP\", a calm tone) never set the priority; the facts do.

3. First-response times (SLA) by priority: urgent 1 hour, high 4 hours, medium 1 business day, low 3 business days.

4. Policy exceptions: apply the first that matches.
- Security incident: escalate_supervisor. Ask the customer to secure the account (reset the password, or revoke the leaked key, \
and turn on two-factor authentication) and say our security team is handling it.
- Legal threat (a lawyer, legal action, a court, a complaint to a regulator): escalate_supervisor and say our legal team will review it.
- Data-deletion request: sent from the account email on file (see the customer record): escalate_supervisor and say our privacy officer \
will handle it. Sent from any other address: pending_customer, and ask the customer to write from the account email so we can verify \
their identity (you may add that our privacy officer will handle it once verified). Never promise or confirm a deletion; \
restating what the customer asked for is not confirming it.
- Refund request: the ticket must name the invoice (INV-...). If it does not: pending_customer, and ask for the invoice number (you may add that our billing team will review it once it arrives). \
If the charge is at most 30 calendar days before the day the ticket arrived: resolved, and the reply commits to the refund. \
Older: escalate_supervisor, and say our billing supervisor will review it.
- Late-fee waiver request: a fee of $50.00 or less when the customer record shows no waiver in the 12 months before the ticket: \
resolved, and the reply commits to waiving it. Otherwise: escalate_supervisor, and say our billing supervisor will review it.
Dispositions: resolved (the desk settled it), escalate_supervisor (it needs someone above the desk), pending_customer (we wait for the customer). \
Only a resolved case promises an outcome (section 5); an escalated or pending case promises none.

5. Every reply must:
- address the customer by name and quote the ticket id;
- give a concrete next step: a request to the customer, or what we will do and when (an outcome already done, such as a fee \
we have waived, needs no time; one still ahead, such as a refund we will make, does); a time you give for our next response \
(\"within 4 hours\", \"by 17:00 today\") must be no later than the first-response time of the ticket's priority, counted from when the ticket arrived. \
A business day counts 24 hours on business days; a day without a time means its end of business (17:00), and a time no later than 17:00 \
on a later business day counts as that many business days (\"by tomorrow\", \"by end of day tomorrow\" and \"by 17:00 tomorrow\" are all 1 business day). \
A part of the day is the latest time it can mean: noon or midday 12:00, lunchtime 13:00, a morning 12:00, \
an afternoon 17:00, an evening or tonight the end of that day, first thing 10:00 of its day; \
when a reply also gives a clock time, the clock time is the promise (\"before lunchtime today, by 1pm at the latest\" is 13:00). \
A time for our next response is a next step, never an outcome;
- promise only the outcome its case allows. An outcome is money returned (a refund, a reversed charge), a credit, compensation or discount, \
a fee removed or waived, data deleted, access restored, an exception granted, or a date by which the case will be settled. \
A waived fee the customer already paid, given back (\"we'll credit the fee back to your card\"), is that waiver carried out, not a second outcome; \
money returned for anything else is a refund. \
It is promised in any wording (\"we will refund you\", \"you'll get your money back\", \"the fee no longer applies\", \"your data will be gone\", \
\"refund approved\"), and a promise that waits only on the customer (\"if you confirm, we'll refund you\", \"reply yes and we'll waive it\") \
is still a promise. A resolved case commits to its outcome (the refund, or waiving the fee) and may grant the request in any words \
and say when it will be done; it promises no other outcome. An escalated or pending case promises no outcome at all: say who will review it \
and when we next respond. Saying what we cannot do, or that someone else will decide, is not a promise;
- never ask for a password, card number or one-time code, never admit fault or legal liability, and never tell the customer \
their data is safe or was not accessed;
- do what its case needs and nothing it does not, in your own words: name only the team that takes the case (a case the desk resolves \
stays with the desk and names no team; a sign-off such as \"Kind regards, the Billing team\" says who writes and names no team), \
ask only for what the case needs, and do not paste the policy or the ticket back.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_rule_lifts_only_medium() {
        assert_eq!(priority(Case::Slow, Plan::Enterprise), Priority::High);
        assert_eq!(priority(Case::Slow, Plan::Business), Priority::Medium);
        assert_eq!(priority(Case::HowTo, Plan::Enterprise), Priority::Low);
        assert_eq!(
            priority(Case::Security { leaked_key: true }, Plan::Free),
            Priority::Urgent
        );
    }

    #[test]
    fn refund_window_and_fee_limit_are_inclusive() {
        let refund = |days| Case::Refund {
            invoice_named: true,
            days_since_charge: days,
        };
        assert_eq!(disposition(refund(30)), Some(Disposition::Resolved));
        assert_eq!(
            disposition(refund(31)),
            Some(Disposition::EscalateSupervisor)
        );
        let fee = |cents, recent| Case::FeeWaiver {
            cents,
            waived_within_year: recent,
        };
        assert_eq!(disposition(fee(5000, false)), Some(Disposition::Resolved));
        assert_eq!(
            disposition(fee(5001, false)),
            Some(Disposition::EscalateSupervisor)
        );
        assert_eq!(
            disposition(fee(1000, true)),
            Some(Disposition::EscalateSupervisor)
        );
        assert_eq!(disposition(Case::Slow), None);
    }

    /// Every exception kind, once.
    fn exceptions() -> [Case; 9] {
        [
            Case::Security { leaked_key: false },
            Case::Legal,
            Case::Deletion { verified: true },
            Case::Deletion { verified: false },
            Case::Refund {
                invoice_named: false,
                days_since_charge: 3,
            },
            Case::Refund {
                invoice_named: true,
                days_since_charge: 3,
            },
            Case::Refund {
                invoice_named: true,
                days_since_charge: 60,
            },
            Case::FeeWaiver {
                cents: 100,
                waived_within_year: false,
            },
            Case::FeeWaiver {
                cents: 9000,
                waived_within_year: false,
            },
        ]
    }

    #[test]
    fn only_resolved_cases_may_promise_and_then_only_their_outcome() {
        // Sections 4 and 5: a resolved case commits to its outcome and may
        // grant the request and date it; no other case promises anything.
        for case in exceptions() {
            let rules = reply_rules(case);
            let resolved = disposition(case) == Some(Disposition::Resolved);
            assert_eq!(!rules.allowed_commitments.is_empty(), resolved, "{case:?}");
            if resolved {
                let outcome = match case {
                    Case::Refund { .. } => Commitment::Refund,
                    _ => Commitment::Waiver,
                };
                assert_eq!(rules.required, &[Move::Commit(outcome)][..]);
                let mut allowed = rules.allowed_commitments.to_vec();
                crate::order::sort(&mut allowed);
                let mut want = vec![
                    outcome,
                    Commitment::Grant,
                    Commitment::Exception,
                    Commitment::Deadline,
                ];
                crate::order::sort(&mut want);
                assert_eq!(allowed, want, "{case:?}");
            }
        }
        let text = POLICY.replace('\n', " ");
        for rule in [
            "Only a resolved case promises an outcome",
            "an escalated or pending case promises none",
            "A resolved case commits to its outcome (the refund, or waiving the fee) and may grant the request in any words and say when it will be done; it promises no other outcome.",
            "An escalated or pending case promises no outcome at all",
        ] {
            assert!(text.contains(rule), "{rule}");
        }
    }

    #[test]
    fn every_outcome_class_is_named_in_the_policy() {
        let text = POLICY.replace('\n', " ");
        for (outcome, words) in [
            (
                Commitment::Refund,
                "money returned (a refund, a reversed charge)",
            ),
            (Commitment::Credit, "a credit, compensation or discount"),
            (Commitment::Waiver, "a fee removed or waived"),
            (Commitment::Deletion, "data deleted"),
            (Commitment::AccessRestored, "access restored"),
            (Commitment::Exception, "an exception granted"),
            (
                Commitment::Deadline,
                "a date by which the case will be settled",
            ),
            (Commitment::Grant, "grant the request in any words"),
        ] {
            assert!(text.contains(words), "{outcome:?}: {words}");
        }
        assert_eq!(Commitment::ALL.len(), 8);
    }

    #[test]
    fn every_exception_has_rules_that_ask_for_something() {
        for case in exceptions() {
            assert!(case.is_exception());
            assert!(!reply_rules(case).required.is_empty(), "{case:?}");
        }
    }
}
