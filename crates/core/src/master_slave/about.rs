//! The master–slave page's explanation panel (master-slave.md §1, §4.2, §8.2, §10.2 and MS-6 of
//! §11).

use crate::family::{About, Scene, Topic};

/// What the master–slave page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Why it is hard: strongly NP-complete",
            text: &[
                "With one message before each task and one after (MaxTasks2), deciding whether K tasks fit within T is strongly NP-complete, by reduction from RN-3DM: given integers u_1..u_p and e with Σ u_i + p(p+1) = p·e, are there permutations λ1, λ2 with λ1(i) + λ2(i) + u_i = e for every i?",
                "Build t1 = t2 = 1, m = max u_i, t_i = u_i + e + m, T = 2e + m and K = p. No slave can run two tasks (2·t_i > T), so p tasks force every slave to run exactly one, with σ1(i) + σ2(i) + u_i ≤ e; summing shows every inequality is tight: an RN-3DM solution. The hardness comes from the slaves' heterogeneity: with identical slaves the problem is polynomial.",
            ],
            spec: "master-slave.md §4.2",
            table: None,
            scene: Some(Scene {
                what: "MS-6: the reduction's instance",
                preset: "master-slave-ms6",
                algorithm: "exact",
                step: 7,
            }),
        },
        Topic {
            heading: "The reduction at work: a YES and a NO instance (MS-6)",
            text: &[
                "YES: u = (7, 5, 6) and e = 10 (18 + 3·4 = 3·10) give t = (24, 22, 23), T = 27 and K = 3. The exact search finds 3 tasks with σ1 = (1, 2, 3) and σ2 = (2, 3, 1): 1 + 24 + 2 = 2 + 22 + 3 = 3 + 23 + 1 = 27, each slave's message, task and return fill the horizon exactly, and λ1 = σ1, λ2 = σ2 solve RN-3DM.",
                "NO: u = (9, 3, 6) and e = 10 give t = (28, 22, 25) and T = 29. Slave P1 would need λ1(1) + λ2(1) = e − u_1 = 1, impossible with slots numbered from 1, so the optimum is 2 < K = 3 tasks and P1 stays idle. A polynomial algorithm for MaxTasks2 would decide RN-3DM: the page runs the exact search (p! forward orders) only up to 7 slaves, and beyond it the approximation within p tasks of the optimum.",
            ],
            spec: "master-slave.md §10.2",
            table: None,
            scene: Some(Scene {
                what: "MS-6, NO instance: 2 tasks, P1 idle",
                preset: "master-slave-ms6b",
                algorithm: "exact",
                step: 6,
            }),
        },
        Topic {
            heading: "What is exact, and what is not",
            text: &[
                "With no message the count is a closed form; with one message before each slave starts (MaxTasks1) an assignment problem gives the exact optimum in polynomial time. MaxTasks2 is solved exactly by enumeration for few slaves and approximated within p tasks beyond. With a message before (and after) every task, the complexity is open in the source: a periodic pattern is asymptotically optimal, and the page compares it with a greedy baseline and the bounds.",
            ],
            spec: "master-slave.md §1",
            table: None,
            scene: None,
        },
        Topic {
            heading: "Trees: link heterogeneity is what hurts",
            text: &[
                "Scheduling n tasks on a tree is polynomial on a fork (star), a chain and a spider, and when all links are equal; with heterogeneous links inside the tree it is NP-complete in the strong sense (reduction from 3-PARTITION). The hardness comes from the links, not from the one-port model or the processors' speeds; the page refuses that case rather than run an algorithm that is not exact there.",
            ],
            spec: "master-slave.md §8.2",
            table: None,
            scene: None,
        },
    ],
};
