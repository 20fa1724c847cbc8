//! The SVG-to-TikZ converter on the shapes HetLab's figures use.

use super::*;

fn tikz(body: &str) -> String {
    to_tikz(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100">{body}</svg>"#
    ))
    .unwrap()
}

#[test]
fn groups_apply_their_transforms_to_the_points() {
    // 160 units are 16 cm: one unit is 0.1 cm (2.845 pt), y upwards; the width scales too.
    let t = tikz(
        r##"<g transform="translate(10,20)"><g transform="scale(2)"><line x1="0" y1="0" x2="5" y2="5" stroke="#000"/></g></g>"##,
    );
    assert!(
        t.contains("\\path[draw=c0, line width=5.691pt] (1,-2) -- (2,-3);"),
        "{t}"
    );
    let t = tikz(
        r##"<g transform="rotate(90)"><line x1="0" y1="0" x2="10" y2="0" stroke="#000"/></g>"##,
    );
    assert!(t.contains("(0,0) -- (0,-1)"), "{t}");
}

#[test]
fn shapes_keep_their_colours_and_styles() {
    let t = tikz(
        r##"<circle cx="80" cy="50" r="10" style="fill: rgb(31, 95, 191); stroke: #333" stroke-width="2"/>
            <polyline points="0,0 10,10 20,0" fill="none" stroke="red" stroke-dasharray="4 2"/>
            <polygon points="0,0 10,0 10,10" fill="#abc" opacity="0.5"/>
            <path d="M 0 0 L 10 0 l 0 10 H 0 Z" fill="none" stroke="black" marker-end="url(#a)"/>
            <rect x="0" y="0" width="0" height="5" fill="#000"/>
            <g display="none"><rect x="0" y="0" width="5" height="5"/></g>"##,
    );
    assert!(t.contains("\\definecolor{c0}{HTML}{1F5FBF}"), "{t}");
    assert!(
        t.contains("(8,-5) ellipse [x radius=1.000, y radius=1.000]"),
        "{t}"
    );
    assert!(
        t.contains("dashed") && t.contains("(0,0) -- (1,-1) -- (2,0);"),
        "{t}"
    );
    assert!(
        t.contains("fill opacity") || t.contains("opacity=0.50"),
        "{t}"
    );
    assert!(
        t.contains("(0,0) -- (1,0) -- (1,-1) -- (0,-1) -- cycle"),
        "{t}"
    );
    assert_eq!(
        t.matches("\\path").count(),
        4,
        "empty and hidden shapes are skipped: {t}"
    );
}

#[test]
fn text_is_escaped_and_anchored() {
    let t = tikz(
        r#"<text x="80" y="50" text-anchor="end" font-size="10" font-weight="bold">ρ* ≤ 3/4 &amp; 50% of P_1 → P₂<title>tooltip</title></text>"#,
    );
    assert!(t.contains("anchor=base east"), "{t}");
    assert!(t.contains("\\bfseries"), "{t}");
    assert!(
        t.contains("{$\\rho$* $\\leq$ 3/4 \\& 50\\% of P\\_1 $\\rightarrow$ P$_2$}"),
        "{t}"
    );
    assert!(!t.contains("tooltip"));
}

#[test]
fn curves_become_bezier_controls() {
    let t = tikz(r#"<path d="M0,0 C10,0 10,10 20,10 Q30,10 30,0" fill="none" stroke="blue"/>"#);
    assert!(t.contains(".. controls (1,0) and (1,-1) .. (2,-1)"), "{t}");
    assert_eq!(t.matches(".. controls").count(), 2, "{t}");
}

#[test]
fn not_svg_is_refused_in_a_sentence() {
    assert!(to_tikz("<html/>")
        .unwrap_err()
        .to_string()
        .contains("not <svg>"));
    assert!(to_tikz("<svg")
        .unwrap_err()
        .to_string()
        .contains("not readable as SVG"));
}
