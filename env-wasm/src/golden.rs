//! The determinism transcript: many seeded episodes of every task, as JSON
//! lines. Its digest is committed and checked natively and under wasm32, so
//! any platform difference or unreviewed change of generator or grader
//! output fails a test.

use serde_json::{Value, json};

use crate::registry::ENVIRONMENTS;
use crate::registry::EnvInfo;
use crate::rng::SeededRng;
use crate::splits::DEFAULT_LEVEL;
use crate::{AnyEnv, ResetDefaults};

/// The committed digest of [`transcript`] (`tests/golden/determinism.sha256`).
const DIGEST: &str = include_str!("../tests/golden/determinism.sha256");

/// The task set's version: the committed determinism digest, which changes
/// whenever any generator's or grader's output on the transcript does.
/// Results carry it, so scores from different task sets are never mixed
/// unknowingly (`deskbench regrade` replays old results on the current one).
pub fn task_set_version() -> &'static str {
    DIGEST.trim()
}

/// Seeds per task in the committed digest.
pub const DIGEST_SEEDS: u64 = 16;

/// Every result and final state of two episodes (reference policy, then
/// an empty answer) per task, level and seed, one JSON text a line: seeds
/// `0..seeds` at the default level, a quarter as many at every other level
/// (their scenarios are larger, and the browser replays this transcript).
/// Seed 0 of every level also plays the noisy reference, so the digest
/// (and with it the task-set version) moves when partial answers are graded
/// differently, not only full and empty ones. Only a sample: every baseline
/// on every seed made the transcript twelve times slower to replay.
pub fn transcript(seeds: u64) -> String {
    let mut lines = Vec::new();
    for info in ENVIRONMENTS {
        for task in info.tasks {
            for (difficulty, seed) in levels_and_seeds(info, seeds) {
                let policies: &[Policy] = if seed == 0 {
                    &[Policy::Reference, Policy::Empty, Policy::NoisyReference]
                } else {
                    &[Policy::Reference, Policy::Empty]
                };
                let mut noise = SeededRng::new(seed, NOISE_STREAM);
                for policy in policies {
                    let mut env = AnyEnv::of(info);
                    let options = json!({
                        "task": task.id,
                        "difficulty": difficulty,
                        "seed": seed,
                        "episode_id": "golden",
                    });
                    lines.push(reply(env.reset(&options, ResetDefaults::default())));
                    let mut guard = 0;
                    while !env.is_done() && guard < 64 {
                        let action = match policy {
                            Policy::Reference => env.reference_action(),
                            Policy::Empty => env.empty_answer(),
                            Policy::NoisyReference => {
                                env.noisy_reference_action(NOISE_PER_MILLE, &mut noise)
                            }
                        };
                        lines.push(reply(env.step(&action.unwrap_or_default())));
                        guard += 1;
                    }
                    lines.push(env.state().to_string());
                }
            }
        }
    }
    lines.join("\n")
}

fn levels_and_seeds(info: &EnvInfo, seeds: u64) -> impl Iterator<Item = (u8, u64)> {
    info.levels.iter().flat_map(move |&level| {
        let count = if level == DEFAULT_LEVEL {
            seeds
        } else {
            seeds.div_ceil(4)
        };
        (0..count).map(move |seed| (level, seed))
    })
}

/// A [`crate::StepResult`] with its observation as a value tree: sorted
/// keys, so the digest pins content, not the order fields are declared in.
#[derive(serde::Serialize)]
struct CanonicalResult {
    observation: Value,
    reward: Option<f64>,
    done: bool,
}

enum Policy {
    Reference,
    Empty,
    NoisyReference,
}

/// The noisy reference's error rate in the transcript: high enough that
/// most episodes carry some wrong and some right decisions.
const NOISE_PER_MILLE: u32 = 300;

/// The transcript's own random stream for the noisy reference's errors.
const NOISE_STREAM: u64 = 0x601d;

fn reply(result: Result<crate::StepResult, crate::EnvError>) -> String {
    match result {
        Ok(result) => serde_json::to_string(&CanonicalResult {
            observation: result.observation.to_value(),
            reward: result.reward,
            done: result.done,
        })
        .unwrap_or_default(),
        Err(err) => Value::String(err.to_string()).to_string(),
    }
}
