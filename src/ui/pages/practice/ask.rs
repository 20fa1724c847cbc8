//! The practice page's jobs go to the solver worker of the question's family: this page
//! binary's own worker (the pool), or a worker of the other group's solver binary started for
//! the job (`worker::ask_in`): the practice page mixes families of both groups.

use std::cell::RefCell;

use crate::bundles;
use crate::ui::worker::{self, Job};

/// Runs `job` in the solver worker that holds `problem` and hands `done` its decoded answer, or
/// why there is none.
pub fn ask_for<T: nanoserde::DeBin + 'static>(
    problem: &str,
    job: &Job,
    done: impl FnOnce(Result<T, String>) + 'static,
) {
    let Some(bundle) = bundles::bundle_of(problem) else {
        done(Err(format!("no page holds the family \"{problem}\"")));
        return;
    };
    if Some(bundle.name) == crate::ui::group_name() {
        let once = RefCell::new(Some(done));
        let _ticket = worker::ask(job, move |r: Result<T, String>| {
            if let Some(f) = once.borrow_mut().take() {
                f(r);
            }
        });
    } else {
        worker::ask_in(bundle.name, job, done);
    }
}
