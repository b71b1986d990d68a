//! `fxbench bench`: runs a preset's chain for N frames at a given size and prints GPU and CPU time
//! per technique and per pass (mean, min, max over all frames) and full-frame copies per frame.

use std::path::PathBuf;

use engine::InputTexture;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The preset whose techniques run (its Techniques=, TechniqueSorting= and values).
    #[arg(long, value_name = "FILE.ini")]
    preset: Option<PathBuf>,
    /// Effect files; with a preset, instead of the effects it names.
    #[arg(long = "effect", value_name = "FILE")]
    effects: Vec<PathBuf>,
    /// Back-buffer size, WxH (the built-in test card is the input).
    #[arg(long, value_name = "WxH", default_value = "1920x1080", value_parser = crate::parse_size)]
    size: (u32, u32),
    /// Frames to run; the first few warm up and are included.
    #[arg(long, default_value_t = 300)]
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

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    let document = crate::open_document(args.preset.as_deref(), &args.effects)?;
    let (ctx, mut chain) = crate::build_chain(
        &document,
        args.size,
        args.shaders,
        args.performance_mode,
        "measured",
    )?;
    let image = engine::input::test_card(args.size.0, args.size.1);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, &image, "fxbench bench input");
    let mut clock = engine::sources::FrameClock::new();
    let started = std::time::Instant::now();
    for _ in 0..args.frames.max(1) {
        chain.render_blocking(&input, &clock.tick())?;
    }
    chain.flush_timings();
    let wall = started.elapsed();
    println!(
        "{} frames at {}x{} on {} in {:.2} s, shaders: {}",
        args.frames.max(1),
        args.size.0,
        args.size.1,
        ctx.describe(),
        wall.as_secs_f64(),
        args.shaders.label()
    );
    print!(
        "{}",
        app::report::timing_table(&chain, app::report::Columns::MeanMinMax)
    );
    Ok(())
}
