//! The noisy reference's errors, drawn per graded decision.

use crate::rng::SeededRng;

/// The noisy reference's errors: each graded decision is misjudged,
/// independently, with probability `per_mille` / 1000.
pub(crate) struct Noise<'a> {
    pub per_mille: u32,
    pub rng: &'a mut SeededRng,
}

impl Noise<'_> {
    /// Whether any of `decisions` is misjudged (every one is drawn, so
    /// the stream does not depend on the outcome).
    pub(crate) fn misjudged(&mut self, decisions: usize) -> bool {
        (0..decisions).fold(false, |wrong, _| {
            self.rng.chance(self.per_mille, 1000) | wrong
        })
    }

    /// An option other than `right`, at random (`right` when there is none).
    pub(crate) fn other<T: PartialEq + Clone>(&mut self, options: &[T], right: &T) -> T {
        let others: Vec<&T> = options.iter().filter(|o| *o != right).collect();
        match others.is_empty() {
            true => right.clone(),
            false => others[self.rng.index(others.len())].clone(),
        }
    }
}
