//! Several workers of one group's solver binary sharing a numbered list of jobs: the
//! experiments page runs a sweep's instances on as many workers as the browser reports cores.
//! Each worker takes the next job as soon as it is free, so the jobs end out of order; who
//! hears of them puts them back in order (`crate::experiments::Results`).
//!
//! A job the solver refuses is reported and the crew goes on. A worker that panics is
//! replaced by a fresh one and its job reported as failed; one that cannot start at all
//! stops the crew with the reason. [`Crew::stop`] terminates every worker at once: Cancel
//! stops for real, mid-job.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::prelude::*;
use yew::Callback;

use super::{get, job_message, no_worker, start_worker, Job};

/// What a crew reports.
#[derive(Clone, Debug, PartialEq)]
pub enum CrewEvent {
    /// Job `index` answered: its `wire` bytes.
    Done(usize, Vec<u8>),
    /// Job `index` was refused or its worker stopped, in a sentence.
    Failed(usize, String),
    /// No worker could start: the crew has stopped, in a sentence.
    Broken(String),
}

/// One worker of the crew and the job it runs.
struct Member {
    worker: web_sys::Worker,
    ready: bool,
    current: Option<usize>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

struct Inner {
    group: String,
    members: Vec<Option<Member>>,
    make: Box<dyn Fn(usize) -> Job>,
    count: usize,
    next: usize,
    /// Jobs answered or failed: at `count`, the crew stops its workers.
    answered: usize,
    on_event: Callback<CrewEvent>,
    stopped: bool,
}

/// A running crew; dropping it does not stop it: [`Crew::stop`] does, and so does the last
/// answer.
#[derive(Clone)]
pub struct Crew(Rc<RefCell<Inner>>);

impl PartialEq for Crew {
    fn eq(&self, other: &Crew) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Crew {
    /// Starts `size` workers (at least one) of `group`'s solver binary on jobs `0..count`,
    /// job `i` being `make(i)`; `on_event` hears each answer.
    pub fn start(
        group: &str,
        size: usize,
        count: usize,
        make: impl Fn(usize) -> Job + 'static,
        on_event: Callback<CrewEvent>,
    ) -> Crew {
        let inner = Rc::new(RefCell::new(Inner {
            group: group.to_owned(),
            members: Vec::new(),
            make: Box::new(make),
            count,
            next: 0,
            answered: 0,
            on_event,
            stopped: false,
        }));
        let size = size.clamp(1, count.max(1));
        for slot in 0..size {
            inner.borrow_mut().members.push(None);
            spawn(&inner, slot);
        }
        Crew(inner)
    }

    /// Terminates every worker now; nothing more is reported.
    pub fn stop(&self) {
        let members: Vec<Member> = {
            let mut inner = self.0.borrow_mut();
            inner.stopped = true;
            inner.members.iter_mut().filter_map(Option::take).collect()
        };
        bury(members);
    }
}

/// Terminates `members` and drops their closures a moment later: one of them may be the
/// closure running now.
fn bury(members: Vec<Member>) {
    for m in &members {
        m.worker.terminate();
    }
    gloo::timers::callback::Timeout::new(0, move || drop(members)).forget();
}

/// Starts the worker of `slot`; where it cannot start, the crew stops with the reason.
fn spawn(inner: &Rc<RefCell<Inner>>, slot: usize) {
    if inner.borrow().stopped {
        // An earlier worker could not start: the crew has already stopped with the reason.
        return;
    }
    let weak = Rc::downgrade(inner);
    let on_message = {
        let weak = weak.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            heard(&weak, slot, &e.data());
        })
    };
    let on_error = Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
        e.prevent_default();
        died(
            &weak,
            slot,
            &format!("the solver stopped ({})", e.message()),
        );
    });
    let group = inner.borrow().group.clone();
    match start_worker(&group, &on_message, &on_error) {
        Ok(worker) => {
            inner.borrow_mut().members[slot] = Some(Member {
                worker,
                ready: false,
                current: None,
                _on_message: on_message,
                _on_error: on_error,
            });
        }
        Err(reason) => broken(inner, &no_worker(&reason)),
    }
}

/// The crew cannot run here: every worker stops, and the page hears why.
fn broken(inner: &Rc<RefCell<Inner>>, message: &str) {
    let (members, cb) = {
        let mut i = inner.borrow_mut();
        if i.stopped {
            return;
        }
        i.stopped = true;
        let members: Vec<Member> = i.members.iter_mut().filter_map(Option::take).collect();
        (members, i.on_event.clone())
    };
    bury(members);
    cb.emit(CrewEvent::Broken(message.to_owned()));
}

/// A message from the worker of `slot`: ready, or its job's answer; either way it takes the
/// next job.
fn heard(weak: &Weak<RefCell<Inner>>, slot: usize, data: &JsValue) {
    let Some(inner) = weak.upgrade() else { return };
    let answer = match get(data, "kind").as_string().unwrap_or_default().as_str() {
        "progress" => return,
        "panic" => {
            let message = get(data, "message").as_string().unwrap_or_default();
            let message = format!("the solver stopped because of a bug: {message}");
            return died(weak, slot, &message);
        }
        "ready" => None,
        "done" => Some(Ok(js_sys::Uint8Array::new(&get(data, "payload")).to_vec())),
        _ => Some(Err(get(data, "message").as_string().unwrap_or_else(|| {
            "the solver sent an unreadable answer".to_owned()
        }))),
    };
    let (index, cb) = {
        let mut i = inner.borrow_mut();
        let member = i.members.get_mut(slot).and_then(Option::as_mut);
        let index = member.and_then(|m| {
            m.ready = true;
            m.current.take()
        });
        (index, i.on_event.clone())
    };
    // Outside the borrow: the page re-renders, and may stop the crew.
    if let (Some(index), Some(answer)) = (index, answer) {
        cb.emit(match answer {
            Ok(bytes) => CrewEvent::Done(index, bytes),
            Err(message) => CrewEvent::Failed(index, message),
        });
        answered(&inner);
    }
    feed(&inner, slot);
}

/// One more job has its answer; after the last, every worker stops (they hold memory).
fn answered(inner: &Rc<RefCell<Inner>>) {
    let members: Vec<Member> = {
        let mut i = inner.borrow_mut();
        i.answered += 1;
        if i.answered < i.count {
            return;
        }
        i.stopped = true;
        i.members.iter_mut().filter_map(Option::take).collect()
    };
    bury(members);
}

/// The worker of `slot` died mid-job: its job is reported failed and a fresh worker takes its
/// place (one that died before it was ready cannot start here: the crew stops).
fn died(weak: &Weak<RefCell<Inner>>, slot: usize, message: &str) {
    let Some(inner) = weak.upgrade() else { return };
    let old = inner
        .borrow_mut()
        .members
        .get_mut(slot)
        .and_then(Option::take);
    let Some(old) = old else { return };
    let (ready, current) = (old.ready, old.current);
    bury(vec![old]);
    if !ready {
        broken(&inner, &no_worker(message));
        return;
    }
    let cb = inner.borrow().on_event.clone();
    if let Some(index) = current {
        cb.emit(CrewEvent::Failed(index, message.to_owned()));
        answered(&inner);
    }
    if !inner.borrow().stopped {
        spawn(&inner, slot);
    }
}

/// Gives the worker of `slot` the next job, when it is ready and idle and one is left.
fn feed(inner: &Rc<RefCell<Inner>>, slot: usize) {
    let mut i = inner.borrow_mut();
    if i.stopped || i.next >= i.count {
        return;
    }
    let index = i.next;
    let message = job_message(0, &(i.make)(index));
    let Some(Some(m)) = i.members.get_mut(slot) else {
        return;
    };
    if !m.ready || m.current.is_some() {
        return;
    }
    if m.worker.post_message(&message).is_ok() {
        m.current = Some(index);
        i.next += 1;
    }
}
