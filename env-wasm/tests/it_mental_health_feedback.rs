//! Feedback that teaches (issue 21, R7), for `it_mental_health`'s triage and
//! burnout graders: every deduction quotes the answer's own line it was
//! read from (or says the line is missing) and states the expected value,
//! so a player sees which line lost the points without bisecting.
#![cfg(not(target_arch = "wasm32"))]

use env_wasm::it_mental_health::burnout::{self, BurnoutCase, Severity};
use env_wasm::it_mental_health::scenario::Case;
use env_wasm::it_mental_health::triage::{self, Tier, TriageCase};
use env_wasm::it_mental_health::writers::Style;

/// The notes of `answer` on `case`, as one string (the feedback joins them).
fn notes(case: &Case, answer: &str) -> String {
    case.grade(answer).notes.join(" ")
}

/// Check that each (what, answer, wanted fragments) row's feedback holds
/// every wanted fragment, and that the answer did lose points.
fn check(case: &Case, rows: &[(&str, String, Vec<String>)]) {
    let mut failures = Vec::new();
    for (what, answer, wanted) in rows {
        let grade = case.grade(answer);
        let feedback = notes(case, answer);
        if grade.weighted >= env_wasm::points::Points::FULL {
            failures.push(format!("{what}: lost nothing\n{answer}"));
        }
        for fragment in wanted {
            if !feedback.contains(fragment.as_str()) {
                failures.push(format!(
                    "{what}: feedback lacks {fragment:?}\nfeedback: {feedback}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

fn triage_case() -> TriageCase {
    (0..500)
        .map(triage::generate)
        .find(|c| c.employees.len() >= 3 && c.tiers().len() >= 3)
        .expect("a triage case with three tiers")
}

fn burnout_case() -> BurnoutCase {
    (0..500)
        .map(burnout::generate)
        .find(|c| c.severity != Severity::Low && c.escalate)
        .expect("a burnout case that needs escalation")
}

#[test]
fn triage_deductions_quote_the_line_and_the_expected_value() {
    let case = triage_case();
    let wrapped = Case::Triage(case.clone());
    let reference = wrapped.write(Style::Reference);
    assert!(!notes(&wrapped, &reference).contains(" in \""));
    let blocks: Vec<&str> = reference.split("\n\n").collect();
    let first = &case.employees[0];
    let own = blocks[0];
    let with_own = |block: &str| reference.replacen(own, block, 1);
    let wrong_tier = Tier::ALL
        .into_iter()
        .find(|t| *t != first.tier)
        .unwrap_or(Tier::Green);
    let tier_line = format!("Tier: {}", first.tier.name());
    let rows = vec![
        (
            "a wrong tier",
            with_own(&own.replace(&tier_line, &format!("Tier: {}", wrong_tier.name()))),
            vec![
                format!("\"Tier: {}\"", wrong_tier.name()),
                format!("rubric gives {}", first.tier.name()),
            ],
        ),
        (
            "no tier at all",
            with_own(&own.replace(&format!("{tier_line}\n"), "")),
            vec![
                format!("\"Employee: {}\" (no \"Tier\" field)", first.name),
                format!("rubric gives {}", first.tier.name()),
            ],
        ),
        (
            "a 24-hour action of another tier",
            with_own(
                &own.lines()
                    .map(|l| {
                        if l.starts_with("24-hour action:") {
                            "24-hour action: thank them for their work in the next routine \
                             1:1 and keep doing what works."
                                .to_owned()
                        } else {
                            l.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            vec!["\"24-hour action: thank them for their work".to_owned()],
        ),
        (
            "no 2-week action",
            with_own(
                &own.lines()
                    .filter(|l| !l.starts_with("2-week action:"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            vec!["(no 2-week action found)".to_owned()],
        ),
        (
            "a 2-week action on another stressor",
            with_own(
                &own.lines()
                    .map(|l| {
                        if l.starts_with("2-week action:") {
                            "2-week action: send them on a week's leave to rest.".to_owned()
                        } else {
                            l.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
            vec![
                "\"2-week action: send them on a week's leave to rest\"".to_owned(),
                format!(
                    "it should tackle the main stressor {}; read as aimed at no stressor of the case",
                    first.stressor
                ),
            ],
        ),
        (
            "the person left out",
            with_own(""),
            vec![
                format!("{}: tier read none (no line of the answer", first.name),
                format!("rubric gives {}", first.tier.name()),
            ],
        ),
        (
            "the ranking reversed",
            {
                let (body, ranking) = reference
                    .rsplit_once("Priority ranking: ")
                    .expect("a ranking line");
                let mut reversed: Vec<&str> = ranking.split(" > ").collect();
                reversed.reverse();
                format!("{body}Priority ranking: {}", reversed.join(" > "))
            },
            vec![
                "in \"Priority ranking:".to_owned(),
                format!(
                    "the rubric's tiers order them {} ({})",
                    case.priority()[0].name,
                    case.priority()[0].tier.name()
                ),
            ],
        ),
    ];
    // The 24-hour row only deducts when the routine check-in is not the
    // tier's level: pick the first person who is not GREEN for it.
    let rows: Vec<_> = rows
        .into_iter()
        .filter(|(what, _, _)| {
            *what != "a 24-hour action of another tier" || first.tier != Tier::Green
        })
        .collect();
    check(&wrapped, &rows);
}

#[test]
fn burnout_deductions_quote_the_line_and_the_expected_value() {
    let case = burnout_case();
    let wrapped = Case::Burnout(case.clone());
    let reference = wrapped.write(Style::Reference);
    assert!(!notes(&wrapped, &reference).contains(" in \""));
    let replace_line = |prefix: &str, with: &str| -> String {
        reference
            .lines()
            .map(|l| if l.starts_with(prefix) { with } else { l })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let wrong_level = Severity::ALL
        .into_iter()
        .find(|l| *l != case.severity)
        .unwrap_or(Severity::Low);
    let flags_start = reference.find("Red flags:").expect("a red flags section");
    let flags_end = reference
        .find("HR escalation:")
        .expect("an escalation section");
    let with_flags = |flags: &str| {
        format!(
            "{}Red flags:\n{flags}\n{}",
            &reference[..flags_start],
            &reference[flags_end..]
        )
    };
    let rows = vec![
        (
            "a wrong severity",
            replace_line(
                "Severity:",
                &format!("Severity: {} overall, from the scores.", wrong_level.name()),
            ),
            vec![
                format!("\"{} overall, from the scores.\"", wrong_level.name()),
                format!("the rubric gives {}", case.severity.name()),
            ],
        ),
        (
            "no severity",
            replace_line("Severity:", ""),
            vec![
                "(no \"severity\" section found)".to_owned(),
                format!("the rubric gives {}", case.severity.name()),
            ],
        ),
        (
            "a wrong escalation",
            replace_line(
                "HR escalation:",
                "HR escalation: No, the line manager can handle this alone.",
            ),
            vec![
                "\"No, the line manager can handle this alone.\"".to_owned(),
                "the rubric says yes".to_owned(),
            ],
        ),
        (
            "a red flag that is no fact of the case",
            with_flags(
                "- they enjoy the new standing desk\n- they like the office coffee\n- they \
                 asked about the parking rota",
            ),
            vec![
                "\"they enjoy the new standing desk\" cites no concerning fact".to_owned(),
                "Concerning facts of this case not cited:".to_owned(),
            ],
        ),
        (
            "no red flags section",
            with_flags("").replace("Red flags:\n", ""),
            vec![
                "no \"red flags\" section found".to_owned(),
                "Concerning facts of this case not cited:".to_owned(),
            ],
        ),
        (
            "no dimension named",
            replace_line("Burnout dimensions:", "Burnout dimensions: none of them."),
            vec![
                "in \"none of them.\"".to_owned(),
                format!(
                    "the case gives evidence of {}",
                    case.dimensions
                        .iter()
                        .map(|d| d.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ],
        ),
    ];
    check(&wrapped, &rows);
}
