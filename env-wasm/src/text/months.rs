//! Month names as writers give them: in full ("January") or abbreviated
//! ("Jan", "Jan.", "Sep", "Sept"), in any case. One reader for the date
//! parser ([`crate::dates`]) and for graders that compare a month an answer
//! names with the month a case states.

use super::Text;

/// Month names, January first.
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The month (1 to 12) `word` names, without its dot: the full name or a
/// prefix of three to five letters of it ("jan", "sept", "decem"), in any
/// case.
pub fn month_number(word: &str) -> Option<u32> {
    let word = word.to_lowercase();
    MONTHS
        .iter()
        .position(|name| {
            let name = name.to_lowercase();
            word == name || ((3..=5).contains(&word.len()) && name.starts_with(&word))
        })
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// Month words that are also everyday words ("she may need leave", "long
/// weeks mar it", "march on"): a month only when written with a capital.
const EVERYDAY: &[&str] = &["may", "mar", "march"];

/// The months `text` names, as (word index, month 1 to 12).
pub fn months_named(text: &Text) -> Vec<(usize, u32)> {
    text.words
        .iter()
        .enumerate()
        .filter_map(|(i, w)| {
            let month = month_number(&w.text)?;
            let capital = text
                .source
                .get(w.start..w.end)
                .and_then(|written| written.chars().next())
                .is_some_and(char::is_uppercase);
            (capital || !EVERYDAY.contains(&w.text.as_str())).then_some((i, month))
        })
        .collect()
}

/// Whether `text` names `month` (a full name, as a case states it) in any
/// of its written forms.
pub fn names_month(text: &Text, month: &str) -> bool {
    month_number(month).is_some_and(|wanted| months_named(text).iter().any(|(_, m)| *m == wanted))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_read_as_their_months() {
        for (written, month) in [
            ("January", 1),
            ("Jan", 1),
            ("jan", 1),
            ("Feb", 2),
            ("Mar", 3),
            ("Apr", 4),
            ("May", 5),
            ("Jun", 6),
            ("Jul", 7),
            ("Aug", 8),
            ("Sep", 9),
            ("Sept", 9),
            ("Oct", 10),
            ("Nov", 11),
            ("DEC", 12),
        ] {
            assert_eq!(month_number(written), Some(month), "{written}");
        }
        for word in ["ja", "mayo", "octopus", "decent", "june2"] {
            assert_eq!(month_number(word), None, "{word}");
        }
    }

    #[test]
    fn a_month_in_text_with_or_without_its_dot() {
        let named = |t: &str| names_month(&Text::new(t), "January");
        assert!(named("no week-long leave since Jan"));
        assert!(named("no week-long leave since Jan."));
        assert!(named("no week-long leave since JAN (9 months)"));
        assert!(!named("no week-long leave since Feb."));
        let sept = |t: &str| names_month(&Text::new(t), "September");
        assert!(sept("last week off: Sept"));
        assert!(sept("last week off: Sep."));
        // The verbs are no months; the capitalised names are.
        assert!(!names_month(&Text::new("she may need leave"), "May"));
        assert!(names_month(&Text::new("no leave since May"), "May"));
        assert!(!names_month(
            &Text::new("long weeks mar her leave"),
            "March"
        ));
        assert!(names_month(&Text::new("no leave since Mar."), "March"));
    }
}
