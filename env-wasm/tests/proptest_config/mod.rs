//! The one proptest configuration of the property tests: a fixed seed, so
//! `make test` is the same run every time (a failure reproduces, a pass
//! stays a pass), and `PROPTEST_CASES` / `PROPTEST_RNG_SEED` to explore
//! further. Committed `*.proptest-regressions` files are replayed first.

use proptest::test_runner::{Config, RngSeed};

/// `cases` cases from the fixed `seed`, unless the environment says
/// otherwise.
// A test helper, not the core: it may read the environment.
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
pub(crate) fn fixed(cases: u32, seed: u64) -> Config {
    let number = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    Config {
        cases: number("PROPTEST_CASES").map_or(cases, |n| u32::try_from(n).unwrap_or(u32::MAX)),
        rng_seed: RngSeed::Fixed(number("PROPTEST_RNG_SEED").unwrap_or(seed)),
        ..Config::default()
    }
}
