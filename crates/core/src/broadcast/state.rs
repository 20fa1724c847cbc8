//! The view model of the broadcast pipelines: what the figure shows after step `k` (the state
//! before any step, with every [`Step`] up to `k` applied). The page draws this and nothing
//! else.

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

use super::lp::{DestinationCut, DestinationFlow, QuickBound, Side};
use super::schedule::{Bar, Slot};
use super::step::{Comparison, Step};
use super::WeightedTree;
use crate::rational::Q;
use crate::trace::Replay;

/// Pseudocode of pipeline B (§8.1); the phases of its steps index these lines.
pub const PSEUDOCODE: &[&str] = &[
    "check: every node reachable from s (else infeasible), something to send (else unbounded)",
    "quick bounds: ρ* ≤ 1/min c over out(s); ρ* ≤ 1/min c over in(v)",
    "LP-F: maximise ρ: a flow of value ρ to every k, x^k_e ≤ n_e, ports ≤ 1",
    "for each destination k: a minimum s–k cut for capacities n (= ρ* at a bottleneck)",
    "tighten n_e := max_k x^k_e; port loads out(v), in(v)",
    "EXTRACT: r := n; K := min_v λ_r(s, v); while K > 0:",
    "  GROW: add the first arc (x, y), x in T, y not, r_e > 0, entering no tight set twice",
    "  MAX_WEIGHT: α := min r on T; while some cut X has λ < K − α: α := (cap_r(X) − K)/(t − 1)",
    "  r −= α on T; K −= α; keep (T, α)",
    "weighted trees: Σ α = ρ*; if more than 2|V|, compact: the LP over them keeps at most 2|V|",
    "L := lcm of the weights' denominators; u_e := c_e·m_e",
    "split the out-port × in-port graph (weights u_e) into matchings: one slot each",
    "A := least factor making every slot move whole messages; trees fill slots; generation −(depth − 1)",
    "compare with single trees and overlays",
    "large platform, column generation on LP-T: master LP over a few trees (greedy, shortest-path, BFS): maximise Σα, every port ≤ 1",
    "  price: cheapest broadcast tree for arc costs c_uv·(p_u + q_v), p and q the master's port prices; if it costs < 1, add it and solve the master again",
    "  every tree costs ≥ 1: the prices prove ρ* = Σ_v (p_v + q_v); keep the trees with α > 0, their flows and usages n_e = Σ α",
];

/// Pseudocode of pipeline T (§8.4).
pub const BASELINE_PSEUDOCODE: &[&str] = &[
    "build the tree, or route every logical edge of the overlay (cheapest path if no direct arc)",
    "branch and bound: keep the best tree found so far",
    "loads: out(v) = Σ μ_e·c_e over out(v), in(v) likewise",
    "ρ = 1 / max port load (the bottleneck port)",
    "unidirectional: ρ = 1/χ, χ = least time of matchings covering μ_e·c_e (bipartite: max_v out(v) + in(v), König)",
    "unidirectional period: one slot per matching, x_M = its time·ρ; each tree arc's ρ messages poured into its slots",
];

/// What the figure shows after some steps.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct State {
    /// The step just applied (the page highlights what it names).
    pub last: Option<Step>,
    /// The source.
    pub source: Option<usize>,
    /// Nodes the source cannot reach.
    pub unreachable: Vec<usize>,
    /// Nothing to send.
    pub unbounded: bool,
    /// Quick bounds and their minimum.
    pub quick: Vec<QuickBound>,
    /// Least quick bound.
    pub upper: Option<Q>,
    /// `ρ*` once the LP is solved.
    pub rho: Option<Q>,
    /// Flows toward the destinations shown so far.
    pub flows: Vec<DestinationFlow>,
    /// Their minimum cuts.
    pub cuts: Vec<DestinationCut>,
    /// Usages `n_e` once tightened.
    pub usage: Vec<Q>,
    /// Destination attaining each `n_e`.
    pub attained_by: Vec<Option<usize>>,
    /// Port loads of the usages (or of the baseline).
    pub out_load: Vec<Q>,
    /// In-port loads.
    pub in_load: Vec<Q>,
    /// Residual capacities during EXTRACT (`usage` before the first extraction).
    pub residual: Vec<Q>,
    /// `K` during EXTRACT.
    pub k: Option<Q>,
    /// Tree being extracted: its index and arcs so far (growth order).
    pub current_tree: Option<(usize, Vec<usize>)>,
    /// Its current weight `α`.
    pub current_alpha: Option<Q>,
    /// The last candidate arc tested and whether it was accepted.
    pub candidate: Option<(usize, bool)>,
    /// A shaded node set: the blocking tight set, the violated cut, or nothing.
    pub shaded: Vec<usize>,
    /// Tight sets after the last extraction.
    pub tight: Vec<Vec<usize>>,
    /// Trees found so far (sorted arcs, weights).
    pub trees: Vec<WeightedTree>,
    /// Compaction (B7), when it ran: trees before, trees after, their total `ρ*`.
    pub compacted: Option<(usize, usize, Q)>,
    /// Per-tree port loads `[tree][node]` (stacked bars), once all trees are found.
    pub out_by_tree: Vec<Vec<Q>>,
    /// Per-tree in-port loads.
    pub in_by_tree: Vec<Vec<Q>>,
    /// `L`, once counted.
    pub l: Option<BigInt>,
    /// Messages per tree per period `L·α_i`.
    pub messages: Vec<BigInt>,
    /// `u_e` (bipartite edge weights).
    pub busy: Vec<Q>,
    /// Slots filled so far (integral units) with their `μ_k`.
    pub slots: Vec<(Q, Slot)>,
    /// Gantt bars of the slots filled so far.
    pub bars: Vec<Bar>,
    /// `A` and the period length, once scheduled.
    pub period: Option<(BigInt, Q)>,
    /// The comparison chart.
    pub comparison: Vec<Comparison>,
    /// Baseline: logical edges, routes and multiplicities.
    pub routes: Vec<((usize, usize), Vec<usize>)>,
    /// Arc multiplicities of the baseline.
    pub multiplicity: Vec<u32>,
    /// Baseline bottleneck port.
    pub bottleneck: Option<(usize, Side)>,
    /// Baseline throughput (`Some(None)`: `+∞`).
    pub baseline_throughput: Option<Option<Q>>,
    /// Unidirectional baseline tree: the slots of its period so far (§6.6).
    pub uni_slots: Vec<crate::broadcast::unidirectional::Slot>,
    /// Why the baseline is not defined on this platform ("n/a"), once known.
    pub undefined: Option<String>,
    /// Column generation: names of the starting trees.
    pub seed_names: Vec<String>,
    /// The trees in the master so far (starting trees first, then one per improving round).
    pub columns: Vec<Vec<usize>>,
    /// Their weights `α` in the latest master (0 for a tree that just entered).
    pub column_weights: Vec<Q>,
    /// The tree priced last, its cost `θ`, and whether it entered the master.
    pub priced: Option<(Vec<usize>, Q, bool)>,
    /// The latest master value (achievable: a lower bound on `ρ*`).
    pub master_value: Option<Q>,
    /// The latest dual bound `Σ(p+q) / min(1, θ)` (an upper bound on `ρ*`).
    pub dual_bound: Option<Q>,
    /// The latest out-port prices `p_v`.
    pub out_price: Vec<Q>,
    /// The latest in-port prices `q_v`.
    pub in_price: Vec<Q>,
    /// Pricing rounds so far.
    pub rounds: usize,
}

impl State {
    /// The state before any step.
    #[must_use]
    pub fn new() -> State {
        State::default()
    }
}

impl Replay for State {
    type Step = Step;

    fn apply(&mut self, step: &Step) {
        self.shaded.clear();
        self.candidate = None;
        match step {
            Step::Checked {
                source,
                unreachable,
                unbounded,
            } => {
                self.source = Some(*source);
                self.unreachable.clone_from(unreachable);
                self.unbounded = *unbounded;
            }
            Step::Bounded { quick, upper } => {
                self.quick.clone_from(quick);
                self.upper.clone_from(upper);
            }
            Step::SolvedLp { rho } => self.rho = Some(rho.clone()),
            Step::ShowedFlow { flow, cut } => {
                self.flows.push(flow.clone());
                self.cuts.push(cut.clone());
                self.shaded.clone_from(&cut.set);
            }
            Step::Tightened {
                usage,
                attained_by,
                out,
                inn,
            } => {
                self.usage.clone_from(usage);
                self.residual.clone_from(usage);
                self.attained_by.clone_from(attained_by);
                self.out_load.clone_from(out);
                self.in_load.clone_from(inn);
                self.k.clone_from(&self.rho);
            }
            Step::TestedArc {
                tree,
                arc,
                accepted,
                blocking,
            } => {
                let entry = self.current_tree.get_or_insert_with(|| (*tree, Vec::new()));
                if entry.0 != *tree {
                    *entry = (*tree, Vec::new());
                }
                if *accepted {
                    entry.1.push(*arc);
                }
                self.candidate = Some((*arc, *accepted));
                self.shaded.clone_from(blocking);
                self.current_alpha = None;
            }
            Step::GrewTree { tree, arcs, alpha } => {
                self.current_tree = Some((*tree, arcs.clone()));
                self.current_alpha = Some(alpha.clone());
            }
            Step::NewtonStep { cut, alpha, .. } => {
                self.shaded.clone_from(cut);
                self.current_alpha = Some(alpha.clone());
            }
            Step::Extracted {
                arcs,
                alpha,
                k_after,
                residual,
                tight,
                ..
            } => {
                self.trees.push(WeightedTree {
                    arcs: arcs.clone(),
                    weight: alpha.clone(),
                });
                self.k = Some(k_after.clone());
                self.residual.clone_from(residual);
                self.tight.clone_from(tight);
                self.current_tree = None;
                self.current_alpha = None;
            }
            Step::Compacted {
                before,
                trees,
                total,
            } => {
                self.compacted = Some((*before, trees.len(), total.clone()));
                self.trees.clone_from(trees);
            }
            Step::Collected {
                out_by_tree,
                in_by_tree,
                ..
            } => {
                self.out_by_tree.clone_from(out_by_tree);
                self.in_by_tree.clone_from(in_by_tree);
            }
            Step::Counted { l, messages, busy } => {
                self.l = Some(l.clone());
                self.messages.clone_from(messages);
                self.busy.clone_from(busy);
            }
            Step::FilledSlot { mu, slot, bars, .. } => {
                self.slots.push((mu.clone(), slot.clone()));
                self.bars.extend(bars.iter().cloned());
            }
            Step::Scheduled { a, length, .. } => self.period = Some((a.clone(), length.clone())),
            Step::Compared { entries } => self.comparison.clone_from(entries),
            Step::Seeded { names, columns } => {
                self.seed_names.clone_from(names);
                self.columns.clone_from(columns);
                self.column_weights = vec![Q::zero(); columns.len()];
            }
            Step::PricedTree(r) => {
                self.column_weights.clone_from(&r.weights);
                if r.added {
                    self.columns.push(r.tree.clone());
                    self.column_weights.push(Q::zero());
                }
                self.priced = Some((r.tree.clone(), r.theta.clone(), r.added));
                self.master_value = Some(r.master.clone());
                self.dual_bound.clone_from(&r.upper);
                self.out_price.clone_from(&r.out_price);
                self.in_price.clone_from(&r.in_price);
                self.rounds = r.round;
            }
            Step::SolvedColumns { rho, trees, .. } => {
                self.rho = Some(rho.clone());
                self.trees.clone_from(trees);
                self.priced = None;
            }
            Step::Routed {
                logical,
                routes,
                multiplicity,
                ..
            } => {
                self.routes = logical
                    .iter()
                    .copied()
                    .zip(routes.iter().cloned())
                    .collect();
                self.multiplicity.clone_from(multiplicity);
            }
            Step::Improved { arcs, throughput } => {
                self.trees = vec![WeightedTree {
                    arcs: arcs.clone(),
                    weight: throughput.clone(),
                }];
            }
            Step::Loaded {
                out,
                inn,
                bottleneck,
                throughput,
            } => {
                self.out_load.clone_from(out);
                self.in_load.clone_from(inn);
                self.bottleneck = *bottleneck;
                self.baseline_throughput = Some(throughput.clone());
            }
            Step::Coloured { chi, .. } => {
                self.baseline_throughput = Some(chi.is_positive().then(|| chi.recip()));
            }
            Step::UniSlot { slot, .. } => self.uni_slots.push(slot.clone()),
            Step::Undefined { reason, .. } => {
                self.undefined = Some(reason.clone());
                self.baseline_throughput = Some(Some(Q::zero()));
            }
        }
        self.last = Some(step.clone());
    }
}
