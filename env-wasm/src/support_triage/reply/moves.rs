//! What a reply does about the case besides promising: the team it hands
//! the case to, and what it asks of the customer.
//!
//! A request is a clause that asks or advises the customer to act: a
//! marker ("please", "could you", "we need you to", "we recommend", "you
//! should", "make sure you", "it's best to", "I'd encourage you to") or an
//! imperative opening the clause ("Reply from ..."), with a verb of doing
//! something after it. Boilerplate ("let us know if you have any
//! questions") and negated requests ("please do not reply") are not
//! requests. A time set by the customer's step for what we then do ("as
//! soon as you send the invoice number, we will ...") asks for that step,
//! and so does a label or table cell keyed by what is needed from the
//! customer ("Needed from you: the invoice number"). What a request asks
//! for is read over the clause and the purpose clauses after it ("reply
//! from your account email, so we can verify it is you").

use super::clause::{Clause, LeadKind, Occurrences, Opener, list_item};
use super::reading::{Finding, Move, Reading, Team};
use crate::text::{Text, base_of, is_form_of, negated};

/// How each team may be named.
const TEAMS: &[(Team, &[&str])] = &[
    (
        Team::Billing,
        &[
            "billing supervisor",
            "billing supervisors",
            "billing team",
            "billing manager",
            "billing department",
            "billing specialist",
            "billing specialists",
            "billing lead",
            "billing colleagues",
            "finance team",
            "accounts team",
        ],
    ),
    (
        Team::Privacy,
        &[
            "privacy officer",
            "privacy team",
            "privacy office",
            "privacy lead",
            "privacy colleagues",
            "data protection officer",
            "data protection team",
            "dpo",
        ],
    ),
    (
        Team::Legal,
        &[
            "legal team",
            "legal department",
            "legal counsel",
            "legal colleagues",
            "our lawyers",
            "our solicitors",
        ],
    ),
    (
        Team::Security,
        &[
            "security team",
            "security engineers",
            "security specialists",
            "security department",
            "security colleagues",
            "security operations",
            "incident response",
            "infosec team",
        ],
    ),
];

/// People a case can be handed to, named by their role ("the manager who
/// approves billing exceptions", "our billing escalations lead", "someone
/// from finance").
const ROLES: &[&str] = &[
    "team",
    "teams",
    "supervisor",
    "supervisors",
    "manager",
    "managers",
    "lead",
    "leads",
    "officer",
    "officers",
    "specialist",
    "specialists",
    "department",
    "colleague",
    "colleagues",
    "group",
    "desk",
    "staff",
    "reviewer",
    "reviewers",
    "analyst",
    "analysts",
    "engineers",
    "experts",
    "unit",
    "counsel",
    "someone",
    "person",
    "head",
    "director",
];

/// The function a role works in, and the team that names.
const FUNCTIONS: &[(Team, &[&str])] = &[
    (
        Team::Billing,
        &[
            "billing",
            "finance",
            "financial",
            "payments",
            "accounting",
            "refunds",
            "invoicing",
        ],
    ),
    (Team::Privacy, &["privacy", "gdpr", "dpo", "protection"]),
    (
        Team::Legal,
        &[
            "legal",
            "lawyers",
            "lawyer",
            "solicitor",
            "solicitors",
            "attorney",
            "attorneys",
        ],
    ),
    (
        Team::Security,
        &[
            "security",
            "infosec",
            "cybersecurity",
            "incident",
            "incidents",
        ],
    ),
];

/// How many words apart a role and its function may be.
const ROLE_REACH: usize = 4;

/// Words that open what a role does after it ("who look after", "that
/// handles", "responsible for"), and how far its function may then be.
const RELATIVE: &[&str] = &["who", "that", "responsible", "in", "dedicated"];
const RELATIVE_REACH: usize = 7;

/// Teams named by function in other words than [`TEAMS`]: a role word
/// within a few words of a function word in the same sentence, neither
/// the customer's ("your finance team") nor negated, before the sign-off
/// (`signed_from`).
fn teams_by_function(
    text: &Text,
    signed_from: usize,
    in_a_name: &dyn Fn(usize) -> bool,
    reading: &mut Reading,
) {
    for (r, role) in text.words.iter().enumerate().take(signed_from) {
        if !ROLES.contains(&role.text.as_str()) {
            continue;
        }
        let theirs = r > 0 && matches!(text.words[r - 1].text.as_str(), "your" | "their");
        let from = r.saturating_sub(ROLE_REACH);
        // A relative clause after the role says what it does: "the
        // specialists who look after account security".
        let describes = text
            .words
            .get(r + 1)
            .is_some_and(|w| w.sentence == role.sentence && RELATIVE.contains(&w.text.as_str()));
        let reach = if describes {
            RELATIVE_REACH
        } else {
            ROLE_REACH
        };
        let to = (r + reach + 1).min(text.words.len());
        for f in from..to {
            let word = &text.words[f];
            if word.sentence != role.sentence {
                continue;
            }
            let Some((team, _)) = FUNCTIONS
                .iter()
                .find(|(_, words)| words.contains(&word.text.as_str()))
            else {
                continue;
            };
            // "data protection" only: "protection" alone is no function.
            if word.text == "protection" && (f == 0 || text.words[f - 1].text != "data") {
                continue;
            }
            // A name the case gives is known for one; a capitalised name
            // it does not give is read by its capitals.
            if handled_thing(text, f) || in_a_name(f) || in_proper_name(text, f) {
                continue;
            }
            let (start, end) = (f.min(r), f.max(r) + 1);
            let customers = f > 0 && matches!(text.words[f - 1].text.as_str(), "your" | "their");
            if !theirs && !customers && !negated(text, start, end) {
                reading.record(Finding::Move(Move::Escalate(*team)), text, r);
            }
        }
    }
}

/// People whose job is a team's function, named with no role word: the
/// legal team's lawyers.
const PEOPLE_OF_A_FUNCTION: &[(Team, &[&str])] = &[(
    Team::Legal,
    &[
        "lawyer",
        "lawyers",
        "solicitor",
        "solicitors",
        "attorney",
        "attorneys",
        "counsel",
    ],
)];

/// How far before such people "our" may stand ("our in-house lawyers",
/// "our own external counsel").
const OURS_REACH: usize = 3;

/// Teams named by their people, marked as ours (play-para-st16, known gap
/// of st15): "the lawyers on our side", "our in-house lawyers", "a
/// solicitor from our side". The customer's ("your lawyer's letter"), a
/// name of the case, or none involved ("we have not involved any lawyers
/// on our side") name no team.
fn teams_by_their_people(
    text: &Text,
    signed_from: usize,
    in_a_name: &dyn Fn(usize) -> bool,
    reading: &mut Reading,
) {
    for (f, person) in text.words.iter().enumerate().take(signed_from) {
        let Some((team, _)) = PEOPLE_OF_A_FUNCTION
            .iter()
            .find(|(_, words)| words.contains(&person.text.as_str()))
        else {
            continue;
        };
        let word = |i: usize| {
            text.words
                .get(i)
                .filter(|w| w.sentence == person.sentence)
                .map_or("", |w| w.text.as_str())
        };
        let before: Vec<&str> = (f.saturating_sub(OURS_REACH)..f).map(word).collect();
        let theirs = before
            .iter()
            .any(|w| matches!(*w, "your" | "their" | "my" | "his" | "her"));
        let ours_before = before.contains(&"our") && !theirs;
        let ours_after = matches!(
            (word(f + 1), word(f + 2)),
            ("on" | "from" | "at" | "in", "our") | ("of", "ours")
        );
        let a_name = in_a_name(f) || in_proper_name(text, f);
        if (ours_before || ours_after) && !a_name && !negated(text, f, f + 1) {
            reading.record(Finding::Move(Move::Escalate(*team)), text, f);
        }
    }
}

/// Words that open a sentence capitalised only for standing first: no
/// part of a proper name after them ("Our Legal team", "The Security
/// Team").
const SENTENCE_OPENERS: &[&str] = &[
    "our", "the", "your", "a", "an", "this", "that", "because", "as", "since", "so", "please", "i",
    "we", "my", "someone", "somebody", "nobody",
];

/// Whether the word at `f` of `text` is inside a capitalised proper name
/// with no role in it: the customer's company, product or anything else
/// the case names ("someone who left Rowan Legal Aid", "Harbour Security
/// Systems Ltd"). Such a name is not our team, wherever it stands in the
/// sentence (play-para-st15, B1). A capitalised team ("our Legal team",
/// "the Orbitly Security Team") has a role word in it and stays a team.
fn in_proper_name(text: &Text, f: usize) -> bool {
    let capital = |i: usize| {
        let w = &text.words[i];
        text.source
            .get(w.start..w.end)
            .and_then(|s| s.chars().next())
            .is_some_and(char::is_uppercase)
    };
    let sentence = text.words[f].sentence;
    let same = |i: usize| text.words[i].sentence == sentence;
    if !capital(f) {
        return false;
    }
    let mut from = f;
    while from > 0 && same(from - 1) && capital(from - 1) && text.gap(from).trim().is_empty() {
        from -= 1;
    }
    let mut to = f + 1;
    while to < text.len() && same(to) && capital(to) && text.gap(to).trim().is_empty() {
        to += 1;
    }
    // The sentence's first word is capitalised for standing first.
    let first = from == 0 || !same(from - 1);
    if first && from < f && SENTENCE_OPENERS.contains(&text.words[from].text.as_str()) {
        from += 1;
    }
    // A heading in title case ("Passed To Our Legal Colleagues") joins
    // its words with the words a name does not hold.
    to - from >= 2
        && text.words[from..to].iter().all(|w| {
            let w = w.text.as_str();
            !ROLES.contains(&w) && !TITLE_JOINERS.contains(&w)
        })
}

/// Words a title-case heading holds and a company or product name does
/// not, for [`in_proper_name`].
const TITLE_JOINERS: &[&str] = &[
    "to", "our", "the", "with", "for", "by", "on", "your", "we", "us", "is", "are", "will", "has",
    "been", "from", "into",
];

/// Words that make a function word a particular thing: "the payments on
/// INV-50717", "both payments", "these refunds".
const THING_DETERMINERS: &[&str] = &[
    "the", "these", "those", "both", "this", "that", "two", "all", "any", "each", "my", "his",
    "her",
];

/// Words after a function word that make it particular things: "payments
/// on INV-50717", "refunds made in March", "payments against the invoice".
const THING_FOLLOWERS: &[&str] = &["on", "made", "taken", "against", "received", "of"];

/// Whether the function word at `f` of `text` names particular things a
/// role handles rather than the role's function: "our legal team, who will
/// review the payments on INV-50717", "... by whom both payments will be
/// reviewed". A determiner before it or a word after it that makes it
/// particular, unless a role word follows it ("the payments team", "the
/// finance colleagues").
fn handled_thing(text: &Text, f: usize) -> bool {
    let word = |i: usize| text.words.get(i).map_or("", |w| w.text.as_str());
    if ROLES.contains(&word(f + 1)) {
        return false;
    }
    let plural = word(f).ends_with('s');
    plural
        && (f > 0 && THING_DETERMINERS.contains(&word(f - 1))
            || THING_FOLLOWERS.contains(&word(f + 1)))
}

/// Phrases that open a request or a piece of advice; the verb asked for
/// follows within a few words ("please reset", "we recommend that you
/// reset", "it's best to revoke").
const MARKERS: &[&str] = &[
    "please",
    "kindly",
    "could you",
    "can you",
    "would you",
    "will you",
    "need you to",
    "ask you to",
    "ask that you",
    // "We therefore ask that, upon your return, you confirm ...": the verb
    // may come in a later clause of the sentence ([`open_marker`]).
    "ask that",
    "request that",
    "we would ask",
    "i would ask",
    "recommend",
    "recommended",
    "suggest",
    "advise",
    "encourage you",
    "urge you",
    "you should",
    "you must",
    "you need to",
    "you will need",
    "you will want",
    "you have to",
    "you ought to",
    "make sure",
    "be sure to",
    "remember to",
    "forget to",
    "best to",
    "important to",
    "important that you",
    "a good idea to",
    // "now's a great time to turn it on".
    "a good time to",
    "a great time to",
    "worth",
    "like you to",
    "go ahead and",
    "the next step is",
    // "The most important thing right now is to revoke that key".
    "thing is to",
    "thing now is to",
    "thing right now is to",
    "step is to",
    "priority is to",
    "all you need to do is",
    "the only thing to do is",
    // "It would help to reset your password", "it's wise to revoke it".
    "would help to",
    "will help to",
    "wise to",
    "sensible to",
    "advisable to",
    "safest to",
];

/// Predicates that say a step suffices: with a step of the customer's as
/// their subject they ask for it ("clicking the link there is all it
/// takes", "a reply from that address will do").
const SUFFICES: &[&str] = &[
    "is all it takes",
    "is all that it takes",
    "is all that is needed",
    "is all that is required",
    "is all you need to do",
    "is all you have to do",
    "is all you need",
    "is enough",
    "should be enough",
    "will be enough",
    "will do",
    "should do",
    "does the trick",
    "will do the trick",
    "is the only step",
];

/// How many words a step may run before what says it suffices
/// ("clicking the link there (or emailing us from that address) | is all
/// it takes").
const SUFFICES_REACH: usize = 24;

/// Questions that ask the customer to act, whatever the verb after them.
const QUESTIONS: &[&str] = &["could you", "can you", "would you", "will you"];

/// Words between a question marker and its verb.
const FILLERS: &[&str] = &[
    "please", "kindly", "just", "also", "possibly", "perhaps", "quickly",
];

/// Verbs after a question marker that ask nothing of the customer
/// ("can you believe it", "would you be ...").
const NO_ACTION: &[&str] = &[
    "not",
    "be",
    "have",
    "believe",
    "imagine",
    "understand",
    "see",
    "like",
    "want",
    "need",
];

/// Verbs of noticing what arrives: after a request marker ("you should
/// see", "you will receive") they tell the customer what to expect.
const PERCEIVING: &[&str] = &["see", "notice", "receive", "find", "hear", "spot", "expect"];

/// Markers that hold their own verb: "let us know ...", "reply with ...".
const VERB_MARKERS: &[&str] = &[
    "let us know",
    "let me know",
    "reply with",
    "reply from",
    "send us",
];

/// Markers of a need: a request when what is needed is a thing ("we need
/// the invoice number"), not when it is our own task ("we need to check").
const NEED_MARKERS: &[&str] = &[
    "we need",
    "we will need",
    "we would need",
    "i need",
    "i will need",
    "we require",
    "we still need",
    "just need",
    "only need",
    "all we need",
];

/// Markers of what alone is needed: a request whatever follows them ("all
/// that's needed to get this moving is the invoice number", "all it takes
/// is a quick message from your account email").
const SOLE_NEED_MARKERS: &[&str] = &[
    "all that is needed",
    "all that is required",
    "all it takes",
    "all that it takes",
    "all we ask",
    "the only thing we need",
    "the one thing we need",
];

/// A need put in the passive, after what is needed: "a message from your
/// account email will be needed", "the invoice number is required".
const PASSIVE_NEED_MARKERS: &[&str] = &[
    "will be needed",
    "would be needed",
    "is needed",
    "are needed",
    "will be required",
    "would be required",
    "is required",
    "are required",
];

/// Phrases of a closing formula, not a request.
const BOILERPLATE: &[&str] = &[
    "if you have",
    "you have any",
    "anything else we",
    "anything else you",
    "if there is anything",
    "feel free",
];

/// How far after a marker the verb may come.
const MARKER_REACH: usize = 4;

/// Verbs of something the customer can do.
const REQUEST_VERBS: &[&str] = &[
    "reply",
    "send",
    "reset",
    "change",
    "revoke",
    "rotate",
    "enable",
    "confirm",
    "provide",
    "forward",
    "upload",
    "attach",
    "share",
    "write",
    "update",
    "check",
    "try",
    "verify",
    "turn",
    "set",
    "sign",
    "log",
    "include",
    "tell",
    "let",
    "respond",
    "regenerate",
    "replace",
    "deactivate",
    "disable",
    "give",
    "complete",
    "fill",
    "email",
    "contact",
    // "please message us from the address on file", "reach out to us".
    "message",
    "reach",
    "use",
    "create",
    "generate",
    "remove",
    "delete",
    "activate",
    "switch",
    "look",
    "find",
    "quote",
    "resend",
    "submit",
    "go",
    "open",
    "visit",
    "secure",
    "review",
    "add",
    "invalidate",
    "get",
    "drop",
    // "kill that key in your settings": revoking, said plainly.
    "kill",
    // "please authorise the request by clicking the verification link".
    "authorise",
    "authorize",
    // "please click the verification link we sent to your account email":
    // the link is how section 6 verifies an identity.
    "click",
    "tap",
    "hit",
    "follow",
    // "just pop it in a reply here", "stick the number in your reply",
    // "shoot us a reply with the number", "ping us the invoice number".
    "pop",
    "stick",
    "shoot",
    "ping",
    // "choose a new password", "pick one you don't use elsewhere".
    "choose",
    "pick",
];

/// Words that may open an imperative clause before its verb.
const LEAD_WORDS: &[&str] = &[
    "then",
    "also",
    "now",
    "first",
    "next",
    "simply",
    "just",
    "meanwhile",
    // "either click the link or write to us from that address"; "or"
    // only after a request ([`read`]).
    "either",
    "or",
];

/// The word index (in `text`) of the verb a request in `clause` asks for,
/// or `None` when the clause is no request. `imperative`: a clause opening
/// with a verb counts (after "and" only when the previous clause was a
/// request: "please reset it and turn on 2FA").
/// The phrase lists a request is read with, found once per reply.
struct Markers {
    markers: Occurrences,
    questions: Occurrences,
    verb_markers: Occurrences,
    needs: Occurrences,
    boilerplate: Occurrences,
    suffices: Occurrences,
    sole_needs: Occurrences,
    passive_needs: Occurrences,
}

/// How a clause stands in its reply, for [`request_verb`].
struct Setting<'c> {
    /// The condition after it in the sentence, if any.
    condition: Option<&'c Clause>,
    /// A clause opening with a verb counts as an imperative.
    imperative: bool,
    question: bool,
    /// It introduces a list or a line as its object ([`introduced`]).
    introduces: bool,
    /// It follows "and" after a statement about us or someone else, not a
    /// request ("our billing team will look it up | and reply with it"),
    /// whose subject it shares.
    continues_statement: bool,
    /// An earlier clause of its sentence ends with a request marker whose
    /// verb it does not hold ("We ask that, | upon your return, | ...").
    after_open_marker: bool,
    /// Its sentence's "if" comes before it with only an aside of time or
    /// place between ("I should be grateful if, | on your return, | you
    /// would ..."): the condition it states is the clause itself.
    after_bare_if: bool,
    /// Another clause of its sentence speaks of our side ("..., | our
    /// billing team will review your request").
    ours_beside: bool,
    /// It opens with "is" after an aside, and its sentence opens with the
    /// subject of a pseudo-cleft ("What you can do, | and it helps a lot,
    /// | is reset ...").
    after_cleft_subject: bool,
}

/// Words before "do" that make it a statement's auxiliary, not an
/// emphatic request ("once we do check", "how do you ...", "to do").
const DO_SUBJECTS: &[&str] = &[
    "we", "i", "you", "they", "he", "she", "it", "who", "which", "that", "what", "how", "why",
    "where", "when", "to", "not",
];

/// Words opening a time or condition before the clause it qualifies
/// ("when you're back do click ...").
const TIME_OPENERS: &[&str] = &["when", "once", "after", "if", "whenever", "soon"];

fn request_verb(
    text: &Text,
    found_in: &Markers,
    clause: &Clause,
    setting: &Setting,
) -> Option<usize> {
    let Setting {
        condition,
        imperative,
        question,
        introduces,
        continues_statement,
        after_open_marker,
        after_bare_if,
        ours_beside,
        after_cleft_subject,
    } = *setting;
    let words = clause.texts(text);
    // Boilerplate, in the clause or in the condition after it ("let us know
    // | if you have any questions").
    let boilerplate = |c: &Clause| boilerplate(text, found_in, c);
    if boilerplate(clause) || condition.is_some_and(boilerplate) {
        return None;
    }
    let local = |phrases: &Occurrences| -> Vec<(usize, usize)> { phrases.within(clause).collect() };
    let verb_after = |from: usize| {
        (from..(from + MARKER_REACH).min(words.len()))
            .find(|&k| base_of(words[k], REQUEST_VERBS).is_some())
    };
    // "make sure the exposed key is revoked", "please ensure your password
    // gets changed": the verb asked for comes passive, after its object.
    let passive_after = |from: usize| {
        let sure = words[from.saturating_sub(1)..(from + MARKER_REACH).min(words.len())]
            .iter()
            .any(|w| matches!(*w, "sure" | "ensure"));
        (from + 1..words.len()).find(|&k| {
            sure && matches!(words[k - 1], "is" | "are" | "been" | "gets" | "get")
                && base_of(words[k], REQUEST_VERBS).is_some()
        })
    };
    let mut found: Vec<usize> = Vec::new();
    for (at, len) in local(&found_in.markers) {
        // "You should see the updated invoice", "you should receive a
        // confirmation": what the customer will notice, asked of nobody.
        let first_verb = words[at + len..].iter().find(|w| !FILLERS.contains(w));
        if first_verb.is_some_and(|w| base_of(w, PERCEIVING).is_some()) {
            continue;
        }
        // "We will make sure the key is revoked": a check we make on our
        // own deed, not one asked of the customer.
        if our_assurance(&words, at) {
            continue;
        }
        found.extend(verb_after(at + len).or_else(|| passive_after(at + len)));
    }
    // "Could you point us to the invoice?", "would you mind resending
    // it?": a question to the customer asks whatever its verb.
    for (at, len) in local(&found_in.questions) {
        let verb = words[at + len..]
            .iter()
            .position(|w| !FILLERS.contains(w))
            .map(|k| at + len + k)
            .filter(|&k| !NO_ACTION.contains(&words[k]));
        found.extend(verb);
    }
    // "If you could send us the invoice number, ...": a polite request
    // put as a condition, an aside after its "if" included ("I should be
    // grateful if, on your return, you would either click the link or
    // ...": play-para-st8, B4).
    if (clause.opener == Some(Opener::Condition) || after_bare_if)
        && words.first() == Some(&"you")
        && matches!(words.get(1), Some(&"could" | &"can" | &"would"))
    {
        found.extend(verb_after(2));
    }
    // "You are asked to remove her user", "you are strongly advised to
    // reset your password": a request put in the passive, the customer
    // its subject, in the present (not "you were asked to", a report, nor
    // "you will be asked to", what a screen will ask), and not under a
    // condition.
    if clause.opener != Some(Opener::Condition) {
        found.extend(passive_request(&words).and_then(verb_after));
        // "It is essential that the exposed key is revoked", "two-factor
        // authentication should be switched on for your account": the
        // step asked for in the passive, its credential the subject.
        found.extend(mandated_passive(&words));
        // "The verification link should be clicked", "it should be sent
        // to us as soon as it is found": an act only the customer does,
        // asked for in the passive.
        found.extend(customers_passive(&words));
    }
    // "let us know" with nothing to tell ("let us know if you need
    // anything") asks for nothing.
    for (at, len) in local(&found_in.verb_markers) {
        if at + len >= words.len() && !introduces {
            return None;
        }
        // "We'll reply with the invoice number", "our team will look it
        // up and reply with it": our own next message, not a request.
        let ours = super::clause::ours(&words[..at])
            || words[..at]
                .iter()
                .any(|w| matches!(*w, "they" | "he" | "she"));
        // "Next reply from us: ...", "the reply from billing": a noun.
        let noun = at > 0 && matches!(words[at - 1], "next" | "the" | "a" | "our" | "my" | "their");
        if ours || noun || (at == 0 && continues_statement) {
            continue;
        }
        found.push(at);
    }
    // "Clicking the link there (or emailing us from that address) is all
    // it takes": a step of the customer's as the subject of what suffices,
    // later in its sentence.
    let step = words.iter().position(|w| !LEAD_WORDS.contains(w));
    if let Some(first) = step
        && words[first].ends_with("ing")
        && base_of(words[first], REQUEST_VERBS).is_some()
        && found_in
            .suffices
            .after(text, clause.from + first, SUFFICES_REACH)
    {
        found.push(first);
    }
    // "We need to verify your identity first: a quick email from your
    // account address will do", "one message from the account email is
    // enough": a message of the customer's, the subject of what suffices,
    // is the step asked for.
    if clause.opener != Some(Opener::Condition) {
        found.extend(
            local(&found_in.suffices)
                .into_iter()
                .filter_map(|(at, _)| sufficing_message(&words[..at])),
        );
    }
    // "If anything else is needed, ...": a need under a condition is a
    // possibility, not something asked of the customer.
    let conditional = clause.opener == Some(Opener::Condition);
    for (at, len) in local(&found_in.needs) {
        // "We'll need to hear from you at your account email", "we need
        // to get a reply from you": what we need to receive from the
        // customer is their step, as "we need a reply from you" is.
        let to_receive = words.get(at + len) == Some(&"to") && from_you(&words[at + len..]);
        if (words.get(at + len) != Some(&"to") || to_receive) && !conditional {
            found.push(at);
        }
    }
    // "A message from your account email will be needed": what is needed
    // is the subject before it, read with it below.
    if !conditional {
        found.extend(local(&found_in.passive_needs).into_iter().map(|(at, _)| at));
    }
    // After "is all it takes" the step is the subject ("clicking the link
    // is all it takes"), read above; what follows it is no request.
    found.extend(
        local(&found_in.sole_needs)
            .into_iter()
            .filter(|&(at, len)| at + len < words.len() && (at == 0 || words[at - 1] != "is"))
            .map(|(at, _)| at),
    );
    // A question to the customer: "What's the invoice number?", "Which
    // charge was it?".
    // ("which" opens a clause of its own, so it is the opener here.)
    let opens_sentence = clause.from < 2
        || text.words[clause.from - 2].sentence != text.words[clause.from - 1].sentence;
    let asks_which = clause.opener == Some(Opener::Which) && opens_sentence;
    if question && (asks_which || words.first() == Some(&"what")) && !words.is_empty() {
        found.push(0);
    }
    // A title over a list that says the list is the customer's part ("One
    // thing from you", "**Action needed**"): the items are what it asks.
    let titled_ask = words.ends_with(&["from", "you"])
        || (words.len() >= 2
            && words[words.len() - 2] == "action"
            && matches!(words[words.len() - 1], "needed" | "required"));
    let denied = words
        .iter()
        .any(|w| matches!(*w, "nothing" | "no" | "not" | "none"));
    if introduces && titled_ask && !denied {
        found.push(0);
    }
    if found.is_empty() && imperative {
        // A verb opening the clause, or opening what a label introduces
        // ("First thing: reset your password").
        // ("... next week: either click the link ...").
        // A label may end in an aside ("Jonas (T-6009): revoke ...").
        let after_label = (1..words.len())
            .filter(|&k| {
                super::clause::labels(text.gap(clause.from + k).trim_start_matches([')', ' ']))
            })
            .filter_map(|k| (k..words.len()).find(|&j| !LEAD_WORDS.contains(&words[j])));
        let opening = words.iter().position(|w| !LEAD_WORDS.contains(w));
        for first in opening.into_iter().chain(after_label) {
            // "sign-ins you didn't make ...", "log-in details": a
            // hyphened compound is a noun, not an imperative; nor is a
            // verb's form that a label's colon follows ("Next update: by
            // Friday").
            // Nor is one after "next" ("Next reply from us: ...";
            // "Next, reply with it" is two clauses).
            let next_gap = text.gap(clause.from + first + 1);
            let noun = next_gap == "-"
                || super::clause::labels(next_gap)
                || (first > 0 && words[first - 1] == "next")
                || heads_a_title(text, clause, &words, first)
                || reported(&words, first);
            if REQUEST_VERBS.contains(&words[first]) && words.len() > first + 1 && !noun {
                found.push(first);
            }
        }
    }
    // "Do click the link", "so once you're back next week do click the
    // link": an emphatic "do" before a verb asks it, opening the clause
    // or after a time or condition said first, unless a subject before it
    // makes it a statement ("once we do check it", "our engineers do
    // review every key").
    let opening = words.iter().position(|w| !LEAD_WORDS.contains(w));
    let said_first = matches!(clause.opener, Some(Opener::Once | Opener::Condition));
    found.extend((0..words.len().saturating_sub(1)).filter_map(|k| {
        let after_time = k > 0
            && (said_first || words[..k].iter().any(|w| TIME_OPENERS.contains(w)))
            && !DO_SUBJECTS.contains(&words[k - 1]);
        (words[k] == "do"
            && (Some(k) == opening || after_time)
            && REQUEST_VERBS.contains(&words[k + 1]))
        .then_some(k + 1)
    }));
    // "We ask that, upon your return, | you confirm your identity ...":
    // the verb a marker at the end of an earlier clause of the sentence
    // waits for, after "you".
    // "..., you either follow the link or ..." (para-st7): lead words
    // may stand before the verb.
    if after_open_marker && words.first() == Some(&"you") {
        let verb = 1 + words[1..]
            .iter()
            .take_while(|w| LEAD_WORDS.contains(w))
            .count();
        if words.get(verb).is_some_and(|w| REQUEST_VERBS.contains(w)) {
            found.push(verb);
        }
    }
    // "What happens next:\n1. You revoke the leaked key ...": the
    // customer's step of a plan, told in the present.
    found.extend(
        super::clause::planned_step(text, clause)
            .filter(|(doer, verb)| {
                *doer == "you" && REQUEST_VERBS.contains(&text.words[*verb].text.as_str())
            })
            .map(|(_, verb)| verb - clause.from),
    );
    // "What you can do is reset your password", "the best thing you can
    // do, and it helps a lot, is to turn on two-factor authentication".
    found.extend(cleft_verb(&words, after_cleft_subject));
    // "As soon as you send the invoice number, ...", "Needed from you:
    // the invoice number".
    found.extend(awaited_step(clause, &words, ours_beside));
    found.extend(needed_value(text, clause, &words));
    // "please do not reply"; but "don't forget to reset it" asks.
    found.into_iter().map(|k| clause.from + k).find(|&at| {
        let reminded = words[..at - clause.from].contains(&"forget");
        !negated(text, at, at + 1) || reminded
    })
}

/// Words that open a noun phrase of one message: "a quick email", "one
/// short note", "just a reply".
const ONE_MESSAGE: &[&str] = &["a", "an", "one", "just", "simply", "only"];

/// How many words may stand between the opening of such a noun phrase
/// and its message noun ("a quick two-line email").
const MESSAGE_NOUN_REACH: usize = 4;

/// Where the subject of what suffices starts in `before` (a clause's
/// words up to "will do", "is enough", ...), when it is a message the
/// customer sends: a noun phrase opened by [`ONE_MESSAGE`] whose noun is
/// a message or a verb of writing's ("a quick email from your account
/// address", "one reply from that inbox"). Our own message ("a note from
/// us", "an email we send") asks nothing of the customer.
fn sufficing_message(before: &[&str]) -> Option<usize> {
    let start = before.iter().rposition(|w| ONE_MESSAGE.contains(w))?;
    let phrase = &before[start..];
    let message = phrase.iter().take(MESSAGE_NOUN_REACH + 1).any(|w| {
        MESSAGES.contains(w) || base_of(w, WRITING).is_some() || matches!(*w, "message" | "click")
    });
    let ours = phrase
        .iter()
        .any(|w| matches!(*w, "we" | "i" | "us" | "our" | "me" | "my"));
    (message && !ours).then_some(start)
}

/// Past participles without "-ed" that report a message's fate.
const IRREGULAR_REPORTS: &[&str] = &["sent", "done", "given", "taken", "seen", "got", "gone"];

/// Whether word `first` of `words` (a clause's) is a noun whose fate the
/// participle after it reports ("Message received, thanks", "Email sent
/// to your account address"): a participle that ends the clause or that a
/// preposition follows. "Check attached invoice" keeps its object.
fn reported(words: &[&str], first: usize) -> bool {
    let Some(next) = words.get(first + 1) else {
        return false;
    };
    let participle = (next.len() > 4 && next.ends_with("ed")) || IRREGULAR_REPORTS.contains(next);
    participle
        && words.get(first + 2).is_none_or(|w| {
            matches!(
                *w,
                "to" | "from" | "at" | "on" | "by" | "for" | "in" | "with" | "and"
            )
        })
}

/// Prepositions of what a title is about: "Update on T-5043:", "Review of
/// your charge", "Update regarding your refund".
const TOPICS: &[&str] = &["on", "about", "regarding", "re", "concerning", "of"];

/// Verbs "on" is a particle of, whose imperative it follows: "turn on
/// two-factor authentication", "click on the link", "log on".
const ON_PARTICLE: &[&str] = &[
    "turn", "switch", "click", "tap", "hit", "log", "sign", "go", "try", "check", "get", "pop",
    "add", "follow", "keep", "carry", "put", "kill",
];

/// The most words a title holds after its head.
const TITLE_WORDS: usize = 6;

/// Whether word `first` of `words` (a clause's) heads a title, not an
/// imperative: a verb's form followed by what it is about, the phrase
/// ending at a label's colon or at the end of its line ("Update on
/// T-5043: invoice INV-99148 is ...", "Update on T-5043" over a list). A
/// title names what follows; it asks the customer for nothing. "Turn on
/// 2FA:" keeps its particle, and "Reply with:" is no title.
fn heads_a_title(text: &Text, clause: &Clause, words: &[&str], first: usize) -> bool {
    let Some(&topic) = words.get(first + 1) else {
        return false;
    };
    if !TOPICS.contains(&topic) || (topic == "on" && base_of(words[first], ON_PARTICLE).is_some()) {
        return false;
    }
    (first + 3..=words.len()).take(TITLE_WORDS).any(|k| {
        let gap = text.gap(clause.from + k);
        super::clause::labels(gap)
            || (k == words.len() && (clause.to >= text.len() || gap.contains('\n')))
    })
}

/// Words that open the subject of a pseudo-cleft: "what you can do",
/// "the best thing you can do", "all you have to do", "one thing you
/// could do", "something you can do".
const CLEFT_OPENERS: &[&str] = &["what", "the", "one", "all", "something", "a"];

/// Nouns a pseudo-cleft's subject is headed by after a determiner: "the
/// best thing", "the most useful step".
const CLEFT_HEADS: &[&str] = &["thing", "things", "step", "steps", "way"];

/// Verbs of our asking that make a pseudo-cleft's subject what we ask of
/// the customer: "what I'd ask", "what we recommend".
const CLEFT_ASKING: &[&str] = &["ask", "suggest", "recommend", "advise", "urge"];

/// Words of time that may end a pseudo-cleft's subject after its "do":
/// "what you can do right now", "the thing to do in the meantime".
const CLEFT_TIMES: &[&str] = &[
    "now",
    "right",
    "today",
    "first",
    "immediately",
    "meanwhile",
    "meantime",
    "in",
    "the",
    "straight",
    "away",
    "next",
    "yourself",
];

/// Whether `words` (a sentence's opening, up to its "is") are the subject
/// of a pseudo-cleft whose predicate is a step for the customer: the
/// customer's doing ("what you can do", "the best thing you can do", "the
/// most useful step you can take", "the thing to do now") or what we ask
/// of them ("what I would ask you to do", "what we recommend"). Not our
/// own doing ("what we can do", "the first thing we will do"), a step
/// said done ("what you did"), nor a denied one ("what you can't do").
fn cleft_subject(words: &[&str]) -> bool {
    let Some(open) = words
        .iter()
        .position(|w| !LEAD_WORDS.contains(w) && !matches!(*w, "so" | "right"))
    else {
        return false;
    };
    // "what you can do right now", "the best thing to do in the
    // meantime": a time after the doing is no part of it.
    let kept = words.len()
        - words[open..]
            .iter()
            .rev()
            .take_while(|w| CLEFT_TIMES.contains(w))
            .count();
    let words = &words[open..kept.max(open)];
    let headed = match words.first() {
        Some(&"what" | &"all" | &"something") => true,
        Some(w) if CLEFT_OPENERS.contains(w) => {
            words.iter().take(5).any(|w| CLEFT_HEADS.contains(w))
        }
        _ => false,
    };
    let asked = words
        .windows(2)
        .any(|p| matches!(p[0], "i" | "we" | "would" | "will") && CLEFT_ASKING.contains(&p[1]));
    let doing = words.contains(&"you") || words.ends_with(&["to", "do"]);
    let last = words.last().copied().unwrap_or("");
    let ends = matches!(last, "do" | "take") || CLEFT_ASKING.contains(&last);
    let denied = words
        .iter()
        .any(|w| crate::text::negation::NEGATORS.contains(w));
    headed && ends && (doing || asked) && !denied
}

/// Where the verb a pseudo-cleft asks for stands in `words` (a clause's):
/// after its "is" (or "would be"), a "to" or an adverb between ("what you
/// can do is reset your password", "the best thing you can do is to
/// revoke the key", "the best thing to do would be to turn on 2FA").
/// `subject_before`: the clause opens with the "is" and the subject opened
/// its sentence before an aside.
fn cleft_verb(words: &[&str], subject_before: bool) -> Option<usize> {
    let copula = if subject_before {
        0
    } else {
        (1..words.len()).find(|&c| {
            let is = words[c] == "is" && cleft_subject(&words[..c]);
            let would_be = words[c] == "be"
                && c >= 2
                && matches!(words[c - 1], "would" | "will")
                && cleft_subject(&words[..c - 1]);
            is || would_be
        })?
    };
    let verb = (copula + 1..words.len()).find(|&k| {
        !matches!(
            words[k],
            "to" | "just" | "simply" | "quickly" | "first" | "now" | "that" | "you"
        )
    })?;
    (verb <= copula + MARKER_REACH && base_of(words[verb], REQUEST_VERBS).is_some()).then_some(verb)
}

/// Conjunctions of time that presuppose the step after them, as words.
const AWAITING: &[&[&str]] = &[
    &["as", "soon", "as"],
    &["once"],
    &["when"],
    &["whenever"],
    &["after"],
    &["the", "moment"],
    &["the", "minute"],
];

/// Adverbs that may stand between "you" and the step it waits for ("once
/// you have just sent it").
const STEP_ADVERBS: &[&str] = &["just", "finally", "then", "simply"];

/// Where the customer's step a time waits for stands in `words` (a
/// clause's): "as soon as you send the invoice number, our billing team
/// will review it", "once you have written to us from your account
/// address, we can go ahead", "we'll look into it the moment you forward
/// the invoice number". A time set by the customer's own step, for what we
/// will do then, presupposes the step: it asks for it as "please send"
/// does, whatever the verb ([`REQUEST_VERBS`]). The step is the customer's
/// ("you", not "once we have the number") and still ahead: the present or
/// "have" with its participle, not a past ("when you sent it last week")
/// nor anything said done ("once you have already sent it"). What waits
/// for it is ours (`ours_beside`, or our words before the time in the
/// clause); a time for a request of its own ("when you find it, please
/// don't reply with it") is that request's, read by the other rules, and
/// so is a condition ("if you send ..."), which presupposes nothing.
fn awaited_step(clause: &Clause, words: &[&str], ours_beside: bool) -> Option<usize> {
    if words
        .iter()
        .any(|w| matches!(*w, "already" | "previously" | "earlier"))
    {
        return None;
    }
    let opened = clause.opener == Some(Opener::Once);
    (0..words.len())
        .filter_map(|p| {
            if p == 0 && opened {
                return Some((0, 0));
            }
            AWAITING
                .iter()
                .find(|c| words[p..].starts_with(c))
                .map(|c| (p, p + c.len()))
        })
        .find_map(|(p, s)| {
            if let Some(verb) = heard_from_you(words, s) {
                return Some(verb);
            }
            if words.get(s) != Some(&"you") || !(ours_beside || super::clause::ours(&words[..p])) {
                return None;
            }
            let skip = |from: usize| {
                from + words[from.min(words.len())..]
                    .iter()
                    .take_while(|w| STEP_ADVERBS.contains(w))
                    .count()
            };
            let mut v = skip(s + 1);
            let perfect = words.get(v) == Some(&"have");
            if perfect {
                v = skip(v + 1);
            }
            let verb = *words.get(v)?;
            let base = base_of(verb, REQUEST_VERBS)?;
            (perfect || verb == base).then_some(v)
        })
}

/// Where our receiving the customer's message, awaited from word `s` of
/// `words`, has its verb: "as soon as we hear from you at your account
/// email", "once we've heard back from you", "when we receive a reply
/// from you". Our hearing from the customer is their writing to us, as in
/// "we'll need to hear from you" ([`from_you`]), and what waits for it is
/// ours by its subject. Still ahead only: the present or "have" with its
/// participle, not "when we heard from you last week".
fn heard_from_you(words: &[&str], s: usize) -> Option<usize> {
    if !words.get(s).is_some_and(|w| matches!(*w, "we" | "i")) {
        return None;
    }
    let mut v = s + 1;
    let perfect = words.get(v) == Some(&"have");
    if perfect {
        v += 1;
    }
    v += words[v.min(words.len())..]
        .iter()
        .take_while(|w| STEP_ADVERBS.contains(w))
        .count();
    let verb = *words.get(v)?;
    let base = base_of(verb, RECEIVING_FROM)?;
    // `from_you` reads from the word before the verb (a need's "to").
    ((perfect || verb == base) && from_you(&words[v - 1..])).then_some(v)
}

/// The most words a key of a label may hold ("To continue we need").
const KEY_WORDS: usize = 6;

/// Where the value of a label or table cell keyed by what the customer is
/// to give stands in `words` (a clause's): "Needed from you: the invoice
/// number", "| Required from you |" over "| The invoice number |" (read
/// as a label by [`crate::text::table::rows_as_lines`]), "To continue we
/// need: ...", "Your next step: ...". The value asks for what it names,
/// as "please send" does. A key that denies ("Nothing needed from you"),
/// reports ("Already received from you"), or states the customer's own
/// need ("What you need") asks nothing, nor does a value of nothing.
fn needed_value(text: &Text, clause: &Clause, words: &[&str]) -> Option<usize> {
    let k = (1..words.len().min(KEY_WORDS + 1))
        .find(|&k| super::clause::labels(text.gap(clause.from + k)))?;
    let key = &words[..k];
    let denied = key.iter().any(|w| {
        matches!(
            *w,
            "nothing" | "no" | "not" | "none" | "already" | "received" | "got"
        )
    });
    let needed = key.iter().enumerate().any(|(i, w)| {
        base_of(w, &["need", "require"]).is_some()
            && !(i > 0 && key[i - 1] == "you" && key.get(i + 1) != Some(&"to"))
    });
    let yours = key.ends_with(&["from", "you"])
        || (key.iter().any(|w| matches!(*w, "you" | "your"))
            && key
                .iter()
                .any(|w| matches!(*w, "step" | "steps" | "action" | "actions" | "part")));
    let value = words.get(k)?;
    let empty = matches!(*value, "nothing" | "none" | "no" | "n");
    (!denied && (needed || yours) && !empty).then_some(k)
}

/// Participles of asking, after "you are": "you are asked to", "you are
/// advised to".
const PASSIVE_ASKING: &[&str] = &[
    "asked",
    "advised",
    "requested",
    "encouraged",
    "urged",
    "recommended",
    "reminded",
    "invited",
    "instructed",
];

/// Adverbs that may stand in a passive request: "you are strongly
/// advised to", "you are therefore kindly asked to".
const PASSIVE_ADVERBS: &[&str] = &[
    "strongly",
    "kindly",
    "therefore",
    "also",
    "now",
    "hereby",
    "respectfully",
    "urgently",
    "again",
];

/// Where the verb asked for may start in `words` (a clause's) when they
/// hold a passive request: "you are asked to | remove ...", "you are
/// strongly advised to | reset ...". Present tense only, and not denied
/// ("you are not asked to ...").
fn passive_request(words: &[&str]) -> Option<usize> {
    (0..words.len()).find_map(|y| {
        if words[y] != "you" || words.get(y + 1) != Some(&"are") {
            return None;
        }
        let mut p = y + 2;
        while words.get(p).is_some_and(|w| PASSIVE_ADVERBS.contains(w)) {
            p += 1;
        }
        (words.get(p).is_some_and(|w| PASSIVE_ASKING.contains(w))
            && words.get(p + 1) == Some(&"to"))
        .then_some(p + 2)
    })
}

/// Adjectives of a mandative frame: "it is essential that ...", "it's
/// important that ...".
const MANDATIVE: &[&str] = &[
    "essential",
    "important",
    "vital",
    "crucial",
    "critical",
    "imperative",
    "necessary",
    "urgent",
];

/// Verbs that secure an account or a credential, asked for in the
/// passive ("the key should be revoked", "2FA should be switched on").
const SECURING: &[&str] = &[
    "revoke",
    "rotate",
    "regenerate",
    "invalidate",
    "replace",
    "reset",
    "change",
    "enable",
    "activate",
    "switch",
    "turn",
    "set",
    "disable",
    "deactivate",
    "delete",
    "remove",
    "secure",
    "sign",
    "log",
    "kill",
];

/// What the customer secures: a credential, its second factor, the
/// account or its sessions.
const SECURED: &[&str] = &[
    "key",
    "keys",
    "token",
    "tokens",
    "password",
    "passwords",
    "passphrase",
    "passcode",
    "pin",
    "credential",
    "credentials",
    "secret",
    "secrets",
    "authentication",
    "authenticator",
    "2fa",
    "mfa",
    "verification",
    "account",
    "accounts",
    "session",
    "sessions",
    "devices",
    "access",
    "login",
    "logins",
    "user",
];

/// Adverbs between a modal or "is" and the participle: "should also be
/// switched on", "is revoked immediately".
const OBLIGATION_ADVERBS: &[&str] = &[
    "also",
    "now",
    "immediately",
    "promptly",
    "urgently",
    "then",
    "really",
    "definitely",
    "always",
    "therefore",
    "still",
];

/// Where the verb of a request put in the passive stands in `words` (a
/// clause's), its subject a credential or the account: under a modal of
/// obligation ("two-factor authentication should be switched on for your
/// account", "the key must be revoked", "your password needs to be
/// reset", "the key should be revoked and replaced by you") or after a
/// mandative frame ("it is essential that the exposed key is revoked",
/// "we need your password to be changed", "it is vital for the token to
/// be rotated"). Not a request: denied ("the key should not be
/// revoked": "not" stands between the modal and "be"), past ("should have been
/// revoked", "it was essential that ..."), under a condition ("if the key
/// should be revoked"), or our own deed ("the key should be revoked by
/// our team").
fn mandated_passive(words: &[&str]) -> Option<usize> {
    let skip_back = |mut i: usize| {
        while i > 0 && OBLIGATION_ADVERBS.contains(&words[i - 1]) {
            i -= 1;
        }
        i
    };
    (1..words.len()).find(|&k| {
        let w = words[k];
        let participle = w.ends_with("ed") || matches!(w, "set" | "reset" | "shut");
        if !participle || base_of(w, SECURING).is_none() {
            return false;
        }
        // The auxiliary right before the participle.
        let aux = skip_back(k);
        let Some(b) = aux.checked_sub(1) else {
            return false;
        };
        // Where the subject ends, and whether a mandative frame must
        // stand before it (no modal of obligation carries the request).
        let (subject_end, framed) = match words[b] {
            "be" => {
                let m = skip_back(b);
                match m.checked_sub(1).map(|m| words[m]) {
                    Some("should" | "must") => (m - 1, false),
                    Some("to") if m >= 2 => match words[m - 2] {
                        // "the key is to be revoked": an instruction, as
                        // "has to be" is.
                        "need" | "needs" | "has" | "have" | "ought" | "got" | "is" | "are" => {
                            (m - 2, false)
                        }
                        // "we need your password to be changed", "it is
                        // vital for the token to be rotated".
                        _ => (m - 1, true),
                    },
                    // "it is essential that the key be revoked".
                    _ => (m, true),
                }
            }
            "is" | "are" | "gets" | "get" => (b, true),
            _ => return false,
        };
        // The subject: back to the frame's "that" or "for", or to the
        // clause's start.
        let subject_start = words[..subject_end]
            .iter()
            .rposition(|w| matches!(*w, "that" | "for" | "need" | "needs" | "and"))
            .map_or(0, |i| i + 1);
        let subject = &words[subject_start..subject_end];
        let secured = subject.iter().any(|w| SECURED.contains(w));
        let ours = subject
            .iter()
            .any(|w| matches!(*w, "we" | "i" | "our" | "us"));
        if !secured || ours || subject.first().is_some_and(|w| *w == "you") {
            return false;
        }
        // A frame before the subject, when the verb has no modal.
        if framed && !mandated(&words[..subject_start]) {
            return false;
        }
        // Under a condition, or said of our own hands.
        let conditional = words[..k]
            .iter()
            .any(|w| matches!(*w, "if" | "unless" | "whether"));
        let agent = words[k + 1..]
            .iter()
            .position(|w| *w == "by")
            .and_then(|i| words.get(k + 2 + i));
        let by_us = agent.is_some_and(|a| {
            matches!(
                *a,
                "us" | "me" | "our" | "them" | "him" | "her" | "the" | "support"
            )
        });
        !conditional && !by_us
    })
}

/// Participles of acts only the customer does to a link or a message,
/// and of proving who they are: put in the passive under a modal of
/// obligation, they ask the customer (play-para-st15, B2).
const CUSTOMERS_LINK_ACTS: &[&str] = &["clicked", "tapped", "opened", "followed", "pressed"];
const CUSTOMERS_SENDING: &[&str] = &[
    "sent",
    "resent",
    "forwarded",
    "emailed",
    "provided",
    "shared",
    "passed",
    "returned",
    "supplied",
    "submitted",
    "given",
];
const CUSTOMERS_PROVING: &[&str] = &["verified", "confirmed", "proved", "proven"];

/// Where the verb of a request put in the passive stands in `words` (a
/// clause's) when the act is one only the customer does, in a reply
/// addressed to them, under "should / must / needs to / has to / is to
/// be", with no agent of ours: a link clicked, tapped or followed ("the
/// verification link sent to that address should be clicked", "the link
/// is to be clicked": play-para-st16), something sent to us or from the
/// customer's address ("it should be sent to us as soon as it is found",
/// "a message should be sent to us from it"), or
/// the customer's identity proved ("your identity should be verified from
/// the account email"). "The refund will be processed", "the invoice
/// should be sent to you", "your identity will be verified by our privacy
/// officer" are ours, and "should not be clicked" asks nothing.
fn customers_passive(words: &[&str]) -> Option<usize> {
    (2..words.len()).find(|&k| {
        let w = words[k];
        let link = CUSTOMERS_LINK_ACTS.contains(&w);
        let sending = CUSTOMERS_SENDING.contains(&w);
        let proving = CUSTOMERS_PROVING.contains(&w);
        if !(link || sending || proving) {
            return false;
        }
        let mut b = k - 1;
        while b > 0 && OBLIGATION_ADVERBS.contains(&words[b]) {
            b -= 1;
        }
        if words[b] != "be" || b == 0 {
            return false;
        }
        let m = b - 1;
        // "the link is to be clicked": what is to be done is asked, as
        // what has to be done is.
        let modal = matches!(words[m], "should" | "must")
            || (words[m] == "to"
                && m > 0
                && matches!(
                    words[m - 1],
                    "needs" | "need" | "has" | "have" | "ought" | "is" | "are"
                ));
        if !modal {
            return false;
        }
        let subject_end = if words[m] == "to" { m - 1 } else { m };
        let subject = &words[..subject_end];
        // "our invoice should be sent to you"; not "the link we sent you
        // should be clicked".
        let ours = subject
            .first()
            .is_some_and(|w| matches!(*w, "we" | "i" | "our" | "us" | "my"));
        let conditional = subject
            .iter()
            .any(|w| matches!(*w, "if" | "unless" | "whether"));
        let after = &words[k + 1..];
        let by_someone = after.first() == Some(&"by")
            || after.windows(2).any(|p| {
                p[0] == "by" && matches!(p[1], "us" | "me" | "our" | "the" | "them" | "support")
            });
        if ours || conditional || by_someone {
            return false;
        }
        let to_us = after
            .windows(2)
            .take(4)
            .any(|p| matches!(p[0], "to" | "over" | "back") && matches!(p[1], "us" | "me"))
            || after.first().is_some_and(|w| matches!(*w, "us" | "me"));
        let from_theirs = after.first() == Some(&"from")
            || after.windows(2).take(5).any(|p| {
                p[0] == "from" && matches!(p[1], "it" | "there" | "your" | "the" | "that")
            });
        let linked = subject
            .iter()
            .any(|w| matches!(*w, "link" | "button" | "email" | "message"));
        let identity = subject
            .iter()
            .any(|w| matches!(*w, "identity" | "ownership" | "you"));
        (link && linked) || (sending && (to_us || from_theirs)) || (proving && identity)
    })
}

/// Whether `before` (the words before a passive's subject) ends with a
/// mandative frame in the present: "it is essential that", "it's vital
/// for", "please make sure that", "please ensure", "we need".
fn mandated(before: &[&str]) -> bool {
    let mut end = before.len();
    if end > 0 && matches!(before[end - 1], "that" | "for") {
        end -= 1;
    }
    let head = &before[..end];
    let Some(last) = head.last() else {
        return false;
    };
    let adjective = MANDATIVE.contains(last)
        && head.len() >= 2
        && !matches!(head[head.len() - 2], "not" | "was" | "were" | "never");
    let sure = matches!(*last, "sure" | "ensure") && !our_assurance(head, head.len() - 1);
    let need = matches!(*last, "need" | "needs" | "require" | "requires")
        && head.len() >= 2
        && matches!(head[head.len() - 2], "we" | "i")
        && before.len() == end;
    adjective || sure || need
}

/// Whether the marker at `at` in `words` ("make sure", "ensure") is a
/// check of our own: we or I right before it, a modal or adverb between
/// ("we will make sure the key is revoked", "I'll ensure ...").
fn our_assurance(words: &[&str], at: usize) -> bool {
    let sure = words
        .get(at)
        .is_some_and(|w| matches!(*w, "make" | "ensure" | "sure"));
    let subject = words[..at].iter().rposition(|w| {
        !matches!(
            *w,
            "will"
                | "would"
                | "shall"
                | "can"
                | "also"
                | "always"
                | "just"
                | "then"
                | "now"
                | "make"
        )
    });
    // "we will make sure", "our engineers will make sure"; not "we ask
    // that you make sure".
    let ours = subject.is_some_and(|s| {
        matches!(words[s], "we" | "i")
            || (words[s] != "you"
                && words[s.saturating_sub(2)..s]
                    .iter()
                    .any(|w| matches!(*w, "our" | "my")))
    });
    sure && ours
}

/// Verbs of our receiving something from the customer, after a need's
/// "to": "we'll need to hear from you", "we need to receive a message from
/// you", "we'll need to see a reply from you".
const RECEIVING_FROM: &[&str] = &["hear", "receive", "get", "see", "have"];

/// Whether `after` (the words from a need's "to") is a verb of receiving
/// whose source, within a few words, is the customer: "to hear from you
/// at ...", "to get a quick reply from you"; not "to hear from our
/// billing team", nor "to check your account" (our own task).
fn from_you(after: &[&str]) -> bool {
    after
        .get(1)
        .is_some_and(|w| base_of(w, RECEIVING_FROM).is_some())
        && after
            .windows(2)
            .skip(1)
            .take(6)
            .any(|p| p == ["from", "you"])
}

/// Whether a clause is a closing formula ("if you have any questions",
/// "don't hesitate to ...").
fn boilerplate(text: &Text, found_in: &Markers, clause: &Clause) -> bool {
    found_in.boilerplate.any_within(clause)
        || clause
            .words(text)
            .iter()
            .any(|w| matches!(w.text.as_str(), "questions" | "hesitate" | "concerns"))
}

/// Words a request to tell us something may end with, before the
/// question it asks ("could you let us know | which invoice the charge
/// appeared on?", "please confirm | which card you used").
const TELLING: &[&str] = &["know", "tell", "confirm", "check", "say"];

/// Whether clause `at` asks the customer to tell us the answer to the
/// question in the clause after it (an indirect question: "let us know
/// which invoice it was on"), that clause being no closing formula.
fn asks_indirectly(text: &Text, found_in: &Markers, clauses: &[Clause], at: usize) -> bool {
    let clause = &clauses[at];
    let Some(next) = clauses.get(at + 1) else {
        return false;
    };
    let tells = clause
        .texts(text)
        .iter()
        .rev()
        .find(|w| !matches!(**w, "us" | "me"))
        .is_some_and(|w| TELLING.contains(w));
    tells
        && next.sentence == clause.sentence
        && next.opener == Some(Opener::Which)
        && !boilerplate(text, found_in, next)
}

/// Words of a predicate with no subject of its own: a clause opening with
/// one continues the subject said before it ("the invoice number (it
/// starts with INV-) | is all we need").
const COPULAS: &[&str] = &["is", "are", "was", "were"];

/// Whether `clause` opens with a passive need ("... (or a click on the
/// link) | will be needed once you are back"): its subject was said before.
fn starts_with_passive_need(passive_needs: &Occurrences, clause: &Clause) -> bool {
    passive_needs.within(clause).any(|(at, _)| at == 0)
}

/// Read teams and requests. Returns which clauses are requests, for
/// telling a purpose ("so your account stays safe, please ...") from a
/// statement.
/// `named`: for each word, whether it is inside a proper name of the case
/// (`super::Known::names`), which names no team.
pub(super) fn read(
    text: &Text,
    clauses: &[Clause],
    named: &[bool],
    reading: &mut Reading,
) -> Vec<bool> {
    let mut requests = vec![false; clauses.len()];
    // A team named in the sign-off ("Kind regards,\nThe Billing team")
    // says who writes, not who takes the case.
    let signed_from = super::sign_off::start(text);
    let in_a_name = |i: usize| named.get(i).copied().unwrap_or(false);
    for (team, phrases) in TEAMS {
        for phrase in *phrases {
            for (start, end) in text.find(phrase) {
                let theirs =
                    start > 0 && matches!(text.words[start - 1].text.as_str(), "your" | "their");
                let of_a_name = (start..end).any(in_a_name);
                if !theirs && !of_a_name && start < signed_from && !negated(text, start, end) {
                    reading.record(Finding::Move(Move::Escalate(*team)), text, start);
                }
            }
        }
    }
    teams_by_function(text, signed_from, &in_a_name, reading);
    teams_by_their_people(text, signed_from, &in_a_name, reading);
    let found_in = Markers {
        markers: Occurrences::of(text, MARKERS),
        questions: Occurrences::of(text, QUESTIONS),
        verb_markers: Occurrences::of(text, VERB_MARKERS),
        needs: Occurrences::of(text, NEED_MARKERS),
        boilerplate: Occurrences::of(text, BOILERPLATE),
        suffices: Occurrences::of(text, SUFFICES),
        sole_needs: Occurrences::of(text, SOLE_NEED_MARKERS),
        passive_needs: Occurrences::of(text, PASSIVE_NEED_MARKERS),
    };
    let questions = super::clause::question_sentences(text);
    let mut previous_request = false;
    let mut open_marker: Option<u32> = None;
    // Clauses of a list a negated request introduces ("you don't need to
    // do any of the following:\n- reset your password ..."): none asks.
    // Only a colon or "the following" carries the negation down: a
    // heading or title line ends its sentence at its line break
    // ("Sign-ins you didn't make\n\n- Your side: reset your password"),
    // so its negation stays on its line.
    let mut waived_until = 0;
    for (at, clause) in clauses.iter().enumerate() {
        let object = introduced(text, clauses, at);
        if !object.is_empty() && negated_ask(text, clause) && announces(text, clause) {
            waived_until = waived_until.max(object.end);
        }
        if at < waived_until {
            previous_request = false;
            continue;
        }
        // "..., or drop us a line from that address": an alternative
        // after a request is one too; after a statement it is not.
        let or_first = clause.texts(text).first() == Some(&"or");
        // "We will:\n- send you a confirmation": an item whose lead-in
        // gives it a subject of ours is our own step, no imperative.
        let ours_led = clause.led.is_some_and(|lead| {
            lead.kind == LeadKind::Subject && super::clause::ours(&clauses[lead.by].texts(text))
        });
        let imperative =
            ((clause.opener != Some(Opener::And) && !or_first) || previous_request) && !ours_led;
        let condition = clauses
            .get(at + 1)
            .filter(|c| c.sentence == clause.sentence && c.opener == Some(Opener::Condition));
        let question = questions.contains(&clause.sentence);
        // "There's no need to reset your password, revoke any keys or turn
        // on two-factor authentication": the negation reaches every item.
        let negated_item =
            super::clause::negated_item(text, clauses, at, |w| base_of(w, REQUEST_VERBS).is_some());
        let indirect = asks_indirectly(text, &found_in, clauses, at);
        let continues_statement = clause.opener == Some(Opener::And)
            && !previous_request
            && super::clause::continued(clauses, at).is_some_and(|before| {
                let words = clauses[before].texts(text);
                super::clause::ours(&words)
                    || words.iter().any(|w| matches!(*w, "they" | "he" | "she"))
            });
        let setting = Setting {
            condition,
            imperative,
            question,
            introduces: !object.is_empty() || indirect,
            continues_statement,
            after_open_marker: open_marker == Some(clause.sentence),
            after_bare_if: after_bare_if(text, clauses, at),
            ours_beside: clauses.iter().enumerate().any(|(k, c)| {
                k != at && c.sentence == clause.sentence && super::clause::ours(&c.texts(text))
            }),
            after_cleft_subject: clause.texts(text).first() == Some(&"is")
                && clauses[..at]
                    .iter()
                    .find(|c| c.sentence == clause.sentence)
                    .is_some_and(|first| cleft_subject(&first.texts(text))),
        };
        // "**What we need from you**\n- Nothing at all": a list that opens
        // by saying nothing is needed asks for nothing in it.
        let nothing_listed = !object.is_empty()
            && clauses[object.start]
                .texts(text)
                .first()
                .is_some_and(|w| matches!(*w, "nothing" | "none"));
        if nothing_listed {
            waived_until = waived_until.max(object.end);
        }
        let request = !negated_item
            && !nothing_listed
            && request_verb(text, &found_in, clause, &setting).is_some();
        previous_request = request;
        requests[at] = request;
        if !request {
            let words = clause.words(text).len();
            if found_in
                .markers
                .within(clause)
                .any(|(at, len)| at + len == words)
            {
                open_marker = Some(clause.sentence);
            }
            continue;
        }
        reading.has_request = true;
        // The request, a purpose put before it ("To verify your identity,
        // please ..."), and the purpose clauses and asides after it ("...,
        // so we can verify it", "..., the account email on file").
        let mut words = Vec::new();
        if let Some(before) = at.checked_sub(1).map(|b| &clauses[b])
            && before.sentence == clause.sentence
            && before.texts(text).first() == Some(&"to")
        {
            words.extend(before.texts(text));
        }
        // "If two-factor sign-in isn't on yet, now's a great time to turn it
        // on": what "it" is, the condition before names.
        if clause.texts(text).contains(&"it")
            && let Some(before) = at.checked_sub(1).map(|b| &clauses[b])
            && before.sentence == clause.sentence
            && before.opener == Some(Opener::Condition)
        {
            words.extend(before.texts(text));
        }
        // "The invoice number (it starts with INV-) is all we need": a
        // predicate with no subject of its own is about the subject said
        // before it in its sentence.
        if clause
            .texts(text)
            .first()
            .is_some_and(|w| COPULAS.contains(w))
            || starts_with_passive_need(&found_in.passive_needs, clause)
        {
            for before in clauses[..at]
                .iter()
                .filter(|c| c.sentence == clause.sentence)
            {
                words.extend(before.texts(text));
            }
        }
        words.extend(clause.texts(text));
        // The purpose clauses after it, and the question an indirect
        // request asks ("could you let us know which invoice ...").
        for (k, purpose) in clauses[at + 1..].iter().enumerate() {
            let asked = k == 0 && indirect;
            if purpose.sentence != clause.sentence
                || !(asked || matches!(purpose.opener, Some(Opener::So) | None))
            {
                break;
            }
            words.extend(purpose.texts(text));
        }
        // "Please send us the charge date | and the invoice number": an
        // object added to the request's is asked for too.
        for added in at + 1..clauses.len() {
            let object = clauses[added].texts(text);
            // "..., and the invoice number will follow from us" has a verb
            // of its own: a statement, not an object.
            let own_verb = object
                .iter()
                .any(|w| super::clause::CLAUSE_WORDS.contains(w));
            if super::clause::added_object(text, clauses, added).is_none() || own_verb {
                break;
            }
            words.extend(object);
        }
        // "We need one thing from you:\n\n1. The invoice number".
        for item in &clauses[object] {
            words.extend(item.texts(text));
        }
        // "... from the address registered to the account. Could you
        // resend it from that address?": what "that address" is, is said
        // in the sentence before.
        // "just reply to this email" is the message being written, not one
        // named before.
        let refers_back = (1..words.len()).any(|i| {
            let this_message = words[i - 1] == "this"
                && i >= 2
                && words[i - 2] == "to"
                && matches!(words[i], "email" | "mail" | "message");
            !this_message
                && matches!(words[i - 1], "that" | "this" | "same")
                && matches!(
                    words[i],
                    "address" | "email" | "mailbox" | "inbox" | "number" | "reference" | "one"
                )
        });
        if refers_back
            && let Some(before) = clauses[..at]
                .iter()
                .map(|c| c.sentence)
                .filter(|s| *s < clause.sentence)
                .max()
        {
            for earlier in clauses[..at].iter().filter(|c| c.sentence == before) {
                words.extend(earlier.texts(text));
            }
        }
        // "Once you can get into your account email, just send us a
        // message from there", "... or write to us from it", "... or
        // send us a message from that account": the place written from is
        // named before, in the sentence or the one before.
        let from_there = (0..words.len()).find(|&f| {
            let p = &words[f..];
            p.first() == Some(&"from")
                && (matches!(p.get(1), Some(&"there" | &"it"))
                    || (matches!(p.get(1), Some(&"that" | &"this"))
                        && p.get(2) == Some(&"account"))
                    || p[1..].starts_with(&["the", "same"]))
        });
        if let Some(from) = from_there {
            let previous = clauses[..at]
                .iter()
                .map(|c| c.sentence)
                .filter(|s| *s < clause.sentence)
                .max();
            let mut before: Vec<&str> = clauses[..at]
                .iter()
                .filter(|c| c.sentence == clause.sentence || Some(c.sentence) == previous)
                .flat_map(|c| c.texts(text))
                .collect();
            before.extend(words.iter().copied());
            // "It came from your personal inbox ... send us a message
            // from there": the place meant is not the one they wrote from.
            let address = |k: &usize| {
                matches!(before[*k], "email" | "address" | "mailbox" | "inbox")
                    && !before[k.saturating_sub(2)..*k]
                        .iter()
                        .any(|m| NOT_ON_RECORD.contains(m))
            };
            if let Some(k) = (0..before.len()).find(address) {
                // The address, said where the message comes from, after
                // the "from" that stands for it.
                let named: Vec<&str> = before[k.saturating_sub(2)..=k].to_vec();
                words.splice(from + 1..from + 1, named);
            }
        }
        // "When you find the invoice number, please send it to us here",
        // "We need the invoice number. Please send it over", "once you've
        // tracked down the invoice number, just reply with it": what "it"
        // is, is said before the request, in its sentence or the one
        // before.
        let sends_it = words.windows(2).any(|p| {
            matches!(
                p[0],
                "send"
                    | "pop"
                    | "stick"
                    | "put"
                    | "drop"
                    | "forward"
                    | "share"
                    | "pass"
                    | "provide"
                    | "email"
                    | "paste"
                    | "post"
                    | "quote"
                    | "give"
                    | "with"
            ) && matches!(p[1], "it" | "them")
        }) || words.windows(3).any(|p| {
            // "so it should be sent to us as soon as it is found".
            matches!(p[0], "it" | "they")
                && matches!(p[1], "should" | "must" | "needs" | "need")
                && matches!(p[2], "be" | "to")
        });
        if sends_it {
            let before: Vec<&str> = pronoun_chain(text, clauses, at)
                .into_iter()
                .flat_map(|c| c.texts(text))
                .collect();
            if names_an_identifier(&before) {
                words.extend(before);
            }
        }
        read_asks(&words, reading, text, clause.from);
        // "Without the invoice number we cannot go on, so please reply
        // quoting the number, which begins INV-": "the number" is the
        // invoice number its sentence, or the one before, names; "your
        // phone number" is another number.
        let the_number = words.windows(2).any(|p| {
            IDENTIFIERS.contains(&p[1])
                && matches!(p[0], "the" | "that" | "this" | "its" | "invoice" | "inv")
        });
        if the_number {
            let previous = clauses[..at]
                .iter()
                .map(|c| c.sentence)
                .filter(|s| *s < clause.sentence)
                .max();
            let mut around = clauses
                .iter()
                .filter(|c| c.sentence == clause.sentence || Some(c.sentence) == previous)
                .flat_map(|c| c.texts(text));
            if around.any(|w| matches!(w, "invoice" | "inv")) {
                reading.record(Finding::Move(Move::AskInvoice), text, clause.from);
            }
        }
    }
    requests
}

/// Nouns of what identifies a document: its number, in any words ("the
/// invoice number", "its invoice reference", "the invoice ID").
const IDENTIFIERS: &[&str] = &["number", "reference", "ref", "id"];

/// Whether `words` name an identifier: "number" anywhere ("we need the
/// number"), another word of [`IDENTIFIERS`] after the invoice ("we do
/// need its invoice reference, which begins INV-"), so that "please
/// forward it" after them asks for that identifier.
fn names_an_identifier(words: &[&str]) -> bool {
    words.contains(&"number")
        || words
            .windows(2)
            .any(|p| matches!(p[0], "invoice" | "inv") && IDENTIFIERS.contains(&p[1]))
}

/// Words that open an aside of time or place put between a condition's
/// "if" and its subject ("if, on your return, you would ...", "if, when
/// you're back next week, you could ...").
const ASIDE_OPENERS: &[&str] = &[
    "on", "upon", "when", "once", "after", "as", "at", "by", "in", "before", "while", "whenever",
    "next", "later",
];

/// The most words such an aside holds.
const ASIDE_WORDS: usize = 8;

/// Whether clause `at` follows its sentence's "if" with only asides of
/// time or place between, each a clause of its own.
fn after_bare_if(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let sentence = clauses[at].sentence;
    let mut k = at;
    loop {
        // An aside opened by "once" has the opener before its words.
        let opener = usize::from(clauses[k].opener == Some(Opener::Once));
        let before = clauses[k]
            .from
            .checked_sub(1 + opener)
            .map(|i| text.words[i].text.as_str());
        if k < at && before == Some("if") {
            return true;
        }
        let Some(previous) = k.checked_sub(1).map(|p| &clauses[p]) else {
            return false;
        };
        let words = previous.texts(text);
        let aside = previous.sentence == sentence
            && words.len() <= ASIDE_WORDS
            && (previous.opener == Some(Opener::Once)
                || words.first().is_some_and(|w| ASIDE_OPENERS.contains(w)));
        if !aside {
            return false;
        }
        k -= 1;
    }
}

/// The most sentences a chain of "it" is followed back over.
const CHAIN_SENTENCES: usize = 3;

/// The clauses before clause `at` that say what its "it" is: those of its
/// sentence and of the sentence before, and further back while the
/// sentence before speaks of "it" too ("... the one thing we're missing
/// is the invoice number. I'm sorry it has been hard to find. Could you
/// send it over ...?": each "it" is the number). A sentence that names no
/// "it" ends the chain: "it" then stands for what that sentence names.
fn pronoun_chain<'c>(text: &Text, clauses: &'c [Clause], at: usize) -> Vec<&'c Clause> {
    let sentence = clauses[at].sentence;
    let mut out: Vec<&Clause> = clauses[..at]
        .iter()
        .filter(|c| c.sentence == sentence)
        .collect();
    let mut earlier: Vec<u32> = clauses[..at]
        .iter()
        .map(|c| c.sentence)
        .filter(|s| *s < sentence)
        .collect();
    earlier.dedup();
    for s in earlier.into_iter().rev().take(CHAIN_SENTENCES) {
        let of_sentence: Vec<&Clause> = clauses[..at].iter().filter(|c| c.sentence == s).collect();
        let speaks_of_it = of_sentence
            .iter()
            .any(|c| c.texts(text).iter().any(|w| matches!(*w, "it" | "them")));
        out.extend(of_sentence);
        if !speaks_of_it {
            break;
        }
    }
    out
}

/// Whether a clause asks for nothing by a negation: "you don't need to
/// do any of the following", "there's no need to", "please don't".
fn negated_ask(text: &Text, clause: &Clause) -> bool {
    // "... if you have not already:", "unless you've done so yet": the
    // steps are asked of a customer who has not taken them yet.
    let not_yet = clause.opener == Some(Opener::Condition)
        && (clause.from..clause.to)
            .any(|i| matches!(text.words[i].text.as_str(), "already" | "yet"));
    if not_yet {
        return false;
    }
    (clause.from..clause.to).any(|i| {
        let w = text.words[i].text.as_str();
        let asking = matches!(w, "need" | "needed" | "necessary" | "required" | "have")
            || base_of(w, REQUEST_VERBS).is_some()
            || is_form_of(w, "do");
        asking && negated(text, i, i + 1)
    })
}

/// The longest list a request is read over, in lines.
const LIST_LINES: usize = 12;

/// Whether `clause` announces what follows it as its own continuation:
/// it ends in a colon on its line, or with "following" or "below". A line
/// that ends with neither is a heading or title, a sentence of its own.
fn announces(text: &Text, clause: &Clause) -> bool {
    if clause.to == clause.from || clause.to >= text.len() {
        return false;
    }
    let gap = text.gap(clause.to);
    let line_end = gap.split('\n').next().unwrap_or("");
    line_end.contains(':')
        || matches!(
            text.words[clause.to - 1].text.as_str(),
            "following" | "below"
        )
}

/// The clauses a request at clause `at` introduces as its object: the
/// list that follows a colon or the end of its line ("we need one thing
/// from you:\n\n1. The invoice number", "**What we need**\n- the
/// invoice number"), or the one line after a colon ("Here's what we
/// need:\nthe invoice number"). Blank lines between items are allowed;
/// the list ends at the first line that is not an item.
fn introduced(text: &Text, clauses: &[Clause], at: usize) -> std::ops::Range<usize> {
    let none = at + 1..at + 1;
    let Some(clause) = clauses.get(at) else {
        return none;
    };
    if clause.to >= text.len() || clause.to == clause.from {
        return none;
    }
    let gap = text.gap(clause.to);
    let Some(line_break) = gap.find('\n') else {
        // "Please send us the following. The invoice number and ...": the
        // next sentence.
        let last = text.words[clause.to - 1].text.as_str();
        if matches!(last, "following" | "below") {
            let next = text.words[clause.to].sentence;
            let to = (at + 1..clauses.len())
                .find(|&k| clauses[k].sentence != next)
                .unwrap_or(clauses.len());
            return at + 1..to;
        }
        return none;
    };
    // A sentence ended before the line break ("... a new one you have not
    // used elsewhere.\n2. Turn on ...") is an item of its own, not a
    // title: only a colon, or a line with no closing stop, introduces.
    let closed = gap[..line_break].contains(['.', '!', '?', ';']);
    let last = text.words[clause.to - 1].text.as_str();
    if closed && !matches!(last, "following" | "below") {
        return none;
    }
    // "What we need\nThe invoice number for that charge.": a title that
    // says what is needed introduces its line as a colon does.
    let needs_title = {
        let title = clause.texts(text);
        title.len() <= 6
            && title
                .iter()
                .any(|w| matches!(*w, "need" | "needed" | "require" | "required"))
    };
    let colon = gap[..line_break].contains(':') || needs_title;
    let from = text.words[clause.to - 1].end + line_break + 1;
    let mut end = from;
    let mut items = 0;
    let mut offset = from;
    for line in text.source[from..].split('\n').take(LIST_LINES) {
        let line_end = offset + line.len();
        let trimmed = line.trim();
        offset = line_end + 1;
        if trimmed.is_empty() {
            continue;
        }
        if list_item(trimmed) {
            items += 1;
            end = line_end;
            continue;
        }
        if colon && items == 0 {
            end = line_end;
        }
        break;
    }
    let to = (at + 1..clauses.len())
        .find(|&k| text.words[clauses[k].from].start >= end)
        .unwrap_or(clauses.len());
    at + 1..to.max(at + 1)
}

/// Whether word `i` of `words` names the message being written: "reply to
/// this email", "respond to this e-mail", "answer this message".
fn this_message(words: &[&str], i: usize) -> bool {
    let this_at = match words[i] {
        "email" | "message" => i.checked_sub(1),
        // "this e-mail": "e" and "mail" are two words.
        "e" => i
            .checked_sub(1)
            .filter(|_| words.get(i + 1) == Some(&"mail")),
        "mail" if i >= 1 && words[i - 1] == "e" => i.checked_sub(2),
        "mail" => i.checked_sub(1),
        _ => None,
    };
    this_at.is_some_and(|t| words[t] == "this")
}

/// Kinds of message a word before "email" can name: "the receipt email",
/// "your confirmation e-mail" are messages, not addresses.
const MESSAGE_KINDS: &[&str] = &[
    "receipt",
    "confirmation",
    "invoice",
    "order",
    "welcome",
    "payment",
    "reminder",
    "notification",
    "renewal",
    "reset",
];

/// Whether word `i` of `words` is "email" (or "e-mail") named by the kind
/// of message it is, and not followed by "address".
fn a_kind_of_message(words: &[&str], i: usize) -> bool {
    let (kind_at, last) = match words[i] {
        "email" => (i.checked_sub(1), i),
        "e" if words.get(i + 1) == Some(&"mail") => (i.checked_sub(1), i + 1),
        "mail" if i >= 1 && words[i - 1] == "e" => (i.checked_sub(2), i),
        _ => (None, i),
    };
    kind_at.is_some_and(|k| MESSAGE_KINDS.contains(&words[k]))
        && !matches!(words.get(last + 1), Some(&"address" | &"addresses"))
}

/// Words naming the address as the one on record.
const ON_RECORD: &[&str] = &[
    "registered",
    "file",
    "record",
    "associated",
    "linked",
    "original",
    "signed",
    "account",
];

/// Channels other than email, and words of an alternative, that part an
/// address from a record word about something else ("by email, or a
/// phone call to the number on your account").
const OTHER_CONTACT: &[&str] = &[
    "number",
    "phone",
    "mobile",
    "telephone",
    "call",
    "text",
    "sms",
    "post",
    "letter",
    "chat",
    "or",
    "instead",
    "rather",
    "than",
];

/// How far a record word may stand from the address it names ("the email
/// address that is linked to your account").
const RECORD_REACH: usize = 6;

/// Whether the address word at `i` is named as the one on record: a
/// record word within [`RECORD_REACH`] words of it with no other channel
/// or alternative between.
fn recorded_address(words: &[&str], i: usize) -> bool {
    let from = i.saturating_sub(RECORD_REACH);
    let to = (i + RECORD_REACH + 1).min(words.len());
    (from..to).any(|j| {
        j != i
            && ON_RECORD.contains(&words[j])
            && !words[j.min(i) + 1..j.max(i)]
                .iter()
                .any(|b| OTHER_CONTACT.contains(b))
    })
}

/// Words naming an address other than the one on record ("your personal
/// address", "another email").
const NOT_ON_RECORD: &[&str] = &[
    "personal",
    "private",
    "home",
    "other",
    "another",
    "different",
    "new",
    "second",
];

/// How far after a link or code the address it was sent to may stand
/// ("the link in the message we sent to your account address").
const SENT_REACH: usize = 10;

/// Whether `words` ask to use a link or code sent to the address on
/// record ("click the link we emailed to your account email", "enter the
/// code sent to the email on file"): section 6 verifies an identity by
/// what reaches that address. A link or code named for something else
/// ("the discount code", "the link to reset your password", "... to your
/// account email to download the export") is none.
fn sent_to_record(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(j, w)| {
        if !matches!(*w, "link" | "code") || j == 0 {
            return false;
        }
        let plain = matches!(
            words[j - 1],
            "the" | "that" | "this" | "our" | "confirmation" | "verification"
        );
        let named_for = matches!(words.get(j + 1), Some(&"to" | &"for"));
        let reach = &words[j + 1..(j + 1 + SENT_REACH).min(words.len())];
        let address = reach
            .iter()
            .position(|a| matches!(*a, "email" | "address" | "mailbox" | "inbox"))
            .map(|k| j + 1 + k);
        plain
            && !named_for
            && address.is_some_and(|a| {
                recorded_address(words, a)
                    && !words[a + 1..].windows(2).any(|p| {
                        p[0] == "to"
                            && !matches!(
                                p[1],
                                "us" | "me" | "verify" | "confirm" | "prove" | "show"
                            )
                    })
            })
    })
}

/// Whether the email word at `i` is the way a message travels ("by email",
/// "via email", "an email"), not an address.
fn a_channel(words: &[&str], i: usize) -> bool {
    let first = if words[i] == "mail" && i >= 1 && words[i - 1] == "e" {
        i - 1
    } else {
        i
    };
    matches!(words[first], "email" | "e")
        && !matches!(words.get(i + 1), Some(&"address" | &"addresses"))
        && first
            .checked_sub(1)
            .is_some_and(|b| matches!(words[b], "by" | "via" | "over" | "an" | "a"))
}

/// Whether the address at `i` is where something is sent ("send the
/// update to your account email", "updates go to the address on file"):
/// "to" before it with only its modifiers between, after a verb of
/// sending. Writing from an address proves it; being sent something at
/// one does not; "write to the email on file" stays a request to write.
fn a_destination(words: &[&str], i: usize) -> bool {
    (1..=4).any(|d| {
        i >= d
            && words[i - d] == "to"
            && words[(i - d).saturating_sub(4)..i - d].iter().any(|v| {
                base_of(v, &["send", "go", "forward", "deliver", "mail", "post"]).is_some()
                    || matches!(*v, "sent" | "went" | "update" | "updates")
            })
            && words[i - d + 1..i].iter().all(|m| {
                matches!(
                    *m,
                    "your" | "the" | "this" | "that" | "our" | "primary" | "usual" | "work"
                ) || ON_RECORD.contains(m)
                    || matches!(*m, "email" | "e" | "mail")
            })
    })
}

fn any(words: &[&str], set: &[&str]) -> bool {
    words.iter().any(|w| set.contains(w))
}

/// Verbs of writing to us from an address, for a channel kept ("keep
/// using the account email", "continue writing from it").
const CHANNEL_VERBS: &[&str] = &[
    "use", "write", "send", "reply", "email", "contact", "message",
];

/// Verbs of the customer's writing to us, and of a message's coming from
/// an address ("a quick message from your account email").
const WRITING: &[&str] = &[
    "send", "resend", "write", "reply", "respond", "email", "mail", "submit", "resubmit",
    "forward", "contact", "message", "reach", "ping", "confirm",
];

/// Nouns of what the customer writes to us, besides the verbs' own forms
/// ("a reply", "a message"): "drop us a line from", "a note from", "send
/// the request again from".
const MESSAGES: &[&str] = &[
    "line",
    "note",
    "notes",
    "request",
    "requests",
    "response",
    "responses",
];

/// Words that may stand between a verb of writing and the "from" of the
/// address it is written from: its objects and adverbs ("write to us
/// again from", "resend it from", "get in touch again from", "write in
/// from").
const BEFORE_FROM: &[&str] = &[
    "us", "me", "it", "them", "this", "that", "yours", "again", "directly", "instead", "later",
    "once", "more", "to", "in", "just", "only", "please",
];

/// Whether the "from" at `from` in `words` gives where the customer writes
/// from: the word it follows, past the verb's objects and adverbs, is a
/// verb of writing or a message ("reply from", "send it again from", "a
/// message from", "get in touch from", "reach out to us from"). Where
/// something is found is not ("the invoice reference from your billing
/// email", "send me the invoice number from your email": the number is
/// what comes from there), nor something else that came from there ("the
/// charge came from").
fn written_from(words: &[&str], from: usize) -> bool {
    let Some(head) = words[..from].iter().rposition(|w| !BEFORE_FROM.contains(w)) else {
        return false;
    };
    let word = words[head];
    let previous = head.checked_sub(1).map_or("", |p| words[p]);
    base_of(word, WRITING).is_some()
        || MESSAGES.contains(&word)
        // "get in touch", "be in touch".
        || (word == "touch" && previous == "in")
        // "reach out to us from", "get back to us from", "write back from".
        || (matches!(word, "out" | "back")
            && base_of(previous, &["reach", "get", "come", "write", "reply", "email"]).is_some())
}

/// Nouns after "invoice" that name a part of it or a thing about it, not
/// the invoice: "the invoice line", "the invoice amount", "the invoice
/// date".
const INVOICE_PARTS: &[&str] = &[
    "line", "lines", "amount", "amounts", "total", "totals", "date", "dates", "item", "items",
    "entry", "entries", "row", "rows",
];

/// Nouns of a picture or copy of an invoice: "a screenshot of the
/// invoice" asks for the picture, not the invoice's number.
const PICTURES: &[&str] = &[
    "screenshot",
    "screenshots",
    "photo",
    "photos",
    "picture",
    "pictures",
    "image",
    "images",
    "scan",
    "capture",
];

/// Whether the invoice word at `i` of `words` (a request's) asks for no
/// invoice number: a part of the invoice ("the invoice line and the
/// amount you see"), a picture of it ("a screenshot of the invoice"), or
/// an invoice named by its id ("anything else on INV-26189"). A request
/// for the number names the number, its reference or id, or asks which
/// invoice (play-para-st15, B5).
fn not_the_invoice_itself(words: &[&str], i: usize) -> bool {
    let next = words.get(i + 1).copied().unwrap_or("");
    if matches!(
        next,
        "number" | "numbers" | "reference" | "id" | "ref" | "no"
    ) || (i > 0 && matches!(words[i - 1], "which" | "what"))
    {
        return false;
    }
    let named = words[i] == "inv" && next.chars().any(|c| c.is_ascii_digit());
    let part = INVOICE_PARTS.contains(&next);
    let pictured = words[i.saturating_sub(3)..i]
        .iter()
        .any(|w| PICTURES.contains(w));
    named || part || pictured
}

/// What a request asks for: `words` are the request's, read from the
/// sentence holding word `at` of `text` (the source its feedback quotes).
fn read_asks(words: &[&str], reading: &mut Reading, text: &Text, at: usize) {
    let mut found = |m: Move| reading.record(Finding::Move(m), text, at);
    let invoice = words.iter().enumerate().any(|(i, w)| {
        (matches!(*w, "invoice" | "inv" | "receipt") && !not_the_invoice_itself(words, i))
            || (*w == "order"
                && words
                    .get(i + 1)
                    .is_some_and(|n| matches!(*n, "number" | "id" | "reference")))
    });
    if invoice {
        found(Move::AskInvoice);
    }
    // "reply to this email with the number": the message being written,
    // no address of the customer's; nor is "the receipt email" (a message
    // of a kind).
    let address = words.iter().enumerate().any(|(i, w)| {
        matches!(*w, "email" | "address" | "mailbox" | "e" | "mail")
            && !this_message(words, i)
            && !a_kind_of_message(words, i)
    });
    let on_record = any(words, ON_RECORD);
    // "verify it is you", "confirm your identity", "prove who you are";
    // not "two-step verification", which secures the account.
    let who_you_are = words.windows(3).any(|w| w == ["who", "you", "are"]);
    let it_is_you = words.windows(3).any(|w| w == ["it", "is", "you"])
        || words.windows(2).any(|w| w == ["you", "own"])
        || who_you_are;
    let confirmed_self = (it_is_you || who_you_are)
        && words
            .iter()
            .any(|w| base_of(w, &["confirm", "prove", "show"]).is_some());
    // The verification link is what section 6 verifies an identity with
    // ("do click the verification link we've sent there").
    let link = words
        .windows(2)
        .any(|p| matches!(p[0], "verification" | "verify") && matches!(p[1], "link" | "email"));
    // A proof of identity asked for names the identity; what proves it
    // is said apart (section 4: by writing from the account email).
    let proof_named = any(words, &["identity", "ownership", "owner", "holder"])
        || (any(words, &["verify", "verified", "verification", "prove"]) && (it_is_you || address))
        || confirmed_self;
    // "We'll need to hear (back) from you at your account email": our
    // hearing from the customer is their writing to us.
    let heard_from_you = words.windows(4).any(|p| {
        is_form_of(p[0], "hear")
            && (p[1..3] == ["from", "you"] || p[1..] == ["back", "from", "you"])
    });
    // "Could you resend it from your Marrow & Vine email?", "please write
    // from your work address", "get in touch again from your work
    // address": sending from one address, not any, is proving the account
    // is theirs ([`written_from`]); "the invoice reference from your
    // billing email" is where the number is found.
    // "hear from us by email" is our message, sent from our side.
    // "from your personal address" is the address not on record.
    let from_address = words.iter().enumerate().any(|(i, w)| {
        let after = &words[i + 1..(i + 7).min(words.len())];
        *w == "from"
            && words.get(i + 1) != Some(&"us")
            && after
                .iter()
                .position(|a| matches!(*a, "email" | "address" | "mailbox" | "inbox"))
                .is_some_and(|k| !after[..k].iter().any(|m| NOT_ON_RECORD.contains(m)))
            && (written_from(words, i) || heard_from_you)
    });
    // "check the invoice emails sent to your account email": an address
    // something was sent to is a mailbox to look in, not the address to
    // write to us from.
    // "Would you prefer that update by email, or a phone call to the
    // number on your account?": email as the way our message travels, a
    // place our message goes to, and contact details we hold for another
    // channel ask for no proof (play-para-st13, B2); the address must be
    // the one on record ("the email address registered to your account").
    let contact_addresses: Vec<usize> = (0..words.len())
        .filter(|&i| {
            matches!(words[i], "email" | "address" | "mailbox" | "e" | "mail")
                && !this_message(words, i)
                && !a_kind_of_message(words, i)
                && !a_channel(words, i)
                && !a_destination(words, i)
                && !words[i.saturating_sub(4)..i]
                    .iter()
                    .any(|b| matches!(*b, "sent" | "emailed" | "delivered" | "went" | "arrived"))
        })
        .collect();
    let contact_address = !contact_addresses.is_empty();
    let on_record = on_record
        && contact_addresses
            .iter()
            .any(|&i| recorded_address(words, i));
    // "Please keep using the account email for anything else about this
    // request", "do carry on writing to us from your account address": a
    // channel the customer already writes from, kept, is no proof asked
    // for (play-para-st6, C1); an identity named still asks it ("keep
    // using it so we can verify it is you").
    let continuing = words.windows(3).any(|p| {
        let kept = matches!(p[0], "keep" | "keeps")
            || is_form_of(p[0], "continue")
            || (is_form_of(p[0], "carry") && p[1] == "on");
        let verb = if matches!(p[1], "to" | "on") {
            p[2]
        } else {
            p[1]
        };
        kept && base_of(verb, CHANNEL_VERBS).is_some()
    });
    // Section 4 asks for the identity to be verified from the account
    // email: an identity asked for by any other means ("Please verify
    // your identity", "a photo of your ID so we can verify your
    // identity", "verify your identity with your password") is not that
    // ask; the account email written from, or the link sent to it, is.
    // A channel the customer already writes from, kept, is that ask
    // only when the identity is named with it.
    let account_email = (contact_address && on_record) || from_address;
    if link || sent_to_record(words) || (account_email && (proof_named || !continuing)) {
        found(Move::AskVerification);
    }
    let password = any(words, &["password", "passwords", "passphrase"])
        && words.iter().any(|w| {
            base_of(
                w,
                &[
                    "reset", "change", "update", "set", "choose", "pick", "create", "replace",
                ],
            )
            .is_some()
        });
    // "Revoke it now", "rotate it": only credentials are revoked or
    // rotated, whatever stands for them.
    let credential_verb = words
        .iter()
        .any(|w| base_of(w, &["revoke", "rotate", "regenerate", "invalidate"]).is_some());
    let key = credential_verb
        || any(words, &["key", "keys", "token", "tokens", "credentials"])
            && words.iter().any(|w| {
                base_of(
                    w,
                    &[
                        // "kill that key", "generate a new key".
                        "kill",
                        "generate",
                        "create",
                        "revoke",
                        "rotate",
                        "regenerate",
                        "replace",
                        "deactivate",
                        "disable",
                        "delete",
                        "remove",
                        "invalidate",
                        "cancel",
                    ],
                )
                .is_some()
            });
    // "two-step verification", "2-step sign-in"; not "the next step is to
    // send us the invoice number of the add-on charge".
    let two_step = words
        .windows(2)
        .any(|p| p[1] == "step" && (matches!(p[0], "two" | "2" | "multi") || p[0].ends_with("2")));
    let second_factor = (any(
        words,
        &["factor", "2fa", "mfa", "authentication", "authenticator"],
    ) || two_step)
        && words
            .iter()
            .any(|w| base_of(w, &["enable", "turn", "set", "activate", "switch", "add"]).is_some());
    let sessions = any(words, &["sessions", "devices", "everywhere"])
        && words
            .windows(2)
            .any(|p| matches!(p, [s, "out"] if base_of(s, &["sign", "log"]).is_some()));
    if password || key || second_factor || sessions {
        found(Move::AskSecure);
    }
}
