//! HetLab nodes written as SimGrid hosts: every node is a `<host>` (so that an actor can run
//! on it), with `hetlab:` properties for what SimGrid cannot say and HetLab reads back.
//!
//! * `w` finite: `speed = flops / w` (plus `hetlab:w`, the exact `w`, when the speed has no
//!   short decimal);
//! * `w = inf` (the master that only sends, or a relay): speed [`NO_COMPUTE_SPEED`] and
//!   `hetlab:w = inf`, with a comment saying what the node does in HetLab;
//! * no `w` (a broadcast platform): `speed = flops` and `hetlab:w = none`;
//! * `lcalc`: `hetlab:lcalc` (SimGrid has no batch latency), `master`, `x`, `y` likewise.

use num_traits::{Signed, Zero};

use super::Conversion;
use crate::formats::units::{write, Quantity};
use crate::formats::xml_escape as esc;
use crate::platform::Node;
use crate::rational::{format_q, Cost, Q};

/// The speed written for a node with `w = inf`: one flop per second, so that a task given to
/// it by mistake takes years instead of running at a real speed.
pub const NO_COMPUTE_SPEED: &str = "1f";

/// `s` made safe inside an XML comment (which cannot hold `--`).
pub(super) fn in_comment(s: &str) -> String {
    let mut out = s.to_owned();
    while out.contains("--") {
        out = out.replace("--", "-\u{2010}");
    }
    out
}

/// The comment before a node with `w = inf`: what it is in HetLab, and what SimGrid does.
fn inf_comment(id: &str, master: bool) -> String {
    let id = in_comment(id);
    if master {
        format!(
            "    <!-- {id}: a master with w = inf in HetLab (it holds the tasks and sends them, never computes): a host of speed {NO_COMPUTE_SPEED} so that its actor can send; give it no task to compute. -->\n"
        )
    } else {
        format!(
            "    <!-- {id}: a relay (w = inf) in HetLab: it stores each message and forwards it with its own one-port (one message in and one out at a time). A SimGrid <router> would instead pipeline messages end to end with no port limit, which can beat HetLab's throughput; so it is a host of speed {NO_COMPUTE_SPEED} that computes nothing: to get HetLab's times, run an actor on it that receives and forwards one message at a time, and send hop by hop. -->\n"
        )
    }
}

/// The `<host>` (with its comments) of node `n`.
pub(super) fn node(n: &Node, conv: &Conversion) -> String {
    let id = esc(&n.id.to_string());
    let mut out = String::new();
    let mut props: Vec<(&str, String)> = Vec::new();
    let speed = match &n.w {
        Some(Cost::Inf) => {
            out.push_str(&inf_comment(&id, n.master));
            props.push(("hetlab:w", "inf".to_owned()));
            NO_COMPUTE_SPEED.to_owned()
        }
        Some(Cost::Finite(w)) if w.is_positive() => {
            let speed = &conv.flops / w;
            // A rate without a short exact decimal is written to a double's precision; the
            // exact cycle time rides along for the way back (SimGrid ignores properties).
            if format_q(&speed).contains('/') {
                props.push(("hetlab:w", format_q(w)));
            }
            write(&speed, Quantity::Speed)
        }
        _ => {
            out.push_str(&format!(
                "    <!-- {}: no w in HetLab (a broadcast platform); written as w = 1. -->\n",
                in_comment(&id)
            ));
            props.push(("hetlab:w", "none".to_owned()));
            write(&conv.flops, Quantity::Speed)
        }
    };
    if let Some(lcalc) = n.lcalc.as_ref().filter(|v| !v.is_zero()) {
        out.push_str(&format!(
            "    <!-- {}: the batch latency lcalc = {} has no SimGrid equivalent (kept as a property). -->\n",
            in_comment(&id),
            format_q(lcalc)
        ));
        props.push(("hetlab:lcalc", format_q(lcalc)));
    }
    if n.master {
        props.push(("hetlab:master", "yes".to_owned()));
    }
    if let Some(pos) = n.pos {
        props.push(("hetlab:x", pos.x.to_string()));
        props.push(("hetlab:y", pos.y.to_string()));
    }
    out.push_str(&element("host", &id, &format!("speed=\"{speed}\""), &props));
    out
}

/// `<tag id="id" attrs/>`, or with its `<prop>` children when `props` is not empty.
pub(super) fn element(tag: &str, id: &str, attrs: &str, props: &[(&str, String)]) -> String {
    let head = format!("    <{tag} id=\"{id}\" {attrs}");
    if props.is_empty() {
        return format!("{head}/>\n");
    }
    let mut out = format!("{head}>\n");
    for (k, v) in props {
        out.push_str(&format!("      <prop id=\"{k}\" value=\"{}\"/>\n", esc(v)));
    }
    out.push_str(&format!("    </{tag}>\n"));
    out
}

/// Whether `rate` (a host's speed times its cores) is still [`NO_COMPUTE_SPEED`].
pub(super) fn is_no_compute(rate: &Q) -> bool {
    *rate == Q::from_integer(1.into())
}
