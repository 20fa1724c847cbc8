//! The run context shared by every algorithm of the family: the prepared [`Chain`], the probe
//! counter, and the emitter that builds trace steps only when a trace is recorded (so an
//! untraced run pays nothing) and attaches separator vectors only within a size budget (so a
//! trace of 2 048 processors stays small). LR-PROBE and RL-PROBE (chains.md §3.4–3.5) live here.

use super::chain::Chain;
use super::ratio::{Value, R};
use super::step::{ChainStep, Dir};
use crate::rational::Q;
use crate::trace::STEP_CAP;

/// Most numbers the vectors of one trace may hold in total (separators, bids); past it the
/// steps still come, without their vectors.
pub const TRACE_NUMBERS: usize = 2_000_000;

/// Per-processor probe events only up to this many processors.
pub const DETAIL_PROCESSORS: usize = 64;

/// Binary-search steps of a probe only up to this many tasks (chains.md §10).
pub const DETAIL_TASKS: usize = 200;

/// Builds steps lazily and sends them on.
pub struct Out<'a> {
    emit: &'a mut dyn FnMut(ChainStep),
    /// A trace is being recorded.
    pub on: bool,
    budget: usize,
    sent: usize,
    /// Steps left out so that the final `Result` step still fits under the trace cap.
    pub dropped: usize,
}

impl<'a> Out<'a> {
    /// An emitter; `on = false` never builds a step.
    pub fn new(emit: &'a mut dyn FnMut(ChainStep), on: bool) -> Out<'a> {
        Out {
            emit,
            on,
            budget: TRACE_NUMBERS,
            sent: 0,
            dropped: 0,
        }
    }

    /// Emits the step `make` builds, when tracing; past the trace cap less one, counts it as
    /// dropped instead (the final step always fits: [`Out::last`]).
    pub fn step(&mut self, make: impl FnOnce() -> ChainStep) {
        if !self.on {
            return;
        }
        if self.sent + 1 >= STEP_CAP {
            self.dropped += 1;
            return;
        }
        self.sent += 1;
        (self.emit)(make());
    }

    /// Emits the final step, always.
    pub fn last(&mut self, make: impl FnOnce() -> ChainStep) {
        if self.on {
            self.sent += 1;
            (self.emit)(make());
        }
    }

    /// A copy of `v` for a step, while the budget lasts.
    pub fn vec<T: Clone>(&mut self, v: &[T]) -> Option<Vec<T>> {
        if self.on && self.budget >= v.len() {
            self.budget -= v.len();
            Some(v.to_vec())
        } else {
            None
        }
    }
}

/// The chain, the emitter and the probe count of one run.
pub struct Ctx<'a> {
    /// The instance.
    pub chain: &'a Chain,
    /// The emitter.
    pub out: Out<'a>,
    /// Probes made so far.
    pub probes: usize,
    /// Most cells DP+ fills ([`super::DP_MAX_CELLS`] by default, unbounded under
    /// `--no-limits`: the table keeps two rows, so its memory is `O(N)` whatever the band).
    pub max_band_cells: usize,
}

impl<'a> Ctx<'a> {
    /// A context for one run.
    pub fn new(chain: &'a Chain, out: Out<'a>) -> Ctx<'a> {
        Ctx {
            chain,
            out,
            probes: 0,
            max_band_cells: super::DP_MAX_CELLS,
        }
    }

    /// Emits a per-processor-search step only when the processors are few enough to show them.
    pub fn detail_step(&mut self, make: impl FnOnce() -> ChainStep) {
        if self.detail() {
            self.out.step(make);
        }
    }

    fn detail(&self) -> bool {
        self.out.on && self.chain.p() <= DETAIL_PROCESSORS
    }

    fn searches(&self) -> bool {
        self.detail() && self.chain.n() <= DETAIL_TASKS
    }

    /// LR-PROBE(B) (§3.4): fills `s` (length `P+1`) and says whether it succeeded.
    pub fn lr(&mut self, b: &impl Value, s: &mut Vec<usize>) -> bool {
        self.lr_in(b, s, None)
    }

    /// LR-PROBE(B) when `B` lies between two values already probed: `bracket` holds the
    /// separators of a probe at a smaller value and of one at a larger value, between which
    /// every `s_p(B)` lies (LR-PROBE's separators never decrease as `B` grows), so each search
    /// starts inside that bracket. The same separators and events as [`Ctx::lr`].
    // Processor numbers index several arrays at once (s, speeds); ranges read as the spec.
    #[allow(clippy::needless_range_loop)]
    pub fn lr_in(
        &mut self,
        b: &impl Value,
        s: &mut Vec<usize>,
        bracket: Option<(&[usize], &[usize])>,
    ) -> bool {
        self.probes += 1;
        self.out.step(|| ChainStep::ProbeStart {
            dir: Dir::Lr,
            b: b.exact(),
        });
        let ok = if self.searches() {
            self.lr_traced(b, s)
        } else {
            lr_probe_in(self.chain, b, s, bracket)
        };
        if self.detail() && !self.searches() {
            for p in 1..self.chain.p() {
                let s_p = s[p];
                self.out.step(|| ChainStep::ProbeSep { p, s_p });
            }
        }
        if self.out.on {
            let c = self.chain;
            let p = c.p();
            let last = R::load(c.seg(s[p - 1], s[p]), c.speed(p));
            let sv = self.out.vec(s);
            self.out.step(|| ChainStep::ProbeEnd {
                dir: Dir::Lr,
                success: ok,
                seps: sv,
                last_load: last.exact(),
            });
        }
        ok
    }

    /// LR-PROBE with the plain binary search of the spec over `W[0..=N]`, every step emitted.
    // Processor numbers index several arrays at once (s, speeds); ranges read as the spec.
    #[allow(clippy::needless_range_loop)]
    fn lr_traced(&mut self, b: &impl Value, s: &mut Vec<usize>) -> bool {
        let c = self.chain;
        let (n, pp) = (c.n(), c.p());
        let bq = b.exact();
        s.clear();
        s.resize(pp + 1, 0);
        let mut sum = 0u64;
        for p in 1..pp {
            let cap = b.cap(c.speed(p));
            let t = sum.saturating_add(cap);
            let capacity = &bq * Q::from_integer(c.speed(p).into());
            let target = Q::from_integer(sum.into()) + &capacity;
            let (mut lo, mut hi) = (0, n);
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                let (l, h) = (lo, hi);
                self.out.step(|| ChainStep::ProbeStep {
                    p,
                    capacity: capacity.clone(),
                    target: target.clone(),
                    lo: l,
                    hi: h,
                    mid,
                });
                if c.w[mid] <= t {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            s[p] = lo;
            sum = c.w[lo];
            self.out.step(|| ChainStep::ProbeSep { p, s_p: lo });
        }
        s[pp] = n;
        c.total() - sum <= b.cap(c.speed(pp))
    }

    /// RL-PROBE(B) (§3.5).
    pub fn rl(&mut self, b: &impl Value, s: &mut Vec<usize>) -> bool {
        self.probes += 1;
        self.out.step(|| ChainStep::ProbeStart {
            dir: Dir::Rl,
            b: b.exact(),
        });
        let ok = rl_probe(self.chain, b, s);
        if self.detail() {
            for p in (1..self.chain.p()).rev() {
                let s_p = s[p];
                self.out.step(|| ChainStep::ProbeSep { p, s_p });
            }
        }
        if self.out.on {
            let first = R::load(self.chain.w[s[1]], self.chain.speed(1));
            let sv = self.out.vec(s);
            self.out.step(|| ChainStep::ProbeEnd {
                dir: Dir::Rl,
                success: ok,
                seps: sv,
                last_load: first.exact(),
            });
        }
        ok
    }
}

/// LR-PROBE(B) without events: `s[p]` is the largest prefix the first `p` processors hold
/// within `B`; success when the last processor can take the rest.
///
/// # Complexity
/// `O(P lg(N/P))` typically (galloping from the previous separator), `O(P lg N)` at worst.
pub fn lr_probe(c: &Chain, b: &impl Value, s: &mut Vec<usize>) -> bool {
    lr_probe_in(c, b, s, None)
}

/// [`lr_probe`] with each `s_p` searched inside `bracket` (see [`Ctx::lr_in`]).
// Processor numbers index several arrays at once; ranges read as the spec.
#[allow(clippy::needless_range_loop)]
pub(super) fn lr_probe_in(
    c: &Chain,
    b: &impl Value,
    s: &mut Vec<usize>,
    bracket: Option<(&[usize], &[usize])>,
) -> bool {
    let (n, pp) = (c.n(), c.p());
    s.clear();
    s.resize(pp + 1, 0);
    let mut at = 0usize;
    // Capacities depend on the speed only; small speeds repeat, so they are computed once.
    let mut caps = [u64::MAX; 33];
    for p in 1..pp {
        let e = c.speed(p);
        let cap = match usize::try_from(e).ok().filter(|&k| k < caps.len()) {
            Some(k) => {
                if caps[k] == u64::MAX {
                    caps[k] = b.cap(e);
                }
                caps[k]
            }
            None => b.cap(e),
        };
        let t = c.w[at].saturating_add(cap);
        at = if t >= c.total() {
            n
        } else if let Some((lo, hi)) = bracket {
            c.le_between(t, at, (lo[p], hi[p]), hi[p].saturating_sub(hi[p - 1]))
        } else {
            c.le_from(t, at)
        };
        s[p] = at;
    }
    s[pp] = n;
    c.total() - c.w[at] <= b.cap(c.speed(pp))
}

/// RL-PROBE(B) without events (§3.5): `s[p−1]` is the smallest start from which the tasks after
/// it fit on `P_p..P_P`.
pub fn rl_probe(c: &Chain, b: &impl Value, s: &mut Vec<usize>) -> bool {
    let (n, pp) = (c.n(), c.p());
    s.clear();
    s.resize(pp + 1, 0);
    s[pp] = n;
    let mut at = n;
    for p in (2..=pp).rev() {
        let cap = b.cap(c.speed(p));
        let sum = c.w[at];
        at = if cap >= sum {
            0
        } else {
            c.ge_before(sum - cap, at)
        };
        s[p - 1] = at;
    }
    c.w[at] <= b.cap(c.speed(1))
}
