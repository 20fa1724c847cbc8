//! An independent checker of LU solutions: the owner matrix is a distribution of the whole
//! matrix (every block owned by exactly one existing processor), the sequences produce it, and
//! the simulated costs agree with a direct recount of every trailing matrix.

use num_traits::Zero;

use super::grid::{cyclic_columns, reversed_columns};
use super::schemes::Scheme;
use super::{LuInput, LuSolution};
use crate::error::Violation;
use crate::rational::Q;

/// Checks `sol` against `input`: shape and owners, the mirrored-sequence formula of the scheme
/// (§1.4, §2.3, §3.1), and every step's cost recounted directly from the definition of §3.2
/// (`O(n³)`, independent of the simulator's incremental peeling), with `total ≥ LB_total`.
///
/// # Errors
/// A sentence naming the first violation.
pub fn verify(input: &LuInput, sol: &LuSolution) -> Result<(), Violation> {
    let t = &input.cycle_times;
    let p = t.len();
    let n = sol.n;
    if sol.owners.len() != n || sol.owners.iter().any(|r| r.len() != n) {
        return Err(format!("the owner matrix is not {n} × {n}").into());
    }
    for (i, row) in sol.owners.iter().enumerate() {
        if let Some(j) = row.iter().position(|&o| o >= p) {
            return Err(format!("block ({}, {}) has no valid owner", i + 1, j + 1).into());
        }
    }
    check_formula(input, sol)?;
    if sol.steps.len() != n - 1 {
        return Err(format!("{} simulated steps instead of {}", sol.steps.len(), n - 1).into());
    }
    let sum_s: Q = t.iter().map(Q::recip).sum();
    let mut total = Q::zero();
    let mut perfect = Q::zero();
    for (k0, step) in sol.steps.iter().enumerate() {
        let mut blocks = vec![0u64; p];
        for row in &sol.owners[k0 + 1..] {
            for &o in &row[k0 + 1..] {
                blocks[o] += 1;
            }
        }
        let cost = blocks
            .iter()
            .zip(t)
            .map(|(&b, t)| Q::from_integer(b.into()) * t)
            .max()
            .unwrap_or_else(Q::zero);
        if blocks != step.blocks || cost != step.cost {
            return Err(format!(
                "step {} does not match a direct count of its trailing blocks",
                k0 + 1
            )
            .into());
        }
        let m = Q::from_integer((n - k0 - 1).into());
        if step.perfect != &m * &m / &sum_s || step.cost < step.perfect {
            return Err(format!("step {} has a wrong perfect-balance cost", k0 + 1).into());
        }
        total += cost;
        perfect += &step.perfect;
    }
    if total != sol.total_cost || perfect != sol.perfect_balance {
        return Err("the totals are not the sums of the steps".into());
    }
    Ok(())
}

/// The owner matrix is what the scheme's formula gives from the reported sequences.
fn check_formula(input: &LuInput, sol: &LuSolution) -> Result<(), Violation> {
    let n = sol.n;
    let columns = match sol.scheme {
        Scheme::OneD => sol.sequence.as_ref().map(|a| reversed_columns(a, n)),
        Scheme::BlockCyclic => Some(cyclic_columns(input.cycle_times.len(), n)),
        _ => None,
    };
    if let Some(columns) = columns {
        if sol.owners.iter().any(|row| *row != columns) {
            return Err("the owner matrix does not follow the column owners".into());
        }
    }
    if let Some(g) = &sol.grid_panels {
        let (bp, bq) = (g.panel.rows.len(), g.panel.columns.len());
        if g.row_sizes.iter().sum::<usize>() != input.b
            || g.column_sizes.iter().sum::<usize>() != input.b
            || bp != input.b
            || bq != input.b
        {
            return Err("the panel is not B × B".into());
        }
        for (i, row) in sol.owners.iter().enumerate() {
            for (j, &o) in row.iter().enumerate() {
                // Block (i+1, j+1) sits (n − 1 − i) blocks above the bottom edge: that many
                // panel rows from the panel's end, cyclically.
                let pr = g.panel.rows[bp - 1 - (n - 1 - i) % bp];
                let pc = g.panel.columns[bq - 1 - (n - 1 - j) % bq];
                if g.arrangement.get(pr).and_then(|r| r.get(pc)) != Some(&o) {
                    return Err(format!(
                        "block ({}, {}) is not the panel's grid cell",
                        i + 1,
                        j + 1
                    )
                    .into());
                }
            }
        }
    }
    if let (Some(grid), Some(rs), Some(cs)) =
        (&sol.virtual_grid, &sol.row_sequence, &sol.column_sequence)
    {
        for (i, row) in sol.owners.iter().enumerate() {
            for (j, &o) in row.iter().enumerate() {
                let r = rs.get((n - 1 - i) % rs.len().max(1));
                let c = cs.get((n - 1 - j) % cs.len().max(1));
                let cell = r.zip(c).and_then(|(&r, &c)| grid.cells.get(r)?.get(c));
                if cell != Some(&o) {
                    return Err(format!(
                        "block ({}, {}) is not the cell its sequences name",
                        i + 1,
                        j + 1
                    )
                    .into());
                }
            }
        }
    }
    Ok(())
}
