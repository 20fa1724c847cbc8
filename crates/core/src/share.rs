//! The share-URL codec (formats.md section 5): instance JSON → raw DEFLATE → unpadded base64url,
//! behind a `v1.` prefix.
//!
//! Decoding is total: every input string gives an [`Instance`] or a message, never a panic. The
//! encoded text and the inflated JSON are both capped, so a hostile link cannot make the page
//! allocate without bound.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::instance::Instance;
use crate::issue::Issues;

/// Prefix naming the payload version; a future `v2.` must still read `v1.` links.
pub const PREFIX_V1: &str = "v1.";
/// Longest payload accepted, in characters (far above any real platform's link).
pub const MAX_PAYLOAD_CHARS: usize = 256 * 1024;
/// Largest inflated JSON accepted, in bytes.
pub const MAX_INFLATED_BYTES: usize = 1 << 20;
/// DEFLATE level used when encoding (the best; instances are small).
const LEVEL: u8 = 10;

/// Encodes an instance as a `v1.` payload.
///
/// ```
/// use hetlab_core::{presets, share};
/// let inst = presets::get("star-example-2").unwrap();
/// let payload = share::encode(&inst);
/// assert!(payload.starts_with("v1."));
/// assert_eq!(share::decode(&payload).unwrap(), inst);
/// ```
#[must_use]
pub fn encode(instance: &Instance) -> String {
    encode_json(&instance.to_json())
}

/// Encodes JSON text as it is (no validation): the lower half of [`encode`].
#[must_use]
pub fn encode_json(json: &str) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), LEVEL);
    format!("{PREFIX_V1}{}", URL_SAFE_NO_PAD.encode(deflated))
}

/// Decodes a payload into its JSON text, without validating the instance.
///
/// # Errors
/// One issue (at the document's root) saying what is wrong with the link: prefix, alphabet,
/// compression, size, UTF-8.
pub fn decode_json(payload: &str) -> Result<String, Issues> {
    link_json(payload).map_err(|m| Issues::one("", m))
}

/// [`decode_json`]'s work, the problem in a sentence.
fn link_json(payload: &str) -> Result<String, String> {
    let payload = payload.trim();
    if payload.len() > MAX_PAYLOAD_CHARS {
        return Err(format!(
            "the link's data is too long ({} characters; at most {MAX_PAYLOAD_CHARS})",
            payload.len()
        ));
    }
    let Some(body) = payload.strip_prefix(PREFIX_V1) else {
        return Err(match payload.split_once('.') {
            Some((v, _)) if v.starts_with('v') => {
                format!("the link was made by a newer HetLab (format {v}); this version reads v1")
            }
            _ => "the link's data does not start with \"v1.\"; it may have been cut when copied"
                .to_owned(),
        });
    };
    let bytes = URL_SAFE_NO_PAD
        .decode(body.trim_end_matches('='))
        .map_err(|_| {
            "the link's data is damaged (not base64url); copy the whole link again".to_owned()
        })?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED_BYTES)
        .map_err(|e| {
            if matches!(e.status, miniz_oxide::inflate::TINFLStatus::HasMoreOutput) {
                format!("the link's instance is too large (over {MAX_INFLATED_BYTES} bytes)")
            } else {
                "the link's data is damaged (cannot be decompressed); copy the whole link again"
                    .to_owned()
            }
        })?;
    String::from_utf8(json).map_err(|_| "the link's data is damaged (not text)".to_owned())
}

/// Decodes a payload into a validated instance.
///
/// # Errors
/// [`Issues`]: a damaged link (empty path) or every problem of the instance it holds.
pub fn decode(payload: &str) -> Result<Instance, Issues> {
    let json = decode_json(payload)?;
    Instance::from_json(&json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{self, Shape};
    use crate::instance::SteadyState;
    use proptest::prelude::*;

    #[test]
    fn rejects_damaged_links_with_a_message() {
        for (bad, needle) in [
            ("", "does not start with \"v1.\""),
            ("v2.abc", "newer HetLab"),
            ("v1.***", "not base64url"),
            ("v1.AAAA", "cannot be decompressed"),
            ("v1.", "cannot be decompressed"),
        ] {
            let e = decode(bad).unwrap_err().to_string();
            assert!(e.contains(needle), "{bad:?}: {e}");
        }
        let not_json = encode_json("hello");
        assert!(decode(&not_json).is_err());
    }

    #[test]
    fn caps_the_inflated_size() {
        let bomb = encode_json(&" ".repeat(MAX_INFLATED_BYTES + 10));
        assert!(bomb.len() < 10_000, "a zip bomb is small: {}", bomb.len());
        let e = decode(&bomb).unwrap_err().to_string();
        assert!(e.contains("too large"), "{e}");
    }

    #[test]
    fn a_twenty_node_forty_link_platform_fits_in_600_characters() {
        for seed in 0..50 {
            let p = generate::platform(Shape::Random, 20, seed);
            assert_eq!(p.links.len(), 40);
            let inst = Instance::SteadyState(SteadyState::new(p));
            let url = format!(
                "https://hetlab.example/#/steady-state?i={}&algo=lp&step=12",
                encode(&inst)
            );
            assert!(url.len() <= 600, "seed {seed}: {} characters", url.len());
            assert_eq!(decode(&encode(&inst)).unwrap(), inst);
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
        let huge = format!("v1.{}", "A".repeat(MAX_PAYLOAD_CHARS + 1));
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
        // Not UTF-8 inside a well-formed payload.
        let bytes = miniz_oxide::deflate::compress_to_vec(b"{\"problem\": \"\xff\"}", 6);
        let e = decode(&format!("v1.{}", URL_SAFE_NO_PAD.encode(bytes)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("not text"), "{e}");
    }

    proptest! {
        #[test]
        fn decoding_never_panics(s in ".{0,400}") {
            let _ = decode(&s);
            let _ = decode(&format!("v1.{s}"));
        }

        #[test]
        fn decoding_random_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = decode(&format!("v1.{}", URL_SAFE_NO_PAD.encode(bytes)));
        }
    }
}
