//! The shape of a clause's words that several frames ask about: whether
//! an outcome word is a noun here ("a refund", "the desk refund policy",
//! "goodwill refunds are for ..."), a passive ("has been refunded") or a
//! participle describing the noun before it ("the plan cancelled last
//! month"), a role's function ("responsible for refunds"), and where a
//! fact we report starts ("I can see | a refund was given").

use crate::support_triage::reply::clause::{self};
use crate::support_triage::reply::nouns::{PREPOSITIONS, ends_compound_noun, outcome_noun, thing};
use crate::text::Text;

use super::lexicon::{AUXILIARIES_AND_JOINERS, IRREGULAR_PARTICIPLES};

/// Whether the word at `k` names the function a role holds: right after
/// "responsible for", "accountable for" or "in charge of", with at most
/// one word between ("responsible for data deletion").
pub(super) fn role_function(words: &[&str], k: usize) -> bool {
    // "we are responsible for refunding you" is a deed of ours.
    !words[k].ends_with("ing")
        && (1..=2).any(|d| {
            k > d
                && matches!(
                    (words[k - d - 1], words[k - d]),
                    ("responsible" | "accountable", "for") | ("charge", "of")
                )
        })
}

/// Which words of a clause (`words`, from word `base` of `text`) stand in a
/// relative clause that says what a person or team of ours does as its
/// job: "the manager who signs off refunds outside the standard window
/// will review it", "our billing team, who look after refunds, will
/// review your request", "the team that handles refunds". Its verb is in
/// the simple present, a habit of the role, so it promises nothing for
/// this customer (play-st42, B2); the role's promise is the main verb
/// after it ("the manager who reviews it will refund you"). A relative
/// clause with a modal or an auxiliary ("who will refund you today", "who
/// has approved your refund") or that speaks of the customer ("who
/// processes your refund") is no job description.
pub(super) fn describes_a_role(text: &Text, base: usize, words: &[&str]) -> Vec<bool> {
    let mut marked = vec![false; words.len()];
    for r in 0..words.len() {
        // A relative clause after a comma may open a clause of its own
        // ("our billing supervisor, | who handles refunds ..."): its
        // antecedent is the word before, in the same sentence.
        let antecedent = match r.checked_sub(1) {
            Some(p) => words[p],
            None => match (base + r).checked_sub(1).map(|p| &text.words[p]) {
                Some(p) if p.sentence == text.words[base + r].sentence => p.text.as_str(),
                _ => "",
            },
        };
        let relative = match words[r] {
            "who" => !antecedent.is_empty() && !AUXILIARIES_AND_JOINERS.contains(&antecedent),
            "that" | "which" => {
                clause::OUR_SIDE.contains(&antecedent)
                    && !matches!(antecedent, "we" | "i" | "us" | "our")
            }
            _ => false,
        };
        if !relative {
            continue;
        }
        // The relative clause ends at a comma or dash, or at the main
        // verb's auxiliary ("... outside the standard window | will review
        // it").
        let end = (r + 1..words.len())
            .find(|&i| {
                text.gap(base + i)
                    .contains([',', ';', '\u{2013}', '\u{2014}'])
                    || FINITE.contains(&words[i])
                    || MODALS.contains(&words[i])
            })
            .unwrap_or(words.len());
        let verb =
            (r + 1..end).find(|&i| !words[i].ends_with("ly") && !HABIT_ADVERBS.contains(&words[i]));
        let habitual = verb.is_some_and(|v| {
            !words[v].ends_with("ed") && !IRREGULAR_PARTICIPLES.contains(&words[v])
        });
        let of_the_customer = words[r + 1..end]
            .iter()
            .any(|w| matches!(*w, "you" | "your" | "yours" | "this"));
        if habitual && !of_the_customer {
            marked[r + 1..end].fill(true);
        }
    }
    marked
}

/// Modals a relative clause's own verb may not have to describe a job.
const MODALS: &[&str] = &["shall", "should", "may", "might", "must", "cannot"];

/// Adverbs of a habit between a relative pronoun and its verb ("who
/// also handles", "who personally signs off").
const HABIT_ADVERBS: &[&str] = &["also", "often", "always", "then", "still", "now"];

/// Words that follow the head of a subject noun phrase and never the
/// verb of a deed: a form of "be", a modal, or a verb a rule of
/// eligibility is said with ("goodwill refunds are for ...", "courtesy
/// credits only apply to ...", "a goodwill refund needs five years").
const PREDICATE_AFTER_SUBJECT: &[&str] = &[
    "is", "are", "was", "were", "isn't", "aren't", "will", "would", "can", "cannot", "must", "may",
    "might", "should", "need", "needs", "require", "requires", "apply", "applies", "depend",
    "depends", "only",
];

/// Words before a verb of ours: its subject, an auxiliary or an adverb of
/// it ("we refund", "I will credit", "we usually refund").
const BEFORE_A_VERB: &[&str] = &[
    "we", "i", "they", "he", "she", "it", "you", "who", "which", "that", "to", "and", "or", "also",
    "then", "just", "usually", "normally", "always", "never", "not",
];

/// Whether the word at `k` heads a subject noun phrase after a modifier
/// of its kind: "our goodwill refunds are for customers of five full
/// years", "goodwill refunds only apply to ...". A verb of a deed has its
/// subject before it and its object after it, never a predicate; read as
/// a noun, a rule of eligibility stated about a kind of refund gives
/// nothing (play-para-st13, B1).
fn heads_a_subject(words: &[&str], k: usize) -> bool {
    k > 0
        && words
            .get(k + 1)
            .is_some_and(|n| PREDICATE_AFTER_SUBJECT.contains(n))
        && !words[k - 1].is_empty()
        && !BEFORE_A_VERB.contains(&words[k - 1])
        && !AUXILIARIES_AND_JOINERS.contains(&words[k - 1])
        && !words[k - 1].ends_with("ly")
}

/// Nouns a refund word may modify inside the name of a document, scheme
/// or page: "our goodwill refund article (KB-816)", "the refunds page",
/// "our credit scheme".
const NAMED_THINGS: &[&str] = &[
    "article",
    "articles",
    "page",
    "pages",
    "scheme",
    "schemes",
    "guide",
    "guides",
    "guidance",
    "guidelines",
    "programme",
    "program",
    "faq",
    "faqs",
    "section",
    "criteria",
    "conditions",
    "rule",
    "entry",
    "documentation",
    "doc",
    "docs",
    "help",
];

/// Whether the outcome word at `k` stands inside a noun phrase, as its
/// head before the predicate ("our goodwill refunds are for customers of
/// five full years": [`heads_a_subject`]) or as a modifier of a named
/// thing ("as our goodwill refund article (KB-816) explains", "see our
/// refunds page"). Either way it names a kind of refund and commits to
/// nothing; the sentence's own predicate decides (play-para-st13, B1;
/// play-para-st15, B3).
pub(super) fn in_a_noun_phrase(words: &[&str], k: usize) -> bool {
    heads_a_subject(words, k) || words.get(k + 1).is_some_and(|n| NAMED_THINGS.contains(n))
}

/// Verbs of our seeing or telling what is so: after "I can", "we're able
/// to" they report a fact, and the ability is to see it, not to give it.
const PERCEIVING: &[&str] = &[
    "see", "confirm", "tell", "find", "spot", "notice", "check", "verify", "show",
];

/// Words of a clause's finite verb: a perception verb followed by one has
/// a clause as its object ("I can see a refund was given"), not a noun
/// ("we can confirm the refund").
const FINITE: &[&str] = &[
    "was", "were", "is", "are", "has", "have", "had", "will", "would", "did", "does", "do", "can",
    "could",
];

/// Where the fact a perception of ours reports begins in `words` (a
/// clause's): "I can see | a goodwill refund was already given", "we are
/// able to confirm that | your account had a waiver last year". Our side,
/// an ability ("can", "could", "able to"), a verb of [`PERCEIVING`] and an
/// optional "that", followed by a clause of its own (a finite verb in it).
/// What follows is the reported fact, read as if said alone; "we can
/// confirm the refund" (a noun, no clause) is no report.
pub(super) fn perceived_from(words: &[&str]) -> Option<usize> {
    (1..words.len()).find_map(|k| {
        if !PERCEIVING.contains(&words[k]) {
            return None;
        }
        let before = &words[k.saturating_sub(4)..k];
        let ability = before
            .iter()
            .rposition(|w| matches!(*w, "can" | "could" | "able"))?;
        let subject = before[..ability].iter().any(|w| matches!(*w, "i" | "we"));
        let governs = before[ability + 1..]
            .iter()
            .all(|w| matches!(*w, "to" | "now" | "already" | "also" | "clearly"));
        let from = if words.get(k + 1) == Some(&"that") {
            k + 2
        } else {
            k + 1
        };
        let clause_after = words[from..].iter().any(|w| FINITE.contains(w));
        (subject && governs && clause_after && !negated_word(before)).then_some(from)
    })
}

/// Whether `words` hold a plain negation ("we can't see", "cannot").
fn negated_word(words: &[&str]) -> bool {
    words
        .iter()
        .any(|w| matches!(*w, "not" | "cannot" | "never" | "unable"))
}

/// Whether the outcome word at `k` ends a compound noun after a noun of
/// our side ("past the 30-day window for a desk refund", "the desk refund
/// policy", "for team credits"): a singular noun with a bare verb after it
/// does not agree as a subject ("the desk refund"), and after "a" or a
/// preposition the noun opens a noun phrase, not a clause. "The desk
/// refunds you" and "the desk will refund" keep their subject (play-st24,
/// B1).
pub(super) fn compound_of_ours(words: &[&str], k: usize) -> bool {
    let Some(p) = k.checked_sub(1) else {
        return false;
    };
    let noun = words[p];
    if !clause::OUR_SIDE.contains(&noun) || matches!(noun, "we" | "i" | "us" | "our") {
        return false;
    }
    let w = words[k];
    let agrees = w.ends_with('s') || w.ends_with("ed") || w.ends_with("ing");
    let singular = !noun.ends_with('s');
    let opened = p
        .checked_sub(1)
        .is_some_and(|d| matches!(words[d], "a" | "an") || PREPOSITIONS.contains(&words[d]));
    (singular && !agrees) || opened
}

/// Whether the verb at `k` is passive: a form of "be" (or "get") before it,
/// allowing an adverb or a short object between ("has been fully
/// refunded", "get the fee taken off").
pub(super) fn passive_before(words: &[&str], k: usize) -> bool {
    (k.saturating_sub(3)..k).any(|p| {
        matches!(
            words[p],
            "be" | "been" | "being" | "is" | "are" | "was" | "were" | "get" | "got" | "gets"
        )
    })
}

/// How many words the noun phrase between "consider" and its state may
/// hold ("consider all of your records deleted", "consider the $35.00
/// late fee on invoice INV-98594 forgiven": a sum, an id and the phrase
/// that places the object are words of it).
const CONSIDERED_REACH: usize = 10;

/// Whether the participle at `k` is the state a form of "consider" gives
/// its object: "consider your account closed", "you can consider your
/// data deleted". The object is a noun phrase opened by a determiner, with
/// no verb in it; the state is said of it as a passive says it ("your
/// account is closed"), not done by whoever considers.
pub(super) fn considered_state(words: &[&str], k: usize) -> bool {
    let participle = words[k].ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&words[k]);
    if !participle {
        return false;
    }
    let Some(c) = (k.saturating_sub(CONSIDERED_REACH + 1)..k.saturating_sub(1))
        .rev()
        .find(|&c| crate::text::is_form_of(words[c], "consider"))
    else {
        return false;
    };
    let object = &words[c + 1..k];
    object
        .first()
        .is_some_and(|d| PHRASE_DETERMINERS.contains(d) || *d == "all")
        && object
            .iter()
            .all(|w| !FINITE_OR_SUBORDINATE.contains(w) && !NOT_A_HEAD.contains(w))
}

/// Words a noun phrase opens with, for [`describes_noun_before`].
pub(super) const PHRASE_DETERMINERS: &[&str] = &[
    "the", "your", "my", "our", "their", "his", "her", "its", "a", "an", "this", "that", "these",
    "those",
];

/// Words that make a clause finite, or open a clause of its own, before a
/// noun phrase or after a participle.
const FINITE_OR_SUBORDINATE: &[&str] = &[
    "is", "are", "was", "were", "am", "will", "would", "shall", "should", "can", "could", "may",
    "might", "must", "has", "have", "had", "do", "does", "did", "cannot", "we", "i", "you", "they",
    "he", "she", "after", "when", "since", "before", "until", "till", "as",
];

/// Words that are no noun of a phrase of their own.
pub(super) const NOT_A_HEAD: &[&str] = &[
    "we", "i", "you", "they", "he", "she", "it", "that", "which", "who", "not", "and", "or",
    "then", "also", "now", "already", "just", "been", "being", "be", "get", "got", "gets",
];

/// Whether the participle at `k` describes the noun right before it, one
/// the reader does not know as an outcome's object: a reduced relative or
/// an intransitive past ("the charges for the plan cancelled on 22 April",
/// "the charges taken after your plan cancelled", "the subscription
/// cancelled last month"). The noun heads a phrase of its own (a
/// determiner opens it), and the clause has a verb of its own elsewhere
/// (before that phrase, or after the participle), or a subordinator opens
/// the phrase: the participle is then no predicate of the clause, and
/// states nothing of an earlier noun (play-para-st16, B2). A verbless line
/// ("Charge for your plan reversed") keeps its participle as its
/// predicate, and a noun the reader knows ("the charges ... reversed")
/// stays the subject.
pub(super) fn describes_noun_before(words: &[&str], k: usize) -> bool {
    let participle = words[k].ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&words[k]);
    let Some(n) = k.checked_sub(1) else {
        return false;
    };
    let noun = words[n];
    let compound = ends_compound_noun(words, n);
    let unknown = !noun.is_empty()
        && (compound
            || (!PREPOSITIONS.contains(&noun)
                && !AUXILIARIES_AND_JOINERS.contains(&noun)
                && !PHRASE_DETERMINERS.contains(&noun)
                && !NOT_A_HEAD.contains(&noun)
                && !noun.ends_with("ly")
                && !noun.chars().any(|c| c.is_ascii_digit())
                && thing(noun).is_none()
                && outcome_noun(words, n).is_none()));
    if !participle || !unknown {
        return false;
    }
    // The determiner that opens the noun's phrase, with only modifiers
    // the reader does not know between ("your annual plan", "the add-on").
    let Some(d) = (n.saturating_sub(3)..n)
        .rev()
        .find(|&i| PHRASE_DETERMINERS.contains(&words[i]))
    else {
        return false;
    };
    let modifiers_only = words[d + 1..n].iter().all(|w| {
        thing(w).is_none()
            && !FINITE_OR_SUBORDINATE.contains(w)
            && (!PREPOSITIONS.contains(w) || *w == "on")
    });
    modifiers_only
        && (words[..d].iter().any(|w| FINITE_OR_SUBORDINATE.contains(w))
            || words[k + 1..]
                .iter()
                .any(|w| FINITE_OR_SUBORDINATE.contains(w)))
}
