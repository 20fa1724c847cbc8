//! The §9.4 scaling experiment of chains.md: the mean percent imbalance of RB, MP and the
//! optimum against the number of processors `P`, on a workload preset, computed here so that
//! the page and the command line only print and plot it.

#[cfg(feature = "solve")]
use super::workload::{imbalance, speeds, Workload};
#[cfg(feature = "solve")]
use super::{solve_input, Algorithm, ChainsInput};
use crate::rational::Q;

/// One row of the §9.4 table: mean imbalance (exact, over the speed seeds) of RB, MP and the
/// optimum at `p` processors.
#[derive(Clone, Debug, PartialEq, serde::Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct ScalingRow {
    /// Processors.
    pub p: usize,
    /// Mean RB imbalance, percent.
    #[serde(serialize_with = "crate::rational::exact")]
    pub rb: Q,
    /// Mean MP imbalance, percent.
    #[serde(serialize_with = "crate::rational::exact")]
    pub mp: Q,
    /// Mean optimal imbalance, percent.
    #[serde(serialize_with = "crate::rational::exact")]
    pub opt: Q,
}

/// The §9.4 experiment on `weights`: for each `p`, speeds `speeds(p, emax, 1000·emax + 10·p + k)`
/// for `k = 1..=seeds`, RB, MP and EXACT-BISECTION, mean imbalance.
///
/// # Errors
/// When an instance breaks the limits of [`super::check`].
#[cfg(feature = "solve")]
pub fn scaling(
    weights: &[u64],
    emax: u64,
    ps: &[usize],
    seeds: u64,
) -> Result<Vec<ScalingRow>, super::ChainsError> {
    let mut rows = Vec::with_capacity(ps.len());
    for &p in ps {
        let mut sums = [Q::default(), Q::default(), Q::default()];
        for k in 1..=seeds {
            let e = speeds(p, emax, 1000 * emax + 10 * p as u64 + k, 1);
            let input = ChainsInput::new(weights.to_vec(), e);
            for (sum, alg) in
                sums.iter_mut()
                    .zip([Algorithm::Rb, Algorithm::Mp, Algorithm::ExactBisection])
            {
                let sol = solve_input(&input, alg)?;
                *sum += imbalance(&sol.bottleneck, &sol.ideal);
            }
        }
        let d = Q::from_integer(seeds.max(1).into());
        let [rb, mp, opt] = sums.map(|s| s / &d);
        rows.push(ScalingRow { p, rb, mp, opt });
    }
    Ok(rows)
}

/// The §9.4 table for a named workload (seed 1) at the spec's grid: speeds `1..=emax`, five
/// speed seeds per `P`.
///
/// # Errors
/// An unknown workload name, or as [`scaling`].
#[cfg(feature = "solve")]
pub fn scaling_table(
    name: &str,
    emax: u64,
    ps: &[usize],
) -> Result<Vec<ScalingRow>, super::ChainsError> {
    let w = Workload::named(name)
        .ok_or_else(|| super::ChainsError::Invalid(format!("unknown workload \"{name}\"")))?;
    scaling(&w.weights(1), emax, ps, 5)
}
