//! Platforms of nested zones, clusters, zone routes and bypass routes: read into a [`Net`] (the
//! zone tree SimGrid builds), then flattened (see [`super::flatten`]).

use roxmltree::Node as XNode;

use super::read::Reader;
use super::shortest::{floyd, FLOYD_LIMIT};
use super::zones::{Kind, Routing, Star, ZRoute};
use crate::issue::quote;

/// Deepest nesting of zones read.
const MAX_NESTING: u32 = 32;

/// Routing schemes refused, with why.
const NOT_HETLAB: [(&str, &str); 1] = [(
    "Vivaldi",
    "Vivaldi zones place hosts by coordinates (latency = distance), not by links: there is no HetLab graph to read",
)];

impl Reader<'_, '_> {
    /// Reads zone `z` (and everything in it) as a child of zone `parent`.
    pub(super) fn nested_zone(&mut self, z: XNode<'_, '_>, parent: Option<usize>, depth: u32) {
        if depth > MAX_NESTING {
            return self.fail(z, format!("zones nested deeper than {MAX_NESTING}"));
        }
        let Some(id) = self.attr(z, "id") else { return };
        let routing = match z.attribute("routing").unwrap_or("") {
            "Full" => Routing::Full,
            "Floyd" => Routing::Floyd(Vec::new()),
            "Dijkstra" | "DijkstraCache" => Routing::Dijkstra,
            "None" => Routing::Empty,
            "Cluster" => Routing::Star(Vec::new()),
            "Wifi" | "WIFI" => Routing::Wifi {
                ap: None,
                link: None,
            },
            other => {
                let why = NOT_HETLAB.iter().find(|(r, _)| *r == other).map_or_else(
                    || format!("routing {} is not a SimGrid 3.32 routing HetLab reads (Full, Floyd, Dijkstra, DijkstraCache, None, Cluster, Wifi)", quote(other)),
                    |(_, why)| (*why).to_owned(),
                );
                return self.fail(z, why);
            }
        };
        if !self.fresh_name(z, id) {
            return;
        }
        let zi = self.net.add_zone(id, parent, routing, self.line(z));
        let entered = self.enter(id);
        let (mut routes, mut star) = (Vec::new(), Vec::new());
        for child in z.children().filter(XNode::is_element) {
            match child.tag_name().name() {
                "host" => self.nested_host(child, zi),
                "router" => {
                    if let Some(r) = self.attr(child, "id") {
                        if self.fresh_name(child, r) {
                            self.net
                                .add_point(r, Some(zi), Kind::Router, self.line(child));
                        }
                    }
                }
                "link" if matches!(self.net.zones[zi].routing, Routing::Wifi { .. }) => {
                    self.wifi_link(child, zi);
                }
                "link" => self.nested_link(child),
                "route" | "zoneRoute" | "ASroute" | "bypassRoute" | "bypassZoneRoute"
                | "bypassASroute" => routes.push(child),
                "zone" | "AS" => self.nested_zone(child, Some(zi), depth + 1),
                "cluster" => self.cluster(child, Some(zi)),
                "host_link" | "backbone" | "cabinet" => star.push(child),
                "prop" => self.zone_prop(child),
                name => self.refuse(child, name),
            }
        }
        self.seal(z, zi, &star, routes);
        self.leave(entered);
    }

    /// Zone `zi` (element `z`) once its elements are read: its star (`routing="Cluster"`), its
    /// routes (they may name what comes after them), its Floyd tables.
    fn seal(
        &mut self,
        z: XNode<'_, '_>,
        zi: usize,
        star: &[XNode<'_, '_>],
        routes: Vec<XNode<'_, '_>>,
    ) {
        if matches!(self.net.zones[zi].routing, Routing::Wifi { .. }) {
            self.seal_wifi(z, zi);
        }
        if matches!(self.net.zones[zi].routing, Routing::Star(_)) {
            self.star_zone(zi, star);
        } else if let Some(first) = star.first() {
            self.fail(*first, "belongs in a <zone routing=\"Cluster\">");
        }
        for r in routes {
            self.nested_route(r, zi);
        }
        if matches!(self.net.zones[zi].routing, Routing::Floyd(_)) {
            if self.net.zones[zi].vertices.len() > FLOYD_LIMIT {
                return self.fail(
                    z,
                    format!("a Floyd zone of more than {FLOYD_LIMIT} hosts, routers and zones"),
                );
            }
            self.net.zones[zi].routing = Routing::Floyd(floyd(&self.net.zones[zi]));
        }
    }

    /// Whether `name` is not yet a netpoint (else the message).
    fn fresh_name(&mut self, n: XNode<'_, '_>, name: &str) -> bool {
        let fresh = !self.net.by_name.contains_key(name);
        if !fresh {
            self.fail(n, format!("duplicate id {}", quote(name)));
        }
        fresh
    }

    fn nested_host(&mut self, h: XNode<'_, '_>, zi: usize) {
        let before = self.nodes.len();
        let Some(id) = h.attribute("id") else {
            return self.host(h);
        };
        if !self.fresh_name(h, id) {
            return;
        }
        if !self.makes_node() {
            self.route_only(id, zi, self.line(h));
            return;
        }
        self.host(h);
        if self.nodes.len() > before {
            self.net
                .add_point(id, Some(zi), Kind::Host(before), self.line(h));
        }
    }

    fn nested_link(&mut self, l: XNode<'_, '_>) {
        self.link(l);
        let Some(id) = l.attribute("id") else { return };
        let Some(def) = self.links.get(id) else {
            return;
        };
        let (bw, lat) = (def.bw.clone(), def.lat.clone());
        let mut names = vec![id.to_owned()];
        if l.attribute("sharing_policy") == Some("SPLITDUPLEX") {
            names.extend([format!("{id}_UP"), format!("{id}_DOWN")]);
        }
        for name in names {
            let k = self.net.add_link(bw.clone(), lat.clone());
            self.net.named.insert(name, k);
        }
    }

    /// `<zone routing="Cluster">`: each `<host_link>` is its host's way up and down, through
    /// the `<backbone>` when there is one.
    fn star_zone(&mut self, zi: usize, parts: &[XNode<'_, '_>]) {
        let mut bb = None;
        for b in parts.iter().filter(|p| p.has_tag_name("backbone")) {
            self.nested_link(*b);
            bb = b
                .attribute("id")
                .and_then(|id| self.net.named.get(id).copied());
        }
        for c in parts.iter().filter(|p| p.has_tag_name("cabinet")) {
            self.cabinet(*c, zi);
        }
        let mut star = vec![Star::default(); self.net.zones[zi].vertices.len()];
        for &(local, (up, down)) in &self.net.zones[zi].cabinet {
            star[local] = Star {
                up: [up].into_iter().chain(bb).collect(),
                down: bb.into_iter().chain([down]).collect(),
            };
        }
        for hl in parts.iter().filter(|p| p.has_tag_name("host_link")) {
            let (Some(id), Some(up), Some(down)) = (
                self.attr(*hl, "id"),
                self.attr(*hl, "up"),
                self.attr(*hl, "down"),
            ) else {
                continue;
            };
            let point = self
                .net
                .by_name
                .get(id)
                .copied()
                .filter(|&p| self.net.points[p].zone == Some(zi));
            let (up, down) = (
                self.net.named.get(up).copied(),
                self.net.named.get(down).copied(),
            );
            let (Some(p), Some(up), Some(down)) = (point, up, down) else {
                self.fail(*hl, "names a host of another zone or an unknown link");
                continue;
            };
            let local = self.net.points[p].local;
            star[local] = Star {
                up: [up].into_iter().chain(bb).collect(),
                down: bb.into_iter().chain([down]).collect(),
            };
        }
        self.net.zones[zi].routing = Routing::Star(star);
    }

    /// A route, zone route or bypass route of zone `zi`.
    fn nested_route(&mut self, r: XNode<'_, '_>, zi: usize) {
        let tag = r.tag_name().name();
        let zone_route = matches!(
            tag,
            "zoneRoute" | "ASroute" | "bypassZoneRoute" | "bypassASroute"
        );
        let point = |me: &mut Self, attr: &str| {
            let name = me.attr(r, attr)?;
            let p = me.net.by_name.get(name).copied();
            if p.is_none() {
                me.fail(r, format!("unknown host, router or zone {}", quote(name)));
            }
            p
        };
        let (src, dst) = (point(self, "src"), point(self, "dst"));
        let (gw_src, gw_dst) = if zone_route {
            (point(self, "gw_src"), point(self, "gw_dst"))
        } else {
            (None, None)
        };
        let Some(links) = self.link_list(r) else {
            return;
        };
        let (Some(src), Some(dst)) = (src, dst) else {
            return;
        };
        if zone_route && (gw_src.is_none() || gw_dst.is_none()) {
            return;
        }
        let route = ZRoute {
            gw_src,
            gw_dst,
            links,
        };
        if tag.starts_with("bypass") {
            if self.net.zones[zi]
                .bypass
                .insert((src, dst), route)
                .is_some()
            {
                self.fail(r, "this bypass route is given twice");
            }
            return;
        }
        let here =
            |p: usize| (self.net.points[p].zone == Some(zi)).then_some(self.net.points[p].local);
        let (Some(a), Some(b)) = (here(src), here(dst)) else {
            return self.fail(r, "its ends must be hosts, routers or zones of this zone");
        };
        if a == b {
            return;
        }
        self.add_route(r, zi, (a, b), route);
    }

    /// Route `route` of zone `zi` from local id `a` to `b` (and back unless
    /// `symmetrical="NO"`), given by element `r`.
    fn add_route(&mut self, r: XNode<'_, '_>, zi: usize, (a, b): (usize, usize), route: ZRoute) {
        let symmetrical = !matches!(r.attribute("symmetrical"), Some("NO" | "no"));
        let back = symmetrical.then(|| ZRoute {
            gw_src: route.gw_dst,
            gw_dst: route.gw_src,
            links: route.links.iter().rev().copied().collect(),
        });
        for (key, route) in [((a, b), Some(route)), ((b, a), back)] {
            let Some(route) = route else { continue };
            let zone = &mut self.net.zones[zi];
            if zone.routes.insert(key, route).is_some() {
                return self.fail(r, "this route is already given (routes are symmetrical unless symmetrical=\"NO\")");
            }
            zone.order.push(key);
        }
    }

    /// The links of a route, each `<link_ctn>` by id (and `direction` of a `SPLITDUPLEX` link).
    fn link_list(&mut self, r: XNode<'_, '_>) -> Option<Vec<usize>> {
        let mut links = Vec::new();
        for ctn in r.children().filter(XNode::is_element) {
            let id = if ctn.has_tag_name("link_ctn") {
                self.attr(ctn, "id")?
            } else {
                self.fail(ctn, "a route holds only <link_ctn id=\"…\"/> elements");
                return None;
            };
            let directed = ctn.attribute("direction").map(|d| format!("{id}_{d}"));
            let k = directed
                .and_then(|d| self.net.named.get(&d))
                .or_else(|| self.net.named.get(id));
            let Some(&k) = k else {
                self.fail(ctn, format!("unknown link {}", quote(id)));
                return None;
            };
            links.push(k);
        }
        if links.is_empty() {
            self.fail(r, "a route needs at least one <link_ctn>");
            return None;
        }
        Some(links)
    }
}
