//! The `ring` instance (ring.md §1, formats.md §3.1): cycle times `w`, the `p × p` link-cost
//! matrix `c` (diagonal ignored), the work per step `W` and the message size `H`, all read
//! exactly; every bad value is reported with its JSON path.

use num_traits::{Signed, Zero};
use serde::Deserialize;

use crate::issue::{Issue, Issues};
use crate::platform::raw::{read_q, RawNum, Rule};
use crate::rational::{parse_q, qi, Cost, MAX_NUMBER_TEXT, Q};

/// Most processors in a ring instance: the greedy makes `O(p³)` exact evaluations of `O(p)`
/// each and the TSP heuristic restarts from every processor, both well under a second at 32.
/// The exact methods have their own, smaller limits ([`crate::ring::MAX_EXACT`]).
pub const MAX_RING_PROCESSORS: usize = 32;

/// Largest magnitude of any number of a ring instance, as a power of ten: nonzero values must
/// lie in `[10^-12, 10^12]`. Within this range the `f64` screens of the exact searches
/// (ring/model.rs) can neither overflow nor underflow, so they never decide wrongly.
pub const MAGNITUDE_DIGITS: u32 = 12;

/// A `ring` instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ring {
    /// Cycle times `w_i > 0` (time per unit of work), `p` of them.
    pub w: Vec<Q>,
    /// Link costs `c[i][j] >= 0` (time per unit of data from `i` to `j`); the diagonal is 0.
    pub c: Vec<Vec<Q>>,
    /// Work per step `W > 0`.
    pub work: Q,
    /// Message size `H >= 0` exchanged with each ring neighbour.
    pub h: Q,
}

impl Ring {
    /// Number of processors.
    #[must_use]
    pub fn p(&self) -> usize {
        self.w.len()
    }

    /// Remarks that are not errors (ring.md §13): free links (`c_ij = 0`) and an asymmetric
    /// matrix.
    #[must_use]
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        let p = self.p();
        let zeros: Vec<String> = (0..p)
            .flat_map(|i| (0..p).map(move |j| (i, j)))
            .filter(|&(i, j)| i != j && self.c[i][j].is_zero())
            .map(|(i, j)| format!("c[{i}][{j}]"))
            .collect();
        if !zeros.is_empty() {
            notes.push(format!(
                "free links (cost 0): {}",
                zeros.into_iter().take(8).collect::<Vec<_>>().join(", ")
            ));
        }
        let asymmetric = (0..p).any(|i| (0..i).any(|j| self.c[i][j] != self.c[j][i]));
        if asymmetric {
            notes.push(
                "the link costs are asymmetric (the TSP distance d is still symmetric)".to_owned(),
            );
        }
        notes
    }

    pub(super) fn to_value(&self) -> serde_json::Value {
        let num = |v: &Q| {
            serde_json::to_value(RawNum::from_cost(&Cost::Finite(v.clone()))).unwrap_or_default()
        };
        serde_json::json!({
            "problem": "ring",
            "version": 1,
            "w": self.w.iter().map(num).collect::<Vec<_>>(),
            "c": self.c.iter().map(|r| r.iter().map(num).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "W": num(&self.work),
            "H": num(&self.h),
        })
    }
}

/// The document as read, before validation ([`crate::family::Family::Raw`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRing {
    #[allow(dead_code)] // Checked from the header; kept so that deny_unknown_fields accepts it.
    problem: String,
    #[allow(dead_code)]
    version: serde_json::Value,
    w: Option<Vec<RawNum>>,
    c: Option<Vec<Vec<RawNum>>>,
    #[serde(rename = "W")]
    work: Option<RawNum>,
    #[serde(rename = "H")]
    h: Option<RawNum>,
}

/// The bad text, cut to a short prefix.
fn shown(raw: &RawNum) -> String {
    match raw {
        RawNum::Num(n) => n.to_string(),
        RawNum::Text(t) => {
            let short: String = t.chars().take(24).collect();
            if short.len() < t.len() {
                format!("\"{short}…\"")
            } else {
                format!("{t:?}")
            }
        }
    }
}

/// Reads one number with `rule`, then checks the magnitude range.
fn read(raw: &RawNum, path: &str, rule: Rule, issues: &mut Vec<Issue>) -> Option<Q> {
    if let RawNum::Text(t) = raw {
        if t.chars().count() > MAX_NUMBER_TEXT {
            issues.push(Issue::new(
                path,
                format!(
                    "too long (at most {MAX_NUMBER_TEXT} characters), got {}",
                    shown(raw)
                ),
            ));
            return None;
        }
    }
    let v = read_q(raw, path, rule, issues)?;
    let big = num_traits::pow(qi(10), MAGNITUDE_DIGITS as usize);
    if !v.is_zero() && (v.abs() > big || v.abs() * &big < qi(1)) {
        issues.push(Issue::new(
            path,
            format!(
                "must be 0 or between 1e-{MAGNITUDE_DIGITS} and 1e{MAGNITUDE_DIGITS}, got {}",
                shown(raw)
            ),
        ));
        return None;
    }
    Some(v)
}

impl RawRing {
    pub(super) fn validate(self) -> Result<Ring, Issues> {
        let mut issues = Vec::new();
        let w = self.read_w(&mut issues);
        // The matrix is checked against the length of `w` even when some cycle times are bad,
        // so that every problem is listed at once.
        let p = self
            .w
            .as_ref()
            .map(Vec::len)
            .filter(|n| (1..=MAX_RING_PROCESSORS).contains(n));
        let c = self.read_c(p, &mut issues);
        let work = if let Some(v) = &self.work {
            read(v, "W", Rule::POSITIVE, &mut issues)
        } else {
            issues.push(Issue::new("W", "missing: the work per step, e.g. 100"));
            None
        };
        let h = if let Some(v) = &self.h {
            read(v, "H", Rule::NON_NEGATIVE, &mut issues)
        } else {
            issues.push(Issue::new("H", "missing: the message size, e.g. 1"));
            None
        };
        match (w, c, work, h) {
            (Some(w), Some(c), Some(work), Some(h)) if issues.is_empty() => {
                Ok(Ring { w, c, work, h })
            }
            _ => Err(Issues(issues)),
        }
    }

    fn read_w(&self, issues: &mut Vec<Issue>) -> Option<Vec<Q>> {
        let Some(raw) = &self.w else {
            issues.push(Issue::new(
                "w",
                "missing: the cycle times, one per processor",
            ));
            return None;
        };
        if raw.is_empty() {
            issues.push(Issue::new("w", "at least one processor is required"));
            return None;
        }
        if raw.len() > MAX_RING_PROCESSORS {
            issues.push(Issue::new(
                "w",
                format!(
                    "{} processors; at most {MAX_RING_PROCESSORS} are supported",
                    raw.len()
                ),
            ));
            return None;
        }
        let before = issues.len();
        let w: Vec<Q> = raw
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let path = format!("w[{i}]");
                let q = read(v, &path, Rule::NON_NEGATIVE, issues)?;
                if q.is_zero() {
                    issues.push(Issue::new(
                        path,
                        format!("cycle time must be positive, got {}", shown(v)),
                    ));
                    return None;
                }
                Some(q)
            })
            .collect();
        (issues.len() == before).then_some(w)
    }

    fn read_c(&self, p: Option<usize>, issues: &mut Vec<Issue>) -> Option<Vec<Vec<Q>>> {
        let Some(raw) = &self.c else {
            issues.push(Issue::new("c", "missing: the p × p matrix of link costs"));
            return None;
        };
        let p = p?;
        if raw.len() != p {
            issues.push(Issue::new(
                "c",
                format!(
                    "must have {p} rows (one per processor in w), got {}",
                    raw.len()
                ),
            ));
            return None;
        }
        let before = issues.len();
        let mut c = vec![vec![Q::zero(); p]; p];
        for (i, row) in raw.iter().enumerate() {
            if row.len() != p {
                issues.push(Issue::new(
                    format!("c[{i}]"),
                    format!("must have {p} entries, got {}", row.len()),
                ));
                continue;
            }
            for (j, v) in row.iter().enumerate() {
                let path = format!("c[{i}][{j}]");
                if i == j {
                    // The diagonal is ignored, but it must still be a number.
                    if let RawNum::Text(t) = v {
                        if t.chars().count() > MAX_NUMBER_TEXT || parse_q(t).is_err() {
                            issues.push(Issue::new(
                                path,
                                format!("must be a number (it is ignored), got {}", shown(v)),
                            ));
                        }
                    }
                    continue;
                }
                if let Some(q) = read(v, &path, Rule::NON_NEGATIVE, issues) {
                    c[i][j] = q;
                }
            }
        }
        (issues.len() == before).then_some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Instance;
    use crate::rational::q;

    fn read_text(text: &str) -> Result<Instance, String> {
        Instance::from_json(text).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_the_formats_example_and_round_trips() {
        let text = r#"{"problem": "ring", "version": 1, "w": ["3/2", "1/5"],
            "c": [["0", "7/10"], ["7/10", "0"]], "W": 640, "H": 1}"#;
        let Ok(Instance::Ring(r)) = read_text(text) else {
            panic!("should read")
        };
        assert_eq!(r.w, [q(3, 2), q(1, 5)]);
        assert_eq!(r.c[0][1], q(7, 10));
        assert_eq!((r.work.clone(), r.h.clone()), (qi(640), qi(1)));
        let inst = Instance::Ring(r);
        assert_eq!(read_text(&inst.to_json()), Ok(inst.clone()));
        assert_eq!(read_text(&inst.to_json_pretty()), Ok(inst));
        // Decimals read exactly; the diagonal is ignored (written back as 0).
        let text = r#"{"problem":"ring","version":1,"w":[0.1,"0.25"],"c":[[-5,0.3],[0,"x/y"]],"W":"1/3","H":0}"#;
        let e = read_text(text).unwrap_err();
        assert!(e.contains("c[1][1]: must be a number"), "{e}");
        let text = r#"{"problem":"ring","version":1,"w":[0.1,"0.25"],"c":[[-5,0.3],[0,7]],"W":"1/3","H":0}"#;
        let Ok(Instance::Ring(r)) = read_text(text) else {
            panic!("should read")
        };
        assert_eq!((r.w[0].clone(), r.c[0][0].clone()), (q(1, 10), qi(0)));
        assert_eq!(r.notes().len(), 2, "{:?}", r.notes());
    }

    #[test]
    fn every_bad_field_is_named_with_its_value() {
        let cases = [
            (r#""w":[],"c":[],"W":1,"H":1"#, "w: at least one processor"),
            (
                r#""w":[1,0],"c":[[0,1],[1,0]],"W":1,"H":1"#,
                "w[1]: cycle time must be positive, got 0",
            ),
            (
                r#""w":[1,-2],"c":[[0,1],[1,0]],"W":1,"H":1"#,
                "w[1]: must be >= 0, got -2",
            ),
            (
                r#""w":[1,"nan"],"c":[[0,1],[1,0]],"W":1,"H":1"#,
                "w[1]: not a number",
            ),
            (
                r#""w":[1,1],"c":[[0,-1],[1,0]],"W":1,"H":1"#,
                "c[0][1]: must be >= 0, got -1",
            ),
            (
                r#""w":[1,1],"c":[[0,1],[1]],"W":1,"H":1"#,
                "c[1]: must have 2 entries, got 1",
            ),
            (
                r#""w":[1,1],"c":[[0,1]],"W":1,"H":1"#,
                "c: must have 2 rows",
            ),
            (
                r#""w":[1,1],"c":[[0,1],[1,0]],"W":0,"H":1"#,
                "W: must be > 0, got 0",
            ),
            (
                r#""w":[1,1],"c":[[0,1],[1,0]],"W":1,"H":-1"#,
                "H: must be >= 0, got -1",
            ),
            (r#""w":[1,1],"c":[[0,1],[1,0]],"H":1"#, "W: missing"),
            (r#""w":[1,1],"c":[[0,1],[1,0]],"W":1"#, "H: missing"),
            (r#""c":[[0,1],[1,0]],"W":1,"H":1"#, "w: missing"),
            (r#""w":[1,1],"W":1,"H":1"#, "c: missing"),
            (
                r#""w":[1,1],"c":[[0,1],[1,0]],"W":1,"H":1,"name":"x""#,
                "unknown field \"name\"",
            ),
            (
                r#""w":[1,"1e3"],"c":[[0,1],[1,0]],"W":1,"H":1"#,
                "w[1]: not a number",
            ),
            (
                r#""w":[1,"10000000000000"],"c":[[0,1],[1,0]],"W":1,"H":1"#,
                "w[1]: must be 0 or between 1e-12 and 1e12, got \"10000000000000\"",
            ),
            (
                r#""w":[1,1],"c":[[0,"1/10000000000000"],[1,0]],"W":1,"H":1"#,
                "c[0][1]: must be 0 or between",
            ),
        ];
        for (body, want) in cases {
            let text = format!(r#"{{"problem":"ring","version":1,{body}}}"#);
            let e = read_text(&text).unwrap_err();
            assert!(e.contains(want), "want {want:?} in {e:?} for {text}");
        }
        // Every problem is listed, not only the first.
        let text = r#"{"problem":"ring","version":1,"w":[0,1],"c":[[0,-1],[-2,0]],"W":-1,"H":"a"}"#;
        let e = read_text(text).unwrap_err();
        for want in ["w[0]", "c[0][1]", "c[1][0]", "W: ", "H: "] {
            assert!(e.contains(want), "want {want:?} in {e}");
        }
        // Too many processors, and a pasted long number shown only as a prefix.
        let many = vec!["1"; MAX_RING_PROCESSORS + 1].join(",");
        let text = format!(r#"{{"problem":"ring","version":1,"w":[{many}],"c":[],"W":1,"H":1}}"#);
        assert!(read_text(&text).unwrap_err().contains("at most 32"));
        let long = "1".repeat(5000);
        let text =
            format!(r#"{{"problem":"ring","version":1,"w":["{long}"],"c":[[0]],"W":1,"H":1}}"#);
        let e = read_text(&text).unwrap_err();
        assert!(e.contains("too long") && e.len() < 200, "{e}");
    }
}
