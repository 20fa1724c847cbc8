//! The one registry of problem families. Each line of `families!` below names a family's
//! [`Family`] type (in its own folder, `crate::<family>::family`); from that list come the
//! [`Instance`] enum, reading and writing instance documents, `with_family!` (a match over the
//! instance that names the family's type) and `with_problem!` (the same by problem name),
//! [`PROBLEMS`], and every function here that takes an `Instance`. The catalog, the command
//! line's `list` and `gen`, the timeline registry, the bench rows and the site's lists are
//! checked against [`PROBLEMS`] (tests below and in the web crate).
//!
//! # Adding a family
//! 1. `crates/core/src/<family>/`: its instance type and reader (`instance.rs`), generator,
//!    solvers, `Step`/`State`, `verify`, `report`, `extras.rs` (what its page shows beside the
//!    figure), `bench.rs`, `timeline.rs` if it draws a Gantt chart, `family.rs` with
//!    `impl Family for <Unit>`, `solver.rs` with `impl Solver for <Unit>` and `practice.rs`
//!    with `impl Practice for <Unit>` (its questions), both behind the `solve` feature (the
//!    compiler asks for what is required: the practice registry names every family); its presets in
//!    `presets/`, its algorithms in `catalog.rs`, and a share dictionary version that primes it
//!    (`share::VERSIONS`; a test fails until there is one).
//! 2. One line in `families!` below.
//! 3. The site: one line in its group (`src/bundles.rs` and `ui::pages::group!`).

use serde_json::Value;

use crate::family::{self, Family};
use crate::generate::Shape;
use crate::instance;
use crate::issue::Issues;
use crate::platform::raw::parse_json;
use crate::platform::Platform;

/// What the registry adds to a [`Family`]: where its input sits in [`Instance`]. Implemented by
/// `families!` for every registered family, never by hand.
pub trait Registered: Family {
    /// The family's instance inside `inst`, when it holds one.
    fn input(inst: &Instance) -> Option<&Self::Input>;

    /// The instance holding `input`.
    fn wrap(input: Self::Input) -> Instance;
}

/// The registry: `Variant => module::family::Unit`, in the order of the home page. `$d` is a
/// `$` token, so that the macros this one writes can have metavariables of their own.
macro_rules! families {
    ($d:tt $($variant:ident => $($seg:ident)::+),+ $(,)?) => {
        /// An instance of any registered family.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Instance {
            $(
                #[doc = concat!("An instance of [`crate::", stringify!($($seg)::+), "`].")]
                $variant(<crate::$($seg)::+ as Family>::Input),
            )+
        }

        $(
            impl Registered for crate::$($seg)::+ {
                fn input(inst: &Instance) -> Option<&Self::Input> {
                    match inst {
                        Instance::$variant(x) => Some(x),
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }

                fn wrap(input: Self::Input) -> Instance {
                    Instance::$variant(input)
                }
            }
        )+

        /// The `"problem"` names of the registered families, in registry order.
        pub const PROBLEMS: &[&str] = &[$(<crate::$($seg)::+ as Family>::PROBLEM),+];

        /// Calls `$body` with `$f` bound to the [`Family`] type of `$inst` (an `&Instance`)
        /// and `$input` to its input.
        #[macro_export]
        macro_rules! with_family {
            ($d inst:expr, |$d f:ident, $d input:ident| $d body:expr) => {{
                match $d inst {
                    $(
                        $d crate::families::Instance::$variant($d input) => {
                            type $d f = $d crate::$($seg)::+;
                            $d body
                        }
                    )+
                }
            }};
        }

        /// `Some($body)` with `$f` bound to the [`Family`] type whose `PROBLEM` is `$problem`
        /// (a `&str`), `None` when no registered family has that name.
        #[macro_export]
        macro_rules! with_problem {
            ($d problem:expr, |$d f:ident| $d body:expr) => {{
                let problem: &str = $d problem;
                let mut out = None;
                $(
                    if out.is_none()
                        && problem == <$d crate::$($seg)::+ as $d crate::family::Family>::PROBLEM
                    {
                        type $d f = $d crate::$($seg)::+;
                        out = Some($d body);
                    }
                )+
                out
            }};
        }
    };
}

families! {$
    SteadyState => steady_state::family::SteadyStateFamily,
    Broadcast => broadcast::family::BroadcastFamily,
    SquarePartition => square::family::SquareFamily,
    Lu => lu::family::LuFamily,
    Chains => chains::family::ChainsFamily,
    Ring => ring::family::RingFamily,
    Scatter => scatter::family::ScatterFamily,
    MasterSlave => master_slave::family::MasterSlaveFamily,
    Divisible => divisible::family::DivisibleFamily,
}

// After the registry: the tests use its macros, which are in scope from their definition on.
#[cfg(feature = "solve")]
mod solve;
#[cfg(test)]
mod tests;

#[cfg(feature = "solve")]
pub use solve::{check_invariants, schedule, solve, solve_within};

/// Reads family `F`'s instance document (the envelope already checked).
fn read<F: Registered>(text: &str) -> Result<Instance, Issues> {
    let raw: F::Raw = parse_json(text, "")?;
    F::validate(raw).map(F::wrap)
}

impl Instance {
    /// Reads an instance; every problem is listed with its path.
    ///
    /// # Errors
    /// [`Issues`] naming each invalid field, an unknown problem, or a family not built yet.
    pub fn from_json(text: &str) -> Result<Instance, Issues> {
        let problem = instance::envelope(text)?;
        with_problem!(problem.as_str(), |F| read::<F>(text))
            .unwrap_or_else(|| Err(instance::unknown_problem(&problem)))
    }

    /// Compact JSON, the form used inside share URLs.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_value()).unwrap_or_default()
    }

    /// Indented JSON for files.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }

    /// The instance document (formats.md section 3).
    #[must_use]
    pub fn to_value(&self) -> Value {
        with_family!(self, |F, input| F::to_value(input))
    }

    /// The family name (`"steady-state"`, `"square-partition"`, ...).
    #[must_use]
    pub fn problem(&self) -> &'static str {
        with_family!(self, |F, _input| F::PROBLEM)
    }

    /// The platform, for graph-based families.
    #[must_use]
    pub fn platform(&self) -> Option<&Platform> {
        with_family!(self, |F, input| F::platform(input))
    }
}

/// A seeded random instance of `problem` (`hetlab gen`), as its [`Family::generate`] says;
/// `None` when no registered family has that name.
#[must_use]
pub fn generate(problem: &str, shape: Shape, size: usize, seed: u64) -> Option<Instance> {
    with_problem!(problem, |F| F::wrap(F::generate(shape, size, seed)))
}

/// What `problem`'s page says about it ([`Family::ABOUT`]); `None` when no registered family
/// has that name.
#[must_use]
pub fn about(problem: &str) -> Option<&'static crate::family::About> {
    with_problem!(problem, |F| F::ABOUT)
}

/// Whether `inst`'s family draws its results as a Gantt chart ([`Family::GANTT`]).
#[must_use]
pub fn draws_gantt(inst: &Instance) -> bool {
    with_family!(inst, |F, _input| F::GANTT)
}

/// The algorithms offered for `inst`, the default first.
#[must_use]
pub fn offered(inst: &Instance) -> Vec<&'static str> {
    with_family!(inst, |F, input| F::offered(input))
}

/// The default algorithm for `inst`.
#[must_use]
pub fn default_algorithm(inst: &Instance) -> &'static str {
    offered(inst).first().copied().unwrap_or("")
}

/// Why the default algorithm (or `algorithm`) would refuse `inst` under the default size
/// limits, as [`Family::over_limits`] says without running it; `None` when it would not (or
/// the algorithm is not offered, which `solve` reports itself).
#[must_use]
pub fn over_limits(inst: &Instance, algorithm: Option<&str>) -> Option<String> {
    with_family!(inst, |F, input| family::over_limits_of::<F>(
        input, algorithm
    ))
}
