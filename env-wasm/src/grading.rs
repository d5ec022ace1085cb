//! Scoring pieces shared by graders: reading answer fields leniently about
//! form and strictly about meaning, and set agreement as F1, so listing
//! every option never earns full credit.
//!
//! A one-value field reads as one value or as nothing: a list of different
//! readings, a range or "X or Y" is a hedge, and a hedge reads as nothing,
//! which scores what a wrong value scores. The same readers serve the
//! grader and the draft check (`propose`), so a draft the check calls well
//! formed is read by the grader exactly as written.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::points::Points;
use crate::text::aside::without_brackets;
use crate::text::list_aside::{Listed, with_corrections, without_comma_asides};
use crate::text::{OneValue, Text, normalize};

/// Why an answer field has no reading. It names no detail of the value, so
/// a draft check that reports it tells the form of an answer, never how
/// good it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// The key is absent or `null`.
    Missing,
    /// The value is not one value of the field's kind (wrong type, a hedge,
    /// an unknown word, a value outside the allowed ones).
    IllFormed,
}

/// A field as the grader reads it.
pub type Reading<T> = Result<T, Unreadable>;

/// The field's value, or [`Unreadable::Missing`] for an absent or `null` key.
pub fn present<'a>(answer: &'a Map<String, Value>, key: &str) -> Reading<&'a Value> {
    match answer.get(key) {
        None | Some(Value::Null) => Err(Unreadable::Missing),
        Some(value) => Ok(value),
    }
}

/// A string, number or boolean as text (numbers in their shortest JSON
/// form, so `4` and `"4"` agree); `None` for lists, objects and `null`.
pub fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// One value of a one-value field, each scalar read by `read`. A list counts
/// only when all its items read the same value (`["work"]`,
/// `["work", "work"]`, `["work", ""]`: empty and blank items carry
/// nothing); items that read differently are a hedge
/// ([`OneValue::Hedged`]), and a hedge reads as nothing.
pub fn one_value<T: Ord + Clone>(
    answer: &Map<String, Value>,
    key: &str,
    read: impl Fn(&Value) -> Option<T>,
) -> Reading<T> {
    let value = present(answer, key)?;
    // The value as written, else its other written forms (emphasis marks,
    // the field's own name, insisting words around it), when the value
    // alone does not read.
    let names = own_names(key);
    let read = |scalar: &Value| {
        let one = read(scalar)
            .or_else(|| {
                let text = scalar.as_str()?;
                other_forms(text, &names)
                    .into_iter()
                    .find_map(|form| read(&Value::String(form)))
            })
            .or_else(|| after_lead_in(scalar.as_str()?, &names, &read))?;
        // Another value under the field's own name after it is a second
        // answer, whatever the asides around it say.
        let text = scalar.as_str().unwrap_or_default();
        (!assigns_another(text, &names, &one, &read)).then_some(one)
    };
    let readings: Option<Vec<T>> = match value {
        // An empty or blank element carries nothing (`["finance", ""]` is
        // `finance`, play-para-pr9 B1), as in every list field.
        Value::Array(items) => items
            .iter()
            .filter(|item| !item.as_str().is_some_and(|text| text.trim().is_empty()))
            .map(|item| match item {
                Value::Array(_) | Value::Object(_) => None,
                scalar => read(scalar),
            })
            .collect(),
        scalar => read(scalar).map(|one| vec![one]),
    };
    let readings = readings.ok_or(Unreadable::IllFormed)?;
    OneValue::of(readings)
        .one()
        .cloned()
        .ok_or(Unreadable::IllFormed)
}

/// The value written after a lead-in that is no value of the field
/// ("Booked: Quartz", "Room booked: Quartz", "Venue - Quartz", "Starts:
/// 14:00"; pr25-C1), in any form [`other_forms`] reads: the phrase before
/// the mark ([`crate::text::lead::lead_in`]) reads as no value, nor does
/// any word of it, and what follows reads as one. A phrase that names a
/// value ("Cedar room: Quartz", "Low priority: high") is no lead-in, and
/// the text stays unread, as a value offered twice is.
fn after_lead_in<T>(text: &str, names: &[String], read: impl Fn(&Value) -> Option<T>) -> Option<T> {
    let reads = |text: &str| read(&Value::String(text.to_owned()));
    std::iter::once(text.to_owned())
        .chain(other_forms(text, names))
        .find_map(|form| {
            let (phrase, rest) = crate::text::lead::lead_in(&form)?;
            let names_a_value = reads(phrase).is_some()
                || phrase.split_whitespace().any(|word| reads(word).is_some());
            match rest.is_empty() || names_a_value {
                true => None,
                false => reads(rest),
            }
        })
}

/// Whether `text`, after its start, gives the field another value than
/// `value` under one of its own `names` and a mark ("2026-01-28\n\nday:
/// 2026-01-27", "11 (valid rows: 12)", "M1 (meeting = M2)"): a second
/// answer, so a hedge. A label that names anything else ("11 (removed:
/// 22)", "10:00 (Freya: 08:00)") is a breakdown the asides read
/// ([`crate::text::aside`]).
fn assigns_another<T: PartialEq>(
    text: &str,
    names: &[String],
    value: &T,
    read: impl Fn(&Value) -> Option<T>,
) -> bool {
    text.char_indices()
        .filter(|&(at, c)| {
            at > 0
                && c.is_alphanumeric()
                && text[..at].ends_with(|b: char| !b.is_alphanumeric() && b != '_')
        })
        .filter_map(|(at, _)| {
            let from = &text[at..];
            names.iter().find_map(|name| {
                let after = from[label_len(from, name)?..].trim_start();
                let rest = LABEL_MARKS
                    .iter()
                    .filter(|mark| **mark != "#")
                    .find_map(|mark| after.strip_prefix(mark))?;
                Some(rest.trim_start())
            })
        })
        .any(|rest| read(&Value::String(rest.to_owned())).is_some_and(|other| other != *value))
}

/// The forms a one-value field's text may stand for besides itself, in
/// the order tried, each from the one before: without its emphasis and
/// code marks (`**M1**`, `` `14:30` ``, `**Start:** 14:30`: play-para-pr5
/// B1; [`crate::text::markdown::without_emphasis`], strikethrough kept), a
/// value written after the field's own name ("day: 2026-11-10", "total =
/// $16,078.92", "Meeting M1", [`without_label`]), and either without words
/// that only insist on the value ("11287.88 exactly", "precisely $11,287.88",
/// [`without_insistence`]). Every one-value field reads these forms
/// through this one function, so no field reads a form another refuses.
fn other_forms(text: &str, names: &[String]) -> Vec<String> {
    let unmarked = crate::text::markdown::without_emphasis(text);
    let labelled = without_label(&unmarked, names);
    let bare = without_id_mark(in_quotes(labelled).unwrap_or(labelled));
    let mut forms: Vec<String> = Vec::new();
    for form in [
        unmarked.as_ref(),
        labelled,
        without_insistence(&unmarked),
        without_insistence(labelled),
        bare,
        without_insistence(bare),
    ] {
        if form != text && !forms.iter().any(|f| f == form) {
            forms.push(form.to_owned());
        }
    }
    forms
}

/// The inside of one pair of quotes or backticks around the whole text
/// (`"M2"`, `'M2'`, curly quotes; play-para-pr7 B1); `None` when the text
/// is not quoted.
fn in_quotes(text: &str) -> Option<&str> {
    let text = text.trim();
    const PAIRS: &[(char, char)] = &[
        ('"', '"'),
        ('\'', '\''),
        ('`', '`'),
        ('\u{201c}', '\u{201d}'),
        ('\u{2018}', '\u{2019}'),
    ];
    PAIRS.iter().find_map(|&(open, close)| {
        let inside = text.strip_prefix(open)?.strip_suffix(close)?;
        (!inside.is_empty() && !inside.contains([open, close])).then_some(inside.trim())
    })
}

/// `text` without one "#" before an id ("#M2", "#o515": play-para-pr7 B1,
/// B3), as trackers number things; `text` itself otherwise.
pub fn without_id_mark(text: &str) -> &str {
    let text = text.trim();
    match text.strip_prefix('#') {
        Some(rest) if rest.starts_with(char::is_alphanumeric) => rest,
        _ => text,
    }
}

/// Words before a value that only insist on it ("exactly 14:30",
/// "precisely $11,287.88", "a total of 12"), longest first. A hedge
/// ("about", "approximately", "roughly", "around", "~") is none of them:
/// it says the value is not exact, and reads as no value (DESIGN 3.4: a
/// hedge scores as its worst reading).
const INSISTING_BEFORE: &[&str] = &["a total of", "in total", "total of", "precisely", "exactly"];

/// Words after a value that only insist on it ("11287.88 exactly",
/// "11,287.88 USD exactly", "14:30 sharp", "7,132.37 to the cent").
const INSISTING_AFTER: &[&str] = &[
    "to the cent",
    "on the dot",
    "precisely",
    "in total",
    "exactly",
    "exact",
    "sharp",
];

/// `text` without words before or after the value that only insist on it
/// ("exactly", "precisely", "a total of" before; "exactly", "sharp", "to
/// the cent" after; play-para-pr5 B5, C1),
/// each a whole word or phrase in any case, with a comma or dash parting it
/// from the value; `text` itself when it has none.
pub fn without_insistence(text: &str) -> &str {
    let parting =
        |c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '-' | '\u{2013}' | '\u{2014}');
    let mut rest = text.trim();
    loop {
        let before = INSISTING_BEFORE.iter().find_map(|word| {
            let head = rest.get(..word.len())?;
            let after = &rest[word.len()..];
            (head.eq_ignore_ascii_case(word) && after.starts_with(char::is_whitespace))
                .then(|| after.trim_start_matches(parting))
        });
        let after = INSISTING_AFTER.iter().find_map(|word| {
            let cut = rest.len().checked_sub(word.len())?;
            let tail = rest.get(cut..)?;
            let value = &rest[..cut];
            (tail.eq_ignore_ascii_case(word) && value.ends_with(parting))
                .then(|| value.trim_end_matches(parting))
        });
        match before.or(after) {
            Some(shorter) if !shorter.is_empty() => rest = shorter,
            _ => return rest,
        }
    }
}

/// Labels any field's value may be written after ("count: 8", play-para-pr3
/// B5).
use crate::text::aside::VALUE_LABELS;

/// The names a field goes by in an answer: its key with spaces for
/// underscores, each word of it ("normalized total", "normalized",
/// "total") and the generic value labels ("count", "value", "answer"),
/// longest first.
pub fn own_names(key: &str) -> Vec<String> {
    let spaced = key.replace('_', " ");
    let mut names: Vec<String> = std::iter::once(spaced.clone())
        .chain(spaced.split_whitespace().map(str::to_owned))
        .chain(VALUE_LABELS.iter().map(|l| (*l).to_owned()))
        .collect();
    crate::order::sort_by_key(&mut names, |n| std::cmp::Reverse(n.len()));
    names.dedup();
    names
}

/// What may stand between a label and its value: the marks `:`, `=` and
/// `#` every field took first, and arrows in every common spelling
/// ("day -> 2026-01-21", "total => 12.50", "start → 09:45", play-para-pr4
/// B1); a dash only with a space after it ("count - 8"), so a minus sign
/// stays the value's. Longest first, so `->` is not read as a dash.
pub(crate) const LABEL_MARKS: &[&str] = &[
    "-->",
    "==>",
    "\u{2014}>",
    "\u{2013}>",
    "->",
    "=>",
    ":=",
    "\u{2192}",
    "\u{21d2}",
    "\u{27f6}",
    "\u{27f9}",
    "\u{2794}",
    "\u{279c}",
    "\u{27a1}",
    "\u{21a6}",
    ":",
    "=",
    "#",
];

/// Dashes that part a label from its value when a space follows them.
const LABEL_DASHES: &[char] = &['-', '\u{2013}', '\u{2014}'];

/// The length of `label` (words parted by spaces) at the start of `text`,
/// any case, its words parted there by spaces, underscores or hyphens
/// ("valid rows" opens "valid_rows -> 5" and "Valid-Rows: 5"), ending at a
/// word's end (an underscore is inside a word).
fn label_len(text: &str, label: &str) -> Option<usize> {
    let mut at = 0;
    for (n, word) in label.split_whitespace().enumerate() {
        if n > 0 {
            let gap = text[at..]
                .find(|c: char| !matches!(c, ' ' | '_' | '-'))
                .unwrap_or(text.len() - at);
            if gap == 0 {
                return None;
            }
            at += gap;
        }
        let head = text.get(at..at + word.len())?;
        if !head.eq_ignore_ascii_case(word) {
            return None;
        }
        at += word.len();
    }
    let ends_word = !text[at..].starts_with(|c: char| c.is_alphanumeric() || c == '_');
    (at > 0 && ends_word).then_some(at)
}

/// `text` without a leading label of `labels` (any case, its words parted
/// by spaces, underscores or hyphens) and the mark after it (`:`, `=`,
/// `#`, an arrow, or a dash and a space: "day: 2026-11-10", "total =
/// $16,078.92", "duplicate_ids -> h483, w162", "Meeting M1"); `text`
/// itself when it opens with none. Every field reads a value after its own name through
/// this one function, so no field reads a label another refuses.
pub fn without_label<'a>(text: &'a str, labels: &[impl AsRef<str>]) -> &'a str {
    let trimmed = text.trim_start();
    for label in labels {
        let Some(len) = label_len(trimmed, label.as_ref()) else {
            continue;
        };
        let rest = trimmed[len..].trim_start();
        let rest = LABEL_MARKS
            .iter()
            .find_map(|mark| rest.strip_prefix(mark))
            .or_else(|| {
                rest.strip_prefix(LABEL_DASHES)
                    .filter(|after| after.starts_with(char::is_whitespace))
            })
            .map_or(rest, str::trim_start);
        if !rest.is_empty() {
            return rest;
        }
    }
    text
}

/// The one choice a short text names. Every word (as [`Text`] reads it,
/// contractions spelled out) must name a choice through `choice_of` or be
/// one of `filler`; two different choices ([`OneValue::Hedged`]), or any
/// other word (`or`, `not`, `maybe`, pasted prose), name none.
pub fn one_choice<T: Ord + Clone>(
    text: &str,
    choice_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
) -> Option<T> {
    let mut named = Vec::new();
    for word in Text::new(text).words {
        match choice_of(&word.text) {
            Some(choice) => named.push(choice),
            None if filler.contains(&word.text.as_str()) => {}
            None => return None,
        }
    }
    OneValue::of(named).one().cloned()
}

/// A one-value field that names one of a few choices in words (a label, a
/// room): [`one_value`] of [`one_choice`] on each string.
pub fn choice_field<T: Ord + Clone>(
    answer: &Map<String, Value>,
    key: &str,
    choice_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
) -> Reading<T> {
    one_value(answer, key, |value| {
        value
            .as_str()
            .and_then(|text| one_choice(text, &choice_of, filler))
    })
}

/// The items of a set or list field, in the order written, each folded by
/// `fold` (empty items dropped). A JSON list gives one item per element,
/// never split, so one element earns at most one credit; a string is split
/// at commas, semicolons, `&`, line breaks and the word `and` (a string that
/// holds a JSON list is read as that list). A set may also be an object
/// keyed by its items, as `bookings` may be keyed by meeting id (each key
/// an item, its value an aside on it). Anything else is ill formed. An
/// item is its head ([`item_head`]): `Ana (design lead)` is `Ana`, and
/// `not Dan` is no item. A lead-in before the first item is none of the
/// items ("Required: Malik, Diego", `without_list_lead_in`): `known` are
/// the field's possible items (folded), which tell the lead-in from the
/// item after it. Every part of an item counts here; the readers of a kind
/// of value ([`name_items`], [`id_items`], [`email_items`]) also read a
/// part after a comma that names no value of their kind as an aside.
/// Self-corrections inside an item are read first, whatever the reader
/// ([`with_corrections`]: "i705, actually o960" is o960); `listed` says
/// what the list is, which decides what a correction that removes an item
/// says.
pub fn items(
    answer: &Map<String, Value>,
    key: &str,
    fold: impl Fn(&str) -> String,
    known: &BTreeSet<String>,
    listed: Listed,
) -> Reading<Vec<String>> {
    items_each(
        answer,
        key,
        |item| vec![fold(item)],
        |_| true,
        known,
        listed,
    )
}

/// [`items`] of a list of people, each [`fold_name`]d: a part of an item
/// after a comma or a semicolon that names no person ([`names_person`]:
/// "Arjun, joining from the Pune office") is an aside on the person before
/// it, as "Arjun (joining from the Pune office)" is (play-pr26 B1).
pub fn name_items(
    answer: &Map<String, Value>,
    key: &str,
    known: &BTreeSet<String>,
    listed: Listed,
) -> Reading<Vec<String>> {
    let names_value = |part: &str| names_person(part, known);
    items_each(
        answer,
        key,
        |item| vec![fold_name(item)],
        names_value,
        known,
        listed,
    )
}

/// [`items`] of a list of ids: an element that names several ids (`y109,
/// o254`, `y109 and o254`) gives each of them ([`ids_in`]); a part after a
/// comma or a semicolon that names no id ([`names_id`]: "u637, rows 2 and
/// 4", "u637; repeated") is an aside on the id before it (play-pr26 B1).
pub fn id_items(
    answer: &Map<String, Value>,
    key: &str,
    known: &BTreeSet<String>,
    listed: Listed,
) -> Reading<Vec<String>> {
    let names_value = |part: &str| names_id(part, known);
    items_each(answer, key, ids_in, names_value, known, listed)
}

/// [`id_items`] of a list whose order is graded (`retained_ids`): the
/// object form a set may take ([`items`]) is refused here, since a JSON
/// object keeps no order (RFC 8259), so the order written cannot be read.
pub fn ordered_id_items(
    answer: &Map<String, Value>,
    key: &str,
    known: &BTreeSet<String>,
    listed: Listed,
) -> Reading<Vec<String>> {
    match present(answer, key)? {
        Value::Object(_) => Err(Unreadable::IllFormed),
        _ => id_items(answer, key, known, listed),
    }
}

/// [`items`] of a list of emails, each [`normalize`]d: an item written as
/// a mailbox, a display name and then the address in angle brackets
/// ("Sam Fischer <sam.fischer@x.example>", RFC 5322 name-addr), is that
/// address ([`address_in`]; play-para-pr9 C2), as a bare `<address>` is.
/// A part after a comma or a semicolon that names no address
/// ([`names_address`]: "maya.osei@@x.example, two @ signs") is an aside on
/// the address before it (play-pr26 B1).
pub fn email_items(
    answer: &Map<String, Value>,
    key: &str,
    known: &BTreeSet<String>,
    listed: Listed,
) -> Reading<Vec<String>> {
    let each = |item: &str| vec![normalize(address_in(item))];
    let names_value = |part: &str| names_address(part, known);
    items_each(answer, key, each, names_value, known, listed)
}

/// The characters around a word that are no part of it (quotes, brackets,
/// a closing full stop).
fn around_word(c: char) -> bool {
    !c.is_alphanumeric()
}

/// Whether a part of a list item names a person: one of the field's
/// `known` people (folded), whole or as any word of it ("and Leila", "not
/// Leila": the item reader decides what it says of them), or a name
/// nobody listed, every word of it capitalised ("Zed", "Zed Smith"). Each
/// piece of a written list is tried ("Zed and Yan"). Prose about the
/// person before ("joining from the Pune office", "remote") names none.
pub fn names_person(part: &str, known: &BTreeSet<String>) -> bool {
    split_items(part).iter().any(|piece| {
        let words: Vec<&str> = piece
            .split_whitespace()
            .map(|word| word.trim_matches(around_word))
            .filter(|word| !word.is_empty())
            .collect();
        !words.is_empty()
            && (known.contains(&fold_name(piece))
                || words.iter().any(|word| known.contains(&fold_name(word)))
                || words
                    .iter()
                    .all(|word| word.starts_with(char::is_uppercase)))
    })
}

/// Whether a part of a list item names an id: one of the field's `known`
/// ids ([`fold_id`]), whole or as any word of it, or a word shaped as an
/// id is (letters and then digits, "u637", "#o515", "C-042"). Prose about
/// the id before ("rows 2 and 4", "repeated", "kept as the first of two")
/// names none.
pub fn names_id(part: &str, known: &BTreeSet<String>) -> bool {
    known.contains(&fold_id(part))
        || part.split_whitespace().any(|word| {
            let word = without_id_mark(word.trim_matches(|c: char| around_word(c) && c != '#'));
            known.contains(&fold_id(word)) || id_shaped(word)
        })
}

/// Whether `word` is shaped as an id: letters, a hyphen or underscore at
/// most, then digits ("u637", "C-042"); "2nd" and "rows" are not.
fn id_shaped(word: &str) -> bool {
    let Some(digits_at) = word.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let letters = word[..digits_at].trim_end_matches(['-', '_']);
    !letters.is_empty()
        && letters.chars().all(|c| c.is_ascii_alphabetic())
        && word[digits_at..].chars().all(|c| c.is_ascii_digit())
}

/// Whether a part of a list item names an email address, valid or not:
/// one of the field's `known` addresses (as [`email_items`] compares
/// them), or a word with an `@` beside a letter or digit
/// ("maya.osei@@x.example", "@x.example") or with dots between letters as
/// an address without its `@` has ("maya.osei.x.example"). Prose about
/// the address before ("two @ signs", "no dot in the domain") names none.
pub fn names_address(part: &str, known: &BTreeSet<String>) -> bool {
    known.contains(&normalize(address_in(part)))
        || part.split_whitespace().any(|word| {
            let at_beside_letter = word.char_indices().any(|(at, c)| {
                c == '@'
                    && (word[..at].ends_with(char::is_alphanumeric)
                        || word[at + 1..].starts_with(char::is_alphanumeric))
            });
            let dotted = word.trim_matches(around_word);
            let dotted = dotted.matches('.').count() >= 2
                && dotted
                    .split('.')
                    .all(|label| !label.is_empty() && label.chars().all(char::is_alphanumeric));
            at_beside_letter || dotted
        })
}

/// The address of a mailbox `item` ("Sam Fischer <sam@x.example>", `"Row
/// 7" <a@b>`): what the angle brackets that close it hold, after a display
/// name that is no address itself; `item` itself when it is no mailbox
/// ("a@x.example <b@y.example>" names two addresses and stays as written).
/// The address inside is kept exactly, valid or not ("<ana lee @x.example>"):
/// the field lists invalid ones too.
pub fn address_in(item: &str) -> &str {
    let mailbox = item
        .trim()
        .strip_suffix('>')
        .and_then(|inner| inner.rsplit_once('<'))
        .filter(|(name, address)| {
            let name = name.trim();
            let address = address.trim();
            !name.is_empty() && !name.contains(['@', '<', '>']) && !address.is_empty()
        });
    mailbox.map_or(item, |(_, address)| address.trim())
}

/// [`items`] with each item's head read by `each` as any number of items,
/// its self-corrections read first ([`with_corrections`], by what the
/// list is: `listed`), without the parts after a comma or a semicolon
/// that name no value of the field's kind (`names_value`;
/// [`without_comma_asides`]), in a list written as one string as in one
/// element.
fn items_each(
    answer: &Map<String, Value>,
    key: &str,
    each: impl Fn(&str) -> Vec<String>,
    names_value: impl Fn(&str) -> bool,
    known: &BTreeSet<String>,
    listed: Listed,
) -> Reading<Vec<String>> {
    // What a correction inside an item gives is a value when its first
    // word names one or the whole of it is one of the field's items
    // ("amara fischer @x.example", an invalid address).
    let is_value = |text: &str| matches!(each(text).as_slice(), [one] if known.contains(one));
    let value = match present(answer, key)? {
        // An array holding one string is that string, read as any list
        // string is ("[\"a@x, b@y\"]" is two emails, in every list field:
        // play-para-pr7 B5).
        Value::Array(elements) if elements.len() == 1 && elements[0].is_string() => &elements[0],
        value => value,
    };
    let raw: Vec<String> = match value {
        // Table rows as the elements ("| Priya |", "| Leila |").
        Value::Array(elements) if !elements.is_empty() && elements.iter().all(is_table_row) => {
            let rows: Vec<&str> = elements.iter().filter_map(Value::as_str).collect();
            table_items(&rows.join("\n"), key).ok_or(Unreadable::IllFormed)?
        }
        Value::Array(elements) => elements
            .iter()
            .map(|e| {
                scalar_text(e)
                    .or_else(|| named_in_object(e))
                    .unwrap_or_else(|| e.to_string())
            })
            .collect(),
        Value::String(text) => match serde_json::from_str::<Vec<String>>(text.trim()) {
            Ok(listed) => listed,
            Err(_) => {
                // Emphasis and code marks around the list or its items
                // ("**e753**, **e445** and **p681**", play-para-pr5 B2).
                let unmarked = crate::text::markdown::without_emphasis(text);
                // A label naming the field before the list is none of its
                // items ("participants: Malik, Leila", play-para-pr3 B4;
                // "duplicate_ids -> h483, w162", play-para-pr4 B1).
                let text = without_label(&unmarked, &own_names(key));
                // A list written in one pair of square brackets ("[g276,
                // k285]", "['a', 'b']", play-para-pr6 B6) is that list, not
                // an aside.
                let text = in_list_brackets(text).unwrap_or(text);
                match table_items(text, key) {
                    Some(rows) => rows,
                    // List markers ("1) o515 2) q448", "(a) Ana", play-para-pr6
                    // B5) part items, then asides in brackets go before
                    // splitting: the commas and `and`s inside them (`y109
                    // (rows 4 and 5), o254`) part no items.
                    None => {
                        let text = markers_as_breaks(text);
                        // Corrections before the brackets go: "Kofi,
                        // Arjun (actually Leila)" is Kofi and Leila.
                        let text = with_corrections(&text, &names_value, is_value, listed);
                        let unbracketed = without_brackets(&text);
                        let pieces = split_items(&without_comma_asides(&unbracketed, &names_value));
                        // Text that is all aside reads as no list, never as
                        // an empty one: the draft check flags what the
                        // grader cannot read.
                        let empty = pieces.iter().all(|p| p.trim().is_empty());
                        if empty && text.chars().any(char::is_alphanumeric) {
                            return Err(Unreadable::IllFormed);
                        }
                        pieces
                    }
                }
            }
        },
        Value::Object(entries) => keyed_items(entries)?,
        _ => return Err(Unreadable::IllFormed),
    };
    // Emphasis and code marks around an item ("*Omar*", "**e753**",
    // play-para-pr5 B2) go before its head is read; strikethrough stays.
    let mut unmarked: Vec<String> = raw
        .iter()
        .map(|item| {
            let item = crate::text::markdown::without_emphasis(item);
            with_corrections(&item, &names_value, is_value, listed).into_owned()
        })
        .collect();
    without_list_lead_in(&mut unmarked, &each, known);
    Ok(unmarked
        .iter()
        .filter_map(|item| item_head(item))
        .map(|head| without_comma_asides(head, &names_value))
        .flat_map(|head| each(&head))
        .filter(|item| !item.is_empty())
        .collect())
}

/// `items` (a list's items as written, in order) without a lead-in before
/// the first one, in a string or as the first element of a JSON list
/// ("Required: Malik", "all four: Malik", "The four required people:
/// Malik", "Duplicates: z349", "In table order: y310"; pr25-B1): when the
/// phrase before the mark ([`crate::text::lead::lead_in`]) names none of
/// the field's `known` items (as `each` reads them), nor does any word of
/// it, and what follows names one, the item is what follows. A lead-in on
/// a line of its own before the items ("Required people:") goes. A known
/// item before the colon keeps what follows as its aside ("Malik:
/// organizer"), and an unknown one after a lead-in leaves the item as it
/// was, so only a lead-in before a real item is read away.
fn without_list_lead_in(
    items: &mut Vec<String>,
    each: &impl Fn(&str) -> Vec<String>,
    known: &BTreeSet<String>,
) {
    let Some(first) = items.iter().position(|item| !item.trim().is_empty()) else {
        return;
    };
    let Some((phrase, rest)) = crate::text::lead::lead_in(&items[first]) else {
        return;
    };
    let named = |text: &str| item_head(text).map(each).unwrap_or_default();
    let names_any = |text: &str| named(text).iter().any(|item| known.contains(item));
    if names_any(phrase) || phrase.split_whitespace().any(names_any) {
        return;
    }
    let item = match rest.is_empty() {
        true => None,
        false => {
            let items_after = named(rest);
            match !items_after.is_empty() && items_after.iter().all(|i| known.contains(i)) {
                true => Some(rest.to_owned()),
                false => return,
            }
        }
    };
    match item {
        Some(item) => items[first] = item,
        None if items[first + 1..].iter().any(|i| !i.trim().is_empty()) => {
            items.remove(first);
        }
        None => {}
    }
}

/// The items of a set written as an object keyed by them (`{"Ana":
/// "host", "Ben": true}`, `{"o254": "rows 4 and 7"}`): each key is an item
/// and its value says something about it, as an aside does; a value that
/// rules the key out (`false`, `0`, "no", "not invited") leaves it out. An
/// object whose values are lists or objects groups items under headings
/// (`{"required": [...]}`) and is ill formed: which heading is the field
/// would be a guess.
fn keyed_items(entries: &Map<String, Value>) -> Reading<Vec<String>> {
    let mut keys = Vec::new();
    for (key, value) in entries {
        let ruled_out = match value {
            Value::Array(_) | Value::Object(_) => return Err(Unreadable::IllFormed),
            Value::Bool(kept) => !kept,
            Value::String(text) => {
                let text = text.trim();
                text.eq_ignore_ascii_case("false")
                    || (!text.is_empty() && item_head(text).is_none())
            }
            Value::Number(n) => n.as_u64() == Some(0),
            Value::Null => false,
        };
        if !ruled_out {
            keys.push(key.clone());
        }
    }
    Ok(keys)
}

/// The inside of a list written in one pair of square brackets ("[g276,
/// k285, o203]"); `None` for any other text (`y109 [rows 4, 5]` keeps its
/// aside).
fn in_list_brackets(text: &str) -> Option<&str> {
    let inside = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    (!inside.contains(['[', ']'])).then_some(inside)
}

/// Whether `token` is a list marker that may stand inline between items:
/// `1)`, `(1)`, `1.`, `a)`, `(a)`.
fn is_list_marker(token: &str) -> bool {
    let digits = |body: &str| {
        !body.is_empty() && body.len() <= 3 && body.bytes().all(|b| b.is_ascii_digit())
    };
    let letter = |body: &str| body.len() == 1 && body.bytes().all(|b| b.is_ascii_alphabetic());
    let bracketed = token
        .strip_prefix('(')
        .and_then(|inner| inner.strip_suffix(')'))
        .or_else(|| token.strip_suffix(')'));
    match bracketed {
        Some(body) => digits(body) || letter(body),
        None => token.strip_suffix('.').is_some_and(digits),
    }
}

/// `text` with each list marker (`1)`, `(2)`, `3.`, `a)`) turned into a
/// line break when the text opens with one ("1) o515, 2) q448", "1) o515
/// 2) q448", "(a) Ana (b) Ben"; play-para-pr6 B5): every marker parts two
/// items, as on separate lines. Text that opens with no marker is kept, so
/// "Ana (b)" or "team a) x" inside an item is not read as a marker.
fn markers_as_breaks(text: &str) -> std::borrow::Cow<'_, str> {
    let opens_with_marker = text.split_whitespace().next().is_some_and(is_list_marker);
    if !opens_with_marker {
        return std::borrow::Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .lines()
        .map(|line| {
            line.split_whitespace()
                .map(|token| match is_list_marker(token) {
                    true => "\n",
                    false => token,
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    std::borrow::Cow::Owned(lines.join("\n"))
}

/// Column names a list written as a table may head its items with,
/// besides the field's own names ([`own_names`]).
const COLUMN_NAMES: &[&str] = &[
    "name",
    "full name",
    "id",
    "row id",
    "email",
    "email address",
    "e mail",
    "participant",
    "attendee",
    "person",
    "people",
    "who",
    "item",
    "value",
];

/// The items of a list written as a markdown table (play-para-pr4 B2):
/// each row's cell in the item column, a heading row of a column name
/// ("name", "id", the field's own name) no item; `None` for text that is
/// no table. See [`crate::text::table::column_items`].
fn table_items(text: &str, key: &str) -> Option<Vec<String>> {
    let names = own_names(key);
    let singular = |word: &str| word.strip_suffix('s').unwrap_or(word).to_owned();
    let is_heading = |cell: &str| {
        let cell = singular(&normalize(&cell.replace(['_', '-'], " ")));
        names.iter().any(|n| singular(n) == cell)
            || COLUMN_NAMES.iter().any(|n| singular(n) == cell)
    };
    let rows = crate::text::table::column_items(text.trim(), is_heading)?;
    Some(rows.into_iter().map(str::to_owned).collect())
}

/// Whether a list element is a markdown table row or rule line.
fn is_table_row(element: &Value) -> bool {
    element
        .as_str()
        .is_some_and(|row| crate::text::table::cells(row).is_some())
}

/// Keys an object element of a list names its item by.
const ITEM_KEYS: &[&str] = &["id", "name", "email", "value", "item"];

/// The item an object element of a list names (`{"name": "Ravi"}`, `{"id":
/// "l714", "reason": "duplicate"}`): its first item key in [`ITEM_KEYS`]'
/// order, or its one field.
fn named_in_object(element: &Value) -> Option<String> {
    let object = element.as_object()?;
    ITEM_KEYS
        .iter()
        .find_map(|k| object.get(*k).and_then(scalar_text))
        .or_else(|| match object.len() {
            1 => object.values().next().and_then(scalar_text),
            _ => None,
        })
}

/// Words that open an item the answer rules out (`not Dan`, `excluding
/// y109`): no item at all.
const ITEM_DENIALS: &[&str] = &[
    "not",
    "no",
    "never",
    "without",
    "excluding",
    "except",
    "minus",
];

/// An item without its list marker and its asides: what is in brackets,
/// and what follows a colon and a space or a dash between spaces (`- y109`,
/// `y109 (rows 4 and 5)`, `Ana - design lead`, `y109: rows 4, 5` are `y109`
/// and `Ana`); `None`
/// for an item the answer rules out (`not Dan`). An aside is never a
/// second item.
pub fn item_head(item: &str) -> Option<&str> {
    // A list marker, and quotes or backticks around the item ("`o173`",
    // "\"Zara\"", play-para-pr3 B1).
    let item = crate::text::without_list_marker(item).trim();
    // One pair of angle brackets around an email is its delimiter (RFC
    // 5322 angle-addr, "<a@b.example>", play-para-pr6 C1); what is inside
    // is kept exactly.
    let item = ['`', '"', '\'', '\u{201c}', '\u{2018}', '<']
        .iter()
        .find_map(|open| {
            let close = match open {
                '\u{201c}' => '\u{201d}',
                '\u{2018}' => '\u{2019}',
                '<' => '>',
                other => *other,
            };
            item.strip_prefix(*open)?.strip_suffix(close)
        })
        .unwrap_or(item);
    let end = item
        .char_indices()
        .find(|&(at, c)| {
            let rest = &item[at + c.len_utf8()..];
            let spaced = rest.is_empty() || rest.starts_with(char::is_whitespace);
            match c {
                '(' | '[' => true,
                ':' | '\u{2013}' | '\u{2014}' => spaced,
                '-' => spaced && item[..at].ends_with(char::is_whitespace),
                _ => false,
            }
        })
        .map_or(item.len(), |(at, _)| at);
    let head = item[..end].trim();
    let first = head
        .split_whitespace()
        .next()
        .map(str::to_lowercase)
        .unwrap_or_default();
    (!ITEM_DENIALS.contains(&first.as_str())).then_some(head)
}

/// The ids an item names, each as [`fold_id`] compares it: one id (` C 042
/// ` is `c042`: spaces inside an id go), or several when the item lists
/// them (`y109, o254`, `y109 and o254`, `y109 o254`: pieces that each hold
/// a letter and a digit).
pub fn ids_in(item: &str) -> Vec<String> {
    let id_like = |token: &str| {
        token.chars().any(|c| c.is_ascii_digit()) && token.chars().any(char::is_alphabetic)
    };
    split_items(item)
        .iter()
        .flat_map(|piece| {
            let tokens: Vec<&str> = piece.split_whitespace().collect();
            match tokens.len() > 1 && tokens.iter().all(|t| id_like(t)) {
                true => tokens
                    .into_iter()
                    .map(|t| fold_id(without_id_mark(t)))
                    .collect(),
                false => vec![fold_id(without_id_mark(piece))],
            }
        })
        .collect()
}

/// Words that join the items of a written list, longest first: "and",
/// and the words that add one more item as "and" does ("Omar, Maya plus
/// Felix", "r767 and also p681", "Omar as well as Maya", "Omar along with
/// Maya"; play-para-pr5 B4). Each is a whole word or phrase; "with" alone
/// is none ("meeting with Omar" names one item).
const ITEM_JOINERS: &[&[&str]] = &[
    &["together", "with"],
    &["as", "well", "as"],
    &["along", "with"],
    &["and", "also"],
    &["and"],
    &["plus"],
];

/// Marks that part the items of a written list wherever they stand: a bar
/// and the arrows of a chain in every common spelling (play-para-pr6 B4),
/// longest first so `-->` is not read as `->` after a stray `-`.
const ITEM_SEPARATORS: &[&str] = &[
    "-->", "==>", "->", "=>", "|", "\u{2192}", "\u{21d2}", "\u{27f6}", "\u{27f9}", "\u{2794}",
    "\u{279c}", "\u{27a1}",
];

/// Marks that part items between spaces or inside a word, but never
/// inside an email address or a numeric date: a middle dot, a bullet, a
/// slash.
const INLINE_SEPARATORS: &[char] = &['\u{b7}', '\u{2022}', '\u{2219}', '\u{22c5}', '/'];

/// `"Ana, Ben and Chloe"`, `"Ana & Ben"`, `"a1; b2"`, `"Ana plus Ben"`:
/// the pieces of a written list.
fn split_items(text: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    // A slash or a plus between spaces parts items too ("Zara / Lucas /
    // Yusuf", play-para-pr3 B2; "Malik + Sofia", play-para-pr6 B4); inside
    // a word each joins ("and/or", a date, "ana+news@x.example"). A bar
    // and an arrow part items anywhere ("o515 | q448", "w802 → o515").
    let mut text = text.replace(" / ", ";").replace(" + ", ";");
    for separator in ITEM_SEPARATORS {
        text = text.replace(separator, ";");
    }
    // A middle dot, a bullet or a slash parts items between spaces or
    // inside a word ("Eva · Zara", "Ana/Ethan/Nora", play-para-pr7 B2),
    // except inside an email address or a numeric date ("a/b@x.example",
    // "09/07"), where it is the value's own.
    let text: String = text
        .split_inclusive(char::is_whitespace)
        .map(|token| {
            let own = token.contains('@')
                || token
                    .trim()
                    .chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, '/' | '.' | '-'));
            match own {
                true => token.to_owned(),
                false => token.replace(INLINE_SEPARATORS, ";"),
            }
        })
        .collect();
    for part in text.split([',', ';', '&', '\n']) {
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut current: Vec<&str> = Vec::new();
        let mut at = 0;
        while at < words.len() {
            let joiner = ITEM_JOINERS.iter().find(|joiner| {
                words.get(at..at + joiner.len()).is_some_and(|run| {
                    run.iter()
                        .zip(joiner.iter())
                        .all(|(word, j)| word.eq_ignore_ascii_case(j))
                })
            });
            match joiner {
                Some(joiner) => {
                    pieces.push(current.join(" "));
                    current.clear();
                    at += joiner.len();
                }
                None => {
                    current.push(words[at]);
                    at += 1;
                }
            }
        }
        pieces.push(current.join(" "));
    }
    pieces
}

/// A name or email as compared: [`normalize`]d, without a sentence's
/// closing full stop.
pub fn fold_name(item: &str) -> String {
    normalize(item).trim_end_matches('.').trim_end().to_owned()
}

/// An id as compared: lower case, with no whitespace at all (` C 042 ` is
/// `c042`) and without a sentence's closing full stop.
pub fn fold_id(item: &str) -> String {
    item.trim_end_matches(|c: char| c == '.' || c.is_whitespace())
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The field's items as a set, or nothing when the field is unreadable.
pub fn item_set(reading: &Reading<Vec<String>>) -> Option<BTreeSet<String>> {
    reading
        .as_ref()
        .ok()
        .map(|items| crate::order::set_of(items.iter().cloned()))
}

/// The draft-check form of a set or list field: well formed when every item
/// is one of `allowed`.
pub fn items_form(reading: &Reading<Vec<String>>, allowed: &BTreeSet<String>) -> Reading<()> {
    match reading {
        Ok(items) if items.iter().all(|item| allowed.contains(item)) => Ok(()),
        Ok(_) => Err(Unreadable::IllFormed),
        Err(problem) => Err(*problem),
    }
}

/// A key as the schema's keys are compared: lower case, with spaces and
/// hyphens read as underscores ("Needs reply", "needs-reply" and
/// "needs_reply" are one key).
pub fn fold_key(key: &str) -> String {
    key.trim()
        .chars()
        .map(|c| match c {
            ' ' | '-' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// `answer` with every key, in it and in the objects inside it, that
/// folds ([`fold_key`]) to one of `known` written as that key, so each
/// reader finds its field however its key is cased or spaced (issue 21
/// C). Two keys of one object that fold to the same known key are a
/// malformed answer, as a repeated key is: which one is meant would be a
/// guess. Other keys are kept as written.
pub fn with_schema_keys(
    answer: Map<String, Value>,
    known: &[&str],
) -> Result<Map<String, Value>, String> {
    let mut out = Map::new();
    for (key, value) in answer {
        let folded = fold_key(&key);
        let key = match known.iter().find(|k| **k == folded) {
            Some(k) => (*k).to_owned(),
            None => key,
        };
        let value = with_keys_inside(value, known)?;
        if out.contains_key(&key) {
            return Err(format!(
                "the answer names `{key}` twice (keys are read in any case, with spaces or \
                 hyphens for underscores): send each field once"
            ));
        }
        out.insert(key, value);
    }
    Ok(out)
}

/// [`with_schema_keys`] of every object inside `value`.
fn with_keys_inside(value: Value, known: &[&str]) -> Result<Value, String> {
    Ok(match value {
        Value::Object(map) => Value::Object(with_schema_keys(map, known)?),
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .map(|item| with_keys_inside(item, known))
                .collect::<Result<_, _>>()?,
        ),
        other => other,
    })
}

/// A JSON value as an answer object (anything else is an empty answer).
pub fn answer_object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// Precision-and-recall agreement of two sets; two empty sets agree fully.
pub fn f1<T: Ord>(predicted: &BTreeSet<T>, gold: &BTreeSet<T>) -> Points {
    if predicted.is_empty() && gold.is_empty() {
        return Points::FULL;
    }
    let hits = predicted.intersection(gold).count() as u64;
    let total = (predicted.len() + gold.len()) as u64;
    Points::ratio(2 * hits, total)
}

/// Full credit when true.
pub fn all_or_nothing(ok: bool) -> Points {
    if ok { Points::FULL } else { Points::ZERO }
}

/// A decimal amount in cents from `12`, `12.5`, `"12.50"`, `"$1,234.5"` or
/// `"USD 1234.50"`, rounded half up to the cent. Floats are read through
/// their shortest JSON text, never through float arithmetic.
pub fn cents_value(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => parse_cents(&n.to_string()),
        Value::String(s) => amount_cents(s),
        _ => None,
    }
}

/// An amount of money written in figures ([`parse_cents`]) or in words
/// (`text::money::spoken_cents`: "six thousand nine hundred and
/// twenty-four dollars and eighty-one cents"), in cents: issue 21 R1,
/// numbers written as words read as numbers everywhere.
pub fn amount_cents(text: &str) -> Option<i64> {
    parse_cents(text).or_else(|| crate::text::money::spoken_cents(text))
}

/// The names of the US dollar written after an amount, longest first so
/// that `US dollars` is not read as `dollars` after a stray `us`.
const CURRENCY_AFTER: &[&str] = &[
    "(u.s. dollars)",
    "(us dollars)",
    "u.s. dollars",
    "us dollars",
    "u.s. dollar",
    "us dollar",
    "(usd)",
    "usd",
    "us$",
    "dollars",
    "dollar",
    // The sign after the amount, as several locales write it ("12440.00$",
    // play-para-pr6 B7).
    "$",
];

/// Parse one money amount into cents: an optional currency mark (`$`,
/// `US$` or `USD` before; `USD`, `US$`, `dollars` or `US dollars` after,
/// in brackets or not, or after "in"), an optional minus,
/// digits with commas only as thousands separators, at most one decimal
/// point. Anything else (a second amount, a range, words, a decimal comma)
/// is no amount.
pub fn parse_cents(text: &str) -> Option<i64> {
    let lower = text.trim().to_ascii_lowercase();
    // "= 8,432.36": a sum's right side with its left side left out
    // (play-para-pr7 B6); "total = 8,432.36" reaches here as this after
    // its label.
    let mut rest = lower.strip_prefix('=').unwrap_or(&lower).trim_start();
    let negative_outside = rest.starts_with('-');
    if negative_outside {
        rest = rest[1..].trim_start();
    }
    for mark in ["usd", "us$", "u.s.$", "$"] {
        if let Some(after) = rest.strip_prefix(mark) {
            rest = after.trim_start();
            break;
        }
    }
    for mark in CURRENCY_AFTER {
        if let Some(before) = rest.strip_suffix(mark) {
            rest = before.trim_end();
            // The currency after "in" is the amount's unit ("$6,924.81 in
            // US dollars", "12.50 in USD", play-para-pr4 B3).
            if before.ends_with(char::is_whitespace)
                && let Some(amount) = rest.strip_suffix(" in")
            {
                rest = amount.trim_end();
            }
            break;
        }
    }
    let negative_inside = rest.starts_with('-');
    if negative_inside {
        rest = &rest[1..];
    }
    if negative_outside && negative_inside {
        return None;
    }
    let (whole, fraction) = rest.split_once('.').unwrap_or((rest, ""));
    let whole = thousands(whole)?;
    if (whole.is_empty() && fraction.is_empty()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let units: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut frac_digits = fraction.bytes().map(|b| i64::from(b - b'0'));
    let tenths = frac_digits.next().unwrap_or(0);
    let hundredths = frac_digits.next().unwrap_or(0);
    let round_up = frac_digits.next().is_some_and(|d| d >= 5);
    let cents = units.checked_mul(100)? + tenths * 10 + hundredths + i64::from(round_up);
    Some(if negative_outside || negative_inside {
        -cents
    } else {
        cents
    })
}

/// The digits of a whole part written with or without thousands commas
/// or spaces (`1234`, `1,234`, `1 234`); `None` for separators anywhere
/// else (`12,34` may be a decimal comma) or any other character.
fn thousands(whole: &str) -> Option<String> {
    // A space between groups of three is a thousands separator too
    // (`13 054.85`), where no comma is.
    let separator = if whole.contains(',') { ',' } else { ' ' };
    let groups: Vec<&str> = whole.split(separator).collect();
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    let grouped = groups.len() == 1
        || (!groups[0].is_empty()
            && groups[0].len() <= 3
            && groups[1..].iter().all(|g| g.len() == 3));
    (grouped && groups.iter().all(|g| digits(g))).then(|| groups.concat())
}

/// Cents as `1234.50`.
pub fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn f1_punishes_supersets_and_misses() {
        assert_eq!(f1(&set(&["a"]), &set(&["a"])), Points::FULL);
        assert_eq!(
            f1(&set(&["a", "b", "c", "d"]), &set(&["a"])),
            Points::ratio(2, 5)
        );
        assert_eq!(f1(&set(&[]), &set(&["a"])), Points::ZERO);
        assert_eq!(f1::<String>(&set(&[]), &set(&[])), Points::FULL);
    }

    #[test]
    fn money_parses_the_usual_formats_only() {
        for (text, cents) in [
            ("561.4", 56140),
            ("$1,234.50", 123450),
            ("USD 12", 1200),
            ("usd1234.50", 123450),
            ("1234.50 USD", 123450),
            ("US$ 7", 700),
            ("7.5 dollars", 750),
            ("8782.75 US dollars", 878275),
            ("8,782.75 U.S. dollars", 878275),
            ("$8,782.75 (USD)", 878275),
            ("1 dollar", 100),
            ("12 US$", 1200),
            (" 0.005 ", 1),
            ("-3.10", -310),
            ("$-3.10", -310),
            ("1,234,567.8", 123456780),
            (".5", 50),
            // Spaces between groups of three (play-para-pr2, B6).
            ("13 054.85", 1305485),
            ("$1 234 567", 123456700),
            // The currency after "in" (play-para-pr4, B3).
            ("$6,924.81 in US dollars", 692481),
            ("12.50 in USD", 1250),
            ("7 in dollars", 700),
            ("1,234.50 in U.S. dollars", 123450),
        ] {
            assert_eq!(parse_cents(text), Some(cents), "{text}");
        }
        for bad in [
            "",
            "abc",
            "1.2.3",
            "$",
            "12a",
            "12,34",
            "1,2345",
            ",123",
            "10 12",
            "$10.00-$12.00",
            "5 or 6",
            "--3",
            "-$-3",
            "1234,50",
            "USD",
            "12 bucks",
            "dollars",
            "US dollars",
            "12 euros",
            "1 2345",
            "12 34",
            "1,234 567",
            "12 in euros",
            "in USD",
            "12 inusd",
            "12 in in USD",
            "12 or 13 in USD",
        ] {
            assert_eq!(parse_cents(bad), None, "{bad}");
        }
        assert_eq!(format_cents(56140), "561.40");
        assert_eq!(cents_value(&json!(561.4)), Some(56140));
        assert_eq!(cents_value(&json!(["1.00"])), None);
    }

    #[test]
    fn fields_are_read_leniently_and_hedges_not_at_all() {
        let answer = answer_object(json!({
            "one": ["A", " a "], "two": ["a", "b"], "null": null, "nested": [["a"]],
            "list": ["Ana and Ben", " chloe. "], "text": "Ana, Ben and Chloe", "amp": "Ana & Ben",
            "json": "[\"x1\", \"Y2\"]", "ids": " C 042 ; d7", "number": 7,
        }));
        let fold = |v: &Value| scalar_text(v).map(|s| normalize(&s));
        assert_eq!(one_value(&answer, "one", fold), Ok("a".to_owned()));
        assert_eq!(one_value(&answer, "two", fold), Err(Unreadable::IllFormed));
        assert_eq!(
            one_value(&answer, "nested", fold),
            Err(Unreadable::IllFormed)
        );
        assert_eq!(one_value(&answer, "null", fold), Err(Unreadable::Missing));
        assert_eq!(one_value(&answer, "absent", fold), Err(Unreadable::Missing));
        assert_eq!(one_value(&answer, "number", fold), Ok("7".to_owned()));
        let names = |key| items(&answer, key, fold_name, &BTreeSet::new(), Listed::Kept);
        assert_eq!(
            names("list"),
            Ok(vec!["ana and ben".to_owned(), "chloe".to_owned()])
        );
        assert_eq!(
            names("text"),
            Ok(vec!["ana".into(), "ben".into(), "chloe".into()])
        );
        assert_eq!(names("amp"), Ok(vec!["ana".into(), "ben".into()]));
        assert_eq!(
            items(&answer, "json", fold_id, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["x1".into(), "y2".into()])
        );
        assert_eq!(
            items(&answer, "ids", fold_id, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["c042".into(), "d7".into()])
        );
        assert_eq!(names("number"), Err(Unreadable::IllFormed));
        // A value after the field's own name; a list of objects naming
        // their items (play-para-pr2, B2, B3, B5).
        let labelled = answer_object(json!({
            "day": "day: 2026-11-10", "normalized_total": "total = 12.50", "room": "Roomy",
            "people": [{"name": "Ana"}, {"name": "Ben", "role": "lead"}, {"who": "Chloe"}],
            "ids": [{"id": "x1", "reason": "duplicate"}, {"id": "y2", "name": "Y"}],
        }));
        assert_eq!(
            one_value(&labelled, "day", fold),
            Ok("day: 2026-11-10".to_owned())
        );
        let day = |v: &Value| {
            v.as_str()
                .filter(|t| t.starts_with("2026"))
                .map(str::to_owned)
        };
        assert_eq!(
            one_value(&labelled, "day", day),
            Ok("2026-11-10".to_owned())
        );
        assert_eq!(
            one_value(&labelled, "normalized_total", cents_value),
            Ok(1250)
        );
        let room = |v: &Value| v.as_str().filter(|t| *t == "y").map(str::to_owned);
        assert_eq!(
            one_value(&labelled, "room", room),
            Err(Unreadable::IllFormed)
        );
        assert_eq!(
            items(
                &labelled,
                "people",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["ana".into(), "ben".into(), "chloe".into()])
        );
        assert_eq!(
            items(&labelled, "ids", fold_id, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["x1".into(), "y2".into()])
        );
        // Quoted items, slashes between spaces, and the field's name or a
        // value label before the list (play-para-pr3, B1, B2, B4, B5).
        let written = answer_object(json!({
            "quoted": ["`o173`", "\"j408\""], "in_one": "`o173`, \"j408\"",
            "slashed": "Zara / Lucas / Yusuf", "and_or": "a/b",
            "participants": "participants: Malik, Leila", "valid_rows": "count: 8",
        }));
        let want = Ok(vec!["o173".to_owned(), "j408".to_owned()]);
        assert_eq!(
            items(&written, "quoted", fold_id, &BTreeSet::new(), Listed::Kept),
            want
        );
        assert_eq!(
            items(&written, "in_one", fold_id, &BTreeSet::new(), Listed::Kept),
            want
        );
        assert_eq!(
            items(
                &written,
                "slashed",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["zara".into(), "lucas".into(), "yusuf".into()])
        );
        // A slash parts items inside a word too (issue 21, play-para-pr7
        // B2), but not inside an email address or a numeric date.
        assert_eq!(
            items(
                &written,
                "and_or",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["a".into(), "b".into()])
        );
        assert_eq!(
            items(
                &written,
                "participants",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["malik".into(), "leila".into()])
        );
        let count = |v: &Value| v.as_str().and_then(|t| t.parse::<u32>().ok());
        assert_eq!(one_value(&written, "valid_rows", count), Ok(8));
        // One label stripper for every field: the field's name with
        // underscores, spaces or hyphens, before any mark the others take
        // or an arrow (play-para-pr4, B1).
        for label in [
            "valid_rows -> 8",
            "Valid Rows => 8",
            "valid-rows \u{2192} 8",
            "VALID_ROWS: 8",
            "rows --> 8",
            "count - 8",
            "valid_rows := 8",
            "valid_rows 8",
        ] {
            let answer = answer_object(json!({ "valid_rows": label }));
            assert_eq!(one_value(&answer, "valid_rows", count), Ok(8), "{label}");
        }
        for not_read in [
            "valid_rows -> 8 -> 9",
            "valid_rowsy -> 8",
            "valid_rows_kept -> 8",
            "kept -> 8",
            "valid_rows -8",
            "valid_rows ->",
        ] {
            let answer = answer_object(json!({ "valid_rows": not_read }));
            assert!(
                one_value(&answer, "valid_rows", count).is_err(),
                "{not_read}"
            );
        }
        let arrows = answer_object(json!({
            "duplicate_ids": "duplicate_ids -> h483, w162",
            "retained_ids": "Retained IDs => l836; w162",
            "participants": "participants \u{2192} Malik, Arjun and Sana",
            "invalid_emails": "emails -> a@b",
        }));
        assert_eq!(
            id_items(&arrows, "duplicate_ids", &BTreeSet::new(), Listed::Kept),
            Ok(vec!["h483".into(), "w162".into()])
        );
        assert_eq!(
            id_items(&arrows, "retained_ids", &BTreeSet::new(), Listed::Kept),
            Ok(vec!["l836".into(), "w162".into()])
        );
        assert_eq!(
            items(
                &arrows,
                "participants",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["malik".into(), "arjun".into(), "sana".into()])
        );
        assert_eq!(
            items(
                &arrows,
                "invalid_emails",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["a@b".into()])
        );
        // A list written as a markdown table: its item column, a heading
        // of a column name no item (play-para-pr4, B2).
        let tables = answer_object(json!({
            "participants": "| name |\n|---|\n| Priya |\n| Leila |",
            "retained_ids": "| Row | ID | Note |\n|:--|:--|:--|\n| 1 | l836 | kept |\n| 2 | w162 | first of two |",
            "invalid_emails": "| email |\n|---|\n| ethan@riverstone |",
            "duplicate_ids": "| duplicate_ids |\n|---|\n| h483 |",
            "rows": ["| name |", "|---|", "| Priya |"],
            "headless": "| Priya |\n| Leila |",
        }));
        assert_eq!(
            items(
                &tables,
                "participants",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["priya".into(), "leila".into()])
        );
        assert_eq!(
            id_items(&tables, "retained_ids", &BTreeSet::new(), Listed::Kept),
            Ok(vec!["l836".into(), "w162".into()])
        );
        assert_eq!(
            items(
                &tables,
                "invalid_emails",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["ethan@riverstone".into()])
        );
        assert_eq!(
            id_items(&tables, "duplicate_ids", &BTreeSet::new(), Listed::Kept),
            Ok(vec!["h483".into()])
        );
        assert_eq!(
            items(&tables, "rows", fold_name, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["priya".into()])
        );
        assert_eq!(
            items(
                &tables,
                "headless",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["priya".into(), "leila".into()])
        );
        let allowed = set(&["ana", "ben", "chloe"]);
        assert_eq!(items_form(&names("text"), &allowed), Ok(()));
        assert_eq!(
            items_form(&names("list"), &allowed),
            Err(Unreadable::IllFormed)
        );
    }

    #[test]
    fn marks_insisting_words_and_joiners_are_read_alike_in_every_field() {
        // Emphasis and code marks, insisting words before or after, in any
        // one-value field (play-para-pr5, B1, B2, B5, C1).
        let count = |v: &Value| v.as_str().and_then(|t| t.parse::<u32>().ok());
        for written in [
            "**8**",
            "`8`",
            "_8_",
            "8 exactly",
            "exactly 8",
            "Precisely 8",
            "8, exactly",
            "**valid rows:** 8",
            "valid_rows -> **8** precisely",
            "a total of 8",
            "8 in total",
            "8 - exactly",
        ] {
            let answer = answer_object(json!({ "valid_rows": written }));
            assert_eq!(one_value(&answer, "valid_rows", count), Ok(8), "{written}");
        }
        for not_read in [
            "~~8~~",
            "about 8",
            "approximately **8**",
            "8 roughly",
            "exactly 8 or 9",
            "**8** or **9**",
            "exactly",
            "8 exactlyish",
            "inexactly 8",
        ] {
            let answer = answer_object(json!({ "valid_rows": not_read }));
            assert!(
                one_value(&answer, "valid_rows", count).is_err(),
                "{not_read}"
            );
        }
        assert_eq!(without_insistence("11,287.88 USD exactly"), "11,287.88 USD");
        assert_eq!(without_insistence("precisely $11,287.88"), "$11,287.88");
        assert_eq!(without_insistence("about 12"), "about 12");
        // Marks around list items, and "plus", "and also", "as well as",
        // "along with" before an item (play-para-pr5, B2, B4).
        let lists = answer_object(json!({
            "people": ["*Omar*", "**Maya**", "`Yusuf`", "***Felix***", "~~Dan~~"],
            "plus": "Omar, Maya, Yusuf plus Felix",
            "also": "**Omar** and also _Maya_ as well as Yusuf along with Felix",
            "ids": "**e753**, `e445` plus ***p681***",
            "together": "Omar together with Maya",
            "with": "a meeting with Omar",
        }));
        assert_eq!(
            items(&lists, "people", fold_name, &BTreeSet::new(), Listed::Kept),
            Ok(vec![
                "omar".into(),
                "maya".into(),
                "yusuf".into(),
                "felix".into(),
                "~~dan~~".into()
            ])
        );
        let four = Ok(vec![
            "omar".to_owned(),
            "maya".into(),
            "yusuf".into(),
            "felix".into(),
        ]);
        assert_eq!(
            items(&lists, "plus", fold_name, &BTreeSet::new(), Listed::Kept),
            four
        );
        assert_eq!(
            items(&lists, "also", fold_name, &BTreeSet::new(), Listed::Kept),
            four
        );
        assert_eq!(
            id_items(&lists, "ids", &BTreeSet::new(), Listed::Kept),
            Ok(vec!["e753".into(), "e445".into(), "p681".into()])
        );
        assert_eq!(
            items(
                &lists,
                "together",
                fold_name,
                &BTreeSet::new(),
                Listed::Kept
            ),
            Ok(vec!["omar".into(), "maya".into()])
        );
        assert_eq!(
            items(&lists, "with", fold_name, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["a meeting with omar".into()])
        );
    }

    #[test]
    fn bars_arrows_markers_and_bracketed_lists_part_items_in_every_list() {
        // play-para-pr6 B4, B5, B6, C1: one splitter for every list field.
        let three = Ok(vec!["o515".to_owned(), "q448".into(), "m432".into()]);
        for written in [
            "o515 | q448 | m432",
            "o515|q448|m432",
            "o515 \u{2192} q448 \u{2192} m432",
            "o515 -> q448 -> m432",
            "o515 => q448 => m432",
            "o515 + q448 + m432",
            "1) o515, 2) q448, 3) m432",
            "1) o515 2) q448 3) m432",
            "1) o515\n2) q448\n3) m432",
            "(1) o515 (2) q448 (3) m432",
            "a) o515 b) q448 c) m432",
            "[o515, q448, m432]",
            "['o515', 'q448', 'm432']",
            "[\"o515\"; \"q448\"; \"m432\"]",
            "**[o515, q448, m432]**",
        ] {
            let answer = answer_object(json!({ "ids": written }));
            assert_eq!(
                id_items(&answer, "ids", &BTreeSet::new(), Listed::Kept),
                three,
                "{written}"
            );
        }
        // Still one item or refused: a plus inside an address, an aside in
        // brackets only, text that opens with no marker.
        let answer = answer_object(json!({
            "emails": "ana+news@x.example",
            "aside": "(o515, q448)",
            "people": "Ana (b) Ben",
            "angled": ["<hugo@@x.example>", "<@x.example>", "Hugo <h@x.example>", "<<a@x.example>>"],
        }));
        assert_eq!(
            items(&answer, "emails", fold_name, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["ana+news@x.example".into()])
        );
        assert_eq!(
            id_items(&answer, "aside", &BTreeSet::new(), Listed::Kept),
            Err(Unreadable::IllFormed)
        );
        assert_eq!(
            items(&answer, "people", fold_name, &BTreeSet::new(), Listed::Kept),
            Ok(vec!["ana ben".into()])
        );
        assert_eq!(
            items(&answer, "angled", fold_name, &BTreeSet::new(), Listed::Kept),
            Ok(vec![
                "hugo@@x.example".into(),
                "@x.example".into(),
                "hugo <h@x.example>".into(),
                "<a@x.example>".into()
            ])
        );
        // A mailbox in a list of emails is its address; a display name
        // that is an address itself makes no mailbox (play-para-pr9 C2).
        assert_eq!(
            email_items(&answer, "angled", &BTreeSet::new(), Listed::Kept),
            Ok(vec![
                "hugo@@x.example".into(),
                "@x.example".into(),
                "h@x.example".into(),
                "<a@x.example>".into()
            ])
        );
        let mailboxes = answer_object(json!({
            "emails": ["\"Row 4\" <Ana Lee@x.example>", "b@x.example <c@y.example>"],
        }));
        assert_eq!(
            email_items(&mailboxes, "emails", &BTreeSet::new(), Listed::Kept),
            Ok(vec![
                "ana lee@x.example".into(),
                "b@x.example <c@y.example>".into()
            ])
        );
        // The dollar sign after the amount; no other currency's.
        assert_eq!(parse_cents("12440.00$"), Some(1_244_000));
        assert_eq!(parse_cents("12,440.00 $"), Some(1_244_000));
        assert_eq!(parse_cents("12440.00\u{20ac}"), None);
        assert_eq!(parse_cents("12 440,00 $"), None);
    }

    #[test]
    fn one_choice_needs_exactly_one_named_choice() {
        let choice = |w: &str| ["low", "high"].iter().position(|c| *c == w);
        let filler = ["priority"];
        assert_eq!(one_choice("High priority", choice, &filler), Some(1));
        assert_eq!(one_choice(" low ", choice, &filler), Some(0));
        assert_eq!(one_choice("low low", choice, &filler), Some(0));
        for hedge in [
            "low or high",
            "low/high",
            "not low",
            "",
            "priority",
            "low-ish",
        ] {
            assert_eq!(one_choice(hedge, choice, &filler), None, "{hedge}");
        }
    }
}
