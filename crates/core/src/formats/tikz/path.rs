//! SVG path data as a TikZ path.

use super::style::numbers;

/// Path data (`M 10 20 L 30 40 Z`, relative commands too) as a TikZ path, points mapped by `pt`.
pub(super) fn path_data(d: &str, pt: impl Fn((f64, f64)) -> String) -> String {
    let mut toks: Vec<(char, Vec<f64>)> = Vec::new();
    let mut start = 0;
    let bytes: Vec<(usize, char)> = d.char_indices().collect();
    let mut cmd: Option<char> = None;
    for &(i, c) in &bytes {
        if c.is_ascii_alphabetic() && c != 'e' && c != 'E' {
            if let Some(k) = cmd {
                toks.push((k, numbers(&d[start..i])));
            }
            cmd = Some(c);
            start = i + c.len_utf8();
        }
    }
    if let Some(k) = cmd {
        toks.push((k, numbers(&d[start..])));
    }
    let mut out: Vec<String> = Vec::new();
    let (mut cur, mut first, mut last_ctrl) = ((0.0, 0.0), (0.0, 0.0), None::<(f64, f64)>);
    for (c, v) in toks {
        let rel = c.is_ascii_lowercase();
        let base =
            |p: (f64, f64), cur: (f64, f64)| if rel { (cur.0 + p.0, cur.1 + p.1) } else { p };
        let per = match c.to_ascii_uppercase() {
            'M' | 'L' | 'T' => 2,
            'H' | 'V' => 1,
            'C' => 6,
            'S' | 'Q' => 4,
            'A' => 7,
            _ => 0,
        };
        if per == 0 {
            out.push("-- cycle".into());
            cur = first;
            continue;
        }
        for (k, a) in v.chunks_exact(per).enumerate() {
            let up = c.to_ascii_uppercase();
            let (next, piece) = match up {
                'M' | 'L' => {
                    let p = base((a[0], a[1]), cur);
                    let op = if up == 'M' && k == 0 { "" } else { "-- " };
                    if up == 'M' && k == 0 {
                        first = p;
                    }
                    last_ctrl = None;
                    (p, format!("{op}{}", pt(p)))
                }
                'H' => {
                    let p = (if rel { cur.0 + a[0] } else { a[0] }, cur.1);
                    (p, format!("-- {}", pt(p)))
                }
                'V' => {
                    let p = (cur.0, if rel { cur.1 + a[0] } else { a[0] });
                    (p, format!("-- {}", pt(p)))
                }
                'C' | 'S' => {
                    let (c1, c2, p) = if up == 'C' {
                        (
                            base((a[0], a[1]), cur),
                            base((a[2], a[3]), cur),
                            base((a[4], a[5]), cur),
                        )
                    } else {
                        let c1 = last_ctrl.map_or(cur, |q| (2.0 * cur.0 - q.0, 2.0 * cur.1 - q.1));
                        (c1, base((a[0], a[1]), cur), base((a[2], a[3]), cur))
                    };
                    last_ctrl = Some(c2);
                    (
                        p,
                        format!(".. controls {} and {} .. {}", pt(c1), pt(c2), pt(p)),
                    )
                }
                'Q' | 'T' => {
                    let (q, p) = if up == 'Q' {
                        (base((a[0], a[1]), cur), base((a[2], a[3]), cur))
                    } else {
                        (
                            last_ctrl.map_or(cur, |q| (2.0 * cur.0 - q.0, 2.0 * cur.1 - q.1)),
                            base((a[0], a[1]), cur),
                        )
                    };
                    last_ctrl = Some(q);
                    let c1 = (
                        cur.0 + 2.0 / 3.0 * (q.0 - cur.0),
                        cur.1 + 2.0 / 3.0 * (q.1 - cur.1),
                    );
                    let c2 = (p.0 + 2.0 / 3.0 * (q.0 - p.0), p.1 + 2.0 / 3.0 * (q.1 - p.1));
                    (
                        p,
                        format!(".. controls {} and {} .. {}", pt(c1), pt(c2), pt(p)),
                    )
                }
                _ => {
                    // An elliptical arc: drawn as the chord to its end point.
                    let p = base((a[5], a[6]), cur);
                    (p, format!("-- {}", pt(p)))
                }
            };
            if !matches!(up, 'C' | 'S' | 'Q' | 'T') {
                last_ctrl = None;
            }
            out.push(piece);
            cur = next;
        }
    }
    out.join(" ")
}
