//! The teaching pages' jobs go to the solver worker of the family they are about: this page
//! binary's own worker (the pool) when it has that group, else a worker of that group's solver
//! binary started for the job (`worker::ask_in`: the teaching binary has no worker of its own).
//!
//! Such jobs run one at a time, in order: `ask_in` stops a job under way when another starts
//! (its callback would never be called, and a question would stay "loading" after a grade was
//! asked, say), so a job waits here until the one before it has answered.

use std::cell::RefCell;
use std::collections::VecDeque;

use crate::bundles;
use crate::ui::worker::{self, Job};

/// A job waiting for its turn: it starts when called, and calls [`next`] once it has answered.
type Start = Box<dyn FnOnce()>;

thread_local! {
    /// Jobs waiting, oldest first.
    static WAITING: RefCell<VecDeque<Start>> = const { RefCell::new(VecDeque::new()) };
    /// A job is under way.
    static BUSY: RefCell<bool> = const { RefCell::new(false) };
}

/// Starts the oldest waiting job, if none is under way.
fn pump() {
    if BUSY.with_borrow(|b| *b) {
        return;
    }
    let Some(start) = WAITING.with_borrow_mut(VecDeque::pop_front) else {
        return;
    };
    BUSY.set(true);
    start();
}

/// The job under way has answered: the next one may start.
fn next() {
    BUSY.set(false);
    pump();
}

/// Runs `job` in the solver worker that holds `problem`, after the jobs asked before it, and
/// hands `done` its decoded answer, or why there is none.
pub fn ask_for<T: nanoserde::DeBin + 'static>(
    problem: &str,
    job: &Job,
    done: impl FnOnce(Result<T, String>) + 'static,
) {
    let Some(bundle) = bundles::bundle_of(problem) else {
        done(Err(format!("no page holds the family \"{problem}\"")));
        return;
    };
    let job = job.clone();
    let start: Start = Box::new(move || {
        let finish = move |r: Result<T, String>| {
            // The next job may start once this answer is handled.
            done(r);
            next();
        };
        if Some(bundle.name) == crate::ui::group_name() {
            let once = RefCell::new(Some(finish));
            let _ticket = worker::ask(&job, move |r: Result<T, String>| {
                if let Some(f) = once.borrow_mut().take() {
                    f(r);
                }
            });
        } else {
            worker::ask_in(bundle.name, &job, finish);
        }
    });
    WAITING.with_borrow_mut(|w| w.push_back(start));
    pump();
}
