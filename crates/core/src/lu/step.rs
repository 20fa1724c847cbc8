//! The steps of the LU distributions (lu-distributions.md §4), with their English captions.
//! Processors are named `P1..Pp` as in the spec; indices in the data are 0-based.

use serde::Serialize;

use super::allocate::Pick;
use super::greedy::GreedyPick;
use super::grid_panels::GridPanels;
use super::simulate::StepCost;
use crate::rational::{approx, frac, Q};
use crate::square::Rect;
use crate::trace::{Phase, Step};

/// What a run of Algorithm 1 distributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    /// Block columns of the 1D distribution (processors are the candidates).
    Chunks,
    /// Block rows among the virtual rows (2D scheme).
    Rows,
    /// Block columns among the virtual columns (2D scheme).
    Columns,
}

/// The 1D chunk view of one LU step (§4.1), for the column distributions.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ColumnStep {
    /// Trailing chunks (block columns) per processor.
    pub chunks: Vec<u64>,
    /// `cost_1D(k)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub cost: Q,
    /// `(n − k)/Σ s`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub perfect: Q,
    /// `Σ cost_1D` up to this step.
    #[serde(serialize_with = "crate::rational::exact")]
    pub total: Q,
}

/// One event of a distribution's construction or of its simulated LU run.
// Each step is stored once in the trace; boxing the larger variants would only add indirection.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(rename_all = "snake_case")]
pub enum LuStep {
    /// Algorithm 1 gave the next chunk, block row or block column.
    Allocated {
        /// What is distributed.
        axis: Axis,
        /// The iteration.
        pick: Pick,
    },
    /// The optimal column-based partition of the normalised areas was computed.
    Partitioned {
        /// Areas `s_i/Σ s`.
        #[serde(serialize_with = "crate::rational::exact")]
        areas: Vec<Q>,
        /// One rectangle per processor.
        rects: Vec<Rect>,
    },
    /// The partition was cut at every horizontal edge into a virtual grid.
    Virtualised {
        /// Virtual column widths.
        #[serde(serialize_with = "crate::rational::exact")]
        widths: Vec<Q>,
        /// Virtual row heights.
        #[serde(serialize_with = "crate::rational::exact")]
        heights: Vec<Q>,
        /// Owner of each virtual cell (row-major).
        cells: Vec<Vec<usize>>,
    },
    /// The greedy chose the virtual row and column of the next trailing size.
    ChoseZones {
        /// The choice.
        pick: GreedyPick,
    },
    /// `grid-panels`: the processors were placed on a true grid, its row and column fractions
    /// rounded to panel sizes, and the panel's row and column order computed (§2.5).
    Paneled {
        /// The grid, its fractions, sizes and panel.
        grid: GridPanels,
    },
    /// The owner matrix was filled from the sequences, mirrored from the bottom-right corner.
    Distributed {
        /// `owners[i][j]`: processor of block (i+1, j+1).
        owners: Vec<Vec<usize>>,
        /// The period `B` of the sequences (`None` when the distribution has none).
        period: Option<usize>,
    },
    /// One LU step was simulated.
    Factored {
        /// `n − k`, the side of the trailing matrix.
        trailing: usize,
        /// The step's counts and costs.
        cost: StepCost,
        /// `t_P·N_P(k)` per processor.
        #[serde(serialize_with = "crate::rational::exact")]
        busy: Vec<Q>,
        /// `Σ cost` up to this step.
        #[serde(serialize_with = "crate::rational::exact")]
        total: Q,
        /// `Σ LB` up to this step.
        #[serde(serialize_with = "crate::rational::exact")]
        perfect_total: Q,
        /// The 1D chunk view, for column distributions.
        column: Option<ColumnStep>,
    },
}

/// Pseudocode shown beside the figure; [`Phase::line`] indexes it.
pub const LU_PSEUDOCODE: &[&str] = &[
    "allocate(s, B): c := (0, …, 0)",
    "  for b = 1..B: v_j := (c_j + 1)/s_j for every j",
    "    A(b) := the fastest among the tied minima of v;  c_A(b) += 1",
    "2D: optimal column-based partition of the areas s_i / Σ s",
    "    virtualise: cut every column at every horizontal edge → rows r, columns c",
    "    greedy: add the (row, column) pair with the smallest sorted busy times",
    "owner(i, j) := A((n − j) mod B + 1)   or   cell(RS((n − i) mod B + 1), CS((n − j) mod B + 1))",
    "for k = 1..n−1: N_P(k) := blocks of P in rows and columns > k",
    "  cost(k) := max_P t_P·N_P(k);  LB(k) := (n − k)² / Σ s",
    "total := Σ cost(k);  ratio := total / Σ LB(k)",
    "grid panels (§2.5): r, c of the grid rounded to B; allocate on grid rows and columns, reversed",
];

fn name(i: usize) -> String {
    format!("P{}", i + 1)
}

fn names(list: &[usize]) -> String {
    let v: Vec<String> = list.iter().map(|&i| name(i)).collect();
    match v.len() {
        0 => "none".to_owned(),
        1 => v[0].clone(),
        k => format!("{} and {}", v[..k - 1].join(", "), v[k - 1]),
    }
}

fn allocated_caption(axis: Axis, pick: &Pick) -> String {
    let (thing, label, fastest, ratio, load) = match axis {
        Axis::Chunks => ("chunk", "P", "fastest", "(c + 1)/s", "makespan"),
        Axis::Rows => (
            "block row",
            "virtual row ",
            "tallest",
            "(rows + 1)/height",
            "largest rows-to-height ratio",
        ),
        Axis::Columns => (
            "block column",
            "virtual column ",
            "widest",
            "(columns + 1)/width",
            "largest columns-to-width ratio",
        ),
    };
    let who = |i: usize| format!("{label}{}", i + 1);
    let value = frac(&pick.finishing[pick.chosen]);
    let why = if pick.tied.len() > 1 {
        let tied: Vec<String> = pick.tied.iter().map(|&i| who(i)).collect();
        let k = tied.len();
        format!(
            "{} and {} tie at {ratio} = {value}, and the {fastest} of them (then the first) wins",
            tied[..k - 1].join(", "),
            tied[k - 1]
        )
    } else if axis == Axis::Chunks {
        format!("it would finish first, at {ratio} = {value}")
    } else {
        format!("its {ratio} = {value} is the smallest")
    };
    format!(
        "Gave {thing} {} to {}: {why}; the {load} is now {}.",
        pick.b,
        who(pick.chosen),
        frac(&pick.makespan)
    )
}

impl Step for LuStep {
    type Context<'a> = ();

    fn caption(&self, (): &()) -> String {
        match self {
            LuStep::Allocated { axis, pick } => allocated_caption(*axis, pick),
            LuStep::Partitioned { rects, .. } => format!(
                "Partitioned the unit square into {} rectangles, one per processor with an area proportional to its speed, arranged in columns.",
                rects.len()
            ),
            LuStep::Virtualised { widths, heights, .. } => format!(
                "Extended every horizontal edge across the square: a virtual grid of {} rows and {} columns, in which each processor owns a block of rows inside one column.",
                heights.len(),
                widths.len()
            ),
            LuStep::ChoseZones { pick } => {
                let slowest = pick.busy.iter().max().map_or_else(String::new, frac);
                format!(
                    "For trailing size {}, added virtual row {} and virtual column {}: the busiest processor then needs {slowest}, the least of all pairs.",
                    pick.m,
                    pick.row + 1,
                    pick.column + 1
                )
            }
            LuStep::Paneled { grid } => {
                let list = |v: &[usize]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
                let order = |v: &[usize]| v.iter().map(|k| (k + 1).to_string()).collect::<Vec<_>>().join(" ");
                format!(
                    "Placed the processors on a {} × {} grid ({} row and column fractions, square-partitions §4) and rounded them to a {b} × {b} panel: block rows per grid row ({}), block columns per grid column ({}); Algorithm 1 on the grid rows and columns, reversed, orders the panel: rows {}, columns {}.",
                    grid.rows,
                    grid.cols,
                    if grid.exact { "exact" } else { "heuristic" },
                    list(&grid.row_sizes),
                    list(&grid.column_sizes),
                    order(&grid.panel.rows),
                    order(&grid.panel.columns),
                    b = grid.panel.rows.len(),
                )
            }
            LuStep::Distributed { owners, period } => match period {
                Some(b) => format!(
                    "Filled the {n} × {n} owner matrix from the bottom-right corner, repeating the sequences every {b} blocks so that every trailing matrix is served by a prefix.",
                    n = owners.len()
                ),
                None => format!("Filled the {n} × {n} owner matrix.", n = owners.len()),
            },
            LuStep::Factored {
                trailing: m,
                cost,
                busy,
                total,
                perfect_total,
                ..
            } => {
                let slowest: Vec<usize> = (0..busy.len()).filter(|&i| busy[i] == cost.cost).collect();
                let verb = if slowest.len() == 1 { "finishes" } else { "finish" };
                format!(
                    "Step {}: with pivot row and column {} factored, the {m} × {m} trailing blocks are updated; {} {verb} last at {} (perfect balance {}); total so far {} against {}.",
                    cost.k,
                    cost.k,
                    names(&slowest),
                    frac(&cost.cost),
                    approx(&cost.perfect),
                    frac(total),
                    approx(perfect_total),
                )
            }
        }
    }

    fn phase(&self) -> Phase {
        match self {
            LuStep::Allocated { .. } => Phase {
                name: "allocate",
                line: 2,
            },
            LuStep::Partitioned { .. } => Phase {
                name: "partition",
                line: 3,
            },
            LuStep::Virtualised { .. } => Phase {
                name: "partition",
                line: 4,
            },
            LuStep::ChoseZones { .. } => Phase {
                name: "greedy",
                line: 5,
            },
            LuStep::Paneled { .. } => Phase {
                name: "panel",
                line: 10,
            },
            LuStep::Distributed { .. } => Phase {
                name: "distribute",
                line: 6,
            },
            LuStep::Factored { .. } => Phase {
                name: "simulate",
                line: 8,
            },
        }
    }
}
