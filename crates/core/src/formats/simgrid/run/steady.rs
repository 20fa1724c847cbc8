//! A steady-state schedule for `steady.py`: one period (`lp`: the slots of steady-state.md §4,
//! `tree`: the sends of §3.5). Its actors follow HetLab's one-port model: one sender per node
//! walks the period's slots in order (waiting for each slot's start), one receiver per node
//! takes its messages one at a time, and a node forwards or computes only the input files it
//! holds. A slot's files on one arc go as one message of their summed size followed by a wait of
//! the other files' latencies (CM02 times it exactly as the files back to back), a period's tasks
//! on one node as one execution. It plays `warm-up + 10` periods and measures the tasks
//! completed between the end of the warm-up and the end of the run.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use serde_json::{json, Value};

use super::common::{fill, RunError, MAX_EVENTS, MEASURED_PERIODS};
use crate::families::{self, Instance};
use crate::family::{Limits, Solver as _};
use crate::formats::simgrid::{to_xml, Conversion};
use crate::rational::{to_f64, Q};
use crate::steady_state::family::{SteadyRun, SteadyStateFamily};
use crate::steady_state::SteadyState;

/// The program's text, with `@PLATFORM@` and `@SCHEDULE@` to fill.
const TEMPLATE: &str = include_str!("steady.py");

/// The program playing `s`'s schedule under `algorithm` (the family's default when `None`).
///
/// # Errors
/// As [`schedule`].
pub(super) fn program(
    s: &SteadyState,
    algorithm: Option<&str>,
    name: &str,
    conv: &Conversion,
) -> Result<String, RunError> {
    let doc = schedule(s, algorithm, name, conv)?;
    Ok(fill(TEMPLATE, &to_xml(&s.platform, conv), &doc))
}

/// One period of a steady-state schedule as the program reads it: `period`, `slots` (each with
/// `start`, `end` and its `sends`: `from`, `to`, `inputs`, `results` and their sizes in bytes),
/// `compute` (tasks per node per period), `masters`, `predicted` (`ρ*`), the periods to play and
/// the measured window.
///
/// # Errors
/// As [`program`](crate::formats::simgrid::program).
pub fn schedule(
    s: &SteadyState,
    algorithm: Option<&str>,
    name: &str,
    conv: &Conversion,
) -> Result<Value, RunError> {
    let offered = families::offered(&Instance::SteadyState(s.clone()));
    let algorithm = algorithm.or(offered.first().copied()).unwrap_or("lp");
    let run = SteadyStateFamily::run_within(s, algorithm, false, Limits::Default)?;
    let period = Period::of(&run)?;
    let compute = period
        .compute
        .iter()
        .map(|n| count(n, "a node computes"))
        .collect::<Result<Vec<u64>, _>>()?;
    let (slots, sent) = slots_json(s, conv, &period.slots)?;
    let events = compute.iter().filter(|&&n| n > 0).count() as u64 + sent;
    let warm = 2 * period.depth as u64 + 2;
    let periods = warm + MEASURED_PERIODS;
    if events.saturating_mul(periods) > MAX_EVENTS {
        return Err(RunError::Unplayable(format!(
            "one period of this schedule holds {events} messages and tasks, {periods} periods \
             would simulate more than {MAX_EVENTS}: choose a smaller platform or rates with \
             smaller denominators"
        )));
    }
    let p = &s.platform;
    Ok(json!({
        "name": name,
        "family": "steady-state",
        "algorithm": algorithm,
        "predicted": to_f64(&period.rho),
        "predicted_exact": period.rho.to_string(),
        "period": to_f64(&period.length),
        "period_exact": period.length.to_string(),
        "hosts": p.nodes.iter().map(|n| n.id.to_string()).collect::<Vec<_>>(),
        "masters": p.nodes.iter().map(|n| n.master).collect::<Vec<_>>(),
        "compute": compute,
        "flops": to_f64(&conv.flops),
        "slots": slots,
        "periods": periods,
        "measure_from": warm,
        "measure_to": periods,
    }))
}

/// A count per period as a `u64`, or why it cannot be simulated.
fn count(v: &BigInt, what: &str) -> Result<u64, RunError> {
    v.to_u64().ok_or_else(|| {
        RunError::Unplayable(format!("{what} {v} per period is too many to simulate"))
    })
}

/// The slots as the program reads them, and the messages (batches of files) they send per
/// period.
fn slots_json(
    s: &SteadyState,
    conv: &Conversion,
    slots: &[PlainSlot],
) -> Result<(Vec<Value>, u64), RunError> {
    let input_bytes = to_f64(&(&s.data_in * &conv.bytes));
    let result_bytes = to_f64(&(&s.data_out * &conv.bytes));
    let arcs = s.platform.arcs();
    let mut sent: u64 = 0;
    let mut out = Vec::with_capacity(slots.len());
    for (start, end, sends) in slots {
        let mut list = Vec::with_capacity(sends.len());
        for (arc, inputs, results) in sends {
            let (inputs, results) = (
                count(inputs, "an arc sends")?,
                count(results, "an arc sends")?,
            );
            // One message per kind of file (a slot's files on an arc go back to back).
            sent += u64::from(inputs > 0) + u64::from(results > 0);
            let a = &arcs[*arc];
            let latency = s.platform.links[a.link].lcomm.as_ref().map_or(0.0, to_f64);
            list.push(json!({
                "from": a.from, "to": a.to, "inputs": inputs, "results": results,
                "input_bytes": input_bytes, "result_bytes": result_bytes, "latency": latency,
            }));
        }
        out.push(json!({"start": to_f64(start), "end": to_f64(end), "sends": list}));
    }
    Ok((out, sent))
}

/// A slot's start, end and sends `(arc, inputs, results)`.
type PlainSlot = (Q, Q, Vec<(usize, BigInt, BigInt)>);

/// One period of either steady-state schedule, in the same terms.
struct Period {
    rho: Q,
    length: Q,
    compute: Vec<BigInt>,
    slots: Vec<PlainSlot>,
    depth: usize,
}

impl Period {
    fn of(run: &SteadyRun) -> Result<Period, RunError> {
        let zero = || RunError::Unplayable("ρ* = 0: there is no schedule to play".to_owned());
        let period = match run {
            SteadyRun::Lp(t) => {
                let p = t.solution.pattern.as_ref().ok_or_else(zero)?;
                let depth = p.depth.iter().flatten().max().copied().unwrap_or(0);
                Period {
                    rho: t.solution.lp.throughput.clone(),
                    length: Q::from_integer(p.length.clone()),
                    compute: p.n.iter().map(|n| n * &p.scale_a).collect(),
                    slots: p
                        .slots
                        .iter()
                        .map(|sl| {
                            let sends = sl.arcs.iter().map(|tr| {
                                (tr.arc, tr.inputs.to_integer(), tr.results.to_integer())
                            });
                            (sl.start.clone(), sl.end(), sends.collect())
                        })
                        .collect(),
                    depth,
                }
            }
            SteadyRun::Tree(t) => {
                let sc = &t.solution.schedule;
                let depth = sc.depth.iter().flatten().max().copied().unwrap_or(0);
                Period {
                    rho: t.solution.throughput.clone(),
                    length: Q::from_integer(sc.period_t.clone()),
                    compute: sc.n.clone(),
                    slots: sc
                        .sends
                        .iter()
                        .map(|x| {
                            let send = (x.arc, x.count.clone(), BigInt::default());
                            (x.start.clone(), x.end.clone(), vec![send])
                        })
                        .collect(),
                    depth,
                }
            }
        };
        if !period.rho.is_positive() {
            return Err(zero());
        }
        Ok(period)
    }
}
