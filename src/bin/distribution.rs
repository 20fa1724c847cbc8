//! A page binary (`src/bundles.rs`): the site with the distribution families' pages (scatter,
//! master–slave). Like `communication.rs`, it links no solver and is empty on the host.

#[cfg(target_arch = "wasm32")]
fn main() {
    use hetlab_web::{bundles, ui};
    ui::start(&bundles::DISTRIBUTION, ui::distribution);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
