//! The files the run viewer opens, read into one shape: a `deskbench eval
//! --json` report (episodes by policy, seed and trial, no actions: the page
//! replays them by playing the same policy), or trajectories as JSON Lines,
//! one episode per line with at least `env`, `task`, `seed` and `steps:
//! [{action, reward, done, ...}]` (optional `level`, `split`, `policy`,
//! `model`, `score`; an `action` may be an object or a JSON string; a turn
//! marked `refused` or `error`, as `deskbench inference` writes, is no step), which
//! the page replays action by action. A page export (`actions`, `rewards`)
//! reads as a trajectory too. A line that cannot be read is reported and
//! left out; it never stops the rest of the file.

use env_wasm::registry;
use env_wasm::seam::MAX_SEED;
use serde_json::{Map, Value};

use crate::episode::{self, Played};

/// More episodes than this are left out (with a note): the page holds every
/// episode it lists.
const MAX_EPISODES: usize = 20_000;

/// One step as a file recorded it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RecordedStep {
    pub action: Value,
    pub reward: Option<f64>,
}

/// How a replay in the page compares with the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The score, and every step reward (or a report's step count and
    /// reward total), are the file's.
    Same,
    Differs,
    /// The page cannot play it (a baseline policy of a report).
    Unplayable,
    /// Its environment is another bundle's: the page of that environment
    /// replays it (the run files are kept for every page of this browser).
    OtherPage,
}

/// What replaying an episode in the page gave, against the file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Check {
    pub score: Option<f64>,
    pub verdict: Verdict,
    pub note: String,
}

/// One episode of a run file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RunEpisode {
    pub env: &'static str,
    /// The registry's name of the task; for an environment of another
    /// bundle ([`Verdict::OtherPage`]), the file's.
    pub task: String,
    pub seed: u64,
    pub trial: u32,
    pub policy: Option<String>,
    pub model: Option<String>,
    pub split: Option<String>,
    pub level: Option<String>,
    /// How its rewards were paid (`shaped` or `score`; `None`: the default).
    pub reward_mode: Option<String>,
    pub score: Option<f64>,
    /// The recorded steps of a trajectory; `None` for a report's episode.
    pub steps: Option<Vec<RecordedStep>>,
    /// A report's step count and reward total.
    pub step_count: Option<u64>,
    pub total_reward: Option<f64>,
    pub check: Option<Check>,
}

impl RunEpisode {
    /// Who played: the model, else the policy.
    pub(crate) fn entrant(&self) -> String {
        self.model
            .clone()
            .or_else(|| self.policy.clone())
            .unwrap_or_else(|| "(unnamed)".to_owned())
    }

    /// The reward mode and level it was played in (a level the file names
    /// that is no number plays the default and shows as differing).
    pub(crate) fn variant(&self) -> episode::Variant<'_> {
        episode::Variant {
            reward_mode: self.reward_mode.as_deref(),
            difficulty: self.level.as_deref().and_then(|l| l.parse().ok()),
        }
    }

    /// Play the episode again in the page: its actions, or its policy.
    pub(crate) fn replay(&self) -> Result<Played, String> {
        match &self.steps {
            Some(steps) => episode::replay(
                self.env,
                &self.task,
                self.seed,
                self.variant(),
                steps.iter().map(|s| (s.action.clone(), s.reward)),
            ),
            None => match &self.policy {
                Some(policy) => episode::play_policy(
                    self.env,
                    &self.task,
                    self.seed,
                    policy,
                    self.trial,
                    self.variant(),
                ),
                None => Err("the episode names no policy and has no steps".to_owned()),
            },
        }
    }

    /// Whether this page's bundle carries the episode's environment.
    pub(crate) fn plays_here(&self) -> bool {
        registry::find(self.env).is_some()
    }

    /// Replay and compare with what the file says.
    pub(crate) fn check(&self) -> Check {
        if !self.plays_here() {
            return Check {
                score: None,
                verdict: Verdict::OtherPage,
                note: format!("replayed on the {} page", self.env),
            };
        }
        let played = match self.replay() {
            Ok(played) => played,
            Err(note) => {
                return Check {
                    score: None,
                    verdict: Verdict::Unplayable,
                    note,
                };
            }
        };
        let view = &played.view;
        let score = view.final_score();
        let close = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => (a - b).abs() < 0.000_05,
            (None, None) => true,
            _ => false,
        };
        // A report scores an episode the environment did not end as 0.
        let replayed_score = score.or(self.steps.is_none().then_some(0.0));
        let mut notes = Vec::new();
        if self.score.is_some() && !close(self.score, replayed_score) {
            notes.push("the score differs".to_owned());
        }
        let differing = view.steps.iter().filter(|s| s.reward_differs()).count();
        if differing > 0 {
            notes.push(format!("{differing} step reward(s) differ"));
        }
        if let Some(steps) = &self.steps
            && steps.len() != view.steps.len()
        {
            notes.push(format!(
                "{} of {} recorded steps replayed",
                view.steps.len(),
                steps.len()
            ));
        }
        if let Some(count) = self.step_count
            && count != view.accepted().count() as u64
        {
            notes.push("the step count differs".to_owned());
        }
        let total: f64 = view.rewards().into_iter().flatten().sum();
        if self.total_reward.is_some() && !close(self.total_reward, Some(total)) {
            notes.push("the reward total differs".to_owned());
        }
        Check {
            score,
            verdict: if notes.is_empty() {
                Verdict::Same
            } else {
                Verdict::Differs
            },
            note: notes.join("; "),
        }
    }
}

/// A file opened in the run viewer.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RunFile {
    pub name: String,
    /// `eval report` or `trajectories`.
    pub kind: &'static str,
    pub episodes: Vec<RunEpisode>,
    /// What could not be read, line by line.
    pub problems: Vec<String>,
    /// The file as opened: kept for the next visit, and downloaded again.
    pub text: String,
}

fn text(fields: &Map<String, Value>, key: &str) -> Option<String> {
    match fields.get(key)? {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// An action as a file holds it: an object, or JSON text of one (a string
/// that is not JSON is itself the action, as productivity's `"inspect"`).
fn action_of(value: &Value) -> Value {
    match value {
        Value::String(text) => serde_json::from_str::<Value>(text)
            .ok()
            .filter(Value::is_object)
            .unwrap_or_else(|| value.clone()),
        other => other.clone(),
    }
}

fn recorded_steps(fields: &Map<String, Value>) -> Result<Vec<RecordedStep>, String> {
    if let Some(steps) = fields.get("steps") {
        let steps = steps.as_array().ok_or("`steps` is not a list")?;
        // `deskbench eval --trajectories` records the reset first, as a
        // step with a null action.
        let reset = steps
            .first()
            .is_some_and(|s| s.get("action").is_some_and(Value::is_null));
        return steps
            .iter()
            .enumerate()
            .skip(usize::from(reset))
            // `deskbench inference` also records the model's turns that
            // were no step (`refused`, or an API `error`): nothing to replay.
            .filter(|(_, step)| step.get("refused").is_none() && step.get("error").is_none())
            .map(|(i, step)| {
                let action = step
                    .get("action")
                    .ok_or_else(|| format!("step {} has no `action`", i + 1))?;
                Ok(RecordedStep {
                    action: action_of(action),
                    reward: step.get("reward").and_then(Value::as_f64),
                })
            })
            .collect();
    }
    let actions = fields
        .get("actions")
        .and_then(Value::as_array)
        .ok_or("no `steps`")?;
    let rewards = fields.get("rewards").and_then(Value::as_array);
    Ok(actions
        .iter()
        .enumerate()
        .map(|(i, action)| RecordedStep {
            action: action_of(action),
            reward: rewards.and_then(|r| r.get(i)).and_then(Value::as_f64),
        })
        .collect())
}

/// One episode from its fields (a trajectory line or a report's entry;
/// `report` holds the report's own fields, such as its `reward_mode`).
fn episode_of(value: &Value, report: Option<&Value>) -> Result<RunEpisode, String> {
    let from_report = report.is_some();
    let fields = value.as_object().ok_or("not a JSON object")?;
    let env_name = text(fields, "env").ok_or("no `env`")?;
    let task_name = text(fields, "task").ok_or("no `task`")?;
    let (env, task) = match registry::find(&env_name) {
        Some(env) => {
            let task = env
                .task(&task_name)
                .ok_or_else(|| format!("{} has no task `{task_name}`", env.id))?;
            (env.id, task.id.to_owned())
        }
        // Another bundle's environment: listed with the file's figures, and
        // replayed on its own page.
        None => match registry::LISTED.iter().find(|e| e.id == env_name) {
            Some(listed) => (listed.id, task_name),
            None => return Err(format!("no environment `{env_name}`")),
        },
    };
    let seed = match fields.get("seed") {
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|s| *s <= MAX_SEED)
    .ok_or("no whole-number `seed`")?;
    let steps = if from_report {
        None
    } else {
        Some(recorded_steps(fields)?)
    };
    Ok(RunEpisode {
        env,
        task,
        seed,
        trial: fields
            .get("trial")
            .and_then(Value::as_u64)
            .and_then(|t| u32::try_from(t).ok())
            .unwrap_or(0),
        policy: text(fields, "policy"),
        model: text(fields, "model"),
        split: text(fields, "split"),
        level: text(fields, "level").or_else(|| text(fields, "difficulty")),
        reward_mode: text(fields, "reward_mode").or_else(|| {
            report
                .and_then(|r| r.get("reward_mode"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        }),
        score: fields
            .get("score")
            .or_else(|| fields.get("final_score"))
            .and_then(Value::as_f64),
        steps,
        step_count: if from_report {
            fields.get("steps").and_then(Value::as_u64)
        } else {
            None
        },
        total_reward: fields.get("total_reward").and_then(Value::as_f64),
        check: None,
    })
}

/// Read a file the viewer was given; `Err` when nothing in it is a run.
pub(crate) fn parse(name: &str, text: &str) -> Result<RunFile, String> {
    let whole = serde_json::from_str::<Value>(text).ok();
    let report = whole
        .as_ref()
        .and_then(|v| v.get("episodes"))
        .and_then(Value::as_array);
    // The page's own Export: one episode as pretty JSON (env, task, seed,
    // actions, rewards), which no line of it holds alone.
    let exported = whole
        .as_ref()
        .filter(|v| report.is_none() && v.get("actions").is_some_and(Value::is_array));
    let mut file = RunFile {
        name: name.to_owned(),
        kind: if report.is_some() {
            "eval report"
        } else if exported.is_some() {
            "exported episode"
        } else {
            "trajectories"
        },
        episodes: Vec::new(),
        problems: Vec::new(),
        text: text.to_owned(),
    };
    let add = |file: &mut RunFile, at: String, item: Result<RunEpisode, String>| match item {
        Ok(_) if file.episodes.len() >= MAX_EPISODES => {}
        Ok(episode) => file.episodes.push(episode),
        Err(problem) => file.problems.push(format!("{at}: {problem}")),
    };
    match report {
        None if exported.is_some() => {
            if let Some(one) = exported {
                add(&mut file, "the episode".to_owned(), episode_of(one, None));
            }
        }
        Some(entries) => {
            for (i, entry) in entries.iter().enumerate() {
                add(
                    &mut file,
                    format!("episode {}", i + 1),
                    episode_of(entry, whole.as_ref()),
                );
            }
        }
        None => {
            for (i, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let item = serde_json::from_str::<Value>(line)
                    .map_err(|e| format!("not JSON ({e})"))
                    .and_then(|v| episode_of(&v, None));
                add(&mut file, format!("line {}", i + 1), item);
            }
        }
    }
    let total = file.episodes.len() + file.problems.len();
    if total > MAX_EPISODES {
        file.problems
            .push(format!("only the first {MAX_EPISODES} episodes are listed"));
    }
    if file.episodes.is_empty() {
        let first = file
            .problems
            .first()
            .cloned()
            .unwrap_or_else(|| "the file is empty".to_owned());
        return Err(format!(
            "{name} holds no episode the page can read (an eval --json report or JSON Lines of trajectories): {first}"
        ));
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn trajectories_are_read_line_by_line_and_bad_lines_are_reported() {
        let played = episode::play_policy(
            "productivity",
            "easy",
            3,
            "reference",
            0,
            Default::default(),
        )
        .expect("plays");
        let steps: Vec<Value> = played
            .view
            .accepted()
            .map(|(a, r)| json!({"action": a.to_string(), "reward": r.reward, "done": r.done}))
            .collect();
        let mut steps = steps;
        // A model's turns that were no step, as `deskbench inference` writes them.
        steps.insert(
            1,
            json!({"action": null, "reply": "thinking", "refused": "no JSON object"}),
        );
        steps.insert(
            2,
            json!({"action": {"raw": "dance"}, "refused": "unknown command"}),
        );
        let good = json!({"env": "productivity", "task": "email", "seed": 3, "model": "m", "split": "test",
                          "score": 1.0, "steps": steps});
        let text = format!(
            "{good}\n\nnot json\n{}\n{}\n",
            json!({"env": "nope", "task": "easy", "seed": 1, "steps": []}),
            json!({"env": "productivity", "task": "easy", "seed": -1, "steps": []})
        );
        let file = parse("t.jsonl", &text).expect("one good line");
        assert_eq!(file.kind, "trajectories");
        assert_eq!(file.episodes.len(), 1);
        assert_eq!(file.problems.len(), 3, "{:?}", file.problems);
        assert!(file.problems[0].starts_with("line 3: not JSON"));
        let episode = &file.episodes[0];
        assert_eq!(
            (episode.task.as_str(), episode.entrant()),
            ("easy", "m".to_owned())
        );
        let check = episode.check();
        assert_eq!(check.verdict, Verdict::Same, "{check:?}");
        assert_eq!(check.score, Some(1.0));

        let mut tampered = episode.clone();
        if let Some(steps) = tampered.steps.as_mut() {
            steps[0].reward = Some(0.5);
        }
        assert_eq!(tampered.check().verdict, Verdict::Differs);
        for bad in ["", "   ", "{}", "[1, 2]", "\u{0}", "{\"episodes\": 5}"] {
            assert!(parse("bad", bad).is_err(), "{bad:?}");
        }
    }

    /// Issue 25: what the page's Export writes opens in Runs and replays
    /// with its scores.
    #[test]
    fn the_pages_own_export_opens_as_a_run() {
        let played = episode::play_policy(
            "support_triage",
            "medium",
            4,
            "reference",
            0,
            episode::Variant {
                reward_mode: None,
                difficulty: Some(3),
            },
        )
        .expect("plays");
        let exported = crate::record::EpisodeRecord::of(&played.view).to_json();
        assert!(exported.lines().count() > 1, "Export writes pretty JSON");
        let file = parse("deskbench-episode.json", &exported).expect("opens");
        assert_eq!(file.kind, "exported episode");
        assert_eq!(file.episodes.len(), 1, "{:?}", file.problems);
        let episode = &file.episodes[0];
        assert_eq!(
            (episode.env, episode.task.as_str(), episode.seed),
            ("support_triage", "medium", 4)
        );
        assert_eq!(episode.level.as_deref(), Some("3"));
        assert_eq!(episode.check().verdict, Verdict::Same);
    }

    #[test]
    fn a_trajectory_replays_at_its_level() {
        let level3 = episode::Variant {
            reward_mode: None,
            difficulty: Some(3),
        };
        let played =
            episode::play_policy("productivity", "hard", 6, "reference", 0, level3).expect("plays");
        let mut steps =
            vec![json!({"action": null, "observation": "{}", "reward": null, "done": false})];
        steps.extend(played.view.accepted().map(|(a, r)| {
            json!({"action": a.to_string(), "observation": "{}", "reward": r.reward, "done": r.done})
        }));
        let line = |level: u8| {
            json!({"env": "productivity", "task": "hard", "difficulty": level, "split": "train",
                   "seed": 6, "policy": "reference", "trial": 0, "reward_mode": "shaped",
                   "steps": steps, "score": 1.0, "outcome": "done"})
            .to_string()
        };
        let file = parse("eval.jsonl", &line(3)).expect("a trajectory");
        let check = file.episodes[0].check();
        assert_eq!(check.verdict, Verdict::Same, "{check:?}");
        // The same actions at another level are another scenario's answer.
        let elsewhere = parse("eval.jsonl", &line(5)).expect("a trajectory");
        assert_ne!(elsewhere.episodes[0].check().verdict, Verdict::Same);
    }

    #[test]
    fn eval_trajectories_replay_in_their_reward_mode_from_after_the_reset() {
        // The shape `deskbench eval --trajectories` writes: the reset first
        // (a null action), `difficulty`, `reward_mode`.
        let played = episode::play_policy(
            "support_triage",
            "easy",
            4,
            "reference",
            0,
            episode::Variant {
                reward_mode: Some("score"),
                difficulty: None,
            },
        )
        .expect("plays");
        let shaped = episode::play_policy(
            "support_triage",
            "easy",
            4,
            "reference",
            0,
            Default::default(),
        )
        .expect("plays");
        assert_ne!(
            played.view.rewards(),
            shaped.view.rewards(),
            "the modes pay alike"
        );
        let mut steps =
            vec![json!({"action": null, "observation": {}, "reward": null, "done": false})];
        steps.extend(played.view.accepted().map(|(a, r)| {
            json!({"action": a, "observation": {}, "reward": r.reward, "done": r.done, "truncated": false})
        }));
        let line = json!({"env": "support_triage", "task": "easy", "difficulty": 2, "split": "train",
                          "seed": 4, "policy": "reference", "trial": 0, "reward_mode": "score",
                          "steps": steps, "score": played.view.final_score(), "outcome": "done"});
        let file = parse("eval.jsonl", &line.to_string()).expect("a trajectory");
        let episode = &file.episodes[0];
        assert_eq!(episode.level.as_deref(), Some("2"));
        assert_eq!(
            episode.steps.as_ref().map(Vec::len),
            Some(played.view.steps.len())
        );
        let check = episode.check();
        assert_eq!(check.verdict, Verdict::Same, "{check:?}");
        let mut shaped_file = episode.clone();
        shaped_file.reward_mode = None;
        assert_eq!(shaped_file.check().verdict, Verdict::Differs);
    }

    #[test]
    fn a_report_is_replayed_from_its_policies() {
        let mut entries = Vec::new();
        for (env, task, policy) in [
            ("productivity", "medium", "reference"),
            ("support_triage", "easy", "reference"),
            ("it_mental_health", "stress_triage", "reference"),
        ] {
            let played =
                episode::play_policy(env, task, 5, policy, 1, Default::default()).expect("plays");
            let view = &played.view;
            entries.push(json!({
                "env": env, "task": task, "policy": policy, "seed": 5, "trial": 1,
                "score": view.final_score().unwrap_or(0.0), "steps": view.accepted().count(),
                "total_reward": view.rewards().into_iter().flatten().sum::<f64>(), "outcome": "done",
            }));
        }
        let report = json!({"deskbench_version": "0", "summaries": [], "episodes": entries});
        let file = parse("eval.json", &report.to_string()).expect("a report");
        assert_eq!(file.kind, "eval report");
        assert_eq!(file.episodes.len(), 3);
        for episode in &file.episodes {
            assert_eq!(
                episode.check().verdict,
                Verdict::Same,
                "{episode:?}: {:?}",
                episode.check()
            );
        }
        let mut wrong = file.episodes[1].clone();
        wrong.score = wrong.score.map(|s| s - 0.5);
        assert_eq!(wrong.check().verdict, Verdict::Differs);
        let mut nameless = file.episodes[1].clone();
        nameless.policy = None;
        assert_eq!(nameless.check().verdict, Verdict::Unplayable);
    }
}
