//! `hetlab sweep`: a sweep spec (docs/sweeps.md) run on every core with rayon, written as CSV
//! in instance order, resumable, sharded, merged, or handed to Slurm.
//!
//! The rows come from the core (`hetlab_core::sweep`), which depends on the spec and the
//! instance only; this module decides where and when they run. Each instance's lines are
//! appended whole and flushed in instance order, so a crash leaves a prefix of the final file
//! (at worst with a torn last line), which a run with the same `-o` resumes.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read as _, Seek as _, SeekFrom, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _, Result};
use hetlab_core::sweep::csv::Resume;
use hetlab_core::sweep::{self, builtin, Sweep};
use rayon::prelude::*;

mod slurm;

/// Largest sweep CSV read back (resume, merge), in bytes: 100 000 rows of about 100 bytes,
/// with room to spare.
const MAX_CSV_BYTES: u64 = 64 * 1024 * 1024;
/// Largest spec read, in bytes (the core refuses a larger one with its field named).
const MAX_SPEC_BYTES: u64 = 1024 * 1024;
/// Instances timed first to estimate the whole sweep (their rows are kept).
const SAMPLE: usize = 3;

/// How to re-run one row of a sweep's CSV (`hetlab sweep --help`).
pub const RECIPE: &str = "\
Each CSV row is one instance and one algorithm; re-run it alone with the row's fields:
  hetlab gen FAMILY --shape SHAPE --size SIZE --seed SEED > instance.json
  hetlab solve --algorithm ALGORITHM instance.json
(add --no-limits when the spec says \"limits\": \"lifted\"). Spec format: docs/sweeps.md;
the built-in sweeps run as `hetlab sweep builtin:FAMILY` (`hetlab sweep builtin:chains`).";

/// What `hetlab sweep` does besides running a spec.
#[derive(clap::Subcommand)]
pub enum Action {
    /// Join shard files into exactly the file one run writes (the header checked, every
    /// instance there once; with --spec, none missing at the end either).
    Merge {
        /// The shard CSV files, in any order.
        #[arg(required = true)]
        files: Vec<String>,
        /// The merged CSV file.
        #[arg(short, long)]
        output: String,
        /// The sweep's spec (a file or `builtin:NAME`), to check that every instance is there.
        #[arg(long)]
        spec: Option<String>,
    },
}

/// What `hetlab sweep SPEC` was asked.
#[derive(clap::Args)]
pub struct Args {
    /// The sweep spec: a JSON file, `-` for standard input, or `builtin:FAMILY`.
    spec: Option<String>,
    /// The CSV file, resumed when it exists; standard output when absent.
    #[arg(short, long)]
    output: Option<String>,
    /// Run one of N disjoint parts, `I/N` with I from 0 to N-1: the instances k with
    /// k mod N = I (the grid's sizes spread over every shard).
    #[arg(long)]
    shard: Option<String>,
    /// Worker threads; every core when absent.
    #[arg(long)]
    threads: Option<usize>,
    /// Refuse before running when a timed sample of instances says the sweep would take
    /// longer than this many seconds (0: no budget).
    #[arg(long, default_value_t = 600)]
    budget: u64,
    /// Print a shell script that submits the sweep to Slurm as a job array of N shards and a
    /// dependent merge into -o (nothing is submitted).
    #[arg(long)]
    slurm: Option<usize>,
}

/// `hetlab sweep …`: runs, merges or prints the Slurm script. Returns what to print on
/// standard output afterwards (the script); the CSV goes to `-o` or standard output as it is
/// made.
///
/// # Errors
/// A bad spec (its fields named), shard, file or budget, in a sentence.
pub fn command(action: Option<Action>, args: &Args) -> Result<Option<String>> {
    match (action, &args.spec) {
        (
            Some(Action::Merge {
                files,
                output,
                spec,
            }),
            _,
        ) => merge(&files, &output, spec.as_deref()).map(|()| None),
        (None, Some(spec)) => run(spec, args),
        (None, None) => Err(anyhow!(
            "`hetlab sweep` needs a spec (a file or builtin:FAMILY), or `merge`"
        )),
    }
}

/// The spec's text: a file, standard input, or a built-in sweep.
pub fn spec_text(spec: &str) -> Result<String> {
    if let Some(name) = spec.strip_prefix("builtin:") {
        return builtin::spec(name).map(str::to_owned).ok_or_else(|| {
            let names: Vec<&str> = builtin::BUILTIN.iter().map(|(n, _)| *n).collect();
            anyhow!("no built-in sweep \"{name}\" (known: {})", names.join(", "))
        });
    }
    if spec == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(MAX_SPEC_BYTES + 1)
            .read_to_end(&mut bytes)
            .context("reading standard input")?;
        return text_of(bytes, "standard input", MAX_SPEC_BYTES);
    }
    let mut f = File::open(spec).with_context(|| format!("reading {spec}"))?;
    read_capped(&mut f, spec, MAX_SPEC_BYTES)
}

/// The validated sweep of `spec`, its problems one per line with their fields.
pub fn read_sweep(spec: &str) -> Result<Sweep> {
    let text = spec_text(spec)?;
    sweep::parse(&text).map_err(|e| {
        let lines: Vec<String> = e.0.iter().map(ToString::to_string).collect();
        anyhow!(
            "{spec} is not a sweep HetLab can run:\n{}",
            lines.join("\n")
        )
    })
}

/// `I/N` read and checked against nothing yet (the sweep checks the range).
fn shard(text: &str) -> Result<(usize, usize)> {
    let (i, n) = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)))
        .ok_or_else(|| anyhow!("--shard {text}: expected I/N, such as 0/4"))?;
    Ok((i, n))
}

/// Runs `hetlab sweep SPEC`; returns what to print on standard output after the run (the
/// Slurm script), the CSV itself going to `-o` or standard output as it is made.
fn run(spec: &str, args: &Args) -> Result<Option<String>> {
    let sweep = read_sweep(spec)?;
    if let Some(n) = args.slurm {
        if args.shard.is_some() {
            bail!("--slurm makes the shards itself: leave out --shard");
        }
        let job = slurm::Job {
            spec,
            output: args.output.as_deref(),
            threads: args.threads,
            budget: args.budget,
        };
        return slurm::script(&sweep, &job, n).map(Some);
    }
    let ks = match &args.shard {
        Some(text) => {
            let (i, n) = shard(text)?;
            sweep.shard(i, n).map_err(|e| anyhow!("--shard: {e}"))?
        }
        None => (0..sweep.instances()).collect(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("starting the worker threads")?;
    let threads = pool.current_num_threads();
    let (mut out, kept) = open(&sweep, args.output.as_deref(), &ks)?;
    let done = kept.done;
    let todo = &ks[done..];
    let started = now();
    let sampled = pool.install(|| sample(&sweep, todo, threads, args.budget))?;
    if kept.keep == 0 {
        out.write_all(sweep::csv::header(&sweep).as_bytes())?;
        out.flush()?;
    }
    write_in_order(&pool, &sweep, todo, sampled, &mut out)?;
    let secs = started.elapsed().as_secs_f64();
    let resumed = if done > 0 {
        format!(", {done} kept from the partial file")
    } else {
        String::new()
    };
    let plural = if threads == 1 { "" } else { "s" };
    let _ = writeln!(
        std::io::stderr(),
        "hetlab: sweep: {} instances in {secs:.2} s on {threads} thread{plural}{resumed}",
        todo.len()
    );
    Ok(None)
}

/// Where the CSV goes, and what it already holds: `path` is opened, its header and complete
/// instances of `ks` kept and the rest cut off (standard output when `None`, nothing kept).
fn open(sweep: &Sweep, path: Option<&str>, ks: &[usize]) -> Result<(Box<dyn Write>, Resume)> {
    let Some(path) = path else {
        let nothing = Resume { keep: 0, done: 0 };
        return Ok((Box::new(std::io::stdout().lock()), nothing));
    };
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("opening {path}"))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        // A pipe or a device (`-o /dev/stdout`): written through, nothing to resume.
        let nothing = Resume { keep: 0, done: 0 };
        return Ok((Box::new(file), nothing));
    }
    let text = read_capped(&mut file, path, MAX_CSV_BYTES)?;
    let r = sweep::csv::resume(sweep, &text, ks)
        .map_err(|e| anyhow!("{path} cannot be resumed: {e} (write to another file)"))?;
    file.set_len(r.keep as u64)
        .and_then(|()| file.seek(SeekFrom::End(0)).map(|_| ()))
        .with_context(|| format!("cutting {path} after its complete instances"))?;
    Ok((Box::new(file), r))
}

/// A file's text, at most `cap` bytes (a directory or an endless device is refused).
fn read_capped(file: &mut File, name: &str, cap: u64) -> Result<String> {
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        bail!("reading {name}: it is a directory, not a file");
    }
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {name}"))?;
    text_of(bytes, name, cap)
}

/// `bytes` as text, refused past `cap` bytes or when not UTF-8.
fn text_of(bytes: Vec<u8>, name: &str, cap: u64) -> Result<String> {
    if bytes.len() as u64 > cap {
        bail!("{name} is over {cap} bytes");
    }
    String::from_utf8(bytes).map_err(|_| anyhow!("{name} is not UTF-8 text"))
}

/// The wall clock: only the command line times a sweep (its budget and its report).
#[allow(
    clippy::disallowed_methods,
    reason = "the sweep's budget is an estimate of wall time from a timed sample; no result depends on it"
)]
fn now() -> Instant {
    Instant::now()
}

/// Runs up to [`SAMPLE`] instances spread over `todo`, timing each, and refuses the sweep when
/// the whole would pass `budget` seconds on `threads` threads. Returns the sample's lines.
fn sample(
    sweep: &Sweep,
    todo: &[usize],
    threads: usize,
    budget: u64,
) -> Result<BTreeMap<usize, String>> {
    if budget == 0 || todo.is_empty() {
        return Ok(BTreeMap::new());
    }
    let n = SAMPLE.min(todo.len());
    let picks: Vec<usize> = (0..n)
        .map(|i| {
            todo[if n == 1 {
                0
            } else {
                i * (todo.len() - 1) / (n - 1)
            }]
        })
        .collect();
    let timed: Vec<(usize, String, Duration)> = picks
        .par_iter()
        .map(|&k| {
            let t = now();
            let lines = sweep.run_csv(k);
            (k, lines, t.elapsed())
        })
        .collect();
    let mean = timed.iter().map(|t| t.2.as_secs_f64()).sum::<f64>() / n as f64;
    let rest = (todo.len() - n) as f64;
    let estimate = mean * rest / threads as f64;
    if estimate > budget as f64 {
        bail!(
            "this sweep would take about {} on {threads} threads ({} instances at {mean:.3} s each, timed on a sample of {n}), over the budget of {budget} s: raise --budget, split it with --shard or --slurm, or shrink the sweep",
            duration(estimate),
            todo.len(),
        );
    }
    Ok(timed.into_iter().map(|(k, l, _)| (k, l)).collect())
}

/// Seconds in words: `42 s`, `12 min`, `3.5 h`.
fn duration(secs: f64) -> String {
    if secs < 120.0 {
        format!("{secs:.0} s")
    } else if secs < 7200.0 {
        format!("{:.0} min", secs / 60.0)
    } else {
        format!("{:.1} h", secs / 3600.0)
    }
}

/// Runs the instances of `todo` not in `ready` on the pool and appends every instance's lines
/// to `out` in `todo`'s order, flushing after each.
fn write_in_order(
    pool: &rayon::ThreadPool,
    sweep: &Sweep,
    todo: &[usize],
    mut ready: BTreeMap<usize, String>,
    out: &mut dyn Write,
) -> Result<()> {
    let (tx, rx) = mpsc::channel::<(usize, String)>();
    let left: Vec<usize> = todo
        .iter()
        .copied()
        .filter(|k| !ready.contains_key(k))
        .collect();
    std::thread::scope(|scope| -> Result<()> {
        scope.spawn(move || {
            pool.install(|| {
                // `par_bridge` hands the instances out in order, so that they finish
                // nearly in order and a crash loses little.
                left.into_iter().par_bridge().for_each_with(tx, |tx, k| {
                    // The receiver only stops on a write error, which is reported there.
                    let _ = tx.send((k, sweep.run_csv(k)));
                });
            });
        });
        let mut next = todo.iter().peekable();
        let mut write = |ready: &mut BTreeMap<usize, String>| -> Result<()> {
            while let Some(lines) = next.peek().and_then(|k| ready.remove(k)) {
                out.write_all(lines.as_bytes())?;
                out.flush()?;
                next.next();
            }
            Ok(())
        };
        write(&mut ready)?;
        for (k, lines) in rx {
            ready.insert(k, lines);
            write(&mut ready).context("writing the sweep's rows")?;
        }
        Ok(())
    })
}

/// `hetlab sweep merge FILES -o OUT [--spec SPEC]`.
fn merge(files: &[String], output: &str, spec: Option<&str>) -> Result<()> {
    if files.is_empty() {
        bail!("no shard to merge");
    }
    let sweep = spec.map(read_sweep).transpose()?;
    let mut texts = Vec::new();
    for name in files {
        let mut f = File::open(name).with_context(|| format!("reading {name}"))?;
        texts.push((name.clone(), read_capped(&mut f, name, MAX_CSV_BYTES)?));
    }
    let merged = sweep::csv::merge(&texts, sweep.as_ref()).map_err(|e| anyhow!("{e}"))?;
    let mut out = File::create(output).with_context(|| format!("writing {output}"))?;
    out.write_all(merged.as_bytes())
        .and_then(|()| out.flush())
        .with_context(|| format!("writing {output}"))?;
    Ok(())
}
