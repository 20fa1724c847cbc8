//! SimGrid's numbers with units, read exactly: `"1Gf"`, `"125MBps"`, `"50us"`, `"1e9"`.
//!
//! The tables follow SimGrid's own parser (`xbt_parse_units.cpp`): decimal prefixes
//! `k M G T P E Z Y` (×1000) and binary ones `Ki Mi Gi …` (×1024), for speeds (`f`, `flops`;
//! decimal only), bandwidths (`Bps`, and `bps` for bits: 1 Bps = 8 bps), sizes (`B`, `b`) and
//! times (`w d h m s ms us ns ps`). A bare number takes the base unit (SimGrid warns there; so
//! does the importer). The value is a [`Q`]: `"98.095Mf"` is exactly 98 095 000.

use num_bigint::BigInt;
use num_traits::One;

use crate::rational::Q;

/// What a quantity measures, with its base unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// Computing speed, flop/s (`f`).
    Speed,
    /// Bandwidth, bytes/s (`Bps`).
    Bandwidth,
    /// Time, seconds (`s`).
    Time,
    /// Amount of data, bytes (`B`).
    Size,
    /// Amount of work, flops (`f`; the task size of the conversion).
    Work,
}

impl Quantity {
    /// The base unit written on export and assumed for a bare number.
    #[must_use]
    pub fn base(self) -> &'static str {
        match self {
            Quantity::Speed | Quantity::Work => "f",
            Quantity::Bandwidth => "Bps",
            Quantity::Time => "s",
            Quantity::Size => "B",
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Quantity::Speed => "a speed",
            Quantity::Bandwidth => "a bandwidth",
            Quantity::Time => "a time",
            Quantity::Size => "a size",
            Quantity::Work => "an amount of work",
        }
    }

    fn examples(self) -> &'static str {
        match self {
            Quantity::Speed => "\"1Gf\", \"98.095Mf\", \"1e9flops\"",
            Quantity::Bandwidth => "\"125MBps\", \"1Gbps\", \"10KiBps\"",
            Quantity::Time => "\"50us\", \"1.5ms\", \"0s\"",
            Quantity::Size => "\"1MB\", \"8Mb\", \"4KiB\"",
            Quantity::Work => "\"1Gf\", \"1e9f\"",
        }
    }
}

/// A value read with its unit; `bare` when it had none.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// In the base unit of its quantity.
    pub value: Q,
    /// The text had no unit.
    pub bare: bool,
}

const DECIMAL: [&str; 8] = ["k", "M", "G", "T", "P", "E", "Z", "Y"];
const DECIMAL_LONG: [&str; 8] = [
    "kilo", "mega", "giga", "tera", "peta", "exa", "zeta", "yotta",
];
const BINARY: [&str; 8] = ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi"];

/// Largest exponent accepted in `1e…` (beyond, exact numbers grow without purpose).
const MAX_EXPONENT: i32 = 60;

/// The factor of a unit (in the base unit of `q`), or `None` when `q` has no such unit.
fn factor(q: Quantity, unit: &str) -> Option<Q> {
    let pow = |b: i64, k: usize| Q::from_integer(num_traits::pow(BigInt::from(b), k));
    let prefixed = |base: &str, value: Q, binary: bool, long: bool| -> Option<Q> {
        if unit == base {
            return Some(value);
        }
        let lists: &[(&[&str; 8], i64)] = match (binary, long) {
            (_, true) => &[(&DECIMAL_LONG, 1000)],
            (true, false) => &[(&DECIMAL, 1000), (&BINARY, 1024)],
            (false, false) => &[(&DECIMAL, 1000)],
        };
        for (list, b) in lists {
            for (k, p) in list.iter().enumerate() {
                if unit.strip_prefix(p) == Some(base) {
                    return Some(value * pow(*b, k + 1));
                }
            }
        }
        None
    };
    let eighth = Q::new(BigInt::one(), BigInt::from(8));
    match q {
        Quantity::Speed | Quantity::Work => prefixed("f", Q::one(), false, false)
            .or_else(|| prefixed("flops", Q::one(), false, true)),
        Quantity::Bandwidth => {
            prefixed("Bps", Q::one(), true, false).or_else(|| prefixed("bps", eighth, true, false))
        }
        Quantity::Size => {
            prefixed("B", Q::one(), true, false).or_else(|| prefixed("b", eighth, true, false))
        }
        Quantity::Time => {
            let (n, d): (i64, i64) = match unit {
                "w" => (7 * 24 * 3600, 1),
                "d" => (24 * 3600, 1),
                "h" => (3600, 1),
                "m" => (60, 1),
                "s" => (1, 1),
                "ms" => (1, 1_000),
                "us" => (1, 1_000_000),
                "ns" => (1, 1_000_000_000),
                "ps" => (1, 1_000_000_000_000),
                _ => return None,
            };
            Some(Q::new(BigInt::from(n), BigInt::from(d)))
        }
    }
}

/// Splits `text` into its number (`[+]digits[.digits][e[+-]digits]`) and the rest.
fn split_number(text: &str) -> (&str, &str) {
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'+'));
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
        i += 1;
    }
    // An exponent only when digits follow (`1e9`, `2E-3`), so that `1exaflops` keeps its unit.
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let digits = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > digits {
            i = j;
        }
    }
    text.split_at(i)
}

/// Reads `digits[.digits][e±n]` exactly.
fn parse_number(num: &str) -> Option<Q> {
    let num = num.strip_prefix('+').unwrap_or(num);
    let (mantissa, exp) = match num.find(['e', 'E']) {
        Some(k) => (&num[..k], num[k + 1..].parse::<i32>().ok()?),
        None => (num, 0),
    };
    if !(-MAX_EXPONENT..=MAX_EXPONENT).contains(&exp) {
        return None;
    }
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if (int.is_empty() && frac.is_empty())
        || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        || int.len() + frac.len() > 40
    {
        return None;
    }
    let digits: BigInt = format!("{int}{frac}0").parse().ok()?;
    let mut v = Q::new(digits, BigInt::from(10));
    let ten = Q::from_integer(BigInt::from(10));
    let scale = exp - i32::try_from(frac.len()).ok()?;
    for _ in 0..scale.unsigned_abs() {
        v = if scale > 0 { v * &ten } else { v / &ten };
    }
    Some(v)
}

/// Why a text is not a quantity (its words name the text, quoted, and the units the quantity
/// accepts).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    /// No number where the text starts.
    #[error("{shown} is not {}: write a number and a unit, e.g. {}", .quantity.noun(), .quantity.examples())]
    NotANumber {
        /// The text, quoted.
        shown: String,
        /// What it should measure.
        quantity: Quantity,
    },
    /// A unit the quantity does not know.
    #[error("unknown unit {unit} in {shown} for {} (e.g. {})", .quantity.noun(), .quantity.examples())]
    UnknownUnit {
        /// The unit, quoted.
        unit: String,
        /// The whole text, quoted.
        shown: String,
        /// What it should measure.
        quantity: Quantity,
    },
}

/// Reads `text` as a quantity `q` (`"1Gf"`, `"125MBps"`, `"50us"`, or a bare number).
///
/// ```
/// use hetlab_core::formats::units::{parse, Quantity};
/// use hetlab_core::rational::{q, qi};
/// assert_eq!(parse("98.095Mf", Quantity::Speed).unwrap().value, qi(98_095_000));
/// assert_eq!(parse("125MBps", Quantity::Bandwidth).unwrap().value, qi(125_000_000));
/// assert_eq!(parse("8kbps", Quantity::Bandwidth).unwrap().value, qi(1000));
/// assert_eq!(parse("50us", Quantity::Time).unwrap().value, q(1, 20_000));
/// assert!(parse("3 apples", Quantity::Time).is_err());
/// ```
///
/// # Errors
/// [`UnitError`]: a sentence naming the value and the units `q` accepts.
pub fn parse(text: &str, q: Quantity) -> Result<Value, UnitError> {
    let t = text.trim();
    let (num, unit) = split_number(t);
    let shown = crate::issue::quote(t);
    let value = parse_number(num).ok_or_else(|| UnitError::NotANumber {
        shown: shown.clone(),
        quantity: q,
    })?;
    let unit = unit.trim();
    if unit.is_empty() {
        return Ok(Value { value, bare: true });
    }
    let f = factor(q, unit).ok_or_else(|| UnitError::UnknownUnit {
        unit: crate::issue::quote(unit),
        shown,
        quantity: q,
    })?;
    Ok(Value {
        value: value * f,
        bare: false,
    })
}

/// `v` in the base unit of `q`, as SimGrid reads it back: an exact decimal when `v` has one
/// of at most 18 decimals, otherwise 17 significant digits (a double's precision).
#[must_use]
pub fn write(v: &Q, q: Quantity) -> String {
    let exact = crate::rational::format_q(v);
    let num = if exact.contains('/') {
        crate::rational::scientific(v, 17)
    } else {
        exact
    };
    format!("{num}{}", q.base())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational::{q, qi};

    fn val(t: &str, q: Quantity) -> Q {
        parse(t, q).unwrap().value
    }

    #[test]
    fn simgrid_units_read_exactly() {
        assert_eq!(val("1Gf", Quantity::Speed), qi(1_000_000_000));
        assert_eq!(val("25Mf", Quantity::Speed), qi(25_000_000));
        assert_eq!(val("2megaflops", Quantity::Speed), qi(2_000_000));
        assert_eq!(val("1e9", Quantity::Speed), qi(1_000_000_000));
        assert_eq!(val("1.5e3f", Quantity::Speed), qi(1500));
        assert_eq!(val("1Gbps", Quantity::Bandwidth), qi(125_000_000));
        assert_eq!(val("1KiBps", Quantity::Bandwidth), qi(1024));
        assert_eq!(val("41.279125MBps", Quantity::Bandwidth), qi(41_279_125));
        assert_eq!(
            val("1.461517ms", Quantity::Time),
            q(1_461_517, 1_000_000_000)
        );
        assert_eq!(val("2m", Quantity::Time), qi(120));
        assert_eq!(val("1MiB", Quantity::Size), qi(1 << 20));
        assert_eq!(val("8Mb", Quantity::Size), qi(1_000_000));
        assert!(parse("0", Quantity::Time).unwrap().bare);
        assert!(parse("1e9", Quantity::Speed).unwrap().bare);
    }

    #[test]
    fn bad_values_say_what_is_expected() {
        let e = parse("fast", Quantity::Speed).unwrap_err().to_string();
        assert!(
            e.contains("\"fast\" is not a speed") && e.contains("1Gf"),
            "{e}"
        );
        let e = parse("10MBs", Quantity::Bandwidth).unwrap_err().to_string();
        assert!(e.contains("unknown unit \"MBs\""), "{e}");
        assert!(
            parse("1KiF", Quantity::Speed).is_err(),
            "speeds have no binary prefixes"
        );
        assert!(parse("1e999f", Quantity::Speed).is_err());
        assert!(parse("-3s", Quantity::Time).is_err());
    }

    #[test]
    fn written_values_read_back() {
        for v in [qi(1_000_000_000), q(1, 20_000), q(98_095, 1000)] {
            assert_eq!(val(&write(&v, Quantity::Speed), Quantity::Speed), v);
        }
        let third = write(&q(1, 3), Quantity::Time);
        assert!(
            third.ends_with('s') && third.starts_with("3.333333333333333"),
            "{third}"
        );
    }
}
