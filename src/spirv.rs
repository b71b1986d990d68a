//! `fxbench spirv`: an effect's pass stages as SPIR-V, the same modules the window's SPIR-V view
//! shows: naga's output, our optimiser's, or the diff between them.
//!
//! Exit status: 0 on success, 1 when the effect has errors (printed to stderr), 2 on a usage
//! error (no stage matches, `--out` with several stages, an unwritable file).

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use app::session::spirv::StageSpirv;

#[derive(clap::Args)]
pub struct SpirvArgs {
    /// The effect (.wfx, or ReShade FX .fx).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Only the stages whose label contains this text, for example `Blur / pass 1` or
    /// `fragment` (`--list` prints the labels).
    #[arg(long, value_name = "TEXT")]
    stage: Option<String>,
    /// Print one line per stage: its label and instruction counts before and after the
    /// optimiser; no code.
    #[arg(long, conflicts_with_all = ["optimized", "diff"])]
    list: bool,
    /// Print the optimiser's output instead of naga's.
    #[arg(long, conflicts_with = "diff")]
    optimized: bool,
    /// Print the unified diff of naga's module against the optimised one.
    #[arg(long)]
    diff: bool,
    /// Write the selected stage's binary module (the optimised one with --optimized) to this
    /// file; the selection must be exactly one stage.
    #[arg(long, value_name = "OUT.spv")]
    out: Option<PathBuf>,
    /// Back-buffer size the effect is compiled for (BUFFER_WIDTH, BUFFER_HEIGHT).
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = crate::args::parse_size)]
    size: (u32, u32),
    /// Defines a preprocessor macro (`NAME` alone means `NAME=1`).
    #[arg(short = 'D', long = "define", value_name = "NAME=VALUE", value_parser = crate::check::parse_define)]
    defines: Vec<(String, String)>,
    #[command(flatten)]
    search: crate::args::SearchArgs,
}

pub fn run(args: SpirvArgs) -> anyhow::Result<i32> {
    let search = args.search.paths();
    let options = analysis::Options {
        buffer_width: args.size.0,
        buffer_height: args.size.1,
        include_dirs: app::session::files::include_dirs(&search),
        texture_dirs: search.texture_dirs(&args.file),
        definitions: args.defines.clone(),
        ..Default::default()
    };
    let mut output = analysis::load_effect(&args.file, &options);
    let Some(effect) = output.effect.take() else {
        eprint!(
            "{}",
            analysis::render::human(
                &output.sources,
                &output.diagnostics,
                analysis::render::Colors::Plain
            )
        );
        return Ok(1);
    };
    let stages: Vec<_> = engine::spirv::pass_stages(&effect)
        .into_iter()
        .filter(|s| {
            args.stage
                .as_deref()
                .is_none_or(|wanted| engine::spirv::stage_label(&effect, s).contains(wanted))
        })
        .collect();
    if stages.is_empty() {
        eprintln!(
            "fxbench spirv: no pass stage of '{}' matches{}",
            args.file.display(),
            args.stage
                .as_deref()
                .map(|s| format!(" '{s}' (see --list)"))
                .unwrap_or_default()
        );
        return Ok(2);
    }
    if args.out.is_some() && stages.len() != 1 {
        eprintln!(
            "fxbench spirv: --out writes one module but {} stages match; narrow them with --stage",
            stages.len()
        );
        return Ok(2);
    }
    let mut text = String::new();
    for stage in &stages {
        let spirv = StageSpirv::build(&effect, stage)?;
        if args.list {
            text.push_str(&format!("{}: {}\n", spirv.label, spirv.summary()));
            continue;
        }
        text.push_str(&format!("; {}\n; {}\n", spirv.label, spirv.summary()));
        text.push_str(if args.diff {
            &spirv.diff
        } else if args.optimized {
            &spirv.after_listing
        } else {
            &spirv.before_listing
        });
        text.push('\n');
        if let Some(path) = &args.out {
            let words = if args.optimized {
                &spirv.after
            } else {
                &spirv.before
            };
            app::session::files::write_atomic(path, &optimizer::bytes_from_words(words))
                .with_context(|| format!("writing '{}'", path.display()))?;
        }
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("writing to stdout")?;
    Ok(0)
}
