//! The app: [`App`] owns the route (the URL hash is the source of truth for what is shown),
//! hands a [`Nav`] context to the pages and draws the header; [`start`] runs it in a page binary
//! with its group's router; [`install_panic_notice`] says so when a bug stops it.

use gloo::events::EventListener;
use yew::prelude::*;

use super::{components, dom, has_page, pages, worker, Group, Nav, GROUP};
use crate::bundles::{self, Bundle};
use crate::route::{Page, Route};

/// Starts the site in a page binary that holds `bundle`'s family pages, `page` being its router
/// ([`communication`] or [`partitioning`]).
pub fn start(bundle: &'static Bundle, page: fn(&str) -> Option<Html>) {
    install_panic_notice();
    let reloaded_for = dom::take_reloaded_for();
    let _ = GROUP.set(Group {
        bundle,
        page,
        reloaded_for,
    });
    // After the group is known: the worker is the group's (the teaching pages have none of
    // their own: they ask each family's group's worker).
    if bundle.has_solvers() {
        worker::warm_up();
    }
    yew::Renderer::<App>::new().render();
}

/// The page of family `problem`: this binary's, a reload into the binary that has it, or the
/// "coming" page.
fn family_page(problem: &str) -> Html {
    let Some(group) = GROUP.get() else {
        return pages::home::coming(problem);
    };
    if let Some(page) = (group.page)(problem) {
        return page;
    }
    // A reload for this family that opened this binary again (index.html's loader and
    // src/bundles.rs disagree) must not loop: the page says it is missing instead.
    let looped = group.reloaded_for.as_deref() == Some(problem);
    match bundles::bundle_of(problem) {
        Some(other) if other.name != group.bundle.name && !looped => html! {
            <Elsewhere family={problem.to_owned()} />
        },
        Some(other) if other.name != group.bundle.name => html! {
            <section class="coming-page" role="alert" data-testid="elsewhere-failed">
                <h1>{"This page did not open"}</h1>
                <p>{format!("The page of \"{problem}\" is in the site's {} part, and this address opened another part again. Reload to try once more, or open the home page.", other.name)}</p>
                <p><button onclick={Callback::from(|_| { let _ = gloo::utils::window().location().reload(); })}>{"Reload"}</button>{" "}<a href="#/">{"Home page"}</a></p>
            </section>
        },
        _ => pages::home::coming(problem),
    }
}

/// [`Elsewhere`]'s family.
#[derive(Properties, PartialEq)]
struct ElsewhereProps {
    family: String,
}

/// A family whose page is in the other page binary: the address already names it, so a reload
/// opens it there (index.html's loader picks the binary).
#[component]
fn Elsewhere(props: &ElsewhereProps) -> Html {
    use_effect_with(props.family.clone(), |family| dom::reload_for(family));
    html! { <p class="loading" role="status" data-testid="elsewhere">{"Loading…"}</p> }
}

/// The whole site.
#[component]
pub fn App() -> Html {
    let route = use_state(|| Route::parse(&dom::hash()));
    {
        // Back/Forward and hand-edited hashes.
        let route = route.clone();
        use_effect_with((), move |()| {
            let window = gloo::utils::window();
            let r1 = route.clone();
            let pop = EventListener::new(&window, "popstate", move |_| {
                dom::drop_pending_hash();
                r1.set(Route::parse(&dom::hash()));
            });
            let hash = EventListener::new(&window, "hashchange", move |_| {
                dom::drop_pending_hash();
                route.set(Route::parse(&dom::hash()));
            });
            // A step taken just before the tab closes or reloads still reaches the address bar.
            let hide = EventListener::new(&window, "pagehide", |_| dom::flush_hash());
            move || drop((pop, hash, hide))
        });
    }
    let go = {
        let route = route.clone();
        Callback::from(move |(next, push): (Route, bool)| {
            dom::set_hash(&next.to_hash(), push);
            route.set(next);
        })
    };
    let nav = Nav {
        route: (*route).clone(),
        go,
    };
    let embed = route.query.flag("embed");
    let page = match &route.page {
        Page::Home => pages::home::home(),
        // The editor's SimGrid import and export are jobs for a solver worker, which the
        // teaching binary has not: it opens in the first group's binary (the loader's choice
        // for a route no group names).
        Page::Platform if GROUP.get().is_some_and(|g| !g.bundle.has_solvers()) => html! {
            <Elsewhere family={"platform".to_owned()} />
        },
        Page::Platform => html! { <pages::platform::PlatformPage /> },
        Page::Family(p) if p == "bench" => html! { <pages::bench::Bench /> },
        Page::Family(p) if p == "about" => pages::about::about(),
        Page::Family(p) => family_page(p),
    };
    html! {
        <ContextProvider<Nav> context={nav}>
            if !embed {
                <header class="site-header" data-testid="site-header">
                    <a class="brand" href="#/">{"HetLab"}</a>
                    <nav>
                        <a href="#/">{"Algorithms"}</a>
                        <a href="#/platform">{"Platform editor"}</a>
                        <a href="#/practice">{"Practice"}</a>
                        { for nav_families().map(|f| html! {
                            <a href={format!("#/{}", f.problem)}>{f.nav}</a>
                        }) }
                        <a href="#/about">{"About"}</a>
                    </nav>
                    <components::theme::ThemeSwitch />
                    <components::large_type::LargeTypeToggle />
                </header>
            }
            <main class={classes!("page", embed.then_some("embed"))}>{page}</main>
        </ContextProvider<Nav>>
    }
}

/// The families linked from the header: the catalog's, in its order, that have a page.
fn nav_families() -> impl Iterator<Item = &'static hetlab_core::catalog::Family> {
    hetlab_core::catalog::FAMILIES
        .iter()
        .filter(|f| has_page(f.problem))
}

/// A panic is a bug, and in the browser it stops the app (`panic = "abort"`). This hook puts a
/// plain notice over the page first: what happened, that the platform saved in this browser is
/// untouched (it is written on every edit, never on a panic), how to reload, and the message to
/// quote in a report. Installed through `yew::set_custom_panic_hook`: Yew's renderer replaces a
/// plain `std::panic::set_hook` with its own console hook (the browser test found the notice
/// never showed).
pub fn install_panic_notice() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let what = info.to_string();
        let what: String = what.chars().take(600).collect();
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Ok(div) = doc.create_element("div") else {
            return;
        };
        div.set_class_name("panic-notice");
        let _ = div.set_attribute("role", "alert");
        let _ = div.set_attribute("data-testid", "panic-notice");
        let address = format!("{}{}", dom::base_url(), dom::hash());
        // The app is stopped, so the buttons reload the document (a hash change alone would
        // not): this page again, or the home page when this page is what fails.
        div.set_inner_html(&format!(
            "<h2>HetLab stopped because of a bug</h2><p>Your platform saved in this browser is \
             safe. <button onclick=\"location.reload()\" data-testid=\"panic-reload\">Reload \
             this page</button> <button onclick=\"location.hash='#/';location.reload()\" \
             data-testid=\"panic-home\">Open the home page</button></p><p>Please report it \
             with this address and the message below:</p><pre>{}\n{}</pre>",
            crate::draw::svg::escape(&address),
            crate::draw::svg::escape(&what)
        ));
        if let Some(body) = doc.body() {
            let _ = body.append_child(&div);
        }
        web_sys::console::error_1(&what.into());
    }));
}
