//! Choosing what a runner plays, for both `eval` and `inference`:
//! environments, tasks, difficulty levels and seeds (a range, or a range
//! within a declared split) by name from the registry. Selections keep
//! registry order whatever order the names came in, so the same arguments
//! always give the same report.

use env_wasm::registry::{self, ENVIRONMENTS};
use env_wasm::seam::MAX_SEED;
use env_wasm::splits::{self, DEFAULT_LEVEL, Split};
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

/// The `--difficulty` values: none is the default level, `all` every level
/// each environment serves, else the levels listed (ascending, each once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Levels {
    Default,
    All,
    Listed(Vec<u8>),
}

impl Levels {
    /// Read repeated flags and comma lists of levels (1 to 5) or `all`.
    pub fn parse(values: &[String]) -> Result<Self, String> {
        let names = names(values);
        if names.is_empty() {
            return Ok(Levels::Default);
        }
        if names.iter().any(|n| n.eq_ignore_ascii_case("all")) {
            return Ok(Levels::All);
        }
        let mut levels = Vec::new();
        for name in &names {
            let level = name
                .parse::<u8>()
                .ok()
                .filter(|l| splits::LEVELS.contains(l))
                .ok_or_else(|| {
                    format!(
                        "`{name}` is not a difficulty level: use {} to {} (comma lists) or `all`",
                        splits::LEVELS.start(),
                        splits::LEVELS.end()
                    )
                })?;
            if !levels.contains(&level) {
                levels.push(level);
            }
        }
        levels.sort_unstable();
        Ok(Levels::Listed(levels))
    }

    /// The levels of `env` this selects, ascending.
    pub fn of(&self, env: &EnvInfo) -> Vec<u8> {
        match self {
            Levels::Default => vec![DEFAULT_LEVEL],
            Levels::All => env.levels.to_vec(),
            Levels::Listed(levels) => levels
                .iter()
                .copied()
                .filter(|l| env.levels.contains(l))
                .collect(),
        }
    }
}

fn served(env: &EnvInfo) -> String {
    let levels: Vec<String> = env.levels.iter().map(u8::to_string).collect();
    levels.join(", ")
}

/// The environments a run plays, and whether they were named one by one
/// (rather than `all` or by default). A policy or level some of them lack
/// is an error when none has it, or when they were named (the user asked
/// for exactly those); otherwise it is skipped there with a warning.
#[derive(Debug, Clone)]
pub struct Scope {
    pub envs: Vec<&'static EnvInfo>,
    pub named: bool,
}

impl Scope {
    /// `what` (e.g. "policy `random`") is `verb` (offered, served) by every
    /// environment but `lacking`: `Ok(None)` when none lacks it, a warning
    /// when it may be skipped there, else the usage error listing what each
    /// environment has (`available`).
    pub fn check(
        &self,
        what: &str,
        verb: &str,
        lacking: &[&'static EnvInfo],
        available: impl Fn(&EnvInfo) -> String,
    ) -> Result<Option<String>, String> {
        if lacking.is_empty() {
            return Ok(None);
        }
        let ids: Vec<&str> = lacking.iter().map(|e| e.id).collect();
        if lacking.len() >= self.envs.len() || self.named {
            let offered: Vec<String> = self
                .envs
                .iter()
                .map(|e| format!("{}: {}", e.id, available(e)))
                .collect();
            return Err(format!(
                "{what} is not {verb} by {}; {verb}: {}",
                ids.join(", "),
                offered.join("; ")
            ));
        }
        Ok(Some(format!(
            "{what} is not {verb} by {}; skipped there",
            ids.join(", ")
        )))
    }
}

/// What a runner was asked to play, as its arguments gave it.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// `--env` values; empty is every environment.
    pub envs: &'a [String],
    /// `--task` values; empty is every task.
    pub tasks: &'a [String],
    /// `--difficulty` values ([`Levels::parse`]).
    pub difficulty: &'a [String],
    /// `--split`: the seeds are then `--seed-start` offsets within it.
    pub split: Option<&'a str>,
    pub seed_start: u64,
    pub seeds: u64,
}

/// One chosen environment: its levels and where its seeds start.
#[derive(Debug, Clone)]
pub struct EnvChoice {
    pub env: &'static EnvInfo,
    /// Ascending, each served.
    pub levels: Vec<u8>,
    /// The split named, when one was.
    pub split: Option<&'static Split>,
    /// The first seed played (`--seed-start`, or that offset in the split).
    pub first_seed: u64,
}

/// A task at a level, with its seed range: the unit both runners report.
#[derive(Debug, Clone, Copy)]
pub struct Cell {
    pub env: &'static EnvInfo,
    pub task: &'static TaskInfo,
    pub difficulty: u8,
    pub split: Option<&'static Split>,
    pub first_seed: u64,
}

/// A request resolved: tasks in registry order, each environment's levels
/// and seeds, and the warnings for what was skipped.
#[derive(Debug, Clone)]
pub struct Selection {
    pub tasks: Vec<(&'static EnvInfo, &'static TaskInfo)>,
    pub envs: Vec<EnvChoice>,
    pub scope: Scope,
    pub seeds: u64,
    pub warnings: Vec<String>,
}

impl Selection {
    /// The choice made for `env` (one of the selection's).
    pub fn choice(&self, env: &EnvInfo) -> Option<&EnvChoice> {
        self.envs.iter().find(|c| c.env.id == env.id)
    }

    /// Every task at every chosen level: environment, task, then level.
    pub fn cells(&self) -> Vec<Cell> {
        self.tasks
            .iter()
            .flat_map(|(env, task)| {
                self.choice(env).into_iter().flat_map(move |choice| {
                    choice.levels.iter().map(move |level| Cell {
                        env,
                        task,
                        difficulty: *level,
                        split: choice.split,
                        first_seed: choice.first_seed,
                    })
                })
            })
            .collect()
    }
}

/// The split and first seed of `env` for the request, or why the range
/// does not fit (past [`MAX_SEED`], or out of the split).
fn seed_range(
    env: &EnvInfo,
    request: &Request<'_>,
) -> Result<(Option<&'static Split>, u64), String> {
    let Some(name) = request.split else {
        let last = request
            .seed_start
            .checked_add(request.seeds.saturating_sub(1))
            .filter(|s| *s <= MAX_SEED);
        return match last {
            Some(_) => Ok((None, request.seed_start)),
            None => Err(format!("seeds must stay at most {MAX_SEED}")),
        };
    };
    if name.trim().is_empty() {
        let names: Vec<&str> = env.splits().iter().map(|s| s.name).collect();
        return Err(format!("--split needs a name: {}", names.join(", ")));
    }
    let split = env.split(name).map_err(|err| err.to_string())?;
    let fits = request
        .seed_start
        .checked_add(request.seeds)
        .is_some_and(|end| end <= split.seeds());
    if !fits {
        return Err(format!(
            "--seed-start {} --seeds {} leave split `{}`: its {} seeds are {} to {}, so \
             --seed-start (an offset within it) plus --seeds must stay at most {}",
            request.seed_start,
            request.seeds,
            split.name,
            split.seeds(),
            split.start,
            split.stop - 1,
            split.seeds()
        ));
    }
    Ok((Some(split), split.start + request.seed_start))
}

/// Resolve a request: environments, tasks, levels and seeds, or the usage
/// error.
pub fn select(request: Request<'_>) -> Result<Selection, String> {
    let env_names = names(request.envs);
    let mut tasks = tasks(&envs(&env_names)?, &names(request.tasks))?;
    let mut chosen: Vec<&'static EnvInfo> = Vec::new();
    for (env, _) in &tasks {
        if !chosen.iter().any(|e| e.id == env.id) {
            chosen.push(env);
        }
    }
    let scope = Scope {
        envs: chosen.clone(),
        named: !is_all(&env_names),
    };
    if request.seeds == 0 {
        return Err("--seeds must be at least 1".to_owned());
    }
    let levels = Levels::parse(request.difficulty)?;
    let mut warnings = Vec::new();
    if let Levels::Listed(listed) = &levels {
        for level in listed {
            let lacking: Vec<&'static EnvInfo> = chosen
                .iter()
                .copied()
                .filter(|e| !e.levels.contains(level))
                .collect();
            warnings.extend(scope.check(&format!("level {level}"), "served", &lacking, served)?);
        }
    }
    let mut choices = Vec::new();
    for env in chosen {
        let levels = levels.of(env);
        if levels.is_empty() {
            continue;
        }
        let (split, first_seed) = seed_range(env, &request)?;
        choices.push(EnvChoice {
            env,
            levels,
            split,
            first_seed,
        });
    }
    tasks.retain(|(env, _)| choices.iter().any(|c| c.env.id == env.id));
    Ok(Selection {
        tasks,
        envs: choices,
        scope,
        seeds: request.seeds,
        warnings,
    })
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

    fn request<'a>(
        envs: &'a [String],
        difficulty: &'a [String],
        split: Option<&'a str>,
        seed_start: u64,
        seeds: u64,
    ) -> Request<'a> {
        Request {
            envs,
            tasks: &[],
            difficulty,
            split,
            seed_start,
            seeds,
        }
    }

    #[test]
    fn levels_parse_lists_and_all_and_refuse_anything_else() {
        assert_eq!(Levels::parse(&[]), Ok(Levels::Default));
        assert_eq!(Levels::parse(&strings(&["ALL"])), Ok(Levels::All));
        assert_eq!(
            Levels::parse(&strings(&["3,1", "3"])),
            Ok(Levels::Listed(vec![1, 3]))
        );
        for bad in ["0", "6", "two", "-1", "2.5"] {
            let err = Levels::parse(&strings(&[bad])).err().unwrap_or_default();
            assert!(
                err.contains(&format!("`{bad}` is not a difficulty level")),
                "{err}"
            );
        }
        let env = ENVIRONMENTS[0];
        assert_eq!(Levels::Default.of(env), vec![DEFAULT_LEVEL]);
        assert_eq!(Levels::All.of(env), env.levels.to_vec());
    }

    #[test]
    fn a_level_no_chosen_environment_serves_is_an_error_naming_what_they_serve() {
        // A level some environment does not serve (5 until every generator takes it, then
        // none is missing and the request plays).
        let unserved = (1..=5u8).find(|l| ENVIRONMENTS.iter().all(|e| !e.levels.contains(l)));
        if let Some(level) = unserved {
            let wanted = strings(&[&level.to_string()]);
            let err = select(request(&[], &wanted, None, 0, 1))
                .err()
                .unwrap_or_default();
            assert!(
                err.contains(&format!("level {level} is not served by")),
                "{err}"
            );
            assert!(err.contains(&format!("{}: ", ENVIRONMENTS[0].id)), "{err}");
        }
        // A level one environment serves and another does not: skipped with a warning
        // when both come from `all`, an error when both were named.
        let partly = (1..=5u8).find(|l| {
            ENVIRONMENTS.iter().any(|e| e.levels.contains(l))
                && ENVIRONMENTS.iter().any(|e| !e.levels.contains(l))
        });
        if let Some(level) = partly {
            let wanted = strings(&[&level.to_string()]);
            let chosen = select(request(&[], &wanted, None, 0, 1)).expect("skipped, not refused");
            assert_eq!(chosen.warnings.len(), 1, "{:?}", chosen.warnings);
            assert!(chosen.envs.iter().all(|c| c.levels == vec![level]));
            assert!(chosen.tasks.iter().all(|(e, _)| e.levels.contains(&level)));
            let all: Vec<String> = ENVIRONMENTS.iter().map(|e| e.id.to_owned()).collect();
            assert!(select(request(&all, &wanted, None, 0, 1)).is_err());
        }
        let every = select(request(&[], &strings(&["all"]), None, 0, 1)).expect("all");
        let cells: usize = ENVIRONMENTS
            .iter()
            .map(|e| e.tasks.len() * e.levels.len())
            .sum();
        assert_eq!(every.cells().len(), cells);
    }

    #[test]
    fn split_ranges_are_offsets_that_must_stay_inside_the_split() {
        let env = strings(&[ENVIRONMENTS[0].id]);
        let validation = splits::SPLITS[1].start;
        let chosen = select(request(&env, &[], Some("validation"), 10, 990)).expect("in range");
        assert_eq!(chosen.envs[0].split.map(|s| s.name), Some("validation"));
        assert_eq!(chosen.envs[0].first_seed, validation + 10);
        let cell = chosen.cells()[0];
        assert_eq!(
            (cell.first_seed, cell.difficulty),
            (validation + 10, DEFAULT_LEVEL)
        );
        for (start, seeds) in [(10, 991), (1000, 1), (u64::MAX, 2)] {
            let err = select(request(&env, &[], Some("validation"), start, seeds))
                .err()
                .unwrap_or_default();
            assert!(err.contains("leave split `validation`"), "{err}");
        }
        let err = select(request(&env, &[], Some("dev"), 0, 1))
            .err()
            .unwrap_or_default();
        assert!(err.contains("unknown split `dev`"), "{err}");
        let err = select(request(&env, &[], Some(" "), 0, 1))
            .err()
            .unwrap_or_default();
        assert!(err.contains("--split needs a name"), "{err}");
        // Without a split, seeds are plain and stop at the largest seed.
        let plain = select(request(&env, &[], None, 5, 3)).expect("plain seeds");
        assert_eq!((plain.envs[0].split, plain.envs[0].first_seed), (None, 5));
        assert!(select(request(&env, &[], None, MAX_SEED, 2)).is_err());
    }
}
