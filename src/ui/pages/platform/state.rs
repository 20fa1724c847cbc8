//! The platform editor's reducer state: the pure [`Editor`] behind Yew's `use_reducer`, shared
//! by the page and its tables and sources.

use std::rc::Rc;

use yew::prelude::*;

use crate::editor::{Edit, Editor};

/// The reducer's state: the pure [`Editor`].
#[derive(PartialEq)]
pub struct EditorState(pub Editor);

impl Reducible for EditorState {
    type Action = Edit;
    fn reduce(self: Rc<Self>, action: Edit) -> Rc<Self> {
        Rc::new(EditorState(self.0.apply(action)))
    }
}
