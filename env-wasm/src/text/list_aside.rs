//! Asides after a comma or a semicolon inside one list item ("Arjun,
//! joining from the Pune office", "u637; rows 2 and 4",
//! "maya.osei@@x.example, two @ signs"; play-pr26 B1): a part after the
//! mark that names no value of the field's kind says something about the
//! value before it, as a bracketed aside does, and is no item of its own.
//! A part that names a value ("Arjun, Leila", "u637, v088") stays, so two
//! values in one item are still two. Which parts name a value is the
//! field's to say (a person, an id, an address): the list readers of
//! `crate::grading` pass it in.
//!
//! Self-corrections inside an item are read first ([`with_corrections`]),
//! by the one reader of them the one-value fields use (the `correction`
//! module): "i705, actually o960", "i705, o960 actually", "Arjun (actually
//! Leila)", "v088 (should be d552)" are the corrected value (play-pr26
//! X1, play-pr27 X1), so a correction to a wrong value loses the right
//! one's credit. A correction that removes the
//! item ("y310 (should actually be dropped)", play-pr25 X1) is read by
//! what the list is ([`Listed`]): it takes an item the answer keeps back
//! off the list, and agrees with a list of what the answer takes out.

use std::borrow::Cow;

use super::correction::{BREAK_CHARS, CorrectionAt, corrections_in};

/// Words that, opening a part after the value or anywhere in it, deny or
/// doubt the value ("u637, not a duplicate", "Arjun, maybe", "Arjun, no
/// longer needed"): such a part is no aside to drop, and the item stays
/// as written (and so unread), as before a comma was read at all.
const DOUBTING_WORDS: &[&str] = &[
    "not",
    "never",
    "excluding",
    "except",
    "minus",
    "or",
    "maybe",
    "perhaps",
    "possibly",
    "probably",
    "unless",
    "if",
    "unsure",
    "uncertain",
    "longer",
    "instead",
    "rather",
];

/// Whether a part after the value denies or doubts it ([`DOUBTING_WORDS`],
/// or a word ending in "n't").
fn doubts(part: &str) -> bool {
    part.split_whitespace().any(|word| {
        let word = word
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase();
        DOUBTING_WORDS.contains(&word.as_str()) || word.ends_with("n't")
    })
}

/// `item` without each part after a comma or a semicolon that names no
/// value (`names_value` of the part, without its mark, is false) and
/// neither denies nor doubts it (`DOUBTING_WORDS`), on every line of it;
/// a part that denies or doubts the value stays, without its mark, so the
/// entry is read as written, as one unread item. A mark counts only
/// before a space or the line's end, so a comma inside a value ("1,250",
/// "a,b@x.example") parts nothing. The first part of a line is always
/// kept: it is the value the asides after it are about. `item` itself
/// when nothing changes.
pub fn without_comma_asides<'a>(item: &'a str, names_value: impl Fn(&str) -> bool) -> Cow<'a, str> {
    if !item.contains([',', ';']) {
        return Cow::Borrowed(item);
    }
    let mut kept = String::with_capacity(item.len());
    let mut dropped = false;
    for line in item.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(body) => (body, "\n"),
            None => (line, ""),
        };
        let mut parts = parts_of(body).into_iter();
        if let Some(first) = parts.next() {
            kept.push_str(first);
        }
        for part in parts {
            // The part opens with its mark.
            let aside = &part[1..];
            if names_value(aside) {
                kept.push_str(part);
            } else if doubts(aside) {
                // Kept with the value, without the mark: a list written
                // in one string parts no item there, so "u637, not a
                // duplicate" stays one unread entry there as in a JSON
                // list, and is not "u637" beside a denied item.
                kept.push_str(aside);
                dropped = true;
            } else {
                dropped = true;
            }
        }
        kept.push_str(end);
    }
    match dropped {
        true => Cow::Owned(kept),
        false => Cow::Borrowed(item),
    }
}

/// What a list's items are to the rest of the answer, which decides what
/// an aside that removes an item says ("y310 (should actually be
/// dropped)"): the opposite in the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// What the answer keeps or takes (retained rows, invited people): an
    /// item the writer says to remove is taken back off the list.
    Kept,
    /// What the answer takes out (duplicate rows, rows with an invalid
    /// email): an item the writer says to remove is what the list says,
    /// an aside on it.
    Removed,
}

/// Words a correction gives when it removes the item rather than giving
/// another value: "y310 (should actually be dropped)", "y310, actually
/// remove it".
const REMOVING: &[&str] = &[
    "drop", "dropped", "remove", "removed", "exclude", "excluded", "delete", "deleted", "omit",
    "omitted", "skip", "skipped", "struck",
];

/// Words that remove the item with a particle after them: "Leila
/// (should be left out)", "y310 (actually taken off)".
const REMOVING_WITH_PARTICLE: &[&str] = &["left", "leave", "taken", "take"];

/// The particles [`REMOVING_WITH_PARTICLE`] takes.
const REMOVING_PARTICLES: &[&str] = &["out", "off"];

/// Whether `given` (what a correction gives) removes the item: it opens
/// with a word of [`REMOVING`] ("dropped") or of
/// [`REMOVING_WITH_PARTICLE`] and its particle ("left out").
fn removes(given: &str) -> bool {
    let mut words = given.split_whitespace().map(|w| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    });
    match (words.next(), words.next()) {
        (Some(first), second) if REMOVING_WITH_PARTICLE.contains(&first.as_str()) => {
            second.is_some_and(|w| REMOVING_PARTICLES.contains(&w.as_str()))
        }
        (Some(first), _) => REMOVING.contains(&first.as_str()),
        _ => false,
    }
}

/// Words that deny the value after a correction: "i705 (actually, not
/// o960)" keeps i705 and rejects o960, as "i705 (not o960)" does.
const DENYING: &[&str] = &["not", "no", "never", "nor"];

/// The most self-corrections [`with_corrections`] reads in one text, so
/// reading stays linear in its length.
const MOST_CORRECTIONS: usize = 16;

/// `text` (one list item, or a list written as one string) with each
/// self-correction in it read, the first first: the value it corrects
/// (the part of the text before it, back to the mark that parts items)
/// replaced by the value it gives ("i705, actually o960" is "o960",
/// "Kofi, Arjun (actually Leila)" is "Kofi, Leila", "v088 (should be
/// d552)" is "d552"). A correction is read only when the part before it
/// names a value (`names_value`, the field's kind, as for the comma
/// asides) and what it gives is a value: its first word names one, or
/// the whole of it is one value of the field (`is_value`: "amara fischer
/// @x.example", an invalid address). "u637 (actually rows 2 and 4)",
/// "v088 (actually a duplicate of v012)" describe the value, and stay
/// asides. What it gives is read with the guards of the comma asides: a
/// denial after the marker ("i705 (actually, not o960)") corrects nothing,
/// and a value given in doubt ("i705 (actually maybe o960)", "i705,
/// actually o960 or t746") leaves the entry unread, one item that is
/// neither. A correction that removes the item ("y310 (should actually be
/// dropped)") takes it off a list of what the answer keeps and is an
/// aside in a list of what it takes out ([`Listed`]). `text` itself when
/// nothing is corrected.
pub fn with_corrections<'a>(
    text: &'a str,
    names_value: impl Fn(&str) -> bool,
    is_value: impl Fn(&str) -> bool,
    listed: Listed,
) -> Cow<'a, str> {
    let mut read = Cow::Borrowed(text);
    for _ in 0..MOST_CORRECTIONS {
        let next = corrections_in(&read)
            .into_iter()
            .find_map(|at| corrected(&read, at, &names_value, &is_value, listed));
        match next {
            Some(next) => read = Cow::Owned(next),
            None => break,
        }
    }
    read
}

/// Marks that part the items of a written list, where a corrected value
/// starts: a comma, a semicolon, a line break, a bracket, a bar, an
/// ampersand, a middle dot, a bullet, an arrow.
const PARTING: &[char] = &[
    ',', ';', '\n', '(', '[', '|', '&', '\u{b7}', '\u{2022}', '\u{2192}',
];

/// Marks and words that part items only between spaces: "Kofi / Arjun",
/// "e415 + i705", "Kofi and Arjun", "Kofi plus Arjun".
const SPACED_PARTING: &[&str] = &[" / ", " + ", " -> ", " and ", " plus "];

/// Where the value ending at byte `end` of `text` starts: just past the
/// last mark or word before it that parts items ([`PARTING`],
/// [`SPACED_PARTING`]), or the text's start.
fn part_start(text: &str, end: usize) -> usize {
    let before = &text[..end];
    let lower = before.to_lowercase();
    let by_mark = before
        .char_indices()
        .rev()
        .find(|(_, c)| PARTING.contains(c))
        .map(|(at, c)| at + c.len_utf8());
    // Lower-casing keeps these ASCII words' offsets only when the text is
    // ASCII; elsewhere the marks alone part items.
    let by_word = SPACED_PARTING
        .iter()
        .filter(|_| before.is_ascii())
        .filter_map(|word| lower.rfind(word).map(|at| at + word.len() - 1))
        .max();
    by_mark.into_iter().chain(by_word).max().unwrap_or(0)
}

/// The length of the value a correction gives at the start of `rest`, up
/// to the end of its part: a comma or semicolon before a space, a line
/// break, a closing bracket, or the end.
fn part_len(rest: &str) -> usize {
    rest.char_indices()
        .find(|&(at, c)| match c {
            ',' | ';' => rest[at + 1..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace),
            '\n' | ')' | ']' => true,
            _ => false,
        })
        .map_or(rest.len(), |(at, _)| at)
}

/// `text` with the correction `at` read ([`with_corrections`]);
/// `None` when it corrects nothing there.
fn corrected(
    text: &str,
    at: CorrectionAt,
    names_value: &impl Fn(&str) -> bool,
    is_value: &impl Fn(&str) -> bool,
    listed: Listed,
) -> Option<String> {
    let start = part_start(text, at.corrected_end);
    let value = &text[start..at.corrected_end];
    if !names_value(value) {
        return None;
    }
    let rest = &text[at.value..];
    // A value corrected from behind ends before its marker ("Arjun (Leila
    // actually)"); one after the marker at the end of its part.
    let (given_len, resumes) = match at.trailing {
        Some(behind) => (behind.value_end - at.value, behind.resumes),
        None => (part_len(rest), at.value + part_len(rest)),
    };
    let given = rest[..given_len].trim();
    // A correction in brackets ends with them: what follows the closing
    // one is an aside on the corrected value ("Arjun (actually Leila) -
    // organiser").
    let bracketed = text[at.corrected_end..at.opening].contains(['(', '[']);
    let closes = bracketed && text[resumes..].starts_with([')', ']']);
    let tail = &text[resumes + usize::from(closes)..];
    let head = &text[..start];
    let first = given
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    if removes(given) && !names_value(given) {
        return match listed {
            // The item goes, and one mark of the two around it with it.
            Listed::Kept => {
                let head = match tail.trim_start().starts_with([',', ';']) {
                    true => head.trim_end().trim_end_matches([',', ';']),
                    false => head,
                };
                Some(format!("{head}{tail}"))
            }
            Listed::Removed => None,
        };
    }
    if DENYING.contains(&first.as_str()) || !names_value(given) {
        return None;
    }
    // The value's own spacing after the mark before it ("Kofi, Arjun").
    let spacing = &value[..value.len() - value.trim_start().len()];
    if doubts(given) {
        // One entry that names neither value: the marks that part it go.
        let unread: String = text[start..at.value + given_len]
            .chars()
            .map(|c| match BREAK_CHARS.contains(&c) || c == '-' {
                true => ' ',
                false => c,
            })
            .collect();
        return Some(format!("{head}{unread}{tail}"));
    }
    let stands_first = given.split_whitespace().next().is_some_and(names_value) || is_value(given);
    stands_first.then(|| format!("{head}{spacing}{given}{tail}"))
}

/// `line` cut before each comma or semicolon that a space or the line's
/// end follows; every part after the first opens with its mark.
fn parts_of(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (at, c) in line.char_indices() {
        let spaced = line[at + c.len_utf8()..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace);
        if matches!(c, ',' | ';') && spaced && at > start {
            parts.push(&line[start..at]);
            start = at;
        }
    }
    parts.push(&line[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for a field's kind: a part names a value when it holds
    /// a word with a digit.
    fn id_like(part: &str) -> bool {
        part.split_whitespace()
            .any(|w| w.chars().any(|c| c.is_ascii_digit()) && w.chars().any(char::is_alphabetic))
    }

    #[test]
    fn a_part_without_a_value_goes_and_one_with_a_value_stays() {
        for (item, want) in [
            ("u637, rows 2 and 4", "u637"),
            ("u637; repeated", "u637"),
            ("u637, repeated, v088", "u637, v088"),
            ("u637, v088", "u637, v088"),
            ("u637,repeated", "u637,repeated"),
            ("1,250", "1,250"),
            ("u637, first\nv088; second", "u637\nv088"),
            ("u637", "u637"),
            ("u637, not a duplicate", "u637 not a duplicate"),
            ("u637; maybe", "u637 maybe"),
            ("u637, isn't repeated", "u637 isn't repeated"),
            ("u637, no longer kept", "u637 no longer kept"),
            ("x@y, no dot in the domain", "x@y"),
            (", repeated", ", repeated"),
            ("", ""),
        ] {
            assert_eq!(without_comma_asides(item, id_like), want, "{item}");
        }
    }

    #[test]
    fn a_correction_inside_an_item_is_the_corrected_value() {
        for (item, want) in [
            ("i705, actually o960", "o960"),
            ("v088 (actually d552)", "d552"),
            ("v088 (should be d552)", "d552"),
            ("v088 \u{2014} no, actually d552", "d552"),
            ("v088, I mean d552, repeated", "d552, repeated"),
            ("v088 (in fact d552) - rows 3 and 9", "d552 - rows 3 and 9"),
            ("e415, i705 (actually o960), t746", "e415, o960, t746"),
            ("e415; i705, or rather o960", "e415; o960"),
            ("e415 and i705 (actually o960)", "e415 and o960"),
            ("i705, actually o960, actually t746", "t746"),
            // A marker behind the value it gives (play-pr27 X1).
            ("i705, o960 actually", "o960"),
            ("e415, i705 (o960 actually), t746", "e415, o960, t746"),
            ("v088 \u{2014} no, d552 actually", "d552"),
            ("v088; d552, I mean", "d552"),
            (
                "v088 (rows 3 and 9 actually)",
                "v088 (rows 3 and 9 actually)",
            ),
            // What describes the value corrects nothing.
            (
                "v088 (actually rows 3 and 9)",
                "v088 (actually rows 3 and 9)",
            ),
            ("v088, really", "v088, really"),
            (
                "v088 (actually the first of two)",
                "v088 (actually the first of two)",
            ),
            // A denial after the marker keeps the value.
            ("i705 (actually, not o960)", "i705 (actually, not o960)"),
            ("i705 (not o960)", "i705 (not o960)"),
            // A value given in doubt leaves one unread entry.
            ("i705 (actually maybe o960)", "i705  actually maybe o960"),
            ("i705, actually o960 or t746", "i705  actually o960 or t746"),
            // No value before the correction.
            ("rows 3 and 9, actually o960", "rows 3 and 9, actually o960"),
            (
                "v088 (actually a duplicate of v012)",
                "v088 (actually a duplicate of v012)",
            ),
            ("", ""),
        ] {
            assert_eq!(
                with_corrections(item, id_like, |_| false, Listed::Removed),
                want,
                "{item}"
            );
        }
        // A value whose first word names none is the field's to know: an
        // invalid address with a space in it.
        let address = |part: &str| part.contains('@');
        let whole = |text: &str| text == "amara fischer @x.example";
        assert_eq!(
            with_corrections(
                "b@y.example, actually amara fischer @x.example",
                address,
                whole,
                Listed::Removed
            ),
            "amara fischer @x.example"
        );
        assert_eq!(
            with_corrections(
                "b@y.example (actually a typo)",
                address,
                whole,
                Listed::Removed
            ),
            "b@y.example (actually a typo)"
        );
    }

    #[test]
    fn a_correction_that_removes_the_item_is_read_by_what_the_list_is() {
        for (item, kept, removed) in [
            (
                "y310 (should actually be dropped)",
                "",
                "y310 (should actually be dropped)",
            ),
            ("y310, actually remove it", "", "y310, actually remove it"),
            ("y310 (should be left out)", "", "y310 (should be left out)"),
            (
                "z349, y310 (should be dropped), h418",
                "z349, h418",
                "z349, y310 (should be dropped), h418",
            ),
            // "left" alone removes nothing; a value after the removal is
            // no removal of this item.
            (
                "y310 (should be left)",
                "y310 (should be left)",
                "y310 (should be left)",
            ),
            (
                "y310 (actually remove y311)",
                "y310 (actually remove y311)",
                "y310 (actually remove y311)",
            ),
        ] {
            assert_eq!(
                with_corrections(item, id_like, |_| false, Listed::Kept),
                kept,
                "{item}"
            );
            assert_eq!(
                with_corrections(item, id_like, |_| false, Listed::Removed),
                removed,
                "{item}"
            );
        }
    }
}
