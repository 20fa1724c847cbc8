//! Axis ticks at round values over `[0, span]`, shared by every chart with a numeric axis (the
//! Gantt charts and plots of scatter, divisible and master-slave). The figures differ in the
//! round steps they accept and how near the span's end the last tick may fall, so those are the
//! [`Rule`].

/// Which ticks a chart accepts.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// The step is one of these times a power of ten (the first at least a fifth of the span).
    pub steps: &'static [f64],
    /// A tick beyond the span's end by at most this fraction of the span is still drawn.
    pub slack: f64,
}

/// Steps of 1, 2 or 5 times a power of ten, a tick a hair past the end kept (scatter).
pub const ONE_TWO_FIVE: Rule = Rule {
    steps: &[1.0, 2.0, 5.0, 10.0],
    slack: 1e-9,
};

/// Steps of 1, 2, 2.5 or 5 times a power of ten, a tick up to 0.01 % past the end kept
/// (divisible load).
pub const QUARTERS: Rule = Rule {
    steps: &[1.0, 2.0, 2.5, 5.0, 10.0],
    slack: 1e-4,
};

/// Steps of 1, 2 or 5 times a power of ten, never past the end (master-slave).
pub const WITHIN: Rule = Rule {
    steps: &[1.0, 2.0, 5.0, 10.0],
    slack: 0.0,
};

/// About five ticks at round values over `[0, span]`, from 0; `[0]` for an empty or invalid
/// span.
#[must_use]
pub fn ticks(span: f64, rule: Rule) -> Vec<f64> {
    if !(span.is_finite() && span > 0.0) {
        return vec![0.0];
    }
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = rule
        .steps
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    (0..=10)
        .map(|k| f64::from(k) * step)
        .take_while(|t| *t <= span * (1.0 + rule.slack))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{ticks, ONE_TWO_FIVE, QUARTERS, WITHIN};

    /// The ticks each chart drew before the three copies became one, for the same spans.
    #[test]
    fn each_rule_keeps_the_ticks_its_chart_drew() {
        let third = vec![0.0, 0.1, 0.2, 0.300_000_000_000_000_04];
        let unit = vec![0.0, 0.2, 0.4, 0.600_000_000_000_000_1, 0.8, 1.0];
        for (rule, at_third, at_twelve) in [
            (ONE_TWO_FIVE, third.clone(), vec![0.0, 5.0, 10.0]),
            (QUARTERS, third.clone(), vec![0.0, 2.5, 5.0, 7.5, 10.0]),
            (WITHIN, vec![0.0, 0.1, 0.2], vec![0.0, 5.0, 10.0]),
        ] {
            assert_eq!(ticks(0.0, rule), vec![0.0]);
            assert_eq!(ticks(f64::NAN, rule), vec![0.0]);
            assert_eq!(ticks(0.3, rule), at_third);
            assert_eq!(ticks(1.0, rule), unit);
            assert_eq!(ticks(12.0, rule), at_twelve);
            assert_eq!(ticks(15.0, rule), vec![0.0, 5.0, 10.0, 15.0]);
            assert_eq!(ticks(28.0, rule), vec![0.0, 10.0, 20.0]);
            assert_eq!(ticks(2100.0 / 11.0, rule), vec![0.0, 50.0, 100.0, 150.0]);
            assert_eq!(ticks(830.4, rule), vec![0.0, 200.0, 400.0, 600.0, 800.0]);
            assert_eq!(ticks(1320.0, rule), vec![0.0, 500.0, 1000.0]);
            assert_eq!(ticks(2.5e6, rule), vec![0.0, 5e5, 1e6, 1.5e6, 2e6, 2.5e6]);
        }
    }
}
