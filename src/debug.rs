//! `fxbench debug`: the shader debugger from the command line. The effect is compiled twice,
//! as it runs and instrumented (`analysis::debug`); the chain renders one frame in which the
//! chosen pass runs once more for one pixel or compute thread (`EffectChain::record_trace`),
//! and every value the author's code computed there is printed in execution order.

use std::path::PathBuf;

use analysis::debug::{SiteKind, Trace, TraceTable};
use anyhow::{Context as _, bail};
use app::session::input::{InputChoice, LiveInput};
use engine::chain::TraceRequest;
use engine::{EffectChain, GpuContext};

use crate::args::SearchArgs;
use crate::compare::EXIT_CANNOT_RUN;

mod history;

#[derive(clap::Args)]
pub(crate) struct DebugArgs {
    /// The effect (.fx or .wfx).
    #[arg(long, value_name = "FILE")]
    effect: PathBuf,
    /// The pass: its technique and its name, or its number from 0 (`Technique/2`).
    #[arg(
        long,
        value_name = "TECHNIQUE/PASS",
        required_unless_present = "history"
    )]
    pass: Option<String>,
    /// Instead of one pass's trace, the pixel's history: every pass of every technique in run
    /// order, what it wrote there in each target (before, what the shader returned, after) and
    /// why a value is not what the shader returned (blending, stencil, discard, write mask).
    #[arg(long, conflicts_with = "pass")]
    history: bool,
    /// The pixel `X,Y` (from the top left), or for a compute pass the thread `X,Y[,Z]`
    /// (`SV_DispatchThreadID`, `@builtin(global_invocation_id)`).
    #[arg(long, value_name = "X,Y", value_parser = parse_target)]
    pixel: [u32; 3],
    /// Input image (PNG or JPEG), scaled to the resolution; without it, the test card.
    #[arg(long, value_name = "IMG")]
    input: Option<PathBuf>,
    /// BUFFER_WIDTH x BUFFER_HEIGHT.
    #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = crate::args::parse_size)]
    resolution: (u32, u32),
    /// A preprocessor definition (repeatable).
    #[arg(short = 'D', long = "define", value_name = "NAME=VALUE", value_parser = crate::check::parse_define)]
    defines: Vec<(String, String)>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    #[command(flatten)]
    search: SearchArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// `X,Y` or `X,Y,Z`.
fn parse_target(text: &str) -> anyhow::Result<[u32; 3]> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if !(2..=3).contains(&parts.len()) {
        bail!("expected X,Y or X,Y,Z, got '{text}'");
    }
    let mut target = [0; 3];
    for (slot, part) in target.iter_mut().zip(&parts) {
        *slot = part
            .parse()
            .with_context(|| format!("'{part}' is not a coordinate"))?;
    }
    Ok(target)
}

/// Runs the command; returns the exit status (0, or 2 when the trace cannot be made).
pub(crate) fn run(args: &DebugArgs) -> i32 {
    if args.history {
        finish(args.format, history::history(args))
    } else {
        finish(args.format, debug(args))
    }
}

/// What a mode of the command prints.
trait Printed {
    fn text(&self) -> String;
    fn json(&self) -> String;
}

/// Prints `report` as asked and gives the exit status, or the reason it could not run and 2.
fn finish(format: Format, report: anyhow::Result<impl Printed>) -> i32 {
    match report {
        Ok(report) => {
            match format {
                Format::Text => print!("{}", report.text()),
                Format::Json => println!("{}", report.json()),
            }
            0
        }
        Err(error) => {
            eprintln!(
                "fxbench debug: cannot run: {}",
                crate::args::error_text(&error)
            );
            EXIT_CANNOT_RUN
        }
    }
}

/// What was traced and what came out.
struct Report {
    effect: String,
    pass: String,
    target: [u32; 3],
    compute: bool,
    trace: Trace,
    table: TraceTable,
}

/// The effect compiled for the resolution, the input, and a device: what both modes start from.
struct Setup {
    document: app::session::document::Document,
    compiled: app::session::document::Compiled,
    ctx: GpuContext,
    input: LiveInput,
}

fn setup(args: &DebugArgs) -> anyhow::Result<Setup> {
    let size = args.resolution;
    let document = args.search.single_effect(&args.effect, &args.defines);
    let compiled = document.compile(size);
    if compiled.has_errors() {
        bail!("the effect has errors:\n{}", compiled.render_diagnostics());
    }
    let choice = args
        .input
        .clone()
        .map_or(InputChoice::TestCard, InputChoice::Image);
    let source = app::session::input::load_input(&choice, None, size)?.at_size(size);
    let ctx = GpuContext::headless(wgpu::Features::empty()).context("creating a GPU device")?;
    let input = LiveInput::new(&ctx, source);
    Ok(Setup {
        document,
        compiled,
        ctx,
        input,
    })
}

fn debug(args: &DebugArgs) -> anyhow::Result<Report> {
    let size = args.resolution;
    let pass_name = args.pass.clone().unwrap_or_default();
    let Setup {
        document,
        compiled,
        ctx,
        input,
    } = setup(args)?;
    let options = analysis::Options {
        buffer_width: size.0,
        buffer_height: size.1,
        include_dirs: app::session::files::include_dirs(&document.search_paths),
        texture_dirs: document.search_paths.texture_dirs(&args.effect),
        builtin_include_dir: app::session::files::builtin_assets_dir().join("reshade"),
        definitions: args.defines.clone(),
        ..analysis::Options::default()
    };
    let out = analysis::debug::instrument_effect(&args.effect, &analysis::FsLoader, &options);
    let Some(instrumented) = out.instrumented else {
        bail!(
            "the instrumented effect does not compile:\n{}",
            out.load.render_diagnostics()
        );
    };
    let mut chain = EffectChain::new(&ctx, compiled.effects, size, &Default::default())?;
    let (technique, pass) = find_pass(&chain, &pass_name)?;
    chain.set_enabled(technique, true);
    let located = chain.technique(technique).passes[pass].span();
    let location = chain
        .effect(technique.effect)
        .location(located)
        .unwrap_or("")
        .to_string();
    let compute = chain.technique(technique).passes[pass].is_compute();
    let clock = engine::sources::FrameClock::new().tick();
    let request = TraceRequest {
        technique,
        pass,
        target: args.pixel,
        instrumented: &instrumented,
    };
    let trace = chain
        .record_trace(input.texture(), &clock, &request)
        .with_context(|| format!("{location}: pass '{pass_name}'"))?;
    Ok(Report {
        effect: args.effect.display().to_string(),
        pass: pass_name,
        target: args.pixel,
        compute,
        trace,
        table: instrumented.table,
    })
}

/// The technique and the pass index `Technique/pass` names (by name, or by number from 0).
fn find_pass(chain: &EffectChain, text: &str) -> anyhow::Result<(engine::TechniqueKey, usize)> {
    let Some((technique, pass)) = text.split_once('/') else {
        bail!("--pass: expected TECHNIQUE/PASS, got '{text}'");
    };
    let Some(key) = chain.find(technique, None) else {
        bail!("no technique named '{technique}'");
    };
    let passes = &chain.technique(key).passes;
    let by_name = passes.iter().position(|p| p.name() == Some(pass));
    let by_number = pass.parse::<usize>().ok().filter(|&n| n < passes.len());
    match by_name.or(by_number) {
        Some(index) => Ok((key, index)),
        None => {
            let names: Vec<String> = passes
                .iter()
                .enumerate()
                .map(|(k, p)| p.name().map_or(k.to_string(), str::to_string))
                .collect();
            bail!(
                "technique '{technique}' has no pass '{pass}' (its passes: {})",
                names.join(", ")
            )
        }
    }
}

impl Printed for Report {
    fn text(&self) -> String {
        let [x, y, z] = self.target;
        let at = if self.compute {
            format!("thread {x},{y},{z}")
        } else {
            format!("pixel {x},{y}")
        };
        let mut text = format!(
            "{}: {} at {at}: {} records\n",
            self.effect, self.pass, self.trace.written
        );
        text.push_str(&self.trace.to_text(&self.table));
        text
    }

    fn json(&self) -> String {
        let records: Vec<serde_json::Value> = self
            .trace
            .records
            .iter()
            .filter_map(|r| {
                let site = self.table.sites.get(r.site as usize)?;
                let (kind, callee) = match &site.kind {
                    SiteKind::Declaration => ("declaration", None),
                    SiteKind::Assignment => ("assignment", None),
                    SiteKind::Return => ("return", None),
                    SiteKind::Branch => ("branch", None),
                    SiteKind::Argument { callee, .. } => ("argument", Some(callee.clone())),
                };
                Some(serde_json::json!({
                    "path": site.path.display().to_string(),
                    "line": site.line,
                    "column": site.column,
                    "kind": kind,
                    "callee": callee,
                    "name": site.name,
                    "function": site.function,
                    "type": site.ty.name(),
                    "value": site.ty.format(&r.words),
                    "words": r.words,
                }))
            })
            .collect();
        serde_json::json!({
            "effect": self.effect,
            "pass": self.pass,
            "target": self.target,
            "compute": self.compute,
            "written": self.trace.written,
            "cut": self.trace.cut(),
            "records": records,
        })
        .to_string()
    }
}
