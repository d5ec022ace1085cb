//! One clause as every frame reads it ([`ClauseScan`]): its words with
//! asides blanked and idioms of contact read as their plain verb, who is
//! before each word, what "it" stands for, and the word at hand
//! ([`WordAt`]); and what the frames find ([`Found`]).

use crate::support_triage::reply::clause::{self, Clause, LeadKind, Opener, has_subject, ours};
use crate::support_triage::reply::next_step;
use crate::support_triage::reply::nouns::{Thing, thing};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, is_form_of, negated};
use std::cell::OnceCell;

use super::lexicon::{Lex, lex};
use super::phrases::perceived_from;
use super::predicated::{Predicate, predicate};
use super::reference::{
    antecedent, blanked, interrupted_subject, labelled_subject, outcome_antecedent,
};
use super::wishes::{continues_wish, requested_across_commas, wish_content, wish_start};

/// One outcome found in a clause, with the words it was read from.
pub(super) struct Found {
    pub(super) outcome: Commitment,
    /// Word indices (of the whole [`Text`]) to test for negation.
    pub(super) at: [usize; 2],
    /// The outcome is said by denying its opposite (frame 4): negation is
    /// what makes it a promise.
    pub(super) by_denial: bool,
    /// The outcome is the subject of a refusal ("refunds of charges that
    /// old aren't something I can authorise", "a refund is beyond what I
    /// can approve"): declined, whatever negation reaches its words.
    pub(super) refused: bool,
    /// The outcome is said done by a pro-form that stands for it ("We
    /// have.", "that's done", "we've done so"), whatever its words' tense.
    pub(super) done: bool,
    /// The outcome is said of the whole as a predicate's subject ("a full
    /// refund isn't possible", "refunding the whole year isn't something
    /// we can do"); the other frames' objects are read after their words
    /// ([`super::scope::whole_object`]).
    pub(super) whole: bool,
}

/// What a clause speaks of anywhere in it.
pub(super) struct Holds {
    pub(super) fee: bool,
    /// Data, or "nothing" / "none" ("nothing will remain").
    pub(super) data: bool,
}

/// The clause at `at`, read once for every word the frames look at.
pub(super) struct ClauseScan<'t> {
    pub(super) text: &'t Text,
    pub(super) clauses: &'t [Clause],
    pub(super) at: usize,
    pub(super) clause: &'t Clause,
    /// Which words of the text are in a bracketed aside
    /// ([`clause::asides`]), which are no part of the clause's noun
    /// phrases ("your refund ($120.00) has been processed").
    pub(super) aside: &'t [bool],
    /// The sums named as the fee, in the reply or the case.
    pub(super) fees: &'t [String],
    /// The clause's words, an aside's blank.
    pub(super) words: Vec<&'t str>,
    /// The clause's first word, in the whole [`Text`].
    pub(super) base: usize,
    first_ours: Option<usize>,
    first_you: Option<usize>,
    /// The clause has no subject of its own and continues one of ours.
    inherits: bool,
    pub(super) holds: Holds,
    /// A time is named near the clause: a case settled is a deadline.
    pub(super) timed: bool,
    /// The whole clause is the customer's wish.
    pub(super) whole_wish: bool,
    /// Where the customer's wish starts in the clause.
    pub(super) wish: Option<usize>,
    /// How many of the clause's first words are what a restated request
    /// asks for, the request noun in an earlier clause of the sentence
    /// ([`requested_across_commas`]).
    pub(super) requested: usize,
    pub(super) lexes: Vec<Lex>,
    /// What "it" stands for, found when a clause needs it.
    earlier: OnceCell<Option<Thing>>,
    /// The outcome "it" stands for ("Your refund is approved. We are
    /// issuing it today").
    earlier_outcome: OnceCell<Option<Commitment>>,
    /// The words of the subject an aside interrupted, for a predicate with
    /// no subject of its own ("your refund of £232.00 (the add-on you
    /// never used) | has been approved").
    pub(super) interrupted: Option<Vec<&'t str>>,
    pub(super) money_in_clause: bool,
    /// "... once you reset your password", "... if you sign in again": what
    /// follows from the customer's own step is advice, not our outcome.
    pub(super) by_own_hand: bool,
    /// "You'll hear from us within the hour about the next steps to get you
    /// back in", "we'll update you on the refund": what a message from us
    /// will be about is its topic, not an outcome given.
    pub(super) topic_from: Option<usize>,
    /// "Refunds of charges that old aren't something I can authorise": the
    /// outcome is the subject of what we can or cannot do with it; its
    /// words are a noun phrase, read once as the predicate says.
    pub(super) predicated: Option<Predicate>,
    /// "We cannot act on it until we have confirmed that it comes from
    /// you": what a refusal waits for after "until" is its condition, not
    /// a deed done (section 5: saying what we cannot do is no promise).
    /// Without the refusal ("we'll keep it open until we have deleted
    /// it") the wait presupposes the deed, as "once" does.
    pub(super) awaited_from: Option<usize>,
}

/// The word at `k` of a [`ClauseScan`], as the frames read it.
pub(super) struct WordAt<'t> {
    pub(super) k: usize,
    pub(super) w: &'t str,
    pub(super) previous: Option<&'t str>,
    pub(super) next: Option<&'t str>,
    pub(super) lx: Lex,
    /// "a refund", "refund policy", the object of a giving verb.
    pub(super) is_noun: bool,
    pub(super) passive: bool,
}

impl<'t> ClauseScan<'t> {
    pub(super) fn new(
        text: &'t Text,
        clauses: &'t [Clause],
        at: usize,
        aside: &'t [bool],
        fees: &'t [String],
    ) -> Self {
        let clause = &clauses[at];
        let mut words: Vec<&str> = clause
            .texts(text)
            .into_iter()
            .enumerate()
            .map(|(k, w)| if aside[clause.from + k] { "" } else { w })
            .collect();
        contact_idioms(&mut words);
        // "I can see a goodwill refund was already given": what we perceive
        // is read as said alone; our seeing gives nothing.
        if let Some(fact) = perceived_from(&words) {
            words[..fact].fill("");
        }
        let base = clause.from;
        // Who is before each word, found once per clause.
        // "Happy to refund you": our side, unsaid (not "you'll be glad to
        // hear ...", whose subject is the customer).
        let glad = (0..words.len()).find(|&g| {
            matches!(words[g], "happy" | "glad" | "pleased" | "delighted")
                && words.get(g + 1) == Some(&"to")
                && !words[..g]
                    .iter()
                    .any(|p| matches!(*p, "you" | "they" | "he" | "she"))
        });
        let first_ours = words.iter().position(|w| ours(&[w])).or(glad);
        let first_you = words.iter().position(|w| *w == "you");
        let inherits = inherits_ours(text, clauses, at, &words);
        let in_clause = |kind: Thing| words.iter().any(|x| thing(x) == Some(kind));
        let holds = Holds {
            fee: in_clause(Thing::Fee),
            data: (0..words.len()).any(|i| names_data(&words, i))
                || words.iter().any(|x| matches!(*x, "nothing" | "none")),
        };
        let timed = !next_step::times_in(text, clauses, at).is_empty();
        // "You asked us to delete your data and close your account": an
        // infinitive coordinated with the wish is the wish too.
        let whole_wish = continues_wish(text, clauses, at) || wish_content(text, clauses, at);
        let wish = wish_start(&words);
        let requested = requested_across_commas(text, clauses, at);
        let lexes: Vec<Lex> = words.iter().map(|w| lex(w)).collect();
        let interrupted: Option<Vec<&str>> = interrupted_subject(text, clauses, at)
            .map(|s| clauses[s])
            .or_else(|| labelled_subject(text, clauses, at))
            .map(|s| blanked(text, &s, aside));
        let money_in_clause = in_clause(Thing::Money);
        let by_own_hand = clauses.iter().any(|c| {
            c.sentence == clause.sentence
                && matches!(c.opener, Some(Opener::Once | Opener::Condition))
                && c.texts(text).first() == Some(&"you")
        });
        let topic_from = topic_start(&words);
        let breaks: Vec<bool> = (0..words.len())
            .map(|i| i > 0 && text.words[base + i].clause != text.words[base + i - 1].clause)
            .collect();
        let predicated = predicate(&words, &breaks);
        let awaited_from = words
            .iter()
            .position(|w| matches!(*w, "until" | "till"))
            .filter(|&u| (0..u).any(|i| negated(text, base + i, base + i + 1)));
        ClauseScan {
            text,
            clauses,
            at,
            clause,
            aside,
            fees,
            words,
            base,
            first_ours,
            first_you,
            inherits,
            holds,
            timed,
            whole_wish,
            wish,
            requested,
            lexes,
            earlier: OnceCell::new(),
            earlier_outcome: OnceCell::new(),
            interrupted,
            money_in_clause,
            by_own_hand,
            topic_from,
            predicated,
            awaited_from,
        }
    }

    /// Whether our side is the subject before word `k`.
    pub(super) fn ours_before(&self, k: usize) -> bool {
        self.first_ours.is_some_and(|o| o < k) || self.inherits
    }

    /// Whether the customer is named before word `k`.
    pub(super) fn you_before(&self, k: usize) -> bool {
        self.first_you.is_some_and(|y| y < k)
    }

    /// What "it" stands for ([`antecedent`]).
    pub(super) fn resolve(&self) -> Option<Thing> {
        *self
            .earlier
            .get_or_init(|| antecedent(self.text, self.clauses, self.at, self.aside))
    }

    /// The outcome "it" stands for ([`outcome_antecedent`]).
    pub(super) fn stands_for(&self) -> Option<Commitment> {
        *self
            .earlier_outcome
            .get_or_init(|| outcome_antecedent(self.text, self.clauses, self.at, self.aside))
    }

    /// Records `outcome`, read from words `at` of the clause, unless it is
    /// the topic of a message we promise, or a deadline with no time.
    pub(super) fn push(
        &self,
        found: &mut Vec<Found>,
        outcome: Commitment,
        at: [usize; 2],
        by_denial: bool,
    ) {
        if self.topic_from.is_some_and(|t| at[0] > t) {
            return;
        }
        if outcome != Commitment::Deadline || self.timed {
            found.push(Found {
                outcome,
                at: [self.base + at[0], self.base + at[1]],
                by_denial,
                refused: false,
                done: false,
                whole: false,
            });
        }
    }

    /// Records `outcome` as [`Self::push`] does, said done when `done`.
    pub(super) fn push_done(
        &self,
        found: &mut Vec<Found>,
        outcome: Commitment,
        at: usize,
        done: bool,
    ) {
        let before = found.len();
        self.push(found, outcome, [at, at], false);
        if let Some(pushed) = found.get_mut(before) {
            pushed.done = done;
        }
    }
}

/// Whether the word at `i` names data: a data noun, but "trace" only of
/// the customer or what they hold ("no trace of you", "no trace of your
/// records"), not of anything else ("no trace of the error remains").
fn names_data(words: &[&str], i: usize) -> bool {
    if thing(words[i]) != Some(Thing::Data) {
        return false;
    }
    if !(matches!(words[i], "trace" | "traces") && words.get(i + 1) == Some(&"of")) {
        return true;
    }
    words[i + 2..]
        .iter()
        .find(|w| !matches!(**w, "the" | "a" | "an" | "any" | "this" | "that"))
        .is_some_and(|w| {
            matches!(*w, "you" | "your" | "yours")
                || matches!(thing(w), Some(Thing::Data | Thing::Account))
        })
}

/// Idioms of writing to someone read as the plain verb ("drop you a
/// line", "shoot you a note", "ping you a message" are "email you", not
/// something dropped or removed), "sign off" read as "approve", a
/// clause-opening "given" read as the reason it gives, and clock times
/// blanked.
fn contact_idioms(words: &mut [&str]) {
    for k in 0..words.len() {
        let verb = ["drop", "shoot", "ping", "send"]
            .iter()
            .any(|v| is_form_of(words[k], v));
        if !verb {
            continue;
        }
        let person = usize::from(matches!(
            words.get(k + 1).copied(),
            Some("you" | "us" | "me" | "him" | "her" | "them")
        ));
        let article = k + 1 + person;
        let note = matches!(
            words.get(article + 1).copied(),
            Some("line" | "note" | "message" | "email" | "mail" | "quick")
        );
        if person == 1 && words.get(article) == Some(&"a") && note {
            words[k] = "email";
            words[article] = "";
            words[article + 1] = "";
        }
    }
    // "The manager will sign off your refund", "has signed off on it":
    // signing off is approving (play-st42, B2's near miss).
    for k in 0..words.len().saturating_sub(1) {
        let approving = match words[k] {
            "sign" => "approve",
            "signs" => "approves",
            "signed" => "approved",
            "signing" => "approving",
            _ => continue,
        };
        if words[k + 1] == "off" {
            words[k] = approving;
            words[k + 1] = "";
            if words.get(k + 2) == Some(&"on") {
                words[k + 2] = "";
            }
        }
    }
    // "Given the earlier waiver on the account" opening a clause is a
    // reason ("considering"), not something given.
    for k in 0..words.len() {
        let opens = k == 0 || matches!(words[k - 1], "and" | "but" | "so" | "especially");
        if words[k] == "given" && opens {
            words[k] = "considering";
        }
    }
    // A clock time ("by 5 pm", "at 9 o'clock") is no sum of money.
    for k in 0..words.len().saturating_sub(1) {
        let clock = matches!(words[k + 1], "am" | "pm" | "o" | "oclock");
        if clock && crate::text::number_value(words[k]).is_some() {
            words[k] = "";
        }
    }
}

/// Where the topic of a message we promise starts: a verb of telling
/// the customer ("hear from us", "update you", "get back to you", "be in
/// touch", "contact you") followed by "about", "regarding", "on",
/// "concerning" or "with an update on".
fn topic_start(words: &[&str]) -> Option<usize> {
    let telling = words.iter().position(|w| {
        matches!(
            *w,
            "hear"
                | "update"
                | "contact"
                | "touch"
                | "reply"
                | "respond"
                | "write"
                | "call"
                | "email"
                | "follow"
        ) || (*w == "back"
            && words
                .iter()
                .take_while(|x| **x != "back")
                .any(|x| is_form_of(x, "get") || is_form_of(x, "come")))
    })?;
    (telling + 1..words.len()).find(|&k| {
        matches!(words[k], "about" | "regarding" | "concerning")
            || (words[k] == "on" && words[k - 1] == "update")
            || (words[k] == "steps" && words.get(k + 1) == Some(&"to"))
    })
}

/// Whether clause `at` has no subject of its own and continues a clause
/// whose subject is on our side ("we will review it and refund you").
fn inherits_ours(text: &Text, clauses: &[Clause], at: usize, words: &[&str]) -> bool {
    if has_subject(words) {
        return false;
    }
    if our_list_item(text, &clauses[at], words) {
        return true;
    }
    let mut at = at;
    while let Some(previous) = clause::continued_across(text, clauses, at) {
        let earlier = clauses[previous].texts(text);
        // "Next steps:\n- Refund the $377.00 to your card": a step of our
        // plan with no doer of its own is ours.
        let our_plan = clauses[at]
            .led
            .is_some_and(|lead| lead.kind == LeadKind::Plan && lead.by == previous);
        if ours(&earlier) || our_plan {
            return true;
        }
        if has_subject(&earlier) {
            return false;
        }
        at = previous;
    }
    false
}

/// Past forms that open a list item of what was done ("1. Checked ...",
/// "- Sent ...").
const IRREGULAR_PAST: &[&str] = &[
    "paid", "sent", "took", "gave", "made", "kept", "put", "set", "got", "dealt", "struck",
    "forgave", "let", "wrote", "did",
];

/// Adverbs that may open a list item before its past verb: one more
/// deed. Not "already", which opens a condition ("- Already paid:
/// credited back").
const ITEM_ADVERBS: &[&str] = &["also", "then", "additionally", "separately"];

/// Whether `clause` opens an item of a list with a past verb and no
/// subject ("2. Waived the £42.00 late fee on invoice INV-47526", "-
/// Refunded $98.00 to your card"): in a reply, a list of what was done is
/// ours, unless the line that introduces it says the list is the
/// customer's ("Here's what you told us:").
fn our_list_item(text: &Text, clause: &Clause, words: &[&str]) -> bool {
    // "- Also refunded to your card: $13.37", "- Then credited back": an
    // adverb before the past verb leaves it the item's verb.
    let first = words
        .iter()
        .find(|w| !w.is_empty() && !ITEM_ADVERBS.contains(w));
    let past = first.is_some_and(|w| w.ends_with("ed") || IRREGULAR_PAST.contains(w));
    if !past || !clause::opens_list_item(text, clause.from) {
        return false;
    }
    let intro = clause::list_intro(text, clause.from);
    let told: Vec<&str> = intro
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .collect();
    let customers = told.windows(2).any(|p| {
        p[0].eq_ignore_ascii_case("you")
            && (p[1].ends_with("ed") || IRREGULAR_PAST.contains(&p[1]) || p[1] == "told")
    });
    !customers
}
