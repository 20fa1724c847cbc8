//! The lesson player's pure parts (issue 36, docs/lessons.md): a slide's text in the Markdown
//! subset as blocks of inline runs, inline TeX as Unicode, a slide's view as the family page's
//! embed address, and a view read back from a family page's address (to add it to a lesson).
//! Host-tested; `ui::pages::lesson` draws them.

use hetlab_core::lesson::{Slide, Source, View};

use crate::route::{Page, Route};

/// A run of inline text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inline {
    /// Plain text.
    Text(String),
    /// `*emphasis*`.
    Em(String),
    /// `**strong**`.
    Strong(String),
    /// `` `code` ``.
    Code(String),
    /// `$math$`, already in Unicode.
    Math(String),
}

/// A block of a slide's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A paragraph.
    Para(Vec<Inline>),
    /// A list: numbered when `ordered`.
    List {
        /// `1. ` items rather than `- ` items.
        ordered: bool,
        /// The items.
        items: Vec<Vec<Inline>>,
    },
}

/// `text` in blocks: paragraphs are separated by blank lines; lines starting with `- ` or `* `
/// (or `1. `, `2. ` …) are list items; other lines join the paragraph or item above.
#[must_use]
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut para: Vec<&str> = Vec::new();
    let flush = |para: &mut Vec<&str>, out: &mut Vec<Block>| {
        if !para.is_empty() {
            out.push(Block::Para(inlines(&para.join(" "))));
            para.clear();
        }
    };
    let mut list: Option<(bool, Vec<String>)> = None;
    let end_list = |list: &mut Option<(bool, Vec<String>)>, out: &mut Vec<Block>| {
        if let Some((ordered, items)) = list.take() {
            let items = items.iter().map(|i| inlines(i)).collect();
            out.push(Block::List { ordered, items });
        }
    };
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            flush(&mut para, &mut out);
            end_list(&mut list, &mut out);
            continue;
        }
        if let Some((ordered, item)) = item(t) {
            flush(&mut para, &mut out);
            if list.as_ref().is_some_and(|(o, _)| *o != ordered) {
                end_list(&mut list, &mut out);
            }
            list.get_or_insert_with(|| (ordered, Vec::new()))
                .1
                .push(item.to_owned());
        } else if let Some((_, items)) = list.as_mut() {
            // A continuation line of the last item.
            if let Some(last) = items.last_mut() {
                last.push(' ');
                last.push_str(t);
            }
        } else {
            para.push(t);
        }
    }
    flush(&mut para, &mut out);
    end_list(&mut list, &mut out);
    out
}

/// A list item's marker: `- `, `* `, or digits then `. `.
fn item(line: &str) -> Option<(bool, &str)> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some((false, rest.trim_start()));
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && digits <= 3 {
        if let Some(rest) = line[digits..].strip_prefix(". ") {
            return Some((true, rest.trim_start()));
        }
    }
    None
}

/// The inline runs of `text`. An unclosed marker is shown as typed.
#[must_use]
pub fn inlines(text: &str) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let run = match c {
            '*' if rest.starts_with("**") => {
                closed(rest, "**").map(|(s, r)| (Inline::Strong(s.to_owned()), r))
            }
            '*' => closed(rest, "*").map(|(s, r)| (Inline::Em(s.to_owned()), r)),
            '`' => closed(rest, "`").map(|(s, r)| (Inline::Code(s.to_owned()), r)),
            '$' => closed(rest, "$").map(|(s, r)| (Inline::Math(tex(s)), r)),
            '\\' if rest[1..].starts_with(['*', '`', '$', '\\']) => {
                plain.push_str(&rest[1..2]);
                rest = &rest[2..];
                continue;
            }
            _ => None,
        };
        if let Some((inline, after)) = run {
            if !plain.is_empty() {
                out.push(Inline::Text(std::mem::take(&mut plain)));
            }
            out.push(inline);
            rest = after;
        } else {
            plain.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    if !plain.is_empty() {
        out.push(Inline::Text(plain));
    }
    out
}

/// `rest` starts with `mark`: the text up to the next `mark` (not empty) and what follows it.
fn closed<'a>(rest: &'a str, mark: &str) -> Option<(&'a str, &'a str)> {
    let body = &rest[mark.len()..];
    let end = body.find(mark)?;
    (end > 0).then(|| (&body[..end], &body[end + mark.len()..]))
}

/// TeX commands shown as one character.
const SYMBOLS: &[(&str, &str)] = &[
    ("alpha", "α"),
    ("beta", "β"),
    ("gamma", "γ"),
    ("delta", "δ"),
    ("epsilon", "ε"),
    ("varepsilon", "ε"),
    ("lambda", "λ"),
    ("mu", "μ"),
    ("pi", "π"),
    ("rho", "ρ"),
    ("sigma", "σ"),
    ("tau", "τ"),
    ("theta", "θ"),
    ("omega", "ω"),
    ("Delta", "Δ"),
    ("Sigma", "Σ"),
    ("Omega", "Ω"),
    ("le", "≤"),
    ("leq", "≤"),
    ("ge", "≥"),
    ("geq", "≥"),
    ("ne", "≠"),
    ("neq", "≠"),
    ("times", "×"),
    ("cdot", "·"),
    ("infty", "∞"),
    ("to", "→"),
    ("rightarrow", "→"),
    ("leftarrow", "←"),
    ("in", "∈"),
    ("sum", "∑"),
    ("approx", "≈"),
    ("ldots", "…"),
    ("dots", "…"),
    ("max", "max"),
    ("min", "min"),
    ("log", "log"),
];

/// Superscript and subscript digits and signs.
fn script(c: char, sup: bool) -> Option<char> {
    let (digits, plus, minus) = if sup {
        ("⁰¹²³⁴⁵⁶⁷⁸⁹", '⁺', '⁻')
    } else {
        ("₀₁₂₃₄₅₆₇₈₉", '₊', '₋')
    };
    match c {
        '0'..='9' => digits.chars().nth(c as usize - '0' as usize),
        '+' => Some(plus),
        '-' => Some(minus),
        _ => None,
    }
}

/// A TeX subset as Unicode: Greek letters and the usual relations (`\rho`, `\le`, …),
/// `\frac{a}{b}` as a/b, `^`/`_` of a digit (or of `{…}` of digits) as a raised or lowered
/// digit, `^*` as `*`, other scripts as typed (`x_i`), braces dropped.
#[must_use]
pub fn tex(source: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = source.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        match c {
            '\\' => {
                let name: String = chars[k + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphabetic())
                    .collect();
                k += 1 + name.len();
                if name == "frac" {
                    let (a, after_a) = group(&chars, k);
                    let (b, after_b) = group(&chars, after_a);
                    out.push_str(&format!("{}/{}", tex(&a), tex(&b)));
                    k = after_b;
                } else if let Some((_, s)) = SYMBOLS.iter().find(|(n, _)| *n == name) {
                    out.push_str(s);
                } else if name.is_empty() {
                    // `\,` `\{` and friends: the next character as typed.
                    if let Some(&n) = chars.get(k) {
                        if n != ',' && n != ';' && n != '!' {
                            out.push(n);
                        }
                        k += 1;
                    }
                } else {
                    out.push('\\');
                    out.push_str(&name);
                }
            }
            '^' | '_' => {
                let (arg, after) = group(&chars, k + 1);
                let raised: Option<String> = arg.chars().map(|d| script(d, c == '^')).collect();
                match raised {
                    Some(r) if !r.is_empty() => out.push_str(&r),
                    _ => {
                        if arg != "*" {
                            out.push(c);
                        }
                        out.push_str(&tex(&arg));
                    }
                }
                k = after;
            }
            '{' | '}' => k += 1,
            _ => {
                out.push(c);
                k += 1;
            }
        }
    }
    out
}

/// The argument at `k`: `{…}` (nested braces kept balanced) or one character; and where it
/// ends.
fn group(chars: &[char], k: usize) -> (String, usize) {
    match chars.get(k) {
        Some('{') => {
            let mut depth = 0;
            for (j, c) in chars.iter().enumerate().skip(k) {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return (chars[k + 1..j].iter().collect(), j + 1);
                        }
                    }
                    _ => {}
                }
            }
            (chars[k + 1..].iter().collect(), chars.len())
        }
        Some(c) => (c.to_string(), k + 1),
        None => (String::new(), k),
    }
}

/// The family page's address of `view` (in an embed when `embed`): the same keys a share link
/// with the Share dialog's embed options has.
#[must_use]
pub fn view_route(view: &View, embed: bool) -> Route {
    let mut r = Route::new(Page::Family(view.page.clone()));
    match &view.source {
        Source::Preset(p) => r.query.set("preset", p.clone()),
        Source::Instance(i) => r.query.set("i", i.clone()),
    }
    if let Some(a) = &view.algorithm {
        r.query.set("algo", a.clone());
    }
    if let Some(s) = view.step.or(view.start) {
        r.query.set("step", s.to_string());
    }
    for (key, step) in [("start", view.start), ("end", view.end)] {
        if let Some(s) = step {
            r.query.set(key, s.to_string());
        }
    }
    if view.autoplay {
        r.query.set("autoplay", "1");
    }
    if !view.controls {
        r.query.set("controls", "0");
    }
    if view.panels {
        r.query.set("panels", "1");
    }
    if embed {
        r.query.set("embed", "1");
    }
    r
}

/// The view a family page's address shows, as a slide to add to a lesson: its preset or share
/// payload, algorithm and step (the player then starts there and may go on to the end). `None`
/// for an address that is not a family page's or names no instance.
#[must_use]
pub fn slide_of(route: &Route) -> Option<Slide> {
    let Page::Family(page) = &route.page else {
        return None;
    };
    hetlab_core::catalog::family(page)?;
    let q = &route.query;
    let source = match (q.get("preset"), q.get("i")) {
        (Some(p), _) => Source::Preset(p.to_owned()),
        (None, Some(i)) => Source::Instance(i.to_owned()),
        (None, None) => return None,
    };
    Some(Slide {
        title: None,
        text: String::new(),
        view: View {
            page: page.clone(),
            source,
            algorithm: q.get("algo").map(str::to_owned),
            step: q.index("step"),
            start: q.index("start"),
            end: q.index("end"),
            autoplay: false,
            controls: q.get("controls") != Some("0"),
            panels: q.flag("panels"),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Inline {
        Inline::Text(s.to_owned())
    }

    #[test]
    fn the_markdown_subset() {
        let b = blocks(
            "A *b* **c** `d` $\\rho^* \\le 7/4$.\nsame para\n\n- one\n  more\n- two\n1. x\n\nlast",
        );
        assert_eq!(
            b,
            [
                Block::Para(vec![
                    text("A "),
                    Inline::Em("b".into()),
                    text(" "),
                    Inline::Strong("c".into()),
                    text(" "),
                    Inline::Code("d".into()),
                    text(" "),
                    Inline::Math("ρ* ≤ 7/4".into()),
                    text(". same para"),
                ]),
                Block::List {
                    ordered: false,
                    items: vec![vec![text("one more")], vec![text("two")]]
                },
                Block::List {
                    ordered: true,
                    items: vec![vec![text("x")]]
                },
                Block::Para(vec![text("last")]),
            ]
        );
        // Unclosed markers and escapes are shown as typed.
        assert_eq!(inlines("2 * 3 and $5"), [text("2 * 3 and $5")]);
        assert_eq!(inlines("\\*not\\*"), [text("*not*")]);
        assert!(blocks("").is_empty());
    }

    #[test]
    fn tex_as_unicode() {
        assert_eq!(tex("\\frac{N}{\\rho^*}"), "N/ρ*");
        assert_eq!(tex("x_i^2 + c_{12} \\times w"), "x_i² + c₁₂ × w");
        assert_eq!(tex("\\unknown{x}"), "\\unknownx");
        assert_eq!(tex("\\frac{1"), "1/");
        assert_eq!(tex("a^"), "a^");
    }

    #[test]
    fn a_view_and_its_address_agree() {
        let r = Route::parse("#/chains?preset=chains-ex1&algo=nicol&step=5&start=2&end=9");
        let slide = slide_of(&r).expect("a family page");
        assert_eq!(slide.view.algorithm.as_deref(), Some("nicol"));
        assert_eq!(view_route(&slide.view, false).to_hash(), r.to_hash());
        let e = view_route(&slide.view, true);
        assert_eq!(e.query.get("embed"), Some("1"));
        assert!(slide_of(&Route::parse("#/chains")).is_none());
        assert!(slide_of(&Route::parse("#/practice?preset=x")).is_none());
    }
}
