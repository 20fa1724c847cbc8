//! The instance fields of the scatter page: the number of items and four lists, one value per
//! processor in sending order with the root last (`α` compute time per item, `β` transfer time
//! per item, and the latencies `λ` and `μ`, empty for none). They are read through the core's
//! instance parser so that the messages are those of a JSON file, each tied to its field and
//! processor; a bad entry never replaces the instance shown.

use hetlab_core::families::Instance;
use hetlab_core::issue::Issues;
use hetlab_core::rational::frac;
use hetlab_core::scatter::{Scatter, ScatterProcessor};
use num_traits::Zero;
use serde_json::Value;

use crate::typed::token;

/// The fields, as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// Items `n`.
    pub n: String,
    /// `α_i`: compute time per item.
    pub alpha: String,
    /// `β_i`: transfer time per item (the root's may be left out).
    pub beta: String,
    /// `λ_i`: transfer latencies (empty: none).
    pub lambda: String,
    /// `μ_i`: compute latencies (empty: none).
    pub mu: String,
}

/// Field indices of [`Problems`].
pub const N: usize = 0;
/// `α`.
pub const ALPHA: usize = 1;
/// `β`.
pub const BETA: usize = 2;
/// `λ`.
pub const LAMBDA: usize = 3;
/// `μ`.
pub const MU: usize = 4;
/// Anything else.
pub const REST: usize = 5;

/// Messages per field, indexed by [`N`] … [`REST`].
pub type Problems = [Option<String>; 6];

impl Entry {
    /// The fields of an instance (latency fields empty when all latencies are 0).
    #[must_use]
    pub fn of(s: &Scatter) -> Entry {
        let list = |f: &dyn Fn(&ScatterProcessor) -> String| {
            s.processors.iter().map(f).collect::<Vec<_>>().join(", ")
        };
        let zero = |f: &dyn Fn(&ScatterProcessor) -> bool| s.processors.iter().all(f);
        Entry {
            n: s.n.to_string(),
            alpha: list(&|p| frac(&p.comp.per_item)),
            beta: list(&|p| frac(&p.comm.per_item)),
            lambda: if zero(&|p| p.comm.lat.is_zero()) {
                String::new()
            } else {
                list(&|p| frac(&p.comm.lat))
            },
            mu: if zero(&|p| p.comp.lat.is_zero()) {
                String::new()
            } else {
                list(&|p| frac(&p.comp.lat))
            },
        }
    }
}

/// A typed list: numbers stay numbers, anything else becomes a string for the core to explain.
fn tokens(text: &str) -> Vec<Value> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(token)
        .collect()
}

/// A list of `p` values: empty means all 0; `short_ok` accepts `p − 1` values (the root's
/// transfer time, which is ignored).
fn column(text: &str, p: usize, short_ok: bool, what: &str) -> Result<Vec<Value>, String> {
    let mut v = tokens(text);
    if v.is_empty() {
        return Ok(vec![Value::from(0); p]);
    }
    if short_ok && v.len() + 1 == p {
        v.push(Value::from(0));
    }
    if v.len() == p {
        Ok(v)
    } else {
        Err(format!(
            "{} values for {p} processors: give one {what} per processor, the root last",
            v.len()
        ))
    }
}

/// The number of processors the fields mean: the count most of them agree on (an empty latency
/// agrees with any, `β` may leave out the root's), α's on a tie; a field that disagrees is the
/// one told.
fn processors(e: &Entry) -> usize {
    let count = |t: &str| tokens(t).len();
    let (alpha, beta, lambda, mu) = (
        count(&e.alpha),
        count(&e.beta),
        count(&e.lambda),
        count(&e.mu),
    );
    let agree = |c: usize| {
        usize::from(alpha == c)
            + usize::from(beta == 0 || beta == c || beta + 1 == c)
            + usize::from(lambda == 0 || lambda == c)
            + usize::from(mu == 0 || mu == c)
    };
    [alpha, beta, beta + 1, lambda, mu]
        .into_iter()
        .filter(|&c| c > 0)
        .fold(
            alpha,
            |best, c| if agree(c) > agree(best) { c } else { best },
        )
}

/// Reads an entry through the core's parser; `keep`'s `root_transfer` stays when the number
/// of processors does not change.
///
/// # Errors
/// Every problem, by field.
pub fn read(e: &Entry, keep: &Scatter) -> Result<Scatter, Box<Problems>> {
    let alpha = tokens(&e.alpha);
    let p = processors(e);
    let mut problems: Problems = Default::default();
    if alpha.len() != p {
        problems[ALPHA] = Some(format!(
            "{} values for {p} processors (the other fields give {p}): give one compute time per processor, the root last",
            alpha.len()
        ));
    }
    let mut col =
        |k: usize, text: &str, short_ok: bool, what: &str| match column(text, p, short_ok, what) {
            Ok(v) => v,
            Err(m) => {
                problems[k] = Some(m);
                Vec::new()
            }
        };
    let beta = col(BETA, &e.beta, true, "transfer time");
    let lambda = col(LAMBDA, &e.lambda, false, "latency");
    let mu = col(MU, &e.mu, false, "latency");
    let n = token(&e.n);
    if problems.iter().any(Option::is_some) {
        return Err(Box::new(problems));
    }
    let processors: Vec<Value> = (0..p)
        .map(|i| {
            serde_json::json!({
                "comm": {"lat": lambda[i], "per_item": beta[i]},
                "comp": {"lat": mu[i], "per_item": alpha[i]},
            })
        })
        .collect();
    let mut json = serde_json::json!({
        "problem": "scatter", "version": 1, "n": n, "processors": processors,
    });
    if keep.processors.len() == p {
        if let Ok(old) = serde_json::from_str::<Value>(&Instance::Scatter(keep.clone()).to_json()) {
            if let Some(rt) = old.get("root_transfer") {
                json["root_transfer"] = rt.clone();
            }
        }
    }
    match Instance::from_json(&json.to_string()) {
        Ok(Instance::Scatter(s)) => Ok(s),
        Ok(_) => {
            problems[REST] = Some("not a scatter instance".into());
            Err(Box::new(problems))
        }
        Err(issues) => Err(Box::new(by_field(&issues))),
    }
}

/// `processors[3].comm.lat` → `(3, "comm.lat")`.
fn processor_path(path: &str) -> Option<(usize, &str)> {
    let rest = path.strip_prefix("processors[")?;
    let (i, tail) = rest.split_once(']')?;
    Some((i.parse().ok()?, tail.trim_start_matches('.')))
}

fn by_field(issues: &Issues) -> Problems {
    let mut out: Problems = Default::default();
    for issue in &issues.0 {
        let (k, text) = match processor_path(&issue.path) {
            Some((i, tail)) => {
                let k = match tail {
                    "comp.per_item" => ALPHA,
                    "comm.per_item" => BETA,
                    "comm.lat" => LAMBDA,
                    "comp.lat" => MU,
                    _ => REST,
                };
                (k, format!("P{}: {}", i + 1, issue.message))
            }
            None if issue.path == "n" => (N, issue.message.clone()),
            None if issue.path == "processors" => (ALPHA, issue.message.clone()),
            None => (REST, issue.to_string()),
        };
        let slot = &mut out[k];
        *slot = Some(match slot.take() {
            Some(prev) => format!("{prev}; {text}"),
            None => text,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sc1() -> Scatter {
        match hetlab_core::presets::get("scatter-sc1") {
            Some(Instance::Scatter(s)) => s,
            _ => panic!("preset"),
        }
    }

    #[test]
    fn an_instance_round_trips_through_its_fields() {
        let s = sc1();
        let e = Entry::of(&s);
        assert_eq!(e.alpha, "3, 2, 4");
        assert_eq!(e.beta, "1, 2, 0");
        assert_eq!(e.lambda, "1, 0, 0");
        assert_eq!(e.mu, "0, 1, 0");
        assert_eq!(read(&e, &s).unwrap(), s);
    }

    #[test]
    fn latencies_may_be_left_empty_and_the_root_beta_out() {
        let e = Entry {
            n: "120".into(),
            alpha: "2 3 2".into(),
            beta: "1/2, 0.5".into(),
            ..Entry::default()
        };
        let s = read(&e, &sc1()).unwrap();
        assert_eq!(s.n, 120);
        assert_eq!(s.processors.len(), 3);
        assert_eq!(Entry::of(&s).beta, "1/2, 1/2, 0");
        assert_eq!(Entry::of(&s).lambda, "");
    }

    #[test]
    fn each_problem_is_told_at_its_field() {
        let e = Entry {
            n: "-3".into(),
            alpha: "2, x, 1".into(),
            beta: "1, -2, 0".into(),
            lambda: "1".into(),
            mu: String::new(),
        };
        let p = read(&e, &sc1()).unwrap_err();
        assert!(p[LAMBDA].as_deref().unwrap().contains("1 values for 3"));
        // The field that disagrees with the others is told, not the others.
        let mut short = Entry::of(&sc1());
        short.alpha = "3, 2".into();
        let p = read(&short, &sc1()).unwrap_err();
        assert!(
            p[ALPHA]
                .as_deref()
                .unwrap()
                .starts_with("2 values for 3 processors"),
            "{p:?}"
        );
        assert!(
            p[BETA].is_none() && p[LAMBDA].is_none() && p[MU].is_none(),
            "{p:?}"
        );
        let e = Entry {
            lambda: String::new(),
            ..e
        };
        let p = read(&e, &sc1()).unwrap_err();
        assert!(p[N].is_some(), "{p:?}");
        assert!(p[ALPHA].as_deref().unwrap().starts_with("P2: "), "{p:?}");
        assert!(p[BETA].as_deref().unwrap().starts_with("P2: "), "{p:?}");
        assert!(p[REST].is_none(), "{p:?}");
    }

    #[test]
    fn root_transfer_stays_while_the_processors_do() {
        let Some(Instance::Scatter(sc4)) = hetlab_core::presets::get("scatter-sc4") else {
            panic!("preset")
        };
        let mut e = Entry::of(&sc4);
        assert_eq!(read(&e, &sc4).unwrap(), sc4);
        e.alpha = "1 2".into();
        e.beta = "1".into();
        assert!(read(&e, &sc4).unwrap().root_transfer.is_none());
    }
}
