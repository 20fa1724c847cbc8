//! What each method reports besides the common fields of a solution: one type per method and
//! [`Details`], their sum. Below the methods and the solution, so both can name them.

use serde::Serialize;

use super::ef::SortedEf;
use super::step::Tried;
use crate::rational::Q;

/// What each method adds to the common solution fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
#[serde(untagged)]
pub enum Details {
    /// STARLINEAR and the fixed order.
    Star(StarDetails),
    /// TREELINEAR.
    Tree(TreeDetails),
    /// STARAFFINE methods.
    Affine(AffineDetails),
    /// Multi-installment.
    Multi(MultiDetails),
    /// UMR.
    Umr(UmrDetails),
    /// The periodic schedule.
    Periodic(PeriodicDetails),
}

/// What STARLINEAR and the fixed order report besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct StarDetails {
    /// `a_k` per worker (input order; 0 for idle workers), per unit of makespan.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rates: Vec<Q>,
    /// `ρ = Σ a_k (+ 1/w_0)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho: Q,
    /// `ρ` of every imposed order, lexicographic (`p ≤`
    /// [`MAX_ORDERS_COMPARED`](super::star::MAX_ORDERS_COMPARED); empty otherwise).
    pub orders: Vec<OrderRate>,
    /// Fixed order: every subsequence evaluated (`p ≤`
    /// [`MAX_TABLE_WORKERS`](super::star::MAX_TABLE_WORKERS)).
    pub subsequences: Vec<Tried>,
    /// STARLINEAR: Prop. 2's exchange of every two consecutive workers of the sending order
    /// (empty for the fixed order, whose order is imposed).
    pub exchanges: Vec<Swap>,
}

/// Prop. 2's exchange argument (divisible-load.md §2.1) on two consecutive workers `a`, `b` of
/// the sending order, with `T'` the time left when `a`'s message starts: swapping them keeps
/// the link busy as long (`busy`), and serving `a` first processes
/// `gain = T'·(g_b − g_a)/((g_a + w_a)(g_b + w_b))` more (DL-2).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Swap {
    /// The worker served first.
    pub a: usize,
    /// The worker served next.
    pub b: usize,
    /// `T'`: the makespan minus the start of `a`'s message.
    #[serde(serialize_with = "crate::rational::exact")]
    pub time_left: Q,
    /// Load the pair processes in `T'`, `a` first (`α_a + α_b` of the schedule).
    #[serde(serialize_with = "crate::rational::exact")]
    pub load_ab: Q,
    /// Load the pair would process in `T'`, `b` first.
    #[serde(serialize_with = "crate::rational::exact")]
    pub load_ba: Q,
    /// `load_ab − load_ba`, by the formula of Prop. 2.
    #[serde(serialize_with = "crate::rational::exact")]
    pub gain: Q,
    /// The link's busy time for the pair, the same in both orders.
    #[serde(serialize_with = "crate::rational::exact")]
    pub busy: Q,
}

/// The throughput of one imposed order (linear costs).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct OrderRate {
    /// The order.
    pub order: Vec<usize>,
    /// The LP optimum of this order (§2.2 LP view): the best subsequence, leaving idle the
    /// workers that would slow it down (§2.4); load per time unit, `+ 1/w_0` when the master
    /// computes. These are the values of DL-3.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho: Q,
    /// Every worker used, all finishing together (can be lower than `rho`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho_all: Q,
}

/// What TREELINEAR reports besides the common fields (indices are nodes).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct TreeDetails {
    /// `w_eq(v)` of every node that gets load (`None`: removed relay).
    #[serde(serialize_with = "crate::rational::exact")]
    pub w_eq: Vec<Option<Q>>,
    /// `X_v`: each node's whole subtree load (the root: `W_total`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub subtree_load: Vec<Q>,
    /// `t_v`: when each node's data is complete (`None`: removed relay).
    #[serde(serialize_with = "crate::rational::exact")]
    pub ready: Vec<Option<Q>>,
    /// Each node's children in serving order.
    pub children_order: Vec<Vec<usize>>,
    /// Relay leaves removed before collapsing.
    pub removed: Vec<usize>,
}

/// What the STARAFFINE methods report besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct AffineDetails {
    /// `EF` of all workers by `g`.
    pub sorted: Option<SortedEf>,
    /// Every ordered subset in enumeration order (`p ≤ 4`), or the `p` prefixes (heuristic).
    pub table: Vec<Tried>,
    /// Prefixes examined by the search.
    pub visited: u64,
    /// Subtrees cut by the bounds.
    pub pruned: u64,
    /// The search finished (false: stopped by [`super::affine::NODE_BUDGET`]).
    pub complete: bool,
    /// The mixed integer program of §4.4, as text.
    pub program: Vec<String>,
}

impl AffineDetails {
    /// No search (nothing to schedule).
    #[must_use]
    pub fn empty() -> AffineDetails {
        AffineDetails::new(None, Vec::new(), Vec::new())
    }

    pub(super) fn new(
        sorted: Option<SortedEf>,
        table: Vec<Tried>,
        program: Vec<String>,
    ) -> AffineDetails {
        AffineDetails {
            sorted,
            table,
            visited: 0,
            pruned: 0,
            complete: true,
            program,
        }
    }
}

/// What multi-installment reports besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct MultiDetails {
    /// `M`.
    pub rounds: usize,
    /// `A_j`, `j = 0..n−1`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub a: Vec<Q>,
    /// `B_j`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub b: Vec<Q>,
    /// `γ_0 = α_0·w`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub gamma0: Q,
    /// The chunks in sending order.
    pub chunks: Vec<Chunk>,
    /// `Σ_j (G + g·α_j) + W + w·α_0`: the spec's makespan formula (equals the schedule's end).
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan_formula: Q,
}

/// One chunk in sending order.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Chunk {
    /// Its index `j` (numbered from the end: chunk 0 is sent last).
    pub j: usize,
    /// The worker it goes to.
    pub worker: usize,
    /// Its round (from 0).
    pub round: usize,
    /// Its size `α_j`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub size: Q,
}

/// What UMR reports besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct UmrDetails {
    /// `θ = w/(P·g)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub theta: Q,
    /// `Obj(M)` for every `M` scanned (the plot of §9.5).
    pub objectives: Vec<Objective>,
    /// `M*`.
    pub rounds: usize,
    /// `Obj(M*)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub obj: Q,
    /// `α_j` per round.
    #[serde(serialize_with = "crate::rational::exact")]
    pub round_chunks: Vec<Q>,
    /// The makespan with every round uniform (`W_total·w/P + M·W + P·(G + g·α_0)`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub uniform_makespan: Q,
    /// `F` of the equalised last round.
    #[serde(serialize_with = "crate::rational::exact")]
    pub finish: Q,
    /// `β_i` of the last round.
    #[serde(serialize_with = "crate::rational::exact")]
    pub beta: Vec<Q>,
}

/// `Obj(M)` of one number of rounds (`None`: some chunk is not positive).
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Objective {
    /// Number of rounds.
    pub m: usize,
    /// `Obj(M)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub obj: Option<Q>,
}

/// What the periodic schedule reports besides the common fields.
#[derive(Clone, Debug, PartialEq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct PeriodicDetails {
    /// Workers by `(g, i)`.
    pub sorted: Vec<usize>,
    /// `x_i` per unit of period without latencies (input order; 0: not selected).
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Vec<Q>,
    /// Number of fully used workers `q`.
    pub q: usize,
    /// `ρ_opt`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho_opt: Q,
    /// `L = Σ (G_i + W_i)`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub latency: Q,
    /// `T_p`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub period: Q,
    /// `T_p` was raised to `2L` ("load too small: guarantee does not apply").
    pub small_load: bool,
    /// The chunk `α_i` of a full period (input order).
    #[serde(serialize_with = "crate::rational::exact")]
    pub chunk: Vec<Q>,
    /// `ρ = (1 − L/T_p)·ρ_opt`.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rho: Q,
    /// Number of periods `k`.
    pub periods: usize,
    /// The actual end of the last computation (`≤ k·T_p`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub last_finish: Q,
    /// `B/ρ_opt`, a lower bound on any makespan.
    #[serde(serialize_with = "crate::rational::exact")]
    pub lower_bound: Q,
    /// Theorem 2's bound `B/ρ_opt + 2(L + 1)·√(B/ρ_opt)` (floating point).
    pub guarantee: f64,
}
