//! Hooks shared by the pages: the player with its step in the URL (`player`), the page's
//! address (`link`: its query, the instance a preset or share link names, keeping it
//! shareable), the form fields (`form`), the run obtained from the solver worker, the width a
//! figure is shown at, and the last step computed ahead of the first jump to it.

pub mod form;
pub mod link;
pub mod player;
pub mod size;
pub mod solve;
pub mod warm;
