//! Misreadings of the catalogue plan found by a black-box player
//! (play-mcp1, issue 21), as classes: a paragraph after the plan that says
//! why the set was chosen names the ids it weighed, and chooses none of
//! them (the plan is the first line naming an id, with the list under
//! it); "not chosen either" is a negation, not an alternative; a relative
//! clause between an id and its verb ("P7, which needs it, is not chosen")
//! does not take the verb away from the id. Each right row, filled in on
//! cases of levels 4 and 5, must earn the whole answer; each near miss
//! (every id on the plan line, alternatives, another id stated as chosen,
//! a second plan) must not earn the plan.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::it_mental_health::plan::CATALOGUE_LEVEL;
use env_wasm::it_mental_health::scenario::{Case, TaskKind};
use env_wasm::it_mental_health::writers::Style;
use env_wasm::points::Points;

/// Seeds per catalogue level.
const SEEDS: u64 = 6;

/// A catalogue case, its reference answer and the ids a row is filled
/// from: `{best}` the best plan, `{b1}` its first id, `{o1}` to `{o3}` ids
/// outside it, `{all}` every id.
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
    ];
    let mut bad = Vec::new();
    for filled in cases() {
        let full = filled.case.grade(&filled.reference);
        assert_eq!(full.total, Points::FULL, "{}", full.notes.join("\n"));
        for row in right {
            let answer = answer(&filled, row, "");
            let grade = filled.case.grade(&answer);
            if grade.total != Points::FULL {
                bad.push(format!(
                    "{answer}\n  {:?}\n  {}",
                    grade.criteria,
                    grade.notes.join("\n  ")
                ));
            }
        }
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
