//! The platform editor's state and its pure reducer: every edit, undo and redo. The editor page
//! dispatches [`Edit`]s; autosave and file I/O live in the page's effects.
//!
//! The platform held here is always well formed (see `hetlab_core::platform`): field edits are
//! parsed and checked by [`parse_field`] before they are dispatched, and a bad value never
//! reaches the platform; it stays in the form with its message beside it.

use std::rc::Rc;

use hetlab_core::platform::{Link, Node, NodeId, Platform, Point, Shape};
use hetlab_core::rational::{parse_cost, parse_q, qi, Cost, Q};
use num_traits::{Signed, Zero};

/// Undo depth; older states are forgotten.
pub const UNDO_DEPTH: usize = 200;

/// What is selected in the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// A node, by index.
    Node(usize),
    /// A link, by index.
    Link(usize),
}

/// Editor state: the platform, its history, the selection.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Editor {
    /// The platform being edited.
    pub platform: Platform,
    // Shared snapshots: cloning the editor (once per edit, as reducers do) copies pointers only.
    undo: Vec<Rc<Platform>>,
    redo: Vec<Rc<Platform>>,
    /// Current selection.
    pub selected: Option<Selection>,
    /// A node picked as the first end of a new link.
    pub link_from: Option<usize>,
}

/// One edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// Replace the whole platform (preset, generator, import); undoable.
    Load(Platform),
    /// Add a node at the free spot farthest from the others.
    AddNode,
    /// Start a drag: remember the platform once for undo.
    BeginMove,
    /// Move a node during a drag (not recorded: [`Edit::BeginMove`] was).
    Move(usize, Point),
    /// Delete the selection.
    DeleteSelected,
    /// Click on a node in link mode: first end, then second end (creates a link of cost 1).
    LinkClick(usize),
    /// Add a link between two nodes with cost `c` (the keyboard form; see [`link_problem`]).
    AddLink(usize, usize, Cost),
    /// Move a node by `(dx, dy)` in unit-square coordinates (arrow keys); one undo step each.
    Nudge(usize, f64, f64),
    /// Set a node's `w`.
    SetW(usize, Cost),
    /// Set a node's id (refused when the id is taken).
    SetId(usize, NodeId),
    /// Toggle a node's master flag.
    ToggleMaster(usize),
    /// Set a link's cost `c`.
    SetC(usize, Cost),
    /// Set a link's back cost (`None`: same as `c`).
    SetCBack(usize, Option<Cost>),
    /// Toggle a link's `directed` flag.
    ToggleDirected(usize),
    /// Set a node's start-up latency (`None`: none).
    SetLcalc(usize, Option<Q>),
    /// Set a link's start-up latency (`None`: none).
    SetLcomm(usize, Option<Q>),
    /// Select something, or nothing.
    Select(Option<Selection>),
    /// Undo the last recorded edit.
    Undo,
    /// Redo the last undone edit.
    Redo,
}

/// What a form field accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldRule {
    /// `> 0` or `inf` (cycle times, link costs).
    Cost,
}

/// Parses an optional latency field: empty is "none", otherwise a finite number `>= 0`.
///
/// # Errors
/// A sentence saying what to type instead.
pub fn parse_latency(text: &str) -> Result<Option<Q>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    match parse_q(text) {
        Ok(v) if v.is_negative() => Err(format!("must be >= 0, got {}", text.trim())),
        Ok(v) => Ok(Some(v)),
        Err(e) => Err(e.to_string()),
    }
}

/// Why a link from node `a` to node `b` cannot be added, if it cannot (the add-link form
/// shows it beside the form instead of adding nothing silently).
#[must_use]
pub fn link_problem(p: &Platform, a: usize, b: usize) -> Option<String> {
    let n = p.nodes.len();
    if a >= n || b >= n {
        Some("choose two nodes".to_owned())
    } else if a == b {
        Some("choose two different nodes".to_owned())
    } else if p.link_between(a, b).is_some() {
        Some(format!(
            "{} and {} are already linked",
            p.nodes[a].id, p.nodes[b].id
        ))
    } else if p.links.len() >= hetlab_core::platform::MAX_LINKS {
        Some(format!(
            "a platform has at most {} links",
            hetlab_core::platform::MAX_LINKS
        ))
    } else {
        None
    }
}

/// Parses a form value; the error is the message shown beside the field.
///
/// # Errors
/// A sentence saying what to type instead.
pub fn parse_field(text: &str, rule: FieldRule) -> Result<Cost, String> {
    let FieldRule::Cost = rule;
    match parse_cost(text) {
        Ok(Cost::Finite(v)) if !v.is_positive() => Err(format!("must be > 0, got {}", text.trim())),
        Ok(c) => Ok(c),
        Err(e) => Err(e.to_string()),
    }
}

impl Editor {
    /// An editor on `platform`, with empty history.
    #[must_use]
    pub fn new(platform: Platform) -> Editor {
        Editor {
            platform,
            ..Editor::default()
        }
    }

    /// Undo is possible.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Redo is possible.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Gives every node the position it is drawn at (the automatic layout is recomputed from
    /// the shape, so it would move nodes when the shape changes).
    fn pin_positions(&mut self) {
        if self.platform.nodes.iter().any(|v| v.pos.is_none()) {
            let laid = hetlab_core::platform::layout(&self.platform);
            for (v, p) in self.platform.nodes.iter_mut().zip(laid) {
                v.pos = Some(round(p));
            }
        }
    }

    fn record(&mut self) {
        self.undo.push(Rc::new(self.platform.clone()));
        if self.undo.len() > UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// The editor after `edit`. Edits that do not apply (bad index, taken id) change nothing.
    #[must_use]
    pub fn apply(&self, edit: Edit) -> Editor {
        let mut e = self.clone();
        let n = e.platform.nodes.len();
        let nl = e.platform.links.len();
        match edit {
            Edit::Load(p) => {
                e.record();
                e.platform = p;
                e.selected = None;
                e.link_from = None;
            }
            Edit::AddNode => {
                if n >= hetlab_core::platform::MAX_NODES {
                    return e;
                }
                e.record();
                // Existing nodes keep the place they are drawn at, whatever the new shape.
                e.pin_positions();
                let pos = free_spot(e.platform.nodes.iter().filter_map(|v| v.pos));
                let id = e.platform.fresh_id();
                let master = !e.platform.nodes.iter().any(|v| v.master);
                e.platform.nodes.push(Node {
                    id,
                    w: Some(Cost::Finite(qi(1))),
                    master,
                    lcalc: None,
                    pos: Some(round(pos)),
                });
                e.selected = Some(Selection::Node(n));
            }
            Edit::BeginMove => e.record(),
            Edit::Move(i, pos) if i < n => {
                // A drag gives positions to every node, so that the others stay where they are
                // drawn while one moves.
                e.pin_positions();
                e.platform.nodes[i].pos = Some(round(pos));
            }
            Edit::DeleteSelected => match e.selected {
                Some(Selection::Node(i)) if i < n => {
                    e.record();
                    e.platform.remove_node(i);
                    e.selected = None;
                }
                Some(Selection::Link(k)) if k < nl => {
                    e.record();
                    e.platform.links.remove(k);
                    e.selected = None;
                }
                _ => {}
            },
            Edit::LinkClick(i) if i < n => match e.link_from.take() {
                None => e.link_from = Some(i),
                Some(a) if a == i => {}
                Some(a) => {
                    if e.platform.link_between(a, i).is_none()
                        && e.platform.links.len() < hetlab_core::platform::MAX_LINKS
                    {
                        e.record();
                        e.platform.links.push(Link {
                            from: a,
                            to: i,
                            c: Cost::Finite(qi(1)),
                            c_back: None,
                            directed: false,
                            lcomm: None,
                        });
                        e.selected = Some(Selection::Link(e.platform.links.len() - 1));
                    }
                }
            },
            Edit::AddLink(a, b, c) if link_problem(&e.platform, a, b).is_none() && valid(&c) => {
                e.record();
                e.platform.links.push(Link {
                    from: a,
                    to: b,
                    c,
                    c_back: None,
                    directed: false,
                    lcomm: None,
                });
                e.selected = Some(Selection::Link(e.platform.links.len() - 1));
                e.link_from = None;
            }
            Edit::Nudge(i, dx, dy) if i < n && dx.is_finite() && dy.is_finite() => {
                e.record();
                e.pin_positions();
                if let Some(p) = e.platform.nodes[i].pos {
                    e.platform.nodes[i].pos = Some(round(Point {
                        x: p.x + dx,
                        y: p.y + dy,
                    }));
                }
            }
            Edit::SetW(i, w) if i < n && valid(&w) => {
                e.record();
                e.platform.nodes[i].w = Some(w);
            }
            Edit::SetId(i, id) if i < n => {
                let taken = e.platform.index_of(&id).is_some_and(|j| j != i);
                let empty = matches!(&id, NodeId::Str(s) if s.is_empty());
                if !taken && !empty {
                    e.record();
                    e.platform.nodes[i].id = id;
                }
            }
            Edit::ToggleMaster(i) if i < n => {
                e.record();
                e.platform.nodes[i].master = !e.platform.nodes[i].master;
            }
            Edit::SetC(k, c) if k < nl && valid(&c) => {
                e.record();
                e.platform.links[k].c = c;
            }
            Edit::SetCBack(k, c) if k < nl && c.as_ref().is_none_or(valid) => {
                e.record();
                let link = &mut e.platform.links[k];
                link.c_back = c.filter(|c| *c != link.c);
                if link.c_back.is_some() {
                    link.directed = false;
                }
            }
            Edit::ToggleDirected(k) if k < nl => {
                e.record();
                let link = &mut e.platform.links[k];
                link.directed = !link.directed;
                if link.directed {
                    link.c_back = None;
                }
            }
            Edit::SetLcalc(i, v) if i < n && v.as_ref().is_none_or(|v| !v.is_negative()) => {
                e.record();
                e.platform.nodes[i].lcalc = v;
            }
            Edit::SetLcomm(k, v) if k < nl && v.as_ref().is_none_or(|v| !v.is_negative()) => {
                e.record();
                e.platform.links[k].lcomm = v;
            }
            Edit::Select(s) => {
                e.selected = s;
                e.link_from = None;
            }
            Edit::Undo => {
                if let Some(p) = e.undo.pop() {
                    let old = std::mem::replace(&mut e.platform, Rc::unwrap_or_clone(p));
                    e.redo.push(Rc::new(old));
                    e.selected = None;
                }
            }
            Edit::Redo => {
                if let Some(p) = e.redo.pop() {
                    let old = std::mem::replace(&mut e.platform, Rc::unwrap_or_clone(p));
                    e.undo.push(Rc::new(old));
                    e.selected = None;
                }
            }
            _ => {}
        }
        e
    }
}

/// The point of a 9×7 grid inside the drawing farthest from every given point (the first such
/// point in row order on ties, so that the choice is deterministic).
fn free_spot(taken: impl Iterator<Item = Point>) -> Point {
    let taken: Vec<Point> = taken.collect();
    let mut best = (f64::NEG_INFINITY, Point { x: 0.5, y: 0.5 });
    for row in 0..7 {
        for col in 0..9 {
            let p = Point {
                x: 0.1 + 0.1 * f64::from(col),
                y: 0.1 + 0.8 * f64::from(row) / 6.0,
            };
            let d = taken
                .iter()
                .map(|q| (q.x - p.x).hypot(q.y - p.y))
                .fold(f64::INFINITY, f64::min);
            if d > best.0 + 1e-9 {
                best = (d, p);
            }
        }
    }
    round(best.1)
}

fn valid(c: &Cost) -> bool {
    c.finite().is_none_or(|v| v.is_positive() && !v.is_zero())
}

/// Positions are kept to 3 decimals: precise enough on screen, short in share URLs.
fn round(p: Point) -> Point {
    let r = |v: f64| (v.clamp(0.0, 1.0) * 1000.0).round() / 1000.0;
    Point {
        x: r(p.x),
        y: r(p.y),
    }
}

/// The steady-state algorithm the editor's Run button opens `p` with: the bandwidth-centric
/// closed form when the platform is a tree with one master (its figure plays the tree's
/// reduction), else the LP, which takes any graph (the closed form would only refuse it).
#[must_use]
pub fn steady_algorithm(p: &Platform) -> &'static str {
    let masters = p.nodes.iter().filter(|n| n.master).count();
    match hetlab_core::platform::shape(p) {
        Shape::Tree | Shape::Single if masters == 1 => "tree",
        _ => "lp",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetlab_core::rational::q;

    fn star() -> Platform {
        hetlab_core::presets::get("star-example-2")
            .unwrap()
            .platform()
            .unwrap()
            .clone()
    }

    #[test]
    fn edits_undo_and_redo() {
        let e = Editor::new(star());
        let e = e.apply(Edit::AddNode);
        assert_eq!(e.platform.nodes.len(), 6);
        // The others keep their drawn place; the new node lands away from all of them.
        let laid = hetlab_core::platform::layout(&star());
        for (v, p) in e.platform.nodes.iter().zip(&laid) {
            let q = v.pos.unwrap();
            assert!((q.x - p.x).abs() < 1e-3 && (q.y - p.y).abs() < 1e-3);
        }
        let new = e.platform.nodes[5].pos.unwrap();
        assert!(laid.iter().all(|p| (p.x - new.x).hypot(p.y - new.y) > 0.15));
        assert_eq!(e.selected, Some(Selection::Node(5)));
        let e = e.apply(Edit::Undo);
        assert_eq!(e.platform, star());
        let e = e.apply(Edit::Redo);
        assert_eq!(e.platform.nodes.len(), 6);
        assert!(!e.can_redo());
        // A new edit after undo forgets the redo branch.
        let e = e.apply(Edit::Undo).apply(Edit::ToggleMaster(1));
        assert!(!e.can_redo());
    }

    #[test]
    fn links_are_made_by_two_clicks_and_never_doubled() {
        let e = Editor::new(star())
            .apply(Edit::LinkClick(1))
            .apply(Edit::LinkClick(2));
        assert_eq!(e.platform.links.len(), 5);
        let again = e.apply(Edit::LinkClick(2)).apply(Edit::LinkClick(1));
        assert_eq!(again.platform.links.len(), 5, "1–2 exists already");
        let e = e
            .apply(Edit::Select(Some(Selection::Link(4))))
            .apply(Edit::DeleteSelected);
        assert_eq!(e.platform.links.len(), 4);
    }

    #[test]
    fn the_keyboard_form_adds_a_link_or_says_why_not() {
        let e = Editor::new(star());
        assert_eq!(
            link_problem(&e.platform, 1, 1).as_deref(),
            Some("choose two different nodes")
        );
        assert_eq!(
            link_problem(&e.platform, 0, 9).as_deref(),
            Some("choose two nodes")
        );
        assert!(link_problem(&e.platform, 0, 1)
            .unwrap()
            .contains("already linked"));
        assert_eq!(link_problem(&e.platform, 1, 2), None);
        let e = e.apply(Edit::AddLink(1, 2, Cost::Finite(q(3, 2))));
        assert_eq!(e.platform.links.len(), 5);
        let l = &e.platform.links[4];
        assert_eq!((l.from, l.to, &l.c), (1, 2, &Cost::Finite(q(3, 2))));
        assert_eq!(e.selected, Some(Selection::Link(4)));
        // Refused: the same pair again, a zero cost; nothing changes.
        assert_eq!(
            e.apply(Edit::AddLink(2, 1, Cost::Finite(q(1, 1)))).platform,
            e.platform
        );
        let f = Editor::new(star()).apply(Edit::AddLink(1, 2, Cost::Finite(q(0, 1))));
        assert_eq!(f.platform, star());
        assert_eq!(e.apply(Edit::Undo).platform, star());
    }

    #[test]
    fn arrow_keys_move_a_node_one_undo_step_each_inside_the_square() {
        let e = Editor::new(star()).apply(Edit::Nudge(1, 0.02, -0.01));
        let laid = hetlab_core::platform::layout(&star());
        let p = e.platform.nodes[1].pos.unwrap();
        assert!((p.x - (laid[1].x + 0.02)).abs() < 2e-3 && (p.y - (laid[1].y - 0.01)).abs() < 2e-3);
        // The others keep their drawn place.
        let q0 = e.platform.nodes[0].pos.unwrap();
        assert!((q0.x - laid[0].x).abs() < 1e-3 && (q0.y - laid[0].y).abs() < 1e-3);
        let far = e.apply(Edit::Nudge(1, 5.0, -5.0));
        assert_eq!(far.platform.nodes[1].pos, Some(Point { x: 1.0, y: 0.0 }));
        assert_eq!(far.apply(Edit::Undo).platform, e.platform);
        assert_eq!(e.apply(Edit::Nudge(1, f64::NAN, 0.0)).platform, e.platform);
    }

    #[test]
    fn deleting_a_node_removes_its_links() {
        let e = Editor::new(star())
            .apply(Edit::Select(Some(Selection::Node(0))))
            .apply(Edit::DeleteSelected);
        assert_eq!((e.platform.nodes.len(), e.platform.links.len()), (4, 0));
    }

    #[test]
    fn the_run_button_opens_trees_with_the_closed_form_and_other_graphs_with_the_lp() {
        use hetlab_core::families::Instance;
        use hetlab_core::steady_state::tree;
        use hetlab_core::steady_state::SteadyState;
        let mut picked = (0, 0);
        for preset in hetlab_core::presets::of("steady-state") {
            let Some(Instance::SteadyState(s)) = hetlab_core::presets::get(preset.name) else {
                continue;
            };
            // What the button opens: the platform alone (no result files).
            let inst = SteadyState::new(s.platform.clone());
            match steady_algorithm(&s.platform) {
                "tree" => {
                    picked.0 += 1;
                    assert!(tree::solve(&inst).is_ok(), "{}: tree refuses", preset.name);
                }
                algo => {
                    assert_eq!(algo, "lp");
                    picked.1 += 1;
                }
            }
        }
        assert!(picked.0 > 0 && picked.1 > 0, "{picked:?}");
        let Some(Instance::SteadyState(cycle)) = hetlab_core::presets::get("example-1") else {
            panic!("example-1 is a steady-state preset");
        };
        assert_eq!(steady_algorithm(&cycle.platform), "lp");
        assert_eq!(steady_algorithm(&star()), "tree");
    }

    #[test]
    fn a_drag_is_one_undo_step() {
        let e = Editor::new(star()).apply(Edit::BeginMove);
        let e = e
            .apply(Edit::Move(1, Point { x: 0.2, y: 0.3 }))
            .apply(Edit::Move(
                1,
                Point {
                    x: 0.123_456,
                    y: 2.0,
                },
            ));
        assert_eq!(e.platform.nodes[1].pos, Some(Point { x: 0.123, y: 1.0 }));
        assert!(e.platform.nodes.iter().all(|v| v.pos.is_some()));
        assert_eq!(e.apply(Edit::Undo).platform, star());
    }

    #[test]
    fn bad_values_never_reach_the_platform() {
        assert_eq!(
            parse_field("3/2", FieldRule::Cost),
            Ok(Cost::Finite(q(3, 2)))
        );
        assert_eq!(parse_field("inf", FieldRule::Cost), Ok(Cost::Inf));
        assert_eq!(
            parse_field("0", FieldRule::Cost),
            Err("must be > 0, got 0".to_owned())
        );
        assert!(parse_field("abc", FieldRule::Cost)
            .unwrap_err()
            .contains("not a number"));
        let e = Editor::new(star());
        assert_eq!(
            e.apply(Edit::SetW(1, Cost::Finite(q(0, 1)))).platform,
            star()
        );
        assert_eq!(
            e.apply(Edit::SetId(1, NodeId::Int(2))).platform,
            star(),
            "id 2 is taken"
        );
        assert_eq!(parse_latency(""), Ok(None));
        assert_eq!(parse_latency("1/2"), Ok(Some(q(1, 2))));
        assert_eq!(parse_latency("-1"), Err("must be >= 0, got -1".to_owned()));
        assert_eq!(e.apply(Edit::SetLcalc(0, Some(q(-1, 1)))).platform, star());
        assert_eq!(
            e.apply(Edit::SetLcomm(0, Some(q(2, 1)))).platform.links[0].lcomm,
            Some(q(2, 1))
        );
        let e = e.apply(Edit::SetCBack(0, Some(Cost::Finite(q(1, 1)))));
        assert_eq!(e.platform.links[0].c_back, None, "same as c");
    }
}
