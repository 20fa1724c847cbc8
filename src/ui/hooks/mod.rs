//! Hooks shared by the pages: the player with its step in the URL, the shareable address bar,
//! reading an instance from a share link, the run obtained from the solver worker, the width a
//! figure is shown at, and the last step computed ahead of the first jump to it.

pub mod form;
pub mod size;
pub mod solve;
pub mod stepper;
pub mod warm;
