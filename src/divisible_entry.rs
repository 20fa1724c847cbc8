//! The instance fields of the divisible-load page, read through the core's instance parser
//! (`Instance::from_json`) so that the messages are those of a JSON file, each problem tied to
//! the field it came from (the load, one list per worker column, the tree's columns, the
//! master's cycle time, the rounds); written back from an instance for the fields.
//!
//! Stars are typed as one list per column (`g`, `w`, and `G`, `W` for affine costs);
//! homogeneous variants (multi-installment, UMR) as a number of workers and one value per
//! column; trees as four aligned lists (`id`, `parent`, `g`, `w`), `-` for "none" (the root's
//! parent and link, a relay's CPU).

use hetlab_core::divisible::{Divisible, Variant};
use hetlab_core::families::Instance;
use hetlab_core::issue::Issues;
use hetlab_core::rational::{frac, Q};

/// Longest star or tree typed in the fields (the core's own limits are lower).
const MAX_ITEMS: usize = 200;

/// One field of the form (the index of its message in [`Problems`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `W_total`.
    Load,
    /// Link costs `g`.
    G,
    /// Cycle times `w`.
    W,
    /// Send latencies `G`.
    BigG,
    /// Compute latencies `W`.
    BigW,
    /// Number of workers (homogeneous variants).
    P,
    /// The computing master's `w0`.
    W0,
    /// Rounds `M`.
    Rounds,
    /// Tree node ids.
    Ids,
    /// Tree parents.
    Parents,
    /// Anything else (the variant, a whole worker).
    Rest,
}

/// Messages per field, in the order of [`Field`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Problems(pub [Option<String>; 11]);

impl Problems {
    /// The message beside `f`.
    #[must_use]
    pub fn get(&self, f: Field) -> Option<&str> {
        self.0[f as usize].as_deref()
    }

    fn add(&mut self, f: Field, message: String) {
        let slot = &mut self.0[f as usize];
        *slot = Some(match slot.take() {
            Some(before) => format!("{before}; {message}"),
            None => message,
        });
    }

    /// No message at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

/// The fields, as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// Variant name (`star-linear`, …).
    pub variant: String,
    /// `W_total`.
    pub load: String,
    /// `g` (a list, or one value for homogeneous variants).
    pub g: String,
    /// `w`.
    pub w: String,
    /// `G`.
    pub big_g: String,
    /// `W`.
    pub big_w: String,
    /// Number of workers (homogeneous variants).
    pub p: String,
    /// `w0`, empty when the master does not compute.
    pub w0: String,
    /// Rounds `M` (multi-installment).
    pub rounds: String,
    /// Tree ids.
    pub ids: String,
    /// Tree parents (`-` for the root).
    pub parents: String,
}

fn join<'a>(items: impl Iterator<Item = &'a Q>) -> String {
    items.map(frac).collect::<Vec<_>>().join(", ")
}

fn or_dash(v: Option<&Q>) -> String {
    v.map_or_else(|| "-".to_owned(), frac)
}

impl Entry {
    /// The fields of an instance.
    #[must_use]
    pub fn of(d: &Divisible) -> Entry {
        let mut e = Entry {
            variant: d.variant.name().to_owned(),
            load: frac(&d.w_total),
            w0: d.w0.as_ref().map(frac).unwrap_or_default(),
            rounds: d.rounds.map(|m| m.to_string()).unwrap_or_default(),
            ..Entry::default()
        };
        if d.variant == Variant::TreeLinear {
            let col = |f: &dyn Fn(&hetlab_core::divisible::TreeNode) -> String| {
                d.nodes.iter().map(f).collect::<Vec<_>>().join(", ")
            };
            e.ids = col(&|n| n.id.to_string());
            e.parents = col(&|n| {
                n.parent
                    .and_then(|p| d.nodes.get(p))
                    .map_or_else(|| "-".to_owned(), |p| p.id.to_string())
            });
            e.g = col(&|n| or_dash(n.parent.map(|_| &n.g)));
            e.w = col(&|n| or_dash(n.w.as_ref()));
        } else if d.variant.homogeneous() {
            e.p = d.workers.len().to_string();
            if let Some(w) = d.workers.first() {
                (e.g, e.w, e.big_g, e.big_w) =
                    (frac(&w.g), frac(&w.w), frac(&w.big_g), frac(&w.big_w));
            }
        } else {
            e.g = join(d.workers.iter().map(|w| &w.g));
            e.w = join(d.workers.iter().map(|w| &w.w));
            e.big_g = join(d.workers.iter().map(|w| &w.big_g));
            e.big_w = join(d.workers.iter().map(|w| &w.big_w));
        }
        e
    }

    /// The variant named in the form, if it is one.
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        Variant::from_name(self.variant.trim())
    }
}

/// One typed item as JSON: numbers stay numbers, `-` is absent, anything else becomes a
/// string for the core to explain (`"workers[2].g: …"`).
fn item(t: &str) -> Option<serde_json::Value> {
    if t == "-" {
        return None;
    }
    Some(crate::typed::token(t))
}

fn items(text: &str) -> Vec<&str> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .take(MAX_ITEMS + 1)
        .collect()
}

/// Aligned columns as a list of objects (`key → column`); a missing or `-` entry leaves the
/// key out of that object.
fn objects(columns: &[(&str, &str)]) -> Vec<serde_json::Value> {
    let lists: Vec<(&str, Vec<&str>)> = columns.iter().map(|(k, t)| (*k, items(t))).collect();
    let n = lists.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    (0..n)
        .map(|k| {
            let mut o = serde_json::Map::new();
            for (key, list) in &lists {
                if let Some(v) = list.get(k).and_then(|t| item(t)) {
                    o.insert((*key).to_owned(), v);
                }
            }
            serde_json::Value::Object(o)
        })
        .collect()
}

fn scalar(text: &str) -> Option<serde_json::Value> {
    let t = text.trim();
    (!t.is_empty()).then(|| item(t)).flatten()
}

/// The instance JSON the fields describe, or the message of the number-of-workers field.
fn to_json(e: &Entry) -> Result<serde_json::Value, Box<Problems>> {
    let variant = e.variant();
    let mut v =
        serde_json::json!({"problem": "divisible", "version": 1, "variant": e.variant.trim()});
    if let Some(load) = scalar(&e.load) {
        v["W_total"] = load;
    }
    match variant {
        Some(Variant::TreeLinear) => {
            let cols = [
                ("id", e.ids.as_str()),
                ("parent", &e.parents),
                ("g", &e.g),
                ("w", &e.w),
            ];
            v["nodes"] = objects(&cols).into();
        }
        Some(h) if h.homogeneous() => {
            let p =
                e.p.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|p| (1..=64).contains(p));
            let Some(p) = p else {
                let mut out = Problems::default();
                out.add(Field::P, "must be a whole number from 1 to 64".to_owned());
                return Err(Box::new(out));
            };
            let one = objects(&[("g", &e.g), ("w", &e.w), ("G", &e.big_g), ("W", &e.big_w)]);
            let first = one.into_iter().next().unwrap_or_default();
            v["workers"] = vec![first; p].into();
        }
        _ => {
            let mut cols = vec![("g", e.g.as_str()), ("w", &e.w)];
            if variant != Some(Variant::StarLinear) {
                cols.extend([("G", e.big_g.as_str()), ("W", &e.big_w)]);
            }
            v["workers"] = objects(&cols).into();
        }
    }
    if variant == Some(Variant::StarLinear) {
        if let Some(w0) = scalar(&e.w0) {
            v["w0"] = w0;
        }
    }
    if variant == Some(Variant::MultiInstallment) {
        if let Some(m) = scalar(&e.rounds) {
            v["rounds"] = m;
        }
    }
    Ok(v)
}

/// Reads the fields through the core's parser.
///
/// # Errors
/// Every problem, beside its field.
pub fn read(e: &Entry) -> Result<Divisible, Box<Problems>> {
    let json = to_json(e)?;
    let inst = Instance::from_json(&json.to_string()).map_err(|i| Box::new(by_field(&i, e)))?;
    if let Instance::Divisible(d) = inst {
        Ok(d)
    } else {
        let mut p = Problems::default();
        p.add(Field::Rest, "not a divisible-load instance".to_owned());
        Err(Box::new(p))
    }
}

/// The field an issue's path belongs to.
fn field_of(path: &str, homogeneous: bool) -> Field {
    let leaf = path.rsplit_once('.');
    match (path, leaf) {
        ("W_total", _) => Field::Load,
        ("w0", _) => Field::W0,
        ("rounds", _) => Field::Rounds,
        ("workers", _) if homogeneous => Field::P,
        ("workers", _) => Field::G,
        ("nodes", _) => Field::Ids,
        (_, Some((head, leaf))) if head.starts_with("workers[") || head.starts_with("nodes[") => {
            match leaf {
                "g" => Field::G,
                "w" => Field::W,
                "G" => Field::BigG,
                "W" => Field::BigW,
                "id" => Field::Ids,
                "parent" => Field::Parents,
                _ => Field::Rest,
            }
        }
        _ => Field::Rest,
    }
}

fn by_field(issues: &Issues, e: &Entry) -> Problems {
    let homogeneous = e.variant().is_some_and(Variant::homogeneous);
    let mut out = Problems::default();
    for i in &issues.0 {
        out.add(field_of(&i.path, homogeneous), said(i, e));
    }
    out
}

/// Issue `i` in the page's words: a worker or node by the name its chart gives it
/// (`workers[2].g` is `P3, g`; `nodes[1].w` is the second id typed), not by its JSON path.
fn said(i: &hetlab_core::issue::Issue, e: &Entry) -> String {
    let place = |head: &str| {
        let (list, k) = head.trim_end_matches(']').split_once('[')?;
        let k: usize = k.parse().ok()?;
        match list {
            "workers" => Some(format!("P{}", k + 1)),
            "nodes" => Some(
                items(&e.ids)
                    .get(k)
                    .map_or_else(|| format!("node {}", k + 1), |id| (*id).to_owned()),
            ),
            _ => None,
        }
    };
    match i.path.split_once('.') {
        Some((head, leaf)) => match place(head) {
            Some(who) => format!("{who}, {leaf}: {}", i.message),
            None => i.to_string(),
        },
        None => i.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::presets;

    fn preset(name: &str) -> Divisible {
        match presets::get(name) {
            Some(Instance::Divisible(d)) => d,
            _ => panic!("no preset {name}"),
        }
    }

    #[test]
    fn every_preset_reads_back_from_its_fields() {
        for name in [
            "divisible-dl3",
            "divisible-dl5",
            "divisible-dl7",
            "divisible-dl8",
            "divisible-dl9",
            "divisible-dl15",
            "divisible-dl16",
            "divisible-dl18",
        ] {
            let d = preset(name);
            let e = Entry::of(&d);
            assert_eq!(read(&e).ok().as_ref(), Some(&d), "{name}: {e:?}");
        }
    }

    #[test]
    fn tree_fields_use_a_dash_for_none() {
        let e = Entry::of(&preset("divisible-dl7"));
        assert_eq!(e.ids, "M, A, B, C, D");
        assert_eq!(e.parents, "-, M, M, A, A");
        assert_eq!(e.g, "-, 1, 2, 1, 3");
        assert_eq!(e.w, "-, 2, 3, 4, 2");
    }

    #[test]
    fn messages_go_beside_their_field() {
        let mut e = Entry::of(&preset("divisible-dl3"));
        e.g = "1, x, 3".into();
        e.w = "2, 3, 0".into();
        e.load = "-5".into();
        let p = read(&e).unwrap_err();
        assert!(
            p.get(Field::G).is_some_and(|m| m.starts_with("P2, g: ")),
            "{p:?}"
        );
        assert!(
            p.get(Field::W).is_some_and(|m| m.starts_with("P3, w: ")),
            "{p:?}"
        );
        assert!(
            p.get(Field::Load).is_some_and(|m| m.contains("W_total")),
            "{p:?}"
        );
        assert!(p.get(Field::Rest).is_none(), "{p:?}");
    }

    #[test]
    fn homogeneous_and_tree_problems() {
        let mut e = Entry::of(&preset("divisible-dl16"));
        e.p = "0".into();
        assert!(read(&e).unwrap_err().get(Field::P).is_some());
        e.p = "3".into();
        e.g = "0".into();
        assert!(read(&e)
            .unwrap_err()
            .get(Field::G)
            .is_some_and(|m| m.contains("g > 0")));
        let mut t = Entry::of(&preset("divisible-dl7"));
        t.parents = "-, M, M, Z, A".into();
        let p = read(&t).unwrap_err();
        assert!(
            p.get(Field::Parents)
                .is_some_and(|m| m.starts_with("C, parent: ")),
            "{p:?}"
        );
        t.variant = "nope".into();
        assert!(!read(&t).unwrap_err().is_empty());
    }
}
