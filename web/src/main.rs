//! DeskBench web UI: pick an environment, task and seed, play an episode in
//! the page through `env-wasm`, see how the score came about and how the
//! reference solves the same scenario, browse run files, and check scores
//! against the server. Built by `scripts/build-web.sh` (or `trunk build
//! --release`) into `dist/`.

mod app;
mod compose;
mod criteria;
mod developer;
mod episode;
mod format;
mod html;
mod link;
mod model_run;
mod record;
mod reference;
mod result;
mod run_files;
mod runs;
mod saved;
mod tasks;
mod verify;
mod views;

/// talc rather than the standard library's dlmalloc: smaller in the bundle
/// (DESIGN.md's 400 KB) and faster at the many small allocations of
/// grading. The page is single-threaded (no `atomics`).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
    // index.html shows a loading line (or, on file://, why nothing loads)
    // until the app is there.
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
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
