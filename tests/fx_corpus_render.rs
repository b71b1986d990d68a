//! Every corpus ReShade FX effect that validates also builds and renders one frame over the
//! test card (all its techniques enabled), with no GPU error: lowering's output is not only
//! valid WGSL but runs.

use app::session::document::Document;
use engine::testing;

/// Effects of the corpus that render: the 123 that validate (`analysis/tests/fx_lower.rs`: all
/// 125 but two prod80 LUT effects whose images are absent), counting those that need a device
/// feature the test device lacks (none on lavapipe).
const CORPUS_RENDERING: usize = 123;

#[test]
fn validating_corpus_effects_render() {
    let Some(ctx) = testing::gpu() else { return };
    let Some(root) = corpus::dir("reshadefx", "ReShade FX rendering") else {
        return;
    };
    // The size `load_effect` validates at by default, so the same effects compile.
    let image = engine::input::test_card(1280, 720);
    let mut rendered = 0;
    let mut failures = Vec::new();
    let mut device_limited = Vec::new();
    for path in corpus::files_below(&root, "fx") {
        let document = Document::with_effects(vec![path.clone()]);
        let compiled = document.compile((image.width, image.height));
        let name = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        if compiled.has_errors() {
            let first = compiled.render_diagnostics();
            println!(
                "  does not compile: {name}: {}",
                first.lines().next().unwrap_or("")
            );
            continue;
        }
        if compiled.effects.is_empty() {
            println!("  compiles to nothing: {name}");
            continue;
        }
        let size = (image.width, image.height);
        let chain = engine::EffectChain::new(&ctx, compiled.effects, size, &Default::default());
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
                device_limited.push(format!("{name} ({feature})"));
                continue;
            }
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for key in chain.order().to_vec() {
            chain.set_enabled(key, true);
        }
        let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "corpus input");
        let mut clock = engine::sources::FrameClock::new();
        match chain.render_blocking(&input, &clock.tick()) {
            Ok(_) => rendered += 1,
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    println!("{rendered} corpus effects render");
    for d in &device_limited {
        println!("  needs a device feature: {d}");
    }
    for f in &failures {
        println!("  fails: {f}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        rendered + device_limited.len(),
        CORPUS_RENDERING,
        "effects that render"
    );
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
