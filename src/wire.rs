//! The bytes a job and its answer travel in between the page and the solver worker.
//!
//! The site solves in a Web Worker (`ui::worker`) and ships each run back to the page, which
//! replays it. Both ends are this crate, so the format only has to be exact, total and small in
//! the page's wasm: nanoserde's binary format (our copy, crates/nanoserde, adds num's exact
//! numbers and bounds the lengths it reads; docs/decisions.md says why not upstream's, nor
//! postcard or bitcode), which writes a value as its fields in order (enums: the variant's
//! index first), keeps every `f64` bit (`NaN` and infinities included, where JSON would not)
//! and reads each type with straight-line code from its derive. The wire has its own derive
//! (`SerBin`, `DeBin`), independent of serde's: the result documents keep their JSON shape
//! (tagged enums, exact numbers as text) and the wire needs no mirror of it. Measured (issue
//! 15): the page's reading code for the runs in bincode through serde's derived visitors, 821 KB
//! gzipped page; in nanoserde, 22 KB less. Tested natively: every family's run on every preset
//! comes back with the same result document and trace, the steady-state page's extra results
//! come back equal, and damaged bytes fail without a panic.

use nanoserde::{DeBin, SerBin};

/// Encodes `value`.
#[must_use]
pub fn encode<T: SerBin + ?Sized>(value: &T) -> Vec<u8> {
    value.serialize_bin()
}

/// Decodes what [`encode`] wrote; every byte must be read.
///
/// # Errors
/// Bytes that are not a value of type `T`, in a sentence.
pub fn decode<T: DeBin>(bytes: &[u8]) -> Result<T, String> {
    let mut at = 0;
    let value = T::de_bin(&mut at, bytes)
        .map_err(|e| format!("could not read the result sent by the solver: {e}"))?;
    if at == bytes.len() {
        Ok(value)
    } else {
        Err(format!(
            "could not read the result sent by the solver: {} bytes left over",
            bytes.len() - at
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::families::Instance;
    use hetlab_core::family::{Family, Solver};
    use hetlab_core::presets::PRESETS;
    use hetlab_core::with_family;

    /// The result document (with its trace) of a run, and of the same run after the trip.
    fn trip<F: Solver>(input: &F::Input, algorithm: &str) -> Option<(String, String)> {
        let run = F::run(input, algorithm, true).ok()?;
        let back: F::Run = decode(&encode(&run)).expect("decodes");
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
    /// resources, the optimal face; the tree's cross-check) cross too, on every steady-state
    /// preset.
    #[test]
    fn steady_extras_survive_the_trip() {
        use hetlab_core::steady_state::extras::{lp_extras, tree_check, PageExtras};
        use hetlab_core::steady_state::family::{SteadyRun, SteadyStateFamily};
        let mut checked = 0;
        for preset in PRESETS {
            let Ok(Instance::SteadyState(input)) = Instance::from_json(preset.json) else {
                continue;
            };
            for algo in ["lp", "tree"] {
                let extras = match SteadyStateFamily::run(&input, algo, false) {
                    Ok(SteadyRun::Lp(t)) => PageExtras::Lp(lp_extras(&input, &t.solution)),
                    Ok(SteadyRun::Tree(t)) => PageExtras::Tree(tree_check(&input, &t.solution)),
                    Err(_) => continue,
                };
                let back: PageExtras = decode(&encode(&extras)).expect("decodes");
                assert_eq!(back, extras, "{} {algo}", preset.name);
                checked += 1;
            }
        }
        assert!(checked > 5, "only {checked} steady-state runs");
    }

    /// Encodes and decodes `x`, which must come back equal.
    fn same<T>(x: &T, what: &str)
    where
        T: nanoserde::SerBin + nanoserde::DeBin + PartialEq + std::fmt::Debug,
    {
        let back: T = decode(&encode(x)).expect("decodes");
        assert_eq!(&back, x, "{what}");
    }

    /// The extras of every other family's page (the core's `<family>::extras`) cross too, on
    /// one preset each.
    #[test]
    fn family_extras_survive_the_trip() {
        use hetlab_core::families::Registered;
        use hetlab_core::family::run_offered;
        use hetlab_core::{chains, divisible, lu, master_slave, ring, scatter, square};
        fn input<F: Registered>(name: &str) -> F::Input
        where
            F::Input: Clone,
        {
            let inst = hetlab_core::presets::get(name).expect("a preset");
            F::input(&inst).cloned().expect("the family's preset")
        }
        macro_rules! trip {
            ($F:ty, $preset:literal, |$i:ident, $a:ident, $r:ident| $extras:expr) => {{
                let $i = input::<$F>($preset);
                let ($a, $r) = run_offered::<$F>(&$i, None, true).expect("runs");
                let $r = &$r;
                same(&$extras, $preset);
            }};
        }
        trip!(
            lu::family::LuFamily,
            "lu-1-2",
            |i, a, r| lu::extras::extras(&i, a, r)
        );
        trip!(ring::family::RingFamily, "ring-rg-1", |i, a, r| {
            let offered = ring::family::RingFamily::offered(&i);
            ring::extras::extras(&i, &offered, a, r, ring::extras::sweep(&i))
        });
        trip!(square::family::SquareFamily, "square-7-1", |i, a, r| {
            square::extras::extras(&i, a, r)
        });
        trip!(chains::family::ChainsFamily, "chains-ex7", |i, a, r| {
            chains::extras::extras(&i, a, r)
        });
        trip!(scatter::family::ScatterFamily, "scatter-sc1", |i, a, r| {
            scatter::extras::extras(&i, a, r)
        });
        trip!(
            divisible::family::DivisibleFamily,
            "divisible-dl9",
            |i, a, r| { divisible::extras::extras(&i, a, r) }
        );
        trip!(
            master_slave::family::MasterSlaveFamily,
            "master-slave-ms1",
            |i, a, r| master_slave::extras::extras(&i, a, r)
        );
    }

    /// Damaged bytes of real runs (the first preset of each family, traced, with its first
    /// offered algorithm): a byte set to 0xff, then to 0x00, and the bytes cut there, at up to
    /// 600 positions spread over the run, never panic and never reserve the memory a damaged
    /// length names (the reason the wire keeps its own copy of nanoserde: upstream's reading
    /// panics on eight such bytes, docs/decisions.md).
    #[test]
    fn damaged_runs_fail_without_panicking() {
        fn damage<F: Solver>(input: &F::Input) -> usize {
            let algorithm = F::offered(input)[0];
            let Ok(run) = F::run(input, algorithm, true) else {
                return 0;
            };
            let bytes = encode(&run);
            // At most about 600 positions per run, spread over all its bytes.
            let step = (bytes.len() / 600).max(1);
            let mut tried = 0;
            for at in (0..bytes.len()).step_by(step) {
                for value in [0xff, 0x00] {
                    let mut damaged = bytes.clone();
                    damaged[at] = value;
                    let _ = decode::<F::Run>(&damaged);
                }
                let _ = decode::<F::Run>(&bytes[..at]);
                tried += 1;
            }
            tried
        }
        let mut seen = std::collections::BTreeSet::new();
        let mut tried = 0;
        for preset in PRESETS {
            if !seen.insert(preset.problem) {
                continue;
            }
            let inst = Instance::from_json(preset.json).expect("presets are valid");
            with_family!(&inst, |F, input| tried += damage::<F>(input));
        }
        assert!(
            seen.len() >= 9 && tried > 1_000,
            "{} families, {tried} positions",
            seen.len()
        );
    }

    /// Every kind of length the wire reads (a string's, a list's, a map's, a set's, a big
    /// integer's digits), damaged to the largest value, fails instead of reserving it.
    #[test]
    fn huge_lengths_fail() {
        use std::collections::{BTreeMap, HashMap, HashSet};
        let huge = |tail: &[u8]| [&u64::MAX.to_le_bytes()[..], tail].concat();
        assert!(decode::<String>(&huge(b"x")).is_err());
        assert!(decode::<Vec<u8>>(&huge(&[1, 2, 3])).is_err());
        assert!(decode::<Vec<Vec<u64>>>(&huge(&[0; 16])).is_err());
        assert!(decode::<HashMap<u32, u32>>(&huge(&[0; 8])).is_err());
        assert!(decode::<HashSet<u32>>(&huge(&[0; 8])).is_err());
        assert!(decode::<BTreeMap<u32, u32>>(&huge(&[0; 8])).is_err());
        assert!(decode::<&'static str>(&huge(b"bisection")).is_err());
        // A big integer: its sign (2, plus), then its digits' count.
        let mut number = vec![2];
        number.extend(huge(&[0; 4]));
        assert!(decode::<num_bigint::BigInt>(&number).is_err());
        // A ratio whose denominator is zero (num would panic on it): 1/0.
        let one = encode(&num_bigint::BigInt::from(1));
        let zero = encode(&num_bigint::BigInt::from(0));
        let ratio = [one, zero].concat();
        assert!(decode::<hetlab_core::rational::Q>(&ratio).is_err());
    }

    #[test]
    fn floats_and_garbage() {
        let v = (f64::NAN, f64::INFINITY, -0.0_f64, "x".to_owned());
        let back: (f64, f64, f64, String) = decode(&encode(&v)).unwrap();
        assert!(back.0.is_nan() && back.1 == f64::INFINITY && back.2.is_sign_negative());
        let err = decode::<Vec<u32>>(&[0xff, 0x00, 0x13]).unwrap_err();
        assert!(err.starts_with("could not read the result"), "{err}");
        let err = decode::<u8>(&[1, 2]).unwrap_err();
        assert!(err.ends_with("1 bytes left over"), "{err}");
        // A length that names more items than bytes are left fails without reserving them.
        let err = decode::<Vec<u64>>(&u64::MAX.to_le_bytes()).unwrap_err();
        assert!(err.starts_with("could not read the result"), "{err}");
    }
}
