//! Pass states executed on the GPU: blending, write masks, topology and vertex shaders with partial
//! coverage (the previous back buffer must show through) and mip generation, each against the expected pixels.
#![allow(clippy::unwrap_used)] // Helpers of tests unwrap as the tests do.

mod common;

use app::session::document::Document;
use app::session::spirv::ShaderChoice;
use common::*;
use engine::testing;

fn effect_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fxbench-states-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.wfx"));
    std::fs::write(&path, text).unwrap();
    path
}

/// Renders one frame of the effect and returns the output and the copies made. Where the device
/// takes SPIR-V as it is, the effect also runs as naga's SPIR-V and as the optimiser's, which
/// must render the same pixels (so every pass state here checks those paths too).
fn run_effect(
    name: &str,
    text: &str,
    image: &engine::RgbaImage,
) -> Option<(engine::RgbaImage, u32)> {
    let ctx = testing::gpu_with(wgpu::Features::PASSTHROUGH_SHADERS)?;
    let document = Document::with_effects(vec![effect_file(name, text)]);
    let mut chain = chain_for(&ctx, &document, image);
    let out = render(&ctx, &mut chain, image, 1);
    if ctx.has_passthrough() {
        for choice in [ShaderChoice::Spirv, ShaderChoice::Optimized] {
            let Ok(shaders) = choice.shaders() else {
                // Refused without spirv-val (fail closed); CI requires it.
                assert!(!optimizer::spirv_val::checks_enabled());
                continue;
            };
            let options = engine::ChainOptions {
                shaders,
                ..Default::default()
            };
            let mut chain = chain_with(&ctx, &document, image, &options);
            let spirv_out = render(&ctx, &mut chain, image, 1);
            let (max, _) = compare(&spirv_out, &out);
            assert!(max <= 1, "{name} as {}: differs by {max}", choice.label());
        }
    }
    Some((out, chain.copies_last_frame()))
}

/// A flat grey image with one distinct pixel, so partial writes are visible.
fn grey_image() -> engine::RgbaImage {
    let mut image = engine::RgbaImage {
        width: 8,
        height: 8,
        pixels: [100, 150, 200, 255].repeat(64),
    };
    image.pixels[0..4].copy_from_slice(&[10, 20, 30, 255]);
    image
}

#[test]
fn additive_blend_adds_to_the_back_buffer() {
    let text = r#"#include "shaders/fxbench.wfxh"
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.2, 0.1, 0.0, 0.0); }
technique Add < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps;
    BlendEnable = true; BlendOp = ADD; SrcBlend = ONE; DestBlend = ONE; } }"#;
    let image = grey_image();
    let Some((out, copies)) = run_effect("blend", text, &image) else {
        return;
    };
    let add = |c: u8, v: f32| ((f32::from(c) / 255.0 + v).min(1.0) * 255.0).round() as u8;
    for (i, p) in image.pixels.chunks(4).enumerate() {
        // Alpha keeps ReShade's default alpha factors, ONE and ZERO: it becomes the source's 0.
        let expected = [add(p[0], 0.2), add(p[1], 0.1), p[2], 0];
        assert_eq!(&out.pixels[i * 4..i * 4 + 4], &expected, "pixel {i}");
    }
    // Blending reads the target, so the previous image is copied under it once.
    assert_eq!(copies, 1);
}

#[test]
fn write_mask_keeps_unwritten_channels() {
    let text = r#"#include "shaders/fxbench.wfxh"
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0, 1.0, 1.0, 1.0); }
technique Red < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; RenderTargetWriteMask = 1; } }"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("mask", text, &image) else {
        return;
    };
    for (i, p) in image.pixels.chunks(4).enumerate() {
        assert_eq!(
            &out.pixels[i * 4..i * 4 + 4],
            &[255, p[1], p[2], p[3]],
            "pixel {i}"
        );
    }
}

#[test]
fn a_point_draw_leaves_the_rest_of_the_image() {
    // One point at the centre of pixel (5, 2) of an 8x8 target.
    let text = r#"
@vertex fn point(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>((5.5 / 8.0) * 2.0 - 1.0, 1.0 - (2.5 / 8.0) * 2.0, 0.0, 1.0);
}
@fragment fn white() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
technique Dot < enabled = true; > { pass { VertexShader = point; PixelShader = white; PrimitiveTopology = POINTLIST; VertexCount = 1; } }"#;
    let image = grey_image();
    let Some((out, copies)) = run_effect("point", text, &image) else {
        return;
    };
    for y in 0..8 {
        for x in 0..8 {
            let expected = if (x, y) == (5, 2) {
                [255; 4]
            } else {
                image.pixel(x, y)
            };
            assert_eq!(out.pixel(x, y), expected, "pixel ({x}, {y})");
        }
    }
    assert_eq!(copies, 1);
}

#[test]
fn a_three_vertex_draw_that_covers_half_leaves_the_other_half() {
    // One triangle over the top-left half of the target (below the diagonal x + y < 8 in
    // pixels). Only the vertex shader says so: the draw looks like a full-screen pass.
    let text = r#"
@vertex fn half(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
    return vec4<f32>(uv.x - 1.0, 1.0 - uv.y, 0.0, 1.0);
}
@fragment fn white() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
technique Half < enabled = true; > { pass { VertexShader = half; PixelShader = white; } }"#;
    let image = grey_image();
    let Some((out, copies)) = run_effect("half", text, &image) else {
        return;
    };
    for y in 0..8u32 {
        for x in 0..8u32 {
            // Pixel centres strictly above the diagonal are inside; none lies on it.
            let expected = if x + y < 7 {
                [255; 4]
            } else {
                image.pixel(x, y)
            };
            assert_eq!(out.pixel(x, y), expected, "pixel ({x}, {y})");
        }
    }
    assert_eq!(
        copies, 1,
        "the previous image is copied under the partial draw"
    );
}

#[test]
fn covering_passes_need_no_previous_contents() {
    // A quad drawn as a 4-vertex strip into a render target (not cleared), then a full-screen
    // triangle into the back buffer: both cover their targets, so neither loads nor copies, and
    // every pixel is the shaders' output.
    let text = r#"#include "shaders/fxbench.wfxh"
texture Mid { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };
sampler MidS { Texture = Mid; };
@vertex fn quad(@builtin(vertex_index) id: u32) -> PostProcessOut {
    let uv = vec2<f32>(f32(id & 1u), f32(id >> 1u));
    return PostProcessOut(vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.5, 1.0), uv);
}
@fragment fn invert(in: PostProcessOut) -> @location(0) vec4<f32> {
    return vec4<f32>(1.0 - BackBufferLoad(in.position).rgb, 1.0);
}
@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> {
    return textureLoad(Mid, vec2<i32>(in.position.xy), 0);
}
technique Invert < enabled = true; > {
    pass { VertexShader = quad; PixelShader = invert; PrimitiveTopology = TRIANGLESTRIP; VertexCount = 4; RenderTarget = Mid; }
    pass { VertexShader = PostProcessVS; PixelShader = show; }
}"#;
    let image = grey_image();
    let Some((out, copies)) = run_effect("strip", text, &image) else {
        return;
    };
    for y in 0..8 {
        for x in 0..8 {
            let p = image.pixel(x, y);
            let expected = [255 - p[0], 255 - p[1], 255 - p[2], 255];
            assert_eq!(out.pixel(x, y), expected, "pixel ({x}, {y})");
        }
    }
    assert_eq!(copies, 0);
}

#[test]
fn chains_of_any_length_land_in_the_output_without_copies() {
    // K back-buffer passes that each add 10/255 to red, with a render-target pass between the
    // first two that reads COLOR: the intermediate target and the output alternate, whatever
    // K's parity, and every pass sees its predecessor's result.
    let image = grey_image();
    for passes in 1..=5u8 {
        let mut text = String::from(
            r#"#include "shaders/fxbench.wfxh"
texture Side { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };
@fragment fn add(in: PostProcessOut) -> @location(0) vec4<f32> {
    return BackBufferLoad(in.position) + vec4<f32>(10.0 / 255.0, 0.0, 0.0, 0.0);
}
@fragment fn side(in: PostProcessOut) -> @location(0) vec4<f32> { return BackBufferLoad(in.position); }
@fragment fn add_side(in: PostProcessOut) -> @location(0) vec4<f32> {
    return textureLoad(Side, vec2<i32>(in.position.xy), 0) + vec4<f32>(10.0 / 255.0, 0.0, 0.0, 0.0);
}
technique Add < enabled = true; > {
    pass { VertexShader = PostProcessVS; PixelShader = add; }
"#,
        );
        for i in 1..passes {
            if i == 1 {
                text.push_str("    pass { VertexShader = PostProcessVS; PixelShader = side; RenderTarget = Side; }
");
                text.push_str(
                    "    pass { VertexShader = PostProcessVS; PixelShader = add_side; }
",
                );
            } else {
                text.push_str(
                    "    pass { VertexShader = PostProcessVS; PixelShader = add; }
",
                );
            }
        }
        text.push_str(
            "}
",
        );
        let Some((out, copies)) = run_effect(&format!("chain{passes}"), &text, &image) else {
            return;
        };
        for y in 0..8 {
            for x in 0..8 {
                let mut expected = image.pixel(x, y);
                expected[0] += 10 * passes;
                assert_eq!(
                    out.pixel(x, y),
                    expected,
                    "{passes} passes, pixel ({x}, {y})"
                );
            }
        }
        assert_eq!(copies, 0, "{passes} passes");
    }
}

#[test]
fn generated_mips_average_the_level_above() {
    // Pass 1 renders a 4x4 target whose texels are x + 4y (over 16); pass 2 reads its 1x1 mip.
    let text = r#"#include "shaders/fxbench.wfxh"
texture Ramp { Width = 4; Height = 4; Format = RGBA16F; MipLevels = 3; };
@fragment fn ramp(in: PostProcessOut) -> @location(0) vec4<f32> {
    let t = vec2<u32>(in.position.xy);
    return vec4<f32>(f32(t.x + 4u * t.y) / 16.0, f32(t.x) / 4.0, 1.0, 1.0);
}
@fragment fn smallest(in: PostProcessOut) -> @location(0) vec4<f32> { return textureLoad(Ramp, vec2<i32>(0), 2); }
technique Mips < enabled = true; > {
    pass { VertexShader = PostProcessVS; PixelShader = ramp; RenderTarget = Ramp; }
    pass { VertexShader = PostProcessVS; PixelShader = smallest; }
}"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("mips", text, &image) else {
        return;
    };
    // Mean of (x + 4y) / 16 over 4x4 is 7.5 / 16; mean of x / 4 is 1.5 / 4.
    let unorm = |v: f32| (v * 255.0).round() as u8;
    assert_eq!(
        out.pixel(3, 3),
        [unorm(7.5 / 16.0), unorm(1.5 / 4.0), 255, 255]
    );
}

#[test]
fn image_sourced_textures_are_loaded_and_scaled() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = std::env::temp_dir().join(format!("fxbench-image-texture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A 2x1 image: red then blue. The texture is 4x2, so each source texel covers a 2x2 block
    // after scaling (bilinear, so the two middle columns blend).
    image::save_buffer(
        dir.join("stripes.png"),
        &[255, 0, 0, 255, 0, 0, 255, 255],
        2,
        1,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
    let effect = dir.join("image.wfx");
    std::fs::write(
        &effect,
        r#"#include "shaders/fxbench.wfxh"
texture Stripes < source = "stripes.png"; > { Width = 4; Height = 2; };
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {
    return textureLoad(Stripes, vec2<i32>(i32(in.position.x) % 4, 0), 0);
}
technique Show < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }"#,
    )
    .unwrap();
    let image = grey_image();
    let document = Document::with_effects(vec![effect]);
    let mut chain = chain_for(&ctx, &document, &image);
    let out = render(&ctx, &mut chain, &image, 1);
    assert_eq!(out.pixel(0, 0), [255, 0, 0, 255]);
    assert_eq!(out.pixel(3, 0), [0, 0, 255, 255]);
    // A missing image is a located front-end error.
    let missing = dir.join("missing.wfx");
    std::fs::write(
        &missing,
        "texture T < source = \"nope.png\"; > { Width = 4; Height = 4; };\n",
    )
    .unwrap();
    let out = analysis::load_effect(&missing, &analysis::Options::default());
    let rendered = out.render_diagnostics();
    assert!(
        rendered.contains("missing.wfx:1:22: error[IoError]: 'nope.png' : image file not found"),
        "{rendered}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const COMPUTE_EFFECT: &str = r#"#include "shaders/fxbench.wfxh"
texture Grid { Width = 8; Height = 8; Format = RGBA8; MipLevels = 2; };
storage GridOut { Texture = Grid; };
@compute @workgroup_size(4, 4)
fn fill(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(GridOut, vec2<i32>(id.xy), vec4<f32>(f32(id.x) / 8.0, f32(id.y) / 8.0, 0.5, 1.0));
}
@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> {
    // Left half: level 0 as written; right half: level 1, generated after the dispatch.
    let p = vec2<i32>(in.position.xy);
    if p.x < 8 { return textureLoad(Grid, p, 0); }
    return textureLoad(Grid, vec2<i32>(0, 0), 1);
}
technique Compute < enabled = true; > {
    pass Fill { ComputeShader = fill; DispatchSizeX = 2; DispatchSizeY = 2; }
    pass Show { VertexShader = PostProcessVS; PixelShader = show; }
}"#;

#[test]
fn compute_passes_write_storage_textures() {
    let Some(ctx) = testing::gpu() else { return };
    let image = engine::RgbaImage {
        width: 16,
        height: 8,
        pixels: [9, 9, 9, 255].repeat(128),
    };
    let document = Document::with_effects(vec![effect_file("compute", COMPUTE_EFFECT)]);
    let mut chain = chain_for(&ctx, &document, &image);
    let out = render(&ctx, &mut chain, &image, 3);
    let unorm = |v: f32| (v * 255.0).round() as u8;
    for y in 0..8 {
        for x in 0..8 {
            let expected = [
                unorm(x as f32 / 8.0),
                unorm(y as f32 / 8.0),
                unorm(0.5),
                255,
            ];
            assert_eq!(out.pixel(x, y), expected, "({x}, {y})");
        }
    }
    // Level 1 texel (0, 0) averages level-0 texels (0..2, 0..2): x and y of 0.5 / 8.
    let averaged = out.pixel(12, 4);
    assert!(
        averaged[0].abs_diff(unorm(0.5 / 8.0)) <= 1 && averaged[1].abs_diff(unorm(0.5 / 8.0)) <= 1,
        "{averaged:?}"
    );
    if ctx.has_timestamps() {
        chain.flush_timings();
        let key = chain.find("Compute", None).unwrap();
        let timings = chain.timings(key).unwrap();
        assert!(
            timings.passes_gpu_ns[0].mean().unwrap() > 0,
            "the compute pass is timed"
        );
    }
}

/// A compute pass writes `value` into a 4x4 storage texture of `format`; a pixel pass shows it.
fn storage_format_effect(format: &str, value: &str) -> String {
    format!(
        r#"#include "shaders/fxbench.wfxh"
texture Target {{ Width = 4; Height = 4; Format = {format}; }};
storage Out {{ Texture = Target; }};
@compute @workgroup_size(4, 4)
fn fill(@builtin(global_invocation_id) id: vec3<u32>) {{
    textureStore(Out, vec2<i32>(id.xy), {value});
}}
@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> {{
    return textureLoad(Target, vec2<i32>(in.position.xy) % 4, 0);
}}
technique Formats < enabled = true; > {{
    pass Fill {{ ComputeShader = fill; }}
    pass Show {{ VertexShader = PostProcessVS; PixelShader = show; }}
}}"#
    )
}

/// ReShade writes storages of any format its API can; WebGPU guarantees seven. Where the
/// adapter offers more (lavapipe does), R8, R16F, RG16F and RGB10A2 storages run and hold what
/// was stored; where it does not, building the chain is a located error naming the format and
/// the pass.
#[test]
fn storage_writes_in_formats_webgpu_does_not_guarantee() {
    let Some(ctx) = testing::gpu() else { return };
    let image = grey_image();
    let stored = "vec4<f32>(0.25, 0.5, 0.75, 1.0)";
    // What each format keeps of (0.25, 0.5, 0.75, 1), read back through an RGBA8 target.
    let cases = [
        ("R8", [64, 0, 0, 255]),
        ("R16F", [64, 0, 0, 255]),
        ("RG16F", [64, 128, 0, 255]),
        ("RGB10A2", [64, 128, 191, 255]),
    ];
    for (format_name, expected) in cases {
        let format = analysis::TextureFormat::ALL
            .iter()
            .find(|(n, _)| *n == format_name)
            .map(|(_, f)| *f)
            .unwrap();
        assert!(!format.webgpu_storable(), "{format_name}");
        let path = effect_file(
            &format!("storage-{format_name}"),
            &storage_format_effect(format_name, stored),
        );
        let document = Document::with_effects(vec![path.clone()]);
        let compiled = document.compile((image.width, image.height));
        assert!(!compiled.has_errors(), "{}", compiled.render_diagnostics());
        let chain = engine::EffectChain::new(
            &ctx,
            compiled.effects,
            (image.width, image.height),
            &engine::ChainOptions::default(),
        );
        let writable = ctx.can_write_storage(format);
        println!("{format_name} storage on {}: {writable}", ctx.describe());
        if writable {
            let mut chain = chain.unwrap();
            let out = render(&ctx, &mut chain, &image, 1);
            assert_eq!(out.pixel(1, 2), expected, "{format_name}");
            continue;
        }
        let error = chain.err().expect("a located error").to_string();
        let expected_start = format!(
            "{}:3:9: storage 'Out' writes texture 'Target' in format {format_name}, which this device cannot write as a storage texture (technique 'Formats', pass 'Fill')",
            path.display()
        );
        assert!(error.starts_with(&expected_start), "{error}");
    }
}

#[test]
fn storage_declarations_are_checked() {
    let dir = std::env::temp_dir().join(format!("fxbench-storage-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let check = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = analysis::load_effect(&path, &analysis::Options::default());
        out.diagnostics
            .iter()
            .map(|d| d.render_short(&out.sources))
            .collect::<Vec<_>>()
    };
    let semantic = check(
        "semantic.wfx",
        "texture T : COLOR;\nstorage S { Texture = T; };\n",
    );
    assert_eq!(
        semantic,
        [format!(
            "{}:2:23: error[InvalidRenderStateValue]: 'T' : a texture with a semantic cannot be storage",
            dir.join("semantic.wfx").display()
        )]
    );
    // Any format is a storage to the front end: the device decides (see
    // `storage_writes_in_formats_webgpu_does_not_guarantee`).
    let format = check(
        "format.wfx",
        "texture T { Width = 4; Height = 4; Format = R8; };\nstorage S { Texture = T; };\n",
    );
    assert!(!format.iter().any(|d| d.contains(": error[")), "{format:?}");
    let hazard = check(
        "hazard.wfx",
        "texture T { Width = 4; Height = 4; };\nstorage S { Texture = T; };\n\
         @compute @workgroup_size(1) fn cs() { textureStore(S, vec2<i32>(0), textureLoad(T, vec2<i32>(1), 0)); }\n\
         technique X { pass P { ComputeShader = cs; } }\n",
    );
    assert_eq!(
        hazard,
        [format!(
            "{}:4:15: error[InvalidRenderStateValue]: 'S' : the pass writes this storage and samples its texture",
            dir.join("hazard.wfx").display()
        )]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stencil_masks_a_later_pass() {
    // Pass 1 marks the left half of the stencil buffer (it discards elsewhere); pass 2 paints
    // white only where the mark is.
    let text = r#"#include "shaders/fxbench.wfxh"
@fragment fn mark(in: PostProcessOut) -> @location(0) vec4<f32> {
    if in.position.x >= 4.0 { discard; }
    return BackBufferLoad(in.position);
}
@fragment fn white(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
technique Stencil < enabled = true; > {
    pass Mark { VertexShader = PostProcessVS; PixelShader = mark;
        StencilEnable = true; StencilFunc = ALWAYS; StencilRef = 1; StencilPassOp = REPLACE; }
    pass Paint { VertexShader = PostProcessVS; PixelShader = white;
        StencilEnable = true; StencilFunc = EQUAL; StencilRef = 1; StencilPassOp = KEEP; }
}"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("stencil", text, &image) else {
        return;
    };
    for y in 0..8 {
        for x in 0..8 {
            let expected = if x < 4 { [255; 4] } else { image.pixel(x, y) };
            assert_eq!(out.pixel(x, y), expected, "({x}, {y})");
        }
    }
}

#[test]
fn srgb_samplers_decode_and_mixed_modes_are_rejected() {
    let Some(ctx) = testing::gpu() else { return };
    let dir = std::env::temp_dir().join(format!("fxbench-srgb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    image::save_buffer(
        dir.join("mid.png"),
        &[128, 128, 128, 255],
        1,
        1,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
    let effect = dir.join("srgb.wfx");
    std::fs::write(
        &effect,
        r#"#include "shaders/fxbench.wfxh"
texture Mid < source = "mid.png"; > { Width = 1; Height = 1; };
sampler MidDecoded { Texture = Mid; SRGBTexture = true; MagFilter = POINT; MinFilter = POINT; MipFilter = POINT; };
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return textureSampleLevel(Mid, MidDecoded, vec2<f32>(0.5), 0.0); }
technique T < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }"#,
    )
    .unwrap();
    let image = grey_image();
    let mut chain = chain_for(&ctx, &Document::with_effects(vec![effect]), &image);
    let out = render(&ctx, &mut chain, &image, 1);
    // sRGB 128/255 decodes to linear 0.2159, stored as 55/255.
    let decoded = ((128.0f32 / 255.0 + 0.055) / 1.055).powf(2.4);
    let expected = (decoded * 255.0).round() as u8;
    assert!(
        out.pixel(2, 2)[0].abs_diff(expected) <= 1,
        "{:?} vs {expected}",
        out.pixel(2, 2)
    );

    let mixed = dir.join("mixed.wfx");
    std::fs::write(
        &mixed,
        "texture Mid { Width = 1; Height = 1; };\n\
         sampler A { Texture = Mid; SRGBTexture = true; };\n\
         sampler B { Texture = Mid; };\n\
         @vertex fn vs() -> @builtin(position) vec4<f32> { return vec4<f32>(0.0); }\n\
         @fragment fn ps() -> @location(0) vec4<f32> { return textureSample(Mid, A, vec2<f32>(0.0)) + textureSample(Mid, B, vec2<f32>(0.0)); }\n\
         technique T { pass { VertexShader = vs; PixelShader = ps; } }\n",
    )
    .unwrap();
    let out = analysis::load_effect(&mixed, &analysis::Options::default());
    let errors: Vec<_> = out.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 1, "{}", out.render_diagnostics());
    assert!(
        errors[0]
            .message
            .contains("'B' : samples 'Mid' without sRGB decoding"),
        "{}",
        errors[0].message
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn srgb_sampler_of_the_back_buffer_decodes_it() {
    let text = r#"
texture Color : COLOR;
sampler ColorSrgb { Texture = Color; SRGBTexture = true; MagFilter = POINT; MinFilter = POINT; };
@vertex fn vs(@builtin(vertex_index) id: u32) -> @builtin(position) vec4<f32> {
    let uv = vec2<f32>(f32((id << 1u) & 2u), f32(id & 2u));
    return vec4<f32>(uv.x * 2.0 - 1.0, 1.0 - uv.y * 2.0, 0.0, 1.0);
}
@fragment fn ps(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return textureSampleLevel(Color, ColorSrgb, p.xy / 8.0, 0.0);
}
technique T < enabled = true; > { pass { VertexShader = vs; PixelShader = ps; } }"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("srgb_color", text, &image) else {
        return;
    };
    let decode = |c: u8| {
        let v = f32::from(c) / 255.0;
        (((v + 0.055) / 1.055).powf(2.4) * 255.0).round() as u8
    };
    let got = out.pixel(5, 5);
    for (c, v) in [100u8, 150, 200].into_iter().enumerate() {
        assert!(got[c].abs_diff(decode(v)) <= 1, "{got:?} channel {c}");
    }
}

#[test]
fn srgb_writes_encode_into_the_back_buffer() {
    let text = r#"#include "shaders/fxbench.wfxh"
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.2, 0.5, 0.8, 1.0); }
technique T < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; SRGBWriteEnable = true; } }"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("srgb_write", text, &image) else {
        return;
    };
    let encode = |v: f32| {
        let s = if v <= 0.003_130_8 {
            v * 12.92
        } else {
            1.055 * v.powf(1.0 / 2.4) - 0.055
        };
        (s * 255.0).round() as u8
    };
    let got = out.pixel(3, 3);
    for (c, v) in [0.2f32, 0.5, 0.8].into_iter().enumerate() {
        assert!(got[c].abs_diff(encode(v)) <= 1, "{got:?} channel {c}");
    }
}

#[test]
fn srgb_writes_encode_into_an_rgba8_render_target() {
    // ReShade renders through the target's sRGB view: 0.5 is stored as 188, not 128. The second
    // pass reads the stored bytes back as they are (a linear view) into the back buffer.
    let text = r#"#include "shaders/fxbench.wfxh"
texture Low { Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA8; };
@fragment fn half(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.5, 0.2, 0.0, 1.0); }
@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> { return textureLoad(Low, vec2<i32>(in.position.xy), 0); }
technique T < enabled = true; > {
    pass { VertexShader = PostProcessVS; PixelShader = half; RenderTarget = Low; SRGBWriteEnable = true; }
    pass { VertexShader = PostProcessVS; PixelShader = show; }
}"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("srgb_target", text, &image) else {
        return;
    };
    for y in 0..8 {
        for x in 0..8 {
            let got = out.pixel(x, y);
            // sRGB encodings of 0.5 and 0.2: 0.7354 and 0.4845 of 255.
            assert!(got[0].abs_diff(188) <= 1, "({x}, {y}): {got:?}");
            assert!(got[1].abs_diff(124) <= 1, "({x}, {y}): {got:?}");
            assert_eq!((got[2], got[3]), (0, 255), "({x}, {y})");
        }
    }
}

#[test]
fn clear_render_targets_clears_the_back_buffer() {
    // The second pass adds 0.25 red to its target; with ClearRenderTargets its target, the back
    // buffer, starts transparent black (ReShade clears every bound target), so the first pass's
    // white is gone.
    let text = r#"#include "shaders/fxbench.wfxh"
@fragment fn white(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
@fragment fn red(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.25, 0.0, 0.0, 0.5); }
technique T < enabled = true; > {
    pass { VertexShader = PostProcessVS; PixelShader = white; }
    pass { VertexShader = PostProcessVS; PixelShader = red; ClearRenderTargets = true;
        BlendEnable = true; SrcBlend = ONE; DestBlend = ONE; SrcBlendAlpha = ONE; DestBlendAlpha = ONE; }
}"#;
    let image = grey_image();
    let Some((out, copies)) = run_effect("clear_back_buffer", text, &image) else {
        return;
    };
    for y in 0..8 {
        for x in 0..8 {
            assert_eq!(out.pixel(x, y), [64, 0, 0, 128], "({x}, {y})");
        }
    }
    // Nothing of the earlier image is needed under a cleared target.
    assert_eq!(copies, 0);
}

#[test]
fn the_stencil_buffer_is_cleared_for_each_technique() {
    // Technique A marks the left half and paints it white; technique B paints black where the
    // mark is. ReShade clears the stencil buffer before each technique's first stencil pass, so
    // B finds no mark and leaves A's picture.
    let text = r#"#include "shaders/fxbench.wfxh"
@fragment fn mark(in: PostProcessOut) -> @location(0) vec4<f32> {
    if in.position.x >= 4.0 { discard; }
    return BackBufferLoad(in.position);
}
@fragment fn white(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(1.0); }
@fragment fn black(in: PostProcessOut) -> @location(0) vec4<f32> { return vec4<f32>(0.0, 0.0, 0.0, 1.0); }
technique A < enabled = true; > {
    pass Mark { VertexShader = PostProcessVS; PixelShader = mark;
        StencilEnable = true; StencilFunc = ALWAYS; StencilRef = 1; StencilPassOp = REPLACE; }
    pass Paint { VertexShader = PostProcessVS; PixelShader = white;
        StencilEnable = true; StencilFunc = EQUAL; StencilRef = 1; StencilPassOp = KEEP; }
}
technique B < enabled = true; > {
    pass Paint { VertexShader = PostProcessVS; PixelShader = black;
        StencilEnable = true; StencilFunc = EQUAL; StencilRef = 1; StencilMask = 255; }
}"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("stencil_per_technique", text, &image) else {
        return;
    };
    for y in 0..8 {
        for x in 0..8 {
            let expected = if x < 4 { [255; 4] } else { image.pixel(x, y) };
            assert_eq!(out.pixel(x, y), expected, "({x}, {y})");
        }
    }
}

#[test]
fn uniform_arrays_reach_the_shader_and_follow_edits() {
    let text = r#"#include "shaders/fxbench.wfxh"
uniform W: array<f32, 3> = array<f32, 3>(0.25, 0.5, 0.75);
uniform C: array<vec2<f32>, 2> = array<vec2<f32>, 2>(vec2<f32>(0.1, 0.2), vec2<f32>(0.3, 1.0));
uniform B: array<bool, 2> = array<bool, 2>(false, true);
@fragment fn ps(in: PostProcessOut) -> @location(0) vec4<f32> {
    return vec4<f32>(W[0], W[2], C[1].y * select(0.0, 1.0, B[1]), 1.0);
}
technique Arrays < enabled = true; > { pass { VertexShader = PostProcessVS; PixelShader = ps; } }"#;
    let image = grey_image();
    let Some((out, _)) = run_effect("arrays", text, &image) else {
        return;
    };
    assert_eq!(out.pixel(4, 4), [64, 191, 255, 255]);

    // An edit of one element lands in its padded slot.
    let Some(ctx) = testing::gpu() else { return };
    let document = Document::with_effects(vec![effect_file("arrays_edit", text)]);
    let mut chain = chain_for(&ctx, &document, &image);
    let first = chain.effect_at(0).expect("one effect");
    let w = chain.effect(first).find_uniform("W").unwrap();
    chain.set_uniform(first, w, vec![0.25, 0.5, 0.0]);
    let b = chain.effect(first).find_uniform("B").unwrap();
    chain.set_uniform(first, b, vec![1.0, 0.0]);
    let out = render(&ctx, &mut chain, &image, 1);
    assert_eq!(out.pixel(4, 4), [64, 0, 0, 255]);
}

#[test]
fn three_d_textures_are_written_by_compute_and_read_by_slice() {
    // A 4x4x4 volume: each texel holds its own coordinates. The pixel shader shows slice
    // (x / 4) of the volume at (x % 4, y), so an 16x4 image lays the four slices side by side,
    // sampled once through textureLoad and once through a sampler at the slice's centre.
    let text = r#"#include "shaders/fxbench.wfxh"
texture Volume { Width = 4; Height = 4; Depth = 4; Format = RGBA8; };
sampler VolumeS { Texture = Volume; MinFilter = POINT; MagFilter = POINT; };
storage VolumeOut { Texture = Volume; };
@compute @workgroup_size(4, 4, 1)
fn fill(@builtin(global_invocation_id) id: vec3<u32>) {
    textureStore(VolumeOut, vec3<i32>(id), vec4<f32>(vec3<f32>(id) / 4.0, 1.0));
}
@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> {
    let p = vec2<i32>(in.position.xy);
    let texel = vec3<i32>(p.x % 4, p.y, p.x / 4);
    let loaded = textureLoad(Volume, texel, 0);
    let sampled = textureSampleLevel(Volume, VolumeS, (vec3<f32>(texel) + 0.5) / 4.0, 0.0);
    return select(vec4<f32>(1.0, 0.0, 1.0, 1.0), loaded, all(loaded == sampled));
}
technique Slices < enabled = true; > {
    pass Fill { ComputeShader = fill; DispatchSizeX = 1; DispatchSizeY = 1; DispatchSizeZ = 4; }
    pass Show { VertexShader = PostProcessVS; PixelShader = show; }
}"#;
    let image = engine::RgbaImage {
        width: 16,
        height: 4,
        pixels: [9, 9, 9, 255].repeat(64),
    };
    let Some((out, _)) = run_effect("volume", text, &image) else {
        return;
    };
    let unorm = |v: u32| (v as f32 / 4.0 * 255.0).round() as u8;
    for y in 0..4u32 {
        for x in 0..16u32 {
            let expected = [unorm(x % 4), unorm(y), unorm(x / 4), 255];
            assert_eq!(out.pixel(x, y), expected, "({x}, {y})");
        }
    }
}

#[test]
fn three_d_textures_are_checked() {
    for (text, message) in [
        (
            "texture V { Width = 4; Height = 4; Depth = 4; MipLevels = 2; };",
            "'V' : a 3D texture (Depth = 4): mip levels are generated for 2D textures only",
        ),
        (
            "texture V { Width = 4; Height = 4; Depth = 4; };\n\
             @fragment fn ps() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n\
             technique T { pass { VertexShader = PostProcessVS; PixelShader = ps; RenderTarget = V; } }",
            "'V' : a 3D texture cannot be a render target (write it from a compute pass)",
        ),
    ] {
        let text = format!("#include \"shaders/fxbench.wfxh\"\n{text}\n");
        let out = analysis::compile(
            std::path::Path::new("v.wfx"),
            text.clone(),
            &analysis::MemoryLoader::new([("v.wfx", text.clone())]),
            &analysis::Options {
                include_dirs: vec![common::repo().join("assets")],
                ..Default::default()
            },
        );
        assert!(out.effect.is_none());
        assert!(
            out.diagnostics.iter().any(|d| d.message == message),
            "{:#?}",
            out.diagnostics
        );
    }
}

/// An effect that copies the back buffer through a scratch texture, adding `add` to red.
/// An effect that renders into its scratch texture, named after the effect so that only the
/// `pooled` annotation can make two effects share one, and reads it back.
fn scratch_effect(add: f32, pooled: bool) -> String {
    format!(
        r#"#include "shaders/fxbench.wfxh"
texture Scratch{id} < pooled = {pooled}; > {{ Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = RGBA16F; }};
@fragment fn into(in: PostProcessOut) -> @location(0) vec4<f32> {{
    return BackBufferLoad(in.position) + vec4<f32>({add}, 0.0, 0.0, 0.0);
}}
@fragment fn back(in: PostProcessOut) -> @location(0) vec4<f32> {{
    return textureLoad(Scratch{id}, vec2<i32>(in.position.xy), 0);
}}
technique Add{id} < enabled = true; > {{
    pass {{ VertexShader = PostProcessVS; PixelShader = into; RenderTarget = Scratch{id}; }}
    pass {{ VertexShader = PostProcessVS; PixelShader = back; }}
}}"#,
        id = (add * 255.0) as u32
    )
}

#[test]
fn pooled_textures_are_shared_between_effects() {
    let Some(ctx) = testing::gpu() else { return };
    let image = grey_image();
    let mut memory = Vec::new();
    for pooled in [false, true] {
        let document = Document::with_effects(vec![
            effect_file(
                &format!("pool_a_{pooled}"),
                &scratch_effect(10.0 / 255.0, pooled),
            ),
            effect_file(
                &format!("pool_b_{pooled}"),
                &scratch_effect(20.0 / 255.0, pooled),
            ),
        ]);
        let mut chain = chain_for(&ctx, &document, &image);
        let out = render(&ctx, &mut chain, &image, 1);
        // Each effect writes its scratch texture before reading it, so sharing changes nothing.
        for y in 0..8 {
            for x in 0..8 {
                let mut expected = image.pixel(x, y);
                expected[0] += 30;
                assert_eq!(out.pixel(x, y), expected, "pooled {pooled}: ({x}, {y})");
            }
        }
        memory.push(chain.texture_memory_bytes());
        assert!(chain.texture_conflicts().is_empty());
    }
    // 8x8 RGBA16F: 512 bytes each; pooled, the two effects use one.
    assert_eq!(memory, [1024, 512]);
}

#[test]
fn textures_of_the_same_name_are_one_texture_across_effects() {
    // The publisher renders 0.5 red into `Shared`; the reader declares `Shared` the same way,
    // never writes it, and shows it: it sees the publisher's texture, as in ReShade. A third
    // effect declares `Shared` as RGBA16F: a conflict, and it keeps its own.
    let shared = |format: &str| {
        format!(
            "texture Shared {{ Width = BUFFER_WIDTH; Height = BUFFER_HEIGHT; Format = {format}; }};\n"
        )
    };
    let publisher = format!(
        r#"#include "shaders/fxbench.wfxh"
{}@fragment fn red(in: PostProcessOut) -> @location(0) vec4<f32> {{ return vec4<f32>(0.5, 0.0, 0.0, 1.0); }}
technique Publish < enabled = true; > {{ pass {{ VertexShader = PostProcessVS; PixelShader = red; RenderTarget = Shared; }} }}"#,
        shared("RGBA8")
    );
    let reader = |format: &str| {
        format!(
            r#"#include "shaders/fxbench.wfxh"
{}@fragment fn show(in: PostProcessOut) -> @location(0) vec4<f32> {{ return textureLoad(Shared, vec2<i32>(in.position.xy), 0); }}
technique Read < enabled = true; > {{ pass {{ VertexShader = PostProcessVS; PixelShader = show; }} }}"#,
            shared(format)
        )
    };
    let Some(ctx) = testing::gpu() else { return };
    let image = grey_image();
    let document = Document::with_effects(vec![
        effect_file("shared_publisher", &publisher),
        effect_file("shared_reader", &reader("RGBA8")),
    ]);
    let mut chain = chain_for(&ctx, &document, &image);
    let out = render(&ctx, &mut chain, &image, 1);
    assert_eq!(out.pixel(2, 5), [128, 0, 0, 255]);
    assert!(chain.texture_conflicts().is_empty());
    // One 8x8 RGBA8 texture: 256 bytes.
    assert_eq!(chain.texture_memory_bytes(), 256);

    let document = Document::with_effects(vec![
        effect_file("shared_publisher2", &publisher),
        effect_file("shared_wide_reader", &reader("RGBA16F")),
    ]);
    let mut chain = chain_for(&ctx, &document, &image);
    let out = render(&ctx, &mut chain, &image, 1);
    // Its own, never-written texture is transparent black.
    assert_eq!(out.pixel(2, 5), [0, 0, 0, 0]);
    let conflicts = chain.texture_conflicts();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].texture, "Shared");
    assert!(conflicts[0].effect.ends_with("shared_wide_reader.wfx"));
    assert!(conflicts[0].first_effect.ends_with("shared_publisher2.wfx"));
    assert_eq!(conflicts[0].first, "8x8x1 Rgba8Unorm, 1 levels");
    assert_eq!(conflicts[0].second, "8x8x1 Rgba16Float, 1 levels");
}

/// Compiles the ReShade FX effect `text` (which must give exactly the warning `code`), renders
/// one 8x8 frame of it over the grey image and asserts every output pixel is `want` within one
/// step.
fn assert_fx_renders(name: &str, text: &str, code: analysis::DiagnosticCode, want: [u8; 4]) {
    let Some(ctx) = testing::gpu() else { return };
    let dir = std::env::temp_dir().join(format!("fxbench-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.fx"));
    std::fs::write(&path, text).unwrap();
    let document = Document::with_effects(vec![path]);
    let compiled = document.compile((8, 8));
    let codes: Vec<_> = compiled.diagnostics().map(|(_, d)| d.code).collect();
    assert_eq!(codes, [code], "{name}");
    let image = grey_image();
    let mut chain = chain_for(&ctx, &document, &image);
    let out = render(&ctx, &mut chain, &image, 1);
    for px in out.pixels.chunks(4) {
        for (got, want) in px.iter().zip(want) {
            assert!(got.abs_diff(want) <= 1, "{name}: {px:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_pass_sampling_its_render_target_reads_it_as_it_was_before_the_pass() {
    // ReShade accepts a pass that samples (and sizes) the texture it renders to (Daodan's
    // Canvas.fxh); fxbench binds a copy made just before the pass. Pass 1 fills T with
    // (0.25, 0.5, 0, 1); pass 2 renders T from T's earlier texel plus (0.25, 0, width / 32, 0);
    // pass 3 shows T: (0.5, 0.5, 0.25, 1).
    assert_fx_renders(
        "snapshot",
        r#"#include "ReShade.fxh"
texture T { Width = 8; Height = 8; Format = RGBA8; };
sampler S { Texture = T; };
float4 Fill(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return float4(0.25, 0.5, 0.0, 1.0); }
float4 Accumulate(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target
{
    int2 size = tex2Dsize(S, 0);
    return tex2Dfetch(S, int2(p.xy)) + float4(0.25, 0.0, size.x / 32.0, 0.0);
}
float4 Show(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(S, uv); }
technique X < enabled = true; >
{
    pass { VertexShader = PostProcessVS; PixelShader = Fill; RenderTarget = T; }
    pass { VertexShader = PostProcessVS; PixelShader = Accumulate; RenderTarget = T; }
    pass { VertexShader = PostProcessVS; PixelShader = Show; }
}
"#,
        analysis::DiagnosticCode::RenderTargetSampled,
        [128, 128, 64, 255],
    );
}

#[test]
fn a_render_target_without_a_pixel_shader_output_keeps_what_it_held() {
    // ReShade accepts a pass whose pixel shader writes fewer outputs than it has targets;
    // fxbench warns and leaves the unwritten target as it was. Pass 1 fills B with 0.5, pass 2
    // renders A and B but writes only A (1.0), pass 3 shows B * A.
    assert_fx_renders(
        "unwritten",
        r#"#include "ReShade.fxh"
texture A { Width = 8; Height = 8; Format = RGBA8; };
texture B { Width = 8; Height = 8; Format = RGBA8; };
sampler SA { Texture = A; };
sampler SB { Texture = B; };
float4 Half(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return 0.5; }
float4 OnlyA(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target0 { return 1.0; }
float4 Show(float4 p : SV_Position, float2 uv : TEXCOORD) : SV_Target { return tex2D(SB, uv) * tex2D(SA, uv); }
technique X < enabled = true; >
{
    pass { VertexShader = PostProcessVS; PixelShader = Half; RenderTarget = B; }
    pass { VertexShader = PostProcessVS; PixelShader = OnlyA; RenderTarget0 = A; RenderTarget1 = B; }
    pass { VertexShader = PostProcessVS; PixelShader = Show; }
}
"#,
        analysis::DiagnosticCode::PixelShaderOutputMismatch,
        [128, 128, 128, 128],
    );
}
