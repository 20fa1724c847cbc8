//! The cost model of a scatter (scatter.md §1): affine costs per processor, the sending order,
//! the end times and makespan of a distribution (§1.3, with the zero-share convention of §1.2),
//! and MPI_Scatter's uniform distribution (the "before" of §7).

use num_traits::{Signed, ToPrimitive, Zero};
use serde::Serialize;

use crate::rational::Q;
use crate::scatter::{Affine, Scatter};

/// The costs the algorithms read, indexed by processor (input order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// `T_comm(i, ·)`; zero for the root (and for every processor with [`Model::tables`]).
    pub comm: Vec<Affine>,
    /// `T_comp(i, ·)` (zero with [`Model::tables`]).
    pub comp: Vec<Affine>,
    /// Every cost as a table, when the instance has a general one (scatter.md §1.1): only the
    /// DP and the end times read them.
    pub tables: Option<CostTables>,
}

/// Every cost of an instance with a general table, tabulated for `x = 0..=n` items, by
/// processor in input order (an affine cost is tabulated too; the root's transfer is zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostTables {
    /// `T_comm(i, x)`.
    pub comm: Vec<Vec<Q>>,
    /// `T_comp(i, x)`.
    pub comp: Vec<Vec<Q>>,
}

impl CostTables {
    /// The tables of `inst`, `comm` being the model's transfers (the root's already zero: its
    /// table, like its affine `comm`, is ignored).
    fn of(inst: &Scatter, comm: &[Affine]) -> CostTables {
        let root = inst.processors.len().saturating_sub(1);
        let n = usize::try_from(inst.n).unwrap_or(usize::MAX);
        let tabulate = |a: &Affine, t: Option<&Vec<Q>>| match t {
            Some(t) => t.clone(),
            None => (0..=n).map(|x| a.at(&Q::from_integer(x.into()))).collect(),
        };
        CostTables {
            comm: comm
                .iter()
                .zip(&inst.processors)
                .enumerate()
                .map(|(i, (a, q))| tabulate(a, q.comm_table.as_ref().filter(|_| i != root)))
                .collect(),
            comp: inst
                .processors
                .iter()
                .map(|q| tabulate(&q.comp, q.comp_table.as_ref()))
                .collect(),
        }
    }
}

/// `table[x]` for a whole number of items `x` (0 outside the table: never for the shares of
/// the DP, which are whole and at most `n`).
fn entry(table: &[Q], x: &Q) -> Q {
    x.to_integer()
        .to_usize()
        .and_then(|x| table.get(x))
        .cloned()
        .unwrap_or_default()
}

impl Model {
    /// The instance's costs, the root (last processor) receiving nothing over the network
    /// (formats.md §3.1: the root's `comm` is ignored).
    #[must_use]
    pub fn of(inst: &Scatter) -> Model {
        let p = inst.processors.len();
        let comm: Vec<Affine> = inst
            .processors
            .iter()
            .enumerate()
            .map(|(i, q)| {
                if i + 1 == p {
                    Affine::default()
                } else {
                    q.comm.clone()
                }
            })
            .collect();
        Model {
            tables: inst.has_tables().then(|| CostTables::of(inst, &comm)),
            comm,
            comp: inst.processors.iter().map(|q| q.comp.clone()).collect(),
        }
    }

    /// The costs when processor `root` is the root (scatter.md §5): linear transfers at
    /// `root_transfer.per_item[root][i]` per item, the root's own transfer free, the
    /// computations unchanged. `None` without `root_transfer` or for an index out of range.
    #[must_use]
    pub fn for_root(inst: &Scatter, root: usize) -> Option<Model> {
        let row = inst.root_transfer.as_ref()?.per_item.get(root)?;
        Some(Model {
            tables: None,
            comm: row
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    if i == root {
                        Affine::default()
                    } else {
                        Affine::linear(b.clone())
                    }
                })
                .collect(),
            comp: inst.processors.iter().map(|q| q.comp.clone()).collect(),
        })
    }

    /// Number of processors.
    #[must_use]
    pub fn len(&self) -> usize {
        self.comp.len()
    }

    /// No processor (never for a validated instance).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.comp.is_empty()
    }

    /// `T_comm(i, x)`: the table's entry, or the affine cost.
    #[must_use]
    pub fn comm_at(&self, i: usize, x: &Q) -> Q {
        match &self.tables {
            Some(t) => entry(&t.comm[i], x),
            None => self.comm[i].at(x),
        }
    }

    /// `T_comp(i, x)`: the table's entry, or the affine cost.
    #[must_use]
    pub fn comp_at(&self, i: usize, x: &Q) -> Q {
        match &self.tables {
            Some(t) => entry(&t.comp[i], x),
            None => self.comp[i].at(x),
        }
    }

    /// Every latency is zero and no cost is a table: the linear case of §3.
    #[must_use]
    pub fn is_linear(&self) -> bool {
        self.tables.is_none() && self.comm.iter().chain(&self.comp).all(|a| a.lat.is_zero())
    }

    /// The first processor with `α_i = β_i = 0` (free: the closed form and the LP are
    /// undefined, scatter.md §9).
    #[must_use]
    pub fn free_processor(&self) -> Option<usize> {
        if self.tables.is_some() {
            return None;
        }
        (0..self.len()).find(|&i| (&self.comm[i].per_item + &self.comp[i].per_item).is_zero())
    }
}

/// When one processor receives and computes (all times from the start of the scatter).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Row {
    /// The root starts sending to it (`start_i`; the hatched stair is `[0, start]`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub start: Q,
    /// Its message has arrived (`recv_i`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub recv: Q,
    /// It has computed its items (`end_i`).
    #[serde(serialize_with = "crate::rational::exact")]
    pub end: Q,
}

/// A distribution with its Gantt chart: rows in input order, `None` for a processor that is
/// not contacted (zero share).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Schedule {
    /// Sending order (processor indices, the root last).
    pub order: Vec<usize>,
    /// Items per processor, input order (rational for the closed form, integers otherwise).
    #[serde(serialize_with = "crate::rational::exact")]
    pub shares: Vec<Q>,
    /// One row per processor, input order.
    pub rows: Vec<Option<Row>>,
    /// `T = max end_i` over the contacted processors (0 when nobody is).
    #[serde(serialize_with = "crate::rational::exact")]
    pub makespan: Q,
}

impl Schedule {
    /// End times in input order (`None`: not contacted).
    #[must_use]
    pub fn end_times(&self) -> Vec<Option<Q>> {
        self.rows
            .iter()
            .map(|r| r.as_ref().map(|r| r.end.clone()))
            .collect()
    }
}

/// Evaluates `shares` (input order) sent in `order` (scatter.md §1.3): `start_i` is the sum of
/// the earlier transfers, a zero share costs nothing and does not count in the makespan.
#[must_use]
pub fn evaluate(model: &Model, order: &[usize], shares: &[Q]) -> Schedule {
    let mut rows = vec![None; model.len()];
    let mut clock = Q::zero();
    let mut makespan = Q::zero();
    for &i in order {
        let x = shares.get(i).cloned().unwrap_or_default();
        if !x.is_positive() {
            continue;
        }
        let start = clock.clone();
        let recv = &start + model.comm_at(i, &x);
        let end = &recv + model.comp_at(i, &x);
        if end > makespan {
            makespan = end.clone();
        }
        clock = recv.clone();
        rows[i] = Some(Row { start, recv, end });
    }
    Schedule {
        order: order.to_vec(),
        shares: shares.to_vec(),
        rows,
        makespan,
    }
}

/// The makespan with every processor contacted, latencies paid even for a zero share (the
/// reading of the LP, scatter.md §4.1–4.2).
#[must_use]
pub fn makespan_all_contacted(model: &Model, order: &[usize], shares: &[Q]) -> Q {
    let mut clock = Q::zero();
    let mut makespan = Q::zero();
    for &i in order {
        let x = shares.get(i).cloned().unwrap_or_default();
        clock += model.comm[i].contacted(&x);
        let end = &clock + model.comp[i].contacted(&x);
        if end > makespan {
            makespan = end;
        }
    }
    makespan
}

/// MPI_Scatter's equal shares (scatter.md §6.4, §7 event 1): `⌊n/p⌋` each, one more for the
/// first `n mod p` processors in sending order. Returned in input order.
#[must_use]
pub fn uniform(n: u64, order: &[usize]) -> Vec<u64> {
    let p = order.len() as u64;
    let mut out = vec![0; order.len()];
    if p == 0 {
        return out;
    }
    let (q, r) = (n / p, n % p);
    for (k, &i) in order.iter().enumerate() {
        if let Some(slot) = out.get_mut(i) {
            *slot = q + u64::from((k as u64) < r);
        }
    }
    out
}

/// Integers as rationals.
#[must_use]
pub fn to_q(v: &[u64]) -> Vec<Q> {
    v.iter().map(|&x| Q::from_integer(x.into())).collect()
}
