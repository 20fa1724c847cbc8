//! Problems found in user input, each tied to the place that caused it (formats.md section 6).
//!
//! Validation never stops at the first problem: it collects every [`Issue`] it can find so that
//! the user fixes them in one pass. The path uses the JSON spelling (`links[3].c`), which the web
//! app also uses to put the message beside the offending form field.

use std::fmt;

/// One problem in the input: where it is and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Issue {
    /// JSON path of the offending value, e.g. `platform.links[3].c`; empty for the whole input.
    pub path: String,
    /// What is wrong, in plain English, ideally with what to do.
    pub message: String,
}

impl Issue {
    /// An issue at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Issue {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// Every problem found in one input; never empty when returned as an error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(transparent)]
pub struct Issues(pub Vec<Issue>);

impl Issues {
    /// A list holding one issue.
    pub fn one(path: impl Into<String>, message: impl Into<String>) -> Self {
        Issues(vec![Issue::new(path, message)])
    }

    /// Issues whose path is `path` or lies below it (`links[2]` matches `links[2].c`).
    pub fn at<'a>(&'a self, path: &'a str) -> impl Iterator<Item = &'a Issue> + 'a {
        self.0.iter().filter(move |i| {
            i.path == path
                || i.path
                    .strip_prefix(path)
                    .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
        })
    }
}

impl fmt::Display for Issues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, issue) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{issue}")?;
        }
        Ok(())
    }
}

/// Joins a parent path and a child key the way JSON paths read (`a.b`, `a[3]`).
#[must_use]
pub fn join(parent: &str, child: &str) -> String {
    if parent.is_empty() {
        child.to_owned()
    } else if child.starts_with('[') {
        format!("{parent}{child}")
    } else {
        format!("{parent}.{child}")
    }
}

/// Turns a serde error with its path into an [`Issues`] list.
pub(crate) fn from_serde(
    prefix: &str,
    e: &serde_path_to_error::Error<serde_json::Error>,
) -> Issues {
    let path = e.path().to_string();
    let path = if path == "." { String::new() } else { path };
    let message = e.inner().to_string();
    // serde_json appends " at line L column C"; inside a path-tagged message it is noise.
    let message = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_owned();
    Issues::one(join(prefix, &path), message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_join_and_filter() {
        assert_eq!(join("", "nodes"), "nodes");
        assert_eq!(join("platform", "[2]"), "platform[2]");
        assert_eq!(join("platform.links", "[2]"), "platform.links[2]");
        let issues = Issues(vec![
            Issue::new("links[2].c", "bad"),
            Issue::new("links[20].c", "other"),
            Issue::new("links[2]", "self-loop"),
        ]);
        assert_eq!(issues.at("links[2]").count(), 2);
        assert_eq!(
            issues.to_string(),
            "links[2].c: bad\nlinks[20].c: other\nlinks[2]: self-loop"
        );
    }
}
