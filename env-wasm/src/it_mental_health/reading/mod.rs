//! How `it_mental_health` reads an answer, for all three graders: the
//! labelled sections ([`sections`]), a yes/no decision ([`decision`]) and
//! the behaviour penalties ([`penalties`]). Words, numbers, negation,
//! hedges and copied text come from the shared [`crate::text`] layer.

pub mod decision;
pub mod penalties;
pub mod sections;
