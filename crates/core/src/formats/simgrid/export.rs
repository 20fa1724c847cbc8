//! A HetLab platform written as a SimGrid platform (version 4.1): SimGrid's `CM02` network
//! model without cross-traffic (so that a message takes `c + lcomm`, as in HetLab), one
//! `Floyd` zone, a host per node ([`super::export_nodes`]), and per direction of each HetLab
//! link one SimGrid link and one one-way route; a one-way HetLab link also gets a way back
//! marked `hetlab:ack-only`, which the importer drops.

use super::export_nodes::{element, in_comment, node};
use super::Conversion;
use crate::formats::units::{write, Quantity};
use crate::formats::xml_escape as esc;
use crate::platform::{Link, Platform};
use crate::rational::{format_q, Q};

/// The network model written in every export, with why (SimGrid 3.32's measured factors).
pub const MODEL_CONFIG: &str = "  <!-- SimGrid's default network model (LV08) makes a message take c / 0.97 (c × 105/97 when its acknowledgements share the link) and counts every latency 13.01 times, and aborts without a route back for the acknowledgements. CM02 without cross-traffic times a message of S bytes over a route as S / bandwidth + latency: HetLab's c + lcomm, once TCP's window bound (TCP-gamma / (2 × latency), which slows links of long latency) is off. -->
  <config>
    <prop id=\"network/model\" value=\"CM02\"/>
    <prop id=\"network/crosstraffic\" value=\"0\"/>
    <prop id=\"network/TCP-gamma\" value=\"0\"/>
  </config>
";

/// The SimGrid XML of `p`, converting `w` and `c` back to rates with `conv` (the inverse of
/// [`super::from_xml`]: `speed = flops / w`, `bandwidth = bytes / c`, `latency = lcomm`).
/// What SimGrid does differently (masters and relays with `w = inf`, one-way links, a batch
/// latency `lcalc`) is said in XML comments and kept in `hetlab:` properties.
///
/// ```
/// use hetlab_core::formats::simgrid::{to_xml, Conversion};
/// use hetlab_core::platform::Platform;
/// let p = Platform::from_json(r#"{"nodes": [{"id": "A", "w": 1, "master": true}, {"id": "B", "w": 2}],
///     "links": [{"from": "A", "to": "B", "c": "1/2"}]}"#).unwrap();
/// let xml = to_xml(&p, &Conversion::default());
/// assert!(xml.contains(r#"<prop id="network/model" value="CM02"/>"#));
/// assert!(xml.contains(r#"<host id="B" speed="500000000f"/>"#));
/// assert!(xml.contains(r#"<link id="l0" bandwidth="2000000Bps" latency="0s"/>"#));
/// assert!(xml.contains(r#"<route src="B" dst="A" symmetrical="NO"><link_ctn id="l0-back"/></route>"#));
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
    out.push_str(MODEL_CONFIG);
    let name = p.name.as_deref().filter(|n| !n.trim().is_empty());
    out.push_str(&format!(
        "  <zone id=\"{}\" routing=\"Floyd\">\n",
        esc(name.unwrap_or(UNNAMED))
    ));
    if name.is_none() {
        out.push_str("    <prop id=\"hetlab:unnamed\" value=\"yes\"/>\n");
    }
    if !p.nodes.iter().any(|n| n.master) {
        // HetLab's reader would otherwise make the first host the master.
        out.push_str("    <prop id=\"hetlab:master\" value=\"none\"/>\n");
    }
    for n in &p.nodes {
        out.push_str(&node(n, conv));
    }
    if !p.links.is_empty() {
        out.push_str("    <!-- Each direction of a HetLab link is its own SimGrid link, as in HetLab: messages crossing in opposite directions do not share bandwidth. -->\n");
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

/// The zone's id when the platform has no name (marked `hetlab:unnamed`, read back as none).
pub const UNNAMED: &str = "hetlab";

/// The `<link>` of one direction, cost `c` (`hetlab:c` when the bandwidth is not a short
/// decimal), with `extra` properties.
fn link_def(
    name: &str,
    c: &Q,
    latency: &str,
    conv: &Conversion,
    extra: &[(&str, String)],
) -> String {
    let bw = &conv.bytes / c;
    let mut props: Vec<(&str, String)> = Vec::new();
    if format_q(&bw).contains('/') {
        props.push(("hetlab:c", format_q(c)));
    }
    props.extend(extra.iter().cloned());
    let attrs = format!(
        "bandwidth=\"{}\" latency=\"{latency}\"",
        write(&bw, Quantity::Bandwidth)
    );
    element("link", name, &attrs, &props)
}

fn route(src: &str, dst: &str, name: &str) -> String {
    format!("    <route src=\"{src}\" dst=\"{dst}\" symmetrical=\"NO\"><link_ctn id=\"{name}\"/></route>\n")
}

/// The `<link>` definitions and the `<route>`s of HetLab link `k`.
fn link(p: &Platform, k: usize, l: &Link, conv: &Conversion) -> (String, String) {
    let (a, b) = (
        esc(&p.nodes[l.from].id.to_string()),
        esc(&p.nodes[l.to].id.to_string()),
    );
    let latency = write(&l.lcomm.clone().unwrap_or_default(), Quantity::Time);
    let fwd = l.c.finite();
    let back = if l.directed {
        None
    } else {
        l.c_back.as_ref().unwrap_or(&l.c).finite()
    };
    let (mut defs, mut routes) = (String::new(), String::new());
    let name = format!("l{k}");
    let back_name = format!("l{k}-back");
    // A one-way link is marked, so that two one-way links in opposite directions stay two.
    let one_way = [("hetlab:one-way", "yes".to_owned())];
    let fwd_props: &[(&str, String)] = if back.is_none() { &one_way } else { &[] };
    if let Some(c) = fwd {
        defs.push_str(&link_def(&name, c, &latency, conv, fwd_props));
        routes.push_str(&route(&a, &b, &name));
    }
    match (fwd, back) {
        (_, Some(cb)) => {
            defs.push_str(&link_def(&back_name, cb, &latency, conv, &[]));
            routes.push_str(&route(&b, &a, &back_name));
        }
        // Another link already goes back: SimGrid refuses two routes from b to a.
        (Some(_), None) if p.arcs().iter().any(|r| r.from == l.to && r.to == l.from) => {}
        (Some(c), None) => {
            // SimGrid's models may need a route back (acknowledgements, cross-traffic).
            let ack = format!("l{k}-ack");
            let (ca, cb) = (in_comment(&a), in_comment(&b));
            defs.push_str(&format!("    <!-- {ack}: {ca} → {cb} is one-way in HetLab; this way back only lets SimGrid acknowledge messages (no schedule sends on it; HetLab's importer drops it). -->\n"));
            let mark = [("hetlab:ack-only", "yes".to_owned())];
            defs.push_str(&link_def(&ack, c, &latency, conv, &mark));
            routes.push_str(&route(&b, &a, &ack));
        }
        (None, None) => {}
    }
    (defs, routes)
}
