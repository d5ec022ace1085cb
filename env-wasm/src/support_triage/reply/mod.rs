//! Reading a customer reply the way the written policy does: as a set of
//! commitments, moves and violations, not as phrases.
//!
//! A reply is read once as a [`Text`] (the shared reading layer: words,
//! clause and sentence numbers, contractions spelled out, clause-scoped
//! negation), then split further into clauses (`Clause`) at the words that join
//! clauses in replies ("and", "but", "so", "if", "whether", ...). Each
//! concern reads the clauses in its own module:
//! - `commitments`: what the reply promises, as meaning classes
//!   ([`Commitment`]): who (our side, or the customer as receiver), an
//!   outcome (money returned, a credit, a fee waived, data erased, access
//!   restored, an exception, a date the case will be settled) and
//!   certainty ("will", "have done", "is done"; not "may" or "whether").
//!   Negation and genuine conditions (a supervisor's approval, a review)
//!   cancel a promise; a condition on the customer's own consent ("if you
//!   confirm, we will refund you") does not;
//! - `give_back`: in a reply that waives the fee, money given back that
//!   refers to that fee ("the amount will be returned to your card") is
//!   the waiver carried out, not a refund (policy section 5);
//! - `moves`: naming the team that takes an escalation (not a team in
//!   the sign-off, `sign_off`, which says who writes), and requests
//!   (asking for an invoice number, for identity verification, for the
//!   account to be secured), advice included ("we recommend", "you
//!   should");
//! - `violations`: asking for a password or card number, admitting fault
//!   or liability, telling the customer their data is safe;
//! - `account_changes`: the changes to the account the reply reports we
//!   made ("I also reset your password", "the other users have been
//!   removed"), by the part they change, which the grader holds to what
//!   the case calls for;
//! - `next_step`: a request or a dated future action, and when every
//!   promised follow-up is due ([`When`]), so the grader can hold it to
//!   the SLA.
//!
//! The modules share pieces that sit below them all: `clause` (the
//! splitting into clauses and what every reader asks of a clause),
//! `reading` (the types a reply is read as, [`Reading`] among them),
//! `fee_sums` (the sums named as a fee) and `nouns` (noun phrases by their
//! heads); this module only runs the readers in order.
//!
//! The reader knows nothing about the ticket; [`super::grade`] compares
//! what it finds with what the policy requires of the case.

mod account_changes;
mod clause;
mod commitments;
mod fee_sums;
mod give_back;
mod moves;
mod next_step;
mod nouns;
mod reading;
mod sign_off;
mod violations;

use std::collections::BTreeSet;

use crate::text::Text;
use clause::clauses;

pub use account_changes::account_parts_named;
pub use fee_sums::fee_sums;
pub use reading::{
    AccountPart, Commitment, DayWord, Extent, Finding, Move, Reading, Team, Violation, When,
};

/// The firm commitments of a reply (a shorthand of [`read`]).
pub fn commitments(text: &str) -> BTreeSet<Commitment> {
    read(text).commitments()
}

/// Read a reply; a table row reads as the labelled line it stands for
/// ("| **Refund** | **£228.00** |" as "Refund: £228.00").
pub fn read(source: &str) -> Reading {
    read_text(&Text::new(&crate::text::table::rows_as_lines(source)))
}

/// Read a reply already read as a [`Text`].
pub fn read_text(text: &Text) -> Reading {
    read_text_knowing(text, &Known::default())
}

/// What the case itself names, which a reply is read against.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Known {
    /// The sums the case names as its fee ([`fee_sums`] of the ticket),
    /// beside those the reply names as the fee itself: money returned of
    /// the fee's sum is the fee waived.
    pub fees: Vec<String>,
    /// The proper names of the case (the customer's name and company, the
    /// product): a function word inside one ("rowan legal aid") is part of
    /// the name, not a team of ours, however the reply writes it.
    pub names: Vec<String>,
}

/// Read a reply knowing what the case names ([`Known`]).
pub fn read_text_knowing(text: &Text, known: &Known) -> Reading {
    let clauses = clauses(text);
    let mut reading = Reading {
        words: crate::order::set_of(text.words.iter().map(|w| w.text.clone())),
        ..Reading::default()
    };
    let promising = commitments::read(text, &clauses, &known.fees, &mut reading);
    let named = named_words(text, &known.names);
    let requests = moves::read(text, &clauses, &named, &mut reading);
    violations::read(text, &clauses, &requests, &mut reading);
    account_changes::read(text, &clauses, &requests, &mut reading);
    next_step::read(text, &clauses, &promising, &mut reading);
    reading
}

/// For each word of `text`, whether it is inside an occurrence of one of
/// `names` (word for word, in any case).
fn named_words(text: &Text, names: &[String]) -> Vec<bool> {
    let mut named = vec![false; text.len()];
    for name in names {
        let words: Vec<String> = Text::new(name).words.into_iter().map(|w| w.text).collect();
        if words.is_empty() || words.len() > text.len() {
            continue;
        }
        for start in 0..=text.len() - words.len() {
            let here = text.words[start..start + words.len()]
                .iter()
                .zip(&words)
                .all(|(w, n)| w.text == *n);
            if here {
                named[start..start + words.len()].fill(true);
            }
        }
    }
    named
}
