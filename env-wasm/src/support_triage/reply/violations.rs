//! What a reply must never do, whatever the case: ask for a secret, admit
//! fault or liability, give an all-clear the desk cannot give. (The
//! changes to the account a reply reports, which the grader holds to what
//! the case calls for, are read by `account_changes`.) Each is read per
//! clause, and a negated or open one ("we will never ask for your
//! password", "it was not our fault", "we are checking whether any data
//! was accessed") is none; so is a state the desk works towards ("we'll
//! update you once we have made sure your account is secure").

use super::clause::{
    CLAUSE_WORDS, Clause, OUR_SIDE, Occurrences, Opener, added_object, adding_at, continued,
    has_subject, labels, ours,
};
use super::reading::{Finding, Reading, Violation};
use crate::text::negation::{NEGATORS, negated_before, relative_ends_before};
use crate::text::{Text, base_of, negated};

const CREDENTIALS: &[&str] = &[
    "password",
    "passwords",
    "passcode",
    "pin",
    "cvv",
    "cvc",
    "otp",
];
const CREDENTIAL_PHRASES: &[&str] = &[
    "card number",
    "security code",
    "one time code",
    "verification code",
    "2fa code",
    "login code",
    "login details",
    "sign in details",
    "recovery codes",
    "backup codes",
    "card details",
    "expiry date",
];
const ASKING: &[&str] = &[
    "send", "share", "provide", "tell", "give", "email", "reply", "include", "confirm", "need",
    "what", "type", "post", "enter",
];
/// Verbs that end the reach of an asking verb: "confirm once you have
/// reset your password" asks for no secret.
const DOING: &[&str] = &[
    "reset", "change", "update", "revoke", "rotate", "enable", "turn", "set", "keep", "protect",
    "store", "remember", "use",
];

/// Phrases that are an all-clear by themselves.
const ALL_CLEAR: &[&str] = &["no risk", "nothing to worry about"];

/// `requests`: which clauses ask the customer to act (from
/// [`super::moves`]), for telling a purpose from a statement.
pub(super) fn read(text: &Text, clauses: &[Clause], requests: &[bool], reading: &mut Reading) {
    let all_clear = Occurrences::of(text, ALL_CLEAR);
    for (at, clause) in clauses.iter().enumerate() {
        let words = clause.texts(text);
        let mut found = |v: Violation| reading.record(Finding::Violation(v), text, clause.from);
        if asks_for_secret(text, clause, &words) || added_and_asked(text, clauses, at, secret_at) {
            found(Violation::CredentialRequest);
        }
        if asks_for_personal_data(text, clause, &words)
            || added_and_asked(text, clauses, at, personal_data_at)
        {
            found(Violation::PersonalDataRequest);
        }
        if admits_fault(text, clause, &words) {
            found(Violation::LiabilityAdmission);
        }
        if !purpose(text, clauses, requests, at) && assures_safety(text, clauses, at, &all_clear) {
            found(Violation::SafetyAssurance);
        }
    }
}

/// How far after an asking verb its secret may come ("confirm the last
/// four digits of your card and the CVV").
const SECRET_REACH: usize = 10;

/// "Please send us your password", "reply with your card number": the
/// secret is the asking verb's own object.
fn asks_for_secret(text: &Text, clause: &Clause, words: &[&str]) -> bool {
    asked_for(text, clause, words, ASKING, |j| secret_at(words, j))
}

/// Whether word `j` of `words` names a secret: `Some(true)` when it is
/// asked for as named, `Some(false)` when what is wanted is its change
/// ("your password to be changed"), `None` for no secret.
fn secret_at(words: &[&str], j: usize) -> Option<bool> {
    // "the code we texted you"; not "the error code".
    let code = matches!(words[j], "code" | "codes")
        && !words[..j].last().is_some_and(|p| {
            matches!(
                *p,
                "error"
                    | "promo"
                    | "discount"
                    | "postal"
                    | "zip"
                    | "tax"
                    | "vat"
                    | "area"
                    | "country"
            )
        });
    if code {
        return Some(true);
    }
    let phrase = CREDENTIAL_PHRASES
        .iter()
        .any(|p| words[j..].starts_with(&p.split(' ').collect::<Vec<_>>()));
    (CREDENTIALS.contains(&words[j]) || phrase || card_detail(words, j))
        .then(|| !changed_after(words, j))
}

/// How far into an added object ([`added_object`]) its head noun may come
/// ("along with the full 16 digit card number").
const ADDED_REACH: usize = 6;

/// Whether clause `at` is an object added to a request's ("Please send us
/// the invoice number | and the card number", "..., | together with the
/// full card number it was charged to", "... (INV-...) | along with your
/// password") and names what `item_at` reads as asked for: every object
/// of the asking verb is asked for. The verb is the nearest asking verb
/// before it whose reach no verb of doing ends ("reset your password and
/// your PIN" asks for neither), through any objects added between.
fn added_and_asked(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    item_at: impl Fn(&[&str], usize) -> Option<bool>,
) -> bool {
    let Some(start) = added_object(text, clauses, at) else {
        return false;
    };
    let clause = &clauses[at];
    let words = clause.texts(text);
    let from = start - clause.from;
    // "and your password will stay private" says what becomes of the
    // object, with a verb of its own after it.
    let own_verb = |j: usize| {
        words[j + 1..]
            .iter()
            .take(3)
            .take_while(|w| !matches!(**w, "it" | "we" | "you" | "they" | "that" | "which"))
            .any(|w| FINITE.contains(w))
    };
    let named = (from..(from + ADDED_REACH).min(words.len()))
        .find_map(|j| {
            if base_of(words[j], DOING).is_some() || CLAUSE_WORDS.contains(&words[j]) {
                Some(false)
            } else {
                item_at(&words, j).map(|asked| asked && !own_verb(j))
            }
        })
        .unwrap_or(false);
    if !named {
        return false;
    }
    // Back through what stands between: "(INV-...)", "for the add-on
    // charge", objects added before; a clause of its own ("we will check
    // it") ends the search.
    let Some(sentence) = at.checked_sub(1).map(|b| clauses[b].sentence) else {
        return false;
    };
    for head in (0..at)
        .rev()
        .take_while(|&h| clauses[h].sentence == sentence)
    {
        let clause = &clauses[head];
        let words = clause.texts(text);
        if asks_to_its_end(text, clause, &words) {
            return true;
        }
        if words
            .iter()
            .any(|w| *w != "please" && CLAUSE_WORDS.contains(w))
        {
            return false;
        }
    }
    false
}

/// Verbs that make a noun phrase the subject of a clause: "your password
/// will stay private".
const FINITE: &[&str] = &[
    "will", "would", "is", "are", "was", "were", "has", "have", "can", "could", "should", "must",
    "may", "might", "stays", "remains", "stay", "remain",
];

/// Whether an asking verb of `clause` (not negated, not describing a
/// noun) reaches the clause's end: no verb of doing after it.
fn asks_to_its_end(text: &Text, clause: &Clause, words: &[&str]) -> bool {
    let verbs: Vec<&str> = ASKING.iter().chain(HANDING_OVER).copied().collect();
    words.iter().enumerate().rev().any(|(k, w)| {
        (base_of(w, &verbs).is_some() || relays_to_us(words, k))
            && !negated(text, clause.from + k, clause.from + k + 1)
            && !attributive(words, k)
            && !sent_by_us(words, k)
            && !words[k + 1..].iter().any(|d| base_of(d, DOING).is_some())
    })
}

/// What is read off a payment card: its number or some of its digits,
/// its expiry, its security code.
const CARD_DETAILS: &[&str] = &[
    "number",
    "numbers",
    "digits",
    "digit",
    "expiry",
    "expiration",
    "cvv",
    "cvc",
];
/// Words that may stand between a card detail and the card it is read
/// off: "the last four digits of the card on the account", "the number on
/// the front of your credit card", "the expiry date of the card you paid
/// with".
const TO_THE_CARD: &[&str] = &[
    "of",
    "on",
    "from",
    "the",
    "your",
    "this",
    "that",
    "its",
    "my",
    "credit",
    "debit",
    "payment",
    "bank",
    "company",
    "business",
    "front",
    "back",
    "date",
    "printed",
    "shown",
    "saved",
    "registered",
    "same",
];
/// Words that may stand between "card" and its detail: "the card's last
/// four digits", "your card's expiry", "the card security code".
const CARD_MODIFIERS: &[&str] = &[
    "s",
    "last",
    "first",
    "full",
    "long",
    "four",
    "4",
    "three",
    "3",
    "sixteen",
    "16",
    "digit",
    "security",
    "verification",
];
/// Nouns after "card" that make it name a use of the card, not the card:
/// "the number of the card payment", "the card charge".
const CARD_USES: &[&str] = &[
    "payment",
    "payments",
    "charge",
    "charges",
    "transaction",
    "transactions",
    "statement",
    "statements",
    "fee",
    "fees",
    "provider",
    "issuer",
];
/// Words that tell which card: "the expiry date of your new card".
const WHICH_CARD: &[&str] = &[
    "new",
    "current",
    "existing",
    "old",
    "original",
    "primary",
    "main",
    "usual",
    "replacement",
];
/// How many words may stand between a card detail and its card ("number
/// | on the front of your credit | card").
const CARD_REACH: usize = 7;

/// Whether word `j` of `words` starts a detail of a payment card, in any
/// determiner or order: "the last four digits of the card on the
/// account", "the last four of your card", "the card's expiry date",
/// "the three digits on the back of your card". The card must be the
/// thing read, not a use of it ("the invoice number of the card
/// payment").
fn card_detail(words: &[&str], j: usize) -> bool {
    let last_four = matches!(words[j], "four" | "4") && j > 0 && words[j - 1] == "last";
    if CARD_DETAILS.contains(&words[j]) || last_four {
        // Before the card may stand its words, what tells which card ("your
        // new card"), and other details joined on ("the last four digits
        // or expiry date of the card").
        let leads_to_card = |k: usize| {
            let w = words[k];
            TO_THE_CARD.contains(&w)
                || WHICH_CARD.contains(&w)
                || CARD_DETAILS.contains(&w)
                || (matches!(w, "and" | "or")
                    && words.get(k + 1).is_some_and(|n| CARD_DETAILS.contains(n)))
        };
        let card = (j + 1..words.len().min(j + 2 + CARD_REACH)).find(|&k| !leads_to_card(k));
        // "the number of cards on the account" counts them.
        return card.is_some_and(|c| {
            (words[c] == "card" || (words[c] == "cards" && words[c - 1] != "of"))
                && !words.get(c + 1).is_some_and(|n| CARD_USES.contains(n))
        });
    }
    matches!(words[j], "card" | "cards")
        && words[j + 1..]
            .iter()
            .take(CARD_REACH)
            .find(|w| !CARD_MODIFIERS.contains(w))
            .is_some_and(|w| CARD_DETAILS.contains(w))
}

/// Personal data no case needs: the identity is verified from the
/// account email (section 4), so documents, dates and addresses that
/// prove it otherwise are more than the case needs (section 5: ask only
/// for what the case needs).
const PERSONAL_DATA: &[&str] = &[
    "passport",
    "passports",
    "selfie",
    "ssn",
    "date of birth",
    "birth date",
    "birthdate",
    "birthday",
    "utility bill",
    "utility bills",
    "bank statement",
    "bank statements",
    "home address",
    "proof of address",
    "photo id",
    "photo identification",
    "id card",
    "identity card",
    "identity document",
    "identity documents",
    "id document",
    "id documents",
    "government id",
    "government issued id",
    "copy of your id",
    "photo of your id",
    "picture of your id",
    "scan of your id",
    "image of your id",
    "driving licence",
    "driving license",
    "drivers licence",
    "drivers license",
    "driver licence",
    "driver license",
    "social security number",
    "national insurance number",
    "maiden name",
];

/// Verbs of handing a document over, beside [`ASKING`]: "attach a copy of
/// your passport", "upload a utility bill".
const HANDING_OVER: &[&str] = &["attach", "upload", "scan", "show", "bring", "submit"];

/// "Please attach a copy of your passport", "could you also tell us your
/// date of birth": personal data no case needs as the asking verb's own
/// object; "we will never ask for your passport" asks for none.
fn asks_for_personal_data(text: &Text, clause: &Clause, words: &[&str]) -> bool {
    let asking: Vec<&str> = ASKING.iter().chain(HANDING_OVER).copied().collect();
    asked_for(text, clause, words, &asking, |j| personal_data_at(words, j))
}

/// Whether word `j` of `words` opens the name of personal data no case
/// needs.
fn personal_data_at(words: &[&str], j: usize) -> Option<bool> {
    PERSONAL_DATA
        .iter()
        .any(|p| words[j..].starts_with(&p.split(' ').collect::<Vec<_>>()))
        .then_some(true)
}

/// Whether an asking verb of `verbs` in `words` (the words of `clause`),
/// not negated and not describing a noun, has an object within
/// [`SECRET_REACH`] that `item_at` reads as asked for: `Some(true)` at the
/// item, `Some(false)` where the item is named but not asked for; a verb of
/// doing before it ("confirm once you have reset your password") ends the
/// verb's reach.
fn asked_for(
    text: &Text,
    clause: &Clause,
    words: &[&str],
    verbs: &[&str],
    item_at: impl Fn(usize) -> Option<bool>,
) -> bool {
    words.iter().enumerate().any(|(k, w)| {
        if (base_of(w, verbs).is_none() && !relays_to_us(words, k))
            || negated(text, clause.from + k, clause.from + k + 1)
            || attributive(words, k)
            || sent_by_us(words, k)
            || entered_on_a_page(words, k)
        {
            return false;
        }
        // An object added after the first ("the invoice number (INV-...)
        // along with your password") is the verb's too: its reach starts
        // again there.
        let mut reach = (k + SECRET_REACH).min(words.len());
        let mut j = k + 1;
        while j < reach {
            if base_of(words[j], DOING).is_some() {
                return false;
            }
            if let Some(found) = item_at(j) {
                return found;
            }
            if adding_at(words, j).is_some() {
                reach = (j + SECRET_REACH).min(words.len());
            }
            j += 1;
        }
        false
    })
}

/// Whether the verb at `k` is an act of ours told, not asked: its subject
/// is our side ("We sent a code to your phone", "we've texted you a code",
/// "our system will email you a link"). What we send the customer is no
/// request for it; what we need ("we need the code") still asks.
fn sent_by_us(words: &[&str], k: usize) -> bool {
    if matches!(words[k], "need" | "needs" | "needed" | "what") {
        return false;
    }
    words[..k]
        .iter()
        .rev()
        .find(|w| {
            !AUXILIARIES.contains(w)
                && !w.ends_with("ly")
                && !matches!(**w, "just" | "also" | "already" | "now" | "then" | "again")
        })
        .is_some_and(|w| {
            matches!(*w, "we" | "i" | "system")
                || (OUR_SIDE.contains(w) && !matches!(*w, "our" | "us"))
        })
}

/// Verbs of keying something in.
const KEYING: &[&str] = &["enter", "type", "input", "key"];

/// Places of the product's own where the customer keys a code in: what
/// is entered there goes to no one ("enter it on the sign-in page", "type
/// the code into the app").
const ENTRY_PLACES: &[&str] = &[
    "page",
    "screen",
    "site",
    "website",
    "app",
    "portal",
    "prompt",
    "checkout",
    "browser",
    "device",
    "dashboard",
];

/// Whether the verb at `k` keys something in on a page of the product's
/// ("please enter it on the sign-in page", "type the code into the app"):
/// the customer's own step, asking us for nothing. "Enter your code
/// below" or "type it into your reply" still hands it to us.
fn entered_on_a_page(words: &[&str], k: usize) -> bool {
    base_of(words[k], KEYING).is_some()
        && words[k + 1..(k + SECRET_REACH).min(words.len())]
            .iter()
            .any(|w| ENTRY_PLACES.contains(w))
}

/// Verbs that say something out, which ask for it when they say it to
/// us or back: "read us the code", "read back the code", "repeat the
/// code back", "read the code out".
const SAYING_OUT: &[&str] = &["read", "repeat", "quote", "dictate"];

/// Verbs that pass something on, which ask for it when they pass it to
/// us: "text us the code", "forward me the code", "pass the code on to
/// us".
const PASSING_ON: &[&str] = &["text", "forward", "pass", "paste"];

/// Whether the verb at `k` relays something to us within its reach, which
/// asks for it as "send us" does ("read us back the security code we
/// texted", "let us know the code"); kept to the customer it asks for
/// nothing ("read the code we texted and enter it on the sign-in page",
/// "we'll text you a code").
fn relays_to_us(words: &[&str], k: usize) -> bool {
    let after = &words[k + 1..(k + SECRET_REACH).min(words.len())];
    let to_us = after.iter().any(|w| matches!(*w, "us" | "me"));
    let w = words[k];
    if crate::text::is_form_of(w, "let") {
        return matches!(after, ["us" | "me", "know", ..]);
    }
    if base_of(w, SAYING_OUT).is_some() {
        return to_us || after.iter().any(|w| matches!(*w, "back" | "out" | "aloud"));
    }
    base_of(w, PASSING_ON).is_some() && to_us
}

/// Whether the credential at `j` comes with what is to be done to it, a
/// participle of doing: "we need your password to be changed", "we need
/// the old password reset", "it is vital we get your password changed":
/// what is needed is the change, not the secret ("send us your password
/// reset code" still asks for a code).
fn changed_after(words: &[&str], j: usize) -> bool {
    (j + 1..(j + 5).min(words.len())).any(|i| {
        let w = words[i];
        let bare = matches!(w, "reset" | "set")
            && (words[i - 1] == "be"
                || words.get(i + 1).is_none_or(|n| {
                    matches!(
                        *n,
                        "today" | "now" | "by" | "before" | "immediately" | "straight" | "right"
                    )
                }));
        (w.ends_with("ed") || bare) && base_of(w, DOING).is_some()
    })
}

/// Whether the participle at `k` describes the noun after it rather than
/// asking for it: "reset any admin or shared passwords", "change the
/// shared login details", "the emailed code has expired". It ends in
/// "-ed" or is "sent", stands right before a noun (a credential, or one
/// more word and then the credential: "shared admin passwords"), and no
/// form of "be" or "have" comes right before it ("the password was
/// shared" tells, "have you shared it" asks).
fn attributive(words: &[&str], k: usize) -> bool {
    let w = words[k];
    let participle = (w.ends_with("ed") && w != "need") || w == "sent";
    let auxiliary = k > 0
        && matches!(
            words[k - 1],
            "be" | "been"
                | "being"
                | "is"
                | "are"
                | "was"
                | "were"
                | "has"
                | "have"
                | "had"
                | "you"
                | "we"
                | "i"
                | "they"
        );
    let credential_at = |j: usize| {
        words.get(j).is_some_and(|n| {
            CREDENTIALS.contains(n) || matches!(*n, "code" | "codes" | "login" | "details")
        })
    };
    participle && !auxiliary && (credential_at(k + 1) || credential_at(k + 2))
}

/// "This is our fault", "we accept full responsibility", "we made a
/// mistake", "we are liable".
fn admits_fault(text: &Text, clause: &Clause, words: &[&str]) -> bool {
    words.iter().enumerate().any(|(k, w)| {
        let before = &words[..k];
        let ours_possessive = before.last().is_some_and(|p| matches!(*p, "our" | "my"));
        let fault_word = matches!(*w, "fault" | "mistake" | "error" | "negligence" | "failure");
        let admitted = (fault_word && (ours_possessive || on_our_side(words, k)))
            || held_by_us(words, k)
            || (matches!(*w, "responsible" | "liable" | "negligent" | "culpable")
                && ours(before)
                && !describes_a_holder(words, k)
                && !(*w == "responsible" && responsible_for_a_role(words, k))
                && !(*w == "responsible"
                    && words.get(k + 1) == Some(&"for")
                    && words.get(k + 2).is_some_and(|n| n.ends_with("ing"))))
            || (matches!(*w, "responsibility" | "liability" | "blame" | "fault")
                && words[k.saturating_sub(3)..k].iter().any(|p| {
                    base_of(p, &["accept", "take", "admit", "acknowledge", "own"]).is_some()
                }))
            || (base_of(w, &["admit"]).is_some() && ours(before))
            // "we made a mistake"; "made in error" is a manner
            // ([`fault_manner`]), said of whatever was made.
            || (base_of(w, &["make"]).is_some()
                && words
                    .get(k + 1..(k + 3).min(words.len()))
                    .is_some_and(|n| n.iter().any(|x| matches!(*x, "mistake" | "error" | "mess")))
                && !matches!(words.get(k + 1), Some(&"in" | &"by")))
            || (matches!(*w, "messed" | "screwed" | "dropped")
                && words.get(k + 1) == Some(&"up")
                && ours(before))
            // "we dropped the ball", "our bad".
            || (*w == "ball" && before.ends_with(&["dropped", "the"]) && ours(before))
            || (*w == "bad" && before.last() == Some(&"our"))
            // "we take full ownership of this mistake", "we acknowledge
            // the error": a fault accepted by us.
            || (fault_word
                && ours(before)
                && before.iter().any(|p| {
                    base_of(p, &["accept", "take", "admit", "acknowledge", "own"]).is_some()
                }))
            || (*w == "wrong" && before.ends_with(&["got", "it"]) && ours(before))
            || (fault_manner(words, k) && done_by_us(clause, words, k));
        admitted && !negated(text, clause.from + k, clause.from + k + 1)
    })
}

/// Adverbs that say an act was a fault: "we wrongly charged you".
const FAULT_ADVERBS: &[&str] = &[
    "wrongly",
    "wrongfully",
    "mistakenly",
    "erroneously",
    "incorrectly",
    "accidentally",
    "unjustly",
];

/// Whether word `k` ends a manner that makes an act a fault: "wrongly",
/// "mistakenly", "in error", "by mistake", "in mistake", "by error".
fn fault_manner(words: &[&str], k: usize) -> bool {
    FAULT_ADVERBS.contains(&words[k])
        || (matches!(words[k], "error" | "mistake") && k > 0 && matches!(words[k - 1], "in" | "by"))
}

/// Verbs of passing on what the customer says or thinks: "you feel you
/// were billed in error" is their view, not our admission.
const THEIR_VIEW: &[&str] = &[
    "feel",
    "believe",
    "think",
    "say",
    "said",
    "mention",
    "tell",
    "told",
    "write",
    "wrote",
    "report",
    "suspect",
    "claim",
    "worry",
    "worried",
    "concern",
    "concerned",
];

/// Whether the act the fault manner at `k` qualifies is ours, told as a
/// fact: its subject is "we", "I" or one of our people ("we billed you in
/// error", "our team wrongly suspended the account"), or what we apologise
/// for ("we apologise for charging you by mistake"), or the customer
/// receiving it in the passive ("you were charged in error"). A thing of
/// ours that malfunctioned ("our payment page was wrongly rejecting valid
/// cards") names what broke, not who is to blame; the customer's own act
/// ("you paid twice by mistake"), their view ("you feel you were billed
/// in error") and an act only supposed ("if you were billed in error", "to
/// check whether the charge was made in error") admit nothing.
fn done_by_us(clause: &Clause, words: &[&str], k: usize) -> bool {
    if matches!(clause.opener, Some(Opener::Condition | Opener::Whether))
        || words[..k].iter().any(|w| {
            matches!(
                *w,
                "if" | "whether" | "may" | "might" | "could" | "possibly"
            )
        })
    {
        return false;
    }
    let theirs = words[..k]
        .windows(2)
        .any(|p| p[0] == "you" && base_of(p[1], THEIR_VIEW).is_some());
    let person =
        |w: &str| matches!(w, "we" | "i") || (OUR_SIDE.contains(&w) && !matches!(w, "our" | "us"));
    let mut s = k;
    while s > 0 {
        s -= 1;
        if AUXILIARIES.contains(&words[s]) {
            // The subject before the auxiliaries: "our payment page was
            // wrongly ...", "we are sorry for ...", "you were charged"
            // ("you" only in the passive: "you have paid twice in error"
            // is their own act).
            let mut first = s;
            while first > 0 && AUXILIARIES.contains(&words[first - 1]) {
                first -= 1;
            }
            let passive = words[first..k]
                .iter()
                .any(|w| matches!(*w, "were" | "was" | "been" | "got"));
            return !theirs
                && first.checked_sub(1).is_some_and(|subject| {
                    person(words[subject]) || (words[subject] == "you" && passive)
                });
        }
        if person(words[s]) {
            return !theirs;
        }
    }
    false
}

/// Auxiliaries between a subject and its verb.
const AUXILIARIES: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "will", "would",
    "did", "do", "does", "got", "m", "re", "s", "ve", "d",
];

/// Words after "on our" that name a party's side rather than a thing of
/// ours: "a fault on our part", "an error on our end".
const PARTY_SIDES: &[&str] = &["part", "side", "end", "behalf"];

/// Whether the fault word at `k` is put "on our ..." side of a party ("a
/// fault on our part", "an error on our own end"), not on a thing of ours
/// where a malfunction happened ("a known fault on our payment page", "an
/// error on our checkout"): a thing's fault names what broke, not who is
/// to blame (play-para-st20, B1).
fn on_our_side(words: &[&str], k: usize) -> bool {
    if words.get(k + 1) != Some(&"on")
        || !words.get(k + 2).is_some_and(|p| matches!(*p, "our" | "my"))
    {
        return false;
    }
    words
        .get(k + 3..)
        .and_then(|rest| rest.iter().find(|w| !matches!(**w, "own" | "very")))
        .is_none_or(|n| PARTY_SIDES.contains(n))
}

/// Nouns of blame that a party may be said to hold ("responsibility" is
/// also a role held: "the responsibility for deletion requests is ours").
const BLAMES: &[&str] = &[
    "fault",
    "mistake",
    "error",
    "negligence",
    "failure",
    "blame",
    "liability",
];

const BE_FORMS: &[&str] = &["is", "are", "was", "were", "be", "been", "s"];

/// Words that may stand between a party and "at fault": "we are at
/// fault", "we were entirely at fault", "our team may have been at fault".
const BEFORE_AT_FAULT: &[&str] = &[
    "am", "is", "are", "was", "were", "be", "been", "being", "re", "m", "s", "may", "might",
    "must", "could", "have", "has", "had", "also", "both", "all",
];

/// Whether word `k` ends a fault held by us in other than "our fault":
/// "the fault is ours", "a mistake of ours", "we are at fault", "the fault
/// lies with us". A thing at fault ("the payment page was at fault") is a
/// malfunction, not a party to blame.
fn held_by_us(words: &[&str], k: usize) -> bool {
    let w = words[k];
    let before = &words[..k];
    let blame_within = |n: usize| before.iter().rev().take(n).any(|p| BLAMES.contains(p));
    match w {
        // "The fault is ours", "the mistake on the payment page was
        // entirely ours", "a mistake of ours".
        "ours" | "mine" => {
            before
                .iter()
                .rev()
                .find(|p| !p.ends_with("ly"))
                .is_some_and(|p| *p == "of" || BE_FORMS.contains(p))
                && blame_within(8)
        }
        // The party is "we" or one of ours ("our team"), not the
        // customer's ("your account manager").
        "fault" if before.last() == Some(&"at") => before[..before.len() - 1]
            .iter()
            .rposition(|p| !(BEFORE_AT_FAULT.contains(p) || p.ends_with("ly")))
            .is_some_and(|s| {
                matches!(before[s], "we" | "i")
                    || (ours(&[before[s]]) && before[s.saturating_sub(3)..s].contains(&"our"))
            }),
        "with" => {
            words.get(k + 1).is_some_and(|n| matches!(*n, "us" | "me"))
                && before.iter().rev().take(4).any(|p| {
                    base_of(p, &["lie", "rest", "sit"]).is_some() || matches!(*p, "lay" | "sat")
                })
                && blame_within(6)
        }
        _ => false,
    }
}

/// What a fault is named by after "responsible for": "the error", "this
/// mistake", "the double charge", "what happened".
const FAULTS: &[&str] = &[
    "error",
    "errors",
    "mistake",
    "mistakes",
    "fault",
    "faults",
    "problem",
    "problems",
    "issue",
    "issues",
    "outage",
    "outages",
    "breach",
    "leak",
    "incident",
    "failure",
    "failures",
    "bug",
    "bugs",
    "delay",
    "delays",
    "loss",
    "losses",
    "damage",
    "damages",
    "overcharge",
    "double",
    "wrong",
    "incorrect",
    "extra",
    "duplicate",
    "inconvenience",
    "trouble",
    "mess",
    "mix",
    "disruption",
    "harm",
    "exposure",
    "happened",
];

/// What a role is named by after "responsible for": a function or a kind
/// of request ("data requests", "refunds of this kind", "billing",
/// "requests like this one").
const ROLE_OBJECTS: &[&str] = &[
    "request",
    "requests",
    "data",
    "privacy",
    "billing",
    "refunds",
    "refund",
    "security",
    "accounts",
    "invoices",
    "invoicing",
    "payments",
    "questions",
    "queries",
    "enquiries",
    "inquiries",
    "cases",
    "matters",
    "complaints",
    "customers",
    "support",
    "compliance",
    "legal",
    "kind",
    "kinds",
    "type",
    "types",
    "sort",
    "sorts",
    "like",
    "such",
    "deletion",
    "deletions",
    "access",
    "escalations",
    "disputes",
    "chargebacks",
    "exceptions",
    "approvals",
    "handling",
];

/// Whether "responsible" at `k` holds a role: "the colleague responsible
/// for data requests", "we are responsible for refunds of this kind",
/// "who is responsible for requests like this one" (play-para-st12, B2).
/// Its object names a function or a kind of request and no fault; "we
/// are responsible for the error / this / the double charge" still
/// admits.
fn responsible_for_a_role(words: &[&str], k: usize) -> bool {
    if words.get(k + 1) != Some(&"for") {
        return false;
    }
    let object: Vec<&str> = words[k + 2..]
        .iter()
        .take(6)
        .take_while(|w| !matches!(**w, "and" | "but" | "so" | "which" | "who" | "because"))
        .copied()
        .collect();
    let Some(first) = object.first() else {
        return false;
    };
    // "responsible for this", "for it", "for what happened".
    if matches!(*first, "this" | "that" | "it" | "what" | "these" | "those") {
        return false;
    }
    !object.iter().any(|w| FAULTS.contains(w)) && object.iter().any(|w| ROLE_OBJECTS.contains(w))
}

/// Words right before "responsible" that make it said of its subject:
/// a form of "be", an adverb of degree, or who it is held of ("we hold
/// ourselves responsible", "we consider ourselves liable").
const PREDICATING: &[&str] = &[
    "am",
    "is",
    "are",
    "was",
    "were",
    "be",
    "been",
    "being",
    "remain",
    "remains",
    "feel",
    "feels",
    "ourselves",
    "myself",
    "us",
    "me",
    "held",
    "hold",
    "holds",
    "consider",
    "fully",
    "entirely",
    "solely",
    "wholly",
    "totally",
    "partly",
    "partially",
    "directly",
    "legally",
    "ultimately",
    "also",
    "not",
];

/// Whether "responsible" (or "liable") at `k` describes the noun right
/// before it, the one who holds a task ("I'll pass it on to the team
/// responsible for its design", "the people responsible for billing"),
/// not a fault we own (play-para-st8, B2). Said of us ("we are the team
/// responsible for this error", "we're responsible"), it still admits.
fn describes_a_holder(words: &[&str], k: usize) -> bool {
    let Some(p) = k.checked_sub(1) else {
        return false;
    };
    let noun = words[p];
    if PREDICATING.contains(&noun) || noun.ends_with("ly") || matches!(noun, "we" | "i") {
        return false;
    }
    // The noun phrase back to its determiner, and what comes before it:
    // "we are | the team responsible" is said of us.
    let start = words[..p]
        .iter()
        .rposition(|w| matches!(*w, "the" | "a" | "an" | "those" | "whoever" | "anyone"))
        .filter(|&d| p - d <= 3)
        .unwrap_or(p);
    !start
        .checked_sub(1)
        .is_some_and(|b| PREDICATING.contains(&words[b]))
}

/// What an all-clear is about.
const THINGS: &[&str] = &[
    "data",
    "information",
    "account",
    "accounts",
    "files",
    "records",
    "details",
    "documents",
    "key",
    "keys",
    "credentials",
    "systems",
    "workspace",
    "you",
    "everything",
];
const BE: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "remains", "remain", "stays", "stay", "looks",
    "look", "seems", "seem", "appears", "appear",
];

/// Nouns of a harm: denied, an all-clear ("there was no breach").
const HARM_NOUNS: &[&str] = &["breach", "compromise", "intrusion"];
const SAFE: &[&str] = &[
    "safe",
    "secure",
    "protected",
    "unaffected",
    "intact",
    "fine",
    "untouched",
    "uncompromised",
    "ok",
    "okay",
];
const HARMED: &[&str] = &[
    "access",
    "compromise",
    "expose",
    "leak",
    "steal",
    "stolen",
    "affect",
    "view",
    "see",
    "breach",
    "touch",
    "misuse",
    "use",
    "read",
    "share",
    "disclose",
    "download",
    "copy",
];
/// Verbs of a goal or a habit, not a finding: "to keep your account
/// secure", "keeping your data safe is our priority", "make sure your
/// account stays secure".
const GOALS: &[&str] = &[
    "keep",
    "keeping",
    "make",
    "making",
    "ensure",
    "ensuring",
    "help",
    "helping",
    "protect",
    "protecting",
    "safeguard",
    "safeguarding",
    "stay",
];

/// Whether `word` is a verb of a goal in a form that states one ("keep",
/// "keeps", "keeping"), not a past deed ("we have made sure your data is
/// safe" is a finding); "stay" only bare ("for it to stay safe"), since
/// "your account stays secure" is a finding.
fn goal_word(word: &str) -> bool {
    GOALS.contains(&word)
        || GOALS.iter().filter(|g| **g != "stay").any(|g| {
            word.strip_prefix(g)
                .is_some_and(|rest| matches!(rest, "s" | "es"))
        })
}

/// Whether clause `at` states a purpose, not a finding: "so that ...",
/// "in order to ...", or a "so" clause beside the request it serves
/// ("please reset your password so your account stays safe", "so your
/// account stays safe from here on, please reset your password"). A
/// "so" of result after a statement ("we have locked it, so your data is
/// safe") or opening a reply ("So, your data is safe") is a finding.
fn purpose(text: &Text, clauses: &[Clause], requests: &[bool], at: usize) -> bool {
    let clause = &clauses[at];
    let words = clause.texts(text);
    if words.windows(2).any(|p| p == ["in", "order"]) {
        return true;
    }
    if clause.opener != Some(Opener::So) {
        return false;
    }
    let so_that = matches!(words.first(), Some(&"that" | &"as"))
        && !words.get(1).is_some_and(|w| BE.contains(w));
    let same = |k: usize| clauses[k].sentence == clause.sentence;
    let is_request = |k: usize| requests.get(k).copied().unwrap_or(false);
    // "So your account stays safe from here on: please reset ..." holds
    // its request after a label.
    let after_request = is_request(at) || (at > 0 && same(at - 1) && is_request(at - 1));
    let leads = at == 0 || !same(at - 1);
    let before_request = leads
        && (at + 1..clauses.len())
            .take_while(|&k| same(k))
            .any(is_request);
    so_that || after_request || before_request
}

/// Words that open a time clause: what follows is awaited, not found
/// ("we'll update you once we have made sure your account is secure",
/// "please don't sign in until your account is secure again").
const AWAITING: &[&str] = &[
    "until", "till", "before", "once", "after", "when", "whenever",
];
/// Words after an awaiting word that make it a time already past or an
/// adverb ("until now your data has been safe", "once again").
const NOT_AWAITED: &[&str] = &["now", "then", "again", "more", "today", "recently"];
/// Verbs of establishing a state: "once we have confirmed that no data
/// was accessed" waits for the check.
const ESTABLISHING: &[&str] = &[
    "confirm",
    "verify",
    "check",
    "establish",
    "ensure",
    "sure",
    "certain",
    "satisfied",
];

/// Whether the state read from word `s` (its subject) to word `k` (the
/// safe word or the denied harm) of a clause opened by `opener` is one the
/// reply waits for rather than states: inside a time clause ("once ...",
/// "until ...", "as soon as ..."), told in the present tense a time
/// clause takes ("is", not "was" or "will be"), or waiting for a check of
/// it ("once we have verified that nothing was accessed"). A goal the desk
/// is working towards says nothing of how things are now.
fn awaited(words: &[&str], opener: Option<Opener>, s: usize, k: usize) -> bool {
    let once =
        opener == Some(Opener::Once) && !words.first().is_some_and(|w| NOT_AWAITED.contains(w));
    let opened = (0..s).rev().find(|&i| {
        let time_word =
            AWAITING.contains(&words[i]) || (words[i] == "soon" && words.get(i + 1) == Some(&"as"));
        time_word && !words.get(i + 1).is_some_and(|w| NOT_AWAITED.contains(w))
    });
    if !once && opened.is_none() {
        return false;
    }
    let from = opened.map_or(0, |i| i + 1);
    // A check still to come: "once we confirm", "until we have verified",
    // "once we have made sure", "until we are certain"; not one done
    // ("when we checked, no data had been accessed" is a finding).
    let checking = (from..s).any(|i| {
        let perfect = i > 0 && matches!(words[i - 1], "have" | "has" | "are" | "am" | "is" | "be");
        let bare = ESTABLISHING.contains(&words[i])
            && !matches!(words[i], "sure" | "certain" | "satisfied");
        (base_of(words[i], ESTABLISHING).is_some() || words[i] == "made") && (perfect || bare)
    });
    let present = !words[s..k]
        .iter()
        .any(|w| matches!(*w, "was" | "were" | "will" | "be" | "had"));
    checking || present
}

/// Whether word `k` names a harm: a verb of one ("accessed", "didn't
/// access", "got in"), a harm noun ("breach"), or "unauthorised access".
fn harm_at(words: &[&str], k: usize) -> bool {
    let w = words[k];
    base_of(w, HARMED).is_some()
        || HARM_NOUNS.contains(&w)
        || (is_get(w)
            && words
                .get(k + 1)
                .is_some_and(|n| matches!(*n, "in" | "into")))
        || (is_get(w)
            && words[k + 1..]
                .iter()
                .take(3)
                .any(|n| matches!(*n, "data" | "information" | "files" | "records")))
}

/// Words that may stand between a subject and its active verb: "you have
/// not used", "we did not access".
const ACTIVE_AUXILIARIES: &[&str] = &[
    "have", "has", "had", "do", "does", "did", "not", "never", "ever", "will", "would", "can",
    "could", "already", "yet",
];

/// Whether the harm verb at `k` is the customer's or our own act, in the
/// active voice: "choose one you have not used elsewhere", "a password you
/// don't use on any other site". What the customer or we did is no
/// all-clear; "you were not affected" (passive) still is one.
fn own_act(words: &[&str], k: usize) -> bool {
    let subject = words[..k]
        .iter()
        .rposition(|w| !ACTIVE_AUXILIARIES.contains(w));
    subject.is_some_and(|s| matches!(words[s], "you" | "we" | "i"))
}

fn is_get(word: &str) -> bool {
    base_of(word, &["get", "obtain", "take"]).is_some()
}

/// Nouns of where a sign-in came from.
const ORIGINS: &[&str] = &[
    "device",
    "devices",
    "location",
    "locations",
    "browser",
    "browsers",
    "computer",
    "laptop",
    "phone",
    "ip",
    "network",
    "country",
    "city",
    "place",
    "machine",
    "app",
    "address",
];

/// How many words a denied harm verb may stand from its "before".
const BEFORE_REACH: usize = 6;

/// Whether the denied harm verb at `k` says that where a sign-in came from
/// was new to the account: "from a device it hadn't seen before", "a
/// browser that had never been used on your account before" (play-para-st8,
/// B5). An origin never seen before is a warning, not an all-clear; "no
/// data was accessed before we locked it" still is one ("before" opens a
/// clause there, it does not end one).
fn unfamiliar(words: &[&str], k: usize) -> bool {
    let ends_before = words.len() > k + 1
        && words.len() - k - 1 <= BEFORE_REACH
        && matches!(words[words.len() - 1], "before" | "previously");
    ends_before && words[..k].iter().any(|w| ORIGINS.contains(w))
}

/// "unauthorised access", "suspicious access".
fn unauthorised(words: &[&str], k: usize) -> bool {
    words[k] == "access"
        && k > 0
        && matches!(words[k - 1], "unauthorised" | "unauthorized" | "suspicious")
}

/// Verbs by which we vouch for what follows them: "I can reassure you
/// that ...", "I'm happy to confirm that ...", "I can tell you ...".
const VOUCHING: &[&str] = &[
    "assure",
    "reassure",
    "confirm",
    "tell",
    "say",
    "promise",
    "guarantee",
    "report",
    "inform",
    "state",
    "certify",
];
/// Vouching verbs that put the customer before what they vouch for
/// ("assure you that ...", "tell you ...").
const VOUCHING_TO: &[&str] = &[
    "assure",
    "reassure",
    "tell",
    "promise",
    "guarantee",
    "inform",
];
/// Words after which "to" and a vouching verb vouch now: a stance ("I'm
/// happy to confirm", "we're able to say"), a wish to reassure ("I'd like
/// to reassure you", "I want to reassure you"), or a message's purpose
/// ("I'm writing to confirm"). After anything else the "to" states a task
/// ("we are reviewing the logs to confirm that ...", "we need to confirm
/// ...", "we hope to confirm ...").
const VOUCHING_NOW: &[&str] = &[
    "happy",
    "glad",
    "pleased",
    "delighted",
    "relieved",
    "able",
    "writing",
];
const WISHING_TO_REASSURE: &[&str] = &["like", "want", "wanted"];
/// Words before a finite vouching verb that put it in the future or make
/// it a wish ("we will confirm that ...", "we hope we can confirm that
/// ..."): nothing is vouched for yet.
const NOT_YET: &[&str] = &[
    "will",
    "shall",
    "going",
    "hope",
    "hoping",
    "hopefully",
    "expect",
    "need",
    "needs",
    "want",
    "wish",
    "try",
    "trying",
    "plan",
    "aim",
    "intend",
];

/// Where what our side vouches for in the clause before word `k` starts:
/// after "I can (also) reassure you that", "rest assured that" said by
/// us, "I'm happy to confirm", "we can tell you", "we're confident that".
/// A vouching verb of the customer's ("you can confirm that ...") or of a
/// task ("to confirm that ...", "we will confirm ...") vouches for nothing.
fn vouched_from(words: &[&str], k: usize) -> Option<usize> {
    let r = (0..k).rev().find(|&r| {
        let w = words[r];
        let verb = base_of(w, VOUCHING).filter(|_| !w.ends_with("ing"));
        let before = &words[..r];
        let speaker = ours(before) && !before.contains(&"you");
        let now = match verb {
            Some(base) if r > 0 && words[r - 1] == "to" => r.checked_sub(2).is_some_and(|b| {
                VOUCHING_NOW.contains(&words[b])
                    || (WISHING_TO_REASSURE.contains(&words[b])
                        && matches!(base, "assure" | "reassure"))
            }),
            Some(_) => !before.iter().any(|p| NOT_YET.contains(p)),
            // "we're confident (that) ...", "I am certain ...".
            None => {
                matches!(w, "confident" | "certain" | "sure")
                    && r > 0
                    && matches!(words[r - 1], "am" | "are" | "m" | "re" | "is")
                    && words.get(r + 1) != Some(&"to")
            }
        };
        speaker && now
    })?;
    let mut from = r + 1;
    if base_of(words[r], VOUCHING_TO).is_some() && words.get(from) == Some(&"you") {
        from += 1;
    }
    if words.get(from) == Some(&"that") {
        from += 1;
    }
    (from < k).then_some(from)
}

/// The words of the clause that clause `at` continues without a subject
/// of its own, back to the one that has it: what its predicate is said
/// of ("your data is secure | and has not been shared with anyone", "your
/// files were not accessed | and remain safe"). Empty when the clause has
/// a subject, or its chain of predicates has none (an instruction: "please
/// reset your password | and never share it").
fn carried_subject<'t>(text: &'t Text, clauses: &[Clause], at: usize) -> Vec<&'t str> {
    let mut k = at;
    while !has_subject(&clauses[k].texts(text)) {
        match continued(clauses, k) {
            Some(before) => k = before,
            None => return Vec::new(),
        }
    }
    if k == at {
        Vec::new()
    } else {
        clauses[k].texts(text)
    }
}

/// Words that may open an instruction before its negated verb: "please
/// don't share your details with anyone", "never use them elsewhere",
/// "just do not access it".
const INSTRUCTION_LEAD: &[&str] = &[
    "please", "kindly", "just", "also", "then", "so", "do", "not", "never", "ever", "again",
];

/// Words a harm verb's "to" may follow where it names what is needed or
/// asked, not what happened: "there is no need to share your details",
/// "you don't have to access the data".
const NEEDING: &[&str] = &[
    "need",
    "needs",
    "reason",
    "necessary",
    "required",
    "have",
    "has",
    "ask",
    "asked",
];

/// Whether the harm verb at `k` of `words` says what happened to
/// something: not an instruction with no subject ("please don't share
/// your account details", `carried` empty), not a need ("no need to
/// share them"), not a participle describing the noun after a determiner
/// ("your shared files are not available yet"), and not a passing to our
/// own side ("nothing you told us was shared with our security team",
/// which is how the case is handled).
fn tells_what_happened(words: &[&str], k: usize, carried: &[&str]) -> bool {
    let w = words[k];
    let instruction =
        carried.is_empty() && k > 0 && words[..k].iter().all(|w| INSTRUCTION_LEAD.contains(w));
    let needed = k >= 2 && words[k - 1] == "to" && NEEDING.contains(&words[k - 2]);
    let participle = w.ends_with("ed") || matches!(w, "seen" | "stolen");
    let describing = participle
        && k > 0
        && matches!(
            words[k - 1],
            "the"
                | "a"
                | "an"
                | "your"
                | "our"
                | "my"
                | "their"
                | "its"
                | "this"
                | "that"
                | "these"
                | "those"
        );
    let to_our_side = words[k + 1..]
        .iter()
        .take(3)
        .position(|p| matches!(*p, "with" | "to" | "by"))
        .is_some_and(|p| ours(&words[(k + 2 + p).min(words.len())..(k + 4 + p).min(words.len())]));
    !(instruction || needed || describing || to_our_side)
}

/// "Your data is safe", "no data was accessed", "nobody has seen your
/// files", "there is no risk": an all-clear the desk cannot give, in a
/// clause of its own or in a predicate coordinated after another ("your
/// data is secure and has not been shared with anyone"). Not when it is
/// itself negated or left open ("we cannot yet confirm that your data is
/// safe", "whether any data was accessed"), nor a goal ("to keep your
/// account secure, please ...").
fn assures_safety(text: &Text, clauses: &[Clause], index: usize, all_clear: &Occurrences) -> bool {
    let clause = &clauses[index];
    let owned = clause.texts(text);
    let words = owned.as_slice();
    if matches!(clause.opener, Some(Opener::Whether | Opener::Condition)) {
        return false;
    }
    let carried = carried_subject(text, clauses, index);
    let carries_a_thing = carried
        .iter()
        .any(|t| THINGS.contains(t) || *t == "nothing");
    let open_question = words
        .iter()
        .any(|w| matches!(*w, "whether" | "if" | "checking" | "investigating"));
    for (k, w) in words.iter().enumerate() {
        let at = clause.from + k;
        let goal = words[..k].iter().any(|p| goal_word(p));
        if SAFE.contains(w) {
            // Said of the subject a coordinated predicate carries ("...
            // were not accessed and remain safe"): from the clause start.
            let s = match words[..k].iter().rposition(|t| THINGS.contains(t)) {
                Some(s) => s,
                None if carries_a_thing => 0,
                None => continue,
            };
            let stated = k - s <= 4 && words[s..k].iter().any(|t| BE.contains(t));
            let waiting = awaited(words, clause.opener, s, k);
            // The safe word is a predicate: a negation after it belongs to
            // a predicate coordinated after it ("is secure and has not been
            // shared"), not to it, so only one before it denies it.
            if stated && !goal && !waiting && !open_question && !negated_before(text, at) {
                return true;
            }
        } else if harm_at(words, k) && tells_what_happened(words, k, &carried) {
            // A harm denied: "no data was accessed", "your files were not
            // exposed", "nobody has seen your data"; not when the denial is
            // itself denied ("we cannot say that no data was accessed").
            let about_a_thing =
                carries_a_thing || words.iter().any(|t| THINGS.contains(t) || *t == "nothing");
            // A label's negation stays before its colon ("Don't worry in
            // the meantime: your data has not been shared"): it denies no
            // harm after it.
            let label_end = (1..k)
                .rev()
                .find(|&j| labels(text.gap(clause.from + j)))
                .unwrap_or(0);
            // A negation inside a relative clause that ends before the
            // harm is no denial of it ("the sign-in you didn't make was
            // not a compromise" denies once).
            let negators = words[label_end..k]
                .iter()
                .enumerate()
                .filter(|(j, p)| {
                    NEGATORS.contains(p)
                        && !relative_ends_before(text, clause.from + label_end + j, at)
                })
                .count();
            // What we vouch for is said by us whoever its subject is
            // ("I can reassure you that nobody has accessed your
            // account"): the subject is read from what is vouched for.
            let from = vouched_from(words, k).unwrap_or(0);
            // Our own or the customer's limits are no all-clear: "we
            // cannot access your data", "you won't be able to access it
            // until you reset your password".
            // So is a person as the subject of the denied verb: "the
            // months you won't use", "the seats we don't use".
            let person_denies = words[from..k]
                .iter()
                .rposition(|p| NEGATORS.contains(p))
                .and_then(|n| {
                    words[from..from + n].iter().rev().find(|w| {
                        !matches!(
                            **w,
                            "will"
                                | "would"
                                | "do"
                                | "does"
                                | "did"
                                | "can"
                                | "could"
                                | "shall"
                                | "should"
                                | "may"
                                | "might"
                                | "must"
                                | "wo"
                                | "won"
                                | "don"
                                | "t"
                                | "ca"
                                | "yet"
                                | "really"
                                | "even"
                                | "still"
                        )
                    })
                })
                .is_some_and(|s| matches!(*s, "you" | "we" | "i"));
            // "We have locked it and did not access your data": the
            // subject a coordinated predicate carries.
            let carried_person = carried.iter().take(2).any(|f| ours(&[f]) || *f == "you");
            let by_us = person_denies
                || carried_person
                || words.get(from).is_some_and(|f| ours(&[f]) || *f == "you")
                || own_act(words, k);
            let named = HARM_NOUNS.contains(w) || unauthorised(words, k);
            let subject = words[..k]
                .iter()
                .rposition(|t| THINGS.contains(t) || *t == "nothing" || *t == "nobody")
                .unwrap_or(0);
            if (about_a_thing || named)
                && negated(text, at, at + 1)
                && negators < 2
                && !open_question
                && !goal
                && !awaited(words, clause.opener, subject, k)
                && (named || !by_us)
                && !unfamiliar(words, k)
            {
                return true;
            }
        }
    }
    all_clear.any_within(clause) && !open_question
}
