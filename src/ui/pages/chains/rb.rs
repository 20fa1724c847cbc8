//! RB's recursion tree on the chains page (chains.md §5.1, §10): the tree of `draw::chains::tree`
//! as inline SVG with a caption in words, what a deep tree's window hides, and the numbers a
//! reader (and the browser test) checks: nodes built so far, the root's split, the node split
//! at this step.

use hetlab_core::chains::{ChainsState, RbTree};
use hetlab_core::rational::frac;
use yew::prelude::*;

use crate::draw::chains::tree::{describe, rb_tree, TREE_WIDTH};
use crate::ui::components::shape::{shapes, shapes_data};

/// `P1..P4 after P2: s_2 = 6; loads 7 and 7` (the halves' loads per unit of speed).
#[must_use]
pub fn root_split(t: &RbTree) -> Option<String> {
    let root = t.root()?;
    let c = root.cut.as_ref()?;
    let (l, r) = (t.nodes.get(c.left)?, t.nodes.get(c.right)?);
    Some(format!(
        "{} after P{}: s_{} = {}; loads {} and {}",
        root.procs(),
        c.q,
        c.q,
        c.s_q,
        frac(&l.load),
        frac(&r.load)
    ))
}

const CAPTION: &str = "RB halves the group of processors by count and gives each half the tasks whose work matches its share of the total speed, then does the same inside each half until every group is one processor. Each box is a group of processors with its tasks and its load (their work divided by their total speed); under a split box, s = where its tasks were cut. The outlined box is split at this step, grey boxes wait for their turn, and single processors are in their colour.";

/// The tree panel of an RB run (nothing for the other algorithms).
pub fn rb_panel(s: &ChainsState, algo: &str) -> Html {
    if algo != "rb" {
        return Html::default();
    }
    let Some(view) = rb_tree(&s.rb) else {
        return html! {
            <div class="working" data-testid="chains-rb">
                <h3>{"RB's recursion tree"}</h3>
                <p class="muted">{"The tree grows here from the first split, once the prefix sums are built."}</p>
            </div>
        };
    };
    let now =
        s.rb.current_node()
            .map_or_else(|| "none at this step".to_owned(), describe);
    html! {
        <div class="working" data-testid="chains-rb">
            <h3>{"RB's recursion tree"}</h3>
            <p>{CAPTION}</p>
            <svg class="chains-figure chains-rb-tree" viewBox={format!("0 0 {TREE_WIDTH} {:.0}", view.height)}
                 role="group" aria-label="RB's recursion tree" data-testid="chains-rb-tree">
                { shapes(&view.drawing.shapes) }
            </svg>
            if let Some(h) = &view.hidden {
                <p class="muted" data-testid="chains-rb-hidden">{h.clone()}</p>
            }
            <dl class="metrics">
                <dt>{"Nodes so far"}</dt><dd data-testid="chains-rb-nodes">{s.rb.nodes.len()}</dd>
                <dt>{"Levels"}</dt><dd>{s.rb.height()}</dd>
                if let Some(r) = root_split(&s.rb) {
                    <dt>{"Root split"}</dt><dd data-testid="chains-rb-root">{r}</dd>
                }
                <dt>{"Split at this step"}</dt><dd data-testid="chains-rb-current">{now}</dd>
            </dl>
            { shapes_data(&view.drawing.shapes) }
        </div>
    }
}
