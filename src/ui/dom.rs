//! Thin, failure-tolerant wrappers over the browser APIs the app uses: history, storage,
//! downloads, clipboard. None of them panics: a browser that refuses (private mode storage,
//! clipboard permission) degrades to doing nothing, and callers show what happened.

use wasm_bindgen::JsCast as _;

/// Shows `message` in a modal box.
pub fn alert(message: &str) {
    let _ = gloo::utils::window().alert_with_message(message);
}

/// localStorage key of the autosaved platform (a steady-state instance JSON).
pub const AUTOSAVE_KEY: &str = "hetlab.platform.v1";

/// The current `location.hash`.
#[must_use]
pub fn hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// `location.origin + location.pathname`: the base of share URLs.
#[must_use]
pub fn base_url() -> String {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    format!(
        "{}{}",
        loc.origin().unwrap_or_default(),
        loc.pathname().unwrap_or_default()
    )
}

/// Writes `hash` into the address bar, as a new history entry (`push`) or in place.
pub fn set_hash(hash: &str, push: bool) {
    let Some(history) = web_sys::window().and_then(|w| w.history().ok()) else {
        return;
    };
    let url = if hash.is_empty() { "#/" } else { hash };
    let _ = if push {
        history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url))
    } else {
        history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url))
    };
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Reads a localStorage entry.
#[must_use]
pub fn load(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Writes a localStorage entry; `false` when the browser refused.
pub fn save(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Removes a localStorage entry (best effort).
pub fn forget(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Offers `text` as a file download.
pub fn download(filename: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = link {
        a.set_href(&url);
        a.set_download(filename);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Offers the resource at `href` (a `data:` or `blob:` URL) as a file download.
pub fn download_href(filename: &str, href: &str) {
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = link {
        a.set_href(href);
        a.set_download(filename);
        a.click();
    }
}

/// Copies `text` to the clipboard (best effort).
pub fn copy(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Asks the user to confirm; `false` when the browser cannot ask.
#[must_use]
pub fn confirm(message: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(message).ok())
        .unwrap_or(false)
}

/// The focused element is a text field (keyboard shortcuts must then leave keys alone).
#[must_use]
pub fn typing() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// A modal dialog is open (page shortcuts must then leave keys to it).
#[must_use]
pub fn modal_open() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("[aria-modal='true']").ok().flatten())
        .is_some()
}

/// The focused element is pressed by Space or Enter (a button, a link, a summary).
#[must_use]
pub fn pressable_focused() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "BUTTON" | "A" | "SUMMARY"))
}

/// The element that has the focus.
#[must_use]
pub fn focused() -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast as _;
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}

/// The focusable elements inside `node`, in document order.
#[must_use]
pub fn focusable_in(node: &yew::NodeRef) -> Vec<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast as _;
    let Some(root) = node.cast::<web_sys::Element>() else {
        return Vec::new();
    };
    let Ok(list) = root.query_selector_all(
        "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])",
    ) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|k| list.item(k))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// `performance.now()` in milliseconds, on the page or in the solver worker (its global scope
/// has `performance` too); 0 where there is none.
#[must_use]
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .or_else(|| {
            js_sys::Reflect::get(&js_sys::global(), &"performance".into())
                .ok()
                .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        })
        .map_or(0.0, |p| p.now())
}
