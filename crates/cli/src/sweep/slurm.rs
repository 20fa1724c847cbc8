//! `hetlab sweep SPEC --slurm N -o OUT.csv`: a shell script that submits the sweep to Slurm
//! as a job array of `N` shards (`--shard $SLURM_ARRAY_TASK_ID/N`), then the merge as a job
//! that waits for the whole array (`--dependency=afterok`). Nothing is submitted: the script
//! is printed, to be read and run (`sh sweep.sh`) where `sbatch` is.

use std::path::Path;

use anyhow::{bail, Context as _, Result};
use hetlab_core::sweep::Sweep;

/// Most shards of a job array written.
const MAX_SHARDS: usize = 10_000;

/// `text` in single quotes for `sh`.
fn sh(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// An absolute path for `path`, so that the jobs find it from any directory.
fn absolute(path: &str) -> Result<String> {
    let p = Path::new(path);
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir()
            .context("reading the current directory")?
            .join(p)
    };
    Ok(abs.to_string_lossy().into_owned())
}

/// What the jobs run: the spec as given, `-o`, `--threads` and `--budget`.
pub struct Job<'a> {
    /// The spec: a file or `builtin:NAME`.
    pub spec: &'a str,
    /// The merged file.
    pub output: Option<&'a str>,
    /// Threads per shard; Slurm's CPUs per task when absent.
    pub threads: Option<usize>,
    /// Each shard's budget, in seconds.
    pub budget: u64,
}

/// The script for `n` shards of `sweep` run as `args` says, merged into `args.output`.
pub fn script(sweep: &Sweep, args: &Job<'_>, n: usize) -> Result<String> {
    if n == 0 || n > MAX_SHARDS {
        bail!("--slurm {n}: the number of shards must be between 1 and {MAX_SHARDS}");
    }
    let Some(output) = args.output else {
        bail!("--slurm needs -o OUT.csv: the merged file the last job writes");
    };
    let spec = if args.spec.starts_with("builtin:") {
        args.spec.to_owned()
    } else if args.spec == "-" {
        bail!("--slurm needs the spec in a file (the jobs read it), not standard input");
    } else {
        absolute(args.spec)?
    };
    let out = absolute(output)?;
    let exe = std::env::current_exe().context("finding the hetlab binary")?;
    let threads = args.threads.map_or_else(
        || "\"\\${SLURM_CPUS_PER_TASK:-1}\"".to_owned(),
        |t| t.to_string(),
    );
    let cpus = args
        .threads
        .map_or_else(String::new, |t| format!("#SBATCH --cpus-per-task={t}\n"));
    let shards: Vec<String> = (0..n)
        .map(|i| sh(&format!("{out}.shard-{i}.csv")))
        .collect();
    Ok(format!(
        r#"#!/bin/sh
# HetLab sweep of {family}: {instances} instances in {n} shards (instance k runs in shard k mod {n}).
# Submit with `sh THIS_FILE` where sbatch is; a shard that stops resumes when run again.
# The merged file {out} is byte for byte what one `hetlab sweep` writes.
set -eu
HETLAB="${{HETLAB:-{exe}}}"
array=$(sbatch --parsable <<EOF
#!/bin/sh
#SBATCH --job-name=hetlab-sweep
#SBATCH --array=0-{last}
#SBATCH --output={out}.shard-%a.log
{cpus}exec "$HETLAB" sweep {spec} --shard "\$SLURM_ARRAY_TASK_ID/{n}" --threads {threads} --budget {budget} -o "{out}.shard-\$SLURM_ARRAY_TASK_ID.csv"
EOF
)
merge=$(sbatch --parsable --dependency=afterok:"${{array%%;*}}" <<EOF
#!/bin/sh
#SBATCH --job-name=hetlab-sweep-merge
#SBATCH --output={out}.merge.log
exec "$HETLAB" sweep merge --spec {spec} -o {out_q} {shards}
EOF
)
echo "submitted job array $array and merge job $merge (into {out})"
"#,
        family = sweep.family,
        instances = sweep.instances(),
        exe = exe.to_string_lossy(),
        last = n - 1,
        budget = args.budget,
        spec = sh(&spec),
        out_q = sh(&out),
        shards = shards.join(" "),
    ))
}
