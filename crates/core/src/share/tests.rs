//! Tests of the share-URL codec: round trips, sizes (formats.md §5: a 20-node, 40-link platform
//! with positions fits a 600-character URL), old `v1.` links, damaged and forged links.

use super::*;
use crate::generate::{self, Shape};
use crate::platform::{NodeId, Platform, Point};
use crate::steady_state::SteadyState;
use proptest::prelude::*;

/// The longest share URL a deployed page produces for these (a real host and path, the page,
/// the algorithm and a two-digit step).
fn url(payload: &str) -> String {
    format!("https://hetlab.example.org/hetlab/#/steady-state?i={payload}&algo=lp&step=12")
}

/// A platform as the editor leaves it: ids `P0..`, every node placed (3 decimals).
fn edited(seed: u64) -> Platform {
    let mut p = generate::platform(Shape::Random, 20, seed);
    let pos = crate::platform::layout(&p);
    for (k, (node, at)) in p.nodes.iter_mut().zip(pos).enumerate() {
        node.id = NodeId::Str(format!("P{k}"));
        // The editor keeps 3 decimals (src/editor.rs); jitter so that positions are not a circle.
        let d = u64::try_from(k).unwrap();
        let jitter = |d: u64| f64::from(u32::try_from((seed * 7 + d) % 13).unwrap());
        let r = |v: f64, d: u64| (((v * 1000.0).round() + jitter(d)) / 1000.0).min(1.0);
        node.pos = Some(Point {
            x: r(at.x, d),
            y: r(at.y, 3 * d),
        });
    }
    p.name = None;
    p
}

#[test]
fn a_twenty_node_forty_link_platform_with_positions_fits_in_600_characters() {
    let (mut worst_v1, mut worst_v2) = (0, 0);
    for seed in 0..50 {
        for p in [edited(seed), generate::platform(Shape::Random, 20, seed)] {
            assert_eq!((p.nodes.len(), p.links.len()), (20, 40));
            let inst = Instance::SteadyState(SteadyState::new(p));
            let payload = encode(&inst);
            assert!(payload.starts_with("v2."));
            let link = url(&payload);
            assert!(link.len() <= 600, "seed {seed}: {} characters", link.len());
            assert_eq!(decode(&payload).unwrap(), inst);
            worst_v2 = worst_v2.max(link.len());
            worst_v1 = worst_v1.max(url(&encode_json_v1(&inst.to_json())).len());
        }
    }
    // The measure behind the module documentation: v1 did not fit.
    assert!(worst_v1 > 600, "v1 worst {worst_v1}");
    assert!(worst_v2 < 420, "v2 worst {worst_v2}");
}

/// `v1.` payloads written by HetLab before `v2.` (by `encode_json_v1`, identical to the old
/// `encode`): they must open forever.
const OLD_STAR: &str = "v1.ZY1BDoIwEEWvQmalSTVa0EWv4dK4GGyJjbQl7SAxhPN4D09mLZJI2Ezmvz__Tw-Nd2WtDAgIpFA-N4GQFDB4KB-0syD2DJoaqXI-XvVg0ah4fSL0WafplpVoZadl3AJS65FiKlv9t22NzN6v45avY691UgUQ5x60BLFj0IHIGRiMCQ-CfKsGNpr7ZPJJ8iQPk8znbpFkMVwY1NrexxeVdyY9IZfqrnF-AzPOE-cLnieeL3jx67kMwwc";
const OLD_EDITED: &str = "v1.fZPLbttADEX_hWu1EOc9-oruiyzcWgGM2lYgq3nA8L9HiYYzHJvSTsA9pC4vOVd4GYc_x_4EHVymfrf_-HGZdlMPDbz24-UwnKHDBl6Ou-l5GGfqCudh31-g-32Fw36u-tXO7Bt0roHTbm4xQjeN__sG3qFrf9o2NPDx9dWGcGuoBpeakCinY6IQVaHUQulEeeuJclgoXfcKFhOlrC-UWaiYqIhEac8oW_eKKkGW_c_Vrsi50wXxNRIM9fG2QKF25G1ignEFijXktElUbHmcZQcpdWoWNcsTsca0d7kbGxBT7jZhymVnzD7quhm6kIfkmLnDKHdn-C9tTbWUqq2Mpegx91J5iYZhKX5PmCdMsWQx1JSymq6LHQTGepXak3-cnT01cDyc_y2v4XkcTvQepoGu_C9039YeVbWolqsqq1qo1Vk1i6q4ilm1QmebVSeopbNfVM1Vn9Ug1JaJouC5uPo-0ns5FhmF3kxWwshlKNSC71BkMTC2KSvopshO6I5sNC-1Z_VBqHdFTsGhHDqZQ_lS_Oa2yTrKK6Ng1mRp4agenK8cYtjeeLvtHIXQ9Ham7X0qK8bExNX9AzJr1yKFZrZl_3DJK0-MLhlXQtOboXnBuX34Na4NhqQ_3W6f";

#[test]
fn old_v1_links_still_open() {
    let star = decode(OLD_STAR).unwrap();
    assert_eq!(star, crate::presets::get("star-example-2").unwrap());
    // The edited payload was written when random platforms were laid out on a circle: its
    // positions are those (pinned at both ends); everything else is `edited(3)`.
    let Instance::SteadyState(got) = decode(OLD_EDITED).unwrap() else {
        panic!("not a steady-state instance")
    };
    let at = |k: usize| got.platform.nodes[k].pos;
    assert_eq!(at(0), Some(Point { x: 0.508, y: 0.088 }));
    assert_eq!(at(19), Some(Point { x: 0.371, y: 0.101 }));
    let mut want = edited(3);
    for (w, g) in want.nodes.iter_mut().zip(&got.platform.nodes) {
        w.pos = g.pos;
    }
    assert_eq!(got, SteadyState::new(want));
    // And the v1 writer still makes what the v1 reader reads.
    assert_eq!(decode(&encode_json_v1(&star.to_json())).unwrap(), star);
}

/// A `v2.` payload written by this version: pins the dictionary and the compact spelling.
const V2_STAR: &str = "v2.nZEhDoAwDEWv8oOCZJloBxdBI0YmmMDAyBTn4R6cjD8M6In-tKbt_69iwYtAIehZjsMHQahqlOpMeXkkA-SYFsw0mGNgt_t0bL5Ej_Z_0a4B9zVY6ZrpfAA";

#[test]
fn v2_payloads_are_frozen() {
    assert_eq!(DICTIONARY.len(), 1150);
    let star = crate::presets::get("star-example-2").unwrap();
    assert_eq!(decode(V2_STAR).unwrap(), star);
    assert_eq!(encode(&star), V2_STAR);
}

#[test]
fn every_preset_and_generated_instance_round_trips() {
    for name in crate::presets::PRESETS.iter().map(|p| p.name) {
        let inst = crate::presets::get(name).unwrap();
        assert_eq!(decode(&encode(&inst)).unwrap(), inst, "{name}");
    }
    for f in crate::catalog::FAMILIES {
        for shape in Shape::ALL {
            for seed in 0..3 {
                if let Some(inst) = crate::families::generate(f.problem, shape, 6, seed) {
                    assert_eq!(decode(&encode(&inst)).unwrap(), inst, "{}", f.problem);
                }
            }
        }
    }
}

#[test]
fn platforms_the_compact_spelling_cannot_carry_stay_plain_and_exact() {
    for json in [
        // Positions with more than 3 decimals, latencies, unusual ids, directed links, c_back,
        // a router, absent w.
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":"a b","w":1,"master":true,"x":0.12345,"y":0.5},{"id":7,"w":"inf","lcalc":2}],"links":[{"from":"a b","to":7,"c":"3/2","lcomm":1}]}}"#,
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":"m","w":"1/3","master":true},{"id":"r","w":"inf"},{"id":"x1","w":"0.25"}],"links":[{"from":"m","to":"r","c":"2","c_back":"5/2"},{"from":"r","to":"x1","c":1,"directed":true}]}}"#,
        r#"{"problem":"broadcast","version":1,"platform":{"name":"a, b","nodes":[{"id":0},{"id":1},{"id":2}],"links":[{"from":0,"to":1,"c":1},{"from":1,"to":2,"c":"1/2","c_back":3}]},"source":1,"targets":[0,2],"port_model":"unidirectional"}"#,
        r#"{"problem":"steady-state","version":1,"platform":{"nodes":[{"id":"P0","w":1,"master":true,"x":0,"y":1},{"id":"P2","w":2,"x":1,"y":0.001}],"links":[{"from":"P0","to":"P2","c":1}]}}"#,
    ] {
        let inst = Instance::from_json(json).unwrap();
        assert_eq!(decode(&encode(&inst)).unwrap(), inst, "{json}");
    }
}

#[test]
fn rejects_damaged_links_with_a_message() {
    for (bad, needle) in [
        ("", "does not start with \"v2.\""),
        ("v3.abc", "newer HetLab"),
        ("v1.***", "not base64url"),
        ("v2.***", "not base64url"),
        ("v1.AAAA", "cannot be decompressed"),
        ("v1.", "cannot be decompressed"),
        ("v2.", "cannot be decompressed"),
    ] {
        let e = decode(bad).unwrap_err().to_string();
        assert!(e.contains(needle), "{bad:?}: {e}");
    }
    let not_json = encode_json("hello");
    assert!(decode(&not_json).is_err());
}

#[test]
fn forged_compact_platforms_give_a_message() {
    for platform in [
        r#"["0","1 2","0,5,1"]"#,
        r#"["0","1,2","0,1,1"]"#,
        r#"["=a","1 2",""]"#,
        r#"["0","1,2000,3 1",""]"#,
        r#"["0","1 1","0,1,1,2,3"]"#,
        r#"["Q","1 1",""]"#,
        r#"["0",3,""]"#,
        r#"["0","1","",4,5]"#,
    ] {
        let json = format!(r#"{{"problem":"steady-state","version":1,"platform":{platform}}}"#);
        // Written without compaction (it is already an array), read through expansion.
        let payload = format!(
            "{PREFIX_V2}{}",
            URL_SAFE_NO_PAD.encode(deflate::compress(json.as_bytes(), DICTIONARY))
        );
        let e = decode(&payload).unwrap_err().to_string();
        assert!(!e.is_empty(), "{platform}");
    }
}

#[test]
fn caps_the_inflated_size() {
    for bomb in [
        encode_json(&" ".repeat(MAX_INFLATED_BYTES + 10)),
        encode_json_v1(&" ".repeat(MAX_INFLATED_BYTES + 10)),
    ] {
        assert!(bomb.len() < 10_000, "a zip bomb is small: {}", bomb.len());
        let e = decode(&bomb).unwrap_err().to_string();
        assert!(e.contains("too large"), "{e}");
    }
}

#[test]
fn malformed_links_of_every_kind_give_a_message() {
    let good = encode(&crate::presets::get("broadcast-e1").expect("preset"));
    // Every cut of a real link: a message or (rarely) a valid instance, never a panic.
    for end in 0..good.len() {
        if let Err(e) = decode(&good[..end]) {
            assert!(!e.to_string().is_empty());
        }
    }
    let huge = format!("v2.{}", "A".repeat(MAX_PAYLOAD_CHARS + 1));
    assert!(decode(&huge).unwrap_err().to_string().contains("too long"));
    let e = decode(&format!("v7.{}", &good[3..]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("newer HetLab"), "{e}");
    let e = decode(&format!("-{}", &good[3..])).unwrap_err().to_string();
    assert!(e.contains("does not start"), "{e}");
    // Valid JSON of no known family, and of another family than the page's: the first is
    // refused with the field named; the second decodes (the page compares `problem`).
    let e = decode(&encode_json(r#"{"problem": "tetris", "version": 1}"#))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("problem: unknown problem"), "{e}");
    assert_eq!(
        decode(&good).map(|i| i.problem()),
        Ok("broadcast"),
        "a link of another family still reads; the page decides"
    );
    // Not UTF-8 inside a well-formed payload, in both versions.
    let bytes = miniz_oxide::deflate::compress_to_vec(b"{\"problem\": \"\xff\"}", 6);
    let e = decode(&format!("v1.{}", URL_SAFE_NO_PAD.encode(bytes)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not text"), "{e}");
    let bytes = deflate::compress(b"{\"problem\": \"\xff\"}", DICTIONARY);
    let e = decode(&format!("v2.{}", URL_SAFE_NO_PAD.encode(bytes)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not text"), "{e}");
}

proptest! {
    #[test]
    fn decoding_never_panics(s in ".{0,400}") {
        let _ = decode(&s);
        let _ = decode(&format!("v1.{s}"));
        let _ = decode(&format!("v2.{s}"));
    }

    #[test]
    fn decoding_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = decode(&format!("v1.{}", URL_SAFE_NO_PAD.encode(&bytes)));
        let _ = decode(&format!("v2.{}", URL_SAFE_NO_PAD.encode(&bytes)));
    }

    #[test]
    fn random_platforms_round_trip(seed in 0u64..1000, n in 1usize..30, shape in 0usize..6) {
        let p = generate::platform(Shape::ALL[shape], n, seed);
        let inst = Instance::SteadyState(SteadyState::new(p));
        prop_assert_eq!(decode(&encode(&inst)).unwrap(), inst);
    }
}

/// Every registered family is primed in a dictionary version, and the versions only grow: each
/// dictionary starts with the one before it, and their prefixes are distinct. A new family with
/// no version of its own fails here (add one to `deflate::VERSIONS`).
#[test]
fn every_family_is_primed_and_versions_only_grow() {
    for problem in crate::families::PROBLEMS {
        let key = format!("\"problem\":\"{problem}\"");
        let v = version_for(problem);
        assert!(
            v.dictionary.contains(&key),
            "{problem} is primed in no dictionary"
        );
    }
    for w in VERSIONS.windows(2) {
        assert!(
            w[1].dictionary.starts_with(w[0].dictionary),
            "{}",
            w[1].prefix
        );
        assert_ne!(w[0].prefix, w[1].prefix);
    }
    assert_eq!(VERSIONS[0].prefix, PREFIX_V2);
}
