//! The instance fields of the master–slave page, read through the core's instance parser
//! (`Instance::from_json`) so that the messages are those of a JSON file, each tied to its
//! field: the variant, the cycle times `t`, `tcom` or `t1`/`t2`, `T` or `C` (bus), or the tree
//! as JSON, `T` and `n` or `C` alone (MinTime), and `w0` (trees). A variant shows only the fields it reads.

use std::collections::BTreeMap;

use hetlab_core::families::Instance;
use hetlab_core::issue::Issues;
use hetlab_core::master_slave::{self as ms, MsInput};
use serde_json::{Map, Value};

/// Every variant the form offers, as written in instances.
pub const VARIANTS: [&str; 14] = [
    "MaxTasks0",
    "MaxTasks1",
    "MaxTasks2",
    "MaxTasks3",
    "MaxTasks4",
    "MinTime0",
    "MinTime1",
    "MinTime2",
    "MinTime3",
    "MinTime4",
    "fork",
    "chain",
    "spider",
    "tree",
];

/// The fields, as typed (keyed like the instance's JSON fields; the tree under `tree`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// The variant.
    pub variant: String,
    /// Field key → text.
    pub values: BTreeMap<&'static str, String>,
}

/// The fields a variant reads, in the order the form shows them.
#[must_use]
pub fn fields(variant: &str) -> &'static [&'static str] {
    match variant {
        "MaxTasks0" => &["t", "T"],
        "MaxTasks1" | "MaxTasks3" => &["t", "tcom", "T"],
        "MaxTasks2" | "MaxTasks4" => &["t", "t1", "t2", "T"],
        "MinTime0" => &["t", "C"],
        "MinTime1" | "MinTime3" => &["t", "tcom", "C"],
        "MinTime2" | "MinTime4" => &["t", "t1", "t2", "C"],
        _ => &["tree", "T", "C", "n", "w0"],
    }
}

/// The JSON key of a tree variant's node list.
#[must_use]
pub fn tree_key(variant: &str) -> &'static str {
    match variant {
        "fork" => "children",
        "spider" => "legs",
        _ => "nodes",
    }
}

/// Every field key the form knows (and `""` for the messages tied to none).
const KEYS: [&str; 10] = [
    "variant", "t", "tcom", "t1", "t2", "T", "C", "tree", "n", "w0",
];

fn text_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) if items.iter().all(|i| !i.is_array() && !i.is_object()) => {
            items.iter().map(text_of).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}

impl Entry {
    /// The fields of an instance.
    #[must_use]
    pub fn of(m: &MsInput) -> Entry {
        let json = Instance::MasterSlave(m.clone()).to_json();
        let doc: Value = serde_json::from_str(&json).unwrap_or(Value::Null);
        let variant = m.variant_name();
        let mut values = BTreeMap::new();
        for key in KEYS.iter().skip(1) {
            let name = if *key == "tree" {
                tree_key(&variant)
            } else {
                key
            };
            if let Some(v) = doc.get(name) {
                values.insert(*key, text_of(v));
            }
        }
        Entry { variant, values }
    }

    /// The text of field `key` (empty when unset).
    #[must_use]
    pub fn get(&self, key: &str) -> &str {
        self.values.get(key).map_or("", String::as_str)
    }
}

/// A list typed as `2, 7 1;8` as JSON: numbers stay numbers, anything else becomes a string
/// for the core to explain (`"t[2]: …"`).
fn json_list(text: &str) -> Value {
    Value::Array(
        text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(json_scalar)
            .collect(),
    )
}

fn json_scalar(text: &str) -> Value {
    crate::typed::token(text)
}

/// Messages per field key (`""`: the instance as a whole).
pub type Problems = BTreeMap<&'static str, String>;

fn one(key: &'static str, message: String) -> Problems {
    BTreeMap::from([(key, message)])
}

/// Reads an entry through the core's parser, then refuses what every algorithm refuses (so
/// that the instance shown stays when the new one could not run).
///
/// # Errors
/// Every problem, by field.
pub fn read(e: &Entry) -> Result<MsInput, Problems> {
    let mut doc = Map::new();
    doc.insert("problem".into(), "master-slave".into());
    doc.insert("version".into(), 1.into());
    doc.insert("variant".into(), e.variant.clone().into());
    let tree = fields(&e.variant).contains(&"tree");
    for key in fields(&e.variant) {
        let text = e.get(key).trim();
        // A tree reads `T` (MaxTasks) or `C` (MinTime): the empty one is left out.
        if text.is_empty() && tree && ["T", "C"].contains(key) {
            continue;
        }
        let value = match *key {
            "t" => json_list(text),
            "tree" => serde_json::from_str(text)
                .map_err(|err| one("tree", format!("not valid JSON: {err}")))?,
            _ if text.is_empty() && ["n", "w0"].contains(key) => continue,
            _ => json_scalar(text),
        };
        let name = if *key == "tree" {
            tree_key(&e.variant)
        } else {
            key
        };
        doc.insert(name.to_owned(), value);
    }
    let json = Value::Object(doc).to_string();
    let inst = Instance::from_json(&json).map_err(|i| by_field(&i, &e.variant))?;
    let Instance::MasterSlave(m) = inst else {
        return Err(one("", "not a master-slave instance".into()));
    };
    ms::check(&m).map_err(|err| one("", err.to_string()))?;
    Ok(m)
}

fn by_field(issues: &Issues, variant: &str) -> Problems {
    let mut out = Problems::new();
    for issue in &issues.0 {
        let key = KEYS
            .iter()
            .copied()
            .find(|k| {
                let name = if *k == "tree" { tree_key(variant) } else { k };
                issue.path == name
                    || issue
                        .path
                        .strip_prefix(name)
                        .is_some_and(|r| r.starts_with('.') || r.starts_with('['))
            })
            .unwrap_or("");
        let m = out.entry(key).or_default();
        if !m.is_empty() {
            m.push_str("; ");
        }
        m.push_str(&issue.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::presets;

    fn preset(name: &str) -> MsInput {
        match presets::get(name) {
            Some(Instance::MasterSlave(m)) => m,
            _ => unreachable!("{name}"),
        }
    }

    #[test]
    fn every_preset_survives_the_round_trip_through_the_fields() {
        for p in presets::of("master-slave") {
            let m = preset(p.name);
            let e = Entry::of(&m);
            assert_eq!(read(&e).as_ref(), Ok(&m), "{}: {e:?}", p.name);
        }
    }

    #[test]
    fn ms1_fields_read_as_typed() {
        let e = Entry::of(&preset("master-slave-ms1"));
        assert_eq!(e.variant, "MaxTasks1");
        assert_eq!((e.get("t"), e.get("tcom"), e.get("T")), ("5, 9", "1", "28"));
        assert_eq!(fields(&e.variant), ["t", "tcom", "T"]);
    }

    #[test]
    fn bad_values_are_reported_next_to_their_field() {
        let mut e = Entry::of(&preset("master-slave-ms1"));
        e.values.insert("t", "5, x, 0".into());
        e.values.insert("tcom", "-1".into());
        let p = read(&e).unwrap_err();
        let t = p.get("t").cloned().unwrap_or_default();
        assert!(t.contains("t[1]") && t.contains("t[2]"), "{p:?}");
        assert!(p.get("tcom").is_some_and(|m| m.contains("tcom")), "{p:?}");
        e.values.insert("t", String::new());
        e.values.insert("tcom", "1".into());
        assert!(read(&e).unwrap_err().contains_key("t"));
    }

    #[test]
    fn a_broken_tree_and_a_small_two_phase_horizon_are_explained() {
        let mut e = Entry::of(&preset("master-slave-ms10"));
        e.values.insert("tree", "[{\"c\": 1".into());
        assert!(read(&e).unwrap_err()["tree"].starts_with("not valid JSON"));
        let mut e = Entry::of(&preset("master-slave-ms4"));
        e.values.insert("T", "5".into());
        assert!(read(&e).unwrap_err()["T"].contains("p·(t1+t2)"));
        e.variant = "chain".into();
        assert!(read(&e).is_err(), "no tree typed");
    }

    #[test]
    fn a_tree_reads_t_or_c() {
        // MS-10's fork with C = 5 instead of T = 10: MinTime on the tree (master-slave.md §3.4).
        let mut e = Entry::of(&preset("master-slave-ms10"));
        assert_eq!((e.get("T"), e.get("C")), ("10", ""));
        e.values.insert("T", String::new());
        e.values.insert("C", "5".into());
        let m = read(&e).unwrap();
        assert!(matches!(&m, MsInput::Tree(t) if t.tasks == Some(5)));
        assert_eq!(Entry::of(&m).get("C"), "5");
        // Both: the core names T.
        e.values.insert("T", "10".into());
        assert!(read(&e).unwrap_err()["T"].contains("not used with C"));
    }
}
