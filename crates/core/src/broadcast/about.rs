//! The broadcast page's explanation panel (broadcast.md §2, §3, §5.5, §6.1).

use crate::family::{About, Scene, Topic};

/// What the broadcast page says about its problem.
pub const ABOUT: About = About {
    topics: &[
        Topic {
            heading: "Broadcast is easy, multicast is hard",
            text: &[
                "Streaming messages from one source to every node at the best throughput is a linear program, solved in polynomial time: its optimum is reached by a weighted set of at most 2|V| spanning trees rooted at the source, and the separation problem of its dual (the pricing step of the column generation) is a minimum-cost spanning arborescence, polynomial.",
                "Sending to only some of the nodes (multicast) is NP-complete: deciding whether a throughput ρ is achievable reduces from Minimum Set Cover, and no polynomial algorithm approximates the optimum within any constant factor unless P = NP (it is not in APX). Its pricing step becomes a minimum-cost Steiner arborescence, NP-hard.",
            ],
            spec: "broadcast.md §5.5",
            table: None,
            scene: None,
        },
        Topic {
            heading: "From the LP to trees",
            text: &[
                "The LP gives each link a rate; the decomposition turns those rates into weighted spanning trees rooted at the source, each carrying a share of the messages, and a periodic schedule plays them one-port.",
            ],
            spec: "broadcast.md §3",
            table: None,
            scene: Some(Scene {
                what: "Example E4: the trees extracted one by one",
                preset: "broadcast-e4",
                algorithm: "lp",
                step: 20,
            }),
        },
        Topic {
            heading: "Why one port for both directions is harder",
            text: &[
                "With one port per node for sending and receiving together, the conflict graph is the platform itself, which is generally not bipartite: odd cycles make port budgets alone too optimistic. On the thesis' triangle (Example E1, port model \"unidirectional\") the naive LP promises 3/4 with two nodes busy all the time, but whenever P1 sends to P3, P2 must idle; the true optimum is 2/3.",
            ],
            spec: "broadcast.md §6.1",
            table: None,
            scene: None,
        },
    ],
};

#[cfg(test)]
mod tests {
    use super::ABOUT;

    /// broadcast.md §5.5 (thesis Thm 5.3, 5.4): multicast is NP-complete by a reduction from
    /// Minimum Set Cover and not in APX; its pricing is a Steiner arborescence, NP-hard, where
    /// broadcast's is a spanning arborescence, polynomial.
    #[test]
    fn the_panel_states_the_multicast_complexity_of_section_5_5() {
        let topic = ABOUT
            .topics
            .iter()
            .find(|t| t.spec == "broadcast.md §5.5")
            .expect("a topic cites §5.5");
        let text = topic.text.join(" ");
        for phrase in [
            "NP-complete",
            "Minimum Set Cover",
            "not in APX",
            "within any constant factor unless P = NP",
            "Steiner arborescence, NP-hard",
            "minimum-cost spanning arborescence, polynomial",
        ] {
            assert!(text.contains(phrase), "§5.5 topic lacks \"{phrase}\"");
        }
    }
}
