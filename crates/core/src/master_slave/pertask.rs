//! Variants 3 and 4 end to end: the pattern, the bound, the greedy beside it, the `N(T)/UB(T)`
//! series, and the Gantt chart drawn period by period (or in chunks of tasks).

use super::bus::too_large;
use super::model::{Activity, BusInput};
use super::periodic::{greedy, pattern, upper_bound, TaskRec};
use super::solution::{PeriodicView, SeriesPoint};
use super::step::{MsStep, Placement};
use crate::family::SolveError;
use crate::rational::Q;
use crate::sort;

/// Points of the `N(T)/UB(T)` plot.
pub const SERIES_POINTS: u64 = 48;

/// Most `Placed` steps of one chart (consecutive groups are merged beyond it).
pub const MAX_PLACED_STEPS: usize = 400;

fn count_by(done: &[Q], t: &Q) -> u64 {
    done.partition_point(|d| d <= t) as u64
}

fn sorted_done(tasks: &[TaskRec]) -> Vec<Q> {
    let mut d: Vec<Q> = tasks.iter().map(|t| t.done.clone()).collect();
    sort::sort(&mut d);
    d
}

/// The pattern, both algorithms' tasks up to `horizon`, and the view; returns the chosen
/// algorithm's tasks (`greedy` or the periodic pattern).
pub(super) fn solve(
    input: &BusInput,
    horizon: &Q,
    use_greedy: bool,
    emit: &mut impl FnMut(MsStep),
) -> Result<(Vec<TaskRec>, PeriodicView), SolveError> {
    let pat = pattern(input, false);
    emit(MsStep::Patterned {
        pattern: pat.view.clone(),
    });
    let ub = upper_bound(input, horizon)?;
    emit(MsStep::Bounded { ub });
    let periodic = pat.tasks_until(input.variant, horizon);
    let greedy_tasks = (input.variant == 3).then(|| greedy(input, horizon));
    let paper_period = match pat.view.pmax {
        Some(_) => {
            let pp = pattern(input, true);
            let n = pp.tasks_until(input.variant, horizon).len() as u64;
            Some((pp.view, n))
        }
        None => None,
    };
    let series = series(input, horizon, &periodic, greedy_tasks.as_deref())?;
    let view = PeriodicView {
        pattern: pat.view,
        paper_period,
        ub,
        periodic: periodic.len() as u64,
        greedy: greedy_tasks.as_ref().map(|g| g.len() as u64),
        series,
    };
    let chosen = match greedy_tasks {
        Some(g) if use_greedy => g,
        _ => periodic,
    };
    Ok((chosen, view))
}

fn series(
    input: &BusInput,
    horizon: &Q,
    periodic: &[TaskRec],
    greedy: Option<&[TaskRec]>,
) -> Result<Vec<SeriesPoint>, SolveError> {
    if *horizon <= Q::default() {
        return Ok(Vec::new());
    }
    let pd = sorted_done(periodic);
    let gd = greedy.map(sorted_done);
    (1..=SERIES_POINTS)
        .map(|k| {
            let t = horizon * Q::new(k.into(), SERIES_POINTS.into());
            Ok(SeriesPoint {
                periodic: count_by(&pd, &t),
                greedy: gd.as_ref().map(|g| count_by(g, &t)),
                ub: upper_bound(input, &t)?,
                t,
            })
        })
        .collect()
}

/// `MinTime3/4`: the least horizon by which the chosen algorithm's schedule has done `c` tasks
/// (the `c`-th smallest completion time: both schedules are the same whatever the horizon,
/// so their counts are monotone), found by doubling a horizon; and the `c` first tasks.
pub(super) fn min_time(
    input: &BusInput,
    c: u64,
    use_greedy: bool,
    emit: &mut impl FnMut(MsStep),
) -> Result<(Q, Vec<TaskRec>), SolveError> {
    let pat = pattern(input, false);
    let per = pat.per_period();
    let limit = num_bigint::BigInt::from(super::MAX_TASKS);
    if !use_greedy && per > limit {
        return Err(SolveError::TooLarge(format!(
            "the periodic pattern has {per} tasks per period; at most {limit} are supported for MinTime (the greedy runs)"
        )));
    }
    let tmin = input.t.iter().min().cloned().unwrap_or_default();
    let mut h = input.tcom() + tmin;
    let mut probes = 0;
    loop {
        let list = if use_greedy {
            greedy(input, &h)
        } else {
            pat.tasks_until(input.variant, &h)
        };
        let n = list.len() as u64;
        emit(MsStep::Probed {
            probe: super::solution::Probe {
                lo: Q::default(),
                hi: h.clone(),
                mid: h.clone(),
                count: n,
            },
        });
        if n >= c {
            let done = sorted_done(&list);
            let idx = usize::try_from(c.saturating_sub(1)).unwrap_or(0);
            let best = done.get(idx).cloned().unwrap_or_default();
            let mut kept = 0;
            let chosen = list
                .into_iter()
                .filter(|t| {
                    let keep = t.done <= best && kept < c;
                    kept += u64::from(keep);
                    keep
                })
                .collect();
            return Ok((best, chosen));
        }
        probes += 1;
        if probes > 200 {
            return Err(too_large());
        }
        h = &h + &h;
    }
}

/// The activities of per-task schedules, emitted period by period (greedy: in chunks of
/// tasks), merged so that at most [`MAX_PLACED_STEPS`] steps are emitted.
pub(super) fn place(
    input: &BusInput,
    tasks: &[TaskRec],
    by_period: bool,
    emit: &mut impl FnMut(MsStep),
) -> Vec<Activity> {
    let (t1, t2) = input.t1_t2();
    let groups = if by_period {
        tasks.last().map_or(0, |t| t.period + 1)
    } else {
        tasks.len() as u64
    };
    let per_step = groups.div_ceil(MAX_PLACED_STEPS as u64).max(1);
    let mut out = Vec::new();
    let mut pending: Vec<Activity> = Vec::new();
    let mut first = 1;
    for (k, task) in tasks.iter().enumerate() {
        let i = task.slave;
        pending.push(Activity::Send {
            slave: i,
            start: task.send.clone(),
            end: &task.send + &t1,
        });
        pending.push(Activity::Compute {
            slave: i,
            start: task.comp.clone(),
            end: &task.comp + &input.t[i],
        });
        if let Some(b) = &task.back {
            pending.push(Activity::Return {
                slave: i,
                start: b.clone(),
                end: b + &t2,
            });
        }
        let last = k + 1 == tasks.len();
        let (key, next_key) = if by_period {
            (
                task.period / per_step,
                tasks.get(k + 1).map(|t| t.period / per_step),
            )
        } else {
            (k as u64 / per_step, Some((k as u64 + 1) / per_step))
        };
        if last || next_key != Some(key) {
            let placement = if by_period && per_step == 1 {
                Placement::Period { r: task.period }
            } else {
                Placement::Tasks {
                    first,
                    last: k as u64 + 1,
                }
            };
            emit(MsStep::Placed {
                placement,
                activities: pending.clone(),
                total: k as u64 + 1,
            });
            out.append(&mut pending);
            first = k as u64 + 2;
        }
    }
    out
}
