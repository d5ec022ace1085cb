//! The static table of every environment and task. `/tasks`, `/metadata`,
//! the web task picker, `openenv.yaml` and the CLI all read this one table.

use schemars::JsonSchema;
use serde::Serialize;

#[cfg(not(target_arch = "wasm32"))]
use crate::episode::SchemaFactory;
use crate::episode::{self, BaselineNames, EpisodeFactory};
use crate::error::EnvError;
use crate::task::TaskEnum;
pub use crate::task::{
    Difficulty, IT_MENTAL_HEALTH, LISTED, Listed, PRODUCTIVITY, SUPPORT_TRIAGE, TaskInfo,
};

/// One environment: its metadata, tasks, and how to build its episodes
/// (`GET /envs` serialises these, and documents them by their schema).
#[derive(Serialize, JsonSchema)]
#[schemars(
    rename = "Environment",
    description = "An environment: its id, name, description, version, tasks and the difficulty levels it serves."
)]
pub struct EnvInfo {
    /// The environment's id, as URLs and `reset` name it.
    pub id: &'static str,
    /// Its display name.
    pub name: &'static str,
    /// What the agent does in it, in a paragraph.
    pub description: &'static str,
    /// The environment's version (its crate's).
    pub version: &'static str,
    /// The tasks it offers.
    pub tasks: &'static [TaskInfo],
    /// The difficulty levels its generators take
    /// ([`episode::Environment::LEVELS`]), ascending.
    #[schemars(description = "The difficulty levels it serves (1 to 5), ascending.")]
    pub levels: &'static [u8],
    /// The action field a bare JSON string action stands for
    /// ([`episode::Environment::TEXT_ACTION_FIELD`]), for the documents
    /// that describe the action.
    #[serde(skip)]
    pub text_action_field: Option<&'static str>,
    /// A few example actions for a model's prompt
    /// ([`episode::Environment::PROMPT_HINT`]; [`crate::agent::Briefing`]),
    /// in every build: the page runs models too.
    #[serde(skip)]
    pub prompt_hint: Option<&'static str>,
    #[serde(skip)]
    pub(crate) start_episode: EpisodeFactory,
    #[serde(skip)]
    pub(crate) step_limit: fn(&TaskInfo, u8) -> Result<u32, EnvError>,
    #[serde(skip)]
    pub(crate) rubric: fn(&TaskInfo, u8) -> Result<crate::rubric::TaskRubric, EnvError>,
    #[serde(skip)]
    pub(crate) rubrics: fn() -> serde_json::Value,
    /// Generated schemas, native only: the browser reads the committed
    /// action schema in `env-wasm/schemas/` instead (see
    /// [`committed_action_schema`]).
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    pub(crate) schemas: SchemaFactory,
    #[serde(skip)]
    pub(crate) baselines: BaselineNames,
    /// The agent's verbs as tools ([`crate::tools`]); native only.
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    pub(crate) tools: fn() -> Vec<crate::tools::Tool>,
    /// The tools of an episode of a task ([`crate::Environment::task_tools`]).
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    pub(crate) task_tools: fn(&TaskInfo, u8) -> Result<Vec<crate::tools::Tool>, EnvError>,
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    pub(crate) tool_action: ToolAction,
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    pub(crate) tool_call: fn(&serde_json::Value) -> Option<crate::tools::ToolCall>,
    /// A refusal of an action, with the action it plausibly meant.
    #[cfg(not(target_arch = "wasm32"))]
    #[serde(skip)]
    pub(crate) suggest: fn(crate::error::EnvError, &serde_json::Value) -> crate::error::EnvError,
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) type ToolAction = fn(
    &str,
    serde_json::Map<String, serde_json::Value>,
) -> Result<serde_json::Value, crate::error::EnvError>;

impl std::fmt::Debug for EnvInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnvInfo").field("id", &self.id).finish()
    }
}

impl EnvInfo {
    /// The task named `name` (its id or an alias, any case).
    pub fn task(&self, name: &str) -> Option<&'static TaskInfo> {
        let wanted = name.trim();
        self.tasks.iter().find(|t| {
            t.id.eq_ignore_ascii_case(wanted)
                || t.aliases.iter().any(|a| a.eq_ignore_ascii_case(wanted))
        })
    }

    /// Refuse a value that is no action of this environment whatever its
    /// episode's state: anything but an object, or a string where the
    /// environment has a [`EnvInfo::text_action_field`]. The seam refuses
    /// it too, after the episode's state; front ends that check this
    /// before looking a session up make it a validation error even when no
    /// episode is running.
    pub fn check_action_shape(
        &self,
        action: &serde_json::Value,
    ) -> Result<(), crate::error::EnvError> {
        let checked = episode::check_action_shape(action, self.text_action_field);
        // A near miss (a bare answer text) is told what to send.
        #[cfg(not(target_arch = "wasm32"))]
        let checked = checked.map_err(|err| (self.suggest)(err, action));
        checked
    }

    /// This environment's tools: its own verbs, never a simulation control.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tools(&self) -> Vec<crate::tools::Tool> {
        (self.tools)()
    }

    /// The tools of an episode of `task`: [`Self::tools`], unless the
    /// environment's tools follow the task (productivity's typed answer).
    /// A row of another table is [`EnvError::UnknownTask`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn task_tools(
        &self,
        task: &TaskInfo,
        difficulty: u8,
    ) -> Result<Vec<crate::tools::Tool>, EnvError> {
        (self.task_tools)(task, difficulty)
    }

    /// The action a call of tool `name` with `arguments` stands for.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tool_action(
        &self,
        name: &str,
        arguments: serde_json::Map<String, serde_json::Value>,
    ) -> Result<serde_json::Value, crate::error::EnvError> {
        (self.tool_action)(name, arguments)
    }

    /// `show_inbox, view_ticket, ...`: the names of [`Self::tools`].
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tool_names(&self) -> String {
        self.tools()
            .iter()
            .map(|t| t.name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The tool call that plays `action` (an action of this environment).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn tool_call(&self, action: &serde_json::Value) -> Option<crate::tools::ToolCall> {
        (self.tool_call)(action)
    }

    /// The task `reset` plays when none is named.
    pub fn default_task(&self) -> &'static TaskInfo {
        &self.tasks[0]
    }

    /// The step limit of `task` at level `difficulty`
    /// ([`episode::Environment::max_steps`]). `task` is a row of
    /// [`Self::tasks`], as every method here that takes one reads it; a row
    /// of another table is [`EnvError::UnknownTask`].
    pub fn max_steps(&self, task: &TaskInfo, difficulty: u8) -> Result<u32, EnvError> {
        (self.step_limit)(task, difficulty)
    }

    /// What `task` at level `difficulty` is graded on
    /// ([`episode::Environment::rubric`]); a row of another table is
    /// [`EnvError::UnknownTask`].
    pub fn rubric(
        &self,
        task: &TaskInfo,
        difficulty: u8,
    ) -> Result<crate::rubric::TaskRubric, EnvError> {
        (self.rubric)(task, difficulty)
    }

    /// Every task's rubric, each with the levels it applies at (levels
    /// that share one rubric are listed together), for `/metadata`.
    pub fn rubrics_json(&self) -> serde_json::Value {
        (self.rubrics)()
    }

    /// Every policy `eval` can play here: the reference first, then the baselines.
    pub fn policy_names(&self) -> Vec<&'static str> {
        let mut names = vec![REFERENCE_POLICY];
        names.extend((self.baselines)().iter().copied());
        names
    }

    /// The policies a name selects: `all` every one, `exploits` every
    /// exploit policy (named `exploit_...`), any other name itself when
    /// this environment offers it. In the environment's order.
    pub fn policies_named(&self, name: &str) -> Vec<&'static str> {
        let offered = self.policy_names();
        if name.eq_ignore_ascii_case(ALL_POLICIES) {
            return offered;
        }
        if name.eq_ignore_ascii_case(EXPLOIT_POLICIES) {
            return offered
                .into_iter()
                .filter(|p| p.starts_with(EXPLOIT_PREFIX))
                .collect();
        }
        offered.into_iter().filter(|p| *p == name).collect()
    }

    /// The environment's task ids, comma-separated, for error messages.
    pub fn task_ids(&self) -> String {
        self.tasks
            .iter()
            .map(|t| t.id)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The policy that plays the hidden ground truth; it must score 1.0.
pub const REFERENCE_POLICY: &str = "reference";

/// The reference with each graded decision wrong with a chosen
/// probability ([`crate::AnyEnv::noisy_reference_action`]); named only
/// explicitly (not part of `all`), with the error rate beside it.
pub const NOISY_REFERENCE_POLICY: &str = "noisy_reference";

/// Selects every policy of an environment.
pub const ALL_POLICIES: &str = "all";

/// Selects every exploit policy: a baseline that plays one way of gaming a
/// grader (enumerating through proposals, hedging, stuffing, copying the
/// scenario, ...). Each must score low; `deskbench eval --policy exploits`
/// shows it.
pub const EXPLOIT_POLICIES: &str = "exploits";

/// The name prefix of exploit policies.
pub const EXPLOIT_PREFIX: &str = "exploit_";

/// Every environment compiled in, the default (served at the API root) first.
pub static ENVIRONMENTS: &[&EnvInfo] = &[
    #[cfg(feature = "productivity")]
    &PRODUCTIVITY_INFO,
    #[cfg(feature = "it_mental_health")]
    &IT_MENTAL_HEALTH_INFO,
    #[cfg(feature = "support_triage")]
    &SUPPORT_TRIAGE_INFO,
];

/// Productivity: email triage, calendar booking and data cleaning.
#[cfg(feature = "productivity")]
pub static PRODUCTIVITY_INFO: EnvInfo = entry::<crate::productivity::Productivity>();

/// IT-team wellbeing: burnout, stress triage and intervention plans.
#[cfg(feature = "it_mental_health")]
pub static IT_MENTAL_HEALTH_INFO: EnvInfo = entry::<crate::it_mental_health::ItMentalHealth>();

/// Customer-support ticket triage and policy exceptions.
#[cfg(feature = "support_triage")]
pub static SUPPORT_TRIAGE_INFO: EnvInfo = entry::<crate::support_triage::SupportTriage>();

/// The environment with this id.
pub fn find(env_id: &str) -> Option<&'static EnvInfo> {
    ENVIRONMENTS.iter().copied().find(|e| e.id == env_id)
}

/// Every registered environment id, comma-separated, for error messages.
pub fn env_ids() -> String {
    ENVIRONMENTS
        .iter()
        .map(|e| e.id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The committed JSON Schema of an environment's action. The browser uses
/// it instead of generating schemas: the schemars code would add about 40 KB
/// gzipped to the page, over its budget, and the page needs only the action
/// schema (for its generic action form). `tests/schemas.rs` keeps every file
/// equal to the generated schema, so a new environment adds its line here.
pub fn committed_action_schema(env_id: &str) -> Option<&'static str> {
    match env_id {
        #[cfg(feature = "productivity")]
        "productivity" => Some(include_str!("../schemas/productivity.action.json")),
        #[cfg(feature = "it_mental_health")]
        "it_mental_health" => Some(include_str!("../schemas/it_mental_health.action.json")),
        #[cfg(feature = "support_triage")]
        "support_triage" => Some(include_str!("../schemas/support_triage.action.json")),
        _ => None,
    }
}

/// The registry as JSON, for `/tasks` and the web picker.
pub fn to_json() -> serde_json::Value {
    serde_json::to_value(ENVIRONMENTS).unwrap_or_default()
}

/// The static entry of an environment type, built from its
/// [`episode::Environment`] constants so the table stays a plain `static`.
/// Its functions take a task as a row of the table and read it as `E`'s
/// task once, by id ([`TaskEnum::from_id`]).
pub const fn entry<E: episode::Environment>() -> EnvInfo {
    EnvInfo {
        id: E::LISTED.id,
        name: E::LISTED.name,
        description: E::DESCRIPTION,
        version: env!("CARGO_PKG_VERSION"),
        tasks: E::Task::TABLE,
        levels: E::LEVELS,
        text_action_field: E::TEXT_ACTION_FIELD,
        prompt_hint: E::PROMPT_HINT,
        start_episode: episode::start::<E>,
        step_limit: |task, level| Ok(E::max_steps(E::Task::from_id(task.id)?, level)),
        rubric: |task, level| Ok(E::rubric(E::Task::from_id(task.id)?, level)),
        rubrics: rubrics_json::<E>,
        #[cfg(not(target_arch = "wasm32"))]
        schemas: episode::schemas::<E>,
        baselines: E::baseline_names,
        #[cfg(not(target_arch = "wasm32"))]
        tools: episode::tools_of::<E>,
        #[cfg(not(target_arch = "wasm32"))]
        task_tools: episode::task_tools_of::<E>,
        #[cfg(not(target_arch = "wasm32"))]
        tool_action: episode::tool_action_of::<E>,
        #[cfg(not(target_arch = "wasm32"))]
        tool_call: episode::tool_call_of::<E>,
        #[cfg(not(target_arch = "wasm32"))]
        suggest: episode::with_suggestion::<E>,
    }
}

/// Every task of `E` with its rubric at each level, levels that share one
/// rubric listed together ([`EnvInfo::rubrics_json`]).
fn rubrics_json<E: episode::Environment>() -> serde_json::Value {
    let mut out = Vec::new();
    for &task in E::Task::ALL {
        let mut groups: Vec<(crate::rubric::TaskRubric, Vec<u8>)> = Vec::new();
        for &level in E::LEVELS {
            let rubric = E::rubric(task, level);
            match groups.iter_mut().find(|(r, _)| *r == rubric) {
                Some((_, levels)) => levels.push(level),
                None => groups.push((rubric, vec![level])),
            }
        }
        for (rubric, levels) in groups {
            out.push(serde_json::json!({
                "task": task.as_str(),
                "levels": levels,
                "rubric": rubric,
            }));
        }
    }
    serde_json::Value::Array(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With every environment compiled in (as the tests build), the list by
    /// name is the registry itself: a new environment joins both.
    #[test]
    #[cfg(all(
        feature = "productivity",
        feature = "it_mental_health",
        feature = "support_triage"
    ))]
    fn the_listed_environments_are_the_registered_ones() {
        let registered: Vec<Listed> = ENVIRONMENTS
            .iter()
            .map(|e| Listed {
                id: e.id,
                name: e.name,
            })
            .collect();
        assert_eq!(registered, LISTED);
    }

    /// An environment is asked about a task as a row of its own table: a
    /// row of another's is refused as an unknown task, never read as some
    /// default.
    #[test]
    #[cfg(all(feature = "productivity", feature = "it_mental_health"))]
    fn a_row_of_another_table_is_an_unknown_task() {
        let other = &IT_MENTAL_HEALTH_INFO.tasks[1];
        let unknown = |err: EnvError| matches!(err, EnvError::UnknownTask { .. });
        assert!(PRODUCTIVITY_INFO.max_steps(other, 2).is_err_and(unknown));
        assert!(PRODUCTIVITY_INFO.rubric(other, 2).is_err_and(unknown));
        #[cfg(not(target_arch = "wasm32"))]
        assert!(PRODUCTIVITY_INFO.task_tools(other, 2).is_err_and(unknown));
        let started =
            (PRODUCTIVITY_INFO.start_episode)(other, 2, 0, None, episode::RewardMode::default());
        assert!(started.is_err_and(unknown));
    }

    #[test]
    fn ids_are_unique_and_tasks_resolve_by_alias() {
        let mut ids: Vec<&str> = ENVIRONMENTS.iter().map(|e| e.id).collect();
        crate::order::sort(&mut ids);
        ids.dedup();
        assert_eq!(ids.len(), ENVIRONMENTS.len());
        for env in ENVIRONMENTS {
            assert!(!env.tasks.is_empty(), "{} has no task", env.id);
            for task in env.tasks {
                assert!(task.max_steps > 0);
                assert_eq!(env.task(task.id).map(|t| t.id), Some(task.id));
                for &level in env.levels {
                    assert!(env.max_steps(task, level).is_ok_and(|n| n > 0));
                    assert!(env.rubric(task, level).is_ok());
                }
                for alias in task.aliases {
                    assert_eq!(env.task(&alias.to_uppercase()).map(|t| t.id), Some(task.id));
                }
            }
        }
        assert!(find("no-such-env").is_none());
    }
}
