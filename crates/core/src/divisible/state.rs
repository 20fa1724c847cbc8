//! The view model of the divisible-load page (divisible-load.md §9) after `k` steps: the Gantt
//! chart so far, the rates and loads known so far, the enumeration table, the tree's collapsed
//! nodes, the multi-round tables. Views draw this and nothing else.

use num_traits::Zero;

use super::step::{DivStep, Tried};
use super::Block;
use crate::rational::Q;
use crate::trace::Replay;

/// What the figure shows after some steps. Indices: workers (stars) or tree nodes.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DivState {
    /// Number of workers (or tree nodes).
    pub n: usize,
    /// The sending order once sorted (stars) or the final order.
    pub order: Vec<usize>,
    /// `a_k` per worker once rated (per unit of makespan).
    pub rates: Vec<Option<Q>>,
    /// The master's rate `1/w_0`.
    pub master_rate: Option<Q>,
    /// The Gantt axis is still the unit axis (`T_f = 1`) of §9.1 step 2.
    pub unit_axis: bool,
    /// `ρ` once known.
    pub rho: Option<Q>,
    /// `T_f` once known.
    pub makespan: Option<Q>,
    /// The Gantt chart so far.
    pub blocks: Vec<Block>,
    /// `EF` of all workers by `g` (§9.3 step 1).
    pub sorted_ef: Option<super::ef::SortedEf>,
    /// Enumeration table rows so far (§9.3, `p ≤ 4`, and the fixed order).
    pub tried: Vec<Tried>,
    /// Best ordered subset so far and its makespan.
    pub best: Option<(Vec<usize>, Q)>,
    /// Prefixes examined so far (progress of the search).
    pub visited: u64,
    /// The search is over (and whether it completed).
    pub searched: Option<bool>,
    /// Tree: removed relay leaves.
    pub removed: Vec<usize>,
    /// Tree: `w_eq` of each collapsed node.
    pub w_eq: Vec<Option<Q>>,
    /// Tree: children of each collapsed node in serving order.
    pub children: Vec<Vec<usize>>,
    /// Tree: `(t_v, α_v, X_v)` of each expanded node.
    pub expanded: Vec<Option<(Q, Q, Q)>>,
    /// Multi-installment: the rows `(j, A_j, B_j)` so far.
    pub recursion: Vec<(usize, Q, Q)>,
    /// Multi-installment: `γ_0` and the chunks in sending order.
    pub chunks: Option<(Q, Vec<Q>)>,
    /// UMR: `Obj(M)` so far (`None`: infeasible).
    pub objs: Vec<(usize, Option<Q>)>,
    /// UMR: `M*` and its chunk per round.
    pub chosen: Option<(usize, Vec<Q>)>,
    /// UMR: the equalised last round `(F, β)`.
    pub equalised: Option<(Q, Vec<Q>)>,
    /// Periodic: `x_i` per worker, `q`, `ρ_opt`.
    pub selection: Option<(Vec<Q>, usize, Q)>,
    /// Periodic: `L`, `T_p`, `k`, small-load flag.
    pub period: Option<(Q, Q, usize, bool)>,
    /// Final loads (input order), once finished.
    pub alpha: Option<Vec<Q>>,
    /// The master's final share.
    pub alpha_master: Option<Q>,
}

impl DivState {
    /// The state before any step, for `n` workers (or tree nodes).
    #[must_use]
    pub fn new(n: usize) -> DivState {
        DivState {
            n,
            rates: vec![None; n],
            w_eq: vec![None; n],
            children: vec![Vec::new(); n],
            expanded: vec![None; n],
            ..DivState::default()
        }
    }

    fn rated(&mut self, worker: usize, rate: &Q, start: &Q, end: &Q) {
        if let Some(r) = self.rates.get_mut(worker) {
            *r = Some(rate.clone());
        }
        self.unit_axis = true;
        let unit = |kind, from, s: &Q, e: &Q| Block {
            kind,
            from,
            node: Some(worker),
            start: s.clone(),
            end: e.clone(),
            latency: Q::zero(),
            load: rate.clone(),
            round: 0,
        };
        self.blocks.push(unit(super::Kind::Send, None, start, end));
        self.blocks.push(unit(
            super::Kind::Compute,
            None,
            end,
            &Q::from_integer(1.into()),
        ));
    }
}

impl Replay for DivState {
    type Step = DivStep;

    fn apply(&mut self, step: &DivStep) {
        match step {
            DivStep::Sorted { order } => self.order.clone_from(order),
            DivStep::Rated {
                worker,
                rate,
                start,
                end,
            } => self.rated(*worker, rate, start, end),
            DivStep::MasterRated { rate } => {
                self.master_rate = Some(rate.clone());
                self.unit_axis = true;
                self.blocks.push(Block {
                    kind: super::Kind::Compute,
                    from: None,
                    node: None,
                    start: Q::zero(),
                    end: Q::from_integer(1.into()),
                    latency: Q::zero(),
                    load: rate.clone(),
                    round: 0,
                });
            }
            DivStep::Scaled { rho, makespan } => {
                self.rho = Some(rho.clone());
                self.makespan = Some(makespan.clone());
                self.unit_axis = false;
                self.blocks = self
                    .blocks
                    .iter()
                    .map(|b| b.scaled(makespan))
                    .filter(|b| !b.load.is_zero())
                    .collect();
            }
            DivStep::SortedEf(e) => self.sorted_ef = Some(e.clone()),
            DivStep::Tried(t) => {
                if t.best {
                    if let Some(m) = &t.makespan {
                        self.best = Some((t.order.clone(), m.clone()));
                    }
                }
                self.tried.push(t.clone());
            }
            DivStep::Improved {
                order,
                makespan,
                visited,
            } => {
                self.best = Some((order.clone(), makespan.clone()));
                self.visited = *visited;
            }
            DivStep::Searched {
                visited, complete, ..
            } => {
                self.visited = *visited;
                self.searched = Some(*complete);
            }
            DivStep::Removed { node } => self.removed.push(*node),
            DivStep::Collapsed {
                node,
                children,
                w_eq,
                ..
            } => {
                if let Some(slot) = self.w_eq.get_mut(*node) {
                    *slot = Some(w_eq.clone());
                }
                if let Some(slot) = self.children.get_mut(*node) {
                    slot.clone_from(children);
                }
            }
            DivStep::Expanded {
                node,
                ready,
                own,
                subtree,
            } => {
                if let Some(slot) = self.expanded.get_mut(*node) {
                    *slot = Some((ready.clone(), own.clone(), subtree.clone()));
                }
            }
            DivStep::Recurred { j, a, b } => self.recursion.push((*j, a.clone(), b.clone())),
            DivStep::Chunked { gamma0, chunks } => {
                self.chunks = Some((gamma0.clone(), chunks.clone()));
            }
            DivStep::Evaluated { m, obj } => self.objs.push((*m, obj.clone())),
            DivStep::Chose { m, alpha } => self.chosen = Some((*m, alpha.clone())),
            DivStep::Equalised { finish, beta } => {
                self.equalised = Some((finish.clone(), beta.clone()));
            }
            DivStep::Selected {
                order,
                x,
                q,
                rho_opt,
            } => {
                self.order.clone_from(order);
                self.selection = Some((x.clone(), *q, rho_opt.clone()));
            }
            DivStep::Sized {
                latency,
                period,
                k,
                small_load,
            } => {
                self.period = Some((latency.clone(), period.clone(), *k, *small_load));
            }
            DivStep::Drew { blocks, .. } => self.blocks.extend(blocks.iter().cloned()),
            DivStep::Finished {
                makespan,
                alpha,
                alpha_master,
                order,
            } => {
                self.makespan = Some(makespan.clone());
                self.alpha = Some(alpha.clone());
                self.alpha_master.clone_from(alpha_master);
                self.order.clone_from(order);
            }
        }
    }
}
