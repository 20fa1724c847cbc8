//! Static names made at run time.
//!
//! Some solution fields name a method or a status with a `&'static str` chosen by the solver
//! (`"bisection"`, `"optimal"`); a figure's CSS class is one too. [`intern`] makes such a name
//! from a text known only at run time: each distinct text is stored once for the life of the
//! program and shared afterwards, so memory is bounded by the finite set of names, however many
//! times they are made. (A run that crossed the site's worker wire reads its names back the same
//! way, inside nanoserde's `&'static str` reader: crates/nanoserde/PATCHED.md.)

use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

/// A solver-chosen static name inside a solution.
pub type Name = &'static str;

fn table() -> &'static Mutex<BTreeSet<&'static str>> {
    static TABLE: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(|| Mutex::new(BTreeSet::new()))
}

/// The one static copy of `text`.
#[must_use]
pub fn intern(text: &str) -> &'static str {
    let mut set = table()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(s) = set.get(text) {
        return s;
    }
    let s: &'static str = Box::leak(text.to_owned().into_boxed_str());
    set.insert(s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_copy_per_text() {
        let a = intern(&String::from("bisection"));
        let b = intern("bisection");
        assert!(std::ptr::eq(a, b));
        assert_eq!(a, "bisection");
    }
}
