//! The two heuristics of chains.md §5 (paper Fig. 1): RB, recursive bisection of the processor
//! chain by count with the work split in proportion to speed, and MP, the generalised
//! Miguet–Pierson placement of every separator at its ideal prefix.

use super::probe::Ctx;
use super::step::ChainStep;
use crate::rational::Q;

fn ratio(num: u128, den: u128) -> Q {
    Q::new(num.into(), den.into())
}

/// RB (§5.1): returns the separator vector.
///
/// Pinar, Tabak, Aykanat (2008), Fig. 1a. `O(N + P lg N)`.
pub fn rb(ctx: &mut Ctx<'_>) -> Vec<usize> {
    let c = ctx.chain;
    let pp = c.p();
    let mut s = vec![0; pp + 1];
    s[pp] = c.n();
    // Explicit stack in pre-order (left child first), so the splits are emitted as the
    // recursion of the spec would make them.
    let mut stack = vec![(1usize, pp)];
    while let Some((p, r)) = stack.pop() {
        if p == r {
            continue;
        }
        let q = (p + r - 1) / 2;
        let (a, z) = (s[p - 1], s[r]);
        let wtot = u128::from(c.seg(a, z));
        let den = u128::from(c.epre[r] - c.epre[p - 1]);
        let num = u128::from(c.w[a]) * den + wtot * u128::from(c.epre[q] - c.epre[p - 1]);
        let s_q = c.closest(num, den, a, z);
        s[q] = s_q;
        ctx.out.step(|| {
            let part = |x: usize, y: usize, e: u64| ratio(c.seg(x, y).into(), e.max(1).into());
            ChainStep::RbSplit {
                p,
                q,
                r,
                target: ratio(num, den),
                s_q,
                start: a,
                end: z,
                left_load: part(a, s_q, c.epre[q] - c.epre[p - 1]),
                right_load: part(s_q, z, c.epre[r] - c.epre[q]),
            }
        });
        stack.push((q + 1, r));
        stack.push((p, q));
    }
    s
}

/// MP (§5.2): returns the separator vector.
///
/// Pinar, Tabak, Aykanat (2008), Fig. 1b (after Miguet and Pierson). `O(N + P lg N)`.
pub fn mp(ctx: &mut Ctx<'_>) -> Vec<usize> {
    let c = ctx.chain;
    let (n, pp) = (c.n(), c.p());
    let mut s = vec![0; pp + 1];
    let den = u128::from(c.e_tot());
    for p in 1..=pp {
        let num = u128::from(c.total()) * u128::from(c.epre[p]);
        let s_p = c.closest(num, den, s[p - 1], n);
        s[p] = s_p;
        ctx.out.step(|| ChainStep::MpSep {
            p,
            target: ratio(num, den),
            s_p,
        });
    }
    s
}
