//! The answer parser for numbers, exact and bounded.
//!
//! Accepted spellings (blanks around the whole and around `/` ignored; `−` reads as `-`):
//! an integer (`-2`), a decimal (`1.75`, `.5`), a fraction (`7/4`, `-7/4`) and a mixed number
//! (`1 3/4`, `-1 3/4` = −7/4). Refused, each with a sentence saying the expected form: an empty
//! answer, exponents (`1e999`), a doubled slash (`3//4`), a zero denominator, decimals inside a
//! fraction, any other character, and anything longer than [`MAX_ANSWER_CHARS`] bytes (checked
//! first, before anything is allocated, so a pasted megabyte costs nothing).
//!
//! # The tolerance rule
//! A fraction or an integer must equal the value exactly. A decimal must too when the value is
//! a *short decimal* (its expansion ends within [`EXACT_DECIMALS`] = 6 places: `7/4`, `0.125`).
//! When it is not (`1/3`, `29/24`), a decimal written with `d ≥ 3` places is accepted when it is
//! within one unit of its last place of the value: `|answer − value| < 10^−d` (so `0.333`,
//! `0.3333` and `0.334` for 1/3, but not `0.33`).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use crate::rational::Q;

/// Longest answer read, in bytes; longer ones are refused from their length alone.
pub const MAX_ANSWER_CHARS: usize = 64;

/// Decimals up to which a value counts as a short decimal (answered exactly, no tolerance).
pub const EXACT_DECIMALS: usize = 6;

/// Fewest decimals a tolerated decimal answer has.
pub const MIN_DECIMALS: usize = 3;

/// The sentence describing a number answer.
pub const NUMBER_FORM: &str = "an exact number: an integer (-2), a fraction (7/4), a mixed number (1 3/4) or a decimal (1.75); a value without a short decimal expansion (such as 1/3) as a fraction, or as a decimal with at least 3 places (0.333)";

/// A number as the student wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Its exact value.
    pub value: Q,
    /// The decimals written, when it is a decimal (`1.75`: 2); `None` for an integer, fraction
    /// or mixed number.
    pub decimals: Option<usize>,
}

/// Parses a number answer.
///
/// # Errors
/// A sentence saying what is wrong and which form is expected.
///
/// ```
/// use hetlab_core::practice::number::parse_answer;
/// use hetlab_core::rational::q;
/// for t in ["7/4", "1.75", "1 3/4", " 7 / 4 "] {
///     assert_eq!(parse_answer(t).unwrap().value, q(7, 4));
/// }
/// assert_eq!(parse_answer("-2").unwrap().value, q(-2, 1));
/// for t in ["3//4", "1e999", "", "1/0"] {
///     assert!(parse_answer(t).is_err());
/// }
/// ```
pub fn parse_answer(text: &str) -> Result<Answer, String> {
    if text.len() > MAX_ANSWER_CHARS {
        return Err(format!(
            "The answer is too long (at most {MAX_ANSWER_CHARS} characters); expected {NUMBER_FORM}."
        ));
    }
    let t = text.trim();
    let fail = |why: &str| Err(format!("{why}; expected {NUMBER_FORM}."));
    if t.is_empty() {
        return fail("The answer is empty");
    }
    if t.contains(['e', 'E']) {
        return fail("Exponents such as 1e3 are not read");
    }
    let t = t.replace('−', "-");
    if let Some((whole, den)) = t.split_once('/') {
        if den.contains('/') {
            return fail("A fraction has one slash");
        }
        let den = den.trim();
        let Some(d) = unsigned(den) else {
            return fail("A fraction's denominator is a whole number");
        };
        if d.is_zero() {
            return fail("A fraction's denominator cannot be 0");
        }
        let Some(n) = numerator(whole.trim(), &d) else {
            return fail("A fraction's numerator is a whole number, or a whole number then a blank then a whole number for a mixed number");
        };
        return Ok(Answer {
            value: Q::new(n, d),
            decimals: None,
        });
    }
    decimal(&t).map_or_else(
        || fail("Not a number"),
        |(value, decimals)| Ok(Answer { value, decimals }),
    )
}

/// Digits only (at least one), as an integer.
fn unsigned(t: &str) -> Option<BigInt> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// An optional sign, then digits.
fn signed(t: &str) -> Option<(bool, BigInt)> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    unsigned(body).map(|n| (neg, n))
}

/// The numerator over `d` of `n` or of the mixed number `w n` (w + n/d, signed by w).
fn numerator(t: &str, d: &BigInt) -> Option<BigInt> {
    match t.split_once(char::is_whitespace) {
        None => signed(t).map(|(neg, n)| if neg { -n } else { n }),
        Some((w, n)) => {
            let (neg, w) = signed(w)?;
            let n = unsigned(n.trim())?;
            let m = w * d + n;
            Some(if neg { -m } else { m })
        }
    }
}

/// `[-+]digits[.digits]` or `[-+].digits`, with its number of decimals when it has a point.
fn decimal(t: &str) -> Option<(Q, Option<usize>)> {
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let (int_part, frac_part, point) = match body.split_once('.') {
        Some((i, f)) => (i, f, true),
        None => (body, "", false),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int_part.is_empty() && frac_part.is_empty()) || !digits(int_part) || !digits(frac_part) {
        return None;
    }
    let all = format!("{int_part}{frac_part}");
    let n: BigInt = all.parse().ok()?;
    let v = Q::new(n, num_traits::pow(BigInt::from(10), frac_part.len()));
    Some((if neg { -v } else { v }, point.then_some(frac_part.len())))
}

/// Whether `v` has a decimal expansion of at most [`EXACT_DECIMALS`] places.
#[must_use]
pub fn is_short_decimal(v: &Q) -> bool {
    let mut d = v.denom().abs();
    let (two, five) = (BigInt::from(2), BigInt::from(5));
    let (mut a, mut b) = (0usize, 0usize);
    while d.is_even() && !d.is_zero() {
        d /= &two;
        a += 1;
    }
    while (&d % &five).is_zero() && !d.is_zero() {
        d /= &five;
        b += 1;
    }
    d.is_one() && a.max(b) <= EXACT_DECIMALS
}

/// Whether `answer` is accepted for the exact value `v`, by the rule of this module.
#[must_use]
pub fn accepts(answer: &Answer, v: &Q) -> bool {
    if &answer.value == v {
        return true;
    }
    match answer.decimals {
        Some(d) if d >= MIN_DECIMALS && !is_short_decimal(v) => {
            let unit = Q::new(BigInt::one(), num_traits::pow(BigInt::from(10), d));
            (&answer.value - v).abs() < unit
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::q;

    #[test]
    fn the_spellings_of_seven_quarters() {
        for t in ["7/4", "1.75", "1 3/4", " 7/4\n", "7 / 4", "+7/4", "1.750"] {
            assert_eq!(parse_answer(t).unwrap().value, q(7, 4), "{t}");
        }
        assert_eq!(parse_answer("-2").unwrap().value, q(-2, 1));
        assert_eq!(parse_answer("−2").unwrap().value, q(-2, 1));
        assert_eq!(parse_answer("-1 3/4").unwrap().value, q(-7, 4));
        assert_eq!(parse_answer(".5").unwrap().value, q(1, 2));
        assert_eq!(parse_answer("0").unwrap().value, q(0, 1));
    }

    #[test]
    fn malformed_answers_say_the_expected_form() {
        let long = "1".repeat(10 * 1024 * 1024);
        for t in [
            "3//4", "1e999", "", "   ", "1/0", "abc", "1.5/2", "1 2 3/4", "--1", "1..2", "7/",
            "/4", "1,5", "0x10", "inf", "NaN", &long,
        ] {
            let e = parse_answer(t).unwrap_err();
            assert!(e.contains("expected an exact number"), "{e}");
        }
        assert!(parse_answer(&"9".repeat(65))
            .unwrap_err()
            .contains("too long"));
        assert!(parse_answer(&"9".repeat(64)).is_ok());
    }

    #[test]
    fn decimals_are_tolerated_only_for_long_expansions() {
        let a = |t: &str| parse_answer(t).unwrap();
        let third = q(1, 3);
        assert!(accepts(&a("0.333"), &third));
        assert!(accepts(&a("0.3333"), &third));
        assert!(accepts(&a("0.334"), &third));
        assert!(!accepts(&a("0.33"), &third));
        assert!(!accepts(&a("0.335"), &third));
        assert!(accepts(&a("1/3"), &third));
        // 7/4 is a short decimal: exact only.
        assert!(!accepts(&a("1.7501"), &q(7, 4)));
        assert!(accepts(&a("1.75"), &q(7, 4)));
        assert!(is_short_decimal(&q(1, 64)));
        assert!(!is_short_decimal(&q(1, 128)));
        assert!(accepts(&a("0.0078"), &q(1, 128)));
    }
}
