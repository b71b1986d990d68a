//! Every corpus ReShade FX effect that validates also builds and renders one frame over the
//! test card (all its techniques enabled), with no GPU error: lowering's output is not only
//! valid WGSL but runs.

use app::session::document::Document;
use engine::testing;

/// Effects of the corpus that render: the 123 that validate (`analysis/tests/fx_lower.rs`: all
/// 125 but two prod80 LUT effects whose images are absent), counting those that need a device
/// feature the test device lacks (none on lavapipe).
const CORPUS_RENDERING: usize = 123;

/// What rendering every corpus effect on one back buffer found.
#[derive(Default)]
struct CorpusRun {
    rendered: usize,
    /// Effects that compile on RGBA8 sRGB but not on this back buffer: their first error,
    /// `path:line:column: ...`.
    refused: Vec<String>,
    failures: Vec<String>,
    device_limited: Vec<String>,
}

/// Compiles every corpus effect for `back_buffer` at `size` and renders one frame of each that
/// compiles, all its techniques enabled, over the test card presented in its colour space.
fn render_corpus(
    ctx: &engine::GpuContext,
    root: &std::path::Path,
    back_buffer: engine::BackBuffer,
    size: (u32, u32),
) -> CorpusRun {
    let image = engine::input::test_card(size.0, size.1);
    let mut run = CorpusRun::default();
    for path in corpus::files_below(root, "fx") {
        let document = Document {
            back_buffer,
            ..Document::with_effects(vec![path.clone()])
        };
        let compiled = document.compile(size);
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        if compiled.has_errors() {
            let first = compiled.render_diagnostics();
            let first = first.lines().next().unwrap_or("").to_string();
            println!("  does not compile: {name}: {first}");
            if back_buffer != engine::BackBuffer::SRGB8 {
                let sdr = Document::with_effects(vec![path.clone()]).compile(size);
                if !sdr.has_errors() {
                    run.refused.push(first);
                }
            }
            continue;
        }
        if compiled.effects.is_empty() {
            println!("  compiles to nothing: {name}");
            continue;
        }
        let options = engine::ChainOptions {
            back_buffer,
            ..Default::default()
        };
        let chain = engine::EffectChain::new(ctx, compiled.effects, size, &options);
        let mut chain = match chain {
            Ok(chain) => chain,
            // A feature this device lacks (border addressing on a GL device) is not a
            // lowering bug: listed, not failed.
            Err(e) if format!("{e:?}").contains("are required but not enabled") => {
                let reason = format!("{e:?}");
                let feature = reason
                    .split("FeaturesWGPU(")
                    .nth(1)
                    .and_then(|r| r.split(')').next())
                    .unwrap_or("?");
                run.device_limited.push(format!("{name} ({feature})"));
                continue;
            }
            Err(e) => {
                run.failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for key in chain.order().to_vec() {
            chain.set_enabled(key, true);
        }
        let input = engine::InputTexture::upload_to(
            &ctx.device,
            &ctx.queue,
            &image,
            back_buffer,
            "corpus input",
        );
        let mut clock = engine::sources::FrameClock::new();
        match chain.render_blocking(&input, &clock.tick()) {
            Ok(_) => run.rendered += 1,
            Err(e) => run.failures.push(format!("{name}: {e}")),
        }
    }
    println!("{} corpus effects render on {back_buffer}", run.rendered);
    for d in &run.device_limited {
        println!("  needs a device feature: {d}");
    }
    for f in &run.failures {
        println!("  fails: {f}");
    }
    run
}

#[test]
fn validating_corpus_effects_render() {
    let Some(ctx) = testing::gpu() else { return };
    let Some(root) = corpus::dir("reshadefx", "ReShade FX rendering") else {
        return;
    };
    // The size `load_effect` validates at by default, so the same effects compile.
    let run = render_corpus(&ctx, &root, engine::BackBuffer::SRGB8, (1280, 720));
    assert!(run.failures.is_empty(), "{}", run.failures.join("\n"));
    assert_eq!(
        run.rendered + run.device_limited.len(),
        CORPUS_RENDERING,
        "effects that render"
    );
}

/// Effects of the corpus that render on RGB10A2 HDR10 and on RGBA16F scRGB at 320x180 (one
/// frame each, small to keep lavapipe's time affordable; compiling dominates): the same 123.
const CORPUS_RENDERING_WIDE: [usize; 2] = [CORPUS_RENDERING, CORPUS_RENDERING];
/// Those that compile on RGBA8 sRGB but refuse a wide back buffer with a located error (an
/// `#error` on `BUFFER_COLOR_SPACE` or `BUFFER_COLOR_BIT_DEPTH`): none in this corpus, whose HDR
/// aware effects (Glamarye's, CShade's) choose a path per colour space instead.
const CORPUS_REFUSING_WIDE: [usize; 2] = [0, 0];

#[test]
fn corpus_effects_render_on_wide_back_buffers_or_say_what_they_require() {
    let Some(ctx) = testing::gpu() else { return };
    let Some(root) = corpus::dir("reshadefx", "ReShade FX rendering on wide back buffers") else {
        return;
    };
    let wide = [
        engine::BackBuffer::of_format(engine::BackBufferFormat::Rgb10a2),
        engine::BackBuffer::of_format(engine::BackBufferFormat::Rgba16f),
    ];
    for (i, back_buffer) in wide.into_iter().enumerate() {
        let run = render_corpus(&ctx, &root, back_buffer, (320, 180));
        assert!(
            run.failures.is_empty(),
            "{back_buffer}: {}",
            run.failures.join("\n")
        );
        for refusal in &run.refused {
            println!("  refuses {back_buffer}: {refusal}");
            // `path:line:column: error...`: located.
            let located = refusal.split(": error").next().unwrap_or("");
            assert_eq!(
                located
                    .rsplit(':')
                    .take(2)
                    .filter(|n| n.parse::<u32>().is_ok())
                    .count(),
                2,
                "{refusal}"
            );
        }
        assert_eq!(
            (run.rendered + run.device_limited.len(), run.refused.len()),
            (CORPUS_RENDERING_WIDE[i], CORPUS_REFUSING_WIDE[i]),
            "{back_buffer}: effects that render, and that refuse it"
        );
    }
}

/// FXShaders' `Pong.fx` includes `DrawText.fxh`, which its collection does not ship: fxbench's
/// own is found, so the effect checks clean (but for the two truncation warnings ReShade gives
/// too) and draws its game over the frame: a black canvas with the red ball and the blue paddle.
#[test]
fn pong_finds_the_built_in_drawtext_and_renders() {
    let Some(ctx) = testing::gpu() else { return };
    let Some(root) = corpus::dir("reshadefx", "Pong.fx") else {
        return;
    };
    let path = root.join("FXShaders/Shaders/Pong.fx");
    let image = engine::input::test_card(320, 180);
    let document = Document::with_effects(vec![path]);
    let compiled = document.compile((image.width, image.height));
    let report = compiled.render_diagnostics();
    assert!(!compiled.has_errors(), "{report}");
    assert_eq!(
        report.matches("warning[ImplicitTruncation]").count(),
        2,
        "{report}"
    );
    let mut chain = engine::EffectChain::new(
        &ctx,
        compiled.effects,
        (image.width, image.height),
        &Default::default(),
    )
    .expect("chain builds");
    for key in chain.order().to_vec() {
        chain.set_enabled(key, true);
    }
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "pong input");
    let mut clock = engine::sources::FrameClock::new();
    chain
        .render_blocking(&input, &clock.tick())
        .expect("frame renders");
    let output =
        engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).expect("readback");
    let pixels: Vec<&[u8]> = output.pixels.chunks(4).collect();
    let count = |f: fn(&[u8]) -> bool| pixels.iter().filter(|p| f(p)).count();
    let black = count(|p| p[..3].iter().all(|&c| c < 8));
    let red = count(|p| p[0] > 200 && p[1] < 32 && p[2] < 32);
    let blue = count(|p| p[2] > 200 && p[0] < 32 && p[1] < 32);
    assert!(
        black * 2 >= pixels.len(),
        "{black} of {} pixels black",
        pixels.len()
    );
    assert!(
        red > 0 && blue > 0,
        "ball ({red} pixels) or paddle ({blue}) missing"
    );
}
