//! Raw DEFLATE primed with a preset dictionary, for `v2.` share payloads.
//!
//! miniz_oxide has no `deflateSetDictionary`, but a dictionary is only history the stream may
//! point back into. So the compressor first eats [`DICTIONARY`] and is sync-flushed (which ends
//! its output on a byte boundary and keeps the history), then compresses the payload; only the
//! bytes after the flush are kept. The decompressor writes into a buffer that already holds the
//! dictionary, in non-wrapping mode, so back-references into it resolve. Both sides must use the
//! same bytes forever: each version's dictionary is frozen (a test pins `v2.`'s length and a
//! real payload). A family added later is primed by a new version whose dictionary is the last
//! one plus that family's words ([`VERSIONS`]); links of the older versions keep reading.

use miniz_oxide::deflate::core::{
    compress_to_output, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};
use miniz_oxide::inflate::core::{self as inflate, inflate_flags, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;

/// DEFLATE level (the best; instances are small).
pub(super) const LEVEL: u8 = 10;

/// The preset dictionary of `v2.` payloads: the keys, family names and words that instance
/// documents repeat, the most frequent last (shortest distances). FROZEN: changing one byte
/// breaks every `v2.` link ever shared.
pub const DICTIONARY: &str = concat!(
    r#"{"problem":"divisible","version":1,"variant":"star-linear","W_total":"#,
    r#","workers":[{"g":"w":"G":"W":},"w0":"tree-linear","nodes":[{"id":"parent":"#,
    r#""multi-installment","rounds":"umr","periodic","star-affine""#,
    r#"{"problem":"master-slave","version":1,"variant":"MaxTasks1","t":[],"tcom":"T":"#,
    r#""MinTime2","t1":"t2":"C":"fork","children":[{"c":"chain","spider","legs":[["#,
    r#"{"problem":"scatter","version":1,"n":"processors":[{"comm":{"lat":0,"per_item":"#,
    r#"},"comp":{"lat":0,"per_item":}}],"root_transfer":"#,
    r#"{"problem":"ring","version":1,"w":[],"c":[["0","#,
    r#"],"W":"H":1}"#,
    r#"{"problem":"chains","version":1,"weights":[],"speeds":[],"orders":"seed":"#,
    r#"{"problem":"lu","version":1,"B":10,"n":20,"grid":[2,2],"cycle_times":[1,5,5,"#,
    r#"{"problem":"square-partition","version":1,"areas":[],"speeds":[1,2,3,4,5,6,"#,
    r#"{"problem":"broadcast","version":1,"platform":["0","*- - - "," 0,1,1 0,2,1 ","#,
    r#"],"source":0,"targets":[],"port_model":"unidirectional"}"#,
    r#""nodes":[{"id":"P0","w":"1","master":true,"x":0.5,"y":0.1},"#,
    r#""links":[{"from":"P0","to":"P1","c":"1","c_back":"2","directed":true}]}"#,
    r#"random platform, 20 nodes, seed 1","data_in":"data_out":"#,
    r#"{"problem":"steady-state","version":1,"platform":["P","*1,500,80 "#,
);

/// One version of the payload: its prefix and the dictionary DEFLATE is primed with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    /// The payload's prefix (`"v2."`).
    pub prefix: &'static str,
    /// Its preset dictionary: FROZEN once a link has been shared.
    pub dictionary: &'static str,
}

/// Every dictionary version, oldest first. To prime a new family, append a version whose
/// dictionary is the last one's followed by the new family's words (keys, problem name, its
/// typical values); never edit a version. A family's links are written with the oldest
/// version that primes it (`"problem":"<name>"` in its dictionary), so the links of the
/// families already here never change.
pub const VERSIONS: &[Version] = &[Version {
    prefix: "v2.",
    dictionary: DICTIONARY,
}];

/// The version that writes the links of `problem`: the oldest whose dictionary names it, else
/// the newest.
#[must_use]
pub fn version_for(problem: &str) -> &'static Version {
    let key = format!("\"problem\":\"{problem}\"");
    VERSIONS
        .iter()
        .find(|v| v.dictionary.contains(&key))
        .or(VERSIONS.last())
        .unwrap_or(&VERSIONS[0])
}

/// `dictionary` then `text`, compressed; the bytes after the dictionary's flush.
pub(super) fn compress(text: &[u8], dictionary: &str) -> Vec<u8> {
    let flags = create_comp_flags_from_zip_params(i32::from(LEVEL), -15, 0);
    let mut d = Box::new(CompressorOxide::new(flags));
    let mut out = Vec::new();
    let mut sink = |bytes: &[u8]| {
        out.extend_from_slice(bytes);
        true
    };
    let (status, _) =
        compress_to_output(&mut d, dictionary.as_bytes(), TDEFLFlush::Sync, &mut sink);
    debug_assert_eq!(status, TDEFLStatus::Okay);
    let primed = out.len();
    let mut sink = |bytes: &[u8]| {
        out.extend_from_slice(bytes);
        true
    };
    let (status, _) = compress_to_output(&mut d, text, TDEFLFlush::Finish, &mut sink);
    debug_assert_eq!(status, TDEFLStatus::Done);
    out.split_off(primed)
}

/// Inflates `bytes` after `dictionary`, at most `limit` bytes of output.
///
/// # Errors
/// `true` when the output would pass `limit`, `false` when the stream is damaged.
pub(super) fn decompress(
    mut bytes: &[u8],
    limit: usize,
    dictionary: &str,
) -> Result<Vec<u8>, bool> {
    let dict = dictionary.as_bytes();
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let cap = dict.len() + limit;
    let mut buf = dict.to_vec();
    buf.resize((dict.len() + bytes.len().saturating_mul(4)).min(cap), 0);
    let mut d = Box::<DecompressorOxide>::default();
    let mut at = dict.len();
    loop {
        let (status, used, written) = inflate::decompress(&mut d, bytes, &mut buf, at, flags);
        at += written;
        match status {
            TINFLStatus::Done => {
                buf.truncate(at);
                return Ok(buf.split_off(dict.len()));
            }
            TINFLStatus::HasMoreOutput => {
                bytes = bytes.get(used..).ok_or(false)?;
                if buf.len() >= cap {
                    return Err(true);
                }
                let grown = buf.len().saturating_mul(2).min(cap);
                buf.resize(grown, 0);
            }
            _ => return Err(false),
        }
    }
}
