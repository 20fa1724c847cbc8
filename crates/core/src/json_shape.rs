//! Values whose serde shape only a self-describing format can read back (enums tagged inside
//! their object, `#[serde(tag = "kind")]`; untagged enums; `serde_json::Value`), written in a
//! format that is not: the site's worker wire (bincode, `src/wire.rs` of the web crate) cannot
//! ask what comes next. There such a value travels as its JSON value in a tagged form
//! ([`Tree`]: every number kept as the JSON value holds it, so no `f64` digit is lost); a
//! human-readable format (the result documents' JSON) sees the shape unchanged.
//!
//! A field: `#[serde(with = "crate::json_shape")]`. An enum of such a shape: declared inside
//! `crate::json_shape::wire_enum!`, which adds a mirror in serde's default shape for such formats.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Number, Value};

/// A JSON value with its kind written first: what a format that is not self-describing can
/// read back.
#[derive(Serialize, Deserialize)]
pub enum Tree {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number from 0.
    U64(u64),
    /// A negative whole number.
    I64(i64),
    /// Any other number.
    F64(f64),
    /// A string.
    Str(String),
    /// An array.
    Seq(Vec<Tree>),
    /// An object, its keys in order.
    Map(Vec<(String, Tree)>),
}

impl From<Value> for Tree {
    fn from(v: Value) -> Self {
        match v {
            Value::Null => Tree::Null,
            Value::Bool(b) => Tree::Bool(b),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => Tree::U64(u),
                (None, Some(i)) => Tree::I64(i),
                _ => Tree::F64(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => Tree::Str(s),
            Value::Array(a) => Tree::Seq(a.into_iter().map(Tree::from).collect()),
            Value::Object(o) => Tree::Map(o.into_iter().map(|(k, v)| (k, v.into())).collect()),
        }
    }
}

impl From<Tree> for Value {
    fn from(t: Tree) -> Self {
        match t {
            Tree::Null => Value::Null,
            Tree::Bool(b) => Value::Bool(b),
            Tree::U64(u) => Value::Number(u.into()),
            Tree::I64(i) => Value::Number(i.into()),
            Tree::F64(f) => Number::from_f64(f).map_or(Value::Null, Value::Number),
            Tree::Str(s) => Value::String(s),
            Tree::Seq(a) => Value::Array(a.into_iter().map(Value::from).collect()),
            Tree::Map(o) => Value::Object(
                o.into_iter()
                    .map(|(k, v)| (k, v.into()))
                    .collect::<Map<_, _>>(),
            ),
        }
    }
}

/// Writes `v` as is to a human-readable format, as its JSON value ([`Tree`]) to another.
///
/// # Errors
/// The serializer's, or JSON's for a value it cannot hold.
pub fn serialize<T: Serialize, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    if s.is_human_readable() {
        v.serialize(s)
    } else {
        let value = serde_json::to_value(v).map_err(serde::ser::Error::custom)?;
        Tree::from(value).serialize(s)
    }
}

/// Reads what [`serialize`] wrote.
///
/// # Errors
/// The deserializer's, or a JSON value that is not a `T`.
pub fn deserialize<'de, T: DeserializeOwned, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    if d.is_human_readable() {
        T::deserialize(d)
    } else {
        T::deserialize(Value::from(Tree::deserialize(d)?)).map_err(serde::de::Error::custom)
    }
}

/// Declares an enum whose JSON shape only a self-describing format reads back (tagged inside or
/// beside its content, untagged), with `#[serde(remote = "Self")]` among its attributes (serde
/// then writes the derived code as inherent functions), and a private mirror `$wire` of the
/// same variants in serde's default shape (the variant's index, then its fields in order),
/// which a format that is not human-readable (the site's worker wire) reads and writes
/// directly. The mirror's code is small where the JSON shape's, read from a `serde_json::Value`
/// as [`deserialize`] does, was 4–26 KB an enum in the page's wasm (issue 15).
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident as $wire:ident = $remote:literal { $($body:tt)* }
    ) => {
        $(#[$meta])*
        $vis enum $name { $($body)* }

        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(remote = $remote)]
        #[allow(dead_code)]
        enum $wire { $($body)* }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                if s.is_human_readable() {
                    <$name>::serialize(self, s)
                } else {
                    $wire::serialize(self, s)
                }
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                if d.is_human_readable() {
                    <$name>::deserialize(d)
                } else {
                    $wire::deserialize(d)
                }
            }
        }
    };
}
pub(crate) use wire_enum;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_comes_back_from_its_tree() {
        let v = serde_json::json!({
            "kind": "send", "n": 3, "neg": -2, "x": 18_276.839_915_321_234, "big": u64::MAX,
            "list": [null, true, "a", [1.5]], "empty": {}
        });
        assert_eq!(Value::from(Tree::from(v.clone())), v);
        assert_eq!(
            Value::from(Tree::from(v.clone())).to_string(),
            v.to_string()
        );
    }
}
