//! A platform of nested zones flattened into HetLab's graph: every pair of hosts that SimGrid
//! routes becomes a HetLab link with that route's slowest bandwidth (`c = bytes / min`) and
//! summed latency (`lcomm`), per direction, as one flat `Full` zone's routes are read. Routers,
//! switches and zones are not HetLab nodes: they only carry routes.

use num_traits::Zero;

use super::read::{Reader, Way};
use super::zones::Kind;
use crate::platform::MAX_LINKS;
use crate::rational::Q;

impl Reader<'_, '_> {
    /// Whether `n` hosts, each pair a link, fit HetLab's [`MAX_LINKS`] (else the message).
    fn fits(&mut self, n: usize) -> bool {
        let links = n * n.saturating_sub(1) / 2;
        if links > MAX_LINKS {
            let line = (self.net.zones.first()).map_or(1, |z| self.net.points[z.point].line);
            self.fail_at(
                line,
                "platform",
                format!(
                    "{n} hosts: flattened, each pair of hosts is a HetLab link, {links} links, past HetLab's {MAX_LINKS} (about 100 hosts); keep fewer hosts (a smaller radical)"
                ),
            );
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
                let bw = links.iter().map(|&l| &net.links[l].bw).min().cloned();
                let lat = links.iter().fold(Q::zero(), |s, &l| s + &net.links[l].lat);
                let Some(bw) = bw.filter(|b| !b.is_zero()) else {
                    continue;
                };
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
        if missing > 0 {
            self.notes.push(format!(
                "{missing} ordered pairs of hosts have no route (SimGrid could not send between them either)"
            ));
        }
    }
}
