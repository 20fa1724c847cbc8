//! The recommended scenes of chains.md §10 as links the page offers one click away: a preset,
//! an algorithm and, where the scene is one moment of a run, the step to open at. The tests
//! replay each run and check that the scene shows what its title promises (the probes at
//! `17/2` and `31/4`, four bisection steps, nine NICOL+ steps, six bidding rounds, …).

/// One scene: what it shows, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scene {
    /// Its title (the spec's name).
    pub title: &'static str,
    /// What to look at, in one sentence.
    pub look: &'static str,
    /// The preset opened.
    pub preset: &'static str,
    /// The algorithm run.
    pub algo: &'static str,
    /// The step to open at (`None`: the start).
    pub step: Option<usize>,
}

const fn scene(
    title: &'static str,
    look: &'static str,
    preset: &'static str,
    algo: &'static str,
    step: Option<usize>,
) -> Scene {
    Scene {
        title,
        look,
        preset,
        algo,
        step,
    }
}

/// The scenes, in the spec's order.
pub const SCENES: &[Scene] = &[
    scene(
        "Why heuristics fail",
        "RB's recursion tree on EX7; the table below puts RB and MP beside the optimum.",
        "chains-ex7",
        "rb",
        None,
    ),
    scene(
        "Probe: B = 17/2 succeeds",
        "LR-PROBE on EX2 fills each processor up to B·e_p; every task fits.",
        "chains-ex2",
        "exact-bisection",
        Some(33),
    ),
    scene(
        "Probe: B = 31/4 fails",
        "The same probe at 31/4: the last processor is left with too much work.",
        "chains-ex2",
        "exact-bisection",
        Some(51),
    ),
    scene(
        "Shrinking interval: exact bisection",
        "Four bisection steps on EX2 close [LB, UB] on 17/2.",
        "chains-ex2",
        "exact-bisection",
        None,
    ),
    scene(
        "Shrinking interval: NICOL+",
        "Nine NICOL+ steps on EX2, most settled by the bounds without a probe.",
        "chains-ex2",
        "nicol-plus",
        None,
    ),
    scene(
        "Bidding",
        "Six rounds on EX5: each round the cheapest bid raises B.",
        "chains-ex5",
        "bidding",
        None,
    ),
    scene(
        "Empty processors can be optimal",
        "EX8: the optimum leaves a processor without tasks.",
        "chains-ex8",
        "exact-bisection",
        None,
    ),
    scene(
        "CP: random processor orders",
        "Each order solved exactly; the histogram of imbalance, the best kept.",
        "chains-cp2",
        "cp-random",
        None,
    ),
];

#[cfg(test)]
mod tests {
    use super::SCENES;
    use crate::chains::{solve_traced, ChainStep, ChainsState};
    use crate::families::Instance;
    use crate::rational::Q;

    fn count(steps: &[ChainStep], f: impl Fn(&ChainStep) -> bool) -> usize {
        steps.iter().filter(|s| f(s)).count()
    }

    #[test]
    fn every_scene_shows_what_its_title_says() {
        for sc in SCENES {
            let Some(Instance::Chains(c)) = crate::presets::get(sc.preset) else {
                panic!("{}: no chains preset {}", sc.title, sc.preset);
            };
            let input = c.input();
            let t = solve_traced(&input, sc.algo).unwrap();
            let steps = &t.trace.steps;
            let at = |k: usize| &steps[k - 1];
            let q = |s: &str| s.parse::<Q>().unwrap();
            match sc.title {
                "Why heuristics fail" => {
                    let s = t.trace.state_at(ChainsState::new(&input), usize::MAX);
                    assert_eq!(s.rb.nodes.len(), 5);
                    let opt = crate::chains::solve(&input, "exact-bisection").unwrap();
                    let mp = crate::chains::solve(&input, "mp").unwrap();
                    assert!(t.solution.bottleneck > opt.bottleneck);
                    assert!(mp.bottleneck > opt.bottleneck);
                }
                "Probe: B = 17/2 succeeds" | "Probe: B = 31/4 fails" => {
                    let want = if sc.title.contains("17/2") {
                        "17/2"
                    } else {
                        "31/4"
                    };
                    let k = sc.step.unwrap();
                    assert!(
                        matches!(at(k), ChainStep::ProbeStart { b, .. } if *b == q(want)),
                        "{}: {:?}",
                        sc.title,
                        at(k)
                    );
                    let end = steps[k..]
                        .iter()
                        .find_map(|s| match s {
                            ChainStep::ProbeEnd { success, .. } => Some(*success),
                            _ => None,
                        })
                        .unwrap();
                    assert_eq!(end, want == "17/2");
                }
                "Shrinking interval: exact bisection" => {
                    assert_eq!(count(steps, |s| matches!(s, ChainStep::BisStep { .. })), 4);
                }
                "Shrinking interval: NICOL+" => {
                    assert_eq!(
                        count(steps, |s| matches!(s, ChainStep::NicolStep { .. })),
                        9
                    );
                }
                "Bidding" => {
                    assert_eq!(count(steps, |s| matches!(s, ChainStep::BidRound { .. })), 6);
                }
                "Empty processors can be optimal" => {
                    let s = &t.solution.separators;
                    assert!(s.windows(2).any(|w| w[0] == w[1]), "{s:?}");
                }
                "CP: random processor orders" => {
                    assert!(count(steps, |s| matches!(s, ChainStep::CpOrder { .. })) >= 10);
                }
                other => panic!("scene {other} has no check"),
            }
        }
    }
}
