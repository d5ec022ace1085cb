//! The text-reading layer every grader shares, so a rule about reading
//! lives in one place:
//! 1. [`Text`] ([`words`]): an answer as words, with clause and sentence
//!    numbers, contractions spelled out, whole-word phrase matching.
//! 2. [`numbers`]: digits and number words (`twenty-four`, `eleven`).
//! 3. [`negation`]: whether a mention is negated, by clause scope.
//! 4. `hedge`: one-value fields and hedges ([`OneValue`]), scored as
//!    their worst reading.
//! 5. [`copy`]: runs of words copied from the observation.
//! 6. `money`: sums of money (`$9,500`, `9.5k`, `USD 9500`), read by [`amounts`].
//! 7. [`inflection`]: verb forms, so word lists name a verb once.
//! 8. [`aside`]: short fields read as a value first and asides after it
//!    ("High: payment failed", "Meadow (instead of Cedar)").
//! 9. [`table`]: markdown table rows, as cells or as the labelled lines
//!    they stand for.
//! 10. [`markdown`]: emphasis and code marks around a value (`**M1**`,
//!     `*Omar*`), not strikethrough.
//! 11. [`clock`]: clock times said in words ("half past eleven", "a
//!     quarter to twelve", "eleven thirty"), for every grader's time reading.
//! 12. [`derived`]: numbers worked out from others (a share, a change, a
//!     mean, a ratio, a rate said the other way round) and bounds
//!     ("60-plus"), so a right working is no invented number.
//! 13. [`months`]: month names in full or abbreviated ("Jan.", "Sept"),
//!     for the date parser and every grader that reads a month.
//! 14. [`closing`]: the closing formula of a letter ("Kind regards,",
//!     "Cheers"), where a reply's sign-off or an answer's section ends.
//! 15. [`lead`]: a lead-in phrase before a value ("Booked: Quartz",
//!     "Required: Malik, ..."), for the answer fields' readers.
//! 16. `correction`: a self-correction after a value ("low, actually
//!     high", "13, but really 14", "Atrium, in fact Granite"), the one
//!     reader of them and its one list of markers: [`aside`] reads the
//!     corrected value as a short field's answer, `hedge` as a severity's
//!     or a tier's, [`list_aside`] as a list item.
//! 17. [`list_aside`]: an aside after a comma or a semicolon inside one
//!     list item ("Arjun, joining from the Pune office"), which names no
//!     value and so is no item.
//! 18. [`frequency`]: how often something comes round and a change of it
//!     ("every 2 days instead of every 4", "one week in four (was every 2
//!     days)"), read by its values: more often or less.
//! 19. [`considered`]: a value the writer considered and set aside beside
//!     the one chosen ("AMBER \u{2014} I'd nearly put her at RED, but ..."),
//!     which a one-value field leaves out before it looks for a hedge.
//! 20. `accepted`: another value called acceptable as well ("15:00
//!     (15:15 also works)", "either is fine"), which [`aside`] reads as
//!     a second value offered.
//!
//! Before any of these, [`fold()`] turns an answer into what a person sees
//! (no invisible characters, compatibility forms and look-alike letters
//! folded): [`Text::new`] and [`normalize`] apply it, and so does the episode
//! to every string of an action before its environment reads it.
//!
//! Plus the normalisation answers are compared after everywhere, so
//! "  Finance " and "finance" are one label.

mod accepted;
pub mod aside;
pub mod clock;
pub mod closing;
pub mod considered;
pub mod copy;
mod correction;
pub mod derived;
pub mod fold;
mod fold_table;
pub mod frequency;
pub(crate) mod hedge;
pub mod inflection;
pub mod lead;
pub mod list_aside;
pub mod markdown;
pub(crate) mod money;
pub mod months;
pub mod negation;
pub mod numbers;
pub mod table;
pub mod unreal;
pub mod words;

pub use clock::{SpokenForm, SpokenTime, spoken_time, time_preposition_before};
pub use copy::CopySource;
pub use fold::{fold, fold_json};
pub use hedge::{Mention, OneValue, stated, stated_words};
pub use inflection::{base_of, bases_of, is_form_of};
pub use money::{Amount, amounts};
pub use negation::negated;
pub use numbers::{number_at, number_value, number_word, ordinal_value, without_whole_phrases};
pub use words::{Text, Word, may_hold_word, word_count};

/// `line` without the marker of a markdown list item it opens with ("- ",
/// "* ", "+ ", "\u{2022} ", "1. ", "2) "), trimmed at the start: a list
/// written inside one string ("- n489\n- y132") is its items.
pub fn without_list_marker(line: &str) -> &str {
    let line = line.trim_start();
    let rest = if let Some(rest) = line.strip_prefix(['-', '*', '+', '\u{2022}']) {
        rest
    } else {
        let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match line[digits..].strip_prefix(['.', ')']) {
            Some(rest) if (1..=3).contains(&digits) => rest,
            _ => return line,
        }
    };
    if rest.starts_with(char::is_whitespace) {
        rest.trim_start()
    } else {
        line
    }
}

/// Folded ([`fold()`]), lower-cased, trimmed, inner whitespace collapsed to
/// single spaces.
pub fn normalize(text: &str) -> String {
    let folded = fold(text);
    let mut out = String::with_capacity(folded.len());
    for word in folded.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        // Lowered in place: graders normalise every line of an answer.
        if word.is_ascii() {
            out.extend(word.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            out.push_str(&word.to_lowercase());
        }
    }
    out
}

/// The first `most` words of `line` in double quotes, " ..." marking a
/// cut: how feedback quotes the line or sentence of an answer a deduction
/// came from, so a player finds it without bisecting.
pub fn quote_start(line: &str, most: usize) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let cut = words.len() > most;
    format!(
        "\"{}{}\"",
        words[..words.len().min(most)].join(" "),
        if cut { " ..." } else { "" }
    )
}

/// Whether `text` normalises to one of `allowed` (already normalised).
pub fn is_one_of(text: &str, allowed: &[&str]) -> bool {
    let folded = normalize(text);
    allowed.contains(&folded.as_str())
}

/// The length of the `{...}` span that opens `text`, braces inside JSON
/// strings ignored; `None` when it never closes. One brace walk for every
/// reader that looks for a JSON object inside prose.
pub fn balanced_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// "a string", "an array": the kind of a JSON value, for messages about a
/// value of the wrong type.
pub fn json_kind(value: &serde_json::Value) -> &'static str {
    use serde_json::Value;
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_and_space() {
        assert_eq!(normalize("  Hello \t World\n"), "hello world");
        assert_eq!(normalize(""), "");
        assert!(is_one_of(" SPAM ", &["spam", "work"]));
        assert!(!is_one_of("spamwork", &["spam", "work"]));
    }

    #[test]
    fn lowers_each_word_as_str_to_lowercase_does() {
        // A word of other letters is lowered as a whole: a final sigma
        // stays final.
        for text in [
            "ΟΔΥΣΣΕΥΣ  Ulysses",
            "Ça VA",
            "ＲＥＦＵＮＤ now",
            "İstanbul ÖZ",
        ] {
            let words: Vec<String> = fold(text)
                .split_whitespace()
                .map(str::to_lowercase)
                .collect();
            assert_eq!(normalize(text), words.join(" "), "{text}");
        }
    }
}
