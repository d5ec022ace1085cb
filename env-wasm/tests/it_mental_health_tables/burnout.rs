//! `burnout_detection`: dimensions, severity, red flags, escalation.

use env_wasm::it_mental_health::burnout::{self, BurnoutCase, Dimension, Severity};
use env_wasm::it_mental_health::names::{FIRST_NAMES, MONTHS};
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::writers::Style;

use super::support::{Seeded, Table, Vars, check, filled, refs, seeded};

/// Ways of naming each dimension, as answers do.
fn wordings(d: Dimension) -> [&'static str; 7] {
    match d {
        Dimension::Exhaustion => [
            "exhaustion",
            "emotional exhaustion",
            "exhausted",
            "fatigue",
            "worn out",
            "drained",
            "depletion",
        ],
        Dimension::Depersonalization => [
            "depersonalization",
            "depersonalisation",
            "cynicism",
            "detachment",
            "mental distance",
            "disengagement",
            "cynical detachment",
        ],
        Dimension::ReducedAccomplishment => [
            "reduced personal accomplishment",
            "reduced accomplishment",
            "inefficacy",
            "reduced professional efficacy",
            "a low sense of accomplishment",
            "feeling ineffective",
            "lack of accomplishment",
        ],
    }
}

/// Each dimension described by its meaning in everyday words, as a player
/// writes it instead of its name (play-para-it16 B1): after "they are".
fn plainly(d: Dimension) -> [&'static str; 4] {
    match d {
        Dimension::Exhaustion => [
            "running on empty",
            "tired all the time",
            "out of energy by midweek",
            "low on energy every day",
        ],
        Dimension::Depersonalization => [
            "withdrawn from the team",
            "distant from colleagues",
            "pulling away from the people around them",
            "cold and dismissive towards users",
        ],
        Dimension::ReducedAccomplishment => [
            "losing confidence in their own work",
            "lacking confidence in their own abilities",
            "feeling like a fraud next to their peers",
            "convinced their work makes no difference",
        ],
    }
}

/// The same, as what the person has done ("{first} has ...").
fn plainly_done(d: Dimension) -> &'static str {
    match d {
        Dimension::Exhaustion => "has no energy left",
        Dimension::Depersonalization => "has withdrawn from the team",
        Dimension::ReducedAccomplishment => "has lost confidence in their own work",
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn near(level: Severity) -> Severity {
    match level {
        Severity::Low => Severity::Moderate,
        Severity::Moderate => Severity::High,
        Severity::High => Severity::Critical,
        Severity::Critical => Severity::High,
    }
}

fn far(level: Severity) -> Severity {
    match level {
        Severity::Low => Severity::High,
        Severity::Moderate => Severity::Critical,
        Severity::High => Severity::Low,
        Severity::Critical => Severity::Moderate,
    }
}

/// The facts of a burnout case that rows are filled from.
fn vars(case: &BurnoutCase) -> Vars {
    let mut v: Vars = vec![
        ("first", case.first.clone()),
        ("name", case.card.name.clone()),
        ("Level", case.severity.name().to_owned()),
        ("level", case.severity.name().to_lowercase()),
        ("LEVEL", case.severity.name().to_uppercase()),
        ("Near", near(case.severity).name().to_owned()),
        ("Wrong", far(case.severity).name().to_owned()),
        ("points", case.points.total().to_string()),
        ("hp", case.points.hours.to_string()),
        ("lp", case.points.leave.to_string()),
        ("dp", case.points.dimensions.to_string()),
        ("np", case.points.health.to_string()),
        ("hours", case.card.hours_per_week.to_string()),
        ("scenario", Case::Burnout(case.clone()).scenario_text()),
        ("case_text", case.text.replace('\n', " ")),
    ];
    let other = FIRST_NAMES
        .iter()
        .find(|n| **n != case.first)
        .copied()
        .unwrap_or("Someone");
    v.push(("other_first", other.to_owned()));
    v.push((
        if case.escalate { "if_yes" } else { "if_no" },
        String::new(),
    ));
    let unused = |from: u64| (from..).find(|n| !case.numbers.contains(n)).unwrap_or(99);
    v.push(("wrong_hours", unused(81).to_string()));
    // How far the hours are over the rubric's 45, worked out (para-it8,
    // C3), and a margin that is no difference of the item's numbers.
    let over = u64::from(case.card.hours_per_week).saturating_sub(45);
    v.push(("over45", over.to_string()));
    v.push((
        "wrong_over45",
        (over.max(8) + 3..)
            .find(|n| !case.numbers.contains(n) && ![45, 46, 55, 56, 65].contains(n))
            .unwrap_or(99)
            .to_string(),
    ));
    v.push(("wrong_months", unused(27).to_string()));
    if let Some(months) = case
        .facts
        .iter()
        .find(|f| f.concept == "leave")
        .and_then(|f| f.numbers.last())
    {
        v.push(("months", months.to_string()));
    }
    // The month of the last week of leave, where the case names it, and
    // another month, as terse notes abbreviate them ("since Jan.").
    if let Some(month) = case
        .facts
        .iter()
        .find(|f| f.concept == "leave")
        .and_then(|f| f.month)
    {
        let short = |m: &str| m.get(..3).unwrap_or(m).to_owned();
        v.push(("leave_month", month.to_owned()));
        v.push(("Mon", short(month)));
        v.push(("MON", short(month).to_uppercase()));
        v.push(("mon_lower", short(month).to_lowercase()));
        let at = MONTHS.iter().position(|m| *m == month).unwrap_or(0);
        // Neither the leave month nor the month it is now.
        let other = MONTHS
            .iter()
            .cycle()
            .skip(at + 4)
            .find(|m| **m != month && **m != case.card.current_month)
            .copied()
            .unwrap_or("June");
        v.push(("wrong_Mon", short(other)));
        if month == "September" {
            v.push(("Sept", "Sept".to_owned()));
        }
    }
    let present: Vec<Dimension> = case.dimensions.iter().copied().collect();
    if let [a, b] = present.as_slice() {
        let absent = Dimension::ALL
            .into_iter()
            .find(|d| !case.dimensions.contains(d))
            .unwrap_or(Dimension::Exhaustion);
        for (prefix, d) in [("a", *a), ("b", *b), ("x", absent)] {
            for (k, w) in wordings(d).iter().enumerate() {
                let key: &'static str = Box::leak(format!("{prefix}{k}").into_boxed_str());
                v.push((key, (*w).to_owned()));
            }
        }
        v.push(("A0", capitalised(wordings(*a)[0])));
        v.push(("B0", capitalised(wordings(*b)[0])));
        for (prefix, d) in [("a", *a), ("b", *b), ("x", absent)] {
            for (k, w) in plainly(d).iter().enumerate() {
                let key: &'static str = Box::leak(format!("{prefix}p{k}").into_boxed_str());
                v.push((key, (*w).to_owned()));
            }
            let key: &'static str = Box::leak(format!("{prefix}_done").into_boxed_str());
            v.push((key, plainly_done(d).to_owned()));
        }
        // Rows about words that only describe the workload apply where
        // depersonalization is the second dimension present or the absent
        // one.
        if *b == Dimension::Depersonalization {
            v.push(("dep_b", String::new()));
        }
        if absent == Dimension::Depersonalization {
            v.push(("dep_x", String::new()));
        }
    }
    let symptoms: Vec<&burnout::Fact> = case
        .facts
        .iter()
        .filter(|f| f.concerning && !["hours", "leave", "on_call"].contains(&f.concept))
        .collect();
    let observed: Vec<&&burnout::Fact> = symptoms
        .iter()
        .filter(|f| case.card.observations.contains(&f.text))
        .collect();
    // Three facts of different kinds: an observation, another symptom, and
    // the person's own words about a third.
    if let Some(first) = observed.first() {
        // Cited in other words: a sentence of the case copied whole earns
        // nothing (the `_copied` forms are the wrong rows).
        v.push(("symptom", first.gist.clone()));
        v.push(("symptom_copied", first.text.clone()));
        let second = symptoms.iter().find(|f| f.concept != first.concept);
        if let Some(second) = second {
            v.push(("symptom2", second.gist.clone()));
            v.push(("symptom2_copied", second.text.clone()));
        }
        let quote = symptoms.iter().find(|f| {
            case.card.quotes.contains(&f.text)
                && f.concept != first.concept
                && second.is_none_or(|s| s.concept != f.concept)
        });
        if let Some(quote) = quote {
            v.push(("quote", quote.gist.clone()));
            v.push(("quote_copied", quote.text.clone()));
        }
    }
    let context: Vec<&burnout::Fact> = case
        .facts
        .iter()
        .filter(|f| f.concept == "context")
        .collect();
    if let [one, two, ..] = context.as_slice() {
        v.push(("distractor", one.text.clone()));
        v.push(("distractor2", two.text.clone()));
    }
    v
}

/// The reference answer's sections, keyed by their titles.
const TITLES: [&str; 4] = [
    "Burnout dimensions:",
    "Severity:",
    "Red flags:",
    "HR escalation:",
];

/// The reference answer with section `replaced` (an index of [`TITLES`])
/// given by `row`, which carries its own title.
fn answer_with(seeded: &Seeded, replaced: usize, row: &str) -> String {
    let reference = seeded.case.write(Style::Reference);
    let starts: Vec<usize> = TITLES
        .iter()
        .map(|t| reference.find(t).unwrap_or(reference.len()))
        .collect();
    let mut parts = Vec::new();
    for k in 0..TITLES.len() {
        let end = starts.get(k + 1).copied().unwrap_or(reference.len());
        if k == replaced {
            parts.push(row.to_owned());
        } else {
            parts.push(reference[starts[k]..end].trim().to_owned());
        }
    }
    parts.join("\n")
}

fn cases(pick: impl Fn(&BurnoutCase) -> bool, n: usize) -> Vec<Seeded> {
    seeded(n, burnout::generate, pick, vars, Case::Burnout)
}

/// Six cases whose hours and leave both earn points and whose facts fill
/// every one of `keys`.
fn flagged_cases(keys: &[&str]) -> Vec<Seeded> {
    cases(
        |c| {
            let v = vars(c);
            let has = |k: &str| v.iter().any(|(key, _)| *key == k);
            c.points.hours >= 1 && c.points.leave >= 1 && keys.iter().all(|k| has(k))
        },
        6,
    )
}

#[test]
fn burnout_dimensions_table() {
    let right = [
        "Burnout dimensions: {a0}, {b0}",
        "Burnout dimensions: {a0} and {b0}",
        "## Burnout dimensions\n- {a1}\n- {b1}",
        "**Burnout dimensions:** {a2} and {b2}; no sign of {x0}.",
        "Burnout dimensions:\n- {a0}: present\n- {b0}: present\n- {x0}: absent",
        "Burnout dimensions: {a3} and {b3}, but not {x1}.",
        "Dimensions: {a0} + {b0}",
        "Burnout dimensions present: {a4}, {b4}",
        "Maslach dimensions: {a0} and {b0} (no evidence of {x0})",
        "Burnout dimensions: mainly {a5} and {b5}.",
        "Burnout dimensions: {a0} and {b0}. There's nothing pointing to {x2}.",
        "Burnout dimensions:\n1. {a1}\n2. {b1}",
        "| Burnout dimensions | {a0}, {b0} |",
        "Burnout dimensions: {a6}; {b6}",
        "Burnout dimensions: both {a0} and {b0} are evident.",
        "Burnout dimensions: {a0} (in what colleagues notice) and {b0} (in their own words)",
        "Burnout dimensions: {A0} & {B0}",
        "Burnout dimensions \u{2014} {a2}, {b2}.",
        "Burnout dimensions: {a0} and {b0}; {x0} isn't evident.",
        "Burnout dimensions: {a0}, {b0}. {x0}: not present.",
        "Dimensions identified: {a3}, {b3}",
        "Burnout dimensions: we're seeing {a1} and {b1} here.",
        "Burnout dimensions:\n* {a4}\n* {b4}",
        "Burnout dimensions: {a0} and {b0} (two of the three)",
        "Burnout dimensions: {a5}, plus {b5}",
        "### Burnout dimensions\n**{A0}** and **{B0}**",
        "Burnout dimensions: {a1}; {b1}. No {x3}.",
        "1. Burnout dimensions: {a0}, {b0}",
        "**1. Burnout dimensions**\n{A0}, {B0}",
        "Burnout dimensions: {a2} as well as {b2}",
        "Burnout dimensions: {a0} and {b0}, though {x4} is not there.",
        "Maslach burnout dimensions: {a6} and {b6}",
        "Burnout dimensions: {a3}, {b3} \u{2013} {x0} is absent",
        "Burnout dimensions: {a4} and {b4}, with no indication of {x5}",
        "> Burnout dimensions: {a0}, {b0}",
        "Burnout dimensions: signs of {a1} and {b1}.",
        "Burnout dimensions: {a0} (yes), {b0} (yes), {x0} (no)",
        "MBI dimensions: {a5} and {b5}",
        "Burnout dimensions: {a2} and {b2} both show up clearly.",
        "Burnout dimensions: {A0}. {B0}.",
        "Burnout dimensions: {a3} and {b3} \u{2013} none of {x6}.",
        "Burnout dimensions: {a6} and {b6}, and I don't see {x1}.",
        // The players' negations: "rather than", and across an aside.
        "Burnout dimensions: {a0} and {b0}. That's strain rather than {x0}.",
        "Burnout dimensions: {a1} and {b1}; I see no direct evidence of {x0} (nothing in the \
         notes) in the case.",
        "Burnout dimensions: {a2} and {b2}, rather than {x2}.",
        // Weighed, then dismissed after it (play-it19).
        "Burnout dimensions: {a0} and {b0}. I looked for {x0} and found none.",
        "Burnout dimensions: {a1} and {b1}; I considered {x0} and ruled it out.",
        // A dimension named as a risk ahead is not present (play-it18).
        "Burnout dimensions: {a0} and {b0}. I do not count {x0}, even though the hours make {x0} \
         a real risk going forward.",
        "Burnout dimensions: {a1} and {b1}; {x0} is a risk if the overtime goes on, but it is \
         not there yet.",
        // Weighed with "or", then not found; filed as a health sign rather
        // than a dimension (para-it6).
        "Burnout dimensions: {a0} and {b0}. I checked for {x0} or {x1} as well and could not \
         see either of them.",
        "Burnout dimensions: {a1} and {b1}, and the {x0} shows up as broken sleep, which I \
         treat as a health sign rather than a dimension.",
        "Burnout dimensions: {a2} and {b2}. Not {x0}: what looks like {x1} is the poor sleep, \
         which the rubric counts as a health sign.",
        // A negation inside the symptom a bracketed label names is the
        // symptom; a sub-heading dismisses the items under it (para-it10).
        "Burnout dimensions: she feels that nothing she ships matters ({a0}) and she no longer \
         cares how users get on ({b0}). Nothing points to {x0}.",
        "Burnout dimensions: has no energy left by Monday ({a1}); never asks after a customer \
         any more ({b1}).",
        "Burnout dimensions:\n- present:\n  - {a0} (stopped listening to users)\n  - {b0}\n- \
         absent:\n  - {x0}",
        "Burnout dimensions:\nPresent:\n- {a2}\n- {b2}\nNot present:\n- {x1}\n- nothing else",
        "Burnout dimensions: {a0} and {b0}; there is no sign of her pulling away from the work \
         ({x0}).",
        // A Q&A layout, and negation by scarcity (para-it11 B1, B3).
        "Q: Burnout dimensions? A: {a0} and {b0}.",
        "Q: Burnout dimensions?\nA: {a1}; {b1}",
        "A: Burnout dimensions: {a2} and {b2}.",
        "Burnout dimensions: {a0} and {b0}; there is little to suggest {x0}.",
        "Burnout dimensions: {a1}, {b1}, with hardly any sign of {x1}.",
        "Burnout dimensions: {a3} and {b3} - little evidence of {x2} or {x3}.",
        // A placeholder or a denial as the dimension's value, in a line or
        // a table row (para-it13 B1).
        "Burnout dimensions: {a0}; {b0}. {x0}: n/a.",
        "Burnout dimensions: {a1}, {b1}; {x1} - N/A (nothing in the notes)",
        "Burnout dimensions:\n- {a2}: yes\n- {b2}: yes\n- {x2}: -",
        "Burnout dimensions:\n\n| Dimension | Seen? | Notes |\n| --- | --- | --- |\n| {A0} | yes | \
         in what colleagues notice |\n| {B0} | yes | in their own words |\n| {x0} | - | the \
         notes say nothing of it |",
        "Burnout dimensions:\n| Dimension | Notes | Verdict |\n|---|---|---|\n| {A0} | clear \
         in the notes | present |\n| {B0} | in their own words | present |\n| {x3} | nothing \
         about it | absent |",
        "Burnout dimensions:\n| Dimension | Notes | Verdict |\n|---|---|---|\n| {A0} | clear | \
         yes |\n| {B0} | clear | yes |\n| {x0} | a good review last month | No (see notes) |",
        "| Burnout dimensions | {a0}, {b0} |\n| {x4} | n/a |",
        // A negation inside the evidence after the label describes the
        // symptom (para-it13 B3).
        "Burnout dimensions: {a0} (missing handovers she used to run), {b0} (never joins the \
         team chat now).",
        "Burnout dimensions: {a0}: says she never gets a full night's sleep; {b0}: feels nothing \
         at work is hers any more.",
        "Burnout dimensions: {a1} - lacking the energy she had; {b1}, because she never asks \
         after users now.",
        // A template label with its colon inside a sentence opens its
        // field from the colon (para-it14 C1).
        "{first} has little left at the end of the week, which puts the Burnout dimensions: {a0} \
         and {b0}.",
        "Reading the notes as a whole, I would list these Burnout dimensions: {a1}; {b1}.",
        "Taken together the evidence gives two Maslach dimensions: {a3}, {b3}.",
        // A checklist's ticks and crosses, after or before the item, and
        // markdown checkboxes (para-it15 B1).
        "Burnout dimensions:\n- {a0} \u{2714}\n- {b0} \u{2714}\n- {x0} \u{2718}",
        "Burnout dimensions:\n\u{2705} {A0}\n\u{2705} {B0}\n\u{274c} {x1}",
        "Burnout dimensions:\n- [x] {a1}\n- [x] {b1}\n- [ ] {x2}",
        "Burnout dimensions:\n{A0} \u{2713} (in what colleagues notice)\n{B0} \u{2713}\n{x3} \
         \u{2716} (nothing in the notes)",
        "Burnout dimensions: {a0} \u{2713}, {b0} \u{2713}, {x0} \u{2717}",
        "Burnout dimensions:\n| Dimension | Present |\n|---|---|\n| {A0} | \u{2705} |\n| {B0} \
         | \u{2705} |\n| {x0} | [ ] |",
        // Each dimension described by its meaning in everyday words, not
        // named (play-para-it16 B1); a negated description of the absent
        // one, and words that only describe the workload, name nothing.
        "Burnout dimensions: {ap0}; {bp0}",
        "Burnout dimensions:\n- {ap1}\n- {bp1}\n- not {xp0}",
        "Burnout dimensions: {A0} and, in plain words, {first} is {bp2}.",
        "Burnout dimensions: {first} {a_done}, and {first} {b_done}. There's no sign {first} \
         {x_done}.",
        "Burnout dimensions: {ap3} ({A0}); {bp3} ({B0})",
        "Burnout dimensions: {A0}. Also {bp0} and {bp1}; I don't see {first} {xp2}.",
        "Burnout dimensions:\n| Dimension | Seen? |\n|---|---|\n| {ap0} | yes |\n| {bp0} | yes \
         |\n| {xp0} | no |",
        "Burnout dimensions: {first} is {ap2}, and {bp1}; nothing suggests {first} is {xp1}.",
        "Burnout dimensions: {a0} and {b0}; {first} has withdrawn from the on-call rota for \
         now{dep_x}.",
        "Burnout dimensions: {a0}, {b0}; drowning in tickets and distant from the release \
         deadline{dep_x}.",
    ];
    let wrong = [
        "Burnout dimensions: {a0}, rather than {b0}.",
        "Burnout dimensions: {x0} (the poor sleep I count as a health sign), {a0} and {b0}",
        "Burnout dimensions: {a0}, {b0}. I looked for {x0} or {x1} and found plenty of both.",
        "Burnout dimensions: {a0}",
        "Burnout dimensions: {b0}",
        "Burnout dimensions: {a0}, {b0} and {x0}",
        "Burnout dimensions: {x0}",
        "Burnout dimensions: {a0} and {x0}",
        "Burnout dimensions: none",
        "Burnout dimensions: no {a0}, no {b0}",
        "Burnout dimensions: not {a0} or {b0}",
        "Burnout dimensions: all three Maslach dimensions",
        "Burnout dimensions: exhaustion, depersonalization, reduced personal accomplishment, \
         cynicism, inefficacy",
        "Burnout dimensions: hard to tell from the notes",
        "Burnout dimensions: burnout",
        "Burnout dimensions: {a0}, {b0}, possibly {x0}",
        "Burnout dimensions: stress and low mood",
        "Burnout dimensions:\n{scenario}",
        "Burnout dimensions: {a0} and {b0} are absent; {x0} is present",
        "Burnout dimensions: the usual ones",
        "Burnout dimensions: {x1} and {x2}",
        "Burnout dimensions: {a0}\n\nBurnout dimensions: {x0}",
        "Burnout dimensions: every dimension is present",
        "Burnout dimensions: n/a",
        "Burnout dimensions: {a1} (like most of the team)",
        "Burnout dimensions: neither {a0} nor {b0}",
        "Burnout dimensions: {b2}, and {x3} too",
        "Burnout dimensions: workload, stress, sleep",
        "## Burnout dimensions\n- {a0}\n- {b0}\n- {x0}",
        "**Burnout dimensions:** {x0} only",
        "Burnout dimensions: {case_text}",
        "Burnout dimensions: {b1} but no {a1}",
        "Burnout dimensions: {a2}; not {b2}",
        "Burnout dimensions: all of them: {a0}, {b0}, {x0}",
        "Burnout dimensions: {x4}, {x5}",
        "Burnout dimensions: there's no {a3} and no {b3}",
        "Burnout dimensions: {a0} and {b0} were ruled out",
        "Burnout dimensions: unclear; maybe {a4}",
        "Burnout dimensions: depends on the week",
        "| Burnout dimensions | {x0} |",
        "Burnout dimensions: tiredness in general",
        "Burnout dimensions: {b4}, {x6} and {a4}",
        "Burnout dimensions: high workload, long hours",
        "Burnout dimensions: {x0}? {a0}? {b0}?",
        "Burnout dimensions: no evidence of {a0}, {b0} or {x0}",
        "Burnout dimensions: {a0}, {b0} and {x0}; the risk will grow if nothing changes.",
        "Burnout dimensions: {a0}, and I looked for {b0} and found none.",
        "Burnout dimensions: I considered {a0} and ruled it out; {b0} only.",
        "Burnout dimensions: {a0} and {x0}, both a risk to her health.",
        "Burnout dimensions: {a0}; nothing suggests she is pulling away ({b0}).",
        "Burnout dimensions: {a0}, and no sign of {b0} (detached from users).",
        "Burnout dimensions: {a0} and {b0}; nothing she does makes a difference ({x0}).",
        "Burnout dimensions:\n- present:\n  - {a0}\n- absent:\n  - {b0}\n  - {x0}",
        "Burnout dimensions:\nAbsent:\n- {a1}\n- {b1}\nPresent:\n- {x0}",
        "Burnout dimensions:\nRuled out:\n- {a0}\n- {b0}\n- {x0}",
        "Q: Burnout dimensions? A: {a0}, {b0} and {x0}.",
        "A: Burnout dimensions: {x0}",
        "Burnout dimensions: {a0} and {b0}, and a little evidence of {x0} too.",
        "Burnout dimensions: {a0}; little to suggest {b0}.",
        // A dimension given with its evidence stays present, whatever
        // negation the evidence holds; a "never" about the dimension
        // still denies it (para-it13 B1, B3).
        "Burnout dimensions:\n| Dimension | Seen? | Notes |\n|---|---|---|\n| {A0} | yes | \
         clear |\n| {B0} | yes | clear |\n| {x0} | yes | no energy left by Friday |",
        "Burnout dimensions: {a0}, {b0} and {x0} (none of her old drive).",
        "Burnout dimensions: {a0}, {b0}, {x0} - missing deadlines she used to hit.",
        "Burnout dimensions: {a0}; {b0}: never mentioned.",
        "Burnout dimensions: {a0}; the notes never show {b0}.",
        "Burnout dimensions: {a0}; {b0}: n/a.",
        // Inside a sentence too, the colon opens the field, and a label
        // word with no colon opens none (para-it14 C1).
        "{first} is struggling, so Burnout dimensions: {a0}, {b0} and {x0}.",
        "I would not split hairs over the burnout dimensions, which are {a0} and {b0} here.",
        "My read of the Burnout dimensions: {x0}, and nothing else.",
        // The marks give the wrong set: a cross on a present dimension, a
        // tick on the absent one, every box checked, every item crossed.
        "Burnout dimensions:\n- {a0} \u{2714}\n- {b0} \u{2718}\n- {x0} \u{2714}",
        "Burnout dimensions:\n- [x] {a0}\n- [x] {b0}\n- [x] {x0}",
        "Burnout dimensions:\n\u{274c} {a0}\n\u{274c} {b0}\n\u{274c} {x0}",
        "Burnout dimensions:\n- [ ] {a1}\n- [x] {b1}\n- [ ] {x1}",
        // Described in everyday words: one missing, the absent one
        // described, a present one negated or dismissed, a description
        // of the workload alone (play-para-it16 B1).
        "Burnout dimensions: {ap0}",
        "Burnout dimensions: {ap0}; {bp0}; {xp0}",
        "Burnout dimensions: {a0} and {first} {x_done}.",
        "Burnout dimensions: {ap1}; not {bp1}",
        "Burnout dimensions: {A0}; no sign that {first} is {bp2}.",
        "Burnout dimensions: {a0}; I looked for signs that {first} is {bp0} and found none.",
        "Burnout dimensions: {a0}; there is a risk {first} becomes {bp0} if this goes on.",
        "Burnout dimensions: {a0}\nRuled out:\n- {bp0}",
        "Burnout dimensions: {a0}; {first} has withdrawn from the on-call rota{dep_b}.",
        "Burnout dimensions: {a0}; drowning in tickets and distant from the release \
         deadline{dep_b}.",
    ];
    let seeds = cases(|c| c.dimensions.len() == 2, 6);
    check(
        &Table {
            criterion: "dimensions",
            right: &right,
            wrong: &wrong,
        },
        &seeds,
        |s, row| filled(row, &s.vars).map(|t| answer_with(s, 0, &t)),
    );
}

#[test]
fn burnout_severity_table() {
    let right = [
        "Severity: {Level}",
        "Severity: {level}",
        "Severity: {LEVEL}",
        "Severity: **{Level}**",
        "## Severity\n{Level}",
        "## 2. Severity\n**{Level}** ({points} points)",
        "**Severity:** {Level} - {points} rubric points",
        "Severity: {Level} ({points} points: hours {hp}, leave {lp}, dimensions {dp}, health {np})",
        "Severity: I'd rate it {Level}.",
        "Severity: It's {level}, given the hours and the missing leave.",
        "Severity level: {Level}, on {points} points under the rubric.",
        "Severity - {Level}. The points add up to {points}.",
        "Severity is {level}: {points} points in total.",
        "Overall severity: {Level}",
        "Severity: {Level} severity",
        "| Severity | {Level} ({points} pts) |",
        "Severity: {Level}. Not a borderline call: {points} points.",
        "Severity: {Level} \u{2014} with {points} points it sits squarely in that band.",
        "Severity rating: {Level}",
        "Burnout severity: {Level}, since the total is {points}.",
        "Severity: {Level}\n(That's {points} points on the rubric's scale.)",
        "Severity: {level} - {first} scores {points} on the rubric.",
        "> Severity: {Level}",
        "**2) Severity** \u{2013} {Level}",
        "Severity: {Level} (rubric total {points})",
        "Severity: My assessment is {Level}.",
        "Severity: on balance, {Level}.",
        "Severity: {Level}; it isn't a close call.",
        "Severity: {Level}, because the hours, the leave and the symptoms add up to {points}.",
        "Severity:\n{Level}",
        "Severity: {Level} \u{2013} {points} points (hours {hp} + leave {lp} + dimensions {dp} + \
         health {np}).",
        "SEVERITY: {LEVEL}",
        "Severity: {Level}, and the rubric's arithmetic leaves no doubt.",
        "Severity: {level}-level burnout",
        "Severity: the rubric gives {Level}.",
        "Severity: {Level}\nReason: {points} points.",
        "Severity: {Level}, I'm afraid.",
        "Severity: clearly {Level}",
        "Severity: {Level}. That's the band for {points} points.",
        "Severity (one of four): {Level}",
        "Severity: {Level}, not {Wrong}.",
        "Severity: {Level} rather than {Near}, at {points} points.",
        "Severity: {Level}. {first}'s total is {points}.",
        // The level only in a points table's total row, or after it
        // (para-it13 B2).
        "Severity:\n\n| Rubric item | Points |\n| --- | --- |\n| Hours | {hp} |\n| Leave | {lp} \
         |\n| Dimensions | {dp} |\n| Health signs | {np} |\n| Total | {points} - {Level} |",
        "Severity:\n| Item | Score |\n|---|---|\n| Weekly hours | {hp} |\n| Dimensions present | \
         {dp} |\n| Overall | {Level} ({points}) |",
        "Severity:\n| Item | Points |\n| --- | --- |\n| Hours | {hp} |\n| Dimensions | {dp} |\n\
         Total {points} -> {Level}",
        // A template label with its colon inside a sentence (para-it14 C1).
        "All told I would put {first} at Severity: {Level} on the rubric's four levels.",
        "The hours, the leave and the symptoms add up to Severity: {Level}, at {points} points.",
        "Weighing everything, my answer is severity: {level} ({points} points).",
        // A checklist of the points with a cross on a zero-point row
        // (para-it15 B1).
        "Severity: {Level}\n- Hours over 45 \u{2714}: {hp}\n- Dimensions \u{2714}: {dp}\n- \
         Anything else \u{2718}: 0\n= {points} points",
        "Severity: {Level} ({points} points)\n- [x] hours: {hp}\n- [x] dimensions: {dp}\n- [ ] \
         something outside the rubric: 0",
        // A value the writer corrects is withdrawn: the corrected one is
        // the answer (play-it40 X2).
        "Severity: {Near}, actually {Level}.",
        "Severity: {Wrong} \u{2014} no, actually {Level}.",
        "Severity: {Near} - no, actually {Level}",
        "Severity: {Near}, I mean {Level}",
        "Severity: {Near} (should be {Level})",
        "Severity: {Wrong}... wait, actually it's {Level}.",
        "Severity: {Near}, or rather {Level}, at {points} points.",
        // A correction marker behind the level it gives (play-pr27 X1);
        // "actually" opening an assertion corrects nothing.
        "Severity: {Near}, {Level} actually.",
        "Severity: {Wrong} \u{2014} well, {Level} actually",
        "Severity: {Near}; {Level}, I mean, at {points} points.",
        "Severity: {Level} \u{2014} actually worrying, act this week.",
        // An apology or interjection that retracts corrects too (play-pr31
        // B1); one that retracts nothing changes nothing.
        "Severity: {Near}, sorry, {Level}.",
        "Severity: {Wrong} \u{2014} no wait, {Level}.",
        "Severity: {Near} (oops, {Level})",
        "Severity: {Level} (sorry, {first} is clearly struggling)",
    ];
    let wrong = [
        "Severity: {Wrong}",
        "Severity: {Near}",
        "Severity: {Level} or {Near}",
        "Severity: {Near} or {Level}",
        "Severity: {Level}/{Near}",
        "Severity: {Near} to {Level}",
        "Severity: between {Near} and {Level}",
        "Severity: {Level}, possibly {Near}",
        "Severity: {Level} (maybe {Near})",
        "Severity: {Level}. Or {Near}.",
        "Severity: {Level}\n\nSeverity: {Near}",
        "Severity: Low, Moderate, High or Critical",
        "Severity: low moderate high critical",
        "Severity: not {Level}",
        "Severity: hard to say",
        "Severity: somewhere in the middle",
        "Severity: severe",
        "Severity: mild",
        "Severity: {Near}-{Level}",
        "Severity: either {Level} or {Near}",
        "Severity: {Level}, bordering on {Near}",
        "Severity: {Wrong} ({points} points)",
        "Severity: {Level} or {Wrong}, depending on how the leave is counted",
        "Severity: It depends on the points.",
        "Severity: 0-3 Low, 4-5 Moderate, 6-7 High, 8+ Critical",
        "Severity: the rubric's four levels all apply in part",
        "Severity: {Near}. The severity is {Level}.",
        "Severity:\n{scenario}",
        "Severity: {Level}\n\nSeverity level: {Wrong}",
        "Severity: {Level}-to-{Near}",
        "Severity: {Near} (could be {Level})",
        "Severity: {Level}? {Near}?",
        "Severity: {Level}, {Near}",
        "Severity: probably {Near}",
        "Severity: {Wrong}, as {first} is clearly struggling",
        "Severity: no burnout at all",
        "Severity: {Level} \u{2014} or {Near}, if you weigh the sleep problems",
        "Severity: {Near}; the severity is {Level} on a strict reading",
        "Severity: N/A",
        "Severity: {Level} {Near} {Wrong}",
        "Severity: see above",
        "**Severity:** {Near} (borderline {Level})",
        "Severity: extreme",
        "Severity: {case_text}",
        // Two totals with different levels stay a hedge; a total with
        // no level is no level (para-it13 B2).
        "Severity:\n| Item | Points |\n|---|---|\n| Dimensions | {dp} |\n| Total | {Level} |\n| \
         Total if the sleep counts | {Near} |",
        "Severity:\n| Item | Points |\n|---|---|\n| Hours | {hp} |\n| Dimensions | {dp} |\n| \
         Total | {points} |",
        "Severity:\n| Item | Points |\n|---|---|\n| Dimensions | {dp} |\n| Total | {Wrong} |",
        // Two labels inside sentences with different levels are a hedge;
        // a label word with no colon inside a sentence opens no field
        // (para-it14 C1).
        "I would put {first} at Severity: {Level}, though a colleague argued for Severity: \
         {Near}.",
        "Overall {first} is struggling and the severity is {level} in my view.",
        "All told I would put {first} at Severity: {Wrong} on the rubric's four levels.",
        // A cross reads as "no", never as a level (para-it15 B1).
        "Severity: {Level} \u{2718}\n{Near} \u{2714}",
        "Severity:\n- [ ] {Level}\n- [x] {Wrong}",
        // A right value corrected to a wrong one is the wrong one; a
        // "correction" that compares or offers stays a hedge.
        "Severity: {Level}, actually {Near}.",
        "Severity: {Level} \u{2014} no, actually {Wrong}.",
        "Severity: {Level}, I mean {Near}",
        "Severity: {Level} (should be {Near})",
        "Severity: {Near}, actually closer to {Level}",
        "Severity: {Near}, actually, or {Level}",
        "Severity: {Level}, {Near} actually.",
        "Severity: {Level} \u{2014} no, {Wrong} actually",
        // Near misses: behind the marker a hedge or a denied level.
        "Severity: {Near}, maybe {Level} actually",
        "Severity: {Near}, not {Level} actually",
        "Severity: {Level}, sorry, {Near}.",
        "Severity: {Level} - my mistake, {Wrong}",
        "Severity: {Near} (sorry, {first} is clearly struggling)",
    ];
    let seeds = cases(|_| true, 12);
    check(
        &Table {
            criterion: "severity",
            right: &right,
            wrong: &wrong,
        },
        &seeds,
        |s, row| filled(row, &s.vars).map(|t| answer_with(s, 1, &t)),
    );
}

#[test]
fn burnout_red_flags_table() {
    let right = [
        // The case's own words for leave ("a week or more off").
        "Red flags:\n- {hours} hours a week\n- No week or more off for {months} months\n- {symptom}",
        "Red flags:\n- Last week or more off was {months} months ago\n- {hours} hours a week\n- \
         {symptom}",
        "Red flags:\n- {symptom}\n- {hours} hours a week\n- {months} months since a week or \
         longer off",
        "Red flags:\n- Works about {hours} hours a week\n- {months} months without a week of \
         leave\n- {symptom}",
        "Red flags:\n1. {hours}-hour weeks\n2. No proper holiday for {months} months\n3. {symptom}",
        "Red flags: 1) {hours} hours a week 2) no leave in {months} months 3) {symptom}",
        "## Red flags\n- **Hours:** {hours} a week on average\n- **Leave:** none for {months} \
         months\n- **In their words:** \"{quote}\"",
        "Red flags:\n- averaging {hours}h/week\n- {months} months since a real holiday\n- {symptom}",
        "Red flags:\n- {hours} hrs a week\n- hasn't had a week off in {months} months\n- {symptom}",
        "Red flags: {hours} hours a week; {months} months since any real leave; {symptom}",
        "Red flags include working {hours} hours a week, no holiday for {months} months, and \
         this: {symptom}",
        "| Red flag | Evidence |\n|---|---|\n| Hours | {hours} a week |\n| Leave | none for \
         {months} months |\n| Symptom | {symptom} |",
        "Red flags:\n- {hours} hours/week (way over 45)\n- {months} months with no week of leave\n- \
         Says \"{quote}\"",
        "Red flags:\n- Long hours: {hours} a week.\n- Last proper break: {months} months ago.\n- \
         {symptom}",
        "Red flags:\n- {hours}h weeks\n- zero leave in {months} months\n- \"{quote}\"",
        "Red flags: {first} works {hours} hours a week; {first} hasn't taken a week off for \
         {months} months; {symptom}",
        "Red flags:\n\u{2022} {hours} hours per week\n\u{2022} {months}-month gap since their last \
         holiday\n\u{2022} {symptom}",
        "Red flags:\n- Overtime: averaging {hours} hours weekly\n- Leave: nothing longer than a \
         weekend in {months} months\n- Observed: {symptom}",
        "**Red flags**\n1. Working {hours} hours a week\n2. No vacation in {months} months\n3. \
         {symptom}",
        "Red flags:\n- {symptom}\n- {hours} hours a week\n- {months} months without leave",
        "Red flags:\n- \"{quote}\"\n- {symptom}\n- {hours}-hour weeks",
        "Top 3 red flags:\n- {hours} hrs/week\n- no annual leave for {months} months\n- {symptom}",
        "Red flags:\n- They're doing {hours}-hour weeks.\n- They haven't had a holiday in {months} \
         months.\n- {symptom}",
        "Warning signs:\n- {hours} hours a week\n- {months} months with no time off\n- {symptom}",
        "Red flags:\n- {hours} hours logged per week\n- {months} months since a week's leave\n- \
         {symptom2}",
        "Red flags:\n- {hours} hours a week, well above 45\n- {months} months since a real \
         holiday\n- {symptom}",
        "Red flags:\n- {hours} hours a week on average, {over45} above the 45-hour line\n- \
         {months} months since a real holiday\n- {symptom}",
        "Red flags:\n- Hours: {hours}/week\n- Leave: {months} months\n- Symptoms: {symptom}",
        "Red flags:\n1) {hours} hours a week\n2) no leave for {months} months\n3) {symptom}",
        "Red flags:\n- avg {hours} hours/wk\n- {months} months without leave\n- {symptom}",
        "Red flags:\n- {hours} working hours a week\n- {months} months since any leave\n- {symptom}",
        "Red flags:\n* {hours} hours per week\n* no holiday for {months} months\n* {symptom}",
        "Red flags:\n- {symptom}\n- {symptom2}\n- {hours} hours a week",
        "### Red flags\n1. **{hours} hours/week** on average\n2. **{months} months** without a \
         proper break\n3. {symptom}",
        "Red flags: {hours}-hour weeks; no leave for {months} months; \"{quote}\"",
        "Red flags:\n- Timesheets show {hours} hours a week\n- {months} months since their last \
         week off\n- {symptom}",
        "Red flags:\n- {hours} hours a week (rubric: over 45 is a flag)\n- {months} months with no \
         leave (rubric: 5 or more)\n- {symptom2}",
        "Red flags:\n- Regularly doing {hours} hours a week\n- No time off in {months} months\n- \
         Their words: \"{quote}\"",
        "Red flags: {hours} hours a week, {months} months without a holiday and \"{quote}\"",
        "Red flags:\n- {hours} hours a week\n- no vacation for {months} months\n- {symptom}\n\
         (Other notes are context, not flags.)",
        "Red flags:\n- {hours} hrs per week\n- {months} mths without leave\n- {symptom}",
        "Key red flags:\n- {hours} hours a week\n- {months} months no leave\n- \"{quote}\"",
        "Red flags:\n- Weekly hours: {hours}\n- Months since a week of leave: {months}\n- {symptom}",
        "Red flags:\n- {symptom}\n- \"{quote}\"\n- {months} months without a week's holiday",
        "Red flags:\n- {hours} hours a week.\n- {months} months, no leave.\n- {symptom}",
        // One fact of the case per item, restated in the case's own words
        // (quoted or not), in every layout: grounded, so it earns.
        "Red flags:\n- {symptom_copied}\n- {symptom2_copied}\n- {quote_copied}",
        "Red flags:\n1. {quote_copied}\n2. {symptom_copied}\n3. {symptom2_copied}",
        "## Red flags\n* \"{quote_copied}\"\n* {symptom2_copied}\n* {symptom_copied}",
        "| Red flag | Evidence |\n|---|---|\n| Observed | {symptom_copied} |\n| Also | \
         {symptom2_copied} |\n| Said | {quote_copied} |",
        // Time away from work in other words (para-it15 B2).
        "Red flags:\n- {hours} hours a week\n- Not a single week away from work in {months} \
         months\n- {symptom}",
        "Red flags:\n- {symptom}\n- {months} months with no time away from the job\n- {hours}-hour \
         weeks",
        "Red flags:\n- {hours} hours a week\n- No fortnight off, or even a week, for {months} \
         months\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- {months} months and not one proper break\n- \
         {symptom}",
        // An overview in other words beside the format's own "Red flags:"
        // is not a second copy of it (para-it15 B3).
        "Main concerns:\n- {hours} hours a week, {months} months without leave and {symptom}\n- \
         {distractor}\nRed flags:\n- {hours} hours a week\n- {months} months without leave\n- \
         {symptom}",
        "Warning signs: {distractor}; {distractor2}\nRed flags:\n- {hours}-hour weeks\n- No \
         holiday for {months} months\n- {symptom}",
        "Concerns:\n1. Long hours, no leave, poor sleep\n2. Everything in the notes\n\n## Red \
         flags\n- {symptom}\n- {hours} hours a week\n- {months} months without a week off",
        // A lead-in that names the red flags as its subject, however many
        // words it takes (play-para-it19 B1).
        "Here are the three red flags I would put in front of HR:\n- {hours} hours a week\n- \
         No week or more off for {months} months\n- {symptom}",
        "These are the red flags that stood out most when I read the notes:\n1. {hours}-hour \
         weeks\n2. {months} months without a week of leave\n3. {symptom}",
        "The clearest red flags in {first}'s notes, in order of concern:\n- {symptom}\n- {hours} \
         hours a week\n- {months} months since a week or longer off",
        "### The red flags I would raise with HR first\n- {hours} hours a week\n- {months} \
         months with no week of leave\n- {symptom}",
        "Red flags worth raising with HR this week: {hours} hours a week; no holiday for {months} \
         months; {symptom}",
        "**The red flags that concern me the most about {first} right now:**\n- {hours} hours a \
         week\n- {months} months without a proper break\n- {symptom}",
        // One fact an item, with a comma before words that add no fact of
        // the case (play-it39 X4, the right side).
        "Red flags:\n- {hours}-hour weeks, week after week\n- {months} months without leave\n- \
         {symptom}",
        "Red flags:\n- {hours}-hour weeks, far past the 45-hour line\n- {months} months \
         without a holiday\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- No holiday for {months} months, not even a long \
         weekend\n- {symptom}",
        "Red flags:\n- {hours}h weeks, all of them logged\n- {months} months since any real \
         leave\n- {symptom}",
        "Red flags:\n- {months} months since a real holiday, longer than anyone else\n- {hours} \
         hours a week\n- {symptom}",
        "Red flags:\n- Working {hours}-hour weeks, mostly on the migration\n- {months} months \
         without a week off\n- {symptom}",
    ];
    let wrong = [
        // The leave in other words with another number, or with none.
        "Red flags:\n- {hours} hours a week\n- {wrong_months} months without a week away\n- \
         {symptom}",
        "Red flags:\n- {hours} hours a week\n- A week away from work would help\n- {symptom}",
        // The format's "Red flags:" is read whatever an overview says; and
        // without it, the overview is the field (para-it15 B3).
        "Main concerns:\n- {hours} hours a week\n- {months} months without leave\n- {symptom}\n\
         Red flags:\n- {distractor}\n- {distractor2}\n- {symptom}",
        "Key concerns:\n- {hours} hours a week, {months} months without leave and {symptom}\n- \
         {distractor}",
        "Warning signs:\n- {distractor}\n- {distractor2}\n- {hours} hours a week",
        "Red flags:\n- {hours} hours a week\n- No week or more off for {wrong_months} months\n- \
         {symptom}",
        "Red flags:\n- Long working hours\n- Not enough leave\n- {symptom}",
        "Red flags:\n- Works 91 hours a week\n- 44 months without leave\n- Takes 37 coffees a day",
        "Red flags:\n- {distractor}\n- {distractor2}",
        "Red flags: long hours, overtime, leave, sleep, headaches, cynicism, tired, fraud, \
         stomach, meals",
        "Red flags:\n- {hours} hours a week, {months} months without leave, tired, cynical, \
         poor sleep, headaches, stomach trouble and skipped meals",
        "Red flags:\n{scenario}",
        "Red flags:\n- {case_text}",
        "Red flags:\n- {hours} hours a week\n- {hours} hours a week\n- {hours} hours a week",
        "Red flags:\n- {other_first} works {hours} hours a week\n- {other_first} has had no leave \
         for {months} months\n- {symptom}",
        "Red flags:\n- {wrong_hours} hours a week\n- {months} months without leave\n- {symptom}",
        "Red flags:\n- {hours} hours a week, {wrong_over45} above the 45-hour line\n- {months} \
         months without leave\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- {wrong_months} months without leave\n- {symptom}",
        "Red flags: every fact in the case",
        "Red flags:\n- Stress\n- Workload\n- Burnout",
        "Red flags:\n- {hours} hours a week\n- {months} months without leave",
        "Red flags:\n- hours\n- leave\n- sleep",
        "Red flags: none",
        "Red flags:\n- {symptom}\n- {symptom}\n- {symptom}",
        "Red flags:\n- {distractor}\n- {hours} hours a week\n- {months} months without leave",
        "Red flags:\n- {hours} hours a week and {months} months without leave and poor sleep and \
         headaches",
        "Red flags:\n- Long hours (lots)\n- Little leave (a while)\n- Tired",
        "Red flags: see the case notes above",
        "Red flags:\n- {hours} hours a week\n- {symptom}\n- {quote}\n- {distractor}\n- \
         {distractor2}",
        "Red flags:\n- Overworked\n- Needs a holiday\n- Seems fatigued",
        "Red flags:\n- {hours} hours a week\n- no leave\n- lots of symptoms",
        "Red flags:\n- {distractor2}\n- {symptom}",
        "Red flags:\n- {other_first}: {symptom}",
        "Red flags:\n- on call, midnight messages, sleep, headaches, stomach, illness, meals",
        "Red flags:\n- {hours} hours a week; {months} months without leave; {symptom}; poor \
         sleep; headaches; frequent colds",
        "## Red flags\n1. Too much work\n2. Too little rest\n3. Too much stress",
        "Red flags:\n- The hours\n- The leave\n- The symptoms",
        "Red flags:\n- {hours}\n- {months}\n- {first}",
        "Red flags: 45 hours, 5 months, on call every 5 days",
        "Red flags:\n- {distractor}\n- {distractor2}\n- {symptom}",
        "Red flags:\n- Working {wrong_hours}-hour weeks\n- No holiday for {wrong_months} months\n- \
         Sleeping badly",
        "Red flags:\n- Everything in the colleagues' notes",
        "Red flags: {hours} hours a week, {months} months without leave, {symptom}, {symptom2}, \
         {distractor}, {distractor2}",
        "Red flags:\n- {first}\n- {name}\n- burnout",
        "Red flags: (1) hours (2) leave (3) symptoms",
        "Red flags:\n- Hours: high\n- Leave: low\n- Mood: poor",
        "Red flags:\n- {symptom}\n- {distractor}\n- {distractor2}",
        "Red flags: TBD",
        "Red flags:\n- Signs of exhaustion\n- Cynical about users\n- Doubts their own work",
        "Red flags:\n- Burnt out and tired\n- Detached from the team\n- Feels ineffective",
        // One bullet packing three facts is one item.
        "Red flags:\n- {hours} hours a week; {months} months without leave; {symptom}",
        // Two facts joined by a comma in one item earn nothing, however
        // each number is worded (play-it39 X4).
        "Red flags:\n- No week off for {months} months, {hours}-hour weeks\n- {symptom}\n- \
         {symptom2}",
        "Red flags:\n- {hours}-hour weeks, {months} months without leave\n- {symptom}\n- \
         {symptom2}",
        "Red flags:\n- {symptom}\n- {hours}h weeks, no holiday in {months} months\n- {symptom2}",
        "Red flags:\n- {hours} hrs/week, {months}-month gap since a holiday\n- {symptom}\n- \
         {symptom2}",
        "Red flags:\n- Averaging {hours} hours weekly, last proper break {months} months ago\n- \
         {symptom}\n- {symptom2}",
        // Red flags named in passing, a lead-in that sets them aside, or a
        // title naming another section too is no red-flags section.
        "I saw no red flags in {first}'s calendar:\n- {hours} hours a week\n- {months} months \
         without a week off\n- {symptom}",
        "Before we get to the red flags, a word on the hours:\n- {hours} hours a week\n- \
         {months} months without a week off\n- {symptom}",
        "Her manager asked me about red flags in the last team retro:\n- {hours} hours a week\n\
         - {months} months without a week off\n- {symptom}",
        "Red flags I would not put much weight on at this stage:\n- {hours} hours a week\n- \
         {months} months without a week off\n- {symptom}",
        "The severity points behind the red flags that worry me most:\n- {hours} hours a week\n\
         - {months} months without a week off\n- {symptom}",
        "If anyone asks me whether there are red flags in this case, I would say:\n- {hours} \
         hours a week\n- {months} months without a week off\n- {symptom}",
    ];
    let seeds = flagged_cases(&["symptom", "symptom2", "quote", "distractor", "months"]);
    check(
        &Table {
            criterion: "red_flags",
            right: &right,
            wrong: &wrong,
        },
        &seeds,
        |s, row| filled(row, &s.vars).map(|t| answer_with(s, 2, &t)),
    );
}

/// Escalation rows right for cases that need it (`{if_yes}`) and for those
/// that do not (`{if_no}`); the same rows swapped are the wrong answers.
const ESCALATE: [&str; 29] = [
    "HR escalation: Yes{if_yes}",
    "HR escalation: Yes - refer {first} to HR this week.{if_yes}",
    "HR escalation: yes, escalate today{if_yes}",
    "**HR escalation:** Yes. {Level} severity means HR and occupational health should be \
     involved.{if_yes}",
    "## HR escalation\nYes - escalate now.{if_yes}",
    "HR escalation: Escalate to HR today.{if_yes}",
    "HR escalation: Escalation is warranted given the {level} severity.{if_yes}",
    "HR escalation: Recommended: involve HR and occupational health now.{if_yes}",
    "HR escalation: Y{if_yes}",
    "HR escalation: Yes \u{2014} this needs HR's involvement.{if_yes}",
    "HR escalation needed: yes{if_yes}",
    "Escalate to HR? Yes, this week.{if_yes}",
    "HR escalation: Definitely yes.{if_yes}",
    "HR escalation: Yes, I'd escalate - the rubric sends High and Critical to HR.{if_yes}",
    "HR escalation: Yes. Refer {first} to HR and occupational health today.{if_yes}",
    "HR escalation \u{2014} YES{if_yes}",
    "| HR escalation | Yes, escalate now |{if_yes}",
    "HR escalation: Yes (severity {Level}).{if_yes}",
    "HR escalation: Yes, please escalate.{if_yes}",
    "HR escalation: yes \u{2014} notify HR today{if_yes}",
    "HR escalation: Needed. Escalate to HR this week.{if_yes}",
    "HR escalation: Yep - escalate to HR.{if_yes}",
    // The verdict, then the rubric's rule as the reason (play-mcp1, B2).
    "HR escalation: Yes \u{2014} {points} points is {Level}, and High or Critical is \
     escalated.{if_yes}",
    "HR escalation: Yes; only High or Critical cases are escalated, and {first} is \
     {Level}.{if_yes}",
    // The reason first, the verdict as its conclusion (para-it11 B2).
    "HR escalation: The severity is {Level} and the rubric escalates from High up, so yes.{if_yes}",
    "Q: HR escalation? A: {points} points makes this {Level}, therefore Yes.{if_yes}",
    // What comes before "rather than" is chosen; a judgement after the
    // verb decides (play-it27 B1).
    "HR escalation: Yes \u{2014} escalate rather than wait.{if_yes}",
    "HR escalation: Escalate to HR instead of waiting.{if_yes}",
    "HR escalation: Yes; escalating to HR is warranted at {level} severity.{if_yes}",
];

const KEEP: [&str; 36] = [
    "HR escalation: No{if_no}",
    "HR escalation: No, not warranted.{if_no}",
    "HR escalation: No - the manager can handle this within the team.{if_no}",
    "HR escalation: Not at this stage; review in a month.{if_no}",
    "HR escalation: Do not escalate yet.{if_no}",
    "HR escalation: No need to involve HR at this point.{if_no}",
    "HR escalation: Escalation is not required at {level} severity.{if_no}",
    "**HR escalation:** No. Manage it in the team.{if_no}",
    "## HR escalation\nNo \u{2013} not needed yet.{if_no}",
    "HR escalation: I wouldn't escalate to HR yet.{if_no}",
    "HR escalation: Escalating now would be premature.{if_no}",
    "HR escalation: HR escalation is unnecessary for now.{if_no}",
    "HR escalation: N{if_no}",
    "HR escalation: No. Escalate only if things get worse.{if_no}",
    "HR escalation: Nope, the line manager can support {first}.{if_no}",
    "HR escalation: no (severity is {Level}).{if_no}",
    "| HR escalation | No, handle within the team |{if_no}",
    "HR escalation: Not yet.{if_no}",
    "HR escalation: No; keep it with the manager for now.{if_no}",
    "Escalate to HR? No.{if_no}",
    "HR escalation: No, but check in weekly.{if_no}",
    "HR escalation: No. Don't involve HR at this stage.{if_no}",
    "HR escalation: The severity is {Level}, below the High bar for escalation, hence no.{if_no}",
    "A: HR escalation: {points} points is {Level}, so No.{if_no}",
    // The verdict, then the rubric's rule as the reason (play-mcp1, B2).
    "HR escalation: No \u{2014} {points} points is {Level}, and only High or Critical is \
     escalated.{if_no}",
    "HR escalation: No. Escalation is only warranted at High or Critical, and {first} is \
     {Level}.{if_no}",
    "HR escalation: No: the rubric escalates High and Critical cases, and this one is \
     {Level}.{if_no}",
    "HR escalation: No - HR is involved only at High or above; {first} is {Level}.{if_no}",
    // The escalation set aside, or judged after the verb (play-it27 B1).
    "HR escalation: No \u{2014} rather than escalating, {first}'s manager should lighten the \
     load.{if_no}",
    "HR escalation: No \u{2014} rather than escalate, the manager should ease the rota.{if_no}",
    "HR escalation: No. Instead of escalating, agree leave with the manager.{if_no}",
    "HR escalation: No \u{2014} escalating is not needed at {level} severity.{if_no}",
    "HR escalation: No \u{2014} rather than involving HR, the manager should act.{if_no}",
    "HR escalation: No; escalating to HR isn't warranted yet.{if_no}",
    "HR escalation: Rather than escalating, the manager should handle it in the team.{if_no}",
    "HR escalation: No, but escalate if it worsens.{if_no}",
];

#[test]
fn burnout_escalation_table() {
    let mut right: Vec<&str> = ESCALATE.to_vec();
    right.extend(KEEP);
    let swapped: Vec<String> = ESCALATE
        .iter()
        .map(|r| r.replace("{if_yes}", "{if_no}"))
        .chain(KEEP.iter().map(|r| r.replace("{if_no}", "{if_yes}")))
        .collect();
    let mut wrong = refs(&swapped);
    wrong.extend([
        "HR escalation: Yes or no.",
        "HR escalation: Maybe.",
        "HR escalation: Yes\n\nHR escalation: No",
        "HR escalation: Yes/No",
        "HR escalation: It depends.",
        "HR escalation: Escalate if it gets worse.",
        "HR escalation:\n{scenario}",
        "HR escalation: yes (or no, if the manager disagrees)",
        "HR escalation: No. Escalate to HR today.",
        "HR escalation: Yes, but there is no need to involve HR.",
        "HR escalation: TBD",
        "HR escalation: HR",
        "HR escalation: Up to the manager.",
        // The rule with no verdict, and a verdict the rule contradicts.
        "HR escalation: Only High or Critical is escalated.",
        "HR escalation: The rubric escalates High or Critical, so yes or no.",
        "HR escalation: No, only High or Critical is escalated, so escalate to HR today.",
        // A No whose reason decides yes, and the reverse (play-it27 B1).
        "HR escalation: No \u{2014} escalate rather than wait.",
        "HR escalation: No. Escalate to HR instead of waiting.",
        "HR escalation: No \u{2014} escalating is needed.",
        "HR escalation: Yes \u{2014} rather than escalating, the manager should act.",
        "HR escalation: Yes \u{2014} escalating is not needed.",
    ]);
    let mut seeds = cases(|c| c.escalate, 4);
    seeds.extend(cases(|c| !c.escalate, 4));
    check(
        &Table {
            criterion: "escalation",
            right: &right,
            wrong: &wrong,
        },
        &seeds,
        |s, row| filled(row, &s.vars).map(|t| answer_with(s, 3, &t)),
    );
}

/// An overview list before the template ("Key concerns:", "Summary:",
/// "Overview:", "Main issues:") is no copy of the red flags where the
/// format's own "Red flags:" is given (para-it15 B3), whatever its items
/// hold; without that label, what the overview gives is what is read.
#[test]
fn burnout_overview_before_the_template() {
    let titles = [
        "Key concerns:",
        "Main concerns:",
        "Warning signs:",
        "Summary:",
        "Overview:",
        "Main issues:",
    ];
    let overview = "- {hours} hours a week, {months} months without leave and {symptom}\n- \
                    {distractor}\n- {distractor2}";
    let seeds = flagged_cases(&["symptom", "distractor", "distractor2", "months"]);
    assert!(!seeds.is_empty());
    let mut failures = Vec::new();
    for s in &seeds {
        let reference = s.case.write(Style::Reference);
        let Some(items) = filled(overview, &s.vars) else {
            continue;
        };
        for title in titles {
            let whole = format!("{title}\n{items}\n\n{reference}");
            let grade = s.case.grade(&whole);
            if grade.total.0 != 10_000 {
                failures.push(format!(
                    "seed {} {title} with Red flags: {:?}\n{}",
                    s.seed,
                    grade.total,
                    grade.notes.join("\n")
                ));
            }
            let unlabelled = whole.replace("Red flags:", "");
            let red_flags = s
                .case
                .grade(&unlabelled)
                .criteria
                .get("red_flags")
                .map_or(-1, |p| p.0);
            if red_flags == 10_000 {
                failures.push(format!(
                    "seed {} {title} without Red flags: the overview earned the red flags",
                    s.seed
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A number worked out from the case's own numbers (an average, a share,
/// a rate said another way, a ratio or margin against a standard working
/// week) is grounded; one that matches nothing the case prints or any
/// such working still takes the item's credit, and so does a wrong
/// working (play-para-it16 B2-B4, C1).
#[test]
fn burnout_red_flags_worked_out_from_the_cases_numbers() {
    // Cases with an on-call rota every few days, and cases with a count
    // out of a total ("missed 3 of the last 5 sprint commitments").
    let with = |key: &'static str| {
        cases(
            move |c| c.points.hours >= 1 && worked(c).iter().any(|(k, _)| *k == key),
            3,
        )
    };
    let mut seeds = with("oncall");
    seeds.extend(
        with("share")
            .into_iter()
            .filter(|s| s.seed % 1000 < 1000 && !with("oncall").iter().any(|o| o.seed == s.seed)),
    );
    assert!(seeds.len() >= 4, "too few cases");
    let right = [
        // The player's: a round bound the hours meet, then the hours.
        "Red flags:\n- {bound}-plus hours a week: {hours} on average\n- {second}\n- {third}",
        "Red flags:\n- Over {bound} hours a week ({hours} on average)\n- {second}\n- {third}",
        "Red flags:\n- {hours} hours a week, about {ratio} times a standard 40-hour week\n- \
         {second}\n- {third}",
        "Red flags:\n- {hours} hours a week: {over40} more than a normal 40-hour week\n- {second}\n\
         - {third}",
        "Red flags:\n- {hours} hours a week (roughly {pct40}% of a standard 40-hour week)\n- \
         {second}\n- {third}",
        "Red flags:\n- {oncall_pct}\n- {hours} hours a week\n- {third}",
        "Red flags:\n- {hours} hours a week\n- {oncall_in}\n- {third}",
        "Red flags:\n- {hours} hours a week\n- {oncall_month}\n- {third}",
        "Red flags:\n- {share_pct}\n- {hours} hours a week\n- {third}",
        "Red flags:\n- {hours} hours a week\n- {share_of}\n- {third}",
    ];
    let wrong = [
        "Red flags:\n- {hours} hours a week, about {wrong_ratio} times a standard 40-hour week\n\
         - {second}\n- {third}",
        "Red flags:\n- {hours} hours a week, {ratio} times their contracted 40 hours\n- {second}\n\
         - {third}",
        "Red flags:\n- {wrong_bound}-plus hours a week: {hours} on average\n- {second}\n- {third}",
        "Red flags:\n- {hours} hours a week: {wrong_over40} more than a normal 40-hour week\n- \
         {second}\n- {third}",
        "Red flags:\n- {oncall_wrong_pct}\n- {hours} hours a week\n- {third}",
        "Red flags:\n- {share_wrong_pct}\n- {hours} hours a week\n- {third}",
    ];
    let mut failures = Vec::new();
    for (side, rows) in [("right", &right[..]), ("wrong", &wrong[..])] {
        for row in rows {
            let mut applied = 0;
            for s in &seeds {
                let Case::Burnout(b) = &s.case else {
                    continue;
                };
                let Some(text) = filled(row, &worked(b)) else {
                    continue;
                };
                applied += 1;
                let whole = answer_with(s, 2, &text);
                let grade = s.case.grade(&whole);
                let score = grade.criteria.get("red_flags").map_or(-1, |p| p.0);
                let full = score == 10_000;
                if full != (side == "right") {
                    failures.push(format!(
                        "{side} row on seed {} scored {score}:\n{text}\n{}",
                        s.seed,
                        grade.notes.join("\n")
                    ));
                }
            }
            assert!(applied > 0, "a row applies to no case: {row}");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What a worked-out row is filled from: the hours against a standard
/// 40-hour week, the on-call rota said as a share or a count of days,
/// a count out of a total as a percentage, and two other concerning facts
/// in the case's gist.
fn worked(case: &BurnoutCase) -> Vars {
    let hours = u64::from(case.card.hours_per_week);
    // A wrong number near `n` that neither the case nor the rubric prints.
    let unprinted = |n: u64| {
        (n + 17..)
            .find(|k| !case.numbers.contains(k) && ![45, 46, 55, 56, 65].contains(k))
            .unwrap_or(n + 17)
    };
    // Tenths of the ratio to 40, rounded half up, and a ratio 0.9 off.
    let tenths = (hours * 10 + 20) / 40;
    let wrong = tenths + 9;
    let mut v: Vars = vec![
        ("hours", hours.to_string()),
        ("bound", ((hours - 1) / 10 * 10).to_string()),
        ("wrong_bound", ((hours / 10 + 2) * 10).to_string()),
        ("ratio", format!("{}.{}", tenths / 10, tenths % 10)),
        ("wrong_ratio", format!("{}.{}", wrong / 10, wrong % 10)),
        ("over40", (hours - 40).to_string()),
        ("wrong_over40", unprinted(hours - 40).to_string()),
        ("pct40", ((hours * 100 + 20) / 40).to_string()),
    ];
    // Two other concerning facts of two kinds, neither the hours, the
    // rota nor a count out of a total, in the case's gist.
    let others: Vec<&burnout::Fact> = case
        .facts
        .iter()
        .filter(|f| f.concerning && !["hours", "on_call"].contains(&f.concept))
        .filter(|f| !f.text.contains(" of the last "))
        .collect();
    if let Some(third) = others.first() {
        v.push(("third", third.gist.clone()));
        if let Some(second) = others.iter().find(|f| f.concept != third.concept) {
            v.push(("second", second.gist.clone()));
        }
    }
    if let Some(days) = case
        .facts
        .iter()
        .find(|f| f.concept == "on_call")
        .and_then(|f| f.numbers.first())
    {
        let pct = (100 + days / 2) / days;
        v.push((
            "oncall_pct",
            format!("On call every {days} days ({pct}% of days)"),
        ));
        v.push((
            "oncall_wrong_pct",
            format!("On call every {days} days ({}% of days)", unprinted(pct)),
        ));
        v.push(("oncall_in", format!("On call 1 day in {days}")));
        v.push((
            "oncall_month",
            format!(
                "On call every {days} days, about {} times a month",
                (30 + days / 2) / days
            ),
        ));
        v.push(("oncall", days.to_string()));
    }
    let share = case
        .facts
        .iter()
        .find(|f| f.concerning && f.numbers.len() == 2 && f.text.contains(" of the last "));
    if let Some(fact) = share
        && let [n, m] = fact.numbers[..]
    {
        let pct = (n * 100 + m / 2) / m;
        let what = if fact.text.contains("sprint commitments") {
            "sprint commitments missed"
        } else {
            "days with headaches"
        };
        v.push(("share_pct", format!("{n} of the last {m} {what} ({pct}%)")));
        v.push((
            "share_wrong_pct",
            format!("{n} of the last {m} {what} ({}%)", unprinted(pct)),
        ));
        v.push(("share_of", format!("{pct}% of {what}: {n} of the last {m}")));
        v.push(("share", String::new()));
    }
    v
}

/// A month named as terse notes abbreviate it ("since Jan", "since Jan.",
/// "since Sept", "JAN") is the month the case names for the last week of
/// leave, so the item cites the leave fact (play-para-it19 B2); another
/// month, or a word that only looks like one, cites nothing.
#[test]
fn burnout_leave_month_abbreviated() {
    let right = [
        "Red flags:\n- {hours} hours a week\n- No week-long leave since {Mon}\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- no week-long leave since {Mon}.\n- {symptom}",
        "Red flags:\n- {symptom}\n- Last week or more off: {Mon}.\n- {hours}-hour weeks",
        "Red flags:\n- {hours} hrs/wk\n- no week off since {MON}\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- Last proper holiday was back in {Mon}\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- No week-long leave since {Sept}\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- no week-long leave since {mon_lower}\n- {symptom}",
    ];
    let wrong = [
        "Red flags:\n- {hours} hours a week\n- No week-long leave since {wrong_Mon}\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- no week-long leave since {wrong_Mon}.\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- Long weeks mar any week-long leave\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- {first} may need a week-long leave\n- {symptom}",
        "Red flags:\n- {hours} hours a week\n- No week-long leave in a while\n- {symptom}",
    ];
    // Cases that name the month of the last leave, March and May among them
    // (the month words that are also verbs).
    let named = |c: &BurnoutCase| {
        c.points.hours >= 1
            && c.facts
                .iter()
                .any(|f| f.concept == "leave" && f.concerning && f.month.is_some())
            && vars(c).iter().any(|(k, _)| *k == "symptom")
    };
    let month_is = |c: &BurnoutCase, m: &str| {
        c.facts
            .iter()
            .any(|f| f.concept == "leave" && f.month == Some(m))
    };
    let mut seeds = cases(|c| named(c) && month_is(c, "March"), 1);
    seeds.extend(cases(|c| named(c) && month_is(c, "May"), 1));
    seeds.extend(cases(|c| named(c) && month_is(c, "September"), 1));
    seeds.extend(cases(named, 5));
    assert!(seeds.len() >= 6, "{} cases", seeds.len());
    let mut failures = Vec::new();
    for (k, rows) in [&right[..], &wrong[..]].into_iter().enumerate() {
        for row in rows {
            let mut applied = 0;
            for s in &seeds {
                let Some(flags) = filled(row, &s.vars) else {
                    continue;
                };
                // "mar" and "may" are the verbs only where the month is theirs.
                let verb = ["mar ", "may "].iter().find(|v| flags.contains(*v));
                if let Some(verb) = verb {
                    let month = if verb.starts_with("mar") {
                        "March"
                    } else {
                        "May"
                    };
                    if !s
                        .vars
                        .iter()
                        .any(|(key, v)| *key == "leave_month" && v == month)
                    {
                        continue;
                    }
                }
                // "May" has no shorter form: its abbreviated rows are the
                // full name, read since before.
                let leave_month = |m: &str| {
                    s.vars
                        .iter()
                        .any(|(key, v)| *key == "leave_month" && v == m)
                };
                if k == 0
                    && (leave_month("May") || (row.contains("{mon_lower}") && leave_month("March")))
                {
                    continue;
                }
                applied += 1;
                let answer = answer_with(s, 2, &flags);
                let score = s.case.grade(&answer).criteria["red_flags"].0;
                if (k == 0) != (score == 10_000) {
                    failures.push(format!(
                        "{} row on seed {} scored {score}:\n{flags}\n{:?}",
                        if k == 0 { "right" } else { "wrong" },
                        s.seed,
                        s.case.grade(&answer).notes
                    ));
                }
            }
            assert!(applied > 0, "a row applies to no case: {row}");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Red-flag items about two signs of one dimension in a case (`{a}` and
/// `{b}` in other words, `{a_copied}` and `{b_copied}` as the case states
/// them): each is a red flag of its own, in either order and wording, even
/// where the two share a word ("has stopped reviewing other people's
/// code", "so I've stopped listening"; play-it26 B1).
const TWO_SIGNS: [&str; 10] = [
    "- {a}\n- {b}",
    "- {b}\n- {a}",
    "- {a_copied}\n- {b}",
    "- {b_copied}\n- {a}",
    "- \"{a_copied}\"\n- \"{b_copied}\"",
    "1. {b}\n2. {a_copied}",
    "- Observed: {a}.\n- Also: {b}.",
    "- {first}: {b}\n- {first}: {a}",
    "* {a_copied}\n* {b_copied}",
    "1) {a}\n2) {b_copied}",
];

/// The same sign twice, in other words or as a quote and its paraphrase:
/// one red flag, the second item cites a fact already cited.
const ONE_SIGN_TWICE: [&str; 8] = [
    "- {a}\n- {a_copied}",
    "- {a_copied}\n- {a}",
    "- {b}\n- {b_copied}",
    "- \"{b_copied}\"\n- {b}",
    "- {a}\n- Again: {a}",
    "1. {b_copied}\n2. In other words: {b}",
    "- {a}.\n- {a_copied}",
    "- {b}\n- {b} (repeated)",
];

#[test]
fn burnout_two_signs_of_one_dimension_are_two_red_flags() {
    const SIGNS: [&str; 3] = ["exhaustion_sign", "cynicism_sign", "inefficacy_sign"];
    let mut cases = 0;
    let mut plain_pairs = 0;
    let mut failures = Vec::new();
    for level in 1..=5u8 {
        for seed in 0..300u64 {
            let case = Case::generate_at(TaskKind::BurnoutDetection, level, seed);
            let Case::Burnout(burnout) = &case else {
                continue;
            };
            let pair = SIGNS.iter().find_map(|sign| {
                let of: Vec<&burnout::Fact> = burnout
                    .facts
                    .iter()
                    .filter(|f| f.concerning && f.concept == *sign)
                    .collect();
                (of.len() >= 2).then(|| (of[0], of[1]))
            });
            let Some((a, b)) = pair else {
                continue;
            };
            cases += 1;
            let vars: Vars = vec![
                ("first", burnout.first.clone()),
                ("a", a.gist.clone()),
                ("b", b.gist.clone()),
                ("a_copied", a.text.clone()),
                ("b_copied", b.text.clone()),
            ];
            let seeded = Seeded {
                seed,
                case: case.clone(),
                vars: Vec::new(),
            };
            // A gist that shares as many words with the other sign as with
            // its own fits either: restated twice it may count as both.
            let plain = |a: &burnout::Fact, b: &burnout::Fact| {
                shared(&a.gist, &a.text, &burnout.first) > shared(&a.gist, &b.text, &burnout.first)
            };
            let twice: &[&str] = if plain(a, b) && plain(b, a) {
                plain_pairs += 1;
                &ONE_SIGN_TWICE
            } else {
                &[]
            };
            for (rows, two) in [(&TWO_SIGNS[..], true), (twice, false)] {
                for row in rows {
                    let Some(items) = filled(row, &vars) else {
                        continue;
                    };
                    let answer = answer_with(&seeded, 2, &format!("Red flags:\n{items}"));
                    let notes = case.grade(&answer).notes.join("\n");
                    let both = notes.contains("2 of the first 2 items cite a concerning fact");
                    if both != two {
                        failures.push(format!(
                            "level {level} seed {seed} ({}): {row}\n{items}\n--- notes:\n{notes}",
                            if two { "two signs" } else { "one sign twice" }
                        ));
                    }
                }
            }
            // A third item on the second sign never costs what two items
            // earn: fewer facts never score higher.
            let two_items = answer_with(
                &seeded,
                2,
                &format!("Red flags:\n- {}\n- {}", a.gist, b.gist),
            );
            let one_item = answer_with(&seeded, 2, &format!("Red flags:\n- {}", a.gist));
            let points = |answer: &str| case.grade(answer).criteria["red_flags"];
            if points(&two_items) < points(&one_item) {
                failures.push(format!(
                    "level {level} seed {seed}: two signs earn less than one"
                ));
            }
        }
    }
    println!("two signs of one dimension: {cases} cases, {plain_pairs} told apart by their gists");
    assert!(
        cases >= 10,
        "only {cases} cases with two signs of one dimension"
    );
    assert!(
        plain_pairs >= 10,
        "only {plain_pairs} pairs told apart by their gists"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// How many words of five letters or more (a plural's "s" dropped, the
/// person's name left out) `a` and `b` share.
fn shared(a: &str, b: &str, first: &str) -> usize {
    let words = |t: &str| -> std::collections::BTreeSet<String> {
        t.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() >= 5 && *w != first.to_lowercase())
            .map(|w| w.strip_suffix('s').unwrap_or(w).to_owned())
            .collect()
    };
    words(a).intersection(&words(b)).count()
}

/// A sign of the case restated in another tense or in other words, by the
/// fact it restates (a fragment of the case's sentence): each restatement
/// cites it (play-it40 B1: "Rates own work far below peers' rating" for
/// "rated their own work far below how their peers rated it").
const RESTATED_SIGNS: &[(&str, &[&str])] = &[
    (
        "rated their own work far below",
        &[
            "Rates own work far below peers' rating",
            "Underrates own work compared with peers",
            "Rates their own work well below how peers rate it",
            "Rated own work far below peers' rating",
            "Rating their own work far below their peers",
            "Underrated their own work against their peers' view",
            "Self-rating far below how peers rate them",
            "Rates themselves well below what their peers see",
        ],
    ),
    (
        "stopped reviewing other people's code",
        &[
            "No longer reviews other people's code",
            "Won't review other people's code now",
            "Has quit reviewing other people's code",
        ],
    ),
    (
        "so I've stopped listening",
        &[
            "Doesn't listen to customer complaints any more",
            "Listens to none of the customer complaints now",
        ],
    ),
    (
        "I just stare at the screen",
        &[
            "Staring at the screen by mid-afternoon",
            "Stares blankly at the screen by mid-afternoon",
        ],
    ),
    (
        "care what happens to the product",
        &[
            "Cared less and less about the product",
            "Cares nothing for the product now",
        ],
    ),
];

/// Items that cite nothing beside the case's "rated" sign: another
/// person's, with invented numbers, one word of it, or two words of it
/// of which one is common ("own work").
const NOT_THE_RATED_SIGN: &[&str] = &[
    "{other_first} rates their own work far below peers",
    "Rates own work at 13 out of 97 against peers",
    "Peers",
    "Own work",
    "Their own work, as they see it",
];

/// The notes of `case` graded with a red-flags section of `items` in the
/// reference answer.
fn red_flag_notes(seeded: &Seeded, items: &str) -> String {
    let answer = answer_with(seeded, 2, &format!("Red flags:\n{items}"));
    seeded.case.grade(&answer).notes.join("\n")
}

#[test]
fn burnout_a_sign_restated_in_other_words_or_tenses_is_cited() {
    let mut failures = Vec::new();
    let mut with = [0usize; RESTATED_SIGNS.len()];
    let mut without = [0usize; RESTATED_SIGNS.len()];
    for level in 1..=5u8 {
        for seed in 0..200u64 {
            let case = Case::generate_at(TaskKind::BurnoutDetection, level, seed);
            let Case::Burnout(burnout) = &case else {
                continue;
            };
            let seeded = Seeded {
                seed,
                case: case.clone(),
                vars: vars(burnout),
            };
            for (k, (fragment, items)) in RESTATED_SIGNS.iter().enumerate() {
                let has = burnout
                    .facts
                    .iter()
                    .any(|f| f.concerning && f.text.contains(fragment));
                // A case without the "rated" sign checks its first
                // restatement: it cites nothing there. (Another sign of a
                // kind shares words with most restatements of the others:
                // "caring", "customer complaints".)
                if !has && (k > 0 || without[k] >= 40) {
                    continue;
                }
                let rows: &[&str] = if has { items } else { &items[..1] };
                for item in rows {
                    let notes = red_flag_notes(&seeded, &format!("- {item}"));
                    let cited = notes.contains("1 of the first 1 items cite a concerning fact");
                    if cited != has {
                        failures.push(format!(
                            "level {level} seed {seed} ({}): {item}\n--- notes:\n{notes}",
                            if has {
                                "the case's sign"
                            } else {
                                "no such sign"
                            }
                        ));
                    }
                }
                if has {
                    with[k] += 1;
                    if k == 0 {
                        for row in NOT_THE_RATED_SIGN {
                            let Some(item) = filled(row, &seeded.vars) else {
                                continue;
                            };
                            let notes = red_flag_notes(&seeded, &format!("- {item}"));
                            if !notes.contains("0 of the first 1 items cite") {
                                failures.push(format!(
                                    "level {level} seed {seed} (cites nothing): {item}\n--- \
                                     notes:\n{notes}"
                                ));
                            }
                        }
                    }
                } else {
                    without[k] += 1;
                }
            }
        }
    }
    println!(
        "restated signs: cases with each {with:?}, without the first {}",
        without[0]
    );
    assert!(with.iter().all(|n| *n >= 3), "too few cases: {with:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
