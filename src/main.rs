//! The `fxbench` binary: the workbench window by default, plus command-line tools.

mod bench;
mod check;
mod spirv;

use std::path::PathBuf;

use anyhow::{Context as _, bail};
use app::document::Document;
use clap::{Parser, Subcommand};
use engine::{ChainOptions, EffectChain, GpuContext, InputTexture};

#[derive(Parser)]
#[command(
    name = "fxbench",
    version,
    about = "A workbench for ReShade-style effects written in WGSL"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Effect files to open in the window (default: the built-in demo preset).
    #[arg(long = "effect", value_name = "FILE", global = false)]
    effects: Vec<PathBuf>,
    /// Preset to open in the window.
    #[arg(long, value_name = "FILE.ini")]
    preset: Option<PathBuf>,
    /// What the window's effects run over: `scene` (the animated 3D demo with depth, default),
    /// `test-card`, or an image file.
    #[arg(long, value_name = "IMG", default_value = "scene")]
    input: app::InputChoice,
    /// Depth for an image input: a greyscale PNG of the same size (black near, white far).
    #[arg(long, value_name = "IMG")]
    depth: Option<PathBuf>,
    /// Close the window after this many frames (smoke tests and screenshots).
    #[arg(long, value_name = "N", hide = true)]
    exit_after_frames: Option<u64>,
    /// What the window's central panel shows first: the preview or the SPIR-V view.
    #[arg(long, value_enum, default_value_t = app::CentralView::Preview)]
    view: app::CentralView,
}

#[derive(Subcommand)]
enum Command {
    /// Runs effects over an image headless, writes the result and prints GPU times per pass.
    Render(RenderArgs),
    /// Checks effects (.wfx, .wfxh) and WGSL files (.wgsl) and prints their diagnostics.
    Check(check::CheckArgs),
    /// Runs a preset for N frames and prints GPU and CPU time per technique and pass (mean, min,
    /// max) and full-frame copies per frame.
    Bench(bench::BenchArgs),
    /// Prints an effect's pass stages as SPIR-V: naga's module, the optimiser's, or their diff,
    /// with instruction counts.
    Spirv(spirv::SpirvArgs),
}

#[derive(clap::Args)]
struct RenderArgs {
    /// Effect files (.wfx). With --preset and no --effect, the effects the preset names.
    #[arg(long = "effect", value_name = "FILE")]
    effects: Vec<PathBuf>,
    /// A ReShade-style INI preset: its Techniques=, TechniqueSorting= and uniform values apply.
    #[arg(long, value_name = "FILE.ini")]
    preset: Option<PathBuf>,
    /// Input image (PNG or JPEG); without it, the built-in test card.
    #[arg(long, value_name = "IMG")]
    input: Option<PathBuf>,
    /// Depth for the input: a greyscale PNG of the same size (black near, white far), bound to
    /// DEPTH-semantic textures.
    #[arg(long, value_name = "IMG", requires = "input")]
    depth: Option<PathBuf>,
    /// Size of the built-in test card, WxH.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
    size: (u32, u32),
    /// Where to write the result (PNG).
    #[arg(long, value_name = "OUT.png")]
    out: PathBuf,
    /// Frames to run (timings average over them, up to 60).
    #[arg(long, default_value_t = 1)]
    frames: u32,
    /// What the GPU runs: `wgpu` (naga IR translated by wgpu), `spirv` (naga's SPIR-V as
    /// `fxbench spirv` prints it) or `optimized` (that SPIR-V after the optimiser). The last
    /// two need Vulkan.
    #[arg(long, value_enum, default_value_t = app::spirv_view::ShaderChoice::Wgpu)]
    shaders: app::spirv_view::ShaderChoice,
    /// Compile uniforms in as constants at the preset's values (those fed by a `source` stay
    /// live), as ReShade's performance mode does.
    #[arg(long)]
    performance_mode: bool,
}

pub(crate) fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WxH, got '{text}'"))?;
    let parse = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (1..=8192).contains(v))
            .ok_or_else(|| format!("'{s}' is not a size in 1..=8192"))
    };
    Ok((parse(w)?, parse(h)?))
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        None => app::run_native(app::StartOptions {
            effects: cli.effects,
            preset: cli.preset,
            input: cli.input,
            depth: cli.depth,
            exit_after_frames: cli.exit_after_frames,
            view: cli.view,
        }),
        Some(Command::Render(args)) => render(args),
        Some(Command::Check(args)) => std::process::exit(check::run(args)),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Spirv(args)) => std::process::exit(spirv::run(args)?),
    }
}

/// The document `render` and `bench` run: a preset (with `effects` in place of the ones it
/// names, if any), or effects alone.
pub(crate) fn open_document(
    preset: Option<&std::path::Path>,
    effects: &[PathBuf],
) -> anyhow::Result<Document> {
    Ok(match preset {
        Some(preset) => Document::with_preset(preset, effects.to_vec())?,
        None if effects.is_empty() => {
            bail!("give a --preset FILE.ini or at least one --effect FILE")
        }
        None => Document::with_effects(effects.to_vec()),
    })
}

/// What `render` and `bench` run: `document` compiled for `size` (its diagnostics printed; errors
/// stop before any GPU work), its chain on a headless device with the preset applied, and in performance mode compiled again with the preset's
/// values folded in. `nothing` says what effect errors prevent ("rendered", "measured").
pub(crate) fn build_chain(
    document: &Document,
    size: (u32, u32),
    shaders: app::spirv_view::ShaderChoice,
    performance_mode: bool,
    nothing: &str,
) -> anyhow::Result<(GpuContext, EffectChain)> {
    let compiled = document.compile(size);
    let diagnostics = compiled.render_diagnostics();
    if !diagnostics.is_empty() {
        eprintln!("{diagnostics}");
    }
    if compiled.has_errors() {
        bail!("effects have errors; nothing {nothing}");
    }
    let shaders = shaders.shaders().map_err(anyhow::Error::msg)?;
    let ctx = GpuContext::headless(wgpu::Features::empty()).context("creating a GPU device")?;
    let options = ChainOptions {
        shaders,
        ..ChainOptions::default()
    };
    let mut chain = EffectChain::new(&ctx, compiled.effects, size, &options)?;
    document.apply_preset(&mut chain);
    if performance_mode {
        let compiled = document.compile_like(size, true, &chain);
        if compiled.has_errors() {
            bail!("{}", compiled.render_diagnostics());
        }
        chain.reload(compiled.effects, size)?;
    }
    Ok((ctx, chain))
}

fn render(args: RenderArgs) -> anyhow::Result<()> {
    let document = open_document(args.preset.as_deref(), &args.effects)?;
    let image = match &args.input {
        Some(path) => engine::input::load_image(path)?,
        None => engine::input::test_card(args.size.0, args.size.1),
    };
    let size = (image.width, image.height);
    let (ctx, mut chain) = build_chain(
        &document,
        size,
        args.shaders,
        args.performance_mode,
        "rendered",
    )?;
    let depth = match &args.depth {
        Some(path) => Some(engine::input::load_depth_image(path, size)?),
        None => None,
    };
    let input = InputTexture::upload_with_depth(
        &ctx.device,
        &ctx.queue,
        &image,
        depth.as_deref(),
        "fxbench input",
    );
    let mut clock = engine::sources::FrameClock::new();
    for _ in 0..args.frames.max(1) {
        chain.render_blocking(&input, &clock.tick())?;
    }
    chain.flush_timings();
    let result = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output())
        .map_err(|e| anyhow::anyhow!("reading the result back: {e}"))?;
    save_png(&args.out, &result)?;
    println!(
        "wrote {} ({}x{}) on {}",
        args.out.display(),
        size.0,
        size.1,
        ctx.describe()
    );
    print!(
        "{}",
        app::report::timing_table(&chain, app::report::Columns::Mean)
    );
    Ok(())
}

/// Writes a PNG atomically: encoded in memory, then written beside the target and renamed.
fn save_png(path: &std::path::Path, image: &engine::RgbaImage) -> anyhow::Result<()> {
    let mut png = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut png),
        &image.pixels,
        image.width,
        image.height,
        image::ExtendedColorType::Rgba8,
    )
    .context("encoding the PNG")?;
    analysis::write_atomic(path, &png).with_context(|| format!("writing {}", path.display()))
}
