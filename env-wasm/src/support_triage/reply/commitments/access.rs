//! Frame 5, access given back: "you'll be able to sign in again", "we'll
//! get you back in", "your account will be back up and running"; not our
//! next message ("we'll be back in touch") nor money back in an account.

use crate::support_triage::reply::nouns::{Thing, outcome_noun, subject_before, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::is_form_of;

use super::scan::{ClauseScan, Found, WordAt};

/// Frame 5, access given back by us ("we'll get you back in", "we will
/// have you signing in again") or as the customer's ("you'll have access
/// again", "you will regain access"). The customer signing in again by
/// themselves ("reset it, then sign in again") is advice. "back in" of
/// money is money back ("we'll put the money back in your account"), of
/// the customer access.
pub(super) fn frame(scan: &ClauseScan, word: &WordAt, found: &mut Vec<Found>) {
    let words: &[&str] = &scan.words;
    let by_own_hand = scan.by_own_hand;
    let k = word.k;
    let w = word.w;
    let previous = word.previous;
    let next = word.next;
    let ours_before = |k: usize| scan.ours_before(k);
    let you_before = |k: usize| scan.you_before(k);
    let mut push = |outcome: Commitment, at: [usize; 2], by_denial: bool| {
        scan.push(found, outcome, at, by_denial)
    };
    let money_before = || {
        words[..k].iter().enumerate().any(|(i, x)| {
            matches!(thing(x), Some(Thing::Money | Thing::Fee)) || outcome_noun(words, i).is_some()
        })
    };
    // "We'll be back in touch", "back in contact": our next message,
    // not the customer back in.
    // "We'll check (back) in with you", "check in again": contact too.
    let in_touch = |i: usize| {
        words.get(i) == Some(&"in")
            && (matches!(words.get(i + 1), Some(&"touch" | &"contact"))
                || i.checked_sub(1)
                    .and_then(|b| words.get(b))
                    .is_some_and(|b| is_form_of(b, "check"))
                || (i >= 2 && words[i - 1] == "back" && is_form_of(words[i - 2], "check")))
    };
    let back_in = w == "back"
        && matches!(next, Some("in" | "into" | "online"))
        && !in_touch(k + 1)
        && !money_before();
    // "your account will be back up and running", "your workspace
    // will be available again".
    let working = w == "back" && matches!(next, Some("up" | "online"))
        || (w == "again"
            && previous.is_some_and(|p| {
                matches!(
                    p,
                    "active"
                        | "available"
                        | "accessible"
                        | "working"
                        | "running"
                        | "usable"
                        | "live"
                        | "open"
                )
            }));
    if working
        && !by_own_hand
        && subject_before(words, k)
            .is_some_and(|(_, _, t)| matches!(t, Some(Thing::Account | Thing::Access)))
    {
        push(Commitment::AccessRestored, [k, k], false);
    }
    let again = w == "again"
        && k > 0
        && (k.saturating_sub(4)..k)
            .any(|p| matches!(words[p], "in" | "access" | "login" | "account") && !in_touch(p));
    let access_word = words.iter().any(|x| matches!(*x, "access" | "login"));
    let regain = is_form_of(w, "regain") && access_word;
    // "you'll be able to log back in": the customer's access back,
    // unless their own step gives it ("once you reset ...").
    let able_back = w == "back"
        && matches!(next, Some("in" | "into" | "online"))
        && !in_touch(k + 1)
        && words[..k].contains(&"able")
        && !by_own_hand;
    let customer_has = you_before(k) && (regain || (again && access_word) || able_back);
    if ((back_in || again) && ours_before(k)) || customer_has {
        push(Commitment::AccessRestored, [k, k], false);
    }
}
