//! Exported episodes: seed, actions and results as JSON, which the page can
//! import again to replay the same episode.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::episode::EpisodeView;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct EpisodeRecord {
    pub env: String,
    pub task: String,
    pub seed: u64,
    pub actions: Vec<Value>,
    #[serde(default)]
    pub rewards: Vec<Option<f64>>,
    #[serde(default)]
    pub final_score: Option<f64>,
    /// How the episode's rewards were paid (`score`; absent: the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward_mode: Option<String>,
    /// Its difficulty level (absent in files from before levels: 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
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

    /// The reward mode and level to play it again in.
    pub(crate) fn variant(&self) -> crate::episode::Variant<'_> {
        crate::episode::Variant {
            reward_mode: self.reward_mode.as_deref(),
            difficulty: self.difficulty,
        }
    }

    pub(crate) fn to_json(&self) -> String {
        serde_json::to_value(self)
            .map_or_else(|_| String::new(), |v| crate::format::pretty_json(&v))
    }

    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("not an exported episode: {e}"))
    }
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

        let record = EpisodeRecord::of(&view);
        assert_eq!(record.actions, vec![json!({"raw": "inspect"}), reference]);
        assert_eq!(record.final_score, Some(1.0));
        assert_eq!(record.rewards.len(), 2);
        let again = EpisodeRecord::parse(&record.to_json()).expect("round trip");
        assert_eq!(again.actions, record.actions);
        assert!(EpisodeRecord::parse("{}").is_err());
    }
}
