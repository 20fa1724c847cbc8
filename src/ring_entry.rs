//! The instance fields of the ring page (cycle times `w`, the link-cost matrix `c`, the work `W`
//! and the message size `H`), read through the core's instance parser (`Instance::from_json`) so
//! that the messages are those of a JSON file, each tied to its field; written back for the
//! fields. A bad entry never replaces the instance shown.

use hetlab_core::families::Instance;
use hetlab_core::issue::Issues;
use hetlab_core::rational::{format_q, Q};
use hetlab_core::ring::Ring;

/// The four fields, as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// Cycle times, one per processor (`1, 2, 1/2, 0.25`).
    pub w: String,
    /// The cost matrix: one row per line (or `;`), entries separated by commas or spaces.
    pub c: String,
    /// Work per step.
    pub work: String,
    /// Message size.
    pub h: String,
}

fn join(v: &[Q], sep: &str) -> String {
    v.iter().map(format_q).collect::<Vec<_>>().join(sep)
}

impl Entry {
    /// The fields of an instance.
    #[must_use]
    pub fn of(r: &Ring) -> Entry {
        Entry {
            w: join(&r.w, ", "),
            c: r.c
                .iter()
                .map(|row| join(row, " "))
                .collect::<Vec<_>>()
                .join("\n"),
            work: format_q(&r.work),
            h: format_q(&r.h),
        }
    }
}

/// One typed token as JSON text ([`crate::typed::token`]).
fn token(t: &str) -> String {
    crate::typed::token(t).to_string()
}

fn row(text: &str) -> String {
    let items: Vec<String> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(token)
        .collect();
    format!("[{}]", items.join(","))
}

fn matrix(text: &str) -> String {
    let rows: Vec<String> = text
        .split(['\n', ';'])
        .filter(|r| !r.trim().is_empty())
        .map(row)
        .collect();
    format!("[{}]", rows.join(","))
}

/// Messages per field: `(w, c, W, H, the rest)`.
pub type Problems = [Option<String>; 5];

/// Reads an entry through the core's parser.
///
/// # Errors
/// Every problem, by field.
pub fn read(e: &Entry) -> Result<Ring, Box<Problems>> {
    let mut json = format!(
        r#"{{"problem":"ring","version":1,"w":{},"c":{}"#,
        row(&e.w),
        matrix(&e.c)
    );
    for (key, v) in [("W", &e.work), ("H", &e.h)] {
        let v = v.trim();
        if !v.is_empty() {
            json.push_str(&format!(r#","{key}":{}"#, token(v)));
        }
    }
    json.push('}');
    match Instance::from_json(&json) {
        Ok(Instance::Ring(r)) => Ok(r),
        Ok(_) => Err(Box::new([
            None,
            None,
            None,
            None,
            Some("not a ring instance".into()),
        ])),
        Err(issues) => Err(Box::new(by_field(&issues))),
    }
}

fn by_field(issues: &Issues) -> Problems {
    let fields = ["w", "c", "W", "H"];
    let at = |path: &str| {
        let m: Vec<String> = issues.at(path).map(ToString::to_string).collect();
        (!m.is_empty()).then(|| m.join("; "))
    };
    let rest: Vec<String> = issues
        .0
        .iter()
        .filter(|i| !fields.iter().any(|f| issues.at(f).any(|j| j == *i)))
        .map(ToString::to_string)
        .collect();
    [
        at("w"),
        at("c"),
        at("W"),
        at("H"),
        (!rest.is_empty()).then(|| rest.join("; ")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::rational::{q, qi};

    fn rr1() -> Entry {
        Entry {
            w: "1, 2, 2, 4".into(),
            c: "0 1 3 2\n1 0 1 4\n3,1,0,1; 2 4 1 0".into(),
            work: "10".into(),
            h: "1".into(),
        }
    }

    #[test]
    fn an_entry_is_read_exactly_and_written_back() {
        let r = read(&rr1()).unwrap();
        assert_eq!(r.w, vec![qi(1), qi(2), qi(2), qi(4)]);
        assert_eq!(r.c[2][0], qi(3));
        assert_eq!((r.work.clone(), r.h.clone()), (qi(10), qi(1)));
        let e = Entry::of(&r);
        assert_eq!(e.w, "1, 2, 2, 4");
        assert_eq!(e.c.lines().count(), 4);
        assert_eq!(read(&e).unwrap(), r);
        let half = Entry {
            work: "1/2".into(),
            h: "0.25".into(),
            ..rr1()
        };
        let r = read(&half).unwrap();
        assert_eq!((r.work.clone(), r.h.clone()), (q(1, 2), q(1, 4)));
        assert_eq!(Entry::of(&r).h, "0.25");
    }

    #[test]
    fn every_problem_is_tied_to_its_field() {
        let bad = Entry {
            w: "1, x, -2, 4".into(),
            c: "0 1 3\n1 0 1 4".into(),
            work: "0".into(),
            h: String::new(),
        };
        let p = read(&bad).unwrap_err();
        let w = p[0].as_deref().unwrap_or_default();
        assert!(w.contains("w[1]") && w.contains("w[2]"), "{p:?}");
        assert!(p[1].is_some(), "{p:?}");
        assert!(p[2].is_some(), "{p:?}");
        assert!(
            p[3].as_deref().is_some_and(|m| m.contains("missing")),
            "{p:?}"
        );
        assert!(read(&Entry::default()).unwrap_err()[0].is_some());
    }
}
