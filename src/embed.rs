//! The embed options of the Share dialog (formats.md §5: `embed=1`, `autoplay`, `controls=0`,
//! `start`, `end`, `speed`) and the iframe snippet they give. Pure, so that the reading of the
//! fields and the snippet are tested on the host; the dialog (`ui::components::share`) draws it.

/// Width of the suggested iframe: wide enough for the ring's side-by-side figure to keep its text
/// at 11 px (`draw::ring::Arrangement`).
pub const EMBED_WIDTH: u32 = 840;
/// Height of the suggested iframe with the player.
pub const EMBED_HEIGHT: u32 = 640;
/// Height without the player (`controls=0`).
pub const EMBED_HEIGHT_BARE: u32 = 560;

/// What the embedded figure does.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EmbedOptions {
    /// Start playing on load.
    pub autoplay: bool,
    /// Show the player (`controls=0` hides it).
    pub controls: bool,
    /// First step of the window the player stays in.
    pub start: Option<usize>,
    /// Last step of that window.
    pub end: Option<usize>,
    /// Steps per second.
    pub speed: Option<f64>,
}

/// A problem with one field of the dialog: which field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// `"start"`, `"end"` or `"speed"`.
    pub field: &'static str,
    /// The sentence shown next to the field.
    pub message: String,
}

fn step(field: &'static str, text: &str) -> Result<Option<usize>, FieldError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<usize>().map(Some).map_err(|_| FieldError {
        field,
        message: format!("a step number (0, 1, 2, …), got \"{}\"", clip(t)),
    })
}

fn clip(t: &str) -> String {
    t.chars().take(20).collect()
}

/// Reads the dialog's text fields (empty = not set). `start` must not be after `end`; the speed
/// is in steps per second, between 0.1 and 100 (what the player accepts).
///
/// # Errors
/// Every field that cannot be read, each with its message.
pub fn read_fields(
    autoplay: bool,
    controls: bool,
    start: &str,
    end: &str,
    speed: &str,
) -> Result<EmbedOptions, Vec<FieldError>> {
    let mut errors = Vec::new();
    let start = step("start", start).unwrap_or_else(|e| {
        errors.push(e);
        None
    });
    let end = step("end", end).unwrap_or_else(|e| {
        errors.push(e);
        None
    });
    if let (Some(s), Some(e)) = (start, end) {
        if s > e {
            errors.push(FieldError {
                field: "end",
                message: format!("must not be before the start ({s})"),
            });
        }
    }
    let speed = match speed.trim() {
        "" => None,
        t => match t.parse::<f64>() {
            Ok(v) if v.is_finite() && (0.1..=100.0).contains(&v) => Some(v),
            _ => {
                errors.push(FieldError {
                    field: "speed",
                    message: format!("steps per second between 0.1 and 100, got \"{}\"", clip(t)),
                });
                None
            }
        },
    };
    if errors.is_empty() {
        Ok(EmbedOptions {
            autoplay,
            controls,
            start,
            end,
            speed,
        })
    } else {
        Err(errors)
    }
}

/// The iframe snippet for the share `url` in embed mode with these options.
///
/// ```
/// use hetlab_web::embed::{snippet, EmbedOptions};
/// let o = EmbedOptions { controls: true, start: Some(2), end: Some(9), speed: Some(4.0), ..EmbedOptions::default() };
/// let s = snippet("https://h/#/lu?i=v2.x", "LU", &o);
/// assert!(s.contains(r#"src="https://h/#/lu?i=v2.x&amp;embed=1&amp;start=2&amp;end=9&amp;speed=4""#));
/// ```
#[must_use]
pub fn snippet(url: &str, title: &str, o: &EmbedOptions) -> String {
    let mut src = format!("{url}&embed=1");
    if o.autoplay {
        src.push_str("&autoplay=1");
    }
    if !o.controls {
        src.push_str("&controls=0");
    }
    if let Some(s) = o.start {
        src.push_str(&format!("&start={s}"));
    }
    if let Some(e) = o.end {
        src.push_str(&format!("&end={e}"));
    }
    if let Some(v) = o.speed {
        src.push_str(&format!("&speed={v}"));
    }
    let src = crate::draw::svg::escape(&src);
    let title = crate::draw::svg::escape(title);
    // The embedded page fits its drawing to the frame's height (www/style.css), keeping room for
    // the caption and the player: these heights always show everything.
    let height = if o.controls {
        EMBED_HEIGHT
    } else {
        EMBED_HEIGHT_BARE
    };
    format!(
        r#"<iframe src="{src}" title="HetLab: {title}" width="{EMBED_WIDTH}" height="{height}" style="border:0" loading="lazy"></iframe>"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_become_url_options() {
        let o = read_fields(true, false, " 3 ", "12", "0.5").unwrap();
        assert_eq!(
            o,
            EmbedOptions {
                autoplay: true,
                controls: false,
                start: Some(3),
                end: Some(12),
                speed: Some(0.5)
            }
        );
        let s = snippet("https://x/#/lu?i=v2.a&algo=1d&step=3", "LU & co", &o);
        assert!(
            s.contains(r#"src="https://x/#/lu?i=v2.a&amp;algo=1d&amp;step=3&amp;embed=1&amp;autoplay=1&amp;controls=0&amp;start=3&amp;end=12&amp;speed=0.5""#),
            "{s}"
        );
        assert!(s.contains(r#"title="HetLab: LU &amp; co""#), "{s}");
        assert!(s.contains(&format!(r#"height="{EMBED_HEIGHT_BARE}""#)));
        let plain = snippet("u", "t", &read_fields(false, true, "", "", "").unwrap());
        assert!(plain.contains(r#"src="u&amp;embed=1""#), "{plain}");
        assert!(plain.contains(&format!(r#"height="{EMBED_HEIGHT}""#)));
    }

    #[test]
    fn bad_fields_are_named() {
        let errs = read_fields(false, true, "x", "-1", "0").unwrap_err();
        let fields: Vec<_> = errs.iter().map(|e| e.field).collect();
        assert_eq!(fields, ["start", "end", "speed"]);
        assert!(errs[0].message.contains("\"x\""));
        let errs = read_fields(false, true, "5", "2", "inf").unwrap_err();
        assert_eq!(errs[0].field, "end");
        assert!(errs[0].message.contains("before the start (5)"));
        assert_eq!(errs[1].field, "speed");
    }
}
