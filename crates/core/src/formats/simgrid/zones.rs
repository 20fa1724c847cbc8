//! A SimGrid platform with nested zones, as SimGrid 3.32 holds it (`NetZoneImpl`): zones in a
//! tree, each with its netpoints (hosts, routers, child zones), its own routing and routes, and
//! the links. Routes are lists of link indices into [`Net::links`]; they are resolved in
//! [`super::net`].

use std::collections::HashMap;

use crate::rational::Q;

/// A link: bandwidth (bytes/s) and latency (s).
#[derive(Clone)]
pub(super) struct LinkVal {
    pub(super) bw: Q,
    pub(super) lat: Q,
    /// The radio cell of a `Wifi` zone: SimGrid counts it only at a route's ends, once per
    /// station it serves there (see [`super::flatten`]).
    pub(super) wifi: bool,
}

/// What a netpoint is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A host: its index among HetLab's nodes.
    Host(usize),
    /// A router (or a topology's switch): it only forwards.
    Router,
    /// The netpoint of a zone (its index in [`Net::zones`]).
    Zone(usize),
}

/// A netpoint: where it is (its englobing zone and its id there) and what it is.
pub(super) struct Point {
    pub(super) name: String,
    /// The englobing zone (`None` for the root zone's own netpoint).
    pub(super) zone: Option<usize>,
    /// Its id in its zone (SimGrid's `NetPoint::id`, the order of creation).
    pub(super) local: usize,
    pub(super) kind: Kind,
    /// The line of the element that made it.
    pub(super) line: u32,
}

/// A route as a zone stores it: gateways (zone routes) and links.
#[derive(Clone, Default)]
pub(super) struct ZRoute {
    pub(super) gw_src: Option<usize>,
    pub(super) gw_dst: Option<usize>,
    pub(super) links: Vec<usize>,
}

/// How a zone routes between its own netpoints.
pub(super) enum Routing {
    /// `Full`: only the routes given.
    Full,
    /// `Floyd`: shortest paths by number of links, SimGrid's tables (`pred[a][b]`).
    Floyd(Vec<Vec<Option<usize>>>),
    /// `Dijkstra` / `DijkstraCache`: shortest paths by number of links.
    Dijkstra,
    /// `None`: no route at all.
    Empty,
    /// A flat cluster or `routing="Cluster"` (SimGrid's `StarZone`): per local id, the links
    /// up to the star and down from it.
    Star(Vec<Star>),
    /// `TORUS`, `FAT_TREE` and `DRAGONFLY` clusters.
    Topology(super::topology::Topology),
    /// `Wifi` (SimGrid's `WifiZone`): every netpoint but the access point reaches it over the
    /// zone's one radio link.
    Wifi {
        /// The access point (a netpoint), from the zone's `access_point` property.
        ap: Option<usize>,
        /// The radio link (an index into [`Net::links`]).
        link: Option<usize>,
    },
}

/// One netpoint of a star: its links up and down.
#[derive(Clone, Default)]
pub(super) struct Star {
    pub(super) up: Vec<usize>,
    pub(super) down: Vec<usize>,
}

/// A zone: its netpoint, parent, netpoints in order, routing, routes and bypass routes.
pub(super) struct Zone {
    pub(super) point: usize,
    pub(super) parent: Option<usize>,
    pub(super) vertices: Vec<usize>,
    pub(super) routing: Routing,
    /// Routes by (source, destination) local ids, and their order (Dijkstra's graph).
    pub(super) routes: HashMap<(usize, usize), ZRoute>,
    pub(super) order: Vec<(usize, usize)>,
    /// Bypass routes by (source, destination) netpoints.
    pub(super) bypass: HashMap<(usize, usize), ZRoute>,
    /// Whether the zone holds other zones (SimGrid's recursive routing mode).
    pub(super) recursive: bool,
    /// The hosts of its `<cabinet>`s (local id) with their links up and down.
    pub(super) cabinet: Vec<(usize, (usize, usize))>,
}

/// No route between two netpoints (SimGrid would fail on a message between them).
#[derive(Debug)]
pub(super) struct NoRoute;

/// The whole platform: netpoints, zones, links.
#[derive(Default)]
pub(super) struct Net {
    pub(super) points: Vec<Point>,
    pub(super) zones: Vec<Zone>,
    pub(super) links: Vec<LinkVal>,
    pub(super) by_name: HashMap<String, usize>,
    /// Each `<link>` of the file by id (`id_UP`, `id_DOWN` too for a `SPLITDUPLEX` one).
    pub(super) named: HashMap<String, usize>,
}

impl Net {
    /// Adds a netpoint in `zone` (`None`: the root zone's own); its index.
    pub(super) fn add_point(
        &mut self,
        name: &str,
        zone: Option<usize>,
        kind: Kind,
        line: u32,
    ) -> usize {
        let k = self.points.len();
        let local = match zone {
            Some(z) => {
                self.zones[z].vertices.push(k);
                self.zones[z].vertices.len() - 1
            }
            None => 0,
        };
        self.points.push(Point {
            name: name.to_owned(),
            zone,
            local,
            kind,
            line,
        });
        self.by_name.insert(name.to_owned(), k);
        k
    }

    /// Adds a zone and its netpoint; its index.
    pub(super) fn add_zone(
        &mut self,
        name: &str,
        parent: Option<usize>,
        routing: Routing,
        line: u32,
    ) -> usize {
        let z = self.zones.len();
        if let Some(p) = parent {
            self.zones[p].recursive = true;
        }
        self.zones.push(Zone {
            point: usize::MAX,
            parent,
            vertices: Vec::new(),
            routing,
            routes: HashMap::new(),
            order: Vec::new(),
            bypass: HashMap::new(),
            recursive: false,
            cabinet: Vec::new(),
        });
        self.zones[z].point = self.add_point(name, parent, Kind::Zone(z), line);
        z
    }

    /// A link of bandwidth `bw` and latency `lat`; its index.
    pub(super) fn add_link(&mut self, bw: Q, lat: Q) -> usize {
        self.links.push(LinkVal {
            bw,
            lat,
            wifi: false,
        });
        self.links.len() - 1
    }
}
