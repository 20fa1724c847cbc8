//! BIDDING (chains.md §6.6, paper Fig. 5 with the three corrections of §14.3): start at `B*`
//! and raise the value to the cheapest bid until the last processor's load fits.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::probe::Ctx;
use super::ratio::{Value, R};
use super::step::ChainStep;

/// Most refill steps (one binary search each) BIDDING may make before it gives up; the paper
/// notes it is slow on chains with a large `w_max/w_avg`.
pub const BIDDING_BUDGET: usize = 1_000_000;

/// The optimal bottleneck and the number of rounds, or `None` when more than `budget` refill
/// steps were needed ([`BIDDING_BUDGET`] in the solvers).
pub fn bidding(ctx: &mut Ctx<'_>, budget: usize) -> Option<(R, usize)> {
    let c = ctx.chain;
    let pp = c.p();
    let mut b = c.ideal();
    let mut s = Vec::new();
    ctx.lr(&b, &mut s);
    let mut bids: Vec<R> = (0..pp)
        .map(|p| if p == 0 { R::INF } else { c.bid(&s, p) })
        .collect();
    let mut heap: BinaryHeap<Reverse<(R, usize)>> =
        (1..pp).map(|p| Reverse((bids[p], p))).collect();
    let mut work = 0usize;
    let mut rounds = 0usize;
    loop {
        rounds += 1;
        let wlast = c.load(&s, pp);
        // Peek the least live bid (entries whose key changed since are dropped lazily).
        while let Some(&Reverse((v, p))) = heap.peek() {
            if bids[p] == v {
                break;
            }
            heap.pop();
        }
        let best = heap.peek().map_or((R::INF, 0), |r| r.0);
        let done = wlast <= b || best.0 >= wlast;
        emit_round(ctx, b, &s, &bids, wlast, (!done).then_some(best.1));
        if wlast <= b {
            return Some((b, rounds));
        }
        if best.0 >= wlast {
            return Some((wlast, rounds));
        }
        b = best.0;
        for p in best.1..pp {
            let t = c.w[s[p - 1]].saturating_add(b.cap(c.speed(p)));
            s[p] = if t >= c.total() {
                c.n()
            } else {
                c.le_from(t, s[p - 1])
            };
            bids[p] = c.bid(&s, p);
            heap.push(Reverse((bids[p], p)));
        }
        work += pp - best.1;
        if work > budget {
            return None;
        }
    }
}

fn emit_round(ctx: &mut Ctx<'_>, b: R, s: &[usize], bids: &[R], wlast: R, chosen_p: Option<usize>) {
    if !ctx.out.on {
        return;
    }
    let sv = ctx.out.vec(s);
    let list: Vec<Option<crate::rational::Q>> = bids[1..].iter().map(|v| v.to_q()).collect();
    let bv = ctx.out.vec(&list);
    ctx.out.step(|| ChainStep::BidRound {
        b: b.exact(),
        seps: sv,
        bids: bv,
        wlast: wlast.exact(),
        chosen_p,
    });
}
