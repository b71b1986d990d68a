//! Effects on each back buffer format and colour space, on the GPU: the macros ReShade derives
//! from the back buffer reach the shader, RGBA16F keeps values past 1.0 from pass to pass,
//! RGB10A2 keeps 2 bits of alpha, `SRGBWriteEnable` and `SRGBTexture` on the back buffer encode
//! and decode on RGBA8 only (as ReShade, whose other formats have no sRGB view), images are
//! presented in the colour space as `engine::color` writes down, and the demo scene is brighter
//! than SDR white on an HDR back buffer.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

use app::session::document::Document;
use engine::color::{self, BackBuffer, BackBufferFormat, ColorSpace, FloatImage};
use engine::{ChainOptions, EffectChain, GpuContext, InputTexture, testing};

fn effect_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-bb-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.fx"));
    std::fs::write(&path, text).unwrap();
    path
}

fn back_buffer(format: BackBufferFormat, color_space: ColorSpace) -> BackBuffer {
    BackBuffer::new(format, color_space).unwrap()
}

/// A 4x4 image of one stored value.
fn flat(value: [f32; 4]) -> FloatImage {
    FloatImage {
        width: 4,
        height: 4,
        pixels: vec![value; 16],
    }
}

/// Compiles `text` for `back_buffer` and builds its chain.
fn chain(ctx: &GpuContext, name: &str, text: &str, back_buffer: BackBuffer) -> EffectChain {
    let document = Document {
        back_buffer,
        ..Document::with_effects(vec![effect_file(name, text)])
    };
    let compiled = document.compile((4, 4));
    assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
    let options = ChainOptions {
        back_buffer,
        ..ChainOptions::default()
    };
    let mut chain = EffectChain::new(ctx, compiled.effects, (4, 4), &options).unwrap();
    // Without a preset every technique runs.
    document.apply_preset(&mut chain);
    chain
}

/// One frame of `text` on `back_buffer` over `input` (stored values); the output as stored.
fn run(
    ctx: &GpuContext,
    name: &str,
    text: &str,
    back_buffer: BackBuffer,
    input: &FloatImage,
) -> FloatImage {
    let mut chain = chain(ctx, name, text, back_buffer);
    let input = InputTexture::upload_stored(
        &ctx.device,
        &ctx.queue,
        input,
        back_buffer.format(),
        "test input",
    );
    let mut clock = engine::sources::FrameClock::new();
    chain.render_blocking(&input, &clock.tick()).unwrap();
    engine::input::read_texture_stored(&ctx.device, &ctx.queue, chain.output())
        .expect("a back buffer format")
        .unwrap()
}

fn assert_near(actual: [f32; 4], expected: [f32; 4], tolerance: f32, what: &str) {
    for c in 0..4 {
        assert!(
            (actual[c] - expected[c]).abs() <= tolerance,
            "{what}: {actual:?}, expected {expected:?} within {tolerance}"
        );
    }
}

/// The largest rounding error of a unorm format's store, plus float slack.
fn step(format: BackBufferFormat) -> f32 {
    match format {
        BackBufferFormat::Rgba8 => 0.5 / 255.0 + 1e-5,
        BackBufferFormat::Rgb10a2 => 0.5 / 1023.0 + 1e-5,
        BackBufferFormat::Rgba16f => 1e-3,
    }
}

#[test]
fn the_back_buffers_macros_reach_the_shader() {
    let Some(ctx) = testing::gpu() else { return };
    let text = r#"#include "ReShade.fxh"
float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(BUFFER_COLOR_SPACE / 8.0, BUFFER_COLOR_BIT_DEPTH / 32.0, 0.0, 1.0);
}
technique Macros { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;
    for (format, space, value, depth) in [
        (BackBufferFormat::Rgba8, ColorSpace::Srgb, 1.0, 8.0),
        (BackBufferFormat::Rgb10a2, ColorSpace::Srgb, 1.0, 10.0),
        (BackBufferFormat::Rgb10a2, ColorSpace::Hdr10, 3.0, 10.0),
        (BackBufferFormat::Rgb10a2, ColorSpace::Hlg, 4.0, 10.0),
        (BackBufferFormat::Rgba16f, ColorSpace::Scrgb, 2.0, 16.0),
        (BackBufferFormat::Rgba16f, ColorSpace::Srgb, 1.0, 16.0),
    ] {
        let bb = back_buffer(format, space);
        let out = run(&ctx, "macros", text, bb, &flat([0.0; 4]));
        assert_near(
            out.pixel(1, 2),
            [value / 8.0, depth / 32.0, 0.0, 1.0],
            step(format),
            &bb.to_string(),
        );
    }
}

#[test]
fn values_past_one_survive_an_rgba16f_chain() {
    let Some(ctx) = testing::gpu() else { return };
    // Two passes on the back buffer: x4 then x0.5 of what the first left, so the second reads
    // 6.0 where an 8- or 10-bit buffer would have clamped to 1.0.
    let text = r#"#include "ReShade.fxh"
float4 up(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return tex2D(ReShade::BackBuffer, uv) * float4(4.0, 4.0, 4.0, 1.0);
}
float4 down(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return tex2D(ReShade::BackBuffer, uv) * float4(0.5, 0.5, 0.5, 1.0);
}
technique Range
{
    pass { VertexShader = PostProcessVS; PixelShader = up; }
    pass { VertexShader = PostProcessVS; PixelShader = down; }
}
"#;
    let scrgb = back_buffer(BackBufferFormat::Rgba16f, ColorSpace::Scrgb);
    let out = run(&ctx, "range", text, scrgb, &flat([1.5, 0.25, -0.5, 1.0]));
    // Exact: every value is a half float and x4, x0.5 are exact in halves.
    assert_eq!(out.pixel(3, 3), [3.0, 0.5, -1.0, 1.0]);
    let hdr10 = back_buffer(BackBufferFormat::Rgb10a2, ColorSpace::Hdr10);
    let clamped = run(&ctx, "range", text, hdr10, &flat([0.5, 0.125, 0.0, 1.0]));
    assert_near(
        clamped.pixel(0, 0),
        [0.5, 0.25, 0.0, 1.0],
        step(BackBufferFormat::Rgb10a2),
        "rgb10a2",
    );
}

#[test]
fn an_rgb10a2_back_buffer_keeps_two_bits_of_alpha() {
    let Some(ctx) = testing::gpu() else { return };
    let text = r#"#include "ReShade.fxh"
float4 keep(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(tex2D(ReShade::BackBuffer, uv).rgb, 0.3);
}
float4 show(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float a = tex2D(ReShade::BackBuffer, uv).a;
    return float4(a, a, a, 1.0);
}
technique Alpha
{
    pass { VertexShader = PostProcessVS; PixelShader = keep; }
    pass { VertexShader = PostProcessVS; PixelShader = show; }
}
"#;
    let input = flat([0.2, 0.4, 0.6, 1.0]);
    let hdr10 = back_buffer(BackBufferFormat::Rgb10a2, ColorSpace::Hdr10);
    let out = run(&ctx, "alpha", text, hdr10, &input);
    // 0.3 is stored as 1 of 3: the next pass reads 1/3 (341 of 1023 once stored again).
    assert_eq!(
        out.pixel(2, 1),
        [341.0 / 1023.0, 341.0 / 1023.0, 341.0 / 1023.0, 1.0]
    );
    let srgb = back_buffer(BackBufferFormat::Rgba8, ColorSpace::Srgb);
    let out = run(&ctx, "alpha", text, srgb, &input);
    // 0.3 of 255 is 76.5: either neighbour is a correct store.
    assert_near(
        out.pixel(2, 1),
        [0.3, 0.3, 0.3, 1.0],
        0.5 / 255.0 + 1e-5,
        "rgba8",
    );
    let scrgb = back_buffer(BackBufferFormat::Rgba16f, ColorSpace::Scrgb);
    let out = run(&ctx, "alpha", text, scrgb, &input);
    // A half float keeps 0.3 to one step (0.000244 there; Vulkan lets the store round either
    // way).
    assert_near(out.pixel(2, 1), [0.3, 0.3, 0.3, 1.0], 2.5e-4, "rgba16f");
}

#[test]
fn srgb_writes_and_reads_of_the_back_buffer_follow_its_format() {
    let Some(ctx) = testing::gpu() else { return };
    // The first pass writes 0.5 through `SRGBWriteEnable`; the second shows what an
    // `SRGBTexture` sampler of COLOR reads from a stored 0.5 in green.
    let text = r#"#include "ReShade.fxh"
sampler ColorSrgb { Texture = ReShade::BackBufferTex; SRGBTexture = true; };
float4 write(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    return float4(0.5, 0.5, 0.5, 1.0);
}
float4 read(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    float stored = tex2D(ReShade::BackBuffer, uv).r;
    return float4(stored, tex2D(ColorSrgb, uv).g, 0.0, 1.0);
}
technique Srgb
{
    pass { VertexShader = PostProcessVS; PixelShader = write; SRGBWriteEnable = true; }
    pass { VertexShader = PostProcessVS; PixelShader = read; }
}
"#;
    let srgb8 = back_buffer(BackBufferFormat::Rgba8, ColorSpace::Srgb);
    let out = run(&ctx, "srgb", text, srgb8, &flat([0.0; 4]));
    // RGBA8: 0.5 is encoded to 0.7354 (187.5 of 255, so 187 or 188) and decoded back to
    // about 0.5 (0.497 or 0.503).
    let encoded = color::linear_to_srgb(0.5);
    assert_near(
        out.pixel(0, 0),
        [encoded, 0.5, 0.0, 1.0],
        1.5 / 255.0,
        "rgba8",
    );
    for (format, space) in [
        (BackBufferFormat::Rgb10a2, ColorSpace::Hdr10),
        (BackBufferFormat::Rgba16f, ColorSpace::Scrgb),
    ] {
        let bb = back_buffer(format, space);
        let out = run(&ctx, "srgb", text, bb, &flat([0.0; 4]));
        // No sRGB view: written and read as stored.
        assert_near(
            out.pixel(0, 0),
            [0.5, 0.5, 0.0, 1.0],
            step(format),
            &bb.to_string(),
        );
    }
}

#[test]
fn images_are_presented_in_the_back_buffers_colour_space() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::RgbaImage {
        width: 2,
        height: 1,
        pixels: vec![255, 255, 255, 255, 188, 0, 0, 255],
    };
    for (format, space, white, red) in [
        (
            BackBufferFormat::Rgba8,
            ColorSpace::Srgb,
            1.0,
            188.0 / 255.0,
        ),
        (BackBufferFormat::Rgba16f, ColorSpace::Scrgb, 1.0, 0.5029),
        (
            BackBufferFormat::Rgb10a2,
            ColorSpace::Hdr10,
            color::pq_encode(80.0) as f32,
            // BT.2020 red of 0.5029 linear BT.709 red: 0.6274 of it.
            color::pq_encode(0.627_404 * 0.502_886 * 80.0) as f32,
        ),
    ] {
        let bb = back_buffer(format, space);
        let input = InputTexture::upload_to(&ctx.device, &ctx.queue, &image, bb, "image");
        let stored = engine::input::read_texture_stored(&ctx.device, &ctx.queue, &input.texture)
            .unwrap()
            .unwrap();
        let tolerance = step(format).max(1e-3);
        assert_near(
            stored.pixel(0, 0),
            [white, white, white, 1.0],
            tolerance,
            "white",
        );
        assert!(
            (stored.pixel(1, 0)[0] - red).abs() <= tolerance,
            "{bb}: {:?}",
            stored.pixel(1, 0)
        );
    }
}

#[test]
fn the_scene_is_brighter_than_sdr_white_on_scrgb() {
    let Some(ctx) = testing::gpu() else { return };
    let brightest = |bb: BackBuffer| {
        let scene = engine::scene::DemoScene::for_back_buffer(&ctx.device, (32, 24), bb);
        let mut encoder = ctx.device.create_command_encoder(&Default::default());
        scene.render(&ctx.queue, &mut encoder, 1.0);
        ctx.queue.submit([encoder.finish()]);
        let stored =
            engine::input::read_texture_stored(&ctx.device, &ctx.queue, &scene.input().texture)
                .unwrap()
                .unwrap();
        stored
            .pixels
            .iter()
            .flat_map(|p| &p[..3])
            .fold(0.0f32, |a, b| a.max(*b))
    };
    let sdr = brightest(BackBuffer::SRGB8);
    let scrgb = brightest(back_buffer(BackBufferFormat::Rgba16f, ColorSpace::Scrgb));
    assert!(sdr <= 1.0 && sdr > 0.5, "{sdr}");
    // The sky is 4x SDR white's light (320 nits).
    assert!(scrgb > 2.0, "{scrgb}");
}

#[test]
fn a_chain_refuses_effects_and_inputs_of_another_back_buffer() {
    let Some(ctx) = testing::gpu() else { return };
    let text = r#"#include "ReShade.fxh"
float4 ps(float4 pos : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 1.0; }
technique T { pass { VertexShader = PostProcessVS; PixelShader = ps; } }
"#;
    let document = Document::with_effects(vec![effect_file("mismatch", text)]);
    let compiled = document.compile((4, 4));
    let scrgb = back_buffer(BackBufferFormat::Rgba16f, ColorSpace::Scrgb);
    let options = ChainOptions {
        back_buffer: scrgb,
        ..ChainOptions::default()
    };
    let error = EffectChain::new(&ctx, compiled.effects, (4, 4), &options)
        .err()
        .unwrap()
        .to_string();
    assert!(
        error.ends_with(
            "was compiled for a rgba8 srgb back buffer but the chain's is rgba16f scrgb"
        ),
        "{error}"
    );
    let mut chain = chain(&ctx, "mismatch", text, scrgb);
    let rgba8 = InputTexture::upload_stored(
        &ctx.device,
        &ctx.queue,
        &flat([0.0; 4]),
        BackBufferFormat::Rgba8,
        "rgba8 input",
    );
    let mut clock = engine::sources::FrameClock::new();
    let error = chain.render_blocking(&rgba8, &clock.tick()).err().unwrap();
    assert_eq!(
        error.to_string(),
        "input is Rgba8Unorm but the chain's back buffer is Rgba16Float"
    );
}
