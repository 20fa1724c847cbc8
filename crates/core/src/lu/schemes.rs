//! The distributions compared in lu-distributions.md §3.1, each turned into an owner matrix
//! with the allocation sequences that produced it, emitting the construction steps of §4.

use super::allocate::allocate_with;
use super::greedy;
use super::grid::{
    cyclic_columns, from_columns, full_block, mirrored_owners, reversed_columns, virtualise,
    VirtualGrid,
};
use super::grid_panels::{grid_panels, GridPanels};
use super::step::{Axis, LuStep};
use crate::error::SolveError;
use crate::rational::Q;

/// A distribution scheme of §3.1 (plus the 1D reversed allocation of §1.4).
/// Serialised under its algorithm name ([`Scheme::name`]).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    serde::Serialize,
    nanoserde::SerBin,
    nanoserde::DeBin,
)]
pub enum Scheme {
    /// §1.4: Algorithm 1 on the processors, reversed slices of `B` block columns.
    #[serde(rename = "1d")]
    OneD,
    /// §3.1.1: block-cyclic columns `((j − 1) mod p) + 1`.
    #[serde(rename = "block-cyclic")]
    BlockCyclic,
    /// §3.1.2: the column-based partition scaled to `n` and rounded.
    #[serde(rename = "full-block")]
    FullBlock,
    /// §3.1.3: the greedy on the virtual grid.
    #[serde(rename = "2d-greedy")]
    Greedy,
    /// §2.3: Algorithm 1 on the virtual rows and columns, mirrored.
    #[serde(rename = "2d-dp")]
    Dp,
    /// §2.5: block panels on a true processor grid (the instance's `grid`).
    #[serde(rename = "grid-panels")]
    GridPanels,
}

impl Scheme {
    /// Every scheme, in the order of the §3.3 tables (1D reversed first).
    pub const ALL: [Scheme; 6] = [
        Scheme::OneD,
        Scheme::BlockCyclic,
        Scheme::FullBlock,
        Scheme::Greedy,
        Scheme::Dp,
        Scheme::GridPanels,
    ];

    /// The algorithm name (formats.md §7; `full-block` is added by lu-distributions.md §3.1).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scheme::OneD => "1d",
            Scheme::BlockCyclic => "block-cyclic",
            Scheme::FullBlock => "full-block",
            Scheme::Greedy => "2d-greedy",
            Scheme::Dp => "2d-dp",
            Scheme::GridPanels => "grid-panels",
        }
    }

    /// The scheme of an algorithm name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Scheme> {
        Scheme::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// An owner matrix and how it was obtained.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Distribution {
    pub owners: Vec<Vec<usize>>,
    /// Period of the sequences (`B`, or `n` for the greedy).
    pub period: Option<usize>,
    /// The 1D allocation sequence `A(1..B)`.
    pub sequence: Option<Vec<usize>>,
    /// `RS` or `RS_g`.
    pub row_sequence: Option<Vec<usize>>,
    /// `CS` or `CS_g`.
    pub column_sequence: Option<Vec<usize>>,
    /// The virtual grid of the 2D schemes.
    pub grid: Option<VirtualGrid>,
    /// Column owners of the 1D schemes.
    pub columns: Option<Vec<usize>>,
    /// The true grid and its panel (`grid-panels`).
    pub panels: Option<GridPanels>,
}

impl Distribution {
    fn of_columns(
        columns: Vec<usize>,
        period: Option<usize>,
        sequence: Option<Vec<usize>>,
    ) -> Self {
        Distribution {
            owners: from_columns(&columns),
            period,
            sequence,
            row_sequence: None,
            column_sequence: None,
            grid: None,
            columns: Some(columns),
            panels: None,
        }
    }

    fn of_grid(grid: VirtualGrid, owners: Vec<Vec<usize>>) -> Self {
        Distribution {
            owners,
            period: None,
            sequence: None,
            row_sequence: None,
            column_sequence: None,
            grid: Some(grid),
            columns: None,
            panels: None,
        }
    }
}

/// Builds the distribution of `scheme` for cycle times `t`, period `b`, `n × n` blocks and the
/// processor grid `grid` (`grid-panels` only; inputs already checked by the caller), emitting
/// its construction steps.
pub(crate) fn build(
    scheme: Scheme,
    t: &[Q],
    (b, n): (usize, usize),
    grid: Option<(usize, usize)>,
    emit: &mut impl FnMut(LuStep),
) -> Result<Distribution, SolveError> {
    if scheme == Scheme::GridPanels {
        let (rows, cols) = grid.unwrap_or_else(|| crate::square::run::grid_shape(t.len()));
        let panels = grid_panels(t, rows, cols, b)?;
        emit(LuStep::Paneled {
            grid: panels.clone(),
        });
        return Ok(Distribution {
            owners: panels.owners(n),
            period: Some(b),
            sequence: None,
            row_sequence: None,
            column_sequence: None,
            grid: None,
            columns: None,
            panels: Some(panels),
        });
    }
    if let Scheme::OneD | Scheme::BlockCyclic = scheme {
        return build_columns(scheme, t, b, n, emit);
    }
    let grid = virtualise(t)?;
    emit(LuStep::Partitioned {
        areas: grid.areas.clone(),
        rects: grid.rects.clone(),
    });
    emit(LuStep::Virtualised {
        widths: grid.widths.clone(),
        heights: grid.heights.clone(),
        cells: grid.cells.clone(),
    });
    let (rs, cs, period) = match scheme {
        Scheme::FullBlock => {
            let owners = full_block(&grid, n);
            return Ok(Distribution::of_grid(grid, owners));
        }
        Scheme::Greedy => {
            let (rs, cs) = greedy::sequences(&grid, t, n, &mut |pick| {
                emit(LuStep::ChoseZones { pick });
            });
            (rs, cs, n)
        }
        _ => {
            let rs = allocate_with(&grid.heights, b, &mut |pick| {
                emit(LuStep::Allocated {
                    axis: Axis::Rows,
                    pick,
                });
            })?;
            let cs = allocate_with(&grid.widths, b, &mut |pick| {
                emit(LuStep::Allocated {
                    axis: Axis::Columns,
                    pick,
                });
            })?;
            (rs, cs, b)
        }
    };
    let owners = mirrored_owners(&grid, &rs, &cs, n);
    let mut d = Distribution::of_grid(grid, owners);
    d.period = Some(period);
    d.row_sequence = Some(rs);
    d.column_sequence = Some(cs);
    Ok(d)
}

/// The column distributions: Algorithm 1 with reversed slices (§1.4), or block-cyclic.
fn build_columns(
    scheme: Scheme,
    t: &[Q],
    b: usize,
    n: usize,
    emit: &mut impl FnMut(LuStep),
) -> Result<Distribution, SolveError> {
    if scheme == Scheme::BlockCyclic {
        return Ok(Distribution::of_columns(
            cyclic_columns(t.len(), n),
            None,
            None,
        ));
    }
    let speeds: Vec<Q> = t.iter().map(Q::recip).collect();
    let seq = allocate_with(&speeds, b, &mut |pick| {
        emit(LuStep::Allocated {
            axis: Axis::Chunks,
            pick,
        });
    })?;
    Ok(Distribution::of_columns(
        reversed_columns(&seq, n),
        Some(b),
        Some(seq),
    ))
}
