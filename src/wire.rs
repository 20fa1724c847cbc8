//! The bytes a run travels in between the solver worker and the page.
//!
//! The site solves in a Web Worker (`ui::worker`) and ships each run back to the page, which
//! replays it. Both ends are this same program, so the format only has to be exact and total:
//! CBOR (`ciborium`), because it is self-describing (result documents are `serde_json::Value`,
//! some report types skip empty fields) and keeps every `f64`, `NaN` and infinities included,
//! where JSON would not. Tested natively: every family's run on every preset comes back with
//! the same result document and trace.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Encodes `value`.
///
/// # Errors
/// A type whose serialisation fails (a map with non-string keys is fine in CBOR; this only
/// fails on a serialiser error), in a sentence.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    ciborium::into_writer(value, &mut out)
        .map_err(|e| format!("could not encode the result for the page: {e}"))?;
    Ok(out)
}

/// Decodes what [`encode`] wrote.
///
/// In two stages, for the size of the site's wasm: the bytes are read into one CBOR
/// [`Value`](ciborium::Value) tree (the streaming reader is compiled once), and `T` is read
/// from that tree. Every serde type of every run is compiled against the reader it is read
/// with; the tree's reader is a few small matches, where the streaming reader inlines its
/// input and error handling into each type. Measured (issue 15): the reading code of the
/// site's wasm went from 1.43 MB to 0.69 MB, the whole wasm from 1.90 MB to 1.55 MB gzipped.
///
/// # Errors
/// Bytes that are not a value of type `T`, in a sentence.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    let fail =
        |e: &dyn std::fmt::Display| format!("could not read the result sent by the solver: {e}");
    let tree: ciborium::Value = ciborium::from_reader(bytes).map_err(|e| fail(&e))?;
    tree.deserialized().map_err(|e| fail(&e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::family::Family;
    use hetlab_core::instance::Instance;
    use hetlab_core::presets::PRESETS;
    use hetlab_core::with_family;

    /// The result document (with its trace) of a run, and of the same run after the trip.
    fn trip<F: Family>(input: &F::Input, algorithm: &str) -> Option<(String, String)> {
        let run = F::run(input, algorithm, true).ok()?;
        let back: F::Run = decode(&encode(&run).expect("encodes")).expect("decodes");
        let doc = |r: &F::Run| F::result(input, algorithm, r, true).to_string();
        Some((doc(&run), doc(&back)))
    }

    /// Every preset with its default algorithm, and every offered algorithm on the first preset
    /// of each family: the run that crossed gives the same document, trace included.
    #[test]
    fn every_family_run_survives_the_trip() {
        let mut seen = std::collections::BTreeSet::new();
        let mut checked = 0;
        for preset in PRESETS {
            let inst = Instance::from_json(preset.json).expect("presets are valid");
            let first = seen.insert(preset.problem);
            with_family!(&inst, |F, input| {
                let offered = F::offered(input);
                let algos = if first { &offered[..] } else { &offered[..1] };
                for algo in algos {
                    if let Some((before, after)) = trip::<F>(input, algo) {
                        assert_eq!(before, after, "{} with {algo}", preset.name);
                        checked += 1;
                    }
                }
            });
        }
        assert!(checked > PRESETS.len(), "only {checked} runs compared");
    }

    #[test]
    fn floats_and_garbage() {
        let v = (f64::NAN, f64::INFINITY, -0.0_f64, "x".to_owned());
        let back: (f64, f64, f64, String) = decode(&encode(&v).unwrap()).unwrap();
        assert!(back.0.is_nan() && back.1 == f64::INFINITY && back.2.is_sign_negative());
        let err = decode::<Vec<u32>>(&[0xff, 0x00, 0x13]).unwrap_err();
        assert!(err.starts_with("could not read the result"), "{err}");
    }
}
