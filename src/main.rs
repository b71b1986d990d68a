//! The `fxbench` binary: the workbench window by default (feature `window`), plus command-line
//! tools over the session layer (`app::session`) and the engine.

mod arena;
mod args;
mod bench;
mod check;
mod compare;
mod debug;
mod spirv;

use std::path::PathBuf;

use analysis::CompileMode;
use anyhow::{Context as _, bail};
use app::session::document::Document;
use app::session::input::{InputChoice, LiveInput};
use clap::{Parser, Subcommand};
use engine::{ChainOptions, EffectChain, GpuContext};

#[derive(Parser)]
#[command(
    name = "fxbench",
    version,
    about = "A workbench for ReShade FX effects (.fx/.fxh) and fxbench's WGSL effects (.wfx)"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[cfg(feature = "window")]
    #[command(flatten)]
    window: WindowArgs,
}

/// What the window opens with (no subcommand).
#[cfg(feature = "window")]
#[derive(clap::Args)]
struct WindowArgs {
    /// Effect files to open in the window (default: the built-in demo preset).
    #[arg(long = "effect", value_name = "FILE", global = false)]
    effects: Vec<PathBuf>,
    /// Preset to open in the window.
    #[arg(long, value_name = "FILE.ini")]
    preset: Option<PathBuf>,
    /// What the window's effects run over: `scene` (the animated 3D demo with depth, default),
    /// `test-card`, or an image file.
    #[arg(long, value_name = "IMG", default_value = "scene")]
    input: InputChoice,
    /// Depth for an image input: a greyscale PNG of the same size (black near, white far).
    #[arg(long, value_name = "IMG")]
    depth: Option<PathBuf>,
    /// The chain's resolution, WxH (BUFFER_WIDTH/BUFFER_HEIGHT), whatever the window's size;
    /// an image input is scaled to it (default: an image's own size, else 1280x720).
    #[arg(long, value_name = "WxH", value_parser = args::parse_size)]
    resolution: Option<(u32, u32)>,
    /// Open the preview split before/after: the input left of the divider, or with a
    /// technique's name the output without that technique.
    #[arg(long, value_name = "TECHNIQUE", num_args = 0..=1, default_missing_value = "")]
    split: Option<String>,
    /// Reopen the session a window that lost its GPU device saved (it starts the new window
    /// with this itself).
    #[arg(long, value_name = "FILE")]
    recover: Option<PathBuf>,
    /// Close the window after this many frames (smoke tests and screenshots).
    #[arg(long, value_name = "N", hide = true)]
    exit_after_frames: Option<u64>,
    /// What the window's central panel shows first: the preview or the SPIR-V view.
    #[arg(long, value_enum, default_value_t = args::ViewArg::Preview)]
    view: args::ViewArg,
    /// Effect and texture search paths (`-I`, `--textures`); without them, the window's stored
    /// ones.
    #[command(flatten)]
    search: args::SearchArgs,
    /// A folder of ReShade's own SPIR-V (repeatable; X.spv for X.fx, flat or mirroring the
    /// effect's collection/shaders folders): the Shaders box then offers "ReShade reference".
    /// Without one, the window's stored folders; X.spv beside X.fx is always found.
    #[arg(long = "reference", value_name = "DIR")]
    reference: Vec<PathBuf>,
    /// The back buffer the effects run on (the tool bar's Back buffer box); without either
    /// flag, the one the window's last session stored.
    #[command(flatten)]
    back_buffer: args::BackBufferArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Runs effects over an image headless, writes the result (a screenshot frame: techniques
    /// with `enabled_in_screenshot = false` are left out) and prints GPU times per pass.
    Render(RenderArgs),
    /// Checks effects (ReShade FX .fx/.fxh, and .wfx/.wfxh) and WGSL files (.wgsl) and prints
    /// their diagnostics.
    Check(check::CheckArgs),
    /// Runs a preset for N frames and prints GPU and CPU time per technique and pass (mean, min,
    /// max) and full-frame copies per frame.
    Bench(bench::BenchArgs),
    /// Prints an effect's pass stages as SPIR-V: naga's module, the optimiser's, or their diff,
    /// with instruction counts.
    Spirv(spirv::SpirvArgs),
    /// Renders an effect with two sets of shaders (ours against ReShade's own SPIR-V, or
    /// against another shader choice) or against a stored image, and prints the difference per
    /// technique, pass and texture (exit 0 within the tolerance, 1 over it, 2 when a side cannot
    /// run).
    Compare(Box<compare::CompareArgs>),
    /// The shader debugger: every value the author's code computes at one pixel (or compute
    /// thread) of one pass, in execution order. Exit 2 when it cannot run.
    Debug(Box<debug::DebugArgs>),
}

#[derive(clap::Args)]
struct RenderArgs {
    /// Effect files (.wfx, or ReShade FX .fx). With --preset and no --effect, the effects the preset names; with
    /// neither, the built-in demo preset (as in the window).
    #[arg(long = "effect", value_name = "FILE")]
    effects: Vec<PathBuf>,
    /// A ReShade-style INI preset: its Techniques=, TechniqueSorting= and uniform values apply.
    #[arg(long, value_name = "FILE.ini")]
    preset: Option<PathBuf>,
    /// Input image (PNG or JPEG; on a wide back buffer also OpenEXR, Radiance .hdr and 16-bit
    /// PNG at full precision); without it, the built-in test card.
    #[arg(long, value_name = "IMG")]
    input: Option<PathBuf>,
    /// Depth for the input: a greyscale PNG of the same size (black near, white far), bound to
    /// DEPTH-semantic textures.
    #[arg(long, value_name = "IMG", requires = "input")]
    depth: Option<PathBuf>,
    /// Size of the built-in test card, WxH.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = args::parse_size)]
    size: (u32, u32),
    /// Where to write the result: PNG (8-bit on an RGBA8 back buffer, 16-bit on a wide one,
    /// values as stored and clipped to 0..=1) or OpenEXR (`.exr`: 32-bit floats as stored).
    #[arg(long, value_name = "OUT.png|OUT.exr")]
    out: PathBuf,
    /// Frames to run (timings average over them, up to 60).
    #[arg(long, default_value_t = 1)]
    frames: u32,
    #[command(flatten)]
    run: args::RunArgs,
    #[command(flatten)]
    back_buffer: args::BackBufferArgs,
    #[command(flatten)]
    search: args::SearchArgs,
}

/// The system's allocator, and a region of its own for a one-shot check (`arena::begin`).
#[global_allocator]
static ALLOCATOR: arena::Allocator = arena::Allocator;

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        #[cfg(feature = "window")]
        None => {
            let window = cli.window;
            let back_buffer = match window.back_buffer.chosen() {
                Ok(back_buffer) => back_buffer,
                Err(e) => {
                    eprintln!("fxbench: {e}");
                    std::process::exit(2)
                }
            };
            app::window::run_native(app::window::StartOptions {
                effects: window.effects,
                preset: window.preset,
                input: window.input,
                depth: window.depth,
                resolution: window.resolution,
                recover: window.recover,
                no_relaunch: false,
                split: window.split.map(|t| (!t.is_empty()).then_some(t)),
                exit_after_frames: window.exit_after_frames,
                view: window.view.into(),
                include: window.search.include,
                textures: window.search.textures,
                reference: window.reference,
                back_buffer,
            })
        }
        #[cfg(not(feature = "window"))]
        None => {
            eprintln!(
                "fxbench: this build has no window (it was built without the `window` feature); \
                 run a command instead: render, bench, check, spirv or compare (see `fxbench --help`)"
            );
            std::process::exit(2)
        }
        Some(Command::Render(args)) => render(args),
        Some(Command::Check(args)) => std::process::exit(check::run(args)),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Spirv(args)) => std::process::exit(spirv::run(args)?),
        Some(Command::Compare(args)) => std::process::exit(compare::run(&args)),
        Some(Command::Debug(args)) => std::process::exit(debug::run(&args)),
    }
}

/// What `render` and `bench` run: `document` compiled for `size` (its diagnostics printed; errors
/// stop before any GPU work), its chain on a headless device with the preset applied, and in
/// performance mode compiled again with the preset's values folded in. `nothing` says what effect
/// errors prevent ("rendered", "measured").
pub(crate) fn build_chain(
    document: &Document,
    size: (u32, u32),
    run: &args::RunArgs,
    nothing: &str,
) -> anyhow::Result<(GpuContext, EffectChain)> {
    let (shaders, mode) = (run.shaders(), run.compile_mode());
    for missing in &document.missing_effects {
        eprintln!("warning: {missing}");
    }
    let compiled = document.compile(size);
    let diagnostics = compiled.render_diagnostics();
    if !diagnostics.is_empty() {
        eprintln!("{diagnostics}");
    }
    if compiled.has_errors() {
        bail!("effects have errors; nothing {nothing}");
    }
    let shaders = shaders.shaders()?;
    let ctx = GpuContext::headless(wgpu::Features::empty()).context("creating a GPU device")?;
    let options = ChainOptions {
        shaders,
        back_buffer: document.back_buffer,
        ..ChainOptions::default()
    };
    let mut chain = EffectChain::new(&ctx, compiled.effects, size, &options)?;
    document.apply_preset(&mut chain);
    if !run.techniques.is_empty() {
        app::session::document::select_techniques(&mut chain, &run.techniques)?;
    }
    if mode == CompileMode::Performance {
        let compiled = document.compile_like(size, mode, &chain);
        if compiled.has_errors() {
            bail!("{}", compiled.render_diagnostics());
        }
        chain.reload(compiled.effects, size)?;
    }
    for conflict in chain.texture_conflicts() {
        eprintln!("warning: {conflict}");
    }
    Ok((ctx, chain))
}

/// Runs `frames` frames (at least one) over `input`, each waited for, then folds in every
/// timestamp. With `screenshot`, the last frame is a screenshot frame (what `render` writes):
/// `screenshot` uniforms are true and techniques with `enabled_in_screenshot = false` skipped.
pub(crate) fn run_frames(
    ctx: &GpuContext,
    chain: &mut EffectChain,
    input: &LiveInput,
    frames: u32,
    screenshot: bool,
) -> anyhow::Result<()> {
    let mut clock = engine::sources::FrameClock::new();
    let frames = frames.max(1);
    for n in 1..=frames {
        let mut frame = clock.tick();
        frame.screenshot = screenshot && n == frames;
        if input.is_animated() {
            let mut encoder = ctx
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("fxbench input frame"),
                });
            input.record(&ctx.queue, &mut encoder, frame.elapsed_ns);
            ctx.queue.submit([encoder.finish()]);
        }
        chain.render_blocking(input.texture(), &frame)?;
    }
    chain.flush_timings();
    Ok(())
}

fn render(args: RenderArgs) -> anyhow::Result<()> {
    let choice = args
        .input
        .clone()
        .map_or(InputChoice::TestCard, InputChoice::Image);
    let back_buffer = args.back_buffer.back_buffer()?;
    let mut document = app::session::open_document_in(
        args.preset.as_deref(),
        &args.effects,
        &choice,
        &args.search.paths(),
    )?;
    document.back_buffer = back_buffer;
    let source = app::session::input::load_input_for(
        &choice,
        args.depth.as_deref(),
        args.size,
        back_buffer,
    )?;
    let size = source.size();
    let (ctx, mut chain) = build_chain(&document, size, &args.run, "rendered")?;
    let input = LiveInput::on(&ctx, source, back_buffer);
    run_frames(&ctx, &mut chain, &input, args.frames, true)?;
    save_output(&ctx, &chain, &args.out)?;
    println!(
        "wrote {} ({}x{}) on {}",
        args.out.display(),
        size.0,
        size.1,
        ctx.describe()
    );
    print!(
        "{}",
        app::session::report::timing_table(&chain, app::session::report::Columns::Mean)
    );
    Ok(())
}

/// Writes the chain's output to `path`: OpenEXR for `.exr` (floats as stored), else PNG, 16-bit
/// for a wide back buffer, as ReShade's screenshots keep the back buffer's format.
fn save_output(
    ctx: &GpuContext,
    chain: &EffectChain,
    path: &std::path::Path,
) -> anyhow::Result<()> {
    let exr = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("exr"));
    let wide = chain.back_buffer().format() != analysis::BackBufferFormat::Rgba8;
    if !exr && !wide {
        let result = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output())
            .map_err(|e| anyhow::anyhow!("reading the result back: {e}"))?;
        return save_png(path, &result);
    }
    let stored = engine::input::read_texture_stored(&ctx.device, &ctx.queue, chain.output())
        .context("the output is a back buffer")?
        .map_err(|e| anyhow::anyhow!("reading the result back: {e}"))?;
    let bytes = if exr {
        engine::input::encode_exr(&stored).context("encoding the EXR")?
    } else {
        engine::input::encode_png16(&stored).context("encoding the PNG")?
    };
    app::session::files::write_atomic(path, &bytes)
        .with_context(|| format!("writing {}", path.display()))
}

/// Writes a PNG atomically: encoded in memory, then written beside the target and renamed.
fn save_png(path: &std::path::Path, image: &engine::RgbaImage) -> anyhow::Result<()> {
    let png = app::session::screenshot::encode_png(image).context("encoding the PNG")?;
    app::session::files::write_atomic(path, &png)
        .with_context(|| format!("writing {}", path.display()))
}

#[cfg(all(test, feature = "window"))]
mod tests {
    use std::path::PathBuf;

    use clap::Parser as _;

    use super::{Cli, Command};

    #[test]
    fn the_window_and_the_commands_take_search_paths() {
        let cli = Cli::try_parse_from([
            "fxbench",
            "-I",
            "Shaders",
            "--include",
            r"More\Shaders",
            "--textures",
            "Pictures/**",
            "--preset",
            "p.ini",
        ])
        .expect("the window's command line");
        assert!(cli.command.is_none());
        let paths = |v: &[&str]| v.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert_eq!(
            cli.window.search.include,
            paths(&["Shaders", r"More\Shaders"])
        );
        assert_eq!(cli.window.search.textures, paths(&["Pictures/**"]));
        let cli = Cli::try_parse_from([
            "fxbench",
            "render",
            "--textures",
            "T",
            "-I",
            "S",
            "--out",
            "o.png",
        ])
        .expect("render's command line");
        let Some(Command::Render(render)) = cli.command else {
            panic!("not render");
        };
        assert_eq!(render.search.include, paths(&["S"]));
        assert_eq!(render.search.textures, paths(&["T"]));
    }

    #[test]
    fn the_window_takes_reference_folders_and_compare_its_module() {
        let cli = Cli::try_parse_from([
            "fxbench",
            "--effect",
            "Deband.fx",
            "--reference",
            "spirv",
            "--reference",
            "more",
        ])
        .expect("the window's command line");
        assert!(cli.command.is_none());
        assert_eq!(
            cli.window.reference,
            [PathBuf::from("spirv"), PathBuf::from("more")]
        );
        let cli = Cli::try_parse_from([
            "fxbench",
            "compare",
            "--effect",
            "Deband.fx",
            "--reference",
            "Deband.spv",
        ])
        .expect("compare's command line");
        assert!(matches!(cli.command, Some(Command::Compare(_))));
        assert!(cli.window.reference.is_empty());
    }
}
