//! The chain running naga's SPIR-V and the optimiser's SPIR-V (passthrough) instead of naga IR:
//! every shipped preset and effect renders the same pixels all three ways.

mod common;

use app::session::document::Document;
use app::session::spirv::ShaderChoice;
use engine::{ChainOptions, FrameInput, InputTexture, RgbaImage, testing};

/// Renders two frames of `document` with fixed frame input (sources such as timers and random
/// are then the same for every shader choice) and reads the output back.
fn render_with(
    ctx: &engine::GpuContext,
    document: &Document,
    image: &RgbaImage,
    shaders: ShaderChoice,
) -> (RgbaImage, usize) {
    let options = ChainOptions {
        gpu_timing: false,
        shaders: shaders.shaders().expect("the choice runs here"),
        ..ChainOptions::default()
    };
    let mut chain = common::chain_with(ctx, document, image, &options);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, image, "test input");
    let frame = FrameInput::default();
    for _ in 0..2 {
        chain.render_blocking(&input, &frame).expect("renders");
    }
    let passes = chain
        .order()
        .iter()
        .filter(|k| chain.is_enabled(**k))
        .map(|k| chain.technique(*k).passes.len())
        .sum();
    let out = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).expect("read");
    (out, passes)
}

fn documents() -> Vec<(String, Document)> {
    let mut out = Vec::new();
    for preset in ["demo.ini", "scene.ini"] {
        let path = common::repo().join("presets").join(preset);
        out.push((
            preset.to_string(),
            Document::with_preset(&path, Vec::new()).expect("preset loads"),
        ));
    }
    for effect in ["gaussian_blur.wfx", "vignette.wfx", "depth_fog.wfx"] {
        out.push((
            effect.to_string(),
            Document::with_effects(vec![common::asset(effect)]),
        ));
    }
    out
}

#[test]
fn spirv_and_optimised_spirv_render_what_naga_ir_renders() {
    let Some(ctx) = testing::passthrough_gpu() else {
        return;
    };
    let image = engine::input::test_card(96, 64);
    for (name, document) in documents() {
        let (reference, passes) = render_with(&ctx, &document, &image, ShaderChoice::Wgpu);
        assert!(passes > 0, "{name} runs no pass");
        for choice in [ShaderChoice::Spirv, ShaderChoice::Optimized] {
            if choice == ShaderChoice::Optimized && !optimizer::spirv_val::checks_enabled() {
                continue; // refused without spirv-val (fail closed); CI requires it
            }
            let (out, _) = render_with(&ctx, &document, &image, choice);
            let (max, mean) = common::compare(&out, &reference);
            // naga's SPIR-V is what wgpu itself would run: identical pixels. The optimiser
            // keeps every operation's result (it vectorises and removes, never reassociates),
            // but a driver may fuse a vector multiply-add where it did not fuse the scalar ones:
            // one step of 8-bit rounding at most (lavapipe renders them identically).
            let tolerance = match choice {
                ShaderChoice::Optimized => 1,
                _ => 0,
            };
            assert!(
                max <= tolerance,
                "{name} with {}: max difference {max}, mean {mean}",
                choice.label()
            );
        }
    }
}
