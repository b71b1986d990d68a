//! fxbench's own versions of ReShade's standard headers (`assets/reshade/`: Blending.fxh,
//! DrawText.fxh with its FontAtlas.png, Macros.fxh, TriDither.fxh). Each compiles cleanly in an
//! effect that uses its whole API (`fxbench check`, `tests/standard_headers/`); on the GPU,
//! blend modes match the same formulas computed here, dither stays within one step of the bit
//! depth asked for, and a drawn character matches its glyph in the atlas; a user's own copy of a
//! header, or of the atlas, wins over the built-in one.

#![allow(clippy::unwrap_used)] // Tests and their helpers unwrap as tests do.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use app::session::document::Document;
use common::*;
use engine::testing;

/// A fresh folder for one test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-headers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn every_header_checks_clean_with_its_whole_api() {
    let dir = repo().join("tests/standard_headers");
    let effects = [
        "blending_api.fx",
        "drawtext_api.fx",
        "macros_api.fx",
        "tridither_api.fx",
    ];
    let output = Command::new(env!("CARGO_BIN_EXE_fxbench"))
        .arg("check")
        .args(effects.map(|e| dir.join(e)))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        stdout.trim(),
        "checked 4 files: 0 errors, 0 warnings",
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success());
}

/// The image every GPU case reads: red = x / 15, green = y / 15, blue a checker, alpha 1.
fn input_image(size: u32) -> engine::RgbaImage {
    let mut pixels = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let checker = if (x + y) % 2 == 0 { 64 } else { 192 };
            pixels.extend([(x * 17 % 256) as u8, (y * 17 % 256) as u8, checker, 255]);
        }
    }
    engine::RgbaImage {
        width: size,
        height: size,
        pixels,
    }
}

/// Renders the FX effect `text` (written to `dir/name.fx`) over `image`, every technique on.
fn render_effect(
    ctx: &engine::GpuContext,
    dir: &Path,
    name: &str,
    text: &str,
    image: &engine::RgbaImage,
) -> engine::RgbaImage {
    let path = dir.join(format!("{name}.fx"));
    std::fs::write(&path, text).unwrap();
    let document = Document::with_effects(vec![path]);
    let mut chain = chain_for(ctx, &document, image);
    for key in chain.order().to_vec() {
        chain.set_enabled(key, true);
    }
    render(ctx, &mut chain, image, 1)
}

// ---------------------------------------------------------------------------------------------
// Blending.fxh

type Rgb = [f32; 3];

fn map(a: Rgb, f: impl Fn(f32) -> f32) -> Rgb {
    a.map(f)
}

fn zip(a: Rgb, b: Rgb, f: impl Fn(f32, f32) -> f32) -> Rgb {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])]
}

fn lum(a: Rgb) -> f32 {
    0.33333 * a[0] + 0.33334 * a[1] + 0.33333 * a[2]
}

fn set_lum(a: Rgb, l: f32) -> Rgb {
    let d = l - lum(a);
    map(a, |c| c + d)
}

fn sat(a: Rgb) -> f32 {
    a[0].max(a[1]).max(a[2]) - a[0].min(a[1]).min(a[2])
}

/// The channels stretched so the largest is `s` and the smallest 0 (the W3C "SetSat").
fn set_sat(a: Rgb, s: f32) -> Rgb {
    let (hi, lo) = (a[0].max(a[1]).max(a[2]), a[0].min(a[1]).min(a[2]));
    if hi <= lo {
        return [0.0; 3];
    }
    map(a, |c| (c - lo) * s / (hi - lo))
}

/// Blending.fxh's mode `mode` of layer `b` over base `a`, as ReShade's header defines it.
fn blend_mode(mode: i32, a: Rgb, b: Rgb) -> Rgb {
    let step = |edge: f32, x: f32| if x >= edge { 1.0 } else { 0.0 };
    match mode {
        2 => zip(a, b, |a, b| a * b),
        6 => zip(a, b, |a, b| 1.0 - (1.0 - a) * (1.0 - b)),
        11 => zip(a, b, |a, b| {
            let (lo, hi) = (2.0 * a * b, 1.0 - 2.0 * (1.0 - a) * (1.0 - b));
            lo + (hi - lo) * step(0.5, a)
        }),
        12 => {
            // One formula for all three channels, chosen by whether every layer channel is dark.
            if b.iter().all(|&c| c <= 0.5) {
                zip(a, b, |a, b| {
                    (a - (1.0 - 2.0 * b) * a * (1.0 - a)).clamp(0.0, 1.0)
                })
            } else {
                let aux = if a.iter().all(|&c| c <= 0.25) {
                    map(a, |a| ((16.0 * a - 12.0) * a + 4.0) * a)
                } else {
                    map(a, f32::sqrt)
                };
                [0, 1, 2].map(|i| (a[i] + (2.0 * b[i] - 1.0) * (aux[i] - a[i])).clamp(0.0, 1.0))
            }
        }
        18 => zip(a, b, |a, b| (a - b).abs()),
        27 => set_lum(set_sat(b, sat(a)), lum(a)),
        30 => set_lum(a, lum(b)),
        _ => b,
    }
}

#[test]
fn blend_modes_match_their_formulas() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = temp_dir("blending");
    const SIZE: u32 = 16;
    const OPACITY: f32 = 0.75;
    let image = input_image(SIZE);
    let input = FloatImage::from_rgba8(&image);
    let mut failures = Vec::new();
    // Normal, Multiply, Screen, Overlay, Soft Light, Difference, Hue, Luminosity.
    for mode in [0, 2, 6, 11, 12, 18, 27, 30] {
        let text = format!(
            "#include \"ReShade.fxh\"\n#include \"Blending.fxh\"\n\
             float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target {{\n\
             float3 base = tex2D(ReShade::BackBuffer, uv).rgb;\n\
             float3 layer = float3(uv.x, 1.0 - uv.y, 0.25 + 0.5 * uv.x * uv.y);\n\
             return float4(ComHeaders::Blending::Blend({mode}, base, layer, {OPACITY}), 1.0); }}\n\
             technique T {{ pass {{ VertexShader = PostProcessVS; PixelShader = PS; }} }}\n"
        );
        let actual = render_effect(&ctx, &dir, &format!("mode{mode}"), &text, &image);
        let mut worst = (0u8, 0, 0);
        for y in 0..SIZE {
            for x in 0..SIZE {
                let (u, v) = ((x as f32 + 0.5) / 16.0, (y as f32 + 0.5) / 16.0);
                let px = input.at(x as usize, y as usize);
                let base = [px[0], px[1], px[2]];
                let layer = [u, 1.0 - v, 0.25 + 0.5 * u * v];
                let blended = blend_mode(mode, base, layer);
                let want = zip(base, blended, |a, b| a + (b - a) * OPACITY);
                let got = actual.pixel(x, y);
                for c in 0..3 {
                    let want8 = (want[c].clamp(0.0, 1.0) * 255.0).round() as u8;
                    let diff = got[c].abs_diff(want8);
                    if diff > worst.0 {
                        worst = (diff, x, y);
                    }
                }
            }
        }
        println!("mode {mode}: at most {} steps off", worst.0);
        // Two steps: the 8-bit store, and float maths done in another order on the GPU.
        if worst.0 > 2 {
            failures.push(format!(
                "mode {mode}: {} steps off at ({}, {})",
                worst.0, worst.1, worst.2
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// TriDither.fxh

#[test]
fn tri_dither_stays_within_one_step_of_its_bit_depth() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = temp_dir("tridither");
    const SIZE: u32 = 16;
    let image = input_image(SIZE);
    for bits in [8u32, 4] {
        let text = format!(
            "#include \"ReShade.fxh\"\n#include \"TriDither.fxh\"\n\
             float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target {{\n\
             float3 c = tex2D(ReShade::BackBuffer, uv).rgb;\n\
             return float4(c + TriDither(c, uv, {bits}), 1.0); }}\n\
             technique T {{ pass {{ VertexShader = PostProcessVS; PixelShader = PS; }} }}\n"
        );
        let actual = render_effect(&ctx, &dir, &format!("bits{bits}"), &text, &image);
        // One step of a `bits`-bit channel, in 8-bit steps (1 or 17): the noise stays below
        // it, so the stored value, rounded, is at most that many steps away.
        let amplitude = 255.0 / ((1u32 << bits) - 1) as f32;
        let limit = amplitude.round() as u8;
        let (mut changed, mut largest) = (0, 0u8);
        for (got, want) in actual.pixels.chunks(4).zip(image.pixels.chunks(4)) {
            for c in 0..3 {
                let diff = got[c].abs_diff(want[c]);
                assert!(
                    diff <= limit,
                    "{bits} bits: {diff} steps off (at most {limit}): {got:?} for {want:?}"
                );
                changed += usize::from(diff > 0);
                largest = largest.max(diff);
            }
        }
        // Noise is there: a fair share of the channels moves, and by the depth's own scale.
        let channels = (SIZE * SIZE * 3) as usize;
        assert!(
            changed * 10 >= channels,
            "{bits} bits: only {changed} of {channels} channels dithered"
        );
        assert!(
            f32::from(largest) >= amplitude * 0.5,
            "{bits} bits: largest change {largest} steps, amplitude {amplitude}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// DrawText.fxh

/// The atlas's coverage of character `id` at `inside` (0..1 each way) of its cell, sampled
/// bilinearly as DrawText's sampler does.
fn glyph(atlas: &FloatImage, id: u32, inside: (f32, f32)) -> f32 {
    let (column, row) = ((id % 14) as f32, (id / 14) as f32);
    atlas.bilinear((inside.0 + column) / 14.0, (inside.1 + row) / 7.0)[0]
}

#[test]
fn drawn_characters_match_their_atlas_glyphs() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = temp_dir("drawtext");
    const SIZE: u32 = 128;
    // Characters 32 pixels wide, 64 tall; "7" from DrawText_String at (16, 16), and 7.0 from
    // DrawText_Digit with its point at (64, 16) + 64 down: sign, "7", then the point.
    let text = "#include \"ReShade.fxh\"\n#include \"DrawText.fxh\"\n\
         float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target {\n\
         float c = 0.0; int seven[1] = { __7 };\n\
         DrawText_String(float2(16.0, 0.0), 64.0, 1, uv, seven, 1, c);\n\
         DrawText_Digit(float2(80.0, 64.0), 64.0, 1, uv, 0, 7.0, c);\n\
         return float4(c, c, c, 1.0); }\n\
         technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }\n";
    let image = input_image(SIZE);
    let actual = render_effect(&ctx, &dir, "seven", text, &image);
    let atlas_image =
        engine::input::load_image(&repo().join("assets/reshade/FontAtlas.png")).unwrap();
    let atlas = FloatImage::from_rgba8(&atlas_image);
    let (seven, dot, space) = (23, 14, 0);
    let mut lit = 0;
    let mut worst = (0u8, 0, 0);
    for y in 0..SIZE {
        for x in 0..SIZE {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let mut want = 0.0;
            if py < 64.0 {
                // The string: one cell from x = 16 to 48, rows 0..64.
                let cx = (px - 16.0) / 32.0;
                if (0.0..=1.0).contains(&cx) {
                    want += glyph(&atlas, seven, (cx.fract(), py / 64.0));
                }
            } else {
                // The number: cells of 32 pixels around the point at x = 80.
                let cx = (px - 80.0) / 32.0;
                let inside = (cx - cx.floor(), (py - 64.0) / 64.0);
                let id = match cx.floor() as i32 {
                    -2 => Some(space),
                    -1 => Some(seven),
                    0 => Some(dot),
                    _ => None,
                };
                if let Some(id) = id {
                    want += glyph(&atlas, id, inside);
                }
            }
            let want8 = (want.clamp(0.0, 1.0) * 255.0).round() as u8;
            let got = actual.pixel(x, y)[0];
            lit += usize::from(got > 128);
            let diff = got.abs_diff(want8);
            if diff > worst.0 {
                worst = (diff, x, y);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{lit} pixels lit, at most {} steps off", worst.0);
    // Bilinear weights on the GPU are rounded to a few bits: 4 steps at the glyphs' edges.
    assert!(
        worst.0 <= 4,
        "{} steps off at ({}, {})",
        worst.0,
        worst.1,
        worst.2
    );
    // Two sevens and a point: hundreds of lit pixels, not an empty frame.
    assert!(lit > 600, "only {lit} pixels lit");
}

// ---------------------------------------------------------------------------------------------
// A user's own copies win

#[test]
fn a_users_own_header_and_atlas_win() {
    let dir = temp_dir("own");
    let shaders = dir.join("Shaders");
    let textures = dir.join("Textures");
    std::fs::create_dir_all(&shaders).unwrap();
    std::fs::create_dir_all(&textures).unwrap();
    let effect = "#include \"ReShade.fxh\"\n#include \"DrawText.fxh\"\n#include \"Macros.fxh\"\n\
         float4 PS(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target {\n\
         return tex2D(samplerText, uv) * MINE; }\n\
         technique T { pass { VertexShader = PostProcessVS; PixelShader = PS; } }\n";
    std::fs::write(shaders.join("own.fx"), effect).unwrap();
    // The collection's own Macros.fxh defines what fxbench's does not.
    std::fs::write(shaders.join("Macros.fxh"), "#define MINE 0.5\n").unwrap();
    let compile = || {
        let document = Document::with_effects(vec![shaders.join("own.fx")]);
        let compiled = document.compile((64, 64));
        assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
        let effect = compiled.effects.into_iter().next().expect("one effect");
        effect
            .textures()
            .iter()
            .find(|t| t.display_name() == "Texttex")
            .and_then(|t| t.image.clone())
            .expect("the atlas texture has an image")
    };
    assert_eq!(compile(), repo().join("assets/reshade/FontAtlas.png"));
    // An atlas in the collection's Textures folder is found first.
    std::fs::copy(
        repo().join("assets/reshade/FontAtlas.png"),
        textures.join("FontAtlas.png"),
    )
    .unwrap();
    assert_eq!(compile(), textures.join("FontAtlas.png"));
    let _ = std::fs::remove_dir_all(&dir);
}
