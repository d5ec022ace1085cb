//! Asides after a comma or a semicolon inside one list item ("Arjun,
//! joining from the Pune office", "u637; rows 2 and 4",
//! "maya.osei@@x.example, two @ signs"; play-pr26 B1): a part after the
//! mark that names no value of the field's kind says something about the
//! value before it, as a bracketed aside does, and is no item of its own.
//! A part that names a value ("Arjun, Leila", "u637, v088") stays, so two
//! values in one item are still two. Which parts name a value is the
//! field's to say (a person, an id, an address): the list readers of
//! `crate::grading` pass it in.

use std::borrow::Cow;

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
/// neither denies nor doubts it (`DOUBTING_WORDS`), on every line of it. A mark counts only before a space or the line's end, so a
/// comma inside a value ("1,250", "a,b@x.example") parts nothing. The
/// first part of a line is always kept: it is the value the asides after
/// it are about. `item` itself when no part goes.
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
            match names_value(aside) || doubts(aside) {
                true => kept.push_str(part),
                false => dropped = true,
            }
        }
        kept.push_str(end);
    }
    match dropped {
        true => Cow::Owned(kept),
        false => Cow::Borrowed(item),
    }
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
            ("u637, not a duplicate", "u637, not a duplicate"),
            ("u637; maybe", "u637; maybe"),
            ("u637, isn't repeated", "u637, isn't repeated"),
            ("u637, no longer kept", "u637, no longer kept"),
            ("x@y, no dot in the domain", "x@y"),
            (", repeated", ", repeated"),
            ("", ""),
        ] {
            assert_eq!(without_comma_asides(item, id_like), want, "{item}");
        }
    }
}
