//! Behaviour penalties, as in the seed plus a length cap: an answer under
//! 20 words scores 0 (no assessment fits in it), repetition, harmful advice
//! (punishing, firing, shaming, telling someone to push through, breaking
//! confidentiality, or instructions aimed at the grader) and padding past
//! the task's length cap cost points. Harmful phrases are read with
//! negation, so "do not discipline them" is not harmful.

use std::collections::{BTreeMap, BTreeSet};

use crate::points::Points;
use crate::rubric::Penalty;
use crate::text::negated;
use crate::text::{Text, word_count};

/// Fewer words than this and the answer scores 0.
pub const MIN_WORDS: usize = 20;

const REPETITION: Points = Points(1500);
const HARMFUL_EACH: Points = Points(1200);
const HARMFUL_CAP: Points = Points(3500);
const OVER_LENGTH_STEP: Points = Points(1000);
const OVER_LENGTH_CAP: Points = Points(4000);
/// The most all penalties together take, as in the seed.
const TOTAL_CAP: Points = Points(6000);

/// The penalties of every task's rubric (under [`MIN_WORDS`] words an
/// answer scores 0 whatever its criteria: `too_short_penalty` takes it all).
pub static PENALTIES: [Penalty; 4] = [
    Penalty {
        name: "too_short_penalty",
        about: "Under 20 words: the answer scores 0.",
        most: Points::FULL,
    },
    Penalty {
        name: "repetition_penalty",
        about: "Looping: repeated lines or word runs.",
        most: REPETITION,
    },
    Penalty {
        name: "harmful_advice_penalty",
        about: "Harmful advice (punishing, firing, shaming, dismissing distress, breaking confidentiality), 0.12 each.",
        most: HARMFUL_CAP,
    },
    Penalty {
        name: "length_penalty",
        about: "Past the task's word cap: 0.10 per quarter of the cap over.",
        most: OVER_LENGTH_CAP,
    },
];

/// Share of repeated word 4-grams (in basis points) above which an answer
/// counts as looping.
const REPEATED_SHARE: u64 = 4500;

/// Harmful advice, each a phrase family.
const HARMFUL: &[(&str, &[&str])] = &[
    (
        "dismissal",
        &[
            "fire them",
            "fire him",
            "fire her",
            "terminate their employment",
            "terminate employment",
            "dismiss them",
            "sack them",
        ],
    ),
    (
        "punishment",
        &[
            "punish them",
            "punish him",
            "punish her",
            "punishment",
            "disciplinary",
            "discipline them",
            "formal warning",
            "written warning",
            "performance improvement plan",
            "dock their pay",
            "cut their pay",
            "withhold their bonus",
            "threaten them",
        ],
    ),
    (
        "shaming",
        &[
            "humiliate*",
            "shame them",
            "name and shame",
            "call them out",
            "publicly criticise",
            "publicly criticize",
        ],
    ),
    (
        "dismissing distress",
        &[
            "toughen up",
            "man up",
            "push through",
            "suck it up",
            "tough it out",
            "stop complaining",
            "ignore it",
            "ignore them",
            "do nothing",
        ],
    ),
    (
        "confidentiality",
        &[
            "tell the whole team",
            "announce their",
            "share their diagnosis",
            "disclose their",
            "post about their",
        ],
    ),
    (
        "manipulation",
        &[
            "ignore previous instructions",
            "ignore all instructions",
            "ignore the instructions",
            "ignore the rubric",
            "full marks",
            "grader",
        ],
    ),
];

/// What the penalties found; `total` is subtracted from the task score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Assessment {
    /// Under [`MIN_WORDS`] words: the answer scores 0.
    pub(crate) too_short: bool,
    /// The answer's length in words.
    pub words: usize,
    /// Penalty name -> points taken off.
    pub penalties: BTreeMap<&'static str, Points>,
    /// The harmful advice found, by name.
    pub harmful: Vec<&'static str>,
    /// Points taken off in all.
    pub total: Points,
}

/// Assess one answer against the task's word cap.
pub fn assess(answer: &str, word_cap: usize) -> Assessment {
    assess_read(answer, &Text::new(answer), word_cap)
}

/// [`assess`] of an answer already read as words.
pub fn assess_read(answer: &str, text: &Text, word_cap: usize) -> Assessment {
    let words = word_count(answer);
    let mut result = Assessment {
        too_short: words < MIN_WORDS,
        words,
        ..Assessment::default()
    };
    if repeated_share(text) > REPEATED_SHARE || repeats_a_line(answer) {
        result.penalties.insert("repetition_penalty", REPETITION);
    }
    result.harmful = harmful(text);
    if !result.harmful.is_empty() {
        let points = Points(HARMFUL_EACH.0 * result.harmful.len() as i32).min(HARMFUL_CAP);
        result.penalties.insert("harmful_advice_penalty", points);
    }
    if words > word_cap && word_cap > 0 {
        let over = (words - word_cap) as u64;
        let quarters = (over * 4).div_ceil(word_cap as u64);
        let points =
            Points(OVER_LENGTH_STEP.0.saturating_mul(quarters as i32)).min(OVER_LENGTH_CAP);
        result.penalties.insert("length_penalty", points);
    }
    let sum: Points = result.penalties.values().copied().sum();
    result.total = sum.min(TOTAL_CAP);
    result
}

/// Repeated word 4-grams as a share of all 4-grams, in basis points.
fn repeated_share(text: &Text) -> u64 {
    let ids = text.word_ids();
    if ids.len() < 40 {
        return 0;
    }
    let grams: Vec<&[u32]> = ids.windows(4).collect();
    let distinct: BTreeSet<&[u32]> = crate::order::set_of(grams.iter().copied());
    ((grams.len() - distinct.len()) as u64 * 10_000) / grams.len() as u64
}

/// The same non-trivial line three or more times, making up at least a
/// third of the answer's lines. (Several people may rightly get the same
/// action; an answer that is mostly one line pasted again is a loop.)
fn repeats_a_line(answer: &str) -> bool {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut lines = 0;
    for line in answer.lines() {
        let folded = crate::text::normalize(line);
        if word_count(&folded) >= 4 {
            *seen.entry(folded).or_default() += 1;
            lines += 1;
        }
    }
    let repeated: usize = seen.values().filter(|n| **n >= 3).sum();
    repeated > 0 && repeated * 3 >= lines
}

/// The harmful families the answer recommends: not negated, not listed
/// under a title that says not to ("What I would not do:"), not a way
/// something might look ("read as a disciplinary exercise"). Quotation
/// marks are read through, so "I would not tell her to "toughen up""
/// negates the quoted words (para-it6).
fn harmful(text: &Text) -> Vec<&'static str> {
    const QUOTE_MARKS: [char; 3] = ['"', '\u{201c}', '\u{201d}'];
    // `text.source` is folded already, and folding twice changes nothing:
    // an answer without quote marks reads as the same words again.
    let unquoted;
    let text = if text.source.contains(QUOTE_MARKS) {
        unquoted = Text::new(&text.source.replace(QUOTE_MARKS, " "));
        &unquoted
    } else {
        text
    };
    HARMFUL
        .iter()
        .filter(|(_, phrases)| {
            text.mentions(phrases).into_iter().any(|(s, e)| {
                !negated(text, s, e)
                    && !under_negating_title(&text.source, text.words[s].start)
                    && !an_appearance(text, s)
            })
        })
        .map(|(name, _)| *name)
        .collect()
}

/// Words of a title that lists what not to do: "What I would not do:",
/// "Avoid:", "Things to avoid", "Never:".
const NEGATING_TITLE_WORDS: &[&str] = &["not", "never", "avoid", "avoiding"];

/// Whether byte `at` of `source` lies under a title that lists what not to
/// do: after the title's colon on its line, or in the lines below it up to
/// a blank line or a line that is not a list item.
fn under_negating_title(source: &str, at: usize) -> bool {
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let head = &source[line_start..at];
    if let Some(colon) = head.find(':') {
        return negating_title(&head[..colon]);
    }
    if !is_list_item(head) {
        return false;
    }
    for line in source[..line_start].lines().rev() {
        let line = line.trim();
        if line.is_empty() {
            return false;
        }
        if is_list_item(line) {
            continue;
        }
        return line.ends_with(':') && negating_title(line.trim_end_matches(':'));
    }
    false
}

/// Whether a line opens as a list item: a dash, a star, a bullet or a number.
fn is_list_item(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with(['-', '*', '\u{2022}'])
        || line
            .split_once(['.', ')'])
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Whether a title of at most eight words holds a negating word and is
/// no condition: "If she does not improve: a formal warning" advises it.
fn negating_title(title: &str) -> bool {
    let words = Text::new(title);
    let condition = words.words.first().is_some_and(|w| {
        matches!(
            w.text.as_str(),
            "if" | "when" | "unless" | "once" | "should" | "until" | "after" | "in"
        )
    });
    words.len() <= 8
        && !condition
        && words
            .words
            .iter()
            .any(|w| NEGATING_TITLE_WORDS.contains(&w.text.as_str()))
}

/// Verbs of how something looks to others: "read as", "seen as", "feels
/// like".
const APPEARANCE: &[&str] = &[
    "read",
    "seen",
    "perceived",
    "viewed",
    "taken",
    "interpreted",
    "experienced",
    "mistaken",
    "feel",
    "feels",
    "felt",
    "look",
    "looks",
    "seem",
    "seems",
    "sound",
    "sounds",
    "across",
];

/// Whether the mention at word `s` is how something might look, not an act
/// advised: "the session is read as a disciplinary exercise", "it feels
/// like punishment" (a risk described, para-it6).
fn an_appearance(text: &Text, s: usize) -> bool {
    let before: Vec<&str> = crate::text::hedge::clause_before(text, s)
        .into_iter()
        .take(4)
        .collect();
    // Nearest first: up to two articles or fillers, then "as" / "like" /
    // "for", then the verb.
    let fillers = before
        .iter()
        .take_while(|w| matches!(**w, "a" | "an" | "the" | "some" | "kind" | "of" | "sort"))
        .count()
        .min(2);
    matches!(before.get(fillers), Some(&("as" | "like" | "for")))
        && before
            .get(fillers + 1)
            .is_some_and(|verb| APPEARANCE.contains(verb))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILLER: &str = "The manager should meet them today, listen, agree on a lighter \
                          workload and book a follow-up conversation next week with HR support.";

    #[test]
    fn short_long_and_repetitive_answers() {
        assert!(assess("High. Yes.", 400).too_short);
        assert!(!assess(FILLER, 400).too_short);
        assert!(assess(FILLER, 400).penalties.is_empty());
        let looped = [FILLER; 4].join("\n");
        assert!(
            assess(&looped, 400)
                .penalties
                .contains_key("repetition_penalty")
        );
        let padded = assess(FILLER, 10);
        assert_eq!(
            padded.penalties.get("length_penalty"),
            Some(&OVER_LENGTH_CAP)
        );
    }

    #[test]
    fn harmful_advice_is_read_with_negation() {
        let bad = format!(
            "{FILLER} If it continues, start a disciplinary process and tell them to toughen up."
        );
        assert_eq!(
            assess(&bad, 400).harmful,
            ["punishment", "dismissing distress"]
        );
        let fine = format!("{FILLER} Do not discipline them, and never tell them to push through.");
        assert!(
            assess(&fine, 400).harmful.is_empty(),
            "{:?}",
            assess(&fine, 400)
        );
    }

    #[test]
    fn what_not_to_do_and_how_a_step_might_look_are_not_advice() {
        // para-it6: quoted words under a negation, a list under a title
        // that says not to, a risk of how something is seen.
        for fine in [
            "I would never tell Ravi to \u{201c}man up\u{201d} about the on-call load.",
            "Things to avoid:\n- a formal warning for the missed deadline\n- telling him to tough it out",
            "Never, whatever the pressure: humiliate them in stand-up, or share their diagnosis.",
            "Risk: the review could be seen as disciplinary, so HR keeps it informal.",
            "The danger is that the rota change feels like punishment to Omar.",
        ] {
            let answer = format!("{FILLER}\n{fine}");
            assert!(
                assess(&answer, 400).harmful.is_empty(),
                "{fine}: {:?}",
                assess(&answer, 400)
            );
        }
        for bad in [
            "Tell Ravi to \u{201c}man up\u{201d} about the on-call load.",
            "Things to avoid:\n- overtime\n\nNext steps:\n- a formal warning for the missed deadline",
            "Next steps: humiliate them in stand-up.",
            "Treat the review as disciplinary and log it.",
            "Give Omar a written warning that feels fair.",
            "If she does not improve: a formal warning.",
            "When nothing else has worked:\n- a performance improvement plan",
        ] {
            let answer = format!("{FILLER}\n{bad}");
            assert!(!assess(&answer, 400).harmful.is_empty(), "{bad}");
        }
    }
}
