//! The About page (`#/about`, issue 38): the version and commit of the running build, the
//! license, how to cite HetLab, and the papers each family implements.

use hetlab_core::catalog::FAMILIES;
use serde::Deserialize;
use yew::prelude::*;

/// The build that is running: index.html's `<script id="hetlab-build">`, written by the build
/// (www/hash-bins.sh) from Cargo.toml's version and the commit built.
#[derive(Deserialize)]
struct Build {
    version: String,
    commit: String,
}

/// Reads the running build's version and commit from the page, `None` in a build made without
/// the post-build hook.
fn running_build() -> Option<Build> {
    let text = gloo::utils::document()
        .get_element_by_id("hetlab-build")?
        .text_content()?;
    serde_json::from_str(&text).ok()
}

/// How to cite the running version (BibTeX; CITATION.cff in the repository says the same).
fn bibtex(version: &str) -> String {
    format!(
        "@software{{hetlab,\n  title   = {{HetLab: scheduling and load-balancing algorithms on heterogeneous platforms, run exactly and drawn step by step in the browser}},\n  author  = {{{{The HetLab authors}}}},\n  version = {{{version}}},\n  license = {{MIT}},\n}}"
    )
}

/// The page.
pub fn about() -> Html {
    let build = running_build();
    let version = build
        .as_ref()
        .map_or(env!("CARGO_PKG_VERSION"), |b| b.version.as_str());
    html! {
        <section data-testid="about" class="about">
            <h1>{"About HetLab"}</h1>
            <p class="lead">{"The scheduling and load-balancing algorithms of the research literature on heterogeneous platforms, run exactly in your browser and drawn step by step."}</p>
            <h2>{"This build"}</h2>
            <dl class="metrics">
                <dt>{"Version"}</dt><dd data-testid="about-version">{version}</dd>
                <dt>{"Commit"}</dt>
                <dd data-testid="about-commit">
                    { build.as_ref().map_or("not recorded (a build made without its post-build step)", |b| b.commit.as_str()) }
                </dd>
                <dt>{"License"}</dt><dd data-testid="about-license">{"MIT (the LICENSE file of the repository)"}</dd>
                <dt>{"Third-party code"}</dt>
                <dd><a href="./THIRD-PARTY.txt" data-testid="about-third-party">{"the crates compiled into this site and their licenses"}</a></dd>
            </dl>
            <h2>{"How to cite"}</h2>
            <p>{"Cite the software with the version and commit above (CITATION.cff in the repository says the same), and the papers of the family you used:"}</p>
            <pre class="cite" data-testid="about-bibtex">{bibtex(version)}</pre>
            <h2>{"The papers each family implements"}</h2>
            <p class="muted">{"Each family follows an English specification that restates these papers, corrects their known errors and gives verified worked examples."}</p>
            <ul class="sources" data-testid="about-sources">
                { for FAMILIES.iter().map(|f| html! {
                    <li data-testid={format!("about-sources-{}", f.problem)}>
                        <strong>{f.title}</strong>
                        <ul>{ for f.sources.iter().map(|s| html! { <li>{*s}</li> }) }</ul>
                    </li>
                }) }
            </ul>
        </section>
    }
}
