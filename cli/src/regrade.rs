//! `deskbench regrade FILE.jsonl`: replay every stored episode of a
//! trajectories file (`deskbench inference` or `eval`) through the current
//! environments, and write each line again with the new score beside the
//! old one. Results then say which task set they were graded on, and old
//! runs can be brought to the current one without calling a model again.
//!
//! For each line:
//! 1. Reset the same task, level, seed and reward mode in-process, and
//!    compare the first observation with the stored one: when they differ
//!    the generator changed, and the episode is marked `scenario_changed`
//!    (its actions were chosen for another scenario; it is still replayed).
//! 2. Step the stored actions of the accepted turns, in order (turns that
//!    were refused or failed were no step). An action refused now is
//!    skipped and named in `regrade_note`.
//! 3. The new score is the episode's task score if the actions still end
//!    it, else 0. `score`, `score_breakdown`, `outcome`, `success`,
//!    `truncated`, `total_reward` and the versions become the new ones;
//!    `previous_score` and `previous_task_set_version` keep the old;
//!    every other field stays as it was, those the line's type
//!    ([`Trajectory`]) does not name too.
//!    An episode that ended in error has no actions to grade: it stays an
//!    error.
//!
//! The output (`--out`, default `FILE.regraded.jsonl`) has the input's
//! lines in the input's order; the pass^k table of the new scores goes to
//! stdout, with `--json` and `--csv` as the other runners write them.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use env_wasm::{AnyEnv, ResetDefaults};
use serde_json::{Value, json};

use super::report::{self, Episode, Outcome, Trajectory};
use super::{terminal_grader, to_points};

#[derive(Debug, Clone, clap::Args)]
pub struct RegradeArgs {
    /// A trajectories file of `deskbench inference` or `deskbench eval`.
    #[arg(value_name = "FILE.jsonl")]
    pub file: PathBuf,
    /// Where to write the regraded lines (default: FILE.regraded.jsonl beside it; the input
    /// itself is allowed, and replaced whole).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// An episode succeeds when its new score is at least this.
    #[arg(long, default_value_t = 0.5)]
    pub success_threshold: f64,
    /// Also write the summaries and every episode as JSON to this file.
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,
    /// Also write the summaries as CSV to this file.
    #[arg(long, value_name = "PATH")]
    pub csv: Option<PathBuf>,
}

/// How the replay of one line went.
#[derive(Debug, Clone, PartialEq)]
pub struct Regraded {
    pub line: Trajectory,
    pub previous_score: Option<f64>,
    pub score: Option<f64>,
    pub scenario_changed: bool,
}

/// Replay one trajectory line; `Err` when its environment or task is none.
pub fn regrade_line(mut line: Trajectory, threshold: f64) -> Result<Regraded, String> {
    let info = env_wasm::registry::find(&line.env)
        .ok_or_else(|| format!("no environment `{}`", line.env))?;
    let task = info
        .task(&line.task)
        .ok_or_else(|| format!("{} has no task `{}`", info.id, line.task))?;
    let seed = line.seed;
    let difficulty = line.difficulty.unwrap_or(env_wasm::splits::DEFAULT_LEVEL);
    let reward_mode = line
        .reward_mode
        .clone()
        .unwrap_or_else(|| "shaped".to_owned());
    let previous_score = line.score;
    let mut notes: Vec<String> = Vec::new();
    let outcome = line.outcome.unwrap_or(Outcome::Done);
    line.previous_score = Some(previous_score);
    line.previous_task_set_version = Some(line.task_set_version.take().unwrap_or_default());
    line.deskbench_version = Some(report::DESKBENCH_VERSION.to_owned());
    line.task_set_version = Some(report::task_set_version().to_owned());
    if outcome == Outcome::Error {
        line.scenario_changed = Some(false);
        line.regrade_note =
            Some("not regraded: the episode could not be played (error)".to_owned());
        return Ok(Regraded {
            line,
            previous_score,
            score: None,
            scenario_changed: false,
        });
    }

    let mut env = AnyEnv::of(info);
    let first = env
        .reset(
            &json!({"task": task.id, "seed": seed, "difficulty": difficulty, "reward_mode": reward_mode}),
            ResetDefaults::default(),
        )
        .map_err(|err| format!("cannot reset {}/{} seed {seed}: {err}", info.id, task.id))?;
    let stored_first = line
        .steps
        .first()
        .and_then(|s| s.observation.clone())
        .unwrap_or(Value::Null);
    let scenario_changed = stored_first != first.observation.to_value();
    if scenario_changed {
        notes.push("the scenario is no longer the same".to_owned());
    }
    let mut rewards = Vec::new();
    let mut last_observation = Value::Null;
    for (turn, step) in line.steps.iter().enumerate().skip(1) {
        if step.was_no_step() {
            continue;
        }
        let Some(action) = step.action.as_ref().filter(|a| !a.is_null()) else {
            continue;
        };
        if env.is_done() {
            notes.push(format!("turn {turn}: the episode had already ended"));
            break;
        }
        match env.step(action) {
            Ok(result) => {
                rewards.push(to_points(result.reward.unwrap_or(0.0)));
                last_observation = result.observation.to_value();
            }
            Err(err) => notes.push(format!("turn {turn}: the action is refused now: {err}")),
        }
    }
    let (score, new_outcome, breakdown) = if env.is_done() {
        let score = env
            .terminal_score()
            .map(to_points)
            .or_else(|| terminal_grader(&last_observation))
            .unwrap_or(0.0);
        let outcome = if super::truncated(&last_observation) {
            Outcome::Truncated
        } else {
            Outcome::Done
        };
        let breakdown = last_observation
            .get("score_breakdown")
            .cloned()
            .unwrap_or(Value::Null);
        (score, outcome, breakdown)
    } else {
        if outcome.graded() {
            notes.push("the stored actions no longer end the episode".to_owned());
        }
        let kept = if outcome.graded() {
            Outcome::StepLimit
        } else {
            outcome
        };
        (0.0, kept, Value::Null)
    };
    line.score = Some(score);
    line.score_breakdown = Some(breakdown);
    line.outcome = Some(new_outcome);
    line.truncated = Some(new_outcome == Outcome::Truncated);
    line.total_reward = Some(to_points(rewards.iter().sum()));
    if line.success.is_some() {
        line.success = Some(score >= threshold);
    }
    line.scenario_changed = Some(scenario_changed);
    line.regrade_note = Some(notes.join("; "));
    Ok(Regraded {
        line,
        previous_score,
        score: Some(score),
        scenario_changed,
    })
}

/// A regraded line as an entry of the report.
fn episode(line: &Trajectory) -> Option<Episode> {
    let info = env_wasm::registry::find(&line.env)?;
    let task = info.task(&line.task)?;
    let seed = line.seed;
    Some(Episode {
        env: info.id,
        task: task.id,
        difficulty: line.difficulty?,
        split: info.split_of(seed).map(|s| s.name),
        policy: line.player().unwrap_or("").to_owned(),
        noise: line.noise.filter(|n| *n > 0.0),
        seed,
        trial: line.trial.unwrap_or(0),
        score: line.score,
        steps: u32::try_from(line.steps.len().saturating_sub(1)).ok()?,
        total_reward: line.total_reward.unwrap_or(0.0),
        outcome: line.outcome?,
        note: line.failure.clone().filter(|f| !f.is_empty()),
        usage: line.usage,
        steps_taken: Vec::new(),
        breakdown: Value::Null,
    })
}

/// `FILE.regraded.jsonl` beside `FILE.jsonl`.
fn default_out(input: &Path) -> PathBuf {
    let stem = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "trajectories".to_owned());
    input.with_file_name(format!("{stem}.regraded.jsonl"))
}

fn say(message: &str) {
    eprintln!("deskbench regrade: {message}");
}

/// Run `deskbench regrade`: exit 2 when the file cannot be read or holds a
/// line that is no trajectory, 1 when the output cannot be written.
pub fn run(args: RegradeArgs) -> ExitCode {
    let input = match std::fs::File::open(&args.file) {
        Ok(file) => BufReader::new(file),
        Err(err) => {
            say(&format!("cannot read {}: {err}", args.file.display()));
            return ExitCode::from(2);
        }
    };
    let out = args.out.clone().unwrap_or_else(|| default_out(&args.file));
    let mut name = out.file_name().unwrap_or_default().to_owned();
    name.push(".writing");
    let temporary = out.with_file_name(name);
    let mut writer = match std::fs::File::create(&temporary) {
        Ok(file) => std::io::BufWriter::new(file),
        Err(err) => {
            say(&format!("cannot write {}: {err}", temporary.display()));
            return ExitCode::FAILURE;
        }
    };
    let fail = |code: u8, message: String| {
        say(&message);
        let _ = std::fs::remove_file(&temporary);
        ExitCode::from(code)
    };
    let mut episodes = Vec::new();
    let (mut lines, mut errors, mut changed, mut scenarios) = (0usize, 0usize, 0usize, 0usize);
    let (mut before, mut after) = (0.0, 0.0);
    for (n, read) in input.lines().enumerate() {
        let raw = match read {
            Ok(raw) => raw,
            Err(err) => return fail(2, format!("cannot read {}: {err}", args.file.display())),
        };
        if raw.trim().is_empty() {
            continue;
        }
        let regraded =
            Trajectory::parse(&raw).and_then(|line| regrade_line(line, args.success_threshold));
        let regraded = match regraded {
            Ok(regraded) => regraded,
            Err(err) => {
                return fail(
                    2,
                    format!(
                        "line {} of {} is not a trajectory: {err}",
                        n + 1,
                        args.file.display()
                    ),
                );
            }
        };
        lines += 1;
        match (regraded.previous_score, regraded.score) {
            (_, None) => errors += 1,
            (previous, Some(score)) => {
                before += previous.unwrap_or(0.0);
                after += score;
                if previous != Some(score) {
                    changed += 1;
                }
            }
        }
        scenarios += usize::from(regraded.scenario_changed);
        if let Some(episode) = episode(&regraded.line) {
            episodes.push(episode);
        }
        if let Err(err) = writeln!(writer, "{}", regraded.line.to_line()) {
            return fail(1, format!("cannot write {}: {err}", temporary.display()));
        }
    }
    let written = writer
        .into_inner()
        .map_err(|err| err.into_error())
        .and_then(|file| file.sync_all())
        .and_then(|()| std::fs::rename(&temporary, &out));
    if let Err(err) = written {
        return fail(1, format!("cannot write {}: {err}", out.display()));
    }

    // The table: one row per environment, task, level and player, as the
    // lines first show them; within a row by seed and trial.
    let mut rows: BTreeMap<(usize, u64, u32), Episode> = BTreeMap::new();
    let mut row_of: Vec<(&str, &str, u8, String)> = Vec::new();
    for episode in episodes {
        let key = (
            episode.env,
            episode.task,
            episode.difficulty,
            episode.policy.clone(),
        );
        let row = match row_of.iter().position(|k| *k == key) {
            Some(row) => row,
            None => {
                row_of.push(key);
                row_of.len() - 1
            }
        };
        rows.insert((row, episode.seed, episode.trial), episode);
    }
    let trials = rows.keys().map(|(_, _, t)| t + 1).max().unwrap_or(1);
    let ordered: Vec<Episode> = rows.into_values().collect();
    let summaries: Vec<report::Summary> = ordered
        .chunk_by(|a, b| {
            (a.env, a.task, a.difficulty, &a.policy) == (b.env, b.task, b.difficulty, &b.policy)
        })
        .filter_map(|row| report::summarise(row, trials, args.success_threshold))
        .collect();
    print!("{}", report::table(&summaries, trials));
    let graded = lines - errors;
    let mean = |sum: f64| {
        if graded == 0 {
            "-".to_owned()
        } else {
            format!("{:.4}", sum / graded as f64)
        }
    };
    println!(
        "\n{lines} episodes regraded on task set {} into {}: {changed} scores changed, {scenarios} \
         scenarios no longer the same, {errors} errors not regraded; mean score {} before, {} now",
        report::task_set_version(),
        out.display(),
        mean(before),
        mean(after)
    );
    let json_report = report::JsonReport {
        deskbench_version: report::DESKBENCH_VERSION,
        task_set_version: report::task_set_version(),
        reward_mode: "",
        source: "regrade",
        seed_start: 0,
        split: None,
        seeds: 0,
        trials,
        success_threshold: args.success_threshold,
        summaries: &summaries,
        episodes: &ordered,
        model_run: None,
    };
    let files = report::Files {
        json: args.json.as_deref(),
        csv: args.csv.as_deref(),
        trajectories: None,
    };
    let mut status = ExitCode::SUCCESS;
    for err in files.write(&json_report, &[]) {
        say(&err);
        status = ExitCode::FAILURE;
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made line (JSON) regraded.
    fn regrade_value(line: Value) -> Result<Regraded, String> {
        serde_json::from_value::<Trajectory>(line)
            .map_err(|err| err.to_string())
            .and_then(|line| regrade_line(line, 0.5))
    }

    /// A line as `deskbench eval` writes it, of the reference policy.
    fn reference_line(env_id: &str, task: &str, seed: u64) -> Value {
        let info = env_wasm::registry::find(env_id).expect("env");
        let mut env = AnyEnv::of(info);
        let first = env
            .reset(
                &json!({"task": task, "seed": seed}),
                ResetDefaults::default(),
            )
            .expect("reset");
        let mut steps = vec![json!({"action": null, "observation": first.observation.json()})];
        while let Some(action) = env.reference_action() {
            let result = env.step(&action).expect("step");
            steps.push(
                json!({"action": action.to_string(), "observation": result.observation.json(),
                              "reward": result.reward, "done": result.done}),
            );
            if result.done {
                break;
            }
        }
        json!({"env": env_id, "task": task, "difficulty": 2, "seed": seed, "trial": 0,
               "policy": "reference", "reward_mode": "shaped", "steps": steps,
               "score": env.terminal_score(), "outcome": "done",
               "task_set_version": "old", "total_reward": 0.0})
    }

    #[test]
    fn an_unchanged_episode_regrades_to_its_own_score() {
        for (env, task) in [("productivity", "easy"), ("support_triage", "medium")] {
            let line = reference_line(env, task, 7);
            let regraded = regrade_value(line).expect("a trajectory");
            assert_eq!(regraded.score, Some(1.0), "{env}/{task}");
            assert_eq!(regraded.previous_score, Some(1.0));
            assert!(!regraded.scenario_changed);
            let line = &regraded.line;
            assert_eq!(line.regrade_note.as_deref(), Some(""));
            assert_eq!(line.previous_task_set_version.as_deref(), Some("old"));
            assert_eq!(
                line.task_set_version.as_deref(),
                Some(report::task_set_version())
            );
        }
    }

    /// What the page's Export writes (kept as the page writes it by the
    /// web crate's `the_committed_export_is_what_the_page_writes`)
    /// regrades to the score it had in the page.
    #[test]
    fn a_page_export_regrades_to_its_score() {
        let exported = include_str!("../../web/tests/data/exported-episode.json");
        let line = Trajectory::parse(exported).expect("the export is a trajectory");
        let score = line.score;
        assert!(
            score.is_some(),
            "the exported episode was played to its end"
        );
        let regraded = regrade_line(line, 0.5).expect("regrades");
        assert!(
            !regraded.scenario_changed,
            "{:?}",
            regraded.line.regrade_note
        );
        assert_eq!(regraded.score, score);
        assert_eq!(regraded.line.regrade_note.as_deref(), Some(""));
        assert_eq!(regraded.line.outcome, Some(Outcome::Done));
        assert!(episode(&regraded.line).is_some(), "an entry of the report");
    }

    /// Fields the trajectory type does not name (another tool's, an older
    /// or newer release's) survive a regrade, in the line and its steps.
    #[test]
    fn a_line_keeps_the_fields_regrade_does_not_know() {
        let mut line = reference_line("productivity", "easy", 7);
        line["annotator"] = json!("someone");
        line["zz_labels"] = json!({"hard": false, "tags": ["a", 1]});
        line["steps"][1]["latency_ms"] = json!(12);
        let read = Trajectory::parse(&line.to_string()).expect("a trajectory");
        let regraded = regrade_line(read, 0.5).expect("regrades");
        assert_eq!(regraded.score, Some(1.0));
        let written: Value =
            serde_json::from_str(&regraded.line.to_line()).expect("the line is JSON");
        assert_eq!(written["annotator"], line["annotator"]);
        assert_eq!(written["zz_labels"], line["zz_labels"]);
        assert_eq!(written["steps"][1]["latency_ms"], 12);
        // Every field of the input is still there, and its steps as they
        // were (compared as values: this helper writes observations in the
        // environment's key order, where the CLI writes them sorted).
        for key in line.as_object().map(|o| o.keys()).into_iter().flatten() {
            assert!(written.get(key).is_some(), "`{key}` was dropped");
        }
        let steps = |line: &Value| Trajectory::parse(&line.to_string()).map(|t| t.steps);
        assert_eq!(steps(&written), steps(&line));
    }

    #[test]
    fn another_scenario_and_refused_actions_are_marked() {
        let mut line = reference_line("productivity", "easy", 7);
        // The actions of seed 7 against seed 8's scenario.
        line["seed"] = json!(8);
        let regraded = regrade_value(line).expect("a trajectory");
        assert!(regraded.scenario_changed);
        assert!(
            regraded
                .line
                .regrade_note
                .as_deref()
                .is_some_and(|n| n.contains("no longer the same"))
        );

        let mut line = reference_line("productivity", "easy", 7);
        line["steps"][1]["action"] = json!(r#"{"command": "dance"}"#);
        let regraded = regrade_value(line).expect("a trajectory");
        assert_eq!(
            (regraded.score, regraded.line.outcome),
            (Some(0.0), Some(Outcome::StepLimit))
        );
        let note = regraded.line.regrade_note.as_deref().unwrap_or_default();
        assert!(
            note.contains("turn 1: the action is refused now") && note.contains("no longer end"),
            "{note}"
        );

        let error = json!({"env": "productivity", "task": "easy", "seed": 1, "difficulty": 2,
                           "steps": [], "score": null, "outcome": "error"});
        let regraded = regrade_value(error).expect("a trajectory");
        assert_eq!((regraded.score, regraded.previous_score), (None, None));
        assert_eq!(regraded.line.score, None);
        for bad in [
            json!({}),
            json!({"env": "nope"}),
            json!({"env": "productivity", "task": "x"}),
            json!({"env": "nope", "task": "easy", "seed": 1, "steps": []}),
            json!({"env": "productivity", "task": "x", "seed": 1, "steps": []}),
        ] {
            assert!(regrade_value(bad).is_err());
        }
    }
}
