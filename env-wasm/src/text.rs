//! Text normalisation shared by graders: answers are compared after the same
//! folding everywhere, so "  Finance " and "finance" are one label.

/// Lower-cased, trimmed, inner whitespace collapsed to single spaces.
pub fn normalize(text: &str) -> String {
    text.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` normalises to one of `allowed` (already normalised).
pub fn is_one_of(text: &str, allowed: &[&str]) -> bool {
    let folded = normalize(text);
    allowed.contains(&folded.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_and_space() {
        assert_eq!(normalize("  Hello \t World\n"), "hello world");
        assert_eq!(normalize(""), "");
        assert!(is_one_of(" SPAM ", &["spam", "work"]));
        assert!(!is_one_of("spamwork", &["spam", "work"]));
    }
}
