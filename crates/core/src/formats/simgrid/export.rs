//! A HetLab platform written as a SimGrid platform (version 4.1): one `Floyd` zone, a host per
//! computing node, a router per forwarding-only node (`w = inf`), and per HetLab link one
//! SimGrid link and route per direction (one symmetrical route when both directions cost the
//! same).

use num_traits::{Signed, Zero};

use super::Conversion;
use crate::formats::units::{write, Quantity};
use crate::formats::xml_escape as esc;
use crate::platform::{Link, Node, Platform};
use crate::rational::{format_q, Cost, Q};

/// The SimGrid XML of `p`, converting `w` and `c` back to rates with `conv` (the inverse of
/// [`super::from_xml`]: `speed = flops / w`, `bandwidth = bytes / c`, `latency = lcomm`).
/// What SimGrid cannot hold (a batch latency `lcalc`, a node without `w`) is said in XML
/// comments.
///
/// ```
/// use hetlab_core::formats::simgrid::{to_xml, Conversion};
/// use hetlab_core::platform::Platform;
/// let p = Platform::from_json(r#"{"nodes": [{"id": "A", "w": 1, "master": true}, {"id": "B", "w": 2}],
///     "links": [{"from": "A", "to": "B", "c": "1/2"}]}"#).unwrap();
/// let xml = to_xml(&p, &Conversion::default());
/// assert!(xml.contains(r#"<host id="B" speed="500000000f""#));
/// assert!(xml.contains(r#"<link id="l0" bandwidth="2000000Bps" latency="0s"/>"#));
/// ```
#[must_use]
pub fn to_xml(p: &Platform, conv: &Conversion) -> String {
    let mut out = String::from(
        "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n<platform version=\"4.1\">\n",
    );
    out.push_str(&format!(
        "  <!-- Written by HetLab: a task is {} of work and {} of data (w = flops / speed, c = bytes / bandwidth, lcomm = latency). -->\n",
        write(&conv.flops, Quantity::Work),
        write(&conv.bytes, Quantity::Size)
    ));
    let zone = p.name.as_deref().filter(|n| !n.trim().is_empty());
    out.push_str(&format!(
        "  <zone id=\"{}\" routing=\"Floyd\">\n",
        esc(zone.unwrap_or("hetlab"))
    ));
    for n in &p.nodes {
        out.push_str(&node(n, conv));
    }
    let mut routes = String::new();
    for (k, l) in p.links.iter().enumerate() {
        let (defs, rs) = link(p, k, l, conv);
        out.push_str(&defs);
        routes.push_str(&rs);
    }
    out.push_str(&routes);
    out.push_str("  </zone>\n</platform>\n");
    out
}

/// `v` is written exactly by [`write`] (a short decimal).
fn is_decimal(v: &Q) -> bool {
    !format_q(v).contains('/')
}

fn node(n: &Node, conv: &Conversion) -> String {
    let id = esc(&n.id.to_string());
    let mut out = String::new();
    if n.lcalc.as_ref().is_some_and(|v| !v.is_zero()) {
        out.push_str(&format!(
            "    <!-- {id}: the batch latency lcalc = {} has no SimGrid equivalent; dropped. -->\n",
            format_q(n.lcalc.as_ref().unwrap_or(&Q::zero()))
        ));
    }
    let speed = match &n.w {
        Some(Cost::Inf) => {
            out.push_str(&format!("    <router id=\"{id}\"/>\n"));
            return out;
        }
        Some(Cost::Finite(w)) if w.is_positive() => &conv.flops / w,
        _ => {
            out.push_str(&format!(
                "    <!-- {id}: no w in HetLab; written as w = 1. -->\n"
            ));
            conv.flops.clone()
        }
    };
    let mut props = Vec::new();
    // A rate without a short exact decimal is written to a double's precision; the exact
    // cycle time rides along for the way back (SimGrid ignores properties).
    if let (Some(Cost::Finite(w)), false) = (&n.w, is_decimal(&speed)) {
        props.push(("hetlab:w", format_q(w)));
    }
    if n.master {
        props.push(("hetlab:master", "yes".to_owned()));
    }
    if let Some(pos) = n.pos {
        props.push(("hetlab:x", pos.x.to_string()));
        props.push(("hetlab:y", pos.y.to_string()));
    }
    let head = format!(
        "    <host id=\"{id}\" speed=\"{}\"",
        write(&speed, Quantity::Speed)
    );
    if props.is_empty() {
        out.push_str(&format!("{head}/>\n"));
    } else {
        out.push_str(&format!("{head}>\n"));
        for (k, v) in props {
            out.push_str(&format!("      <prop id=\"{k}\" value=\"{}\"/>\n", esc(&v)));
        }
        out.push_str("    </host>\n");
    }
    out
}

/// The `<link>` definitions and the `<route>`s of HetLab link `k`.
fn link(p: &Platform, k: usize, l: &Link, conv: &Conversion) -> (String, String) {
    let (a, b) = (
        esc(&p.nodes[l.from].id.to_string()),
        esc(&p.nodes[l.to].id.to_string()),
    );
    let latency = write(&l.lcomm.clone().unwrap_or_default(), Quantity::Time);
    let def = |name: &str, c: &Q| {
        let bw = &conv.bytes / c;
        let head = format!(
            "    <link id=\"{name}\" bandwidth=\"{}\" latency=\"{latency}\"",
            write(&bw, Quantity::Bandwidth)
        );
        if is_decimal(&bw) {
            format!("{head}/>\n")
        } else {
            format!(
                "{head}>\n      <prop id=\"hetlab:c\" value=\"{}\"/>\n    </link>\n",
                format_q(c)
            )
        }
    };
    let route = |src: &str, dst: &str, name: &str, symmetrical: bool| {
        let sym = if symmetrical {
            ""
        } else {
            " symmetrical=\"NO\""
        };
        format!("    <route src=\"{src}\" dst=\"{dst}\"{sym}><link_ctn id=\"{name}\"/></route>\n")
    };
    let fwd = l.c.finite();
    let back = if l.directed {
        None
    } else {
        l.c_back.as_ref().unwrap_or(&l.c).finite()
    };
    let (mut defs, mut routes) = (String::new(), String::new());
    let name = format!("l{k}");
    match (fwd, back) {
        (Some(c), Some(cb)) if c == cb => {
            defs.push_str(&def(&name, c));
            routes.push_str(&route(&a, &b, &name, true));
        }
        (f, bk) => {
            if let Some(c) = f {
                defs.push_str(&def(&name, c));
                routes.push_str(&route(&a, &b, &name, false));
            }
            if let Some(cb) = bk {
                let back_name = format!("l{k}-back");
                defs.push_str(&def(&back_name, cb));
                routes.push_str(&route(&b, &a, &back_name, false));
            }
        }
    }
    (defs, routes)
}
