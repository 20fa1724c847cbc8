//! The master–slave family's practice questions (issue 35): how many tasks fit by a probed
//! time, the objective or a slave's task count, which algorithm does better, and which slave
//! computes the most tasks.

use serde_json::Value;

use crate::generate::Shape;
use crate::practice::common::{self, P1};
use crate::practice::{pick, Asked, Kind, Posed, Practice};
use crate::rational::format_q;

use super::family::MasterSlaveFamily;

impl Practice for MasterSlaveFamily {
    const SIZES: [usize; 3] = [3, 5, 8];
    const SHAPES: &'static [Shape] = &[Shape::Star, Shape::Random, Shape::Chain];
    const ALGORITHMS: &'static [&'static str] = &["exact", "approx", "greedy", "periodic"];
    /// Its Choice question falls back to the run's first send when the algorithms tie.
    const CHOICE_OF_OBJECTIVE: bool = false;

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let doc = &asked.doc;
        let procs = common::numbers(&doc["counts"]).len();
        match kind {
            Kind::NextStep => probed(doc, pick),
            Kind::Value if pick % 2 == 1 => common::element_value(
                doc,
                "counts",
                P1,
                "the number of tasks computed by",
                pick / 2,
            ),
            Kind::Value => common::objective(
                doc,
                "the objective (the tasks done by the deadline, or the makespan)",
            ),
            Kind::Choice => {
                common::better(asked, Self::ALGORITHMS).or_else(|| first_sent(doc, procs))
            }
            Kind::PredictFigure => {
                let mut p =
                    common::extreme(doc, "counts", P1, 0, "number of tasks computed", true)?;
                p.prompt = "Which slave computes the most tasks? Click its lane.".into();
                Some(p)
            }
        }
    }
}

/// The search: how many tasks fit by the probed time.
fn probed(doc: &Value, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "probed", pick)?;
    let t = format_q(&pick::exact(&s["probe"]["mid"])?);
    Some(common::step_number(
        i,
        format!("The search probes the time T = {t}. How many tasks can the platform finish by T?"),
        pick::exact(&s["probe"]["count"])?,
    ))
}

/// Which slave the master sends its first task to (the earliest send of the schedule).
fn first_sent(doc: &Value, procs: usize) -> Option<Posed> {
    let sends: Vec<(usize, crate::rational::Q)> = doc["schedule"]
        .as_array()?
        .iter()
        .filter(|a| a["kind"] == "send")
        .filter_map(|a| Some((common::id(&a["slave"])?, pick::exact(&a["start"])?)))
        .collect();
    let first = sends.iter().map(|(_, t)| t).min()?.clone();
    let mut right: Vec<String> = Vec::new();
    for (p, _) in sends.iter().filter(|(_, t)| *t == first) {
        if !right.contains(&P1.name(*p)) {
            right.push(P1.name(*p));
        }
    }
    let n = common::trace(doc).len();
    pick::choice(
        Some(0),
        "The master sends one task at a time. To which slave does the schedule send the first task?".into(),
        format!("The schedule's first send starts at {} (play the run from step 0 to step {n}).", format_q(&first)),
        P1.all(procs),
        right,
    )
}
