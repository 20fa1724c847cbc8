//! HetLab's data in other tools' formats, all pure text in, text out (no I/O):
//! [`simgrid`] platforms in and out, [`timeline`] (the schedules HetLab draws as Gantt charts,
//! as lanes of timed bars) with its writers [`paje`] (traces for ViTE and PajeNG) and [`csv`],
//! and [`tikz`] (the figures' SVG as a standalone LaTeX picture).

pub mod csv;
pub mod paje;
pub mod simgrid;
pub mod tikz;
pub mod timeline;
pub mod units;

/// `s` with `& < > " '` escaped for XML content and quoted attribute values.
#[must_use]
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
