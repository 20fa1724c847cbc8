//! The `<platform>` and its one `<zone>`: which elements are read, skipped or refused.

use roxmltree::Node as XNode;

use super::read::Reader;
use crate::issue::quote;

/// Routing schemes of a flat zone that map onto a HetLab graph.
const ROUTINGS: [&str; 4] = ["Full", "Floyd", "Dijkstra", "DijkstraCache"];

/// Elements HetLab cannot represent, with why.
const REFUSED: [(&str, &str); 6] = [
    (
        "cabinet",
        "cabinets are not read; write each host with its <link>s and <host_link>",
    ),
    (
        "peer",
        "peers belong to Vivaldi zones (latency = distance between coordinates): no HetLab graph",
    ),
    (
        "include",
        "includes are not supported; paste the included file in place",
    ),
    ("storage", "storage is not part of a HetLab platform"),
    ("storage_type", "storage is not part of a HetLab platform"),
    ("mount", "storage is not part of a HetLab platform"),
];

impl Reader<'_, '_> {
    pub(super) fn platform(&mut self, root: XNode<'_, '_>) {
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
        if !is_flat(root) || self.select.is_some() {
            return self.nested(root);
        }
        for child in root.children().filter(XNode::is_element) {
            match child.tag_name().name() {
                "zone" | "AS" => self.zone(child),
                name => self.top_level(child, name),
            }
        }
    }

    /// The platform's elements other than its zone: configuration and deployment are skipped
    /// with a note, anything else refused.
    fn top_level(&mut self, child: XNode<'_, '_>, name: &str) {
        match name {
            "config" if is_hetlab_config(child) => {}
            "config" | "random" | "prop" => {
                self.note(child, "is skipped (no HetLab equivalent)");
            }
            "actor" | "process" => self.note(child, "is deployment, not platform; skipped"),
            name => self.refuse(child, name),
        }
    }

    /// A platform of clusters or nested zones: its one root zone (or cluster) read as SimGrid's
    /// zone tree, then flattened.
    fn nested(&mut self, root: XNode<'_, '_>) {
        let (mut roots, before) = (0, self.issues.len());
        for child in root.children().filter(XNode::is_element) {
            match child.tag_name().name() {
                name @ ("zone" | "AS" | "cluster") => {
                    roots += 1;
                    if roots > 1 {
                        self.fail(
                            child,
                            "a platform has one root zone; put the others inside it",
                        );
                    } else if name == "cluster" {
                        self.cluster(child, None);
                    } else {
                        self.nested_zone(child, None, 0);
                    }
                }
                name => self.top_level(child, name),
            }
        }
        if roots == 0 && self.issues.len() == before {
            self.fail(
                root,
                "no <zone> found: put the hosts, links and routes in one <zone routing=\"Full\">",
            );
        }
        let clean = self.issues.len() == before;
        if self.selected() && clean {
            self.flatten();
        }
    }

    /// A zone's `hetlab:` properties (an export of a platform without a name or a master).
    pub(super) fn zone_prop(&mut self, p: XNode<'_, '_>) {
        match (p.attribute("id"), p.attribute("value")) {
            (Some("hetlab:unnamed"), Some("yes")) => self.unnamed = true,
            (Some("hetlab:master"), Some("none")) => self.no_master = true,
            _ => {}
        }
    }

    pub(super) fn refuse(&mut self, n: XNode<'_, '_>, name: &str) {
        if matches!(name, "trace" | "trace_connect") {
            return self.note(
                n,
                "is skipped: HetLab platforms do not vary in time, so the speeds and bandwidths the file gives are used",
            );
        }
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
                "prop" => self.zone_prop(child),
                name => self.refuse(child, name),
            }
        }
        // Routes may name links defined after them; read them last.
        for r in routes {
            self.route(r);
        }
    }
}

/// Whether the platform is one flat zone of hosts, routers, links and routes, read as it is
/// (its routes are HetLab's links, routers included), as HetLab's own exports are.
fn is_flat(root: XNode<'_, '_>) -> bool {
    let mut zones = root
        .children()
        .filter(|c| ["zone", "AS", "cluster"].contains(&c.tag_name().name()));
    let (Some(zone), None) = (zones.next(), zones.next()) else {
        return false;
    };
    let routing = zone.attribute("routing").unwrap_or("");
    !zone.has_tag_name("cluster")
        && ROUTINGS.contains(&routing)
        && zone
            .children()
            .filter(XNode::is_element)
            .all(|c| ["host", "router", "link", "route", "prop"].contains(&c.tag_name().name()))
}

/// Whether `config` is the one HetLab writes ([`super::export::MODEL_CONFIG`]): read silently.
fn is_hetlab_config(config: XNode<'_, '_>) -> bool {
    let props: Vec<(Option<&str>, Option<&str>)> = config
        .children()
        .filter(XNode::is_element)
        .map(|p| (p.attribute("id"), p.attribute("value")))
        .collect();
    let model = [
        (Some("network/model"), Some("CM02")),
        (Some("network/crosstraffic"), Some("0")),
        (Some("network/TCP-gamma"), Some("0")),
    ];
    // Exports before the TCP window bound was switched off lack the last line.
    props == model || props == model[..2]
}
