//! A reply split into clauses ([`Clause`], [`clauses`]) at the words that
//! join clauses in replies ("and", "but", "so", "if", "whether", ...), and
//! what every reader of those clauses asks of them: a label's colon, a
//! heading, a list item and what introduces its list, a bracketed aside, a
//! question, a clause's subject and whether it is our side, a negation
//! carried through a list of verb phrases. Every reader module of the reply
//! reads clauses, so this sits below them all.

use crate::text::{Text, Word, negated, negation};

/// The word that opened a clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Opener {
    /// "and": a bare verb after it shares the previous clause's subject.
    And,
    /// "but", "however", "although", ...: a new statement.
    Contrast,
    /// "so", "so that": the purpose or result of the previous clause.
    So,
    /// "because", "since" and the like.
    Reason,
    /// "which": about something the previous clause named.
    Which,
    /// "if", "unless", "provided", "assuming": a condition.
    Condition,
    /// "whether": an open question.
    Whether,
    /// "once": a time, which presupposes what it waits for.
    Once,
}

fn opener(word: &str) -> Option<Opener> {
    Some(match word {
        "and" => Opener::And,
        "but" | "however" | "although" | "though" | "while" | "whereas" | "yet" | "meanwhile" => {
            Opener::Contrast
        }
        "so" => Opener::So,
        "because" => Opener::Reason,
        "which" => Opener::Which,
        "if" | "unless" | "provided" | "providing" | "assuming" => Opener::Condition,
        "whether" => Opener::Whether,
        "once" => Opener::Once,
        _ => return None,
    })
}

/// Whether the text between two words is a label's colon, markdown
/// emphasis around it included ("**Refund:** approved"). A colon that
/// ends its line introduces what follows (a list, a paragraph) rather
/// than labelling one word of it; requests read that as their object.
pub(super) fn labels(gap: &str) -> bool {
    !gap.contains('\n')
        && gap.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`')) == ":"
}

/// A clause of a reply: words `from..to` of its [`Text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Clause {
    pub from: usize,
    pub to: usize,
    pub sentence: u32,
    pub opener: Option<Opener>,
    /// It follows "and" or a comma in the same sentence, so without a
    /// subject of its own it continues the previous clause ("we will
    /// review it and refund you", "we will review it, refund you").
    pub continues: bool,
    /// It opens an item of a list (a bullet, a number or a line) with no
    /// subject of its own, under a lead-in that hands the item its subject
    /// and modal ("We will:\n- refund the full $377.00 ...") or makes it a
    /// step of our plan ("Next steps:\n- Refund ..."), or an item that is
    /// no clause of its own under a lead-in that reports what was done
    /// ("Action taken:\n- Full refund of $377.00 ..."): see [`Lead`].
    pub led: Option<Lead>,
}

/// The lead-in of a list item: a line ending in a colon whose clause the
/// item completes, as a verb phrase completes its subject and modal, or
/// as a value completes its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lead {
    /// The clause of the lead-in, the last of its line.
    pub by: usize,
    pub kind: LeadKind,
}

/// What a lead-in makes of the items under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LeadKind {
    /// It hands its subject and modal to a verb phrase ("We will:", "What
    /// we can do:", "We cannot:").
    Subject,
    /// It names the steps of our plan and has no subject of its own ("Next
    /// steps:", "Steps:", "What happens next:"): a step with no doer of its
    /// own is ours.
    Plan,
    /// It reports what we did or decided ("Action taken:", "What we've
    /// done:", "Done so far:", "Resolution:"): an item naming an action by
    /// its noun ("- Full refund of $377.00 to your card") is that action,
    /// done when the lead-in says so.
    Report { done: bool },
}

impl Clause {
    pub(super) fn words<'t>(&self, text: &'t Text) -> &'t [Word] {
        &text.words[self.from..self.to]
    }

    /// The clause's words as strings.
    pub(super) fn texts<'t>(&self, text: &'t Text) -> Vec<&'t str> {
        self.words(text).iter().map(|w| w.text.as_str()).collect()
    }

    pub(super) fn contains(&self, start: usize, end: usize) -> bool {
        start >= self.from && end <= self.to
    }
}

/// Where the phrases of a list occur in a reply: word spans `start..end`,
/// found once per reply rather than once per clause (readers try dozens of
/// phrases on every clause).
pub(super) struct Occurrences(Vec<(usize, usize)>);

impl Occurrences {
    pub(super) fn of(text: &Text, phrases: &[&str]) -> Occurrences {
        let mut spans: Vec<(usize, usize)> = phrases.iter().flat_map(|p| text.find(p)).collect();
        crate::order::sort(&mut spans);
        Occurrences(spans)
    }

    /// The spans inside `clause`, as (clause-local start, length).
    pub(super) fn within<'a>(
        &'a self,
        clause: &'a Clause,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        self.0
            .iter()
            .filter(|(s, e)| clause.contains(*s, *e))
            .map(|(s, e)| (s - clause.from, e - s))
    }

    pub(super) fn any_within(&self, clause: &Clause) -> bool {
        self.within(clause).next().is_some()
    }

    /// Whether one starts within `reach` words after word `at`, in its
    /// sentence.
    pub(super) fn after(&self, text: &Text, at: usize, reach: usize) -> bool {
        let sentence = text.words.get(at).map(|w| w.sentence);
        self.0
            .iter()
            .any(|(s, _)| *s > at && *s <= at + reach && Some(text.words[*s].sentence) == sentence)
    }

    /// The sentences holding one.
    pub(super) fn sentences(&self, text: &Text) -> Vec<u32> {
        self.0
            .iter()
            .map(|(s, _)| text.words[*s].sentence)
            .collect()
    }
}

/// Sentences that end with a question mark, closing brackets, quotes and
/// emphasis before it included ("Q: Can I get my money back for the
/// add-on (INV-98982)?", "... refunded?**": play-para-st8, B9).
pub(super) fn question_sentences(text: &Text) -> Vec<u32> {
    let mut out = Vec::new();
    for (i, word) in text.words.iter().enumerate() {
        let last = text
            .words
            .get(i + 1)
            .is_none_or(|n| n.sentence != word.sentence);
        let after = text.source.get(word.end..).unwrap_or("");
        let closed = after.trim_start_matches(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    ')' | ']' | '"' | '\'' | '*' | '_' | '\u{201d}' | '\u{2019}'
                )
        });
        if last && closed.starts_with('?') {
            out.push(word.sentence);
        }
    }
    out
}

/// Split a reply into clauses: at the shared layer's clause breaks
/// (punctuation, line breaks), and at the words that join clauses.
pub(super) fn clauses(text: &Text) -> Vec<Clause> {
    let mut out: Vec<Clause> = Vec::new();
    let mut start: Option<Clause> = None;
    let asides = aside_joins(text);
    for (i, word) in text.words.iter().enumerate() {
        // A colon joins a label to what it labels ("Next step: please
        // reply ...", "Refund: approved"): one reply clause; so does a
        // short aside in brackets ("Refund ($355.50) approved").
        let breaks_here = i > 0
            && text.words[i - 1].clause != word.clause
            && !labels(text.gap(i))
            && !asides[i]
            && !heading_of_receipt_before(text, i);
        // "not yet" is an adverb, not the contrast "yet".
        // "nothing has been refunded on it yet": "yet" that ends its
        // sentence is the adverb too.
        let adverb_yet = word.text == "yet"
            && i > 0
            && (crate::text::negation::NEGATORS.contains(&text.words[i - 1].text.as_str())
                || text
                    .words
                    .get(i + 1)
                    .is_none_or(|n| n.sentence != word.sentence));
        // "once you have provided the invoice number": a participle after
        // its auxiliary, not the condition "provided (that)".
        let participle = matches!(word.text.as_str(), "provided" | "providing")
            && i > 0
            && ["have", "be"]
                .iter()
                .any(|aux| crate::text::is_form_of(&text.words[i - 1].text, aux));
        // "we've done so", "I think so": "so" standing for what was said
        // before, the verb's object, not a clause of result.
        let pro_form = word.text == "so"
            && i > 0
            && ["do", "think", "hope", "say"]
                .iter()
                .any(|v| crate::text::is_form_of(&text.words[i - 1].text, v))
            && text.words.get(i + 1).is_none_or(|n| {
                n.sentence != word.sentence || n.clause != word.clause || n.text != "that"
            });
        let joined_by = opener(&word.text)
            .filter(|_| !adverb_yet && !participle && !pro_form && !joins_bare_noun(text, i))
            .or_else(|| inverted_condition(text, i).then_some(Opener::Condition));
        if breaks_here || joined_by.is_some() || i == 0 {
            if let Some(open) = start.take()
                && open.from < i
            {
                out.push(Clause { to: i, ..open });
            }
            let same_sentence = i > 0 && text.words[i - 1].sentence == word.sentence;
            let comma = breaks_here && text.gap(i).contains(',');
            let from = if joined_by.is_some() { i + 1 } else { i };
            start = Some(Clause {
                from,
                to: from,
                sentence: word.sentence,
                opener: joined_by,
                // "but", "because", "if" start a statement of their own.
                continues: same_sentence
                    && ((comma && joined_by.is_none()) || joined_by == Some(Opener::And)),
                led: None,
            });
        }
    }
    if let Some(open) = start
        && open.from < text.len()
    {
        out.push(Clause {
            to: text.len(),
            ..open
        });
    }
    for at in 0..out.len() {
        out[at].led = lead_of_item(text, &out, at);
    }
    out
}

/// Determiners that open a noun phrase a bare noun may be coordinated
/// with: "the last four digits and expiry date".
const NOUN_PHRASE_STARTS: &[&str] = &[
    "the", "your", "a", "an", "its", "their", "our", "my", "this", "these", "those", "his", "her",
    "any", "both",
];

/// The most words a noun phrase may have after its determiner before an
/// "and" that joins a bare noun to it ("the | last four digits of the
/// card | and ...").
const NOUN_PHRASE_WORDS: usize = 7;

/// The most words of a bare noun phrase after "and" ("and | 3 digit
/// security code").
const BARE_NOUN_WORDS: usize = 4;

/// Nouns of what a reply may ask the customer for or tell them of, heads
/// of a bare noun phrase: "and expiry date", "and invoice number", "and
/// CVV".
const DETAIL_NOUNS: &[&str] = &[
    "number",
    "numbers",
    "digits",
    "digit",
    "date",
    "dates",
    "code",
    "codes",
    "expiry",
    "expiration",
    "name",
    "names",
    "address",
    "details",
    "id",
    "pin",
    "password",
    "passwords",
    "passcode",
    "cvv",
    "cvc",
    "otp",
    "email",
    "reference",
    "amount",
    "statement",
    "statements",
    "invoice",
    "receipt",
    "screenshot",
    "passport",
    "licence",
    "license",
];

/// Prepositions that may follow a bare noun phrase's head and modify it:
/// "expiry date of your new card", "security code on the back".
const NOUN_MODIFIER_PREPOSITIONS: &[&str] = &["of", "on", "from", "for", "in", "at"];

/// Verbs that take a noun and then "of" ("take care of", "make use of"):
/// such a phrase after "and" is a verb phrase, not a noun.
const LIGHT_VERBS: &[&str] = &["take", "make", "get", "have", "keep", "think", "let"];

/// Whether a word may stand inside a bare noun phrase: no determiner,
/// pronoun, auxiliary, adverb opening a clause, negation, joining word or
/// preposition.
fn bare_noun_word(word: &str) -> bool {
    !(NOUN_PHRASE_STARTS.contains(&word)
        || SUBJECTS.contains(&word)
        || SUBJECT_STARTS.contains(&word)
        || OUR_SIDE.contains(&word)
        || CLAUSE_WORDS.contains(&word)
        || LEAD_ADVERBS.contains(&word)
        || NOUN_MODIFIER_PREPOSITIONS.contains(&word)
        || crate::text::negation::NEGATORS.contains(&word)
        || opener(word).is_some()
        || matches!(
            word,
            "to" | "up" | "out" | "back" | "down" | "off" | "over" | "away" | "with" | "and" | "or"
        ))
}

/// Whether the "and" at word `i` joins a bare noun phrase (no determiner of
/// its own) to a noun phrase that is an object before it, sharing its
/// determiner and verb: "please reply with the last four digits and expiry
/// date of your new card", "send us the charge date and invoice number",
/// "your name and date of birth". Such an "and" opens no clause, so every
/// reader of the clause sees both objects. The phrase before opens with a
/// determiner after some word of its clause (a verb, a preposition), so it
/// is no subject; the phrase after is bare words up to its clause's end or
/// a preposition that modifies it, headed by a noun of a detail
/// ([`DETAIL_NOUNS`]) or by any noun "of" something ("and name of the
/// add-on"). "and refund the charge", "and turn on two-factor
/// authentication", "and we will check it" open clauses.
fn joins_bare_noun(text: &Text, i: usize) -> bool {
    let word = &text.words[i];
    if word.text != "and" {
        return false;
    }
    let same_clause = |j: usize| {
        text.words
            .get(j)
            .is_some_and(|w| w.clause == word.clause && w.sentence == word.sentence)
    };
    let determiner = (i.saturating_sub(NOUN_PHRASE_WORDS + 1)..i)
        .rev()
        .take_while(|&j| same_clause(j))
        .find(|&j| NOUN_PHRASE_STARTS.contains(&text.words[j].text.as_str()));
    let object = determiner.is_some_and(|d| {
        d + 1 < i
            && d > 0
            && same_clause(d - 1)
            && text.words[d + 1..i].iter().all(|w| {
                !CLAUSE_WORDS.contains(&w.text.as_str()) && !SUBJECTS.contains(&w.text.as_str())
            })
    });
    if !object {
        return false;
    }
    let phrase: Vec<&str> = (i + 1..text.len())
        .take_while(|&j| same_clause(j))
        .map(|j| text.words[j].text.as_str())
        .take_while(|w| bare_noun_word(w))
        .take(BARE_NOUN_WORDS + 1)
        .collect();
    let (Some(first), Some(head)) = (phrase.first(), phrase.last()) else {
        return false;
    };
    if phrase.len() > BARE_NOUN_WORDS || LIGHT_VERBS.contains(first) {
        return false;
    }
    let after = i + 1 + phrase.len();
    let stop = same_clause(after).then(|| text.words[after].text.as_str());
    match stop {
        None => DETAIL_NOUNS.contains(head),
        Some("of") => true,
        Some(preposition) if NOUN_MODIFIER_PREPOSITIONS.contains(&preposition) => {
            DETAIL_NOUNS.contains(head)
        }
        Some(_) => false,
    }
}

/// Words a lead-in may end with after its modal: "What we can do:", "What
/// I will do for you:", "We'll now:", "Here is what we'll do next:".
const LEAD_TAIL: &[&str] = &[
    "do", "for", "you", "now", "next", "then", "also", "first", "today", "here",
];

/// Modals and auxiliaries that leave their verb to what follows a
/// lead-in's colon ("We will:", "We have:", "We cannot:").
const LEAD_MODALS: &[&str] = &[
    "will", "shall", "would", "can", "could", "may", "might", "must", "should", "have", "has",
];

/// Words that may stand in a lead-in's chain of modals before its
/// subject: "we are not able to", "we will also", "you may want to", "we're
/// going to".
const LEAD_CHAIN: &[&str] = &[
    "will", "shall", "would", "can", "could", "may", "might", "must", "should", "have", "has",
    "not", "never", "be", "are", "am", "is", "able", "unable", "going", "want", "need", "like",
    "also", "then", "now", "still", "to", "do", "does", "did", "gladly", "happily",
];

/// Verbs a lead-in ending in "to" may have before it: "we are able to:",
/// "you will need to:", "we'd like to:" (not "you asked us to:", whose
/// items are what was asked).
const TO_TAKERS: &[&str] = &[
    "able", "unable", "going", "want", "need", "like", "have", "has",
];

/// Whether a lead-in's words (its clause, before the colon) hand a subject
/// and a modal to the verb phrases listed after it: the words end, after a
/// tail such as "do", "now" or "for you", in a modal whose chain goes back
/// to a subject ("We will:", "We'll now:", "What we can do:", "Here is
/// what we'll do next:", "We cannot:", "You may want to:"). Not a lead-in
/// whose last verb has its own object or is no modal ("Options you may
/// consider:", "You asked us to:", "Here is what you told us:").
fn hands_subject(words: &[&str]) -> bool {
    let mut end = words.len();
    while end > 0 && LEAD_TAIL.contains(&words[end - 1]) {
        end -= 1;
    }
    let Some(last) = end.checked_sub(1).map(|e| words[e]) else {
        return false;
    };
    let takes_to = last == "to" && end >= 2 && TO_TAKERS.contains(&words[end - 2]);
    let modal = LEAD_MODALS.contains(&last) || matches!(last, "not" | "never") || takes_to;
    if !modal {
        return false;
    }
    let chain = words[..end]
        .iter()
        .rev()
        .take_while(|w| LEAD_CHAIN.contains(w))
        .count();
    words[..end - chain]
        .last()
        .is_some_and(|w| SUBJECTS.contains(w) || OUR_SIDE.contains(w))
}

/// Words a title naming the steps of our plan is made of ("Next steps",
/// "Our next steps", "What happens next", "Action plan", "Steps").
const PLAN_WORDS: &[&str] = &[
    "next",
    "steps",
    "step",
    "plan",
    "action",
    "actions",
    "happens",
    "our",
    "the",
    "what",
    "here",
    "is",
    "are",
    "from",
    "now",
    "then",
    "immediate",
];

/// The words of a plan title, one of which it must have.
const PLAN_NAMES: &[&str] = &[
    "next", "steps", "step", "plan", "action", "actions", "happens",
];

/// Whether a lead-in's words name the steps of our plan, and nothing
/// else: "Next steps:", "Steps:", "Our next steps:", "What happens next:".
/// Not the customer's ("Your next steps:", "Next steps for you:") nor
/// steps hedged or offered ("Possible next steps:", "Options:").
fn names_a_plan(words: &[&str]) -> bool {
    !words.is_empty()
        && words.iter().all(|w| PLAN_WORDS.contains(w))
        && words.iter().any(|w| PLAN_NAMES.contains(w))
}

/// Keys of a line that say what was decided: "Outcome: full refund",
/// "| Decision | Fee waiver |", "Resolution:" over a list.
pub(super) const DECISION_KEYS: &[&str] = &["outcome", "decision", "result", "resolution"];

/// Words a decision key may have before its noun ("Our final decision").
pub(super) const DECISION_KEY_MODIFIERS: &[&str] =
    &["our", "the", "your", "final", "agreed", "overall"];

/// Participles and past forms that end a lead-in reporting what was done:
/// "Action taken:", "What we've done:", "Done:", "Steps completed:".
const DONE_WORDS: &[&str] = &[
    "done",
    "taken",
    "completed",
    "actioned",
    "did",
    "finished",
    "carried",
];

/// Words a lead-in reporting what was done may have before its
/// participle: the action named ("Action taken", "Steps we've taken"), our
/// side as its doer, and "what" with its auxiliaries ("What has been
/// done", "Here's what I did").
const REPORT_WORDS: &[&str] = &[
    "action", "actions", "step", "steps", "what", "we", "i", "our", "team", "have", "has", "had",
    "been", "is", "are", "here", "the", "all", "already", "this", "that",
];

/// Words a reporting lead-in may end with after its participle: "Done so
/// far:", "What we've done for you:", "Actions carried out:".
const REPORT_TAIL: &[&str] = &[
    "so", "far", "already", "today", "now", "here", "out", "for", "you",
];

/// Whether a lead-in's words report what we did or decided, and whether
/// done: "Action taken:", "Actions taken:", "What we've done:", "Here's
/// what I did:", "Done so far:", "Steps completed:", and the state the case
/// reached, "Resolution:", "Outcome:" (done); "Our decision:" (decided,
/// its doing still ahead). Not one of the customer's ("What
/// you've done:", "Your options:"), negated ("Not done:", "What we
/// couldn't do:"), or naming what may or will be done ("Options:", "What
/// we'll do:", "Next steps:").
fn reported(words: &[&str]) -> Option<bool> {
    let mut end = words.len();
    while end > 0 && REPORT_TAIL.contains(&words[end - 1]) {
        end -= 1;
    }
    let (last, before) = words[..end].split_last()?;
    if words[..end]
        .iter()
        .any(|w| crate::text::negation::NEGATORS.contains(w) || !ours_or_none(w))
    {
        return None;
    }
    if DONE_WORDS.contains(last) && before.iter().all(|w| REPORT_WORDS.contains(w)) {
        return Some(true);
    }
    // "Outcome:" and "Resolution:" tell the state the case reached;
    // "Decision:" a decision, whose doing is still ahead.
    let decided = DECISION_KEYS.contains(last)
        && before
            .iter()
            .all(|w| DECISION_KEY_MODIFIERS.contains(w) && *w != "your");
    decided.then_some(*last != "decision")
}

/// Whether a word of a lead-in is no other doer than our side: not the
/// customer or a third party ("What you've done:", "What they did:").
fn ours_or_none(word: &str) -> bool {
    !matches!(word, "you" | "your" | "they" | "their" | "he" | "she")
}

/// The lead-in of clause `at` ([`Lead`]), when `at` opens an item of a
/// list (or a line) with no subject of its own under a line ending in a
/// colon, past the list's earlier items, and that line's last clause hands
/// the item a subject ([`hands_subject`]) or names our plan
/// ([`names_a_plan`]); or when that line reports what we did or decided
/// ([`reported`]) and the item has no pronoun for its subject (a noun
/// phrase with its determiner, "- A full refund of $377.00"). An item with
/// a subject of its own keeps it.
fn lead_of_item(text: &Text, clauses: &[Clause], at: usize) -> Option<Lead> {
    let clause = &clauses[at];
    let first = clause.from;
    let bulleted = opens_list_item(text, first);
    let plain_line = first > 0 && text.gap(first).contains('\n') && !item_line(text, first);
    if !(bulleted || plain_line) {
        return None;
    }
    let words = clause.texts(text);
    let subject = has_subject(&words);
    // "- A full refund of $377.00 to your card": a noun phrase with its
    // determiner is no subject of a clause; a pronoun is.
    let pronoun = words
        .iter()
        .find(|w| !LEAD_ADVERBS.contains(w))
        .is_some_and(|w| SUBJECTS.contains(w) || OUR_SIDE.contains(w));
    if subject && pronoun {
        return None;
    }
    let mut line = line_start(text, first);
    for _ in 0..LIST_LINES {
        if line == 0 {
            return None;
        }
        let gap = text.gap(line);
        let ending = gap
            .split('\n')
            .next()
            .unwrap_or("")
            .trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`'));
        if ending.ends_with(':') {
            let by = clauses.iter().rposition(|c| c.from < line)?;
            let words = clauses[by].texts(text);
            let plan = names_a_plan(&words) && clauses[by].opener.is_none();
            let kind = if let Some(done) = reported(&words) {
                LeadKind::Report { done }
            } else if subject {
                return None;
            } else if plan {
                LeadKind::Plan
            } else if hands_subject(&words) {
                LeadKind::Subject
            } else {
                return None;
            };
            return Some(Lead { by, kind });
        }
        // The line before is an earlier item of the same list: a bullet
        // after any blank line, or a plain line right before a plain one
        // that ends no sentence.
        let previous = line_start(text, line - 1);
        let same_list = if bulleted {
            item_line(text, previous)
        } else {
            !item_line(text, previous)
                && gap.matches('\n').count() == 1
                && !ending.ends_with(['.', '!', '?'])
        };
        if !same_list {
            return None;
        }
        line = previous;
    }
    None
}

/// The first word of the line holding word `at`.
fn line_start(text: &Text, at: usize) -> usize {
    (0..=at)
        .rev()
        .find(|&j| j == 0 || text.gap(j).contains('\n'))
        .unwrap_or(0)
}

/// Whether the line holding word `at` is an item of a list.
fn item_line(text: &Text, at: usize) -> bool {
    let Some(word) = text.words.get(at) else {
        return false;
    };
    let from = text.source[..word.start].rfind('\n').map_or(0, |n| n + 1);
    list_item(text.source[from..].trim_start())
}

/// The longest list read back to its lead-in, in lines.
const LIST_LINES: usize = 16;

/// The lead-in of the item clause `at` belongs to, through the clauses of
/// the item it continues ("- refund the fee, and credit your account").
pub(super) fn lead_of(clauses: &[Clause], at: usize) -> Option<Lead> {
    let mut at = at;
    loop {
        let clause = clauses.get(at)?;
        if let Some(lead) = clause.led {
            return Some(lead);
        }
        at = continued(clauses, at)?;
    }
}

/// Whether clause `at` is an item under a lead-in that is negated ("We
/// cannot:\n- refund the fee", "What we won't do:"), or, on one line, the
/// rest after a negated lead-in's colon ("We cannot: refund the fee").
fn under_negated_lead(text: &Text, clauses: &[Clause], at: usize) -> bool {
    let negated_head = |from: usize, to: usize| {
        to > from
            && (negation::NEGATORS.contains(&text.words[to - 1].text.as_str())
                || negation::negated_before(text, to - 1))
    };
    if let Some(lead) = lead_of(clauses, at) {
        let by = &clauses[lead.by];
        return lead.kind != LeadKind::Plan && negated_head(by.from, by.to);
    }
    let words = clauses[at].texts(text);
    (1..words.len()).any(|k| {
        let from = clauses[at].from;
        labels(text.gap(from + k))
            && hands_subject(&words[..k])
            && !has_subject(&words[k..])
            && negated_head(from, from + k)
    })
}

/// Words that may follow the "should" of an inverted condition.
const CONDITION_SUBJECTS: &[&str] = &[
    "they",
    "you",
    "we",
    "he",
    "she",
    "it",
    "the",
    "our",
    "your",
    "this",
    "that",
    "anything",
    "any",
    "there",
    "anyone",
    "something",
];

/// Whether word `i` is the "should" of an inverted condition ("Should they
/// approve it, the refund will ...", "get in touch should you have any
/// further questions", "should anything else come up"), not a question
/// ("Should we close the account?"). In a statement, "should" before its
/// subject is the condition's, wherever it stands; "should" after a
/// subject is that subject's modal ("... as it should the first time").
fn inverted_condition(text: &Text, i: usize) -> bool {
    let word = &text.words[i];
    let after_subject = i > 0
        && text.words[i - 1].sentence == word.sentence
        && SUBJECTS.contains(&text.words[i - 1].text.as_str());
    word.text == "should"
        && !after_subject
        && text
            .words
            .get(i + 1)
            .is_some_and(|n| CONDITION_SUBJECTS.contains(&n.text.as_str()))
        && !question_sentences(text).contains(&word.sentence)
}

/// Whether word `i` opens the line after a heading that says what the
/// customer receives ("What you'll receive" / "A refund of €264.00 to
/// your original payment method"): the heading labels that line, as a
/// label's colon does (para-st, B6).
fn heading_of_receipt_before(text: &Text, i: usize) -> bool {
    let gap = text.gap(i);
    if !gap.contains('\n') || gap.contains(['.', '!', '?', ';', ',']) {
        return false;
    }
    let start = (0..i)
        .rev()
        .find(|&j| j == 0 || text.gap(j).contains('\n'))
        .unwrap_or(0);
    let heading: Vec<&str> = text.words[start..i]
        .iter()
        .map(|w| w.text.as_str())
        .collect();
    heading.len() <= 6
        && heading.first() == Some(&"what")
        && heading.contains(&"you")
        && heading
            .iter()
            .any(|w| crate::text::is_form_of(w, "receive") || crate::text::is_form_of(w, "get"))
}

/// The line of the source holding word `at`, up to that word.
fn line_before(text: &Text, at: usize) -> &str {
    let Some(word) = text.words.get(at) else {
        return "";
    };
    let head = &text.source[..word.start];
    &head[head.rfind('\n').map_or(0, |n| n + 1)..]
}

/// Whether a line (trimmed) is an item of a list: "- ...", "* ...",
/// "• ...", "1. ...", "2) ...".
pub(super) fn list_item(line: &str) -> bool {
    let mut chars = line.chars();
    match chars.next() {
        Some('-' | '*' | '+') => chars.next().is_some_and(char::is_whitespace),
        Some('\u{2022}' | '\u{00b7}' | '\u{2013}') => true,
        Some(c) if c.is_ascii_digit() => {
            let rest = line.trim_start_matches(|c: char| c.is_ascii_digit());
            rest.starts_with('.') || rest.starts_with(')')
        }
        _ => false,
    }
}

/// Whether word `at` is the first word of an item of a list: only a
/// list marker and emphasis stand before it on its line ("2. Waived
/// ...", "- **Decision:** ...", "• Refunded ...").
pub(super) fn opens_list_item(text: &Text, at: usize) -> bool {
    let marker = line_before(text, at)
        .trim_start()
        .trim_end_matches(['*', '_', '`']);
    list_item(marker) && marker.split_whitespace().count() == 1
}

/// The nearest line before the list holding word `at` that is no item of
/// it: what introduces the list ("Here's what we've done:").
pub(super) fn list_intro(text: &Text, at: usize) -> &str {
    let Some(word) = text.words.get(at) else {
        return "";
    };
    text.source[..word.start]
        .lines()
        .rev()
        .skip(1)
        .map(str::trim)
        .find(|line| !line.is_empty() && !list_item(line))
        .unwrap_or("")
}

/// Words of a list's title that make its items steps still ahead: "What
/// happens next:", "Next steps", "The plan from here:".
const PLAN_TITLES: &[&str] = &["next", "steps", "plan", "happens", "here", "now"];

/// Words that place a step in the past: "You reset it yesterday".
const PAST_TIMES: &[&str] = &[
    "yesterday",
    "already",
    "earlier",
    "ago",
    "last",
    "previously",
];

/// Words after a doer that are no verb of a step in the present.
const NOT_A_STEP: &[&str] = &[
    "are", "were", "have", "had", "did", "do", "can", "could", "will", "would", "should", "may",
    "might", "must", "not", "never", "also",
];

/// A step of a plan told in the present: `clause` opens an item of a list
/// whose title looks ahead, with its doer ("you", "we", "I") and a verb in
/// the present ("What happens next:\n1. You revoke the leaked key ...\n3.
/// We send you an update within the hour"). A plan's present is its
/// future: the customer's steps are asked of them, ours are promised. Not
/// a step said done ("1. You revoked the key", "You reset it yesterday"),
/// nor a list under any other title. Returns the doer and the index (in
/// `text`) of the verb.
pub(super) fn planned_step<'t>(text: &'t Text, clause: &Clause) -> Option<(&'t str, usize)> {
    if clause.to < clause.from + 2 || !opens_list_item(text, clause.from) {
        return None;
    }
    let doer = text.words[clause.from].text.as_str();
    let verb = text.words[clause.from + 1].text.as_str();
    let present = !verb.ends_with("ed") && !verb.ends_with("ing") && !NOT_A_STEP.contains(&verb);
    let dated_past =
        (clause.from..clause.to).any(|i| PAST_TIMES.contains(&text.words[i].text.as_str()));
    let title = Text::new(list_intro(text, clause.from));
    let ahead = title
        .words
        .iter()
        .any(|w| PLAN_TITLES.contains(&w.text.as_str()));
    (matches!(doer, "you" | "we" | "i") && present && !dated_past && ahead)
        .then_some((doer, clause.from + 1))
}

/// The longest heading, in words.
const HEADING_WORDS: usize = 6;

/// Whether `clause` is a heading: a short line of its own with no stop
/// or comma after it ("### When", "**Timing**", "What happens next").
pub(super) fn heading(text: &Text, clause: &Clause) -> bool {
    let opens_line = clause.from == 0 || text.gap(clause.from).contains('\n');
    let after = if clause.to < text.len() {
        text.gap(clause.to)
    } else {
        text.source
            .get(text.words[clause.to - 1].end..)
            .unwrap_or("")
    };
    let closes_line = clause.to >= text.len() || after.contains('\n');
    let ending = after.split('\n').next().unwrap_or("");
    opens_line
        && closes_line
        && clause.to > clause.from
        && clause.to - clause.from <= HEADING_WORDS
        && !ending.contains(['.', '!', '?', ';', ',', ':'])
}

/// The longest bracketed aside read as part of its clause, in words.
const ASIDE_WORDS: usize = 4;

/// Words that make a bracketed text a clause of its own.
pub(super) const CLAUSE_WORDS: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "will", "would", "can", "could", "should", "may",
    "might", "must", "has", "have", "had", "do", "does", "did", "we", "i", "you", "it", "they",
    "please",
];

/// Short asides in brackets with no verb or subject of their own
/// ("refund ($355.50) approved", "the fee (INV-2231) is waived"), as
/// word spans `from..=to`: they read as part of the clause around them,
/// and are no part of its noun phrases.
pub(super) fn asides(text: &Text) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let only = |gap: &str, c: char| {
        let bare = gap.trim_matches(|x: char| {
            x.is_whitespace() || matches!(x, '$' | '£' | '€' | '*' | '_' | '`' | '#')
        });
        bare.len() == c.len_utf8() && bare.starts_with(c)
    };
    let mut i = 1;
    while i < text.len() {
        if !only(text.gap(i), '(') {
            i += 1;
            continue;
        }
        let close = (i..text.len().min(i + ASIDE_WORDS))
            .find(|&j| j + 1 == text.len() || text.gap(j + 1).trim_start().starts_with(')'));
        let Some(close) = close else {
            i += 1;
            continue;
        };
        let clause_words = text.words[i..=close]
            .iter()
            .any(|w| CLAUSE_WORDS.contains(&w.text.as_str()));
        let same_sentence = text.words[close].sentence == text.words[i - 1].sentence;
        if !clause_words && same_sentence {
            out.push((i, close));
        }
        i = close + 1;
    }
    out
}

/// For each word, whether the clause break before it only opens or
/// closes an aside ([`asides`]).
fn aside_joins(text: &Text) -> Vec<bool> {
    let mut joins = vec![false; text.len()];
    for (from, to) in asides(text) {
        // "(INV-75883, $443.00)": a comma inside the brackets separates
        // the aside's items, not clauses; the word after it is no subject.
        joins[from..=to].fill(true);
        // ") ", or "): " before what the clause labels.
        let after = text.gap(to + 1).trim_start().strip_prefix(')');
        let closes_only = after.is_some_and(|rest| rest.trim().is_empty() || labels(rest));
        if to + 1 < text.len() && closes_only {
            joins[to + 1] = true;
        }
    }
    joins
}

/// Words on our side of the conversation.
pub(super) const OUR_SIDE: &[&str] = &[
    "we",
    "i",
    "us",
    "our",
    "team",
    "supervisor",
    "manager",
    "officer",
    "company",
    "desk",
    "colleague",
    "colleagues",
    "specialist",
    "specialists",
    "department",
];

/// Words that are the subject of a clause of their own.
pub(super) const SUBJECTS: &[&str] = &["we", "i", "you", "they", "he", "she", "it", "this", "that"];

/// Words a clause may open with before its subject.
const LEAD_ADVERBS: &[&str] = &[
    "then",
    "also",
    "now",
    "first",
    "next",
    "finally",
    "additionally",
    "again",
    "still",
    "meanwhile",
];

/// Words that open a subject: "your refund", "no data", "the fee".
const SUBJECT_STARTS: &[&str] = &[
    "the", "your", "my", "a", "an", "these", "those", "there", "someone", "somebody", "nobody",
    "everyone", "nothing", "none", "no", "all", "any", "each", "every", "its", "their",
];

/// Whether a clause has a subject of its own: it opens (after an adverb
/// such as "then") with a pronoun, a word on our side or a determiner.
/// A clause that opens with a verb ("and refund you") continues another.
pub(super) fn has_subject(words: &[&str]) -> bool {
    // "since you had cancelled it": a subordinate clause with its own
    // subject inherits none from the clause before it.
    const SUBORDINATORS: &[&str] = &[
        "since", "as", "when", "whenever", "after", "before", "until",
    ];
    words
        .iter()
        .find(|w| !LEAD_ADVERBS.contains(w) && !SUBORDINATORS.contains(w))
        .is_some_and(|w| SUBJECTS.contains(w) || OUR_SIDE.contains(w) || SUBJECT_STARTS.contains(w))
}

/// Whether a word on our side occurs in `words`.
pub(super) fn ours(words: &[&str]) -> bool {
    words.iter().any(|w| OUR_SIDE.contains(w))
}

/// Whether clause `at` is an item of a list of verb phrases whose head is
/// negated, so the negation reaches it: "we won't refund the charge,
/// waive the fee or credit your account", "there's no need to reset your
/// password, revoke any keys or turn on two-factor authentication".
///
/// The shared [`crate::text::negated`] carries a negation through a list
/// of short nouns; a list of verb phrases is the reply's to read, since
/// only it knows the verbs (`is_verb`). An item follows a comma, has no
/// subject and opens with a verb; the list closes with "and", "or" or
/// "nor" (so "don't panic, just reset your password" is two statements),
/// and its head clause has a negated verb of the same kind whose negation
/// reaches the end of that clause. An item under a negated lead-in ("We
/// cannot:\n- refund the fee") is negated too.
pub(super) fn negated_item(
    text: &Text,
    clauses: &[Clause],
    at: usize,
    is_verb: impl Fn(&str) -> bool,
) -> bool {
    let is_item = |k: usize| {
        let clause = &clauses[k];
        let words = clause.texts(text);
        let first = words
            .iter()
            .find(|w| !LEAD_ADVERBS.contains(w) && !matches!(**w, "or" | "nor"));
        matches!(clause.opener, None | Some(Opener::And))
            && clause.continues
            && k > 0
            && clauses[k - 1].sentence == clause.sentence
            && first.is_some_and(|w| is_verb(w))
            && !has_subject(&words)
    };
    if under_negated_lead(text, clauses, at) {
        return true;
    }
    if !is_item(at) {
        return false;
    }
    let closes = (at..clauses.len()).take_while(|&k| is_item(k)).any(|k| {
        clauses[k].opener == Some(Opener::And)
            || clauses[k]
                .texts(text)
                .iter()
                .any(|w| matches!(*w, "or" | "nor"))
    });
    if !closes {
        return false;
    }
    let mut head = at - 1;
    while head > 0 && is_item(head) {
        head -= 1;
    }
    // The head's own verb, its first: a negated verb later in it belongs
    // to a clause inside it ("choose a password you haven't used before,
    // and turn on two-factor authentication" asks both).
    let clause = &clauses[head];
    let verb_negated = (clause.from..clause.to)
        .find(|&i| is_verb(&text.words[i].text))
        .is_some_and(|i| negated(text, i, i + 1));
    verb_negated && negation::negated_before(text, clause.to - 1)
}

/// Prepositions that add one more object to those of the clause before:
/// "send us the invoice number, along with the card number".
const ADDING: &[&[&str]] = &[
    &["along", "with"],
    &["together", "with"],
    &["as", "well", "as"],
    &["plus"],
    &["and"],
];

/// How many words of an adding preposition open `words` at `j`: "along
/// with", "together with", "as well as", "plus", "and".
pub(super) fn adding_at(words: &[&str], j: usize) -> Option<usize> {
    ADDING
        .iter()
        .find(|a| words[j..].starts_with(a))
        .map(|a| a.len())
}

/// Words that open the noun phrase of an added object.
const OBJECT_STARTS: &[&str] = &["the", "your", "a", "an", "its", "their", "any", "also"];

/// Where the noun phrase of clause `at` starts (a word index of `text`)
/// when the clause is one more object of the clause before it, with no
/// verb of its own ("Please send us the invoice number | and the card
/// number", "... for the add-on charge, | together with the full card
/// number", "the charge date | and the invoice number"): it follows "and"
/// or a comma in its sentence and opens with an adding preposition or a
/// determiner. A fragment that opens its own sentence with an adding
/// preposition and leads into no main clause after a comma ("... (INV-...).
/// together with the card number it was charged to") cannot stand alone
/// and adds to the sentence before. Every object so added is what the verb
/// before does to it: asked for, when that verb asks.
pub(super) fn added_object(text: &Text, clauses: &[Clause], at: usize) -> Option<usize> {
    let clause = clauses.get(at)?;
    let words = clause.texts(text);
    let joiner = if words.is_empty() {
        None
    } else {
        adding_at(&words, 0)
    };
    let opens_sentence = at == 0 || clauses[at - 1].sentence != clause.sentence;
    let fragment = opens_sentence
        && at > 0
        && joiner.is_some_and(|n| n > 1)
        && !clauses
            .get(at + 1)
            .is_some_and(|c| c.sentence == clause.sentence && c.continues && c.opener.is_none());
    // After a bracket ("(INV-...) along with ...") the clause breaks with
    // no comma: the adding preposition joins it all the same.
    let same_sentence = !opens_sentence && joiner.is_some();
    if !(clause.continues || same_sentence || fragment)
        || !matches!(clause.opener, None | Some(Opener::And))
    {
        return None;
    }
    let start = joiner.unwrap_or(0);
    let opens_object = words.get(start).is_some_and(|w| OBJECT_STARTS.contains(w));
    (opens_object && (joiner.is_some() || clause.opener == Some(Opener::And)))
        .then_some(clause.from + start)
}

/// The clause a continuing clause continues: the nearest earlier clause of
/// the same sentence, when `clause` continues one, or the lead-in of the
/// list item it opens ([`Clause::led`]).
pub(super) fn continued(clauses: &[Clause], at: usize) -> Option<usize> {
    let clause = clauses.get(at)?;
    (clause.continues && at > 0 && clauses[at - 1].sentence == clause.sentence)
        .then(|| at - 1)
        .or(clause.led.map(|lead| lead.by))
}

/// Words a clause may end with when its verb comes after an inserted
/// clause: a modal or auxiliary with its verb still ahead ("We will, |
/// once you confirm, | delete everything").
const STRANDED_AUXILIARIES: &[&str] = &[
    "will", "shall", "would", "can", "could", "may", "might", "must", "should", "to",
];

/// Words that open a clause of time or condition without being an
/// [`Opener`] ("as soon as you confirm", "when you reply").
const ADVERBIAL_STARTS: &[&str] = &["as", "when", "whenever", "after", "before"];

/// The clause that clause `at` continues past a clause of time or
/// condition inserted between an auxiliary and its verb: "We will, | once
/// you confirm, | delete everything", "I can, | if you like, | close
/// it", "We'll, | as soon as you reply, | erase it". The verb's subject
/// and modal are the clause before the insertion's; without one, the
/// clause it [`continued`] from.
pub(super) fn continued_across(text: &Text, clauses: &[Clause], at: usize) -> Option<usize> {
    let inserted = inserted_before(text, clauses, at);
    inserted.map(|i| i - 1).or_else(|| continued(clauses, at))
}

/// The clause of time or condition inserted right before clause `at`,
/// between an auxiliary ending the clause before it and the verb opening
/// `at` ([`continued_across`]).
pub(super) fn inserted_before(text: &Text, clauses: &[Clause], at: usize) -> Option<usize> {
    let clause = clauses.get(at)?;
    let inserted = at.checked_sub(1)?;
    let head = inserted.checked_sub(1)?;
    let adverbial = matches!(
        clauses[inserted].opener,
        Some(Opener::Once | Opener::Condition)
    ) || clauses[inserted]
        .texts(text)
        .first()
        .is_some_and(|w| ADVERBIAL_STARTS.contains(w));
    let stranded = clauses[head]
        .texts(text)
        .last()
        .is_some_and(|w| STRANDED_AUXILIARIES.contains(w));
    let one_sentence =
        clauses[head].sentence == clause.sentence && clauses[inserted].sentence == clause.sentence;
    let words = clause.texts(text);
    (clause.continues && adverbial && stranded && one_sentence && !has_subject(&words))
        .then_some(inserted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_split_at_joining_words_and_keep_who_continues() {
        let text = Text::new(
            "We will review it and refund you, but if you confirm we will credit you. Thanks",
        );
        let got: Vec<(String, Option<Opener>, bool)> = clauses(&text)
            .iter()
            .map(|c| (c.texts(&text).join(" "), c.opener, c.continues))
            .collect();
        assert_eq!(
            got,
            [
                ("we will review it".to_owned(), None, false),
                ("refund you".to_owned(), Some(Opener::And), true),
                (String::new(), Some(Opener::Contrast), true),
                (
                    "you confirm we will credit you".to_owned(),
                    Some(Opener::Condition),
                    false
                ),
                ("thanks".to_owned(), None, false),
            ]
            .into_iter()
            .filter(|(t, _, _)| !t.is_empty())
            .collect::<Vec<_>>()
        );
    }
}
