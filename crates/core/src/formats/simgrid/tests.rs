//! SimGrid import and export on platforms written by hand from SimGrid's documentation
//! (`tests/data/simgrid/`), the messages for what is not supported, and round trips.

use super::*;
use crate::platform::{NodeId, Platform};
use crate::rational::{q, qi, Cost};

const TWO_HOSTS: &str = include_str!("../../../../../tests/data/simgrid/two_hosts.xml");
const STAR: &str = include_str!("../../../../../tests/data/simgrid/star_with_router.xml");
const FLOYD: &str = include_str!("../../../../../tests/data/simgrid/floyd_chain.xml");
const UNSUPPORTED: &str = include_str!("../../../../../tests/data/simgrid/unsupported.xml");

fn read(xml: &str) -> Imported {
    from_xml(xml, &Conversion::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn w(p: &Platform, id: &str) -> Cost {
    let k = p.index_of(&NodeId::from_text(id)).unwrap();
    p.nodes[k].w.clone().unwrap()
}

#[test]
fn two_hosts_convert_speed_bandwidth_and_latency() {
    let got = read(TWO_HOSTS);
    let p = &got.platform;
    assert_eq!(p.name.as_deref(), Some("world"));
    // 1 Gf / 25 Mf = 40; 1 MB / 125 MBps = 1/125; 100 us.
    assert_eq!(w(p, "Tremblay"), Cost::Finite(qi(40)));
    assert_eq!(w(p, "Jupiter"), Cost::Finite(qi(20)));
    assert_eq!(p.links.len(), 1);
    let l = &p.links[0];
    assert_eq!(
        (l.c.clone(), l.c_back.clone(), l.directed),
        (Cost::Finite(q(1, 125)), None, false)
    );
    assert_eq!(l.lcomm, Some(q(1, 10_000)));
    assert!(p.nodes[0].master && !p.nodes[1].master);
    assert!(got
        .notes
        .iter()
        .any(|n| n.contains("\"Tremblay\" (the first host) holds the tasks")));
}

#[test]
fn routes_take_their_slowest_link_and_summed_latency() {
    let got = read(STAR);
    let p = &got.platform;
    assert_eq!(w(p, "master"), Cost::Finite(qi(1)));
    assert_eq!(w(p, "fast"), Cost::Finite(q(1, 4)), "2 cores at 2 Gf");
    assert_eq!(w(p, "slow"), Cost::Finite(qi(2)));
    assert_eq!(w(p, "far"), Cost::Finite(qi(1)));
    assert_eq!(w(p, "switch"), Cost::Inf, "a router only forwards");
    assert!(p.nodes[0].master);
    let c: Vec<(String, Cost, Option<Cost>, Option<crate::rational::Q>)> = p
        .links
        .iter()
        .map(|l| {
            (
                p.nodes[l.to].id.to_string(),
                l.c.clone(),
                l.c_back.clone(),
                l.lcomm.clone(),
            )
        })
        .collect();
    assert_eq!(
        c,
        [
            (
                "switch".into(),
                Cost::Finite(q(1, 1000)),
                None,
                Some(q(1, 100_000))
            ),
            (
                "fast".into(),
                Cost::Finite(q(1, 250)),
                None,
                Some(q(3, 100_000))
            ),
            // 1 Gbps is 125 MBps.
            (
                "slow".into(),
                Cost::Finite(q(1, 125)),
                None,
                Some(q(3, 100_000))
            ),
            (
                "far".into(),
                Cost::Finite(q(1, 10)),
                Some(Cost::Finite(q(1, 20))),
                Some(q(1, 200))
            ),
        ]
    );
    assert!(
        got.notes
            .iter()
            .any(|n| n.contains("loopback") && n.starts_with("line 20")),
        "{:?}",
        got.notes
    );
    assert!(got.notes.iter().any(|n| n.contains("2 cores")));
}

#[test]
fn floyd_zones_read_hops_and_skip_configuration_and_deployment() {
    let got = read(FLOYD);
    let p = &got.platform;
    let ws: Vec<Cost> = p.nodes.iter().map(|n| n.w.clone().unwrap()).collect();
    assert_eq!(
        ws,
        [
            Cost::Finite(qi(10)),
            Cost::Finite(qi(5)),
            Cost::Finite(q(5, 2))
        ]
    );
    assert_eq!(p.links[0].c, Cost::Finite(q(1, 10)));
    assert_eq!(p.links[1].c, Cost::Finite(q(1, 20)));
    assert_eq!(p.links[1].lcomm, None);
    let notes = got.notes.join("\n");
    assert!(notes.contains("line 6: <config> is skipped"), "{notes}");
    assert!(notes.contains("<actor> is deployment"), "{notes}");
}

#[test]
fn the_task_size_scales_w_and_c() {
    let conv = Conversion::parse("50Mf", "125MB").unwrap();
    let p = from_xml(TWO_HOSTS, &conv).unwrap().platform;
    assert_eq!(w(&p, "Tremblay"), Cost::Finite(qi(2)));
    assert_eq!(p.links[0].c, Cost::Finite(qi(1)));
    let e = Conversion::parse("0f", "1 parsec").unwrap_err();
    assert_eq!(e.0.len(), 2, "{e}");
    assert!(e.0[0].path == "flops" && e.0[1].path == "bytes", "{e}");
}

#[test]
fn what_is_not_supported_is_named_with_its_line() {
    let e = from_xml(UNSUPPORTED, &Conversion::default()).unwrap_err();
    let text = e.to_string();
    for (line, what) in [
        (
            "line 5",
            "<cluster>: topo_parameters \"3,2\" makes 6 hosts, but radical gives 4",
        ),
        ("line 6", "<zone>: Vivaldi zones place hosts by coordinates"),
        ("line 9", "<host>: speed: \"fast\" is not a speed"),
        ("line 10", "<link>: bandwidth: unknown unit \"MBs\""),
        (
            "line 11",
            "<route>: unknown host, router or zone \"nowhere\"",
        ),
        (
            "line 12",
            "<cluster>: this cluster has 1000000 hosts: HetLab reads at most 131072 hosts, routers and zones in one file",
        ),
        (
            "line 13",
            "<storage>: storage is not part of a HetLab platform",
        ),
    ] {
        assert!(
            e.0.iter()
                .any(|i| i.path == line && i.message.starts_with(what)),
            "{line} {what} in\n{text}"
        );
    }
}

#[test]
fn broken_files_get_one_clear_message() {
    let conv = Conversion::default();
    let cases = [
        ("<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\">", "not readable as XML"),
        ("<platform version=\"3\"></platform>", "HetLab reads version 4.1"),
        ("<hetlab/>", "starts with <platform"),
        ("<platform version=\"4.1\"></platform>", "no <zone> found"),
        ("<platform version=\"4.1\"><zone id=\"z\" routing=\"Star\"/></platform>", "routing \"Star\" is not a SimGrid 3.32 routing HetLab reads"),
        ("<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\"/></platform>", "no <host>"),
        ("<!DOCTYPE p [<!ENTITY a \"aaaa\">]><platform/>", "entity declarations"),
        (
            "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"a\" speed=\"1f\"/></zone></platform>",
            "duplicate id \"a\"",
        ),
        (
            "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\"><host id=\"a\" speed=\"1f\"/><host id=\"b\" speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\"/><route src=\"a\" dst=\"b\"><link_ctn id=\"l\"/></route><route src=\"b\" dst=\"a\"><link_ctn id=\"l\"/></route></zone></platform>",
            "a route from \"b\" to \"a\" is already given at line 1",
        ),
    ];
    for (xml, want) in cases {
        let e = from_xml(xml, &conv).unwrap_err().to_string();
        assert!(e.contains(want), "{xml}\n→ {e}");
    }
}

#[test]
fn a_hetlab_platform_survives_export_and_import() {
    let text = r#"{"name": "demo", "nodes": [
        {"id": "P0", "w": 1, "master": true, "x": 0.25, "y": 0.5},
        {"id": "P1", "w": "1/2"}, {"id": 7, "w": 3}, {"id": "R", "w": "inf"}],
      "links": [{"from": "P0", "to": "P1", "c": "1/4", "lcomm": "0.001"},
                {"from": "P1", "to": 7, "c": 2, "c_back": "1/8"},
                {"from": 7, "to": "R", "c": 1, "directed": true},
                {"from": "R", "to": "P0", "c": "1/3"}]}"#;
    let p = Platform::from_json(text).unwrap();
    let conv = Conversion::default();
    let xml = to_xml(&p, &conv);
    let back = read(&xml);
    assert_eq!(back.platform, p, "{xml}");
    assert!(back.notes.is_empty(), "{:?}", back.notes);
    // And with another task size, the same platform comes back too.
    let conv = Conversion::parse("3f", "7B").unwrap();
    assert_eq!(from_xml(&to_xml(&p, &conv), &conv).unwrap().platform, p);
}

#[test]
fn simgrid_files_survive_import_export_import() {
    for xml in [TWO_HOSTS, STAR, FLOYD] {
        let once = read(xml).platform;
        let twice = read(&to_xml(&once, &Conversion::default())).platform;
        assert_eq!(once, twice);
    }
}

#[test]
fn every_preset_platform_exports_to_readable_simgrid() {
    for name in crate::presets::PRESETS.iter().map(|p| p.name) {
        let Some(inst) = crate::presets::get(name) else {
            continue;
        };
        let Some(p) = inst.platform() else { continue };
        let xml = to_xml(p, &Conversion::default());
        let back =
            from_xml(&xml, &Conversion::default()).unwrap_or_else(|e| panic!("{name}: {e}\n{xml}"));
        assert_eq!(back.platform.nodes.len(), p.nodes.len(), "{name}");
        assert_eq!(back.platform.arcs().len(), p.arcs().len(), "{name}");
    }
}

#[test]
fn exact_values_ride_along_until_the_rate_is_edited() {
    let p = Platform::from_json(
        r#"{"nodes": [{"id": "A", "w": 3}, {"id": "B", "w": 1}], "links": [{"from": "A", "to": "B", "c": "1/3"}]}"#,
    )
    .unwrap();
    let xml = to_xml(&p, &Conversion::default());
    // 1 Gf / 3 and 1 MB / (1/3) have no short decimal: doubles in the file, exact properties.
    assert!(xml.contains(r#"speed="3.3333333333333333e8f""#), "{xml}");
    assert!(xml.contains(r#"<prop id="hetlab:w" value="3"/>"#), "{xml}");
    assert!(xml.contains(r#"bandwidth="3000000Bps""#), "{xml}");
    assert_eq!(read(&xml).platform.nodes[0].w, Some(Cost::Finite(qi(3))));
    // Someone doubled A's speed in SimGrid: the stale property is not used.
    let edited = xml.replace("3.3333333333333333e8f", "6.6666666666666666e8f");
    let w = read(&edited).platform.nodes[0].w.clone().unwrap();
    let w = w.finite().unwrap().clone();
    assert!(w > q(149, 100) && w < q(151, 100), "{w}");
}

/// The site imports in its solver worker and hands the platform to the page as JSON: the
/// platform read back is the one imported, on every sample file.
#[test]
fn imported_platforms_survive_their_json() {
    for xml in [TWO_HOSTS, STAR, FLOYD] {
        let p = read(xml).platform;
        assert_eq!(Platform::from_json(&p.to_json(false)).unwrap(), p);
    }
}
