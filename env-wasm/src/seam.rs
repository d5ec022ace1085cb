//! [`AnyEnv`], the single JSON seam both front ends drive: the server's HTTP
//! and WebSocket handlers and the browser's wasm exports call only these
//! methods, so every score shown anywhere comes from the same code.

use serde_json::Value;

use crate::episode::{DynEpisode, RewardMode, StepResult, blank_state};
use crate::error::EnvError;
use crate::points::Points;
use crate::registry::{self, EnvInfo, TaskInfo};
use crate::reset::{Level, ResetRequest, SplitName, TaskIndex};
use crate::rng::SeededRng;
use crate::splits::{self, Split};
use crate::text::json_kind;

#[cfg(not(target_arch = "wasm32"))]
pub mod toolbox;

pub use crate::reset::{
    MAX_EPISODE_ID_LEN, MAX_SEED, REWARD_MODE, reset_options, reward_mode_names,
};

/// What the caller supplies for options the client left out. The core has
/// no entropy of its own, so a fresh seed comes from the front end.
#[derive(Debug, Clone, Default)]
pub struct ResetDefaults {
    /// The seed a reset without `seed` plays; the front end draws it.
    pub seed: u64,
    /// The episode id a reset without `episode_id` takes; `None` leaves it unset.
    pub episode_id: Option<String>,
}

/// Reset options after validation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResetOptions {
    /// The `seed` the client gave; `None` plays [`ResetDefaults::seed`].
    pub seed: Option<u64>,
    /// The `episode_id` the client gave; `None` takes [`ResetDefaults::episode_id`].
    pub episode_id: Option<String>,
    /// The task played (from `task`, or the environment's first task).
    pub task: &'static TaskInfo,
    /// How step rewards are paid (`reward_mode`; default `shaped`).
    pub reward_mode: RewardMode,
    /// The declared split the seed comes from (`split`), when one is named:
    /// with no seed, the reset draws one of its seeds.
    pub split: Option<&'static Split>,
    /// The difficulty level (`difficulty`, one of [`EnvInfo::levels`]).
    pub difficulty: u8,
}

impl ResetOptions {
    /// Read a reset body into a [`ResetRequest`] and check it against
    /// `info` (its tasks, splits and levels); any key that is no reset
    /// option is refused ([`reset_options`]).
    pub fn parse(info: &'static EnvInfo, options: &Value) -> Result<Self, EnvError> {
        Self::parse_with(info, options, &[])
    }

    /// [`ResetOptions::parse`] on a transport that reads keys of its own
    /// from the reset body (HTTP's `session_id`): those are accepted here
    /// and left to it.
    pub fn parse_with(
        info: &'static EnvInfo,
        options: &Value,
        transport_keys: &[&str],
    ) -> Result<Self, EnvError> {
        match options {
            Value::Object(fields) => refuse_unknown(fields, transport_keys)?,
            Value::Null => {}
            other => {
                return Err(EnvError::validation(
                    "body",
                    format!(
                        "reset options must be a JSON object, got {}",
                        json_kind(other)
                    ),
                ));
            }
        }
        let request = ResetRequest::read(info, options)?;
        let task_named = request.task_named(info)?;
        let task = match &task_named {
            None => info.default_task(),
            Some((_, name)) => info.task(&name.0).ok_or_else(|| EnvError::UnknownTask {
                env: info.id.to_owned(),
                task: name.0.clone(),
                available: info.task_ids(),
            })?,
        };
        let difficulty = served_level(info, request.difficulty)?;
        let mut options = ResetOptions {
            seed: request.seed.map(|seed| seed.0),
            episode_id: request.episode_id.map(|id| id.0),
            task,
            reward_mode: request.reward_mode.map(|m| m.0).unwrap_or_default(),
            split: None,
            difficulty: difficulty.unwrap_or(splits::DEFAULT_LEVEL),
        };
        options.select(
            info,
            request.split.as_ref(),
            request.index,
            task_named.is_some(),
            difficulty,
        )?;
        Ok(options)
    }

    /// The reset options of the environment's default task, level and a
    /// fresh seed (an MCP session's first episode).
    pub fn default_for(info: &'static EnvInfo) -> Self {
        ResetOptions {
            seed: None,
            episode_id: None,
            task: info.default_task(),
            reward_mode: RewardMode::default(),
            split: None,
            difficulty: splits::DEFAULT_LEVEL,
        }
    }

    /// Apply `split` and `index`: the two name one task of a split
    /// ([`EnvInfo::task_at`]) and are sent alone (no `task`, `seed` or
    /// `difficulty`); `split` alone keeps the seed in its range.
    fn select(
        &mut self,
        info: &'static EnvInfo,
        split: Option<&SplitName>,
        index: Option<TaskIndex>,
        task_named: bool,
        difficulty: Option<u8>,
    ) -> Result<(), EnvError> {
        let split = split.map(|name| info.split(&name.0)).transpose()?;
        let Some(split) = split else {
            return match index {
                Some(_) => Err(EnvError::validation(
                    splits::INDEX,
                    "names a task of a split: send `split` with it (train, validation or test)",
                )),
                None => Ok(()),
            };
        };
        self.split = Some(split);
        let Some(TaskIndex(index)) = index else {
            return match self.seed {
                Some(seed) if !split.contains(seed) => Err(EnvError::validation(
                    "seed",
                    format!(
                        "seed {seed} is not in split `{}` (seeds {} to {}); leave the seed out \
                         to draw one of its seeds",
                        split.name,
                        split.start,
                        split.stop - 1
                    ),
                )),
                _ => Ok(()),
            };
        };
        let record = info.task_at(split, index)?;
        // The index fixes the task, seed and level: one more of them is
        // refused, even an agreeing one, so the rule is one a JSON Schema
        // states (the OpenAPI document's) and a typo cannot pass unseen.
        let fixed = |field: &str, sent: String| {
            EnvError::validation(
                field,
                format!(
                    "`{field}` {sent} is sent with `index`, which names task {index} of split `{}` \
                     ({}) and fixes its task, seed and difficulty: send split and index alone",
                    split.name,
                    record.id()
                ),
            )
        };
        if task_named {
            return Err(fixed("task", self.task.id.to_owned()));
        }
        if let Some(seed) = self.seed {
            return Err(fixed("seed", seed.to_string()));
        }
        if let Some(level) = difficulty {
            return Err(fixed(splits::DIFFICULTY, level.to_string()));
        }
        self.task = record.task;
        self.seed = Some(record.seed);
        self.difficulty = record.difficulty;
        Ok(())
    }
}

/// The `difficulty` reset option, when `info` serves that level
/// ([`EnvInfo::levels`]).
fn served_level(info: &EnvInfo, level: Option<Level>) -> Result<Option<u8>, EnvError> {
    match level {
        Some(Level(level)) if !info.levels.contains(&level) => Err(EnvError::validation(
            splits::DIFFICULTY,
            format!(
                "level {level} is not served by {}; the levels served are: {}",
                info.id,
                crate::reset::served_levels(info)
            ),
        )),
        level => Ok(level.map(|Level(level)| level)),
    }
}

/// Refuse the first key that is no reset option, naming it, the option it
/// plausibly meant and every accepted one.
fn refuse_unknown(
    fields: &serde_json::Map<String, Value>,
    transport_keys: &[&str],
) -> Result<(), EnvError> {
    let accepted = || reset_options().iter().chain(transport_keys);
    let Some(unknown) = fields.keys().find(|k| !accepted().any(|a| a == k)) else {
        return Ok(());
    };
    let shown: String = unknown.chars().take(40).collect();
    let lower = shown.to_ascii_lowercase();
    let near = accepted()
        .map(|a| (edit_distance(a, &lower), a))
        .filter(|(distance, _)| *distance <= 2)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, a)| a);
    let hint = near.map_or_else(String::new, |a| format!(" (did you mean `{a}`?)"));
    let list: Vec<&str> = accepted().copied().collect();
    Err(EnvError::validation(
        shown.clone(),
        format!(
            "`{shown}` is not a reset option{hint}; the accepted options are: {}",
            list.join(", ")
        ),
    ))
}

/// Levenshtein distance over chars, for "did you mean" (keys are short;
/// longer ones are cut first).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().take(64).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().take(64).enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// One session of one environment: reset, step and state as JSON.
pub struct AnyEnv {
    info: &'static EnvInfo,
    episode: Option<Box<dyn DynEpisode>>,
    progress: Progress,
}

/// How far a session has gone: the episodes it started and the steps it
/// played, counted by every transport alike. A front end that compares two
/// readings learns that someone else reset or stepped the session (the MCP
/// server tells its client so), without reading the episode.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// Resets this session has served.
    pub episodes: u64,
    /// Accepted steps this session has served, over all its episodes.
    pub steps: u64,
}

impl std::fmt::Debug for AnyEnv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnyEnv")
            .field("env", &self.info.id)
            .field("started", &self.episode.is_some())
            .finish()
    }
}

impl AnyEnv {
    /// A session of the environment `env_id`, not yet reset.
    pub fn new(env_id: &str) -> Result<Self, EnvError> {
        let info = registry::find(env_id).ok_or_else(|| EnvError::UnknownEnv {
            env: env_id.to_owned(),
            available: registry::env_ids(),
        })?;
        Ok(Self::of(info))
    }

    /// A session of `info`'s environment with no episode started yet.
    pub fn of(info: &'static EnvInfo) -> Self {
        AnyEnv {
            info,
            episode: None,
            progress: Progress::default(),
        }
    }

    /// The registry entry of this session's environment.
    pub fn info(&self) -> &'static EnvInfo {
        self.info
    }

    /// Start a new episode. `options` is the reset body (`seed`,
    /// `episode_id`, `task`); `defaults` fills what it leaves out.
    pub fn reset(
        &mut self,
        options: &Value,
        defaults: ResetDefaults,
    ) -> Result<StepResult, EnvError> {
        let options = ResetOptions::parse(self.info, options)?;
        self.reset_with(options, defaults)
    }

    /// Start a new episode from options already parsed.
    /// `options.task` is one of this environment's tasks (as
    /// [`ResetOptions::parse`] finds it); any other is
    /// [`EnvError::UnknownTask`].
    pub fn reset_with(
        &mut self,
        options: ResetOptions,
        defaults: ResetDefaults,
    ) -> Result<StepResult, EnvError> {
        // A split named without a seed draws one of its seeds.
        let seed = options.seed.unwrap_or(match options.split {
            Some(split) => split.start + defaults.seed % split.seeds(),
            None => defaults.seed & MAX_SEED,
        });
        let episode_id = options.episode_id.or(defaults.episode_id);
        let (episode, result) = (self.info.start_episode)(
            options.task,
            options.difficulty,
            seed,
            episode_id,
            options.reward_mode,
        )?;
        self.episode = Some(episode);
        self.progress.episodes += 1;
        Ok(result)
    }

    /// Apply one action (the bare action object, not the HTTP wrapper).
    /// OpenEnv's MCP actions (`{"type": "list_tools"}`, `{"type":
    /// "call_tool", ...}`) are read here too, so every transport takes them.
    pub fn step(&mut self, action: &Value) -> Result<StepResult, EnvError> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(kind) = crate::tools::openenv_action(action) {
            return Ok(self.openenv_step(kind, action));
        }
        let result = match self.episode.as_mut() {
            Some(episode) => episode.step(action),
            None => Err(EnvError::NotStarted),
        };
        if result.is_ok() {
            self.progress.steps += 1;
        }
        result
    }

    /// The episodes started and steps played so far ([`Progress`]).
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// The task of the episode on, if one is.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn task(&self) -> Option<&'static TaskInfo> {
        self.episode.as_ref().map(|e| e.task())
    }

    /// The difficulty level of the episode on, if one is.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn difficulty(&self) -> Option<u8> {
        self.episode.as_ref().map(|e| e.difficulty())
    }

    /// The tools of this session's episode (they may follow its task and
    /// level), else the environment's.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tools(&self) -> Vec<crate::tools::Tool> {
        self.toolbox().tools().to_vec()
    }

    /// [`Self::tools`] with their input schemas compiled.
    #[cfg(not(target_arch = "wasm32"))]
    fn toolbox(&self) -> std::sync::Arc<toolbox::Toolbox> {
        let key = (
            self.info.id,
            self.episode.as_ref().map(|e| (e.task().id, e.difficulty())),
        );
        // The episode lists its own task's tools, so nothing is refused.
        let tools = || -> Result<_, std::convert::Infallible> {
            Ok(match &self.episode {
                Some(episode) => episode.tools(),
                None => self.info.tools(),
            })
        };
        let Ok(toolbox) = toolbox::built(key, tools);
        toolbox
    }

    /// Call tool `name` of this environment with `arguments` (an object, or
    /// null for none): one step of the episode, the action the tool stands
    /// for ([`crate::Environment::tool_action`]). Refused, counting nothing,
    /// for a tool this episode does not list ([`Self::tools`]), arguments
    /// that do not fit its input schema, or no episode.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn call_tool(&mut self, name: &str, arguments: &Value) -> Result<StepResult, EnvError> {
        let arguments = match arguments {
            Value::Null => serde_json::Map::new(),
            Value::Object(map) => map.clone(),
            other => {
                return Err(EnvError::validation(
                    "arguments",
                    format!("must be a JSON object, got {}", json_kind(other)),
                ));
            }
        };
        let toolbox = self.toolbox();
        // The environment's own checks first: an unknown name, a reserved
        // control, arguments a tool does not take or lacks, each in its
        // own words.
        let action = self.info.tool_action(name, arguments.clone())?;
        if toolbox.find(name).is_none() {
            return Err(EnvError::UnknownTool {
                tool: name.to_owned(),
                available: toolbox.names(),
                elsewhere: true,
            });
        }
        toolbox.check(name, &arguments)?;
        self.step(&action).map_err(|err| match err {
            // The arguments are what the caller sent: name them so.
            EnvError::Validation { field, message } => EnvError::Validation {
                field: field.replacen("action", "arguments", 1),
                message,
            },
            other => other,
        })
    }

    /// A step of OpenEnv's MCP actions: `list_tools` (no episode needed, and
    /// no step taken) or `call_tool` (a step when it is accepted). Refusals
    /// come back in the observation's `error` as OpenEnv's `ToolError`, as
    /// its clients read them, and count nothing.
    #[cfg(not(target_arch = "wasm32"))]
    fn openenv_step(&mut self, kind: &str, action: &Value) -> StepResult {
        use crate::tools::{LIST_TOOLS, error_type};
        use serde_json::json;
        let unchanged = |env: &Self, observation: Value| StepResult {
            observation: crate::episode::Observation::from_value(&observation),
            reward: None,
            done: env.is_done(),
        };
        if kind == LIST_TOOLS {
            let tools: Vec<Value> = self
                .tools()
                .into_iter()
                .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.input_schema}))
                .collect();
            return unchanged(self, json!({ "tools": tools }));
        }
        let name = action.get("tool_name").and_then(Value::as_str);
        let outcome = match name {
            Some(name) => self.call_tool(name, action.get("arguments").unwrap_or(&Value::Null)),
            None => Err(EnvError::validation(
                "tool_name",
                format!(
                    "a call_tool action needs `tool_name` (a string), one of: {}",
                    self.info.tool_names()
                ),
            )),
        };
        let name = name.unwrap_or_default();
        match outcome {
            Ok(result) => StepResult {
                observation: crate::episode::Observation::from_value(&json!({
                    "tool_name": name,
                    "result": result.observation.to_value(),
                    "error": null,
                })),
                reward: result.reward,
                done: result.done,
            },
            Err(err) => unchanged(
                self,
                json!({
                    "tool_name": name,
                    "result": null,
                    "error": { "error_type": error_type(&err), "message": err.to_string() },
                }),
            ),
        }
    }

    /// The full state: common fields plus the environment's own.
    pub fn state(&self) -> Value {
        match &self.episode {
            Some(episode) => episode.state(),
            None => blank_state(self.info.id),
        }
    }

    /// The observation as it stands (what the last reset or step
    /// returned); `None` before the first reset. Native only, like the
    /// schemas: the page has no use for it.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn observation(&self) -> Option<crate::episode::Observation> {
        self.episode.as_ref().map(|e| e.current_observation())
    }

    /// Whether a reset has started an episode (over or not).
    pub fn is_started(&self) -> bool {
        self.episode.is_some()
    }

    /// Whether the current episode is over; `false` before the first reset.
    pub fn is_done(&self) -> bool {
        self.episode.as_ref().is_some_and(|e| e.is_done())
    }

    /// The task score in [0, 1] once the episode has ended.
    pub fn terminal_score(&self) -> Option<f64> {
        self.episode
            .as_ref()
            .and_then(|e| e.terminal_score())
            .map(Points::to_f64)
    }

    /// The reference policy's next action (from hidden ground truth): for
    /// tests and baselines only, never for agents.
    pub fn reference_action(&self) -> Option<Value> {
        self.episode.as_ref().and_then(|e| e.reference_action())
    }

    /// Whether `step` would accept `action`, without stepping: the same
    /// refusals in the same order (no episode, episode over, the action's
    /// type, [`crate::Environment::admit`]). The page enables its Step
    /// buttons only for an action this accepts.
    pub fn validate_action(&self, action: &Value) -> Result<(), EnvError> {
        match self.episode.as_ref() {
            Some(episode) => episode.validate_action(action),
            None => Err(EnvError::NotStarted),
        }
    }

    /// What the environment's check of form finds wrong in the answer
    /// `action` carries ([`crate::Environment::answer_form_problem`]);
    /// `None` when nothing, or with no episode.
    pub fn answer_form_problem(&self, action: &Value) -> Option<String> {
        self.episode.as_ref()?.answer_form_problem(action)
    }

    /// The next action of the named policy (`reference` or one of the
    /// environment's baselines, see [`EnvInfo::policy_names`]); `None` when
    /// the episode is over or the name is unknown. For tests and
    /// `deskbench eval`, never for agents.
    pub fn policy_action(&self, policy: &str, rng: &mut SeededRng) -> Option<Value> {
        if policy == registry::REFERENCE_POLICY {
            return self.reference_action();
        }
        self.episode
            .as_ref()
            .and_then(|e| e.baseline_action(policy, rng))
    }

    /// The next action of the noisy reference, each graded decision wrong
    /// with probability `error_per_mille` / 1000
    /// ([`crate::Environment::noisy_reference_action`]).
    pub fn noisy_reference_action(
        &self,
        error_per_mille: u32,
        rng: &mut SeededRng,
    ) -> Option<Value> {
        self.episode
            .as_ref()
            .and_then(|e| e.noisy_reference_action(error_per_mille, rng))
    }

    /// An action submitting an empty answer (for conformance tests).
    pub fn empty_answer(&self) -> Option<Value> {
        self.episode.as_ref().map(|e| e.empty_answer())
    }

    /// JSON Schemas of this environment's action, observation and state. In
    /// the browser only `action` is present (from the committed copy, see
    /// [`registry::committed_action_schema`]); the API serves all three.
    pub fn schemas(&self) -> Value {
        #[cfg(not(target_arch = "wasm32"))]
        return (self.info.schemas)();
        #[cfg(target_arch = "wasm32")]
        return serde_json::json!({
            "action": registry::committed_action_schema(self.info.id)
                .and_then(|text| serde_json::from_str::<Value>(text).ok())
                .unwrap_or(Value::Null)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn info() -> &'static EnvInfo {
        registry::ENVIRONMENTS[0]
    }

    #[test]
    fn seeds_are_read_leniently_but_not_loosely() {
        for ok in [json!(42), json!("42"), json!(42.0), json!(0)] {
            let parsed = ResetOptions::parse(info(), &json!({ "seed": ok }));
            assert!(parsed.is_ok(), "{ok} should be a seed");
        }
        for bad in [
            json!(-1),
            json!("abc"),
            json!(42.5),
            json!(true),
            json!([1]),
            json!(1u64 << 60),
        ] {
            let err = ResetOptions::parse(info(), &json!({ "seed": bad })).err();
            assert_eq!(err.as_ref().and_then(|e| e.field()), Some("seed"), "{bad}");
        }
    }

    #[test]
    fn unknown_options_are_refused_by_name_with_the_accepted_ones() {
        for (body, field, near) in [
            (json!({"sede": 1}), "sede", Some("seed")),
            (json!({"seed": 1, "dificulty": 3}), "dificulty", None),
            (json!({"Task": "easy"}), "Task", Some("task")),
            (
                json!({"rewardmode": "score"}),
                "rewardmode",
                Some("reward_mode"),
            ),
        ] {
            let err = ResetOptions::parse(info(), &body).err();
            assert_eq!(err.as_ref().map(EnvError::code), Some("VALIDATION_ERROR"));
            assert_eq!(err.as_ref().and_then(|e| e.field()), Some(field), "{body}");
            let message = err.map(|e| e.to_string()).unwrap_or_default();
            for option in reset_options() {
                assert!(message.contains(option), "{message}");
            }
            if let Some(near) = near {
                assert!(
                    message.contains(&format!("did you mean `{near}`")),
                    "{message}"
                );
            }
        }
        let every: serde_json::Map<String, Value> = reset_options()
            .iter()
            .map(|k| ((*k).to_owned(), Value::Null))
            .collect();
        assert!(ResetOptions::parse(info(), &Value::Object(every)).is_ok());
        let http = json!({"seed": 1, "session_id": "abc"});
        assert!(ResetOptions::parse(info(), &http).is_err());
        assert!(ResetOptions::parse_with(info(), &http, &["session_id"]).is_ok());
        let long = json!({ "x".repeat(500): 1 });
        let err = ResetOptions::parse(info(), &long).err();
        assert_eq!(err.and_then(|e| e.field().map(str::len)), Some(40));
    }

    #[test]
    fn split_and_index_select_one_task_deterministically() {
        let info = info();
        let parse = |body: Value| ResetOptions::parse(info, &body);
        let record = info
            .task_at(&splits::SPLITS[1], 5)
            .unwrap_or_else(|e| panic!("{e}"));
        let picked = parse(json!({"split": "validation", "index": 5}));
        let picked = picked.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(picked.seed, Some(record.seed));
        assert_eq!(picked.task.id, record.task.id);
        // The index fixes task, seed and level: any of them beside it is
        // refused by name, even when it agrees (a JSON Schema can say so).
        for (body, field) in [
            (
                json!({"split": "validation", "index": 5, "seed": record.seed}),
                "seed",
            ),
            (
                json!({"split": "validation", "index": 5, "task": record.task.id}),
                "task",
            ),
            (
                json!({"split": "validation", "index": 5, "difficulty": record.difficulty}),
                "difficulty",
            ),
            (
                json!({"split": "validation", "index": 5, "seed": 1}),
                "seed",
            ),
            (
                json!({"split": "validation", "index": 5, "difficulty": record.difficulty % 5 + 1}),
                "difficulty",
            ),
            (
                json!({"split": "validation", "index": 6, "task": record.task.id}),
                "task",
            ),
            (json!({"index": 5}), "index"),
            (json!({"split": "dev", "index": 5}), "split"),
            (json!({"split": "train", "index": -1}), "index"),
            (json!({"split": "test", "index": 1u64 << 40}), "index"),
            (json!({"split": "train", "seed": 1_000_000}), "seed"),
            (json!({"difficulty": 6}), "difficulty"),
            (json!({"difficulty": 0}), "difficulty"),
            (json!({"difficulty": "2"}), "difficulty"),
        ] {
            let err = parse(body.clone()).err();
            assert_eq!(
                err.as_ref().and_then(|e| e.field()),
                Some(field),
                "{body}: {err:?}"
            );
        }
        // A split alone draws a seed of its range from the front end's.
        let mut env = AnyEnv::of(info);
        let options = parse(json!({"split": "test"})).unwrap_or_else(|e| panic!("{e}"));
        let defaults = ResetDefaults {
            seed: 123_456_789,
            episode_id: None,
        };
        let reset = env.reset_with(options, defaults);
        assert!(reset.is_ok(), "{reset:?}");
        let seed = env.state()["seed"].as_u64().unwrap_or_default();
        assert!(splits::SPLITS[2].contains(seed), "{seed}");
    }

    #[test]
    fn unknown_task_and_bad_body_are_refused() {
        let err = ResetOptions::parse(info(), &json!({"task": "nope"})).err();
        assert_eq!(err.map(|e| e.code()), Some("UNKNOWN_TASK"));
        let err = ResetOptions::parse(info(), &json!([1, 2])).err();
        assert_eq!(err.map(|e| e.code()), Some("VALIDATION_ERROR"));
        let err = ResetOptions::parse(info(), &json!({"episode_id": 5})).err();
        assert_eq!(
            err.and_then(|e| e.field().map(str::to_owned)).as_deref(),
            Some("episode_id")
        );
        let long = "x".repeat(MAX_EPISODE_ID_LEN + 1);
        assert!(ResetOptions::parse(info(), &json!({ "episode_id": long })).is_err());
    }

    #[test]
    fn a_bare_string_is_the_text_field_where_an_environment_has_one() {
        let mut productivity = AnyEnv::new("productivity").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(productivity.info().text_action_field, Some("raw"));
        let options = json!({"seed": 3});
        let reset = productivity.reset(&options, ResetDefaults::default());
        assert!(reset.is_ok());
        assert!(productivity.validate_action(&json!("inspect")).is_ok());
        let bare = productivity.step(&json!("inspect")).map(|r| r.reward);
        let mut wrapped = AnyEnv::new("productivity").unwrap_or_else(|e| panic!("{e}"));
        let _ = wrapped.reset(&options, ResetDefaults::default());
        assert_eq!(
            bare,
            wrapped.step(&json!({"raw": "inspect"})).map(|r| r.reward)
        );
        let empty = productivity.step(&json!("")).err();
        assert_eq!(
            empty.as_ref().and_then(|e| e.field()),
            Some("action.raw"),
            "{empty:?}"
        );
        let mut triage = AnyEnv::new("support_triage").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(triage.info().text_action_field, None);
        let _ = triage.reset(&json!({}), ResetDefaults::default());
        let refused = triage.step(&json!("show_inbox")).err();
        assert_eq!(refused.as_ref().and_then(|e| e.field()), Some("action"));
    }

    #[test]
    fn the_current_observation_is_the_one_last_returned() {
        for info in registry::ENVIRONMENTS {
            for task in info.tasks {
                for seed in 0..4 {
                    let mut env = AnyEnv::of(info);
                    assert!(env.observation().is_none());
                    let options = json!({"task": task.id, "seed": seed});
                    let mut last = env.reset(&options, ResetDefaults::default()).ok();
                    let mut steps = 0;
                    loop {
                        let shown = last.as_ref().map(|r| r.observation.to_value());
                        let now = env.observation().map(|o| o.to_value());
                        assert_eq!(
                            now, shown,
                            "{}/{} seed {seed} step {steps}",
                            info.id, task.id
                        );
                        if env.is_done() || steps > 40 {
                            break;
                        }
                        // Alternate the reference and the empty answer, so
                        // wrong answers and refusals are rendered too.
                        let action = if steps % 2 == 0 {
                            env.reference_action()
                        } else {
                            env.empty_answer()
                        };
                        if let Ok(result) = env.step(&action.unwrap_or_default()) {
                            last = Some(result);
                        }
                        steps += 1;
                    }
                }
            }
        }
    }

    #[test]
    fn step_before_reset_and_after_done_are_refused() {
        let mut env = AnyEnv::of(info());
        assert_eq!(env.step(&json!({})).err(), Some(EnvError::NotStarted));
        assert_eq!(env.state()["step_count"], json!(0));
        assert!(AnyEnv::new("nope").is_err());
    }
}
