//! Task `hard`: clean a messy customer table by written rules and report
//! what was kept.
//!
//! Rows carry stray whitespace, mixed case, money in several formats,
//! invalid emails and repeated ids. The rules are applied in a stated order
//! (deduplicate first, then drop invalid emails), so a repeated id whose
//! second row has a bad email is a duplicate, not an invalid email: the
//! answer needs the rules, not pattern matching. Set answers are scored by
//! F1, so listing every id costs.
//!
//! Levels 4 and 5 are a reconciliation across two tables: each refund row
//! is joined by id to a `customers` table (some ids have no record, some
//! customers are closed), and amounts are in the customer's currency,
//! converted to USD with a `rates` table row by row. Level 5 adds refund
//! dates and closing dates: a closed customer's refund stays when it is
//! dated on or before the closing date (an exception to the closed rule).
//! Every row's fate depends on rules that interact in a stated order, and
//! the total on every kept row's join and conversion.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::answer::{FormCheck, Grade, with_asides, without_brackets, written};
use super::names::{COMPANIES, FIRST_NAMES, LAST_NAMES};
use super::noise::Noise;
use crate::grading::{
    Reading, all_or_nothing, amount_cents, cents_value, email_items, f1, fold_id, format_cents,
    id_items, item_set, items_form, one_value, ordered_id_items, parse_cents,
};
use crate::order::set_of;
use crate::points::Points;
use crate::rng::SeededRng;
use crate::rubric::{Criterion, Deduction, Rubric};
use crate::task::at_level;
use crate::text::list_aside::Listed;
use crate::text::normalize;

pub(crate) const ANSWER_FIELDS: &[(&str, &str)] = &[
    ("valid_rows", "integer"),
    ("duplicate_ids", "list of ids"),
    (
        "invalid_emails",
        "list of emails, each once, trimmed and in lower case",
    ),
    (
        "normalized_total",
        "decimal string with 2 places, e.g. \"561.40\"",
    ),
    ("retained_ids", "list of ids in table order"),
];

const WEIGHTS: [(&str, Points); 6] = [
    ("valid_rows", Points(1500)),
    ("duplicate_ids", Points(1500)),
    ("invalid_emails", Points(1500)),
    ("normalized_total", Points(2000)),
    ("retained_ids", Points(2000)),
    ("retained_ids_order", Points(1500)),
];

pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("valid_rows", WEIGHTS[0].1, "Valid row count"),
    Criterion::new("duplicate_ids", WEIGHTS[1].1, "Duplicate ids"),
    Criterion::new("invalid_emails", WEIGHTS[2].1, "Invalid emails"),
    Criterion::new("normalized_total", WEIGHTS[3].1, "Normalised total"),
    Criterion::new("retained_ids", WEIGHTS[4].1, "Retained ids"),
    Criterion::new(
        "retained_ids_order",
        WEIGHTS[5].1,
        "Retained ids in table order",
    ),
]);

const RULES: &[&str] = &[
    "Trim surrounding whitespace from every value; ids and emails are case-insensitive (report them in lower case).",
    "A valid email has exactly one '@', a non-empty part before it, no spaces, and a domain after it that contains a '.' but neither starts nor ends with one.",
    "Deduplicate first: keep the first row of each id; every later row with the same id is a duplicate and is dropped.",
    "Then drop the remaining rows whose email is invalid.",
    "Amounts may carry '$', 'USD' and thousands commas; normalized_total is the sum of the kept rows' amounts, rounded to 2 decimal places.",
    "Finally drop the remaining rows whose amount is zero (test records); dropping them adds nothing to any list (an id that a later row repeated stays in duplicate_ids).",
];

/// Per level (1 to 5), as (fewest, most): distinct ids, first rows with an
/// invalid email, ids repeated later. Then the near misses: rows of a
/// listed person under an id one letter away (often no duplicate: ids
/// decide, and the letter may come out the same);
/// and rows with a zero amount, with the rule that drops them (rule 6).
const UNIQUE: [(i64, i64); 5] = [(4, 6), (6, 10), (10, 14), (14, 18), (18, 24)];
const INVALID: [(i64, i64); 5] = [(1, 1), (1, 3), (2, 4), (3, 5), (4, 6)];
const REPEATED: [(i64, i64); 5] = [(1, 1), (1, 3), (2, 4), (3, 5), (4, 6)];
const NEAR_MISSES: [usize; 5] = [0, 0, 1, 2, 3];
const ZERO_AMOUNTS: [usize; 5] = [0, 0, 0, 1, 2];

/// The first level whose table is joined with `customers` and `rates`.
const JOINED_FROM: u8 = 4;
/// The first level whose refunds carry dates and closed customers a
/// closing date.
const DATED_FROM: u8 = 5;

/// Per level (levels below [`JOINED_FROM`] have none): ids with rows but
/// no customer record (drawn among the listed ids; a near miss's id never
/// has one either, so ids decide in the join as in deduplication),
/// customers with rows whose status is `closed`,
/// customer records with no rows, and currencies besides USD.
const ORPHANS: [(i64, i64); 5] = [(0, 0), (0, 0), (0, 0), (1, 2), (2, 3)];
const CLOSED: [(i64, i64); 5] = [(0, 0), (0, 0), (0, 0), (1, 2), (3, 4)];
const UNUSED_CUSTOMERS: [(i64, i64); 5] = [(0, 0), (0, 0), (0, 0), (1, 2), (2, 3)];
const FOREIGN_CURRENCIES: [usize; 5] = [0, 0, 0, 2, 4];

/// Currencies a joined table's customers use, with the range of their
/// rate in USD per unit, in ten-thousandths.
const CURRENCIES: [(&str, i64, i64); 5] = [
    ("EUR", 10_500, 11_200),
    ("GBP", 12_300, 13_100),
    ("CAD", 7_000, 7_600),
    ("CHF", 11_000, 11_700),
    ("AUD", 6_400, 6_900),
];

/// The rules of a joined table (levels 4 and 5): rule 1 reaches both
/// tables, rules 2 to 4 are the unjoined table's, then the join, the
/// conversion and the zero amounts.
const JOINED_TRIM: &str = "Trim surrounding whitespace from every value of both tables; ids and emails are case-insensitive (report them in lower case).";
const JOIN_RULE: &str = "Then look each remaining row's id up in `customers`: drop the row if the id has no customer record, or if the customer's status is `closed`.";
const DATED_JOIN_RULE: &str = "Then look each remaining row's id up in `customers`: drop the row if the id has no customer record, or if the customer's status is `closed` and the row's `date` is after the customer's `closed_on` date (a refund dated on or before `closed_on` stays).";
const CONVERT_RULE: &str = "Amounts are written in the customer's currency (the `currency` of its record in `customers`), with optional thousands commas. Convert each remaining row's amount to USD with `rates` (USD per one unit of the currency): multiply, then round to the cent (half up), row by row. normalized_total is the sum of these USD amounts of the kept rows.";

/// One row of the refunds table, as exported (untrimmed, in mixed case, possibly repeated).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Row {
    /// The customer id the refund is for.
    pub id: String,
    /// The customer's name.
    pub name: String,
    /// The customer's email.
    pub email: String,
    /// The refund's amount as written (it may carry `$`, a currency code or thousands commas).
    pub amount: String,
    /// The refund's date (`YYYY-MM-DD`), from level 5.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
}

/// A record of the `customers` table a refund row joins to (levels 4-5).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Customer {
    /// The customer id a refund row joins on.
    pub id: String,
    /// The currency of the customer's amounts (a code of `rates`).
    pub currency: &'static str,
    /// `active` or `closed`.
    pub status: &'static str,
    /// The day a closed customer closed (`YYYY-MM-DD`), from level 5.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_on: Option<String>,
}

/// One exchange rate of the `rates` table (levels 4-5).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Rate {
    /// The currency's code, as the customers' `currency` names it.
    pub currency: &'static str,
    /// USD per one unit of `currency`, a decimal with 4 places.
    pub usd_per_unit: String,
}

/// The table to clean and the rules to clean it by.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CleaningPayload {
    /// The table's name.
    pub table_name: String,
    /// The table's columns, in order.
    pub columns: Vec<&'static str>,
    /// The rows as exported.
    pub rows: Vec<Row>,
    /// The cleaning rules, applied in order.
    pub rules: Vec<&'static str>,
    /// The customer records the rows join to by id (levels 4-5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customers: Option<Vec<Customer>>,
    /// Exchange rates to USD (levels 4-5).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rates: Option<Vec<Rate>>,
}

/// The generated table and the gold results of the rules.
#[derive(Debug, Clone)]
pub struct Table {
    table_name: String,
    rows: Vec<Row>,
    /// Each row's amount.
    cents: Vec<i64>,
    /// The written rules the table is cleaned by, in order.
    rules: Vec<&'static str>,
    /// The joined tables (levels 4-5).
    join: Option<Join>,
    gold: Cleaned,
}

/// The `customers` and `rates` tables of a joined table, as shown and as
/// the rules read them.
#[derive(Debug, Clone)]
struct Join {
    customers: Vec<Customer>,
    rates: Vec<Rate>,
    /// Folded id -> the customer's rate in USD per unit (ten-thousandths)
    /// and whether, and from when, it is closed.
    accounts: std::collections::BTreeMap<String, Account>,
}

#[derive(Debug, Clone)]
struct Account {
    rate: i64,
    closed: Closed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Closed {
    No,
    /// Closed: every refund is dropped (level 4).
    Always,
    /// Closed on this ISO day: refunds dated after it are dropped (level 5).
    After(String),
}

impl Join {
    /// Whether rule 5 drops a row of id `id` dated `date`.
    fn drops(&self, id: &str, date: Option<&str>) -> bool {
        match self.accounts.get(id).map(|a| &a.closed) {
            None | Some(Closed::Always) => true,
            Some(Closed::No) => false,
            Some(Closed::After(day)) => date.is_some_and(|d| d.trim() > day.as_str()),
        }
    }

    /// `cents` in the currency of customer `id`, in USD cents rounded half
    /// up (a misjudged conversion leaves the amount as it is).
    fn usd(&self, id: &str, cents: i64, misjudged: bool) -> i64 {
        let rate = match misjudged {
            true => 10_000,
            false => self.accounts.get(id).map_or(10_000, |a| a.rate),
        };
        (cents * rate + 5_000).div_euclid(10_000)
    }
}

/// What the rules make of a table.
#[derive(Debug, Clone)]
struct Cleaned {
    duplicate_ids: BTreeSet<String>,
    invalid_emails: BTreeSet<String>,
    total_cents: i64,
    retained_ids: Vec<String>,
}

impl Cleaned {
    /// The rules applied to `rows` in their order; each decision (a
    /// repeated id, an invalid email, a zero amount) is taken the other way
    /// when `misjudged` says so (never, for the gold).
    fn of(table: &Table, mut misjudged: impl FnMut() -> bool) -> Cleaned {
        let mut seen = BTreeSet::new();
        let mut cleaned = Cleaned {
            duplicate_ids: BTreeSet::new(),
            invalid_emails: BTreeSet::new(),
            total_cents: 0,
            retained_ids: Vec::new(),
        };
        for (row, cents) in table.rows.iter().zip(&table.cents) {
            let id = normalize(&row.id);
            if !seen.insert(id.clone()) ^ misjudged() {
                cleaned.duplicate_ids.insert(id);
                continue;
            }
            let email = row.email.trim();
            if !is_valid_email(email) ^ misjudged() {
                cleaned.invalid_emails.insert(normalize(email));
                continue;
            }
            if let Some(join) = &table.join
                && join.drops(&id, row.date.as_deref()) ^ misjudged()
            {
                continue;
            }
            // The zero-amount rule comes with the join (levels 4-5).
            if table.join.is_some() && (*cents == 0) ^ misjudged() {
                continue;
            }
            cleaned.total_cents += match &table.join {
                Some(join) => join.usd(&id, *cents, misjudged()),
                None => *cents,
            };
            cleaned.retained_ids.push(id);
        }
        cleaned
    }

    fn answer(&self) -> Value {
        json!({
            "valid_rows": self.retained_ids.len(),
            "duplicate_ids": self.duplicate_ids,
            "invalid_emails": self.invalid_emails,
            "normalized_total": format_cents(self.total_cents),
            "retained_ids": self.retained_ids,
        })
    }
}

/// The email rule (rule 2 of the written cleaning rules), on a trimmed value.
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let domain_ok = domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.');
    !local.is_empty() && !domain.contains('@') && !email.contains(char::is_whitespace) && domain_ok
}

fn messy_amount(rng: &mut SeededRng, cents: i64) -> String {
    let (whole, rest) = (cents / 100, cents % 100);
    let grouped = {
        let digits = whole.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    match rng.below(5) {
        0 => format!("{whole}.{rest:02}"),
        1 => format!("${grouped}.{rest:02}"),
        2 if rest % 10 == 0 => format!("USD {whole}.{}", rest / 10),
        3 => format!("  {grouped}.{rest:02} "),
        _ => format!("{whole}.{rest:02}"),
    }
}

/// An amount with no currency mark (a joined table's currency is its
/// customer's): plain, with thousands commas, or padded.
fn messy_plain_amount(rng: &mut SeededRng, cents: i64) -> String {
    let marked = messy_amount(rng, cents);
    let plain = marked.trim().trim_start_matches('$');
    match plain.strip_prefix("USD ") {
        Some(short) => format!("{short}0"),
        None if marked.starts_with(' ') => marked.clone(),
        None => plain.to_owned(),
    }
}

fn messy_case(rng: &mut SeededRng, text: &str) -> String {
    match rng.below(4) {
        0 => text.to_uppercase(),
        1 => {
            let mut chars = text.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
        _ => text.to_owned(),
    }
}

fn pad(rng: &mut SeededRng, text: &str) -> String {
    match rng.below(4) {
        0 => format!(" {text}"),
        1 => format!("{text}  "),
        _ => text.to_owned(),
    }
}

/// Random case, then random padding.
fn mess_up(rng: &mut SeededRng, text: &str) -> String {
    let cased = messy_case(rng, text);
    pad(rng, &cased)
}

fn invalid_email(rng: &mut SeededRng, local: &str, domain: &str) -> String {
    let stem = domain.trim_end_matches(".example");
    match rng.below(6) {
        0 => format!("{local}.{domain}"),
        1 => format!("{local}@@{domain}"),
        2 => format!("{local}@{stem}"),
        3 => format!("{} @{domain}", local.replace('.', " ")),
        4 => format!("@{domain}"),
        _ => format!("{local}@{domain}."),
    }
}

/// The table of a level and seed, with its gold results.
pub fn generate(level: u8, seed: u64) -> Table {
    let mut rng = SeededRng::new(seed, 3);
    let joined = level >= JOINED_FROM;
    let amount_of = |rng: &mut SeededRng, cents| match joined {
        true => messy_plain_amount(rng, cents),
        false => messy_amount(rng, cents),
    };
    let (company, domain) = *rng.pick(COMPANIES);
    let (fewest, most) = at_level(&UNIQUE, level);
    let unique = rng.range(fewest, most) as usize;
    let mut ids = BTreeSet::new();
    while ids.len() < unique {
        let letter = char::from(b'a' + rng.below(26) as u8);
        ids.insert(format!("{letter}{:03}", rng.range(1, 999)));
    }
    let mut ids: Vec<String> = ids.into_iter().collect();
    rng.shuffle(&mut ids);

    let (fewest, most) = at_level(&INVALID, level);
    let invalid_count = rng.range(fewest, most) as usize;
    let (fewest, most) = at_level(&REPEATED, level);
    let duplicate_count = rng.range(fewest, most) as usize;
    // Which first rows get a bad email, which ids repeat later.
    let invalid_first: Vec<usize> = rng.sample(&(0..unique).collect::<Vec<_>>(), invalid_count);
    let repeated: Vec<usize> = rng.sample(&(0..unique).collect::<Vec<_>>(), duplicate_count);

    let mut rows: Vec<(usize, Row, bool, i64)> = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        let first = *rng.pick(FIRST_NAMES);
        let last = *rng.pick(LAST_NAMES);
        let local = format!("{}.{}", first.to_lowercase(), last.to_lowercase());
        let bad = invalid_first.contains(&index);
        let email = if bad {
            invalid_email(&mut rng, &local, domain)
        } else {
            format!("{local}@{domain}")
        };
        let cents = rng.range(500, 250_000);
        let row = Row {
            id: mess_up(&mut rng, id),
            name: pad(&mut rng, &format!("{first} {last}")),
            email: mess_up(&mut rng, &email),
            amount: amount_of(&mut rng, cents),
            date: None,
        };
        rows.push((index, row, !bad, cents));
    }
    // Harder levels add near misses: a listed person again, after the
    // first row like a repeat, under an id one letter away (a duplicate
    // only when the letter comes out the same).
    let mut copies: Vec<(usize, bool)> = repeated.into_iter().map(|i| (i, false)).collect();
    for _ in 0..at_level(&NEAR_MISSES, level) {
        copies.push((rng.index(unique), true));
    }
    for (index, near) in copies {
        // Earlier insertions shift rows, so find the first occurrence by tag.
        let first_at = rows.iter().position(|r| r.0 == index).unwrap_or(0);
        let template = rows[first_at].1.clone();
        let bad = rng.chance(1, 3);
        let trimmed = template.email.trim().to_lowercase();
        let local = trimmed
            .split('@')
            .next()
            .unwrap_or("someone")
            .replace(' ', ".");
        let email = if bad {
            invalid_email(&mut rng, &local, domain)
        } else {
            format!("{local}@{domain}")
        };
        let cents = rng.range(500, 250_000);
        let mut id = ids[index].clone();
        if near {
            let letter = char::from(b'a' + rng.below(26) as u8);
            id = format!("{letter}{}", id.get(1..).unwrap_or_default());
        }
        let row = Row {
            id: mess_up(&mut rng, &id),
            name: template.name,
            email: pad(&mut rng, &email),
            amount: amount_of(&mut rng, cents),
            date: None,
        };
        let position = first_at + 1 + rng.index(rows.len() - first_at);
        rows.insert(position, (index, row, !bad, cents));
    }
    // And first rows whose amount is zero.
    for index in rng.sample(
        &(0..unique).collect::<Vec<_>>(),
        at_level(&ZERO_AMOUNTS, level),
    ) {
        if let Some(row) = rows.iter_mut().find(|r| r.0 == index) {
            row.1.amount = amount_of(&mut rng, 0);
            row.3 = 0;
        }
    }

    let join = joined.then(|| join_tables(&mut rng, level, &ids, &mut rows));
    let rules = match (&join, level >= DATED_FROM) {
        (None, _) => RULES[..RULES.len() - 1].to_vec(),
        (Some(_), dated) => vec![
            JOINED_TRIM,
            RULES[1],
            RULES[2],
            RULES[3],
            if dated { DATED_JOIN_RULE } else { JOIN_RULE },
            CONVERT_RULE,
            RULES[5],
        ],
    };
    let mut table = Table {
        table_name: format!("{company} customer refunds"),
        cents: rows.iter().map(|r| r.3).collect(),
        rows: rows.into_iter().map(|(_, row, _, _)| row).collect(),
        rules,
        join,
        gold: Cleaned {
            duplicate_ids: BTreeSet::new(),
            invalid_emails: BTreeSet::new(),
            total_cents: 0,
            retained_ids: Vec::new(),
        },
    };
    // Apply the rules, in their order, to get the gold answer.
    table.gold = Cleaned::of(&table, || false);
    table
}

/// The `customers` and `rates` tables of a joined table (levels 4-5), and
/// at level 5 each row's date. `rows` are (id index, row, valid email,
/// cents). Orphans and closed customers are drawn among ids whose first
/// row survives rules 3 and 4, so rule 5 decides at least one row of each;
/// at level 5 one closed customer's first refund is dated on or before
/// its closing date (it stays) and another's after it (it goes).
fn join_tables(
    rng: &mut SeededRng,
    level: u8,
    ids: &[String],
    rows: &mut [(usize, Row, bool, i64)],
) -> Join {
    let dated = level >= DATED_FROM;
    // Refund dates: days of November 2026.
    if dated {
        for row in rows.iter_mut() {
            row.1.date = Some(format!("2026-11-{:02}", rng.range(4, 26)));
        }
    }
    let first_row = |index: usize| rows.iter().find(|r| r.0 == index);
    let reaching: Vec<usize> = (0..ids.len())
        .filter(|i| first_row(*i).is_some_and(|r| r.2))
        .collect();
    let (fewest, most) = at_level(&ORPHANS, level);
    let orphan_count = rng.range(fewest, most) as usize;
    let (fewest, most) = at_level(&CLOSED, level);
    let closed_count = rng.range(fewest, most) as usize;
    let picked = rng.sample(&reaching, orphan_count + closed_count);
    let (orphans, closed) = picked.split_at(orphan_count.min(picked.len()));

    let mut currencies: Vec<(&'static str, i64)> = vec![("USD", 10_000)];
    let foreign = rng.sample(&CURRENCIES, at_level(&FOREIGN_CURRENCIES, level));
    for (code, low, high) in foreign {
        currencies.push((code, rng.range(low, high)));
    }
    // Each customer record to write: its id and whether it is closed.
    let mut records: Vec<(String, Closed)> = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        if orphans.contains(&index) {
            continue;
        }
        let closed_at = closed.iter().position(|c| *c == index);
        let state = match (closed_at, dated) {
            (None, _) => Closed::No,
            (Some(_), false) => Closed::Always,
            (Some(at), true) => {
                let refund = first_row(index)
                    .and_then(|r| r.1.date.clone())
                    .and_then(|d| d.get(8..10)?.parse::<i64>().ok())
                    .unwrap_or(15);
                // The first stays (closed on the refund's day or later),
                // the second goes (closed before it), the rest either way.
                let stays = match at {
                    0 => true,
                    1 => false,
                    _ => rng.chance(1, 2),
                };
                let day = match stays {
                    true => refund + rng.range(0, 3),
                    false => refund - rng.range(1, 3),
                };
                Closed::After(format!("2026-11-{day:02}"))
            }
        };
        records.push((id.clone(), state));
    }
    // Customers with no refund rows, under ids the table does not use.
    let (fewest, most) = at_level(&UNUSED_CUSTOMERS, level);
    for _ in 0..rng.range(fewest, most) {
        let letter = char::from(b'a' + rng.below(26) as u8);
        let id = format!("{letter}{:03}", rng.range(1, 999));
        let used = records.iter().any(|(known, _)| *known == id)
            || rows.iter().any(|r| normalize(&r.1.id) == id);
        if !used {
            records.push((id, Closed::No));
        }
    }
    let mut accounts = std::collections::BTreeMap::new();
    let mut customers = Vec::new();
    for (id, closed) in records {
        let (currency, rate) = *rng.pick(&currencies);
        customers.push(Customer {
            id: mess_up(rng, &id),
            currency,
            status: if closed == Closed::No {
                "active"
            } else {
                "closed"
            },
            closed_on: match &closed {
                Closed::After(day) => Some(day.clone()),
                _ => None,
            },
        });
        accounts.insert(normalize(&id), Account { rate, closed });
    }
    rng.shuffle(&mut customers);
    let rates = currencies
        .iter()
        .map(|(currency, rate)| Rate {
            currency,
            usd_per_unit: format!("{}.{:04}", rate / 10_000, rate % 10_000),
        })
        .collect();
    Join {
        customers,
        rates,
        accounts,
    }
}

impl Table {
    /// The payload the agent sees: the table and its rules.
    pub fn payload(&self) -> CleaningPayload {
        let dated = self.rows.iter().any(|r| r.date.is_some());
        CleaningPayload {
            table_name: self.table_name.clone(),
            columns: match dated {
                true => vec!["id", "name", "email", "amount", "date"],
                false => vec!["id", "name", "email", "amount"],
            },
            rows: self.rows.clone(),
            rules: self.rules.clone(),
            customers: self.join.as_ref().map(|j| j.customers.clone()),
            rates: self.join.as_ref().map(|j| j.rates.clone()),
        }
    }

    /// The instruction with the rules of this table's level.
    pub fn instruction(&self) -> String {
        let rules: Vec<String> = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| format!("{}. {r}", i + 1))
            .collect();
        let (joined, after) = match self.join {
            None => ("", ""),
            Some(_) => (
                ", joined by id with the payload's `customers` table and converted with its \
                 `rates`,",
                " Dropping a row by rule 5 adds nothing to any list, and the row is not \
                 retained (an id that a later row repeated stays in duplicate_ids). \
                 normalized_total is in USD.",
            ),
        };
        format!(
            "Clean the table `{}` in the payload{joined} by these rules, in order:\n{}\n\n\
             Answer with one JSON object: {{\"valid_rows\": n, \"duplicate_ids\": [...], \
             \"invalid_emails\": [...], \"normalized_total\": \"0.00\", \"retained_ids\": [...]}}. \
             valid_rows is the number of rows left after every rule (the length of \
             retained_ids); duplicate_ids lists each repeated id once; invalid_emails lists the email of every \
             row dropped by rule 4 once (an email on several such rows once), trimmed and in lower \
             case, and nothing else (an invalid email \
             on a duplicate row dropped by rule 3 is not reported, nor is a valid email); \
             normalized_total is one amount (a breakdown after it, in brackets or as `a + b = \
             total`, is read as the total); retained_ids keeps table order. List fields are \
             scored by precision and recall, so an id or email too many costs as one missing.{after}",
            self.table_name,
            rules.join("\n")
        )
    }

    /// The table's ids and emails, as the list fields' items compare.
    fn ids_and_emails(&self) -> (BTreeSet<String>, BTreeSet<String>) {
        (
            set_of(self.rows.iter().map(|r| fold_id(&r.id))),
            set_of(self.rows.iter().map(|r| normalize(&r.email))),
        )
    }

    fn read(&self, answer: &Map<String, Value>) -> Report {
        // The table's own name ("Harborlog customer refunds") names its
        // rows around a count or a total as "rows" does ("13 refunds in
        // all", "total of valid refunds: 15,510.12").
        let own: Vec<String> = normalize(&self.table_name)
            .split_whitespace()
            .flat_map(|word| [word.to_owned(), word.trim_end_matches('s').to_owned()])
            .collect();
        // The table's ids and emails tell a lead-in before a list's first
        // item from the item ("Duplicates: z349, ...").
        let (ids, emails) = self.ids_and_emails();
        Report {
            valid_rows: one_value(answer, "valid_rows", |value| read_count(value, &own)),
            duplicate_ids: id_items(answer, "duplicate_ids", &ids, Listed::Removed),
            invalid_emails: email_items(answer, "invalid_emails", &emails, Listed::Removed),
            normalized_total: one_value(answer, "normalized_total", |value| {
                read_total(value, &own)
            }),
            retained_ids: ordered_id_items(answer, "retained_ids", &ids, Listed::Kept),
        }
    }

    /// The draft check: each field read as the grader reads it, ids and
    /// emails among the table's.
    pub fn form(&self, answer: &Map<String, Value>) -> FormCheck {
        let report = self.read(answer);
        let (ids, emails) = self.ids_and_emails();
        vec![
            ("valid_rows".into(), report.valid_rows.map(drop)),
            (
                "duplicate_ids".into(),
                items_form(&report.duplicate_ids, &ids),
            ),
            (
                "invalid_emails".into(),
                items_form(&report.invalid_emails, &emails),
            ),
            ("normalized_total".into(), report.normalized_total.map(drop)),
            (
                "retained_ids".into(),
                items_form(&report.retained_ids, &ids),
            ),
        ]
    }

    /// The grade of an answer object by the cleaning rubric.
    pub fn grade(&self, answer: &Map<String, Value>) -> Grade {
        let report = self.read(answer);
        let set_score = |reading: &Reading<Vec<String>>, gold: &BTreeSet<String>| {
            item_set(reading).map_or(Points::ZERO, |items| f1(&items, gold))
        };
        let gold = &self.gold;
        let gold_retained: BTreeSet<String> = set_of(gold.retained_ids.iter().cloned());
        let scores = [
            all_or_nothing(report.valid_rows == Ok(gold.retained_ids.len() as u64)),
            set_score(&report.duplicate_ids, &gold.duplicate_ids),
            set_score(&report.invalid_emails, &gold.invalid_emails),
            all_or_nothing(report.normalized_total == Ok(gold.total_cents)),
            set_score(&report.retained_ids, &gold_retained),
            all_or_nothing(report.retained_ids.as_ref() == Ok(&gold.retained_ids)),
        ];
        let list = |items: &mut dyn Iterator<Item = &String>| {
            format!(
                "[{}]",
                items.map(String::as_str).collect::<Vec<_>>().join(", ")
            )
        };
        // A list deduction names the items that cost the points (missing,
        // or there too many), not only the whole list: a 14-id list cut at
        // 80 characters does not show which id was wrong.
        let expected = [
            gold.retained_ids.len().to_string(),
            list(&mut gold.duplicate_ids.iter())
                + &items_off(&report.duplicate_ids, &gold.duplicate_ids),
            list(&mut gold.invalid_emails.iter())
                + &items_off(&report.invalid_emails, &gold.invalid_emails),
            format_cents(gold.total_cents),
            list(&mut gold_retained.iter()) + &items_off(&report.retained_ids, &gold_retained),
            list(&mut gold.retained_ids.iter())
                + &first_out_of_place(&report.retained_ids, &gold.retained_ids),
        ];
        let mut deductions = Vec::new();
        for (((name, _), score), expected) in WEIGHTS.iter().zip(scores).zip(expected) {
            if score < Points::FULL {
                let field = name.trim_end_matches("_order");
                deductions.push(Deduction::new(
                    name,
                    field,
                    written(answer, field),
                    expected,
                ));
            }
        }
        let scores: Vec<(&'static str, Points)> =
            WEIGHTS.iter().map(|(name, _)| *name).zip(scores).collect();
        Grade::of(&RUBRIC, &scores, deductions)
    }

    /// The gold answer, which scores 1.0.
    pub fn reference_answer(&self) -> Value {
        self.gold.answer()
    }

    /// The rules applied with each decision (a repeated id, an invalid
    /// email, a zero amount) misjudged with the noise's probability: a
    /// larger table has more of them.
    pub(crate) fn noisy_answer(&self, noise: &mut Noise) -> Value {
        Cleaned::of(self, || noise.misjudged(1)).answer()
    }
}

/// A cleaning report as the grader reads it.
struct Report {
    valid_rows: Reading<u64>,
    duplicate_ids: Reading<Vec<String>>,
    invalid_emails: Reading<Vec<String>>,
    normalized_total: Reading<i64>,
    retained_ids: Reading<Vec<String>>,
}

/// Words that name the rows kept, which may stand around a count or a
/// total ("7 valid rows", "total of kept refunds: 561.40"), besides the
/// table's own name. A label naming anything else ("dropped rows",
/// "before cleaning", "approximate") holds other words, so the number
/// after it is no count or total.
const KEPT_WORDS: &[&str] = &[
    "rows",
    "row",
    "records",
    "record",
    "valid",
    "kept",
    "retained",
    "remaining",
    "remain",
    "left",
    "clean",
    "cleaned",
];

/// Words a label before a count or a total may hold besides the words
/// that name the kept rows ("number of valid rows: 7", "total for kept
/// rows after cleaning = 561.40"); beside the number itself they would
/// read a breakdown as the value ("9 (of 19 rows)").
const LABEL_WORDS: &[&str] = &["number", "count", "of", "for", "after", "cleaning"];

/// Words that may stand around a count besides [`KEPT_WORDS`] ("there
/// are 7", "7 in total").
const COUNT_FILLER: &[&str] = &["are", "there", "in", "total"];

/// A row count: `7`, `7.0`, `"7"`, `"seven"`, `"twenty-one"`, `"7 valid
/// rows"`, `"13 refunds in all"`, `"number of valid rows: 13"` (words of
/// the table's name, `own`, as "rows"). Two numbers (`5 or 6`, `5-6`), a
/// fraction, a sign or any other word is no count; a bracketed aside (`12
/// (3 dropped)`) is ignored.
fn read_count(value: &Value, own: &[String]) -> Option<u64> {
    let text = match value {
        Value::Number(n) => {
            return n.as_u64().or_else(|| {
                let written = n.to_string();
                written.strip_suffix(".0")?.parse().ok()
            });
        }
        Value::String(text) => text,
        _ => return None,
    };
    if text.trim_start().starts_with('-') || text.contains(APPROXIMATE) {
        return None;
    }
    let count_words = |text: &str| count_words(text, own);
    let text = after_label(text, |word| {
        COUNT_FILLER.contains(&word) || LABEL_WORDS.contains(&word) || names_kept(word, own)
    });
    // `12 (3 dropped)`: an aside; `3 (2)`: two counts. `8 of 28 rows`:
    // the count out of the table's rows (play-para-pr3, B6).
    let text = match text.split_once(" of ") {
        Some((count, whole)) if count_words(whole).is_some() => count,
        _ => text,
    };
    with_asides(text, count_words)
}

/// `text` after a label that names the value asked and its mark ("number
/// of valid rows: 13", "count of kept refunds = 13"): every word of the
/// label is one `names_it` takes; `text` itself otherwise.
fn after_label(text: &str, names_it: impl Fn(&str) -> bool) -> &str {
    let marked = crate::grading::LABEL_MARKS
        .iter()
        .filter_map(|mark| Some((text.find(mark)?, mark.len())))
        .min_by_key(|(at, len)| (*at, std::cmp::Reverse(*len)));
    let Some((at, len)) = marked else {
        return text;
    };
    let label = crate::text::Text::new(&text[..at]);
    let names = !label.words.is_empty() && label.words.iter().all(|w| names_it(&w.text));
    match names {
        true => text[at + len..].trim_start(),
        false => text,
    }
}

/// The count a text of number and filler words says.
fn count_words(text: &str, own: &[String]) -> Option<u64> {
    let text = crate::text::Text::new(&crate::text::without_whole_phrases(text));
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let mut count = None;
    let mut at = 0;
    while at < words.len() {
        let word = words[at];
        if let Some((whole, fraction)) = word.split_once('.')
            && (!fraction.bytes().all(|b| b == b'0') || whole.is_empty())
        {
            return None;
        }
        match crate::text::number_at(&words, at) {
            Some(_) if count.is_some() => return None,
            Some((n, taken)) => {
                count = Some(n);
                at += taken;
                continue;
            }
            None if COUNT_FILLER.contains(&word) || names_kept(word, own) => {}
            None => return None,
        }
        at += 1;
    }
    count
}

/// Whether `word` names the kept rows: [`KEPT_WORDS`] or a word of the
/// table's name (`own`).
fn names_kept(word: &str, own: &[String]) -> bool {
    KEPT_WORDS.contains(&word) || own.iter().any(|o| o == word)
}

/// Marks of an approximate or bounded number: no count, no total.
const APPROXIMATE: [char; 5] = ['~', '\u{2248}', '<', '>', '\u{00B1}'];

/// Words that may stand around a total besides [`KEPT_WORDS`] (`Total:
/// $561.40 USD`, `sum of the kept amounts: 561.40`).
const TOTAL_FILLER: &[&str] = &[
    "total",
    // "10034.23 in total" (play-para-pr3, B6).
    "in",
    "normalized_total",
    "normalized",
    "sum",
    "grand",
    "final",
    "amounts",
    "amount",
    "is",
    "the",
    "$",
    "usd",
    "us$",
    // "1,234.50 in US dollars" (play-para-pr4 B3).
    "us",
    "dollars",
];

/// The total in cents: one amount (`561.40`, `"$1,234.50"`), an amount
/// said to be the whole (`"1,234.50 in all"`) or after a label naming the
/// total asked (`"total of valid refunds: 1,234.50"`; words of the
/// table's name, `own`, as "rows"), or a total written with its
/// breakdown, which is the total and not the breakdown's first amount:
/// `"1,234.50 (1,000.00 + 234.50)"`, `"1000 + 234.50 = 1234.50"`,
/// `"Total: $1,234.50 = 1,000.00 + 234.50"`. Two amounts with no sum
/// between them (`"1234.50 or 1300"`) are no total.
fn read_total(value: &Value, own: &[String]) -> Option<i64> {
    if let Some(cents) = cents_value(value) {
        return Some(cents);
    }
    // A bracket that holds one other amount (`561.40 (600.00)`) is a hedge;
    // a breakdown or a comment in brackets is not.
    with_asides(value.as_str()?, |text| {
        let text = crate::text::without_whole_phrases(text);
        amount_cents(&text).or_else(|| sum_total(&text, own))
    })
}

/// A total written as a sum (see [`read_total`]), brackets left out.
fn sum_total(text: &str, own: &[String]) -> Option<i64> {
    // A colon or an arrow after a label marks the value as "=" does
    // ("total of kept rows: 561.40", "total of kept rows -> 561.40"); an
    // arrow is no bound (">").
    let text = crate::grading::LABEL_MARKS
        .iter()
        .filter(|mark| mark.chars().any(|c| !matches!(c, ':' | '=' | '#')))
        .fold(without_brackets(text), |text, mark| text.replace(mark, "="))
        .replace(": ", "= ");
    if text.contains(APPROXIMATE) {
        return None;
    }
    // Words other than amounts and the total's own words (`approx`, `or`)
    // make the segment unreadable. Words naming the kept rows stand only
    // in a label: apart from the amount, or after it and "total" or "sum"
    // ("561.40 total of kept rows", as an aside's "total of kept rows:
    // 561.40" is read); "sum of the 3 kept rows" holds a count of rows, no
    // amount.
    let amounts = |segment: &str| -> Vec<i64> {
        let tokens: Vec<&str> = segment
            .split(|c: char| c.is_whitespace() || c == '+')
            .map(|token| {
                token.trim_matches(|c: char| matches!(c, ':' | ',' | ';' | '.' | '*' | '`'))
            })
            .filter(|token| !token.is_empty())
            .collect();
        let figures: Vec<usize> = (0..tokens.len())
            .filter(|k| tokens[*k].bytes().any(|b| b.is_ascii_digit()))
            .collect();
        let labelled = match figures.as_slice() {
            [] => true,
            [0] => tokens
                .get(1)
                .is_some_and(|t| matches!(t.to_lowercase().as_str(), "total" | "sum")),
            _ => false,
        };
        let mut found = Vec::new();
        for token in tokens {
            let word = token.to_lowercase();
            if token.bytes().any(|b| b.is_ascii_digit()) {
                found.push(parse_cents(token).unwrap_or(i64::MIN));
            } else if !TOTAL_FILLER.contains(&word.as_str())
                && !(labelled && (LABEL_WORDS.contains(&word.as_str()) || names_kept(&word, own)))
            {
                found.push(i64::MIN);
            }
        }
        found
    };
    // A segment of words alone is a label before the total ("Total for
    // kept rows = 561.40"), not a part of the sum.
    let segments: Vec<Vec<i64>> = text
        .split('=')
        .map(amounts)
        .filter(|segment| !segment.is_empty())
        .collect();
    if let [only] = segments.as_slice() {
        return match only.as_slice() {
            [one] if *one != i64::MIN => Some(*one),
            _ => None,
        };
    }
    // A sum: the one segment with one amount that the others add up to.
    segments
        .iter()
        .enumerate()
        .find_map(|(i, segment)| match segment.as_slice() {
            [total] if *total != i64::MIN => {
                let rest: Vec<i64> = segments
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, s)| {
                        s.iter()
                            .copied()
                            .try_fold(0i64, |a, b| (b != i64::MIN).then(|| a.saturating_add(b)))
                            .unwrap_or(i64::MIN)
                    })
                    .collect();
                rest.iter().all(|sum| sum == total).then_some(*total)
            }
            _ => None,
        })
}

/// What a list field got wrong, as a deduction adds it to the expected
/// list: ` (missing a, b; not expected c)`, or nothing for an unreadable
/// field (its deduction already says what was written).
fn items_off(reading: &Reading<Vec<String>>, gold: &BTreeSet<String>) -> String {
    let Some(got) = item_set(reading) else {
        return String::new();
    };
    let missing: Vec<&str> = gold.difference(&got).map(String::as_str).collect();
    let extra: Vec<&str> = got.difference(gold).map(String::as_str).collect();
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing {}", missing.join(", ")));
    }
    if !extra.is_empty() {
        parts.push(format!("not expected {}", extra.join(", ")));
    }
    match parts.is_empty() {
        true => String::new(),
        false => format!(" ({})", parts.join("; ")),
    }
}

/// Where a list in table order first leaves it, as a deduction adds it to
/// the expected order: ` (first out of place: position 3 is x, expected y)`.
fn first_out_of_place(reading: &Reading<Vec<String>>, gold: &[String]) -> String {
    let Ok(got) = reading else {
        return String::new();
    };
    let at = got.iter().zip(gold).position(|(a, b)| a != b);
    match at {
        Some(i) => format!(
            " (first out of place: position {} is {}, expected {})",
            i + 1,
            got[i],
            gold[i]
        ),
        None if got.len() > gold.len() => format!(
            " (first out of place: position {} is {}, expected the end)",
            gold.len() + 1,
            got[gold.len()]
        ),
        None if got.len() < gold.len() => format!(
            " (first out of place: the list ends at position {}, expected {})",
            got.len() + 1,
            gold[got.len()]
        ),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grading::answer_object as answer;

    #[test]
    fn email_rule() {
        for ok in ["a@b.co", "maya.costa@bluepeak.example", "x@a.b.c"] {
            assert!(is_valid_email(ok), "{ok}");
        }
        for bad in [
            "ab.co", "a@@b.co", "a@b", "a b@c.co", "@b.co", "a@b.co.", "a@.co", "",
        ] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn reference_scores_full_and_tables_have_traps() {
        let mut duplicate_with_bad_email = 0;
        for (level, seed) in (1..=5).flat_map(|level| (0..1000).map(move |seed| (level, seed))) {
            let table = generate(level, seed);
            assert_eq!(
                table.grade(&answer(table.reference_answer())).total,
                Points::FULL,
                "seed {seed}"
            );
            assert!(
                !table.gold.duplicate_ids.is_empty() && !table.gold.invalid_emails.is_empty(),
                "seed {seed}: {table:#?}"
            );
            assert!(!table.gold.retained_ids.is_empty());
            let bad_later = table
                .rows
                .iter()
                .filter(|r| !is_valid_email(r.email.trim()))
                .count()
                > table.gold.invalid_emails.len();
            duplicate_with_bad_email += usize::from(bad_later);
        }
        assert!(duplicate_with_bad_email > 100, "{duplicate_with_bad_email}");
    }

    /// The rules of a joined table applied from the payload alone, as an
    /// agent reads it: the reference must be what the shown tables say.
    fn clean_from_payload(payload: &CleaningPayload) -> (Vec<String>, i64) {
        let customers = payload.customers.clone().unwrap_or_default();
        let rates = payload.rates.clone().unwrap_or_default();
        let rate_of = |currency: &str| {
            rates
                .iter()
                .find(|r| r.currency == currency)
                .map(|r| r.usd_per_unit.replace('.', "").parse::<i64>().unwrap_or(-1))
                .unwrap_or(-1)
        };
        let (mut seen, mut kept, mut total) = (BTreeSet::new(), Vec::new(), 0);
        for row in &payload.rows {
            let id = row.id.trim().to_lowercase();
            if !seen.insert(id.clone()) || !is_valid_email(row.email.trim()) {
                continue;
            }
            let Some(customer) = customers.iter().find(|c| c.id.trim().to_lowercase() == id) else {
                continue;
            };
            let closed_out = customer.status == "closed"
                && match (&customer.closed_on, &row.date) {
                    (Some(on), Some(date)) => date.as_str() > on.as_str(),
                    _ => true,
                };
            let cents = parse_cents(&row.amount.replace(',', "")).unwrap_or(-1);
            if closed_out || cents == 0 {
                continue;
            }
            total += (cents * rate_of(customer.currency) + 5_000) / 10_000;
            kept.push(id);
        }
        (kept, total)
    }

    #[test]
    fn joined_levels_are_decided_by_the_join_the_rates_and_the_dates() {
        for level in [4, 5] {
            let (mut orphaned, mut closed_out, mut closed_kept, mut converted) = (0, 0, 0, 0);
            for seed in 0..500 {
                let table = generate(level, seed);
                let payload = table.payload();
                let (kept, total) = clean_from_payload(&payload);
                assert_eq!(kept, table.gold.retained_ids, "level {level} seed {seed}");
                assert_eq!(total, table.gold.total_cents, "level {level} seed {seed}");
                let join = table.join.as_ref().expect("joined from level 4");
                let reaching: Vec<&Row> = {
                    let mut seen = BTreeSet::new();
                    table
                        .rows
                        .iter()
                        .filter(|r| seen.insert(normalize(&r.id)))
                        .filter(|r| is_valid_email(r.email.trim()))
                        .collect()
                };
                let account = |r: &Row| join.accounts.get(&normalize(&r.id));
                orphaned += usize::from(reaching.iter().any(|r| account(r).is_none()));
                // The ids without a record are the orphans the level draws
                // (as many as ORPHANS says, the README's count) and the near
                // misses' ids, one letter away from an id of an earlier row,
                // which never have one: ids decide in the join as in
                // deduplication.
                let row_ids: Vec<String> = table.rows.iter().map(|r| normalize(&r.id)).collect();
                let without_record = set_of(
                    row_ids
                        .iter()
                        .filter(|id| !join.accounts.contains_key(*id))
                        .cloned(),
                );
                let near_miss = |id: &String| {
                    let first = row_ids.iter().position(|r| r == id).unwrap_or(0);
                    row_ids[..first]
                        .iter()
                        .any(|earlier| earlier != id && earlier.get(1..) == id.get(1..))
                };
                let drawn = without_record.iter().filter(|id| !near_miss(id)).count();
                let (fewest, most) = at_level(&ORPHANS, level);
                assert!(
                    drawn as i64 <= most && without_record.len() as i64 >= fewest,
                    "level {level} seed {seed}: {without_record:?}"
                );
                closed_out += usize::from(reaching.iter().any(|r| {
                    account(r).is_some_and(|a| a.closed != Closed::No)
                        && join.drops(&normalize(&r.id), r.date.as_deref())
                }));
                closed_kept += usize::from(reaching.iter().any(|r| {
                    account(r).is_some_and(|a| a.closed != Closed::No)
                        && !join.drops(&normalize(&r.id), r.date.as_deref())
                }));
                converted += usize::from(
                    table
                        .gold
                        .retained_ids
                        .iter()
                        .any(|id| join.accounts.get(id).is_some_and(|a| a.rate != 10_000)),
                );
                assert_eq!(payload.rules.len(), 7);
                assert_eq!(payload.columns.contains(&"date"), level == 5);
            }
            assert_eq!(orphaned, 500, "level {level}");
            assert_eq!(closed_out, 500, "level {level}");
            assert!(converted > 480, "level {level}: {converted}");
            match level {
                5 => assert_eq!(closed_kept, 500),
                _ => assert_eq!(closed_kept, 0),
            }
        }
        for level in 1..=3 {
            let payload = generate(level, 7).payload();
            assert!(payload.customers.is_none() && payload.rates.is_none());
            assert!(payload.rows.iter().all(|r| r.date.is_none()));
        }
    }

    /// An answer that cleans the refunds right but never reads the second
    /// table (no join, no conversion) loses most of what is graded.
    #[test]
    fn skipping_the_join_costs_most_of_the_score() {
        for level in [4, 5] {
            let mut sum = Points::ZERO;
            let seeds = 200;
            for seed in 0..seeds {
                let table = generate(level, seed);
                let mut unjoined = table.clone();
                if let Some(join) = unjoined.join.as_mut() {
                    for row in &table.rows {
                        let account = Account {
                            rate: 10_000,
                            closed: Closed::No,
                        };
                        join.accounts.insert(normalize(&row.id), account);
                    }
                }
                let answer = Cleaned::of(&unjoined, || false).answer();
                let score = table.grade(&crate::grading::answer_object(answer)).total;
                assert!(score < Points::FULL, "level {level} seed {seed}");
                sum = sum + score;
            }
            let mean = f64::from(sum.0) / f64::from(seeds as u32) / 10_000.0;
            println!("cleaning level {level}: the join skipped scores {mean:.3}");
            assert!(mean < 0.5, "level {level}: {mean:.3}");
        }
    }

    #[test]
    fn supersets_and_loose_answers_do_not_score_full() {
        for seed in 0..100 {
            let table = generate(2, seed);
            let all_ids: BTreeSet<String> = set_of(table.rows.iter().map(|r| normalize(&r.id)));
            let all_emails: Vec<String> = table.rows.iter().map(|r| normalize(&r.email)).collect();
            let mut greedy = answer(table.reference_answer());
            greedy.insert("duplicate_ids".into(), json!(all_ids));
            greedy.insert("invalid_emails".into(), json!(all_emails));
            let grade = table.grade(&greedy);
            assert!(
                grade.criteria["duplicate_ids"] < Points::FULL,
                "seed {seed}"
            );
            assert!(
                grade.criteria["invalid_emails"] < Points::FULL,
                "seed {seed}"
            );
            assert!(grade.total < Points::FULL, "seed {seed}: {grade:?}");

            // Knowing nothing and listing everything everywhere.
            let everything = answer(json!({
                "valid_rows": all_ids.len(),
                "duplicate_ids": all_ids,
                "invalid_emails": all_emails,
                "retained_ids": all_ids,
            }));
            assert!(table.grade(&everything).total < Points(5000), "seed {seed}");

            let mut keep_all = answer(table.reference_answer());
            keep_all.insert("retained_ids".into(), json!(all_ids));
            assert!(table.grade(&keep_all).total < Points::FULL);
        }
        assert_eq!(generate(2, 1).grade(&Map::new()).total, Points::ZERO);
    }

    #[test]
    fn counts_read_one_number_only() {
        for (value, count) in [
            (json!(7), 7),
            (json!(7.0), 7),
            (json!("7"), 7),
            (json!("seven"), 7),
            (json!("7 valid rows"), 7),
            // The count out of the table's rows (play-para-pr3, B6).
            (json!("7 of 9"), 7),
            (json!("7 of 28 rows"), 7),
        ] {
            assert_eq!(read_count(&value, &[]), Some(count), "{value}");
        }
        for bad in [
            json!("5 or 6"),
            json!("5-6"),
            json!("-7"),
            json!(7.5),
            json!("5 or 6 of 9"),
            json!("7 of many"),
            json!(true),
        ] {
            assert_eq!(read_count(&bad, &[]), None, "{bad}");
        }
    }

    #[test]
    fn natural_forms_score_and_unknown_items_are_ill_formed() {
        let table = generate(2, 6);
        let shouted: Vec<String> = table
            .gold
            .retained_ids
            .iter()
            .map(|id| format!(" {} ", id.to_uppercase()))
            .collect();
        let mut natural = answer(table.reference_answer());
        natural.insert("retained_ids".into(), json!(shouted.join(", ")));
        natural.insert(
            "normalized_total".into(),
            json!(format!("${}", format_cents(table.gold.total_cents))),
        );
        natural.insert(
            "valid_rows".into(),
            json!(table.gold.retained_ids.len().to_string()),
        );
        assert_eq!(table.grade(&natural).total, Points::FULL);
        assert!(table.form(&natural).iter().all(|(_, form)| form.is_ok()));
        natural.insert("duplicate_ids".into(), json!(["zz999"]));
        let form = table.form(&natural);
        assert_eq!(
            (form[1].0.as_ref(), form[1].1),
            ("duplicate_ids", Err(crate::grading::Unreadable::IllFormed))
        );
    }

    #[test]
    fn total_accepts_numbers_and_strings() {
        let table = generate(2, 4);
        let mut numeric = answer(table.reference_answer());
        let as_number: Value =
            serde_json::from_str(&format_cents(table.gold.total_cents)).unwrap_or(Value::Null);
        numeric.insert("normalized_total".into(), as_number);
        assert_eq!(table.grade(&numeric).total, Points::FULL);
        numeric.insert(
            "normalized_total".into(),
            json!(format_cents(table.gold.total_cents + 1)),
        );
        assert_eq!(
            table.grade(&numeric).criteria["normalized_total"],
            Points::ZERO
        );
    }
}
