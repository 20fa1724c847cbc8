//! A platform of nested zones flattened into HetLab's graph: every pair of hosts that SimGrid
//! routes becomes a HetLab link with that route's slowest bandwidth (`c = bytes / min`) and
//! summed latency (`lcomm`), per direction, as one flat `Full` zone's routes are read. Routers,
//! switches and zones are not HetLab nodes: they only carry routes.

use num_traits::Zero;

use super::only::HOW;
use super::read::{Reader, Way};
use super::zones::{Kind, Net};
use crate::platform::MAX_LINKS;
use crate::rational::Q;

impl Reader<'_, '_> {
    /// Whether `n` hosts, each pair a link, fit HetLab's [`MAX_LINKS`] (else the message).
    fn fits(&mut self, n: usize) -> bool {
        let links = n * n.saturating_sub(1) / 2;
        if links > MAX_LINKS {
            let line = self.root_line();
            self.fail_at(
                line,
                "platform",
                format!(
                    "{n} hosts: flattened, each pair of hosts is a HetLab link, {links} links, past HetLab's {MAX_LINKS} (about 140 hosts): {HOW}"
                ),
            );
            let sizes = self.zone_sizes();
            self.fail_at(line, "platform", sizes);
        }
        links <= MAX_LINKS
    }

    /// Resolves the route of every ordered pair of hosts and adds it as one direction of a
    /// HetLab link; stops at the first pair past HetLab's limits (with its message).
    pub(super) fn flatten(&mut self) {
        let hosts: Vec<(usize, usize)> = (self.net.points.iter().enumerate())
            .filter_map(|(p, point)| match point.kind {
                Kind::Host(k) => Some((p, k)),
                _ => None,
            })
            .collect();
        if !self.fits(hosts.len()) {
            return;
        }
        let mut missing = 0usize;
        let mut links = Vec::new();
        for &(pa, ka) in &hosts {
            for &(pb, kb) in &hosts {
                if pa == pb {
                    continue;
                }
                links.clear();
                if self.net.global(pa, pb, &mut links, 0).is_err() || links.is_empty() {
                    missing += 1;
                    continue;
                }
                let net = &self.net;
                let Some(bw) = net.route_bandwidth(&links) else {
                    missing += 1;
                    continue;
                };
                let lat = links.iter().fold(Q::zero(), |s, &l| s + &net.links[l].lat);
                if bw.is_zero() {
                    continue;
                }
                let way = Way {
                    c: &self.conv.bytes / bw,
                    lat,
                    line: net.points[pa].line,
                    alone: false,
                };
                if !self.add_way(net.points[pa].line, ka, kb, way) {
                    return;
                }
            }
        }
        self.notes.push(format!(
            "the zones are flattened: each pair of the {} hosts is one HetLab link with its SimGrid route's slowest bandwidth and summed latency (routers and zones only carry routes; HetLab does not share a link between routes)",
            hosts.len()
        ));
        if self.net.links.iter().any(|l| l.wifi) {
            self.notes.push(
                "a message between two stations of one Wifi cell crosses its radio twice, at half its rate, as SimGrid times it; HetLab does not share the radio between messages (SimGrid does)"
                    .to_owned(),
            );
        }
        if missing > 0 {
            self.notes.push(format!(
                "{missing} ordered pairs of hosts have no route (SimGrid could not send between them either)"
            ));
        }
    }
}

impl Net {
    /// The bandwidth one message gets alone on route `links`, as SimGrid's CM02 model gives it:
    /// the slowest wired link, and a Wifi radio at the route's first and last link only, once
    /// per station it serves there (`1/rate` each), so a message between two stations of one
    /// cell gets half its rate; `None` for a radio inside the route (SimGrid aborts) or an
    /// empty route.
    pub(super) fn route_bandwidth(&self, links: &[usize]) -> Option<Q> {
        let (&front, &back) = (links.first()?, links.last()?);
        let last = links.len() - 1;
        let mut min: Option<Q> = None;
        let mut take = |bw: Q| {
            if min.as_ref().is_none_or(|m| bw < *m) {
                min = Some(bw);
            }
        };
        for (i, &l) in links.iter().enumerate() {
            let link = &self.links[l];
            if !link.wifi {
                take(link.bw.clone());
            } else if i != 0 && i != last {
                return None;
            } else if i == last && last > 0 && front == back {
                take(&link.bw / Q::from_integer(2.into()));
            } else if !(i == 0 && last > 0 && front == back) {
                take(link.bw.clone());
            }
        }
        min
    }
}
