//! Exported episodes: the episode on show written as a trajectories line
//! ([`Trajectory`], the type `deskbench eval` and `inference` write), which
//! the page imports again to replay the same episode, the run viewer opens,
//! and `deskbench regrade` replays; and [`EpisodeRecord`], what the page
//! replays an episode from (its seed, actions and results).

use env_wasm::agent::{self, Outcome, Step, Trajectory};
use serde::Deserialize;
use serde_json::Value;

use crate::episode::EpisodeView;

/// What replaying an episode takes, and what it gave.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EpisodeRecord {
    pub env: String,
    pub task: String,
    pub seed: u64,
    /// The actions that were steps, in order.
    pub actions: Vec<Value>,
    pub rewards: Vec<Option<f64>>,
    pub final_score: Option<f64>,
    /// How the episode's rewards were paid (`score`; absent: the default).
    pub reward_mode: Option<String>,
    /// Its difficulty level (absent in files from before levels: 2).
    pub difficulty: Option<u8>,
}

impl EpisodeRecord {
    pub(crate) fn of(view: &EpisodeView) -> Self {
        EpisodeRecord {
            env: view.env_id.clone(),
            task: view.task.clone(),
            seed: view.seed,
            actions: view.accepted_actions(),
            rewards: view.rewards(),
            final_score: view.final_score(),
            reward_mode: view.reward_mode().map(str::to_owned),
            difficulty: view.variant().difficulty,
        }
    }

    /// The steps a trajectory played (the reset's entry and the turns
    /// that were no step left out).
    pub(crate) fn of_trajectory(trajectory: &Trajectory) -> Self {
        let played: Vec<&Step> = trajectory.played().map(|(_, step)| step).collect();
        EpisodeRecord {
            env: trajectory.env.clone(),
            task: trajectory.task.clone(),
            seed: trajectory.seed,
            actions: played
                .iter()
                .map(|s| s.action.clone().unwrap_or(Value::Null))
                .collect(),
            rewards: played.iter().map(|s| s.reward()).collect(),
            final_score: trajectory.score,
            reward_mode: trajectory.reward_mode.clone(),
            difficulty: trajectory.difficulty,
        }
    }

    /// The reward mode and level to play it again in.
    pub(crate) fn variant(&self) -> crate::episode::Variant<'_> {
        crate::episode::Variant {
            reward_mode: self.reward_mode.as_deref(),
            difficulty: self.difficulty,
        }
    }

    /// Read an exported episode.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        read(text).map(|trajectory| Self::of_trajectory(&trajectory))
    }
}

/// The episode on show as a trajectory: the reset's entry, then every
/// accepted step with its observation, as `deskbench eval` records a
/// policy's (the steps the environment refused were none). An episode
/// still in play has no outcome yet.
pub(crate) fn export(view: &EpisodeView) -> Trajectory {
    let mut steps = vec![Step::reset(view.first.clone(), None, false)];
    steps.extend(view.accepted().map(|(action, result)| {
        let observation = result.observation.to_value();
        Step {
            action: Some(action.clone()),
            truncated: Some(agent::truncated(&observation)),
            observation: Some(observation),
            reward: Some(result.reward),
            done: Some(result.done),
            ..Step::default()
        }
    }));
    let truncated = view.done && agent::truncated(&view.observation);
    Trajectory {
        env: view.env_id.clone(),
        task: view.task.clone(),
        seed: view.seed,
        difficulty: view.variant().difficulty,
        reward_mode: view.reward_mode().map(str::to_owned),
        score: view.final_score(),
        score_breakdown: view
            .done
            .then(|| view.observation.get("score_breakdown").cloned())
            .flatten(),
        outcome: view.done.then_some(if truncated {
            Outcome::Truncated
        } else {
            Outcome::Done
        }),
        truncated: Some(truncated),
        total_reward: Some(agent::to_points(view.rewards().into_iter().flatten().sum())),
        steps,
        ..Trajectory::default()
    }
}

/// An exported episode as a file holds it: pretty JSON.
pub(crate) fn to_json(trajectory: &Trajectory) -> String {
    serde_json::to_value(trajectory)
        .map_or_else(|_| String::new(), |v| crate::format::pretty_json(&v))
}

/// The page's exports before they were trajectories: the accepted
/// actions and their rewards.
#[derive(Deserialize)]
struct ActionsExport {
    env: String,
    task: String,
    seed: u64,
    actions: Vec<Value>,
    #[serde(default)]
    rewards: Vec<Option<f64>>,
    #[serde(default)]
    final_score: Option<f64>,
    #[serde(default)]
    reward_mode: Option<String>,
    #[serde(default)]
    difficulty: Option<u8>,
}

/// Read an exported episode: a trajectory, or an export of the actions
/// alone (files from before exports were trajectories).
pub(crate) fn read(text: &str) -> Result<Trajectory, String> {
    let trajectory_error = match Trajectory::parse(text) {
        Ok(trajectory) => return Ok(trajectory),
        Err(err) => err,
    };
    let Ok(old) = serde_json::from_str::<ActionsExport>(text) else {
        return Err(format!("not an exported episode: {trajectory_error}"));
    };
    let steps = old
        .actions
        .into_iter()
        .enumerate()
        .map(|(i, action)| Step {
            action: Some(action),
            reward: Some(old.rewards.get(i).copied().flatten()),
            ..Step::default()
        })
        .collect();
    Ok(Trajectory {
        env: old.env,
        task: old.task,
        seed: old.seed,
        score: old.final_score,
        reward_mode: old.reward_mode,
        difficulty: old.difficulty,
        steps,
        ..Trajectory::default()
    })
}

#[cfg(test)]
mod tests {
    use env_wasm::AnyEnv;
    use serde_json::json;

    use super::*;
    use crate::episode;

    #[test]
    fn export_keeps_accepted_actions_and_round_trips() {
        let mut env = AnyEnv::new("productivity").expect("registered");
        let mut view = episode::start(&mut env, "easy", 3, Default::default()).expect("reset");
        episode::step(&mut env, &mut view, json!({"bogus": 1}));
        episode::step(&mut env, &mut view, json!({"raw": "inspect"}));
        let reference = env.reference_action().expect("reference");
        episode::step(&mut env, &mut view, reference.clone());
        assert_eq!(view.steps.len(), 3);
        assert!(view.done);

        let exported = export(&view);
        assert_eq!(exported.steps.len(), 3, "the reset's entry and two steps");
        assert_eq!(exported.outcome, Some(Outcome::Done));
        let record = EpisodeRecord::of(&view);
        assert_eq!(record.actions, vec![json!({"raw": "inspect"}), reference]);
        assert_eq!(record.final_score, Some(1.0));
        assert_eq!(record.rewards.len(), 2);
        let again = EpisodeRecord::parse(&to_json(&exported)).expect("round trip");
        assert_eq!(again, record);
        assert!(EpisodeRecord::parse("{}").is_err());
    }

    /// The page's export of an episode, committed for `deskbench
    /// regrade`'s test (server/src/cli/regrade.rs) to replay: what the page
    /// writes, the CLI reads. `DESKBENCH_BLESS=1` writes it again after a
    /// change of the export or of the scenario.
    #[test]
    fn the_committed_export_is_what_the_page_writes() {
        let played = episode::play_policy(
            "support_triage",
            "easy",
            4,
            "reference",
            0,
            episode::Variant {
                reward_mode: Some("score"),
                difficulty: Some(3),
            },
        )
        .expect("plays");
        let written = to_json(&export(&played.view));
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/exported-episode.json"
        );
        if std::env::var_os("DESKBENCH_BLESS").is_some() {
            std::fs::write(path, &written).expect("write the export");
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == written,
            "{path} is not what the page exports now; review, then run with DESKBENCH_BLESS=1"
        );
    }

    #[test]
    fn exports_of_actions_alone_still_import() {
        let old = json!({"env": "productivity", "task": "easy", "seed": 9,
                         "actions": [{"raw": "inspect"}], "rewards": [0.1],
                         "final_score": null, "difficulty": 3});
        let record = EpisodeRecord::parse(&old.to_string()).expect("an old export");
        assert_eq!(record.actions, [json!({"raw": "inspect"})]);
        assert_eq!(
            (record.rewards.clone(), record.difficulty),
            (vec![Some(0.1)], Some(3))
        );
    }
}
