//! The solver worker's side of a family page: [`Compute`], what a run carries to the page
//! beside it (the extras and the result document), and [`solve`]. Only with the `solve`
//! feature, which the solver worker binaries have and the page binaries do not: a page cannot
//! call a solver, by construction.

use hetlab_core::family::{self};
use hetlab_core::report;
use hetlab_core::wire::Json;

use super::family_page::{FamilyPage, Input, Run};
use crate::ui::worker::Payload;

/// What the solver worker computes for a family page beside the run.
pub trait Compute: FamilyPage<F: family::Solver> {
    /// The extra results, computed once with the run.
    fn extra(input: &Input<Self>, algorithm: &str, run: &Run<Self>) -> Self::Extra;

    /// The result document the page exports: `Solver::explained`, which families whose
    /// explanations are their page's `extra` build from it instead of solving them again.
    fn document(
        input: &Input<Self>,
        algorithm: &str,
        run: &Run<Self>,
        extra: &Self::Extra,
    ) -> serde_json::Value {
        let _ = extra;
        <Self::F as family::Solver>::explained(input, algorithm, run, false)
    }
}

/// Runs `algo` on `input` with the family's extras and result document (in the solver worker
/// binaries only: `ui::worker::serve`): what the page decodes.
///
/// # Errors
/// The solver's refusal, in a sentence.
pub fn solve<P: Compute>(input: &Input<P>, algo: &str) -> Result<Payload<P>, String> {
    let (_, run) =
        family::run_offered::<P::F>(input, Some(algo), true).map_err(|e| e.to_string())?;
    let extra = P::extra(input, algo, &run);
    let doc = P::document(input, algo, &run, &extra);
    let budget_hit = report::budget_hit(&doc);
    Ok((run, extra, Json::from(&doc), budget_hit))
}
