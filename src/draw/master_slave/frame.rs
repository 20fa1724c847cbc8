//! What every step of one master–slave run shares ([`Frame`]): the Gantt chart's rows, the
//! horizon and time span, the tree or the slaves with their costs, and the empty bus slots drawn
//! before anything is placed. Built once per run, read by every part of the figure.

use hetlab_core::master_slave::{MsInput, MsSolution};
use hetlab_core::rational::Q;

/// A row of the Gantt chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, nanoserde::SerBin, nanoserde::DeBin)]
pub enum Row {
    /// The shared bus (Part A).
    Bus,
    /// The master's port (Part B).
    MasterPort,
    /// The sending port of tree node `v` (Part B).
    Port(usize),
    /// The master's CPU (Part B with `w0`).
    MasterCpu,
    /// Slave `i` (Part A) or the CPU of tree node `i` (Part B).
    Cpu(usize),
}

/// What every step of one run shares: the rows, the horizon, the time span, the tree.
#[derive(Clone, Debug, PartialEq, Default, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Frame {
    /// Part B.
    pub tree: bool,
    /// Rows and their names, top to bottom.
    pub rows: Vec<(Row, String)>,
    /// The horizon `T` (`MinTime`: the makespan found).
    pub horizon: Q,
    /// The chart's time span: `T`, or the last end when something runs past it.
    pub span: Q,
    /// Node names (`P1`, or a general tree's ids).
    pub names: Vec<String>,
    /// Parent of each tree node (`None`: the master).
    pub parents: Vec<Option<usize>>,
    /// Link cost and cycle time of each tree node, or the cycle time of each slave, as text.
    pub info: Vec<(String, String)>,
    /// `C` of a `MinTime` instance.
    pub target: Option<u64>,
    /// The bus variant `0..=4` (Part A).
    pub variant: Option<u8>,
    /// The empty bus slots drawn before anything is placed (§10.1 item 1, §10.2 item 1).
    pub skeleton: Vec<(Q, Q)>,
}

/// The bus slots of `MaxTasks1` (`[(j−1)·tcom, j·tcom)`) and `MaxTasks2` (forward slots from 0,
/// return slots packed against `T`).
fn skeleton(b: &hetlab_core::master_slave::BusInput) -> Vec<(Q, Q)> {
    use hetlab_core::master_slave::Goal;
    let Goal::Horizon(horizon) = &b.goal else {
        return Vec::new();
    };
    let (t1, t2) = b.t1_t2();
    let at = |k: usize, d: &Q| d * Q::from_integer(k.into());
    let p = b.t.len();
    let mut out: Vec<(Q, Q)> = match b.variant {
        1 | 2 => (0..p).map(|j| (at(j, &t1), at(j + 1, &t1))).collect(),
        _ => Vec::new(),
    };
    if b.variant == 2 {
        out.extend((0..p).map(|k| (horizon - at(k + 1, &t2), horizon - at(k, &t2))));
    }
    out
}

/// The frame of a run.
#[must_use]
pub fn frame(input: &MsInput, sol: &MsSolution) -> Frame {
    use hetlab_core::master_slave::Goal;
    use hetlab_core::rational::frac;
    let horizon = sol.horizon.clone();
    let last = sol.schedule.iter().map(|a| a.span().1).max();
    let span = match last {
        Some(e) if *e > horizon => e.clone(),
        _ if horizon > Q::default() => horizon.clone(),
        _ => Q::from_integer(1.into()),
    };
    match input {
        MsInput::Bus(b) => {
            let p = b.t.len();
            let mut rows = vec![(Row::Bus, "bus".to_owned())];
            rows.extend((0..p).map(|i| (Row::Cpu(i), format!("P{}", i + 1))));
            Frame {
                tree: false,
                rows,
                horizon,
                span,
                names: (0..p).map(|i| format!("P{}", i + 1)).collect(),
                parents: vec![None; p],
                info: b.t.iter().map(|t| (String::new(), frac(t))).collect(),
                target: match b.goal {
                    Goal::Tasks(c) => Some(c),
                    Goal::Horizon(_) => None,
                },
                variant: Some(b.variant),
                skeleton: skeleton(b),
            }
        }
        MsInput::Tree(t) => tree_frame(t, horizon, span),
    }
}

fn tree_frame(t: &hetlab_core::master_slave::TreeInput, horizon: Q, span: Q) -> Frame {
    use hetlab_core::rational::frac;
    let nodes = t.shape.nodes();
    let names: Vec<String> = (0..nodes.len()).map(|k| t.shape.label(k)).collect();
    let parents: Vec<Option<usize>> = nodes.iter().map(|n| n.parent).collect();
    let mut rows = vec![(Row::MasterPort, "M port".to_owned())];
    for (v, name) in names.iter().enumerate() {
        if parents.contains(&Some(v)) {
            rows.push((Row::Port(v), format!("{name} port")));
        }
    }
    if t.w0.is_some() {
        rows.push((Row::MasterCpu, "M".to_owned()));
    }
    for (v, n) in nodes.iter().enumerate() {
        if n.w.is_some() {
            rows.push((Row::Cpu(v), names[v].clone()));
        }
    }
    let info = nodes
        .iter()
        .map(|n| {
            (
                frac(&n.c),
                n.w.as_ref().map_or_else(|| "—".to_owned(), frac),
            )
        })
        .collect();
    Frame {
        tree: true,
        rows,
        horizon,
        span,
        names,
        parents,
        info,
        target: None,
        variant: None,
        skeleton: Vec::new(),
    }
}
