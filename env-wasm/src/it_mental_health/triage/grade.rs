//! Grading `stress_triage`. The answer is cut into one block per person:
//! a line that starts with (or only names) one team member opens that
//! person's block, a line naming several closes it, and a table row belongs
//! to the person in its name column. Inside a block, a field's cue ("Tier",
//! "24-hour action", "Over the next two weeks") opens that field only where
//! a field can start: at the start of a line or sentence, not in the middle
//! of one ("addressing the root cause: ...").
//!
//! A person whose tier is wrong earns nothing for their actions, and a
//! ranked pair counts only where the answer's tiers order it the same way;
//! the main stressor is read and reported but paid nothing (the case
//! states it outright). A person whose signs meet CRITICAL given another
//! tier, or a hedge, costs a penalty beyond their share (`MISSED_SAFETY`).
//!
//! Each person's tier, main stressor and the level of support of their
//! 24-hour action are one-value fields: two values (in one field, or in
//! two copies of it) are a hedge and earn what a wrong value earns. The
//! tier is read from their own tier field or line (negation aware), the
//! 24-hour action must give the tier's level of support and no other, the
//! 2-week action must tackle their own stressor (each other stressor it
//! names takes back half of that), and the ranking is scored by the order
//! of pairs whose tiers differ. A field that pastes the person's case (two
//! sentences of it or more) is copied text and reads as nothing.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use super::{Employee, STRESSORS, Tier, TriageCase, word_cap};
use crate::it_mental_health::grade::{Grade, assemble};
use crate::it_mental_health::names::{FIRST_NAMES, LAST_NAMES, ROLES};
use crate::it_mental_health::reading::direction::{Load, may_worsen, worsened};
use crate::it_mental_health::reading::penalties::{
    MISSED_SAFETY, TRIAGE_PENALTIES, harmful, missed_safety,
};
use crate::it_mental_health::reading::sections::{Label, Line, Section, parse, sub_field};
use crate::it_mental_health::reading::{Answer, MEANS, counts_a_group, quoted, targeted_naming};
use crate::points::Points;
use crate::rubric::{Criterion, Rubric};
use crate::text::considered::chosen_words;
use crate::text::negation::{absence_over_time, denied};
use crate::text::{OneValue, Text, negated, word_count};

const LABELS: &[Label] = &[
    Label {
        key: "ranking",
        names: &[
            "priority ranking",
            "ranking",
            "priority order",
            "order of priority",
            "in order of priority",
            "triage order",
            "prioritised order",
            "prioritized order",
        ],
        loose: true,
    },
    Label {
        key: "field",
        names: &[
            "employee",
            "name",
            "person",
            "tier",
            "risk tier",
            "triage tier",
            "main stressor",
            "primary stressor",
            "stressor",
            "24-hour action",
            "24 hour action",
            "24h action",
            "within 24 hours",
            "next 24 hours",
            "immediate action",
            "2-week action",
            "2 week action",
            "two-week action",
            "within 2 weeks",
            "next 2 weeks",
            "next two weeks",
            "two-week support",
        ],
        loose: false,
    },
];

const TIERS: Points = Points(5000);
const RANKING: Points = Points(2000);
const IMMEDIATE: Points = Points(1500);
const TWO_WEEK: Points = Points(1500);
/// The case states each person's stressor outright, so naming it is
/// copying, not judgment: read and reported, paid nothing.
const STRESSOR: Points = Points(0);

/// The triage task's criteria with their weights and titles.
pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("tiers", TIERS, "Triage tier of each person").about(
        "Each person's one tier, from their own current signs by the rubric's first tier that fits.",
    ),
    Criterion::new("priority_ranking", RANKING, "Priority ranking").about(
        "Pairs of people in different tiers ranked in the right order, counted only where the \
         answer's own tiers for the two also put them in that order.",
    ),
    Criterion::new("immediate_actions", IMMEDIATE, "Actions within 24 hours").about(
        "The 24-hour action gives the tier's level of support and no other; paid only for a \
         person whose tier is right.",
    ),
    Criterion::new("two_week_support", TWO_WEEK, "Two-week support").about(
        "The 2-week action tackles the person's own main stressor; paid only for a person whose \
         tier is right.",
    ),
    Criterion::new("stressors", STRESSOR, "Stressors named").about(
        "The main stressor named; the case states it outright, so it is reported, not paid.",
    ),
])
.with_penalties(&TRIAGE_PENALTIES);

/// Levels of support in the first 24 hours, most intense first, aligned
/// with [`Tier::rank`]. A check-in on its own is no level (every tier may
/// have one); what it is for decides ("to reprioritise", "routine").
const SUPPORT: [&[&str]; 4] = [
    &[
        "crisis*",
        "emergency",
        "safety plan*",
        "stay* with",
        "not leave them alone",
        "not leave him alone",
        "not leave her alone",
        "not leave them on their own",
        "not leave him on his own",
        "not leave her on her own",
        "not alone",
        "medical attention",
        "medical help",
        "doctor",
        "gp",
        "urgent care",
        "medical care",
        "hotline",
        "helpline",
        "samaritans",
        "988",
        "911",
        "999",
        "ambulance",
        // Getting the person to hospital is care; "hospital" alone often
        // names their circumstances ("the hospital visits" for an ill
        // parent), which is no step of the action.
        "to hospital",
        "to the hospital",
        "to a hospital",
        "into hospital",
        "hospital admission",
        "suicid*",
        "safeguard*",
        "accompan*",
        "mental health first aid*",
        "medical check*",
        "medically check*",
        "medical assess*",
        "not be left alone",
        "not left alone",
        "not be left on their own",
        "not left on their own",
        "never left alone",
        // Stopping the risky act itself: "she does not drive home tired
        // (arrange a taxi)" protects her today.
        "taxi*",
        "cab home",
        "lift home",
        "home safely",
        "safely home",
        // Getting home safely in any words: a safe way home, someone to
        // see them home, walking or driving them home (play-it34 B3).
        "home safe",
        "safe way home",
        "safe journey home",
        "safe ride home",
        "safe trip home",
        "safe route home",
        "safe transport home",
        "safe travel home",
        "safe lift home",
        "see* her home",
        "see* him home",
        "see* them home",
        "see* her safely home",
        "see* him safely home",
        "see* them safely home",
        "walk* her home",
        "walk* him home",
        "walk* them home",
        "driv* her home",
        "driv* him home",
        "driv* them home",
        "take* her home",
        "take* him home",
        "take* them home",
        "escort*",
        "home in one piece",
        // The level's own name in the instruction.
        "safety support",
        "not drive",
        "not to drive",
        "not be driving",
        "not driving",
        "no driving",
        "stop driving",
    ],
    &[
        "eap",
        "employee assistance",
        "occupational health",
        "counsel*",
        "therap*",
        "psycholog*",
        "sick leave",
        "time off",
        "day off",
        "days off",
        "rest of the week",
        "taken off",
        "relieve*",
        // The rubric's own noun: "relief from the launch tasks".
        "relief from",
        "reassign*",
        "hand over",
        "handover",
        "occ health",
        // "OH" as occupational health is written: "an urgent OH referral".
        "oh referral*",
        "oh appointment*",
        "oh assessment*",
        "oh review*",
        "to oh",
        "leave of absence",
        "paid leave",
        "stress leave",
        "mental health day*",
        "wellbeing day*",
        "send them home",
        "send him home",
        "send her home",
        "step back from",
        "off their plate",
        "work off them",
        "cover their work",
        "cover for them",
    ],
    &[
        "reprioriti*",
        "prioriti*",
        "workload review",
        "review their workload",
        "review the workload",
        "protect their evenings",
        "protected evenings",
        "focus time",
        "rebalanc*",
        "lighten*",
        "descope",
        "de scope",
        "scope down",
        "defer*",
        "postpon*",
        "deprioriti*",
        "can wait",
        "push back",
        "pushed back",
        "trim*",
        "adjust their workload",
        "adjust the workload",
        "workload check*",
        "reschedul*",
        "log off on time",
        "finish on time",
        "leave on time",
    ],
    &[
        "acknowledg*",
        "recognis*",
        "recogniz*",
        "recognition",
        "thank*",
        "praise*",
        "routine",
        "keep doing",
        "no change*",
        "monitor*",
        "well done",
        "appreciat*",
        "business as usual",
        "as usual",
        "as normal",
        "nothing extra",
        "no action needed",
        "no further action",
        "keep an eye",
        "celebrat*",
        "kudos",
        "shout out",
        "positive feedback",
    ],
];

/// Words that put a step under a condition: "if it gets worse, call the
/// EAP" plans for later and is not the 24-hour action's level. "Should"
/// is one only before the subject it conditions ([`is_condition`]).
/// "Otherwise" is not: it gives the default, what is done unless the
/// condition holds ("if they are in danger, emergency care; otherwise a
/// crisis line and a safety plan", para-it11 B4), and between steps of two
/// levels it offers alternatives ([`ALTERNATIVES`]).
const CONDITIONS: &[&str] = &["if", "unless", "whenever", "once"];

/// Words that open the subject of an inverted condition: "should it get
/// worse", "should things escalate", "should the pains come back". After
/// its subject, "should" recommends the step ("Valentina should stay with
/// her"), as "must" or "needs to" do.
const SUBJECT_STARTS: &[&str] = &[
    "it",
    "she",
    "he",
    "they",
    "you",
    "we",
    "i",
    "there",
    "this",
    "that",
    "these",
    "those",
    "things",
    "anything",
    "something",
    "anyone",
    "someone",
    "symptoms",
    "the",
    "a",
    "an",
    "any",
    "her",
    "his",
    "their",
    "your",
];

/// Words that may stand before a condition that opens its clause ("and
/// if it gets worse, ...").
const CONNECTORS: &[&str] = &["and", "but", "or", "then", "so", "only", "even", "just"];

/// Field cues inside a person's block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Field {
    Tier,
    Stressor,
    Day,
    Fortnight,
}

const STRONG_CUES: &[(Field, &[&str])] = &[
    (Field::Tier, &["tier"]),
    (Field::Stressor, &["stressor*", "main cause", "root cause"]),
    (
        Field::Day,
        &[
            "24 hour*",
            "24 h",
            "24 hrs",
            "within 24",
            "next 24",
            "immediate action*",
            "immediate step*",
        ],
    ),
    (
        Field::Fortnight,
        &[
            "2 week*",
            "two week*",
            "fortnight*",
            "14 days",
            "2 wk",
            "2 wk",
        ],
    ),
];

const WEAK_DAY_CUES: &[&str] = &[
    "today",
    "immediately",
    "right away",
    "this afternoon",
    "tomorrow",
];

/// One person's part of the answer.
#[derive(Debug, Default, Clone)]
struct Block {
    /// Lines that start with or only name this person.
    own: Vec<String>,
    /// Every line of the block, own lines included.
    all: Vec<String>,
    /// For each line of `all`, whether it is a table row.
    tabled: Vec<bool>,
    /// Table cells by field, when the block is a table row under a header.
    cells: Vec<(Field, String)>,
}

/// The lines of an answer, each read as words when a reader first asks
/// for it: the readers of one line (block, tier heading, ranking) share
/// one reading, and whether it labels a field.
struct LineTexts<'a> {
    lines: &'a [Line],
    read: Vec<std::cell::OnceCell<Text>>,
    labels: Vec<std::cell::OnceCell<bool>>,
}

impl<'a> LineTexts<'a> {
    fn new(lines: &'a [Line]) -> LineTexts<'a> {
        LineTexts {
            lines,
            read: lines.iter().map(|_| std::cell::OnceCell::new()).collect(),
            labels: lines.iter().map(|_| std::cell::OnceCell::new()).collect(),
        }
    }

    /// Line `i` as words.
    fn get(&self, i: usize) -> &Text {
        self.read[i].get_or_init(|| Text::new(&self.lines[i].plain))
    }

    /// Whether line `i` opens with a field's label ([`labels_a_field`]).
    fn labels_a_field(&self, i: usize) -> bool {
        *self.labels[i].get_or_init(|| labels_a_field(self.get(i)))
    }
}

/// Scores a triage answer against the rubric, penalties included.
pub fn grade(case: &TriageCase, answer: &Answer) -> Grade {
    let parsed = parse(&answer.read, LABELS);
    let texts = LineTexts::new(&parsed.lines);
    let ranking_lines = ranking_extent(case, &texts, &parsed.sections);
    let blocks = blocks(case, &texts, &ranking_lines);

    let mut tier_points = 0u64;
    let mut day_points = 0u64;
    let mut fortnight_points = 0u64;
    let mut stressor_points = 0u64;
    let mut answered_tiers: Vec<Option<Tier>> = Vec::new();
    let mut notes = Vec::new();
    for (employee, block) in case.employees.iter().zip(&blocks) {
        let mut fields = fields(block);
        // Each copy of a field as words, read once for the copy rule and
        // the field's reader.
        let mut reads: BTreeMap<Field, Vec<Text>> = BTreeMap::new();
        // A field that pastes the person's case (two sentences of it or
        // more) is read by its writer's own words only: the pasted facts
        // earn nothing, and an action that quotes them as its reason ("...
        // some days off, because Ayodele \"has called in sick with stress 5
        // times\" and has not slept ...") is still the action it names.
        for (field, copies) in fields.iter_mut() {
            let read_copies = reads.entry(*field).or_default();
            for copy in copies {
                let read = Text::new(copy);
                if !answer.pastes_case_read(copy, &read) {
                    read_copies.push(read);
                    continue;
                }
                // A tier on its own line, then the signs behind it in the
                // case's words ("Tier: AMBER" / "he snapped at a colleague
                // ..., and lunch is a sandwich ..."), states the tier: the
                // quoted evidence is the copy, not the tier.
                let first_line = copy.lines().next().unwrap_or("").to_owned();
                *copy = if *field == Field::Tier && !answer.pastes_case(&first_line) {
                    first_line
                } else {
                    answer.own_words(copy)
                };
                read_copies.push(Text::new(copy));
            }
        }
        let field = |f: Field| fields.get(&f).map_or(&[][..], Vec::as_slice);
        let read = |f: Field| reads.get(&f).map_or(&[][..], Vec::as_slice);
        let tier = read_tier(block, read(Field::Tier));
        let tier_right = tier.one() == Some(&employee.tier);
        tier_points += tier.score(|t| right(*t == employee.tier)).0 as u64;
        answered_tiers.push(tier.one().copied());
        // A person whose tier is wrong earns nothing for their actions: an
        // action is right only for the person it is for.
        let level = support_level(
            read(Field::Day),
            employee.tier.rank(),
            &employee.first.to_lowercase(),
        );
        if tier_right {
            day_points += level.score(|l| right(*l == employee.tier.rank())).0 as u64;
        }
        let own_lines = OwnLines::of(employee);
        let stressor = read_stressor(block, read(Field::Stressor), answer, employee, &own_lines);
        let Fortnight {
            points: fortnight,
            no_step,
            others: others_stressors,
            missed_for,
            against,
        } = fortnight_score(
            case,
            employee,
            &own_lines,
            field(Field::Fortnight),
            read(Field::Fortnight),
            stressor.one().copied(),
        );
        if tier_right {
            fortnight_points += fortnight.0 as u64;
        }
        stressor_points += stressor.score(|s| right(*s == employee.stressor)).0 as u64;
        // A deduction quotes the answer's own line it was read from, or
        // says the line is missing, so a player need not guess which line
        // lost the points.
        let tier_source = if tier_right {
            String::new()
        } else if block.all.is_empty() {
            " (no line of the answer starts with or names only them)".to_owned()
        } else if !field(Field::Tier).is_empty() {
            in_quotes(field(Field::Tier))
        } else {
            format!(
                " in {} (no \"Tier\" field)",
                quoted(block.own.first().unwrap_or(&block.all[0]))
            )
        };
        let day_right = level.one() == Some(&employee.tier.rank());
        let day_source = match field(Field::Day) {
            _ if day_right || !tier_right => String::new(),
            [] => " (no 24-hour action found)".to_owned(),
            copies => in_quotes(copies),
        };
        let fortnight_source = match field(Field::Fortnight) {
            _ if fortnight == Points::FULL || !tier_right => String::new(),
            [] => " (no 2-week action found)".to_owned(),
            copies => in_quotes(copies),
        };
        notes.push(format!(
            "{}: tier read {}{tier_source}, rubric gives {}; 24-hour support read {}{day_source}, \
             the tier needs {}; 2-week action {}{fortnight_source} ({}{}){}; \
             main stressor read {}.",
            employee.name,
            describe(&tier, |t| t.name().to_owned()),
            employee.tier.name(),
            describe(&level, |l| LEVEL_NAMES[*l as usize].to_owned()),
            LEVEL_NAMES[employee.tier.rank() as usize],
            fortnight.decimals(2),
            match &missed_for {
                Some(_) if tier_right && against.is_some() => format!(
                    "it should tackle the main stressor {}; the action {}",
                    employee.stressor,
                    against.unwrap_or_default()
                ),
                // A deduction says what was read, against what was wanted.
                Some(read) if tier_right => format!(
                    "it should tackle the main stressor {}; read as aimed at {}",
                    employee.stressor,
                    if read.is_empty() {
                        "no stressor of the case".to_owned()
                    } else {
                        read.join(", ")
                    }
                ),
                None if no_step && tier_right => format!(
                    "names the main stressor {} but no step that changes it, such as a \
                     rotation, a backfill, mediation, a cap or clarity on the role",
                    employee.stressor
                ),
                _ => format!("tackles the main stressor {}", employee.stressor),
            },
            if others_stressors.is_empty() {
                String::new()
            } else {
                format!(
                    "; half taken back for each stressor outside their own case it also aims at: {}",
                    others_stressors.join(", ")
                )
            },
            if tier_right {
                ""
            } else {
                "; the tier is wrong, so the actions earn nothing"
            },
            describe(&stressor, |s| (*s).to_owned()),
        ));
    }
    let n = case.employees.len() as u64;
    let mean = |total: u64| Points::ratio(total, n * 10_000);
    let ranking_text: Vec<String> = parsed
        .lines
        .iter()
        .enumerate()
        .filter(|(i, _)| ranking_lines.contains(i))
        .map(|(_, l)| l.plain.clone())
        .collect();
    let (ranking, ranking_note) = ranking_score(case, &ranking_text.join("\n"), &answered_tiers);
    notes.push(ranking_note);

    let mut grade = assemble(
        &[
            ("tiers", mean(tier_points), TIERS),
            ("priority_ranking", ranking, RANKING),
            ("immediate_actions", mean(day_points), IMMEDIATE),
            ("two_week_support", mean(fortnight_points), TWO_WEEK),
            ("stressors", mean(stressor_points), STRESSOR),
        ],
        answer,
        word_cap(case),
        notes,
    );
    // Someone at risk to their safety read as less urgent is the one error
    // the rest of a triage cannot make up for: it costs beyond their share.
    let missed: Vec<&str> = case
        .employees
        .iter()
        .zip(&answered_tiers)
        .filter(|(e, tier)| e.tier == Tier::Critical && **tier != Some(Tier::Critical))
        .map(|(e, _)| e.name.as_str())
        .collect();
    if !missed.is_empty() && grade.total > Points::ZERO {
        let taken = missed_safety(missed.len());
        grade.penalties.insert(MISSED_SAFETY.name, taken);
        grade.total = (grade.total - taken).clamp(Points::ZERO, Points::FULL);
        grade.notes.push(format!(
            "Safety risk missed: {} {} signs that meet CRITICAL but not that one tier; {} off \
             the score.",
            missed.join(", "),
            if missed.len() == 1 { "has" } else { "have" },
            taken.decimals(2)
        ));
    }
    grade
}

/// The lines of the ranking section: its title line and what follows,
/// until a blank line after some content or the next titled line. Under
/// the title come list items, and plain lines (no bullet or number) as
/// long as each names someone the ranking has not named yet or is a bare
/// tier ("CRITICAL: Javier Suzuki" / "RED - Ravi Ramos" / "Soren, Samir"
/// one a line, or "AMBER:" over its names): a line that names only people
/// already ranked is the first line of someone's block ("Javier Suzuki"
/// over his fields), and a line that names no one is the prose after the
/// ranking ("Happy to talk any of these through.").
fn ranking_extent(
    case: &TriageCase,
    texts: &LineTexts,
    sections: &[(usize, Section)],
) -> BTreeSet<usize> {
    let lines = texts.lines;
    let mut extent = BTreeSet::new();
    let starts: BTreeSet<usize> = crate::order::set_of(sections.iter().map(|(at, _)| *at));
    for (at, section) in sections {
        if section.key != "ranking" {
            continue;
        }
        let mut content = !section.lines.first().is_none_or(|l| l.is_blank());
        let title = Text::new(section.lines.first().map_or("", |l| &l.plain));
        let mut ranked = named_in(case, &title);
        extent.insert(*at);
        for (i, line) in lines.iter().enumerate().skip(at + 1) {
            if starts.contains(&i) || (line.is_blank() && content) {
                break;
            }
            let named = named_in(case, texts.get(i));
            let ranks_more = named.iter().any(|k| !ranked.contains(k)) || bare_tier(&line.plain);
            if !line.is_blank() && !line.listed && content && !ranks_more {
                break;
            }
            content |= !line.is_blank();
            ranked.extend(named);
            extent.insert(i);
        }
    }
    extent
}

/// The team members `line` names, by their index in the case.
fn named_in(case: &TriageCase, line: &Text) -> BTreeSet<usize> {
    let mentions = first_mentions(case, line);
    crate::order::set_of(
        mentions
            .iter()
            .enumerate()
            .filter(|(_, at)| at.is_some())
            .map(|(k, _)| k),
    )
}

/// Whether `line` is a tier alone ("AMBER:", "RED tier"), the title of the
/// names under it in a ranking.
fn bare_tier(line: &str) -> bool {
    let text = Text::new(line);
    !text.is_empty()
        && text
            .words
            .iter()
            .all(|w| w.text == "tier" || Tier::ALL.iter().any(|t| t.word() == w.text))
}

fn right(ok: bool) -> Points {
    if ok { Points::FULL } else { Points::ZERO }
}

/// The levels of support by [`Tier::rank`], for notes.
const LEVEL_NAMES: [&str; 4] = [
    "same-day safety support",
    "urgent support",
    "a check-in to reprioritise",
    "a routine check-in",
];

/// Every copy of a field, quoted, for a note on a deduction. A field's
/// stretch runs up to the next field's cue, which may stand a few words
/// into its line ("Main stressor: ..."): those words of the next line are
/// left out of the quote.
fn in_quotes(copies: &[String]) -> String {
    let own_lines = |copy: &String| -> String {
        let mut lines: Vec<&str> = copy.lines().collect();
        if lines.len() > 1 && lines.last().is_some_and(|l| word_count(l) <= CUE_REACH) {
            lines.pop();
        }
        lines.join(" ")
    };
    format!(
        " in {}",
        copies
            .iter()
            .map(|c| quoted(&own_lines(c)))
            .collect::<Vec<_>>()
            .join(" and ")
    )
}

/// A one-value reading for a note: the value, "none", or the hedge.
fn describe<T: Ord + Clone>(value: &OneValue<T>, name: impl Fn(&T) -> String) -> String {
    match value {
        OneValue::One(v) => name(v),
        OneValue::Missing => "none".to_owned(),
        OneValue::Hedged(values) => format!(
            "a hedge ({})",
            values.iter().map(name).collect::<Vec<_>>().join(" / ")
        ),
    }
}

/// Ways an answer may name a person: full name, first name, last name.
fn name_forms(employee: &Employee) -> Vec<String> {
    let mut forms = vec![employee.name.to_lowercase(), employee.first.to_lowercase()];
    if let Some(last) = employee.name.split_whitespace().last() {
        forms.push(last.to_lowercase());
    }
    forms
}

/// The word index where each team member is first named in `text`. A
/// first name followed by another surname ("Damir Fontaine" when the team
/// has Damir Bianchi), or a surname after another first name ("Astrid
/// Kaur" when the team has Pedro Kaur), names someone else.
fn first_mentions(case: &TriageCase, text: &Text) -> Vec<Option<usize>> {
    case.employees
        .iter()
        .map(|e| {
            let last = e
                .name
                .split_whitespace()
                .last()
                .unwrap_or("")
                .to_lowercase();
            let first = e.first.to_lowercase();
            // [`name_forms`], with the forms lowered here: every line of an
            // answer is searched for every member.
            let full = e.name.to_lowercase();
            let forms = [full.as_str(), first.as_str(), last.as_str()];
            let someone_else = |end: usize| {
                text.words.get(end).is_some_and(|next| {
                    text.gap(end).trim().is_empty() && next.text != last && is_surname(&next.text)
                })
            };
            let after_someone_else = |start: usize| {
                start > 0
                    && text.gap(start).trim().is_empty()
                    && text.words[start - 1].text != first
                    && FIRST_NAMES
                        .iter()
                        .any(|n| n.eq_ignore_ascii_case(&text.words[start - 1].text))
            };
            forms
                .into_iter()
                .flat_map(|form| text.find(form).into_iter().map(move |span| (form, span)))
                .filter(|(form, (_, end))| *form != first || !someone_else(*end))
                .filter(|(form, (start, _))| *form != last || !after_someone_else(*start))
                .map(|(_, (s, _))| s)
                .min()
        })
        .collect()
}

fn is_surname(word: &str) -> bool {
    LAST_NAMES.iter().any(|n| n.eq_ignore_ascii_case(word))
}

/// Whether `text` opens with a person who is not on the team ("Employee:
/// Adrian Duarte", "### Adrian Duarte"): a first and a last name from the
/// name pools within its first words, and no team member before them.
fn opens_with_someone_else(case: &TriageCase, text: &Text, mentions: &[Option<usize>]) -> bool {
    let first_member = mentions.iter().flatten().min().copied();
    let stranger = text.words.windows(2).take(4).position(|pair| {
        let first = FIRST_NAMES
            .iter()
            .any(|n| n.eq_ignore_ascii_case(&pair[0].text));
        let member = case
            .employees
            .iter()
            .any(|e| e.name.to_lowercase() == format!("{} {}", pair[0].text, pair[1].text));
        first && is_surname(&pair[1].text) && !member
    });
    stranger.is_some_and(|at| first_member.is_none_or(|m| at < m))
}

/// Table columns by field, from a header row.
fn header_fields(cells: &[String]) -> Option<Vec<Option<FieldOrName>>> {
    let lower: Vec<String> = cells.iter().map(|c| c.to_lowercase()).collect();
    let is_header = lower.iter().any(|c| c.contains("tier"))
        && lower
            .iter()
            .any(|c| c.contains("employee") || c.contains("name") || c.contains("person"));
    if !is_header {
        return None;
    }
    Some(
        lower
            .iter()
            .map(|c| {
                if c.contains("employee") || c.contains("name") || c.contains("person") {
                    Some(FieldOrName::Name)
                } else if c.contains("tier") {
                    Some(FieldOrName::Field(Field::Tier))
                } else if c.contains("stressor") || c.contains("cause") {
                    Some(FieldOrName::Field(Field::Stressor))
                } else if c.contains("24") || c.contains("immediate") || c.contains("today") {
                    Some(FieldOrName::Field(Field::Day))
                } else if c.contains("week") || c.contains("fortnight") || c.contains("14") {
                    Some(FieldOrName::Field(Field::Fortnight))
                } else {
                    None
                }
            })
            .collect(),
    )
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FieldOrName {
    Name,
    Field(Field),
}

/// Cut the answer (outside the ranking) into one block per team member.
fn blocks(case: &TriageCase, texts: &LineTexts, ranking: &BTreeSet<usize>) -> Vec<Block> {
    let lines = texts.lines;
    let mut blocks = vec![Block::default(); case.employees.len()];
    let mut current: Option<usize> = None;
    let mut header: Option<Vec<Option<FieldOrName>>> = None;
    // Under a title of its own that names nobody and is no field ("Risks
    // and what I would avoid:", "Caveats"), outside any block, a line that
    // names someone in passing is about them, not theirs (para-it7).
    let mut aside = false;
    // Under a bare tier heading ("## CRITICAL", "**RED**", "AMBER tier")
    // whose next line opens someone's block, everyone up to the next such
    // heading is in that tier (para-it8, C2).
    let mut group: Option<Tier> = None;
    for (i, line) in lines.iter().enumerate() {
        if ranking.contains(&i) {
            current = None;
            group = None;
            continue;
        }
        if line.is_blank() {
            continue;
        }
        if let Some(tier) = tier_heading(case, texts, i) {
            group = Some(tier);
            current = None;
            aside = false;
            continue;
        }
        if let Some(cells) = &line.cells {
            if let Some(fields) = header_fields(cells) {
                header = Some(fields);
                current = None;
                continue;
            }
            if let Some(fields) = &header {
                let name_cell = fields
                    .iter()
                    .position(|f| *f == Some(FieldOrName::Name))
                    .and_then(|k| cells.get(k))
                    .map_or(String::new(), |c| c.clone());
                let owner = sole_member(case, &name_cell);
                if let Some(k) = owner {
                    blocks[k].own.push(line.plain.clone());
                    blocks[k].all.push(line.plain.clone());
                    blocks[k].tabled.push(true);
                    for (field, cell) in fields.iter().zip(cells) {
                        if let Some(FieldOrName::Field(f)) = field {
                            blocks[k].cells.push((*f, cell.clone()));
                        }
                    }
                }
                current = owner;
                continue;
            }
        } else {
            header = None;
        }
        // A sub-field under an action ("- Owner: Felipe Ibarra with HR",
        // "- When: today") is that action's: it names who acts or when,
        // not whose block it is (para-it13 B4).
        if let Some(k) = current
            && sub_field(&line.plain)
        {
            blocks[k].all.push(line.plain.clone());
            blocks[k].tabled.push(false);
            continue;
        }
        let text = texts.get(i);
        let mentions = first_mentions(case, text);
        let named: Vec<(usize, usize)> = mentions
            .iter()
            .enumerate()
            .filter_map(|(k, at)| at.map(|a| (a, k)))
            .collect();
        // A field line inside a block ("Tier: GREEN - like Mikael, only one
        // strain sign") names others inside its value, a comparison or a
        // helper: the layout (the "Employee:" line, a heading, a bullet)
        // says whose block it is, not a name after the field's label
        // (para-it15 B4).
        let in_field = current.is_some() && texts.labels_a_field(i);
        let leading = named
            .iter()
            .filter(|(a, _)| *a < 4 && !in_field)
            .min()
            .map(|(_, k)| *k);
        if named.is_empty()
            && !line.listed
            && line.plain.trim_end().ends_with(':')
            && !texts.labels_a_field(i)
            && current.is_none()
        {
            aside = true;
            continue;
        }
        // A bullet inside a block that mentions someone else in passing
        // ("- pair them with Nadia"), or a field line of the block ("2-week
        // action: ... (Magnus and Leon can shadow)"), stays in the block it
        // is in: the layout says whose it is, not a name inside it.
        let passing = (line.listed || texts.labels_a_field(i)) && current.is_some();
        let owner = match (leading, named.len()) {
            (Some(k), _) => Some(k),
            (None, 1) if !passing && !aside => Some(named[0].1),
            _ => None,
        };
        if owner.is_some() {
            aside = false;
        }
        match owner {
            Some(k) => {
                if let Some(tier) = group.filter(|_| blocks[k].own.is_empty()) {
                    let field = format!("Tier: {}", tier.word().to_uppercase());
                    blocks[k].own.push(field.clone());
                    blocks[k].all.push(field);
                    blocks[k].tabled.push(false);
                }
                blocks[k].own.push(line.plain.clone());
                blocks[k].all.push(line.plain.clone());
                blocks[k].tabled.push(line.cells.is_some());
                current = Some(k);
            }
            None if named.len() >= 2 && !passing => current = None,
            // Another person's block: nothing in it is any member's. A
            // field line of the block naming someone by full name ("24-hour
            // action: Damir Rasmussen arranges ...", the lead who acts)
            // names who acts in it, and stays in the block.
            None if !(passing && texts.labels_a_field(i))
                && opens_with_someone_else(case, text, &mentions) =>
            {
                current = None
            }
            None => {
                if let Some(k) = current {
                    blocks[k].all.push(line.plain.clone());
                    blocks[k].tabled.push(line.cells.is_some());
                }
            }
        }
    }
    blocks
}

/// Words a bare tier heading may hold beside its tier: "RED tier",
/// "CRITICAL (2 people)", "Amber group".
const TIER_HEADING_WORDS: &[&str] = &[
    "tier",
    "tiers",
    "group",
    "people",
    "person",
    "employees",
    "members",
    "priority",
];

/// The tier of line `i` when it is a bare tier heading over a group of
/// people: one tier word and heading words only, no list marker, and the
/// next line that is not blank opens someone's block (names them among
/// its first words). A bare tier line under a name ("### Ana\nRED\nMain
/// stressor: ...") is that person's.
fn tier_heading(case: &TriageCase, texts: &LineTexts, i: usize) -> Option<Tier> {
    let lines = texts.lines;
    let line = &lines[i];
    if line.listed || line.cells.is_some() {
        return None;
    }
    // "Tier: RED" after someone's fields is their tier field.
    if texts.labels_a_field(i) {
        return None;
    }
    let text = texts.get(i);
    let mut tier = None;
    for word in &text.words {
        match Tier::ALL.into_iter().find(|t| t.word() == word.text) {
            Some(t) if tier.is_none_or(|seen| seen == t) => tier = Some(t),
            Some(_) => return None,
            None if TIER_HEADING_WORDS.contains(&word.text.as_str())
                || word.text.chars().all(|c| c.is_ascii_digit()) => {}
            None => return None,
        }
    }
    let tier = tier?;
    let next = i + 1 + lines[i + 1..].iter().position(|l| !l.is_blank())?;
    let opens_block = first_mentions(case, texts.get(next))
        .iter()
        .any(|at| at.is_some_and(|a| a < 4));
    opens_block.then_some(tier)
}

/// Whether a line opens with a field's label and its separator ("2-week
/// action: ...", "Main stressor - ..."), so what follows is that field's
/// content.
fn labels_a_field(text: &Text) -> bool {
    STRONG_CUES.iter().any(|(_, phrases)| {
        text.mentions(phrases).into_iter().any(|(s, e)| {
            let label_end = (e..text.len().min(e + 2))
                .find(|&k| {
                    let gap = text.gap(k);
                    gap.contains([':', '\u{2013}', '\u{2014}'])
                        || crate::text::aside::spaced_dash(gap)
                })
                .filter(|&k| {
                    text.words[e..k]
                        .iter()
                        .all(|w| TITLE_WORDS.contains(&w.text.as_str()))
                });
            s <= 1 && label_end.is_some()
        })
    })
}

/// The one team member a cell names, if exactly one.
fn sole_member(case: &TriageCase, cell: &str) -> Option<usize> {
    let text = Text::new(cell);
    let named: Vec<usize> = first_mentions(case, &text)
        .iter()
        .enumerate()
        .filter_map(|(k, at)| at.map(|_| k))
        .collect();
    (named.len() == 1).then(|| named[0])
}

/// The tiers a text states ([`crate::text::stated`]): negated tiers, modifiers ("red
/// flag", "green light", "critical incident"), compared ones and ones the
/// writer considered and set aside ("AMBER \u{2014} I'd nearly put her at RED,
/// but ...", [`crate::text::considered`]) are not stated; two stated tiers
/// are a hedge.
fn tiers_in(text: &str) -> OneValue<Tier> {
    tiers_of(&Text::new(text))
}

/// [`tiers_in`] for a text already read.
fn tiers_of(read: &Text) -> OneValue<Tier> {
    chosen_words(read, |word| {
        Tier::ALL.into_iter().find(|t| t.word() == word)
    })
}

/// The tier of a block: from its tier field (every copy of it, read) when
/// it has one, else from the person's own lines, else from the whole
/// block.
fn read_tier(block: &Block, field: &[Text]) -> OneValue<Tier> {
    if !field.is_empty() {
        return field
            .iter()
            .map(tiers_of)
            .fold(OneValue::Missing, OneValue::and);
    }
    let own = tiers_in(&block.own.join("\n"));
    if own != OneValue::Missing {
        return own;
    }
    tiers_in(&block.all.join("\n"))
}

/// How far into its sentence a field's cue may stand: "Over the next two
/// weeks, ..." opens a field, "addressing the root cause: ..." in the
/// middle of an action does not.
const CUE_REACH: usize = 3;

/// Whether the cue at word `at` stands where a field can start: among the
/// first words of its line or sentence, or of a part of a one-line record
/// set off by a spaced dash or a bar and titled with a colon ("Ana - RED -
/// deadline - 24h: ... - 2 weeks: ...").
fn at_field_position(text: &Text, at: usize) -> bool {
    let from = text.sentence_start(at);
    // A colon among the next few words' gaps (words hold none).
    let title_end = text
        .words
        .get(at + CUE_REACH)
        .map_or(text.source.len(), |w| w.start);
    let titled = text
        .source
        .get(text.words[at].end..title_end)
        .is_some_and(|title| title.contains(':'));
    // Past another field's title, a cue is that field's content unless
    // titled itself: "Main stressor: Being two weeks into a new role".
    let in_a_field = (from + 1..=at).any(|k| text.gap(k).contains(':'));
    if at - from <= CUE_REACH {
        return !in_a_field || titled;
    }
    let separated = (at.saturating_sub(CUE_REACH).max(from + 1)..=at).any(|k| {
        let gap = text.gap(k);
        [" - ", " \u{2013} ", " \u{2014} ", "|"]
            .iter()
            .any(|sep| gap.contains(sep))
    });
    separated && titled
}

/// Times within the day that may close a step told with its time last
/// ("... today", "... by end of day").
const SAME_DAY_ENDS: &[&str] = &[
    "today",
    "this morning",
    "this afternoon",
    "this evening",
    "tonight",
    "by end of day",
    "by the end of the day",
    "by end of today",
    "by the end of today",
    "before the end of the day",
    "by close of business",
    "by close of play",
];

/// Words that open the step after another: "then", "after that".
const FOLLOW_UPS: &[&str] = &[
    "then",
    "and then",
    "after that",
    "afterwards",
    "afterward",
    "following that",
    "thereafter",
    "next",
];

/// `e` moved past the "hours" of "the next 24 hours".
fn past_hours(text: &Text, e: usize) -> usize {
    let mut e = e;
    while text
        .words
        .get(e)
        .is_some_and(|w| matches!(w.text.as_str(), "hour" | "hours" | "hrs" | "h"))
        && text.words[e].sentence == text.words[e - 1].sentence
    {
        e += 1;
    }
    e
}

/// Whether the time phrase ending before word `e` closes its step: its
/// sentence ends there, or its clause does and a follow-up opens the next
/// ("..., and then agree ...").
fn closes_a_step(text: &Text, e: usize) -> bool {
    let e = past_hours(text, e);
    e == 0
        || e >= text.len()
        || text.words[e].sentence != text.words[e - 1].sentence
        || (text.words[e].clause != text.words[e - 1].clause && follow_up_at(text, e).is_some())
}

/// Word `at` when a follow-up opens there ([`FOLLOW_UPS`]): "next" only
/// as "Next, ...", not "next week".
fn follow_up_at(text: &Text, at: usize) -> Option<usize> {
    let word = text.words.get(at)?;
    let opens = FOLLOW_UPS.iter().any(|phrase| {
        let words: Vec<&str> = phrase.split(' ').collect();
        words.iter().enumerate().all(|(k, w)| {
            text.words
                .get(at + k)
                .is_some_and(|t| t.text == *w && t.sentence == word.sentence)
        })
    });
    let time_after_next = word.text == "next"
        && text
            .words
            .get(at + 1)
            .is_some_and(|w| w.clause == word.clause);
    (opens && !time_after_next).then_some(at)
}

/// Words of a time past two weeks: "next quarter", "in a month".
const PAST_TWO_WEEKS: &[&str] = &[
    "month", "months", "quarter", "quarters", "year", "years", "q1", "q2", "q3", "q4",
];

/// Whether the sentence from word `at` gives its step a time past two
/// weeks ("then, next quarter, ...", "after that, from next month",
/// "in 3 weeks", "in week 4"): a follow-up that late is no 2-week action.
fn timed_past_two_weeks(text: &Text, at: usize) -> bool {
    let sentence = text.words[at].sentence;
    let words: Vec<&str> = text.words[at..]
        .iter()
        .take_while(|w| w.sentence == sentence)
        .map(|w| w.text.as_str())
        .collect();
    let late = |w: &str| crate::text::number_value(w).is_some_and(|n| n > 2);
    words.iter().any(|w| PAST_TWO_WEEKS.contains(w))
        || words.windows(2).any(|p| {
            (late(p[0]) && matches!(p[1], "weeks" | "wks"))
                || (matches!(p[0], "week" | "wk") && late(p[1]))
        })
}

/// Words that may follow a field's cue inside its title ("2-week action:",
/// "24-hour plan -"): a cue right after them, before any content of the
/// field, leads that field's content in ("2-week action: Root cause: the
/// rota. Rebalance it.") and opens no field of its own.
const TITLE_WORDS: &[&str] = &[
    "action", "actions", "step", "steps", "support", "plan", "plans", "follow", "up", "level",
];

/// The text of every field in a block: its table cells, or the stretches
/// from its cues to the next cue of another field, one entry per copy.
/// Table rows and the block's other lines are read apart: a cue inside a
/// table row opens only a field the table has no column for (its cells are
/// those fields), while a line outside the table ("Tier: RED" under a row
/// that gave AMBER) is one more copy of whatever field it opens.
fn fields(block: &Block) -> BTreeMap<Field, Vec<String>> {
    let mut out: BTreeMap<Field, Vec<String>> = BTreeMap::new();
    for (field, cell) in &block.cells {
        out.entry(*field).or_default().push(cell.clone());
    }
    let lines = |table: bool| -> String {
        block
            .all
            .iter()
            .zip(&block.tabled)
            .filter(|(_, t)| **t == table)
            .map(|(l, _)| l.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let columns: BTreeSet<Field> = crate::order::set_of(block.cells.iter().map(|(f, _)| *f));
    stretches(&lines(true), &columns, &mut out);
    stretches(&lines(false), &BTreeSet::new(), &mut out);
    out
}

/// Add to `out` the stretch of `joined` each field cue opens, up to the
/// next cue of another field, for fields not in `skip`.
fn stretches(joined: &str, skip: &BTreeSet<Field>, out: &mut BTreeMap<Field, Vec<String>>) {
    if joined.trim().is_empty() {
        return;
    }
    let text = Text::new(joined);
    let mut cues: Vec<(usize, usize, Field)> = Vec::new();
    for (f, phrases) in STRONG_CUES {
        for (s, e) in text.mentions(phrases) {
            if at_field_position(&text, s) {
                cues.push((s, e, *f));
            }
        }
    }
    // "A routine check-in is enough for the first 24 hours": a sentence
    // with no cue where it starts, ending on the first or next 24 hours,
    // is the 24-hour action told with its time last; opened by "that" or
    // "this" ("Rebalance their tickets. That covers the next 24 hours"),
    // with the sentence before, which it points back to.
    let day_phrases = STRONG_CUES
        .iter()
        .find(|(f, _)| *f == Field::Day)
        .map_or(&[][..], |(_, phrases)| *phrases);
    let mut timed_last = Vec::new();
    for (s, e) in text.mentions(day_phrases) {
        let from = text.sentence_start(s);
        let sentence = text.words[s].sentence;
        // "next 24" is a cue of its own, "hours" then its last word; a
        // follow-up after it ("...; then re-plan") starts another step.
        let ends_sentence = closes_a_step(&text, e);
        let first_or_next = matches!(text.words[s].text.as_str(), "first" | "next")
            || (s > from && matches!(text.words[s - 1].text.as_str(), "first" | "next"));
        // Another cue in the sentence opens its field there; this one
        // may have been taken as a cue where it stands ("That covers the
        // next 24 hours"), and is moved to the action it closes.
        let cued_in = |sentence: u32| {
            cues.iter()
                .any(|&(c, _, _)| c != s && text.words[c].sentence == sentence)
        };
        if !ends_sentence || !first_or_next || cued_in(sentence) {
            continue;
        }
        let points_back = matches!(text.words[from].text.as_str(), "that" | "this")
            && from > 0
            && !cued_in(text.words[from - 1].sentence);
        let start = if points_back {
            text.sentence_start(from - 1)
        } else {
            from
        };
        timed_last.push((s, start));
    }
    for (cue, start) in timed_last {
        cues.retain(|&(c, _, _)| c != cue);
        cues.push((start, start, Field::Day));
    }
    if !cues.iter().any(|(_, _, f)| *f == Field::Day) {
        for (s, e) in text.mentions(WEAK_DAY_CUES) {
            if at_field_position(&text, s) {
                cues.push((s, e, Field::Day));
            }
        }
    }
    // "A routine check-in and some recognition today; then agree flexible
    // hours": a step ending on a time within the day is the 24-hour action
    // told with its time last, as "for the next 24 hours" is above
    // (play-para-it18 C1).
    let same_day: Vec<(usize, usize)> = text
        .mentions(SAME_DAY_ENDS)
        .into_iter()
        .filter(|&(_, e)| closes_a_step(&text, e))
        .collect();
    if !cues.iter().any(|(_, _, f)| *f == Field::Day)
        && let Some(&(s, _)) = same_day.first()
    {
        let start = text.sentence_start(s);
        cues.push((start, start, Field::Day));
    }
    // A step introduced by "then" or "after that" right after the time
    // that closes the immediate action, with no time of its own, is the
    // follow-up: the 2-week action, where no cue gives one.
    if cues.iter().any(|(_, _, f)| *f == Field::Day)
        && !cues.iter().any(|(_, _, f)| *f == Field::Fortnight)
    {
        let follow_up = text
            .mentions(day_phrases)
            .into_iter()
            .chain(same_day)
            .filter_map(|(_, e)| follow_up_at(&text, past_hours(&text, e)))
            .find(|&at| !timed_past_two_weeks(&text, at));
        if let Some(at) = follow_up {
            cues.push((at, at, Field::Fortnight));
        }
    }
    crate::order::sort(&mut cues);
    let mut opened: Vec<(usize, usize, Field)> = Vec::new();
    for cue in cues {
        let (start, _, field) = cue;
        if let Some(&(_, last_end, last_field)) = opened.last() {
            // A repeated cue of the same field does not start a new stretch.
            if last_field == field {
                continue;
            }
            let lead_in = last_end <= start
                && text.words[last_end.saturating_sub(1)].sentence == text.words[start].sentence
                && text.words[last_end..start]
                    .iter()
                    .all(|w| TITLE_WORDS.contains(&w.text.as_str()));
            if lead_in {
                continue;
            }
        }
        opened.push(cue);
    }
    for (k, (start, _, field)) in opened.iter().enumerate() {
        if skip.contains(field) {
            continue;
        }
        let end = opened.get(k + 1).map_or(text.len(), |(e, _, _)| *e);
        out.entry(*field)
            .or_default()
            .push(text.slice(*start, end).to_owned());
    }
}

/// The levels of support a 24-hour action gives (by [`Tier::rank`]):
/// every level it names, not negated and not under a condition. One level
/// is what the tier needs or not; two or more ("an EAP referral or a
/// check-in", a crisis line and a routine check-in) are a hedge.
/// `needed` is the level the person's tier needs: where an action gives
/// two neighbouring levels only by their care steps, either reading is
/// fair, and the one the tier needs is taken. `own_first` is the person's
/// first name in lower case: recognition given to anyone else by name is
/// not theirs ([`for_someone_else`]). A step timed past the day
/// ([`deferred_words`]) is no 24-hour step.
fn support_level(field: &[Text], needed: u32, own_first: &str) -> OneValue<u32> {
    field
        .iter()
        .map(|text| {
            if text.len() < 3 {
                return OneValue::Missing;
            }
            let conditional = conditional_words(text);
            // The RED tier's support only offered or reminded of is care,
            // no level ([`offered_only`]).
            let offered = offered_only(text, &conditional);
            let deferred = deferred_words(text);
            let others = for_someone_else(text, own_first);
            let given = |s: usize, e: usize| {
                !negated(text, s, e)
                    && !conditional[s]
                    && !deferred[s]
                    && !offered.contains(&s)
                    && !others.contains(&s)
            };
            // Steps read by their grammar rather than a fixed phrase:
            // relief from the load (care beside a higher level) and an
            // ordinary check-in (GREEN's routine level itself).
            let relief: Vec<usize> = relief_from_the_load(text)
                .into_iter()
                .filter(|&(s, e)| given(s, e))
                .map(|(s, _)| s)
                .collect();
            let ordinary: Vec<usize> = ordinary_check_ins(text)
                .into_iter()
                .filter(|&(s, e)| given(s, e))
                .map(|(s, _)| s)
                .collect();
            // The emergency department by its short names, days given off
            // by name, and a review of the workload with the person
            // (play-it39 B3).
            let read_steps = |spans: Vec<(usize, usize)>, level: u32| -> Vec<(usize, u32)> {
                spans
                    .into_iter()
                    .filter(|&(s, e)| given(s, e))
                    .map(|(s, _)| (s, level))
                    .collect()
            };
            let emergency = read_steps(emergency_department(text), 0);
            let read_more: Vec<(usize, u32)> = emergency
                .iter()
                .copied()
                .chain(read_steps(days_given_off(text), 1))
                .chain(read_steps(workload_reviews(text), 2))
                .collect();
            // A GP or doctor named as an appointment to book is a referral
            // (the RED tier's), not emergency care, unless it is urgent.
            let booked = gp_appointments(text);
            let as_booked = |(s, k): (usize, u32)| {
                let is_booked = k == 0 && booked.iter().any(|&(bs, be)| (bs..be).contains(&s));
                (s, if is_booked { 1 } else { k })
            };
            // Where each level is given: (word, level), in text order.
            let mut steps: Vec<(usize, u32)> = SUPPORT
                .iter()
                .enumerate()
                .map(|(k, phrases)| (k as u32, *phrases))
                .chain(CARE_STEPS.iter().copied())
                .flat_map(|(k, phrases)| {
                    text.mentions(phrases)
                        .into_iter()
                        .filter(|&(s, e)| given(s, e))
                        .map(move |(s, _)| (s, k))
                })
                .map(as_booked)
                .chain(relief.iter().map(|&s| (s, 1)))
                .chain(ordinary.iter().map(|&s| (s, 3)))
                .chain(read_more)
                .collect();
            crate::order::sort(&mut steps);
            // A bare check-in offered instead of the steps before it ("...
            // a safety plan; or, if they prefer, a check-in next week") is a
            // lower tier's step: AMBER's check-in.
            if check_in_instead(text, &steps) {
                steps.push((text.len(), 2));
            }
            let levels: Vec<u32> = crate::order::set_of(steps.iter().map(|(_, k)| *k))
                .into_iter()
                .collect();
            // More care beside the tier's level (taking a CRITICAL person
            // off the pager too, recognition beside an AMBER check-in) is
            // care, not a second tier: the more intense level is the
            // action's, unless the two are offered as alternatives.
            let only_care = |level: u32| {
                (level != 3 || ordinary.is_empty())
                    && (level != 0 || emergency.is_empty())
                    && SUPPORT[level as usize]
                        .iter()
                        .filter(|p| !CARE.contains(p))
                        .all(|p| {
                            text.mentions(&[p])
                                .into_iter()
                                .all(|(s, e)| !given(s, e) || as_booked((s, level)).1 != level)
                        })
            };
            // Beside same-day safety support, a referral (occupational
            // health, the EAP) is its medical follow-up, not the RED tier's
            // support offered instead: the safety step decides.
            match levels.as_slice() {
                [0, 1] if referral_beside_safety(text, &conditional, &offered) => OneValue::One(0),
                // "check in within the day to reprioritise the workload and
                // take weekend work off them": relief beside reprioritising
                // is AMBER's check-in with more care, and RED's relief with
                // a reprioritised workload; the rubric's levels overlap in
                // such care, so neither reading is a hedge (play-it14).
                [intense, next]
                    if *next == intense + 1
                        && only_care(*intense)
                        && only_care(*next)
                        && (needed == *intense || needed == *next)
                        && !offers_alternatives(text, &steps) =>
                {
                    OneValue::One(needed)
                }
                [intense, next]
                    if *next == intense + 1
                        && only_care(*next)
                        && !offers_alternatives(text, &steps) =>
                {
                    OneValue::One(*intense)
                }
                // "a check-in today to reprioritise his workload, take
                // weekend work off his plate and agree what can wait": the
                // check-in decides, the part lifted is how it reprioritises.
                [1, 2]
                    if part_lifted_in_a_check_in(text, &steps, &relief)
                        && !offers_alternatives(text, &steps) =>
                {
                    OneValue::One(2)
                }
                _ => OneValue::of(levels),
            }
        })
        .fold(OneValue::Missing, OneValue::and)
}

/// Whether a bare check-in (no level of its own) is offered as an
/// alternative to the steps before it: an alternative word stands at most
/// [`JOIN_REACH`] words before it, with no other step between ("or, if
/// they prefer, a check-in next week").
fn check_in_instead(text: &Text, steps: &[(usize, u32)]) -> bool {
    text.mentions(CHECK_INS).into_iter().any(|(s, e)| {
        !negated(text, s, e)
            && (s.saturating_sub(JOIN_REACH + 1)..s).any(|at| {
                ALTERNATIVES.contains(&text.words[at].text.as_str())
                    && text.words[at].sentence == text.words[s].sentence
                    && steps.iter().any(|(k, _)| *k < at)
                    && !steps.iter().any(|(k, _)| at < *k && *k < s)
            })
    })
}

/// Verbs that lift a load off the person: "take him off incident duty",
/// "move her off the pager", "pull them out of the launch", "stand him down
/// from on-call", "keep her off the rota today", "get the tickets off him".
const LIFTING: &[&str] = &[
    "take", "takes", "taking", "took", "move", "moves", "moving", "moved", "pull*", "get", "gets",
    "getting", "got", "lift*", "stand", "stands", "standing", "stood", "releas*", "free", "frees",
    "freed", "freeing", "excus*", "rotat*", "remov*", "keep", "keeps", "keeping", "kept",
];

/// The person as the object of a verb: a pronoun, or a name (a capital
/// letter).
const PERSON_OBJECTS: &[&str] = &["him", "her", "them"];

/// How many words may stand between a lifting verb and the "off him" that
/// ends its object ("take the most urgent launch tasks off him").
const LIFT_REACH: usize = 5;

/// Whether word `k` is the person as the object of a verb: a pronoun
/// ([`PERSON_OBJECTS`]) or a name (a capital letter).
fn person_object(text: &Text, k: usize) -> bool {
    text.words.get(k).is_some_and(|w| {
        PERSON_OBJECTS.contains(&w.text.as_str())
            || text
                .source
                .get(w.start..)
                .and_then(|rest| rest.chars().next())
                .is_some_and(char::is_uppercase)
    })
}

/// The RED tier's phrases that lift part of the work off the person, the
/// load named before them ("the weekend work off their plate").
const PART_OFF: &[&str] = &[
    "off their plate",
    "off his plate",
    "off her plate",
    "work off them",
    "work off him",
    "work off her",
];

/// Whether the level-1 steps of an action (`steps`, with the starts of its
/// `relief`) are all a part of the work lifted off the person ("take
/// weekend work off his plate", "move two tickets off them": the load,
/// then "off" the person, never the person stood down or sent home), each
/// in a sentence with a step of the AMBER tier's check-in to reprioritise:
/// inside such a check-in, relief of part of the work is how it
/// reprioritises, no second tier's action (play-it41 C1).
fn part_lifted_in_a_check_in(text: &Text, steps: &[(usize, u32)], relief: &[usize]) -> bool {
    let part_off: Vec<usize> = text
        .mentions(PART_OFF)
        .into_iter()
        .map(|(s, _)| s)
        .chain(
            relief
                .iter()
                .copied()
                .filter(|&s| !person_object(text, s + 1)),
        )
        .collect();
    let sentence = |k: usize| text.words.get(k).map(|w| w.sentence);
    let lifted: Vec<usize> = steps
        .iter()
        .filter(|(_, level)| *level == 1)
        .map(|(s, _)| *s)
        .collect();
    !lifted.is_empty()
        && lifted.iter().all(|s| {
            part_off.contains(s)
                && steps
                    .iter()
                    .any(|(k, level)| *level == 2 && sentence(*k) == sentence(*s))
        })
}

/// Where the action relieves the person of the load now, in any verb that
/// lifts it ([`LIFTING`]) with the person as its object: the verb, the
/// person, then "off", "out of", "from" or "down" ("take him off incident
/// duty for now", "stand her down from on-call"), or the load, then "off"
/// the person ("take the launch tasks off him"): the rubric's "relief from
/// the work causing it" (play-it37 B1). Spans from the verb to the word
/// that lifts.
fn relief_from_the_load(text: &Text) -> Vec<(usize, usize)> {
    let person = |k: usize| person_object(text, k);
    text.mentions(LIFTING)
        .into_iter()
        .filter_map(|(s, e)| {
            let clause = text.words[s].clause;
            let word = |k: usize| {
                text.words
                    .get(k)
                    .filter(|w| w.clause == clause)
                    .map(|w| w.text.as_str())
            };
            let keeps = text.words[s].text.starts_with("ke");
            let away = match word(e + 1) {
                Some("off") => Some(e + 2),
                // "keep her from" keeps her from doing something, no load.
                Some("from") if !keeps => Some(e + 2),
                Some("out") if word(e + 2) == Some("of") => Some(e + 3),
                Some("down") if text.words[s].text.starts_with("st") => Some(e + 2),
                _ => None,
            };
            if person(e) && away.is_some() {
                return away.map(|end| (s, end));
            }
            (e..e + LIFT_REACH)
                .find(|&k| {
                    word(k) == Some("off")
                        && word(k + 1).is_some_and(|w| {
                            PERSON_OBJECTS.contains(&w) || matches!(w, "his" | "their")
                        })
                })
                .map(|k| (s, k + 2))
        })
        .collect()
}

/// Words before "casualty" that make it the hospital department: "take
/// her to casualty", "seen at casualty".
const TO_A_PLACE: &[&str] = &["to", "at", "into", "in"];

/// Where the action names the emergency department by a short name of
/// its own: "A&E" (also "A & E"), "the ER" or "the ED" in capitals, and
/// "casualty" as a place ("to casualty"). Emergency care is CRITICAL's
/// same-day safety support (play-it39 B3); "a casualty of the reorg" and
/// the word "ed" in lower case name no department.
fn emergency_department(text: &Text) -> Vec<(usize, usize)> {
    (0..text.len())
        .filter_map(|k| {
            let word = &text.words[k];
            let written = text.source.get(word.start..word.end).unwrap_or("");
            let and_e = word.text == "a"
                && text
                    .words
                    .get(k + 1)
                    .is_some_and(|e| e.text == "e" && text.gap(k + 1).trim() == "&");
            if and_e {
                return Some((k, k + 2));
            }
            let short = matches!(written, "ER" | "ED")
                && k > 0
                && matches!(text.words[k - 1].text.as_str(), "the" | "to" | "at");
            let casualty = word.text == "casualty"
                && k > 0
                && TO_A_PLACE.contains(&text.words[k - 1].text.as_str());
            (short || casualty).then_some((k, k + 1))
        })
        .collect()
}

/// The GP or doctor words of the most intense level.
const DOCTORS: &[&str] = &["gp", "doctor", "doctors"];

/// Words that make an appointment emergency care: "an urgent GP
/// appointment", "an emergency doctor's appointment", "same-day".
const URGENT: &[&str] = &["urgent", "urgently", "emergency", "same"];

/// How many words may stand between a GP and its appointment: "an
/// appointment with his own GP", "a GP appointment".
const APPOINTMENT_REACH: usize = 4;

/// Where a GP or doctor is named as an appointment to book ("book him a
/// GP appointment", "an appointment with her doctor"), with no word of
/// urgency in its clause: a referral to professional help, the RED tier's
/// urgent support, not CRITICAL's emergency care (play-it39 B3). Spans of
/// the doctor's word.
fn gp_appointments(text: &Text) -> Vec<(usize, usize)> {
    text.mentions(DOCTORS)
        .into_iter()
        .filter(|&(s, e)| {
            let clause = text.words[s].clause;
            let in_clause: Vec<usize> = (s.saturating_sub(APPOINTMENT_REACH)
                ..e + APPOINTMENT_REACH)
                .filter(|&k| text.words.get(k).is_some_and(|w| w.clause == clause))
                .collect();
            let appointment = in_clause
                .iter()
                .any(|&k| text.words[k].text.starts_with("appointment"));
            let urgent = text
                .words
                .iter()
                .filter(|w| w.clause == clause)
                .any(|w| URGENT.contains(&w.text.as_str()));
            appointment && !urgent
        })
        .collect()
}

/// Times a person may be given off by name: "tomorrow off", "the
/// afternoon off", "Friday off".
const DAYS_OFF: &[&str] = &[
    "tomorrow",
    "morning",
    "afternoon",
    "evening",
    "week",
    "weekend",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
];

/// Verbs that give a person time off: "give him tomorrow off", "let her
/// take Friday off".
const GIVING_TIME: &[&str] = &[
    "give", "gives", "giving", "take", "takes", "taking", "have", "has", "having", "get", "gets",
    "grant", "grants", "book", "books", "approve", "approves", "let",
];

/// How many words before the day a giving verb may stand: "give him the
/// whole afternoon off".
const GIVING_REACH: usize = 4;

/// Where the action gives the person a named stretch of time off
/// ("Give him tomorrow off", "let her take the afternoon off", "Friday
/// off, with cover"): a [`DAYS_OFF`] word right before "off", after a
/// giving verb in its clause or opening it. Time off is the RED tier's
/// urgent support (play-it39 B3); "Friday's off-site" and "tomorrow off
/// the record" give none. Spans from the day to "off".
fn days_given_off(text: &Text) -> Vec<(usize, usize)> {
    (1..text.len())
        .filter(|&k| {
            let off = &text.words[k];
            let day = k - 1;
            let clause = off.clause;
            let next = text.words.get(k + 1).filter(|n| n.clause == clause);
            let joined = text.gap(k + 1).starts_with('-') && next.is_some();
            let record = next.is_some_and(|n| n.text == "the")
                && text.words.get(k + 2).is_some_and(|n| n.text == "record");
            if off.text != "off"
                || !DAYS_OFF.contains(&text.words[day].text.as_str())
                || text.words[day].clause != clause
                || !text.gap(k).trim().is_empty()
                || joined
                || record
            {
                return false;
            }
            let clause_start = (0..day)
                .rev()
                .take_while(|&b| text.words[b].clause == clause)
                .last()
                .unwrap_or(day);
            let giving = (day.saturating_sub(GIVING_REACH)..day)
                .filter(|&b| b >= clause_start)
                .any(|b| GIVING_TIME.contains(&text.words[b].text.as_str()));
            let opens = text.words[clause_start..day].iter().all(|w| {
                matches!(
                    w.text.as_str(),
                    "the" | "a" | "this" | "whole" | "and" | "plus"
                )
            });
            giving || opens
        })
        .map(|k| (k - 1, k + 1))
        .collect()
}

/// Ways of going over something with a person: "go through", "look at",
/// "walk through", "review".
const REVIEWING: &[&str] = &[
    "go through",
    "goes through",
    "going through",
    "go over",
    "goes over",
    "going over",
    "look at",
    "looking at",
    "look over",
    "look through",
    "walk through",
    "walking through",
    "run through",
    "running through",
    "talk through",
    "talking through",
    "sort through",
    "review",
    "reviews",
    "reviewing",
];

/// What a person has on: the load a review with them reprioritises.
const THEIR_LOAD: &[&str] = &[
    "workload",
    "backlog",
    "plate",
    "commitments",
    "priorities",
    "tasks",
    "task list",
    "to do list",
    "todo list",
    "tickets",
    "ticket queue",
    "queue",
];

/// How many words may stand between a review and the load: "look at what
/// is on his plate", "go through all of her open tickets".
const REVIEW_REACH: usize = 5;

/// Where the action goes over the person's load with them ("go through
/// his workload", "look at what's on her plate", "walk through their open
/// tickets"): the AMBER tier's check-in to reprioritise in other words
/// (play-it39 B3). A review of anything else ("go through the incident
/// timeline", "look at his code") reprioritises nothing. Spans from the
/// review to the load's end.
fn workload_reviews(text: &Text) -> Vec<(usize, usize)> {
    let loads = text.mentions(THEIR_LOAD);
    text.mentions(REVIEWING)
        .into_iter()
        .filter_map(|(s, e)| {
            let clause = text.words[s].clause;
            loads
                .iter()
                .find(|&&(ls, le)| {
                    (e..=e + REVIEW_REACH).contains(&ls)
                        && text.words[e.min(ls)..le].iter().all(|w| w.clause == clause)
                })
                .map(|&(_, le)| (s, le))
        })
        .collect()
}

/// Words that make a check-in the ordinary kind: GREEN's routine check-in
/// in other words ("a normal check-in", "the usual 1:1", "a standard
/// catch-up", play-it37 B2).
const ORDINARY: &[&str] = &[
    "normal",
    "regular",
    "usual",
    "standard",
    "ordinary",
    "everyday",
    "customary",
];

/// A contact with the person that an ordinary word before it makes a
/// routine check-in.
const CONTACTS_WITH_THEM: &[&str] = &[
    "check in*",
    "catch up*",
    "check ins",
    "catch ups",
    "oneonone",
    "chat",
    "chats",
];

/// Where a contact with the person is said to be the ordinary kind ([`ORDINARY`]
/// right before it): spans from that word to the contact's end.
fn ordinary_check_ins(text: &Text) -> Vec<(usize, usize)> {
    text.mentions(CONTACTS_WITH_THEM)
        .into_iter()
        .filter(|&(s, _)| {
            s > 0
                && text.words[s - 1].clause == text.words[s].clause
                && ORDINARY.contains(&text.words[s - 1].text.as_str())
        })
        .map(|(s, e)| (s - 1, e))
        .collect()
}

/// Times past the 24 hours the action is for: a step timed by them is
/// not done within the window ("a routine check-in next month", "mention
/// the EAP at some point next quarter"). Numbers of days or weeks are
/// read by [`numbered_past_the_day`].
const PAST_THE_DAY: &[&str] = &[
    "next week",
    "next month",
    "next quarter",
    "next year",
    "next sprint",
    "at some point",
    "some time next",
    "sometime next",
    "later this week",
    "later this month",
    "later in the week",
    "later in the month",
    "in a week",
    "in a fortnight",
    "in a month",
    "in a few days",
    "in a couple of days",
    "in the coming weeks",
    "over the coming weeks",
    "in due course",
    "eventually",
];

/// Words before a time that make it the end of a span, not when the step
/// happens: "off the pager until next week", "for the next month".
const SPAN_ENDS: &[&str] = &[
    "until",
    "till",
    "til",
    "through",
    "throughout",
    "for",
    "the",
    "over",
    "back",
    "before",
];

/// Where a number of days or weeks ahead times a step past the day: "in 3
/// days", "within two weeks", "in 1 month".
fn numbered_past_the_day(text: &Text) -> Vec<(usize, usize)> {
    (0..text.len())
        .filter(|&k| matches!(text.words[k].text.as_str(), "in" | "within"))
        .filter_map(|k| {
            let (n, taken) = crate::text::number_at(&text.words, k + 1)?;
            let unit = text.words.get(k + 1 + taken)?.text.as_str();
            let later = (n >= 2 && unit == "days")
                || (n >= 1 && matches!(unit, "week" | "weeks" | "month" | "months"));
            later.then_some((k, k + 2 + taken))
        })
        .collect()
}

/// For each word, whether a time past the day ([`PAST_THE_DAY`]) times
/// it. One that opens its clause ("next week, review her workload")
/// governs the rest of its sentence; one that trails ("a routine check-in
/// next month") its clause back to the last coordinator, so "an EAP
/// referral today and a workload review next week" defers only the
/// review. A time that ends a span ("until next week") or modifies a noun
/// ("next week's sprint") times nothing.
fn deferred_words(text: &Text) -> Vec<bool> {
    let mut out = vec![false; text.len()];
    let mut times = text.mentions(PAST_THE_DAY);
    times.extend(numbered_past_the_day(text));
    for (s, e) in times {
        let ends_a_span = s > 0 && SPAN_ENDS.contains(&text.words[s - 1].text.as_str());
        let modifies = text
            .source
            .get(text.words[e - 1].end..)
            .is_some_and(|rest| rest.starts_with("'s") || rest.starts_with("\u{2019}s"));
        if ends_a_span || modifies {
            continue;
        }
        let clause = text.words[s].clause;
        let sentence = text.words[s].sentence;
        let clause_start = (0..s)
            .rev()
            .take_while(|&k| text.words[k].clause == clause)
            .last()
            .unwrap_or(s);
        let opens = text.words[clause_start..s]
            .iter()
            .all(|w| CONNECTORS.contains(&w.text.as_str()));
        if opens {
            (s..text.len())
                .take_while(|&k| text.words[k].sentence == sentence)
                .for_each(|k| out[k] = true);
        } else {
            let from = (clause_start..s)
                .rev()
                .find(|&k| {
                    COORDINATORS.contains(&text.words[k].text.as_str())
                        || text.words[k].text == "then"
                })
                .map_or(clause_start, |k| k + 1);
            out[from..e].iter_mut().for_each(|d| *d = true);
        }
    }
    out
}

/// Where GREEN's step goes to someone else by name: a first name that
/// is not `own_first` (the person's, lower-case) right after the step,
/// past "for", "to" or "of" ("recognition for Chiara's mentoring" or
/// "thank Kenji" in Anika's block recognises someone else, not Anika).
/// Returns the step's first word.
fn for_someone_else(text: &Text, own_first: &str) -> Vec<usize> {
    text.mentions(SUPPORT[3])
        .into_iter()
        .filter(|&(s, e)| {
            let clause = text.words[s].clause;
            let next = (e..e + 2)
                .filter_map(|k| text.words.get(k).filter(|w| w.clause == clause))
                .find(|w| !matches!(w.text.as_str(), "for" | "to" | "of"));
            next.is_some_and(|w| {
                w.text != own_first && FIRST_NAMES.iter().any(|n| n.eq_ignore_ascii_case(&w.text))
            })
        })
        .map(|(s, _)| s)
        .collect()
}

/// Where the action only offers the RED tier's support (a service, leave,
/// relief), leaving it to the person, or reminds them it exists: "remind
/// her the EAP is there if she ever wants it", "the counselling on offer",
/// "if she would like it, offer an EAP session too", "time off if he wants
/// it", "should she want one". Such an aside is care beside any tier's
/// step and no tier's urgent support of its own, whatever the resource
/// (play-it25 B1, C1; issue 21 R3): it neither makes an AMBER check-in
/// urgent support nor earns the RED tier's. A step its clause books or
/// refers ([`FIRM_STEPS`]: "refer her to the EAP if she agrees", "if Omar
/// would like it, book occupational health for him today") stays firm.
/// Returns the first word of each such mention of [`SUPPORT`]'s RED level.
fn offered_only(text: &Text, conditional: &[bool]) -> Vec<usize> {
    // Where any level's step starts: a trailing wish ("... if she wants
    // it") reaches back only to the step right before it.
    let steps = step_starts(text, conditional);
    let reminders = text.mentions(REMINDERS);
    let firm = text.mentions(FIRM_STEPS);
    let regardless: Vec<usize> = text
        .mentions(UNCONDITIONAL)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let wishes: Vec<usize> = (0..text.len())
        .filter(|&at| left_to_the_person(text, at))
        .collect();
    text.mentions(SUPPORT[1])
        .into_iter()
        .filter(|&(s, e)| {
            let clause = text.words[s].clause;
            let sentence = text.words[s].sentence;
            let in_clause = |k: usize| text.words[k].clause == clause;
            if firm
                .iter()
                .any(|&(fs, fe)| in_clause(fs) && !negated(text, fs, fe))
            {
                return false;
            }
            // "remind her about the counselling", "make sure he knows the
            // EAP ...", "point her to the EAP".
            let reminded = reminders
                .iter()
                .any(|&(_, re)| re <= s && in_clause(re - 1));
            // "the EAP is there", "counselling on offer", "the available
            // counselling".
            let after: Vec<&str> = text.words[e..(e + 6).min(text.len())]
                .iter()
                .take_while(|w| w.clause == clause)
                .map(|w| w.text.as_str())
                .collect();
            let before: Vec<&str> = text.words[s.saturating_sub(3)..s]
                .iter()
                .filter(|w| w.clause == clause)
                .map(|w| w.text.as_str())
                .collect();
            let available = after
                .iter()
                .any(|w| matches!(*w, "there" | "available" | "exists"))
                || after
                    .windows(2)
                    .any(|p| p == ["on", "offer"] || p == ["on", "hand"])
                || before.contains(&"available");
            // A wish of the person's that opens its clause governs the
            // rest of its sentence; one after the step, the step right
            // before it, its own item ("EAP referral and time off if he
            // wants it", "EAP referral and a few days' leave if he'd like"
            // leave only the time off to him, play-it41 B6).
            let wished = wishes.iter().any(|&at| {
                text.words[at].sentence == sentence
                    && if at < s {
                        opens_its_clause(text, at) && !regardless.iter().any(|&r| at < r && r <= s)
                    } else {
                        at >= e
                            && at - e <= 6
                            && !steps.iter().any(|&k| s < k && k < at)
                            && !another_item_before(text, e, at)
                    }
            });
            reminded || available || wished
        })
        .map(|(s, _)| s)
        .collect()
}

/// Whether another item of a list stands between a step ending at word
/// `end` and the trailing wish at word `wish`, so the wish covers that item
/// alone: a coordinator ("EAP referral and a few days' leave if he'd
/// like") or a comma inside the stretch ("EAP referral, a day's leave
/// if he wants it"; a comma right before the wish only sets it off: "Refer
/// him to the EAP, if he'd like"). A wish that names every item ("both if
/// he'd like", "if he wants either") covers them all.
fn another_item_before(text: &Text, end: usize, wish: usize) -> bool {
    let every_item = text
        .words
        .get(wish.saturating_sub(1)..wish)
        .into_iter()
        .flatten()
        .map(|w| w.text.as_str())
        .chain(text.rest_of_clause(wish))
        .any(|w| matches!(w, "both" | "all" | "either" | "each" | "any"));
    let coordinated = (end..wish).any(|k| matches!(text.words[k].text.as_str(), "and" | "plus"))
        || (end..wish).any(|k| text.gap(k).contains([',', ';']));
    coordinated && !every_item
}

/// Where any level's step of support starts, not negated and not under a
/// condition.
fn step_starts(text: &Text, conditional: &[bool]) -> Vec<usize> {
    SUPPORT
        .iter()
        .flat_map(|phrases| text.mentions(phrases))
        .filter(|&(s, e)| !negated(text, s, e) && !conditional[s])
        .map(|(s, _)| s)
        .collect()
}

/// Whether word `at` opens a condition that leaves a step to the person:
/// "if she would like", "if he ever wants it", "should she want one",
/// "whenever they need it", "if needed": a short condition (six words at
/// most) with a wish or a need in it. Consent to a step ("if she agrees",
/// "if he is willing", "if he's open to it") leaves it firm.
fn left_to_the_person(text: &Text, at: usize) -> bool {
    let word = text.words[at].text.as_str();
    if !(matches!(word, "if" | "whenever") || (word == "should" && is_condition(text, at))) {
        return false;
    }
    let rest = text.rest_of_clause(at);
    rest.len() <= 6 && rest.iter().any(|w| WISHES.contains(w))
}

/// Whether word `at` opens its clause, after a connector at most.
fn opens_its_clause(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    (0..at)
        .rev()
        .take_while(|&k| text.words[k].clause == clause)
        .all(|k| CONNECTORS.contains(&text.words[k].text.as_str()))
}

/// Wishes and needs that leave a step to the person.
const WISHES: &[&str] = &[
    "want",
    "wants",
    "wanted",
    "wish",
    "wishes",
    "like",
    "prefer",
    "prefers",
    "need",
    "needs",
    "needed",
    "ever",
    "necessary",
    "required",
];

/// Words that remind a person that support exists, rather than arrange it
/// or send them to it ([`FIRM_STEPS`]).
const REMINDERS: &[&str] = &[
    "remind*",
    "let her know",
    "let him know",
    "let them know",
    "make sure she knows",
    "make sure he knows",
    "make sure they know",
    "knows about",
    "know about",
    "aware of",
    "make her aware",
    "make him aware",
    "make them aware",
    "mention*",
    "reassure*",
    "reiterat*",
];

/// Steps that book or refer support, whatever the person is asked: in its
/// clause they make a mention of the RED tier's support firm. Sending the
/// person to a service is referring them in any verb: "point him to the
/// EAP", "signpost her to occupational health", "put them in touch with
/// counselling" (play-it37 B1).
const FIRM_STEPS: &[&str] = &[
    "refer",
    "refers",
    "referring",
    "referred",
    "signpost*",
    "point* her to",
    "point* him to",
    "point* them to",
    "point* her towards",
    "point* him towards",
    "point* them towards",
    "direct* her to",
    "direct* him to",
    "direct* them to",
    "steer* her towards",
    "steer* him towards",
    "steer* them towards",
    "put* her in touch",
    "put* him in touch",
    "put* them in touch",
    "connect* her with",
    "connect* him with",
    "connect* them with",
    "connect* her to",
    "connect* him to",
    "connect* them to",
    "book*",
    "arrang*",
    "schedul*",
    "set up",
    "sets up",
    "sign her up",
    "sign him up",
    "sign them up",
    "enrol*",
    "grant*",
    "approve*",
    "send her home",
    "send him home",
    "sent home",
    "get her seen",
    "get him seen",
    "get them seen",
    "urgent*",
    "urgently",
    "make an appointment",
];

/// A contact with no level of its own: a check-in or a catch-up.
const CHECK_INS: &[&str] = &["check in*", "catch up*", "check ins", "catch ups"];

/// Steps of a level, by level, that are care beside a more intense level
/// in any words of theirs: agreeing what comes off the plate is AMBER's
/// reprioritising, a quick or friendly check-in GREEN's routine one
/// (para-it9, B4), and either is more care beside a higher tier's steps.
const CARE_STEPS: &[(u32, &[&str])] = &[
    (
        2,
        &[
            "what comes off",
            "what can come off",
            "what to take off",
            "what to drop",
            "what can be dropped",
        ],
    ),
    (
        3,
        &[
            "quick check in",
            "quick catch up",
            "friendly check in",
            "friendly catch up",
            "informal check in",
            "informal catch up",
            "light touch check in",
        ],
    ),
];

/// Steps of a level that are care beside a more intense level (relief
/// from the work, a lighter sprint, recognition), as opposed to a level of
/// its own (a referral, a routine check-in offered instead).
const CARE: &[&str] = &[
    "time off",
    "day off",
    "days off",
    "rest of the week",
    "taken off",
    "relieve*",
    "relief from",
    "reassign*",
    "hand over",
    "handover",
    "step back from",
    "off their plate",
    "work off them",
    "cover their work",
    "cover for them",
    "send them home",
    "send him home",
    "send her home",
    "reprioriti*",
    "prioriti*",
    "deprioriti*",
    "defer*",
    "postpon*",
    "descope",
    "lighten*",
    "rebalanc*",
    "acknowledg*",
    "recognis*",
    "recogniz*",
    "recognition",
    "thank*",
    "praise*",
    "appreciat*",
];

/// Whether the referrals beside same-day safety support are its
/// follow-up rather than a second tier's support offered beside it: the
/// action gives a safety step outright ([`firm_safety_at`]) and offers
/// nothing as a possibility ("whichever fits", "maybe"); each referral
/// hangs on a step of the action ("with urgent occupational health
/// support", "get him seen by occupational health") or is given as a
/// contact to call (the EAP's urgent number beside a crisis line), not a
/// bare item of a list of supports ("crisis line, EAP referral, a
/// check-in"); and no alternative ("or", "otherwise") stands between it
/// and the safety step nearest it. The safety step may stand in a
/// sentence of its own: "Agree a safety plan today. Get him seen by
/// occupational health or a GP urgently." is more care for the same day;
/// "stay with them today, or get her seen by the EAP" is a hedge.
fn referral_beside_safety(text: &Text, conditional: &[bool], offered: &[usize]) -> bool {
    let firm = firm_safety_at(text, conditional);
    if firm.is_empty() || text.has(POSSIBILITIES) {
        return false;
    }
    // Relief from the work ([`CARE`]: "taken off incident duty") beside
    // the safety step is more care, not a referral to weigh (para-it6).
    let care = text.mentions(CARE);
    let referrals: Vec<(usize, usize)> = text
        .mentions(SUPPORT[1])
        .into_iter()
        .filter(|(s, e)| !negated(text, *s, *e) && !conditional[*s] && !offered.contains(s))
        .filter(|(s, e)| !care.iter().any(|(cs, ce)| cs < e && s < ce))
        .collect();
    // Where any step of support starts: an alternative word joins the two
    // steps beside it, so an "or" with another step between it and the
    // safety step ("a safety plan, and an urgent GP or occupational health
    // appointment") offers a choice between those two, not instead of the
    // safety step.
    let step_starts = step_starts(text, conditional);
    let professional: Vec<usize> = text
        .mentions(PROFESSIONAL)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    let alternative_between = |safety: usize, referral: usize| {
        (safety.min(referral)..safety.max(referral)).any(|at| {
            let (low, high) = (safety.min(at), safety.max(at));
            ALTERNATIVES.contains(&text.words[at].text.as_str())
                && !step_starts
                    .iter()
                    .any(|&s| low < s && s < high && s != safety)
        })
    };
    !referrals.is_empty()
        && referrals.iter().all(|&(s, e)| {
            let clause = text.words[s].clause;
            // "with urgent occupational health support", "call occupational
            // health", or named in brackets after the appointment it books
            // ("a same-day medical assessment (occupational health or his
            // GP)", play-it21).
            let hung_on = text.words[s.saturating_sub(3)..s]
                .iter()
                .rev()
                .take_while(|w| w.clause == clause)
                .any(|w| {
                    matches!(
                        w.text.as_str(),
                        "with"
                            | "by"
                            | "to"
                            | "via"
                            | "through"
                            | "call"
                            | "contact"
                            | "contacting"
                            | "notify"
                            | "alert"
                            | "involve"
                            | "ring"
                            | "phone"
                            | "reach"
                    )
                })
                || (s.saturating_sub(3)..=s).any(|j| {
                    j > 0
                        && text.gap(j).contains('(')
                        && CONTACTS.contains(&text.words[j - 1].text.as_str())
                });
            let a_contact = words_after_past_brackets(text, e, 4)
                .iter()
                .any(|w| CONTACTS.contains(w));
            // "a same-day GP/occupational health check", "occupational
            // health today": booked for today.
            let before: Vec<&str> = text.words[s.saturating_sub(4)..s]
                .iter()
                .filter(|w| w.clause == clause)
                .map(|w| w.text.as_str())
                .collect();
            let after_words: Vec<&str> = text.words[e..(e + 5).min(text.len())]
                .iter()
                .take_while(|w| w.clause == clause)
                .map(|w| w.text.as_str())
                .collect();
            // "an occupational health appointment the same day".
            // "occupational health before the end of the day" (para-it10,
            // B3).
            let after = after_words
                .iter()
                .any(|w| matches!(*w, "today" | "tonight"))
                || after_words.windows(2).any(|p| p == ["same", "day"])
                || after_words.windows(2).any(|p| p == ["end", "of"]);
            let same_day = after || before.windows(2).any(|p| p == ["same", "day"]);
            let follows_safety = firm
                .iter()
                .min_by_key(|&&f| f.abs_diff(s))
                .is_some_and(|&f| !alternative_between(f, s));
            // Added to a safety step: joined to it by "and" in its clause
            // ("agrees a safety plan and books urgent occupational
            // health"), or the last step of a sentence that gave a safety
            // step before it ("talk to her today, a safety plan, urgent
            // occupational health."): a lower tier's support added to the
            // tier's own is more care, not a second tier (para-it15 B6,
            // issue 21 R3). A list of every tier's steps ("crisis line, EAP
            // referral, a check-in and recognition") adds nothing to the
            // safety step; it offers them all.
            let joined = (s.saturating_sub(JOIN_REACH)..s)
                .rev()
                .take_while(|&k| text.words[k].clause == clause)
                .find(|&k| matches!(text.words[k].text.as_str(), "and" | "plus"));
            let joined_to_safety = joined.is_some_and(|k| {
                step_starts
                    .iter()
                    .filter(|&&step| step < k)
                    .max()
                    .is_some_and(|step| firm.contains(step))
            });
            let sentence = text.words[s].sentence;
            let rest: Vec<usize> = (e..text.len())
                .take_while(|&k| text.words[k].sentence == sentence)
                .collect();
            let closes = rest.len() <= JOIN_REACH
                && rest.iter().all(|&k| {
                    !text.gap(k).contains(',')
                        && !matches!(text.words[k].text.as_str(), "and" | "or" | "plus")
                });
            let last_after_safety = closes
                && firm
                    .iter()
                    .any(|&f| f < s && text.words[f].sentence == sentence);
            // A referral to professional support after a firm safety step,
            // after any punctuation ("... agrees a safety plan; urgent EAP
            // referral."), is that step's follow-up: more care, as a
            // referral hung on the step is (play-para-it21, B1, issue 21
            // R3). Before the safety step, in a sentence of its own, it
            // stays a second tier's support.
            // A check-in in the same list offers a lower tier's step beside
            // it ("crisis line, EAP referral, a check-in"): no follow-up.
            // In one list of the day's steps, joined by commas or
            // semicolons, the order says nothing: "stop her driving tired;
            // someone with her; urgent occupational health; safety plan"
            // gives them all (play-it35 B2).
            let after_safety = professional.contains(&s)
                && !text.has(CHECK_INS)
                && firm
                    .iter()
                    .any(|&f| (f < s || listed_with(text, s, f)) && !alternative_between(f, s));
            let added = joined_to_safety || last_after_safety || after_safety;
            (hung_on || a_contact || same_day || added) && follows_safety
        })
}

/// Whether the words at `a` and `b` (`a` first) are items of one list:
/// nothing between them ends a sentence but a comma or a semicolon (no
/// full stop, no line break).
fn listed_with(text: &Text, a: usize, b: usize) -> bool {
    (a + 1..=b).all(|k| !text.gap(k).contains(['.', '!', '?', '\n']))
}

/// The referrals of the RED tier's support that bring in professional
/// help (the EAP, occupational health, counselling), as opposed to leave
/// or relief from the work: after a same-day safety step they are its
/// follow-up.
const PROFESSIONAL: &[&str] = &[
    "eap",
    "employee assistance",
    "occupational health",
    "occ health",
    "oh referral*",
    "oh appointment*",
    "oh assessment*",
    "oh review*",
    "to oh",
    "counsel*",
    "therap*",
    "psycholog*",
];

/// How many words before a referral an "and" may stand that joins it to
/// the step before ("and line up urgent counselling"), and how many may
/// follow the last step of a sentence ("urgent counselling this week").
const JOIN_REACH: usize = 4;

/// Up to `n` words from `from` on in its clause, passing over a bracketed
/// aside ("the Employee Assistance Programme (EAP) number"): the words
/// inside brackets are not counted, and a bracket is no clause break.
fn words_after_past_brackets(text: &Text, from: usize, n: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut inside = false;
    for k in from..text.len() {
        let gap = text.gap(k);
        if out.len() == n || (k > from && gap.contains([',', ';', ':', '.', '!', '?', '\n'])) {
            break;
        }
        if gap.contains('(') {
            inside = true;
        }
        if gap.contains(')') {
            inside = false;
        }
        if !inside {
            out.push(text.words[k].text.as_str());
        }
    }
    out
}

/// Words that make a referral a contact to give ("the EAP's urgent
/// number", "the occupational health line", "share EAP details") or an
/// appointment booked for
/// the same day ("an urgent occupational health appointment today").
const CONTACTS: &[&str] = &[
    // Who holds the step: "a conversation with a trained manager or
    // occupational health clinician" (play-it18, B1).
    "clinician",
    "clinicians",
    "nurse",
    "adviser",
    "advisor",
    "practitioner",
    "professional",
    "specialist",
    "number",
    "numbers",
    "line",
    "lines",
    "phone",
    "contact",
    "contacts",
    "hotline",
    "helpline",
    "details",
    "information",
    "info",
    "leaflet",
    "appointment",
    "appointments",
    "assessment",
    "consultation",
    "check",
    "checkup",
    "review",
    "visit",
    "session",
];

/// Words that offer a step as one of two.
const ALTERNATIVES: &[&str] = &[
    "or",
    "either",
    "otherwise",
    "else",
    "alternatively",
    "instead",
];

/// Words that offer the steps of an action as possibilities.
const POSSIBILITIES: &[&str] = &[
    "whichever",
    "depending",
    "possibly",
    "perhaps",
    "maybe",
    "might",
];

/// Where the action gives same-day safety support outright: safety
/// steps that are not one of two alternatives ("agree a safety plan today;
/// get him seen by occupational health or a GP" gives it; "a crisis line
/// or the EAP" does not).
fn firm_safety_at(text: &Text, conditional: &[bool]) -> Vec<usize> {
    text.mentions(SUPPORT[0])
        .into_iter()
        .filter(|&(s, e)| {
            let near = &text.words[s.saturating_sub(2)..(e + 2).min(text.len())];
            !negated(text, s, e)
                && !conditional[s]
                && !near
                    .iter()
                    .any(|w| matches!(w.text.as_str(), "or" | "either" | "whichever"))
        })
        .map(|(s, _)| s)
        .collect()
}

/// Whether an action offers its steps as alternatives ("an EAP referral
/// or a check-in, whichever fits"): it offers them as possibilities, or an
/// alternative word stands between steps of two levels (`steps`, in text
/// order). One between two steps of one level ("a doctor or urgent care",
/// "go with her or stay with her") chooses how to give that level. The
/// step it offers stands in its clause, unless the word opens a clause of
/// its own ("Alternatively, stay with them"): "(a taxi home or a lift),
/// takes him off the rota" offers a choice of ride, and "transport home
/// instead of driving" no step at all.
fn offers_alternatives(text: &Text, steps: &[(usize, u32)]) -> bool {
    let moves = text.mentions(WORK_MOVES);
    text.has(POSSIBILITIES)
        || text.words.iter().enumerate().any(|(at, w)| {
            if !ALTERNATIVES.contains(&w.text.as_str()) || joins_work_moves(text, &moves, at) {
                return false;
            }
            let before = steps.iter().rev().find(|(s, _)| *s < at);
            let alone = text
                .rest_of_clause(at)
                .iter()
                .all(|rest| ALTERNATIVES.contains(rest));
            let after = steps
                .iter()
                .find(|(s, _)| *s > at)
                .filter(|(s, _)| alone || text.words[*s].clause == w.clause);
            matches!((before, after), (Some((_, a)), Some((_, b))) if a != b)
        })
}

/// Whether the alternative word at `at` joins two ways of taking the same
/// work off the person, one right before it and one right after it
/// ("drop or hand over non-urgent items", "postpone or reassign whatever
/// can wait"): how to do one step, whichever verb carries it, not a step
/// of another tier offered instead (play-para-it22, B2; issue 21 R3).
/// `moves` are the text's [`WORK_MOVES`].
fn joins_work_moves(text: &Text, moves: &[(usize, usize)], at: usize) -> bool {
    let sentence = text.words[at].sentence;
    let same = |k: usize| text.words.get(k).is_some_and(|w| w.sentence == sentence);
    moves.iter().any(|&(_, e)| e == at && same(at - 1))
        && moves.iter().any(|&(s, _)| s == at + 1 && same(at + 1))
}

/// Verbs that take work items off a person's plate, each a way of doing
/// the same step on the same items.
const WORK_MOVES: &[&str] = &[
    "drop*",
    "hand over",
    "hand off",
    "handed over",
    "handed off",
    "postpon*",
    "defer*",
    "delegat*",
    "reassign*",
    "reallocat*",
    "redistribut*",
    "park*",
    "pause*",
    "shelve*",
    "cancel*",
    "offload*",
    "deprioriti*",
    "push back",
    "pass on",
];

/// For each word, whether a condition governs it, read in one pass. A
/// condition that opens its clause ("if it gets worse, call the EAP", "and
/// should she feel worse, ring 999") governs the rest of its sentence. One
/// that trails its step ("arrange a taxi if needed", "call the EAP should
/// it get worse"), stands in brackets ("(if needed)") or between two
/// coordinated steps ("talk to her today, if possible, and agree a safety
/// plan") governs only its own clause, which is the condition itself: the
/// steps around it stay firm.
fn conditional_words(text: &Text) -> Vec<bool> {
    let mut out = Vec::with_capacity(text.len());
    let (mut sentence, mut clause) = (None, None);
    let unconditional: Vec<usize> = text
        .mentions(UNCONDITIONAL)
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    for (i, w) in text.words.iter().enumerate() {
        // "If he agrees, refer him to the EAP; in any case give him leave
        // today": the clause that says so is outside the condition.
        let opens_clause = i == 0 || text.words[i - 1].clause != w.clause;
        if opens_clause && unconditional.contains(&i) {
            sentence = None;
        }
        out.push(sentence == Some(w.sentence) || clause == Some(w.clause));
        if !is_condition(text, i) || asks_consent(text, i) {
            continue;
        }
        if governs_its_sentence(text, i) {
            sentence = Some(w.sentence);
        } else {
            clause = Some(w.clause);
        }
    }
    out
}

/// Phrases that open a clause done whatever the condition before it:
/// "in any case", "either way", "regardless".
const UNCONDITIONAL: &[&str] = &[
    "in any case",
    "in either case",
    "in all cases",
    "in any event",
    "either way",
    "regardless",
    "whatever happens",
    "whatever they decide",
    "whatever she decides",
    "whatever he decides",
    "whether or not",
];

/// Words by which a condition asks the person's consent ("if Vikram
/// agrees", "if she is willing", "if they would like", "if he's open to
/// it", "if she's comfortable with it"): support is offered with consent
/// as a matter of course, so such a condition puts no step off until
/// something happens (para-it12 B2, play-it38 B2).
const CONSENTS: &[&str] = &[
    "agree",
    "agrees",
    "consent",
    "consents",
    "accept",
    "accepts",
    "want",
    "wants",
    "wish",
    "wishes",
    "willing",
    "happy",
    "open",
    "like",
    "prefer",
    "prefers",
    "ok",
    "okay",
    "comfortable",
    "keen",
    "up for",
    "on board",
    "fine with",
];

/// Words of a time in a consent's condition that put the step off until
/// then: "if he's open to it next month", "if she agrees after the
/// launch".
const LATER: &[&str] = &[
    "next",
    "later",
    "after",
    "once",
    "when",
    "eventually",
    "until",
    "weeks",
    "months",
];

/// Whether the condition at word `at` asks only the person's consent: its
/// clause is short ("if Vikram agrees", "if he is happy to", "if they'd
/// like it"), a consent word stands within its first four words, and it
/// names no later time for the step.
fn asks_consent(text: &Text, at: usize) -> bool {
    if text.words[at].text != "if" {
        return false;
    }
    let clause = text.words[at].clause;
    let end = (at + 1..text.len())
        .find(|&k| text.words[k].clause != clause)
        .unwrap_or(text.len());
    let consents = text
        .mentions(CONSENTS)
        .into_iter()
        .any(|(s, _)| s > at && s <= at + 4 && s < end);
    let later = text.words[at + 1..end]
        .iter()
        .any(|w| LATER.contains(&w.text.as_str()));
    end - at - 1 <= 6 && consents && !later
}

/// Whether word `at` puts what follows under a condition: a word of
/// [`CONDITIONS`], or "should" before a subject ([`SUBJECT_STARTS`], or a
/// name: a capital letter, "should Freya feel faint").
fn is_condition(text: &Text, at: usize) -> bool {
    match text.words[at].text.as_str() {
        "should" => text.words.get(at + 1).is_some_and(|next| {
            SUBJECT_STARTS.contains(&next.text.as_str())
                || text
                    .source
                    .get(next.start..)
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(char::is_uppercase)
        }),
        word => CONDITIONS.contains(&word),
    }
}

/// Whether the condition at word `at` governs the rest of its sentence: it
/// opens its clause (after a connector at most), outside brackets, and the
/// clause after its own does not go on with a coordinated step.
fn governs_its_sentence(text: &Text, at: usize) -> bool {
    let words = &text.words;
    let (clause, sentence) = (words[at].clause, words[at].sentence);
    let first = (0..at)
        .rev()
        .take_while(|&k| words[k].clause == clause)
        .last()
        .unwrap_or(at);
    let opens = words[first..at]
        .iter()
        .all(|w| CONNECTORS.contains(&w.text.as_str()));
    let bracketed = text.gap(first).contains(['(', '[']);
    let after_a_step = first > text.sentence_start(at);
    let coordinated_next = words[at..]
        .iter()
        .find(|w| w.clause != clause)
        .is_some_and(|w| w.sentence == sentence && COORDINATORS.contains(&w.text.as_str()));
    opens && !bracketed && !(after_a_step && coordinated_next)
}

/// Words that join a step to the one before it.
const COORDINATORS: &[&str] = &["and", "or", "but"];

/// The stressors `text` targets ([`targeted_naming`]: a stressor named only by
/// a means such as "a rota" serves the one named outright) and does not
/// deny, in order of first mention. Only "not" or "never" earlier in the clause denies a stressor
/// ("not the on-call rota"): a "no" is usually the stressor itself ("no
/// backfill for the leavers", "no clarity on the reorg"). A word of
/// another stressor inside the name of `own`'s item, as the case words it
/// ("the legacy customer portal migration" is a migration, not customers),
/// names that item, not the other stressor ([`own_item_words`]).
fn stressors_in(text: &str, own: &Employee, own_lines: &OwnLines) -> Vec<&'static str> {
    stressors_of(&Text::new(text), own, own_lines)
}

/// [`stressors_in`] for a text already read.
fn stressors_of(read: &Text, own: &Employee, own_lines: &OwnLines) -> Vec<&'static str> {
    let in_own_item = own_item_words(read, own_lines);
    stressors_read(read, own, &in_own_item, &[])
}

/// The stressors a 2-week action tackles: [`stressors_of`] without the
/// mentions the action keeps, adds to or halts the fix of ("Keep Samir as
/// first responder on every incident", "Hand Anton a third colleague's
/// work, since he is coping with the vacancies"; [`worsened`]).
fn stressors_tackled(read: &Text, own: &Employee, own_lines: &OwnLines) -> Vec<&'static str> {
    let in_own_item = own_item_words(read, own_lines);
    let worse = worsened_for(read, own);
    stressors_read(read, own, &in_own_item, &worse)
}

/// The words that name `own` in an action: their names, and "him",
/// "her", "them".
fn person_words(own: &Employee) -> BTreeSet<String> {
    crate::order::set_of(
        name_forms(own)
            .iter()
            .flat_map(|form| Text::new(form).words)
            .map(|w| w.text)
            .chain(["him", "her", "them"].map(str::to_owned)),
    )
}

/// The lines of a person's own case as words (their situation, their
/// quote): read once per answer, for every reading of a stressor in their
/// block ([`own_item_words`]).
struct OwnLines {
    situation: Text,
    quote: Text,
}

impl OwnLines {
    fn of(employee: &Employee) -> OwnLines {
        OwnLines {
            situation: Text::new(&employee.card.situation),
            quote: Text::new(&employee.card.quote),
        }
    }
}

/// [`worsened`] over the stressors' mentions in `read`: the
/// reorganisation's is news the person lacks, any other's the load (the
/// work of the colleagues who left is load the person covers); the
/// [`MEANS`] words are fixes, and `own` is the person given the load.
fn worsened_for(read: &Text, own: &Employee) -> Vec<bool> {
    if !may_worsen(read) {
        return vec![false; read.len()];
    }
    let means: BTreeSet<(usize, usize)> = crate::order::set_of(read.mentions(MEANS));
    let mentions = |lacks: bool| -> Vec<(usize, usize)> {
        STRESSORS
            .iter()
            .filter(|s| (s.id == "reorg") == lacks)
            .flat_map(|s| read.mentions(s.phrases))
            .filter(|m| !means.contains(m))
            .collect()
    };
    let (load, lacks) = (mentions(false), mentions(true));
    let names = person_words(own);
    let person = |at: usize| read.words.get(at).is_some_and(|w| names.contains(&w.text));
    worsened(
        read,
        &Load {
            load: &load,
            lacks: &lacks,
            person: &person,
            new_duties: true,
        },
    )
}

/// [`stressors_in`] for a text already read, with the words that name
/// `own`'s item marked, and the words `worse` marks ([`worsened`]) read
/// as tackling nothing.
fn stressors_read(
    read: &Text,
    own: &Employee,
    in_own_item: &[bool],
    worse: &[bool],
) -> Vec<&'static str> {
    let in_title = role_title_words(read);
    // The person's own words for their stressor ("so he is no longer first
    // on the bridge", from "I was first on the bridge for all of them")
    // name it, though a word of them is a means that another stressor
    // named beside them would take (play-it28 B2).
    let in_own_words =
        |at: usize, id: &str| id == own.stressor && in_own_item.get(at) == Some(&true);
    let freed = time_freed(read, own);
    let in_freed = |at: usize| freed.iter().any(|(s, e)| (*s..*e).contains(&at));
    let mut named = targeted_naming(
        read,
        STRESSORS.iter().map(|s| (s.id, s.phrases)),
        |at, id| {
            let helper = a_new_helper(read, at);
            let inside_own_item = id != own.stressor && in_own_item.get(at) == Some(&true);
            let of_own_item = id != own.stressor && own_item_before(read, at, own);
            let other_sense = in_another_sense(read, at)
                || (id == "reorg" && role_in_another_item(read, at))
                || (id != own.stressor && pairs_on_the_work(read, at))
                || in_title.get(at) == Some(&true)
                || (id != own.stressor && (covers_the_person(read, at, own) || in_freed(at)));
            // A lack said with "not" and how long ("has not heard anything
            // about the reorganisation for weeks") is that stressor
            // (play-para-it16 B5).
            let denied = denied(read, at)
                && !(LACKS.contains(&id) && absence_over_time(read, at))
                && !denied_in_a_purpose(read, at);
            let worsened = worse.get(at) == Some(&true);
            !(denied || inside_own_item || helper || of_own_item || other_sense || worsened)
        },
        in_own_words,
    )
    .into_iter()
    .map(|(_, id)| id)
    .collect::<Vec<_>>();
    if !freed.is_empty() && !named.contains(&own.stressor) {
        named.push(own.stressor);
    }
    named
}

/// Words after "so" that open a purpose clause: "so that ...", "so he
/// ...", "so nobody ...".
const PURPOSE_SUBJECTS: &[&str] = &[
    "that", "he", "she", "they", "it", "the", "his", "her", "their", "nobody", "no", "someone",
];

/// Whether the negation before the mention at `at` stands inside a
/// purpose clause of the action ("... so he is not first on the bridge
/// every time", "so that the pager never wakes her"): what the action
/// means to end is what it targets, not a denial of it (play-it28 B2).
fn denied_in_a_purpose(text: &Text, at: usize) -> bool {
    let sentence = text.words[at].sentence;
    let Some(so) = (0..at)
        .rev()
        .take_while(|&k| text.words[k].sentence == sentence)
        .find(|&k| {
            text.words[k].text == "so"
                && text
                    .words
                    .get(k + 1)
                    .is_some_and(|n| PURPOSE_SUBJECTS.contains(&n.text.as_str()))
        })
    else {
        return false;
    };
    text.words[so + 1..at]
        .iter()
        .any(|w| matches!(w.text.as_str(), "not" | "never"))
}

/// Whether the reorganisation mention at `at` is a role in another
/// stressor's item ("clarify her role in the incident rota", "role clarity
/// on the migration"): the role, a preposition, then another stressor
/// named in the clause (play-it27 B2, near miss).
fn role_in_another_item(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let in_clause = |k: usize| text.words.get(k).filter(|w| w.clause == clause);
    let Some(role) =
        (at..at + 4).find(|&k| in_clause(k).is_some_and(|w| w.text.starts_with("role")))
    else {
        return false;
    };
    let after = (role + 1..role + 3)
        .find(|&k| {
            in_clause(k).is_none_or(|w| w.text != "clarity" && !w.text.starts_with("clarif"))
        })
        .unwrap_or(role + 3);
    let preposition = in_clause(after).is_some_and(|w| {
        matches!(
            w.text.as_str(),
            "in" | "on" | "within" | "for" | "during" | "as" | "at"
        )
    });
    let others = STRESSORS
        .iter()
        .filter(|s| s.id != "reorg")
        .flat_map(|s| s.phrases.iter().copied())
        .collect::<Vec<_>>();
    preposition
        && text
            .mentions(&others)
            .iter()
            .any(|(s, _)| *s > after && *s <= after + 5 && in_clause(*s).is_some())
}

/// Stressors that are a lack of something: news of the reorganisation,
/// cover for the colleagues who left.
const LACKS: &[&str] = &["reorg", "understaffing"];

/// For each word of `text`, whether it is inside a job title ("the
/// release manager", "the service desk analyst"): a person named by their
/// role, no stressor ("a clear statement on the release manager's role"
/// is no release date; para-it15 B5).
fn role_title_words(text: &Text) -> Vec<bool> {
    let mut marked = vec![false; text.len()];
    for role in roles_in_lower_case() {
        for (s, e) in text.find(role) {
            marked[s..e].iter_mut().for_each(|m| *m = true);
        }
    }
    marked
}

/// [`ROLES`] spelled as [`Text`] spells words ("devops engineer"),
/// lowered once rather than for every action read.
fn roles_in_lower_case() -> &'static [String] {
    static LOWERED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    LOWERED.get_or_init(|| ROLES.iter().map(|role| role.to_lowercase()).collect())
}

/// Whether the stressor word at `at` is used in a sense that names no
/// stressor (para-it12 B3): a clash of times ("if hospital visits clash
/// with work", "a scheduling conflict", "conflicts with her shifts") is
/// no conflict between people, and recruiting volunteers or colleagues
/// already in the team ("recruit volunteers to widen the rotation") is no
/// hiring. A count of people that is the size of a group the action sets
/// up ("a rotation of three people", "split them between two colleagues")
/// is no staffing shortfall ([`counts_a_group`], para-it14 B2).
fn in_another_sense(text: &Text, at: usize) -> bool {
    if counts_a_group(text, at) {
        return true;
    }
    let word = text.words[at].text.as_str();
    let sentence = text.words[at].sentence;
    let near = |k: usize| {
        text.words
            .get(k)
            .filter(|w| w.sentence == sentence)
            .map(|w| w.text.as_str())
    };
    if word.starts_with("clash") || word.starts_with("conflict") {
        let before = at.checked_sub(1).and_then(near);
        // The noun after "with", or the head of a compound there ("a
        // family event", "hospital appointments").
        let object: Vec<&str> = (at + 2..at + 6)
            .map_while(near)
            .skip_while(|w| DETERMINERS.contains(w))
            .take(2)
            .collect();
        let with_times = near(at + 1) == Some("with") && object.into_iter().any(is_a_time_thing);
        return with_times || before.is_some_and(|w| is_a_time_thing(w) || TIMETABLES.contains(&w));
    }
    if word.starts_with("recruit") {
        return (at + 1..at + 4)
            .filter_map(near)
            .any(|w| w.starts_with("volunteer") || INSIDE_THE_TEAM.contains(&w));
    }
    // "since the order pipeline launched", "since launch": when something
    // began, no deadline (play-it30, seen on line 29); "since the launch
    // is in 10 days" still names it.
    if word == "launched" {
        let clause = text.words[at].clause;
        return (at.saturating_sub(SINCE_REACH)..at)
            .filter(|&k| text.words[k].clause == clause)
            .any(|k| text.words[k].text == "since");
    }
    if word == "launch" {
        return at.checked_sub(1).and_then(near) == Some("since");
    }
    // "the merge requests", "a merge conflict": code, not a merger of
    // teams (play-it39 B2, near misses).
    if let Some(merge) = (at..at + 3).find(|&k| near(k) == Some("merge")) {
        return near(merge + 1).is_some_and(|w| {
            w.starts_with("request") || w.starts_with("conflict") || w == "queue"
        });
    }
    false
}

/// How many words before a launch a "since" still makes it the time
/// something began: "since the new order pipeline launched".
const SINCE_REACH: usize = 5;

/// Whether the cover word at `at` is cover arranged for the person
/// themselves so their own step can happen ("with a colleague covering
/// their work on those days", "while someone is covering for them"): a
/// helper stands just before it in its clause, and it covers the person's
/// own work, the person, or nothing named; cover for anything else ("a
/// colleague covering the work of the leavers") is the team's staffing
/// (play-para-it22, B3; issue 21 R1).
fn covers_the_person(text: &Text, at: usize, own: &Employee) -> bool {
    let word = text.words[at].text.as_str();
    let clause = text.words[at].clause;
    let near = |k: usize| {
        text.words
            .get(k)
            .filter(|w| w.clause == clause)
            .map(|w| w.text.as_str())
    };
    let helper = (at.saturating_sub(3)..at)
        .filter_map(near)
        .any(|w| HELPERS.contains(&w));
    let first = own.first.to_lowercase();
    let theirs = |w: &str| matches!(w, "their" | "his" | "her" | "them" | "him") || w == first;
    let object = match near(at + 1) {
        None => true,
        Some("for") => near(at + 2).is_some_and(theirs),
        Some(next) => theirs(next) || COVER_TIMES.contains(&next),
    };
    word.starts_with("cover") && helper && object
}

/// Stressors that weigh on the person's own time outside work (a parent
/// to care for): time freed from out-of-hours duty goes to them.
const ON_THEIR_TIME: &[&str] = &["caregiving"];

/// Verbs that take a person off a duty: "take him off the rota", "excuse
/// her from night shifts", "relieve him of the pager".
const RELIEVING: &[&str] = &[
    "take",
    "taking",
    "move",
    "moving",
    "pull",
    "pulling",
    "remove",
    "removing",
    "excuse",
    "excusing",
    "release",
    "releasing",
    "free",
    "freeing",
    "exempt",
    "exempting",
    "stand",
    "standing",
    "step",
    "drop",
    "dropping",
    "relieve",
    "relieving",
    "keep",
    "keeping",
    "rotate",
    "rotating",
    "lift",
    "lifting",
    "swap",
    "swapping",
];

/// Words between the person and the duty they are taken off: "stand him
/// down from", "take her out of", "keep him clear of".
const RELIEF_PARTICLES: &[&str] = &["down", "out", "away", "free", "clear"];

/// Words before the duty a person is taken off: "off", "from", "of".
const RELIEF_PREPOSITIONS: &[&str] = &["off", "from", "of"];

/// Words that end the duty a person is taken off: a purpose, a time or a
/// step after it ("... so he can ...", "... until his parent is home").
const RELIEF_ENDS: &[&str] = &[
    "so",
    "and",
    "but",
    "while",
    "until",
    "till",
    "because",
    "since",
    "as",
    "to",
    "for",
    "then",
    "meanwhile",
    "with",
    "during",
];

/// How many words after "and" another duty may start: "and the weekend
/// pager".
const DUTY_REACH: usize = 3;

/// Duties of out-of-hours time.
const OUT_OF_HOURS: &[&str] = &[
    "on call",
    "oncall",
    "pager*",
    "rota",
    "rotas",
    "rotation*",
    "out of hours",
    "after hours",
    "standby",
    "call out*",
    "callout*",
    "shift",
    "shifts",
    "night*",
    "overnight",
    "evening*",
    "weekend*",
    "duty",
    "duties",
];

/// The stretches of out-of-hours duty a 2-week action takes the person
/// off ("take him off the out-of-hours incident rota", "excuse her from
/// incident on-call shifts", "stand him down from the pager"), when their
/// stressor weighs on their own time: what the action does for a carer is
/// free their evenings and nights for the caring, a step on their own
/// stressor, and the incidents or the rota it names are what they are
/// freed from, no other person's stressor (play-it37 B5). None for anyone
/// else: taking someone off the incident rota is a step on incidents for
/// the person whose stressor they are.
fn time_freed(text: &Text, own: &Employee) -> Vec<(usize, usize)> {
    if !ON_THEIR_TIME.contains(&own.stressor) {
        return Vec::new();
    }
    let names = person_words(own);
    let duties = text.mentions(OUT_OF_HOURS);
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let mut freed = Vec::new();
    for (k, w) in text.words.iter().enumerate() {
        if !RELIEVING.contains(&w.text.as_str()) || negated(text, k, k + 1) {
            continue;
        }
        let in_clause = |j: &usize| text.words.get(*j).is_some_and(|x| x.clause == w.clause);
        let person_end = (k + 1..)
            .take_while(|j| in_clause(j) && names.contains(word(*j)))
            .last()
            .map_or(k + 1, |j| j + 1);
        if person_end == k + 1 {
            continue;
        }
        let Some(preposition) = (person_end..)
            .take_while(in_clause)
            .find(|j| !RELIEF_PARTICLES.contains(&word(*j)))
            .filter(|j| RELIEF_PREPOSITIONS.contains(&word(*j)))
        else {
            continue;
        };
        // "and" joins another duty ("the pager and night shifts") or ends
        // the duty before another step ("and share the escalations").
        let another_duty = |j: usize| {
            duties
                .iter()
                .any(|(s, _)| (j + 1..=j + DUTY_REACH).contains(s))
        };
        let end = (preposition + 1..)
            .take_while(in_clause)
            .find(|j| RELIEF_ENDS.contains(&word(*j)) && !(word(*j) == "and" && another_duty(*j)))
            .unwrap_or_else(|| {
                (preposition + 1..)
                    .take_while(in_clause)
                    .last()
                    .map_or(preposition + 1, |j| j + 1)
            });
        if duties
            .iter()
            .any(|(s, _)| (preposition + 1..end).contains(s))
        {
            freed.push((preposition + 1, end));
        }
    }
    freed.extend(duty_lightened(text, own, &duties));
    freed
}

/// Words that make a duty lighter: "a lighter on-call load", "fewer
/// night shifts", "less on-call", "cut her rota shifts".
const LIGHTER: &[&str] = &[
    "lighter",
    "lighten",
    "lightened",
    "fewer",
    "less",
    "reduce",
    "reduced",
    "reducing",
    "cut",
    "cutting",
    "ease",
    "eased",
    "easing",
    "lower",
    "lowered",
    "trim",
    "trimmed",
];

/// Words that may stand between a word of [`LIGHTER`] and the duty:
/// "reduce her on-call", "a lighter and fairer rota".
const BEFORE_A_DUTY: &[&str] = &[
    "the", "a", "an", "her", "his", "their", "its", "and", "fairer",
];

/// The stretches of out-of-hours duty a carer's 2-week action lightens
/// ("a lighter on-call load while she is caring", "fewer night shifts
/// for her", "cut their out-of-hours rota shifts to one a month"): as
/// taking them off it ([`time_freed`]), it frees their own time for the
/// caring, a step on their own stressor, not on another person's on-call
/// or incidents (play-it39 C1: the rubric's half for "another person's
/// stressor as well" is for what the action does, and lightening the
/// carer's own duty does nothing for anyone else's). A duty lightened
/// "for" someone other than the person ("for the rest of the team", "for
/// Fatima") frees none of their time. Spans of the duty.
fn duty_lightened(text: &Text, own: &Employee, duties: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let names = person_words(own);
    let theirs = |w: &str| names.contains(w) || matches!(w, "their" | "his");
    let word = |k: usize| text.words.get(k).map_or("", |w| w.text.as_str());
    let mut lightened = Vec::new();
    for (k, w) in text.words.iter().enumerate() {
        if !LIGHTER.contains(&w.text.as_str()) || negated(text, k, k + 1) {
            continue;
        }
        let in_clause = |j: &usize| text.words.get(*j).is_some_and(|x| x.clause == w.clause);
        let start = (k + 1..)
            .take_while(in_clause)
            .find(|j| !BEFORE_A_DUTY.contains(&word(*j)))
            .unwrap_or(k + 1);
        let Some(&(duty, _)) = duties.iter().find(|(s, _)| *s == start) else {
            continue;
        };
        let end = (duty + 1..)
            .take_while(in_clause)
            .find(|j| RELIEF_ENDS.contains(&word(*j)))
            .unwrap_or_else(|| {
                (duty..)
                    .take_while(in_clause)
                    .last()
                    .map_or(duty + 1, |j| j + 1)
            });
        // "for the rest of the team", "for Fatima": someone else's duty.
        let for_someone_else = word(end) == "for"
            && in_clause(&(end + 1))
            && !(end + 1..end + 3)
                .take_while(in_clause)
                .any(|j| theirs(word(j)));
        if !for_someone_else {
            lightened.push((duty, end));
        }
    }
    lightened
}

/// Someone who stands in for the person: one helper, not a group the
/// team lacks.
const HELPERS: &[&str] = &[
    "colleague",
    "teammate",
    "someone",
    "somebody",
    "peer",
    "engineer",
    "buddy",
    "deputy",
    "backup",
];

/// Words after a cover word that say when it is, not what it covers.
const COVER_TIMES: &[&str] = &[
    "on", "during", "while", "when", "that", "those", "this", "each", "every", "today", "then",
];

/// Words before a noun that say nothing of what it is.
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "his", "her", "their", "its", "your", "my", "our", "some", "other",
];

/// Things in a diary, which clash with each other and not with people.
fn is_a_time_thing(word: &str) -> bool {
    [
        "work",
        "shift",
        "meeting",
        "visit",
        "appointment",
        "hour",
        "schedule",
        "calendar",
        "diary",
        "commitment",
        "time",
        "date",
        "slot",
        "school",
        "class",
        "holiday",
        "leave",
        "rota",
        "plan",
        "pickup",
        "call",
        "event",
    ]
    .iter()
    .any(|thing| word == *thing || word.strip_suffix('s') == Some(*thing))
}

/// Words naming a clash as one of times: "a scheduling conflict".
const TIMETABLES: &[&str] = &["scheduling", "timetable", "timing", "diary", "calendar"];

/// Words after "recruit" that find the people inside the team.
const INSIDE_THE_TEAM: &[&str] = &["colleagues", "teammates", "helpers", "internally", "within"];

/// Whether the mention at `at` is an attribute of the person's own item
/// named before it in its sentence ("Re-plan the migration: reset its
/// deadline"): after "its", the word belongs to that item; so does a date
/// after "the" ("Re-plan the migration with him: cut its scope and reset
/// the deadline with stakeholders", play-it20).
fn own_item_before(text: &Text, at: usize, own: &Employee) -> bool {
    let Some(previous) = at.checked_sub(1).and_then(|p| text.words.get(p)) else {
        return false;
    };
    let a_date = text.words[at].text.starts_with("deadline")
        || text.words.get(at + 1).is_some_and(|n| n.text == "date");
    // "the deadline", and a determiner before words that only say which
    // deadline it is now: "a reset deadline", "a new, realistic deadline"
    // (para-it11 B5a).
    let determiner = (0..at)
        .rev()
        .map(|k| text.words[k].text.as_str())
        .find(|w| !DATE_MODIFIERS.contains(w));
    let of_the_item = previous.text == "its"
        || (a_date && determiner.is_some_and(|w| matches!(w, "the" | "a" | "an")));
    let sentence = text.words[at].sentence;
    let phrases = STRESSORS
        .iter()
        .find(|s| s.id == own.stressor)
        .map_or(&[][..], |s| s.phrases);
    of_the_item
        && text
            .mentions(phrases)
            .iter()
            .any(|(s, _)| *s < at && text.words[*s].sentence == sentence)
}

/// Words between a determiner and a deadline that say which deadline it
/// is now, not whose.
const DATE_MODIFIERS: &[&str] = &[
    "new",
    "reset",
    "revised",
    "realistic",
    "achievable",
    "workable",
    "sensible",
    "fresh",
    "firm",
    "agreed",
    "later",
    "extended",
    "updated",
    "renegotiated",
    "clear",
];

/// Whether the mention at `at` is "a senior colleague" (or another, one,
/// any): someone brought in to help ("with a senior colleague backing him
/// on the hard ones"), not the colleague of a conflict, whom the case names
/// with "the" or "their".
fn a_new_helper(text: &Text, at: usize) -> bool {
    text.words.get(at).is_some_and(|w| w.text == "senior")
        && at
            .checked_sub(1)
            .and_then(|p| text.words.get(p))
            .is_some_and(|w| matches!(w.text.as_str(), "a" | "another" | "one" | "any"))
}

/// Words that do not make a run of the case's words a name on their own:
/// "the", "of the", "for his".
const FUNCTION_WORDS: &[&str] = &[
    "the", "a", "an", "of", "for", "to", "and", "or", "on", "in", "at", "by", "with", "from", "is",
    "are", "has", "have", "his", "her", "their", "its", "it", "them", "which", "that",
];

/// For each word of `text`, whether it is inside a run of two or more
/// words, two of them or more not [`FUNCTION_WORDS`], that `own`'s
/// situation or quote has in the same order in one clause ("customer
/// portal migration", "legacy customer portal"): the case's own words for
/// their item, which name that item whatever other stressor's word sits
/// in them. Only the person's own lines count, so another person's
/// stressor named in their words ("customer escalations") still counts.
fn own_item_words(text: &Text, own_lines: &OwnLines) -> Vec<bool> {
    let mut marked = vec![false; text.len()];
    let words = &text.words;
    for case in [&own_lines.situation, &own_lines.quote] {
        let theirs = &case.words;
        for i in 0..words.len() {
            for j in 0..theirs.len() {
                let run = (0..)
                    .take_while(|&k| {
                        let (Some(a), Some(b)) = (words.get(i + k), theirs.get(j + k)) else {
                            return false;
                        };
                        a.text == b.text
                            && (k == 0
                                || (a.clause == words[i].clause && b.clause == theirs[j].clause))
                    })
                    .count();
                let content = words[i..i + run]
                    .iter()
                    .filter(|w| !FUNCTION_WORDS.contains(&w.text.as_str()))
                    .count();
                if run >= 2 && content >= 2 {
                    marked[i..i + run].iter_mut().for_each(|m| *m = true);
                }
            }
        }
    }
    marked
}

/// Words of a 2-week action that name no means: what weighs on anyone in
/// general ("the workload"), verbs that say something is done without
/// saying what ("address", "tackle", "deal with", "sort out", "look at",
/// "reduce"), talk, follow-up and time ("then review together", "over
/// the next fortnight"), and function words. With a stressor's
/// [`topic`](super::Stressor::topic) words they make an action that names
/// the stressor but no step (issue 21 R6 c).
const NO_MEANS: &[&str] = &[
    // What weighs on anyone.
    "workload*",
    "work",
    "load",
    "stress*",
    "pressure*",
    "burden*",
    "issue*",
    "problem*",
    "situation*",
    "concern*",
    "matter*",
    "stressor*",
    "cause*",
    "root",
    "main",
    "primary",
    "biggest",
    "key",
    "current",
    "ongoing",
    "whole",
    "thing*",
    "everything",
    "all",
    // Doing something, with no word of what.
    "address*",
    "tackl*",
    "deal",
    "deals",
    "dealt",
    "dealing",
    "fix",
    "fixes",
    "fixed",
    "fixing",
    "sort",
    "sorts",
    "sorted",
    "sorting",
    "out",
    "look",
    "looks",
    "looking",
    "into",
    "handl*",
    "manag*",
    "resolv*",
    "solv*",
    "focus*",
    "help*",
    "support*",
    "consider*",
    "attend*",
    "attention",
    "prioritis*",
    "prioritiz*",
    "priority",
    "reduc*",
    "eas*",
    "lighten*",
    "lessen*",
    "reliev*",
    "improv*",
    "mitigat*",
    "act",
    "action*",
    "step*",
    "do",
    "does",
    "doing",
    "done",
    "get",
    "gets",
    "make",
    "makes",
    "have",
    "has",
    "take",
    "takes",
    "give",
    "gives",
    "offer*",
    "provide*",
    "arrange*",
    "set",
    "put",
    "try",
    "see",
    "something",
    "about",
    "regarding",
    "re",
    "around",
    "concerning",
    "with",
    "on",
    "at",
    "of",
    "for",
    "to",
    "by",
    "and",
    "or",
    "plus",
    "also",
    // Talk and follow-up.
    "talk*",
    "discuss*",
    "chat*",
    "conversation*",
    "speak*",
    "follow*",
    "up",
    "check*",
    "monitor*",
    "review*",
    "keep*",
    "eye",
    "together",
    "regular*",
    "weekly",
    "then",
    // Time.
    "next",
    "two",
    "2",
    "week",
    "weeks",
    "fortnight",
    "over",
    "within",
    "during",
    "days",
    "now",
    "today",
    "soon",
    "asap",
    "immediately",
    "first",
    // Function words.
    "the",
    "a",
    "an",
    "his",
    "her",
    "their",
    "its",
    "him",
    "them",
    "they",
    "he",
    "she",
    "it",
    "this",
    "that",
    "these",
    "those",
    "own",
    "s",
    "is",
    "are",
    "be",
    "will",
    "should",
    "we",
    "i",
    "please",
    "manager",
    "lead",
];

/// Whether the 2-week action `read` names a stressor and no step on it:
/// every word is a stressor's [`topic`](super::Stressor::topic) word (a
/// word that also names a means, "rota", "backfill", counts as a means),
/// a word of the person's `situation` line as the case states it ("the
/// work of two colleagues who left"), a [`NO_MEANS`] word, or a name of
/// the case. "On-call.", "Address the understaffing.", "Deal with the
/// reorganisation." name the topic; "Rotation", "Backfill.", "Role
/// clarity from leadership" name a means.
fn names_no_step(read: &Text, case: &TriageCase, situation: &Text) -> bool {
    if read.words.is_empty() {
        return false;
    }
    let mut covered = vec![false; read.len()];
    let means: BTreeSet<usize> = crate::order::set_of(
        read.mentions(crate::it_mental_health::reading::MEANS)
            .into_iter()
            .flat_map(|(s, e)| s..e),
    );
    let topic = STRESSORS.iter().flat_map(|s| s.topic.iter().copied());
    let topic: Vec<&str> = topic.chain(NO_MEANS.iter().copied()).collect();
    for (s, e) in read.mentions(&topic) {
        (s..e)
            .filter(|k| !means.contains(k))
            .for_each(|k| covered[k] = true);
    }
    let names: BTreeSet<String> = crate::order::set_of(
        case.employees
            .iter()
            .map(|e| e.name.as_str())
            .chain([case.card.lead.as_str()])
            .flat_map(|n| Text::new(n).words)
            .map(|w| w.text),
    );
    // The situation's words are looked up where they are, not copied.
    let named = |word: &str| names.contains(word) || !situation.positions(word).is_empty();
    for (k, word) in read.words.iter().enumerate() {
        let bare = word.text.trim_end_matches("'s");
        if named(&word.text) || named(bare) {
            covered[k] = true;
        }
    }
    for k in reductions_of_an_amount(read) {
        covered[k] = false;
    }
    covered.iter().all(|c| *c)
}

/// Verbs that make something less, which alone say no more than "deal
/// with" ("ease the reorganisation", "reduce the understaffing").
const REDUCING: &[&str] = &["reduc*", "eas*", "lighten*", "lessen*", "reliev*"];

/// Nouns of an amount of work a person carries: what a [`REDUCING`] verb
/// makes less when it is a step ("lighten her on-call load", "reduce her
/// share of the rota", "ease her on-call duties").
const AMOUNTS: &[&str] = &[
    "load",
    "loads",
    "workload",
    "caseload",
    "share",
    "number",
    "frequency",
    "hours",
    "shift",
    "shifts",
    "duty",
    "duties",
    "rota",
    "rotas",
    "turns",
    "slots",
    "volume",
    "queue",
    "burden",
];

/// Words that may stand between a [`REDUCING`] verb and its amount: the
/// person and determiners ("her share of the", "the number of"), and
/// words of a stressor's topic ("on-call", "incident", "escalation").
const BEFORE_AN_AMOUNT: &[&str] = &[
    "the", "a", "her", "his", "their", "them", "him", "its", "this", "some", "of", "own", "s",
];

/// How many words after a [`REDUCING`] verb its amount may stand.
const AMOUNT_REACH: usize = 5;

/// The [`REDUCING`] verbs of `text` whose object, in their clause, is an
/// amount of work ([`AMOUNTS`]) with only the person, determiners and
/// stressor words before it: "lighten the on-call rota", "lighten her
/// on-call load", "relieve her of some on-call shifts". Making that amount
/// smaller changes the stressor, as a cap does (play-it34 B4); "reduce
/// the stress of on-call" or "ease the on-call pressure" makes a feeling
/// less and changes nothing.
fn reductions_of_an_amount(text: &Text) -> Vec<usize> {
    let topic: BTreeSet<usize> = crate::order::set_of(
        text.mentions(
            &STRESSORS
                .iter()
                .flat_map(|s| s.topic.iter().copied())
                .collect::<Vec<_>>(),
        )
        .into_iter()
        .flat_map(|(s, e)| s..e),
    );
    let amounts: BTreeSet<usize> =
        crate::order::set_of(text.mentions(AMOUNTS).into_iter().flat_map(|(s, e)| s..e));
    text.mentions(REDUCING)
        .into_iter()
        .map(|(s, _)| s)
        .filter(|&k| {
            let clause = text.words[k].clause;
            let object = (k + 1..text.len().min(k + 1 + AMOUNT_REACH))
                .take_while(|&j| text.words[j].clause == clause)
                .find(|&j| {
                    amounts.contains(&j)
                        || !(topic.contains(&j)
                            || BEFORE_AN_AMOUNT.contains(&text.words[j].text.as_str()))
                });
            object.is_some_and(|j| amounts.contains(&j))
        })
        .collect()
}

/// How a 2-week action was read, for its score and its note.
struct Fortnight {
    points: Points,
    /// Whether it names the person's own stressor but no step on it.
    no_step: bool,
    /// Stressors outside the person's own case it also aims at, each
    /// taking back half.
    others: Vec<&'static str>,
    /// When it misses the person's own stressor: what it aims at instead.
    missed_for: Option<Vec<&'static str>>,
    /// When it names the person's own stressor only to work against it:
    /// how.
    against: Option<&'static str>,
}

/// The 2-week action: full when it tackles the person's own stressor,
/// with half taken back for each other person's stressor of this case it
/// names (an action on every stressor of the team earns nothing), and
/// those stressors for the feedback; nothing when it tackles none, or only
/// someone else's. One stressor nobody in the case has ("take him off the
/// incident rota" for a new starter) is part of the person's own case, as
/// the rubric's "another person's stressor" says; several are not.
/// `stated` is the stressor the person's block states, one value: an
/// action that names no stressor is read against it ([`elided_object`]).
fn fortnight_score(
    case: &TriageCase,
    employee: &Employee,
    own_lines: &OwnLines,
    field: &[String],
    field_read: &[Text],
    stated: Option<&'static str>,
) -> Fortnight {
    let action = field.join("\n");
    // A table cell's action is terse ("Escalation rota", "Mentor and
    // learning plan", para-it7), down to one word: "Mediation" in the cell
    // reads as "2-week action: Mediation." does on a field line, whose cue
    // words never made it longer (play-it26 B2, issue 21). An empty cell
    // is aimed at nothing.
    if word_count(&action) == 0 {
        return Fortnight {
            points: Points::ZERO,
            no_step: false,
            others: Vec::new(),
            missed_for: Some(Vec::new()),
            against: None,
        };
    }
    let action = without_asides_on_others(case, employee, &action);
    // Harmful advice is no support, whatever it names ("tell him to stop
    // making a fuss about the incidents").
    // One copy with no aside taken out is the copy as the grader read it.
    let read: Cow<Text> = match (field, field_read) {
        ([copy], [read]) if *copy == action => Cow::Borrowed(read),
        _ => Cow::Owned(Text::new(&action)),
    };
    if !harmful(&read).is_empty() {
        return Fortnight {
            points: Points::ZERO,
            no_step: false,
            others: Vec::new(),
            missed_for: Some(Vec::new()),
            against: Some("is harmful advice"),
        };
    }
    let named = stressors_tackled(&read, employee, own_lines);
    let named = if named.is_empty() {
        elided_object(&read, stated, &worsened_for(&read, employee))
    } else {
        named
    };
    // The person's name for "their" may show that the action tackles their
    // own stressor, never add another's: what "their role" means for a new
    // starter is not a question about a reorganisation.
    let own_by_name = || {
        stressors_tackled(
            &Text::new(&possessive_as_their(&action, employee)),
            employee,
            own_lines,
        )
        .contains(&employee.stressor)
    };
    if !named.contains(&employee.stressor) && !own_by_name() {
        // Named, but only where the action keeps it, adds to it or halts
        // its fix.
        let against = stressors_of(&read, employee, own_lines)
            .contains(&employee.stressor)
            .then_some("keeps it, adds to it or halts its fix");
        return Fortnight {
            points: Points::ZERO,
            no_step: false,
            others: Vec::new(),
            missed_for: Some(named),
            against,
        };
    }
    // Naming the stressor is no step on it: "On-call.", "Tackle his
    // on-call.", "Deal with the reorganisation." (issue 21 R6 c).
    if names_no_step(&read, case, &own_lines.situation) {
        return Fortnight {
            points: Points::ZERO,
            no_step: true,
            others: Vec::new(),
            missed_for: None,
            against: None,
        };
    }
    // One stressor nobody else in the case has reads as part of their own
    // case ("off the incident rota" for a new starter); several such are
    // aimed at nothing in particular (an action on every stressor must not
    // pay) and count like another person's.
    let extras: Vec<&'static str> = named
        .into_iter()
        .filter(|id| *id != employee.stressor)
        .collect();
    // The person's own notes matter only for a stressor beside their own.
    let in_own_notes = if extras.is_empty() {
        Vec::new()
    } else {
        own_sign_stressors_read(employee, own_lines)
    };
    let anothers = |id: &&'static str| {
        !in_own_notes.contains(id)
            && case
                .employees
                .iter()
                .any(|e| e.name != employee.name && e.stressor == *id)
    };
    let unclaimed = extras.iter().filter(|id| !anothers(id)).count();
    let others: Vec<&'static str> = extras
        .into_iter()
        .filter(|id| unclaimed > 1 || anothers(id))
        .collect();
    Fortnight {
        points: Points((10_000 - 5000 * others.len() as i32).max(0)),
        no_step: false,
        others,
        missed_for: None,
        against: None,
    }
}

/// The stressor a 2-week action that names none is aimed at, when its
/// object is left out or a pronoun ("a realistic re-plan in milestones",
/// "re-plan it: move the date or cut the scope"): a step of planning a
/// piece of work, not negated, is aimed at the piece of work the person's
/// own block states as their stressor (a launch, a migration), as a reader
/// takes "it" from the line above (play-para-it21, B2; issue 21 R1). A
/// step of another kind, or a stressor no plan of the work tackles (a
/// conflict, the on-call rota), names nothing.
/// A step the action works against (`worse`, [`worsened`]: "expand the
/// launch scope") plans nothing.
fn elided_object(text: &Text, stated: Option<&'static str>, worse: &[bool]) -> Vec<&'static str> {
    let Some(stated) = stated.filter(|s| WORK_ITEMS.contains(s)) else {
        return Vec::new();
    };
    let conditional = conditional_words(text);
    let plans = text
        .mentions(PLANNING_STEPS)
        .into_iter()
        .chain(text.mentions(PAIRINGS))
        .any(|(s, e)| {
            !negated(text, s, e)
                && !conditional[s]
                && worse.get(s) != Some(&true)
                && (!PAIRINGS.contains(&text.words[s].text.as_str()) || pairs_on_the_work(text, s))
        });
    if plans { vec![stated] } else { Vec::new() }
}

/// Words that pair a person with another.
const PAIRINGS: &[&str] = &["pair", "pairs", "paired", "pairing"];

/// Words that say what a pairing is for: "on the build", "until it
/// ships", "to finish the launch work".
const PAIRED_FOR: &[&str] = &["on", "for", "until", "till", "to"];

/// A piece of work and its finishing, which a pairing on it gives hands
/// to.
const WORK_IN_HAND: &[&str] = &[
    "build",
    "builds",
    "launch*",
    "release*",
    "deliver*",
    "work",
    "pipeline",
    "project",
    "feature*",
    "backlog",
    "migration",
    "deadline*",
    "rollout",
    "cutover",
    "remaining",
    "rest",
    "ship*",
    "finish*",
    "complet*",
    "done",
    "live",
    "land*",
];

/// Words of learning, which make a pairing a newcomer's support: "pair
/// her with a senior developer to learn the stack", "on her first
/// tickets in the new role".
const LEARNING: &[&str] = &[
    "learn*",
    "stack",
    "role",
    "onboard*",
    "ramp*",
    "speed",
    "induction",
    "training",
    "mentor*",
    "first",
    "new",
    "shadow*",
    "teach*",
    "show*",
    "skill*",
];

/// How many words after "on", "until" or "to" the work may stand.
const WORK_REACH: usize = 4;

/// Whether the pairing at `at` ("pair her with a second developer on the
/// build", "pair him with another engineer until it ships") is on a piece
/// of work: what it does is add a pair of hands to that work, not help
/// with learning a new role (play-it36 B1). Its clause says what it is
/// for ([`PAIRED_FOR`]) with the work ([`WORK_IN_HAND`]) after it, and
/// no word of learning ([`LEARNING`]).
fn pairs_on_the_work(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    let in_clause = |k: &usize| text.words[*k].clause == clause;
    // The pairing itself, or the helper it pairs with ("pairing with an
    // experienced engineer on the build").
    let Some(pairing) = (at.saturating_sub(WORK_REACH)..=at)
        .rev()
        .filter(in_clause)
        .find(|&k| PAIRINGS.contains(&text.words[k].text.as_str()))
    else {
        return false;
    };
    let words: Vec<&str> = (pairing + 1..text.len())
        .take_while(in_clause)
        .map(|k| text.words[k].text.as_str())
        .collect();
    let is_in = |word: &str, phrases: &[&str]| {
        phrases.iter().any(|p| match p.strip_suffix('*') {
            Some(prefix) => word.starts_with(prefix),
            None => word == *p,
        })
    };
    let for_work = words.iter().enumerate().any(|(k, w)| {
        PAIRED_FOR.contains(w)
            && words
                .iter()
                .skip(k + 1)
                .take(WORK_REACH)
                .any(|w| is_in(w, WORK_IN_HAND))
    });
    for_work && !words.iter().any(|w| is_in(w, LEARNING))
}

/// Stressors that are a piece of work with a date and a scope, which a
/// plan of the work tackles.
const WORK_ITEMS: &[&str] = &["deadline", "migration"];

/// Steps of planning a piece of work: its dates, scope, stages and owners.
const PLANNING_STEPS: &[&str] = &[
    "re plan*",
    "replan*",
    "rescop*",
    "re scop*",
    "descop*",
    "de scop*",
    "scope",
    "milestone*",
    "timeline*",
    "move the date",
    "moving the date",
    "push the date",
    "pushing the date",
    "new date",
    "ownership",
    "co own*",
];

/// The stressors a person's own signs and words state ("nearly fell
/// asleep at the wheel after a 15-hour incident", "I caught myself
/// drifting off at the wheel after the 14-hour outage"): part of their own
/// case, even where one is another person's main stressor, so an action on
/// it is no action on someone else's (para-it11 B5b: "rest time after long
/// outages" for the on-call engineer who said so). Notes that show no
/// current strain ("blocks out Friday afternoons for learning") state none.
pub fn own_sign_stressors(employee: &Employee) -> Vec<&'static str> {
    own_sign_stressors_read(employee, &OwnLines::of(employee))
}

/// [`own_sign_stressors`] with the person's own lines already read.
fn own_sign_stressors_read(employee: &Employee, own_lines: &OwnLines) -> Vec<&'static str> {
    employee
        .card
        .notes
        .iter()
        .filter(|note| !super::is_background_note(note, &employee.first))
        .flat_map(|note| stressors_in(note, employee, own_lines))
        // Their own words are all their own item: every stressor in them.
        .chain(stressors_read(&own_lines.quote, employee, &[], &[]))
        .collect()
}

/// `action` with the person's own name in the possessive, or "your" (an
/// action written to them), as "their" ("a clear answer about Devika's
/// role" is "about their role"): an action says whose it is by name or by
/// pronoun alike. A role with an article or no determiner is theirs too
/// ([`role_as_theirs`]).
fn possessive_as_their(action: &str, employee: &Employee) -> String {
    let mut forms = name_forms(employee);
    crate::order::sort_by_key(&mut forms, |f| std::cmp::Reverse(f.len()));
    let mut out = action.to_owned();
    out = replace_word(&out, "your", &[""], "their");
    out = replace_word(&out, "you", &[""], "they");
    for form in forms.iter().filter(|f| !f.is_empty()) {
        out = replace_word(&out, form, &["'s", "\u{2019}s"], "their");
    }
    // Their job title too: "the release manager's role" (para-it15 B5).
    let title = format!("the {}", employee.card.role);
    role_as_theirs(&replace_word(&out, &title, &["'s", "\u{2019}s"], "their"))
}

/// Words a role stands after with no determiner when it is the person's:
/// "clarity on role", "an answer about role".
const ABOUT: &[&str] = &["about", "on", "over", "regarding", "around", "to"];

/// `action` with "the role", "a role" or a bare role after [`ABOUT`]
/// written "their role": in the person's own 2-week action the role in
/// question is theirs ("a clear answer on the role", play-it37 B3), unless
/// "of" or "for" says whose it is ("the role of the new hire").
fn role_as_theirs(action: &str) -> String {
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut start = None;
    for (at, c) in action.char_indices().chain([(action.len(), ' ')]) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                words.push((from, &action[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    let mut out = action.to_owned();
    // From the end, so earlier offsets stay right.
    for k in (1..words.len()).rev() {
        let (at, word) = words[k];
        let whose = words
            .get(k + 1)
            .is_some_and(|(_, w)| w.eq_ignore_ascii_case("of") || w.eq_ignore_ascii_case("for"));
        if !word.eq_ignore_ascii_case("role") || whose {
            continue;
        }
        let (before_at, before) = words[k - 1];
        let is = |list: &[&str]| list.iter().any(|w| before.eq_ignore_ascii_case(w));
        if is(&["the", "a"]) {
            out.replace_range(before_at..before_at + before.len(), "their");
        } else if is(ABOUT) {
            out.insert_str(at, "their ");
        }
    }
    out
}

/// `text` with each whole word `word` (case aside for ASCII letters) that
/// ends in one of `suffixes` (`""` for none), suffix and all, written
/// `with`.
fn replace_word(text: &str, word: &str, suffixes: &[&str], with: &str) -> String {
    let mut out = text.to_owned();
    let mut from = 0;
    while let Some(at) = find_ignore_ascii_case(&out[from..], word).map(|k| from + k) {
        let end = at + word.len();
        let starts_word = out[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let whole = suffixes.iter().find(|suffix| {
            out[end..].starts_with(*suffix)
                && out[end + suffix.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric())
        });
        match whole {
            Some(suffix) if starts_word => {
                out.replace_range(at..end + suffix.len(), with);
                from = at + with.len();
            }
            _ => from = end,
        }
    }
    out
}

/// Where `needle` (lower-case ASCII or not) first stands in `haystack`,
/// case aside for ASCII letters.
fn find_ignore_ascii_case(haystack: &str, needle: &str) -> Option<usize> {
    (0..=haystack.len().checked_sub(needle.len())?).find(|&k| {
        haystack.is_char_boundary(k)
            && haystack.is_char_boundary(k + needle.len())
            && haystack[k..k + needle.len()].eq_ignore_ascii_case(needle)
    })
}

/// `action` without its bracketed asides about another team member ("a
/// named buddy (Malik knows the legacy systems well)"): they say who helps,
/// not what the action tackles.
fn without_asides_on_others(case: &TriageCase, employee: &Employee, action: &str) -> String {
    let mut out = String::with_capacity(action.len());
    let mut rest = action;
    while let Some(open) = rest.find('(') {
        // A field's text ends at its last word, so the last aside may have
        // lost its closing bracket: it runs to the end.
        let close = rest[open..].find(')').map_or(rest.len(), |k| open + k + 1);
        let aside = &rest[open..close];
        let others = first_mentions(case, &Text::new(aside))
            .iter()
            .zip(&case.employees)
            .any(|(at, e)| at.is_some() && e.name != employee.name);
        out.push_str(&rest[..open]);
        if !others {
            out.push_str(aside);
        }
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// The main stressor of a block: what its stressor field names (every copy
/// of it) when it has one, else what the whole block names, unless the
/// block pastes the case; one value or a hedge.
fn read_stressor(
    block: &Block,
    field: &[Text],
    answer: &Answer,
    own: &Employee,
    own_lines: &OwnLines,
) -> OneValue<&'static str> {
    if !field.is_empty() {
        return field
            .iter()
            .map(|f| OneValue::of(stressors_of(f, own, own_lines)))
            .fold(OneValue::Missing, OneValue::and);
    }
    let all = block.all.join("\n");
    if answer.pastes_case(&all) {
        return OneValue::Missing;
    }
    OneValue::of(stressors_in(&all, own, own_lines))
}

/// Pairs of people with different tiers in the right order, scaled down
/// by names in the ranking that are not on the team. A pair counts only
/// where the answer's own tiers (`answered`, per employee) put its two
/// people in that order too: an order that no tier supports (everyone in
/// one tier, listed as the case lists them) is a guess, and a misread tier
/// costs the pairs it touches, not the whole ranking.
fn ranking_score(case: &TriageCase, ranking: &str, answered: &[Option<Tier>]) -> (Points, String) {
    let text = Text::new(ranking);
    let at = first_mentions(case, &text);
    let mut right = 0u64;
    let mut pairs = 0u64;
    for (i, a) in case.employees.iter().enumerate() {
        for (j, b) in case.employees.iter().enumerate() {
            if a.tier.rank() >= b.tier.rank() {
                continue;
            }
            pairs += 1;
            let tiers_agree = matches!(
                (answered.get(i).copied().flatten(), answered.get(j).copied().flatten()),
                (Some(ta), Some(tb)) if ta.rank() < tb.rank()
            );
            if let (Some(x), Some(y)) = (at[i], at[j])
                && x < y
                && tiers_agree
            {
                right += 1;
            }
        }
    }
    let team: BTreeSet<String> =
        crate::order::set_of(case.employees.iter().map(|e| e.first.clone()));
    let lead_first = case.card.lead.split_whitespace().next().unwrap_or("");
    let foreign = ranking
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| FIRST_NAMES.contains(w) && !team.contains(*w) && *w != lead_first)
        .count() as u64;
    let named = at.iter().filter(|a| a.is_some()).count() as u64;
    let order = Points::ratio(right, pairs);
    let score = if named == 0 {
        Points::ZERO
    } else {
        Points::ratio(order.0 as u64 * named, 10_000 * (named + foreign))
    };
    let mut by_tier: Vec<&Employee> = case.employees.iter().collect();
    crate::order::sort_by_key(&mut by_tier, |e| e.tier.rank());
    let note = format!(
        "Priority ranking: {right} of {pairs} pairs of different tiers in the right order{}{}.",
        if foreign > 0 {
            format!("; {foreign} names not on this team")
        } else {
            String::new()
        },
        if score == Points::FULL {
            String::new()
        } else {
            format!(
                "{}; the rubric's tiers order them {}",
                if ranking.trim().is_empty() {
                    " (no ranking section found)".to_owned()
                } else {
                    format!(" in {}", quoted(ranking))
                },
                by_tier
                    .iter()
                    .map(|e| format!("{} ({})", e.name, e.tier.name()))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    (score, note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::it_mental_health::scenario::{Case, TaskKind};
    use crate::it_mental_health::writers::Style;

    #[test]
    fn a_name_that_shares_only_a_first_or_a_last_name_is_someone_else() {
        let case = super::super::generate(3);
        let person = &case.employees[0];
        let last = person.name.split_whitespace().last().unwrap_or_default();
        let other_first = FIRST_NAMES
            .iter()
            .find(|n| case.employees.iter().all(|e| e.first != **n))
            .copied()
            .unwrap_or_default();
        let other_last = LAST_NAMES
            .iter()
            .find(|n| case.employees.iter().all(|e| !e.name.ends_with(*n)))
            .copied()
            .unwrap_or_default();
        let named = |line: &str| first_mentions(&case, &Text::new(line))[0];
        assert_eq!(named(&format!("Employee: {}", person.name)), Some(1));
        assert_eq!(named(&format!("Employee: {last}")), Some(1));
        assert_eq!(named(&format!("Employee: {other_first} {last}")), None);
        assert_eq!(
            named(&format!("Employee: {} {other_last}", person.first)),
            None
        );
    }

    /// The reference answer of `case` with its people grouped under tier
    /// headings (`heading` of each tier) and no tier lines of their own,
    /// or with each person's tier line moved to the end of their block.
    fn regrouped(case: &Case, heading: impl Fn(Tier) -> String, tier_last: bool) -> String {
        let Case::Triage(triage) = case else {
            return String::new();
        };
        let reference = case.write(Style::Reference);
        let (people, ranking) = reference
            .split_once("Priority ranking:")
            .unwrap_or((&reference, ""));
        let blocks: Vec<&str> = people
            .split("Employee:")
            .filter(|b| !b.trim().is_empty())
            .collect();
        let without_tier = |block: &str| -> (String, String) {
            let (tier, rest): (Vec<&str>, Vec<&str>) =
                block.lines().partition(|l| l.starts_with("Tier:"));
            (rest.join("\n"), tier.join("\n"))
        };
        let mut out = String::new();
        if tier_last {
            for block in &blocks {
                let (rest, tier) = without_tier(block);
                out.push_str(&format!("Employee:{}\n{tier}\n\n", rest.trim_end()));
            }
        } else {
            for tier in Tier::ALL {
                let members: Vec<&&str> = blocks
                    .iter()
                    .zip(&triage.employees)
                    .filter(|(_, e)| e.tier == tier)
                    .map(|(b, _)| b)
                    .collect();
                if members.is_empty() {
                    continue;
                }
                out.push_str(&format!("{}\n\n", heading(tier)));
                for block in members {
                    let (rest, _) = without_tier(block);
                    out.push_str(&format!("Employee:{}\n\n", rest.trim_end()));
                }
            }
        }
        format!("{out}Priority ranking:{ranking}")
    }

    #[test]
    fn people_grouped_under_tier_headings_are_in_that_tier() {
        let upper = |t: Tier| t.word().to_uppercase();
        let headings: [&dyn Fn(Tier) -> String; 4] = [
            &|t| format!("## {}", upper(t)),
            &|t| format!("**{}**", upper(t)),
            &|t| format!("{} tier", upper(t)),
            &|t| format!("{}:", upper(t)),
        ];
        for seed in 0..12 {
            let case = Case::generate_at(TaskKind::StressTriage, 4 + (seed % 2) as u8, seed);
            let tiers = |text: &str| case.grade(text).criteria["tiers"];
            assert_eq!(tiers(&case.write(Style::Reference)), Points::FULL);
            for heading in headings {
                let grouped = regrouped(&case, heading, false);
                assert_eq!(tiers(&grouped), Points::FULL, "seed {seed}:\n{grouped}");
            }
            // Each person's own tier line last in their block is still
            // theirs, not a heading over the next person.
            let last = regrouped(&case, |_| String::new(), true);
            assert_eq!(tiers(&last), Points::FULL, "seed {seed}:\n{last}");
            // Headings one tier off put everyone in the wrong tier.
            let shifted = regrouped(
                &case,
                |t| format!("## {}", upper(Tier::ALL[(t.rank() as usize + 1) % 4])),
                false,
            );
            assert!(tiers(&shifted) < Points::FULL, "seed {seed}:\n{shifted}");
        }
    }

    #[test]
    fn tiers_are_read_as_words_with_negation() {
        assert_eq!(tiers_in("RED - panic attacks"), OneValue::One(Tier::Red));
        assert_eq!(tiers_in("not CRITICAL, but RED"), OneValue::One(Tier::Red));
        assert_eq!(tiers_in("no red flags; GREEN"), OneValue::One(Tier::Green));
        assert!(tiers_in("CRITICAL / RED / AMBER / GREEN").is_hedged());
        assert!(tiers_in("RED or AMBER").is_hedged());
        assert_eq!(tiers_in("Greenberg reddit"), OneValue::Missing);
    }

    /// A level no tier needs: the reading of an action on its own.
    const NO_TIER: u32 = 4;

    #[test]
    fn care_of_two_neighbouring_levels_reads_as_the_one_needed() {
        let needing = |a: &str, needed: u32| support_level(&[Text::new(a)], needed, "");
        for action in [
            "Their manager should check in within the day to reprioritise the workload and take \
             weekend work off them.",
            "Today: defer two of her deadlines and hand over the release duty to a colleague.",
        ] {
            assert_eq!(needing(action, 1), OneValue::One(1), "{action}");
            assert_eq!(needing(action, 2), OneValue::One(2), "{action}");
            assert_eq!(needing(action, 3), OneValue::One(1), "{action}");
        }
        // A referral naming who holds the safety conversation is its
        // follow-up (play-it18, B1).
        let held_by = "Same-day private conversation with a trained manager or occupational \
                       health clinician about his statement that he feels like a burden to \
                       everyone; check his safety, give him crisis line details and the Employee \
                       Assistance Programme (EAP) number, and agree a safety plan with follow-up \
                       tomorrow.";
        assert_eq!(needing(held_by, 0), OneValue::One(0));
        // A referral is RED's own step, not care: still RED for AMBER.
        let referral = "Check in today to reprioritise the sprint and refer them to the EAP.";
        assert_eq!(needing(referral, 2), OneValue::One(1));
        // Offered as alternatives, it stays a hedge.
        let either = "Either reprioritise their sprint or take the weekend work off them.";
        assert!(needing(either, 2).is_hedged());
    }

    #[test]
    fn support_levels_match_tiers() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        let crisis = "Today: stay with them, call a crisis line and agree a safety plan.";
        assert_eq!(level(crisis), OneValue::One(0));
        let check = "Within 24 hours: a check-in to reprioritise their workload.";
        assert_eq!(level(check), OneValue::One(2));
        // Plain idioms of the two lightest levels (para-it9, B4), and a
        // quick check-in beside reprioritising is that check-in.
        for (action, want) in [
            (
                "Sit down with him tomorrow morning and agree what comes off his plate.",
                2,
            ),
            (
                "Meet her first thing and agree what to drop this sprint.",
                2,
            ),
            ("A quick, friendly check-in.", 3),
            ("An informal catch-up this week, nothing more.", 3),
            ("A quick check-in today to reprioritise the sprint.", 2),
        ] {
            assert_eq!(level(action), OneValue::One(want), "{action}");
        }
        assert_eq!(
            level(
                "A check-in today to reprioritise the sprint; if it gets worse, an EAP referral."
            ),
            OneValue::One(2)
        );
        for hedge in [
            "crisis line, EAP referral, a check-in and recognition",
            "an EAP referral or a check-in to reprioritise, whichever fits",
            "Stay with them today or book an EAP session.",
            "Call a crisis line today and acknowledge their good work.",
        ] {
            assert!(level(hedge).is_hedged(), "{hedge}");
        }
        // More care for a higher tier is that tier's level, not a hedge.
        assert_eq!(
            level("Stay with them today, call a crisis line and take them off the pager."),
            OneValue::One(0)
        );
        assert_eq!(level("Check in with them today."), OneValue::Missing);
        // A referral hung on the safety step is its medical follow-up.
        assert_eq!(
            level("Agree a safety plan with her today, with urgent occupational health support."),
            OneValue::One(0)
        );
        // A bare referral in a sentence of its own is the RED tier's support.
        assert!(
            level("Make an urgent EAP referral. Today, stay with them and agree a safety plan.")
                .is_hedged()
        );
        // Hung on a step of the action beside a safety step given outright,
        // in a sentence of its own too, it is more care for the same day.
        assert_eq!(
            level(
                "Agree a simple safety plan with him today. Get him seen by occupational health \
                 or a GP urgently."
            ),
            OneValue::One(0)
        );
        // Booked for the same day beside the safety steps, it is their
        // follow-up (play-it9, B2).
        assert_eq!(
            level(
                "Paola takes him off the pager today; no driving home after long shifts (taxi);                  same-day GP/occupational health check and a safety plan for rest."
            ),
            OneValue::One(0)
        );
        assert_eq!(
            level("Agree a safety plan with her and get occupational health to see her today."),
            OneValue::One(0)
        );
        // Contacting occupational health beside the safety steps, and
        // same-day medical care with someone staying (para-it2).
        assert_eq!(
            level(
                "Today, someone stays with Vikram and takes them home (no driving), and we agree \
                 a safety plan and contact occupational health."
            ),
            OneValue::One(0)
        );
        assert_eq!(
            level("same-day urgent medical care, with someone staying with them"),
            OneValue::One(0)
        );
        assert_eq!(
            level("urgent OH referral and off on-call"),
            OneValue::One(1)
        );
        // Added to the safety step in its sentence, with no word that hangs
        // it on the step: more care, not a second tier (para-it15 B6).
        for action in [
            "Stay in touch with them today, get them home by taxi, agree a safety plan and book \
             urgent occupational health.",
            "Today: a safety plan, a lift home and urgent counselling.",
            "Talk to her today, get her home safely, a safety plan, urgent occupational health.",
        ] {
            assert_eq!(level(action), OneValue::One(0), "{action}");
        }
        // Offered instead of the safety step, or as a possibility, it is a
        // hedge.
        for hedge in [
            "Stay with them today, or get them seen by occupational health.",
            "Agree a safety plan today, and maybe an EAP referral.",
        ] {
            assert!(level(hedge).is_hedged(), "{hedge}");
        }
    }

    #[test]
    fn a_referral_after_a_firm_safety_step_is_its_follow_up_after_any_punctuation() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        // A bare referral after the safety step, after a semicolon, a full
        // stop, a dash or in a list, urgent or not (play-para-it21, B1).
        for action in [
            "Same day: someone stays with him, asks directly about his safety, shares a crisis \
             line and agrees a safety plan with him; urgent EAP referral.",
            "Stay with her today and agree a safety plan. Occupational health referral as well.",
            "A crisis line and a safety plan today \u{2014} counselling, urgently.",
            "stay with them, ask about safety, crisis line, safety plan, EAP referral, time off",
        ] {
            assert_eq!(level(action), OneValue::One(0), "{action}");
        }
        // A lower tier's step offered instead, a referral offered as a
        // possibility or instead of the safety step, or one before it in a
        // sentence of its own, is still a hedge.
        // In one list of the day's steps, a referral before the safety
        // step is its follow-up too (play-it35 B2).
        for action in [
            "stop her driving tired; someone with her; urgent occupational health; safety plan",
            "urgent occupational health referral; a safety plan with her today",
            "EAP referral, crisis line number, someone stays with him tonight",
            "same-day counselling; stays with her; safety plan",
            "an urgent OH assessment, a safety plan today and a taxi home",
            "occupational health referral; no driving home; safety plan agreed today",
        ] {
            assert_eq!(level(action), OneValue::One(0), "{action}");
        }
        // Near misses: a referral offered instead of the safety step, as a
        // possibility, beside a check-in, or in a sentence of its own
        // before it, is still a hedge.
        for hedge in [
            "urgent occupational health referral, or a safety plan",
            "occupational health referral; maybe a safety plan today",
            "EAP referral; a check-in; a safety plan",
            "Occupational health referral. A safety plan with her today.",
        ] {
            assert!(level(hedge).is_hedged(), "{hedge}");
        }
        for hedge in [
            "Stay with him today and agree a safety plan; or, if he prefers, a check-in next week.",
            "Agree a safety plan; an urgent EAP referral, or monitor and see.",
            "Stay with them today; alternatively an EAP referral.",
            "Agree a safety plan today; perhaps an EAP referral.",
            "Share a crisis line or make an EAP referral.",
            "EAP referral. Tomorrow, stay with them and agree a safety plan.",
        ] {
            assert!(level(hedge).is_hedged(), "{hedge}");
        }
    }

    #[test]
    fn a_recommended_step_is_firm_and_a_condition_takes_its_own_clause() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        // "X should <act>" recommends the act (play-it5 B3), as "must",
        // "needs to" and the like do.
        for (action, tier) in [
            (
                "Today, Valentina should make sure Freya gets seen by a doctor or urgent care for \
                 the chest pains and feeling faint, go with her or stay with her until she's been \
                 seen, and take her off the pager immediately.",
                0,
            ),
            (
                "Valentina should stay with Freya and get her emergency care.",
                0,
            ),
            (
                "Valentina should refer him urgently to occupational health and offer carer's leave.",
                1,
            ),
            (
                "Valentina should check in with him to reprioritise his workload",
                2,
            ),
            ("Their lead must book an EAP session for them today.", 1),
            (
                "Their lead needs to agree a safety plan with them today.",
                0,
            ),
            ("Please thank them for the mentoring in stand-up.", 3),
        ] {
            assert_eq!(level(action), OneValue::One(tier), "{action}");
        }
        // A condition in brackets, or trailing its step, takes only its
        // own clause; "she does not drive home tired" protects (B2).
        assert_eq!(
            level(
                "Today \u{2014} Santiago talks to her directly, she does not drive home tired \
                 (arrange a taxi if needed), and together they agree a short safety plan; nearly \
                 falling asleep at the wheel is a safety issue, not just fatigue."
            ),
            OneValue::One(0)
        );
        assert_eq!(
            level("Talk to her today, if possible, and agree a safety plan."),
            OneValue::One(0)
        );
        assert_eq!(
            level("Make sure she does not drive home tonight."),
            OneValue::One(0)
        );
        // A condition that opens its clause still governs the steps after
        // it, "should" included when it comes before its subject.
        for (action, tier) in [
            (
                "A check-in to reprioritise today; should things escalate, refer them to the EAP.",
                Some(2),
            ),
            (
                "A check-in to reprioritise today; if it gets worse, call a crisis line.",
                Some(2),
            ),
            ("Should Freya feel faint again, call an ambulance.", None),
            ("Should it get worse, call a crisis line.", None),
            ("Valentina should be fine without support.", None),
            // A clause done "in any case" is outside the condition before
            // it; a condition that asks consent puts nothing off
            // (para-it12 B2).
            (
                "Should the pain come back, call an ambulance; either way, book him an urgent \
                 occupational health appointment today.",
                Some(1),
            ),
            (
                "If she is willing, an urgent EAP referral today, and a few days off regardless.",
                Some(1),
            ),
            (
                "If Omar would like it, book occupational health for him today.",
                Some(1),
            ),
            // Consent in other words (play-it38 B2).
            ("If he's open to it, an EAP referral today.", Some(1)),
            (
                "If he is open to the idea, a referral to occupational health today.",
                Some(1),
            ),
            ("An EAP referral today, if she's open to it.", Some(1)),
            (
                "If she's comfortable with it, an EAP referral today.",
                Some(1),
            ),
            ("If he's up for it, an EAP referral today.", Some(1)),
            ("If they're on board, an EAP referral today.", Some(1)),
            ("With her agreement, an EAP referral today.", Some(1)),
            // A condition on what happens still puts its step off, and so
            // does consent asked for a later time.
            ("If things get worse, an EAP referral.", None),
            ("If he asks for it next month, an EAP referral.", None),
            ("If he's open to it next month, an EAP referral.", None),
            ("If she agrees after the launch, an EAP referral.", None),
            ("If things flare up, an EAP referral.", None),
            (
                "If he agrees that things are getting worse next week, refer him to the EAP.",
                None,
            ),
            (
                "If she agrees to a referral once the launch is over, refer her to the EAP.",
                None,
            ),
        ] {
            assert_eq!(level(action), OneValue::of(tier), "{action}");
        }
    }

    #[test]
    fn a_reminder_or_an_offer_left_to_the_person_is_no_level() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        // A reminder that support exists, or an offer the person may take
        // up, beside a check-in: the check-in's level (play-it25 B1, C1).
        for action in [
            "Check in with Saanvi to reprioritise her workload, and remind her the EAP is there \
             if she ever wants it.",
            "Check in with Saanvi to reprioritise her workload, and remind her about the \
             confidential counselling on offer.",
            "Check in with Selin to reprioritise her workload and make sure she takes a lunch \
             break; if she would like it, offer time off or an EAP session too.",
            "Check in with Selin to reprioritise her workload; if she would like it, offer an EAP \
             session too.",
            "Reprioritise her sprint with her; occupational health is available if needed.",
            "Reprioritise the workload, and offer counselling should she want it.",
            "A check-in to reprioritise, and let her know about the EAP.",
        ] {
            assert_eq!(level(action), OneValue::One(2), "{action}");
        }
        // Alone, it gives no level; a referral or booking, consent asked
        // or not, still does.
        for (action, tier) in [
            ("Remind him the EAP is there if he needs it.", None),
            ("If he would like it, offer him a few days off.", None),
            ("Refer her to the EAP today.", Some(1)),
            ("Book an EAP session for her.", Some(1)),
            ("If she agrees, refer her to counselling.", Some(1)),
            ("An EAP referral today if she agrees.", Some(1)),
            ("An EAP referral if she wants one.", None),
            ("Send him home for the rest of the week.", Some(1)),
            (
                "An urgent EAP referral, and time off if he wants it.",
                Some(1),
            ),
            (
                "Check in to reprioritise her workload and refer her to the EAP today.",
                Some(1),
            ),
        ] {
            assert_eq!(level(action), OneValue::of(tier), "{action}");
        }
    }

    #[test]
    fn a_consent_clause_trailing_the_last_item_covers_that_item_alone() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        // The referral is given outright; the wish leaves only the item
        // it follows to the person (play-it41 B6).
        for action in [
            "EAP referral and a few days' leave if he'd like.",
            "EAP referral and a few days' leave if he wants it.",
            "Refer her to occupational health and a lighter week should she want it.",
            "An EAP referral today, plus a quiet afternoon if they'd like.",
            "An occupational health referral, and a few days' leave if he wishes.",
            "Book counselling through the EAP and a chat with Sunita if he'd like one.",
        ] {
            assert_eq!(level(action), OneValue::One(1), "{action}");
        }
        // Its own consent, one naming every item, one opening the
        // sentence, or a reminder leave the referral to the person.
        for action in [
            "An EAP referral if he'd like.",
            "An EAP referral and leave, both if he'd like.",
            "If he'd like, an EAP referral and a few days' leave.",
            "Remind him the EAP is there, and a few days' leave if he'd like.",
            "An EAP referral or a few days' leave if he wants either.",
        ] {
            assert_eq!(level(action), OneValue::Missing, "{action}");
        }
    }

    #[test]
    fn part_of_the_work_lifted_in_a_check_in_is_that_check_in() {
        let needing = |a: &str, needed: u32| support_level(&[Text::new(a)], needed, "");
        // Relief of part of the work inside a check-in to reprioritise is
        // how it reprioritises: AMBER's check-in, for any tier (play-it41
        // C1).
        for action in [
            "A check-in with Sunita today to reprioritise his workload, take weekend work off \
             his plate and agree what can wait.",
            "Sit down with her today to agree what can wait and take the reporting work off her.",
            "A check-in to reprioritise the sprint: move two tickets off them and push back the \
             demo.",
            "Check in today, agree what can wait and take the on-call swaps off his plate.",
            "Reprioritise the sprint with him, take the Friday report off him and reschedule the \
             review.",
            "A 1:1 today to trim her sprint and get the release notes off her plate.",
        ] {
            for needed in [1, 2, 3] {
                assert_eq!(needing(action, needed), OneValue::One(2), "{action}");
            }
        }
        // A referral, time off, the person stood down, a part lifted
        // alone or offered instead: not the check-in alone.
        for action in [
            "A check-in today to reprioritise his workload, agree what can wait, and refer him \
             to the EAP.",
            "A check-in today to reprioritise his workload and agree what can wait, or take the \
             launch work off him entirely.",
            "A check-in to agree what can wait, and give him the rest of the week off.",
            "Take him off the launch work and agree what can wait.",
        ] {
            assert!(needing(action, 2).is_hedged(), "{action}");
        }
        assert_eq!(
            needing("Take the weekend work off his plate.", 2),
            OneValue::One(1)
        );
    }

    #[test]
    fn a_contact_number_beside_a_crisis_line_is_same_day_safety_support() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        for safety in [
            "Tatiana speaks to Kwame today, in person: share a crisis line and the EAP's urgent \
             number, and agree a simple safety plan with him (who he can call, what to do if it \
             gets worse).",
            "Stay with her today, give her the crisis line and the occupational health phone \
             number, and agree a safety plan.",
        ] {
            assert_eq!(level(safety), OneValue::One(0), "{safety}");
        }
        // Offered instead of the safety step, a number is still a hedge.
        assert!(level("Share a crisis line or the EAP number.").is_hedged());
    }

    #[test]
    fn a_choice_of_follow_up_after_a_firm_safety_step_is_no_hedge() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        for safety in [
            "Bjorn speaks to him today, makes sure he does not drive home tired (a taxi is \
             booked and paid for), agrees a safety plan for late shifts and gets him an urgent \
             GP or occupational health appointment today.",
            "Get her an urgent doctor's or occupational health appointment today, and agree a \
             safety plan with her before she leaves.",
            "Same day: talk to him, make sure he doesn't drive after long shifts (arrange \
             transport home), agree a safety plan and share EAP details.",
        ] {
            assert_eq!(level(safety), OneValue::One(0), "{safety}");
        }
        // Relief from the work beside the referral is care, as it is
        // beside the safety step alone (para-it6).
        assert_eq!(
            level(
                "Today: a safety plan so he never drives home after a night shift, he comes \
                 off the pager, and an occupational health appointment the same day."
            ),
            OneValue::One(0)
        );
        assert_eq!(
            level(
                "A safety plan with her today; she is relieved of the release work and sees \
                 occupational health the same day."
            ),
            OneValue::One(0)
        );
        // Booked before the day ends (para-it10, B3).
        assert_eq!(
            level(
                "Give them the crisis line number, work out a safety plan with them and get \
                 occupational health involved by the end of the day."
            ),
            OneValue::One(0)
        );
        // RED's referral and relief beside the safety steps, offered
        // instead of them, are a hedge.
        assert!(
            level(
                "Same day: stay with her and agree a safety plan. Alternatively, an occupational \
                 health referral today and time off."
            )
            .is_hedged()
        );
        // The choice between the safety step and the referral is a hedge.
        for hedge in [
            "Agree a safety plan today, or refer him to occupational health.",
            "Refer her to occupational health, or else agree a safety plan today.",
        ] {
            assert!(level(hedge).is_hedged(), "{hedge}");
        }
    }

    #[test]
    fn a_hospital_in_the_persons_circumstances_is_no_care_step() {
        let level = |a: &str| support_level(&[Text::new(a)], NO_TIER, "");
        for routine in [
            "Routine check-in \u{2014} ask how he's doing with the hospital visits.",
            "A routine catch-up; ask how her father's hospital treatment is going.",
        ] {
            assert_eq!(level(routine), OneValue::One(3), "{routine}");
        }
        assert_eq!(level("Get him to hospital today."), OneValue::One(0));
        // Emergency care beside a routine check-in is two tiers.
        assert!(level("Take him to the hospital today, and a routine check-in.").is_hedged());
    }

    #[test]
    fn cues_open_fields_only_where_a_field_starts() {
        let block = Block {
            own: vec![],
            all: vec![
                "2-week action: re-plan the migration with the team, addressing the root \
                 cause: the slipped milestones."
                    .to_owned(),
            ],
            tabled: vec![false],
            cells: vec![],
        };
        let fields = fields(&block);
        assert!(!fields.contains_key(&Field::Stressor), "{fields:?}");
        let fortnight = fields.get(&Field::Fortnight).map(|f| f.join(" "));
        assert!(fortnight.is_some_and(|f| f.ends_with("milestones")));
    }

    #[test]
    fn a_day_action_told_with_its_time_last() {
        // p22: prose with no label, its time named at the end, or in a
        // sentence that points back to the action.
        for (lines, action) in [
            (
                vec![
                    "Tier: GREEN",
                    "Main stressor: the launch.",
                    "A routine check-in with some recognition is enough for the first 24 hours.",
                ],
                "A routine check-in with some recognition",
            ),
            (
                vec![
                    "Tier: AMBER",
                    "Main stressor: the launch.",
                    "For Vikram: rebalance their tickets. That covers the next 24 hours.",
                ],
                "rebalance their tickets",
            ),
        ] {
            let block = Block {
                own: vec![],
                tabled: vec![false; lines.len()],
                all: lines.into_iter().map(str::to_owned).collect(),
                cells: vec![],
            };
            let fields = fields(&block);
            let day = fields.get(&Field::Day).map(|f| f.join(" "));
            assert!(
                day.as_ref().is_some_and(|d| d.contains(action)),
                "{fields:?}"
            );
        }
    }

    #[test]
    fn a_one_line_record_opens_its_fields_after_its_dashes() {
        // play-it14, B1: one line per person, as the format allows.
        let block = Block {
            own: vec![],
            all: vec![
                "Ana Diaz - RED - the launch deadline - 24h: an EAP referral today and a few \
                 days off - 2 weeks: move the launch date and cut its scope"
                    .to_owned(),
            ],
            tabled: vec![false],
            cells: vec![],
        };
        let read = fields(&block);
        let day = read.get(&Field::Day).map(|f| f.join(" "));
        assert!(
            day.as_deref()
                .is_some_and(|d| d.contains("EAP referral") && !d.contains("scope")),
            "{read:?}"
        );
        let fortnight = read.get(&Field::Fortnight).map(|f| f.join(" "));
        assert!(fortnight.is_some_and(|f| f.ends_with("scope")), "{read:?}");
        // A dash inside an action, with no colon after the words, opens
        // nothing: "- two weeks later" is part of the action.
        let block = Block {
            own: vec![],
            all: vec![
                "24-hour action: a check-in today - two weeks later a review of the workload"
                    .to_owned(),
            ],
            tabled: vec![false],
            cells: vec![],
        };
        let read = fields(&block);
        assert!(!read.contains_key(&Field::Fortnight), "{read:?}");
    }

    #[test]
    fn a_cue_leading_a_field_in_opens_no_other() {
        let block = Block {
            own: vec![],
            all: vec![
                "Tier: AMBER".to_owned(),
                "2-week action: Root cause: the pager load. Rebalance the rota.".to_owned(),
                "Tier: RED - main stressor: the launch".to_owned(),
            ],
            tabled: vec![false, false, false],
            cells: vec![],
        };
        let fields = fields(&block);
        let fortnight = fields.get(&Field::Fortnight).map(|f| f.join(" "));
        assert!(
            fortnight.is_some_and(|f| f.ends_with("Rebalance the rota")),
            "{fields:?}"
        );
        // Content before the second cue: it opens its field.
        let stressor = fields.get(&Field::Stressor).map(|f| f.join(" "));
        assert_eq!(stressor.as_deref(), Some("stressor: the launch"));
        assert_eq!(fields.get(&Field::Tier).map(Vec::len), Some(2));
    }
}
