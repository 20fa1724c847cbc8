//! The scatter family's practice questions (issue 35): how many items the DP gives a processor
//! as it reads the table back, the makespan or a processor's share, which algorithm does
//! better, and which processor finishes last.

use serde_json::Value;

use crate::family::Family;
use crate::practice::common::{self, P1};
use crate::practice::{Asked, Kind, Posed, Practice};
use crate::rational::qi;

use super::family::ScatterFamily;

impl Practice for ScatterFamily {
    const SIZES: [usize; 3] = [3, 5, 8];
    const ALGORITHMS: &'static [&'static str] = &["dp", "dp-sorted", "lp-rounded"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let procs = common::count(&Self::to_value(input), "processors");
        match kind {
            Kind::NextStep => traced(doc, pick),
            Kind::Value if pick % 2 == 1 => common::element_value(
                doc,
                "distribution",
                P1,
                "the number of items sent to",
                pick / 2,
            ),
            Kind::Value => {
                common::objective(doc, "the makespan (when the last processor finishes)")
            }
            Kind::Choice => common::better(asked, &["dp", "lp-rounded", "closed-form"]),
            Kind::PredictFigure => {
                let mut p = common::extreme(doc, "end_times", P1, procs, "end time", true)?;
                p.prompt =
                    "Which processor finishes last (its bar ends at the makespan)? Click its bar."
                        .into();
                Some(p)
            }
        }
    }
}

/// DP: how many items the read-back gives a processor.
fn traced(doc: &Value, pick: u64) -> Option<Posed> {
    let (i, s) = common::step_of(doc, "dp_traced", pick)?;
    let p = common::id(&s["processor"])?;
    let d = common::id(&s["d"])?;
    let items = i64::try_from(common::id(&s["items"])?).ok()?;
    Some(common::step_number(
        i,
        format!(
            "The DP table is read back: with {d} item(s) left, how many items does {} get?",
            P1.name(p)
        ),
        qi(items),
    ))
}
