//! The processor-list input of the square-partition and LU pages: a line of numbers typed as
//! speeds, cycle times or areas, read through the core's validating parser so that the messages
//! are the same as for a JSON file, and written back for the text field.

use hetlab_core::instance::{Instance, Lu, Processors, SquarePartition};
use hetlab_core::platform::Platform;
use hetlab_core::rational::{format_q, Cost};

/// The numbers typed in the field: split on commas, semicolons and spaces.
fn items(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect()
}

/// The JSON list of the typed numbers (each kept as a string, so `"1/3"` and `"0.1"` stay
/// exact and a typo reaches the parser, which names it).
fn json_list(text: &str) -> String {
    let list: Vec<serde_json::Value> = items(text).into_iter().map(Into::into).collect();
    serde_json::Value::from(list).to_string()
}

/// Rewrites the core's messages for a text field: `speeds[2]: must be > 0, got "0"` becomes
/// `number 3: must be > 0, got "0"`.
fn for_field(e: &hetlab_core::issue::Issues, field: &str) -> String {
    e.0.iter()
        .map(|i| {
            let index = i
                .path
                .strip_prefix(field)
                .and_then(|r| r.strip_prefix('['))
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|k| k.parse::<usize>().ok());
            match index {
                Some(k) => format!("number {}: {}", k + 1, i.message),
                None if i.path.is_empty() || i.path == field => i.message.clone(),
                None => i.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A square-partition instance from the field `text` read as `field` (`speeds`,
/// `cycle_times` or `areas`).
///
/// # Errors
/// Every problem, numbered from 1 as the user counts.
pub fn square(field: &str, text: &str) -> Result<SquarePartition, String> {
    let json = format!(
        r#"{{"problem":"square-partition","version":1,"{field}":{}}}"#,
        json_list(text)
    );
    match Instance::from_json(&json) {
        Ok(Instance::SquarePartition(s)) => Ok(s),
        Ok(_) => Err("not a square-partition instance".to_owned()),
        Err(e) => Err(for_field(&e, field)),
    }
}

/// An LU instance from the field `text` read as `field` (`speeds` or `cycle_times`), with slice
/// length `b` and matrix size `n`.
///
/// # Errors
/// Every problem, numbered from 1 as the user counts.
pub fn lu(field: &str, text: &str, b: usize, n: Option<usize>) -> Result<Lu, String> {
    let n = n.map_or(String::new(), |n| format!(r#","n":{n}"#));
    let json = format!(
        r#"{{"problem":"lu","version":1,"B":{b}{n},"{field}":{}}}"#,
        json_list(text)
    );
    match Instance::from_json(&json) {
        Ok(Instance::Lu(l)) => Ok(l),
        Ok(_) => Err("not an lu instance".to_owned()),
        Err(e) => Err(for_field(&e, field)),
    }
}

/// The text of the field for these processors.
#[must_use]
pub fn text(p: &Processors) -> String {
    p.values()
        .iter()
        .map(format_q)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cycle times of a platform's computing nodes (`w`, routers left out), for "use the
/// platform's processors".
///
/// # Errors
/// When no node has a finite `w`.
pub fn from_platform(p: &Platform) -> Result<String, String> {
    let w: Vec<String> = p
        .nodes
        .iter()
        .filter_map(|n| match &n.w {
            Some(Cost::Finite(w)) => Some(format_q(w)),
            _ => None,
        })
        .collect();
    if w.is_empty() {
        Err("The saved platform has no computing node (no node with a finite w).".to_owned())
    } else {
        Ok(w.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::rational::q;

    #[test]
    fn reads_the_field_exactly_and_names_bad_numbers() {
        let s = square("areas", "0.05, 0.05 0.08;0.1,0.1,0.12,0.2, 0.3").unwrap();
        assert_eq!(s.areas().len(), 8);
        assert_eq!(s.areas()[0], q(1, 20));
        assert_eq!(
            text(&s.processors),
            "0.05, 0.05, 0.08, 0.1, 0.1, 0.12, 0.2, 0.3"
        );
        let s = square("cycle_times", "1 1/3").unwrap();
        assert_eq!(s.areas(), [q(1, 4), q(3, 4)]);
        let e = square("speeds", "1, 0, x").unwrap_err();
        assert!(e.contains("number 2: must be > 0"), "{e}");
        assert!(e.contains("number 3: "), "{e}");
        let e = square("speeds", "  ").unwrap_err();
        assert!(e.contains("at least one processor"), "{e}");
        let l = lu("cycle_times", "3, 5, 8", 10, Some(40)).unwrap();
        assert_eq!((l.b, l.n), (10, Some(40)));
        let e = lu("speeds", "1 2", 0, None).unwrap_err();
        assert!(e.contains("B: must be a whole number"), "{e}");
    }

    #[test]
    fn takes_the_computing_nodes_of_a_platform() {
        let p = hetlab_core::presets::steady_state("tree-example-3")
            .unwrap()
            .platform;
        let t = from_platform(&p).unwrap();
        assert!(!t.is_empty() && !t.contains("inf"), "{t}");
        assert!(from_platform(&Platform::default()).is_err());
    }
}
