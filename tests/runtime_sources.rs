//! Runtime sources and technique annotations through the whole chain: values the host feeds in a
//! `FrameInput` reach the shader, toggle keys flip techniques, timeouts end them.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use std::collections::HashSet;

use app::session::document::Document;
use common::*;
use engine::{FrameInput, testing};

/// `document` under a preset that lists no techniques, so their `enabled` annotations decide
/// what runs (ReShade's rule for an effect just installed; without a preset every technique
/// would run).
fn annotations_decide(document: Document) -> Document {
    Document {
        preset: Some(analysis::preset::Preset::default()),
        ..document
    }
}

/// Writes an effect into a fresh temp folder and returns its path.
fn effect_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-sources-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.wfx"));
    std::fs::write(&path, text).unwrap();
    path
}

const SOURCES_EFFECT: &str = r#"
#include "shaders/fxbench.wfxh"
uniform Timer: f32 < source = "timer"; >;
uniform FrameTime: f32 < source = "frametime"; >;
uniform Count: i32 < source = "framecount"; >;
uniform Mouse: vec2<f32> < source = "mousepoint"; >;
uniform Space: bool < source = "key"; keycode = 0x20; mode = "toggle"; >;

@fragment
fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {
    // Each channel encodes one source, scaled into 0..1.
    return vec4<f32>(Timer / 1000.0, FrameTime / 100.0, f32(Count) / 10.0 + Mouse.x / 1000.0, select(0.25, 0.75, Space));
}

technique Sources < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;

fn frame(elapsed_ms: u64, last_ms: u64, mouse_x: f32, space: bool) -> FrameInput {
    FrameInput {
        elapsed_ns: elapsed_ms * 1_000_000,
        last_frame_ns: last_ms * 1_000_000,
        mouse_px: [mouse_x, 0.0],
        keys_down: if space {
            HashSet::from([0x20])
        } else {
            HashSet::new()
        },
        ..FrameInput::default()
    }
}

#[test]
fn host_fed_sources_reach_the_shader() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::input::test_card(8, 8);
    let document = Document::with_effects(vec![effect_file("sources", SOURCES_EFFECT)]);
    let mut chain = chain_for(&ctx, &document, &image);
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "input");
    let frames = [
        frame(0, 0, 0.0, false),
        frame(250, 40, 100.0, true),
        frame(500, 20, 200.0, true),
    ];
    let mut pixels = Vec::new();
    for f in &frames {
        chain.render_blocking(&input, f).unwrap();
        let out = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).unwrap();
        pixels.push(out.pixel(3, 3));
    }
    let unorm = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    // Frame 2: timer 250 ms, frame time 40 ms, count 1, mouse 100 px, space pressed (toggle on).
    assert_eq!(
        pixels[1],
        [unorm(0.25), unorm(0.4), unorm(0.1 + 0.1), unorm(0.75)]
    );
    // Frame 3: still held, so the toggle stays on; count 2; mouse 200 px.
    assert_eq!(
        pixels[2],
        [unorm(0.5), unorm(0.2), unorm(0.2 + 0.2), unorm(0.75)]
    );
    assert_eq!(pixels[0][3], unorm(0.25));
}

const OVERLAY_EFFECT: &str = r#"
#include "shaders/fxbench.wfxh"
uniform First: f32 = 0.5;
uniform Second: f32 = 0.5;
uniform Active: u32 < source = "overlay_active"; >;
uniform Third: f32 = 0.5;
uniform Hovered: u32 < source = "ui_hovered"; >;
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(Active) / 10.0, f32(Hovered) / 10.0, First * Second * Third, 1.0);
}
technique Overlay < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;

/// A second effect for the overlay test, whose technique is off: it only gives the chain an
/// effect the overlay can point into.
const OTHER_EFFECT: &str = r#"
#include "shaders/fxbench.wfxh"
uniform First: f32 = 0.5;
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {
    return vec4<f32>(First);
}
technique Other { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;

/// ReShade 6.1 sets `overlay_active`/`overlay_hovered` to the 1-based index, among the effect's
/// uniforms (hidden and sourced ones counted), of the one being edited or hovered; 0 for none or
/// for another effect's.
#[test]
fn overlay_sources_give_the_one_based_index_of_the_uniform() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::input::test_card(8, 8);
    let document = annotations_decide(Document::with_effects(vec![
        effect_file("overlay", OVERLAY_EFFECT),
        effect_file("overlay_other", OTHER_EFFECT),
    ]));
    let mut chain = chain_for(&ctx, &document, &image);
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "input");
    let overlay = chain.effect_at(0).expect("the overlay effect");
    let at = |name: &str, effect: usize| engine::sources::UniformRef {
        effect: chain.effect_at(effect).expect("an effect of the chain"),
        uniform: chain.effect(overlay).find_uniform(name).unwrap(),
    };
    let frames = [
        FrameInput::default(),
        FrameInput {
            overlay_active: Some(at("Second", 0)),
            overlay_hovered: Some(at("Third", 0)),
            ..FrameInput::default()
        },
        FrameInput {
            overlay_active: Some(at("First", 1)),
            overlay_hovered: Some(at("First", 0)),
            ..FrameInput::default()
        },
    ];
    let unorm = |v: f32| (v * 255.0).round() as u8;
    let mut seen = Vec::new();
    for f in &frames {
        chain.render_blocking(&input, f).unwrap();
        let out = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).unwrap();
        let [r, g, ..] = out.pixel(2, 2);
        seen.push([r, g]);
    }
    assert_eq!(
        seen,
        [
            [0, 0],
            [unorm(0.2), unorm(0.4)],
            // An index into another effect is 0 here.
            [0, unorm(0.1)],
        ]
    );
}

const SCREENSHOT_EFFECT: &str = r#"
#include "shaders/fxbench.wfxh"
uniform Shot: bool < source = "screenshot"; >;
@fragment fn flag(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(select(0.0, 1.0, Shot), 0.0, 0.0, 1.0); }
@fragment fn blue(in: PostProcessOut) -> @location(0) vec4<f32> {
    let c = BackBufferLoad(in.position);
    return vec4<f32>(c.r, c.g, 1.0, 1.0);
}
technique Flag < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = flag; } }
technique Watermark < enabled = true; enabled_in_screenshot = false; > { pass { VertexShader = PostProcessVS; PixelShader = blue; } }
"#;

/// On the frame a screenshot is taken, `screenshot` uniforms are true and techniques annotated
/// `enabled_in_screenshot = false` do not run (ReShade 6.1's `render_effects`).
#[test]
fn a_screenshot_frame_sets_the_source_and_skips_techniques_kept_out_of_screenshots() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::input::test_card(8, 8);
    let document = Document::with_effects(vec![effect_file("screenshot", SCREENSHOT_EFFECT)]);
    let mut chain = chain_for(&ctx, &document, &image);
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "input");
    let mut pixel = |screenshot: bool| {
        let f = FrameInput {
            screenshot,
            ..FrameInput::default()
        };
        chain.render_blocking(&input, &f).unwrap();
        let out = engine::input::read_texture(&ctx.device, &ctx.queue, chain.output()).unwrap();
        out.pixel(1, 1)
    };
    assert_eq!(pixel(false), [0, 0, 255, 255]);
    assert_eq!(pixel(true), [255, 0, 0, 255]);
    assert_eq!(pixel(false), [0, 0, 255, 255]);
}

const TOGGLE_EFFECT: &str = r#"
#include "shaders/fxbench.wfxh"
@fragment fn white(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
technique Toggled < enabled = false; toggle = 0x54; togglectrl = true; > { pass { VertexShader = PostProcessVS; PixelShader = white; } }
technique Flash < enabled = true; timeout = 100; > { pass { VertexShader = PostProcessVS; PixelShader = white; } }
"#;

#[test]
fn toggle_keys_and_timeouts_follow_the_frame_input() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::input::test_card(8, 8);
    let document = annotations_decide(Document::with_effects(vec![effect_file(
        "toggle",
        TOGGLE_EFFECT,
    )]));
    let mut chain = chain_for(&ctx, &document, &image);
    let input = engine::InputTexture::upload(&ctx.device, &ctx.queue, &image, "input");
    let toggled = chain.find("Toggled", None).unwrap();
    let flash = chain.find("Flash", None).unwrap();
    let keys = |codes: &[u32]| codes.iter().copied().collect::<HashSet<u32>>();
    let run = |elapsed_ms: u64, down: &[u32], chain: &mut engine::EffectChain| {
        let f = FrameInput {
            elapsed_ns: elapsed_ms * 1_000_000,
            keys_down: keys(down),
            ..FrameInput::default()
        };
        chain.render_blocking(&input, &f).unwrap();
        (chain.is_enabled(toggled), chain.is_enabled(flash))
    };
    // T without Ctrl does nothing; Ctrl+T toggles on the press only, not while held.
    assert_eq!(run(0, &[0x54], &mut chain), (false, true));
    assert_eq!(run(10, &[], &mut chain), (false, true));
    assert_eq!(run(20, &[0x11, 0x54], &mut chain), (true, true));
    assert_eq!(run(30, &[0x11, 0x54], &mut chain), (true, true));
    assert_eq!(run(40, &[], &mut chain), (true, true));
    // Flash was enabled at 0 ms with a 100 ms timeout.
    assert_eq!(run(120, &[0x11, 0x54], &mut chain), (false, false));
    // Enabling it again restarts the timeout.
    chain.set_enabled(flash, true);
    assert_eq!(run(150, &[], &mut chain), (false, true));
    assert_eq!(run(260, &[], &mut chain), (false, false));
}
