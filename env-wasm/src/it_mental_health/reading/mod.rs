//! How `it_mental_health` reads an answer, for all three graders: the
//! labelled sections ([`sections`]), a yes/no decision ([`decision`]) and
//! the behaviour penalties ([`penalties`]). Words, numbers, negation,
//! hedges and copied text come from the shared [`crate::text`] layer.

pub mod decision;
pub mod direction;
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
    /// The answer exactly as sent.
    pub sent: &'a str,
    /// `sent` as words, read once for the copy rule and the penalties.
    pub words: Text,
    /// The answer the criteria read: `sent` with the runs copied from the observation cut out.
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

    /// `field` without the pieces it quotes verbatim from the case: the
    /// writer's own words, which are what a field that pastes the case is
    /// read by.
    pub fn own_words(&self, field: &str) -> String {
        match self.case {
            Some(case) => case.without_quotes(&Text::new(field)),
            None => field.to_owned(),
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
    pub(crate) fn pastes_case(&self, field: &str) -> bool {
        was_cut(field) || (self.case.is_some() && self.pastes_case_read(field, &Text::new(field)))
    }

    /// [`Answer::pastes_case`] for a field already read as words (`read`
    /// is `Text::new(field)`), which its reader reads too.
    pub(crate) fn pastes_case_read(&self, field: &str, read: &Text) -> bool {
        was_cut(field)
            || self
                .case
                .is_some_and(|case| case.sentences_copied(read) >= 2 && mostly_quoted(case, read))
    }

    /// Whether `field` is mostly words quoted verbatim from the case, one
    /// sentence of it being enough: a field that asks for the writer's own
    /// judgement (a plan's risk) and gives back a line of the case ("Team
    /// members on long-term leave with no cover: 2") says nothing of its
    /// own.
    pub(crate) fn mostly_quotes_case(&self, field: &str) -> bool {
        self.case
            .is_some_and(|case| mostly_quoted(case, &Text::new(field)))
    }
}

/// Whether most of `text`'s words lie inside verbatim pieces of `case`.
fn mostly_quoted(case: &CopySource, text: &Text) -> bool {
    !text.is_empty() && 2 * case.quoted_words(text) >= text.len()
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
    // A newcomer's support serves the stressor an action names outright
    // ("pair her with a colleague on the migration"); alone, a new role's
    // (play-it30 B2).
    "pair them",
    "pair her",
    "pair him",
    "pairs them",
    "pairs her",
    "pairs him",
    "shadow*",
    "senior engineer*",
    "senior developer*",
    "experienced engineer*",
    "experienced developer*",
    "experienced colleague*",
    "knowledge transfer*",
    "documentation",
    "training",
    "ramp up time",
    "mediat*",
    "reprioriti*",
    "scope",
    // "freeze non-essential work" sheds workload; "freeze the roadmap"
    // names the roadmap outright.
    "freeze",
    "hospital*",
    "family",
    // Flexible hours serve a carer when nothing else is named ("Flexible
    // hours." for a parent's hospital visits, para-it12 B4); beside a
    // stressor named outright they serve that one.
    "flexible hours",
    "flexible working",
    "flexible schedule",
    "flexible start*",
    "flexitime",
    "flexi time",
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

/// Words of hiring, the head of engineering's means ("hiring and
/// contractors" in the roster): who takes work on through them is no one
/// of the team.
pub(crate) const HIRING: &[&str] = &[
    "contractor*",
    "hire",
    "hires",
    "hired",
    "hiring",
    "recruit*",
    "backfill*",
    "headcount",
    "outsourc*",
    "freelanc*",
];

/// The [`MEANS`] words that name who does the work ("a contractor sprint"),
/// not what the work is done to.
const AGENTS: &[&str] = &["contractor*"];

/// Nouns for a group of people an action sets up or shares work across:
/// "a rotation of three people", "a pair of colleagues".
const GROUPS: &[&str] = &[
    "rota",
    "rotas",
    "rotation",
    "rotations",
    "roster",
    "pair",
    "pairs",
    "group",
    "groups",
    "team",
    "teams",
    "pool",
    "pools",
    "panel",
    "squad",
    "crew",
    "trio",
    "cohort",
    "circle",
    "bench",
];

/// Words that spread work over the people after them: "between three
/// people", "across four engineers".
const SPREAD_OVER: &[&str] = &["between", "across", "among", "amongst"];

/// Words after a count of people that make it a shortfall: "three people
/// short", "two colleagues down".
const SHORTFALL: &[&str] = &["short", "down", "missing", "fewer", "less", "lost"];

/// Whether the number at word `at` ("three" in "three people") is the size
/// of a group the text sets up or spreads work over, not a count of the
/// staff a team lacks (para-it14 B2): after "between", "across", "among",
/// or after "of" or "to" with a group noun just before ("a rotation of
/// three people", "a team of four", "widen the rota to three people").
/// "We are three people short" and "only three people for the work of
/// six" still count people the team lacks.
pub fn counts_a_group(text: &Text, at: usize) -> bool {
    let words = &text.words;
    let Some(word) = words.get(at) else {
        return false;
    };
    let numeric = crate::text::numbers::number_value(&word.text).is_some()
        || crate::text::numbers::number_word(&word.text).is_some();
    if !numeric || at == 0 {
        return false;
    }
    let sentence = word.sentence;
    let in_sentence = |k: usize| words.get(k).filter(|w| w.sentence == sentence);
    // The people counted and the word after them: "three people short".
    let short = (at + 1..at + 3)
        .filter_map(in_sentence)
        .any(|w| SHORTFALL.contains(&w.text.as_str()));
    if short {
        return false;
    }
    let Some(before) = in_sentence(at - 1).map(|w| w.text.as_str()) else {
        return false;
    };
    if SPREAD_OVER.contains(&before) {
        return true;
    }
    matches!(before, "of" | "to")
        && (at.saturating_sub(5)..at - 1)
            .filter_map(in_sentence)
            .any(|w| GROUPS.contains(&w.text.as_str()))
}

/// A concept's id, its admitted mentions, and whether one names it
/// outright.
type Admitted<'c> = (&'c str, Vec<(usize, usize)>, bool);

/// Words that open a phrase saying how the clause before is done ("takes
/// the escalations in turns, on a rota"): after a comma such a phrase
/// still belongs to that clause.
const MANNER_OPENERS: &[&str] = &[
    "on", "in", "by", "via", "through", "across", "using", "under",
];

/// For each word, the number of the stretch it stands in: stretches end
/// at commas, semicolons and sentence ends, not at a label's colon, nor
/// at a comma before a phrase of manner ([`MANNER_OPENERS`]).
fn stretches(text: &Text) -> Vec<usize> {
    let mut at = 0;
    (0..text.len())
        .map(|i| {
            let gap = text.gap(i);
            let manner = !gap.contains([';', '.', '!', '?'])
                && MANNER_OPENERS.contains(&text.words[i].text.as_str());
            if i > 0 && gap.contains([',', ';', '.', '!', '?']) && !manner {
                at += 1;
            }
            at
        })
        .collect()
}

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
    targeted_naming(text, concepts, keep, |_, _| false)
}

/// [`targeted`], with the mentions `named` marks (by first word and
/// concept) read as naming their concept outright though a [`MEANS`] word
/// names them: the case's own words for a person's stressor ("first on the
/// bridge" in their quote) name it, whatever other concept the action
/// names beside them (play-it28 B2).
pub fn targeted_naming<'c>(
    text: &Text,
    concepts: impl IntoIterator<Item = (&'c str, &'c [&'c str])>,
    keep: impl Fn(usize, &str) -> bool,
    named: impl Fn(usize, &str) -> bool,
) -> Vec<(usize, &'c str)> {
    let mentioned = concepts
        .into_iter()
        .map(|(id, phrases)| (id, text.mentions(phrases)));
    targeted_among(text, mentioned, keep, named)
}

/// [`targeted_naming`] of concepts whose mentions in `text` are found
/// already (each concept's in text order, as [`Text::mentions`] gives
/// them), for a reader that has them at hand.
pub fn targeted_among<'c>(
    text: &Text,
    mentioned: impl IntoIterator<Item = (&'c str, Vec<(usize, usize)>)>,
    keep: impl Fn(usize, &str) -> bool,
    named: impl Fn(usize, &str) -> bool,
) -> Vec<(usize, &'c str)> {
    let means: std::collections::BTreeSet<(usize, usize)> =
        crate::order::set_of(text.mentions(MEANS));
    // Per concept: its admitted mentions, and whether any names it
    // outright.
    let found: Vec<Admitted<'c>> = mentioned
        .into_iter()
        .filter_map(|(id, mentions)| {
            let admitted: Vec<(usize, usize)> =
                mentions.into_iter().filter(|(s, _)| keep(*s, id)).collect();
            admitted.first()?;
            let outright = admitted
                .iter()
                .any(|mention| !means.contains(mention) || named(mention.0, id));
            Some((id, admitted, outright))
        })
        .collect();
    // The stretches between commas, semicolons and full stops where some
    // concept is named outright: a means there serves that concept. A
    // means in a stretch of its own ("approve backfill or contractor
    // cover, and restrict him to one role with no extended incident
    // shifts") is an action of its own, on its own concept (play-it18,
    // B4). A label's colon joins it to its action ("Toil: bring in a
    // contractor to automate it").
    let stretch = stretches(text);
    let outright_stretches: std::collections::BTreeSet<usize> = crate::order::set_of(
        found
            .iter()
            .flat_map(|(_, admitted, _)| admitted.iter())
            .filter(|mention| !means.contains(mention))
            .map(|(s, _)| stretch[*s]),
    );
    // A means named again in a stretch of its own is the one already
    // serving a concept named outright ("set up a shared rota for the
    // escalations. Week 2: the rota is live", para-it8, B6).
    let served_before = |at: usize| {
        (0..at).any(|p| {
            means.iter().any(|(s, _)| *s == p)
                && text.words[p].text == text.words[at].text
                && outright_stretches.contains(&stretch[p])
        })
    };
    let any_outright = found.iter().any(|(_, _, o)| *o);
    // Who carries an action out is not what it targets: a concept named
    // only by the people doing the work ([`AGENTS`]: "Contractor sprint to
    // finish the automation", "Contractor-led automation sprint") yields
    // to a concept another word names in its stretch, a means or outright
    // (play-it24 B2). Named alone, or in a stretch of its own ("hire a
    // contractor, and automate the deploy"), the contractor is still that
    // concept's action.
    let agents: std::collections::BTreeSet<(usize, usize)> =
        crate::order::set_of(text.mentions(AGENTS));
    let only_agents = |admitted: &[(usize, usize)]| admitted.iter().all(|m| agents.contains(m));
    let doing: std::collections::BTreeSet<usize> = crate::order::set_of(
        found
            .iter()
            .filter(|(_, admitted, _)| !only_agents(admitted))
            .flat_map(|(_, admitted, _)| admitted.iter().map(|(s, _)| stretch[*s])),
    );
    let found: Vec<Admitted<'c>> = found
        .into_iter()
        .filter(|(_, admitted, _)| {
            !(only_agents(admitted) && admitted.iter().all(|(s, _)| doing.contains(&stretch[*s])))
        })
        .collect();
    let mut out: Vec<(usize, &'c str)> = found
        .into_iter()
        .filter_map(|(id, admitted, outright)| {
            let first = admitted.first()?.0;
            if outright || !any_outright {
                return Some((first, id));
            }
            admitted
                .iter()
                .find(|(s, _)| !outright_stretches.contains(&stretch[*s]) && !served_before(*s))
                .map(|(s, _)| (*s, id))
        })
        .collect();
    crate::order::sort(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str, concepts: &[(&'static str, &'static [&'static str])]) -> Vec<&'static str> {
        targeted(&Text::new(text), concepts.iter().copied(), |_, _| true)
            .into_iter()
            .map(|(_, id)| id)
            .collect()
    }

    const STAFFING: (&str, &[&str]) = ("staffing", &["backfill*", "contractor*", "cover"]);
    const INCIDENTS: (&str, &[&str]) = ("incidents", &["incident*"]);
    const ON_CALL: (&str, &[&str]) = ("on_call", &["rota", "on-call", "pager"]);
    const ESCALATIONS: (&str, &[&str]) = ("escalations", &["escalation*"]);

    #[test]
    fn a_group_the_action_sets_up_is_no_shortfall() {
        let group = |text: &str, number: &str| {
            let read = Text::new(text);
            let at = read.words.iter().position(|w| w.text == number);
            at.is_some_and(|at| counts_a_group(&read, at))
        };
        for text in [
            "Hand the tickets to a pair of two colleagues.",
            "Split the pager between three people.",
            "Set up a weekly team of 4 people to share the queue.",
            "Widen the review rota to three people.",
            "Spread the calls across three people in the squad.",
        ] {
            let number = if text.contains("two") {
                "two"
            } else if text.contains(" 4 ") {
                "4"
            } else {
                "three"
            };
            assert!(group(text, number), "{text}");
        }
        for text in [
            "The team is three people short since March.",
            "Only three people for the work of six.",
            "A rotation that is three people down.",
            "Bring in three people as contractors.",
        ] {
            assert!(!group(text, "three"), "{text}");
        }
    }

    #[test]
    fn means_serve_what_their_stretch_names_outright() {
        // In the stretch of the concept named outright, a means serves it.
        assert_eq!(
            ids(
                "Spread the escalations across a rota.",
                &[ON_CALL, ESCALATIONS]
            ),
            ["escalations"]
        );
        assert_eq!(
            ids(
                "Incidents: bring in a contractor to fix their causes.",
                &[STAFFING, INCIDENTS]
            ),
            ["incidents"]
        );
        // In a stretch of its own, it is an action on its own concept.
        assert_eq!(
            ids(
                "Redistribute the two vacated roles, approve backfill or contractor cover, and \
                 restrict him to one role with no extended incident shifts.",
                &[STAFFING, INCIDENTS]
            ),
            ["staffing", "incidents"]
        );
        // The same means named again later is still the one serving the
        // concept named beside it first.
        assert_eq!(
            ids(
                "List the escalation types and set up a shared rota for them. Week 2: the rota \
                 goes live.",
                &[ON_CALL, ESCALATIONS]
            ),
            ["escalations"]
        );
        assert_eq!(
            ids(
                "Put the escalations on a shared rota. Separately, ease the on-call rota.",
                &[ON_CALL, ESCALATIONS]
            ),
            ["escalations", "on_call"]
        );
        // A phrase of manner after a comma is how its clause is done
        // (para-it2).
        assert_eq!(
            ids(
                "The team takes customer escalations in turns, on a rota.",
                &[ON_CALL, ESCALATIONS]
            ),
            ["escalations"]
        );
        // Who carries the action out is not its target when another means
        // names what it does (play-it24 B2); named alone, or as an action
        // of its own, the contractor is still staffing.
        const TOIL: (&str, &[&str]) = ("toil", &["automat*", "toil", "manual"]);
        for text in [
            "Contractor sprint to finish the automation.",
            "Contractor-led automation sprint.",
            "A contractor sprint to automate the two slowest steps.",
            "Have the contractors finish the automation work.",
        ] {
            assert_eq!(ids(text, &[STAFFING, TOIL]), ["toil"], "{text}");
        }
        for (text, want) in [
            ("Hire a contractor.", &["staffing"][..]),
            ("Hire a contractor to cover the leave.", &["staffing"]),
            (
                "Contractor cover for the automation owner.",
                &["staffing", "toil"],
            ),
            (
                "Bring in a contractor, and automate the two slowest steps.",
                &["staffing", "toil"],
            ),
        ] {
            assert_eq!(ids(text, &[STAFFING, TOIL]), want, "{text}");
        }
        // Named by its means alone, a concept is what the text targets.
        assert_eq!(
            ids(
                "Approve backfill for the two leavers.",
                &[STAFFING, INCIDENTS]
            ),
            ["staffing"]
        );
    }
}
