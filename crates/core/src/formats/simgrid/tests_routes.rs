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

/// SimGrid's `cluster_dragonfly.xml` (120 hosts, the cluster line as SimGrid ships it) now fits:
/// 7 140 pairs, 7 860 HetLab links (pairs whose two directions differ in latency are two
/// one-way links), under [`crate::platform::MAX_LINKS`], and its JSON under HetLab's 1 MiB.
#[test]
fn simgrids_dragonfly_example_imports() {
    let xml = r#"<?xml version='1.0'?>
<platform version="4.1">
  <zone id="world" routing="Full">
    <cluster id="bob_cluster" topology="DRAGONFLY" topo_parameters="3,4;4,3;5,1;2"
             prefix="node-" radical="0-119" suffix=".simgrid.org"
             speed="1Gf" bw="125MBps" lat="50us"
             loopback_bw="100MBps" loopback_lat="0" limiter_link="150MBps"/>
  </zone>
</platform>"#;
    let got = from_xml(xml, &Conversion::default()).unwrap();
    let p = &got.platform;
    assert_eq!((p.nodes.len(), p.links.len()), (120, 7860));
    let json = p.to_json(false);
    assert!(
        json.len() <= crate::platform::MAX_JSON_BYTES,
        "{}",
        json.len()
    );
    assert_eq!(crate::platform::Platform::from_json(&json).unwrap(), *p);
}

/// A platform whose JSON would pass HetLab's 1 MiB documents is refused with its size, not
/// returned as one no HetLab command could read back.
#[test]
fn an_import_past_hetlabs_documents_is_refused_with_its_size() {
    let long = "x".repeat(400);
    let xml = format!(
        r#"<platform version="4.1"><cluster id="c" prefix="{long}-" suffix="" radical="0-139" speed="1Gf" bw="125MBps" lat="50us"/></platform>"#
    );
    let e = from_xml(&xml, &Conversion::default()).unwrap_err();
    assert!(
        e.0[0]
            .message
            .contains("bytes of JSON, past HetLab's 1048576-byte documents"),
        "{e}"
    );
}

/// Clusters of `hosts` each, `n` of them, in one zone joined by a backbone router.
fn clusters(n: usize, hosts: usize) -> String {
    let mut xml = String::from(r#"<platform version="4.1"><zone id="top" routing="Full">"#);
    for k in 0..n {
        xml += &format!(
            r#"<cluster id="c{k}" prefix="c{k}-" suffix="" radical="0-{}" speed="1Gf" bw="125MBps" lat="50us" router_id="r{k}"/>"#,
            hosts - 1
        );
    }
    xml += r#"<link id="wan" bandwidth="10MBps" latency="10ms"/>"#;
    for k in 1..n {
        xml += &format!(
            r#"<zoneRoute src="c0" dst="c{k}" gw_src="r0" gw_dst="r{k}"><link_ctn id="wan"/></zoneRoute>"#
        );
    }
    xml + "</zone></platform>"
}

/// A platform past HetLab's 500 nodes (six clusters of 100, like Grid'5000's `g5k.xml`) or past
/// its links once flattened (three of 100) is refused once, with its zones and their sizes; a
/// zone named with `zone` imports alone, with the routes of the whole file (through the others'
/// routers); a name no zone has lists the zones.
#[test]
fn one_zone_of_a_large_platform_imports_alone() {
    let conv = Conversion::default();
    for (n, says) in [
        (6, "600 hosts, past HetLab's 500: import one zone or cluster (--zone NAME; on the page, Only zone)"),
        (3, "300 hosts: flattened, each pair of hosts is a HetLab link, 44850 links, past HetLab's 10000"),
    ] {
        let e = from_xml(&clusters(n, 100), &conv).unwrap_err();
        assert_eq!(e.0.len(), 2, "{e}");
        assert!(e.0[0].message.contains(says), "{e}");
        assert!(
            e.0[1].message.contains("the zones of \"top\" and their hosts: \"c0\" 100, \"c1\" 100"),
            "{e}"
        );
    }
    // A long list is cut to what a message holds, with the number left out.
    let e = from_xml(&clusters(40, 20), &conv).unwrap_err();
    assert!(
        e.0[1].message.len() < crate::issue::MAX_MESSAGE_CHARS,
        "{e}"
    );
    assert!(e.0[1].message.ends_with(" more"), "{e}");
    let one = from_xml_in(&clusters(6, 100), &conv, &zone("c4")).unwrap();
    assert_eq!(
        (one.platform.nodes.len(), one.platform.links.len()),
        (100, 4950)
    );
    assert!(one
        .platform
        .nodes
        .iter()
        .all(|h| h.id.to_string().starts_with("c4-")));
    // The same routes as in a file of that cluster alone: 1 MB at 125 MBps, twice 50 us.
    let d = directions(&one.platform);
    assert_eq!(d[&("c4-0".into(), "c4-99".into())], (0.008, 1e-4));
    let e = from_xml_in(&clusters(2, 3), &conv, &zone("c9")).unwrap_err();
    assert!(
        e.0[0]
            .message
            .contains("no zone or cluster is called \"c9\"")
            && e.0[1]
                .message
                .contains("the zones of \"top\" and their hosts: \"c0\" 3, \"c1\" 3"),
        "{e}"
    );
}

/// Keeps the hosts of zone `z`.
fn zone(z: &str) -> Only {
    Only {
        zone: Some(z.to_owned()),
        first: None,
    }
}

/// SimGrid's `cluster_crossbar.xml`, 65 536 hosts with no smaller zone, is refused with the way
/// to choose; its first 100 hosts import, each pair a link of the route SimGrid resolves (1 MB
/// up one private link and down another, 125 MBps, 50 us each: 0.008 s and 100 us), with a note.
#[test]
fn the_first_hosts_of_a_crossbar_import() {
    let xml = include_str!("../../../../../tests/data/simgrid/sg/cluster_crossbar.xml");
    let conv = Conversion::default();
    let e = from_xml(xml, &conv).unwrap_err();
    assert_eq!(e.0.len(), 2, "{e}");
    assert!(
        e.0[0].message.contains("65536 hosts, past HetLab's 500"),
        "{e}"
    );
    assert!(
        e.0[1].message.contains(
            "holds no smaller zone: keep its first hosts (--hosts N; on the page, First hosts)"
        ),
        "{e}"
    );
    let only = Only::parse("", "100").unwrap();
    let got = from_xml_in(xml, &conv, &only).unwrap();
    let p = &got.platform;
    assert_eq!((p.nodes.len(), p.links.len()), (100, 4950));
    assert_eq!(p.nodes[0].id.to_string(), "node-0.simgrid.org");
    assert_eq!(p.nodes[99].id.to_string(), "node-99.simgrid.org");
    let d = directions(p);
    assert_eq!(
        d[&("node-3.simgrid.org".into(), "node-97.simgrid.org".into())],
        (0.008, 1e-4)
    );
    assert!(
        got.notes
            .iter()
            .any(|n| n == "the first 100 of the 65536 hosts are kept (--hosts 100); the others only carry routes"),
        "{:?}",
        got.notes
    );
    // Within a zone: the first 2 of c1's 3 hosts, routed through the other cluster's file.
    let only = Only::parse("c1", "2").unwrap();
    let got = from_xml_in(&clusters(2, 3), &conv, &only).unwrap();
    let ids: Vec<String> = got
        .platform
        .nodes
        .iter()
        .map(|n| n.id.to_string())
        .collect();
    assert_eq!(ids, ["c1-0", "c1-1"]);
    assert!(got
        .notes
        .iter()
        .any(|n| n.starts_with("the first 2 of the 3 hosts of \"c1\"")));
    // More than HetLab holds, or none, is refused before reading, with the field named.
    for bad in [0, 501] {
        let e = from_xml_in(
            xml,
            &conv,
            &Only {
                zone: None,
                first: Some(bad),
            },
        )
        .unwrap_err();
        assert_eq!(e.0[0].path, "first hosts", "{e}");
    }
    for bad in ["x", "-1", "1.5", "600"] {
        let e = Only::parse("", bad).unwrap_err();
        assert!(
            e.0[0].message.contains("a whole number from 1 to 500"),
            "{e}"
        );
    }
}

/// Hosts of two clusters kept by naming their common zone: the route between them crosses the
/// zone route's link (10 MBps, 10 ms) as SimGrid resolves it.
#[test]
fn a_kept_zone_keeps_its_routes_across_clusters() {
    let xml = format!(
        r#"<platform version="4.1"><zone id="world" routing="Full">{}<cluster id="far" prefix="f-" suffix="" radical="0-9" speed="1Gf" bw="1MBps" lat="1s"/></zone></platform>"#,
        clusters(2, 2)
            .trim_start_matches(r#"<platform version="4.1">"#)
            .trim_end_matches("</platform>")
    );
    let got = from_xml_in(&xml, &Conversion::default(), &zone("top")).unwrap();
    assert_eq!(got.platform.nodes.len(), 4);
    let d = directions(&got.platform);
    // c0-0 up its link (125 MBps, 50 us), the wan (10 MBps, 10 ms), c1-1 down (50 us).
    assert_eq!(d[&("c0-0".into(), "c1-1".into())], (0.1, 0.0101));
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
