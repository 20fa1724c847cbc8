//! Block panels on a true processor grid (lu-distributions.md §2.5).
