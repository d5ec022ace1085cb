//! The five frames read over one clause's words (see the module doc of
//! [`super`]), each outcome found as a [`Found`]; the customer's wish,
//! a topic we will write about and a subject an aside cut off are set
//! aside or joined before.

use crate::support_triage::reply::clause::{self, Clause, Opener, continued, has_subject, ours};
use crate::support_triage::reply::fee_sums::is_fee_sum;
use crate::support_triage::reply::next_step;
use crate::support_triage::reply::nouns::{
    PREPOSITIONS, Thing, ends_compound_noun, object_after, outcome_noun, pronoun, subject_before,
    thing,
};
use crate::support_triage::reply::reading::Commitment;
use crate::text::{Text, base_of, is_form_of, negated};
use std::cell::OnceCell;

use super::deeds::{
    about_a_topic, closes_a_period, comes_off, customers_side_subject, fee_near, fronted_sum,
    generic_object, names_owed_item, refund_near, terse_deed, the_fee_again,
};
use super::denied::{
    Holds, after_modifiers, delay_idiom, denied_loss, denied_opposite, describes_what_is_held,
    future, nothing_more_to_pay,
};
use super::gifts::{PRONOUN_GIVING, by_reference, generic_noun, pronoun_after};
use super::lexicon::{
    AUXILIARIES_AND_JOINERS, DETERMINERS, IRREGULAR_PARTICIPLES, Lex, MENTION_FOLLOWERS, Verb,
    billed_item, lex, outcome_of, phrasal,
};
use super::phrases::{
    compound_of_ours, describes_noun_before, in_a_noun_phrase, passive_before, perceived_from,
    role_function,
};
use super::predicated::{predicate, predicated_outcome};
use super::reference::{
    antecedent, blanked, interrupted_subject, labelled_subject, outcome_antecedent,
};
use super::stated::{
    decided_outcome, fronted_given_back, label_state, labelled_amount, stated_outcome,
};
use super::wishes::{continues_wish, wish_content, wish_start, wished};

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
}

/// Idioms of writing to someone read as the plain verb ("drop you a
/// line", "shoot you a note", "ping you a message" are "email you", not
/// something dropped or removed), a clause-opening "given" read as the
/// reason it gives, and clock times blanked.
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

/// Every outcome the clause at `at` states, in all five frames.
/// `aside`: which words of the text are in a bracketed aside
/// ([`clause::asides`]), which are no part of the clause's noun phrases
/// ("your refund ($120.00) has been processed").
pub(super) fn frames(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    aside: &[bool],
    fees: &[String],
) -> Vec<Found> {
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
    let ours_before = |k: usize| first_ours.is_some_and(|o| o < k) || inherits;
    let you_before = |k: usize| first_you.is_some_and(|y| y < k);
    let in_clause = |kind: Thing| words.iter().any(|x| thing(x) == Some(kind));
    let holds = Holds {
        fee: in_clause(Thing::Fee),
        data: in_clause(Thing::Data) || words.iter().any(|x| matches!(*x, "nothing" | "none")),
    };
    let timed = !next_step::times_in(text, clauses, at).is_empty();
    // "You asked us to delete your data and close your account": an
    // infinitive coordinated with the wish is the wish too.
    let whole_wish = continues_wish(text, clauses, at) || wish_content(text, clauses, at);
    let wish = wish_start(&words);
    let lexes: Vec<Lex> = words.iter().map(|w| lex(w)).collect();
    // What "it" stands for, found when a clause needs it.
    let earlier = OnceCell::new();
    let resolve = || *earlier.get_or_init(|| antecedent(text, clauses, at, aside));
    // The outcome "it" stands for ("Your refund is approved. We are
    // issuing it today").
    let earlier_outcome = OnceCell::new();
    let stands_for =
        || *earlier_outcome.get_or_init(|| outcome_antecedent(text, clauses, at, aside));
    // The words of the subject an aside interrupted, for a predicate with
    // no subject of its own ("your refund of £232.00 (the add-on you
    // never used) | has been approved").
    let interrupted: Option<Vec<&str>> = interrupted_subject(text, clauses, at)
        .map(|s| clauses[s])
        .or_else(|| labelled_subject(text, clauses, at))
        .map(|s| blanked(text, &s, aside));
    let money_in_clause = in_clause(Thing::Money);
    // "... once you reset your password", "... if you sign in again": what
    // follows from the customer's own step is advice, not our outcome.
    let by_own_hand = clauses.iter().any(|c| {
        c.sentence == clause.sentence
            && matches!(c.opener, Some(Opener::Once | Opener::Condition))
            && c.texts(text).first() == Some(&"you")
    });
    // "You'll hear from us within the hour about the next steps to get you
    // back in", "we'll update you on the refund": what a message from us
    // will be about is its topic, not an outcome given.
    let topic_from = topic_start(&words);
    // "Refunds of charges that old aren't something I can authorise": the
    // outcome is the subject of what we can or cannot do with it; its
    // words are a noun phrase, read once as the predicate says.
    let breaks: Vec<bool> = (0..words.len())
        .map(|i| i > 0 && text.words[base + i].clause != text.words[base + i - 1].clause)
        .collect();
    let predicated = predicate(&words, &breaks);
    let mut found = Vec::new();
    let mut push = |outcome: Commitment, at: [usize; 2], by_denial: bool| {
        if topic_from.is_some_and(|t| at[0] > t) {
            return;
        }
        if outcome != Commitment::Deadline || timed {
            found.push(Found {
                outcome,
                at: [base + at[0], base + at[1]],
                by_denial,
                refused: false,
            });
        }
    };
    // "We cannot act on it until we have confirmed that it comes from
    // you": what a refusal waits for after "until" is its condition, not
    // a deed done (section 5: saying what we cannot do is no promise).
    // Without the refusal ("we'll keep it open until we have deleted
    // it") the wait presupposes the deed, as "once" does.
    let awaited_from = words
        .iter()
        .position(|w| matches!(*w, "until" | "till"))
        .filter(|&u| (0..u).any(|i| negated(text, base + i, base + i + 1)));
    for k in 0..words.len() {
        let w = words[k];
        if whole_wish
            || wished(&words, wish, k)
            || awaited_from.is_some_and(|u| k > u)
            || predicated
                .as_ref()
                .is_some_and(|p| (p.from..p.subject_end).contains(&k))
        {
            continue;
        }
        let previous = k.checked_sub(1).map(|p| words[p]);
        let next = words.get(k + 1).copied();
        // "by close of business", "at the close of play": a time, not
        // closing the case.
        if w == "close" && next == Some("of") {
            continue;
        }
        // "the person responsible for refunds", "the colleague in charge of
        // deletions": the role's function, no outcome given (play-para-st12,
        // B2).
        if role_function(&words, k) {
            continue;
        }
        // "a refund", "refund policy", and the object of a giving verb
        // ("issue refunds", "process credits"; "get refunded" is passive).
        let is_noun = previous.is_some_and(|p| DETERMINERS.contains(&p))
            || next.is_some_and(|n| MENTION_FOLLOWERS.contains(&n))
            || in_a_noun_phrase(&words, k)
            || compound_of_ours(&words, k)
            || (k > 0 && lexes[k - 1].giving && !w.ends_with("ed"));
        let participle = w.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&w);
        let passive = participle && (k > 0) && passive_before(&words, k);

        // 1. A deed: "we will refund you", "the fee has been removed".
        let lx = lexes[k];
        let family = phrasal(&words, k).or_else(|| lx.family.map(|f| (f, k + 1)));
        // Something coming off by itself: "the fee will drop off your
        // invoice", "it'll disappear from your account" (what it comes
        // off is a place, not an object).
        if !passive && let Some(outcome) = comes_off(&words, k, family, &resolve) {
            push(outcome, [k, k], false);
            continue;
        }
        // "just as your finance team closes the month": the customer's
        // side closing a period of its own is no date of ours for the
        // case (play-para-st12, B6); "we will close this by Friday" is.
        if family.is_some_and(|(f, _)| matches!(f, Verb::Close | Verb::Resolve))
            && !passive
            && (customers_side_subject(&words, k) || closes_a_period(&words, k))
        {
            continue;
        }
        // "Our article KB-217 covers incident INC-7777": a document
        // covering a topic is about it; we cover a cost by paying it.
        if family.is_some_and(|(f, _)| f == Verb::Return) && about_a_topic(&words, k) {
            continue;
        }
        if let Some((family, object_from)) = family
            && !is_noun
            && (passive || !describes_noun_before(&words, k))
        {
            let noun_phrase = if passive {
                subject_before(&words, k).and_then(|(i, _, t)| t.map(|t| (i, t)))
            } else {
                object_after(&words, object_from.saturating_sub(1))
            };
            // "remove it", "it has been taken off": what "it" stands for,
            // for the verbs whose outcome their object decides.
            // "If the fee was already collected, we will refund it": money
            // returned of "it" after the fee is the fee (play-para-st14, C1).
            let taking = matches!(
                family,
                Verb::Remove
                    | Verb::TakeOff
                    | Verb::Erase
                    | Verb::Return
                    | Verb::Forgive
                    | Verb::Refund
            );
            // "the add-on that was cancelled": "that" after a noun opens a
            // relative clause about that noun; it stands for nothing said
            // before (play-st22, B1).
            let relative = |i: usize| {
                matches!(words[i], "that" | "which")
                    && i.checked_sub(1).is_some_and(|p| {
                        let before = words[p];
                        !before.is_empty()
                            && !AUXILIARIES_AND_JOINERS.contains(&before)
                            && (!PREPOSITIONS.contains(&before) || ends_compound_noun(&words, p))
                    })
            };
            let object = match noun_phrase {
                Some((i, Thing::Case)) if taking && relative(i) => {
                    i.checked_sub(1).and_then(|p| thing(words[p]))
                }
                Some((i, Thing::Case)) if taking && pronoun(words[i]) => {
                    resolve().or(Some(Thing::Case))
                }
                other => other.map(|(_, t)| t),
            };
            let object = match (family, object) {
                // "The $49.50 charge has been taken off": a billed charge
                // taken off what the customer owes is no longer owed, as a
                // waived fee is; an amount taken off ("knock $10 off your
                // next invoice") is a discount.
                (Verb::TakeOff, Some(Thing::Money))
                    if noun_phrase.is_some_and(|(i, _)| billed_item(words[i])) =>
                {
                    Some(Thing::Fee)
                }
                // "I have taken the £42.00 late fee off INV-87195": the
                // sum heads a noun phrase that names the fee before its
                // particle (play-para-st12, B1).
                (Verb::TakeOff | Verb::Remove, Some(Thing::Money))
                    if names_owed_item(&words, object_from) =>
                {
                    Some(Thing::Fee)
                }
                // "that late fee shouldn't stick - I've taken the $49 off
                // INV-93877": the amount, named as known beside the fee,
                // is the fee (para-st4).
                (Verb::TakeOff, Some(Thing::Money))
                    if noun_phrase.is_some_and(|(i, _)| i > 0 && words[i - 1] == "the")
                        && fee_near(text, &clauses[at]) =>
                {
                    Some(Thing::Fee)
                }
                // "Late fee on INV-32516: I've waived it. The CA$200.00
                // charge is cancelled": the charge, named again beside the
                // fee, is the fee (play-para-st6, B1). Reversed, a charge
                // is paid back whatever it was.
                (Verb::Remove | Verb::Forgive, Some(Thing::Money))
                    if !is_form_of(w, "reverse")
                        && noun_phrase
                            .is_some_and(|(i, _)| the_fee_again(text, clause, &words, i)) =>
                {
                    Some(Thing::Fee)
                }
                // "$282.00 covers the months that haven't started yet, and
                // that's what we're sending back to you": what is given
                // back is the sum the sentence names, fronted as "what"
                // (play-para-st6, B6).
                (Verb::Return, None) if fronted_sum(text, clause, &words, k) => Some(Thing::Money),
                // "I have waived the fee in full. We will credit the
                // CA$15.00 back to your account": the sum the reply or the
                // case names as the fee, returned, is the waived fee
                // given back, not a second outcome (policy section 5;
                // play-para-st14, C1). Any other sum stays money returned.
                (Verb::Refund | Verb::Return, Some(Thing::Money))
                    if noun_phrase.is_some_and(|(i, _)| {
                        let from = if passive {
                            i.saturating_sub(3)
                        } else {
                            object_from
                        };
                        words[from.min(i)..=i].iter().any(|w| is_fee_sum(w, fees))
                    }) =>
                {
                    Some(Thing::Fee)
                }
                // "credit your account": the account is the credit's place.
                (Verb::Credit, _) => None,
                // "delete it", "erase this": in a reply, the customer's data.
                (Verb::Erase, Some(Thing::Case)) => Some(Thing::Data),
                // "refund the fee" waives it; other objects are the money.
                (Verb::Refund, Some(t)) if t != Thing::Fee => None,
                (_, o) => o,
            };
            // "T-6364: refunding £65.00 for INV-40281 today": a terse
            // note's verb with no subject is ours (play-para-st6, B7).
            let by_us = ours_before(k) || terse_deed(text, clause, &words, k);
            let to_customer = passive && you_before(k);
            let erasing_needs_object = matches!(family, Verb::Erase | Verb::Remove | Verb::TakeOff);
            let outcome = outcome_of(family, object).filter(|_| {
                !(erasing_needs_object && object.is_none()) && (by_us || passive || to_customer)
            });
            // "The funds should be credited to your original payment
            // method": money credited back to how the customer paid is the
            // refund arriving, not an account credit (para-st, B5).
            let to_how_they_paid = words[k + 1..(k + 7).min(words.len())]
                .iter()
                .any(|w| matches!(*w, "payment" | "card" | "bank"));
            // "I've authorised a full goodwill refund. It will be
            // processed today and should be credited within 5 to 10
            // working days": credited with no one and nowhere it goes to,
            // beside a refund, is that refund arriving.
            let refund_arriving = passive
                && !you_before(k)
                && !words[k + 1..]
                    .iter()
                    .any(|w| matches!(*w, "account" | "balance" | "invoice" | "you"))
                && refund_near(text, &clauses[at]);
            let outcome = match outcome {
                Some(Commitment::Credit) if to_how_they_paid || refund_arriving => {
                    Some(Commitment::Refund)
                }
                other => other,
            };
            if let Some(outcome) = outcome
                && !generic_object(&words, k)
            {
                push(outcome, [k, k], false);
                continue;
            }
        }

        // 2. A gift by us, or a receipt by the customer: "here's a credit",
        // "we'll go ahead with the refund" are gifts too.
        let here_is = w == "is" && previous == Some("here");
        let go_ahead = w == "ahead" && previous.is_some_and(|p| is_form_of(p, "go"));
        // Verbs that give only what is their direct object: "we'll do
        // that refund", not "we'll do our best with your refund request".
        // "Do" gives only with a determiner after it ("we can do that
        // refund"); as an auxiliary ("we do refund charges ...") it gives
        // nothing.
        let do_that = is_form_of(w, "do")
            && next.is_some_and(|n| DETERMINERS.contains(&n) || n == "this" || n == "that");
        let weak = here_is || go_ahead || do_that || is_form_of(w, "proceed");
        let giving = lx.giving || here_is || go_ahead || do_that;
        // "you've asked us to refund it", "you have requested a refund":
        // "have" before a participle is its auxiliary, not a receipt.
        let auxiliary = is_form_of(w, "have")
            && next.is_some_and(|n| {
                n == "been" || n.ends_with("ed") || IRREGULAR_PARTICIPLES.contains(&n)
            });
        let receiving = lx.receiving && !auxiliary;
        if (giving || receiving) && !is_noun {
            let by_us = giving && (ours_before(k) || here_is);
            // "you'll get a refund"; "expect" and "allow" only as advice
            // ("please allow 5 days for the refund", "you can expect a
            // credit"), since "you expect a refund" is the customer's wish.
            let imperative = k == 0 || matches!(previous, Some("please" | "kindly" | "just"));
            let advice = matches!(w, "expect" | "allow" | "watch");
            let modal_before = words[..k]
                .iter()
                .any(|p| matches!(*p, "can" | "will" | "should" | "would" | "shall"));
            let to_customer = receiving
                && if advice {
                    imperative || (you_before(k) && modal_before)
                } else {
                    you_before(k)
                };
            // "We are issuing it to your card today", "we've approved
            // it": a pronoun object standing for an outcome named just
            // before.
            let pronoun_object =
                by_us && !weak && pronoun_after(&words, k) && base_of(w, PRONOUN_GIVING).is_some();
            if pronoun_object
                && let Some(outcome) = stands_for()
                && (outcome != Commitment::Grant || lx.granting)
            {
                push(outcome, [k, k + 1], false);
            } else if by_us || to_customer {
                for n in k + 1..(k + 6).min(words.len()) {
                    let Some(outcome) = outcome_noun(&words, n) else {
                        continue;
                    };
                    // "approve your refund request" grants the refund;
                    // "process your deletion request" handles the request,
                    // as "process your request" does (play-st14, C1).
                    let mentioned = words.get(n + 1).is_some_and(|a| {
                        MENTION_FOLLOWERS.contains(a) && (*a != "request" || !lx.granting)
                    });
                    let grants = outcome != Commitment::Grant || lx.granting;
                    let direct = !weak
                        || (n <= k + 4
                            && !words
                                .get(n + 1)
                                .is_some_and(|a| MENTION_FOLLOWERS.contains(a))
                            && words[k + 1..n]
                                .iter()
                                .all(|x| *x == "with" || !PREPOSITIONS.contains(x)));
                    if !mentioned && grants && direct && !generic_noun(&words, n) {
                        push(outcome, [k, n], false);
                    }
                    break;
                }
            }
        }

        // 2b. The refund sent on by reference: "a refund of $280.00,
        // which I will send to your card", "I will transfer it today".
        if !is_noun
            && ours_before(k)
            && let Some(outcome) = by_reference(text, clauses, at, &words, k, &stands_for)
        {
            push(outcome, [k, k + 1], false);
        }

        // 3. An outcome stated of its subject: "refund approved", "your
        // data is gone", "your refund is on its way".
        // A predicate whose subject an aside interrupted is read against
        // that subject.
        let stated = stated_outcome(&words, k, lx, &stands_for).or_else(|| {
            let subject = interrupted.as_ref()?;
            if subject_before(&words, k).is_some() {
                return None;
            }
            let joined: Vec<&str> = subject.iter().chain(&words).copied().collect();
            stated_outcome(&joined, subject.len() + k, lx, &stands_for)
        });
        let stated = stated
            .or_else(|| {
                label_state(text, clause, k, lx).filter(|_| subject_before(&words, k).is_none())
            })
            .or_else(|| labelled_amount(text, clause, &words, k))
            .or_else(|| decided_outcome(text, clause, &words, k));
        // "We will put the CA$15.00 back on your card": the fee's sum
        // back is the waived fee given back (play-para-st14, C1).
        let fee_back = |s: usize| {
            words[s.saturating_sub(3)..=s]
                .iter()
                .any(|x| is_fee_sum(x, fees))
        };
        let stated = match stated {
            Some(Commitment::Refund)
                if w == "back"
                    && subject_before(&words, k).is_some_and(|(s, _, _)| fee_back(s)) =>
            {
                Some(Commitment::Waiver)
            }
            other => other,
        };
        if let Some(outcome) = stated {
            push(outcome, [k, k], false);
        } else if let Some(outcome) = fronted_given_back(&words, k) {
            push(outcome, [k - 1, k], false);
        }

        // 4. An outcome said by denying its opposite. A paying word is a
        // verb here ("you won't be charged"), not a noun ("I can't decide
        // on the late fee or the charge").
        let paying_verb =
            lx.paying && (!is_noun || previous == Some("no")) && !after_modifiers(&words, k);
        let delay = delay_idiom(&words, k, lx);
        let on_record = lx.holding && describes_what_is_held(text, base, &words, k);
        let lx4 = Lex {
            paying: paying_verb,
            holding: lx.holding && !delay && !on_record,
            lasting: lx.lasting && !delay,
            ..lx
        };
        if let Some(outcome) = denied_opposite(w, lx4, &holds, ours_before(k), passive) {
            push(outcome, [k, k], true);
        } else if denied_loss(&words, k)
            || (paying_verb && (you_before(k) || ours_before(k)) && future(&words[..k]))
        {
            // "you won't be out of pocket", "you won't be charged for the
            // renewal", "you won't have to pay for it": money the customer
            // keeps, or a fee waived when a fee is what the reply spoke of.
            let fee = holds.fee || (!money_in_clause && resolve() == Some(Thing::Fee));
            // "You won't need to pay anything extra", "you won't be
            // charged again": not paying more returns no money; it is a
            // waiver at most, when a fee is what the reply spoke of.
            let nothing_more = paying_verb && nothing_more_to_pay(&words, k);
            match (fee, nothing_more) {
                (true, _) => push(Commitment::Waiver, [k, k], true),
                (false, false) => push(Commitment::Refund, [k, k], true),
                (false, true) => {}
            }
        }

        // Idioms of a free or repaid outcome: "the month is on us", "on
        // the house", "you'll be made whole".
        let on_us = w == "us"
            && previous == Some("on")
            && words[..k.saturating_sub(1)]
                .iter()
                .rev()
                .take(2)
                .any(|p| matches!(*p, "is" | "are" | "be" | "was"));
        let on_the_house = w == "house" && words[..k].ends_with(&["on", "the"]);
        if on_us || on_the_house {
            push(Commitment::Credit, [k, k], false);
        }
        if w == "whole" && previous.is_some_and(|p| is_form_of(p, "make")) {
            push(Commitment::Refund, [k, k], false);
        }
        // "we'll make it right", "we'll put things right": a remedy,
        // unnamed; "we'll make it up to you": compensation.
        let remedied = k >= 2
            && matches!(
                previous,
                Some("it" | "this" | "things" | "that" | "everything")
            )
            && ["make", "put", "set"]
                .iter()
                .any(|b| is_form_of(words[k - 2], b));
        if w == "right" && remedied && ours_before(k) {
            push(Commitment::Grant, [k, k], false);
        }
        if w == "up"
            && next == Some("to")
            && remedied
            && words.get(k + 2) == Some(&"you")
            && ours_before(k)
        {
            push(Commitment::Credit, [k, k], false);
        }
        // "we'll bend the rules for you": an exception.
        if matches!(w, "rules" | "rule")
            && k >= 2
            && is_form_of(words[k - 2], "bend")
            && ours_before(k)
        {
            push(Commitment::Exception, [k, k], false);
        }
        // "consider it done", "consider it sorted": the request granted.
        let considered = k >= 2
            && matches!(previous, Some("it" | "this" | "that"))
            && is_form_of(words[k - 2], "consider");
        if considered && matches!(w, "done" | "sorted" | "handled" | "granted" | "fixed") {
            push(Commitment::Grant, [k, k], false);
        }

        // 5. Access given back by us ("we'll get you back in", "we will
        // have you signing in again") or as the customer's ("you'll have
        // access again", "you will regain access"). The customer signing in
        // again by themselves ("reset it, then sign in again") is advice.
        // "back in" of money is money back ("we'll put the money back in
        // your account"), of the customer access.
        let money_before = || {
            words[..k].iter().enumerate().any(|(i, x)| {
                matches!(thing(x), Some(Thing::Money | Thing::Fee))
                    || outcome_noun(&words, i).is_some()
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
            && subject_before(&words, k)
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
    if let Some(p) = predicated
        && let Some(outcome) = predicated_outcome(&words, &p, &stands_for)
        && (outcome != Commitment::Deadline || timed)
        && topic_from.is_none_or(|t| p.be <= t)
    {
        found.push(Found {
            outcome,
            at: [base + p.be, base + p.verb.unwrap_or(p.be)],
            by_denial: false,
            refused: p.refused,
        });
    }
    found
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
    while let Some(previous) = continued(clauses, at) {
        let earlier = clauses[previous].texts(text);
        if ours(&earlier) {
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
