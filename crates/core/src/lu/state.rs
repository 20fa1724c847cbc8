//! The view model of the LU distributions: what the figures of lu-distributions.md §4 show after
//! step `k` (allocation table and ribbons, partition and virtual grid, owner matrix, per-processor
//! load bars and running totals).

use num_traits::Zero;

use super::allocate::Pick;
use super::grid_panels::GridPanels;
use super::step::{Axis, ColumnStep, LuStep};
use crate::rational::Q;
use crate::square::Rect;
use crate::trace::Replay;

/// What the figure shows after some steps.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct LuState {
    /// Number of processors.
    pub p: usize,
    /// Matrix size in blocks.
    pub n: usize,
    /// What Algorithm 1 is currently distributing.
    pub axis: Option<Axis>,
    /// The iterations of Algorithm 1 on the current axis so far (the table of §1.2, one row each;
    /// the last one is highlighted: its candidates, tie set and choice).
    pub picks: Vec<Pick>,
    /// 1D allocation sequence `A` so far (0-based processors).
    pub chunk_sequence: Vec<usize>,
    /// Row sequence `RS` (or `RS_g`) so far (0-based virtual rows).
    pub row_sequence: Vec<usize>,
    /// Column sequence `CS` (or `CS_g`) so far (0-based virtual columns).
    pub column_sequence: Vec<usize>,
    /// Areas of the partition (2D).
    pub areas: Vec<Q>,
    /// The column-based partition (2D).
    pub rects: Vec<Rect>,
    /// Virtual column widths (2D).
    pub widths: Vec<Q>,
    /// Virtual row heights (2D).
    pub heights: Vec<Q>,
    /// Owner of each virtual cell (2D).
    pub cells: Vec<Vec<usize>>,
    /// Busy times after the latest greedy choice (highlighted pair: the last sequence entries).
    pub greedy_busy: Vec<Q>,
    /// The `n × n` owner matrix (empty until distributed).
    pub owners: Vec<Vec<usize>>,
    /// Period of the sequences (slice boundaries in the 1D view).
    pub period: Option<usize>,
    /// Current LU step `k` (pivot row and column; `None` before the play-back).
    pub k: Option<usize>,
    /// `N_P(k)` per processor.
    pub blocks: Vec<u64>,
    /// `t_P·N_P(k)` per processor (the load bars).
    pub busy: Vec<Q>,
    /// `cost(k)` (the outlined bar).
    pub cost: Q,
    /// `LB(k)` (the dashed line).
    pub perfect: Q,
    /// `comm(k)`.
    pub comm: u64,
    /// Cumulated cost `Σ cost` so far.
    pub total: Q,
    /// Cumulated perfect-balance cost so far.
    pub perfect_total: Q,
    /// `cost(1..k)`, for the cost curve.
    pub costs: Vec<Q>,
    /// The 1D chunk view of step `k`, for column distributions.
    pub column: Option<ColumnStep>,
    /// `grid-panels`: the true grid and its panel.
    pub panels: Option<GridPanels>,
}

impl LuState {
    /// The state before any step, for `p` processors and an `n × n` block matrix.
    #[must_use]
    pub fn new(p: usize, n: usize) -> LuState {
        LuState {
            p,
            n,
            blocks: vec![0; p],
            busy: vec![Q::zero(); p],
            ..LuState::default()
        }
    }

    /// `total / perfect_total` so far (`None` before the first step).
    #[must_use]
    pub fn ratio(&self) -> Option<Q> {
        (!self.perfect_total.is_zero()).then(|| &self.total / &self.perfect_total)
    }
}

impl Replay for LuState {
    type Step = LuStep;

    fn apply(&mut self, step: &LuStep) {
        match step {
            LuStep::Allocated { axis, pick } => {
                if self.axis != Some(*axis) {
                    self.picks.clear();
                }
                self.axis = Some(*axis);
                self.picks.push(pick.clone());
                match axis {
                    Axis::Chunks => self.chunk_sequence.push(pick.chosen),
                    Axis::Rows => self.row_sequence.push(pick.chosen),
                    Axis::Columns => self.column_sequence.push(pick.chosen),
                }
            }
            LuStep::Partitioned { areas, rects } => {
                self.areas.clone_from(areas);
                self.rects.clone_from(rects);
            }
            LuStep::Virtualised {
                widths,
                heights,
                cells,
            } => {
                self.widths.clone_from(widths);
                self.heights.clone_from(heights);
                self.cells.clone_from(cells);
            }
            LuStep::ChoseZones { pick } => {
                self.axis = None;
                self.row_sequence.push(pick.row);
                self.column_sequence.push(pick.column);
                self.greedy_busy.clone_from(&pick.busy);
            }
            LuStep::Paneled { grid } => self.panels = Some(grid.clone()),
            LuStep::Distributed { owners, period } => {
                self.axis = None;
                self.owners.clone_from(owners);
                self.period = *period;
            }
            LuStep::Factored {
                cost,
                busy,
                total,
                perfect_total,
                column,
                ..
            } => {
                self.k = Some(cost.k);
                self.blocks.clone_from(&cost.blocks);
                self.busy.clone_from(busy);
                self.cost.clone_from(&cost.cost);
                self.perfect.clone_from(&cost.perfect);
                self.comm = cost.comm;
                self.total.clone_from(total);
                self.perfect_total.clone_from(perfect_total);
                self.costs.push(cost.cost.clone());
                self.column.clone_from(column);
            }
        }
    }
}
