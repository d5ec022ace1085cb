//! Grading `stress_triage`. The answer is cut into one block per person:
//! a line that starts with (or only names) one team member opens that
//! person's block, a line naming several closes it, and a table row belongs
//! to the person in its name column. Each person's tier is read from their
//! own tier field or line (exactly one tier word, negation aware), their
//! 24-hour action is matched to the tier's level of support, their 2-week
//! action must tackle their own stressor, and the ranking is scored by the
//! order of pairs whose tiers differ.

use std::collections::{BTreeMap, BTreeSet};

use super::{Employee, STRESSORS, Tier, TriageCase, word_cap};
use crate::it_mental_health::grade::{Grade, assemble, f1};
use crate::it_mental_health::names::FIRST_NAMES;
use crate::it_mental_health::reading::sections::{Label, Line, Section, parse};
use crate::points::Points;
use crate::text::negated;
use crate::text::{Text, word_count};

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

const TIERS: Points = Points(4000);
const RANKING: Points = Points(2000);
const IMMEDIATE: Points = Points(1500);
const TWO_WEEK: Points = Points(1500);
const STRESSOR: Points = Points(1000);

/// Levels of support in the first 24 hours, most intense first, aligned
/// with [`Tier::rank`].
const SUPPORT: [&[&str]; 4] = [
    &[
        "crisis*",
        "emergency",
        "safety plan*",
        "stay with",
        "not leave them alone",
        "not alone",
        "medical attention",
        "doctor",
        "gp",
        "urgent care",
        "hotline",
        "samaritans",
    ],
    &[
        "eap",
        "employee assistance",
        "occupational health",
        "counsel*",
        "therap*",
        "sick leave",
        "time off",
        "day off",
        "days off",
        "rest of the week",
        "take them off",
        "taken off",
        "remove them from",
        "relieve*",
        "reassign*",
        "hand over",
        "handover",
    ],
    &[
        "check in",
        "check ins",
        "checkin*",
        "reprioriti*",
        "workload review",
        "review their workload",
        "protect their evenings",
        "protected evenings",
        "focus time",
    ],
    &[
        "acknowledg*",
        "recognis*",
        "recogniz*",
        "thank*",
        "praise*",
        "routine",
        "keep doing",
        "no change*",
        "monitor*",
    ],
];

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
            "24h",
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
            "2wk",
            "2 wk",
        ],
    ),
];

const WEAK_DAY_CUES: &[&str] = &["today", "immediately", "right away", "this afternoon"];

/// One person's part of the answer.
#[derive(Debug, Default, Clone)]
struct Block {
    /// Lines that start with or only name this person.
    own: Vec<String>,
    /// Every line of the block, own lines included.
    all: Vec<String>,
    /// Table cells by field, when the block is a table row under a header.
    cells: Vec<(Field, String)>,
}

pub fn grade(case: &TriageCase, answer: &str) -> Grade {
    let parsed = parse(answer, LABELS);
    let ranking_lines = ranking_extent(&parsed.lines, &parsed.sections);
    let blocks = blocks(case, &parsed.lines, &ranking_lines);

    let mut tier_points = 0u64;
    let mut day_points = 0u64;
    let mut fortnight_points = 0u64;
    let mut stressor_points = 0u64;
    let mut notes = Vec::new();
    for (employee, block) in case.employees.iter().zip(&blocks) {
        let fields = fields(block);
        let field = |f: Field| fields.get(&f).map_or("", String::as_str);
        let tier = read_tier(block, field(Field::Tier));
        let tier_ok = tier == Some(employee.tier);
        tier_points += if tier_ok { 10_000 } else { 0 };
        let day = support_score(employee.tier, field(Field::Day));
        day_points += day.0 as u64;
        let fortnight = fortnight_score(employee, field(Field::Fortnight));
        fortnight_points += fortnight.0 as u64;
        let stressor = stressor_score(employee, block, field(Field::Stressor));
        stressor_points += stressor.0 as u64;
        notes.push(format!(
            "{}: tier read {}, rubric gives {}; 24-hour action {:.2}; 2-week action {:.2}; \
             stressor {:.2}.",
            employee.name,
            tier.map_or("none", Tier::name),
            employee.tier.name(),
            day.to_f64(),
            fortnight.to_f64(),
            stressor.to_f64()
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
    let (ranking, ranking_note) = ranking_score(case, &ranking_text.join("\n"));
    notes.push(ranking_note);

    assemble(
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
    )
}

/// The lines of the ranking section: its title line and what follows,
/// until a blank line after some content or the next titled line.
fn ranking_extent(lines: &[Line], sections: &[(usize, Section)]) -> BTreeSet<usize> {
    let mut extent = BTreeSet::new();
    let starts: BTreeSet<usize> = sections.iter().map(|(at, _)| *at).collect();
    for (at, section) in sections {
        if section.key != "ranking" {
            continue;
        }
        // The ranking is the title line, then list items (or one plain
        // line when the title line had none), up to a blank line.
        let mut content = !section.lines.first().is_none_or(|l| l.is_blank());
        extent.insert(*at);
        for (i, line) in lines.iter().enumerate().skip(at + 1) {
            if starts.contains(&i) || (line.is_blank() && content) {
                break;
            }
            if !line.is_blank() && !line.listed && content {
                break;
            }
            content |= !line.is_blank();
            extent.insert(i);
        }
    }
    extent
}

/// Ways an answer may name a person: full name, first name, last name.
fn name_forms(employee: &Employee) -> Vec<String> {
    let mut forms = vec![employee.name.to_lowercase(), employee.first.to_lowercase()];
    if let Some(last) = employee.name.split_whitespace().last() {
        forms.push(last.to_lowercase());
    }
    forms
}

/// The word index where each team member is first named in `text`.
fn first_mentions(case: &TriageCase, text: &Text) -> Vec<Option<usize>> {
    case.employees
        .iter()
        .map(|e| {
            name_forms(e)
                .iter()
                .filter_map(|form| text.find(form).first().map(|(s, _)| *s))
                .min()
        })
        .collect()
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
fn blocks(case: &TriageCase, lines: &[Line], ranking: &BTreeSet<usize>) -> Vec<Block> {
    let mut blocks = vec![Block::default(); case.employees.len()];
    let mut current: Option<usize> = None;
    let mut header: Option<Vec<Option<FieldOrName>>> = None;
    for (i, line) in lines.iter().enumerate() {
        if ranking.contains(&i) {
            current = None;
            continue;
        }
        if line.is_blank() {
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
        let text = Text::new(&line.plain);
        let mentions = first_mentions(case, &text);
        let named: Vec<(usize, usize)> = mentions
            .iter()
            .enumerate()
            .filter_map(|(k, at)| at.map(|a| (a, k)))
            .collect();
        let leading = named.iter().filter(|(a, _)| *a < 4).min().map(|(_, k)| *k);
        // A bullet inside a block that mentions someone else in passing
        // ("- pair them with Nadia") stays in the block it is in.
        let passing = line.listed && current.is_some();
        let owner = match (leading, named.len()) {
            (Some(k), _) => Some(k),
            (None, 1) if !passing => Some(named[0].1),
            _ => None,
        };
        match owner {
            Some(k) => {
                blocks[k].own.push(line.plain.clone());
                blocks[k].all.push(line.plain.clone());
                current = Some(k);
            }
            None if named.len() >= 2 && !passing => current = None,
            None => {
                if let Some(k) = current {
                    blocks[k].all.push(line.plain.clone());
                }
            }
        }
    }
    blocks
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

/// Distinct tiers named (not negated) in `text`; "red flag" and "green
/// light" are not tiers.
fn tiers_in(text: &str) -> BTreeSet<Tier> {
    let read = Text::new(text);
    let mut found = BTreeSet::new();
    for (i, w) in read.words.iter().enumerate() {
        let Some(tier) = Tier::ALL.into_iter().find(|t| t.word() == w.text) else {
            continue;
        };
        let next = read.words.get(i + 1).map(|n| n.text.as_str());
        // "red flag", "green light", "critical incident" are not tiers.
        let phrase = matches!(
            next,
            Some(
                "flag"
                    | "flags"
                    | "light"
                    | "path"
                    | "incident"
                    | "incidents"
                    | "system"
                    | "systems"
                    | "service"
                    | "services"
                    | "bug"
                    | "bugs"
            )
        );
        if phrase {
            continue;
        }
        if !negated(&read, i, i + 1) {
            found.insert(tier);
        }
    }
    found
}

/// The tier of a block: from a tier field, else from the person's own
/// line, else from the whole block; exactly one tier or none.
fn read_tier(block: &Block, field: &str) -> Option<Tier> {
    let candidates = [field.to_owned(), block.own.join("\n"), block.all.join("\n")];
    for text in candidates {
        let tiers = tiers_in(&text);
        match tiers.len() {
            0 => continue,
            1 => return tiers.into_iter().next(),
            _ => return None,
        }
    }
    None
}

/// The text of every field in a block: its table cell, or the stretches
/// from its cues to the next cue of another field.
fn fields(block: &Block) -> BTreeMap<Field, String> {
    let mut out: BTreeMap<Field, Vec<String>> = BTreeMap::new();
    for (field, cell) in &block.cells {
        out.entry(*field).or_default().push(cell.clone());
    }
    let joined = block.all.join("\n");
    let text = Text::new(&joined);
    let mut cues: Vec<(usize, Field)> = Vec::new();
    for (f, phrases) in STRONG_CUES {
        for (s, _) in text.mentions(phrases) {
            cues.push((s, *f));
        }
    }
    if !cues.iter().any(|(_, f)| *f == Field::Day) {
        for (s, _) in text.mentions(WEAK_DAY_CUES) {
            cues.push((s, Field::Day));
        }
    }
    cues.sort_unstable();
    // A repeated cue of the same field does not start a new stretch.
    cues.dedup_by(|b, a| a.1 == b.1);
    for (k, (start, field)) in cues.iter().enumerate() {
        if block.cells.iter().any(|(f, _)| f == field) {
            // A table cell is the field; cue words inside other cells are not.
            continue;
        }
        let end = cues.get(k + 1).map_or(text.len(), |(e, _)| *e);
        out.entry(*field)
            .or_default()
            .push(text.slice(*start, end).to_owned());
    }
    out.into_iter()
        .map(|(f, parts)| (f, parts.join("\n")))
        .collect()
}

/// The 24-hour action against the support the tier needs: the right level
/// (with at most neighbouring levels beside it) is full credit; the right
/// level next to a far one, or only a neighbouring level, half; three or
/// more levels at once is a hedge.
fn support_score(tier: Tier, action: &str) -> Points {
    let text = Text::new(action);
    if word_count(action) < 3 {
        return Points::ZERO;
    }
    let levels: BTreeSet<i32> = SUPPORT
        .iter()
        .enumerate()
        .filter(|(_, phrases)| {
            text.mentions(phrases)
                .into_iter()
                .any(|(s, e)| !negated(&text, s, e))
        })
        .map(|(k, _)| k as i32)
        .collect();
    let want = tier.rank() as i32;
    if levels.len() >= 3 {
        return Points::ZERO;
    }
    let near = levels.iter().all(|l| (l - want).abs() <= 1);
    match (levels.contains(&want), near) {
        (true, true) => Points::FULL,
        (true, false) => Points(5000),
        (false, _) if levels.iter().any(|l| (l - want).abs() == 1) => Points(5000),
        _ => Points::ZERO,
    }
}

/// The stressors an answer names in `text`.
fn stressors_in(text: &str) -> BTreeSet<&'static str> {
    let read = Text::new(text);
    STRESSORS
        .iter()
        .filter(|s| read.has(s.phrases))
        .map(|s| s.id)
        .collect()
}

/// The 2-week action: full when it tackles the person's own stressor (and
/// is not a list of every stressor), half for generic follow-up.
fn fortnight_score(employee: &Employee, action: &str) -> Points {
    if word_count(action) < 4 {
        return Points::ZERO;
    }
    let named = stressors_in(action);
    if named.len() > 2 {
        Points(2500)
    } else if named.contains(employee.stressor) {
        Points::FULL
    } else {
        Points(5000)
    }
}

/// The named main stressor against the person's own, by F1.
fn stressor_score(employee: &Employee, block: &Block, field: &str) -> Points {
    let source = if field.trim().is_empty() {
        block.all.join("\n")
    } else {
        field.to_owned()
    };
    let named = stressors_in(&source);
    let hit = usize::from(named.contains(employee.stressor));
    f1(hit, named.len(), 1)
}

/// Pairs of people with different tiers in the right order, scaled down
/// by names in the ranking that are not on the team.
fn ranking_score(case: &TriageCase, ranking: &str) -> (Points, String) {
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
            if let (Some(x), Some(y)) = (at[i], at[j])
                && x < y
            {
                right += 1;
            }
        }
    }
    let team: BTreeSet<String> = case.employees.iter().map(|e| e.first.clone()).collect();
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
    let note = format!(
        "Priority ranking: {right} of {pairs} pairs of different tiers in the right order{}.",
        if foreign > 0 {
            format!("; {foreign} names not on this team")
        } else {
            String::new()
        }
    );
    (score, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_are_read_as_words_with_negation() {
        assert_eq!(tiers_in("RED - panic attacks"), [Tier::Red].into());
        assert_eq!(tiers_in("not CRITICAL, but RED"), [Tier::Red].into());
        assert_eq!(tiers_in("no red flags; GREEN"), [Tier::Green].into());
        assert_eq!(tiers_in("CRITICAL / RED / AMBER / GREEN").len(), 4);
        assert!(tiers_in("Greenberg reddit").is_empty());
    }

    #[test]
    fn support_levels_match_tiers() {
        let crisis =
            "Today: stay with them, call a crisis line and agree a safety plan; EAP referral.";
        assert_eq!(support_score(Tier::Critical, crisis), Points::FULL);
        assert_eq!(support_score(Tier::Red, crisis), Points::FULL);
        assert_eq!(support_score(Tier::Green, crisis), Points::ZERO);
        let check = "Within 24 hours: a check-in to reprioritise their workload.";
        assert_eq!(support_score(Tier::Amber, check), Points::FULL);
        assert_eq!(support_score(Tier::Critical, check), Points::ZERO);
        let hedge = "crisis line, EAP referral, a check-in and recognition";
        assert_eq!(support_score(Tier::Red, hedge), Points::ZERO);
    }
}
