//! Exported episodes: seed, actions and results as JSON, which the page can
//! import again to replay the same episode.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::episode::EpisodeView;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EpisodeRecord {
    pub env: String,
    pub task: String,
    pub seed: u64,
    pub actions: Vec<Value>,
    #[serde(default)]
    pub rewards: Vec<Option<f64>>,
    #[serde(default)]
    pub final_score: Option<f64>,
}

impl EpisodeRecord {
    pub fn of(view: &EpisodeView) -> Self {
        EpisodeRecord {
            env: view.env_id.clone(),
            task: view.task.clone(),
            seed: view.seed,
            actions: view.accepted_actions(),
            rewards: view.rewards(),
            final_score: view.final_score(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        serde_json::from_str(text).map_err(|e| format!("not an exported episode: {e}"))
    }
}
