//! The closing formula of a letter ("Kind regards,", "Thanks,", "Cheers!"):
//! where a reply's sign-off starts, and where a section that ends an answer
//! written as an email ends.

use super::Text;

/// Closing formulas, as the words they open their line or sentence with.
const CLOSINGS: &[&[&str]] = &[
    &["kind", "regards"],
    &["kindest", "regards"],
    &["best", "regards"],
    &["warm", "regards"],
    &["warmest", "regards"],
    &["many", "thanks"],
    &["thanks", "again"],
    &["thanks", "so", "much"],
    &["thank", "you"],
    &["with", "thanks"],
    &["best", "wishes"],
    &["all", "the", "best"],
    &["yours", "sincerely"],
    &["yours", "faithfully"],
    &["yours", "truly"],
    &["take", "care"],
    &["speak", "soon"],
    &["talk", "soon"],
    &["regards"],
    &["thanks"],
    &["best"],
    &["cheers"],
    &["sincerely"],
    &["respectfully"],
    &["warmly"],
];

/// The number of words of the closing formula that words `from..to` of
/// `text` open with, set off from what follows by a comma, a mark or the
/// end of the run ("Kind regards,", "Best -", "Cheers"); `None` when they
/// open with none ("Best practice is ...").
pub fn formula(text: &Text, from: usize, to: usize) -> Option<usize> {
    let words: Vec<&str> = text
        .words
        .get(from..to)?
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    // "With kind regards,", "With many thanks": a closing after "with"
    // is the same closing (play-para-st15, B4).
    let with = usize::from(words.first() == Some(&"with") && words.len() > 1);
    let formula = CLOSINGS.iter().find(|c| words[with..].starts_with(c))?;
    let n = with + formula.len();
    let set_off = n == words.len()
        || text
            .gap(from + n)
            .contains([',', '!', '-', '\u{2013}', '\u{2014}']);
    set_off.then_some(n)
}

/// Whether `line` is a closing line: it opens with a closing formula set
/// off from the rest ("Kind regards,", "Thanks, Priya", "Cheers!").
pub fn is_closing_line(line: &str) -> bool {
    let text = Text::new(line);
    let first_sentence = text
        .words
        .iter()
        .take_while(|w| text.words.first().is_some_and(|f| f.sentence == w.sentence))
        .count();
    formula(&text, 0, first_sentence).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closings_are_set_off() {
        for line in [
            "Kind regards,",
            "Thanks,",
            "Cheers!",
            "Best - Sam",
            "With many thanks,",
        ] {
            assert!(is_closing_line(line), "{line}");
        }
        for line in [
            "Best practice is to review it weekly.",
            "Thanks to the cover, the team keeps its weekends.",
            "Regardless of cost, we go ahead.",
        ] {
            assert!(!is_closing_line(line), "{line}");
        }
    }
}
