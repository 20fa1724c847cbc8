//! The matching side of the unidirectional model (broadcast.md §6.1, §6.4): the platform as an
//! undirected conflict graph (`(u,v)` and `(v,u)` conflict, a node takes part in one transfer
//! at a time), its maximum-weight matching by the exact subset dynamic program of §6.4, and an
//! odd cycle of a support (what makes the naive port-sum bound unreachable).

use std::collections::{BTreeMap, HashMap, VecDeque};

use num_traits::{Signed, Zero};

use crate::broadcast::multicast::net::{scaled, Net, Scaled, Weight};
use crate::error::SolveError;
use crate::rational::Q;

/// Largest connected group of positively weighted pairs the subset program accepts (its table
/// has `2^k` entries).
pub const MAX_COMPONENT: usize = 20;

/// A maximum-weight matching of the conflict graph for arc weights `z ≥ 0`: its arcs (sorted)
/// and exact weight. A pair of opposite arcs counts once, with the larger weight (ties: the
/// smaller arc id). Only positive weights matter, so the program runs on each connected group
/// of positive pairs separately. Ties: the first of "leave the lowest vertex unmatched, match
/// it with the smallest partner" that reaches the optimum.
///
/// Reference: broadcast.md §6.4 (`f(S)` = best matching inside `S`: drop the lowest vertex or
/// match it with `j ∈ S`).
///
/// # Complexity
/// At most `O(2^k·k)` per group of `k` vertices: only the subsets the recursion reaches are
/// evaluated (on a random 20-node platform the whole solve went from 16.8 s to 0.4 s).
///
/// # Errors
/// A group larger than [`MAX_COMPONENT`] vertices.
pub fn max_matching(net: &Net, z: &[Q]) -> Result<(Vec<usize>, Q), SolveError> {
    let mut pairs: BTreeMap<(usize, usize), (usize, Q)> = BTreeMap::new();
    for (k, a) in net.arcs.iter().enumerate() {
        if !z[k].is_positive() || a.from == a.to {
            continue;
        }
        let key = (a.from.min(a.to), a.from.max(a.to));
        let better = pairs.get(&key).is_none_or(|(_, w)| z[k] > *w);
        if better {
            pairs.insert(key, (k, z[k].clone()));
        }
    }
    let mut group: Vec<usize> = (0..net.n).collect();
    for &(u, v) in pairs.keys() {
        let (ru, rv) = (find(&mut group, u), find(&mut group, v));
        group[ru.max(rv)] = ru.min(rv);
    }
    let mut members: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &(u, v) in pairs.keys() {
        for x in [u, v] {
            let r = find(&mut group, x);
            let m = members.entry(r).or_default();
            if !m.contains(&x) {
                m.push(x);
            }
        }
    }
    let (mut arcs, mut total) = (Vec::new(), Q::zero());
    for verts in members.into_values() {
        let (a, w) = component(&verts, &pairs)?;
        arcs.extend(a);
        total += w;
    }
    arcs.sort_unstable();
    Ok((arcs, total))
}

/// Union-find root of `v` (with path shortening of `v` itself).
fn find(g: &mut [usize], v: usize) -> usize {
    let mut r = v;
    while g[r] != r {
        r = g[r];
    }
    g[v] = r;
    r
}

/// The subset program on one group of vertices.
fn component(
    verts: &[usize],
    pairs: &BTreeMap<(usize, usize), (usize, Q)>,
) -> Result<(Vec<usize>, Q), SolveError> {
    let mut verts = verts.to_vec();
    verts.sort_unstable();
    let k = verts.len();
    if k > MAX_COMPONENT {
        return Err(format!(
            "the matching oracle met {k} interacting nodes; it handles at most {MAX_COMPONENT}"
        )
        .into());
    }
    let local = |v: usize| verts.iter().position(|&x| x == v).unwrap_or(0);
    // adj[i] = (j, pair index) for j > i, increasing j.
    let mut list: Vec<(usize, usize, usize)> = Vec::new();
    let mut weights: Vec<Q> = Vec::new();
    for ((u, v), (arc, w)) in pairs {
        if verts.binary_search(u).is_ok() {
            list.push((local(*u), local(*v), *arc));
            weights.push(w.clone());
        }
    }
    let chosen = match scaled(&weights) {
        Scaled::Small(ints) => subset_dp(k, &list, &ints),
        Scaled::Big(ints) => subset_dp(k, &list, &ints),
    };
    let total = chosen.iter().map(|&i| weights[i].clone()).sum();
    Ok((chosen.iter().map(|&i| list[i].2).collect(), total))
}

/// `f(S)` over subsets of `k` vertices; `list[i] = (u, v, arc)` with weight `w[i]`, `u < v`.
/// Returns the indices of the chosen pairs.
///
/// Only the subsets the recursion reaches from the whole set are evaluated (memoised): a
/// subset loses its lowest vertex, and perhaps one of that vertex's partners, so on sparse
/// platforms far fewer than the `2^k` subsets of the table arise. The values, choices and
/// ties are those of the full table (the same recursion, the same order of partners).
fn subset_dp<T: Weight>(k: usize, list: &[(usize, usize, usize)], w: &[T]) -> Vec<usize> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); k];
    for (i, &(u, _, _)) in list.iter().enumerate() {
        adj[u].push(i);
    }
    for a in &mut adj {
        a.sort_by_key(|&i| list[i].1);
    }
    let full = (1usize << k) - 1;
    let mut memo = Memo::new(k);
    best(full, &adj, list, w, &mut memo);
    let mut chosen = Vec::new();
    let mut set = full;
    while set != 0 {
        let i = set.trailing_zeros() as usize;
        let choice = memo.get(set).and_then(|(_, c)| *c);
        set &= !(1 << i);
        if let Some(p) = choice {
            chosen.push(p);
            set &= !(1 << list[p].1);
        }
    }
    chosen
}

/// Largest group whose subset table is a plain array (`2^14` entries); larger ones use a hash
/// map of the subsets reached. Which one holds the values changes no value, choice or tie.
const DENSE_MEMO: usize = 14;

/// The values `f(S)` computed so far and their choices.
enum Memo<T> {
    Dense(Vec<Option<(T, Option<usize>)>>),
    Sparse(HashMap<usize, (T, Option<usize>)>),
}

impl<T: Clone> Memo<T> {
    fn new(k: usize) -> Memo<T> {
        if k <= DENSE_MEMO {
            Memo::Dense(vec![None; 1 << k])
        } else {
            Memo::Sparse(HashMap::new())
        }
    }

    fn get(&self, set: usize) -> Option<&(T, Option<usize>)> {
        match self {
            Memo::Dense(v) => v.get(set).and_then(Option::as_ref),
            Memo::Sparse(h) => h.get(&set),
        }
    }

    fn insert(&mut self, set: usize, entry: (T, Option<usize>)) {
        match self {
            Memo::Dense(v) => {
                if let Some(slot) = v.get_mut(set) {
                    *slot = Some(entry);
                }
            }
            Memo::Sparse(h) => {
                h.insert(set, entry);
            }
        }
    }
}

/// `f(set)`: leave the lowest vertex unmatched, or match it with a partner in increasing order,
/// keeping the first strictly better value (recursion depth at most `k`).
fn best<T: Weight>(
    set: usize,
    adj: &[Vec<usize>],
    list: &[(usize, usize, usize)],
    w: &[T],
    memo: &mut Memo<T>,
) -> T {
    if set == 0 {
        return T::zero();
    }
    if let Some((v, _)) = memo.get(set) {
        return v.clone();
    }
    let i = set.trailing_zeros() as usize;
    let rest = set & !(1 << i);
    let mut f = best(rest, adj, list, w, memo);
    let mut choice = None;
    for &p in &adj[i] {
        let j = list[p].1;
        if rest & (1 << j) != 0 {
            let cand = w[p].clone() + best(rest & !(1 << j), adj, list, w, memo);
            if cand > f {
                f = cand;
                choice = Some(p);
            }
        }
    }
    memo.insert(set, (f.clone(), choice));
    f
}

/// The arcs are pairwise endpoint-disjoint, direction ignored (a unidirectional matching).
#[must_use]
pub fn is_matching(net: &Net, arcs: &[usize]) -> bool {
    let mut busy = vec![false; net.n];
    for &k in arcs {
        let a = &net.arcs[k];
        if busy[a.from] || busy[a.to] {
            return false;
        }
        busy[a.from] = true;
        busy[a.to] = true;
    }
    true
}

/// An odd cycle (arc ids, in walking order) of the undirected graph formed by `support`, if
/// any: the witness that the naive port-sum bound cannot be scheduled (a bipartite support
/// could be, by König's theorem).
#[must_use]
pub fn odd_cycle(net: &Net, support: &[usize]) -> Vec<usize> {
    let mut colour: Vec<Option<(bool, Option<usize>)>> = vec![None; net.n];
    for root in 0..net.n {
        if colour[root].is_some() {
            continue;
        }
        colour[root] = Some((false, None));
        let mut queue = VecDeque::from([root]);
        while let Some(u) = queue.pop_front() {
            for &k in support {
                let a = &net.arcs[k];
                let v = match (a.from == u, a.to == u) {
                    (true, false) => a.to,
                    (false, true) => a.from,
                    _ => continue,
                };
                let cu = colour[u].is_some_and(|c| c.0);
                match colour[v] {
                    None => {
                        colour[v] = Some((!cu, Some(k)));
                        queue.push_back(v);
                    }
                    Some((cv, _)) if cv == cu => return close(net, &colour, u, v, k),
                    Some(_) => {}
                }
            }
        }
    }
    Vec::new()
}

/// The cycle made of the BFS-tree paths from `u` and `v` to their meeting point plus arc `k`.
fn close(
    net: &Net,
    colour: &[Option<(bool, Option<usize>)>],
    u: usize,
    v: usize,
    k: usize,
) -> Vec<usize> {
    let up = |mut x: usize| {
        let mut path = vec![(x, None)];
        while let Some((_, Some(arc))) = colour[x] {
            let a = &net.arcs[arc];
            x = if a.to == x { a.from } else { a.to };
            path.push((x, Some(arc)));
        }
        path
    };
    let (pu, pv) = (up(u), up(v));
    let meet = pu
        .iter()
        .position(|(x, _)| pv.iter().any(|(y, _)| y == x))
        .unwrap_or(0);
    let meet_v = pv.iter().position(|(y, _)| *y == pu[meet].0).unwrap_or(0);
    let mut cycle: Vec<usize> = pu[1..=meet].iter().filter_map(|(_, a)| *a).collect();
    cycle.reverse();
    cycle.push(k);
    let tail: Vec<usize> = pv[1..=meet_v].iter().filter_map(|(_, a)| *a).collect();
    let mut cycle_rev = cycle;
    cycle_rev.extend(tail);
    cycle_rev
}
