//! `fxbench compare`: an effect rendered by two sets of shaders (ours against ReShade's own
//! SPIR-V, or against another of our shader choices) or against a stored image, with identical
//! inputs and runtime sources, every technique enabled; prints the difference per technique,
//! pass and texture, and each pass's GPU time on both sides. Exit 0 within the tolerance, 1 over
//! it, 2 when a side cannot run.

use std::path::PathBuf;

use anyhow::Context as _;
use app::session::input::{InputChoice, LiveInput};
use engine::reference::{
    CompareOptions, Comparison, ImageDiff, ProbeDiff, Tolerance, compare_chains,
};
use engine::{ChainOptions, EffectChain, GpuContext, Shaders};

use crate::args::{SearchArgs, ShadersArg};

pub(crate) const EXIT_AGREES: i32 = 0;
pub(crate) const EXIT_DIFFERS: i32 = 1;
pub(crate) const EXIT_CANNOT_RUN: i32 = 2;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("other").required(true).args(["reference", "expect", "against"])))]
pub(crate) struct CompareArgs {
    /// The effect (.fx) to render.
    #[arg(long, value_name = "FILE.fx")]
    effect: PathBuf,
    /// ReShade's SPIR-V for the effect (`reshade_spirv.py` makes it): run as the other side.
    #[arg(long, value_name = "X.spv")]
    reference: Option<PathBuf>,
    /// A stored image the final output must match (written by `fxbench render`, say). On a wide
    /// back buffer its values are compared as stored (an OpenEXR from `render --out x.exr`).
    #[arg(long, value_name = "golden.png|golden.exr")]
    expect: Option<PathBuf>,
    /// Another of our shader choices as the other side (`spirv`: naga's SPIR-V passed through).
    #[arg(long, value_enum, value_name = "SHADERS")]
    against: Option<ShadersArg>,
    /// Our side's shaders.
    #[arg(long, value_enum, default_value_t = ShadersArg::Wgpu)]
    shaders: ShadersArg,
    /// The largest difference per channel of an 8-bit texture, in 1/255 steps (floats agree
    /// within a relative 1e-3, or 1e-5 near 0).
    #[arg(long, value_name = "T", default_value_t = 2.0)]
    tolerance: f32,
    /// Input image (PNG or JPEG), scaled to the resolution; without it (or --scene), the test
    /// card.
    #[arg(long, value_name = "IMG", conflicts_with = "scene")]
    input: Option<PathBuf>,
    /// Depth for the input image: a greyscale PNG of its size (black near, white far).
    #[arg(long, value_name = "IMG", requires = "input")]
    depth: Option<PathBuf>,
    /// The animated 3D demo scene, with depth, as the input.
    #[arg(long)]
    scene: bool,
    /// Frames run on both sides; the last one is compared.
    #[arg(long, value_name = "N", default_value_t = 4)]
    frames: u32,
    /// BUFFER_WIDTH x BUFFER_HEIGHT (ReShade's references are compiled at 1280x720).
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = crate::args::parse_size)]
    resolution: (u32, u32),
    /// A preprocessor definition for our side (repeatable), as the reference was compiled with.
    #[arg(short = 'D', long = "define", value_name = "NAME=VALUE", value_parser = crate::check::parse_define)]
    defines: Vec<(String, String)>,
    /// Where to write the difference of the final outputs (PNG, amplified 8 times).
    #[arg(long, value_name = "diff.png")]
    out_diff: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    back_buffer: crate::args::BackBufferArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// How much the difference image amplifies.
const DIFF_GAIN: f32 = 8.0;

/// Runs the command; returns the exit status.
pub(crate) fn run(args: &CompareArgs) -> i32 {
    match compare(args) {
        Ok(report) => {
            match args.format {
                Format::Text => print!("{}", report.text()),
                Format::Json => println!("{}", report.json()),
            }
            if report.agrees() {
                EXIT_AGREES
            } else {
                EXIT_DIFFERS
            }
        }
        Err(error) => {
            eprintln!(
                "fxbench compare: cannot run: {}",
                crate::args::error_text(&error)
            );
            EXIT_CANNOT_RUN
        }
    }
}

/// What was compared and what came out.
struct Report {
    effect: String,
    ours: String,
    theirs: String,
    size: (u32, u32),
    frames: u32,
    comparison: Comparison,
}

fn compare(args: &CompareArgs) -> anyhow::Result<Report> {
    let size = args.resolution;
    let back_buffer = args.back_buffer.back_buffer()?;
    let mut document = args.search.single_effect(&args.effect, &args.defines);
    document.back_buffer = back_buffer;
    let compiled = document.compile(size);
    let diagnostics = compiled.render_diagnostics();
    if compiled.has_errors() {
        anyhow::bail!("the effect has errors:\n{diagnostics}");
    }
    let choice = match (&args.input, args.scene) {
        (Some(path), _) => InputChoice::Image(path.clone()),
        (None, true) => InputChoice::Scene,
        (None, false) => InputChoice::TestCard,
    };
    let source =
        app::session::input::load_input_for(&choice, args.depth.as_deref(), size, back_buffer)?
            .at_size(size);
    let ctx = GpuContext::headless(wgpu::Features::empty()).context("creating a GPU device")?;
    let input = LiveInput::on(&ctx, source, back_buffer);
    let ours_choice = app::session::spirv::ShaderChoice::from(args.shaders);
    let ours = ours_choice.shaders()?;
    let options = CompareOptions {
        frames: args.frames.max(1),
        tolerance: Tolerance::unorm_steps(args.tolerance),
    };
    let effects = compiled.effects;
    let (theirs_label, comparison) = if let Some(golden) = &args.expect {
        let chain = new_chain(&ctx, effects, size, ours, back_buffer)?;
        let comparison = against_image(&ctx, chain, &input, golden, &options)?;
        (golden.display().to_string(), comparison)
    } else {
        let (label, theirs) = if let Some(spv) = &args.reference {
            (
                format!("ReShade's SPIR-V ({})", spv.display()),
                app::session::reference::load(spv)?,
            )
        } else {
            let choice = app::session::spirv::ShaderChoice::from(
                args.against
                    .context("one of --reference, --expect, --against")?,
            );
            (choice.label().to_string(), choice.shaders()?)
        };
        let mut a = new_chain(&ctx, effects.clone(), size, ours, back_buffer)?;
        let mut b = new_chain(&ctx, effects, size, theirs, back_buffer)?;
        let mut animate = |elapsed_ns: u64| animate_input(&ctx, &input, elapsed_ns);
        let comparison = compare_chains(&mut a, &mut b, input.texture(), &mut animate, &options)?;
        (label, comparison)
    };
    if let (Some(path), Some((a, b))) = (&args.out_diff, &comparison.outputs) {
        let picture = engine::reference::diff::difference_image(a.into(), b.into(), DIFF_GAIN);
        crate::save_png(path, &picture)?;
    }
    Ok(Report {
        effect: args.effect.display().to_string(),
        ours: ours_choice.label().to_string(),
        theirs: theirs_label,
        size,
        frames: options.frames,
        comparison,
    })
}

fn new_chain(
    ctx: &GpuContext,
    effects: Vec<analysis::ValidatedEffect>,
    size: (u32, u32),
    shaders: Shaders,
    back_buffer: analysis::BackBuffer,
) -> anyhow::Result<EffectChain> {
    let options = ChainOptions {
        shaders,
        back_buffer,
        ..ChainOptions::default()
    };
    Ok(EffectChain::new(ctx, effects, size, &options)?)
}

/// Records the input's frame at `elapsed_ns` (the scene; nothing for an image) and submits it.
fn animate_input(ctx: &GpuContext, input: &LiveInput, elapsed_ns: u64) {
    if !input.is_animated() {
        return;
    }
    let mut encoder = ctx
        .device
        .create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("fxbench compare input"),
        });
    input.record(&ctx.queue, &mut encoder, elapsed_ns);
    ctx.queue.submit([encoder.finish()]);
}

/// Our chain's output after the frames against a stored image.
fn against_image(
    ctx: &GpuContext,
    mut chain: EffectChain,
    input: &LiveInput,
    golden: &std::path::Path,
    options: &CompareOptions,
) -> anyhow::Result<Comparison> {
    let wide = chain.back_buffer().format() != analysis::BackBufferFormat::Rgba8;
    let theirs = if wide {
        stored_captured(&engine::input::load_wide_image(golden)?.image)
    } else {
        captured(&engine::input::load_image(golden)?)
    };
    if (theirs.width, theirs.height) != chain.size() {
        anyhow::bail!(
            "{} is {}x{}, the output {}x{}",
            golden.display(),
            theirs.width,
            theirs.height,
            chain.size().0,
            chain.size().1
        );
    }
    for key in chain.order().to_vec() {
        chain.set_enabled(key, true);
    }
    for n in 0..options.frames {
        let frame = engine::FrameInput::fixed(n);
        animate_input(ctx, input, frame.elapsed_ns);
        chain.render_blocking(input.texture(), &frame)?;
    }
    let ours = if wide {
        let stored = engine::input::read_texture_stored(&ctx.device, &ctx.queue, chain.output())
            .context("the output is in no back-buffer format")?
            .map_err(|e| anyhow::anyhow!("reading the output back: {e}"))?;
        stored_captured(&stored)
    } else {
        let output = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output())
            .map_err(|e| anyhow::anyhow!("reading the output back: {e}"))?;
        captured(&output)
    };
    let diff = engine::reference::diff::compare(
        (&ours).into(),
        (&theirs).into(),
        false,
        &options.tolerance,
    )
    .map_err(|e| e.to_string());
    Ok(Comparison {
        probes: vec![ProbeDiff {
            pass: None,
            technique: String::new(),
            pass_name: None,
            resource: engine::inspect::ResourceId::BackBuffer,
            resource_name: "back buffer".into(),
            diff,
        }],
        times: Vec::new(),
        outputs: Some((ours, theirs)),
    })
}

/// Stored floats (a wide back buffer's, or an OpenEXR's) as the inspector holds them.
fn stored_captured(image: &engine::FloatImage) -> engine::inspect::CapturedImage {
    engine::inspect::CapturedImage {
        format: wgpu::TextureFormat::Rgba32Float,
        texels: image.pixels.clone(),
        ..captured(&engine::RgbaImage {
            width: image.width,
            height: image.height,
            pixels: Vec::new(),
        })
    }
}

/// An RGBA8 image as the inspector decodes one.
fn captured(image: &engine::RgbaImage) -> engine::inspect::CapturedImage {
    engine::inspect::CapturedImage {
        request: engine::inspect::CaptureRequest {
            resource: engine::inspect::ResourceId::BackBuffer,
            point: engine::inspect::CapturePoint::End,
            mip_level: 0,
        },
        serial: 1,
        width: image.width,
        height: image.height,
        format: wgpu::TextureFormat::Rgba8Unorm,
        texels: image
            .pixels
            .chunks_exact(4)
            .map(|p| [0, 1, 2, 3].map(|c| f32::from(p[c]) / 255.0))
            .collect(),
    }
}

impl Report {
    fn agrees(&self) -> bool {
        self.comparison.agrees()
    }

    fn text(&self) -> String {
        use std::fmt::Write as _;
        let mut out = format!(
            "{}: {} against {}, {}x{}, frame {} of {}\n",
            self.effect, self.ours, self.theirs, self.size.0, self.size.1, self.frames, self.frames
        );
        let mut technique = None;
        for probe in &self.comparison.probes {
            if probe.pass.is_some() && technique != Some(&probe.technique) {
                let _ = writeln!(out, "technique {}", probe.technique);
                technique = Some(&probe.technique);
            }
            let _ = writeln!(out, "  {}: {}", probe_label(probe), diff_text(&probe.diff));
        }
        if !self.comparison.times.is_empty() {
            out.push_str("GPU time per pass (ours / theirs):\n");
            let ms = |ns: Option<u64>| {
                ns.map_or_else(|| "-".into(), |ns| format!("{:.3} ms", ns as f64 * 1e-6))
            };
            for t in &self.comparison.times {
                let _ = writeln!(
                    out,
                    "  {} pass {}: {} / {}",
                    t.technique,
                    t.pass.pass,
                    ms(t.ours_ns),
                    ms(t.theirs_ns)
                );
            }
        }
        let total = self.comparison.probes.len();
        let over = self
            .comparison
            .probes
            .iter()
            .filter(|p| !p.agrees())
            .count();
        let _ = writeln!(
            out,
            "{}: {} of {total} textures agree",
            if over == 0 { "agrees" } else { "differs" },
            total - over
        );
        out
    }

    fn json(&self) -> String {
        let probes: Vec<serde_json::Value> = self
            .comparison
            .probes
            .iter()
            .map(|p| {
                let diff = match &p.diff {
                    Ok(d) => serde_json::json!({
                        "float": d.float,
                        "max_abs": d.max_abs.map(finite_or_string),
                        "mean_abs": d.mean_abs,
                        "over": d.over,
                        "first_over": d.first_over.map(|t| serde_json::json!({
                            "x": t.x, "y": t.y,
                            "ours": t.ours.map(finite_or_string),
                            "theirs": t.theirs.map(finite_or_string),
                        })),
                    }),
                    Err(e) => serde_json::json!({ "error": e }),
                };
                serde_json::json!({
                    "technique": p.technique,
                    "pass": p.pass.map(|r| r.pass),
                    "pass_name": p.pass_name,
                    "texture": p.resource_name,
                    "agrees": p.agrees(),
                    "diff": diff,
                })
            })
            .collect();
        let times: Vec<serde_json::Value> = self
            .comparison
            .times
            .iter()
            .map(|t| {
                serde_json::json!({
                    "technique": t.technique,
                    "pass": t.pass.pass,
                    "ours_ns": t.ours_ns,
                    "theirs_ns": t.theirs_ns,
                })
            })
            .collect();
        serde_json::json!({
            "effect": self.effect,
            "ours": self.ours,
            "theirs": self.theirs,
            "size": [self.size.0, self.size.1],
            "frames": self.frames,
            "agrees": self.agrees(),
            "probes": probes,
            "times": times,
        })
        .to_string()
    }
}

/// JSON has no NaN or infinities: those are written as strings.
fn finite_or_string(v: f32) -> serde_json::Value {
    if v.is_finite() {
        serde_json::json!(v)
    } else {
        serde_json::json!(v.to_string())
    }
}

fn probe_label(probe: &ProbeDiff) -> String {
    match probe.pass {
        None => format!("output ({})", probe.resource_name),
        Some(pass) => {
            let name = probe
                .pass_name
                .as_ref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            format!("pass {}{name} -> {}", pass.pass, probe.resource_name)
        }
    }
}

/// "agrees, max 0 0 0 0" or "3 texels over, max ... mean ..., first at (x, y): ours .. theirs ..".
fn diff_text(diff: &Result<ImageDiff, String>) -> String {
    let d = match diff {
        Ok(d) => d,
        Err(e) => return format!("not compared: {e}"),
    };
    // 8-bit textures in 1/255 steps, floats as they are.
    let scale = if d.float { 1.0 } else { 255.0 };
    let channels = |v: [f64; 4]| {
        v.map(|c| {
            if d.float {
                format!("{c:.3e}")
            } else {
                format!("{:.2}", c * scale)
            }
        })
        .join(" ")
    };
    let unit = if d.float { "" } else { " (1/255 steps)" };
    let mut text = format!(
        "{}, max {}, mean {}{unit}",
        if d.agrees() {
            "agrees".to_string()
        } else {
            format!("{} texels over", d.over)
        },
        channels(d.max_abs.map(f64::from)),
        channels(d.mean_abs),
    );
    if let Some(t) = d.first_over {
        text.push_str(&format!(
            ", first at ({}, {}): ours {:?} theirs {:?}",
            t.x, t.y, t.ours, t.theirs
        ));
    }
    text
}
