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
