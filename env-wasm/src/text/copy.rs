//! Text copied from the observation. An answer may quote a fact ("62 hours
//! a week", or one whole sentence of the case), but a long run of words
//! taken verbatim from the observation is the observation pasted back, not
//! a reading of it, and earns nothing: graders cut such runs out
//! ([`CopySource::strip`], [`strip_all`]) before they read the answer, or
//! count them ([`CopySource::copied_words`]).
//!
//! Runs are found in one pass over the answer: for each answer word the
//! source positions holding the same word are looked up in the source's
//! sorted word order, and a run ending there is one longer than a run
//! ending at the previous source position. The cost is the number of
//! (answer word, equal source word) pairs, never answer length times
//! source length.

use super::words::Text;

/// The shortest verbatim piece a chain of copied pieces is made of.
pub const PIECE: usize = 6;

/// The most words between two pieces of one chain, in the answer and in
/// the source.
pub const GAP: usize = 12;

/// A verbatim piece: answer words `start..end` repeating source words
/// `source_start..source_end`.
#[derive(Debug, Clone, Copy)]
struct Piece {
    start: usize,
    end: usize,
    source_start: usize,
    source_end: usize,
}

impl Piece {
    /// The run of `len` words that ends before answer word `end` and at
    /// source position `source_last`.
    fn ending(end: usize, source_last: u32, len: usize) -> Piece {
        let source_end = source_last as usize + 1;
        Piece {
            start: end - len,
            end,
            source_start: source_end - len,
            source_end,
        }
    }

    fn len(&self) -> usize {
        self.end - self.start
    }
}

/// A source text, and how long a verbatim run from it must be to count as
/// copied.
#[derive(Debug, Clone, Default)]
pub struct CopySource {
    run: usize,
    source: Text,
}

impl CopySource {
    /// `run` words in a row from `source` count as copied.
    pub fn new(source: &Text, run: usize) -> CopySource {
        CopySource::owning(source.clone(), run)
    }

    /// [`CopySource::new`], keeping `source` rather than a copy of it.
    pub fn owning(source: Text, run: usize) -> CopySource {
        CopySource {
            run: run.max(1),
            source,
        }
    }

    /// The maximal verbatim runs of `text` from the source that are at
    /// least `shortest` words long, in answer order.
    fn pieces(&self, text: &Text, shortest: usize) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Vec::new();
        // (source position, length of the run ending there) for the
        // previous answer word, and the longest of them.
        let mut previous: Vec<(u32, usize)> = Vec::new();
        // This word's, in a buffer kept across words rather than one
        // allocated for each.
        let mut current: Vec<(u32, usize)> = Vec::new();
        let mut best_before: Option<(u32, usize)> = None;
        for (i, word) in text.words.iter().enumerate() {
            current.clear();
            let mut k = 0;
            for &at in self.source.positions(&word.text) {
                while k < previous.len() && previous[k].0 + 1 < at {
                    k += 1;
                }
                let extends = k < previous.len() && previous[k].0 + 1 == at;
                current.push((at, if extends { previous[k].1 + 1 } else { 1 }));
            }
            let best = current
                .iter()
                .copied()
                .max_by_key(|(at, len)| (*len, u32::MAX - *at));
            // The run ending at the previous word ends there unless this
            // word continues it.
            if let Some((at, len)) = best_before {
                let continued = best.is_some_and(|(b, l)| l == len + 1 && b == at + 1);
                if !continued && len >= shortest {
                    pieces.push(Piece::ending(i, at, len));
                }
            }
            best_before = best;
            std::mem::swap(&mut previous, &mut current);
        }
        if let Some((at, len)) = best_before
            && len >= shortest
        {
            pieces.push(Piece::ending(text.len(), at, len));
        }
        pieces
    }

    /// The runs of `text` (word spans `start..end`, in order) that repeat
    /// at least `run` consecutive source words.
    pub fn runs(&self, text: &Text) -> Vec<(usize, usize)> {
        merge(
            self.pieces(text, self.run)
                .into_iter()
                .map(|p| (p.start, p.end))
                .collect(),
        )
    }

    /// The stretches of `text` (word spans `start..end`, in order, not
    /// overlapping) pasted from the source: the [`runs`](Self::runs), and
    /// also a chain of shorter verbatim pieces (at least [`PIECE`] words
    /// each) that follow the source's order with at most [`GAP`] words
    /// between them, in the answer and in the source, adding up to twice
    /// `run`; and, once part of the source is found pasted, any other
    /// piece of that part. The chain catches the source pasted with a line
    /// slipped in every few sentences, and the repeat a pasted line given
    /// twice; twice the run keeps an answer that quotes several facts in
    /// the order the case gives them clear.
    pub fn copied_spans(&self, text: &Text) -> Vec<(usize, usize)> {
        let pieces = self.pieces(text, PIECE.min(self.run));
        let mut spans: Vec<(usize, usize)> = Vec::new();
        let mut pasted: Vec<(usize, usize)> = Vec::new();
        let mut chain: Vec<Piece> = Vec::new();
        let mut flush = |chain: &mut Vec<Piece>, spans: &mut Vec<(usize, usize)>| {
            let total: usize = chain.iter().map(Piece::len).sum();
            for p in chain.iter() {
                if p.len() >= self.run || total >= 2 * self.run {
                    spans.push((p.start, p.end));
                    pasted.push((p.source_start, p.source_end));
                }
            }
            chain.clear();
        };
        for &piece in &pieces {
            let follows = chain.last().is_some_and(|last: &Piece| {
                piece.start >= last.end
                    && piece.start - last.end <= GAP
                    && piece.source_start >= last.source_end
                    && piece.source_start - last.source_end <= GAP
            });
            if !follows {
                flush(&mut chain, &mut spans);
            }
            chain.push(piece);
        }
        flush(&mut chain, &mut spans);
        for piece in pieces {
            let again = pasted
                .iter()
                .any(|(s, e)| piece.source_start < *e && *s < piece.source_end);
            if again {
                spans.push((piece.start, piece.end));
            }
        }
        merge(spans)
    }

    /// The longest run of words of `text` repeated verbatim from the
    /// source.
    pub fn longest_run(&self, text: &Text) -> usize {
        self.pieces(text, 1)
            .iter()
            .map(Piece::len)
            .max()
            .unwrap_or(0)
    }

    /// How many sentences of the source `text` repeats: those with at
    /// least [`PIECE`] of their words (all of them, when shorter) inside
    /// one verbatim piece of `text`. Quoting one sentence of a case, or
    /// part of it, is a quote; repeating two is pasting the case.
    pub fn sentences_copied(&self, text: &Text) -> usize {
        self.sentences_in(&self.pieces(text, PIECE.min(self.run)))
    }

    /// How many sentences of the source the copied runs of `text` (at
    /// least `run` words each, [`runs`](Self::runs)) repeat, counted as
    /// [`sentences_copied`](Self::sentences_copied) counts them: a rule
    /// that lets one sentence be quoted asks this, so that a few words of
    /// another sentence used as a name ("the SMS notifications add-on
    /// charge") are not a second quote.
    pub fn sentences_in_runs(&self, text: &Text) -> usize {
        self.sentences_in(&self.pieces(text, self.run))
    }

    /// How many source sentences `pieces` repeat at least [`PIECE`] words
    /// of (all of them, when shorter).
    fn sentences_in(&self, pieces: &[Piece]) -> usize {
        let words = &self.source.words;
        let mut copied: Vec<u32> = Vec::new();
        for &piece in pieces {
            let mut k = piece.source_start;
            while k < piece.source_end.min(words.len()) {
                let sentence = words[k].sentence;
                let from = k;
                while k < piece.source_end && words.get(k).is_some_and(|w| w.sentence == sentence) {
                    k += 1;
                }
                let start = self.source.sentence_start(from);
                let len = words[start..]
                    .iter()
                    .take_while(|w| w.sentence == sentence)
                    .count();
                if k - from >= PIECE.min(len) && !copied.contains(&sentence) {
                    copied.push(sentence);
                }
            }
        }
        copied.len()
    }

    /// How many words of `text` lie inside verbatim pieces of the source
    /// (at least [`PIECE`] words each): how much of a field is the
    /// source's words rather than the writer's own.
    pub fn quoted_words(&self, text: &Text) -> usize {
        self.quoted_spans(text).iter().map(|(s, e)| e - s).sum()
    }

    /// The verbatim pieces of the source in `text` (at least [`PIECE`]
    /// words each), as word spans in order, not overlapping.
    pub fn quoted_spans(&self, text: &Text) -> Vec<(usize, usize)> {
        let pieces = self.pieces(text, PIECE.min(self.run));
        merge(pieces.iter().map(|p| (p.start, p.end)).collect())
    }

    /// `text` with every verbatim piece of the source cut out: the
    /// writer's own words around what it quotes.
    pub fn without_quotes(&self, text: &Text) -> String {
        cut(text, &self.quoted_spans(text))
    }

    /// Whether words `from..to` of `text` hold a copied run.
    pub fn copied(&self, text: &Text, from: usize, to: usize) -> bool {
        self.runs(text)
            .iter()
            .any(|(s, e)| (*s).max(from) + self.run <= (*e).min(to))
    }

    /// Whether any of `text` is a copied run.
    pub fn copied_in(&self, text: &Text) -> bool {
        !self.runs(text).is_empty()
    }

    /// How many words of `text` lie inside a copied run: how much of an
    /// answer is pasted, for readers that allow a short quotation but not
    /// a pasted page.
    pub fn copied_words(&self, text: &Text) -> usize {
        self.runs(text).iter().map(|(s, e)| e - s).sum()
    }

    /// `text` with every pasted stretch ([`copied_spans`](Self::copied_spans))
    /// cut out.
    pub fn strip(&self, text: &Text) -> String {
        strip_all(text, &[self])
    }
}

/// What a pasted stretch is replaced by, on a line of its own: no word (so
/// nothing reads it as content), but a reader of one field can tell that
/// text was cut from it ([`was_cut`]).
pub const CUT: char = '\u{2702}';

/// Whether `text` (part of an answer read by [`strip_all`]) had a pasted
/// stretch cut out of it.
pub fn was_cut(text: &str) -> bool {
    text.contains(CUT)
}

/// `text` with every stretch pasted from any of `sources` cut out, each
/// replaced by a line holding only [`CUT`], so that what follows it starts
/// afresh rather than joining the words before it.
pub fn strip_all(text: &Text, sources: &[&CopySource]) -> String {
    let spans = merge(sources.iter().flat_map(|s| s.copied_spans(text)).collect());
    cut(text, &spans)
}

/// `text` with the word `spans` (in order, not overlapping) each replaced
/// by a line holding only [`CUT`].
fn cut(text: &Text, spans: &[(usize, usize)]) -> String {
    if spans.is_empty() {
        return text.source.clone();
    }
    let mut out = String::with_capacity(text.source.len());
    let mut from = 0;
    for &(start, end) in spans {
        let cut_from = text.words[start].start;
        let cut_to = text.words[end - 1].end;
        out.push_str(text.source.get(from..cut_from).unwrap_or(""));
        out.push('\n');
        out.push(CUT);
        out.push('\n');
        from = cut_to;
    }
    out.push_str(text.source.get(from..).unwrap_or(""));
    out
}

/// Overlapping or touching spans joined, in order.
fn merge(mut spans: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    crate::order::sort(&mut spans);
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (start, end) in spans {
        match merged.last_mut() {
            Some(last) if last.1 >= start => last.1 = last.1.max(end),
            _ => merged.push((start, end)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_are_copies_and_quoted_facts_are_not() {
        let source = Text::new(
            "Priya has worked 62 hours a week since March and has not taken a day of leave.",
        );
        let copies = CopySource::new(&source, 8);
        assert!(!copies.copied_in(&Text::new("She works 62 hours a week.")));
        assert!(copies.copied_in(&Text::new(
            "Note: Priya has worked 62 hours a week since March and more."
        )));
        assert!(!copies.copied_in(&Text::new("")));
        let pasted =
            Text::new("As you said, Priya has worked 62 hours a week since March and more.");
        assert_eq!(copies.copied_words(&pasted), 10);
        assert_eq!(copies.copied_words(&Text::new("62 hours a week")), 0);
    }

    #[test]
    fn sentences_in_runs_count_what_the_runs_repeat_not_short_names() {
        let source = Text::new(
            "I want my money back for the SMS notifications add-on charge. I am filing a \
             complaint with the regulator about the charge on my invoice unless this is resolved \
             properly. Please hurry.",
        );
        let copies = CopySource::new(&source, 12);
        // One long sentence quoted, and a few words of another as a name.
        let one = Text::new(
            "You wrote: I am filing a complaint with the regulator about the charge on my \
             invoice unless this is resolved properly. The SMS notifications add-on charge is \
             with our legal team.",
        );
        assert_eq!(copies.sentences_in_runs(&one), 1);
        assert_eq!(copies.sentences_copied(&one), 2);
        // Two sentences in one run.
        let two = Text::new(
            "I want my money back for the SMS notifications add-on charge. I am filing a \
             complaint with the regulator.",
        );
        assert_eq!(copies.sentences_in_runs(&two), 2);
    }

    #[test]
    fn runs_are_found_wherever_they_start_and_cut_out() {
        let source = Text::new("a b c d e f g h. x y z a b c q r s");
        let copies = CopySource::new(&source, 4);
        // "a b c" occurs twice in the source; the run follows the one that
        // continues.
        let text = Text::new("start a b c d e then x y z a b c q end");
        assert_eq!(copies.copied_spans(&text), [(1, 6), (7, 14)]);
        assert_eq!(
            copies.strip(&text),
            "start \n\u{2702}\n then \n\u{2702}\n end"
        );
        assert!(was_cut(&copies.strip(&text)));
        assert!(copies.copied(&text, 0, 6));
        assert!(!copies.copied(&text, 3, 8));
        // Three words in a row are a quote, not a copy.
        assert!(!copies.copied_in(&Text::new("b c d and then y z a")));
    }

    #[test]
    fn a_paste_with_lines_slipped_in_is_still_a_copy() {
        let source: String = (0..120).map(|k| format!("w{k} ")).collect();
        let source = Text::new(&source);
        let copies = CopySource::new(&source, 40);
        // Thirty words at a time with a line of filler between: no run of
        // forty, but a chain of ninety.
        let mut pasted = String::new();
        for chunk in 0..3 {
            for k in chunk * 30..chunk * 30 + 30 {
                pasted.push_str(&format!("w{k} "));
            }
            pasted.push_str("\nsome words of our own here\n");
        }
        let text = Text::new(&pasted);
        let copied: usize = copies.copied_spans(&text).iter().map(|(s, e)| e - s).sum();
        assert_eq!(copied, 90);
        // Three quoted pieces of ten words in the source's order are
        // quotes, not a copy.
        let quotes = "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 and w20 w21 w22 w23 w24 w25 w26 w27 w28 w29 \
                      then w40 w41 w42 w43 w44 w45 w46 w47 w48 w49";
        assert!(!copies.copied_in(&Text::new(quotes)));
        // A piece of the pasted stretch given again is the paste again.
        let again = format!("{pasted}\nw40 w41 w42 w43 w44 w45 w46");
        let text = Text::new(&again);
        let copied: usize = copies.copied_spans(&text).iter().map(|(s, e)| e - s).sum();
        assert_eq!(copied, 97);
    }

    #[test]
    fn sentences_copied_counts_whole_sentences_not_quotes() {
        let source = Text::new(
            "Ana has been covering the work of two colleagues who left in May. \
             Ana is online until 11 p.m. most nights. \"I keep running through the backlog.\"",
        );
        let copies = CopySource::new(&source, 44);
        let count = |t: &str| copies.sentences_copied(&Text::new(t));
        assert_eq!(
            count("covering the work of two colleagues who left in May"),
            1
        );
        assert_eq!(count("two colleagues left; online late"), 0);
        assert_eq!(
            count(
                "Ana has been covering the work of two colleagues who left in May. Ana is online until 11 p.m. most nights."
            ),
            2
        );
    }

    #[test]
    fn repeated_words_do_not_make_a_run() {
        let source = Text::new("the the the the the");
        let copies = CopySource::new(&source, 4);
        assert_eq!(copies.copied_spans(&Text::new("the the the")), []);
        assert_eq!(
            copies.copied_spans(&Text::new("x the the the the the the y")),
            [(1, 7)]
        );
    }
}
