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
}

impl Outcome {
    /// Whether the episode was graded: it ended by itself or at the limit.
    pub fn graded(self) -> bool {
        matches!(self, Outcome::Done | Outcome::Truncated)
    }
}

/// One played episode: `trial` of `policy` on `task` of `env` with `seed`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Episode {
    pub env: &'static str,
    pub task: &'static str,
    pub policy: &'static str,
    pub seed: u64,
    pub trial: u32,
    /// The task score in [0, 1]; 0 unless the episode was graded.
    pub score: f64,
    /// Accepted steps.
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

impl Episode {
    /// The episode as one line of a trajectories file (README
    /// "Trajectories"): what was played and what it scored.
    pub fn trajectory(&self, info: &env_wasm::EnvInfo, reward_mode: &str) -> serde_json::Value {
        serde_json::json!({
            "env": self.env,
            "task": self.task,
            "difficulty": env_wasm::splits::DEFAULT_LEVEL,
            "split": info.split_of(self.seed).map(|s| s.name),
            "seed": self.seed,
            "policy": self.policy,
            "trial": self.trial,
            "reward_mode": reward_mode,
            "steps": self.steps_taken,
            "score": self.score,
            "score_breakdown": self.breakdown,
            "outcome": self.outcome,
            "truncated": self.outcome == Outcome::Truncated,
            "total_reward": self.total_reward,
        })
    }
}

/// The numbers of one environment, task and policy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub env: &'static str,
    pub task: &'static str,
    pub policy: &'static str,
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
        policy: first.policy,
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

/// The report as an aligned text table, one row per summary and a blank
/// line between environments.
pub fn table(summaries: &[Summary], trials: u32) -> String {
    let mut header: Vec<String> = [
        "env", "task", "policy", "episodes", "mean", "std", "min", "max", "success",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    header.extend((1..=trials).map(|k| format!("pass^{k}")));
    header.extend(["steps", "truncated"].map(str::to_owned));
    let rows: Vec<Vec<String>> = summaries
        .iter()
        .map(|s| {
            let mut row = vec![
                s.env.to_owned(),
                s.task.to_owned(),
                s.policy.to_owned(),
                s.episodes.to_string(),
                format!("{:.3}", s.mean),
                format!("{:.3}", s.std),
                format!("{:.3}", s.min),
                format!("{:.3}", s.max),
                format!("{:.3}", s.success_rate),
            ];
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

/// The summaries as CSV: one header row, then one row per summary.
pub fn csv(summaries: &[Summary], trials: u32) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "env",
        "task",
        "policy",
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
            s.policy.to_owned(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn episode(seed: u64, trial: u32, score: f64) -> Episode {
        Episode {
            env: "e",
            task: "t",
            policy: "p",
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
        assert!(table.starts_with("env  task  policy  episodes"), "{table}");
        let csv = String::from_utf8(csv(&[s], 1).expect("csv")).expect("utf-8");
        assert_eq!(
            csv,
            "env,task,policy,episodes,mean,std,min,max,success_rate,pass^1,mean_steps,mean_total_reward,truncated,ungraded\n\
             e,t,p,1,1,0,1,1,1,1,2,1,0,0\n"
        );
    }
}
