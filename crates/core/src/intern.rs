//! Static strings read back from a serialised run.
//!
//! Some solution fields name a method or a status with a `&'static str` chosen by the solver
//! (`"bisection"`, `"optimal"`). A run that crossed from the site's solver worker is read back
//! with [`de`] / [`de_opt`]: each distinct text is stored once for the life of the program and
//! shared afterwards, so memory is bounded by the finite set of names the solvers write, however
//! many runs are read.

use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

use serde::{Deserialize, Deserializer};

/// A solver-chosen static name inside a serialised type. The alias is what lets such a field be
/// read with [`de`]: serde's derive would otherwise borrow a `&'static str` field from the input
/// and demand input that lives forever.
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

/// Reads a `&'static str` field (`#[serde(deserialize_with = "crate::intern::de")]`).
///
/// # Errors
/// The deserialiser's, when the value is not a string.
pub fn de<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    String::deserialize(d).map(|s| intern(&s))
}

/// Reads an `Option<&'static str>` field.
///
/// # Errors
/// The deserialiser's, when the value is neither a string nor null.
pub fn de_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'static str>, D::Error> {
    Option::<String>::deserialize(d).map(|s| s.map(|s| intern(&s)))
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
