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
}
