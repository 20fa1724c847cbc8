//! Static data distributions for LU decomposition on heterogeneous processors
//! (lu-distributions.md).
