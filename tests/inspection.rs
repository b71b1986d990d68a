//! Inspection end to end on the GPU: the chain's texture list, a render target captured after the
//! pass that writes it against a CPU reference, the back buffer at frame boundaries, and timing
//! histories that restart when the chain is rebuilt.

mod common;

use app::session::document::Document;
use app::session::timing::{RowScope, TimingSummary};
use common::*;
use engine::inspect::{CaptureError, CapturePoint, CaptureRequest, PassRef, ResourceId};
use engine::{EffectChain, GpuContext, testing};

const SIZE: (u32, u32) = (96, 64);

fn blur_chain(ctx: &GpuContext) -> (EffectChain, engine::RgbaImage) {
    let image = engine::input::test_card(SIZE.0, SIZE.1);
    let document = Document::with_effects(vec![asset("gaussian_blur.wfx")]);
    (chain_for(ctx, &document, &image), image)
}

fn capture(
    ctx: &GpuContext,
    chain: &mut EffectChain,
    image: &engine::RgbaImage,
    request: CaptureRequest,
) -> engine::inspect::CapturedImage {
    chain.set_capture(Some(request));
    render(ctx, chain, image, 1);
    chain
        .wait_for_capture()
        .expect("a capture was read back")
        .clone()
        .expect("the capture succeeded")
}

#[test]
fn the_blur_target_after_its_pass_matches_the_cpu_reference() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (mut chain, image) = blur_chain(&ctx);
    let key = chain.find("GaussianBlur", None).expect("blur technique");
    let resources = chain.resources();
    let half = resources
        .iter()
        .find(|r| r.name == "gaussian_blur.wfx: BlurHalfTex")
        .unwrap_or_else(|| panic!("no BlurHalfTex in {resources:#?}"));
    assert_eq!(half.size, (48, 32, 1));
    assert_eq!(half.format, wgpu::TextureFormat::Rgba16Float);
    assert_eq!(half.mip_levels, 1);
    assert_eq!(half.memory_bytes, 48 * 32 * 8);
    assert_eq!(half.writers, [PassRef { key, pass: 0 }]);
    assert_eq!(half.readers, [PassRef { key, pass: 1 }]);
    let back = &resources[0];
    assert_eq!(back.id, ResourceId::BackBuffer);
    assert_eq!(back.writers, [PassRef { key, pass: 1 }]);
    assert_eq!(back.readers, [PassRef { key, pass: 0 }]);

    let captured = capture(
        &ctx,
        &mut chain,
        &image,
        CaptureRequest {
            resource: half.id,
            point: CapturePoint::AfterPass(PassRef { key, pass: 0 }),
            mip_level: 0,
        },
    );
    assert_eq!((captured.width, captured.height), (48, 32));
    assert!(captured.is_float());
    let input = FloatImage::from_rgba8(&image);
    for (x, y) in [(0, 0), (10, 7), (24, 16), (47, 31), (31, 5)] {
        let expected = blur_half_texel(&input, x, y);
        let actual = captured.texel(x as u32, y as u32).expect("inside");
        for c in 0..4 {
            // RGBA16F keeps about 3 decimal digits.
            assert!(
                (actual[c] - expected[c]).abs() < 2e-3,
                "texel ({x}, {y}) channel {c}: {actual:?} vs {expected:?}"
            );
        }
    }
}

#[test]
fn the_back_buffer_is_the_input_at_the_start_and_the_output_at_the_end() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (mut chain, image) = blur_chain(&ctx);
    let key = chain.find("GaussianBlur", None).expect("blur technique");
    let at = |point| CaptureRequest {
        resource: ResourceId::BackBuffer,
        point,
        mip_level: 0,
    };
    let start = capture(&ctx, &mut chain, &image, at(CapturePoint::Start));
    let as_bytes = |c: &engine::inspect::CapturedImage| -> Vec<u8> {
        c.texels
            .iter()
            .flat_map(|t| t.map(|v| (v * 255.0).round() as u8))
            .collect()
    };
    assert_eq!(as_bytes(&start), image.pixels, "start is the input");

    let after_last = capture(
        &ctx,
        &mut chain,
        &image,
        at(CapturePoint::AfterPass(PassRef { key, pass: 1 })),
    );
    let output =
        engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).expect("readback");
    assert_eq!(as_bytes(&after_last), output.pixels);
    assert_ne!(output.pixels, image.pixels, "the blur changed the image");
    let end = capture(&ctx, &mut chain, &image, at(CapturePoint::End));
    assert_eq!(as_bytes(&end), output.pixels);
}

#[test]
fn a_capture_after_a_disabled_pass_says_it_did_not_run() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let (mut chain, image) = blur_chain(&ctx);
    let key = chain.find("GaussianBlur", None).expect("blur technique");
    chain.set_enabled(key, false);
    chain.set_capture(Some(CaptureRequest {
        resource: ResourceId::BackBuffer,
        point: CapturePoint::AfterPass(PassRef { key, pass: 0 }),
        mip_level: 0,
    }));
    render(&ctx, &mut chain, &image, 1);
    assert_eq!(
        chain.wait_for_capture(),
        Some(&Err(CaptureError::PassDidNotRun))
    );
    // Depth without a depth input is reported, not captured.
    chain.set_capture(Some(CaptureRequest {
        resource: ResourceId::Depth,
        point: CapturePoint::End,
        mip_level: 0,
    }));
    render(&ctx, &mut chain, &image, 1);
    assert_eq!(chain.wait_for_capture(), Some(&Err(CaptureError::NoDepth)));
}

#[test]
fn timings_keep_a_history_and_restart_when_the_chain_is_rebuilt() {
    let Some(ctx) = testing::timestamp_gpu() else {
        return;
    };
    let (mut chain, image) = blur_chain(&ctx);
    let key = chain.find("GaussianBlur", None).expect("blur technique");
    render(&ctx, &mut chain, &image, 6);
    chain.flush_timings();
    let timings = chain.timings(key).expect("timed");
    assert_eq!(timings.cpu_ns.len(), 6);
    assert_eq!(timings.passes_cpu_ns.len(), 2);
    assert!(timings.passes_cpu_ns.iter().all(|h| h.len() == 6));
    // Every frame waited for, so every frame's timestamps came back.
    assert_eq!(chain.frame_timings().gpu_ns.len(), 6);
    assert_eq!(chain.frame_timings().cpu_ns.len(), 6);
    let summary = TimingSummary::of(&chain);
    assert_eq!(summary.generation, 0);
    assert_eq!(summary.rows.len(), 3, "technique and two passes");
    let costliest = summary.costliest_row().expect("two passes to compare");
    assert!(matches!(costliest.scope, RowScope::Pass(k, _) if k == key));
    let frame = summary.frame_gpu.expect("frame GPU time");
    let technique = summary.rows[0].gpu.expect("technique GPU time");
    assert!(
        frame.mean_ns >= technique.mean_ns,
        "{frame:?} vs {technique:?}"
    );
    let pass_shares: f64 = summary.rows[1..].iter().filter_map(|r| r.share).sum();
    assert!(
        pass_shares > 0.0 && pass_shares <= 1.0 + 1e-9,
        "{pass_shares}"
    );

    let compiled = Document::with_effects(vec![asset("gaussian_blur.wfx")]).compile(SIZE);
    chain.reload(compiled.effects, SIZE).expect("rebuilds");
    assert_eq!(chain.generation(), 1);
    assert!(chain.timings(key).is_none(), "averages restart");
    assert!(chain.frame_timings().cpu_ns.is_empty());
    render(&ctx, &mut chain, &image, 2);
    chain.flush_timings();
    assert_eq!(chain.timings(key).expect("timed").cpu_ns.len(), 2);
    assert_eq!(chain.frame_timings().gpu_ns.len(), 2);
    assert_eq!(TimingSummary::of(&chain).generation, 1);
}

const TWO_TINTS: &str = r#"#include "shaders/fxbench.wfxh"
@fragment fn red(in: PostProcessOut) -> @location(0) vec4<f32> {
    let c = BackBufferLoad(in.position);
    return vec4<f32>(1.0, c.g, c.b, 1.0);
}
@fragment fn blue(in: PostProcessOut) -> @location(0) vec4<f32> {
    let c = BackBufferLoad(in.position);
    return vec4<f32>(c.r, c.g, 1.0, 1.0);
}
technique Red < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = red; } }
technique Blue < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = blue; } }
"#;

/// The preview's output-against-output split: each frame also renders the chain without one
/// technique, so the divider shows what that technique adds; its run is not timed.
#[test]
fn the_reference_output_leaves_one_technique_out() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = std::env::temp_dir().join(format!("fxbench-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let path = dir.join("tints.wfx");
    std::fs::write(&path, TWO_TINTS).expect("effect written");
    let image = engine::RgbaImage {
        width: 4,
        height: 4,
        pixels: [10, 20, 30, 255].repeat(16),
    };
    let mut chain = chain_for(&ctx, &Document::with_effects(vec![path]), &image);
    let red = chain.find("Red", None).expect("Red");
    let blue = chain.find("Blue", None).expect("Blue");
    let read = |ctx: &GpuContext, texture: &wgpu::Texture| {
        engine::input::read_texture(&ctx.device, &ctx.queue, texture)
            .expect("read back")
            .pixel(1, 1)
    };
    assert!(chain.reference_texture().is_none());
    chain.set_reference(Some(blue));
    render(&ctx, &mut chain, &image, 1);
    assert_eq!(read(&ctx, chain.output()), [255, 20, 255, 255]);
    assert_eq!(
        read(&ctx, chain.reference_texture().unwrap()),
        [255, 20, 30, 255]
    );
    chain.set_reference(Some(red));
    render(&ctx, &mut chain, &image, 1);
    assert_eq!(
        read(&ctx, chain.reference_texture().unwrap()),
        [10, 20, 255, 255]
    );
    // Kept by name across a rebuild.
    chain
        .reload(
            Document::with_effects(vec![dir.join("tints.wfx")])
                .compile((4, 4))
                .effects,
            (4, 4),
        )
        .expect("reload");
    assert_eq!(chain.reference(), chain.find("Red", None));
    // With the left-out technique disabled, the reference is the output.
    let red = chain.find("Red", None).expect("Red");
    chain.set_enabled(red, false);
    render(&ctx, &mut chain, &image, 1);
    assert_eq!(
        read(&ctx, chain.reference_texture().unwrap()),
        read(&ctx, chain.output())
    );
    chain.set_reference(None);
    assert!(chain.reference_texture().is_none());
    // One timing sample per frame: the reference run is not timed.
    chain.flush_timings();
    let blue = chain.find("Blue", None).expect("Blue");
    assert_eq!(chain.timings(blue).expect("timed").cpu_ns.len(), 1);
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}
