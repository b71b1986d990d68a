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

/// The half-size target after the horizontal pass, on the CPU: each texel the 9-tap Gaussian of
/// 2x2 block averages along x (as in assets/gaussian_blur.wfx).
fn horizontal_blur_at(input: &FloatImage, x: usize, y: usize) -> [f32; 4] {
    const RADIUS: i32 = 4;
    let weight = |k: i32| (-((k * k) as f32) / 8.0).exp();
    let hw = input.width / 2;
    let total: f32 = (-RADIUS..=RADIUS).map(weight).sum();
    let mut sum = [0.0f32; 4];
    for k in -RADIUS..=RADIUS {
        let bx = (x as i32 + k).clamp(0, hw as i32 - 1) as usize;
        for (c, s) in sum.iter_mut().enumerate() {
            let block = (input.at(2 * bx, 2 * y)[c]
                + input.at(2 * bx + 1, 2 * y)[c]
                + input.at(2 * bx, 2 * y + 1)[c]
                + input.at(2 * bx + 1, 2 * y + 1)[c])
                / 4.0;
            *s += weight(k) * block;
        }
    }
    sum.map(|s| s / total)
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
        let expected = horizontal_blur_at(&input, x, y);
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
