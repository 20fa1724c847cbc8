//! The home page: every algorithm family of the specs, the built ones linked, the others marked
//! "coming".

use hetlab_core::catalog::FAMILIES;
use yew::prelude::*;

/// The list of families.
pub fn home() -> Html {
    html! {
        <section data-testid="home" class="home">
            <h1>{"Scheduling on heterogeneous platforms, step by step"}</h1>
            <p class="lead">
                {"Draw or load a platform of processors and links, pick an algorithm from the research literature, and play it forward and back. Every number comes from an exact solver running in your browser."}
            </p>
            <p class="home-actions">
                <a class="button primary" href="#/platform">{"Open the platform editor"}</a>
                <a class="button" href="#/practice" data-testid="home-practice">{"Practice: questions checked by the solvers"}</a>
                <a class="button" href="#/lesson" data-testid="home-lessons">{"Lessons: guided sequences of views"}</a>
                <a class="button" href="#/experiments" data-testid="home-experiments">{"Experiments: the papers' comparisons over many instances"}</a>
            </p>
            <div class="cards">
                { for FAMILIES.iter().map(|f| {
                    let available = f.available();
                    let page = available && crate::ui::has_page(f.problem);
                    let algos: Vec<String> = f.algorithms.iter().map(|a| if a.available || !available { a.name.to_owned() } else { format!("{} (coming)", a.name) }).collect();
                    html! {
                        <article class={classes!("card", (!page).then_some("coming"))} data-testid={format!("family-{}", f.problem)}>
                            <h2>
                                if page { <a href={format!("#/{}", f.problem)}>{f.title}</a> } else { {f.title} }
                            </h2>
                            <p>{f.summary}</p>
                            <p class="algos">{"Algorithms: "}{algos.join(", ")}</p>
                            if available && !page {
                                <p class="badge">{"command line now, page coming"}</p>
                                <p class="muted">{format!("Solve it with `hetlab solve` (try `hetlab gen {} --seed 1`); its step-by-step page is coming.", f.problem)}</p>
                            } else if !available {
                                <p class="badge">{"coming"}</p>
                            }
                        </article>
                    }
                }) }
            </div>
        </section>
    }
}

/// A family page that is not built yet, or an unknown page (`problem`: the name in the URL).
pub fn coming(problem: &str) -> Html {
    let known = hetlab_core::catalog::family(problem);
    html! {
        <section class="coming-page" data-testid="coming">
            if let Some(f) = known {
                <h1>{f.title}</h1>
                if f.available() {
                    <p>{format!("Its solvers already run in the command line: `hetlab gen {p} --seed 1 > i.json`, then `hetlab solve i.json` (`hetlab list` names the algorithms). This step-by-step page is coming in a later version of HetLab.", p = f.problem)}</p>
                } else {
                    <p>{"This family is coming in a later version of HetLab. Its specification is ready ("}{f.spec}{")."}</p>
                }
            } else {
                <h1>{"Page not found"}</h1>
                <p>{format!("There is no page \"{problem}\".")}</p>
            }
            <p><a href="#/">{"Back to the list of algorithms"}</a></p>
        </section>
    }
}
