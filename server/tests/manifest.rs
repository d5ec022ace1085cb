//! `openenv.yaml` and the README's Space front matter stay equal to what
//! the server serves: the manifest is rendered from the registry.

use server::manifest;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

#[test]
fn openenv_yaml_equals_the_registry() {
    let path = format!("{ROOT}/openenv.yaml");
    let expected = manifest::render();
    if std::env::var_os("UPDATE_MANIFEST").is_some() {
        std::fs::write(&path, &expected).expect("write openenv.yaml");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        committed, expected,
        "openenv.yaml drifted from the registry; regenerate it (see its header)"
    );
    for env in env_wasm::registry::ENVIRONMENTS {
        assert!(committed.contains(&format!("path: /envs/{}", env.id)));
        if let Some(path) = server::compat::path(env.id) {
            assert!(committed.contains(&format!("compat_path: {path}")));
        }
    }
}

#[test]
fn readme_has_the_docker_space_front_matter() {
    let readme = std::fs::read_to_string(format!("{ROOT}/README.md")).unwrap_or_default();
    let front = readme
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map(|(front, _)| front)
        .expect("README.md starts with a --- front matter block");
    for line in [
        "sdk: docker",
        "app_port: 7860",
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
