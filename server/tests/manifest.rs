//! `openenv.yaml`, the probe plans in `validation/` and the README's Space
//! front matter stay equal to what the server serves: the manifest is
//! rendered from the registry, and every value of its `validation:` blocks
//! that the registry does not hold (reward ranges, the oracle, the floor
//! margin, the image's port) is checked here against play and the server.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, header};
use env_wasm::registry::{ENVIRONMENTS, REFERENCE_POLICY};
use env_wasm::rng::SeededRng;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults, RewardMode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use server::declared;
use server::manifest::{self, IMAGE_PORT, ORACLE_TOLERANCE};
use tower::ServiceExt;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Seeds per task and level for the measured claims: from the
/// `validation` split, never `test`.
const SEEDS: u64 = 12;
/// Seeds a baseline's mean is taken over for the floor margin: a dozen is
/// too few on a small scenario (a level-1 queue of two tickets), where one
/// lucky seed moves the mean by a tenth.
const FLOOR_SEEDS: u64 = 60;

fn update() -> bool {
    std::env::var_os("UPDATE_MANIFEST").is_some()
}

#[test]
fn openenv_yaml_equals_the_registry() {
    let path = format!("{ROOT}/openenv.yaml");
    let expected = manifest::render();
    if update() {
        std::fs::write(&path, &expected).expect("write openenv.yaml");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, expected,
        "openenv.yaml drifted from the registry; regenerate it (see its header)"
    );
    for env in ENVIRONMENTS {
        assert!(committed.contains(&format!("path: /envs/{}", env.id)));
        if let Some(path) = server::compat::path(env.id) {
            assert!(committed.contains(&format!("compat_path: {path}")));
        }
        assert!(committed.contains(&format!("probe_path: {}", manifest::probe_plan_path(env))));
    }
    // One `validation:` block per environment, and the default's at the top.
    assert_eq!(
        committed.matches("\nvalidation:\n").count(),
        1,
        "one top-level block"
    );
    assert_eq!(
        committed.matches("\n    validation:\n").count(),
        ENVIRONMENTS.len()
    );
}

#[test]
fn probe_plans_equal_the_registry_and_play_the_reference_to_a_full_score() {
    std::fs::create_dir_all(format!("{ROOT}/validation")).expect("validation/");
    for env in ENVIRONMENTS {
        let path = format!("{ROOT}/{}", manifest::probe_plan_path(env));
        let expected = manifest::probe_plan(env)
            .unwrap_or_else(|| panic!("{}: the reference does not finish in a plan", env.id));
        if update() {
            std::fs::write(&path, &expected).expect("write the probe plan");
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(
            committed, expected,
            "{path} drifted from the registry; regenerate it (UPDATE_MANIFEST=1)"
        );
        // Replayed as the validator's collector sends it: the reset's
        // options with its seed and episode id, then each action verbatim.
        let plan: Value = serde_json::from_str(&committed).expect("plan JSON");
        assert_eq!(plan["plan_schema_version"], "1");
        let seed = plan["reset"]["seed"].as_u64().expect("seed");
        assert_eq!(
            env.split_of(seed).map(|s| s.name),
            Some("validation"),
            "{}: probe seeds come from the validation split",
            env.id
        );
        let episode_id = plan["reset"]["episode_id"].as_str().expect("episode_id");
        assert!((1..=128).contains(&episode_id.len()));
        let mut reset = plan["reset"]["options"].clone();
        reset["seed"] = json!(seed);
        reset["episode_id"] = json!(episode_id);
        let mut session = AnyEnv::of(env);
        session
            .reset(&reset, ResetDefaults::default())
            .expect("the plan's reset is accepted");
        let actions = plan["actions"].as_array().expect("actions");
        assert!((1..=100).contains(&actions.len()));
        for (index, action) in actions.iter().enumerate() {
            assert!(
                action.is_object(),
                "{}: action {index} is an object",
                env.id
            );
            let result = session.step(action).expect("the plan's action is accepted");
            assert_eq!(result.done, index + 1 == actions.len(), "{}", env.id);
        }
        assert_eq!(session.state()["episode_id"], episode_id);
        assert_eq!(session.terminal_score(), Some(1.0), "{}", env.id);
    }
}

#[test]
fn every_environment_declares_its_validation() {
    for env in ENVIRONMENTS {
        assert!(
            declared::declared(env).is_some(),
            "{} has no entry in declared::DECLARED",
            env.id
        );
    }
    for declared in declared::DECLARED {
        assert!(
            env_wasm::registry::find(declared.env_id).is_some(),
            "{} is declared but not registered",
            declared.env_id
        );
        // openenv 0.10.0's policy bounds (severity-v2.json).
        assert!(declared.floor_margin >= 0.1);
        assert!(declared.reward_range.0 < declared.reward_range.1);
        assert!(!declared.tags.is_empty());
    }
    assert!((0.0..=0.1).contains(&ORACLE_TOLERANCE));
}

/// One episode of `policy`: every step reward, and the task score.
fn play(
    env: &'static EnvInfo,
    task: &str,
    level: u8,
    seed: u64,
    policy: &str,
    mode: RewardMode,
) -> (Vec<f64>, f64) {
    let mut session = AnyEnv::of(env);
    let options =
        json!({"task": task, "difficulty": level, "seed": seed, "reward_mode": mode.name()});
    session
        .reset(&options, ResetDefaults::default())
        .expect("reset");
    let mut rng = SeededRng::new(seed, 1000);
    let mut rewards = Vec::new();
    while !session.is_done() {
        let Some(action) = session.policy_action(policy, &mut rng) else {
            break;
        };
        match session.step(&action) {
            Ok(result) => rewards.push(result.reward.expect("a step pays a reward")),
            // A baseline may send what the environment refuses; it counts nothing.
            Err(_) => break,
        }
        assert!(
            rewards.len() <= 200,
            "{}/{task}: {policy} never ends",
            env.id
        );
    }
    (rewards, session.terminal_score().unwrap_or(0.0))
}

/// `reward.range`: every step reward of every policy, in both reward
/// modes, lies in it; its low end is below 0 exactly when some step pays
/// less than 0, and its top is reached (by the reference's graded step in
/// reward mode `score`). `reward.oracle_tolerance` and the oracle: the
/// reference scores 1.0 on every task, level and seed, and in mode `score`
/// its return is that score. `reward.floor_margin`: no baseline's mean
/// score on any task and level comes within the margin of the top.
#[test]
fn declared_rewards_oracle_and_floor_hold_in_play() {
    for env in ENVIRONMENTS {
        let declared = declared::declared(env).expect("declared");
        let (low, high) = declared.reward_range;
        let mut lowest = f64::INFINITY;
        let mut highest = f64::NEG_INFINITY;
        for task in env.tasks {
            for &level in env.levels {
                for policy in env.policy_names() {
                    let mut scores = 0.0;
                    let start = manifest::probe_seed(env);
                    for seed in start..start + FLOOR_SEEDS {
                        // Every reward mode on the first seeds; the floor's
                        // mean over all of them, in the default mode.
                        let modes = if seed < start + SEEDS {
                            RewardMode::ALL.as_slice()
                        } else {
                            &[RewardMode::Shaped]
                        };
                        for &mode in modes {
                            let (rewards, score) = play(env, task.id, level, seed, policy, mode);
                            for &reward in &rewards {
                                assert!(
                                    (low..=high).contains(&reward),
                                    "{}/{}/{level}/{seed} {policy} {}: reward {reward} outside [{low}, {high}]",
                                    env.id,
                                    task.id,
                                    mode.name()
                                );
                                lowest = lowest.min(reward);
                                highest = highest.max(reward);
                            }
                            if policy == REFERENCE_POLICY {
                                assert_eq!(score, 1.0, "{}/{}/{level}/{seed}", env.id, task.id);
                                if mode == RewardMode::Score {
                                    let total: f64 = rewards.iter().sum();
                                    assert!(total >= high - ORACLE_TOLERANCE, "{total}");
                                }
                            }
                            if mode == RewardMode::Shaped {
                                scores += score;
                            }
                        }
                    }
                    let mean = scores / FLOOR_SEEDS as f64;
                    if policy != REFERENCE_POLICY {
                        assert!(
                            high - mean >= declared.floor_margin,
                            "{}/{}/{level} {policy}: mean {mean:.3} is within the floor margin {}",
                            env.id,
                            task.id,
                            declared.floor_margin
                        );
                    }
                }
            }
        }
        assert_eq!(
            lowest < 0.0,
            low < 0.0,
            "{}: lowest reward {lowest}",
            env.id
        );
        assert_eq!(highest, high, "{}: the top of the range is reached", env.id);
    }
}

async fn post(app: &Router, uri: &str, body: Value) -> Value {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let reply = app.clone().oneshot(request).await.expect("reply");
    let bytes = reply.into_body().collect().await.expect("body").to_bytes();
    serde_json::from_slice(&bytes).expect("JSON reply")
}

/// The line of the environment's block that starts with `key`.
fn declared_line(env: &EnvInfo, key: &str) -> String {
    let text = manifest::render();
    let block = text
        .split_once(&format!("  - id: {}\n", env.id))
        .map(|(_, rest)| rest)
        .expect("the environment's entry");
    block
        .lines()
        .map(str::trim)
        .find(|line| line.starts_with(key))
        .unwrap_or_default()
        .to_owned()
}

/// `declared_tools` and `declared_task_count` are what a server whose root
/// serves the environment answers: MCP `tools/list` at the root, and the
/// Task API's `num_tasks` for every split.
#[tokio::test]
async fn declared_tools_and_task_counts_are_what_the_root_serves() {
    for env in ENVIRONMENTS {
        let app = server::app(server::Config {
            default_env: env,
            web_dist: "/nonexistent/deskbench-dist".into(),
            ..server::Config::default()
        });
        let listed = post(
            &app,
            "/mcp",
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        )
        .await;
        let names: Vec<&str> = listed["result"]["tools"]
            .as_array()
            .map(|tools| tools.iter().filter_map(|t| t["name"].as_str()).collect())
            .unwrap_or_default();
        assert!(!names.is_empty(), "{}: {listed}", env.id);
        assert_eq!(
            declared_line(env, "declared_tools:"),
            format!("declared_tools: [{}]", names.join(", ")),
            "{}",
            env.id
        );
        let mut counts = Vec::new();
        for split in env.splits() {
            let reply = post(
                &app,
                &format!("/{}/num_tasks", env.id),
                json!({"split": split.name}),
            )
            .await;
            let count = reply["num_tasks"].as_u64().expect("num_tasks");
            counts.push(format!("{}: {count}", split.name));
        }
        assert_eq!(
            declared_line(env, "declared_task_count:"),
            format!("declared_task_count: {{{}}}", counts.join(", ")),
            "{}",
            env.id
        );
    }
}

/// The image serves on OpenEnv's port 8000: the Dockerfile's `PORT`,
/// `EXPOSE` and health check, the manifest's `port` and the Space card's
/// `app_port` agree.
#[test]
fn the_image_port_is_openenvs() {
    assert_eq!(IMAGE_PORT, 8000);
    let dockerfile = std::fs::read_to_string(format!("{ROOT}/Dockerfile")).unwrap_or_default();
    let runtime = dockerfile
        .rsplit_once("\nFROM ")
        .map(|(_, last)| last)
        .expect("a final stage");
    assert!(runtime.contains(&format!("PORT={IMAGE_PORT}")), "ENV PORT");
    assert!(
        runtime.contains(&format!("\nEXPOSE {IMAGE_PORT}\n")),
        "EXPOSE"
    );
    assert!(
        runtime.contains("http://127.0.0.1:${PORT}/health"),
        "HEALTHCHECK"
    );
    assert!(manifest::render().contains(&format!("\nport: {IMAGE_PORT}\n")));
    // The oracle the manifest names is in the image and executable.
    assert!(runtime.contains("COPY validation /app/validation"));
    let oracle = format!("{ROOT}/{}", manifest::ORACLE_SCRIPT);
    let mode = std::fs::metadata(&oracle)
        .map(|m| std::os::unix::fs::PermissionsExt::mode(&m.permissions()))
        .unwrap_or(0);
    assert!(mode & 0o111 != 0, "{oracle} is executable");
}

#[test]
fn readme_has_the_docker_space_front_matter() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap_or_default();
    let front = readme
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map(|(front, _)| front)
        .expect("README.md starts with a --- front matter block");
    let app_port = format!("app_port: {IMAGE_PORT}");
    for line in [
        "sdk: docker",
        app_port.as_str(),
        "base_path: /web",
        "  - openenv",
        "  - reinforcement-learning",
        "  - benchmark",
    ] {
        assert!(
            front.lines().any(|l| l == line),
            "front matter lacks `{line}`"
        );
    }
}
