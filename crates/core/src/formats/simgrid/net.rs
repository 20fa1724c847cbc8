//! The global route between two netpoints of a [`Net`], resolved as SimGrid 3.32 resolves it
//! (`NetZoneImpl::get_global_route`): bypass routes first, then the local route of the common
//! ancestor, through the gateways of zone routes, recursively. What HetLab keeps of a route is
//! its slowest link's bandwidth and its links' summed latency (see [`super::flatten`]).

use super::shortest::{dijkstra_hops, floyd_hops, star_route};
use super::zones::{Net, NoRoute, Routing};

/// Deepest recursion of a route through gateways: a real platform needs a handful; a file whose
/// gateways route back into each other would otherwise never end.
const MAX_DEPTH: u32 = 64;

impl Net {
    /// The route from netpoint `src` to netpoint `dst`, appended to `out`.
    pub(super) fn global(
        &self,
        src: usize,
        dst: usize,
        out: &mut Vec<usize>,
        depth: u32,
    ) -> Result<(), NoRoute> {
        if depth > MAX_DEPTH {
            return Err(NoRoute);
        }
        let (common, sa, da) = self.ancestors(src, dst)?;
        if self.bypass(common, src, dst, out, depth)? {
            return Ok(());
        }
        if sa == da {
            self.local(common, src, dst, out, depth)?;
            return Ok(());
        }
        let mut mid = Vec::new();
        let (zs, zd) = (self.zones[sa].point, self.zones[da].point);
        let (Some(gs), Some(gd)) = self.local(common, zs, zd, &mut mid, depth)? else {
            return Err(NoRoute);
        };
        if src != gs {
            self.global(src, gs, out, depth + 1)?;
        }
        out.extend(mid);
        if gd != dst {
            self.global(gd, dst, out, depth + 1)?;
        }
        Ok(())
    }

    /// The zones from `p`'s englobing zone up to the root.
    fn path_up(&self, p: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = self.points[p].zone;
        while let Some(z) = at {
            if path.len() > self.zones.len() {
                break;
            }
            path.push(z);
            at = self.zones[z].parent;
        }
        path
    }

    /// SimGrid's `find_common_ancestors`: (common ancestor, src's side, dst's side).
    fn ancestors(&self, src: usize, dst: usize) -> Result<(usize, usize, usize), NoRoute> {
        let (Some(zs), Some(zd)) = (self.points[src].zone, self.points[dst].zone) else {
            return Err(NoRoute);
        };
        if zs == zd {
            return Ok((zs, zs, zs));
        }
        let (mut ps, mut pd) = (self.path_up(src), self.path_up(dst));
        let mut parent = None;
        while ps.len() > 1 && pd.len() > 1 && ps.last() == pd.last() {
            parent = ps.pop();
            pd.pop();
        }
        let (Some(&sa), Some(&da)) = (ps.last(), pd.last()) else {
            return Err(NoRoute);
        };
        if sa == da {
            return Ok((sa, sa, da));
        }
        parent.map(|c| (c, sa, da)).ok_or(NoRoute)
    }

    /// SimGrid's `get_bypass_route` in zone `z`: whether a bypass route was used.
    fn bypass(
        &self,
        z: usize,
        src: usize,
        dst: usize,
        out: &mut Vec<usize>,
        depth: u32,
    ) -> Result<bool, NoRoute> {
        let table = &self.zones[z].bypass;
        if table.is_empty() {
            return Ok(false);
        }
        if self.points[src].zone == Some(z) && self.points[dst].zone == Some(z) {
            return Ok(table.get(&(src, dst)).is_some_and(|r| {
                out.extend(&r.links);
                true
            }));
        }
        let (mut ps, mut pd) = (self.path_up(src), self.path_up(dst));
        while ps.len() > 1 && pd.len() > 1 && ps.last() == pd.last() {
            ps.pop();
            pd.pop();
        }
        let lookup = |i: usize, j: usize| {
            let (a, b) = (ps.get(i)?, pd.get(j)?);
            let key = (self.zones[*a].point, self.zones[*b].point);
            table.get(&key).map(|r| (key, r))
        };
        let mut found = None;
        for max in 0..ps.len().max(pd.len()) {
            found = (0..max).find_map(|i| lookup(i, max).or_else(|| lookup(max, i)));
            if found.is_some() {
                break;
            }
            found = lookup(max, max);
            if found.is_some() {
                break;
            }
        }
        let Some((key, r)) = found else {
            return Ok(false);
        };
        if src != key.0 {
            self.global(src, r.gw_src.ok_or(NoRoute)?, out, depth + 1)?;
        }
        out.extend(&r.links);
        if dst != key.1 {
            self.global(r.gw_dst.ok_or(NoRoute)?, dst, out, depth + 1)?;
        }
        Ok(true)
    }

    /// The local route of zone `z` from `src` to `dst` (two of its netpoints), appended to
    /// `out`; its gateways.
    fn local(
        &self,
        z: usize,
        src: usize,
        dst: usize,
        out: &mut Vec<usize>,
        depth: u32,
    ) -> Result<(Option<usize>, Option<usize>), NoRoute> {
        let zone = &self.zones[z];
        if self.points[src].zone != Some(z) || self.points[dst].zone != Some(z) {
            return Err(NoRoute);
        }
        let (a, b) = (self.points[src].local, self.points[dst].local);
        match &zone.routing {
            Routing::Full => Ok(zone.routes.get(&(a, b)).map_or((None, None), |r| {
                out.extend(&r.links);
                (r.gw_src, r.gw_dst)
            })),
            Routing::Empty => Ok((None, None)),
            Routing::Star(star) => Ok(star_route(star, a, b, out)),
            Routing::Topology(t) => {
                t.route(a, b, out);
                Ok((None, None))
            }
            Routing::Wifi { ap, link } => {
                // SimGrid's `WifiZone::get_local_route`: the radio once per end that is not
                // the access point.
                let ends = [src, dst].into_iter().filter(|p| Some(*p) != *ap);
                out.extend(ends.filter_map(|_| *link));
                Ok((None, None))
            }
            Routing::Floyd(pred) => {
                let hops = floyd_hops(pred, a, b)?;
                self.compose(z, &hops, out, depth)
            }
            Routing::Dijkstra => {
                let hops = dijkstra_hops(zone, a, b)?;
                self.compose(z, &hops, out, depth)
            }
        }
    }

    /// The routes `hops` of zone `z` one after the other, joined through their gateways as
    /// SimGrid's Floyd and Dijkstra zones join them.
    fn compose(
        &self,
        z: usize,
        hops: &[(usize, usize)],
        out: &mut Vec<usize>,
        depth: u32,
    ) -> Result<(Option<usize>, Option<usize>), NoRoute> {
        let zone = &self.zones[z];
        let route = |h: &(usize, usize)| zone.routes.get(h).ok_or(NoRoute);
        let (Some(first), Some(last)) = (hops.first(), hops.last()) else {
            return Ok((None, None));
        };
        let gws = (route(first)?.gw_src, route(last)?.gw_dst);
        let mut prev: Option<usize> = None;
        for h in hops {
            let r = route(h)?;
            if zone.recursive {
                if let (Some(p), Some(g)) = (prev, r.gw_src) {
                    if self.points[p].name != self.points[g].name {
                        self.global(p, g, out, depth + 1)?;
                    }
                }
            }
            out.extend(&r.links);
            prev = r.gw_dst;
        }
        Ok(gws)
    }
}
