//! Choosing environments, tasks and policies by name from the registry, for
//! both runners. Selections keep registry order whatever order the names
//! came in, so the same arguments always give the same report.

use env_wasm::registry::{self, ENVIRONMENTS};
use env_wasm::{EnvInfo, TaskInfo};

/// Names from repeated flags and comma lists (`--env a,b --env c`), trimmed,
/// empties dropped. An empty result or the single name `all` means every one.
pub fn names(values: &[String]) -> Vec<String> {
    values
        .iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect()
}

fn is_all(names: &[String]) -> bool {
    names.is_empty() || names.iter().any(|n| n.eq_ignore_ascii_case("all"))
}

/// The environments named (ids), in registry order; every one for `all`.
pub fn envs(names: &[String]) -> Result<Vec<&'static EnvInfo>, String> {
    if is_all(names) {
        return Ok(ENVIRONMENTS.to_vec());
    }
    if let Some(unknown) = names.iter().find(|n| registry::find(n).is_none()) {
        return Err(format!(
            "unknown environment `{unknown}`; available: {}",
            registry::env_ids()
        ));
    }
    Ok(ENVIRONMENTS
        .iter()
        .copied()
        .filter(|e| names.iter().any(|n| n == e.id))
        .collect())
}

/// The tasks named (ids or aliases, any case) of the chosen environments,
/// in registry order; every task for `all`. An environment with none of the
/// names is left out; a name no chosen environment knows is an error.
pub fn tasks(
    envs: &[&'static EnvInfo],
    names: &[String],
) -> Result<Vec<(&'static EnvInfo, &'static TaskInfo)>, String> {
    if is_all(names) {
        return Ok(envs
            .iter()
            .flat_map(|e| e.tasks.iter().map(move |t| (*e, t)))
            .collect());
    }
    if let Some(unknown) = names
        .iter()
        .find(|n| envs.iter().all(|e| e.task(n).is_none()))
    {
        let known: Vec<String> = envs
            .iter()
            .map(|e| format!("{}: {}", e.id, e.task_ids()))
            .collect();
        return Err(format!(
            "unknown task `{unknown}`; available: {}",
            known.join("; ")
        ));
    }
    Ok(envs
        .iter()
        .flat_map(|e| {
            e.tasks
                .iter()
                .filter(|t| {
                    names
                        .iter()
                        .any(|n| e.task(n).is_some_and(|m| m.id == t.id))
                })
                .map(move |t| (*e, t))
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn names_split_commas_and_repeats() {
        assert_eq!(
            names(&strings(&["a, b", "", "c,"])),
            strings(&["a", "b", "c"])
        );
    }

    #[test]
    fn envs_keep_registry_order_and_refuse_unknown_ids() {
        assert_eq!(envs(&[]).map(|e| e.len()), Ok(ENVIRONMENTS.len()));
        assert_eq!(
            envs(&strings(&["all"])).map(|e| e.len()),
            Ok(ENVIRONMENTS.len())
        );
        let first = ENVIRONMENTS[0].id;
        assert_eq!(
            envs(&strings(&[first, first])).map(|e| e.iter().map(|e| e.id).collect::<Vec<_>>()),
            Ok(vec![first])
        );
        let err = envs(&strings(&["nope"])).err().unwrap_or_default();
        assert!(err.contains("unknown environment `nope`"), "{err}");
    }

    #[test]
    fn tasks_resolve_aliases_in_registry_order() {
        let env = ENVIRONMENTS[0];
        let all = tasks(&[env], &[]).unwrap_or_default();
        assert_eq!(all.len(), env.tasks.len());
        let last = env.tasks[env.tasks.len() - 1].id;
        let first = env.tasks[0].id;
        let picked = tasks(&[env], &strings(&[&last.to_uppercase(), first])).unwrap_or_default();
        assert_eq!(
            picked.iter().map(|(_, t)| t.id).collect::<Vec<_>>(),
            if first == last {
                vec![first]
            } else {
                vec![first, last]
            }
        );
        let err = tasks(&[env], &strings(&["no-such-task"]))
            .err()
            .unwrap_or_default();
        assert!(err.contains("unknown task `no-such-task`"), "{err}");
    }
}
