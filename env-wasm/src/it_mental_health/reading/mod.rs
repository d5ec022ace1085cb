//! How `it_mental_health` reads an answer, for all three graders: the
//! labelled sections ([`sections`]), a yes/no decision ([`decision`]) and
//! the behaviour penalties ([`penalties`]). Words, numbers, negation,
//! hedges and copied text come from the shared [`crate::text`] layer.

pub mod decision;
pub mod penalties;
pub mod sections;

use crate::text::copy::{strip_all, was_cut};
use crate::text::{CopySource, Text};

/// How many words in a row taken verbatim from the observation count as
/// copied. The longest sentence of any case is 21 words (a person's
/// introduction, a quote, a profile line), so an answer that quotes one
/// fact of the case, or two that stand next to each other (as three red
/// flags picked from a list often do), still earns; 44 words in a row is
/// more than any two sentences of a case, and every case text is several
/// times longer, so pasting it back earns nothing.
pub const COPY_RUN: usize = 44;

/// How many items of a list (red flags, KPIs) are read at most: a list
/// longer than this is a dump of everything, and reading stops there.
pub const LIST_READ: usize = 24;

/// An answer as the graders read it: the text as sent, which the penalties
/// judge (so pasted text still counts against the length cap), and the
/// text every criterion reads, with the runs copied from the observation
/// cut out (pasted text earns nothing).
#[derive(Debug, Clone)]
pub struct Answer<'a> {
    pub sent: &'a str,
    /// `sent` as words, read once for the copy rule and the penalties.
    pub words: Text,
    pub read: String,
    /// The case text the answer is read against, for graders that judge a
    /// shorter copy inside one field ([`CopySource::sentences_copied`]);
    /// `None` for an answer read as sent.
    pub case: Option<&'a CopySource>,
}

impl<'a> Answer<'a> {
    /// `sent` against the case text and the rest of the observation it
    /// answers (each read with [`COPY_RUN`]).
    pub fn new(sent: &'a str, case: &'a CopySource, guidance: &CopySource) -> Answer<'a> {
        let words = Text::new(sent);
        let read = strip_all(&words, &[case, guidance]);
        Answer {
            sent,
            words,
            read,
            case: Some(case),
        }
    }

    /// An answer read as sent, with nothing cut (for unit tests).
    pub fn plain(sent: &'a str) -> Answer<'a> {
        Answer {
            sent,
            words: Text::new(sent),
            read: sent.to_owned(),
            case: None,
        }
    }

    /// Whether `field` (read from [`Answer::read`]) pastes the case: it
    /// had a long paste cut out of it, or still repeats two or more
    /// sentences of the case and is mostly the case's words. One sentence,
    /// or part of one, is a quote; a field that asks for one thing and
    /// holds the case given back is not a reading of it. An action in the
    /// writer's own words that quotes the facts behind it ("he nearly fell
    /// asleep at the wheel ... given he's sleeping three or four hours a
    /// night") is grounded, not pasted.
    /// `field` without the pieces it quotes verbatim from the case: the
    /// writer's own words, which are what a field that pastes the case is
    /// read by.
    pub fn own_words(&self, field: &str) -> String {
        match self.case {
            Some(case) => case.without_quotes(&Text::new(field)),
            None => field.to_owned(),
        }
    }

    pub fn pastes_case(&self, field: &str) -> bool {
        was_cut(field)
            || self.case.is_some_and(|case| {
                let text = Text::new(field);
                case.sentences_copied(&text) >= 2 && 2 * case.quoted_words(&text) >= text.len()
            })
    }
}

/// How many words of a line feedback quotes: enough to find the line in
/// the answer.
const QUOTED_WORDS: usize = 12;

/// The first words of `line`, quoted, for feedback that names the line of
/// the answer a deduction came from.
pub fn quoted(line: &str) -> String {
    crate::text::quote_start(line, QUOTED_WORDS)
}

/// Words of the concept lists that name how something is done (a verb, a
/// way of sharing work) rather than what it is done to: "automate the
/// incident causes" targets incidents, "spread the escalations across a
/// rota" targets the escalations, "release them from the bridge" no
/// launch. What an action targets is what it does to whom.
pub const MEANS: &[&str] = &[
    "rota",
    "rotas",
    "rotation*",
    "rotate*",
    "standby",
    "automat*",
    "script*",
    "cover",
    "covering",
    "contractor*",
    "backfill*",
    "hire",
    "hiring",
    "recruit*",
    "release",
    "releases",
    "ship",
    "shipping",
    "bridge",
    "mentor*",
    "buddy",
    "learning",
    "mediat*",
    "reprioriti*",
    "scope",
    // "freeze non-essential work" sheds workload; "freeze the roadmap"
    // names the roadmap outright.
    "freeze",
    "hospital*",
    "family",
    // "reorganises the on-call rota" changes the rota; the reorganisation
    // is the noun.
    "reorganise",
    "reorganises",
    "reorganised",
    "reorganising",
    "reorganize",
    "reorganizes",
    "reorganized",
    "reorganizing",
    "restructures",
];

/// The concepts (id and phrases) `text` targets, each at its first
/// mention `keep` admits, in text order. A concept named only through a
/// [`MEANS`] word counts only when no concept is named otherwise: the
/// means serve the concept the text names outright. `keep` admits a
/// mention by its first word and the concept it names.
pub fn targeted<'c>(
    text: &Text,
    concepts: impl IntoIterator<Item = (&'c str, &'c [&'c str])>,
    keep: impl Fn(usize, &str) -> bool,
) -> Vec<(usize, &'c str)> {
    let means: std::collections::BTreeSet<usize> = crate::order::set_of(
        text.mentions(MEANS)
            .into_iter()
            .filter(|(s, e)| e - s == 1)
            .map(|(s, _)| s),
    );
    // Per concept: its first admitted mention, and whether any admitted
    // mention names it outright.
    let found: Vec<(usize, &'c str, bool)> = concepts
        .into_iter()
        .filter_map(|(id, phrases)| {
            let admitted: Vec<(usize, usize)> = text
                .mentions(phrases)
                .into_iter()
                .filter(|(s, _)| keep(*s, id))
                .collect();
            let first = admitted.first()?.0;
            let outright = admitted
                .iter()
                .any(|(s, e)| !(e - s == 1 && means.contains(s)));
            Some((first, id, outright))
        })
        .collect();
    let any_outright = found.iter().any(|(_, _, o)| *o);
    let mut out: Vec<(usize, &'c str)> = found
        .into_iter()
        .filter(|(_, _, outright)| *outright || !any_outright)
        .map(|(at, id, _)| (at, id))
        .collect();
    crate::order::sort(&mut out);
    out
}
