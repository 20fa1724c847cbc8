//! The divisible-load family's practice questions (issue 35): which worker the master serves
//! first, the makespan or a load α_i, which algorithm does better, and which worker receives
//! the largest load.

use serde_json::Value;

use crate::family::Family;
use crate::practice::common::{self, P1};
use crate::practice::{Asked, Kind, Posed, Practice};

use super::family::DivisibleFamily;

impl Practice for DivisibleFamily {
    const SIZES: [usize; 3] = [3, 5, 7];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let procs = common::count(&Self::to_value(input), "workers");
        match kind {
            Kind::NextStep => first_served(doc, procs),
            Kind::Value if pick % 2 == 1 => {
                common::element_value(doc, "alpha", P1, "the load α_i received by", pick / 2)
            }
            Kind::Value => common::objective(doc, "the makespan"),
            Kind::Choice => common::better(asked, &[]),
            Kind::PredictFigure => {
                let mut p = common::extreme(doc, "alpha", P1, procs, "load α_i", true)?;
                p.prompt = "Which worker receives the largest load α_i? Click its bar.".into();
                Some(p)
            }
        }
    }
}

/// The order step: which worker the master serves first.
fn first_served(doc: &Value, procs: usize) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "sorted", 0)?;
    let first = common::id(&s["order"][0])?;
    common::about_step(
        i,
        "The next step sorts the workers into the order the master serves them, as this algorithm's rule says. Which worker is served first?".into(),
        P1.all(procs),
        vec![P1.name(first)],
    )
}
