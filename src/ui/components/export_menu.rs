//! The export menu of the algorithm pages: any figure on the page (platform, Gantt chart,
//! bipartite graph, partition, matrix, plot) as SVG, PNG or TikZ, and the result's schedule as
//! a Paje trace, CSV, or the SimGrid program that plays it (`hetlab export simgrid-run`).
//!
//! Figures are read from the page as drawn: an inline SVG is cloned with the computed style of
//! each element written into it (so the file looks like the screen without the style sheet),
//! then serialised; PNG draws that SVG on a canvas at twice its size; TikZ converts it with the
//! core's `formats::tikz`, in the solver worker (a [`Job::Tikz`]: the page binaries have no XML
//! reader; the file is saved when its text arrives). A canvas plot gives its own pixels for PNG and, for SVG and TikZ,
//! the SVG that its component drew beside them (`data-svg`). Schedules come from the core
//! (`formats::timeline`, `formats::simgrid::program`), computed by the solver worker when the
//! button is pressed (a [`Job::Schedule`]; the file is saved when its text arrives).

use std::rc::Rc;

use hetlab_core::families::Instance;
use wasm_bindgen::{closure::Closure, JsCast as _};
use web_sys::Element;
use yew::prelude::*;

use crate::ui::dom;
use crate::ui::worker::{self, Job, ScheduleFormat};

/// The page's own SVG export, `(file name, document)`: used for a canvas figure that carries
/// no SVG of its own (the LU owner matrix).
pub type Fallback = Rc<dyn Fn() -> (String, String)>;

/// Props of [`ExportMenu`].
#[derive(Properties)]
pub struct ExportProps {
    /// The instance on the page.
    pub instance: Rc<Instance>,
    /// The algorithm shown.
    pub algo: AttrValue,
    /// The page's SVG export, for canvas figures.
    #[prop_or_default]
    pub fallback: Option<Fallback>,
}

impl PartialEq for ExportProps {
    fn eq(&self, other: &Self) -> bool {
        let same_fallback = match (&self.fallback, &other.fallback) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        self.instance == other.instance && self.algo == other.algo && same_fallback
    }
}

/// The style properties copied into an exported SVG, as the page computed them.
const STYLE_PROPS: [&str; 16] = [
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "stroke-opacity",
    "stroke-linejoin",
    "stroke-linecap",
    // The labels' halo is a white stroke painted under the text: without this, over it.
    "paint-order",
    "opacity",
    "font-size",
    "font-weight",
    "font-family",
    "text-anchor",
    "display",
    "visibility",
];

/// The figures of the page: outermost inline SVGs and canvases at least 60 px wide.
fn figures() -> Vec<Element> {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return Vec::new();
    };
    let Ok(list) = doc.query_selector_all("main svg, main canvas") else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|k| list.item(k)?.dyn_into::<Element>().ok())
        .filter(|e| {
            let nested = e
                .parent_element()
                .and_then(|p| p.closest("svg").ok().flatten())
                .is_some();
            !nested && e.get_bounding_client_rect().width() >= 60.0
        })
        .collect()
}

/// A short name for a figure: its accessible name, its caption, or its test id.
fn name_of(e: &Element, k: usize) -> String {
    let caption = || {
        e.closest("figure")
            .ok()
            .flatten()
            .and_then(|f| f.query_selector("figcaption").ok().flatten())
            .and_then(|c| c.text_content())
    };
    let name = e
        .get_attribute("aria-label")
        .or_else(caption)
        .or_else(|| e.get_attribute("data-testid"))
        .unwrap_or_default();
    let name: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let short: String = name.chars().take(60).collect();
    if short.is_empty() {
        format!("Figure {}", k + 1)
    } else if short.len() < name.len() {
        format!("{}. {short}…", k + 1)
    } else {
        format!("{}. {short}", k + 1)
    }
}

/// Copies the computed style of `orig` and its descendants into `copy` (same structure).
fn inline_styles(orig: &Element, copy: &Element) {
    let Some(win) = web_sys::window() else { return };
    if let Ok(Some(cs)) = win.get_computed_style(orig) {
        let style: String = STYLE_PROPS
            .iter()
            .filter_map(|p| {
                let v = cs.get_property_value(p).ok()?;
                (!v.is_empty()).then(|| format!("{p}:{v};"))
            })
            .collect();
        let _ = copy.set_attribute("style", &style);
    }
    let (a, b) = (orig.children(), copy.children());
    for k in 0..a.length().min(b.length()) {
        if let (Some(x), Some(y)) = (a.item(k), b.item(k)) {
            inline_styles(&x, &y);
        }
    }
}

/// The figure as a standalone SVG document, with its size.
fn svg_of(e: &Element, fallback: Option<&Fallback>) -> Option<(String, f64, f64)> {
    let rect = e.get_bounding_client_rect();
    if e.tag_name().eq_ignore_ascii_case("canvas") {
        let svg = e
            .get_attribute("data-svg")
            .or_else(|| fallback.map(|f| f().1))?;
        return Some((svg, rect.width(), rect.height()));
    }
    let copy: Element = e.clone_node_with_deep(true).ok()?.dyn_into().ok()?;
    inline_styles(e, &copy);
    let _ = copy.set_attribute("width", &format!("{:.0}", rect.width()));
    let _ = copy.set_attribute("height", &format!("{:.0}", rect.height()));
    let _ = copy.remove_attribute("class");
    let text = web_sys::XmlSerializer::new()
        .ok()?
        .serialize_to_string(&copy)
        .ok()?;
    Some((text, rect.width(), rect.height()))
}

/// Draws `svg` on a canvas at twice its size and downloads the PNG.
fn png_from_svg(svg: &str, w: f64, h: f64, name: String) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(svg));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("image/svg+xml");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)
        .map_err(|_| "the drawing could not be prepared")?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "no object URL")?;
    let img = web_sys::HtmlImageElement::new().map_err(|_| "no image element")?;
    let (img2, url2) = (img.clone(), url.clone());
    let onload = Closure::once(move || {
        let _ = web_sys::Url::revoke_object_url(&url2);
        let doc = gloo::utils::document();
        let Some(canvas) = doc
            .create_element("canvas")
            .ok()
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (cw, ch) = (
            (w * 2.0).ceil().max(1.0) as u32,
            (h * 2.0).ceil().max(1.0) as u32,
        );
        canvas.set_width(cw);
        canvas.set_height(ch);
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        ctx.set_fill_style_str("#ffffff");
        ctx.fill_rect(0.0, 0.0, f64::from(cw), f64::from(ch));
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(
            &img2,
            0.0,
            0.0,
            f64::from(cw),
            f64::from(ch),
        );
        if let Ok(data) = canvas.to_data_url() {
            dom::download_href(&name, &data);
        }
    });
    img.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    img.set_src(&url);
    Ok(())
}

/// The export formats of a figure.
#[derive(Clone, Copy, PartialEq)]
enum Fig {
    Svg,
    Png,
    Tikz,
}

fn export_figure(
    e: &Element,
    what: Fig,
    base: &str,
    fallback: Option<&Fallback>,
    message: &UseStateHandle<Option<String>>,
) -> Result<(), String> {
    let canvas = e.dyn_ref::<web_sys::HtmlCanvasElement>();
    if let (Fig::Png, Some(c)) = (what, canvas) {
        let data = c.to_data_url().map_err(|_| "the plot could not be read")?;
        dom::download_href(&format!("{base}.png"), &data);
        return Ok(());
    }
    let (svg, w, h) =
        svg_of(e, fallback).ok_or("this plot is drawn on a canvas: it exports as PNG")?;
    match what {
        Fig::Svg => dom::download(&format!("{base}.svg"), "image/svg+xml", &svg),
        Fig::Tikz => {
            // Converted in the worker, whose binary has the XML reader the conversion needs.
            let (name, message) = (format!("{base}.tex"), message.clone());
            let _ = worker::ask(
                &Job::Tikz { svg },
                move |tex: Result<String, String>| match tex {
                    Ok(tex) => dom::download(&name, "application/x-tex", &tex),
                    Err(e) => message.set(Some(e)),
                },
            );
        }
        Fig::Png => png_from_svg(&svg, w, h, format!("{base}.png"))?,
    }
    Ok(())
}

/// The menu.
#[component]
pub fn ExportMenu(props: &ExportProps) -> Html {
    let names = use_state(Vec::<String>::new);
    let chosen = use_state(|| 0usize);
    let message = use_state(|| None::<String>);
    let problem = props.instance.problem();
    let has_schedule = hetlab_core::families::draws_gantt(&props.instance);
    let scan = {
        let (names, chosen) = (names.clone(), chosen.clone());
        Callback::from(move |_: Event| {
            let list: Vec<String> = figures()
                .iter()
                .enumerate()
                .map(|(k, e)| name_of(e, k))
                .collect();
            if *chosen >= list.len() {
                chosen.set(0);
            }
            names.set(list);
        })
    };
    let on_pick = {
        let chosen = chosen.clone();
        Callback::from(move |ev: Event| {
            let s: web_sys::HtmlSelectElement = ev.target_unchecked_into();
            chosen.set(s.value().parse().unwrap_or(0));
        })
    };
    let figure_button = |what: Fig, label: &'static str, testid: &'static str| {
        let (chosen, message, fallback) = (chosen.clone(), message.clone(), props.fallback.clone());
        let base = format!("hetlab-{problem}-{}", props.algo);
        let onclick = Callback::from(move |_: MouseEvent| {
            let all = figures();
            let result = all
                .get(*chosen)
                .ok_or_else(|| "no figure is shown".to_owned())
                .and_then(|e| {
                    export_figure(
                        e,
                        what,
                        &format!("{base}-figure{}", *chosen + 1),
                        fallback.as_ref(),
                        &message,
                    )
                });
            message.set(result.err());
        });
        html! { <button {onclick} data-testid={testid}>{label}</button> }
    };
    let schedule_button = |format: ScheduleFormat, label: &'static str, testid: &'static str| {
        let (inst, algo, message) = (props.instance.clone(), props.algo.clone(), message.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            let job = Job::Schedule {
                instance: inst.to_json(),
                algorithm: algo.to_string(),
                format,
            };
            let (name, message) = (format!("hetlab-{}-{algo}", inst.problem()), message.clone());
            let _ = worker::ask(&job, move |text: Result<String, String>| match text {
                Ok(text) => {
                    message.set(None);
                    let (extension, mime) = format.file();
                    dom::download(&format!("{name}.{extension}"), mime, &text);
                }
                Err(e) => message.set(Some(e)),
            });
        });
        html! { <button {onclick} data-testid={testid}>{label}</button> }
    };
    html! {
        <details class="export-menu" data-testid="export-menu" ontoggle={scan}>
            <summary>{"Export…"}</summary>
            <div class="export-panel">
                <label>{"Figure "}
                    <select data-testid="export-figure" onchange={on_pick} aria-label="Figure to export">
                        { for names.iter().enumerate().map(|(k, n)| html! { <option value={k.to_string()} selected={k == *chosen}>{n}</option> }) }
                    </select>
                </label>
                { figure_button(Fig::Svg, "SVG", "export-fig-svg") }
                { figure_button(Fig::Png, "PNG", "export-fig-png") }
                { figure_button(Fig::Tikz, "TikZ", "export-fig-tikz") }
                if has_schedule {
                    <span class="muted">{" Schedule: "}</span>
                    { schedule_button(ScheduleFormat::Paje, "Paje trace", "export-paje") }
                    { schedule_button(ScheduleFormat::Csv, "CSV", "export-csv") }
                    { schedule_button(ScheduleFormat::Simgrid, "SimGrid simulation (Python)", "export-simgrid-run") }
                }
                if let Some(m) = &*message { <p class="field-error" role="alert" data-testid="export-message">{m}</p> }
            </div>
        </details>
    }
}
