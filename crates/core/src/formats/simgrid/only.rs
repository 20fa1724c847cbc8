//! Which hosts of a SimGrid file become HetLab nodes: those of the one zone or cluster the user
//! names (`hetlab import simgrid --zone`, the SimGrid box's "Only zone" field), the first ones
//! (`--hosts N`, "First hosts": a cluster too large for HetLab and with no smaller zone, such as
//! SimGrid's 65 536-host crossbar), or both; every host by default. The reader's state of the
//! choice ([`Select`]) is acted on in `select.rs`.

use crate::issue::{quote, Issues};
use crate::platform::MAX_NODES;

/// How to choose, said in a refusal.
pub(super) const HOW: &str = "import one zone or cluster (--zone NAME; on the page, Only zone) or its first hosts (--hosts N; on the page, First hosts)";

/// Which hosts of a SimGrid file become HetLab nodes; the others only carry routes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Only {
    /// The zone or cluster (its `id`) whose hosts are kept; the whole file when `None`.
    pub zone: Option<String>,
    /// At most this many hosts are kept, the first in the file's order (a cluster's in the
    /// order of its radical); from 1 to HetLab's [`MAX_NODES`].
    pub first: Option<usize>,
}

impl Only {
    /// The fields typed on the page ("Only zone", "First hosts"); blank keeps every one.
    ///
    /// ```
    /// use hetlab_core::formats::simgrid::Only;
    /// let only = Only::parse(" c4 ", "100").unwrap();
    /// assert_eq!(only.zone.as_deref(), Some("c4"));
    /// assert_eq!(only.first, Some(100));
    /// assert_eq!(Only::parse("", " ").unwrap(), Only::default());
    /// assert!(Only::parse("", "0").is_err());
    /// ```
    ///
    /// # Errors
    /// First hosts that are not a whole number from 1 to [`MAX_NODES`].
    pub fn parse(zone: &str, first: &str) -> Result<Only, Issues> {
        let zone = Some(zone.trim()).filter(|z| !z.is_empty());
        let first = first.trim();
        let only = Only {
            zone: zone.map(str::to_owned),
            first: match first {
                "" => None,
                f => Some(f.parse().map_err(|_| wrong_first(f))?),
            },
        };
        only.check()?;
        Ok(only)
    }

    /// Whether the number of hosts kept is from 1 to [`MAX_NODES`] (else the message).
    pub(super) fn check(&self) -> Result<(), Issues> {
        match self.first {
            Some(n) if n == 0 || n > MAX_NODES => Err(wrong_first(&n.to_string())),
            _ => Ok(()),
        }
    }
}

fn wrong_first(got: &str) -> Issues {
    Issues::one(
        "first hosts",
        format!(
            "must be a whole number from 1 to {MAX_NODES} (HetLab's most nodes), got {}",
            quote(got)
        ),
    )
}

/// Which hosts of a file become HetLab nodes (`select.rs` acts on it): the choice, where the
/// reader is, what did not fit.
pub(super) struct Select {
    pub(super) only: Only,
    /// How many kept zones enclose the element being read.
    pub(super) inside: u32,
    pub(super) found: bool,
    /// Hosts to keep that HetLab's node cap left as netpoints only.
    pub(super) spare: Vec<usize>,
    /// Hosts outside the kept zone, or past the first hosts kept (netpoints only).
    pub(super) outside: Vec<usize>,
    /// Hosts of the kept zone past the first hosts kept.
    pub(super) past_first: usize,
}

impl Select {
    pub(super) fn new(only: Only) -> Select {
        Select {
            only,
            inside: 0,
            found: false,
            spare: Vec::new(),
            outside: Vec::new(),
            past_first: 0,
        }
    }

    /// Whether some hosts may be left out (then every file goes through the zone tree).
    pub(super) fn is_some(&self) -> bool {
        self.only != Only::default()
    }
}
