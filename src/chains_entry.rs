//! The instance fields of the chains page, read through the core's instance parser
//! (`Instance::from_json`) so that the messages are those of a JSON file, each problem tied to
//! its field (weights, speeds, orders, seed); written back for the fields.

use hetlab_core::chains;
use hetlab_core::chains::Chains;
use hetlab_core::families::Instance;
use hetlab_core::issue::Issues;

use crate::typed::token;

/// Longest list written back into a field (a longer chain keeps its weights when left empty).
pub const MAX_SHOWN: usize = 2000;

/// The four fields, as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// Task weights.
    pub weights: String,
    /// Processor speeds.
    pub speeds: String,
    /// Random orders (`cp-random`), empty for the default.
    pub orders: String,
    /// Seed (`cp-random`), empty for the default.
    pub seed: String,
}

impl Entry {
    /// The fields of an instance (a very long chain leaves the weights field empty).
    #[must_use]
    pub fn of(c: &Chains) -> Entry {
        let join = |v: &[u64]| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        Entry {
            weights: if c.weights.len() <= MAX_SHOWN {
                join(&c.weights)
            } else {
                String::new()
            },
            speeds: join(&c.speeds),
            orders: c.orders.map(|r| r.to_string()).unwrap_or_default(),
            seed: c.seed.map(|s| s.to_string()).unwrap_or_default(),
        }
    }
}

/// A list typed as `2, 7 1;8` as JSON: numbers stay numbers, anything else becomes a string
/// for the core to explain (`"weights[2]: …"`).
fn json_list(text: &str) -> String {
    let items: Vec<String> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| token(t).to_string())
        .collect();
    format!("[{}]", items.join(","))
}

fn json_scalar(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| token(t).to_string())
}

/// Messages per field: `(weights, speeds, orders, seed, the rest)`.
pub type Problems = [Option<String>; 5];

/// Reads an entry through the core's parser; `keep` supplies the weights when their field is
/// left empty for a long chain.
///
/// # Errors
/// Every problem, by field.
pub fn read(e: &Entry, keep: &Chains) -> Result<Chains, Box<Problems>> {
    let weights = if e.weights.trim().is_empty() && keep.weights.len() > MAX_SHOWN {
        serde_json::to_string(&keep.weights).unwrap_or_default()
    } else {
        json_list(&e.weights)
    };
    let mut json = format!(
        r#"{{"problem":"chains","version":1,"weights":{weights},"speeds":{}"#,
        json_list(&e.speeds)
    );
    for (key, v) in [("orders", &e.orders), ("seed", &e.seed)] {
        if let Some(v) = json_scalar(v) {
            json.push_str(&format!(r#","{key}":{v}"#));
        }
    }
    json.push('}');
    let inst = Instance::from_json(&json).map_err(|i| Box::new(by_field(&i)))?;
    let Instance::Chains(c) = inst else {
        return Err(Box::new([
            None,
            None,
            None,
            None,
            Some("not a chains instance".into()),
        ]));
    };
    // Refuse here what every algorithm would refuse, so that the shown instance stays.
    chains::check(&c.input())
        .map_err(|e| Box::new([None, None, None, None, Some(e.to_string())]))?;
    Ok(c)
}

fn by_field(issues: &Issues) -> Problems {
    let at = |path: &str| {
        let m: Vec<String> = issues.at(path).map(ToString::to_string).collect();
        (!m.is_empty()).then(|| m.join("; "))
    };
    let known = ["weights", "speeds", "orders", "seed"];
    let rest: Vec<String> = issues
        .0
        .iter()
        .filter(|i| !known.iter().any(|k| issues.at(k).any(|j| j == *i)))
        .map(ToString::to_string)
        .collect();
    [
        at("weights"),
        at("speeds"),
        at("orders"),
        at("seed"),
        (!rest.is_empty()).then(|| rest.join("; ")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_keep_numbers_and_quote_the_rest() {
        assert_eq!(json_list("2, 7 1;8"), "[2,7,1,8]");
        assert_eq!(json_list("2, x, 1/2"), r#"[2,"x","1/2"]"#);
        // Never rounded to a double on the way (the core quotes it as typed).
        assert_eq!(
            json_list("123456789012345678901234567890 1"),
            r#"["123456789012345678901234567890",1]"#
        );
        assert_eq!(json_scalar(" 10 "), Some("10".into()));
        assert_eq!(json_scalar(""), None);
    }

    #[test]
    fn entries_are_read_by_the_core_with_messages_per_field() {
        let keep = Chains::new(vec![1, 2], vec![1]);
        let e = Entry {
            weights: "2, 7, 1".into(),
            speeds: "3 1".into(),
            ..Entry::default()
        };
        let c = read(&e, &keep).unwrap();
        assert_eq!((&c.weights[..], c.speeds), (&[2, 7, 1][..], vec![3, 1]));
        let bad = Entry {
            weights: "2, x, 0".into(),
            speeds: "1.5".into(),
            orders: "-1".into(),
            ..Entry::default()
        };
        let p = read(&bad, &keep).unwrap_err();
        assert!(
            p[0].as_deref()
                .is_some_and(|m| m.contains("weights[1]") && m.contains("weights[2]")),
            "{p:?}"
        );
        assert!(
            p[1].as_deref().is_some_and(|m| m.contains("whole number")),
            "{p:?}"
        );
        assert!(p[2].is_some(), "{p:?}");
        assert!(read(&Entry::default(), &keep).unwrap_err()[0].is_some());
    }

    #[test]
    fn a_long_chain_keeps_its_weights_when_the_field_is_empty() {
        let keep = Chains::new(vec![3; MAX_SHOWN + 1], vec![1, 2]);
        let e = Entry::of(&keep);
        assert!(e.weights.is_empty());
        assert_eq!(e.speeds, "1, 2");
        assert_eq!(read(&e, &keep).unwrap().weights.len(), MAX_SHOWN + 1);
    }
}
