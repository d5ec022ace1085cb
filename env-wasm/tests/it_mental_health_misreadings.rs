//! Misreadings of the catalogue plan found by a black-box player
//! (play-mcp1, issue 21), as classes: a paragraph after the plan that says
//! why the set was chosen names the ids it weighed, and chooses none of
//! them (the plan is the first line naming an id, with the list under
//! it); "not chosen either" is a negation, not an alternative; a relative
//! clause between an id and its verb ("P7, which needs it, is not chosen")
//! does not take the verb away from the id. Each right row, filled in on
//! cases of levels 4 and 5, must earn the whole answer; each near miss
//! (every id on the plan line, alternatives, another id stated as chosen,
//! a second plan) must not earn the plan. A negation after coordinated
//! ids ("P3, P6 and P10 not chosen", "P3 and P10 are left out") leaves
//! out each of them (play-it4, B2).
//!
//! In `stress_triage`, a word of another stressor inside the name of the
//! person's own item, in the case's words ("the legacy customer portal
//! migration"), names that item (play-it4, B1): the stressor and the
//! 2-week action read as the person's own, while another stressor named
//! outside the name still counts.
//!
//! A 24-hour action recommended with "should" (or "must", "needs to",
//! "will", "please") gives its step; a condition in brackets or trailing
//! its step ("arrange a taxi if needed") takes only its own clause, and
//! "she does not drive home tired" is a protective step, not a denial
//! (play-it5, B2-B3). A budget total beside the cap it is within ("$10,750,
//! within the $11,250 cap") is the total; the cap is not added to it
//! (play-it5, B4).
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::it_mental_health::plan::{CATALOGUE_LEVEL, Owner};
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::triage::Tier;
use env_wasm::it_mental_health::triage::grade::own_sign_stressors;
use env_wasm::it_mental_health::writers::Style;
use env_wasm::points::Points;

/// Seeds per catalogue level.
const SEEDS: u64 = 6;

/// A catalogue case, its reference answer and the ids a row is filled
/// from: `{best}` the best plan, `{b1}` its first id, `{o1}` to `{o3}` ids
/// outside it, `{all}` every id, `{cap}` the budget cap in dollars.
struct Filled {
    case: Case,
    reference: String,
    vars: Vec<(&'static str, String)>,
}

fn cases() -> Vec<Filled> {
    let mut out = Vec::new();
    for level in CATALOGUE_LEVEL..=5 {
        for seed in 0..SEEDS {
            let case = Case::generate_at(TaskKind::InterventionPlan, level, seed);
            let Case::Plan(plan) = &case else {
                continue;
            };
            let Some(catalogue) = &plan.catalogue else {
                continue;
            };
            let best: Vec<&str> = catalogue.ids(catalogue.best);
            let all: Vec<&str> = catalogue.items.iter().map(|i| i.id.as_str()).collect();
            let others: Vec<&str> = all
                .iter()
                .copied()
                .filter(|id| !best.contains(id))
                .collect();
            let [o1, o2, o3, ..] = others.as_slice() else {
                continue;
            };
            let vars = vec![
                ("best", best.join(", ")),
                ("b1", best[0].to_owned()),
                ("o1", (*o1).to_owned()),
                ("o2", (*o2).to_owned()),
                ("o3", (*o3).to_owned()),
                ("all", all.join(", ")),
                ("cap", catalogue.budget_cap.to_string()),
            ];
            let reference = case.write(Style::Reference);
            out.push(Filled {
                case,
                reference,
                vars,
            });
        }
    }
    assert!(out.len() >= SEEDS as usize, "too few catalogue cases");
    out
}

/// The reference answer with its Interventions line replaced by `row`
/// (filled), and `tail` added at the end.
fn answer(filled: &Filled, row: &str, tail: &str) -> String {
    let fill = |t: &str| {
        filled
            .vars
            .iter()
            .fold(t.to_owned(), |t, (k, v)| t.replace(&format!("{{{k}}}"), v))
    };
    let body: Vec<String> = filled
        .reference
        .lines()
        .map(|l| {
            if l.starts_with("Interventions:") {
                fill(row)
            } else {
                l.to_owned()
            }
        })
        .collect();
    format!("{}{}", body.join("\n"), fill(tail))
}

/// The answers from `rows` (each replacing the Interventions line) that
/// score less than full on `filled`, with their criteria and notes.
fn short_of_full(filled: &Filled, rows: &[&str]) -> Vec<String> {
    rows.iter()
        .filter_map(|row| {
            let answer = answer(filled, row, "");
            let grade = filled.case.grade(&answer);
            (grade.total != Points::FULL).then(|| {
                format!(
                    "{answer}\n  {:?}\n  {}",
                    grade.criteria,
                    grade.notes.join("\n  ")
                )
            })
        })
        .collect()
}

/// On every case, the Interventions lines of `right` that fall short of
/// full and those of `wrong` that earn the plan.
fn misread_plan_lines(right: &[&str], wrong: &[&str]) -> Vec<String> {
    let mut bad = Vec::new();
    for filled in cases() {
        bad.extend(short_of_full(&filled, right));
        for row in wrong {
            let answer = answer(&filled, row, "");
            let grade = filled.case.grade(&answer);
            if grade.criteria["plan"] == Points::FULL {
                bad.push(format!("wrong: {answer}\n  {}", grade.notes.join("\n  ")));
            }
        }
    }
    bad
}

#[test]
fn a_plan_with_its_reasons_earns_the_plan() {
    let right = [
        // The player's layout: the plan, a blank line, then why.
        "Interventions: {best}\n\nWhy this set: {o1} and {b1} can't both run, and {o2} is too \
         expensive; {o3} clashes with {b1}.",
        "Interventions: {best}\nWhy this set: {o1} (needed by {o2}) is too expensive, and {o3} \
         would overrun its owner's hours.",
        "Interventions: {best}\n\nReasoning: I weighed {o1}, {o2} and {o3}, but each breaks a \
         rule beside this set.",
        "Interventions: {best}\n\nI would have liked {o1} too, but the cap rules it out.",
        // Negation with "either", and past a relative clause (B3).
        "Interventions: {best}. {o1} is not chosen (too expensive), and so {o2}, which needs \
         it, is not chosen either.",
        "Interventions: {best}. {o1} is not chosen, and so {o2} is not chosen either, since it \
         needs {o1}.",
        "Interventions: {best}; neither {o1} nor {o2} is chosen.",
        "Interventions: {best}\n\nWhy this set: {o1} is not chosen (too expensive), and so \
         {o2}, which needs it, is not chosen either; {o3} is not chosen either.",
        // A negation after coordinated ids leaves out each (play-it4, B2),
        // in an aside on the plan's own line or on a line of its own.
        "Interventions: {best} ({o1}, {o2} and {o3} not chosen.)",
        "Interventions: {best} ({o1} and {o3} are left out.)",
        "Interventions: {best} (Neither {o1} nor {o3} is chosen.)",
        "Interventions: {best} ({o2} is not chosen because it cannot run with {b1}, and so {o1} \
         and {o3} are not chosen, since both need {o2}.)",
        "Interventions: {best} ({o2} is not chosen, and so {o1} and {o3} are not chosen either, \
         since both need {o2}.)",
        "Interventions: {best} ({o1} is not chosen. {o3} is not chosen.)",
        "Interventions: {best}\n\n({o1}, {o2} and {o3} not chosen.)",
        "Interventions: {best}\n{o1}, {o2}, and {o3} were dropped.",
        "Interventions: {best}; {o1} and {o2} aren't chosen.",
    ];
    let mut bad = Vec::new();
    for filled in cases() {
        let full = filled.case.grade(&filled.reference);
        assert_eq!(full.total, Points::FULL, "{}", full.notes.join("\n"));
        bad.extend(short_of_full(&filled, &right));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

#[test]
fn a_plan_that_is_not_the_best_one_earns_no_full_plan() {
    // (row, text added at the end of the answer)
    let wrong = [
        // Every id on the plan line, whatever follows.
        (
            "Interventions: {all}\n\nWhy this set: every one of them helps.",
            "",
        ),
        // Alternatives, on the plan line or right under it.
        ("Interventions: {best}, or {o1}", ""),
        ("Interventions: {best}\n{o1} or {o2} could also work.", ""),
        // Another id stated as chosen in the plan's own lines.
        (
            "Interventions: {best}; {o1}, which needs {b1}, is chosen too.",
            "",
        ),
        ("Interventions: {best}\n- {o1}", ""),
        // A second plan in another section.
        ("Interventions: {best}", "\nPlan: {o1}, {o2}"),
        // Coordinated ids chosen, an alternative, or a singular verb that
        // leaves out the last id alone.
        ("Interventions: {best} ({o1} and {o2} are chosen too.)", ""),
        (
            "Interventions: {best} ({o1}, {o2} and {o3} chosen as well.)",
            "",
        ),
        ("Interventions: {best} ({o1} or {o2} not chosen.)", ""),
        (
            "Interventions: {best}, {o1} and {o2}, and {o3} is not chosen.",
            "",
        ),
        (
            "Interventions: {best} and {o1}; {o2} and {o3} not chosen.",
            "",
        ),
        // The best plan only named in the reasons.
        (
            "Interventions: {o1}, {o2}\n\nWhy this set: the best plan would be {best}.",
            "",
        ),
    ];
    let mut bad = Vec::new();
    for filled in cases() {
        for (row, tail) in wrong {
            let answer = answer(&filled, row, tail);
            let grade = filled.case.grade(&answer);
            if grade.criteria["plan"] == Points::FULL {
                bad.push(format!("{answer}\n  {}", grade.notes.join("\n  ")));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// A line under the plan line whose leading id is rejected ("P1 is not
/// chosen: ...", "was left out", "isn't included", "I left out P1")
/// chooses nothing through the end of that line, and ids cited as what
/// would break the budget or a cap ("(P6 or P8) would push us over it")
/// are not offered (play-para-it17 C1, decided as a misreading: the
/// response format's "a paragraph after it chooses nothing" is the
/// reading a person takes). Each right row must earn the whole answer.
/// Two ids offered as alternatives stay a hedge, an id chosen in its own
/// clause on such a line is chosen, and a line that chooses an id still
/// chooses it: those rows must not earn the plan.
#[test]
fn a_rejected_id_opening_a_line_and_ids_over_the_cap_choose_nothing() {
    let right = [
        "Interventions: {best}\n{o1} was left out: it cannot run with {b1}. {o2} or {o3} would \
         take us over the cap.",
        "Interventions: {best}\n{o1} isn't included, since {o2} needs it; adding {o2} or {o3} \
         would break the budget.",
        "Interventions: {best}\n{o1} is not chosen - the cap is the limit, and either {o2} or \
         {o3} would exceed it.",
        "Interventions: {best}\n- I left out {o1}: it clashes with {b1}; {o2}, {o3} would push \
         the plan over budget.",
        "Interventions: {best}\n{o1} is not chosen. {o2} and {o3} would each take us past the \
         ${cap} cap.",
        "Interventions: {best}\n{o1} or {o2} would push us over the cap.",
        "Interventions: {best}\n{o1} is rejected. The on-call work ({o2}, {o3}) is too expensive \
         for what is left.",
        "Interventions: {best}\n{o1} was dropped: its owner has no hours left. A second item \
         ({o2} or {o3}) would go over the ${cap}.",
        // A reason line that opens with a chosen id (play-para-it23 C1):
        // ids set off by commas share the verb after them (B3), and a
        // title that leaves out ("are left out:", "Not chosen:") covers
        // what its colon opens.
        "Interventions: {best}.\n{b1} is in; none of the excluded pairs are combined. The two \
         other options are left out: {o1} cannot run with {b1}, and {o2} would push its \
         owner's or the budget's limits less well than the chosen set for the same value.",
        "Interventions: {best}.\n{b1} is in. Both other options, {o1} and {o2}, are left out: \
         {o1} cannot run with {b1}, and {o2} would push the budget's limits.",
        "Interventions: {best}.\n{b1} is in. Both other options, {o1} and {o2}, are not \
         chosen: {o2} would take the plan over the ${cap} cap.",
        "Interventions: {best}.\n{b1} is in. Both other options, {o1} and {o2}, are excluded.",
        "Interventions: {best}\n{b1} stays. The options ({o1}, {o2} and {o3}) were dropped.",
        "Interventions: {best}\n{b1} stays. Not chosen: {o1}, {o2} or {o3}, each over the cap.",
        "Interventions: {best} (left out: {o1} and {o2})",
    ];
    let wrong = [
        "Interventions: {best}\n{o1} or {o2} - either fits under the cap.",
        "Interventions: {best}\n{o1} or {o2} would keep us under the cap.",
        "Interventions: {best}\n{o1} or {o2} would not push us over the cap.",
        "Interventions: {best}\n{o1} is not chosen, but {o2} is included.",
        "Interventions: {best}\n{o1} is not chosen; {o2} is chosen instead.",
        "Interventions: {best}\n{o1} is chosen: it stays within the cap.",
        "Interventions: {best}\n{o1} would still keep us under the cap, so it is in too.",
        "Interventions: {best}, {o1}\n{o2} is not chosen: it would push us over the cap.",
        "Interventions: {best}\n{o1} or {o2}: whichever fits the cap.",
        "Interventions: {best}\n{o1} - its owner has the hours, and it keeps us within the cap.",
        // Near misses of play-para-it23 B3 and C1: the ids after the
        // commas or the colon are chosen, or offered.
        "Interventions: {best}\n{b1} is in. Both other options, {o1} and {o2}, are chosen too.",
        "Interventions: {best}\n{b1} is in. Nothing is left out: {o1} runs too.",
        "Interventions: {best}\n{b1} is in. Also rolled out: {o1}.",
        "Interventions: {best}\n{b1} is in. Left out: {o2}, and {o1} is chosen instead.",
        "Interventions: {best}\n{b1} is in. Both options, {o1} or {o2}, would work.",
        "Interventions: {best}\n{o1} would push the budget up a little.",
    ];
    let bad = misread_plan_lines(&right, &wrong);
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// An id in an aside on the plan line that a later clause of the aside
/// rules out, through "it", with its subject left out after "but", or as
/// what the writer leaves out, is not chosen (play-it40 C1: "P2, P8, P9
/// (P6 would be next, but it is not chosen)" read P6 as chosen, 0.15).
/// Each right row must earn the whole answer; an id the aside keeps
/// ("and it fits too", "but I'd keep it"), or leaves out only under a
/// condition, is chosen, and must not earn the plan.
#[test]
fn an_id_ruled_out_later_in_its_aside_is_not_chosen() {
    let right = [
        "Interventions: {best} ({o1} would be next, but it does not fit)",
        "Interventions: {best} ({o1} would be next, but it is not chosen)",
        "Interventions: {best} ({o1} would be next, but not chosen)",
        "Interventions: {best} ({o1} would come next, but it's left out)",
        "Interventions: {best} ({o1} is next in line, but I'd skip it)",
        "Interventions: {best} ({o1} would be next, but it gets dropped)",
        "Interventions: {best} ({o1} was the next best, but we leave it out)",
        "Interventions: {best} ({o1} would be the fourth, but I wouldn't choose it)",
        "Interventions: {best} \u{2014} {o1} would be next, but it doesn't fit under the cap",
        "Interventions: {best} ({o1} and {o2} would be next, but they don't fit)",
        "Interventions: {best} ({o1} would be next, but it is not chosen). Budget check done.",
    ];
    let wrong = [
        "Interventions: {best} and {o1}",
        "Interventions: {best}, {o1} (it fits under the cap)",
        "Interventions: {best} ({o1} would be next, and it fits too)",
        "Interventions: {best} ({o1} would be next, but I'd keep it)",
        "Interventions: {best} ({o1} would be next, but I'd drop it if the budget shrinks)",
        "Interventions: {best} ({o1} would be next, but I wouldn't drop it)",
        "Interventions: {best} ({o1} would be next, but it isn't optional)",
        "Interventions: {best} ({o1} would be next, and I'd add it too)",
    ];
    let bad = misread_plan_lines(&right, &wrong);
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// The level-5 answer of play-para-it23 (validation seed 1000978) with the
/// line of reasons its player wrote right under the plan line, as played
/// (episodes 51 and 56-65 of that round): every one of them leaves P1 and
/// P11 out, in a title before a colon ("The two leave-cover options are
/// left out: ... P11 would push ... limits", C1) or with the ids set off
/// by commas ("Both leave-cover options, P1 and P11, are not chosen:",
/// B3), and must earn the whole answer.
#[test]
fn the_players_reasons_under_the_plan_line_choose_nothing() {
    const HEAD: &str = "Stressors:\n- Overtime (7 hours a week per person): moderate\n- Team \
        event (last one 6 months ago): moderate\n- Conduct complaints (2 last quarter): \
        moderate\n- Long-term leave without cover (2 people): moderate\n- Production incidents \
        (11 last month): severe\n- Roadmap priority changes (3 this quarter): moderate\n- Manual \
        toil (33% of time): moderate\nInterventions: P2, P3, P5, P6 and P8.\n";
    const TAIL: &str = "\nKPIs:\n- Conduct complaints per quarter: from 2 to 0\n- Production \
        incidents per month: from 11 to 5\n- Manual toil share of time: from 33% to 25%\nRisk: \
        Overtime cap slips because urgent tickets keep arriving. Mitigation: Aarav Hashemi \
        reviews the sprint weekly and moves non-urgent work out.\nBudget: $12,500 in total (P2 \
        $2,250 + P3 $2,000 + P5 $1,750 + P6 $3,000 + P8 $3,500).\n";
    const OPENING: &str = "P8 needs P6, which is in; none of the excluded pairs are combined. ";
    const PUSH: &str = "P1 cannot run with P3, and P11 would push Javier's or the budget's limits \
        less well than the chosen set for the same value.";
    const OVER: &str = "P1 cannot run with P3, and P11 would take the plan over the $15,000 cap.";
    let reasons: Vec<String> = vec![
        // 51 (C1), then the probes 56-65 (61-63: B3).
        format!("{OPENING}The two leave-cover options are left out: {PUSH}"),
        format!("\n{OPENING}The two leave-cover options are left out: {PUSH}"),
        format!(
            "{OPENING}The two leave-cover options are left out: P1 cannot run with P3, and P11 \
             is not chosen because it would take the plan over the $15,000 cap."
        ),
        format!("Why: {OPENING}The two leave-cover options are left out: {PUSH}"),
        format!("{OPENING}Neither leave-cover option fits: {OVER}"),
        format!("{OPENING}The two leave-cover options are left out: {OVER}"),
        format!("{OPENING}Both leave-cover options, P1 and P11, are left out: {PUSH}"),
        format!("{OPENING}Both leave-cover options, P1 and P11, are not chosen: {PUSH}"),
        format!("{OPENING}Both leave-cover options, P1 and P11, are excluded: {PUSH}"),
        format!("{OPENING}Both leave-cover options P1 and P11 are not chosen: {PUSH}"),
        format!("{OPENING}Both leave-cover options P1 and P11 are left out: {PUSH}"),
    ];
    let mut bad = Vec::new();
    for reason in &reasons {
        let mut env = env_wasm::AnyEnv::new("it_mental_health").expect("registered");
        env.reset(
            &serde_json::json!({"split": "validation", "task": "intervention_plan",
                "seed": 1000978, "difficulty": 5}),
            env_wasm::ResetDefaults::default(),
        )
        .expect("a reset");
        let answer = format!("{HEAD}{reason}{TAIL}");
        let result = env
            .step(&serde_json::json!({"response": answer, "task_id": "intervention_plan"}))
            .expect("a valid step");
        if result.reward != Some(1.0) {
            bad.push(format!("{reason}\n  reward {:?}", result.reward));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// A plain name of each stressor, to add to an answer as another one.
fn plain_name(stressor: &str) -> &'static str {
    match stressor {
        "on_call" => "the on-call rota",
        "deadline" => "the launch deadline",
        "reorg" => "the reorganisation",
        "caregiving" => "caring for a parent",
        "understaffing" => "backfilling the leavers",
        "customers" => "the customer escalations",
        "migration" => "the legacy migration",
        "conflict" => "the design review conflict",
        "incidents" => "the production incidents",
        _ => "onboarding into the new role",
    }
}

/// The main stressor and 2-week action a careful player writes for a
/// stressor whose situation names the person's system, in the case's
/// words (`{s}` the system).
fn own_item_rows(stressor: &str) -> Option<(&'static str, &'static str)> {
    Some(match stressor {
        "migration" => (
            "The legacy {s} migration, which has slipped again and again.",
            "Re-plan the {s} migration with a realistic date and extra help so it isn't all on \
             them.",
        ),
        "deadline" => (
            "Leading the {s} launch, due in a few days.",
            "Agree a realistic scope for the {s} launch and move the deadline or add help.",
        ),
        "on_call" => (
            "Being on the on-call rota since the {s} went live.",
            "Take them off the {s} on-call rota for a month and spread the pager across the team.",
        ),
        _ => return None,
    })
}

/// The reference triage answer with `name`'s field lines replaced:
/// each `(label, value)` of `fields` gives the line that starts with
/// `label:` in that person's block.
fn with_fields(reference: &str, name: &str, fields: &[(&str, &str)]) -> String {
    let mut current = String::new();
    let lines: Vec<String> = reference
        .lines()
        .map(|line| {
            if let Some(who) = line.strip_prefix("Employee: ") {
                current = who.trim().to_owned();
            }
            let replaced = fields.iter().find(|(label, _)| {
                current == name
                    && line
                        .strip_prefix(label)
                        .is_some_and(|rest| rest.starts_with(':'))
            });
            match replaced {
                Some((label, value)) => format!("{label}: {value}"),
                None => line.to_owned(),
            }
        })
        .collect();
    lines.join("\n")
}

#[test]
fn a_word_inside_the_name_of_their_own_item_is_not_another_stressor() {
    use env_wasm::it_mental_health::names::SYSTEMS;
    let mut bad = Vec::new();
    let (mut right_rows, mut wrong_rows) = (0, 0);
    for level in 1..=5 {
        for seed in 0..40 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            assert_eq!(case.grade(&reference).total, Points::FULL);
            for employee in &triage.employees {
                let Some((stressor, fortnight)) = own_item_rows(employee.stressor) else {
                    continue;
                };
                let Some(system) = SYSTEMS
                    .iter()
                    .find(|s| employee.card.situation.contains(*s))
                else {
                    continue;
                };
                let fill = |t: &str| t.replace("{s}", system);
                let answer = with_fields(
                    &reference,
                    &employee.name,
                    &[
                        ("Main stressor", &fill(stressor)),
                        ("2-week action", &fill(fortnight)),
                    ],
                );
                let grade = case.grade(&answer);
                right_rows += 1;
                if grade.total != Points::FULL {
                    bad.push(format!(
                        "must earn, level {level} seed {seed}:\n{answer}\n  {:?}\n  {}",
                        grade.criteria,
                        grade.notes.join("\n  ")
                    ));
                }
                // Another person's stressor named beside their own, outside
                // the name, still counts: a hedge in the stressor, half off
                // the action.
                // Another person's stressor that this person's own signs
                // state too is part of their own case.
                let own_signs = own_sign_stressors(employee);
                let Some(other) = triage.employees.iter().find(|e| {
                    e.name != employee.name
                        && e.stressor != employee.stressor
                        && !own_signs.contains(&e.stressor)
                }) else {
                    continue;
                };
                let also = plain_name(other.stressor);
                let answer = with_fields(
                    &reference,
                    &employee.name,
                    &[
                        ("Main stressor", &format!("{} And {also}.", fill(stressor))),
                        (
                            "2-week action",
                            &format!("{} Also tackle {also}.", fill(fortnight)),
                        ),
                    ],
                );
                let grade = case.grade(&answer);
                wrong_rows += 1;
                if grade.criteria["stressors"] == Points::FULL
                    || grade.criteria["two_week_support"] == Points::FULL
                {
                    bad.push(format!(
                        "must lose, level {level} seed {seed}:\n{answer}\n  {:?}\n  {}",
                        grade.criteria,
                        grade.notes.join("\n  ")
                    ));
                }
            }
        }
    }
    println!("{right_rows} own-item rows, {wrong_rows} rows naming another stressor too");
    assert!(
        right_rows >= 30 && wrong_rows >= 30,
        "{right_rows} {wrong_rows}"
    );
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// 24-hour actions a careful player writes for each tier (`{lead}` the
/// lead's first name, `{first}` the person's): a step recommended with
/// "should", "must", "needs to" and the like (play-it5 B3, the exact
/// answers first), and a negated or conditional aside beside the step
/// (B2).
fn day_rows(tier: Tier) -> &'static [&'static str] {
    match tier {
        Tier::Critical => &[
            "Today, {lead} should make sure {first} gets seen by a doctor or urgent care for the \
             chest pains and feeling faint, go with her or stay with her until she's been seen, \
             and take her off the pager immediately.",
            "{lead} should stay with {first} and get her emergency care.",
            "Today \u{2014} {lead} talks to her directly, she does not drive home tired (arrange \
             a taxi if needed), and together they agree a short safety plan; nearly falling \
             asleep at the wheel is a safety issue, not just fatigue.",
            "Today, {lead} should make sure {first} is seen by a doctor, go with them or stay \
             with them until they have been seen, and take them off the pager.",
            "{lead} must stay with {first} today and call a crisis line together.",
            "{lead} needs to get {first} urgent medical attention today, and make sure they do \
             not drive home (book a taxi if needed).",
            "{lead} talks to them today, they do not work late tonight (arrange cover if \
             needed), and together they agree a safety plan.",
        ],
        Tier::Red => &[
            "{lead} should refer him urgently to occupational health and offer carer's leave.",
            "{lead} should refer them to the EAP today and give them the rest of the week off.",
            "{lead} has to take them off the incident work today (hand it over to a colleague if \
             needed), and they should book an occupational health appointment.",
            "{lead} will book {first} an EAP counselling session today.",
        ],
        Tier::Amber => &[
            "{lead} should check in with him to reprioritise his workload",
            "{lead} will sit down with them today and reprioritise the sprint.",
            "{lead} ought to review their workload with them (this afternoon if possible), and \
             together they agree what can wait.",
            "Please help {first} prioritise the backlog today.",
        ],
        Tier::Green => &[
            "{lead} should thank {first} for their steady work in the next 1:1.",
            "Please recognise their good habits in stand-up.",
            "{lead} should keep the routine check-ins going.",
        ],
    }
}

/// 24-hour actions that must not earn the tier's support: another tier's
/// step recommended with "should", the tier's step negated or under a
/// condition that opens its clause, and no step at all.
fn wrong_day_rows(tier: Tier) -> &'static [&'static str] {
    match tier {
        Tier::Critical => &[
            "{lead} should refer them to occupational health.",
            "{lead} should check in tomorrow; should things get worse, she should call a crisis \
             line with them.",
            "Today \u{2014} {lead} talks to her directly; if she feels unsafe, they agree a \
             safety plan.",
            "{first} should be fine without support.",
        ],
        Tier::Red => &[
            "{lead} should check in with them to reprioritise their workload.",
            "{lead} should not refer them to occupational health yet.",
            "{lead} should stay with {first} and call a crisis line.",
            "{first} should be fine without support.",
        ],
        Tier::Amber => &[
            "{lead} should thank them for their work.",
            "{lead} should refer them to the EAP today.",
            "Should things get worse, {lead} should reprioritise their workload.",
        ],
        Tier::Green => &[
            "{lead} should check in with them to reprioritise their workload.",
            "{lead} should refer them to the EAP today.",
        ],
    }
}

#[test]
fn a_recommended_step_is_the_action_and_a_condition_takes_its_own_clause() {
    let mut bad = Vec::new();
    let (mut right_rows, mut wrong_rows) = (0, 0);
    let mut critical = 0;
    for level in 1..=5 {
        for seed in 0..12 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            assert_eq!(case.grade(&reference).total, Points::FULL);
            let lead = triage
                .card
                .lead
                .split_whitespace()
                .next()
                .unwrap_or_default();
            for employee in &triage.employees {
                let fill = |t: &str| {
                    t.replace("{lead}", lead)
                        .replace("{first}", &employee.first)
                };
                critical += usize::from(employee.tier == Tier::Critical);
                for row in day_rows(employee.tier) {
                    let answer = with_fields(
                        &reference,
                        &employee.name,
                        &[("24-hour action", &fill(row))],
                    );
                    let grade = case.grade(&answer);
                    right_rows += 1;
                    if grade.total != Points::FULL {
                        bad.push(format!(
                            "must earn, level {level} seed {seed}, {}:\n{}\n  {}",
                            employee.name,
                            fill(row),
                            grade.notes.join("\n  ")
                        ));
                    }
                }
                for row in wrong_day_rows(employee.tier) {
                    let answer = with_fields(
                        &reference,
                        &employee.name,
                        &[("24-hour action", &fill(row))],
                    );
                    let grade = case.grade(&answer);
                    wrong_rows += 1;
                    if grade.criteria["immediate_actions"] == Points::FULL {
                        bad.push(format!(
                            "must lose, level {level} seed {seed}, {}:\n{}\n  {}",
                            employee.name,
                            fill(row),
                            grade.notes.join("\n  ")
                        ));
                    }
                }
            }
        }
    }
    println!("{right_rows} right rows ({critical} CRITICAL people), {wrong_rows} wrong rows");
    assert!(critical >= 10 && right_rows >= 200 && wrong_rows >= 150);
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// Budget lines of a catalogue plan (`{cost}` what the best plan costs,
/// `{items}` its breakdown, `{for_items}` the same as "$a for P1, ...",
/// `{cap}` the cap, `{spare}` what it leaves):
/// the total with the cap beside it is the total (play-it5 B4, the exact
/// answers first).
const CAPPED_RIGHT: &[&str] = &[
    "Budget: {cost} ({items}), within the {cap} cap.",
    "Budget: {cost}, within the {cap} cap.",
    "Budget: {cost} out of the {cap} available.",
    "Budget: {cost}, under the {cap} limit, leaving {spare} spare.",
    "Budget: {cost} ({spare} below the {cap} cap)",
    "Budget: cap {cap}; the plan costs {cost} ({items}).",
    "Budget: {cost} in total ({items}), comfortably inside the {cap} budget cap.",
    "Budget: {cost} ({items}) against a cap of {cap}.",
    // A caveat or sign-off after the section, with an amount of its own,
    // is no budget line (play-para-it19 B3).
    "Budget: {cost}\n\nI'm aware this leaves the rest untouched; the next option would cost \
     {more} and break the cap.\n\nKind regards,\nSam",
    "Budget: {cost} in total.\n\nShout if you want to walk through the trade-offs (the \
     {other_cap} option needs more than we have).\n\nCheers,\nAlex",
    // The total, a dash and its breakdown item by item (play-para-it22 B1).
    "Budget: {cost} - {for_items}.",
    "Budget: {cost} \u{2014} {for_items}, within the {cap} cap.",
];

/// Budget lines that must not earn: two totals, the cap as an
/// alternative, no total beside the cap, a wrong total beside it, and a
/// cap other than the stated one (its amount stays part of the reading).
const CAPPED_WRONG: &[&str] = &[
    "Budget: {cost} or {cap}",
    "Budget: {cost}, or up to the {cap} cap",
    "Budget: within the {cap} cap",
    "Budget: {more}, within the {cap} cap.",
    "Budget: {cost} ({items}), within the {other_cap} cap.",
    "Budget: {cost} or {more}",
    "Budget: {cost} or {more}\n\nKind regards,\nSam",
    "Budget: {more}\n\nShout if you want to walk through it.\n\nCheers,\nAlex",
    "Budget: {cost} - {more}",
    "Budget: {more} \u{2014} {for_items}.",
];

#[test]
fn the_budget_cap_beside_the_total_is_not_part_of_it() {
    use env_wasm::it_mental_health::plan::dollars;
    let mut bad = Vec::new();
    let mut rows = 0;
    for filled in cases() {
        let Case::Plan(plan) = &filled.case else {
            continue;
        };
        let Some(catalogue) = &plan.catalogue else {
            continue;
        };
        let cost = catalogue.cost(catalogue.best);
        let cap = catalogue.budget_cap;
        if cost >= cap {
            continue;
        }
        let items: Vec<String> = catalogue
            .members(catalogue.best)
            .map(|k| {
                let item = &catalogue.items[k];
                format!("{} {}", item.id, dollars(item.cost))
            })
            .collect();
        let for_items: Vec<String> = catalogue
            .members(catalogue.best)
            .map(|k| {
                let item = &catalogue.items[k];
                format!("{} for {}", dollars(item.cost), item.id)
            })
            .collect();
        let vars = [
            ("{for_items}", for_items.join(", ")),
            ("{cost}", dollars(cost)),
            ("{items}", items.join(" + ")),
            ("{cap}", dollars(cap)),
            ("{spare}", dollars(cap - cost)),
            ("{more}", dollars(cost + 500)),
            ("{other_cap}", dollars(cap + 1000)),
        ];
        let with_budget = |row: &str| {
            let line = vars
                .iter()
                .fold(row.to_owned(), |t, (k, v)| t.replace(k, v));
            let body: Vec<&str> = filled
                .reference
                .lines()
                .map(|l| {
                    if l.starts_with("Budget:") {
                        line.as_str()
                    } else {
                        l
                    }
                })
                .collect();
            body.join("\n")
        };
        for (right, table) in [(true, CAPPED_RIGHT), (false, CAPPED_WRONG)] {
            for row in table {
                rows += 1;
                let answer = with_budget(row);
                let grade = filled.case.grade(&answer);
                let earned = grade.criteria["budget"] == Points::FULL;
                let whole = grade.total == Points::FULL;
                if (right && !whole) || (!right && earned) {
                    bad.push(format!(
                        "must {}: {}\n  {}",
                        if right { "earn" } else { "lose" },
                        with_budget(row)
                            .lines()
                            .find(|l| l.starts_with("Budget"))
                            .unwrap_or(""),
                        grade.notes.join("\n  ")
                    ));
                }
            }
        }
    }
    assert!(rows >= 100, "{rows}");
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// The value of `name`'s `label:` line in the reference triage answer.
fn field_of(reference: &str, name: &str, label: &str) -> Option<String> {
    let mut current = "";
    reference.lines().find_map(|line| {
        if let Some(who) = line.strip_prefix("Employee: ") {
            current = who.trim();
        }
        let value = line.strip_prefix(label)?.strip_prefix(':')?;
        (current == name).then(|| value.trim().to_owned())
    })
}

/// Whether `text` as the 2-week action of the person named `name`, in the
/// reference answer, earns that criterion in full.
fn earns_two_week(case: &Case, reference: &str, name: &str, text: &str) -> bool {
    let answer = with_fields(reference, name, &[("2-week action", text)]);
    case.grade(&answer).criteria["two_week_support"] == Points::FULL
}

/// Rows checked, and those that did not hold.
#[derive(Default)]
struct Tally {
    rows: usize,
    bad: Vec<String>,
}

impl Tally {
    /// One row: whether it `earned` the criterion, whether it must.
    fn record(&mut self, earned: bool, must_earn: bool, what: impl FnOnce() -> String) {
        self.rows += 1;
        if earned != must_earn {
            let must = if must_earn { "earn" } else { "lose" };
            self.bad.push(format!("must {must}, {}", what()));
        }
    }

    /// Fail listing the rows that did not hold (at least `least` rows).
    fn assert_held(&self, least: usize) {
        let rows = self.rows;
        assert!(rows >= least, "{rows}");
        assert!(
            self.bad.is_empty(),
            "{} of {rows}:\n{}",
            self.bad.len(),
            self.bad.join("\n")
        );
    }
}

/// Teammates named inside a person's 2-week action ("(Magnus and Leon can
/// shadow and take turns)", "between Alessia and Mohammed") leave the line
/// in the person's block, and an aside on what a teammate knows ("(Malik
/// knows the legacy migration well)") is not a stressor the action tackles
/// (play-it7, B1-B2); the same stressor named outside the aside still
/// counts against the action.
#[test]
fn teammates_named_inside_an_action_leave_it_theirs_and_on_target() {
    let mut tally = Tally::default();
    for level in 1..=5 {
        for seed in 0..20 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            for employee in &triage.employees {
                let own_signs = own_sign_stressors(employee);
                let others: Vec<_> = triage
                    .employees
                    .iter()
                    .filter(|e| {
                        e.name != employee.name
                            && e.stressor != employee.stressor
                            && !own_signs.contains(&e.stressor)
                    })
                    .collect();
                let (Some(a), Some(b)) = (others.first(), others.get(1)) else {
                    continue;
                };
                let Some(action) = field_of(&reference, &employee.name, "2-week action") else {
                    continue;
                };
                let also = plain_name(a.stressor);
                let right = format!(
                    "{} ({} and {} can shadow and take turns; {} knows {also} well)",
                    action.trim_end_matches('.'),
                    a.first,
                    b.first,
                    a.first
                );
                let wrong = format!("{} Also tackle {also}.", action);
                for (text, must_earn) in [(right, true), (wrong, false)] {
                    let earned = earns_two_week(&case, &reference, &employee.name, &text);
                    tally.record(earned, must_earn, || {
                        format!("level {level} seed {seed}, {}: {text}", employee.name)
                    });
                }
            }
        }
    }
    tally.assert_held(200);
}

/// A stressor said as how long something has been missing, in a negated
/// sentence ("the team hasn't been together at an offsite for 7 months",
/// "nobody has heard anything about the reorg in 4 weeks"), is that
/// stressor: the absence is what weighs (play-para-it16 B5). A negation
/// with no stretch of time ("has not asked for an offsite") still denies
/// it, and so does one that dismisses a problem ("we have not seen any
/// problem with the 1:1s in 3 months").
#[test]
fn an_absence_over_time_is_the_stressor() {
    // (metric id, forms that name it, forms that do not), `{v}` its value.
    let forms: &[(&str, &[&str], &[&str])] = &[
        (
            "connection",
            &[
                "The team hasn't been together at an offsite for {v} months",
                "We have not had a team event in {v} months",
                "The team has never had a get-together in the last {v} months",
                "Haven't had a team day out since {v} months ago",
            ],
            &[
                "The team has not asked for an offsite",
                "We have not seen any problem with team events in {v} months",
            ],
        ),
        (
            "one_on_ones",
            &[
                "People haven't had a 1:1 with their manager for {v} months",
                "The manager has not held one-to-ones in {v} months",
                "Has not had 1:1s since {v} months ago",
            ],
            &[
                "The team has not asked for more 1:1s",
                "We have not noticed any issue with the 1:1s for {v} months",
            ],
        ),
        (
            "reorg",
            &[
                "Leadership hasn't shared any details of the reorganisation in the {v} weeks \
                 since it was announced",
                "The team has not heard anything about the reorg for {v} weeks",
            ],
            &["People have not asked about the reorganisation"],
        ),
    ];
    let mut tally = Tally::default();
    for level in CATALOGUE_LEVEL..=5 {
        for seed in 0..12 {
            let case = Case::generate_at(TaskKind::InterventionPlan, level, seed);
            let Case::Plan(plan) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            for reading in plan.readings.iter().filter(|r| r.stressor) {
                let Some((_, right, wrong)) =
                    forms.iter().find(|(id, _, _)| *id == reading.metric.id)
                else {
                    continue;
                };
                let label = format!("- {}: ", reading.metric.label);
                let Some(line) = reference.lines().find(|l| l.starts_with(&label)) else {
                    continue;
                };
                let severity = &line[label.len()..];
                let v = reading.value.to_string();
                for (texts, must_earn) in [(*right, true), (*wrong, false)] {
                    for text in texts {
                        let said = format!("- {}: {severity}", text.replace("{v}", &v));
                        let answer = reference.replace(line, &said);
                        let grade = case.grade(&answer);
                        let earned = grade.criteria["stressors"] == Points::FULL;
                        tally.record(earned, must_earn, || {
                            format!(
                                "level {level} seed {seed}: {said}\n  {}",
                                grade.notes.join("\n  ")
                            )
                        });
                    }
                }
            }
        }
    }
    // In stress_triage, the 2-week action on a person's reorganisation or
    // missing cover, said as how long it has gone unanswered.
    let triage_forms: &[(&str, &str, &str)] = &[
        (
            "reorg",
            "Get {first} an answer this week: {first} has not heard anything about the \
             reorganisation for weeks.",
            "No action: {first} has not asked about the reorganisation.",
        ),
        (
            "understaffing",
            "Chase it this week: {first} has had no help and has not had any backfill since \
             the colleagues left.",
            "Leave it: {first} has not asked for any backfill.",
        ),
    ];
    for level in 1..=5 {
        for seed in 0..12 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            for employee in &triage.employees {
                let Some((_, right, wrong)) = triage_forms
                    .iter()
                    .find(|(id, _, _)| *id == employee.stressor)
                else {
                    continue;
                };
                for (text, must_earn) in [(right, true), (wrong, false)] {
                    let text = text.replace("{first}", &employee.first);
                    let earned = earns_two_week(&case, &reference, &employee.name, &text);
                    tally.record(earned, must_earn, || {
                        format!(
                            "triage level {level} seed {seed}, {}: {text}",
                            employee.name
                        )
                    });
                }
            }
        }
    }
    tally.assert_held(100);
}

/// What comes before a stressors list, its items with their severities,
/// and what comes after it.
type StressorList<'a> = (&'a str, Vec<(String, String)>, &'a str);

/// The reference answer around its "Stressors:" list: what comes before
/// the list, each item with its severity, and what comes after it.
fn stressor_list(reference: &str) -> Option<StressorList<'_>> {
    let (head, rest) = reference.split_once("Stressors:\n")?;
    let lines: Vec<(String, String)> = rest
        .lines()
        .take_while(|l| l.starts_with("- "))
        .filter_map(|l| {
            let (item, severity) = l.strip_prefix("- ")?.rsplit_once(": ")?;
            Some((item.to_owned(), severity.to_owned()))
        })
        .collect();
    let tail = rest.get(
        lines
            .iter()
            .map(|(i, s)| i.len() + s.len() + 5)
            .sum::<usize>()..,
    )?;
    Some((head, lines, tail))
}

/// The answers of `filled` with its stressors list replaced by each form
/// that misjudge it: a `right` form short of full, a `wrong` form earning
/// the whole stressors criterion.
fn stressor_forms(
    filled: &Filled,
    (head, tail): (&str, &str),
    right: &[String],
    wrong: &[String],
) -> Vec<String> {
    let mut bad = Vec::new();
    for (form, must_earn) in right
        .iter()
        .map(|f| (f, true))
        .chain(wrong.iter().map(|f| (f, false)))
    {
        let answer = format!("{head}{form}{tail}");
        let grade = filled.case.grade(&answer);
        let earns = if must_earn {
            grade.total == Points::FULL
        } else {
            grade.criteria["stressors"] == Points::FULL
        };
        if earns != must_earn {
            let verdict = if must_earn {
                "must earn"
            } else {
                "must not earn"
            };
            bad.push(format!(
                "{verdict}:\n{answer}\n  {}",
                grade.notes.join("\n  ")
            ));
        }
    }
    bad
}

/// The catalogue plan's stressors found by their layout and content, with
/// no "Stressors:" line (play-para-it18 B1): a table whose header names a
/// stressor or severity column, a heading or a title in other words
/// ("**Stressor assessment**", "Current stressors", "Stressor:"). Each
/// right form, in place of the reference's "Stressors:" list, must earn
/// the whole answer. A table with no stressor column, severities with no
/// stressor names, and a second copy with other severities (beside the
/// format's own title or as a second table) must not.
#[test]
fn a_stressors_section_is_found_by_its_layout_without_its_label() {
    let mut bad = Vec::new();
    for filled in cases() {
        let Some((head, lines, tail)) = stressor_list(&filled.reference) else {
            continue;
        };
        let rows = |f: &dyn Fn(&str, &str) -> String| -> String {
            lines.iter().map(|(i, s)| f(i, s) + "\n").collect()
        };
        let swap = |s: &str| if s == "severe" { "moderate" } else { "severe" };
        let summary = "Summary: the plan below, within the cap.\n\n";
        let right = [
            format!(
                "{summary}| Stressor | Current | Severity |\n|---|---|---|\n{}",
                rows(&|i, s| format!("| {i} | as in the profile | {s} |"))
            ),
            format!(
                "{summary}| Severity | Team stressor |\n| --- | --- |\n{}",
                rows(&|i, s| format!("| {s} | {i} |"))
            ),
            format!(
                "| # | Stressors found | How severe |\n|:-:|---|---|\n{}",
                rows(&|i, s| format!("| 1 | {i} | {s} |"))
            ),
            format!(
                "**Stressor assessment**\n{}",
                rows(&|i, s| format!("- {i}: {s}"))
            ),
            format!(
                "## Stressor profile\n{}",
                rows(&|i, s| format!("- {i} - {s}"))
            ),
            format!("Current stressors\n{}", rows(&|i, s| format!("- {i}: {s}"))),
            format!("Stressor:\n{}", rows(&|i, s| format!("- {i}: {s}"))),
        ];
        let wrong = [
            // Severities with no stressor names, in a table or a list.
            format!(
                "| Intervention | Severity |\n|---|---|\n{}",
                rows(&|_, s| format!("| {} | {s} |", filled.vars[1].1))
            ),
            format!(
                "**Stressor assessment**\n{}",
                rows(&|_, s| format!("- {s}"))
            ),
            // A table with no stressor column: the KPIs' measures.
            format!(
                "| Measure | Now | Target |\n|---|---|---|\n{}",
                rows(&|i, _| format!("| {i} | as now | better |"))
            ),
            // A second copy with other severities: beside the format's own
            // title, or a second table.
            format!(
                "Stressors:\n{}\n| Stressor | Severity |\n|---|---|\n{}",
                rows(&|i, s| format!("- {i}: {}", swap(s))),
                rows(&|i, s| format!("| {i} | {s} |"))
            ),
            format!(
                "| Stressor | Severity |\n|---|---|\n{}\n| Stressor | Severity |\n|---|---|\n{}",
                rows(&|i, s| format!("| {i} | {} |", swap(s))),
                rows(&|i, s| format!("| {i} | {s} |"))
            ),
        ];
        bad.extend(stressor_forms(&filled, (head, tail), &right, &wrong));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// The catalogue plan's stressors written as one paragraph of sentences,
/// one stressor and its severity each (play-para-it20 row 34): read as the
/// same list separated by semicolons, so each right form earns the whole
/// answer. Severities swapped, a sentence with no severity among them, and
/// severities with no stressor names must not earn the stressors.
#[test]
fn stressors_one_per_sentence_are_a_list() {
    let mut bad = Vec::new();
    for filled in cases() {
        let Some((head, lines, tail)) = stressor_list(&filled.reference) else {
            continue;
        };
        let paragraph = |f: &dyn Fn(&str, &str) -> String| -> String {
            lines
                .iter()
                .map(|(i, s)| f(i, s))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let swap = |s: &str| if s == "severe" { "moderate" } else { "severe" };
        let right = [
            format!("Stressors: {}\n", paragraph(&|i, s| format!("{i} is {s}."))),
            format!(
                "Stressors:\n{}\n",
                paragraph(&|i, s| format!("I rate {i} as {s}."))
            ),
            format!("Stressors: {}\n", paragraph(&|i, s| format!("{i} - {s}!"))),
            format!(
                "Stressors: {}\n",
                paragraph(&|i, s| format!("{i}: {s}, in my view."))
            ),
        ];
        let wrong = [
            format!(
                "Stressors: {}\n",
                paragraph(&|i, s| format!("{i} is {}.", swap(s)))
            ),
            format!(
                "Stressors: {}\n",
                paragraph(&|i, s| format!("{i} is {s}. It has gone on for a while."))
            ),
            format!("Stressors: {}\n", paragraph(&|_, s| format!("One is {s}."))),
        ];
        bad.extend(stressor_forms(&filled, (head, tail), &right, &wrong));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// A triage written as prose per person, no field labels on the actions
/// (play-para-it18 C1, decided as a misreading): an immediate action that
/// ends on a time within the day ("today", "this afternoon", "by end of
/// day", "tonight") is the 24-hour action, and a step after it introduced
/// by "then", "after that", "afterwards", "next" or "following that",
/// with no time of its own, is the 2-week follow-up. An explicit time past
/// two weeks ("next quarter", "in a month") is no 2-week action, and a
/// time of day beside no action gives no 24-hour action.
#[test]
fn prose_actions_read_a_time_of_day_and_a_follow_up_after_then() {
    let right = [
        "{day} this afternoon; after that, {fw}.",
        "{day} by end of day. Afterwards {fw}.",
        "{day} tonight, and then {fw}.",
        "{day} this morning. Next, {fw}.",
        "{day} in the next 24 hours; following that, {fw}.",
        "{day} today; then {fw}.",
    ];
    // (row, the criterion it must not earn in full)
    let wrong = [
        ("{day} today; then, next quarter, {fw}.", "two_week_support"),
        ("{day} today. In a month, {fw}.", "two_week_support"),
        (
            "{day} today; after that, from next month, {fw}.",
            "two_week_support",
        ),
        (
            "{first} looked tired today; then {fw}.",
            "immediate_actions",
        ),
    ];
    let mut bad = Vec::new();
    for level in 1..=5 {
        for seed in 0..6 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            let prose = |row: &str| -> String {
                let mut out = Vec::new();
                let mut day = String::new();
                let mut person = 0;
                for line in reference.lines() {
                    if let Some(text) = line.strip_prefix("24-hour action: ") {
                        day = text.trim_end_matches('.').to_owned();
                    } else if let Some(text) = line.strip_prefix("2-week action: ") {
                        let fw = text.trim_end_matches('.');
                        let lower = fw[..1].to_lowercase() + &fw[1..];
                        let first = triage
                            .employees
                            .get(person)
                            .map_or("", |e| e.first.as_str());
                        out.push(
                            row.replace("{day}", &day)
                                .replace("{fw}", &lower)
                                .replace("{first}", first),
                        );
                        person += 1;
                    } else {
                        out.push(line.to_owned());
                    }
                }
                out.join("\n")
            };
            for row in right {
                let answer = prose(row);
                let grade = case.grade(&answer);
                if grade.total != Points::FULL {
                    bad.push(format!(
                        "must earn, level {level} seed {seed}: {row}\n  {:?}\n  {}",
                        grade.criteria,
                        grade.notes.join("\n  ")
                    ));
                }
            }
            for (row, criterion) in wrong {
                let answer = prose(row);
                let grade = case.grade(&answer);
                if grade.criteria[criterion] == Points::FULL {
                    bad.push(format!(
                        "must not earn {criterion}, level {level} seed {seed}: {row}\n  {}",
                        grade.notes.join("\n  ")
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// A 2-week action that plans a piece of work with its object left out or
/// "it" ("Re-plan it: move the date or cut the scope", "realistic re-plan
/// in milestones; shared ownership") is aimed at the launch or migration
/// the person's own stressor line states (play-para-it21, B2). It names
/// nothing for a stressor no plan of the work tackles, under a stressor
/// line that states another stressor, negated, or under a condition.
#[test]
fn a_plan_of_the_work_with_its_object_left_out_tackles_the_stated_item() {
    let plans = [
        "Re-plan it: move the date or cut the scope with stakeholders.",
        "realistic re-plan in milestones; shared ownership",
        "Rescope it with product and agree a new timeline.",
        "Split it into milestones and give it a co-owner.",
    ];
    let misses = [
        "Do not re-plan it or move the date.",
        "If it slips again, re-plan it in milestones.",
    ];
    let work = |stressor: &str| matches!(stressor, "deadline" | "migration");
    let mut tally = Tally::default();
    for level in 1..=5 {
        for seed in 0..20 {
            let case = Case::generate_at(TaskKind::StressTriage, level, seed);
            let Case::Triage(triage) = &case else {
                continue;
            };
            let reference = case.write(Style::Reference);
            // Another person's stressor line that no plan of the work
            // tackles.
            let elsewhere = triage
                .employees
                .iter()
                .find(|e| !work(e.stressor))
                .and_then(|e| field_of(&reference, &e.name, "Main stressor"));
            for employee in &triage.employees {
                let name = &employee.name;
                for plan in plans {
                    let answer = with_fields(&reference, name, &[("2-week action", plan)]);
                    let earned = case.grade(&answer).criteria["two_week_support"] == Points::FULL;
                    tally.record(earned, work(employee.stressor), || {
                        format!(
                            "level {level} seed {seed}, {name} ({}): {plan}",
                            employee.stressor
                        )
                    });
                    let Some(other) = elsewhere.as_deref().filter(|_| work(employee.stressor))
                    else {
                        continue;
                    };
                    let answer = with_fields(
                        &reference,
                        name,
                        &[("2-week action", plan), ("Main stressor", other)],
                    );
                    let earned = case.grade(&answer).criteria["two_week_support"] == Points::FULL;
                    tally.record(earned, false, || {
                        format!("level {level} seed {seed}, {name} stated as {other}: {plan}")
                    });
                }
                for miss in misses.iter().filter(|_| work(employee.stressor)) {
                    let earned = earns_two_week(&case, &reference, name, miss);
                    tally.record(earned, false, || {
                        format!("level {level} seed {seed}, {name}: {miss}")
                    });
                }
            }
        }
    }
    tally.assert_held(400);
}

/// The catalogue plan's moderate stressors each with an aside saying
/// where, when or on what condition they would be severe (play-para-it21
/// B3: "6 months ago: moderate (severe at 12 months)"): a threshold, a
/// later date or a change is no second severity, so each right form earns
/// the whole answer. Two current severities ("or maybe severe"), a
/// threshold offered as an alternative, "severe at" the line's own number
/// and "severe at N" alone must not earn the stressors.
#[test]
fn where_severity_would_start_is_no_second_severity() {
    let right = [
        "{i}: moderate (severe at 9)",
        "{i} (4 now): moderate (it hits severe at 9)",
        "{i}: moderate - would be severe at every 9 days",
        "{i}: moderate, severe by Q3 if nothing changes",
        "{i}: moderate (severe in 6 weeks at this rate)",
        "{i}: moderate; could become severe by next quarter",
        "{i}: moderate, severe within a month if left alone",
    ];
    let wrong = [
        "{i}: moderate, or maybe severe",
        "{i}: moderate or severe at 9",
        "{i}: moderate, maybe severe at 9",
        "{i} (9 now): moderate, severe at 9",
        "{i}: severe at 9",
        "{i}: moderate, severe by any measure",
    ];
    let bad = moderate_asides(&right, &wrong);
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// The catalogue plan's moderate stressors each with the severe one's
/// threshold beside the verdict (play-it42 B1, C1: "moderate (severe is
/// every 3 days or more often)", "moderate; severe from three days",
/// "moderate (one more week and it would be severe)", "moderate, though
/// close to severe"): the threshold explains the one severity, so each
/// right form earns the whole answer. The other severity offered beside
/// the verdict is a hedge and must not earn the stressors.
#[test]
fn a_severity_beside_the_others_threshold_is_one_severity() {
    let right = [
        "{i}: moderate (severe is 9 or more)",
        "{i} \u{2014} moderate (severe is every 9 days)",
        "{i}: moderate; severe from nine",
        "{i}: moderate; severe from nine weeks.",
        "{i}: moderate (one more week and it would be severe)",
        "{i}: moderate - another month like this and it would be severe",
        "{i}: moderate, though close to severe",
        "{i}: moderate, but nearly severe",
        "{i}: moderate (below the severe line)",
        "{i}: moderate, not yet severe",
    ];
    let wrong = [
        "{i}: moderate or severe",
        "{i}: moderate/severe",
        "{i}: severe, maybe moderate",
        "{i}: moderate to severe",
        "{i}: somewhere between moderate and severe",
        "{i}: moderate \u{2014} possibly severe",
        "{i}: moderate, close to severe",
        "{i}: moderate; severe is possible",
    ];
    let bad = moderate_asides(&right, &wrong);
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// Every catalogue case's answer with each moderate stressor's line
/// written as one of `right` (each must earn the whole answer) or `wrong`
/// (each must not earn the stressors), `{i}` standing for the item.
fn moderate_asides(right: &[&str], wrong: &[&str]) -> Vec<String> {
    let mut bad = Vec::new();
    for filled in cases() {
        let Some((head, lines, tail)) = stressor_list(&filled.reference) else {
            continue;
        };
        let forms = |asides: &[&str]| -> Vec<String> {
            asides
                .iter()
                .map(|aside| {
                    let rows: String = lines
                        .iter()
                        .map(|(i, s)| {
                            let line = if s == "moderate" {
                                aside.replace("{i}", i)
                            } else {
                                format!("{i}: {s}")
                            };
                            format!("- {line}\n")
                        })
                        .collect();
                    format!("Stressors:\n{rows}")
                })
                .collect()
        };
        bad.extend(stressor_forms(
            &filled,
            (head, tail),
            &forms(right),
            &forms(wrong),
        ));
    }
    bad
}

/// A stressor's severity the writer corrects is the corrected one
/// (play-it40 X2, as burnout severities and triage tiers): "moderate,
/// actually severe" on a severe stressor is right and "severe, actually
/// moderate" on it is wrong, as a moderate one corrected to severe is; a
/// "correction" that offers both stays no one severity.
#[test]
fn a_corrected_stressor_severity_is_the_corrected_one() {
    let mut bad = Vec::new();
    for filled in cases() {
        let Some((head, lines, tail)) = stressor_list(&filled.reference) else {
            continue;
        };
        let rows = |severe: &str, moderate: &str| -> String {
            lines
                .iter()
                .map(|(i, s)| {
                    let form = if s == "moderate" { moderate } else { severe };
                    format!("- {}\n", form.replace("{i}", i))
                })
                .collect()
        };
        let right: Vec<String> = [
            ("{i}: moderate, actually severe", "{i}: moderate"),
            (
                "{i}: moderate \u{2014} no, actually severe",
                "{i}: severe, I mean moderate",
            ),
            (
                "{i}: moderate (should be severe)",
                "{i}: severe - no, actually moderate",
            ),
            ("{i}: severe", "{i}: severe, or rather moderate"),
            (
                "{i}: moderate, I mean severe",
                "{i}: severe (should be moderate)",
            ),
            ("{i}: severe", "{i}: severe... wait, actually moderate."),
        ]
        .iter()
        .map(|(severe, moderate)| format!("Stressors:\n{}", rows(severe, moderate)))
        .collect();
        // Every line wrong, whichever severities the case has.
        let wrong: Vec<String> = [
            (
                "{i}: severe, actually moderate",
                "{i}: moderate, actually severe",
            ),
            (
                "{i}: severe, I mean moderate",
                "{i}: moderate, I mean severe",
            ),
            (
                "{i}: severe (should be moderate)",
                "{i}: moderate (should be severe)",
            ),
            (
                "{i}: moderate, actually, or severe",
                "{i}: moderate, actually, or severe",
            ),
            (
                "{i}: severe \u{2014} no, actually moderate",
                "{i}: moderate \u{2014} no, actually severe",
            ),
        ]
        .iter()
        .map(|(severe, moderate)| format!("Stressors:\n{}", rows(severe, moderate)))
        .collect();
        bad.extend(stressor_forms(&filled, (head, tail), &right, &wrong));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}

/// An intervention plan written as a letter to one person of the roster
/// ("Hi Yara,") whose actions that person owns as "you": the owner is
/// named (play-para-it21 C1, decided as a misreading), so each right form
/// earns the whole answer. "You" with no addressee or with two, or to the
/// team, "someone", "the team", "HR", a role alone (the same on every
/// roster) and an owner offered as an alternative name no one and must
/// not earn the owners.
#[test]
fn the_addressee_as_you_names_the_owner() {
    let mut bad = Vec::new();
    for level in 1..CATALOGUE_LEVEL {
        for seed in 0..SEEDS {
            let case = Case::generate_at(TaskKind::InterventionPlan, level, seed);
            let Case::Plan(plan) = &case else {
                continue;
            };
            let manager = plan.name_of(Owner::Manager).to_owned();
            let lead = plan.name_of(Owner::Lead).to_owned();
            let first = |n: &str| n.split_whitespace().next().unwrap_or("").to_owned();
            let reference = case.write(Style::Reference);
            let owned = format!("owner: {manager}, engineering manager");
            if !reference.contains(&owned) {
                continue;
            }
            let fill = |t: &str| {
                t.replace("{first}", &first(&manager))
                    .replace("{full}", &manager)
                    .replace("{lead}", &first(&lead))
            };
            let form = |greeting: &str, owner: &str| {
                let owner = format!("owner: {}", fill(owner));
                format!("{}{}", fill(greeting), reference.replace(&owned, &owner))
            };
            let right = [
                form("Hi {first},\n\n", "you"),
                form("Dear {full},\n\n", "you"),
                form("To: {first}\n\n", "yourself"),
                form("{first},\n\n", "you"),
                form("Hello {first}!\n\n", "you, engineering manager"),
            ];
            let wrong = [
                form("", "you"),
                form("Hi team,\n\n", "you"),
                form("Hi {first} and {lead},\n\n", "you"),
                form("Hi {first},\n\n", "you or {lead}"),
                form("", "someone"),
                form("", "the team"),
                form("", "HR"),
                form("", "a manager"),
                // A role is the same on every roster: naming it reads none.
                form("", "the engineering manager"),
            ];
            for (answer, must_earn) in right
                .iter()
                .map(|a| (a, true))
                .chain(wrong.iter().map(|a| (a, false)))
            {
                let grade = case.grade(answer);
                let earns = if must_earn {
                    grade.total == Points::FULL
                } else {
                    grade.criteria["owners"] == Points::FULL
                };
                if earns != must_earn {
                    bad.push(format!(
                        "level {level} seed {seed}, must earn {must_earn}:\n{answer}\n  {}",
                        grade.notes.join("\n  ")
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n\n"));
}
