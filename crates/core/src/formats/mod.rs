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

/// `s` with `& < > " '` escaped, safe in XML and HTML element content and quoted attribute
/// values: the one escaper (SimGrid export here; the site's SVG exports and embed snippet use
/// it as `draw::svg::escape`).
#[must_use]
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
