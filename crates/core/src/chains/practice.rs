//! The chains family's practice questions (issue 35): where the probe puts a separator, the
//! bottleneck or a load, which processor is the bottleneck, which algorithm does better.

use crate::practice::common::{self, Ids};
use crate::practice::{Asked, Kind, Posed, Practice};
use crate::rational::qi;

use super::family::ChainsFamily;

const P: Ids = Ids {
    prefix: "P",
    base: 1,
};

impl Practice for ChainsFamily {
    const SIZES: [usize; 3] = [3, 5, 8];
    const ALGORITHMS: &'static [&'static str] =
        &["exact-bisection", "eps-bisection", "nicol", "rb"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let (input, doc) = (asked.input, &asked.doc);
        let procs = common::id(&doc["processors"])?;
        match kind {
            Kind::NextStep => {
                let (i, s) = common::step_of(doc, "probe_sep", pick)?;
                let p = common::id(&s["p"])?;
                let b = probed(doc, i)?;
                Some(common::step_number(
                    i,
                    format!("A probe with B = {b} is filling P{p}. Where does it put separator s_{p} (the number of tasks P1 … P{p} take together)?"),
                    qi(i64::try_from(common::id(&s["s_p"])?).ok()?),
                ))
            }
            Kind::Value if pick.is_multiple_of(2) => {
                common::objective(doc, "the bottleneck B (the largest load over speed)")
            }
            Kind::Value => common::element_value(
                doc,
                "loads",
                P,
                "the load (its part's weight over its speed) of",
                pick / 2,
            ),
            Kind::Choice if pick.is_multiple_of(2) => {
                common::extreme(doc, "loads", P, procs, "load (the bottleneck)", true)
            }
            Kind::Choice => {
                common::better::<Self>(input, doc, &["exact-bisection", "rb", "mp", "nicol"])
            }
            Kind::PredictFigure => {
                let (i, s) = common::step_of(doc, "probe_sep", pick)?;
                let p = common::id(&s["p"])?;
                let sp = common::id(&s["s_p"])?;
                let b = probed(doc, i)?;
                common::about_step(
                    i,
                    format!("A probe with B = {b} places its next separator at task {sp}: which processor's part does that separator close (its bar in the staircase)?"),
                    P.all(procs),
                    vec![P.name(p.checked_sub(1)?)],
                )
            }
        }
    }
}

/// The value B of the probe that step `i` belongs to (the last `probe_start` before it).
fn probed(doc: &serde_json::Value, i: usize) -> Option<String> {
    common::trace(doc)[..i]
        .iter()
        .rev()
        .find(|s| s["kind"] == "probe_start")
        .and_then(|s| s["B"].as_str().map(str::to_owned))
}
