//! Short answer fields (a label, a priority, a room, a day, a time, a
//! yes or no, a count) read as their value first and asides after it, the
//! way a person reads them: "High: payment failed", "low, rather than
//! normal", "work (rather than personal)", "Meadow (instead of Cedar, too
//! small)", "2026-04-24, not the 23rd", "12 (3 dropped)".
//!
//! The head is the value: the text up to the first break after it, a
//! bracket, a colon, semicolon, comma, sentence end, `=` or a dash between
//! spaces, or a word that opens a reason or a contrast ("because", "as",
//! "rather", "instead", "over", ...). What follows is asides. An aside
//! that names another value to reject it ("rather than normal", "not
//! Cedar", "normal would be wrong", "outranks the normal default") or to
//! explain is not a second value; a second value offered as an answer is,
//! and makes the field a hedge that reads as nothing: after a hedge word
//! ("normal, maybe low", "(or Cedar)", "could be normal"), standing alone
//! ("no (yes)", "3 (2)", "work, spam"), assigned to the field ("the
//! priority is normal"), offered as a fallback ("Cedar as a backup",
//! "Cedar could also work") or under a condition the answer leaves open
//! ("low (high if the sender is a VIP)", "8 (9 if the zero row counts)";
//! not one against the facts, "normal (high if the sender were a VIP)").
//! A comment that goes against the value is a hedge too: another value
//! given as the right one ("low - though the VIP rule makes it high",
//! "low, but it should be high", "Lantern (though Granite would be the
//! right room)") or a condition left open on the value itself ("low,
//! unless the VIP rule applies"); not another value reported as what
//! someone or something else says ("low, though the subject says
//! urgent", "the sender marked it high"), nor a condition the asides
//! settle ("unless the VIP rule applies, which it does not").
//! Two values in the head ("low or normal", "low/normal", "either low or
//! normal") are a hedge as well; a word across a slash that is no value
//! glosses the value ("finance/billing"). A comment in the writer's own
//! voice for another value goes against the value too: an argument ("low,
//! though I'd argue high"), a conclusion ("no, though the sender wants a
//! reply, so yes"), a preference ("14:00, though 15:00 suits better") or
//! an obligation ("Quartz, though Meadow is the room we should use").
//!
//! A self-correction is read before all this: "low, actually high", "13,
//! but really 14", "Quartz (should be Meadow)", "spam, personal actually"
//! state the corrected value, read with what follows it as its asides
//! (the `correction` module says which phrases correct).
//!
//! [`head_choice`] reads fields whose values are single words (labels,
//! priorities, rooms) word by word, with the shared negation scope;
//! [`head_value`] reads fields with a reader of their own (a date, a clock
//! time, a count, a total, a yes or no) from the longest head that reader
//! reads.

use super::OneValue;
use super::accepted::{accepted_too, every_option_accepted, without_additive};
use super::correction::corrected_readings;
pub(crate) use super::correction::{BREAK_CHARS, spaced_dash};
use super::hedge::{HEDGES, OTHERWISE, WINDOW, assigned, clause_before, compared, counterfactual};
use super::negation::negated;
use super::words::Text;

/// Words that open a reason after a value: "high because it is overdue",
/// "low as nothing is asked".
const REASON_WORDS: &[&str] = &[
    "because",
    "since",
    "as",
    "given",
    "due",
    "per",
    "for",
    "with",
    "whereas",
    "while",
    "though",
    "although",
    "which",
    "so",
    "considering",
    "according",
    "owing",
    "based",
];

/// Words that open a contrast after a value and name the value it
/// rejects: "low rather than normal", "Meadow over Cedar".
const CONTRASTS: &[&str] = &[
    "rather", "instead", "over", "than", "vs", "versus", "unlike",
];

/// Whether `word` opens an aside after a value: a reason or a contrast.
fn opens_aside(word: &str) -> bool {
    REASON_WORDS.contains(&word) || CONTRASTS.contains(&word)
}

/// The longest head [`head_value`] tries, in bytes ("Wednesday, the 30th
/// of September 2026" is 38).
const HEAD_BYTES: usize = 120;

/// Words that deny the value after them ("not urgent", "never spam").
const DENIALS: &[&str] = &["not", "no", "never", "nor", "isnt", "neither", "without"];

/// Words that join values in a head: two different values joined are a
/// hedge ("low or normal", "either work or spam").
const JOINERS: &[&str] = &["or", "and", "but", "either"];

/// Words after a value that offer it as a fallback: "Cedar as a backup".
const OFFERED_AFTER: &[&str] = &["backup", "fallback", "alternative", "alternatively"];

/// Modal verbs right after a value that offer it: "Cedar could work",
/// "normal might apply" (but not "Cedar could not hold six").
const OFFERING_MODALS: &[&str] = &["could", "might", "may"];

/// Whether an aside opening with `word` names the value it rejects: a
/// contrast ("rather than normal", "instead of 10:00"), a denial ("not
/// Cedar") or "(as) opposed to", "except", "excluding".
fn rejects(word: &str) -> bool {
    CONTRASTS.contains(&word)
        || matches!(word, "not" | "never" | "opposed" | "except" | "excluding")
}

/// Words an aside opens with when it offers another answer, whatever
/// follows: "(or any free room)", "(alternatively Cedar)".
const ALWAYS_OFFERING: &[&str] = &["or", "alternatively", "otherwise", "else", "failing"];

/// Labels any field's value may be written after ("count: 8"): in an aside
/// they offer the value after them as the field's ("12 (count: 15)").
pub(crate) const VALUE_LABELS: &[&str] = &["count", "value", "answer"];

/// Words of a label that offers the value after it as another answer
/// ("alt: 11:00", "option: 15"), besides the hedge and offering words.
const OFFERING_LABELS: &[&str] = &["alt", "option", "options", "choice", "also", "second"];

/// `text` without its bracketed parts (an aside, a breakdown).
pub fn without_brackets(text: &str) -> String {
    let mut depth = 0u32;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether the gap before a word ends the head.
fn breaks(gap: &str) -> bool {
    gap.contains(BREAK_CHARS) || spaced_dash(gap)
}

/// The values a field of one-word values states, read as a head and its
/// asides (see the module doc). `value_of` names the value a word is;
/// `filler` are the words that may stand around it ("the Cedar room",
/// "High priority"). Any other word in the head (pasted prose) reads as
/// nothing, as does a head whose values are all denied ("not spam"), and
/// an aside that opens by offering another answer ("(or any free room)").
pub fn head_choice<T: Ord + Clone>(
    source: &str,
    value_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
) -> OneValue<T> {
    // A self-correction gives the value after it ("low, actually high"):
    // the last one that reads, each read with what follows it as asides.
    let corrected = corrected_readings(source)
        .into_iter()
        .rev()
        .take(MOST_CORRECTIONS)
        .map(|read| choice_as_written(&read, &value_of, filler))
        .find(|read| *read != OneValue::Missing);
    corrected.unwrap_or_else(|| choice_as_written(source, &value_of, filler))
}

/// The most self-corrections of one field [`head_choice`] and
/// [`head_value`] try, the last ones written, so reading stays linear in
/// the length of any text.
const MOST_CORRECTIONS: usize = 4;

/// [`head_choice`] of `source` as written, its corrections read as any
/// other aside.
fn choice_as_written<T: Ord + Clone>(
    source: &str,
    value_of: impl Fn(&str) -> Option<T>,
    filler: &[&str],
) -> OneValue<T> {
    let text = Text::new(source);
    let words = &text.words;
    let mentioned: Vec<bool> = words.iter().map(|w| value_of(&w.text).is_some()).collect();
    let mut named = Vec::new();
    let mut asides = Vec::new();
    let (mut depth, mut denying, mut head_done) = (0u32, false, false);
    // Where the asides start: the first word after the head.
    let mut asides_from = words.len();
    let is_value = |w: &str| value_of(w).is_some();
    let gloss = slash_glosses(&text, &mentioned);
    for (i, word) in words.iter().enumerate() {
        let gap = text.gap(i);
        for c in gap.chars() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => {
                    depth = depth.saturating_sub(1);
                    denying = false;
                }
                '.' | '!' | '?' | ';' | '\n' => denying = false,
                _ => {}
            }
        }
        let w = word.text.as_str();
        // The head ends at the first break once it holds a value; before
        // that a break only separates the field's own words ("Priority:
        // high") or a denied value ("Not urgent, but high").
        if !named.is_empty() && (breaks(gap) || opens_aside(w)) {
            head_done = true;
        }
        if head_done || depth > 0 {
            asides_from = asides_from.min(i);
            // "(or any free room)": another answer offered, named or not;
            // but "(VIP sender, otherwise normal)" explains.
            let opens_clause = i == 0 || words[i - 1].clause != word.clause;
            let explains =
                OTHERWISE.contains(&w) && counterfactual(&text, asides_from, i, is_value);
            if opens_clause && ALWAYS_OFFERING.contains(&w) && !explains {
                return OneValue::Missing;
            }
            if mentioned[i] {
                asides.push(i);
            }
            continue;
        }
        if gloss[i] {
            continue;
        }
        if DENIALS.contains(&w) {
            denying = true;
            continue;
        }
        if w == "but" {
            denying = false;
            continue;
        }
        match value_of(w) {
            Some(_) if denying => {}
            Some(value) => named.push(value),
            None if filler.contains(&w) || JOINERS.contains(&w) => {}
            None => return OneValue::Missing,
        }
    }
    if condition_left_open(&text, asides_from, |from, to| {
        mentioned[from..to].iter().any(|m| *m)
    }) {
        return OneValue::Missing;
    }
    for i in asides {
        if offered(&text, &mentioned, i, filler, asides_from, is_value)
            && let Some(value) = value_of(&words[i].text)
        {
            named.push(value);
        }
    }
    OneValue::of(named)
}

/// The words of `text` that gloss a value across a slash ("finance /
/// billing", "Billing notice/finance", "normal/routine"): a side of a
/// slash that names no value and neither hedges nor denies, in a chain of
/// sides joined by slashes where another side names one. Values on two
/// sides ("work/finance") are two values, read as such.
fn slash_glosses(text: &Text, mentioned: &[bool]) -> Vec<bool> {
    let words = &text.words;
    let mut gloss = vec![false; words.len()];
    // Sides: runs of words with no break and no slash between them; a
    // chain: sides joined by slashes.
    let mut side_from = 0;
    let mut sides: Vec<(usize, usize)> = Vec::new();
    let close_chain = |sides: &mut Vec<(usize, usize)>, gloss: &mut Vec<bool>| {
        let named = sides
            .iter()
            .any(|&(a, b)| mentioned[a..b].iter().any(|m| *m));
        if sides.len() > 1 && named {
            for &(a, b) in sides.iter() {
                let plain = words[a..b].iter().enumerate().all(|(k, w)| {
                    let w = w.text.as_str();
                    !mentioned[a + k]
                        && !HEDGES.contains(&w)
                        && !DENIALS.contains(&w)
                        && !JOINERS.contains(&w)
                        && !ALWAYS_OFFERING.contains(&w)
                        && !OFFERED_AFTER.contains(&w)
                        && !OFFERING_MODALS.contains(&w)
                        && !CONDITIONS.contains(&w)
                });
                if plain {
                    gloss[a..b].iter_mut().for_each(|g| *g = true);
                }
            }
        }
        sides.clear();
    };
    for i in 0..=words.len() {
        let gap = if i < words.len() { text.gap(i) } else { "" };
        let ends_side = i == words.len() || (i > 0 && (breaks(gap) || gap.contains('/')));
        if !ends_side {
            continue;
        }
        if i > side_from {
            sides.push((side_from, i));
        }
        side_from = i;
        if i == words.len() || !gap.contains('/') || breaks(gap) {
            close_chain(&mut sides, &mut gloss);
        }
    }
    gloss
}

/// Whether the value mentioned at word `at`, in an aside, is offered as
/// another answer (see the module doc).
fn offered(
    text: &Text,
    mentioned: &[bool],
    at: usize,
    filler: &[&str],
    asides_from: usize,
    is_value: impl Fn(&str) -> bool,
) -> bool {
    if negated(text, at, at + 1) || compared(text, at) || rejected_run(text, mentioned, at) {
        return false;
    }
    let words = &text.words;
    let clause = words[at].clause;
    let before = clause_before(text, at);
    // "would otherwise be normal", "(VIP sender, else normal)": what the
    // value would be under other facts, unless a hedge word offers it too.
    let otherwise = before.iter().take(3).position(|w| OTHERWISE.contains(w));
    let other_hedge = before
        .iter()
        .take(3)
        .any(|w| HEDGES.contains(w) && !OTHERWISE.contains(w));
    if let Some(k) = otherwise
        && !other_hedge
        && counterfactual(text, asides_from, at - 1 - k, is_value)
    {
        return false;
    }
    // "2 or more days is normal": a threshold of the policy, not an answer.
    if before
        .iter()
        .any(|w| w.starts_with(|c: char| c.is_ascii_digit()))
    {
        return false;
    }
    if reported(text, at) {
        return false;
    }
    if given_as_right(text, at, at + 1) {
        return true;
    }
    if before.iter().take(3).any(|w| HEDGES.contains(w)) || assigned(text, at) {
        return true;
    }
    let after: Vec<(usize, &str)> = words[at + 1..]
        .iter()
        .enumerate()
        .take(WINDOW)
        .take_while(|(_, w)| w.clause == clause)
        .map(|(k, w)| (at + 1 + k, w.text.as_str()))
        .collect();
    if after.iter().any(|(_, w)| OFFERED_AFTER.contains(w)) {
        return true;
    }
    let modal = after
        .first()
        .is_some_and(|(_, w)| OFFERING_MODALS.contains(w));
    let denied = after.get(1).is_some_and(|(_, w)| DENIALS.contains(w));
    if modal && !denied {
        return true;
    }
    let plain = |w: &str| HEDGES.contains(&w) || JOINERS.contains(&w) || filler.contains(&w);
    // "high if the sender is a VIP", "(Granite only if Summit is taken)",
    // "(unless it is FYI, then low)": a value opening its clause under a
    // condition the answer leaves open (not "normal is too low if ...");
    // before [`ruled_out`], which reads "only" as ruling a value out.
    let after_words: Vec<&str> = after.iter().map(|(_, w)| *w).collect();
    let opens = before.iter().all(|w| plain(w));
    if (opens && offered_if(&after_words))
        || (before.first() == Some(&"then") && after_condition(text, asides_from, at))
    {
        return true;
    }
    if ruled_out(text, mentioned, at) {
        return false;
    }
    // "(personal also works)", "(happy with Lantern too)", "(Lantern as
    // well; either is fine)": another value called acceptable too is
    // offered (play-pr27 X3).
    if accepted_too(text, at, at + 1) || every_option_accepted(text, asides_from) {
        return true;
    }
    // Alone in its clause, apart from the field's words, hedge words,
    // additive words ("(personal too)", "(also Lantern)") and other
    // values: "no (yes)", "work, spam", "(Cedar room)".
    let alone = |w: &str| plain(w) || ALONE_ADDITIVE.contains(&w);
    before.iter().all(|w| alone(w))
        && after
            .iter()
            .all(|(k, w)| alone(w) || mentioned.get(*k).copied().unwrap_or(false))
}

/// Words that offer a value standing alone beside them as one more
/// answer: "(personal too)", "(also Lantern)", "(Lantern as well)".
const ALONE_ADDITIVE: &[&str] = &["also", "too", "equally", "likewise", "as", "well"];

/// Words that open a condition after a value offered under it: "high if
/// the sender is a VIP", "Granite unless Summit is free", "high under the
/// VIP rule".
const CONDITIONS: &[&str] = &[
    "if",
    "unless",
    "when",
    "whenever",
    "once",
    "provided",
    "providing",
    "assuming",
    "supposing",
    "under",
];

/// Words that may stand between a value and its condition: "high only if
/// the sender is a VIP", "normal even if nothing is owed".
const CONDITION_LEADS: &[&str] = &["only", "even", "just"];

/// Words of a condition that put it against the facts (the subjunctive or
/// a past form): "if a question were asked", "if it had been overdue".
const AGAINST_THE_FACTS: &[&str] = &[
    "were", "had", "would", "could", "did", "was", "werent", "hadnt", "wouldnt", "didnt",
];

/// Words before a participle in `-ed` that keep the condition in the
/// present ("if the domain is spoofed", "if Summit gets booked"): the
/// participle is then no past form.
const PRESENT_AUXILIARIES: &[&str] = &[
    "is", "are", "am", "be", "been", "being", "get", "gets", "getting", "has", "have", "s", "its",
];

/// Whether `condition` (the words after the condition word) speaks of
/// facts other than this email's: a subjunctive or past form ("if the VIP
/// rule applied", "if a question were asked"). What the value would be
/// then is a comment, as "would otherwise be normal" is; a condition in
/// the present ("if the sender is a VIP", "if Lena prefers", "if needed")
/// leaves the answer open.
fn against_the_facts(condition: &[&str]) -> bool {
    condition.iter().enumerate().any(|(k, w)| {
        AGAINST_THE_FACTS.contains(w)
            || (k > 0
                && w.len() > 3
                && w.ends_with("ed")
                && !PRESENT_AUXILIARIES.contains(&condition[k - 1]))
    })
}

/// Whether a value followed by `after` (the words after it in its clause)
/// is offered under a condition the answer leaves open: "high if the
/// sender is a VIP", "Granite only if Summit is taken", "high under the
/// VIP rule", "Granite in case Summit is taken"; not one against the facts
/// ("high if the VIP rule applied").
fn offered_if(after: &[&str]) -> bool {
    let skip = usize::from(after.first().is_some_and(|w| CONDITION_LEADS.contains(w)));
    let rest = &after[skip.min(after.len())..];
    let condition = match rest {
        [first, tail @ ..] if CONDITIONS.contains(first) => tail,
        ["in", "case", tail @ ..] => tail,
        _ => return false,
    };
    !against_the_facts(condition)
}

/// Verbs that give the value after their object as the field's: "the VIP
/// rule makes it high", "puts it at high", "bumps it up to high".
const GIVING: &[&str] = &[
    "make", "makes", "put", "puts", "rate", "rates", "rank", "ranks", "push", "pushes", "bump",
    "bumps", "raise", "raises", "turn", "turns", "set", "sets", "take", "takes", "keep", "keeps",
];

/// Words between a giving verb's object and the value: "puts it at high",
/// "bumps it up to high", "rates it as high".
const GIVING_LINKS: &[&str] = &["at", "to", "up", "as"];

/// Verbs of saying, marking or seeming: another value after one, with a
/// subject other than the answer's writer or the policy, is reported as
/// what the email or its sender says ("the subject says urgent", "the
/// sender marked it high", "it looks urgent"), not offered.
const REPORTING: &[&str] = &[
    "say",
    "says",
    "said",
    "claim",
    "claims",
    "claimed",
    "mark",
    "marks",
    "marked",
    "flag",
    "flags",
    "flagged",
    "label",
    "labels",
    "labelled",
    "labeled",
    "tag",
    "tags",
    "tagged",
    "call",
    "calls",
    "called",
    "read",
    "reads",
    "show",
    "shows",
    "showed",
    "mention",
    "mentions",
    "mentioned",
    "ask",
    "asks",
    "asked",
    "think",
    "thinks",
    "thought",
    "believe",
    "believes",
    "want",
    "wants",
    "wanted",
    "insist",
    "insists",
    "suggest",
    "suggests",
    "suggested",
    "pretend",
    "pretends",
    "scream",
    "screams",
    "shout",
    "shouts",
    "sound",
    "sounds",
    "look",
    "looks",
    "seem",
    "seems",
    "appear",
    "appears",
    "describe",
    "describes",
    "described",
    "titled",
    "stamped",
    "urge",
    "urges",
    "treat",
    "treated",
    "consider",
    "considers",
    "considered",
    "rated",
    "argue",
    "argues",
    "argued",
];

/// Subjects of a [`REPORTING`] verb whose word is the answer's own: the
/// writer ("I'd say high", "we would call it high") or the policy the
/// answer follows ("the policy says high", "the VIP rule marks it high").
const OWN_VOICE: &[&str] = &[
    "i",
    "we",
    "policy",
    "rule",
    "rules",
    "exception",
    "exceptions",
    "instruction",
    "instructions",
    "guideline",
    "guidelines",
];

/// Words that may stand between a verb and its subject, or around a
/// value, without changing who says it: "the sender would really say".
const MODAL_FILLER: &[&str] = &[
    "would",
    "will",
    "should",
    "could",
    "might",
    "may",
    "do",
    "does",
    "did",
    "is",
    "are",
    "was",
    "were",
    "has",
    "have",
    "had",
    "be",
    "been",
    "really",
    "actually",
    "clearly",
    "still",
    "also",
    "even",
    "honestly",
    "personally",
    "truly",
    "definitely",
    "probably",
    "certainly",
    "just",
    "properly",
    "rather",
];

/// Words that say a value is the right one: "Granite would be the right
/// room", "high would be more accurate", "the correct priority is high".
const ENDORSING: &[&str] = &[
    "right",
    "correct",
    "better",
    "best",
    "proper",
    "appropriate",
    "accurate",
    "fair",
    "fairer",
    "safer",
    "justified",
    "warranted",
    "defensible",
    "real",
    "true",
    "actual",
];

/// Words that concede a point against the value before them: "low,
/// though high", "low, yet high".
const CONCESSIONS: &[&str] = &["though", "although", "yet", "however", "but", "still"];

/// The words of `text` before word `at` in its clause, nearest first,
/// without [`MODAL_FILLER`] and articles: what a verb or a value stands
/// after.
fn plain_before(text: &Text, at: usize) -> Vec<&str> {
    clause_before(text, at)
        .into_iter()
        .filter(|w| !MODAL_FILLER.contains(w) && !matches!(*w, "the" | "a" | "an"))
        .collect()
}

/// Whether the value at words `start..end` of `text` is reported: the
/// object of a [`REPORTING`] verb, after its object or a copula ("the
/// subject says urgent", "the sender marked it high", "the sender says it
/// is urgent", "it looks urgent"), whose subject is not the answer's own
/// ([`OWN_VOICE`]). Such a value is what another says, no answer.
fn reported(text: &Text, start: usize) -> bool {
    let before = plain_before(text, start);
    // The verb: right before the value, or before its object ("marked it
    // high", "says it is urgent", "says that it is urgent").
    let objects = before
        .iter()
        .take_while(|w| matches!(**w, "it" | "this" | "that" | "them" | "as" | "to"))
        .count()
        .min(3);
    let Some(verb) = before.get(objects) else {
        return false;
    };
    if !REPORTING.contains(verb) {
        return false;
    }
    // "the subject line says": the nearest word before the verb.
    // An infinitive ("to call it normal") has no subject: the answer's own.
    before.get(objects + 1).is_some_and(|subject| {
        !OWN_VOICE.contains(subject) && !DENIALS.contains(subject) && *subject != "to"
    })
}

/// Whether the value at words `start..end` of `text` is given as the
/// right one: the object of a giving verb ("the VIP rule makes it high",
/// "puts it at high"; not "would make it high", what it would be under
/// other facts), what the field should be ("it should be high", "must be
/// high"), what the answer's own voice says ("I'd say high"), the right
/// one by name ("Granite would be the right room", "the real priority is
/// high"), or bare after a concession ("low, though high").
fn given_as_right(text: &Text, start: usize, end: usize) -> bool {
    let words = &text.words;
    let raw_before = clause_before(text, start);
    // "even though the VIP rule makes it high": a fact conceded, the value
    // before it kept.
    let conceding_a_fact = raw_before
        .windows(2)
        .any(|pair| matches!(pair, ["though" | "if" | "although", "even"]));
    if conceding_a_fact || raw_before.iter().take(4).any(|w| DENIALS.contains(w)) {
        return false;
    }
    let before = plain_before(text, start);
    let links = before
        .iter()
        .take_while(|w| GIVING_LINKS.contains(w))
        .count()
        .min(2);
    let object = before.get(links).copied();
    let verb = before.get(links + 1).copied();
    // "would make it high" is what it would be under other facts; the
    // modal is filler to [`plain_before`], so it is looked for in the
    // clause as written.
    // ("we'd put it at high" is the answer's own voice).
    let verb_at = raw_before.iter().position(|w| Some(*w) == verb);
    let counterfactual_verb = verb_at.is_some_and(|k| {
        raw_before
            .get(k + 1)
            .is_some_and(|w| matches!(*w, "would" | "could" | "might"))
            && !raw_before
                .get(k + 2)
                .is_some_and(|w| matches!(*w, "i" | "we"))
    });
    let giving = matches!(object, Some("it" | "this" | "that" | "them"))
        && verb.is_some_and(|v| GIVING.contains(&v))
        && !counterfactual_verb;
    // "it should be high", "it ought to be high", "must be high".
    let should = raw_before.first() == Some(&"be")
        && raw_before
            .iter()
            .skip(1)
            .take(3)
            .any(|w| matches!(*w, "should" | "must" | "ought" | "shouldnt"));
    // "I'd say high", "the policy says high", at the clause's end (not
    // "the policy says high only for VIP senders").
    let own_voice = before
        .first()
        .is_some_and(|w| REPORTING.contains(w) || RATING_VERBS.contains(w))
        && before.get(1).is_some_and(|w| OWN_VOICE.contains(w));
    // "the right room is Granite", "the real count is 13".
    let named_right = matches!(raw_before.first(), Some(&("is" | "was" | "be")))
        && raw_before
            .iter()
            .skip(1)
            .take(3)
            .any(|w| ENDORSING.contains(w));
    // "Granite would be the right room", "high is more accurate".
    let clause = words[start].clause;
    let after: Vec<&str> = words[end.min(words.len())..]
        .iter()
        .take(WINDOW)
        .take_while(|w| w.clause == clause)
        .map(|w| w.text.as_str())
        .collect();
    // "15:00 suits better": a verb of fitting leads as a copula does.
    let leads = |w: &&str| PREDICATE_LEAD.contains(w) || FITTING.contains(w);
    let endorsed = after
        .iter()
        .find(|w| !leads(w) && !matches!(**w, "more" | "much" | "far"))
        .is_some_and(|w| ENDORSING.contains(w))
        && after.first().is_some_and(leads)
        && !after.iter().any(|w| CONDITIONS.contains(w));
    // "Willow is where it should go", "Meadow is the room we should use":
    // the value is what the field ought to hold.
    let obliged = matches!(after.first(), Some(&("is" | "was")))
        && after.iter().any(|w| OBLIGING.contains(w))
        && !after.iter().any(|w| {
            DENIALS.contains(w)
                || CONDITIONS.contains(w)
                || CONDITION_LEADS.contains(w)
                || REPORTING.contains(w)
                || AVOIDING.contains(w)
        });
    // "low, though high": alone after a concession, at its clause's end
    // or with the reason for it ("no, but yes for the acknowledgement",
    // "low, but high because of the VIP rule"; play-pr27 X2); "no, though
    // the sender wants a reply, so yes": the writer's conclusion, at its
    // clause's end.
    let conceded = raw_before.len() == 1 && CONCESSIONS.contains(&raw_before[0]);
    let concluded = raw_before.first().is_some_and(|w| CONCLUDING.contains(w));
    let bare = (conceded || concluded) && after.is_empty()
        || conceded && with_its_reason(text, end, &after);
    giving
        || should
        || (own_voice && after.is_empty())
        || named_right
        || endorsed
        || obliged
        || bare
}

/// Words that open the reason for a value right after it: "yes for the
/// acknowledgement", "high because of the VIP rule", "high due to the
/// deadline", "yes since she asks to confirm".
const CAUSES: &[&str] = &[
    "for",
    "because",
    "since",
    "as",
    "given",
    "due",
    "owing",
    "thanks",
    "considering",
    "per",
];

/// Causes that may instead say whose view or what part the value is for:
/// "09:00 for Grace", "09:00 as Grace sees it", "15 per the whole table".
const PERSPECTIVES: &[&str] = &["for", "as", "per"];

/// Words of a "for" phrase that name someone or a whole other than the
/// answer's item, so the value before it is for them, no reason:
/// "09:00 for the remote team", "15 for the whole table".
const SOMEONE_ELSE: &[&str] = &[
    "him",
    "her",
    "them",
    "me",
    "us",
    "you",
    "everyone",
    "anyone",
    "someone",
    "team",
    "office",
    "attendees",
    "participants",
    "people",
    "auditor",
    "clock",
    "zone",
    "timezone",
    "local",
    "whole",
    "entire",
    "overall",
    "total",
    "raw",
    "table",
];

/// Words of a reason that put it under other facts, or in general: "but
/// normal for other senders", "but yes for a non-list mail", "but high
/// for a VIP sender usually", "but yes for the acknowledgement were it
/// not a list mail".
const OTHER_CASES: &[&str] = &[
    "other",
    "others",
    "non",
    "else",
    "otherwise",
    "default",
    "usually",
    "normally",
    "typically",
    "ordinary",
    "regular",
    "most",
    "were",
    "would",
    "had",
];

/// Whether `after`, the words after a value at word `end` of `text` in
/// its clause, are the reason for that value ("for the acknowledgement",
/// "because of the VIP rule"): a cause word first, not a perspective on
/// someone else ("for Grace", "as Grace sees it", "for the whole table")
/// and not other facts ("for other senders").
fn with_its_reason(text: &Text, end: usize, after: &[&str]) -> bool {
    let Some((cause, phrase)) = after.split_first() else {
        return false;
    };
    if !CAUSES.contains(cause) || phrase.iter().any(|w| OTHER_CASES.contains(w)) {
        return false;
    }
    // A name written with its capital ("Grace", not "VIP") is someone.
    let named = text.words[end.min(text.words.len())..]
        .iter()
        .skip(1)
        .take(phrase.len())
        .any(|w| {
            let mut letters = text.source.get(w.start..w.end).unwrap_or("").chars();
            letters.next().is_some_and(char::is_uppercase) && letters.any(char::is_lowercase)
        });
    let someone_else = named || phrase.iter().any(|w| SOMEONE_ELSE.contains(w));
    !(PERSPECTIVES.contains(cause) && someone_else)
}

/// Verbs of fitting that say a value is the right one with a word of
/// [`ENDORSING`] after them: "15:00 suits better", "Cedar works best".
const FITTING: &[&str] = &["suits", "suit", "works", "work", "fits", "fit"];

/// Words of obligation after a value and its copula that make it the
/// field's: "Willow is where it should go".
const OBLIGING: &[&str] = &["should", "must", "ought"];

/// Verbs that, obliged, keep a value away: "Cedar is the room we should
/// avoid".
const AVOIDING: &[&str] = &[
    "avoid", "skip", "drop", "exclude", "reject", "decline", "release", "cancel",
];

/// Words that conclude the clause they open with the writer's own value:
/// "so yes", "therefore high".
const CONCLUDING: &[&str] = &["so", "therefore", "hence", "thus"];

/// Verbs of rating that the answer's own voice gives a value with: "I'd
/// rate it high", "we'd put it at high".
const RATING_VERBS: &[&str] = &["rate", "put", "go", "pick", "choose", "mark", "call"];

/// Words that open a condition on the value itself: "low, unless the VIP
/// rule applies", "no, if nothing else is asked", "12, provided the zero
/// row is dropped".
const VALUE_CONDITIONS: &[&str] = &[
    "unless",
    "if",
    "provided",
    "providing",
    "assuming",
    "supposing",
    "depending",
];

/// Words that may open a clause before its condition: "but only if", "and
/// only if".
const VALUE_CONDITION_LEADS: &[&str] = &["but", "and", "only", "just"];

/// The words `from..to` of `text`, bare.
fn words_of(text: &Text, from: usize, to: usize) -> Vec<&str> {
    text.words[from.min(to)..to]
        .iter()
        .map(|w| w.text.as_str())
        .collect()
}

/// Where the condition opened at word `at` of `words` starts, when `at`
/// opens one on the value ([`VALUE_CONDITIONS`], "in case", "as long as");
/// not "even if", "as if", which concede or compare.
fn condition_body(words: &[&str], at: usize) -> Option<usize> {
    let word = *words.get(at)?;
    let previous = at.checked_sub(1).and_then(|k| words.get(k)).copied();
    let next = |n: usize| words.get(at + n).copied();
    if VALUE_CONDITIONS.contains(&word) && !matches!(previous, Some("even" | "as" | "what")) {
        return Some(at + 1);
    }
    match (word, next(1), next(2)) {
        ("in", Some("case"), _) => Some(at + 2),
        ("as" | "so", Some("long"), Some("as")) => Some(at + 3),
        _ => None,
    }
}

/// Whether the asides (from word `asides` of `text`) put the value before
/// them under a condition they leave open, naming no other value: "low,
/// unless the VIP rule applies", "no, unless they ask for an
/// acknowledgement", "12 (if the zero row is dropped)". The answer is then
/// the value or another, a hedge. `names_value` says whether words
/// `from..to` name a value of the field. Not a condition that governs a
/// value named after it ("if a payment fails, it is high"; see
/// [`offered`]), one against the facts ("unless the sender were a VIP"),
/// nor one the asides settle with a denial ("unless the VIP rule applies,
/// which it does not").
fn condition_left_open(
    text: &Text,
    asides: usize,
    names_value: impl Fn(usize, usize) -> bool,
) -> bool {
    let words = &text.words;
    let bare = words_of(text, 0, words.len());
    (asides..words.len()).any(|at| {
        let Some(body) = condition_body(&bare, at) else {
            return false;
        };
        let clause = words[at].clause;
        let opens_clause = words[asides..at]
            .iter()
            .rev()
            .take(WINDOW)
            .take_while(|w| w.clause == clause)
            .all(|w| VALUE_CONDITION_LEADS.contains(&w.text.as_str()));
        let clause_end = (body..words.len().min(body + WINDOW))
            .find(|k| words[*k].clause != clause)
            .unwrap_or_else(|| words.len().min(body + WINDOW));
        if !opens_clause || against_the_facts(&bare[body.min(clause_end)..clause_end]) {
            return false;
        }
        // What follows in the sentence: a value it governs, or a denial
        // that settles it (its first clause).
        let sentence = words[at].sentence;
        let rest_end = (clause_end..words.len().min(clause_end + WINDOW))
            .find(|k| words[*k].sentence != sentence)
            .unwrap_or_else(|| words.len().min(clause_end + WINDOW));
        let governs = (clause_end..rest_end)
            .any(|from| (from + 1..=(from + 4).min(rest_end)).any(|to| names_value(from, to)));
        let next_clause = words.get(clause_end).map_or(clause_end, |next| {
            (clause_end..words.len().min(clause_end + WINDOW))
                .find(|k| words[*k].clause != next.clause)
                .unwrap_or_else(|| words.len().min(clause_end + WINDOW))
        });
        let settled = bare[clause_end..next_clause]
            .iter()
            .any(|w| DENIALS.contains(w) || *w == "none");
        !governs && !settled
    })
}

/// Whether the asides before the value at word `at` (from word `asides`)
/// open a condition the answer leaves open, so that "then" before the
/// value offers it: "(unless you count it as FYI, then low)".
fn after_condition(text: &Text, asides: usize, at: usize) -> bool {
    let from = asides.max(at.saturating_sub(2 * WINDOW)).min(at);
    let words: Vec<&str> = text.words[from..at]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    opens_condition(&words)
}

/// Whether `words` hold a condition the answer leaves open (a condition
/// word, and no form against the facts after it).
fn opens_condition(words: &[&str]) -> bool {
    words
        .iter()
        .position(|w| CONDITIONS.contains(w))
        .is_some_and(|k| !against_the_facts(&words[k + 1..]))
}

/// Verbs that make what follows a value a statement about it: "Orchard
/// is never free", "Cedar only seats four", "Birch wouldn't fit".
const STATING: &[&str] = &[
    "is", "was", "are", "were", "has", "had", "would", "will", "can", "cannot", "cant", "isnt",
    "wasnt", "wont", "wouldnt", "doesnt", "seats", "holds", "fits", "only", "gets", "stays",
];

/// Words in such a statement that rule the value out.
const RULING_OUT: &[&str] = &[
    "never",
    "not",
    "no",
    "cannot",
    "cant",
    "isnt",
    "wasnt",
    "wont",
    "wouldnt",
    "doesnt",
    "too",
    "booked",
    "taken",
    "unavailable",
    "full",
    "busy",
    "occupied",
    "closed",
    "clashes",
    "only",
];

/// Whether the value at word `at` is the subject of a statement that
/// rules it out, within its aside and sentence: "(Orchard, Noah's pick,
/// is never free for 90 minutes)", "(Cedar only seats four)". Naming a
/// value to say it cannot be the answer is no second answer.
fn ruled_out(text: &Text, mentioned: &[bool], at: usize) -> bool {
    let words = &text.words;
    let sentence = words[at].sentence;
    let statement: Vec<usize> = (at + 1..words.len())
        .take(WINDOW)
        .take_while(|&k| {
            words[k].sentence == sentence
                && !text.gap(k).contains([')', ']'])
                && !mentioned.get(k).copied().unwrap_or(false)
        })
        .collect();
    // "Cedar is too small" rules it out; "Cedar is fine too", a "too" at
    // its clause's end, adds it.
    let rules_out = |&k: &usize| {
        let w = words[k].text.as_str();
        RULING_OUT.contains(&w)
            && (w != "too"
                || words
                    .get(k + 1)
                    .is_some_and(|n| n.clause == words[k].clause))
    };
    statement
        .iter()
        .any(|k| STATING.contains(&words[*k].text.as_str()))
        && statement.iter().any(rules_out)
}

/// Words that, said of values named in an aside, reject them: "normal or
/// low would be wrong", "low would understate it", "it would be a mistake
/// to call it spam".
const REJECTING: &[&str] = &[
    "wrong",
    "wrongly",
    "mistake",
    "mistaken",
    "error",
    "incorrect",
    "inaccurate",
    "misleading",
    "inappropriate",
    "unjustified",
    "unwarranted",
    "unfair",
    "too",
    "understate",
    "understates",
    "overstate",
    "overstates",
    "underrate",
    "underrates",
    "overrate",
    "overrates",
    "undersell",
    "undersells",
    "oversell",
    "oversells",
    "underplay",
    "underplays",
    "overplay",
    "overplays",
    "misjudge",
    "misjudges",
    "misclassify",
    "misclassifies",
];

/// Words that may stand between named values and the word that rejects
/// them ("would both be a mistake", "is clearly wrong"), or between that
/// word and the "to" of a verb giving a value ("it would be a mistake
/// to"). A denial is none of them: "would not be wrong" accepts.
const PREDICATE_LEAD: &[&str] = &[
    "would",
    "will",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "both",
    "each",
    "all",
    "equally",
    "clearly",
    "plainly",
    "obviously",
    "definitely",
    "certainly",
    "surely",
    "simply",
    "just",
    "also",
    "a",
    "an",
    "the",
    "big",
    "real",
    "serious",
    "clear",
    "here",
    "then",
    "likewise",
    "seem",
    "seems",
    "it",
    "this",
    "me",
    "us",
];

/// Words between the verb that gives a value and the value: "to call it
/// normal", "to mark this as spam", "to book the Willow room".
const OBJECT_WORDS: &[&str] = &["it", "this", "that", "them", "as", "the", "a", "an"];

/// Whether `words` (the words after a run of values, in order) say the
/// values are wrong: [`PREDICATE_LEAD`] words, then a [`REJECTING`] one.
fn rejecting_after<'a>(words: impl Iterator<Item = &'a str>) -> bool {
    let mut rest = words.skip_while(|w| PREDICATE_LEAD.contains(w));
    match rest.next() {
        // "normal is too low" rejects; "(normal too)" at the clause's
        // end adds a value.
        Some("too") => rest.next().is_some(),
        Some(w) => REJECTING.contains(&w),
        None => false,
    }
}

/// Whether `before` (the words before a run of values, nearest first)
/// give the values with a verb after a rejection and "to": "(it would be
/// wrong to mark it normal)", "(a mistake to call it spam)". A denial
/// before the rejection ("it would not be wrong to call it normal")
/// accepts the values.
fn rejecting_before(before: &[&str]) -> bool {
    let mut rest = before.iter().skip_while(|w| OBJECT_WORDS.contains(w));
    // The verb (any word that is no denial), then its "to".
    if rest.next().is_none_or(|verb| DENIALS.contains(verb)) || rest.next() != Some(&"to") {
        return false;
    }
    let mut rest = rest.skip_while(|w| PREDICATE_LEAD.contains(w));
    rest.next().is_some_and(|w| REJECTING.contains(w)) && !rest.any(|w| DENIALS.contains(w))
}

/// Words that join the values of a run that one predicate is said of:
/// "normal or low would be wrong", "neither... nor".
const RUN_JOINERS: &[&str] = &["or", "and", "nor"];

/// Whether the value at word `at` is one of a run of values ("normal or
/// low", "Willow, Lantern or Birch") that an aside rejects as a whole: a
/// rejecting predicate after the run ("normal or low would be wrong", "low
/// or normal would understate it") or a verb giving the run after a
/// rejection ("it would be a mistake to call it normal or low"). Each
/// value of the run is named to be rejected, none offered; an "or" there
/// joins, it does not hedge.
fn rejected_run(text: &Text, mentioned: &[bool], at: usize) -> bool {
    let words = &text.words;
    let is_value = |k: usize| mentioned.get(k).copied().unwrap_or(false);
    // The value before value `k` in its run, joined by a word or a comma.
    let previous = |k: usize| {
        let joined = k >= 2
            && RUN_JOINERS.contains(&words[k - 1].text.as_str())
            && words[k - 2].clause == words[k].clause;
        if joined && is_value(k - 2) {
            return Some(k - 2);
        }
        (k >= 1 && is_value(k - 1) && text.gap(k).trim() == ",").then(|| k - 1)
    };
    let (mut first, mut last) = (at, at);
    while let Some(k) = previous(first) {
        first = k;
    }
    while let Some(k) =
        (last + 1..(last + 3).min(words.len())).find(|k| is_value(*k) && previous(*k) == Some(last))
    {
        last = k;
    }
    let end = &words[last];
    let after = words[last + 1..]
        .iter()
        .take(WINDOW)
        .take_while(|w| w.clause == end.clause && w.sentence == end.sentence)
        .map(|w| w.text.as_str());
    rejecting_after(after) || rejecting_before(&clause_before(text, first))
}

/// Whether a clause of the asides (its words, bare) rejects values `read`
/// reads as a whole: "11 or 12 would be wrong", "it would be a mistake to
/// report 11 or 12" (see [`rejected_run`]).
fn rejects_values<T>(words: &[&str], read: &impl Fn(&str) -> Option<T>) -> bool {
    let all_values = |run: &[&str]| {
        let mut pieces = run.split(|w| RUN_JOINERS.contains(w) || *w == "either");
        pieces.clone().any(|piece| !piece.is_empty())
            && pieces.all(|piece| piece.is_empty() || read(&piece.join(" ")).is_some())
    };
    // "11 or 12 would be wrong": the values, then their predicate.
    let predicate = words.iter().position(|w| REJECTING.contains(w));
    if let Some(p) = predicate {
        let lead = words[..p]
            .iter()
            .rposition(|w| !PREDICATE_LEAD.contains(w))
            .map_or(0, |k| k + 1);
        if lead > 0 && rejecting_after(words[lead..].iter().copied()) && all_values(&words[..lead])
        {
            return true;
        }
    }
    // "it would be wrong to report 11 or 12": the values to the clause's
    // end, after a verb and its "to" after the rejection.
    (1..words.len()).any(|from| {
        let before: Vec<&str> = words[..from].iter().rev().copied().collect();
        !OBJECT_WORDS.contains(&words[from])
            && rejecting_before(&before)
            && all_values(&words[from..])
    })
}

/// The value a field states with a reader of its own (`read`: a date, a
/// clock time, a count, a total, a yes or no), read as a head and its
/// asides: the longest head `read` reads (a head never holds a bracket),
/// unless an aside offers another value (see the module doc). With no such
/// head, the whole text as `read` reads it, its brackets read as asides.
pub fn head_value<T: PartialEq>(source: &str, read: impl Fn(&str) -> Option<T>) -> Option<T> {
    let corrected = corrected_readings(source)
        .into_iter()
        .rev()
        .take(MOST_CORRECTIONS)
        .find_map(|rest| value_after_correction(&rest, &read));
    if corrected.is_some() {
        return corrected;
    }
    let (cuts, bracket) = head_cuts(source);
    let mut best: Option<(usize, T)> = None;
    // No value is longer than a long date: heads past that are not tried,
    // so reading stays linear in the length of any text.
    let heads = cuts
        .iter()
        .copied()
        .chain(bracket.is_none().then_some(source.len()))
        .filter(|cut| *cut <= HEAD_BYTES);
    for cut in heads {
        let head = trim_head(&source[..cut]);
        if head.is_empty() {
            continue;
        }
        if let Some(value) = read(head) {
            best = Some((cut, value));
        }
    }
    match best {
        Some((cut, value)) => {
            let asides = &source[cut..];
            let offers =
                asides_offer(asides, &value, &read) || against_value(asides, &value, &read);
            (!offers).then_some(value)
        }
        None => {
            let value = read(source)?;
            let asides = bracket.map_or("", |open| &source[open..]);
            let offers =
                asides_offer(asides, &value, &read) || against_value(asides, &value, &read);
            (!offers).then_some(value)
        }
    }
}

/// The value a self-correction gives, `rest` being what follows it
/// ([`corrected_readings`]): the value standing first in it, alone up to the
/// first place a head may end ("high since ...", "14)", "Meadow, the
/// bigger one"), read with its asides as any head is; `None` when
/// anything else stands first ("the bigger room", "13:45 would suit
/// Lena"), so the correction only describes the value before it.
fn value_after_correction<T: PartialEq>(
    rest: &str,
    read: &impl Fn(&str) -> Option<T>,
) -> Option<T> {
    let (cuts, _) = head_cuts(rest);
    let cut = cuts
        .into_iter()
        .chain(std::iter::once(rest.len()))
        .find(|cut| !trim_head(&rest[..*cut]).is_empty())?;
    let value = read(trim_head(&rest[..cut]))?;
    let asides = &rest[cut..];
    let offers = asides_offer(asides, &value, read) || against_value(asides, &value, read);
    (!offers).then_some(value)
}

/// Whether `asides` (the text after a head that reads `value`) go
/// against it: another value given as the right one ([`given_as_right`]:
/// "12, though the zero row makes it 13", "12, but it should be 13"; not
/// one reported, "12, though the header says 15") or a condition left
/// open on the value ([`condition_left_open`]: "12, unless the zero row
/// counts", "no, unless they ask for an acknowledgement"). A value is
/// tried on one to four words ("it needs a reply"), so reading stays
/// linear in the length of the asides.
fn against_value<T: PartialEq>(asides: &str, value: &T, read: &impl Fn(&str) -> Option<T>) -> bool {
    if !asides.contains(char::is_alphanumeric) {
        return false;
    }
    let text = Text::new(asides);
    let words = &text.words;
    let names = |from: usize, to: usize| read(text.slice(from, to)).is_some();
    // Another value called acceptable too (play-pr27 X3), or each value
    // named called acceptable ("15:15 as well; either is fine").
    let every_option = every_option_accepted(&text, 0);
    let gives_other = (0..words.len()).any(|start| {
        (1..=4).any(|n| {
            let end = start + n;
            end <= words.len()
                && words[end - 1].clause == words[start].clause
                && (given_as_right(&text, start, end)
                    || accepted_too(&text, start, end)
                    || every_option)
                && !negated(&text, start, end)
                && !reported(&text, start)
                && read(text.slice(start, end)).is_some_and(|v| v != *value)
        })
    });
    gives_other || condition_left_open(&text, 0, names)
}

/// Where a head may end in `source`, in order (byte offsets of each break
/// outside brackets, and of each word that [`opens_aside`] or denies), and
/// where its first bracket opens, after which everything is an aside.
fn head_cuts(source: &str) -> (Vec<usize>, Option<usize>) {
    let mut cuts = Vec::new();
    let mut in_word = false;
    for (at, c) in source.char_indices() {
        if c.is_alphanumeric() {
            if !in_word {
                let word: String = source[at..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric())
                    .flat_map(char::to_lowercase)
                    .collect();
                // A denial after a value opens a contrast too: "2026-04-24
                // not the 23rd".
                if opens_aside(&word) || matches!(word.as_str(), "not" | "never") {
                    cuts.push(at);
                }
            }
            in_word = true;
            continue;
        }
        in_word = false;
        if is_break(source, at, c) {
            cuts.push(at);
            if matches!(c, '(' | '[') {
                return (cuts, Some(at));
            }
        }
    }
    (cuts, None)
}

/// Whether `c`, at byte `at` of `source`, is a break ([`BREAK_CHARS`]) as
/// a value's own reader sees it: `10:30`, `1,234.50`, `p.m.` and `e.g.`
/// hold none (a comma or full stop breaks only before a space), and a
/// hyphen breaks only between spaces.
fn is_break(source: &str, at: usize, c: char) -> bool {
    let next = source[at + c.len_utf8()..].chars().next();
    let prev = source[..at].chars().next_back();
    let digits_around =
        prev.is_some_and(|p| p.is_ascii_digit()) && next.is_some_and(|n| n.is_ascii_digit());
    let spaced_after = next.is_none_or(char::is_whitespace);
    match c {
        ':' | ',' | '.' if digits_around => false,
        ',' | '.' => spaced_after,
        '-' => prev.is_some_and(char::is_whitespace) && spaced_after,
        _ => BREAK_CHARS.contains(&c),
    }
}

/// The clauses of `asides`: the pieces between its breaks, each cut again
/// before each word that [`opens_aside`], so a contrast after a reason ("as it is
/// overdue, not normal") is a clause of its own. A clause right after a
/// label and its colon ("removed: 22", "Freya: 08:00") comes with that
/// label ([`label_words`]).
fn clauses(asides: &str) -> Vec<(Option<&str>, &str)> {
    let mut pieces: Vec<(Option<&str>, &str)> = Vec::new();
    let mut start = 0;
    let mut label = None;
    for (at, c) in asides.char_indices() {
        if is_break(asides, at, c) {
            let piece = &asides[start..at];
            pieces.push((label, piece));
            label = (c == ':').then(|| label_words(piece)).flatten();
            start = at + c.len_utf8();
        }
    }
    pieces.push((label, &asides[start..]));
    pieces
        .into_iter()
        .flat_map(|(label, piece)| {
            split_at_break_words(piece)
                .into_iter()
                .enumerate()
                .map(move |(k, clause)| ((k == 0).then_some(label).flatten(), clause))
        })
        .collect()
}

/// The words of `piece` when it is a label before a colon: one to four
/// words of letters ("removed", "bad emails", "- dropped", "for Freya"),
/// without the marks around them; `None` for a piece that holds a number
/// or nothing.
fn label_words(piece: &str) -> Option<&str> {
    let words = piece.trim_matches(|c: char| !c.is_alphanumeric());
    let count = words.split_whitespace().count();
    let lettered = words.split_whitespace().all(|w| {
        w.chars()
            .all(|c| c.is_alphabetic() || matches!(c, '\'' | '\u{2019}' | '-' | '_' | '.'))
    });
    ((1..=4).contains(&count) && lettered).then_some(words)
}

/// Whether a label before a colon offers the value after it as the
/// field's: a generic value label ("count: 15", [`VALUE_LABELS`]) or a
/// word that offers or hedges ("alternatively: 15", "option: 15").
/// Any other label names what the value counts ("removed: 22") or whom it
/// is for ("Freya: 08:00"): a breakdown, read as the value with its label
/// after it, as "22 removed" is.
fn label_offers(label: &str) -> bool {
    label.split_whitespace().any(|word| {
        let word = word.to_lowercase();
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        VALUE_LABELS.contains(&word)
            || OFFERING_LABELS.contains(&word)
            || HEDGES.contains(&word)
            || OFFERED_AFTER.contains(&word)
            || ALWAYS_OFFERING.contains(&word)
            || OFFERING_MODALS.contains(&word)
    })
}

/// A head without the spaces and separators it ends with.
fn trim_head(head: &str) -> &str {
    head.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, ',' | ';' | ':' | '-' | '\u{2013}' | '\u{2014}' | '=')
    })
    .trim()
}

/// Whether `asides` (the text after a head that reads `value`) offer
/// another value: clause by clause, one that opens with a contrast names
/// the value it rejects, one that opens with "or" offers another answer
/// whatever follows, and any other offers a value `read` reads, differing
/// from `value`, as the whole clause ("no (yes)") or in a few words beside
/// a hedge word ("(though maybe 11:00)", "(11:00 could also work)").
fn asides_offer<T: PartialEq>(asides: &str, value: &T, read: &impl Fn(&str) -> Option<T>) -> bool {
    let other = |text: &str| read(text).is_some_and(|v| v != *value);
    clauses(asides).into_iter().any(|(label, clause)| {
        if explains_otherwise(asides, clause, read) {
            return false;
        }
        // A value after a label that names something else is read with
        // that label after it: "removed: 22" as "22 removed", no count;
        // "kept: 12" as "12 kept", another count (play-para-pr9 B3).
        let label = label.filter(|label| !label_offers(label));
        if let Some(label) = label {
            let first = label.split_whitespace().next().unwrap_or_default();
            if rejects(&first.to_lowercase()) {
                return false;
            }
        }
        let offered_whole = match label {
            Some(label) => other(&format!("{} {label}", clause.trim())),
            None => other(clause.trim()),
        };
        // Each word as written (for `read`) and as compared.
        let words: Vec<(&str, String)> = clause
            .split_whitespace()
            .map(|w| {
                let bare = w
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                (w, bare)
            })
            .filter(|(_, bare)| !bare.is_empty())
            .collect();
        let Some((_, first)) = words.first() else {
            return false;
        };
        let second = words.get(1).map(|(_, bare)| bare.as_str());
        let joining = matches!(first.as_str(), "as" | "but" | "and");
        if rejects(first) || (joining && second.is_some_and(rejects)) {
            return false;
        }
        let bare: Vec<&str> = words.iter().map(|(_, bare)| bare.as_str()).collect();
        if rejects_values(&bare, read) {
            return false;
        }
        // "(15:15 too)", "; also 5930.46": a value alone beside additive
        // words is offered as one more (play-pr27 X3).
        let offered_too =
            label.is_none() && without_additive(clause).is_some_and(|rest| other(rest.trim()));
        if ALWAYS_OFFERING.contains(&first.as_str()) || offered_whole || offered_too {
            return true;
        }
        if offered_under_condition(asides, clause, &words, &bare, &other) {
            return true;
        }
        // A few words on either side of a hedge word; words a denial
        // before them in the clause reaches are denied, not offered ("no
        // (no reply or acknowledgement needed)", "no (no acknowledgement
        // needed either)").
        let denied_from = words
            .iter()
            .position(|(_, bare)| DENIALS.contains(&bare.as_str()))
            .map_or(usize::MAX, |k| k + 1);
        let span = |from: usize, to: usize| {
            if from >= denied_from {
                return false;
            }
            let to = to.min(words.len());
            let written: Vec<&str> = words[from.min(to)..to].iter().map(|(w, _)| *w).collect();
            !written.is_empty() && other(&written.join(" "))
        };
        words.iter().enumerate().any(|(k, (_, bare))| {
            let hedging = HEDGES.contains(&bare.as_str())
                || OFFERED_AFTER.contains(&bare.as_str())
                || OFFERING_MODALS.contains(&bare.as_str());
            hedging && (1..=4).any(|n| span(k + 1, k + 1 + n) || span(k.saturating_sub(n), k))
        })
    })
}

/// Whether a clause of `asides` (its `words` as written and `bare`)
/// offers another value (`other`) under a condition the answer leaves
/// open: the value and then the condition ("13:30 if Lena prefers", "but
/// 15 if the zero row counts"), or "then" and the value after a condition
/// in the asides ("(unless the zero row counts, then 9)"). See
/// [`offered_if`].
fn offered_under_condition(
    asides: &str,
    clause: &str,
    words: &[(&str, String)],
    bare: &[&str],
    other: &impl Fn(&str) -> bool,
) -> bool {
    let from = usize::from(bare.first().is_some_and(|w| matches!(*w, "but" | "and")));
    let written = |range: std::ops::Range<usize>| {
        words[range]
            .iter()
            .map(|(w, _)| *w)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let value_first = (from + 1..bare.len().min(from + 1 + WINDOW))
        .any(|k| offered_if(&bare[k..]) && other(&written(from..k)));
    let then_value = bare.get(from) == Some(&"then")
        && bare.len() > from + 1
        && other(&written(from + 1..bare.len()))
        && open_condition_before(asides, clause);
    value_first || then_value
}

/// Whether the asides just before `clause`, a piece of `asides`, open a
/// condition the answer leaves open ("unless the zero row counts, then
/// 9"). Only the asides within [`HEAD_BYTES`] before it are read, so that
/// a long text of many clauses is still read in linear time.
fn open_condition_before(asides: &str, clause: &str) -> bool {
    let end = (clause.as_ptr() as usize)
        .saturating_sub(asides.as_ptr() as usize)
        .min(asides.len());
    let mut start = end.saturating_sub(HEAD_BYTES);
    while !asides.is_char_boundary(start) {
        start -= 1;
    }
    let Some(before) = asides.get(start..end) else {
        return false;
    };
    let text = Text::new(before);
    let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
    opens_condition(&words)
}

/// Whether `clause`, a piece of `asides`, names with "otherwise" or
/// "else" what the value would be under other facts
/// ([`counterfactual`]): "(would otherwise be no, but she asks to
/// confirm)", "(VIP sender, else no)".
fn explains_otherwise<T>(asides: &str, clause: &str, read: &impl Fn(&str) -> Option<T>) -> bool {
    let names_otherwise = clause
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| OTHERWISE.iter().any(|o| w.eq_ignore_ascii_case(o)));
    if !names_otherwise {
        return false;
    }
    let end = (clause.as_ptr() as usize)
        .saturating_sub(asides.as_ptr() as usize)
        .saturating_add(clause.len())
        .min(asides.len());
    // The reason is read in the asides just before the clause, so that a
    // long text with many such clauses is still read in linear time.
    let mut start = end.saturating_sub(HEAD_BYTES);
    while !asides.is_char_boundary(start) {
        start -= 1;
    }
    let Some(upto) = asides.get(start..end) else {
        return false;
    };
    let text = Text::new(upto);
    let Some(at) = text
        .words
        .iter()
        .rposition(|w| OTHERWISE.contains(&w.text.as_str()))
    else {
        return false;
    };
    let first_of_clause = text
        .words
        .len()
        .saturating_sub(Text::new(clause).words.len());
    at >= first_of_clause && counterfactual(&text, 0, at, |w| read(w).is_some())
}

/// `clause` cut before each word that [`opens_aside`], except a "for"
/// that says whom or what the value before it is for ("08:00 for Freya",
/// "15 for the whole table"): that value is read with its "for" phrase,
/// as "08:00 on Freya's clock" is, so it is no second answer
/// (play-para-pr9 B2), unless the phrase offers it ("11:00 for a backup",
/// "15 for now, maybe").
fn split_at_break_words(clause: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut at = 0;
    for word in clause.split_inclusive(char::is_whitespace) {
        let bare: String = word
            .trim()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        let qualifies = bare == "for" && !offers_any(&clause[at..]);
        if at > start && opens_aside(&bare) && !qualifies {
            pieces.push(&clause[start..at]);
            start = at;
        }
        at += word.len();
    }
    pieces.push(&clause[start..]);
    pieces
}

/// Whether the phrase that opens `text` (its first [`WINDOW`] words)
/// holds a word that offers or hedges a value ("backup", "maybe", "or",
/// "could").
fn offers_any(text: &str) -> bool {
    text.split_whitespace().take(WINDOW).any(|word| {
        let word = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        HEDGES.contains(&word.as_str())
            || OFFERED_AFTER.contains(&word.as_str())
            || ALWAYS_OFFERING.contains(&word.as_str())
            || OFFERING_MODALS.contains(&word.as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn priority(field: &str) -> OneValue<&'static str> {
        head_choice(
            field,
            |w| ["low", "normal", "high"].into_iter().find(|p| *p == w),
            &["priority", "the", "a", "is", "it"],
        )
    }

    #[test]
    fn a_value_then_asides_is_the_value() {
        for (field, value) in [
            ("low, rather than normal", "low"),
            ("low instead of normal", "low"),
            ("low; normal would be wrong", "low"),
            ("low, not normal", "low"),
            ("Low (not normal)", "low"),
            ("high (overdue payment outranks the normal default)", "high"),
            ("High: payment failed", "high"),
            ("high - the payment failed", "high"),
            ("high \u{2014} overdue", "high"),
            ("high because the payment failed, not normal", "high"),
            (
                "High priority. Normal would ignore the overdue bill.",
                "high",
            ),
            ("low as opposed to normal", "low"),
            ("low over normal: nothing is asked", "low"),
            ("Priority: high", "high"),
            ("Not normal, but high.", "high"),
            ("low (anything due in 2 days or more is normal)", "low"),
            ("low (normal if a question were asked)", "low"),
            // What it would be under other facts explains it.
            ("high (VIP sender, would otherwise be normal)", "high"),
            ("high - would otherwise be normal", "high"),
            ("high (VIP sender, else normal)", "high"),
            ("low, otherwise it would be normal", "low"),
            // Would and otherwise in either order, other words for the
            // value (play-para-pr8 B1).
            ("high (it would otherwise stay normal)", "high"),
            ("low - otherwise this would rank as normal", "low"),
            // A statement that rules another value out names it to reject it.
            ("high (normal, the sender's usual, is too low here)", "high"),
            ("high (normal wouldn't fit an overdue bill)", "high"),
            ("low (normal only applies to questions)", "low"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
    }

    #[test]
    fn a_second_value_offered_is_a_hedge() {
        for field in [
            "low or normal",
            "low/normal",
            "either low or normal",
            "normal, maybe low",
            "normal (maybe low)",
            "normal (or low)",
            "normal (low)",
            "normal, low",
            "low - could be normal",
            "low (though the priority is normal)",
            "low; normal as a fallback",
            "low, normal might apply",
            "low. Normal.",
            "high, otherwise normal",
            "high (otherwise normal)",
            "high (if the sender is a VIP, otherwise normal)",
            "high (VIP sender, otherwise maybe normal)",
            "high, otherwise normal would also work",
        ] {
            // A hedge, or (an aside that opens with "or") no value at all.
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for field in [
            "",
            "not low",
            "the policy says low",
            "urgent!",
            "low (or whatever fits)",
            "low, alternatively the default",
        ] {
            assert_eq!(priority(field), OneValue::Missing, "{field:?}");
        }
    }

    #[test]
    fn a_value_under_an_open_condition_after_the_value_is_a_second_value() {
        // The condition after the second value, as before it (play-pr23
        // X1): the answer leaves the condition open.
        for field in [
            "low (high if the sender is a VIP)",
            "low, high if the VIP rule applies",
            "low (high if VIP)",
            "low, but high under the VIP rule",
            "normal (unless you count it as FYI, then low)",
            "normal, low if nothing is owed",
            "normal (low only if the refund is just FYI)",
            "high (normal in case the deadline moves)",
            "low (high when the sender turns out to be a VIP)",
            "normal (high assuming the bill is overdue)",
            "normal; high provided the sender is confirmed",
            "low (high if needed)",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        // Near misses: an aside that names no other value, or one under a
        // condition against the facts (what it would have been).
        for (field, value) in [
            ("low (automated newsletter)", "low"),
            ("high (the client asked for it today)", "high"),
            ("normal, since the sender is not a VIP", "normal"),
            ("normal (high if the VIP rule applied)", "normal"),
            (
                "normal (it would be high if the sender were a VIP)",
                "normal",
            ),
            ("high (normal if it had not been overdue)", "high"),
            ("low (high only if the bill had been overdue)", "low"),
            ("high (normal is too low if the bill is overdue)", "high"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
        for (field, value) in [
            ("8 (9 if the zero row counts)", None),
            ("12, 15 if duplicates are kept", None),
            ("12 (unless the zero row counts, then 13)", None),
            ("12 (but 15 if the trailing-dot email is accepted)", None),
            ("12 (15 only if v571 counts as valid)", None),
            ("12 (3 dropped if you count the duplicates)", Some(12)),
            ("12 (15 if the duplicates had been kept)", Some(12)),
            ("12 (it would be 15 if the duplicates were kept)", Some(12)),
            ("12 (the zero row is dropped if its amount is 0)", Some(12)),
        ] {
            assert_eq!(count(field), value, "{field:?}");
        }
    }

    #[test]
    fn a_comment_against_the_value_is_a_hedge() {
        // Another value given as the right one, or a condition left open
        // on the value (play-pr23 X2).
        for field in [
            "low - though the VIP rule makes it high",
            "low, although the VIP list makes it high",
            "low (but the VIP rule puts it at high)",
            "normal; however, the deadline makes it high",
            "low, but it should be high",
            "low, though it really ought to be high",
            "low, though it's really high",
            "low, but arguably high",
            "low, though high",
            "low, though I'd say high",
            "low, though we'd put it at high",
            "low, though the policy says high",
            "low, though the real priority is high",
            "low, though high would be more accurate",
            "low, unless the VIP rule applies",
            "low (unless the sender is on the VIP list)",
            "normal, if nothing is overdue",
            "low, provided the sender is not a VIP",
            "low - but only if the VIP rule does not apply",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        // Near misses: another value reported as what the email or its
        // sender says, what it would be under other facts, a fact
        // conceded, a condition settled, a value that explains.
        for (field, value) in [
            ("low, though the subject says urgent", "low"),
            ("low, though the subject line reads URGENT", "low"),
            ("low, though the sender marked it high", "low"),
            ("low, though the sender says it is urgent", "low"),
            ("low, though the email claims it is urgent", "low"),
            ("low (spam, though it pretends to be urgent)", "low"),
            ("low, though it looks urgent", "low"),
            ("low, though the body is marked urgent", "low"),
            ("low, though the sender thinks it is urgent", "low"),
            ("low (despite the 'URGENT' tag)", "low"),
            ("low, even though the subject says urgent", "low"),
            (
                "low - spam stays low even though the VIP rule makes it high",
                "low",
            ),
            (
                "low (the VIP rule would make it high, but spam stays low)",
                "low",
            ),
            (
                "normal (the VIP rule would make it high, but it went to a list address, which is never high)",
                "normal",
            ),
            ("low (the policy says high only for VIP senders)", "low"),
            ("low, though it mentions a high balance", "low"),
            ("low, unless the sender is a VIP, which they are not", "low"),
            ("low (spam), even if the sender is a VIP", "low"),
            ("low - routine newsletter", "low"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
        let room = |field: &str| {
            head_choice(
                field,
                |w| ["lantern", "granite"].into_iter().find(|r| *r == w),
                &["room", "the"],
            )
        };
        let read = room("Lantern (though Granite would be the right room)");
        assert!(read.one().is_none(), "{read:?}");
        assert_eq!(
            room("Lantern (though Noah's invite says Granite)"),
            OneValue::One("lantern")
        );
        for (field, value) in [
            ("12, though the zero row makes it 13", None),
            ("12, but it should be 13", None),
            ("12, though 13 would be the right count", None),
            ("12, unless the zero row counts", None),
            ("12 (if the zero row is dropped)", None),
            ("12, though the header says 15", Some(12)),
            ("12, even though the zero row makes it 13", Some(12)),
            ("12, though it would be 13 with the zero row", Some(12)),
            ("12, unless duplicates are kept, and they are not", Some(12)),
            ("12 (3 dropped, though the input had 15)", Some(12)),
        ] {
            assert_eq!(count(field), value, "{field:?}");
        }
    }

    fn quartz_or_meadow(field: &str) -> OneValue<&'static str> {
        head_choice(
            field,
            |w| ["quartz", "meadow"].into_iter().find(|r| *r == w),
            &["room", "the"],
        )
    }

    #[test]
    fn a_self_correction_gives_the_value_after_it() {
        // pr25-X1: the corrected value is the answer, whichever way round.
        for (field, value) in [
            ("low, actually high", "high"),
            ("high, actually low", "low"),
            ("low, I mean high", "high"),
            ("low (should be high)", "high"),
            ("low; really high", "high"),
            ("low, but really high since the sender is a VIP", "high"),
            ("low \u{2014} actually high", "high"),
            ("normal, sorry, I meant low", "low"),
            ("low. Correction: high", "high"),
            ("low, or rather normal", "normal"),
            ("low, actually it's high", "high"),
            ("low, actually high, I mean normal", "normal"),
            ("High priority - actually, the priority is low", "low"),
            // Near misses: a marker with no value after it, a value that
            // is no correction, a denial, "should be" with a subject.
            ("high, actually", "high"),
            ("high (really)", "high"),
            ("high (actually overdue since Monday)", "high"),
            (
                "high (actually normal in tone, but the rule says high)",
                "high",
            ),
            ("low, though the VIP rule marks it high", "low"),
            ("low, not really high", "low"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
        for field in [
            "low, but it should be high",
            "low, actually high or normal",
            "low, actually high, maybe normal",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for (field, value) in [
            ("Quartz, actually Meadow", "meadow"),
            (
                "Quartz (actually the Meadow room, the bigger one)",
                "meadow",
            ),
            ("Meadow (actually the bigger room)", "meadow"),
            ("Meadow, actually Meadow is bigger", "meadow"),
        ] {
            assert_eq!(quartz_or_meadow(field), OneValue::One(value), "{field:?}");
        }
        for (field, value) in [
            ("13, but really 14", Some(14)),
            ("14, actually 13", Some(13)),
            ("13 (should be 14)", Some(14)),
            ("13, make that 14", Some(14)),
            ("13 (really)", Some(13)),
            ("13, really", Some(13)),
            ("13 - really, 14 would be wrong", Some(13)),
            ("13, actually 14 or 15", None),
        ] {
            assert_eq!(count(field), value, "{field:?}");
        }
    }

    #[test]
    fn a_comment_naming_the_right_value_in_other_words_is_a_hedge() {
        // pr25-X1: the writer's own argument, conclusion, preference or
        // obligation for another value.
        for field in [
            "low, though I'd argue high",
            "low, though the sender clearly wants it so high",
            "low, though high suits better",
            "low, though high is what it should be",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for (field, value) in [
            ("low, though the sender argues it is high", "low"),
            ("high, so normal or low would be wrong", "high"),
            (
                "low, though high is what the sender says it should be",
                "low",
            ),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
        for field in [
            "Quartz - though Meadow is the room we should use",
            "Quartz, though Meadow is where it should go",
        ] {
            let read = quartz_or_meadow(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for (field, value) in [
            (
                "Quartz, though Meadow is the room we should avoid",
                "quartz",
            ),
            ("Quartz, though Meadow is not where it should go", "quartz"),
        ] {
            assert_eq!(quartz_or_meadow(field), OneValue::One(value), "{field:?}");
        }
    }

    #[test]
    fn a_word_glossing_a_value_across_a_slash_is_no_second_value() {
        // The other side of the slash names no value (play-pr23 B1).
        for (field, value) in [
            ("normal/routine", "normal"),
            ("normal / routine processing", "normal"),
            ("routine/normal", "normal"),
            ("high/ASAP", "high"),
            ("low / FYI only", "low"),
            ("low/informational", "low"),
            ("high/time-sensitive (payment overdue)", "high"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
        // Near misses: values on both sides, or a side that hedges.
        for field in [
            "high/normal",
            "low / high",
            "routine/normal/high",
            "normal / maybe low",
            "normal/or low",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for field in ["perhaps/normal", "normal/maybe", "not/normal"] {
            assert!(priority(field).one().is_none(), "{field:?}");
        }
    }

    #[test]
    fn values_rejected_together_are_no_second_value() {
        // A run of values that one predicate rejects, after the run or
        // before it with a verb giving them (play-pr21 B1, B2).
        for (field, value) in [
            ("high (normal or low would be wrong)", "high"),
            ("high - low or normal would understate it", "high"),
            ("low (normal or high would overstate it)", "low"),
            ("high: either normal or low would clearly be wrong", "high"),
            ("high (low, normal would both be a mistake)", "high"),
            ("high (normal or low would be a serious error)", "high"),
            ("high (it would be a mistake to call it normal)", "high"),
            ("high - it would be wrong to mark it normal or low", "high"),
            ("low (it would overstate it to rate it normal)", "low"),
            ("high (wrong to mark this as normal)", "high"),
            ("high (to call it normal would be a mistake)", "high"),
            ("high, so normal or low would be wrong", "high"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
        // Near misses: values the predicate accepts, or offers.
        for field in [
            "high (normal or low would be fine)",
            "high (normal or low would not be wrong)",
            "high (normal or low would do too)",
            "high (it would be right to call it normal)",
            "high (it would be fair to call it normal)",
            "high (or normal would be wrong)",
            "high or normal would both be fine",
            "high (maybe normal or low)",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for (field, value) in [
            ("12 (11 or 13 would be wrong)", Some(12)),
            ("12 - 15 or 16 would overstate it", Some(12)),
            ("12 (it would be a mistake to report 15 or 16)", Some(12)),
            ("12; either 11 or 15 would be wrong", Some(12)),
            ("12 (11 or 13 would be fine)", None),
            ("12 (11 or 13 would not be wrong)", None),
            ("12 (it would be fine to report 15 or 16)", None),
            ("12 (15 or 16 might be right)", None),
        ] {
            assert_eq!(count(field), value, "{field:?}");
        }
    }

    fn count(field: &str) -> Option<u32> {
        head_value(field, |t| t.trim().parse().ok())
    }

    fn label(field: &str) -> OneValue<&'static str> {
        head_choice(
            field,
            |w| ["work", "personal", "spam"].into_iter().find(|l| *l == w),
            &["label", "the", "a", "is", "it"],
        )
    }

    #[test]
    fn another_value_called_acceptable_too_is_a_hedge() {
        // play-pr27 X3: a second value offered as acceptable as well.
        for field in [
            "work (personal also works)",
            "work (personal is fine too)",
            "work; personal would also do",
            "work (personal works as well)",
            "work (personal is also fine)",
            "work (happy with personal too)",
            "work (personal too)",
            "work (also personal)",
            "work, personal as well: either is fine",
            "work (personal also OK; either is fine)",
        ] {
            let read = label(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for field in [
            "Harbor (Lantern also works)",
            "Harbor (Lantern would be OK too)",
            "Harbor (the Lantern room would also work)",
            "Harbor; Lantern works just as well",
        ] {
            let read = head_choice(
                field,
                |w| ["harbor", "lantern"].into_iter().find(|r| *r == w),
                &["room", "the"],
            );
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for field in [
            "12 (15 also works)",
            "12; 15 also works",
            "12 (15 is fine too)",
            "12 (15 would also do)",
            "12 (15 works as well)",
            "12 (15 is also fine)",
            "12 (happy with 15 too)",
            "12 (15 too)",
            "12 (also 15)",
            "12 (15 as well; either is fine)",
            "12, 15 would be acceptable too",
        ] {
            assert_eq!(count(field), None, "{field:?}");
        }
        // Near misses: another value rejected, ruled out or explained, or
        // an acceptance denied.
        for (field, value) in [
            ("work (not personal)", "work"),
            ("work (personal would not work here)", "work"),
            ("work (personal doesn't fit either)", "work"),
            ("work (personal is too broad)", "work"),
            (
                "work (personal mail also works this way, but not here)",
                "work",
            ),
            ("work (works for the whole team)", "work"),
        ] {
            assert_eq!(label(field), OneValue::One(value), "{field:?}");
        }
        for (field, value) in [
            ("Harbor (Lantern is booked)", "harbor"),
            (
                "Harbor (Lantern also works for size, but is booked)",
                "harbor",
            ),
            ("Harbor (Lantern would not work: no video link)", "harbor"),
        ] {
            let read = head_choice(
                field,
                |w| ["harbor", "lantern"].into_iter().find(|r| *r == w),
                &["room", "the"],
            );
            assert_eq!(read, OneValue::One(value), "{field:?}");
        }
        for (field, value) in [
            ("12 (15 would overrun the table)", 12),
            ("12 (15 would not work)", 12),
            ("12 (15 is too many)", 12),
            ("12 (2 too many were dropped)", 12),
            ("12 (3 dropped as well)", 12),
            ("12 (either way, 3 rows go)", 12),
        ] {
            assert_eq!(count(field), Some(value), "{field:?}");
        }
    }

    #[test]
    fn another_value_with_its_reason_after_a_concession_is_a_hedge() {
        // play-pr27 X2: "but Y for Z" gives Y as the right value.
        for field in [
            "low, but high for the VIP rule",
            "low, but high because of the VIP rule",
            "low, though high due to the deadline",
            "normal, but high given the overdue bill",
            "low - but high since the sender is a VIP",
            "low, yet high owing to the VIP list",
            "low, but high as the sender is a VIP",
        ] {
            let read = priority(field);
            assert!(read.one().is_none(), "{field:?}: {read:?}");
        }
        for (field, value) in [
            ("12, but 13 for the zero row", None),
            ("12, but 13 because of the zero row", None),
            ("12, though 13 given the zero row", None),
            // Near misses: a value for someone or something else, a value
            // under other facts, a reason for the value itself.
            ("12, but 15 for the whole table", Some(12)),
            ("12, but 15 for Grace", Some(12)),
            ("12, but 15 as Grace counts them", Some(12)),
            ("12, but 15 for other tables", Some(12)),
            ("12, for the zero row is dropped", Some(12)),
        ] {
            assert_eq!(count(field), value, "{field:?}");
        }
        for (field, value) in [
            ("high, but normal for other senders", "high"),
            ("high (VIP sender, would otherwise be normal)", "high"),
            ("normal (not high: no deadline)", "normal"),
            ("high, but thanks for checking", "high"),
            ("high, for the VIP rule", "high"),
        ] {
            assert_eq!(priority(field), OneValue::One(value), "{field:?}");
        }
    }

    #[test]
    fn a_read_head_with_asides() {
        for (field, value) in [
            ("12", 12),
            ("12 (3 dropped)", 12),
            ("12, as 3 were dropped", 12),
            ("12 - not 15: three rows go", 12),
            ("12; 15 would count the duplicates", 12),
            ("12, rather than 15", 12),
            ("12 (instead of 15)", 12),
            ("12 (12 rows)", 12),
            ("12 (3 + 4 + 5)", 12),
            ("12 (would otherwise be 15)", 12),
            ("12 (3 duplicates dropped, else 15)", 12),
            // A labelled breakdown, or a value for someone or something
            // else, is no second count (play-para-pr9 B2, B3).
            ("12 (dropped: 15)", 12),
            ("12, removed: 3, kept: 12", 12),
            ("12 - duplicates: 2, bad emails: 1", 12),
            ("12 (15 for the whole table)", 12),
            ("12, i.e. 15 for the auditor", 12),
        ] {
            assert_eq!(count(field), Some(value), "{field:?}");
        }
        for field in [
            "12 (15)",
            "12, 15",
            "12 (or 15)",
            "12 (maybe 15)",
            "12 - possibly 15",
            "12; 15 could also be right",
            "12 or 15",
            "about 12",
            "12\n\ncount: 15",
            "12 (otherwise 15)",
            "12, else 15",
            "12 (count: 15)",
            "12 (alternatively: 15)",
            "12 (option: 15)",
            "12 (15 for a fallback)",
            "12 (maybe 15 for the auditor)",
            "12 (or 15 for the auditor)",
        ] {
            assert_eq!(count(field), None, "{field:?}");
        }
    }

    #[test]
    fn heads_keep_the_separators_inside_a_value() {
        let (cuts, bracket) = head_cuts("10:30 a.m., 1,234.50 (x)");
        assert_eq!(bracket, Some(21));
        let heads: Vec<&str> = cuts
            .iter()
            .map(|c| trim_head(&"10:30 a.m., 1,234.50 (x)"[..*c]))
            .collect();
        assert_eq!(heads, ["10:30 a.m.", "10:30 a.m., 1,234.50"]);
    }
}
