//! The LP under the other operating models of steady-state.md section 2.8 (which of computing,
//! sending and receiving may overlap) and with the shared links of section 2.4: upper bounds
//! the page and the result document set beside the base model's `ρ*`.

use super::lp::{checked_arcs, maximise_tasks, optimum, Columns, LpError, MAX_ARCS, MAX_NODES};
use super::port_model::PortModel;
use crate::rational::Q;
use crate::steady_state::SteadyState;

/// The LP value only (stage 1) under another operating model and/or with shared links
/// (sections 2.4 and 2.8): an upper bound labelled "no schedule" — the reconstruction of
/// section 4 needs the base model.
///
/// # Errors
/// As [`super::lp::solve`].
pub fn throughput_under(
    inst: &SteadyState,
    model: PortModel,
    shared_links: bool,
) -> Result<Q, LpError> {
    let arcs = checked_arcs(inst, MAX_NODES, MAX_ARCS)?;
    let cols = Columns::new(inst, &arcs);
    let lp = maximise_tasks(inst, &arcs, &cols, model, shared_links);
    Ok(optimum(&lp)?.value)
}
