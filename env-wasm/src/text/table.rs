//! Markdown table rows. Chat models lay an answer out as a table as often
//! as a list ("| **Refund** | **£228.00** |"), and a reader takes a row of
//! a label and its value as the line "Refund: £228.00" it stands for.

use std::borrow::Cow;

/// `|---|:---:|`: the line under a table's header row.
pub fn is_separator(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.starts_with('|')
        && trimmed.contains('-')
        && trimmed.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The cells of a table row, as written (markup kept, spaces trimmed), or
/// `None` for a line that is no row (it must open with `|`). The empty
/// cells outside the first and last pipes are not cells.
pub fn cells(line: &str) -> Option<Vec<&str>> {
    let trimmed = line.trim();
    let inner = trimmed.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(str::trim).collect())
}

/// Whether a cell holds nothing a reader sees (blank, or emphasis only).
fn blank(cell: &str) -> bool {
    cell.chars()
        .all(|c| c.is_whitespace() || matches!(c, '*' | '_' | '`'))
}

/// `text` with every table row written as the line it stands for: the
/// first cell as a label of the others ("| Late fee | CA$65.00 | waived |"
/// reads "Late fee: CA$65.00, waived"), a row of one filled cell as that
/// cell, separators and empty rows as blank lines. Other lines are kept.
///
/// Under a header row (a row the separator follows), a cell is also the
/// value of its column: each filled cell after the first whose heading is
/// filled reads as "Heading: cell" too, on lines before its row ("| Topic
/// | Next update |" over "| Refund | By 11:30 today |" reads "Next update:
/// By 11:30 today" and "Refund: By 11:30 today"). The row's own line stays
/// last, so what follows the table still comes after the row it names.
pub fn rows_as_lines(text: &str) -> Cow<'_, str> {
    if !text.lines().any(|line| cells(line).is_some()) {
        return Cow::Borrowed(text);
    }
    let source: Vec<&str> = text.split('\n').collect();
    let mut headings: Option<Vec<&str>> = None;
    let mut lines: Vec<String> = Vec::with_capacity(source.len());
    for (n, line) in source.iter().enumerate() {
        let Some(row) = cells(line) else {
            headings = None;
            lines.push((*line).to_string());
            continue;
        };
        if is_separator(line) {
            lines.push(String::new());
            continue;
        }
        let headed = source.get(n + 1).is_some_and(|next| is_separator(next));
        if headed {
            headings = Some(row.clone());
        } else if let Some(heads) = &headings {
            for (heading, cell) in heads.iter().zip(&row).skip(1) {
                if !blank(heading) && !blank(cell) {
                    lines.push(format!("{}: {cell}", heading.trim_end_matches(':')));
                }
            }
        }
        let filled: Vec<&str> = row.into_iter().filter(|c| !blank(c)).collect();
        lines.push(match filled.split_first() {
            None => String::new(),
            Some((only, [])) => (*only).to_string(),
            Some((label, values)) => {
                format!("{}: {}", label.trim_end_matches(':'), values.join(", "))
            }
        });
    }
    Cow::Owned(lines.join("\n"))
}

/// The items a list written as a markdown table holds ("| name |\n|---|\n|
/// Priya |\n| Leila |" is Priya and Leila), or `None` when `text` is no
/// table (a line of it that is not a row). Each row gives the cell of the
/// item column: the first column whose heading `is_heading` calls a
/// column name ("| # | id | reason |" reads the ids), else the first. The
/// first row is a heading row, no item, when its item cell is a column
/// name; rule lines and rows with an empty item cell give nothing.
/// Emphasis around a cell goes (`**Priya**` is `Priya`).
pub fn column_items(text: &str, is_heading: impl Fn(&str) -> bool) -> Option<Vec<&str>> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let rows: Vec<Vec<&str>> = lines
        .iter()
        .filter(|line| !is_separator(line))
        .map(|line| cells(line))
        .collect::<Option<_>>()?;
    fn cell<'a>(c: &&'a str) -> &'a str {
        c.trim_matches(|ch: char| ch == '*' || ch.is_whitespace())
    }
    let first = rows.first()?;
    let column = first.iter().position(|c| is_heading(cell(c))).unwrap_or(0);
    let skip = usize::from(first.get(column).is_some_and(|c| is_heading(cell(c))));
    Some(
        rows.iter()
            .skip(skip)
            .filter_map(|row| row.get(column).map(cell))
            .filter(|c| !blank(c))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_as_labelled_lines() {
        let table = "Hi Carmen,\n\n| | |\n|---|---|\n| Months used | 8 |\n| **Refund** | \
                     **£228.00** |\n| Late fee | CA$65.00 | Waived |\n|Status:|done|\n\nThanks";
        assert_eq!(
            rows_as_lines(table),
            "Hi Carmen,\n\n\n\nMonths used: 8\n**Refund**: **£228.00**\nLate fee: CA$65.00, \
             Waived\nStatus: done\n\nThanks"
        );
    }

    #[test]
    fn a_cell_under_a_heading_is_its_columns_value() {
        let table = "| Topic | Handled by | Next update |\n|---|---|---|\n| Refund | Legal \
                     team | By 11:30 today |\n| | | |\nAfter";
        assert_eq!(
            rows_as_lines(table),
            "Topic: Handled by, Next update\n\nHandled by: Legal team\nNext update: By 11:30 \
             today\nRefund: Legal team, By 11:30 today\n\nAfter"
        );
        // Blank headings label nothing; a row under no header is as it was.
        assert_eq!(
            rows_as_lines("| | |\n|---|---|\n| Refund | £40.00 |"),
            "\n\nRefund: £40.00"
        );
    }

    #[test]
    fn lines_without_rows_are_kept_as_they_are() {
        let text = "We refund you | today.\nNo table here: a || b";
        assert!(matches!(rows_as_lines(text), Cow::Borrowed(t) if t == text));
        assert_eq!(cells("| a | b |"), Some(vec!["a", "b"]));
        assert_eq!(cells("a | b"), None);
        assert!(is_separator("|:---|---:|"));
        assert!(!is_separator("| - | a |"));
    }

    #[test]
    fn a_table_of_items_reads_its_item_column() {
        let heading = |c: &str| ["name", "id"].contains(&c.to_lowercase().as_str());
        let names = "| Name |\n|---|\n| Priya |\n| **Leila** |\n|  |";
        assert_eq!(column_items(names, heading), Some(vec!["Priya", "Leila"]));
        // No heading row: every row is an item.
        assert_eq!(
            column_items("| Priya |\n| Leila |", heading),
            Some(vec!["Priya", "Leila"])
        );
        // The id column, whatever its place; the reasons are not items.
        let ids = "| # | id | reason |\n|---|---|---|\n| 1 | h483 | repeated |\n| 2 | w162 | x |";
        assert_eq!(column_items(ids, heading), Some(vec!["h483", "w162"]));
        // A heading that names no column is the first item.
        assert_eq!(
            column_items("| Priya |\n|---|\n| Leila |", heading),
            Some(vec!["Priya", "Leila"])
        );
        for not_a_table in ["Priya, Leila", "| Priya |\nand Leila", ""] {
            assert_eq!(column_items(not_a_table, heading), None, "{not_a_table}");
        }
    }
}
