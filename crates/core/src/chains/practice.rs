//! The chains family's practice questions (issue 35): where the probe puts a separator, the
//! bottleneck or a load, which processor is the bottleneck, which algorithm does better.

use serde_json::Value;

use crate::practice::common::{self, P1 as P};
use crate::practice::{pick, Asked, Kind, Posed, Practice};
use crate::rational::qi;

use super::family::ChainsFamily;

impl Practice for ChainsFamily {
    const SIZES: [usize; 3] = [3, 5, 8];
    const ALGORITHMS: &'static [&'static str] =
        &["exact-bisection", "eps-bisection", "nicol", "rb"];

    fn pose(asked: &Asked<'_, Self>, kind: Kind, pick: u64) -> Option<Posed> {
        let doc = &asked.doc;
        let procs = common::id(&doc["processors"])?;
        match kind {
            Kind::NextStep => {
                let (i, s, b) = separator(doc, pick)?;
                let p = common::id(&s["p"])?;
                Some(common::step_number(
                    i,
                    format!(
                        "A left-to-right probe with B = {b} is filling P{p}. Where does it put separator s_{p} (the number of tasks {})?",
                        if p == 1 { "P1 takes".to_owned() } else { format!("P1 … P{p} take together") }
                    ),
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
            Kind::Choice => common::better(asked, &["exact-bisection", "rb", "mp", "nicol"]),
            Kind::PredictFigure => {
                let (i, s, b) = separator(doc, pick)?;
                let p = common::id(&s["p"])?;
                let sp = common::id(&s["s_p"])?;
                common::about_step(
                    i,
                    format!("A left-to-right probe with B = {b} places its next separator at task {sp}: which processor's part does that separator close (its bar in the staircase)?"),
                    P.all(procs),
                    vec![P.name(p.checked_sub(1)?)],
                )
            }
        }
    }
}

/// A separator placed by a left-to-right probe (chosen by `pick`): its step index, the step
/// and the value B probed. (A right-to-left probe's separators close the part to their right.)
fn separator(doc: &Value, pick: u64) -> Option<(usize, &Value, String)> {
    let mut probe: Option<(&str, &str)> = None;
    let mut found = Vec::new();
    for (i, s) in common::trace(doc).iter().enumerate() {
        if s["kind"] == "probe_start" {
            probe = s["dir"].as_str().zip(s["B"].as_str());
        } else if s["kind"] == "probe_sep" {
            if let Some(("LR", b)) = probe {
                found.push((i, s, b.to_owned()));
            }
        }
    }
    pick::nth(&found, pick).cloned()
}
