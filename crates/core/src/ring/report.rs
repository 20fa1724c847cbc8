//! The result document of a ring algorithm (formats.md §4, objective `t_step`): `ring`, `q` and
//! `alpha` (exact, ring order) as formats.md §3.1 names them, then the rest of §2's evaluation
//! (with the water level `level`, ℓ of §2 and §11),
//! the per-size series, the Held–Karp bounds and the tour when the algorithm has them.

use serde_json::{json, Value};

use super::{RingSolution, RingStep};
use crate::report::{document, objective, with_steps};
use crate::trace::Trace;

/// The document of `sol`.
#[must_use]
pub fn result(sol: &RingSolution, trace: &Trace<RingStep>, with_trace: bool) -> Value {
    let e = &sol.eval;
    let exact = |v| serde_json::to_value(crate::rational::Exact::exact(v)).unwrap_or_default();
    let mut fields = json!({
        "ring": sol.ring,
        "q": sol.q,
        "alpha": crate::rational::Exact::exact(&sol.alpha),
        "comm": crate::rational::Exact::exact(&e.comm),
        "compute": crate::rational::Exact::exact(&e.compute),
        "communicate": crate::rational::Exact::exact(&e.communicate),
        "L": exact(&e.l),
        "t_closed": exact(&e.t_closed),
        "M": exact(&e.m),
        "level": exact(&e.level),
        "communication_bound": e.communication_bound,
        "per_size": serde_json::to_value(&sol.per_size).unwrap_or_default(),
        "notes": sol.notes,
    });
    if let Some(b) = &sol.bounds {
        fields["lower_bound"] = exact(&b.lb);
        fields["upper_bound"] = exact(&b.ub);
        fields["certified"] = json!(b.certified);
    }
    if let Some(t) = &sol.tour {
        fields["tour"] = json!(t.tour);
        fields["tour_length"] = exact(&t.length);
    }
    if let Some(t) = &sol.exact_tour {
        fields["exact_tour"] = json!(t.tour);
        fields["exact_tour_length"] = exact(&t.length);
    }
    if sol.budget_hit {
        fields["budget_hit"] = json!(true);
    }
    let mut out = document(
        "ring",
        sol.algorithm.name(),
        sol.status.as_str(),
        objective("t_step", &sol.t_step),
        fields,
    );
    with_steps(&mut out, trace, &(), with_trace);
    out
}
