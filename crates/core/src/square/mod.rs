//! Unit-square partitions for heterogeneous matrix products (square-partitions.md). Built so
//! far: the optimal column-based partition ([`column`]) and the tiling checker ([`verify`]). The
//! approximations, baselines, grids, page and command line come with issue 5.

pub mod column;

use num_traits::{One, Signed};
use serde::Serialize;

use crate::rational::{frac, Q};

/// A rectangle `(x, y, w, h)`: left edge, top edge (y grows downward), width, height.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize)]
pub struct Rect {
    /// Left edge.
    #[serde(serialize_with = "crate::rational::exact")]
    pub x: Q,
    /// Top edge.
    #[serde(serialize_with = "crate::rational::exact")]
    pub y: Q,
    /// Width.
    #[serde(serialize_with = "crate::rational::exact")]
    pub w: Q,
    /// Height.
    #[serde(serialize_with = "crate::rational::exact")]
    pub h: Q,
}

impl Rect {
    /// `w + h`.
    #[must_use]
    pub fn half_perimeter(&self) -> Q {
        &self.w + &self.h
    }
}

/// Checks that `rects` tile the unit square with the prescribed areas: each rectangle lies in
/// the square, has positive sides and area `s_i`, and no two overlap (with areas summing to 1,
/// this means they cover the square).
///
/// # Errors
/// A sentence naming the first violation (processors numbered from 1, as in the spec).
pub fn verify(s: &[Q], rects: &[Rect]) -> Result<(), String> {
    if s.len() != rects.len() {
        return Err(format!("{} areas but {} rectangles", s.len(), rects.len()));
    }
    if s.iter().sum::<Q>() != Q::one() {
        return Err("the areas do not sum to 1".to_owned());
    }
    for (i, r) in rects.iter().enumerate() {
        let inside = !r.x.is_negative()
            && !r.y.is_negative()
            && &r.x + &r.w <= Q::one()
            && &r.y + &r.h <= Q::one();
        if !inside || !r.w.is_positive() || !r.h.is_positive() {
            return Err(format!(
                "R{} is not a proper rectangle inside the square",
                i + 1
            ));
        }
        if &r.w * &r.h != s[i] {
            return Err(format!(
                "R{} has area {} instead of {}",
                i + 1,
                frac(&(&r.w * &r.h)),
                frac(&s[i])
            ));
        }
    }
    for (i, a) in rects.iter().enumerate() {
        for (j, b) in rects.iter().enumerate().skip(i + 1) {
            let dx = (&a.x + &a.w).min(&b.x + &b.w) - a.x.clone().max(b.x.clone());
            let dy = (&a.y + &a.h).min(&b.y + &b.h) - a.y.clone().max(b.y.clone());
            if dx.is_positive() && dy.is_positive() {
                return Err(format!("R{} and R{} overlap", i + 1, j + 1));
            }
        }
    }
    // Overlap-free rectangles of total area 1 inside the unit square cover it.
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn the_checker_finds_overlaps_and_wrong_areas() {
        let s = [q(1, 2), q(1, 2)];
        let left = Rect {
            x: q(0, 1),
            y: q(0, 1),
            w: q(1, 2),
            h: q(1, 1),
        };
        let right = Rect {
            x: q(1, 2),
            y: q(0, 1),
            w: q(1, 2),
            h: q(1, 1),
        };
        assert!(verify(&s, &[left.clone(), right.clone()]).is_ok());
        assert_eq!(
            verify(&s, &[left.clone(), left.clone()]),
            Err("R1 and R2 overlap".to_owned())
        );
        let thin = Rect {
            w: q(1, 4),
            ..right.clone()
        };
        assert!(verify(&s, &[left, thin]).unwrap_err().contains("area 1/4"));
        let out = Rect {
            x: q(3, 4),
            ..right
        };
        assert!(verify(&s, &[Rect::default(), out]).is_err());
    }
}
