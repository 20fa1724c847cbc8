//! The bytes a job and its answer travel in between the page and the solver worker.
//!
//! The site solves in a Web Worker (`ui::worker`) and ships each run back to the page, which
//! replays it. Both ends are this crate, so the format only has to be exact, total and small in
//! the page's wasm: bincode, which writes a struct as its fields in order (no names, no
//! tags), keeps every `f64` bit for bit (`NaN` and infinities included, where JSON would not),
//! and reads each type with one short sequence of reads. Measured (issue 15): the reading code
//! of every family's run (CBOR before, through a `ciborium::Value` tree) was 0.87 MB of the
//! page's 2.94 MB of code; the page's wasm went from 1 111 969 to 975 832 B gzipped.
//!
//! Not self-describing, so a type may not ask what comes next: enums tagged inside or beside
//! their content, untagged enums, `skip_serializing_if` and `serde_json::Value` fields cannot
//! cross as they are. The core's serde helpers check `is_human_readable()`, so the result
//! documents keep their JSON shape while here such a value crosses as its JSON value in a
//! tagged form (`hetlab_core::json_shape`: the exact values of `rational::exact`, a few enums),
//! and `report::serialize_double` writes the `f64` itself. Tested natively: every family's run
//! on every preset comes back with the same result document and trace, and the steady-state
//! page's extra results come back equal.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Encodes `value`.
///
/// # Errors
/// A type whose serialisation fails (a serde helper's error), in a sentence.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    bincode::serialize(value).map_err(|e| format!("could not encode the result for the page: {e}"))
}

/// Decodes what [`encode`] wrote.
///
/// # Errors
/// Bytes that are not a value of type `T`, in a sentence.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    bincode::deserialize(bytes)
        .map_err(|e| format!("could not read the result sent by the solver: {e}"))
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

    /// The steady-state page's extra results (other models, the dual prices, the binding
    /// resources) cross too, on every steady-state preset.
    #[test]
    fn steady_extras_survive_the_trip() {
        use hetlab_core::steady_state::extras::{lp_extras, LpExtras};
        use hetlab_core::steady_state::family::SteadyRun;
        let mut checked = 0;
        for preset in PRESETS {
            let Ok(Instance::SteadyState(input)) = Instance::from_json(preset.json) else {
                continue;
            };
            let Ok(SteadyRun::Lp(t)) =
                hetlab_core::steady_state::family::SteadyStateFamily::run(&input, "lp", false)
            else {
                continue;
            };
            let extras = lp_extras(&input, &t.solution);
            let back: LpExtras = decode(&encode(&extras).expect("encodes")).expect("decodes");
            assert_eq!(back, extras, "{}", preset.name);
            checked += 1;
        }
        assert!(checked > 3, "only {checked} steady-state presets");
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
