//! The difficulty curve (issue 14): the noisy reference (the reference with
//! each graded decision wrong with probability 0.2) must score lower at
//! higher levels in every environment that serves more than one level and
//! has a noisy reference: each task lower at its top level than at its
//! first, and the environment's mean over its tasks lower at each level
//! than at the one before. (That is what the environments give robustly: a
//! single task can be flat across neighbouring levels, support_triage's
//! `hard` from 1 to 3 for one, while each mean falls by 0.01 or more a
//! level.) Played by the real binary, as the
//! README draws it (`deskbench eval --policy noisy_reference --noise 0.2
//! --difficulty all`, here on 100 train seeds per level), and printed.
//!
//! An environment serving a single level has no curve and is not played
//! here; one serving several levels without a noisy reference is listed.
//! Once every environment has both, [`REQUIRE_ALL_ENVIRONMENTS`] makes
//! covering each of [`CURVE_ENVIRONMENTS`] a requirement.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use env_wasm::registry::{ENVIRONMENTS, NOISY_REFERENCE_POLICY};
use serde_json::Value;
use tokio::process::Command;

/// The noisy reference's error rate the curve is drawn at.
const NOISE: &str = "0.2";
/// Seeds per task and level (train seeds 0 to 99).
const SEEDS: &str = "100";
/// The environments the curve must cover once their levels and noisy
/// references have landed.
const CURVE_ENVIRONMENTS: &[&str] = &["productivity", "support_triage", "it_mental_health"];
/// Whether each of [`CURVE_ENVIRONMENTS`] must serve several levels and
/// have a noisy reference (set once they all do).
const REQUIRE_ALL_ENVIRONMENTS: bool = true;
/// Bound on the run, so a hang fails instead of blocking.
const RUN_LIMIT: Duration = Duration::from_secs(600);

/// Mean score per task and level of one environment, from the report.
type Curve = BTreeMap<String, BTreeMap<u8, f64>>;

fn report_path() -> PathBuf {
    std::env::temp_dir().join(format!("deskbench-curve-{}.json", std::process::id()))
}

/// Play the curve; the summaries of the JSON report, or none when no
/// environment has a noisy reference yet (eval refuses the policy).
async fn play_curve() -> Vec<Value> {
    let path = report_path();
    let run = Command::new(env!("CARGO_BIN_EXE_deskbench"))
        .args([
            "eval",
            "--policy",
            NOISY_REFERENCE_POLICY,
            "--noise",
            NOISE,
            "--difficulty",
            "all",
            "--seeds",
            SEEDS,
            "--quiet",
            "--json",
        ])
        .arg(&path)
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(RUN_LIMIT, run)
        .await
        .expect("the curve was played in time")
        .expect("deskbench runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let table = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.code() == Some(2)
        && stderr.contains(&format!("policy `{NOISY_REFERENCE_POLICY}` is not offered"))
    {
        eprintln!("no environment has a noisy reference yet:\n{stderr}");
        return Vec::new();
    }
    assert!(output.status.success(), "{stderr}");
    // The curve, for the log of `make test` and `--nocapture`.
    eprintln!("difficulty curve (noise {NOISE}, {SEEDS} seeds per level):\n{table}{stderr}");
    let text = std::fs::read_to_string(&path).expect("the JSON report was written");
    let _ = std::fs::remove_file(&path);
    let report: Value = serde_json::from_str(&text).expect("the report is JSON");
    report["summaries"].as_array().cloned().unwrap_or_default()
}

/// The curves of the environments in `summaries`, checking each row is the
/// noisy reference at the curve's rate with every episode graded.
fn curves(summaries: &[Value]) -> BTreeMap<String, Curve> {
    let mut curves: BTreeMap<String, Curve> = BTreeMap::new();
    for row in summaries {
        assert_eq!(row["policy"], NOISY_REFERENCE_POLICY, "{row}");
        assert_eq!(row["noise"].as_f64(), NOISE.parse().ok(), "{row}");
        assert_eq!(
            row["ungraded"], 0,
            "the noisy reference plays every episode to its end: {row}"
        );
        let text = |key: &str| row[key].as_str().expect("a name").to_owned();
        let level = row["difficulty"]
            .as_u64()
            .and_then(|l| u8::try_from(l).ok())
            .expect("a level");
        let mean = row["mean"].as_f64().expect("a mean");
        curves
            .entry(text("env"))
            .or_default()
            .entry(text("task"))
            .or_default()
            .insert(level, mean);
    }
    curves
}

/// `values` (by ascending level) are lower at the top level than at the
/// first.
fn falls_across(values: &BTreeMap<u8, f64>) -> bool {
    let means: Vec<f64> = values.values().copied().collect();
    match means.as_slice() {
        [first, .., last] => last < first,
        _ => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_noisy_reference_scores_lower_at_higher_levels() {
    let summaries = play_curve().await;
    let curves = curves(&summaries);
    let mut uncovered = Vec::new();
    let mut covered = Vec::new();
    for info in ENVIRONMENTS {
        let served = info.levels;
        let Some(curve) = curves.get(info.id) else {
            uncovered.push(format!(
                "{} (levels {served:?}, no noisy reference)",
                info.id
            ));
            continue;
        };
        // Every task at every level it serves, one row each.
        for task in info.tasks {
            let levels: Vec<u8> = curve
                .get(task.id)
                .map(|by_level| by_level.keys().copied().collect())
                .unwrap_or_default();
            assert_eq!(levels, served, "{}/{}: rows {levels:?}", info.id, task.id);
        }
        if served.len() < 2 {
            uncovered.push(format!("{} (one level, {served:?})", info.id));
            continue;
        }
        let mut failures = Vec::new();
        for (task, by_level) in curve {
            if !falls_across(by_level) {
                failures.push(format!("{task}: {by_level:?}"));
            }
        }
        // The mean over tasks falls from each level to the next.
        let per_level: Vec<(u8, f64)> = served
            .iter()
            .map(|level| {
                let scores: Vec<f64> = curve
                    .values()
                    .filter_map(|by_level| by_level.get(level).copied())
                    .collect();
                (*level, scores.iter().sum::<f64>() / scores.len() as f64)
            })
            .collect();
        eprintln!("{}: mean by level {per_level:?}", info.id);
        if per_level.windows(2).any(|pair| pair[1].1 >= pair[0].1) {
            failures.push(format!("mean over tasks {per_level:?}"));
        }
        assert!(
            failures.is_empty(),
            "{} serves levels {served:?} but its difficulty curve (noise {NOISE}) does not \
             fall with the level (each task must score lower at its top level than at its \
             first, the mean over tasks lower at each level than at the one before):\n{}",
            info.id,
            failures.join("\n")
        );
        covered.push(info.id);
    }
    eprintln!(
        "curve covers: {covered:?}; not covered: {}",
        if uncovered.is_empty() {
            "none".to_owned()
        } else {
            uncovered.join(", ")
        }
    );
    let missing: Vec<&&str> = CURVE_ENVIRONMENTS
        .iter()
        .filter(|id| !covered.contains(id))
        .collect();
    assert!(
        !REQUIRE_ALL_ENVIRONMENTS || missing.is_empty(),
        "the difficulty curve must cover {missing:?}: each needs levels 1 to 5 and a noisy \
         reference (not covered: {})",
        uncovered.join(", ")
    );
    for id in CURVE_ENVIRONMENTS {
        assert!(
            ENVIRONMENTS.iter().any(|e| e.id == *id),
            "CURVE_ENVIRONMENTS names `{id}`, which is no environment"
        );
    }
}

#[test]
fn a_curve_falls_only_when_the_levels_say_so() {
    let curve = |means: &[f64]| -> BTreeMap<u8, f64> {
        means
            .iter()
            .enumerate()
            .map(|(i, m)| (i as u8 + 1, *m))
            .collect()
    };
    assert!(falls_across(&curve(&[0.9, 0.8, 0.7, 0.6, 0.5])));
    assert!(falls_across(&curve(&[0.9, 0.95, 0.7, 0.72, 0.5])));
    assert!(!falls_across(&curve(&[0.8, 0.8, 0.8, 0.8, 0.8])), "flat");
    assert!(!falls_across(&curve(&[0.5, 0.6, 0.7, 0.8, 0.9])), "rising");
    assert!(
        !falls_across(&curve(&[0.9, 0.8, 0.7, 0.6, 0.9])),
        "back up at 5"
    );
    assert!(falls_across(&curve(&[0.9, 0.6])));
    assert!(!falls_across(&curve(&[0.9])));
}
