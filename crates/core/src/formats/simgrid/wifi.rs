//! `Wifi` zones (SimGrid's `WifiZone`): stations around an access point, joined by one radio
//! link whose rate SimGrid's program sets per station (`Link.set_host_wifi_rate`). HetLab reads
//! every station at the link's first rate; [`super::flatten`] times a route over the radio as
//! SimGrid's CM02 model does (`NetworkCm02Model::comm_action_expand_constraints`).

use num_traits::Zero;
use roxmltree::Node as XNode;

use super::read::Reader;
use super::zones::Routing;
use crate::formats::units::{self, Quantity};
use crate::issue::quote;

impl Reader<'_, '_> {
    /// The `<link>` of Wifi zone `zi`: its radio, at its first rate.
    pub(super) fn wifi_link(&mut self, l: XNode<'_, '_>, zi: usize) {
        let Some(id) = self.attr(l, "id") else { return };
        if let Routing::Wifi { link: Some(_), .. } = self.net.zones[zi].routing {
            return self.fail(
                l,
                "a Wifi zone holds one link, its radio (SimGrid refuses a second)",
            );
        }
        let rates = l.attribute("bandwidth").unwrap_or("");
        let first = rates.split(',').next().unwrap_or("").trim();
        let bw = match units::parse(first, Quantity::Bandwidth) {
            Ok(v) if !v.value.is_zero() => v.value,
            Ok(_) => return self.fail(l, "bandwidth must be > 0"),
            Err(e) => return self.fail(l, format!("bandwidth {}: {e}", quote(rates))),
        };
        if rates.contains(',') {
            self.note(
                l,
                &format!(
                    "is a radio with the rates {}: every station uses the first, {first} (a SimGrid program chooses each station's with Link.set_host_wifi_rate)",
                    quote(rates)
                ),
            );
        }
        let Some(lat) = self.amount(l, "latency", Quantity::Time, Some("0s")) else {
            return;
        };
        if !lat.is_zero() {
            return self.fail(
                l,
                "a Wifi radio has no latency (SimGrid aborts: \"Latency cannot be set for WiFi Links\"); write latency=\"0ms\"",
            );
        }
        let k = self.net.add_link(bw, lat);
        self.net.links[k].wifi = true;
        self.net.named.insert(id.to_owned(), k);
        if let Routing::Wifi { link, .. } = &mut self.net.zones[zi].routing {
            *link = Some(k);
        }
    }

    /// Wifi zone `zi` (element `z`) once read: its access point and its radio are known.
    pub(super) fn seal_wifi(&mut self, z: XNode<'_, '_>, zi: usize) {
        let ap_name = (z.children())
            .find(|p| p.has_tag_name("prop") && p.attribute("id") == Some("access_point"))
            .and_then(|p| p.attribute("value"));
        let ap = match ap_name {
            Some(name) => match self.net.by_name.get(name).copied() {
                Some(p) if self.net.points[p].zone == Some(zi) => Some(p),
                _ => {
                    return self.fail(
                        z,
                        format!(
                            "its access point {} is not a host or router of this zone",
                            quote(name)
                        ),
                    )
                }
            },
            None => None,
        };
        let Routing::Wifi { ap: at, link } = &mut self.net.zones[zi].routing else {
            return;
        };
        *at = ap;
        if link.is_none() && !z.children().any(|c| c.has_tag_name("link")) {
            self.fail(
                z,
                "this Wifi zone has no <link> for its radio (a file for SimGrid's ns-3 model lets ns-3 make it; HetLab reads SimGrid's own model, which needs one <link sharing_policy=\"WIFI\">)",
            );
        }
    }
}
