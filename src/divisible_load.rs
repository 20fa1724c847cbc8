//! The load sliders of the divisible-load page: `W_total` for STARAFFINE (divisible-load.md
//! §9.3 step 4: the switch to "all workers, sorted by g" for large loads, Prop. 4) and `B`
//! for the periodic schedule (§9.6 step 4: `T/(B/ρ_opt) → 1`). Pure: which slider a run gets,
//! its positions (1, 2, 5 × 10^k), the position nearest a load, and a typed load read exactly
//! and checked against the range, with a message naming it. The page solves the instance
//! [`with_load`] returns through its usual path (a new instance in the address, solved by the
//! solver worker), so the address keeps the value.

use hetlab_core::divisible::{Divisible, Variant};
use hetlab_core::rational::{frac, parse_q, to_f64, Q};
use num_bigint::BigInt;

/// One load slider: what it moves, its range and its positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Slider {
    /// The quantity's name on the page (`W_total` or `B`).
    pub name: &'static str,
    /// What moving it shows.
    pub purpose: &'static str,
    /// The smallest load allowed.
    pub min: Q,
    /// The largest load allowed.
    pub max: Q,
}

fn pow10(k: i32) -> Q {
    let ten = Q::from_integer(BigInt::from(10));
    if k >= 0 {
        (0..k).fold(Q::from_integer(BigInt::from(1)), |a, _| a * &ten)
    } else {
        (0..-k).fold(Q::from_integer(BigInt::from(1)), |a, _| a / &ten)
    }
}

/// The slider of a run of `method` (the method that ran) on `inst`, if it has one: `B` for
/// the periodic schedule (1 to 10^6: past it the schedule has more blocks than are drawn),
/// `W_total` for the STARAFFINE methods (1/10 to 10^6).
#[must_use]
pub fn slider_for(inst: &Divisible, method: &str) -> Option<Slider> {
    if method == "periodic" {
        return Some(Slider {
            name: "B",
            purpose: "the load: T/(B/ρ_opt) tends to 1 as B grows (§9.6)",
            min: pow10(0),
            max: pow10(6),
        });
    }
    (inst.variant == Variant::StarAffine && method.starts_with("affine")).then(|| Slider {
        name: "W_total",
        purpose: "the load: for large loads all workers, sorted by g, are optimal (Prop. 4)",
        min: pow10(-1),
        max: pow10(6),
    })
}

impl Slider {
    /// The loads the slider stops at: 1, 2 and 5 times the powers of ten from `min` to `max`.
    #[must_use]
    pub fn positions(&self) -> Vec<Q> {
        let mut out = Vec::new();
        for k in -3..=9 {
            for m in [1, 2, 5] {
                let v = pow10(k) * Q::from_integer(BigInt::from(m));
                if v >= self.min && v <= self.max {
                    out.push(v);
                }
            }
        }
        out
    }

    /// The index of the position nearest `load` on a log scale (the first on a tie; 0 for a
    /// load of 0).
    #[must_use]
    pub fn position_of(&self, load: &Q) -> usize {
        let x = to_f64(load);
        if x.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return 0;
        }
        let far = |v: &Q| (to_f64(v).ln() - x.ln()).abs();
        let ps = self.positions();
        (0..ps.len())
            .min_by(|&a, &b| far(&ps[a]).total_cmp(&far(&ps[b])))
            .unwrap_or(0)
    }

    /// The load typed in the slider's field, exactly, or why it is refused: not a number, or
    /// outside `[min, max]` (named with the range).
    ///
    /// # Errors
    /// A sentence naming the quantity and its range.
    pub fn read(&self, text: &str) -> Result<Q, String> {
        let v = parse_q(text).map_err(|e| format!("{}: {e}", self.name))?;
        if v < self.min || v > self.max {
            return Err(format!(
                "{} = {} is out of range: the slider goes from {} to {}",
                self.name,
                frac(&v),
                frac(&self.min),
                frac(&self.max)
            ));
        }
        Ok(v)
    }
}

/// `inst` with the load `load` (`W_total`, which the periodic schedule calls `B`).
#[must_use]
pub fn with_load(inst: &Divisible, load: Q) -> Divisible {
    let mut next = inst.clone();
    next.w_total = load;
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::rational::{q, qi};

    fn affine() -> Divisible {
        let mut d = Divisible::star_linear(&[qi(1), qi(1)], &[qi(2), qi(2)], qi(10));
        d.variant = Variant::StarAffine;
        d
    }

    #[test]
    fn which_runs_have_a_slider() {
        let lin = Divisible::star_linear(&[qi(1)], &[qi(2)], qi(10));
        assert_eq!(slider_for(&lin, "star-linear"), None);
        assert_eq!(
            slider_for(&affine(), "affine-exact").unwrap().name,
            "W_total"
        );
        assert_eq!(
            slider_for(&affine(), "affine-sorted").unwrap().name,
            "W_total"
        );
        assert_eq!(slider_for(&affine(), "periodic").unwrap().name, "B");
    }

    #[test]
    fn positions_and_nearest() {
        let s = slider_for(&affine(), "affine-exact").unwrap();
        let ps = s.positions();
        assert_eq!((ps[0].clone(), ps[1].clone()), (q(1, 10), q(1, 5)));
        assert_eq!(ps.last(), Some(&qi(1_000_000)));
        assert_eq!(ps.len(), 22);
        assert_eq!(ps[s.position_of(&qi(10))], qi(10));
        assert_eq!(ps[s.position_of(&qi(2000))], qi(2000));
        assert_eq!(ps[s.position_of(&qi(12))], qi(10));
        assert_eq!(s.position_of(&qi(0)), 0);
        assert_eq!(ps[s.position_of(&qi(10_000_000))], qi(1_000_000));
    }

    #[test]
    fn typed_loads_are_exact_and_checked() {
        let s = slider_for(&affine(), "affine-exact").unwrap();
        assert_eq!(s.read(" 25/2 "), Ok(q(25, 2)));
        assert_eq!(s.read("0.5"), Ok(q(1, 2)));
        let e = s.read("2000000").unwrap_err();
        assert_eq!(
            e,
            "W_total = 2000000 is out of range: the slider goes from 1/10 to 1000000"
        );
        assert!(s
            .read("abc")
            .unwrap_err()
            .starts_with("W_total: not a number"));
        let b = slider_for(&affine(), "periodic").unwrap();
        assert!(b.read("0").unwrap_err().contains("from 1 to 1000000"));
        assert_eq!(with_load(&affine(), qi(7)).w_total, qi(7));
    }
}
