//! The changes to the customer's account a reply reports we made
//! ([`AccountPart`]), which the grader holds to what the case calls for
//! (policy section 5: "do what its case needs and nothing it does not").
//!
//! A change is a verb of changing an account's set-up reported as our
//! deed, done: our side its subject ("As a first step I've removed the
//! other users"), the subject of the clause it continues ("... and
//! downgraded the account") or a report its list item sits under ("What
//! we've done:\n- removed ..."); or a passive of the perfect or of "now"
//! whose agent is none or ours ("the other users have been removed",
//! "your plan is now downgraded", "your plan was changed by our billing
//! team"). The part is read from the noun phrase the deed acts on, by its
//! head ("the other users from your workspace" are users, "the late fee
//! from your plan" no part, "two of your seats" seats); where that phrase
//! is the account as a whole, from the verb ("downgraded the account"
//! changes the plan, "locked your account" access) or from the plan the
//! account is moved to ("switched you to the Starter plan"). A change
//! asked of the customer, offered, planned, denied, asked about, the
//! customer's or someone else's, or seen rather than done ("I can see
//! your password has been changed") is none.

use super::clause::{Clause, LeadKind, Opener, continued, has_subject, question_sentences};
use super::nouns::PREPOSITIONS;
use super::reading::{AccountPart, Finding, Reading};
use crate::text::{Text, negated, number_value, number_word};

/// `requests`: which clauses ask the customer to act (from
/// `super::moves`): a change asked for is none we made.
pub(super) fn read(text: &Text, clauses: &[Clause], requests: &[bool], reading: &mut Reading) {
    let questions = question_sentences(text);
    for (at, clause) in clauses.iter().enumerate() {
        let asked = questions.contains(&clause.sentence)
            || matches!(clause.opener, Some(Opener::Condition | Opener::Whether));
        if requests[at] || asked {
            continue;
        }
        for part in changed_parts(text, clauses, at) {
            reading.record(Finding::AccountChange(part), text, clause.from);
        }
    }
}

/// What a verb of changing an account does to what it acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deed {
    /// Sets, changes or takes away the part its object names ("reset your
    /// password", "removed the other users"), or moves the account to a
    /// plan ("switched you to the Starter plan").
    Sets,
    /// Gives access back, whatever it gives back ("unlocked your
    /// account", "reactivated your seat", "restored your access").
    GivesBack,
    /// Changes the plan of the account as a whole ("downgraded the
    /// account", "upgraded your workspace").
    Grades,
    /// Takes access to the account as a whole away ("locked your
    /// account", "suspended the workspace").
    Shuts,
    /// Ends the plan of the account as a whole ("cancelled your account").
    Ends,
}

/// Verbs of changing an account's set-up, each in the past form a reply
/// reports its own deed with ("I reset", "we have changed", "the users
/// have been removed"), by what they do.
const DEEDS: &[(&str, Deed)] = &[
    ("reset", Deed::Sets),
    ("changed", Deed::Sets),
    ("updated", Deed::Sets),
    ("enabled", Deed::Sets),
    ("removed", Deed::Sets),
    ("deleted", Deed::Sets),
    ("dropped", Deed::Sets),
    ("switched", Deed::Sets),
    ("moved", Deed::Sets),
    ("migrated", Deed::Sets),
    ("converted", Deed::Sets),
    ("put", Deed::Sets),
    ("set", Deed::Sets),
    ("turned", Deed::Sets),
    ("regenerated", Deed::Sets),
    ("revoked", Deed::Sets),
    ("rotated", Deed::Sets),
    ("invalidated", Deed::Sets),
    ("cleared", Deed::Sets),
    ("transferred", Deed::Sets),
    ("reassigned", Deed::Sets),
    ("unassigned", Deed::Sets),
    ("added", Deed::Sets),
    ("replaced", Deed::Sets),
    ("terminated", Deed::Sets),
    ("restored", Deed::GivesBack),
    ("reactivated", Deed::GivesBack),
    ("unlocked", Deed::GivesBack),
    ("reinstated", Deed::GivesBack),
    ("unsuspended", Deed::GivesBack),
    ("unblocked", Deed::GivesBack),
    ("downgraded", Deed::Grades),
    ("upgraded", Deed::Grades),
    ("disabled", Deed::Shuts),
    ("deactivated", Deed::Shuts),
    ("suspended", Deed::Shuts),
    ("locked", Deed::Shuts),
    ("blocked", Deed::Shuts),
    ("froze", Deed::Shuts),
    ("frozen", Deed::Shuts),
    ("cancelled", Deed::Ends),
    ("canceled", Deed::Ends),
];

/// The deed of the verb at `k` of `words`; "re-enabled" is "enabled"
/// after "re", which gives back.
fn deed_at(words: &[&str], k: usize) -> Option<Deed> {
    let deed = DEEDS
        .iter()
        .find(|(verb, _)| *verb == words[k])
        .map(|(_, deed)| *deed)?;
    Some(if words[k] == "enabled" && k > 0 && words[k - 1] == "re" {
        Deed::GivesBack
    } else {
        deed
    })
}

/// The parts of an account a reply may change, by the noun that names
/// them: its credentials and sign-in protection, its plan, its users,
/// seats, roles and rights, its email on record, its keys, access to it.
const ACCOUNT_PARTS: &[(&str, AccountPart)] = &[
    ("password", AccountPart::Password),
    ("passwords", AccountPart::Password),
    ("passcode", AccountPart::Password),
    ("passphrase", AccountPart::Password),
    ("pin", AccountPart::Password),
    ("login", AccountPart::Password),
    ("credentials", AccountPart::Password),
    ("2fa", AccountPart::SignInProtection),
    // "2FA" is read as "2" and "fa".
    ("fa", AccountPart::SignInProtection),
    ("factor", AccountPart::SignInProtection),
    ("mfa", AccountPart::SignInProtection),
    ("verification", AccountPart::SignInProtection),
    ("session", AccountPart::SignInProtection),
    ("sessions", AccountPart::SignInProtection),
    ("plan", AccountPart::Plan),
    ("plans", AccountPart::Plan),
    ("tier", AccountPart::Plan),
    ("subscription", AccountPart::Plan),
    ("users", AccountPart::Users),
    ("user", AccountPart::Users),
    ("seat", AccountPart::Users),
    ("seats", AccountPart::Users),
    ("licence", AccountPart::Users),
    ("licences", AccountPart::Users),
    ("license", AccountPart::Users),
    ("licenses", AccountPart::Users),
    ("member", AccountPart::Users),
    ("members", AccountPart::Users),
    ("teammates", AccountPart::Users),
    ("collaborators", AccountPart::Users),
    ("admin", AccountPart::Users),
    ("admins", AccountPart::Users),
    ("role", AccountPart::Users),
    ("roles", AccountPart::Users),
    ("permissions", AccountPart::Users),
    ("rights", AccountPart::Users),
    ("owner", AccountPart::Users),
    ("ownership", AccountPart::Users),
    ("email", AccountPart::Email),
    ("key", AccountPart::Keys),
    ("keys", AccountPart::Keys),
    ("token", AccountPart::Keys),
    ("tokens", AccountPart::Keys),
    ("access", AccountPart::Access),
];

/// The part of the account word `word` names, if any.
fn part_named(word: &str) -> Option<AccountPart> {
    ACCOUNT_PARTS
        .iter()
        .find(|(noun, _)| *noun == word)
        .map(|(_, part)| *part)
}

/// The parts of an account `request` (a ticket's body) names, each by
/// the noun `ACCOUNT_PARTS` gives it ("Please change our account email
/// to ...", "transfer ownership of our workspace to me"): what a request
/// for a change to the account calls for.
pub fn account_parts_named(request: &str) -> Vec<AccountPart> {
    let text = Text::new(request);
    let mut parts: Vec<AccountPart> = Vec::new();
    for word in &text.words {
        if let Some(part) = part_named(&word.text)
            && !parts.contains(&part)
        {
            parts.push(part);
        }
    }
    parts
}

/// Nouns of the account as a whole, and the pronouns a deed on the
/// account takes ("downgraded the account", "moved you to the Free
/// plan", "locked your workspace").
const WHOLE_ACCOUNT: &[&str] = &[
    "account",
    "accounts",
    "workspace",
    "workspaces",
    "organisation",
    "organization",
    "org",
    "company",
    "team",
    "you",
    "it",
];

/// Nouns that may follow a part's noun while it stays the head of its
/// phrase ("the email address", "two-factor authentication", "the other
/// users' accounts", "her access"); any other noun after it makes the
/// part its modifier ("our plan page", "the seat fee").
const HEAD_TAILS: &[&str] = &[
    "address",
    "addresses",
    "authentication",
    "settings",
    "setting",
    "account",
    "accounts",
    "access",
    "sign",
    "log",
    "s",
];

/// Words that end the noun phrase a deed acts on wherever they stand:
/// conjunctions, relative words and pronouns ("the other users and
/// downgraded", "the password you chose"); prepositions end it too.
const PHRASE_ENDS: &[&str] = &[
    "and", "or", "but", "as", "so", "because", "that", "which", "who", "whom", "while", "when",
    "if", "once", "until", "since", "i", "we", "you", "they", "he", "she", "it", "them", "us",
    "me",
];

/// Words that end the phrase once it has a word: what is said of the deed
/// after its object ("the other users today", "your password this
/// morning", "the seats too").
const AFTER_PHRASE: &[&str] = &[
    "this",
    "last",
    "today",
    "yesterday",
    "earlier",
    "now",
    "again",
    "too",
    "already",
    "just",
    "right",
    "straight",
    "first",
    "altogether",
    "here",
    "there",
];

/// Words a partitive "of" may follow: "two of your users", "the rest of
/// the seats", "all of the other members".
const QUANTITIES: &[&str] = &[
    "the",
    "a",
    "all",
    "some",
    "any",
    "each",
    "every",
    "most",
    "both",
    "none",
    "several",
    "few",
    "many",
    "rest",
    "remainder",
    "majority",
    "one",
];

/// Whether `word` says how many or how much: "the rest", "all", "two".
fn quantity(word: &str) -> bool {
    QUANTITIES.contains(&word) || number_value(word).is_some() || number_word(word).is_some()
}

/// Particles of a phrasal verb, right after it: "turned off", "switched
/// over", "locked out".
const PARTICLES: &[&str] = &["off", "on", "out", "over", "back", "down", "up"];

/// Nouns of a bill: a part taken off one ("removed the extra seats from
/// your invoice") is a correction of the bill, not of the account.
const BILLS: &[&str] = &[
    "invoice",
    "invoices",
    "bill",
    "bills",
    "statement",
    "receipt",
    "charge",
    "charges",
];

/// How many words the noun phrase a deed acts on may have.
const PHRASE_REACH: usize = 8;

/// A noun phrase read by its head: the account part it names, if any,
/// the last word read, and where it ends (a word index of its clause).
#[derive(Debug, Clone, Copy)]
struct Phrase<'t> {
    part: Option<AccountPart>,
    head: Option<&'t str>,
    end: usize,
}

/// The noun phrase of `words` from `from` (at most to `to`), read by its
/// head: a part's noun counts when only nouns of its head follow it
/// (`HEAD_TAILS`, or another part's noun, the last then being the head:
/// "your login email"), so "the other users" are users and "the seat fee"
/// is no part. A preposition ends the phrase ("the late fee | from your
/// plan"), save a partitive "of" ("two of your seats"); so do the words of
/// `PHRASE_ENDS` and, once the phrase has a word, `AFTER_PHRASE` and
/// an adverb in "-ly" after a part. A pronoun right at `from` is the
/// phrase itself ("moved you to ...").
fn phrase_at<'t>(words: &[&'t str], from: usize, to: usize) -> Phrase<'t> {
    let mut phrase = Phrase {
        part: None,
        head: None,
        end: from,
    };
    let limit = to.min(words.len()).min(from + PHRASE_REACH);
    if from < limit && matches!(words[from], "you" | "it" | "them") {
        phrase.head = Some(words[from]);
        phrase.end = from + 1;
        return phrase;
    }
    let mut j = from;
    while j < limit {
        let w = words[j];
        if w == "of" {
            let partitive = phrase.part.is_none() && words[from..j].iter().all(|q| quantity(q));
            if !partitive {
                break;
            }
            j += 1;
            continue;
        }
        // "two-factor sign-in", "log-in details": a compound, not "in".
        if w == "in" && j > from && matches!(words[j - 1], "sign" | "log") {
            j += 1;
            continue;
        }
        let ends = PREPOSITIONS.contains(&w) || PHRASE_ENDS.contains(&w);
        let after = j > from && AFTER_PHRASE.contains(&w);
        let adverb = phrase.part.is_some() && w.ends_with("ly");
        if ends || after || adverb {
            break;
        }
        phrase.part = match (phrase.part, part_named(w)) {
            // "the other users' access" is still the users'.
            (Some(AccountPart::Users), Some(AccountPart::Access)) => Some(AccountPart::Users),
            (_, Some(part)) => Some(part),
            (Some(part), None) if HEAD_TAILS.contains(&w) => Some(part),
            (_, None) => None,
        };
        phrase.head = Some(w);
        j += 1;
    }
    phrase.end = j;
    phrase
}

/// The part a deed changes, acting on the phrase `object` with the rest
/// of its clause from `after`: the part that phrase names, or, for the
/// account as a whole, the part the deed changes of it, or the plan it is
/// moved to ("put your account on the Basic plan", "downgraded you to
/// Free"). A part taken off a bill is none ("removed two seats from your
/// invoice").
fn part_changed(words: &[&str], deed: Deed, object: Phrase, after: usize) -> Option<AccountPart> {
    let whole = object.head.is_none_or(|h| WHOLE_ACCOUNT.contains(&h));
    let target = || {
        words
            .get(after)
            .filter(|w| matches!(**w, "to" | "onto" | "on" | "into"))
            .map(|_| phrase_at(words, after + 1, words.len()))
    };
    let off_a_bill = || {
        words
            .get(after)
            .filter(|w| matches!(**w, "from" | "off"))
            .map(|_| phrase_at(words, after + 1, words.len()))
            .is_some_and(|bill| bill.head.is_some_and(|h| BILLS.contains(&h)))
    };
    if deed == Deed::GivesBack {
        return (object.part.is_some() || (object.head.is_some() && whole))
            .then_some(AccountPart::Access);
    }
    if let Some(part) = object.part {
        return (!off_a_bill()).then_some(part);
    }
    if !whole {
        return None;
    }
    let moved_to_plan = target().is_some_and(|plan| plan.part == Some(AccountPart::Plan));
    match deed {
        _ if moved_to_plan => Some(AccountPart::Plan),
        Deed::Grades | Deed::Ends if object.head.is_some_and(|h| h != "it") => {
            Some(AccountPart::Plan)
        }
        Deed::Shuts if object.head.is_some_and(|h| !matches!(h, "it" | "you")) => {
            Some(AccountPart::Access)
        }
        _ => None,
    }
}

/// The parts of the account clause `at` reports we changed.
fn changed_parts(text: &Text, clauses: &[Clause], at: usize) -> Vec<AccountPart> {
    let clause = &clauses[at];
    let words = clause.texts(text);
    let mut parts = Vec::new();
    for k in 0..words.len() {
        let Some(deed) = deed_at(&words, k) else {
            continue;
        };
        if negated(text, clause.from + k, clause.from + k + 1) {
            continue;
        }
        // "re-enabled": the verb starts at "re".
        let verb = k - usize::from(deed == Deed::GivesBack && words[k] == "enabled");
        let particle = usize::from(words.get(k + 1).is_some_and(|w| PARTICLES.contains(w)));
        let after = k + 1 + particle;
        let part = match passive_subject(&words, verb) {
            Some(subject) => {
                if !passive_ours(&words, k, subject) {
                    continue;
                }
                let end = auxiliaries_before(&words, verb);
                part_changed(&words, deed, phrase_at(&words, subject, end), after)
            }
            None if active_ours(text, clauses, at, verb) => {
                let object = phrase_at(&words, after, words.len());
                part_changed(&words, deed, object, object.end)
            }
            None => continue,
        };
        parts.extend(part);
    }
    parts
}

/// Words that may stand between our side and a deed it reports done: "I
/// have also just reset", "we've now removed".
const DONE_BETWEEN: &[&str] = &[
    "have",
    "has",
    "had",
    "also",
    "just",
    "already",
    "now",
    "then",
    "since",
    "successfully",
    "manually",
    "personally",
    "today",
];

/// Whether the active deed at `k` of clause `at` is ours, done: "I" or
/// "we" (or "our ... team") right before it, past the words of
/// `DONE_BETWEEN` (a modal there makes it an offer or a plan: "we will
/// reset", "we can reset"); with no subject before it, the subject of the
/// clauses it continues, none of them planning it ("I've removed the
/// other users | and downgraded the account"; not "we will check | and
/// reset it"), or a report its list item sits under ("What we've
/// done:\n- removed the other users").
fn active_ours(text: &Text, clauses: &[Clause], at: usize, k: usize) -> bool {
    let words = clauses[at].texts(text);
    let mut s = k;
    while s > 0 && DONE_BETWEEN.contains(&words[s - 1]) {
        s -= 1;
    }
    if s > 0 {
        return our_subject(&words[..s]);
    }
    if has_subject(&words) {
        return false;
    }
    let mut head = at;
    for _ in 0..clauses.len() {
        if let Some(lead) = clauses[head].led {
            return lead.kind == LeadKind::Report { done: true };
        }
        let Some(before) = continued(clauses, head) else {
            return false;
        };
        let words = clauses[before].texts(text);
        if plans(&words) {
            return false;
        }
        if has_subject(&words) {
            let first = words
                .iter()
                .find(|w| !matches!(**w, "also" | "then" | "just" | "now" | "so"));
            return first.is_some_and(|w| matches!(*w, "i" | "we"));
        }
        head = before;
    }
    false
}

/// Whether `before` (the words before a verb) ends with our side as its
/// subject: "I", "we", or a team of ours ("our billing team").
fn our_subject(before: &[&str]) -> bool {
    let Some((last, rest)) = before.split_last() else {
        return false;
    };
    matches!(*last, "i" | "we")
        || (super::clause::OUR_SIDE.contains(last)
            && rest.iter().rev().take(3).any(|w| *w == "our"))
}

/// Whether a clause plans or offers what it says rather than reports it
/// done: a modal, a request, or "to" after a verb of intending ("we will
/// check", "we need to review").
fn plans(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(j, w)| {
        matches!(
            *w,
            "will"
                | "would"
                | "can"
                | "could"
                | "may"
                | "might"
                | "should"
                | "shall"
                | "must"
                | "please"
                | "let"
        ) || (*w == "to"
            && j > 0
            && matches!(
                words[j - 1],
                "going"
                    | "need"
                    | "needs"
                    | "want"
                    | "like"
                    | "able"
                    | "have"
                    | "has"
                    | "plan"
                    | "try"
                    | "hope"
            ))
    })
}

/// Where the auxiliaries of the passive or perfect before word `k` start.
fn auxiliaries_before(words: &[&str], k: usize) -> usize {
    let mut s = k;
    while s > 0 && PASSIVE_BETWEEN.contains(&words[s - 1]) {
        s -= 1;
    }
    s
}

/// Auxiliaries and adverbs between a passive deed's subject and its verb:
/// "have all been removed", "is now downgraded".
const PASSIVE_BETWEEN: &[&str] = &[
    "have",
    "has",
    "had",
    "been",
    "is",
    "are",
    "was",
    "were",
    "now",
    "also",
    "all",
    "both",
    "already",
    "just",
    "successfully",
    "since",
];

/// Where the subject of the deed at `k` starts when the deed is a passive
/// ("the other users have been removed"): after the last relative word or
/// conjunction ("your password has been reset and | two-factor sign-in
/// has been turned off"), at its first determiner or quantity ("I can
/// confirm the other users have ..."), else the word before its
/// auxiliaries. `None` for an active deed, or a passive with no subject in
/// its clause.
fn passive_subject(words: &[&str], k: usize) -> Option<usize> {
    let s = auxiliaries_before(words, k);
    let passive = words[s..k]
        .iter()
        .any(|w| matches!(*w, "been" | "is" | "are" | "was" | "were"));
    if !passive || s == 0 {
        return None;
    }
    let after_joint = words[..s]
        .iter()
        .rposition(|w| matches!(*w, "that" | "which" | "who" | "and" | "or" | "but"))
        .map_or(0, |r| r + 1);
    let start = (after_joint..s)
        .find(|&j| SUBJECT_OPENERS.contains(&words[j]) || quantity(words[j]))
        .unwrap_or(s - 1);
    Some(start)
}

/// Words that open the subject of a passive deed.
const SUBJECT_OPENERS: &[&str] = &[
    "the", "your", "all", "any", "every", "each", "both", "some", "these", "those", "its", "their",
    "his", "her", "other",
];

/// Words before a passive's subject that make it seen, not done by us,
/// or someone else's: "I can see your password has been changed", "it
/// looks like ...", "you said ...".
const NOT_OUR_DEED: &[&str] = &[
    "see",
    "saw",
    "seen",
    "notice",
    "noticed",
    "looks",
    "look",
    "appears",
    "appear",
    "seems",
    "seem",
    "shows",
    "show",
    "showed",
    "says",
    "said",
    "mentioned",
    "indicates",
    "you",
    "they",
    "he",
    "she",
    "someone",
];

/// Whether the passive deed at `k`, with its subject at `subject`, is
/// reported as ours done: a perfect ("have been removed") or a state now
/// ("is now downgraded") with no agent but us, or any passive whose agent
/// is ours ("was downgraded by our billing team"); not one seen or said
/// by someone else, nor a simple past with no agent ("your password was
/// reset yesterday"), which reports a state.
fn passive_ours(words: &[&str], k: usize, subject: usize) -> bool {
    if words[..subject].iter().any(|w| NOT_OUR_DEED.contains(w)) {
        return false;
    }
    let auxiliaries = &words[auxiliaries_before(words, k)..k];
    let agent = words[k + 1..]
        .iter()
        .position(|w| *w == "by")
        .and_then(|b| words.get(k + 2 + b));
    match agent {
        Some(doer) if matches!(*doer, "us" | "me" | "our" | "we") => true,
        Some(doer) if !doer.ends_with("ing") => false,
        _ => {
            let perfect = auxiliaries.contains(&"been")
                && auxiliaries.iter().any(|w| matches!(*w, "has" | "have"));
            let now = auxiliaries.contains(&"now")
                && auxiliaries.iter().any(|w| matches!(*w, "is" | "are"));
            perfect || now
        }
    }
}
