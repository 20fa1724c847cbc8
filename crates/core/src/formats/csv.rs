//! A [`Timeline`] as CSV (RFC 4180): one row per bar with its lane, node, state, label and
//! times, as doubles for spreadsheets and exactly (`p/q`) for checking.
//!
//! Quoting is the format's one rule (a field with a comma, a quote or a line break is quoted,
//! quotes doubled); it is written here rather than through the `csv` crate, whose writer is
//! built around `std::io` and would bring I/O into the core for four lines.

use super::timeline::Timeline;
use crate::rational::{frac, to_f64};
use crate::sort;

/// The header row.
pub const HEADER: &str = "lane,node,state,start,end,duration,label,start_exact,end_exact";

fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// The CSV of `t`, bars in lane order then time order.
///
/// ```
/// use hetlab_core::formats::{csv, timeline::Timeline};
/// use hetlab_core::rational::{q, qi};
/// let mut t = Timeline::new("demo".into());
/// t.push("P1", "P1 sends", (&qi(0), &q(3, 2)), "input", "3 × 1/2, to P2".into());
/// let text = csv::write(&t);
/// assert_eq!(text.lines().nth(1), Some("P1 sends,P1,input,0,1.5,1.5,\"3 × 1/2, to P2\",0,3/2"));
/// ```
#[must_use]
pub fn write(t: &Timeline) -> String {
    let mut order: Vec<usize> = (0..t.bars.len()).collect();
    sort::by(&mut order, |&a, &b| {
        let (x, y) = (&t.bars[a], &t.bars[b]);
        x.lane.cmp(&y.lane).then(x.start.cmp(&y.start))
    });
    let mut out = String::from(HEADER);
    out.push('\n');
    for k in order {
        let b = &t.bars[k];
        let Some(lane) = t.lanes.get(b.lane) else {
            continue;
        };
        let row = [
            field(&lane.name),
            field(&lane.node),
            field(&b.state),
            to_f64(&b.start).to_string(),
            to_f64(&b.end).to_string(),
            to_f64(&(&b.end - &b.start)).to_string(),
            field(&b.label),
            frac(&b.start),
            frac(&b.end),
        ];
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}
