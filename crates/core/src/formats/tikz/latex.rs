//! Text for LaTeX: HetLab's captions and labels in pdflatex's ASCII.

/// Text for LaTeX: special characters escaped, the symbols HetLab's figures use in math mode,
/// anything else outside ASCII replaced by `?` (pdflatex cannot typeset it without fonts).
pub(super) fn latex(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        let rep: &str = match c {
            '\\' => "$\\backslash$",
            '{' => "\\{",
            '}' => "\\}",
            '$' => "$\\$$",
            '&' => "\\&",
            '#' => "\\#",
            '%' => "\\%",
            '_' => "\\_",
            '^' => "\\^{}",
            '~' => "\\~{}",
            '<' => "$<$",
            '>' => "$>$",
            '|' => "$|$",
            '×' => "$\\times$",
            '·' => "$\\cdot$",
            '→' => "$\\rightarrow$",
            '←' => "$\\leftarrow$",
            '↔' => "$\\leftrightarrow$",
            '≤' => "$\\leq$",
            '≥' => "$\\geq$",
            '≠' => "$\\neq$",
            '≈' => "$\\approx$",
            '∞' => "$\\infty$",
            '−' => "$-$",
            '–' => "--",
            '—' => "---",
            '…' => "\\dots{}",
            '▶' => "$\\blacktriangleright$",
            '◀' => "$\\blacktriangleleft$",
            '√' => "$\\surd$",
            'Σ' => "$\\Sigma$",
            'Δ' => "$\\Delta$",
            'α' => "$\\alpha$",
            'β' => "$\\beta$",
            'γ' => "$\\gamma$",
            'δ' => "$\\delta$",
            'ε' => "$\\varepsilon$",
            'λ' => "$\\lambda$",
            'μ' => "$\\mu$",
            'π' => "$\\pi$",
            'ρ' => "$\\rho$",
            'σ' => "$\\sigma$",
            'τ' => "$\\tau$",
            '²' => "$^2$",
            '³' => "$^3$",
            '₀'..='₉' => {
                let d = char::from_digit(u32::from(c) - u32::from('₀'), 10).unwrap_or('0');
                out.push_str(&format!("$_{d}$"));
                continue;
            }
            c if c.is_ascii() && !c.is_ascii_control() => {
                out.push(c);
                continue;
            }
            c if c.is_whitespace() => " ",
            _ => "?",
        };
        out.push_str(rep);
    }
    out
}
