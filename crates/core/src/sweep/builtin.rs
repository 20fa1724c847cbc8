//! The prepared sweeps, one or more per family (`crates/core/src/sweep/builtin/*.json`):
//! small by default, each citing the spec section and paper figure or table it mirrors and
//! saying how it differs (`"cites"`, `"differences"`). `hetlab sweep builtin:NAME` runs one.

/// `(name, spec text)` of every prepared sweep, in the registry's family order.
pub const BUILTIN: &[(&str, &str)] = &[
    ("steady-state", include_str!("builtin/steady-state.json")),
    ("broadcast", include_str!("builtin/broadcast.json")),
    (
        "square-partition",
        include_str!("builtin/square-partition.json"),
    ),
    ("lu", include_str!("builtin/lu.json")),
    ("chains", include_str!("builtin/chains.json")),
    ("ring", include_str!("builtin/ring.json")),
    ("scatter", include_str!("builtin/scatter.json")),
    ("master-slave", include_str!("builtin/master-slave.json")),
    ("divisible", include_str!("builtin/divisible.json")),
];

/// The text of the prepared sweep `name`.
#[must_use]
pub fn spec(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
