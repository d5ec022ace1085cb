//! The knowledge base of levels 4 and 5: articles behind `search_kb` and
//! `read_article`, some of which hold rules the policy does not (policy
//! section 7): the refund window of named add-ons and billing currencies,
//! goodwill refunds with their own exceptions, late-fee rules of named
//! plans, the payment-page incident's waiver, and the status article's
//! open incidents, whose tickets are left to the incident team (section 8).
//!
//! Every parameter is drawn per desk, so no rule can be learnt from other
//! episodes: which add-on has an article and what window it sets, the
//! goodwill thresholds, which plan has a late-fee article, the incident
//! days, the failing endpoint and sign-in message. The rules themselves
//! are the functions here ([`decide_refund`], [`decide_fee`]), which the
//! generator checks every drawn ticket against and the articles' text is
//! written from, so the text and the gold cannot drift apart.

use schemars::JsonSchema;
use serde::Serialize;

use super::currency::Currency;
use super::policy::{FEE_WAIVER_LIMIT_CENTS, FeeRule, Plan, REFUND_WINDOW_DAYS, RefundRule};
use crate::dates::{Day, clock};
use crate::grading::format_cents;
use crate::rng::SeededRng;

/// Policy section 7 and 8, shown after section 6 at levels 4 and 5.
pub const KB_POLICY: &str = "\n\n7. The knowledge base (levels 4 and 5).
- Articles hold rules for named add-ons, billing currencies, plans and incidents. search_kb (query) lists the articles whose \
title or topics share a word with the query, with a one-line summary; read_article (article_id) shows an article's rule. \
An article's rule replaces the rule of sections 2, 4 and 6 for the case it names, and its own exceptions apply in turn; it \
says nothing about any other add-on, currency, plan or incident. Where an add-on's article and a currency's article both \
name a refund, the add-on's article applies.
- Consult it before you decide: a refund (search for the add-on charged and for \"refund\"; the goodwill article covers refunds \
older than their window), a late-fee waiver (search \"late fee\": plan articles and the payment-page incident), and any ticket \
about a sign-in failure or API errors (the status article lists the open incidents; search \"status\").

8. Tickets that need nothing (levels 4 and 5).
- Open it, then leave it as it is: set no priority, department, reply or disposition on it. Anything set on it is work on a \
ticket that needed none, and is graded as wrong; so is a ticket never opened, which nobody judged. A ticket needs nothing when:
- it is an automatic reply (an out-of-office notice, an autoresponder's receipt) and asks nothing;
- it repeats a ticket of the same customer in this inbox about the same problem (sent again): handle the earliest and leave \
the later copies. A ticket of the same customer about another problem is handled on its own;
- the customer writes that the problem is solved and asks nothing else; a later ticket of the same customer saying that the \
problem of their earlier ticket in this inbox is solved leaves both needing nothing. A ticket that also asks something new is \
handled by what it asks;
- it was settled by a teammate: a customer who writes that they called us or spoke to a colleague may have been helped on the \
call, and the account record says: an earlier-ticket entry about this ticket whose outcome says it was resolved. An entry \
that says the desk still handles the ticket does not settle it;
- it reports an open incident of the status article (the incident team answers those tickets).";

/// An article as `read_article` shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Article {
    /// The article's id, as `read_article` takes it.
    pub article_id: String,
    /// Its title.
    pub title: String,
    /// One line saying what it covers.
    pub summary: String,
    /// The article's text.
    pub body: String,
    /// Words a search finds the article by, besides its title's.
    #[serde(skip)]
    #[schemars(skip)]
    pub topics: Vec<String>,
}

/// One row of a search's results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ArticleHit {
    /// The article's id, as `read_article` takes it.
    pub article_id: String,
    /// Its title.
    pub title: String,
    /// One line saying what it covers.
    pub summary: String,
}

/// An open incident of the status article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Every call to the endpoint fails with HTTP 500.
    Endpoint(&'static str),
    /// Sign-in fails with the message.
    SignIn(&'static str),
}

/// An incident the status article lists: what fails, since when, and whether it is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incident {
    /// The incident's id as the status article writes it.
    pub id: String,
    /// What the incident breaks.
    pub failure: Failure,
    /// Open since this day and minute; `None` while open.
    pub since: (Day, u32),
    /// The day the incident was resolved; `None` while it is open.
    pub closed: Option<Day>,
}

/// The goodwill article's thresholds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goodwill {
    /// Full years as a customer on the day the ticket arrived, at least.
    pub years: u32,
    /// The invoice amount in US cents after conversion, at most.
    pub max_usd_cents: i64,
    /// Days from the charge to the ticket, at most.
    pub max_days: i64,
}

/// A plan's late-fee rule: the largest waivable fee (US cents) and the
/// months before the ticket in which an earlier waiver blocks another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeePlan {
    /// The plan the rule is for.
    pub plan: Plan,
    pub(crate) limit_usd_cents: i64,
    pub(crate) cooldown_months: u32,
}

/// The payment-page incident: the first and last day the page failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentIncident {
    /// The incident's id as its article writes it.
    pub id: String,
    /// The first day the payment page failed.
    pub first: Day,
    /// The last day the payment page failed.
    pub last: Day,
}

/// The rules the articles state, as the gold reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Refund windows (days) of named add-ons.
    pub add_on_windows: Vec<(&'static str, i64)>,
    /// Refund windows (days) of accounts billed in a currency.
    pub currency_windows: Vec<(Currency, i64)>,
    /// The goodwill article's thresholds for refunds past the window.
    pub goodwill: Goodwill,
    /// Plans whose late fees an article of their own rules.
    pub fee_plans: Vec<FeePlan>,
    /// The payment-page incident whose days excuse a late fee.
    pub payment_incident: PaymentIncident,
    /// Open incidents, then closed ones (listed as resolved).
    pub incidents: Vec<Incident>,
}

/// The knowledge base of one desk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kb {
    /// Every article of the desk's knowledge base.
    pub articles: Vec<Article>,
    /// The rules those articles state, as the gold reads them.
    pub rules: Rules,
}

/// What a refund of a monthly invoice is decided on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefundFacts {
    /// The add-on the refunded invoice is for.
    pub add_on: &'static str,
    /// The currency the account is billed in.
    pub currency: Currency,
    /// The invoice amount in that currency's cents.
    pub local_cents: i64,
    /// Calendar days from the charge to the ticket.
    pub days_since_charge: i64,
    /// The day the account opened, from which goodwill years count.
    pub customer_since: Day,
    /// The day the ticket arrived.
    pub received: Day,
    /// The latest goodwill refund on the account's record.
    pub last_goodwill: Option<Day>,
}

/// What a late-fee waiver is decided on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeFacts {
    /// The late fee in US cents.
    pub usd_cents: i64,
    /// The account's plan, whose article (if any) sets the limit and cooldown.
    pub plan: Plan,
    /// The day of the account's last fee waiver; `None` if it never had one.
    pub last_waiver: Option<Day>,
    /// The day the ticket arrived.
    pub received: Day,
    /// The day the customer tried to pay on our payment page, if they did.
    pub attempt: Option<Day>,
}

/// `day` moved `months` calendar months back, on the same day of the
/// month or the month's last day when it has no such day.
pub fn months_before(day: Day, months: u32) -> Day {
    let (year, month, dom) = day.civil();
    let index = i64::from(month) - 1 - i64::from(months);
    let (y, m) = (year + index.div_euclid(12), index.rem_euclid(12) as u32 + 1);
    (0..4)
        .find_map(|back| Day::from_civil(y, m, dom.saturating_sub(back)))
        .unwrap_or(day)
}

/// Whether `since` was `years` full years before `received`: its
/// anniversary is on or before that day.
pub fn full_years(since: Day, received: Day, years: u32) -> bool {
    let (y, m, d) = since.civil();
    let anniversary = (0..4)
        .find_map(|back| Day::from_civil(y + i64::from(years), m, d.saturating_sub(back)))
        .unwrap_or(since);
    anniversary <= received
}

/// Whether a dated entry lies in the `months` months before `received`.
fn within_months(entry: Day, received: Day, months: u32) -> bool {
    entry > months_before(received, months) && entry <= received
}

impl Rules {
    /// The refund window of an add-on charged to an account billed in
    /// `currency`, and the rule it comes from (the add-on's article first).
    pub fn refund_window(&self, add_on: &str, currency: Currency) -> (i64, RefundRule) {
        if let Some((_, days)) = self.add_on_windows.iter().find(|(a, _)| *a == add_on) {
            return (*days, RefundRule::Item);
        }
        if let Some((_, days)) = self.currency_windows.iter().find(|(c, _)| *c == currency) {
            return (*days, RefundRule::Currency);
        }
        (REFUND_WINDOW_DAYS, RefundRule::Policy)
    }

    /// Whether the goodwill article gives a refund too old for its window.
    pub fn goodwill_holds(&self, f: &RefundFacts) -> bool {
        let g = self.goodwill;
        full_years(f.customer_since, f.received, g.years)
            && f.currency.to_usd_cents(f.local_cents) <= g.max_usd_cents
            && f.days_since_charge <= g.max_days
            && !f
                .last_goodwill
                .is_some_and(|d| within_months(d, f.received, 12))
    }

    /// The limit and cooldown of `plan`'s late fees, and the rule they
    /// come from.
    pub fn fee_rule(&self, plan: Plan) -> (i64, u32, FeeRule) {
        match self.fee_plans.iter().find(|p| p.plan == plan) {
            Some(p) => (p.limit_usd_cents, p.cooldown_months, FeeRule::Plan),
            None => (FEE_WAIVER_LIMIT_CENTS, 12, FeeRule::Policy),
        }
    }

    /// The open incident whose failure this is, if any.
    pub fn open_incident(&self, failure: &Failure) -> Option<&Incident> {
        self.incidents
            .iter()
            .find(|i| i.closed.is_none() && i.failure == *failure)
    }
}

/// Policy sections 4 and 7: whether a refund of a monthly, undisputed
/// invoice is the desk's, and what decided it.
pub fn decide_refund(rules: &Rules, f: &RefundFacts) -> (bool, RefundRule) {
    let (window, rule) = rules.refund_window(f.add_on, f.currency);
    if f.days_since_charge <= window {
        (true, rule)
    } else if rules.goodwill_holds(f) {
        (true, RefundRule::Goodwill)
    } else {
        (false, rule)
    }
}

/// Policy sections 4 and 7: whether a late fee is waived, and what
/// decided it.
pub fn decide_fee(rules: &Rules, f: &FeeFacts) -> (bool, FeeRule) {
    let incident = &rules.payment_incident;
    if f.attempt
        .is_some_and(|d| d >= incident.first && d <= incident.last)
    {
        return (true, FeeRule::Incident);
    }
    let (limit, months, rule) = rules.fee_rule(f.plan);
    let blocked = f
        .last_waiver
        .is_some_and(|d| within_months(d, f.received, months));
    (f.usd_cents <= limit && !blocked, rule)
}

/// `KB-204`, `kb 204`, `204`: the article id meant.
pub fn normalize_article_id(text: &str) -> String {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        text.trim().to_owned()
    } else {
        format!("KB-{digits}")
    }
}

/// Words a search ignores.
const STOP: &[&str] = &[
    "the", "and", "for", "our", "your", "with", "about", "how", "what", "does", "that", "this",
    "from", "are", "was", "any", "can", "not", "all",
];

/// The words of `text` a search compares: lower case, letters and
/// digits, a plural's `s` dropped, short and common words left out.
fn search_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in text
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 && !STOP.contains(w))
    {
        let stem = match word.strip_suffix('s') {
            Some(stem) if stem.chars().count() >= 3 && !stem.ends_with('s') => stem,
            _ => word,
        };
        if !out.iter().any(|w| w == stem) {
            out.push(stem.to_owned());
        }
    }
    out
}

/// The most results a search lists.
pub const MAX_HITS: usize = 8;

impl Kb {
    /// The articles sharing a word with `query`, most shared words first.
    pub fn search(&self, query: &str) -> Vec<ArticleHit> {
        let wanted = search_words(query);
        let mut scored: Vec<(usize, usize)> = self
            .articles
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let words = search_words(&format!("{} {}", a.title, a.topics.join(" ")));
                let shared = wanted.iter().filter(|w| words.contains(w)).count();
                (shared > 0).then_some((shared, i))
            })
            .collect();
        crate::order::sort_by_key(&mut scored, |(shared, i)| (std::cmp::Reverse(*shared), *i));
        scored
            .into_iter()
            .take(MAX_HITS)
            .filter_map(|(_, i)| self.articles.get(i))
            .map(|a| ArticleHit {
                article_id: a.article_id.clone(),
                title: a.title.clone(),
                summary: a.summary.clone(),
            })
            .collect()
    }

    /// The article of `id`, found by its digits however the agent writes it (`kb 12` is `KB-12`).
    pub fn article(&self, id: &str) -> Option<&Article> {
        let id = normalize_article_id(id);
        self.articles.iter().find(|a| a.article_id == id)
    }
}

/// What the desk's tickets need of the knowledge base, so the drawn rules
/// decide them as the generator meant: a refund's add-on and currency
/// with or without an article, a plan with or without a fee article.
#[derive(Debug, Clone, Default)]
pub struct Needs {
    /// Add-ons that must have an article, with the window.
    pub add_on_windows: Vec<(&'static str, i64)>,
    /// Add-ons that must have none.
    pub add_ons_without: Vec<&'static str>,
    /// Currencies that must have an article, with the window (days).
    pub currency_windows: Vec<(Currency, i64)>,
    pub(crate) currencies_without: Vec<Currency>,
    /// Plan fee rules the desk's tickets need an article for.
    pub fee_plans: Vec<FeePlan>,
    pub(crate) plans_without: Vec<Plan>,
    /// The goodwill thresholds a ticket needs; `None` when none does.
    pub goodwill: Option<Goodwill>,
    /// Incidents a ticket needs on the status article.
    pub incidents: Vec<Incident>,
    /// The payment-page incident a fee ticket needs; `None` when none does.
    pub payment_incident: Option<PaymentIncident>,
}

/// The goodwill thresholds of a desk.
pub fn draw_goodwill(rng: &mut SeededRng) -> Goodwill {
    Goodwill {
        years: rng.range(2, 5) as u32,
        max_usd_cents: *rng.pick(&[10_000, 12_000, 15_000, 20_000]),
        max_days: *rng.pick(&[60, 75, 90]),
    }
}

/// A refund window an article may set, other than the policy's 30 days.
pub fn draw_window(rng: &mut SeededRng, longer: bool) -> i64 {
    if longer {
        *rng.pick(&[45, 60])
    } else {
        *rng.pick(&[7, 14, 21])
    }
}

/// A plan's late-fee rule that differs from the policy's.
pub fn draw_fee_plan(rng: &mut SeededRng, plan: Plan) -> FeePlan {
    FeePlan {
        plan,
        limit_usd_cents: *rng.pick(&[2_500, 7_500, 10_000, 15_000]),
        cooldown_months: *rng.pick(&[6, 12, 24]),
    }
}

/// An incident id, distinct per desk by construction of the caller.
pub fn incident_id(rng: &mut SeededRng) -> String {
    format!("INC-{}", rng.range(2000, 9899))
}

/// Articles that hold no rule but share words with the ones that do.
const HOW_TO_ARTICLES: &[(&str, &str, &str, &[&str])] = &[
    (
        "Refunds: when the money arrives",
        "How long a refund takes to reach the customer.",
        "A refund we give reaches the original payment method within 5 to 10 business days; card issuers may take longer to show it. \
         This article sets no rule for which refunds the desk gives.",
        &["refund", "money", "arrive"],
    ),
    (
        "How to export reports",
        "Exporting reports to CSV or PDF.",
        "Open Reports, choose the report, then Export and the format. Large exports are emailed when they are ready.",
        &["export", "report", "csv"],
    ),
    (
        "Setting up single sign-on",
        "Connecting an identity provider for sign-in.",
        "An admin adds the identity provider under Settings > Security > Single sign-on. Users then sign in with their work account. \
         This article is a how-to; it lists no incident.",
        &["sign", "sign-in", "sso", "login"],
    ),
    (
        "Rotating an API key",
        "Creating a new API key and revoking the old one.",
        "Create a new key under Settings > API, switch your integration to it, then revoke the old key.",
        &["api", "key"],
    ),
    (
        "Late fees: how they are charged",
        "When a late fee is added to an invoice.",
        "A late fee is added when an invoice is unpaid 7 days after its due date. This article sets no rule for waiving one.",
        &["late", "fee", "invoice"],
    ),
    (
        "Changing the account owner",
        "Transferring ownership of a workspace.",
        "The current owner, or an admin with a signed request, transfers ownership under Settings > Account.",
        &["account", "owner"],
    ),
];

/// The status article's title.
pub const STATUS_TITLE: &str = "Service status: known incidents";
/// The goodwill article's title.
pub const GOODWILL_TITLE: &str = "Refunds: goodwill for long-standing customers";

/// The title of the refund article of add-on `add_on`.
pub fn add_on_title(add_on: &str) -> String {
    format!("Refunds: the {add_on}")
}

/// The title of the refund article of accounts billed in `currency`.
pub fn currency_title(currency: Currency) -> String {
    format!("Refunds: accounts billed in {}", currency.code())
}

/// The title of the late-fee article of `plan`.
pub fn plan_title(plan: Plan) -> String {
    format!("Late fees: the {} plan", plan.name())
}

/// The title of the article on payment-page incident `id`.
pub fn incident_title(id: &str) -> String {
    format!("Late fees: payment page incident {id}")
}

impl Kb {
    /// The id of the article titled `title`.
    pub fn id_of(&self, title: &str) -> Option<&str> {
        self.articles
            .iter()
            .find(|a| a.title == title)
            .map(|a| a.article_id.as_str())
    }
}

/// The add-ons refund articles may name.
pub const ADD_ONS: &[&str] = super::names::ADD_ONS;

/// `st`, `nd`, `rd` or `th` after `n`.
fn ordinal_suffix(n: u32) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

fn plan_topic(plan: Plan) -> String {
    plan.name().to_lowercase()
}

fn currency_words(currency: Currency) -> (&'static str, &'static str) {
    match currency {
        Currency::Usd => ("US dollars", "dollars"),
        Currency::Eur => ("euros", "euros"),
        Currency::Gbp => ("pounds sterling", "pounds"),
        Currency::Cad => ("Canadian dollars", "canadian"),
    }
}

/// The knowledge base of a desk: the rules `needs` fixes, the rest drawn,
/// and the articles written from them, in a drawn order.
pub fn draw(rng: &mut SeededRng, needs: Needs, received: Day) -> Kb {
    // Add-on articles: the ones needed, and one or two more on add-ons no
    // ticket forbids.
    let mut add_on_windows = needs.add_on_windows.clone();
    let free_add_ons: Vec<&'static str> = ADD_ONS
        .iter()
        .copied()
        .filter(|a| {
            !needs.add_ons_without.contains(a) && !add_on_windows.iter().any(|(b, _)| b == a)
        })
        .collect();
    let extra = rng.range(1, 2) as usize;
    for add_on in rng.sample(&free_add_ons, extra) {
        let longer = rng.chance(1, 2);
        add_on_windows.push((add_on, draw_window(rng, longer)));
    }
    let mut currency_windows = needs.currency_windows.clone();
    let free_currencies: Vec<Currency> = [Currency::Eur, Currency::Gbp, Currency::Cad]
        .into_iter()
        .filter(|c| {
            !needs.currencies_without.contains(c) && !currency_windows.iter().any(|(d, _)| d == c)
        })
        .collect();
    if currency_windows.is_empty()
        && let Some(c) = rng.sample(&free_currencies, 1).first()
    {
        let longer = rng.chance(1, 2);
        currency_windows.push((*c, draw_window(rng, longer)));
    }
    let mut fee_plans = needs.fee_plans.clone();
    let free_plans: Vec<Plan> = Plan::ALL
        .into_iter()
        .filter(|p| !needs.plans_without.contains(p) && !fee_plans.iter().any(|f| f.plan == *p))
        .collect();
    if fee_plans.len() < 2
        && let Some(plan) = rng.sample(&free_plans, 1).first()
    {
        fee_plans.push(draw_fee_plan(rng, *plan));
    }
    let goodwill = needs.goodwill.unwrap_or_else(|| draw_goodwill(rng));
    let payment_incident = needs.payment_incident.clone().unwrap_or_else(|| {
        let last = received.plus(-rng.range(5, 40));
        PaymentIncident {
            id: incident_id(rng),
            first: last.plus(-rng.range(1, 3)),
            last,
        }
    });
    let mut incidents = needs.incidents.clone();
    if !incidents.iter().any(|i| i.closed.is_none()) {
        incidents.push(draw_incident(rng, received, &incidents, false));
    }
    if !incidents.iter().any(|i| i.closed.is_some()) {
        incidents.push(draw_incident(rng, received, &incidents, true));
    }
    let rules = Rules {
        add_on_windows,
        currency_windows,
        goodwill,
        fee_plans,
        payment_incident,
        incidents,
    };
    let mut articles = write_articles(&rules);
    for (title, summary, body, topics) in HOW_TO_ARTICLES {
        articles.push(Article {
            article_id: String::new(),
            title: (*title).to_owned(),
            summary: (*summary).to_owned(),
            body: (*body).to_owned(),
            topics: topics.iter().map(|t| (*t).to_owned()).collect(),
        });
    }
    rng.shuffle(&mut articles);
    let mut numbers: Vec<i64> = Vec::new();
    for article in &mut articles {
        let mut n = rng.range(100, 989);
        while numbers.contains(&n) {
            n += 7;
        }
        numbers.push(n);
        article.article_id = format!("KB-{n}");
    }
    Kb { articles, rules }
}

/// An incident other than `taken`'s failures: open since the day before
/// `received` or earlier that day, or closed a few weeks before.
pub fn draw_incident(
    rng: &mut SeededRng,
    received: Day,
    taken: &[Incident],
    closed: bool,
) -> Incident {
    let failure = loop {
        let failure = if rng.chance(1, 2) {
            Failure::Endpoint(rng.pick::<&'static str>(super::names::ENDPOINTS))
        } else {
            Failure::SignIn(rng.pick::<&'static str>(super::names::SIGN_IN_ERRORS))
        };
        if !taken.iter().any(|i| i.failure == failure) {
            break failure;
        }
    };
    let mut id = incident_id(rng);
    while taken.iter().any(|i| i.id == id) {
        id = incident_id(rng);
    }
    if closed {
        let end = received.plus(-rng.range(10, 60));
        Incident {
            id,
            failure,
            since: (
                end.plus(-rng.range(0, 2)),
                rng.range(6 * 60, 20 * 60) as u32,
            ),
            closed: Some(end),
        }
    } else {
        Incident {
            id,
            failure,
            since: (received.plus(-1), rng.range(14 * 60, 22 * 60) as u32),
            closed: None,
        }
    }
}

fn failure_text(failure: &Failure, open: bool) -> String {
    let fails = if open { "fails" } else { "failed" };
    match failure {
        Failure::Endpoint(endpoint) => format!(
            "for the accounts it affects, every call to {endpoint} {fails} with HTTP 500, retries included"
        ),
        Failure::SignIn(message) => format!(
            "for the accounts it affects, sign-in {fails} with the message \"{message}\", for one user or a whole organisation"
        ),
    }
}

fn failure_topics(failure: &Failure) -> Vec<String> {
    match failure {
        Failure::Endpoint(endpoint) => search_words(endpoint),
        Failure::SignIn(message) => search_words(message),
    }
}

/// The articles that state `rules`.
fn write_articles(rules: &Rules) -> Vec<Article> {
    let mut out = Vec::new();
    let article = |title: String, summary: String, body: String, topics: &[&str]| Article {
        article_id: String::new(),
        title,
        summary,
        body,
        topics: topics.iter().map(|t| (*t).to_owned()).collect(),
    };
    // The status article.
    let mut body = String::from(
        "Open incidents. The incident team answers every ticket that reports one of these: leave such a ticket as it is (policy section 8).",
    );
    let mut topics: Vec<String> = Vec::new();
    for incident in rules.incidents.iter().filter(|i| i.closed.is_none()) {
        body.push_str(&format!(
            "\n- {} (open since {} {}): {}.",
            incident.id,
            incident.since.0.iso(),
            clock(incident.since.1),
            failure_text(&incident.failure, true)
        ));
        topics.extend(failure_topics(&incident.failure));
    }
    body.push_str(
        "\nA ticket reports an open incident only when it describes that failure: for an API incident, calls to that endpoint that fail \
         every time; for a sign-in incident, that message. Occasional errors that succeed on retry, another endpoint or another message \
         are not the incident: triage such a ticket by sections 1 and 2.\nResolved incidents (closed: a ticket about the same failure now \
         is a new problem, triaged as usual):",
    );
    for incident in rules.incidents.iter().filter(|i| i.closed.is_some()) {
        body.push_str(&format!(
            "\n- {} ({} to {}): {}.",
            incident.id,
            incident.since.0.iso(),
            incident.closed.map(|d| d.iso()).unwrap_or_default(),
            failure_text(&incident.failure, false)
        ));
        topics.extend(failure_topics(&incident.failure));
    }
    let mut status = article(
        STATUS_TITLE.to_owned(),
        "Incidents open now and recently resolved, and which tickets the incident team answers."
            .to_owned(),
        body,
        &[
            "status", "incident", "outage", "error", "api", "sign", "sign-in", "login", "known",
            "down", "failing",
        ],
    );
    status.topics.extend(topics);
    out.push(status);
    // Goodwill.
    let g = rules.goodwill;
    out.push(article(
        GOODWILL_TITLE.to_owned(),
        "When a refund older than its window is given anyway.".to_owned(),
        format!(
            "A refund of a monthly charge that the desk may not give because the charge is older than its refund window (section 4's 30 days, \
             or the window an add-on's or a currency's article sets) is given as goodwill when all of these hold:\n\
             - the account has been a customer for at least {years} full years when the ticket arrived (the {years}{th} anniversary of \
             \"customer since\" on the account record is on or before the day the ticket arrived);\n\
             - the invoice amount is at most ${max} (converted at section 6's rates);\n\
             - the charge is at most {days} calendar days before the day the ticket arrived.\n\
             A goodwill refund is resolved, and the reply commits to the refund, as for a charge within its window.\n\
             Except: no goodwill refund for an account whose earlier tickets show one (outcome \"goodwill refund given\") dated in the 12 \
             months before the ticket, for an annual invoice (section 6 pro-rates it) or for a charge under a chargeback. Those are escalated \
             as sections 4 and 6 say.",
            years = g.years,
            th = ordinal_suffix(g.years),
            max = format_cents(g.max_usd_cents),
            days = g.max_days
        ),
        &["refund", "goodwill", "late", "old", "older", "window", "loyal", "long-standing"],
    ));
    for (add_on, days) in &rules.add_on_windows {
        let mut a = article(
            add_on_title(add_on),
            format!("The refund window of the {add_on}."),
            format!(
                "A monthly charge for the {add_on} can be refunded up to {days} calendar days after the charge, instead of section 4's 30 days: \
                 a charge at most {days} days before the day the ticket arrived is refunded (resolved; the reply commits to the refund); an \
                 older one is escalated as section 4 says for an older charge, unless the goodwill article gives it. This window applies \
                 whatever the account's billing currency. Annual invoices follow section 6."
            ),
            &["refund", "window"],
        );
        a.topics.extend(search_words(add_on));
        out.push(a);
    }
    for (currency, days) in &rules.currency_windows {
        let (name, word) = currency_words(*currency);
        let code = currency.code();
        out.push(article(
            currency_title(*currency),
            format!("The refund window for accounts billed in {name}."),
            format!(
                "For an account billed in {code} (the account record's billing currency), a monthly charge can be refunded up to {days} \
                 calendar days after the charge, instead of section 4's 30 days: a charge at most {days} days before the day the ticket \
                 arrived is refunded (resolved; the reply commits to the refund); an older one is escalated as section 4 says for an older \
                 charge, unless the goodwill article gives it. An add-on with its own refund article follows that article, not this one. \
                 Annual invoices follow section 6."
            ),
            &["refund", "window", "currency", "billed", word, code.to_lowercase().as_str()],
        ));
    }
    for p in &rules.fee_plans {
        let name = p.plan.name();
        let topic = plan_topic(p.plan);
        out.push(article(
            plan_title(p.plan),
            format!("Late-fee waivers for accounts on the {name} plan."),
            format!(
                "For an account on the {name} plan (the account record's plan), the desk may waive a late fee of at most ${} (converted at \
                 section 6's rates), instead of section 4's $50.00, and an earlier waiver (an earlier ticket whose outcome is \"late fee \
                 waived\") dated in the {} months before the ticket blocks another{}. A waivable fee: resolved, and the reply commits to \
                 waiving it; otherwise escalate_supervisor, as section 4 says.",
                format_cents(p.limit_usd_cents),
                p.cooldown_months,
                if p.cooldown_months == 12 {
                    ", as in section 4"
                } else {
                    ", instead of 12 months"
                }
            ),
            &["late", "fee", "waiver", "waive", "plan", topic.as_str()],
        ));
    }
    let pi = &rules.payment_incident;
    out.push(article(
        incident_title(&pi.id),
        format!(
            "Late fees after the payment page failures of {} to {}.",
            pi.first.iso(),
            pi.last.iso()
        ),
        format!(
            "From {} to {} (both days included) our payment page rejected valid cards. A late fee on an invoice the customer tried to pay \
             on our payment page on one of those days is waived whatever its amount and whatever earlier waivers: resolved, and the reply \
             commits to waiving it. When the ticket does not say the day, ask the customer (ask_customer, request payment_attempt). A \
             customer who did not try to pay on the page on those days: section 4 and the plan articles decide.",
            pi.first.iso(),
            pi.last.iso()
        ),
        &[
            "late", "fee", "waiver", "waive", "payment", "page", "incident", "card",
        ],
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        let day = Day::EPOCH_2026.plus(150);
        Rules {
            add_on_windows: vec![("audit log add-on", 14)],
            currency_windows: vec![(Currency::Gbp, 45)],
            goodwill: Goodwill {
                years: 3,
                max_usd_cents: 15_000,
                max_days: 90,
            },
            fee_plans: vec![FeePlan {
                plan: Plan::Business,
                limit_usd_cents: 10_000,
                cooldown_months: 6,
            }],
            payment_incident: PaymentIncident {
                id: "INC-3001".into(),
                first: day.plus(-10),
                last: day.plus(-8),
            },
            incidents: Vec::new(),
        }
    }

    #[test]
    fn refund_windows_and_goodwill_follow_the_articles() {
        let rules = rules();
        let received = Day::EPOCH_2026.plus(150);
        let facts = RefundFacts {
            add_on: "audit log add-on",
            currency: Currency::Gbp,
            local_cents: 10_000,
            days_since_charge: 20,
            customer_since: received.plus(-400),
            received,
            last_goodwill: None,
        };
        // The add-on's 14 days come before GBP's 45.
        assert_eq!(decide_refund(&rules, &facts), (false, RefundRule::Item));
        let other = RefundFacts {
            add_on: "extra storage pack",
            ..facts
        };
        assert_eq!(decide_refund(&rules, &other), (true, RefundRule::Currency));
        // Four full years, £100 = $125 under $150, 50 days: goodwill.
        let loyal = RefundFacts {
            customer_since: received.plus(-4 * 366),
            days_since_charge: 50,
            ..facts
        };
        assert_eq!(decide_refund(&rules, &loyal), (true, RefundRule::Goodwill));
        let given = RefundFacts {
            last_goodwill: Some(received.plus(-100)),
            ..loyal
        };
        assert_eq!(decide_refund(&rules, &given), (false, RefundRule::Item));
        let long_ago = RefundFacts {
            last_goodwill: Some(received.plus(-400)),
            ..loyal
        };
        assert!(decide_refund(&rules, &long_ago).0);
    }

    #[test]
    fn anniversaries_and_months_count_by_the_calendar() {
        let since = Day::from_civil(2023, 5, 14).unwrap_or(Day(0));
        let day_before = Day::from_civil(2026, 5, 13).unwrap_or(Day(0));
        assert!(!full_years(since, day_before, 3));
        assert!(full_years(since, day_before.plus(1), 3));
        let march_31 = Day::from_civil(2026, 3, 31).unwrap_or(Day(0));
        assert_eq!(months_before(march_31, 1).iso(), "2026-02-28");
        assert_eq!(months_before(march_31, 12).iso(), "2025-03-31");
    }

    #[test]
    fn fees_follow_the_plan_article_and_the_incident() {
        let rules = rules();
        let received = Day::EPOCH_2026.plus(150);
        let fee = FeeFacts {
            usd_cents: 9_000,
            plan: Plan::Business,
            last_waiver: Some(received.plus(-220)),
            received,
            attempt: None,
        };
        assert_eq!(decide_fee(&rules, &fee), (true, FeeRule::Plan));
        let starter = FeeFacts {
            plan: Plan::Starter,
            ..fee
        };
        assert_eq!(decide_fee(&rules, &starter), (false, FeeRule::Policy));
        let tried = FeeFacts {
            attempt: Some(received.plus(-9)),
            ..starter
        };
        assert_eq!(decide_fee(&rules, &tried), (true, FeeRule::Incident));
        let day_after = FeeFacts {
            attempt: Some(received.plus(-7)),
            ..starter
        };
        assert_eq!(decide_fee(&rules, &day_after), (false, FeeRule::Policy));
    }

    #[test]
    fn search_finds_by_title_and_topic_words() {
        let mut rng = SeededRng::new(3, 9);
        let kb = draw(&mut rng, Needs::default(), Day::EPOCH_2026.plus(150));
        let hits = kb.search("late fees");
        assert!(
            hits.iter()
                .any(|h| h.title.starts_with("Late fees: payment page"))
        );
        assert!(hits.iter().all(|h| kb.article(&h.article_id).is_some()));
        assert!(
            kb.search("status")
                .iter()
                .any(|h| h.title.contains("status"))
        );
        assert!(kb.search("zzz qqq").is_empty());
        assert_eq!(normalize_article_id("kb 204"), "KB-204");
    }
}
