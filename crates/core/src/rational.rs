//! Exact numbers: every numeric input of HetLab is parsed into a [`Q`] (an arbitrary-precision
//! rational) or the value `inf` ([`Cost::Inf`]), and printed back exactly (formats.md section 1).
//!
//! This is the one place that documents how numbers are read and written:
//! * a JSON number is read through its shortest decimal text (`0.1` is `1/10`, not the nearest
//!   binary double), so a value typed in a form and the same value in a file are equal;
//! * strings may hold an integer, a decimal (`"0.25"`, `"-1.5e3"` is refused: no exponents in
//!   strings, which keeps the grammar small), a fraction (`"3/8"`) or `"inf"`;
//! * output uses a decimal when the value has a finite decimal expansion of at most
//!   [`MAX_DECIMALS`] digits and `p/q` otherwise, so that written files read naturally and stay
//!   exact.
//!
//! No tolerance is used anywhere in the exact solvers; floating point appears only in
//! [`to_f64`], for display.

use std::fmt;

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// An exact rational number.
pub type Q = BigRational;

/// Longest decimal expansion written as a decimal; longer ones are written as `p/q`.
pub const MAX_DECIMALS: usize = 12;

/// Longest numeric text accepted, in characters; longer input is refused before parsing so
/// that a pasted megabyte of digits cannot stall the page. Every JSON number (a double, up to
/// about 345 characters once written exactly, e.g. `5e-324` as a fraction) must fit, so that
/// an instance written back (`to_value`, share links) reads again.
pub const MAX_NUMBER_TEXT: usize = 400;

/// Builds the rational `n/d`.
///
/// # Panics
/// Panics if `d == 0`; callers pass literal denominators.
#[must_use]
pub fn q(n: i64, d: i64) -> Q {
    Q::new(BigInt::from(n), BigInt::from(d))
}

/// Builds the integer `n` as a rational.
#[must_use]
pub fn qi(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

/// A finite positive cost, or infinity (a router's `w`, a missing link's `c`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cost {
    /// A finite value.
    Finite(Q),
    /// `"inf"`.
    Inf,
}

impl Cost {
    /// The finite value, if any.
    #[must_use]
    pub fn finite(&self) -> Option<&Q> {
        match self {
            Cost::Finite(v) => Some(v),
            Cost::Inf => None,
        }
    }

    /// `1/self`, with `1/inf = 0` (the speed of a node whose cycle time is `self`).
    #[must_use]
    pub fn recip(&self) -> Q {
        match self {
            Cost::Finite(v) => v.recip(),
            Cost::Inf => Q::zero(),
        }
    }

    /// The value written in a file or a form: `"inf"`, or [`format_q`].
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            Cost::Finite(v) => format_q(v),
            Cost::Inf => "inf".to_owned(),
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Why a text is not a number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    /// The text is not an integer, a decimal, a fraction or `inf`.
    #[error("not a number (write an integer, a decimal like 0.25, a fraction like 3/8, or inf)")]
    Syntax,
    /// A fraction with denominator zero.
    #[error("division by zero")]
    ZeroDenominator,
    /// More than [`MAX_NUMBER_TEXT`] characters.
    #[error("too long (at most {MAX_NUMBER_TEXT} characters)")]
    TooLong,
    /// `inf` where the field must be finite.
    #[error("must be finite")]
    Infinite,
}

/// Parses a number as written in a form or a JSON string: integer, decimal, fraction or `inf`.
///
/// # Errors
/// [`NumberError`] when the text is none of these.
///
/// ```
/// use hetlab_core::rational::{parse_cost, Cost, q};
/// assert_eq!(parse_cost("0.1"), Ok(Cost::Finite(q(1, 10))));
/// assert_eq!(parse_cost(" 3/8 "), Ok(Cost::Finite(q(3, 8))));
/// assert_eq!(parse_cost("inf"), Ok(Cost::Inf));
/// assert!(parse_cost("1/0").is_err());
/// ```
pub fn parse_cost(text: &str) -> Result<Cost, NumberError> {
    let t = text.trim();
    if t.len() > MAX_NUMBER_TEXT {
        return Err(NumberError::TooLong);
    }
    if t.eq_ignore_ascii_case("inf") || t.eq_ignore_ascii_case("infinity") || t == "∞" {
        return Ok(Cost::Inf);
    }
    if let Some((n, d)) = t.split_once('/') {
        let n = parse_decimal(n.trim())?;
        let d = parse_decimal(d.trim())?;
        if d.is_zero() {
            return Err(NumberError::ZeroDenominator);
        }
        return Ok(Cost::Finite(n / d));
    }
    parse_decimal(t).map(Cost::Finite)
}

/// Parses a finite number (as [`parse_cost`], refusing `inf`).
///
/// # Errors
/// [`NumberError`] when the text is not a finite number.
pub fn parse_q(text: &str) -> Result<Q, NumberError> {
    match parse_cost(text)? {
        Cost::Finite(v) => Ok(v),
        Cost::Inf => Err(NumberError::Infinite),
    }
}

/// `[-+]digits[.digits]` or `[-+].digits`, exactly.
fn parse_decimal(t: &str) -> Result<Q, NumberError> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (int_part, frac_part) = body.split_once('.').unwrap_or((body, ""));
    let digits_ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int_part.is_empty() && frac_part.is_empty())
        || !digits_ok(int_part)
        || !digits_ok(frac_part)
    {
        return Err(NumberError::Syntax);
    }
    let all: String = format!("{int_part}{frac_part}");
    let numer: BigInt = if all.is_empty() {
        BigInt::zero()
    } else {
        all.parse().map_err(|_| NumberError::Syntax)?
    };
    let denom = num_traits::pow(BigInt::from(10), frac_part.len());
    let v = Q::new(numer, denom);
    Ok(if neg { -v } else { v })
}

/// Reads a JSON number exactly through its shortest decimal text.
///
/// Integers are taken as they are; floating values are printed by Rust's shortest round-trip
/// formatter (never with an exponent) and parsed as decimals, so `0.1` gives `1/10`.
///
/// # Errors
/// [`NumberError::Syntax`] for a non-finite double (which JSON cannot hold anyway).
pub fn from_json_number(n: &serde_json::Number) -> Result<Q, NumberError> {
    if let Some(i) = n.as_i64() {
        return Ok(Q::from_integer(BigInt::from(i)));
    }
    if let Some(u) = n.as_u64() {
        return Ok(Q::from_integer(BigInt::from(u)));
    }
    let f = n.as_f64().ok_or(NumberError::Syntax)?;
    if !f.is_finite() {
        return Err(NumberError::Syntax);
    }
    parse_decimal(&format!("{f}"))
}

/// Writes `v` exactly: an integer, a short decimal, or `p/q` in lowest terms.
///
/// ```
/// use hetlab_core::rational::{format_q, q};
/// assert_eq!(format_q(&q(1, 4)), "0.25");
/// assert_eq!(format_q(&q(7, 2)), "3.5");
/// assert_eq!(format_q(&q(29, 24)), "29/24");
/// assert_eq!(format_q(&q(-6, 3)), "-2");
/// ```
#[must_use]
pub fn format_q(v: &Q) -> String {
    if v.is_integer() {
        return v.numer().to_string();
    }
    match decimal_digits(v.denom()) {
        Some(k) if k <= MAX_DECIMALS => {
            let scaled = v * Q::from_integer(num_traits::pow(BigInt::from(10), k));
            let n = scaled.to_integer();
            let sign = if n.is_negative() { "-" } else { "" };
            let s = n.abs().to_string();
            let s = format!("{s:0>width$}", width = k + 1);
            let (i, f) = s.split_at(s.len() - k);
            format!("{sign}{i}.{}", f.trim_end_matches('0'))
        }
        _ => format_fraction(v),
    }
}

/// Writes `v` as `p/q` in lowest terms, always with a denominator (`"3/1"`): the form of
/// `value_exact` in results (formats.md section 1).
#[must_use]
pub fn format_fraction(v: &Q) -> String {
    format!("{}/{}", v.numer(), v.denom())
}

/// The number of decimals of `1/d` when it terminates (d = 2^a·5^b), else `None`.
fn decimal_digits(d: &BigInt) -> Option<usize> {
    let (two, five) = (BigInt::from(2), BigInt::from(5));
    let mut d = d.abs();
    let (mut a, mut b) = (0usize, 0usize);
    while d.is_even() {
        d /= &two;
        a += 1;
    }
    while (&d % &five).is_zero() {
        d /= &five;
        b += 1;
    }
    d.is_one().then_some(a.max(b))
}

/// Writes `v` as a fraction for captions: `3`, `-1/4`, `29/24` (never a decimal, which would
/// hide the structure a student is meant to see).
#[must_use]
pub fn frac(v: &Q) -> String {
    if v.is_integer() {
        v.numer().to_string()
    } else {
        format!("{}/{}", v.numer(), v.denom())
    }
}

/// Values written exactly in JSON output: rationals as `"p/q"` strings (formats.md section 1).
pub trait Exact {
    /// The JSON form.
    fn exact(&self) -> serde_json::Value;
}

impl Exact for Q {
    fn exact(&self) -> serde_json::Value {
        serde_json::Value::String(format_fraction(self))
    }
}

impl Exact for BigInt {
    fn exact(&self) -> serde_json::Value {
        serde_json::Value::String(self.to_string())
    }
}

impl<T: Exact> Exact for Option<T> {
    fn exact(&self) -> serde_json::Value {
        self.as_ref().map_or(serde_json::Value::Null, Exact::exact)
    }
}

impl<T: Exact> Exact for Vec<T> {
    fn exact(&self) -> serde_json::Value {
        serde_json::Value::Array(self.iter().map(Exact::exact).collect())
    }
}

impl<T: Exact> Exact for (usize, T) {
    fn exact(&self) -> serde_json::Value {
        serde_json::json!([self.0, self.1.exact()])
    }
}

/// `#[serde(serialize_with = "crate::rational::exact")]` for fields holding rationals: their
/// [`Exact`] form in the result documents.
///
/// # Errors
/// Those of the serializer.
pub fn exact<T: Exact, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&v.exact(), s)
}

/// Converts to `f64` for display and layout only (never fed back into an exact solver).
#[must_use]
pub fn to_f64(v: &Q) -> f64 {
    v.to_f64().unwrap_or_else(|| {
        // Ratios of huge integers overflow the direct conversion; scale them down first.
        let n = v.numer().to_f64().unwrap_or(f64::MAX);
        let d = v.denom().to_f64().unwrap_or(f64::MAX);
        n / d
    })
}

/// `v` in scientific notation with at most `digits` significant digits (`≥ 1`), rounded half
/// up, trailing zeros cut: `"2.47033e-324"`, `"1e400"`, `"-3.5e2"`; `"0"` for zero. Exact at
/// any magnitude (no double is involved), for values that do not fit in a double.
///
/// ```
/// use hetlab_core::rational::{scientific, q, Q};
/// use num_bigint::BigInt;
/// assert_eq!(scientific(&q(-7, 2), 6), "-3.5e0");
/// assert_eq!(scientific(&Q::from_integer(BigInt::from(10).pow(400)), 6), "1e400");
/// assert_eq!(scientific(&q(2, 3), 4), "6.667e-1");
/// ```
#[must_use]
pub fn scientific(v: &Q, digits: usize) -> String {
    if v.is_zero() {
        return "0".to_owned();
    }
    let digits = digits.max(1);
    let a = v.abs();
    let ten = BigInt::from(10);
    let lo = num_traits::pow(ten.clone(), digits - 1);
    let hi = &lo * &ten;
    // log10 |v| from the bit lengths (within one), then corrected below.
    let bits = |b: &BigInt| i64::try_from(b.bits()).unwrap_or(i64::MAX / 4);
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let mut e =
        ((bits(a.numer()) - bits(a.denom())) as f64 * std::f64::consts::LOG10_2).floor() as i64;
    let mut m = BigInt::zero();
    for _ in 0..4 {
        let shift = i64::try_from(digits).unwrap_or(0) - 1 - e;
        let scale = num_traits::pow(
            ten.clone(),
            usize::try_from(shift.unsigned_abs()).unwrap_or(0),
        );
        let scaled = if shift >= 0 { &a * &scale } else { &a / &scale };
        m = (scaled + Q::new(BigInt::one(), BigInt::from(2)))
            .floor()
            .to_integer();
        if m >= hi {
            e += 1;
        } else if m < lo {
            e -= 1;
        } else {
            break;
        }
    }
    let text = m.to_string();
    let (first, rest) = text.split_at(1);
    let rest = rest.trim_end_matches('0');
    let sign = if v.is_negative() { "-" } else { "" };
    if rest.is_empty() {
        format!("{sign}{first}e{e}")
    } else {
        format!("{sign}{first}.{rest}e{e}")
    }
}

/// A short decimal for captions and labels: at most 4 significant decimals, trailing zeros cut.
#[must_use]
pub fn approx(v: &Q) -> String {
    let f = to_f64(v);
    let s = format!("{f:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// A value for side panels: `7` for an integer, else `17/2 ≈ 8.5` (the fraction, then its
/// [`approx`]).
#[must_use]
pub fn shown(v: &Q) -> String {
    shown_within(v, usize::MAX)
}

/// [`shown`], with the fraction left out (`≈ 406.8368`) when it is longer than `longest`
/// characters.
#[must_use]
pub fn shown_within(v: &Q, longest: usize) -> String {
    let f = frac(v);
    if v.is_integer() {
        f
    } else if f.len() <= longest {
        format!("{f} ≈ {}", approx(v))
    } else {
        format!("≈ {}", approx(v))
    }
}

/// The least common multiple of the denominators of `values` (1 for an empty list).
#[must_use]
pub fn lcm_denominators<'a>(values: impl IntoIterator<Item = &'a Q>) -> BigInt {
    values
        .into_iter()
        .fold(BigInt::one(), |acc, v| acc.lcm(v.denom()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn shown_gives_the_fraction_then_its_decimal() {
        use super::{q, qi, shown, shown_within};
        assert_eq!(shown(&qi(7)), "7");
        assert_eq!(shown(&q(17, 2)), "17/2 ≈ 8.5");
        assert_eq!(shown_within(&q(17, 2), 4), "17/2 ≈ 8.5");
        assert_eq!(shown_within(&q(17, 2), 3), "≈ 8.5");
        assert_eq!(shown_within(&qi(123_456), 3), "123456");
    }

    use super::*;

    #[test]
    fn parses_every_written_form() {
        assert_eq!(parse_q("3"), Ok(qi(3)));
        assert_eq!(parse_q("-2"), Ok(qi(-2)));
        assert_eq!(parse_q("0.25"), Ok(q(1, 4)));
        assert_eq!(parse_q(".5"), Ok(q(1, 2)));
        assert_eq!(parse_q("3/8"), Ok(q(3, 8)));
        assert_eq!(parse_q("1.5/3"), Ok(q(1, 2)));
        assert_eq!(parse_q("0.00874"), Ok(q(874, 100_000)));
        assert_eq!(parse_cost("INF"), Ok(Cost::Inf));
        assert_eq!(parse_q("inf"), Err(NumberError::Infinite));
        for bad in [
            "", "abc", "1e3", "1/", "/2", "1..2", "--1", "0x10", "NaN", ".",
        ] {
            assert_eq!(parse_q(bad), Err(NumberError::Syntax), "{bad:?}");
        }
        assert_eq!(parse_q("1/0"), Err(NumberError::ZeroDenominator));
        assert_eq!(parse_q(&"9".repeat(500)), Err(NumberError::TooLong));
    }

    #[test]
    fn json_numbers_are_read_through_their_decimal_text() {
        let v: serde_json::Value = serde_json::from_str("[0.1, 3, 1e-7, 123456789012]").unwrap();
        let got: Vec<Q> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|n| from_json_number(n.as_number().unwrap()).unwrap())
            .collect();
        assert_eq!(
            got,
            vec![q(1, 10), qi(3), q(1, 10_000_000), qi(123_456_789_012)]
        );
    }

    #[test]
    fn formats_round_trip() {
        for v in [
            q(1, 3),
            q(29, 24),
            q(-7, 8),
            qi(0),
            q(291, 10_000),
            q(1, 1 << 20),
        ] {
            assert_eq!(parse_q(&format_q(&v)), Ok(v.clone()), "{v}");
        }
        assert_eq!(format_q(&q(-1, 4)), "-0.25");
        assert_eq!(format_q(&q(1, 20)), "0.05");
        assert_eq!(format_fraction(&qi(3)), "3/1");
        assert_eq!(approx(&q(29, 24)), "1.2083");
        assert_eq!(approx(&qi(2)), "2");
    }

    #[test]
    fn lcm_of_denominators() {
        assert_eq!(
            lcm_denominators(&[q(1, 4), q(1, 6), qi(2)]),
            BigInt::from(12)
        );
    }
}
