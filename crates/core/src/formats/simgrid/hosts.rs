//! Hosts, routers and links of a SimGrid zone, read into HetLab nodes and rates.

use num_traits::{One, Zero};
use roxmltree::Node as XNode;

use super::export_nodes::is_no_compute;
use super::read::{LinkDef, Reader};
use crate::formats::units::{self, Quantity};
use crate::issue::quote;
use crate::platform::{Node, NodeId, Point, MAX_NODES};
use crate::rational::{parse_q, Cost, Q};

impl Reader<'_, '_> {
    pub(super) fn netpoint(&mut self, n: XNode<'_, '_>, node: Node) -> Option<usize> {
        let key = node.id.to_string();
        if key.trim().is_empty() {
            self.fail(n, "the id must not be empty");
            return None;
        }
        if self.index.contains_key(&key) {
            self.fail(n, format!("duplicate id {}", quote(&key)));
            return None;
        }
        if self.nodes.len() == MAX_NODES {
            self.fail(
                n,
                format!("too many hosts and routers (at most {MAX_NODES})"),
            );
            return None;
        }
        self.index.insert(key, self.nodes.len());
        self.nodes.push(node);
        Some(self.nodes.len() - 1)
    }

    pub(super) fn host(&mut self, h: XNode<'_, '_>) {
        let Some(id) = self.attr(h, "id") else { return };
        let Some(speed) = self.speed(h) else { return };
        let cores = match h.attribute("core").map(str::trim) {
            None => Q::one(),
            Some(c) => match c.parse::<u32>() {
                Ok(k) if k >= 1 => {
                    if k > 1 {
                        self.note(h, &format!("has {k} cores: w = flops / ({k} × speed)"));
                    }
                    Q::from_integer(k.into())
                }
                _ => {
                    self.fail(
                        h,
                        format!("core must be a whole number >= 1, got {}", quote(c)),
                    );
                    return;
                }
            },
        };
        for file in ["speed_file", "availability_file", "state_file"] {
            if h.attribute(file).is_some_and(|f| !f.is_empty()) {
                self.note(
                    h,
                    &format!("{file} is ignored (HetLab platforms do not vary in time)"),
                );
            }
        }
        let props = Props::of(h);
        let rate = speed * cores;
        let w = self.cycle_time(h, &props, &rate);
        let node = Node {
            id: NodeId::from_text(id),
            w,
            master: false,
            lcalc: self.lcalc(h, props.lcalc.as_deref()),
            pos: props.pos(),
        };
        if let Some(k) = self.netpoint(h, node) {
            if props.master {
                self.masters.push(k);
            }
        }
    }

    /// The batch latency of `hetlab:lcalc`, when it is a time `>= 0` (else a note).
    fn lcalc(&mut self, h: XNode<'_, '_>, text: Option<&str>) -> Option<Q> {
        let text = text?;
        let v = parse_q(text).ok().filter(|v| *v >= Q::zero());
        if v.is_none() {
            self.note(
                h,
                &format!("hetlab:lcalc {} is not a time >= 0; ignored", quote(text)),
            );
        }
        v
    }

    /// The speed of host `h` in its power state (`pstate`, 0 by default).
    pub(super) fn speed(&mut self, h: XNode<'_, '_>) -> Option<Q> {
        let speeds = h.attribute("speed").unwrap_or("");
        let pstate: usize = h
            .attribute("pstate")
            .and_then(|p| p.trim().parse::<f64>().ok())
            .filter(|p| p.is_finite() && *p >= 0.0)
            .map_or(0, |p| {
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                let k = p as usize;
                k
            });
        let list: Vec<&str> = speeds.split(',').collect();
        if list.len() > 1 {
            self.note(
                h,
                &format!(
                    "has {} power states; pstate {pstate}'s speed is used",
                    list.len()
                ),
            );
        }
        let Some(speed_text) = list.get(pstate).copied() else {
            self.fail(
                h,
                format!("pstate {pstate} has no speed in {}", quote(speeds)),
            );
            return None;
        };
        let speed = match units::parse(speed_text, Quantity::Speed) {
            Ok(v) if !v.value.is_zero() => v.value,
            Ok(_) => {
                self.fail(h, "speed must be > 0");
                return None;
            }
            Err(e) if h.attribute("speed").is_none() => {
                let _ = e;
                self.fail(h, "the attribute speed is missing");
                return None;
            }
            Err(e) => {
                self.fail(h, format!("speed: {e}"));
                return None;
            }
        };
        Some(speed)
    }

    /// The `w` of a host computing `rate` flops per second, after its `hetlab:w` property
    /// (`inf` and `none` hold while the speed is still the exported one).
    fn cycle_time(&mut self, h: XNode<'_, '_>, props: &Props<'_>, rate: &Q) -> Option<Cost> {
        let flops = &self.conv.flops;
        let kept = match props.w {
            Some("inf") if is_no_compute(rate) => return Some(Cost::Inf),
            Some("none") if rate == flops => return None,
            Some(v @ ("inf" | "none")) => {
                self.note(
                    h,
                    &format!("has hetlab:w = {v} but its speed was edited; the speed is used"),
                );
                None
            }
            other => super::exact_hint(other, rate, flops),
        };
        Some(Cost::Finite(kept.unwrap_or_else(|| flops / rate)))
    }

    pub(super) fn router(&mut self, n: XNode<'_, '_>) {
        let Some(id) = self.attr(n, "id") else { return };
        let node = Node {
            id: NodeId::from_text(id),
            w: Some(Cost::Inf),
            master: false,
            lcalc: None,
            pos: None,
        };
        self.netpoint(n, node);
    }

    pub(super) fn link(&mut self, l: XNode<'_, '_>) {
        let Some(id) = self.attr(l, "id") else { return };
        if l.attribute("sharing_policy") == Some("WIFI") {
            self.fail(l, "a WIFI link is the radio of a <zone routing=\"Wifi\">: put it there, with the stations and the access point");
            return;
        }
        for file in ["bandwidth_file", "latency_file", "state_file"] {
            if l.attribute(file).is_some_and(|f| !f.is_empty()) {
                self.note(
                    l,
                    &format!("{file} is ignored (HetLab platforms do not vary in time)"),
                );
            }
        }
        let bw = self.amount(l, "bandwidth", Quantity::Bandwidth, None);
        let lat = self.amount(l, "latency", Quantity::Time, Some("0s"));
        let (Some(bw), Some(lat)) = (bw, lat) else {
            return;
        };
        if bw.is_zero() {
            self.fail(l, "bandwidth must be > 0");
            return;
        }
        let prop = |name: &str| {
            l.children()
                .find(|p| p.has_tag_name("prop") && p.attribute("id") == Some(name))
                .and_then(|p| p.attribute("value"))
        };
        let hint = super::exact_hint(prop("hetlab:c"), &bw, &self.conv.bytes);
        let def = LinkDef {
            bw,
            lat,
            exact: hint,
            ack_only: prop("hetlab:ack-only") == Some("yes"),
            one_way: prop("hetlab:one-way") == Some("yes"),
        };
        if self.links.insert(id.to_owned(), def).is_some() {
            self.fail(l, format!("duplicate link id {}", quote(id)));
        }
    }
}

/// The `hetlab:` properties of a host.
#[derive(Default)]
struct Props<'a> {
    master: bool,
    x: Option<f64>,
    y: Option<f64>,
    w: Option<&'a str>,
    lcalc: Option<String>,
}

impl<'a> Props<'a> {
    fn of(h: XNode<'a, '_>) -> Props<'a> {
        let mut out = Props::default();
        for p in h.children().filter(|c| c.has_tag_name("prop")) {
            let value = p.attribute("value").unwrap_or("");
            match p.attribute("id") {
                Some("hetlab:master") => out.master = matches!(value, "yes" | "true" | "1"),
                Some("hetlab:x") => out.x = value.parse::<f64>().ok(),
                Some("hetlab:y") => out.y = value.parse::<f64>().ok(),
                Some("hetlab:w") => out.w = Some(value),
                Some("hetlab:lcalc") => out.lcalc = Some(value.to_owned()),
                _ => {}
            }
        }
        out
    }

    fn pos(&self) -> Option<Point> {
        match (self.x, self.y) {
            (Some(x), Some(y)) if (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y) => {
                Some(Point { x, y })
            }
            _ => None,
        }
    }
}
