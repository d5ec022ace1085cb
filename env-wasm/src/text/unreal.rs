//! What did not happen, in any environment's answers: a modal perfect
//! ("would have been", "could have refunded", "might have helped") says
//! what would have been under other facts, not what is or will be.

/// Modals that make "have" and a participle after them what did not
/// happen: "would have been my next pick", "could have helped".
const UNREAL_MODALS: &[&str] = &["would", "could", "might"];

/// Past participles of no "-ed" or "-en" form.
const IRREGULAR_PARTICIPLES: &[&str] = &[
    "made", "done", "gone", "cost", "fit", "put", "brought", "bought", "kept", "come", "run",
    "paid", "sent", "held", "set", "got", "dealt", "struck", "let", "told", "found", "lost",
];

/// Whether `word` may be a past participle: "been", "refunded",
/// "waived", "taken", "paid".
pub fn is_participle(word: &str) -> bool {
    word == "been"
        || IRREGULAR_PARTICIPLES.contains(&word)
        || (word.len() > 3 && (word.ends_with("ed") || word.ends_with("en")))
}

/// Where in `words` a modal perfect stands ("would have been", "we could
/// have refunded it", "we'd have waived it": the contraction spelled
/// out), the modal's index. "Would have" before a noun ("it would have
/// the biggest effect") is a forecast, no modal perfect.
pub fn modal_perfect(words: &[&str]) -> Option<usize> {
    words
        .windows(3)
        .position(|w| UNREAL_MODALS.contains(&w[0]) && w[1] == "have" && is_participle(w[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_modal_perfect_is_found_and_a_forecast_is_not() {
        for (said, found) in [
            ("we could have refunded it", Some(1)),
            ("it would have been my next pick", Some(1)),
            ("they might have paid twice", Some(1)),
            ("it would have the biggest effect", None),
            ("we have refunded it", None),
            ("we would refund it", None),
        ] {
            let words: Vec<&str> = said.split(' ').collect();
            assert_eq!(modal_perfect(&words), found, "{said}");
        }
    }
}
