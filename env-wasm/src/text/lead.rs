//! A lead-in before a value: a short phrase ending in a colon or a dash
//! that introduces what follows it ("Booked: Quartz", "Venue - Quartz",
//! "The four required people: Malik, Diego", "In table order: y310, ...").
//! Which side of the mark holds the value is for the field's reader to
//! say (the phrase must be no value of the field, and what follows one);
//! this module reads only whether the phrase can be a lead-in at all.

use super::hedge::HEDGES;

/// The most words a lead-in has ("Here are the required participants").
const MOST_WORDS: usize = 6;

/// Words that make a phrase before a colon something other than a lead-in:
/// a denial or exclusion ("Not invited: Ravi", "Removed: y310"), another
/// value offered or kept apart ("Backup: Cedar", "Optional: Ravi"), a value
/// past, wrong, from before the work or approximate ("Previously: Cedar",
/// "Wrong: Cedar", "total before cleaning: 4865.06", "approximate total:
/// ..."), or a condition ("If Cedar is full: Quartz"). What follows such a phrase is not the field's
/// value as written, so it stays read as before. Hedge words
/// ([`HEDGES`]) count too ("Maybe: Quartz").
const NOT_A_LEAD_IN: &[&str] = &[
    "not",
    "no",
    "never",
    "none",
    "nor",
    "without",
    "except",
    "excluding",
    "excluded",
    "minus",
    "but",
    "removed",
    "dropped",
    "rejected",
    "discarded",
    "deleted",
    "declined",
    "uninvited",
    "unavailable",
    "optional",
    "optionally",
    "alt",
    "option",
    "options",
    "choice",
    "alternative",
    "alternatives",
    "backup",
    "fallback",
    "second",
    "also",
    "else",
    "instead",
    "tentative",
    "tentatively",
    "if",
    "unless",
    "when",
    "once",
    "was",
    "were",
    "previously",
    "originally",
    "formerly",
    "initially",
    "old",
    "wrong",
    "incorrect",
    "before",
    "approximate",
    "approximately",
    "about",
    "around",
    "roughly",
    "estimated",
];

/// The lead-in phrase and what follows its mark, when `text` opens with a
/// lead-in: one to `MOST_WORDS` words of letters (a number may stand
/// among them: "all 4"), then a colon with a space or the end after it, or
/// a dash with spaces around it ("Venue - Quartz", "Venue \u{2013}
/// Quartz"). A colon inside a value has no space after it ("14:00"), so it
/// is never a lead-in's. The phrase holds no word that denies, hedges,
/// offers another value or sets a condition (`NOT_A_LEAD_IN`). What
/// follows may be empty: a lead-in on a line of its own ("Required
/// people:").
pub fn lead_in(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_start();
    let (at, len) = text.char_indices().find_map(|(at, c)| {
        let rest = &text[at + c.len_utf8()..];
        let spaced_after = rest.is_empty() || rest.starts_with(char::is_whitespace);
        let spaced_before = text[..at].ends_with(char::is_whitespace);
        let marks = match c {
            ':' => spaced_after,
            '-' | '\u{2013}' | '\u{2014}' => spaced_before && spaced_after,
            _ => false,
        };
        marks.then_some((at, c.len_utf8()))
    })?;
    let phrase = text[..at].trim();
    let words: Vec<&str> = phrase.split_whitespace().collect();
    if words.is_empty() || words.len() > MOST_WORDS {
        return None;
    }
    let lettered = |word: &str| {
        word.chars()
            .all(|c| c.is_alphabetic() || matches!(c, '\'' | '\u{2019}' | '-'))
            || word.chars().all(|c| c.is_ascii_digit())
    };
    let refused = |word: &str| {
        let word = word.to_lowercase();
        NOT_A_LEAD_IN.contains(&word.as_str()) || HEDGES.contains(&word.as_str())
    };
    let is_lead_in = words.iter().all(|&w| lettered(w))
        && words.iter().any(|w| w.chars().any(char::is_alphabetic))
        && !words.iter().any(|&w| refused(w));
    is_lead_in.then(|| (phrase, text[at + len..].trim()))
}

#[cfg(test)]
mod tests {
    use super::lead_in;

    #[test]
    fn a_short_phrase_before_a_colon_or_a_spaced_dash_is_a_lead_in() {
        for (text, phrase, rest) in [
            ("Booked: Quartz", "Booked", "Quartz"),
            ("Room booked: Quartz", "Room booked", "Quartz"),
            ("Venue - Quartz", "Venue", "Quartz"),
            ("Venue \u{2014} Quartz", "Venue", "Quartz"),
            ("all four: Malik", "all four", "Malik"),
            ("all 4: Malik", "all 4", "Malik"),
            (
                "The four required people: Malik",
                "The four required people",
                "Malik",
            ),
            ("In table order: y310", "In table order", "y310"),
            ("Required people:", "Required people", ""),
        ] {
            assert_eq!(lead_in(text), Some((phrase, rest)), "{text}");
        }
    }

    #[test]
    fn a_colon_in_a_value_and_a_denying_or_hedging_phrase_are_none() {
        for text in [
            "14:00",
            "Quartz",
            "at 14:00 - 15:00",
            "Not invited: Ravi",
            "Maybe: Quartz",
            "Backup: Cedar",
            "Removed: y310",
            "If Cedar is full: Quartz",
            "Quartz. Correction: Meadow",
            "z349 (rows 4 and 14): dup",
            "one two three four five six seven: Malik",
            "y310-x: a",
        ] {
            assert_eq!(lead_in(text), None, "{text}");
        }
    }
}
