//! A page binary (`src/bundles.rs`): the site with the communication families' pages (steady
//! state, broadcast). It links no solver: every solve is a job for its group's solver worker
//! binary (`src/bin/solver_communication.rs`, see `ui::worker`). The app only exists on wasm32;
//! on the host this binary is empty so that `cargo test --workspace` does not build Yew (see
//! ARCHITECTURE.md).

#[cfg(target_arch = "wasm32")]
fn main() {
    use hetlab_web::{bundles, ui};
    ui::start(&bundles::COMMUNICATION, ui::communication);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
