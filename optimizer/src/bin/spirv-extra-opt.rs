//! `spirv-extra-opt`: vectorises and prunes a SPIR-V module, command-line compatible with the
//! original tool (`spirv-extra-opt [OPTIONS] <filename>`, `-o/--output`, default `a.spv`).
//! `spirv-extra-opt split-samplers IN OUT` splits the combined image samplers of a ReShade
//! module (`optimizer::reshade`); a module file named `split-samplers` is `./split-samplers`.

use anyhow::{Context, bail};
use clap::Parser;
use optimizer::{DiffOptions, InterfacePolicy, Options, PassId, spirv_val};
use std::path::PathBuf;
use std::process::ExitCode;

/// Experimental SPIR-V optimisation passes: vectorise scalarised maths, merge repeated
/// computations, prune what is unused.
#[derive(Parser, Debug)]
#[command(name = "spirv-extra-opt", version, about)]
struct Cli {
    /// The SPIR-V module to optimise.
    filename: PathBuf,

    /// Where to write the optimised module.
    #[arg(short, long, default_value = "a.spv")]
    output: PathBuf,

    /// Comma-separated passes to run, in order, repeated to a fixpoint (load-forward, cse,
    /// vectorise, prune).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "load-forward,cse,vectorise,prune"
    )]
    passes: Vec<String>,

    /// Print instruction counts before and after each pass run.
    #[arg(long)]
    stats: bool,

    /// Print a unified diff of the disassembly before and after.
    #[arg(long)]
    diff: bool,

    /// Validate the output with `spirv-val` (if installed), using the target environment the
    /// input validates under.
    #[arg(long)]
    validate: bool,

    /// Allow removing unused interface variables and descriptor bindings.
    #[arg(long)]
    remove_unused_interface: bool,
}

/// Splits each combined image sampler of a module (ReShade's SPIR-V) into an image and a
/// sampler variable, so that wgpu can bind it.
#[derive(Parser, Debug)]
#[command(name = "spirv-extra-opt split-samplers", version)]
struct SplitCli {
    /// The module to rewrite.
    input: PathBuf,

    /// Where to write the rewritten module.
    output: PathBuf,

    /// Validate the output with `spirv-val` (if installed), using the target environment the
    /// input validates under.
    #[arg(long)]
    validate: bool,

    /// Drop OpLine, OpString and OpSource debug information (names stay).
    #[arg(long)]
    strip_debug: bool,
}

fn main() -> ExitCode {
    let result = if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == "split-samplers")
    {
        split_samplers(&SplitCli::parse_from(std::env::args_os().skip(1)))
    } else {
        run(&Cli::parse())
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("spirv-extra-opt: error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

/// Writes to standard output. A reader that stops early (`| head`) closes the pipe: that ends
/// the output quietly instead of panicking as `print!` does.
fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result.context("cannot write to standard output"),
    }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    let bytes = std::fs::read(&cli.filename)
        .with_context(|| format!("cannot read {}", cli.filename.display()))?;
    let words = optimizer::words_from_bytes(&bytes)
        .with_context(|| format!("{} is not a SPIR-V module", cli.filename.display()))?;
    let passes = cli
        .passes
        .iter()
        .map(|name| name.parse::<PassId>())
        .collect::<Result<Vec<_>, _>>()?;
    let options = Options {
        passes,
        interface: if cli.remove_unused_interface {
            InterfacePolicy::RemoveUnused
        } else {
            InterfacePolicy::Keep
        },
        ..Options::default()
    };
    let (output, report) = optimizer::optimize(&words, &options)
        .with_context(|| format!("cannot optimise {}", cli.filename.display()))?;
    write_atomic(&cli.output, &optimizer::bytes_from_words(&output))
        .with_context(|| format!("cannot write {}", cli.output.display()))?;

    if cli.stats {
        emit(&report.to_string())?;
    }
    if cli.diff {
        let labels = (
            cli.filename.display().to_string(),
            cli.output.display().to_string(),
        );
        let diff_options = DiffOptions {
            labels,
            ..DiffOptions::default()
        };
        emit(&optimizer::diff_listing(&words, &output, &diff_options)?)?;
    }
    if cli.validate {
        validate(&words, &output)?;
    }
    Ok(())
}

fn split_samplers(cli: &SplitCli) -> anyhow::Result<()> {
    use rspirv::binary::Assemble;
    let bytes = std::fs::read(&cli.input)
        .with_context(|| format!("cannot read {}", cli.input.display()))?;
    let words = optimizer::words_from_bytes(&bytes)
        .with_context(|| format!("{} is not a SPIR-V module", cli.input.display()))?;
    let mut module = rspirv::dr::load_words(&words)
        .with_context(|| format!("cannot read {}", cli.input.display()))?;
    let report = optimizer::split_combined_samplers(&mut module)
        .with_context(|| format!("cannot split the samplers of {}", cli.input.display()))?;
    if cli.strip_debug {
        optimizer::reshade::strip_debug_lines(&mut module);
    }
    let output = module.assemble();
    write_atomic(&cli.output, &optimizer::bytes_from_words(&output))
        .with_context(|| format!("cannot write {}", cli.output.display()))?;
    let slot = |set: Option<u32>, binding: Option<u32>| match (set, binding) {
        (Some(set), Some(binding)) => format!("set {set}, binding {binding}"),
        _ => "unbound".to_owned(),
    };
    let mut text = String::new();
    for s in &report.samplers {
        text.push_str(&format!(
            "{} ({}) -> {} ({}) + {} ({})\n",
            s.name,
            slot(s.set, s.binding),
            s.image_name,
            slot(s.set, s.binding),
            s.sampler_name,
            slot(s.set, s.sampler_binding),
        ));
    }
    text.push_str(&format!(
        "{} combined samplers split; {} parameters, {} loads, {} OpImage read the image directly\n",
        report.samplers.len(),
        report.parameters_split,
        report.loads_split,
        report.images_read_directly,
    ));
    emit(&text)?;
    if cli.validate {
        validate(&words, &output)?;
    }
    Ok(())
}

/// Validates the output under the environment the input passes, so that a module written for
/// Vulkan 1.2 is not held to 1.3 rules.
fn validate(input: &[u32], output: &[u32]) -> anyhow::Result<()> {
    if !spirv_val::available() {
        eprintln!("spirv-extra-opt: spirv-val not found; skipping validation");
        return Ok(());
    }
    let Some(env) = spirv_val::valid_env(input)? else {
        eprintln!(
            "spirv-extra-opt: the input does not validate under {}; skipping validation",
            spirv_val::TARGET_ENVS.join(", ")
        );
        return Ok(());
    };
    match spirv_val::validate(output, env)? {
        spirv_val::Verdict::Valid => {
            eprintln!("spirv-extra-opt: output valid ({env})");
            Ok(())
        }
        spirv_val::Verdict::Invalid(message) => {
            bail!("output fails spirv-val --target-env {env}: {message}")
        }
    }
}

/// Writes beside `path` and renames into place, so a failed write never leaves half a module.
fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    let mut file = tempfile::NamedTempFile::new_in(dir.unwrap_or(std::path::Path::new(".")))?;
    std::io::Write::write_all(&mut file, bytes)?;
    // The temporary file is private (0600); a file it replaces keeps its own permissions.
    if let Ok(existing) = std::fs::metadata(path) {
        file.as_file().set_permissions(existing.permissions())?;
    }
    file.as_file().sync_all()?;
    file.persist(path).map(drop).map_err(|e| e.error)
}
