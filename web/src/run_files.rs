//! The files the run viewer opens, read into one shape: a `deskbench eval
//! --json` report (episodes by policy, seed and trial, no actions: the page
//! replays them by playing the same policy), or trajectories as JSON Lines,
//! one episode per line with at least `env`, `task`, `seed` and `steps:
//! [{action, reward, done, ...}]` (optional `level`, `split`, `policy`,
//! `model`, `score`; an `action` may be an object or a JSON string; a turn
//! marked `refused` or `error`, as `deskbench inference` writes, is no step), which
//! the page replays action by action ([`Trajectory`], the type the CLI
//! writes). The page's own export is one trajectory as pretty JSON (its
//! older exports, `actions` and `rewards`, read too). A line that cannot be
//! read is reported and left out; it never stops the rest of the file.

use env_wasm::agent::Trajectory;
use env_wasm::registry;
use env_wasm::seam::MAX_SEED;
use serde::Deserialize;
use serde_json::Value;

use crate::episode::{self, Played};
use crate::record;

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

/// An episode of a `deskbench eval --json` report: what was played and
/// what it gave, without its actions.
#[derive(Debug, Deserialize)]
struct ReportEntry {
    env: String,
    task: String,
    seed: u64,
    #[serde(default)]
    trial: u32,
    #[serde(default)]
    policy: Option<String>,
    #[serde(default)]
    split: Option<String>,
    #[serde(default)]
    difficulty: Option<u8>,
    #[serde(default)]
    score: Option<f64>,
    /// The accepted steps.
    #[serde(default)]
    steps: Option<u64>,
    #[serde(default)]
    total_reward: Option<f64>,
}

/// The registry's environment and task of a file's names (an environment
/// of another bundle keeps the file's task name, and is replayed on its
/// own page).
fn env_and_task(env_name: &str, task_name: &str) -> Result<(&'static str, String), String> {
    match registry::find(env_name) {
        Some(env) => {
            let task = env
                .task(task_name)
                .ok_or_else(|| format!("{} has no task `{task_name}`", env.id))?;
            Ok((env.id, task.id.to_owned()))
        }
        None => match registry::LISTED.iter().find(|e| e.id == env_name) {
            Some(listed) => Ok((listed.id, task_name.to_owned())),
            None => Err(format!("no environment `{env_name}`")),
        },
    }
}

fn checked_seed(seed: u64) -> Result<u64, String> {
    if seed <= MAX_SEED {
        Ok(seed)
    } else {
        Err("no whole-number `seed`".to_owned())
    }
}

/// One episode of a trajectories file (or a page export), replayed action
/// by action.
fn trajectory_episode(trajectory: &Trajectory) -> Result<RunEpisode, String> {
    let (env, task) = env_and_task(&trajectory.env, &trajectory.task)?;
    let steps = trajectory
        .played()
        .map(|(i, step)| {
            Ok(RecordedStep {
                action: step
                    .action
                    .clone()
                    .ok_or_else(|| format!("step {} has no `action`", i + 1))?,
                reward: step.reward(),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(RunEpisode {
        env,
        task,
        seed: checked_seed(trajectory.seed)?,
        trial: trajectory.trial.unwrap_or(0),
        policy: trajectory.policy.clone(),
        model: trajectory.model.clone(),
        split: trajectory.split.clone(),
        level: trajectory.difficulty.map(|l| l.to_string()),
        reward_mode: trajectory.reward_mode.clone(),
        score: trajectory.score,
        steps: Some(steps),
        step_count: None,
        total_reward: trajectory.total_reward,
        check: None,
    })
}

/// One episode of a report (`reward_mode` is the report's own).
fn report_episode(entry: &Value, reward_mode: Option<&str>) -> Result<RunEpisode, String> {
    let entry = ReportEntry::deserialize(entry).map_err(|e| e.to_string())?;
    let (env, task) = env_and_task(&entry.env, &entry.task)?;
    Ok(RunEpisode {
        env,
        task,
        seed: checked_seed(entry.seed)?,
        trial: entry.trial,
        policy: entry.policy,
        model: None,
        split: entry.split,
        level: entry.difficulty.map(|l| l.to_string()),
        reward_mode: reward_mode.map(str::to_owned),
        score: entry.score,
        steps: None,
        step_count: entry.steps,
        total_reward: entry.total_reward,
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
    // The page's own Export: one episode as pretty JSON, which no line of
    // it holds alone (or, from before exports were trajectories, its
    // `actions`).
    let exported = whole.as_ref().filter(|v| {
        report.is_none()
            && v.is_object()
            && (text.trim().lines().nth(1).is_some() || v.get("actions").is_some())
    });
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
            let item = record::read(text).and_then(|t| trajectory_episode(&t));
            add(&mut file, "the episode".to_owned(), item);
        }
        Some(entries) => {
            let reward_mode = whole
                .as_ref()
                .and_then(|r| r.get("reward_mode"))
                .and_then(Value::as_str);
            for (i, entry) in entries.iter().enumerate() {
                add(
                    &mut file,
                    format!("episode {}", i + 1),
                    report_episode(entry, reward_mode),
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
                    .and_then(|v| Trajectory::deserialize(v).map_err(|e| e.to_string()))
                    .and_then(|t| trajectory_episode(&t));
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
        let exported = record::to_json(&record::export(&played.view));
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

    /// A line as `deskbench inference` writes it (the core's
    /// `Finished::line`, which the CLI and the page's "Run a model" both
    /// call) opens in Runs and replays to its score.
    #[test]
    fn a_line_the_cli_writes_opens_as_a_run() {
        use env_wasm::agent::{
            self, Act, Briefing, Completion, LineHeader, Player, Protocol, Sampling,
        };
        use env_wasm::splits::DEFAULT_LEVEL;
        use env_wasm::{AnyEnv, ResetDefaults};

        let env = registry::find("productivity").expect("registered");
        let task = env.task("easy").expect("a task");
        let mut session = AnyEnv::of(env);
        let first = session
            .reset(
                &json!({"task": "easy", "seed": 5}),
                ResetDefaults::default(),
            )
            .expect("reset");
        let schema = json!({});
        let briefing = Briefing {
            env,
            task,
            difficulty: DEFAULT_LEVEL,
            max_steps: env.max_steps(task, DEFAULT_LEVEL).expect("its task"),
            action_schema: &schema,
            hint: None,
        };
        let mut player = Player::new(&briefing, Protocol::Text, &first, Vec::new(), None);
        let sampling = Sampling {
            model: "m",
            temperature: 0.0,
            max_tokens: 100,
        };
        while let Some(request) = player.request(&sampling) {
            let Some(action) = session.reference_action() else {
                break;
            };
            let completion = Completion {
                content: Some(action.to_string()),
                ..Completion::default()
            };
            if let Some(Act::Action(action)) = player.reply(request.window, &completion) {
                match session.step(&action) {
                    Ok(result) => player.accepted(result),
                    Err(err) => player.refused(err.to_string()),
                }
            }
        }
        let finished = player.finish(|_| session.terminal_score().map(agent::to_points));
        let header = LineHeader {
            env: env.id,
            task: task.id,
            difficulty: DEFAULT_LEVEL,
            split: "",
            seed: 5,
            trial: 0,
            model: "m",
            reward_mode: "shaped",
            protocol: Protocol::Text,
            success_threshold: 0.5,
        };
        let file = parse("inference.jsonl", &finished.line(&header, "0")).expect("a trajectory");
        assert_eq!(file.kind, "trajectories");
        let episode = &file.episodes[0];
        assert_eq!(
            (episode.entrant(), episode.level.as_deref()),
            ("m".to_owned(), Some("2"))
        );
        let check = episode.check();
        assert_eq!(check.verdict, Verdict::Same, "{check:?}");
        assert_eq!(check.score, Some(1.0));
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
