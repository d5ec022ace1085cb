//! The sign-off of a reply: a closing formula ("Kind regards,",
//! "Thanks,", "Cheers!") and the name or team lines after it, or a name
//! line alone at the end ("The Fieldnote Billing team").
//!
//! A sign-off says who writes: it hands nothing off and promises nothing,
//! so a team named in it is no team the case is handed to (policy section
//! 5). A team named in the body as the one that takes, decides or reviews
//! the case is still read there.

use super::clause::CLAUSE_WORDS;
use crate::text::{Text, base_of, closing};

/// Verbs that hand a case to someone or act on it: a line with one is a
/// statement ("Billing team to review"), not a name.
const ACTING: &[&str] = &[
    "review",
    "handle",
    "take",
    "look",
    "decide",
    "escalate",
    "pass",
    "forward",
    "refer",
    "assign",
    "contact",
    "follow",
    "investigate",
    "approve",
    "process",
    "deal",
    "reply",
    "respond",
    "update",
    "call",
    "check",
    "refund",
    "waive",
];

/// The most words of a name or team line after a closing ("Wanjiru
/// Kamau, Senior Billing Specialist, Fieldnote").
const NAME_WORDS: usize = 8;

/// The most words of a closing line known by its place alone.
const FORMULA_WORDS: usize = 4;

/// The most name lines after a closing.
const NAME_LINES: usize = 4;

/// The most words of a name line that ends a reply with no closing.
const BARE_NAME_WORDS: usize = 6;

/// Words that tie a bare last line to a case rather than naming who
/// writes ("With our billing team", "Escalated to billing").
const TYING: &[&str] = &["to", "with", "by", "for", "on", "about", "under", "via"];

/// Whether words `from..to` can be a name or team line: few words, none
/// that makes a clause ("we", "will", "is", "please") or acts on a case.
fn names_only(text: &Text, from: usize, to: usize, most: usize) -> bool {
    to - from <= most
        && text.words[from..to].iter().all(|w| {
            let w = w.text.as_str();
            !CLAUSE_WORDS.contains(&w) && base_of(w, ACTING).is_none()
        })
}

/// How many words of the closing formula open words `from..to`, when
/// they do: the whole sentence ("Kind regards"), or the formula and then
/// a comma, dash or "!" before a name ("Thanks, Sam", "Cheers - the
/// Billing team"). "Thank you for your patience," ending its line is a
/// closing too.
fn closing(text: &Text, from: usize, to: usize) -> Option<usize> {
    if let Some(n) = closing::formula(text, from, to) {
        return Some(n);
    }
    let words: Vec<&str> = text.words[from..to]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    // "Thanks for your patience,\n": a thanks that ends its line with a
    // comma, before the name under it.
    let thanks = matches!(words.first(), Some(&"thanks" | &"thank"));
    let after = text.gap(to);
    let comma_line = after.trim_start().starts_with(',') && after.contains('\n');
    if thanks && comma_line && words.len() <= NAME_WORDS {
        return Some(words.len());
    }
    // By its place: a short line of its own ending in a comma or "!"
    // ("With warmest wishes,", "Yours ever,"), with no word that makes a
    // clause or acts on the case; [`start`] takes it only when name lines
    // follow it to the end of the reply.
    let own_line = text.gap(from).contains('\n');
    let set_off = (after.trim_start().starts_with(',') || after.trim_start().starts_with('!'))
        && after.contains('\n');
    // "With our billing team," ties the line to a team: no closing.
    let tied = words.iter().skip(1).any(|w| TYING.contains(w))
        || words.iter().any(|w| TEAM_WORDS.contains(w));
    (own_line && set_off && !tied && names_only(text, from, to, FORMULA_WORDS))
        .then_some(words.len())
}

/// Words that name a team or its function: a line with one is no closing
/// formula known by its place ("Billing team,").
const TEAM_WORDS: &[&str] = &[
    "team",
    "supervisor",
    "billing",
    "legal",
    "security",
    "privacy",
    "officer",
    "department",
];

/// The word index where the reply's sign-off starts; the number of words
/// when it has none.
pub(crate) fn start(text: &Text) -> usize {
    let mut sentences: Vec<(usize, usize)> = Vec::new();
    for (i, word) in text.words.iter().enumerate() {
        match sentences.last_mut() {
            Some((_, to)) if text.words[*to - 1].sentence == word.sentence => *to = i + 1,
            _ => sentences.push((i, i + 1)),
        }
    }
    let mut found = None;
    // From the end: name lines, then the closing they follow.
    for (k, &(from, to)) in sentences.iter().enumerate().rev().take(NAME_LINES + 1) {
        if k == 0 {
            break;
        }
        if let Some(n) = closing(text, from, to)
            && names_only(text, from + n, to, NAME_WORDS)
        {
            found = Some(from);
        } else if !names_only(text, from, to, NAME_WORDS) {
            break;
        }
    }
    found
        .or_else(|| bare_name(text, &sentences))
        .unwrap_or(text.len())
}

/// A name or team line that ends the reply on a line of its own, with no
/// closing before it ("...within the hour.\n\nThe Fieldnote Billing
/// team"): few words, none that makes a clause, acts on the case or ties
/// it to the case, and no label.
fn bare_name(text: &Text, sentences: &[(usize, usize)]) -> Option<usize> {
    let (&(from, to), earlier) = sentences.split_last()?;
    let own_line = text.gap(from).contains('\n');
    let label = (from + 1..to).any(|i| text.gap(i).contains(':'));
    let tied = text.words[from..to]
        .iter()
        .any(|w| TYING.contains(&w.text.as_str()));
    (!earlier.is_empty()
        && own_line
        && !label
        && !tied
        && names_only(text, from, to, BARE_NAME_WORDS))
    .then_some(from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(reply: &str) -> String {
        let text = Text::new(reply);
        let from = start(&text);
        text.slice(from, text.len()).to_owned()
    }

    #[test]
    fn a_sign_off_is_the_closing_and_the_names_after_it() {
        for (reply, sign_off) in [
            (
                "Dear Farid,\n\nWe will waive it.\n\nKind regards,\nThe Fieldnote Billing team",
                "Kind regards,\nThe Fieldnote Billing team",
            ),
            (
                "Hi Sam, we will waive it. Thanks, Billing team",
                "Thanks, Billing team",
            ),
            (
                "Hi Sam,\n\nWe will waive it.\n\nThanks for your patience,\nSam\nBilling Specialist, Fieldnote",
                "Thanks for your patience,\nSam\nBilling Specialist, Fieldnote",
            ),
            (
                "Hi Sam,\n\nWe will waive it today.\n\nThe Pennant Billing Team",
                "The Pennant Billing Team",
            ),
            ("Hi Sam, we will waive it. Cheers!", "Cheers"),
            // "With ..." before a closing, and a closing known by its
            // place: a short line ending in a comma, names under it
            // (play-para-st15, B4).
            (
                "Hi Sam,\n\nWe will waive it.\n\nWith best regards,\n\nAda Obi\nBilling Support Specialist",
                "With best regards,\n\nAda Obi\nBilling Support Specialist",
            ),
            (
                "Hi Sam,\n\nWe will waive it.\n\nWith warmest wishes,\nAda Obi\nBilling Specialist, Fieldnote",
                "With warmest wishes,\nAda Obi\nBilling Specialist, Fieldnote",
            ),
            (
                "Hi Sam,\n\nWe will waive it.\n\nYours ever,\nAda Obi\nSenior Billing Advisor",
                "Yours ever,\nAda Obi\nSenior Billing Advisor",
            ),
            // A line that ties the case to a team is no closing.
            (
                "Hi Sam,\n\nWe have your request.\n\nOver to our billing team,\nAda Obi",
                "Ada Obi",
            ),
            // A statement after the closing: no sign-off.
            (
                "Hi Sam,\n\nThanks,\nOur billing supervisor will review it",
                "",
            ),
            // A last line that hands the case on or labels it.
            ("Hi Sam,\n\nWe have your request.\nEscalated to billing", ""),
            (
                "Hi Sam,\n\nWe have your request.\nNext step: billing team",
                "",
            ),
            (
                "Hi Sam,\n\nWe have your request.\nBilling team to review",
                "",
            ),
            // "Thanks, we will refund you" is a sentence, not a closing.
            ("Hi Sam,\n\nThanks, we will refund you today.", ""),
        ] {
            assert_eq!(signed(reply), sign_off, "{reply:?}");
        }
    }
}
