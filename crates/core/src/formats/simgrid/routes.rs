//! Routes of a SimGrid zone: each pair of netpoints joined by routes becomes one HetLab link
//! (its slowest link's bandwidth, its links' summed latency), per direction.

use roxmltree::Node as XNode;

use super::read::{Pair, Reader, Way};
use crate::issue::quote;
use crate::platform::MAX_LINKS;
use crate::rational::Q;

impl Reader<'_, '_> {
    pub(super) fn route(&mut self, r: XNode<'_, '_>) {
        let (Some(src), Some(dst)) = (self.attr(r, "src"), self.attr(r, "dst")) else {
            return;
        };
        let end = |me: &mut Self, id: &str| {
            let k = me.index.get(id).copied();
            if k.is_none() {
                me.fail(r, format!("unknown host or router {}", quote(id)));
            }
            k
        };
        let (a, b) = (end(self, src), end(self, dst));
        let (sum, ok) = self.route_links(r);
        let (Some(a), Some(b)) = (a, b) else { return };
        if a == b {
            self.note(
                r,
                &format!("from {} to itself (a loopback) is skipped", quote(src)),
            );
            return;
        }
        let Some(bw) = sum.bw else {
            if ok {
                self.fail(r, "a route needs at least one <link_ctn>");
            }
            return;
        };
        // The way back HetLab writes for a one-way link is not part of the platform.
        if !ok || sum.ack_only {
            return;
        }
        let symmetrical = !matches!(r.attribute("symmetrical"), Some("NO" | "no"));
        // A one-link route keeps its link's exact cost when the file has it (`hetlab:c`).
        let c = match sum.hints.as_slice() {
            [Some(exact)] => exact.clone(),
            _ => &self.conv.bytes / bw,
        };
        let way = Way {
            c,
            lat: sum.lat,
            line: self.line(r),
            alone: sum.one_way && !symmetrical,
        };
        // A repeated route gets one message, not one per direction.
        let line = self.line(r);
        if self.add_way(line, a, b, way.clone()) && symmetrical {
            self.add_way(line, b, a, way);
        }
    }

    /// The links of route `r` summed up, and whether every `<link_ctn>` was read.
    fn route_links(&mut self, r: XNode<'_, '_>) -> (RouteLinks, bool) {
        let mut sum = RouteLinks::default();
        let mut ok = true;
        for ctn in r.children().filter(XNode::is_element) {
            if !ctn.has_tag_name("link_ctn") {
                self.fail(ctn, "a route holds only <link_ctn id=\"…\"/> elements");
                ok = false;
                continue;
            }
            let Some(id) = self.attr(ctn, "id") else {
                ok = false;
                continue;
            };
            if let Some(def) = self.links.get(id) {
                if sum.bw.as_ref().is_none_or(|m| def.bw < *m) {
                    sum.bw = Some(def.bw.clone());
                }
                sum.lat += &def.lat;
                sum.hints.push(def.exact.clone());
                sum.ack_only |= def.ack_only;
                sum.one_way |= def.one_way;
            } else {
                self.fail(ctn, format!("unknown link {}", quote(id)));
                ok = false;
            }
        }
        (sum, ok)
    }

    /// Adds one direction; `false` (with the message) when it is full or already given.
    pub(super) fn add_way(&mut self, line: u32, from: usize, to: usize, way: Way) -> bool {
        let key = if way.alone {
            (from, to, true)
        } else {
            (from.min(to), from.max(to), false)
        };
        let k = if let Some(&k) = self.pair_of.get(&key) {
            k
        } else {
            if self.pairs.len() == MAX_LINKS {
                self.fail_at(
                    line,
                    "route",
                    format!("too many routes (at most {MAX_LINKS} pairs of hosts, about 140 hosts all joined)"),
                );
                return false;
            }
            self.pair_of.insert(key, self.pairs.len());
            self.pairs.push(Pair {
                a: from,
                b: to,
                fwd: None,
                back: None,
            });
            self.pairs.len() - 1
        };
        let pair = &mut self.pairs[k];
        let slot = if pair.a == from {
            &mut pair.fwd
        } else {
            &mut pair.back
        };
        if let Some(first) = slot {
            let first = first.line;
            let (s, d) = (
                self.nodes[from].id.to_string(),
                self.nodes[to].id.to_string(),
            );
            self.fail_at(
                line,
                "route",
                format!(
                    "a route from {} to {} is already given at line {first}",
                    quote(&s),
                    quote(&d)
                ),
            );
            return false;
        }
        *slot = Some(way);
        true
    }
}

/// What the links of one route add up to.
#[derive(Default)]
struct RouteLinks {
    /// The slowest link's bandwidth (`None`: no link).
    bw: Option<Q>,
    /// The summed latency.
    lat: Q,
    /// Each link's exact HetLab cost, when it has one.
    hints: Vec<Option<Q>>,
    /// Over a `hetlab:ack-only` link.
    ack_only: bool,
    /// Over a `hetlab:one-way` link.
    one_way: bool,
}
