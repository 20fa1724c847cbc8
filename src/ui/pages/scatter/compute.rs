//! What the scatter page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use std::rc::Rc;

use hetlab_core::family::RunOf;
use hetlab_core::scatter::extras::{explained, extras};
use hetlab_core::scatter::family::ScatterFamily;
use hetlab_core::scatter::Scatter;

use super::ScatterExtra;
use super::ScatterPage;
use crate::draw::scatter::{single, time_span, time_text, Chart, Drawing, Lines, Scale};
use crate::ui::pages::compute::Compute;

impl Compute for ScatterPage {
    fn extra(input: &Scatter, algorithm: &str, run: &RunOf<ScatterFamily>) -> ScatterExtra {
        let core = extras(input, algorithm, run);
        ScatterExtra {
            scale: Scale::new(time_span(&run.solution, core.rational.as_ref())),
            core,
            comparison: comparison(run),
        }
    }

    /// The explained document from the extras just computed (solving them once, not twice).
    fn document(
        _input: &Scatter,
        _algorithm: &str,
        run: &RunOf<ScatterFamily>,
        x: &ScatterExtra,
    ) -> serde_json::Value {
        explained(run, &x.core, false)
    }
}

fn comparison(run: &RunOf<ScatterFamily>) -> Option<Rc<[Drawing; 2]>> {
    let c = run.solution.comparison.as_ref()?;
    let (d, a) = (&c.descending_bandwidth, &c.ascending_bandwidth);
    let span = [&d.schedule.makespan, &a.schedule.makespan]
        .into_iter()
        .map(hetlab_core::rational::to_f64)
        .fold(0.0, f64::max);
    let chart = |v: &hetlab_core::scatter::OrderVariant, what: &str| {
        single(
            &Chart {
                schedule: &v.schedule,
                title: format!("{what}: T' = {}", time_text(&v.schedule.makespan)),
                lines: Lines {
                    lp: Some(v.t_lp.clone()),
                    bound: None,
                },
            },
            Scale::new(span),
        )
    };
    Some(Rc::new([
        chart(d, "Decreasing bandwidth (increasing β)"),
        chart(a, "Increasing bandwidth (decreasing β)"),
    ]))
}
