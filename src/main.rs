//! The page's binary: the web app (UI, drawing, replaying runs). It links no solver: every
//! solve is a job for the solver worker's binary (`src/worker.rs`, see `ui::worker`). The app
//! itself only exists on wasm32; on the host this binary is empty so that `cargo test
//! --workspace` does not build Yew (see ARCHITECTURE.md).

#[cfg(target_arch = "wasm32")]
fn main() {
    hetlab_web::ui::install_panic_notice();
    hetlab_web::ui::worker::warm_up();
    yew::Renderer::<hetlab_web::ui::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
