//! What a line plot's frame decides before plotters draws it (`ui::components::plot`): how many
//! tick labels fit its width, how they are written, and which corner the legend takes so that
//! it hides the fewest points.

/// Most tick labels on an axis `px` CSS pixels long, written in type scaled by `text`: one per
/// 64 px of 13 px type (a label such as "250" or "0.25" with room around it), from 2 to 10.
#[must_use]
pub fn tick_count(px: f64, text: f64) -> usize {
    let each = 64.0 * text.max(0.5);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // clamped, finite
    let n = (px / each).floor().clamp(2.0, 10.0) as usize;
    n
}

/// A tick label on an axis spanning `span`: the decimals the ticks' spacing needs and one more,
/// trailing zeros cut ("50", not "50.0"; "0.25").
#[must_use]
pub fn tick_label(v: f64, span: f64) -> String {
    let step = span.abs() / 5.0;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // clamped, finite
    let decimals = if step.is_finite() && step > 0.0 {
        // One more than the spacing's own (ticks fall on halves and quarters of it).
        (-step.log10()).ceil().clamp(0.0, 7.0) as usize + 1
    } else {
        2
    };
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        &s
    };
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// A corner of the plot area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Corner {
    /// Upper left.
    UpperLeft,
    /// Upper right.
    UpperRight,
    /// Lower left.
    LowerLeft,
    /// Lower right.
    LowerRight,
}

/// The corner where a legend `w × h` (fractions of the plot area) hides the fewest of `points`
/// (x in `xs`, y in `ys`); `first` on a tie (the plot's own choice), then the upper corners.
#[must_use]
pub fn emptiest_corner(
    points: &[(f64, f64)],
    xs: (f64, f64),
    ys: (f64, f64),
    (w, h): (f64, f64),
    first: Corner,
) -> Corner {
    let unit = |v: f64, (a, b): (f64, f64)| if b > a { (v - a) / (b - a) } else { 0.5 };
    let hidden = |c: Corner| {
        let (left, top) = match c {
            Corner::UpperLeft => (true, true),
            Corner::UpperRight => (false, true),
            Corner::LowerLeft => (true, false),
            Corner::LowerRight => (false, false),
        };
        (points.iter())
            .filter(|&&(x, y)| {
                let (u, v) = (unit(x, xs), unit(y, ys));
                let across = if left { u <= w } else { u >= 1.0 - w };
                let up = if top { v >= 1.0 - h } else { v <= h };
                across && up
            })
            .count()
    };
    let order = [
        first,
        Corner::UpperLeft,
        Corner::UpperRight,
        Corner::LowerRight,
        Corner::LowerLeft,
    ];
    order
        .into_iter()
        .min_by_key(|&c| hidden(c))
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_are_as_short_as_their_spacing_allows() {
        assert_eq!(tick_label(50.0, 450.0), "50");
        assert_eq!(tick_label(600.0, 600.0), "600");
        assert_eq!(tick_label(0.25, 1.0), "0.25");
        assert_eq!(tick_label(0.2, 1.0), "0.2");
        assert_eq!(tick_label(0.005, 0.05), "0.005");
        assert_eq!(tick_label(-0.0, 1.0), "0");
        // A phone's axis holds fewer labels than a desktop's.
        assert_eq!(tick_count(300.0, 1.0), 4);
        assert_eq!(tick_count(700.0, 1.0), 10);
        assert_eq!(tick_count(100.0, 1.4), 2);
    }

    #[test]
    fn the_legend_takes_the_corner_with_the_fewest_points() {
        // Rising lines: the upper right is full, the upper left empty.
        let rising: Vec<(f64, f64)> = (0..=10).map(|k| (f64::from(k), f64::from(k))).collect();
        let at = |first| emptiest_corner(&rising, (0.0, 10.0), (0.0, 10.0), (0.3, 0.3), first);
        assert_eq!(at(Corner::UpperRight), Corner::UpperLeft);
        assert_eq!(at(Corner::UpperLeft), Corner::UpperLeft);
        // Lines near the top everywhere: a lower corner.
        let high: Vec<(f64, f64)> = (0..=10).map(|k| (f64::from(k), 9.5)).collect();
        let c = emptiest_corner(
            &high,
            (0.0, 10.0),
            (0.0, 10.0),
            (0.3, 0.3),
            Corner::UpperLeft,
        );
        assert!(matches!(c, Corner::LowerLeft | Corner::LowerRight), "{c:?}");
    }
}
