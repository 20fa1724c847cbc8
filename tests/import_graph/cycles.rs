//! Cycles of the file graph: its strongly connected components (Tarjan), each reported as one
//! shortest cycle with the lines behind every edge, then the component's other edges.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::resolve::Edges;

/// The graph's strongly connected components of two or more files, each sorted.
pub fn components(nodes: usize, edges: &Edges) -> Vec<Vec<usize>> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(a, b) in edges.keys() {
        next[a].push(b);
    }
    let mut t = Tarjan {
        next,
        index: vec![None; nodes],
        low: vec![0; nodes],
        ..Tarjan::default()
    };
    for v in 0..nodes {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.out.retain(|c| c.len() > 1);
    for c in &mut t.out {
        c.sort_unstable();
    }
    t.out.sort();
    t.out
}

#[derive(Default)]
struct Tarjan {
    next: Vec<Vec<usize>>,
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    stack: Vec<usize>,
    on_stack: BTreeSet<usize>,
    counter: usize,
    out: Vec<Vec<usize>>,
}

impl Tarjan {
    /// Tarjan's recursion; module graphs are shallow enough for the call stack.
    fn visit(&mut self, v: usize) {
        self.index[v] = Some(self.counter);
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack.insert(v);
        for k in 0..self.next[v].len() {
            let w = self.next[v][k];
            match self.index[w] {
                None => {
                    self.visit(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(i) if self.on_stack.contains(&w) => self.low[v] = self.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack.remove(&w);
                comp.push(w);
                if w == v {
                    break;
                }
            }
            self.out.push(comp);
        }
    }
}

/// A shortest cycle through the component's first file, as the files in order.
pub fn shortest_cycle(comp: &[usize], edges: &Edges) -> Vec<usize> {
    let inside: BTreeSet<usize> = comp.iter().copied().collect();
    let start = comp[0];
    let mut prev: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &(a, b) in edges.keys().filter(|(a, _)| *a == v) {
            if b == start {
                let mut cycle = vec![a];
                while let Some(&p) = prev.get(cycle.last().unwrap_or(&start)) {
                    cycle.push(p);
                }
                cycle.reverse();
                return cycle;
            }
            if inside.contains(&b) && b != start && !prev.contains_key(&b) {
                prev.insert(b, a);
                queue.push_back(b);
            }
        }
    }
    vec![start]
}

/// The report of one component: its shortest cycle edge by edge, then its other edges.
pub fn describe(comp: &[usize], edges: &Edges, files: &[String]) -> String {
    let cycle = shortest_cycle(comp, edges);
    let names: Vec<&str> = cycle.iter().map(|&f| files[f].as_str()).collect();
    let mut out = format!("cycle: {} → {}\n", names.join(" → "), names[0]);
    let mut shown = BTreeSet::new();
    for (k, &a) in cycle.iter().enumerate() {
        let b = cycle[(k + 1) % cycle.len()];
        out.push_str(&edge_line(a, b, edges, files));
        shown.insert((a, b));
    }
    let inside: BTreeSet<usize> = comp.iter().copied().collect();
    let others: Vec<_> = edges
        .keys()
        .filter(|(a, b)| inside.contains(a) && inside.contains(b) && !shown.contains(&(*a, *b)))
        .collect();
    if !others.is_empty() {
        out.push_str(&format!(
            "  other edges among these {} files:\n",
            comp.len()
        ));
        for &&(a, b) in &others {
            out.push_str(&edge_line(a, b, edges, files));
        }
    }
    out
}

fn edge_line(a: usize, b: usize, edges: &Edges, files: &[String]) -> String {
    let why: Vec<String> = edges[&(a, b)]
        .iter()
        .map(|r| format!("{}: {}", r.line, r.what))
        .collect();
    format!("    {} → {}  ({})\n", files[a], files[b], why.join(", "))
}
