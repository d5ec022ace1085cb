//! Reading free text as words: [`Text`] tokenises an answer once (lower
//! case, word boundaries, clause and sentence numbers, numbers as values),
//! and phrase lists are matched on whole words, so
//! "high" never matches "highlight", "hr" never matches "three" and "yes"
//! never matches "eyes". A phrase word ending in `*` matches by prefix;
//! one ending in `+` names a verb and matches every form of it
//! ([`super::is_form_of`]: `rate+` is "rate", "rates", "rated", "rating"),
//! so a list names a verb once and its tense never decides a match.

use std::sync::OnceLock;

/// One word of a text, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Lower-cased; numbers without thousands separators (`1200`, `9.5`).
    pub text: String,
    /// Byte offsets into the text the [`Text`] was built from.
    pub start: usize,
    /// Byte offset just past the word's last byte.
    pub end: usize,
    /// Clauses end at `, ; : . ! ?`, brackets, dashes between spaces and
    /// line breaks; negation never reaches across one.
    pub clause: u32,
    /// Sentences end at `. ! ? ;` and line breaks.
    pub sentence: u32,
}

impl AsRef<str> for Word {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

/// A tokenised text.
#[derive(Debug, Clone, Default)]
pub struct Text {
    /// The text as given, before tokenising.
    pub source: String,
    /// The words in order.
    pub words: Vec<Word>,
    /// Word indices sorted by word (then position), so a phrase is looked
    /// up by binary search rather than scanned for: graders try hundreds of
    /// phrases on one answer.
    order: Vec<u32>,
    /// The [`prefix_key`] of each word of `order`, in that order: a
    /// phrase's first word is found among these numbers, and only words
    /// that share its first eight bytes are compared as strings.
    keys: Vec<u64>,
    /// For each word, the index of the first word of its sentence.
    sentence_starts: Vec<u32>,
    /// The pairs of bytes the words open with: most phrases tried on a
    /// text open with a pair no word has, and are settled here before
    /// they are split or looked up.
    openings: Openings,
}

/// A set of the first two bytes of words, each byte taken by its low five
/// bits (so a lower-case letter and its capital share a place, and a few
/// other bytes share one with a letter): a phrase whose first word opens
/// with a pair outside the set matches no word; one inside it may.
#[derive(Debug, Clone, Default)]
struct Openings([u64; 16]);

impl Openings {
    /// The bit of a word opening with `first` and then `second` (`None`
    /// for a word of one byte).
    fn place(first: u8, second: Option<u8>) -> (usize, u64) {
        let bit = usize::from(first & 31) << 5 | second.map_or(0, |b| usize::from(b & 31));
        (bit / 64, 1 << (bit % 64))
    }

    fn add(&mut self, word: &str) {
        let bytes = word.as_bytes();
        if let Some(&first) = bytes.first() {
            let (at, bit) = Openings::place(first, bytes.get(1).copied());
            self.0[at] |= bit;
        }
    }

    /// Whether some word opens with `first` (the 32 pairs opening with it
    /// are half of one number).
    fn any_opening_with(&self, first: u8) -> bool {
        let (at, bit) = Openings::place(first, None);
        let half = if bit == 1 {
            u32::MAX as u64
        } else {
            (u32::MAX as u64) << 32
        };
        self.0[at] & half != 0
    }

    /// Whether a word may match the first word of `phrase` (as
    /// [`phrase_words`] splits it, by prefix when it ends in `*`). Only a
    /// phrase that opens with ASCII is ruled out: any other may.
    fn may_open(&self, phrase: &str) -> bool {
        let bytes = phrase.as_bytes();
        let Some(from) = bytes.iter().position(|b| !is_phrase_break(*b)) else {
            return true;
        };
        let first = bytes[from];
        if !first.is_ascii() || first == b'*' {
            return true;
        }
        let by_first_bytes = match bytes.get(from + 1).copied() {
            None => self.has_place(first, None),
            Some(second) if is_phrase_break(second) => self.has_place(first, None),
            // A prefix of one byte ("a*"), or a second byte of a longer
            // character: any word opening with the first byte.
            Some(second) if second == b'*' || !second.is_ascii() => self.any_opening_with(first),
            Some(second) => self.has_place(first, Some(second)),
        };
        // Most phrases tried on a text are ruled out here, before their
        // first word is read to its end (every phrase is tried on every
        // text). The forms of a verb ("rate+") share its first two bytes
        // unless its base is that short or irregular ("tell": "told"), so
        // only such a first word may open otherwise.
        if by_first_bytes {
            return true;
        }
        let short_base = bytes.get(from + 1) == Some(&b'+') || bytes.get(from + 2) == Some(&b'+');
        if !short_base && !short_start_openings().has_place(first, bytes.get(from + 1).copied()) {
            return false;
        }
        let word = bytes[from..]
            .iter()
            .position(|b| is_phrase_break(*b))
            .map_or(&phrase[from..], |k| &phrase[from..from + k]);
        if !word.ends_with('+') {
            return false;
        }
        match PatternWord::of(word) {
            PatternWord::Forms { start, .. } => match *start.as_bytes() {
                [] => true,
                [one] => self.any_opening_with(one),
                [one, two, ..] => self.has_place(one, Some(two)),
            },
            _ => false,
        }
    }

    fn has_place(&self, first: u8, second: Option<u8>) -> bool {
        let (at, bit) = Openings::place(first, second);
        self.0[at] & bit != 0
    }
}

/// The first two bytes of the irregular verbs whose forms share less than
/// those ("tell": "told"; "be": "is"), for [`Openings::may_open`].
fn short_start_openings() -> &'static Openings {
    static OPENINGS: OnceLock<Openings> = OnceLock::new();
    OPENINGS.get_or_init(|| {
        let mut openings = Openings::default();
        for base in super::inflection::irregular_bases() {
            if super::inflection::forms_start(base).len() < 2 {
                openings.add(base);
            }
        }
        openings
    })
}

/// Whether an ASCII byte splits a phrase into words ([`phrase_words`]).
fn is_phrase_break(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t'..=b'\r' | b'-' | b'/')
}

/// The most words of a text sorted by insertion (in place) rather than by
/// [`crate::order::sort_by`].
const SHORT_TEXT: usize = 32;

/// `keyed` (a word's [`prefix_key`] and index) sorted by `less`, a total
/// order (it ends on the index), so any sort gives this one order: runs of
/// [`SHORT_TEXT`] sorted in place by insertion (a line or a field is one
/// run, with no allocation), then merged bottom-up as pairs, where
/// `crate::order::sort_by` sorts positions through a comparison it cannot
/// inline (every answer and case text is sorted on every grade).
fn sort_keyed(keyed: &mut Vec<(u64, u32)>, less: impl Fn(&(u64, u32), &(u64, u32)) -> bool) {
    for run in keyed.chunks_mut(SHORT_TEXT) {
        for i in 1..run.len() {
            let mut j = i;
            while j > 0 && less(&run[j], &run[j - 1]) {
                run.swap(j, j - 1);
                j -= 1;
            }
        }
    }
    let n = keyed.len();
    if n <= SHORT_TEXT {
        return;
    }
    let mut from = std::mem::take(keyed);
    let mut to: Vec<(u64, u32)> = Vec::with_capacity(n);
    let mut width = SHORT_TEXT;
    while width < n {
        to.clear();
        let mut start = 0;
        while start < n {
            let middle = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut left, mut right) = (start, middle);
            while left < middle && right < end {
                if less(&from[right], &from[left]) {
                    to.push(from[right]);
                    right += 1;
                } else {
                    to.push(from[left]);
                    left += 1;
                }
            }
            to.extend_from_slice(&from[left..middle]);
            to.extend_from_slice(&from[right..end]);
            start = end;
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    *keyed = from;
}

/// The most words a phrase may have.
const PHRASE_WORDS: usize = 8;

/// Words that join spellings of the same thing into one token, so every
/// matcher sees one form: `1:1`, `1-1`, `1-on-1`, `one-on-one` become
/// `oneonone`.
const ONE_ON_ONE: &str = "oneonone";

impl Text {
    /// `source` read as words, after [`super::fold()`]: `Text::source` and
    /// every word's offsets are those of the folded text.
    pub fn new(source: &str) -> Text {
        let source = &*super::fold(source);
        // A word and the space after it take six bytes or more in most
        // text: room for that many words is taken at once rather than
        // grown into.
        let mut words: Vec<Word> = Vec::with_capacity(source.len() / 6);
        let mut clause = 0u32;
        let mut sentence = 0u32;
        let bytes: Vec<(usize, char)> = if source.is_ascii() {
            // A character a byte: collected at its known length.
            source.bytes().map(char::from).enumerate().collect()
        } else {
            source.char_indices().collect()
        };
        // Each word is spelled here first and copied out at its length, so
        // a word costs one allocation however it grows.
        let mut spelled = String::new();
        let mut i = 0;
        while i < bytes.len() {
            let (at, c) = bytes[i];
            if c.is_alphanumeric() {
                let start = at;
                let numeric = c.is_ascii_digit();
                spelled.clear();
                let text = &mut spelled;
                let mut j = i;
                while j < bytes.len() {
                    let (_, d) = bytes[j];
                    let joins_number = numeric
                        && (d == ',' || d == '.')
                        && bytes.get(j + 1).is_some_and(|(_, n)| n.is_ascii_digit())
                        && bytes
                            .get(j.wrapping_sub(1))
                            .is_some_and(|(_, p)| p.is_ascii_digit());
                    if d.is_ascii_alphanumeric() {
                        text.push(d.to_ascii_lowercase());
                    } else if d.is_alphanumeric() {
                        text.extend(d.to_lowercase());
                    } else if (d == '\'' || d == '\u{2019}') && is_inner_apostrophe(&bytes, j) {
                        text.push('\'');
                    } else if joins_number {
                        if d == '.' {
                            text.push('.');
                        }
                    } else {
                        break;
                    }
                    j += 1;
                }
                let end = bytes.get(j).map_or(source.len(), |(b, _)| *b);
                let text = spelled.as_str().to_owned();
                // "62h", "9.5k", "3pm": a number and its unit are two words.
                match unit_split(&text) {
                    Some(at) => {
                        let unit = text[at..].to_owned();
                        let mut number = text;
                        number.truncate(at);
                        let unit_start = source[start..end]
                            .char_indices()
                            .find(|(_, c)| c.is_alphabetic())
                            .map_or(end, |(k, _)| start + k);
                        push_word(&mut words, number, start, unit_start, clause, sentence);
                        push_word(&mut words, unit, unit_start, end, clause, sentence);
                    }
                    None => push_word(&mut words, text, start, end, clause, sentence),
                }
                i = j;
                continue;
            }
            // A tick or a cross of a checklist ("Exhaustion \u{2713}",
            // "\u{2717} Cynicism", "[x] Exhaustion", "[ ] Cynicism") says
            // whether the item beside it is there (para-it15 B1).
            if let Some((mark, len)) = check_mark(&bytes, i) {
                let after_item = words
                    .last()
                    .is_some_and(|w| w.clause == clause && w.sentence == sentence);
                let end = bytes.get(i + len).map_or(source.len(), |(b, _)| *b);
                if mark == Mark::Cross {
                    // Read as "no": before its item it negates it ("no
                    // cynicism"), after it it is the verdict ("cynicism:
                    // no").
                    words.push(Word {
                        text: "no".to_owned(),
                        start: at,
                        end,
                        clause,
                        sentence,
                    });
                }
                // A mark after its item ends it: the next item on the line
                // is no part of its verdict.
                if after_item {
                    clause += 1;
                }
                i += len;
                continue;
            }
            // An ellipsis the sentence goes on after ("the invoice number
            // (INV-...) for the add-on", "the number\u{2026} please send
            // it") marks words left out, not a sentence end: one clause
            // break for the whole run of dots.
            if let Some(dots) = ellipsis_within_sentence(&bytes, i) {
                clause += 1;
                i += dots;
                continue;
            }
            match c {
                // The dots of "i.e.", "e.g." and "3 a.m." end nothing.
                '.' if is_abbreviation_dot(&bytes, i, words.last()) => {}
                // A dot between letters or digits with no space is inside
                // an address ("ana.diaz@firm.example", "example.com"), not
                // a sentence end.
                '.' if i > 0
                    && bytes[i - 1].1.is_alphanumeric()
                    && bytes.get(i + 1).is_some_and(|(_, n)| n.is_alphanumeric()) => {}
                '.' | '!' | '?' | ';' | '\n' => {
                    clause += 1;
                    sentence += 1;
                }
                // A colon between digits is a clock time or a ratio
                // ("17:00", "1:1"), not a break.
                ':' if i > 0
                    && bytes[i - 1].1.is_ascii_digit()
                    && bytes.get(i + 1).is_some_and(|(_, n)| n.is_ascii_digit()) => {}
                ',' | ':' | '(' | ')' | '[' | ']' | '|' | '"' | '\u{201c}' | '\u{201d}' => {
                    clause += 1
                }
                '-' | '\u{2013}' | '\u{2014}' => {
                    // A dash between spaces separates clauses; inside a word
                    // ("on-call") it does not.
                    let spaced =
                        bytes.get(i + 1).is_none_or(|(_, n)| n.is_whitespace()) || c != '-';
                    if spaced {
                        clause += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let words = join_one_on_one(words);
        // Sorted by a key whose first eight bytes settle most comparisons
        // without reading the strings (the same order as sorting by text).
        let mut keyed: Vec<(u64, u32)> = words
            .iter()
            .enumerate()
            .map(|(i, w)| (prefix_key(&w.text), i as u32))
            .collect();
        let less = |(ka, a): &(u64, u32), (kb, b): &(u64, u32)| {
            ka.cmp(kb)
                .then_with(|| {
                    // Two words of up to eight bytes with one key are one
                    // word (no word holds a zero byte): only longer ones
                    // are compared as strings.
                    let (x, y) = (&words[*a as usize].text, &words[*b as usize].text);
                    if x.len() <= 8 && y.len() <= 8 {
                        std::cmp::Ordering::Equal
                    } else {
                        x.cmp(y)
                    }
                })
                .then(a.cmp(b))
                .is_lt()
        };
        sort_keyed(&mut keyed, less);
        let keys: Vec<u64> = keyed.iter().map(|(key, _)| *key).collect();
        let order: Vec<u32> = keyed.into_iter().map(|(_, i)| i).collect();
        let mut openings = Openings::default();
        let mut sentence_starts = Vec::with_capacity(words.len());
        for (i, word) in words.iter().enumerate() {
            openings.add(&word.text);
            let start = match i.checked_sub(1) {
                Some(k) if words[k].sentence == word.sentence => sentence_starts[k],
                _ => i as u32,
            };
            sentence_starts.push(start);
        }
        Text {
            source: source.to_owned(),
            words,
            order,
            keys,
            sentence_starts,
            openings,
        }
    }

    /// The first place in `order` whose word is not less than `word`.
    fn first_not_below(&self, word: &str) -> usize {
        let key = prefix_key(word);
        let from = self.keys.partition_point(|k| *k < key);
        // Words of up to eight bytes are settled by their keys; longer ones
        // are compared as strings among the words sharing the key.
        if word.len() <= 8 {
            return from;
        }
        let to = from + self.keys[from..].partition_point(|k| *k == key);
        from + self.order[from..to]
            .partition_point(|i| self.words[*i as usize].text.as_str() < word)
    }

    /// The index of the first word of word `at`'s sentence (`at` itself
    /// past the end).
    pub fn sentence_start(&self, at: usize) -> usize {
        self.sentence_starts.get(at).map_or(at, |s| *s as usize)
    }

    /// How many words the text has.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether the text has no word.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words after word `at` up to the end of its clause (none past
    /// the end).
    pub fn rest_of_clause(&self, at: usize) -> Vec<&str> {
        let Some(clause) = self.words.get(at).map(|w| w.clause) else {
            return Vec::new();
        };
        self.words[at + 1..]
            .iter()
            .take_while(|w| w.clause == clause)
            .map(|w| w.text.as_str())
            .collect()
    }

    /// The source text of words `from..to` (exclusive).
    pub fn slice(&self, from: usize, to: usize) -> &str {
        if from >= to || to > self.words.len() {
            return "";
        }
        &self.source[self.words[from].start..self.words[to - 1].end]
    }

    /// The source text between word `at - 1` and word `at`: the spaces and
    /// punctuation that separate them (from the start of the text for the
    /// first word, empty past the end).
    pub fn gap(&self, at: usize) -> &str {
        let Some(word) = self.words.get(at) else {
            return "";
        };
        let from = at
            .checked_sub(1)
            .and_then(|k| self.words.get(k))
            .map_or(0, |w| w.end);
        self.source.get(from..word.start).unwrap_or("")
    }

    /// Word spans (`start..end`) where `phrase` occurs.
    pub fn find(&self, phrase: &str) -> Vec<(usize, usize)> {
        let mut found: Vec<(usize, usize)> = Vec::new();
        let prefix = self.each_match(phrase, |start, end| {
            found.push((start, end));
            true
        });
        // Exact first words come in text order already (the order is by
        // word, then position); a prefix spans several words.
        if prefix {
            crate::order::sort(&mut found);
        }
        found
    }

    /// Call `each` with the span of every occurrence of `phrase`, in no
    /// particular order, until it returns false; returns whether the
    /// phrase's first word is a prefix. Looks words up by binary search and
    /// allocates nothing: graders try hundreds of phrases on every answer.
    fn each_match(&self, phrase: &str, each: impl FnMut(usize, usize) -> bool) -> bool {
        if !self.openings.may_open(phrase) {
            return false;
        }
        let mut words = phrase_words(phrase);
        let Some(first) = words.next() else {
            return false;
        };
        // Most phrases tried on a text have no word of it first: they are
        // settled before the rest of the phrase is split.
        if !self.has_first(first) {
            return false;
        }
        let mut pattern = [""; PHRASE_WORDS];
        pattern[0] = first;
        let mut len = 1;
        for word in words.by_ref().take(PHRASE_WORDS - 1) {
            pattern[len] = word;
            len += 1;
        }
        if len == PHRASE_WORDS {
            // Longer than the phrases graders list: read on the heap.
            let long: Vec<&str> = pattern.iter().copied().chain(words).collect();
            if long.len() > PHRASE_WORDS {
                return self.each_match_of(&long, each);
            }
        }
        self.each_match_of(&pattern[..len], each)
    }

    /// Whether some word matches `first`, a phrase's first word (by
    /// prefix when it ends in `*`, in any form when it ends in `+`).
    fn has_first(&self, first: &str) -> bool {
        let pattern = PatternWord::of(first);
        self.order[self.first_not_below(pattern.key())..]
            .iter()
            .map(|at| self.words[*at as usize].text.as_str())
            .take_while(|word| pattern.in_range(word))
            .any(|word| pattern.matches(word))
    }

    /// [`Self::each_match`] of a phrase already split into words.
    fn each_match_of(&self, pattern: &[&str], mut each: impl FnMut(usize, usize) -> bool) -> bool {
        let len = pattern.len();
        if len == 0 || len > self.words.len() {
            return false;
        }
        let first = PatternWord::of(pattern[0]);
        let from = self.first_not_below(first.key());
        for &at in &self.order[from..] {
            let at = at as usize;
            let word = self.words[at].text.as_str();
            if !first.in_range(word) {
                break;
            }
            if !first.matches(word) {
                continue;
            }
            let fits = at + len <= self.words.len()
                && pattern[1..len]
                    .iter()
                    .zip(&self.words[at + 1..])
                    .all(|(p, w)| word_matches(p, &w.text));
            if fits && !each(at, at + len) {
                break;
            }
        }
        !matches!(first, PatternWord::Exact(_))
    }

    /// The indices of the words equal to `word`, ascending.
    pub fn positions(&self, word: &str) -> &[u32] {
        let from = self.first_not_below(word);
        let to = from
            + self.order[from..].partition_point(|i| self.words[*i as usize].text.as_str() == word);
        &self.order[from..to]
    }

    /// Each word as a number, equal numbers for equal words (for counting
    /// repeats cheaply).
    pub fn word_ids(&self) -> Vec<u32> {
        let mut ids = vec![0u32; self.words.len()];
        let mut id = 0u32;
        for (k, at) in self.order.iter().enumerate() {
            if k > 0 && self.words[self.order[k - 1] as usize].text != self.words[*at as usize].text
            {
                id += 1;
            }
            ids[*at as usize] = id;
        }
        ids
    }

    /// Every occurrence of any phrase of `concept`, in text order.
    pub fn mentions(&self, phrases: &[&str]) -> Vec<(usize, usize)> {
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for phrase in phrases {
            self.each_match(phrase, |start, end| {
                spans.push((start, end));
                true
            });
        }
        crate::order::sort(&mut spans);
        spans.dedup_by(|b, a| b.0 < a.1 && a.0 <= b.0);
        spans
    }

    /// Whether any of `phrases` occurs as whole words (a word ending in `*` by prefix).
    pub fn has(&self, phrases: &[&str]) -> bool {
        phrases.iter().any(|p| {
            let mut any = false;
            self.each_match(p, |_, _| {
                any = true;
                false
            });
            any
        })
    }

    /// The numbers written in the text as integers (a decimal is cut to its
    /// whole part), with their word index: digits and number words alike
    /// ("eighteen months", "twenty-four hours"), so a number reads the same
    /// however it is written. "None" is no number written.
    pub fn numbers(&self) -> Vec<(usize, u64)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < self.words.len() {
            let word = self.words[i].text.as_str();
            let read = (word != "none")
                .then(|| super::numbers::number_at(&self.words, i))
                .flatten();
            match read {
                Some((n, taken)) => {
                    out.push((i, n));
                    i += taken;
                }
                None => i += 1,
            }
        }
        out
    }
}

/// The words of a phrase: split at whitespace, hyphens and slashes, empty
/// pieces skipped. A phrase of ASCII (every phrase the graders list) is
/// split byte by byte.
fn phrase_words(phrase: &str) -> impl Iterator<Item = &str> {
    let ascii = phrase.is_ascii();
    let bytes = phrase.as_bytes();
    let mut from = 0;
    let mut chars = (!ascii).then(|| {
        phrase
            .split(|c: char| c.is_whitespace() || c == '-' || c == '/')
            .filter(|w| !w.is_empty())
    });
    std::iter::from_fn(move || {
        if let Some(chars) = chars.as_mut() {
            return chars.next();
        }
        while from < bytes.len() {
            let start = from;
            let end = bytes[start..]
                .iter()
                .position(|b| is_phrase_break(*b))
                .map_or(bytes.len(), |k| start + k);
            from = end + 1;
            if end > start {
                return Some(&phrase[start..end]);
            }
        }
        None
    })
}

/// The first eight bytes of a word as a number, in the order the words
/// sort in (a shorter word is padded with zeros, which sort first).
fn prefix_key(word: &str) -> u64 {
    let mut key = [0u8; 8];
    for (slot, byte) in key.iter_mut().zip(word.bytes()) {
        *slot = byte;
    }
    u64::from_be_bytes(key)
}

/// Where the unit of a number written with it starts ("62h" at 2,
/// "9.5k" at 3): digits (with a decimal point) then letters only. Words
/// that mix them otherwise ("1on1") stay whole, and so does a plural
/// ("1:1s", "1990s").
fn unit_split(word: &str) -> Option<usize> {
    let at = word.find(|c: char| !c.is_ascii_digit() && c != '.')?;
    let (number, unit) = word.split_at(at);
    let digits = number.chars().next().is_some_and(|c| c.is_ascii_digit());
    let letters = !unit.is_empty() && unit != "s" && unit.chars().all(char::is_alphabetic);
    (digits && letters).then_some(at)
}

/// Abbreviations whose dot is not a sentence end.
const ABBREVIATIONS: &[&str] = &["vs", "approx", "incl", "mr", "mrs", "ms", "dr", "cf"];

/// Whether the `.` at `chars[at]` belongs to an abbreviation: a letter on
/// its own between dots ("i.e.", "e.g.", "a.m.") or a known short form.
fn is_abbreviation_dot(chars: &[(usize, char)], at: usize, last: Option<&Word>) -> bool {
    let letter = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|(_, c)| c.is_alphabetic())
    };
    let is = |k: Option<usize>, want: char| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|(_, c)| *c == want)
    };
    let single_letter = letter(at.checked_sub(1)) && !letter(at.checked_sub(2));
    let inner = single_letter && letter(Some(at + 1));
    let closing = single_letter && is(at.checked_sub(2), '.');
    let known =
        last.is_some_and(|w| w.end == chars[at].0 && ABBREVIATIONS.contains(&w.text.as_str()));
    inner || closing || known
}

/// Closing marks that may stand between an ellipsis and what goes on
/// after it: "(INV-...) for", "\"...\" and".
const AFTER_ELLIPSIS: &[char] = &[')', ']', '"', '\'', '\u{201d}', '\u{2019}', '*', '_', '`'];

/// When `chars[at]` opens a run of two or more dots after which the
/// sentence goes on (after spaces on the line and closing marks, a
/// lower-case letter or a comma, semicolon or colon), how many dots the
/// run has. An ellipsis before a capital, a line break or the end of the
/// text ends its sentence as a full stop does.
fn ellipsis_within_sentence(chars: &[(usize, char)], at: usize) -> Option<usize> {
    if chars[at].1 != '.' || at.checked_sub(1).is_some_and(|p| chars[p].1 == '.') {
        return None;
    }
    let dots = chars[at..].iter().take_while(|(_, c)| *c == '.').count();
    if dots < 2 {
        return None;
    }
    let next = chars[at + dots..]
        .iter()
        .map(|(_, c)| *c)
        .find(|c| !(*c == ' ' || *c == '\t' || AFTER_ELLIPSIS.contains(c)))?;
    (next.is_lowercase() || matches!(next, ',' | ';' | ':')).then_some(dots)
}

fn is_inner_apostrophe(chars: &[(usize, char)], at: usize) -> bool {
    at > 0
        && chars.get(at - 1).is_some_and(|(_, c)| c.is_alphabetic())
        && chars.get(at + 1).is_some_and(|(_, c)| c.is_alphabetic())
}

/// A checklist mark: a tick says its item is there, a cross that it is
/// not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Tick,
    Cross,
}

/// Ticks: check marks and a checked box.
const TICKS: &[char] = &['\u{2713}', '\u{2714}', '\u{2705}', '\u{2611}'];

/// Crosses: ballot and multiplication crosses, the cross-mark emoji.
const CROSSES: &[char] = &['\u{2717}', '\u{2718}', '\u{274c}', '\u{274e}', '\u{2716}'];

/// The checklist mark at `bytes[i]` and how many characters it takes: a
/// tick or cross character, or a markdown checkbox ("[x]" checked, "[ ]"
/// unchecked).
fn check_mark(bytes: &[(usize, char)], i: usize) -> Option<(Mark, usize)> {
    let c = bytes[i].1;
    if TICKS.contains(&c) {
        return Some((Mark::Tick, 1));
    }
    if CROSSES.contains(&c) {
        return Some((Mark::Cross, 1));
    }
    if c != '[' {
        return None;
    }
    let inner = bytes.get(i + 1).map(|(_, c)| *c);
    match (inner, bytes.get(i + 2).map(|(_, c)| *c)) {
        (Some(' '), Some(']')) => Some((Mark::Cross, 3)),
        (Some('x' | 'X'), Some(']')) => Some((Mark::Tick, 3)),
        _ => None,
    }
}

/// Whether word `at` of `text` is a checklist's cross ("\u{2717}", "[ ]"),
/// which reads as "no".
pub fn is_cross_mark(text: &Text, at: usize) -> bool {
    text.words.get(at).is_some_and(|w| {
        let source = text.source.get(w.start..w.end).unwrap_or("");
        w.text == "no" && (source.starts_with('[') || source.starts_with(CROSSES))
    })
}

/// The word a lower-case word reads as when it is not itself: chat
/// shorthand for "please" (play-st31 B1: "pls resend from your account
/// email" is a request).
fn spelled_out(word: &str) -> Option<&'static str> {
    PLEASE_SHORTHAND.contains(&word).then_some("please")
}

/// Chat shorthand for "please".
const PLEASE_SHORTHAND: [&str; 3] = ["pls", "plz", "plse"];

/// Whether `Text::new(source)` may hold one of `words` (whole words of
/// lower-case ASCII letters, none of them `ONE_ON_ONE`) as a word, told
/// without reading `source` as words: a short text (a title) tried on a
/// phrase list whose first words the caller holds is settled here when it
/// can mention none of the list. Only an ASCII text with no apostrophe and
/// no checklist box is settled: each of its words is then a run of its
/// letters and digits lower-cased, a run cut at a number's unit ("62h"),
/// "cannot" spelled out, chat shorthand spelled out (`spelled_out`) or
/// `ONE_ON_ONE`; so a word of letters may be there only where a run of the
/// text's letters reads as it.
pub fn may_hold_word(source: &str, words: &[&str]) -> bool {
    letter_runs(source).is_none_or(|mut runs| {
        runs.any(|run| words.iter().any(|word| run.eq_ignore_ascii_case(word)))
    })
}

/// The runs of letters of `source` as the words they read as, in any case
/// ([`may_hold_word`]); `None` for a text not settled by its runs (not ASCII,
/// or holding an apostrophe or a checklist box).
fn letter_runs(source: &str) -> Option<impl Iterator<Item = &str>> {
    if !source.is_ascii() || source.contains(['\'', '[']) {
        return None;
    }
    let runs = source
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|run| !run.is_empty())
        .flat_map(|run| {
            let read: [Option<&str>; 2] = if run.eq_ignore_ascii_case("cannot") {
                [Some("can"), Some("not")]
            } else if PLEASE_SHORTHAND.iter().any(|s| run.eq_ignore_ascii_case(s)) {
                [Some("please"), None]
            } else {
                [Some(run), None]
            };
            read.into_iter().flatten()
        });
    Some(runs)
}

/// Add one word, spelling out contractions (`don't` -> `do not`, `we'll`
/// -> `we will`) so negation sees a plain `not` and readers a plain verb.
fn push_word(
    words: &mut Vec<Word>,
    text: String,
    start: usize,
    end: usize,
    clause: u32,
    sentence: u32,
) {
    let text = match spelled_out(&text) {
        Some(word) => word.to_owned(),
        None => text,
    };
    // Most words hold no apostrophe and are no contraction: as read.
    if text != "cannot" && !text.contains('\'') {
        words.push(Word {
            text,
            start,
            end,
            clause,
            sentence,
        });
        return;
    }
    let mut push = |t: &str| {
        words.push(Word {
            text: t.to_owned(),
            start,
            end,
            clause,
            sentence,
        })
    };
    match text.as_str() {
        "can't" | "cannot" => return push_all(&mut push, &["can", "not"]),
        "won't" => return push_all(&mut push, &["will", "not"]),
        "let's" => return push_all(&mut push, &["let", "us"]),
        "shan't" => return push_all(&mut push, &["shall", "not"]),
        // "it's" is "it is"; other "'s" are possessives ("team's" reads
        // as "team"), which add nothing.
        "it's" | "that's" | "there's" | "what's" | "here's" | "who's" | "he's" | "she's" => {
            let stem = &text[..text.len() - 2];
            return push_all(&mut push, &[stem, "is"]);
        }
        _ => {}
    }
    for (suffix, meaning) in [
        ("n't", "not"),
        ("'ll", "will"),
        ("'ve", "have"),
        ("'re", "are"),
        ("'m", "am"),
        ("'d", "would"),
    ] {
        if let Some(stem) = text.strip_suffix(suffix) {
            return push_all(&mut push, &[stem, meaning]);
        }
    }
    match text.split_once('\'') {
        Some((head, _)) => push(head),
        // The common case: the word as read, without copying it again.
        None => words.push(Word {
            text,
            start,
            end,
            clause,
            sentence,
        }),
    }
}

fn push_all(push: &mut impl FnMut(&str), parts: &[&str]) {
    for part in parts {
        push(part);
    }
}

/// `1:1`, `1-1`, `1-on-1`, `1on1`, `1to1`, `1 to 1`, `one-on-one`, `one to
/// one` as one word.
fn join_one_on_one(words: Vec<Word>) -> Vec<Word> {
    // Every spelling starts with "1", "1on1" or "one": a text without them
    // is left as it is.
    let starts = |w: &Word| {
        matches!(w.text.as_str(), "1" | "one")
            || w.text.starts_with("1on1")
            || w.text.starts_with("1to1")
    };
    if !words.iter().any(starts) {
        return words;
    }
    let one = |t: Option<&str>| matches!(t, Some("1" | "1s"));
    // How many words starting at `i` spell a 1:1 (0 when none).
    let span = |i: usize| {
        let text = |k: usize| words.get(i + k).map(|x| x.text.as_str());
        match (text(0), text(1), text(2)) {
            (Some("1on1" | "1on1s" | "1to1" | "1to1s"), _, _) => 1,
            (Some("1"), Some("on" | "to"), t) if one(t) => 3,
            (Some("one"), Some("on" | "to"), Some("one" | "ones")) => 3,
            (Some("1"), t, _) if one(t) && adjacent(&words[i], &words[i + 1]) => 2,
            _ => 0,
        }
    };
    let spans: Vec<usize> = (0..words.len()).map(span).collect();
    let mut out: Vec<Word> = Vec::with_capacity(words.len());
    let mut skip = 0;
    let mut end_of = Vec::with_capacity(words.len());
    for w in &words {
        end_of.push(w.end);
    }
    for (i, mut w) in words.into_iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if spans[i] > 0 {
            w.end = end_of[i + spans[i] - 1];
            w.text = ONE_ON_ONE.to_owned();
            skip = spans[i] - 1;
        }
        out.push(w);
    }
    out
}

/// `1:1` or `1-1`: the two numbers are one character apart.
fn adjacent(a: &Word, b: &Word) -> bool {
    b.start == a.end + 1
}

/// Whether the phrase word `pattern` matches `word`: itself, by prefix
/// when it ends in `*`, any form of the verb when it ends in `+`.
pub fn word_matches(pattern: &str, word: &str) -> bool {
    PatternWord::of(pattern).matches(word)
}

/// How one word of a phrase matches a word of a text.
#[derive(Clone, Copy)]
enum PatternWord<'a> {
    /// The word itself.
    Exact(&'a str),
    /// Any word it starts ("exhaust*").
    Prefix(&'a str),
    /// Any form of the verb `base` ("rate+"); `start` is what every form
    /// opens with ([`super::inflection::forms_start`]).
    Forms { base: &'a str, start: &'a str },
}

impl<'a> PatternWord<'a> {
    fn of(pattern: &'a str) -> PatternWord<'a> {
        if let Some(prefix) = pattern.strip_suffix('*') {
            PatternWord::Prefix(prefix)
        } else if let Some(base) = pattern.strip_suffix('+') {
            PatternWord::Forms {
                base,
                start: super::inflection::forms_start(base),
            }
        } else {
            PatternWord::Exact(pattern)
        }
    }

    /// What the words it may match are looked up by.
    fn key(self) -> &'a str {
        match self {
            PatternWord::Exact(key) | PatternWord::Prefix(key) => key,
            PatternWord::Forms { start, .. } => start,
        }
    }

    /// Whether `word` sorts among the words it may match: past them, in
    /// the sorted order, no word matches.
    fn in_range(self, word: &str) -> bool {
        match self {
            PatternWord::Exact(key) => word == key,
            _ => word.starts_with(self.key()),
        }
    }

    fn matches(self, word: &str) -> bool {
        match self {
            PatternWord::Exact(key) => word == key,
            PatternWord::Prefix(key) => word.starts_with(key),
            PatternWord::Forms { base, .. } => super::inflection::is_form_of(word, base),
        }
    }
}

/// How many words (runs of letters or digits) a text has.
pub fn word_count(text: &str) -> usize {
    if text.is_ascii() {
        // Byte by byte: every line of an answer is counted.
        let mut in_word = false;
        let mut count = 0;
        for byte in text.bytes() {
            let letter = byte.is_ascii_alphanumeric();
            count += usize::from(letter && !in_word);
            in_word = letter;
        }
        return count;
    }
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &Text) -> Vec<&str> {
        t.words.iter().map(|w| w.text.as_str()).collect()
    }

    #[test]
    fn words_numbers_and_contractions() {
        let t = Text::new(
            "Don't escalate; $1,200 for 9.5 hours. Team's 1:1s and 1-on-1 and one-to-one. Let's",
        );
        assert_eq!(
            texts(&t),
            [
                "do", "not", "escalate", "1200", "for", "9.5", "hours", "team", "oneonone", "and",
                "oneonone", "and", "oneonone", "let", "us"
            ]
        );
        // para-it6: a stressor key written "manager_1to1s".
        assert_eq!(
            texts(&Text::new("manager_1to1s, 1 to 1 reviews")),
            ["manager", "oneonone", "oneonone", "reviews"]
        );
        assert_eq!(
            t.numbers().iter().map(|(_, n)| *n).collect::<Vec<_>>(),
            [1200, 9]
        );
        assert_ne!(t.words[2].clause, t.words[3].clause);
        let t = Text::new("eighteen months, twenty-four hours and 3 days; none");
        assert_eq!(
            t.numbers().iter().map(|(_, n)| *n).collect::<Vec<_>>(),
            [18, 24, 3]
        );
        // Chat shorthand for "please" (play-st31 B1).
        assert_eq!(
            texts(&Text::new("Pls resend it, plz.")),
            ["please", "resend", "it", "please"]
        );
        // A clock time is two words of one clause.
        let t = Text::new("before 17:00 today: no");
        assert_eq!(texts(&t), ["before", "17", "00", "today", "no"]);
        assert_eq!(t.words[1].clause, t.words[3].clause);
        assert_ne!(t.words[3].clause, t.words[4].clause);
    }

    #[test]
    fn phrases_match_whole_words_only() {
        let t = Text::new("Highlight the workflow below; three eyes. On-call every 3 days.");
        for absent in ["high", "low", "hr", "yes"] {
            assert!(t.find(absent).is_empty(), "{absent}");
        }
        assert_eq!(t.find("on call").len(), 1);
        assert_eq!(t.find("work*").len(), 1);
        assert_eq!(t.slice(0, 2), "Highlight the");
        assert_eq!(word_count("a b-c 12"), 4);
    }

    #[test]
    fn the_openings_filter_rules_out_no_match() {
        let t = Text::new("A rota, \u{e9}quipe on-call 1:1s at 9am; x");
        // Each phrase matches: the filter of first bytes must let it by.
        for phrase in [
            "a",
            "a*",
            "r*",
            "rot*",
            "rota",
            " rota",
            "-on call",
            "\u{e9}quipe",
            "\u{e9}*",
            "oneonone",
            "9",
            "am",
            "x",
            "*",
        ] {
            assert!(t.has(&[phrase]), "{phrase}");
        }
        for phrase in ["b", "ro", "rotas", "call on", "\u{e8}quipe", "y*", "10"] {
            assert!(!t.has(&[phrase]), "{phrase}");
        }
    }

    #[test]
    fn the_openings_filter_lets_every_form_of_a_verb_by() {
        // Forms that share less than their base's first two bytes
        // (irregular ones) and forms of a short base.
        let t = Text::new("She told them it is done; we gave, held and saw; he went, rated it");
        for phrase in [
            "tell+",
            "tell+ them",
            "be+",
            "give+",
            "hold+",
            "see+",
            "do+",
            "rate+ it",
        ] {
            assert!(t.has(&[phrase]), "{phrase}");
        }
        for phrase in ["take+", "send+", "rate+ them", "find+"] {
            assert!(!t.has(&[phrase]), "{phrase}");
        }
    }

    #[test]
    fn a_number_and_its_unit_are_two_words() {
        let t = Text::new("62h/week, $9.5k, 3pm and 1on1s");
        assert_eq!(
            texts(&t),
            ["62", "h", "week", "9.5", "k", "3", "pm", "and", "oneonone"]
        );
        assert_eq!(t.slice(0, 2), "62h");
        assert_eq!(t.gap(1), "");
    }

    #[test]
    fn an_ellipsis_the_sentence_goes_on_after_ends_no_sentence() {
        let one = |source: &str, a: &str, b: &str| {
            let t = Text::new(source);
            let sentence = |w: &str| t.words.iter().find(|x| x.text == w).map(|x| x.sentence);
            sentence(a) == sentence(b)
        };
        // Words left out inside a sentence: it goes on.
        assert!(one(
            "the invoice number (INV-...) for the add-on",
            "number",
            "add"
        ));
        assert!(one("the number\u{2026} please send it", "number", "send"));
        assert!(one("the code (INV-.....), which starts", "code", "starts"));
        assert!(one("we need the number... and the date", "number", "date"));
        assert!(one("the number...: INV-2231", "number", "2231"));
        // An ellipsis before a capital, a line break or the end ends it.
        assert!(!one(
            "We need the number... Please send it",
            "number",
            "send"
        ));
        assert!(!one(
            "We need the number...\nplease send it",
            "number",
            "send"
        ));
        assert!(!one("We need the number. please send it", "number", "send"));
    }

    #[test]
    fn abbreviation_dots_end_no_sentence() {
        let t = Text::new("Wakes at 3 a.m. most nights, i.e. poor sleep. Plan B. Next vs. last.");
        let sentence = |w: &str| t.words.iter().find(|x| x.text == w).map(|x| x.sentence);
        assert_eq!(sentence("wakes"), sentence("poor"));
        assert_ne!(sentence("poor"), sentence("plan"));
        assert_ne!(sentence("plan"), sentence("next"));
        assert_eq!(sentence("next"), sentence("last"));
    }

    #[test]
    fn a_verb_named_once_matches_every_form() {
        let t = Text::new("She rates her work low; rated it lower; rating it; a rater; rats.");
        let found: Vec<&str> = t
            .mentions(&["rate+"])
            .into_iter()
            .map(|(s, e)| t.slice(s, e))
            .collect();
        assert_eq!(found, ["rates", "rated", "rating"]);
        assert_eq!(t.find("rate+ it").len(), 2);
        assert!(t.has(&["she rate+ her"]) && !t.has(&["her rate+"]));
        let sent = Text::new("They sent it back and send it again.");
        assert_eq!(sent.mentions(&["send+ it"]).len(), 2);
        assert!(word_matches("reply+", "replied") && !word_matches("reply+", "replay"));
    }

    #[test]
    fn a_long_text_orders_its_words_by_word_then_place() {
        // Three runs and more of `SHORT_TEXT`, words long and short sharing
        // their first eight bytes.
        let source = (0..150)
            .map(|i| match i % 5 {
                0 => format!("overtimes{}", 97 - i % 7),
                1 => "overtime".to_owned(),
                2 => format!("w{}", (i * 37) % 23),
                3 => "overtimeextra".to_owned(),
                _ => format!("a{}", i % 4),
            })
            .collect::<Vec<_>>()
            .join(" ");
        let t = Text::new(&source);
        assert!(t.len() > 3 * SHORT_TEXT);
        let mut expected: Vec<u32> = (0..t.len() as u32).collect();
        crate::order::sort_by_key(&mut expected, |i| t.words[*i as usize].text.clone());
        assert_eq!(t.order, expected);
        let keys: Vec<u64> = expected
            .iter()
            .map(|i| prefix_key(&t.words[*i as usize].text))
            .collect();
        assert_eq!(t.keys, keys);
    }

    #[test]
    fn word_count_counts_runs_of_letters_and_digits() {
        for (text, count) in [
            ("", 0),
            ("  ", 0),
            ("one", 1),
            ("Owner: Ana, 62h/week", 4),
            ("don't-stop 1:1", 5),
            ("caf\u{e9} ok", 2),
        ] {
            assert_eq!(word_count(text), count, "{text:?}");
        }
    }

    #[test]
    fn may_hold_word_rules_out_only_what_mentions_would() {
        let phrases = ["not touched", "left out", "excluded", "please", "no", "can"];
        let texts = [
            "Owner",
            "Week 1",
            "What we LEFT out",
            "Not Touched",
            "Cannot touch",
            "PLS reply",
            "plz",
            "1:1 with Ana",
            "[ ] action",
            "Don't care",
            "62h",
            "Excluded\u{2019}s",
            "Notes and outcomes",
            "Rotating the pager",
            "Touched nothing",
        ];
        for text in texts {
            let read = Text::new(text);
            for phrase in phrases {
                let found = !read.mentions(&[phrase]).is_empty();
                let first = phrase.split(' ').next().unwrap_or_default();
                let may = may_hold_word(text, &[first]);
                assert!(may || !found, "{text:?} mentions {phrase:?}");
            }
        }
        // An ASCII title with no run of letters that opens a phrase is
        // ruled out.
        assert!(!may_hold_word("Owner", &["not", "left"]));
        assert!(!may_hold_word("Week 1 (days 1-7)", &["not", "left"]));
        assert!(!may_hold_word("Notes", &["not"]));
        assert!(may_hold_word("Left out", &["left"]));
        assert!(may_hold_word("Cannot", &["not"]));
        assert!(may_hold_word("plz", &["please"]));
        assert!(may_hold_word("[ ] Owner", &["not"]));
    }
}
