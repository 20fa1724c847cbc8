//! A sweep under way on the experiments page: its crew of workers (`ui::worker::Crew`, one job
//! per instance), the rows come back so far, and the redraws. The answers land in a shared
//! [`Live`] without rendering; a timer redraws the page at most every [`REDRAW_MS`], so a sweep
//! of thousands of quick instances keeps the page responsive.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Interval;
use hetlab_core::sweep::Sweep;
use yew::prelude::*;

use crate::bundles;
use crate::experiments::Results;
use crate::ui::dom;
use crate::ui::worker::{Crew, CrewEvent, Job};
use crate::wire;

/// Least time between two redraws while a sweep runs.
const REDRAW_MS: u32 = 250;
/// Most workers a sweep starts, whatever the browser reports.
pub const MAX_WORKERS: usize = 16;

/// Where a sweep is.
#[derive(Clone, Debug, PartialEq)]
pub enum State {
    /// Instances are still running.
    Running,
    /// Every instance answered.
    Finished,
    /// The user stopped it.
    Cancelled,
    /// No worker could start, in a sentence.
    Broken(String),
}

/// A sweep started on this page and what came back.
pub struct Live {
    /// The spec's JSON text, as run.
    pub text: String,
    /// The spec.
    pub sweep: Sweep,
    /// The rows, by instance.
    pub results: Results,
    /// Instances whose job failed, with why.
    pub failures: Vec<(usize, String)>,
    /// How many workers ran it.
    pub workers: usize,
    /// When it started (`dom::now_ms`).
    pub started: f64,
    /// When it ended, if it has.
    pub ended: Option<f64>,
    /// Where it is.
    pub state: State,
    /// Answers heard so far (the timer redraws when this moves).
    pub heard: u64,
}

impl Live {
    /// Instances answered or failed.
    #[must_use]
    pub fn done(&self) -> usize {
        self.results.done() + self.failures.len()
    }

    /// Milliseconds since the start (until the end, once ended).
    #[must_use]
    pub fn elapsed(&self) -> f64 {
        self.ended.unwrap_or_else(dom::now_ms) - self.started
    }
}

/// The sweep shared by the page and the crew's callback.
pub type Shared = Rc<RefCell<Option<Live>>>;

/// The experiments page's sweep: what is under way or done, and how to start or stop one.
#[derive(Clone)]
pub struct SweepRun {
    /// The sweep, once one started (read it when rendering).
    pub live: Shared,
    crew: Rc<RefCell<Option<Crew>>>,
    /// Redraws the page (a render reads `live` again).
    redraw: UseForceUpdateHandle,
}

impl SweepRun {
    /// Whether a sweep is running.
    #[must_use]
    pub fn running(&self) -> bool {
        self.live
            .borrow()
            .as_ref()
            .is_some_and(|l| l.state == State::Running)
    }

    /// Starts `sweep` (its JSON `text`) on `workers` workers of its family's group, stopping
    /// the sweep under way.
    pub fn start(&self, text: String, sweep: Sweep, workers: usize) {
        self.stop_crew();
        let Some(group) = bundles::bundle_of(sweep.family).map(|b| b.name) else {
            return;
        };
        let total = sweep.instances();
        let workers = workers.clamp(1, MAX_WORKERS);
        *self.live.borrow_mut() = Some(Live {
            results: Results::new(&sweep),
            text: text.clone(),
            sweep,
            failures: Vec::new(),
            workers,
            started: dom::now_ms(),
            ended: None,
            state: if total == 0 {
                State::Finished
            } else {
                State::Running
            },
            heard: 0,
        });
        if total == 0 {
            self.redraw.force_update();
            return;
        }
        let on_event = {
            let (live, redraw) = (self.live.clone(), self.redraw.clone());
            Callback::from(move |e: CrewEvent| {
                if heard(&live, e) {
                    redraw.force_update();
                }
            })
        };
        let make = move |k: usize| Job::SweepRows {
            spec: text.clone(),
            instance: k as u64,
        };
        let crew = Crew::start(group, workers, total, make, on_event);
        *self.crew.borrow_mut() = Some(crew);
        self.redraw.force_update();
    }

    /// Stops the sweep under way (its rows so far stay).
    pub fn cancel(&self) {
        self.stop_crew();
        if let Some(l) = self.live.borrow_mut().as_mut() {
            if l.state == State::Running {
                l.state = State::Cancelled;
                l.ended = Some(dom::now_ms());
            }
        }
        self.redraw.force_update();
    }

    fn stop_crew(&self) {
        if let Some(crew) = self.crew.borrow_mut().take() {
            crew.stop();
        }
    }
}

/// Records a crew's event in `live`; whether the sweep has just ended (redraw now).
fn heard(live: &Shared, event: CrewEvent) -> bool {
    let mut guard = live.borrow_mut();
    let Some(l) = guard.as_mut().filter(|l| l.state == State::Running) else {
        return false;
    };
    l.heard += 1;
    match event {
        CrewEvent::Done(k, bytes) => match wire::decode::<String>(&bytes) {
            Ok(lines) => l.results.add(k, lines),
            Err(e) => l.failures.push((k, e)),
        },
        CrewEvent::Failed(k, message) => l.failures.push((k, message)),
        CrewEvent::Broken(message) => l.state = State::Broken(message),
    }
    if l.state == State::Running && l.done() >= l.results.total() {
        l.state = State::Finished;
    }
    let ended = l.state != State::Running;
    if ended {
        l.ended = Some(dom::now_ms());
    }
    ended
}

/// The page's sweep: nothing under way at first; while one runs, the page redraws every
/// [`REDRAW_MS`] when answers came; leaving the page stops it.
#[hook]
pub fn use_sweep_run() -> SweepRun {
    let live = use_mut_ref(|| None::<Live>);
    let crew = use_mut_ref(|| None::<Crew>);
    let redraw = use_force_update();
    let run = SweepRun { live, crew, redraw };
    {
        let run = run.clone();
        let running = run.running();
        use_effect_with(running, move |running| {
            let shown = Rc::new(RefCell::new(0_u64));
            let timer = running.then(|| {
                Interval::new(REDRAW_MS, move || {
                    let heard = run.live.borrow().as_ref().map_or(0, |l| l.heard);
                    if heard != *shown.borrow() {
                        *shown.borrow_mut() = heard;
                        run.redraw.force_update();
                    }
                })
            });
            move || drop(timer)
        });
    }
    {
        let crew = run.crew.clone();
        use_effect_with((), move |()| {
            move || {
                if let Some(c) = crew.borrow_mut().take() {
                    c.stop();
                }
            }
        });
    }
    run
}
