//! The one normalisation every answer passes before any reading, so a
//! grader reads what a person sees: default-ignorable characters (zero-width
//! spaces and joiners, the soft hyphen, bidi controls, variation selectors)
//! removed, Unicode compatibility folding (NFKC: fullwidth `ｒｅｆｕｎｄ`,
//! mathematical `𝐫𝐞𝐟𝐮𝐧𝐝`, ligatures, no-break spaces), and letters of other
//! scripts that imitate Latin ones (UTS #39 confusables: Cyrillic `а`, Greek
//! `ο`) folded to the Latin letter they imitate. Text that is already ASCII
//! is returned as it is, without a copy.
//!
//! A confusable is folded only when its UTS #39 prototype is the prototype
//! of exactly the ASCII letters of its case (`І` -> `I`, `і` -> `i`), never to
//! a digit or punctuation, and ASCII itself is never remapped (UTS #39 gives
//! `m` the prototype `rn`): the fold undoes disguises, it does not rewrite
//! honest text. Letters with no Latin look-alike (`é`, `ß`, Greek `λ`) stay.
//!
//! The mapping is a generated table (`fold_table.rs`: each character whose
//! fold is ASCII or nothing, as runs) rather than the `unicode-normalization`
//! and `unicode-security` crates it is generated from: their full tables
//! cost the page 74 KB of its 512 KB (brotli) for the few thousand
//! characters that fold to Latin. `tests/fold_table.rs` regenerates the
//! table from those crates and checks every code point against them; the
//! table is also what pins the fold's Unicode version.

use std::borrow::Cow;

use serde_json::Value;

use super::fold_table::{MULTI, RUNS};

/// `text` as a person reads it; see the module documentation.
pub fn fold(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match folded_char(c) {
            Folded::Keep => out.push(c),
            Folded::Drop => {}
            Folded::Char(ascii) => out.push(ascii),
            Folded::Text(ascii) => out.push_str(ascii),
        }
    }
    Cow::Owned(out)
}

/// What [`fold`] does with one character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folded {
    /// Kept as it is.
    Keep,
    /// Removed (a default-ignorable character: zero-width, soft hyphen, bidi control).
    Drop,
    /// Replaced by this ASCII character.
    Char(char),
    /// Replaced by this ASCII text (a ligature or compatibility form of several letters).
    Text(&'static str),
}

/// [`fold`] of one character, from the generated table.
pub fn folded_char(c: char) -> Folded {
    if c.is_ascii() {
        return Folded::Keep;
    }
    let code = c as u32;
    let at = RUNS.partition_point(|run| run.0 <= code);
    if let Some(&(first, last, target, step)) = at.checked_sub(1).and_then(|i| RUNS.get(i))
        && code <= last
    {
        if target == 0 {
            return Folded::Drop;
        }
        let offset = if step { code - first } else { 0 };
        return char::from_u32(u32::from(target) + offset).map_or(Folded::Keep, Folded::Char);
    }
    match MULTI.binary_search_by_key(&code, |(c, _)| *c) {
        Ok(i) => Folded::Text(MULTI[i].1),
        Err(_) => Folded::Keep,
    }
}

/// Every string in `value` (keys stay) folded by [`fold`]; the value as it
/// is, without a copy, when no string changes.
pub fn fold_json(value: &Value) -> Cow<'_, Value> {
    if !has_foldable(value) {
        return Cow::Borrowed(value);
    }
    fn folded(value: &Value) -> Value {
        match value {
            Value::String(text) => Value::String(fold(text).into_owned()),
            Value::Array(items) => Value::Array(items.iter().map(folded).collect()),
            Value::Object(map) => {
                // Key by key, as `collect()` would hold them, without its sort.
                let mut out = serde_json::Map::new();
                out.extend(map.iter().map(|(k, v)| (k.clone(), folded(v))));
                Value::Object(out)
            }
            other => other.clone(),
        }
    }
    Cow::Owned(folded(value))
}

fn has_foldable(value: &Value) -> bool {
    match value {
        Value::String(text) => !text.is_ascii(),
        Value::Array(items) => items.iter().any(has_foldable),
        Value::Object(map) => map.values().any(has_foldable),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_is_borrowed_untouched() {
        let text = "We will refund you in full. 10:30, $1,200.";
        assert!(matches!(fold(text), Cow::Borrowed(t) if t == text));
        let value = serde_json::json!({"raw": "final: {\"a\": 1}", "n": [1, "x"]});
        assert!(matches!(fold_json(&value), Cow::Borrowed(_)));
    }

    #[test]
    fn disguises_read_as_their_plain_form() {
        let cases = [
            ("re\u{200b}fund", "refund"),
            ("re\u{00ad}fund", "refund"),
            ("re\u{2060}fund", "refund"),
            ("\u{202e}refund\u{202c}", "refund"),
            ("ｒｅｆｕｎｄ", "refund"),
            ("𝐫𝐞𝐟𝐮𝐧𝐝", "refund"),
            // Cyrillic е and Greek ο inside Latin words.
            ("r\u{0435}fund", "refund"),
            ("pr\u{03bf}mise", "promise"),
            // Cyrillic capital І and Greek capital Ι are I, not l.
            ("\u{0406}T", "IT"),
            ("\u{0399}T", "IT"),
            ("ﬁle", "file"),
            ("10\u{00a0}000", "10 000"),
        ];
        for (disguised, plain) in cases {
            assert_eq!(fold(disguised), plain, "{disguised:?}");
        }
    }

    #[test]
    fn honest_letters_stay() {
        for text in [
            "Zoë Müller",
            "José",
            "Straße",
            "naïve café",
            "λ and π",
            "日本",
        ] {
            assert_eq!(fold(text), text, "{text}");
        }
        assert_eq!(fold("Zoë"), "Zoë");
    }

    #[test]
    fn json_strings_fold_and_keys_stay() {
        let value = serde_json::json!({"reply_body": "we will re\u{200b}fund", "ｋ": ["ｘ", 2]});
        let folded = fold_json(&value);
        assert_eq!(
            folded.as_ref(),
            &serde_json::json!({"reply_body": "we will refund", "ｋ": ["x", 2]})
        );
    }
}
