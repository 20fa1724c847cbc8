//! A page binary (`src/bundles.rs`): the site with the teaching layers over every family, the
//! practice page and the lessons. It holds no family page and has no solver worker of its
//! own: its pages show family pages in frames and ask each family's group's solver worker
//! (`ui::worker::ask_in`). The app only exists on wasm32; on the host this binary is empty.

#[cfg(target_arch = "wasm32")]
fn main() {
    use hetlab_web::{bundles, ui};
    ui::start(&bundles::TEACHING, ui::teaching);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
