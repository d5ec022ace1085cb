//! The run viewer: open `deskbench eval --json` reports and trajectory
//! files (several at once), compare who played as a small leaderboard
//! (mean score per environment and task, one column per policy or model of
//! each file), list the episodes, check them all by replaying them in the
//! page, and open any one in the play view, step by step.

use std::collections::BTreeMap;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::episode::Played;
use crate::format::{exact, number, signed};
use crate::html::{Html, clicked_data};
use crate::run_files::{self, RunEpisode, RunFile, Verdict};
use crate::saved;

/// Episodes listed at once (one `deskbench eval --policy all` seed of every
/// task is about 110); the filters narrow the rest.
const LISTED: usize = 250;

/// Episodes replayed between two frames of "Replay every episode".
const CHECKED_AT_ONCE: usize = 16;

/// Wait for the browser's next turn (a zero timeout), so it can draw.
async fn next_turn() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// An opened episode and where it came from, for the play view.
pub(crate) struct Opened {
    pub played: Played,
    pub source: String,
}

/// Read the files an `<input type=file>` holds, in order.
async fn read_files(input: web_sys::HtmlInputElement) -> Vec<Result<RunFile, String>> {
    let mut out = Vec::new();
    let Some(files) = input.files() else {
        return out;
    };
    for i in 0..files.length() {
        let Some(file) = files.get(i) else { continue };
        let name = file.name();
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        out.push(match text.ok().and_then(|t| t.as_string()) {
            Some(text) => run_files::parse(&name, &text),
            None => Err(format!("{name} could not be read as text")),
        });
    }
    // The same file may be chosen again (after a fix, or to compare it).
    input.set_value("");
    out
}

/// One leaderboard column: a file's policy or model.
type Entrant = (usize, String);

/// Score sum and episode count of each entrant, per environment and task.
type Cells = BTreeMap<(&'static str, String), BTreeMap<Entrant, (f64, usize)>>;

/// The open files, each with its Download and Remove, then the leaderboard.
fn leaderboard(files: &[RunFile]) -> Html {
    let mut entrants: Vec<Entrant> = Vec::new();
    let mut cells = Cells::new();
    for (index, file) in files.iter().enumerate() {
        for episode in &file.episodes {
            let entrant = (index, episode.entrant());
            if !entrants.contains(&entrant) {
                entrants.push(entrant.clone());
            }
            let cell = cells
                .entry((episode.env, episode.task.clone()))
                .or_default()
                .entry(entrant)
                .or_insert((0.0, 0));
            cell.0 += episode.score.unwrap_or(0.0);
            cell.1 += 1;
        }
    }
    let mut html = Html::new();
    html.open("ul", &[("class", "run-list"), ("id", "run-list")]);
    for (at, file) in files.iter().enumerate() {
        let at = at.to_string();
        html.open("li", &[])
            .text(&format!(
                "{} ({}, {} episodes) ",
                file.name,
                file.kind,
                file.episodes.len()
            ))
            .element(
                "a",
                &[
                    ("class", "button"),
                    ("href", "#"),
                    ("download", &file.name),
                    ("data-download", &at),
                    ("aria-label", &format!("Download {}", file.name)),
                ],
                "Download",
            )
            .text(" ")
            .element(
                "button",
                &[
                    ("data-remove", &at),
                    ("aria-label", &format!("Remove {}", file.name)),
                ],
                "Remove",
            )
            .close("li");
    }
    html.close("ul");
    let caption = if entrants.len() > 1 {
        "Mean score per task (best in bold; in brackets, the difference from the first column)"
    } else {
        "Mean score per task"
    };
    html.open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data sticky"), ("id", "leaderboard")])
        .element("caption", &[], caption)
        .open("thead", &[])
        .open("tr", &[])
        .element("th", &[], "Environment / task");
    for (file, name) in &entrants {
        html.open("th", &[])
            .text(name)
            .open("br", &[])
            .element("small", &[("class", "muted")], &files[*file].name)
            .close("th");
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for ((env, task), scores) in cells {
        let mean = |(sum, n): &(f64, usize)| sum / *n as f64;
        let best = scores.values().map(mean).fold(f64::NEG_INFINITY, f64::max);
        html.open("tr", &[])
            .element("th", &[("scope", "row")], &format!("{env} / {task}"));
        let first = scores.get(&entrants[0]).map(mean);
        for (column, entrant) in entrants.iter().enumerate() {
            match scores.get(entrant) {
                Some(cell) => {
                    let class = if mean(cell) == best {
                        "num best"
                    } else {
                        "num"
                    };
                    let mut text = number(mean(cell));
                    if let Some(first) = first.filter(|_| column > 0) {
                        text.push_str(&format!(" ({})", signed(mean(cell) - first)));
                    }
                    html.element(
                        "td",
                        &[("class", class), ("title", &format!("{} episodes", cell.1))],
                        &text,
                    )
                }
                None => html.element("td", &[("class", "muted")], "—"),
            };
        }
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
    html
}

/// The episodes table; each row's Open button names its file and episode.
fn episode_table(rows: &[(usize, usize, String, RunEpisode)]) -> Html {
    let mut html = Html::new();
    html.open("div", &[("class", "grid-scroll")])
        .open("table", &[("class", "data sticky"), ("id", "run-episodes")])
        .open("thead", &[])
        .open("tr", &[]);
    for head in [
        "Episode",
        "Who",
        "Seed",
        "Split / level",
        "Score",
        "Replayed in the page",
    ] {
        html.element("th", &[], head);
    }
    html.close("tr").close("thead").open("tbody", &[]);
    for (fi, ei, name, e) in rows {
        let split = [e.split.clone(), e.level.clone()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" / ");
        let who = if e.trial > 0 {
            format!("{} (trial {})", e.entrant(), e.trial)
        } else {
            e.entrant()
        };
        let score = e.score.map(exact).unwrap_or_default();
        let seed = e.seed.to_string();
        html.open(
            "tr",
            &[
                ("data-env", e.env),
                ("data-task", &e.task),
                ("data-seed", &seed),
                ("data-score", &score),
            ],
        )
        // Open first, in the column that stays in view on a narrow screen.
        .open("th", &[("scope", "row")])
        .element(
            "button",
            &[
                ("class", "open-episode"),
                ("data-open", &format!("{fi}:{ei}")),
                (
                    "aria-label",
                    &format!("Open {}/{} seed {seed}, {who}, {name}", e.env, e.task),
                ),
            ],
            "Open",
        )
        .text(&format!(" {} / {}", e.env, e.task))
        .open("br", &[])
        .element("small", &[("class", "muted")], name)
        .close("th")
        .element("td", &[], &who)
        .element("td", &[("class", "num")], &seed)
        .element("td", &[], &split)
        .element(
            "td",
            &[("class", "num")],
            &e.score.map(number).unwrap_or_default(),
        );
        match e.check.as_ref().map(|c| (c.verdict, c)) {
            None => html.element("td", &[("class", "muted")], "not yet"),
            Some((Verdict::Same, _)) => html.element(
                "td",
                &[("class", "match"), ("data-check", "same")],
                "✔ same",
            ),
            Some((Verdict::Differs, check)) => html.element(
                "td",
                &[("class", "mismatch"), ("data-check", "differs")],
                &format!("✘ {}", check.note),
            ),
            Some((Verdict::OtherPage, _)) => html
                .open("td", &[("class", "muted"), ("data-check", "other-page")])
                .element(
                    "a",
                    &[("href", &format!("?env={}#runs", e.env))],
                    &format!("replayed on the {} page", e.env),
                )
                .close("td"),
            Some((Verdict::Unplayable, check)) => html.element(
                "td",
                &[
                    ("class", "muted"),
                    ("data-check", "unplayable"),
                    ("title", &check.note),
                ],
                "not playable in the page: open its trajectories file",
            ),
        };
        html.close("tr");
    }
    html.close("tbody").close("table").close("div");
    html
}

pub(crate) fn viewer(
    env: Signal<&'static env_wasm::EnvInfo>,
    files: RwSignal<Vec<RunFile>>,
    open: Callback<Opened>,
) -> impl IntoView {
    let message = RwSignal::new(None::<String>);
    let env_filter = RwSignal::new(String::new());
    let who_filter = RwSignal::new(String::new());
    let on_files = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        spawn_local(async move {
            let mut problems = Vec::new();
            for read in read_files(input).await {
                match read {
                    Ok(file) => {
                        if !file.problems.is_empty() {
                            problems.push(format!(
                                "{}: {} line(s) left out, first {}",
                                file.name,
                                file.problems.len(),
                                file.problems[0]
                            ));
                        }
                        files.update(|f| f.push(file));
                    }
                    Err(e) => problems.push(e),
                }
            }
            message.set((!problems.is_empty()).then(|| problems.join(" · ")));
        });
    };
    // Replaying is done a few episodes at a time, letting the page draw in
    // between: a report can list thousands.
    let progress = RwSignal::new(None::<String>);
    let check_all = move |_| {
        spawn_local(async move {
            let jobs: Vec<(usize, usize)> = files.with_untracked(|f| {
                f.iter()
                    .enumerate()
                    .flat_map(|(fi, file)| (0..file.episodes.len()).map(move |ei| (fi, ei)))
                    .collect()
            });
            let mut done = 0;
            for chunk in jobs.chunks(CHECKED_AT_ONCE) {
                let checks: Vec<_> = files.with_untracked(|f| {
                    chunk
                        .iter()
                        .map(|(fi, ei)| {
                            f.get(*fi)
                                .and_then(|file| file.episodes.get(*ei))
                                .map(RunEpisode::check)
                        })
                        .collect()
                });
                files.update(|f| {
                    for ((fi, ei), check) in chunk.iter().zip(checks) {
                        if let Some(episode) =
                            f.get_mut(*fi).and_then(|file| file.episodes.get_mut(*ei))
                        {
                            episode.check = check;
                        }
                    }
                });
                done += chunk.len();
                progress.set(Some(format!("Replayed {done} of {} episodes…", jobs.len())));
                next_turn().await;
            }
            let count = |verdict: Verdict| {
                files.with_untracked(|f| {
                    f.iter()
                        .flat_map(|file| &file.episodes)
                        .filter(|e| e.check.as_ref().is_some_and(|c| c.verdict == verdict))
                        .count()
                })
            };
            let (same, differs, unplayable, elsewhere) = (
                count(Verdict::Same),
                count(Verdict::Differs),
                count(Verdict::Unplayable),
                count(Verdict::OtherPage),
            );
            let why = if unplayable > 0 {
                " A report's episode is replayed by playing its policy again, and the page carries \
                 the reference policy only: replay a baseline's episodes from the run's trajectories \
                 file (deskbench eval --trajectories), which holds every action."
            } else {
                ""
            };
            progress.set(Some(format!(
                "Replayed: {same} with the file's scores, {differs} differently (marked ✘), {unplayable} not playable in the page.{why}{}",
                if elsewhere > 0 {
                    format!(
                        " {elsewhere} of other environments are replayed on their own pages \
                         (each environment's page loads its own code; the files stay open there)."
                    )
                } else {
                    String::new()
                }
            )));
        });
    };
    let listed = move || {
        let (env, who) = (env_filter.get(), who_filter.get());
        files.with(|f| {
            let mut rows = Vec::new();
            let mut total = 0;
            for (fi, file) in f.iter().enumerate() {
                for (ei, episode) in file.episodes.iter().enumerate() {
                    if (!env.is_empty() && episode.env != env)
                        || (!who.is_empty() && episode.entrant() != who)
                    {
                        continue;
                    }
                    total += 1;
                    if rows.len() < LISTED {
                        rows.push((fi, ei, file.name.clone(), episode.clone()));
                    }
                }
            }
            (rows, total)
        })
    };
    let open_one = move |fi: usize, ei: usize| {
        let Some((name, episode)) = files.with_untracked(|f| {
            f.get(fi).and_then(|file| {
                file.episodes
                    .get(ei)
                    .map(|e| (file.name.clone(), e.clone()))
            })
        }) else {
            return;
        };
        if !episode.plays_here() {
            // Its environment's page opens it (the files stay open there).
            crate::link::open_page_of(episode.env, Some(format!("?env={}#runs", episode.env)));
            return;
        }
        match episode.replay() {
            Ok(played) => {
                let recorded = episode
                    .score
                    .map_or_else(|| "no score".to_owned(), |s| format!("score {}", number(s)));
                let source = format!(
                    "{name}: {} on {}/{} seed {}, {recorded} in the file",
                    episode.entrant(),
                    episode.env,
                    episode.task,
                    episode.seed
                );
                open.run(Opened { played, source });
            }
            Err(e) => message.set(Some(format!(
                "{name}: this episode cannot be replayed: {e}"
            ))),
        }
    };
    let table = move || {
        let (rows, total) = listed();
        let mut html = episode_table(&rows);
        if total > rows.len() {
            html.element(
                "p",
                &[("class", "hint")],
                &format!(
                    "Showing {} of {total} episodes: narrow them with the filters.",
                    rows.len()
                ),
            );
        }
        html.into_string()
    };
    let on_table_click = move |ev: leptos::ev::MouseEvent| {
        let Some(at) = clicked_data(&ev, "open") else {
            return;
        };
        if let Some((fi, ei)) = at
            .split_once(':')
            .and_then(|(f, e)| Some((f.parse().ok()?, e.parse().ok()?)))
        {
            open_one(fi, ei);
        }
    };
    let options = move |pick: fn(&RunEpisode) -> String| {
        files.with(|f| {
            // Inserted one by one: collecting would sort, which costs the
            // bundle a sort routine of its own.
            let mut seen = std::collections::BTreeSet::new();
            for episode in f.iter().flat_map(|file| file.episodes.iter()) {
                seen.insert(pick(episode));
            }
            seen.into_iter()
                .map(|o| view! { <option value=o.clone()>{o.clone()}</option> })
                .collect_view()
        })
    };
    // Open files stay for the next visit until they are removed here.
    Effect::new(move |_| {
        if !files.with(|f| saved::keep_runs(f) || f.is_empty()) {
            message.set(Some(
                "This browser did not keep these files for the next visit (too large for its storage): they stay open until the page is closed.".to_owned(),
            ));
        }
    });
    // Remove a file, or download it as it was opened: its text goes into
    // the link the moment it is clicked, not into the page for every file.
    let on_file_click = move |ev: leptos::ev::MouseEvent| {
        if let Some(at) = clicked_data(&ev, "remove").and_then(|a| a.parse::<usize>().ok()) {
            files.update(|f| {
                if at < f.len() {
                    f.remove(at);
                }
            });
        }
        let link = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-download]").ok().flatten());
        let Some(link) = link else { return };
        let at = link
            .get_attribute("data-download")
            .and_then(|a| a.parse::<usize>().ok());
        if let Some(text) = files.with_untracked(|f| Some(f.get(at?)?.text.clone())) {
            let href = format!(
                "data:application/json;charset=utf-8,{}",
                js_sys::encode_uri_component(&text)
            );
            let _ = link.set_attribute("href", &href);
        }
    };
    view! {
        {crate::model_run::panel(env, files)}
        <section class="panel runs" id="run-viewer" aria-label="Runs">
            <h2>"Runs"</h2>
            <p class="hint">"Open reports of "<code>"deskbench eval --json"</code>" or trajectory files (JSON Lines: "
                <code>"env, task, seed, steps: [{action, reward, done}]"</code>"). Several files compare side by side. Files stay in this browser until removed; nothing is uploaded. "
                "A trajectories file replays any policy or model, action by action; a report holds no actions, so the page replays its episodes by playing their policy again, and it carries the reference policy only."</p>
            <div class="actions">
                <label class="button">"Open run files"<input id="run-files" type="file" multiple accept=".json,.jsonl,application/json" class="visually-hidden" on:change=on_files /></label>
                <button id="replay-all" on:click=check_all disabled=move || files.with(Vec::is_empty)>"Replay every episode"</button>
                <button id="clear-runs" on:click=move |_| files.set(Vec::new()) disabled=move || files.with(Vec::is_empty)>"Remove all"</button>
            </div>
            {move || message.get().map(|m| view! { <p class="error" role="alert" id="runs-message">{m}</p> })}
            <p class="hint" id="replay-progress" aria-live="polite">{move || progress.get()}</p>
            {move || files.with(|f| (!f.is_empty()).then(|| view! {
                <div on:click=on_file_click inner_html=leaderboard(f).into_string()></div>
            }))}
            {move || files.with(|f| !f.is_empty()).then(|| view! {
                <div class="controls">
                    <label class="field"><span>"Environment"</span>
                        <select on:change=move |ev| env_filter.set(event_target_value(&ev))>
                            <option value="">"(all)"</option>{options(|e| e.env.to_owned())}
                        </select></label>
                    <label class="field"><span>"Policy or model"</span>
                        <select on:change=move |ev| who_filter.set(event_target_value(&ev))>
                            <option value="">"(all)"</option>{options(RunEpisode::entrant)}
                        </select></label>
                </div>
                <div on:click=on_table_click inner_html=table></div>
            })}
        </section>
    }
}
