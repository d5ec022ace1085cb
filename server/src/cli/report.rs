//! What `deskbench eval` reports: one [`Summary`] per environment, task and
//! policy (mean, spread, success rate, pass^k, steps) as a table, JSON and
//! CSV. Everything here is a pure function of the sorted episodes, so the
//! same arguments give byte-identical reports.

use std::fmt::Write as _;

use serde::Serialize;

/// How one episode ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// It ended by itself (a final answer, a submit, the last case) and
    /// was graded.
    Done,
    /// The task's step limit ended it (`truncated` in its last
    /// observation); graded as it stood.
    Truncated,
    /// The policy had no action left before the end (scored 0).
    PolicyStopped,
    /// The environment refused the policy's action (scored 0).
    Refused,
    /// The environment had not ended after many more steps than the task
    /// allows (scored 0).
    StepLimit,
    /// `deskbench inference` only: a missing key, a model API failure or a
    /// lost server connection ended it (scored 0; not the agent's doing).
    Failed,
}

impl Outcome {
    /// Whether the episode was graded: it ended by itself or at the limit.
    pub fn graded(self) -> bool {
        matches!(self, Outcome::Done | Outcome::Truncated)
    }
}

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
    /// The task score in [0, 1]; 0 unless the episode was graded.
    pub score: f64,
    /// Accepted steps (`inference`: model turns).
    pub steps: u32,
    /// Sum of the step rewards.
    pub total_reward: f64,
    pub outcome: Outcome,
    /// Why the episode did not end normally, when it did not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Every step (`action`, `observation`, `reward`, `done`, `truncated`),
    /// the first entry the reset's observation; the trajectories file
    /// writes it, the JSON report leaves it out.
    #[serde(skip)]
    pub steps_taken: Vec<serde_json::Value>,
    /// The final `score_breakdown` (criterion -> score).
    #[serde(skip)]
    pub breakdown: serde_json::Value,
}

/// A value as JSON text, for the free-form parts of a trajectories line
/// (actions, observations, breakdowns): their keys differ between
/// environments, and a table (Hugging Face `datasets`, Arrow) needs one
/// type per column, so they travel as strings (README "Trajectories").
pub fn json_text(value: &serde_json::Value) -> serde_json::Value {
    serde_json::Value::String(value.to_string())
}

/// A recorded step or turn as a trajectories line holds it: `action` and
/// `observation` as JSON text ([`json_text`]); a null action (the reset's)
/// stays null, and a missing field stays missing.
pub fn dataset_step(step: &serde_json::Value) -> serde_json::Value {
    let mut step = step.clone();
    if let Some(fields) = step.as_object_mut() {
        for key in ["action", "observation"] {
            if let Some(value) = fields.get_mut(key)
                && !value.is_null()
            {
                *value = json_text(value);
            }
        }
    }
    step
}

impl Episode {
    /// The episode as one line of a trajectories file (README
    /// "Trajectories"): what was played and what it scored. Every field is
    /// present, and each has one JSON type in every line (so a file mixing
    /// environments loads as one table): `split` is `""` for a seed outside
    /// every split, `noise` 0 for a policy that adds none.
    pub fn trajectory(&self, reward_mode: &str) -> serde_json::Value {
        serde_json::json!({
            "env": self.env,
            "task": self.task,
            "difficulty": self.difficulty,
            "split": self.split.unwrap_or(""),
            "seed": self.seed,
            "policy": self.policy,
            "noise": self.noise.unwrap_or(0.0),
            "trial": self.trial,
            "reward_mode": reward_mode,
            "steps": self.steps_taken.iter().map(dataset_step).collect::<Vec<_>>(),
            "score": self.score,
            "score_breakdown": json_text(&self.breakdown),
            "outcome": self.outcome,
            "truncated": self.outcome == Outcome::Truncated,
            "total_reward": self.total_reward,
        })
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
    pub episodes: usize,
    pub mean: f64,
    /// Population standard deviation of the scores.
    pub std: f64,
    pub min: f64,
    pub max: f64,
    /// Episodes scoring at least the success threshold, over all episodes.
    pub success_rate: f64,
    /// `pass_k[k - 1]` is pass^k for k = 1..trials (see [`pass_k`]).
    pub pass_k: Vec<f64>,
    pub mean_steps: f64,
    pub mean_total_reward: f64,
    /// Episodes the step limit ended (graded as they stood).
    pub truncated: usize,
    /// Episodes that were not graded (policy stopped, refused, never ended).
    pub ungraded: usize,
}

/// pass^k of each k = 1..=trials: the chance that k trials of one seed all
/// succeed, averaged over seeds. With c successes in n trials of a seed the
/// estimate is C(c, k) / C(n, k) (the unbiased estimator of τ-bench), which
/// uses every trial for every k; pass^1 is the success rate and pass^n the
/// fraction of seeds whose trials all succeed.
///
/// `successes[s]` is the number of successful trials of seed `s`.
pub fn pass_k(successes: &[u32], trials: u32) -> Vec<f64> {
    if successes.is_empty() {
        return vec![0.0; trials as usize];
    }
    (1..=trials)
        .map(|k| {
            let total: f64 = successes
                .iter()
                .map(|&c| {
                    (0..k)
                        .map(|i| f64::from(c.saturating_sub(i)) / f64::from(trials - i))
                        .product::<f64>()
                })
                .sum();
            total / successes.len() as f64
        })
        .collect()
}

/// Summarise the episodes of one group, ordered by seed then trial, with
/// `trials` trials per seed.
pub fn summarise(episodes: &[Episode], trials: u32, threshold: f64) -> Option<Summary> {
    let first = episodes.first()?;
    let n = episodes.len() as f64;
    let scores: Vec<f64> = episodes.iter().map(|e| e.score).collect();
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean) * (s - mean)).sum::<f64>() / n;
    let successes: Vec<u32> = episodes
        .chunks(trials.max(1) as usize)
        .map(|seed| seed.iter().filter(|e| e.score >= threshold).count() as u32)
        .collect();
    let succeeded: u32 = successes.iter().sum();
    Some(Summary {
        env: first.env,
        task: first.task,
        policy: first.policy.clone(),
        noise: first.noise,
        difficulty: first.difficulty,
        episodes: episodes.len(),
        mean,
        std: variance.sqrt(),
        min: scores.iter().copied().fold(f64::INFINITY, f64::min),
        max: scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        success_rate: f64::from(succeeded) / n,
        pass_k: pass_k(&successes, trials),
        mean_steps: episodes.iter().map(|e| f64::from(e.steps)).sum::<f64>() / n,
        mean_total_reward: episodes.iter().map(|e| e.total_reward).sum::<f64>() / n,
        truncated: episodes
            .iter()
            .filter(|e| e.outcome == Outcome::Truncated)
            .count(),
        ungraded: episodes.iter().filter(|e| !e.outcome.graded()).count(),
    })
}

/// A noise rate as the report prints it (`0.2`, not `0.2000`).
fn noise_text(noise: Option<f64>) -> String {
    noise.map(|n| n.to_string()).unwrap_or_default()
}

/// The report as an aligned text table, one row per summary and a blank
/// line between environments. The `noise` column is there only when a row
/// has a noise rate (the noisy reference was played).
pub fn table(summaries: &[Summary], trials: u32) -> String {
    let with_noise = summaries.iter().any(|s| s.noise.is_some());
    let mut header: Vec<String> = vec!["env".into(), "task".into(), "policy".into()];
    if with_noise {
        header.push("noise".into());
    }
    header.extend(
        [
            "difficulty",
            "episodes",
            "mean",
            "std",
            "min",
            "max",
            "success",
        ]
        .map(str::to_owned),
    );
    header.extend((1..=trials).map(|k| format!("pass^{k}")));
    header.extend(["steps", "truncated"].map(str::to_owned));
    let rows: Vec<Vec<String>> = summaries
        .iter()
        .map(|s| {
            let mut row = vec![s.env.to_owned(), s.task.to_owned(), s.policy.clone()];
            if with_noise {
                row.push(noise_text(s.noise));
            }
            row.extend([
                s.difficulty.to_string(),
                s.episodes.to_string(),
                format!("{:.3}", s.mean),
                format!("{:.3}", s.std),
                format!("{:.3}", s.min),
                format!("{:.3}", s.max),
                format!("{:.3}", s.success_rate),
            ]);
            row.extend(s.pass_k.iter().map(|p| format!("{p:.3}")));
            row.push(format!("{:.2}", s.mean_steps));
            row.push(s.truncated.to_string());
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
/// is empty for policies without one.
pub fn csv(summaries: &[Summary], trials: u32) -> Result<Vec<u8>, csv::Error> {
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
    writer.write_record(&header)?;
    for s in summaries {
        let mut row = vec![
            s.env.to_owned(),
            s.task.to_owned(),
            s.policy.clone(),
            noise_text(s.noise),
            s.difficulty.to_string(),
            s.episodes.to_string(),
            s.mean.to_string(),
            s.std.to_string(),
            s.min.to_string(),
            s.max.to_string(),
            s.success_rate.to_string(),
        ];
        row.extend(s.pass_k.iter().map(f64::to_string));
        row.extend([
            s.mean_steps.to_string(),
            s.mean_total_reward.to_string(),
            s.truncated.to_string(),
            s.ungraded.to_string(),
        ]);
        writer.write_record(&row)?;
    }
    writer.into_inner().map_err(|err| err.into_error().into())
}

/// The JSON report of a run (`--json`): the settings, one summary per row,
/// every episode.
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    pub deskbench_version: &'static str,
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
    pub fn write(
        &self,
        report: &JsonReport<'_>,
        trajectories: &[serde_json::Value],
    ) -> Vec<String> {
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
                lines.push_str(&line.to_string());
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
            score,
            steps: 2,
            total_reward: score,
            outcome: Outcome::Done,
            note: None,
            steps_taken: Vec::new(),
            breakdown: serde_json::Value::Null,
        }
    }

    #[test]
    fn pass_k_is_the_unbiased_all_k_succeed_estimate() {
        // One seed, 2 of 3 trials succeed: pass^1 = 2/3, pass^2 = 1/3, pass^3 = 0.
        let p = pass_k(&[2], 3);
        assert!((p[0] - 2.0 / 3.0).abs() < 1e-12 && (p[1] - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(p[2], 0.0);
        // All succeed on one seed, none on the other: 0.5 for every k.
        assert_eq!(pass_k(&[3, 0], 3), vec![0.5, 0.5, 0.5]);
        assert_eq!(pass_k(&[], 2), vec![0.0, 0.0]);
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
        assert_eq!(s.episodes, 4);
        assert!((s.mean - 0.6).abs() < 1e-12);
        assert_eq!((s.min, s.max), (0.4, 1.0));
        assert_eq!(s.success_rate, 0.75);
        assert_eq!(s.pass_k, vec![0.75, 0.5]);
        assert!((s.std - 0.055f64.sqrt()).abs() < 1e-12);
        assert!(summarise(&[], 1, 0.5).is_none());
    }

    #[test]
    fn table_and_csv_have_one_row_per_summary() {
        let s = summarise(&[episode(0, 0, 1.0)], 1, 0.5).expect("summary");
        let table = table(&[s.clone(), s.clone()], 1);
        assert_eq!(table.lines().count(), 3, "{table}");
        assert!(
            table.starts_with("env  task  policy  difficulty  episodes"),
            "{table}"
        );
        let csv = String::from_utf8(csv(std::slice::from_ref(&s), 1).expect("csv")).expect("utf-8");
        assert_eq!(
            csv,
            "env,task,policy,noise,difficulty,episodes,mean,std,min,max,success_rate,pass^1,mean_steps,mean_total_reward,truncated,ungraded\n\
             e,t,p,,2,1,1,0,1,1,1,1,2,1,0,0\n"
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
            serde_json::json!({"action": null, "observation": {"a": 1}, "reward": null,
                               "done": false, "truncated": false}),
            serde_json::json!({"action": {"raw": "x"}, "observation": {"b": [2]}, "reward": 0.5,
                               "done": true, "truncated": false}),
        ];
        let line = played.trajectory("shaped");
        assert_eq!(line["split"], "validation");
        assert_eq!(line["noise"], 0.0);
        assert_eq!(line["difficulty"], 2);
        assert_eq!(line["score_breakdown"], r#"{"label":0.5}"#);
        let steps = line["steps"].as_array().cloned().unwrap_or_default();
        assert_eq!(steps[0]["action"], serde_json::Value::Null, "the reset's");
        assert_eq!(steps[0]["observation"], r#"{"a":1}"#);
        assert_eq!(steps[1]["action"], r#"{"raw":"x"}"#);
        assert_eq!(steps[1]["reward"], 0.5);
        played.split = None;
        played.noise = Some(0.2);
        let line = played.trajectory("score");
        assert_eq!(
            (&line["split"], &line["noise"]),
            (&serde_json::json!(""), &serde_json::json!(0.2))
        );
        // A turn without an observation (refused) keeps its fields as they were.
        let refused = dataset_step(&serde_json::json!({"action": null, "refused": "no JSON"}));
        assert_eq!(
            refused,
            serde_json::json!({"action": null, "refused": "no JSON"})
        );
    }
}
