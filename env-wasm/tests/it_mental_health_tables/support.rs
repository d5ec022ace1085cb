//! The table runner: rows are templates with `{key}` placeholders filled
//! from a case's own facts; a row whose placeholders a case cannot fill
//! (a `{if_yes}` on a case that needs no escalation) does not apply to it.

use std::collections::BTreeSet;

use env_wasm::it_mental_health::scenario::{Case, fill};

/// The facts of one case that rows are filled from.
pub(crate) type Vars = Vec<(&'static str, String)>;

/// A case and the facts rows are filled from.
pub(crate) struct Seeded {
    pub seed: u64,
    pub case: Case,
    pub vars: Vars,
}

/// The first `n` cases among seeds `0..2000` that `keep` accepts, with the
/// facts `vars` reads from them.
pub(crate) fn seeded<C>(
    n: usize,
    generate: impl Fn(u64) -> C,
    keep: impl Fn(&C) -> bool,
    vars: impl Fn(&C) -> Vars,
    wrap: impl Fn(C) -> Case,
) -> Vec<Seeded> {
    (0..2000)
        .map(|seed| (seed, generate(seed)))
        .filter(|(_, c)| keep(c))
        .take(n)
        .map(|(seed, c)| Seeded {
            seed,
            vars: vars(&c),
            case: wrap(c),
        })
        .collect()
}

/// Rows built as `String`s, as the `&str` rows a [`Table`] takes.
pub(crate) fn refs(rows: &[String]) -> Vec<&str> {
    rows.iter().map(String::as_str).collect()
}

/// One criterion's rows.
pub(crate) struct Table<'a> {
    pub criterion: &'static str,
    /// Answers that must earn the criterion in full.
    pub right: &'a [&'a str],
    /// Answers that must not.
    pub wrong: &'a [&'a str],
}

/// Rows must be many and distinct, or the table proves little.
const MIN_ROWS: usize = 40;

fn criterion(case: &Case, answer: &str, name: &str) -> i32 {
    case.grade(answer).criteria.get(name).map_or(-1, |p| p.0)
}

/// Fill `row` from `vars`; `None` when a placeholder stays unfilled (the
/// row does not apply).
pub(crate) fn filled(row: &str, vars: &Vars) -> Option<String> {
    let text = fill(row, vars);
    let open = text.find('{');
    let placeholder = open.is_some_and(|at| {
        text[at + 1..].split_once('}').is_some_and(|(key, _)| {
            !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    });
    (!placeholder).then_some(text)
}

/// Check every row of `table` on every case it applies to, print the
/// corpus size and pass counts, and fail listing the rows that do not
/// hold. `answer` builds the whole answer around a row template, filling
/// it ([`filled`]); `None` when the row does not apply to the case.
pub(crate) fn check(
    table: &Table,
    cases: &[Seeded],
    answer: impl Fn(&Seeded, &str) -> Option<String>,
) {
    for (side, rows) in [("right", table.right), ("wrong", table.wrong)] {
        let distinct: BTreeSet<&&str> = rows.iter().collect();
        assert_eq!(
            distinct.len(),
            rows.len(),
            "{} {side}: repeated rows",
            table.criterion
        );
        assert!(
            rows.len() >= MIN_ROWS,
            "{} {side}: only {} rows",
            table.criterion,
            rows.len()
        );
    }
    let mut failures = Vec::new();
    let mut counts = [(0usize, 0usize, 0usize); 2];
    for (k, rows) in [table.right, table.wrong].into_iter().enumerate() {
        for row in rows {
            let mut applied = 0;
            let mut held = true;
            for seeded in cases {
                let Some(whole) = answer(seeded, row) else {
                    continue;
                };
                applied += 1;
                let score = criterion(&seeded.case, &whole, table.criterion);
                let ok = if k == 0 {
                    score == 10_000
                } else {
                    score < 10_000
                };
                if !ok {
                    held = false;
                    failures.push(format!(
                        "{} {} row on seed {} scored {score}:\n{row}\n---\n{whole}\n--- notes:\n{}",
                        table.criterion,
                        if k == 0 { "right" } else { "wrong" },
                        seeded.seed,
                        seeded.case.grade(&whole).notes.join("\n")
                    ));
                }
            }
            assert!(
                applied > 0,
                "{}: a row applies to no case: {row}",
                table.criterion
            );
            counts[k].0 += 1;
            counts[k].1 += applied;
            counts[k].2 += usize::from(held);
        }
    }
    println!(
        "{:<20} right: {} rows ({} row-cases), {} pass; wrong: {} rows ({} row-cases), {} pass",
        table.criterion,
        counts[0].0,
        counts[0].1,
        counts[0].2,
        counts[1].0,
        counts[1].1,
        counts[1].2
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
