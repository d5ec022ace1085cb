//! Text copied from the observation. An answer may quote a fact ("62 hours
//! a week"), but a run of many words taken verbatim from the scenario is
//! the scenario pasted back, not a reading of it, and earns nothing.

use std::collections::BTreeSet;

use super::words::Text;

/// The runs of `run` consecutive words of a source text.
#[derive(Debug, Clone, Default)]
pub struct CopySource {
    run: usize,
    grams: BTreeSet<String>,
}

impl CopySource {
    /// `run` words in a row from `source` count as copied.
    pub fn new(source: &Text, run: usize) -> CopySource {
        let run = run.max(1);
        let words: Vec<&str> = source.words.iter().map(|w| w.text.as_str()).collect();
        let grams = words.windows(run).map(|w| w.join(" ")).collect();
        CopySource { run, grams }
    }

    /// Whether words `from..to` of `text` hold a copied run.
    pub fn copied(&self, text: &Text, from: usize, to: usize) -> bool {
        let to = to.min(text.len());
        if from >= to || to - from < self.run {
            return false;
        }
        let words: Vec<&str> = text.words[from..to]
            .iter()
            .map(|w| w.text.as_str())
            .collect();
        words
            .windows(self.run)
            .any(|w| self.grams.contains(&w.join(" ")))
    }

    /// Whether the whole of `text` holds a copied run.
    pub fn copied_in(&self, text: &Text) -> bool {
        self.copied(text, 0, text.len())
    }

    /// How many words of `text` lie inside a copied run: how much of an
    /// answer is pasted, for readers that allow a short quotation but not
    /// a pasted page.
    pub fn copied_words(&self, text: &Text) -> usize {
        if text.len() < self.run {
            return 0;
        }
        let words: Vec<&str> = text.words.iter().map(|w| w.text.as_str()).collect();
        let mut inside = vec![false; words.len()];
        for (at, window) in words.windows(self.run).enumerate() {
            if self.grams.contains(&window.join(" ")) {
                inside[at..at + self.run].fill(true);
            }
        }
        inside.iter().filter(|x| **x).count()
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
        let pasted =
            Text::new("As you said, Priya has worked 62 hours a week since March and more.");
        assert_eq!(copies.copied_words(&pasted), 10);
        assert_eq!(copies.copied_words(&Text::new("62 hours a week")), 0);
    }
}
