//! HetLab's addition: num's big integers and ratios (exact numbers cross the site's worker wire).
//! A `BigUint` is its base-2³² digits, least significant first; a `BigInt` a sign byte
//! (0 minus, 1 zero, 2 plus) then its magnitude; a `Ratio` its numerator then denominator.

use alloc::vec::Vec;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::Ratio;

use crate::{DeBin, DeBinErr, SerBin};

impl SerBin for BigUint {
    fn ser_bin(&self, s: &mut Vec<u8>) {
        self.to_u32_digits().ser_bin(s);
    }
}

impl DeBin for BigUint {
    fn de_bin(o: &mut usize, d: &[u8]) -> Result<Self, DeBinErr> {
        let digits: Vec<u32> = DeBin::de_bin(o, d)?;
        Ok(BigUint::new(digits))
    }
}

impl SerBin for BigInt {
    fn ser_bin(&self, s: &mut Vec<u8>) {
        let sign: u8 = match self.sign() {
            Sign::Minus => 0,
            Sign::NoSign => 1,
            Sign::Plus => 2,
        };
        sign.ser_bin(s);
        self.magnitude().ser_bin(s);
    }
}

impl DeBin for BigInt {
    fn de_bin(o: &mut usize, d: &[u8]) -> Result<Self, DeBinErr> {
        let at = *o;
        let sign = match u8::de_bin(o, d)? {
            0 => Sign::Minus,
            1 => Sign::NoSign,
            2 => Sign::Plus,
            _ => return Err(DeBinErr::new(at, 1, d.len())),
        };
        Ok(BigInt::from_biguint(sign, DeBin::de_bin(o, d)?))
    }
}

impl<T: SerBin> SerBin for Ratio<T> {
    fn ser_bin(&self, s: &mut Vec<u8>) {
        self.numer().ser_bin(s);
        self.denom().ser_bin(s);
    }
}

/// A zero denominator is refused (num's `Ratio::new` would panic on it); the ratio is reduced,
/// so a value that did not come from `SerBin` still compares equal to its reduced form.
impl<T: DeBin + Clone + Integer> DeBin for Ratio<T> {
    fn de_bin(o: &mut usize, d: &[u8]) -> Result<Self, DeBinErr> {
        let at = *o;
        let numer = T::de_bin(o, d)?;
        let denom = T::de_bin(o, d)?;
        if denom.is_zero() {
            return Err(DeBinErr::new(at, *o - at, d.len()));
        }
        Ok(Ratio::new(numer, denom))
    }
}
