//! The view shown instead of an algorithm page whose link cannot be read, with ways on.

use hetlab_core::share;
use yew::prelude::*;

use crate::route::Route;
use crate::ui::dom;

/// Shown instead of a page whose link cannot be read; `links` offer a way on (not in embeds).
/// A link holding another family's instance also gets a link to that family's page.
pub fn error_view(page: &'static str, message: &str, embed: bool, links: Html) -> Html {
    let route = Route::parse(&dom::hash());
    let elsewhere = route.query.get("i").and_then(|payload| {
        let problem = share::decode(payload).ok()?.problem();
        let family = |name: &str| name.split('-').next().unwrap_or_default().to_owned();
        (family(problem) != family(page)).then(|| {
            let mut r = Route::new(crate::route::Page::Family(problem.to_owned()));
            r.query.set("i", payload);
            (problem, r.to_hash())
        })
    });
    html! {
        <section class={page} data-testid={page}>
            <div class="error" role="alert" data-testid="url-error">
                <h2>{"This link cannot be shown"}</h2>
                <p>{message.to_owned()}</p>
                if !embed {
                    if let Some((problem, href)) = elsewhere {
                        <p><a href={href} data-testid="open-elsewhere">{format!("Open it on the {problem} page")}</a></p>
                    }
                    <p>{links}</p>
                }
            </div>
        </section>
    }
}
