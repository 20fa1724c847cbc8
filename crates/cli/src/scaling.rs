//! `hetlab scaling`: the chains.md §9.4 table (mean percent imbalance of RB, MP and the
//! optimum against `P`, workload seed 1, speed seeds `1000·emax + 10·P + k`, k = 1..5), computed
//! by the core's `chains::scaling::scaling_table`; this module only prints it.

use anyhow::{anyhow, bail, Result};
use hetlab_core::chains::scaling::{scaling_table, ScalingRow};
use hetlab_core::chains::workload::{Workload, WORKLOADS};
use hetlab_core::rational::to_f64;

/// The presets of the spec's printed table.
pub const DEFAULT_PRESETS: [&str; 2] = ["blunt-like", "g7jac050sc-like"];
/// The spec's `P` column.
pub const DEFAULT_PS: [usize; 5] = [32, 64, 128, 256, 512];
/// Most processors accepted (the paper's largest grid point).
const MAX_P: usize = 2048;

/// The table for `presets` (the spec's two when empty) at `ps` with speeds `1..=emax`, as
/// text (`| preset | P | RB | MP | OPT |`, three decimals) or JSON (exact fractions).
///
/// # Errors
/// An unknown preset, a `P` outside `1..=2048`, `emax` outside `1..=16`, or the core's refusal.
pub fn run(presets: &[String], ps: &[usize], emax: u64, json: bool) -> Result<String> {
    let names: Vec<&str> = if presets.is_empty() {
        DEFAULT_PRESETS.to_vec()
    } else {
        presets.iter().map(String::as_str).collect()
    };
    let ps: &[usize] = if ps.is_empty() { &DEFAULT_PS } else { ps };
    if let Some(p) = ps.iter().find(|&&p| p == 0 || p > MAX_P) {
        bail!("--p {p}: P must be between 1 and {MAX_P}");
    }
    if !(1..=16).contains(&emax) {
        bail!("--emax {emax}: speeds range 1..=emax with emax between 1 and 16");
    }
    let mut tables = Vec::with_capacity(names.len());
    for name in names {
        let w = Workload::named(name).ok_or_else(|| {
            let known: Vec<&str> = WORKLOADS.iter().map(|w| w.name).collect();
            anyhow!("unknown preset \"{name}\" (known: {})", known.join(", "))
        })?;
        let rows = scaling_table(name, emax, ps).map_err(|e| anyhow!("{name}: {e}"))?;
        let total: u64 = w.weights(1).iter().sum();
        tables.push((w, total, rows));
    }
    if json {
        let docs: Vec<serde_json::Value> = tables
            .iter()
            .map(|(w, total, rows)| {
                serde_json::json!({"preset": w.name, "w_tot": total, "emax": emax, "rows": rows})
            })
            .collect();
        return Ok(serde_json::to_string_pretty(&docs)?);
    }
    let mut out = format!("Percent imbalance, speeds 1-{emax}, mean over speed seeds k = 1..5\n");
    out.push_str("| preset | P | RB | MP | OPT |\n|---|---|---|---|---|\n");
    for (w, total, rows) in &tables {
        for (i, r) in rows.iter().enumerate() {
            let label = if i == 0 {
                format!("{} (W_tot = {total})", w.name)
            } else {
                String::new()
            };
            out.push_str(&format!("| {label} | {} |\n", cells(r)));
        }
    }
    Ok(out.trim_end().to_owned())
}

/// `P | RB | MP | OPT` with three decimals.
fn cells(r: &ScalingRow) -> String {
    let f = |q| format!("{:.3}", to_f64(q));
    format!("{} | {} | {} | {}", r.p, f(&r.rb), f(&r.mp), f(&r.opt))
}
