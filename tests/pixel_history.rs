//! Pixel history (`EffectChain::pixel_history`, #25) of a three-pass chain with a render target,
//! blending, a stencil mark, a stencil test and a discard, at a pixel each pass writes and at one
//! where a discard and a failed stencil test keep the back buffer: every value against its CPU
//! expectation (8-bit targets, so within one step of 1/255), every note exact, and the frame's
//! output unchanged by the recording.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use app::session::document::Document;
use common::*;
use engine::chain::{HistoryNote, PassHistory, PixelHistory};
use engine::inspect::ResourceId;
use engine::{InputTexture, RgbaImage, testing};

const SIZE: (u32, u32) = (8, 4);
const INPUT: [u8; 4] = [102, 51, 204, 255];
/// One 8-bit step, and a little for the GPU's rounding of blended values.
const STEP: f32 = 1.0 / 255.0 + 1e-4;

fn quantised(v: [f32; 4]) -> [f32; 4] {
    v.map(|c| (c.clamp(0.0, 1.0) * 255.0).round() / 255.0)
}

fn assert_near(what: &str, actual: [f32; 4], expected: [f32; 4], tolerance: f32) {
    let off = actual
        .iter()
        .zip(expected)
        .map(|(a, e)| (a - e).abs())
        .fold(0.0f32, f32::max);
    assert!(
        off <= tolerance,
        "{what}: {actual:?}, expected {expected:?} (off by {off})"
    );
}

/// The history of `pixel`, and the frame it was recorded in (checked equal to one without it).
fn history_at(pixel: [u32; 2]) -> Option<(PixelHistory, RgbaImage)> {
    let ctx = testing::gpu()?;
    let path = repo().join("tests/debugger/history.fx");
    let document = Document::with_effects(vec![path]);
    let image = RgbaImage {
        width: SIZE.0,
        height: SIZE.1,
        pixels: INPUT.repeat((SIZE.0 * SIZE.1) as usize),
    };
    let mut chain = chain_for(&ctx, &document, &image);
    let key = chain.find("History", None).unwrap();
    chain.set_enabled(key, true);
    let plain = render(&ctx, &mut chain, &image, 1);
    let input = InputTexture::upload(&ctx.device, &ctx.queue, &image, "history input");
    let clock = engine::sources::FrameClock::new().tick();
    let history = chain.pixel_history(&input, &clock, pixel).unwrap();
    let recorded = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).unwrap();
    assert_eq!(
        plain.pixels, recorded.pixels,
        "the recording changed the frame"
    );
    Some((history, recorded))
}

fn pass<'h>(history: &'h PixelHistory, name: &str) -> &'h PassHistory {
    history
        .passes
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no pass {name} in {history:#?}"))
}

fn uv([x, y]: [u32; 2]) -> (f32, f32) {
    (
        (x as f32 + 0.5) / SIZE.0 as f32,
        (y as f32 + 0.5) / SIZE.1 as f32,
    )
}

#[test]
fn every_pass_at_a_pixel_they_all_write() {
    let pixel = [1, 2];
    let Some((history, recorded)) = history_at(pixel) else {
        return;
    };
    let names: Vec<&str> = history.passes.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Write", "Blend", "Add"]);
    let input = INPUT.map(|c| f32::from(c) / 255.0);
    let (u, v) = uv(pixel);

    let write = pass(&history, "Write");
    assert_eq!(write.technique, "History");
    assert_eq!(write.targets.len(), 1);
    let target = &write.targets[0];
    assert!(matches!(target.resource, ResourceId::Texture { .. }));
    assert_eq!(target.name, "history.fx: HistoryTex");
    assert_eq!(target.texel, pixel);
    let written = quantised([u, v, 0.25, 1.0]);
    assert_near(
        "Write before (the frame before's)",
        target.before,
        written,
        1e-6,
    );
    assert_near("Write returned", target.returned.unwrap(), written, 1e-6);
    assert_near("Write after", target.after, written, 1e-6);
    assert!(target.notes.is_empty(), "{:?}", target.notes);
    assert!(write.fragments.unwrap() > 0);
    assert_eq!(write.stencil_passed, None);

    let blend = pass(&history, "Blend");
    let target = &blend.targets[0];
    assert_eq!(target.resource, ResourceId::BackBuffer);
    assert_eq!(target.name, "back buffer");
    assert_near("Blend before", target.before, input, 1e-6);
    let shaded = [written[0], written[1], 1.0, 0.5];
    assert_near(
        "Blend returned",
        target.returned.unwrap(),
        quantised(shaded),
        1e-6,
    );
    let blended = [
        0.5 * shaded[0] + 0.5 * input[0],
        0.5 * shaded[1] + 0.5 * input[1],
        0.5 * shaded[2] + 0.5 * input[2],
        0.5,
    ];
    assert_near("Blend after", target.after, blended, STEP);
    assert_eq!(target.notes, [HistoryNote::Blended]);
    assert!(blend.stencil_passed.unwrap() > 0, "StencilFunc ALWAYS");

    let add = pass(&history, "Add");
    let target = &add.targets[0];
    assert_eq!(target.before, pass(&history, "Blend").targets[0].after);
    let added = [0.25, 0.125, 0.0, 0.0];
    assert_near(
        "Add returned",
        target.returned.unwrap(),
        quantised(added),
        1e-6,
    );
    let sum: Vec<f32> = target
        .before
        .iter()
        .zip(added)
        .map(|(b, a)| b + a)
        .collect();
    // Alpha blends with SrcBlendAlpha ONE and DestBlendAlpha ZERO, ReShade's defaults.
    let expected = [sum[0], sum[1], sum[2], added[3]];
    assert_near("Add after", target.after, expected, STEP);
    assert_eq!(target.notes, [HistoryNote::Blended]);
    assert!(add.stencil_passed.unwrap() > 0, "Blend marked the pixel");

    let out = recorded
        .pixel(pixel[0], pixel[1])
        .map(|c| f32::from(c) / 255.0);
    assert_near("the chain's output", out, target.after, 1e-6);
}

#[test]
fn a_discard_and_a_failed_stencil_test_keep_the_back_buffer() {
    let pixel = [6, 1];
    let Some((history, _)) = history_at(pixel) else {
        return;
    };
    let input = INPUT.map(|c| f32::from(c) / 255.0);

    let blend = pass(&history, "Blend");
    assert_eq!(blend.fragments, Some(0));
    let target = &blend.targets[0];
    assert_eq!(target.notes, [HistoryNote::Discarded]);
    assert_eq!(target.returned, None);
    assert_near("Blend before", target.before, input, 1e-6);
    assert!(!target.changed(), "{target:?}");

    let add = pass(&history, "Add");
    assert!(add.fragments.unwrap() > 0);
    assert_eq!(add.stencil_passed, Some(0));
    let target = &add.targets[0];
    assert_eq!(target.notes, [HistoryNote::StencilRejected]);
    assert_near(
        "Add returned",
        target.returned.unwrap(),
        quantised([0.25, 0.125, 0.0, 0.0]),
        1e-6,
    );
    assert!(!target.changed(), "{target:?}");
    assert_near("Add after", target.after, input, 1e-6);
}

#[test]
fn a_pixel_outside_the_back_buffer_is_refused() {
    let Some(ctx) = testing::gpu() else {
        return;
    };
    let document = Document::with_effects(vec![repo().join("tests/debugger/history.fx")]);
    let image = RgbaImage {
        width: SIZE.0,
        height: SIZE.1,
        pixels: INPUT.repeat((SIZE.0 * SIZE.1) as usize),
    };
    let mut chain = chain_for(&ctx, &document, &image);
    let error = chain.begin_history([8, 0]).unwrap_err().to_string();
    assert_eq!(
        error,
        "shader debugger: pixel 8,0 is outside the 8x4 back buffer"
    );
}
