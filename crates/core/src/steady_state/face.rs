//! Whether the LP's optimal rates are unique (steady-state.md §2.4 and §5.1 state 3): the
//! optimal value `ρ*` always is, the optimal point generally is not (Example 1: the flow on arc
//! 4→2 can be anything in `[1/12, 1/6]`). Decided exactly by optimising each variable both ways
//! over the LP's optimal face (its constraints plus `Σ x = ρ*`): the optimum is unique exactly
//! when every variable has a single value there.

#[cfg(feature = "solve")]
use num_traits::One;

use super::listing::arc_var;
use crate::rational::{frac, Q};
use crate::steady_state::SteadyState;

/// The face is examined only up to this many LP columns (two exact LPs per column).
pub const MAX_COLUMNS: usize = 60;

/// A variable of the LP.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin,
)]
pub enum Var {
    /// `x_i`, by node index.
    X(usize),
    /// `f_a`, by arc index in [`crate::platform::Platform::arcs`].
    F(usize),
    /// `g_a`, by arc index.
    G(usize),
}

/// The values one variable takes over the optimal solutions.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Range {
    /// The variable.
    pub var: Var,
    /// Its least value over the optimal solutions.
    pub low: Q,
    /// Its largest value over the optimal solutions.
    pub high: Q,
}

/// The variables that are not fixed by optimality (empty: the optimum is unique).
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Face {
    /// Each variable whose least and largest optimal values differ: `x` by node, then `f` and
    /// `g` by arc `(from, to)`.
    pub ranges: Vec<Range>,
}

impl Face {
    /// Whether the optimal rates are unique.
    #[must_use]
    pub fn unique(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The name of `var` as the LP listing writes it (`x_2`, `f_42`).
    #[must_use]
    pub fn name(inst: &SteadyState, var: Var) -> String {
        let p = &inst.platform;
        let ids = p.ids();
        let arcs = p.arcs();
        match var {
            Var::X(i) => format!("x_{}", ids[i]),
            Var::F(k) => arc_var("f", &ids[arcs[k].from], &ids[arcs[k].to]),
            Var::G(k) => arc_var("g", &ids[arcs[k].from], &ids[arcs[k].to]),
        }
    }

    /// The note of §5.1 state 3, in plain English: [`Face::note_parts`] in one paragraph.
    #[must_use]
    pub fn note(&self, inst: &SteadyState) -> String {
        let (lead, items, tail) = self.note_parts(inst);
        if items.is_empty() {
            return lead;
        }
        format!("{lead} {}. {tail}", items.join("; "))
    }

    /// The note in three parts, for a page to list the ranges: the lead sentence, one clause
    /// per variable that varies ("the flow on arc 4→2 (f_42) can be anything in [1/12, 1/6]"),
    /// and the closing sentence (both empty when the optimum is unique).
    #[must_use]
    pub fn note_parts(&self, inst: &SteadyState) -> (String, Vec<String>, String) {
        if self.unique() {
            return (
                "The optimal solution is unique: no other rates reach ρ*.".to_owned(),
                Vec::new(),
                String::new(),
            );
        }
        let ids = inst.platform.ids();
        let arcs = inst.platform.arcs();
        let items = self
            .ranges
            .iter()
            .map(|r| {
                let what = match r.var {
                    Var::X(i) => format!("the rate of node {}", ids[i]),
                    Var::F(k) => {
                        format!("the flow on arc {}→{}", ids[arcs[k].from], ids[arcs[k].to])
                    }
                    Var::G(k) => format!(
                        "the result flow on arc {}→{}",
                        ids[arcs[k].from], ids[arcs[k].to]
                    ),
                };
                format!(
                    "{what} ({}) can be anything in [{}, {}]",
                    Face::name(inst, r.var),
                    frac(&r.low),
                    frac(&r.high)
                )
            })
            .collect();
        (
            "Solution not unique: the optimal value ρ* is unique, but the optimal rates are not. Over all optimal solutions,".to_owned(),
            items,
            "The next steps use the canonical solution: the one with the least total communication.".to_owned(),
        )
    }
}

/// The optimal face of `inst`'s LP, whose optimum is `rho`.
///
/// # Errors
/// A sentence when the LP has more than [`MAX_COLUMNS`] columns (not examined) or a solve
/// fails.
#[cfg(feature = "solve")]
pub fn optimal_face(inst: &SteadyState, rho: &Q) -> Result<Face, String> {
    use super::lp::{base_problem, optimum, Columns};
    use super::port_model::PortModel;
    use crate::lp::Cmp;

    let arcs = inst.platform.arcs();
    let cols = Columns::new(inst, &arcs);
    let mut vars: Vec<(Var, usize)> = Vec::new();
    vars.extend(
        cols.x
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (Var::X(i), c))),
    );
    // Arcs in the spec's order, by (from, to), as the listing writes them.
    let mut order: Vec<usize> = (0..arcs.len()).collect();
    order.sort_by_key(|&k| (arcs[k].from, arcs[k].to));
    vars.extend(
        order
            .iter()
            .filter_map(|&k| cols.f[k].map(|c| (Var::F(k), c))),
    );
    vars.extend(
        order
            .iter()
            .filter_map(|&k| cols.g[k].map(|c| (Var::G(k), c))),
    );
    if vars.len() > MAX_COLUMNS {
        return Err(format!(
            "not examined: the LP has {} variables (the check solves two LPs per variable, up to {MAX_COLUMNS})",
            vars.len()
        ));
    }
    let mut face = base_problem(inst, &arcs, &cols, PortModel::OnePort, false);
    let xs: Vec<(usize, Q)> = cols.x.iter().flatten().map(|&v| (v, Q::one())).collect();
    face.constraint(xs, Cmp::Eq, rho.clone());
    let mut ranges = Vec::new();
    for (var, column) in vars {
        let extreme = |sign: Q| -> Result<Q, String> {
            let mut lp = face.clone();
            lp.objective(column, sign.clone());
            Ok(optimum(&lp).map_err(|e| e.to_string())?.value * sign)
        };
        let (low, high) = (extreme(-Q::one())?, extreme(Q::one())?);
        if low != high {
            ranges.push(Range { var, low, high });
        }
    }
    Ok(Face { ranges })
}

#[cfg(all(test, feature = "solve"))]
mod tests {
    use super::*;
    use crate::presets;
    use crate::rational::q;
    use crate::steady_state::lp::solve;

    fn face_of(preset: &str) -> (SteadyState, Face) {
        let inst = presets::steady_state(preset).unwrap();
        let rho = solve(&inst).unwrap().throughput;
        let face = optimal_face(&inst, &rho).unwrap();
        (inst, face)
    }

    /// §2.4 and §6.1: on Example 1 the optimum is not unique, and the flow on arc 4→2 ranges
    /// over exactly `[1/12, 1/6]`.
    #[test]
    fn example_1_is_not_unique_with_f42_in_one_twelfth_to_one_sixth() {
        let (inst, face) = face_of("example-1");
        assert!(!face.unique());
        let f42 = face
            .ranges
            .iter()
            .find(|r| Face::name(&inst, r.var) == "f_42")
            .unwrap();
        assert_eq!((f42.low.clone(), f42.high.clone()), (q(1, 12), q(1, 6)));
        // Every node computes all the time (§6.1), so no x varies.
        assert!(face.ranges.iter().all(|r| !matches!(r.var, Var::X(_))));
        let note = face.note(&inst);
        assert!(note.starts_with("Solution not unique: the optimal value ρ* is unique"));
        assert!(note.contains("the flow on arc 4→2 (f_42) can be anything in [1/12, 1/6]"));
    }

    /// §6.2: the star's optimum is unique (every rate is forced by the saturated port).
    #[test]
    fn the_star_of_example_2_has_a_unique_optimum() {
        let (inst, face) = face_of("star-example-2");
        assert!(face.unique(), "{:?}", face.ranges);
        assert_eq!(
            face.note(&inst),
            "The optimal solution is unique: no other rates reach ρ*."
        );
    }

    /// §6.3: "unique" there is said of stage 2. Stage 1 is not unique: node 2 may compute its
    /// 1/24 itself or pass it to its child 5, and useless cycles (§2.4) may run on the links.
    #[test]
    fn example_3_stage_1_lets_node_2_or_its_child_5_compute() {
        let (inst, face) = face_of("tree-example-3");
        let range = |name: &str| {
            let r = face
                .ranges
                .iter()
                .find(|r| Face::name(&inst, r.var) == name)
                .unwrap();
            (r.low.clone(), r.high.clone())
        };
        assert_eq!(range("x_2"), (q(0, 1), q(1, 24)));
        assert_eq!(range("x_5"), (q(0, 1), q(1, 24)));
    }
}
