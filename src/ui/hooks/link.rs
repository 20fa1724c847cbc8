//! The page's address: what an algorithm page reads from its query ([`PageQuery`]), the
//! instance it names (a preset, a share link, else the remembered one), and keeping the address
//! bar shareable as the page shows it.

use hetlab_core::families::Instance;
use hetlab_core::presets;
use hetlab_core::share;
use yew::prelude::*;

use crate::route::Route;
use crate::ui::{dom, use_nav};

/// What every algorithm page reads from its URL besides the step.
pub struct PageQuery {
    /// The share payload `i=`.
    pub payload: Option<String>,
    /// A preset name `preset=`.
    pub preset: Option<String>,
    /// The algorithm `algo=` (the page's default when absent).
    pub algo: String,
    /// Embedded in another page (`embed=1`): figure and player only.
    pub embed: bool,
    /// The player's controls are shown (not `controls=0`).
    pub controls: bool,
    /// In an embed, the whole page (results, explanations, toolbar) rather than the figure
    /// alone (`panels=1`: a lesson slide that shows the side panels).
    pub panels: bool,
}

impl PageQuery {
    /// Reads `route`'s query, with `default_algo` when no algorithm is named.
    #[must_use]
    pub fn of(route: &Route, default_algo: &str) -> PageQuery {
        let q = &route.query;
        PageQuery {
            payload: q.get("i").map(str::to_owned),
            preset: q.get("preset").map(str::to_owned),
            algo: q.get("algo").unwrap_or(default_algo).to_owned(),
            embed: q.flag("embed"),
            controls: q.get("controls") != Some("0"),
            panels: q.flag("panels"),
        }
    }
}

/// The instance a page shows: the `preset=` named, else the share link's `i=`, else
/// `fallback()` (the remembered or default instance). `keeps` names what a broken link leaves
/// untouched.
///
/// # Errors
/// The message to show instead of the page.
pub fn resolve<T>(
    payload: Option<&str>,
    preset: Option<&str>,
    problem: &str,
    keeps: &str,
    pick: impl Fn(Instance) -> Option<T>,
    fallback: impl FnOnce() -> Option<T>,
) -> Result<T, String> {
    match named(payload, preset, problem, keeps) {
        Some(found) => {
            let (inst, not_ours) = found?;
            pick(inst).ok_or(not_ours)
        }
        None => fallback().ok_or_else(|| "The default example is missing.".to_owned()),
    }
}

/// The instance the URL names (the preset, else the link), with the message for when it is
/// not the page's family; `None` when the URL names none.
fn named(
    payload: Option<&str>,
    preset: Option<&str>,
    problem: &str,
    keeps: &str,
) -> Option<Result<(Instance, String), String>> {
    let missing = |name: &str| format!("There is no {problem} preset called \"{name}\".");
    if let Some(name) = preset {
        return Some(
            presets::get(name)
                .map(|i| (i, missing(name)))
                .ok_or_else(|| missing(name)),
        );
    }
    payload.map(|p| read_link(p, problem, keeps))
}

/// The instance last shown on a page (saved under `key`), else the preset `default`.
pub fn remembered<T>(key: &str, default: &str, pick: impl Fn(Instance) -> Option<T>) -> Option<T> {
    dom::load(key)
        .and_then(|t| Instance::from_json(&t).ok())
        .and_then(&pick)
        .or_else(|| presets::get(default).and_then(&pick))
}

/// Keeps the address bar shareable as it is: a preset name or a fallback instance becomes an
/// `i=` payload (replacing the history entry) with `default_algo` when none is given; with
/// `remember`, the instance shown is also saved under that localStorage key.
#[hook]
pub fn use_shareable_url(
    inst: Option<Instance>,
    default_algo: &'static str,
    remember: Option<&'static str>,
) {
    let nav = use_nav();
    use_effect_with(inst, move |inst| {
        if let Some(inst) = inst {
            if let Some(key) = remember {
                dom::save(key, &inst.to_json());
            }
            let mut r = nav.route.clone();
            if r.query.get("i").is_none() || r.query.get("preset").is_some() {
                r.query.remove("preset");
                r.query.set("i", share::encode(inst));
                if r.query.get("algo").is_none() {
                    r.query.set("algo", default_algo);
                }
                nav.replace(r);
            }
        }
    });
}

/// The instance of a share link for the page of `problem`, with the message for when it holds
/// another family's instance; the message when the link is broken. `keeps` says what stays
/// untouched.
fn read_link(payload: &str, problem: &str, keeps: &str) -> Result<(Instance, String), String> {
    match share::decode(payload) {
        Ok(inst) => {
            let got = inst.problem();
            let not_ours = format!(
                "This link holds a {got} instance, not a {problem} one. {keeps} was not changed."
            );
            Ok((inst, not_ours))
        }
        Err(e) => Err(format!(
            "This link could not be opened: {e}. {keeps} was not changed."
        )),
    }
}
