//! The run a page shows, obtained off the page's thread: the job goes to the solver worker when
//! the instance or the algorithm changes, progress comes back while it works, Cancel stops it.
//! Renders only read the state this hook holds; nothing here solves inside a render.

use std::rc::Rc;

use yew::prelude::*;

use crate::ui::pages::erased::{AnyInput, Done};
use crate::ui::worker::{self, Event, Job};

/// Where the page's run stands.
pub enum Solving {
    /// The worker is on it: steps recorded so far and milliseconds since the start.
    Working {
        /// Steps recorded.
        steps: u32,
        /// Milliseconds since the start.
        ms: f64,
    },
    /// The run, with its extras and result document.
    Done(Rc<Done>),
    /// The solver refused (or stopped), in a sentence.
    Failed(String),
    /// The user stopped it.
    Cancelled,
}

/// The state of the run for one (instance, algorithm): the instance it belongs to, so a render
/// never pairs a run with another instance or algorithm than its own.
#[derive(Clone)]
struct Keyed {
    input: Rc<Result<AnyInput, String>>,
    algo: String,
    state: Rc<Solving>,
}

/// What [`use_solving`] gives the page.
pub struct Solve {
    /// The state for the instance and algorithm shown now.
    pub state: Rc<Solving>,
    /// Stops the job under way.
    pub cancel: Callback<()>,
    /// Starts the job again (after a cancel).
    pub retry: Callback<()>,
}

/// Runs `algo` on the instance of `input` (a memo of the page), in the worker.
#[hook]
pub fn use_solving(input: Rc<Result<AnyInput, String>>, algo: String) -> Solve {
    let keyed = use_state(|| None::<Keyed>);
    let attempt = use_state(|| 0_u32);
    let ticket = use_mut_ref(|| None::<worker::Ticket>);
    {
        let (keyed, ticket) = (keyed.clone(), ticket.clone());
        use_effect_with(
            (input.clone(), algo.clone(), *attempt),
            move |(input, algo, _)| {
                let set = {
                    let (keyed, input, algo) = (keyed.clone(), input.clone(), algo.clone());
                    move |state: Solving| {
                        keyed.set(Some(Keyed {
                            input: input.clone(),
                            algo: algo.clone(),
                            state: Rc::new(state),
                        }));
                    }
                };
                if let Ok(inst) = &**input {
                    set(Solving::Working { steps: 0, ms: 0.0 });
                    let job = Job::Run {
                        problem: inst.instance.problem().to_owned(),
                        algorithm: algo.clone(),
                        instance: inst.instance.to_json(),
                    };
                    let kind = inst.kind();
                    let on_event = Callback::from(move |e: Event| match e {
                        Event::Progress { steps, ms } => set(Solving::Working { steps, ms }),
                        Event::Done(bytes) => set(match kind.decode(&bytes) {
                            Ok(done) => Solving::Done(Rc::new(done)),
                            Err(message) => Solving::Failed(message),
                        }),
                        Event::Failed(m) => set(Solving::Failed(m)),
                    });
                    *ticket.borrow_mut() = Some(worker::submit(&job, on_event));
                }
                move || {
                    if let Some(t) = ticket.borrow_mut().take() {
                        worker::cancel(t);
                    }
                }
            },
        );
    }
    let state = match &*keyed {
        // By value: the instance memo is rebuilt when the address bar trades `preset=` for the
        // same instance's `i=` (the effect, keyed by value, rightly does not run again).
        Some(k) if k.algo == algo && (Rc::ptr_eq(&k.input, &input) || *k.input == *input) => {
            k.state.clone()
        }
        _ => Rc::new(Solving::Working { steps: 0, ms: 0.0 }),
    };
    let cancel = {
        let (keyed, ticket, input, algo) = (keyed.clone(), ticket.clone(), input.clone(), algo);
        Callback::from(move |()| {
            if let Some(t) = ticket.borrow_mut().take() {
                worker::cancel(t);
            }
            keyed.set(Some(Keyed {
                input: input.clone(),
                algo: algo.clone(),
                state: Rc::new(Solving::Cancelled),
            }));
        })
    };
    let retry = Callback::from(move |()| attempt.set(attempt.wrapping_add(1)));
    Solve {
        state,
        cancel,
        retry,
    }
}
