//! Reading a SimGrid platform file into a [`Platform`] (see the module's conversion rules).
//!
//! The XML is parsed by `roxmltree` (a read-only tree that keeps every node's position, so a
//! message can name the line of the element that caused it). Every problem is collected, each
//! at `line N`, before anything is returned.

use std::collections::HashMap;

use num_traits::Zero;
use roxmltree::{Document, Node as XNode, ParsingOptions};

use super::only::{Only, Select};
use super::{Conversion, Imported};
use crate::formats::units::{self, Quantity};
use crate::issue::{quote, Issue, Issues};
use crate::platform::{Link, Node, Platform, MAX_JSON_BYTES};
use crate::rational::{Cost, Q};

/// Most XML nodes read (a 1 MiB file holds far fewer real elements).
const NODES_LIMIT: u32 = 200_000;

/// One direction of a HetLab link: its cost and latency, and the line of its route.
#[derive(Clone)]
pub(super) struct Way {
    pub(super) c: Q,
    pub(super) lat: Q,
    pub(super) line: u32,
    /// Over a `hetlab:one-way` link: a HetLab link of its own.
    pub(super) alone: bool,
}

/// A `<link>`: bandwidth, latency, HetLab's exact cost (`hetlab:c`), and whether HetLab
/// wrote it only as the way back of a one-way link (`hetlab:ack-only`) or as a one-way link
/// (`hetlab:one-way`: its route is a HetLab link of its own, never merged with the way back).
pub(super) struct LinkDef {
    pub(super) bw: Q,
    pub(super) lat: Q,
    pub(super) exact: Option<Q>,
    pub(super) ack_only: bool,
    pub(super) one_way: bool,
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
    /// Each link by id.
    pub(super) links: HashMap<String, LinkDef>,
    pub(super) pairs: Vec<Pair>,
    /// The pair of two netpoints (the smaller first), or of a one-way route (its ends, `true`).
    pub(super) pair_of: HashMap<(usize, usize, bool), usize>,
    pub(super) masters: Vec<usize>,
    /// The zone is marked `hetlab:unnamed` (an export of a platform without a name).
    pub(super) unnamed: bool,
    /// The zone is marked `hetlab:master = none` (an export of a platform without a master).
    pub(super) no_master: bool,
    /// The zone tree of a platform that is not one flat zone (clusters, nested zones).
    pub(super) net: super::zones::Net,
    /// Which hosts become HetLab nodes (the zone and the number kept; `select.rs` reads it).
    pub(super) select: Select,
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
    from_xml_in(text, conv, &Only::default())
}

/// [`from_xml`], keeping as HetLab nodes only the hosts `only` names: those of one zone or
/// cluster, the first ones, or both; the others still carry routes, so the kept hosts' routes
/// are the ones SimGrid resolves in the whole file. A platform past HetLab's limits is refused
/// with its zones and their numbers of hosts, to choose one.
///
/// # Errors
/// As [`from_xml`]; also when no zone or cluster is called `only.zone`, or `only.first` is
/// not from 1 to HetLab's node limit.
pub fn from_xml_in(text: &str, conv: &Conversion, only: &Only) -> Result<Imported, Issues> {
    only.check()?;
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
    let doc = Document::parse_with_options(text, options).map_err(|e| unreadable(text, &e))?;
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
        unnamed: false,
        no_master: false,
        net: super::zones::Net::default(),
        select: Select::new(only.clone()),
    };
    r.platform(doc.root_element());
    r.finish()
}

/// Why `text` is not XML, at its line: roxmltree places a file that ends too early (a
/// truncated download) at line 1, so that case is placed on the file's last line.
fn unreadable(text: &str, e: &roxmltree::Error) -> Issues {
    use roxmltree::Error as E;
    let row = match e {
        E::UnexpectedEndOfStream | E::UnclosedRootNode => text.trim_end().matches('\n').count() + 1,
        _ => e.pos().row as usize,
    };
    let what = match e {
        E::UnexpectedEndOfStream | E::UnclosedRootNode => {
            format!("{e}: the file ends before its elements are closed (is it truncated?)")
        }
        _ => e.to_string(),
    };
    Issues::one(
        format!("line {row}"),
        format!("not readable as XML: {what}"),
    )
}

impl Reader<'_, '_> {
    pub(super) fn line(&self, n: XNode<'_, '_>) -> u32 {
        self.doc.text_pos_at(n.range().start).row
    }

    pub(super) fn fail(&mut self, n: XNode<'_, '_>, message: impl Into<String>) {
        let line = self.line(n);
        self.fail_at(line, n.tag_name().name(), message);
    }

    /// A problem of element `<tag>` at `line`.
    pub(super) fn fail_at(&mut self, line: u32, tag: &str, message: impl Into<String>) {
        self.issues.push(Issue::new(
            format!("line {line}"),
            format!("<{tag}>: {}", message.into()),
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

    fn finish(mut self) -> Result<Imported, Issues> {
        let first_host = self.nodes.iter().position(|n| n.w != Some(Cost::Inf));
        if first_host.is_none() && self.issues.is_empty() {
            self.issues
                .push(Issue::new("", "the platform has no <host>"));
        }
        if !self.issues.is_empty() {
            // Routes are read after their zone's other elements: put every message in line order.
            let line = |i: &Issue| {
                i.path
                    .strip_prefix("line ")
                    .and_then(|n| n.parse::<u32>().ok())
            };
            self.issues.sort_by_key(|i| line(i).unwrap_or(0));
            return Err(Issues(self.issues));
        }
        if self.masters.is_empty() && !self.no_master {
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
        let links = self.pairs.iter().flat_map(to_links).collect();
        let name = self
            .doc
            .root_element()
            .children()
            .find(|c| c.has_tag_name("zone") || c.has_tag_name("AS") || c.has_tag_name("cluster"))
            .and_then(|z| z.attribute("id"))
            .filter(|_| !self.unnamed)
            .map(str::to_owned);
        let platform = Platform {
            name,
            nodes: self.nodes,
            links,
        };
        // The platform goes through the one validating reader, like every user input.
        let json = platform.to_json(false);
        if json.len() > MAX_JSON_BYTES {
            return Err(Issues::one(
                "",
                format!(
                    "the platform read ({} nodes, {} links) is {} bytes of JSON, past HetLab's {MAX_JSON_BYTES}-byte documents; keep fewer hosts",
                    platform.nodes.len(),
                    platform.links.len(),
                    json.len()
                ),
            ));
        }
        let platform = Platform::from_json(&json)?;
        Ok(Imported {
            platform,
            notes: self.notes,
        })
    }
}

/// The HetLab links of a pair: one undirected link when both directions exist with the same
/// latency (`c_back` when their costs differ), else one directed link per direction (HetLab's
/// link has one `lcomm`; two one-way links keep both).
fn to_links(p: &Pair) -> Vec<Link> {
    let latency = |w: &Way| (!w.lat.is_zero()).then(|| w.lat.clone());
    let one_way = |from: usize, to: usize, w: &Way| Link {
        from,
        to,
        c: Cost::Finite(w.c.clone()),
        c_back: None,
        directed: true,
        lcomm: latency(w),
    };
    match (&p.fwd, &p.back) {
        (Some(f), Some(b)) if b.lat == f.lat => vec![Link {
            from: p.a,
            to: p.b,
            c: Cost::Finite(f.c.clone()),
            c_back: (b.c != f.c).then(|| Cost::Finite(b.c.clone())),
            directed: false,
            lcomm: latency(f),
        }],
        (f, b) => f
            .iter()
            .map(|f| one_way(p.a, p.b, f))
            .chain(b.iter().map(|b| one_way(p.b, p.a, b)))
            .collect(),
    }
}
