//! Runtime sources and technique annotations through the whole chain: values the host feeds in a
//! `FrameInput` reach the shader, toggle keys flip techniques, timeouts end them.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use std::collections::HashSet;

use app::session::document::Document;
use common::*;
use engine::{FrameInput, testing};

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
    let document = Document::with_effects(vec![effect_file("toggle", TOGGLE_EFFECT)]);
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
