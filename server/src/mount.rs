//! [`Mount`]: one environment served under one path prefix (the root for
//! the default environment, `/envs/{env_id}` for every one), with its
//! documents (`/metadata`, `/schema`, `/tasks`, `/openapi.json`) rendered
//! once at start-up, and the [`AppState`] all mounts share.

use std::sync::Arc;

use axum::body::Bytes;
use env_wasm::{AnyEnv, EnvInfo, RewardMode, StepResult};
use judge::{Judge, Submission};
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::config::Config;
use crate::declared;
use crate::metrics::Metrics;
use crate::openapi;
use crate::sessions::Sessions;
use crate::wire;

/// What every mount shares.
#[derive(Debug)]
pub struct AppState {
    pub config: Config,
    pub sessions: Arc<Sessions>,
    /// Set to true when the server shuts down; open `/ws` connections then
    /// close with 1001.
    pub shutdown: watch::Sender<bool>,
    /// The LLM judge, when [`Config::judge`] configures one.
    pub judge: Option<Arc<Judge>>,
    /// What `/metrics` exposes.
    pub metrics: Metrics,
    /// When the app was built, for uptime.
    pub started: std::time::Instant,
}

/// The state of one mount's handlers.
#[derive(Debug, Clone)]
pub struct Mount {
    pub info: &'static EnvInfo,
    pub app: Arc<AppState>,
    pub docs: Arc<Docs>,
    /// The judge of this mount's steps: set only when a judge is configured
    /// and this environment is judged ([`declared::judged`]).
    pub judge: Option<Arc<Judge>>,
}

/// A mount's fixed documents, serialised once.
#[derive(Debug)]
pub struct Docs {
    pub metadata: Bytes,
    pub schema: Bytes,
    pub tasks: Bytes,
    pub openapi: Bytes,
    pub blank_state: Bytes,
    /// The environment's tools as MCP's `tools/list` shows them.
    pub tools: Value,
    /// Their names, for messages.
    pub tool_names: String,
    /// Whether the tool list differs between tasks, so may change with a
    /// reset (MCP's `listChanged`).
    pub tools_follow_task: bool,
}

impl Mount {
    /// `prefix` is `""` for the root mount, else `/envs/{env_id}`.
    pub fn new(info: &'static EnvInfo, prefix: &str, app: Arc<AppState>) -> Mount {
        let env = AnyEnv::of(info);
        let judge = app.judge.clone().filter(|_| declared::judged(info));
        let mut schemas = env.schemas();
        if judge.is_some()
            && let Some(Value::Object(properties)) = schemas.pointer_mut("/observation/properties")
        {
            properties.insert("llm_judge".to_owned(), judge::schema());
        }
        let action_schema = schemas.get("action").cloned().unwrap_or_else(|| json!({}));
        let reset_schema = openapi::reset_schema(info, true);
        let tools = tool_list(info.tools());
        let tool_names: Vec<&str> = info.tools().iter().map(|t| t.name).collect();
        let metadata = wire::Metadata {
            name: info.name,
            description: info.description,
            version: info.version,
            readme_content: None,
            author: "DeskBench",
            documentation_url: None,
            env_id: info.id,
            tasks: info.tasks,
            llm_judge: judge.is_some(),
            reward_modes: wire::RewardModeDoc::all(),
            default_reward_mode: RewardMode::default(),
            tools: tool_names.clone(),
            rubrics: info.rubrics_json(),
        };
        let tasks = wire::Tasks {
            env_id: info.id,
            default_task: info.default_task().id,
            tasks: info.tasks,
            action_schema,
        };
        let openapi = openapi::document(info, prefix, &schemas, &reset_schema);
        let part = |name: &str| schemas.get(name).cloned().unwrap_or_else(|| json!({}));
        // `/schema` also declares the reset options (`reward_mode` among
        // them), as every transport reads them: the HTTP body's
        // `session_id` is in the OpenAPI document only.
        let schemas = wire::Schemas {
            action: part("action"),
            observation: part("observation"),
            state: part("state"),
            reset: openapi::reset_schema(info, false),
        };
        let docs = Docs {
            metadata: to_bytes(&metadata),
            schema: to_bytes(&schemas),
            tasks: to_bytes(&tasks),
            openapi: to_bytes(&openapi),
            blank_state: to_bytes(&env.state()),
            tools,
            tool_names: tool_names.join(", "),
            tools_follow_task: crate::mcp::notices::tools_follow_task(info),
        };
        Mount {
            info,
            app,
            docs: Arc::new(docs),
            judge,
        }
    }
}

impl Mount {
    /// Add the judge's verdict on `submission` to the step's `result` (as
    /// `llm_judge`) when this mount has a judge; waits for it, off the
    /// runtime, with no session held.
    pub async fn judge_step(&self, result: &mut StepResult, submission: Option<Submission>) {
        if let (Some(judge), Some(submission)) = (&self.judge, submission) {
            judge.verdict(self.info, submission).await.attach(result);
        }
    }
}

/// The free tool that shows the episode as it stands without playing a
/// step: an MCP agent has seen no observation, and looking must not cost.
pub const READ_TASK: &str = "read_task";

/// `tools/list`'s tools: `read_task` (free, read-only), then each
/// environment tool as every transport lists it
/// ([`env_wasm::tools::finished`]), with annotations. No output schema: a call's
/// `structuredContent` is small and its shape is the same everywhere
/// (`reward`, `done`, `score` once over, and the observation fields the
/// step changed), said once in `read_task`'s description and the
/// instructions rather than repeated on every tool.
pub fn tool_list(environment_tools: Vec<env_wasm::tools::Tool>) -> Value {
    let read_task = json!({
        "name": READ_TASK,
        "description": "Read the episode as it stands, free (no step, no reward): the whole \
                        observation (the instruction, the case and what an answer takes), the \
                        task, the step count and whether the episode is over. Call it first, \
                        and whenever you need the full picture; the other tools return only \
                        what their step changed.",
        "inputSchema": { "type": "object", "properties": {}, "additionalProperties": false },
        "annotations": {
            "title": "Read the task",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": false,
        },
    });
    let mut tools = vec![read_task];
    tools.extend(environment_tools.into_iter().map(|tool| {
        json!({
            "name": tool.name,
            "description": tool.description,
            "inputSchema": tool.input_schema,
            "annotations": {
                "readOnlyHint": false,
                "destructiveHint": env_wasm::tools::GRADING_TOOLS.contains(&tool.name),
                "idempotentHint": false,
                "openWorldHint": false,
            },
        })
    }));
    Value::Array(tools)
}

pub fn to_bytes<T: serde::Serialize>(value: &T) -> Bytes {
    Bytes::from(serde_json::to_vec(value).unwrap_or_default())
}
