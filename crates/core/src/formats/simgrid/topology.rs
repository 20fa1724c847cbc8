//! The `TORUS`, `FAT_TREE` and `DRAGONFLY` clusters, routed as SimGrid 3.32 routes them
//! (`TorusZone`, `FatTreeZone`, `DragonflyZone::get_local_route`). Every link of one kind has
//! the same bandwidth and latency, so a route is the sequence of the kinds it crosses: each kind
//! is one entry of the platform's link table, pushed once per crossing.

use crate::issue::quote;

/// A hierarchical cluster: its shape and the links of each kind.
pub(super) struct Topology {
    pub(super) shape: Shape,
    /// A link between two elements (`bw`, `lat`).
    pub(super) link: usize,
    /// Each node's (and switch's, router's) limiter (`limiter_link`), when the cluster has one.
    pub(super) limiter: Option<usize>,
}

/// The three shapes and their parameters (`topo_parameters`).
pub(super) enum Shape {
    /// Dimensions.
    Torus(Vec<usize>),
    /// Levels' children counts (down), each leaf's labels precomputed as digits.
    FatTree { down: Vec<usize> },
    /// Groups, chassis per group, blades per chassis, nodes per blade; the green, black and
    /// blue links (`bw × count`).
    Dragonfly {
        size: [usize; 4],
        green: usize,
        black: usize,
        blue: usize,
    },
}

impl Topology {
    /// Appends the links from node `a` to node `b` (local ids, the cluster's order).
    pub(super) fn route(&self, a: usize, b: usize, out: &mut Vec<usize>) {
        match &self.shape {
            Shape::Torus(dims) => self.torus(dims, a, b, out),
            Shape::FatTree { down } => {
                let level = fat_tree_level(down, a, b);
                self.limit(out);
                out.extend(std::iter::repeat_n(self.link, 2 * level));
                self.limit(out);
            }
            Shape::Dragonfly {
                size,
                green,
                black,
                blue,
            } => {
                self.dragonfly(*size, [*green, *black, *blue], a, b, out);
            }
        }
    }

    fn limit(&self, out: &mut Vec<usize>) {
        out.extend(self.limiter);
    }

    /// Dimension-order routing; the direction in each dimension is chosen from the source's
    /// coordinate, as SimGrid does.
    fn torus(&self, dims: &[usize], a: usize, b: usize, out: &mut Vec<usize>) {
        let coords = |v: usize| {
            let mut p = 1;
            dims.iter()
                .map(|&d| {
                    let c = (v / p) % d;
                    p *= d;
                    c
                })
                .collect::<Vec<_>>()
        };
        let (mine, target) = (coords(a), coords(b));
        let mut cur = a;
        let mut guard = 0;
        while cur != b && guard <= dims.iter().sum::<usize>() {
            guard += 1;
            let mut product = 1;
            for (j, &d) in dims.iter().enumerate() {
                if (cur / product) % d != (b / product) % d {
                    let right = (target[j] > mine[j] && target[j] <= mine[j] + d / 2)
                        || (mine[j] > d / 2 && (mine[j] + d / 2) % d >= target[j]);
                    let at = (cur / product) % d;
                    cur = match (right, at) {
                        (true, x) if x == d - 1 => cur + product - product * d,
                        (true, _) => cur + product,
                        (false, 0) => cur + product * d - product,
                        (false, _) => cur - product,
                    };
                    break;
                }
                product *= d;
            }
            self.limit(out);
            out.push(self.link);
        }
        self.limit(out);
    }

    /// `DragonflyZone::get_local_route`, kind by kind.
    fn dragonfly(
        &self,
        size: [usize; 4],
        [green, black, blue]: [usize; 3],
        a: usize,
        b: usize,
        out: &mut Vec<usize>,
    ) {
        let [_, nc, nb, nn] = size;
        let coords = |r: usize| {
            [
                r / (nc * nb * nn),
                (r % (nc * nb * nn)) / (nb * nn),
                (r % (nb * nn)) / nn,
            ]
        };
        let router = |i: usize| [i / (nc * nb), (i % (nc * nb)) / nb, i % nb];
        let index = |g: usize, c: usize, bl: usize| g * nc * nb + c * nb + bl;
        let (me, to) = (coords(a), coords(b));
        let target = index(to[0], to[1], to[2]);
        let mut cur = router(index(me[0], me[1], me[2]));
        self.limit(out);
        out.push(self.link);
        if target != index(me[0], me[1], me[2]) {
            if to[0] != cur[0] {
                if cur[2] != to[0] {
                    self.limit(out);
                    out.push(green);
                    cur = router(index(me[0], me[1], to[0]));
                }
                if cur[1] != 0 {
                    self.limit(out);
                    // SimGrid moves to router `me[0] * nc * nb + to[0]` here; every blue
                    // link is alike, so only the links matter.
                    out.push(black);
                }
                out.push(blue);
                self.limit(out);
                cur = router(to[0] * nc * nb + me[0]);
            }
            if to[2] != cur[2] {
                self.limit(out);
                out.push(green);
                cur = router(to[0] * nc * nb + to[2]);
            }
            if to[1] != cur[1] {
                self.limit(out);
                out.push(black);
            }
        }
        self.limit(out);
        out.push(self.link);
        self.limit(out);
    }
}

/// The level of the lowest switch above both leaves `a` and `b` of a fat tree: the first level
/// from which their labels (mixed-radix digits by children per level) agree.
fn fat_tree_level(down: &[usize], a: usize, b: usize) -> usize {
    let digits = |mut v: usize| {
        down.iter()
            .map(|&d| {
                let x = v % d.max(1);
                v /= d.max(1);
                x
            })
            .collect::<Vec<_>>()
    };
    let (la, lb) = (digits(a), digits(b));
    (1..=down.len())
        .find(|&l| la[l..] == lb[l..])
        .unwrap_or(down.len())
}

/// Numbers > 0 separated by commas.
fn list(t: &str) -> Option<Vec<usize>> {
    t.split(',')
        .map(|x| x.trim().parse::<usize>().ok().filter(|&v| v > 0))
        .collect()
}

impl Shape {
    /// Topology `name` with `topo_parameters` `params`, for a cluster of `hosts` hosts.
    ///
    /// # Errors
    /// What is wrong with the parameters, or that they make another number of hosts.
    pub(super) fn parse(name: &str, params: &str, hosts: usize) -> Result<Shape, String> {
        let wrong = |what: &str| format!("topo_parameters {} {what}", quote(params));
        let shape = match name {
            "TORUS" => list(params)
                .map(Shape::Torus)
                .ok_or_else(|| wrong("is not a list of dimensions > 0 (\"3,2,2\")"))?,
            "FAT_TREE" => fat_tree(params)
                .ok_or_else(|| wrong("is not levels;children;parents;links (\"2;4,4;1,2;1,2\")"))?,
            "DRAGONFLY" => dragonfly(params).ok_or_else(|| {
                wrong("is not groups,links;chassis,links;routers,links;nodes (\"3,4;4,3;5,1;2\")")
            })?,
            other => {
                return Err(format!(
                    "topology {} is not one of FLAT, TORUS, FAT_TREE, DRAGONFLY",
                    quote(other)
                ))
            }
        };
        let sizes: &[usize] = match &shape {
            Shape::Torus(dims) => dims,
            Shape::FatTree { down } => down,
            Shape::Dragonfly { size, .. } => size,
        };
        let nodes = sizes.iter().try_fold(1usize, |p, &d| p.checked_mul(d));
        if nodes != Some(hosts) {
            return Err(wrong(&format!(
                "makes {} hosts, but radical gives {hosts}",
                nodes.map_or("too many".into(), |n| n.to_string())
            )));
        }
        Ok(shape)
    }
}

/// `levels;children;parents;links`, each a list of `levels` numbers.
fn fat_tree(params: &str) -> Option<Shape> {
    let parts: Vec<&str> = params.split(';').collect();
    let levels = parts.first()?.trim().parse::<usize>().ok()?;
    let down = list(parts.get(1)?)?;
    let ok = parts.len() == 4
        && levels > 0
        && down.len() == levels
        && parts[2..]
            .iter()
            .all(|p| list(p).is_some_and(|v| v.len() == levels));
    ok.then_some(Shape::FatTree { down })
}

/// `groups,blue;chassis,black;routers,green;nodes`.
fn dragonfly(params: &str) -> Option<Shape> {
    let parts: Vec<Vec<usize>> = params.split(';').map(list).collect::<Option<_>>()?;
    let [g, c, b, n] = parts.as_slice() else {
        return None;
    };
    let ([groups, blue], [chassis, black], [blades, green], [nodes]) =
        (g.as_slice(), c.as_slice(), b.as_slice(), n.as_slice())
    else {
        return None;
    };
    Some(Shape::Dragonfly {
        size: [*groups, *chassis, *blades, *nodes],
        green: *green,
        black: *black,
        blue: *blue,
    })
}
