//! The escaper for text put in SVG and HTML attribute values or content (exported SVG documents,
//! the embed snippet): the core's `formats::xml_escape`, the one escaper of the project.

pub use hetlab_core::formats::xml_escape as escape;

/// `v` with two decimals, for coordinates in the page's SVG attributes: what `format!("{v:.2}")`
/// writes, through integer formatting (an exact tie such as 7.125 rounds away from zero, and a
/// negative value that rounds to zero loses its sign).
/// `{:.2}` takes the exact (big-number) path for most coordinates: measured, 12 ms of a 25 ms
/// step on the 615 400-task chain's last step.
#[must_use]
pub fn fixed2(v: f64) -> String {
    fixed(v, 2)
}

/// As [`fixed2`], with one decimal (`{v:.1}`).
#[must_use]
pub fn fixed1(v: f64) -> String {
    fixed(v, 1)
}

fn fixed(v: f64, digits: usize) -> String {
    if !v.is_finite() || v.abs() >= 1e15 {
        return format!("{v:.digits$}");
    }
    let unit: u64 = if digits == 1 { 10 } else { 100 };
    // In range: |v·100| < 1e17 < 2^63.
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    let c = (v * unit as f64).round() as i64;
    let sign = if c < 0 { "-" } else { "" };
    let c = c.unsigned_abs();
    format!("{sign}{}.{:0digits$}", c / unit, c % unit)
}

#[cfg(test)]
mod tests {
    use super::{escape, fixed1, fixed2};

    #[test]
    fn fixed_writes_what_format_writes() {
        let mut x: u64 = 1;
        for k in 0..20_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let scale = [1e-3, 1.0, 1e3, 1e6][k % 4];
            let v = ((x >> 11) as f64 / (1u64 << 53) as f64 - 0.3) * scale;
            let (fast, slow) = (fixed2(v), format!("{v:.2}"));
            // Only a negative value that rounds to zero is written without its sign.
            assert!(fast == slow || slow == "-0.00", "{v}: {fast} vs {slow}");
            let (fast, slow) = (fixed1(v), format!("{v:.1}"));
            assert!(fast == slow || slow == "-0.0", "{v}: {fast} vs {slow}");
        }
        assert_eq!(fixed2(12.5), "12.50");
        assert_eq!(fixed2(-1.23456), "-1.23");
        assert_eq!(fixed2(0.004), "0.00");
        assert_eq!(fixed2(f64::INFINITY), "inf");
        assert_eq!(fixed1(-7.26), "-7.3");
        assert_eq!(fixed1(7.25), "7.3"); // an exact tie: away from zero (`{:.1}` writes 7.2)
    }

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape(r#"<a href="x">P&Q's</a>"#),
            "&lt;a href=&quot;x&quot;&gt;P&amp;Q&#39;s&lt;/a&gt;"
        );
        assert_eq!(escape("Lyon, 14 nodes"), "Lyon, 14 nodes");
    }
}
