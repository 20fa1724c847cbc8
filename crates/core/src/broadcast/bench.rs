//! The broadcast rows of `#/bench`: the unidirectional model (column generation, then the
//! schedule, traced as the page runs it) on the random platforms `hetlab gen broadcast --seed 7`
//! writes; Lyon and Strasbourg under both port models; the LP with its trees, schedule and
//! comparison on random platforms.

use super::{dispatch, solve_within, Broadcast, PortModel, SizeLimits};
use crate::bench::{row, Measured, Timer};
use crate::families::Instance;
use crate::generate::{platform, Shape};

/// Broadcast platform sizes measured (random, about 4 arcs per node).
const SIZES: [usize; 4] = [10, 20, 50, 100];

/// The rows, timed with `time`.
pub fn rows(time: Timer<'_>) -> Vec<Measured> {
    let mut rows = Vec::new();
    for n in [10, 15, 20] {
        let mut input = Broadcast::new(platform(Shape::Random, n, 7), 0);
        input.port_model = PortModel::Unidirectional;
        let arcs = input.platform.arcs().len();
        rows.push(row(
            time,
            format!("broadcast unidirectional lp (column generation + schedule), {n} nodes / {arcs} arcs"),
            3,
            || drop(dispatch::run(&input, "lp")),
        ));
    }
    for name in ["lyon", "strasbourg"] {
        let Some(Instance::SteadyState(s)) = crate::presets::get(name) else {
            continue;
        };
        let source = s.platform.nodes.iter().position(|v| v.master).unwrap_or(0);
        let arcs = s.platform.arcs().len();
        for model in [PortModel::Bidirectional, PortModel::Unidirectional] {
            let mut input = Broadcast::new(s.platform.clone(), source);
            input.port_model = model;
            rows.push(row(
                time,
                format!(
                    "broadcast {model:?} lp, {name} ({} nodes / {arcs} arcs)",
                    s.platform.nodes.len()
                ),
                3,
                || drop(dispatch::run(&input, "lp")),
            ));
        }
    }
    let limits = SizeLimits {
        max_nodes: 1000,
        max_arcs: 10_000,
    };
    for n in SIZES {
        let input = Broadcast::new(platform(Shape::Random, n, 7), 0);
        let arcs = input.platform.arcs().len();
        rows.push(row(
            time,
            format!("broadcast lp (LP + trees + schedule + comparison), {n} nodes / {arcs} arcs"),
            3,
            || drop(solve_within(&input, "lp", &limits)),
        ));
    }
    rows
}
