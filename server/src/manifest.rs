//! `openenv.yaml`, the OpenEnv manifest, rendered from the registry so it
//! cannot drift from what the server serves: a test compares the committed
//! file with [`render`] (`UPDATE_MANIFEST=1 cargo test -p server --test
//! manifest` rewrites it). The `validation:` blocks and the probe plans
//! in `validation/` are what openenv 0.10.0's quality bar (`openenv
//! validate`) reads; `scripts/openenv-validate.sh` runs it on every
//! environment.

use std::fmt::Write;

use env_wasm::registry::{ENVIRONMENTS, REFERENCE_POLICY};
use env_wasm::splits::SPLITS;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, TaskInfo};
use serde_json::{Value, json};

use crate::declared::declared;

/// The port the image serves on: OpenEnv's container port, the one its
/// validator's providers probe. The `Dockerfile` sets `PORT` to it;
/// `deskbench serve` outside a container keeps 7860 (`make run`, README).
pub const IMAGE_PORT: u16 = 8000;

/// The oracle is the reference policy: its task score is 1.0, the top of
/// every declared range, on every task and level, so it needs no slack.
pub const ORACLE_TOLERANCE: f64 = 0.0;

/// The oracle's script (Harbor's `solve.sh` form): the reference policy
/// played against the server in the sandbox, in reward mode `score`.
pub const ORACLE_SCRIPT: &str = "validation/oracle.sh";

/// `resources:`, the same for every environment (one process serves them
/// all): one CPU; 256 MB (10,000 idle sessions take 51 MB, BENCHMARKS.md);
/// the server writes no file, so 64 MB of disk is the sandbox's `/tmp`;
/// 60 s for the validator's whole probe episode, which takes milliseconds.
pub const RESOURCES: &str = "{cpu: 1.0, memory_mb: 256, disk_mb: 64, episode_timeout_s: 60}";

/// Where the probe plan of `env` lives, relative to the repository root.
pub fn probe_plan_path(env: &EnvInfo) -> String {
    format!("validation/{}.json", env.id)
}

/// The task a probe plan plays: the environment's first hardest task, at
/// its highest served level (one episode is all the validator plays).
pub fn probe_task(env: &EnvInfo) -> (&'static TaskInfo, u8) {
    // The first of the hardest: `max_by_key` keeps the last of equals.
    let hardest = env
        .tasks
        .iter()
        .enumerate()
        .max_by_key(|(index, t)| (t.difficulty as u8, std::cmp::Reverse(*index)))
        .map_or(env.default_task(), |(_, t)| t);
    let level = env
        .levels
        .iter()
        .copied()
        .max()
        .unwrap_or(env_wasm::splits::DEFAULT_LEVEL);
    (hardest, level)
}

/// The seed of every probe plan: the first of the `validation` split (the
/// `test` split is never used in examples).
pub fn probe_seed(env: &EnvInfo) -> u64 {
    env.splits()
        .iter()
        .find(|s| s.name == "validation")
        .map_or(SPLITS[0].start, |s| s.start)
}

/// Most actions a runtime plan may hold (openenv 0.10.0's limit).
const MAX_PLAN_ACTIONS: usize = 100;

/// The runtime plan (`validation.execution.probe_path`) of `env`: a reset
/// of its [`probe_task`] with a fixed seed and episode id, then the
/// reference policy's actions to the end of that episode, each sent
/// verbatim as a `/ws` step. `None` if the reference does not finish
/// within the plan's limit (a test refuses that).
pub fn probe_plan(env: &'static EnvInfo) -> Option<String> {
    let (task, level) = probe_task(env);
    let seed = probe_seed(env);
    let episode_id = format!("openenv-validate-{}-{}-{level}-{seed}", env.id, task.id);
    let options = json!({ "task": task.id, "difficulty": level });
    let mut reset = options.clone();
    reset["seed"] = json!(seed);
    reset["episode_id"] = json!(episode_id);
    let mut session = AnyEnv::of(env);
    let mut done = session.reset(&reset, ResetDefaults::default()).ok()?.done;
    let mut actions: Vec<Value> = Vec::new();
    // The reference reads the hidden ground truth and draws nothing.
    let mut rng = env_wasm::rng::SeededRng::new(seed, 0);
    while !done {
        if actions.len() == MAX_PLAN_ACTIONS {
            return None;
        }
        let action = session.policy_action(REFERENCE_POLICY, &mut rng)?;
        done = session.step(&action).ok()?.done;
        actions.push(action);
    }
    let plan = json!({
        "plan_schema_version": "1",
        "reset": { "episode_id": episode_id, "seed": seed, "options": options },
        "actions": actions,
    });
    let mut text = serde_json::to_string_pretty(&plan).ok()?;
    text.push('\n');
    Some(text)
}

/// The `validation:` block of `env` at `indent` spaces: what openenv
/// 0.10.0's validator reads (its schema forbids any other key).
fn validation_block(out: &mut String, env: &EnvInfo, indent: usize) {
    let Some(declared) = declared(env) else {
        return;
    };
    let pad = " ".repeat(indent);
    let (low, high) = declared.reward_range;
    // What MCP `tools/list` serves: the free `read_task`, then the
    // environment's tools.
    let tools: Vec<&str> = std::iter::once(crate::mount::READ_TASK)
        .chain(env.tools().iter().map(|t| t.name))
        .collect();
    let counts: Vec<String> = env
        .splits()
        .iter()
        .map(|split| format!("{}: {}", split.name, env.num_tasks(split)))
        .collect();
    let lines = [
        "validation:".to_owned(),
        format!(
            "  reward: {{range: [{low:?}, {high:?}], oracle_tolerance: {ORACLE_TOLERANCE:?}, floor_margin: {:?}}}",
            declared.floor_margin
        ),
        format!("  resources: {RESOURCES}"),
        "  # No outbound connection: the optional it_mental_health judge is off unless JUDGE_* are set.".to_owned(),
        "  network: {mode: no-network}".to_owned(),
        "  capabilities:".to_owned(),
        "    verifier: {kind: reward_channel}".to_owned(),
        format!("    oracle: {{form: script, location: {ORACLE_SCRIPT}}}"),
        "    set_state: false".to_owned(),
        "    # The LLM judge is a second opinion beside the reward, never in it.".to_owned(),
        "    llm_judged: false".to_owned(),
        "    rubric_tree: false".to_owned(),
        "    task_api: true".to_owned(),
        format!("    declared_tools: [{}]", tools.join(", ")),
        format!("    declared_task_count: {{{}}}", counts.join(", ")),
        format!("  types: {{tags: [{}]}}", declared.tags.join(", ")),
        "  execution:".to_owned(),
        "    kind: openenv_ws".to_owned(),
        format!("    probe_path: {}", probe_plan_path(env)),
        "    dockerfile: Dockerfile".to_owned(),
        "    context: .".to_owned(),
        "    agent_boundary: api".to_owned(),
        "    requires_credentials: false".to_owned(),
    ];
    for line in lines {
        let _ = writeln!(out, "{pad}{line}");
    }
}

/// A YAML double-quoted scalar (JSON string syntax is valid YAML).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

fn difficulty(task: &env_wasm::TaskInfo) -> String {
    format!("{:?}", task.difficulty).to_lowercase()
}

/// The manifest text: the Space shape OpenEnv tools read (`spec_version`,
/// `name`, `type`, `runtime`, `app`, `port`, `description`), the reward
/// modes, the default environment's tasks at the top level, and every
/// environment with its mount path (and compatibility mount, where it has
/// one), its MCP tools, its tasks and its `validation:` block (the
/// default environment's is also the top-level one).
pub fn render() -> String {
    let mut out = String::new();
    let default = ENVIRONMENTS[0];
    let _ = writeln!(
        out,
        "# Generated from the env-wasm registry (server/src/manifest.rs); a test keeps it equal."
    );
    let _ = writeln!(
        out,
        "# Regenerate: UPDATE_MANIFEST=1 cargo test -p server --test manifest"
    );
    let _ = writeln!(out, "spec_version: 1");
    let _ = writeln!(out, "name: deskbench");
    let _ = writeln!(out, "version: {}", quoted(env!("CARGO_PKG_VERSION")));
    let _ = writeln!(out, "type: space");
    let _ = writeln!(out, "runtime: docker");
    let _ = writeln!(out, "app: deskbench serve");
    let _ = writeln!(out, "port: {IMAGE_PORT}");
    let _ = writeln!(
        out,
        "description: {}",
        quoted(
            "Workplace-operations RL environments (OpenEnv): every environment at /envs/{env_id}, the default at the root, the original projects' own HTTP contracts at /compat/{env_id} (compat_path), the web UI at /web."
        )
    );
    let _ = writeln!(out, "default_environment: {}", default.id);
    // The validator reads only the top-level block, as the package's root
    // serves it: the default environment's. Each environment carries its
    // own below; scripts/openenv-validate.sh validates each as the default
    // environment of a package of its own.
    validation_block(&mut out, default, 0);
    // The reset option `reward_mode`, the same for every environment.
    let _ = writeln!(out, "reward_modes:");
    for mode in env_wasm::RewardMode::ALL {
        let _ = writeln!(out, "  - name: {}", mode.name());
        let _ = writeln!(
            out,
            "    default: {}",
            mode == env_wasm::RewardMode::default()
        );
        let _ = writeln!(out, "    summary: {}", quoted(mode.summary()));
    }
    let _ = writeln!(out, "tasks:");
    for task in default.tasks {
        let _ = writeln!(out, "  - id: {}", task.id);
        let _ = writeln!(out, "    difficulty: {}", difficulty(task));
        let _ = writeln!(out, "    max_steps: {}", task.max_steps);
    }
    let _ = writeln!(out, "environments:");
    for env in ENVIRONMENTS {
        let _ = writeln!(out, "  - id: {}", env.id);
        let _ = writeln!(out, "    name: {}", quoted(env.name));
        let _ = writeln!(out, "    path: /envs/{}", env.id);
        if let Some(path) = crate::compat::path(env.id) {
            let _ = writeln!(out, "    compat_path: {path}");
        }
        let _ = writeln!(out, "    description: {}", quoted(env.description));
        // What MCP `tools/list` serves: the free `read_task`, then the
        // environment's tools.
        let tools: Vec<&str> = std::iter::once(crate::mount::READ_TASK)
            .chain(env.tools().iter().map(|t| t.name))
            .collect();
        let _ = writeln!(out, "    tools: [{}]", tools.join(", "));
        let _ = writeln!(out, "    tasks:");
        for task in env.tasks {
            let aliases: Vec<String> = task.aliases.iter().map(|a| quoted(a)).collect();
            let _ = writeln!(out, "      - id: {}", task.id);
            let _ = writeln!(out, "        aliases: [{}]", aliases.join(", "));
            let _ = writeln!(out, "        difficulty: {}", difficulty(task));
            let _ = writeln!(out, "        max_steps: {}", task.max_steps);
            let _ = writeln!(out, "        summary: {}", quoted(task.summary));
        }
        validation_block(&mut out, env, 4);
    }
    out
}
