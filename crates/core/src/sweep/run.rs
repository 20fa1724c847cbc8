//! Running one instance of a sweep: generate it, run every algorithm, measure.

use num_traits::Zero;
use serde_json::Value;

use super::{csv, Point, Reference, Sweep};
use crate::families::{self, Instance};
use crate::family::{run_offered_within, Limits, SolveError, Solver};
use crate::rational::{from_json_number, parse_q, to_f64, Q};

/// How one algorithm did on one instance.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// It gave a result.
    Ok {
        /// The result's `status` (`optimal`, `heuristic`, `infeasible`, `unbounded`).
        status: String,
        /// The objective's name.
        objective: String,
        /// The objective's display value, as the result document writes it.
        value: String,
        /// Its exact value, when the document gives one.
        exact: Option<Q>,
        /// The trace's length, when the sweep measures steps.
        steps: Option<usize>,
        /// The document's own bound, when the sweep's reference is one.
        bound: Option<Q>,
    },
    /// The solver declined without a result: a size limit, or an algorithm this instance does
    /// not offer.
    Refused(String),
    /// The solver failed.
    Error(String),
}

/// One row of a sweep: an instance and one algorithm.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The instance.
    pub point: Point,
    /// The algorithm.
    pub algorithm: &'static str,
    /// How it did.
    pub outcome: Outcome,
    /// Its value divided by the reference algorithm's, when both gave a finite non-zero value.
    pub ratio: Option<f64>,
}

impl Sweep {
    /// The generated instance `k` (`hetlab gen` with its point's shape, size and seed).
    #[must_use]
    pub fn instance(&self, k: usize) -> Option<(Point, Instance)> {
        let p = self.point(k)?;
        let inst = families::generate(self.family, p.shape, p.size, p.seed)?;
        Some((p, inst))
    }

    /// The rows of instance `k`, one per algorithm in the spec's order; empty past the last
    /// instance. They depend on the spec and `k` only.
    #[must_use]
    pub fn run(&self, k: usize) -> Vec<Row> {
        with_problem!(self.family, |F| self.run_of::<F>(k)).unwrap_or_default()
    }

    /// [`Sweep::run`] for a sweep of family `F` (empty when the sweep is another family's),
    /// linking only `F`'s generator and solvers: a solver worker of the site holds only its
    /// group's families.
    #[must_use]
    pub fn run_of<F: Solver>(&self, k: usize) -> Vec<Row> {
        if self.family != F::PROBLEM {
            return Vec::new();
        }
        let Some(point) = self.point(k) else {
            return Vec::new();
        };
        let input = F::generate(point.shape, point.size, point.seed);
        let run = Run {
            traced: self.measures.steps,
            limits: self.limits,
            bound: match &self.reference {
                Some(Reference::Bound(field)) => Some(field.as_str()),
                _ => None,
            },
        };
        let outcomes: Vec<Outcome> = self
            .algorithms
            .iter()
            .map(|a| outcome::<F>(&input, a, &run))
            .collect();
        self.rows(point, outcomes)
    }

    /// The rows of `point` from its algorithms' outcomes (in the spec's order), with their
    /// ratios.
    fn rows(&self, point: Point, outcomes: Vec<Outcome>) -> Vec<Row> {
        let reference = match &self.reference {
            Some(Reference::Algorithm(r)) => self
                .algorithms
                .iter()
                .position(|a| a == r)
                .and_then(|i| outcomes.get(i).cloned()),
            _ => None,
        };
        self.algorithms
            .iter()
            .zip(outcomes)
            .map(|(algorithm, outcome)| Row {
                point,
                algorithm,
                ratio: match (&reference, &outcome) {
                    (Some(r), _) => ratio(&outcome, r),
                    (
                        None,
                        Outcome::Ok {
                            exact: Some(v),
                            bound: Some(b),
                            ..
                        },
                    ) if !b.is_zero() => Some(to_f64(&(v / b))).filter(|r| r.is_finite()),
                    _ => None,
                },
                outcome,
            })
            .collect()
    }

    /// The CSV lines of instance `k` ([`lines`] of [`Sweep::run`]).
    #[must_use]
    pub fn run_csv(&self, k: usize) -> String {
        lines(self, &self.run(k))
    }
}

/// `a`'s value over `b`'s, exactly when both are exact; `None` unless both are finite and
/// `b`'s is not zero.
fn ratio(a: &Outcome, b: &Outcome) -> Option<f64> {
    let (
        Outcome::Ok {
            value: va,
            exact: ea,
            ..
        },
        Outcome::Ok {
            value: vb,
            exact: eb,
            ..
        },
    ) = (a, b)
    else {
        return None;
    };
    let r = match (ea, eb) {
        (Some(x), Some(y)) if !y.is_zero() => to_f64(&(x / y)),
        _ => va.parse::<f64>().ok()? / vb.parse::<f64>().ok()?,
    };
    r.is_finite().then_some(r)
}

/// How every algorithm of a sweep runs.
struct Run<'a> {
    traced: bool,
    limits: Limits,
    /// The result field read as the bound, if any.
    bound: Option<&'a str>,
}

fn outcome<F: Solver>(input: &F::Input, algorithm: &str, how: &Run<'_>) -> Outcome {
    let traced = how.traced;
    match run_offered_within::<F>(input, Some(algorithm), traced, how.limits) {
        Ok((name, run)) => {
            let doc = F::result(input, name, &run, false);
            let text = |v: &Value| match v {
                Value::String(s) => s.clone(),
                Value::Null => String::new(),
                other => other.to_string(),
            };
            let objective = &doc["objective"];
            Outcome::Ok {
                status: text(&doc["status"]),
                objective: text(&objective["name"]),
                value: text(&objective["value"]),
                exact: exact_number(&objective["value_exact"]),
                steps: traced.then(|| F::steps(&run)),
                bound: how.bound.and_then(|f| exact_number(&doc[f])),
            }
        }
        Err(SolveError::Failed(m)) => Outcome::Error(m),
        Err(e) => Outcome::Refused(e.to_string()),
    }
}

/// A number of a result document: an exact fraction's text or a JSON number.
fn exact_number(v: &Value) -> Option<Q> {
    match v {
        Value::String(s) => parse_q(s).ok(),
        Value::Number(n) => from_json_number(n).ok(),
        _ => None,
    }
}

/// The lines of one instance's rows.
#[must_use]
pub fn lines(sweep: &Sweep, rows: &[Row]) -> String {
    let mut out = String::new();
    for row in rows {
        let mut f = vec![csv::key(sweep, &row.point, row.algorithm)];
        let (status, message) = match &row.outcome {
            Outcome::Ok { .. } => ("ok", ""),
            Outcome::Refused(m) => ("refused", m.as_str()),
            Outcome::Error(m) => ("error", m.as_str()),
        };
        f.push(status.to_owned());
        let ok = match &row.outcome {
            Outcome::Ok {
                status,
                objective,
                value,
                steps,
                ..
            } => Some((status, objective, value, steps)),
            _ => None,
        };
        f.push(ok.map(|o| o.0.clone()).unwrap_or_default());
        if sweep.measures.value {
            f.push(ok.map(|o| o.1.clone()).unwrap_or_default());
            f.push(ok.map(|o| o.2.clone()).unwrap_or_default());
        }
        if sweep.measures.ratio {
            f.push(row.ratio.map(|r| r.to_string()).unwrap_or_default());
        }
        if sweep.measures.steps {
            let steps = ok.and_then(|o| *o.3);
            f.push(steps.map(|s| s.to_string()).unwrap_or_default());
        }
        f.push(csv::quoted(message));
        out.push_str(&f.join(","));
        out.push('\n');
    }
    out
}
