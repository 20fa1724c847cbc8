//! Nicol's search for heterogeneous processors (chains.md §6.4–6.5, paper Fig. 4): for each
//! processor in turn, binary-search the least end index that makes it the bottleneck, record
//! that candidate, and move on; NICOL+ skips the probes whose answer the bounds already give.

use super::probe::Ctx;
use super::ratio::{Value, R};
use super::step::{Action, ChainStep, Reason};

/// The candidates of NICOL (`plus = false`) or NICOL+ (`plus = true`, initial `UB = UB_nicol`);
/// the optimum is their minimum. `None` once more than `max_probes` probes were made.
pub fn nicol(ctx: &mut Ctx<'_>, plus: bool, max_probes: usize) -> Option<Vec<R>> {
    let c = ctx.chain;
    let (n, pp) = (c.n(), c.p());
    let mut lb = c.ideal();
    let mut ub = c.ub_nicol();
    if plus {
        ctx.out.step(|| ChainStep::Bounds {
            lb: lb.exact(),
            ub: ub.exact(),
            reason: Reason::Initial,
        });
    }
    let mut s = Vec::new();
    let mut cands = Vec::with_capacity(pp);
    let mut start = 1usize;
    for b in 1..pp {
        let e = c.speed(b);
        let (mut lo, mut hi) = (start, n);
        while lo < hi {
            if ctx.probes > max_probes {
                return None;
            }
            let imid = lo + (hi - lo) / 2;
            let value = R::load(c.seg(start - 1, imid), e);
            let action = if !plus || (lb <= value && value <= ub) {
                if ctx.lr(&value, &mut s) {
                    Action::ProbeOk
                } else {
                    Action::ProbeFail
                }
            } else if value >= ub {
                Action::SkipHigh
            } else {
                Action::SkipLow
            };
            match action {
                Action::ProbeOk | Action::SkipHigh => hi = imid,
                Action::ProbeFail | Action::SkipLow => lo = imid + 1,
            }
            ctx.detail_step(|| ChainStep::NicolStep {
                b,
                imid,
                value: value.exact(),
                action,
            });
            if plus && matches!(action, Action::ProbeOk | Action::ProbeFail) {
                if action == Action::ProbeOk {
                    ub = value;
                } else {
                    lb = value;
                }
                let reason = if action == Action::ProbeOk {
                    Reason::ProbeOk
                } else {
                    Reason::ProbeFail
                };
                ctx.out.step(|| ChainStep::Bounds {
                    lb: lb.exact(),
                    ub: ub.exact(),
                    reason,
                });
            }
        }
        let value = R::load(c.seg(start - 1, hi), e);
        ctx.out.step(|| ChainStep::NicolCand {
            b,
            value: value.exact(),
        });
        cands.push(value);
        start = hi;
    }
    let value = R::load(c.seg(start - 1, n), c.speed(pp));
    ctx.out.step(|| ChainStep::NicolCand {
        b: pp,
        value: value.exact(),
    });
    cands.push(value);
    Some(cands)
}
