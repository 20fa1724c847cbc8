//! The view model of chains.md §10: what the figures show after step `k` (the staircase built
//! so far, the separators of the latest probe or placement, the `[LB, UB]` interval, RB's
//! recursion tree, the DP table and DP+'s band, NICOL's candidates, the bidding round, CP's
//! orders, and the final partition), plus the derived series the page draws (loads, ideal
//! guide lines, a binned task bar).

use super::dp::CELL_EVENTS;
use super::rb_tree::{RbTree, SplitEvent};
use super::step::{Action, ChainStep, Dir};
use super::ChainsInput;
use crate::rational::Q;
use crate::shared::Shared;
use crate::trace::Replay;

/// What the figure shows after some steps.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChainsState {
    /// `W[0..=N]` (the whole staircase; [`ChainsState::built`] says how much is drawn), shared:
    /// a state is cloned at every checkpoint and every step, and the chain may have 615 400 tasks.
    pub prefix: Shared<u64>,
    /// The task bar: `(first task, last task, total weight)` per cell, one task a cell up to
    /// [`BAR_CELLS`] tasks, else [`task_bins`] of `BAR_CELLS / 2` (shared, computed once).
    pub bar: Shared<(usize, usize, u64)>,
    /// Speeds in input order.
    pub speeds: Vec<u64>,
    /// The staircase is drawn up to this task.
    pub built: usize,
    /// Value of the latest probe.
    pub b: Option<Q>,
    /// Direction of the latest probe.
    pub dir: Option<Dir>,
    /// Current separators `s_0..s_P`.
    pub separators: Vec<usize>,
    /// The probe's binary search in progress: `(p, lo, hi, mid)`.
    pub search: Option<(usize, usize, usize, usize)>,
    /// Outcome of the latest probe.
    pub success: Option<bool>,
    /// Probes so far.
    pub probes: usize,
    /// Lower end of the interval holding the optimum.
    pub lb: Option<Q>,
    /// Upper end of that interval.
    pub ub: Option<Q>,
    /// RB's recursion tree so far.
    pub rb: RbTree,
    /// DP+'s band `(SL_p, SH_p)` at index `p` (index 0 unused).
    pub band: Vec<(usize, usize)>,
    /// DP table `B[p][i]` at `[p−1][i]` (kept when small enough to draw).
    pub dp: Vec<Vec<Option<Q>>>,
    /// Latest DP cell `(p, i, j)`.
    pub dp_cell: Option<(usize, usize, usize)>,
    /// Latest NICOL step `(b, imid, value, action)`.
    pub nicol: Option<(usize, usize, Q, Action)>,
    /// NICOL's candidates so far.
    pub candidates: Vec<Q>,
    /// Bids of `P_1..P_{P−1}` in the latest bidding round (`None` = +∞).
    pub bids: Vec<Option<Q>>,
    /// The processor whose bid was chosen.
    pub chosen: Option<usize>,
    /// Bidding rounds so far.
    pub rounds: usize,
    /// CP: processor order of the current partition (0-based input indices).
    pub order: Option<Vec<usize>>,
    /// CP: value of every order so far.
    pub cp_values: Vec<Q>,
    /// The final bottleneck, once reached.
    pub result: Option<Q>,
}

impl ChainsState {
    /// The state before any step.
    #[must_use]
    pub fn new(input: &ChainsInput) -> ChainsState {
        let prefix = super::chain::prefix_sums(&input.weights).into();
        let (n, p) = (input.weights.len(), input.speeds.len());
        let bar = if n > BAR_CELLS {
            task_bins(&input.weights, BAR_CELLS / 2)
        } else {
            (1..=n).map(|i| (i, i, input.weights[i - 1])).collect()
        };
        let mut separators = vec![0; p + 1];
        if let Some(last) = separators.last_mut() {
            *last = n;
        }
        let dp = if (n + 1) * p <= CELL_EVENTS {
            vec![vec![None; n + 1]; p]
        } else {
            Vec::new()
        };
        ChainsState {
            prefix,
            bar: bar.into(),
            speeds: input.speeds.clone(),
            separators,
            dp,
            ..ChainsState::default()
        }
    }

    /// Speeds in chain order (the CP order when there is one).
    #[must_use]
    pub fn chain_speeds(&self) -> Vec<u64> {
        match &self.order {
            Some(o) => o
                .iter()
                .filter_map(|&k| self.speeds.get(k).copied())
                .collect(),
            None => self.speeds.clone(),
        }
    }

    /// Loads of the current separators, one per part.
    #[must_use]
    pub fn loads(&self) -> Vec<Q> {
        let s = &self.separators;
        self.chain_speeds()
            .iter()
            .enumerate()
            .map(|(k, &e)| {
                let w = match (s.get(k), s.get(k + 1)) {
                    (Some(&a), Some(&b)) => self.weight(a, b),
                    _ => 0,
                };
                Q::new(w.into(), e.max(1).into())
            })
            .collect()
    }

    fn weight(&self, a: usize, b: usize) -> u64 {
        match (self.prefix.get(a), self.prefix.get(b)) {
            (Some(x), Some(y)) => y.saturating_sub(*x),
            _ => 0,
        }
    }

    /// `B* = W_tot/E_tot`.
    #[must_use]
    pub fn ideal(&self) -> Q {
        ideal_of(&self.prefix, &self.speeds)
    }

    /// The staircase's guide lines `B*·E(1..p)`, `p = 1..=P` (chain order).
    #[must_use]
    pub fn guides(&self) -> Vec<Q> {
        let ideal = self.ideal();
        let mut acc = 0u64;
        self.chain_speeds()
            .iter()
            .map(|&e| {
                acc += e;
                &ideal * Q::from_integer(acc.into())
            })
            .collect()
    }
}

/// `W_tot/E_tot` of prefix sums and speeds.
fn ideal_of(prefix: &[u64], speeds: &[u64]) -> Q {
    let w = prefix.last().copied().unwrap_or(0);
    let e: u64 = speeds.iter().sum();
    Q::new(w.into(), e.max(1).into())
}

/// Most cells of the task bar: longer chains are binned.
pub const BAR_CELLS: usize = 240;

/// The task bar binned into at most `bins` groups of consecutive tasks (for `N > 2 000`):
/// `(first task, last task, total weight)`, tasks 1-based.
#[must_use]
pub fn task_bins(weights: &[u64], bins: usize) -> Vec<(usize, usize, u64)> {
    let n = weights.len();
    let per = n.div_ceil(bins.max(1)).max(1);
    weights
        .chunks(per)
        .enumerate()
        .map(|(k, c)| (k * per + 1, k * per + c.len(), c.iter().sum()))
        .collect()
}

impl Replay for ChainsState {
    type Step = ChainStep;

    fn apply(&mut self, step: &ChainStep) {
        self.rb.current = None;
        match step {
            ChainStep::Prefix { i, .. } => self.built = *i,
            ChainStep::ProbeStart { dir, b } => {
                self.probes += 1;
                self.dir = Some(*dir);
                self.b = Some(b.clone());
                self.success = None;
                self.search = None;
            }
            ChainStep::ProbeStep { p, lo, hi, mid, .. } => self.search = Some((*p, *lo, *hi, *mid)),
            ChainStep::ProbeSep { p, s_p } | ChainStep::MpSep { p, s_p, .. } => {
                if let Some(x) = self.separators.get_mut(*p) {
                    *x = *s_p;
                }
            }
            ChainStep::ProbeEnd {
                success, seps: s, ..
            } => {
                self.success = Some(*success);
                self.search = None;
                if let Some(s) = s {
                    self.separators.clone_from(s);
                }
            }
            ChainStep::Bounds { lb, ub, .. } => {
                self.lb = Some(lb.clone());
                self.ub = Some(ub.clone());
            }
            ChainStep::RbSplit {
                p,
                q,
                r,
                target,
                s_q,
                start,
                end,
                left_load,
                right_load,
            } => {
                let e = SplitEvent {
                    p: *p,
                    q: *q,
                    r: *r,
                    s_q: *s_q,
                    start: *start,
                    end: *end,
                    target,
                    left_load,
                    right_load,
                };
                let (prefix, speeds) = (&self.prefix, &self.speeds);
                self.rb.split(&e, || ideal_of(prefix, speeds));
                if let Some(x) = self.separators.get_mut(*q) {
                    *x = *s_q;
                }
            }
            _ => self.apply_more(step),
        }
    }
}

impl ChainsState {
    fn apply_more(&mut self, step: &ChainStep) {
        match step {
            ChainStep::DpBand { p, sl, sh } => {
                if self.band.len() <= *p {
                    self.band.resize(*p + 1, (0, 0));
                }
                self.band[*p] = (*sl, *sh);
            }
            ChainStep::DpCell { p, i, j, value } => {
                if let Some(c) = self
                    .dp
                    .get_mut(p.wrapping_sub(1))
                    .and_then(|r| r.get_mut(*i))
                {
                    *c = Some(value.clone());
                }
                self.dp_cell = Some((*p, *i, *j));
            }
            _ => self.apply_search(step),
        }
    }

    fn apply_search(&mut self, step: &ChainStep) {
        match step {
            ChainStep::NicolStep {
                b,
                imid,
                value,
                action,
            } => {
                self.nicol = Some((*b, *imid, value.clone(), *action));
            }
            ChainStep::NicolCand { value, .. } => self.candidates.push(value.clone()),
            ChainStep::BidRound {
                b,
                seps: s,
                bids,
                chosen_p,
                ..
            } => {
                self.rounds += 1;
                self.b = Some(b.clone());
                if let Some(s) = s {
                    self.separators.clone_from(s);
                }
                if let Some(bids) = bids {
                    self.bids.clone_from(bids);
                }
                self.chosen = *chosen_p;
            }
            ChainStep::BisStep {
                mid,
                success,
                seps: s,
                ..
            } => {
                self.b = Some(mid.clone());
                self.success = Some(*success);
                if let Some(s) = s {
                    self.separators.clone_from(s);
                }
            }
            ChainStep::CpOrder {
                order, value, best, ..
            } => {
                self.cp_values.push(value.clone());
                if *best {
                    if let Some(o) = order {
                        self.order = Some(o.clone());
                    }
                }
            }
            ChainStep::Result {
                b, seps: s, order, ..
            } => {
                self.result = Some(b.clone());
                self.separators.clone_from(s);
                self.order.clone_from(order);
                self.search = None;
            }
            _ => {}
        }
    }
}
