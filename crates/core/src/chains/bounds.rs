//! The closed-form bounds of chains.md §4 on the optimal bottleneck, exact: every one is the
//! value of a feasible partition's bound, `B* ≤ B_opt ≤ UB_greedy ≤ UB_eq6, UB_nicol ≤ UB_bis`.
//! They depend on `W_tot`, `E_tot`, `w_max`, `e_min` and `P` only, so a CP run (processors
//! reordered) has the same ones.

use serde::Serialize;

use super::chain::Chain;
use super::ratio::Value;
use crate::rational::Q;

/// The upper bounds of chains.md §4 (the lower bound `B*` is the solution's `ideal`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, nanoserde::SerBin, nanoserde::DeBin)]
pub struct Bounds {
    /// `UB_greedy = B* + (P−1)·w_max/E_tot`: LR-PROBE always succeeds there (the tightest).
    #[serde(rename = "UB_greedy", serialize_with = "crate::rational::exact")]
    pub greedy: Q,
    /// `UB_eq6 = B* + w_max/e_min − w_max/(P·e_min)` (paper Eq. 6).
    #[serde(rename = "UB_eq6", serialize_with = "crate::rational::exact")]
    pub eq6: Q,
    /// `UB_nicol = B* + w_max·(1/e_min − 1/E_tot)` (paper Fig. 4b; NICOL+ starts there).
    #[serde(rename = "UB_nicol", serialize_with = "crate::rational::exact")]
    pub nicol: Q,
    /// `UB_bis = B* + w_max/e_min` (paper Fig. 6; the bisections start there).
    #[serde(rename = "UB_bis", serialize_with = "crate::rational::exact")]
    pub bis: Q,
}

impl Bounds {
    /// The bounds of `c`.
    #[must_use]
    pub fn of(c: &Chain) -> Bounds {
        Bounds {
            greedy: c.ub_greedy().exact(),
            eq6: c.ub_eq6().exact(),
            nicol: c.ub_nicol().exact(),
            bis: c.ub_bis().exact(),
        }
    }
}

impl Default for Bounds {
    fn default() -> Self {
        let zero = Q::default();
        Bounds {
            greedy: zero.clone(),
            eq6: zero.clone(),
            nicol: zero.clone(),
            bis: zero,
        }
    }
}
