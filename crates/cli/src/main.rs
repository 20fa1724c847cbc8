//! `hetlab`: HetLab's solvers on the command line (formats.md section 7). JSON in, JSON out
//! (or a schedule as a Paje trace or CSV; SimGrid platforms in and out); errors on stderr with
//! exit code 1; usage errors (from clap) exit with code 2. `hetlab practice answer` exits with 0
//! (right), 1 (wrong) or 2 (malformed).
//!
//! Input is read through a cap (`MAX_INPUT_BYTES`) before anything is allocated for it, so
//! `/dev/zero`, `/dev/urandom` or an endless pipe end at once with a message; output that
//! nobody reads any more (`hetlab solve x.json | head -c1`) ends the program quietly.

use std::fs::File;
use std::io::{ErrorKind, Read, Write as _};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context as _, Result};
use clap::{Parser, Subcommand};
use hetlab_core::families::Instance;
use hetlab_core::family::{Detail, Limits};
use hetlab_core::formats::{csv, paje, simgrid};
use hetlab_core::generate::{self, Shape};
use hetlab_core::platform::Platform;
use hetlab_core::{catalog, families, share};

mod practice;
mod rates;
mod scaling;
mod sweep;

#[derive(Parser)]
#[command(
    name = "hetlab",
    version,
    about = "Scheduling and load balancing on heterogeneous platforms: HetLab's solvers"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How SimGrid's absolute units map to HetLab's relative costs (import and export).
#[derive(clap::Args, Debug)]
struct Units {
    /// Work of one task, in SimGrid units: a host of speed s computes a task in w = flops / s
    /// (1Gf, 500Mf, 1e9).
    #[arg(long, default_value = simgrid::DEFAULT_FLOPS)]
    flops: String,
    /// Data of one message: a link of bandwidth b carries it in c = bytes / b (1MB, 8Mb, 4KiB).
    #[arg(long, default_value = simgrid::DEFAULT_BYTES)]
    bytes: String,
}

#[derive(Subcommand)]
enum Command {
    /// Solve an instance and print the result JSON.
    Solve {
        /// Algorithm name (see `hetlab list`); the family's default when absent.
        #[arg(long)]
        algorithm: Option<String>,
        /// Add the step trace, one object per step with its English caption, and its length
        /// `steps` (an untraced result has neither).
        #[arg(long)]
        trace: bool,
        /// Add what the site shows beside the solution: for the steady-state LP, the throughput
        /// under the other operating models, the prices that prove the bound, the best single
        /// spanning tree and the simulated runs (several exact solves more).
        #[arg(long)]
        explain: bool,
        /// Output: the result JSON, or the schedule (the result's Gantt chart) as a Paje trace
        /// for ViTE/PajeNG or as CSV.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Lift the size limits of the exact solvers (set where a solve still answers within
        /// about a second in the browser): larger instances are solved, however long it takes.
        #[arg(long)]
        no_limits: bool,
        /// Instance JSON file, or `-` for standard input.
        file: String,
    },
    /// Read another tool's platform file and print the HetLab platform JSON.
    Import {
        /// The format: `simgrid` (a SimGrid platform XML, version 4.1: zones, clusters, zone routes).
        #[arg(value_enum)]
        format: Platforms,
        #[command(flatten)]
        units: Units,
        /// Keep as HetLab nodes only the hosts of this zone or cluster (its `id`); the other
        /// hosts still carry routes. For platforms past HetLab's 500 nodes (Grid'5000's
        /// `g5k.xml`): a refusal lists the zones and their numbers of hosts.
        #[arg(long)]
        zone: Option<String>,
        /// Keep as HetLab nodes only the first N hosts (in the file's order, a cluster's in the
        /// order of its radical; within `--zone` when given), from 1 to 500; the other hosts
        /// still carry routes. For a cluster past HetLab's limits with no smaller zone
        /// (SimGrid's 65 536-host `cluster_crossbar.xml`).
        #[arg(long, value_name = "N")]
        hosts: Option<usize>,
        /// The platform file, or `-` for standard input.
        file: String,
    },
    /// Print a HetLab platform (or an instance's platform) in another tool's format, or a
    /// SimGrid program that plays an instance's schedule.
    Export {
        /// The format: `simgrid` (platform XML, version 4.1) or `simgrid-run` (a Python program
        /// for SimGrid 3.32 that embeds the platform, plays the schedule HetLab computes for an
        /// instance and prints measured against predicted: `python3 out.py`).
        #[arg(value_enum)]
        format: Exports,
        #[command(flatten)]
        units: Units,
        /// With `simgrid-run`: the algorithm whose schedule is played (the family's default
        /// when absent).
        #[arg(long)]
        algorithm: Option<String>,
        /// A platform JSON or an instance JSON holding a platform, or `-` for standard input.
        file: String,
    },
    /// Print the share-URL payload (`v2.…`) of an instance.
    Encode {
        /// Instance JSON file, or `-` for standard input.
        file: String,
    },
    /// Print the instance JSON held by a share-URL payload (or a whole share URL).
    Decode {
        /// The payload (`v2.…` or an old `v1.…`) or a URL containing `i=…`; may start with `-`.
        #[arg(allow_hyphen_values = true)]
        payload: String,
    },
    /// Print a random instance; the same seed gives the same instance everywhere.
    Gen {
        /// Problem family (`steady-state`).
        problem: String,
        /// Random seed.
        #[arg(long)]
        seed: u64,
        /// Number of nodes.
        #[arg(long, default_value_t = 8)]
        size: usize,
        /// Platform shape: star, tree, chain, ring, random, clusters.
        #[arg(long, default_value = "random")]
        shape: String,
    },
    /// List the problems and their algorithms.
    List,
    /// Print what a family's page explains about its problem: why it is hard, what its
    /// algorithms guarantee, with the spec sections, the scenes that show it and the papers.
    About {
        /// Problem family (`steady-state`, see `hetlab list`).
        problem: String,
    },
    /// Print practice questions as JSON with their answers (for teachers who build exams), or
    /// check one answer (`hetlab practice answer`): docs/practice.md.
    #[command(args_conflicts_with_subcommands = true)]
    Practice {
        /// `answer`: check one answer.
        #[command(subcommand)]
        action: Option<PracticeAction>,
        /// Problem family (`chains`, see `hetlab list`).
        #[arg(long)]
        family: Option<String>,
        /// Seed: the same family, seed and difficulty give the same questions everywhere.
        #[arg(long)]
        seed: Option<u64>,
        /// Number of questions.
        #[arg(long, default_value_t = 10)]
        count: u64,
        /// Instance size: small, medium or large.
        #[arg(long, default_value = "small")]
        difficulty: String,
    },
    /// Run a sweep (docs/sweeps.md): one family's algorithms over a grid of generated
    /// instances, on every core, as CSV in instance order (one row per instance and
    /// algorithm). With -o, a partial file is resumed: its complete instances are kept.
    #[command(args_conflicts_with_subcommands = true, after_help = sweep::RECIPE)]
    Sweep {
        /// `merge`: join shards.
        #[command(subcommand)]
        action: Option<sweep::Action>,
        #[command(flatten)]
        args: sweep::Args,
    },
    /// Check steady-state rates you choose against every constraint of the LP (each broken one
    /// named) and, when they are feasible, print their throughput and the periodic schedule
    /// built from them (T, A, L, tasks per period; with start-up latencies, one batch's period
    /// and throughput), as JSON.
    Rates {
        /// The rates file: `{"x": {"<node id>": "1/3", …}, "f": {"<from>-><to>": "1/6", …},
        /// "lcalc": "2", "lcomm": "1"}`; nodes and arcs left out have rate 0, latencies are
        /// optional (they replace every node's and link's). `-` for standard input.
        #[arg(long, required_unless_present = "paper", conflicts_with = "paper")]
        rates: Option<String>,
        /// The paper's own rates on Example 1 (steady-state.md §6.1), with L_calc = 2, L_comm = 1.
        #[arg(long)]
        paper: bool,
        /// Steady-state instance JSON file, or `-` for standard input.
        file: String,
    },
    /// Print the chains scaling table (chains.md 9.4): mean percent imbalance of RB, MP and
    /// the optimum against P, workload seed 1, five speed vectors per P.
    Scaling {
        /// A workload preset (repeatable); the spec's blunt-like and g7jac050sc-like when absent.
        #[arg(long = "preset")]
        presets: Vec<String>,
        /// Processor counts, comma-separated; 32,64,128,256,512 when absent.
        #[arg(long = "p", value_delimiter = ',')]
        ps: Vec<usize>,
        /// Speeds are integers in 1..=emax.
        #[arg(long, default_value_t = 8)]
        emax: u64,
        /// Print JSON with exact fractions instead of the text table.
        #[arg(long)]
        json: bool,
    },
}

/// What `hetlab practice` does besides printing questions.
#[derive(Subcommand)]
enum PracticeAction {
    /// Check one answer: prints the verdict; exit code 0 right, 1 wrong, 2 malformed (the
    /// answer, or a question that cannot be checked).
    Answer {
        /// One question as `hetlab practice` prints it (a file), or `-` for standard input.
        #[arg(long)]
        question: String,
        /// The answer (`7/4`, `1.75`, `1 3/4`, an option's name); may start with `-`.
        #[arg(long, allow_hyphen_values = true)]
        answer: String,
    },
    /// Grade a completion code offline (docs/practice.md): every question generated again,
    /// every answer checked by solving again; prints the grade as JSON. A damaged or edited
    /// code is refused (exit code 1).
    Check {
        /// The code (`p1.…`), or `-` to read it from standard input.
        code: String,
    },
}

/// What `hetlab solve` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// The result document (formats.md section 4).
    Json,
    /// The schedule as a Paje trace (ViTE, PajeNG).
    Paje,
    /// The schedule as CSV, one row per bar.
    Csv,
}

/// Platform formats of other tools.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Platforms {
    /// SimGrid's platform XML.
    Simgrid,
}

/// What `hetlab export` writes.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Exports {
    /// SimGrid's platform XML.
    Simgrid,
    /// A Python program for SimGrid that plays an instance's schedule.
    SimgridRun,
}

/// Largest input read, in bytes: the core's own limit on instance documents.
const MAX_INPUT_BYTES: u64 = hetlab_core::platform::MAX_JSON_BYTES as u64;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with code 0, usage errors to stderr with code 2;
            // a closed stream is not worth a panic.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    if let Command::Practice {
        action: Some(PracticeAction::Answer { question, answer }),
        ..
    } = &cli.command
    {
        return match read_text(question) {
            Ok(text) => {
                let (out, code) = practice::answer(&text, answer);
                let printed = print_out(&out);
                if printed == ExitCode::SUCCESS {
                    code
                } else {
                    printed
                }
            }
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "hetlab: {e:#}");
                ExitCode::from(2)
            }
        };
    }
    let command = match cli.command {
        // The CSV is written as it is made, not printed at the end.
        Command::Sweep { action, args } => {
            return match sweep::command(action, &args) {
                Ok(Some(text)) => print_out(text.trim_end()),
                Ok(None) => ExitCode::SUCCESS,
                Err(e) => {
                    let _ = writeln!(std::io::stderr(), "hetlab: {e:#}");
                    ExitCode::FAILURE
                }
            };
        }
        other => other,
    };
    match run(command) {
        Ok(out) => print_out(&out),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "hetlab: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Prints the result; a reader that went away (broken pipe) ends the program quietly, any
/// other write error is reported.
fn print_out(out: &str) -> ExitCode {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{out}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "hetlab: writing the result: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<String> {
    match command {
        Command::Solve {
            algorithm,
            trace,
            explain,
            format,
            no_limits,
            file,
        } => {
            let inst = read_instance(&file)?;
            let limits = if no_limits {
                Limits::Lifted
            } else {
                Limits::Default
            };
            match format {
                Format::Json => {
                    let detail = Detail { trace, explain };
                    solve(&inst, algorithm.as_deref(), detail, limits)
                }
                Format::Paje | Format::Csv => {
                    if trace || explain {
                        bail!("--trace and --explain go with --format json (a Paje or CSV file holds the schedule only)");
                    }
                    let t = families::schedule(&inst, algorithm.as_deref())?;
                    let text = if format == Format::Paje {
                        paje::write(&t)
                    } else {
                        csv::write(&t)
                    };
                    Ok(text.trim_end().to_owned())
                }
            }
        }
        Command::Import {
            format: Platforms::Simgrid,
            units,
            zone,
            hosts,
            file,
        } => {
            let conv = conversion(&units.flops, &units.bytes)?;
            let text = read_text(&file)?;
            let only = simgrid::Only { zone, first: hosts };
            let got = simgrid::from_xml_in(&text, &conv, &only)
                .map_err(|e| anyhow!("{file} is not a platform HetLab can read:\n{e}"))?;
            for note in &got.notes {
                let _ = writeln!(std::io::stderr(), "hetlab: note: {note}");
            }
            // Pretty when that still fits HetLab's documents (the import checked the compact one).
            let pretty = got.platform.to_json(true);
            Ok(if pretty.len() <= hetlab_core::platform::MAX_JSON_BYTES {
                pretty
            } else {
                got.platform.to_json(false)
            })
        }
        Command::Export {
            format,
            units,
            algorithm,
            file,
        } => {
            let conv = conversion(&units.flops, &units.bytes)?;
            if format == Exports::SimgridRun {
                return simgrid_run(&file, algorithm.as_deref(), &conv);
            }
            if algorithm.is_some() {
                bail!("--algorithm goes with `export simgrid-run` (a platform has no schedule)");
            }
            let text = read_text(&file)?;
            let platform = read_platform(&file, &text)?;
            Ok(simgrid::to_xml(&platform, &conv).trim_end().to_owned())
        }
        Command::Encode { file } => Ok(share::encode(&read_instance(&file)?)),
        Command::Decode { payload } => {
            let payload = payload
                .split_once("i=")
                .map_or(payload.as_str(), |(_, rest)| rest);
            let payload = payload.split('&').next().unwrap_or(payload);
            let inst = share::decode(payload).map_err(|e| anyhow!("{e}"))?;
            Ok(inst.to_json_pretty())
        }
        Command::Gen {
            problem,
            seed,
            size,
            shape,
        } => {
            let family = catalog::family(&problem)
                .ok_or_else(|| anyhow!("unknown problem \"{problem}\" (see `hetlab list`)"))?;
            let shape = Shape::from_name(&shape).ok_or_else(|| {
                let names: Vec<&str> = Shape::ALL.iter().map(|s| s.name()).collect();
                anyhow!("unknown shape \"{shape}\" (known: {})", names.join(", "))
            })?;
            if size == 0 || size > generate::MAX_SIZE {
                bail!("--size must be between 1 and {}", generate::MAX_SIZE);
            }
            let inst = families::generate(family.problem, shape, size, seed).ok_or_else(|| {
                anyhow!("generating \"{problem}\" instances is not available yet")
            })?;
            if let Some(why) = families::over_limits(&inst, None) {
                // The instance is still printed: `solve --no-limits` solves it.
                let _ = writeln!(
                    std::io::stderr(),
                    "hetlab: note: `hetlab solve` refuses this instance by default ({why}); `hetlab solve --no-limits` solves it"
                );
            }
            Ok(inst.to_json_pretty())
        }
        Command::List => Ok(serde_json::to_string_pretty(catalog::FAMILIES)?),
        Command::About { problem } => {
            let family = catalog::family(&problem)
                .ok_or_else(|| anyhow!("unknown problem \"{problem}\" (see `hetlab list`)"))?;
            let about = families::about(family.problem)
                .ok_or_else(|| anyhow!("\"{problem}\" has no explanation yet"))?;
            Ok(about
                .to_text(family.problem, family.title, family.sources)
                .trim_end()
                .to_owned())
        }
        Command::Practice {
            action: Some(PracticeAction::Check { code }),
            ..
        } => {
            let text = if code == "-" { read_text("-")? } else { code };
            practice::grade(&text)
        }
        Command::Practice {
            action: _,
            family,
            seed,
            count,
            difficulty,
        } => {
            let (Some(family), Some(seed)) = (family, seed) else {
                bail!("`hetlab practice` needs --family and --seed (or `hetlab practice answer`)");
            };
            let known = catalog::family(&family)
                .ok_or_else(|| anyhow!("unknown problem \"{family}\" (see `hetlab list`)"))?;
            practice::questions(known.problem, seed, count, &difficulty)
        }
        Command::Rates { rates, paper, file } => {
            let inst = read_text(&file)?;
            let typed = rates.as_deref().map(read_text).transpose()?;
            rates::run(&inst, typed.as_deref(), paper)
        }
        Command::Scaling {
            presets,
            ps,
            emax,
            json,
        } => scaling::run(&presets, &ps, emax, json),
        Command::Sweep { .. } => bail!("`hetlab sweep` runs before the other commands"),
    }
}

fn conversion(flops: &str, bytes: &str) -> Result<simgrid::Conversion> {
    simgrid::Conversion::parse(flops, bytes).map_err(|e| {
        let lines: Vec<String> =
            e.0.iter()
                .map(|i| format!("--{}: {}", i.path, i.message))
                .collect();
        anyhow!("{}", lines.join("\n"))
    })
}

/// The SimGrid program playing `file`'s schedule, labelled with the file's name.
fn simgrid_run(file: &str, algorithm: Option<&str>, conv: &simgrid::Conversion) -> Result<String> {
    let inst = read_instance(file)?;
    let name = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|_| file != "-")
        .unwrap_or("stdin");
    simgrid::program(&inst, algorithm, name, conv)
        .map(|text| text.trim_end().to_owned())
        .map_err(|e| anyhow!("{file}: {e}"))
}

/// A platform document, or the platform of an instance document.
fn read_platform(file: &str, text: &str) -> Result<Platform> {
    let is_instance = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .is_some_and(|v| v.get("problem").is_some());
    if is_instance {
        let inst = Instance::from_json(text)
            .map_err(|e| anyhow!("{file} is not a valid instance:\n{e}"))?;
        return inst
            .platform()
            .cloned()
            .ok_or_else(|| anyhow!("{file}: a {} instance has no platform", inst.problem()));
    }
    Platform::from_json(text).map_err(|e| anyhow!("{file} is not a valid platform:\n{e}"))
}

fn read_instance(file: &str) -> Result<Instance> {
    let text = read_text(file)?;
    Instance::from_json(&text).map_err(|e| anyhow!("{file} is not a valid instance:\n{e}"))
}

/// The text of `file` (`-`: standard input), at most [`MAX_INPUT_BYTES`]. A regular file over
/// the limit is refused from its size alone; anything else (a pipe, a device) is read through
/// the cap, so an endless source stops after `MAX_INPUT_BYTES + 1` bytes.
fn read_text(file: &str) -> Result<String> {
    let (name, bytes) = if file == "-" {
        let bytes = read_capped(std::io::stdin().lock()).context("reading standard input")?;
        ("standard input".to_owned(), bytes)
    } else {
        let f = File::open(file).with_context(|| format!("reading {file}"))?;
        let meta = f.metadata().with_context(|| format!("reading {file}"))?;
        if meta.is_dir() {
            bail!("reading {file}: it is a directory, not a file");
        }
        if meta.is_file() && meta.len() > MAX_INPUT_BYTES {
            bail!(
                "{file} is too large ({} bytes; at most {MAX_INPUT_BYTES})",
                meta.len()
            );
        }
        let bytes = read_capped(f).with_context(|| format!("reading {file}"))?;
        (file.to_owned(), bytes)
    };
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!("{name} is too large (over {MAX_INPUT_BYTES} bytes)");
    }
    String::from_utf8(bytes).map_err(|e| {
        anyhow!(
            "{name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// At most `MAX_INPUT_BYTES + 1` bytes of `source` (one more than allowed, to tell "at the
/// limit" from "over it").
fn read_capped(source: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    source.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

fn solve(
    inst: &Instance,
    algorithm: Option<&str>,
    detail: Detail,
    limits: Limits,
) -> Result<String> {
    let value = families::solve_within(inst, algorithm, detail, limits)?;
    Ok(serde_json::to_string_pretty(&value)?)
}
