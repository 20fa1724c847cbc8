//! A [`Timeline`] as a Paje trace (the text format of ViTE and PajeNG): one container per
//! node, one sub-container per lane, and a state per bar (pushed at its start, popped at its
//! end), events in time order. A bar's value is its state and its label, as in the CSV export
//! (`input: 3 × 1/2, to P2`), coloured by its state.
//!
//! The header defines the six events used (container and state types, entity values with
//! colours, container creation and destruction, push and pop); times are seconds as doubles,
//! the exact bounds are in the CSV export.

use std::collections::HashMap;

use super::timeline::Timeline;
use crate::rational::{to_f64, Q};
use crate::sort;

/// Colours of the states, in order of first appearance (`r g b` in `[0, 1]`).
const COLOURS: [&str; 8] = [
    "0.12 0.37 0.75",
    "0.85 0.37 0.01",
    "0.10 0.55 0.25",
    "0.58 0.25 0.65",
    "0.75 0.15 0.15",
    "0.45 0.45 0.45",
    "0.65 0.55 0.05",
    "0.05 0.55 0.60",
];

const HEADER: &str = "\
%EventDef PajeDefineContainerType 0
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineStateType 1
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineEntityValue 2
%       Alias string
%       Type string
%       Name string
%       Color color
%EndEventDef
%EventDef PajeCreateContainer 3
%       Time date
%       Alias string
%       Type string
%       Container string
%       Name string
%EndEventDef
%EventDef PajeDestroyContainer 4
%       Time date
%       Type string
%       Name string
%EndEventDef
%EventDef PajePushState 5
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
%EventDef PajePopState 6
%       Time date
%       Type string
%       Container string
%EndEventDef
";

/// A Paje string: quoted, with quotes and line breaks (which the format cannot hold) replaced.
fn text(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| match c {
            '"' => '\'',
            '\n' | '\r' | '\t' => ' ',
            c => c,
        })
        .collect();
    format!("\"{clean}\"")
}

/// The name of a bar's value: its state and label, as the CSV export gives them.
#[must_use]
pub fn value_name(state: &str, label: &str) -> String {
    if label.is_empty() {
        state.to_owned()
    } else {
        format!("{state}: {label}")
    }
}

/// The distinct values (each with its state, for the colour), in order of first appearance,
/// and the value of each bar.
fn values(t: &Timeline) -> (Vec<(&str, String)>, Vec<usize>) {
    let mut index: HashMap<(&str, &str), usize> = HashMap::new();
    let mut values = Vec::new();
    let of_bar = t
        .bars
        .iter()
        .map(|b| {
            *index.entry((&b.state, &b.label)).or_insert_with(|| {
                values.push((b.state.as_str(), value_name(&b.state, &b.label)));
                values.len() - 1
            })
        })
        .collect();
    (values, of_bar)
}

fn time(t: &Q) -> String {
    format!("{:.12}", to_f64(t))
}

/// The Paje trace of `t`.
///
/// ```
/// use hetlab_core::formats::{paje, timeline::Timeline};
/// use hetlab_core::rational::qi;
/// let mut t = Timeline::new("demo".into());
/// t.push("P1", "P1 computes", (&qi(0), &qi(2)), "task", "2 × 1".into());
/// let trace = paje::write(&t);
/// assert!(trace.contains("%EventDef PajePushState 5"));
/// assert!(trace.contains("5 0.000000000000 S L0 V0"));
/// assert!(trace.contains("6 2.000000000000 S L0"));
/// ```
#[must_use]
pub fn write(t: &Timeline) -> String {
    let mut out = String::from("# HetLab schedule: ");
    out.push_str(&t.title.replace('\n', " "));
    out.push('\n');
    out.push_str(HEADER);
    out.push_str("0 N 0 Node\n0 P N Lane\n1 S P State\n");
    let (values, of_bar) = values(t);
    let states = t.states();
    for (k, (state, name)) in values.iter().enumerate() {
        let colour = states.iter().position(|s| s == state).unwrap_or(0);
        out.push_str(&format!(
            "2 V{k} S {} \"{}\"\n",
            text(name),
            COLOURS[colour % COLOURS.len()]
        ));
    }
    let mut nodes: Vec<&str> = Vec::new();
    for l in &t.lanes {
        if !nodes.contains(&l.node.as_str()) {
            nodes.push(&l.node);
        }
    }
    for (k, n) in nodes.iter().enumerate() {
        out.push_str(&format!("3 0 C{k} N 0 {}\n", text(n)));
    }
    for (k, l) in t.lanes.iter().enumerate() {
        let parent = nodes.iter().position(|n| *n == l.node).unwrap_or(0);
        out.push_str(&format!("3 0 L{k} P C{parent} {}\n", text(&l.name)));
    }
    // Events in time order; at equal times pops come first, so back-to-back bars never nest.
    let mut events: Vec<(&Q, u8, usize, usize)> = Vec::with_capacity(2 * t.bars.len());
    for (b, &value) in t.bars.iter().zip(&of_bar) {
        events.push((&b.start, 1, b.lane, value));
        events.push((&b.end, 0, b.lane, value));
    }
    sort::by(&mut events, |a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)));
    for (at, push, lane, value) in events {
        if push == 1 {
            out.push_str(&format!("5 {} S L{lane} V{value}\n", time(at)));
        } else {
            out.push_str(&format!("6 {} S L{lane}\n", time(at)));
        }
    }
    let end = time(&t.end);
    for k in 0..t.lanes.len() {
        out.push_str(&format!("4 {end} P L{k}\n"));
    }
    for k in 0..nodes.len() {
        out.push_str(&format!("4 {end} N C{k}\n"));
    }
    out
}
