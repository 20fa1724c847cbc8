//! The compact spelling of a platform inside a `v2.` share payload (formats.md section 5).
//!
//! A platform written as JSON objects spends most of its characters on keys and punctuation
//! (`{"id": "P12", "w": 3, "x": 0.123, "y": 0.456}`). In a `v2.` payload the instance's
//! `"platform"` object is replaced, when it can be without loss, by an array of short texts:
//!
//! ```text
//! [ids, nodes, links]            or  [ids, nodes, links, name]
//! ids    "0" (integer ids 0..n−1), "P" (ids "P0".."P{n−1}"), or "=" followed by the ids,
//!        space-separated (string ids without spaces or commas, not all digits)
//! nodes  one token per node, space-separated: ["*" if master] w ["," x "," y]
//!        w as exact short text ("3", "3/2", "0.25", "inf", "-" when absent);
//!        x, y in thousandths (0..=1000), only when that is exactly the stored double
//! links  one token per link, space-separated: from "," to "," c ["," c_back | ",>" if directed]
//!        with node indices (0-based) and costs as exact short text
//! ```
//!
//! Anything this spelling cannot carry exactly (latencies `lcalc`/`lcomm`, positions that are
//! not whole thousandths, unusual ids) keeps the platform as plain JSON: the compaction is an
//! optimisation, never a loss. [`expand`] turns the array back into the plain object, which the
//! usual validating parser then reads.

use serde_json::{json, Map, Value};

use crate::platform::raw::RawNum;
use crate::rational::{format_q, from_json_number};

/// Compacts `instance["platform"]` in place when it can be done exactly; otherwise leaves the
/// value unchanged.
pub(super) fn compact(instance: &mut Value) {
    let Some(platform) = instance.get("platform") else {
        return;
    };
    if let Some(short) = compact_platform(platform) {
        instance["platform"] = short;
    }
}

/// Expands a compacted `instance["platform"]` in place.
///
/// # Errors
/// A sentence when the compact platform is malformed (a damaged or forged link).
pub(super) fn expand(instance: &mut Value) -> Result<(), String> {
    let Some(Value::Array(parts)) = instance.get("platform") else {
        return Ok(());
    };
    let plain = expand_platform(parts).ok_or_else(|| {
        "the link's data is damaged (its platform cannot be read); copy the whole link again"
            .to_owned()
    })?;
    instance["platform"] = plain;
    Ok(())
}

/// One thousandth per unit: positions are kept to 3 decimals by the editor.
const MILLI: f64 = 1000.0;

fn compact_platform(p: &Value) -> Option<Value> {
    let obj = p.as_object()?;
    // Only the keys this spelling carries (the header is implied).
    let known = ["format", "version", "name", "nodes", "links"];
    if obj.keys().any(|k| !known.contains(&k.as_str())) {
        return None;
    }
    // A header the parser would refuse stays, so that the link is refused the same way.
    let header_ok = obj.get("format").is_none_or(|f| f == "hetlab-platform")
        && obj.get("version").is_none_or(|v| v.as_u64() == Some(1));
    if !header_ok {
        return None;
    }
    let nodes = obj.get("nodes")?.as_array()?;
    let empty = Vec::new();
    let links = match obj.get("links") {
        Some(l) => l.as_array()?,
        None => &empty,
    };
    let ids: Vec<&Value> = nodes.iter().map(|n| n.get("id")).collect::<Option<_>>()?;
    let header = ids_header(&ids)?;
    let index = |id: &Value| ids.iter().position(|x| *x == id);
    let node_tokens: Vec<String> = nodes.iter().map(node_token).collect::<Option<_>>()?;
    let link_tokens: Vec<String> = links
        .iter()
        .map(|l| link_token(l, &index))
        .collect::<Option<_>>()?;
    let mut out = vec![
        Value::String(header),
        Value::String(node_tokens.join(" ")),
        Value::String(link_tokens.join(" ")),
    ];
    if let Some(name) = obj.get("name") {
        out.push(Value::String(name.as_str()?.to_owned()));
    }
    Some(Value::Array(out))
}

/// `"0"`, `"P"` or `"=id id …"` (see the module documentation).
fn ids_header(ids: &[&Value]) -> Option<String> {
    let ints = ids
        .iter()
        .enumerate()
        .all(|(k, id)| id.as_u64() == u64::try_from(k).ok());
    if ints {
        return Some("0".to_owned());
    }
    let ps = ids
        .iter()
        .enumerate()
        .all(|(k, id)| id.as_str() == Some(format!("P{k}").as_str()));
    if ps {
        return Some("P".to_owned());
    }
    let plain = |s: &str| {
        !s.is_empty()
            && !s.chars().all(|c| c.is_ascii_digit())
            && !s.chars().any(|c| c.is_whitespace() || c == ',')
    };
    let strs: Vec<&str> = ids.iter().map(|id| id.as_str()).collect::<Option<_>>()?;
    strs.iter()
        .all(|s| plain(s))
        .then(|| format!("={}", strs.join(" ")))
}

/// The exact short text of a number field (`None` for anything that is not a number).
fn num_text(v: &Value) -> Option<String> {
    let raw: RawNum = serde_json::from_value(v.clone()).ok()?;
    let text = match raw {
        RawNum::Num(n) => format_q(&from_json_number(&n).ok()?),
        RawNum::Text(t) => t,
    };
    // Tokens are split on spaces and commas; anything else a number may hold is kept.
    let ok = !text.is_empty()
        && !text.starts_with('*')
        && text != ">"
        && !text.chars().any(|c| c.is_whitespace() || c == ',');
    ok.then_some(text)
}

/// A coordinate in whole thousandths, when that is exactly the stored double.
fn milli(v: &Value) -> Option<u32> {
    let x = v.as_f64()?;
    let k = (x * MILLI).round();
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // Checked to 0..=1000.
    let whole = (0.0..=MILLI).contains(&k).then_some(k as u32)?;
    // Bit-equal: the compact spelling must give back exactly this double.
    ((f64::from(whole) / MILLI).to_bits() == x.to_bits()).then_some(whole)
}

fn node_token(n: &Value) -> Option<String> {
    let obj = n.as_object()?;
    let known = ["id", "w", "master", "x", "y"];
    if obj.keys().any(|k| !known.contains(&k.as_str())) {
        return None;
    }
    let mut token = String::new();
    match obj.get("master") {
        None | Some(Value::Bool(false)) => {}
        Some(Value::Bool(true)) => token.push('*'),
        Some(_) => return None,
    }
    match obj.get("w") {
        None => token.push('-'),
        Some(w) => token.push_str(&num_text(w)?),
    }
    match (obj.get("x"), obj.get("y")) {
        (None, None) => {}
        (Some(x), Some(y)) => {
            token.push_str(&format!(",{},{}", milli(x)?, milli(y)?));
        }
        _ => return None,
    }
    Some(token)
}

fn link_token(l: &Value, index: &impl Fn(&Value) -> Option<usize>) -> Option<String> {
    let obj = l.as_object()?;
    let known = ["from", "to", "c", "c_back", "directed"];
    if obj.keys().any(|k| !known.contains(&k.as_str())) {
        return None;
    }
    let from = index(obj.get("from")?)?;
    let to = index(obj.get("to")?)?;
    let mut token = format!("{from},{to},{}", num_text(obj.get("c")?)?);
    let directed = match obj.get("directed") {
        None | Some(Value::Bool(false)) => false,
        Some(Value::Bool(true)) => true,
        Some(_) => return None,
    };
    match (obj.get("c_back"), directed) {
        (None, false) => {}
        (None, true) => token.push_str(",>"),
        (Some(back), false) => token.push_str(&format!(",{}", num_text(back)?)),
        // Invalid anyway: keep it as written so that the parser names the problem.
        (Some(_), true) => return None,
    }
    Some(token)
}

/// Most nodes a compact platform may claim (the validating parser has its own, lower limit;
/// this one only keeps a forged link from building a huge object first).
const MAX_TOKENS: usize = 100_000;

fn expand_platform(parts: &[Value]) -> Option<Value> {
    let text = |k: usize| parts.get(k).and_then(Value::as_str);
    let (header, nodes, links) = (text(0)?, text(1)?, text(2)?);
    if parts.len() > 4 {
        return None;
    }
    let node_tokens: Vec<&str> = nodes.split(' ').filter(|t| !t.is_empty()).collect();
    let link_tokens: Vec<&str> = links.split(' ').filter(|t| !t.is_empty()).collect();
    if node_tokens.len() > MAX_TOKENS || link_tokens.len() > MAX_TOKENS {
        return None;
    }
    let ids: Vec<Value> = match header {
        "0" => (0..node_tokens.len()).map(|k| json!(k)).collect(),
        "P" => (0..node_tokens.len())
            .map(|k| json!(format!("P{k}")))
            .collect(),
        h => {
            let list: Vec<Value> = h.strip_prefix('=')?.split(' ').map(|s| json!(s)).collect();
            (list.len() == node_tokens.len()).then_some(list)?
        }
    };
    let mut out_nodes = Vec::with_capacity(node_tokens.len());
    for (token, id) in node_tokens.iter().zip(&ids) {
        out_nodes.push(expand_node(token, id.clone())?);
    }
    let mut out_links = Vec::with_capacity(link_tokens.len());
    for token in link_tokens {
        out_links.push(expand_link(token, &ids)?);
    }
    let mut obj = Map::new();
    if let Some(name) = parts.get(3) {
        obj.insert("name".into(), Value::String(name.as_str()?.to_owned()));
    }
    obj.insert("nodes".into(), Value::Array(out_nodes));
    obj.insert("links".into(), Value::Array(out_links));
    Some(Value::Object(obj))
}

fn expand_node(token: &str, id: Value) -> Option<Value> {
    let mut fields = token.split(',');
    let first = fields.next()?;
    let (master, w) = match first.strip_prefix('*') {
        Some(rest) => (true, rest),
        None => (false, first),
    };
    let mut obj = Map::new();
    obj.insert("id".into(), id);
    if w != "-" {
        obj.insert("w".into(), Value::String(w.to_owned()));
    }
    if master {
        obj.insert("master".into(), Value::Bool(true));
    }
    match (fields.next(), fields.next(), fields.next()) {
        (None, None, None) => {}
        (Some(x), Some(y), None) => {
            let coord = |t: &str| -> Option<Value> {
                let k: u32 = t.parse().ok().filter(|k| *k <= 1000)?;
                serde_json::Number::from_f64(f64::from(k) / MILLI).map(Value::Number)
            };
            obj.insert("x".into(), coord(x)?);
            obj.insert("y".into(), coord(y)?);
        }
        _ => return None,
    }
    Some(Value::Object(obj))
}

fn expand_link(token: &str, ids: &[Value]) -> Option<Value> {
    let fields: Vec<&str> = token.split(',').collect();
    let end = |k: usize| -> Option<Value> {
        let i: usize = fields.get(k)?.parse().ok()?;
        ids.get(i).cloned()
    };
    let mut obj = Map::new();
    obj.insert("from".into(), end(0)?);
    obj.insert("to".into(), end(1)?);
    obj.insert("c".into(), Value::String((*fields.get(2)?).to_owned()));
    match fields.get(3) {
        None => {}
        Some(&">") => {
            obj.insert("directed".into(), Value::Bool(true));
        }
        Some(back) => {
            obj.insert("c_back".into(), Value::String((*back).to_owned()));
        }
    }
    (fields.len() <= 4).then_some(Value::Object(obj))
}
