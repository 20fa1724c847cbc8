//! "Broadcast to the reachable part" (broadcast.md §10): when some nodes cannot be reached
//! from the source, the instance on the sub-platform `G[reach(s)]` the source does reach. A
//! pure rewrite of the instance (no solving), so that the page offers it as an action.

use super::Broadcast;
use crate::graph::reachable;
use crate::platform::Platform;

/// The instance restricted to the nodes the source reaches, and the nodes left out.
#[derive(Clone, Debug, PartialEq)]
pub struct ReachablePart {
    /// The broadcast on `G[reach(s)]`: the reached nodes in their order, the links between
    /// them, the same source, port model and targets (those reached).
    pub instance: Broadcast,
    /// Indices (in the original platform) of the nodes the source cannot reach.
    pub unreachable: Vec<usize>,
}

/// Which nodes of `platform` the node `source` reaches through its arcs.
#[must_use]
pub fn reached(platform: &Platform, source: usize) -> Vec<bool> {
    reachable(platform.nodes.len(), &platform.arcs(), source, false)
}

/// The reachable part of `input` (§10), or `None` when the source reaches every node (or is
/// not a node of the platform).
#[must_use]
pub fn reachable_part(input: &Broadcast) -> Option<ReachablePart> {
    let p = &input.platform;
    if input.source >= p.nodes.len() {
        return None;
    }
    let seen = reached(p, input.source);
    let unreachable: Vec<usize> = (0..seen.len()).filter(|&v| !seen[v]).collect();
    if unreachable.is_empty() {
        return None;
    }
    // New index of each kept node.
    let mut index = vec![None; seen.len()];
    let mut next = 0;
    for (v, &kept) in seen.iter().enumerate() {
        if kept {
            index[v] = Some(next);
            next += 1;
        }
    }
    let platform = Platform {
        name: p.name.clone(),
        nodes: p
            .nodes
            .iter()
            .zip(&seen)
            .filter(|(_, &kept)| kept)
            .map(|(v, _)| v.clone())
            .collect(),
        links: p
            .links
            .iter()
            .filter_map(|l| {
                let mut l = l.clone();
                l.from = index[l.from]?;
                l.to = index[l.to]?;
                Some(l)
            })
            .collect(),
    };
    let targets = input.targets.as_ref().map(|t| {
        t.iter()
            .filter_map(|&v| index.get(v).copied().flatten())
            .collect()
    });
    Some(ReachablePart {
        instance: Broadcast {
            platform,
            source: index[input.source]?,
            targets,
            port_model: input.port_model,
        },
        unreachable,
    })
}

#[cfg(all(test, feature = "solve"))]
mod tests {
    use super::*;
    use crate::broadcast::{dispatch, PortModel, Status};
    use crate::families::Instance;
    use crate::rational::q;

    fn instance(json: &str) -> Broadcast {
        match Instance::from_json(json).unwrap() {
            Instance::Broadcast(b) => b,
            other => panic!("{other:?}"),
        }
    }

    /// E2 (broadcast.md §9.2) with a node `x` that only sends to `a`, and a node `y` reached
    /// only from `x`: the source reaches s, a, b only.
    const CUT_E2: &str = r#"{"problem":"broadcast","version":1,"platform":{"format":"hetlab-platform","version":1,
        "nodes":[{"id":"s"},{"id":"x"},{"id":"a"},{"id":"y"},{"id":"b"}],
        "links":[{"from":"s","to":"a","c":1,"directed":true},{"from":"s","to":"b","c":1,"directed":true},
                 {"from":"a","to":"b","c":2,"directed":true},{"from":"b","to":"a","c":2,"directed":true},
                 {"from":"x","to":"a","c":1,"directed":true},{"from":"x","to":"y","c":1}]},
        "source":"s"}"#;

    #[test]
    fn the_reachable_part_of_e2_with_two_cut_off_nodes_is_e2() {
        let input = instance(CUT_E2);
        for model in [PortModel::Bidirectional, PortModel::Unidirectional] {
            let mut input = input.clone();
            input.port_model = model;
            let run = dispatch::run_with(&input, "lp", false).unwrap();
            let (status, unreachable) = match &run {
                dispatch::Run::Broadcast(t) => (t.solution.status, t.solution.unreachable.clone()),
                dispatch::Run::Unidirectional(t) => {
                    (t.solution.status, t.solution.unreachable.clone())
                }
                other => panic!("{other:?}"),
            };
            assert_eq!(status, Status::Infeasible);
            let part = reachable_part(&input).unwrap();
            // The core's own solver and this rewrite name the same nodes: x and y.
            assert_eq!(part.unreachable, unreachable);
            assert_eq!(part.unreachable, vec![1, 3]);
            let ids: Vec<String> = part
                .instance
                .platform
                .ids()
                .iter()
                .map(ToString::to_string)
                .collect();
            assert_eq!(ids, ["s", "a", "b"]);
            assert_eq!(part.instance.platform.links.len(), 4);
            assert_eq!(part.instance.port_model, model);
            assert_eq!(reachable_part(&part.instance), None);
            // §9.2: ρ* = 3/4 (bidirectional), 1/2 (unidirectional).
            let want = if model == PortModel::Bidirectional {
                q(3, 4)
            } else {
                q(1, 2)
            };
            let rho = match dispatch::run_with(&part.instance, "lp", false).unwrap() {
                dispatch::Run::Broadcast(t) => t.solution.throughput,
                dispatch::Run::Unidirectional(t) => t.solution.throughput,
                other => panic!("{other:?}"),
            };
            assert_eq!(rho, Some(want));
        }
    }

    #[test]
    fn a_platform_the_source_reaches_has_no_reachable_part_to_offer() {
        let e2 = match crate::presets::get("broadcast-e2") {
            Some(Instance::Broadcast(b)) => b,
            other => panic!("{other:?}"),
        };
        assert_eq!(reachable_part(&e2), None);
        let mut bad = e2;
        bad.source = 99;
        assert_eq!(reachable_part(&bad), None);
    }
}
