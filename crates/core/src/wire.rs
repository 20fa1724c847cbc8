//! What the core adds for the site's worker wire (hetlab-web's `src/wire.rs`, nanoserde's binary
//! format): a run's types derive `SerBin`/`DeBin` beside serde's `Serialize` (the result
//! documents), and a field whose type nanoserde cannot write goes through a proxy from here.

use serde_json::{Map, Number, Value};

/// A `serde_json::Value` field on the wire (`#[nserde(proxy = "crate::wire::Json")]`): the
/// value as a tree with each number kept as JSON holds it (an `f64` bit for bit: its text would
/// not come back exactly through serde_json's fast float reader).
#[derive(nanoserde::SerBin, nanoserde::DeBin)]
pub enum Json {
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
    Seq(Vec<Json>),
    /// An object, its keys in order.
    Map(Vec<(String, Json)>),
}

impl From<&Value> for Json {
    fn from(v: &Value) -> Self {
        match v {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => Json::U64(u),
                (None, Some(i), _) => Json::I64(i),
                (None, None, f) => Json::F64(f.unwrap_or(f64::NAN)),
            },
            Value::String(s) => Json::Str(s.clone()),
            Value::Array(a) => Json::Seq(a.iter().map(Json::from).collect()),
            Value::Object(o) => Json::Map(o.iter().map(|(k, v)| (k.clone(), v.into())).collect()),
        }
    }
}

impl From<&Json> for Value {
    fn from(t: &Json) -> Self {
        match t {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::U64(u) => Value::Number((*u).into()),
            Json::I64(i) => Value::Number((*i).into()),
            Json::F64(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Json::Str(s) => Value::String(s.clone()),
            Json::Seq(a) => Value::Array(a.iter().map(Value::from).collect()),
            Json::Map(o) => Value::Object(
                o.iter()
                    .map(|(k, v)| (k.clone(), v.into()))
                    .collect::<Map<_, _>>(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nanoserde::{DeBin, SerBin};

    #[test]
    fn a_value_comes_back_from_its_tree() {
        let v = serde_json::json!({
            "kind": "send", "n": 3, "neg": -2, "x": 18_276.839_915_321_234, "big": u64::MAX,
            "list": [null, true, "a", [1.5]], "empty": {}
        });
        let bytes = Json::from(&v).serialize_bin();
        let back = Value::from(&Json::deserialize_bin(&bytes).expect("reads"));
        assert_eq!(back, v);
        assert_eq!(back.to_string(), v.to_string());
    }
}
