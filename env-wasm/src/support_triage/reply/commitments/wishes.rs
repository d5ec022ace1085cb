//! The customer's own words restated: "you asked us to delete it", "your
//! request to close the account", "you feel the fee should be removed".
//! What the customer asked for is no promise of ours (policy section 4).

use crate::support_triage::reply::clause::{Clause, Opener, continued, has_subject};
use crate::text::{Text, base_of};

use super::lexicon::{AUXILIARIES_AND_JOINERS, IRREGULAR_PARTICIPLES, lex};

/// Words that report someone's wish: "you asked us to delete it", "I
/// understand you want your money back".
const WISHING: &[&str] = &[
    "ask", "request", "want", "wish", "like", "demand", "expect", "hope", "mention", "say",
    "write", "tell", "claim", "threaten", "prefer", "insist",
];

/// Verbs that report the customer's view: "a fee you feel you shouldn't
/// have been charged", "you believe the fee should be removed".
const VIEWING: &[&str] = &[
    "feel", "think", "believe", "consider", "argue", "reckon", "suggest", "maintain", "assume",
];

/// Where the customer's view starts: a viewing verb right after "you"
/// (an adverb or "may", "might", "do", "still" between), not in a
/// question ("do you think ...?" is an offer, handled by the caller). What
/// follows it is the customer's feeling or claim restated, not our
/// commitment.
fn customers_view(words: &[&str]) -> Option<usize> {
    (1..words.len()).find(|&v| {
        base_of(words[v], VIEWING).is_some()
            && (words[v - 1] == "you"
                || (v > 1
                    && words[v - 2] == "you"
                    && (words[v - 1].ends_with("ly")
                        || matches!(
                            words[v - 1],
                            "may" | "might" | "do" | "still" | "also" | "clearly"
                        ))))
    })
}

/// Where the customer's wish starts in a clause: the first wishing verb
/// with "you" before it ("you asked us to delete it", "I understand you
/// want your money back"), or a wishing verb in "-ing" said of what the
/// customer sent ("your message asking us to close your account"); what
/// follows it is the wish, not a promise. An offer ("would you like us to
/// waive it?") is not a report.
pub(super) fn wish_start(words: &[&str]) -> Option<usize> {
    let offer = words.windows(2).any(|p| {
        matches!(
            p,
            ["would", "you"] | ["do", "you"] | ["shall", "we"] | ["should", "we"]
        )
    });
    if offer {
        return None;
    }
    let asking = words
        .iter()
        .position(|w| w.ends_with("ing") && base_of(w, WISHING).is_some())
        .or_else(|| customers_view(words));
    // "Had you asked within 14 days we could have refunded it": the
    // subject of an inverted pluperfect condition asked nothing.
    let reported = words
        .iter()
        .enumerate()
        .position(|(i, w)| *w == "you" && (i == 0 || words[i - 1] != "had"))
        .and_then(|you| (you + 1..words.len()).find(|&i| base_of(words[i], WISHING).is_some()));
    match (asking, reported) {
        (Some(a), Some(r)) => Some(a.min(r)),
        (a, r) => a.or(r),
    }
}

/// Whether clause `at` is an infinitive coordinated with a wish in the
/// clause it continues: "you asked us to delete your data | and close
/// your account", "your request to erase your records | and close the
/// account". It has no subject, opens with a verb in its base form, and
/// the clause before ends inside a wish.
pub(super) fn continues_wish(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let Some(previous) = continued(clauses, at) else {
        return false;
    };
    let words = clauses[at].texts(text);
    // "You'd like all your data removed | and your account closed": a
    // thing and its participle with no verb of their own finish the
    // wish's own pattern, said again.
    let participle = |w: &&str| w.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(w);
    // "... | and your account to be closed": a passive infinitive's "be"
    // is no finite verb.
    let finite = words.iter().enumerate().any(|(i, w)| {
        let infinitive = *w == "be" && i > 0 && words[i - 1] == "to";
        (AUXILIARIES_AND_JOINERS.contains(w) && !infinitive)
            || matches!(*w, "we" | "i" | "they" | "has" | "been")
    });
    if clauses[at].opener == Some(Opener::And) && !finite && words.iter().any(participle) {
        let earlier = clauses[previous].texts(text);
        // "your request to have your account | and personal data erased":
        // the request's object, coordinated, with its participle.
        if restated_request(&earlier) || wish_content(text, clauses, previous) {
            return true;
        }
        if let Some(wish) = wish_start(&earlier)
            && earlier[wish + 1..].last().is_some_and(participle)
        {
            return true;
        }
    }
    // "You've written asking that we remove your data | and that we close
    // your account": a mandative "that" said again, with its subject.
    let earlier = clauses[previous].texts(text);
    if words.first() == Some(&"that")
        && (mandative_wish(&earlier) || continues_wish(text, clauses, previous))
    {
        return true;
    }
    // "You asked us to delete your data | and to close your account": the
    // infinitive's "to" may be said again.
    let Some(first) = words.iter().find(|w| **w != "to") else {
        return false;
    };
    let base_form = lex(first).family.is_some()
        && !first.ends_with("ed")
        && !first.ends_with("ing")
        && !IRREGULAR_PARTICIPLES.contains(first);
    if has_subject(&words) || !base_form {
        return false;
    }
    let wish = wish_start(&earlier);
    let infinitive = (1..earlier.len()).any(|k| {
        earlier[k - 1] == "to" && lex(earlier[k]).family.is_some() && wished(&earlier, wish, k)
    });
    infinitive
        || mandative_wish(&earlier)
        || requested_across_commas(text, clauses, previous) > 0
        || continues_wish(text, clauses, previous)
}

/// How many words of clause `at` are what a restated request asks for
/// when a modifier set off by commas stands between the request noun and
/// it: "We have received your request, made under data protection law, |
/// to erase your account", "your request, sent this morning from your
/// account address, | to erase your account". The clause opens with what
/// links a request to what it asks ("to", "for", "that") and continues,
/// through clauses with no joining word, one that ends in a restated
/// request ([`restated_request`]); its words up to a finite verb or a
/// subject of their own are that request ("..., to erase your account, |
/// has been approved" is not: "has" ends it).
pub(super) fn requested_across_commas(text: &Text, clauses: &[Clause], at: usize) -> usize {
    let words = clauses[at].texts(text);
    let Some(link @ &("to" | "for" | "that")) = words.first() else {
        return 0;
    };
    let mut start = at;
    while let Some(previous) = continued(clauses, start) {
        if clauses[start].opener.is_some() {
            return 0;
        }
        start = previous;
    }
    if start == at {
        return 0;
    }
    let mut before: Vec<&str> = clauses[start..at]
        .iter()
        .flat_map(|c| c.texts(text))
        .collect();
    before.push(*link);
    if !restated_request(&before) {
        return 0;
    }
    words
        .iter()
        .position(|w| REQUEST_ENDS.contains(w))
        .unwrap_or(words.len())
}

/// Whether a clause reports the customer's wish as a mandative "that"
/// ("asking that we remove your data", "you have requested that we close
/// the account", "insisting that we delete it"): a verb coordinated with
/// it, with no subject of its own ("... | and close your account"), is the
/// wish too (section 4: restating what was asked is not confirming it).
fn mandative_wish(words: &[&str]) -> bool {
    wish_start(words).is_some_and(|start| {
        (start..words.len()).any(|w| {
            base_of(words[w], WISHING).is_some()
                && words[w + 1..].iter().take(3).any(|x| *x == "that")
        })
    })
}

/// Whether clause `at` is what a wish reported just before it in its
/// sentence asks for, put as a passive infinitive with no finite verb of
/// its own: "You asked for two things: | for the personal data we hold
/// about you to be deleted, | and for your account to be closed". What
/// was asked is not what we do (section 4); "I've arranged for your data
/// to be deleted" reports no wish and stays our deed.
pub(super) fn wish_content(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let Some(previous) = at.checked_sub(1) else {
        return false;
    };
    let clause = &clauses[at];
    if clauses[previous].sentence != clause.sentence {
        return false;
    }
    let words = clause.texts(text);
    let Some(to) = words.windows(3).position(|p| {
        p[0] == "to"
            && p[1] == "be"
            && (p[2].ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&p[2]))
    }) else {
        return false;
    };
    let finite = words[..to].iter().any(|w| {
        AUXILIARIES_AND_JOINERS.contains(w) && !matches!(*w, "and" | "or" | "so" | "then")
            || matches!(*w, "should" | "must" | "shall" | "did" | "do" | "does")
    });
    if finite {
        return false;
    }
    let earlier = clauses[previous].texts(text);
    wish_start(&earlier).is_some()
        || restated_request(&earlier)
        || wish_content(text, clauses, previous)
}

/// Whether the word at `k` is only the customer's wish: after the wish's
/// start, or after "your request to ...".
pub(super) fn wished(words: &[&str], wish: Option<usize>, k: usize) -> bool {
    let before = &words[..k];
    let request_to = before.ends_with(&["request", "to"]) || before.ends_with(&["requests", "to"]);
    wish.is_some_and(|w| w < k) || request_to || restated_request(before)
}

/// Words that may stand before a request noun restated as the
/// customer's: "your request", "the request", "this request".
const REQUEST_DETERMINERS: &[&str] = &["your", "the", "this", "that", "a"];

/// Words that end a restated request's reach before a word: a verb of
/// our own or a finite verb of the clause ("your request to delete your
/// data | has been approved, and we will delete it" has its own verb).
const REQUEST_ENDS: &[&str] = &[
    "will", "shall", "is", "are", "was", "were", "has", "we", "i", "which", "who", "so",
];

/// Words that no modifier of a request noun holds: a verb of a clause of
/// its own, its object pronoun, or a joiner ("your request | prompted us
/// to ...", "your request and we ...").
const NOT_IN_A_MODIFIER: &[&str] = &[
    "and", "but", "or", "then", "if", "once", "because", "us", "me", "them", "can", "could",
    "would", "should", "must", "may", "might", "do", "does", "did", "am", "be", "been",
];

/// How many words may modify a request noun before what it asks for
/// ("your request, sent this morning from your account address, to ...").
const REQUEST_MODIFIER_REACH: usize = 10;

/// Whether `before` (a clause's words up to some word, or a sentence's)
/// ends inside a restated request of the customer's: a request noun after
/// a determiner, what it asks for after "to", "for" or "that" ("I've
/// received your request to have your account and personal data erased",
/// "thanks for the request for your records to be removed", "we've noted
/// your request that your data be deleted"), with no finite verb after
/// it. The noun may take a modifier before what it asks for, with no
/// verb of a clause of its own ("your request under the GDPR to erase
/// your account", "your request of 2 March to have your data deleted",
/// "your request, made under data protection law, to erase"): it is one
/// noun phrase, however many words it holds. Restating what was asked
/// confirms none of it (section 4).
pub(super) fn restated_request(before: &[&str]) -> bool {
    let Some(r) = before.iter().rposition(|w| {
        matches!(
            *w,
            "request" | "requests" | "wish" | "wishes" | "instruction" | "instructions"
        )
    }) else {
        return false;
    };
    let determined = r > 0
        && (REQUEST_DETERMINERS.contains(&before[r - 1])
            || (r > 1 && REQUEST_DETERMINERS.contains(&before[r - 2])));
    let asks = before[r + 1..]
        .iter()
        .take(REQUEST_MODIFIER_REACH + 1)
        .position(|w| matches!(*w, "to" | "for" | "that"))
        .is_some_and(|link| {
            before[r + 1..r + 1 + link]
                .iter()
                .all(|w| !NOT_IN_A_MODIFIER.contains(w))
        });
    // "to have your data erased": "have" after "to" is causative.
    let finite = before[r + 1..].iter().any(|w| REQUEST_ENDS.contains(w));
    determined && asks && !finite
}
