//! The platform figure as a standalone SVG document (export at the desktop size): the figure
//! fitted to the desktop frame (`fit.rs`), its style inlined so that it looks the same outside
//! the site.

use super::figure::{Figure, EXPORT_CSS, HEIGHT, WIDTH};
use super::fit::{fit, Frame};
use super::labels::Label;
use super::svg::escape;

/// The figure as a standalone SVG document (for export, at the desktop size), with its style
/// inlined so that it looks the same outside the site.
#[must_use]
pub fn to_svg_document(fig: &Figure, title: &str) -> String {
    let d = fit(fig, Frame::DESKTOP);
    let esc = escape;
    let mut s = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif"><title>{}</title><style>{EXPORT_CSS}</style><defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="12" markerHeight="12" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker></defs>"##,
        esc(title)
    );
    let text = |l: &Label, class: &str| {
        format!(
            r#"<text x="{:.1}" y="{:.1}" text-anchor="{}" class="{class}" style="font-size:{:.1}px">{}</text>"#,
            l.x,
            l.y,
            l.anchor,
            l.px,
            esc(&l.text)
        )
    };
    for l in &d.links {
        s.push_str(&format!(
            r#"<g class="{}"><title>{}</title><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke-width="{:.1}"{}/>{}</g>"#,
            l.class, esc(&l.title), l.from.0, l.from.1, l.to.0, l.to.1, l.width,
            if l.arrow { r#" marker-end="url(#arrow)""# } else { "" },
            l.label.as_ref().map_or_else(String::new, |t| text(t, "label"))
        ));
    }
    for n in &d.nodes {
        s.push_str(&format!(
            r#"<g class="{}"><title>{}</title><circle cx="{:.1}" cy="{:.1}" r="{:.1}"/>{}"#,
            n.class,
            esc(&n.title),
            n.at.0,
            n.at.1,
            d.r,
            text(&n.id, "id")
        ));
        for (l, class) in [(&n.sub, "w"), (&n.note, "note")] {
            if let Some(l) = l {
                s.push_str(&text(l, class));
            }
        }
        s.push_str("</g>");
    }
    s.push_str("</svg>");
    s
}
