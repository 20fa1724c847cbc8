//! RB's recursion tree (chains.md §5.1 and §10) as the replay builds it from the `rb_split`
//! events: each node is a group of processors `P_p..P_r` with its tasks `start+1..=end` and
//! their load per unit of speed; a split node knows where it was cut and its two children.
//! The node split by the latest step is the current one, so stepping back moves the highlight.

use crate::rational::Q;

/// Where a node was cut (one `rb_split` event).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RbCut {
    /// Last processor of the left half.
    pub q: usize,
    /// The separator placed: the left half holds tasks `start+1..=s_q`.
    pub s_q: usize,
    /// The ideal prefix sum at the cut.
    pub target: Q,
    /// Index of the left child in [`RbTree::nodes`].
    pub left: usize,
    /// Index of the right child.
    pub right: usize,
}

/// One node of the recursion tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RbNode {
    /// First processor (1-based).
    pub p: usize,
    /// Last processor.
    pub r: usize,
    /// Tasks `start+1..=end` belong to this node.
    pub start: usize,
    /// Last task.
    pub end: usize,
    /// Work of the node's tasks divided by its processors' total speed.
    pub load: Q,
    /// Depth (the root is 0).
    pub depth: usize,
    /// Index of the parent in [`RbTree::nodes`].
    pub parent: Option<usize>,
    /// The cut, once this node has been split.
    pub cut: Option<RbCut>,
}

impl RbNode {
    /// `P3..P5` or `P4` for a single processor.
    #[must_use]
    pub fn procs(&self) -> String {
        if self.p == self.r {
            format!("P{}", self.p)
        } else {
            format!("P{}..P{}", self.p, self.r)
        }
    }

    /// `tasks 21..40`, `task 7` or `no tasks`.
    #[must_use]
    pub fn tasks(&self) -> String {
        tasks(self.start, self.end)
    }
}

/// The tasks `start+1..=end` in words: `tasks 21..40`, `task 7` or `no tasks`.
#[must_use]
pub fn tasks(start: usize, end: usize) -> String {
    match end.checked_sub(start) {
        None | Some(0) => "no tasks".to_owned(),
        Some(1) => format!("task {end}"),
        Some(_) => format!("tasks {}..{end}", start + 1),
    }
}

/// A node without a parent for the event's processors (the root, with load `ideal`).
fn detached(e: &SplitEvent<'_>, ideal: &Q) -> RbNode {
    RbNode {
        p: e.p,
        r: e.r,
        start: e.start,
        end: e.end,
        load: ideal.clone(),
        depth: 0,
        parent: None,
        cut: None,
    }
}

/// The recursion tree built so far.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RbTree {
    /// Every node created so far: the root first, then each split's two children.
    pub nodes: Vec<RbNode>,
    /// The split nodes in the order they were split (pre-order, left first).
    pub order: Vec<usize>,
    /// The node split by the latest step, when the latest step is a split.
    pub current: Option<usize>,
    /// Nodes of more than one processor that are not split yet (a stack: next on top).
    pending: Vec<usize>,
}

/// One `rb_split` event's numbers.
#[derive(Clone, Copy, Debug)]
pub struct SplitEvent<'a> {
    /// First processor.
    pub p: usize,
    /// Last processor of the left half.
    pub q: usize,
    /// Last processor.
    pub r: usize,
    /// Separator placed.
    pub s_q: usize,
    /// `s_{p−1}`.
    pub start: usize,
    /// `s_r`.
    pub end: usize,
    /// The ideal prefix at the cut.
    pub target: &'a Q,
    /// Load of the left half.
    pub left_load: &'a Q,
    /// Load of the right half.
    pub right_load: &'a Q,
}

impl RbTree {
    /// The root (absent before the first split).
    #[must_use]
    pub fn root(&self) -> Option<&RbNode> {
        self.nodes.first()
    }

    /// The node split by the latest step.
    #[must_use]
    pub fn current_node(&self) -> Option<&RbNode> {
        self.current.and_then(|k| self.nodes.get(k))
    }

    /// Number of levels (1 for the root alone, 0 before the first split).
    #[must_use]
    pub fn height(&self) -> usize {
        self.nodes.iter().map(|n| n.depth + 1).max().unwrap_or(0)
    }

    /// Records a split; `ideal` gives `W_tot/E_tot`, the root's load.
    pub fn split(&mut self, e: &SplitEvent<'_>, ideal: impl Fn() -> Q) {
        if self.nodes.is_empty() {
            self.nodes.push(detached(e, &ideal()));
            self.pending.push(0);
        }
        let at = self.take(e, &ideal);
        let depth = self.nodes[at].depth + 1;
        let child = |p, r, start, end, load: &Q| RbNode {
            p,
            r,
            start,
            end,
            load: load.clone(),
            depth,
            parent: Some(at),
            cut: None,
        };
        let (left, right) = (self.nodes.len(), self.nodes.len() + 1);
        self.nodes
            .push(child(e.p, e.q, e.start, e.s_q, e.left_load));
        self.nodes
            .push(child(e.q + 1, e.r, e.s_q, e.end, e.right_load));
        self.nodes[at].cut = Some(RbCut {
            q: e.q,
            s_q: e.s_q,
            target: e.target.clone(),
            left,
            right,
        });
        // The solver splits the left child first.
        for k in [right, left] {
            if self.nodes[k].p < self.nodes[k].r {
                self.pending.push(k);
            }
        }
        self.order.push(at);
        self.current = Some(at);
    }

    /// The unsplit node `P_p..P_r`: the top of the pending stack in a trace the solver made, a
    /// search otherwise; a new detached node when none matches (a hand-made trace).
    fn take(&mut self, e: &SplitEvent<'_>, ideal: &dyn Fn() -> Q) -> usize {
        let (p, r) = (e.p, e.r);
        let matches = |n: &RbNode| n.p == p && n.r == r && n.cut.is_none();
        if let Some(&k) = self.pending.last() {
            if matches(&self.nodes[k]) {
                self.pending.pop();
                return k;
            }
        }
        if let Some(i) = self.pending.iter().rposition(|&k| matches(&self.nodes[k])) {
            return self.pending.remove(i);
        }
        if let Some(k) = self.nodes.iter().position(matches) {
            return k;
        }
        self.nodes.push(detached(e, &ideal()));
        self.nodes.len() - 1
    }

    /// The ancestors of node `k`, from the root down to `k` included.
    #[must_use]
    pub fn path(&self, k: usize) -> Vec<usize> {
        let mut out = vec![k];
        let mut at = k;
        while let Some(up) = self.nodes.get(at).and_then(|n| n.parent) {
            out.push(up);
            at = up;
        }
        out.reverse();
        out
    }
}
