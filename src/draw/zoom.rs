//! Zoom and pan of a figure as a view box over its frame: zoom about a point (wheel, pinch,
//! keys), pan by a distance (drag, arrows), reset; always clamped so that some of the figure
//! stays in view and the drawing is never smaller than its frame.

/// The visible part of a `w × h` frame: `1/scale` of it, from `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Magnification (1 = the whole frame).
    pub scale: f64,
    /// Left edge of the visible part, frame units.
    pub x: f64,
    /// Top edge.
    pub y: f64,
}

/// Largest magnification.
pub const MAX_SCALE: f64 = 8.0;

impl Default for View {
    fn default() -> Self {
        View::HOME
    }
}

impl View {
    /// The whole frame.
    pub const HOME: View = View {
        scale: 1.0,
        x: 0.0,
        y: 0.0,
    };

    /// The SVG `viewBox` for a `w × h` frame.
    #[must_use]
    pub fn view_box(&self, w: f64, h: f64) -> String {
        format!(
            "{:.2} {:.2} {:.2} {:.2}",
            self.x,
            self.y,
            w / self.scale,
            h / self.scale
        )
    }

    /// Magnified by `factor` about the frame point `at`, which stays where it is on screen.
    #[must_use]
    pub fn zoom_at(self, factor: f64, at: (f64, f64), w: f64, h: f64) -> View {
        let scale = (self.scale * factor).clamp(1.0, MAX_SCALE);
        let k = self.scale / scale;
        View {
            scale,
            x: at.0 - (at.0 - self.x) * k,
            y: at.1 - (at.1 - self.y) * k,
        }
        .clamped(w, h)
    }

    /// Magnified by `factor` about the centre of what is visible.
    #[must_use]
    pub fn zoom(self, factor: f64, w: f64, h: f64) -> View {
        let c = (self.x + w / self.scale / 2.0, self.y + h / self.scale / 2.0);
        self.zoom_at(factor, c, w, h)
    }

    /// Moved by `(dx, dy)` frame units (what is visible moves the other way).
    #[must_use]
    pub fn pan(self, dx: f64, dy: f64, w: f64, h: f64) -> View {
        View {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
        .clamped(w, h)
    }

    /// The view a key asks for (`+`, `-`, arrows, `0`), if the key means something.
    #[must_use]
    pub fn key(self, key: &str, w: f64, h: f64) -> Option<View> {
        let step = 0.15 / self.scale;
        Some(match key {
            "+" | "=" => self.zoom(1.25, w, h),
            "-" | "_" => self.zoom(0.8, w, h),
            "0" => View::HOME,
            "ArrowLeft" => self.pan(-w * step, 0.0, w, h),
            "ArrowRight" => self.pan(w * step, 0.0, w, h),
            "ArrowUp" => self.pan(0.0, -h * step, w, h),
            "ArrowDown" => self.pan(0.0, h * step, w, h),
            _ => return None,
        })
    }

    /// Not the whole frame.
    #[must_use]
    pub fn zoomed(&self) -> bool {
        *self != View::HOME
    }

    fn clamped(self, w: f64, h: f64) -> View {
        let scale = self.scale.clamp(1.0, MAX_SCALE);
        View {
            scale,
            x: self.x.clamp(0.0, w - w / scale),
            y: self.y.clamp(0.0, h - h / scale),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zooming_keeps_the_point_under_the_pointer_and_resets() {
        let (w, h) = (800.0, 540.0);
        let v = View::HOME.zoom_at(2.0, (600.0, 400.0), w, h);
        assert!((v.scale - 2.0).abs() < 1e-12);
        // The point stays at the same fraction of the visible box.
        let fx = (600.0 - v.x) / (w / v.scale);
        assert!((fx - 600.0 / w).abs() < 1e-12);
        // Never smaller than the frame, never outside it.
        assert_eq!(v.zoom(0.1, w, h), View::HOME);
        let far = v.pan(10_000.0, -10_000.0, w, h);
        assert_eq!((far.x, far.y), (w / 2.0, 0.0));
        assert_eq!(v.key("0", w, h), Some(View::HOME));
        assert!(v.key("+", w, h).unwrap().scale > v.scale);
        assert!(v.key("ArrowLeft", w, h).unwrap().x < v.x);
        assert_eq!(v.key("q", w, h), None);
        assert!(View::HOME.zoom(100.0, w, h).scale <= MAX_SCALE);
        assert_eq!(View::HOME.view_box(w, h), "0.00 0.00 800.00 540.00");
    }
}
