//! Static names made at run time.
//!
//! Some solution fields name a method or a status with a `&'static str` chosen by the solver
//! (`"bisection"`, `"optimal"`); a figure's CSS class is one too. [`intern`] makes such a name
//! from a text known only at run time: each distinct text is stored once for the life of the
//! program and shared afterwards, so memory is bounded by the finite set of names, however many
//! times they are made. A run that crossed the site's worker wire reads its names back through the
//! same table (crates/nanoserde/PATCHED.md).

/// A solver-chosen static name inside a solution.
pub type Name = &'static str;

/// The one static copy of `text`: the table is nanoserde's (our copy), which reads a run's
/// names back through it, so a name made here and the same name read from the worker wire are
/// one copy.
pub use nanoserde::intern;

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
