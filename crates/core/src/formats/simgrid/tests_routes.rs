//! Imported clusters, nested zones, zone routes and bypass routes against the routes SimGrid
//! 3.32 itself resolves for the same files, pinned in `tests/data/simgrid/sg/*.routes` by
//! `tests/simgrid/check_import.py --pin` (one line per ordered pair of hosts: source,
//! destination, the route's smallest bandwidth and its latency), so that `cargo test` checks
//! them without SimGrid.

use std::collections::HashMap;

use super::*;
use crate::rational::{q, Cost};

macro_rules! pinned {
    ($($name:literal),*) => {
        [$((
            $name,
            include_str!(concat!("../../../../../tests/data/simgrid/sg/", $name, ".xml")),
            include_str!(concat!("../../../../../tests/data/simgrid/sg/", $name, ".routes")),
        )),*]
    };
}

/// Every file with SimGrid's routes (`routing_cluster`: SimGrid 3.32 routes only within each
/// cluster, it fails between them, so HetLab has more routes than the table).
const FILES: [(&str, &str, &str); 8] = pinned!(
    "cluster_and_one_host",
    "bypassZoneRoute",
    "cluster_fat_tree",
    "cluster_torus",
    "cluster_multi",
    "routing_cluster",
    "dragonfly_small",
    "flat_limiter_split"
);

/// Each direction of the imported platform: (source, destination) → (c, lcomm), as floats.
fn directions(p: &crate::platform::Platform) -> HashMap<(String, String), (f64, f64)> {
    let f = |q: &crate::rational::Q| crate::rational::to_f64(q);
    let mut out = HashMap::new();
    for l in &p.links {
        let (a, b) = (p.nodes[l.from].id.to_string(), p.nodes[l.to].id.to_string());
        let lat = l.lcomm.as_ref().map_or(0.0, f);
        let c = f(l.c.finite().expect("finite c"));
        out.insert((a.clone(), b.clone()), (c, lat));
        if !l.directed {
            let back = l
                .c_back
                .as_ref()
                .map_or(c, |cb| f(cb.finite().expect("finite c")));
            out.insert((b, a), (back, lat));
        }
    }
    out
}

#[test]
fn imported_routes_are_simgrids_routes() {
    for (name, xml, table) in FILES {
        let p = from_xml(xml, &Conversion::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .platform;
        let got = directions(&p);
        let mut rows = 0;
        for line in table.lines() {
            let f: Vec<&str> = line.split(' ').collect();
            let (bw, lat): (f64, f64) = (f[2].parse().unwrap(), f[3].parse().unwrap());
            let key = (f[0].to_owned(), f[1].to_owned());
            let (c, lcomm) = got[&key];
            assert!((c - 1e6 / bw).abs() <= 1e-12 * c, "{name} {line}: c = {c}");
            assert!(
                (lcomm - lat).abs() <= 1e-15,
                "{name} {line}: lcomm = {lcomm}"
            );
            rows += 1;
        }
        assert!(rows > 0, "{name}");
        if name == "routing_cluster" {
            assert_eq!(
                (rows, got.len()),
                (12, 30),
                "{name}: 6 hosts, all 30 routes in HetLab"
            );
        } else {
            assert_eq!(rows, got.len(), "{name}: every SimGrid route, nothing else");
        }
    }
}

/// Wifi cells (`wifi_cells.xml`: a cell whose access point is a router, one whose access point
/// is a host, a wired zone, zone routes between them): every imported `c + lcomm` is the time
/// SimGrid 3.32 measures for one message of 1 MB alone, pinned by `tests/simgrid/check_wifi.py`
/// (two stations of a cell: twice the radio's time; a radio and a wire: the slower).
#[test]
fn imported_wifi_cells_take_simgrids_measured_times() {
    let xml = include_str!("../../../../../tests/data/simgrid/sg/wifi_cells.xml");
    let table = include_str!("../../../../../tests/data/simgrid/sg/wifi_cells.times");
    let got = from_xml(xml, &Conversion::default()).unwrap();
    let d = directions(&got.platform);
    let mut rows = 0;
    for line in table.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let t: f64 = f[2].parse().unwrap();
        let (c, lcomm) = d[&(f[0].replace('_', " "), f[1].replace('_', " "))];
        assert!(
            (c + lcomm - t).abs() <= 1e-12,
            "{line}: c + lcomm = {}",
            c + lcomm
        );
        rows += 1;
    }
    assert_eq!((rows, d.len()), (30, 30), "6 hosts, every ordered pair");
    // Exactly: 1 MB over 54 Mbps is 4/27 s, twice between two stations of cell A.
    let p = &got.platform;
    let link = |a: &str, b: &str| {
        let id = |n: &str| p.nodes.iter().position(|x| x.id.to_string() == n).unwrap();
        p.links
            .iter()
            .find(|l| (l.from, l.to) == (id(a), id(b)))
            .unwrap()
    };
    assert_eq!(link("a1", "a2").c, Cost::Finite(q(8, 27)));
    assert!(got
        .notes
        .iter()
        .any(|n| n.contains("every station uses the first, 54Mbps")));
    assert!(got
        .notes
        .iter()
        .any(|n| n.contains("crosses its radio twice")));
}

/// What SimGrid refuses in a Wifi zone, HetLab refuses at its line: a latency on the radio, a
/// second link, an access point of another zone, no radio at all (a file for the ns-3 model).
#[test]
fn wifi_zones_simgrid_refuses_are_refused_at_their_line() {
    let cell = |inside: &str| {
        format!(
            "<platform version=\"4.1\"><zone id=\"top\" routing=\"Full\">\n<zone id=\"c\" routing=\"Wifi\">\n<host id=\"s1\" speed=\"1Gf\"/><host id=\"s2\" speed=\"1Gf\"/><router id=\"ap\"/>\n{inside}\n</zone></zone></platform>"
        )
    };
    let radio = "<prop id=\"access_point\" value=\"ap\"/><link id=\"r\" sharing_policy=\"WIFI\" bandwidth=\"8MBps\" latency=\"0ms\"/>";
    let ok = from_xml(&cell(radio), &Conversion::default()).unwrap();
    assert_eq!(
        ok.platform.links[0].c,
        Cost::Finite(q(1, 4)),
        "1 MB at 8 MBps, twice"
    );
    for (inside, line, says) in [
        (radio.replace("0ms", "1ms"), "line 4", "has no latency"),
        (
            format!("{radio}\n<link id=\"r2\" bandwidth=\"1MBps\"/>"),
            "line 5",
            "one link",
        ),
        (
            radio.replace("value=\"ap\"", "value=\"top\""),
            "line 2",
            "not a host or router of this zone",
        ),
        (
            "<prop id=\"access_point\" value=\"ap\"/>".to_owned(),
            "line 2",
            "ns-3",
        ),
    ] {
        let e = from_xml(&cell(&inside), &Conversion::default()).unwrap_err();
        assert_eq!(e.0[0].path, line, "{e}");
        assert!(e.0[0].message.contains(says), "{e}");
    }
}

/// Cuts and hand edits of clusters, nested zones and zone routes give a platform or
/// line-numbered messages, never a panic.
#[test]
fn cut_and_edited_zone_files_never_panic() {
    let edits = [
        ("radical=\"", "radical=\"-"),
        ("topo_parameters=\"", "topo_parameters=\"0,"),
        ("gw_src=\"", "gw_src=\"x"),
        ("bw=\"", "bw=\"0"),
        ("\"Full\"", "\"Floyd\""),
        ("\"Full\"", "\"Dijkstra\""),
        ("<link_ctn id=\"", "<link_ctn id=\"y"),
        ("</zone>", ""),
    ];
    for (name, xml, _) in FILES {
        for at in (0..xml.len()).step_by(97) {
            if xml.is_char_boundary(at) {
                let _ = from_xml(&xml[..at], &Conversion::default());
            }
        }
        for (from, to) in edits {
            match from_xml(&xml.replacen(from, to, 1), &Conversion::default()) {
                Ok(got) => assert!(!got.platform.nodes.is_empty(), "{name}"),
                Err(e) => assert!(
                    e.0.iter().all(|i| i.path.starts_with("line ")),
                    "{name} {from}: {e}"
                ),
            }
        }
    }
}

/// A `<bypassRoute>` replaces the route it names, in its direction only (SimGrid's bypass
/// routes are not symmetrical): a → b over the bypass's link, b → a over the route's links.
#[test]
fn a_bypass_route_replaces_its_route_one_way() {
    let xml = r#"<platform version="4.1"><zone id="top" routing="Full">
  <zone id="z" routing="Full">
    <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
    <link id="l1" bandwidth="10MBps" latency="1ms"/><link id="l2" bandwidth="20MBps" latency="2ms"/>
    <link id="fast" bandwidth="100MBps" latency="10us"/>
    <route src="a" dst="b"><link_ctn id="l1"/><link_ctn id="l2"/></route>
    <bypassRoute src="a" dst="b"><link_ctn id="fast"/></bypassRoute>
  </zone>
</zone></platform>"#;
    let got = from_xml(xml, &Conversion::default()).unwrap();
    let d = directions(&got.platform);
    // 1 MB / 100 MBps = 0.01 s, 10 us; back: 1 MB / 10 MBps = 0.1 s, 3 ms.
    assert_eq!(d[&("a".into(), "b".into())], (0.01, 1e-5));
    assert_eq!(d[&("b".into(), "a".into())], (0.1, 0.003));
    assert_eq!(got.platform.links.len(), 2, "two one-way links");
}
