//! The solver worker's binary: every solver, the family pages' extra results and result
//! documents, and the run sent to the page as bytes (`ui::worker::serve`). `www/worker.js`
//! starts it inside a Web Worker, where `main` serves the page's jobs. Empty on the host.

#[cfg(target_arch = "wasm32")]
fn main() {
    hetlab_web::ui::worker::serve::serve();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

/// Solves `instance_json` with `algorithm` (the family's default when empty) and returns the
/// document `hetlab solve --explain` prints (pretty JSON), or `error: ` and the message.
/// Exported for the browser test that compares the site's answers with the native command
/// line's, byte for byte (it imports this binary's glue on the page and calls it; `main` then
/// serves nothing, as it is not in a worker). The same `family::solve_within` as the CLI.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn solve_json(instance_json: &str, algorithm: &str) -> String {
    use hetlab_core::family::{self, Detail, Limits};
    use hetlab_core::instance::Instance;
    let algorithm = (!algorithm.is_empty()).then_some(algorithm);
    let detail = Detail {
        trace: false,
        explain: true,
    };
    match Instance::from_json(instance_json) {
        Ok(inst) => match family::solve_within(&inst, algorithm, detail, Limits::Default) {
            Ok(doc) => serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("error: {e}")),
            Err(e) => format!("error: {e}"),
        },
        Err(e) => format!("error: {e}"),
    }
}
