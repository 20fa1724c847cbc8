//! Structured mutations of an instance document, as a hostile or careless user would make
//! them: a value of another type, extreme numbers (`1e±300`, subnormals, 40-digit integers and
//! fractions), deep nesting, duplicated or multiplied array elements, huge sizes and strings,
//! removed and unknown keys; and mutations of the text itself (truncation, stray bytes,
//! bytes that are not UTF-8). The value mode ([`mutate_numbers`]) changes only numbers, to valid
//! extremes, so that most documents still reach a solver.

use rand::seq::SliceRandom as _;
use rand::Rng as _;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};

/// One step of a path into a JSON value.
#[derive(Clone, Debug)]
enum Seg {
    Key(String),
    Index(usize),
}

/// Every path of `v` (the root included), depth first.
fn paths(v: &Value, here: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                here.push(Seg::Key(k.clone()));
                paths(child, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                here.push(Seg::Index(i));
                paths(child, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, seg| match seg {
        Seg::Key(k) => v.get_mut(k.as_str()),
        Seg::Index(i) => v.get_mut(*i),
    })
}

fn get<'a>(v: &'a Value, path: &[Seg]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, seg| match seg {
        Seg::Key(k) => v.get(k.as_str()),
        Seg::Index(i) => v.get(*i),
    })
}

/// Largest document the multiplying mutation builds (4 MiB, four times the product's cap).
const MAX_MUTATED_BYTES: usize = 4 << 20;

/// A number a user could type that stresses the exact and the float code: huge, tiny,
/// subnormal, long, or ordinary.
pub fn extreme_number(rng: &mut ChaCha8Rng) -> Value {
    let digits = |rng: &mut ChaCha8Rng, n: usize| -> String {
        let mut s: String = (0..n)
            .map(|_| char::from(b'0' + rng.gen_range(0..10u8)))
            .collect();
        s.replace_range(0..1, &rng.gen_range(1..10u8).to_string());
        s
    };
    match rng.gen_range(0..16u32) {
        0 => json!(1e300),
        1 => json!(1e-300),
        2 => json!(5e-324),
        3 => json!(2.225_073_858_507_201_4e-308),
        4 => json!(f64::MAX),
        5 => json!(1e154),
        6 => Value::String(format!("1{}", "0".repeat(rng.gen_range(30..=199)))),
        7 => Value::String(digits(rng, 40)),
        8 => Value::String(format!("{}/{}", digits(rng, 40), digits(rng, 40))),
        9 => Value::String(format!("0.{}1", "0".repeat(rng.gen_range(30..=190)))),
        10 => Value::String(format!("1/{}", digits(rng, 40))),
        11 => json!(u64::MAX),
        12 => json!(-1e300),
        13 => json!(rng.gen_range(1..=1000u32)),
        14 => Value::String(format!(
            "{}/{}",
            rng.gen_range(1..100u32),
            rng.gen_range(1..100u32)
        )),
        _ => json!(f64::from(rng.gen_range(1..10_000u32)) / 1000.0),
    }
}

/// A value of some other type, or a malformed one.
fn odd_value(rng: &mut ChaCha8Rng) -> Value {
    match rng.gen_range(0..14u32) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!("x"),
        3 => json!(0),
        4 => json!(-1),
        5 => json!([]),
        6 => json!({}),
        7 => json!("3/0"),
        8 => json!("inf"),
        9 => json!("-0"),
        10 => json!("NaN"),
        11 => json!("1e5"),
        12 => json!(4_294_967_296u64),
        _ => json!([1, "a", null]),
    }
}

/// Applies one structured mutation somewhere in `v`.
pub fn mutate_value(v: &mut Value, rng: &mut ChaCha8Rng) {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let Some(path) = all.choose(rng).cloned() else {
        return;
    };
    let Some(node) = at(v, &path) else {
        return;
    };
    match rng.gen_range(0..12u32) {
        // Numbers are the commonest target: they reach the solvers.
        0..=3 => {
            if node.is_number() || node.is_string() || rng.gen_bool(0.3) {
                *node = extreme_number(rng);
            }
        }
        4 => *node = odd_value(rng),
        5 => {
            // Deep nesting (serde_json stops at depth 128; the path must still be named).
            let depth = rng.gen_range(50..300);
            let mut inner = node.take();
            for _ in 0..depth {
                inner = Value::Array(vec![inner]);
            }
            *node = inner;
        }
        6 => {
            // Duplicates: an element repeated (ids, links, processors).
            if let Value::Array(a) = node {
                if let Some(x) = a.choose(rng).cloned() {
                    a.push(x);
                }
            }
        }
        7 => {
            // Huge sizes: an array multiplied, or a size field made enormous.
            match node {
                Value::Array(a) if !a.is_empty() => {
                    // At most a few times the product's 1 MiB document cap: larger only costs
                    // the harness memory (a 500 KB string multiplied 3000 times took 1.6 GB).
                    let base = a.clone();
                    let bytes = Value::Array(base.clone()).to_string().len().max(1);
                    let fits = (MAX_MUTATED_BYTES / bytes).max(1) * base.len();
                    let target = rng.gen_range(50..3000).min(fits);
                    while a.len() < target {
                        a.extend(base.iter().cloned());
                    }
                }
                _ => {
                    let sizes = [1_000_000_000u64, 4_294_967_295, 1_000_000, 65, 513, 33];
                    *node = json!(sizes[rng.gen_range(0..sizes.len())]);
                }
            }
        }
        8 => {
            // A long string (its echo in a message must be short).
            let len = [300, 5000, 500_000][rng.gen_range(0..3)];
            *node = Value::String("7".repeat(len));
        }
        9 => {
            if let Value::Object(m) = node {
                if let Some(k) = m.keys().cloned().collect::<Vec<_>>().choose(rng) {
                    m.remove(k);
                }
            } else if let Value::Array(a) = node {
                if !a.is_empty() {
                    let i = rng.gen_range(0..a.len());
                    a.remove(i);
                }
            }
        }
        10 => {
            if let Value::Object(m) = node {
                m.insert("unexpected".into(), json!(1));
            } else {
                *node = Value::Object(Map::new());
            }
        }
        _ => {
            // Swap with another value of the document (ids into costs, arrays into numbers).
            if let Some(other) = all.choose(rng) {
                let other = other.clone();
                let copy = at(&mut v.clone(), &other).map(|x| x.clone());
                if let (Some(copy), Some(node)) = (copy, at(v, &path)) {
                    *node = copy;
                }
            }
        }
    }
}

/// Whether `v` is a number as a document spells one: a JSON number, or a string of digits with
/// at most one `/` or `.` (exact fractions and decimals).
fn is_numeric(v: &Value) -> bool {
    match v {
        Value::Number(_) => true,
        Value::String(s) => {
            let body = s.strip_prefix('-').unwrap_or(s);
            !body.is_empty()
                && body
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '/' || c == '.')
                && body.chars().filter(|c| !c.is_ascii_digit()).count() <= 1
        }
        _ => false,
    }
}

/// A valid but extreme number of the kind a user types into a cost or a size: 1, powers of
/// ten up to 10^12, 2^31 and its neighbours, 2^53, tiny fractions and decimals.
pub fn valid_extreme(rng: &mut ChaCha8Rng) -> Value {
    match rng.gen_range(0..14u32) {
        0 => json!(1),
        1 => json!(2),
        2 => json!(1_000_000_000_000u64),
        3 => json!(2_147_483_648u64),
        4 => json!(2_147_483_647u64),
        5 => json!(9_007_199_254_740_992u64),
        6 => json!(10u64.pow(rng.gen_range(1..=12))),
        7 => Value::String(format!("1/{}", 10u64.pow(rng.gen_range(1..=12)))),
        8 => Value::String("1/2147483648".into()),
        9 => Value::String(format!("1/{}", rng.gen_range(2..1000u32))),
        10 => json!(1e-9),
        11 => json!(0.001),
        12 => Value::String(format!(
            "{}/{}",
            rng.gen_range(1..1_000_000u32),
            rng.gen_range(1..1000u32)
        )),
        _ => json!(rng.gen_range(1..=1000u32)),
    }
}

/// Changes one to three numbers of a valid document to [`valid_extreme`] values and nothing
/// else, so that most mutated documents are still valid and reach a solver.
pub fn mutate_numbers(v: &mut Value, rng: &mut ChaCha8Rng) {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let numeric: Vec<Vec<Seg>> = all
        .into_iter()
        .filter(|p| get(v, p).is_some_and(is_numeric))
        .collect();
    for _ in 0..rng.gen_range(1..=3) {
        let Some(path) = numeric.choose(rng) else {
            return;
        };
        if let Some(node) = at(v, path) {
            *node = valid_extreme(rng);
        }
    }
}

/// Applies one mutation to the text: a cut, stray bytes, or bytes that are not UTF-8.
pub fn mutate_text(text: &str, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let mut bytes = text.as_bytes().to_vec();
    if bytes.is_empty() {
        return bytes;
    }
    match rng.gen_range(0..4u32) {
        0 => bytes.truncate(rng.gen_range(0..bytes.len())),
        1 => {
            let i = rng.gen_range(0..bytes.len());
            bytes.insert(i, [b'{', b'"', b',', b'\\', b'0'][rng.gen_range(0..5)]);
        }
        2 => {
            let i = rng.gen_range(0..bytes.len());
            bytes[i] = [0xff, 0xc3, 0x80, 0xe9][rng.gen_range(0..4)];
        }
        _ => {
            let i = rng.gen_range(0..bytes.len());
            bytes.insert(i, 0);
        }
    }
    bytes
}
