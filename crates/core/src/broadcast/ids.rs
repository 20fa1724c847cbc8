//! Node ids in broadcast result documents (formats.md §4): the solvers speak in node indices
//! and arc ids; the document speaks in the instance's node ids everywhere, so that every field
//! reads the same way. Node fields become ids, arc fields become `[from, to]` id pairs, and
//! per-node port loads become objects keyed by node id.

use serde_json::{json, Map, Value};

use crate::platform::{Arc, NodeId};

/// Rewrites every node index and arc id of `v` (a result's family fields) in place.
pub fn ids_everywhere(v: &mut Value, ids: &[NodeId], arcs: &[Arc]) {
    let node = |x: &Value| -> Option<Value> {
        let i = usize::try_from(x.as_u64()?).ok()?;
        ids.get(i).map(|id| json!(id))
    };
    let arc = |x: &Value| -> Option<Value> {
        let k = usize::try_from(x.as_u64()?).ok()?;
        arcs.get(k).map(|a| json!([ids[a.from], ids[a.to]]))
    };
    let each = |x: &mut Value, f: &dyn Fn(&Value) -> Option<Value>| {
        if let Some(list) = x.as_array_mut() {
            for e in list.iter_mut() {
                if let Some(new) = f(e) {
                    *e = new;
                }
            }
        }
    };
    match v {
        Value::Object(m) => {
            for (key, x) in m.iter_mut() {
                match key.as_str() {
                    "source" | "destination" | "node" => {
                        if let Some(new) = node(x) {
                            *x = new;
                        }
                    }
                    "unreachable" | "targets" | "set" | "nodes" => each(x, &node),
                    "arc" => {
                        if let Some(new) = arc(x) {
                            *x = new;
                        }
                    }
                    "arcs" | "odd_cycle" => {
                        each(x, &arc);
                        ids_everywhere(x, ids, arcs);
                    }
                    "routes" => {
                        if let Some(list) = x.as_array_mut() {
                            for r in list.iter_mut() {
                                each(r, &arc);
                            }
                        }
                    }
                    "logical" => {
                        if let Some(list) = x.as_array_mut() {
                            for pair in list.iter_mut() {
                                each(pair, &node);
                            }
                        }
                    }
                    "bottleneck" => {
                        let new = match x.as_array().map(Vec::as_slice) {
                            Some([v, side]) => node(v).map(|id| json!({"node": id, "port": side})),
                            _ => None,
                        };
                        if let Some(new) = new {
                            *x = new;
                        }
                    }
                    "port_loads" => {
                        if let Some(loads) = x.as_object_mut() {
                            for side in loads.values_mut() {
                                let by_id: Option<Map<String, Value>> =
                                    side.as_array().map(|list| {
                                        list.iter()
                                            .enumerate()
                                            .filter_map(|(i, l)| {
                                                ids.get(i).map(|id| (id.to_string(), l.clone()))
                                            })
                                            .collect()
                                    });
                                if let Some(by_id) = by_id {
                                    *side = Value::Object(by_id);
                                }
                            }
                        }
                    }
                    _ => ids_everywhere(x, ids, arcs),
                }
            }
        }
        Value::Array(list) => list.iter_mut().for_each(|x| ids_everywhere(x, ids, arcs)),
        _ => {}
    }
}
