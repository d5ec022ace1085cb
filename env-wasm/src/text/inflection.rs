//! Verb forms, so a reader's word list names a verb once ("reset") and
//! matches every form of it ("resets", "resetting", "reset"), instead of
//! listing each form and missing one.

/// Irregular forms of the verbs readers look for, base first.
const IRREGULAR: &[(&str, &[&str])] = &[
    ("be", &["is", "are", "was", "were", "been", "being", "am"]),
    ("have", &["has", "had", "having"]),
    ("do", &["does", "did", "done", "doing"]),
    ("get", &["got", "gotten", "getting"]),
    ("give", &["gave", "given"]),
    ("go", &["goes", "went", "gone"]),
    ("come", &["came"]),
    ("hear", &["heard"]),
    ("hold", &["held"]),
    ("keep", &["kept"]),
    ("make", &["made"]),
    ("pay", &["paid"]),
    ("put", &["putting"]),
    ("send", &["sent"]),
    ("set", &["setting"]),
    ("see", &["saw", "seen"]),
    ("take", &["took", "taken"]),
    ("tell", &["told"]),
    ("write", &["wrote", "written"]),
    ("say", &["said"]),
    ("forgive", &["forgave", "forgiven"]),
    ("let", &["letting"]),
    ("find", &["found"]),
    ("rid", &["ridding"]),
];

/// Whether `word` is `base` or one of its forms: `-s`, `-es`, `-ed`, `-d`,
/// `-ing` (with a final `e` dropped or the last consonant doubled), a
/// final `y` as `-ies` / `-ied`, or an irregular form ("sent", "paid").
pub fn is_form_of(word: &str, base: &str) -> bool {
    if word == base {
        return true;
    }
    if let Some(rest) = word.strip_prefix(base) {
        match rest {
            "s" | "es" | "ed" | "ing" => return true,
            "d" if base.ends_with('e') => return true,
            _ => {}
        }
        // "dropped", "resetting": the last consonant doubled.
        let mut tail = rest.chars();
        if tail.next().is_some_and(|c| base.ends_with(c)) && matches!(tail.as_str(), "ed" | "ing") {
            return true;
        }
    }
    if let Some(stem) = base.strip_suffix('e')
        && word.strip_prefix(stem) == Some("ing")
    {
        return true;
    }
    if let Some(stem) = base.strip_suffix('y')
        && matches!(word.strip_prefix(stem), Some("ies" | "ied"))
    {
        return true;
    }
    IRREGULAR
        .iter()
        .any(|(b, forms)| *b == base && forms.contains(&word))
}

/// The first of `bases` that `word` is a form of.
pub fn base_of<'a>(word: &str, bases: &[&'a str]) -> Option<&'a str> {
    bases.iter().copied().find(|b| is_form_of(word, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regular_and_irregular_forms() {
        for (word, base) in [
            ("resets", "reset"),
            ("resetting", "reset"),
            ("removed", "remove"),
            ("removing", "remove"),
            ("dropped", "drop"),
            ("replies", "reply"),
            ("replied", "reply"),
            ("replying", "reply"),
            ("sent", "send"),
            ("paid", "pay"),
            ("waives", "waive"),
            ("fixes", "fix"),
            ("seen", "see"),
        ] {
            assert!(is_form_of(word, base), "{word} / {base}");
        }
        for (word, base) in [
            ("settle", "set"),
            ("credit", "cred"),
            ("sender", "send"),
            ("reply", "replay"),
        ] {
            assert!(!is_form_of(word, base), "{word} / {base}");
        }
        assert_eq!(base_of("revoking", &["reset", "revoke"]), Some("revoke"));
        assert_eq!(base_of("revoke", &["reset"]), None);
    }
}
