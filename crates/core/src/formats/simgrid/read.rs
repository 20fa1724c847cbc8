//! Reading a SimGrid platform file into a [`Platform`] (see the module's conversion rules).
//!
//! The XML is parsed by `roxmltree` (a read-only tree that keeps every node's position, so a
//! message can name the line of the element that caused it). Every problem is collected, each
//! at `line N`, before anything is returned.

use std::collections::HashMap;

use num_traits::Zero;
use roxmltree::{Document, Node as XNode, ParsingOptions};

use super::{Conversion, Imported};
use crate::formats::units::{self, Quantity};
use crate::issue::{quote, Issue, Issues};
use crate::platform::{Link, Node, Platform, MAX_JSON_BYTES};
use crate::rational::{Cost, Q};

/// Routing schemes of a flat zone that map onto a HetLab graph.
const ROUTINGS: [&str; 4] = ["Full", "Floyd", "Dijkstra", "DijkstraCache"];

/// Elements HetLab cannot represent, with what to do instead.
const REFUSED: [(&str, &str); 14] = [
    (
        "cluster",
        "clusters are not supported yet; describe the hosts, links and routes one by one",
    ),
    (
        "cabinet",
        "cabinets are not supported; describe the hosts, links and routes one by one",
    ),
    ("peer", "peers (Vivaldi zones) are not supported"),
    (
        "include",
        "includes are not supported; paste the included file in place",
    ),
    (
        "zoneRoute",
        "routes between zones are not supported; use one flat zone",
    ),
    (
        "ASroute",
        "routes between zones are not supported; use one flat zone",
    ),
    ("bypassRoute", "bypass routes are not supported"),
    ("bypassZoneRoute", "bypass routes are not supported"),
    ("bypassASroute", "bypass routes are not supported"),
    ("trace", "availability traces are not supported"),
    ("trace_connect", "availability traces are not supported"),
    ("storage", "storage is not supported"),
    ("storage_type", "storage is not supported"),
    (
        "backbone",
        "backbones belong to clusters, which are not supported",
    ),
];

/// Most XML nodes read (a 1 MiB file holds far fewer real elements).
const NODES_LIMIT: u32 = 200_000;

/// One direction of a HetLab link: its cost and latency, and the line of its route.
#[derive(Clone)]
pub(super) struct Way {
    pub(super) c: Q,
    pub(super) lat: Q,
    pub(super) line: u32,
}

/// Two netpoints joined by routes, in the order of their first route.
pub(super) struct Pair {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) fwd: Option<Way>,
    pub(super) back: Option<Way>,
}

/// The reading in progress: what was found so far, and every problem.
pub(super) struct Reader<'a, 'i> {
    pub(super) doc: &'a Document<'i>,
    pub(super) conv: &'a Conversion,
    pub(super) issues: Vec<Issue>,
    pub(super) notes: Vec<String>,
    pub(super) nodes: Vec<Node>,
    pub(super) index: HashMap<String, usize>,
    /// Bandwidth, latency and HetLab's exact cost (`hetlab:c`) of each link.
    pub(super) links: HashMap<String, (Q, Q, Option<Q>)>,
    pub(super) pairs: Vec<Pair>,
    pub(super) pair_of: HashMap<(usize, usize), usize>,
    pub(super) masters: Vec<usize>,
}

/// Reads a SimGrid platform file.
///
/// ```
/// use hetlab_core::formats::simgrid::{from_xml, Conversion};
/// use hetlab_core::rational::{q, Cost};
/// let xml = r#"<?xml version='1.0'?>
/// <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
/// <platform version="4.1">
///   <zone id="world" routing="Full">
///     <host id="Tremblay" speed="25Mf"/>
///     <host id="Jupiter" speed="50Mf"/>
///     <link id="1" bandwidth="125MBps" latency="100us"/>
///     <route src="Tremblay" dst="Jupiter"><link_ctn id="1"/></route>
///   </zone>
/// </platform>"#;
/// let got = from_xml(xml, &Conversion::default()).unwrap();
/// let p = &got.platform;
/// assert_eq!(p.nodes[1].w, Some(Cost::Finite(q(20, 1))));
/// assert_eq!(p.links[0].c, Cost::Finite(q(1, 125)));
/// assert_eq!(p.links[0].lcomm, Some(q(1, 10_000)));
/// ```
///
/// # Errors
/// Every problem, each at `line N` with the element and the reason: unreadable XML, an
/// unsupported element, an unknown reference, a value without a valid unit.
pub fn from_xml(text: &str, conv: &Conversion) -> Result<Imported, Issues> {
    if text.len() > MAX_JSON_BYTES {
        return Err(Issues::one(
            "",
            format!(
                "the file is too large ({} bytes; at most {MAX_JSON_BYTES})",
                text.len()
            ),
        ));
    }
    if let Some(at) = text.find("<!ENTITY") {
        let line = text[..at].matches('\n').count() + 1;
        return Err(Issues::one(
            format!("line {line}"),
            "entity declarations are not supported in platform files",
        ));
    }
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: NODES_LIMIT,
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| {
        Issues::one(
            format!("line {}", e.pos().row),
            format!("not readable as XML: {e}"),
        )
    })?;
    let mut r = Reader {
        doc: &doc,
        conv,
        issues: Vec::new(),
        notes: Vec::new(),
        nodes: Vec::new(),
        index: HashMap::new(),
        links: HashMap::new(),
        pairs: Vec::new(),
        pair_of: HashMap::new(),
        masters: Vec::new(),
    };
    r.platform(doc.root_element());
    r.finish()
}

impl Reader<'_, '_> {
    pub(super) fn line(&self, n: XNode<'_, '_>) -> u32 {
        self.doc.text_pos_at(n.range().start).row
    }

    pub(super) fn fail(&mut self, n: XNode<'_, '_>, message: impl Into<String>) {
        let line = self.line(n);
        self.issues.push(Issue::new(
            format!("line {line}"),
            format!("<{}>: {}", n.tag_name().name(), message.into()),
        ));
    }

    pub(super) fn note(&mut self, n: XNode<'_, '_>, message: &str) {
        let line = self.line(n);
        self.notes
            .push(format!("line {line}: <{}> {message}", n.tag_name().name()));
    }

    pub(super) fn attr<'n>(&mut self, n: XNode<'n, '_>, name: &str) -> Option<&'n str> {
        let v = n.attribute(name);
        if v.is_none() {
            self.fail(n, format!("the attribute {name} is missing"));
        }
        v
    }

    /// Reads attribute `name` of `n` as quantity `q` (`default` when absent).
    pub(super) fn amount(
        &mut self,
        n: XNode<'_, '_>,
        name: &str,
        q: Quantity,
        default: Option<&str>,
    ) -> Option<Q> {
        let text = match (n.attribute(name), default) {
            (Some(t), _) => t,
            (None, Some(d)) => d,
            (None, None) => return self.attr(n, name).map(|_| Q::zero()),
        };
        match units::parse(text, q) {
            Ok(v) => {
                if v.bare && !v.value.is_zero() {
                    self.note(
                        n,
                        &format!("{name} {} has no unit; read as {}", quote(text), q.base()),
                    );
                }
                Some(v.value)
            }
            Err(e) => {
                self.fail(n, format!("{name}: {e}"));
                None
            }
        }
    }

    fn platform(&mut self, root: XNode<'_, '_>) {
        if root.tag_name().name() != "platform" {
            self.fail(
                root,
                "a SimGrid platform file starts with <platform version=\"4.1\">",
            );
            return;
        }
        let version = root.attribute("version").unwrap_or("0.0");
        if !(version == "4" || version.starts_with("4.")) {
            self.fail(
                root,
                format!(
                    "version {} is not read: HetLab reads version 4.1 (SimGrid's simgrid_update_xml converts older files)",
                    quote(version)
                ),
            );
            return;
        }
        let mut zones = 0;
        for child in root.children().filter(XNode::is_element) {
            match child.tag_name().name() {
                "zone" | "AS" => {
                    zones += 1;
                    if zones > 1 {
                        self.fail(
                            child,
                            "only one zone is supported (HetLab reads flat platforms)",
                        );
                    } else {
                        self.zone(child);
                    }
                }
                "config" | "random" | "prop" => {
                    self.note(child, "is skipped (no HetLab equivalent)");
                }
                "actor" | "process" => self.note(child, "is deployment, not platform; skipped"),
                name => self.refuse(child, name),
            }
        }
        if zones == 0 {
            self.fail(
                root,
                "no <zone> found: put the hosts, links and routes in one <zone routing=\"Full\">",
            );
        }
    }

    fn refuse(&mut self, n: XNode<'_, '_>, name: &str) {
        let why = REFUSED.iter().find(|(tag, _)| *tag == name).map_or(
            "is not a SimGrid platform element HetLab knows",
            |(_, why)| why,
        );
        self.fail(n, why);
    }

    fn zone(&mut self, z: XNode<'_, '_>) {
        let routing = z.attribute("routing").unwrap_or("");
        if !ROUTINGS.contains(&routing) {
            self.fail(
                z,
                format!(
                    "routing {} is not supported (HetLab reads Full, Floyd, Dijkstra and DijkstraCache zones)",
                    quote(routing)
                ),
            );
            return;
        }
        let mut routes = Vec::new();
        for child in z.children().filter(XNode::is_element) {
            match child.tag_name().name() {
                "host" => self.host(child),
                "router" => self.router(child),
                "link" => self.link(child),
                "route" => routes.push(child),
                "prop" => {}
                "zone" | "AS" => self.fail(
                    child,
                    "nested zones are not supported; flatten the platform into one zone",
                ),
                name => self.refuse(child, name),
            }
        }
        // Routes may name links defined after them; read them last.
        for r in routes {
            self.route(r);
        }
    }

    fn finish(mut self) -> Result<Imported, Issues> {
        let first_host = self.nodes.iter().position(|n| n.w != Some(Cost::Inf));
        if first_host.is_none() && self.issues.is_empty() {
            self.issues
                .push(Issue::new("", "the platform has no <host>"));
        }
        if !self.issues.is_empty() {
            return Err(Issues(self.issues));
        }
        if self.masters.is_empty() {
            if let Some(k) = first_host {
                self.notes.push(format!(
                    "{} (the first host) holds the tasks: mark another with <prop id=\"hetlab:master\" value=\"yes\"/>",
                    quote(&self.nodes[k].id.to_string())
                ));
                self.masters.push(k);
            }
        }
        for &k in &self.masters {
            self.nodes[k].master = true;
        }
        let links = self
            .pairs
            .iter()
            .filter_map(|p| to_link(p, &mut self.notes, &self.nodes))
            .collect();
        let name = self
            .doc
            .root_element()
            .children()
            .find(|c| c.has_tag_name("zone") || c.has_tag_name("AS"))
            .and_then(|z| z.attribute("id"))
            .map(str::to_owned);
        let platform = Platform {
            name,
            nodes: self.nodes,
            links,
        };
        // The platform goes through the one validating reader, like every user input.
        let platform = Platform::from_json(&platform.to_json(false))?;
        Ok(Imported {
            platform,
            notes: self.notes,
        })
    }
}

/// The HetLab link of a pair: undirected when both directions exist, directed otherwise.
fn to_link(p: &Pair, notes: &mut Vec<String>, netpoints: &[Node]) -> Option<Link> {
    let latency = |w: &Way| (!w.lat.is_zero()).then(|| w.lat.clone());
    let (from, to, fwd, back) = match (&p.fwd, &p.back) {
        (Some(f), b) => (p.a, p.b, f, b.as_ref()),
        (None, Some(b)) => (p.b, p.a, b, None),
        (None, None) => return None,
    };
    let lcomm = match back {
        Some(b) if b.lat != fwd.lat => {
            notes.push(format!(
                "line {}: the routes between {} and {} have different latencies; HetLab keeps one, the larger",
                b.line,
                quote(&netpoints[from].id.to_string()),
                quote(&netpoints[to].id.to_string())
            ));
            latency(if b.lat > fwd.lat { b } else { fwd })
        }
        _ => latency(fwd),
    };
    Some(Link {
        from,
        to,
        c: Cost::Finite(fwd.c.clone()),
        c_back: back
            .filter(|b| b.c != fwd.c)
            .map(|b| Cost::Finite(b.c.clone())),
        directed: back.is_none(),
        lcomm,
    })
}
