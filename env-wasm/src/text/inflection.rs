//! Verb forms, so a reader's word list names a verb once ("reset") and
//! matches every form of it ("resets", "resetting", "reset"), instead of
//! listing each form and missing one.

use std::borrow::Cow;

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
    ("strike", &["struck", "stricken"]),
    ("lose", &["lost"]),
    ("fall", &["fell", "fallen"]),
];

/// Whether `word` is `base` or one of its forms: `-s`, `-es`, `-ed`, `-d`,
/// `-ing` (with a final `e` dropped or the last consonant doubled), a
/// final `y` as `-ies` / `-ied`, or an irregular form ("sent", "paid").
pub fn is_form_of(word: &str, base: &str) -> bool {
    // Every form starts with its base's first letter but those of "be":
    // most pairs are told apart here, which readers trying hundreds of
    // bases on every word depend on.
    if (word.as_bytes().first() != base.as_bytes().first() && base != "be")
        || word.len() + 1 < base.len()
    {
        return false;
    }
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

/// Every base `word` may be a form of, for looking a word up in a table
/// of bases instead of testing each base: `is_form_of(word, base)` holds
/// exactly when `base` is one of these (a test keeps the two in step).
pub fn bases_of<'a>(word: &'a str) -> Vec<Cow<'a, str>> {
    let mut out: Vec<Cow<'a, str>> = vec![Cow::Borrowed(word)];
    let mut add = |base: Cow<'a, str>| {
        if !base.is_empty() && !out.contains(&base) {
            out.push(base);
        }
    };
    for suffix in ["s", "es", "ed", "ing"] {
        if let Some(stem) = word.strip_suffix(suffix) {
            add(Cow::Borrowed(stem));
            // "dropped", "resetting": the doubled consonant.
            let mut chars = stem.chars();
            if matches!(suffix, "ed" | "ing")
                && let (Some(last), Some(before)) = (chars.next_back(), chars.next_back())
                && last == before
            {
                add(Cow::Borrowed(&stem[..stem.len() - last.len_utf8()]));
            }
        }
    }
    // "removed" (base + d), "removing" (a final e dropped).
    if let Some(stem) = word.strip_suffix('d')
        && stem.ends_with('e')
    {
        add(Cow::Borrowed(stem));
    }
    if let Some(stem) = word.strip_suffix("ing") {
        add(Cow::Owned(format!("{stem}e")));
    }
    for suffix in ["ies", "ied"] {
        if let Some(stem) = word.strip_suffix(suffix) {
            add(Cow::Owned(format!("{stem}y")));
        }
    }
    for (base, forms) in IRREGULAR {
        if forms.contains(&word) {
            add(Cow::Borrowed(base));
        }
    }
    out
}

/// The longest start every form of `base` shares ([`is_form_of`]): the
/// base without a final `e` or `y` ("rate" is "rat": rating, rated;
/// "reply" is "repl": replies), shortened to what its irregular forms
/// share ("send" is "sen": sent). A phrase word naming a verb
/// ([`crate::text::words`]'s `rate+`) is looked up by it.
pub fn forms_start(base: &str) -> &str {
    let mut start = base
        .strip_suffix('e')
        .or_else(|| base.strip_suffix('y'))
        .unwrap_or(base);
    for (_, forms) in IRREGULAR.iter().filter(|(b, _)| *b == base) {
        for form in *forms {
            let shared = start
                .bytes()
                .zip(form.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            start = &start[..shared];
        }
    }
    start
}

/// The irregular verbs whose forms are spelt out ("tell": "told").
pub fn irregular_bases() -> impl Iterator<Item = &'static str> {
    IRREGULAR.iter().map(|(base, _)| *base)
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
            ("struck", "strike"),
            ("lost", "lose"),
            ("fallen", "fall"),
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

    #[test]
    fn every_form_opens_with_its_base_start() {
        for (base, forms) in [
            ("rate", &["rates", "rated", "rating", "rate"][..]),
            ("reply", &["replies", "replied", "replying"]),
            ("drop", &["dropped", "dropping", "drops"]),
            ("send", &["sent", "sends", "sending"]),
            ("take", &["took", "taken", "taking"]),
        ] {
            for form in forms {
                assert!(is_form_of(form, base), "{form} / {base}");
                assert!(form.starts_with(forms_start(base)), "{form} / {base}");
            }
        }
        assert_eq!(forms_start("rate"), "rat");
        assert_eq!(forms_start("be"), "");
    }

    #[test]
    fn bases_of_agrees_with_is_form_of() {
        let bases = [
            "reset", "remove", "drop", "reply", "send", "pay", "waive", "fix", "see", "be", "have",
            "refund", "credit", "take", "get", "go", "close", "apply", "set", "settle", "issue",
        ];
        let words = [
            "resets",
            "resetting",
            "removed",
            "removing",
            "dropped",
            "replies",
            "replied",
            "replying",
            "sent",
            "paid",
            "waives",
            "fixes",
            "seen",
            "is",
            "has",
            "refunded",
            "credits",
            "taken",
            "got",
            "gone",
            "closes",
            "applied",
            "setting",
            "settled",
            "issuing",
            "settle",
            "credit",
            "sender",
            "reply",
            "replay",
            "be",
            "goes",
            "issued",
            "seeing",
        ];
        for word in words {
            let found = bases_of(word);
            for base in bases {
                assert_eq!(
                    is_form_of(word, base),
                    found.iter().any(|b| b == base),
                    "{word} / {base}: {found:?}"
                );
            }
        }
    }
}
