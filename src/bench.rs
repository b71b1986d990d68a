//! `fxbench bench`: runs a preset's chain for N frames at a given size and prints GPU and CPU time
//! per technique and per pass (mean, min, max over all frames) and full-frame copies per frame.

use std::path::PathBuf;

use app::session::input::{InputChoice, LiveInput};

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The preset whose techniques run (its Techniques=, TechniqueSorting= and values).
    #[arg(long, value_name = "FILE.ini")]
    preset: Option<PathBuf>,
    /// Effect files; with a preset, instead of the effects it names. With neither, the built-in
    /// demo preset.
    #[arg(long = "effect", value_name = "FILE")]
    effects: Vec<PathBuf>,
    /// Back-buffer size, WxH (the built-in test card is the input).
    #[arg(long, value_name = "WxH", default_value = "1920x1080", value_parser = crate::args::parse_size)]
    size: (u32, u32),
    /// Frames to run; the first few warm up and are included.
    #[arg(long, default_value_t = 300)]
    frames: u32,
    #[command(flatten)]
    run: crate::args::RunArgs,
    #[command(flatten)]
    back_buffer: crate::args::BackBufferArgs,
    #[command(flatten)]
    search: crate::args::SearchArgs,
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    let choice = InputChoice::TestCard;
    let back_buffer = args.back_buffer.back_buffer()?;
    let mut document = app::session::open_document_in(
        args.preset.as_deref(),
        &args.effects,
        &choice,
        &args.search.paths(),
    )?;
    document.back_buffer = back_buffer;
    let shaders = args.run.shaders();
    let (ctx, mut chain) = crate::build_chain(&document, args.size, &args.run, "measured")?;
    let source = app::session::input::load_input(&choice, None, args.size)?;
    let input = LiveInput::on(&ctx, source, back_buffer);
    let started = std::time::Instant::now();
    crate::run_frames(&ctx, &mut chain, &input, args.frames, false)?;
    let wall = started.elapsed();
    println!(
        "{} frames at {}x{} on {} in {:.2} s, shaders: {}",
        args.frames.max(1),
        args.size.0,
        args.size.1,
        ctx.describe(),
        wall.as_secs_f64(),
        shaders.label()
    );
    print!(
        "{}",
        app::session::report::timing_table(&chain, app::session::report::Columns::MeanMinMax)
    );
    Ok(())
}
