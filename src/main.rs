//! Entry point of the web app. The app itself only exists on wasm32; on the host this binary is
//! empty so that `cargo test --workspace` does not build Yew (see ARCHITECTURE.md).

#[cfg(target_arch = "wasm32")]
fn main() {
    // The same program runs in the solver worker (src/ui/worker): there it serves jobs.
    if hetlab_web::ui::worker::in_worker() {
        hetlab_web::ui::worker::serve();
        return;
    }
    hetlab_web::ui::install_panic_notice();
    hetlab_web::ui::worker::warm_up();
    yew::Renderer::<hetlab_web::ui::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}

/// Solves `instance_json` with `algorithm` (the family's default when empty) and returns the
/// document `hetlab solve` prints (pretty JSON), or `error: ` and the message. Exported for the
/// browser test that compares the site's answers with the native command line's, byte for byte
/// (Trunk exposes it as `window.wasmBindings.solve_json`). The same `family::solve` as the CLI.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn solve_json(instance_json: &str, algorithm: &str) -> String {
    use hetlab_core::{family, instance::Instance};
    let algorithm = (!algorithm.is_empty()).then_some(algorithm);
    match Instance::from_json(instance_json) {
        Ok(inst) => match family::solve(&inst, algorithm, false) {
            Ok(doc) => serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("error: {e}")),
            Err(e) => format!("error: {e}"),
        },
        Err(e) => format!("error: {e}"),
    }
}
