//! DeskBench web UI: pick an environment, task and seed, play an episode in
//! the page through `env-wasm`, and check the score against the server.
//! Built by `scripts/build-web.sh` (or `trunk build --release`) into `dist/`.

mod app;
mod episode;
mod record;
mod verify;
mod views;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
    record_first_render();
}

/// Expose when the first render finished (`window.deskbenchFirstRenderMs`,
/// milliseconds since navigation start) for the browser test to report.
fn record_first_render() {
    if let Some(window) = web_sys::window() {
        let now = window.performance().map(|p| p.now()).unwrap_or(-1.0);
        let _ = js_sys::Reflect::set(&window, &"deskbenchFirstRenderMs".into(), &now.into());
    }
}
