//! A self-correction after a value: "low, actually high", "low, I mean
//! high", "low (should be high)", "Quartz, actually Meadow", "13, but
//! really 14", "no \u{2014} actually yes". A person takes the value after
//! the correction as the answer, so the field's reader reads that value
//! ([`crate::text::aside`] tries each correction before the value it
//! corrects), and "high, actually low" reads as low as surely as "low,
//! actually high" reads as high.
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
/// (an apostrophe kept: "i'm").
const CORRECTIONS: &[&[&str]] = &[
    &["actually"],
    &["really"],
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
];

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
];

/// A word of `source`: its lower-case text and its byte range.
struct Word {
    text: String,
    start: usize,
    end: usize,
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

/// How many of `words` (from the first) a phrase of `phrases` takes, the
/// longest that matches; 0 when none does.
fn matched(words: &[Word], phrases: &[&[&str]]) -> usize {
    phrases
        .iter()
        .filter(|phrase| {
            phrase.len() <= words.len() && phrase.iter().zip(words).all(|(p, w)| w.text == *p)
        })
        .map(|phrase| phrase.len())
        .max()
        .unwrap_or(0)
}

/// Where each corrected value may start in `source`, in order: right
/// after a correction that opens a clause after the value (see the module
/// doc), past the marks that may follow it (": high", ", high"). Only
/// offsets with a letter or digit after them are given.
pub(crate) fn corrected_from(source: &str) -> Vec<usize> {
    let words = words(source);
    let mut starts = Vec::new();
    for opening in 1..words.len() {
        let gap = &source[words[opening - 1].end..words[opening].start];
        if !gap.contains(BREAK_CHARS) && !spaced_dash(gap) {
            continue;
        }
        let leads = words[opening..]
            .iter()
            .take(MOST_LEADS)
            .take_while(|w| LEADS.contains(&w.text.as_str()))
            .count();
        // A lead that is itself the start of a correction ("so" alone is
        // none, "but" before "should be" is) is tried both ways.
        let Some((at, len)) = (0..=leads).rev().find_map(|lead| {
            let at = opening + lead;
            let len = matched(&words[at..], CORRECTIONS);
            (len > 0).then_some((at, len))
        }) else {
            continue;
        };
        let after = at + len;
        let end = words[after + matched(&words[after..], RESTATING) - 1].end;
        let rest = source[end..].trim_start_matches(|c: char| {
            c.is_whitespace() || matches!(c, ':' | ',' | '-' | '\u{2013}' | '\u{2014}')
        });
        // "sorry, I meant high" opens at "sorry" and at "I": one value.
        let start = source.len() - rest.len();
        if rest.contains(char::is_alphanumeric) && starts.last() != Some(&start) {
            starts.push(start);
        }
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::corrected_from;

    fn corrections(source: &str) -> Vec<&str> {
        corrected_from(source)
            .into_iter()
            .map(|at| &source[at..])
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
        ] {
            assert!(corrections(source).is_empty(), "{source}");
        }
    }
}
