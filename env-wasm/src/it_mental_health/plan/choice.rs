//! Grading `intervention_plan` at the catalogue levels (4 and 5, see
//! [`super::catalogue`]). Five criteria:
//! - `stressors`: the team's stressors, each with its severity (severe or
//!   moderate), one per line, as an offset F1 over (item, severity), so
//!   listing every item, or every stressor as severe, earns little;
//! - `plan`: the ids chosen. The best plan earns it all; a plan that keeps
//!   every rule earns half its value's share of the best value (it is a
//!   plan that could run, and a near miss is worth more than a poor one,
//!   but the joint decision is the task, so no other plan earns more than
//!   half); a plan that breaks a rule (over the cap, over an owner's
//!   hours, a missing prerequisite, an excluded pair) earns nothing: it
//!   could not be carried out, and any share of it would pay for ignoring
//!   the constraints that make the decision hard. A hedge between ids
//!   earns nothing;
//! - `kpis` and `risk`, read as at the lower levels;
//! - `budget`: one total equal to what the chosen interventions cost
//!   together, within the cap.
//!
//! The plan counts only beside the team's stressors read (at least half
//! the `stressors` credit), and the KPIs, risk and budget only beside a
//! plan that keeps every rule: another team's answer has all their forms.
//!
//! The best plan comes solved with the case; grading never searches.

use std::collections::BTreeSet;

use super::catalogue::{Breach, Catalogue};
use super::grade::{
    BUDGET_LABEL, KPIS_LABEL, RISK_LABEL, budget_text, budget_totals, kpis, metrics_in, risk,
};
use super::{Owner, PlanCase, WORD_CAP, dollars};
use crate::it_mental_health::grade::{Grade, assemble_gated, offset_f1};
use crate::it_mental_health::reading::penalties::PENALTIES;
use crate::it_mental_health::reading::quoted;
use crate::it_mental_health::reading::sections::{Label, Line, Section, parse_headed};
use crate::it_mental_health::reading::{Answer, LIST_READ};
use crate::points::Points;
use crate::rubric::{Criterion, Rubric};
use crate::text::considered::considered_and_set_aside;
use crate::text::hedge::clause_before;
use crate::text::negation::denied;
use crate::text::numbers;
use crate::text::words::is_cross_mark;
use crate::text::{OneValue, Text, is_form_of};

const LABELS: &[Label] = &[
    Label {
        key: "stressors",
        names: &[
            "stressors",
            "team stressors",
            "the team's stressors",
            "stressors and severity",
            "stressor severity",
            "severity",
        ],
        loose: true,
    },
    Label {
        key: "interventions",
        names: &[
            "interventions",
            "chosen interventions",
            "selected interventions",
            "intervention ids",
            "plan",
            "chosen plan",
            "best plan",
            "selection",
        ],
        loose: true,
    },
    KPIS_LABEL,
    RISK_LABEL,
    BUDGET_LABEL,
];

/// The sections a table may give by its header alone, with no title
/// line: those the criteria gate on and those they read.
const HEADED: &[&str] = &["stressors", "interventions", "kpis", "risk"];

const STRESSORS: Points = Points(1500);
const PLAN: Points = Points(5500);
const KPIS: Points = Points(1500);
const RISK: Points = Points(500);
const BUDGET: Points = Points(1000);

/// The least stressors score that shows an answer read this team's
/// profile: half the credit (with five stressors, four of them named with
/// their severity and one wrong line). A plan's value is the team's
/// stressors and their severity, so ids chosen without them (another
/// case's ids, a constant list) are no decision. Teams share many
/// stressors, so a few in common is chance.
const READS_THE_PROFILE: Points = Points(5000);

/// The least plan score that shows a plan that could run here: one that
/// keeps every rule of this catalogue. The KPIs, the risk and the budget
/// describe a plan (what it will move, what may stop it, what it costs);
/// without one there is nothing for them to describe.
const A_PLAN_THAT_RUNS: Points = Points(1);

/// The plan task's criteria at levels 4 and 5, where the plan is chosen from a catalogue.
pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("stressors", STRESSORS, "Stressors and severity").about(
        "Each of the team's stressors with its severity (severe or moderate), and nothing else.",
    ),
    Criterion::new("plan", PLAN, "Best plan from the catalogue")
        .about(
            "The best plan earns it all; another plan that keeps every rule half its value's \
             share of the best; a plan that breaks a rule nothing.",
        )
        .gated("stressors", READS_THE_PROFILE),
    Criterion::new("kpis", KPIS, "KPIs with targets").gated("plan", A_PLAN_THAT_RUNS),
    Criterion::new("risk", RISK, "Risk and mitigation").gated("plan", A_PLAN_THAT_RUNS),
    Criterion::new("budget", BUDGET, "Budget: the plan's cost")
        .about("One total equal to what the chosen interventions cost together, within the cap.")
        .gated("plan", A_PLAN_THAT_RUNS),
])
.with_penalties(&PENALTIES);

/// Nouns of the line where a severity starts: after a severity word they
/// make it the name of a threshold, not a verdict ("below the severe
/// threshold"), as they do before "for" it ("the line for severe").
const NOT_A_VERDICT: &[&str] = &[
    "threshold",
    "thresholds",
    "level",
    "line",
    "bar",
    "cutoff",
    "cut",
    "mark",
    "limit",
    "band",
    "boundary",
];

/// Words before "the severe" that compare a number with the threshold.
const COMPARED_WITH: &[&str] = &[
    "below", "under", "above", "over", "beyond", "past", "near", "reach", "reaches", "hit", "hits",
    "meet", "meets",
];

/// Words right after a severity word, in its clause, that make it the
/// name of a threshold rather than a verdict: "severe would be 3",
/// "severe starts at 3", "severe needs 3".
const THRESHOLD_VERBS: &[&str] = &[
    "would", "starts", "start", "begins", "begin", "kicks", "takes", "requires", "applies",
];

/// Words before "to be" or "make it" that make the severity after them
/// what other facts would take: "it would take 3 to be severe", "one more
/// would make it severe".
const COUNTERFACTUAL: &[&str] = &[
    "would", "take", "takes", "need", "needs", "enough", "make", "makes", "push", "pushes",
];

/// How many words before a severity word [`threshold_of`] looks for a
/// counterfactual ("it would take 3 more to be severe").
const COUNTERFACTUAL_REACH: usize = 6;

/// Words before "would" that make the severity after it what more of the
/// stressor would take: "one more week and it would be severe", "another
/// change and it would be severe", "any longer and it would be severe".
const MORE_OF_IT: &[&str] = &["more", "another", "further", "longer", "extra"];

/// A number written in digits or as a word: "5", "five".
fn count_of(word: &str) -> Option<u64> {
    numbers::number_value(word).or_else(|| numbers::number_word(word))
}

/// Whether the severity word at `at` names a threshold or what other facts
/// would take, rather than the stressor's severity: "(meets the threshold
/// of 2; severe would be 3)", "it would take 3 to be severe", "one more
/// would make it severe". Such an aside explains the verdict; it is no
/// second value.
fn threshold_of(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    // "3 would be severe", "three or more would make it severe": what
    // another count would be, beside the verdict (para-it7); "one more
    // week and it would be severe": what more of it would take (play-it42
    // B1).
    let whole_before = clause_before(text, at);
    let before: Vec<&str> = whole_before.iter().copied().take(6).collect();
    if let Some(k) = before.iter().position(|w| *w == "would")
        && (before[k + 1..].iter().any(|w| count_of(w).is_some())
            || whole_before[k + 1..].iter().any(|w| MORE_OF_IT.contains(w)))
    {
        return true;
    }
    let next = text
        .words
        .get(at + 1)
        .filter(|w| w.clause == clause)
        .map(|w| w.text.as_str());
    if next.is_some_and(|n| THRESHOLD_VERBS.contains(&n)) {
        return true;
    }
    // "(severe needs 4)": what the severity needs, a number after it.
    let number_after_next = text
        .words
        .get(at + 2)
        .is_some_and(|w| w.clause == clause && w.text.starts_with(|c: char| c.is_ascii_digit()));
    if next.is_some_and(|n| matches!(n, "needs" | "need" | "needed")) && number_after_next {
        return true;
    }
    // "severe only from 6", "severe at 12 or more", "severe is from 12",
    // "severe from five": where the severity begins, a threshold's name;
    // "severe at 14 hours" is the verdict with its number.
    let rest: Vec<&str> = text
        .words
        .iter()
        .skip(at + 1)
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    let lead = rest
        .iter()
        .take_while(|w| matches!(**w, "only" | "just" | "is" | "starts" | "begins"))
        .count();
    // "severe at every 3 days": the rate's "every" before its number.
    // "severe is every 3 days", "severe is 3": the copula is the point.
    let copula = rest[..lead].contains(&"is");
    let pointed = match &rest[lead..] {
        ["every", number, after @ ..] | [number, after @ ..]
            if copula && count_of(number).is_some() =>
        {
            Some(("is", *number, after))
        }
        [point, "every", number, after @ ..] | [point, number, after @ ..]
            if count_of(number).is_some() =>
        {
            Some((*point, *number, after))
        }
        _ => None,
    };
    if let Some((point, number, after)) = pointed
        && matches!(
            point,
            "from" | "at" | "above" | "over" | "beyond" | "after" | "is"
        )
    {
        // "severe from 12" is where it starts (para-it4); "severe at 14
        // hours" is a verdict with its number, and so may "severe is 14
        // hours" be, unless another verdict stands before it.
        let bounded = (point != "is" && rest[..lead].iter().any(|w| *w != "just"))
            || point == "from"
            || after.starts_with(&["or", "more"])
            || after.starts_with(&["or", "above"])
            || after.starts_with(&["or", "higher"])
            || after.starts_with(&["and", "above"]);
        if bounded || point_of_another_verdict(text, at, number) {
            return true;
        }
    }
    let before: Vec<&str> = text.words[at.saturating_sub(COUNTERFACTUAL_REACH)..at]
        .iter()
        .filter(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    // "below the severe 12", "just under the severe mark": a comparison
    // with the severity's threshold, or the threshold's own number after
    // it, names the threshold.
    let compared = (before.len() >= 2
        && before[before.len() - 1] == "the"
        && COMPARED_WITH.contains(&before[before.len() - 2]))
        || before.ends_with(&["short", "of", "the"])
        || before.ends_with(&["shy", "of", "the"]);
    // "the severe 12", "the severe every 3 days", "the severe of 12".
    let digit = |w: &str| w.chars().next().is_some_and(|c| c.is_ascii_digit());
    let after_next = rest.get(1).copied();
    let its_number = before.last() == Some(&"the")
        && (next.is_some_and(digit)
            || (next.is_some_and(|n| matches!(n, "every" | "of" | "at"))
                && after_next.is_some_and(digit)));
    if compared || its_number {
        return true;
    }
    // "under the 4 for severe", "the 4 needed for severe", "half of the
    // 12 months for severe": the count a severity takes, named beside the
    // verdict (para-it8); "under the six-week line for severe", "the
    // cut-off for severe is 6 months", "the threshold of severe": the
    // line where it starts, named by its noun (play-it38 B1). "I'd go for
    // severe" names none, and "in line for severe" is where the stressor
    // is heading.
    if let Some((of, named)) = before.split_last()
        && matches!(*of, "for" | "of")
    {
        let from = named.len().saturating_sub(4);
        let names_the_line = (from..named.len()).any(|k| {
            let w = named[k];
            digit(w)
                || count_of(w).is_some()
                || matches!(w, "needed" | "required")
                || (NOT_A_VERDICT.contains(&w) && (k == 0 || named[k - 1] != "in"))
        });
        if names_the_line {
            return true;
        }
    }
    // "the line between moderate and severe": both name the line.
    let between = before.len().saturating_sub(4);
    if (between + 1..before.len())
        .any(|k| before[k] == "between" && NOT_A_VERDICT.contains(&before[k - 1]))
    {
        return true;
    }
    let to_be = before.ends_with(&["to", "be"]) || before.ends_with(&["to", "count", "as"]);
    let made = before.ends_with(&["make", "it"]) || before.ends_with(&["makes", "it"]);
    (to_be || made) && before.iter().any(|w| COUNTERFACTUAL.contains(w))
}

/// Words after an id, in its clause, that leave it out of the plan: "P3
/// is not chosen", "P7 (dropped)".
const LEFT_OUT: &[&str] = &[
    "not", "excluded", "dropped", "rejected", "skipped", "omitted", "out", "never",
];

/// Words right before an id that make it a reference rather than a
/// choice: "P4 is skipped because it needs P6", "neither P3 nor P4".
const REFERENCE: &[&str] = &[
    "needs", "need", "requires", "require", "without", "than", "instead", "over", "excludes",
    "blocks", "neither", "nor",
];

/// Words that open a relative clause after an id ("P7, which needs P1,
/// is not chosen"): the id's verb comes after it.
const RELATIVE: &[&str] = &["which", "who", "that", "since", "as"];

/// Words that open a predicate without a subject of its own: the rest of
/// a clause whose subject stood before a relative clause.
const PREDICATE: &[&str] = &[
    "is", "are", "was", "were", "will", "would", "has", "have", "had", "can", "cannot", "could",
    "should", "does", "do", "did", "stays", "remains", "gets", "must", "may", "might",
];

/// Words that negate a clause, so that "either" after them adds a
/// negation ("P7 is not chosen either") rather than offering an
/// alternative.
const NEGATING: &[&str] = &["not", "never", "nor", "neither", "no"];

/// Phrases of a stressors line that set the item aside as no stressor:
/// neither credit nor cost.
const NOT_A_STRESSOR: &[&str] = &[
    "not a stressor",
    "no stressor",
    "not stressors",
    "within its threshold",
    "within threshold",
    "within the threshold",
    "within their threshold*",
    "below its threshold",
    "below the threshold",
    "under its threshold",
    "under the threshold",
];

/// Whether a stressors line sets its item aside as no stressor
/// ([`NOT_A_STRESSOR`]): "below the threshold for severe" names the other
/// severity's threshold beside the verdict, and sets nothing aside.
fn sets_aside(text: &Text) -> bool {
    text.mentions(NOT_A_STRESSOR).into_iter().any(|(_, e)| {
        let word = |k: usize| text.words.get(e + k).map_or("", |w| w.text.as_str());
        !(matches!(word(0), "for" | "of")
            && (word(1).starts_with("severe") || word(1).starts_with("moderate")))
    })
}

/// Words between two ids that make them alternatives.
const ALTERNATIVE: &[&str] = &[
    "or",
    "either",
    "alternatively",
    "maybe",
    "perhaps",
    "possibly",
    "optionally",
    "optional",
];

/// Scores a plan chosen from `catalogue` (levels 4 and 5) against the rubric, penalties included.
pub fn grade(case: &PlanCase, catalogue: &Catalogue, answer: &Answer) -> Grade {
    let parsed = parse_headed(&answer.read, LABELS, HEADED);
    let gold = case.stressors();
    let mut notes = Vec::new();

    let (stressors, note) = stressors(case, catalogue, parsed.merged("stressors").as_ref());
    notes.push(note);

    let chosen = plan_of_copies(catalogue, parsed.copies("interventions"));
    let (plan, note) = plan(case, catalogue, chosen.as_ref());
    notes.push(note);

    let (kpis, kpi_note) = kpis(case, &gold, parsed.merged("kpis").as_ref());
    notes.push(kpi_note);
    let (risk, risk_note) = risk(case, answer, parsed.merged("risk").as_ref());
    notes.push(risk_note);

    let totals = parsed
        .copies("budget")
        .map(|s| budget_totals(&budget_text(s), 0, u64::from(catalogue.budget_cap)))
        .fold(OneValue::Missing, OneValue::and);
    let (budget, budget_note) = budget(catalogue, chosen.as_ref(), &totals);
    notes.push(budget_note);

    assemble_gated(
        &RUBRIC,
        &[
            ("stressors", stressors),
            ("plan", plan),
            ("kpis", kpis),
            ("risk", risk),
            ("budget", budget),
        ],
        answer,
        WORD_CAP,
        notes,
        |shut| {
            if shut.iter().any(|(name, _)| *name == "plan") {
                "The stressors named earn under half their credit, so the plan, KPIs, risk and \
                 budget earn nothing: a plan's value is the team's stressors and their severity, \
                 and the rest describe a plan chosen from them."
                    .to_owned()
            } else {
                "No plan that keeps every rule was chosen, so the KPIs, risk and budget earn \
                 nothing: they describe a plan that could run."
                    .to_owned()
            }
        },
    )
}

/// The severity a line gives: `Some(true)` severe, `Some(false)` moderate,
/// `None` neither or both.
fn severity(text: &Text) -> Option<bool> {
    // "on a moderate / severe scale, severe": the scale named is no
    // verdict (para-it14 B1).
    let levels: Vec<(usize, usize)> = text
        .words
        .iter()
        .enumerate()
        .filter(|(_, w)| w.text.starts_with("severe") || w.text.starts_with("moderate"))
        .map(|(at, _)| (at, at + 1))
        .collect();
    let scale: BTreeSet<usize> = crate::order::set_of(
        crate::text::hedge::naming_the_scale(text, &levels)
            .into_iter()
            .filter_map(|k| levels.get(k).map(|(at, _)| *at)),
    );
    // "moderate, actually severe": the corrected severity is the line's.
    let corrected = crate::text::hedge::corrected_from(text, &levels);
    let withdrawn = levels.get(corrected).map_or(0, |(at, _)| *at);
    let verdicts: BTreeSet<bool> =
        crate::order::set_of(text.words.iter().enumerate().filter_map(|(at, w)| {
            let next = text.words.get(at + 1).map(|n| n.text.as_str());
            if at < withdrawn
                || next.is_some_and(|n| NOT_A_VERDICT.contains(&n))
                || threshold_of(text, at)
                || scale.contains(&at)
                || compared(text, at)
                // "moderate, though close to severe", "moderate; I was
                // tempted by severe, but ...": weighed and set aside, as a
                // tier or a burnout severity is.
                || considered_and_set_aside(text, at, at + 1)
            {
                return None;
            }
            let verdict = match w.text.as_str() {
                "severe" | "severely" => !denied(text, at) && !not_yet(text, at),
                // "severe rather than moderate", "not moderate but
                // severe": a moderate set aside is no verdict.
                "moderate" | "moderately" if denied(text, at) => return None,
                "moderate" | "moderately" => false,
                _ => return None,
            };
            (!forecast(text, at)).then_some(verdict)
        }));
    let mut it = verdicts.iter();
    match (it.next(), it.next()) {
        (Some(one), None) => Some(*one),
        _ => None,
    }
}

/// Words right before a severity word that offer it beside the line's
/// verdict rather than place it: "moderate or severe at 12", "moderate,
/// maybe severe at 12" stay two readings.
const OFFERED_BY: &[&str] = &[
    "or", "maybe", "possibly", "perhaps", "probably", "likely", "arguably", "could", "might",
];

/// Whether "severe at `number`" at `at` is where that severity starts,
/// said after the line's verdict of the other severity: "6 months ago:
/// moderate (severe at 12 months)" (play-para-it21 B3). The number is not
/// one the line states before it, so it is no second value of the
/// stressor's own fact; "8 hours: moderate, severe at 8 hours" and an
/// offered "moderate or severe at 12" keep both readings.
fn point_of_another_verdict(text: &Text, at: usize, number: &str) -> bool {
    let kind = |w: &str| {
        if w.starts_with("severe") {
            Some(true)
        } else if w.starts_with("moderate") {
            Some(false)
        } else {
            None
        }
    };
    let own = kind(&text.words[at].text);
    let other_verdict_before = text.words[..at]
        .iter()
        .any(|w| kind(&w.text).is_some_and(|k| Some(k) != own));
    let value = count_of(number);
    let stated_before = text
        .numbers()
        .iter()
        .any(|(k, v)| *k < at && Some(*v) == value);
    let offered = at > 0
        && text.words[at - 1].clause == text.words[at].clause
        && OFFERED_BY.contains(&text.words[at - 1].text.as_str());
    other_verdict_before && value.is_some() && !stated_before && !offered
}

/// Whether the severity word at `at` compares the item with another
/// ("less severe than the toil", "as severe as the incidents", "worse
/// than severe"): an aside after the item's value, no value of its own
/// (para-it15 B7).
fn compared(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let near = |k: Option<usize>| {
        k.and_then(|k| text.words.get(k))
            .filter(|w| w.clause == clause)
            .map(|w| w.text.as_str())
    };
    let (previous, next) = (near(at.checked_sub(1)), near(Some(at + 1)));
    next == Some("than")
        || previous == Some("than")
        || (previous == Some("as") && next == Some("as"))
}

/// How many words before a severity word a change verb or a "would" may
/// stand and still be about it: "would only turn severe".
const FORECAST_REACH: usize = 3;

/// Verbs of a change of severity: the severity after them is where the
/// stressor would go, not what it is ("it becomes severe only after six
/// weeks", "only escalates to severe if"), so naming it beside the
/// verdict is no hedge.
const CHANGES_TO: &[&str] = &[
    "become",
    "becomes",
    "becoming",
    "turn",
    "turns",
    "turning",
    "escalate",
    "escalates",
    "escalating",
    "tip",
    "tips",
    "grow",
    "grows",
    "reach",
    "reaches",
    "rise",
    "rises",
    "move",
    "moves",
    "go",
    "goes",
    "get",
    "gets",
];

/// Conditionals that, with a condition later in the clause, make the
/// severity a forecast: "would be severe after six weeks of silence"
/// (not "could be severe", which offers it).
const CONDITIONAL: &[&str] = &["would", "will"];

/// Words that set a condition on the severity named before them.
const CONDITION: &[&str] = &["if", "after", "once", "when", "unless", "until", "should"];

/// Whether the severity word at `at` is a forecast under other facts
/// rather than a verdict: after a verb of change in its clause, or after
/// "would"/"will" with a condition later in the clause.
fn forecast(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let before: Vec<&str> = text.words[at.saturating_sub(FORECAST_REACH)..at]
        .iter()
        .filter(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    let conditioned = || {
        text.words[at + 1..]
            .iter()
            .take_while(|w| w.clause == clause)
            .any(|w| CONDITION.contains(&w.text.as_str()))
    };
    before.iter().any(|w| CHANGES_TO.contains(w))
        || (before.iter().any(|w| CONDITIONAL.contains(w)) && conditioned())
        || dated_later(text, at)
}

/// Words after "by" that make it a time: "severe by Q3", "by next
/// quarter", "by then", "by the end of the year".
const BY_WHEN: &[&str] = &[
    "next", "then", "week", "month", "quarter", "year", "spring", "summer", "autumn", "fall",
    "winter", "end", "q1", "q2", "q3", "q4", "yearend",
];

/// Units of a span of time: "severe in 6 weeks", "within a month".
const SPANS: &[&str] = &[
    "day", "days", "week", "weeks", "month", "months", "quarter", "quarters", "year", "years",
];

/// Whether the severity word at `at` is dated later than now ("severe by
/// Q3", "severe in 6 weeks", "severe within a month"): where the stressor
/// is heading, not what it is (play-para-it21 B3). "Severe by any
/// measure" names no time and stays a verdict.
fn dated_later(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let rest: Vec<&str> = text.words[at + 1..]
        .iter()
        .take_while(|w| w.clause == clause)
        .take(4)
        .map(|w| w.text.as_str())
        .collect();
    match rest.as_slice() {
        ["by", "the", when, ..] | ["by", when, ..] => BY_WHEN.contains(when),
        ["in" | "within", "the", "next", unit, ..]
        | ["in" | "within", "a" | "another", unit, ..] => SPANS.contains(unit),
        ["in" | "within", count, unit, ..] => count_of(count).is_some() && SPANS.contains(unit),
        _ => false,
    }
}

/// Whether the word at `at` follows "not yet" ("moderate, not yet
/// severe"): the negation denies it as surely as "not severe".
fn not_yet(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    at >= 2
        && text.words[at - 1].text == "yet"
        && text.words[at - 2].clause == clause
        && matches!(
            text.words[at - 2].text.as_str(),
            "not" | "never" | "isnt" | "arent" | "wasnt"
        )
}

fn stressors(
    case: &PlanCase,
    catalogue: &Catalogue,
    section: Option<&Section>,
) -> (Points, String) {
    let Some(section) = section else {
        return (Points::ZERO, "Stressors: no labelled section.".to_owned());
    };
    let severe = |id: &str| catalogue.weight_of(id) == super::catalogue::SEVERE_WEIGHT;
    let mut named: BTreeSet<&str> = BTreeSet::new();
    let mut hits = 0;
    let mut wrong: Vec<String> = Vec::new();
    let items: Vec<String> = grouped_by_severity(section)
        .unwrap_or_else(|| section.items())
        .iter()
        .flat_map(|item| stressor_sentences(item))
        .collect();
    for item in items.iter().take(LIST_READ) {
        let text = Text::new(item);
        let Some((_, id)) = metrics_in(&text).first().copied() else {
            continue;
        };
        // A checklist's cross beside the item ("Overtime 5 h a week
        // \u{2717}") sets it aside as "not a stressor" does (para-it15 B1).
        let crossed = (0..text.len()).any(|at| is_cross_mark(&text, at));
        if sets_aside(&text) || crossed {
            continue;
        }
        if !named.insert(id) {
            continue;
        }
        let read = severity(&text);
        let expected = case.stressors().contains(id).then(|| severe(id));
        if expected.is_some() && read == expected {
            hits += 1;
        } else {
            let said = match read {
                Some(true) => "severe",
                Some(false) => "moderate",
                None => "no one severity",
            };
            let truth = match expected {
                Some(true) => "a severe stressor".to_owned(),
                Some(false) => "a moderate stressor".to_owned(),
                None => "within its threshold, not a stressor".to_owned(),
            };
            wrong.push(format!(
                "{} reads as {id}, {said}; it is {truth}",
                quoted(item)
            ));
        }
    }
    let gold = case.stressors();
    let missed: Vec<&str> = gold
        .iter()
        .copied()
        .filter(|s| !named.contains(s))
        .collect();
    let score = offset_f1(hits, named.len(), gold.len());
    let expected: Vec<String> = gold
        .iter()
        .map(|s| format!("{s} ({})", if severe(s) { "severe" } else { "moderate" }))
        .collect();
    let mut note = format!(
        "Stressors: {hits} of {} lines right; the team's stressors are {}.",
        named.len(),
        expected.join(", ")
    );
    if !wrong.is_empty() {
        note.push_str(&format!(" Not counted: {}.", wrong.join("; ")));
    }
    if !missed.is_empty() {
        note.push_str(&format!(" Missing: {}.", missed.join(", ")));
    }
    (score, note)
}

/// An item as the stressors it lists one per sentence ("Overtime (17
/// hours a week), severe. Roadmap changes (six), severe. ..."), as a
/// semicolon separates them on one line (play-para-it20, row 34): split
/// only when every sentence names a stressor and its severity, so a
/// stressor with a sentence of explanation stays one item.
fn stressor_sentences(item: &str) -> Vec<String> {
    let text = Text::new(item);
    let mut sentences: Vec<(usize, usize)> = Vec::new();
    for (k, word) in text.words.iter().enumerate() {
        match sentences.last_mut() {
            Some(last) if text.words[last.0].sentence == word.sentence => last.1 = k,
            _ => sentences.push((k, k)),
        }
    }
    let parts: Vec<String> = sentences
        .iter()
        .filter_map(|&(from, to)| {
            text.source
                .get(text.words[from].start..text.words[to].end)
                .map(str::to_owned)
        })
        .collect();
    let each_a_stressor = parts.len() == sentences.len()
        && parts.iter().all(|part| {
            let part = Text::new(part);
            !metrics_in(&part).is_empty() && severity(&part).is_some()
        });
    if sentences.len() > 1 && each_a_stressor {
        parts
    } else {
        vec![item.to_owned()]
    }
}

/// Titles of a group of stressors by severity, longest first, and the
/// severity each gives: "Severe: none. Moderate: ...; ...", or a "Moderate
/// stressors:" line over a list.
const SEVERITY_HEADINGS: &[(&str, &str)] = &[
    ("moderate (not severe)", "moderate"),
    ("moderate stressors", "moderate"),
    ("severe stressors", "severe"),
    ("not severe", "moderate"),
    ("moderate", "moderate"),
    ("severe", "severe"),
];

/// The stressors section's items when it groups them under severity
/// headings (para-it9, B3): each item with its group's severity after it
/// ("Last team event (6 months ago): moderate"); `None` when no line opens
/// with such a heading. A heading opens a line or follows a full stop or a
/// semicolon in it, and ends with a colon; what follows it on its line is
/// its items, split at semicolons ("none" names none).
fn grouped_by_severity(section: &Section) -> Option<Vec<String>> {
    let mut items = Vec::new();
    let mut group: Option<&str> = None;
    let mut grouped = false;
    for line in &section.lines {
        let plain = line.plain.trim();
        // Where each heading starts and where its items start.
        let mut cuts: Vec<(usize, usize, &str)> = Vec::new();
        for (at, _) in plain.char_indices() {
            let before = &plain[..at];
            let opens = at == 0
                || (before.ends_with(char::is_whitespace)
                    && before.trim_end().ends_with(['.', ';']));
            if !opens {
                continue;
            }
            let heading = SEVERITY_HEADINGS.iter().find_map(|(title, severity)| {
                let head = plain.get(at..at + title.len())?;
                let rest = plain[at + title.len()..].trim_start();
                (head.eq_ignore_ascii_case(title) && rest.starts_with(':'))
                    .then(|| (plain.len() - rest.len() + 1, *severity))
            });
            if let Some((items_at, severity)) = heading {
                cuts.push((at, items_at, severity));
            }
        }
        if cuts.is_empty() {
            if !plain.is_empty() {
                items.extend(
                    plain
                        .split(';')
                        .map(|part| with_severity(part, group))
                        .filter(|part| !part.is_empty()),
                );
            }
            continue;
        }
        grouped = true;
        if cuts[0].0 > 0 {
            items.push(with_severity(&plain[..cuts[0].0], group));
        }
        for (k, (_, items_at, severity)) in cuts.iter().enumerate() {
            group = Some(severity);
            let end = cuts.get(k + 1).map_or(plain.len(), |next| next.0);
            items.extend(
                plain[*items_at..end]
                    .split(';')
                    .map(|part| with_severity(part, group))
                    .filter(|part| !part.is_empty()),
            );
        }
    }
    items.retain(|i| !i.is_empty());
    grouped.then_some(items)
}

/// An item of a severity group with the group's severity after it; empty
/// for "none".
fn with_severity(part: &str, group: Option<&str>) -> String {
    let part = part.trim().trim_end_matches(['.', ',']).trim();
    if part.is_empty() || part.eq_ignore_ascii_case("none") {
        return String::new();
    }
    match group {
        Some(severity) => format!("{part}: {severity}"),
        None => part.to_owned(),
    }
}

/// What the interventions section chose.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Chosen {
    /// A plan, as a bit set over the catalogue.
    Plan(u32),
    /// Ids offered as alternatives ("P3 or P4").
    Hedged,
    Nothing,
}

/// The plan a copy of the interventions section gives, read from its
/// plan lines ([`plan_lines`]). Copies that give other plans are a hedge;
/// a copy that names no id (a "Plan:" line about the weeks) gives none.
fn plan_of_copies<'a>(
    catalogue: &Catalogue,
    copies: impl Iterator<Item = &'a Section>,
) -> Option<Chosen> {
    let mut read: Option<Chosen> = None;
    for copy in copies {
        let this = chosen(catalogue, &plan_lines(catalogue, copy));
        read = match (read, this) {
            (None, this) => Some(this),
            (Some(Chosen::Nothing), this) | (Some(this), Chosen::Nothing) => Some(this),
            (Some(a), b) if a == b => Some(a),
            _ => Some(Chosen::Hedged),
        };
    }
    read
}

/// The lines of a section that give the plan: the first line that names an
/// id, and the lines right under it that are list items, rows of the same
/// table or open with an id (blank lines between list items included).
/// What follows (a reason for the choice, which names the ids it weighed)
/// chooses nothing; the response format says so. A table with a column
/// that says whether each row is chosen ("Chosen?": yes/no) gives the ids
/// of its chosen rows alone ([`decided_rows`]).
fn plan_lines(catalogue: &Catalogue, section: &Section) -> String {
    let ids_at = |line: &str| -> Vec<usize> {
        let text = Text::new(line);
        (0..text.len())
            .filter(|&at| id_of(catalogue, &text.words[at].text).is_some())
            .collect()
    };
    let Some(first) = section
        .lines
        .iter()
        .position(|l| !ids_at(&l.plain).is_empty())
    else {
        return String::new();
    };
    let mut taken = vec![&section.lines[first]];
    let mut k = first + 1;
    while k < section.lines.len() {
        let line = &section.lines[k];
        if line.is_blank() {
            // A loose list: blank lines between its items.
            let next = section.lines[k..].iter().find(|l| !l.is_blank());
            if next.is_some_and(|l| l.listed) {
                k += 1;
                continue;
            }
            break;
        }
        // A week-by-week table whose rows open with the week (para-it8,
        // C1) goes on to its last row.
        let same_table = line.cells.is_some() && section.lines[k - 1].cells.is_some();
        if !(line.listed || same_table || ids_at(&line.plain).first() == Some(&0)) {
            break;
        }
        taken.push(line);
        k += 1;
    }
    let header = first
        .checked_sub(1)
        .map(|h| &section.lines[h])
        .and_then(|h| h.cells.as_ref());
    match header.and_then(|h| decided_rows(catalogue, h, &taken)) {
        Some(chosen) => chosen,
        None => taken
            .iter()
            .map(|l| l.plain.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Titles of a table column that says whether its row is chosen.
const DECISION_COLUMNS: &[&str] = &[
    "chosen", "choose", "selected", "select", "included", "include", "in plan", "decision", "pick",
    "picked", "verdict",
];

/// The ids of the rows a table's decision column chooses (a header cell in
/// [`DECISION_COLUMNS`]; each row's cell yes or no), one a line, when the
/// table has such a column and every row's cell says yes or no; a row's
/// other cells (why, what it needs) choose nothing (para-it8, B3).
fn decided_rows(catalogue: &Catalogue, header: &[String], rows: &[&Line]) -> Option<String> {
    let column = header.iter().position(|title| {
        let title = crate::text::normalize(title);
        let title = title.trim_end_matches(['?', ':']).trim();
        DECISION_COLUMNS
            .iter()
            .any(|d| title == *d || title.strip_suffix('?').is_some_and(|t| t.trim() == *d))
    })?;
    let mut ids = Vec::new();
    for row in rows {
        let cells = row.cells.as_ref()?;
        let decision = decision_of(cells.get(column)?)?;
        let id = cells
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != column)
            .find_map(|(_, cell)| {
                let text = Text::new(cell);
                let first = text.words.first()?;
                id_of(catalogue, &first.text).map(|_| first.text.to_uppercase())
            })?;
        if decision {
            ids.push(id);
        }
    }
    Some(ids.join("\n"))
}

/// What a decision cell says: chosen (yes, chosen, a tick) or not (no,
/// not chosen, dropped, a cross); `None` for anything else.
fn decision_of(cell: &str) -> Option<bool> {
    let plain = crate::text::normalize(cell);
    match plain.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '.')) {
        "\u{2713}" | "\u{2714}" | "\u{2705}" => return Some(true),
        "\u{2717}" | "\u{2718}" | "\u{274c}" | "-" | "\u{2013}" | "\u{2014}" => return Some(false),
        _ => {}
    }
    let text = Text::new(&plain);
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let no = words.iter().any(|w| {
        matches!(
            *w,
            "no" | "not" | "n" | "dropped" | "excluded" | "rejected" | "skipped" | "out" | "false"
        )
    });
    let yes = words.iter().any(|w| {
        matches!(
            *w,
            "yes" | "y" | "chosen" | "selected" | "included" | "in" | "true" | "picked"
        )
    });
    match (yes, no) {
        (_, true) => Some(false),
        (true, false) => Some(true),
        (false, false) => None,
    }
}

/// The catalogue index of an id word ("p7"), when it is one.
fn id_of(catalogue: &Catalogue, word: &str) -> Option<usize> {
    let number: usize = word.strip_prefix('p')?.parse().ok()?;
    (1..=catalogue.items.len())
        .contains(&number)
        .then(|| number - 1)
}

/// The words after the id at `at` that say what is done with it: the rest
/// of its clause up to the next id, or, when a relative clause follows the
/// id ("P7, which needs it, is not chosen"), the predicate after that
/// clause, or, when the id closes an apposition ("both options, P1 and
/// P11, are not chosen"), the predicate after the comma.
fn predicate_of(text: &Text, at: usize, until: usize) -> Vec<&str> {
    let clause = text.words[at].clause;
    let mut out: Vec<&str> = text.words[at + 1..until]
        .iter()
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    let after = at + 1 + out.len();
    let opens_relative = text.words.get(after).is_some_and(|w| {
        w.sentence == text.words[at].sentence && RELATIVE.contains(&w.text.as_str())
    });
    // An id closing a group set off by commas or brackets ("Both
    // leave-cover options, P1 and P11, are not chosen", "(P1 and P11) are
    // left out"): the verb after the group is the id's (play-para-it23 B3).
    let after_apposition = text.words.get(after).is_some_and(|w| {
        w.sentence == text.words[at].sentence
            && text.gap(after).contains([',', ')', ']'])
            && PREDICATE.contains(&w.text.as_str())
    });
    if out.is_empty() && after_apposition {
        let predicate = text.words[after].clause;
        out.extend(
            text.words[after..]
                .iter()
                .take_while(|w| w.clause == predicate)
                .map(|w| w.text.as_str()),
        );
        return out;
    }
    if out.is_empty() && opens_relative {
        let relative = text.words[after].clause;
        let rest = (after..text.len()).find(|&k| text.words[k].clause != relative);
        if let Some(rest) = rest.filter(|&k| {
            text.words[k].sentence == text.words[at].sentence
                && PREDICATE.contains(&text.words[k].text.as_str())
        }) {
            let predicate = text.words[rest].clause;
            out.extend(
                text.words[rest..]
                    .iter()
                    .take_while(|w| w.clause == predicate)
                    .map(|w| w.text.as_str()),
            );
        }
    }
    out
}

fn chosen(catalogue: &Catalogue, body: &str) -> Chosen {
    let text = Text::new(body);
    let found: Vec<(usize, usize)> = (0..text.len())
        .filter_map(|at| id_of(catalogue, &text.words[at].text).map(|k| (at, k)))
        .collect();
    let left_out: Vec<bool> = found
        .iter()
        .enumerate()
        .map(|(n, (at, _))| {
            let until = found.get(n + 1).map_or(text.len(), |(next, _)| *next);
            let predicate = predicate_of(&text, *at, until);
            referenced(&text, *at)
                || denied(&text, *at)
                || predicate.iter().any(|w| LEFT_OUT.contains(w))
                || does_not_fit(&predicate)
                || put_off(&predicate)
                || counterfactual(&predicate)
                || left_out_by_its_value(&text, *at, until)
                || weighed_as_dearer(&text, &found, n)
                || ruled_out_through_a_pronoun(&text, &found, n)
        })
        .collect();
    let left_out = through_coordination(&text, &found, left_out);
    let left_out = through_nor(&text, &found, left_out);
    let mut left_out = in_the_reasons(&text, &found, left_out);
    for (n, out) in over_the_cap(catalogue, &text, &found)
        .into_iter()
        .enumerate()
    {
        left_out[n] |= out;
    }
    let left_out = rejecting_lines(&text, &found, left_out);
    // Ids offered as alternatives ("P3 or P4") hedge the plan when one of
    // them is chosen; "either" after a negation in its clause ("P7 is not
    // chosen either") adds the negation, and offers nothing.
    for (n, pair) in found.windows(2).enumerate() {
        let [(at, _), (next, _)] = pair else {
            continue;
        };
        let offered = (at + 1..*next).any(|k| {
            let w = &text.words[k];
            let negated_either = w.text == "either"
                && text.words[*at..k]
                    .iter()
                    .any(|b| b.clause == w.clause && NEGATING.contains(&b.text.as_str()));
            ALTERNATIVE.contains(&w.text.as_str()) && !negated_either
        });
        if offered && !(left_out[n] && left_out[n + 1]) {
            return Chosen::Hedged;
        }
    }
    let plan = found
        .iter()
        .zip(&left_out)
        .filter(|(_, out)| !**out)
        .fold(0u32, |plan, ((_, k), _)| plan | 1 << k);
    if plan == 0 {
        Chosen::Nothing
    } else {
        Chosen::Plan(plan)
    }
}

/// Participles that put an option off to a later plan: "P2 deferred to
/// next quarter", "P5 is postponed", "P7 parked for now".
const PUT_OFF: &[&str] = &["deferred", "postponed", "parked", "shelved"];

/// Words before "later" or a later period that put an option off to it:
/// "left for later", "kept until next quarter", "moved to next year".
const UNTIL_LATER: &[&str] = &["for", "until", "till", "to", "into"];

/// Periods after "next" past the plan's four weeks: "to next quarter".
const LATER_PERIODS: &[&str] = &["quarter", "year", "half", "cycle", "budget"];

/// Whether `words` (an id's predicate) put it off past this plan: a
/// [`PUT_OFF`] participle, or [`UNTIL_LATER`] before "later" or "next" and
/// a [`LATER_PERIODS`] word ("P2 is left for later", "P2 waits until next
/// quarter"). "Later" alone is a time inside the plan ("P5 runs later in
/// week 3") and puts nothing off.
fn put_off(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(k, w)| {
        let after = |d: usize| words.get(k + d).copied().unwrap_or("");
        PUT_OFF.contains(w)
            || (UNTIL_LATER.contains(w)
                && (after(1) == "later"
                    || (after(1) == "next" && LATER_PERIODS.contains(&after(2)))))
    })
}

/// Whether `words` (an id's predicate) say what the option would have
/// been or done ("P2 would have been my next pick", "P2 could have helped
/// too"): a counterfactual, so the option is not in the plan. "Would
/// have" before a noun ("P1 would have the biggest effect") is a forecast
/// of a chosen option.
fn counterfactual(words: &[&str]) -> bool {
    crate::text::unreal::modal_perfect(words).is_some()
}

/// Words that may open a clause before its pronoun subject: "so it's
/// out", "but it does not fit", "which means it is dropped".
const CLAUSE_LINKS: &[&str] = &[
    "so",
    "but",
    "and",
    "hence",
    "therefore",
    "thus",
    "which",
    "means",
    "meaning",
    "then",
    "yet",
];

/// Verbs before "out" that make it a place outside the plan: "it is
/// out", "it stays out", "it drops out" (beside [`OUT_VERBS`]: "ruled
/// out"). "It works out cheaper" leaves nothing out.
const OUT_OF_THE_PLAN: &[&str] = &[
    "is", "are", "was", "were", "be", "stays", "stay", "remains", "remain", "goes", "go", "falls",
    "fall", "drops", "drop",
];

/// Whether a clause (its words after the pronoun) rules its subject out
/// of the plan: "out" after a verb of being or leaving out, a leaving-out
/// participle, "not" before a word of choosing ("is not included"), a
/// judgement of unfit ([`does_not_fit`]), or a [`put_off`] or
/// [`counterfactual`] predicate. A bare "not" ("it is not optional")
/// rules nothing out.
fn rules_its_subject_out(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(k, w)| {
        let before = k.checked_sub(1).map_or("", |b| words[b]);
        let out = *w == "out" && (OUT_OF_THE_PLAN.contains(&before) || OUT_VERBS.contains(&before));
        let not_chosen = NEGATING.contains(&before) && CHOSEN.contains(w);
        out || LEFT_OUT_VALUES.contains(w) || not_chosen
    }) || does_not_fit(words)
        || put_off(words)
        || counterfactual(words)
}

/// Whether the id `found[n]` is ruled out by a later clause of its
/// sentence whose subject is a pronoun standing for it ("P9 would need
/// P3, so it's out", "P2 was next in line, but it doesn't fit under the
/// cap"): the id is the sentence's subject (its first id, in its first
/// clause, with the ids a list joins to it: "P2 and P4 need P5"; not an
/// object such as "needs P3" or "clashes with P1"), or the subject of an
/// aside it opens after a bracket or a dash, read to the aside's end
/// ("P2, P8, P9 (P6 would be next, but it does not fit)", play-it40 C1);
/// and after [`CLAUSE_LINKS`] words "it" stands for a subject of one id,
/// "they" for each id of the subject. The subject may be left out after
/// a link ("..., but not chosen"), and the writer may name the pronoun as
/// what they leave out ("..., but I'd skip it"; [`writer_leaves_out`]). A
/// clause that names an id of its own ("so P4 is out") is that id's; one
/// that does not rule its subject out ("so it starts in week 2", "(P6,
/// and it fits under the cap)") rules nothing out.
fn ruled_out_through_a_pronoun(text: &Text, found: &[(usize, usize)], n: usize) -> bool {
    let (at, _) = found[n];
    let sentence = text.words[at].sentence;
    // The first id of the list `n` stands in: an aside it opens is the
    // whole list's ("(P1 and P2 would be next, but they don't fit)").
    let mut head = n;
    while head > 0 && list_link(text, found, head).is_some() {
        head -= 1;
    }
    let aside = opens_an_aside(text, found[head].0);
    let first = if aside.is_some() {
        Some(head)
    } else {
        let first_clause = text.words[text.sentence_start(at)].clause;
        found
            .iter()
            .position(|(a, _)| text.words[*a].sentence == sentence)
            .filter(|&m| text.words[found[m].0].clause == first_clause)
    };
    let Some(first) = first else {
        return false;
    };
    let last = (first + 1..found.len())
        .take_while(|&m| list_link(text, found, m).is_some())
        .last()
        .unwrap_or(first);
    if !(first..=last).contains(&n) {
        return false;
    }
    let subjects = last - first + 1;
    // Whether word `k` stands in a bracketed aside another id opens: it
    // has a subject of its own ("P2, P8 (P6 and P7 would be next, but
    // they don't fit)" leaves P2 and P8 alone).
    let mut in_another_aside = false;
    let mut k = at + 1;
    while k < text.len() && text.words[k].sentence == sentence {
        let closes = text.gap(k).contains([')', ']']);
        // A bracketed aside ends at its closing bracket.
        if aside == Some(Aside::Bracket) && closes {
            break;
        }
        let another = found
            .iter()
            .any(|(a, _)| *a == k)
            .then(|| opens_an_aside(text, k));
        match another.flatten() {
            Some(Aside::Bracket) => in_another_aside = true,
            // One after a dash runs to the sentence's end.
            Some(Aside::Dash) => break,
            None if closes => in_another_aside = false,
            None => {}
        }
        let opens = text.words[k].clause != text.words[k - 1].clause;
        let clause = text.words[k].clause;
        let start = k;
        k += 1;
        if !opens || in_another_aside {
            continue;
        }
        let words: Vec<&str> = text.words[start..]
            .iter()
            .take_while(|w| w.clause == clause)
            .map(|w| w.text.as_str())
            .collect();
        let links = words
            .iter()
            .take_while(|w| CLAUSE_LINKS.contains(w))
            .count();
        let (Some(pronoun), rest) = (words.get(links), words.get(links + 1..).unwrap_or(&[]))
        else {
            continue;
        };
        let names_an_id = found
            .iter()
            .any(|(a, _)| (start..start + words.len()).contains(a));
        let stands_for = match *pronoun {
            "it" => subjects == 1,
            "they" => true,
            _ => false,
        };
        if names_an_id {
            continue;
        }
        let after_links = &words[links..];
        // "..., but I'd drop it if the budget shrinks" settles nothing.
        let settled = !after_links.iter().any(|w| CONDITION.contains(w));
        let subject_left_out = links > 0 && opens_a_predicate(pronoun);
        let object = if subjects == 1 { "it" } else { "them" };
        if (stands_for && rules_its_subject_out(rest))
            || (settled && subject_left_out && rules_its_subject_out(after_links))
            || (settled && writer_leaves_out(after_links, object))
        {
            return true;
        }
    }
    false
}

/// How an aside an id opens is set off.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Aside {
    /// After an opening bracket: it ends at the closing one.
    Bracket,
    /// After a dash between spaces: it runs to the sentence's end.
    Dash,
}

/// The aside the id at `at` opens, if any: a bracket or a dash right
/// before it, in its sentence ("P2, P8, P9 (P6 would be next, ...)",
/// "P2, P8, P9 \u{2014} P6 would be next, ...").
fn opens_an_aside(text: &Text, at: usize) -> Option<Aside> {
    let before = at.checked_sub(1)?;
    if text.words[before].sentence != text.words[at].sentence {
        return None;
    }
    let gap = text.gap(at);
    if gap.contains(['(', '[']) {
        Some(Aside::Bracket)
    } else if gap.contains(['\u{2013}', '\u{2014}']) || gap.contains(" - ") {
        Some(Aside::Dash)
    } else {
        None
    }
}

/// Whether `word` opens a predicate whose subject is left out after a
/// link ("..., but not chosen", "but is left out", "but dropped"): a
/// negation, a verb of being or becoming, or a leaving-out participle.
fn opens_a_predicate(word: &str) -> bool {
    NEGATING.contains(&word)
        || PREDICATE.contains(&word)
        || LEFT_OUT_VALUES.contains(&word)
        || OUT_VERBS.contains(&word)
        || matches!(word, "got" | "stayed" | "remained")
}

/// Verbs whose object the writer leaves out of the plan: "I'd skip it",
/// "we drop them", "I'd park it".
const LEAVING_VERBS: &[&str] = &[
    "drop", "exclude", "skip", "reject", "omit", "park", "shelve", "defer", "postpone",
];

/// Verbs whose object, with a particle after it, is left out: "I'd leave
/// it out", "we rule it out", "I'd set it aside".
const LEAVING_WITH_PARTICLE: &[(&str, &str)] = &[
    ("leave", "out"),
    ("rule", "out"),
    ("cut", "out"),
    ("keep", "out"),
    ("take", "out"),
    ("set", "aside"),
    ("put", "aside"),
];

/// Verbs of taking an option into the plan: denied ("I wouldn't choose
/// it", "we are not including them"), they leave it out.
const TAKING_VERBS: &[&str] = &["choose", "select", "pick", "include", "add", "fund", "take"];

/// Whether a clause (its words after the links) is the writer leaving
/// `object` ("it" or "them") out: the writer as subject ([`WRITERS`],
/// "i", "we"), then a [`LEAVING_VERBS`] verb with the object right after
/// it, a [`LEAVING_WITH_PARTICLE`] verb with the object and its particle,
/// "pass on" the object, or a denied [`TAKING_VERBS`] verb with the
/// object. A leaving-out denied ("I wouldn't drop it") or with another
/// object ("I'd skip the offsite") leaves nothing out.
fn writer_leaves_out(words: &[&str], object: &str) -> bool {
    if !words
        .first()
        .is_some_and(|w| WRITERS.contains(w) || matches!(*w, "i" | "we"))
    {
        return false;
    }
    (1..words.len()).any(|k| {
        let verb = words[k];
        let next = |d: usize| words.get(k + d).copied().unwrap_or("");
        let denied = words[1..k].iter().any(|w| NEGATING.contains(w));
        let leaves = (LEAVING_VERBS.iter().any(|v| is_form_of(verb, v)) && next(1) == object)
            || LEAVING_WITH_PARTICLE.iter().any(|(v, particle)| {
                is_form_of(verb, v) && next(1) == object && next(2) == *particle
            })
            || (is_form_of(verb, "pass") && next(1) == "on" && next(2) == object);
        let takes = TAKING_VERBS.iter().any(|v| is_form_of(verb, v)) && next(1) == object;
        (leaves && !denied) || (takes && denied)
    })
}

/// Words that leave an id out when they give its value after a colon or
/// a dash ("P11: excluded", "P11 \u{2014} dropped").
const LEFT_OUT_VALUES: &[&str] = &["excluded", "dropped", "rejected", "skipped", "omitted"];

/// Subjects that open a statement of the writer's own.
const WRITERS: &[&str] = &[
    "i", "id", "ill", "im", "ive", "we", "wed", "well", "were", "weve", "you", "lets",
];

/// Words after an opening "not" that add to a description rather than
/// leave the id out: "P7: not only lunches but a quarterly offsite".
const NOT_ONLY: &[&str] = &["only", "just", "merely", "simply"];

/// Whether the id at `at` is given a value after a colon or a dash in its
/// sentence ("- P11: not chosen (Tariq's hours)", "P11 \u{2014} excluded",
/// "P11: left out", "P11: no") and that value leaves it out: it opens with
/// "not" (not "not only", "not dropped"), it is "no" alone, or it holds a leaving-out
/// participle or phrasal verb ([`LEFT_OUT_VALUES`], "left out", "ruled
/// out") with no negation before it. The value is the id's clause after
/// the label as "P11 not chosen" was (play-it24 B3); a description ("P11:
/// owner Dalia, week 2", "P10: no overtime past 45 hours") or a verdict
/// that chooses ("P11: chosen", "P11: yes") leaves nothing out.
fn left_out_by_its_value(text: &Text, at: usize, until: usize) -> bool {
    let next = at + 1;
    let Some(first) = text.words.get(next) else {
        return false;
    };
    let gap = text.gap(next);
    let labelled = first.sentence == text.words[at].sentence
        && (gap.contains([':', '\u{2013}', '\u{2014}']) || gap.contains(" - "))
        && !gap.contains(['(', '[', ',']);
    if !labelled {
        return false;
    }
    let value: Vec<&str> = text.words[next..until.max(next)]
        .iter()
        .take_while(|w| w.clause == first.clause)
        .map(|w| w.text.as_str())
        .collect();
    // A clause with a subject of its own is the writer's next statement
    // ("P1 and P3 \u{2014} I'd leave out P2"), not this id's value.
    if value.first().is_some_and(|w| WRITERS.contains(w)) {
        return false;
    }
    match value.as_slice() {
        ["no"] => true,
        // "not dropped" leaves nothing out.
        ["not", second, ..] => {
            !(NOT_ONLY.contains(second)
                || LEFT_OUT_VALUES.contains(second)
                || OUT_VERBS.contains(second))
        }
        ["not"] => true,
        _ => value.iter().enumerate().any(|(k, w)| {
            let negated = value[..k].iter().any(|b| NEGATING.contains(b));
            let participle = LEFT_OUT_VALUES.contains(w);
            let phrasal = *w == "out" && (k == 0 || OUT_VERBS.contains(&value[k - 1]));
            (participle || phrasal) && !negated
        }),
    }
}

/// Per id of `found`, whether it is cited as what would break the budget
/// or a cap ("(P6 or P8) would push us over it", "P5 or P6 would exceed
/// the cap", "P3, P4 are too expensive"): the ids of one group (joined by
/// commas, "or", "and", maybe in brackets) share the predicate after the
/// last of them, which reads as breaking the cap when it is not negated.
/// Such ids are weighed, not offered.
fn over_the_cap(catalogue: &Catalogue, text: &Text, found: &[(usize, usize)]) -> Vec<bool> {
    let mut out = vec![false; found.len()];
    let mut first = 0;
    while first < found.len() {
        let mut last = first;
        while last + 1 < found.len() && grouped(text, found[last].0, found[last + 1].0) {
            last += 1;
        }
        let predicate = group_predicate(text, found[last].0);
        if breaks_the_cap(catalogue, &predicate) {
            out[first..=last].iter_mut().for_each(|o| *o = true);
        }
        first = last + 1;
    }
    out
}

/// Whether the ids at `a` and `b` are one group: in one sentence, with
/// only commas, slashes, brackets and "or" / "and" / "either" between.
fn grouped(text: &Text, a: usize, b: usize) -> bool {
    text.words[a].sentence == text.words[b].sentence
        && text.words[a + 1..b]
            .iter()
            .all(|w| matches!(w.text.as_str(), "or" | "and" | "either"))
        && (a + 1..=b).all(|k| {
            text.gap(k)
                .chars()
                .all(|c| c.is_whitespace() || matches!(c, ',' | '/' | '(' | ')'))
        })
}

/// The words that say what is done with the group whose last id stands at
/// `at`: the rest of its clause, or, when a bracket closes the group ("the
/// incident work (P6 or P8) would push us over it"), the clause after the
/// bracket, in the same sentence.
fn group_predicate(text: &Text, at: usize) -> Vec<&str> {
    let rest = text.rest_of_clause(at);
    if !rest.is_empty() {
        return rest;
    }
    match text.words.get(at + 1) {
        Some(next)
            if next.sentence == text.words[at].sentence && text.gap(at + 1).contains(')') =>
        {
            text.words[at + 1..]
                .iter()
                .take_while(|w| w.clause == next.clause)
                .map(|w| w.text.as_str())
                .collect()
        }
        _ => Vec::new(),
    }
}

/// What a plan goes over when it breaks a rule: "over the cap", "over
/// budget", "over Lucia's capacity".
const CAPS: &[&str] = &["cap", "caps", "budget", "limit", "ceiling", "capacity"];

/// Words that stand for the cap named before them, when they end the
/// predicate: "within the cap; P6 would push us over it".
const CAP_PRONOUNS: &[&str] = &["it", "that", "this"];

/// Words between "over" and a cap that make it a share of the cap ("just
/// over half the budget"), not a breach.
const SHARE: &[&str] = &[
    "half", "third", "thirds", "quarter", "quarters", "percent", "part",
];

/// Words before "hours" that make them an owner's allowance ("over her
/// 10 hours"), not an amount of work ("saves over 5 hours").
const WHOSE: &[&str] = &["her", "his", "their", "its"];

/// Verbs that break a cap on their own ("would exceed it").
const EXCEEDS: &[&str] = &["exceed", "overshoot", "overspend"];

/// Verbs that break a cap with one of [`CAPS`] after them ("would break
/// the budget", "blows the budget").
const BREAKS: &[&str] = &["break", "bust", "blow"];

/// Verbs that strain a limit named after them under "would": "would push
/// the budget's limits", "would stretch Javier's cap".
const STRAINS: &[&str] = &["push", "stretch", "strain"];

/// What [`STRAINS`] verbs break: a limit by name, never a budget alone
/// ("would push the budget to $12,500" is an amount, not a breach).
const LIMITS: &[&str] = &["limit", "limits", "cap", "caps", "ceiling"];

/// Whether `predicate` says its subject would break the budget or a cap:
/// over / above / beyond / past one of [`CAPS`] or the cap's own amount
/// within three words (no share of it between: "over half the budget"),
/// someone's hours, or "it" ending the predicate; an [`EXCEEDS`] verb; a
/// [`BREAKS`] verb before a cap; a [`STRAINS`] verb after "would" before
/// a limit; "too expensive" / "too costly". Never
/// under a negation ("would not push us over the cap").
fn breaks_the_cap(catalogue: &Catalogue, predicate: &[&str]) -> bool {
    if predicate.iter().any(|w| NEGATING.contains(w)) {
        return false;
    }
    let cap = catalogue.budget_cap.to_string();
    let a_cap = |after: &[&str]| {
        after
            .iter()
            .take_while(|w| {
                let number = w.starts_with(|c: char| c.is_ascii_digit());
                !SHARE.contains(w) && (!number || **w == cap)
            })
            .any(|w| CAPS.contains(w) || *w == cap)
    };
    predicate.iter().enumerate().any(|(k, w)| {
        let after = &predicate[k + 1..predicate.len().min(k + 4)];
        match *w {
            "over" | "above" | "beyond" | "past" => {
                let allowance = after.contains(&"hours")
                    && after.iter().any(|w| WHOSE.contains(w) || w.ends_with("'s"));
                let pronoun = after.len() == 1 && CAP_PRONOUNS.contains(&after[0]);
                allowance || pronoun || a_cap(after)
            }
            "too" => after
                .first()
                .is_some_and(|next| matches!(*next, "expensive" | "costly" | "dear")),
            _ if STRAINS.iter().any(|v| is_form_of(w, v)) => {
                // "P11 would push Javier's or the budget's limits".
                let would = predicate[..k]
                    .iter()
                    .any(|b| matches!(*b, "would" | "could" | "might"));
                let limit = predicate[k + 1..predicate.len().min(k + 7)]
                    .iter()
                    .any(|w| LIMITS.contains(w));
                would && limit
            }
            _ => {
                EXCEEDS.iter().any(|v| is_form_of(w, v))
                    || (BREAKS.iter().any(|v| is_form_of(w, v))
                        && a_cap(&after[..after.len().min(2)]))
            }
        }
    })
}

/// `left_out` with every id of a line under the first plan line left out
/// when the line's first id is ("P1 is not chosen: ...", "I left out P1:
/// ...", "P4 was dropped"): such a line gives the reasons for a choice, and
/// the ids it names are what was weighed ("the incident work (P6 or P8)
/// would push us over it"), through the end of the line. An id chosen in
/// its own clause there ("P9 is chosen instead") stays chosen.
fn rejecting_lines(text: &Text, found: &[(usize, usize)], mut left_out: Vec<bool>) -> Vec<bool> {
    let line_of = |at: usize| text.source[..text.words[at].start].matches('\n').count();
    let mut n = 0;
    while n < found.len() {
        let line = line_of(found[n].0);
        let end = (n..found.len())
            .find(|&m| line_of(found[m].0) != line)
            .unwrap_or(found.len());
        if line > 0 && left_out[n] && !referenced(text, found[n].0) {
            for m in n..end {
                left_out[m] |= !chosen_in_its_clause(text, found[m].0);
            }
        }
        n = end;
    }
    left_out
}

/// Whether the id at `at` is a reference rather than a choice: after a
/// [`REFERENCE`] word in its clause ("needs P6", "neither P3").
fn referenced(text: &Text, at: usize) -> bool {
    text.words[at.saturating_sub(2)..at]
        .iter()
        .any(|w| w.clause == text.words[at].clause && REFERENCE.contains(&w.text.as_str()))
}

/// Words after an id, in its clause, that choose it: "P2 is not chosen:
/// P1 and P3 are chosen instead".
const CHOSEN: &[&str] = &[
    "chosen", "selected", "picked", "kept", "included", "instead",
];

/// Whether the clause of the id at `at` chooses it, with no negation
/// there: then it is a choice, even in the reasons for leaving another
/// out.
fn chosen_in_its_clause(text: &Text, at: usize) -> bool {
    let rest = text.rest_of_clause(at);
    // "instead of P11" compares; only "chosen instead" chooses.
    let chooses = rest
        .iter()
        .enumerate()
        .any(|(k, w)| CHOSEN.contains(w) && !(*w == "instead" && rest.get(k + 1) == Some(&"of")));
    chooses && !rest.iter().any(|w| NEGATING.contains(w))
}

/// Words between two ids that set the first against the second: "P12
/// instead of P11", "P12 rather than P11", "P12 in place of P11", "P12
/// over P11".
const SET_AGAINST: &[&[&str]] = &[
    &["instead", "of"],
    &["rather", "than"],
    &["in", "place", "of"],
    &["over"],
];

/// Verbs that open a swap of one option for another: "swapping in P12 for
/// P11", "replacing P11 with P12", "switching from P11 to P12".
const SWAPS: &[&str] = &[
    "swap",
    "switch",
    "substitute",
    "replace",
    "trade",
    "exchange",
];

/// Words that may stand between the ids of a swap: "swapping P12 in for
/// P11", "swapping P11 out for P12", "replacing P11 with P12".
const SWAPPED_FOR: &[&str] = &["in", "out", "for", "with", "by", "to", "from", "and"];

/// Words before a judgement of cost that make it what an option would
/// do, not what it does: "would only cost more", "only makes things
/// dearer", "could just add cost".
const HYPOTHETICAL: &[&str] = &[
    "would", "could", "might", "only", "just", "merely", "simply",
];

/// Comparatives that judge an option worse on its own: "dearer",
/// "costlier", "worse".
const WORSE: &[&str] = &["dearer", "costlier", "pricier", "worse"];

/// What a cost is counted in: "add cost", "raise the total".
const COST_NOUNS: &[&str] = &[
    "cost", "costs", "expense", "spend", "total", "bill", "price",
];

/// Words after an option's judgement of cost, in its sentence, that set
/// a gain against it: "would cost more but covers on-call", "dearer,
/// though worth it".
const CONTRAST: &[&str] = &["but", "yet", "though", "although", "however", "worth"];

/// Whether `words` judge an option dearer or worse than what the plan
/// has, as what it would do: after a [`HYPOTHETICAL`] word, with no
/// negation from there on ("would cost no more"), a comparative ([`WORSE`], "more expensive", "more
/// costly"), a form of "cost" with "more" or "extra" within three words,
/// or a form of "add", "raise" or "increase" with a cost within three
/// words.
fn judged_dearer(words: &[&str]) -> bool {
    let Some(from) = words.iter().position(|w| HYPOTHETICAL.contains(w)) else {
        return false;
    };
    words.iter().enumerate().skip(from + 1).any(|(k, w)| {
        let near = &words[k + 1..words.len().min(k + 4)];
        WORSE.contains(w)
            || (*w == "more"
                && words
                    .get(k + 1)
                    .is_some_and(|n| matches!(*n, "expensive" | "costly")))
            || (is_form_of(w, "cost") && near.iter().any(|n| matches!(*n, "more" | "extra")))
            || (["add", "raise", "increase"]
                .iter()
                .any(|v| is_form_of(w, v))
                && near.iter().any(|n| COST_NOUNS.contains(n)))
    }) && !words[from..].iter().any(|w| NOT_FIT.contains(w))
}

/// Whether the ids at `a` and `b` are compared in one clause: with
/// [`SET_AGAINST`] words between them, or, after a [`SWAPS`] verb before
/// `a` in its clause, with only [`SWAPPED_FOR`] words between.
fn set_against(text: &Text, a: usize, b: usize) -> bool {
    let clause = text.words[a].clause;
    if text.words[b].clause != clause {
        return false;
    }
    let between: Vec<&str> = text.words[a + 1..b]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    if SET_AGAINST.contains(&between.as_slice()) {
        return true;
    }
    let swapped = text.words[..a]
        .iter()
        .rev()
        .take_while(|w| w.clause == clause)
        .any(|w| SWAPS.iter().any(|v| is_form_of(&w.text, v)));
    swapped && !between.is_empty() && between.iter().all(|w| SWAPPED_FOR.contains(w))
}

/// Whether the id `found[n]` is weighed, not chosen, by a judgement of
/// what it would cost: the ids one clause compares or swaps ("P12 instead
/// of P11", "swapping in P12 for P11"), or the id alone, with a predicate
/// after the last of them that judges it dearer ([`judged_dearer`]: "only
/// makes things dearer", "would only cost more") and no gain set against
/// that in the rest of the sentence. Such a clause rejects the change;
/// the plan line chooses what it keeps.
fn weighed_as_dearer(text: &Text, found: &[(usize, usize)], n: usize) -> bool {
    let mut last = n;
    while last + 1 < found.len() && set_against(text, found[last].0, found[last + 1].0) {
        last += 1;
    }
    let at = found[last].0;
    let until = found.get(last + 1).map_or(text.len(), |(next, _)| *next);
    let sentence = text.words[at].sentence;
    let contrasted = text.words[at + 1..]
        .iter()
        .take_while(|w| w.sentence == sentence)
        .any(|w| CONTRAST.contains(&w.text.as_str()));
    !contrasted && judged_dearer(&predicate_of(text, at, until))
}

/// Words that open the reasons for leaving an id out: "P4 is left out
/// because it needs P2".
const BECAUSE: &[&str] = &["because", "since", "as", "given", "due", "why"];

/// Verbs right before an id that leave it out: "we drop P5".
const LEAVES_OUT: &[&str] = &[
    "drop",
    "drops",
    "dropping",
    "exclude",
    "excludes",
    "excluding",
    "skip",
    "skipping",
    "reject",
    "rejecting",
    "omit",
    "omitting",
];

/// Phrasal verbs right before an id that leave it out: "I'd leave out P3".
const LEAVES_OUT_PHRASAL: &[[&str; 2]] = &[
    ["leave", "out"],
    ["leaving", "out"],
    ["left", "out"],
    ["rule", "out"],
    ["rules", "out"],
    ["ruling", "out"],
    ["ruled", "out"],
    ["pass", "on"],
    ["passing", "on"],
    ["set", "aside"],
    ["setting", "aside"],
];

/// Per id of `found`, whether a verb before it leaves it out ("we drop
/// P5", "I'd leave out P3 and P5"): the id right after the verb, and the
/// ids coordinated with it by commas and one closing "and" or "nor"
/// unless one of them is a subject of its own ("we drop P3, and P5 is
/// chosen").
fn dropped_by_a_verb(text: &Text, found: &[(usize, usize)]) -> Vec<bool> {
    let mut out = vec![false; found.len()];
    for (n, (at, _)) in found.iter().enumerate() {
        let clause = text.words[*at].clause;
        let from = at.saturating_sub(2);
        let same_clause = text.words[from..*at].iter().all(|w| w.clause == clause);
        let before: Vec<&str> = text.words[from..*at]
            .iter()
            .map(|w| w.text.as_str())
            .collect();
        let single = text.words[from..*at]
            .iter()
            .any(|w| w.clause == clause && LEAVES_OUT.contains(&w.text.as_str()));
        let phrasal = same_clause && LEAVES_OUT_PHRASAL.iter().any(|p| before == p);
        if !(single || phrasal) || out[n] {
            continue;
        }
        out[n] = true;
        for m in n + 1..found.len() {
            let Some(link) = list_link(text, found, m) else {
                break;
            };
            let next = found[m].0;
            if subject_alone(text, next) || chosen_in_its_clause(text, next) {
                break;
            }
            out[m] = true;
            if link == ListLink::Closing {
                break;
            }
        }
    }
    out
}

/// Words that end a clause leaving out what follows its colon: "The two
/// leave-cover options are left out: ...", "Excluded: P1, P11".
const LEAVING_OUT_END: &[&str] = &[
    "excluded", "dropped", "rejected", "skipped", "omitted", "aside",
];

/// Words before a closing "out" that make it leave out: "left out:",
/// "ruled out:", "cut out:" (not "rolled out:").
const OUT_VERBS: &[&str] = &[
    "left", "leave", "leaving", "ruled", "rule", "ruling", "kept", "keep", "cut", "crossed",
    "counted", "dropped", "taken",
];

/// Per sentence, the last word of each clause that ends at a colon and
/// leaves out what the colon opens ("The two leave-cover options are left
/// out:", "Not chosen:", "Excluded:"), with no negation of the leaving
/// out ("nothing is left out:"): the ids after it in its sentence are the
/// ones left out or the reasons why, not choices (play-para-it23 C1).
fn left_out_titles(text: &Text) -> Vec<(u32, usize)> {
    (0..text.len())
        .filter(|&i| {
            let next = text.words.get(i + 1);
            let same_sentence = next.is_some_and(|n| n.sentence == text.words[i].sentence);
            let colon = same_sentence && text.gap(i + 1).contains(':');
            // "Neither on-call option fits \u{2014} P12 drags in P4": a dash
            // opens the reasons of a judgement of fit as a colon does.
            let dash = same_sentence
                && (text.gap(i + 1).contains(['\u{2013}', '\u{2014}'])
                    || text.gap(i + 1).contains(" - "));
            if !colon && !dash {
                return false;
            }
            let clause = text.words[i].clause;
            let from = (0..=i)
                .rev()
                .take_while(|&k| text.words[k].clause == clause)
                .last()
                .unwrap_or(i);
            let words: Vec<&str> = text.words[from..=i]
                .iter()
                .map(|w| w.text.as_str())
                .collect();
            let negated = words
                .iter()
                .any(|w| NEGATING.contains(w) || matches!(*w, "nothing" | "none"));
            if does_not_fit(&words) {
                return true;
            }
            if !colon {
                return false;
            }
            match words.as_slice() {
                [.., verb, "out"] => OUT_VERBS.contains(verb) && !negated,
                [.., last] if LEAVING_OUT_END.contains(last) => !negated,
                [.., last] if CHOSEN.contains(last) || matches!(*last, "used" | "funded") => {
                    negated && *last != "instead"
                }
                _ => false,
            }
        })
        .map(|i| (text.words[i].sentence, i))
        .collect()
}

/// Words that judge an option fit to run: "fits", "works", "suits", "is
/// viable", "makes sense", and that let it into the plan: "can't join",
/// "doesn't make the cut".
const FITS: &[&str] = &[
    "fit", "fits", "work", "works", "suit", "suits", "viable", "feasible", "workable", "sense",
    "join", "joins", "cut",
];

/// Negations of a judgement of fit, contracted ones too: "doesn't fit",
/// "none of them works", "neither option is viable".
const NOT_FIT: &[&str] = &[
    "not", "never", "nor", "neither", "no", "none", "doesnt", "dont", "isnt", "arent", "wont",
    "cannot", "cant",
];

/// Words that may stand between a negation and its judgement of fit:
/// "does not fit", "isn't a good fit", "is not really viable", "doesn't
/// make sense".
const FIT_BETWEEN: &[&str] = &[
    "does", "do", "is", "are", "a", "an", "good", "really", "quite", "make", "makes", "any",
    "either", "the",
];

/// Words right after a judgement of fit that make it a condition rather
/// than a verdict: "P10 doesn't work without P9".
const FIT_UNLESS: &[&str] = &["without", "unless", "alone", "except", "until"];

/// Whether a clause rules options out by judging them unfit: a clause
/// that opens with a negation ("Neither on-call option fits", "None of
/// the cover options works", "No on-call option is viable"), or a
/// negation right before the judgement ("P12 doesn't fit", "is not
/// viable", "does not make sense"), with no "other" or "else" that sets
/// the rest against a choice ("no other option fits as well") and no
/// condition after it ("doesn't work without P9"). A clause that judges
/// an option fit ("P12 fits") rules nothing out (play-it28 C1).
fn does_not_fit(words: &[&str]) -> bool {
    if words.iter().any(|w| matches!(*w, "other" | "else")) {
        return false;
    }
    words.iter().enumerate().any(|(k, w)| {
        let judged = match *w {
            "sense" => k > 0 && matches!(words[k - 1], "make" | "makes"),
            "cut" => k > 1 && words[k - 1] == "the" && matches!(words[k - 2], "make" | "makes"),
            _ => FITS.contains(w),
        };
        if !judged || words.get(k + 1).is_some_and(|n| FIT_UNLESS.contains(n)) {
            return false;
        }
        let opens = words
            .first()
            .is_some_and(|f| matches!(*f, "neither" | "none" | "no" | "nor") && k > 0);
        let close = words[..k]
            .iter()
            .rev()
            .take(4)
            .take_while(|b| NOT_FIT.contains(b) || FIT_BETWEEN.contains(b))
            .any(|b| NOT_FIT.contains(b));
        opens || close
    })
}

/// `left_out` with what a sentence that rules ids out goes on to say:
/// once an id is left out ("P8 and P7 are not chosen", "we drop P5"),
/// the ids named in the reasons after it in that sentence (after a colon,
/// bracket or dash, or "because") are the reasons' subject or what they
/// need ("P7 needs P9", "(P5 requires P6)"), not choices, and a later
/// mention of an id left out is about why it was.
fn in_the_reasons(text: &Text, found: &[(usize, usize)], mut left_out: Vec<bool>) -> Vec<bool> {
    for (n, out) in dropped_by_a_verb(text, found).into_iter().enumerate() {
        left_out[n] |= out;
    }
    let titles = left_out_titles(text);
    let mut ruled_out: BTreeSet<usize> = BTreeSet::new();
    // The word index where the last left-out id of the current sentence
    // stood, and whether a reason has opened since.
    let mut ruling: Option<(u32, usize)> = None;
    for (n, (at, k)) in found.iter().enumerate() {
        let sentence = text.words[*at].sentence;
        let after_a_title = titles.iter().any(|&(s, end)| s == sentence && end < *at);
        let in_reasons = (after_a_title
            || ruling.is_some_and(|(s, from)| {
                s == sentence
                    && (from + 1..=*at).any(|i| {
                        let gap = text.gap(i);
                        gap.contains([':', '(', '[', '\u{2014}', '\u{2013}'])
                            || gap.contains(" - ")
                            || (i < *at && BECAUSE.contains(&text.words[i].text.as_str()))
                    })
            }))
            && !chosen_in_its_clause(text, *at);
        // An id only referred to ("needs P9") rules nothing out.
        let rules_out = left_out[n] && !referenced(text, *at) && !in_reasons;
        if in_reasons || ruled_out.contains(k) {
            left_out[n] = true;
        }
        if rules_out {
            ruled_out.insert(*k);
            if ruling.is_none_or(|(s, _)| s != sentence) {
                ruling = Some((sentence, *at));
            }
        }
    }
    left_out
}

/// Verbs whose subject is one id: "P1, P2, P4 and P11, and P3 is not
/// chosen" leaves out P3 alone.
const SINGULAR: &[&str] = &[
    "is", "was", "has", "does", "stays", "remains", "gets", "isnt", "wasnt", "doesnt",
];

/// `left_out` (per id of `found`, from each id's own clause) with a
/// coordinated subject read as one: ids in one sentence joined by commas
/// and one closing "and" or "nor" share the predicate after the last of
/// them ("P3, P6 and P10 not chosen", "P3 and P10 are left out"), so a
/// negation there leaves out each. A singular verb after the last id
/// ("..., and P3 is not chosen") makes it the subject alone; "or" joins
/// alternatives, not a subject.
/// "..., nor P9 or P10": an id joined by "or" or "and" to one after "nor"
/// or "neither" is denied with it.
fn through_nor(text: &Text, found: &[(usize, usize)], mut left_out: Vec<bool>) -> Vec<bool> {
    let mut denied_run = false;
    for n in 0..found.len() {
        let at = found[n].0;
        let after_nor = text.words[at.saturating_sub(2)..at].iter().any(|w| {
            w.clause == text.words[at].clause && matches!(w.text.as_str(), "nor" | "neither")
        });
        let joined = n > 0 && {
            let between: Vec<&str> = text.words[found[n - 1].0 + 1..at]
                .iter()
                .map(|w| w.text.as_str())
                .collect();
            matches!(between.as_slice(), ["or"] | ["and"])
        };
        denied_run = after_nor || (denied_run && joined);
        if denied_run {
            left_out[n] = true;
        }
    }
    left_out
}

fn through_coordination(
    text: &Text,
    found: &[(usize, usize)],
    mut left_out: Vec<bool>,
) -> Vec<bool> {
    let mut n = found.len();
    while n > 1 {
        n -= 1;
        if !left_out[n]
            || subject_alone(text, found[n].0)
            || list_link(text, found, n) != Some(ListLink::Closing)
        {
            continue;
        }
        // The list runs back over commas from the closing "and".
        let mut first = n - 1;
        while first > 0 && list_link(text, found, first) == Some(ListLink::Comma) {
            first -= 1;
        }
        // "P1 and P3, and P4 not chosen": a comma before the "and" closes
        // a list of three or more, not of two.
        let comma_and = text.gap(found[n].0 - 1).contains(',');
        if comma_and && n - first < 2 {
            continue;
        }
        left_out[first..n].iter_mut().for_each(|out| *out = true);
    }
    left_out
}

/// How the id before `found[n]` joins it in one list of ids: by a comma
/// alone, or by a closing "and" or "nor" (maybe after a comma). `None`:
/// not one list (other words between, another sentence, other marks).
#[derive(Clone, Copy, PartialEq, Eq)]
enum ListLink {
    Comma,
    Closing,
}

fn list_link(text: &Text, found: &[(usize, usize)], n: usize) -> Option<ListLink> {
    let (before, _) = found[n - 1];
    let (at, _) = found[n];
    if text.words[before].sentence != text.words[at].sentence {
        return None;
    }
    let gaps_plain =
        (before + 1..=at).all(|k| text.gap(k).chars().all(|c| c == ',' || c.is_whitespace()));
    match &text.words[before + 1..at] {
        [] if gaps_plain => Some(ListLink::Comma),
        [w] if gaps_plain && matches!(w.text.as_str(), "and" | "nor") => Some(ListLink::Closing),
        _ => None,
    }
}

/// Whether the id at `at` is the subject of a singular verb of its own
/// ("..., and P3 is not chosen"), so no list before it carries over.
fn subject_alone(text: &Text, at: usize) -> bool {
    text.words
        .get(at + 1)
        .is_some_and(|w| w.clause == text.words[at].clause && SINGULAR.contains(&w.text.as_str()))
}

fn describe(catalogue: &Catalogue, plan: u32) -> String {
    format!(
        "{} (value {}, cost {})",
        catalogue.ids(plan).join(", "),
        catalogue.value(plan),
        dollars(catalogue.cost(plan))
    )
}

fn breach_text(
    catalogue: &Catalogue,
    breach: &Breach,
    name_of: impl Fn(Owner) -> String,
) -> String {
    let id = |k: &usize| catalogue.items[*k].id.as_str();
    match breach {
        Breach::OverBudget { cost, cap } => {
            format!("costs {} over the {} cap", dollars(*cost), dollars(*cap))
        }
        Breach::OverCapacity { owner, hours, cap } => format!(
            "asks {} for {hours} hours a week, over the {cap} they can give",
            name_of(*owner)
        ),
        Breach::MissingPrerequisite { item, needs } => {
            format!("has {} without {}, which it needs", id(item), id(needs))
        }
        Breach::Excluded(a, b) => format!("has {} and {}, which cannot run together", id(a), id(b)),
    }
}

fn plan(case: &PlanCase, catalogue: &Catalogue, chosen: Option<&Chosen>) -> (Points, String) {
    let best = catalogue.best;
    let expected = format!("the best plan is {}", describe(catalogue, best));
    let name_of = |owner: Owner| format!("{} ({})", case.name_of(owner), owner.role());
    match chosen {
        None => (
            Points::ZERO,
            format!("Plan: no labelled interventions section; {expected}."),
        ),
        Some(Chosen::Nothing) => (
            Points::ZERO,
            format!("Plan: no intervention id read; {expected}."),
        ),
        Some(Chosen::Hedged) => (
            Points::ZERO,
            format!(
                "Plan: ids offered as alternatives (\"P3 or P4\", or sections that give other \
                 ids), not one plan; {expected}."
            ),
        ),
        Some(Chosen::Plan(plan)) if *plan == best => (
            Points::FULL,
            format!("Plan: {}, the best plan.", describe(catalogue, *plan)),
        ),
        Some(Chosen::Plan(plan)) => {
            let breaches = catalogue.breaches(*plan);
            if breaches.is_empty() {
                let score = Points::ratio(
                    u64::from(catalogue.value(*plan)),
                    2 * u64::from(catalogue.value(best).max(1)),
                );
                (
                    score,
                    format!(
                        "Plan: {} keeps every rule but is not the best; {expected}.",
                        describe(catalogue, *plan)
                    ),
                )
            } else {
                let why: Vec<String> = breaches
                    .iter()
                    .map(|b| breach_text(catalogue, b, name_of))
                    .collect();
                (
                    Points::ZERO,
                    format!(
                        "Plan: {} breaks the rules: it {}; {expected}.",
                        describe(catalogue, *plan),
                        why.join("; it ")
                    ),
                )
            }
        }
    }
}

fn budget(
    catalogue: &Catalogue,
    chosen: Option<&Chosen>,
    totals: &OneValue<u64>,
) -> (Points, String) {
    let read = match totals {
        OneValue::One(t) => dollars(u32::try_from(*t).unwrap_or(u32::MAX)),
        OneValue::Missing => "no total".to_owned(),
        OneValue::Hedged(_) => "a range or alternatives, not one total".to_owned(),
    };
    let cap = catalogue.budget_cap;
    let Some(Chosen::Plan(plan)) = chosen else {
        return (
            Points::ZERO,
            format!("Budget: read {read}; no plan was read to cost."),
        );
    };
    let cost = catalogue.cost(*plan);
    let right = totals.one() == Some(&u64::from(cost)) && cost <= cap;
    (
        if right { Points::FULL } else { Points::ZERO },
        format!(
            "Budget: read {read}; the chosen interventions cost {} together, against a cap of {}.",
            dollars(cost),
            dollars(cap)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::it_mental_health::plan::generate_at;
    use crate::it_mental_health::reading::sections::parse;

    /// A level-5 case with its catalogue.
    fn case() -> (PlanCase, Catalogue) {
        let case = generate_at(5, 7);
        let catalogue = case.catalogue.clone().expect("level 5 has a catalogue");
        (case, catalogue)
    }

    #[test]
    fn ids_in_the_interventions_section_read_as_the_plan() {
        let (_, catalogue) = case();
        let n = catalogue.items.len();
        assert!(n >= 3);
        let plan = |body: &str| chosen(&catalogue, body);
        assert_eq!(plan("P1, P3"), Chosen::Plan(0b101));
        assert_eq!(plan("- P1 (conduct session)\n- P3"), Chosen::Plan(0b101));
        assert_eq!(plan("P1 + P3; P2 not chosen"), Chosen::Plan(0b101));
        assert_eq!(
            plan("P1 and P3. P2 is skipped because it needs P4."),
            Chosen::Plan(0b101)
        );
        assert_eq!(plan("P1, P2 or P3"), Chosen::Hedged);
        assert_eq!(plan("none of them"), Chosen::Nothing);
        // An id past the catalogue is no id.
        assert_eq!(plan(&format!("P1, P{}", n + 1)), Chosen::Plan(0b1));
        // Negation with "either", and past a relative clause between an id
        // and its verb (play-mcp1, B3); "neither ... nor" leaves both out.
        for left_out in [
            "P1, P3; P2 is not chosen (too expensive), and so P4, which needs it, is not chosen \
             either.",
            "P1, P3; P2 is not chosen (too expensive), and so P4 is not chosen either, since it \
             needs P2.",
            "P1, P3; P2 is not chosen, nor is P4.",
            "P1, P3; neither P2 nor P4 is chosen.",
            "P1, P3. P4, which would need P2, is left out as well: not chosen.",
            // A negation after coordinated ids leaves out each (play-it4).
            "P1, P3 (P2, P4 and P5 not chosen.)",
            "P1, P3; P2 and P4 are left out.",
            "P1, P3; P2, P4, and P5 were dropped.",
            // Ids named in the reasons after a ruling are not chosen, nor
            // is an id ruled out named again (play-it7, B7).
            "- P3\n- P1\nP4 and P2 are not chosen: Vikram can't give P4's hours on top of P1, \
             and P2 needs P5, which breaks the cap.",
            "P1, P3. P4 is left out because it needs P2.",
            "P1, P3; we drop P4 (P4 requires P2).",
            "P1, P3. P2 is not chosen. P2 would need P4 as well.",
            // A phrasal verb, and a verb before coordinated ids, leaves
            // out each (play-it9, B1).
            "Interventions: P1 and P3 — I'd leave out P2 and P4.",
            "P1, P3; we're leaving out P2, P4 and P5 (over the cap).",
            "P1 and P3. We drop P2 and P4.",
            "P1, P3, ruling out P4 and P2.",
            // "nor" reaches the ids joined to it (para-it5).
            "- P1\n- P3\nP2 is not chosen, nor P4 or P5: they break the cap.",
            "P1, P3. Neither P2 nor P4 or P5 fits the cap.",
            // Negation reaches ids set off by commas or brackets, and a
            // title that leaves out covers what its colon opens
            // (play-para-it23 B3, C1).
            "P1, P3. Both leave-cover options, P2 and P4, are not chosen.",
            "P1, P3. Both options, P2 and P4, are left out: P2 cannot run with P3, and P4 costs \
             too much.",
            "P1, P3. The two options (P2 and P4) are excluded.",
            "P1, P3. The option we weighed, P4, was dropped.",
            "P1, P3. The two leave-cover options are left out: P2 cannot run with P3, and P4 \
             would push Javier's or the budget's limits.",
            "P1, P3. Not chosen: P2, P4.",
            "P1, P3 (excluded: P2 and P4)",
            "P1, P3. Ruled out: P2, since P4 needs it, and P4.",
            // An id given a value that leaves it out, after a colon or a
            // dash, is not chosen (play-it24 B3).
            "- P1: restart 1:1s\n- P3: Q&A\n- P2: not chosen (hours and the clash with P1)",
            "- P1: restart 1:1s\n- P3: Q&A\n- P2: not chosen",
            "- P1\n- P3\n- P2 \u{2014} excluded (over the cap)\n- P4 \u{2013} dropped",
            "- P1\n- P3\n- P2: left out, it needs P4\n- P4: ruled out",
            "- P1: yes\n- P2: no\n- P3: yes\n- P4: no (clashes with P1)",
            "- P1: chosen\n- P2: not selected\n- P3: chosen\n- P4 - not in the plan",
            "P1: restart 1:1s. P3: Q&A. P2: not this time. P4: not affordable.",
            // A judgement of fit that rules options out covers the reasons
            // after its colon or dash: what an excluded id drags in, needs
            // or clashes with is not chosen, while an id chosen before
            // stays chosen (play-it28 C1).
            "P1 and P3. P6 is not chosen, nor is P7. Neither on-call option fits: P2 drags in \
             the offsite P4 and clashes with P3, and P5 needs P8, which costs more than it adds.",
            "P1 and P3. None of the cover options works: P2 requires P4, and P5 clashes with P1.",
            "P1 and P3. No on-call option is viable: P2 drags in P4 and P5 needs P6.",
            "P1 and P3. Neither of the leave options makes sense \u{2014} P2 needs P4, and P5 \
             breaks Javier's hours.",
            "P1 and P3. None of them suits this team: P2 drags in P4, P5 is too dear.",
            "P1 and P3. P2 doesn't fit: it drags in P4 and clashes with P1.",
            "P1 and P3. P2 does not work here: it needs P4 and P5.",
            "P1, P3. P2 isn't a good fit: it would need P4.",
        ] {
            assert_eq!(plan(left_out), Chosen::Plan(0b101), "{left_out}");
        }
        // Near misses of a judgement of fit: one that judges an option fit,
        // ids that work together, an id named with no exclusion around
        // it, a fit under a condition, or a judgement of the rest
        // ("nothing else") stays a choice.
        for (body, want) in [
            ("P1 and P3. P2 fits: it drags in P4.", Chosen::Plan(0b1111)),
            ("P1 and P3. P2 and P4 work together.", Chosen::Plan(0b1111)),
            (
                "P1 and P3. P2 drags in P4 and clashes with nothing.",
                Chosen::Plan(0b1111),
            ),
            (
                "P1 and P3. No other option fits as well: P2 and P4 run too.",
                Chosen::Plan(0b1111),
            ),
        ] {
            assert_eq!(plan(body), want, "{body}");
        }
        // Near misses of a value that leaves out: a description or a
        // verdict that chooses is still a choice.
        for chosen_all in [
            "- P1: chosen\n- P2: yes\n- P3: chosen\n- P4: owner Dalia, week 2",
            "- P1: no overtime past 45 hours\n- P2: not only lunches but an offsite\n- P3: \
             Q&A\n- P4: not dropped after all",
            "- P1 \u{2014} restart 1:1s\n- P2: no-blame reviews\n- P3: Q&A\n- P4: \
             covers both leave gaps",
        ] {
            assert_eq!(plan(chosen_all), Chosen::Plan(0b1111), "{chosen_all}");
        }
        // Still offered as alternatives, or still chosen.
        assert_eq!(plan("P1, P3, either P2 or P4"), Chosen::Hedged);
        assert_eq!(
            plan("P1, P3; P2 is not chosen, or maybe P4"),
            Chosen::Hedged
        );
        assert_eq!(
            plan("P1, P3, and P4, which needs P2, is chosen too"),
            Chosen::Plan(0b1101)
        );
        // A singular verb leaves out the last id alone; a comma before the
        // "and" of two ids closes no list; "or" offers alternatives.
        assert_eq!(
            plan("P1, P3 and P4, and P2 is not chosen"),
            Chosen::Plan(0b1101)
        );
        assert_eq!(plan("P1 and P3, and P2 not chosen"), Chosen::Plan(0b101));
        // A verb that leaves out one id reaches no id that is a subject of
        // its own.
        assert_eq!(
            plan("We drop P2, and P1 is chosen with P3."),
            Chosen::Plan(0b101)
        );
        assert_eq!(
            plan("P1, P3 (P2 and P4 are chosen too)"),
            Chosen::Plan(0b1111)
        );
        assert_eq!(plan("P1, P3 (P2 or P4 not chosen)"), Chosen::Hedged);
        // Still chosen: an id named before the ruling, in another
        // sentence, or a listed one a reason needs.
        assert_eq!(
            plan("P1 and P3 are chosen; P2 is not chosen."),
            Chosen::Plan(0b101)
        );
        assert_eq!(
            plan("P2 is not chosen. P1 and P3 are."),
            Chosen::Plan(0b101)
        );
        assert_eq!(
            plan("- P1 (needs P3)\n- P3\nP2 is not chosen: it costs more than P1."),
            Chosen::Plan(0b101)
        );
        assert_eq!(
            plan("P2 is not chosen: P1 and P3 are chosen instead."),
            Chosen::Plan(0b101)
        );
        // A hedge in the reasons is still a hedge.
        assert_eq!(
            plan("P1, P3; P2 is not chosen, or maybe P4"),
            Chosen::Hedged
        );
        // Near misses of an apposition or a title that leaves out: still
        // chosen, or still offered.
        for (body, want) in [
            (
                "P1, P3. Both options, P2 and P4, are chosen too.",
                Chosen::Plan(0b1111),
            ),
            (
                "P1, P3. Nothing is left out: P2 and P4 run too.",
                Chosen::Plan(0b1111),
            ),
            ("P1, P3. Also rolled out: P2 and P4.", Chosen::Plan(0b1111)),
            (
                "P1, P3. Left out: P2, and P4 is chosen instead.",
                Chosen::Plan(0b1101),
            ),
            ("P1, P3. Chosen: P2 and P4.", Chosen::Plan(0b1111)),
            (
                "P1, P3. P4 would push the budget to $900.",
                Chosen::Plan(0b1101),
            ),
            (
                "P1, P3. Both options, P2 or P4, would work.",
                Chosen::Hedged,
            ),
        ] {
            assert_eq!(plan(body), want, "{body}");
        }
    }

    #[test]
    fn an_option_weighed_as_dearer_is_not_chosen() {
        let (_, catalogue) = case();
        let plan = |body: &str| chosen(&catalogue, body);
        // An option set against a kept one, or alone, and judged dearer or
        // worse as what it would do, is weighed: the plan line chooses what
        // the comparison keeps (play-it34 B1).
        for body in [
            "I choose P1 and P3. P2 instead of P3 only makes things dearer.",
            "I choose P1 and P3. Swapping in P2 for P3 would only cost more.",
            "P1 and P3. Swapping P2 in for P3 would just add cost.",
            "P1 and P3; P2 rather than P3 would only raise the total.",
            "P1, P3. Replacing P3 with P2 would only increase the bill.",
            "P1, P3. P2 in place of P3 would be more expensive.",
            "P1 and P3. Switching from P3 to P2 would cost $500 more.",
            "P1 and P3. P2 would only make the plan costlier.",
            "P1 and P3. Rather than P3, P2 would only cost more.",
            "P1 and P3. P2 over P3 could only be worse value.",
            "P1 and P3. P2 and P4 would only add to the cost.",
            "P1 and P3. A fourth option does not fit under the cap: P4 would take the total to \
             $13,250 and P2 instead of P3 only makes things dearer.",
        ] {
            assert_eq!(plan(body), Chosen::Plan(0b101), "{body}");
        }
        // Near misses: an option chosen instead of another, a cost set
        // against a gain, a denied cost, a cost given after a colon, and
        // something added that is no cost stay choices.
        for (body, want) in [
            ("P1 and P2 instead of P3.", Chosen::Plan(0b011)),
            ("I choose P1 and P2 rather than P3.", Chosen::Plan(0b011)),
            (
                "P1 and P3. P2 instead of P4 would cost more but covers the incidents.",
                Chosen::Plan(0b111),
            ),
            (
                "P1 and P3, plus P2, though it would only cost more.",
                Chosen::Plan(0b111),
            ),
            ("P1 and P3. P2 would cost no more.", Chosen::Plan(0b111)),
            (
                "P1 and P3. P2 instead of P4 would cost no more.",
                Chosen::Plan(0b111),
            ),
            (
                "P1, P3 and P2: it would only cost $500 more.",
                Chosen::Plan(0b111),
            ),
            (
                "P1 and P3. P2 would only add a weekly review.",
                Chosen::Plan(0b111),
            ),
            ("P1 and P3. P2 costs $500 more.", Chosen::Plan(0b111)),
            ("P1, P3 or P2 would only cost more.", Chosen::Hedged),
        ] {
            assert_eq!(plan(body), want, "{body}");
        }
    }

    #[test]
    fn an_option_named_with_a_rejection_is_not_chosen() {
        let (_, catalogue) = case();
        let read = |body: &str| plan_of_copies(&catalogue, std::iter::once(&section(body)));
        // An option named with a rejection (out, can't join, deferred,
        // would have been, left for later) is not chosen, on the plan line
        // or on a line of reasons under it, also when a pronoun stands
        // for it in a later clause (play-it39 B1).
        for body in [
            "P1, P3\nP1 automates the deploys. The conduct work can't join: P2 clashes with P1 \
             and P4 clashes with P3.",
            "P1, P3; P4 would need P2, so it's out.",
            "P1, P3\nP2 would have been my next pick, but it does not fit under the cap with P1.",
            "P1, P3\nP2 deferred to next quarter, when the tooling budget kicks in.",
            "P1, P3\nP2 is left for later: it needs P4.",
            "P1 and P3. P2 costs too much with P1, so it is dropped.",
            "P1 and P3. P2 could have helped too.",
            "P1, P3. P2 postponed until the next budget.",
            "P1, P3. P4 clashes with P1, so it stays out.",
            "P1, P3. P2 gets parked for now.",
            "P1, P3. P2 and P4 need P5, so they are out.",
            "P1, P3. The offsite doesn't make the cut: P2 needs P4.",
            "P1, P3. P2 waits until next quarter.",
            "P1 and P3\nP2 would have made sense, but it is not included.",
        ] {
            assert_eq!(read(body), Some(Chosen::Plan(0b101)), "{body}");
        }
        // Near misses: an option chosen beside a clause about another, an
        // option in beside one out, a pronoun clause that rules nothing
        // out, "would have" before a noun, a time inside the plan, and a
        // hedge between options read as before.
        for (body, want) in [
            ("P1, P3. P2 is in; P4 is out.", Chosen::Plan(0b111)),
            (
                "P1, P3\nP2 fits under the cap, so it joins them.",
                Chosen::Plan(0b111),
            ),
            (
                "P1 and P3. P2 needs P1, so it starts in week 2.",
                Chosen::Plan(0b111),
            ),
            (
                "P1 and P3. P2 would have the biggest effect, so it is in.",
                Chosen::Plan(0b111),
            ),
            ("P1 and P3. P2 runs later, in week 3.", Chosen::Plan(0b111)),
            (
                "P1, P3. P2 costs less than P4, so it is in.",
                Chosen::Plan(0b111),
            ),
            (
                "P1, P3 and P2. P4 clashes with P2, so it is out.",
                Chosen::Plan(0b111),
            ),
            ("P1, P3 and P2: it works out cheaper.", Chosen::Plan(0b111)),
            (
                "P1, P3, plus P2 or P4; the other is deferred.",
                Chosen::Hedged,
            ),
        ] {
            assert_eq!(read(body), Some(want), "{body}");
        }
    }

    /// The section as the answer gives it, after its label.
    fn section(body: &str) -> Section {
        let parsed = parse(&format!("Interventions: {body}"), LABELS);
        parsed
            .merged("interventions")
            .expect("an interventions section")
    }

    #[test]
    fn the_plan_is_the_first_id_line_and_the_list_under_it() {
        let (_, catalogue) = case();
        let read = |body: &str| plan_of_copies(&catalogue, std::iter::once(&section(body)));
        let want = Some(Chosen::Plan(0b101));
        for body in [
            // A reason after the plan names ids it weighed (play-mcp1, C1).
            "P1, P3\n\nWhy this set: P2 and P4 can't both run, P5 excludes P4, and P2 is too \
             expensive.",
            "P1, P3\nWhy this set: P4 clashes with P1, and P2 (needed by P5) is too expensive.",
            "P1, P3\nReasoning: P2 would overrun the cap.",
            "\n- P1\n- P3\n\nP2 was weighed too but costs more.",
            "\n- P1\n\n- P3\n\nWhy: P2 and P4 cannot both run.",
            "\nP1 (team lead)\nP3 (rota)\nThis covers both severe stressors.",
            "we choose P1 and P3.\n\nP2 is not chosen; it needs P4.",
            // "rules out" as an exclusion (para-it7, B3).
            "\n- P1\n- P3 (this rules out P2 and P4)",
            // A table with a column that says whether each row is chosen
            // (para-it8, B3); a row's reasons name other ids.
            "\n| Option | What it does | In plan? | Why |\n|---|---|---|---|\n| P1 | rota | **Yes** | \
             severe |\n| P2 | offsite | No | clashes with P1 |\n| P3 | freeze | \u{2713} | needs P1 |\n\
             | P4 | coaching | not chosen | P3 cannot run with P4 |",
            "\n| ID | Selected |\n|--|--|\n| P1 | yes |\n| P2 | dropped |\n| P3 | yes (with P1) |",
            // A week-by-week table whose rows open with the week (para-it8,
            // C1).
            "\n| Week | Intervention | Owner |\n|---|---|---|\n| 1 | P1 rota change | Lead |\n| 2 | \
             P3 roadmap freeze | Head |\n\nP2 was weighed too but costs more.",
        ] {
            assert_eq!(read(body), want, "{body}");
        }
        // A decision cell that says neither yes nor no leaves the table
        // read as written, its alternatives a hedge.
        assert_eq!(
            read("\n| ID | Chosen? |\n|--|--|\n| P1 | yes |\n| P3 | or P2 |"),
            Some(Chosen::Hedged)
        );
        // A line of reasons under the plan line that opens with a chosen
        // id (play-para-it23 C1, B3).
        for body in [
            "P1, P3.\nP3 is in; none of the excluded pairs are combined. The two other options \
             are left out: P2 cannot run with P3, and P4 would push its owner's limits.",
            "P1, P3.\nP3 is in. Both other options, P2 and P4, are left out: P2 cannot run with \
             P3, and P4 would push the budget's limits.",
        ] {
            assert_eq!(read(body), want, "{body}");
        }
        // Every id on the plan line still breaks the rules; a line under
        // the plan that opens with an id is the plan's, alternatives and all.
        let n = catalogue.items.len();
        let every: Vec<String> = (1..=n).map(|k| format!("P{k}")).collect();
        assert_eq!(
            read(&format!("{}\n\nWhy: all of them help.", every.join(", "))),
            Some(Chosen::Plan((1 << n) - 1))
        );
        assert_eq!(
            read("P1, P3\nP2 or P4 could also work"),
            Some(Chosen::Hedged)
        );
        assert_eq!(read("P1\n- P3\n- P2"), Some(Chosen::Plan(0b111)));
        // Two sections with other plans are no one plan; a second one that
        // names no id is about something else.
        let parsed = parse(
            "Interventions: P1, P3\nKPIs:\nInterventions: P2, P4",
            LABELS,
        );
        assert_eq!(
            plan_of_copies(&catalogue, parsed.copies("interventions")),
            Some(Chosen::Hedged)
        );
        let parsed = parse("Interventions: P1, P3\nKPIs:\nPlan: P2, P4", LABELS);
        assert_eq!(
            plan_of_copies(&catalogue, parsed.copies("interventions")),
            Some(Chosen::Hedged)
        );
        // Beside the format's own title, an item of a list titled in other
        // words is a step of the writer's working (play-it13, B1).
        let parsed = parse(
            "Interventions: P1, P3\nWhy:\n1. Plan: P2, P4 was the other candidate",
            LABELS,
        );
        assert_eq!(
            plan_of_copies(&catalogue, parsed.copies("interventions")),
            want
        );
        let parsed = parse(
            "Interventions: P1, P3\nKPIs:\nPlan: run them over the four weeks",
            LABELS,
        );
        assert_eq!(
            plan_of_copies(&catalogue, parsed.copies("interventions")),
            want
        );
    }

    /// The reference answer of a catalogue plan split around its
    /// stressor lines: what comes before "Stressors:", the "- item:
    /// severity" lines, and what follows them.
    fn around_stressors(
        case: &crate::it_mental_health::scenario::Case,
    ) -> (String, Vec<String>, String) {
        let reference = case.write(crate::it_mental_health::writers::Style::Reference);
        let Some((head, rest)) = reference.split_once("Stressors:\n") else {
            panic!("no stressors in {reference}");
        };
        let lines: Vec<String> = rest
            .lines()
            .take_while(|l| l.starts_with("- "))
            .map(str::to_owned)
            .collect();
        let tail = &rest[lines.iter().map(|l| l.len() + 1).sum::<usize>()..];
        (head.to_owned(), lines, tail.to_owned())
    }

    fn assert_full(case: &crate::it_mental_health::scenario::Case, answer: &str, seed: u64) {
        let grade = case.grade(answer);
        assert_eq!(
            grade.total,
            Points::FULL,
            "seed {seed}:\n{answer}\n{:?}",
            grade.notes
        );
    }

    #[test]
    fn stressors_grouped_under_severity_headings_take_the_headings_severity() {
        use crate::it_mental_health::scenario::{Case, TaskKind};
        for seed in 0..8 {
            let case = Case::generate_at(TaskKind::InterventionPlan, 4 + (seed % 2) as u8, seed);
            let (head, lines, tail) = around_stressors(&case);
            let of = |severity: &str| -> Vec<String> {
                lines
                    .iter()
                    .filter_map(|l| l.strip_prefix("- ")?.strip_suffix(&format!(": {severity}")))
                    .map(str::to_owned)
                    .collect()
            };
            let (severe, moderate) = (of("severe"), of("moderate"));
            let listed = |items: &[String]| {
                if items.is_empty() {
                    " none.".to_owned()
                } else {
                    items.iter().map(|i| format!("\n- {i}")).collect()
                }
            };
            let inline = |items: &[String]| {
                if items.is_empty() {
                    "none".to_owned()
                } else {
                    items.join("; ")
                }
            };
            for grouped in [
                format!(
                    "Severe:{}\nModerate:{}\n",
                    listed(&severe),
                    listed(&moderate)
                ),
                format!(
                    "Severe: {}. Moderate: {}.\n",
                    inline(&severe),
                    inline(&moderate)
                ),
                format!(
                    "Moderate stressors:{}\n\nSevere stressors:{}\n",
                    listed(&moderate),
                    listed(&severe)
                ),
            ] {
                assert_full(&case, &format!("{head}Stressors:\n{grouped}{tail}"), seed);
            }
            // Under the other heading, every stressor's severity is wrong.
            if !severe.is_empty() && !moderate.is_empty() {
                let swapped = format!(
                    "Severe:{}\nModerate:{}\n",
                    listed(&moderate),
                    listed(&severe)
                );
                let answer = format!("{head}Stressors:\n{swapped}{tail}");
                assert!(case.grade(&answer).total < Points::FULL, "seed {seed}");
            }
        }
    }

    /// A checklist of the profile: a tick (or "[x]") on each stressor and
    /// a cross (or "[ ]") on each item within its threshold, after or
    /// before it, reads as the stressors alone; the marks on the wrong
    /// items do not (para-it15 B1).
    #[test]
    fn stressor_checklists_read_their_crosses_as_not_a_stressor() {
        use crate::it_mental_health::scenario::{Case, TaskKind};
        for seed in 0..8 {
            let level = 4 + (seed % 2) as u8;
            let Case::Plan(plan) = Case::generate_at(TaskKind::InterventionPlan, level, seed)
            else {
                panic!("not a plan");
            };
            let case = Case::Plan(plan.clone());
            let (head, lines, tail) = around_stressors(&case);
            let calm: Vec<String> = plan
                .readings
                .iter()
                .filter(|r| !r.stressor)
                .filter_map(|r| {
                    let item = plan
                        .card
                        .profile
                        .iter()
                        .find(|p| p.label == r.metric.label)?;
                    Some(format!("{}: {}", item.label, item.value))
                })
                .collect();
            assert!(
                !calm.is_empty(),
                "seed {seed}: no item within its threshold"
            );
            let ticked = |tick: &str| -> Vec<String> {
                lines
                    .iter()
                    .map(|l| match l.rsplit_once(": ") {
                        Some((item, severity)) => format!("{item} {tick} {severity}"),
                        None => l.clone(),
                    })
                    .collect()
            };
            let forms = [
                (ticked("\u{2714}"), "- {c} \u{2718}"),
                (ticked("\u{2705}"), "- \u{274c} {c}"),
                (ticked("[x]"), "- [ ] {c}"),
                (ticked("\u{2713}"), "- {c} \u{2716} (within limits)"),
            ];
            for (stressors, cross) in forms {
                let mut listed = stressors.clone();
                listed.extend(calm.iter().map(|c| cross.replace("{c}", c)));
                let answer = format!("{head}Stressors:\n{}\n{tail}", listed.join("\n"));
                assert_full(&case, &answer, seed);
                // Ticks on the items within their thresholds: wrong lines.
                let mut wrong = stressors.clone();
                wrong.extend(calm.iter().map(|c| format!("- {c} \u{2714} moderate")));
                let answer = format!("{head}Stressors:\n{}\n{tail}", wrong.join("\n"));
                assert!(case.grade(&answer).total < Points::FULL, "seed {seed}");
            }
            // A cross on a stressor sets it aside: it is missing.
            let mut crossed = ticked("\u{2714}");
            crossed[0] = format!("{} \u{2718}", lines[0]);
            let answer = format!("{head}Stressors:\n{}\n{tail}", crossed.join("\n"));
            assert!(case.grade(&answer).total < Points::FULL, "seed {seed}");
        }
    }

    #[test]
    fn severity_reads_the_verdict_not_the_threshold_name() {
        let read = |line: &str| severity(&Text::new(line));
        assert_eq!(read("Overtime 14 hours: severe"), Some(true));
        assert_eq!(read("Overtime 7 hours: moderate"), Some(false));
        assert_eq!(read("Overtime 7 hours: not severe"), Some(false));
        assert_eq!(read("Toil at 50%: severe rather than moderate"), Some(true));
        assert_eq!(read("Toil at 50%: not moderate, severe"), Some(true));
        assert_eq!(
            read("Overtime 7 hours, below the severe threshold of 12: moderate"),
            Some(false)
        );
        assert_eq!(read("Overtime: severe or moderate"), None);
        assert_eq!(read("Overtime 7 hours"), None);
        // A comparison with another item after the value is an aside: the
        // value first decides (para-it15 B7).
        for (line, want) in [
            (
                "On-call every 6 days: moderate - not as severe as the toil",
                false,
            ),
            (
                "Overtime 8 hours: moderate, less severe than the incidents",
                false,
            ),
            (
                "Incidents 11 a month: severe - worse than every other item",
                true,
            ),
            (
                "Toil 52%: severe, more severe than anything else here",
                true,
            ),
            (
                "Overtime 8 hours: moderate, milder than the on-call load",
                false,
            ),
        ] {
            assert_eq!(read(line), Some(want), "{line}");
        }
        assert_eq!(read("Overtime 8 hours: moderate or severe"), None);
        assert_eq!(read("Overtime 8 hours: moderate, maybe severe"), None);
        // The other severity as a forecast or denied is no hedge
        // (play-it7, B6 and B8).
        for moderate in [
            "Reorganisation announced two weeks ago with nothing since: moderate; it becomes \
             severe only after six weeks of silence.",
            "Reorganisation with no details for 2 weeks: moderate, not yet severe",
            "Reorganisation: moderate, not severe yet",
            "Reorganisation: moderate; it only becomes severe if nothing is said for six weeks",
            "Reorganisation: moderate, it would turn severe after six weeks",
            "Reorganisation: moderate (isn't yet severe)",
            // The other severity set aside (para-it11, B6).
            "Reorganisation: on balance moderate rather than severe - announced 4 weeks ago",
            "Toil at 33%: I'd call it moderate instead of severe",
            // What another severity would take explains the verdict
            // (play-it10, B1).
            "Team members on long-term leave with no cover (2): moderate (meets the threshold of \
             2; severe would be 3).",
            "On-call rota (every 5 days): moderate (meets the threshold of every 5 days; severe \
             would be every 3 days or more often).",
            "Long-term leave with no cover (2): moderate; severe starts at 3",
            "Long-term leave with no cover (2): moderate, it would take 3 to be severe",
            "Long-term leave with no cover (2): moderate (one more would make it severe)",
            // The threshold named by its number or compared with (play-it13,
            // B2).
            "Average overtime (7 hours a week): moderate, above 5 hours but below the severe 12",
            "Roadmap changes (3): moderate, at the threshold of 3 and below the severe 5",
            "Incidents (7 a month): moderate - well under the severe mark",
            "Toil at 33%: moderate; the severe 45% is a long way off",
            // Where severe begins, named after the verdict (play-it17, B1).
            "Manager 1:1s: none for 3 months, moderate (3 months or more is a stressor; severe \
             only from 6).",
            "Incidents (7 a month): moderate, severe at 10 or more",
            "Overtime (7 hours): moderate - severe is from 12 hours",
            // What another count would be (para-it7, B1).
            "Incidents (6 a month): moderate. 10 would be severe.",
            "Two people on leave with no cover: moderate; a third would make it severe",
            "Roadmap changes (3): moderate, though five or more would count as severe",
            // The count a severity takes, named beside the verdict
            // (para-it8, B1).
            "Conduct complaints (2 last quarter): moderate; at the line of 2, short of the 4 for \
             severe.",
            "Last offsite (7 months ago): moderate, well below the 12 months needed for severe",
            "Incidents (6 a month): moderate (severe needs 10)",
            // The line where the other severity starts, named by its noun
            // (play-it38 B1).
            "No manager 1:1s for 3 months: moderate (under the six-month line for severe)",
            "No manager 1:1s for 3 months: moderate, below the six-month line for severe",
            "Toil at 31%: moderate (the line for severe is 45%)",
            "Reorganisation (2 weeks): moderate - the cut-off for severe is six weeks",
            "Incidents (7 a month): moderate (well under the level for severe)",
            "Overtime (7 hours): moderate; the limit for severe is 12 hours",
            "Incidents (7 a month): moderate, 10 is the threshold of severe",
            "Toil at 31%: moderate (the boundary for severe is 45%)",
            "Overtime (7 hours): moderate (the line between moderate and severe is 12 hours)",
            // The other severity's threshold stated with "is", from a
            // number in words, or as what more of it would take; the
            // other severity conceded as near (play-it42 B1, C1).
            "On call every 4 days \u{2014} moderate (severe is every 3 days or more often)",
            "On-call rota (every 4 days): moderate (severe is every 3 days)",
            "Roadmap priority changes this quarter: moderate; three changes, severe from five.",
            "Reorganisation: moderate; announced five weeks ago without details, severe from six \
             weeks.",
            "On-call rota (every 4 days): moderate; severe from three days",
            "Reorganisation announced 5 weeks ago with no details \u{2014} moderate (one more \
             week and it would be severe)",
            "Roadmap changes (3): moderate, severe is five",
            "Reorganisation (5 weeks): moderate - another week without news and it would be \
             severe",
            "On-call rota (every 4 days): moderate, though close to severe",
            "Roadmap changes (3): moderate but nearly severe",
        ] {
            assert_eq!(read(moderate), Some(false), "{moderate}");
        }
        assert_eq!(
            read("Incidents (13 a month): severe (over the line for severe of 10)"),
            Some(true)
        );
        // "Below the threshold" sets an item aside; below the threshold
        // for the other severity is a moderate verdict's reason.
        assert!(sets_aside(&Text::new(
            "Overtime (3 hours): below the threshold"
        )));
        assert!(!sets_aside(&Text::new(
            "Overtime (7 hours): moderate (below the threshold for severe)"
        )));
        // A verdict that itself says "would" is still a verdict.
        assert_eq!(
            read("Incidents (6 a month): I would call this severe"),
            Some(true)
        );
        assert_eq!(
            read("Incidents: 6 a month, which would be moderate or severe"),
            None
        );
        // The verdict with its own number is still the verdict.
        for severe in [
            "Average overtime per person: severe at 14 hours a week",
            "Incidents: severe, at 12 a month",
        ] {
            assert_eq!(read(severe), Some(true), "{severe}");
        }
        assert_eq!(
            read("Overtime 14 hours: severe; it would become moderate once capped"),
            Some(true)
        );
        // The scale named before or after the pick is no hedge (para-it14 B1).
        assert_eq!(
            read("Incidents (6 a month): on the moderate or severe scale, moderate"),
            Some(false)
        );
        assert_eq!(
            read("Overtime 14 hours: severe on a moderate | severe scale"),
            Some(true)
        );
        // Hedges still read as no one severity; a forecast alone states none.
        for hedged in [
            "Reorganisation: moderate / severe",
            "Reorganisation: on a moderate / severe scale, moderate or severe",
            "Reorganisation: moderate, could be severe",
            "Reorganisation: moderate, possibly severe",
            "Reorganisation: moderate or severe",
            "Reorganisation: moderate, maybe severe soon",
            "Reorganisation: moderate, yet severe",
            "Reorganisation: it becomes severe after six weeks",
            "Long-term leave with no cover (2): moderate, to be severe",
            "Long-term leave with no cover (2): moderate or it would be severe",
            "Overtime (14 hours): moderate, the severe one",
            "Incidents (6 a month): moderate; severe needs attention first",
            // No line named: the other severity offered beside the verdict.
            "No manager 1:1s for 3 months: moderate (possibly severe)",
            "No manager 1:1s for 3 months: moderate, arguably severe",
            "No manager 1:1s for 3 months: severe-ish moderate",
            "No manager 1:1s for 3 months: moderate (I'd say severe)",
            "No manager 1:1s for 3 months: moderate, in line for severe",
            "No manager 1:1s for 3 months: moderate (headed for severe)",
            "No manager 1:1s for 3 months: somewhere between moderate and severe",
            "On-call rota (every 4 days): moderate to severe",
            "On-call rota (every 4 days): severe, maybe moderate",
            "On-call rota (every 4 days): moderate \u{2014} possibly severe",
            "On-call rota (every 4 days): moderate, close to severe",
            "On-call rota (every 4 days): moderate; severe is possible",
            "On-call rota (every 4 days): moderate, more or less severe",
            "Roadmap changes (5): moderate, severe is 5",
        ] {
            assert_eq!(read(hedged), None, "{hedged}");
        }
    }

    #[test]
    fn the_plan_counts_only_beside_the_teams_stressors_and_the_rest_beside_a_plan() {
        use crate::it_mental_health::scenario::{Case, TaskKind};
        use crate::it_mental_health::writers::Style;
        let whole = Case::generate_at(TaskKind::InterventionPlan, 5, 7);
        let reference = whole.write(Style::Reference);
        assert_eq!(whole.grade(&reference).total, Points::FULL);
        let each_line = |edit: &dyn Fn(&str) -> String| {
            reference.lines().map(edit).collect::<Vec<_>>().join("\n")
        };
        // Every severity the other way round: the stressors read wrong, and
        // the best plan beside them earns nothing, nor do KPIs, risk and
        // budget.
        let flipped = each_line(&|l| {
            if l.ends_with(": severe") {
                l.replace(": severe", ": moderate")
            } else {
                l.replace(": moderate", ": severe")
            }
        });
        // The right stressors beside a plan that breaks a rule (every id):
        // the KPIs, risk and budget describe no plan that could run.
        let (_, catalogue) = case();
        let every: Vec<String> = (1..=catalogue.items.len())
            .map(|k| format!("P{k}"))
            .collect();
        let broken = each_line(&|l| {
            if l.starts_with("Interventions:") {
                format!("Interventions: {}", every.join(", "))
            } else {
                l.to_owned()
            }
        });
        for (answer, full_stressors, why) in
            [(flipped, false, "under half"), (broken, true, "could run")]
        {
            let grade = whole.grade(&answer);
            assert_eq!(
                grade.criteria["stressors"] == Points::FULL,
                full_stressors,
                "{grade:?}"
            );
            assert!(full_stressors || grade.criteria["stressors"] < READS_THE_PROFILE);
            for criterion in ["plan", "kpis", "risk", "budget"] {
                assert_eq!(grade.criteria[criterion], Points::ZERO, "{criterion}");
            }
            assert!(
                grade.notes.iter().any(|n| n.contains(why)),
                "{:?}",
                grade.notes
            );
        }
    }

    #[test]
    fn a_plan_earns_by_the_rules_stated() {
        let (case, catalogue) = case();
        let best = catalogue.best;
        assert_eq!(
            plan(&case, &catalogue, Some(&Chosen::Plan(best))).0,
            Points::FULL
        );
        // Every feasible plan other than the best earns half its share at
        // most; every infeasible one nothing.
        for (other, value, _) in catalogue.feasible_plans() {
            if other == best || other == 0 {
                continue;
            }
            let (score, note) = plan(&case, &catalogue, Some(&Chosen::Plan(other)));
            assert_eq!(
                score,
                Points::ratio(u64::from(value), 2 * u64::from(catalogue.value(best)))
            );
            assert!(note.contains(&describe(&catalogue, best)), "{note}");
        }
        let all = (1u32 << catalogue.items.len()) - 1;
        let (score, note) = plan(&case, &catalogue, Some(&Chosen::Plan(all)));
        assert_eq!(score, Points::ZERO);
        assert!(note.contains("breaks the rules"), "{note}");
    }
}
