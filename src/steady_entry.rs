//! The instance fields of the steady-state page: the sizes of a task's input file (`data_in`)
//! and result file (`data_out`, section 2.7: `> 0` makes results return to a master), read
//! through the core's instance parser so that the messages are those of a JSON file, each
//! beside its field. The platform is kept as shown; a bad entry never replaces the instance.

use hetlab_core::families::Instance;
use hetlab_core::issue::Issues;
use hetlab_core::rational::format_q;
use hetlab_core::steady_state::SteadyState;

use crate::typed::token;

/// The two fields, as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// Size of a task's input file.
    pub data_in: String,
    /// Size of a task's result file (0: results are not returned).
    pub data_out: String,
}

impl Entry {
    /// The fields of an instance.
    #[must_use]
    pub fn of(s: &SteadyState) -> Entry {
        Entry {
            data_in: format_q(&s.data_in),
            data_out: format_q(&s.data_out),
        }
    }
}

/// Messages per field: `(data_in, data_out, the rest)`.
pub type Problems = [Option<String>; 3];

/// Reads the fields into a copy of `keep` (its platform unchanged).
///
/// # Errors
/// Every problem, by field.
pub fn read(e: &Entry, keep: &SteadyState) -> Result<SteadyState, Box<Problems>> {
    let rest = |m: &str| Box::new([None, None, Some(m.to_owned())]);
    let mut v: serde_json::Value =
        serde_json::from_str(&Instance::SteadyState(keep.clone()).to_json())
            .map_err(|_| rest("the instance could not be written"))?;
    for (key, text) in [("data_in", &e.data_in), ("data_out", &e.data_out)] {
        if text.trim().is_empty() {
            v.as_object_mut().map(|o| o.remove(key));
        } else {
            v[key] = token(text);
        }
    }
    match Instance::from_json(&v.to_string()) {
        Ok(Instance::SteadyState(s)) => Ok(s),
        Ok(_) => Err(rest("not a steady-state instance")),
        Err(issues) => Err(Box::new(by_field(&issues))),
    }
}

fn by_field(issues: &Issues) -> Problems {
    let at = |path: &str| {
        let m: Vec<String> = issues.at(path).map(ToString::to_string).collect();
        (!m.is_empty()).then(|| m.join("; "))
    };
    let rest: Vec<String> = issues
        .0
        .iter()
        .filter(|i| i.path != "data_in" && i.path != "data_out")
        .map(ToString::to_string)
        .collect();
    [
        at("data_in"),
        at("data_out"),
        (!rest.is_empty()).then(|| rest.join("; ")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::presets;
    use hetlab_core::rational::q;

    fn example() -> SteadyState {
        presets::steady_state("example-1").unwrap()
    }

    #[test]
    fn reads_result_files_and_keeps_the_platform() {
        let e = Entry {
            data_in: "1".into(),
            data_out: "1/2".into(),
        };
        let s = read(&e, &example()).unwrap();
        assert_eq!(s.data_out, q(1, 2));
        assert_eq!(s.platform, example().platform);
        // Written back in the fields' own form (a terminating decimal).
        assert_eq!(Entry::of(&s).data_out, "0.5");
        // A number longer than a double holds is read exactly and written back as typed.
        let big = "123456789012345678901234567890";
        let e = Entry {
            data_in: big.into(),
            data_out: "0".into(),
        };
        let s = read(&e, &example()).unwrap();
        assert_eq!(Entry::of(&s).data_in, big);
    }

    #[test]
    fn each_message_sits_beside_its_field() {
        let bad = read(
            &Entry {
                data_in: "0".into(),
                data_out: "-1".into(),
            },
            &example(),
        )
        .unwrap_err();
        assert!(bad[0].as_ref().unwrap().contains("> 0"), "{bad:?}");
        assert!(bad[1].as_ref().unwrap().contains(">= 0"), "{bad:?}");
        assert!(bad[2].is_none());
        let word = read(
            &Entry {
                data_in: "1".into(),
                data_out: "lots".into(),
            },
            &example(),
        )
        .unwrap_err();
        assert!(word[0].is_none() && word[1].is_some(), "{word:?}");
    }
}
