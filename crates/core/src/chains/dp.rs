//! The dynamic programs of chains.md §6.1–6.3: the direct recurrence (paper Eq. 4), the
//! `O(NP)` form with Choi–Narahari monotonicity (Fig. 2a), and DP+ restricted to the separator
//! band of Lemma 4.3 (Fig. 2b).

use super::chain::Chain;
use super::probe::Ctx;
use super::ratio::{Value, R};
use super::step::{ChainStep, Reason};

/// Cell-by-cell events only when the table (or DP+'s band) has at most this many cells.
pub const CELL_EVENTS: usize = 5_000;

/// `B[p][i]` of Eq. 4 for `p = 1..=P` (rows) and `i = 0..=N`, with the separator `j` achieving
/// each cell (the smallest on ties). `O(N²P)`.
#[must_use]
pub fn eq4_table(c: &Chain) -> Vec<Vec<(R, usize)>> {
    let n = c.n();
    let mut rows: Vec<Vec<(R, usize)>> =
        vec![(0..=n).map(|i| (R::load(c.w[i], c.e[0]), 0)).collect()];
    for p in 2..=c.p() {
        let prev = &rows[p - 2];
        let row: Vec<(R, usize)> = (0..=n)
            .map(|i| {
                (0..=i)
                    .map(|j| (prev[j].0.max(R::load(c.seg(j, i), c.speed(p))), j))
                    .min_by(|a, b| a.0.cmp(&b.0))
                    .unwrap_or((R::ZERO, 0))
            })
            .collect();
        rows.push(row);
    }
    rows
}

/// DP by Eq. 4 (§6.1): the optimal bottleneck, every cell emitted when the table is small.
pub fn dp_eq4(ctx: &mut Ctx<'_>) -> R {
    let c = ctx.chain;
    let table = eq4_table(c);
    let show = ctx.out.on && (c.n() + 1) * c.p() <= CELL_EVENTS;
    for (p0, row) in table.iter().enumerate() {
        if show {
            for (i, &(v, j)) in row.iter().enumerate() {
                ctx.out.step(|| ChainStep::DpCell {
                    p: p0 + 1,
                    i,
                    j,
                    value: v.exact(),
                });
            }
        } else if let Some(&(v, _)) = row.last() {
            ctx.out.step(|| ChainStep::DpRow {
                p: p0 + 1,
                value: v.exact(),
            });
        }
    }
    table
        .last()
        .and_then(|r| r.last())
        .map_or(R::ZERO, |&(v, _)| v)
}

/// A row of the table restricted to columns `lo..=hi`; `+∞` outside.
struct Row {
    lo: usize,
    hi: usize,
    v: Vec<R>,
}

impl Row {
    fn get(&self, j: usize) -> R {
        if j < self.lo || j > self.hi {
            R::INF
        } else {
            self.v[j - self.lo]
        }
    }
}

/// Fig. 2a on the band `[lo_p, hi_p]` of each row (the whole table for DP), calling
/// `cell(p, i, j, value)` for every cell in fill order; returns `B[P][N]`.
// Row numbers index the band and the speeds; the range reads as the spec.
#[allow(clippy::needless_range_loop)]
pub fn fig2a(
    c: &Chain,
    band: &[(usize, usize)],
    cell: &mut impl FnMut(usize, usize, usize, R),
) -> R {
    let (lo1, hi1) = band[1];
    let mut prev = Row {
        lo: lo1,
        hi: hi1,
        v: (lo1..=hi1).map(|i| R::load(c.w[i], c.e[0])).collect(),
    };
    for (k, v) in prev.v.iter().enumerate() {
        cell(1, lo1 + k, 0, *v);
    }
    for p in 2..=c.p() {
        let (lo, hi) = band[p];
        let e = c.speed(p);
        let load = |j: usize, i: usize| R::load(c.seg(j, i), e);
        let mut cur = Row {
            lo,
            hi,
            v: Vec::with_capacity((hi + 1).saturating_sub(lo)),
        };
        let mut j = prev.lo;
        for i in lo..=hi {
            let (value, sep) = if i == 0 {
                (R::ZERO, 0)
            } else if load(j, i) <= prev.get(j) {
                (prev.get(j), j)
            } else {
                loop {
                    j += 1;
                    if j >= i || load(j, i) <= prev.get(j) {
                        break;
                    }
                }
                let back = load(j - 1, i);
                if back < prev.get(j) {
                    j -= 1;
                    (back, j)
                } else {
                    (prev.get(j), j)
                }
            };
            cur.v.push(value);
            cell(p, i, sep, value);
        }
        prev = cur;
    }
    prev.get(c.n())
}

/// The full band `0..=N` of every row (plain DP).
#[must_use]
pub fn full_band(c: &Chain) -> Vec<(usize, usize)> {
    let mut band = vec![(0, c.n()); c.p() + 1];
    band[0] = (0, 0);
    band
}

/// Runs Fig. 2a on `band`, emitting cells when there are few, rows otherwise.
fn run_table(ctx: &mut Ctx<'_>, band: &[(usize, usize)]) -> R {
    let cells: usize = band[1..].iter().map(|&(l, h)| h + 1 - l).sum();
    let show = ctx.out.on && cells <= CELL_EVENTS;
    let c = ctx.chain;
    let out = &mut ctx.out;
    let last_col: Vec<usize> = band.iter().map(|b| b.1).collect();
    fig2a(c, band, &mut |p, i, j, v| {
        if show {
            out.step(|| ChainStep::DpCell {
                p,
                i,
                j,
                value: v.exact(),
            });
        } else if i == last_col[p] {
            out.step(|| ChainStep::DpRow {
                p,
                value: v.exact(),
            });
        }
    })
}

/// DP (§6.2, paper Fig. 2a): the optimal bottleneck in `O(NP)`.
pub fn dp(ctx: &mut Ctx<'_>) -> R {
    let band = full_band(ctx.chain);
    run_table(ctx, &band)
}

/// The separator band of Lemma 4.3 for `LB = B*` and a feasible `UB` (4 probes).
pub fn band(ctx: &mut Ctx<'_>, lb: R, ub: R) -> Vec<(usize, usize)> {
    let (mut h1, mut l2, mut l3, mut h4) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    ctx.lr(&ub, &mut h1);
    ctx.rl(&ub, &mut l2);
    ctx.lr(&lb, &mut l3);
    ctx.rl(&lb, &mut h4);
    (0..=ctx.chain.p())
        .map(|p| (l2[p].max(l3[p]), h1[p].min(h4[p])))
        .collect()
}

/// Cells in the band of rows `1..=P`.
#[must_use]
pub fn band_cells(band: &[(usize, usize)]) -> usize {
    band[1..]
        .iter()
        .map(|&(l, h)| (h + 1).saturating_sub(l))
        .sum()
}

/// DP+ (§6.3, paper Fig. 2b) given `UB = min(B_RB, B_MP)`: the optimal bottleneck, or `None`
/// when the band holds more than `max_cells` cells (the caller refuses).
pub fn dp_plus(ctx: &mut Ctx<'_>, ub: R, max_cells: usize) -> Option<R> {
    let lb = ctx.chain.ideal();
    ctx.out.step(|| ChainStep::Bounds {
        lb: lb.exact(),
        ub: ub.exact(),
        reason: Reason::Heuristics,
    });
    let band = band(ctx, lb, ub);
    for (p, &(sl, sh)) in band.iter().enumerate().skip(1) {
        ctx.out.step(|| ChainStep::DpBand { p, sl, sh });
    }
    if band_cells(&band) > max_cells {
        return None;
    }
    Some(run_table(ctx, &band))
}
