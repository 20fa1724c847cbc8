//! The step player's state machine, shared by every algorithm page: first / previous / play /
//! pause / next / last, seek, speed, and an optional `[start, end]` window for embedded figures.
//! Pure (no timer, no DOM): the page's effects feed it `Tick`s and keyboard actions.

/// Steps per second offered in the speed menu.
pub const SPEEDS: [f64; 6] = [0.5, 1.0, 2.0, 4.0, 8.0, 16.0];

/// Default speed, steps per second.
pub const DEFAULT_SPEED: f64 = 2.0;

/// Player state: which step is shown (`step` steps applied, `0..=len`).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// Steps applied (0 = initial state).
    pub step: usize,
    /// Number of steps of the trace.
    pub len: usize,
    /// Autoplay is running.
    pub playing: bool,
    /// Steps per second.
    pub speed: f64,
    /// First step of the window.
    pub start: usize,
    /// Last step of the window.
    pub end: usize,
}

/// What the controls, the keyboard and the timer ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Go to the window's first step.
    First,
    /// One step back.
    Prev,
    /// One step forward.
    Next,
    /// Go to the window's last step.
    Last,
    /// Play or pause.
    Toggle,
    /// Stop playing.
    Pause,
    /// Show this step (clamped to the window).
    Seek(usize),
    /// The timer fired: advance, or stop at the end.
    Tick,
    /// Change the speed (steps per second; non-finite or non-positive values are ignored).
    Speed(f64),
}

impl Player {
    /// A player over `len` steps, at `step`, within `[start, end]` (all clamped).
    #[must_use]
    pub fn new(len: usize, step: usize, start: Option<usize>, end: Option<usize>) -> Player {
        let end = end.unwrap_or(len).min(len);
        let start = start.unwrap_or(0).min(end);
        Player {
            step: step.clamp(start, end),
            len,
            playing: false,
            speed: DEFAULT_SPEED,
            start,
            end,
        }
    }

    /// The state after `action`.
    #[must_use]
    pub fn apply(&self, action: &Action) -> Player {
        let mut p = self.clone();
        match action {
            Action::First => {
                p.step = p.start;
                p.playing = false;
            }
            Action::Prev => {
                p.step = p.step.saturating_sub(1).max(p.start);
                p.playing = false;
            }
            Action::Next => {
                p.step = (p.step + 1).min(p.end);
                p.playing = false;
            }
            Action::Last => {
                p.step = p.end;
                p.playing = false;
            }
            Action::Toggle => {
                if !p.playing && p.step >= p.end {
                    // Playing from the end restarts, as media players do.
                    p.step = p.start;
                }
                p.playing = !p.playing && p.start < p.end;
            }
            Action::Pause => p.playing = false,
            Action::Seek(k) => p.step = (*k).clamp(p.start, p.end),
            Action::Tick => {
                if p.playing {
                    p.step = (p.step + 1).min(p.end);
                    p.playing = p.step < p.end;
                }
            }
            Action::Speed(s) => {
                if s.is_finite() && *s > 0.0 {
                    p.speed = s.clamp(0.1, 100.0);
                }
            }
        }
        p
    }

    /// Milliseconds between ticks.
    #[must_use]
    pub fn interval_ms(&self) -> u32 {
        // The speed is clamped to [0.1, 100], so the interval lies in [10, 10 000] ms and the
        // cast neither truncates nor loses a sign.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let ms = (1000.0 / self.speed).round().clamp(10.0, 10_000.0) as u32;
        ms
    }

    /// The action a key stands for (`ArrowLeft`, `ArrowRight`, space, `Home`, `End`).
    #[must_use]
    pub fn key_action(key: &str) -> Option<Action> {
        match key {
            "ArrowLeft" => Some(Action::Prev),
            "ArrowRight" => Some(Action::Next),
            " " | "Spacebar" => Some(Action::Toggle),
            "Home" => Some(Action::First),
            "End" => Some(Action::Last),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_within_the_window() {
        let p = Player::new(10, 4, None, None);
        assert_eq!(p.apply(&Action::Prev).step, 3);
        assert_eq!(p.apply(&Action::Next).step, 5);
        assert_eq!(p.apply(&Action::Last).step, 10);
        assert_eq!(p.apply(&Action::First).step, 0);
        assert_eq!(p.apply(&Action::Seek(99)).step, 10);
        let w = Player::new(10, 0, Some(3), Some(6));
        assert_eq!(w.step, 3);
        assert_eq!(w.apply(&Action::Prev).step, 3);
        assert_eq!(w.apply(&Action::Last).step, 6);
        assert_eq!(Player::new(5, 9, Some(8), Some(20)).step, 5);
    }

    #[test]
    fn plays_to_the_end_and_stops() {
        let mut p = Player::new(3, 0, None, None).apply(&Action::Toggle);
        assert!(p.playing);
        for want in [1, 2, 3] {
            p = p.apply(&Action::Tick);
            assert_eq!(p.step, want);
        }
        assert!(!p.playing);
        assert_eq!(p.apply(&Action::Tick).step, 3);
        // Play at the end restarts from the start.
        let again = p.apply(&Action::Toggle);
        assert_eq!((again.step, again.playing), (0, true));
        // Stepping pauses.
        assert!(!again.apply(&Action::Next).playing);
        // An empty trace never plays.
        assert!(!Player::new(0, 0, None, None).apply(&Action::Toggle).playing);
    }

    #[test]
    fn speed_and_keys() {
        let p = Player::new(3, 0, None, None);
        assert_eq!(p.interval_ms(), 500);
        assert_eq!(
            p.apply(&Action::Speed(f64::NAN)).interval_ms(),
            p.interval_ms()
        );
        assert_eq!(p.apply(&Action::Speed(1e9)).interval_ms(), 10);
        assert_eq!(Player::key_action("End"), Some(Action::Last));
        assert_eq!(Player::key_action(" "), Some(Action::Toggle));
        assert_eq!(Player::key_action("x"), None);
    }
}
