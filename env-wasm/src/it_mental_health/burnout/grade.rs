//! Grading `burnout_detection`: the dimensions named (against the ones
//! with evidence, negation aware, each one named without evidence taking
//! back one with it), exactly one severity level (a hedge such as
//! "moderate to high", or two copies of the section that disagree, scores
//! 0, and so does a neighbouring level), red flags grounded in this case's
//! concerning facts (the first three items, one fact each; a numeric fact
//! must be cited with this case's number, which may be written in words;
//! an item restating one fact, even in the case's words, is grounded; a
//! number worked out right from the case's own, a share, a change, a mean,
//! a rate said the other way round or a ratio or margin against a
//! standard working week, and a bound they meet, are grounded too), and
//! the escalation decision read with negation, a hedged yes/no scoring 0.
//! A dimension may be named or described in everyday words ("withdrawn
//! from the team", "lost confidence in their own work").
//! An item that gives a fact of the case a number the case does not give
//! for it takes back one fact cited. A dimensions or red-flags section
//! given twice (apart) is read as its worst copy. The dimensions, severity
//! and escalation count only beside red flags mostly grounded in this case
//! (`READS_THIS_CASE`).

use std::collections::{BTreeMap, BTreeSet};

use super::{BurnoutCase, Dimension, FLAG_CONCEPTS, FlagConcept, Severity, WORD_CAP};
use crate::it_mental_health::grade::{Grade, assemble_gated, f1_of, offset_f1};
use crate::it_mental_health::names::FIRST_NAMES;
use crate::it_mental_health::reading::decision::decision;
use crate::it_mental_health::reading::penalties::PENALTIES;
use crate::it_mental_health::reading::sections::{Label, Line, Section, parse_headed};
use crate::it_mental_health::reading::{Answer, LIST_READ, quoted};
use crate::points::Points;
use crate::rubric::{Criterion, Rubric};
use crate::text::considered::chosen_words;
use crate::text::months::names_month;
use crate::text::negation::{
    empty_value, negated_after, negator_before, placeholders_as_none, presence_title,
};
use crate::text::words::word_matches;
use crate::text::{
    CopySource, OneValue, Text, bases_of, derived, negated, number_value, ordinal_value, word_count,
};

const LABELS: &[Label] = &[
    Label {
        key: "dimensions",
        names: &[
            "burnout dimensions",
            "burnout dimension",
            "dimensions",
            "dimension",
            "mbi dimensions",
            "maslach dimensions",
            "dimensions present",
            "dimensions identified",
            "burnout dimensions identified",
            "maslach burnout dimensions",
            "maslach burnout inventory dimensions",
        ],
        loose: true,
    },
    Label {
        key: "severity",
        names: &[
            "severity",
            "severity level",
            "burnout severity",
            "overall severity",
            "severity rating",
        ],
        loose: true,
    },
    Label {
        key: "red_flags",
        names: &[
            "red flags",
            "red flag",
            "top red flags",
            "top 3 red flags",
            "top three red flags",
            "key red flags",
            "warning signs",
            // The rubric's own gloss of a red flag: a fact that raises
            // concern (para-it5).
            "concerning facts",
            "concerning signs",
            "key concerns",
            "main concerns",
            "concerns",
        ],
        loose: true,
    },
    Label {
        key: "escalation",
        names: &[
            "hr escalation",
            "escalation",
            "escalation to hr",
            "hr referral",
            "escalate to hr",
            "escalate",
            "hr escalation needed",
            "hr escalation required",
            "hr escalation recommended",
            "escalation needed",
            "escalation required",
            "escalation recommended",
            "escalation to hr needed",
        ],
        loose: true,
    },
];

const DIMENSIONS: Points = Points(2000);
const SEVERITY: Points = Points(3000);
const RED_FLAGS: Points = Points(3000);
const ESCALATION: Points = Points(2000);

/// The least red-flags score that shows an answer reads this case: with
/// three concerning facts to find, two of them cited and at most one item
/// that cites none (an F1 of 2/3; with fewer facts, one of one or two
/// items).
/// Dimensions, severity and escalation are one small set of values each,
/// so an answer written for another case (falsepass's X1 probe) or for no
/// case agrees with them by chance; and cases share kinds of symptom and
/// often their words, so one fact in common is chance too. They count
/// only beside red flags mostly grounded in this case.
const READS_THIS_CASE: Points = Points(6000);

/// The burnout task's criteria with their weights and titles.
pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("dimensions", DIMENSIONS, "Burnout dimensions")
        .gated("red_flags", READS_THIS_CASE),
    Criterion::new("severity", SEVERITY, "Severity").gated("red_flags", READS_THIS_CASE),
    Criterion::new("red_flags", RED_FLAGS, "Grounded red flags"),
    Criterion::new("escalation", ESCALATION, "HR escalation").gated("red_flags", READS_THIS_CASE),
])
.with_penalties(&PENALTIES);

/// Numbers the rubric itself states; citing them is not inventing a fact.
const RUBRIC_NUMBERS: &[u64] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 45, 46, 55, 56, 65];

/// Red flags the response format asks for; items past them earn nothing.
pub const FLAGS_ASKED: usize = 3;

/// The longest a red flag may be, in words: one fact and its number, not a
/// paragraph that mentions every fact.
pub const FLAG_WORDS: usize = 30;

/// Scores an answer to a burnout case against the rubric, penalties included.
pub fn grade(case: &BurnoutCase, answer: &Answer) -> Grade {
    // A table may give the red flags, which every other criterion is gated on by its header alone.
    let parsed = parse_headed(&answer.read, LABELS, &["red_flags"]);
    let mut notes = Vec::new();

    // Each copy of the section is read on its own and the worst counts:
    // a second copy with other dimensions never adds to the first.
    // A copy that names no dimension and does not say none ("Dimensions:
    // 3. Health signs: ..." among the severity points) is a rubric point,
    // not a value of this section; an empty copy or "none" is one.
    let (dimension_score, named, dimension_text) = parsed
        .runs("dimensions")
        .iter()
        .map(|s| (dimensions(s), s.text()))
        .filter(|(named, text)| !named.is_empty() || says_none(text))
        .map(|(named, text)| {
            let hits = named.intersection(&case.dimensions).count();
            (
                offset_f1(hits, named.len(), case.dimensions.len()),
                named,
                Some(text),
            )
        })
        .min_by_key(|(score, _, _)| *score)
        .unwrap_or_else(|| {
            let none = BTreeSet::new();
            (offset_f1(0, 0, case.dimensions.len()), none, None)
        });
    notes.push(format!(
        "Dimensions: read {}{}; the case gives evidence of {}.",
        list(named.iter().map(|d| d.name())),
        source(dimension_score, dimension_text.as_deref(), "dimensions"),
        list(case.dimensions.iter().map(|d| d.name()))
    ));

    let severity_texts: Vec<String> = parsed.copies("severity").map(Section::text).collect();
    let severity = severity_texts
        .iter()
        .map(|s| read_severity(s))
        .fold(OneValue::Missing, OneValue::and);
    // The rubric is arithmetic: a neighbouring level is a misreading, and
    // partial credit for it would pay a blind constant answer.
    let severity_score = severity.score(|level| right(*level == case.severity));
    notes.push(format!(
        "Severity: read {}{}; the rubric gives {} ({} points).",
        match &severity {
            OneValue::One(level) => level.name().to_owned(),
            OneValue::Missing => "no level".to_owned(),
            OneValue::Hedged(levels) =>
                format!("a hedge ({})", list(levels.iter().map(|l| l.name()))),
        },
        sources(severity_score, &severity_texts, "severity"),
        case.severity.name(),
        case.points.total()
    ));

    let (flag_score, flag_note) = parsed
        .runs("red_flags")
        .iter()
        .map(|section| red_flags(case, section))
        .min_by_key(|(score, _)| *score)
        .unwrap_or_else(|| {
            (
                Points::ZERO,
                format!(
                    "Red flags: no \"red flags\" section found. {}.",
                    uncited_facts(case, &BTreeSet::new())
                ),
            )
        });
    notes.push(flag_note);

    let escalation_texts: Vec<String> = parsed.copies("escalation").map(Section::text).collect();
    let decided = escalation_texts
        .iter()
        .map(|s| decision(s))
        .fold(OneValue::Missing, OneValue::and);
    let escalation_score = decided.score(|yes| right(*yes == case.escalate));
    notes.push(format!(
        "HR escalation: read {}{}; the rubric says {}.",
        match decided {
            OneValue::One(true) => "yes",
            OneValue::One(false) => "no",
            OneValue::Missing => "no clear yes or no",
            OneValue::Hedged(_) => "both yes and no",
        },
        sources(escalation_score, &escalation_texts, "escalation"),
        if case.escalate { "yes" } else { "no" }
    ));

    // The rubric's gates: the other criteria count only beside red flags
    // mostly grounded in this case.
    assemble_gated(
        &RUBRIC,
        &[
            ("dimensions", dimension_score),
            ("severity", severity_score),
            ("red_flags", flag_score),
            ("escalation", escalation_score),
        ],
        answer,
        WORD_CAP,
        notes,
        |_| {
            format!(
                "The red flags earn {} of their credit, under {}, so the dimensions, severity and \
                 escalation earn nothing: they count only for an answer whose red flags are \
                 mostly this case's (two of three wanted facts cited, at most one item that \
                 cites none).",
                flag_score.decimals(2),
                READS_THIS_CASE.decimals(2)
            )
        },
    )
}

/// Where a section's reading came from, for a note on a deduction: the
/// answer's own words, quoted, or that the section is missing. Nothing for
/// a full score (the note is then only what was read).
fn source(score: Points, text: Option<&str>, title: &str) -> String {
    match text {
        _ if score == Points::FULL => String::new(),
        Some(text) => format!(" in {}", quoted(text)),
        None => format!(" (no \"{title}\" section found)"),
    }
}

/// [`source`] for a section that may come in several copies, each quoted.
fn sources(score: Points, texts: &[String], title: &str) -> String {
    if score == Points::FULL || texts.is_empty() {
        return source(score, None, title);
    }
    format!(
        " in {}",
        texts
            .iter()
            .map(|t| quoted(t))
            .collect::<Vec<_>>()
            .join(" and ")
    )
}

fn right(ok: bool) -> Points {
    if ok { Points::FULL } else { Points::ZERO }
}

fn list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

/// The dimensions a section names (or describes) and does not negate.
fn dimensions(section: &Section) -> BTreeSet<Dimension> {
    let text = Text::new(&undismissed_lines(section));
    crate::order::set_of(Dimension::ALL.into_iter().filter(|d| {
        mentions_of(&text, *d).into_iter().any(|(s, e)| {
            (!negated(&text, s, e) || labels_a_description(&text, s, e))
                && !countered(&text, s)
                && !a_risk_ahead(&text, s, e)
                && !set_aside(&text, e)
        })
    }))
}

/// Where `text` names dimension `d`: by one of its names, or by a
/// description of it in everyday words (play-para-it16 B1) that says
/// which way someone withdraws only about people
/// ([`Dimension::TOWARDS_PEOPLE`]) and is not the evidence another named
/// dimension is labelled with ([`labelled`]). "Tired of" is no tiredness.
fn mentions_of(text: &Text, d: Dimension) -> Vec<(usize, usize)> {
    let described = text
        .mentions(d.descriptions())
        .into_iter()
        .filter(|&(s, e)| {
            let tired_of =
                text.words[s].text == "tired" && text.words.get(e).is_some_and(|w| w.text == "of");
            !tired_of && towards_people(text, s, e) && !labelled(text, s, e)
        })
        .map(|(s, e)| (s, described_to(text, s, e)));
    let mut spans = text.mentions(d.names());
    spans.extend(described);
    crate::order::sort(&mut spans);
    spans
}

/// How many words a description may run on past its phrase: "losing
/// confidence in their own work".
const DESCRIPTION_REACH: usize = 6;

/// Where the description whose phrase is `s..e` ends: at the next "and",
/// "or", "but" or "nor" of its clause, or the clause's end, so what is
/// said after it ("... and found none", ": absent") is read about the
/// whole description.
fn described_to(text: &Text, s: usize, e: usize) -> usize {
    let clause = text.words[s].clause;
    (e..text.len())
        .take(DESCRIPTION_REACH + 1)
        .find(|&k| {
            text.words[k].clause != clause
                || matches!(text.words[k].text.as_str(), "and" | "or" | "but" | "nor")
        })
        .unwrap_or_else(|| (e + DESCRIPTION_REACH).min(text.len()))
}

/// Words that open the direction of a withdrawal: "from the team",
/// "towards users".
const DIRECTIONS: &[&str] = &["from", "towards", "toward", "to", "with", "around", "among"];

/// Words that name people (or their company) a withdrawal may be from.
const PEOPLE: &[&str] = &[
    "team",
    "teams",
    "teammates",
    "colleagues",
    "colleague",
    "coworkers",
    "co",
    "peers",
    "users",
    "customers",
    "clients",
    "people",
    "others",
    "everyone",
    "everybody",
    "friends",
    "manager",
    "stakeholders",
    "group",
    "squad",
    "social",
    "socials",
    "conversations",
];

/// Words for the one who withdraws, between a withdrawal and its
/// direction: "distanced herself from the team".
const REFLEXIVES: &[&str] = &["herself", "himself", "themselves", "themself"];

/// How far after its direction a withdrawal's people may be named: "from
/// the rest of the team".
const PEOPLE_REACH: usize = 5;

/// Whether the description at `s..e` is about people when it is a
/// withdrawal ([`Dimension::TOWARDS_PEOPLE`]): with no direction after it
/// (when it needs none), or with people named after its direction.
fn towards_people(text: &Text, s: usize, e: usize) -> bool {
    let Some((_, needs)) = Dimension::TOWARDS_PEOPLE
        .iter()
        .find(|(phrase, _)| text.find(phrase).contains(&(s, e)))
    else {
        return true;
    };
    let clause = text.words[s].clause;
    // "has distanced herself from colleagues": the direction after the
    // one who withdraws.
    let after: Vec<&str> = text.words[e..]
        .iter()
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .skip_while(|w| REFLEXIVES.contains(w))
        .take(PEOPLE_REACH + 1)
        .collect();
    match after.split_first() {
        Some((direction, rest)) if DIRECTIONS.contains(direction) => {
            rest.iter().any(|w| PEOPLE.contains(w))
        }
        _ => !needs,
    }
}

/// Whether the description at `s..e` is the evidence a named dimension is
/// labelled with, so it names nothing more: its clause closes on a
/// bracket holding a name ("no longer cares how users get on
/// (accomplishment)"), it stands in a bracket on a clause that names one
/// ("Exhaustion (so tired she has withdrawn)", "no evidence of exhaustion
/// as a feeling (drained, no energy)"), or a name and a colon or dash
/// open its clause ("Exhaustion: tired and withdrawn").
fn labelled(text: &Text, s: usize, e: usize) -> bool {
    let named: Vec<(usize, usize)> = Dimension::ALL
        .iter()
        .flat_map(|d| text.mentions(d.names()))
        .collect();
    let sentence = text.words[s].sentence;
    let clause = text.words[s].clause;
    let in_sentence = |k: usize| text.words.get(k).is_some_and(|w| w.sentence == sentence);
    // The clause's end, and whether a bracket after it holds a name.
    let end = (e..text.len())
        .find(|&k| text.words[k].clause != clause)
        .unwrap_or(text.len());
    if in_sentence(end) && text.gap(end).contains(['(', '[']) {
        let closes = (end..text.len())
            .find(|&k| k > end && text.gap(k).contains([')', ']']))
            .unwrap_or(text.len());
        if named.iter().any(|(ns, _)| (end..closes).contains(ns)) {
            return true;
        }
    }
    // The clause's start, and the bracket or colon before it.
    let start = (0..s)
        .rev()
        .take_while(|&k| text.words[k].clause == clause)
        .last()
        .unwrap_or(s);
    if start == 0 || !in_sentence(start - 1) {
        return false;
    }
    // A bracket open since after a name: back over the clauses inside it.
    let mut open = start;
    let mut depth = 0usize;
    while open > 0 && in_sentence(open - 1) {
        let gap = text.gap(open);
        depth += gap.matches([')', ']']).count();
        let opened = gap.matches(['(', '[']).count();
        if opened > depth {
            // The clause the bracket hangs on names a dimension:
            // "exhaustion as a feeling (drained, no energy)".
            let hung_on = text.words[open - 1].clause;
            return named
                .iter()
                .any(|(ns, _)| text.words[*ns].clause == hung_on && *ns < open);
        }
        depth -= opened;
        open -= 1;
    }
    let gap = text.gap(start);
    (gap.contains(':')
        || crate::text::aside::spaced_dash(gap)
        || gap.contains(['\u{2013}', '\u{2014}']))
        && named.iter().any(|(_, ne)| *ne == start)
}

/// The section's lines without those under a sub-heading that dismisses
/// them ("absent:", "Not present:", "Ruled out:") up to the next
/// sub-heading ("present:"): a nested list of what is and is not there
/// (para-it10 B2).
fn undismissed_lines(section: &Section) -> String {
    let mut dismissed = false;
    let mut kept: Vec<String> = Vec::new();
    for line in section
        .lines
        .iter()
        .filter(|l| !a_row_denied(l))
        .map(|l| l.plain.trim())
    {
        if let Some(title) = line.strip_suffix(':') {
            let title = Text::new(title);
            let words: Vec<&str> = title.words.iter().map(|w| w.text.as_str()).collect();
            if let Some(dismissing) = presence_title(&words) {
                dismissed = dismissing;
                continue;
            }
        }
        if !dismissed && !line.is_empty() {
            kept.push(placeholders_as_none(line));
        }
    }
    kept.join("\n")
}

/// Whether `line` is a table row that gives a dimension as absent: its
/// first cell names one and another cell is empty or a denial ("|
/// Exhaustion | Nothing about tiredness | Not present |", "| Cynicism |
/// N/A |", "| Exhaustion | - |"), whatever the evidence cell beside it
/// says (para-it13 B1).
fn a_row_denied(line: &Line) -> bool {
    let Some(cells) = line.cells.as_ref() else {
        return false;
    };
    let Some((label, values)) = cells.split_first() else {
        return false;
    };
    let label = Text::new(label);
    let names_one = Dimension::ALL
        .iter()
        .any(|d| !mentions_of(&label, *d).is_empty());
    names_one && values.iter().any(|v| empty_value(v))
}

/// The most words a bracketed label holds beside the dimension's name.
const LABEL_WORDS: usize = 3;

/// Words that make a negation before a bracketed label about whether the
/// dimension is there at all ("no sign of her pulling away (cynicism)",
/// "nothing suggests ...", "Not present: ..."), not part of the symptom
/// the label names ("nothing she ships matters (reduced accomplishment)").
const PRESENCE_WORDS: &[&str] = &[
    "sign",
    "signs",
    "evidence",
    "evident",
    "evidenced",
    "indication*",
    "indicat*",
    "hint*",
    "trace*",
    "suggest*",
    "point*",
    "show*",
    "see",
    "seen",
    "saw",
    "seeing",
    "notic*",
    "observ*",
    "found",
    "find",
    "present",
    "apparent",
    "ruled",
    "rejected",
    "excluded",
    "dismissed",
    "discounted",
    "absent",
    "mention*",
    "report*",
];

/// Whether the mention `s..e` fills a bracket after a description of the
/// symptom it names, a negation inside that description being the
/// symptom itself: "feels that nothing they do makes a difference
/// (reduced personal accomplishment)", "no longer cares about users
/// (depersonalization)", "has no energy left (exhaustion)" (para-it10
/// B1). Not when the bracket restates a dimension named in the negated
/// words ("no sign of cynicism (detachment)") or the negation is about
/// whether the dimension is there ([`PRESENCE_WORDS`]).
fn labels_a_description(text: &Text, s: usize, e: usize) -> bool {
    // The bracket holds the label and at most a word or two around the
    // mention ("(reduced personal accomplishment)", "(i.e. cynicism)").
    let inner_gap = |at: usize| text.gap(at).contains(['(', '[', ')', ']']);
    let Some(open) = (s.saturating_sub(LABEL_WORDS)..=s)
        .rev()
        .take_while(|&k| k == s || !inner_gap(k + 1))
        .find(|&k| k > 0 && text.gap(k).trim_end().ends_with(['(', '[']))
    else {
        return false;
    };
    let closes = (e..=e + LABEL_WORDS)
        .take_while(|&k| k == e || !inner_gap(k - 1))
        .any(|k| k >= text.len() || text.gap(k).trim_start().starts_with([')', ']']));
    if !closes || negated_after(text, s, e) {
        return false;
    }
    let Some(negator) = negator_before(text, open) else {
        return false;
    };
    let inside = |(at, _): &(usize, usize)| *at >= negator && *at < open;
    let restated = Dimension::ALL
        .iter()
        .flat_map(|d| text.mentions(d.names()))
        .any(|m| inside(&m));
    let about_presence = text.mentions(PRESENCE_WORDS).iter().any(inside);
    !restated && !about_presence
}

/// Phrases that file what was just named elsewhere than the dimensions:
/// "which I count as a health sign rather than a dimension", "which the
/// rubric scores as a health sign" (para-it6).
const SET_ASIDE: &[&str] = &[
    "count* as a health sign*",
    "count* as health sign*",
    "scor* as a health sign*",
    "scor* as health sign*",
    "treat* as a health sign*",
    "treat* as health sign*",
    "record* as a health sign*",
    "rather than a dimension",
    "rather than as a dimension",
    "rather than a burnout dimension",
    "instead of a dimension",
    "not as a dimension",
    "not a dimension",
    "not a burnout dimension",
];

/// Whether the mention ending at `e` is filed elsewhere by a
/// [`SET_ASIDE`] phrase after it, in its own clause or in a relative
/// clause right after ("..., which I count as a health sign"), with no
/// other dimension named between: "Exhaustion: present (the sleep problem
/// I count as a health sign)" keeps exhaustion.
fn set_aside(text: &Text, e: usize) -> bool {
    let Some(clause) = e
        .checked_sub(1)
        .and_then(|l| text.words.get(l))
        .map(|w| w.clause)
    else {
        return false;
    };
    let relative_after = |at: usize| {
        let opener = text.words[..at]
            .iter()
            .rev()
            .take_while(|w| w.clause == text.words[at].clause)
            .last()
            .unwrap_or(&text.words[at]);
        text.words[at].clause == clause + 1 && matches!(opener.text.as_str(), "which" | "that")
    };
    let named_between = |from: usize, to: usize| {
        Dimension::ALL
            .iter()
            .flat_map(|d| text.mentions(d.names()))
            .any(|(s, _)| s >= from && s < to)
    };
    text.mentions(SET_ASIDE).into_iter().any(|(ps, _)| {
        ps >= e && (text.words[ps].clause == clause || relative_after(ps)) && !named_between(e, ps)
    })
}

/// Words of a risk: "exhaustion is a real risk", "the danger of
/// cynicism".
const RISKS: &[&str] = &["risk", "risks", "danger", "threat", "verge"];

/// Words that place a risk ahead: "going forward", "if the hours go on".
const AHEAD: &[&str] = &[
    "forward",
    "future",
    "later",
    "soon",
    "will",
    "could",
    "may",
    "might",
    "would",
    "if",
    "unless",
    "become",
    "becoming",
    "develop",
    "developing",
    "heading",
];

/// Whether the mention `s..e` is named as a risk ahead, not as present:
/// a risk word within a few words of it in its clause ("her hours make
/// exhaustion a real risk going forward", "at risk of cynicism if this
/// goes on"), and a word that places the risk ahead in the same clause
/// (play-it18, B2). A bare "possibly" is a hedge that it is present.
fn a_risk_ahead(text: &Text, s: usize, e: usize) -> bool {
    let clause = text.words[s].clause;
    let in_clause: Vec<(usize, &str)> = text
        .words
        .iter()
        .enumerate()
        .filter(|(_, w)| w.clause == clause)
        .map(|(i, w)| (i, w.text.as_str()))
        .collect();
    let risk_near = in_clause
        .iter()
        .any(|(i, w)| RISKS.contains(w) && (*i + 3 >= s && *i <= e + 4));
    risk_near && in_clause.iter().any(|(_, w)| AHEAD.contains(w))
}

/// Whether a dimensions section names none: empty, or saying so.
fn says_none(text: &str) -> bool {
    let read = Text::new(text);
    read.words.is_empty() || read.has(&["none", "no", "not", "neither", "nor", "nothing"])
}

/// Words that argue a dimension away without a negating word: "the
/// certification argues against reduced accomplishment", "nothing here
/// contradicts ..." is rare; "rules out".
const COUNTERS: &[&str] = &[
    "against",
    "contradict*",
    "rules out",
    "ruled out",
    "rule out",
];

/// Whether a [`COUNTERS`] word stands among the few words before the
/// mention at `at`, in its clause.
fn countered(text: &Text, at: usize) -> bool {
    let clause = text.words.get(at).map(|w| w.clause);
    text.mentions(COUNTERS).into_iter().any(|(_, e)| {
        e <= at && at - e <= 2 && text.words.get(e.saturating_sub(1)).map(|w| w.clause) == clause
    })
}

/// The severity levels a section states ([`crate::text::stated`]: reasons beside the
/// level are not more levels, a second level offered is a hedge, a level
/// considered and set aside is none, [`crate::text::considered`]).
pub fn read_severity(section: &str) -> OneValue<Severity> {
    let text = Text::new(section);
    chosen_words(&text, |word| {
        Severity::ALL
            .into_iter()
            .find(|l| l.words().contains(&word))
    })
}

/// Red flags as precision and recall. Only the first [`FLAGS_ASKED`]
/// items can earn, each citing a concerning fact not cited before; items
/// past them earn nothing, and those that are no red flag of this case (a
/// distractor, a vague or invented claim) still count against precision,
/// so listing every fact of the case does not pay. Recall is the distinct
/// concerning facts cited, out of three or fewer.
fn red_flags(case: &BurnoutCase, section: &Section) -> (Points, String) {
    let items = section.items();
    let considered = items.len().min(FLAGS_ASKED);
    let concerning = case.flag_concepts();
    let facts: Vec<ReadFact> = case.facts.iter().map(|f| ReadFact::of(case, f)).collect();
    let mut cited: BTreeSet<&str> = BTreeSet::new();
    // The facts each item cites: another symptom of a kind already cited
    // ("drained before releases", then "still tired on Monday") is a red
    // flag of its own the rubric lists (each burnout symptom), so it
    // counts as grounded, though it finds no new kind. An item is a new
    // fact when the items so far, each given a fact of its own, cover one
    // more fact with it: an item that fits two facts equally takes
    // whichever the others leave.
    let mut cited_facts: Vec<BTreeSet<usize>> = Vec::new();
    let mut other_symptoms = 0;
    // Past LIST_READ items a list is read no further: each item after it
    // counts as no red flag.
    let mut wrong_later = items.len().saturating_sub(LIST_READ);
    // The first items that earn nothing, quoted with the reason.
    let mut unearned: Vec<String> = Vec::new();
    // Items that give a fact of the case a number the case does not give
    // it: each takes back one fact cited, as a misreading of the case (or
    // a reading of another) should.
    let mut misstated = 0;
    for (k, item) in items.iter().take(LIST_READ).enumerate() {
        if k < FLAGS_ASKED && misstates(case, &facts, item) {
            misstated += 1;
            unearned.push(format!(
                "{} gives a number this case does not give for it, and takes back one fact \
                 cited",
                quoted(item)
            ));
            continue;
        }
        let concept = item_concept(case, &facts, &concerning, item);
        let matched = concept.map_or_else(BTreeSet::new, |c| facts_cited(case, &facts, c, item));
        let before = distinct_facts(&cited_facts);
        // An item that fits several facts equally, as an earlier one did,
        // is that item again: it takes no second fact.
        let again = matched.len() > 1 && cited_facts.contains(&matched);
        cited_facts.push(if again { BTreeSet::new() } else { matched });
        let new_fact = distinct_facts(&cited_facts) > before;
        match concept {
            // A fact cited a second time earns nothing more (a first
            // citation is recorded by the insert and falls through).
            Some(concept) if k < FLAGS_ASKED && !cited.insert(concept) => {
                if new_fact {
                    other_symptoms += 1;
                } else {
                    unearned.push(format!("{} cites a fact already cited", quoted(item)));
                }
            }
            None if k < FLAGS_ASKED => unearned.push(format!(
                "{} cites no concerning fact of this case",
                quoted(item)
            )),
            None => wrong_later += 1,
            _ => {}
        }
    }
    let wanted = concerning.len().min(FLAGS_ASKED);
    let hits = cited.len().saturating_sub(misstated);
    let grounded = (hits + other_symptoms).min(considered);
    let score = f1_of(
        (grounded, considered + wrong_later),
        (hits.min(wanted), wanted),
    );
    let note = format!(
        "Red flags: {} of the first {considered} items cite a concerning fact of this case; \
         {} of {wanted} wanted facts cited{}{}{}.",
        cited.len() + other_symptoms,
        cited.len().min(wanted),
        if wrong_later > 0 {
            format!("; {wrong_later} more items are not red flags of this case")
        } else {
            String::new()
        },
        if unearned.is_empty() {
            String::new()
        } else {
            format!(". Not counted: {}", unearned.join("; "))
        },
        if score == Points::FULL {
            String::new()
        } else {
            format!(". {}", uncited_facts(case, &cited))
        }
    );
    (score, note)
}

/// The concerning facts of the case an answer has not cited (by their
/// gist), the expected values a red-flags note names.
fn uncited_facts(case: &BurnoutCase, cited: &BTreeSet<&str>) -> String {
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let facts: Vec<String> = case
        .facts
        .iter()
        .filter(|f| f.concerning && !cited.contains(f.concept) && seen.insert(f.concept))
        .map(|f| quoted(&f.gist))
        .collect();
    if facts.is_empty() {
        "Every concerning fact of the case is cited".to_owned()
    } else {
        format!(
            "Concerning facts of this case not cited: {}",
            facts.join("; ")
        )
    }
}

/// Words in a row an item shares with a fact of the case to quote it.
const QUOTED_RUN: usize = 5;

/// Facts of a dimension's symptoms, which an item must tie to this case.
const DIMENSION_SIGNS: &[&str] = &["exhaustion_sign", "cynicism_sign", "inefficacy_sign"];

/// Words too common to tie an item to a fact.
const COMMON: &[&str] = &[
    "a",
    "an",
    "the",
    "and",
    "or",
    "but",
    "of",
    "to",
    "in",
    "on",
    "at",
    "for",
    "with",
    "by",
    "from",
    "as",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "has",
    "have",
    "had",
    "it",
    "its",
    "this",
    "that",
    "these",
    "those",
    "they",
    "them",
    "their",
    "he",
    "she",
    "his",
    "her",
    "i",
    "my",
    "me",
    "we",
    "our",
    "you",
    "your",
    "so",
    "too",
    "very",
    "now",
    "not",
    "no",
    "most",
    "every",
    "each",
    "all",
    "any",
    "some",
    "more",
    "than",
    "then",
    "just",
    "still",
    "even",
    "also",
    "again",
    "since",
    "about",
    "over",
    "after",
    "before",
    "says",
    "said",
    "say",
    "one",
    "last",
    "week",
    "weeks",
    "month",
    "months",
    "day",
    "days",
    "time",
    "times",
    "get",
    "got",
    "really",
    "only",
    "much",
    "many",
    "what",
    "when",
    "who",
    "which",
    "how",
    "do",
    "does",
    "did",
    "would",
    "could",
    "can",
    "will",
    "there",
    "out",
    "up",
    "off",
    "signs",
    "sign",
    "work",
    "team",
    "colleagues",
    "manager",
    "people",
    "lot",
    "things",
    "feeling",
    "seems",
    "looks",
    "often",
    "always",
    "lately",
    "recently",
    "anymore",
    // Needing something is how many symptoms are told ("needs 2 coffees",
    // "needs the weekend to recover"): no tie to one of them.
    "need",
    "needs",
    "needed",
    "needing",
];

/// A fact of the case as red flags are read against it: its quotes, and
/// the words that tie an item to it (not common words, the person's
/// name, numbers or the words of a kind of fact).
struct ReadFact {
    copies: CopySource,
    concept: &'static str,
    concerning: bool,
    numbers: Vec<u64>,
    words: BTreeSet<String>,
    /// Every word of the fact, common ones too.
    every_word: BTreeSet<String>,
}

impl ReadFact {
    fn of(case: &BurnoutCase, fact: &super::Fact) -> ReadFact {
        let text = Text::new(&fact.text);
        let words = content_words(&text, &case.first);
        let every_word = crate::order::set_of(text.words.iter().map(|w| w.text.clone()));
        let run = QUOTED_RUN.min(text.len());
        ReadFact {
            every_word,
            copies: CopySource::owning(text, run),
            concept: fact.concept,
            concerning: fact.concerning,
            numbers: fact.numbers.clone(),
            words,
        }
    }
}

/// The words of `text` that can tie it to a fact, as their base forms
/// ("meetings" and "meeting" share "meeting"). A word that names a kind of
/// fact ties nothing, except a symptom's own word that is not a name of its
/// dimension: "no longer caring" restates "so why bother caring" (issue 21
/// R4, play-para-it23 B1), while "exhausted" or "withdrawn" names a
/// dimension most cases show.
fn content_words(text: &Text, first: &str) -> BTreeSet<String> {
    crate::order::set_of(word_bases(text, first).into_iter().flatten())
}

/// The words of `text` that can tie it to a fact ([`content_words`]), each
/// distinct word once with its base forms, so a tie counts words, not
/// forms.
fn word_bases(text: &Text, first: &str) -> Vec<BTreeSet<String>> {
    let first = first.to_lowercase();
    let distinct: BTreeSet<&str> = crate::order::set_of(
        text.words
            .iter()
            .map(|w| w.text.as_str())
            .filter(|w| !COMMON.contains(w) && *w != first && number_value(w).is_none())
            .filter(|w| !names_a_kind(w) || a_symptoms_own_word(w)),
    );
    distinct
        .into_iter()
        .map(|w| crate::order::set_of(bases_of(w).into_iter().map(|b| b.into_owned())))
        .collect()
}

/// Whether `word` is itself one of the words that name a kind of fact
/// ("tired", "cynical", "sleep").
fn names_a_kind(word: &str) -> bool {
    FLAG_CONCEPTS
        .iter()
        .flat_map(|c| c.phrases)
        .any(|p| matches_word(p, word))
}

/// Whether `word` is a word of a dimension's symptoms ("caring",
/// "tickets", "rewrote") and no name or everyday description of a
/// dimension ("exhausted", "tired", "cynical", "withdrawn").
fn a_symptoms_own_word(word: &str) -> bool {
    let of_a_symptom = FLAG_CONCEPTS
        .iter()
        .filter(|c| DIMENSION_SIGNS.contains(&c.id))
        .flat_map(|c| c.phrases)
        .any(|p| matches_word(p, word));
    let names_a_dimension = Dimension::ALL
        .iter()
        .flat_map(|d| d.names().iter().chain(d.descriptions()))
        .any(|p| matches_word(p, word));
    of_a_symptom && !names_a_dimension
}

/// Whether the one-word phrase `phrase` (a trailing `*` a prefix, `+`
/// a verb in any form) is `word`.
fn matches_word(phrase: &str, word: &str) -> bool {
    !phrase.contains(' ') && word_matches(phrase, word)
}

/// The numbers a red-flag item states, each with where it stands: in
/// digits or words, and "every third day" as 3.
fn item_numbers(text: &Text) -> Vec<(usize, u64)> {
    let mut numbers = text.numbers();
    numbers.extend(
        text.words
            .windows(2)
            .enumerate()
            .filter(|(_, pair)| pair[0].text == "every")
            .filter_map(|(at, pair)| Some((at + 1, ordinal_value(&pair[1].text)?))),
    );
    numbers
}

/// The rubric's thresholds for a kind of fact: an item restating one
/// ("over 45 hours a week", "5 months or more") gives no number of the
/// case, right or wrong.
const THRESHOLDS: &[(&str, &[u64])] = &[
    ("hours", &[45, 46, 55, 56, 65]),
    ("leave", &[5, 9, 10]),
    ("on_call", &[5]),
];

/// Words that make a number beside them a bound rather than a value: "over
/// 45 hours", "at least 5 months", "5 or more".
const BOUND_WORDS: &[&str] = &[
    "over",
    "above",
    "beyond",
    "exceeding",
    "exceeds",
    "than",
    "least",
    "under",
    "below",
    "past",
    "threshold",
    "or",
    "more",
    "plus",
];

/// Whether a red-flag item gives a kind of fact a number this case does
/// not give for it ("Averages 52 hours a week" when the case says 44,
/// "dozed off in 5 meetings" when it says 2): a misreading of this case,
/// or a reading of another. The kind is the fact the item quotes, or the
/// kind it names first; the numbers it may give are those of every
/// sentence of the case of that kind or in its words (the colleague's
/// hours and the single days off are the case's numbers, a wrong red flag
/// but no misreading). Counts of one or none, and the rubric's
/// thresholds, say nothing either way.
fn misstates(case: &BurnoutCase, facts: &[ReadFact], item: &str) -> bool {
    let text = Text::new(item);
    let quoted: Vec<&ReadFact> = facts.iter().filter(|f| f.copies.copied_in(&text)).collect();
    if !quoted.is_empty() {
        return false;
    }
    let Some(kind) = named_concept(case, facts, &text) else {
        return false;
    };
    let thresholds = THRESHOLDS
        .iter()
        .find(|(id, _)| *id == kind.id)
        .map_or(&[][..], |(_, t)| *t);
    let bound = |at: usize| {
        let near = at.saturating_sub(2)..(at + 3).min(text.len());
        text.words[near]
            .iter()
            .any(|w| BOUND_WORDS.contains(&w.text.as_str()))
    };
    let of_kind = |fact: &super::Fact| {
        fact.concept == kind.id
            || (kind.id == "on_call" && fact.concept == "light_on_call")
            || !Text::new(&fact.text).mentions(kind.phrases).is_empty()
    };
    let kind_facts: Vec<&super::Fact> = case.facts.iter().filter(|f| of_kind(f)).collect();
    // A share, a rate said another way, a bound the kind's number meets or
    // a standard week gives no number of a fact (play-para-it16 B2-B4).
    let read = ItemNumbers::read(case, &text, &kind_numbers(case, facts, &text));
    let stated: Vec<u64> = item_numbers(&text)
        .into_iter()
        .filter(|(at, n)| *n > 1 && !(thresholds.contains(n) && bound(*at)))
        .filter(|(at, _)| !read.worked(*at))
        .map(|(_, n)| n)
        .collect();
    if stated.is_empty() {
        return false;
    }
    let month_named = kind_facts
        .iter()
        .any(|f| f.month.is_some_and(|m| names_month(&text, m)));
    !month_named
        && !stated
            .iter()
            .any(|n| kind_facts.iter().any(|f| f.numbers.contains(n)))
}

/// Words before a working week that make it a general reference, not a
/// fact of the case: "a standard 40-hour week", "a normal full-time
/// week". "Contracted" is no such word: it claims a contract the case
/// never states.
const STANDARD: &[&str] = &[
    "standard", "normal", "typical", "regular", "usual", "ordinary", "full",
];

/// The hours of a standard working week (35 to 40), a reference any reader
/// knows rather than a fact of the case.
const STANDARD_HOURS: std::ops::RangeInclusive<u64> = 35..=40;

/// Word indices and values of the standard working weeks an item measures
/// the hours against ("about 1.6 times a standard 40-hour week", "24 more
/// than a normal 40-hour week"): a number of [`STANDARD_HOURS`] before
/// "hour(s) week", after a [`STANDARD`] word in its clause (C1 of
/// play-para-it16: a ratio or margin against it is grounded when right).
fn standard_weeks(text: &Text) -> Vec<(usize, u64)> {
    text.numbers()
        .into_iter()
        .filter(|(at, n)| {
            let clause = text.words[*at].clause;
            let word = |k: usize| {
                text.words
                    .get(k)
                    .filter(|w| w.clause == clause)
                    .map(|w| w.text.as_str())
            };
            let hours = matches!(word(at + 1), Some("hour" | "hours" | "h" | "hr" | "hrs"));
            let week = matches!(word(at + 2), Some("week" | "workweek"))
                || (word(at + 2) == Some("working") && word(at + 3) == Some("week"));
            let named =
                (at.saturating_sub(3)..*at).any(|k| word(k).is_some_and(|w| STANDARD.contains(&w)));
            STANDARD_HOURS.contains(n) && hours && week && named
        })
        .collect()
}

/// The numbers of the facts of the kind an item names, or that it quotes:
/// what a share or a rate in it may be worked out from ("60% of sprint
/// commitments missed" from "missed 3 of the last 5").
fn kind_numbers(case: &BurnoutCase, facts: &[ReadFact], text: &Text) -> Vec<u64> {
    let kind = named_concept(case, facts, text).map(|c| c.id);
    case.facts
        .iter()
        .zip(facts)
        .filter(|(fact, read)| Some(fact.concept) == kind || read.copies.copied_in(text))
        .flat_map(|(fact, _)| fact.numbers.iter().copied())
        .collect()
}

/// An item's numbers read against this case: which the case (or the
/// rubric) prints, and which are worked out from those, from the numbers
/// of the facts of its kind or from a standard working week it names.
struct ItemNumbers {
    figures: Vec<derived::Figure>,
    references: Vec<usize>,
    operands: Vec<derived::Operand>,
    printed: BTreeSet<u64>,
    case_printed: BTreeSet<u64>,
}

impl ItemNumbers {
    fn read(case: &BurnoutCase, text: &Text, context: &[u64]) -> ItemNumbers {
        let printed: BTreeSet<u64> = crate::order::set_of(
            case.numbers
                .iter()
                .copied()
                .chain(RUBRIC_NUMBERS.iter().copied()),
        );
        let figures = derived::figures(text);
        let references = standard_weeks(text);
        // The item's own printed numbers (digits, words, "every third
        // day"), the standard weeks it names, then the kind's numbers.
        let own = item_numbers(text).into_iter().filter(|(at, n)| {
            let plain = figures
                .iter()
                .find(|f| f.at == *at)
                .is_none_or(|f| f.kind == derived::Kind::Plain && f.whole().is_some());
            plain && printed.contains(n)
        });
        let operands = own
            .chain(references.iter().copied())
            .chain(
                context
                    .iter()
                    .enumerate()
                    .map(|(k, n)| (text.len() + k, *n)),
            )
            .map(|(order, value)| derived::Operand { order, value })
            .collect();
        ItemNumbers {
            figures,
            references: references.into_iter().map(|(at, _)| at).collect(),
            operands,
            printed,
            case_printed: case.numbers.clone(),
        }
    }

    /// Whether the number `n` at word `at` is printed as written: a whole
    /// number of the case or the rubric (a decimal read as its whole part,
    /// as it always was); a share or ratio only as the case prints it.
    fn printed(&self, at: usize, n: u64) -> bool {
        match self.figures.iter().find(|f| f.at == at) {
            Some(f) if f.kind != derived::Kind::Plain => {
                f.whole().is_some_and(|w| self.case_printed.contains(&w))
            }
            _ => self.printed.contains(&n),
        }
    }

    /// Whether the number at word `at` is no value of a fact but a
    /// reference, a bound one of the operands meets, or a working of them.
    fn worked(&self, at: usize) -> bool {
        let Some(figure) = self.figures.iter().find(|f| f.at == at) else {
            return false;
        };
        self.references.contains(&at)
            || (figure.bound.is_some() && derived::bound_met(figure, &self.operands))
            || derived::worked_out(figure, &self.operands)
    }
}

/// The one concerning fact a red-flag item cites, if any. An item earns at
/// most one credit, and none when it is a fact of the case copied whole.
/// An item that quotes a fact of the case is that fact
/// (a distractor quoted earns nothing; two facts pasted into one item are
/// a list, not a flag); otherwise it is the kind of fact it names first,
/// and an item naming more than two kinds is a list of topics. An item
/// past [`FLAG_WORDS`], one about someone else, or one with a number the
/// case never states earns nothing, and a fact with a number must be cited
/// with it.
fn item_concept(
    case: &BurnoutCase,
    facts: &[ReadFact],
    concerning: &BTreeSet<&'static str>,
    item: &str,
) -> Option<&'static str> {
    let words = word_count(item);
    if !(2..=FLAG_WORDS).contains(&words) {
        return None;
    }
    // A fact about someone else (another case's name) is not this case's.
    let other_person = item
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| FIRST_NAMES.contains(&w) && w != case.first);
    if other_person {
        return None;
    }
    let text = Text::new(item);
    // "On call every third day" cites "on call every 3 days".
    let numbers: Vec<u64> = item_numbers(&text).into_iter().map(|(_, n)| n).collect();
    // A number the case never prints is invented, unless it is worked out
    // from the case's own (para-it8 C3, play-para-it16 B2-B4, C1).
    let read = ItemNumbers::read(case, &text, &kind_numbers(case, facts, &text));
    let invented = item_numbers(&text)
        .into_iter()
        .any(|(at, n)| !read.printed(at, n) && !read.worked(at));
    if invented {
        return None;
    }
    // An item that restates one fact of the case, in the case's words or
    // quoted, is grounded in it and earns; the copy rule refuses only what
    // goes beyond one item (two facts pasted into one, below).
    let quoted: BTreeSet<&'static str> = crate::order::set_of(
        facts
            .iter()
            .filter(|fact| fact.copies.copied_in(&text))
            .map(|fact| fact.concept),
    );
    // The same holds for facts restated with their numbers in the item's
    // own words ("46-hour weeks, messages after midnight on 4 nights"):
    // two facts in one item are a list, however each is worded (play-it39
    // X4).
    let restated = restated_with_numbers(case, &text);
    if quoted.union(&restated).count() > 1 {
        return None;
    }
    let concept: &'static str = match quoted.len() {
        0 => match named_concept(case, facts, &text) {
            Some(named) => named.id,
            None => restated_sign(case, facts, &text)?,
        },
        1 => quoted.first().copied()?,
        _ => return None,
    };
    if !concerning.contains(concept) {
        return None;
    }
    // A symptom of a dimension in an answer's own words must be this
    // case's: "signs of exhaustion" names a kind of fact most cases have,
    // "dozes off in afternoon meetings" names this one.
    if quoted.is_empty() && DIMENSION_SIGNS.contains(&concept) {
        let words = content_words(&text, &case.first);
        let ours = facts
            .iter()
            .filter(|f| f.concept == concept && f.concerning)
            .any(|f| !f.words.is_disjoint(&words) || f.numbers.iter().any(|n| numbers.contains(n)));
        if !ours {
            return None;
        }
    }
    let numeric = FLAG_CONCEPTS.iter().any(|c| c.id == concept && c.numeric);
    let cites_fact = !numeric
        || case
            .facts
            .iter()
            .filter(|f| f.concept == concept && f.concerning)
            .any(|f| {
                // The month as the case names it, or abbreviated ("since
                // Jan.", "since Sept", play-para-it19 B2).
                f.numbers.iter().any(|n| numbers.contains(n))
                    || f.month.is_some_and(|m| names_month(&text, m))
            });
    cites_fact.then_some(concept)
}

/// How many words may stand between the words of a kind of fact and one
/// of its numbers: "46-hour weeks", "no week off for 9 months".
const NUMBER_REACH: usize = 6;

/// The kinds of the case's facts an item restates with one of their
/// numbers: a number of a fact of the kind ([`FLAG_CONCEPTS`]) in the
/// clause of a word of that kind, within [`NUMBER_REACH`] words of it
/// ("46-hour weeks" restates the 46 hours, "messages after midnight on 4
/// nights" the 4 nights), whatever words it is told in.
fn restated_with_numbers(case: &BurnoutCase, text: &Text) -> BTreeSet<&'static str> {
    let numbers = item_numbers(text);
    let restated = |concept: &FlagConcept| {
        let of_kind: Vec<u64> = case
            .facts
            .iter()
            .filter(|f| f.concept == concept.id)
            .flat_map(|f| f.numbers.iter().copied())
            .collect();
        text.mentions(concept.phrases).into_iter().any(|(s, e)| {
            let clause = text.words[s].clause;
            numbers.iter().any(|&(at, n)| {
                of_kind.contains(&n)
                    && text.words[at].clause == clause
                    && at + NUMBER_REACH >= s
                    && at <= e + NUMBER_REACH
            })
        })
    };
    crate::order::set_of(FLAG_CONCEPTS.iter().filter(|c| restated(c)).map(|c| c.id))
}

/// How many distinct facts `items` cite, each item counted for one of the
/// facts it cites and no fact for two items (a maximum matching).
fn distinct_facts(items: &[BTreeSet<usize>]) -> usize {
    // Which item each fact is given to.
    let mut owner: BTreeMap<usize, usize> = BTreeMap::new();
    (0..items.len())
        .filter(|&k| give_a_fact(items, k, &mut owner, &mut BTreeSet::new()))
        .count()
}

/// Give item `k` a fact of its own, moving an earlier item to another of
/// its facts where it has one (an augmenting path).
fn give_a_fact(
    items: &[BTreeSet<usize>],
    k: usize,
    owner: &mut BTreeMap<usize, usize>,
    seen: &mut BTreeSet<usize>,
) -> bool {
    for &fact in &items[k] {
        if !seen.insert(fact) {
            continue;
        }
        let free = match owner.get(&fact).copied() {
            None => true,
            Some(other) => give_a_fact(items, other, owner, seen),
        };
        if free {
            owner.insert(fact, k);
            return true;
        }
    }
    false
}

/// The concerning facts of kind `concept` an item cites: those it quotes,
/// else those whose own words and numbers it shares most. Two signs of
/// one dimension may share a word ("has stopped reviewing other people's
/// code", "so I've stopped listening"): an item restating one of them
/// cites that one, not both, so the other is still a red flag of its own
/// after it, in either order (play-it26 B1, issue 21).
fn facts_cited(
    case: &BurnoutCase,
    facts: &[ReadFact],
    concept: &str,
    item: &str,
) -> BTreeSet<usize> {
    let text = Text::new(item);
    let words = word_bases(&text, &case.first);
    let numbers: Vec<u64> = item_numbers(&text).into_iter().map(|(_, n)| n).collect();
    // Every word the item shares with a fact, common ones too: what tells
    // apart two facts its own words tie equally ("Sees users as just
    // tickets now" restates "They're just tickets to me now", not "refers
    // to users as 'the tickets'").
    let first = case.first.to_lowercase();
    let item_words: BTreeSet<String> = crate::order::set_of(
        text.words
            .iter()
            .filter(|w| w.text != first)
            .map(|w| w.text.clone()),
    );
    let all_words = |f: &ReadFact| item_words.intersection(&f.every_word).count();
    let ties: Vec<(usize, (usize, usize))> = facts
        .iter()
        .enumerate()
        .filter(|(_, f)| f.concept == concept && f.concerning)
        .map(|(k, f)| {
            let own = if f.copies.copied_in(&text) {
                usize::MAX
            } else {
                words
                    .iter()
                    .filter(|bases| bases.iter().any(|b| f.words.contains(b)))
                    .count()
                    + f.numbers.iter().filter(|n| numbers.contains(n)).count()
            };
            (k, (own, all_words(f)))
        })
        .filter(|(_, (own, _))| *own > 0)
        .collect();
    let best = ties.iter().map(|(_, tie)| *tie).max().unwrap_or((0, 0));
    crate::order::set_of(
        ties.into_iter()
            .filter(|(_, tie)| *tie == best)
            .map(|(k, _)| k),
    )
}

/// The least words of its own an item that names no kind of fact shares
/// with one fact of the case to restate it ([`restated_sign`]).
const RESTATED_WORDS: usize = 2;

/// The kind of the one sign of the case an item names no kind for but
/// restates in other words ("Underrates own work compared with peers"
/// restates "rated their own work far below how their peers rated it",
/// play-it40 B1): the fact whose own words the item shares most, by
/// their bases (so tense decides nothing), at least [`RESTATED_WORDS`]
/// of them, when no other fact of the case shares as many. Only a sign
/// told in words restates so: a fact with numbers is cited with them,
/// and a fact that is no red flag (the case's context) cites nothing.
fn restated_sign(case: &BurnoutCase, facts: &[ReadFact], text: &Text) -> Option<&'static str> {
    let words = word_bases(text, &case.first);
    let shared = |f: &ReadFact| {
        words
            .iter()
            .filter(|bases| bases.iter().any(|b| f.words.contains(b)))
            .count()
    };
    let ties: Vec<(usize, &ReadFact)> = facts.iter().map(|f| (shared(f), f)).collect();
    let best = ties.iter().map(|(n, _)| *n).max()?;
    let mut at_best = ties.iter().filter(|(n, _)| *n == best).map(|(_, f)| f);
    let fact = at_best.next()?;
    let told_in_words = !FLAG_CONCEPTS
        .iter()
        .any(|c| c.id == fact.concept && c.numeric);
    (best >= RESTATED_WORDS
        && fact.concerning
        && told_in_words
        && at_best.all(|f| f.concept == fact.concept))
    .then_some(fact.concept)
}

/// The kind of fact an item in its own words names: of the one or two it
/// names, the one whose concerning fact in this case shares the item's own
/// words ("Wakes up worn out despite a full night's rest" cites the
/// exhaustion fact "exhausted on waking even after a full night's rest",
/// not a sleep problem), else the first; none when it names more than two.
fn named_concept(
    case: &BurnoutCase,
    facts: &[ReadFact],
    text: &Text,
) -> Option<&'static FlagConcept> {
    let mut named: Vec<(usize, &'static FlagConcept)> = FLAG_CONCEPTS
        .iter()
        .filter_map(|c| text.mentions(c.phrases).first().map(|(at, _)| (*at, c)))
        .collect();
    if named.len() > 2 {
        return None;
    }
    crate::order::sort_by_key(&mut named, |(at, _)| *at);
    let words = content_words(text, &case.first);
    let grounded = |concept: &FlagConcept| {
        facts
            .iter()
            .any(|f| f.concept == concept.id && f.concerning && !f.words.is_disjoint(&words))
    };
    named
        .iter()
        .find(|(_, c)| grounded(c))
        .or(named.first())
        .map(|(_, c)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::it_mental_health::scenario::{Case, TaskKind};
    use crate::it_mental_health::writers::Style;

    /// A case with three or more concerning facts, and its reference.
    fn case_with_three_flags(level: u8) -> (BurnoutCase, String) {
        (0..)
            .map(|seed| Case::generate_at(TaskKind::BurnoutDetection, level, seed))
            .find_map(|case| match &case {
                Case::Burnout(b) if b.red_flags().len() >= 3 => {
                    Some((b.clone(), case.write(Style::Reference)))
                }
                _ => None,
            })
            .expect("some seed has three concerning facts")
    }

    /// The kind of fact `item` is read as citing in `case`, if any.
    fn cites(case: &BurnoutCase, item: &str) -> Option<&'static str> {
        let facts: Vec<ReadFact> = case.facts.iter().map(|f| ReadFact::of(case, f)).collect();
        item_concept(case, &facts, &case.flag_concepts(), item)
    }

    /// Burnout cases at every level, over a few hundred seeds.
    fn burnout_cases() -> impl Iterator<Item = BurnoutCase> {
        (1..=5).flat_map(|level| {
            (0..300).filter_map(move |seed| {
                match Case::generate_at(TaskKind::BurnoutDetection, level, seed) {
                    Case::Burnout(b) => Some(b),
                    _ => None,
                }
            })
        })
    }

    #[test]
    fn a_symptom_restated_by_its_own_word_is_grounded() {
        // "Why bother caring" told as "no longer caring" restates that
        // fact (issue 21 R4, play-para-it23 B1); the word ties it only to a
        // case whose fact says it, and a dimension's name ties nothing.
        let restated = [
            "No longer caring about her work",
            "She says she sees no point in caring any more.",
            "Has stopped caring about her work",
            "Sees no point in caring any more",
            "Cynicism about her work: no longer caring",
            "Doesn't care any more whether fixes hold",
            "Asks why she should bother caring",
        ];
        let mut with_quote = 0;
        let mut without = 0;
        for case in burnout_cases() {
            let caring = case.facts.iter().any(|f| {
                f.concerning && f.concept == "cynicism_sign" && f.text.contains("why bother caring")
            });
            let any_care = case
                .facts
                .iter()
                .any(|f| f.concept == "cynicism_sign" && f.text.contains("car"));
            if caring {
                with_quote += 1;
                for item in restated {
                    assert_eq!(cites(&case, item), Some("cynicism_sign"), "{item}");
                }
            } else if !any_care {
                without += 1;
                // ("stopped" alone may tie to another fact that says it.)
                for item in [restated[0], restated[3], restated[4]] {
                    assert_eq!(cites(&case, item), None, "{item}\n{}", case.text);
                }
            }
            // A dimension named, not a fact of this case.
            for item in [
                "Seems cynical",
                "Seems exhausted",
                "Signs of depersonalization",
                "Withdrawn and detached",
                "Tired and cynical",
            ] {
                assert_eq!(cites(&case, item), None, "{item}\n{}", case.text);
            }
        }
        assert!(with_quote > 5 && without > 50, "{with_quote} {without}");
    }

    #[test]
    fn a_fact_told_with_another_number_is_misstated() {
        let (case, _) = case_with_three_flags(3);
        let facts: Vec<ReadFact> = case.facts.iter().map(|f| ReadFact::of(&case, f)).collect();
        let hours = u64::from(case.card.hours_per_week);
        let wrong = (hours + 3..)
            .find(|n| !case.numbers.contains(n))
            .unwrap_or(0);
        let misstated = |item: &str| misstates(&case, &facts, item);
        assert!(misstated(&format!("Averages {wrong} hours a week")));
        assert!(!misstated(&format!("Averages {hours} hours a week")));
        assert!(!misstated("Works over 45 hours a week, every week"));
        assert!(!misstated("Seems a bit off lately"));
        let hours_fact = case.facts.iter().find(|f| f.concept == "hours");
        assert!(!misstated(
            &hours_fact.map(|f| f.text.clone()).unwrap_or_default()
        ));
    }

    #[test]
    fn the_judgement_counts_only_beside_red_flags_mostly_this_cases() {
        let (case, reference) = case_with_three_flags(2);
        let grade = |answer: &str| {
            let whole = Case::Burnout(case.clone());
            whole.grade(answer)
        };
        // The reference's red flags, one per line, swapped for `flags`.
        let with_flags = |flags: &[&str]| {
            let mut out: Vec<String> = Vec::new();
            let mut in_flags = false;
            for line in reference.lines() {
                if line.starts_with("Red flags") {
                    in_flags = true;
                    out.push(line.to_owned());
                    out.extend(flags.iter().map(|f| format!("- {f}")));
                    continue;
                }
                if in_flags && line.starts_with("- ") {
                    continue;
                }
                in_flags = false;
                out.push(line.to_owned());
            }
            out.join("\n")
        };
        let own: Vec<String> = reference
            .lines()
            .filter(|l| l.starts_with("- "))
            .map(|l| l[2..].to_owned())
            .collect();
        assert_eq!(grade(&reference).total, Points::FULL);
        let vague = "Seems a bit off lately";
        // Two of three facts and one vague item: the judgement counts.
        let two = grade(&with_flags(&[&own[0], &own[1], vague]));
        assert_eq!(two.criteria["severity"], Points::FULL, "{:?}", two.notes);
        // One fact in common, as another case's answer may have: only the
        // red flags earn.
        let one = grade(&with_flags(&[&own[0], vague, "Says things are hard"]));
        assert_eq!(one.criteria["severity"], Points::ZERO, "{:?}", one.notes);
        assert_eq!(one.criteria["dimensions"], Points::ZERO);
        assert_eq!(one.criteria["escalation"], Points::ZERO);
        assert!(
            one.notes
                .iter()
                .any(|n| n.contains("count only for an answer"))
        );
        // Two facts beside one given a number the case does not give: it
        // takes one back, and the judgement no longer counts.
        let hours = u64::from(case.card.hours_per_week);
        let wrong = (hours + 3..)
            .find(|n| !case.numbers.contains(n))
            .unwrap_or(0);
        let misread = format!("Averages {wrong} hours a week");
        let taken = grade(&with_flags(&[&own[0], &own[1], &misread]));
        assert_eq!(
            taken.criteria["severity"],
            Points::ZERO,
            "{:?}",
            taken.notes
        );
        assert_eq!(
            taken.criteria["red_flags"],
            Points(3333),
            "{:?}",
            taken.notes
        );
    }

    #[test]
    fn exactly_one_severity() {
        for (answer, expected) in [
            ("High", Some(Severity::High)),
            (
                "high, driven by 62 hours a week and low morale",
                Some(Severity::High),
            ),
            (
                "High (7 points: hours 2, leave 2, dimensions 2, health 1)",
                Some(Severity::High),
            ),
            (
                "is Moderate because hours are low",
                Some(Severity::Moderate),
            ),
            ("Not critical but high.", Some(Severity::High)),
            ("7 points, which is High.", Some(Severity::High)),
            ("Moderate to high", None),
            ("Low, Moderate, High or Critical", None),
            ("low moderate high critical", None),
            ("High/Critical", None),
            ("High. Or Critical.", None),
            ("unclear", None),
        ] {
            assert_eq!(read_severity(answer).one().copied(), expected, "{answer:?}");
        }
    }

    #[test]
    fn dimensions_are_read_with_negation() {
        let read = |t: &str| {
            dimensions(&Section {
                key: "dimensions",
                lines: vec![crate::it_mental_health::reading::sections::Line {
                    plain: t.to_owned(),
                    cells: None,
                    listed: false,
                }],
                formal: true,
            })
        };
        assert_eq!(
            read("Exhaustion and cynicism; no sign of reduced accomplishment."),
            [Dimension::Exhaustion, Dimension::Depersonalization].into()
        );
        assert_eq!(
            read("Depersonalisation only (detached from users)").len(),
            1
        );
        assert_eq!(read("none of the three").len(), 0);
        // A word grading the evidence a "no" denies (play-it32 B1); the
        // evidence of something else stays the dimension's own.
        for denied in [
            "Depersonalisation: no clear sign of it.",
            "Depersonalization: no clear sign of it either.",
            "Reduced personal accomplishment: no clear sign either.",
            "Exhaustion: no real evidence.",
        ] {
            assert_eq!(read(denied).len(), 0, "{denied}");
        }
        assert_eq!(read("Exhaustion (no clear sign of recovery)").len(), 1);
        // Described by meaning in everyday words (play-para-it16 B1): about
        // people, not the workload; not as the evidence of a named one.
        assert_eq!(
            read("Lost confidence in their own work; withdrawn from the team."),
            [
                Dimension::Depersonalization,
                Dimension::ReducedAccomplishment
            ]
            .into()
        );
        assert_eq!(
            read("Exhaustion; distant from colleagues"),
            [Dimension::Exhaustion, Dimension::Depersonalization].into()
        );
        // Distance from people, in other words (play-it38 B3); not
        // negated, not the distance others keep, not a distance in miles.
        for distant in [
            "Exhaustion; distance from her colleagues",
            "Exhaustion; she has distanced herself from colleagues (camera off)",
            "Exhaustion; keeping her distance from the team",
            "Exhaustion; a growing distance from her teammates",
            "Exhaustion; emotional distance from the people she works with",
            "Exhaustion; distanced from the team",
            "Exhaustion; pulling away from the team",
            "Exhaustion; cynical about the team",
        ] {
            assert_eq!(
                read(distant),
                [Dimension::Exhaustion, Dimension::Depersonalization].into(),
                "{distant}"
            );
        }
        for not_hers in [
            "Exhaustion; no distance from colleagues",
            "Exhaustion; she has not distanced herself from colleagues",
            "Exhaustion; her colleagues keep their distance from her",
            "Exhaustion; the team has pulled away from her",
            "Exhaustion; she lives a long distance from the office",
            "Exhaustion; she has distanced herself from the migration",
        ] {
            assert_eq!(read(not_hers).len(), 1, "{not_hers}");
        }
        assert_eq!(read("Exhaustion; withdrawn from the on-call rota").len(), 1);
        assert_eq!(read("Exhaustion; not withdrawn from the team").len(), 1);
        assert_eq!(
            read(
                "Nothing she ships matters, she no longer cares how users get on (reduced \
                  accomplishment)"
            )
            .len(),
            1
        );
        assert_eq!(
            read("Exhaustion (so tired she has withdrawn from everyone)").len(),
            1
        );
    }
}
