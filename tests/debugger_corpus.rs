//! The shader debugger over every corpus ReShade FX effect that renders (#25): the pixel history
//! of one pixel lists every pass of every technique with no error, and each pass records a
//! trace there (a draw at the centre pixel, a compute pass at thread 0,0,0), instrumented with
//! the very options the chain's compile used. 320x180 keeps lavapipe's time affordable.

use app::session::document::{CompileSettings, Document};
use engine::chain::TraceRequest;
use engine::testing;

const SIZE: (u32, u32) = (320, 180);
/// Effects that render (`tests/fx_corpus_render.rs`: all 125 but the two LUT effects whose
/// images are absent).
const CORPUS_RENDERING: usize = 123;
/// Their passes, every technique's (each one traced).
const PASSES: usize = 372;

/// What debugging every pass of one effect found: passes traced, and what failed.
fn debug_effect(ctx: &engine::GpuContext, path: &std::path::Path) -> Option<(usize, Vec<String>)> {
    let document = Document::with_effects(vec![path.to_path_buf()]);
    let compiled = document.compile(SIZE);
    if compiled.has_errors() || compiled.effects.is_empty() {
        return None;
    }
    let options = document.effect_options(path, SIZE, &CompileSettings::Normal);
    let out = analysis::debug::instrument_effect(path, &analysis::FsLoader, &options);
    let Some(instrumented) = out.instrumented else {
        return Some((
            0,
            vec![format!("instrumenting: {}", out.load.render_diagnostics())],
        ));
    };
    let mut chain =
        engine::EffectChain::new(ctx, compiled.effects, SIZE, &Default::default()).ok()?;
    for key in chain.order().to_vec() {
        chain.set_enabled(key, true);
    }
    let image = engine::input::test_card(SIZE.0, SIZE.1);
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "corpus input");
    let clock = engine::sources::FrameClock::new().tick();
    let mut failures = Vec::new();
    let center = [SIZE.0 / 2, SIZE.1 / 2];
    let passes: usize = chain
        .order()
        .iter()
        .map(|k| chain.technique(*k).passes.len())
        .sum();
    match chain.pixel_history(&input, &clock, center) {
        Ok(history) if history.passes.len() == passes => {}
        Ok(history) => failures.push(format!(
            "pixel history: {} of {passes} passes",
            history.passes.len()
        )),
        Err(e) => failures.push(format!("pixel history: {e}")),
    }
    let mut traced = 0;
    let resources = chain.resources();
    for key in chain.order().to_vec() {
        for pass in 0..chain.technique(key).passes.len() {
            let model = &chain.technique(key).passes[pass];
            let compute = model.is_compute();
            // The centre of the pass's target: its first render target, or the back buffer.
            let (w, h) = model.render_targets().first().map_or(SIZE, |&texture| {
                let id = engine::inspect::ResourceId::Texture {
                    effect: key.effect,
                    texture,
                };
                resources
                    .iter()
                    .find(|r| r.id == id)
                    .map_or(SIZE, |r| (r.size.0, r.size.1))
            });
            let request = TraceRequest {
                technique: key,
                pass,
                target: if compute { [0; 3] } else { [w / 2, h / 2, 0] },
                instrumented: &instrumented,
            };
            match chain.record_trace(&input, &clock, &request) {
                Ok(_) => traced += 1,
                Err(e) => failures.push(format!("{}/{pass}: {e}", chain.technique(key).name)),
            }
        }
    }
    Some((traced, failures))
}

#[test]
fn every_pass_of_every_corpus_effect_records_a_trace_and_a_pixel_history() {
    let Some(ctx) = testing::gpu() else { return };
    let Some(root) = corpus::dir("reshadefx", "the debugger over the corpus") else {
        return;
    };
    let (mut effects, mut passes, mut failures) = (0, 0, Vec::new());
    for path in corpus::files_below(&root, "fx") {
        let name = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        let Some((traced, failed)) = debug_effect(&ctx, &path) else {
            continue;
        };
        effects += 1;
        passes += traced;
        failures.extend(failed.into_iter().map(|f| format!("{name}: {f}")));
    }
    println!("{effects} effects, {passes} passes traced");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        (effects, passes),
        (CORPUS_RENDERING, PASSES),
        "effects debugged, passes traced"
    );
}
