//! Entry point of the web app. The app itself only exists on wasm32; on the host this binary is
//! empty so that `cargo test --workspace` does not build Yew (see ARCHITECTURE.md).

#[cfg(target_arch = "wasm32")]
fn main() {
    hetlab_web::ui::install_panic_notice();
    yew::Renderer::<hetlab_web::ui::App>::new().render();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
