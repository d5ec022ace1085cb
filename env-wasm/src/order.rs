//! Ordering without the standard library's sorts: one merge sort for every
//! element type, a short stable sort for the short lists the core orders
//! (blocked windows, rooms, red flags, mentions in an answer), and sets and
//! maps built by insertion.
//!
//! Why: every use of a standard sort compiles a sort of its own (a
//! driftsort or a quicksort, 2 to 5 KB of wasm, about 1 KB brotli, for each
//! element type and order), and `collect()` into a `BTreeSet` or
//! `BTreeMap` is one (it sorts a `Vec` first); the page carries every
//! generator and grader within DESIGN.md's 400 KB. [`sort_by`] and
//! [`sort`] order positions in one merge sort that is not generic and move
//! the items after, so a new element type costs only that move. They give
//! exactly the order of the standard stable sort (and of the unstable one
//! wherever equal items are alike), on every platform. [`sort_by_key`] is
//! quadratic, for lists of tens, not the words of an answer. [`set_of`]
//! and [`map_of`] hold what `collect()` would (a later value of a repeated
//! key wins in a map, as in `collect()`).

use std::collections::{BTreeMap, BTreeSet};

/// Sorts `items` into ascending order, keeping the order of equal items.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, |a, b| a < b);
}

/// Sorts `items` so that no item stands after one it is `less` than,
/// keeping the order of items neither is less than: `slice::sort_by`.
pub fn sort_by<T>(items: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    if items.len() < 2 {
        return;
    }
    let order = merge_order(items.len(), &mut |a, b| less(&items[a], &items[b]));
    let mut placed = vec![false; order.len()];
    // Each cycle of the permutation in turn: position `at` takes the item
    // of position `order[at]`, which no swap of this cycle has moved yet.
    for start in 0..order.len() {
        let mut at = start;
        while !placed[at] {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

/// The positions `0..n` in the stable order `less` gives them (a bottom-up
/// merge sort: it takes from the right run only what is less than the left
/// run's head, so equal items keep their order).
fn merge_order(n: usize, less: &mut dyn FnMut(usize, usize) -> bool) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let middle = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut left, mut right) = (start, middle);
            for slot in &mut merged[start..end] {
                if right < end && (left == middle || less(order[right], order[left])) {
                    *slot = order[right];
                    right += 1;
                } else {
                    *slot = order[left];
                    left += 1;
                }
            }
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// Sorts `items` by `key`, keeping the order of items with equal keys.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j]) < key(&items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The set of `items`: `collect()` without its sort.
pub fn set_of<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    set.extend(items);
    set
}

/// The map of `items`: `collect()` without its sort.
pub fn map_of<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    map.extend(items);
    map
}

#[cfg(test)]
#[expect(
    clippy::disallowed_methods,
    reason = "the standard sorts are what this module's sorts must equal"
)]
mod tests {
    use super::*;

    #[test]
    fn the_order_is_the_standard_stable_sort() {
        let mut seed = 7_u64;
        for len in 0..40 {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |x| x.0);
            let mut standard = items;
            standard.sort_by_key(|x| x.0);
            assert_eq!(ours, standard);
        }
    }

    #[test]
    fn the_merge_sort_is_the_standard_stable_sort() {
        let mut seed = 11_u64;
        for len in (0..70).chain([200, 513, 1000]) {
            for spread in [2, 7, 1000] {
                let items: Vec<(u32, usize)> = (0..len)
                    .map(|i| {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (((seed >> 33) % spread) as u32, i)
                    })
                    .collect();
                let mut ours = items.clone();
                sort_by(&mut ours, |a, b| a.0 < b.0);
                let mut standard = items.clone();
                standard.sort_by_key(|x| x.0);
                assert_eq!(ours, standard, "{len} items of {spread} keys");
                let mut ours = items.clone();
                sort_by(&mut ours, |a, b| a.0 > b.0);
                let mut standard = items.clone();
                standard.sort_by_key(|x| std::cmp::Reverse(x.0));
                assert_eq!(ours, standard, "{len} items of {spread} keys, descending");
                let mut words: Vec<String> = items.iter().map(|x| format!("w{}", x.0)).collect();
                let mut standard = words.clone();
                sort(&mut words);
                standard.sort_unstable();
                assert_eq!(words, standard);
            }
        }
    }

    #[test]
    fn sets_and_maps_hold_what_collect_would() {
        let pairs = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd')];
        assert_eq!(map_of(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(
            set_of([3, 1, 3, 2]),
            [3, 1, 3, 2].into_iter().collect::<BTreeSet<_>>()
        );
    }
}
