//! The task explorer (`#tasks`): the splits and levels of the page's
//! environment as OpenEnv's Task API numbers them, and for one task of a
//! split its first observation, what it is graded on and its step limit,
//! with one button that plays it.
//!
//! Everything shown comes from the core: the splits and the numbering from
//! [`env_wasm::splits`] (`EnvInfo::task_at`, the `POST /{env}/task` of the
//! server), the rubric from [`EnvInfo::rubric`] (what `/metadata` publishes
//! as `rubrics`), the scenario from a reset through the seam with the same
//! `split` and `index` a trainer sends.

use env_wasm::registry::EnvInfo;
use env_wasm::rubric::{Rubric, TaskRubric};
use env_wasm::splits::{Split, TaskRef};
use env_wasm::{AnyEnv, ResetDefaults};
use leptos::prelude::*;
use serde_json::{Value, json};

use crate::criteria::humanise;
use crate::format::{grouped, share, steps};
use crate::html::{Html, clicked_data};
use crate::views;

/// What Play starts: the task, seed and level a chosen index names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Chosen {
    pub task: &'static str,
    pub seed: u64,
    pub difficulty: u8,
}

/// Task `index_text` of split `split_name`, or why the two name none.
pub(crate) fn task_named(
    env: &'static EnvInfo,
    split_name: &str,
    index_text: &str,
) -> Result<TaskRef, String> {
    let split = env.split(split_name).map_err(|e| e.to_body().message)?;
    let last = env.num_tasks(split).saturating_sub(1);
    let index = index_text
        .trim()
        .parse::<u64>()
        .map_err(|_| format!("The index must be a whole number from 0 to {last}."))?;
    env.task_at(split, index).map_err(|e| e.to_body().message)
}

/// The index in `split` of `task` at `level` with the `round`-th seed of
/// the split (the inverse of `EnvInfo::task_at`'s numbering).
fn index_of(env: &EnvInfo, task: usize, level: usize, round: u64) -> u64 {
    let (tasks, levels) = (env.tasks.len() as u64, env.levels.len() as u64);
    round * tasks * levels + level as u64 * tasks + task as u64
}

/// The first observation of `task`, from a reset with its split and index.
pub(crate) fn first_observation(task: &TaskRef) -> Result<Value, String> {
    let mut session = AnyEnv::of(task.env);
    let options = json!({"split": task.split.name, "index": task.index});
    session
        .reset(&options, ResetDefaults::default())
        .map(|first| first.observation.to_value())
        .map_err(|e| e.to_body().message)
}

/// Open a table (`class`, `id`) in its scrolling box, with its caption
/// (none when empty) and column heads, up to its body.
fn open_table(
    html: &mut Html,
    (class, id): (&str, &str),
    caption: &str,
    heads: impl IntoIterator<Item = String>,
) {
    html.open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", class), ("id", id)]);
    if !caption.is_empty() {
        html.element("caption", &[], caption);
    }
    html.open("thead", &[]).open("tr", &[]);
    for head in heads {
        html.element("th", &[("scope", "col")], &head);
    }
    html.close("tr").close("thead").open("tbody", &[]);
}

/// The splits, and each task's step limit per level: a cell is a button
/// that shows that task at that level (with the chosen task's seed).
pub(crate) fn catalogue_html(env: &EnvInfo, chosen: Option<&TaskRef>) -> String {
    let mut html = Html::new();
    html.element("h3", &[], "Splits");
    open_table(
        &mut html,
        ("data", "split-table"),
        "Disjoint seed ranges; each holds every task at every level, at each seed.",
        ["Split", "Seeds", "Tasks", "For"].map(String::from),
    );
    for split in env.splits() {
        let tasks = env.num_tasks(split).to_string();
        html.open("tr", &[("data-split", split.name), ("data-tasks", &tasks)])
            .element("th", &[("scope", "row")], split.name)
            .element(
                "td",
                &[("class", "num")],
                &format!("{} to {}", grouped(split.start), grouped(split.stop - 1)),
            )
            .element("td", &[("class", "num")], &grouped(env.num_tasks(split)))
            .element("td", &[], split.summary)
            .close("tr");
    }
    html.close("tbody").close("table").close("div");

    let round = chosen.map_or(0, |t| t.seed - t.split.start);
    html.element("h3", &[], "Levels and step limits");
    let levels = env.levels.iter().map(|level| format!("Level {level}"));
    open_table(
        &mut html,
        ("data sticky", "level-table"),
        "Each task's step limit at each level; choose one to see it below.",
        std::iter::once("Task".to_owned()).chain(levels),
    );
    for (ti, task) in env.tasks.iter().enumerate() {
        html.open("tr", &[])
            .open("th", &[("scope", "row")])
            .text(task.id);
        if let Some(alias) = task.aliases.first() {
            html.element("small", &[], &format!(" · {alias}"));
        }
        html.close("th");
        for (li, &level) in env.levels.iter().enumerate() {
            let limit = env
                .max_steps(task, level)
                .map_or_else(|err| err.to_string(), |max_steps| steps(max_steps as usize));
            let index = index_of(env, ti, li, round).to_string();
            // The name starts with the visible text (WCAG 2.5.3, axe-core's
            // label-content-name-mismatch).
            let label = format!("{limit}: show {} at level {level}", task.id);
            let picked = chosen.is_some_and(|t| t.task.id == task.id && t.difficulty == level);
            let pressed = if picked { "true" } else { "false" };
            html.open("td", &[("class", "num")])
                .element(
                    "button",
                    &[
                        ("data-pick", &index),
                        ("aria-label", &label),
                        ("aria-pressed", pressed),
                    ],
                    &limit,
                )
                .close("td");
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
    html.into_string()
}

/// One rubric as a table: criteria, weights, what earns each, gates; then
/// its penalties.
fn rubric_html(html: &mut Html, rubric: &Rubric, id: &str) {
    let title_of = |name: &str| {
        rubric
            .criteria
            .iter()
            .find(|c| c.name == name)
            .map_or_else(|| humanise(name), |c| c.title.to_owned())
    };
    // Columns for what earns a criterion and its gate where the rubric has them.
    let explained = rubric.criteria.iter().any(|c| !c.about.is_empty());
    let gated = rubric.criteria.iter().any(|c| c.gate.is_some());
    let heads = [
        ("Criterion", true),
        ("Weight", true),
        ("What earns it", explained),
        ("Gate", gated),
    ];
    open_table(
        html,
        ("data rubric", id),
        "",
        heads
            .into_iter()
            .filter(|(_, shown)| *shown)
            .map(|(head, _)| head.to_owned()),
    );
    for criterion in rubric.criteria {
        let weight = u32::try_from(criterion.weight.0).unwrap_or(0);
        let gate = criterion.gate.map_or_else(String::new, |g| {
            format!(
                "paid only when {} scores at least {}",
                title_of(g.on),
                g.at_least.decimals(2)
            )
        });
        html.open("tr", &[("data-criterion", criterion.name)])
            .open("th", &[("scope", "row")])
            .text(criterion.title)
            .element(
                "small",
                &[("class", "muted")],
                &format!(" {}", criterion.name),
            )
            .close("th")
            .element(
                "td",
                &[("class", "num")],
                &if weight == 0 {
                    "gate only".to_owned()
                } else {
                    share(weight)
                },
            );
        if explained {
            html.element("td", &[("class", "cell-text")], criterion.about);
        }
        if gated {
            html.element("td", &[("class", "cell-text")], &gate);
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
    if !rubric.penalties.is_empty() {
        html.element("h4", &[], "Penalties, taken off the weighted sum")
            .open("ul", &[("class", "rules")]);
        for penalty in rubric.penalties {
            html.element(
                "li",
                &[("data-penalty", penalty.name)],
                &format!(
                    "{}: {} (at most {})",
                    humanise(penalty.name),
                    penalty.about,
                    penalty.most.decimals(2)
                ),
            );
        }
        html.close("ul");
    }
}

/// The chosen task: its names, reset options, step limit, summary and
/// rubric at its level.
pub(crate) fn task_html(task: &TaskRef) -> String {
    let env = task.env;
    let limit = steps(task.max_steps as usize);
    let mut html = Html::new();
    html.element(
        "h3",
        &[("id", "explorer-task-title")],
        &format!(
            "{} at level {}, seed {}",
            task.task.id, task.difficulty, task.seed
        ),
    )
    .open("dl", &[("class", "facts")])
    .element("dt", &[], "Task id")
    .open("dd", &[])
    .element("code", &[], &task.id())
    .close("dd")
    .element("dt", &[], "Reset")
    .open("dd", &[])
    .element(
        "code",
        &[],
        &format!(
            r#"{{"split": "{}", "index": {}}}"#,
            task.split.name, task.index
        ),
    )
    .close("dd")
    .element("dt", &[], "Step limit")
    .element("dd", &[("id", "explorer-steps")], &limit)
    .close("dl")
    .element("p", &[], task.task.summary)
    .element("h3", &[], "Graded on");
    match env.rubric(task.task, task.difficulty) {
        Err(err) => {
            html.element("p", &[("id", "explorer-rubric")], &err.to_string());
        }
        Ok(TaskRubric::Weighted(rubric)) => rubric_html(&mut html, rubric, "explorer-rubric"),
        Ok(TaskRubric::MeanOf { tasks }) => {
            html.element(
                "p",
                &[("id", "explorer-rubric")],
                &format!(
                    "The mean of {} task scores, each graded on its own rubric:",
                    tasks.len()
                ),
            );
            for part in tasks {
                let Some(info) = env.task(part) else { continue };
                if let Ok(TaskRubric::Weighted(rubric)) = env.rubric(info, task.difficulty) {
                    html.element("h4", &[], &format!("{} ({})", humanise(part), part));
                    rubric_html(&mut html, rubric, &format!("explorer-rubric-{part}"));
                }
            }
        }
    }
    html.into_string()
}

/// The address's form of a chosen task: `split=&task=&level=`, and
/// `&round=` past the split's first seeds (the index numbers all three).
fn state_of(task: &TaskRef) -> String {
    let mut state = format!(
        "split={}&task={}&{}={}",
        task.split.name, task.task.id, LEVEL_KEY, task.difficulty
    );
    let round = task.seed - task.split.start;
    if round > 0 {
        state.push_str(&format!("&round={round}"));
    }
    state
}

/// The key of the level in the explorer's address state.
const LEVEL_KEY: &str = "level";

/// The split and index the address's explorer state names, if it names a
/// split, task and level of `env`.
fn chosen_in_address(env: &EnvInfo) -> Option<(String, String)> {
    let state = crate::link::view_state()?;
    let get = |key: &str| {
        state
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let split = env.split(get("split")?).ok()?;
    let task = env.tasks.iter().position(|t| Some(t.id) == get("task"))?;
    let level: u8 = get(LEVEL_KEY)?.parse().ok()?;
    let level = env.levels.iter().position(|&l| l == level)?;
    let round: u64 = get("round").map_or(Some(0), |r| r.parse().ok())?;
    Some((
        split.name.to_owned(),
        index_of(env, task, level, round).to_string(),
    ))
}

/// The explorer of `env`'s tasks; `play` starts the chosen one. Its choice
/// is kept in the address (`#tasks?split=&task=&level=`), so a reload shows
/// it again and Back and Forward step through the tasks looked at.
pub(crate) fn explorer(env: Signal<&'static EnvInfo>, play: Callback<Chosen>) -> impl IntoView {
    let (split, index) = chosen_in_address(env.get_untracked())
        .unwrap_or_else(|| ("validation".to_owned(), "0".to_owned()));
    let split_name = RwSignal::new(split);
    let index_text = RwSignal::new(index);
    let chosen = move || task_named(env.get(), &split_name.get(), &index_text.get());
    // Typing an index changes the address in place: one entry per task
    // picked or split chosen, not per keystroke.
    let typing = StoredValue::new(false);
    Effect::new(move |_| {
        if let Ok(task) = chosen() {
            let state = state_of(&task);
            let shown = crate::link::view_state();
            let same = shown.as_ref().is_some_and(|pairs| {
                let text: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
                text.join("&") == state
            });
            if !same {
                // The explorer's first state replaces the bare `#tasks`.
                let new_entry = !typing.get_value() && shown.is_some();
                crate::link::show_view_state(crate::link::View::Tasks, &state, new_entry);
            }
        }
        typing.set_value(false);
    });
    // Back and Forward between tasks of the explorer.
    let on_history = window_event_listener_untyped("popstate", move |_| {
        if let Some((split, index)) = chosen_in_address(env.get_untracked()) {
            split_name.set(split);
            index_text.set(index);
        }
    });
    on_cleanup(move || on_history.remove());
    let catalogue = move || catalogue_html(env.get(), chosen().ok().as_ref());
    let on_catalogue_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(index) = clicked_data(&ev, "pick") {
            index_text.set(index);
        }
    };
    let split_options = move || {
        let splits: &[Split] = env.get().splits();
        crate::html::options(splits.iter().map(|s| (s.name, s.name)), &split_name.get())
    };
    let range = move || {
        let env = env.get();
        env.split(&split_name.get())
            .map(|split| format!("0 to {}", grouped(env.num_tasks(split).saturating_sub(1))))
            .unwrap_or_default()
    };
    let details = move || chosen().map(|task| task_html(&task)).unwrap_or_default();
    let scenario = move || {
        chosen()
            .and_then(|task| first_observation(&task))
            .map(|observation| views::scenario(env.get().id, &observation, &[]))
            .unwrap_or_default()
    };
    let on_play = move |_| {
        if let Ok(task) = chosen() {
            play.run(Chosen {
                task: task.task.id,
                seed: task.seed,
                difficulty: task.difficulty,
            });
        }
    };
    let play_label = move || match chosen() {
        Ok(task) => format!(
            "Play it: {} at level {}, seed {}",
            task.task.id, task.difficulty, task.seed
        ),
        Err(_) => "Play this task".to_owned(),
    };
    view! {
        <section class="panel explorer" id="task-explorer" aria-labelledby="explorer-heading">
            <h2 id="explorer-heading">{move || format!("Tasks of {}", env.get().name)}</h2>
            <p class="hint">"Every split numbers its tasks as OpenEnv's Task API does (index i: task i mod tasks, then level, then seed); the same split and index reset the same episode through the API. What each task is graded on is the grader's own rubric, as /metadata publishes it."</p>
            <div on:click=on_catalogue_click inner_html=catalogue></div>
            <h3>"One task"</h3>
            <div class="controls">
                <label class="field">
                    <span>"Split"</span>
                    <select id="explorer-split" on:change=move |ev| split_name.set(event_target_value(&ev)) inner_html=split_options></select>
                </label>
                <label class="field">
                    <span>{move || format!("Index ({})", range())}</span>
                    <input id="explorer-index" inputmode="numeric" prop:value=move || index_text.get()
                        on:input=move |ev| { typing.set_value(true); index_text.set(event_target_value(&ev)); } />
                </label>
                <button id="explorer-play" class="primary" disabled=move || chosen().is_err()
                    aria-label=play_label on:click=on_play>"Play it"</button>
            </div>
            {move || chosen().err().map(|e| view! { <p class="error" role="alert" id="explorer-error">{e}</p> })}
            <div id="explorer-task" inner_html=details></div>
            <h3>"Scenario"</h3>
            <p class="hint">"The first observation of the task, as the play view shows it."</p>
            <fieldset class="explorer-scenario" id="explorer-scenario" disabled aria-label="Scenario of the chosen task" inner_html=scenario></fieldset>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use env_wasm::registry::ENVIRONMENTS;

    use super::*;

    #[test]
    fn an_index_names_the_task_level_and_seed_the_api_plays() {
        for env in ENVIRONMENTS.iter().copied() {
            for split in env.splits() {
                let count = env.num_tasks(split);
                for index in [0, 1, count / 2, count - 1] {
                    let task = task_named(env, split.name, &index.to_string()).expect("in range");
                    assert_eq!(task.index, index);
                    // What Play starts is the episode the split and index name.
                    let mut played = AnyEnv::of(env);
                    let options = json!({"task": task.task.id, "seed": task.seed, "difficulty": task.difficulty});
                    let first = played
                        .reset(&options, ResetDefaults::default())
                        .expect("reset")
                        .observation
                        .to_value();
                    assert_eq!(
                        first_observation(&task).expect("reset by index"),
                        first,
                        "{}",
                        task.id()
                    );
                }
                let past = task_named(env, split.name, &count.to_string());
                assert!(past.is_err_and(|e| e.contains("out of range")));
            }
            assert!(task_named(env, "validation", "-1").is_err_and(|e| e.contains("whole number")));
            assert!(task_named(env, "nope", "0").is_err_and(|e| e.contains("unknown split")));
            assert_eq!(
                task_named(env, "train", "0").expect("first").task.id,
                env.default_task().id
            );
        }
    }

    #[test]
    fn the_catalogue_cells_name_each_task_and_level_at_the_chosen_seed() {
        for env in ENVIRONMENTS.iter().copied() {
            let chosen = task_named(env, "test", "7").expect("in range");
            let html = catalogue_html(env, Some(&chosen));
            for split in env.splits() {
                assert!(html.contains(&format!("data-split=\"{}\"", split.name)));
            }
            for (ti, task) in env.tasks.iter().enumerate() {
                for (li, &level) in env.levels.iter().enumerate() {
                    let index = index_of(env, ti, li, chosen.seed - chosen.split.start);
                    let named = env.task_at(chosen.split, index).expect("in range");
                    assert_eq!(
                        (named.task.id, named.difficulty, named.seed),
                        (task.id, level, chosen.seed)
                    );
                    let limit = steps(env.max_steps(task, level).expect("its task") as usize);
                    assert!(html.contains(&format!(
                        "data-pick=\"{index}\" aria-label=\"{limit}: show {} at level {level}\"",
                        task.id
                    )));
                }
            }
        }
    }

    #[test]
    fn a_task_lists_every_criterion_of_its_rubric_with_its_weight() {
        for env in ENVIRONMENTS.iter().copied() {
            for (ti, task) in env.tasks.iter().enumerate() {
                for (li, &level) in env.levels.iter().enumerate() {
                    let chosen = env
                        .task_at(&env.splits()[1], index_of(env, ti, li, 3))
                        .expect("in range");
                    let html = task_html(&chosen);
                    let limit = steps(env.max_steps(task, level).expect("its task") as usize);
                    assert!(html.contains(&format!("id=\"explorer-steps\">{limit}<")));
                    let rubrics: Vec<&Rubric> = match env.rubric(task, level).expect("its task") {
                        TaskRubric::Weighted(rubric) => vec![rubric],
                        TaskRubric::MeanOf { tasks } => tasks
                            .iter()
                            .filter_map(|part| match env.rubric(env.task(part)?, level).ok()? {
                                TaskRubric::Weighted(rubric) => Some(rubric),
                                TaskRubric::MeanOf { .. } => None,
                            })
                            .collect(),
                    };
                    assert!(!rubrics.is_empty(), "{}", chosen.id());
                    for rubric in rubrics {
                        for criterion in rubric.criteria {
                            let row = format!("data-criterion=\"{}\"", criterion.name);
                            assert!(html.contains(&row), "{} {row}", chosen.id());
                            assert!(html.contains(&crate::html::escape(criterion.title)));
                        }
                    }
                }
            }
        }
    }
}
