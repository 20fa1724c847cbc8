//! The bisections of chains.md §6.7–6.8: ε-BISECTION (approximate, exact dyadic midpoints in
//! [`Q`]) and EXACT-BISECTION with both corrections of §14 (UB is the probe's bottleneck, the
//! maximum; LB is the least of the bids and the last load).

use super::probe::Ctx;
use super::ratio::{Value, R};
use super::step::{ChainStep, Reason};
use crate::rational::Q;

/// The ε of ε-BISECTION: `1/1000` (the spec's examples). The one tolerance of the family.
#[must_use]
pub fn epsilon() -> Q {
    Q::new(1.into(), 1000.into())
}

fn bounds(ctx: &mut Ctx<'_>, lb: &impl Value, ub: &impl Value, reason: Reason) {
    ctx.out.step(|| ChainStep::Bounds {
        lb: lb.exact(),
        ub: ub.exact(),
        reason,
    });
}

/// ε-BISECTION (§6.7, paper Fig. 6a): a feasible value less than `ε` above the optimum.
pub fn eps_bisection(ctx: &mut Ctx<'_>) -> Q {
    let c = ctx.chain;
    let mut lb = c.ideal().exact();
    let mut ub = c.ub_bis().exact();
    let eps = epsilon();
    bounds(ctx, &lb, &ub, Reason::Initial);
    let mut s = Vec::new();
    while &ub - &lb >= eps {
        let mid = (&lb + &ub) / Q::from_integer(2.into());
        let ok = ctx.lr(&mid, &mut s);
        let sv = ctx.out.vec(&s);
        ctx.out.step(|| ChainStep::BisStep {
            lb: lb.clone(),
            ub: ub.clone(),
            mid: mid.clone(),
            success: ok,
            seps: sv,
            new_bound: mid.clone(),
        });
        if ok {
            ub = mid;
        } else {
            lb = mid;
        }
    }
    ub
}

/// The least value above a failed probe's that changes its partition: the smallest bid of
/// `P_1..P_{P−1}` or the last processor's load (§14.2).
fn next_lb(ctx: &Ctx<'_>, s: &[usize]) -> R {
    let c = ctx.chain;
    let pp = c.p();
    (1..pp)
        .map(|p| c.bid(s, p))
        .chain(std::iter::once(c.load(s, pp)))
        .min()
        .unwrap_or(R::INF)
}

/// EXACT-BISECTION (§6.8, paper Fig. 6b corrected): the optimal bottleneck.
pub fn exact_bisection(ctx: &mut Ctx<'_>) -> R {
    let c = ctx.chain;
    let mut lb = c.ideal();
    let mut ub = c.ub_bis();
    bounds(ctx, &lb, &ub, Reason::Initial);
    let mut s = Vec::new();
    // The separators of the last failed and the last successful probe: every later midpoint
    // lies between those two values, so its separators lie between theirs, and its parts are
    // about the successful probe's.
    // Until a probe has succeeded, there is no bracket (nor part sizes to start from).
    let (mut below, mut above) = (vec![0; c.p() + 1], Vec::new());
    while ub > lb {
        let mid = lb.midpoint(ub);
        let bracket = (!above.is_empty()).then_some((below.as_slice(), above.as_slice()));
        let ok = ctx.lr_in(&mid, &mut s, bracket);
        let new = if ok {
            ctx.chain.bottleneck(&s)
        } else {
            next_lb(ctx, &s)
        };
        let sv = ctx.out.vec(&s);
        ctx.out.step(|| ChainStep::BisStep {
            lb: lb.exact(),
            ub: ub.exact(),
            mid: mid.exact(),
            success: ok,
            seps: sv,
            new_bound: new.exact(),
        });
        if ok {
            ub = new;
            above.clone_from(&s);
        } else {
            lb = new;
            below.clone_from(&s);
        }
        let reason = if ok {
            Reason::ProbeOk
        } else {
            Reason::ProbeFail
        };
        bounds(ctx, &lb, &ub, reason);
    }
    ub
}
