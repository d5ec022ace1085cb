//! End-to-end tests of the `/web` UI in headless Chromium (issue 3).
//!
//! - `every_task_scores_the_same_in_the_browser_and_on_the_server`: the axum
//!   server on `127.0.0.1:0` serves the built bundle; for every task of every
//!   registered environment the test picks environment, task and seed in the
//!   page, types a fixed action sequence into the raw-JSON composer, reads the
//!   final score from the page, replays the same seed and actions through the
//!   REST API and natively, asserts equal scores, and has the page's "Verify on
//!   server" show a match. The sequences are the reference policy's (a high
//!   score) and, once per environment, the empty answer repeated until the end
//!   (a low one), both computed natively, so the test needs no knowledge of any
//!   environment.
//! - `the_bundle_plays_an_episode_from_a_plain_static_host`: only the bundle,
//!   under a plain `ServeDir` with no API at all.
//!
//! Both fail on any error the page records (`window.__deskbenchErrors`, set up
//! by an inline script in `index.html`) and on any severe entry in Chromium's
//! console log. Screenshots (the start page, each task after its final score,
//! the static host) go to `target/e2e/`.
//!
//! Needs the bundle (`make web`, or `WEB_DIST`) and chromedriver with Chromium
//! (`scripts/bootstrap.sh`, or `CHROMEDRIVER`); `make test` provides both.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, header};
use env_wasm::registry::ENVIRONMENTS;
use env_wasm::{AnyEnv, EnvInfo, ResetDefaults};
use fantoccini::error::CmdError;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use futures_util::FutureExt;
use http_body_util::BodyExt;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::process::{Child, Command};
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// Longest wait for any one thing in the page (an element, a step, a reply).
const WAIT: Duration = Duration::from_secs(20);
/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(15);
/// Longest a whole test may take with its browser.
const RUN_LIMIT: Duration = Duration::from_secs(300);
/// The seed of task number `i` of an environment is `SEED_BASE + i`.
const SEED_BASE: u64 = 1000;
/// The seed of the empty-answer episode of each environment (its first task).
const EMPTY_SEED: u64 = 2000;

const CHROME_ARGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1400",
];

// ---------------------------------------------------------------------------
// The tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_task_scores_the_same_in_the_browser_and_on_the_server() {
    let dist = web_dist();
    let (app, _handle) = server::build(server::Config {
        web_dist: dist.clone(),
        ..server::Config::default()
    });
    let origin = serve(app.clone()).await;

    with_browser(async |client: &Client| {
        let page = open(client, &format!("{origin}/web/")).await;
        println!("e2e: server page {page}");
        save_screenshot(client, "start").await;
        check_no_errors(client, "the start page", &[]).await;

        let mut cases = 0;
        for (env_index, env) in ENVIRONMENTS.iter().copied().enumerate() {
            for (task_index, task) in env.tasks.iter().enumerate() {
                let seed = SEED_BASE + task_index as u64;
                let native = native_episode(env, task.id, seed, Policy::Reference);
                play_and_compare(client, &app, &native).await;
                cases += 1;
                // Every task, so each custom view of an environment is shown.
                save_screenshot(client, &format!("{}-{}", env.id, task.id)).await;
            }
            let first = env.default_task().id;
            let native = native_episode(env, first, EMPTY_SEED, Policy::EmptyAnswer);
            play_and_compare(client, &app, &native).await;
            cases += 1;
            println!("e2e: environment {} ({env_index}) done", env.id);
        }
        println!("e2e: {cases} episodes played in the browser and matched on the server");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bundle_plays_an_episode_from_a_plain_static_host() {
    let dist = web_dist();
    // A path that is neither `/` nor `/web/`: the bundle's URLs are relative.
    let prefix = "/static/deskbench";
    let files = Router::new().nest_service(prefix, ServeDir::new(&dist));
    let origin = serve(files).await;

    with_browser(async |client: &Client| {
        let page = open(client, &format!("{origin}{prefix}/")).await;
        println!("e2e: static page {page}");

        let env = ENVIRONMENTS[0];
        let task = env.default_task().id;
        let native = native_episode(env, task, SEED_BASE, Policy::Reference);
        // The page probes `/health` once; wait until that request has ended so
        // that the absence of the verify button below is not a race.
        wait_for("the page's /health probe to finish", async || {
            let done = client
                .execute(
                    "return performance.getEntriesByType('resource')
                        .some(e => new URL(e.name).pathname.endsWith('/health') && e.responseEnd > 0);",
                    vec![],
                )
                .await?;
            Ok(done.as_bool().unwrap_or(false).then_some(()))
        })
        .await;
        let ui = play_in_ui(client, &native).await;
        assert_eq!(
            ui.score,
            format!("{:.4}", native.score),
            "static host: page score vs native score for {}",
            native.label()
        );
        let state = snapshot(client).await;
        assert!(
            !state.verify_button,
            "static host: #verify-btn is shown although no server answers /health"
        );
        save_screenshot(client, &format!("static-{}-{task}", env.id)).await;
        // The one expected console entry: the browser's own line for the
        // 404 of the `/health` probe, which no page code can silence.
        check_no_errors(
            client,
            "the static host",
            &["/health - Failed to load resource: the server responded with a status of 404"],
        )
        .await;
    })
    .await;
}

// ---------------------------------------------------------------------------
// One episode: natively, in the page, through the REST API

#[derive(Debug, Clone, Copy, PartialEq)]
enum Policy {
    Reference,
    EmptyAnswer,
}

/// An episode played natively: the actions to replay and what they earned.
#[derive(Debug)]
struct Native {
    env: &'static EnvInfo,
    task: String,
    seed: u64,
    policy: Policy,
    actions: Vec<Value>,
    rewards: Vec<Option<f64>>,
    score: f64,
}

impl Native {
    fn label(&self) -> String {
        format!(
            "{}/{} seed {} ({:?})",
            self.env.id, self.task, self.seed, self.policy
        )
    }
}

fn native_episode(env: &'static EnvInfo, task: &str, seed: u64, policy: Policy) -> Native {
    let mut session = AnyEnv::of(env);
    session
        .reset(
            &json!({"task": task, "seed": seed}),
            ResetDefaults::default(),
        )
        .unwrap_or_else(|e| panic!("native reset of {}/{task}: {e:?}", env.id));
    let limit = env.task(task).expect("registered task").max_steps as usize + 1;
    let (mut actions, mut rewards) = (Vec::new(), Vec::new());
    while !session.is_done() {
        assert!(
            actions.len() < limit,
            "{}/{task}: {policy:?} did not end within {limit} steps",
            env.id
        );
        let action = match policy {
            Policy::Reference => session.reference_action(),
            Policy::EmptyAnswer => session.empty_answer(),
        }
        .unwrap_or_else(|| panic!("{}/{task}: no {policy:?} action", env.id));
        let result = session
            .step(&action)
            .unwrap_or_else(|e| panic!("{}/{task}: native step {action}: {e:?}", env.id));
        rewards.push(result.reward);
        actions.push(action);
    }
    let score = session
        .terminal_score()
        .unwrap_or_else(|| panic!("{}/{task}: no terminal score", env.id));
    Native {
        env,
        task: task.to_owned(),
        seed,
        policy,
        actions,
        rewards,
        score,
    }
}

/// What the page showed for an episode.
#[derive(Debug)]
struct Ui {
    /// `#final-score[data-score]`: the score with 4 decimals.
    score: String,
    /// The page's exported episode (seed, actions, rewards, final score).
    record: Value,
}

/// Play `native`'s actions in the page, check them against the REST API and
/// the page's own "Verify on server".
async fn play_and_compare(client: &Client, app: &Router, native: &Native) {
    let started = Instant::now();
    let ui = play_in_ui(client, native).await;
    let label = native.label();
    let api = api_episode(app, native).await;

    assert_eq!(
        api.score, native.score,
        "{label}: API score vs native score"
    );
    assert_eq!(
        ui.score,
        format!("{:.4}", api.score),
        "{label}: page score vs API score"
    );
    assert_eq!(
        api.rewards, native.rewards,
        "{label}: API rewards vs native"
    );
    let record_rewards: Vec<Option<f64>> =
        serde_json::from_value(ui.record["rewards"].clone()).expect("rewards in the export");
    assert_eq!(record_rewards, api.rewards, "{label}: page rewards vs API");
    assert_eq!(
        ui.record["final_score"].as_f64(),
        Some(api.score),
        "{label}: exported final score vs API"
    );

    let button = client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Id("verify-btn"))
        .await
        .unwrap_or_else(|e| panic!("{label}: no #verify-btn once the episode is over: {e}"));
    button.click().await.expect("click #verify-btn");
    let result = wait_for(
        &format!("{label}: #verify-result to show a verdict"),
        async || {
            Ok(snapshot(client)
                .await
                .verify
                .filter(|v| v.class.contains("match")))
        },
    )
    .await;
    assert!(
        result.class.split_whitespace().any(|c| c == "match") && result.text.starts_with("✔ match"),
        "{label}: the page's verification says {:?} (class {:?})",
        result.text,
        result.class
    );
    assert_eq!(
        result.server_score.as_deref(),
        Some(format!("{:.4}", api.score).as_str()),
        "{label}: #verify-result[data-server-score] vs API score"
    );
    check_no_errors(client, &label, &[]).await;
    println!(
        "e2e: {label}: {} steps, score {} (API {}, native {}), verify: match, in {} ms",
        native.actions.len(),
        ui.score,
        api.score,
        native.score,
        started.elapsed().as_millis()
    );
}

/// Pick environment, task and seed, start, and type every action of `native`
/// into the raw-JSON composer; returns the score the page shows.
async fn play_in_ui(client: &Client, native: &Native) -> Ui {
    let label = native.label();
    let env = native.env;

    // Environment, then its tasks (the task list follows the environment).
    let select = find(client, "env-select").await;
    select
        .select_by_value(env.id)
        .await
        .unwrap_or_else(|e| panic!("{label}: select environment: {e}"));
    let task_ids: Vec<&str> = env.tasks.iter().map(|t| t.id).collect();
    wait_for(&format!("{label}: #task-select to list the environment's tasks"), async || {
        let shown = client
            .execute(
                "return [document.getElementById('env-select').value,
                         Array.from(document.querySelectorAll('#task-select option'), o => o.value)];",
                vec![],
            )
            .await?;
        Ok((shown == json!([env.id, task_ids])).then_some(()))
    })
    .await;
    find(client, "task-select")
        .await
        .select_by_value(&native.task)
        .await
        .unwrap_or_else(|e| panic!("{label}: select task: {e}"));
    let chosen = find(client, "task-select").await.prop("value").await;
    assert_eq!(
        chosen.expect("#task-select value").as_deref(),
        Some(native.task.as_str()),
        "{label}: #task-select"
    );

    // The seed, typed.
    let seed_input = find(client, "seed-input").await;
    seed_input.clear().await.expect("clear #seed-input");
    seed_input
        .send_keys(&native.seed.to_string())
        .await
        .expect("type the seed");
    let typed = seed_input.prop("value").await.expect("#seed-input value");
    assert_eq!(
        typed.as_deref(),
        Some(native.seed.to_string().as_str()),
        "{label}: #seed-input"
    );

    find(client, "start-btn")
        .await
        .click()
        .await
        .expect("click #start-btn");
    // The new episode is the page's: its export names this env, task, seed.
    wait_for(
        &format!("{label}: the episode to start with the typed seed"),
        async || {
            let record = exported(client).await;
            let started = record.as_ref().is_some_and(|r| {
                r["env"] == env.id
                    && r["task"] == native.task.as_str()
                    && r["seed"] == native.seed
                    && r["actions"] == json!([])
            });
            Ok(started.then_some(()))
        },
    )
    .await;
    let state = snapshot(client).await;
    assert_eq!(
        state.step.as_deref(),
        Some("0"),
        "{label}: #step-count at start"
    );
    assert!(
        state.score.is_none(),
        "{label}: #final-score before any step"
    );

    // Raw JSON mode (it stays on across episodes).
    let raw_mode = find(client, "mode-raw").await;
    if !raw_mode.is_selected().await.expect("#mode-raw checked?") {
        raw_mode.click().await.expect("click #mode-raw");
    }

    for (index, action) in native.actions.iter().enumerate() {
        let text = ascii_json(action);
        let area = client
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Id("raw-action"))
            .await
            .unwrap_or_else(|e| panic!("{label}: no #raw-action: {e}"));
        area.clear().await.expect("clear #raw-action");
        area.send_keys(&text).await.expect("type into #raw-action");
        let button = find(client, "raw-step-btn").await;
        if !button.is_enabled().await.expect("#raw-step-btn enabled?") {
            let hint = client
                .execute(
                    "const h = document.querySelector('#raw-action ~ .hint'); return h && h.textContent;",
                    vec![],
                )
                .await
                .unwrap_or(Value::Null);
            panic!(
                "{label}: step {}: #raw-step-btn is disabled for {text} (hint: {hint})",
                index + 1
            );
        }
        button.click().await.expect("click #raw-step-btn");
        let want = (index + 1).to_string();
        wait_for(
            &format!("{label}: #step-count to reach {want}"),
            async || {
                Ok((snapshot(client).await.step.as_deref() == Some(want.as_str())).then_some(()))
            },
        )
        .await;
    }

    let score = wait_for(&format!("{label}: #final-score"), async || {
        Ok(snapshot(client).await.score)
    })
    .await;
    let record = exported(client)
        .await
        .unwrap_or_else(|| panic!("{label}: no #export-link"));
    assert_eq!(
        record["actions"],
        json!(native.actions),
        "{label}: exported actions"
    );
    Ui { score, record }
}

/// The same episode through the REST API, in a fresh HTTP session.
struct Api {
    rewards: Vec<Option<f64>>,
    score: f64,
}

async fn api_episode(app: &Router, native: &Native) -> Api {
    let label = native.label();
    let base = format!("/envs/{}", native.env.id);
    let session = format!("e2e-{}-{}-{}", native.env.id, native.task, native.seed);
    api_post(
        app,
        &format!("{base}/reset"),
        &session,
        json!({"task": native.task, "seed": native.seed}),
    )
    .await;
    let mut rewards = Vec::new();
    let mut score = None;
    for (index, action) in native.actions.iter().enumerate() {
        let reply = api_post(
            app,
            &format!("{base}/step"),
            &session,
            json!({"action": action}),
        )
        .await;
        rewards.push(reply["reward"].as_f64());
        let done = reply["done"] == true;
        assert_eq!(
            done,
            index + 1 == native.actions.len(),
            "{label}: API `done` after step {}",
            index + 1
        );
        if done {
            score = reply["observation"]["terminal_grader"].as_f64();
        }
    }
    Api {
        rewards,
        score: score.unwrap_or_else(|| panic!("{label}: no terminal_grader from the API")),
    }
}

async fn api_post(app: &Router, path: &str, session: &str, body: Value) -> Value {
    let request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-session-id", session)
        .body(Body::from(body.to_string()))
        .expect("request");
    let response = app.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    let reply: Value =
        serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("POST {path}: not JSON ({e})"));
    assert!(status.is_success(), "POST {path} {body}: {status} {reply}");
    reply
}

// ---------------------------------------------------------------------------
// Reading the page

/// The page's state in one round trip.
#[derive(Debug, Deserialize)]
struct Snapshot {
    step: Option<String>,
    score: Option<String>,
    verify_button: bool,
    verify: Option<Verdict>,
}

#[derive(Debug, Deserialize)]
struct Verdict {
    class: String,
    text: String,
    server_score: Option<String>,
}

async fn snapshot(client: &Client) -> Snapshot {
    let value = client
        .execute(
            "const q = s => document.querySelector(s);
             const step = q('#step-count'), score = q('#final-score'), verdict = q('#verify-result');
             return {
               step: step && step.textContent.trim(),
               score: score && score.getAttribute('data-score'),
               verify_button: q('#verify-btn') !== null,
               verify: verdict && {
                 class: verdict.className,
                 text: verdict.textContent.trim(),
                 server_score: verdict.getAttribute('data-server-score'),
               },
             };",
            vec![],
        )
        .await
        .expect("read the page state");
    serde_json::from_value(value).expect("page state shape")
}

/// The episode the page exports (`#export-link`, a `data:` URL of JSON).
async fn exported(client: &Client) -> Option<Value> {
    let text = client
        .execute(
            "const a = document.getElementById('export-link');
             if (!a) return null;
             const href = a.getAttribute('href') || '';
             return decodeURIComponent(href.slice(href.indexOf(',') + 1));",
            vec![],
        )
        .await
        .expect("read #export-link");
    text.as_str()
        .map(|t| serde_json::from_str(t).unwrap_or_else(|e| panic!("#export-link: {e}: {t}")))
}

async fn find(client: &Client, id: &str) -> fantoccini::elements::Element {
    client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
}

/// Wait until `probe` gives a value, at most [`WAIT`].
async fn wait_for<T>(what: &str, mut probe: impl AsyncFnMut() -> Result<Option<T>, CmdError>) -> T {
    let deadline = Instant::now() + WAIT;
    loop {
        match probe().await {
            Ok(Some(value)) => return value,
            Ok(None) => {}
            Err(e) => panic!("while waiting for {what}: {e}"),
        }
        assert!(
            Instant::now() < deadline,
            "timed out after {WAIT:?} waiting for {what}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Fail on errors the page recorded or Chromium logged since the last check;
/// a severe log entry mentioning one of `expected` is allowed.
async fn check_no_errors(client: &Client, when: &str, expected: &[&str]) {
    let recorded = client
        .execute("return window.__deskbenchErrors || null;", vec![])
        .await
        .expect("read window.__deskbenchErrors");
    let Value::Array(errors) = recorded else {
        panic!(
            "{when}: the page has no window.__deskbenchErrors: the bundle predates the \
             error-capture script in index.html; rebuild it with `make web`"
        );
    };
    assert!(
        errors.is_empty(),
        "{when}: the page recorded errors: {errors:#?}"
    );

    let log = client
        .issue_cmd(BrowserLog)
        .await
        .expect("read Chromium's console log");
    let severe: Vec<&Value> = log
        .as_array()
        .into_iter()
        .flatten()
        .filter(|entry| entry["level"] == "SEVERE")
        .filter(|entry| {
            let message = entry["message"].as_str().unwrap_or_default();
            !expected.iter().any(|e| message.contains(e))
        })
        .collect();
    assert!(
        severe.is_empty(),
        "{when}: Chromium's console has errors: {severe:#?}"
    );
}

/// chromedriver's log endpoint (not in the W3C protocol, so not in fantoccini).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (Method, Option<String>) {
        (Method::POST, Some(r#"{"type": "browser"}"#.to_owned()))
    }
}

// ---------------------------------------------------------------------------
// Set-up: bundle, server, chromedriver, Chromium

/// The built bundle (`WEB_DIST`, default `<repo>/dist`).
fn web_dist() -> PathBuf {
    let dist = std::env::var_os("WEB_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../dist"));
    assert!(
        dist.join("index.html").is_file() && dist.join("web_bg.wasm").is_file(),
        "no web bundle in {}: run `make web` (scripts/build-web.sh) first, or set WEB_DIST",
        dist.display()
    );
    dist
}

/// `CHROMEDRIVER`, default `/usr/bin/chromedriver`.
fn chromedriver() -> PathBuf {
    let path = std::env::var_os("CHROMEDRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromedriver"));
    assert!(
        path.is_file(),
        "no chromedriver at {}: run `scripts/bootstrap.sh` (installs chromium and \
         chromium-driver), or set CHROMEDRIVER",
        path.display()
    );
    path
}

/// Serve `app` on 127.0.0.1 on a free port; returns `http://127.0.0.1:<port>`.
async fn serve(app: Router) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("local addr");
    tokio::spawn(async move { axum::serve(listener, app).await.expect("serve") });
    format!("http://{addr}")
}

/// Open `url`, wait for the app's first render; returns the page timings.
async fn open(client: &Client, url: &str) -> String {
    let started = Instant::now();
    client
        .goto(url)
        .await
        .unwrap_or_else(|e| panic!("open {url}: {e}"));
    let loaded = started.elapsed();
    let first_render = wait_for("window.deskbenchFirstRenderMs", async || {
        let ms = client
            .execute("return window.deskbenchFirstRenderMs;", vec![])
            .await?;
        Ok(ms.as_f64())
    })
    .await;
    client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Id("start-btn"))
        .await
        .expect("#start-btn on the page");
    let timing = client
        .execute(
            "const n = performance.getEntriesByType('navigation')[0];
             return n ? [n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd] : null;",
            vec![],
        )
        .await
        .expect("navigation timing");
    let ms = |i: usize| timing[i].as_f64().unwrap_or(f64::NAN);
    format!(
        "{url}: first render {first_render:.1} ms after navigation start \
         (response end {:.1} ms, DOMContentLoaded {:.1} ms, load {:.1} ms); \
         goto returned after {} ms",
        ms(0),
        ms(1),
        ms(2),
        loaded.as_millis()
    )
}

async fn save_screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target dir")
        .join("e2e");
    std::fs::create_dir_all(&dir).expect("create target/e2e");
    let path = dir.join(format!("{name}.png"));
    std::fs::write(&path, png).expect("write screenshot");
    println!("e2e: screenshot {}", path.display());
}

/// Start chromedriver and one Chromium session, run `body` with it, then
/// close both whether `body` passed, panicked or ran out of time.
async fn with_browser(body: impl AsyncFnOnce(&Client)) {
    let (mut driver, client) = start_browser().await;
    let outcome = AssertUnwindSafe(tokio::time::timeout(RUN_LIMIT, body(&client)))
        .catch_unwind()
        .await;
    let _ = tokio::time::timeout(Duration::from_secs(10), client.close()).await;
    let _ = driver.kill().await;
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(_)) => panic!("the browser test took longer than {RUN_LIMIT:?}"),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

async fn start_browser() -> (Child, Client) {
    let path = chromedriver();
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), json!("chrome"));
    capabilities.insert("goog:chromeOptions".into(), json!({ "args": CHROME_ARGS }));
    capabilities.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));

    // A port that was free a moment ago may be taken by the time chromedriver
    // binds it; then it exits and another port is tried.
    for _ in 0..3 {
        let port = free_port();
        let mut driver = Command::new(&path)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", path.display()));
        if !accepts_connections(&mut driver, port).await {
            let _ = driver.kill().await;
            continue;
        }
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{port}/"))
            .await
            .unwrap_or_else(|e| panic!("start a Chromium session through chromedriver: {e}"));
        return (driver, client);
    }
    panic!("chromedriver did not start on a free port in 3 attempts");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Whether chromedriver listens on `port` within [`WAIT`] (false if it exits).
async fn accepts_connections(driver: &mut Child, port: u16) -> bool {
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return true;
        }
        if driver.try_wait().expect("chromedriver status").is_some() {
            return false;
        }
        tokio::time::sleep(POLL).await;
    }
    panic!("chromedriver did not accept connections on port {port} within {WAIT:?}");
}

/// The action as JSON text with every non-ASCII character escaped, so that
/// typing it needs only plain keys (WebDriver maps U+E000.. to special keys).
fn ascii_json(action: &Value) -> String {
    let mut out = String::new();
    for c in action.to_string().chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}
