//! A page binary (`src/bundles.rs`): the site with the partitioning families' pages (square
//! partitions, LU, chains, the ring, divisible loads). Like `communication.rs`, it links no
//! solver and is empty on the host.

#[cfg(target_arch = "wasm32")]
fn main() {
    use hetlab_web::{bundles, ui};
    ui::start(&bundles::PARTITIONING, ui::partitioning);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
