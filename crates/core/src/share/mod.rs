//! The share-URL codec (formats.md section 5): an instance in a URL, behind a version prefix.
//!
//! * `v2.` (written since issue 18): the instance JSON with its platform in the compact spelling
//!   of `compact.rs` (ids implicit when they are `0..n` or `P0..Pn`, positions in thousandths,
//!   numbers as short exact text), compressed with raw DEFLATE primed with a fixed preset
//!   dictionary ([`DICTIONARY`]: the keys and words every instance repeats), in unpadded
//!   base64url. Later versions (`v3.`, ...) only extend the dictionary for families added
//!   since ([`VERSIONS`]); a family's links use the oldest version that primes it. A 20-node, 40-link platform with the editor's positions makes a share URL of at
//!   most 394 characters over 50 random platforms, where `v1.` needed up to 725
//!   (`a_twenty_node_forty_link_platform_*` test).
//! * `v1.` (still read, never written): the instance JSON, raw DEFLATE, unpadded base64url.
//!
//! Decoding is total: every input string gives an [`Instance`] or a message, never a panic. The
//! encoded text and the inflated JSON are both capped, so a hostile link cannot make the page
//! allocate without bound.

mod compact;
mod deflate;
#[cfg(test)]
mod tests;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::families::Instance;
use crate::issue::Issues;

pub use deflate::{version_for, Version, DICTIONARY, VERSIONS};

/// Prefix of the first payload version (read, no longer written).
pub const PREFIX_V1: &str = "v1.";
/// Prefix of the first dictionary version (every family built today is primed in it).
pub const PREFIX_V2: &str = "v2.";
/// Longest payload accepted, in characters (far above any real platform's link).
pub const MAX_PAYLOAD_CHARS: usize = 256 * 1024;
/// Largest inflated JSON accepted, in bytes.
pub const MAX_INFLATED_BYTES: usize = 1 << 20;

/// Encodes an instance as a payload of the oldest dictionary version that primes its family
/// (`v2.` for every family built today).
///
/// ```
/// use hetlab_core::{presets, share};
/// let inst = presets::get("star-example-2").unwrap();
/// let payload = share::encode(&inst);
/// assert!(payload.starts_with("v2."));
/// assert_eq!(share::decode(&payload).unwrap(), inst);
/// ```
#[must_use]
pub fn encode(instance: &Instance) -> String {
    encode_json(&instance.to_json())
}

/// Encodes JSON text (no validation) as a payload: the lower half of [`encode`], the version
/// chosen by the document's `"problem"` ([`version_for`]). Text that is not a JSON object is
/// kept as it is (the decoder gives it back unchanged).
#[must_use]
pub fn encode_json(json: &str) -> String {
    let (text, problem) = match serde_json::from_str::<serde_json::Value>(json) {
        Ok(mut v) if v.is_object() => {
            let problem = v["problem"].as_str().unwrap_or_default().to_owned();
            compact::compact(&mut v);
            let text = serde_json::to_string(&v).unwrap_or_else(|_| json.to_owned());
            (text, problem)
        }
        _ => (json.to_owned(), String::new()),
    };
    let version = version_for(&problem);
    format!(
        "{}{}",
        version.prefix,
        URL_SAFE_NO_PAD.encode(deflate::compress(text.as_bytes(), version.dictionary))
    )
}

/// Encodes JSON text as a `v1.` payload (what HetLab wrote before `v2.`; kept for tests of old
/// links and for measuring the gain).
#[must_use]
pub fn encode_json_v1(json: &str) -> String {
    let deflated = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), deflate::LEVEL);
    format!("{PREFIX_V1}{}", URL_SAFE_NO_PAD.encode(deflated))
}

/// Decodes a payload (`v1.` or `v2.`) into its JSON text, without validating the instance.
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
    let version = VERSIONS.iter().find(|v| payload.starts_with(v.prefix));
    let body = if let Some(v) = version {
        &payload[v.prefix.len()..]
    } else if let Some(body) = payload.strip_prefix(PREFIX_V1) {
        body
    } else {
        return Err(match payload.split_once('.') {
            Some((v, _)) if v.starts_with('v') => {
                let known: Vec<&str> = VERSIONS
                    .iter()
                    .map(|v| v.prefix.trim_end_matches('.'))
                    .collect();
                format!(
                    "the link was made by a newer HetLab (format {v}); this version reads v1 and {}",
                    known.join(", ")
                )
            }
            _ => "the link's data does not start with \"v2.\" or \"v1.\"; it may have been cut when copied"
                .to_owned(),
        });
    };
    let bytes = URL_SAFE_NO_PAD
        .decode(body.trim_end_matches('='))
        .map_err(|_| {
            "the link's data is damaged (not base64url); copy the whole link again".to_owned()
        })?;
    let json = if let Some(v) = version {
        deflate::decompress(&bytes, MAX_INFLATED_BYTES, v.dictionary)
    } else {
        miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_INFLATED_BYTES)
            .map_err(|e| matches!(e.status, miniz_oxide::inflate::TINFLStatus::HasMoreOutput))
    }
    .map_err(|too_large| {
        if too_large {
            format!("the link's instance is too large (over {MAX_INFLATED_BYTES} bytes)")
        } else {
            "the link's data is damaged (cannot be decompressed); copy the whole link again"
                .to_owned()
        }
    })?;
    let text =
        String::from_utf8(json).map_err(|_| "the link's data is damaged (not text)".to_owned())?;
    if version.is_none() {
        return Ok(text);
    }
    // A v2 (or later) document may hold a compact platform: give it back in the plain spelling. Text that
    // is not JSON goes on as it is, for the instance parser to name the problem.
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(mut v) if v.is_object() => {
            compact::expand(&mut v)?;
            Ok(serde_json::to_string(&v).unwrap_or(text))
        }
        _ => Ok(text),
    }
}

/// Decodes a payload into a validated instance.
///
/// # Errors
/// [`Issues`]: a damaged link (empty path) or every problem of the instance it holds.
pub fn decode(payload: &str) -> Result<Instance, Issues> {
    let json = decode_json(payload)?;
    Instance::from_json(&json)
}
