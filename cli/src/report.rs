//! What `deskbench eval` and `deskbench inference` report: one [`Summary`]
//! per environment, task and policy or model (mean, spread, success rate,
//! pass^k, steps; for a model also errors, tokens and cost) as a table,
//! JSON and CSV. Everything here is a pure function of the sorted
//! episodes, so the same episodes give byte-identical reports.
//!
//! An episode a model run could not finish ([`Outcome::Error`]: the API
//! failed after its retries, a timeout, a lost server) has no score: it is
//! counted and listed, and left out of the means and of pass^k.

use std::fmt::Write as _;

use env_wasm::agent::Usage;
use serde::Serialize;

/// The DeskBench release that wrote a report or trajectory.
pub const DESKBENCH_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The task set a report or trajectory was played on (the determinism
/// digest: it changes whenever a generator's or grader's output does).
pub fn task_set_version() -> &'static str {
    env_wasm::golden::task_set_version()
}

pub use env_wasm::agent::{Outcome, Step, Trajectory, pass_k};

/// One played episode: `trial` of `policy` on `task` of `env` at level
/// `difficulty` with `seed`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Episode {
    pub env: &'static str,
    pub task: &'static str,
    pub difficulty: u8,
    /// The declared split holding the seed, if any.
    pub split: Option<&'static str>,
    /// A built-in policy, or the model `deskbench inference` played.
    pub policy: String,
    /// The noisy reference's error rate (a probability); `None` for every
    /// other policy.
    pub noise: Option<f64>,
    pub seed: u64,
    pub trial: u32,
    /// The task score in [0, 1]; 0 when the episode was not graded, `None`
    /// when it could not be played ([`Outcome::Error`]).
    pub score: Option<f64>,
    /// Accepted steps (`inference`: model turns).
    pub steps: u32,
    /// Sum of the step rewards.
    pub total_reward: f64,
    pub outcome: Outcome,
    /// Why the episode did not end normally, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The model's tokens (`deskbench inference`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// Every step (`action`, `observation`, `reward`, `done`, `truncated`),
    /// the first entry the reset's observation; the trajectories file
    /// writes it, the JSON report leaves it out.
    #[serde(skip)]
    pub steps_taken: Vec<Step>,
    /// The final `score_breakdown` (criterion -> score).
    #[serde(skip)]
    pub breakdown: serde_json::Value,
}

impl Episode {
    /// The episode as one line of a trajectories file (README
    /// "Trajectories"): what was played and what it scored. Every field is
    /// present, and each has one JSON type in every line (so a file mixing
    /// environments loads as one table): `split` is `""` for a seed outside
    /// every split, `noise` 0 for a policy that adds none.
    pub fn trajectory(&self, reward_mode: &str) -> Trajectory {
        Trajectory {
            env: self.env.to_owned(),
            task: self.task.to_owned(),
            difficulty: Some(self.difficulty),
            split: Some(self.split.unwrap_or("").to_owned()),
            seed: self.seed,
            policy: Some(self.policy.clone()),
            noise: Some(self.noise.unwrap_or(0.0)),
            trial: Some(self.trial),
            reward_mode: Some(reward_mode.to_owned()),
            steps: self.steps_taken.clone(),
            score: self.score,
            score_breakdown: Some(self.breakdown.clone()),
            outcome: Some(self.outcome),
            truncated: Some(self.outcome == Outcome::Truncated),
            total_reward: Some(self.total_reward),
            deskbench_version: Some(DESKBENCH_VERSION.to_owned()),
            task_set_version: Some(task_set_version().to_owned()),
            ..Trajectory::default()
        }
    }

    /// Whether it was played to an end (graded or not): not an error.
    pub fn scored(&self) -> bool {
        self.outcome != Outcome::Error
    }

    /// Whether it succeeded: scored at least `threshold`.
    pub fn succeeded(&self, threshold: f64) -> bool {
        self.score.is_some_and(|s| s >= threshold)
    }
}

/// The numbers of one environment, task, policy (and noise) and level.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub env: &'static str,
    pub task: &'static str,
    pub policy: String,
    /// The noisy reference's error rate; `None` for other policies.
    pub noise: Option<f64>,
    pub difficulty: u8,
    /// Every episode, errors included.
    pub episodes: usize,
    /// Episodes that could not be played ([`Outcome::Error`]): left out of
    /// every figure below but the tokens.
    pub errors: usize,
    /// Mean, spread and range of the scored episodes' scores; `None` when
    /// every episode was an error.
    pub mean: Option<f64>,
    /// Population standard deviation of the scores.
    pub std: Option<f64>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// Episodes scoring at least the success threshold, over the scored
    /// episodes (0 when there are none).
    pub success_rate: f64,
    /// `pass_k[k - 1]` is pass^k for k = 1..trials (see [`pass_k`]).
    pub pass_k: Vec<f64>,
    pub mean_steps: f64,
    pub mean_total_reward: f64,
    /// Episodes the step limit ended (graded as they stood).
    pub truncated: usize,
    /// Episodes that were not graded (policy stopped, refused, never
    /// ended); errors are not among them.
    pub ungraded: usize,
    /// The model's tokens over every episode, errors included
    /// (`deskbench inference`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
    /// What those tokens cost, with `--price-in` and `--price-out`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<f64>,
}

/// Prices of a model's tokens, per million.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Prices {
    /// Per million prompt tokens.
    pub input: f64,
    /// Per million completion tokens.
    pub output: f64,
}

impl Prices {
    pub fn cost(&self, usage: Usage) -> f64 {
        (usage.prompt_tokens as f64 * self.input + usage.completion_tokens as f64 * self.output)
            / 1_000_000.0
    }
}

/// Put the cost of their tokens on `summaries`.
pub fn price(summaries: &mut [Summary], prices: Prices) {
    for summary in summaries {
        summary.cost = summary.usage.map(|u| prices.cost(u));
    }
}

/// Summarise the episodes of one group, ordered by seed then trial, with
/// up to `trials` trials per seed (a run stopped early may lack some).
pub fn summarise(episodes: &[Episode], trials: u32, threshold: f64) -> Option<Summary> {
    let first = episodes.first()?;
    let scored: Vec<&Episode> = episodes.iter().filter(|e| e.scored()).collect();
    let scores: Vec<f64> = scored.iter().filter_map(|e| e.score).collect();
    let n = scores.len() as f64;
    let mean = (!scores.is_empty()).then(|| scores.iter().sum::<f64>() / n);
    let std =
        mean.map(|mean| (scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / n).sqrt());
    let seeds: Vec<(u32, u32)> = episodes
        .chunk_by(|a, b| a.seed == b.seed)
        .map(|seed| {
            let succeeded = seed.iter().filter(|e| e.succeeded(threshold)).count();
            let played = seed.iter().filter(|e| e.scored()).count();
            (succeeded as u32, played as u32)
        })
        .collect();
    let succeeded: u32 = seeds.iter().map(|(c, _)| c).sum();
    let per_scored = |total: f64| if scored.is_empty() { 0.0 } else { total / n };
    let usage = episodes
        .iter()
        .filter_map(|e| e.usage)
        .fold(None, |sum, u| {
            let mut sum: Usage = sum.unwrap_or_default();
            sum += u;
            Some(sum)
        });
    Some(Summary {
        env: first.env,
        task: first.task,
        policy: first.policy.clone(),
        noise: first.noise,
        difficulty: first.difficulty,
        episodes: episodes.len(),
        errors: episodes.len() - scored.len(),
        mean,
        std,
        min: scores.iter().copied().reduce(f64::min),
        max: scores.iter().copied().reduce(f64::max),
        success_rate: per_scored(f64::from(succeeded)),
        pass_k: pass_k(&seeds, trials),
        mean_steps: per_scored(scored.iter().map(|e| f64::from(e.steps)).sum::<f64>()),
        mean_total_reward: per_scored(scored.iter().map(|e| e.total_reward).sum::<f64>()),
        truncated: scored
            .iter()
            .filter(|e| e.outcome == Outcome::Truncated)
            .count(),
        ungraded: scored.iter().filter(|e| !e.outcome.graded()).count(),
        usage,
        cost: None,
    })
}

/// A figure of the table: three decimals, or `-` when there is none.
fn figure(value: Option<f64>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| format!("{v:.3}"))
}

/// A noise rate as the report prints it (`0.2`, not `0.2000`).
fn noise_text(noise: Option<f64>) -> String {
    noise.map(|n| n.to_string()).unwrap_or_default()
}

/// Which of the optional columns a table or CSV has.
#[derive(Debug, Clone, Copy)]
struct Columns {
    /// The noisy reference was played.
    noise: bool,
    /// A model was played: errors and tokens.
    model: bool,
    /// Prices were given.
    cost: bool,
}

impl Columns {
    fn of(summaries: &[Summary]) -> Self {
        Columns {
            noise: summaries.iter().any(|s| s.noise.is_some()),
            model: summaries.iter().any(|s| s.usage.is_some() || s.errors > 0),
            cost: summaries.iter().any(|s| s.cost.is_some()),
        }
    }
}

/// The report as an aligned text table, one row per summary and a blank
/// line between environments. The `noise` column is there only when a row
/// has a noise rate (the noisy reference was played); `errors`,
/// `tokens_in` and `tokens_out` when a model was played, `cost` when its
/// prices were given. A figure of a row whose every episode was an error
/// is `-`.
pub fn table(summaries: &[Summary], trials: u32) -> String {
    let columns = Columns::of(summaries);
    let mut header: Vec<String> = vec!["env".into(), "task".into(), "policy".into()];
    if columns.noise {
        header.push("noise".into());
    }
    header.extend(["difficulty", "episodes"].map(str::to_owned));
    if columns.model {
        header.push("errors".into());
    }
    header.extend(["mean", "std", "min", "max", "success"].map(str::to_owned));
    header.extend((1..=trials).map(|k| format!("pass^{k}")));
    header.extend(["steps", "truncated"].map(str::to_owned));
    if columns.model {
        header.extend(["tokens_in", "tokens_out"].map(str::to_owned));
    }
    if columns.cost {
        header.push("cost".into());
    }
    let rows: Vec<Vec<String>> = summaries
        .iter()
        .map(|s| {
            let mut row = vec![s.env.to_owned(), s.task.to_owned(), s.policy.clone()];
            if columns.noise {
                row.push(noise_text(s.noise));
            }
            row.extend([s.difficulty.to_string(), s.episodes.to_string()]);
            if columns.model {
                row.push(s.errors.to_string());
            }
            row.extend([
                figure(s.mean),
                figure(s.std),
                figure(s.min),
                figure(s.max),
                format!("{:.3}", s.success_rate),
            ]);
            row.extend(s.pass_k.iter().map(|p| format!("{p:.3}")));
            row.push(format!("{:.2}", s.mean_steps));
            row.push(s.truncated.to_string());
            if columns.model {
                let usage = s.usage.unwrap_or_default();
                row.push(usage.prompt_tokens.to_string());
                row.push(usage.completion_tokens.to_string());
            }
            if columns.cost {
                row.push(s.cost.map_or_else(|| "-".to_owned(), |c| format!("{c:.4}")));
            }
            row
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].len())
                .chain([header[c].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Names align left, numbers right.
    let line = |cells: &[String]| {
        let mut out = String::new();
        for (c, cell) in cells.iter().enumerate() {
            if c > 0 {
                out.push_str("  ");
            }
            let width = widths[c];
            if c < 3 {
                let _ = write!(out, "{cell:<width$}");
            } else {
                let _ = write!(out, "{cell:>width$}");
            }
        }
        out.trim_end().to_owned()
    };
    let mut out = line(&header);
    out.push('\n');
    for (i, row) in rows.iter().enumerate() {
        if i > 0 && summaries[i].env != summaries[i - 1].env {
            out.push('\n');
        }
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}

/// The summaries as CSV: one header row, then one row per summary; `noise`
/// is empty for policies without one, a figure empty when every episode of
/// its row was an error. The usage columns (`errors`, `prompt_tokens`,
/// `completion_tokens`, `cost`) are there when a model was played; every
/// row ends with the DeskBench and task-set versions.
pub fn csv(summaries: &[Summary], trials: u32) -> Result<Vec<u8>, csv::Error> {
    let columns = Columns::of(summaries);
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "env",
        "task",
        "policy",
        "noise",
        "difficulty",
        "episodes",
        "mean",
        "std",
        "min",
        "max",
        "success_rate",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    header.extend((1..=trials).map(|k| format!("pass^{k}")));
    header.extend(["mean_steps", "mean_total_reward", "truncated", "ungraded"].map(str::to_owned));
    if columns.model {
        header.extend(["errors", "prompt_tokens", "completion_tokens", "cost"].map(str::to_owned));
    }
    header.extend(["deskbench_version", "task_set_version"].map(str::to_owned));
    writer.write_record(&header)?;
    let number = |v: Option<f64>| v.map(|v| v.to_string()).unwrap_or_default();
    for s in summaries {
        let mut row = vec![
            s.env.to_owned(),
            s.task.to_owned(),
            s.policy.clone(),
            noise_text(s.noise),
            s.difficulty.to_string(),
            s.episodes.to_string(),
            number(s.mean),
            number(s.std),
            number(s.min),
            number(s.max),
            s.success_rate.to_string(),
        ];
        row.extend(s.pass_k.iter().map(f64::to_string));
        row.extend([
            s.mean_steps.to_string(),
            s.mean_total_reward.to_string(),
            s.truncated.to_string(),
            s.ungraded.to_string(),
        ]);
        if columns.model {
            let usage = s.usage.unwrap_or_default();
            row.extend([
                s.errors.to_string(),
                usage.prompt_tokens.to_string(),
                usage.completion_tokens.to_string(),
                number(s.cost),
            ]);
        }
        row.extend([DESKBENCH_VERSION.to_owned(), task_set_version().to_owned()]);
        writer.write_record(&row)?;
    }
    writer.into_inner().map_err(|err| err.into_error().into())
}

/// The JSON report of a run (`--json`): the settings, one summary per row,
/// every episode.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    pub deskbench_version: &'static str,
    /// [`task_set_version`].
    pub task_set_version: &'static str,
    pub reward_mode: &'static str,
    /// `in-process`, or the server root URL.
    pub source: &'a str,
    /// `--seed-start`: the first seed, or its offset in `split`.
    pub seed_start: u64,
    /// The split named with `--split`, if one was.
    pub split: Option<&'a str>,
    pub seeds: u64,
    pub trials: u32,
    pub success_threshold: f64,
    pub summaries: &'a [Summary],
    pub episodes: &'a [Episode],
    /// What a model run adds (`deskbench inference`).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub model_run: Option<ModelRun<'a>>,
}

/// The settings and totals of a model run, in its JSON report.
#[derive(Debug, Serialize)]
pub struct ModelRun<'a> {
    pub model: &'a str,
    /// `text` or `tool_calls` ([`env_wasm::agent::Protocol`]).
    pub protocol: &'static str,
    /// Tokens over every episode, errors included.
    pub usage: Usage,
    /// Per million tokens, when given.
    pub prices: Option<Prices>,
    pub cost: Option<f64>,
    /// Episodes that could not be played (listed in `episodes` with
    /// outcome `error` and the cause in `note`).
    pub errors: usize,
    /// Episodes read from the trajectories file (`--resume`) rather than
    /// played by this run.
    pub resumed: usize,
    /// Why the run stopped before its last episode, if it did.
    pub stopped: Option<&'a str>,
}

/// The files a run writes on request.
#[derive(Debug, Clone, Copy)]
pub struct Files<'a> {
    pub json: Option<&'a std::path::Path>,
    pub csv: Option<&'a std::path::Path>,
    pub trajectories: Option<&'a std::path::Path>,
}

impl Files<'_> {
    /// Write the JSON report, the CSV of its summaries and the trajectories
    /// (one JSON line each) where asked; what could not be written, each
    /// file tried whatever happened to the others.
    pub fn write(&self, report: &JsonReport<'_>, trajectories: &[Trajectory]) -> Vec<String> {
        let mut errors = Vec::new();
        let mut put = |path: Option<&std::path::Path>, bytes: Result<Vec<u8>, String>| {
            if let Some(path) = path
                && let Err(err) =
                    bytes.and_then(|b| std::fs::write(path, b).map_err(|e| e.to_string()))
            {
                errors.push(format!("cannot write {}: {err}", path.display()));
            }
        };
        if self.json.is_some() {
            put(
                self.json,
                serde_json::to_vec_pretty(report)
                    .map(|mut bytes| {
                        bytes.push(b'\n');
                        bytes
                    })
                    .map_err(|e| e.to_string()),
            );
        }
        if self.csv.is_some() {
            put(
                self.csv,
                csv(report.summaries, report.trials).map_err(|e| e.to_string()),
            );
        }
        if self.trajectories.is_some() {
            let mut lines = String::new();
            for line in trajectories {
                lines.push_str(&line.to_line());
                lines.push('\n');
            }
            put(self.trajectories, Ok(lines.into_bytes()));
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn episode(seed: u64, trial: u32, score: f64) -> Episode {
        Episode {
            env: "e",
            task: "t",
            difficulty: 2,
            split: None,
            policy: "p".to_owned(),
            noise: None,
            seed,
            trial,
            score: Some(score),
            steps: 2,
            total_reward: score,
            outcome: Outcome::Done,
            note: None,
            usage: None,
            steps_taken: Vec::new(),
            breakdown: serde_json::Value::Null,
        }
    }

    fn error(seed: u64, trial: u32) -> Episode {
        Episode {
            score: None,
            outcome: Outcome::Error,
            note: Some("HTTP 503".to_owned()),
            steps: 1,
            total_reward: 0.0,
            ..episode(seed, trial, 0.0)
        }
    }

    #[test]
    fn summaries_count_successes_per_seed() {
        let episodes = [
            episode(0, 0, 1.0),
            episode(0, 1, 0.4),
            episode(1, 0, 0.5),
            episode(1, 1, 0.5),
        ];
        let s = summarise(&episodes, 2, 0.5).expect("summary");
        assert_eq!((s.episodes, s.errors), (4, 0));
        assert!((s.mean.unwrap_or_default() - 0.6).abs() < 1e-12);
        assert_eq!((s.min, s.max), (Some(0.4), Some(1.0)));
        assert_eq!(s.success_rate, 0.75);
        assert_eq!(s.pass_k, vec![0.75, 0.5]);
        assert!((s.std.unwrap_or_default() - 0.055f64.sqrt()).abs() < 1e-12);
        assert!(summarise(&[], 1, 0.5).is_none());
    }

    #[test]
    fn errors_are_counted_and_left_out_of_every_figure() {
        let mut played = [
            episode(0, 0, 1.0),
            error(0, 1),
            episode(1, 0, 0.0),
            episode(1, 1, 0.5),
        ];
        played[0].usage = Some(Usage {
            prompt_tokens: 100,
            completion_tokens: 10,
        });
        played[1].usage = Some(Usage {
            prompt_tokens: 50,
            completion_tokens: 0,
        });
        let s = summarise(&played, 2, 0.5).expect("summary");
        assert_eq!((s.episodes, s.errors, s.ungraded), (4, 1, 0));
        assert_eq!(s.mean, Some(0.5), "the mean of 1.0, 0.0 and 0.5");
        assert_eq!((s.min, s.max), (Some(0.0), Some(1.0)));
        assert!((s.success_rate - 2.0 / 3.0).abs() < 1e-12);
        // Seed 0: 1 of 1 scored; seed 1: 1 of 2. pass^2 only from seed 1.
        assert_eq!(s.pass_k, vec![0.75, 0.0]);
        assert_eq!(s.mean_steps, 2.0);
        assert_eq!(
            s.usage,
            Some(Usage {
                prompt_tokens: 150,
                completion_tokens: 10
            }),
            "an error's tokens were spent too"
        );
        // Nothing but errors: no figures, and the table says so.
        let none = summarise(&[error(0, 0), error(1, 0)], 2, 0.5).expect("summary");
        assert_eq!(
            (none.mean, none.std, none.min, none.max),
            (None, None, None, None)
        );
        assert_eq!(
            (none.success_rate, none.pass_k.clone()),
            (0.0, vec![0.0, 0.0])
        );
        let mut priced = vec![s, none];
        price(
            &mut priced,
            Prices {
                input: 2.0,
                output: 10.0,
            },
        );
        assert_eq!(priced[0].cost, Some(0.0004));
        assert_eq!(priced[1].cost, None);
        let table = table(&priced, 2);
        let header = table.lines().next().unwrap_or_default();
        let columns: Vec<&str> = header.split_whitespace().collect();
        assert_eq!(
            columns,
            [
                "env",
                "task",
                "policy",
                "difficulty",
                "episodes",
                "errors",
                "mean",
                "std",
                "min",
                "max",
                "success",
                "pass^1",
                "pass^2",
                "steps",
                "truncated",
                "tokens_in",
                "tokens_out",
                "cost"
            ],
            "{table}"
        );
        let row: Vec<&str> = table
            .lines()
            .nth(2)
            .unwrap_or_default()
            .split_whitespace()
            .collect();
        assert_eq!(
            row[4..11],
            ["2", "2", "-", "-", "-", "-", "0.000"],
            "{table}"
        );
        assert_eq!(row[15..], ["0", "0", "-"], "{table}");
        let csv = String::from_utf8(csv(&priced, 2).expect("csv")).expect("utf-8");
        let header = csv.lines().next().unwrap_or_default();
        assert!(
            header.ends_with(
                "ungraded,errors,prompt_tokens,completion_tokens,cost,deskbench_version,task_set_version"
            ),
            "{csv}"
        );
        assert!(
            csv.lines()
                .nth(1)
                .is_some_and(|r| r.contains(",1,150,10,0.0004,")),
            "{csv}"
        );
        assert!(
            csv.lines().nth(2).is_some_and(|r| r.contains(",2,,,,,0,")),
            "{csv}"
        );
        let json = serde_json::to_value(&played[1]).expect("json");
        assert_eq!(
            (&json["score"], &json["outcome"]),
            (&serde_json::Value::Null, &serde_json::json!("error"))
        );
    }

    #[test]
    fn table_and_csv_have_one_row_per_summary() {
        let s = summarise(&[episode(0, 0, 1.0)], 1, 0.5).expect("summary");
        let table = table(&[s.clone(), s.clone()], 1);
        assert_eq!(table.lines().count(), 3, "{table}");
        assert!(
            table.starts_with("env  task  policy  difficulty  episodes   mean"),
            "{table}"
        );
        let csv = String::from_utf8(csv(std::slice::from_ref(&s), 1).expect("csv")).expect("utf-8");
        assert_eq!(
            csv,
            format!(
                "env,task,policy,noise,difficulty,episodes,mean,std,min,max,success_rate,pass^1,mean_steps,mean_total_reward,truncated,ungraded,deskbench_version,task_set_version\n\
                 e,t,p,,2,1,1,0,1,1,1,1,2,1,0,0,{DESKBENCH_VERSION},{}\n",
                task_set_version()
            )
        );
        // A noisy row brings the noise column into the table.
        let noisy = Summary {
            noise: Some(0.2),
            ..s.clone()
        };
        let noisy_table = super::table(&[s, noisy.clone()], 1);
        assert!(
            noisy_table.starts_with("env  task  policy  noise  difficulty"),
            "{noisy_table}"
        );
        assert!(
            noisy_table
                .lines()
                .nth(2)
                .is_some_and(|row| row.contains(" 0.2 ")),
            "{noisy_table}"
        );
        let noisy_csv = String::from_utf8(super::csv(&[noisy], 1).expect("csv")).expect("utf-8");
        assert!(noisy_csv.contains("\ne,t,p,0.2,2,"), "{noisy_csv}");
    }

    #[test]
    fn trajectory_lines_carry_free_form_parts_as_json_text() {
        let mut played = episode(1_000_000, 1, 0.5);
        played.split = Some("validation");
        played.breakdown = serde_json::json!({"label": 0.5});
        played.steps_taken = vec![
            Step::reset(serde_json::json!({"a": 1}), None, false),
            Step {
                action: Some(serde_json::json!({"raw": "x"})),
                observation: Some(serde_json::json!({"b": [2]})),
                reward: Some(Some(0.5)),
                done: Some(true),
                truncated: Some(false),
                ..Step::default()
            },
        ];
        let written = |played: &Episode, mode| {
            serde_json::from_str::<serde_json::Value>(&played.trajectory(mode).to_line())
                .unwrap_or_default()
        };
        let line = written(&played, "shaped");
        assert_eq!(line["split"], "validation");
        assert_eq!(line["noise"], 0.0);
        assert_eq!(line["difficulty"], 2);
        assert_eq!(line["score_breakdown"], r#"{"label":0.5}"#);
        assert_eq!(
            (&line["deskbench_version"], &line["task_set_version"]),
            (
                &serde_json::json!(DESKBENCH_VERSION),
                &serde_json::json!(task_set_version())
            )
        );
        assert_eq!(task_set_version().len(), 64, "a SHA-256 digest");
        let steps = line["steps"].as_array().cloned().unwrap_or_default();
        assert_eq!(steps[0]["action"], serde_json::Value::Null, "the reset's");
        assert_eq!(steps[0]["observation"], r#"{"a":1}"#);
        assert_eq!(steps[1]["action"], r#"{"raw":"x"}"#);
        assert_eq!(steps[1]["reward"], 0.5);
        played.split = None;
        played.noise = Some(0.2);
        let line = written(&played, "score");
        assert_eq!(
            (&line["split"], &line["noise"]),
            (&serde_json::json!(""), &serde_json::json!(0.2))
        );
        // A turn without an observation (refused) keeps its fields as they were.
        let refused = Step {
            action: Some(serde_json::Value::Null),
            refused: Some("no JSON".to_owned()),
            ..Step::default()
        };
        assert_eq!(
            serde_json::to_value(refused).ok(),
            Some(serde_json::json!({"action": null, "refused": "no JSON"}))
        );
        for outcome in [Outcome::Done, Outcome::Error, Outcome::StepLimit] {
            assert_eq!(Outcome::parse(outcome.name()), Some(outcome));
            assert_eq!(
                serde_json::json!(outcome),
                serde_json::json!(outcome.name())
            );
        }
    }
}
