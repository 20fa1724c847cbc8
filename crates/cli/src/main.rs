//! `hetlab`: HetLab's solvers on the command line (formats.md section 7). JSON in, JSON out;
//! errors on stderr with exit code 1; usage errors (from clap) exit with code 2.

use std::io::Read as _;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context as _, Result};
use clap::{Parser, Subcommand};
use hetlab_core::generate::{self, Shape};
use hetlab_core::instance::Instance;
use hetlab_core::{catalog, family, share};

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

#[derive(Subcommand)]
enum Command {
    /// Solve an instance and print the result JSON.
    Solve {
        /// Algorithm name (see `hetlab list`); the family's default when absent.
        #[arg(long)]
        algorithm: Option<String>,
        /// Add the step trace, one object per step with its English caption.
        #[arg(long)]
        trace: bool,
        /// Instance JSON file, or `-` for standard input.
        file: String,
    },
    /// Print the v1 share-URL payload of an instance.
    Encode {
        /// Instance JSON file, or `-` for standard input.
        file: String,
    },
    /// Print the instance JSON held by a share-URL payload (or a whole share URL).
    Decode {
        /// The payload (`v1.…`) or a URL containing `i=v1.…`.
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("hetlab: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<String> {
    match command {
        Command::Solve {
            algorithm,
            trace,
            file,
        } => solve(&read_instance(&file)?, algorithm.as_deref(), trace),
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
            generate::instance(family.problem, shape, size, seed)
                .map(|i| i.to_json_pretty())
                .ok_or_else(|| anyhow!("generating \"{problem}\" instances is not available yet"))
        }
        Command::List => Ok(serde_json::to_string_pretty(catalog::FAMILIES)?),
    }
}

fn read_instance(file: &str) -> Result<Instance> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading standard input")?;
        s
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?
    };
    Instance::from_json(&text).map_err(|e| anyhow!("{file} is not a valid instance:\n{e}"))
}

fn solve(inst: &Instance, algorithm: Option<&str>, with_trace: bool) -> Result<String> {
    let value = family::solve(inst, algorithm, with_trace)?;
    Ok(serde_json::to_string_pretty(&value)?)
}
