//! The one source of randomness in the core: ChaCha8 seeded from the episode
//! seed, sampled with 32-bit integer arithmetic only so that native and
//! wasm32 builds draw identical streams (no `usize` sampling, no floats).

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A seeded generator with the handful of draws the scenario generators need.
pub struct SeededRng(ChaCha8Rng);

impl SeededRng {
    /// The stream for `seed`; `stream` separates independent purposes (one per
    /// task, say) so adding draws to one never shifts another.
    pub fn new(seed: u64, stream: u64) -> Self {
        let mut inner = ChaCha8Rng::seed_from_u64(seed);
        inner.set_stream(stream);
        Self(inner)
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject; `n == 0` gives 0).
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let threshold = n.wrapping_neg() % n;
        loop {
            let wide = u64::from(self.0.next_u32()) * u64::from(n);
            if (wide as u32) >= threshold {
                return (wide >> 32) as u32;
            }
        }
    }

    /// A uniform index into a slice of `len` items (`len` must fit in u32).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// A uniform integer in `lo..=hi` (`hi < lo` gives `lo`).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = u32::try_from(hi - lo + 1).unwrap_or(u32::MAX);
        lo + i64::from(self.below(span))
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.below(denominator) < numerator
    }

    /// One item of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// Fisher-Yates shuffle in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// `count` distinct items of `items`, in random order (all of them when
    /// `count` exceeds the length).
    pub fn sample<T: Clone>(&mut self, items: &[T], count: usize) -> Vec<T> {
        let mut order: Vec<usize> = (0..items.len()).collect();
        self.shuffle(&mut order);
        order.truncate(count);
        order.into_iter().map(|i| items[i].clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_other_seed_other_stream() {
        let draw = |seed, stream| {
            let mut rng = SeededRng::new(seed, stream);
            (0..16).map(|_| rng.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7, 1), draw(7, 1));
        assert_ne!(draw(7, 1), draw(8, 1));
        assert_ne!(draw(7, 1), draw(7, 2));
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SeededRng::new(1, 0);
        let mut seen = [false; 7];
        for _ in 0..500 {
            let v = rng.below(7);
            assert!(v < 7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.range(5, 5), 5);
        assert_eq!(rng.range(5, 1), 5);
    }

    #[test]
    fn stream_is_pinned() {
        // Golden values: a change here changes every scenario of every seed.
        let mut rng = SeededRng::new(42, 0);
        let got: Vec<u32> = (0..5).map(|_| rng.below(1_000_000)).collect();
        insta::assert_debug_snapshot!(got);
    }
}
