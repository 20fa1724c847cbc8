//! What the divisible page's run carries beside it, computed in the solver worker
//! ([`Compute`]; the `solve` feature).

use hetlab_core::divisible::extras::{explained, extras};
use hetlab_core::divisible::family::DivisibleFamily;
use hetlab_core::divisible::report::names;
use hetlab_core::divisible::{Details, DivStep, Divisible};
use hetlab_core::family::RunOf;

use super::DivExtra;
use super::DivisiblePage;
use crate::draw::divisible::{bars, span_of, Figure};
use crate::ui::pages::compute::Compute;

impl Compute for DivisiblePage {
    fn extra(input: &Divisible, algorithm: &str, run: &RunOf<DivisibleFamily>) -> DivExtra {
        let sol = &run.solution;
        let preview = run.trace.steps.iter().find_map(|s| match s {
            DivStep::SortedEf(e) => Some(e.makespan.clone()),
            _ => None,
        });
        let sorted: Vec<usize> = run
            .trace
            .steps
            .iter()
            .find_map(|s| match s {
                DivStep::Sorted { order } => Some(order.clone()),
                _ => None,
            })
            .unwrap_or_default();
        DivExtra {
            core: extras(input, algorithm, run),
            names: names(input),
            span: span_of(&sol.makespan, &sol.schedule, preview.as_ref()),
            orders: order_bars(&sol.details, &sorted),
        }
    }

    /// The explained document from the extras just computed (building them once, not twice).
    fn document(
        input: &Divisible,
        algorithm: &str,
        run: &RunOf<DivisibleFamily>,
        x: &DivExtra,
    ) -> serde_json::Value {
        explained(input, algorithm, run, &x.core, false)
    }
}

/// `ρ` of every imposed order, the bandwidth order highlighted (§9.1 step 4).
fn order_bars(details: &Details, sorted: &[usize]) -> Option<Figure> {
    let Details::Star(d) = details else {
        return None;
    };
    if d.orders.len() < 2 {
        return None;
    }
    let label = |o: &[usize]| o.iter().map(|i| (i + 1).to_string()).collect::<String>();
    let items: Vec<bars::Bar> = d
        .orders
        .iter()
        .map(|o| bars::Bar {
            label: label(&o.order),
            value: Some(hetlab_core::rational::to_f64(&o.rho)),
            class: if o.order == sorted { "best" } else { "bar" },
            fill: None,
        })
        .collect();
    Some(bars::chart(
        "ρ of every sending order (yellow: by g)",
        &items,
    ))
}
