//! `fxbench check`: runs the front end on effects (ReShade FX `.fx`/`.fxh`, and `.wfx`/`.wfxh`)
//! and plain WGSL files (`.wgsl`) and prints every diagnostic as text, JSON or SARIF, without
//! touching the GPU.
//!
//! Exit status: 0 when there is no error (warnings allowed), 1 when any file has an error, 2 on a
//! usage error or a file that cannot be read (clap uses 2 for its own usage errors too).

use std::io::{IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};

use analysis::render::{self, Colors, Group};
use analysis::{FileLoader as _, FsLoader, Options, Target};
use anyhow::{Context as _, bail};

/// No errors were found (warnings may have been).
pub const EXIT_CLEAN: i32 = 0;
/// At least one diagnostic is an error.
pub const EXIT_ERRORS: i32 = 1;
/// Bad arguments, an unknown file kind or a file that cannot be read.
pub const EXIT_USAGE: i32 = 2;

#[derive(clap::Args)]
pub struct CheckArgs {
    /// How to print diagnostics: text with source context, one JSON document, or SARIF 2.1.0.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Defines a preprocessor macro for effects (`NAME` alone means `NAME=1`).
    #[arg(short = 'D', long = "define", value_name = "NAME=VALUE", value_parser = parse_define)]
    defines: Vec<(String, String)>,
    #[command(flatten)]
    back_buffer: crate::args::BackBufferArgs,
    #[command(flatten)]
    search: crate::args::SearchArgs,
    /// What to check shaders against: `webgpu` (core WebGPU plus the file's WebGPU `enable`
    /// directives), `native` (everything wgpu can give some native device, as naga's own CLI
    /// validates), `vulkan` (what wgpu's Vulkan backend can give), `device` (what this machine's
    /// adapter offers, and its limits: effects are checked against them as `render` checks them
    /// when it builds the chain, each finding a `LimitExceeded` error at the pass or item).
    /// Default: `native` for .wgsl files, and for effects what fxbench's engine asks of the
    /// device.
    #[arg(long, value_enum)]
    target: Option<TargetArg>,
    /// Files to check: effects (.fx, .fxh, .wfx, .wfxh) and WGSL (.wgsl); a folder stands for
    /// the effects and WGSL files in it (headers are checked through the effects that include
    /// them).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Human,
    Json,
    Sarif,
}

/// The `--target` choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum TargetArg {
    Webgpu,
    Native,
    Vulkan,
    Device,
}

impl TargetArg {
    /// The target; `device` asks this machine's adapter.
    fn resolve(self) -> anyhow::Result<Target> {
        Ok(match self {
            TargetArg::Webgpu => Target::webgpu(),
            TargetArg::Native => Target::native(),
            TargetArg::Vulkan => Target::vulkan(),
            TargetArg::Device => engine::context::adapter_target().context("--target device")?,
        })
    }
}

/// What a file is checked as, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FileKind {
    Effect,
    Wgsl,
}

impl FileKind {
    fn of(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()? {
            "wfx" | "wfxh" | "fx" | "fxh" => Some(Self::Effect),
            "wgsl" => Some(Self::Wgsl),
            _ => None,
        }
    }
}

/// `NAME=VALUE` or `NAME`; the name must be an identifier.
pub(crate) fn parse_define(text: &str) -> anyhow::Result<(String, String)> {
    let (name, value) = text.split_once('=').unwrap_or((text, "1"));
    let mut chars = name.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        bail!("'{name}' is not a macro name (expected NAME=VALUE with NAME an identifier)");
    }
    Ok((name.to_string(), value.to_string()))
}

/// The files to check: each file given, and for each folder the effects (`.fx`, `.wfx`) and
/// WGSL files in it and in its subfolders (hidden ones skipped), sorted by path, as ReShade
/// searches effect folders recursively. An unreadable folder is a usage error.
fn expand_folders(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            collect_checkable(path, &mut found)?;
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

fn collect_checkable(folder: &Path, found: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let entries = std::fs::read_dir(folder)
        .with_context(|| format!("cannot read folder '{}'", folder.display()))?;
    for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if path.is_dir() && !hidden {
            collect_checkable(&path, found)?;
        } else if path.is_file()
            && path
                .extension()
                .is_some_and(|e| e == "fx" || e == "wfx" || e == "wgsl")
        {
            found.push(path);
        }
    }
    Ok(())
}

/// Checks every file, prints the diagnostics and returns the exit status.
pub fn run(args: CheckArgs) -> i32 {
    let files = match expand_folders(&args.files) {
        Ok(files) => files,
        Err(why) => {
            eprintln!("fxbench check: {why:#}");
            return EXIT_USAGE;
        }
    };
    let target = match args.target.map(TargetArg::resolve).transpose() {
        Ok(target) => target,
        Err(why) => {
            eprintln!("fxbench check: {why:#}");
            return EXIT_USAGE;
        }
    };
    let back_buffer = match args.back_buffer.back_buffer() {
        Ok(back_buffer) => back_buffer,
        Err(why) => {
            eprintln!("fxbench check: {why:#}");
            return EXIT_USAGE;
        }
    };
    let search = args.search.paths();
    let options = Options {
        back_buffer,
        // One effect checked, then the process exits: its trees need not be freed.
        exit_after: files.len() == 1,
        ..effect_options(&args, &search, target.as_ref())
    };
    if options.exit_after {
        // One effect checked, then the process exits: allocate for speed, never give back.
        crate::arena::begin();
    }
    let wgsl_target = target.unwrap_or_else(Target::native);
    let mut inputs: Vec<(&Path, FileKind, String)> = Vec::with_capacity(files.len());
    for path in &files {
        let Some(kind) = FileKind::of(path) else {
            eprintln!(
                "fxbench check: '{}': unknown kind of file; expected .wfx, .wfxh, .fx, .fxh or .wgsl",
                path.display()
            );
            return EXIT_USAGE;
        };
        // Read here rather than in the front end so that an unreadable file is a usage error
        // with its own exit status, not a diagnostic. ReShade FX is read as ReShade reads it.
        let text = match FsLoader.read(path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("fxbench check: cannot read '{}': {error}", path.display());
                return EXIT_USAGE;
            }
        };
        inputs.push((path, kind, text));
    }
    let check_one = |(path, kind, text): (&Path, FileKind, String)| match kind {
        FileKind::Effect => {
            let options = Options {
                texture_dirs: search.texture_dirs(path),
                ..options.clone()
            };
            let output = analysis::compile(path, text, &FsLoader, &options);
            if options.exit_after {
                // The effect (naga's module among it) is not needed past its diagnostics.
                std::mem::forget(output.effect);
            }
            (output.sources, output.diagnostics)
        }
        FileKind::Wgsl => {
            let output = analysis::wgsl_file::check_wgsl_for(path, text, &wgsl_target);
            (output.sources, output.diagnostics)
        }
    };
    let checked = in_parallel(inputs, check_one);
    let groups: Vec<Group<'_>> = checked
        .iter()
        .map(|(sources, diagnostics)| (sources, diagnostics.as_slice()))
        .collect();
    let (errors, warnings) = render::count(&groups);

    let stdout = std::io::stdout();
    let text = match args.format {
        Format::Human => {
            let colors = if stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none() {
                Colors::Ansi
            } else {
                Colors::Plain
            };
            let mut text: String = groups
                .iter()
                .map(|&(sources, diagnostics)| render::human(sources, diagnostics, colors))
                .collect();
            text.push_str(&summary(files.len(), errors, warnings));
            text
        }
        Format::Json => render::json_many(&groups),
        Format::Sarif => render::sarif_many(&groups),
    };
    let mut out = stdout.lock();
    if let Err(error) = writeln!(out, "{text}").and_then(|()| out.flush()) {
        eprintln!("fxbench check: writing the report: {error}");
        return EXIT_USAGE;
    }
    if errors > 0 { EXIT_ERRORS } else { EXIT_CLEAN }
}

/// `check` applied to each input, the results in the inputs' order. A single input is checked
/// on this thread (naga parses a small text in place on the main thread); more are shared out
/// among as many threads as the machine runs at once, each taking the next unchecked input, so
/// a folder of effects takes about as long as its slowest effect on each core.
fn in_parallel<I: Send, O: Send>(inputs: Vec<I>, check: impl Fn(I) -> O + Sync) -> Vec<O> {
    if inputs.len() <= 1 {
        return inputs.into_iter().map(check).collect();
    }
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(inputs.len());
    if threads <= 1 {
        return inputs.into_iter().map(check).collect();
    }
    let count = inputs.len();
    let queue = std::sync::Mutex::new(inputs.into_iter().enumerate());
    let next = || {
        queue
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .next()
    };
    let mut done: Vec<(usize, O)> = std::thread::scope(|scope| {
        // The main thread's usual stack, reserved rather than touched, so that an effect checks
        // on a worker as it does alone.
        let workers: Vec<_> = (0..threads)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .name("check".into())
                    .stack_size(8 << 20)
                    .spawn_scoped(scope, || {
                        let mut mine = Vec::new();
                        while let Some((index, input)) = next() {
                            mine.push((index, check(input)));
                        }
                        mine
                    })
                    .ok()
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(mine) => mine,
                // A panic in a checker is a bug; surface it as the panic it was.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    // What no worker took (none could be started): checked here.
    while let Some((index, input)) = next() {
        done.push((index, check(input)));
    }
    debug_assert_eq!(done.len(), count);
    done.sort_unstable_by_key(|&(index, _)| index);
    done.into_iter().map(|(_, output)| output).collect()
}

/// The options effects are compiled with: includes resolve beside the effect first, then in the
/// `-I` search paths, then in the built-in assets, as in the window and `fxbench render` (images
/// in each effect's texture folders, set per file); `-D` definitions follow the predefined
/// macros. They are validated against `target` when one was chosen, else against what the
/// engine asks of the device.
fn effect_options(
    args: &CheckArgs,
    search: &app::session::search::SearchPaths,
    target: Option<&Target>,
) -> Options {
    let defaults = Options::default();
    Options {
        include_dirs: app::session::files::include_dirs(search),
        builtin_include_dir: app::session::files::builtin_assets_dir().join("reshade"),
        definitions: args.defines.clone(),
        target: target.cloned().unwrap_or(defaults.target.clone()),
        ..defaults
    }
}

fn summary(files: usize, errors: usize, warnings: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "checked {}: {}, {}",
        plural(files, "file"),
        plural(errors, "error"),
        plural(warnings, "warning")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defines_need_an_identifier() {
        let parsed = |text: &str| parse_define(text).expect("a definition");
        assert_eq!(parsed("A_1=x=y"), ("A_1".into(), "x=y".into()));
        assert_eq!(parsed("_B"), ("_B".into(), "1".into()));
        assert_eq!(parsed("C="), ("C".into(), String::new()));
        assert!(parse_define("1X=2").is_err());
        assert!(parse_define("=2").is_err());
        assert!(parse_define("A-B=2").is_err());
    }

    #[test]
    fn parallel_checks_keep_the_inputs_order() {
        // Later inputs finish first (shorter sleeps), so any worker's order would show.
        let inputs: Vec<u64> = (0..12).collect();
        let outputs = in_parallel(inputs, |n| {
            std::thread::sleep(std::time::Duration::from_millis(12 - n));
            n * 10
        });
        assert_eq!(outputs, (0..12).map(|n| n * 10).collect::<Vec<_>>());
        assert_eq!(in_parallel(vec![7], |n: i32| n + 1), [8]);
        assert!(in_parallel(Vec::<i32>::new(), |n| n).is_empty());
    }

    #[test]
    fn summary_counts_in_words() {
        assert_eq!(summary(1, 0, 1), "checked 1 file: 0 errors, 1 warning");
        assert_eq!(summary(2, 1, 2), "checked 2 files: 1 error, 2 warnings");
    }
}
