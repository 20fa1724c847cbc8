//! The processor-list input of the square-partition and LU pages: a line of numbers typed as
//! speeds, cycle times or areas, read through the core's validating parser so that the messages
//! are the same as for a JSON file, and written back for the text field.

use hetlab_core::families::Instance;
use hetlab_core::instance::Processors;
use hetlab_core::lu::Lu;
use hetlab_core::platform::Platform;
use hetlab_core::rational::{format_q, Cost};
use hetlab_core::square::SquarePartition;

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

/// A square-partition instance with the optional fields of the page: `N` (blocks per side for
/// the metrics of §5) and the Kalinov–Lastovetsky columns, as typed (see [`read_columns`]).
///
/// # Errors
/// Every problem, numbered from 1 as the user counts, or the field that cannot be read.
pub fn square_with(
    field: &str,
    text: &str,
    n: &str,
    columns: &str,
) -> Result<SquarePartition, String> {
    let mut s = square(field, text)?;
    let n = n.trim();
    if !n.is_empty() {
        let v: usize = n
            .parse()
            .map_err(|_| format!("N: a whole number of blocks, got \"{}\"", clip(n)))?;
        if !(1..=hetlab_core::instance::MAX_LU_BLOCKS).contains(&v) {
            return Err(format!(
                "N: between 1 and {} blocks, got {v}",
                hetlab_core::instance::MAX_LU_BLOCKS
            ));
        }
        s.n = Some(v);
    }
    s.columns = read_columns(columns, s.processors.len())?;
    Ok(s)
}

fn clip(t: &str) -> String {
    t.chars().take(20).collect()
}

/// Kalinov–Lastovetsky columns typed as processor numbers from 1 (as the page names them),
/// columns separated by `|`, e.g. `8 4 1 2 | 7 6 5 3`; empty for the default choice. The
/// instance stores them 0-based.
///
/// # Errors
/// A sentence naming the bad entry, or the core's message for a column set that is not a
/// partition of the processors.
pub fn read_columns(text: &str, p: usize) -> Result<Option<Vec<Vec<usize>>>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let mut cols = Vec::new();
    for part in text.split('|') {
        let mut col = Vec::new();
        for item in items(part) {
            let k = item
                .trim_start_matches(['P', 'p'])
                .parse::<usize>()
                .ok()
                .filter(|k| (1..=p).contains(k))
                .ok_or_else(|| {
                    format!(
                        "columns: \"{}\" is not a processor number from 1 to {p}",
                        clip(item)
                    )
                })?;
            col.push(k - 1);
        }
        cols.push(col);
    }
    // The core checks that every processor is in exactly one column; its message uses 0-based
    // numbers, so the check is repeated here in the page's words.
    let mut seen = vec![false; p];
    for &i in cols.iter().flatten() {
        if std::mem::replace(&mut seen[i], true) {
            return Err(format!("columns: P{} is in two columns", i + 1));
        }
    }
    if let Some(i) = seen.iter().position(|s| !s) {
        return Err(format!("columns: P{} is in no column", i + 1));
    }
    if cols.iter().any(Vec::is_empty) {
        return Err("columns: a column is empty (two | in a row?)".to_owned());
    }
    Ok(Some(cols))
}

/// The text of the columns field (processor numbers from 1, columns separated by `|`).
#[must_use]
pub fn columns_text(cols: Option<&[Vec<usize>]>) -> String {
    cols.map_or_else(String::new, |cols| {
        cols.iter()
            .map(|c| {
                c.iter()
                    .map(|i| (i + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect::<Vec<_>>()
            .join(" | ")
    })
}

/// A processor grid typed as `2 × 3`, `2x3` or `2 3` (rows, columns); empty for none.
///
/// # Errors
/// A sentence when the text is not two whole numbers.
pub fn read_grid(text: &str) -> Result<Option<(usize, usize)>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let parts: Vec<&str> = t
        .split(|c: char| c == 'x' || c == 'X' || c == '×' || c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    match parts.as_slice() {
        [r, c] => match (r.parse::<usize>(), c.parse::<usize>()) {
            (Ok(r), Ok(c)) if r > 0 && c > 0 => Ok(Some((r, c))),
            _ => Err(format!(
                "grid: two whole numbers, rows × columns, got \"{}\"",
                clip(t)
            )),
        },
        _ => Err(format!(
            "grid: rows × columns, e.g. 2 × 3, got \"{}\"",
            clip(t)
        )),
    }
}

/// An LU instance from the field `text` read as `field` (`speeds` or `cycle_times`), with slice
/// length `b`, matrix size `n` and processor grid `grid`.
///
/// # Errors
/// Every problem, numbered from 1 as the user counts.
pub fn lu(
    field: &str,
    text: &str,
    b: usize,
    n: Option<usize>,
    grid: Option<(usize, usize)>,
) -> Result<Lu, String> {
    let n = n.map_or(String::new(), |n| format!(r#","n":{n}"#));
    let grid = grid.map_or(String::new(), |(r, c)| format!(r#","grid":[{r},{c}]"#));
    let json = format!(
        r#"{{"problem":"lu","version":1,"B":{b}{n}{grid},"{field}":{}}}"#,
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

/// Which of the extra fields labelled `labels` message `e` is about (it starts with that
/// label: `"B: …"`); `None` for the processors' numbers.
#[must_use]
pub fn culprit(e: &str, labels: &[&str]) -> Option<usize> {
    (labels.iter()).position(|label| {
        e.strip_prefix(label)
            .is_some_and(|rest| rest.starts_with(':'))
    })
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
        let l = lu("cycle_times", "3, 5, 8", 10, Some(40), None).unwrap();
        assert_eq!((l.b, l.n), (10, Some(40)));
        let e = lu("speeds", "1 2", 0, None, None).unwrap_err();
        assert!(e.contains("B: must be a whole number"), "{e}");
        let l = lu("speeds", "1 2 3 4", 8, None, Some((2, 2))).unwrap();
        assert_eq!(l.grid, Some((2, 2)));
        let e = lu("speeds", "1 2 3", 8, None, Some((2, 2))).unwrap_err();
        assert!(e.contains("grid"), "{e}");
    }

    #[test]
    fn reads_the_optional_fields() {
        assert_eq!(read_grid(" 2 × 3 "), Ok(Some((2, 3))));
        assert_eq!(read_grid("4x1"), Ok(Some((4, 1))));
        assert_eq!(read_grid(""), Ok(None));
        assert!(read_grid("2").unwrap_err().contains("rows × columns"));
        assert!(read_grid("0 x 2").unwrap_err().contains("whole numbers"));
        let cols = read_columns("8 4 1 2 | P7 6 5 3", 8).unwrap().unwrap();
        assert_eq!(cols, [vec![7, 3, 0, 1], vec![6, 5, 4, 2]]);
        assert_eq!(columns_text(Some(&cols)), "8 4 1 2 | 7 6 5 3");
        assert!(read_columns("1 2 | 2", 2)
            .unwrap_err()
            .contains("P2 is in two"));
        assert!(read_columns("1", 2)
            .unwrap_err()
            .contains("P2 is in no column"));
        assert!(read_columns("1 9", 2).unwrap_err().contains("\"9\""));
        assert_eq!(read_columns(" ", 2), Ok(None));
        let s = square_with("areas", "0.5 0.5", "25", "2 | 1").unwrap();
        assert_eq!((s.n, s.columns), (Some(25), Some(vec![vec![1], vec![0]])));
        assert!(square_with("areas", "1", "x", "")
            .unwrap_err()
            .starts_with("N:"));
        assert!(square_with("areas", "1", "0", "")
            .unwrap_err()
            .starts_with("N:"));
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

    #[test]
    fn a_message_is_placed_at_the_field_it_names() {
        let labels = ["B", "n", "grid"];
        assert_eq!(
            culprit("B: must be a whole number >= 1, got 0", &labels),
            Some(0)
        );
        assert_eq!(
            culprit("n: a whole number of blocks, got \"x\"", &labels),
            Some(1)
        );
        assert_eq!(
            culprit("grid: rows × columns, e.g. 2 × 3, got \"a\"", &labels),
            Some(2)
        );
        assert_eq!(culprit("cycle_times[1]: must be > 0", &labels), None);
        assert_eq!(culprit("Bad: not a label", &labels), None);
    }
}
