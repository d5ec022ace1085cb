//! Grading `intervention_plan` below the catalogue levels (those are
//! [`super::choice`]'s, which reads its KPIs, risk and budget with this
//! module's readers). Each week's section is cut into actions
//! (lines, or sentences of a prose paragraph). An action earns at most one
//! thing: the first of this team's stressors it names. It is on target
//! when that is one of the team's stressors, off target when it tackles a
//! profile item within its threshold (or one the profile never shows), a
//! list of topics when it names more than two, and generic when it names
//! none; generic actions neither earn nor pad. An action that names
//! someone who is not on this roster belongs to another team's plan and
//! tackles nothing. It is well owned when it
//! names one or two people of this team's roster, by name and nobody else,
//! one of whom has the remit for what it tackles.
//!
//! Precision is read once for the whole plan: of the profile items within
//! their thresholds, the share the plan tackles anyway shows it did not
//! read them, and discounts coverage, structure and ownership alike, so a
//! plan tackling every item shown scores about nothing on them however
//! well formed. KPIs are a list of three: one measure each, with a numeric
//! target that improves on the team's number; a KPI on a measure the team
//! does not need costs precision, past the first three too. The budget is
//! one total inside the stated range (a range or alternatives is none), and
//! the risk names a concrete risk and its mitigation. KPIs, risk and budget
//! count only for a plan that tackles one of this team's stressors by an
//! action someone of the roster owns by name (`AIMED`).

use std::collections::BTreeSet;

use super::{GENERAL_KPI, METRICS, Owner, PlanCase, WORD_CAP};
use crate::it_mental_health::grade::{Grade, assemble_gated, f1_of};
use crate::it_mental_health::names::{FIRST_NAMES, LAST_NAMES};
use crate::it_mental_health::reading::direction::{Load, may_worsen, out_of_hours_work, worsened};
use crate::it_mental_health::reading::penalties::PENALTIES;
use crate::it_mental_health::reading::sections::{
    Label, Line, Parsed, Section, parse_headed, sub_field,
};
use crate::it_mental_health::reading::{Answer, HIRING, LIST_READ, MEANS, quoted, targeted_among};
use crate::order::set_of;
use crate::points::Points;
use crate::rubric::{Criterion, Rubric};
use crate::text::closing::is_closing_line;
use crate::text::negation::{SCOPE_ENDS, absence_over_time, denied, negator_before};
use crate::text::{
    Amount, OneValue, Text, amounts, derived, is_form_of, may_hold_word, number_at, word_count,
};

const LABELS: &[Label] = &[
    Label {
        key: "week1",
        names: &["week 1", "week one", "wk 1", "first week"],
        loose: false,
    },
    Label {
        key: "week2",
        names: &["week 2", "week two", "wk 2", "second week"],
        loose: false,
    },
    Label {
        key: "week3",
        names: &["week 3", "week three", "wk 3", "third week"],
        loose: false,
    },
    Label {
        key: "week4",
        names: &["week 4", "week four", "wk 4", "fourth week"],
        loose: false,
    },
    KPIS_LABEL,
    RISK_LABEL,
    BUDGET_LABEL,
];

pub(super) const KPIS_LABEL: Label = Label {
    key: "kpis",
    names: &[
        "kpis",
        "kpi",
        "key performance indicators",
        "metrics",
        "success metrics",
        "success measures",
        "measures of success",
    ],
    loose: true,
};

pub(super) const RISK_LABEL: Label = Label {
    key: "risk",
    names: &[
        "risk",
        "risks",
        "main risk",
        "key risk",
        "biggest risk",
        "risk and mitigation",
        "risks and mitigations",
        "risk and mitigations",
    ],
    loose: true,
};

pub(super) const BUDGET_LABEL: Label = Label {
    key: "budget",
    names: &[
        "budget",
        "total budget",
        "budget estimate",
        "estimated budget",
        "total cost",
        "budget request",
        "cost",
    ],
    loose: true,
};

const WEEKS: [&str; 4] = ["week1", "week2", "week3", "week4"];

const COVERAGE: Points = Points(3500);
const STRUCTURE: Points = Points(1500);
const OWNERS: Points = Points(1500);
const KPIS: Points = Points(2000);
const RISK: Points = Points(500);
const BUDGET: Points = Points(1000);

/// The least coverage, and the least of [`AIMED`], that shows a plan
/// aimed at this team: one of its stressors tackled by an action of this
/// team's people. KPIs, a risk and a budget take a few lines anyone can
/// write (another team's plan has them too); they count only beside it.
const AIMED_AT_THIS_TEAM: Points = Points(1);

/// The check that one of the team's stressors is tackled by an action
/// owned by someone of the roster by name (weight 0: it only gates). An
/// action owned by a role ("Owner: the manager") names no one of this
/// team: every roster has the same roles, so a plan written without
/// reading the case can name them (play-it36 X4).
const AIMED: &str = "aimed_at_this_team";

/// The plan task's criteria (levels 1 to 3) with their weights and titles.
pub(crate) static RUBRIC: Rubric = Rubric::new(&[
    Criterion::new("stressor_coverage", COVERAGE, "Stressors covered"),
    Criterion::new("weekly_structure", STRUCTURE, "Weekly structure"),
    Criterion::new("owners", OWNERS, "Owners from the roster").about(
        "Each of the team's stressors tackled by an action owned by one or two named people of \
         the roster, one with the remit for it.",
    ),
    Criterion::new(AIMED, Points::ZERO, "Aimed at this team")
        .about(
            "One of the team's stressors tackled by an action owned by one of the people listed, \
             by name.",
        )
        .gated("stressor_coverage", AIMED_AT_THIS_TEAM),
    Criterion::new("kpis", KPIS, "KPIs with targets").gated(AIMED, AIMED_AT_THIS_TEAM),
    Criterion::new("risk", RISK, "Risk and mitigation").gated(AIMED, AIMED_AT_THIS_TEAM),
    Criterion::new("budget", BUDGET, "Budget within range").gated(AIMED, AIMED_AT_THIS_TEAM),
])
.with_penalties(&PENALTIES);

/// Words that make a KPI's single number a change rather than a level.
const CHANGE_WORDS: &[&str] = &[
    "reduce", "reduced", "cut", "lower", "decrease", "increase", "raise", "improve", "by",
];

/// The longest a planned action may be, in words, and the longest KPI:
/// past them a line is a paragraph of topics, not one action or measure.
pub const ACTION_WORDS: usize = 50;
pub(crate) const KPI_WORDS: usize = 30;

/// KPIs the response format asks for; items past them earn nothing.
pub const KPIS_ASKED: usize = 3;

/// How many sentences of the risk section are read: the main risk and its
/// mitigation, not whatever follows them.
const RISK_SENTENCES: u32 = 3;

/// Words that name a concrete risk to the plan.
const RISK_WORDS: &[&str] = &[
    "participation",
    "attendance",
    "attend*",
    "skip*",
    "stigma*",
    "uptake",
    "delivery",
    "deadline*",
    "slip*",
    "cost*",
    "overrun*",
    "backlash",
    "trust",
    "attrition",
    "turnover",
    "bandwidth",
    "relapse*",
    "momentum",
    "fatigue",
    "resist*",
    "buy in",
    "fear*",
    "capacity",
    "drop off",
    "lose",
    "losing",
    "sceptic*",
    "skeptic*",
    "time",
    "busy",
    "pressure",
    "morale",
    "engagement",
    "quit*",
    "leav*",
    "delay*",
    "stall*",
    "revert*",
    "fade*",
    "stick",
    "sustain*",
    "competing",
    "pushback",
    "push back",
    "disrupt*",
    "workload",
    "backslid*",
    "gap*",
    "shortfall*",
    // The way a plan fails, in any words: the stressor lingers or worsens,
    // people stay anxious or stop believing in it.
    "drag*",
    "anxiety",
    "anxious",
    "worse*",
    "worsen*",
    "persist*",
    "fail*",
    "undermin*",
    "derail*",
    "ignore*",
    "overload*",
    "unrealistic",
    "cynic*",
    "distrust",
    "rumour*",
    "rumor*",
    "drift*",
    "show up",
    "turn up",
    // What the plan hangs on: "the Q&A only works if there are real dates
    // to share" (para-it6).
    "only work* if",
    "only succeed* if",
    "only help* if",
    "depend* on",
    "hinge* on",
    "relies on",
    "rely on",
];

/// Words that name how a risk is reduced.
const MITIGATION: &[&str] = &[
    "mitigat*",
    "reduce",
    "reduces",
    "reducing",
    "avoid",
    "so that",
    "so we",
    "contingency",
    "fallback",
    "address*",
    "counter*",
    "prevent*",
    "plan b",
    "minimi*",
    "lessen",
    "offset",
    "limit",
    "protect*",
    "safeguard*",
    "to keep",
    "by having",
    "by making",
    "by keeping",
    "by running",
    "by scheduling",
    "by sharing",
    // A result clause says what the plan's answer to the risk achieves
    // ("every exception is written down, so it stays visible").
    "so it",
    "so they",
    "so the",
    "so everyone",
    "so nobody",
    "so no one",
    "so people",
    "so his",
    "so her",
    "so their",
    // Advice to the reader, as a letter to the manager gives it ("I
    // suggest you ring-fence the capacity", para-it9, B2).
    "suggest you",
    "suggest that you",
    "recommend you",
    "recommend that you",
    "advise you",
    // A contingency: what is done when the risk comes true.
    "if that happens",
    "if this happens",
    "should that happen",
    "should this happen",
    "in that case",
    "if so",
];

/// What an action is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aim {
    /// One of the team's stressors: the first it names.
    OnTarget(&'static str),
    /// A profile item within its threshold, or one the profile never
    /// shows (or several topics at once).
    OffTarget,
    /// Nothing in particular: neither earns nor pads.
    Generic,
    /// Owned by someone who is not on this team's roster: an action of
    /// another team's plan, which tackles nothing here.
    Elsewhere,
}

/// One action of a week.
#[derive(Debug, Clone)]
struct Action {
    /// The action as written, normalised: the same action twice is one.
    key: String,
    /// The action as written, for the feedback that names it.
    line: String,
    aim: Aim,
    /// Every stressor it names; those the team does not need count against
    /// the plan's precision.
    named: BTreeSet<&'static str>,
    /// The roster people it names (when it names nobody else).
    owners: BTreeSet<Owner>,
    /// The items it works against ([`worked_against`]).
    against: BTreeSet<&'static str>,
}

impl Action {
    /// On target, and owned by one or two named people one of whom has
    /// the remit for what it tackles.
    fn well_owned(&self) -> bool {
        match self.aim {
            Aim::OnTarget(stressor) => (1..=2).contains(&self.owners.len()) && self.owns(stressor),
            _ => false,
        }
    }

    /// Whether one of the action's owners has the remit for `stressor`
    /// (or does it by their own means).
    fn owns(&self, stressor: &str) -> bool {
        self.owners
            .iter()
            .any(|o| o.remit().contains(&stressor) || self.by_means_of(*o))
    }

    /// Whether the action is done by a means the roster gives `owner`
    /// ("hiring and contractors"): the remit covers what the action does
    /// as well as the stressor it tackles ("bring in a contractor to
    /// automate the toil" is the head of engineering's to own).
    fn by_means_of(&self, owner: Owner) -> bool {
        owner == Owner::Head && hires(&Text::new(&self.line))
    }

    /// Why the action earns nothing for structure and owners, if it does
    /// not: for the feedback that names it.
    fn shortfall(&self) -> Option<&'static str> {
        match self.aim {
            Aim::Generic => Some("tackles none of the team's stressors"),
            Aim::OffTarget => Some("tackles what the profile does not call for"),
            Aim::Elsewhere => Some("names someone who is not on this team's roster"),
            Aim::OnTarget(_) if self.owners.is_empty() => {
                Some("names no one of the roster (or more than one, as alternatives)")
            }
            Aim::OnTarget(_) if !self.well_owned() => Some("its owner's remit does not cover it"),
            Aim::OnTarget(_) => None,
        }
    }
}

/// "Contract" in its forms as a verb of hiring ("contract extra capacity",
/// "contracting a specialist").
const CONTRACTING: &[&str] = &["contract", "contracts", "contracting", "contracted"];

/// Words before "contract" that make it a noun (someone's employment
/// contract, "hours beyond contract"), not hiring.
const CONTRACT_HELD: &[&str] = &[
    "a", "an", "the", "their", "his", "her", "my", "our", "your", "its", "beyond", "over", "of",
    "per", "on", "under", "by", "in", "than", "past", "outside",
];

/// Words after "contract" that make it the hours someone is employed
/// for ("contracted hours", "contract hours").
const CONTRACT_HOURS: &[&str] = &["hours", "hour", "time", "terms", "week"];

/// Whether `text` names hiring, the head of engineering's means, in any
/// form of its words ([`HIRING`], and "contract" as a verb: play-it31 B3,
/// "Contract extra capacity for the backlog"). "Cap the hours beyond
/// contract", "their contracted hours" hire no one.
fn hires(text: &Text) -> bool {
    text.has(HIRING)
        || text.words.iter().enumerate().any(|(i, w)| {
            CONTRACTING.contains(&w.text.as_str())
                && !(i > 0 && CONTRACT_HELD.contains(&text.words[i - 1].text.as_str()))
                && !text
                    .words
                    .get(i + 1)
                    .is_some_and(|n| CONTRACT_HOURS.contains(&n.text.as_str()))
        })
}

/// How many lines one note names (each quoted with
/// [`crate::it_mental_health::reading::quoted`]).
const NAMED_LINES: usize = 3;

/// Scores a week-by-week plan (levels 1 to 3) against the rubric, penalties included.
pub fn grade(case: &PlanCase, answer: &Answer) -> Grade {
    // A table may give the KPIs and the risk by its header alone.
    let parsed = parse_headed(&answer.read, LABELS, &["kpis", "risk"]);
    let gold = case.stressors();
    let addressee = addressee(case, answer.sent);
    let mut notes = Vec::new();

    let weeks: Vec<Vec<Action>> = WEEKS
        .iter()
        .map(|key| {
            parsed
                .merged(key)
                .map(|s| actions(case, &gold, addressee, &s))
                .unwrap_or_default()
        })
        .collect();
    let all: Vec<&Action> = weeks.iter().flatten().collect();
    // An action on the team's stressors tackles each of them it names
    // ("use the 1:1s to find the work behind the overtime and drop it"
    // tackles both); a list of topics tackles none.
    // A stressor an action works against is not tackled, whatever other
    // action names it ("keep all deployments manual" beside a review of
    // the toil numbers).
    let against: BTreeSet<&str> = set_of(all.iter().flat_map(|a| a.against.iter().copied()));
    let tackled: BTreeSet<&str> = set_of(
        all.iter()
            .filter(|a| matches!(a.aim, Aim::OnTarget(_)))
            .flat_map(|a| a.named.iter().copied())
            .filter(|s| gold.contains(s) && !against.contains(s)),
    );
    let extra: BTreeSet<&str> = set_of(
        all.iter()
            .flat_map(|a| a.named.iter().copied())
            .filter(|s| !gold.contains(s)),
    );
    // A stressor tackled by an action someone of the roster owns by name.
    let aimed = all.iter().any(|a| {
        matches!(a.aim, Aim::OnTarget(_))
            && !a.owners.is_empty()
            && a.named.iter().any(|s| tackled.contains(s))
    });
    let precision = plan_precision(case, &gold, extra.len());
    let coverage = Points::ratio(tackled.len() as u64, gold.len() as u64).weighted(precision);
    // Each stressor the profile does not call for, with the first action
    // that names it.
    let extra_named: Vec<String> = extra
        .iter()
        .filter_map(|s| {
            let first = all.iter().find(|a| a.named.contains(s))?;
            Some(format!("{s} (in {})", quoted(&first.line)))
        })
        .collect();
    // Each stressor worked against, with the first action that does.
    let against_named: Vec<String> = against
        .iter()
        .filter_map(|s| {
            let first = all.iter().find(|a| a.against.contains(s))?;
            Some(format!("{s} (in {})", quoted(&first.line)))
        })
        .collect();
    notes.push(format!(
        "Stressors: the actions tackle {}; the team's stressors are {}{}{}.",
        join(&tackled),
        join(&gold),
        if extra.is_empty() {
            String::new()
        } else {
            format!(
                "; they also tackle {}, which the profile does not call for",
                extra_named.join(", ")
            )
        },
        if against_named.is_empty() {
            String::new()
        } else {
            format!(
                "; they work against {}, keeping it, adding to it or halting its fix, so it is \
                 not tackled",
                against_named.join(", ")
            )
        }
    ));

    // Structure and ownership count only actions on this team's stressors,
    // so generic advice, however well formed, earns neither; an action
    // written twice is one action.
    let distinct = |actions: &mut dyn Iterator<Item = &Action>, keep: fn(&Action) -> bool| {
        set_of(actions.filter(|a| keep(a)).map(|a| a.key.as_str())).len()
    };
    let structure_total: u64 = weeks
        .iter()
        .map(|w| 5000 * distinct(&mut w.iter(), Action::well_owned).min(2) as u64)
        .sum();
    let structure = Points::ratio(structure_total, 40_000).weighted(precision);
    let on_target = distinct(&mut all.iter().copied(), |a| {
        matches!(a.aim, Aim::OnTarget(_))
    });
    let owned = distinct(&mut all.iter().copied(), Action::well_owned);
    // Owners are paid per stressor of the team that a well-owned action
    // tackles: naming the roster on one lucky action is no substance, and
    // a stressor missed costs its own share, not the whole criterion. An
    // action tackles each stressor it names, as coverage reads it ("uses
    // the 1:1s to find the work behind the overtime" owns overtime too
    // when its owner's remit covers overtime).
    let owned_stressors = set_of(
        all.iter()
            .filter(|a| a.well_owned())
            .flat_map(|a| a.named.iter().copied().filter(|s| a.owns(s)))
            .filter(|s| gold.contains(s)),
    )
    .len();
    let owners =
        Points::ratio(owned_stressors as u64, gold.len().max(1) as u64).weighted(precision);
    // The lines that cost points: a generic line (general support) costs
    // nothing unless a week lacks its two actions.
    let weeks_full = structure_total == 40_000;
    let unearned: Vec<String> = all
        .iter()
        .filter(|a| !(weeks_full && a.aim == Aim::Generic))
        .filter_map(|a| Some(format!("{} {}", quoted(&a.line), a.shortfall()?)))
        .collect();
    notes.push(format!(
        "Weeks: {} actions, {on_target} on this team's stressors, {owned} of them owned by a \
         named person of the roster with the remit; {} of 4 weeks have two such actions{}.",
        all.len(),
        weeks
            .iter()
            .filter(|w| distinct(&mut w.iter(), Action::well_owned) >= 2)
            .count(),
        if unearned.is_empty() {
            String::new()
        } else {
            format!(
                ". Not counted: {}{}",
                unearned[..unearned.len().min(NAMED_LINES)].join("; "),
                if unearned.len() > NAMED_LINES {
                    format!("; and {} more", unearned.len() - NAMED_LINES)
                } else {
                    String::new()
                }
            )
        }
    ));

    let (kpis, kpi_note) = kpis(case, &gold, parsed.merged("kpis").as_ref());
    notes.push(kpi_note);
    let (risk, risk_note) = risk(case, answer, parsed.merged("risk").as_ref());
    notes.push(risk_note);
    let (budget, budget_note) = budget(case, &parsed);
    notes.push(budget_note);

    assemble_gated(
        &RUBRIC,
        &[
            ("stressor_coverage", coverage),
            ("weekly_structure", structure),
            ("owners", owners),
            (AIMED, if aimed { Points::FULL } else { Points::ZERO }),
            ("kpis", kpis),
            ("risk", risk),
            ("budget", budget),
        ],
        answer,
        WORD_CAP,
        notes,
        |_| {
            if tackled.is_empty() {
                "No action of this team's people tackles one of the team's stressors, so the \
                 KPIs, risk and budget earn nothing: they count only for a plan aimed at this \
                 team."
                    .to_owned()
            } else if !aimed {
                "No action owned by one of the people listed, by name, tackles one of the \
                 team's stressors (a role such as \"the manager\" names no one of this team), so \
                 the KPIs, risk and budget earn nothing: they count only for a plan aimed at \
                 this team."
                    .to_owned()
            } else {
                "The actions tackle as many items within their thresholds as the profile \
                 shows, so the stressors earn nothing, and the KPIs, risk and budget earn \
                 nothing: they count only for a plan aimed at this team's stressors."
                    .to_owned()
            }
        },
    )
}

/// The plan's precision: 1 less the share of the profile's items within
/// their thresholds that it tackles (or measures) anyway; a metric the
/// profile never shows counts as one more. Tackling every item shown is 0.
fn plan_precision(case: &PlanCase, gold: &BTreeSet<&'static str>, extra: usize) -> Points {
    let fine = case.readings.len().saturating_sub(gold.len()).max(1);
    Points::ratio(fine.saturating_sub(extra) as u64, fine as u64)
}

fn join(items: &BTreeSet<&str>) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.iter().copied().collect::<Vec<_>>().join(", ")
    }
}

/// A week's actions: its lines, or the sentences of a single paragraph
/// (an "Owner: ..." or "Outcome: ..." sentence belongs to the one before).
fn actions(
    case: &PlanCase,
    gold: &BTreeSet<&str>,
    addressee: Option<Owner>,
    week: &Section,
) -> Vec<Action> {
    // A paragraph titled as what the plan leaves out, or such a title on
    // a line of its own, ends the week's actions: it and the lines after
    // it are reasons, not actions (play-it24 B1). An item of the week's
    // list so titled is that item alone ([`leaves_alone`]).
    let lines: Vec<&str> = week
        .lines
        .iter()
        .take_while(|l| {
            let plain = l.plain.trim();
            !(titled_left_out(plain) && (!l.listed || plain.ends_with(':')))
        })
        .map(|l| l.plain.trim())
        .filter(|l| !l.is_empty())
        .collect();
    let units: Vec<String> = if lines.len() == 1 {
        sentences(lines[0])
    } else {
        lines.iter().map(|l| (*l).to_owned()).collect()
    };
    units
        .iter()
        .filter(|u| word_count(u) >= 4)
        .map(|u| (u, Text::new(u)))
        .filter(|(_, text)| !leaves_alone(text, gold))
        .map(|(u, text)| read_action(case, gold, addressee, u, &text))
        .collect()
}

/// Phrases that open a line saying what the plan leaves alone ("Not
/// touched: 1 person on long-term leave, no reorg", "No action needed
/// (inside threshold): ...").
const LEFT_ALONE: &[&str] = &[
    "not touched",
    "untouched",
    "no action",
    "no actions",
    "not tackled",
    "not tackling",
    "not addressed",
    "not addressing",
    "left alone",
    "leave alone",
    "leaving alone",
    "left as is",
    "out of scope",
    "not in scope",
    "nothing needed",
    "nothing required",
    "needs nothing",
    "need nothing",
    "ruled out",
    "no change needed",
    "no changes needed",
    "no intervention",
    "no interventions",
    "deliberately left",
];

/// Phrases that say what a plan leaves out: in a title ("What I have left
/// out, and why:", "Not included:", "Deliberately excluded:", "What I'm
/// not doing:"), or opening a line after its subject ("I have left out
/// overtime ..."). Not in [`LEFT_ALONE`]: inside an action they name who
/// feels left out ("a lunch so nobody is left out").
const LEAVING_OUT: &[&str] = &[
    "left out",
    "leave out",
    "leaving out",
    "not included",
    "not including",
    "excluded",
    "not doing",
    "not covered",
    "not covering",
    "not in the plan",
    "not part of the plan",
    "not planned",
    "omitted",
];

/// Words that may stand before a [`LEAVING_OUT`] phrase that opens a line:
/// its subject and auxiliaries ("What I have left out", "We deliberately
/// excluded").
const LEAVING_OUT_SUBJECT: &[&str] = &[
    "what",
    "i",
    "we",
    "ive",
    "weve",
    "have",
    "has",
    "am",
    "im",
    "are",
    "deliberately",
    "intentionally",
    "also",
    "items",
    "things",
    "stressors",
];

/// The most words a title before its colon holds.
const TITLE_WORDS: usize = 8;

/// Whether `line` is titled as what the plan leaves out: a short title
/// before a colon (or a line of its own ending in one) holding a
/// [`LEAVING_OUT`], [`LEFT_ALONE`] or [`DECLINING_TITLES`] phrase ("What
/// I have left out, and why: overtime sits at 5 hours ...", "Out of
/// scope:", "Not this time:"), with no negation of it ("Nothing is left
/// out:").
fn titled_left_out(line: &str) -> bool {
    let title = match line.find(": ") {
        Some(at) => &line[..at],
        None => match line.strip_suffix(':') {
            Some(title) => title,
            None => return false,
        },
    };
    // Most titles ("Owner", "Week 1") hold no first word of those phrases:
    // settled before they are read as words.
    if title.contains(['.', ';', '!', '?']) || !may_hold_word(title, TITLES_LEFT_OUT_OPENERS) {
        return false;
    }
    let text = Text::new(title);
    text.len() <= TITLE_WORDS
        && !text
            .words
            .iter()
            .any(|w| matches!(w.text.as_str(), "nothing" | "none"))
        && TITLES_LEFT_OUT.iter().any(|p| text.has(p))
}

/// The phrases a title of what the plan leaves out holds one of.
const TITLES_LEFT_OUT: [&[&str]; 3] = [LEAVING_OUT, LEFT_ALONE, DECLINING_TITLES];

/// The first words of the [`TITLES_LEFT_OUT`] phrases, read once (a unit
/// test holds them to the lists): a title with none of them is settled
/// before it is read as words. Every line of a week is tried as a title.
const TITLES_LEFT_OUT_OPENERS: &[&str] = &[
    "declined",
    "deferred",
    "deliberately",
    "excluded",
    "leave",
    "leaving",
    "left",
    "need",
    "needs",
    "no",
    "not",
    "nothing",
    "omitted",
    "out",
    "parked",
    "ruled",
    "skipped",
    "skipping",
    "untouched",
];

/// Titles that put what follows them off this plan (play-it33 B1): "Not
/// this time:", "Not for now:", "Skipped:", "Deferred:".
const DECLINING_TITLES: &[&str] = &[
    "not this time",
    "not now",
    "not for now",
    "not yet",
    "not this round",
    "not this quarter",
    "not in this plan",
    "not needed",
    "not required",
    "no need",
    "skipped",
    "skipping",
    "deferred",
    "parked",
    "declined",
];

/// Whether `text` opens by saying what the plan leaves out: a
/// [`LEAVING_OUT`] phrase after nothing but its subject ("I have left out
/// overtime (5 hours, not past its threshold)").
fn opens_leaving_out(text: &Text) -> bool {
    text.mentions(LEAVING_OUT).iter().any(|(at, _)| {
        text.words[..*at]
            .iter()
            .all(|w| LEAVING_OUT_SUBJECT.contains(&w.text.as_str()))
    })
}

/// Words that open a sentence about all the items before it: "None of
/// these needs an action", "They need no action".
const COLLECTIVE: &[&str] = &[
    "none", "neither", "these", "those", "they", "all", "both", "each",
];

/// Verbs of need before what an item needs ("needs no action"), and of
/// what it is given ("so it gets no action").
const NEED: &[&str] = &[
    "need", "needs", "require", "requires", "warrant", "warrants", "merit", "merits", "call",
    "calls", "get", "gets", "receive", "receives",
];

/// What a sentence says an item needs, or does not.
const ACTION_NOUNS: &[&str] = &[
    "action",
    "actions",
    "intervention",
    "interventions",
    "attention",
    "work",
    "change",
    "changes",
    "fix",
    "plan",
    "nothing",
];

/// Whether sentence `sentence` of `text` says that what it names needs no
/// action: "overtime needs no action", "None of these needs an action",
/// "incidents do not need any action", "no action is needed on it".
fn needs_no_action(text: &Text, sentence: u32) -> bool {
    let words: Vec<&str> = text
        .words
        .iter()
        .filter(|w| w.sentence == sentence)
        .map(|w| w.text.as_str())
        .collect();
    let collective = words
        .first()
        .is_some_and(|w| matches!(*w, "none" | "neither"));
    words.iter().enumerate().any(|(k, w)| {
        let need = NEED.contains(w);
        let after = |n: usize| words.get(k + n).copied().unwrap_or("");
        let object = |from: usize| (from..from + 3).any(|n| ACTION_NOUNS.contains(&after(n)));
        let denied_need = need
            && (words[k.saturating_sub(2)..k]
                .iter()
                .any(|b| matches!(*b, "not" | "doesnt" | "dont" | "never"))
                || (after(1) == "no" && ACTION_NOUNS.contains(&after(2)))
                || after(1) == "nothing");
        let no_action_needed = *w == "no"
            && ACTION_NOUNS.contains(&after(1))
            && (2..5)
                .any(|n| matches!(after(n), "needed" | "required" | "necessary" | "warranted"));
        (denied_need && (object(1) || after(1) == "nothing"))
            || no_action_needed
            || (collective && need && object(1))
    })
}

/// Whether `text`, a line of a week, is a reason rather than an action: it
/// has a sentence about all it names ([`COLLECTIVE`]) saying none of it
/// needs an action ("... two incidents are well under six. None of these
/// needs an action.").
fn reasons_for_no_action(text: &Text) -> bool {
    let sentences: BTreeSet<u32> = set_of(text.words.iter().map(|w| w.sentence));
    sentences.into_iter().any(|s| {
        let first = text.words.iter().find(|w| w.sentence == s);
        first.is_some_and(|w| COLLECTIVE.contains(&w.text.as_str())) && needs_no_action(text, s)
    })
}

/// How many words into a line a [`LEFT_ALONE`] phrase may start and still
/// say what the whole line is ("Week 4 - not touched: ...").
const LEFT_ALONE_REACH: usize = 6;

/// Words right before "inside"/"within" a threshold that make it a
/// statement of where the items stand ("all inside threshold", "both are
/// within their thresholds"), not an aim ("keep overtime within the
/// threshold").
const STANDS: &[&str] = &["all", "are", "is", "both", "each", "sit", "sits", "already"];

/// Whether a week's line says what the plan leaves alone, and so is no
/// action on what it names: it opens with a [`LEFT_ALONE`] phrase, or it
/// names none of the team's stressors and says the items it names stand
/// inside their thresholds ("1 person on leave, 2 roadmap changes, no
/// reorg: all inside threshold"). The brief asks to say what is ruled
/// out; saying so tackles nothing.
fn leaves_alone(text: &Text, gold: &BTreeSet<&str>) -> bool {
    if text
        .mentions(LEFT_ALONE)
        .iter()
        .any(|(at, _)| *at < LEFT_ALONE_REACH)
        || opens_leaving_out(text)
        || titled_left_out(&text.source)
        || reasons_for_no_action(text)
    {
        return true;
    }
    let stands_inside = text.words.iter().enumerate().any(|(at, w)| {
        matches!(w.text.as_str(), "inside" | "within")
            && at > 0
            && STANDS.contains(&text.words[at - 1].text.as_str())
            && text.words[at + 1..]
                .iter()
                .take(3)
                .any(|n| n.text.starts_with("threshold"))
    });
    stands_inside && !metrics_in(text).iter().any(|(_, id)| gold.contains(id))
}

fn sentences(paragraph: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in paragraph
        .split_inclusive([';'])
        .flat_map(|p| p.split_inclusive(". "))
    {
        let trimmed = part.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lower = trimmed.to_lowercase();
        let continues = [
            "owner",
            "outcome",
            "responsible",
            "expected outcome",
            "result",
        ]
        .iter()
        .any(|w| lower.starts_with(w));
        match out.last_mut() {
            Some(last) if continues => {
                last.push(' ');
                last.push_str(trimmed);
            }
            _ => out.push(trimmed.to_owned()),
        }
    }
    out
}

/// The metrics `text` targets and does not deny ("don't change the
/// rota"), each at its first mention, in text order: one named only by a
/// means ("automate", "a rota") serves the one named outright
/// ([`crate::it_mental_health::reading::targeted`]).
pub(super) fn metrics_in(text: &Text) -> Vec<(usize, &'static str)> {
    metrics_kept(text, &ItemMentions::new(text), |_, _| true)
}

/// Every profile item's mentions in a text, with whether each is denied
/// ([`denied_item`]): found and weighed once for all the readers of one
/// action, which ask about the same mentions several times.
struct ItemMentions {
    /// First word, end and item of each mention ([`item_mentions`]).
    spans: Vec<(usize, usize, &'static str)>,
    /// Whether the mention of `spans` at the same place is denied.
    denied: Vec<bool>,
}

impl ItemMentions {
    fn new(text: &Text) -> ItemMentions {
        let spans = item_mentions(text);
        let denied = spans
            .iter()
            .map(|(at, _, id)| denied_item(text, *at, id, &spans))
            .collect();
        ItemMentions { spans, denied }
    }

    /// Whether the mention of item `id` at word `at` is denied.
    fn denied(&self, text: &Text, at: usize, id: &str) -> bool {
        let mention = self
            .spans
            .iter()
            .position(|(s, _, of)| *s == at && *of == id);
        match mention {
            Some(k) => self.denied[k],
            None => denied_item(text, at, id, &self.spans),
        }
    }

    /// Each item of [`METRICS`] with its mentions, in text order (as
    /// [`Text::mentions`] of its phrases gives them).
    fn by_item(&self) -> impl Iterator<Item = (&'static str, Vec<(usize, usize)>)> + '_ {
        METRICS.iter().map(|m| {
            let spans = self.spans.iter().filter(|(_, _, id)| *id == m.id);
            (m.id, spans.map(|(s, e, _)| (*s, *e)).collect())
        })
    }
}

/// Every profile item's mentions in `text`: first word, end, item.
fn item_mentions(text: &Text) -> Vec<(usize, usize, &'static str)> {
    METRICS
        .iter()
        .flat_map(|m| {
            text.mentions(m.phrases)
                .into_iter()
                .map(|(s, e)| (s, e, m.id))
        })
        .collect()
}

/// [`metrics_in`] over the mentions `keep` admits (`items`, every item's
/// mentions).
fn metrics_kept(
    text: &Text,
    items: &ItemMentions,
    keep: impl Fn(usize, &str) -> bool,
) -> Vec<(usize, &'static str)> {
    let admits = |at: usize, id: &str| {
        keep(at, id)
            && !items.denied(text, at, id)
            && !acts_on_another_item(text, at, id, &items.spans)
    };
    targeted_among(text, items.by_item(), admits, |_, _| false)
}

/// Words of a profile item that also say what an action does: "restructure
/// the on-call rota", "a restructuring of the rota", "reshuffle the rota",
/// "staffing the rota with a second person", "socialise the roadmap",
/// "respect working hours", "deploy a pager filter". Each item with its
/// words (a `*` ends a prefix).
const ACTING: &[(&str, &[&str])] = &[
    (
        "reorg",
        &[
            "reorganis*",
            "reorganiz*",
            "restructur*",
            "reorg",
            "reorgs",
            "reorged",
            "reorging",
        ],
    ),
    ("priorities", &["reshuffl*", "reprioriti*"]),
    ("staffing", &["staffing", "backfill*"]),
    ("connection", &["socialis*", "socializ*"]),
    (
        "conduct",
        &["respect", "respects", "respected", "respecting"],
    ),
    (
        "toil",
        &[
            "deploy",
            "deploys",
            "deployed",
            "deploying",
            "deployment*",
            "automat*",
            "script*",
        ],
    ),
];

/// Words that end the object of an [`ACTING`] word: what follows them is
/// its purpose, its manner or another object ("restructure the team so
/// on-call is lighter", "restructure the team and the rota").
const OBJECT_ENDS: &[&str] = &[
    "to", "so", "for", "and", "or", "but", "nor", "with", "around", "because", "while", "after",
    "before", "by", "into", "at", "in", "about", "that", "which", "who", "as", "than", "from",
    "under", "over", "through", "via", "during", "until", "across", "between", "without", "if",
    "when", "once", "then", "plus", "not", "no",
];

/// How many words may stand between an [`ACTING`] word (or its "of") and
/// the item it acts on: "restructure the platform team's on-call rota".
const OBJECT_REACH: usize = 4;

/// Nouns of an organisation's units: an item named as the kind of a unit
/// ("the on-call team", "the incident response group") is the unit a
/// reorganisation acts on, not that item.
const ORG_UNITS: &[&str] = &[
    "team",
    "teams",
    "group",
    "groups",
    "department",
    "departments",
    "org",
    "organisation",
    "organization",
    "squad",
    "squads",
    "unit",
    "units",
    "function",
    "division",
    "structure",
    "roles",
    "reporting",
];

/// Whether the mention of item `id` at word `at` is a word of what the
/// action does ([`ACTING`]) applied to another item's object: the verb (or
/// its noun with "of") followed, in its clause, by at most
/// [`OBJECT_REACH`] words and a mention of another item that is not the
/// kind of an organisation's unit ([`ORG_UNITS`]). Then the action
/// targets that object's item, not `id` (play-it31 B1: "Restructure the
/// on-call rota", "Restructuring of the on-call rota"). "Restructure the
/// team", "a reorganisation of the platform group", "restructure the
/// on-call team" and "restructure the team so on-call is lighter" still
/// name the reorganisation.
fn acts_on_another_item(
    text: &Text,
    at: usize,
    id: &str,
    items: &[(usize, usize, &'static str)],
) -> bool {
    let words = &text.words;
    let Some(word) = words.get(at).map(|w| w.text.as_str()) else {
        return false;
    };
    let acting = ACTING.iter().any(|(item, forms)| {
        *item == id
            && forms.iter().any(|f| match f.strip_suffix('*') {
                Some(stem) => word.starts_with(stem),
                None => word == *f,
            })
    });
    if !acting {
        return false;
    }
    let clause = words[at].clause;
    let noun = ["ation", "ations", "ment", "ments"]
        .iter()
        .any(|end| word.ends_with(end));
    let mut from = at + 1;
    match words.get(from) {
        Some(w) if w.text == "of" => from += 1,
        _ if noun => return false,
        _ => {}
    }
    for pos in from..=from + OBJECT_REACH {
        let Some(w) = words.get(pos).filter(|w| w.clause == clause) else {
            return false;
        };
        if let Some((_, end, _)) = items.iter().find(|(s, _, other)| *s == pos && *other != id) {
            let unit = words
                .get(*end..(*end + 2).min(words.len()))
                .into_iter()
                .flatten()
                .any(|w| w.clause == clause && ORG_UNITS.contains(&w.text.as_str()));
            return !unit;
        }
        if OBJECT_ENDS.contains(&w.text.as_str()) {
            return false;
        }
    }
    false
}

/// Profile items whose stressor is a lack of something: 1:1s, team
/// events, details of a reorganisation, cover for leave. How long one has
/// been missing, said with "not" ("the team hasn't been together at an
/// offsite for 7 months"), is that stressor (play-para-it16 B5).
const LACKS: &[&str] = &["one_on_ones", "connection", "reorg", "staffing"];

/// Whether the mention of item `id` at word `at` (one of `items`, every
/// item's mentions) is denied: a "not" before it ([`denied`]), unless for
/// a [`LACKS`] item it says how long the item has been missing
/// ([`absence_over_time`]), said to need no action, left as it is, or
/// named only to be declined ([`declined`]).
fn denied_item(text: &Text, at: usize, id: &str, items: &[(usize, usize, &'static str)]) -> bool {
    (denied(text, at) && !(LACKS.contains(&id) && absence_over_time(text, at)))
        || needs_no_action(text, text.words[at].sentence)
        || left_as_it_is(text, at, id)
        || declined(text, at, id, items)
}

/// Profile items whose stressor is change itself: "no changes to the
/// roadmap this quarter" or "the roadmap stays as it is" is the freeze
/// that tackles it, not a note that leaves it alone.
const CHANGE_ITEMS: &[&str] = &["priorities", "reorg"];

/// What a sentence says is not done to an item: "no change to the rota",
/// "no action on incidents", "no tweaks to toil". Not "work": "no work
/// outside working hours" is a cap on overtime.
const NO_CHANGE_NOUNS: &[&str] = &[
    "change",
    "changes",
    "action",
    "actions",
    "intervention",
    "interventions",
    "adjustment",
    "adjustments",
    "tweak",
    "tweaks",
];

/// Prepositions after "nothing" or an elliptic "nor" that name what is
/// left alone ("nothing on incidents", "nor to incident handling").
const ABOUT: &[&str] = &["to", "on", "for", "in", "about", "with"];

/// Words after a "no change" that make it a rule for changing the item,
/// which is an action on it ("no changes to the rota without a week's
/// notice").
const CONDITIONS: &[&str] = &[
    "without", "unless", "except", "until", "before", "notice", "mid", "midweek",
];

/// Words after an item saying it stays as it is ("the rota stays as it
/// is", "on-call left unchanged").
const AS_IS: &[&[&str]] = &[
    &["as", "it", "is"],
    &["as", "is"],
    &["as", "they", "are"],
    &["as", "it", "stands"],
    &["unchanged"],
    &["untouched"],
    &["alone"],
];

/// Verbs of state right before an [`AS_IS`] phrase ("stays as it is",
/// "is left unchanged"), and verbs before the item that leave it so
/// ("leave the rota alone", "keep the rota as it is").
const STAYS: &[&str] = &[
    "stay", "stays", "stayed", "remain", "remains", "remained", "left", "kept",
];
/// Words of a clause after "and" that say more is left as it is, or
/// why: "and incidents stay as they are", "and that is fine".
const STILL: &[&str] = &[
    "as",
    "unchanged",
    "untouched",
    "alone",
    "fine",
    "ok",
    "okay",
    "within",
    "inside",
    "threshold",
    "thresholds",
    "no",
    "nothing",
    "nor",
];
const LEAVE: &[&str] = &["leave", "leaves", "leaving", "keep", "keeps", "keeping"];

/// Whether the mention of item `id` at word `at` is said to be left as it
/// is, which is no action on it (play-it29 B2): under a "no change" ("no
/// change to the on-call rota (every 11 days is fine), nor to incident
/// handling", "nothing on incidents", "no action on toil"), or followed by
/// a state that keeps it ("the rota stays as it is", "on-call unchanged",
/// "leave the rota alone"). A "no" before something else is a cap or an
/// aim ("no more than one on-call week in four", "no pages at night"), a
/// "no change" with a condition is a rule for changing it ("without a
/// week's notice"), a step after "but" still acts on it, and for an item
/// whose stressor is change ([`CHANGE_ITEMS`]) keeping it unchanged is
/// the freeze.
fn left_as_it_is(text: &Text, at: usize, id: &str) -> bool {
    if CHANGE_ITEMS.contains(&id) {
        return false;
    }
    let words = &text.words;
    let sentence = words[at].sentence;
    let word = |i: usize| words.get(i).map_or("", |w| w.text.as_str());
    let in_sentence = |i: usize| words.get(i).is_some_and(|w| w.sentence == sentence);
    let no_change_at = |k: usize| {
        (word(k) == "no" && NO_CHANGE_NOUNS.contains(&word(k + 1)))
            || (word(k) == "nothing" && ABOUT.contains(&word(k + 1)))
    };
    let conditioned = |k: usize| {
        (k..words.len())
            .take_while(|i| in_sentence(*i))
            .any(|i| CONDITIONS.contains(&word(i)))
    };
    // The negations whose scope holds the mention, innermost first: "no
    // change to team members on leave with no cover" holds "cover" in
    // both.
    let negators = std::iter::successors(negator_before(text, at), |k| negator_before(text, *k));
    let after_no_change = negators.take(4).any(|k| {
        let head = if matches!(word(k), "nor" | "neither") && ABOUT.contains(&word(k + 1)) {
            // "..., nor to incident handling": the "no change" it repeats.
            (0..k)
                .rev()
                .take_while(|i| in_sentence(*i))
                .find(|i| no_change_at(*i))
        } else {
            no_change_at(k).then_some(k)
        };
        head.is_some_and(|h| !conditioned(h))
    });
    if after_no_change {
        return true;
    }
    // "The on-call rota stays as it is", "leave the rota alone": the state
    // within a few words after the item, in its clause, and nothing after
    // it but reasons (no "but" or "and" with a step).
    // Where other items are named: the state after one of them is its.
    let others: BTreeSet<usize> = set_of(
        METRICS
            .iter()
            .filter(|m| m.id != id)
            .flat_map(|m| text.mentions(m.phrases))
            .map(|(start, _)| start),
    );
    let left = (at.saturating_sub(6)..at).any(|i| {
        LEAVE.contains(&word(i)) && words[i..at].iter().all(|w| w.clause == words[at].clause)
    });
    (at + 1..at + 9).take_while(|i| in_sentence(*i)).any(|i| {
        let phrase = AS_IS.iter().find(|p| {
            p.iter()
                .enumerate()
                .all(|(n, w)| word(i + n) == *w && in_sentence(i + n))
        });
        let Some(phrase) = phrase else {
            return false;
        };
        let plain = matches!(phrase[0], "unchanged" | "untouched");
        let stated = STAYS.contains(&word(i - 1)) || left;
        // The item's own clause ("cap overtime so the rota stays as it
        // is" leaves the rota, not overtime, as it is).
        let own_clause = (at..i).all(|j| {
            words[j].clause == words[at].clause
                && !(j > at && SCOPE_ENDS.contains(&word(j)))
                && !others.contains(&j)
        });
        let alone_left = phrase[0] != "alone" || left || word(i - 1) == "left";
        // A step after it ("but add a second person", "and add ..."),
        // not more of the same ("and incidents stay as they are", "and
        // that is fine").
        let rest: Vec<&str> = (i + phrase.len()..words.len())
            .take_while(|j| in_sentence(*j))
            .map(word)
            .collect();
        let rest_acts = rest.iter().enumerate().any(|(n, w)| match *w {
            "but" | "except" | "while" | "though" | "yet" => true,
            "and" => !rest[n..].iter().any(|r| STILL.contains(r)),
            _ => false,
        });
        (plain || stated) && own_clause && alone_left && !rest_acts && !conditioned(at)
    })
}

/// Verbs that decline what they govern: "we skip a team event", "forgo
/// the offsite", "holding off on incident work".
const DECLINING: &[&str] = &[
    "skip",
    "skips",
    "skipping",
    "skipped",
    "forgo",
    "forgoes",
    "forgoing",
    "forego",
    "foregoing",
    "decline",
    "declines",
    "declining",
    "omit",
    "omits",
    "omitting",
    "exclude",
    "excludes",
    "excluding",
    "hold off on",
    "holding off on",
    "leave out",
    "leaves out",
    "leaving out",
    "rule out",
    "rules out",
    "ruling out",
    "postpone",
    "postpones",
    "postponing",
    "defer",
    "defers",
    "deferring",
];

/// The [`DECLINING`] and [`DECLINED_AFTER`] words that put an item off
/// rather than leave it out: for an item whose stressor is change
/// ([`CHANGE_ITEMS`]), putting it off is the freeze ("postpone the
/// reorg", "the roadmap changes are deferred").
const PUTTING_OFF: &[&str] = &["postpon*", "defer*", "parked"];

/// What a list of items is said to be after it, when it is declined: "a
/// team event (...) and incident work (...) are left out", "1:1s are not
/// needed", "the offsite is deferred".
const DECLINED_AFTER: &[&str] = &[
    "left out",
    "deferred",
    "postponed",
    "parked",
    "not needed",
    "not required",
    "not necessary",
    "not included",
    "not planned",
    "not in scope",
    "not in the plan",
    "not part of the plan",
    "not tackled",
    "not addressed",
    "out of scope",
    "excluded",
    "omitted",
    "skipped",
    "ruled out",
];

/// Verbs that may stand between a list and what it is said to be ("are
/// left out", "will be skipped", "stay out of scope").
const BEING: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "will",
    "get",
    "gets",
    "stay",
    "stays",
    "remain",
    "remains",
    "both",
    "all",
    "also",
    "deliberately",
];

/// Words that may stand around an item's mention in a list of things
/// declined: determiners and modifiers ("no separate team event", "skip
/// the usual offsite").
const PHRASE_WORDS: &[&str] = &[
    "a",
    "an",
    "the",
    "any",
    "our",
    "their",
    "its",
    "another",
    "more",
    "further",
    "new",
    "extra",
    "separate",
    "dedicated",
    "formal",
    "special",
    "usual",
    "planned",
    "big",
    "of",
];

/// Nouns after an item that make it the work done on it, which "no"
/// declines: "no incident work", "no on-call changes", "no 1:1 plan".
const REMEDY_NOUNS: &[&str] = &[
    "work",
    "action",
    "actions",
    "review",
    "reviews",
    "fix",
    "fixes",
    "initiative",
    "initiatives",
    "measures",
    "changes",
    "intervention",
    "interventions",
    "project",
    "programme",
    "program",
    "plan",
    "plans",
];

/// Items whose own work is the stressor: "no overtime work", "no on-call
/// work at weekends" ban it, which acts on it.
const WORK_ITEMS: &[&str] = &["overtime", "on_call", "toil"];

/// Words right after a list of declined items that end it as a whole: its
/// reason or its time ("no team event this quarter", "skip the offsite, so
/// ..."). Any other word goes on with the items' own clause: a rule ("no
/// on-call at weekends", "skip on-call for new joiners") or a state ("no
/// 1:1s in 3 months", "no cover found").
const AFTER_A_LIST: &[&str] = &[
    "so", "because", "as", "given", "this", "yet", "either", "too", "for now", "at all",
];

/// Words before "no" that leave it opening its clause: "Not this time: no
/// team event", "... and no incident work". After any other ("with no
/// cover", "there is no offsite") it describes what the team lacks.
const NO_OPENERS: &[&str] = &["and", "or", "also", "plus", "so", "then", "but"];

/// Negations two words or fewer before a list's verb that decline it:
/// "we are not running a team event", "we won't hold an offsite".
const NOT: &[&str] = &["not", "never", "wont", "dont", "doesnt", "cant", "cannot"];

/// The bracketed aside that closes right before word `at` ("no team
/// event (3 months ago) and ..."): the index of its first word.
fn aside_ending_at(text: &Text, at: usize) -> Option<usize> {
    let gap = text.gap(at);
    if !gap.contains([')', ']']) {
        return None;
    }
    let sentence = text.words.get(at.checked_sub(1)?)?.sentence;
    (at.saturating_sub(24)..at)
        .rev()
        .take_while(|k| text.words[*k].sentence == sentence)
        .find(|k| text.gap(*k).contains(['(', '[']))
}

/// The bracketed aside that opens right before word `at`: the index just
/// past its last word.
fn aside_from(text: &Text, at: usize) -> Option<usize> {
    if !text.gap(at).contains(['(', '[']) {
        return None;
    }
    let sentence = text.words.get(at)?.sentence;
    (at + 1..(at + 24).min(text.len()))
        .take_while(|k| text.words[*k].sentence == sentence)
        .find(|k| text.gap(*k).contains([')', ']']))
}

/// Whether the mention of item `id` at word `at` is named only to be
/// declined (play-it33 B1): it stands in a list of items (with their
/// determiners, brackets and "and"/"or") that is
/// - governed by "no" opening its clause, for an item whose stressor is a
///   lack of something ("no team event", [`LACKS`]) or the item's work
///   ("no incident work", [`REMEDY_NOUNS`]);
/// - governed by a verb of declining ([`DECLINING`]: "we skip a team
///   event") or a negated verb ("we are not running a team event (...) or
///   incident work");
/// - or said after it to be left out ([`DECLINED_AFTER`]: "a team event
///   (...) and incident work (...) are left out").
///
/// Such a list ends with its clause, a reason or its time
/// ([`AFTER_A_LIST`]). "No" before what the team lacks ("with no cover"),
/// the item as a rule's object ("no on-call at weekends", "skip on-call
/// for new joiners", "no overtime work"), a freeze of what changes too
/// much ("no reorg", [`CHANGE_ITEMS`]) and another item beside the
/// declined ones ("run an incident review, no team event") stay actions.
fn declined(text: &Text, at: usize, id: &str, items: &[(usize, usize, &'static str)]) -> bool {
    let words = &text.words;
    let Some(sentence) = words.get(at).map(|w| w.sentence) else {
        return false;
    };
    let word = |i: usize| words.get(i).map_or("", |w| w.text.as_str());
    // The words of an item's mention, with the noun of its work after it.
    let remedy_after = |end: usize, of: &str| {
        REMEDY_NOUNS.contains(&word(end)) && !(word(end) == "work" && WORK_ITEMS.contains(&of))
    };
    let in_item = |i: usize| {
        items
            .iter()
            .any(|(s, e, of)| (*s..*e).contains(&i) || (i == *e && remedy_after(*e, of)))
    };
    let material = |i: usize| {
        in_item(i) || PHRASE_WORDS.contains(&word(i)) || matches!(word(i), "and" | "or" | "nor")
    };
    // Back to the list's first word, over its items, asides and commas.
    let mut head = at;
    for _ in 0..LIST_REACH {
        if let Some(open) = aside_ending_at(text, head) {
            head = open;
            continue;
        }
        let Some(prev) = head.checked_sub(1) else {
            break;
        };
        let gap = text.gap(head);
        if words[prev].sentence != sentence
            || gap.contains([':', ';', '.', '\u{2013}', '\u{2014}'])
            || !material(prev)
        {
            break;
        }
        head = prev;
    }
    // On to its last word, over the same.
    let mut end = at + 1;
    for _ in 0..LIST_REACH {
        if let Some(close) = aside_from(text, end) {
            end = close;
            continue;
        }
        if end >= words.len()
            || words[end].sentence != sentence
            || text.gap(end).contains([':', ';', '.', ','])
            || !material(end)
        {
            break;
        }
        end += 1;
    }
    let ends_here = end >= words.len()
        || words[end].sentence != sentence
        || text
            .gap(end)
            .contains([',', ';', ':', '.', '!', '?', '(', '\u{2013}', '\u{2014}'])
        || matches!(word(end - 1), "and" | "or")
        || AFTER_A_LIST
            .iter()
            .any(|p| p.split(' ').enumerate().all(|(n, w)| word(end + n) == w));
    let clause_opens = |k: usize| {
        k == 0 || words[k - 1].clause != words[k].clause || NO_OPENERS.contains(&word(k - 1))
    };
    let putting_off = |k: usize| {
        CHANGE_ITEMS.contains(&id)
            && PUTTING_OFF.iter().any(|p| match p.strip_suffix('*') {
                Some(stem) => word(k).starts_with(stem),
                None => word(k) == *p,
            })
    };
    // The list as the subject of its clause ("Not this time: a team event
    // (...) and incident work (...) are left out"), not a purpose's ("cut
    // scope so that overtime is not needed").
    let said_after =
        clause_opens(head) && !matches!(word(head.wrapping_sub(1)), "so" | "then") && {
            let mut k = end;
            while k < words.len() && k < end + 3 && BEING.contains(&word(k)) {
                k += 1;
            }
            words.get(k).is_some_and(|w| w.sentence == sentence)
                && !putting_off(k)
                && DECLINED_AFTER
                    .iter()
                    .any(|p| p.split(' ').enumerate().all(|(n, w)| word(k + n) == w))
        };
    if said_after {
        return true;
    }
    if !ends_here || head == 0 || words[head - 1].sentence != sentence {
        return false;
    }
    let governor = head - 1;
    let own_work = items
        .iter()
        .any(|(s, e, of)| *s == at && *of == id && remedy_after(*e, of));
    match word(governor) {
        "no" | "nor" | "neither" => {
            !CHANGE_ITEMS.contains(&id)
                && (own_work || LACKS.contains(&id))
                && (word(governor) != "no" || clause_opens(governor))
        }
        _ => {
            // A negation two words or fewer before the verb: "we are not
            // running ...", and "we won't skip the 1:1s", which keeps them.
            let negated = |verb: usize| {
                (verb.saturating_sub(2)..verb).any(|k| {
                    NOT.contains(&word(k))
                        && words[k..=verb]
                            .iter()
                            .all(|w| w.clause == words[verb].clause)
                })
            };
            let declining = text
                .mentions(DECLINING)
                .into_iter()
                .find(|(_, e)| *e == head && words[head - 1].clause == words[head].clause);
            match declining {
                Some((verb, _)) => !negated(verb) && !putting_off(verb),
                None => negated(governor),
            }
        }
    }
}

/// Words that open the reason for a decline: "skip incident reviews, as
/// 3 incidents is under the threshold".
const REASONS: &[&str] = &["since", "as", "because", "given"];

/// How many words a list of declined items may span, each way.
const LIST_REACH: usize = 24;

/// The stressors an action line targets: those its action mentions, outside
/// asides in brackets and before its outcome ("finds cover for the 2
/// colleagues on long-term leave; outcome: the gap that drives overtime
/// closes" targets staffing; "assigns owners to the incident fixes
/// (alerts, a flaky deploy step)" targets incidents); the whole line's
/// when the action itself names none; and the items it works against
/// ([`worked_against`]), read once for both.
fn action_metrics(
    text: &Text,
    gold: &BTreeSet<&str>,
) -> (Vec<(usize, &'static str)>, BTreeSet<&'static str>) {
    let outcome = outcome_start(text);
    let bracketed = bracketed_words(text);
    // What the whole line targets (a means serving the stressor named
    // outright, also in the outcome: "automate the second task; outcome:
    // toil down"), kept to what the action itself mentions.
    let items = ItemMentions::new(text);
    // A meeting the action is held in ("review hours in 1:1s", "at the
    // offsite", "checks the new rota with the engineers in their 1:1s")
    // is where it is done, not what it tackles, when it tackles something
    // else. It is read without that meeting first, so that a means of
    // another item ("the new rota") is not taken as serving the meeting,
    // named outright beside it (play-it33 B2).
    let held = |at: usize, id: &str| VENUES.contains(&id) && held_in(text, at);
    // What the action keeps, adds to or halts the fix of it does not
    // tackle ("keep all deployments manual", "pause the automation
    // project"; play-it36 X3).
    let worse_at = worsened_items(text, &items.spans);
    let worse = |at: usize| worse_at.get(at) == Some(&true);
    let mut whole = metrics_kept(text, &items, |at, id| !held(at, id) && !worse(at));
    if whole.is_empty() && items.spans.iter().any(|(at, _, id)| held(*at, id)) {
        whole = metrics_kept(text, &items, |at, _| !worse(at));
    }
    // Nor does its outcome make it an action on what it worsens
    // ("Outcome: everyone knows the manual process by heart").
    let mut against = worked_against(text, &items.spans, &worse_at);
    // Work set outside working hours adds overtime, whatever the line
    // names ("add a Saturday catch-up session so overtime during the week
    // is no longer needed", "move the retro to 7pm"; play-it37 X).
    if out_of_hours_work(text)
        .into_iter()
        .any(|at| at < outcome && !bracketed[at])
    {
        against.insert("overtime");
    }
    whole.retain(|(_, id)| !against.contains(id));
    // An item whose every mention outside brackets is denied is not the
    // action's for a mention inside them either, nor for one in the
    // reason given after a denied mention: "no incident work (3 incidents
    // is below 6)", "skipping incident reviews, as 3 incidents is under
    // the threshold" (play-it33 B1).
    let reason_for = |at: usize, id: &str| {
        let sentence = text.words[at].sentence;
        items.spans.iter().any(|(d, _, of)| {
            *of == id
                && *d < at
                && text.words[*d].sentence == sentence
                && (*d..at).any(|k| REASONS.contains(&text.words[k].text.as_str()))
                && items.denied(text, *d, id)
        })
    };
    let denied_outside = |id: &str| {
        let mut outside = items
            .spans
            .iter()
            .filter(|(s, _, of)| *of == id && !bracketed[*s])
            .peekable();
        outside.peek().is_some()
            && outside.all(|(s, _, _)| items.denied(text, *s, id) || reason_for(*s, id))
    };
    whole.retain(|(_, id)| !denied_outside(id));
    // A meeting the profile does not call for, held as the means of an
    // action on another item ("runs 1:1s focused on workload; outcome:
    // overtime down", "hold 1:1s on workload and cut overtime"), is how
    // that item is tackled, not a second target (play-it29 B1). One the
    // action sets up ("restart 1:1s and review overtime in them"), or one
    // of the team's stressors, is still tackled.
    let other_item = whole.iter().any(|(_, id)| !VENUES.contains(id));
    let means_only = |id: &str| {
        VENUES.contains(&id)
            && !gold.contains(id)
            && other_item
            && !items
                .spans
                .iter()
                .any(|(at, _, of)| *of == id && set_up(text, *at))
    };
    whole.retain(|(_, id)| !means_only(id));
    if let Some(at) = hired_for_the_workload(text, gold, &whole) {
        whole = vec![(at, "overtime")];
    }
    let in_action = |id: &str| {
        items.spans.iter().any(|(at, _, of)| {
            *of == id
                && *at < outcome
                && !bracketed[*at]
                && !worse(*at)
                && !items.denied(text, *at, id)
        })
    };
    let main: Vec<(usize, &'static str)> = whole
        .iter()
        .copied()
        .filter(|(_, id)| in_action(id))
        .collect();
    let targeted = if main.is_empty() { whole } else { main };
    (targeted, against)
}

/// Where an action line's outcome starts ("Outcome: ...", an arrow), or
/// its end.
fn outcome_start(text: &Text) -> usize {
    text.words
        .iter()
        .enumerate()
        .position(|(i, w)| {
            matches!(w.text.as_str(), "outcome" | "outcomes")
                || text.gap(i).contains('\u{2192}')
                || text.gap(i).contains("->")
        })
        .unwrap_or(text.len())
}

/// For each word of `text`, whether it stands inside brackets.
fn bracketed_words(text: &Text) -> Vec<bool> {
    let mut depth = 0i32;
    (0..text.len())
        .map(|i| {
            let gap = text.gap(i);
            depth += gap.matches(['(', '[']).count() as i32;
            depth = (depth - gap.matches([')', ']']).count() as i32).max(0);
            depth > 0
        })
        .collect()
}

/// The profile items an action line works against: named before its
/// outcome, outside brackets, only where it keeps them, adds to them or
/// halts their fix ([`worsened`]: "keep all deployments manual and add a
/// second manual sign-off step", "pause the automation project"; play-it36
/// X3). A plan that works against a stressor does not tackle it, whatever
/// else names it. `items` are the line's item mentions, `worse` says of
/// each word whether it is worsened ([`worsened_items`]).
fn worked_against(
    text: &Text,
    items: &[(usize, usize, &'static str)],
    worse: &[bool],
) -> BTreeSet<&'static str> {
    let outcome = outcome_start(text);
    let bracketed = bracketed_words(text);
    let in_action = |s: usize| s < outcome && !bracketed[s];
    set_of(
        items
            .iter()
            .filter(|(s, _, _)| in_action(*s) && worse[*s])
            .map(|(_, _, id)| *id)
            .filter(|id| {
                items
                    .iter()
                    .filter(|(s, _, of)| of == id && in_action(*s))
                    .all(|(s, _, _)| worse[*s])
            }),
    )
}

/// [`worsened`] over the profile items named in `text` (`items`): what
/// the team lacks ([`LACKS`]: 1:1s, team events, cover) is short, any
/// other item but the changes ([`CHANGE_ITEMS`], whose pause is the
/// freeze) is the load, and the [`MEANS`] words are fixes.
fn worsened_items(text: &Text, items: &[(usize, usize, &'static str)]) -> Vec<bool> {
    if !may_worsen(text) {
        return vec![false; text.len()];
    }
    let means: BTreeSet<(usize, usize)> = set_of(text.mentions(MEANS));
    let mentions = |lacks: bool| -> Vec<(usize, usize)> {
        items
            .iter()
            .filter(|(_, _, id)| !CHANGE_ITEMS.contains(id) && LACKS.contains(id) == lacks)
            .map(|(s, e, _)| (*s, *e))
            .filter(|m| !means.contains(m))
            .collect()
    };
    let (load, lacks) = (mentions(false), mentions(true));
    let person = |at: usize| {
        text.words
            .get(at)
            .is_some_and(|w| matches!(w.text.as_str(), "him" | "her" | "them"))
    };
    worsened(
        text,
        &Load {
            load: &load,
            lacks: &lacks,
            person: &person,
            new_duties: false,
        },
    )
}

/// Words for the work people are doing too much of: what a hire taken on
/// for it relieves ("a contractor to take the overflow backlog").
const WORKLOAD: &[&str] = &[
    "backlog*",
    "overflow",
    "workload*",
    "work load",
    "spillover",
    "overspill",
    "excess work",
    "extra work",
    "work queue*",
];

/// Where an action that reads as staffing only because it hires (a
/// contractor, a hire: no leave, cover or headcount named) names the
/// workload it is for ([`WORKLOAD`]), when the profile's stressor is
/// overtime and staffing is within its threshold: that hire is the means
/// of the overtime item, its purpose (play-it31 C1: "Engage a contractor
/// to take overflow backlog"). Where staffing is the stressor, the hire is
/// its cover; a bare hire ("Bring in a contractor") is still staffing.
fn hired_for_the_workload(
    text: &Text,
    gold: &BTreeSet<&str>,
    whole: &[(usize, &'static str)],
) -> Option<usize> {
    if !matches!(whole, [(_, "staffing")])
        || gold.contains("staffing")
        || !gold.contains("overtime")
    {
        return None;
    }
    let staffing = METRICS.iter().find(|m| m.id == "staffing")?;
    let hiring: BTreeSet<(usize, usize)> = set_of(text.mentions(HIRING));
    let by_hiring_only = text
        .mentions(staffing.phrases)
        .iter()
        .all(|m| hiring.contains(m));
    if !by_hiring_only {
        return None;
    }
    text.mentions(WORKLOAD).first().map(|(at, _)| *at)
}

/// Profile items that are meetings, which an action on something else
/// may be held in.
const VENUES: &[&str] = &["one_on_ones", "connection"];

/// Verbs that set a meeting up rather than hold it: "restart 1:1s",
/// "set up a monthly team lunch", "bring back the 1:1s".
const SETS_UP: &[&str] = &[
    "start*",
    "restart*",
    "resum*",
    "reinstat*",
    "reintroduc*",
    "introduc*",
    "establish*",
    "begin*",
    "reviv*",
    "set up",
    "sets up",
    "setting up",
    "bring back",
    "brings back",
    "kick off",
    "kicks off",
];

/// Whether the meeting named at `at` is set up by a [`SETS_UP`] verb at
/// most three words before it, in its clause.
fn set_up(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    text.mentions(SETS_UP).into_iter().any(|(start, end)| {
        end <= at && at - end < 3 && text.words[start..=at].iter().all(|w| w.clause == clause)
    })
}

/// Prepositions that name where an action is done ("in 1:1s", "at the
/// team lunch", "during the offsite"), and verbs that name it as the means
/// ("use 1:1s to move work so overtime stays under the cap"): what the
/// action does is what it tackles.
const HELD: &[&str] = &[
    "in",
    "at",
    "during",
    "via",
    "through",
    "use",
    "uses",
    "using",
    "leverage",
    "leverages",
];

/// Words that may stand between such a preposition and the meeting: "in
/// the weekly 1:1s", "at each person's 1:1".
const HELD_BETWEEN: &[&str] = &[
    "the",
    "their",
    "our",
    "your",
    "his",
    "her",
    "each",
    "every",
    "a",
    "an",
    "weekly",
    "fortnightly",
    "monthly",
    "regular",
    "next",
    "usual",
    "existing",
    "planned",
    "individual",
    "persons",
    "people",
    "team",
];

/// Whether the mention at `at` follows a preposition of place ([`HELD`]),
/// with at most two [`HELD_BETWEEN`] words between them.
fn held_in(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    (1..=3).any(|back| {
        at >= back
            && text.words[at - back].clause == clause
            && HELD.contains(&text.words[at - back].text.as_str())
            && text.words[at - back + 1..at]
                .iter()
                .all(|w| HELD_BETWEEN.contains(&w.text.as_str()))
    })
}

fn read_action(
    case: &PlanCase,
    gold: &BTreeSet<&str>,
    addressee: Option<Owner>,
    unit: &str,
    text: &Text,
) -> Action {
    let (mentioned, against) = action_metrics(text, gold);
    let named: BTreeSet<&'static str> = set_of(mentioned.iter().map(|(_, id)| *id));
    // The topics of the line are every item it names, those it works
    // against too: a line that names three is a list, whichever way it
    // moves one of them.
    let topics = named.union(&against).count();
    let aim = match mentioned.first() {
        // Owned by someone else: the action belongs to another team's plan
        // (another case's answer), whatever it tackles.
        _ if names_someone_else(case, unit) => Aim::Elsewhere,
        None => Aim::Generic,
        // One line, one action: more than two topics, or a paragraph, is
        // a list of them.
        Some(_) if topics > 2 || word_count(unit) > ACTION_WORDS => Aim::OffTarget,
        Some((_, first)) if gold.contains(first) => Aim::OnTarget(first),
        Some(_) => Aim::OffTarget,
    };
    let owners = owners_in(case, text, addressee);
    Action {
        key: crate::text::normalize(unit),
        line: unit.trim().to_owned(),
        aim,
        named,
        owners,
        against,
    }
}

/// Whether `unit` names a person who is not on this team's roster: a
/// first name of the name pool that no roster person has, or one followed
/// by a surname that is not theirs ("Oksana Nakamura" when the roster has
/// Oksana Barros).
fn names_someone_else(case: &PlanCase, unit: &str) -> bool {
    let roster: Vec<Vec<&str>> = case
        .roster
        .iter()
        .map(|(_, n)| n.split_whitespace().collect())
        .collect();
    let words: Vec<&str> = unit.split_whitespace().collect();
    words.iter().enumerate().any(|(at, word)| {
        let first = word.trim_matches(|c: char| !c.is_alphanumeric());
        // The pool's names are capitalised: a word in lower case, most of
        // a unit, is settled before the pool is searched.
        if !first.starts_with(|c: char| c.is_ascii_uppercase()) || !FIRST_NAMES.contains(&first) {
            return false;
        }
        let theirs: Vec<&Vec<&str>> = roster
            .iter()
            .filter(|n| n.first() == Some(&first))
            .collect();
        if theirs.is_empty() {
            return true;
        }
        // The next word is a surname only when nothing but a space stands
        // between them ("Oksana, Nakamura's team" names two people).
        let surname = words
            .get(at + 1)
            .filter(|_| word.ends_with(|c: char| c.is_alphanumeric()))
            .map(|w| w.trim_end_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| LAST_NAMES.contains(w));
        surname.is_some_and(|last| !theirs.iter().any(|n| n.get(1) == Some(&last)))
    })
}

/// The roster owners a text names: a person by name, or as "you" in an
/// answer addressed to them by name ([`addressee`]; play-para-it21 C1).
/// A role names no one: every roster has the same roles, so "owner: team
/// lead" could be written without reading it (the `constant` baseline
/// does).
/// Owners offered as alternatives ("owner: Nadia or Omar") are a hedge of
/// the one owner an action has, and own nothing.
fn owners_in(case: &PlanCase, text: &Text, addressee: Option<Owner>) -> BTreeSet<Owner> {
    let mut found: Vec<(usize, usize, Owner)> = Vec::new();
    for (owner, name) in &case.roster {
        let mut forms = vec![name.to_lowercase()];
        let words: Vec<String> = name.split_whitespace().map(str::to_lowercase).collect();
        if *owner == Owner::Eap {
            // "Northstar Assist" may be called "Northstar".
            forms.extend(words.first().cloned());
        } else {
            forms.extend(words);
        }
        let spans = forms.iter().flat_map(|f| text.find(f));
        found.extend(spans.map(|(s, e)| (s, e, *owner)));
    }
    if let Some(owner) = addressee {
        let spans = YOU.iter().flat_map(|f| text.find(f));
        found.extend(spans.map(|(s, e)| (s, e, owner)));
    }
    crate::order::sort(&mut found);
    let hedged = found.windows(2).any(|pair| {
        let (first, second) = (pair[0], pair[1]);
        first.2 != second.2
            && (text.words[first.1..second.0.max(first.1)]
                .iter()
                .any(|w| w.text == "or")
                || text.gap(second.0).contains('/'))
    });
    if hedged {
        return BTreeSet::new();
    }
    crate::order::set_of(found.into_iter().map(|(_, _, owner)| owner))
}

/// "You" as the subject of an action, in its contracted forms too.
const YOU: &[&str] = &["you", "youll", "youd", "yourself"];

/// Words that open a letter's greeting line: "Hi Yara,", "Dear Yara
/// Barros", "To: Yara".
const GREETINGS: &[&str] = &[
    "hi", "hello", "hey", "dear", "to", "morning", "good", "attn",
];

/// The one roster person an answer written as a letter is addressed to:
/// its first line a greeting (or the name alone, "Yara,") naming exactly
/// one person of the roster. "You" in its actions names that person; an
/// answer with no such line has no addressee, and its "you" names no one.
fn addressee(case: &PlanCase, answer: &str) -> Option<Owner> {
    let first = answer.lines().map(str::trim).find(|l| !l.is_empty())?;
    let text = Text::new(first);
    // A greeting is a short line: a longer one is the answer's prose.
    if text.len() > 6 {
        return None;
    }
    let named = owners_in(case, &text, None);
    let [owner] = named.iter().copied().collect::<Vec<_>>()[..] else {
        return None;
    };
    let greets = text
        .words
        .first()
        .is_some_and(|w| GREETINGS.contains(&w.text.as_str()));
    let name_alone = text.len() <= 2;
    (owner != Owner::Eap && (greets || name_alone)).then_some(owner)
}

/// Words after which "none" is a target of none: "from three to none",
/// "at none", "we want none next quarter".
const NONE_AFTER: &[&str] = &[
    "to", "at", "want", "wants", "target", "aim", "goal", "reach", "expect", "hit",
];

/// Words that open the time a target is wanted by: "none next quarter",
/// "none by week two", "none from week three".
const WANTED_BY: &[&str] = &[
    "next", "by", "from", "within", "going", "after", "before", "onwards",
];

/// Numbers in a KPI that can be targets: not week numbers ("by week 4"),
/// durations ("within 2 weeks") or the count of a rate ("one every eight
/// days" is a level of eight days); a target of none ("from three to
/// none") is zero.
fn targets(text: &Text) -> Vec<u64> {
    // "None" is a target of zero after a word that sets one ("from three
    // to none", "we want none next quarter", para-it11 B7) or before the
    // time it is wanted by ("two last quarter, none next quarter",
    // para-it12 B5); "none for 3 months" is where the team stands.
    let none_targets = text
        .words
        .iter()
        .enumerate()
        .filter(|(k, w)| {
            let before = k.checked_sub(1).and_then(|b| text.words.get(b));
            let after = text.words.get(k + 1);
            w.text == "none"
                && (before.is_some_and(|b| NONE_AFTER.contains(&b.text.as_str()))
                    || after.is_some_and(|a| WANTED_BY.contains(&a.text.as_str())))
        })
        .map(|(_, w)| w.start);
    // "from 1 day in 5 to 1 day in 8": the ones say how often, restating
    // the 5 and the 8 (play-para-it16 B4).
    let rate_counts = derived::rate_counts(text);
    let changes = worked_out_changes(text);
    // "to 8 by 31 March", "by March 31, 2027": a calendar date is a time
    // (play-it32 B2), its day beside a month's name, its year one further.
    let months: Vec<usize> = crate::text::months::months_named(text)
        .into_iter()
        .map(|(at, _)| at)
        .collect();
    let date_part = |i: usize, n: u64| {
        let beside = |reach: usize| {
            months
                .iter()
                .any(|&m| (1..=reach).any(|d| m + d == i || i + d == m))
        };
        beside(1) || ((1900..=2100).contains(&n) && beside(2))
    };
    let mut found: Vec<(usize, u64)> = text
        .numbers()
        .into_iter()
        .filter(|(i, _)| !rate_counts.contains(i) && !changes.contains(i))
        .filter(|&(i, n)| !date_part(i, n))
        .filter(|(i, _)| {
            let before = i.checked_sub(1).and_then(|k| text.words.get(k));
            let after = text.words.get(i + 1);
            // "one every eight days", not "to 0 (every member ...)".
            let rate_count =
                after.is_some_and(|w| w.text == "every") && text.gap(i + 1).trim().is_empty();
            // "by week 4", not "12 hours/week → 4" or "per week: 7"; a day
            // number is a time too: "by Day 28", "on day 10", "D+14"
            // (para-it13 B5).
            let week_number = (before
                .is_some_and(|w| matches!(w.text.as_str(), "week" | "wk" | "day"))
                && text.gap(*i).trim().is_empty())
                || (before.is_some_and(|w| w.text == "d") && text.gap(*i).trim() == "+");
            let duration = after.is_some_and(|w| {
                matches!(
                    w.text.as_str(),
                    "weeks" | "week" | "months" | "month" | "quarters" | "sprints"
                )
            }) && before.is_some_and(|w| {
                matches!(
                    w.text.as_str(),
                    "within" | "in" | "after" | "for" | "over" | "the" | "next" | "past" | "last"
                )
            });
            // "from 15 to 8 or fewer (about a 47% cut)": the size of the
            // change, not a level of the measure.
            let noun_at = if text.gap(i + 1).trim_start().starts_with('%') {
                Some(i + 1)
            } else {
                match after.map(|w| w.text.as_str()) {
                    Some("percent") => Some(i + 2),
                    Some("per") => Some(i + 3),
                    _ => None,
                }
            };
            let change = noun_at
                .and_then(|k| text.words.get(k))
                .is_some_and(|w| CHANGE_SIZES.contains(&w.text.as_str()));
            !week_number && !duration && !change && !rate_count
        })
        .map(|(i, n)| (text.words[i].start, n))
        .collect();
    found.extend(none_targets.map(|at| (at, 0)));
    crate::order::sort(&mut found);
    found.into_iter().map(|(_, n)| n).collect()
}

/// Word indices of the percentages of a KPI line worked out from its
/// other numbers: the change from the team's number to the target ("from
/// 15 to 8, down about 47%"), a share, or a rate said as a share of days
/// ("every 5 days (20% of days)"). They restate the line's values, so
/// they are no target of their own; a wrong working ("down about 80%")
/// still is one, and a target that does not improve (play-para-it16 B3).
fn worked_out_changes(text: &Text) -> Vec<usize> {
    let figures = derived::figures(text);
    let operands: Vec<derived::Operand> = figures
        .iter()
        .filter_map(|f| {
            Some(derived::Operand {
                order: f.at,
                value: f.whole()?,
            })
        })
        .collect();
    // Worked out from the numbers before it: the values come first, so the
    // team's number (toil "from 40% to 20%, down 50%") is never one.
    figures
        .iter()
        .filter(|f| {
            let before: Vec<derived::Operand> = operands
                .iter()
                .copied()
                .filter(|o| o.order < f.at)
                .collect();
            f.kind == derived::Kind::Percent && derived::worked_out(f, &before)
        })
        .map(|f| f.at)
        .collect()
}

/// Nouns after a percentage that make it the size of a change ("a 47%
/// cut") rather than a level of the measure ("toil at 20%").
const CHANGE_SIZES: &[&str] = &[
    "cut",
    "drop",
    "reduction",
    "decrease",
    "fall",
    "decline",
    "improvement",
    "increase",
    "rise",
    "less",
    "fewer",
    "lower",
    "higher",
    "more",
];

/// What a KPI line measures.
enum Measure {
    /// One of the team's stressors, with a target that improves on its
    /// number.
    Stressor(&'static str),
    /// General wellbeing (a pulse survey, attrition) with a target: a
    /// fine KPI that measures none of the stressors.
    Wellbeing,
    /// A measure the team does not need: a profile item within its
    /// threshold, or one the profile never shows.
    OffTarget,
    /// No measure, no numeric target, a target that does not improve, or
    /// a list of measures.
    Invalid,
}

fn measure(case: &PlanCase, gold: &BTreeSet<&'static str>, item: &str) -> Measure {
    if word_count(item) > KPI_WORDS {
        return Measure::Invalid;
    }
    let text = Text::new(item);
    let metrics = metrics_in(&text);
    let general = text.has(GENERAL_KPI);
    let mut numbers = targets(&text);
    if let Some((_, id)) = metrics.first()
        && counts_none(&text, id)
    {
        numbers.push(0);
    }
    let rate = sets_a_rate(&text);
    let coverage = everyone_within(&text);
    if metrics.len() + usize::from(general) > 2
        || (numbers.is_empty() && !rate && coverage.is_none())
    {
        return Measure::Invalid;
    }
    // "Every person seen within 2 weeks" is a target for a measure of time
    // since it last happened when its time is shorter than the team's.
    let rate = |id: &str| {
        rate || coverage.is_some_and(|days| {
            let months = case.value_of(id).and_then(|v| u64::try_from(v).ok());
            months.is_none_or(|m| days < m * DAYS_A_MONTH)
        })
    };
    match metrics.first() {
        None if general && !numbers.is_empty() => Measure::Wellbeing,
        None => Measure::Invalid,
        Some((_, id)) if !gold.contains(id) => Measure::OffTarget,
        Some((_, id)) if improves_on_the_team(case, id, &text, &numbers, rate(id)) => {
            Measure::Stressor(id)
        }
        Some(_) => Measure::Invalid,
    }
}

/// Words that say a count of none: "none", "nil", "nothing".
const NONE_WORDS: &[&str] = &["none", "nil", "nothing"];

/// The nouns each count the team wants fewer of is counted in, for "no
/// changes", "no more complaints", "no new incidents".
const COUNTED_NOUNS: &[(&str, &[&str])] = &[
    ("overtime", &["overtime", "ot", "extra"]),
    ("conduct", &["complaint", "grievance"]),
    ("staffing", &["uncovered", "gap"]),
    ("incidents", &["incident", "outage"]),
    (
        "priorities",
        &[
            "change",
            "reprioriti",
            "swap",
            "shift",
            "reshuffl",
            "switch",
        ],
    ),
    ("toil", &["toil", "manual"]),
];

/// Words that may stand between "no" and the noun counted: "no more
/// changes", "no further complaints", "no new priority changes".
const NONE_MORE: &[&str] = &[
    "more",
    "further",
    "new",
    "unplanned",
    "other",
    "additional",
    "priority",
    "roadmap",
    "hr",
    "production",
];

/// Words after a count of none that say when it is wanted: "none for the
/// rest of the quarter", "no changes this quarter", "nil per month".
/// "for" or "in" then a number is how long the team has had none ("none
/// for 3 months"): where it stands, no target.
const NONE_WHEN: &[&str] = &[
    "for",
    "in",
    "this",
    "per",
    "a",
    "each",
    "every",
    "during",
    "over",
    "until",
    "till",
    "through",
    "throughout",
    "thereafter",
    "afterwards",
    "onward",
    "onwards",
    "again",
    "at",
];

/// Whether a KPI line on `id`, a count the team wants fewer of, gives a
/// count of none as a value (play-it30 B1): "none", "nil", "nothing",
/// "not one", "not a single", or "no" and the noun the measure counts
/// ("no changes", "no more complaints"), standing where a value stands:
/// after a word that sets a target or an arrow ("from 3 to nil", "→ no
/// changes"), at the end of its clause ("3 this quarter, none."), or
/// before the time it is wanted in ("none for the rest of it", "no
/// changes next quarter"). A count of none of something else ("none of
/// it paid", "nothing automated yet"), "none set yet" and "for 3 months"
/// after it (how long the team has had none) are no value; "no target"
/// names no count.
fn counts_none(text: &Text, id: &str) -> bool {
    if METRICS
        .iter()
        .find(|m| m.id == id)
        .and_then(|m| m.lower_is_better)
        != Some(true)
    {
        return false;
    }
    let nouns = COUNTED_NOUNS
        .iter()
        .find(|(m, _)| *m == id)
        .map_or(&[][..], |(_, n)| *n);
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    // "ot" names overtime, not "other"; "change" names "changes" too.
    let counted = |word: &str| {
        nouns.iter().any(|n| {
            word == *n || word.strip_suffix('s') == Some(*n) || (n.len() > 3 && word.starts_with(n))
        })
    };
    let span_at = |k: usize| -> Option<usize> {
        match words[k] {
            w if NONE_WORDS.contains(&w) => Some(k + 1),
            "not" => match words.get(k + 1..k + 3) {
                Some(["a", "single"]) => Some(k + 3),
                _ => (words.get(k + 1) == Some(&"one")).then_some(k + 2),
            },
            "no" => {
                let mut at = k + 1;
                while words
                    .get(at)
                    .is_some_and(|w| NONE_MORE.contains(w) && !counted(w))
                {
                    at += 1;
                }
                if !counted(words.get(at)?) {
                    return None;
                }
                at += 1;
                // "no extra hours", "no overtime work".
                while words
                    .get(at)
                    .is_some_and(|w| matches!(*w, "hours" | "hour" | "hrs" | "h" | "work"))
                {
                    at += 1;
                }
                Some(at)
            }
            _ => None,
        }
    };
    (0..words.len()).any(|k| {
        let Some(end) = span_at(k) else {
            return false;
        };
        let before = k.checked_sub(1).map(|b| words[b]);
        let gap_before = text.gap(k);
        let set = before.is_some_and(|b| NONE_AFTER.contains(&b))
            || arrow(gap_before)
            || gap_before.contains(':');
        let clause_ends = end == words.len() || text.gap(end).contains([',', ';', '.', '(', ')']);
        let next = words.get(end).copied();
        let after_next = words.get(end + 1).copied();
        let how_long = matches!(next, Some("for" | "in" | "over"))
            && after_next.is_some_and(|w| number_at(&[w], 0).is_some());
        let when = next.is_some_and(|w| NONE_WHEN.contains(&w) || WANTED_BY.contains(&w));
        next != Some("of") && !how_long && (set || clause_ends || when)
    })
}

/// Words that are a rate on their own ("fortnightly 1:1s", "to weekly").
const RATE_WORDS: &[&str] = &[
    "daily",
    "weekly",
    "fortnightly",
    "biweekly",
    "monthly",
    "quarterly",
];

/// Periods a rate is counted in ("every fortnight", "one every 3 weeks",
/// "twice a month", "2 per sprint").
const RATE_PERIODS: &[&str] = &[
    "day",
    "days",
    "week",
    "weeks",
    "wk",
    "wks",
    "fortnight",
    "fortnights",
    "month",
    "months",
    "mth",
    "mths",
    "quarter",
    "quarters",
    "sprint",
    "sprints",
];

/// Whether a KPI line sets how often something happens: a rate word, or
/// "every"/"a"/"per"/"each" then a period within two words ("one every
/// fortnight", "twice a month"). For measures whose profile value is
/// time since it last happened (1:1s, team events), a rate is the target
/// in another unit than the profile's months, so it is a target whatever
/// its number (para-it10 B4: "from none in 3 months to fortnightly").
fn sets_a_rate(text: &Text) -> bool {
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let period_within = |from: usize, reach: usize| {
        words[from..]
            .iter()
            .take(reach)
            .any(|p| RATE_PERIODS.contains(p))
    };
    words.iter().enumerate().any(|(k, w)| match *w {
        "every" => period_within(k + 1, 2),
        "per" | "each" | "a" | "an" => period_within(k + 1, 1),
        _ => RATE_WORDS.contains(w),
    })
}

/// Days in a month, to weigh a target's time against the team's months.
const DAYS_A_MONTH: u64 = 30;

/// Words after "every", "each" or "all" that make it the whole team:
/// "every person", "each team member", "all engineers", "each of them".
const EVERY_PERSON: &[&str] = &[
    "person",
    "people",
    "member",
    "members",
    "engineer",
    "engineers",
    "report",
    "reports",
    "staff",
    "teammate",
    "teammates",
    "colleague",
    "colleagues",
    "one",
    "of",
    "team",
];

/// Words that open the time a coverage target is met within: "within 2
/// weeks", "by week", "in two weeks".
const WITHIN: &[&str] = &["within", "by", "in"];

/// The days of a coverage target in a KPI line: the whole team
/// ("everyone", "every person", "each team member", "the whole team")
/// then, later in the line, "within" / "by" / "in" and a time in days,
/// weeks, a fortnight or months, in digits or words ("every person seen
/// within 2 weeks", "everyone has a 1:1 within two weeks"). Such a target
/// is a time since it last happened for each person, the unit the
/// profile counts 1:1s and team events in (play-it28 B1); a time before
/// the whole team is named ("none in 3 months") is where the team stands.
fn everyone_within(text: &Text) -> Option<u64> {
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let everyone = words.iter().enumerate().position(|(k, w)| match *w {
        "everyone" | "everybody" => true,
        "every" | "each" | "all" => words[k + 1..]
            .iter()
            .take(2)
            .any(|p| EVERY_PERSON.contains(p)),
        "whole" | "entire" => words.get(k + 1) == Some(&"team"),
        _ => false,
    })?;
    (everyone + 1..words.len()).find_map(|k| {
        if !WITHIN.contains(&words[k]) {
            return None;
        }
        // "by week 3": the week's number is how many weeks.
        if words[k] == "by" && matches!(words.get(k + 1), Some(&"week" | &"day")) {
            let (count, _) = number_at(&words, k + 2)?;
            return Some(count * if words[k + 1] == "week" { 7 } else { 1 });
        }
        let (count, taken) = match words.get(k + 1) {
            Some(&"a" | &"one") => (1, 1),
            _ => number_at(&words, k + 1)?,
        };
        let per = match *words.get(k + 1 + taken)? {
            "day" | "days" => 1,
            "week" | "weeks" => 7,
            "fortnight" | "fortnights" => 14,
            "month" | "months" => DAYS_A_MONTH,
            _ => return None,
        };
        Some(count * per)
    })
}

/// KPIs as precision (of the first [`KPIS_ASKED`] lines, the valid KPIs)
/// and recall (distinct stressors of this team measured, out of three or
/// fewer), discounted, as actions are, by the share of the items within
/// their thresholds that the KPIs measure anyway (past the first three
/// too). A wellbeing measure is valid but measures no stressor.
pub(super) fn kpis(
    case: &PlanCase,
    gold: &BTreeSet<&'static str>,
    section: Option<&Section>,
) -> (Points, String) {
    let Some(section) = section else {
        return (Points::ZERO, "KPIs: no labelled section.".to_owned());
    };
    let items = section.items();
    let considered = items.len().min(KPIS_ASKED);
    let mut valid = 0;
    // Past LIST_READ lines a list is read no further: each line after it
    // counts as measuring what the team does not need.
    let overflow = items.len().saturating_sub(LIST_READ);
    // Measures the team does not need, named anywhere in the list (also
    // beside a stressor in one line).
    let mut off_target: BTreeSet<&str> = BTreeSet::new();
    let mut measured: BTreeSet<&str> = BTreeSet::new();
    let mut unearned: Vec<String> = Vec::new();
    for (k, item) in items.iter().take(LIST_READ).enumerate() {
        let first = k < KPIS_ASKED;
        let named = metrics_in(&Text::new(item));
        off_target.extend(
            named
                .iter()
                .map(|(_, id)| *id)
                .filter(|id| !gold.contains(id)),
        );
        match measure(case, gold, item) {
            // The same stressor twice is one KPI and a wasted line.
            Measure::Stressor(id) if first && measured.insert(id) => valid += 1,
            Measure::Wellbeing if first => valid += 1,
            Measure::Stressor(id) if first => {
                unearned.push(format!("{} measures {id} again", quoted(item)));
            }
            Measure::OffTarget if first => unearned.push(format!(
                "{} measures what the team does not need",
                quoted(item)
            )),
            Measure::Invalid if first => unearned.push(format!(
                "{} has no measure of the team with a target that improves on its number",
                quoted(item)
            )),
            _ => {}
        }
    }
    let off_target = off_target.len() + overflow;
    let wanted = gold.len().min(KPIS_ASKED);
    // KPIs on items within their thresholds show the thresholds unread, as
    // actions on them do ([`plan_precision`]).
    let precision = plan_precision(case, gold, off_target);
    let score =
        f1_of((valid, considered), (measured.len().min(wanted), wanted)).weighted(precision);
    let note = format!(
        "KPIs: {valid} of the first {considered} lines are measures with a target that improves \
         on the team's number; {} of this team's stressors measured{}{}.",
        measured.len(),
        if off_target > 0 {
            format!("; {off_target} measure what the team does not need")
        } else {
            String::new()
        },
        if unearned.is_empty() {
            String::new()
        } else {
            format!(". Not counted: {}", unearned.join("; "))
        }
    );
    (score, note)
}

/// Whether a KPI line on stressor `id` cites the team's current number and
/// sets a target beyond it ("from 14 to at most 5 hours", "cut overtime by
/// half from 14 hours"). Measures whose profile value is not a comparable
/// number (1:1s, team events, the reorganisation) need only a target, but
/// the profile's own number is no target: "Last team event: 11 months ago"
/// is the profile line copied, not a KPI.
fn improves_on_the_team(
    case: &PlanCase,
    id: &str,
    text: &Text,
    numbers: &[u64],
    rate: bool,
) -> bool {
    let metric = METRICS.iter().find(|m| m.id == id);
    let baseline = case.value_of(id).map(|v| u64::try_from(v).unwrap_or(0));
    let Some(lower_is_better) = metric.and_then(|m| m.lower_is_better) else {
        // Months since it last happened, the profile's own unit: fewer is
        // better, so a target above the team's months worsens it
        // ("Months since the last team event: 22 now, target 24",
        // play-it39 X5).
        let worsens = baseline.is_some_and(|b| months_since_worsened(text, numbers, b));
        return rate || (numbers.iter().any(|n| Some(*n) != baseline) && !worsens);
    };
    let Some(current) = baseline else {
        return true;
    };
    if !numbers.contains(&current) {
        return false;
    }
    let improves = |t: &u64| {
        if lower_is_better {
            *t < current
        } else {
            *t > current
        }
    };
    // A target is one value: "from 14 to 7 or 16" hedges between a better
    // and a worse number and reads as its worse one.
    let targets: Vec<&u64> = numbers.iter().filter(|t| **t != current).collect();
    if targets.is_empty() {
        return text.has(CHANGE_WORDS);
    }
    targets.into_iter().all(improves)
}

/// Words after a span of months that make it the time since something
/// last happened: "months since the last team event", "months without
/// a 1:1", "20 months ago".
const SINCE: &[&str] = &["since", "without", "ago"];

/// Whether a KPI line measures the months since something last happened
/// ("Months since the last team event: 22 now", "Time since the last
/// offsite: 20 months", "last 1:1 3 months ago"): a month word with
/// [`SINCE`] right after it, or "time since" or "how long since" with a
/// month word in the line. Such a measure is better lower, whatever
/// happens at the end of it; in weeks or days it is in another unit than
/// the profile's months, and is not read here.
fn counts_months_since(text: &Text) -> bool {
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    let months = |w: &&str| matches!(*w, "month" | "months");
    let month_since = words
        .windows(2)
        .any(|pair| months(&pair[0]) && SINCE.contains(&pair[1]));
    let time_since = words
        .windows(2)
        .any(|pair| matches!(pair[0], "time" | "long") && pair[1] == "since");
    month_since || (time_since && words.iter().any(months))
}

/// Words after a number that make it a count of something else than the
/// months, or a time in another unit: "100% of the team", "9 people",
/// "under 4 weeks".
const NOT_MONTHS: &[&str] = &[
    "of",
    "percent",
    "people",
    "person",
    "members",
    "engineers",
    "staff",
    "team",
    "week",
    "weeks",
    "day",
    "days",
    "fortnight",
    "fortnights",
    "hour",
    "hours",
    "times",
];

/// Whether a KPI line measuring the months since something last happened
/// ([`counts_months_since`]) sets a target above the team's `current`
/// months: one of its target `numbers`, stated as months (not "100% of
/// the team", "9 people"), higher than the team's.
fn months_since_worsened(text: &Text, numbers: &[u64], current: u64) -> bool {
    counts_months_since(text)
        && text.numbers().into_iter().any(|(at, n)| {
            let next = text.words.get(at + 1).map_or("", |w| w.text.as_str());
            let a_count = text.gap(at + 1).contains('%') || NOT_MONTHS.contains(&next);
            n > current && numbers.contains(&n) && !a_count
        })
}

pub(super) fn risk(
    case: &PlanCase,
    answer: &Answer,
    section: Option<&Section>,
) -> (Points, String) {
    let Some(section) = section else {
        return (Points::ZERO, "Risk: no labelled section.".to_owned());
    };
    // A sub-field under the risk ("- Owner: Rosalind Kovacs", "- When:
    // weekly") says who or when, no sentence of the risk or its
    // mitigation: read past it, so a "- Mitigation: ..." after it is the
    // risk's (para-it13 B6c).
    let body = section
        .lines
        .iter()
        .map(|l| l.plain.as_str())
        .filter(|l| !l.trim().is_empty() && !sub_field(l))
        .collect::<Vec<_>>()
        .join("\n");
    // A risk is the writer's judgement of what may stop the plan: one
    // mostly given back in the case's words (a profile line) is read by
    // its writer's own words only, as a field that pastes the case is
    // (play-it38 X1: pasted text earns nothing).
    let pasted = answer.mostly_quotes_case(&body);
    let body = if pasted {
        answer.own_words(&body)
    } else {
        body
    };
    let full = Text::new(&body);
    let first_sentence = full.words.first().map_or(0, |w| w.sentence);
    let kept = full
        .words
        .iter()
        .take_while(|w| w.sentence < first_sentence + RISK_SENTENCES)
        .last()
        .map_or(0, |w| w.end);
    let text = Text::new(&body[..kept]);
    // The mitigation is read without the steps we only hedge on ("we
    // might try to protect the time"): a step not committed to answers no
    // risk.
    let committed = Text::new(&without_hedged_steps(&text));
    if text.len() < 6 {
        let note = if pasted {
            "Risk: the case's own words given back name no risk of the plan's."
        } else {
            "Risk: too short to name a risk and its mitigation."
        };
        return (Points::ZERO, note.to_owned());
    }
    // A risk names what may go wrong: a way a plan fails, or one of the
    // stressors it tackles ("the reorganisation drags on").
    let named = text.has(RISK_WORDS)
        || !metrics_in(&text).is_empty()
        || a_possibility(&text)
        || a_plain_conditional(&text);
    let mitigated = committed.has(MITIGATION)
        || lessened_by_a_step(&committed)
        || step_after_a_break(&committed)
        || owner_acts_after_risk(case, &committed)
        || cut_back(&committed)
        || we_commit_to_a_step(case, &committed)
        || a_person_takes_a_step(&committed)
        || a_step_is_taken(&committed);
    let score = Points(5000 * i32::from(named) + 5000 * i32::from(mitigated));
    (
        score,
        format!(
            "Risk: {}, {}.",
            if named {
                "a concrete risk"
            } else {
                "no concrete risk"
            },
            if mitigated {
                "with a mitigation"
            } else {
                "no mitigation"
            }
        ),
    )
}

/// Subjects that put a step on the plan's side: "we", "I" ("let us" as
/// "us" after "let").
const OUR_SIDE: &[&str] = &["we", "i", "us"];

/// Words that hedge a step of ours: "we might try to", "perhaps we",
/// "I may", "we hope to".
const HEDGES_ON_A_STEP: &[&str] = &[
    "might",
    "may",
    "perhaps",
    "maybe",
    "possibly",
    "try",
    "trying",
    "hope",
    "hopefully",
    "attempt",
];

/// How many words after our subject a hedge still governs its step.
const HEDGE_REACH: usize = 3;

/// `text`'s source without each step of ours that a hedge governs, from
/// its subject (or the hedge before it) to its sentence's end; the first
/// sentence is the risk and keeps its "may".
fn without_hedged_steps(text: &Text) -> String {
    let Some(first) = text.words.first().map(|w| w.sentence) else {
        return text.source.clone();
    };
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for (k, word) in text.words.iter().enumerate() {
        if word.sentence == first || !OUR_SIDE.contains(&word.text.as_str()) {
            continue;
        }
        let same = |w: &&crate::text::Word| w.sentence == word.sentence;
        let before = k
            .checked_sub(1)
            .map(|b| &text.words[b])
            .filter(|w| same(w) && HEDGES_ON_A_STEP.contains(&w.text.as_str()));
        let after = text.words[k + 1..]
            .iter()
            .take(HEDGE_REACH)
            .take_while(same)
            .any(|w| HEDGES_ON_A_STEP.contains(&w.text.as_str()));
        if before.is_none() && !after {
            continue;
        }
        let start = before.map_or(word.start, |w| w.start);
        let end = text.words[k..]
            .iter()
            .take_while(same)
            .last()
            .map_or(word.end, |w| w.end);
        cuts.push((start, end));
    }
    let mut kept = String::new();
    let mut from = 0;
    for (start, end) in cuts {
        if start < from {
            continue;
        }
        kept.push_str(text.source.get(from..start).unwrap_or(""));
        from = end;
    }
    kept.push_str(text.source.get(from..).unwrap_or(""));
    kept
}

/// Verbs after "we will" that say what befalls us or what we think, not
/// a step we take: "we'll lose the review time", "we will be stretched",
/// "we'll see the review slip", "we'll need more people".
const UNDERGONE: &[&str] = &[
    "lose", "miss", "see", "fall", "slip", "suffer", "struggle", "fail", "need", "have", "be",
    "get", "face", "risk", "end", "run", "hit", "lack", "feel", "find", "hear", "know", "expect",
    "hope", "worry", "wonder", "say", "think", "watch", "wait", "try", "want", "like", "do", "can",
    "could", "would", "should", "might", "may", "must", "not", "never", "probably", "likely",
    "still", "just", "only", "all", "both", "there",
];

/// Adverbs that may stand around the modal of a step ("we will also",
/// "we then").
const STEP_ADVERBS: &[&str] = &["also", "then", "now", "first", "always", "immediately"];

/// Verbs of an owner leaving or breaking, said in the mood of a step:
/// "Dana would leave before it ends", "the EM would burn out first".
const DEPARTING: &[&str] = &[
    "leave", "quit", "resign", "burn", "go", "walk", "break", "collapse", "crack", "drown",
];

/// Words before "you" that make it no subject of a step: "thank you for
/// ...", "if you review it", "to you".
const NOT_BEFORE_YOU: &[&str] = &[
    "thank", "thanks", "to", "for", "with", "if", "when", "unless", "than", "as", "whether", "let",
    "tell", "ask", "give", "show", "by", "of",
];

/// Whether, after the risk's first sentence, someone of the plan commits
/// to a step in any plain mood: "we'll ringfence the reserved capacity",
/// "we're going to shield those days", "I'd freeze the sprint scope",
/// "let us hold back new requests" (play-para-it18 B2), "you'd review
/// overtime weekly", "you review it", "Saanvi would review", "the team
/// lead is going to check it" (play-para-it20 B1). The step's subject is
/// "we", "I", "you" or an owner of the roster by name or role, it has an
/// object, and its verb is no verb of what befalls us ([`UNDERGONE`]), no
/// hedge ("you'd perhaps move"), no word of the risk, nor an owner leaving
/// ([`DEPARTING`]); a hedged step of ours is cut before this reads
/// ([`without_hedged_steps`]). An owner's step in the present is
/// [`owner_acts_after_risk`]'s.
fn we_commit_to_a_step(case: &PlanCase, text: &Text) -> bool {
    let Some(first) = text.words.first().map(|w| w.sentence) else {
        return false;
    };
    let names = owner_names(case);
    (0..text.len()).any(|k| {
        let subject = &text.words[k];
        if subject.sentence == first {
            return false;
        }
        let before = k.checked_sub(1).map(|b| text.words[b].text.as_str());
        let (taken, owner) = if OUR_SIDE.contains(&subject.text.as_str()) {
            if subject.text == "us" && before != Some("let") {
                return false;
            }
            (1, false)
        } else if subject.text == "you" {
            if before.is_some_and(|b| NOT_BEFORE_YOU.contains(&b)) {
                return false;
            }
            (1, false)
        } else {
            match owner_at(&names, text, k) {
                Some(taken) => (taken, true),
                None => return false,
            }
        };
        let rest: Vec<&str> = text.words[k + taken..]
            .iter()
            .take_while(|w| w.sentence == subject.sentence)
            .map(|w| w.text.as_str())
            .collect();
        let mut at = 0;
        let skip_adverbs = |at: &mut usize| {
            while rest.get(*at).is_some_and(|w| STEP_ADVERBS.contains(w)) {
                *at += 1;
            }
        };
        skip_adverbs(&mut at);
        let mut moded = true;
        match rest.get(at..at + 3) {
            Some([_, "going", "to"]) if matches!(rest[at], "are" | "am" | "is") => at += 3,
            _ => match rest.get(at..at + 2) {
                Some([verb, "to"])
                    if matches!(
                        *verb,
                        "plan"
                            | "intend"
                            | "commit"
                            | "aim"
                            | "promise"
                            | "plans"
                            | "intends"
                            | "commits"
                            | "aims"
                            | "promises"
                    ) =>
                {
                    at += 2
                }
                _ if matches!(rest.get(at), Some(&"will" | &"shall" | &"would")) => at += 1,
                _ => moded = false,
            },
        }
        if owner && !moded {
            return false;
        }
        skip_adverbs(&mut at);
        let Some(verb) = rest.get(at) else {
            return false;
        };
        let has_object = rest.get(at + 1).is_some();
        // An owner leaving ("Dana would leave") is more risk; "we'll leave
        // Fridays free" is a step.
        let departs = owner && DEPARTING.contains(verb);
        has_object
            && !departs
            && verb.len() > 1
            && !UNDERGONE.contains(verb)
            && !HEDGES_ON_A_STEP.contains(verb)
            && !FINITE.contains(verb)
            && !STATEMENT_OPENERS.contains(verb)
            && crate::text::number_value(verb).is_none()
            && !Text::new(verb).has(RISK_WORDS)
    })
}

/// Words after "not" that say a thing the plan needs may be missing:
/// "engineers not released", "not ready to share the dates".
const NOT_THERE: &[&str] = &[
    "ready",
    "available",
    "enough",
    "possible",
    "free",
    "willing",
];

/// Whether `text` says something that may go wrong, whatever it is: a
/// modal of possibility after a subject ("the borrowed engineers could
/// be recalled mid-plan", "leadership may not have firm dates"), or a
/// thing said to be missing ("platform engineers not released for the
/// rota") (para-it2).
fn a_possibility(text: &Text) -> bool {
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    (1..words.len()).any(|k| {
        let subject = k >= 2 || !matches!(words[k - 1], "it" | "this" | "that");
        let modal = matches!(words[k], "may" | "might" | "could") && subject;
        let missing = words[k] == "not"
            && words.get(k + 1).is_some_and(|n| {
                NOT_THERE.contains(n) || (n.len() > 4 && (n.ends_with("ed") || n.ends_with("en")))
            });
        (modal || missing) && words.get(k + 1).is_some() && names_something(text, k)
    })
}

/// Words that say something may go wrong and nothing of what: "things
/// might not go to plan", "something could go wrong", "there may be some
/// problems along the way", "it might not all work out".
const NOTHING_NAMED: &[&str] = &[
    // Function words.
    "the",
    "a",
    "an",
    "to",
    "of",
    "as",
    "at",
    "in",
    "on",
    "for",
    "with",
    "along",
    "be",
    "been",
    "being",
    "is",
    "are",
    "was",
    "were",
    "not",
    "all",
    "some",
    "any",
    "so",
    "very",
    "quite",
    "too",
    "just",
    "we",
    "our",
    "us",
    "they",
    "them",
    "it",
    "its",
    "this",
    "that",
    "there",
    "these",
    "those",
    "and",
    "or",
    "may",
    "might",
    "could",
    "well",
    "exactly",
    "entirely",
    "fully",
    "always",
    "perhaps",
    "still",
    "get",
    "gets",
    // Anything at all.
    "thing",
    "things",
    "something",
    "anything",
    "everything",
    "stuff",
    "event",
    "events",
    "issue",
    "issues",
    "problem",
    "problems",
    "challenge",
    "challenges",
    "difficulty",
    "difficulties",
    "hiccup",
    "hiccups",
    "setback",
    "setbacks",
    "surprise",
    "surprises",
    "circumstance",
    "circumstances",
    "factor",
    "factors",
    "bump",
    "bumps",
    "road",
    "way",
    "plan",
    "plans",
    "unexpected",
    "unforeseen",
    "unforeseeable",
    "other",
    // Going wrong, in no particular way.
    "go",
    "goes",
    "going",
    "gone",
    "went",
    "wrong",
    "work",
    "works",
    "out",
    "smoothly",
    "happen",
    "happens",
    "arise",
    "come",
    "comes",
    "up",
    "crop",
    "expected",
    "hoped",
    "intended",
    "planned",
    "according",
    "turn",
    "turns",
    "off",
    "track",
    "right",
    "perfect",
    "perfectly",
    "run",
    "runs",
];

/// Whether the clause of word `at` (a modal of possibility, or "not")
/// names anything that may go wrong: a word beyond [`NOTHING_NAMED`]. A
/// possibility of nothing named ("Things might not go to plan") could be
/// written for any plan without reading the case (play-it37 X).
fn names_something(text: &Text, at: usize) -> bool {
    let clause = text.words[at].clause;
    text.words
        .iter()
        .filter(|w| w.clause == clause)
        .any(|w| !NOTHING_NAMED.contains(&w.text.as_str()))
}

/// Verbs of a step against a risk, given as an instruction.
const COUNTER_STEPS: &[&str] = &[
    "book",
    "schedule",
    "hold",
    "move",
    "add",
    "hire",
    "cap",
    "run",
    "share",
    "rotate",
    "agree",
    "set",
    "keep",
    "brief",
    "pair",
    "assign",
    "block",
    "bring",
    "plan",
    "check",
    "fund",
    "defer",
    "reschedule",
    "start",
    "train",
    "cover",
    "ask",
    "give",
    "publish",
    "tell",
    "ring-fence",
    "ringfence",
    "hand-off",
    "follow-up",
    "cross-train",
    "double-book",
    "pre-book",
    "back-fill",
    "backfill",
    "escalate",
    "review",
    "limit",
    "protect",
    "freeze",
    "delegate",
    "appoint",
    "name",
];

/// Whether, after the risk is named, a break (a semicolon, an arrow, a
/// dash) opens an instruction that answers it: "1:1s slip because Kwame is
/// at 10 of 11 hours → book them all in week one", "...; book them all in
/// week one, most affected first" (play-para-it).
fn step_after_a_break(text: &Text) -> bool {
    (1..text.len()).any(|i| {
        let gap = text.gap(i);
        let breaks = gap.contains([';', '\u{2013}', '\u{2014}']) || arrow(gap);
        breaks
            && (COUNTER_STEPS.contains(&hyphenated_at(text, i).as_str())
                || scheduled_from(text, i)
                || instruction_after(text, i))
    })
}

/// The word at `i` with the words a bare hyphen joins to it: "ring-fence",
/// "hand-off", "cross-train" are one verb to a verb list, though the text
/// reads them as two words.
fn hyphenated_at(text: &Text, i: usize) -> String {
    let Some(first) = text.words.get(i) else {
        return String::new();
    };
    let mut word = first.text.clone();
    let mut k = i + 1;
    while k < text.len() && text.gap(k) == "-" {
        word.push('-');
        word.push_str(&text.words[k].text);
        k += 1;
    }
    word
}

/// Whether `gap` ends the risk's clause before a step in its sentence: a
/// semicolon, a table's next cell, a dash or an arrow.
fn ends_the_risk(gap: &str) -> bool {
    gap.contains([';', '|', '\u{2013}', '\u{2014}'])
        || crate::text::aside::spaced_dash(gap)
        || arrow(gap)
}

/// Whether `gap` holds an arrow from a risk to its answer: "\u{2192}",
/// "->", "=>", "\u{21d2}" (play-para-it16 B6).
fn arrow(gap: &str) -> bool {
    gap.contains(['\u{2192}', '\u{21d2}']) || gap.contains("->") || gap.contains("=>")
}

/// Words that open a statement rather than an instruction: determiners,
/// pronouns, people and what happens to them ("\u{2192} morale drops",
/// "\u{2192} nobody covers it", "-> the gap stays open").
const STATEMENT_OPENERS: &[&str] = &[
    "the",
    "a",
    "an",
    "this",
    "that",
    "these",
    "those",
    "it",
    "its",
    "they",
    "their",
    "he",
    "she",
    "his",
    "her",
    "we",
    "our",
    "i",
    "you",
    "your",
    "there",
    "nobody",
    "no",
    "none",
    "nothing",
    "not",
    "never",
    "everyone",
    "everybody",
    "someone",
    "somebody",
    "people",
    "staff",
    "all",
    "some",
    "any",
    "more",
    "less",
    "fewer",
    "then",
    "so",
    "if",
    "when",
    "which",
];

/// Verbs that make the words before them a subject ("the rota will
/// collapse"): no instruction.
const FINITE: &[&str] = &[
    "is", "are", "was", "were", "will", "would", "may", "might", "could", "can", "cannot", "has",
    "have", "had", "does", "did", "gets", "got", "stays", "becomes", "goes",
];

/// Words that open the object or the particle of an instruction's verb
/// ("line up a second agency", "book them", "hire two contractors").
const OBJECT_OPENERS: &[&str] = &[
    "the", "a", "an", "them", "it", "him", "her", "their", "his", "its", "this", "that", "these",
    "those", "every", "each", "all", "some", "more", "extra", "up", "out", "in", "on", "off",
    "back", "down", "over", "with", "to", "for", "from", "into", "ahead", "early", "now",
];

/// How many words of an instruction are looked at for a finite verb.
const INSTRUCTION_WORDS: usize = 3;

/// Whether an arrow, a dash or a semicolon before word `i`, after the
/// risk, opens an instruction that answers it in any verb ("\u{2192}
/// cross-train two people", "=> line up a second agency", "\u{2013}
/// double-book a second date", "; ring-fence sprint capacity", play-it34
/// B2): its first word no [`STATEMENT_OPENERS`], no number and no word of
/// a risk; its second joined to it by a hyphen, opening an object, or no
/// verb of a subject ("work piles up", "delivery slips"); and no finite
/// verb in its first words (play-para-it16 B6). More of the risk after
/// the arrow ("-> morale drops") answers nothing.
fn instruction_after(text: &Text, i: usize) -> bool {
    let gap = text.gap(i);
    let dash = gap.contains(['\u{2013}', '\u{2014}']) || crate::text::aside::spaced_dash(gap);
    let semicolon = gap.contains(';');
    if i < 2 || !(arrow(gap) || dash || semicolon) {
        return false;
    }
    // After a semicolon a clause of the risk goes on as often as a step
    // follows: a plural noun opening it is its subject ("; engineers stay
    // late"), no imperative.
    let word = text.words[i].text.as_str();
    if semicolon && word.ends_with('s') && !word.ends_with("ss") && !word.ends_with("us") {
        return false;
    }
    let clause = text.words[i].clause;
    let opening: Vec<&str> = text.words[i..]
        .iter()
        .take_while(|w| w.clause == clause)
        .take(INSTRUCTION_WORDS)
        .map(|w| w.text.as_str())
        .collect();
    let Some(first) = opening.first() else {
        return false;
    };
    let second_fits = match opening.get(1) {
        None => true,
        Some(_) if text.gap(i + 1) == "-" => true,
        Some(second) => {
            OBJECT_OPENERS.contains(second)
                || number_at(&opening, 1).is_some()
                // "piles", "slips": a subject's verb; "across", "less" no.
                || !second.ends_with('s')
                || second.ends_with("ss")
        }
    };
    let risky = Text::new(&opening.join(" ")).has(RISK_WORDS);
    !STATEMENT_OPENERS.contains(first)
        && number_at(&opening, 0).is_none()
        && second_fits
        && !opening.iter().any(|w| FINITE.contains(w))
        && !risky
}

/// Words after "if" or "unless" that a condition needs at least: a
/// subject and its verb ("if Dana leaves").
const CONDITION_WORDS: usize = 2;

/// How many sentences of the risk may state it as a conditional: the
/// risk's own, and one after a semicolon or a full stop that gives its
/// consequence ("Elena uses all of her hours on the cap; if she is off
/// sick the review lapses").
const CONDITIONAL_SENTENCES: u32 = 2;

/// Whether one of the risk's first sentences is a plain conditional: a
/// condition of a subject and its verb, and a consequence of as many words
/// beside it ("the on-call rota collapses if Dana leaves", "if the new
/// joiner is ill, nobody knows the runbooks"), or, with no comma after a
/// condition that opens the sentence, as many words again after it ("if
/// she is off sick the review lapses"): what goes wrong, and when, with no
/// "may" or "could" (play-para-it16 B6, play-it35 B1).
fn a_plain_conditional(text: &Text) -> bool {
    let Some(first) = text.words.first().map(|w| w.sentence) else {
        return false;
    };
    (first..first + CONDITIONAL_SENTENCES).any(|sentence| {
        let words: Vec<(usize, &str)> = text
            .words
            .iter()
            .enumerate()
            .filter(|(_, w)| w.sentence == sentence)
            .map(|(k, w)| (k, w.text.as_str()))
            .collect();
        words.iter().enumerate().any(|(n, (k, w))| {
            if !matches!(*w, "if" | "unless") {
                return false;
            }
            let clause = text.words[*k].clause;
            let condition = words
                .iter()
                .filter(|(j, _)| *j > *k && text.words[*j].clause == clause)
                .count();
            let consequence = words.len() - condition - 1;
            let runs_on = n == 0 && condition == words.len() - 1;
            (condition >= CONDITION_WORDS && consequence >= CONDITION_WORDS)
                || (runs_on && condition > 2 * CONDITION_WORDS)
        })
    })
}

/// Whether the clause from word `i` to the next break schedules a step
/// ("; sourcing starts in week one", "; the reduced scope is agreed with
/// stakeholders in week 1 and overtime is reviewed at every sprint
/// planning") (para-it4): a statement of what is done, and when. A clause
/// negated before its time ("; she never books them in advance", "; he
/// doesn't review it at every retro") says what nobody does: no step.
fn scheduled_from(text: &Text, i: usize) -> bool {
    let clause: Vec<&str> = text.words[i..]
        .iter()
        .enumerate()
        .take_while(|(k, _)| *k == 0 || !text.gap(i + k).contains([';', '.']))
        .map(|(_, w)| w.text.as_str())
        .collect();
    let in_a_week = |w: &[&str]| {
        matches!(w[0], "in" | "by" | "from") && w[1] == "week" && number_at(&[w[2]], 0).is_some()
    };
    let ahead = |w: &[&str]| {
        matches!(
            w,
            ["in", "advance"] | ["up", "front"] | ["at", "every"] | ["each", "week"]
        )
    };
    let when = (0..clause.len()).find(|&k| {
        clause.get(k..k + 3).is_some_and(in_a_week) || clause.get(k..k + 2).is_some_and(ahead)
    });
    when.is_some_and(|at| !clause[..at].iter().any(|w| NOBODY_DOES.contains(w)))
}

/// Words that make a clause say what is not done: "never", "not" (also
/// of "doesn't", "won't"), "nobody".
const NOBODY_DOES: &[&str] = &["not", "never", "nobody", "neither", "nor"];

/// Phrasal verbs of reducing, each verb with its particles: "cut it
/// back", "scale back", "wind it down", "ease off".
const CUTTING: &[(&[&str], &[&str])] = &[
    (&["cut", "cuts", "cutting"], &["back", "down"]),
    (&["scale", "scales", "scaling"], &["back", "down"]),
    (&["pull", "pulls", "pulling"], &["back"]),
    (&["wind", "winds", "winding"], &["down"]),
    (&["ease", "eases", "easing"], &["off"]),
    (&["rein", "reins", "reining"], &["in"]),
];

/// Words that may stand between a phrasal verb and its particle as the
/// risk it acts on: "cut it back", "scale that back".
const CUT_OBJECTS: &[&str] = &["it", "that", "this", "them", "those"];

/// Whether the risk is cut back by a step: a phrasal verb of reducing
/// with the risk as its object ("You should cut it back by moving
/// non-urgent tickets out", "we'll wind that down"), or with "by" and a
/// step after it ("scale back by moving the deadline") (para-it13 B6b).
/// A verb with neither is more risk ("attendance may pull back").
fn cut_back(text: &Text) -> bool {
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    (0..words.len()).any(|k| {
        CUTTING.iter().any(|(verbs, particles)| {
            if !verbs.contains(&words[k]) {
                return false;
            }
            let particle_at = |at: usize| words.get(at).is_some_and(|w| particles.contains(w));
            let with_object =
                words.get(k + 1).is_some_and(|w| CUT_OBJECTS.contains(w)) && particle_at(k + 2);
            let by_a_step = particle_at(k + 1)
                && words.get(k + 2) == Some(&"by")
                && words
                    .get(k + 3)
                    .is_some_and(|w| crate::text::number_value(w).is_none() && w.ends_with("ing"));
            with_object || by_a_step
        })
    })
}

/// Past participles of lessening a risk, read with "by" and a step.
const LESSENED: &[&str] = &[
    "reduced",
    "lowered",
    "eased",
    "lessened",
    "contained",
    "managed",
    "handled",
    "softened",
    "covered",
    "absorbed",
];

/// Whether the risk is said to be lessened by a step, in the passive the
/// response format's own "how it will be reduced" invites: "this will be
/// reduced by onboarding the contractor in week 1" (play-it18, B3). A
/// size ("output will be reduced by 20%", "by half") is the risk itself.
fn lessened_by_a_step(text: &Text) -> bool {
    text.words.windows(3).any(|w| {
        LESSENED.contains(&w[0].text.as_str())
            && w[1].text == "by"
            && crate::text::number_value(&w[2].text).is_none()
            && !matches!(
                w[2].text.as_str(),
                "half" | "a" | "about" | "around" | "up" | "over"
            )
    })
}

/// Whether a sentence after the risk's first has a person of the roster
/// doing something ("Jin Rossi commits publicly to the priority freeze",
/// "... because Rafael will ring-fence time"): an owner's counter-action is a
/// mitigation without the word. A state or a doubt about them ("Jin is
/// already stretched", "Rafael may leave") is more risk, but a remit given
/// to them ("Sione is the only person who can approve an exception", "Jin
/// will be accountable for ...") is the plan's answer to it.
fn owner_acts_after_risk(case: &PlanCase, text: &Text) -> bool {
    const NOT_AN_ACT: &[&str] = &[
        "is", "was", "are", "were", "has", "had", "have", "feels", "seems", "gets", "got", "might",
        "may", "could", "can", "would", "cannot", "not", "never", "leaves", "left", "quits",
    ];
    /// Words of a remit, within a few words after "is" or "will be".
    const REMIT: &[&str] = &[
        "only",
        "sole",
        "single",
        "responsible",
        "accountable",
        "charge",
        "approver",
        "gatekeeper",
        "owner",
    ];
    const REMIT_REACH: usize = 4;
    const NEGATION: &[&str] = &["not", "no", "never", "nobody"];
    let Some(first_sentence) = text.words.first().map(|w| w.sentence) else {
        return false;
    };
    let names = owner_names(case);
    // The risk comes first: the owners' acts count after its sentence, or
    // after a semicolon that ends it ("the EM is at 9 of 9 hours; the head
    // of engineering shields her time").
    // A table's next cell ends it too: "| If | Then |" over one row "|
    // Delivery pressure ... | Rosalind Kovacs moves ... |" (para-it13
    // B6a).
    // So does a consequence after a comma or a dash: "... might not join
    // in time, so Teodor agrees names in week one" (para-it15 B8).
    let consequence = |k: usize| {
        let gap = text.gap(k);
        matches!(
            text.words[k].text.as_str(),
            "so" | "therefore" | "thus" | "hence"
        ) && (gap.contains([',', '\u{2013}', '\u{2014}']) || crate::text::aside::spaced_dash(gap))
    };
    let after_the_risk = |at: usize| {
        text.words[at].sentence != first_sentence
            || (1..=at)
                .any(|k| text.gap(k).contains([';', '|']) || arrow(text.gap(k)) || consequence(k))
    };
    (0..text.len()).any(|at| {
        let sentence = text.words[at].sentence;
        if !after_the_risk(at) {
            return false;
        }
        // The full name (or role), or a person's first name, then what
        // they do.
        let Some(taken) = owner_at(&names, text, at) else {
            return false;
        };
        let after = at + taken;
        let acts = text
            .words
            .get(after)
            .is_some_and(|w| w.sentence == sentence && !NOT_AN_ACT.contains(&w.text.as_str()));
        let given_a_remit = text.words.get(after).is_some_and(|w| {
            w.sentence == sentence && matches!(w.text.as_str(), "is" | "will" | "becomes")
        }) && text
            .words
            .iter()
            .skip(after + 1)
            .take(REMIT_REACH)
            .take_while(|w| w.sentence == sentence && !NEGATION.contains(&w.text.as_str()))
            .any(|w| REMIT.contains(&w.text.as_str()));
        acts || given_a_remit
    })
}

/// Subjects that stand for a person or the team in a step against the
/// risk: "she books them", "they will review it", "the team caps WIP".
const STEP_SUBJECTS: &[&str] = &["she", "he", "they", "team"];

/// People who step in for an owner, named by what they do rather than by
/// name: "a deputy will run the review", "her backup takes it over",
/// "someone else chairs it".
const STAND_INS: &[&str] = &[
    "deputy",
    "deputies",
    "backup",
    "backups",
    "substitute",
    "delegate",
    "understudy",
    "colleague",
    "colleagues",
    "peer",
    "someone",
    "somebody",
];

/// Words that make the noun after them a person of the plan's side ("a
/// deputy", "her backup", "another colleague"); "no deputy" is none.
const STAND_IN_DETERMINERS: &[&str] = &[
    "a", "an", "the", "her", "his", "their", "our", "my", "your", "another", "one",
];

/// Steps said with a particle, whose verb alone is no step: "a deputy
/// will take over", "her backup steps in", "a colleague fills in".
const PHRASAL_STEPS: &[[&str; 2]] = &[
    ["take", "over"],
    ["step", "in"],
    ["fill", "in"],
    ["stand", "in"],
    ["pick", "up"],
];

/// Whether word `at` is the subject of a step against the risk: a
/// pronoun of a person, "the team", or a [`STAND_INS`] noun after a
/// determiner and at most one adjective ("a named deputy") or alone
/// ("someone").
fn step_subject(text: &Text, at: usize) -> bool {
    let word = text.words[at].text.as_str();
    let before = |n: usize| {
        at.checked_sub(n)
            .filter(|&b| text.words[b].sentence == text.words[at].sentence)
            .map(|b| text.words[b].text.as_str())
    };
    match word {
        // "the team", not "the team's" or "team morale".
        "team" => before(1) == Some("the"),
        "someone" | "somebody" => true,
        _ if STAND_INS.contains(&word) => [1, 2]
            .into_iter()
            .any(|n| before(n).is_some_and(|b| STAND_IN_DETERMINERS.contains(&b))),
        _ => STEP_SUBJECTS.contains(&word),
    }
}

/// Verbs of a concrete step said of a person, besides [`COUNTER_STEPS`]:
/// "reports them in the retro", "tracks the hours weekly".
const STEPS_SAID: &[&str] = &[
    "report",
    "track",
    "monitor",
    "log",
    "ringfence",
    "reserve",
    // Sending people to help: "he refers them to the EAP", "she
    // signposts occupational health" (play-it30 B3).
    "refer",
    "signpost",
    "route",
];

/// Verbs of a person doing harm or giving up, after "will": "they will
/// hurt morale", "he will drop the 1:1s", "she will stop attending" are
/// more risk, not a step against it.
const HARMS: &[&str] = &[
    "hurt",
    "harm",
    "damage",
    "upset",
    "overwhelm",
    "drop",
    "stop",
    "abandon",
    "resent",
    "avoid",
    "doubt",
    "dismiss",
    "cancel",
    "postpone",
    "neglect",
    "forget",
    "disengage",
    "withdraw",
    "withhold",
    "refuse",
    "reject",
    "blame",
    "ignore",
    "give",
    "push",
    "take",
];

/// Whether, after the risk, a person or the team takes a concrete step in
/// the present or the future, with no marker word before it: "...; she
/// books them as recurring calendar entries and reports them in the
/// retro", "... . He will schedule them first", "\u{2014} the team caps
/// work in progress" (play-it28 B3). The subject is a pronoun of a person
/// or "the team" ([`owner_acts_after_risk`] reads people by name), then
/// at most adverbs and "will" / "shall" / "is going to", then a step verb
/// of [`COUNTER_STEPS`] or [`STEPS_SAID`] with an object. It counts after
/// the risk's sentence or a break that ends it (a semicolon, a dash, an
/// arrow, or a comma after a possibility: "Amara could drop them, she
/// books them ..."). A clause that only adds a consequence or another
/// risk ("; she may be too busy", "; morale would drop", "; this could
/// delay the plan") takes no step.
fn a_person_takes_a_step(text: &Text) -> bool {
    let Some(first_sentence) = text.words.first().map(|w| w.sentence) else {
        return false;
    };
    let possibility = |at: usize| {
        text.words[..at]
            .iter()
            .any(|w| matches!(w.text.as_str(), "could" | "may" | "might"))
    };
    let after_the_risk = |at: usize| {
        text.words[at].sentence != first_sentence
            || (1..=at).any(|k| {
                let gap = text.gap(k);
                ends_the_risk(gap) || (gap.contains(',') && possibility(k))
            })
    };
    (0..text.len()).any(|at| {
        let subject = &text.words[at];
        if !step_subject(text, at) || !after_the_risk(at) {
            return false;
        }
        let rest: Vec<&str> = text.words[at + 1..]
            .iter()
            .take_while(|w| w.sentence == subject.sentence)
            .map(|w| w.text.as_str())
            .collect();
        // "someone else will chair it".
        let mut k = usize::from(rest.first() == Some(&"else"));
        while rest.get(k).is_some_and(|w| STEP_ADVERBS.contains(w)) {
            k += 1;
        }
        let mut moded = true;
        match rest.get(k..k + 3) {
            Some([_, "going", "to"]) if matches!(rest[k], "is" | "are") => k += 3,
            _ if matches!(rest.get(k), Some(&"will" | &"shall")) => k += 1,
            _ => moded = false,
        }
        while rest.get(k).is_some_and(|w| STEP_ADVERBS.contains(w)) {
            k += 1;
        }
        let Some(verb) = rest.get(k) else {
            return false;
        };
        let phrasal = PHRASAL_STEPS
            .iter()
            .any(|[base, particle]| is_form_of(verb, base) && rest.get(k + 1) == Some(particle));
        let hyphenated = hyphenated_at(text, at + 1 + k);
        let step = phrasal || a_step_verb(&hyphenated);
        // A past step ("she booked them last year") is no plan's answer.
        let past = (verb.ends_with("ed") || matches!(*verb, "took" | "taken"))
            && !STEPS_SAID.contains(verb);
        // Committed to ("he will refer people to the EAP"), any verb of a
        // step is one, as an owner's is ([`we_commit_to_a_step`]); what
        // befalls them or the plan ("he will be overwhelmed", "they will
        // drop the 1:1s", "she will burn out") is more risk (play-it30 B3).
        let committed = moded
            && verb.len() > 1
            && !UNDERGONE.contains(verb)
            && !HARMS.contains(verb)
            && !DEPARTING.contains(verb)
            && !HEDGES_ON_A_STEP.contains(verb)
            && !FINITE.contains(verb)
            && !STATEMENT_OPENERS.contains(verb)
            && crate::text::number_value(verb).is_none()
            && !Text::new(verb).has(RISK_WORDS);
        // "takes over" has its particle where an object would stand.
        ((step && !past) || committed || planned_in_the_present(text, at, verb))
            && rest.get(k + 1).is_some()
    })
}

/// Verbs of what a person goes through at work, in the present with a
/// time ("she works late in week 1", "he stays on the rota every week"):
/// the strain the risk is about, no step against it.
const STRAINS: &[&str] = &[
    "work", "stay", "sleep", "cope", "juggle", "carry", "spend", "cover", "absorb", "field",
];

/// Whether the subject at `at` takes a step in the plain present that the
/// plan schedules ("She picks the three steps in week 1 and demos progress
/// at the weekly stand-up", play-it36 B2): `verb` in the third person
/// present, with a time of the plan in its clause ([`scheduled_from`]),
/// and no verb of what befalls them ([`UNDERGONE`], [`HARMS`],
/// [`DEPARTING`], [`STRAINS`]), of a hedge or of the risk.
fn planned_in_the_present(text: &Text, at: usize, verb: &str) -> bool {
    let befalls = UNDERGONE
        .iter()
        .chain(HARMS)
        .chain(DEPARTING)
        .chain(STRAINS)
        .any(|base| is_form_of(verb, base));
    let present = verb.len() > 2 && verb.ends_with('s') && !verb.ends_with("ss");
    present
        && !befalls
        && !HEDGES_ON_A_STEP.contains(&verb)
        && !FINITE.contains(&verb)
        && !Text::new(verb).has(RISK_WORDS)
        && scheduled_from(text, at)
}

/// Whether `word` is a form of a verb of a step against a risk
/// ([`COUNTER_STEPS`], [`STEPS_SAID`]): "books", "ring-fences", "reviewed".
fn a_step_verb(word: &str) -> bool {
    COUNTER_STEPS
        .iter()
        .chain(STEPS_SAID)
        .any(|base| is_form_of(word, base))
}

/// Verbs whose passive says what befalls the plan rather than a step
/// taken on it: "her leave is blocked", "the review is held up", "more
/// work is added", "she is asked to cover", "the check is set to lapse".
const PASSIVE_HARMS: &[&str] = &[
    "block", "hold", "move", "add", "run", "keep", "give", "ask", "tell", "set", "start", "limit",
    "escalate", "bring", "name",
];

/// Words after a passive that turn it against the plan: "held up", "set
/// back", "set to lapse", "booked solid", "assigned more tickets".
const PASSIVE_TURNS: &[&str] = &["up", "back", "to", "down", "solid", "more", "extra"];

/// Words of the present or future passive before a participle: "are
/// reviewed", "is covered", "gets booked", "will be delegated", "has been
/// agreed".
const PASSIVE_AUX: &[&str] = &["is", "are", "gets", "get", "been"];

/// Whether, after the risk, a step is said to be taken in the present or
/// future passive, with no marker word: "Her other commitments are
/// reviewed in week 1 and delegated where possible", "her on-call shifts
/// are covered by a colleague", "the sprint capacity will be ring-fenced"
/// (play-it36 B2). The participle is a step's ([`a_step_verb`]), right
/// after "is", "are", "gets", "has been" or "will be" (an adverb of a step
/// between), in a clause nobody denies before it ("are not covered",
/// "nobody's shifts are covered") and not in the past ("were covered");
/// a participle of what befalls the plan ([`PASSIVE_HARMS`]: "her leave
/// is blocked") or one turned by its particle ("held up", "set to lapse")
/// is more risk, except "covered by" someone ("are covered by a
/// colleague").
fn a_step_is_taken(text: &Text) -> bool {
    let Some(first_sentence) = text.words.first().map(|w| w.sentence) else {
        return false;
    };
    let after_the_risk = |at: usize| {
        text.words[at].sentence != first_sentence || (1..=at).any(|k| ends_the_risk(text.gap(k)))
    };
    (1..text.len()).any(|at| {
        let sentence = text.words[at].sentence;
        let word_at = |k: usize| {
            text.words
                .get(k)
                .filter(|w| w.sentence == sentence)
                .map(|w| w.text.as_str())
        };
        let mut aux = at - 1;
        while aux > 0 && word_at(aux).is_some_and(|w| STEP_ADVERBS.contains(&w)) {
            aux -= 1;
        }
        let auxiliary = match word_at(aux) {
            Some("be") => aux
                .checked_sub(1)
                .and_then(word_at)
                .is_some_and(|w| matches!(w, "will" | "shall" | "ll" | "must")),
            Some(w) => PASSIVE_AUX.contains(&w),
            None => false,
        };
        if !auxiliary || !after_the_risk(at) {
            return false;
        }
        let participle = hyphenated_at(text, at);
        let passive_form = participle.ends_with("ed")
            || matches!(
                participle.as_str(),
                "kept" | "held" | "set" | "run" | "given" | "told"
            );
        let harm = PASSIVE_HARMS
            .iter()
            .any(|base| is_form_of(&participle, base));
        let particle = word_at(at + 1 + participle.matches('-').count());
        let covered_by = is_form_of(&participle, "cover") && particle == Some("by");
        let turned = particle.is_some_and(|p| PASSIVE_TURNS.contains(&p));
        let clause = text.words[at].clause;
        let denied = (0..at)
            .rev()
            .take_while(|&k| text.words[k].clause == clause)
            .any(|k| {
                NOBODY_DOES.contains(&text.words[k].text.as_str()) || text.words[k].text == "no"
            });
        passive_form && a_step_verb(&participle) && (covered_by || (!harm && !turned)) && !denied
    })
}

/// The roster's owners as the words that name them: each full name
/// (marked personal, so its first name alone names them too) and each
/// role in its usual short forms ("the EM", "head of eng", "TL";
/// para-it8, B5). The EAP provider is no owner of a step.
fn owner_names(case: &PlanCase) -> Vec<(Vec<String>, bool)> {
    case.roster
        .iter()
        .filter(|(owner, _)| *owner != Owner::Eap)
        .flat_map(|(owner, name)| {
            let roles: &[&str] = match owner {
                Owner::Manager => &["engineering manager", "em"],
                Owner::Hr => &["hr business partner", "hrbp", "hr partner"],
                Owner::Lead => &["team lead", "tech lead", "tl"],
                Owner::Head => &["head of engineering", "head of eng"],
                Owner::Eap => &[],
            };
            let words = |n: &str| n.split_whitespace().map(str::to_lowercase).collect();
            std::iter::once((words(name), true))
                .chain(roles.iter().map(move |role| (words(role), false)))
        })
        .collect()
}

/// How many words of `text` from word `at` name an owner of `names`: the
/// full name or role, or a person's first name alone; the longest.
fn owner_at(names: &[(Vec<String>, bool)], text: &Text, at: usize) -> Option<usize> {
    let sentence = text.words.get(at)?.sentence;
    names
        .iter()
        .filter_map(|(name, personal)| {
            let full = name.iter().enumerate().all(|(k, part)| {
                text.words
                    .get(at + k)
                    .is_some_and(|w| w.text == *part && w.sentence == sentence)
            });
            if full {
                Some(name.len())
            } else {
                (*personal
                    && name
                        .first()
                        .is_some_and(|first| text.words[at].text == *first))
                .then_some(1)
            }
        })
        .max()
}

/// The total of a list of amounts: one amount is the total; a first (or
/// last) amount equal to the sum of the others is the total with its items
/// ("$12,000 (cover $9,000, tools $3,000)"); otherwise the items are summed.
/// More than six amounts is a list of numbers, not a budget.
fn itemised_total(values: &[u64]) -> Option<u64> {
    match values {
        [] => None,
        [one] => Some(*one),
        [first, rest @ ..] if rest.len() < 6 && rest.iter().sum::<u64>() == *first => Some(*first),
        [rest @ .., last] if rest.len() < 6 && rest.iter().sum::<u64>() == *last => Some(*last),
        items if items.len() <= 6 => Some(items.iter().sum()),
        _ => None,
    }
}

/// The amount of a short list that the others add up to, if there are at
/// least two others.
fn sum_of_the_others(values: &[u64]) -> Option<u64> {
    if values.len() < 3 || values.len() > 7 {
        return None;
    }
    let sum: u64 = values.iter().sum();
    values.iter().copied().find(|v| sum - v == *v)
}

/// Words between two amounts that make them alternatives or a range
/// rather than items: "$9,000 or $12,000", "between $9,000 and $12,000",
/// "$9,000-$12,000" ("to" is [`RANGE_TO`]'s).
const ALTERNATIVE: &[&str] = &[
    "or",
    "either",
    "alternatively",
    "possibly",
    "maybe",
    "perhaps",
    "max",
    "maximum",
    "ideally",
    "otherwise",
    "else",
    "if",
];

/// How many words between two amounts may hold a "to" that makes them a
/// range ("$9k to $12k", "$10,000, up to $12,000"): further apart, "to"
/// belongs to an item ("a contractor to help automate deployments
/// $4,500").
const RANGE_TO: usize = 2;

/// Words that give an amount's currency, not a link between two amounts.
const CURRENCY: &[&str] = &["usd", "us", "dollars", "dollar"];

/// Whether the amounts after `found[k]` open with its breakdown: two or
/// more parts, each naming what it pays for, that add up to it ("$5,000 -
/// $2,000 for counselling, $3,000 for cover"). A dash before such parts
/// introduces them; it makes no range.
fn broken_down(text: &Text, found: &[Amount], k: usize) -> bool {
    let Some(total) = found.get(k).map(|a| a.dollars) else {
        return false;
    };
    let mut sum = 0u64;
    for (j, part) in found.iter().enumerate().skip(k + 1) {
        let end = found.get(j + 1).map_or(text.len(), |next| next.at);
        let named = text
            .words
            .get(part.at + 1..end)
            .is_some_and(|words| words.iter().any(|w| !CURRENCY.contains(&w.text.as_str())));
        sum = sum.saturating_add(part.dollars);
        if !named || sum > total {
            return false;
        }
        if sum == total {
            return j > k + 1;
        }
    }
    false
}

/// Words that mark a range as the stated one, echoed beside the answer.
const ECHO: &[&str] = &[
    "range",
    "within",
    "inside",
    "available",
    "allowed",
    "stated",
    "envelope",
    "limit",
    "limits",
];

/// Nouns beside an amount that make it the stated limit ("the $11,250
/// cap", "cap: $11,250", "$14,000 available").
const LIMIT_NOUNS: &[&str] = &[
    "cap",
    "capped",
    "limit",
    "ceiling",
    "maximum",
    "max",
    "minimum",
    "min",
    "floor",
    "available",
    "allowed",
    "allowance",
    "envelope",
    "range",
];

/// Words right before the stated limit in the total's own clause: "within
/// the $11,250 cap", "out of $14,000".
const LIMIT_BEFORE: &[&str] = &[
    "within", "under", "below", "beneath", "inside", "above", "over", "against", "out",
];

/// Words beside an amount that make it what the total leaves of the limit:
/// "leaving $500 spare", "$500 under the cap", "$500 of headroom".
const REMAINDER: &[&str] = &[
    "spare",
    "left",
    "leftover",
    "leaving",
    "leaves",
    "remaining",
    "remains",
    "headroom",
    "unspent",
    "unused",
    "unallocated",
    "margin",
    "buffer",
    "under",
    "below",
    // "$1,250 held back", "$1,250 in reserve" (para-it8).
    "held",
    "reserve",
    "reserved",
    "contingency",
];

/// Takes out of `found` the amounts that are not the total: the stated
/// limit, mentioned as such ("$10,750, within the $11,250 cap", "out of the
/// $14,000 available"), and what the total leaves of it ("leaving $500
/// spare"). Each must equal the stated bound (or the bound less another
/// amount) and be worded as one; a limit offered as an alternative ("or up
/// to the $11,250 cap") stays, a hedge.
fn set_aside_the_limit(text: &Text, found: &mut Vec<Amount>, lo: u64, hi: u64) {
    let limit = |k: usize| {
        let a: Amount = found[k];
        let bound = a.dollars == hi || (lo > 0 && a.dollars == lo);
        // "$14,750 of $16,000": a total said as a share of the limit.
        let share_of = k > 0
            && text
                .words
                .get(a.at.wrapping_sub(1))
                .is_some_and(|w| w.text == "of")
            && found[k - 1].at + 2 == a.at;
        let worded = share_of
            || cue_near(text, a.at, (3, 0), Reach::Clause, LIMIT_BEFORE)
            || cue_near(text, a.at, (3, 0), Reach::Sentence, LIMIT_NOUNS)
            || cue_near(text, a.at, (0, 2), Reach::Clause, LIMIT_NOUNS)
            || cue_near(text, a.at, (0, 2), Reach::Clause, &["budget"]);
        let between = k
            .checked_sub(1)
            .map_or(&[][..], |p| &text.words[found[p].at + 1..a.at]);
        let offered = between
            .iter()
            .any(|w| ALTERNATIVE.contains(&w.text.as_str()))
            || between
                .windows(2)
                .any(|w| w[0].text == "up" && w[1].text == "to");
        bound && worded && !offered
    };
    let limits: Vec<bool> = (0..found.len()).map(limit).collect();
    let mut k = 0;
    found.retain(|_| {
        k += 1;
        !limits[k - 1]
    });
    let remainders: Vec<bool> = found
        .iter()
        .map(|r| {
            found
                .iter()
                .any(|t| t.at != r.at && t.dollars.checked_add(r.dollars) == Some(hi))
                && cue_near(text, r.at, (3, 5), Reach::Clause, REMAINDER)
        })
        .collect();
    let mut k = 0;
    found.retain(|_| {
        k += 1;
        !remainders[k - 1]
    });
}

/// Words that open amounts the answer weighs before it commits: "I
/// hesitated between ~$4,500 and the full $7,500", "I weighed $7,500",
/// "I considered $5,000". [`DOUBTS`] open them only when denied.
const WEIGHING: &[&str] = &[
    "hesitated",
    "weighed",
    "considered",
    "debated",
    "wondered",
    "toyed",
    "unsure",
    "uncertain",
];

/// Words that weigh an amount after a "not": "I'm not sure it shouldn't
/// be the full $7,500", "not certain", "not convinced".
const DOUBTS: &[&str] = &["sure", "certain", "convinced"];

/// Words that turn from what is weighed to the commitment ("but I'll
/// commit to $6,000", "so I settle on ..."); a [`COMMIT_TO`] word ends
/// what is weighed too ("and chose $6,000").
const TURNS: &[&str] = &[
    "but", "yet", "however", "though", "although", "still", "so", "decided", "landed",
];

/// Words right before an amount that commit to it: "I'll commit to
/// $6,000", "settle on", "go with", "chose", "I'll ask for", "Total:".
const COMMIT_TO: &[&str] = &[
    "commit",
    "committing",
    "settle",
    "settled",
    "settling",
    "go",
    "going",
    "went",
    "choose",
    "chose",
    "chosen",
    "choosing",
    "pick",
    "picked",
    "opt",
    "opted",
    "ask",
    "asking",
    "request",
    "requesting",
    "total",
    "final",
];

/// How many words before an amount a [`COMMIT_TO`] word may stand: "I'll
/// commit to a total of $6,000".
const COMMIT_REACH: usize = 4;

/// Words right before an amount that set it aside as compared, not
/// budgeted: "$6,000 rather than the full $7,500", "instead of $7,500",
/// "not the full $7,500".
const SET_ASIDE: &[&[&str]] = &[
    &["rather", "than"],
    &["instead", "of"],
    &["not", "the", "full"],
    &["not", "the", "whole"],
    &["not", "the", "entire"],
    &["compared", "with"],
    &["compared", "to"],
];

/// How many words before an amount a [`SET_ASIDE`] phrase may end: "rather
/// than the full $7,500".
const SET_ASIDE_REACH: usize = 3;

/// Takes out of `found` the amounts the answer weighs or compares and sets
/// aside, when an amount is left that it commits to ([`COMMIT_TO`] before
/// it in its clause, or one it prefers by a [`SET_ASIDE`] phrase)
/// (play-it31 B2): those after a word of [`WEIGHING`] (or a denied
/// [`DOUBTS`] word) in its sentence, up to the turn to the commitment
/// ([`TURNS`], [`COMMIT_TO`]), and those right after a [`SET_ASIDE`]
/// phrase. "I hesitated between ~$4,500 and the full $7,500; ... I'll
/// commit to $6,000: $2,500 ..., $2,000 ..., $1,500 ..." is $6,000 with
/// its breakdown; "$6,000 (I weighed $7,500 but chose $6,000)" is $6,000.
/// Amounts with no commitment ("I'm not sure: $4,500 or $7,500", "$6,000;
/// I weighed $7,500") are left as they are: a hedge, or the sum.
fn set_aside_the_weighed(text: &Text, found: &mut Vec<Amount>) {
    let words = &text.words;
    let weighs = |i: usize| {
        let w = words[i].text.as_str();
        WEIGHING.contains(&w)
            || (DOUBTS.contains(&w)
                && (i.saturating_sub(3)..i).any(|k| {
                    words[k].clause == words[i].clause
                        && matches!(words[k].text.as_str(), "not" | "never")
                }))
    };
    let weighed = |at: usize| {
        let sentence = words[at].sentence;
        (0..at)
            .rev()
            .take_while(|&k| {
                let w = words[k].text.as_str();
                words[k].sentence == sentence && !TURNS.contains(&w) && !COMMIT_TO.contains(&w)
            })
            .any(weighs)
    };
    let compared = |at: usize| {
        SET_ASIDE.iter().any(|phrase| {
            (0..=SET_ASIDE_REACH).any(|gap| {
                let Some(start) = at.checked_sub(gap + phrase.len()) else {
                    return false;
                };
                words[start..start + phrase.len()]
                    .iter()
                    .zip(phrase.iter())
                    .all(|(w, p)| w.text == *p && w.clause == words[at].clause)
            })
        })
    };
    let committed = |at: usize| {
        (at.saturating_sub(COMMIT_REACH)..at).any(|k| {
            words[k].clause == words[at].clause && COMMIT_TO.contains(&words[k].text.as_str())
        })
    };
    let aside: Vec<bool> = found
        .iter()
        .map(|a| weighed(a.at) || compared(a.at))
        .collect();
    // "$6,000 rather than $7,500" chooses as it compares.
    let commitment = found
        .iter()
        .zip(&aside)
        .any(|(a, set)| !set && committed(a.at))
        || found.iter().any(|a| compared(a.at));
    if !commitment || aside.iter().all(|a| *a) || !aside.iter().any(|a| *a) {
        return;
    }
    let mut k = 0;
    found.retain(|_| {
        k += 1;
        !aside[k - 1]
    });
}

/// How far a cue may stand from the amount it is about.
#[derive(Clone, Copy)]
enum Reach {
    Clause,
    Sentence,
}

/// Whether a word of `cues` stands within `before` words before word `at`
/// or `after` words after it, in its clause or sentence.
fn cue_near(
    text: &Text,
    at: usize,
    (before, after): (usize, usize),
    reach: Reach,
    cues: &[&str],
) -> bool {
    let words = &text.words;
    let Some(word) = words.get(at) else {
        return false;
    };
    (at.saturating_sub(before)..(at + after + 1).min(words.len()))
        .filter(|&k| k != at)
        .any(|k| {
            let w = &words[k];
            let joined = match reach {
                Reach::Clause => w.clause == word.clause,
                Reach::Sentence => w.sentence == word.sentence,
            };
            joined && cues.contains(&w.text.as_str())
        })
}

/// The totals one budget section states: one total, or (for a range or
/// alternatives) every amount offered.
pub(super) fn budget_totals(body: &str, lo: u64, hi: u64) -> OneValue<u64> {
    let text = Text::new(body);
    let mut found = amounts(&text);
    // "$11,500 (inside the $8,000 to $14,000 range)": the stated range,
    // echoed as such, is not part of the answer. Bare bounds ("between
    // $8,000 and $14,000") are a range, and a range is no total.
    let echo = found.windows(2).position(|pair| {
        let (a, b) = (pair[0], pair[1]);
        let around = text.words[a.at.saturating_sub(3)..(b.at + 3).min(text.len())]
            .iter()
            .any(|w| ECHO.contains(&w.text.as_str()));
        a.dollars == lo && b.dollars == hi && around
    });
    if let Some(k) = echo {
        found.drain(k..k + 2);
    }
    set_aside_the_limit(&text, &mut found, lo, hi);
    set_aside_the_weighed(&text, &mut found);
    let between = |k: usize| -> bool {
        let (a, b) = (&found[k], &found[k + 1]);
        let words = &text.words[a.at + 1..b.at];
        // "$9,000-$12,000", "USD 9,000 - USD 12,000": a mark and at most
        // the currency between two amounts makes them a range, unless what
        // follows is the first amount's breakdown.
        let marked = |marks: &[char]| {
            words.iter().all(|w| CURRENCY.contains(&w.text.as_str()))
                && (a.at + 1..=b.at).any(|i| text.gap(i).contains(marks))
        };
        let ranged = marked(&['/'])
            || (marked(&['-', '\u{2013}', '\u{2014}']) && !broken_down(&text, &found, k));
        let offered = words.iter().any(|w| ALTERNATIVE.contains(&w.text.as_str()))
            || (words.len() <= RANGE_TO && words.iter().any(|w| w.text == "to"));
        let opened = a.at > 0
            && text.words[..a.at]
                .iter()
                .rev()
                .take(2)
                .any(|w| matches!(w.text.as_str(), "between" | "from"));
        ranged || offered || (opened && words.iter().any(|w| w.text == "and"))
    };
    let hedged = (0..found.len().saturating_sub(1)).any(between);
    if hedged {
        return OneValue::of(found.iter().map(|a| a.dollars));
    }
    let values: Vec<u64> = found.iter().map(|a| a.dollars).collect();
    // A total with its breakdown, in any order ("$7,200 in total — $3,500
    // for ..., $2,500 for ..."): the amount the others add up to.
    if let Some(total) = sum_of_the_others(&values) {
        return OneValue::One(total);
    }
    // "$8,500, because P1 ($2,000) + P5 ($1,750) + P8 ($4,750) = $8,500":
    // the total said again after its breakdown (para-it7).
    let restated = values.iter().enumerate().find_map(|(i, v)| {
        if !values[i + 1..].contains(v) {
            return None;
        }
        let mut once = values.clone();
        once.remove(i);
        sum_of_the_others(&once).filter(|total| total == v)
    });
    if let Some(total) = restated {
        return OneValue::One(total);
    }
    let total_at = text
        .words
        .iter()
        .position(|w| matches!(w.text.as_str(), "total" | "overall" | "altogether"));
    let total = match total_at {
        Some(at) if !found.is_empty() => {
            // "$7,200 in total — $3,500 ...": the amount right before the
            // word, in its clause, is the total; else the nearest one.
            let before = found.iter().rev().find(|a| {
                a.at < at && at - a.at <= 2 && text.words[a.at].clause == text.words[at].clause
            });
            before
                .or_else(|| found.iter().min_by_key(|a| a.at.abs_diff(at)))
                .map(|a| a.dollars)
        }
        _ => itemised_total(&values),
    };
    OneValue::of(total)
}

/// Words a paragraph may open with and still be the budget's: an
/// alternative or an addition to what it gives ("or $9,000 if ...", "plus
/// $500 ...") and the words of a total or its parts ("Total: ...",
/// "Breakdown: ...").
const BUDGET_GOES_ON: &[&str] = &[
    "or",
    "and",
    "plus",
    "minus",
    "alternatively",
    "either",
    "total",
    "overall",
    "altogether",
    "subtotal",
    "sum",
    "breakdown",
    "including",
    "excluding",
];

/// Words of a paragraph that works the total out from its parts ("That
/// is $2,000 + $1,500 + ...", "the breakdown: ..."): the budget's own
/// working, wherever it stands.
const BUDGET_WORKING: &[&str] = &[
    "total",
    "totals",
    "subtotal",
    "sum",
    "breakdown",
    "itemised",
    "itemized",
];

/// Whether `line`, the first of a paragraph after a blank line under the
/// budget, goes on with the budget: a list item or table row, a line that
/// opens with an amount, a number, an intervention id or a word of
/// [`BUDGET_GOES_ON`], or one that works a total out ("+", "=",
/// [`BUDGET_WORKING`]).
fn goes_on_with_the_budget(line: &Line) -> bool {
    let plain = line.plain.trim_start();
    let text = Text::new(plain);
    let opens = plain.starts_with(['$', '\u{a3}', '\u{20ac}', '+', '=', '(', '~'])
        || text.words.first().is_some_and(|w| {
            let id = w.text.len() > 1
                && w.text.starts_with(|c: char| c.is_ascii_alphabetic())
                && w.text[1..].bytes().all(|b| b.is_ascii_digit());
            w.text.starts_with(|c: char| c.is_ascii_digit())
                || id
                || BUDGET_GOES_ON.contains(&w.text.as_str())
        });
    line.listed
        || line.cells.is_some()
        || opens
        || plain.contains(['+', '='])
        || text.has(BUDGET_WORKING)
}

/// The budget section up to where its content ends: a closing line ("Kind
/// regards,", "Cheers,") and whatever follows it, or a paragraph after a
/// blank line that does not go on with the budget (a caveat or aside of
/// the letter, [`goes_on_with_the_budget`]). An amount such prose weighs
/// ("the $5,500 mid-plan review would break the budget") is no budget line
/// (play-para-it19 B3); a list, a range or alternatives inside the section
/// are still read whole.
pub(super) fn budget_text(section: &Section) -> String {
    let mut kept: Vec<&str> = Vec::new();
    let mut after_blank = false;
    for line in &section.lines {
        if line.is_blank() {
            after_blank = !kept.is_empty();
            continue;
        }
        let ended = (after_blank && !goes_on_with_the_budget(line))
            || (line.cells.is_none() && is_closing_line(&line.plain));
        if ended {
            break;
        }
        after_blank = false;
        kept.push(line.plain.as_str());
    }
    kept.join("\n")
}

fn budget(case: &PlanCase, parsed: &Parsed) -> (Points, String) {
    let (lo, hi) = (
        u64::from(case.card.budget_min),
        u64::from(case.card.budget_max),
    );
    let totals = parsed
        .copies("budget")
        .map(|s| budget_totals(&budget_text(s), lo, hi))
        .fold(OneValue::Missing, OneValue::and);
    let read = match &totals {
        OneValue::One(t) => format!("${t}"),
        OneValue::Missing => "no total".to_owned(),
        OneValue::Hedged(_) => "a range or alternatives, not one total".to_owned(),
    };
    // A range is not one total even when both ends are inside.
    let inside = totals.one().is_some_and(|t| (lo..=hi).contains(t));
    let note = format!("Budget: read {read}; the range is ${lo} to ${hi}.");
    (if inside { Points::FULL } else { Points::ZERO }, note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::it_mental_health::scenario::{Case, TaskKind};
    use crate::it_mental_health::writers::Style;

    #[test]
    fn the_openers_of_titles_left_out_are_their_phrases_first_words() {
        let mut firsts: Vec<&str> = TITLES_LEFT_OUT
            .iter()
            .flat_map(|list| list.iter())
            .filter_map(|phrase| phrase.split([' ', '-', '/']).next())
            .collect();
        crate::order::sort(&mut firsts);
        firsts.dedup();
        assert_eq!(firsts, TITLES_LEFT_OUT_OPENERS);
        // `may_hold_word` takes whole words of lower-case letters.
        assert!(
            firsts
                .iter()
                .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase()))
        );
    }

    #[test]
    fn a_person_off_the_roster_is_someone_else() {
        let case = super::super::generate_at(2, 5);
        let manager = case.name_of(Owner::Manager).to_owned();
        let first = manager.split_whitespace().next().unwrap_or_default();
        let surname = |taken: &str| {
            LAST_NAMES
                .iter()
                .find(|n| !taken.ends_with(*n))
                .copied()
                .unwrap_or_default()
        };
        let stranger = FIRST_NAMES
            .iter()
            .find(|n| case.roster.iter().all(|(_, name)| !name.starts_with(*n)))
            .copied()
            .unwrap_or_default();
        let other =
            |owner: &str| names_someone_else(&case, &format!("Cap overtime (owner: {owner})"));
        assert!(!other(&manager));
        assert!(!other(first));
        assert!(!other(&format!("{manager}, engineering manager")));
        assert!(other(&format!("{first} {}", surname(&manager))));
        assert!(other(&format!("{stranger} {}", surname(""))));
        assert!(other(stranger));
    }

    /// Case `seed` at `level` and its reference with every roster name
    /// replaced by another team's people (what another case's answer has).
    fn with_other_people(level: u8, seed: u64) -> (Case, String) {
        let case = Case::generate_at(TaskKind::InterventionPlan, level, seed);
        let mut answer = case.write(Style::Reference);
        if let Case::Plan(plan) = &case {
            let other = super::super::generate_at(level, seed + 1);
            for ((_, ours), (_, theirs)) in plan.roster.iter().zip(&other.roster) {
                answer = answer.replace(ours.as_str(), theirs);
            }
        }
        (case, answer)
    }

    #[test]
    fn another_teams_plan_earns_nothing_for_its_form() {
        for seed in 0..20 {
            let (case, answer) = with_other_people(2, seed);
            let grade = case.grade(&answer);
            for criterion in [
                "stressor_coverage",
                "kpis",
                "risk",
                "budget",
                "owners",
                "weekly_structure",
            ] {
                assert_eq!(
                    grade.criteria[criterion],
                    Points::ZERO,
                    "{criterion} {grade:?}"
                );
            }
            assert!(
                grade.notes.iter().any(|n| n.contains("aimed at this team")),
                "{:?}",
                grade.notes
            );
        }
        // The same plan with this team's people is the reference.
        let case = Case::generate_at(TaskKind::InterventionPlan, 2, 0);
        assert_eq!(
            case.grade(&case.write(Style::Reference)).total,
            Points::FULL
        );
    }

    #[test]
    fn itemised_budgets_are_read_as_their_total() {
        let total = |t: &str| budget_totals(t, 8000, 14_000);
        assert_eq!(
            total("$12,000 (contractors $9,000, tools $2,000, EAP $1,000)"),
            OneValue::One(12000)
        );
        assert_eq!(
            total("cover $9,000 + tools $3,000 = $12,000"),
            OneValue::One(12000)
        );
        assert_eq!(total("cover $9,000 and tools $3,000"), OneValue::One(12000));
        for breakdown in [
            "$7,200 in total — $3,500 for a facilitator, $2,500 for counselling, $1,200 for tooling",
            "$7,200 total, for: offsite $4,000; a contractor to help automate $2,000; EAP $1,200",
            "$7,200 overall, made up of a contractor ($5,500), a facilitator ($1,200) and EAP ($500)",
            "$7,200 in total: $3,500 for cover, $2,000 and $1,700 for the rest",
            "cover $3,500, facilitator $2,500 and tools $1,200: $7,200 in all",
        ] {
            assert_eq!(total(breakdown), OneValue::One(7200), "{breakdown}");
        }
        assert_eq!(
            total("$7,200 in total — $3,500 for a facilitator and the rest for counselling"),
            OneValue::One(7200)
        );
        assert_eq!(total("$1 $2 $3 $4 $5 $6 $7 $8"), OneValue::Missing);
        // The amount committed to, beside amounts weighed and set aside
        // (play-it31 B2).
        for committed in [
            "$12,000. I hesitated between the low end (~$9,000) and the full $14,000; I'm not \
             certain we need it, but I'll commit to $12,000: $9,000 for cover, $3,000 for tools.",
            "$12,000. I'm not fully sure it shouldn't be the full $14,000, but I'll commit to \
             $12,000.",
            "$12,000 (I weighed $14,000 but chose $12,000)",
            "I'll ask for $12,000 rather than the full $14,000.",
            "I considered $9,000 and $14,000, and settled on $12,000.",
        ] {
            assert_eq!(total(committed), OneValue::One(12000), "{committed}");
        }
        for hedge in [
            "I hesitated between $9,000 and $12,000.",
            "$12,000; I weighed $13,000 too.",
            "I'll commit to $12,000, or $13,000 if cover runs long.",
            "I considered $9,000, and I'll commit to $10,000 or $12,000.",
        ] {
            assert_ne!(total(hedge), OneValue::One(12000), "{hedge}");
        }
        assert_eq!(
            total("$11,500 (inside the $8,000 to $14,000 range)"),
            OneValue::One(11500)
        );
        for hedge in [
            "between $9,000 and $12,000",
            "$9,000 or $12,000",
            "$9,000-$12,000",
            "$9k to $12k",
            "$10,000, or up to $12,000 if cover is needed",
            "$9,000, $10,000 or $11,000",
            "between $8,000 and $14,000",
            "between $8,000 and $14,000, or $11,000 with cover",
        ] {
            assert!(total(hedge).is_hedged(), "{hedge}");
        }
    }

    #[test]
    fn the_stated_limit_and_what_is_left_of_it_are_not_the_total() {
        // A catalogue level: a cap of $11,250 (play-it5 B4).
        let capped = |t: &str| budget_totals(t, 0, 11_250);
        for total in [
            "$10,750 (P1 $2,500 + P2 $2,000 + P4 $1,500 + P10 $4,750), within the $11,250 cap.",
            "$10,750, within the $11,250 cap.",
            "$10,750, under the $11,250 limit",
            "$10,750 out of the $11,250 available",
            "$10,750 of an $11,250 budget cap",
            "Cap: $11,250. Total: $10,750 (P1 $2,500, P2 $2,000, P4 $1,500, P10 $4,750).",
            "$10,750, leaving $500 spare under the $11,250 cap",
            "$10,750 ($500 below the $11,250 cap)",
            "$10,750 (P1 $2,500 + P2 $2,000 + P4 $1,500 + P10 $4,750), close to the $11,250 cap",
            // A share of the cap, and what is held back (para-it8, B2).
            "$10,750 of $11,250 (P1 $2,500 + P2 $2,000 + P4 $1,500 + P10 $4,750); $500 is kept in \
             reserve.",
            "$10,750 of $11,250; $500 held back for overruns",
            "$10,750; $500 held back",
            "$10,750 ($500 of the cap held back)",
            "$10,750 of $11,250 ($500 spare)",
        ] {
            assert_eq!(capped(total), OneValue::One(10_750), "{total}");
        }
        // The total may be the cap itself.
        assert_eq!(
            capped("$11,250 (P1 $5,000 + P2 $6,250), exactly the $11,250 cap"),
            OneValue::One(11_250)
        );
        for hedge in [
            "$10,750 or $11,250",
            "$10,750, or up to the $11,250 cap",
            "$10,750 or $12,000",
        ] {
            assert!(capped(hedge).is_hedged(), "{hedge}");
        }
        // No total beside the cap; a cap other than the stated one and a
        // remainder that does not leave the cap stay amounts of the answer.
        assert_eq!(capped("within the $11,250 cap"), OneValue::Missing);
        assert_ne!(
            capped("$10,750, within the $12,000 cap"),
            OneValue::One(10_750)
        );
        assert_ne!(
            capped("$10,750, leaving $1,000 spare"),
            OneValue::One(10_750)
        );
        // A share of another amount than the cap is no share of it.
        assert_ne!(capped("$10,750 of $12,000"), OneValue::One(10_750));
        // A range's bounds, each worded as a bound (levels 1 to 3).
        let ranged = |t: &str| budget_totals(t, 8000, 14_000);
        for total in [
            "$11,500, well under the $14,000 maximum",
            "$11,500 of the $14,000 available",
            "$11,500, above the $8,000 minimum and below the $14,000 ceiling",
            "$11,500, leaving $2,500 of headroom",
        ] {
            assert_eq!(ranged(total), OneValue::One(11_500), "{total}");
        }
    }

    /// The stressors an action line targets, in order.
    fn aims(line: &str) -> Vec<&'static str> {
        aims_for(line, &VENUES.iter().copied().collect())
    }

    /// [`aims`] for a team whose stressors are `gold`.
    fn aims_for(line: &str, gold: &BTreeSet<&str>) -> Vec<&'static str> {
        action_metrics(&Text::new(line), gold)
            .0
            .into_iter()
            .map(|(_, id)| id)
            .collect()
    }

    #[test]
    fn work_set_outside_working_hours_is_no_step_on_overtime() {
        // Overtime added, whatever the line says of overtime (play-it37
        // row 34).
        let gold: BTreeSet<&str> = ["incidents", "overtime", "staffing"].into_iter().collect();
        for line in [
            "Add a Saturday catch-up session every week so the backlog clears faster and \
             overtime during the week is no longer needed. Owner: Ibrahim Suzuki. Outcome: \
             overtime becomes predictable.",
            "Ask everyone to stay an extra hour each evening until the backlog is gone. Owner: \
             Ibrahim Suzuki. Outcome: backlog cleared, overtime handled.",
            "Move the retro to 7pm so it stops eating into the sprint; outcome: less overtime.",
            "Hold a mandatory Saturday working session each week to bring overtime down.",
            "Have the team work late on Thursdays to catch up. Outcome: overtime evens out.",
            "Book a Sunday release window each sprint so weekday overtime drops.",
            "Schedule an evening sync at 8pm every day to keep overtime in check.",
        ] {
            assert!(!aims_for(line, &gold).contains(&"overtime"), "{line}");
        }
        // Out-of-hours work ended, barred, moved into the day, or named as
        // a topic; cover in the evening.
        for line in [
            "Cancel the Saturday catch-up session so overtime falls.",
            "No one stays past 6pm, and overtime is reviewed weekly.",
            "Move the retro into core hours to cut overtime.",
            "Move the retro from 7pm to 2pm to cut overtime.",
            "Stop asking people to stay late; cap overtime at 5 hours a week.",
            "Review the numbers on weekend work and cap overtime at 5 hours.",
            "Cap overtime at 45 hours a week, with evening work moved into core hours.",
        ] {
            assert_eq!(aims_for(line, &gold), ["overtime"], "{line}");
        }
    }

    #[test]
    fn a_verb_of_one_item_on_another_items_object_targets_the_object() {
        // A word of an item that says what the action does, applied to
        // another item's object, targets that object (play-it31 B1).
        let gold: BTreeSet<&str> = ["on_call", "overtime", "priorities", "toil"]
            .into_iter()
            .collect();
        for (line, want) in [
            (
                "Restructure the on-call rota (add a secondary, borrow volunteers) so engineers \
                 are on call less often.",
                "on_call",
            ),
            (
                "Restructuring of the on-call rota (add a secondary).",
                "on_call",
            ),
            (
                "Restructure the on-call rota so engineers are on call less often.",
                "on_call",
            ),
            (
                "A reorganisation of the pager rotation, agreed with the team.",
                "on_call",
            ),
            ("Restructure the platform team's on-call rota.", "on_call"),
            ("Restructure the whole of the on-call rota.", "on_call"),
            ("Reshuffle the on-call rota so the load is fair.", "on_call"),
            ("Staffing the on-call rota with a second person.", "on_call"),
            (
                "Respect people's working hours: no messages after 6pm.",
                "overtime",
            ),
            (
                "Socialise the roadmap freeze with stakeholders.",
                "priorities",
            ),
            ("Deploy a pager noise filter to cut night pages.", "on_call"),
        ] {
            assert_eq!(aims_for(line, &gold), [want], "{line}");
        }
        // With no other item as its object, the reorganisation is named.
        for line in [
            "Restructure the team.",
            "A reorganisation of the platform group.",
            "Restructure the on-call team.",
            "Hold a Q&A on the restructuring.",
            "Restructure reporting lines around the on-call rota.",
        ] {
            assert_eq!(aims_for(line, &gold).first(), Some(&"reorg"), "{line}");
        }
        for line in [
            "Restructure the team so the on-call rota is lighter.",
            "Restructure the team and the on-call rota.",
        ] {
            assert_eq!(aims_for(line, &gold), ["reorg", "on_call"], "{line}");
        }
    }

    #[test]
    fn a_hire_for_the_backlog_is_the_means_of_overtime() {
        // Where overtime is the stressor and staffing within its threshold
        // (play-it31 C1).
        let overtime: BTreeSet<&str> = ["overtime", "toil"].into_iter().collect();
        for line in [
            "Engage a contractor to take overflow backlog. Owner: Aisha Andersen. Outcome: \
             reduced workload per person.",
            "Hire a contractor for the backlog.",
            "Bring in a contractor; outcome: less workload.",
        ] {
            assert_eq!(aims_for(line, &overtime), ["overtime"], "{line}");
        }
        for line in [
            "Bring in a contractor.",
            "Hire a contractor to cover the backlog of the colleagues on leave.",
            "Backfill the long-term leave; outcome: less workload.",
        ] {
            assert_eq!(aims_for(line, &overtime), ["staffing"], "{line}");
        }
        let staffing: BTreeSet<&str> = ["overtime", "staffing"].into_iter().collect();
        assert_eq!(
            aims_for("Engage a contractor to take overflow backlog.", &staffing),
            ["staffing"]
        );
    }

    #[test]
    fn hiring_reads_its_word_forms() {
        // The head of engineering's remit, "hiring and contractors", in
        // any form of its words (play-it31 B3).
        for line in [
            "Contract extra capacity for the backlog behind the overtime.",
            "Contracting a specialist for the overtime backlog.",
            "Outsource the overflow work behind the overtime.",
            "Two engineers hired on short contracts to cut overtime.",
        ] {
            assert!(hires(&Text::new(line)), "{line}");
        }
        for line in [
            "Cap the hours beyond contract at 5 a week.",
            "Keep everyone to their contracted hours.",
            "Nobody works past their contract hours.",
            "Review the overtime clause of the contract.",
        ] {
            assert!(!hires(&Text::new(line)), "{line}");
        }
    }

    #[test]
    fn an_item_said_to_stay_as_it_is_is_not_tackled() {
        // A line or clause saying nothing is done to an item tackles
        // nothing, inside a week too (play-it29 B2).
        for left in [
            "No change to the on-call rota (every 11 days is fine), nor to incident handling (1 \
             last month).",
            "The on-call rota stays as it is (every 11 days is fine).",
            "No changes to the on-call rota: every 11 days is fine.",
            "No change to incidents or toil, both well inside their thresholds.",
            "Leave the on-call rota alone; every 11 days is within threshold.",
            "On-call rota unchanged (every 11 days).",
            "The rota remains unchanged and incidents stay as they are.",
            "Keep the on-call rota as it is.",
            "Nothing on incidents this month: 1 last month is well under six.",
            "No action on toil (10% of time).",
            "Incident handling is left as it is.",
        ] {
            assert_eq!(aims(left), Vec::<&str>::new(), "{left}");
        }
        // The action beside such a clause still tackles its own.
        for line in [
            "Cap overtime at 45 hours a week, with no change to the on-call rota.",
            "Cap overtime at 45 hours a week; the on-call rota stays as it is.",
        ] {
            assert_eq!(aims(line), ["overtime"], "{line}");
        }
        // Near misses: a change, a cap, an aim kept by a step, a rule for
        // changing, a step after "but", a freeze of what changes too much.
        for (line, aim) in [
            (
                "Change the on-call rota so nobody does two weeks running.",
                "on_call",
            ),
            ("No more than one on-call week in four", "on_call"),
            ("Keep incidents low by adding a runbook", "incidents"),
            (
                "No changes to the on-call rota without a week's notice.",
                "on_call",
            ),
            (
                "Keep the rota as it is but add a second person on nights.",
                "on_call",
            ),
            (
                "Keep the rota as it is and add a second person on nights.",
                "on_call",
            ),
            (
                "Pair engineers so nobody handles incidents alone.",
                "incidents",
            ),
            ("No pager alerts outside the rota hours.", "on_call"),
            ("No work outside working hours from week 2.", "overtime"),
            (
                "No changes to the roadmap for the rest of the quarter.",
                "priorities",
            ),
            (
                "The roadmap stays as it is until the quarter ends.",
                "priorities",
            ),
            (
                "Cap overtime so the on-call rota stays as it is.",
                "overtime",
            ),
        ] {
            assert_eq!(aims(line).first(), Some(&aim), "{line}");
        }
    }

    #[test]
    fn a_meeting_held_for_another_item_is_its_means() {
        // 1:1s held with a focus or an outcome on another item, where the
        // profile does not call for 1:1s, tackle that item (play-it29 B1).
        let gold: BTreeSet<&str> = ["overtime", "priorities", "reorg", "staffing"]
            .into_iter()
            .collect();
        for line in [
            "Aleksander Murphy runs 1:1s focused on workload; outcome: overtime keeps trending \
             down.",
            "Aleksander Murphy (engineering manager): hold 1:1s on workload and cut overtime by \
             moving non-urgent work - expected outcome: overtime down from 16 hours.",
            "Hold 1:1s about workload. Outcome: overtime falls.",
            "Run weekly 1:1s to review each person's overtime.",
            "Hold a team lunch to talk through the overtime cap.",
            "Have 1:1s with each engineer on their hours; outcome: overtime under 6 hours a week.",
        ] {
            assert_eq!(aims_for(line, &gold), ["overtime"], "{line}");
        }
        // Still the meeting's: held with no other item, set up, or where
        // the profile calls for 1:1s.
        assert_eq!(aims_for("Run weekly 1:1s.", &gold), ["one_on_ones"]);
        assert_eq!(
            aims_for("Hold 1:1s focused on workload.", &gold),
            ["one_on_ones"]
        );
        for line in [
            "Restart 1:1s and review overtime in them",
            "Set up regular 1:1s; outcome: overtime down",
            "Bring back the 1:1s to catch overtime early",
            "Start a monthly team lunch so overtime is talked about",
        ] {
            assert!(
                aims_for(line, &gold)
                    .iter()
                    .any(|a| matches!(*a, "one_on_ones" | "connection")),
                "{line}"
            );
        }
        let with_one_on_ones: BTreeSet<&str> = ["overtime", "one_on_ones"].into_iter().collect();
        assert_eq!(
            aims_for("Hold 1:1s on workload and cut overtime", &with_one_on_ones),
            ["one_on_ones", "overtime"]
        );
    }

    #[test]
    fn a_line_saying_what_is_left_alone_is_no_action() {
        // What the plan rules out tackles nothing (play-it10, B2).
        let gold: BTreeSet<&str> = ["overtime", "incidents"].into_iter().collect();
        let alone = |line: &str| leaves_alone(&Text::new(line), &gold);
        for left in [
            "Not touched: 1 person on long-term leave, 2 roadmap changes, no reorg. all inside \
             threshold.",
            "No action needed (inside threshold): 1 person on long-term leave, 2 roadmap changes, \
             no reorg.",
            "Left alone on purpose: long-term leave and roadmap changes, both within their \
             thresholds",
            "1 person on long-term leave and 2 roadmap changes: all within threshold, so nothing \
             here",
            // A line titled or opened as what the plan leaves out, in any
            // words, and reasons ending in "none of these needs an action"
            // (play-it24 B1).
            "What I have left out, and why: overtime sits at 5 hours, which does not pass the \
             \"more than 5\" threshold; only one person is on long-term leave without cover, \
             below the two that would make it a stressor. None of these needs an action.",
            "Left out: overtime (5 hours) and the one person on long-term leave.",
            "Not included: overtime, staffing and incidents, each under its threshold.",
            "What I'm not doing: anything on overtime or leave cover.",
            "Deliberately excluded - incidents (two last month, well under six).",
            "I have left out overtime and leave cover: neither passes its threshold.",
            "Overtime sits at 5 hours and one person is on leave. Neither needs an action.",
            "Two incidents and 5 hours of overtime; none of these needs an action.",
            // Titled as put off this time (play-it33 B1).
            "Not this time: no team event (3 months is within the 6-month threshold) and no \
             incident work (3 incidents is below 6).",
            "Not this time: the offsite and incident reviews.",
            "Skipped: a team event (3 months ago).",
            "Not for now: incident work, at 3 a month.",
        ] {
            assert!(alone(left), "{left}");
        }
        for action in [
            "Arrange cover for the 2 people on long-term leave so overtime falls",
            "Cap overtime so it stays within the threshold of 8 hours",
            "Mina Gupta reviews incidents: all are within threshold except the pager ones",
            // Near misses: who feels left out, a need for action, a list
            // that includes.
            "Monthly team lunch so nobody is left out. Owner: Mina Gupta.",
            "Incidents need an action this month: Mina Gupta assigns owners to each cause.",
            "Cap overtime at 45 hours; each of these needs an owner.",
            "Included: overtime review in the 1:1s, owner Mina Gupta.",
        ] {
            assert!(!alone(action), "{action}");
        }
    }

    #[test]
    fn an_item_named_only_to_be_declined_is_not_tackled() {
        // Items a plan names to say it does not act on them, in any words,
        // tackle nothing (play-it33 B1).
        let gold: BTreeSet<&str> = ["conduct", "on_call", "one_on_ones", "reorg", "staffing"]
            .into_iter()
            .collect();
        for line in [
            "No team event (3 months is within the 6-month threshold) and no incident work (3 \
             incidents is below 6).",
            "No team event (3 months is within the 6-month threshold) and no action on incidents \
             (3 incidents is below 6).",
            "We skip a team event, since 3 months is within the 6-month threshold.",
            "We are not running a team event (3 months is within the 6-month threshold) or \
             incident work (3 incidents is below 6).",
            "A team event (3 months ago) and incident work (3 last month) are left out.",
            "The team event (3 months ago) is within the 6-month threshold, so it gets no action.",
            "No offsite this quarter: the last one was 3 months ago.",
            "Skipping incident reviews, as 3 incidents is under the threshold of 6.",
            "Incident work is not needed (3 last month).",
            "Neither a team event nor incident work this time.",
            "Leaving out the offsite and incident work: both are inside their thresholds.",
            "Deliberately holding off on a team event (3 months is within the threshold).",
            "The usual team lunch is skipped, and no incident fixes either.",
        ] {
            assert_eq!(aims_for(line, &gold), Vec::<&str>::new(), "{line}");
        }
        // Declining one item leaves the action beside it, on another or
        // on the same item, its own.
        for (line, aim) in [
            ("Run an incident review, no team event.", "incidents"),
            (
                "No team event; Shreya runs an incident review.",
                "incidents",
            ),
            (
                "Extend the on-call rota to more people, and skip the team event.",
                "on_call",
            ),
            (
                "No incident work this time, but Ulrike reviews every incident weekly.",
                "incidents",
            ),
        ] {
            assert_eq!(aims_for(line, &gold), [aim], "{line}");
        }
        // Near misses: a ban or a rule on the item, what the team lacks,
        // a step kept, a freeze of what changes, a purpose.
        for (line, aim) in [
            ("No overtime after 6pm.", "overtime"),
            ("No overtime work this sprint.", "overtime"),
            ("No on-call at weekends for anyone on nights.", "on_call"),
            (
                "Skip on-call for the new joiners until they are trained.",
                "on_call",
            ),
            ("Stop people working with no cover.", "staffing"),
            (
                "No 1:1 is skipped: Shreya books them all in week 1.",
                "one_on_ones",
            ),
            (
                "Schedule 1:1s with everyone so no one is skipped.",
                "one_on_ones",
            ),
            (
                "No reorg announcements without details: Noor shares dates first.",
                "reorg",
            ),
            (
                "Postpone the reorganisation until details are ready.",
                "reorg",
            ),
            ("Cut scope so that overtime is not needed.", "overtime"),
            (
                "Hold a team event in week 3 so nobody is left out.",
                "connection",
            ),
        ] {
            assert_eq!(aims_for(line, &gold).first(), Some(&aim), "{line}");
        }
    }

    #[test]
    fn a_meeting_an_item_is_checked_in_does_not_take_its_means() {
        // The meeting an action is done in is its occasion: a means of
        // another item beside it ("the new rota") names that item, not the
        // meeting (play-it33 B2).
        let gold: BTreeSet<&str> = ["conduct", "on_call", "priorities", "reorg"]
            .into_iter()
            .collect();
        for (line, aim) in [
            (
                "Nikhil Olsen checks the new rota with the engineers in their 1:1s, to make sure \
                 the load has dropped. Outcome: feedback collected.",
                "on_call",
            ),
            (
                "Review the rota with each engineer in their weekly 1:1s.",
                "on_call",
            ),
            (
                "At the team lunch, ask how the new rota is working.",
                "on_call",
            ),
            (
                "During the offsite, agree the new rotation with the team.",
                "on_call",
            ),
            ("Use the 1:1s to check the rota is fair.", "on_call"),
            ("Go over the pager load in each person's 1:1.", "on_call"),
            (
                "Confirm in the 1:1s that cover for the two on leave is working.",
                "staffing",
            ),
        ] {
            assert_eq!(aims_for(line, &gold), [aim], "{line}");
        }
        // Still the meeting's: set up, held, booked, or held with nothing
        // else named.
        for (line, aim) in [
            ("Schedule 1:1s with everyone.", "one_on_ones"),
            (
                "Restart 1:1s and use them to check the rota.",
                "one_on_ones",
            ),
            ("Run 1:1s in week 2.", "one_on_ones"),
            ("Book everyone a 1:1 in the next fortnight.", "one_on_ones"),
            ("Hold the team offsite in week 3.", "connection"),
            ("Check in with each engineer in their 1:1s.", "one_on_ones"),
        ] {
            assert_eq!(aims_for(line, &gold).first(), Some(&aim), "{line}");
        }
    }

    #[test]
    fn an_item_said_to_need_no_action_is_not_tackled() {
        // A sentence saying an item needs no action tackles nothing; the
        // action beside it still tackles its own (play-it24 B1).
        assert_eq!(
            aims(
                "Cap overtime at 45 hours a week. Incidents need no action: two is well under six."
            ),
            ["overtime"]
        );
        assert_eq!(
            aims("Review overtime in week 2; no action is needed on incidents."),
            ["overtime"]
        );
        // Still tackled: an action on the item, a need for action.
        assert_eq!(
            aims("Incidents need an action: assign an owner to each cause."),
            ["incidents"]
        );
    }

    #[test]
    fn a_meeting_an_action_is_held_in_is_not_what_it_tackles() {
        // What the action does, not where (play-it7, B3), and a freeze of
        // work that sheds workload under a cap on hours (B4).
        for overtime in [
            "Review hours per person in 1:1s and rebalance anyone still over the cap. Owner: \
             Mina Gupta. Outcome: overtime held at target.",
            "Go through each person's overtime in their weekly 1:1s and cut what breaks the cap",
            "Agree an overtime cap at the team lunch",
            // The means of an action is not its target (play-it10, B3).
            "Use the weekly 1:1s to cut each person's overtime back under the cap",
            "Using 1:1s, rebalance the work of anyone whose overtime is over the cap",
            "Via the 1:1s, agree with each person how to bring overtime under the cap",
            "Freeze non-essential work and cap after-hours effort at five extra hours per head. \
             Owner: Mina Gupta. Outcome: overtime starts falling immediately.",
        ] {
            assert_eq!(aims(overtime), ["overtime"], "{overtime}");
        }
        // A meeting the action holds or restarts is what it tackles; a
        // freeze of the roadmap is the roadmap's.
        assert_eq!(
            aims("Restart 1:1s and review overtime in them")[0],
            "one_on_ones"
        );
        assert_eq!(aims("Hold 1:1s in the team offsite")[0], "one_on_ones");
        assert_eq!(aims("Start using 1:1s again, weekly")[0], "one_on_ones");
        assert_eq!(
            aims("Freeze the roadmap and cap overtime at five hours")[0],
            "priorities"
        );
        assert_eq!(
            aims("Freeze new requests until the quarter ends"),
            ["priorities"]
        );
    }

    #[test]
    fn every_catalogue_wording_reads_as_tackling_its_stressor() {
        // What an action targets is what it does (issue 21 R1): each
        // profile item's own remedies, as the references and the level 4-5
        // catalogues word them, tackle that item and no other.
        for metric in METRICS {
            let own = [
                metric.action,
                metric.follow_ups[0].0,
                metric.follow_ups[1].0,
            ];
            for action in own {
                assert_eq!(aims(action), [metric.id], "{action}");
            }
        }
        for level in 1..=5 {
            for seed in 0..40 {
                let Case::Plan(case) = Case::generate_at(TaskKind::InterventionPlan, level, seed)
                else {
                    continue;
                };
                for item in case.catalogue.iter().flat_map(|c| &c.items) {
                    if let Some(metric) = item.metric {
                        assert_eq!(aims(item.action), [metric.id], "{}", item.action);
                    }
                }
            }
        }
    }

    #[test]
    fn a_weekly_review_of_new_requests_tackles_roadmap_changes() {
        // Routing new requests through one review is how roadmap churn is
        // tackled, whatever the outcome is called (play-para-it23 B2).
        for priorities in [
            "Rohan Arslan sets up one weekly review for all new requests; outcome: no ad hoc \
             priority swaps.",
            "Rohan Arslan starts a single weekly review for new requests; the expected outcome is \
             that changes are planned rather than sprung on the team.",
            "Rohan Arslan routes all new requests through one weekly review; outcome: no ad hoc \
             priority swaps.",
            "Rohan Arslan sets up one weekly review for all new feature requests; outcome: no ad \
             hoc priority swaps.",
            "Route new requests through one weekly review",
            "Batch incoming requests from stakeholders into a fortnightly planning slot",
            "Send every change request to one weekly triage; outcome: fewer priority shifts",
            "Stop mid-sprint reshuffles: stakeholder requests wait for the weekly review",
        ] {
            assert_eq!(aims(priorities), ["priorities"], "{priorities}");
        }
        // A review of something else, or requests of another kind, is not
        // the roadmap's.
        for other in [
            "Hold a weekly review of overtime per person",
            "Review new incidents weekly and fix the top causes",
            "Handle requests for leave cover through HR",
            "Review every request for time off within a day",
        ] {
            assert!(!aims(other).contains(&"priorities"), "{other}");
        }
    }

    #[test]
    fn out_of_hours_work_is_overtime_and_out_of_hours_cover_on_call() {
        for overtime in [
            "Alejandro Brennan reviews each person's overtime and sets a cap on out-of-hours work",
            "Alejandro Brennan reviews each person's overtime and limits out-of-hours working",
            "Nadia stops out-of-hours work except for real emergencies",
        ] {
            assert_eq!(aims(overtime), ["overtime"], "{overtime}");
        }
        // Overtime and uncovered leave in other words (para-it7, B6).
        for (line, metric) in [
            ("OT: 9 hrs/wk -> 6 hrs/wk", "overtime"),
            (
                "Hours beyond contract per person: 6 a week to 4",
                "overtime",
            ),
            (
                "Nine hours of extra work a week per person: moderate",
                "overtime",
            ),
            (
                "Two absent colleagues whose work nobody covers: moderate",
                "staffing",
            ),
        ] {
            let text = Text::new(line);
            assert_eq!(
                metrics_in(&text).first().map(|(_, id)| *id),
                Some(metric),
                "{line}"
            );
        }
        for on_call in [
            "Nadia rebalances the out-of-hours cover so nobody is paged every night",
            "Nadia splits out-of-hours support across two rotas",
        ] {
            assert_eq!(aims(on_call), ["on_call"], "{on_call}");
        }
    }

    #[test]
    fn a_rate_is_the_target_of_a_measure_counted_in_months_since() {
        let case = (0..400)
            .map(|seed| super::super::generate_at(5, seed))
            .find(|c| c.stressors().contains("one_on_ones"))
            .expect("a level-5 case with the 1:1s stressor");
        let gold = case.stressors();
        let months = case.value_of("one_on_ones").unwrap_or(3);
        let valid = |line: &str| matches!(measure(&case, &gold, line), Measure::Stressor(_));
        for line in [
            "1:1s: from none in 3 months to fortnightly for everyone.".to_owned(),
            "We will take manager 1:1s from none in the last 3 months to one every fortnight \
             for each person."
                .to_owned(),
            "1:1s: none in 3 mths \u{2192} fortnightly for everyone.".to_owned(),
            format!("Manager 1:1s: none for {months} months, then one every {months} weeks"),
            "Manager 1:1s: back to twice a month for every engineer".to_owned(),
            "Manager 1:1s: weekly by week 2".to_owned(),
            // The whole team seen within a time shorter than the team's
            // months is a target that improves (play-it28 B1).
            format!(
                "Manager 1:1s: none in {months} months \u{2192} every person seen within 2 weeks"
            ),
            format!(
                "Manager 1:1s: from none in {months} months to every person seen within 2 weeks"
            ),
            format!(
                "Manager 1:1s: none in {months} months \u{2192} everyone has a 1:1 within 2 weeks"
            ),
            format!(
                "Manager 1:1s: none for {months} months \u{2192} every person seen within two weeks"
            ),
            format!("1:1s: zero in the last {months} months -> each team member seen by week 3"),
            format!(
                "Manager 1:1s: no 1:1s in {months} months; target: everybody met within 10 days"
            ),
            format!("1:1s: none for {months} months, then all engineers seen in a fortnight"),
            format!("Manager 1:1s: none in {months} months -> the whole team seen within a month"),
        ] {
            assert!(valid(&line), "{line}");
        }
        for line in [
            // A target that does not improve, or none.
            format!("Manager 1:1s: none in {months} months \u{2192} none in 2 weeks"),
            format!(
                "Manager 1:1s: none in {months} months \u{2192} every person seen within {} months",
                months + 1
            ),
            format!("Manager 1:1s: none in {months} months, every person"),
            format!("Manager 1:1s: none for {months} months"),
            "Manager 1:1s: better".to_owned(),
            "Manager 1:1s: to be discussed with the team".to_owned(),
        ] {
            assert!(!valid(&line), "{line}");
        }
        // A measure with an order still needs a number that improves on
        // the team's: a rate alone is no target.
        let overtime_gold: BTreeSet<&str> = ["overtime"].into_iter().collect();
        assert!(!matches!(
            measure(&case, &overtime_gold, "Overtime: tracked weekly"),
            Measure::Stressor(_)
        ));
    }

    #[test]
    fn a_target_above_the_months_since_it_last_happened_worsens_it() {
        let case = (0..400)
            .map(|seed| super::super::generate_at(5, seed))
            .find(|c| c.stressors().contains("connection"))
            .expect("a level-5 case with the team-event stressor");
        let gold = case.stressors();
        let m = case.value_of("connection").unwrap_or(12);
        let valid = |line: &str| matches!(measure(&case, &gold, line), Measure::Stressor(_));
        // Months since it last happened is better lower: a target below
        // the team's months improves it, in any words (play-it39 X5).
        for line in [
            format!("Months since the last team event: {m} now, target 0 by week 3"),
            format!("Months since the last team event: from {m} to 1"),
            format!("Time since the last offsite: {m} months now, under 1 month by week 4"),
            format!("Last team event: {m} months ago; target 0 months since an event by week 3"),
            format!("Months without a team event: {m} \u{2192} 0"),
            format!("Time since the last team event: from {m} months to under 30 days"),
            format!(
                "Months since a team event: {m} now; 0 after the offsite, with 100% of the team \
                 there"
            ),
        ] {
            assert!(valid(&line), "{line}");
        }
        // Near misses: a target above the team's months, in the same words.
        for line in [
            format!(
                "Months since the last team event: {m} now, target {}",
                m + 2
            ),
            format!("Months since the last team event: from {m} to {}", m + 4),
            format!(
                "Time since the last offsite: {m} months now, {} months by the end of the plan",
                m + 1
            ),
            format!("Months without a team event: {m} \u{2192} {}", m + 3),
            format!(
                "Last team event: {m} months ago now, {} months ago at the end",
                m + 2
            ),
        ] {
            assert!(!valid(&line), "{line}");
        }
    }

    #[test]
    fn kpi_targets_skip_weeks_and_durations() {
        let t = Text::new("Overtime: from 14 to at most 5 hours a week by week 4, within 2 weeks");
        assert_eq!(targets(&t), [14, 5]);
        // The size of the change beside the target is no target
        // (play-it14, B2); a level in percent is.
        let t = Text::new("Incidents: from 15 to 8 or fewer a month [about a 47% cut]");
        assert_eq!(targets(&t), [15, 8]);
        let t = Text::new("Complaints: from 4 to 1 or fewer (a 75 per cent drop)");
        assert_eq!(targets(&t), [4, 1]);
        let t = Text::new("Toil: from 33% to 20% of the team's time");
        assert_eq!(targets(&t), [33, 20]);
        // The count of a rate, and a target of none (para-it5).
        let t =
            Text::new("On-call shifts, from one every five days to at most one every eight days.");
        assert_eq!(targets(&t), [5, 8]);
        let t = Text::new("Conduct complaints to HR, from three last quarter to none.");
        assert_eq!(targets(&t), [3, 0]);
        let t = Text::new("None of the complaints: from 3 to 1");
        assert_eq!(targets(&t), [3, 1]);
        // A target of none wanted (para-it11, B7).
        let t = Text::new("Conduct: two HR complaints last quarter; we want none next quarter.");
        assert_eq!(targets(&t), [2, 0]);
        // After a comma, as the level of the next period (para-it12 B5).
        let t = Text::new("Pages out of hours: four a week now, none from week three.");
        assert_eq!(targets(&t), [4, 0]);
        let t = Text::new("Escalations to the CTO: one this month; none by the end of Q3");
        assert_eq!(targets(&t), [1, 0]);
        // A day number is a time, like a week number (para-it13 B5).
        let t = Text::new("Overtime: from 18 hours a week to 5 or fewer by Day 28.");
        assert_eq!(targets(&t), [18, 5]);
        let t = Text::new("Pages: 9 a week -> 3 on day 10, then 2 by D+21");
        assert_eq!(targets(&t), [9, 3, 2]);
        let t = Text::new("Overtime hours: tracked weekly, reviewed by day 14");
        assert_eq!(targets(&t), Vec::<u64>::new());
        // A calendar date is a time too (play-it32 B2).
        for (line, want) in [
            (
                "Overtime: from 18 hours a week to 8 by 31 March",
                vec![18, 8],
            ),
            ("Open conflicts: from 2 to 0 by March 31", vec![2, 0]),
            ("Open conflicts: from 2 to 0 by 31 March 2027", vec![2, 0]),
            ("Open conflicts: from 2 to 0 by March 31, 2027", vec![2, 0]),
            ("Open conflicts: from 2 to 0 by 30 June.", vec![2, 0]),
            (
                "Overtime: 18 hours a week now; review on 31 March",
                vec![18],
            ),
        ] {
            assert_eq!(targets(&Text::new(line)), want, "{line}");
        }
    }
}
