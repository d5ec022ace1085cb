//! `openenv.yaml`, the OpenEnv manifest, rendered from the registry so it
//! cannot drift from what the server serves: a test compares the committed
//! file with [`render`] (`UPDATE_MANIFEST=1 cargo test -p server --test
//! manifest` rewrites it).

use std::fmt::Write;

use env_wasm::registry::ENVIRONMENTS;

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
/// one), its MCP tools and its tasks.
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
    let _ = writeln!(out, "port: 7860");
    let _ = writeln!(
        out,
        "description: {}",
        quoted(
            "Workplace-operations RL environments (OpenEnv): every environment at /envs/{env_id}, the default at the root, the original projects' own HTTP contracts at /compat/{env_id} (compat_path), the web UI at /web."
        )
    );
    let _ = writeln!(out, "default_environment: {}", default.id);
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
        let tools: Vec<&str> = env.tools().iter().map(|t| t.name).collect();
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
    }
    out
}
