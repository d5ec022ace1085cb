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
pub fn rows_as_lines(text: &str) -> Cow<'_, str> {
    if !text.lines().any(|line| cells(line).is_some()) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| match cells(line) {
            None => line.to_string(),
            Some(_) if is_separator(line) => String::new(),
            Some(cells) => {
                let filled: Vec<&str> = cells.into_iter().filter(|c| !blank(c)).collect();
                match filled.split_first() {
                    None => String::new(),
                    Some((only, [])) => (*only).to_string(),
                    Some((label, values)) => {
                        format!("{}: {}", label.trim_end_matches(':'), values.join(", "))
                    }
                }
            }
        })
        .collect();
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
