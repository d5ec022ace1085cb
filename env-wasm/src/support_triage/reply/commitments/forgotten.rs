//! Erasure said as forgetting: the customer forgotten by us is their data
//! erased ("we will forget you", "you'll have been forgotten by our
//! systems", "we'll forget everything about you"), and so is their right
//! to be forgotten honoured ("your right to be forgotten will be fully
//! respected"). What else we forget ("we won't forget your feedback"), and
//! the right only told of or handed on ("you have the right to be
//! forgotten and our privacy officer will review the request"), erase
//! nothing.

use super::phrases::passive_before;
use super::scan::{ClauseScan, Found, WordAt};
use crate::support_triage::reply::nouns::{Thing, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::base_of;

/// The forms of "forget".
const FORGETTING: &[&str] = &["forget", "forgets", "forgot", "forgotten", "forgetting"];

/// Verbs that honour a right: "respect your right to be forgotten", "your
/// right to be forgotten will be honoured".
const HONOURING: &[&str] = &[
    "respect",
    "honour",
    "honor",
    "uphold",
    "fulfil",
    "fulfill",
    "grant",
    "observe",
    "apply",
    "enforce",
    "implement",
    "action",
];

/// How far the customer or their data may come after an active "forget"
/// ("forget all about you", "forget everything we hold on you").
const FORGOTTEN_REACH: usize = 3;

/// Frame 1 (or 3, in the passive) for erasure said as forgetting.
pub(super) fn frame(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let words: &[&str] = &scan.words;
    let k = word.k;
    if !FORGETTING.contains(&word.w) {
        return;
    }
    let right = k >= 3 && words[k - 3..k] == ["right", "to", "be"];
    if right {
        // The right's own verb, before it ("we will respect your right")
        // or after it ("... will be fully respected").
        if let Some(v) = (0..words.len())
            .filter(|&i| i + 3 < k || i > k)
            .find(|&i| base_of(words[i], HONOURING).is_some())
        {
            scan.push(found, Commitment::Deletion, [k, v], false);
        }
        return;
    }
    let customer_or_data =
        |w: &str| matches!(w, "you" | "yourself") || thing(w) == Some(Thing::Data);
    let forgotten = if passive_before(words, k) {
        // "you will be forgotten", "your details will be forgotten".
        words[..k].iter().any(|w| customer_or_data(w))
    } else {
        // "we will forget you", "we'll forget all about you".
        scan.ours_before(k)
            && words[k + 1..(k + 1 + FORGOTTEN_REACH).min(words.len())]
                .iter()
                .any(|w| customer_or_data(w))
    };
    if forgotten {
        scan.push(found, Commitment::Deletion, [k, k], false);
    }
}
