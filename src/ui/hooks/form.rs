//! The instance fields of a family page: the text of each field, the problems found by the
//! last Apply, and the submit that reads the fields, applies the instance or shows the problems
//! beside their fields (the shown instance stays until the fields read).

use yew::prelude::*;

/// The fields' text (`E`), their problems (`P`) and the form's submit callback. A new instance
/// (preset, link, Back) refills the fields from `of`; Apply reads them with `read` (which may
/// keep parts of the shown instance the fields do not edit) and emits the result on `apply`.
#[hook]
pub fn use_entry_form<I, E, P>(
    instance: &I,
    of: fn(&I) -> E,
    read: fn(&E, &I) -> Result<I, Box<P>>,
    apply: &Callback<I>,
) -> (UseStateHandle<E>, UseStateHandle<P>, Callback<SubmitEvent>)
where
    I: Clone + PartialEq + 'static,
    E: 'static,
    P: Default + 'static,
{
    let entry = use_state(|| of(instance));
    let problems = use_state(P::default);
    {
        let (entry, problems) = (entry.clone(), problems.clone());
        use_effect_with(instance.clone(), move |i| {
            entry.set(of(i));
            problems.set(P::default());
        });
    }
    let on_submit = {
        let (entry, problems) = (entry.clone(), problems.clone());
        let (keep, apply) = (instance.clone(), apply.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match read(&entry, &keep) {
                Ok(i) => {
                    problems.set(P::default());
                    apply.emit(i);
                }
                Err(p) => problems.set(*p),
            }
        })
    };
    (entry, problems, on_submit)
}
