//! Pass and fail tables for every `it_mental_health` grader criterion.
//! Each criterion has rows of natural right answers that must earn it in
//! full (formal, casual, terse, chat-model markdown, prose, contractions,
//! British and American spellings) and rows of wrong or exploiting answers
//! that must not (hedges, stuffing, every option, copied scenario text,
//! negated mentions, plain-word paraphrases of wrong values, another
//! person's facts, generic advice). Rows are templates filled from each
//! case's own facts and applied over several seeds; `cargo test -p
//! env-wasm --test it_mental_health_tables -- --nocapture` prints the
//! corpus size and pass count of every criterion.
#![cfg(not(target_arch = "wasm32"))]

mod burnout;
mod corpus;
mod plan;
mod support;
mod triage;
