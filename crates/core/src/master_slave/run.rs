//! One entry for every variant and algorithm: [`solve`] and [`solve_traced`] share one private
//! `run(.., emit)` (guide.md §2), which checks the sizes, dispatches on the variant and the
//! algorithm, builds the schedule and emits the steps.

use crate::sort;
use num_traits::{Signed, Zero};

use super::bus::{self, OneShot};
use super::model::{Activity, BusInput, Goal, MsInput, TreeInput};
use super::solution::{MatchingView, MsSolution, Probe};
use super::step::MsStep;
use super::{forward, mintime, pertask, tree, two_phase, MAX_SLAVES, MAX_TASKS};
use crate::family::SolveError;
use crate::rational::Q;
use crate::trace::{Trace, Traced};

/// The algorithms that apply to `input`, the default first: `exact` (closed form, assignment,
/// enumeration, reverse-time merge), `greedy` (fastest-first foil of `MaxTasks1`, greedy of
/// `MaxTasks3`), `approx` (`MaxTasks2`), `periodic` (`MaxTasks3/4`). For `MaxTasks2` beyond
/// the exact search's reach `approx` comes first and `exact` explains its refusal.
#[must_use]
pub fn offered(input: &MsInput) -> Vec<&'static str> {
    match input {
        MsInput::Tree(_) => vec!["exact"],
        MsInput::Bus(b) => match b.variant {
            0 => vec!["exact"],
            1 => vec!["exact", "greedy"],
            2 if exact_runs(b) => vec!["exact", "approx"],
            2 => vec!["approx", "exact"],
            3 => vec!["periodic", "greedy"],
            _ => vec!["periodic"],
        },
    }
}

/// Most slaves of the exhaustive `MinTime2` search (it runs once per probe).
pub const MAX_EXACT_MINTIME_SLAVES: usize = 6;

fn exact_runs(b: &BusInput) -> bool {
    let limit = match b.goal {
        Goal::Horizon(_) => two_phase::MAX_EXACT_SLAVES,
        Goal::Tasks(_) => MAX_EXACT_MINTIME_SLAVES,
    };
    two_phase::identical(&b.t) || b.t.len() <= limit
}

/// Solves `input` with `algorithm` (a name of [`offered`]).
///
/// References: O. Beaumont, A. Legrand, Y. Robert, *The master-slave paradigm with
/// heterogeneous processors*, IEEE TPDS 14(9), 2003 (Part A); the thesis' chapter 2, §2.1
/// (Part B); W. Moore / J. Hodgson, *An n job, one machine sequencing algorithm*, 1968.
///
/// # Complexity
/// `MaxTasks0`: `O(p)`; `MaxTasks1`: `O(p³)`; `MaxTasks2`: `O(p³)` (approximation, identical
/// slaves), `O(p!·p³)` (exact, `p ≤ 7`); `MaxTasks3/4`: `O(N + p·T/Tpat)` for `N` tasks
/// listed; `MinTime`: the `MaxTasks` cost times `O(log(L·T*))` probes; trees `O(N·h + N log N)`
/// for `N` candidate tasks and depth `h`. Plus the schedule, linear in the tasks.
///
/// # Errors
/// [`SolveError`]: an algorithm not offered for this variant, an instance over a size limit
/// ([`MAX_SLAVES`], [`MAX_TASKS`], the exact search's `p ≤ 7`), or a tree in the NP-hard case.
///
/// ```
/// use hetlab_core::master_slave::{solve, BusInput, Comm, Goal, MsInput};
/// use hetlab_core::rational::qi;
/// let input = MsInput::Bus(BusInput {
///     variant: 1,
///     t: vec![qi(5), qi(9)],
///     comm: Comm::Single(qi(1)),
///     goal: Goal::Horizon(qi(28)),
/// });
/// assert_eq!(solve(&input, "exact").unwrap().total, 8);
/// assert_eq!(solve(&input, "greedy").unwrap().total, 7);
/// ```
#[cfg(feature = "solve")]
pub fn solve(input: &MsInput, algorithm: &str) -> Result<MsSolution, SolveError> {
    run(input, algorithm, &mut |_| {})
}

/// As [`solve`], with the steps the page replays (initial state: [`super::MsState::default`]).
///
/// # Errors
/// As [`solve`].
#[cfg(feature = "solve")]
pub fn solve_traced(
    input: &MsInput,
    algorithm: &str,
) -> Result<Traced<MsSolution, MsStep>, SolveError> {
    let mut trace = Trace::default();
    let solution = run(input, algorithm, &mut |s| trace.push(s))?;
    Ok(Traced { solution, trace })
}

/// The sizes every algorithm refuses, so that a form can refuse them before anything runs.
///
/// # Errors
/// [`SolveError::TooLarge`] or [`SolveError::NotApplicable`], in a sentence.
pub fn check(input: &MsInput) -> Result<(), SolveError> {
    match input {
        MsInput::Tree(t) => tree::check(t),
        MsInput::Bus(b) => {
            let p = b.t.len();
            if p == 0 || p > MAX_SLAVES {
                return Err(SolveError::TooLarge(format!(
                    "between 1 and {MAX_SLAVES} slaves are supported, got {p}"
                )));
            }
            match &b.goal {
                Goal::Tasks(c) if *c > MAX_TASKS => Err(SolveError::TooLarge(format!(
                    "C = {c} tasks; at most {MAX_TASKS} are supported"
                ))),
                Goal::Tasks(_) => Ok(()),
                Goal::Horizon(t) => {
                    if b.variant == 2 {
                        let (t1, t2) = b.t1_t2();
                        let need = (t1 + t2) * Q::from_integer(p.into());
                        if *t < need {
                            return Err(SolveError::NotApplicable(format!(
                                "T too small for the two-phase model: need T ≥ p·(t1+t2) = {}",
                                crate::rational::frac(&need)
                            )));
                        }
                    }
                    let mut sum = 0u64;
                    for ti in &b.t {
                        sum = sum.saturating_add(bus::tasks(&(t / ti))?);
                    }
                    if sum > MAX_TASKS {
                        return Err(SolveError::TooLarge(format!(
                            "T allows up to {sum} tasks (Σ floor(T/t_i)); at most {MAX_TASKS} are supported: use a smaller T"
                        )));
                    }
                    Ok(())
                }
            }
        }
    }
}

fn run(
    input: &MsInput,
    algorithm: &str,
    emit: &mut impl FnMut(MsStep),
) -> Result<MsSolution, SolveError> {
    let names = offered(input);
    if !names.contains(&algorithm) {
        return Err(SolveError::unknown("master-slave", algorithm, &names));
    }
    check(input)?;
    let algorithm = names
        .into_iter()
        .find(|a| *a == algorithm)
        .unwrap_or("exact");
    let mut sol = match input {
        MsInput::Tree(t) => run_tree(t, emit)?,
        MsInput::Bus(b) => match &b.goal {
            Goal::Horizon(h) => max_tasks(b, h, algorithm, emit)?,
            Goal::Tasks(c) => min_time(b, *c, algorithm, emit)?,
        },
    };
    sol.algorithm = algorithm;
    sol.variant = input.variant_name();
    emit(MsStep::Counted {
        counts: sol.counts.clone(),
        total: sol.total,
    });
    Ok(sol)
}

fn empty(horizon: Q, counts: Vec<u64>) -> MsSolution {
    MsSolution {
        variant: String::new(),
        algorithm: "exact",
        optimal: true,
        total: counts.iter().sum(),
        horizon,
        makespan: None,
        counts,
        order: Vec::new(),
        schedule: Vec::new(),
        matching: None,
        periodic: None,
        tree: None,
        search: Vec::new(),
        notes: Vec::new(),
    }
}

/// Counts and bus order read from a schedule.
fn finish(mut sol: MsSolution, schedule: Vec<Activity>, p: usize) -> MsSolution {
    let mut counts = vec![0u64; p];
    let mut sends: Vec<(Q, usize)> = Vec::new();
    for a in &schedule {
        match a {
            Activity::Compute { slave, .. } => {
                if let Some(c) = counts.get_mut(*slave) {
                    *c += 1;
                }
            }
            Activity::Send { slave, start, .. } => sends.push((start.clone(), *slave)),
            _ => {}
        }
    }
    sort::sort(&mut sends);
    sol.order = sends.into_iter().map(|(_, s)| s).collect();
    sol.total = counts.iter().sum();
    sol.counts = counts;
    sol.schedule = schedule;
    sol
}

/// The allocation of variants 0–2 at horizon `h` by `algorithm` (no steps when `emit` is a
/// no-op), with its matching view.
fn one_shot(
    b: &BusInput,
    h: &Q,
    algorithm: &str,
    full: bool,
    emit: &mut impl FnMut(MsStep),
) -> Result<(OneShot, Option<MatchingView>), SolveError> {
    Ok(match b.variant {
        0 => (bus::counts0(&b.t, h)?, None),
        1 => {
            let (a, v) = bus::solve1(b, h, algorithm == "greedy", emit)?;
            (a, Some(v))
        }
        _ if algorithm == "approx" => {
            let (a, v) = two_phase::approx(b, h, full, emit)?;
            (a, Some(v))
        }
        _ => {
            let (a, v) = two_phase::exact(b, h, emit)?;
            (a, Some(v))
        }
    })
}

fn max_tasks(
    b: &BusInput,
    h: &Q,
    algorithm: &str,
    emit: &mut impl FnMut(MsStep),
) -> Result<MsSolution, SolveError> {
    let p = b.t.len();
    let mut sol = empty(h.clone(), vec![0; p]);
    sol.optimal = algorithm == "exact";
    let schedule = if b.variant <= 2 {
        let (a, view) = one_shot(b, h, algorithm, true, emit)?;
        if let Some(proven) = view.as_ref().and_then(|v| v.guarantee_proven) {
            sol.notes.push(if proven {
                format!("T ≥ 2p·max(t1, t2): the result is within p = {p} tasks of the optimum")
            } else {
                "bound not proven for this T (T < 2p·max(t1, t2))".to_owned()
            });
        }
        sol.matching = view;
        bus::schedule(b, h, &a, emit)
    } else {
        let (tasks, view) = pertask::solve(b, h, algorithm == "greedy", emit)?;
        if view.pattern.tpat > Q::from_integer(1_000_000.into()) {
            sol.notes.push(format!(
                "the pattern's period is long (Tpat = {}): its ramp-up dominates at this T",
                crate::rational::frac(&view.pattern.tpat)
            ));
        }
        sol.periodic = Some(view);
        pertask::place(b, &tasks, algorithm != "greedy", emit)
    };
    let sol = finish(sol, schedule, p);
    Ok(with_zero_note(sol, h))
}

fn with_zero_note(mut sol: MsSolution, h: &Q) -> MsSolution {
    if sol.total == 0 && h.is_positive() {
        sol.notes.push("no slave can finish a task by T".to_owned());
    }
    sol
}

fn min_time(
    b: &BusInput,
    c: u64,
    algorithm: &str,
    emit: &mut impl FnMut(MsStep),
) -> Result<MsSolution, SolveError> {
    let p = b.t.len();
    let mut sol = empty(Q::zero(), vec![0; p]);
    sol.optimal = algorithm == "exact";
    if c == 0 {
        sol.makespan = Some(Q::zero());
        return Ok(sol);
    }
    if b.variant >= 3 {
        let (best, tasks) = pertask::min_time(b, c, algorithm == "greedy", emit)?;
        let schedule = pertask::place(b, &tasks, algorithm != "greedy", emit);
        sol.horizon = best.clone();
        sol.makespan = Some(best);
        return Ok(finish(sol, schedule, p));
    }
    if b.variant == 2 && algorithm == "exact" && !exact_runs(b) {
        return Err(SolveError::TooLarge(format!(
            "the exact MinTime2 search runs p! assignments per probe and is limited to {MAX_EXACT_MINTIME_SLAVES} slaves (got {p}); \"approx\" runs at any size"
        )));
    }
    let (lo, hi) = search_range(b, c);
    let (t1, t2) = b.t1_t2();
    let scale = crate::rational::lcm_denominators(b.t.iter().chain([&t1, &t2]));
    let mut count = |t: &Q| one_shot(b, t, algorithm, false, &mut |_| {}).map(|(a, _)| a.total());
    let (best, probes) = mintime::bisect(&scale, c, &lo, &hi, &mut count, emit)?;
    let (mut a, view) = one_shot(b, &best, algorithm, true, emit)?;
    bus::trim(&mut a, c);
    sol.matching = view;
    let schedule = bus::schedule(b, &best, &a, emit);
    sol.search = probes;
    sol.horizon = best.clone();
    sol.makespan = Some(best);
    Ok(finish(sol, schedule, p))
}

/// `[lo, hi]` of §3.4: `hi` runs all `C` tasks on the fastest slave; variant 2 starts at the
/// two-phase precondition `p·(t1 + t2)`.
fn search_range(b: &BusInput, c: u64) -> (Q, Q) {
    let tmin = b.t.iter().min().cloned().unwrap_or_default();
    let (t1, t2) = b.t1_t2();
    let all = tmin * Q::from_integer(c.into());
    match b.variant {
        2 => {
            let lo = (&t1 + &t2) * Q::from_integer(b.t.len().into());
            let hi = (all + &t1 + &t2).max(lo.clone());
            (lo, hi)
        }
        _ => (Q::zero(), all + t1),
    }
}

fn run_tree(t: &TreeInput, emit: &mut impl FnMut(MsStep)) -> Result<MsSolution, SolveError> {
    let Some(c) = t.tasks else {
        return max_tasks_tree(t, emit);
    };
    let p = t.shape.nodes().len();
    if c == 0 {
        let mut sol = empty(Q::zero(), vec![0; p]);
        sol.makespan = Some(Q::zero());
        return Ok(sol);
    }
    let (best, probes) = mintime::tree_min_time(t, c, emit)?;
    let mut sol = max_tasks_tree(&mintime::tree_at(t, c, &best), emit)?;
    sol.makespan = Some(best);
    sol.search = probes;
    Ok(sol)
}

/// `MaxTasks(T)` on a tree (§8.3).
fn max_tasks_tree(t: &TreeInput, emit: &mut impl FnMut(MsStep)) -> Result<MsSolution, SolveError> {
    let view = tree::select(t, emit)?;
    let p = t.shape.nodes().len();
    let schedule = forward::schedule(t, &view, emit);
    let mut sol = empty(t.horizon.clone(), vec![0; p]);
    sol.order = view
        .selected
        .iter()
        .filter_map(|&j| view.jobs.get(j).map(|job| job.origin))
        .collect();
    let own = view.master_tasks;
    sol.tree = Some(view);
    let order = sol.order.clone();
    let mut sol = finish(sol, schedule, p);
    sol.order = order;
    sol.total += own;
    sol.search = Vec::<Probe>::new();
    Ok(with_zero_note(sol, &t.horizon))
}
