//! Hooks shared by the pages: the player with its step in the URL, the shareable address bar,
//! and reading an instance from a share link.

pub mod form;
pub mod stepper;
