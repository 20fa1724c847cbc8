//! One colour per processor (or tree), the same in every figure of the site.

/// Light fills that keep black text readable (ColorBrewer Set3), one per processor, cycling.
pub const PALETTE: [&str; 12] = [
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
    "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
];

/// The colour of processor `i` (0-based), the same in every view of the page.
#[must_use]
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}
