//! The amount a pro-rated refund's reply must state (policy section 6,
//! levels 4 and 5): the refund in the invoice's currency, with no other
//! amount than the invoice total, a month's share of it, the part used,
//! the US-dollar value of any of them, and the $300.00 limit.
//!
//! A sum is a number written with a currency (`€160`, `160.00 EUR`,
//! `CA$ 96`, `160 euros`) or with cents (`160.00`, `160,00`); a bare whole
//! number counts something else ("8 unused months", "within 5 days"), and
//! numbers inside ids, dates and times (`INV-40213`, `2026-07-02`, `17:00`)
//! are not sums. Two refund figures are a hedge and read at their worst.
//! A sum written in whole units gives the amount it rounds ("about $696"
//! for $696.25), so a dollar value given whole is no other sum.
//! The fixed rate of the invoice's currency, quoted as a rate ("1 EUR =
//! 1.10 USD", "at our fixed rate of 1.10"), is no sum (section 6 says
//! so); any other rate is read as the sums it is written with.

use super::generate::Ticket;
use super::policy::PRORATED_REFUND_LIMIT_CENTS;
use super::records::{Currency, prorated_refund};
use crate::text::normalize;

/// The currency a sum is written in; `$` and "dollars" may be US or
/// Canadian dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Exact(Currency),
    Dollars,
    /// Written with cents and no currency.
    Unmarked,
}

impl Marker {
    fn fits(self, currency: Currency) -> bool {
        match self {
            Marker::Exact(c) => c == currency,
            Marker::Dollars => matches!(currency, Currency::Usd | Currency::Cad),
            Marker::Unmarked => true,
        }
    }
}

/// A sum as the reply writes it: its currency, its cents, whether it is
/// written in whole units (no cents), and where it stands (byte offsets
/// into the normalised text, markers included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Sum {
    marker: Marker,
    cents: i64,
    whole: bool,
    start: usize,
    end: usize,
}

impl Sum {
    /// Whether this sum gives `cents` of `currency`: exactly, or, written
    /// in whole units, rounded to a whole unit either way ("about $696"
    /// for $696.25, "$697" for $696.60): a whole figure gives the amount
    /// it rounds, not another sum.
    fn gives(&self, currency: Currency, cents: i64) -> bool {
        let down = cents - cents.rem_euclid(100);
        let up = if down == cents { cents } else { down + 100 };
        self.marker.fits(currency)
            && (self.cents == cents || (self.whole && (self.cents == down || self.cents == up)))
    }
}

/// Markers written before a number, longest first.
const BEFORE: &[(&str, Marker)] = &[
    ("ca$", Marker::Exact(Currency::Cad)),
    ("c$", Marker::Exact(Currency::Cad)),
    ("cad", Marker::Exact(Currency::Cad)),
    ("us$", Marker::Exact(Currency::Usd)),
    ("usd", Marker::Exact(Currency::Usd)),
    ("eur", Marker::Exact(Currency::Eur)),
    ("gbp", Marker::Exact(Currency::Gbp)),
    ("€", Marker::Exact(Currency::Eur)),
    ("£", Marker::Exact(Currency::Gbp)),
    ("$", Marker::Dollars),
];

/// Markers written after a number, longest first.
const AFTER: &[(&str, Marker)] = &[
    ("canadian dollars", Marker::Exact(Currency::Cad)),
    ("us dollars", Marker::Exact(Currency::Usd)),
    ("dollars", Marker::Dollars),
    ("euros", Marker::Exact(Currency::Eur)),
    ("euro", Marker::Exact(Currency::Eur)),
    ("pounds", Marker::Exact(Currency::Gbp)),
    ("cad", Marker::Exact(Currency::Cad)),
    ("usd", Marker::Exact(Currency::Usd)),
    ("eur", Marker::Exact(Currency::Eur)),
    ("gbp", Marker::Exact(Currency::Gbp)),
    ("€", Marker::Exact(Currency::Eur)),
    ("£", Marker::Exact(Currency::Gbp)),
];

/// `1,160.50` -> 116050, `160,00` -> 16000, `160` -> 16000: the cents of
/// a written number and whether it had cents.
fn cents_of(number: &str) -> Option<(i64, bool)> {
    let (whole, fraction) = match number.rsplit_once(['.', ',']) {
        // A separator followed by one or two digits is the decimal point.
        Some((w, f)) if (1..=2).contains(&f.len()) => (w, Some(f)),
        _ => (number, None),
    };
    let groups: Vec<&str> = whole.split([',', '.']).collect();
    let grouped = groups.len() == 1
        || (!groups[0].is_empty()
            && groups[0].len() <= 3
            && groups[1..].iter().all(|g| g.len() == 3));
    if !grouped
        || groups
            .iter()
            .any(|g| !g.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let units: i64 = groups.concat().parse().ok()?;
    let cents = match fraction {
        Some(f) => {
            let digits: i64 = f.parse().ok()?;
            if f.len() == 1 { digits * 10 } else { digits }
        }
        None => 0,
    };
    Some((
        units.checked_mul(100)?.checked_add(cents)?,
        fraction.is_some(),
    ))
}

/// Every sum of money in `text`, in order.
fn sums(text: &str) -> Vec<Sum> {
    let text = normalize(text).to_lowercase();
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if !bytes[at].is_ascii_digit() {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len()
            && (bytes[at].is_ascii_digit()
                || ((bytes[at] == b',' || bytes[at] == b'.')
                    && bytes.get(at + 1).is_some_and(u8::is_ascii_digit)))
        {
            at += 1;
        }
        let number = &text[start..at];
        let before = text[..start].trim_end_matches(' ');
        let after = text[at..].trim_start_matches(' ');
        // Ids, dates, times and fractions: `INV-40213`, `2026-07-02`,
        // `17:00`, `8/12`, `T1234`.
        let glued_before = text[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() && c != '$' || matches!(c, '-' | ':' | '/'));
        let glued_after = text[at..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '-' | ':' | '/' | '%'));
        let written_before = BEFORE.iter().find(|(m, _)| {
            before.ends_with(m)
                && before[..before.len() - m.len()]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric())
        });
        let written_after = AFTER.iter().find(|(m, _)| {
            after.starts_with(m)
                && after[m.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        });
        let marker_before = written_before.map(|(_, m)| *m);
        let marker_after = written_after.map(|(_, m)| *m);
        // "160 EUR" glues no letter to the number; "160EUR" does.
        let glued_after = glued_after && marker_after.is_none();
        let glued_before = glued_before && marker_before.is_none();
        if glued_before || glued_after {
            continue;
        }
        let Some((cents, with_cents)) = cents_of(number) else {
            continue;
        };
        let marker = match marker_before.or(marker_after) {
            Some(m) => m,
            None if with_cents => Marker::Unmarked,
            None => continue,
        };
        let from = written_before.map_or(start, |(m, _)| before.len() - m.len());
        let to = written_after.map_or(at, |(m, _)| text.len() - after.len() + m.len());
        out.push(Sum {
            marker,
            cents,
            whole: !with_cents,
            start: from,
            end: to,
        });
    }
    out.extend(spoken_sums(&text));
    out
}

/// Sums written in words with their currency after them: "two hundred and
/// eighty-two dollars", "sixty-five pounds", "three hundred euros and
/// fifty cents" (play-para-st6, B7). A number in words with no currency
/// counts something else ("six months").
fn spoken_sums(text: &str) -> Vec<Sum> {
    use crate::text::numbers::{number_at, number_value, number_word, spoken_amount};
    let read = crate::text::Text::new(text);
    let words: Vec<&str> = read.words.iter().map(|w| w.text.as_str()).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let spoken = number_value(words[i]).is_none()
            && number_word(words[i]).is_some_and(|_| !matches!(words[i], "none" | "nil"));
        let Some((whole, len)) = spoken
            .then(|| spoken_amount(&words, i).or_else(|| number_at(&words, i)))
            .flatten()
        else {
            i += 1;
            continue;
        };
        let at = |k: usize| words.get(k).copied().unwrap_or("");
        let j = i + len;
        let (marker, marker_len) = match (at(j), at(j + 1)) {
            ("canadian", "dollars" | "dollar") => (Marker::Exact(Currency::Cad), 2),
            ("us", "dollars" | "dollar") => (Marker::Exact(Currency::Usd), 2),
            ("dollars" | "dollar", _) => (Marker::Dollars, 1),
            ("euros" | "euro", _) => (Marker::Exact(Currency::Eur), 1),
            ("pounds" | "pound", _) => (Marker::Exact(Currency::Gbp), 1),
            _ => {
                i = j;
                continue;
            }
        };
        let mut end = j + marker_len;
        let mut cents = 0;
        if at(end) == "and"
            && let Some((c, l)) = number_at(&words, end + 1)
            && c < 100
            && matches!(at(end + 1 + l), "cents" | "cent" | "pence")
        {
            cents = c;
            end += 2 + l;
        }
        let Ok(whole) = i64::try_from(whole) else {
            i = end;
            continue;
        };
        let Ok(cents_whole) = i64::try_from(cents) else {
            i = end;
            continue;
        };
        out.push(Sum {
            marker,
            cents: whole.saturating_mul(100).saturating_add(cents_whole),
            whole: cents_whole == 0,
            start: read.words[i].start,
            end: read.words[end - 1].end,
        });
        i = end;
    }
    out
}

/// The names a unit of `currency` is written with: its code, its
/// symbol, its word.
fn unit_names(currency: Currency) -> &'static [&'static str] {
    match currency {
        Currency::Usd => &["usd", "$", "us dollar", "dollar"],
        Currency::Eur => &["eur", "€", "euro"],
        Currency::Gbp => &["gbp", "£", "pound", "pound sterling"],
        Currency::Cad => &["cad", "ca$", "c$", "canadian dollar"],
    }
}

/// Whether `text` ends with `tail` as whole words.
fn ends_with_word(text: &str, tail: &str) -> bool {
    text.ends_with(tail)
        && text[..text.len() - tail.len()]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
}

/// Words between one unit of a currency and its value in US dollars:
/// "1 EUR = 1.10 USD", "one euro to 1.10 US dollars", "€1 is $1.10".
const RATE_LINKS: &[&str] = &[
    "=", "to", "is", "equals", "is worth", "buys", "gets", "->", "→", ":", "≈",
];

/// Whether `text` ends with `link`: a word as a whole word, a sign as
/// written.
fn ends_with_link(text: &str, link: &str) -> bool {
    if link.starts_with(char::is_alphabetic) {
        ends_with_word(text, link)
    } else {
        text.ends_with(link)
    }
}

/// Where one unit of `currency` starts, when `before` (the text before a
/// sum) ends with one and a link to its value: "1 EUR (€) =", "€1.00 =",
/// "one euro to", "each euro is".
fn unit_before(before: &str, currency: Currency) -> Option<usize> {
    let link = RATE_LINKS.iter().find(|l| ends_with_link(before, l))?;
    let mut rest = before[..before.len() - link.len()].trim_end();
    // The policy's own notation names the symbol in brackets: "1 EUR (€)".
    if rest.ends_with(')')
        && let Some(open) = rest.rfind('(')
    {
        rest = rest[..open].trim_end();
    }
    let names = unit_names(currency);
    let mut forms: Vec<String> = Vec::new();
    for name in names {
        for one in ["1", "1.00", "one", "a", "each", "every", "per"] {
            forms.push(format!("{one} {name}"));
            forms.push(format!("{one} {name}s"));
        }
        for one in ["1", "1.00"] {
            forms.push(format!("{name}{one}"));
            forms.push(format!("{name} {one}"));
        }
    }
    forms
        .iter()
        .find(|f| ends_with_word(rest, f))
        .map(|f| rest.len() - f.len())
}

/// Whether `before` (the text before a bare number) ends with the word
/// "rate" and what links it to its value: "at our fixed rate of",
/// "the exchange rate is", "rate (", "rate:".
fn after_rate_word(before: &str) -> bool {
    let mut rest = before.trim_end();
    while let Some(link) = ["of", "is", ":", "=", "(", "of about", "of exactly"]
        .iter()
        .find(|l| ends_with_link(rest, l))
    {
        rest = rest[..rest.len() - link.len()].trim_end();
    }
    ends_with_word(rest, "rate") || ends_with_word(rest, "rates")
}

/// Whether `after` (the text after a sum) opens with the unit it is the
/// value of: "per euro", "to the euro", "for each EUR".
fn per_unit(after: &str, currency: Currency) -> bool {
    unit_names(currency).iter().any(|name| {
        [
            "per",
            "to the",
            "to one",
            "to 1",
            "for each",
            "for every",
            "for one",
            "for 1",
            "a",
        ]
        .iter()
        .any(|lead| {
            let phrase = format!("{lead} {name}");
            after.starts_with(&phrase)
                && after[phrase.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() || c == 's')
        })
    })
}

/// Which of `found` (the sums of `text`, in order) only quote the policy's
/// fixed rate of `currency` (section 6): "1 EUR = 1.10 USD" (both sides),
/// "one euro to 1.10 US dollars", "at our fixed rate of 1.10", "$1.10 per
/// euro". A rate is not an amount given to the customer; only the rate of
/// the invoice's currency is read so, so "1 EUR = 1.25 USD" in a euro
/// case is two amounts the policy does not allow, and a sum written next
/// to a rate ("at 1.10 that is $310.00") is still a sum.
fn rate_parts(text: &str, found: &[Sum], currency: Currency) -> Vec<bool> {
    let mut parts = vec![false; found.len()];
    if currency == Currency::Usd {
        return parts;
    }
    let rate = currency.to_usd_cents(100);
    for (i, sum) in found.iter().enumerate() {
        if sum.cents != rate || !sum.marker.fits(Currency::Usd) || sum.start > text.len() {
            continue;
        }
        let before = text[..sum.start].trim_end();
        let after = text[sum.end.min(text.len())..].trim_start();
        if let Some(unit) = unit_before(before, currency) {
            parts[i] = true;
            for (j, other) in found.iter().enumerate() {
                if other.start >= unit && other.end <= sum.start {
                    parts[j] = true;
                }
            }
        } else if after_rate_word(before) || per_unit(after, currency) {
            parts[i] = true;
        }
    }
    parts
}

/// The sums of `text` that give an amount: every sum but the parts of the
/// fixed rate of `currency` quoted as a rate.
fn sums_given(text: &str, currency: Currency) -> Vec<Sum> {
    let found = sums(text);
    let rates = rate_parts(&normalize(text).to_lowercase(), &found, currency);
    found
        .into_iter()
        .zip(rates)
        .filter_map(|(s, rate)| (!rate).then_some(s))
        .collect()
}

/// How a reply states the refund of a pro-rated case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AmountCheck {
    /// The refund the case allows, as the invoice's currency writes it.
    pub expected: String,
    /// The reply states the expected refund.
    pub stated: bool,
    /// Sums that are none of the refund, the invoice total, a month's
    /// share, the part used or the US value of one, as the reply wrote them.
    pub others: Vec<String>,
}

impl AmountCheck {
    /// The reply states the refund and no other sum.
    pub fn ok(&self) -> bool {
        self.stated && self.others.is_empty()
    }
}

/// The amount check of `reply` to `ticket`; `None` unless the case is a
/// pro-rated refund the desk gives.
pub(crate) fn check(ticket: &Ticket, reply: &str) -> Option<AmountCheck> {
    if !matches!(
        ticket.case,
        super::policy::Case::RefundProrated { over_limit: false }
    ) {
        return None;
    }
    let records = ticket.records.as_ref()?;
    let invoice = records.invoice.as_ref()?;
    let currency = records.currency;
    let (_, refund) = prorated_refund(invoice, ticket.received);
    // What a reply may show of the working: the total, a month's share,
    // the part used, each also in US dollars.
    let total = invoice.local_cents;
    let local = [refund, total, total / 12, total - refund];
    // And the limit itself ("under our $300.00 limit").
    let allowed: Vec<(Currency, i64)> = local
        .iter()
        .flat_map(|c| [(currency, *c), (Currency::Usd, currency.to_usd_cents(*c))])
        .chain([(Currency::Usd, PRORATED_REFUND_LIMIT_CENTS)])
        .collect();
    let found = sums_given(reply, currency);
    let stated = found
        .iter()
        .any(|s| s.cents == refund && s.marker.fits(currency));
    let others = found
        .iter()
        .filter(|s| !allowed.iter().any(|(c, cents)| s.gives(*c, *cents)))
        .map(|s| crate::grading::format_cents(s.cents))
        .collect();
    Some(AmountCheck {
        expected: currency.money(refund),
        stated,
        others,
    })
}

/// Words before a sum that make it a limit, not an amount given: "within
/// our $200.00 goodwill limit", "refunds of up to $200.00", "a cap of
/// $200.00".
const LIMIT_BEFORE: &[&str] = &[
    "limit",
    "threshold",
    "cap",
    "maximum",
    "max",
    "most",
    "up",
    "under",
    "below",
    "within",
    "over",
    "above",
    "exceed",
    "exceeds",
    "than",
];

/// Words after a sum that make it a limit: "the $200.00 limit".
const LIMIT_AFTER: &[&str] = &["limit", "limits", "threshold", "cap", "maximum", "max"];

/// How many words before or after a sum a limit word makes it a limit.
const LIMIT_REACH: usize = 3;

/// Whether the sum spanning bytes `start..end` of `text` (normalised) is
/// said as a limit: a word of [`LIMIT_BEFORE`] within [`LIMIT_REACH`]
/// words before it, or of [`LIMIT_AFTER`] within as many after it ("a
/// refund of $100.00 within 5 days" gives $100.00).
fn said_as_limit(text: &str, start: usize, end: usize) -> bool {
    let words = |part: &str| -> Vec<String> {
        part.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let before = words(text.get(..start).unwrap_or(""));
    let after = words(text.get(end..).unwrap_or(""));
    before
        .iter()
        .rev()
        .take(LIMIT_REACH)
        .any(|w| LIMIT_BEFORE.contains(&w.as_str()))
        || after
            .iter()
            .take(LIMIT_REACH)
            .any(|w| LIMIT_AFTER.contains(&w.as_str()))
}

/// The amount check of a refund of a monthly invoice the desk gives
/// (section 4: the reply commits to the refund of that invoice), read in
/// `promise`, the sentence that commits to it: a sum given there must be
/// the invoice's total or its US-dollar value ("I've approved a refund of
/// $100.00" on a $148.00 invoice is not the refund owed). A sum said as a
/// limit is none, nor is the fixed rate of the invoice's currency quoted
/// as a rate (section 6 allows it for every refund: "at our fixed rate of
/// 1 GBP = 1.25 USD"); the amount need not be stated, so the check is
/// `None` unless another sum is given.
pub(crate) fn check_promised(ticket: &Ticket, promise: &str) -> Option<AmountCheck> {
    let refund = super::reply::Move::Commit(super::reply::Commitment::Refund);
    if matches!(ticket.case, super::policy::Case::RefundProrated { .. })
        || !super::policy::reply_rules(ticket.case)
            .required
            .contains(&refund)
    {
        return None;
    }
    let records = ticket.records.as_ref()?;
    let invoice = records.invoice.as_ref().filter(|i| !i.annual)?;
    let currency = records.currency;
    let total = invoice.local_cents;
    let allowed = [
        (currency, total),
        (Currency::Usd, currency.to_usd_cents(total)),
    ];
    let written = normalize(promise).to_lowercase();
    let found: Vec<Sum> = sums_given(promise, currency)
        .into_iter()
        .filter(|s| !said_as_limit(&written, s.start, s.end))
        .collect();
    let owed = |s: &Sum| allowed.iter().any(|(c, cents)| s.gives(*c, *cents));
    let others: Vec<String> = found
        .iter()
        .filter(|s| !owed(s))
        .map(|s| crate::grading::format_cents(s.cents))
        .collect();
    (!others.is_empty()).then(|| AmountCheck {
        expected: currency.money(total),
        stated: found.iter().any(owed),
        others,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(Marker, i64)> {
        sums(text)
            .into_iter()
            .map(|s| (s.marker, s.cents))
            .collect()
    }

    #[test]
    fn sums_in_words_are_read_with_their_currency_only() {
        use Currency::*;
        use Marker::*;
        assert_eq!(
            read("a refund of two hundred and eighty-two dollars"),
            [(Dollars, 28200)]
        );
        assert_eq!(read("sixty-five pounds, in full"), [(Exact(Gbp), 6500)]);
        assert_eq!(
            read("three hundred euros and fifty cents"),
            [(Exact(Eur), 30050)]
        );
        assert_eq!(
            read("one hundred and ten Canadian dollars"),
            [(Exact(Cad), 11000)]
        );
        // Numbers in words counting something else are no sums.
        assert_eq!(read("the six months already used"), []);
        assert_eq!(read("within five to ten business days"), []);
    }

    #[test]
    fn sums_are_read_in_the_usual_forms_and_nothing_else() {
        use Currency::*;
        use Marker::*;
        assert_eq!(read("we will refund €160.00"), [(Exact(Eur), 16000)]);
        assert_eq!(read("a refund of 160 EUR"), [(Exact(Eur), 16000)]);
        assert_eq!(read("EUR 1,160.50 back"), [(Exact(Eur), 116050)]);
        assert_eq!(read("160,00 € zurück"), [(Exact(Eur), 16000)]);
        assert_eq!(
            read("£96 (about $120.00)"),
            [(Exact(Gbp), 9600), (Dollars, 12000)]
        );
        assert_eq!(read("CA$ 240.00"), [(Exact(Cad), 24000)]);
        assert_eq!(read("240 Canadian dollars"), [(Exact(Cad), 24000)]);
        assert_eq!(read("a total of 160.00"), [(Unmarked, 16000)]);
        // Counts, ids, dates and times are not sums.
        assert!(
            read("8 unused months of 12, invoice INV-40213, ticket T-1234, on 2026-07-02 by 17:00, 8/12, within 5 business days, 66.67%")
                .is_empty()
        );
    }
}
