//! Shared by the three acceptance suites (`tests/acceptance_*.rs`): a table
//! of rows, each one check of one grader criterion, that prints its size and
//! pass count and fails when any row fails. Set `ACCEPTANCE_SHOW=n` to print
//! up to `n` failing rows per table (default 3).
#![allow(
    dead_code,
    reason = "each test binary uses a part of the shared helpers"
)]

use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

pub(crate) struct Table {
    name: String,
    rows: usize,
    failures: Vec<String>,
}

impl Table {
    pub(crate) fn new(name: &str) -> Self {
        Table {
            name: name.to_owned(),
            rows: 0,
            failures: Vec::new(),
        }
    }

    /// One row: `pass` is the verdict; `detail` (built only on failure)
    /// says what was sent and what the grader gave.
    pub(crate) fn row(&mut self, pass: bool, detail: impl FnOnce() -> String) {
        self.rows += 1;
        if !pass {
            self.failures.push(detail());
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.rows
    }

    /// Print the size and pass count, show some failures, and fail the test
    /// when any row failed (or the table is empty: a table that checks
    /// nothing proves nothing).
    #[allow(
        clippy::disallowed_methods,
        reason = "a test helper may read ACCEPTANCE_SHOW"
    )]
    pub(crate) fn finish(self) {
        let show: usize = std::env::var("ACCEPTANCE_SHOW")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        let passed = self.rows - self.failures.len();
        println!(
            "TABLE {}: {} rows, {} pass, {} fail",
            self.name,
            self.rows,
            passed,
            self.failures.len()
        );
        for failure in self.failures.iter().take(show) {
            println!("  FAIL {}\n", failure.replace('\n', "\n       "));
        }
        assert!(self.rows > 0, "table {} has no rows", self.name);
        assert!(
            self.failures.is_empty(),
            "table {}: {} of {} rows fail",
            self.name,
            self.failures.len(),
            self.rows
        );
    }
}

/// A fresh episode of `env_id`/`task` at `seed`; returns the env and the
/// first observation.
pub(crate) fn start(env_id: &str, task: &str, seed: u64) -> (AnyEnv, Value) {
    let mut env = AnyEnv::new(env_id).expect("registered environment");
    let reset = env
        .reset(
            &json!({"task": task, "seed": seed}),
            ResetDefaults::default(),
        )
        .expect("valid reset");
    (env, reset.observation.to_value())
}

/// One step; panics when the protocol refuses the action (our actions are
/// always well-formed at the protocol level).
pub(crate) fn step(env: &mut AnyEnv, action: &Value) -> (Value, Option<f64>, bool) {
    let result = env
        .step(action)
        .unwrap_or_else(|e| panic!("action {action} refused: {e}"));
    (result.observation.to_value(), result.reward, result.done)
}

/// One step that the protocol may refuse (for example after the episode
/// ended early): `None` when refused.
pub(crate) fn try_step(env: &mut AnyEnv, action: &Value) -> Option<(Value, Option<f64>, bool)> {
    env.step(action)
        .ok()
        .map(|result| (result.observation.to_value(), result.reward, result.done))
}

/// A criterion of the final observation's `score_breakdown`; a missing
/// breakdown or criterion reads as 0 (nothing was earned).
pub(crate) fn criterion(observation: &Value, name: &str) -> f64 {
    observation["score_breakdown"][name].as_f64().unwrap_or(0.0)
}

/// F1 of an answer set against a gold set, for bounding set answers that
/// pad with wrong items ("precision counts").
pub(crate) fn f1(right: usize, answered: usize, gold: usize) -> f64 {
    if right == 0 || answered == 0 || gold == 0 {
        return 0.0;
    }
    let p = right as f64 / answered as f64;
    let r = right as f64 / gold as f64;
    2.0 * p * r / (p + r)
}

/// Tolerance for bounds: breakdown values are rounded to 4 decimals.
pub(crate) const EPS: f64 = 1e-3;
