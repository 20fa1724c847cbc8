//! A [`Platform`] in and out of JSON (formats.md section 2), through the reader of `raw.rs`.

use super::raw::{parse_json, RawPlatform};
use super::Platform;
use crate::issue::Issues;

impl Platform {
    /// Parses a platform JSON document (with or without the `format`/`version` header).
    ///
    /// # Errors
    /// Every problem found, each with its field path (formats.md section 6).
    pub fn from_json(text: &str) -> Result<Platform, Issues> {
        let raw: RawPlatform = parse_json(text, "")?;
        raw.into_platform("")
    }

    /// The platform as a standalone JSON document (pretty when `pretty`).
    #[must_use]
    pub fn to_json(&self, pretty: bool) -> String {
        let raw = RawPlatform::from_platform(self, true);
        let out = if pretty {
            serde_json::to_string_pretty(&raw)
        } else {
            serde_json::to_string(&raw)
        };
        // Serialising plain data structures to a string cannot fail.
        out.unwrap_or_default()
    }

    /// The JSON value of this platform (without the header) for embedding in an instance.
    pub(crate) fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(RawPlatform::from_platform(self, false)).unwrap_or_default()
    }
}
