//! Hooks shared by the pages: the player with its step in the URL, the shareable address bar,
//! reading an instance from a share link, and the run obtained from the solver worker.

pub mod form;
pub mod solve;
pub mod stepper;
