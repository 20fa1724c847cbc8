//! The `<platform>` and its one `<zone>`: which elements are read, skipped or refused.

use roxmltree::Node as XNode;

use super::read::Reader;
use crate::issue::quote;

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
        let (mut zones, before) = (0, self.issues.len());
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
                "config" if is_hetlab_config(child) => {}
                "config" | "random" | "prop" => {
                    self.note(child, "is skipped (no HetLab equivalent)");
                }
                "actor" | "process" => self.note(child, "is deployment, not platform; skipped"),
                name => self.refuse(child, name),
            }
        }
        // A file whose zone was refused (a lone <cluster>) has its reason already.
        if zones == 0 && self.issues.len() == before {
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
                "prop" => match (child.attribute("id"), child.attribute("value")) {
                    (Some("hetlab:unnamed"), Some("yes")) => self.unnamed = true,
                    (Some("hetlab:master"), Some("none")) => self.no_master = true,
                    _ => {}
                },
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
}

/// Whether `config` is the one HetLab writes ([`super::export::MODEL_CONFIG`]): read silently.
fn is_hetlab_config(config: XNode<'_, '_>) -> bool {
    let props: Vec<(Option<&str>, Option<&str>)> = config
        .children()
        .filter(XNode::is_element)
        .map(|p| (p.attribute("id"), p.attribute("value")))
        .collect();
    props
        == [
            (Some("network/model"), Some("CM02")),
            (Some("network/crosstraffic"), Some("0")),
        ]
}
