//! Text copied from the observation. An answer may quote a fact ("62 hours
//! a week", or one whole sentence of the case), but a long run of words
//! taken verbatim from the observation is the observation pasted back, not
//! a reading of it, and earns nothing: graders [`CopySource::strip`] such
//! runs before they read the answer.
//!
//! Runs are found in one pass over the answer: for each answer word the
//! source positions holding the same word are looked up in the source's
//! sorted word order, and a run ending there is one longer than a run
//! ending at the previous source position. The cost is the number of
//! (answer word, equal source word) pairs, never answer length times
//! source length.

use super::words::Text;

/// A source text, and how long a verbatim run from it must be to count as
/// copied. It borrows the source's [`Text`], whose words are already
/// sorted for lookup.
#[derive(Debug, Clone)]
pub struct CopySource<'a> {
    run: usize,
    source: &'a Text,
}

impl<'a> CopySource<'a> {
    /// `run` words in a row from `source` count as copied.
    pub fn new(source: &'a Text, run: usize) -> CopySource<'a> {
        CopySource {
            run: run.max(1),
            source,
        }
    }

    /// The runs of `text` (word spans `start..end`, in order, not
    /// overlapping) that repeat at least `run` consecutive source words.
    pub fn copied_spans(&self, text: &Text) -> Vec<(usize, usize)> {
        let mut spans: Vec<(usize, usize)> = Vec::new();
        // (source position, length of the run ending there) for the
        // previous answer word.
        let mut previous: Vec<(u32, usize)> = Vec::new();
        for (i, word) in text.words.iter().enumerate() {
            let mut current: Vec<(u32, usize)> = Vec::new();
            let mut k = 0;
            for &at in self.source.positions(&word.text) {
                while k < previous.len() && previous[k].0 + 1 < at {
                    k += 1;
                }
                let extends = k < previous.len() && previous[k].0 + 1 == at;
                current.push((at, if extends { previous[k].1 + 1 } else { 1 }));
            }
            let longest = current.iter().map(|(_, len)| *len).max().unwrap_or(0);
            if longest >= self.run {
                let start = i + 1 - longest;
                match spans.last_mut() {
                    Some(last) if last.1 >= start => last.1 = i + 1,
                    _ => spans.push((start, i + 1)),
                }
            }
            previous = current;
        }
        spans
    }

    /// Whether words `from..to` of `text` hold a copied run.
    pub fn copied(&self, text: &Text, from: usize, to: usize) -> bool {
        self.copied_spans(text)
            .iter()
            .any(|(s, e)| (*s).max(from) + self.run <= (*e).min(to))
    }

    /// Whether any of `text` is a copied run.
    pub fn copied_in(&self, text: &Text) -> bool {
        !self.copied_spans(text).is_empty()
    }

    /// `text` with every copied run cut out, each replaced by a line break
    /// so that what follows it starts afresh rather than joining the words
    /// before it.
    pub fn strip(&self, text: &Text) -> String {
        let spans = self.copied_spans(text);
        if spans.is_empty() {
            return text.source.clone();
        }
        let mut out = String::with_capacity(text.source.len());
        let mut from = 0;
        for (start, end) in spans {
            let cut_from = text.words[start].start;
            let cut_to = text.words[end - 1].end;
            out.push_str(text.source.get(from..cut_from).unwrap_or(""));
            out.push('\n');
            from = cut_to;
        }
        out.push_str(text.source.get(from..).unwrap_or(""));
        out
    }
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
    }

    #[test]
    fn runs_are_found_wherever_they_start_and_cut_out() {
        let source = Text::new("a b c d e f g h. x y z a b c q r s");
        let copies = CopySource::new(&source, 4);
        // "a b c" occurs twice in the source; the run follows the one that
        // continues.
        let text = Text::new("start a b c d e then x y z a b c q end");
        assert_eq!(copies.copied_spans(&text), [(1, 6), (7, 14)]);
        assert_eq!(copies.strip(&text), "start \n then \n end");
        assert!(copies.copied(&text, 0, 6));
        assert!(!copies.copied(&text, 3, 8));
        // Three words in a row are a quote, not a copy.
        assert!(!copies.copied_in(&Text::new("b c d and then y z a")));
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
