//! A self-correction after a value: "low, actually high", "low, I mean
//! high", "low (should be high)", "Quartz, actually Meadow", "13, but
//! really 14", "no \u{2014} actually yes", "Atrium, in fact Granite". A
//! person takes the value after the correction as the answer, so the
//! field's reader reads that value, and "high, actually low" reads as low
//! as surely as "low, actually high" reads as high.
//!
//! This is the one reader of them ([`corrections`], with one list of
//! markers, [`CORRECTIONS`], and one of those that correct from behind,
//! [`TRAILING`]): the asides of a short field ([`crate::text::aside`]
//! tries each correction before the value it corrects, from
//! [`corrected_readings`]), a one-value field of free text (a
//! severity or a tier: `hedge::corrected_from` withdraws every value
//! before the corrected one) and an item of a list
//! ([`crate::text::list_aside`]: "i705, actually o960", "Arjun (actually
//! Leila)") all find them here, so no reader takes a correction another
//! misses.
//!
//! A correction opens a clause of the asides: it stands after a break (a
//! comma, a bracket, a semicolon, a dash between spaces, ...), after at
//! most a few words that only lead into it ("but", "or", "sorry",
//! "wait"), and is one of the phrases of [`CORRECTIONS`]. What follows
//! it is read as a value only when a value stands first in it, alone
//! before the next break ("actually high since the sender is a VIP"); a
//! correction marker before anything else describes the value and changes
//! nothing: "Meadow (actually the bigger room)", "13 (really)", "high,
//! actually", "high (actually urgent in tone, but the rule says high)".
//! "Really" under a denial ("low, not really high") is no correction, and
//! neither is "should be" with a subject ("low, but it should be high"):
//! that argues against the value, a hedge the asides read.
//!
//! A few markers correct from behind as well, ending the clause of the
//! value they give (play-pr27 X1): "spam, personal actually", "yes \u{2014}
//! well, no actually", "low; high, I mean", "Harbor... Quartz rather".
//! The value is then the whole clause before the marker (after lead
//! clauses, "well,"), and the field reads it alone: "work \u{2014}
//! actually important" (the marker opens what follows), "yes, actually"
//! (nothing before the clause) and "high, the VIP rule actually" (no
//! value) correct nothing.

use std::borrow::Cow;

/// Punctuation that ends a value and opens an aside (a dash counts only
/// between spaces: inside a word it joins, before a number it signs).
pub(crate) const BREAK_CHARS: &[char] = &[
    '(', '[', ')', ']', ':', ';', ',', '.', '!', '?', '\n', '=', '\u{2013}', '\u{2014}',
    // A middle dot or a bullet after a value ("work · company address",
    // play-para-pr7 C2).
    '\u{b7}', '\u{2022}',
];

/// A hyphen with a space on either side of it (`high - overdue`, `high -
/// overdue` at a line's end) is a dash, not a hyphen joining words.
pub(crate) fn spaced_dash(gap: &str) -> bool {
    gap.contains(" - ") || gap.trim_end().ends_with(" -") || gap.trim_start().starts_with("- ")
}

/// The phrases that correct the value before them, as lower-case words
/// (an apostrophe kept: "i'm"). The one list every reader of a
/// self-correction uses: the asides of short fields
/// ([`crate::text::aside`]), the one-value fields of free text
/// (`hedge::corrected_from`) and the items of a list
/// ([`crate::text::list_aside`]).
const CORRECTIONS: &[&[&str]] = &[
    &["actually"],
    &["really"],
    &["in", "fact"],
    &["i", "mean"],
    &["i", "meant"],
    &["meant"],
    &["i", "meant", "to", "say"],
    &["meant", "to", "say"],
    &["or", "rather"],
    &["correction"],
    &["corrected"],
    &["corrected", "to"],
    &["make", "that"],
    &["make", "it"],
    &["scratch", "that"],
    &["should", "be"],
    &["should", "read"],
    &["should", "say"],
    &["should", "actually", "be"],
    &["should", "really", "be"],
    &["ought", "to", "be"],
    &["that", "should", "be"],
    // An apology or an interjection that retracts the value before it
    // (play-pr31 B1): "yes, sorry, no", "Cedar, no wait, Harbor",
    // "personal, oops, work". One that retracts nothing has no value
    // after it: "high, sorry for the delay", "Cedar (sorry, it is the only
    // free room)".
    &["sorry"],
    &["apologies"],
    &["my", "apologies"],
    &["wait"],
    &["wait", "no"],
    &["oops"],
    &["whoops"],
    &["my", "mistake"],
    &["my", "bad"],
    &["my", "error"],
    &["pardon"],
    &["pardon", "me"],
    &["err"],
];

/// The markers that correct from behind, after the value they give and
/// ending its clause: "spam, personal actually", "low; high, I mean",
/// "Harbor... Quartz rather", "13, 14 instead".
const TRAILING: &[&[&str]] = &[
    &["actually"],
    &["in", "fact"],
    &["i", "mean"],
    &["i", "meant"],
    &["rather"],
    &["instead"],
];

/// The most words a value corrected from behind holds ("Tuesday 20
/// October 2026", "amara fischer @x.example"), so reading stays linear.
const MOST_TRAILED_WORDS: usize = 6;

/// Words that may lead into a correction without changing it: "but
/// really 14", "sorry, I mean high", "no wait, actually Meadow".
const LEADS: &[&str] = &[
    "but", "no", "nope", "sorry", "wait", "oops", "well", "oh", "ah", "hmm", "um", "uh", "er",
    "erm", "so",
];

/// The most lead words before a correction ("no wait, sorry, actually").
const MOST_LEADS: usize = 3;

/// Words after a correction that only restate what follows as the value:
/// "actually it's high", "I mean that is Meadow".
const RESTATING: &[&[&str]] = &[
    &["it", "is"],
    &["it's"],
    &["its"],
    &["that", "is"],
    &["that's"],
    &["thats"],
    &["this", "is"],
];

/// A self-correction [`corrections`] finds, as word indices: the word
/// that opens it (a lead or the marker, right after the break that ends
/// the value it corrects) and the first word after its marker and any
/// restating words, where the corrected value may start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Correction {
    /// The word that opens the correction.
    pub(crate) opening: usize,
    /// The first word after the marker and its restating words; for a
    /// marker behind the value, the value's first word.
    pub(crate) value: usize,
    /// For a marker behind the value ("personal actually"), where it
    /// stands; `None` when the marker comes first.
    pub(crate) trailing: Option<Trailing>,
}

/// Where a marker behind the value it gives stands, as word indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Trailing {
    /// The marker's first word: the value ends before it.
    pub(crate) marker: usize,
    /// The first word after the marker (the text's length at its end).
    pub(crate) after: usize,
}

/// Whether the gap between two words of a correction parts them as a
/// sentence's words are parted (a space, a comma, a colon, a dash) rather
/// than joining them into one token ("actually@x.example", "i.mean").
fn parts_words(gap: &str) -> bool {
    gap.contains(char::is_whitespace)
        || gap
            .chars()
            .all(|c| matches!(c, ',' | ':' | ';' | '-' | '\u{2013}' | '\u{2014}'))
}

/// How many of `words` from `at` a phrase of `phrases` takes, the longest
/// that matches with only [`parts_words`] gaps between its words (`gap(k)`
/// is the text before word `k`); 0 when none does.
fn matched<'a, W: AsRef<str>>(
    words: &[W],
    at: usize,
    phrases: &[&[&str]],
    gap: &impl Fn(usize) -> &'a str,
) -> usize {
    phrases
        .iter()
        .filter(|phrase| {
            words.get(at..at + phrase.len()).is_some_and(|run| {
                phrase.iter().zip(run).all(|(p, w)| w.as_ref() == *p)
                    && (at + 1..at + phrase.len()).all(|k| parts_words(gap(k)))
            })
        })
        .map(|phrase| phrase.len())
        .max()
        .unwrap_or(0)
}

/// Every self-correction in a text of `words` (lower case) whose `gap(k)`
/// is the text before word `k`: a phrase of [`CORRECTIONS`] opening a
/// clause after a break ([`BREAK_CHARS`], a dash between spaces), after at
/// most [`MOST_LEADS`] words of [`LEADS`], with a word after it and any
/// [`RESTATING`] words; and a marker of [`TRAILING`] behind its value
/// (`from_behind`). In order of their values. Whether a value of the
/// field stands there, and what the correction then withdraws, is the
/// caller's to read.
pub(crate) fn corrections<'a, W: AsRef<str>>(
    words: &[W],
    gap: impl Fn(usize) -> &'a str,
) -> Vec<Correction> {
    let mut found = Vec::new();
    for opening in 1..words.len() {
        let before = gap(opening);
        if !before.contains(BREAK_CHARS) && !spaced_dash(before) {
            continue;
        }
        let leads = words[opening..]
            .iter()
            .take(MOST_LEADS)
            .take_while(|w| LEADS.contains(&w.as_ref()))
            .count();
        // A lead that is itself the start of a correction ("so" alone is
        // none, "but" before "should be" is) is tried both ways.
        let Some((at, len)) = (0..=leads).rev().find_map(|lead| {
            let at = opening + lead;
            // A correction gives a word after it: "wait" of "yes, wait, no"
            // corrects, "wait, no" would leave nothing.
            let len = matched(&words[..words.len() - 1], at, CORRECTIONS, &gap);
            (len > 0).then_some((at, len))
        }) else {
            continue;
        };
        let after = at + len;
        let value = after + matched(words, after, RESTATING, &gap);
        if value < words.len() && (opening + 1..=value).all(|k| parts_words(gap(k))) {
            found.push(Correction {
                opening,
                value,
                trailing: None,
            });
        }
    }
    let behind = (2..words.len())
        .filter_map(|marker| from_behind(words, marker, &gap))
        .collect();
    in_order_of_values(found, behind)
}

/// Two lists of corrections, each in order of their values, as one in
/// that order (a merge: linear however many a text holds).
fn in_order_of_values(first: Vec<Correction>, second: Vec<Correction>) -> Vec<Correction> {
    let mut out = Vec::with_capacity(first.len() + second.len());
    let (mut first, mut second) = (first.into_iter().peekable(), second.into_iter().peekable());
    loop {
        let from_first = match (first.peek(), second.peek()) {
            (Some(a), Some(b)) => (a.value, a.opening) <= (b.value, b.opening),
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => return out,
        };
        out.extend(match from_first {
            true => first.next(),
            false => second.next(),
        });
    }
}

/// Whether `gap` parts two clauses inside a value's text too: a break
/// ([`BREAK_CHARS`], a dash between spaces) other than a comma, colon or
/// full stop glued between two words, which a value holds ("15:00",
/// "1,250", "x.example").
fn parts_clauses(gap: &str) -> bool {
    (gap.contains(BREAK_CHARS) || spaced_dash(gap))
        && !gap.chars().all(|c| matches!(c, ',' | ':' | '.'))
}

/// The correction whose marker of [`TRAILING`] starts at word `marker`,
/// behind the value it gives: the marker ends its clause (a break or the
/// end after it), and the value is the clause before it, at most
/// [`MOST_TRAILED_WORDS`] words after a break and any [`RESTATING`] words
/// ("no, it's high actually"). Clauses of lead words alone before it
/// ("well,", "no wait,") open the correction; the value's own clause
/// keeps its words ("no reply actually").
fn from_behind<'a, W: AsRef<str>>(
    words: &[W],
    marker: usize,
    gap: &impl Fn(usize) -> &'a str,
) -> Option<Correction> {
    let len = matched(words, marker, TRAILING, gap);
    let after = marker + len;
    let ends_clause = after == words.len() || parts_clauses(gap(after));
    if len == 0 || !ends_clause || !parts_words(gap(marker)) {
        return None;
    }
    // The value's clause starts after the last break before the marker,
    // with a word before it: the value it corrects.
    let clause = (1..marker)
        .rev()
        .take(MOST_TRAILED_WORDS + 2)
        .find(|&k| parts_clauses(gap(k)))?;
    let value = clause + matched(words, clause, RESTATING, gap);
    if value >= marker || marker - value > MOST_TRAILED_WORDS {
        return None;
    }
    // Clauses of lead words alone before the value's ("well, no
    // actually"), each after a break of its own, open the correction.
    let opening = (1..clause)
        .rev()
        .take(MOST_LEADS)
        .take_while(|&k| LEADS.contains(&words[k].as_ref()))
        .filter(|&k| parts_clauses(gap(k)))
        .last()
        .unwrap_or(clause);
    Some(Correction {
        opening,
        value,
        trailing: Some(Trailing { marker, after }),
    })
}

/// A word of `source`: its lower-case text and its byte range.
struct Word {
    text: String,
    start: usize,
    end: usize,
}

impl AsRef<str> for Word {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

/// The words of `source`: runs of letters and digits, an apostrophe
/// between letters kept inside ("it's", "it\u{2019}s" as "it's").
fn words(source: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    let mut chars = source.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let apostrophe = matches!(c, '\'' | '\u{2019}')
            && current.is_some()
            && chars.peek().is_some_and(|(_, n)| n.is_alphabetic());
        if c.is_alphanumeric() || apostrophe {
            let (_, text) = current.get_or_insert_with(|| (at, String::new()));
            match apostrophe {
                true => text.push('\''),
                false => text.extend(c.to_lowercase()),
            }
            continue;
        }
        if let Some((start, text)) = current.take() {
            out.push(Word {
                text,
                start,
                end: at,
            });
        }
    }
    if let Some((start, text)) = current {
        out.push(Word {
            text,
            start,
            end: source.len(),
        });
    }
    out
}

/// A self-correction in a text, in bytes of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CorrectionAt {
    /// Just past the last word before the correction: the value it
    /// corrects ends here, and the break after it follows.
    pub(crate) corrected_end: usize,
    /// Where the correction's first word starts.
    pub(crate) opening: usize,
    /// Where the corrected value may start: after the marker and its
    /// restating words, past the marks that may follow them (": high",
    /// ", high"); for a marker behind the value, the value's start.
    pub(crate) value: usize,
    /// For a marker behind the value ("personal actually"): where the
    /// value ends and where the text after the marker resumes.
    pub(crate) trailing: Option<TrailingAt>,
}

/// Where a marker behind the value it gives stands, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TrailingAt {
    /// Just past the value's last word.
    pub(crate) value_end: usize,
    /// Just past the marker: what follows is an aside on the value.
    pub(crate) resumes: usize,
}

impl CorrectionAt {
    /// What the correction gives to read in `source`: the text from its
    /// value on, without a marker behind the value ("personal actually,
    /// since ..." reads "personal, since ...").
    pub(crate) fn reading<'a>(&self, source: &'a str) -> Cow<'a, str> {
        match self.trailing {
            None => Cow::Borrowed(&source[self.value..]),
            Some(at) => Cow::Owned(format!(
                "{}{}",
                &source[self.value..at.value_end],
                &source[at.resumes..]
            )),
        }
    }
}

/// Every self-correction of `source` ([`corrections`]), in bytes.
pub(crate) fn corrections_in(source: &str) -> Vec<CorrectionAt> {
    let words = words(source);
    let gap = |k: usize| {
        let from = k.checked_sub(1).map_or(0, |p| words[p].end);
        source.get(from..words[k].start).unwrap_or("")
    };
    corrections(&words, gap)
        .into_iter()
        .map(|c| {
            let value = match c.trailing {
                Some(_) => words[c.value].start,
                None => {
                    let end = words[c.value - 1].end;
                    let rest = source[end..].trim_start_matches(|c: char| {
                        c.is_whitespace() || matches!(c, ':' | ',' | '-' | '\u{2013}' | '\u{2014}')
                    });
                    source.len() - rest.len()
                }
            };
            CorrectionAt {
                corrected_end: words[c.opening - 1].end,
                opening: words[c.opening].start,
                value,
                trailing: c.trailing.map(|t| TrailingAt {
                    value_end: words[t.marker - 1].end,
                    resumes: words[t.after - 1].end,
                }),
            }
        })
        .collect()
}

/// What each self-correction of `source` gives to read, in order
/// ([`CorrectionAt::reading`]): the text from a corrected value on, right
/// after a correction that opens a clause after the value (see the module
/// doc), past the marks that may follow it (": high", ", high"), or a
/// value corrected from behind and what follows its marker.
pub(crate) fn corrected_readings(source: &str) -> Vec<Cow<'_, str>> {
    let mut found: Vec<CorrectionAt> = Vec::new();
    for at in corrections_in(source) {
        // "sorry, I meant high" opens at "sorry" and at "I": one value.
        let same = |last: &CorrectionAt| (last.value, last.trailing) == (at.value, at.trailing);
        if !found.last().is_some_and(same) {
            found.push(at);
        }
    }
    found.iter().map(|at| at.reading(source)).collect()
}

#[cfg(test)]
mod tests {
    use super::corrected_readings;

    fn corrections(source: &str) -> Vec<String> {
        corrected_readings(source)
            .into_iter()
            .map(|read| read.into_owned())
            .collect()
    }

    #[test]
    fn a_correction_after_a_break_gives_what_follows() {
        for (source, rest) in [
            ("low, actually high", "high"),
            ("low, I mean high", "high"),
            ("low (should be high)", "high)"),
            ("Quartz, actually Meadow", "Meadow"),
            ("13, but really 14", "14"),
            ("no \u{2014} actually yes", "yes"),
            ("low; really high", "high"),
            ("low - actually, high", "high"),
            ("low, sorry, I meant high", "high"),
            ("low. Correction: high", "high"),
            ("low, or rather high", "high"),
            ("low, actually it's high", "high"),
            ("low, actually it\u{2019}s high", "high"),
            ("12, make that 13", "13"),
            ("Willow (no wait, actually Beacon)", "Beacon)"),
            // "in fact" corrects as "actually" does (play-pr26 X1).
            ("Atrium, in fact Granite", "Granite"),
            ("Atrium (in fact Granite)", "Granite)"),
            ("low \u{2014} no, in fact high", "high"),
            ("low. In fact, high", "high"),
            ("i705, actually o960", "o960"),
            ("low, actually this is high", "high"),
            // A marker behind the value it gives (play-pr27 X1).
            ("spam, personal actually", "personal"),
            ("yes \u{2014} well, no actually", "no"),
            ("yes \u{2014} well, no reply actually", "no reply"),
            ("low; high, I mean", "high"),
            ("Harbor... Quartz rather", "Quartz"),
            ("5, 6 actually", "6"),
            ("14:00, 15:00 actually", "15:00"),
            ("13, 14 instead", "14"),
            ("low, high in fact", "high"),
            ("high \u{2014} no, it's normal actually", "normal"),
            ("Arjun (Leila actually), organiser", "Leila), organiser"),
            (
                "high, normal actually, since the sender is a VIP",
                "normal, since the sender is a VIP",
            ),
            // An apology or interjection that retracts (play-pr31 B1).
            ("yes, sorry, no", "no"),
            ("Cedar, no wait, Harbor", "Harbor"),
            ("personal, oops, work", "work"),
            ("10096.56, sorry - 10096.57", "10096.57"),
            ("yes, wait, no", "no"),
            ("Cedar, wait no, Harbor", "Harbor"),
            ("low (whoops, high)", "high)"),
            ("low; my mistake: high", "high"),
        ] {
            assert_eq!(corrections(source), [rest], "{source}");
        }
    }

    #[test]
    fn no_correction_without_a_break_a_marker_or_anything_after() {
        for source in [
            "high, actually",
            "13 (really)",
            "low, not really high",
            "low, but it should be high",
            "really high",
            "low actually high",
            "low, though the VIP rule marks it high",
            "low, so high",
            "",
            "actually",
            "high, in fact",
            "high (in fact)",
            // A marker glued to what follows is part of a token, not a
            // word of a sentence: an address, a dotted name.
            "a@x.example, actually@y.example",
            "low, actually.high",
            // A marker behind a clause with nothing before it, glued to
            // it, or no marker behind.
            "yes, actually",
            "personal actually",
            "5,6 actually",
            "low, rather than normal",
            "low, high really",
            // An apology with nothing after it, or before the value.
            "high, sorry",
            "sorry for the delay: high",
        ] {
            assert!(corrections(source).is_empty(), "{source}");
        }
    }

    #[test]
    fn one_reader_gives_where_the_correction_opens_and_its_value() {
        // The words of "Moderate \u{2014} no, actually it's High": the
        // correction opens at "no" (the lead after the dash), and its value
        // at "High", past the restating "it's".
        let words = ["moderate", "no", "actually", "it's", "high"];
        let gaps = ["", " \u{2014} ", ", ", " ", " "];
        let found = super::corrections(&words, |k| gaps[k]);
        assert_eq!(
            found,
            [
                super::Correction {
                    opening: 1,
                    value: 4,
                    trailing: None,
                },
                super::Correction {
                    opening: 2,
                    value: 4,
                    trailing: None,
                }
            ]
        );
        // "Moderate \u{2014} no, High actually": the correction opens at the
        // lead "no", its value is "High", its marker behind it.
        let words = ["moderate", "no", "high", "actually"];
        let gaps = ["", " \u{2014} ", ", ", " "];
        assert_eq!(
            super::corrections(&words, |k| gaps[k]),
            [super::Correction {
                opening: 1,
                value: 2,
                trailing: Some(super::Trailing {
                    marker: 3,
                    after: 4
                }),
            }]
        );
        let source = "Kofi, Arjun (actually Leila)";
        let at = super::corrections_in(source);
        assert_eq!(at.len(), 1);
        assert_eq!(&source[..at[0].corrected_end], "Kofi, Arjun");
        assert_eq!(&source[at[0].opening..], "actually Leila)");
        assert_eq!(&source[at[0].value..], "Leila)");
    }
}
