//! Ordering without the standard library's stable sort: a stable sort for
//! the short lists the core orders (blocked windows, rooms, red flags,
//! mentions in an answer), and sets and maps built by insertion.
//!
//! Why: every use of the standard stable sort compiles a driftsort of its
//! own (about 5 KB of wasm, 1 KB brotli, for each element type and key),
//! and `collect()` into a `BTreeSet` or `BTreeMap` is one (it sorts a
//! `Vec` first); the page carries every generator and grader within
//! DESIGN.md's 400 KB. [`sort_by_key`] gives exactly the order of a stable
//! sort (an item moves only past items whose key is greater), on every
//! platform; it is quadratic, for lists of tens, not the words of an
//! answer. [`set_of`] and [`map_of`] hold what `collect()` would (a later
//! value of a repeated key wins in a map, as in `collect()`).

use std::collections::{BTreeMap, BTreeSet};

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
    fn sets_and_maps_hold_what_collect_would() {
        let pairs = [(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd')];
        assert_eq!(map_of(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(
            set_of([3, 1, 3, 2]),
            [3, 1, 3, 2].into_iter().collect::<BTreeSet<_>>()
        );
    }
}
