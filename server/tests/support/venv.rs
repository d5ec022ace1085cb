//! The Python venvs `scripts/bootstrap.sh` makes, for the tests that drive
//! real Python clients and libraries.

use std::path::PathBuf;

/// The python of `venv` (a folder at the repository root, such as
/// `.venv/openenv`), or `None` (the test then passes with a note) when it
/// is absent outside CI; in CI its absence fails the test.
#[allow(
    clippy::disallowed_methods,
    reason = "a test helper may read the environment and the disk"
)]
pub(crate) fn python(venv: &str) -> Option<PathBuf> {
    let python = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(venv)
        .join("bin/python");
    if python.exists() {
        return Some(python);
    }
    if std::env::var_os("CI").is_some() {
        panic!(
            "{} is missing: scripts/bootstrap.sh installs it",
            python.display()
        );
    }
    eprintln!(
        "skipped: {} is missing (run scripts/bootstrap.sh)",
        python.display()
    );
    None
}
