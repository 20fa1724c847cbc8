//! The view model of a scatter run (scatter.md §7): what the page draws after step `k` — the
//! sending order, the Gantt chart before and after balancing, the DP table as it fills (with
//! the highlighted cell and its candidate curve), the participation scan, the rational shares,
//! the rounding table, the orders and roots tried.

use super::closed::Participation;
use super::lp::RoundStep;
use super::model::Schedule;
use super::step::ScatterStep;
use crate::rational::Q;
use crate::trace::Replay;

/// One column of the table and of the choices, being filled.
type ColumnMut<'a> = (&'a mut Vec<Option<Q>>, &'a mut Vec<Option<u64>>);

/// The highlighted DP cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Sending position (column).
    pub position: usize,
    /// Items left (row).
    pub d: u64,
    /// The chosen `e`.
    pub choice: u64,
    /// The candidate curve `e ↦ value`, `e = 0..=d`.
    pub candidates: Vec<Q>,
}

/// One candidate of the root choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootBar {
    /// The root.
    pub root: usize,
    /// Moving the data to it.
    pub transfer: Q,
    /// The scatter from it.
    pub execution: Q,
}

/// What the figures show after some steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ScatterState {
    /// Number of processors.
    pub p: usize,
    /// Items.
    pub n: u64,
    /// The sending order (rows of the Gantt chart, the root at the bottom).
    pub order: Vec<usize>,
    /// The uniform distribution (the stair before balancing).
    pub before: Option<Schedule>,
    /// `table[position][d]`: the DP table as filled so far.
    pub table: Vec<Vec<Option<Q>>>,
    /// `choice[position][d]`, as filled so far.
    pub choice: Vec<Vec<Option<u64>>>,
    /// The latest DP cell.
    pub cell: Option<Cell>,
    /// The reconstruction so far: `(position, d, items)`.
    pub traced: Vec<(usize, u64, u64)>,
    /// The participation scan so far.
    pub scan: Vec<Participation>,
    /// Rational shares (closed form or LP), input order.
    pub rational: Option<Vec<Q>>,
    /// Their makespan (`T_rat` or `T_LP`).
    pub rational_makespan: Option<Q>,
    /// The guarantee band's top (`lp-rounded`).
    pub bound: Option<Q>,
    /// The rounding steps so far.
    pub rounding: Vec<RoundStep>,
    /// Orders tried with their makespans (exhaustive search).
    pub orders: Vec<(Vec<usize>, Q)>,
    /// Index into `orders` of the best so far.
    pub best_order: Option<usize>,
    /// Roots tried.
    pub roots: Vec<RootBar>,
    /// The best root so far.
    pub best_root: Option<usize>,
    /// The final distribution.
    pub after: Option<Schedule>,
}

impl ScatterState {
    /// The state before any step, for `p` processors and `n` items.
    #[must_use]
    pub fn new(p: usize, n: u64) -> ScatterState {
        ScatterState {
            p,
            n,
            order: (0..p).collect(),
            ..ScatterState::default()
        }
    }

    fn column(&mut self, position: usize) -> Option<ColumnMut<'_>> {
        if self.table.len() < self.p {
            let len = usize::try_from(self.n).map_or(0, |n| n + 1);
            self.table = vec![vec![None; len]; self.p];
            self.choice = vec![vec![None; len]; self.p];
        }
        Some((
            self.table.get_mut(position)?,
            self.choice.get_mut(position)?,
        ))
    }
}

impl Replay for ScatterState {
    type Step = ScatterStep;

    fn apply(&mut self, step: &ScatterStep) {
        match step {
            ScatterStep::Ordered { order, .. } => {
                self.order.clone_from(order);
                // A new order starts a new table (the search's best order, the chosen root).
                self.table.clear();
                self.choice.clear();
                self.cell = None;
                self.traced.clear();
            }
            ScatterStep::Uniform { schedule } => self.before = Some(schedule.clone()),
            ScatterStep::DpCell {
                position,
                d,
                choice,
                value,
                candidates,
                ..
            } => {
                if let Some((col, ch)) = self.column(*position) {
                    let k = usize::try_from(*d).unwrap_or(usize::MAX);
                    if let (Some(c), Some(h)) = (col.get_mut(k), ch.get_mut(k)) {
                        *c = Some(value.clone());
                        *h = Some(*choice);
                    }
                }
                self.cell = Some(Cell {
                    position: *position,
                    d: *d,
                    choice: *choice,
                    candidates: candidates.clone(),
                });
            }
            ScatterStep::DpColumn {
                position,
                cost,
                choice,
                ..
            } => {
                if let Some((col, ch)) = self.column(*position) {
                    *col = cost.iter().cloned().map(Some).collect();
                    *ch = choice.iter().copied().map(Some).collect();
                }
                self.cell = None;
            }
            ScatterStep::DpTraced {
                position, d, items, ..
            } => self.traced.push((*position, *d, *items)),
            ScatterStep::Participation { test } => self.scan.push(test.clone()),
            ScatterStep::Shares { shares, t } => {
                self.rational = Some(shares.clone());
                self.rational_makespan = Some(t.clone());
            }
            ScatterStep::LpSolved { x, t_lp, bound } => {
                self.rational = Some(x.clone());
                self.rational_makespan = Some(t_lp.clone());
                self.bound = Some(bound.clone());
            }
            ScatterStep::Rounded { step } => self.rounding.push(step.clone()),
            ScatterStep::OrderTried {
                order,
                makespan,
                best,
            } => {
                self.orders.push((order.clone(), makespan.clone()));
                if *best {
                    self.best_order = Some(self.orders.len() - 1);
                }
            }
            ScatterStep::RootTried {
                root,
                transfer,
                execution,
                best,
                ..
            } => {
                self.roots.push(RootBar {
                    root: *root,
                    transfer: transfer.clone(),
                    execution: execution.clone(),
                });
                if *best {
                    self.best_root = Some(*root);
                }
            }
            ScatterStep::Finished { schedule } => self.after = Some(schedule.clone()),
        }
    }
}
