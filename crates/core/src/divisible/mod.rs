//! Divisible-load scheduling on star and tree platforms (divisible-load.md): a load that can be
//! split anywhere is sent by a master, through one port, to heterogeneous workers.
//!
//! Module map:
//! * [`model`]: the instance (variants, workers, tree nodes); `solution`: what a method returns
//!   ([`DivSolution`], [`DivisibleError`], the names in [`ALGORITHMS`]); `details`: what each
//!   method reports besides ([`Details`]), below the methods so that they and the solution
//!   share it;
//! * [`ef`]: the equal-finish solver `EF` (§2.3), shared by every one-round method;
//! * [`star`]: STARLINEAR (§2.2, bandwidth order, computing master), the exchange formula of
//!   Prop. 2, the comparison of every order, and the fixed-order teaching variant (§2.4);
//! * [`tree`]: TREELINEAR by bottom-up collapse into equivalent processors (§3);
//! * [`affine`]: STARAFFINE: exact search over ordered subsets (§4.2), the large-load solution
//!   (Prop. 4), the prefix heuristic; [`program`]: the LP of one ordered set (§4.3) and the
//!   mixed integer program as text (§4.4); [`search`]: the exact search's branch and bound;
//! * [`multi`]: multi-installment with `M` rounds (§5); [`umr`]: UMR (§6); [`periodic`]: the
//!   asymptotically optimal periodic schedule (§7);
//! * [`info`]: the open problems (§8) and the tree-affine statement (§4.5), as text;
//! * [`schedule`]: Gantt blocks; `verify`: the independent checker; `step` / `state`: the trace
//!   and the view model; [`report`]: the result document; [`family`]: the registry entry;
//!   [`extras`]: the tentative schedule the page draws first (also in `--explain`).
//!
//! Workers are 0-based indices (input order) in the data and `P1..Pp` in captions; tree nodes are
//! indices into the instance's node list. Every one-round method and the multi-installment and
//! UMR chunk sizes are exact rationals. The floating-point steps are the spec's numeric ones:
//! the square root of the periodic schedule (its period is the double nearest to `√(B/ρ_opt)`,
//! then used exactly) and the bisection of UMR's last-round finish time (in `f64`, to a
//! relative width of `1e-15` or [`UMR_BISECTION_STEPS`] halvings; the loads are then computed
//! exactly at that time and made to sum to the round's load exactly). Every schedule is therefore
//! exact and verified without tolerance.

pub mod about;
pub mod affine;
#[cfg(feature = "solve")]
pub mod bench;
mod details;
pub mod ef;
pub mod extras;
pub mod family;
pub mod generate;
pub mod info;
pub mod instance;
pub mod model;
#[cfg(feature = "solve")]
pub mod multi;
#[cfg(feature = "solve")]
pub mod periodic;
#[cfg(feature = "solve")]
mod practice;
pub mod program;
pub mod report;
#[cfg(feature = "solve")]
mod rounds;
pub mod schedule;
pub mod search;
mod solution;
#[cfg(feature = "solve")]
mod solver;
pub mod star;
mod state;
mod step;
pub mod timeline;
#[cfg(feature = "solve")]
pub mod tree;
#[cfg(feature = "solve")]
pub mod umr;
mod verify;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_multi;
#[cfg(test)]
mod tests_props;
#[cfg(test)]
mod tests_tree;

#[cfg(feature = "solve")]
use num_traits::{Signed, Zero};

pub use details::Details;
pub use instance::{
    Divisible, TreeNode, Variant, Worker, MAX_CHUNKS, MAX_ROUNDS, MAX_TREE_NODES, MAX_WORKERS,
};
pub use schedule::{Block, Kind, MAX_BLOCKS};
pub use solution::{DivSolution, DivisibleError, ALGORITHMS};
pub use state::DivState;
pub use step::{DivStep, Tried, PSEUDOCODE};
#[cfg(feature = "solve")]
pub use umr::UMR_BISECTION_STEPS;
pub use verify::verify;

#[cfg(feature = "solve")]
use crate::trace::{Trace, Traced};

/// Makespans above this are flagged (divisible-load.md §12).
pub const LARGE_MAKESPAN: f64 = 1e15;

/// The methods that apply to an instance, the default (`exact`) first.
#[must_use]
pub fn offered(inst: &Divisible) -> Vec<&'static str> {
    let mut out = vec!["exact"];
    out.extend_from_slice(match inst.variant {
        Variant::StarLinear => &["star-linear", "fixed-order"][..],
        Variant::StarAffine => &[
            "affine-exact",
            "affine-sorted",
            "affine-prefix",
            "affine-lp",
            "periodic",
        ],
        Variant::TreeLinear => &["tree-linear"],
        Variant::MultiInstallment => &["multi-installment", "umr", "periodic"],
        Variant::Umr => &["umr", "periodic"],
        Variant::Periodic => &["periodic"],
    });
    out
}

/// How good the schedule is known to be (formats.md §4 `status`): the one of every family.
pub use crate::report::Status;

/// Runs `algorithm` on `inst` (see [`ALGORITHMS`]).
///
/// Reference: O. Beaumont, H. Casanova, A. Legrand, Y. Robert, Y. Yang, *Scheduling divisible
/// loads on star and tree networks: results and open problems*, IEEE TPDS 16(3), 2005.
///
/// # Complexity
/// Closed forms `O(p log p)` (trees `O(n log n)`) rational operations; the fixed order `O(2^p)`;
/// the affine search at most [`affine::NODE_BUDGET`] prefixes; multi-installment
/// `O(M·P)`; UMR `O(M_max²)`; the periodic schedule `O(k·p)` blocks.
///
/// # Errors
/// [`DivisibleError`]: an unknown name, a method that does not fit the variant, a size over the
/// method's limit, or a scheme without valid chunks for this instance.
///
/// ```
/// use hetlab_core::divisible::{solve, Divisible};
/// use hetlab_core::rational::{qi, q};
/// let inst = Divisible::star_linear(&[qi(1), qi(2), qi(3)], &[qi(2), qi(3), qi(4)], qi(100));
/// let sol = solve(&inst, "exact").unwrap();
/// assert_eq!(sol.makespan, q(2100, 11));
/// assert_eq!(sol.alpha, [q(700, 11), q(280, 11), q(120, 11)]);
/// ```
#[cfg(feature = "solve")]
pub fn solve(inst: &Divisible, algorithm: &str) -> Result<DivSolution, DivisibleError> {
    run(inst, algorithm, &mut |_| {})
}

/// As [`solve`], with the steps the player replays from [`DivState::new`].
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_traced(
    inst: &Divisible,
    algorithm: &str,
) -> Result<Traced<DivSolution, DivStep>, DivisibleError> {
    let mut trace = Trace::default();
    let solution = run(inst, algorithm, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

/// The method `exact` stands for on this instance.
#[must_use]
pub fn resolve(inst: &Divisible, algorithm: &str) -> &'static str {
    let found = ALGORITHMS.iter().copied().find(|a| *a == algorithm);
    match found {
        Some("exact") => match inst.variant {
            Variant::StarLinear => "star-linear",
            Variant::StarAffine if inst.workers.len() <= affine::MAX_EXACT_SPEC => "affine-exact",
            Variant::StarAffine => "affine-prefix",
            Variant::TreeLinear => "tree-linear",
            Variant::MultiInstallment => "multi-installment",
            Variant::Umr => "umr",
            Variant::Periodic => "periodic",
        },
        Some(a) => a,
        None => "",
    }
}

#[cfg(feature = "solve")]
fn run(
    inst: &Divisible,
    algorithm: &str,
    emit: &mut impl FnMut(DivStep),
) -> Result<DivSolution, DivisibleError> {
    if !ALGORITHMS.contains(&algorithm) {
        return Err(DivisibleError::Unknown(
            algorithm.chars().take(40).collect(),
        ));
    }
    if !offered(inst).contains(&algorithm) {
        return Err(DivisibleError::NotApplicable(format!(
            "\"{algorithm}\" does not apply to the {} variant (it offers: {})",
            inst.variant.name(),
            offered(inst).join(", ")
        )));
    }
    sane(inst)?;
    let method = resolve(inst, algorithm);
    if method.starts_with("affine") && inst.w_total.is_zero() {
        // §12: nothing to send, nobody pays a latency.
        let empty = affine::AffineDetails::empty();
        let mut sol = rounds::nothing(inst, Details::Affine(empty), emit);
        sol.status = Status::Optimal;
        sol.method = method;
        return Ok(sol);
    }
    let mut sol = match method {
        "star-linear" => star::star_linear(inst, emit),
        "fixed-order" => star::fixed_order(inst, emit),
        "tree-linear" => tree::tree_linear(inst, emit),
        "affine-exact" => affine::exact(inst, emit),
        "affine-sorted" => affine::sorted(inst, emit),
        "affine-prefix" => affine::prefix(inst, emit),
        "affine-lp" => program::lp_method(inst, emit),
        "multi-installment" => multi::multi_installment(inst, emit),
        "umr" => umr::umr(inst, emit),
        _ => periodic::periodic(inst, emit),
    }?;
    sol.method = method;
    if crate::rational::to_f64(&sol.makespan) > LARGE_MAKESPAN {
        sol.notes
            .push("the makespan exceeds 10^15: check the units of the input".to_owned());
    }
    Ok(sol)
}

/// What the parser guarantees, checked again for instances built in code, so that no method
/// divides by zero or indexes out of range.
#[cfg(feature = "solve")]
fn sane(inst: &Divisible) -> Result<(), DivisibleError> {
    let bad = |m: &str| Err(DivisibleError::NotApplicable(m.to_owned()));
    if inst.w_total.is_negative() {
        return bad("W_total must be >= 0");
    }
    let worker_ok = |w: &Worker| {
        w.w.is_positive() && !w.g.is_negative() && !w.big_g.is_negative() && !w.big_w.is_negative()
    };
    if !inst.workers.iter().all(worker_ok) {
        return bad("every worker needs w > 0 and g, G, W >= 0");
    }
    if inst.w0.as_ref().is_some_and(|w| !w.is_positive()) || inst.rounds == Some(0) {
        return bad("w0 must be > 0 and rounds >= 1");
    }
    if inst.variant == Variant::TreeLinear {
        let n = inst.nodes.len();
        let node_ok = |t: &TreeNode| {
            t.parent.is_none_or(|p| p < n)
                && !t.g.is_negative()
                && t.w.as_ref().is_none_or(Signed::is_positive)
        };
        if n == 0 || !inst.nodes.iter().all(node_ok) {
            return bad("platform must be a tree rooted at the master, with w > 0 and g >= 0");
        }
    } else if inst.workers.is_empty() && inst.w0.is_none() {
        return bad("at least one worker is required");
    }
    Ok(())
}
