//! Numbers as people write them: digits (`12`, `9.5`, `1,200` once
//! [`super::Text`] has joined it) and number words, one table for every
//! reader (`twenty-four hours`, `five business days`, `eleven months`).

/// `12` -> 12, `9.5` -> 9; words that are not numbers -> `None`.
pub fn number_value(word: &str) -> Option<u64> {
    let whole = word.split('.').next().unwrap_or("");
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if !word.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    whole.parse().ok()
}

/// A number word on its own: `zero` to `nineteen`, the tens, `hundred`.
pub fn number_word(word: &str) -> Option<u64> {
    let n = match word {
        "zero" | "none" | "nought" | "naught" | "nil" => 0,
        "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        "fifteen" => 15,
        "sixteen" => 16,
        "seventeen" => 17,
        "eighteen" => 18,
        "nineteen" => 19,
        "twenty" => 20,
        "thirty" => 30,
        "forty" => 40,
        "fifty" => 50,
        "sixty" => 60,
        "seventy" => 70,
        "eighty" => 80,
        "ninety" => 90,
        "hundred" => 100,
        _ => return None,
    };
    Some(n)
}

/// An ordinal as the count it stands for in "every third day": `second`
/// to `twelfth` and `2nd` to `12th`. Only a reader that knows the ordinal
/// counts (after "every") asks: "second" is also a unit of time.
pub fn ordinal_value(word: &str) -> Option<u64> {
    let n = match word {
        "other" | "second" | "2nd" => 2,
        "third" | "3rd" => 3,
        "fourth" | "4th" => 4,
        "fifth" | "5th" => 5,
        "sixth" | "6th" => 6,
        "seventh" | "7th" => 7,
        "eighth" | "8th" => 8,
        "ninth" | "9th" => 9,
        "tenth" | "10th" => 10,
        "eleventh" | "11th" => 11,
        "twelfth" | "12th" => 12,
        _ => return None,
    };
    Some(n)
}

/// The number that starts at `words[at]`, with how many words it takes:
/// digits (`24`), a word (`five`), or a ten and a unit (`twenty four`,
/// which is how [`super::Text`] reads `twenty-four`).
pub fn number_at<S: AsRef<str>>(words: &[S], at: usize) -> Option<(u64, usize)> {
    let word = words.get(at)?.as_ref();
    if let Some(n) = number_value(word) {
        return Some((n, 1));
    }
    let n = number_word(word)?;
    let unit = words
        .get(at + 1)
        .and_then(|w| number_word(w.as_ref()))
        .filter(|u| (20..100).contains(&n) && n % 10 == 0 && (1..10).contains(u));
    Some(match unit {
        Some(u) => (n + u, 2),
        None => (n, 1),
    })
}

/// A number written in words with a scale, starting at `words[at]`:
/// "eight thousand", "nine thousand five hundred", "twelve thousand two
/// hundred and fifty", with how many words it takes. Without "hundred" or
/// "thousand" it is left to [`number_at`].
pub fn spoken_amount<S: AsRef<str>>(words: &[S], at: usize) -> Option<(u64, usize)> {
    let word = |k: usize| words.get(k).map(AsRef::as_ref);
    if word(at).is_some_and(|w| number_value(w).is_some()) {
        return None;
    }
    let (mut total, mut current, mut scaled) = (0u64, 0u64, false);
    let mut k = at;
    loop {
        match word(k) {
            Some("hundred") if k > at => {
                current = current.max(1).saturating_mul(100);
                scaled = true;
                k += 1;
            }
            Some("thousand") if k > at => {
                total = total.saturating_add(current.max(1).saturating_mul(1000));
                current = 0;
                scaled = true;
                k += 1;
            }
            // "two hundred and fifty": "and" only between a scale and a
            // number after it.
            Some("and")
                if scaled
                    && matches!(word(k - 1), Some("hundred" | "thousand"))
                    && word(k + 1).and_then(number_word).is_some() =>
            {
                k += 1;
            }
            Some(w) if number_word(w).is_some() && w != "hundred" => {
                let (n, len) = number_at(words, k)?;
                current = current.saturating_add(n);
                k += len;
            }
            _ => break,
        }
    }
    scaled.then_some((total.saturating_add(current), k - at))
}

/// Phrases that say a number is the whole of what it counts ("13 rows in
/// all", "15,510.12 altogether", "overall: 13", "12 records all told"),
/// longest first: they add nothing to the number.
pub const WHOLE_PHRASES: &[&str] = &[
    "all in all",
    "all told",
    "altogether",
    "in all",
    "in total",
    "overall",
];

/// `text` with each phrase of [`WHOLE_PHRASES`] (a whole word or words,
/// any case) left out, so a reader of a count or a total reads the number
/// and its own words only: "13 rows in all" reads as "13 rows".
pub fn without_whole_phrases(text: &str) -> String {
    let mut out = text.to_lowercase();
    if out.len() != text.len() {
        return text.to_owned();
    }
    for phrase in WHOLE_PHRASES {
        let mut from = 0;
        while let Some(found) = out[from..].find(phrase) {
            let at = from + found;
            let end = at + phrase.len();
            let bounded = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
            if bounded(out[..at].chars().next_back()) && bounded(out[end..].chars().next()) {
                out.replace_range(at..end, " ");
                from = at + 1;
            } else {
                from = end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_of_the_whole_add_nothing() {
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (text, left) in [
            ("13 rows in all", "13 rows"),
            ("In all, 13.", ", 13."),
            ("15,510.12 altogether", "15,510.12"),
            ("12 records all told", "12 records"),
            ("overall: 13", ": 13"),
            ("all in all 13", "13"),
        ] {
            assert_eq!(words(&without_whole_phrases(text)), left, "{text}");
        }
        // Inside a word, or other uses of "all": kept.
        for kept in ["13 overalls", "total of all refunds", "tall 13", "install"] {
            assert_eq!(without_whole_phrases(kept), kept.to_lowercase(), "{kept}");
        }
    }

    #[test]
    fn digits_words_and_compounds() {
        assert_eq!(number_value("9.5"), Some(9));
        assert_eq!(number_value("9a"), None);
        let words = ["twenty", "four", "hours", "within", "5", "days", "fifty"];
        assert_eq!(number_at(&words, 0), Some((24, 2)));
        assert_eq!(number_at(&words, 1), Some((4, 1)));
        assert_eq!(number_at(&words, 2), None);
        assert_eq!(number_at(&words, 4), Some((5, 1)));
        assert_eq!(number_at(&words, 6), Some((50, 1)));
        assert_eq!(number_at(&["ten", "five"], 0), Some((10, 1)));
        let spoken = |text: &str| {
            let words: Vec<&str> = text.split(' ').collect();
            spoken_amount(&words, 0)
        };
        assert_eq!(spoken("eight thousand us dollars"), Some((8000, 2)));
        assert_eq!(
            spoken("nine thousand five hundred dollars"),
            Some((9500, 4))
        );
        assert_eq!(
            spoken("twelve thousand two hundred and fifty"),
            Some((12250, 6))
        );
        assert_eq!(spoken("twenty five thousand"), Some((25000, 3)));
        assert_eq!(spoken("five hundred and"), Some((500, 2)));
        assert_eq!(spoken("seven days"), None);
        assert_eq!(spoken("thousand"), None);
    }
}
