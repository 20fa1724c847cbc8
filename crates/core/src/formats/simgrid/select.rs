//! Choosing, while the file is read, which hosts become HetLab nodes ([`Only`]: one zone or
//! cluster, the first hosts, or both; every host by default). The other hosts are still read,
//! as netpoints that only carry routes, so a kept host's routes are those SimGrid resolves in
//! the whole file. A file with more hosts than HetLab holds is refused once, with its zones and
//! their numbers of hosts to choose from, not once per cluster.
//!
//! [`Only`]: super::Only

use std::collections::HashMap;

use super::only::HOW;
use super::read::Reader;
use super::zones::Kind;
use crate::issue::quote;
use crate::platform::MAX_NODES;

/// Most netpoints (hosts, routers, zones) read from one file: SimGrid's largest example, a
/// crossbar of 65 536 hosts, is read in 0.1 s and 39 MB.
pub(super) const MAX_POINTS: usize = 1 << 17;

/// Most characters of the list of zones in a refusal (a message is cut at 300).
const BUDGET: usize = 200;

impl Reader<'_, '_> {
    /// Entering zone or cluster `id`: whether it is the kept one (then [`Self::leave`] it).
    pub(super) fn enter(&mut self, id: &str) -> bool {
        let kept = self.select.only.zone.as_deref() == Some(id);
        if kept {
            self.select.inside += 1;
            self.select.found = true;
        }
        kept
    }

    pub(super) fn leave(&mut self, entered: bool) {
        if entered {
            self.select.inside -= 1;
        }
    }

    fn keeps_hosts(&self) -> bool {
        self.select.only.zone.is_none() || self.select.inside > 0
    }

    /// Whether the host being read becomes a HetLab node.
    pub(super) fn makes_node(&self) -> bool {
        let most = self.select.only.first.unwrap_or(MAX_NODES).min(MAX_NODES);
        self.keeps_hosts() && self.nodes.len() < most
    }

    /// Host `name` of zone `zi` as a netpoint that only carries routes; its index.
    pub(super) fn route_only(&mut self, name: &str, zi: usize, line: u32) -> usize {
        let p = self.net.add_point(name, Some(zi), Kind::Router, line);
        if !self.keeps_hosts() {
            self.select.outside.push(p);
        } else if self.select.only.first.is_some() {
            self.select.outside.push(p);
            self.select.past_first += 1;
        } else {
            self.select.spare.push(p);
        }
        p
    }

    /// After the zones are read: the kept zone was found and its hosts fit (else the message,
    /// at the root's line).
    pub(super) fn selected(&mut self) -> bool {
        let line = self.root_line();
        if let Some(keep) = self.select.only.zone.clone() {
            if !self.select.found {
                let why = format!("no zone or cluster is called {}", quote(&keep));
                self.fail_at(line, "platform", why);
                let sizes = self.zone_sizes();
                self.fail_at(line, "platform", sizes);
                return false;
            }
        }
        if self.select.spare.is_empty() {
            self.note_first();
            return true;
        }
        let why = format!(
            "{} hosts{}, past HetLab's {MAX_NODES}: {HOW}",
            self.nodes.len() + self.select.spare.len(),
            (self.select.only.zone.as_deref())
                .map_or(String::new(), |k| format!(" in {}", quote(k))),
        );
        self.fail_at(line, "platform", why);
        let sizes = self.zone_sizes();
        self.fail_at(line, "platform", sizes);
        false
    }

    /// The note that hosts were left out by the number kept.
    fn note_first(&mut self) {
        let (Some(first), past) = (self.select.only.first, self.select.past_first) else {
            return;
        };
        if past == 0 {
            return;
        }
        let zone = (self.select.only.zone.as_deref())
            .map_or(String::new(), |z| format!(" of {}", quote(z)));
        self.notes.push(format!(
            "the first {} of the {} hosts{zone} are kept (--hosts {first}); the others only carry routes",
            self.nodes.len(),
            self.nodes.len() + past
        ));
    }

    pub(super) fn root_line(&self) -> u32 {
        (self.net.zones.first()).map_or(1, |z| self.net.points[z.point].line)
    }

    /// The zones to choose from, each with its number of hosts: those inside the kept zone (the
    /// root's when none is kept or it is not found), going down while one zone holds them all.
    pub(super) fn zone_sizes(&self) -> String {
        let net = &self.net;
        let kept = (self.select.only.zone.as_ref())
            .and_then(|k| net.by_name.get(k))
            .and_then(|&p| match net.points[p].kind {
                Kind::Zone(z) => Some(z),
                _ => None,
            });
        let mut hosts: HashMap<usize, usize> = HashMap::new();
        let is_host = |p: usize| matches!(net.points[p].kind, Kind::Host(_));
        let all = (0..net.points.len()).filter(|&p| is_host(p));
        let outside = kept.is_none().then_some(&self.select.outside);
        let others = self
            .select
            .spare
            .iter()
            .chain(outside.into_iter().flatten());
        for p in all.chain(others.copied()) {
            let mut at = net.points[p].zone;
            while let Some(z) = at {
                *hosts.entry(z).or_default() += 1;
                at = net.zones[z].parent;
            }
        }
        let count = |z: usize| hosts.get(&z).copied().unwrap_or(0);
        let children = |base: usize| -> Vec<usize> {
            (0..net.zones.len())
                .filter(|&z| net.zones[z].parent == Some(base) && count(z) > 0)
                .collect()
        };
        let Some(mut base) = kept.or((!net.zones.is_empty()).then_some(0)) else {
            return "the file has no zone".to_owned();
        };
        let mut inside = children(base);
        while let [only] = inside[..] {
            base = only;
            inside = children(base);
        }
        let named: Vec<String> = (inside.iter())
            .map(|&z| {
                format!(
                    "{} {}",
                    quote(&net.points[net.zones[z].point].name),
                    count(z)
                )
            })
            .collect();
        let whole = quote(&net.points[net.zones[base].point].name);
        if named.is_empty() {
            return format!(
                "{whole} holds no smaller zone: keep its first hosts (--hosts N; on the page, First hosts)"
            );
        }
        // As many as a message holds (messages are cut at 300 characters).
        let mut listed = String::new();
        let mut shown = 0;
        for n in &named {
            if listed.len() + n.len() > BUDGET {
                break;
            }
            listed += if shown == 0 { "" } else { ", " };
            listed += n;
            shown += 1;
        }
        let more = named.len() - shown;
        let more = if more > 0 {
            format!(", and {more} more")
        } else {
            String::new()
        };
        format!("the zones of {whole} and their hosts: {listed}{more}")
    }
}
