//! `hetlab rates`: steady-state rates a user chooses, checked and scheduled by the core's
//! `steady_state::rates::check` (steady-state.md §4.1, §7); this module only reads and prints.

use anyhow::{anyhow, bail, Result};
use hetlab_core::families::Instance;
use hetlab_core::steady_state::rates::{check, papers, Typed};

/// The check of `rates` (a rates file's text), or of the paper's rates when `paper`, on the
/// steady-state instance `instance`, as pretty JSON: `problems` (entries that are not numbers),
/// `violations` (every broken constraint), `throughput`, `period`, `no_period`.
///
/// # Errors
/// An instance that is not a steady-state one, a rates file that does not read, or `--paper`
/// on another platform than Example 1's.
pub fn run(instance: &str, rates: Option<&str>, paper: bool) -> Result<String> {
    let Instance::SteadyState(inst) = Instance::from_json(instance)? else {
        bail!("`hetlab rates` checks steady-state instances only");
    };
    let typed = match rates {
        Some(text) if !paper => Typed::from_json(&inst, text).map_err(|e| anyhow!(e))?,
        _ => papers(&inst).ok_or_else(|| {
            anyhow!(
                "--paper: the paper's rates are those of Example 1's platform (preset example-1)"
            )
        })?,
    };
    Ok(serde_json::to_string_pretty(&check(&inst, &typed))?)
}
