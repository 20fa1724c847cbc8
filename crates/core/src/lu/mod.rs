//! Static data distributions for LU decomposition on heterogeneous processors
//! (lu-distributions.md): the optimal 1D allocation and its reversed slices, the 2D scheme on a
//! virtualised column-based partition, the greedy and block-cyclic baselines, and the simulator
//! that prices every distribution step by step while the trailing matrix shrinks.
//!
//! Module map:
//! * [`allocate`]: Algorithm 1 (§1.1), exact, with its tie rule, and the batch form;
//! * [`grid`]: the virtual grid (§2.2) and the owner matrices (§1.4, §2.3, §3.1);
//! * `greedy`: the 2D greedy of §3.1.3; `weights`: cycle times as exact integer weights;
//! * [`schemes`]: the named distributions and their construction steps;
//! * [`simulate`]: the block simulator (§3.2) and the 1D chunk view (§1.5);
//! * [`compare`]: the ratio-to-perfect-balance series of §3.3; [`extras`]: what the page shows
//!   beside the matrix (every scheme, the curves, §2.1), also in `--explain` documents;
//! * [`panel`]: block panels on a true processor grid (§2.5); [`grid_panels`]: the `grid-panels`
//!   scheme built on them (the instance's `grid`); [`grid_failure`]: the table of §2.1 (why
//!   plain grids fail for LU);
//! * `verify`: an independent checker of solutions (direct recount of every step);
//! * `step` / `state`: the trace ([`LuStep`], captions, phases) and the view model ([`LuState`]).
//!
//! Processors are 0-based indices (input order) in the data and `P1..Pp` in captions.
//! Everything is exact: the spec's floating-point tolerances (§0) approximate the exact
//! equalities used here.

pub mod about;
pub mod allocate;
#[cfg(feature = "solve")]
pub mod bench;
pub mod compare;
pub mod extras;
pub mod family;
mod greedy;
pub mod grid;
pub mod grid_failure;
pub mod grid_panels;
pub mod instance;
pub mod panel;
#[cfg(feature = "solve")]
mod practice;
pub mod report;
pub mod schemes;
pub mod simulate;
#[cfg(feature = "solve")]
mod solver;
mod state;
mod step;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_api;
#[cfg(test)]
mod tests_compare;
#[cfg(test)]
mod tests_props;
mod verify;
mod weights;

use num_traits::{Signed, Zero};
use serde::Serialize;

pub use grid::VirtualGrid;
pub use instance::Lu;
pub use schemes::Scheme;
pub use simulate::{ColumnView, Simulation, StepCost};
pub use state::LuState;
pub use step::{Axis, ColumnStep, LuStep, LU_PSEUDOCODE};
pub use verify::verify;

use crate::error::SolveError;
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// Largest matrix, in blocks per side: the owner matrix (`n²` entries) and the simulation stay
/// well under a second in the browser.
pub const MAX_BLOCKS: usize = 512;

/// Most processors: the greedy examines `O(p²)` pairs of `p` busy times at each of `n` steps.
pub const MAX_PROCESSORS: usize = 32;

/// An LU instance (formats.md §3, `"problem": "lu"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LuInput {
    /// Cycle times `t_i > 0` (use [`cycle_times_from_speeds`] for speeds).
    pub cycle_times: Vec<Q>,
    /// The slice length (period) `B`.
    pub b: usize,
    /// The matrix size in blocks (default `B`).
    pub n: Option<usize>,
    /// A true processor grid `[rows, cols]` (§2.5), used by `grid-panels` (the most square grid
    /// when absent).
    pub grid: Option<(usize, usize)>,
}

/// A distribution with its simulated LU run (formats.md §4: objective `total_cost`).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct LuSolution {
    /// The scheme.
    pub scheme: Scheme,
    /// Matrix size in blocks.
    pub n: usize,
    /// Period of the sequences (`B`; `n` for the greedy; none for block-cyclic and full-block).
    pub period: Option<usize>,
    /// 1D allocation sequence `A(1..B)` (0-based processors).
    pub sequence: Option<Vec<usize>>,
    /// Row sequence `RS` / `RS_g` (0-based virtual rows).
    pub row_sequence: Option<Vec<usize>>,
    /// Column sequence `CS` / `CS_g` (0-based virtual columns).
    pub column_sequence: Option<Vec<usize>>,
    /// The virtual grid of the 2D schemes.
    pub virtual_grid: Option<VirtualGrid>,
    /// Column owners of the 1D schemes (`owner(j)`, 0-based).
    pub column_owners: Option<Vec<usize>>,
    /// `owners[i][j]`: the processor of block `(i+1, j+1)`.
    pub owners: Vec<Vec<usize>>,
    /// The block simulator's steps (§3.2): `cost(k)`, `LB(k)`, `comm(k)` and the blocks per
    /// processor. Written `step_costs` in the result document, whose `steps` counts the trace
    /// (formats.md §4).
    #[serde(rename = "step_costs")]
    pub steps: Vec<StepCost>,
    /// `Σ cost(k)`, the objective.
    #[serde(serialize_with = "crate::rational::exact")]
    pub total_cost: Q,
    /// `Σ LB(k)`, the perfect-balance cost.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect_balance: Q,
    /// `total_cost / perfect_balance`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub ratio: Q,
    /// The 1D chunk view of §1.5 (column distributions only).
    pub column_view: Option<ColumnView>,
    /// The true grid and its panel (`grid-panels`).
    pub grid_panels: Option<grid_panels::GridPanels>,
}

/// Cycle times `t_i = 1/s_i` of relative speeds `s_i` (§0).
///
/// # Errors
/// A sentence naming the first speed that is not positive.
pub fn cycle_times_from_speeds(speeds: &[Q]) -> Result<Vec<Q>, SolveError> {
    allocate::check_speeds(speeds)?;
    Ok(speeds.iter().map(Q::recip).collect())
}

/// Checks the sizes and returns `n` (what every algorithm refuses, so that a form can refuse it
/// before anything runs).
///
/// # Errors
/// A sentence naming the first problem.
pub fn check(input: &LuInput) -> Result<usize, SolveError> {
    let p = input.cycle_times.len();
    if p == 0 || p > MAX_PROCESSORS {
        return Err(
            format!("between 1 and {MAX_PROCESSORS} processors are needed, got {p}").into(),
        );
    }
    if let Some(i) = input.cycle_times.iter().position(|t| !t.is_positive()) {
        return Err(format!("the cycle time of P{} must be > 0", i + 1).into());
    }
    if let Some((rows, cols)) = input.grid {
        if rows * cols != p {
            return Err(format!(
                "grid: a {rows} × {cols} grid holds {} processors, not {p}; give [rows, columns] with rows × columns = {p}",
                rows * cols
            )
            .into());
        }
    }
    let n = input.n.unwrap_or(input.b);
    if !(2..=MAX_BLOCKS).contains(&n) {
        return Err(format!("n must be between 2 and {MAX_BLOCKS} blocks, got {n}").into());
    }
    if input.b == 0 || input.b > n {
        return Err(format!("B must be between 1 and n = {n}, got {}", input.b).into());
    }
    Ok(n)
}

/// Builds the distribution named `algorithm` (`1d`, `2d-dp`, `2d-greedy`, `block-cyclic`,
/// `full-block` or `grid-panels`) and simulates its LU run (§3.2).
///
/// The objective `total_cost` is always the block simulator of §3.2, so the four schemes compare
/// on the same scale; the 1D schemes also carry the chunk view of §1.5 in `column_view`.
///
/// # Complexity
/// `O(p³ + p·B + n²)`, plus `O(n·p³ log p)` for the greedy.
///
/// # Errors
/// A sentence for an unknown algorithm, more than [`MAX_PROCESSORS`] processors, a cycle time
/// that is not positive, `n` outside `2..=`[`MAX_BLOCKS`], `B` outside `1..=n`, or a `grid`
/// that does not hold exactly the processors.
///
/// ```
/// use hetlab_core::lu::{solve, LuInput};
/// use hetlab_core::rational::qi;
/// let input = LuInput { cycle_times: vec![qi(3), qi(5), qi(8)], b: 10, n: None, grid: None };
/// let sol = solve("1d", &input).unwrap();
/// assert_eq!(sol.column_owners.unwrap(), [2, 1, 0, 0, 1, 0, 2, 0, 1, 0]);
/// assert_eq!(sol.column_view.unwrap().total, qi(83));
/// ```
#[cfg(feature = "solve")]
pub fn solve(algorithm: &str, input: &LuInput) -> Result<LuSolution, SolveError> {
    run(algorithm, input, &mut |_| {})
}

/// As [`solve`], with the steps that the player replays (initial state: [`LuState::new`] with
/// `p` processors and `n` blocks).
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_traced(
    algorithm: &str,
    input: &LuInput,
) -> Result<Traced<LuSolution, LuStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(algorithm, input, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

fn run(
    algorithm: &str,
    input: &LuInput,
    emit: &mut impl FnMut(LuStep),
) -> Result<LuSolution, SolveError> {
    let scheme = Scheme::from_name(algorithm).ok_or_else(|| {
        SolveError::Unknown(format!("unknown LU algorithm \"{algorithm}\" (expected 1d, 2d-dp, 2d-greedy, block-cyclic, full-block or grid-panels)"))
    })?;
    let n = check(input)?;
    let t = &input.cycle_times;
    let dist = schemes::build(scheme, t, (input.b, n), input.grid, emit)?;
    emit(LuStep::Distributed {
        owners: dist.owners.clone(),
        period: dist.period,
    });
    let sim = simulate::simulate(t, &dist.owners)?;
    let column_view = match &dist.columns {
        Some(c) => Some(simulate::simulate_columns(t, c)?),
        None => None,
    };
    replay_costs(t, &sim, column_view.as_ref(), emit);
    let ratio = if sim.perfect_total.is_zero() {
        Q::zero()
    } else {
        &sim.total / &sim.perfect_total
    };
    Ok(LuSolution {
        scheme,
        n,
        period: dist.period,
        sequence: dist.sequence,
        row_sequence: dist.row_sequence,
        column_sequence: dist.column_sequence,
        virtual_grid: dist.grid,
        column_owners: dist.columns,
        owners: dist.owners,
        steps: sim.steps,
        total_cost: sim.total,
        perfect_balance: sim.perfect_total,
        ratio,
        column_view,
        grid_panels: dist.panels,
    })
}

/// Emits one `Factored` step per simulated LU step, with running totals.
fn replay_costs(
    t: &[Q],
    sim: &Simulation,
    column: Option<&ColumnView>,
    emit: &mut impl FnMut(LuStep),
) {
    let n = sim.steps.len() + 1;
    let mut total = Q::zero();
    let mut perfect_total = Q::zero();
    let mut column_total = Q::zero();
    for (k0, step) in sim.steps.iter().enumerate() {
        total += &step.cost;
        perfect_total += &step.perfect;
        let column = column.map(|v| {
            column_total += &v.costs[k0];
            ColumnStep {
                chunks: v.chunks[k0].clone(),
                cost: v.costs[k0].clone(),
                perfect: v.perfect[k0].clone(),
                total: column_total.clone(),
            }
        });
        emit(LuStep::Factored {
            trailing: n - step.k,
            busy: step
                .blocks
                .iter()
                .zip(t)
                .map(|(&b, t)| Q::from_integer(b.into()) * t)
                .collect(),
            cost: step.clone(),
            total: total.clone(),
            perfect_total: perfect_total.clone(),
            column,
        });
    }
}
