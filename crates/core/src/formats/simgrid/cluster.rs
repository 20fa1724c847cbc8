//! `<cluster>` elements, expanded as SimGrid 3.32's `sg_platf_new_tag_cluster` expands them: a
//! flat cluster is a star zone (each host's private link, the backbone when `bb_bw` or `bb_lat`
//! is given, a limiter per host when `limiter_link` is), `TORUS`, `FAT_TREE` and `DRAGONFLY`
//! clusters are [`Topology`] zones. The sharing policy (`SHARED`, `SPLITDUPLEX`, `FATPIPE`)
//! changes how SimGrid shares a link between messages, not a route's bandwidth and latency, so
//! it changes nothing HetLab reads.

use num_traits::{One, Zero};
use roxmltree::Node as XNode;

use super::read::Reader;
use super::select::MAX_POINTS;
use super::topology::{Shape, Topology};
use super::zones::{Kind, Routing, Star};
use crate::formats::units::Quantity;
use crate::issue::quote;
use crate::platform::{Node, NodeId};
use crate::rational::{Cost, Q};

/// What a cluster's links are: each host's, the backbone's, the limiter's.
struct Links {
    bw: Q,
    lat: Q,
    bb: Option<(Q, Q)>,
    limiter: Option<Q>,
}

impl Reader<'_, '_> {
    /// Reads `<cluster>` `c` into zone `parent`.
    pub(super) fn cluster(&mut self, c: XNode<'_, '_>, parent: Option<usize>) {
        let Some(id) = self.attr(c, "id") else { return };
        let Some(names) = self.host_names(c) else {
            return;
        };
        let Some(links) = self.cluster_links(c) else {
            return;
        };
        let Some(w) = self.cluster_speed(c) else {
            return;
        };
        let shape = match c.attribute("topology").unwrap_or("FLAT") {
            "FLAT" => None,
            t => match Shape::parse(t, c.attribute("topo_parameters").unwrap_or(""), names.len()) {
                Ok(s) => Some(s),
                Err(why) => return self.fail(c, why),
            },
        };
        let z = self.net.add_zone(id, parent, Routing::Empty, self.line(c));
        let entered = self.enter(id);
        let made = names
            .iter()
            .all(|name| self.cluster_host(c, z, name, &w).is_some());
        self.leave(entered);
        if !made {
            return;
        }
        let link = self.net.add_link(links.bw.clone(), links.lat.clone());
        let limiter = links
            .limiter
            .clone()
            .map(|bw| self.net.add_link(bw, Q::zero()));
        self.net.zones[z].routing = if let Some(shape) = shape {
            Routing::Topology(self.topology(shape, &links, link, limiter))
        } else {
            let star = self.flat(names.len(), &links, limiter);
            let router = c.attribute("router_id").map_or_else(
                || format!("{}{id}_router{}", attr(c, "prefix"), attr(c, "suffix")),
                str::to_owned,
            );
            self.net
                .add_point(&router, Some(z), Kind::Router, self.line(c));
            star
        };
    }

    /// The hosts' names of a `<cluster>` or `<cabinet>`: `prefix`, each `radical`, `suffix`.
    fn host_names(&mut self, c: XNode<'_, '_>) -> Option<Vec<String>> {
        let room = MAX_POINTS.saturating_sub(self.net.points.len());
        match radicals(attr(c, "radical"), room) {
            Ok(r) => Some(
                r.iter()
                    .map(|r| format!("{}{r}{}", attr(c, "prefix"), attr(c, "suffix")))
                    .collect(),
            ),
            Err(why) => {
                self.fail(c, why);
                None
            }
        }
    }

    /// Host `name` of zone `z`, computing a task in `w` (made by element `c`); its netpoint.
    fn cluster_host(&mut self, c: XNode<'_, '_>, z: usize, name: &str, w: &Q) -> Option<usize> {
        if !self.makes_node() {
            return Some(self.route_only(name, z, self.line(c)));
        }
        let node = Node {
            id: NodeId::from_text(name),
            w: Some(Cost::Finite(w.clone())),
            master: false,
            lcalc: None,
            pos: None,
        };
        let k = self.netpoint(c, node)?;
        Some(
            self.net
                .add_point(name, Some(z), Kind::Host(k), self.line(c)),
        )
    }

    /// A `<cabinet>` of zone `zi` (`routing="Cluster"`): its hosts, each with a link up and a
    /// link down of `bw` and `lat`.
    pub(super) fn cabinet(&mut self, c: XNode<'_, '_>, zi: usize) {
        let Some(names) = self.host_names(c) else {
            return;
        };
        let bw = self.amount(c, "bw", Quantity::Bandwidth, None);
        let lat = self.amount(c, "lat", Quantity::Time, Some("0s"));
        let (Some(bw), Some(lat), Some(w)) = (bw, lat, self.cluster_speed(c)) else {
            return;
        };
        if bw.is_zero() {
            return self.fail(c, "bw must be > 0");
        }
        for name in &names {
            let Some(p) = self.cluster_host(c, zi, name, &w) else {
                return;
            };
            let up = self.net.add_link(bw.clone(), lat.clone());
            let down = self.net.add_link(bw.clone(), lat.clone());
            let local = self.net.points[p].local;
            self.net.zones[zi].cabinet.push((local, (up, down)));
        }
    }

    /// A flat cluster's star: per host `[limiter, link, backbone]` up, the reverse down.
    fn flat(&mut self, hosts: usize, links: &Links, limiter: Option<usize>) -> Routing {
        let bb = links.bb.clone().map(|(bw, lat)| self.net.add_link(bw, lat));
        let mut star = Vec::with_capacity(hosts + 1);
        for _ in 0..hosts {
            let own = self.net.add_link(links.bw.clone(), links.lat.clone());
            let up: Vec<usize> = limiter.into_iter().chain([own]).chain(bb).collect();
            let down = up.iter().rev().copied().collect();
            star.push(Star { up, down });
        }
        star.push(Star::default());
        Routing::Star(star)
    }

    fn topology(
        &mut self,
        shape: Shape,
        links: &Links,
        link: usize,
        limiter: Option<usize>,
    ) -> Topology {
        let shape = match shape {
            Shape::Dragonfly {
                size,
                green,
                black,
                blue,
            } => {
                let mut times = |k: usize| {
                    let count = Q::from_integer(k.into());
                    self.net.add_link(&links.bw * count, links.lat.clone())
                };
                let (green, black, blue) = (times(green), times(black), times(blue));
                Shape::Dragonfly {
                    size,
                    green,
                    black,
                    blue,
                }
            }
            other => other,
        };
        Topology {
            shape,
            link,
            limiter,
        }
    }

    /// `bw`, `lat`, `bb_bw`, `bb_lat`, `limiter_link`.
    fn cluster_links(&mut self, c: XNode<'_, '_>) -> Option<Links> {
        let bw = self.amount(c, "bw", Quantity::Bandwidth, None);
        let lat = self.amount(c, "lat", Quantity::Time, Some("0s"));
        let bb_bw = self.amount(c, "bb_bw", Quantity::Bandwidth, Some("0Bps"));
        let bb_lat = self.amount(c, "bb_lat", Quantity::Time, Some("0s"));
        let limiter = self.amount(c, "limiter_link", Quantity::Bandwidth, Some("0Bps"));
        let (bw, lat, bb_bw, bb_lat, limiter) = (bw?, lat?, bb_bw?, bb_lat?, limiter?);
        if bw.is_zero() || (bb_bw.is_zero() && !bb_lat.is_zero()) {
            self.fail(c, "bandwidths must be > 0");
            return None;
        }
        let bb = (!bb_bw.is_zero()).then_some((bb_bw, bb_lat));
        let limiter = (!limiter.is_zero()).then_some(limiter);
        Some(Links {
            bw,
            lat,
            bb,
            limiter,
        })
    }

    /// Each host's `w`: `flops / (speed × core)`.
    fn cluster_speed(&mut self, c: XNode<'_, '_>) -> Option<Q> {
        let speed = self.speed(c)?;
        let core = match c.attribute("core").map(str::trim) {
            None => Q::one(),
            Some(t) => match t.parse::<u32>() {
                Ok(k) if k >= 1 => Q::from_integer(k.into()),
                _ => {
                    self.fail(
                        c,
                        format!("core must be a whole number >= 1, got {}", quote(t)),
                    );
                    return None;
                }
            },
        };
        Some(&self.conv.flops / (speed * core))
    }
}

/// Attribute `name` of `c`, empty when absent.
fn attr<'a>(c: XNode<'a, '_>, name: &str) -> &'a str {
    c.attribute(name).unwrap_or("")
}

/// The numbers of `radical` (`"0-99"`, `"1,3,5-7"`), refused past `room` hosts before any is
/// made (a radical of a billion costs one message, not a billion netpoints).
fn radicals(text: &str, room: usize) -> Result<Vec<i64>, String> {
    let bad = || {
        format!(
            "radical {} is not a list of numbers and ranges (\"0-99\", \"1,3,5-7\")",
            quote(text)
        )
    };
    let mut ranges = Vec::new();
    let mut total: u64 = 0;
    for part in text.split(',') {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.trim().parse::<i64>(), b.trim().parse::<i64>()),
            None => (part.trim().parse::<i64>(), part.trim().parse::<i64>()),
        };
        let (Ok(a), Ok(b)) = (a, b) else {
            return Err(bad());
        };
        if b < a {
            return Err(bad());
        }
        total = total.saturating_add(b.abs_diff(a) + 1);
        ranges.push((a, b));
    }
    if total > room as u64 {
        return Err(format!(
            "this cluster has {total} hosts: HetLab reads at most {MAX_POINTS} hosts, routers and zones in one file{}",
            if room < MAX_POINTS {
                format!(" ({room} left)")
            } else {
                String::new()
            }
        ));
    }
    Ok(ranges.into_iter().flat_map(|(a, b)| a..=b).collect())
}
